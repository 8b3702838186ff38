"""What the engine does with each tool call the model makes.

`ToolCalls.handle` checks a call (its arguments are a JSON object, its tool is offered now,
no argument repeats a placeholder of the instructions, its arguments are valid: the model
sees a precise message when one is not), looks its tool up in the registry
(`planrag.engine.tools`) and yields the events the tool's handler causes. Every call gets
exactly one tool message back in the run's messages.

What the tools share is here: the sources and what their queries fetched, the check the
model proposed, and the consent path: a re-plan, a monitor's finding or a proposed check
waits for the person (or the consent setting), and `decide` applies the answer.

A query and a simulator check each get a span under the run's (planrag.telemetry), ended
before their events are yielded: a span times the work, not the front end's rendering.
"""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator, Mapping
from dataclasses import replace
from typing import Any, Literal

from pydantic import BaseModel, ValidationError

from planrag.decisions.run import DecisionState, rank_on, simulator_class
from planrag.decisions.spec import DecisionSpec, spec_from_mapping
from planrag.engine import plan_changes
from planrag.engine.asks import asks_decision
from planrag.engine.check import Checker, WrittenChecker, WrittenRanking
from planrag.engine.config import EngineConfig
from planrag.engine.events import Event, PlanMade, ReplanDecided
from planrag.engine.placeholders import echoed_placeholder
from planrag.engine.plan_check import Requirements
from planrag.engine.state import PendingReplan, RunState
from planrag.engine.tools import (
    Offer,
    Technique,
    tool_definitions,
    tool_named,
    validation_message,
)
from planrag.engine.tools.query import plan_verdict as plan_verdict
from planrag.errors import PlanRAGError, RunError
from planrag.simulators.state import as_of_now
from planrag.sources.base import DataSource
from planrag.table import Limits, Table

__all__ = ["ToolCalls", "plan_verdict"]


