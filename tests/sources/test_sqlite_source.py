"""SQLiteSource: read-only file, authorizer, timeouts, queries in SQLite's dialect."""

from __future__ import annotations

import asyncio
import os
import sqlite3
from pathlib import Path

import pytest

from planrag.datasets import Registry
from planrag.errors import QueryFailed, QueryRefused, QueryTimeout, SourceUnavailable
from planrag.loading import load_sqlite, sqlite_path
from planrag.sources.guarded import guarded
from planrag.sources.sqlite import SQLiteSource, _open
from planrag.table import Limits
from tests._sql_fixtures import PREFIX


@pytest.fixture()
def demo_path(registry: Registry, sqlite_dir: Path) -> Path:
    ds = registry.get("demo-retail")
    load_sqlite(sqlite_dir, ds, ds.dump("sql"), PREFIX)
    return sqlite_path(sqlite_dir, ds.dump("sql"), PREFIX)


@pytest.fixture()
async def source(demo_path: Path) -> SQLiteSource:
    src = guarded(SQLiteSource(demo_path, limits=Limits(timeout_s=1.0)))
    yield src  # type: ignore[misc]
    await src.close()


@pytest.fixture()
async def unguarded(demo_path: Path) -> SQLiteSource:
    src = SQLiteSource(demo_path, limits=Limits(timeout_s=1.0))
    yield src  # type: ignore[misc]
    await src.close()


async def test_sqlite_dialect_select_runs(source: SQLiteSource) -> None:
    table = await source.execute(
        "SELECT w.name, iif(SUM(s.kg_per_week) > 500, 'busy', 'quiet') AS load_level "
        "FROM supplies s JOIN warehouse w ON w.id = s.warehouse_id "
        "GROUP BY w.name ORDER BY w.name"
    )
    assert table.columns == ("name", "load_level") and len(table.rows) == 4


async def test_sqlite_functions_pass_the_guard_and_run_as_written(source: SQLiteSource) -> None:
    """Issue 19, point 12: refused before as "not a known built-in function", and format()
    failed as "no such function: NUMBER_TO_STR" (MySQL's FORMAT translated to SQLite)."""
    table = await source.execute(
        "SELECT strftime('%Y', '2024-03-05') AS y, "
        "julianday('2024-01-03') - julianday('2024-01-01') AS days, "
        "unixepoch('1970-01-02') AS secs, printf('%.1f', 2.5) AS p, "
        "iif(COUNT(*) > 10, 'many', 'few') AS n, total(id) AS t, typeof(name) AS ty, "
        "format('%d', 1) AS f, format('%05.1f', 3.14159) AS g FROM cafe"
    )
    assert table.rows == (("2024", 2.0, 86400, "2.5", "many", 1278.0, "text", "1", "003.1"),)


async def test_mysql_functions_are_refused_with_what_to_write(source: SQLiteSource) -> None:
    with pytest.raises(QueryRefused) as err:
        await source.execute("SELECT DATE_FORMAT('2024-03-05', '%Y')")
    assert "strftime(" in str(err.value) and "\n" not in str(err.value)


async def test_introspection_statements(source: SQLiteSource) -> None:
    tables = await source.execute("SHOW TABLES")
    assert [r[0] for r in tables.rows] == ["cafe", "lane", "supplies", "warehouse"]
    cols = await source.execute("DESCRIBE `lane`")
    assert [r[0] for r in cols.rows] == ["warehouse_id", "cafe_id", "km", "cost_per_kg"]
    assert cols.rows[0][2] == "PRI"


async def test_caps_and_counts(source: SQLiteSource) -> None:
    table = await source.execute("SELECT * FROM lane", Limits(max_rows=3, timeout_s=1.0))
    assert len(table.rows) == 3 and table.total_rows == 23 and table.truncated


@pytest.mark.parametrize(
    "statement",
    [
        "DELETE FROM cafe",
        "UPDATE cafe SET name = 'x'",
        "DROP TABLE cafe",
        "CREATE TABLE x (a)",
        "ATTACH DATABASE '/tmp/planrag-x.db' AS x",
        "PRAGMA query_only = 0",
        "SELECT load_extension('mod')",
        "VACUUM INTO '/tmp/planrag-test-vacuum-copy.sqlite'",
        "SELECT * FROM sqlite_stat1",
    ],
)
async def test_database_layer_refuses_writes_without_the_parser(
    unguarded: SQLiteSource, demo_path: Path, statement: str
) -> None:
    before = demo_path.read_bytes()
    with pytest.raises((QueryRefused, QueryFailed)):
        await unguarded.execute(statement)
    assert demo_path.read_bytes() == before
    assert not Path("/tmp/planrag-test-vacuum-copy.sqlite").exists()
    assert (await unguarded.execute("SELECT COUNT(*) FROM cafe")).rows == ((12,),)


async def test_runaway_query_times_out_and_next_works(unguarded: SQLiteSource) -> None:
    with pytest.raises(QueryTimeout):
        await unguarded.execute(
            "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT COUNT(*) FROM r"
        )
    assert (await unguarded.execute("SELECT 1")).rows == ((1,),)


async def test_syntax_error(source: SQLiteSource) -> None:
    with pytest.raises(QueryFailed) as err:
        await source.execute("SELECT nope FROM cafe")
    assert "no such column" in str(err.value) and "\n" not in str(err.value)
    assert (await source.execute("SELECT 1")).rows == ((1,),)


