"""final_answer: the one best decision and why, with the numbers it rests on. Offered in
every turn but SingleRAG's first. Before it is recorded, the monitors, the plan checks and
the claims checks may hold it back once (ARCHITECTURE.md, "Grounded answers"); once recorded,
the dataset's check ranks it, a proposed check waits for the person's consent, and a
disagreeing simulator may propose a re-plan."""

from __future__ import annotations

import logging
import re
from collections.abc import AsyncIterator
from dataclasses import asdict, replace
from functools import cache
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, create_model

from planrag import telemetry
from planrag.decisions.run import WrittenDecision, simulator_class
from planrag.engine import events as ev
from planrag.engine import monitors
from planrag.engine.check import WrittenChecker
from planrag.engine.events import AnswerProposed, Claim, Event, MonitorNoticed, ReplanProposed
from planrag.engine.evidence import (
    MAX_CLAIMS,
    SOURCE_HELP,
    ResultIndex,
    check_claim,
    numbers_in,
    objection,
    rationale_claims,
)
from planrag.engine.plan_check import Requirements, before_answer
from planrag.engine.sourced import Given
from planrag.engine.state import PendingReplan, RunState, StepModel
from planrag.engine.tools._base import Args, AuditEntry, ModelTool, Offer, TextForm
from planrag.errors import PlanRAGError
from planrag.simulators.base import Simulator, build, evaluate
from planrag.table import Table

if TYPE_CHECKING:
    from planrag.engine.calls import ToolCalls

__all__ = ["TOOLS", "ClaimArgs", "answer_model", "decision_fields"]

_log = logging.getLogger(__name__)


class ClaimArgs(Args):
    text: str = Field(min_length=1, max_length=300,
                      description="what the number is, in a few words")
    value: float = Field(description="the number, as a JSON number, at the precision you "
                         "state it (12.5; 1240)")
    source: str | None = Field(default=None, max_length=400,
                               description=f"where it comes from: {SOURCE_HELP}")


class _AnswerBase(Args):
    rationale: str = Field(min_length=1, max_length=4000, description="why, citing the data")
    query_ids: list[str] = Field(
        default_factory=list, max_length=50, description="ids (q1, q2, ...) of the queries used"
    )
    claims: list[ClaimArgs] = Field(
        default_factory=list, max_length=MAX_CLAIMS,
        description="the numbers the decision rests on, each with its source; each is "
        "checked against the query results",
    )


class _PaperAnswerBase(Args):
    # The paper's final answer is the answer and the thought before it; what else a model
    # adds (ids, claims) is dropped, not refused.
    model_config = ConfigDict(extra="ignore")

    rationale: str = Field(min_length=1, max_length=4000,
                           description="why, from the observed data")


NONE = "none"
"""The `check` of an answer of fact: no check speaks to it."""


@cache
def answer_model(simulator: type[Simulator] | None,
                 checks: tuple[tuple[str, str], ...] = (), paper: bool = False
                 ) -> type[BaseModel]:
    """The `final_answer` arguments: the decision is typed by the dataset's simulator (a trade
    node name, a building id...), free text without one; the simulator's parameters may be
    stated too, so a check can run on questions that do not carry them. With `checks`
    ((id, title) of each check that may rank the answer), `check` says which one the
    question asks about, or "none" for a question of fact, whose answer is then free text
    too. `paper`: the decision and why, as the paper's agent answered (no ids or claims)."""
    fields: dict[str, Any] = (
        {"decision": (str, Field(min_length=1, max_length=400, description="the decision"))}
        if simulator is None else decision_fields(simulator, facts=bool(checks), paper=paper))
    if checks:
        ids = tuple(i for i, _ in checks)
        named = "; ".join(f"{i}: {title}" for i, title in checks)
        fields["check"] = (Literal[(*ids, NONE)] | None, Field(
            default=None, description=f"which check ranks the answer against every "
            f"alternative ({named}): the id of the one whose decision the question asks "
            f"for, or \"{NONE}\" when the question asks a fact, not a decision"))
    return create_model("FinalAnswer", __base__=_PaperAnswerBase if paper else _AnswerBase,
                        **fields)


