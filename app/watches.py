# mypy: disable-error-code="no-untyped-call"
# (Chainlit's API is untyped.)
"""Watched decisions in the chat (`planrag.watch`): *Watch this decision* under a verdict
its check ranked asks how often and which Slack channel, then makes the watch as the
signed-in person (the open chat's: this machine's operator); `/watches` (or *Your watches*)
lists the person's own watches, each with *Stop watching*.

Offered only where a watch can post: with the Slack app's token (SLACK_BOT_TOKEN) and the
history database, which keeps the watches. What a button sends is read as anything a page
may send: `add_watch` checks the dataset, the check and its parameters against the person,
and a watch is stopped only by its owner."""

from __future__ import annotations

import asyncio
import os
import re
from typing import TYPE_CHECKING, Any

import chainlit as cl

from app.steps import RunView, avatar, plural
from planrag.errors import PlanRAGError
from planrag.markup import code_span, escape
from planrag.settings import Settings

if TYPE_CHECKING:
    from app.web import ChatSession
    from planrag.watch import Watch, WatchBook

__all__ = ["ASK_S", "EVERY", "list_watches", "offer_watch", "stop_watching",
           "watch_decision", "watchable"]

EVERY = {"Every hour": 3600, "Every day": 86400, "Every week": 7 * 86400}
"""The intervals the chat offers, by their buttons' labels."""
ASK_S = 300
"""How long the chat waits for the interval and for the channel."""
_CHANNEL = re.compile(r"[CGD][A-Z0-9]{6,20}")
"""A Slack channel's id as `planrag.watch` takes one (C0123ABCD)."""
_LISTED = "planrag_watch_items"
"""The session's listed watches (id -> its message), rewritten when one is stopped."""


def _may_post(settings: Settings) -> bool:
    """Whether a watch made here could post: Slack's token is set and history is on."""
    from planrag.store import history_url

    return bool(os.environ.get("SLACK_BOT_TOKEN")) and history_url(settings) is not None


def watchable(settings: Settings, view: RunView, dataset: str) -> dict[str, Any] | None:
    """What *Watch this decision* sends for the run `view` showed (its dataset, the check
    that ranked its answer and the parameters it ran with); None when there is nothing to
    watch: no verdict (a question of fact, no check), a check the assistant proposed and
    nobody saved (a watch re-runs the dataset's own checks), or nowhere to post."""
    check, answer = view.check, view.answer
    if check is None or answer is None or answer.factual or not check.check_id:
        return None
    if check.check_origin == "proposed" or not _may_post(settings):
        return None
    params = {str(k): v if isinstance(v, str | int | float | bool) or v is None else str(v)
              for k, v in check.parameters}
    return {"dataset": dataset, "decision": str(check.check_id), "params": params}


async def offer_watch(session: ChatSession, view: RunView, dataset: str) -> None:
    """*Watch this decision* under the verdict of a run whose answer its check ranked
    (`watchable`), and *Your watches* beside it when the person has some."""
    message = view.answer_message
    payload = watchable(session.settings, view, dataset)
    if message is None or payload is None:
        return
    actions = [cl.Action(name="watch_decision", payload=payload, label="Watch this decision",
                         tooltip="re-check it on a schedule and post to Slack when the best "
                         "decision changes")]
    try:
        mine = await _mine(session)  # stopped ones too: each says why
    except PlanRAGError:
        mine = []
    if mine:
        actions.append(cl.Action(name="your_watches", payload={}, label="Your watches",
                                 tooltip="see and stop the decisions you watch"))
    for action in actions:
        await action.send(for_id=message.id)


async def watch_decision(session: ChatSession, payload: dict[str, Any]) -> None:
    """The *Watch this decision* button: how often (buttons), which Slack channel (typed),
    then the watch, made as the person; a refusal, a cancel or no answer in time is one
    line and nothing is made."""
    emitter = cl.context.emitter
    cl.context.session.current_task = asyncio.current_task()
    await emitter.task_start()
    try:
        await _watch(session, payload)
    finally:  # an ask starts the page's task again once answered: end it
        await emitter.task_end()


