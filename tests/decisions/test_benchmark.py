"""benchmarks/decisions.py at a small size: it runs on both servers and on Parquet files
through DuckDB, counts three queries per ranking, finds the rankings equal, leaves nothing
behind on the server; and its check of two rankings can fail."""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
from dataclasses import replace

import pytest

from planrag.simulators.base import build, evaluate
from planrag.simulators.state import typed_state
from tests._benchmarks import load_benchmark
from tests._sql_fixtures import PREFIX, ROOT, MySQLWorld, admin_address, admin_execute

bench = load_benchmark("decisions.py", "decisions_benchmark")
DB = f"{PREFIX}bdec"


def _row(text: str, label: str) -> list[str]:
    line = next(line for line in text.splitlines() if line.startswith(label))
    return line[len(label):].split()


@pytest.mark.mysql
async def test_the_benchmark_runs_small_and_cleans_up(mysql_world: MySQLWorld) -> None:
    a = admin_address()
    out = await asyncio.to_thread(
        subprocess.run,
        [sys.executable, "benchmarks/decisions.py", "--candidates", "200", "--runs", "1",
         "--database", DB, "--mysql-url",
         f"mysql://{a.user}:{a.password}@{a.host}:{a.port}"],
        capture_output=True, text=True, cwd=ROOT, timeout=300, check=False,
    )
    assert out.returncode == 0 and out.stderr == "", out.stdout + out.stderr
    text = out.stdout
    sales = int(re.search(r"200 stores and ([\d,]+) weekly sales rows", text)
                .group(1).replace(",", ""))  # type: ignore[union-attr]
    assert f"timed queries run as {DB}_r, an account with SELECT on {DB} only" in text
    for engine in ("MariaDB", "SQLite", "DuckDB Parquet"):
        ranked, queries, rows = _row(text, f"written decision, {engine}")[:3]
        assert (queries, rows) == ("3", "401")  # 200 candidates, 200 values, 1 baseline
        assert _row(text, f"Python simulator, {engine}")[:3] == [
            ranked, "2", f"{200 + sales:,}"]
    assert text.count("rankings agree") == 5 and "DISAGREE" not in text
    left = await admin_execute(
        f"SELECT SCHEMA_NAME FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = '{DB}'")
    users = await admin_execute(f"SELECT User FROM mysql.user WHERE User = '{DB}_r'")
    assert left == [] and users == []


def test_two_rankings_that_differ_are_told_apart() -> None:
    chain = bench.generate(30, seed=3)
    sim = bench.StoreRefit
    state = typed_state(sim.tables, {"store": chain.stores, "sale_wk": chain.sales},
                        "generated")
    params = sim.parse_parameters({})
    first = evaluate(build(sim, state, params))
    assert bench.disagreement(first, first) is None
    # Within a relative 1e-9 is the same value (sums in another order).
    nudged = replace(first, ranking=tuple(replace(c, value=c.value * (1 + 1e-12))
                                          for c in first.ranking))
    assert bench.disagreement(first, nudged) is None
    other = evaluate(build(sim, state, sim.parse_parameters({"refit_cost": 10.0})))
    assert "baselines" not in (bench.disagreement(first, other) or "")
    assert bench.disagreement(first, other) is not None
    r = first.ranking
    assert str(bench.disagreement(replace(first, ranking=(r[1], r[0], *r[2:])), first)
               ).startswith("best ")
    assert str(bench.disagreement(replace(first, ranking=(*r[:2], r[3], r[2], *r[4:])), first)
               ).startswith("order: ")
    assert bench.disagreement(first, replace(first, ranking=first.ranking[:-1])) is not None
    assert bench.disagreement(first, replace(first, baseline=first.baseline + 1.0)) is not None
