"""What the engine does with each tool call the model makes.

`ToolCalls.handle` validates a call's arguments (the model sees a precise message when they
are wrong), runs it and yields the events it causes: a plan made or revised (a revision
pauses for consent unless a policy decides), a query run through the guards (refusals and
errors go back to the model as observations), a what-if simulation, the final answer and its
simulator check. Every call gets exactly one tool message back in the run's messages.

A query and a simulator check each get a span under the run's (planrag.telemetry), ended
before their events are yielded: a span times the work, not the front end's rendering.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import AsyncIterator, Mapping
from dataclasses import asdict, replace
from typing import Any, Literal

from pydantic import BaseModel, ValidationError

from planrag import telemetry
from planrag.decisions.run import (
    DecisionState,
    WrittenDecision,
    dry_run,
    rank_on,
    simulator_class,
)
from planrag.decisions.spec import DecisionSpec, spec_from_mapping
from planrag.engine import monitors
from planrag.engine.check import Checker, WrittenChecker, WrittenRanking
from planrag.engine.config import EngineConfig
from planrag.engine.events import (
    AnswerProposed,
    CandidateSimulated,
    CheckProposed,
    Claim,
    Event,
    MonitorNoticed,
    PlanMade,
    QueryFailed,
    QueryFinished,
    QueryRefused,
    QueryStarted,
    ReplanDecided,
    ReplanProposed,
    SchemaLookedUp,
    StepStarted,
)
from planrag.engine.evidence import (
    ResultIndex,
    check_claim,
    numbers_in,
    objection,
    rationale_claims,
)
from planrag.engine.placeholders import echoed_placeholder
from planrag.engine.plan_check import Requirements, before_answer, check_plan
from planrag.engine.state import PendingReplan, QueryRecord, RunState, StepModel
from planrag.engine.tools import (
    DescribeTables,
    MakePlan,
    PlanStepArgs,
    ProposeCheck,
    RevisePlan,
    RunQuery,
    SearchSchema,
    Technique,
    answer_model,
    tool_definitions,
    validation_message,
    what_if_model,
)
from planrag.errors import PlanRAGError, QueryError, RunError
from planrag.errors import QueryRefused as Refused
from planrag.schema.budget import describe_entities, search_schema
from planrag.simulators.base import build, evaluate
from planrag.simulators.state import as_of_now
from planrag.sources.base import DataSource
from planrag.table import Limits, Table

__all__ = ["ToolCalls"]

_log = logging.getLogger(__name__)


class ToolCalls:
    """The tool calls of one engine: its sources, simulator check and configuration."""

    def __init__(
        self,
        config: EngineConfig,
        technique: Technique,
        sources: Mapping[str, DataSource],
        checker: Checker | None,
        required: Requirements | None = None,
    ) -> None:
        self.config = config
        self.technique = technique
        self.sources = sources
        self.checker = checker
        self.required = required or Requirements()
        """What the dataset's decisions need: plans are held to it (engine.plan_check)."""
        self.tables: dict[tuple[str, str], Table] = {}
        """Every table a query fetched, by (run id, query id): previews are cut from them."""

    def answer_now(self, state: RunState, budget: str) -> None:
        """From now on only final_answer is offered; the model is told before its next turn
        (not now: the other tool calls of this turn still need their answers first)."""
        if state.answer_only is None:
            state.answer_only = budget

    def tools(self, state: RunState) -> tuple[dict[str, Any], ...]:
        dialects = tuple(sorted({self._source(s.language).dialect
                                 for s in self.sources.values()}))
        simulator = self.checker.simulator if self.checker else None
        single = not self.technique.iterative  # SingleRAG: one query, then the answer
        answer_only = bool(state.answer_only) or (single and bool(state.queries))
        return tool_definitions(
            self.technique,
            dialects,
            simulator,
            answer_only=answer_only,
            retrieve_only=single and not answer_only,
            what_if=self.config.what_if,
            schema_tools=state.schema_tools,
            propose=self.checker is None and state.proposal is None and not answer_only,
            schemas=tuple(sorted(state.tool_schemas.items())),
        )

    async def handle(self, state: RunState, call: dict[str, str]) -> AsyncIterator[Event]:
        name, call_id = call["name"], call["id"]
        try:
            args = json.loads(call["arguments"] or "{}")
            if not isinstance(args, dict):
                raise ValueError("the arguments must be a JSON object")
        except ValueError as exc:
            self.reply(state, call_id, f"the arguments of {name} are not valid JSON ({exc}); "
                        "call it again with a JSON object")
            return
        allowed = {t["function"]["name"] for t in self.tools(state)}
        if name not in allowed:
            self.reply(state, call_id, f"{name} is not available now; use one of: "
                        + ", ".join(sorted(allowed)))
            return
        echoed = echoed_placeholder(args)
        if echoed is not None:  # e.g. a decision that reads "<the decision alone>"
            where, placeholder = echoed
            what = _WHAT.get(re.sub(r"\[\d+\]", "", where).split(".")[-1], "value")
            self.reply(state, call_id, f"not accepted: the {where} of {name} repeats the "
                        f"placeholder {placeholder} from the instructions; write the real "
                        f"{what}, taken from the question and the data, in its place")
            return
        if name == "make_plan":
            async for event in self._make_plan(state, call_id, args):
                yield event
        elif name == "revise_plan":
            async for event in self._revise_plan(state, call_id, args):
                yield event
        elif name in ("run_sql", "run_cypher"):
            async for event in self._query(state, call_id, name, args):
                yield event
        elif name == "simulate_candidate":
            for event in await self._what_if(state, call_id, args):
                yield event
        elif name == "propose_check":
            async for event in self._propose_check(state, call_id, args):
                yield event
        elif name in ("search_schema", "describe_tables"):
            async for event in self._schema_tool(state, call_id, name, args):
                yield event
        else:
            async for event in self._final_answer(state, call_id, args):
                yield event

    def reply(self, state: RunState, call_id: str, content: str) -> None:
        state.messages.append({"role": "tool", "tool_call_id": call_id, "content": content})

    def _parse(
        self, state: RunState, call_id: str, tool: str, model: type[BaseModel], args: dict[str, Any]
    ) -> Any:
        try:
            return model.model_validate(args)
        except ValidationError as exc:
            self.reply(state, call_id, validation_message(tool, exc))
            return None

    async def _make_plan(
        self, state: RunState, call_id: str, args: dict[str, Any]
    ) -> AsyncIterator[Event]:
        plan = self._parse(state, call_id, "make_plan", MakePlan, args)
        if plan is None:
            return
        if state.plan is not None:
            if not self.technique.replan:
                self.reply(state, call_id, "the plan is fixed in this mode; carry it out")
                return
            revised = {"reason": "a new plan was made", "steps": args.get("steps", [])}
            async for event in self._revise_plan(state, call_id, revised):
                yield event
            return
        steps = await self._checked_plan(state, "make_plan", plan.steps)
        if isinstance(steps, str):  # sent back: not the plan, no event
            self.reply(state, call_id, steps)
            return
        state.plan = steps
        state.stage = "querying"
        self.reply(state, call_id, "Plan accepted. Carry out step 0 first.")
        yield PlanMade(tuple(s.event() for s in state.plan), 0)

    async def _revise_plan(
        self, state: RunState, call_id: str, args: dict[str, Any]
    ) -> AsyncIterator[Event]:
        revision = self._parse(state, call_id, "revise_plan", RevisePlan, args)
        if revision is None:
            return
        if state.plan is None:
            self.reply(state, call_id, "there is no plan yet: call make_plan")
            return
        monitored = state.monitors.approved is not None  # re-planning was approved already
        if not monitored and not self.config.replans_left(state.replans):
            self.reply(state, call_id, "no more re-plans are allowed; the current plan stands")
            self.answer_now(state, "max_replans")
            return
        steps = await self._checked_plan(state, "revise_plan", revision.steps)
        if isinstance(steps, str):  # sent back before the person is asked
            self.reply(state, call_id, steps)
            return
        if monitored:
            yield self._monitored_plan(state, call_id, steps)
            return
        state.replans += 1
        pending = PendingReplan(call_id=call_id, reason=revision.reason, steps=steps)
        yield ReplanProposed(
            revision.reason,
            tuple(s.event() for s in state.plan),
            tuple(s.event() for s in pending.steps),
        )
        for event in self.ask_or_decide(state, pending):
            yield event

    async def _checked_plan(self, state: RunState, tool: str, steps: list[PlanStepArgs]
                            ) -> list[StepModel] | str:
        """The plan's steps, held to the schema and the decision's needs (or the message
        that sends it back); taken as written when plan checks are off."""
        if self.config.plan_checks:
            return await check_plan(self.sources, self.required, state, tool, steps)
        return [StepModel(goal=s.goal, source=s.source, reads=[" ".join(r.split())
                                                                for r in s.reads],
                          yields=s.yields.strip()) for s in steps]

    def ask_or_decide(self, state: RunState, pending: PendingReplan) -> list[Event]:
        """The person is asked (the run pauses on `pending`), unless the consent setting
        decides: then its decision's events."""
        if self.config.consent == "ask":
            state.pending = pending
            return []
        return self.decide(state, pending, self.config.consent == "approve", "policy", None)

    def decide(
        self,
        state: RunState,
        pending: PendingReplan,
        approved: bool,
        by: Literal["person", "policy", "timeout"],
        note: str | None,
        approver: str | None = None,
    ) -> list[Event]:
        if pending.by == "check":
            return self._decide_check(state, approved, by, note, approver)
        events: list[Event] = [ReplanDecided(approved, by, note)]
        said = f" The person added: {note}" if note else ""
        if pending.by == "monitor":
            state.monitors.approved = pending.reason if approved else None
            state.messages.append({"role": "user", "content": (
                _MONITOR_APPROVED if approved else _MONITOR_DECLINED).format(
                    finding=pending.reason) + said})
            return events
        if pending.by == "simulator":
            if approved:
                state.stage = "answering"
                state.messages.append({"role": "user", "content": _SIMULATOR_REPLAN + said})
            else:
                state.stage = "finished"
            return events
        if approved:
            state.plan = pending.steps
            state.plan_revision += 1
            self.reply(state, pending.call_id, "The new plan is approved; follow it." + said)
            events.append(
                PlanMade(tuple(s.event() for s in state.plan), state.plan_revision,
                         pending.reason)
            )
        else:
            current = len(state.plan or [])
            state.rejected_steps += [s.goal for s in pending.steps[current:]]
            self.reply(state, pending.call_id,
                        "The person kept the current plan; continue with it: the new steps "
                        "you proposed do not run." + said)
        return events

    async def _query(
        self, state: RunState, call_id: str, tool: str, args: dict[str, Any]
    ) -> AsyncIterator[Event]:
        language: Literal["sql", "cypher"] = "sql" if tool == "run_sql" else "cypher"
        query = self._parse(state, call_id, tool, RunQuery, args)
        if query is None:
            return
        if self.technique.plan and state.plan is None:
            self.reply(state, call_id, "make a plan first (make_plan), then query")
            return
        if (state.rejected_steps and state.plan is not None and query.step is not None
                and query.step >= len(state.plan)):
            self.reply(state, call_id, f"not run: step {query.step} belongs to the plan the "
                        "person rejected. Carry on with the current plan's steps (0 to "
                        f"{len(state.plan) - 1}) or give your final answer.")
            return
        source = self._source(language)
        qid = f"q{len(state.queries) + 1}"
        text = query.query.strip()
        repeats = sum(1 for q in state.queries if _same(q.query, text))
        if repeats >= self.config.max_repeats:
            self.reply(state, call_id, f"this exact query already ran {repeats} times; its "
                        "result is above. Query something else or answer.")
            self.answer_now(state, "repeated_queries")
            return
        step = query.step if state.plan and query.step is not None and query.step < len(
            state.plan) else None
        if step is not None and state.plan is not None and state.plan[step].status == "pending":
            state.plan[step].status = "running"
            yield StepStarted(step, state.plan[step].goal)
        state.stage = "querying"
        holds = plan_verdict(query.plan_holds)
        yield QueryStarted(qid, language, text, step, thought=" ".join(
            (query.thought or "").split()), plan_holds=holds)
        try:
            with telemetry.query_span(state.trace, qid, language, source.name, text,
                                      step) as span:
                table = await source.execute(text, self._limits)
                telemetry.query_ran(span, table.total_rows, table.truncated)
        except Refused as exc:
            state.refused += 1
            state.queries.append(QueryRecord(id=qid, language=language, query=text, step=step,
                                             outcome="refused"))
            failed = self._step_failure(state, step, qid)
            self.reply(state, call_id, f"{qid} refused: {exc.reason}"
                       + monitors.said([failed] if failed else []))
            yield QueryRefused(qid, language, text, exc.reason, exc.rule)
            for event in self._step_failed(state, failed):
                yield event
            return
        except QueryError as exc:
            state.errors += 1
            state.queries.append(QueryRecord(id=qid, language=language, query=text, step=step,
                                             outcome="failed"))
            failed = self._step_failure(state, step, qid)
            self.reply(state, call_id, f"{qid} failed: {exc}"
                       + monitors.said([failed] if failed else []))
            yield QueryFailed(qid, language, text, str(exc))
            for event in self._step_failed(state, failed):
                yield event
            return
        self.tables[(state.run_id, qid)] = table
        state.queries.append(QueryRecord(id=qid, language=language, query=text, step=step,
                                         outcome="ok", rows=table.total_rows))
        if step is not None and state.plan is not None:
            state.plan[step].status = "done"
        noticed = await self._after_query(source, text, qid, step, table)
        self.reply(state, call_id, self._observation(qid, table) + monitors.said(noticed)
                   + self._replan_hint(state, holds))
        shown = table.rows[: self.config.max_rows_shown]
        yield QueryFinished(qid, tuple(table.columns), tuple(tuple(r) for r in shown),
                            table.total_rows, table.truncated, table.elapsed_ms,
                            table.incomplete)
        for event in noticed:
            yield event

    # -- execution monitors (planrag.engine.monitors)

    def _step_failure(self, state: RunState, step: int | None, qid: str
                      ) -> MonitorNoticed | None:
        return monitors.step_failure(state, step, qid) if self.config.monitors else None

    async def _after_query(self, source: DataSource, text: str, qid: str, step: int | None,
                           table: Table) -> list[MonitorNoticed]:
        if not self.config.monitors:
            return []
        if table.total_rows == 0 and not table.incomplete:
            try:
                return await monitors.value_not_found(source, text, qid, step, self._limits)
            except Exception:  # a monitor never breaks a run: it only stays silent
                _log.exception("the value monitor failed on %s", qid)
                return []
        cut = monitors.rows_cut(qid, table, self.config.max_rows_shown, step)
        return [cut] if cut is not None else []

    def _step_failed(self, state: RunState, failed: MonitorNoticed | None) -> list[Event]:
        """A step that failed twice: the finding, and a re-plan proposed through the consent
        path, when re-planning is possible; the rest of the model's turn does not run."""
        if failed is None:
            return []
        events: list[Event] = [failed]
        if (not self.technique.replan or state.plan is None or state.answer_only
                or not self.config.replans_left(state.replans)):
            return events
        state.replans += 1
        for rest in state.queued_calls:
            self.reply(state, rest["id"], "not run: a change of plan was proposed first")
        state.queued_calls = []
        pending = PendingReplan(call_id="", reason=failed.finding, steps=[], by="monitor")
        events.append(ReplanProposed(failed.finding, tuple(s.event() for s in state.plan), (),
                                     by="monitor"))
        return events + self.ask_or_decide(state, pending)

    def _monitored_plan(self, state: RunState, call_id: str, steps: list[StepModel]
                        ) -> PlanMade:
        """The new plan after an approved monitor re-plan, checked like any plan: taken
        without a second question (the person approved re-planning for this finding)."""
        finding, state.monitors.approved = state.monitors.approved, None
        state.plan = steps
        state.plan_revision += 1
        state.stage = "querying"
        self.reply(state, call_id, "The new plan is accepted (the person approved re-planning "
                   "for this reason); follow it, starting with step 0.")
        return PlanMade(tuple(s.event() for s in state.plan), state.plan_revision, finding)

    async def _answer_monitors(self, state: RunState, answer: Any,
                               results: list[tuple[str, Table]]
                               ) -> tuple[list[MonitorNoticed], bool]:
        """The answer's monitors: their findings, and whether they hold the answer back (the
        model is then told, once; the same answer given again stands, `kept`)."""
        if not self.config.monitors:
            return [], False
        decision = answer.decision
        ran = sum(1 for q in state.queries if q.outcome == "ok")
        # Only with every result of the run (one that could not be read again says nothing).
        tables = [t for _, t in results] if ran and len(results) == ran else None
        found = monitors.answer_findings(decision, tables, *await self._candidates(
            state, answer))
        if not found:
            return [], False
        key = str(decision).casefold()
        if key in state.monitors.told or state.answer_only:
            return [replace(f, kept=True) for f in found], False
        state.monitors.told.append(key)
        return found, True

    async def _candidates(self, state: RunState, answer: Any
                          ) -> tuple[list[Any] | None, int | None]:
        """The candidates the run's check ranks, where knowing them before the answer is
        cheap: a simulator on a dump (its ranking is remembered for the check), or the check
        the model proposed (its queries run once more). None for a live database's state or
        a written decision, whose check reads the data when the answer comes."""
        try:
            if self.checker is None and state.proposal is not None:
                spec, ranked = await self._proposed_answer(state)
                sim = simulator_class(spec)
                result = evaluate(build(sim, ranked, sim.parse_parameters(spec.defaults())))
                return [c.decision for c in result.ranking], len(result.ranking)
            checker = self.checker
            if checker is None or checker.read_state is not None or isinstance(
                    checker, WrittenChecker):
                return None, None
            params = (answer.parameters.model_dump(mode="json")
                      if getattr(answer, "parameters", None) is not None else None)
            check = checker.check(answer.decision, params)
        except (ValueError, PlanRAGError):
            return None, None
        except Exception:  # a plugin's bug is the check's to report, not the monitor's
            _log.exception("the candidates monitor could not rank the answer")
            return None, None
        if check is None:
            return None, None
        result = check[1]
        return [c.decision for c in result.ranking], len(result.ranking)

    def _replan_hint(self, state: RunState, holds: str) -> str:
        """A model that said the plan no longer holds is reminded to propose the new one
        (only revise_plan changes the plan, with the person's consent)."""
        if not holds.startswith("no") or not self.technique.replan or state.plan is None:
            return ""
        turn: dict[str, Any] = next(
            (m for m in reversed(state.messages) if m.get("role") == "assistant"), {})
        if any((c.get("function") or {}).get("name") == "revise_plan"
               for c in turn.get("tool_calls") or ()):
            return ""  # proposed in the same turn
        return ("\nYou said the plan no longer holds: propose the new plan with revise_plan "
                "(the person is asked), or carry on with this one.")

    def _source(self, language: str) -> DataSource:
        for source in self.sources.values():
            if source.language == language:
                return source
        raise RunError(f"no {language} source is open")  # tools never offer it

    def _observation(self, qid: str, table: Table) -> str:
        cols = list(table.columns)
        rows = table.rows[: self.config.max_rows_shown]
        lines = [" | ".join(cols)]
        for row in rows:
            lines.append(" | ".join(_cell(v) for v in row))
        text = "\n".join(lines)
        if len(text) > self.config.max_chars_shown:
            text = text[: self.config.max_chars_shown] + " ..."
        total = table.total_rows
        more = "" if len(rows) >= total else f" (showing the first {len(rows)})"
        cut = "; the source stopped at its cap" if table.truncated else ""
        warned = "".join(f"\n{qid} is INCOMPLETE: {note}" for note in table.incomplete)
        return f"{qid}: {total} row(s){more}{cut}\n{text}{warned}"

    async def _schema_tool(
        self, state: RunState, call_id: str, tool: str, args: dict[str, Any]
    ) -> AsyncIterator[Event]:
        """search_schema / describe_tables over every open source's schema."""
        model: type[BaseModel] = SearchSchema if tool == "search_schema" else DescribeTables
        parsed = self._parse(state, call_id, tool, model, args)
        if parsed is None:
            return
        parts: list[str] = []
        for source in self.sources.values():
            try:
                schema = await source.schema()
            except PlanRAGError as exc:
                parts.append(f"{source.name}: the schema cannot be read now ({exc})")
                continue
            if isinstance(parsed, SearchSchema):
                parts.append(search_schema(schema, parsed.terms))
            else:
                parts.append(describe_entities(schema, parsed.names))
        text = "\n\n".join(parts)
        self.reply(state, call_id, text)
        request = parsed.terms if isinstance(parsed, SearchSchema) else ", ".join(parsed.names)
        yield SchemaLookedUp(tool, request, _named_entities(text))  # type: ignore[arg-type]

    async def _what_if(
        self, state: RunState, call_id: str, args: dict[str, Any]
    ) -> list[Event]:
        assert self.checker is not None  # the tool is only offered with a simulator
        model = what_if_model(self.checker.simulator)
        parsed = self._parse(state, call_id, "simulate_candidate", model, args)
        if parsed is None:
            return []
        given = parsed.parameters.model_dump(mode="json") if parsed.parameters else None
        try:
            checker = await self.checker.prepared(parsed.decision, given,
                                                  getattr(parsed, "check", None))
            outcome = checker.simulate_one(parsed.decision, given)
        except PlanRAGError as exc:
            self.reply(state, call_id, f"the simulator could not run it: {exc}")
            return []
        decision, value, baseline, description, details = outcome
        self.reply(
            state, call_id,
            f"simulated {decision}: {description} = {value!r} (taking no decision: "
            f"{baseline!r}); details: {json.dumps(details, default=str)}",
        )
        return [CandidateSimulated(decision, value, baseline, description, dict(details))]

    # -- the numbers an answer rests on

    def _may_object(self, state: RunState) -> bool:
        """Whether the model may still be sent back to correct its numbers: once a run,
        and not when its budget or time leaves it only this answer."""
        return (self.config.claims_feedback and not state.claims_told
                and state.answer_only is None and not state.overtime)

    def _claims(self, state: RunState, answer: Any, tables: list[tuple[str, Table]]
                ) -> tuple[Claim, ...]:
        """The answer's claims, and the numbers its rationale states, checked against the
        whole results of the run's queries (`tables`)."""
        lookup = dict(tables).get
        index = ResultIndex(tables)
        claims = [check_claim(c.text, c.value, c.source, lookup, index)
                  for c in answer.claims]
        given = getattr(answer, "parameters", None)
        skip = [c.value for c in claims] + numbers_in(state.question) + numbers_in(
            str(answer.decision)) + numbers_in(given.model_dump_json() if given else "")
        claims += [claim for _, claim in rationale_claims(answer.rationale, index, skip)]
        return tuple(replace(c, value=_whole(c.value)) for c in claims)

    async def _results(self, state: RunState) -> list[tuple[str, Table]]:
        """Every result of the run's queries, in order. A run resumed in another process
        has not got them: its queries are read again, through the same guards."""
        out = []
        for record in state.queries:
            if record.outcome != "ok":
                continue
            table = self.tables.get((state.run_id, record.id))
            if table is None:
                try:
                    table = await self._source(record.language).execute(record.query,
                                                                          self._limits)
                except (PlanRAGError, RunError):
                    continue
                self.tables[(state.run_id, record.id)] = table
            out.append((record.id, table))
        return out

    # -- a check the model proposes (datasets without one)

    @property
    def _limits(self) -> Limits:
        return self.config.query_limits or Limits()

    def _proposal_source(self, target: str | None) -> tuple[str, DataSource]:
        if target is None:
            name = next((t for t, s in self.sources.items() if s.language == "sql"),
                        next(iter(self.sources)))
            return name, self.sources[name]
        if target not in self.sources:
            raise RunError(f"its target {target!r} is not open in this run; leave `target` "
                           f"out or name {', '.join(self.sources)}")
        return target, self.sources[target]

    async def _propose_check(
        self, state: RunState, call_id: str, args: dict[str, Any]
    ) -> AsyncIterator[Event]:
        parsed = self._parse(state, call_id, "propose_check", ProposeCheck, args)
        if parsed is None:
            return
        raw = parsed.model_dump(exclude_none=True)
        raw["id"] = proposal_id(parsed.title)
        try:
            target, source = self._proposal_source(parsed.target)
            raw["target"] = target
            spec = spec_from_mapping(raw, "the proposed check", origin="proposed")
            dry = await dry_run(source, spec, self._limits)
            if not dry.ok:
                raise RunError(str(dry.error))
            answer = await rank_on(source, spec, spec.defaults(), self._limits)
        except (ValueError, PlanRAGError) as exc:
            self.reply(state, call_id, f"not accepted: {exc}; call propose_check again, "
                       "fixed, or give your final answer without a check")
            return
        sim = simulator_class(spec)
        result = evaluate(build(sim, answer, sim.parse_parameters(spec.defaults())))
        if not result.ranking:
            self.reply(state, call_id, "not accepted: with its default parameters it ranks "
                       "no candidate (`candidates` and `value` share no decision); fix it")
            return
        state.proposal = {"spec": spec.to_mapping()}
        sample = tuple((c.decision, result.label(c.decision), c.value)
                       for c in result.ranking[:5])
        yield CheckProposed(
            title=spec.title, goal=spec.goal.replace("is", "iz"), objective=spec.description,
            unit=spec.unit, target=target, candidates_query=spec.candidates,
            value_query=spec.value, baseline_query=spec.baseline,
            parameters=tuple((p.name, p.type, p.default) for p in spec.parameters),
            candidates=len(result.ranking), sample=sample, baseline=result.baseline,
            spec=spec.to_mapping(),
        )
        best = result.ranking[0]
        self.reply(state, call_id,
                   f"Recorded: it ranks {len(result.ranking)} candidates; with its defaults "
                   f"the best is {best.decision} ({best.value!r}; deciding nothing: "
                   f"{result.baseline!r}). The person sees it beside your answer and decides "
                   "whether it ranks the answer. Give your final answer now: one of its "
                   "candidates, by its key.")

    def _proposed_spec(self, state: RunState) -> DecisionSpec:
        assert state.proposal is not None
        return spec_from_mapping(state.proposal["spec"], "the proposed check",
                                 origin="proposed")

    async def _proposed_answer(self, state: RunState) -> tuple[DecisionSpec, DecisionState]:
        spec = self._proposed_spec(state)
        _, source = self._proposal_source(spec.target)
        return spec, await rank_on(source, spec, spec.defaults(), self._limits)

    async def _answer_with_proposal(
        self, state: RunState, call_id: str, decision: Any
    ) -> AsyncIterator[Event]:
        """The answer has come and a check was proposed: the candidates must include the
        answer; then the person decides (or the consent policy does) whether it ranks it."""
        assert state.answer is not None
        self.reply(state, call_id, "Answer recorded.")
        try:
            spec, answer = await self._proposed_answer(state)
        except (ValueError, PlanRAGError) as exc:
            state.stage = "finished"
            state.answer["check_note"] = f"the check the assistant proposed could not run: {exc}"
            return
        sim = simulator_class(spec)
        probe = build(sim, answer, sim.parse_parameters(spec.defaults()))
        assert isinstance(probe, WrittenDecision)
        if probe.key_of(decision) is None:
            state.stage = "finished"
            state.proposal = {**state.proposal, "refused": True} if state.proposal else None
            state.answer["check_note"] = (
                f"the check the assistant proposed was not used: its candidates do not "
                f"include the answer {decision}")
            return
        pending = PendingReplan(call_id=call_id, steps=[], by="check",
                                reason=f"rank the answer with the check the assistant "
                                f"proposed, \u201c{spec.title}\u201d")
        for event in self.ask_or_decide(state, pending):
            yield event

    def _decide_check(
        self, state: RunState, approved: bool, by: Literal["person", "policy", "timeout"],
        note: str | None, approver: str | None,
    ) -> list[Event]:
        assert state.proposal is not None and state.answer is not None
        who = {"policy": "the consent setting",
               "timeout": "default, as no one answered in time"}.get(by, approver or "you")
        state.proposal = {**state.proposal, "approved": approved, "approved_by": who}
        if approved:
            state.stage = "check_approved"
        else:
            state.stage = "finished"
            state.answer["check_note"] = ("the check the assistant proposed was not used: "
                                          f"declined by {who}")
        return [ReplanDecided(approved, by, note, about="check")]

    async def run_approved_check(self, state: RunState, live: bool) -> AsyncIterator[Event]:
        """The approved proposal ranks the answer, on the data as it is now, exactly as a
        decision written in the manifest would."""
        assert state.proposal is not None and state.answer is not None
        state.stage = "finished"
        decision = state.answer["decision"]
        try:
            spec, answer = await self._proposed_answer(state)
            sim = simulator_class(spec)
            as_of = as_of_now() if live else None
            ranked = WrittenRanking(sim, answer, spec.defaults(), None, as_of=as_of, spec=spec)
            check = ranked.check(decision, None)
        except (ValueError, PlanRAGError) as exc:
            state.answer["check_note"] = f"the check the assistant proposed could not run: {exc}"
            return
        assert check is not None
        event = replace(check[0], approved_by=str(state.proposal.get("approved_by", "")))
        state.answer["verified"] = event.best
        yield event

    async def _final_answer(
        self, state: RunState, call_id: str, args: dict[str, Any]
    ) -> AsyncIterator[Event]:
        simulator = self.checker.simulator if self.checker else None
        answer = self._parse(state, call_id, "final_answer", answer_model(simulator), args)
        if answer is None:
            return
        results = await self._results(state)  # read once, for the monitors and the claims
        noticed, doubted = await self._answer_monitors(state, answer, results)
        for finding in noticed:
            yield finding
        known = {q.id for q in state.queries}
        cited = tuple(q for q in answer.query_ids if q in known)
        claims = self._claims(state, answer, results)
        # Held back once for each kind of reason, all said in one message: a decision the
        # data or the check does not know (engine.monitors), steps never run or a needed
        # quantity never read (engine.plan_check), numbers the data does not bear out.
        told = []
        if doubted:
            told.append("Noticed: " + " ".join(f.finding for f in noticed) + " Check it "
                        "against the data: correct it, or give the same decision if you are "
                        "sure (it then stands, with this note beside it).")
        planned = (await before_answer(self.sources, self.required, state)
                   if self.config.plan_checks else None)
        if planned:
            told.append(planned.removeprefix("Not recorded yet. ").removesuffix(
                " Then call final_answer again."))
        numbers = objection(claims) if self._may_object(state) else ""
        if numbers:
            state.claims_told = True
        if told or numbers:
            text = "Not recorded yet. " + " ".join(told) if told else ""
            if numbers:
                text = (text + "\n" + numbers.replace("Not recorded yet: these", "These", 1)
                        if text else numbers)
            else:
                text += " Then call final_answer again."
            self.reply(state, call_id, text)
            return
        state.answer = {
            "decision": answer.decision,
            "rationale": answer.rationale,
            "query_ids": list(cited),
            "parameters": (
                answer.parameters.model_dump(mode="json")
                if getattr(answer, "parameters", None) is not None
                else None
            ),
            "claims": [asdict(c) for c in claims],
        }
        yield AnswerProposed(answer.decision, answer.rationale, cited, claims=claims)
        state.stage = "checking"
        if self.checker is None and state.proposal is not None:
            async for event in self._answer_with_proposal(state, call_id, answer.decision):
                yield event
            return
        check = None
        if self.checker is not None:
            try:
                with telemetry.check_span(state.trace, self.checker.simulator.name,
                                          answer.decision) as span:
                    checker = await self.checker.prepared(
                        answer.decision, state.answer["parameters"],
                        getattr(answer, "check", None))
                    check = checker.check(answer.decision, state.answer["parameters"])
                    telemetry.check_outcome(span, check[0] if check is not None else None)
            except PlanRAGError as exc:
                self.reply(state, call_id, "Answer recorded.")
                state.stage = "finished"
                state.answer["check_note"] = f"the simulator check failed: {exc}"
                return
        if check is None:
            self.reply(state, call_id, "Answer recorded.")
            state.stage = "finished"
            if self.checker is not None:
                state.answer["check_note"] = (
                    "the simulator check needs the question's parameters; none were given"
                )
            return
        event, result = check
        state.answer["verified"] = event.best
        yield event
        if (
            event.agrees
            or self.config.on_disagreement != "replan"
            or state.simulator_replans >= 1
            or not self.config.replans_left(state.replans)
        ):
            self.reply(state, call_id, "Answer recorded.")
            state.stage = "finished"
            return
        state.simulator_replans += 1
        state.replans += 1
        ranking = ", ".join(f"{c.decision} ({c.value:.6g})" for c in result.ranking[:5])
        pending = PendingReplan(
            call_id=call_id,
            reason=(
                f"The simulator ranks {event.best} first ({result.description}); the answer "
                f"{answer.decision} ranks {event.rank}. Top candidates: {ranking}."
            ),
            steps=[StepModel(goal=f"check why {event.best} beats {answer.decision} in the data",
                             source="none")],
            by="simulator",
        )
        # The final_answer call is answered now, and the rest of the turn with it; the
        # person's decision follows as a user turn.
        self.reply(state, call_id, pending.reason)
        for rest in state.queued_calls:
            self.reply(state, rest["id"], "not run: the answer was already given")
        state.queued_calls = []
        yield ReplanProposed(pending.reason, tuple(s.event() for s in state.plan or []),
                             tuple(s.event() for s in pending.steps), by="simulator")
        for event in self.ask_or_decide(state, pending):
            yield event


