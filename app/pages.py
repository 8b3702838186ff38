# mypy: disable-error-code="no-untyped-call"
# (Chainlit's API is untyped.)
"""A chat page, its tab, and their runs across reloads: what public/planrag.js says about
the page a session belongs to (`Page`), and the question a tab's earlier page was still
answering, stopped when that page has gone (`stop_earlier_run`)."""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass
from http.cookies import CookieError, SimpleCookie
from typing import Any
from urllib.parse import unquote

import chainlit as cl

__all__ = ["Page", "Stopped", "browser_cookies", "mark_finished", "mark_running", "page_of",
           "stop_earlier_run"]


_PAGE_ID = re.compile(r"[A-Za-z0-9-]{8,64}")
_DATASET_ID = re.compile(r"[a-z][a-z0-9-]{0,40}")


@dataclass(frozen=True)
class Page:
    """What public/planrag.js says about the page a chat session belongs to. It is handed over
    in Chainlit's userEnv, which the page reads once when it loads and sends with every
    connection it makes (a New chat, a reconnection), so each page speaks for itself: a cookie
    is shared by every tab of the browser."""

    tab: str = ""
    """The tab's id: kept over a reload of the tab (sessionStorage), new in a new tab; "" when
    the page said nothing (its earlier runs are then never looked for)."""
    load: str = ""
    """The page load's id: the same for every chat of that page (New chat keeps it)."""
    dataset: str = ""
    """The dataset the page's first screen was made for (its sample questions: the
    `planrag_dataset` cookie when the page loaded; "" when there was none: the default's)."""


def page_of(user_env: Any) -> Page:
    """The page a session's userEnv describes; what does not fit is dropped (it comes from the
    page, so anyone can send anything)."""
    env = user_env if isinstance(user_env, dict) else {}

    def value(key: str, pattern: re.Pattern[str]) -> str:
        text = env.get(key)
        return text if isinstance(text, str) and pattern.fullmatch(text) else ""

    tab = value("planrag_tab", _PAGE_ID)
    if not tab:
        return Page()
    return Page(tab, value("planrag_page", _PAGE_ID), value("planrag_dataset", _DATASET_ID))


@dataclass(frozen=True)
class _Run:
    session: str
    """The chat session answering (Chainlit's session id: one per chat of a page)."""
    load: str
    task: asyncio.Task[Any]
    question: str
    dataset: str


@dataclass(frozen=True)
class Stopped:
    """A question an earlier chat of this tab was still answering, stopped."""

    question: str
    """As the person sent it (a sample question's label, not its whole text)."""
    dataset: str
    """The dataset it was asked on (asked again there, or said to belong there)."""
    reloaded: bool
    """Whether its page was reloaded (else the tab's page started a new chat)."""


_RUNNING: dict[tuple[str, str], _Run] = {}
"""(Person, tab id) -> the run a chat of that tab is answering. Keyed by the person too: the
tab id comes from the page and anyone can make one up, so it only ever finds that person's
own run; and never by the browser, whose tabs are conversations of their own."""

_SUPERSEDED: dict[tuple[str, str], _Run] = {}
"""(Person, tab id) -> a run of another chat of that tab that a newer chat's question took the
place of in `_RUNNING` before the newer chat's start could stop it: a question sent the moment
a reloaded page is ready reaches the app while its start still waits for the old page's
connection to close (Chainlit runs the two side by side)."""

CLOSE_WAIT_S = 2.0
"""How long a reloaded page's earlier run waits for its old page's connection to close."""


def browser_cookies(environ: Any) -> dict[str, str]:
    """The cookies of the page's connection (its WSGI environ), by name."""
    raw = environ.get("HTTP_COOKIE", "") if isinstance(environ, dict) else ""
    jar: SimpleCookie = SimpleCookie()
    try:
        jar.load(raw)
    except CookieError:
        return {}
    return {name: unquote(morsel.value) for name, morsel in jar.items()}


def mark_running(user: str, page: Page, question: str, dataset: str) -> None:
    task = asyncio.current_task()
    if page.tab and task is not None:
        key = (user, page.tab)
        session = cl.context.session.id
        earlier = _RUNNING.get(key)
        if earlier is not None and earlier.session != session and not earlier.task.done():
            _SUPERSEDED[key] = earlier  # the newer chat's start decides whether it stops
        _RUNNING[key] = _Run(session, page.load, task, question, dataset)


def mark_finished(user: str, page: Page) -> None:
    task = asyncio.current_task()
    for table in (_RUNNING, _SUPERSEDED):
        entry = table.get((user, page.tab))
        if entry is not None and entry.task is task:
            del table[user, page.tab]


async def stop_earlier_run(user: str, page: Page, session_id: str) -> Stopped | None:
    """The question an earlier chat of `user`'s tab was still answering, stopped now, if any:
    after a reload (or a New chat) its answer can no longer be shown. Only a run whose page
    has gone counts: a tab the browser duplicated carries the same tab id while the original
    still shows its own run, which goes on. Found also when this chat's own first question
    took its place already (sent before this start got here)."""
    if not page.tab:
        return None
    key = (user, page.tab)
    entry = next((e for e in (_RUNNING.get(key), _SUPERSEDED.get(key))
                  if e is not None and e.session != session_id), None)
    if entry is None or not await _closed(entry.session):
        return None
    held = [table for table in (_RUNNING, _SUPERSEDED) if table.get(key) is entry]
    if not held:
        return None  # it ended (or another chat's start stopped it) meanwhile
    for table in held:
        del table[key]
    if entry.task.done():
        return None
    entry.task.cancel()
    return Stopped(entry.question, entry.dataset, reloaded=entry.load != page.load)


async def _closed(session_id: str) -> bool:
    """Whether the page of Chainlit session `session_id` has gone (its connection closed),
    waiting up to CLOSE_WAIT_S for it: a reloaded page's old connection may close a moment
    after the new page's opens."""
    from chainlit.server import sio
    from chainlit.session import WebsocketSession

    loop = asyncio.get_running_loop()
    deadline = loop.time() + CLOSE_WAIT_S
    while True:
        session = WebsocketSession.get_by_id(session_id)
        if session is None or not sio.manager.is_connected(session.socket_id, "/"):
            return True
        if loop.time() >= deadline:
            return False
        await asyncio.sleep(0.1)
