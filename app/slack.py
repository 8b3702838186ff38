"""The assistant in Slack, through Chainlit's Slack integration.

Slack shows no steps and cannot ask with buttons here, so a run is posted as thread
messages: the plan, a condensed trace of the queries, and the answer with the simulator's
check. A proposed re-plan is asked as a question in the thread; the run is paused and its
state stored durably under the thread (`planrag.service.run_store`), and the person's reply
in the thread (approve / keep) resumes it, in whatever request or process receives that
reply.

Who starts what:

* a mention of the bot (`app_mention`) or a direct message asks a question; in a thread where
  the assistant has answered before, it is a follow-up with that thread's earlier turns;
* in a thread with a paused run, a reply is the answer to the re-plan: *approve* or *keep*,
  anything else gets a hint and the run stays paused. Two simultaneous answers resume the run
  once; the other is told which answer came first;
* other channel messages (chatter, replies in threads that are not waiting) start nothing.

`attach` puts a gate in front of Chainlit's handlers, after Bolt has checked the request's
signature and age: it drops what starts nothing before Chainlit opens a session for it, and
records every message it lets through in the store's journal (`planrag.service.run_store`)
before any work starts, keyed by the message (channel and timestamp), so a retried or
duplicated delivery starts nothing twice, even in another process. The journal keeps a
message's text once (`journal_record`: not Slack's blocks, not again in the run's plan) and
at most the longest question and a margin; a cut message taken up after a crash is told it
was too long.

Nothing is lost with a process: the process working on a message renews its lease in the
journal every few seconds (PLANRAG_RUN_LEASE); when it dies, the lease lapses and the run is
taken over, by every process's sweeper (started with the app, so also by the same app
restarted) or by Slack's retry of the message, whichever comes first, and answered from the
journal: the message handled again, the question asked again from the start, or the paused
run resumed again with the answer it had been given. A thread is busy only while one of its
runs holds a live lease.

Everything a model or the data wrote (plan goals, re-plan reasons, revised plans, query
errors, failures, the answer) is escaped as Slack asks (`&`, `<`, `>` as entities, through
`planrag.markup`, as the answer is): it can never mention a channel or a person, or link.
"""

from __future__ import annotations

import asyncio
import logging
import os
import re
import time
from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from typing import Any

import chainlit as cl

from planrag.engine.events import (
    AnswerChecked,
    AnswerProposed,
    AwaitingConfirmation,
    CheckProposed,
    Event,
    MonitorNoticed,
    PlanMade,
    PlanStep,
    QueryFailed,
    QueryFinished,
    QueryRefused,
    QueryStarted,
    ReplanDecided,
    ReplanProposed,
    RunFailed,
    RunFinished,
    RunStarted,
    SimulatorChecked,
)
from planrag.engine.render import stop_words
from planrag.engine.verdict import answer_lines, proposal_lines
from planrag.errors import PlanRAGError
from planrag.limits import limits_for, question_problem
from planrag.markup import escape
from planrag.service.journal import (
    MAX_ATTEMPTS,
    OWNER,
    Holding,
    close_stores,
    store_for,
)
from planrag.service.run_store import Journaled, PausedRun, RunStore
from planrag.service.runs import Asker, RunService, consent_word, model_for
from planrag.settings import Settings
from planrag.users import SlackAccess

__all__ = ["attach", "handle_slack_message", "journal_record", "route", "store_for"]

log = logging.getLogger("planrag.slack")


HISTORY_TURNS = 6
"""How many earlier turns of a thread a follow-up question gets."""
JOURNAL_TEXT_MARGIN = 1000
"""How many characters beyond the longest question (PLANRAG_MAX_QUESTION_CHARS) the journal
keeps of a message's text: room for mentions and Slack's escapes (`&amp;`) around a question
at the limit."""
_JOURNAL_FIELDS = ("type", "subtype", "user", "bot_id", "channel", "channel_type", "ts",
                   "thread_ts", "event_ts")
"""What the journal keeps of a Slack event besides its text: what routing and answering it
again need (not Slack's blocks, which hold the text again, nor files or attachments)."""

HINT = ("A new plan is waiting for your answer in this thread: reply *approve* to follow it or "
        "*keep* to stay with the current plan.")
NO_PLAN = ("There is no plan waiting for your approval in this thread (its run has finished, "
           "or none was asked here). Mention me with a decision question to start one.")
BUSY = ("I am still working on the previous question in this thread; ask again when it has "
        "been answered.")
