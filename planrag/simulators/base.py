"""The simulator seam: what a decision simulator declares, and how its candidates are ranked.

A simulator answers one kind of decision question over one kind of database ("where should
country c place its merchant?", "which building should we raise?"). It declares:

* `Parameters`: a pydantic model of the question's parameters (a country, a goods name);
* `Decision`: a pydantic model with exactly one field, the decision (a trade node, a building
  id); the engine types a model's final answer with it;
* `tables`: the state it reads, as `TableSpec`s, so the framework can load that state from a
  dump, from MySQL/SQLite or from the graph without the simulator knowing where it came from;
* `forms`: how its tables may be read (``("sql",)`` for a simulator without Cypher queries);
  by default every form all its tables provide;
* `rule_sets`: the named variants of its rules (the DQA scenarios have `dqa` and `rules`).

An instance is bound to one state, one set of parameters and one rule set. It lists its
candidate decisions, simulates one candidate (or none: the baseline) with the quantities a
person wants to see, and sweeps all candidates (the default sweep simulates them one by one;
the DQA simulators override it with a vectorised, bit-identical one). `evaluate()` ranks the
sweep and reports the baseline, the best candidate, exact ties and near-ties.
"""

from __future__ import annotations

import math
import time
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ValidationError

from planrag.errors import (
    PlanRAGError,
    SimulatorError,
    SimulatorInputError,
    SimulatorParametersInvalid,
)
from planrag.present import amount, percent
from planrag.simulators.state import (
    FORMS,
    Form,
    State,
    TableSpec,
    provided_forms,
    state_from_source,
)
from planrag.sources.base import DataSource

__all__ = [
    "NEAR_TIE",
    "Candidate",
    "DecisionKey",
    "Detail",
    "Objective",
    "Outcome",
    "RuleComparison",
    "SimulationResult",
    "Simulator",
    "build",
    "distinct_labels",
    "evaluate",
]

DecisionKey = str | int
"""A decision as it appears in JSON: a trade node name, a building id."""

Objective = Literal["maximise", "minimise"]

NEAR_TIE = 1e-6
"""Relative gap under which two candidates are reported as near-ties."""

Detail = float | int | str | bool | None


@dataclass(frozen=True, slots=True)
class Outcome:
    """One simulated decision: the objective value and what a person would want to see."""

    value: float
    details: Mapping[str, Detail] = field(default_factory=dict)


