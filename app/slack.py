"""The assistant in Slack, through Chainlit's Slack integration.

Slack shows no steps and cannot ask with buttons here, so a run is posted as thread messages:
the plan, a condensed trace of the queries, and the answer with the simulator's check. A
proposed re-plan is asked as a question in the thread; the run is paused and its state stored
durably under the thread (`app.run_store`), and the person's reply in the thread (approve /
keep) resumes it, in whatever request or process receives that reply.
"""

from __future__ import annotations

import re
import time
from typing import Any

import chainlit as cl

from app.run_store import PausedRun, open_store
from app.web import fmt as _fmt
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
from planrag.errors import PlanRAGError
from planrag.settings import Settings

__all__ = ["handle_slack_message"]

APPROVE = {"approve", "approved", "yes", "y", "ok", "okay", "go", "go ahead", "sure"}
KEEP = {"keep", "no", "n", "reject", "keep the current plan", "stay", "don't", "do not"}


def _words(text: str) -> str:
    text = re.sub(r"<@[A-Z0-9]+>", "", text)
    return re.sub(r"[^\w' ]+", " ", text).strip().lower()


async def say(text: str) -> None:
    await cl.Message(content=text).send()


async def handle_slack_message(settings: Settings, text: str) -> None:
    event = cl.user_session.get("slack_event") or {}
    channel = str(event.get("channel", "unknown"))
    thread = str(event.get("thread_ts") or event.get("ts") or "unknown")
    key = f"slack:{channel}:{thread}"
    store = open_store(settings.run_store, settings.data_dir)
    words = _words(text)
    paused = await store.get(key)
    if paused is not None:
        if words in APPROVE or words in KEEP:
            await store.delete(key)  # taken: a second reply must not resume it twice
            await _resume(settings, store, key, paused, words in APPROVE)
        else:
            await say("A new plan is waiting for your answer in this thread: reply *approve* "
                      "to follow it or *keep* to stay with the current plan.")
        return
    if words in APPROVE or words in KEEP:
        await say("There is no plan waiting for your approval in this thread (the run may have "
                  "finished, or this is a new thread). Ask a decision question to start one.")
        return
    question = re.sub(r"<@[A-Z0-9]+>", "", text).strip()
    if not question:
        await say("Ask me a decision question about the data, e.g. _Where should SWE place "
                  "its merchant?_")
        return
    await _run(settings, store, key, question)


async def _run(settings: Settings, store: Any, key: str, question: str) -> None:
    from planrag.engine.session import engine_config, open_engine
    from planrag.runtime import check_dataset_setting, registry

    model = _model(settings)
    if model is None:
        await say("No model is configured for this assistant yet: set PLANRAG_MODEL and an "
                  "endpoint (see the README).")
        return
    dataset = check_dataset_setting(settings, registry(settings)).id
    target = settings.relational_target
    context = {"dataset": dataset, "target": target, "question": question}
    try:
        async with open_engine(settings, dataset, target, model,
                               engine_config(settings)) as engine:
            await _render(engine.run(question), store, key, context)
    except PlanRAGError as exc:
        await say(f"I could not answer: {exc}")


async def _resume(settings: Settings, store: Any, key: str, paused: PausedRun,
                  approved: bool) -> None:
    from planrag.engine.session import engine_config, open_engine

    model = _model(settings)
    if model is None:
        await say("No model is configured any more; the paused run cannot go on.")
        return
    context = paused.context
    try:
        async with open_engine(settings, context["dataset"], context["target"], model,
                               engine_config(settings)) as engine:
            await _render(engine.resume(paused.state, approved), store, key, context)
    except PlanRAGError as exc:
        await say(f"I could not resume the run: {exc}")


def _model(settings: Settings) -> Any:
    from planrag.engine.session import model_from_settings

    return model_from_settings(settings) if settings.model_configured else None


async def _render(events: Any, store: Any, key: str, context: dict[str, Any]) -> None:
    trace: list[str] = []
    proposed: ReplanProposed | None = None
    answer: AnswerProposed | None = None
    scripted = False
    async for event in events:
        event: Event  # type: ignore[no-redef]
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
        elif isinstance(event, ReplanDecided):
            verdict = "approved" if event.approved else "kept the current plan"
            await say(f"Re-plan {verdict}.")
        elif isinstance(event, AnswerProposed):
            answer = event
        elif isinstance(event, SimulatorChecked):
            await _flush(trace)
            await say(_answer_text(answer, event, scripted))
            answer = None
        elif isinstance(event, RunFinished):
            await _flush(trace)
            if answer is not None:
                await say(_answer_text(answer, None, scripted) +
                          (f"\n_{event.check_note}_" if event.check_note else ""))
            elif event.decision is None:
                await say(f"No decision was reached ({event.stop_reason}).")
        elif isinstance(event, RunFailed):
            await _flush(trace)
            await say(f"Something went wrong while {event.stage}: {event.message}")


async def _flush(trace: list[str]) -> None:
    if trace:
        await say("Queries: " + "; ".join(trace))
        trace.clear()


def _answer_text(answer: AnswerProposed | None, check: SimulatorChecked | None,
                 scripted: bool) -> str:
    lines = []
    if answer is not None:
        label = " (scripted)" if scripted else ""
        lines.append(f"*Decision: {answer.decision}*{label}\n{answer.rationale}")
        if answer.query_ids:
            lines.append(f"Based on {', '.join(answer.query_ids)}.")
    if check is not None:
        verdict = "agrees" if check.agrees else "does not agree"
        rank = f"rank {check.rank} of {check.candidates}" if check.rank else "not a candidate"
        lines.append(f"*Simulator check* ({check.simulator}, {check.rules} rules): {verdict}; "
                     f"{rank}; {check.description} {_fmt(check.value)} vs "
                     f"{_fmt(check.baseline)} with no decision.")
        if not check.agrees:
            lines.append(f"Best candidate: *{check.best}* ({_fmt(check.best_value)}).")
    return "\n".join(lines)

