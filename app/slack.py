"""The assistant in Slack, through Chainlit's Slack integration.

Slack shows no steps and cannot ask with buttons here, so a run is posted as thread messages:
the plan, a condensed trace of the queries, and the answer with the simulator's check. A
proposed re-plan is asked as a question in the thread; the run is paused and its state stored
durably under the thread (`app.run_store`), and the person's reply in the thread (approve /
keep) resumes it, in whatever request or process receives that reply.

Who starts what:

* a mention of the bot (`app_mention`) or a direct message asks a question; in a thread where
  the assistant has answered before, it is a follow-up with that thread's earlier turns;
* in a thread with a paused run, a reply is the answer to the re-plan: *approve* or *keep*,
  anything else gets a hint and the run stays paused. Two simultaneous answers resume the run
  once; the other is told which answer came first;
* other channel messages (chatter, replies in threads that are not waiting) start nothing.

`attach` puts a gate in front of Chainlit's handlers, after Bolt has checked the request's
signature and age: it drops what starts nothing before Chainlit opens a session for it, and
it claims each event id in the store so a retried or duplicated delivery (Slack retries when
the first answer is slow) starts nothing twice, even in another process.
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from pathlib import Path
from typing import Any

import chainlit as cl

from app.run_store import PausedRun, RunStore, open_store
from planrag.engine.events import (
    AnswerProposed,
    AwaitingConfirmation,
    Event,
    PlanMade,
    QueryFailed,
    QueryFinished,
    QueryRefused,
    ReplanDecided,
    ReplanProposed,
    RunFailed,
    RunFinished,
    RunStarted,
    SimulatorChecked,
)
from planrag.engine.render import stop_text
from planrag.engine.verdict import answer_lines
from planrag.errors import PlanRAGError
from planrag.settings import Settings
from planrag.store import Auditor, history_url, shared_store
from planrag.users import SlackAccess

__all__ = ["attach", "handle_slack_message", "route", "store_for"]

log = logging.getLogger("planrag.slack")

APPROVE = {"approve", "approved", "yes", "y", "ok", "okay", "go", "go ahead", "sure"}
KEEP = {"keep", "no", "n", "reject", "keep the current plan", "stay", "don't", "do not"}

EVENT_TTL_S = 24 * 3600
"""How long an event id is remembered (Slack retries three times within minutes)."""
HISTORY_TURNS = 6
"""How many earlier turns of a thread a follow-up question gets."""

HINT = ("A new plan is waiting for your answer in this thread: reply *approve* to follow it or "
        "*keep* to stay with the current plan.")
NO_PLAN = ("There is no plan waiting for your approval in this thread (its run has finished, "
           "or none was asked here). Mention me with a decision question to start one.")
BUSY = ("I am still working on the previous question in this thread; ask again when it has "
        "been answered.")

# Message subtypes that are a person writing (others: edits, deletions, joins, bots...).
_PLAIN = {None, "file_share", "thread_broadcast"}

_STORES: dict[tuple[str | None, Path], RunStore] = {}
_BOT: dict[str, str] = {}
"""The bot's own user id, as Bolt's authorization found it (to spot mentions of it)."""


def store_for(settings: Settings) -> RunStore:
    """The process's one store for these settings (opened on first use, closed by
    `close_stores`)."""
    where = (settings.run_store, settings.data_dir)
    if where not in _STORES:
        _STORES[where] = open_store(*where)
    return _STORES[where]


async def close_stores() -> None:
    while _STORES:
        _, store = _STORES.popitem()
        try:
            await store.close()
        except Exception as exc:  # closing one must not keep the others open
            log.warning("closing the run store failed: %s", exc)


def _lease(settings: Settings) -> float:
    """How long a run may hold its thread: a run's own time limit and a margin."""
    return settings.run_timeout_s + 300


def thread_key(event: dict[str, Any]) -> str:
    channel = str(event.get("channel", "unknown"))
    thread = str(event.get("thread_ts") or event.get("ts") or "unknown")
    return f"slack:{channel}:{thread}"