class ToolCalls:
    """The tool calls of one engine: its sources, simulator check and configuration."""

    def __init__(
        self,
        config: EngineConfig,
        technique: Technique,
        sources: Mapping[str, DataSource],
        checker: Checker | None,
        required: Requirements | None = None,
        rules: str = "",
    ) -> None:
        self.config = config
        self.rules = rules
        """The dataset's business rules: numbers they state source an answer's numbers."""
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

    def offer(self, state: RunState) -> Offer:
        """What decides the tools offered now: the run's phase read off its state (SingleRAG
        retrieves once, then only answers; a budget reached leaves only the answer)."""
        dialects = tuple(sorted({self.source(s.language).dialect
                                 for s in self.sources.values()}))
        simulator = self.checker.simulator if self.checker else None
        single = not self.technique.iterative  # SingleRAG: one query, then the answer
        answer_only = bool(state.answer_only) or (single and bool(state.queries))
        paper = self.config.prompts == "paper"  # the schema is whole there: no look-ups
        return Offer(
            self.technique,
            dialects,
            simulator,
            answer_only=answer_only,
            retrieve_only=single and not answer_only,
            what_if=self.config.what_if,
            schema_tools=state.schema_tools and not paper,
            propose=(self.checker is None and state.proposal is None and not answer_only
                     and not paper),
            schemas=tuple(sorted(state.tool_schemas.items())),
            checks=self.checks(state) if self.config.offer_check else (),
            paper=paper,
        )

    def checks(self, state: RunState) -> tuple[tuple[str, str], ...]:
        """(id, title) of the checks that may rank this run's answer: the dataset's, else
        the one the model proposed in this run."""
        if self.checker is not None:
            return self.checker.checks
        if state.proposal is not None and not state.proposal.get("refused"):
            spec = state.proposal["spec"]
            return ((str(spec["id"]), str(spec["title"])),)
        return ()

    def required_for(self, state: RunState) -> Requirements:
        """What a plan for this run's question must read: the dataset's needs where the
        question asks a decision (or every question is checked); nothing for a question of
        fact, which no check speaks to."""
        if self.config.check_every_answer or self.asks_decision(state):
            return self.required
        return Requirements()

    @staticmethod
    def asks_decision(state: RunState) -> bool:
        """Whether the run's question asks for a decision, by its words (and, for a
        follow-up, the conversation's question before it): `planrag.engine.asks`."""
        before = state.history[-1].question if state.history else None
        return asks_decision(state.question, before)

    def parameter_numbers(self, state: RunState) -> list[float]:
        """The numbers of the parameters the run's check would use: the question's, and
        the check's defaults."""
        defaults: list[Any] = []
        if isinstance(self.checker, WrittenChecker):
            defaults = [v for spec in self.checker.specs for v in spec.defaults().values()]
        elif self.checker is not None:
            defaults = [f.default for f in self.checker.simulator.Parameters.model_fields.values()
                        if not f.is_required()]
            defaults += list((self.checker.question_parameters or {}).values())
        elif state.proposal is not None:
            defaults = [p.get("default") for p in
                        (state.proposal["spec"].get("parameters") or {}).values()]
        return [float(v) for v in defaults
                if isinstance(v, int | float) and not isinstance(v, bool)]

    def tools(self, state: RunState, offer: Offer | None = None) -> tuple[dict[str, Any], ...]:
        offer = offer or self.offer(state)
        return tool_definitions(
            offer.technique, offer.dialects, offer.simulator, answer_only=offer.answer_only,
            retrieve_only=offer.retrieve_only, what_if=offer.what_if,
            schema_tools=offer.schema_tools, propose=offer.propose, schemas=offer.schemas,
            checks=offer.checks, paper=offer.paper,
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
        offer = self.offer(state)
        allowed = {t["function"]["name"] for t in self.tools(state, offer)}
        tool = tool_named(name)
        if name not in allowed or tool is None:
            self.reply(state, call_id, f"{name} is not available now; use one of: "
                        + ", ".join(sorted(allowed)))
            return
        echoed = echoed_placeholder(args)
        if echoed is not None:  # e.g. a decision that reads "<the decision alone>"
            where, placeholder = echoed
            field = re.sub(r"\[\d+\]", "", where).split(".")[-1]
            what = tool.argument_words.get(field, "value")
            self.reply(state, call_id, f"not accepted: the {where} of {name} repeats the "
                        f"placeholder {placeholder} from the instructions; write the real "
                        f"{what}, taken from the question and the data, in its place")
            return
        parsed = self._parse(state, call_id, name, tool.arguments(offer), args)
        if parsed is None:
            return
        async for event in tool.handle(self, state, call_id, parsed):
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

    # -- the consent path: re-plans, monitors' findings, proposed checks

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
                plan_changes.approved(state, "simulator", [], pending.steps)
                state.stage = "answering"
                state.messages.append({"role": "user", "content": _SIMULATOR_REPLAN + said})
            else:
                state.stage = "finished"
            return events
        if approved:
            plan_changes.approved(state, "model", state.plan or [], pending.steps)
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
            spec, answer = await self.proposed_answer(state)
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

    # -- the sources and what their queries fetched

    def source(self, language: str) -> DataSource:
        """The open source of a query language."""
        for source in self.sources.values():
            if source.language == language:
                return source
        raise RunError(f"no {language} source is open")  # tools never offer it

    @property
    def limits(self) -> Limits:
        return self.config.query_limits or Limits()

    async def results(self, state: RunState) -> list[tuple[str, Table]]:
        """Every result of the run's queries, in order. A run resumed in another process
        has not got them: its queries are read again, through the same guards."""
        out = []
        for record in state.queries:
            if record.outcome != "ok":
                continue
            table = self.tables.get((state.run_id, record.id))
            if table is None:
                try:
                    table = await self.source(record.language).execute(record.query,
                                                                         self.limits)
                except (PlanRAGError, RunError):
                    continue
                self.tables[(state.run_id, record.id)] = table
            out.append((record.id, table))
        return out

    # -- the check the model proposed (datasets without one)

    def proposal_source(self, target: str | None) -> tuple[str, DataSource]:
        """Where a proposed check runs: its target, else the first SQL source."""
        if target is None:
            name = next((t for t, s in self.sources.items() if s.language == "sql"),
                        next(iter(self.sources)))
            return name, self.sources[name]
        if target not in self.sources:
            raise RunError(f"its target {target!r} is not open in this run; leave `target` "
                           f"out or name {', '.join(self.sources)}")
        return target, self.sources[target]

    def _proposed_spec(self, state: RunState) -> DecisionSpec:
        assert state.proposal is not None
        return spec_from_mapping(state.proposal["spec"], "the proposed check",
                                 origin="proposed")

    async def proposed_answer(self, state: RunState) -> tuple[DecisionSpec, DecisionState]:
        """The proposed check's queries run now, with its defaults."""
        spec = self._proposed_spec(state)
        _, source = self.proposal_source(spec.target)
        return spec, await rank_on(source, spec, spec.defaults(), self.limits)


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