async def test_guard_refusal(source: SQLiteSource) -> None:
    with pytest.raises(QueryRefused):
        await source.execute("DELETE FROM cafe")


async def test_missing_file_says_how_to_load(tmp_path: Path) -> None:
    src = guarded(SQLiteSource(tmp_path / "none.sqlite"))
    with pytest.raises(SourceUnavailable, match="planrag load --target sqlite"):
        await src.execute("SELECT 1")


async def test_schema(source: SQLiteSource) -> None:
    text = (await source.schema()).render()
    assert "TABLE cafe(id INTEGER KEY" in text and "[12 rows]" in text
    assert "_planrag" not in text


async def test_runs_on_one_file_share_one_capped_pool(demo_path: Path) -> None:
    sources = [guarded(SQLiteSource(demo_path, pool_size=3, pool_wait_s=60.0)) for _ in range(60)]
    try:
        tables = await asyncio.gather(*(s.execute("SELECT COUNT(*) FROM cafe") for s in sources))
        assert [t.rows for t in tables] == [((12,),)] * 60
        pools = {id(s._pool) for s in sources}
        assert len(pools) == 1
        pool = sources[0]._pool
        assert pool is not None and pool.slots.open <= 3 and pool.slots.waits > 0
    finally:
        for s in sources:
            await s.close()
    assert pool.slots.open == 0  # the last source closed: no connection left open


async def test_the_wait_for_a_free_connection_is_bounded(demo_path: Path) -> None:
    holder = guarded(SQLiteSource(demo_path, pool_size=1, pool_wait_s=0.2))
    other = guarded(SQLiteSource(demo_path, pool_size=1, pool_wait_s=0.2))
    try:
        pool = holder._shared()
        handle = await pool.acquire(_open)  # as a long query would hold it
        with pytest.raises(SourceUnavailable) as err:
            await other.execute("SELECT COUNT(*) FROM cafe")
        message = str(err.value)
        assert message.startswith(f"the only connection to the SQLite file {demo_path.name} is "
                                   "busy; waited 0.2 s"), message
        assert "PLANRAG_POOL_SIZE" in message and "timeout" not in message
        pool.release(handle)
        assert (await other.execute("SELECT COUNT(*) FROM cafe")).rows == ((12,),)
    finally:
        await holder.close()
        await other.close()


def _make(path: Path, value: int, *tables: str) -> None:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE t (x INTEGER)")
    conn.execute("INSERT INTO t VALUES (?)", (value,))
    for table in tables:
        conn.execute(f"CREATE TABLE {table} (y INTEGER)")
    conn.commit()
    conn.close()


async def test_a_replaced_file_is_read_anew(tmp_path: Path) -> None:
    path, fresh = tmp_path / "shop.sqlite", tmp_path / "new.sqlite"
    _make(path, 1)
    _make(fresh, 2, "added")
    source = SQLiteSource(path)
    try:
        assert (await source.execute("SELECT x FROM t")).rows == ((1,),)
        assert [e.name for e in (await source.schema()).entities] == ["t"]
        os.replace(fresh, path)  # as `planrag load --force` does
        assert (await source.execute("SELECT x FROM t")).rows == ((2,),)
        assert [e.name for e in (await source.schema()).entities] == ["t", "added"]
    finally:
        await source.close()


async def test_bound_parameters_are_values_never_sql(source: SQLiteSource) -> None:
    import datetime as dt

    query = ("SELECT name, '50% :x' AS tag, :day AS day FROM warehouse "
             "WHERE capacity_kg_per_week > :least OR name = :name ORDER BY id")
    table = await source.execute(
        query, params={"least": 800, "name": "x' OR '1'='1", "day": dt.date(2026, 11, 26)}
    )
    assert [r[0] for r in table.rows] == ["North Hub"]
    assert table.rows[0][1:] == ("50% :x", "2026-11-26")
    with pytest.raises(QueryRefused, match=r"uses :least, which no parameter gives"):
        await source.execute(query, params={"name": "a", "day": "b"})
    with pytest.raises(QueryRefused):
        await source.execute("SELECT id FROM warehouse WHERE id = :id")


SLOW = ("WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 1000000000) "
        "SELECT count(*) AS n FROM c")


async def test_long_statements_leave_a_core_to_short_ones(
    source: SQLiteSource, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 34, 4: one person's long queries took every core from another's short one. A
    statement past `LONG_AFTER_S` runs only in a place of the long ones (a core fewer than
    the machine has); the others wait for one within their own deadline, and a short
    statement never waits."""
    import threading

    from planrag.sources import _sqlite_pool

    places = threading.BoundedSemaphore(1)
    held: list[int] = [0, 0]  # now, most at once

    class Counted:
        def acquire(self, timeout: float = -1) -> bool:
            got = places.acquire(timeout=timeout)
            if got:
                held[0] += 1
                held[1] = max(held)
            return got

        def release(self) -> None:
            held[0] -= 1
            places.release()

    monkeypatch.setattr(_sqlite_pool, "_LONG", Counted())
    slow = [asyncio.ensure_future(source.execute(SLOW)) for _ in range(3)]
    await asyncio.sleep(0.5)  # all three are long by now
    quick = await source.execute("SELECT COUNT(*) AS n FROM warehouse")
    assert quick.rows == ((4,),)
    done = await asyncio.gather(*slow, return_exceptions=True)
    assert all(isinstance(d, QueryTimeout) for d in done), done
    assert held == [0, 1]  # one long statement at a time, every place given back