class Simulator(ABC):
    """Base class of every simulator, built-in or plugged in (see the README)."""

    name: ClassVar[str]
    """Short stable name, e.g. ``"locating"``; used on the command line."""
    title: ClassVar[str]
    objective: ClassVar[Objective]
    Parameters: ClassVar[type[BaseModel]]
    Decision: ClassVar[type[BaseModel]]
    """A model with exactly one field: the decision."""
    tables: ClassVar[tuple[TableSpec, ...]]
    forms: ClassVar[tuple[Form, ...] | None] = None
    """How its tables may be read: ``"sql"``, ``"cypher"``; None (the default): every form
    all its `tables` provide (see `read_forms`)."""
    rule_sets: ClassVar[tuple[str, ...]] = ("rules",)
    """The first is the default."""
    rule_notes: ClassVar[Mapping[str, str]] = {}
    """One line per rule set saying what it is, for people."""
    unit: ClassVar[str] = ""
    """The objective's unit as people write it ("EUR", "ducats", "£"); empty for none."""
    digits: ClassVar[int] = 4
    """Significant figures its values are shown with (exact values stay in JSON)."""

    def __init__(self, state: State, parameters: BaseModel, rules: str | None = None) -> None:
        rules = rules or self.rule_sets[0]
        if rules not in self.rule_sets:
            raise SimulatorInputError(
                f"the {self.name} simulator has no rule set {rules!r}; "
                f"choose one of: {', '.join(self.rule_sets)}"
            )
        if not isinstance(parameters, self.Parameters):
            raise SimulatorInputError(
                f"the {self.name} simulator takes {self.Parameters.__name__} parameters, "
                f"got {type(parameters).__name__}"
            )
        self.state = state.checked_for(self.tables)
        self.parameters = parameters
        self.rules = rules

    # -- what a subclass writes

    @abstractmethod
    def candidates(self) -> Sequence[DecisionKey]:
        """Every decision to consider, in the order ties are broken (first wins)."""

    @abstractmethod
    def simulate(self, decision: DecisionKey | None) -> Outcome:
        """Simulate one decision; `None` is the baseline (no decision taken)."""

    def describe(self) -> str:
        """What the objective value means, in a few words (e.g. "SWE's profit at lubeck")."""
        return "objective"

    def label(self, decision: DecisionKey) -> str:
        """How a person reads a decision: a warehouse's name and city for its id, say. The
        default is the decision itself."""
        return str(decision)

    @classmethod
    def value_label(cls, column: str, value: object) -> str | None:
        """How a person reads `value` of the data's `column` in a query's table, where the
        simulator names it otherwise (a trade node as the place `label` names); None (the
        default): as it is."""
        return None

    # -- what a subclass may override

    def sweep(self) -> Sequence[float]:
        """The objective value of every candidate, in `candidates()` order."""
        return [self.simulate(c).value for c in self.candidates()]

    # -- shared

    @classmethod
    def read_forms(cls) -> tuple[Form, ...]:
        """The forms its state is read in: `forms` as declared, else what `tables` provide."""
        return cls.forms if cls.forms is not None else provided_forms(cls.tables)

    @classmethod
    def state_parameters(cls) -> tuple[str, ...]:
        """The parameters its tables' queries bind (none when it reads whole tables)."""
        names = (n for spec in cls.tables for form in FORMS for n in spec.parameters(form))
        return tuple(dict.fromkeys(names))

    @classmethod
    async def read_state(
        cls, source: DataSource, parameters: BaseModel | Mapping[str, Any] | None = None
    ) -> State:
        """Its state read from a live `source`, each query bound to the `parameters` it
        names; a source in a form it does not read is refused in one line."""
        return await state_from_source(
            cls.tables, source, parameters, forms=cls.read_forms(), reader=cls.name
        )

    @classmethod
    def decision_field(cls) -> str:
        fields = list(cls.Decision.model_fields)
        if len(fields) != 1:
            raise SimulatorError(
                f"simulator {cls.__name__}: its Decision model must have exactly one field, "
                f"it has {len(fields)}"
            )
        return fields[0]

    @classmethod
    def parse_parameters(cls, raw: Mapping[str, Any]) -> BaseModel:
        """Validate parameters from a question, a form or the command line."""
        try:
            return cls.Parameters.model_validate(dict(raw))
        except ValidationError as exc:
            raise SimulatorParametersInvalid(
                f"parameters for the {cls.name} simulator: {_validation_text(exc)}"
            ) from None

    def parse_decision(self, raw: Any) -> DecisionKey:
        """Validate a decision (e.g. a model's answer) and return its key, or explain why not."""
        field_name = self.decision_field()
        value = raw.get(field_name) if isinstance(raw, Mapping) else raw
        try:
            model = self.Decision.model_validate({field_name: value})
        except ValidationError as exc:
            raise SimulatorInputError(f"decision: {_validation_text(exc)}") from None
        key = getattr(model, field_name)
        candidates = self.candidates()
        if key not in candidates:
            shown = ", ".join(str(c) for c in list(candidates)[:12])
            more = f" and {len(candidates) - 12} more" if len(candidates) > 12 else ""
            raise SimulatorInputError(
                f"{key!r} is not a candidate {field_name}; candidates are: {shown}{more}"
            )
        return key  # type: ignore[no-any-return]


@dataclass(frozen=True, slots=True)
class Candidate:
    decision: DecisionKey
    value: float
    delta: float
    """value - baseline."""
    rank: int
    """1 + the number of candidates strictly better (tied candidates share a rank)."""

    def to_json(self) -> dict[str, Any]:
        return {"decision": self.decision, "value": self.value, "delta": self.delta}


