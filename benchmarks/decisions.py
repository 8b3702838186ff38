"""Written decisions at size: ranking 10,000 candidates with three queries, on MariaDB, on
SQLite and on Parquet files through DuckDB, against a Python simulator that reads the same
tables whole.

    python benchmarks/decisions.py [--candidates N] [--runs N] [--mysql-url URL]
                                   [--skip-mysql] [--skip-duckdb] [--database NAME] [--seed N]

The data is generated (seeded, so every run has the same rows): `store`, one row per site
of a retail chain (code, name, region, weekly footfall, conversion, average ticket, weekly
rent; some footfalls, conversions and rents NULL), and `sale_wk`, each store's takings per
week (none for a store opened lately: about eight rows a store, so some 70,000 for 10,000
stores). The question: which store should get this quarter's refit? A refit lifts a store's
takings by `uplift` (a share) at a weekly cost of `refit_cost`; the objective is the chain's
weekly gross profit (30% of takings less rent), maximised. A store's takings are its
average week in `sale_wk`, else footfall x conversion x ticket; a store with neither has no
value and is not ranked.

The written decision (`planrag.decisions`) ranks every store with three queries, whose
`value` is one set-based join and GROUP BY; it is timed through `rank_on` (the source's
guard, account, timeout, and on MariaDB the row estimate at PLANRAG_MAX_SCAN_ROWS's default)
and `evaluate`. Before the timed runs the script prints EXPLAIN's estimate of each query as
the row estimate guard reads it, for the decision as timed and for the same `value` with the
chain's total CROSS JOINed as a one-row CTE, and whether the guard lets each run (at 10,000
stores the second is refused). The comparison is a Python
`Simulator` reading both tables whole (`state_from_source`) and computing the same objective
per store; its read and its ranking are timed apart. Each figure is the median and the
minimum of `--runs` runs after one warm-up. Queries and rows are counted as the source
returns them, not assumed. Both rankings must agree (same best, same values and order to a
relative 1e-9): when they do not, the script says where and exits 1.

MariaDB is the server at `--mysql-url` (default MYSQL_ADMIN_URL, else PLANRAG_TEST_MYSQL_URL,
else root on 127.0.0.1:3306), used as admin to create the database `--database` (default
`planrag_bench_decisions`) and a SELECT-only account that every timed query runs as (the
admin account when it cannot create one; the script says which); both are dropped at the
end, also on error. SQLite is a file in a temporary folder; DuckDB reads one Parquet file
per table (`store.parquet`, `sale_wk.parquet`, written by DuckDB from the same rows, DECIMAL
columns kept) where they lie, through the files kind's source (`DuckDBSource`: read-only,
external access locked to those two files, its memory and thread limits at their defaults).
Targets: under 1 s on MariaDB and on DuckDB over Parquet for 10,000 candidates, in one query
per part of the decision.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import secrets
import sqlite3
import statistics
import sys
import tempfile
import time
import warnings
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from pathlib import Path
from typing import Any

import aiomysql
import pymysql
from pydantic import BaseModel, ConfigDict, Field

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from planrag.decisions.run import (
    MAX_CANDIDATES,
    DecisionModelError,
    bound_values,
    rank_on,
    simulator_class,
)
from planrag.decisions.spec import DecisionSpec, spec_from_mapping
from planrag.guards.dialects import Dialect
from planrag.schema import Schema
from planrag.settings import MySQLAddress, Settings
from planrag.simulators.base import (
    DecisionKey,
    Outcome,
    SimulationResult,
    Simulator,
    build,
    evaluate,
)
from planrag.simulators.state import State, TableSpec, state_from_source
from planrag.sources._params import sql_bound
from planrag.sources.base import DataSource, Language
from planrag.sources.duckdb import DuckDBSource
from planrag.sources.guarded import guarded
from planrag.sources.mysql import MySQLSource, close_pools, scan_estimate
from planrag.sources.sqlite import SQLiteSource
from planrag.table import Limits, Table

DEFAULT_DB = "planrag_bench_decisions"
MARGIN = 0.3
"""Gross margin on takings, written into the queries and the Python simulator alike."""
TOLERANCE = 1e-9
"""Relative gap under which two values are the same value."""
LIMITS = Limits(timeout_s=30.0)
"""The person's limits the decision runs under (`rank_on` widens the row caps to one row
per candidate); the row estimate is set per run."""
PRODUCT_SCAN_ROWS = int(Settings.model_fields["max_scan_rows"].default)
"""PLANRAG_MAX_SCAN_ROWS when it is not set."""

REGIONS = ("North", "South", "East", "West", "Centre", "Coast")
PLACES = ("High Street", "Market Square", "Station Road", "Riverside", "Retail Park",
          "Old Town", "Harbour", "Cathedral Close")
WEEKS = 12

CREATE = (
    "CREATE TABLE store (store_id INTEGER PRIMARY KEY, code VARCHAR(8) NOT NULL UNIQUE, "
    "name VARCHAR(80) NOT NULL, region VARCHAR(12) NOT NULL, footfall INTEGER, "
    "conversion DECIMAL(5,4), ticket DECIMAL(8,2) NOT NULL, rent DECIMAL(10,2))",
    "CREATE TABLE sale_wk (store_id INTEGER NOT NULL, wk INTEGER NOT NULL, "
    "revenue DECIMAL(12,2) NOT NULL, units INTEGER NOT NULL, PRIMARY KEY (store_id, wk))",
)

# A store's takings (its average week, else its forecast) and rent: shared by `value` and
# `baseline`, so both read the same chain.
_SITES = """
WITH wk AS (
  SELECT store_id, AVG(revenue) AS rev
  FROM sale_wk
  GROUP BY store_id
), site AS (
  SELECT s.store_id, s.code,
         COALESCE(wk.rev, s.footfall * s.conversion * s.ticket) AS rev,
         COALESCE(s.rent, 0) AS rent
  FROM store s
  LEFT JOIN wk ON wk.store_id = s.store_id
)"""

_PROFIT = f"SUM(COALESCE(rev, 0) * {MARGIN} - rent)"
"""The chain's weekly gross profit over `site`."""


