"""Running simulators on dumps, on loaded datasets and on files of questions.

This is what the command line and the engine call. States read from dump files are cached
(keyed by the file's path, size and modification time), so many questions on one dump parse
it once.
"""

from __future__ import annotations

import codecs
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from planrag.datasets import Dataset, DatasetRef, Question
from planrag.errors import (
    DatasetError,
    PlanRAGError,
    SimulatorError,
    SimulatorInputError,
    StateError,
)
from planrag.present import Columns
from planrag.simulators.base import RuleComparison, SimulationResult, Simulator, build, evaluate
from planrag.simulators.registry import available, resolve, resolve_registered
from planrag.simulators.state import State, as_of_now, state_from_dump
from planrag.users import Access

__all__ = [
    "RENAMES",
    "BatchLine",
    "DatasetSimulation",
    "QuestionLine",
    "batch",
    "confined_dump",
    "dataset_check",
    "dataset_columns",
    "dataset_simulator",
    "dump_state",
    "question_inputs",
    "question_parameters",
    "read_questions",
    "simulate_dataset",
    "simulate_dump",
]

_STATE_CACHE: dict[tuple[Any, ...], State] = {}
_STATE_CACHE_SIZE = 32


def dump_state(
    sim_cls: type[Simulator], path: Path, renames: Mapping[str, str] | None = None
) -> State:
    """The state `sim_cls` reads from the dump at `path`, cached while the file is unchanged."""
    try:
        stat = path.stat()
    except OSError as exc:
        raise DatasetError(f"cannot read dump {path}: {exc.strerror}") from None
    key = (
        str(path.resolve()),
        stat.st_size,
        stat.st_mtime_ns,
        tuple(sorted((renames or {}).items())),
        sim_cls.tables,
    )
    state = _STATE_CACHE.get(key)
    if state is None:
        state = state_from_dump(sim_cls.tables, path, renames)
        if len(_STATE_CACHE) >= _STATE_CACHE_SIZE:
            _STATE_CACHE.pop(next(iter(_STATE_CACHE)))
        _STATE_CACHE[key] = state
    return state


def question_parameters(
    sim_cls: type[Simulator], fields: Mapping[str, Any]
) -> dict[str, Any] | None:
    """The parameters a question carries for `sim_cls`: its `parameters` object, or its fields
    named like the parameters (DQA's `country`, `home`, `goods`). None when a required
    parameter is missing: the simulator does not apply to that question."""
    raw = fields.get("parameters")
    if isinstance(raw, Mapping):
        return dict(raw)
    model_fields = sim_cls.Parameters.model_fields
    picked = {name: fields[name] for name in model_fields if name in fields}
    if any(f.is_required() and name not in picked for name, f in model_fields.items()):
        return None
    return picked


def simulate_dump(
    sim_cls: type[Simulator],
    path: Path,
    parameters: Mapping[str, Any],
    rules: str | None = None,
    renames: Mapping[str, str] | None = None,
    *,
    compare: bool = True,
) -> SimulationResult:
    state = dump_state(sim_cls, path, renames)
    sim = build(sim_cls, state, sim_cls.parse_parameters(parameters), rules)
    return evaluate(sim, compare=compare)


def dataset_simulator(dataset: Dataset) -> type[Simulator]:
    if not dataset.simulator:
        raise SimulatorError(
            f"dataset {dataset.id} names no simulator; add `simulator = ...` to its "
            "dataset.toml (see the README, 'Simulators')"
        )
    try:
        return resolve(dataset.simulator, dataset.root)
    except SimulatorError as exc:
        raise SimulatorError(f"dataset {dataset.id}: {exc}") from exc


def dataset_check(dataset: Dataset) -> type[Simulator]:
    """What checks the dataset's answers and ranks its what-if: its simulator, else its
    first decision written in the manifest (`planrag.decisions`)."""
    if not dataset.simulator and dataset.decisions:
        from planrag.decisions.run import simulator_class

        return simulator_class(dataset.decisions[0])
    return dataset_simulator(dataset)