def decision_fields(simulator: type[Simulator], *, facts: bool = False, paper: bool = False
                    ) -> dict[str, Any]:
    """A `decision` field typed like the simulator's decision (or, with `facts`, that or
    the answer to a question of fact in a few words), and optional `parameters`; on a
    dataset with several written decisions, an optional `check` naming the one the
    question is about (the what-if's). `paper`: the decision alone."""
    name = simulator.decision_field()
    info = simulator.Decision.model_fields[name]
    described = info.description or name
    kind: Any = info.annotation
    if facts:
        if kind is not str and kind != (str | int):
            kind = kind | str
        described += "; for a question of fact (check \"none\"), the answer in a few words"
    fields: dict[str, Any] = {"decision": (kind, Field(description=described))}
    if paper:
        return fields
    fields |= {
        "parameters": (
            simulator.Parameters | None,
            Field(default=None, description="the question's parameters, as you read them"),
        ),
    }
    ids = getattr(simulator, "decision_ids", ())
    if len(ids) > 1 and not facts:
        fields["check"] = (Literal[ids] | None, Field(
            default=None, description="which of the dataset's decisions the question is "
            "about (its id), so that one checks the answer"))
    return fields


class FinalAnswerTool(ModelTool):
    def offered(self, offer: Offer) -> bool:
        return not offer.retrieve_only

    def arguments(self, offer: Offer) -> type[BaseModel]:
        return answer_model(offer.simulator, offer.checks, offer.paper)

    def description(self, offer: Offer) -> str:
        if offer.paper and not offer.checks:
            return "Give the final answer to the question, from the observed data, and why."
        if offer.checks:
            return ("Give the one best decision and why, with the check that ranks it; or, "
                    "for a question of fact, the answer and why, with check \"none\".")
        return "Give the one best decision and why."

    async def handle(self, calls: ToolCalls, state: RunState, call_id: str, args: Any
                     ) -> AsyncIterator[Event]:
        answer = args
        factual = _factual(calls, state, answer)
        results = await calls.results(state)  # read once, for the monitors and the claims
        noticed, doubted = (([], False) if factual
                            else await _answer_monitors(calls, state, answer, results))
        for finding in noticed:
            yield finding
        known = {q.id for q in state.queries}
        cited = tuple(q for q in getattr(answer, "query_ids", ()) if q in known)
        claims = _claims(calls, state, answer, results)
        # Held back once for each kind of reason, all said in one message: a decision the
        # data or the check does not know (engine.monitors), steps never run or a needed
        # quantity never read (engine.plan_check), numbers the data does not bear out.
        told = []
        if doubted:
            told.append("Noticed: " + " ".join(f.finding for f in noticed) + " Check it "
                        "against the data: correct it, or give the same decision if you are "
                        "sure (it then stands, with this note beside it).")
        required = Requirements() if factual else calls.required_for(state)
        planned = (await before_answer(calls.sources, required, state)
                   if calls.config.plan_checks else None)
        if planned:
            told.append(planned.removeprefix("Not recorded yet. ").removesuffix(
                " Then call final_answer again."))
        numbers = objection(claims) if _may_object(calls, state) else ""
        if numbers:
            state.claims_told = True
        if told or numbers:
            text = "Not recorded yet. " + " ".join(told) if told else ""
            if numbers:
                text = (text + "\n" + numbers.replace("Not recorded yet: these", "These", 1)
                        if text else numbers)
            else:
                text += " Then call final_answer again."
            calls.reply(state, call_id, text)
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
            "factual": factual,
            "label": label_of(answer.decision, results),
        }
        yield AnswerProposed(answer.decision, answer.rationale, cited, claims=claims,
                             factual=factual, label=state.answer["label"])
        state.stage = "checking"
        if factual:  # no check speaks to a question of fact
            calls.reply(state, call_id, "Answer recorded.")
            state.stage = "finished"
            return
        if calls.checker is None and state.proposal is not None:
            async for event in _answer_with_proposal(calls, state, call_id, answer.decision):
                yield event
            return
        named = getattr(answer, "check", None)
        check = None
        if calls.checker is not None:
            try:
                with telemetry.check_span(state.trace, calls.checker.simulator.name,
                                          answer.decision) as span:
                    checker = await calls.checker.prepared(
                        answer.decision, state.answer["parameters"], named)
                    check = checker.check(answer.decision, state.answer["parameters"])
                    telemetry.check_outcome(span, check[0] if check is not None else None)
            except PlanRAGError as exc:
                calls.reply(state, call_id, "Answer recorded.")
                state.stage = "finished"
                state.answer["check_note"] = f"the check failed: {exc}"
                return
        if check is None:
            calls.reply(state, call_id, "Answer recorded.")
            state.stage = "finished"
            if calls.checker is not None:
                state.answer["check_note"] = (  # a simulator's or a written decision's
                    "the check needs values the question did not give")
            return
        if check[0].rank is None and named is None and not calls.config.check_every_answer:
            # The question named no check, and the answer is none of its candidates: it
            # asks another decision, which the check does not speak to.
            calls.reply(state, call_id, "Answer recorded.")
            state.stage = "finished"
            state.answer["check_note"] = _not_its_decision(check[0], answer.decision)
            return
        event, result = check
        state.answer["verified"] = event.best
        yield event
        if (
            event.agrees
            or calls.config.on_disagreement != "replan"
            or state.simulator_replans >= 1
            or not calls.config.replans_left(state.replans)
        ):
            calls.reply(state, call_id, "Answer recorded.")
            state.stage = "finished"
            return
        state.simulator_replans += 1
        state.replans += 1
        ranking = ", ".join(f"{c.decision} ({c.value:.6g})" for c in result.ranking[:5])
        state.check_numbers += [float(f"{c.value:.6g}") for c in result.ranking[:5]]
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
        calls.reply(state, call_id, pending.reason)
        for rest in state.queued_calls:
            calls.reply(state, rest["id"], "not run: the answer was already given")
        state.queued_calls = []
        yield ReplanProposed(pending.reason, tuple(s.event() for s in state.plan or []),
                             tuple(s.event() for s in pending.steps), by="simulator")
        for event in calls.ask_or_decide(state, pending):
            yield event

    @staticmethod
    def audit(event: Event, seen: dict[str, Any]) -> AuditEntry | None:
        """The answer, with its claims, and the check that ranked it."""
        match event:
            case ev.AnswerProposed():
                return ("answer", {"decision": event.decision, "rationale": event.rationale,
                                   "label": event.label, "factual": event.factual,
                                   "claims": [
                                       {"text": c.text, "value": c.value, "source": c.source,
                                        "verified": c.verified, "origin": c.origin}
                                       for c in event.claims]})
            case ev.SimulatorChecked():
                return ("check", {"decision": event.decision, "agrees": event.agrees,
                                  "rank": event.rank, "best": event.best,
                                  "decision_label": event.label(event.decision),
                                  "best_label": event.label(event.best),
                                  "decision_model": event.decision_model,
                                  "check_id": event.check_id,
                                  "approved_by": event.approved_by})
        return None


