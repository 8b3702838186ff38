"""The simulator check of an answer: rank every candidate and place the model's decision."""

from __future__ import annotations

import weakref
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from pydantic import BaseModel

from planrag.decisions.run import DecisionState, WrittenDecision, bound_values, simulator_class
from planrag.decisions.spec import DecisionSpec
from planrag.engine.events import SimulatorChecked
from planrag.engine.verdict import other_rules
from planrag.errors import PlanRAGError, SimulatorError
from planrag.present import number
from planrag.simulators.base import SimulationResult, Simulator, build, evaluate
from planrag.simulators.state import State, as_of_now

__all__ = ["Checker", "Ranker", "WrittenChecker", "WrittenRanking"]

TOP = 8


_RESULTS: weakref.WeakKeyDictionary[State, OrderedDict[tuple[Any, ...], SimulationResult]] = (
    weakref.WeakKeyDictionary()
)
_PER_STATE = 256


def _evaluated(
    simulator: type[Simulator], state: State, params: BaseModel, rules: str | None
) -> SimulationResult:
    """`evaluate`, remembered per state and question: a simulation is a pure function of
    them, and the same question is often checked again (evaluations, many chat users)."""
    key = (simulator, params.model_dump_json(), rules)
    per_state = _RESULTS.setdefault(state, OrderedDict())
    result = per_state.get(key)
    if result is None:
        result = evaluate(build(simulator, state, params, rules))
        per_state[key] = result
        if len(per_state) > _PER_STATE:
            per_state.popitem(last=False)
    else:
        per_state.move_to_end(key)
    return result


def _labels(result: SimulationResult, decisions: list[Any]) -> tuple[tuple[Any, str], ...]:
    seen: dict[str, tuple[Any, str]] = {}
    for d in decisions:
        text = result.label(d)
        if text != str(d):
            seen.setdefault(str(d), (d, text))
    return tuple(seen.values())


@dataclass(frozen=True)
class Checker:
    """What the engine needs to check answers on one dataset: its simulator and its state.

    On a dump the state is read once and never changes. On a live database `read_state`
    reads it again whenever an answer is checked (`current()`), and the check says when."""

    simulator: type[Simulator]
    state: State
    question_parameters: Mapping[str, Any] | None = None
    """Parameters the question carries (DQA's country / goods); they win over the model's."""
    rules: str | None = None
    read_state: Callable[[BaseModel | None], Awaitable[State]] | None = None
    """Reads the state from a live database, its queries bound to the given parameters
    (None: `state` is the dump's)."""
    as_of: str | None = None
    """When `state` was read from a live database (UTC)."""
    check_id: str = ""
    """The id `final_answer`'s `check` names it by: the simulator's name as the dataset's
    manifest gives it (`dqa-locating`); empty: the simulator class's own name."""

    @property
    def checks(self) -> tuple[tuple[str, str], ...]:
        """(id, title) of each check this checker can rank an answer with."""
        return ((self.check_id or self.simulator.name, self.simulator.title),)

    async def prepared(self, decision: Any, given: Mapping[str, Any] | None,
                       prefer: str | None = None) -> Checker:
        """This checker ready to check `decision` (or, None, to simulate one) with the
        `given` parameters: on the data as it is now. `prefer`: the written decision the
        answer says checks it (where a dataset has several)."""
        return await self.current(given)

    async def current(self, given: Mapping[str, Any] | None = None) -> Checker:
        """This checker on the data as it is now (itself, for a dump). `given`: the
        parameters an answer or a what-if carries, for tables whose query binds them (the
        question's own win, as in `check`); without any, such a state is not read, and the
        check says the parameters are missing."""
        if self.read_state is None:
            return self
        parameters = None
        if self.simulator.state_parameters():
            raw = dict(self.question_parameters or given or {})
            fields = self.simulator.Parameters.model_fields.values()
            if not raw and any(f.is_required() for f in fields):
                return self
            parameters = self.simulator.parse_parameters(raw)
        state = await self.read_state(parameters)
        as_of = as_of_now()
        return replace(self, state=state, read_state=None, as_of=as_of)

    def simulate_one(
        self, decision: Any, given: Mapping[str, Any] | None
    ) -> tuple[Any, float, float, str, Mapping[str, Any]]:
        """One candidate's simulated value against the baseline (the what-if tool)."""
        raw = dict(self.question_parameters or given or {})
        params = self.simulator.parse_parameters(raw)
        sim = build(self.simulator, self.state, params, self.rules)
        key = sim.parse_decision(decision)
        outcome = sim.simulate(key)
        return key, outcome.value, sim.simulate(None).value, sim.describe(), outcome.details

    def check(
        self, decision: Any, answer_parameters: Mapping[str, Any] | None
    ) -> tuple[SimulatorChecked, SimulationResult] | None:
        """The check event and the full result, or None when no parameters are known."""
        raw = dict(self.question_parameters or answer_parameters or {})
        fields = self.simulator.Parameters.model_fields.values()
        if not raw and any(f.is_required() for f in fields):
            return None
        params = self.simulator.parse_parameters(raw)
        result = _evaluated(self.simulator, self.state, params, self.rules)
        best = result.best
        if best is None:
            why = getattr(self.state, "nothing_ranked", None)  # a written decision says why
            raise SimulatorError(why or f"the {self.simulator.name} simulator has no "
                                 "candidates here")
        mine = result.find(decision)
        agrees = mine is not None and mine.value == best.value
        gap = None if mine is None else abs(best.value - mine.value)
        note = ""
        others = [o for o in result.others if not o.agrees]
        if others:  # ties, near-ties and a decision that is no candidate are said elsewhere
            note = other_rules(self.simulator.rule_notes, result.rules, others[0].rules)
        event = SimulatorChecked(
            simulator=result.scenario,
            rules=result.rules,
            decision=mine.decision if mine is not None else decision,
            agrees=agrees,
            rank=mine.rank if mine is not None else None,
            candidates=len(result.ranking),
            value=mine.value if mine is not None else None,
            baseline=result.baseline,
            best=best.decision,
            best_value=best.value,
            gap=gap,
            ties=result.ties,
            near_ties=result.near_ties,
            objective=result.objective,
            description=result.description,
            top=tuple((c.decision, c.value) for c in result.ranking[:TOP]),
            note=note,
            data_as_of=self.as_of,
            unit=result.unit,
            digits=result.digits,
            labels=_labels(result, [mine.decision if mine else decision, best.decision,
                                    *result.ties, *result.near_ties,
                                    *(c.decision for c in result.ranking[:TOP])]),
            improves=result.improves,
            unchanged=sum(1 for c in result.ranking if c.value == result.baseline),
            assumed=_assumed(self.simulator, params, raw),
            parameters=tuple((k, v) for k, v in params.model_dump(mode="json").items()
                             if k in raw and v is not None),
            check_id=self.checks[0][0],
            check_title=self.simulator.title,
        )
        return event, result


