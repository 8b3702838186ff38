"""Files datasets at size: connect, schema and a written decision on CSV and on Parquet.

    python benchmarks/files.py [--sizes MB,MB,...] [--parquet-rows N] [--runs N]

For each size (default 1, 10 and 100 MB) a folder is generated: `orders.csv`, a team's export
(`Order Id;Store;Ordered on;Amount (€);Channel`: European dates, decimal commas, about one
amount in fifty blank, so typing has its real work to do) of as many rows as make that size,
and `stores.csv` (200 stores, their rent with a decimal comma). Then a folder with the orders
as one Parquet file (`--parquet-rows`, default 5,000,000, typed columns) and the same
`stores.csv`. The files are written by DuckDB in a scratch connection, not by the product.

Each folder is connected as the product connects it and timed in steps, as a person meets
them:

- connect: `planrag connect ID --files FOLDER` (`planrag.connect.connect`): typing every CSV
  value once, the schema with the value index, the account check, the manifest written;
- open: a process opening the dataset for its first query (the files touched first, so it
  reads and types them anew, as after a change);
- schema: the schema with its value index, on the opened files;
- decision: a written decision (`[[decisions]]`: which store gets a marketing push, 200
  candidates; each of its three queries reads every order) ranked through the guarded
  source as an answer's check ranks it, median and min of `--runs` after one warm-up;
- aggregate: one query grouping every order by store.

Queries run on the files where they lie (views over `read_csv`/`read_parquet`), with the
product's default DuckDB limits (PLANRAG_DUCKDB_MEMORY 1GB, PLANRAG_DUCKDB_THREADS 2) and
statement timeout. Everything is written to a temporary folder, removed at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from planrag.connect import ConnectRequest, connect
from planrag.decisions.run import bound_values, rank_on, simulator_class
from planrag.decisions.spec import DecisionSpec, spec_from_mapping
from planrag.runtime import open_source, rediscover
from planrag.settings import Settings, load_settings
from planrag.simulators.base import build, evaluate
from planrag.table import Limits

STORES = 200
SAMPLE_ROWS = 20_000
"""Rows written first to learn a CSV row's size."""

_ORDERS = """SELECT range + 1 AS "Order Id",
       'S' || lpad(((hash(range) % {stores}) + 1)::VARCHAR, 3, '0') AS "Store",
       {ordered_on} AS "Ordered on",
       {amount} AS "Amount (€)",
       ['web', 'shop', 'phone'][(hash(range * 3) % 3)::BIGINT + 1] AS "Channel"
FROM range({rows})"""
"""The orders, the same rows for the CSV and the Parquet file (typed there)."""

SPEC: DecisionSpec = spec_from_mapping(
    {
        "id": "marketing-push",
        "title": "Marketing push",
        "goal": "maximize",
        "objective": "the chain's takings since a day, after the push's cost and rents",
        "unit": "EUR",
        "candidates": "SELECT code AS decision, name AS label FROM stores",
        "value": """WITH s AS (SELECT store, SUM(amount) AS takings FROM orders
                                WHERE ordered_on >= :since GROUP BY store)
SELECT st.code AS decision,
       (SELECT SUM(amount) FROM orders WHERE ordered_on >= :since)
         - (SELECT SUM(rent) FROM stores)
         + COALESCE(s.takings, 0) * :uplift - :cost AS value
FROM stores st LEFT JOIN s ON s.store = st.code""",
        "baseline": """SELECT (SELECT SUM(amount) FROM orders WHERE ordered_on >= :since)
  - (SELECT SUM(rent) FROM stores) AS value""",
        "parameters": {
            "since": {"type": "date", "default": "2024-01-01"},
            "uplift": {"type": "float", "default": 0.04, "min": 0.0, "max": 1.0},
            "cost": {"type": "float", "default": 25_000.0, "min": 0.0},
        },
    },
    "benchmarks/files.py",
    dialects=("duckdb",),
)
AGGREGATE = ("SELECT store, COUNT(*) AS orders, SUM(amount) AS takings FROM orders "
             "GROUP BY store ORDER BY takings DESC")