def _factual(calls: ToolCalls, state: RunState, answer: Any) -> bool:
    """Whether the answer is one of fact, to which no check speaks: the model says so
    (`check: "none"`); or it names no check, the run proposed none for it, and the question
    asks no decision (`planrag.engine.asks`). Never in a benchmark run, where every answer
    is checked."""
    if calls.config.check_every_answer:
        return False
    named = getattr(answer, "check", None)
    if named is not None:
        return bool(named == NONE)
    if calls.checker is None and state.proposal is not None and not state.proposal.get(
            "refused"):
        return False  # the check proposed for this question answers it
    return not calls.asks_decision(state)


def _not_its_decision(check: ev.SimulatorChecked, decision: Any) -> str:
    """Why a check does not speak to an answer that is none of its candidates."""
    title = check.check_title or check.decision_model or check.simulator
    return (f"the check \u201c{title}\u201d ranks {check.candidates} candidates by "
            f"{check.description}, and {decision} is not one of them, so it does not speak "
            "to this answer")


async def _answer_with_proposal(calls: ToolCalls, state: RunState, call_id: str,
                                decision: Any) -> AsyncIterator[Event]:
    """The answer has come and a check was proposed: the candidates must include the answer;
    then the person decides (or the consent policy does) whether it ranks it."""
    assert state.answer is not None
    calls.reply(state, call_id, "Answer recorded.")
    try:
        spec, answer = await calls.proposed_answer(state)
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
    for event in calls.ask_or_decide(state, pending):
        yield event


# -- execution monitors (planrag.engine.monitors)


