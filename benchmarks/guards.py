"""Guard check time per query over the guard cases: median, p95 and max.

    python benchmarks/guards.py [CASES_DIR]

Each case is checked `--repeat` times; the figure for a case is its median. Target: the
median over cases under 1 ms.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from planrag.guards import check

HERE = Path(__file__).resolve().parent
DEFAULT_CASES = HERE.parent / "fixtures" / "guard-cases"


def time_case(language: str, query: str, repeat: int) -> float:
    samples = []
    for _ in range(repeat):
        started = time.perf_counter()
        check(language, query)
        samples.append(time.perf_counter() - started)
    return statistics.median(samples)


def _dialect(language: str, case: dict[str, str]) -> str:
    """A SQL case's dialect, from the tag its `why` starts with ([SQLite], [PostgreSQL])."""
    tags = {"[SQLite]": "sqlite", "[PostgreSQL]": "postgres"}
    return next((d for t, d in tags.items() if case["why"].startswith(t)), language)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("cases", nargs="?", type=Path, default=DEFAULT_CASES)
    parser.add_argument("--repeat", type=int, default=50)
    args = parser.parse_args()
    for language, name in (("sql", "sql_cases.jsonl"), ("cypher", "cypher_cases.jsonl")):
        cases = [
            json.loads(line)
            for line in (args.cases / name).read_text().splitlines()
            if line.strip()
        ]
        for case in cases:  # warm up imports and caches once
            check(_dialect(language, case), case["query"])
        times = sorted(time_case(_dialect(language, c), c["query"], args.repeat) * 1000
                       for c in cases)
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        print(
            f"guard {language:6} {len(cases):3} cases: median {statistics.median(times):.3f} ms,"
            f" p95 {p95:.3f} ms, max {times[-1]:.3f} ms"
        )


if __name__ == "__main__":
    main()