@dataclass(frozen=True, slots=True)
class RuleComparison:
    """What another rule set of the same simulator decides on the same question."""

    rules: str
    best: DecisionKey | None
    value: float | None
    agrees: bool

    def to_json(self) -> dict[str, Any]:
        return {"rules": self.rules, "best": self.best, "value": self.value, "agrees": self.agrees}


@dataclass(frozen=True)
class SimulationResult:
    scenario: str
    rules: str
    parameters: dict[str, Any]
    objective: Objective
    description: str
    baseline: float
    ranking: tuple[Candidate, ...]
    """Best first; equal values keep candidate order."""
    ties: tuple[DecisionKey, ...]
    """Candidates other than the best with exactly the best value."""
    near_ties: tuple[DecisionKey, ...]
    """Candidates within a relative gap of `NEAR_TIE` of the best, not exactly equal."""
    seconds: float
    """Time of the candidate sweep (not of loading the state)."""
    best_details: Mapping[str, Detail] = field(default_factory=dict)
    baseline_details: Mapping[str, Detail] = field(default_factory=dict)
    others: tuple[RuleComparison, ...] = ()
    origin: str = ""
    """Where the state came from and in which row order."""
    unit: str = ""
    digits: int = 4
    labels: Mapping[DecisionKey, str] = field(default_factory=dict)
    """How people read each candidate (only those that differ from the decision itself)."""
    notes: tuple[str, ...] = ()
    """What a person should know about this ranking (a written decision's candidates
    without a value, say)."""

    @property
    def best(self) -> Candidate | None:
        return self.ranking[0] if self.ranking else None

    @property
    def improves(self) -> bool:
        """Whether the best candidate beats taking no decision."""
        best = self.best
        return best is not None and _better(best.value, self.baseline, self.objective)

    def rank_of(self, decision: DecisionKey) -> int | None:
        for c in self.ranking:
            if c.decision == decision or str(c.decision) == str(decision):
                return c.rank
        return None

    def find(self, decision: DecisionKey) -> Candidate | None:
        for c in self.ranking:
            if c.decision == decision or str(c.decision) == str(decision):
                return c
        return None

    def label(self, decision: DecisionKey) -> str:
        """How a person reads `decision` (its label, else itself)."""
        return self.labels.get(decision, str(decision))

    def _shown(self, decision: DecisionKey) -> str:
        """`decision` for the report: the key a command line takes, and its label when the
        simulator gives one (`4 (East Point, Leipzig)`)."""
        label = self.labels.get(decision)
        return f"{decision} ({label})" if label and label != str(decision) else str(decision)

    def render(self, top: int = 10) -> str:
        """A plain-text report for terminals and chat."""
        goal = "higher" if self.objective == "maximise" else "lower"
        unit = f" {self.unit}" if self.unit else ""
        params = ", ".join(f"{k}={v}" for k, v in self.parameters.items() if v is not None)
        lines = [
            f"{self.scenario} ({params}) - rules {self.rules}",
            f"objective: {self.description} ({goal} is better)",
            f"state: {self.origin}",
            f"baseline (no decision): {_num(self.baseline, self.unit, self.digits)}{unit}",
        ]
        best = self.best
        if best is None:
            lines.append("no candidate decisions")
            lines += [f"note: {n}" for n in self.notes]
            return "\n".join(lines)
        share = percent(best.delta, self.baseline)
        lines.append(
            f"best: {self._shown(best.decision)}  {_num(best.value, self.unit, self.digits)}"
            f"{unit}  ({_signed(best.delta, self.unit, self.digits)} vs baseline"
            f"{', ' + share if share else ''})"
        )
        if not self.improves:
            lines.append("no candidate improves on taking no decision")
        unchanged = sum(1 for c in self.ranking if c.value == self.baseline)
        if unchanged:
            lines.append(f"{unchanged} of {len(self.ranking)} candidates change nothing")
        if self.ties:
            lines.append(f"tied exactly with: {_names([self._shown(t) for t in self.ties])}")
        if self.near_ties:
            lines.append(f"near-ties (relative gap < {NEAR_TIE:g}): "
                         f"{_names([self._shown(t) for t in self.near_ties])}")
        for other in self.others:
            if not other.agrees:
                value = ("-" if other.value is None else
                         _num(other.value, self.unit, self.digits))
                lines.append(f"rule set {other.rules!r} would choose {other.best} instead "
                             f"({value})")
            else:
                lines.append(f"rule set {other.rules!r} agrees")
        width = max(len(self._shown(c.decision)) for c in self.ranking[:top])
        lines.append("")
        value = f"value ({self.unit})" if self.unit else "value"
        lines.append(f"{'rank':>4}  {'decision':<{width}}  {value:>22}  {'delta':>12}")
        for c in self.ranking[:top]:
            shown = _num(c.value, self.unit, self.digits)
            lines.append(f"{c.rank:>4}  {self._shown(c.decision):<{width}}  {shown:>22}  "
                         f"{_signed(c.delta, self.unit, self.digits):>12}")
        if len(self.ranking) > top:
            lines.append(f"... {len(self.ranking) - top} more candidates")
        lines += [f"note: {n}" for n in self.notes]
        lines.append(f"swept {len(self.ranking)} candidates in {self.seconds * 1000:.2f} ms")
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        best = self.best
        return {
            "scenario": self.scenario,
            "rules": self.rules,
            "parameters": self.parameters,
            "objective": self.objective,
            "description": self.description,
            "baseline": self.baseline,
            "best": best.to_json() if best else None,
            "improves": self.improves,
            "ranking": [c.to_json() for c in self.ranking],
            "ties": list(self.ties),
            "near_ties": list(self.near_ties),
            "best_details": dict(self.best_details),
            "baseline_details": dict(self.baseline_details),
            "other_rules": [o.to_json() for o in self.others],
            "origin": self.origin,
            "seconds": self.seconds,
            "unit": self.unit,
            "labels": {str(k): v for k, v in self.labels.items()},
            **({"notes": list(self.notes)} if self.notes else {}),
        }