def _assumed(
    simulator: type[Simulator], params: BaseModel, given: Mapping[str, Any]
) -> tuple[tuple[str, str], ...]:
    """The given parameters as the check parsed them, each by its title (else its name in
    words) and its value as people read it."""
    out = []
    for name, info in simulator.Parameters.model_fields.items():
        value = getattr(params, name, None)
        if name not in given or value is None:
            continue
        if not info.is_required() and value == info.get_default():
            continue  # a default the answer's parameters repeat: nothing was assumed
        title = str(info.title) if info.title else name.replace("_", " ").capitalize()
        shown = number(value) if isinstance(value, int | float) and not isinstance(
            value, bool) else str(value)
        out.append((title, shown))
    return tuple(out)


Ranker = Callable[[DecisionSpec, Mapping[str, Any]], Awaitable[tuple[DecisionState, str | None]]]
"""Runs one written decision's queries with bound parameters: its answer and, for a live
database, when it was read."""


@dataclass(frozen=True)
class WrittenChecker(Checker):
    """The check of a dataset whose decisions are written in its manifest: each check runs
    the decision's queries on the data as it is then (`planrag.decisions`). With several
    decisions, the one whose candidates the answer names is used (the first otherwise),
    and the verdict says which."""

    specs: tuple[DecisionSpec, ...] = ()
    rank: Ranker | None = None
    question_decision: str | None = None
    """The decision the question names (its `decision` field), which checks it."""

    @property
    def checks(self) -> tuple[tuple[str, str], ...]:
        return tuple((s.id, s.title) for s in self.specs)

    async def prepared(self, decision: Any, given: Mapping[str, Any] | None,
                       prefer: str | None = None) -> Checker:
        assert self.rank is not None
        raw = dict(self.question_parameters or given or {})
        named = self.question_decision or prefer
        specs = [s for s in self.specs if s.id == named] or list(self.specs)
        first: WrittenRanking | None = None
        failed: PlanRAGError | None = None
        for spec in specs:
            sim = simulator_class(spec)
            names = {p.name for p in spec.parameters}
            values = bound_values(spec, {k: v for k, v in raw.items() if k in names})
            try:
                state, as_of = await self.rank(spec, values)
            except PlanRAGError as exc:  # one broken decision of several: try the others
                if len(specs) == 1:
                    raise
                failed = failed or exc
                continue
            ranked = WrittenRanking(sim, state, values, None, as_of=as_of, spec=spec)
            if decision is None or len(specs) == 1:
                return ranked
            first = first or ranked
            probe = build(sim, state, sim.parse_parameters(values))
            assert isinstance(probe, WrittenDecision)
            if probe.key_of(decision) is not None:
                return ranked
        if first is None:  # every decision failed
            assert failed is not None
            raise failed
        return first


@dataclass(frozen=True)
class WrittenRanking(Checker):
    """A written decision's answer for one question, checked like a simulator's."""

    spec: DecisionSpec | None = None

    def _key(self, decision: Any, given: Mapping[str, Any] | None) -> Any:
        params = self.simulator.parse_parameters(dict(self.question_parameters or given or {}))
        sim = build(self.simulator, self.state, params, self.rules)
        assert isinstance(sim, WrittenDecision)
        key = sim.key_of(decision)
        return decision if key is None else key

    def check(
        self, decision: Any, answer_parameters: Mapping[str, Any] | None
    ) -> tuple[SimulatorChecked, SimulationResult] | None:
        checked = super().check(self._key(decision, answer_parameters), answer_parameters)
        if checked is None or self.spec is None:
            return checked
        event, result = checked
        assert isinstance(self.state, DecisionState)
        notes = [n for n in (event.note, *self.state.notes) if n]
        result = replace(result, seconds=self.state.seconds, notes=self.state.notes)
        event = replace(event, note="; ".join(notes), decision_model=self.spec.title,
                        check_origin=self.spec.origin, check_id=self.spec.id,
                        check_title=self.spec.title)
        return event, result
