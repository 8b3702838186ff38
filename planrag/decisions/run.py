"""Running a written decision model on its database, and its simulator face.

The three queries run through the source's `execute` like any model-written query (the
read-only guard with the database's scope, the account, the statement timeout, the row
estimate), with the parameters bound by the driver. What comes back is only the ranking:
one row per candidate. The result is then a `SimulationResult` like any simulator's, through
`WrittenDecision`, a `Simulator` whose state is the queries' answer, so the check, the
what-if tool, `planrag simulate` and every front end treat both alike.
"""

from __future__ import annotations

import datetime as dt
import json
import math
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from functools import cache
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field, create_model

from planrag.decisions.spec import DecisionSpec, ParameterSpec, check_values
from planrag.errors import (
    PlanRAGError,
    QueryError,
    SimulatorError,
    SimulatorInputError,
    SourceUnavailable,
)
from planrag.simulators.base import DecisionKey, Outcome, Simulator
from planrag.simulators.state import State
from planrag.sources.base import DataSource
from planrag.table import Limits, Table

__all__ = [
    "DecisionModelError",
    "DecisionState",
    "DryRun",
    "WrittenDecision",
    "answer_class",
    "bound_values",
    "decision_limits",
    "dry_run",
    "rank_on",
    "simulator_class",
]

MAX_CANDIDATES = 200_000
"""A decision ranks at most this many candidates (its queries' rows are capped there)."""


class DecisionModelError(SimulatorError):
    """A written decision cannot run or gave an answer that cannot be ranked."""


def decision_limits(limits: Limits) -> Limits:
    """The person's query limits (timeout, row estimate) with room for one row per
    candidate."""
    return Limits(max_rows=MAX_CANDIDATES, max_bytes=max(limits.max_bytes, 64_000_000),
                  count_rows=1, timeout_s=limits.timeout_s, max_scan_rows=limits.max_scan_rows,
                  max_cell_bytes=limits.max_cell_bytes)


@dataclass(frozen=True, eq=False)
class DecisionState(State):
    """What a decision model's queries returned for one set of parameters."""

    keys: tuple[DecisionKey, ...] = ()
    """Candidates with a value, in the order `candidates` gave them (first wins ties)."""
    values: tuple[float, ...] = ()
    labels: Mapping[DecisionKey, str] = field(default_factory=dict)
    baseline: float = 0.0
    notes: tuple[str, ...] = ()
    """What a person should know: candidates without a value, values for no candidate."""
    seconds: float = 0.0
    """The three queries' time."""
    nothing_ranked: str | None = None
    """Why no candidate got a value (one line), when none did: the ranking is empty."""


class WrittenDecision(Simulator):
    """The simulator face of a written decision model (one subclass per decision)."""

    spec: ClassVar[DecisionSpec]
    decision_ids: ClassVar[tuple[str, ...]] = ()
    """With several decisions (the class answers are typed with): their ids, one of which
    the answer may name as its check."""
    tables = ()
    rule_sets = ("query",)
    rule_notes: ClassVar[Mapping[str, str]] = {"query": "the decision model's queries"}

    def __init__(self, state: State, parameters: BaseModel, rules: str | None = None) -> None:
        super().__init__(state, parameters, rules)
        if not isinstance(state, DecisionState):
            raise DecisionModelError(
                f"the decision {self.spec.id} ranks what its queries return, not a table state"
            )
        self.answer = state
        self._values = dict(zip(state.keys, state.values, strict=True))

    def candidates(self) -> Sequence[DecisionKey]:
        return self.answer.keys

    def sweep(self) -> Sequence[float]:
        return self.answer.values

    def simulate(self, decision: DecisionKey | None) -> Outcome:
        if decision is None:
            return Outcome(self.answer.baseline)
        key = self.parse_decision(decision)
        return Outcome(self._values[key])

    def describe(self) -> str:
        return self.spec.description

    def label(self, decision: DecisionKey) -> str:
        return self.answer.labels.get(decision, str(decision))

    def key_of(self, raw: Any) -> DecisionKey | None:
        """The candidate `raw` names: its key (as text or number) or its label, in any
        case; None for none."""
        text = str(raw.get(self.decision_field()) if isinstance(raw, Mapping) else raw).strip()
        for key in self.answer.keys:
            if str(key) == text:
                return key
        folded = text.casefold()
        matches = [k for k, v in self.answer.labels.items() if v.strip().casefold() == folded
                   and k in self._values]
        return matches[0] if len(matches) == 1 else None

    def parse_decision(self, raw: Any) -> DecisionKey:
        key = self.key_of(raw)
        if key is not None:
            return key
        keys = self.answer.keys
        shown = ", ".join(self._shown(k) for k in keys[:12])
        more = f" and {len(keys) - 12} more" if len(keys) > 12 else ""
        value = raw.get(self.decision_field()) if isinstance(raw, Mapping) else raw
        raise SimulatorInputError(
            f"{value!r} is not a candidate of {self.spec.title}; candidates are: {shown}{more}"
        )

    def _shown(self, key: DecisionKey) -> str:
        label = self.answer.labels.get(key)
        return f"{key} ({label})" if label and label != str(key) else str(key)