def _decision(value: str) -> DecisionSpec:
    return spec_from_mapping(
        {
            "id": "store-refit",
            "title": "Store refit",
            "goal": "maximize",
            "objective": "the chain's weekly gross profit",
            "unit": "EUR/week",
            "digits": 8,
            "candidates": "SELECT code AS decision, name AS label FROM store ORDER BY store_id",
            "value": value,
            "baseline": _SITES + f"\nSELECT {_PROFIT} AS value FROM site",
            "parameters": {
                "uplift": {"type": "float", "default": 0.12, "min": 0.0, "max": 1.0,
                           "title": "lift in takings", "description": "a share of takings"},
                "refit_cost": {"type": "float", "default": 450.0, "min": 0.0,
                               "title": "weekly cost of the refit",
                               "description": "EUR/week"},
            },
        },
        "benchmarks/decisions.py",
    )


SPEC = _decision(_SITES + f"""
SELECT code AS decision,
       (SELECT {_PROFIT} FROM site) + rev * :uplift * {MARGIN} - :refit_cost AS value
FROM site""")
"""The decision timed: the chain's profit as a scalar subquery."""

CROSS_JOINED = _decision(_SITES + f""", chain AS (
  SELECT {_PROFIT} AS profit FROM site
)
SELECT site.code AS decision,
       chain.profit + site.rev * :uplift * {MARGIN} - :refit_cost AS value
FROM site CROSS JOIN chain""")
"""The same decision with the chain's profit joined as a one-row table: the same answer, but
MariaDB's EXPLAIN does not know that table has one row (it estimates it from the rows it
aggregates), and the row estimate guard multiplies that estimate into the join's."""


# ---------------------------------------------------------------------------- the data


@dataclass(frozen=True)
class Chain:
    stores: list[tuple[Any, ...]]
    sales: list[tuple[Any, ...]]