def dataset_columns(dataset: Dataset) -> Columns:
    """How the dataset's result tables read: its manifest's column names, and from its
    simulator (when it has one that loads) the columns holding booleans and the names it
    gives values."""
    try:
        sim = dataset_simulator(dataset) if dataset.simulator else None
    except PlanRAGError:
        sim = None  # said where the simulator is used; the tables still read
    if sim is None:
        return Columns(dataset.column_names)
    flags = frozenset(c.name for t in sim.tables for c in t.columns if c.kind == "bool")
    return Columns(dataset.column_names, flags, sim.value_label)


@dataclass(frozen=True)
class DatasetSimulation:
    dataset: Dataset
    question: Question | None
    result: SimulationResult
    as_of: str | None = None
    """When the data was read, for a live database (UTC)."""
    simulator: type[Simulator] | None = None
    nothing_ranked: str | None = None
    """Why the check ranked no candidate (one line), when it ranked none."""

    @property
    def rank_of_answer(self) -> int | None:
        if self.question is None or self.question.answer is None:
            return None
        return self.result.rank_of(self.question.answer)


async def simulate_dataset(
    settings: Any,
    ref: str | DatasetRef,
    target: str | None = "dump",
    overrides: Mapping[str, Any] | None = None,
    rules: str | None = None,
    decision: str | None = None,
    access: Access | None = None,
) -> DatasetSimulation:
    """Simulate on a dataset: `ref` is DATASET, DATASET@DUMP or DATASET#QUESTION; `target`
    is ``dump`` (the dump file: the exact path), a database (a target such as mysql or graph:
    a loaded copy, or the live database itself), or None (the dataset's default: its dump, or its
    live database). Parameters come from the question (with #QUESTION), then `overrides`.
    With `decision` (or on a dataset whose only check is written in its manifest), the
    written decision ranks on its database (`planrag.decisions`). With `access`, a live
    database is read with that person's own account (where it names accounts per person)."""
    from planrag.locations.accounts import for_person
    from planrag.runtime import locate, open_source, registry

    if isinstance(ref, str):
        ref = DatasetRef.parse(ref)
    dataset = registry(settings).get(ref.dataset)
    if decision is not None or (not dataset.simulator and (
            dataset.decisions or dataset.decision_problems)):
        return await _written(settings, dataset, ref, target, overrides, rules, decision,
                              access)
    sim_cls = dataset_simulator(dataset)
    question = dataset.question(ref.question) if ref.question else None
    raw: dict[str, Any] = {}
    if question is not None:
        raw.update(question_parameters(sim_cls, question.extra) or {})
    raw.update(overrides or {})
    parameters = sim_cls.parse_parameters(raw)
    from_dump = target in ("dump", None) and bool(dataset.dumps("sql"))
    if target == "dump":
        target = None  # without dumps (a live dataset): its data is where it lives
    as_of = None
    if from_dump:
        dump = question.sql if question is not None else dataset.dump("sql", ref.dump)
        if dump is None:
            raise DatasetError(f"question {ref} has no relational dump for the simulator")
        state = dump_state(sim_cls, dump.path, dataset.rename_columns)
    else:
        resolved = for_person(locate(settings, ref, target), access)
        async with open_source(settings, resolved) as source:
            state = await sim_cls.read_state(source, parameters)
        if resolved.location.live:
            as_of = as_of_now()
    result = evaluate(build(sim_cls, state, parameters, rules))
    return DatasetSimulation(dataset, question, result, as_of, sim_cls,
                             None if result.ranking else _nothing_ranked(sim_cls, result))


