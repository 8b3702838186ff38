"""The guard as a layer: what a kind opens is its source behind the guard of its dialect."""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping
from contextlib import AsyncExitStack
from pathlib import Path
from typing import Any

import pytest

from planrag.errors import QueryRefused
from planrag.guards import Scope
from planrag.locations._kinds import all_kinds
from planrag.locations._model import Location
from planrag.schema import Schema
from planrag.settings import load_settings
from planrag.sources.base import DataSource, GuardableSource, Read, Submission
from planrag.sources.guarded import GuardedSource, guarded
from planrag.sources.sqlite import SQLiteSource
from planrag.table import Limits, Table


class _Recorder:
    """A source that runs nothing: it records what reached it."""

    language = "sql"
    name = "fake:shop"
    dialect = "mysql"
    insertion_order = "id"

    def __init__(self) -> None:
        self.ran: list[str] = []
        self.submitted: list[tuple[str, Mapping[str, Any] | None]] = []

    async def submission(
        self, query: str, params: Mapping[str, Any] | None = None
    ) -> Submission:
        self.submitted.append((query, params))
        return Submission("mariadb", query, Scope("shop"))

    async def execute(
        self, query: str, limits: Limits | None = None, params: Mapping[str, Any] | None = None
    ) -> Table:
        self.ran.append(query)
        return Table(columns=("n",), rows=((1,),), total_rows=1)

    async def schema(self, read: Read | None = None) -> Schema:
        assert read is not None
        await read("SELECT name FROM shop.customer LIMIT 5", Limits())
        await read("SELECT name FROM other.customer LIMIT 5", Limits())
        return Schema(dialect="mariadb", database="shop", entities=())

    async def close(self) -> None:
        self.ran.append("closed")


async def test_a_refused_query_never_reaches_the_source() -> None:
    inner = _Recorder()
    source = guarded(inner)  # type: ignore[arg-type]
    assert isinstance(source, DataSource) and isinstance(inner, GuardableSource)
    assert (await source.execute("SELECT 1 AS n")).rows == ((1,),)
    with pytest.raises(QueryRefused) as refused:
        await source.execute("DELETE FROM customer")
    with pytest.raises(QueryRefused):  # judged in the scope the source gave: shop only
        await source.execute("SELECT * FROM other.customer")
    assert inner.ran == ["SELECT 1 AS n"]
    assert "\n" not in str(refused.value)


async def test_the_schema_s_own_reads_are_judged_too() -> None:
    inner = _Recorder()
    with pytest.raises(QueryRefused):
        await guarded(inner).schema()  # type: ignore[arg-type]
    assert inner.ran == ["SELECT name FROM shop.customer LIMIT 5"]


async def test_what_the_guard_does_not_define_is_the_source_s() -> None:
    inner = _Recorder()
    source = guarded(inner)  # type: ignore[arg-type]
    assert (source.name, source.language, source.dialect) == ("fake:shop", "sql", "mysql")
    assert source.insertion_order == "id"
    assert guarded(source) is source  # never judged twice
    await source.close()
    assert inner.ran == ["closed"]
    with pytest.raises(AttributeError):
        _ = source.no_such_thing


async def test_parameters_reach_the_guard_written_in(tmp_path: Path) -> None:
    path = tmp_path / "shop.sqlite"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE customer (id INTEGER PRIMARY KEY, name TEXT)")
        conn.execute("INSERT INTO customer VALUES (1, 'O''Brien')")
    raw = SQLiteSource(path)
    submitted = await raw.submission("SELECT id FROM customer WHERE name = :n", {"n": "O'Brien"})
    # a parameter stands as a plain literal: the value travels beside the query, never in it
    assert submitted.dialect == "sqlite" and ":n" not in submitted.text
    assert "Brien" not in submitted.text
    with pytest.raises(QueryRefused):  # a placeholder without a value is refused by the source
        await raw.submission("SELECT id FROM customer WHERE name = :n", {})
    source = guarded(raw)
    found = await source.execute("SELECT id FROM customer WHERE name = :n", params={"n": "O'Brien"})
    assert found.rows == ((1,),)
    with pytest.raises(QueryRefused):
        await source.execute("PRAGMA writable_schema = 1")
    await source.close()


async def test_every_kind_opens_its_source_behind_the_guard(tmp_path: Path) -> None:
    path = tmp_path / "shop.sqlite"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE t (x INTEGER)")
    settings = load_settings(env_file=None, data_dir=tmp_path / "data")
    assert all(
        "open_source" in type(kind).__dict__ and "open" not in type(kind).__dict__
        for kind in all_kinds()
    ), "a kind opens its source; Kind.open alone puts the guard in front"
    sqlite = next(k for k in all_kinds() if k.name == "sqlite")
    location = Location(kind="sqlite", dataset="shop", live=True, database=str(path),
                        where=str(path), path=path)
    async with AsyncExitStack() as stack:
        source = await sqlite.open(settings, location, stack)
        assert isinstance(source, GuardedSource)
        with pytest.raises(QueryRefused):
            await source.execute("ATTACH DATABASE 'x.db' AS x")