def generate(count: int, seed: int) -> Chain:
    """`count` stores and their weekly takings, the same for the same seed."""
    rng = random.Random(seed)
    stores: list[tuple[Any, ...]] = []
    sales: list[tuple[Any, ...]] = []
    for n in range(1, count + 1):
        footfall = None if rng.random() < 0.03 else rng.randint(800, 12_000)
        conversion = None if rng.random() < 0.05 else round(rng.uniform(0.08, 0.35), 4)
        ticket = round(rng.uniform(8.0, 65.0), 2)
        rent = None if rng.random() < 0.02 else round(rng.uniform(600.0, 9_000.0), 2)
        name = "O'Connell Street" if n == 7 else f"{rng.choice(PLACES)} {n:05d}"
        stores.append((n, f"S{n:05d}", name, rng.choice(REGIONS), footfall,
                       None if conversion is None else Decimal(f"{conversion:.4f}"),
                       Decimal(f"{ticket:.2f}"),
                       None if rent is None else Decimal(f"{rent:.2f}")))
        weeks = 0 if rng.random() < 0.1 else rng.randint(4, WEEKS)
        expected = (footfall or 5_000) * (conversion or 0.2) * ticket
        for week in range(WEEKS - weeks + 1, WEEKS + 1):
            revenue = round(expected * rng.uniform(0.85, 1.15), 2)
            units = max(1, int(revenue / ticket * rng.uniform(1.2, 2.5)))
            sales.append((n, week, Decimal(f"{revenue:.2f}"), units))
    return Chain(stores, sales)


async def _admin(address: MySQLAddress, *statements: str, db: str | None = None
                 ) -> list[tuple[Any, ...]]:
    conn = await aiomysql.connect(host=address.host, port=address.port, user=address.user,
                                  password=address.password, db=db, autocommit=True)
    rows: list[tuple[Any, ...]] = []
    try:
        async with conn.cursor() as cur:
            for statement in statements:
                await cur.execute(statement)
                rows = list(await cur.fetchall())
    finally:
        conn.close()
    return rows


async def load_mysql(address: MySQLAddress, db: str, chain: Chain) -> None:
    await _admin(address, f"DROP DATABASE IF EXISTS `{db}`", f"CREATE DATABASE `{db}`")
    conn = await aiomysql.connect(host=address.host, port=address.port, user=address.user,
                                  password=address.password, db=db, autocommit=True)
    try:
        async with conn.cursor() as cur:
            for statement in CREATE:
                await cur.execute(statement)
            for table, rows in (("store", chain.stores), ("sale_wk", chain.sales)):
                marks = ", ".join(["%s"] * len(rows[0])) if rows else ""
                for start in range(0, len(rows), 5_000):
                    await cur.executemany(f"INSERT INTO {table} VALUES ({marks})",
                                          rows[start:start + 5_000])
            # Fresh statistics, as a database that has lived a while has them: the row
            # estimates the scan guard reads come from these.
            await cur.execute("ANALYZE TABLE store, sale_wk")
            await cur.fetchall()
    finally:
        conn.close()


async def reader_account(admin: MySQLAddress, db: str) -> tuple[MySQLAddress, str]:
    """A SELECT-only account on `db`, or the admin account when it cannot make one."""
    user = f"{db[:29]}_r"
    password = secrets.token_urlsafe(18)
    try:
        for host in ("localhost", "127.0.0.1"):
            await _admin(admin, f"DROP USER IF EXISTS '{user}'@'{host}'",
                         f"CREATE USER '{user}'@'{host}' IDENTIFIED BY '{password}'",
                         f"GRANT SELECT ON `{db}`.* TO '{user}'@'{host}'")
        reader = MySQLAddress.of(admin.host, admin.port, user, password)
        await _admin(reader, "SELECT 1", db=db)
    except (pymysql.err.Error, OSError) as exc:
        why = " ".join(str(exc).split())
        return admin, f"the admin account {admin.user} (no SELECT-only account: {why})"
    return reader, f"{user}, an account with SELECT on {db} only"


