"""The engine: one async loop, written once, that plans, queries, re-plans with consent,
answers and checks the answer with the dataset's simulator.

`Engine.run(question)` and `Engine.resume(state, approved, note)` are both async generators
of `Event`s over the same `_drive` loop. Each model turn ends in one of: continue (tool results
go back to the model), pause (a re-plan awaits the person: the last event is
`AwaitingConfirmation` carrying the run state as JSON), finish (`RunFinished`) or fail
(`RunFailed`). Mistakes of the model (bad arguments, refused or failing queries) go back to it
as observations; budgets end the run with the best answer it can still give.

A model turn is bounded: each request says how many characters its reply may have (what is
left of `max_reply_chars` and the run's `max_run_chars`), and a reply stopped there or in a
loop, an empty reply, or one cut by the run's time is said to the person (a bracketed line in
the model's text stream, which every front end already shows) and to the model (the next user
message), and counts as a model call. Nothing a stopped reply asked for runs.

Each run is traced (planrag.telemetry; a no-op unless tracing is configured): a `planrag.run`
span, and under it a `chat {model}` span per model call; the query and simulator check spans
are made where those run (the query and answer tools, planrag.engine.tools).
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from importlib import resources
from string import Template
from typing import Any, Literal

from planrag import telemetry
from planrag.decisions.run import WrittenDecision
from planrag.engine import plan_changes
from planrag.engine.calls import ToolCalls
from planrag.engine.check import Checker
from planrag.engine.config import EngineConfig
from planrag.engine.events import (
    AnswerChecked,
    AnswerProposed,
    AwaitingConfirmation,
    Claim,
    Event,
    ModelCalled,
    ModelText,
    ReplanProposed,
    RunFailed,
    RunFinished,
    RunStarted,
    SchemaChosen,
    SimulatorChecked,
)
from planrag.engine.first_schema import first_prompt_schema
from planrag.engine.model import (
    KEPT_CHARS,
    CallProgress,
    Model,
    ModelReply,
    ModelRequest,
    ReplyCut,
    closing_stream,
)
from planrag.engine.plan_check import Requirements
from planrag.engine.state import RunState, Turn, earlier_turns
from planrag.engine.tools import TECHNIQUES, Technique
from planrag.errors import ConfigError, ModelError, PlanRAGError, RunError, SourceUnavailable
from planrag.limits import question_problem
from planrag.schema import Schema
from planrag.schema.budget import DEFAULT_BUDGET, kinds_noun
from planrag.sources.base import DataSource
from planrag.table import Table
from planrag.utf8 import surrogate_at

__all__ = ["Engine", "EngineConfig"]

_log = logging.getLogger(__name__)

class Engine:
    """Runs questions on one dataset against one set of data sources."""

    def __init__(
        self,
        model: Model,
        sources: Mapping[str, DataSource],
        *,
        dataset: str,
        target: str,
        rules: str,
        checker: Checker | None = None,
        config: EngineConfig | None = None,
        schema_budget: int = DEFAULT_BUDGET,
        live: bool = False,
        required: Requirements | None = None,
        read_as: str = "",
    ) -> None:
        if not sources:
            raise ConfigError("the engine needs at least one data source")
        self.model = model
        self.sources = dict(sources)
        self.dataset = dataset
        self.target = target
        self.rules = rules
        self.checker = checker
        self.config = config or EngineConfig()
        self.technique: Technique = TECHNIQUES[self.config.technique]
        self.calls = ToolCalls(self.config, self.technique, self.sources, checker, required,
                               rules)
        self.schema_budget = schema_budget
        """Characters of schema in the first prompt (split among the sources)."""
        self.live = live
        """The sources are a team's live databases (a check says when it read them)."""
        self.read_as = read_as
        """Whose account reads the data, where the database names accounts per person:
        said by the run's start, its answer and its check."""

    def table(self, run_id: str, query_id: str) -> Table | None:
        """The whole table a query fetched (what previews are cut from)."""
        return self.calls.tables.get((run_id, query_id))

    # -- entry points

    async def run(
        self, question: str, *, history: Sequence[Turn] = (), run_id: str | None = None
    ) -> AsyncIterator[Event]:
        question = question.strip()
        if not question:
            yield RunFailed("ask a question: it was empty", "planning", cause="question")
            return
        too_long = question_problem(question, self.config.max_question_chars)
        if too_long is not None:  # never sent to the model, however it arrived
            yield RunFailed(too_long, "planning", cause="question")
            return
        at = surrogate_at(question)
        if at is not None:  # e.g. a lone \udXXX escape from a chat or Slack client
            yield RunFailed(f"the question holds a character that is not text at byte {at}; "
                            "type it again as plain text", "planning", cause="question")
            return
        state = RunState(
            run_id=run_id or uuid.uuid4().hex[:12],
            question=question,
            dataset=self.dataset,
            target=self.target,
            technique=self.technique.name,
            messages=[],
            history=earlier_turns(history, self.config.history_turn_chars,
                                  self.config.history_chars),
        )
        async with closing_stream(self._traced(state, self._start(state))) as events:
            async for event in events:
                yield event

    async def resume(
        self, state_json: str, approved: bool | None, note: str | None = None,
        approver: str | None = None,
    ) -> AsyncIterator[Event]:
        """Continue a paused run; `approved=None` means the person did not answer in time.
        `approver` names who answered (said in the verdict of a check they approved)."""
        try:
            state = RunState.from_json(state_json)
            self._check_resumable(state)
        except RunError as exc:
            yield RunFailed(str(exc), "resuming")
            return
        resumed = self._traced(state, self._resumed(state, approved, note, approver), True)
        async with closing_stream(resumed) as events:
            async for event in events:
                yield event

    async def _start(self, state: RunState) -> AsyncIterator[Event]:
        yield RunStarted(
            state.run_id, state.question, self.dataset, self.target, self.technique.name,
            self.model.scripted,
        )
        try:
            system, asked, chosen = await self._first_prompt(state)
            state.messages = [
                {"role": "system", "content": system},
                *_history_messages(state.history),
                {"role": "user", "content": asked},
            ]
        except PlanRAGError as exc:
            telemetry.record_error(state.trace, exc)
            yield RunFailed(f"cannot read the database schema: {exc}", "planning",
                            cause="database")
            return
        for each in chosen:
            yield each
        async with closing_stream(self._drive(state, time.monotonic())) as events:
            async for event in events:
                yield event

    async def _resumed(
        self, state: RunState, approved: bool | None, note: str | None,
        approver: str | None = None,
    ) -> AsyncIterator[Event]:
        assert state.pending is not None
        pending = state.pending
        state.pending = None
        if approved is None:
            approved = self.config.timeout_default == "approve"
            by: Literal["person", "policy", "timeout"] = "timeout"
        else:
            by = "person"
        started = time.monotonic()
        for event in self.calls.decide(state, pending, approved, by, note, approver):
            yield event
        async with closing_stream(self._drive(state, started)) as events:
            async for event in events:
                yield event

    async def run_with_consent(
        self,
        question: str,
        decide: Callable[[AwaitingConfirmation], Awaitable[bool | None]],
        *,
        history: Sequence[Turn] = (),
        approver: str | None = None,
    ) -> AsyncIterator[Event]:
        """`run`, asking `decide` whenever the run pauses and resuming with its answer (None:
        no answer in time), for front ends that can wait for the person in-process."""
        events = self.run(question, history=history)
        while True:
            paused: AwaitingConfirmation | None = None
            async with closing_stream(events) as part:
                async for event in part:
                    yield event
                    if isinstance(event, AwaitingConfirmation):
                        paused = event
            if paused is None:
                return
            events = self.resume(paused.state, await decide(paused), approver=approver)

    def _check_resumable(self, state: RunState) -> None:
        if state.pending is None:
            raise RunError("this run is not waiting for a confirmation: nothing to resume")
        if (state.dataset, state.target, state.technique) != (
            self.dataset, self.target, self.technique.name,
        ):
            raise RunError(
                f"the paused run belongs to {state.dataset} on {state.target} "
                f"({state.technique}), not to this engine's {self.dataset} on {self.target}"
            )

    # -- the loop

    async def _traced(
        self, state: RunState, events: AsyncIterator[Event], resumed: bool = False
    ) -> AsyncIterator[Event]:
        """`events` inside the run's span, which the last event ends: answered, failed or
        paused. A run paused for consent and resumed later is two spans with the same
        `planrag.run_id` (the second marked `planrag.resumed`): the pause may last days and
        end in another process, and waiting for the person is no run time. A question that
        is empty, or a paused state that cannot be read, fails before any span starts."""
        with telemetry.run_span(
            run_id=state.run_id, dataset=state.dataset, target=state.target,
            technique=state.technique, question=state.question, resumed=resumed,
        ) as span:
            state.trace = span
            # The answer and its check, said together once the check is over: before the
            # run ends, or before the simulator's objection is put to the person.
            answer: AnswerProposed | None = None
            check: SimulatorChecked | None = None
            said = False
            try:
                async with closing_stream(events) as inner:
                    async for raw in inner:
                        event = self._read_as(raw)
                        if isinstance(event, AnswerProposed):
                            answer, check, said = event, None, False
                        elif isinstance(event, SimulatorChecked):
                            check = event
                        elif not said and (
                                (isinstance(event, RunFinished) and event.decision is not None)
                                or (isinstance(event, ReplanProposed) and event.by == "simulator")):
                            said = True
                            note = event.check_note if isinstance(event, RunFinished) else ""
                            rebuilt = self._read_as(_answer_of(state))
                            assert isinstance(rebuilt, AnswerProposed)
                            given = answer or rebuilt
                            yield AnswerChecked(given, check, note, self.model.scripted,
                                                changes=plan_changes.changes(state, given))
                        telemetry.run_outcome(span, event)
                        yield event
            finally:
                state.trace = None

    def _read_as(self, event: Event) -> Event:
        """`event`, saying whose account read the data where it matters (a database with
        accounts per person): the run's start, its answer and its check, however made (a
        simulator, a written decision, a check the assistant proposed)."""
        if self.read_as and isinstance(event, RunStarted | AnswerProposed | SimulatorChecked):
            return replace(event, read_as=self.read_as)
        return event

    async def _drive(self, state: RunState, started: float) -> AsyncIterator[Event]:
        """The turns, with every way a run can break ending in one `RunFailed` event: a
        front end never sees an exception from a run, whatever went wrong. A front end that
        stops reading (a closed tab) closes the run, and every stream under it at once."""
        try:
            async with closing_stream(self._turns(state, started)) as events:
                async for event in events:
                    yield event
        except ModelError as exc:
            telemetry.record_error(state.trace, exc)
            yield RunFailed(f"the model failed: {exc}", state.stage, state.usage_event(),
                            cause="model")
        except SourceUnavailable as exc:
            telemetry.record_error(state.trace, exc)
            yield RunFailed(f"the database is unavailable: {exc}", state.stage,
                            state.usage_event(), cause="database")
        except PlanRAGError as exc:
            telemetry.record_error(state.trace, exc)
            yield RunFailed(str(exc), state.stage, state.usage_event())
        except Exception as exc:  # a bug of ours or of a plugin: said plainly, logged in full
            _log.exception("run %s failed unexpectedly", state.run_id)
            telemetry.record_error(state.trace, exc)
            yield RunFailed(
                f"an unexpected error stopped the run ({type(exc).__name__}: {exc}); "
                "it has been logged, please report it",
                state.stage, state.usage_event(),
            )

    async def _turns(self, state: RunState, started: float) -> AsyncIterator[Event]:
        while True:
            if state.stage == "check_approved":  # approved, by whoever: it ranks at once
                async for event in self.calls.run_approved_check(state, self.live):
                    yield event
            while state.queued_calls and state.stage not in ("finished", "check_approved"):
                call = state.queued_calls.pop(0)
                async for event in self.calls.handle(state, call):
                    yield event
                if state.pending is not None:
                    yield self._pause(state, started)
                    return
            if state.stage == "check_approved":
                continue
            if state.stage == "finished":
                for call in state.queued_calls:  # every call of the turn gets an answer
                    self.calls.reply(state, call["id"], "not run: the answer was already given")
                state.queued_calls = []
                yield self._finish(state, started, "answered")
                return
            if not self.technique.iterative and state.queries and not state.answer_prompt:
                self._answer_prompt(state)
            if state.counted_calls() >= self.config.max_model_calls:
                yield self._finish(state, started, "budget:max_model_calls")
                return
            if state.answer_only and state.announced_at is not None and (
                state.usage.get("model_calls", 0) > state.announced_at
            ):  # it was told to answer and did not
                yield self._finish(state, started, f"budget:{state.answer_only}")
                return
            if not state.overtime and self._time_left(state, started) <= 0:
                if not self.config.answer_at_timeout:
                    yield self._finish(state, started, "budget:run_timeout")
                    return
                self._overtime(state)
            if self.config.force_answer and (
                    state.counted_calls() + 1 >= self.config.max_model_calls):
                self.calls.answer_now(state, "max_model_calls")  # the last call is for answering
            self._announce(state)
            reply: ModelReply | None = None
            limit = self._call_limit(state, started)
            allowance = self._allowance(state)
            progress = CallProgress()
            request = ModelRequest(
                tuple(state.messages), self.calls.tools(state), run_id=state.run_id,
                max_chars=allowance, deadline=time.monotonic() + limit, progress=progress,
                prompts=self.config.prompts,
            )
            streamed: list[str] = []  # the reply's start, up to KEPT_CHARS (if cut here)
            written = 0
            called = time.perf_counter()
            try:
                with telemetry.chat_span(self.model.name, state.trace) as model_call:
                    # The stream is closed however the block ends (its last piece, a cut, an
                    # error, the run's time), and with it the model's HTTP response.
                    async with asyncio.timeout(limit), \
                            closing_stream(self.model.stream(request)) as inner, \
                            closing_stream(telemetry.current_during(model_call, inner)) as chunks:
                        async for chunk in chunks:
                            if isinstance(chunk, ModelReply):
                                reply = chunk
                            elif written + len(chunk.text) > 2 * allowance:
                                # A model that does not keep to `max_chars` is stopped here
                                # (at twice the cap: a retried reply may show text twice).
                                reply = ModelReply(
                                    "".join(streamed), (), 0, 0, time.perf_counter() - called,
                                    finish_reason="length", cut=ReplyCut("chars", written),
                                    usage_reported=False,
                                )
                                break
                            else:
                                if written < KEPT_CHARS:
                                    streamed.append(chunk.text)
                                written += len(chunk.text)
                                yield ModelText(chunk.text)
                    if reply is not None:
                        telemetry.chat_usage(model_call, reply.prompt_tokens,
                                             reply.completion_tokens, reply.finish_reason)
            except TimeoutError:
                # The run's time ran out while the model was answering: what it was writing
                # is dropped, and it gets one short last turn to answer from what it has. The
                # call still counts, its tokens "not reported": the server never said them;
                # unless it never reached the server (no time left, or waiting for a slot).
                if progress.sent is not False:
                    seconds = time.perf_counter() - called
                    state.add_usage(0, 0, seconds, reported=False)
                    state.usage["reply_chars"] = state.usage.get("reply_chars", 0) + written
                    yield ModelCalled(int(state.usage["model_calls"]), 0, 0, seconds, (),
                                      usage_reported=False)
                if state.overtime or not self.config.answer_at_timeout:  # no (other) last turn
                    yield self._finish(state, started, "budget:run_timeout")
                    return
                yield ModelText(_TIMED_OUT)
                self._overtime(state)
                continue
            if reply is None:
                raise RunError("the model ended its reply without a message")
            state.add_usage(reply.prompt_tokens, reply.completion_tokens, reply.seconds,
                            reply.usage_reported)
            size = len(reply.text) + sum(len(c.arguments) for c in reply.tool_calls)
            size = max(size, reply.cut.chars if reply.cut else 0)
            state.usage["reply_chars"] = state.usage.get("reply_chars", 0) + size
            yield ModelCalled(
                int(state.usage["model_calls"]), reply.prompt_tokens, reply.completion_tokens,
                reply.seconds, tuple(c.name for c in reply.tool_calls), reply.usage_reported,
            )
            state.messages.append(reply.as_message())
            spent = state.usage["reply_chars"] >= self.config.max_run_chars
            if spent:
                self.calls.answer_now(state, "max_run_chars")
            if not reply.tool_calls:
                told = _notice(reply, spent and reply.cut is not None)
                state.idle_turns += 1
                if state.idle_turns > self.config.max_idle_turns:
                    if told is not None:
                        yield ModelText(f"\n[{told.what}]\n")
                    yield self._finish(state, started, "budget:idle_turns")
                    return
                if told is not None:
                    yield ModelText(f"\n[{told.what}; {told.next}]\n")
                state.messages.append({"role": "user", "content": told.model if told else _NUDGE})
                continue
            state.idle_turns = 0
            self._count_plan_turn(state, reply)
            state.queued_calls = [
                {"id": c.id, "name": c.name, "arguments": c.arguments} for c in reply.tool_calls
            ]

    def _count_plan_turn(self, state: RunState, reply: ModelReply) -> None:
        """A turn that only plans is free where plan turns are (`plan_turns_free`), unless
        the turn before was a free one: the plan and its next action cost one call."""
        alone = all(c.name in _PLANNING for c in reply.tool_calls)
        if self.config.plan_turns_free and alone and not state.planned_alone:
            state.plan_turns += 1
            state.planned_alone = True
        else:
            state.planned_alone = False

    def _allowance(self, state: RunState) -> int:
        """Characters the next reply may have: the per-reply cap, within what is left of the
        run's; once that is spent, enough for a final answer."""
        cap = self.config.max_reply_chars
        left = self.config.max_run_chars - int(state.usage.get("reply_chars", 0))
        return min(cap, max(left, _ANSWER_CHARS))

    def _time_left(self, state: RunState, started: float) -> float:
        return self.config.run_timeout_s - (state.seconds + time.monotonic() - started)

    def _call_limit(self, state: RunState, started: float) -> float:
        """How long this model call may take: what is left of the run's time, or, for the
        last turn after the time ran out, a grace period to write the answer."""
        if state.overtime:
            return self.config.answer_grace_s
        return max(self._time_left(state, started), 0.0)

    def _overtime(self, state: RunState) -> None:
        state.overtime = True
        self.calls.answer_now(state, "run_timeout")

    def _announce(self, state: RunState) -> None:
        if state.answer_only and state.announced_at is None:
            state.announced_at = int(state.usage.get("model_calls", 0))
            state.messages.append(
                {
                    "role": "user",
                    "content": f"The {state.answer_only} budget is reached. Give your best "
                    "final answer now with final_answer, from what you have found.",
                }
            )

    def _answer_prompt(self, state: RunState) -> None:
        """SingleRAG's second prompt: the retrieving conversation is set aside, and the model
        answers in a new one that holds only the question, the one query and what it returned
        (its rows, or its error or refusal: the paper passes either on as the data)."""
        record = state.queries[0]
        said = re.compile(rf"{record.id}(?::| failed:| refused:) ")  # the engine's words
        pandas = self.config.observations == "paper"  # a result starts with a line break
        observed = next((str(m["content"]) for m in state.messages if m.get("role") == "tool"
                         and (said.match(str(m.get("content", ""))) or (
                             pandas and str(m.get("content", "")).startswith("\n")))),
                        "(nothing came back)")
        state.answer_prompt = True
        paper = self.config.prompts == "paper"
        state.messages = [
            {"role": "system", "content": Template(
                _prompt("paper-singlerag-answer" if paper else "singlerag-answer")
            ).substitute(decision_hint=self._decision_hint(), rules=self._rules())},
            {"role": "user", "content": Template(
                _prompt("paper-singlerag-data" if paper else "singlerag-data")).substitute(
                question=self._asked(state).removeprefix("Question: ") if paper
                else state.question, query_id=record.id,
                language=_LANGUAGE[record.language], query=record.query,
                observation=observed)},
        ]

    # -- ends

    def _pause(self, state: RunState, started: float) -> AwaitingConfirmation:
        state.seconds += time.monotonic() - started
        pending = state.pending
        assert pending is not None
        if pending.by == "check":
            return AwaitingConfirmation(state.run_id, state.to_json(),
                                        f"Use this check? It would {pending.reason}.", "check")
        if pending.by == "monitor":
            return AwaitingConfirmation(state.run_id, state.to_json(),
                                        f"The assistant noticed: {pending.reason} Re-plan?")
        what = "the simulator's objection" if pending.by == "simulator" else "a new plan"
        return AwaitingConfirmation(
            state.run_id,
            state.to_json(),
            f"Approve {what}? Reason: {pending.reason}",
        )

    def _finish(self, state: RunState, started: float, stop_reason: str) -> RunFinished:
        state.seconds += time.monotonic() - started
        answer = state.answer or {}
        if stop_reason == "answered" and state.answer_only:
            stop_reason = f"budget:{state.answer_only}"
        return RunFinished(
            decision=answer.get("decision"),
            verified_decision=answer.get("verified"),
            stop_reason=stop_reason,
            usage=state.usage_event(),
            replans=state.replans,
            queries=len(state.queries),
            refused=state.refused,
            errors=state.errors,
            seconds=state.seconds,
            check_note=str(answer.get("check_note", "")),
            plan_notes=tuple(state.plan_notes),
        )

    async def _first_prompt(self, state: RunState) -> tuple[str, str, list[SchemaChosen]]:
        """The system prompt, the first user message, and what was chosen of each schema too
        large to show whole. The product's prompts give the rules and the schema in the
        system prompt, and the question alone; the paper's (`EngineConfig.prompts`) put the
        rules with the question, and each schema in its query tool's description. The
        tables the dataset's `required` names, then those of a written decision close to
        the question, come first, in full, in each schema that has them."""
        schemas: dict[str, list[str]] = {}
        chosen: list[SchemaChosen] = []
        paper = self.config.prompts == "paper"  # the whole schema, as the paper's tools had
        budget = max(1000, self.schema_budget // len(self.sources))
        for name, source in self.sources.items():
            first = await first_prompt_schema(source, self.calls.required, state.question,
                                              budget)
            view = first.view
            assert view is not None  # a run always has its question
            state.schema_tools = state.schema_tools or not (view.complete or paper)
            schemas.setdefault(source.language, []).append(
                _paper_schema(first.schema) if paper else view.text)
            if not (view.complete or paper):
                entities = first.schema.entities
                chosen.append(SchemaChosen(
                    view.shown, tuple(why for _, why in view.reasons), len(view.named),
                    len(entities), name if len(self.sources) > 1 else "",
                    kinds_noun({e.kind for e in entities})))
        if paper:
            state.tool_schemas = {k: "\n\n".join(v) for k, v in schemas.items()}
            system = Template(_prompt("paper-system")).substitute(
                technique=_prompt(f"paper-{self.technique.name}").strip(),
                max_rows=self.config.max_rows_shown,
                decision_hint=self._decision_hint(),
            )
            return system, self._asked(state), chosen
        system = Template(_prompt("system")).substitute(
            technique=_prompt(self.technique.name).strip(),
            max_rows=self.config.max_rows_shown,
            decision_hint=self._decision_hint(),
            rules=self._rules(),
            schema="\n\n".join(t for texts in schemas.values() for t in texts),
        )
        return system, state.question, chosen

    def _asked(self, state: RunState) -> str:
        """The paper's first user message: the data's rules, then the question."""
        rules = self.rules.strip()
        return Template(_prompt("paper-question")).substitute(
            rules=f"{rules}\n\n" if rules else "", question=state.question).strip()

    def _decision_hint(self) -> str:
        """What the final answer's decision is, in words ("(the trade node)")."""
        if self.checker is not None and issubclass(self.checker.simulator, WrittenDecision):
            return (f"(one candidate of \u201c{self.checker.simulator.title}\u201d: its key "
                    "or its name)")
        if self.checker is not None:
            field = self.checker.simulator.decision_field()
            return f"(the {field.replace('_', ' ')})"
        return "(in a few words)"

    def _rules(self) -> str:
        return self.rules.strip() or "(none given)"


_LANGUAGE = {"sql": "SQL", "cypher": "Cypher"}
_PLANNING = frozenset({"make_plan", "revise_plan"})
"""The tools that only plan (`EngineConfig.plan_turns_free`)."""
_NUDGE = (
    "Use the tools: query the data, or call final_answer when the data decides the question."
)
_ANSWER_CHARS = 4000
"""What a reply may still have once the run's characters are spent: room for an answer."""
_TIMED_OUT = (
    "\n[the run's time is up (PLANRAG_RUN_TIMEOUT): this reply is dropped, and the model "
    "gets one short last turn to answer from what it has]\n"
)


@dataclass(frozen=True)
class _Notice:
    """What the person and the model are told about a reply that did not end normally."""

    what: str
    """What happened, for the person (a bracketed line in the model's text stream)."""
    next: str
    """What happens next, for the person, when the run goes on."""
    model: str
    """The next user message, for the model."""


def _notice(reply: ModelReply, run_spent: bool) -> _Notice | None:
    """The notice for a reply without tool calls that was stopped, cut by the token limit or
    empty; None for plain text, which gets the usual nudge."""
    cut = reply.cut
    if cut is not None and cut.reason == "repetition":
        return _Notice(
            f"the model's reply was stopped: {cut.describe()}; nothing in it runs",
            "the model is asked to write something else",
            f"Your last reply was stopped: {cut.describe()}. Nothing in it was run. Do not "
            "repeat yourself: " + _NUDGE,
        )
    if cut is not None and run_spent:
        return _Notice(
            f"the model's reply was stopped: {cut.describe()}, and this run's replies have "
            "reached the most a run may write (PLANRAG_MAX_RUN_CHARS)",
            "the model is asked for its final answer",
            f"Your last reply was stopped: {cut.describe()}, the most this run may still "
            "write. Nothing in it was run.",
        )
    if cut is not None:
        return _Notice(
            f"the model's reply was stopped: {cut.describe()}, the most one reply may have "
            "(PLANRAG_MAX_REPLY_CHARS); nothing in it runs",
            "the model is asked for a shorter one",
            f"Your last reply was stopped: {cut.describe()}, the most one reply may have. "
            "Nothing in it was run. Reply briefly: " + _NUDGE,
        )
    if reply.finish_reason == "length":
        return _Notice(
            "the model's reply reached its token limit (PLANRAG_MAX_TOKENS) and stopped",
            "it is asked for a shorter one",
            "Your last reply reached the token limit and was cut off. Reply briefly: " + _NUDGE,
        )
    if reply.empty:
        return _Notice(
            "the model sent an empty reply", "it is asked again",
            "Your last reply was empty. " + _NUDGE,
        )
    return None


def _paper_schema(schema: Schema) -> str:
    """A schema whole, as the paper's query tools described their database: its tables (or
    labels) and columns, without the sizes this product's prompts add."""
    return replace(schema, entities=tuple(replace(e, rows=None) for e in schema.entities)
                   ).render()


def _prompt(name: str) -> str:
    return resources.files("planrag.engine").joinpath("prompts", f"{name}.md").read_text(
        encoding="utf-8"
    )


def _history_messages(history: Sequence[Turn]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for turn in history:
        out.append({"role": "user", "content": turn.question})
        said = "Answer" if turn.factual else "Decision"
        decided = f"{said}: {turn.decision}." if turn.decision is not None else "No decision."
        out.append({"role": "assistant", "content": f"{decided} {turn.rationale}".strip()})
    return out


def _answer_of(state: RunState) -> AnswerProposed:
    """The run's answer as `answer_proposed` said it, from the state: a run resumed in
    another process (a check the person approved) has not seen that event."""
    answer = state.answer or {}
    claims = tuple(Claim(**{**c, "cells": tuple(tuple(x) for x in c.get("cells") or ())})
                   for c in answer.get("claims") or ())
    return AnswerProposed(answer.get("decision"), str(answer.get("rationale") or ""),
                          tuple(answer.get("query_ids") or ()), claims=claims,
                          factual=bool(answer.get("factual")),
                          label=str(answer.get("label") or ""))