AGAIN_QUESTION = ("I was interrupted while answering this (the assistant restarted), so I am "
                  "answering it again from the start.")
AGAIN_RESUME = ("I was interrupted while going on with the re-plan (the assistant restarted), "
                "so I am going on again from where the plan was paused.")
TOO_LONG = ("I could not take this message up again after the assistant restarted: it is too "
            "long ({n:,} characters; a question may have at most {most:,}). Please ask again, "
            "shorter.")
GAVE_UP = ("I could not finish this: the assistant stopped {n} times while working on it. "
           "Please ask again, or tell the person who runs PlanRAG Assistant.")

# Message subtypes that are a person writing (others: edits, deletions, joins, bots...).
_PLAIN = {None, "file_share", "thread_broadcast"}

_TASKS: set[asyncio.Task[None]] = set()
"""Take-overs and the sweeper, kept referenced while they work."""
Post = Callable[[str], Awaitable[None]]
_POST: ContextVar[Post | None] = ContextVar("planrag_slack_post", default=None)
"""Where `say` posts outside a Chainlit request (a run taken over from the journal)."""
_BOT: dict[str, str] = {}
"""The bot's own user id, as Bolt's authorization found it (to spot mentions of it)."""


def run_key(event: dict[str, Any]) -> str:
    """The journal's key of a message: its channel and timestamp, the same for Slack's
    retries and for the app_mention and message events of one message."""
    return f"slack:{event.get('channel', 'unknown')}:{event.get('ts', 'unknown')}"


def journal_record(event: dict[str, Any], kind: str, settings: Settings) -> dict[str, Any]:
    """What the journal keeps of a Slack message: its routing fields and its text, once, cut
    to the longest question and a margin. A cut text is marked with the length it had
    (`text_length`), so a run taken up from the journal says the message was too long
    instead of answering a part of it as if it were whole."""
    kept: dict[str, Any] = {k: event[k] for k in _JOURNAL_FIELDS if isinstance(event.get(k), str)}
    text = str(event.get("text") or "")
    most = settings.max_question_chars + JOURNAL_TEXT_MARGIN
    kept["text"] = text[:most]
    if len(text) > most:
        kept["text_length"] = len(text)
    return {"event": kept, "kind": kind}


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


def _is_answer(text: str) -> bool:
    return consent_word(text) is not None


# -- the gate in front of Chainlit's handlers --------------------------------------------


def attach(slack_app: Any, settings: Settings) -> None:
    """Install the gate on Chainlit's Bolt app (once) and close the stores at shutdown."""
    if getattr(slack_app, "_planrag_gate", False):
        return
    slack_app._planrag_gate = True

    async def gate(body: dict[str, Any], context: Any, req: Any, next: Any) -> Any:
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
            if not _admitted(settings, event, req):
                return BoltResponse(status=200, body="")
            store = store_for(settings)
            run = await store.journal_accept(run_key(event), thread_key(event),
                                             journal_record(event, kind, settings), OWNER,
                                             settings.run_lease_s)
            if not run.new:
                if run.lapsed():  # its process died: this retry takes the run up
                    for taken in await RunService(settings).take_over(run_id=run.run_id):
                        _spawn(_take_over(settings, taken))
                else:
                    log.info("Slack message %s was already delivered; skipped", run.run_id)
                return BoltResponse(status=200, body="")
        except Exception as exc:  # the store is down: the handler says so where it matters
            log.warning("Slack event kept without de-duplication: %s", exc)
            if kind == "reply" and not _is_answer(str(event.get("text") or "")):
                return BoltResponse(status=200, body="")  # chatter: nothing to tell
        return await next()

    slack_app.use(gate)

    from chainlit.config import config

    started, stopped = config.code.on_app_startup, config.code.on_app_shutdown

    async def startup() -> None:
        if started is not None:
            await started()
        _spawn(_sweep(settings))

    async def shutdown() -> None:
        try:
            if stopped is not None:
                await stopped()
        finally:
            for task in list(_TASKS):
                task.cancel()
            await close_stores()

    cl.on_app_startup(startup)
    cl.on_app_shutdown(shutdown)