async def drop_mysql(admin: MySQLAddress, db: str) -> None:
    user = f"{db[:29]}_r"
    await _admin(admin, *(f"DROP USER IF EXISTS '{user}'@'{host}'"
                          for host in ("localhost", "127.0.0.1")),
                 f"DROP DATABASE IF EXISTS `{db}`")


def load_sqlite(path: Path, chain: Chain) -> None:
    conn = sqlite3.connect(path)
    try:
        for statement in CREATE:
            conn.execute(statement)
        for table, rows in (("store", chain.stores), ("sale_wk", chain.sales)):
            if rows:
                marks = ", ".join(["?"] * len(rows[0]))
                conn.executemany(f"INSERT INTO {table} VALUES ({marks})",
                                 [tuple(_plain(v) for v in row) for row in rows])
        conn.commit()
    finally:
        conn.close()


def _plain(value: Any) -> Any:
    """A value as SQLite stores it (a DECIMAL column has numeric affinity: a REAL)."""
    return float(value) if isinstance(value, Decimal) else value


def write_parquet(folder: Path, chain: Chain) -> tuple[Path, ...]:
    """One Parquet file per table, written by DuckDB in a scratch connection from the
    tables as CREATE makes them (so DECIMAL columns stay DECIMAL); the rows go through a
    CSV file each, DuckDB's quickest way in without pandas or pyarrow."""
    import csv

    import duckdb

    conn = duckdb.connect()
    paths = []
    try:
        for statement in CREATE:
            conn.execute(statement)
        for table, rows in (("store", chain.stores), ("sale_wk", chain.sales)):
            staged = folder / f"{table}.csv"
            with staged.open("w", newline="", encoding="utf-8") as out:
                csv.writer(out).writerows(rows)
            conn.execute(f"COPY {table} FROM '{staged}' (HEADER false, NULLSTR '')")
            staged.unlink()
            path = folder / f"{table}.parquet"
            conn.execute(f"COPY {table} TO '{path}' (FORMAT parquet)")
            paths.append(path)
    finally:
        conn.close()
    return tuple(paths)


def duckdb_installed() -> bool:
    try:
        import duckdb  # noqa: F401
    except ImportError:
        return False
    return True


# ---------------------------------------------------------------------------- the Python side