def evaluate(sim: Simulator, *, compare: bool = True) -> SimulationResult:
    """Sweep every candidate of `sim`, rank them and report; optionally run the other rule
    sets on the same question and say whether they choose the same decision.

    A simulator's own bug (any exception that is not a PlanRAG error) becomes one
    `SimulatorError` line naming the simulator, so a broken plugin cannot take a session
    down with it."""
    try:
        return _evaluate(sim, compare)
    except PlanRAGError:
        raise
    except Exception as exc:
        raise SimulatorError(
            f"simulator {type(sim).name!r} failed: {type(exc).__name__}: {exc}"
        ) from exc


def build(
    sim_cls: type[Simulator], state: State, parameters: BaseModel, rules: str | None = None
) -> Simulator:
    """Instantiate a simulator, turning a plugin's own bug into a `SimulatorError`."""
    try:
        return sim_cls(state, parameters, rules)
    except PlanRAGError:
        raise
    except Exception as exc:
        raise SimulatorError(
            f"simulator {sim_cls.name!r} could not start: {type(exc).__name__}: {exc}"
        ) from exc


def _evaluate(sim: Simulator, compare: bool) -> SimulationResult:
    candidates = list(sim.candidates())
    started = time.perf_counter()
    values = [float(v) for v in sim.sweep()]
    seconds = time.perf_counter() - started
    if len(values) != len(candidates):
        raise SimulatorError(
            f"simulator {sim.name}: its sweep returned {len(values)} values for "
            f"{len(candidates)} candidates"
        )
    for c, v in zip(candidates, values, strict=True):
        if not math.isfinite(v):
            raise SimulatorError(f"simulator {sim.name}: candidate {c!r} scored {v}")
    baseline_outcome = sim.simulate(None)
    baseline = float(baseline_outcome.value)
    ranking = _rank(candidates, values, baseline, sim.objective)
    ties: tuple[DecisionKey, ...] = ()
    near: tuple[DecisionKey, ...] = ()
    best_details: Mapping[str, Detail] = {}
    if ranking:
        top = ranking[0].value
        ties = tuple(c.decision for c in ranking[1:] if c.value == top)
        near = tuple(
            c.decision for c in ranking[1:] if c.value != top and _near(c.value, top)
        )
        best_details = sim.simulate(ranking[0].decision).details
    others: list[RuleComparison] = []
    if compare:
        for rules in sim.rule_sets:
            if rules == sim.rules:
                continue
            other = build(type(sim), sim.state, sim.parameters, rules)
            other_result = _evaluate(other, False)
            ob = other_result.best
            others.append(
                RuleComparison(
                    rules=rules,
                    best=ob.decision if ob else None,
                    value=ob.value if ob else None,
                    agrees=(ob.decision if ob else None)
                    == (ranking[0].decision if ranking else None),
                )
            )
    return SimulationResult(
        scenario=sim.name,
        rules=sim.rules,
        parameters=sim.parameters.model_dump(mode="json"),
        objective=sim.objective,
        description=sim.describe(),
        baseline=baseline,
        ranking=tuple(ranking),
        ties=ties,
        near_ties=near,
        seconds=seconds,
        best_details=best_details,
        baseline_details=baseline_outcome.details,
        others=tuple(others),
        origin=sim.state.origin,
        unit=type(sim).unit,
        digits=type(sim).digits,
        labels=_labels(sim, candidates),
    )