# ---------------------------------------------------------------------------- the data


def _orders(rows: int, *, typed: bool) -> str:
    day = "DATE '2023-01-01' + (hash(range * 7) % 700)::INTEGER"
    cents = "(hash(range * 13) % 100000)"
    if typed:
        amount = f"CASE WHEN range % 50 = 7 THEN NULL ELSE {cents} / 100.0 END"
        return _ORDERS.format(stores=STORES, rows=rows, ordered_on=day, amount=amount)
    amount = (f"CASE WHEN range % 50 = 7 THEN '' "
              f"ELSE replace(printf('%.2f', {cents} / 100.0), '.', ',') END")
    return _ORDERS.format(stores=STORES, rows=rows, ordered_on=f"strftime({day}, '%d/%m/%Y')",
                          amount=amount)


def _stores(conn: Any, folder: Path) -> None:
    conn.execute(f"""COPY (SELECT 'S' || lpad((range + 1)::VARCHAR, 3, '0') AS "Code",
        'Store ' || (range + 1) AS "Name",
        replace(printf('%.2f', 800 + (hash(range) % 500000) / 100.0), '.', ',') AS "Rent (€)"
        FROM range({STORES})) TO '{folder / "stores.csv"}' (HEADER, DELIMITER ';')""")


def csv_folder(folder: Path, megabytes: float) -> int:
    """orders.csv of about `megabytes` and stores.csv; the orders' row count."""
    import duckdb

    folder.mkdir(parents=True)
    path = folder / "orders.csv"
    conn = duckdb.connect()
    try:
        conn.execute(f"COPY ({_orders(SAMPLE_ROWS, typed=False)}) TO '{path}' "
                     "(HEADER, DELIMITER ';')")
        per_row = path.stat().st_size / SAMPLE_ROWS
        rows = max(1, round(megabytes * 1e6 / per_row))
        conn.execute(f"COPY ({_orders(rows, typed=False)}) TO '{path}' "
                     "(HEADER, DELIMITER ';')")
        _stores(conn, folder)
    finally:
        conn.close()
    return rows


def parquet_folder(folder: Path, rows: int) -> int:
    """orders.parquet of `rows` typed rows and stores.csv; the row count."""
    import duckdb

    folder.mkdir(parents=True)
    conn = duckdb.connect()
    try:
        conn.execute(f"COPY ({_orders(rows, typed=True)}) TO '{folder / 'orders.parquet'}' "
                     "(FORMAT parquet)")
        _stores(conn, folder)
    finally:
        conn.close()
    return rows


# ---------------------------------------------------------------------------- measuring


@dataclass
class Figures:
    label: str
    rows: int
    megabytes: float
    connect: float = 0.0
    open: float = 0.0
    schema: float = 0.0
    decision: list[float] = field(default_factory=list)
    aggregate: list[float] = field(default_factory=list)
    best: str = ""
    candidates: int = 0


async def _timed(work: Callable[[], Awaitable[Any]]) -> float:
    started = time.perf_counter()
    await work()
    return time.perf_counter() - started


async def measure(settings: Settings, label: str, folder: Path, rows: int,
                  runs: int) -> Figures:
    files = sorted(folder.iterdir())
    size = sum(p.stat().st_size for p in files) / 1e6
    figures = Figures(label, rows, size)
    dataset = f"bench-{len(os.listdir(settings.live_datasets_dir)) + 1}"
    request = ConnectRequest(dataset, databases=[("files", str(folder))])
    figures.connect = await _timed(lambda: connect(settings, request, lambda _line: None))
    rediscover()
    for path in files:  # changed in place: the next query reads and types them anew
        os.utime(path)
    limits = Limits(timeout_s=settings.query_timeout_s)
    sim = simulator_class(SPEC)
    values = bound_values(SPEC, {})
    params = sim.parse_parameters(values)
    async with open_source(settings, dataset) as source:
        figures.open = await _timed(lambda: source.execute("SELECT 1 AS one", limits))
        figures.schema = await _timed(source.schema)
        for run in range(runs + 1):
            started = time.perf_counter()
            state = await rank_on(source, SPEC, values, limits)
            result = evaluate(build(sim, state, params))
            ranked = time.perf_counter() - started
            aggregate = await _timed(lambda: source.execute(AGGREGATE, limits))
            if run:
                figures.decision.append(ranked)
                figures.aggregate.append(aggregate)
        figures.best = str(result.best.decision) if result.best else "none"
        figures.candidates = len(result.ranking)
    return figures