_PY_TYPES: dict[str, Any] = {"int": int, "float": float, "str": str, "bool": bool,
                             "date": dt.date}


@cache
def simulator_class(spec: DecisionSpec) -> type[WrittenDecision]:
    """The `Simulator` subclass of one decision model (one per spec, cached)."""
    fields: dict[str, Any] = {}
    for p in spec.parameters:
        fields[p.name] = (_PY_TYPES[p.type], _field(p))
    parameters = create_model(  # a name it lacks is said by `check_values`, where a
        f"Parameters_{spec.id.replace('-', '_')}",  # person typed it; a model's is dropped
        __config__=ConfigDict(extra="ignore", frozen=True),
        **fields,
    )
    decision = create_model(
        "Decision",
        __config__=ConfigDict(extra="forbid", frozen=True),
        decision=(str | int, Field(description=f"the candidate chosen for {spec.title} "
                                   "(its key or its name)")),
    )
    return type(
        f"Decision_{spec.id.replace('-', '_')}",
        (WrittenDecision,),
        {
            "spec": spec,
            "name": spec.id,
            "title": spec.title,
            "objective": spec.goal,
            "unit": spec.unit,
            "digits": spec.digits,
            "Parameters": parameters,
            "Decision": decision,
            "__module__": __name__,
        },
    )


def _field(p: ParameterSpec) -> Any:
    extra: dict[str, Any] = {}
    if p.min is not None:
        extra["ge"] = p.min
    if p.max is not None:
        extra["le"] = p.max
    return Field(default=p.default, title=p.title or None, description=p.description or None,
                 **extra)


def bound_values(spec: DecisionSpec, parameters: BaseModel | Mapping[str, Any]) -> dict[str, Any]:
    """Parameters as the queries bind them (every declared one, defaults filled in)."""
    given = parameters.model_dump() if isinstance(parameters, BaseModel) else dict(parameters)
    try:
        return check_values(spec, given)
    except ValueError as exc:
        raise SimulatorInputError(str(exc)) from None


