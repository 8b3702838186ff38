"""Issue 34, break 1: no value larger than the cell limit is held by the app, on SQLite,
PostgreSQL and MariaDB (`Limits.max_cell_bytes`, PLANRAG_MAX_CELL_BYTES).

The fetch caps once counted rows and bytes only after a cell had arrived whole: a 500 MB
value was read into the server. Now SQLite is told the limit (SQLITE_LIMIT_LENGTH) and
refuses to build or read a longer value, MariaDB's connection stops reading a row packet past
it, and on every source a longer value refuses the query with one line naming the setting
and what to select instead; the source keeps working. What each session can cap is capped:
PostgreSQL's work_mem, MariaDB's group_concat_max_len. The sources here are built without
the guard, so only these layers stand.
"""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from planrag.errors import QueryError, ValueTooLarge
from planrag.settings import MySQLAddress
from planrag.sources.mysql import MySQLSource
from planrag.sources.postgres import PostgresSource
from planrag.sources.sqlite import SQLiteSource
from planrag.table import Limits, TableBuilder
from tests._pg_fixtures import PostgresWorld, scratch_database
from tests._sql_fixtures import PREFIX, admin_address, admin_execute

BIG = 5_000_000
"""A stored value over the default limit (4,000,000 bytes)."""
LIMITS = Limits(timeout_s=5.0)


def refused_line(error: QueryError) -> str:
    text = str(error)
    assert isinstance(error, ValueTooLarge), text
    assert "\n" not in text and "PLANRAG_MAX_CELL_BYTES" in text and "4,000,000" in text
    return text


# ---------------------------------------------------------------------------------- SQLite


@pytest.fixture()
def docs_file(tmp_path: Path) -> Path:
    path = tmp_path / "docs.sqlite"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE docs (id INTEGER PRIMARY KEY, body TEXT)")
        conn.executemany("INSERT INTO docs VALUES (?, ?)",
                         [(1, "x" * 100), (2, "y" * BIG), (3, "z")])
    conn.close()
    return path


async def test_sqlite_refuses_a_stored_value_over_the_limit(docs_file: Path) -> None:
    source = SQLiteSource(docs_file, limits=LIMITS)
    try:
        with pytest.raises(ValueTooLarge) as refused:
            await source.execute("SELECT id, body FROM docs ORDER BY id")
        text = refused_line(refused.value)
        assert "SQLite stopped the query" in text and "leave its column out" in text
        with pytest.raises(ValueTooLarge):  # SQLite reads the value whole even to measure it
            await source.execute("SELECT length(body) AS n FROM docs WHERE id = 2")
        small = await source.execute("SELECT id, body FROM docs WHERE id <> 2 ORDER BY id")
        assert [r[0] for r in small.rows] == [1, 3]
    finally:
        await source.close()


@pytest.mark.parametrize("query", [
    "SELECT zeroblob(5000000) AS v",
    "SELECT length(replace(hex(zeroblob(50000)), '0', hex(zeroblob(50000)))) AS v",
    "SELECT group_concat(body, '') AS v FROM docs, (SELECT 1 UNION ALL SELECT 2)",
])
async def test_sqlite_refuses_to_build_a_value_over_the_limit(docs_file: Path,
                                                              query: str) -> None:
    source = SQLiteSource(docs_file, limits=LIMITS)
    try:
        with pytest.raises(ValueTooLarge) as refused:
            await source.execute(query)
        refused_line(refused.value)
        assert (await source.execute("SELECT count(*) AS n FROM docs")).rows == ((3,),)
    finally:
        await source.close()


async def test_sqlite_takes_the_limit_each_query_gives(docs_file: Path) -> None:
    source = SQLiteSource(docs_file, limits=LIMITS)
    try:
        wide = Limits(timeout_s=5.0, max_cell_bytes=BIG + 10)
        table = await source.execute("SELECT length(body) AS n FROM docs WHERE id = 2", wide)
        assert table.rows == ((BIG,),)
        with pytest.raises(ValueTooLarge):
            await source.execute("SELECT length(body) AS n FROM docs WHERE id = 2")
    finally:
        await source.close()


def test_batches_shrink_as_rows_widen() -> None:
    builder = TableBuilder(("v",), Limits(max_rows=10_000, max_bytes=10**9))
    assert builder.next_batch() == 16
    builder.take([("a" * 10,)] * 16)
    assert builder.next_batch() == 256
    builder.take([("b" * 3_000_000,)])
    assert builder.next_batch() == 2  # 8 MB a batch at the widest row seen
    with pytest.raises(ValueTooLarge) as refused:
        builder.take([("c" * 4_000_001,)])
    assert "column v is 4,000,001 bytes long" in str(refused.value)
    multibyte = TableBuilder(("v",), Limits())
    with pytest.raises(ValueTooLarge):  # 1.5 million characters, 4.5 MB in UTF-8
        multibyte.take([("\u20ac" * 1_500_000,)])


# ------------------------------------------------------------------------------ PostgreSQL