_WHAT = {"decision": "decision", "rationale": "reasons", "goal": "goal of the step",
         "query": "query", "reason": "reason", "terms": "words", "names": "names",
         "reads": "names of what the step reads", "yields": "quantity the step yields"}
"""What a tool argument holds, for saying what to write instead of a placeholder."""

_MONITOR_APPROVED = (
    "The plan must change: {finding} The person approved re-planning for this reason. Write "
    "the new plan now with revise_plan (the steps still to do, another way); it is taken "
    "without asking the person again."
)
_MONITOR_DECLINED = (
    "The person chose to keep the current plan although {finding} Continue with the "
    "current plan (try the step another way, or go on to the next), or give your final "
    "answer."
)

_SIMULATOR_REPLAN = (
    "Re-examine the data with the simulator's ranking in mind, then give your final answer "
    "again with final_answer."
)



_ENTITY_LINE = re.compile(
    r"(?:^|\s)(?:TABLE ([^\s(,]+)|NODE \(?:([^\s{,)]+)|REL :([^\s,]+)|REL [^\[\n]*\[:([^\]\n]+)\])",
    re.M,
)


def _named_entities(text: str) -> tuple[str, ...]:
    """The tables/labels/types a schema tool's answer lists (its lines start with them)."""
    names = (next(g for g in m.groups() if g) for m in _ENTITY_LINE.finditer(text))
    return tuple(dict.fromkeys(names))[:20]