async def rank_on(
    source: DataSource, spec: DecisionSpec, parameters: Mapping[str, Any], limits: Limits
) -> DecisionState:
    """Run the decision's three queries on `source` with `parameters` (already checked:
    `bound_values`) and gather the answer; a broken answer is one `DecisionModelError`."""
    limits = decision_limits(limits)
    started = time.perf_counter()
    candidates = await _query(source, spec, "candidates", parameters, limits)
    values = await _query(source, spec, "value", parameters, limits)
    baseline = await _query(source, spec, "baseline", parameters, limits)
    seconds = time.perf_counter() - started

    keys: list[DecisionKey] = []
    labels: dict[DecisionKey, str] = {}
    seen: dict[str, DecisionKey] = {}
    decision_at = _column(candidates, spec, "candidates", "decision")
    label_at = _optional_column(candidates, "label")
    for row in candidates.rows:
        key = _key(row[decision_at])
        if key is None:
            continue  # a NULL decision is nothing a person could choose
        if str(key) in seen:
            raise DecisionModelError(
                f"decision {spec.id}: `candidates` returns {key!r} twice; give each "
                "candidate one row (SELECT DISTINCT, or GROUP BY the decision)"
            )
        seen[str(key)] = key
        keys.append(key)
        if label_at is not None and row[label_at] is not None:
            labels[key] = str(row[label_at])
    got: dict[str, float] = {}
    strays: list[str] = []
    nulls: list[str] = []
    decision_at = _column(values, spec, "value", "decision")
    value_at = _column(values, spec, "value", "value")
    for row in values.rows:
        key = _key(row[decision_at])
        if key is None or str(key) not in seen:
            strays.append(str(row[decision_at]))
            continue
        if str(key) in got:
            raise DecisionModelError(
                f"decision {spec.id}: `value` returns {key!r} twice; return one row per "
                "candidate (GROUP BY the decision)"
            )
        number = _number(row[value_at], spec, f"`value` for {key!r}")
        if number is None:
            nulls.append(str(key))
            continue
        got[str(key)] = number
    # In the candidates' order, not the value rows' (DuckDB's parallel GROUP BY returns
    # them in another order each run), so notes read the same every time.
    position = {str(k): n for n, k in enumerate(keys)}
    nulls.sort(key=position.__getitem__)
    if len(baseline.rows) != 1:
        raise DecisionModelError(
            f"decision {spec.id}: `baseline` returns {len(baseline.rows)} rows; it must "
            "return exactly one, the objective if nothing is decided"
        )
    base = _number(baseline.rows[0][_column(baseline, spec, "baseline", "value")], spec,
                   "`baseline`")
    if base is None:
        raise DecisionModelError(f"decision {spec.id}: `baseline` returns NULL; it must "
                                 "return the objective if nothing is decided")
    missing = [str(k) for k in keys if str(k) not in got and str(k) not in nulls]
    notes = []
    if missing:
        notes.append(f"{_count(missing, 'candidate')} of {spec.title} "
                     f"{'has' if len(missing) == 1 else 'have'} no row in its `value` query "
                     f"and {'is' if len(missing) == 1 else 'are'} not ranked: "
                     f"{_names(missing)}")
    if nulls:
        notes.append(f"`value` is NULL for {_count(nulls, 'candidate')}, not ranked: "
                     f"{_names(nulls)}")
    if strays:
        notes.append(f"`value` returns {_count(strays, 'decision')} that `candidates` does "
                     f"not list, ignored: {_names(strays)}")
    ranked = [k for k in keys if str(k) in got]
    where = getattr(source, "name", "the database")
    empty = None if ranked else _nothing_ranked(spec, len(keys), missing, nulls, strays,
                                                parameters)
    return DecisionState(
        tables={},
        origin=f"{where} (queried)",
        file_order=False,
        keys=tuple(ranked),
        values=tuple(got[str(k)] for k in ranked),
        labels={k: v for k, v in labels.items() if v != str(k)},
        baseline=base,
        notes=tuple(notes),
        seconds=seconds,
        nothing_ranked=empty,
    )


def _nothing_ranked(
    spec: DecisionSpec, listed: int, missing: Sequence[str], nulls: Sequence[str],
    strays: Sequence[str], parameters: Mapping[str, Any],
) -> str:
    """One line saying why a decision ranked no candidate, and what to look at."""
    head = f"decision {spec.id} ranked no candidate"
    if not listed:
        given = ", ".join(f"{k}={json.dumps(v, default=str, ensure_ascii=False)}"
                          for k, v in parameters.items())
        return (f"{head}: its `candidates` query returns no rows"
                f"{f' with {given}; check the parameters, and' if given else '; check'} "
                "that `candidates` returns a `decision` for each choice a person has")
    why = []
    if missing:
        why.append(f"{_count(missing, 'candidate')} {'has' if len(missing) == 1 else 'have'} "
                   f"no row in its `value` query ({_names(missing, 5)})")
    if nulls:
        why.append(f"`value` is NULL for {_count(nulls, 'candidate')} ({_names(nulls, 5)})")
    advice = "check that `value` returns a `decision` and a number for each candidate"
    if strays:
        advice += (f" (it returns {_names(strays, 3)}, which `candidates` does not list: "
                   "are the keys written alike?)")
    return f"{head}: {' and '.join(why)}; {advice}"


async def _query(
    source: DataSource, spec: DecisionSpec, which: str, parameters: Mapping[str, Any],
    limits: Limits,
) -> Table:
    query = getattr(spec, which)
    try:
        table = await source.execute(query, limits, params=parameters)
    except QueryError as exc:
        raise DecisionModelError(f"decision {spec.id}: the `{which}` query: {exc}") from None
    if table.truncated:
        raise DecisionModelError(
            f"decision {spec.id}: the `{which}` query returns more than {MAX_CANDIDATES:,} "
            "rows; a decision ranks at most that many candidates: narrow `candidates`"
        )
    if table.incomplete:
        raise DecisionModelError(
            f"decision {spec.id}: the `{which}` query's result is incomplete "
            f"({'; '.join(table.incomplete)})"
        )
    return table


def _optional_column(table: Table, name: str) -> int | None:
    for n, column in enumerate(table.columns):
        if column.lower() == name:
            return n
    return None


