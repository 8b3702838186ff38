"""Every guard case, end to end.

1. Through `planrag guard sql|cypher` (the CLI contract), each case gets its expected verdict,
   SQL cases in the dialect their tag names (`--server sqlite` for [SQLite], `--server
   postgres` for [PostgreSQL]).
2. Every allow case runs without error on MariaDB (as the least-privilege account) and on the
   Bolt server, against the guard fixture data; [SQLite] and [PostgreSQL] allow cases run
   through a guarded source on a SQLite file and a PostgreSQL database holding the fixture's
   customers and orders.
3. Every refuse case is executed through the data sources with the parser check switched off:
   the database-level layer alone must still change nothing (table checksums, routines,
   events, users and globals on MariaDB; nodes, relationships and their properties on the
   graph) and leave nothing running. On MariaDB this runs as an account that may write to
   the fixture database but holds no server-wide privilege, so what holds is the read-only
   transaction, not a missing grant.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
import pytest_asyncio

from planrag.errors import QueryError, SourceUnavailable
from planrag.graph.server import GraphConnection
from planrag.sources._postgres_pool import PostgresAddress
from planrag.sources.guarded import guarded
from planrag.sources.mysql import MySQLSource
from planrag.sources.neo4j import Neo4jSource
from planrag.sources.postgres import PostgresSource
from planrag.sources.sqlite import SQLiteSource
from planrag.table import Limits
from tests._graph_fixtures import GraphDbFactory, graph_fingerprint
from tests._pg_fixtures import ADMIN_URL, scratch_database
from tests._sql_fixtures import (
    FIXTURES,
    GUARD_DB,
    PORTABLE_FIXTURE,
    ROOT,
    MySQLWorld,
    admin_execute,
    case_dialect,
    server_state,
    table_checksums,
)

# Each case compares the whole server's users, schemas and globals before and after: no other
# test may change them meanwhile (see the Makefile).
pytestmark = pytest.mark.serial

CASES = FIXTURES / "guard-cases"
LIMITS = Limits(timeout_s=2.0, max_rows=50)


def cases(name: str) -> list[dict[str, Any]]:
    lines = (CASES / name).read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


SQL = cases("sql_cases.jsonl")
CYPHER = cases("cypher_cases.jsonl")


def ids(items: list[dict[str, Any]]) -> list[str]:
    return [c["id"] for c in items]


# --------------------------------------------------------------------------- 1. CLI


def of_dialect(items: list[dict[str, Any]], dialect: str) -> list[dict[str, Any]]:
    return [c for c in items if case_dialect(c) == dialect]


@pytest.mark.parametrize(
    ("language", "server", "items"),
    [("sql", None, of_dialect(SQL, "sql")), ("sql", "sqlite", of_dialect(SQL, "sqlite")),
     ("sql", "postgres", of_dialect(SQL, "postgres")), ("cypher", None, CYPHER)],
)
def test_cli_gives_every_case_its_expected_verdict(
    language: str, server: str | None, items: list[dict[str, Any]]
) -> None:
    assert items
    stdin = "".join(json.dumps({"id": c["id"], "query": c["query"]}) + "\n" for c in items)
    out = subprocess.run(
        [sys.executable, "-m", "planrag", "guard", language,
         *(["--server", server] if server else [])],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=dict(os.environ),
        timeout=60,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    verdicts = {r["id"]: r for r in map(json.loads, out.stdout.splitlines())}
    wrong = [
        f"{c['id']}: expected {c['expect']}, got {verdicts[c['id']]['verdict']} "
        f"({verdicts[c['id']]['reason']})"
        for c in items
        if verdicts[c["id"]]["verdict"] != c["expect"]
    ]
    assert not wrong, "\n".join(wrong)
    assert all(r["reason"] for r in verdicts.values())


# --------------------------------------------------------------------------- 2. allow cases


@pytest_asyncio.fixture(scope="module", loop_scope="session")
async def ro_source(mysql_world: MySQLWorld) -> AsyncIterator[MySQLSource]:
    source = guarded(MySQLSource(mysql_world.ro, GUARD_DB, limits=LIMITS))
    yield source
    await source.close()


@pytest_asyncio.fixture(scope="module", loop_scope="session")
async def guard_graph(graph_db_factory: GraphDbFactory) -> str:
    return await graph_db_factory([(CASES / "fixture.cypher").read_text(encoding="utf-8")])


@pytest_asyncio.fixture(scope="module", loop_scope="session")
async def graph_source(
    graph_connection: GraphConnection, guard_graph: str
) -> AsyncIterator[Neo4jSource]:
    source = guarded(Neo4jSource(graph_connection, guard_graph, limits=LIMITS))
    yield source
    await source.close()


SQL_ALLOW = [c for c in of_dialect(SQL, "sql") if c["expect"] == "allow"]
CYPHER_ALLOW = [c for c in CYPHER if c["expect"] == "allow"]
SQLITE_ALLOW = [c for c in of_dialect(SQL, "sqlite") if c["expect"] == "allow"]
POSTGRES_ALLOW = [c for c in of_dialect(SQL, "postgres") if c["expect"] == "allow"]


@pytest.mark.mysql
@pytest.mark.parametrize("case", SQL_ALLOW, ids=ids(SQL_ALLOW))
async def test_sql_allow_case_runs_on_mariadb(ro_source: MySQLSource, case: dict[str, Any]) -> None:
    table = await ro_source.execute(case["query"])
    assert table.total_rows >= 0


@pytest.fixture()
def sqlite_cases_file(tmp_path: Path) -> Path:
    path = tmp_path / "guard_cases.sqlite"
    with contextlib.closing(sqlite3.connect(path)) as conn:
        for statement in PORTABLE_FIXTURE:
            conn.execute(statement)
        conn.commit()
    return path


@pytest.mark.parametrize("case", SQLITE_ALLOW, ids=ids(SQLITE_ALLOW))
async def test_sqlite_allow_case_runs_on_sqlite(sqlite_cases_file: Path,
                                                case: dict[str, Any]) -> None:
    source = guarded(SQLiteSource(sqlite_cases_file, limits=LIMITS))
    try:
        table = await source.execute(case["query"])
    finally:
        await source.close()
    assert table.total_rows >= 1


async def test_postgres_allow_cases_run_on_postgresql() -> None:
    parts = urlsplit(ADMIN_URL)
    address = PostgresAddress(parts.hostname or "127.0.0.1", parts.port or 5432,
                              parts.username or "postgres", parts.password)
    async with scratch_database("guardcases", PORTABLE_FIXTURE) as database:
        source = guarded(PostgresSource(address, database, limits=LIMITS))
        failed = {}
        try:
            for case in POSTGRES_ALLOW:
                try:
                    table = await source.execute(case["query"])
                except QueryError as exc:
                    failed[case["id"]] = str(exc)
                else:
                    assert table.total_rows >= 1, case["id"]
        finally:
            await source.close()
    assert POSTGRES_ALLOW and not failed, failed


@pytest.mark.graph
@pytest.mark.parametrize("case", CYPHER_ALLOW, ids=ids(CYPHER_ALLOW))
async def test_cypher_allow_case_runs_on_the_bolt_server(
    graph_source: Neo4jSource, case: dict[str, Any]
) -> None:
    table = await graph_source.execute(case["query"])
    assert table.total_rows >= 0


# --------------------------------------------------------------------------- 3. refuse cases


SQL_REFUSE = [c for c in of_dialect(SQL, "sql") if c["expect"] == "refuse"]
CYPHER_REFUSE = [c for c in CYPHER if c["expect"] == "refuse"]


@pytest_asyncio.fixture(scope="module", loop_scope="session")
async def unguarded_sql(mysql_world: MySQLWorld) -> AsyncIterator[MySQLSource]:
    source = MySQLSource(mysql_world.rw, GUARD_DB, limits=LIMITS)
    yield source
    await source.close()


async def _running_queries(user: str) -> int:
    rows = await admin_execute(
        "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE USER = %s "
        "AND COMMAND NOT IN ('Sleep', 'Daemon')",
        args=(user,),
    )
    return int(rows[0][0])  # type: ignore[call-overload]


@pytest.mark.mysql
@pytest.mark.parametrize("case", SQL_REFUSE, ids=ids(SQL_REFUSE))
async def test_sql_refuse_case_changes_nothing_without_the_parser(
    unguarded_sql: MySQLSource, mysql_world: MySQLWorld, case: dict[str, Any]
) -> None:
    tables, server = await table_checksums(GUARD_DB), await server_state()
    try:
        await unguarded_sql.execute(case["query"])
    except (QueryError, SourceUnavailable):
        pass  # refused or failed at the database: what matters is what changed
    assert await table_checksums(GUARD_DB) == tables
    assert await server_state() == server
    assert await _running_queries(mysql_world.rw.user) == 0
    assert (await unguarded_sql.execute("SELECT COUNT(*) FROM orders")).rows == ((5,),)


@pytest.mark.graph
@pytest.mark.parametrize("case", CYPHER_REFUSE, ids=ids(CYPHER_REFUSE))
async def test_cypher_refuse_case_changes_nothing_without_the_parser(
    graph_connection: GraphConnection, guard_graph: str, case: dict[str, Any]
) -> None:
    source = Neo4jSource(graph_connection, guard_graph, limits=LIMITS)
    before = await graph_fingerprint(graph_connection, guard_graph)
    try:
        await source.execute(case["query"])
    except (QueryError, SourceUnavailable):
        pass
    finally:
        await source.close()
    assert await graph_fingerprint(graph_connection, guard_graph) == before
