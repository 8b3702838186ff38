"""Simulator sweep time per question: median and max, for Locating and Building.

    python benchmarks/simulators.py [DQA_DIR ...] [--repeat N] [--reference]

Runs over the development split (fixtures/dqa) and over every DQA directory given (any folder
holding `questions.jsonl` files in the DQA format, e.g. the full benchmark). The figure for one
question is the median of `--repeat` full candidate sweeps (the state is loaded once per dump,
outside the timing). It also prints how many answers the `dqa` rules reproduce and, with
`--reference`, the time of the straightforward sweep (one `simulate()` per candidate, pure
Python; also the median of `--repeat` runs) on the same questions, and the speed-up of each
question (reference time / sweep time). A line that cannot be read or simulated is
reported (file, line, why) and the run goes on.

Targets: a Locating sweep under 7 ms; a Building sweep under 200 ms for the largest save
(DQA's largest has 396 buildings: the synthetic 400-building economy below stands for it).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from planrag.errors import PlanRAGError
from planrag.simulators import Simulator
from planrag.simulators.service import RENAMES, dump_state, question_inputs, read_questions

HERE = Path(__file__).resolve().parent
DEV = HERE.parent / "fixtures" / "dqa"


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
    ratios: dict[str, list[float]] = defaultdict(list)
    agree: dict[str, list[bool]] = defaultdict(list)
    errors = 0
    unread = 0
    for path in files:
        try:
            lines = read_questions(path)
        except PlanRAGError as exc:
            unread += 1
            print(f"  {exc}")
            continue
        for line in lines:
            where = f"{path}:{line.line} ({line.id})"
            if line.fields is None:
                errors += 1
                print(f"  {where}: {line.error}")
                continue
            q = line.fields
            try:
                cls, dump, raw = question_inputs(q, path.parent)
                state = dump_state(cls, dump, RENAMES)
                sim = cls(state, cls.parse_parameters(raw), "dqa")
                seconds, values = timed(sim.sweep, repeat)
            except PlanRAGError as exc:
                errors += 1
                print(f"  {where}: {exc}")
                continue
            candidates = list(sim.candidates())
            per[cls.name].append((seconds, len(candidates), str(line.id)))
            if q.get("answer") is not None and values:
                sign = -1 if cls.objective == "maximise" else 1
                best = min(range(len(values)), key=lambda i: (sign * values[i], i))
                agree[cls.name].append(str(candidates[best]) == str(q["answer"]))
            if reference:
                ref_seconds, ref_values = timed(lambda s=sim: reference_sweep(s), repeat)
                if list(ref_values) != list(values):
                    print(f"  {where}: the sweep differs from the reference!")
                refs[cls.name].append(ref_seconds)
                ratios[cls.name].append(ref_seconds / seconds)
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
            x = ratios[name]
            print(
                f"  {'':9} reference (simulate per candidate) median "
                f"{statistics.median(r) * 1e3:8.2f} ms, max {max(r) * 1e3:8.2f} ms; speed-up "
                f"per question: median x{statistics.median(x):.1f}, from x{min(x):.1f} to "
                f"x{max(x):.1f}"
            )
    if unread:
        print(f"  {unread} questions file(s) could not be read")
    if errors:
        print(f"  {errors} question(s) could not be simulated")


def synthetic_building(buildings: int, repeat: int) -> None:
    """A `buildings`-building economy drawn from every development save (the DQA acceptance
    data has saves of up to 396 buildings). Buildings are taken evenly spread over all the
    saves' buildings, each with its own supply and demand rows (new ids per save), so the
    rows per building are those of the real saves taken together, not of one save."""
    from planrag.simulators import BuildingSimulator, State

    saves = sorted((DEV / "building" / "dbs").glob("*.sql"))
    states = [dump_state(BuildingSimulator, path) for path in saves]
    goods = list(max(states, key=lambda s: len(s.rows("building"))).rows("goods"))
    codes = [(g[0], g[1]) for g in goods]
    if any([(g[0], g[1]) for g in s.rows("goods")] != codes for s in states):
        print("synthetic building economy: the saves name their goods differently; skipped")
        return
    pool = []  # (save, building row) over all saves, in file order
    for k, s in enumerate(states):
        supply: dict[int, list[tuple[Any, ...]]] = defaultdict(list)
        demand: dict[int, list[tuple[Any, ...]]] = defaultdict(list)
        for r in s.rows("supply"):
            supply[r[1]].append(r)
        for r in s.rows("demand"):
            demand[r[1]].append(r)
        for b in s.rows("building"):
            pool.append((k, b, supply[b[0]], demand[b[0]]))
    rows: dict[str, list[tuple[Any, ...]]] = {
        "goods": goods, "building": [], "supply": [], "demand": []
    }
    for i in range(buildings):  # evenly spread; round after round if the pool is smaller
        turn, i_in_turn = divmod(i, len(pool))
        spread = i_in_turn * len(pool) // min(buildings, len(pool))
        k, b, sup, dem = pool[spread]
        new_id = 100_000_000 * turn + 1_000_000 * (k + 1) + b[0]
        rows["building"].append((new_id, b[1], b[2]))
        rows["supply"] += [(r[0], new_id, *r[2:]) for r in sup]
        rows["demand"] += [(r[0], new_id, *r[2:]) for r in dem]
    real_b = sum(len(s.rows("building")) for s in states)
    real_s = sum(len(s.rows("supply")) for s in states) / real_b
    real_d = sum(len(s.rows("demand")) for s in states) / real_b
    state = State(rows, f"synthetic {buildings}-building economy", True)
    times = []
    for name in ("furniture", "tools", "grain"):
        sim = BuildingSimulator(state, BuildingSimulator.Parameters(goods=name), "dqa")
        seconds, _ = timed(sim.sweep, repeat)
        times.append(seconds)
    n_s, n_d = len(rows["supply"]), len(rows["demand"])
    print(
        f"synthetic building economy: {buildings} buildings, {n_s} supply and {n_d} demand rows"
        f" ({n_s / buildings:.2f} and {n_d / buildings:.2f} per building; the development saves"
        f" {real_s:.2f} and {real_d:.2f}): sweep median {statistics.median(times) * 1e3:.2f} ms,"
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
