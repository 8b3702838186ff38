"""Watched decisions at scale: many watches due at once, run by one process, then by several.

    python benchmarks/watches.py [--watches N] [--processes K] [--clinics N]

A live SQLite database of clinics is generated (`--clinics`, default 300: each with its
weekly referrals, its scan capacity and its waiting list, and a region); its manifest writes
the decision "which clinic gets the new scanner" (the clinic whose extra capacity clears the
most waiting patients, less its running cost, per region as a parameter). `--watches` watches
(default 200) are made on it, printed, as the operator, each for one of five regions or all.

Then, timed as wall time of the `planrag watch run` processes:

1. one process runs them all (every one due: the first post of each);
2. all are made due again and `--processes` processes (default 3) run at once: each watch is
   run by exactly one of them, and none posts (nothing changed);
3. the waiting lists change so that every region's best clinic changes; all are made due and
   the processes run again: every watch posts exactly once.

It prints the times, the watches run per second, and the counts that must hold (runs and
posts equal to the watches). Everything is written to a temporary folder, removed at the end.
"""

from __future__ import annotations

import argparse
import os
import random
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REGIONS = ("NORD", "SUED", "OST", "WEST", "MITTE")

MANIFEST = '''id = "clinics"
title = "Clinic network"
rules = "A scanner adds 40 scans a week where it goes and costs its clinic's running cost."

[[databases]]
kind = "sqlite"
path = "{path}"

[[decisions]]
id = "scanner"
title = "New scanner"
goal = "maximize"
objective = "waiting patients cleared a week, less the running cost in patients"
unit = "patients/week"
candidates = """SELECT cl_id AS decision, cl_nm AS label FROM clinic
                WHERE :region = 'ALL' OR rgn_cd = :region ORDER BY cl_id"""
value = """SELECT c.cl_id AS decision,
  MIN(c.wait_cnt, 40) - c.run_cost_pts AS value
FROM clinic c WHERE :region = 'ALL' OR c.rgn_cd = :region"""
baseline = "SELECT 0 AS value"
[decisions.parameters.region]
type = "str"
default = "ALL"
title = "Region"
'''


def _database(path: Path, clinics: int, seed: int) -> None:
    rng = random.Random(seed)
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE clinic (cl_id TEXT PRIMARY KEY, cl_nm TEXT NOT NULL, "
                     "rgn_cd TEXT NOT NULL, ref_wk INTEGER, cap_wk INTEGER, wait_cnt "
                     "INTEGER, run_cost_pts REAL)")
        conn.executemany("INSERT INTO clinic VALUES (?, ?, ?, ?, ?, ?, ?)", [
            (f"CL{n:04d}", f"Clinic {n:04d}", REGIONS[n % len(REGIONS)], rng.randint(20, 400),
             rng.randint(20, 300), rng.randint(0, 60), round(rng.uniform(1, 12), 1))
            for n in range(1, clinics + 1)])


def _planrag(env: dict[str, str], *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "planrag", *args], cwd=ROOT,
                            env={**os.environ, **env}, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def _runs(env: dict[str, str], processes: int) -> tuple[float, list[str]]:
    """`processes` `planrag watch run` at once: wall time and their watch lines."""
    start = time.perf_counter()
    procs = [_planrag(env, "watch", "run") for _ in range(processes)]
    lines = []
    for proc in procs:
        out, err = proc.communicate(timeout=1800)
        if proc.returncode != 0:
            raise SystemExit(f"watch run failed: {err.strip()}")
        lines += [ln for ln in out.splitlines() if ln.startswith("w") and "  found: " in ln]
    return time.perf_counter() - start, lines


def _more_watches(env: dict[str, str], count: int) -> float:
    """`count` more watches made as `watch add` makes them, in this process (a process per
    watch would time Python's start-up): seconds per watch."""
    import asyncio

    os.environ.update(env)
    from planrag.settings import load_settings
    from planrag.watch import add_watch, open_book

    async def make() -> None:
        settings = load_settings()
        book = await open_book(settings)
        for n in range(count):
            region = ("ALL", *REGIONS)[(n + 1) % (len(REGIONS) + 1)]
            await add_watch(settings, book, owner="", dataset="clinics", decision="scanner",
                            params={"region": region}, every_s=86400, channel=None)
        await book.store.close()

    start = time.perf_counter()
    asyncio.run(make())
    return (time.perf_counter() - start) / max(count, 1)


def _all_due(history: Path) -> None:
    with sqlite3.connect(history) as conn:
        conn.execute("UPDATE planrag_watches SET next_due = 0")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--watches", type=int, default=200)
    parser.add_argument("--processes", type=int, default=3)
    parser.add_argument("--clinics", type=int, default=300)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        db = root / "clinics.sqlite"
        _database(db, args.clinics, 11)
        (root / "datasets" / "clinics").mkdir(parents=True)
        (root / "datasets" / "clinics" / "dataset.toml").write_text(MANIFEST.format(path=db))
        env = {"PLANRAG_DATA_DIR": str(root / "data"), "PLANRAG_DATASETS_DIR":
               str(root / "datasets"), "PLANRAG_DATASET": "clinics", "MYSQL_URL": ""}
        start = time.perf_counter()
        proc = _planrag(env, "watch", "add", "--dataset", "clinics", "--every", "1d",
                        "--print")
        _, err = proc.communicate()
        if proc.returncode != 0:
            raise SystemExit(f"watch add failed: {err.strip()}")
        one_add = time.perf_counter() - start
        made = _more_watches(env, args.watches - 1)
        history = root / "data" / "history.sqlite"

        one, lines = _runs(env, 1)
        first_posts = sum("posted: 1 message" in ln for ln in lines)
        _all_due(history)
        quiet, quiet_lines = _runs(env, args.processes)
        quiet_posts = sum("posted: 1 message" in ln for ln in quiet_lines)
        with sqlite3.connect(db) as conn:  # every region's best clinic changes
            conn.execute("UPDATE clinic SET run_cost_pts = run_cost_pts + 50")
            conn.execute("UPDATE clinic SET run_cost_pts = 0, wait_cnt = 60 WHERE cl_id IN "
                         "(SELECT MAX(cl_id) FROM clinic GROUP BY rgn_cd)")
        _all_due(history)
        busy, busy_lines = _runs(env, args.processes)
        busy_posts = sum("posted: 1 message" in ln for ln in busy_lines)

    n = args.watches
    print(f"watches: {n} on {args.clinics} clinics (`planrag watch add`: {one_add:.2f} s with "
          f"the process's start; each after it in one process: {made * 1000:.0f} ms)")
    print(f"1 process, first run of each:   {one:6.2f} s  {n / one:6.1f} watches/s  "
          f"runs {len(lines)}, posts {first_posts} (must be {n}, {n})")
    print(f"{args.processes} processes, nothing changed: {quiet:6.2f} s  "
          f"{n / quiet:6.1f} watches/s  runs {len(quiet_lines)}, posts {quiet_posts} "
          f"(must be {n}, 0)")
    print(f"{args.processes} processes, every best moved: {busy:6.2f} s  "
          f"{n / busy:6.1f} watches/s  runs {len(busy_lines)}, posts {busy_posts} "
          f"(must be {n}, {n})")
    held = (len(lines), first_posts, len(quiet_lines), quiet_posts, len(busy_lines),
            busy_posts) == (n, n, n, 0, n, n)
    print("held" if held else "NOT HELD: a watch ran or posted other than once")
    return 0 if held else 1


if __name__ == "__main__":
    raise SystemExit(main())