async def _written(
    settings: Any,
    dataset: Dataset,
    ref: DatasetRef,
    target: str | None,
    overrides: Mapping[str, Any] | None,
    rules: str | None,
    decision: str | None,
    access: Access | None = None,
) -> DatasetSimulation:
    from planrag.decisions.run import simulator_class
    from planrag.decisions.service import rank_decision

    spec = dataset.decision(decision)
    if rules not in (None, "query"):
        raise SimulatorInputError(f"the decision {spec.id} is written as queries; it has no "
                                  f"rule set {rules!r}")
    question = dataset.question(ref.question) if ref.question else None
    raw: dict[str, Any] = {}
    if question is not None:
        names = {p.name for p in spec.parameters}
        carried = question_parameters(simulator_class(spec), question.extra) or {}
        raw.update({k: v for k, v in carried.items() if k in names})
    raw.update(overrides or {})
    where = None if target in ("dump", None) else target
    ranked = await rank_decision(settings, dataset, spec, raw, where, access)
    return DatasetSimulation(dataset, question, ranked.result, ranked.as_of,
                             simulator_class(spec), ranked.nothing_ranked)


def _nothing_ranked(sim_cls: type[Simulator], result: SimulationResult) -> str:
    given = ", ".join(f"{k}={v}" for k, v in result.parameters.items() if v is not None)
    return (f"the simulator {sim_cls.name} ranked no candidate decision"
            f"{f' for {given}' if given else ''}: its state ({result.origin}) holds none; "
            "check that the data holds the decisions it ranks")


RENAMES = {"has_has_merchant": "has_merchant"}
"""The known DQA dump quirk: six dumps name the Locating column `has_has_merchant`."""

_BOMS = (
    (codecs.BOM_UTF32_LE, "UTF-32"),
    (codecs.BOM_UTF32_BE, "UTF-32"),
    (codecs.BOM_UTF16_LE, "UTF-16"),
    (codecs.BOM_UTF16_BE, "UTF-16"),
)


@dataclass(frozen=True)
class QuestionLine:
    """One non-blank line of a questions file: its fields, or why it cannot be read."""

    line: int
    id: Any
    """The question's `id`, or ``"line N"`` when it has none or cannot be read."""
    fields: dict[str, Any] | None
    error: str | None = None


def read_questions(path: Path) -> list[QuestionLine]:
    """Every non-blank line of a JSON-lines questions file. A line that is not UTF-8, not JSON
    or not a JSON object becomes a `QuestionLine` with an error and the others are kept; a
    file that cannot be read at all (missing, UTF-16) is a `DatasetError`."""
    if not path.is_file():
        raise DatasetError(
            f"no questions file at {path}: give a JSON-lines file, one question a line"
        )
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise DatasetError(f"cannot read the questions file {path}: {exc.strerror}") from None
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            raise DatasetError(f"{path} is {encoding} text; save it as UTF-8 and run again")
    data = data.removeprefix(codecs.BOM_UTF8)
    out: list[QuestionLine] = []
    for n, raw in enumerate(data.split(b"\n"), start=1):
        if raw.strip():
            out.append(_question_line(n, raw))
    return out