def guard_body() -> None:
    """Put the checks of `app.slack_guard` (body size, Slack's signature, what Slack sends)
    in front of Chainlit's `POST /slack/events`, when Chainlit serves it (not in socket
    mode): nothing reaches Bolt before they pass."""
    from chainlit.server import app, router
    from chainlit.slack.app import slack_app
    from starlette.routing import Route

    from app.slack_guard import endpoint

    paths = [p for r in router.routes if (p := str(getattr(r, "path", ""))).endswith(
        "/slack/events")]
    if not paths:
        return  # socket mode, or no signing secret: Chainlit serves no events route
    secret = os.environ.get("SLACK_SIGNING_SECRET") or ""
    app.router.routes.insert(0, Route(paths[0], endpoint(secret, slack_app), methods=["POST"]))


def _spawn(work: Awaitable[None]) -> None:
    async def run() -> None:
        await work

    task = asyncio.ensure_future(run())
    _TASKS.add(task)
    task.add_done_callback(_TASKS.discard)


async def _sweep(settings: Settings) -> None:
    """Take up the runs whose process died, now and every half lease: this process's own
    runs from before a restart as well as other processes'."""
    failing = False
    while True:
        try:
            for run in await RunService(settings).take_over(prefix="slack:"):
                _spawn(_take_over(settings, run))
            if failing:
                log.warning("the run store answers again: interrupted runs are taken up again")
            failing = False
        except Exception as exc:
            if not failing:
                log.warning("interrupted runs cannot be looked for while the run store fails: "
                            "%s", exc)
            failing = True
        await asyncio.sleep(max(1.0, settings.run_lease_s / 2))


def _admitted(settings: Settings, event: dict[str, Any], request: Any) -> bool:
    """Whether the sender has not sent more than their share of messages this minute
    (planrag.limits); one too many is told once a minute in its thread, the rest are
    dropped. Slack's own retries of a message are not counted again."""
    headers = getattr(request, "headers", None) or {}
    if headers.get("x-slack-retry-num"):
        return True
    limits = limits_for(settings)
    person = _person(event)
    verdict = limits.message(person)
    if verdict is False:
        _spawn(_poster(event)(f"Sorry, {limits.too_fast(person)}."))
    return bool(verdict)


def _person(event: dict[str, Any]) -> str:
    """The sender as the limits count people."""
    return f"slack:{event.get('user') or event.get('bot_id') or 'unknown'}"


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
    post = _POST.get()
    if post is not None:
        await post(text)
        return
    await cl.Message(content=text).send()  # type: ignore[no-untyped-call]


def _poster(event: dict[str, Any]) -> Post:
    """Posts to `event`'s thread through the Slack Web API, as Chainlit's Slack emitter does
    (a run taken over from the journal has no Chainlit request to answer in)."""
    from chainlit.slack.app import slack_app

    channel = str(event.get("channel") or "")
    thread_ts = str(event.get("thread_ts") or event.get("ts") or "")

    async def post(text: str) -> None:
        await slack_app.client.chat_postMessage(
            channel=channel, thread_ts=thread_ts, text=text,
            blocks=[{"type": "section", "text": {"type": "mrkdwn", "text": text}}])

    return post


async def handle_slack_message(settings: Settings, text: str) -> None:
    event = cl.user_session.get("slack_event") or {}  # type: ignore[no-untyped-call]
    kind = route(event, _BOT.get("id"))
    if kind is None:
        return
    async with Holding(settings, run_key(event)):
        try:
            await _handle(settings, event, kind, text, run_key(event))
        except PlanRAGError as exc:  # e.g. the store cannot be reached: say so in the thread
            await say(f"I cannot handle this message now: {escape(str(exc), 'slack')}")


async def _take_over(settings: Settings, run: Journaled) -> None:
    """Answer a run whose process died, from what the journal holds."""
    event = run.record.get("event")
    if not isinstance(event, dict):
        log.warning("journaled run %s holds no Slack message; left alone", run.run_id)
        await store_for(settings).journal_end(run.run_id, OWNER)
        return
    posting = _POST.set(_poster(event))
    try:
        await _answer_again(settings, run, event)
    finally:
        _POST.reset(posting)


