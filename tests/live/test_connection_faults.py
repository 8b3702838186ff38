"""Connections under faults, on servers of these tests' own: a MariaDB with
max_connections=20 that is filled, killed with SIGKILL and restarted, and an embedded graph
server killed in the middle of a query. The machine's shared servers are never touched.

No assertion is about time: waits are bounded by the pool's settings and the tests check
what happened (every run answered, a connection was replaced, the message said "busy").
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import aiomysql
import pymysql
import pytest

from planrag.engine import EngineConfig, Reply, RunFinished, ScriptedModel, call
from planrag.engine.session import open_engine
from planrag.errors import QueryFailed, SourceUnavailable
from planrag.graph import admin
from planrag.graph.server import EmbeddedGraphServer
from planrag.runtime import load_datasets
from planrag.settings import MySQLAddress, Settings, load_settings
from planrag.sources.guarded import guarded
from planrag.sources.mysql import MySQLSource, close_pools
from planrag.table import Limits
from tests._graph_fixtures import embedded_settings
from tests._sql_fixtures import ROOT
from tests.engine.conftest import QUESTION, SWE_ROWS, TEXT, collect
from tests.live._mariadb import PrivateMariaDB, missing_binaries

pytestmark = pytest.mark.e2e  # servers of their own, filled, killed and restarted

PREFIX = "planrag_fault_"
APP = f"{PREFIX}app"
READER = "planrag_fault_ro"
PASSWORD = "fault-test-pw"
MAX_CONNECTIONS = 20

needs_mariadb = pytest.mark.skipif(missing_binaries() is not None,
                                   reason=missing_binaries() or "")


@dataclass(frozen=True)
class World:
    server: PrivateMariaDB
    reader: MySQLAddress
    settings: Settings
    """DQA Locating loaded into the private server; queries run as the reader."""


@pytest.fixture(scope="module")
async def world(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[World]:
    # Only tests marked `needs_mariadb` use it: they are skipped where the binaries are not.
    server = PrivateMariaDB(tmp_path_factory.mktemp("mariadb"), max_connections=MAX_CONNECTIONS)
    await asyncio.to_thread(server.start)
    try:
        server.execute(
            f"CREATE DATABASE {APP}",
            f"CREATE TABLE {APP}.t (id INT PRIMARY KEY)",
            f"INSERT INTO {APP}.t VALUES (1), (2), (3)",
        )
        reader = server.add_reader(READER, PASSWORD, PREFIX.replace("_", "\\_") + "%")
        settings = load_settings(
            env_file=None, data_dir=tmp_path_factory.mktemp("fault-data"), db_prefix=PREFIX,
            mysql_url=server.url(READER, PASSWORD), mysql_admin_url=server.url(),
        )
        await load_datasets(settings, ["dqa-locating-1445"], "mysql")
        yield World(server, reader, settings)
    finally:
        await close_pools(port=server.port)
        await asyncio.to_thread(server.stop)


@pytest.fixture()
async def up(world: World) -> AsyncIterator[World]:
    """The private server, running (a test that killed it may leave it down)."""
    if not world.server.running:
        await asyncio.to_thread(world.server.start)
    yield world
    await close_pools(port=world.server.port)


def _script() -> ScriptedModel:
    return ScriptedModel([
        Reply(calls=[call("make_plan", steps=[{"goal": "presence", "source": "sql"}])]),
        Reply(calls=[call("run_sql", query=SWE_ROWS, step=0)]),
        Reply(calls=[call("final_answer", decision="krakow", rationale="the data says so",
                          query_ids=["q1"])]),
    ])


async def _until(check: object, *, tries: int = 2000) -> None:
    """Wait (polling) until `check()` is true; fails the test after `tries` looks."""
    for _ in range(tries):
        result = check()  # type: ignore[operator]
        if asyncio.iscoroutine(result):
            result = await result
        if result:
            return
        await asyncio.sleep(0.01)
    pytest.fail("the expected state was never reached")


def _running(server: PrivateMariaDB, text: str) -> bool:
    rows = server.execute(
        "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE INFO LIKE "
        f"'{text}%' AND USER = '{READER}'"
    )
    return int(str(rows[0][0])) > 0


async def _fill(server: PrivateMariaDB) -> list[aiomysql.Connection]:
    """Reader connections until the server refuses one: it is then full."""
    held: list[aiomysql.Connection] = []
    for _ in range(MAX_CONNECTIONS + 5):
        try:
            held.append(await aiomysql.connect(host="127.0.0.1", port=server.port, user=READER,
                                               password=PASSWORD))
        except pymysql.err.OperationalError as exc:
            assert exc.args[0] == 1040, exc
            return held
    pytest.fail("the server never said 'Too many connections'")


# -- MariaDB ------------------------------------------------------------------------------


@needs_mariadb
async def test_200_concurrent_runs_on_a_server_that_takes_20_connections(up: World) -> None:
    """The pool asks for more connections (30) than the server allows (20): the refused
    ones wait for a connection of the pool instead of failing their runs."""
    settings = up.settings.model_copy(update={"pool_size": 30, "pool_wait_s": 300.0})

    async def one() -> object:
        model = _script()
        async with open_engine(settings, QUESTION, "mysql", model, EngineConfig()) as engine:
            events = await collect(engine.run(TEXT))
        return events[-1]

    finished = await asyncio.gather(*(one() for _ in range(200)))
    failed = [f for f in finished if not (isinstance(f, RunFinished) and f.errors == 0)]
    assert not failed, failed[:3]
    assert all(f.decision == f.verified_decision == "krakow"  # type: ignore[attr-defined]
               for f in finished)
    used = up.server.execute("SHOW GLOBAL STATUS LIKE 'Max_used_connections'")
    assert int(str(used[0][1])) <= MAX_CONNECTIONS + 1


@needs_mariadb
async def test_a_full_server_makes_the_pool_wait_for_its_own_connections(up: World) -> None:
    held = await _fill(up.server)
    try:
        for conn in held[:2]:  # room for two more connections, and four queries at once
            conn.close()
        held = held[2:]
        source = guarded(MySQLSource(up.reader, APP, pool_size=4, pool_wait_s=300.0))
        try:
            tables = await asyncio.gather(*(source.execute("SELECT COUNT(*) FROM t")
                                            for _ in range(8)))
            assert [t.rows for t in tables] == [((3,),)] * 8
            shared = source._shared
            assert shared is not None and shared.refused >= 1 and shared.slots.open <= 2
        finally:
            await source.close()
    finally:
        for conn in held:
            conn.close()


@needs_mariadb
async def test_a_full_server_is_busy_not_down(up: World) -> None:
    await close_pools(port=up.server.port)  # this process holds no connection to it
    held = await _fill(up.server)
    try:
        source = guarded(MySQLSource(up.reader, APP, pool_size=4, pool_wait_s=0.3))
        with pytest.raises(SourceUnavailable) as err:
            await source.execute("SELECT COUNT(*) FROM t")
        await source.close()
        message = str(err.value)
        assert "busy, not down" in message and "max_connections" in message, message
        assert "is the server running" not in message and "\n" not in message

        patient = guarded(MySQLSource(up.reader, APP, pool_size=4, pool_wait_s=300.0))
        try:
            query = asyncio.create_task(patient.execute("SELECT COUNT(*) FROM t"))
            await _until(lambda: patient._shared is not None and patient._shared.refused > 0)
            held.pop().close()  # another client lets go of one
            assert (await query).rows == ((3,),)
        finally:
            await patient.close()
    finally:
        for conn in held:
            conn.close()


@needs_mariadb
async def test_connections_killed_while_idle_are_replaced_silently(up: World) -> None:
    source = guarded(MySQLSource(up.reader, APP, pool_size=4))
    try:
        await asyncio.gather(*(source.execute("SELECT COUNT(*) FROM t") for _ in range(4)))
        shared = source._shared
        assert shared is not None and shared.slots.idle
        await asyncio.to_thread(up.server.kill)
        await asyncio.to_thread(up.server.start)
        for _ in range(4):
            assert (await source.execute("SELECT COUNT(*) FROM t")).rows == ((3,),)
        assert shared.replaced >= 1
    finally:
        await source.close()


@needs_mariadb
async def test_a_read_cut_by_a_crash_runs_once_more_after_the_restart(
    up: World, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="planrag.sources.mysql")
    source = MySQLSource(up.reader, APP, pool_size=2, pool_wait_s=120.0,
                         limits=Limits(timeout_s=60.0))
    try:
        read = asyncio.create_task(source.execute("SELECT SLEEP(1) AS slept, COUNT(*) FROM t"))
        await _until(lambda: _running(up.server, "SELECT SLEEP"))
        await asyncio.to_thread(up.server.kill)
        await asyncio.to_thread(up.server.start)
        assert (await read).rows == ((0, 3),)
        assert "trying once more" in caplog.text
    finally:
        await source.close()


@needs_mariadb
async def test_a_read_cut_by_a_crash_says_so_when_the_server_stays_down(up: World) -> None:
    source = MySQLSource(up.reader, APP, pool_size=2, pool_wait_s=0.5,
                         limits=Limits(timeout_s=60.0))
    try:
        read = asyncio.create_task(source.execute("SELECT SLEEP(5) AS slept"))
        await _until(lambda: _running(up.server, "SELECT SLEEP"))
        await asyncio.to_thread(up.server.kill)
        with pytest.raises(SourceUnavailable) as err:
            await read
        message = str(err.value)
        assert message.startswith("lost the connection to MySQL at 127.0.0.1:"), message
        assert "could not get another: cannot reach MySQL" in message, message
        assert "retried" not in message and "\n" not in message
    finally:
        await source.close()


@needs_mariadb
async def test_the_wait_for_a_free_connection_is_bounded(up: World) -> None:
    holder = MySQLSource(up.reader, APP, pool_size=1, pool_wait_s=0.3,
                         limits=Limits(timeout_s=120.0))
    other = guarded(MySQLSource(up.reader, APP, pool_size=1, pool_wait_s=0.3,
                        limits=Limits(timeout_s=1.0)))
    try:
        long = asyncio.create_task(holder.execute("SELECT SLEEP(100)"))
        await _until(lambda: _running(up.server, "SELECT SLEEP"))
        with pytest.raises(SourceUnavailable) as err:
            await other.execute("SELECT COUNT(*) FROM t")
        message = str(err.value)
        assert message.startswith(f"the only connection to {APP} on 127.0.0.1:"), message
        assert "is busy; waited 0.3 s" in message and "PLANRAG_POOL_SIZE" in message, message
        assert "timeout" not in message
        ids = up.server.execute("SELECT ID FROM information_schema.PROCESSLIST "
                                "WHERE INFO LIKE 'SELECT SLEEP%'")
        up.server.execute(*(f"KILL QUERY {int(str(i[0]))}" for i in ids))
        with pytest.raises(QueryFailed):
            await long
        assert (await other.execute("SELECT COUNT(*) FROM t")).rows == ((3,),)
    finally:
        await holder.close()
        await other.close()


# -- the graph server ---------------------------------------------------------------------

LONG_CYPHER = (
    "UNWIND range(1, 20000000) AS x UNWIND range(1, 20) AS y "
    "WITH x, y WHERE x % 7 = y + 1000 RETURN count(x) AS c"
)

# A process of its own, as a person's command would be: no logging set up, so anything the
# driver logs at WARNING or above would reach stderr through Python's last-resort handler.
# Its stdout says when the long query is on its way and, at the end, how many records of
# ERROR or above the driver produced (counted by filters, which let everything through).
_CLIENT = """
import asyncio, logging, sys
from planrag.errors import PlanRAGError
from planrag.graph.server import GraphConnection
from planrag.sources.neo4j import Neo4jSource
from planrag.table import Limits

