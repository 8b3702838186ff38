"""Running simulators on dumps, on loaded datasets and on files of questions.

This is what the command line and the engine call. States read from dump files are cached
(keyed by the file's path, size and modification time), so many questions on one dump parse
it once.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from planrag.datasets import Dataset, Form, Question
from planrag.errors import DatasetError, PlanRAGError, SimulatorError, SimulatorInputError
from planrag.simulators.base import SimulationResult, Simulator, build, evaluate
from planrag.simulators.registry import resolve
from planrag.simulators.state import State, state_from_dump, state_from_source

__all__ = [
    "DatasetSimulation",
    "batch",
    "dataset_simulator",
    "dump_state",
    "question_parameters",
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


@dataclass(frozen=True)
class DatasetSimulation:
    dataset: Dataset
    question: Question | None
    result: SimulationResult

    @property
    def rank_of_answer(self) -> int | None:
        if self.question is None or self.question.answer is None:
            return None
        return self.result.rank_of(self.question.answer)


async def simulate_dataset(
    settings: Any,
    ref: str,
    target: str = "dump",
    overrides: Mapping[str, Any] | None = None,
    rules: str | None = None,
) -> DatasetSimulation:
    """Simulate on a dataset: `ref` is DATASET, DATASET@DUMP or DATASET#QUESTION; `target`
    is ``dump`` (the dump file: the exact path) or a loaded database (mysql, sqlite, graph).
    Parameters come from the question (with #QUESTION), then `overrides`."""
    from planrag.runtime import open_source, registry

    reg = registry(settings)
    form: Form = "cypher" if target == "graph" else "sql"
    dataset, dump = reg.resolve(ref, form)
    sim_cls = dataset_simulator(dataset)
    question = dataset.question(ref.split("#", 1)[1]) if "#" in ref else None
    raw: dict[str, Any] = {}
    if question is not None:
        raw.update(question_parameters(sim_cls, question.extra) or {})
    raw.update(overrides or {})
    parameters = sim_cls.parse_parameters(raw)
    if target == "dump":
        state = dump_state(sim_cls, dump.path, dataset.rename_columns)
    else:
        async with open_source(settings, ref, target) as source:
            state = await state_from_source(sim_cls.tables, source)
    result = evaluate(build(sim_cls, state, parameters, rules))
    return DatasetSimulation(dataset, question, result)


def batch(path: Path, rules: str | None = None) -> Iterator[dict[str, Any]]:
    """One JSON-ready line per question of a DQA-format questions file (fields `id`,
    `scenario`, the scenario's parameters, `sql` relative to the file, optional `answer`).
    A question that cannot be simulated yields `{"id", "error"}` and the rest go on."""
    if not path.is_file():
        raise DatasetError(f"no questions file at {path}")
    base = path.parent
    with path.open(encoding="utf-8") as lines:
        for n, line in enumerate(lines, start=1):
            if not line.strip():
                continue
            qid: Any = None
            try:
                q = json.loads(line)
                if not isinstance(q, dict):
                    raise SimulatorInputError(f"line {n} is not a JSON object")
                qid = q.get("id", f"line {n}")
                yield _batch_line(q, qid, base, rules)
            except json.JSONDecodeError as exc:
                yield {"id": f"line {n}", "error": f"line {n} is not JSON: {exc.msg}"}
            except PlanRAGError as exc:
                yield {"id": qid, "error": str(exc)}


def _batch_line(q: dict[str, Any], qid: Any, base: Path, rules: str | None) -> dict[str, Any]:
    scenario = q.get("scenario")
    if not isinstance(scenario, str):
        raise SimulatorInputError("the question has no `scenario` (e.g. locating, building)")
    sim_cls = resolve(scenario)
    sql = q.get("sql")
    if not isinstance(sql, str) or not sql:
        raise SimulatorInputError("the question has no `sql` dump path")
    raw = question_parameters(sim_cls, q)
    if raw is None:
        missing = [k for k, f in sim_cls.Parameters.model_fields.items() if f.is_required()]
        raise SimulatorInputError(f"the question lacks {', '.join(missing)}")
    started = time.perf_counter()
    result = simulate_dump(
        sim_cls, base / sql, raw, rules, {"has_has_merchant": "has_merchant"}, compare=False
    )
    best = result.best
    answer = q.get("answer")
    return {
        "id": qid,
        "decision": best.decision if best else None,
        "value": best.value if best else None,
        "baseline": result.baseline,
        "rank_of_answer": result.rank_of(answer) if answer is not None else None,
        "tie": bool(result.ties),
        "near_tie": bool(result.near_ties),
        "rules": result.rules,
        "seconds": result.seconds,
        "total_seconds": time.perf_counter() - started,
    }