def _labels(sim: Simulator, candidates: Sequence[DecisionKey]) -> dict[DecisionKey, str]:
    """Each candidate's label where it differs from the decision (a plugin's failing
    `label` costs only its labels). Labels that two candidates share (two wards of one
    name on two sites) carry each one's key, "Rainbow Ward (W07)", so no candidate is
    taken for another in a verdict, a table or a chart."""
    out: dict[DecisionKey, str] = {}
    for c in candidates:
        try:
            text = str(sim.label(c))
        except Exception:  # a plugin's bug: the decision itself is shown
            continue
        if text and text != str(c):
            out[c] = text
    return distinct_labels(out, candidates)


def distinct_labels(labels: Mapping[DecisionKey, str], candidates: Sequence[DecisionKey]
                    ) -> dict[DecisionKey, str]:
    """`labels` with each one that several candidates read as (a label, or a key another
    candidate's label repeats) followed by its candidate's key."""
    shown: dict[str, int] = {}
    for c in candidates:
        text = labels.get(c, str(c)).strip().casefold()
        shown[text] = shown.get(text, 0) + 1
    out = {}
    for c in candidates:
        text = labels.get(c, str(c))
        if shown[text.strip().casefold()] > 1:
            text = f"{text} ({c})" if text != str(c) else text
        if text != str(c):
            out[c] = text
    return out


def _rank(
    candidates: list[DecisionKey], values: list[float], baseline: float, objective: Objective
) -> list[Candidate]:
    sign = -1.0 if objective == "maximise" else 1.0
    order = sorted(range(len(values)), key=lambda i: sign * values[i])  # stable: first wins
    ranked: list[Candidate] = []
    rank = 0
    previous: float | None = None
    for position, i in enumerate(order, start=1):
        if previous is None or values[i] != previous:
            rank = position
            previous = values[i]
        ranked.append(Candidate(candidates[i], values[i], values[i] - baseline, rank))
    return ranked


def _better(a: float, b: float, objective: Objective) -> bool:
    return a > b if objective == "maximise" else a < b


def _near(a: float, b: float) -> bool:
    scale = max(abs(a), abs(b))
    return scale > 0 and abs(a - b) / scale < NEAR_TIE


def _num(value: float, unit: str, digits: int) -> str:
    """A value as the report shows it: about `digits` significant figures, money to the
    cent, as the verdict says it (`--json` keeps every digit)."""
    return amount(value, unit, digits)


def _signed(value: float, unit: str, digits: int) -> str:
    return ("+" if value > 0 else "") + amount(value, unit, digits) if value else "0"


def _names(decisions: Sequence[DecisionKey], limit: int = 12) -> str:
    shown = ", ".join(str(d) for d in decisions[:limit])
    return shown + (f" and {len(decisions) - limit} more" if len(decisions) > limit else "")


def _validation_text(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors():
        where = ".".join(str(p) for p in err.get("loc", ())) or "value"
        parts.append(f"{where}: {err.get('msg', 'invalid')}")
    return "; ".join(parts)