def route(event: dict[str, Any], bot_user_id: str | None) -> str | None:
    """What a Slack event is to the assistant: `mention`, `direct` (a direct message),
    `reply` (a plain reply in a channel thread: it counts only where a run waits or has
    answered), or None (nothing to do)."""
    kind = event.get("type")
    if kind == "app_mention":  # people, and workflows that mention the bot
        return "mention" if event.get("user") or event.get("bot_id") else None
    if kind != "message" or event.get("subtype") not in _PLAIN:
        return None
    if event.get("bot_id") or not event.get("user"):
        return None
    if event.get("channel_type") == "im":
        return "direct"  # Slack sends no app_mention in direct messages
    if bot_user_id and f"<@{bot_user_id}>" in str(event.get("text") or ""):
        return None  # Slack also sends this as an app_mention: it is answered there
    thread = event.get("thread_ts")
    if thread and thread != event.get("ts"):
        return "reply"
    return None  # channel chatter


def _words(text: str) -> str:
    text = re.sub(r"<@[A-Z0-9]+>", "", text)
    return re.sub(r"[^\w' ]+", " ", text).strip().lower()


def _is_answer(text: str) -> bool:
    words = _words(text)
    return words in APPROVE or words in KEEP


# -- the gate in front of Chainlit's handlers --------------------------------------------


def attach(slack_app: Any, settings: Settings) -> None:
    """Install the gate on Chainlit's Bolt app (once) and close the stores at shutdown."""
    if getattr(slack_app, "_planrag_gate", False):
        return
    slack_app._planrag_gate = True

    async def gate(body: dict[str, Any], context: Any, next: Any) -> Any:
        from slack_bolt.response import BoltResponse

        event = body.get("event") if body.get("type") == "event_callback" else None
        if not isinstance(event, dict) or event.get("type") not in ("message", "app_mention"):
            return await next()
        bot = context.get("bot_user_id") or _authorized_user(body)
        if bot:
            _BOT["id"] = bot
        kind = route(event, bot)
        if kind is None:
            return BoltResponse(status=200, body="")
        try:
            if kind == "reply" and not await _reply_counts(settings, event):
                return BoltResponse(status=200, body="")
            token = body.get("event_id") or "{channel}:{ts}:{type}".format_map(
                {k: event.get(k) for k in ("channel", "ts", "type")})
            if not await store_for(settings).claim(f"slack-event:{token}", EVENT_TTL_S):
                log.info("Slack event %s was already delivered; skipped", token)
                return BoltResponse(status=200, body="")
        except Exception as exc:  # the store is down: the handler says so where it matters
            log.warning("Slack event kept without de-duplication: %s", exc)
            if kind == "reply" and not _is_answer(str(event.get("text") or "")):
                return BoltResponse(status=200, body="")  # chatter: nothing to tell
        return await next()

    slack_app.use(gate)

    previous = _shutdown_hook()

    async def shutdown() -> None:
        try:
            if previous is not None:
                await previous()
        finally:
            await close_stores()

    cl.on_app_shutdown(shutdown)


def _shutdown_hook() -> Any:
    from chainlit.config import config

    return config.code.on_app_shutdown


def _authorized_user(body: dict[str, Any]) -> str | None:
    for auth in body.get("authorizations") or ():
        if isinstance(auth, dict) and auth.get("is_bot") and auth.get("user_id"):
            return str(auth["user_id"])
    return None


async def _reply_counts(settings: Settings, event: dict[str, Any]) -> bool:
    """Whether a plain reply in a channel thread is for the assistant."""
    store = store_for(settings)
    key = thread_key(event)
    if await store.get(key) is not None:
        return True  # the answer to a waiting re-plan (or a hint about it)
    # An answer-like reply in a thread the assistant answered in gets a clear message.
    return _is_answer(str(event.get("text") or "")) and await store.turns(key) is not None


# -- a message that passed the gate -----------------------------------------------------


async def say(text: str) -> None:
    await cl.Message(content=text).send()  # type: ignore[no-untyped-call]


async def handle_slack_message(settings: Settings, text: str) -> None:
    event = cl.user_session.get("slack_event") or {}  # type: ignore[no-untyped-call]
    kind = route(event, _BOT.get("id"))
    if kind is None:
        return
    try:
        await _handle(settings, event, kind, text)
    except PlanRAGError as exc:  # e.g. the store cannot be reached: say so in the thread
        await say(f"I cannot handle this message now: {exc}")