async def _watch(session: ChatSession, payload: dict[str, Any]) -> None:
    from planrag.engine.session import require_access
    from planrag.watch import add_watch
    from planrag.watch.firing import span

    dataset, decision, params = (payload.get(k) for k in ("dataset", "decision", "params"))
    if not isinstance(dataset, str) or not isinstance(decision, str) or \
            not isinstance(params, dict):
        await _say("Nothing is watched: that button does not name a decision.")
        return
    try:
        require_access(session.access(), dataset)
    except PlanRAGError as exc:
        await _say(f"Nothing is watched: {_sentence(exc)}")
        return
    what = _what(session.settings, dataset, decision, params)
    every = await _ask_every(what)
    if every is None:
        return
    channel = await _ask_channel()
    if channel is None:
        return
    try:
        book = await _book(session.settings)
        watch = await add_watch(session.settings, book, owner=session.user, dataset=dataset,
                                decision=decision, params=params, every_s=every,
                                channel=channel)
    except PlanRAGError as exc:
        await _say(f"Nothing is watched: {_sentence(exc)}")
        return
    mine = cl.Action(name="your_watches", payload={}, label="Your watches",
                     tooltip="see and stop the decisions you watch")
    await cl.Message(content=f"Watching {what} every {span(watch.every_s)}, posted to Slack "
                     f"{code_span(channel)}: {code_span(watch.id)}; its first run posts the "
                     "current best.", actions=[mine], metadata=avatar()).send()


async def _ask_every(what: str) -> int | None:
    """How often, picked with a button (None: cancelled, or not answered in time)."""
    question = f"How often should {what} be checked?"
    asked = cl.AskActionMessage(
        content=f"{question} Its first check posts the current best to Slack; later ones "
        "post only when the best decision changes or its lead moves.",
        actions=[*(cl.Action(name="watch_every", payload={"every": s}, label=label)
                   for label, s in EVERY.items()),
                 cl.Action(name="watch_every", payload={"every": 0}, label="Cancel")],
        timeout=ASK_S)
    answer = await asked.send()
    picked: dict[str, Any] = dict(answer.get("payload") or {}) if answer else {}
    label = next((k for k, v in EVERY.items() if v == picked.get("every")), None)
    said = f"**{label}**." if label else "_Cancelled._" if answer else "_Not answered._"
    asked.content = f"{question} {said}"
    await asked.update()
    if label is None:
        await _say("Nothing is watched: " + ("cancelled." if answer else
                                             f"no interval was picked within "
                                             f"{ASK_S // 60} minutes."))
        return None
    return EVERY[label]


async def _ask_channel() -> str | None:
    """The Slack channel's id, typed (None: cancelled, or not answered in time). What is
    no channel's id is refused here, in the chat's words."""
    asked = cl.AskUserMessage(
        content="Which Slack channel should it post to? Type the channel's id, such as "
        "`C0123ABCD` (in Slack, the channel's details show it at the bottom; the app must be "
        "in the channel), or `cancel`.", timeout=ASK_S)
    answer = await asked.send()
    if answer is None:
        await _say(f"Nothing is watched: no channel was given within {ASK_S // 60} minutes.")
        return None
    typed = " ".join(str(answer.get("output") or "").split())
    if typed.lower() in ("", "cancel"):
        await _say("Nothing is watched: cancelled.")
        return None
    if not _CHANNEL.fullmatch(typed):
        await _say(f"Nothing is watched: {code_span(typed[:40])} is not a Slack channel's id; "
                   "ids look like `C0123ABCD` (in Slack, the channel's details show it at "
                   "the bottom). Click **Watch this decision** again to give another.")
        return None
    return typed


