"""A schema of real size (309 tables with foreign keys and comments, made by a test helper)
on MariaDB and SQLite: introspection reads all of it, the first prompt stays within its
budget and holds what each question needs, and the model can search and describe the rest."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import aiomysql
import pytest

from planrag.engine import EngineConfig, Reply, SchemaLookedUp, ScriptedModel, call
from planrag.engine.session import open_engine
from planrag.schema import Schema
from planrag.schema.budget import DEFAULT_BUDGET
from planrag.settings import load_settings
from planrag.sources.mysql import MySQLSource
from planrag.sources.sqlite import SQLiteSource
from tests._big_schema import QUESTIONS, big_schema, mysql_ddl, sqlite_ddl
from tests._sql_fixtures import PREFIX, MySQLWorld, admin_address, admin_execute
from tests.live._live import cli, live_env

BIG = f"{PREFIX}bigco"


@pytest.fixture(scope="module")
async def big_mysql(mysql_world: MySQLWorld) -> AsyncIterator[str]:
    await admin_execute(f"DROP DATABASE IF EXISTS {BIG}", f"CREATE DATABASE {BIG}")
    a = admin_address()
    conn = await aiomysql.connect(host=a.host, port=a.port, user=a.user, password=a.password,
                                  db=BIG, autocommit=True)
    try:
        async with conn.cursor() as cur:
            for statement in mysql_ddl(BIG):
                await cur.execute(statement)
    finally:
        conn.close()
    yield BIG
    await admin_execute(f"DROP DATABASE IF EXISTS {BIG}")


@pytest.fixture(scope="module")
def big_sqlite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("big") / "bigco.sqlite"
    conn = sqlite3.connect(path)
    for statement in sqlite_ddl():
        conn.execute(statement)
    conn.commit()
    conn.close()
    return path


def _same_as_generated(schema: Schema, comments: bool) -> None:
    expected = big_schema()
    assert len(schema.entities) == len(expected.entities) >= 300
    by_name = {e.name: e for e in schema.entities}
    for want in expected.entities:
        got = by_name[want.name]
        assert [(c.name, c.key) for c in got.columns] == [(c.name, c.key) for c in want.columns]
        assert {(fk.columns, fk.table, fk.ref_columns) for fk in got.foreign_keys} == {
            (fk.columns, fk.table, fk.ref_columns) for fk in want.foreign_keys}
        if comments:
            assert [c.type for c in got.columns] == [c.type for c in want.columns], want.name
            assert got.comment == want.comment
            assert [c.comment for c in got.columns] == [c.comment for c in want.columns]
        assert got.rows is not None and not got.rows_exact


@pytest.mark.mysql
async def test_introspection_reads_the_whole_schema(
    mysql_world: MySQLWorld, big_mysql: str, big_sqlite: Path
) -> None:
    source = MySQLSource(mysql_world.ro.__class__.of(
        mysql_world.ro.host, mysql_world.ro.port, "root", admin_address().password), big_mysql)
    try:
        _same_as_generated(await source.schema(), comments=True)
    finally:
        await source.close()
    sqlite = SQLiteSource(big_sqlite)
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