async def _handle(settings: Settings, event: dict[str, Any], kind: str, text: str) -> None:
    key = thread_key(event)
    store = store_for(settings)
    words = _words(text)
    if words in APPROVE or words in KEEP:
        answer = "approve" if words in APPROVE else "keep"
        waiting = await store.get(key)
        if waiting is not None and _slack_dataset(settings, event,
                                                  waiting.context.get("dataset")) is None:
            await say(_refusal(event))  # only someone allowed the run's dataset may answer
            return
        taken = await store.take(key, answer, _lease(settings))
        if taken.run is not None:
            await _resume(settings, store, key, taken.run, answer == "approve",
                          str(event.get("user") or ""))
        elif taken.earlier is not None:
            await say(f"The re-plan in this thread was already answered (*{taken.earlier}*); "
                      "the run goes on with that answer.")
        elif kind != "reply" or await store.turns(key) is not None:
            await say(NO_PLAN)
        return
    if await store.get(key) is not None:
        await say(HINT)  # the run stays paused
        return
    if kind == "reply":
        return  # chatter in a thread whose run has finished
    question = re.sub(r"<@[A-Z0-9]+>", "", text).strip()
    if not question:
        await say("Ask me a decision question about the data, e.g. _Where should SWE place "
                  "its merchant?_")
        return
    dataset = _slack_dataset(settings, event)
    if dataset is None:
        await say(_refusal(event))
        return
    await _run(settings, store, key, question, dataset, str(event.get("user") or ""))


def _slack_dataset(settings: Settings, event: dict[str, Any],
                   wanted: str | None = None) -> str | None:
    """The dataset a question from this event's sender and channel is about (`wanted`: must
    be that one), under PLANRAG_SLACK_ACCESS; None when they may not ask about it. Without
    the setting, everyone in the workspace may ask about the assistant's dataset."""
    from planrag.runtime import check_dataset_setting, registry

    reg = registry(settings)
    default = check_dataset_setting(settings, reg).id
    if not settings.slack_access:
        return wanted or default
    rules = SlackAccess.parse(settings.slack_access)
    user, channel = str(event.get("user") or ""), str(event.get("channel") or "")
    if wanted is not None:
        return wanted if rules.access(user, channel).allows(wanted) else None
    return rules.dataset_for(user, channel, default, reg.ids())


def _refusal(event: dict[str, Any]) -> str:
    who = f"<@{event['user']}>" if event.get("user") else "you"
    return (f"Sorry {who}, you are not on the list of people who may ask me about this data. "
            "The person who runs PlanRAG Assistant can add you (PLANRAG_SLACK_ACCESS).")


async def _run(settings: Settings, store: RunStore, key: str, question: str,
               dataset: str, user: str = "") -> None:
    from planrag.engine.session import engine_config, open_engine
    from planrag.engine.state import Turn
    from planrag.locations import default_target
    from planrag.runtime import registry

    model = _model(settings)
    if model is None:
        await say("No model is configured for this assistant yet: set PLANRAG_MODEL and an "
                  "endpoint (see the README).")
        return
    busy = f"busy:{key}"
    if not await store.claim(busy, _lease(settings)):
        await say(BUSY)
        return
    try:
        turns = await store.turns(key) or []
        await store.save_turns(key, turns)  # the thread is the assistant's from now on
        history = [Turn.model_validate(t) for t in turns[-HISTORY_TURNS:]]
        target = default_target(settings, registry(settings).get(dataset))
        context = {"dataset": dataset, "target": target, "question": question}
        async with open_engine(settings, dataset, target, model,
                               engine_config(settings)) as engine:
            await _render(engine.run(question, history=history), store, key, context,
                          _auditor(settings, user, dataset))
    except PlanRAGError as exc:
        await say(f"I could not answer: {exc}")
    finally:
        await store.release(busy)


async def _resume(settings: Settings, store: RunStore, key: str, paused: PausedRun,
                  approved: bool, user: str = "") -> None:
    from planrag.engine.session import engine_config, open_engine

    busy = f"busy:{key}"
    for _ in range(30):  # the run that paused lets go of the thread right after pausing
        if await store.claim(busy, _lease(settings)):
            break
        await asyncio.sleep(0.1)
    outcome = None
    try:
        model = _model(settings)
        if model is None:
            await say("No model is configured any more, so the run cannot go on; once one is "
                      "configured, reply *approve* or *keep* again.")
            return
        context = paused.context
        async with open_engine(settings, context["dataset"], context["target"], model,
                               engine_config(settings)) as engine:
            outcome = await _render(engine.resume(paused.state, approved), store, key, context,
                                    _auditor(settings, user, context["dataset"],
                                             paused.state))
    except PlanRAGError as exc:
        await say(f"I could not resume the run: {exc}. The plan is still waiting: reply "
                  "*approve* or *keep* to try again.")
    finally:
        if outcome is None:  # it neither paused again nor ended: the answer can be given again
            await store.put(key, paused)
        await store.release(busy)


