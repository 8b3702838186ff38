"""Where the tests' time goes: each tier's wall time, what it ran, and its slowest tests.

The tiers are run exactly as the Makefile runs them (`make unit` is the fast tier that
`make test` runs after the linters; `make e2e` the end-to-end tier that `make test-all`
adds), each `--runs` times; the linters are timed too (`make lint`: mypy with its cache as
the working tree has it, then again warm). Printed per tier: the wall time of each run and
their median, the number of tests passed, failed and skipped, and the `--slowest` tests of
the last run (setup, call and teardown together: a test's fixtures count against it).
Exits 1 when a run failed.

    .venv/bin/python benchmarks/test_suite.py [--tier fast|e2e|all] [--runs 1] \
        [--slowest 20] [--workers 2]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TIERS = {"fast": "unit", "e2e": "e2e"}
"""Each tier and the Makefile target that runs it."""
FAST_TARGET_S = 5 * 60
"""`make test` (linters and the fast tier) on a 2-core machine, from a fresh clone."""


@dataclass
class Run:
    wall_s: float
    returncode: int
    seconds: dict[str, float] = field(default_factory=dict)
    """Each test's setup, call and teardown time together, by node id."""
    outcomes: dict[str, str] = field(default_factory=dict)


def run_target(target: str, workers: int) -> Run:
    with tempfile.TemporaryDirectory(prefix="planrag-test-times-") as folder:
        times = Path(folder) / "times.jsonl"
        env = {**os.environ, "PLANRAG_TEST_TIMES": str(times)}
        started = time.monotonic()
        done = subprocess.run(["make", "--no-print-directory", target, f"WORKERS={workers}",
                               f"E2E_WORKERS={workers}", "PYTEST_ARGS=-q -p no:cacheprovider"],
                              cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, check=False)
        run = Run(time.monotonic() - started, done.returncode)
        lines = times.read_text(encoding="utf-8").splitlines() if times.exists() else []
    seconds: dict[str, float] = defaultdict(float)
    for line in lines:
        record = json.loads(line)
        node = str(record["nodeid"])
        seconds[node] += float(record["seconds"])
        outcome = str(record["outcome"])
        # A test failed if any phase failed; it was skipped if a phase skipped it.
        if outcome == "failed" or (outcome == "skipped" and run.outcomes.get(node) != "failed"):
            run.outcomes[node] = outcome
        else:
            run.outcomes.setdefault(node, outcome)
    run.seconds = dict(seconds)
    return run


def timed(target: str) -> tuple[float, int]:
    started = time.monotonic()
    done = subprocess.run(["make", "--no-print-directory", target], cwd=ROOT,
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.monotonic() - started, done.returncode


def minutes(seconds: float) -> str:
    return f"{int(seconds // 60)}:{seconds % 60:04.1f}"


def report(tier: str, runs: list[Run], slowest: int) -> None:
    walls = [r.wall_s for r in runs]
    print(f"\n{tier} tier (make {TIERS[tier]}): "
          + ", ".join(minutes(w) for w in walls)
          + (f"; median {minutes(statistics.median(walls))}" if len(walls) > 1 else ""))
    last = runs[-1]
    counts = Counter(last.outcomes.values())
    print(f"  tests: {counts.get('passed', 0)} passed, {counts.get('failed', 0)} failed, "
          f"{counts.get('skipped', 0)} skipped; test time {sum(last.seconds.values()):.0f} s "
          "summed over the workers")
    if counts.get("failed"):
        for node, outcome in sorted(last.outcomes.items()):
            if outcome == "failed":
                print(f"  FAILED {node}")
    print(f"  the {slowest} slowest (setup + call + teardown):")
    for node, seconds in sorted(last.seconds.items(), key=lambda kv: -kv[1])[:slowest]:
        print(f"  {seconds:7.1f} s  {node}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tier", choices=["fast", "e2e", "all"], default="all")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--slowest", type=int, default=20)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    print(f"{os.cpu_count()} cores; {args.workers} pytest-xdist workers; "
          f"{args.runs} run(s) per tier")
    failed = False
    lint_s, code = timed("lint")
    warm_s, warm_code = timed("lint")
    failed |= bool(code or warm_code)
    print(f"linters (make lint): {lint_s:.1f} s as the cache stood, {warm_s:.1f} s warm"
          + ("; FAILED" if code or warm_code else ""))
    tiers = ["fast", "e2e"] if args.tier == "all" else [args.tier]
    medians: dict[str, float] = {}
    for tier in tiers:
        runs = [run_target(TIERS[tier], args.workers) for _ in range(args.runs)]
        failed |= any(r.returncode for r in runs)
        report(tier, runs, args.slowest)
        medians[tier] = statistics.median(r.wall_s for r in runs)
    if "fast" in medians:
        fast = medians["fast"] + warm_s
        print(f"\nmake test without the install (warm linters + fast tier): {minutes(fast)}; "
              f"target {minutes(FAST_TARGET_S)} from a fresh clone (cold mypy adds "
              f"{max(0.0, lint_s - warm_s):.0f} s when its cache is new)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