async def _answer_again(settings: Settings, run: Journaled, event: dict[str, Any]) -> None:
    store = store_for(settings)
    plan = run.plan or {}
    log.info("taking up run %s (attempt %d, %s)", run.run_id, run.attempts,
             plan.get("kind", "not started"))
    async with Holding(settings, run.run_id):
        try:
            if run.attempts > MAX_ATTEMPTS:
                await say(GAVE_UP.format(n=run.attempts - 1))
            elif "text_length" in event and plan.get("kind") != "resume":
                await say(TOO_LONG.format(n=int(event["text_length"]),
                                          most=settings.max_question_chars))
            elif plan.get("kind") == "question":
                await say(AGAIN_QUESTION)
                # The question is the journaled message's (a plan written before the message
                # was kept once may still hold it).
                question = str(plan.get("question") or _question(str(event.get("text") or "")))
                await _run(settings, store, run.thread, question, str(plan["dataset"]),
                           str(plan.get("user") or ""), run.run_id)
            elif plan.get("kind") == "resume":
                await say(AGAIN_RESUME)
                await _resume(settings, store, run.thread, _paused_of(plan),
                              bool(plan["approved"]), str(plan.get("user") or ""), run.run_id)
            else:  # never got further than being accepted: handle the message again
                await _handle(settings, event, str(run.record.get("kind") or "mention"),
                              str(event.get("text") or ""), run.run_id)
        except PlanRAGError as exc:
            await say(f"I cannot handle this message now: {escape(str(exc), 'slack')}")
        except Exception:
            log.exception("taking up run %s failed", run.run_id)
            await say("Something went wrong while answering this after a restart; please ask "
                      "again.")


def _paused_of(plan: dict[str, Any]) -> PausedRun:
    return PausedRun(str(plan["state"]), dict(plan["context"]), float(plan["saved_at"]))


async def _handle(settings: Settings, event: dict[str, Any], kind: str, text: str,
                  run_id: str) -> None:
    key = thread_key(event)
    store = store_for(settings)
    said = consent_word(text)
    if said is not None:
        answer = "approve" if said else "keep"
        waiting = await store.get(key)
        if waiting is not None and _slack_dataset(settings, event,
                                                  waiting.context.get("dataset")) is None:
            await say(_refusal(event))  # only someone allowed the run's dataset may answer
            return
        taken = await RunService(settings).take_paused(key, said)
        if taken.run is not None:
            await _resume(settings, store, key, taken.run, answer == "approve",
                          str(event.get("user") or ""), run_id)
        elif taken.earlier is not None:
            await _answered_before(settings, store, key, taken.earlier)
        elif kind != "reply" or await store.turns(key) is not None:
            await say(NO_PLAN)
        return
    if await store.get(key) is not None:
        await say(HINT)  # the run stays paused
        return
    if kind == "reply":
        return  # chatter in a thread whose run has finished
    question = _question(text)
    if not question:
        await say("Ask me a decision question about the data, e.g. _Where should SWE place "
                  "its merchant?_")
        return
    too_long = question_problem(question, settings.max_question_chars)
    if too_long is not None:
        await say(f"Sorry, {too_long}.")
        return
    dataset = _slack_dataset(settings, event)
    if dataset is None:
        await say(_refusal(event))
        return
    await _run(settings, store, key, question, dataset, str(event.get("user") or ""), run_id)


def _question(text: str) -> str:
    """The question a message asks: its text without mentions."""
    return re.sub(r"<@[A-Z0-9]+>", "", text).strip()


async def _answered_before(settings: Settings, store: RunStore, key: str, earlier: str) -> None:
    """A second answer to a re-plan: say what happens with the first one, truthfully. When
    the run that took it died, this answer takes it up (the journal makes it one taker)."""
    running = await store.journal_running(key)
    if running is None or (running.plan or {}).get("kind") != "resume":
        await say(f"The re-plan in this thread was already answered (*{earlier}*) a moment "
                  "ago; the run goes on with that answer.")
        return
    if not running.lapsed():
        await say(f"The re-plan in this thread was already answered (*{earlier}*); the run is "
                  "going on with that answer now.")
        return
    for taken in await RunService(settings).take_over(run_id=running.run_id):
        await _take_over(settings, taken)
        return
    await say(f"The re-plan in this thread was already answered (*{earlier}*); the run is "
              "going on with that answer now.")  # another process took it up first


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
            "The person who runs PlanRAG Assistant can add you to its Slack access list.")