def _model(settings: Settings) -> Any:
    from planrag.engine.session import model_from_settings

    return model_from_settings(settings) if settings.model_configured else None


def _auditor(settings: Settings, user: str, dataset: str,
             paused_state: str | None = None) -> Auditor:
    """The audit trail of a Slack run: who (as `slack:<user id>`) asked or answered."""
    url = history_url(settings)
    return Auditor(shared_store(url) if url else None, f"slack:{user or 'unknown'}", dataset,
                   paused_state)


async def _render(events: Any, store: RunStore, key: str, context: dict[str, Any],
                  auditor: Auditor | None = None) -> str | None:
    """Post a run's events in the thread (each also to the audit trail); returns how it
    stopped (`paused`, `finished`, `failed`), or None when the events ended without
    saying."""
    trace: list[str] = []
    proposed: ReplanProposed | None = None
    answer: AnswerProposed | None = None
    decided: AnswerProposed | None = None
    outcome: str | None = None
    scripted = False
    async for event in events:
        event: Event  # type: ignore[no-redef]
        if auditor is not None:
            await auditor.record(event)
        if isinstance(event, RunStarted):
            scripted = event.scripted
        elif isinstance(event, PlanMade):
            title = "Plan" if event.revision == 0 else f"New plan (revision {event.revision})"
            steps = "\n".join(f"{i + 1}. {s.goal}" for i, s in enumerate(event.steps))
            await say(f"*{title}*{' (scripted)' if scripted else ''}\n{steps}")
        elif isinstance(event, QueryFinished):
            trace.append(f"{event.query_id}: {event.total_rows} rows, {event.elapsed_ms:.0f} ms")
        elif isinstance(event, QueryRefused):
            trace.append(f"{event.query_id}: refused ({event.rule})")
        elif isinstance(event, QueryFailed):
            trace.append(f"{event.query_id}: failed ({event.error[:80]})")
        elif isinstance(event, ReplanProposed):
            proposed = event
        elif isinstance(event, AwaitingConfirmation):
            await _flush(trace)
            await store.put(key, PausedRun(event.state, context, time.time()))
            new = "\n".join(f"{i + 1}. {s.goal}" for i, s in
                            enumerate(proposed.new_steps if proposed else ()))
            reason = proposed.reason if proposed else event.question
            await say(f"*Re-plan proposed:* {reason}\n{new}\n\nReply *approve* to follow the "
                      "new plan, or *keep* to stay with the current one.")
            outcome = "paused"
        elif isinstance(event, ReplanDecided):
            verdict = "approved" if event.approved else "kept the current plan"
            await say(f"Re-plan {verdict}.")
        elif isinstance(event, AnswerProposed):
            answer = decided = event
        elif isinstance(event, SimulatorChecked):
            await _flush(trace)
            await say(_answer_text(answer, event, scripted))
            answer = None
        elif isinstance(event, RunFinished):
            await _flush(trace)
            if answer is not None:
                await say(_answer_text(answer, None, scripted, event.check_note))
            elif event.decision is None:
                await say(f"No decision was reached: {stop_text(event.stop_reason)}.")
            await store.delete(key)
            if decided is not None:
                await _add_turn(store, key, context["question"], decided)
            outcome = "finished"
        elif isinstance(event, RunFailed):
            await _flush(trace)
            await say(f"Something went wrong while {event.stage}: {event.message}")
            await store.delete(key)
            outcome = "failed"
    await _flush(trace)
    return outcome


async def _add_turn(store: RunStore, key: str, question: str, answer: AnswerProposed) -> None:
    decision = answer.decision
    if not isinstance(decision, (str, int, float, bool, type(None))):
        decision = str(decision)
    turns = await store.turns(key) or []
    turns.append({"question": question, "decision": decision, "rationale": answer.rationale})
    await store.save_turns(key, turns[-2 * HISTORY_TURNS:])


async def _flush(trace: list[str]) -> None:
    if trace:
        await say("Queries: " + "; ".join(trace))
        trace.clear()


def _answer_text(answer: AnswerProposed | None, check: SimulatorChecked | None,
                 scripted: bool, note: str = "") -> str:
    """The answer, verdict first, as every front end says it (planrag.engine.verdict)."""
    return "\n".join(answer_lines(answer, check, note, style="slack", scripted=scripted))
