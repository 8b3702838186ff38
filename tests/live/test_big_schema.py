"""A schema of real size (309 tables with foreign keys and comments, made by a test helper)
on MariaDB and SQLite: introspection reads all of it, the first prompt stays within its
budget and holds what each question needs, and the model can search and describe the rest."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiomysql
import pytest

from planrag.engine import EngineConfig, Reply, SchemaLookedUp, ScriptedModel, call
from planrag.engine.session import open_engine
from planrag.errors import QueryFailed
from planrag.schema import Schema
from planrag.schema.budget import DEFAULT_BUDGET, prompt_schema
from planrag.settings import load_settings
from planrag.sources._mysql_schema import column_type
from planrag.sources._values import SAMPLE_ROWS
from planrag.sources.guarded import guarded
from planrag.sources.mysql import MySQLSource
from planrag.sources.sqlite import SQLiteSource
from planrag.table import Limits, Table
from tests import _valued_schema as hortico
from tests._big_schema import QUESTIONS, big_schema, mysql_ddl, sqlite_ddl
from tests._sql_fixtures import PREFIX, MySQLWorld, admin_address, admin_execute
from tests.live._live import cli, live_env

BIG = f"{PREFIX}bigco"


async def _mysql_database(name: str, statements: list[str]) -> None:
    """A database of the shared MariaDB made afresh from `statements` (one connection)."""
    await admin_execute(f"DROP DATABASE IF EXISTS {name}", f"CREATE DATABASE {name}")
    a = admin_address()
    conn = await aiomysql.connect(host=a.host, port=a.port, user=a.user, password=a.password,
                                  db=name, autocommit=True)
    try:
        async with conn.cursor() as cur:
            for statement in statements:
                await cur.execute(statement)
    finally:
        conn.close()


def _sqlite_file(path: Path, statements: list[str]) -> Path:
    conn = sqlite3.connect(path)
    for statement in statements:
        conn.execute(statement)
    conn.commit()
    conn.close()
    return path


@pytest.fixture(scope="module")
async def big_mysql(mysql_world: MySQLWorld) -> AsyncIterator[str]:
    await _mysql_database(BIG, mysql_ddl(BIG))
    yield BIG
    await admin_execute(f"DROP DATABASE IF EXISTS {BIG}")


@pytest.fixture(scope="module")
def big_sqlite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _sqlite_file(tmp_path_factory.mktemp("big") / "bigco.sqlite", sqlite_ddl())


def _same_as_generated(schema: Schema, comments: bool) -> None:
    expected = big_schema()
    assert len(schema.entities) == len(expected.entities) >= 300
    by_name = {e.name: e for e in schema.entities}
    for want in expected.entities:
        got = by_name[want.name]
        assert [(c.name, c.key) for c in got.columns] == [(c.name, c.key) for c in want.columns]
        assert {(fk.columns, fk.table, fk.ref_columns) for fk in got.foreign_keys} == {
            (fk.columns, fk.table, fk.ref_columns) for fk in want.foreign_keys}
        if comments:  # MySQL/MariaDB: the declared types, without an integer's display width
            assert [c.type for c in got.columns] == [column_type(c.type) for c in want.columns], \
                want.name
            assert got.comment == want.comment
            assert [c.comment for c in got.columns] == [c.comment for c in want.columns]
        assert got.rows is not None and not got.rows_exact


@pytest.mark.mysql
async def test_introspection_reads_the_whole_schema(
    mysql_world: MySQLWorld, big_mysql: str, big_sqlite: Path
) -> None:
    source = guarded(MySQLSource(mysql_world.ro.__class__.of(
        mysql_world.ro.host, mysql_world.ro.port, "root", admin_address().password), big_mysql))
    try:
        _same_as_generated(await source.schema(), comments=True)
    finally:
        await source.close()
    sqlite = guarded(SQLiteSource(big_sqlite))
    try:
        _same_as_generated(await sqlite.schema(), comments=False)
    finally:
        await sqlite.close()


@pytest.mark.mysql
async def test_the_first_prompt_holds_what_each_question_needs(
    tmp_path: Path, big_mysql: str, big_sqlite: Path
) -> None:
    a = admin_address()
    env = live_env(tmp_path)
    code, _, err = await cli("connect", "bigco", "--mysql",
                             f"mysql://{a.user}:{a.password}@{a.host}:{a.port}/{big_mysql}",
                             "--allow-write-privileges", env=env)
    assert code == 0, err
    code, _, err = await cli("connect", "bigfile", "--sqlite", str(big_sqlite), env=env)
    assert code == 0, err

    async def prompt(dataset: str, question: str) -> str:
        code, out, err = await cli("schema", "--dataset", dataset, "--question", question,
                                   env=env)
        assert code == 0, err
        return out.rstrip("\n")

    code, whole, _ = await cli("schema", "--dataset", "bigco", env=env)
    assert len(whole) > 20 * DEFAULT_BUDGET  # far too large for a prompt
    for dataset in ("bigco", "bigfile"):
        texts = await asyncio.gather(*(prompt(dataset, q) for q, _ in QUESTIONS[:6]))
        for (question, needed), text in zip(QUESTIONS[:6], texts, strict=True):
            assert len(text) <= DEFAULT_BUDGET, (dataset, question, len(text))
            for table in needed:
                if dataset == "bigco":  # names, columns and comments: each one in full
                    assert f"TABLE {table}(" in text, (dataset, question, table)
                else:  # SQLite keeps no comments: the words match less, but none is lost
                    assert table in text, (dataset, question, table)
            assert "search_schema" in text and "describe_tables" in text


@pytest.mark.mysql
async def test_the_model_searches_and_describes_the_rest(
    tmp_path: Path, mysql_world: MySQLWorld, big_mysql: str
) -> None:
    a = admin_address()
    settings = load_settings(env_file=None, data_dir=tmp_path / "data",
                             datasets_dir=tmp_path / "datasets", mysql_url=None)
    env = live_env(tmp_path)
    code, _, err = await cli("connect", "bigco", "--mysql",
                             f"mysql://{a.user}:{a.password}@{a.host}:{a.port}/{big_mysql}",
                             "--allow-write-privileges", env=env)
    assert code == 0, err
    model = ScriptedModel([
        Reply(calls=[call("search_schema", terms="forklift equipment maintenance")]),
        Reply(calls=[call("describe_tables", names=["warehouse_equipment", "no_such_table"])]),
        Reply(calls=[call("final_answer", decision="Hamburg", rationale="fewest forklifts",
                          query_ids=[])]),
    ])
    question = "Which warehouse should get the extra forklift?"
    async with open_engine(settings, "bigco", None, model,
                           EngineConfig(technique="iterrag")) as engine:
        events = [e async for e in engine.run(question)]
    system = model.requests[0].messages[0]["content"]
    assert "TABLE warehouses(" in system
    tools = [t["function"]["name"] for t in model.requests[0].tools]
    assert {"search_schema", "describe_tables"} <= set(tools)
    found = model.requests[1].messages[-1]["content"]
    assert "warehouse_equipment" in found
    described = model.requests[2].messages[-1]["content"]
    assert "TABLE warehouse_equipment(" in described and "no table or label" in described
    looked = [e for e in events if isinstance(e, SchemaLookedUp)]
    assert [e.tool for e in looked] == ["search_schema", "describe_tables"]
    assert "warehouse_equipment" in looked[0].found and looked[1].found[0] == (
        "warehouse_equipment")
    model.assert_all_used()


# ------------------------------------------------------------------------- values

VALUED = f"{PREFIX}hortico"


@pytest.fixture(scope="module")
async def valued_mysql(mysql_world: MySQLWorld) -> AsyncIterator[str]:
    await _mysql_database(VALUED, hortico.mysql_ddl(VALUED))
    yield VALUED
    await admin_execute(f"DROP DATABASE IF EXISTS {VALUED}")


@pytest.fixture(scope="module")
def valued_sqlite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _sqlite_file(tmp_path_factory.mktemp("valued") / "hortico.sqlite",
                        hortico.sqlite_ddl())


def _admin_source(mysql_world: MySQLWorld, database: str) -> MySQLSource:
    ro = mysql_world.ro
    return guarded(MySQLSource(ro.__class__.of(ro.host, ro.port, "root", admin_address().password),
                       database))


@pytest.mark.mysql
async def test_schema_question_prints_the_prompts_schema_and_the_links(
    tmp_path: Path, mysql_world: MySQLWorld, valued_mysql: str, valued_sqlite: Path
) -> None:
    a = admin_address()
    env = live_env(tmp_path)
    code, _, err = await cli("connect", "hortico", "--mysql",
                             f"mysql://{a.user}:{a.password}@{a.host}:{a.port}/{valued_mysql}",
                             "--allow-write-privileges", env=env)
    assert code == 0, err
    code, out, err = await cli("connect", "hortifile", "--sqlite", str(valued_sqlite), env=env)
    assert code == 0, err
    assert "  value index: 246 values of 46 columns (0 left out: too many values)" in out
    source = _admin_source(mysql_world, valued_mysql)
    lite = guarded(SQLiteSource(valued_sqlite))
    try:
        schemas = {"hortico": await source.schema(), "hortifile": await lite.schema()}
    finally:
        await source.close()
        await lite.close()
    for dataset, schema in schemas.items():
        full = named = total = 0
        for question, needed in hortico.QUESTIONS:
            code, out, err = await cli("schema", "--dataset", dataset, "--question", question,
                                       env=env)
            assert code == 0, err
            view = prompt_schema(schema, question, DEFAULT_BUDGET)
            assert out == view.text + "\n"  # exactly the prompt's schema, nothing else
            assert len(view.text) <= DEFAULT_BUDGET
            said = err.splitlines()
            assert said[0].startswith(f"in full: {len(view.shown)} of {len(schema.entities)};")
            assert said[1:1 + len(view.shown)] == [f"  {n}: {why}" for n, why in view.reasons]
            said = said[1 + len(view.shown):]
            assert said[0].startswith(f"values named in the question: {len(view.links)};")
            assert said[1:] == ["  " + link.render() for link in view.links]
            for link in view.links:
                assert link.render() in out.splitlines()
            full += len(needed & set(view.shown))
            named += len(needed & set(view.named))
            total += len(needed)
        assert full + named == total, dataset
        assert full >= 0.9 * total, (dataset, full, total)


@pytest.mark.mysql
async def test_the_first_prompt_gets_the_links(
    tmp_path: Path, valued_mysql: str
) -> None:
    a = admin_address()
    settings = load_settings(env_file=None, data_dir=tmp_path / "data",
                             datasets_dir=tmp_path / "datasets", mysql_url=None)
    env = live_env(tmp_path)
    code, _, err = await cli("connect", "hortico", "--mysql",
                             f"mysql://{a.user}:{a.password}@{a.host}:{a.port}/{valued_mysql}",
                             "--allow-write-privileges", env=env)
    assert code == 0, err
    model = ScriptedModel([Reply(calls=[call("final_answer", decision="Verdant Tools Ltd",
                                             rationale="cheapest", query_ids=[])])])
    question = "Which supplier should we use for Garden tools next spring?"
    async with open_engine(settings, "hortico", None, model,
                           EngineConfig(technique="iterrag")) as engine:
        [e async for e in engine.run(question)]
    system = model.requests[0].messages[0]["content"]
    assert "Values named in the question:\n'Garden tools' is prd_cat.cat_nm = 'Garden tools'" \
        in system
    assert "TABLE prd_cat(" in system


@pytest.mark.mysql
async def test_mariadb_samples_a_large_table_and_refreshes_the_index_with_the_schema(
    mysql_world: MySQLWorld, valued_mysql: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    await admin_execute(
        "CREATE TABLE big_evt (id INT PRIMARY KEY, kind VARCHAR(20))",
        "INSERT INTO big_evt SELECT seq, IF(seq % 2, 'Scan', 'Pick') FROM seq_1_to_30000",
        "INSERT INTO big_evt VALUES (30001, 'Late marker')",
        "ANALYZE TABLE big_evt", database=valued_mysql)
    seen: list[str] = []
    original = MySQLSource.execute

    async def spy(self: MySQLSource, query: str, limits: Limits | None = None,
                  params: Any = None) -> Table:
        seen.append(query)
        return await original(self, query, limits, params)

    monkeypatch.setattr(MySQLSource, "execute", spy)
    source = _admin_source(mysql_world, valued_mysql)
    try:
        with pytest.raises(QueryFailed):  # the schema cached by an earlier test is dropped
            await source.execute("SELECT * FROM no_such_table")
        schema = await source.schema()
        big = schema.find("big_evt")
        assert big is not None and big.rows is not None and big.rows > 10_000
        issued = " ".join(seen)
        assert f"FROM `big_evt` LIMIT {SAMPLE_ROWS})" in issued
        assert "FROM `big_evt`)" not in issued
        assert schema.values is not None
        kinds = {(c.entity, c.column): c.values for c in schema.values.columns}
        assert set(kinds[("big_evt", "kind")]) == {"Scan", "Pick"}  # the last row unread
        assert await source.schema() is schema  # cached with the schema
        await admin_execute("INSERT INTO prd_cat (id, cat_nm) VALUES (99, 'Hot tubs')",
                            database=valued_mysql)
        with pytest.raises(QueryFailed):  # a missing table: the schema is read again
            await source.execute("SELECT * FROM no_such_table")
        fresh = await source.schema()
        assert fresh.values is not None and fresh.values is not schema.values
        assert [x.value for x in fresh.values.links("hot tubs")] == ["Hot tubs"]
    finally:
        await source.close()
        await admin_execute("DROP TABLE big_evt", "DELETE FROM prd_cat WHERE id = 99",
                            database=valued_mysql)