def _question_line(n: int, raw: bytes) -> QuestionLine:
    label = f"line {n}"
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return QuestionLine(
            n, label, None,
            f"{label} is not UTF-8 text (byte 0x{raw[exc.start]:02x} at byte {exc.start + 1}"
            " of the line); save the file as UTF-8",
        )
    if "\x00" in text:
        return QuestionLine(
            n, label, None, f"{label} holds NUL characters (is the file UTF-16?); save it as UTF-8"
        )
    try:
        q = json.loads(text, parse_constant=_no_constant)
        json.dumps(q, ensure_ascii=False).encode("utf-8")  # the line is written back out
    except _NotJSON as exc:
        return QuestionLine(n, label, None, f"{label} is not JSON: {exc}")
    except UnicodeEncodeError:
        return QuestionLine(
            n, label, None,
            f"{label} holds an unpaired surrogate escape (\\ud800 to \\udfff alone), which "
            "is no text; fix that string",
        )
    except json.JSONDecodeError as exc:
        return QuestionLine(n, label, None, f"{label} is not JSON: {exc.msg} (column {exc.colno})")
    except RecursionError:
        return QuestionLine(n, label, None, f"{label} cannot be read as JSON: nested too deeply")
    except ValueError:  # the only other one: an integer of thousands of digits
        return QuestionLine(
            n, label, None, f"{label} cannot be read as JSON: it holds a number too long to read"
        )
    if not isinstance(q, dict):
        kind = {list: "a list", str: "a string", bool: "a boolean", type(None): "null"}.get(
            type(q), "a number"
        )
        return QuestionLine(
            n, label, None,
            f"{label} is {kind}, not a JSON object with id, scenario, sql and the question's "
            "parameters",
        )
    qid = q.get("id")
    return QuestionLine(n, label if qid is None else qid, q)


class _NotJSON(ValueError):
    pass


def _no_constant(name: str) -> Any:
    raise _NotJSON(f"{name} is not a JSON value (write a number or null)")


def confined_dump(base: Path, sql: Any) -> Path:
    """The dump a question names in `sql`, relative to `base` (the questions file's folder).
    A path that leads outside `base`, by `..`, as an absolute path or through a symbolic
    link, is refused before anything is read."""
    if not isinstance(sql, str) or not sql.strip():
        raise SimulatorInputError(
            "the question has no `sql` (the path of its dump, relative to the questions file)"
        )
    shown = sql if len(sql) <= 120 else sql[:117] + "..."
    try:
        root = base.resolve()
        path = (root / sql).resolve()
    except (OSError, RuntimeError, ValueError) as exc:
        raise SimulatorInputError(f"`sql` {shown!r} is not a usable path: {exc}") from None
    if not path.is_relative_to(root):
        raise SimulatorInputError(
            f"`sql` {shown!r} leads outside the questions file's folder {root}; a question "
            "may only name a dump in that folder or below it"
        )
    return path


def question_inputs(
    fields: Mapping[str, Any], base: Path
) -> tuple[type[Simulator], Path, dict[str, Any]]:
    """What one line of a questions file asks for: its simulator (a registered name only:
    data never chooses code), its dump (confined to `base`) and its parameters."""
    scenario = fields.get("scenario")
    if scenario is None or scenario == "":
        raise SimulatorInputError("the question has no `scenario` (e.g. locating, building)")
    if not isinstance(scenario, str):
        raise SimulatorInputError(
            f"the question's `scenario` is {json.dumps(scenario)[:40]}; give a simulator's "
            "name, e.g. locating or building"
        )
    sim_cls = resolve_registered(scenario.strip())
    dump = confined_dump(base, fields.get("sql"))
    raw = question_parameters(sim_cls, fields)
    if raw is None:
        missing = [k for k, f in sim_cls.Parameters.model_fields.items() if f.is_required()]
        raise SimulatorInputError(
            f"the question lacks {', '.join(missing)}"
            + _mismatch(fields, scenario.strip(), sim_cls, dump)
        )
    return sim_cls, dump, raw


def _mismatch(
    fields: Mapping[str, Any], label: str, sim_cls: type[Simulator], dump: Path
) -> str:
    """When another registered simulator fits both the question's fields and its dump, the
    text that says the `scenario` label is probably wrong; else nothing."""
    seen: set[type[Simulator]] = {sim_cls}
    for name in available():
        try:
            other = resolve_registered(name)
        except SimulatorError:
            continue  # a broken plugin fits nothing
        if other in seen:
            continue
        seen.add(other)
        if question_parameters(other, fields) is None:
            continue
        try:
            dump_state(other, dump, RENAMES)
        except PlanRAGError:
            continue
        return (
            f"; it is labelled scenario {label!r}, but its fields and its dump fit the "
            f"{other.name} simulator: correct its `scenario`"
        )
    return ""