async def list_watches(session: ChatSession) -> None:
    """`/watches`, *Your watches*: the person's watches, one message each with *Stop
    watching* (what it checks, how often, where it posts, what it last found)."""
    try:
        mine = await _mine(session)
    except PlanRAGError as exc:
        await _say(f"Your watches cannot be read: {_sentence(exc)}")
        return
    if not mine:
        hint = ("**Watch this decision**, under an answer its check ranked, starts one."
                if _may_post(session.settings) else
                "Watching needs the Slack app (SLACK_BOT_TOKEN), which is not set up here.")
        await _say(f"You watch no decisions. {hint}")
        return
    running = sum(w.stopped is None for w in mine)
    await _say(f"Your watches: {plural(running, 'running')}"
               + (f", {len(mine) - running} stopped" if running < len(mine) else "")
               + ". Each posts to Slack when its best decision changes.")
    listed: dict[str, cl.Message] = {}
    for watch in mine:
        stop = cl.Action(name="stop_watching", payload={"watch": watch.id},
                         label="Remove" if watch.stopped else "Stop watching",
                         tooltip=f"stop and forget {watch.id}")
        message = cl.Message(content=_item(session.settings, watch), actions=[stop],
                             metadata=avatar())
        await message.send()
        listed[watch.id] = message
    cl.user_session.set(_LISTED, {**(cl.user_session.get(_LISTED) or {}), **listed})


async def stop_watching(session: ChatSession, watch_id: str) -> None:
    """*Stop watching*: the watch removed, when it is the person's own; its line in the
    list says so."""
    try:
        book = await _book(session.settings)
        watch = await book.get(watch_id)
        if watch is None or watch.owner != session.user or not await book.remove(watch.id):
            await _say(f"You have no watch {code_span(watch_id[:20])} (any more); `/watches` "
                       "lists yours.")
            return
        await book.store.audit(watch.owner or "(operator)", watch.dataset,
                               f"watch:{watch.id}", "watch", watch=watch.id,
                               found="removed from the chat", posted="nothing")
    except PlanRAGError as exc:
        await _say(f"The watch was not stopped: {_sentence(exc)}")
        return
    what = _what(session.settings, watch.dataset, watch.decision, watch.params)
    said = f"**Stopped watching** {what} ({code_span(watch.id)}): nothing more is posted."
    listed: dict[str, cl.Message] = cl.user_session.get(_LISTED) or {}
    message = listed.pop(watch.id, None)
    if message is None:
        await _say(said)
        return
    await message.remove_actions()
    message.actions, message.content = [], said
    await message.update()


async def _book(settings: Settings) -> WatchBook:
    """The watches of the team's store, whose tables the chat made at its start."""
    from planrag.store import history_url, shared_store
    from planrag.watch import WatchBook, open_book

    url = history_url(settings)
    return WatchBook(shared_store(url)) if url is not None else await open_book(settings)


async def _mine(session: ChatSession) -> list[Watch]:
    return await (await _book(session.settings)).all(session.user)


def _what(settings: Settings, dataset: str, decision: str, params: dict[str, Any]) -> str:
    """A watched check for people (Markdown), as its Slack posts name it (its title and its
    dataset's), and the parameters it runs with."""
    from planrag.watch.firing import check_title

    try:
        title = check_title(settings, dataset, decision)
    except PlanRAGError:
        title = f"{decision} \u2014 {dataset}"
    given = ", ".join(f"{k}={v}" for k, v in params.items() if v is not None)
    return f"**{escape(title, 'markdown')}**" + (
        f" ({escape(given, 'markdown')})" if given else "")


def _item(settings: Settings, watch: Watch) -> str:
    """One watch in the list: what, how often, where, and what it last found."""
    from planrag.watch.firing import span

    status = escape(watch.status, "markdown")
    if watch.state.get("unsent") and not watch.stopped:
        status += "; a post Slack did not take is tried again at the next run"
    where = f"Slack {code_span(watch.channel)}" if watch.channel else "printed by the operator"
    return (f"{_what(settings, watch.dataset, watch.decision, watch.params)} \u00b7 every "
            f"{span(watch.every_s)} \u00b7 {where} \u00b7 {status} \u00b7 {code_span(watch.id)}")


def _sentence(exc: Exception) -> str:
    """A refusal's one line as a sentence of the chat's (Markdown)."""
    text = " ".join(str(exc).split())
    return escape(text if text.endswith((".", "!", "?")) else text + ".", "markdown")


async def _say(text: str) -> None:
    await cl.Message(content=text, metadata=avatar()).send()