async def _answer_monitors(calls: ToolCalls, state: RunState, answer: Any,
                           results: list[tuple[str, Table]]
                           ) -> tuple[list[MonitorNoticed], bool]:
    """The answer's monitors: their findings, and whether they hold the answer back (the
    model is then told, once; the same answer given again stands, `kept`)."""
    if not calls.config.monitors:
        return [], False
    decision = answer.decision
    ran = sum(1 for q in state.queries if q.outcome == "ok")
    # Only with every result of the run (one that could not be read again says nothing).
    tables = [t for _, t in results] if ran and len(results) == ran else None
    found = monitors.answer_findings(decision, tables, *await _candidates(calls, state, answer))
    if not found:
        return [], False
    key = str(decision).casefold()
    if key in state.monitors.told or state.answer_only:
        return [replace(f, kept=True) for f in found], False
    state.monitors.told.append(key)
    return found, True


async def _candidates(calls: ToolCalls, state: RunState, answer: Any
                      ) -> tuple[list[Any] | None, int | None]:
    """The candidates the run's check ranks, where knowing them before the answer is cheap:
    a simulator on a dump (its ranking is remembered for the check), or the check the model
    proposed (its queries run once more). None for a live database's state or a written
    decision, whose check reads the data when the answer comes."""
    try:
        if calls.checker is None and state.proposal is not None:
            spec, ranked = await calls.proposed_answer(state)
            sim = simulator_class(spec)
            result = evaluate(build(sim, ranked, sim.parse_parameters(spec.defaults())))
            return [c.decision for c in result.ranking], len(result.ranking)
        checker = calls.checker
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


# -- the numbers an answer rests on


def _may_object(calls: ToolCalls, state: RunState) -> bool:
    """Whether the model may still be sent back to correct its numbers: once a run, and not
    when its budget or time leaves it only this answer."""
    return (calls.config.claims_feedback and not state.claims_told
            and state.answer_only is None and not state.overtime)


def _claims(calls: ToolCalls, state: RunState, answer: Any, tables: list[tuple[str, Table]]
            ) -> tuple[Claim, ...]:
    """The answer's claims, and the numbers its rationale states, checked against the whole
    results of the run's queries (`tables`), and against what else may source a number: the
    question, the dataset's rules, the parameters, the check's own output
    (`planrag.engine.sourced`)."""
    lookup = dict(tables).get
    index = ResultIndex(tables)
    given = getattr(answer, "parameters", None)
    sources = Given.of(question=state.question,
                       parameters=[*numbers_in(given.model_dump_json() if given else ""),
                                   *calls.parameter_numbers(state)],
                       rules=calls.rules, check=state.check_numbers)
    claims = [sources.settle(check_claim(c.text, c.value, c.source, lookup, index))
              for c in getattr(answer, "claims", ())]
    skip = [c.value for c in claims] + numbers_in(str(answer.decision))
    claims += [sources.settle(claim)
               for _, claim in rationale_claims(answer.rationale, index, skip)]
    return tuple(replace(c, value=_whole(c.value)) for c in claims)


_NAME_COLUMN = re.compile(r"(?:^|[_\s])(?:name|nm|label|title|description|desc)s?(?:$|[_\s])|"
                          r"^(?:name|nm|label|title)", re.IGNORECASE)


def label_of(decision: Any, tables: list[tuple[str, Table]]) -> str:
    """How people read `decision` where the run's results name it: the name-like column
    (`name`, `ward_nm`, `label`, `title`) of the first row in which a cell holds the
    decision as a code ("Kiosk 32 Ufer" for K032); "" when none does, or when the decision
    already reads as a name."""
    key = str(decision).strip()
    if not key or len(key) > 64:
        return ""
    for _, table in tables:
        names = [i for i, c in enumerate(table.columns) if _NAME_COLUMN.search(c)]
        if not names:
            continue
        for row in table.rows:
            if not any(cell is not None and str(cell).strip() == key
                       for i, cell in enumerate(row) if i not in names):
                continue
            for i in names:
                text = row[i]
                if isinstance(text, str) and text.strip() and text.strip() != key:
                    return " ".join(text.split())[:200]
    return ""


def _whole(value: float) -> float:
    """A whole number as an int (999, not 999.0, in the JSON)."""
    return int(value) if float(value).is_integer() and abs(value) < 2**53 else value


TOOLS = (FinalAnswerTool(
    name="final_answer", order=90, answers=True,
    text=TextForm(words=("final", "answer"), rank=30, said=(
        (r"\b(?:call|calling|use|using) final_answer\b", "write your `Final answer:` line"),
        (r"\b(?:with|by) final_answer\b", "as a `Final answer:` line"),
        (r"\bfinal_answer\b", "`Final answer:`"),
    )),
    argument_words={"decision": "decision", "rationale": "reasons"},
),)