async def _run(settings: Settings, store: RunStore, key: str, question: str,
               dataset: str, user: str, run_id: str) -> None:
    from planrag.engine.state import Turn
    from planrag.locations import default_target
    from planrag.runtime import registry

    model = model_for(settings)
    if model is None:
        await say("No model is set up for this assistant yet, so I cannot answer questions "
                  "here; the person who runs it can set one up (README, \"Asking questions\").")
        return
    # The question is the journaled message's text: the plan does not hold it again.
    plan = {"kind": "question", "dataset": dataset, "user": user}
    if await store.journal_start(run_id, key, plan, OWNER, settings.run_lease_s) is not None:
        await say(BUSY)
        return
    try:
        turns = await store.turns(key) or []
        await store.save_turns(key, turns)  # the thread is the assistant's from now on
        history = [Turn.model_validate(t) for t in turns[-HISTORY_TURNS:]]
        target = default_target(settings, registry(settings).get(dataset))
        context = {"dataset": dataset, "target": target, "question": question, "asker": user}
        await _render(RunService(settings).ask(_asker(user, dataset), dataset, question,
                                               model, target=target, history=history),
                      store, key, context)
    except PlanRAGError as exc:
        await say(f"I could not answer: {escape(str(exc), 'slack')}")


async def _resume(settings: Settings, store: RunStore, key: str, paused: PausedRun,
                  approved: bool, user: str, run_id: str) -> None:

    plan = {"kind": "resume", "state": paused.state, "context": paused.context,
            "saved_at": paused.saved_at, "approved": approved, "user": user}
    for _ in range(30):  # the run that paused lets go of the thread right after pausing
        if await store.journal_start(run_id, key, plan, OWNER, settings.run_lease_s) is None:
            break
        await asyncio.sleep(0.1)
    outcome = None
    try:
        model = model_for(settings)
        if model is None:
            await say("No model is configured any more, so the run cannot go on; once one is "
                      "configured, reply *approve* or *keep* again.")
            return
        context = paused.context
        # The run reads as whoever asked it (their account); the answer is audited under
        # whoever answered the re-plan.
        asker = _asker(user, context["dataset"], str(context.get("asker", user)))
        outcome = await _render(RunService(settings).resume(
            asker, context["dataset"], paused.state, approved, model,
            target=context["target"]), store, key, context)
    except PlanRAGError as exc:
        await say(f"I could not resume the run: {escape(str(exc), 'slack')}. The plan is still "
                  "waiting: reply "
                  "*approve* or *keep* to try again.")
    finally:
        if outcome is None:  # it neither paused again nor ended: the answer can be given again
            await store.put(key, paused)


def _asker(user: str, dataset: str, asked_by: str | None = None) -> Asker:
    """A Slack person as the run service knows them: `slack:<user id>` in the audit trail
    and the limits, reading with the database account of whoever asked the question
    (`asked_by`, when someone else answers its re-plan); which dataset they may ask about
    was decided by PLANRAG_SLACK_ACCESS before the run (`_slack_dataset`)."""
    return Asker(f"slack:{user or 'unknown'}",
                 SlackAccess.asker(asked_by if asked_by is not None else user, dataset),
                 approver=f"Slack user {user}" if user else None)


