"""PostgreSQL of real size: reading a 300-table schema, cold and cached, and the account check.

    python benchmarks/postgres.py [--postgres-url URL] [--repeat N]

Makes a database `planrag_bench_pg_<random>` with a generated ERP-like schema of 300 tables
in two schemas (abbreviated names such as `ord_hdr` and `ops.whs_ln`, comments on some
tables and columns, foreign keys within and across the schemas, a few thousand rows, then
ANALYZE), and prints:

- the time `PostgresSource.schema()` takes cold (a new pool: connecting, the four catalogue
  queries, the value index), median of N, split into the catalogue and the value index
  (target: under 2 s in all);
- the time it takes cached (the same source again: the pool's cached schema);
- what it found: tables, columns, foreign keys, row estimates, values;
- the time the account check (`judge_account`) takes on the same database, for a
  SELECT-only role made for it (it reads every table's privileges) and for the superuser.

The schema is read twice over: by the source alone, and behind PostgreSQL's guard as the kind
opens it (the value index's queries are then judged one by one). The database and the role
are dropped at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import secrets
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path
from urllib.parse import urlsplit

import asyncpg

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from planrag.locations._postgres_account import judge_account
from planrag.sources._postgres_pool import PostgresAddress
from planrag.sources.guarded import guarded
from planrag.sources.postgres import PostgresSource, close_pools

SCHEMAS = ("public", "ops")
DOMAINS = (
    "cust", "ord", "inv", "prd", "prc", "sup", "po", "ap", "ar", "gl",
    "emp", "pay", "crm", "mkt", "tkt", "whs", "shp", "car", "mfg", "bom",
    "qc", "prj", "tsk", "ast", "mnt", "fx", "tax", "bud", "ctr", "rsk",
)
"""Thirty business areas, abbreviated as ERPs do (customers, orders, inventory...)."""
KINDS = ("mst", "hdr", "ln", "hist", "note", "att", "tag", "xref", "stat", "cfg")
"""Ten tables per area: its master, documents, lines and what grows around them."""
COLUMNS = (
    ("cd", "varchar(20)", "business code"),
    ("nm", "varchar(100)", ""),
    ("sts", "varchar(12)", "status: open, held or closed"),
    ("amt", "numeric(12,2)", "amount, in the currency of its area"),
    ("qty", "integer", ""),
    ("dt", "date", ""),
    ("upd_ts", "timestamptz", "last change"),
)


def _schema_of(domain: str) -> str:
    return SCHEMAS[DOMAINS.index(domain) % 2]


def _name(domain: str, kind: str) -> str:
    return f"{_schema_of(domain)}.{domain}_{kind}"


def ddl() -> list[str]:
    """The statements that make the 300 tables, their comments, foreign keys and rows."""
    out = [f"CREATE SCHEMA IF NOT EXISTS {s}" for s in SCHEMAS]
    for n, domain in enumerate(DOMAINS):
        for k, kind in enumerate(KINDS):
            table = _name(domain, kind)
            cols = ["id integer PRIMARY KEY"]
            refs: list[str] = []
            if kind != "mst":
                refs.append(f"{domain}_id integer REFERENCES {_name(domain, 'mst')} (id)")
            if kind == "ln":
                refs.append(f"hdr_id integer REFERENCES {_name(domain, 'hdr')} (id)")
            if kind == "hdr" and domain != "cust":  # documents name a customer: across schemas
                refs.append(f"cust_id integer REFERENCES {_name('cust', 'mst')} (id)")
            cols += refs
            cols += [f"{c} {t}" for c, t, _ in COLUMNS[: 3 + (n + k) % 5]]
            out.append(f"CREATE TABLE {table} ({', '.join(cols)})")
            if (n + k) % 3 == 0:
                out.append(f"COMMENT ON TABLE {table} IS '{kind} of {domain}, one row each'")
            for c, _, comment in COLUMNS[: 3 + (n + k) % 5]:
                if comment and (n * k + len(c)) % 4 == 0:
                    out.append(f"COMMENT ON COLUMN {table}.{c} IS '{comment}'")
    for domain in ("cust", *[d for d in DOMAINS if d != "cust"]):
        for kind in KINDS:  # masters first, headers before lines: the keys find their rows
            table = _name(domain, kind)
            rows = 30 if kind == "mst" else 10
            n = DOMAINS.index(domain)
            k = KINDS.index(kind)
            values = ["g"]
            if kind != "mst":
                values.append("1 + g % 30")
            if kind == "ln":
                values.append("1 + g % 10")
            if kind == "hdr" and domain != "cust":
                values.append("1 + g % 30")
            generated = ["'C' || g", "'" + domain + " ' || g", "(ARRAY['open', 'held', "
                         "'closed'])[1 + g % 3]", "g * 1.5", "g", "DATE '2026-01-01' + g",
                         "now()"]
            values += generated[: 3 + (n + k) % 5]
            out.append(f"INSERT INTO {table} SELECT {', '.join(values)} "
                       f"FROM generate_series(1, {rows}) AS g")
    return out


async def _admin(url: str, database: str) -> asyncpg.Connection:
    parts = urlsplit(url)
    return await asyncpg.connect(host=parts.hostname, port=parts.port or 5432,
                                 user=parts.username or "postgres", password=parts.password,
                                 database=database, timeout=5)


async def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--postgres-url", default="postgresql://postgres@127.0.0.1:5432/postgres",
                        help="a superuser's URL (it makes and drops the database)")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    parts = urlsplit(args.postgres_url)
    database = f"planrag_bench_pg_{secrets.token_hex(3)}"
    reader = f"{database}_ro"
    conn = await _admin(args.postgres_url, parts.path.lstrip("/") or "postgres")
    await conn.execute(f"CREATE DATABASE {database}")
    await conn.execute(f"CREATE ROLE {reader} LOGIN")
    await conn.close()
    address = PostgresAddress(parts.hostname or "127.0.0.1", parts.port or 5432,
                              parts.username or "postgres", parts.password)
    try:
        conn = await _admin(args.postgres_url, database)
        started = time.perf_counter()
        for statement in ddl():
            await conn.execute(statement)
        await conn.execute("ANALYZE")
        await conn.execute(f"GRANT USAGE ON SCHEMA {', '.join(SCHEMAS)} TO {reader}")
        await conn.execute(f"GRANT SELECT ON ALL TABLES IN SCHEMA {', '.join(SCHEMAS)} "
                           f"TO {reader}")
        await conn.close()
        print(f"made {database}: {len(DOMAINS) * len(KINDS)} tables in schemas "
              f"{', '.join(SCHEMAS)} in {time.perf_counter() - started:.1f} s")
        await measure(address, database, args.repeat)
        await account(address, replace(address, user=reader, password=None), database,
                      args.repeat)
    finally:
        await close_pools()
        conn = await _admin(args.postgres_url, parts.path.lstrip("/") or "postgres")
        await conn.execute(f"DROP DATABASE IF EXISTS {database} WITH (FORCE)")
        await conn.execute(f"DROP ROLE IF EXISTS {reader}")
        await conn.close()


async def measure(address: PostgresAddress, database: str, repeat: int) -> None:
    await _measure(address, database, repeat, guarded_too=False)
    await _measure(address, database, repeat, guarded_too=True)


async def _measure(
    address: PostgresAddress, database: str, repeat: int, *, guarded_too: bool
) -> None:
    cold, catalogue, index, cached = [], [], [], []
    schema = None
    for _ in range(repeat):
        await close_pools()  # a new pool: no connection, no cached schema
        raw = PostgresSource(address, database, schemas=SCHEMAS)
        source = guarded(raw) if guarded_too else raw
        started = time.perf_counter()
        schema = await source.schema()
        took = time.perf_counter() - started
        assert schema.values is not None
        cold.append(took)
        index.append(schema.values.seconds)
        catalogue.append(took - schema.values.seconds)
        started = time.perf_counter()
        again = await source.schema()
        cached.append(time.perf_counter() - started)
        assert again is schema
        await source.close()
    assert schema is not None and schema.values is not None
    columns = sum(len(e.columns) for e in schema.entities)
    keys = sum(len(e.foreign_keys) for e in schema.entities)
    estimated = sum(1 for e in schema.entities if e.rows is not None)
    rows = sum(e.rows or 0 for e in schema.entities)
    commented = sum(1 for e in schema.entities if e.comment)
    how = ("through the guard, as the kind opens it (each value-index query judged)"
           if guarded_too else "the source alone")
    print(f"schema of {len(schema.entities)} tables ({columns} columns, {keys} foreign keys, "
          f"{commented} table comments; {estimated} row estimates, ~{rows:,} rows), "
          f"{how}, median of {repeat}:")
    print(f"  cold    {statistics.median(cold):.3f} s (target < 2 s): catalogue "
          f"{statistics.median(catalogue):.3f} s, value index {statistics.median(index):.3f} s")
    print(f"  cached  {statistics.median(cached) * 1000:.3f} ms")
    print(f"  value index: {schema.values.summary()}")
    print(f"  names as the model writes them, e.g. {schema.entities[0].name}, "
          f"{schema.entities[-1].name}")


async def account(admin: PostgresAddress, reader: PostgresAddress, database: str,
                  repeat: int) -> None:
    for address in (reader, admin):
        checks = []
        for _ in range(repeat):
            started = time.perf_counter()
            check = await judge_account(address, database, SCHEMAS)
            checks.append(time.perf_counter() - started)
        said = "reads only" if check.read_only else f"refused: {check.findings[0]}"
        print(f"account check of {address.user} ({said}), median of {repeat}: "
              f"{statistics.median(checks):.3f} s")


if __name__ == "__main__":
    asyncio.run(main())