class RefitParameters(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    uplift: float = Field(default=0.12, ge=0.0, le=1.0)
    refit_cost: float = Field(default=450.0, ge=0.0)


class RefitDecision(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    store: str


class StoreRefit(Simulator):
    """The same decision, computed in Python from both tables read whole."""

    name = "bench-store-refit"
    title = "Store refit (Python)"
    objective = "maximise"
    Parameters = RefitParameters
    Decision = RefitDecision
    unit = "EUR/week"
    digits = 8
    tables = (
        TableSpec.of("store", "store_id:int code:str name:str region:str footfall:int? "
                     "conversion:float? ticket:float rent:float?", key="store_id"),
        TableSpec.of("sale_wk", "store_id:int wk:int revenue:float units:int",
                     key="store_id wk"),
    )

    def __init__(self, state: State, parameters: BaseModel, rules: str | None = None) -> None:
        super().__init__(state, parameters, rules)
        weeks: dict[int, list[float]] = {}
        for store_id, _week, revenue, _units in self.state.rows("sale_wk"):
            weeks.setdefault(store_id, []).append(revenue)
        self.takings: dict[str, float] = {}
        self.names: dict[str, str] = {}
        self.order: list[str] = []
        profit = 0.0
        for store_id, code, name, _region, footfall, conversion, ticket, rent in (
                self.state.rows("store")):
            own = weeks.get(store_id)
            if own:
                rev: float | None = sum(own) / len(own)
            elif footfall is not None and conversion is not None:
                rev = footfall * conversion * ticket
            else:
                rev = None
            profit += (rev or 0.0) * MARGIN - (rent or 0.0)
            self.names[code] = name
            if rev is not None:
                self.takings[code] = rev
                self.order.append(code)
        self.profit = profit

    def candidates(self) -> Sequence[DecisionKey]:
        return self.order

    def simulate(self, decision: DecisionKey | None) -> Outcome:
        if decision is None:
            return Outcome(self.profit)
        p = self.parameters
        assert isinstance(p, RefitParameters)
        return Outcome(self.profit + self.takings[str(decision)] * p.uplift * MARGIN
                       - p.refit_cost)

    def describe(self) -> str:
        return "the chain's weekly gross profit"

    def label(self, decision: DecisionKey) -> str:
        return self.names.get(str(decision), str(decision))


# ---------------------------------------------------------------------------- measuring


class Counted:
    """A data source that counts the queries it runs and the rows they return."""

    def __init__(self, inner: DataSource) -> None:
        self.inner = inner
        self.language: Language = inner.language
        self.name = inner.name
        self.queries = 0
        self.rows = 0
        self.seconds: list[float] = []

    @property
    def dialect(self) -> Dialect:
        return self.inner.dialect

    @property
    def insertion_order(self) -> str | None:
        return getattr(self.inner, "insertion_order", None)

    async def schema(self) -> Schema:
        return await self.inner.schema()

    async def execute(self, query: str, limits: Limits | None = None,
                      params: Mapping[str, Any] | None = None) -> Table:
        started = time.perf_counter()
        table = await self.inner.execute(query, limits, params)
        self.seconds.append(time.perf_counter() - started)
        self.queries += 1
        self.rows += len(table.rows)
        return table

    async def close(self) -> None:
        return None  # the inner source is closed by whoever opened it


@dataclass
class Figures:
    label: str
    names: tuple[str, ...]
    """What each query reads, in the order they run."""
    candidates: int = 0
    queries: int = 0
    rows: int = 0
    fetch: list[float] = field(default_factory=list)
    """Per run: the queries (written) or reading the state (Python)."""
    rank: list[float] = field(default_factory=list)
    """Per run: ranking in Python (`build` and `evaluate`)."""
    parts: list[list[float]] = field(default_factory=list)
    """Per run: each query's time, in the order they ran."""
    result: SimulationResult | None = None
    note: str = ""

    @property
    def total(self) -> list[float]:
        return [a + b for a, b in zip(self.fetch, self.rank, strict=True)]


def _counts(figures: Figures, source: Counted) -> None:
    """The counts of one run, which must be those of every run."""
    if figures.queries and (figures.queries, figures.rows) != (source.queries, source.rows):
        raise SystemExit(f"{figures.label}: {source.queries} queries and {source.rows:,} rows "
                         f"in one run, {figures.queries} and {figures.rows:,} in another")
    figures.queries, figures.rows = source.queries, source.rows


async def written(inner: DataSource, label: str, runs: int, limits: Limits) -> Figures:
    figures = Figures(label, ("candidates", "value", "baseline"))
    sim = simulator_class(SPEC)
    values = bound_values(SPEC, {})
    params = sim.parse_parameters(values)
    for run in range(runs + 1):  # the first warms connections, caches and the server
        source = Counted(inner)
        started = time.perf_counter()
        state = await rank_on(source, SPEC, values, limits)
        queried = time.perf_counter()
        result = evaluate(build(sim, state, params))
        ranked = time.perf_counter()
        _counts(figures, source)
        if run:
            figures.fetch.append(queried - started)
            figures.rank.append(ranked - queried)
            figures.parts.append(source.seconds)
        figures.result, figures.candidates = result, len(result.ranking)
        figures.note = "; ".join(state.notes)
    return figures


async def python_simulator(inner: DataSource, label: str, runs: int) -> Figures:
    figures = Figures(label, tuple(spec.name for spec in StoreRefit.tables))
    params = StoreRefit.parse_parameters({})
    for run in range(runs + 1):
        source = Counted(inner)
        started = time.perf_counter()
        state = await state_from_source(StoreRefit.tables, source, params,
                                        reader=StoreRefit.name)
        read = time.perf_counter()
        result = evaluate(build(StoreRefit, state, params))
        ranked = time.perf_counter()
        _counts(figures, source)
        if run:
            figures.fetch.append(read - started)
            figures.rank.append(ranked - read)
            figures.parts.append(source.seconds)
        figures.result, figures.candidates = result, len(result.ranking)
    return figures


async def parquet_rows(folder: Path, chain: Chain, runs: int) -> list[Figures]:
    """The written decision and the Python simulator on Parquet files through DuckDB."""
    started = time.perf_counter()
    paths = write_parquet(folder, chain)
    size = sum(p.stat().st_size for p in paths)
    print(f"wrote {len(paths)} Parquet files ({size / 1e6:.1f} MB) in "
          f"{time.perf_counter() - started:.2f} s")
    duck = guarded(DuckDBSource(paths, pool_size=2))
    try:
        written_ = await written(duck, "written decision, DuckDB Parquet", runs, LIMITS)
        python = await python_simulator(duck, "Python simulator, DuckDB Parquet", runs)
    finally:
        await duck.close()
    return [written_, python]


def _close(a: float, b: float) -> bool:
    scale = max(abs(a), abs(b))
    return scale == 0 or abs(a - b) <= TOLERANCE * scale


def disagreement(a: SimulationResult, b: SimulationResult) -> str | None:
    """Where two rankings of the same decision differ beyond a relative `TOLERANCE`, or
    None: the same candidates with the same values and baseline, the same best (or bests
    equal to the tolerance), and `b`'s values never rising along `a`'s order."""
    if not _close(a.baseline, b.baseline):
        return f"baselines {a.baseline!r} and {b.baseline!r}"
    theirs = {str(c.decision): c.value for c in b.ranking}
    if len(theirs) != len(a.ranking) or any(str(c.decision) not in theirs for c in a.ranking):
        return f"{len(a.ranking):,} and {len(theirs):,} candidates ranked, not the same ones"
    for c in a.ranking:
        if not _close(c.value, theirs[str(c.decision)]):
            return f"{c.decision}: {c.value!r} and {theirs[str(c.decision)]!r}"
    if a.best and b.best and str(a.best.decision) != str(b.best.decision) and not _close(
            a.best.value, theirs[str(b.best.decision)]):
        return f"best {a.best.decision} and {b.best.decision}"
    previous: tuple[str, float] | None = None
    for c in a.ranking:
        value = theirs[str(c.decision)]
        if previous is not None and value > previous[1] and not _close(value, previous[1]):
            return (f"order: {c.decision} ({value!r}) after {previous[0]} "
                    f"({previous[1]!r})")
        previous = (str(c.decision), value)
    return None


async def _estimates(admin: MySQLAddress, db: str, spec: DecisionSpec) -> dict[str, int]:
    """Each query's rows examined as the row estimate guard reads EXPLAIN."""
    values = bound_values(spec, {})
    out = {}
    conn = await aiomysql.connect(host=admin.host, port=admin.port, user=admin.user,
                                  password=admin.password, db=db)
    try:
        async with conn.cursor() as cur:
            for which in ("candidates", "value", "baseline"):
                bound = sql_bound(getattr(spec, which), values, marker="%s")
                await cur.execute("EXPLAIN " + bound.text, bound.args)
                names = [d[0].lower() for d in cur.description or ()]
                out[which] = scan_estimate(names, await cur.fetchall())
    finally:
        conn.close()
    return out


async def scan_check(admin: MySQLAddress, db: str, reader: DataSource) -> int:
    """What the row estimate guard makes of the decision at the product's default, printed;
    the limit the timed runs use (the default when it lets the decision run, else none)."""
    print(f"row estimate guard at PLANRAG_MAX_SCAN_ROWS's default, {PRODUCT_SCAN_ROWS:,} "
          "(EXPLAIN's rows, as the guard multiplies and adds them):")
    limits = Limits(timeout_s=LIMITS.timeout_s, max_scan_rows=PRODUCT_SCAN_ROWS)
    verdicts = {}
    for spec, what in ((SPEC, "timed: the chain's profit as a scalar subquery"),
                       (CROSS_JOINED, "the same, CROSS JOIN to a one-row CTE")):
        estimates = await _estimates(admin, db, spec)
        try:
            await rank_on(reader, spec, bound_values(spec, {}), limits)
        except DecisionModelError as exc:
            verdicts[spec] = f"REFUSED: {exc}"
        else:
            verdicts[spec] = "runs"
        shown = ", ".join(f"{k} {v:,}" for k, v in estimates.items())
        print(f"  {what}: {shown}; {verdicts[spec]}")
    if verdicts[SPEC] != "runs":
        print("  the timed runs below run without the row estimate check")
        return 0
    return PRODUCT_SCAN_ROWS


# ---------------------------------------------------------------------------- the report


def _seconds(samples: Sequence[float], pick: Callable[[Sequence[float]], float]) -> str:
    return f"{pick(samples):.3f}" if samples else "-"


def table(rows: Sequence[Figures]) -> str:
    head = (f"{'':<34} {'candidates':>10} {'queries':>7} {'rows moved':>10}  "
            f"{'query/read s':>12} {'rank s':>7}  {'total s':>8} {'min s':>7}")
    lines = [head, f"{'':<34} {'':>10} {'':>7} {'':>10}  {'(median)':>12} {'(median)':>7}  "
             f"{'(median)':>8} {'':>7}"]
    for f in rows:
        lines.append(
            f"{f.label:<34} {f.candidates:>10,} {f.queries:>7} {f.rows:>10,}  "
            f"{_seconds(f.fetch, statistics.median):>12} "
            f"{_seconds(f.rank, statistics.median):>7}  "
            f"{_seconds(f.total, statistics.median):>8} {_seconds(f.total, min):>7}"
        )
    return "\n".join(lines)


def per_query(f: Figures) -> str:
    """Each query's median time."""
    medians = [statistics.median(times) for times in zip(*f.parts, strict=True)]
    names = f.names if len(f.names) == len(medians) else tuple(
        f"query {n}" for n in range(1, len(medians) + 1))
    return ", ".join(f"{name} {m:.3f}" for name, m in zip(names, medians, strict=True))


def _default_url() -> str:
    for name in ("MYSQL_ADMIN_URL", "PLANRAG_TEST_MYSQL_URL"):
        if os.environ.get(name, "").strip():
            return os.environ[name].strip()
    return "mysql://root:@127.0.0.1:3306"


async def run(args: argparse.Namespace) -> int:
    started = time.perf_counter()
    chain = generate(args.candidates, args.seed)
    print(f"generated {len(chain.stores):,} stores and {len(chain.sales):,} weekly sales rows "
          f"(seed {args.seed}) in {time.perf_counter() - started:.2f} s; the decision: "
          f"{SPEC.title}, parameters {bound_values(SPEC, {})}")
    figures: list[Figures] = []
    pairs: list[tuple[Figures, Figures]] = []
    with tempfile.TemporaryDirectory(prefix="planrag-bench-") as folder:
        if not args.skip_mysql:
            admin = MySQLAddress(args.mysql_url)
            try:
                await _admin(admin, "SELECT 1")
            except (pymysql.err.Error, OSError) as exc:
                print(f"cannot reach MariaDB/MySQL as {admin.user}@{admin.host}:{admin.port} "
                      f"({' '.join(str(exc).split())}); give an admin account with "
                      "--mysql-url, or time SQLite alone with --skip-mysql")
                return 2
            try:
                started = time.perf_counter()
                await load_mysql(admin, args.database, chain)
                print(f"loaded into MariaDB/MySQL {admin.host}:{admin.port} database "
                      f"{args.database} in {time.perf_counter() - started:.2f} s")
                address, who = await reader_account(admin, args.database)
                print(f"timed queries run as {who}")
                source = guarded(MySQLSource(address, args.database, pool_size=2))
                try:
                    scan = await scan_check(admin, args.database, source)
                    mariadb = await written(source, "written decision, MariaDB", args.runs,
                                            replace(LIMITS, max_scan_rows=scan))
                    python = await python_simulator(source, "Python simulator, MariaDB",
                                                    args.runs)
                finally:
                    await source.close()
                    await close_pools()
            finally:
                await drop_mysql(admin, args.database)
            figures += [mariadb, python]
            pairs.append((mariadb, python))
        path = Path(folder) / "decisions.sqlite"
        started = time.perf_counter()
        load_sqlite(path, chain)
        print(f"loaded into SQLite in {time.perf_counter() - started:.2f} s")
        lite = guarded(SQLiteSource(path, pool_size=2))
        try:
            sqlite = await written(lite, "written decision, SQLite", args.runs, LIMITS)
            python = await python_simulator(lite, "Python simulator, SQLite", args.runs)
        finally:
            await lite.close()
        figures += [sqlite, python]
        pairs.append((sqlite, python))
        if not args.skip_mysql:
            pairs.append((figures[0], sqlite))
        if not args.skip_duckdb:
            if duckdb_installed():
                duck = await parquet_rows(Path(folder), chain, args.runs)
                figures += duck
                pairs += [(duck[0], duck[1]), (sqlite, duck[0])]
            else:
                print("DuckDB is not installed (pip install 'planrag-assistant[files]'): "
                      "no Parquet rows")
    print()
    print(f"ranking {args.candidates:,} stores, median and min of {args.runs} run(s) after one "
          "warm-up:")
    print(table(figures))
    print("rows moved: what the queries returned (written: candidates + values + baseline; "
          "Python: both tables whole)")
    print("per query, median s:")
    for f in figures:
        print(f"  {f.label:<32} {per_query(f)}")
    for note in dict.fromkeys(f.note for f in figures if f.note):
        print(f"note: {note}")
    failed = False
    for a, b in pairs:
        assert a.result is not None and b.result is not None
        problem = disagreement(a.result, b.result)
        best = a.result.best
        if problem is None:
            shown = f"{best.decision} ({a.result.label(best.decision)})" if best else "none"
            print(f"{a.label} and {b.label}: rankings agree (best {shown}, every value and the "
                  f"order to a relative {TOLERANCE:g})")
        else:
            failed = True
            print(f"DISAGREE: {a.label} and {b.label}: {problem}")
    return 1 if failed else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--candidates", type=int, default=10_000,
                        help="stores generated, one candidate each (default 10,000)")
    parser.add_argument("--runs", type=int, default=5, help="timed runs after one warm-up")
    parser.add_argument("--mysql-url", default=_default_url(),
                        help="an admin account (default MYSQL_ADMIN_URL, else "
                             "PLANRAG_TEST_MYSQL_URL, else root on 127.0.0.1:3306)")
    parser.add_argument("--skip-mysql", action="store_true", help="no MariaDB rows")
    parser.add_argument("--skip-duckdb", action="store_true",
                        help="no rows on Parquet files through DuckDB")
    parser.add_argument("--database", default=DEFAULT_DB,
                        help=f"the MariaDB database made and dropped (default {DEFAULT_DB})")
    parser.add_argument("--seed", type=int, default=20_240, help="the data's random seed")
    args = parser.parse_args()
    if not 1 <= args.candidates <= MAX_CANDIDATES:
        parser.error(f"--candidates must be 1 to {MAX_CANDIDATES:,} (a decision's cap)")
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    if not re.fullmatch(r"[a-z][a-z0-9_]{0,63}", args.database):
        parser.error("--database must be lowercase letters, digits and _")
    if not args.skip_mysql:
        try:
            MySQLAddress(args.mysql_url)
        except ValueError as exc:
            parser.error(f"--mysql-url: {exc}")
    sys.exit(asyncio.run(run(args)))


if __name__ == "__main__":
    warnings.simplefilter("ignore")  # "database doesn't exist" from DROP ... IF EXISTS
    main()
