"""The value index a source reads with its schema: which columns, bounded reads that never
scan a large table, the guarded path, and refreshing with the schema cache."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from planrag.errors import QueryFailed
from planrag.guards.dialects import sql_dialect
from planrag.schema import Column, Entity, Schema
from planrag.schema._values import MAX_PER_COLUMN
from planrag.sources._values import SAMPLE_ROWS, WHOLE_TABLE_ROWS, sql_values, text_columns
from planrag.sources.guarded import guarded
from planrag.sources.sqlite import SQLiteSource
from planrag.table import Limits, Table

MYSQL = sql_dialect("mysql")


def _table(rows: list[tuple[object, ...]]) -> Table:
    return Table(("c", "v"), tuple(rows), len(rows))


class Recorder:
    """A `run` that records each query and answers from `answers` (position -> values)."""

    def __init__(self, answers: dict[str, list[str]] | None = None,
                 fail: set[str] | None = None) -> None:
        self.queries: list[str] = []
        self.answers = answers or {}
        self.fail = fail or set()

    async def __call__(self, query: str, limits: Limits) -> Table:
        self.queries.append(query)
        assert limits.max_rows >= MAX_PER_COLUMN + 1 and limits.count_rows == 1
        if any(f"FROM `{name}`" in query for name in self.fail):
            raise QueryFailed("no", query=query, language="sql")
        rows: list[tuple[object, ...]] = []
        for i, part in enumerate(query.split(" UNION ALL ")):
            for table, values in self.answers.items():
                if f"FROM `{table}`" in part:
                    rows += [(i, v) for v in values]
        return _table(rows)


def _entity(name: str, rows: int | None, *columns: tuple[str, str],
            exact: bool = False, comment: str = "") -> Entity:
    cols = (Column("id", "INT(11)", True), *(Column(n, t) for n, t in columns))
    return Entity("table", name, cols, rows=rows, rows_exact=exact, comment=comment)


def test_short_text_columns_are_chosen_and_private_ones_never() -> None:
    entity = _entity("people", 10, ("nm", "VARCHAR(60)"), ("code", "CHAR(3)"),
                     ("bio", "VARCHAR(2000)"), ("notes", "TEXT"), ("sts", "ENUM('a','b')"),
                     ("password_hash", "VARCHAR(60)"), ("email", "VARCHAR(80)"),
                     ("api_key", "CHAR(32)"), ("qty", "INT(11)"))
    assert text_columns(entity) == ["nm", "code", "sts"]
    assert text_columns(entity, sql_dialect("sqlite")) == ["nm", "code", "notes", "sts"]
    assert text_columns(_entity("v", 10, ("nm", "VARCHAR(9)"), comment="view")) == []
    assert text_columns(_entity("e", 0, ("nm", "VARCHAR(9)"), exact=True)) == []
    assert text_columns(_entity("e", 0, ("nm", "VARCHAR(9)"))) == ["nm"]  # an estimate


async def test_a_large_table_is_sampled_never_scanned() -> None:
    schema = Schema("mariadb", "shop", (
        _entity("cat", 12, ("nm", "VARCHAR(60)")),
        _entity("sales", 40_000_000, ("sts", "VARCHAR(12)"), ("cust_nm", "VARCHAR(60)")),
    ))
    run = Recorder({"cat": ["Garden tools", "Lighting"], "sales": ["Open", "Shipped"]})
    index = await sql_values(run, schema, MYSQL)
    (query,) = run.queries
    branches = query.split(" UNION ALL ")
    assert len(branches) == 3
    assert "FROM `cat` LIMIT 1000)" in branches[0]  # small: read whole
    for branch in branches[1:]:  # large: its first rows only, however large it is
        assert f"FROM `sales` LIMIT {SAMPLE_ROWS})" in branch
        assert branch.endswith(f"LIMIT {MAX_PER_COLUMN + 1}) AS d{branches.index(branch)}")
    assert [(c.entity, c.column) for c in index.columns][:1] == [("cat", "nm")]


async def test_statistics_leave_out_a_column_with_too_many_values_unread() -> None:
    schema = Schema("mariadb", "shop", (
        _entity("customers", 2_000_000, ("cust_nm", "VARCHAR(60)"), ("tier", "VARCHAR(9)")),
    ))
    run = Recorder({"customers": ["Gold"]})
    distinct = {("customers", "cust_nm"): 1_900_000, ("customers", "tier"): 4}
    index = await sql_values(run, schema, MYSQL, distinct=distinct)
    assert "cust_nm" not in run.queries[0] and "`tier`" in run.queries[0]
    assert index.skipped == 1 and index.probed == 2


async def test_a_column_with_too_many_values_is_left_out() -> None:
    schema = Schema("mariadb", "shop", (_entity("people", 500, ("nm", "VARCHAR(60)")),))
    run = Recorder({"people": [f"person {i}" for i in range(MAX_PER_COLUMN + 1)]})
    index = await sql_values(run, schema, MYSQL)
    assert index.columns == () and index.skipped == 1


async def test_a_failing_table_is_left_out_and_the_others_kept() -> None:
    schema = Schema("mariadb", "shop", (
        _entity("broken", 5, ("nm", "VARCHAR(60)")), _entity("cat", 5, ("nm", "VARCHAR(60)")),
    ))
    run = Recorder({"cat": ["Lighting"]}, fail={"broken"})
    index = await sql_values(run, schema, MYSQL)
    assert len(run.queries) == 3  # the batch, then one table at a time
    assert [c.entity for c in index.columns] == ["cat"]


async def test_the_deadline_stops_reading() -> None:
    tables = tuple(_entity(f"t{i}", 5, *((f"c{j}", "VARCHAR(9)") for j in range(10)))
                   for i in range(20))
    run = Recorder()
    await sql_values(run, Schema("mariadb", "x", tables), MYSQL, deadline_s=-1.0)
    assert run.queries == []


# ------------------------------------------------------------------------- a real file


def _make(path: Path, extra: int = 0) -> None:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE cat (id INTEGER PRIMARY KEY, nm VARCHAR(60))")
    conn.executemany("INSERT INTO cat (nm) VALUES (?)",
                     [("Garden tools",), ("Lighting",)] + [(f"Extra {i}",) for i in range(extra)])
    conn.execute("CREATE TABLE sale (id INTEGER PRIMARY KEY, sts TEXT, buyer TEXT)")
    rows = [("Open" if i % 2 else "Shipped", f"buyer {i}") for i in range(WHOLE_TABLE_ROWS + 5000)]
    rows.append(("Lost in the warehouse", "late buyer"))  # past the sample
    conn.executemany("INSERT INTO sale (sts, buyer) VALUES (?, ?)", rows)
    conn.commit()
    conn.close()


async def test_sqlite_reads_through_the_guarded_execute_and_bounds_each_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "shop.sqlite"
    _make(path)
    seen: list[str] = []
    original = SQLiteSource.execute

    async def spy(self: SQLiteSource, query: str, limits: Limits | None = None,
                  params: object = None) -> Table:
        seen.append(query)
        return await original(self, query, limits)

    monkeypatch.setattr(SQLiteSource, "execute", spy)
    source = guarded(SQLiteSource(path))
    try:
        schema = await source.schema()
    finally:
        await source.close()
    issued = " ".join(seen)
    assert f'FROM "sale" LIMIT {SAMPLE_ROWS})' in issued and 'FROM "sale")' not in issued
    index = schema.values
    assert index is not None
    by_column = {(c.entity, c.column): c.values for c in index.columns}
    assert by_column[("cat", "nm")] == ("Garden tools", "Lighting")
    assert set(by_column[("sale", "sts")]) == {"Open", "Shipped"}  # the late value unread
    assert ("sale", "buyer") not in by_column and index.skipped == 1
    assert [x.value for x in index.links("garden tools")] == ["Garden tools"]


async def test_the_index_is_cached_and_refreshed_with_the_schema(tmp_path: Path) -> None:
    path = tmp_path / "shop.sqlite"
    _make(path)
    source = guarded(SQLiteSource(path))
    try:
        first = await source.schema()
        again = await source.schema()
        assert again is first and again.values is first.values  # one cache, both in it
        conn = sqlite3.connect(path)
        conn.execute("INSERT INTO cat (nm) VALUES ('Barbecues')")
        conn.commit()
        conn.close()
        fresh = await source.schema()
        assert fresh.values is not None and fresh.values is not first.values
        assert [x.value for x in fresh.values.links("barbecues")] == ["Barbecues"]
    finally:
        await source.close()


async def test_graph_labels_text_properties_are_read_from_a_bounded_sample() -> None:
    from planrag.sources._values import graph_values

    queries: list[str] = []

    async def run(query: str) -> list[dict[str, object]]:
        queries.append(query)
        if "`Category`" in query:
            return [{"v": "Garden tools"}, {"v": "Lighting"}]
        return [{"v": f"person {i}"} for i in range(MAX_PER_COLUMN + 1)]

    schema = Schema("neo4j", "g", (
        Entity("node", "Category", (Column("name", "STRING"), Column("rank", "INTEGER")),
               rows=18),
        Entity("node", "Person", (Column("name", "STRING"),), rows=5_000_000),
        Entity("relationship", "LIKES", (Column("note", "STRING"),), rows=9,
               patterns=("(:Person)-[:LIKES]->(:Category)",)),
    ))
    index = await graph_values(run, schema)
    assert len(queries) == 2  # no relationship type, no integer property
    assert "MATCH (n:`Category`) WITH n LIMIT 1000 " in queries[0]
    assert f"MATCH (n:`Person`) WITH n LIMIT {SAMPLE_ROWS} " in queries[1]
    assert all(q.endswith(f"RETURN DISTINCT v LIMIT {MAX_PER_COLUMN + 1}") for q in queries)
    assert [(c.entity, c.column) for c in index.columns] == [("Category", "name")]
    assert index.skipped == 1


async def test_runs_finding_the_schema_stale_at_once_read_it_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import asyncio

    import planrag.sources.sqlite as sqlite_module

    path = tmp_path / "shop.sqlite"
    _make(path)
    reads = 0
    original = sqlite_module.sql_values

    async def counted(*args: Any, **kwargs: Any) -> Any:
        nonlocal reads
        reads += 1
        return await original(*args, **kwargs)

    monkeypatch.setattr(sqlite_module, "sql_values", counted)
    sources = [guarded(SQLiteSource(path)) for _ in range(10)]
    try:
        schemas = await asyncio.gather(*(s.schema() for s in sources))
    finally:
        for source in sources:
            await source.close()
    assert reads == 1 and all(s is schemas[0] for s in schemas)