errors = 0
def count(record):
    global errors
    errors += record.levelno >= logging.ERROR
    return True
for name in ("neo4j", "neo4j.io", "neo4j.pool"):
    logging.getLogger(name).addFilter(count)

async def main():
    uri, user, password, database, query = sys.argv[1:6]
    source = Neo4jSource(GraphConnection(uri=uri, user=user, password=password), database,
                         limits=Limits(timeout_s=120.0))
    try:
        await source.execute("RETURN 1 AS one")
        print("under way", flush=True)
        await source.execute(query)
        print("finished", flush=True)
    except PlanRAGError as err:
        print(err, file=sys.stderr)
    finally:
        await source.close()

asyncio.run(main())
print(f"driver errors logged: {errors}", flush=True)
"""


@pytest.mark.graph
async def test_a_killed_graph_server_gives_only_our_message(tmp_path: Path) -> None:
    pytest.importorskip("arcadedb_embedded")
    async with EmbeddedGraphServer(embedded_settings(tmp_path / "graph")) as conn:
        driver = admin.open_driver(conn)
        try:
            database = await admin.ensure_database(conn, driver, "planrag_fault_graph")
        finally:
            await driver.close()
        client = await asyncio.create_subprocess_exec(
            sys.executable, "-c", _CLIENT, conn.uri, conn.user, conn.password, database,
            LONG_CYPHER, cwd=ROOT, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        assert client.stdout is not None
        first = await asyncio.wait_for(client.stdout.readline(), 120)
        assert first == b"under way\n", first
        await asyncio.sleep(1.0)  # the query is on the server (it runs for much longer)
        assert conn.pid is not None
        os.kill(conn.pid, signal.SIGKILL)
        out, err = await asyncio.wait_for(client.communicate(), 120)
    stderr = err.decode().strip()
    assert "driver errors logged: 0" not in out.decode(), out  # the noisy case did happen
    lines = stderr.splitlines()
    assert len(lines) == 1, stderr  # only our message: no driver log line before it
    assert lines[0].startswith("the graph server at bolt://"), stderr
    assert "unreachable" in lines[0] and "planrag graph start" in lines[0], stderr