def _column(table: Table, spec: DecisionSpec, which: str, name: str) -> int:
    found = _optional_column(table, name)
    if found is not None:
        return found
    have = ", ".join(table.columns) or "no columns"
    raise DecisionModelError(
        f"decision {spec.id}: the `{which}` query returns no `{name}` column (it returns "
        f"{have}); name it with AS {name}"
    )


def _key(value: Any) -> DecisionKey | None:
    if value is None:
        return None
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, int):
        return value
    if isinstance(value, float | Decimal) and value == int(value):
        return int(value)
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    return str(value)


def _number(value: Any, spec: DecisionSpec, what: str) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float | Decimal):
        if isinstance(value, str):
            try:
                value = float(value)
            except ValueError:
                value = None
        if not isinstance(value, float):
            raise DecisionModelError(
                f"decision {spec.id}: {what} is not a number; return the objective as a "
                "number"
            )
    number = float(value)
    if not math.isfinite(number):
        raise DecisionModelError(f"decision {spec.id}: {what} is {number}, not a number")
    return number


def _count(items: Sequence[str], noun: str) -> str:
    return f"{len(items)} {noun}{'' if len(items) == 1 else 's'}"


def _names(items: Sequence[str], limit: int = 8) -> str:
    shown = ", ".join(items[:limit])
    return shown + (f" and {len(items) - limit} more" if len(items) > limit else "")


@dataclass(frozen=True)
class DryRun:
    """A decision tried on its database without ranking: each query's columns and time."""

    spec: DecisionSpec
    error: str | None
    seconds: Mapping[str, float] = field(default_factory=dict)
    untried: str | None = None
    """Why it could not be tried (its database cannot be reached, or a dump's copy is not
    loaded yet): nothing is known against it, so it is not called broken."""

    @property
    def ok(self) -> bool:
        return self.error is None and self.untried is None


_NEEDS = {"candidates": ("decision",), "value": ("decision", "value"), "baseline": ("value",)}


async def dry_run(source: DataSource, spec: DecisionSpec, limits: Limits) -> DryRun:
    """Check each query against the schema without reading its rows: wrapped in
    `SELECT * FROM (...) LIMIT 0` on SQL servers (the server plans it, names its columns and
    reports a missing table or column, and returns nothing), run with the default
    parameters; on the graph, which has no such wrapper, the query runs and one row is
    fetched. A refusal of the guard (a write, another database) is the reason too."""
    values = spec.defaults()
    small = Limits(max_rows=1, max_bytes=100_000, count_rows=1, timeout_s=limits.timeout_s,
                   max_scan_rows=limits.max_scan_rows, max_cell_bytes=limits.max_cell_bytes)
    seconds: dict[str, float] = {}
    for which, needed in _NEEDS.items():
        query = getattr(spec, which)
        if source.language == "sql":
            query = f"SELECT * FROM ({query}\n) AS planrag_dry_run LIMIT 0"
        started = time.perf_counter()
        try:
            table = await source.execute(query, small, params=values)
        except SourceUnavailable as exc:
            return DryRun(spec, None, seconds, untried=str(exc))
        except PlanRAGError as exc:
            text = str(exc).replace("planrag_dry_run", "the query")
            return DryRun(spec, f"the `{which}` query: {text}", seconds)
        seconds[which] = time.perf_counter() - started
        have = [c.lower() for c in table.columns]
        for name in needed:
            if name not in have:
                return DryRun(spec, f"the `{which}` query returns no `{name}` column (it "
                              f"returns {', '.join(table.columns) or 'nothing'}); name it "
                              f"with AS {name}", seconds)
    return DryRun(spec, None, seconds)


@cache
def answer_class(specs: tuple[DecisionSpec, ...]) -> type[WrittenDecision]:
    """The class an answer is typed with on a dataset of written decisions: the decision's
    own with one; with several, one whose parameters are all of theirs, each optional (each
    decision takes its own when it checks)."""
    if len(specs) == 1:
        return simulator_class(specs[0])
    fields: dict[str, Any] = {}
    for spec in specs:
        for p in spec.parameters:
            fields.setdefault(p.name, (_PY_TYPES[p.type] | None, Field(
                default=None, title=p.title or None, description=p.description or None)))
    base = simulator_class(specs[0])
    return type(
        "AnyWrittenDecision",
        (base,),
        {
            "name": "+".join(s.id for s in specs),
            "title": " / ".join(s.title for s in specs),
            "decision_ids": tuple(s.id for s in specs),
            "Parameters": create_model("AnyDecisionParameters",
                                       __config__=ConfigDict(extra="ignore", frozen=True),
                                       **fields),
            "__module__": __name__,
        },
    )