@dataclass(frozen=True)
class BatchLine:
    """One question of a batch: its result, or why it could not be simulated."""

    id: Any
    result: SimulationResult | None = None
    error: str | None = None
    answer: Any = None
    """The question's `answer` (None when it has none)."""

    @property
    def rank_of_answer(self) -> int | None:
        if self.result is None or self.answer is None:
            return None
        return self.result.rank_of(self.answer)

    @property
    def answer_not_a_candidate(self) -> bool:
        """The question has an answer that is none of the candidates."""
        return self.result is not None and self.answer is not None and (
            self.result.find(self.answer) is None
        )

    @property
    def disagreement(self) -> RuleComparison | None:
        """Another rule set that chooses differently (only when compared)."""
        if self.result is None:
            return None
        return next((o for o in self.result.others if not o.agrees), None)

    def to_json(self) -> dict[str, Any]:
        """Exactly the batch contract: `id, decision, value, baseline, rank_of_answer, tie,
        seconds` (the sweep's time), `label_tied` (the question's answer is one of several
        candidates exactly tied for the best; null without an answer), or `id, error`."""
        if self.result is None:
            return {"id": self.id, "error": self.error or "not simulated"}
        best = self.result.best
        return {
            "id": self.id,
            "decision": best.decision if best else None,
            "value": best.value if best else None,
            "baseline": self.result.baseline,
            "rank_of_answer": self.rank_of_answer,
            "tie": bool(self.result.ties),
            "seconds": self.result.seconds,
            "label_tied": (None if self.answer is None
                           else self.rank_of_answer == 1 and bool(self.result.ties)),
        }


def batch(
    path: Path, rules: str | None = None, *, compare: bool = False
) -> Iterator[BatchLine]:
    """One `BatchLine` per question of a DQA-format questions file (fields `id`, `scenario`
    (a registered simulator), the scenario's parameters, `sql` relative to the file's folder,
    optional `answer`). A question that cannot be simulated carries its error and the rest go
    on; a rule set that a named simulator lacks stops everything before the first line.
    With `compare`, each result also says what the simulator's other rule sets choose."""
    questions = read_questions(path)
    if rules is not None:
        _check_rules(questions, rules)
    for q in questions:
        if q.fields is None:
            yield BatchLine(q.id, error=q.error)
            continue
        try:
            yield _batch_line(q.fields, q.id, path.parent, rules, compare)
        except PlanRAGError as exc:
            yield BatchLine(q.id, error=str(exc))


def _check_rules(questions: list[QuestionLine], rules: str) -> None:
    checked: set[type[Simulator]] = set()
    for q in questions:
        scenario = (q.fields or {}).get("scenario")
        if not isinstance(scenario, str):
            continue
        try:
            sim_cls = resolve_registered(scenario.strip())
        except SimulatorError:
            continue  # reported on its own line
        if sim_cls in checked:
            continue
        checked.add(sim_cls)
        if rules not in sim_cls.rule_sets:
            raise SimulatorInputError(
                f"the {sim_cls.name} simulator has no rule set {rules!r}; choose one of: "
                f"{', '.join(sim_cls.rule_sets)}"
            )


def _batch_line(
    fields: Mapping[str, Any], qid: Any, base: Path, rules: str | None, compare: bool
) -> BatchLine:
    sim_cls, dump, raw = question_inputs(fields, base)
    try:
        state = dump_state(sim_cls, dump, RENAMES)
    except StateError as exc:  # e.g. a Building dump under a Locating label
        label = str(fields.get("scenario", "")).strip()
        raise StateError(f"{exc}{_mismatch(fields, label, sim_cls, dump)}") from exc
    sim = build(sim_cls, state, sim_cls.parse_parameters(raw), rules)
    return BatchLine(qid, evaluate(sim, compare=compare), answer=fields.get("answer"))