def table(rows: Sequence[Figures]) -> str:
    head = (f"{'':<16} {'orders':>10} {'MB':>7}  {'connect s':>9} {'open s':>7} "
            f"{'schema s':>8}  {'decision s':>10} {'min s':>6}  {'aggregate s':>11}")
    lines = [head, f"{'':<16} {'':>10} {'':>7}  {'':>9} {'':>7} {'':>8}  {'(median)':>10} "
             f"{'':>6}  {'(median)':>11}"]
    for f in rows:
        lines.append(
            f"{f.label:<16} {f.rows:>10,} {f.megabytes:>7.1f}  {f.connect:>9.2f} "
            f"{f.open:>7.2f} {f.schema:>8.2f}  {statistics.median(f.decision):>10.3f} "
            f"{min(f.decision):>6.3f}  {statistics.median(f.aggregate):>11.3f}")
    return "\n".join(lines)


async def run(args: argparse.Namespace) -> int:
    try:
        import duckdb
    except ImportError:
        print("DuckDB is not installed: pip install 'planrag-assistant[files]'")
        return 2
    print(f"DuckDB {duckdb.__version__}, {os.cpu_count()} CPUs; the decision: {SPEC.title}, "
          f"parameters {', '.join(f'{k}={v}' for k, v in bound_values(SPEC, {}).items())}")
    figures: list[Figures] = []
    with tempfile.TemporaryDirectory(prefix="planrag-bench-files-") as tmp:
        root = Path(tmp)
        settings = load_settings(env_file=None, data_dir=root / "data",
                                 datasets_dir=root / "datasets", mysql_url=None)
        settings.live_datasets_dir.mkdir(parents=True)
        folders: list[tuple[str, Path, int]] = []
        for megabytes in args.sizes:
            started = time.perf_counter()
            folder = root / f"csv-{megabytes:g}mb"
            rows = csv_folder(folder, megabytes)
            print(f"wrote {rows:,} orders as CSV ({megabytes:g} MB) in "
                  f"{time.perf_counter() - started:.1f} s")
            folders.append((f"CSV {megabytes:g} MB", folder, rows))
        if args.parquet_rows:
            started = time.perf_counter()
            folder = root / "parquet"
            rows = parquet_folder(folder, args.parquet_rows)
            print(f"wrote {rows:,} orders as Parquet in {time.perf_counter() - started:.1f} s")
            folders.append(("Parquet", folder, rows))
        for label, folder, rows in folders:
            figures.append(await measure(settings, label, folder, rows, args.runs))
    print()
    print(f"median and min of {args.runs} run(s) after one warm-up; connect, open and schema "
          "once each:")
    print(table(figures))
    for f in figures:
        print(f"  {f.label}: {f.candidates} candidates ranked, best {f.best}")
    return 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="1,10,100",
                        help="CSV sizes in MB, comma-separated (default 1,10,100)")
    parser.add_argument("--parquet-rows", type=int, default=5_000_000,
                        help="orders in the Parquet file (default 5,000,000; 0: none)")
    parser.add_argument("--runs", type=int, default=3, help="timed runs after one warm-up")
    args = parser.parse_args()
    try:
        args.sizes = [float(s) for s in args.sizes.split(",") if s.strip()]
    except ValueError:
        parser.error("--sizes must be numbers of MB, comma-separated")
    if any(s <= 0 for s in args.sizes) or args.parquet_rows < 0 or args.runs < 1:
        parser.error("sizes must be above 0, --parquet-rows at least 0, --runs at least 1")
    sys.exit(asyncio.run(run(args)))


if __name__ == "__main__":
    main()