def plan_verdict(said: str | None) -> str:
    """What a model said of its plan after a result, as "yes", "no: <why>" or ""."""
    text = " ".join((said or "").split())
    if not text:
        return ""
    match = re.match(r"(?i)^\W*(yes|y|holds|true|no|n|false)\b\W*", text)
    if match is None:  # words, not a yes or no: a doubt only when they say one
        doubt = re.search(r"(?i)\b(?:not|no longer|wrong|fail\w*|missing|cannot|instead)\b"
                          r"|n't\b", text)
        return f"no: {text}"[:600] if doubt else "yes"
    if match.group(1).lower() in ("yes", "y", "holds", "true"):
        return "yes"
    reason = text[match.end():].strip()
    return f"no: {reason}"[:600] if reason else "no"


def _whole(value: float) -> float:
    """A whole number as an int (999, not 999.0, in the JSON)."""
    return int(value) if float(value).is_integer() and abs(value) < 2**53 else value


def _same(a: str, b: str) -> bool:
    return re.sub(r"\s+", " ", a.strip().rstrip(";")).lower() == re.sub(
        r"\s+", " ", b.strip().rstrip(";")
    ).lower()


def _cell(value: Any) -> str:
    if value is None:
        return "NULL"
    text = value if isinstance(value, str) else repr(value) if isinstance(value, float) else str(
        value)
    return text if len(text) <= 80 else text[:79] + "…"


_PROPOSED_ID = re.compile(r"[^a-z0-9]+")


def proposal_id(title: str) -> str:
    """A decision id for a proposed check, from its title ("Extra night nurses" →
    "extra-night-nurses")."""
    slug = _PROPOSED_ID.sub("-", title.lower()).strip("-")[:40].strip("-")
    return slug if slug[:1].isalpha() else f"check-{slug}".strip("-")[:40]