@pytest.fixture()
async def pg_docs(pg_world: PostgresWorld) -> AsyncIterator[PostgresSource]:
    statements = [
        "CREATE TABLE docs (id integer PRIMARY KEY, body text)",
        f"INSERT INTO docs VALUES (1, repeat('x', 100)), (2, repeat('y', {BIG})), (3, 'z')",
        "DO $$ BEGIN EXECUTE format('ALTER DATABASE %I SET work_mem = %L', "
        "current_database(), '1GB'); END $$",
    ]
    async with scratch_database("cells", statements) as database:
        source = PostgresSource(pg_world.admin, database, limits=LIMITS, pool_size=1)
        try:
            yield source
        finally:
            await source.close()


async def test_postgres_refuses_a_value_over_the_limit_and_keeps_the_connection(
    pg_docs: PostgresSource
) -> None:
    before = (await pg_docs.execute("SELECT pg_backend_pid() AS pid")).rows
    with pytest.raises(ValueTooLarge) as refused:
        await pg_docs.execute("SELECT id, body FROM docs ORDER BY id")
    assert "column body is 5,000,000 bytes long" in refused_line(refused.value)
    table = await pg_docs.execute("SELECT id, length(body) AS n FROM docs ORDER BY id")
    assert table.rows == ((1, 100), (2, BIG), (3, 1))
    # rolled back and lent again (one connection in the pool), not dropped
    assert (await pg_docs.execute("SELECT pg_backend_pid() AS pid")).rows == before


async def test_postgres_caps_work_mem_whatever_the_server_lends(pg_docs: PostgresSource) -> None:
    table = await pg_docs.execute("SELECT current_setting('work_mem') AS w")
    assert table.rows == (("64MB",),)


async def test_postgres_string_agg_over_many_rows_is_refused_before_it_runs(
    pg_world: PostgresWorld
) -> None:
    from planrag.errors import QueryRefused
    from planrag.sources.guarded import guarded

    source = guarded(PostgresSource(pg_world.admin, pg_world.database, limits=LIMITS))
    try:
        with pytest.raises(QueryRefused) as refused:
            await source.execute("SELECT length(string_agg(repeat('x', 10000), '')) AS n "
                                 "FROM generate_series(1, 90000)")
        assert refused.value.rule == "dos" and "90,000 rows" in str(refused.value)
        running = await pg_world.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE query LIKE '%string_agg(repeat%' "
            "AND pid <> pg_backend_pid()")
        assert running[0][0] == 0
        table = await source.execute("SELECT length(string_agg(name, ', ')) AS n FROM stores")
        assert table.rows[0][0] > 0
    finally:
        await source.close()


# ---------------------------------------------------------------------------------- MariaDB

MARIA_DB = f"{PREFIX}cellcap"


@pytest.fixture(scope="module")
async def maria_docs(mysql_world: object) -> AsyncIterator[str]:
    await admin_execute(f"DROP DATABASE IF EXISTS {MARIA_DB}", f"CREATE DATABASE {MARIA_DB}")
    await admin_execute("CREATE TABLE docs (id INT PRIMARY KEY, body LONGTEXT)",
                        f"INSERT INTO docs VALUES (1, REPEAT('x', 100)), (2, REPEAT('y', {BIG})),"
                        " (3, 'z')", database=MARIA_DB)
    yield MARIA_DB
    await admin_execute(f"DROP DATABASE IF EXISTS {MARIA_DB}")


def _maria(database: str, limits: Limits = LIMITS) -> MySQLSource:
    address: MySQLAddress = admin_address()
    return MySQLSource(address, database, limits=limits)


@pytest.mark.mysql
async def test_mariadb_stops_reading_a_row_past_the_limit(maria_docs: str) -> None:
    source = _maria(maria_docs)
    try:
        with pytest.raises(ValueTooLarge) as refused:
            await source.execute("SELECT body FROM docs WHERE id = 2")
        assert "packet was not read" in refused_line(refused.value)
        with pytest.raises(ValueTooLarge) as two:  # two columns: the row is read, then judged
            await source.execute("SELECT id, body FROM docs ORDER BY id")
        assert "column body is 5,000,000 bytes long" in refused_line(two.value)
        table = await source.execute("SELECT id, LENGTH(body) AS n FROM docs ORDER BY id")
        assert table.rows == ((1, 100), (2, BIG), (3, 1))
    finally:
        await source.close()


@pytest.mark.mysql
async def test_mariadb_keeps_group_concat_to_the_limit(maria_docs: str) -> None:
    source = _maria(maria_docs, Limits(timeout_s=5.0, max_cell_bytes=1000))
    try:
        table = await source.execute(
            "SELECT GROUP_CONCAT(REPEAT(body, 30)) AS g FROM docs WHERE id <> 2")
        assert len(table.rows[0][0]) == 1000
        assert table.incomplete and "group_concat_max_len" in table.incomplete[0]
    finally:
        await source.close()
