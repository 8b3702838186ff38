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
* a watch command (`watch daily`, `watches`, `unwatch <id>`: `app.slack_watch`) is answered
  when it mentions the bot, comes in a direct message, or is a reply in a thread the
  assistant answered in; a checked answer ends with how to watch it;
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

A thread is a conversation of the run service (`planrag.service.conversation`): it journals
each run under its lease, keeps a pause before the question is posted (ending the run's
journal entry first, so the reply finds the thread free), takes one answer and answers again
what a dead process left; this module keeps Slack's gate, routing and transport, and posts
a run's events as `planrag.service.text_view` words them.

Everything a model or the data wrote (plan goals, re-plan reasons, revised plans, query
errors, failures, the answer) is escaped as Slack asks (`&`, `<`, `>` as entities, through
`planrag.markup`, as the answer is): it can never mention a channel or a person, or link.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import re
from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from dataclasses import replace
from typing import Any

import chainlit as cl

from app.slack_watch import WATCH_LINE, offer, wanted
from app.slack_watch import reply as watch_reply
from planrag.datasets import DatasetRef
from planrag.engine.events import AnswerChecked, Event, RunStarted
from planrag.errors import PlanRAGError
from planrag.limits import limits_for, question_problem
from planrag.markup import escape
from planrag.service.conversation import Conversation, RunRequest, Words
from planrag.service.journal import MAX_ATTEMPTS, OWNER, close_stores, store_for
from planrag.service.run_store import Journaled
from planrag.service.runs import Asker, Decide, RunService, consent_word
from planrag.service.text_view import TextView
from planrag.settings import Settings
from planrag.users import SlackAccess

__all__ = ["attach", "handle_slack_message", "journal_record", "route", "store_for"]

log = logging.getLogger("planrag.slack")


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
TOO_LONG = ("I could not take this message up again after the assistant restarted: it is too "
            "long ({n:,} characters; a question may have at most {most:,}). Please ask again, "
            "shorter.")
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


def _is_command(text: str) -> bool:
    """An answer to a re-plan or a watch command: a reply in a thread the assistant answered
    in that is for the assistant."""
    return _is_answer(text) or wanted(text) is not None


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
            if kind == "reply" and not _is_command(str(event.get("text") or "")):
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
    # An answer-like reply or a watch command in a thread the assistant answered in is
    # answered (a clear message when nothing waits).
    return _is_command(str(event.get("text") or "")) and await store.turns(key) is not None


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
    await _handled(settings, event, kind, text, run_key(event))


async def _handled(settings: Settings, event: dict[str, Any], kind: str, text: str,
                   run_id: str) -> None:
    """Handle a message the gate journaled under `run_id`; its journal entry ends however
    the handling ends (a run the message started holds and ends it itself)."""
    try:
        await _handle(settings, event, kind, text, run_id)
    except PlanRAGError as exc:  # e.g. the store cannot be reached: say so in the thread
        await say(f"I cannot handle this message now: {escape(str(exc), 'slack')}")
    finally:
        try:
            await store_for(settings).journal_end(run_id, OWNER)
        except Exception as exc:
            log.warning("could not mark run %s done in the journal: %s", run_id, exc)


class _SlackTransport:
    """A Slack thread as a conversation's transport: each event's messages posted in the
    thread (`TextView`); it cannot wait for the person, so a run ends at its pause and the
    reply in the thread resumes it. A checked answer is followed by how to watch it, once
    what it checked is kept for the reply (`app.slack_watch.offer`)."""

    decide: Decide | None = None

    def __init__(self, service: RunService, message: dict[str, Any]) -> None:
        self.view = TextView("slack", names=service.column_names)
        self.settings = service.settings
        self.message = message
        self.dataset: str | None = None

    async def show(self, event: Event) -> None:
        if isinstance(event, RunStarted):
            self.dataset = event.dataset
        texts = self.view.messages(event)
        if isinstance(event, AnswerChecked) and texts and await offer(
                self.settings, thread_key(self.message), self.message, self.dataset, event):
            texts = [*texts, WATCH_LINE]  # its own message: the answer as everywhere else
        for text in texts:
            await say(text)

    async def say(self, text: str) -> None:
        await say(escape(text, "slack"))

    def resuming(self, state: str) -> None:
        self.view.resuming(state)
        try:
            self.dataset = str(json.loads(state).get("dataset") or "") or None
        except (ValueError, AttributeError):
            self.dataset = None

    async def flush(self) -> None:
        for text in self.view.end():
            await say(text)


