"""Simulator sweep time per question: median and max, for Locating and Building.

    python benchmarks/simulators.py [DQA_DIR ...] [--repeat N] [--reference]

Runs over the development split (fixtures/dqa) and over every DQA directory given (any folder
holding `questions.jsonl` files in the DQA format, e.g. the full benchmark). The figure for one
question is the median of `--repeat` full candidate sweeps (the state is loaded once per dump,
outside the timing). It also prints how many answers the `dqa` rules reproduce and, with
`--reference`, the time of the straightforward sweep (one `simulate()` per candidate, pure
Python) on the same questions, and the speed-up.

Targets (issue 3): Locating sweep under 7 ms, Building under 200 ms for the largest save.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from planrag.errors import PlanRAGError
from planrag.simulators import Simulator
from planrag.simulators.registry import resolve
from planrag.simulators.service import dump_state, question_parameters

HERE = Path(__file__).resolve().parent
DEV = HERE.parent / "fixtures" / "dqa"
RENAMES = {"has_has_merchant": "has_merchant"}


def timed(fn: Any, repeat: int) -> tuple[float, Any]:
    samples = []
    out = None
    for _ in range(repeat):
        started = time.perf_counter()
        out = fn()
        samples.append(time.perf_counter() - started)
    return statistics.median(samples), out


def reference_sweep(sim: Simulator) -> list[float]:
    return [sim.simulate(c).value for c in sim.candidates()]


def run(root: Path, repeat: int, reference: bool) -> None:
    files = sorted(root.rglob("questions.jsonl"))
    if not files:
        print(f"{root}: no questions.jsonl files")
        return
    per: dict[str, list[tuple[float, int, str]]] = defaultdict(list)
    refs: dict[str, list[float]] = defaultdict(list)
    agree: dict[str, list[bool]] = defaultdict(list)
    errors = 0
    for path in files:
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            q = json.loads(line)
            try:
                cls = resolve(q["scenario"])
                state = dump_state(cls, path.parent / q["sql"], RENAMES)
                raw = question_parameters(cls, q) or {}
                sim = cls(state, cls.parse_parameters(raw), "dqa")
                seconds, values = timed(sim.sweep, repeat)
            except (PlanRAGError, KeyError) as exc:
                errors += 1
                print(f"  {q.get('id')}: {exc}")
                continue
            candidates = list(sim.candidates())
            per[cls.name].append((seconds, len(candidates), q["id"]))
            if "answer" in q and values:
                sign = -1 if cls.objective == "maximise" else 1
                best = min(range(len(values)), key=lambda i: (sign * values[i], i))
                agree[cls.name].append(str(candidates[best]) == str(q["answer"]))
            if reference:
                ref_seconds, ref_values = timed(lambda s=sim: reference_sweep(s), 1)
                if list(ref_values) != list(values):
                    print(f"  {q['id']}: the sweep differs from the reference!")
                refs[cls.name].append(ref_seconds)
    print(f"{root}")
    for name, rows in sorted(per.items()):
        times = [t for t, _, _ in rows]
        worst = max(rows)
        largest = max(rows, key=lambda r: (r[1], r[0]))
        labels = agree.get(name, [])
        median_ms = statistics.median(times) * 1e3
        print(
            f"  {name:9} {len(rows):4} questions  sweep median {median_ms:7.2f} ms"
            f"  max {worst[0] * 1e3:7.2f} ms ({worst[2]}, {worst[1]} candidates)"
        )
        print(
            f"  {'':9} largest: {largest[1]} candidates in {largest[0] * 1e3:.2f} ms"
            f" ({largest[2]}); dqa labels reproduced {sum(labels)}/{len(labels)}"
        )
        if name in refs:
            r = refs[name]
            print(
                f"  {'':9} reference (simulate per candidate) median "
                f"{statistics.median(r) * 1e3:8.2f} ms, max {max(r) * 1e3:8.2f} ms; speed-up "
                f"median x{statistics.median(r) / statistics.median(times):.0f}, "
                f"on the slowest x{max(r) / worst[0]:.0f}"
            )
    if errors:
        print(f"  {errors} question(s) could not be simulated")


def synthetic_building(buildings: int, repeat: int) -> None:
    """The largest development save grown to `buildings` buildings (copies of its own, with new
    ids): the DQA acceptance data has saves of up to 396 buildings."""
    from planrag.simulators import BuildingSimulator, State

    saves = sorted((DEV / "building" / "dbs").glob("*.sql"))
    states = [dump_state(BuildingSimulator, path) for path in saves]
    base = max(states, key=lambda s: len(s.rows("building")))
    rows = {name: list(base.rows(name)) for name in ("goods", "building", "supply", "demand")}
    original = list(rows["building"])
    copy = 0
    while len(rows["building"]) < buildings:
        copy += 1
        offset = 100_000 * copy
        for b in original[: buildings - len(rows["building"])]:
            rows["building"].append((b[0] + offset, b[1], b[2]))
            rows["supply"] += [(r[0], r[1] + offset, *r[2:]) for r in base.rows("supply")
                               if r[1] == b[0]]
            rows["demand"] += [(r[0], r[1] + offset, *r[2:]) for r in base.rows("demand")
                               if r[1] == b[0]]
    state = State(rows, f"synthetic {buildings}-building economy", True)
    times = []
    for goods in ("furniture", "tools", "grain"):
        sim = BuildingSimulator(state, BuildingSimulator.Parameters(goods=goods), "dqa")
        seconds, _ = timed(sim.sweep, repeat)
        times.append(seconds)
    print(
        f"synthetic building economy: {buildings} buildings, {len(rows['supply'])} supply and "
        f"{len(rows['demand'])} demand rows: sweep median {statistics.median(times) * 1e3:.2f} ms,"
        f" max {max(times) * 1e3:.2f} ms (3 goods)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("dirs", nargs="*", type=Path, help="more DQA directories")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--reference", action="store_true", help="also time the plain sweep")
    args = parser.parse_args()
    for root in [DEV, *args.dirs]:
        run(root, max(1, args.repeat), args.reference)
    synthetic_building(400, max(1, args.repeat))


if __name__ == "__main__":
    main()
