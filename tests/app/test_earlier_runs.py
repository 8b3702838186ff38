"""A reloaded page stops the question its earlier page was still answering, whichever comes
first: the new page's start, or its first question (sent the moment the page is ready, which
Chainlit handles side by side with the start). A duplicated tab's run goes on."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest

from app import pages as web
from app.pages import Page, Stopped, stop_earlier_run

USER = "carol"
_CURRENT: list[Any] = []
"""The stand-in for Chainlit's context while a test runs."""


@pytest.fixture()
def pages(monkeypatch: pytest.MonkeyPatch) -> Iterator[set[str]]:
    """The sessions whose page is still connected (every other one has gone); the chat
    session a task runs in is the `session` of a stand-in for Chainlit's context."""
    connected: set[str] = set()
    current = SimpleNamespace(session=SimpleNamespace(id=""))

    async def closed(session_id: str) -> bool:
        return session_id not in connected

    monkeypatch.setattr(web, "cl", SimpleNamespace(context=current))
    monkeypatch.setattr(web, "_closed", closed)
    monkeypatch.setattr(web, "_RUNNING", {})
    monkeypatch.setattr(web, "_SUPERSEDED", {})
    _CURRENT[:] = [current]
    yield connected


async def _ask(session: str, page: Page, question: str, gate: asyncio.Event) -> Any:
    """A question answered in chat `session` until `gate` opens (or it is stopped)."""
    async def run() -> str:
        _CURRENT[0].session.id = session
        web.mark_running(USER, page, question, "demo-retail")
        try:
            await gate.wait()
            return "answered"
        finally:
            web.mark_finished(USER, page)

    task = asyncio.create_task(run())
    await asyncio.sleep(0)  # it registers before anything else happens
    return task


def _page(tab: str, load: str | None = None) -> Page:
    return Page(tab, load or str(uuid.uuid4()), "")


async def test_a_reload_stops_the_earlier_question_before_a_new_one(pages: set[str]) -> None:
    tab, gate = str(uuid.uuid4()), asyncio.Event()
    old = await _ask("s1", _page(tab), "where?", gate)
    stopped = await stop_earlier_run(USER, _page(tab), "s2")
    assert stopped == Stopped("where?", "demo-retail", reloaded=True)
    with pytest.raises(asyncio.CancelledError):
        await old
    assert not web._RUNNING and not web._SUPERSEDED


async def test_a_first_question_sent_before_the_start_got_there(pages: set[str]) -> None:
    """The race of a question sent the moment a reloaded page is ready: its run takes the
    tab's place first; the start still finds the earlier run, stops it and says so, and the
    new question goes on."""
    tab, gate = str(uuid.uuid4()), asyncio.Event()
    old = await _ask("s1", _page(tab), "where first?", gate)
    reloaded = _page(tab)
    new = await _ask("s2", reloaded, "where now?", gate)
    stopped = await stop_earlier_run(USER, reloaded, "s2")
    assert stopped == Stopped("where first?", "demo-retail", reloaded=True)
    with pytest.raises(asyncio.CancelledError):
        await old
    assert not new.done() and web._RUNNING[USER, tab].question == "where now?"
    assert not web._SUPERSEDED
    gate.set()
    assert await new == "answered"
    assert not web._RUNNING
    # Asked once more, nothing is stopped twice.
    assert await stop_earlier_run(USER, _page(tab), "s3") is None


async def test_a_new_chat_of_the_same_page_says_so(pages: set[str]) -> None:
    tab, load, gate = str(uuid.uuid4()), str(uuid.uuid4()), asyncio.Event()
    old = await _ask("s1", _page(tab, load), "where?", gate)
    assert await stop_earlier_run(USER, _page(tab, load), "s2") == Stopped(
        "where?", "demo-retail", reloaded=False)
    with pytest.raises(asyncio.CancelledError):
        await old


async def test_a_duplicated_tab_leaves_the_original_running(pages: set[str]) -> None:
    """A duplicated tab carries the same tab id while the original still shows its run: the
    original goes on, whether the copy's start or its first question comes first, and is
    forgotten once it ends."""
    tab, gate = str(uuid.uuid4()), asyncio.Event()
    pages.add("s1")
    original = await _ask("s1", _page(tab), "where?", gate)
    copy = _page(tab)
    assert await stop_earlier_run(USER, copy, "s2") is None
    second = await _ask("s2", copy, "and here?", gate)
    assert await stop_earlier_run(USER, copy, "s2") is None
    assert not original.done() and not second.done()
    gate.set()
    assert await original == "answered" and await second == "answered"
    assert not web._RUNNING and not web._SUPERSEDED


async def test_another_persons_tab_id_finds_nothing(pages: set[str]) -> None:
    tab, gate = str(uuid.uuid4()), asyncio.Event()
    old = await _ask("s1", _page(tab), "where?", gate)
    assert await stop_earlier_run("mallory", _page(tab), "s2") is None
    assert await stop_earlier_run(USER, Page(), "s2") is None  # a page that said nothing
    assert not old.done()
    gate.set()
    await old