async def _render(events: Any, store: RunStore, key: str, context: dict[str, Any]
                  ) -> str | None:
    """Post a run's events in the thread; returns how it stopped (`paused`, `finished`,
    `failed`), or None when the events ended without saying."""
    trace: list[str] = []
    proposed: ReplanProposed | None = None
    decided: AnswerProposed | None = None
    outcome: str | None = None
    scripted = False
    plan: tuple[PlanStep, ...] = ()
    queries: dict[str, str] = {}
    """Each query id with the plan step it served, for the answer's "Based on ..."."""
    async for event in events:
        event: Event  # type: ignore[no-redef]
        if isinstance(event, RunStarted):
            scripted = event.scripted
        elif isinstance(event, PlanMade):
            title = "Plan" if event.revision == 0 else f"New plan (revision {event.revision})"
            plan = event.steps
            steps = _steps(event.steps)
            await say(f"*{title}*{' (scripted)' if scripted else ''}\n{steps}")
        elif isinstance(event, QueryStarted):
            if event.step is not None and 0 <= event.step < len(plan):
                goal = " ".join(plan[event.step].goal.split())
                queries[event.query_id] = f"{event.query_id} (step {event.step + 1}, {goal})"
        elif isinstance(event, QueryFinished):
            cut = ", incomplete (a server limit cut it short)" if event.incomplete else ""
            trace.append(f"{event.query_id}: {event.total_rows} rows{cut}, "
                         f"{event.elapsed_ms:.0f} ms")
        elif isinstance(event, QueryRefused):
            trace.append(f"{event.query_id}: refused ({event.rule})")
        elif isinstance(event, QueryFailed):
            trace.append(f"{event.query_id}: failed ({escape(event.error[:80], 'slack')})")
        elif isinstance(event, ReplanProposed):
            proposed = event
        elif isinstance(event, CheckProposed):
            await _flush(trace)
            await say("\n".join(proposal_lines(event, "slack")))
        elif isinstance(event, AwaitingConfirmation) and event.about == "check":
            await _flush(trace)
            await store.put(key, PausedRun(event.state, context, time.time()))
            await say(f"{escape(event.question, 'slack')}\n\nReply *approve* to rank the "
                      "answer with the proposed check, or *keep* to leave it unchecked.")
            outcome = "paused"
        elif isinstance(event, MonitorNoticed):
            kept = " (the answer stands)" if event.kept else ""
            trace.append(f"noticed{kept}: {escape(event.finding, 'slack')}")
        elif isinstance(event, AwaitingConfirmation) and proposed is not None \
                and proposed.by == "monitor":
            await _flush(trace)
            await store.put(key, PausedRun(event.state, context, time.time()))
            await say(f"*The assistant noticed:* {escape(proposed.reason, 'slack')} "
                      "*Re-plan?*\n\nReply *approve* to let it write a new plan for this, or "
                      "*keep* to go on with the current one.")
            outcome = "paused"
        elif isinstance(event, AwaitingConfirmation):
            await _flush(trace)
            await store.put(key, PausedRun(event.state, context, time.time()))
            new = _steps(proposed.new_steps if proposed else ())
            reason = escape(proposed.reason if proposed else event.question, "slack")
            await say(f"*Re-plan proposed:* {reason}\n{new}\n\nReply *approve* to follow the "
                      "new plan, or *keep* to stay with the current one.")
            outcome = "paused"
        elif isinstance(event, ReplanDecided) and event.about == "check":
            await say("The proposed check ranks the answer." if event.approved else
                      "The proposed check is not used; the answer stays unchecked.")
        elif isinstance(event, ReplanDecided):
            verdict = "approved" if event.approved else "kept the current plan"
            await say(f"Re-plan {verdict}.")
        elif isinstance(event, AnswerProposed):
            decided = event
        elif isinstance(event, AnswerChecked):
            await _flush(trace)
            await say(_answer_text(event.answer, event.check, event.scripted, event.note,
                                   queries))
        elif isinstance(event, RunFinished):
            await _flush(trace)
            if event.decision is None:
                await say(f"No decision was reached: {stop_words(event.stop_reason)}.")
            if event.plan_notes:
                await say("_The plan checks noted:_ " + "; ".join(
                    escape(" ".join(n.split()), "slack") for n in event.plan_notes))
            await store.delete(key)
            if decided is not None:
                await _add_turn(store, key, context["question"], decided)
            outcome = "finished"
        elif isinstance(event, RunFailed):
            await _flush(trace)
            await say(f"Something went wrong while {event.stage}: "
                      f"{escape(event.message, 'slack')}")
            await store.delete(key)
            outcome = "failed"
    await _flush(trace)
    return outcome


def _steps(steps: tuple[PlanStep, ...]) -> str:
    """A plan's steps as a numbered list, each goal escaped, with what the step reads."""
    return "\n".join(f"{i + 1}. {escape(s.goal, 'slack')}{_reads(s)}"
                     for i, s in enumerate(steps))


def _reads(step: PlanStep) -> str:
    """" (reads: orders.qty, stores)" for a step that said what it reads, escaped."""
    if not step.reads:
        return ""
    return f" (reads: {escape(', '.join(step.reads), 'slack')})"


async def _add_turn(store: RunStore, key: str, question: str, answer: AnswerProposed) -> None:
    decision = answer.decision
    if not isinstance(decision, (str, int, float, bool, type(None))):
        decision = str(decision)
    turns = await store.turns(key) or []
    turns.append({"question": question, "decision": decision, "rationale": answer.rationale,
                  "factual": answer.factual})
    await store.save_turns(key, turns[-2 * HISTORY_TURNS:])


async def _flush(trace: list[str]) -> None:
    if trace:
        await say("Queries: " + "; ".join(trace))
        trace.clear()


def _answer_text(answer: AnswerProposed | None, check: SimulatorChecked | None,
                 scripted: bool, note: str = "",
                 queries: dict[str, str] | None = None) -> str:
    """The answer, verdict first, as every front end says it (planrag.engine.verdict), its
    queries named with the plan steps they served."""
    return "\n".join(answer_lines(answer, check, note, style="slack", scripted=scripted,
                                   queries=queries))
