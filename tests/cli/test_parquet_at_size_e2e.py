"""A 5-million-row Parquet file, written here by DuckDB in a scratch connection, connected as
a files dataset and queried and ranked through the product within its limits: a query
returning every row is cut by the row cap as on every other database, an aggregate over all
5 million rows answers within the statement timeout, a join too large for it is stopped at
the timeout, and a written decision over every row ranks the stores as the same sums
computed apart."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

duckdb = pytest.importorskip("duckdb")

from tests.live._live import cli, live_env, one_line_error  # noqa: E402

pytestmark = pytest.mark.e2e

ROWS = 5_000_000
STORES = 250
TIMEOUT_S = 10.0

ORDERS = f"""SELECT range + 1 AS id,
       'S' || lpad(((range % {STORES}) + 1)::VARCHAR, 3, '0') AS store,
       DATE '2023-01-01' + (range % 730)::INTEGER AS day,
       ((range * 7919) % 100000) / 100.0 AS amount
FROM range({ROWS})"""

DECISION = """
[[decisions]]
id = "push"
title = "Marketing push"
goal = "maximize"
objective = "the chain's takings since a day, after the push"
unit = "EUR"
candidates = "SELECT code AS decision, name AS label FROM stores"
value = \"\"\"WITH s AS (SELECT store, SUM(amount) AS takings FROM orders
                  WHERE day >= :since GROUP BY store)
SELECT st.code AS decision,
       (SELECT SUM(amount) FROM orders WHERE day >= :since) + s.takings * :uplift AS value
FROM stores st JOIN s ON s.store = st.code\"\"\"
baseline = "SELECT SUM(amount) AS value FROM orders WHERE day >= :since"
[decisions.parameters.since]
type = "date"
default = 2024-06-01
[decisions.parameters.uplift]
type = "float"
default = 0.05
min = 0
max = 1
"""


def write_folder(folder: Path) -> Path:
    folder.mkdir()
    conn = duckdb.connect()
    try:
        conn.execute(f"COPY ({ORDERS}) TO '{folder / 'orders.parquet'}' (FORMAT parquet)")
    finally:
        conn.close()
    lines = ["code,name"] + [f"S{n:03d},Store {n}" for n in range(1, STORES + 1)]
    (folder / "stores.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return folder


def takings_since(path: Path, since: str) -> dict[str, float]:
    """Each store's takings since `since`, read apart from the product."""
    conn = duckdb.connect()
    try:
        rows = conn.execute(
            f"SELECT store, SUM(amount) FROM read_parquet('{path}') "
            f"WHERE day >= DATE '{since}' GROUP BY store").fetchall()
    finally:
        conn.close()
    return {str(store): float(total) for store, total in rows}


async def test_five_million_rows_of_parquet_within_the_limits(tmp_path: Path) -> None:
    folder = write_folder(tmp_path / "exports")
    assert (folder / "orders.parquet").stat().st_size > 20_000_000
    env = live_env(tmp_path, PLANRAG_QUERY_TIMEOUT=f"{TIMEOUT_S:g}", PLANRAG_MAX_ROWS="200",
                   PLANRAG_COUNT_ROWS="100000")
    code, out, err = await cli("connect", "big", "--files", str(folder), env=env)
    assert code == 0, err
    assert "2 tables: orders, stores" in out
    code, out, err = await cli("schema", "--dataset", "big", env=env)
    assert code == 0, err
    assert f"TABLE orders(id BIGINT, store VARCHAR, day DATE, amount DOUBLE)  [{ROWS} rows]" in out

    # Every row asked for: cut by the row cap and counted no further than the count limit.
    started = time.perf_counter()
    code, out, err = await cli("query", "--dataset", "big", "--json",
                               "SELECT * FROM orders", env=env)
    took = time.perf_counter() - started
    assert code == 0, err
    cut = json.loads(out)
    assert len(cut["rows"]) == 200 and cut["truncated"] is True
    assert cut["total_rows"] == 100_200 and cut["total_exact"] is False
    assert cut["notes"] == ["result cut by the row cap of 200; add filters or aggregate",
                            "stopped counting after 100200 rows"]
    assert took < TIMEOUT_S

    # An aggregate over every row answers well within the statement timeout.
    code, out, err = await cli(
        "query", "--dataset", "big", "--json",
        "SELECT COUNT(*) AS n, SUM(amount) AS total, MIN(day) AS first, MAX(day) AS last, "
        "COUNT(DISTINCT store) AS stores FROM orders", env=env)
    assert code == 0, err
    result = json.loads(out)
    [(n, total, first, last, stores)] = result["rows"]
    # 7919 is prime to 100,000: every 100,000 rows hold each cent amount 0..99,999.99 once.
    expected_total = sum(range(100_000)) / 100 * (ROWS // 100_000)
    assert (n, first, last, stores) == (ROWS, "2023-01-01", "2024-12-30", STORES)
    assert total == pytest.approx(expected_total, rel=1e-12)
    assert result["elapsed_ms"] < TIMEOUT_S * 1000

    # A join of every row with every row of its store: stopped at the timeout.
    started = time.perf_counter()
    code, _, err = await cli(
        "query", "--dataset", "big",
        "SELECT COUNT(*) AS n FROM orders a JOIN orders b ON a.store = b.store "
        "WHERE a.amount * b.amount > 0.5", env={**env, "PLANRAG_QUERY_TIMEOUT": "2"})
    took = time.perf_counter() - started
    assert "query stopped after 2 s" in one_line_error(code, err)
    assert took < 2 + 10  # the timeout and the watchdog's grace, not the join's hours

    # A written decision over every row ranks the stores as the sums read apart do.
    manifest = tmp_path / "datasets" / "big" / "dataset.toml"
    manifest.write_text(manifest.read_text(encoding="utf-8") + DECISION, encoding="utf-8")
    code, out, err = await cli("decision", "check", "big", "--json", env=env)
    assert code == 0, err
    [checked] = json.loads(out)
    takings = takings_since(folder / "orders.parquet", "2024-06-01")
    base = sum(takings.values())
    order = sorted(takings, key=lambda s: (-takings[s], s))
    assert checked["ok"] is True and checked["candidates"] == STORES
    assert checked["baseline"] == pytest.approx(base, rel=1e-9)
    first = checked["first"]
    assert [c["decision"] for c in first] == order[:len(first)]
    for c in first:
        assert c["value"] == pytest.approx(base + takings[c["decision"]] * 0.05, rel=1e-9)
    assert checked["ranked_ms"] < TIMEOUT_S * 1000