def _answering(event: dict[str, Any]) -> Callable[[RunRequest], Asker]:
    """Who goes on with a run in this message's thread: its sender, reading with the
    account of whoever asked the question."""
    user = str(event.get("user") or "")
    return lambda asked: _asker(user, asked.dataset, asked.asked_by or user)


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
    except PlanRAGError as exc:
        await say(f"I cannot handle this message now: {escape(str(exc), 'slack')}")
    except Exception:
        log.exception("taking up run %s failed", run.run_id)
        await say("Something went wrong while answering this after a restart; please ask "
                  "again.")
    finally:
        _POST.reset(posting)


async def _answer_again(settings: Settings, run: Journaled, event: dict[str, Any]) -> None:
    plan = _current(run.plan or {}, event)
    log.info("taking up run %s (attempt %d, %s)", run.run_id, run.attempts,
             plan.get("kind", "not started"))
    kind = plan.get("kind")
    if kind == "resume" or (kind == "question" and "text_length" not in event):
        service = RunService(settings)
        transport = _SlackTransport(service, event)
        await Conversation(service, run.thread).answer_again(
            replace(run, plan=plan), transport, _answering(event))
        await transport.flush()
        return
    if run.attempts > MAX_ATTEMPTS:
        await say(escape(Words.GAVE_UP.format(question=_question(str(event.get("text") or "")),
                                              n=run.attempts - 1), "slack"))
    elif "text_length" in event:
        await say(TOO_LONG.format(n=int(event["text_length"]),
                                  most=settings.max_question_chars))
    else:  # never got further than being accepted: handle the message again
        await _handled(settings, event, str(run.record.get("kind") or "mention"),
                       str(event.get("text") or ""), run.run_id)
        return
    await store_for(settings).journal_end(run.run_id, OWNER)


def _current(plan: dict[str, Any], event: dict[str, Any]) -> dict[str, Any]:
    """A question's plan with its question: the journal keeps a message's text once, in its
    record (the plan's request leaves it out), and an earlier version kept the dataset and
    the asker beside the plan rather than in its request."""
    if plan.get("kind") != "question":
        return plan
    context = plan.get("context")
    if not isinstance(context, dict):
        context = {"dataset": plan.get("dataset"), "asker": plan.get("user")}
    if not context.get("question"):
        question = plan.get("question") or _question(str(event.get("text") or ""))
        context = {**context, "question": str(question)}
    return {**plan, "context": context}


async def _handle(settings: Settings, event: dict[str, Any], kind: str, text: str,
                  run_id: str) -> None:
    key = thread_key(event)
    service = RunService(settings)
    conversation = Conversation(service, key, journals_question=False)
    transport = _SlackTransport(service, event)
    said = consent_word(text)
    if said is not None:
        outcome = await conversation.answer(
            said, _answering(event), transport, run_id=run_id,
            allowed=lambda asked: _slack_dataset(settings, event, asked.dataset) is not None)
        await transport.flush()
        if outcome.how == "denied":
            await say(_refusal(event))  # only someone allowed the run's dataset may answer
        elif outcome.how == "not_waiting" and (
                kind != "reply" or await conversation.store.turns(key) is not None):
            await say(NO_PLAN)
        return
    command = wanted(text)
    if command is not None:
        await say(await watch_reply(settings, event, command, key))
        return
    if await conversation.waiting() is not None:
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
    if await conversation.store.turns(key) is None:
        await conversation.store.save_turns(key, [])  # the thread is the assistant's now
    user = str(event.get("user") or "")
    request = RunRequest(_asker(user, dataset), DatasetRef.parse(dataset), question,
                         asked_by=user)
    await conversation.ask(request, transport, run_id=run_id)
    await transport.flush()


def _question(text: str) -> str:
    """The question a message asks: its text without mentions."""
    return re.sub(r"<@[A-Z0-9]+>", "", text).strip()


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


def _asker(user: str, dataset: str, asked_by: str | None = None) -> Asker:
    """A Slack person as the run service knows them: `slack:<user id>` in the audit trail
    and the limits, reading with the database account of whoever asked the question
    (`asked_by`, when someone else answers its re-plan); which dataset they may ask about
    was decided by PLANRAG_SLACK_ACCESS before the run (`_slack_dataset`)."""
    return Asker(f"slack:{user or 'unknown'}",
                 SlackAccess.asker(asked_by if asked_by is not None else user, dataset),
                 approver=f"Slack user {user}" if user else None)
