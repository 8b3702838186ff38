"""The embedded graph server's lifecycle, connection settings and database admin helpers.

Most tests share the session's server (`graph_connection`); the detached and parent-death
tests start servers of their own, so each of those pays one JVM start (a few seconds).
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from neo4j import GraphDatabase

from planrag.errors import ConfigError, SourceUnavailable
from planrag.graph import _proc, admin, server
from planrag.graph.server import (
    EmbeddedGraphServer,
    GraphConnection,
    connection_from_settings,
    server_status,
    start_detached,
    stop_server,
)
from planrag.settings import Settings, load_settings
from tests._graph_fixtures import embedded_settings

pytestmark = pytest.mark.graph

needs_embedded = pytest.mark.skipif(
    bool(os.environ.get("NEO4J_URI")), reason="exercises the embedded server only"
)


def _wait_gone(pid: int, timeout_s: float) -> bool:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if not _proc.pid_alive(pid):
            return True
        time.sleep(0.1)
    return False


# -- the session server ------------------------------------------------------------------


@needs_embedded
def test_embedded_server_answers_bolt(graph_connection: GraphConnection) -> None:
    assert graph_connection.is_embedded
    assert graph_connection.uri.startswith("bolt://127.0.0.1:")
    assert graph_connection.http_url and graph_connection.http_url.startswith("http://127.0.0.1:")
    with GraphDatabase.driver(graph_connection.uri, auth=graph_connection.auth) as driver:
        driver.verify_connectivity()
        assert "ArcadeDB" in (driver.get_server_info().agent or "")


@pytest.mark.e2e
@needs_embedded
def test_same_data_dir_reuses_the_running_server(
    graph_settings: Settings, graph_connection: GraphConnection
) -> None:
    second = EmbeddedGraphServer(graph_settings)
    conn = second.start()
    assert conn.pid == graph_connection.pid
    second.stop()  # must not stop a server another user still needs
    assert _proc.port_open("127.0.0.1", graph_settings.graph_bolt_port)
    status = server_status(graph_settings)
    assert status.running and status.pid == graph_connection.pid and not status.detached


@pytest.mark.e2e
@needs_embedded
def test_reuse_with_wrong_password_names_the_setting(
    graph_settings: Settings, graph_connection: GraphConnection
) -> None:
    wrong = graph_settings.model_copy(update={"graph_password": "not-the-password"})
    with pytest.raises(ConfigError) as err:
        EmbeddedGraphServer(wrong).start()
    assert "PLANRAG_GRAPH_PASSWORD" in str(err.value)
    assert "\n" not in str(err.value)


# -- errors before anything starts --------------------------------------------------------


def test_port_taken_is_one_clear_line(tmp_path: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        settings = embedded_settings(tmp_path / "g", graph_bolt_port=busy.getsockname()[1])
        with pytest.raises(ConfigError) as err:
            EmbeddedGraphServer(settings).start()
    message = str(err.value)
    assert message.startswith("PLANRAG_GRAPH_BOLT_PORT:") and "in use" in message
    assert "\n" not in message


@needs_embedded
def test_a_port_held_without_listening_names_the_setting_and_a_free_port(
        tmp_path: Path) -> None:
    """Issue 36, 14: a port another program holds without answering on it passes the check
    before the start; the server then fails to listen, and the person is told which setting
    to change and a port that is free, not a cut-short Java message."""
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))  # bound, never listening: nothing answers on it
        settings = embedded_settings(tmp_path / "g", graph_bolt_port=held.getsockname()[1])
        with pytest.raises(ConfigError) as err:
            EmbeddedGraphServer(settings).start()
    message = str(err.value)
    assert message.startswith("PLANRAG_GRAPH_BOLT_PORT: the graph server cannot listen on "
                              f"port {settings.graph_bolt_port}"), message
    assert "set PLANRAG_GRAPH_BOLT_PORT to a free port, e.g. PLANRAG_GRAPH_BOLT_PORT=" in message
    assert "\n" not in message and "BOLT…" not in message


def test_missing_arcadedb_says_what_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(server, "_arcadedb_installed", lambda: False)
    with pytest.raises(ConfigError) as err:
        EmbeddedGraphServer(embedded_settings(tmp_path)).start()
    assert "pip install 'planrag-assistant[embedded]'" in str(err.value)
    assert "NEO4J_URI" in str(err.value)


def test_neo4j_uri_without_password_is_a_config_error() -> None:
    settings = load_settings(env_file=None, neo4j_uri="bolt://db.example:7687", neo4j_password="")
    with pytest.raises(ConfigError, match="NEO4J_PASSWORD"):
        connection_from_settings(settings)


def test_neo4j_uri_gives_a_plain_connection() -> None:
    settings = load_settings(
        env_file=None,
        neo4j_uri="neo4j://db.example:7687",
        neo4j_password="secret",
        neo4j_database="x",
    )
    conn = connection_from_settings(settings)
    assert (conn.uri, conn.auth, conn.http_url, conn.is_embedded, conn.database) == (
        "neo4j://db.example:7687",
        ("neo4j", "secret"),
        None,
        False,
        "x",
    )
    assert "secret" not in repr(conn)


@pytest.mark.e2e
def test_a_child_that_dies_while_starting_names_its_log(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(_proc, "child_module", lambda: "planrag.graph._no_such_child")
    settings = embedded_settings(tmp_path / "dies")
    with pytest.raises(SourceUnavailable) as err:
        EmbeddedGraphServer(settings).start()
    message = str(err.value)
    assert (
        "exited with code 1" in message and str(settings.graph_data_dir / "server.log") in message
    )
    assert "_no_such_child" in message and "\n" not in message


def test_status_and_stop_without_a_server(tmp_path: Path) -> None:
    settings = embedded_settings(tmp_path)
    assert not server_status(settings).running
    assert stop_server(settings).message == "not running"


# -- servers of their own -----------------------------------------------------------------


@pytest.mark.e2e
@needs_embedded
def test_detached_server_survives_and_stops_by_pidfile(tmp_path: Path) -> None:
    settings = embedded_settings(tmp_path / "detached")
    status = start_detached(settings)
    try:
        assert status.running and status.detached and status.pid
        assert server_status(settings).running
        with EmbeddedGraphServer(settings) as conn:  # a later CLI run reuses it
            assert conn.pid == status.pid
        assert _proc.pid_alive(status.pid)
        assert start_detached(settings).message == "already running"
    finally:
        stopped = stop_server(settings)
    assert stopped.message == "stopped"
    assert _wait_gone(status.pid, 5)
    assert not _proc.port_open("127.0.0.1", settings.graph_bolt_port)
    assert not (settings.graph_data_dir / "planrag-graph.json").exists()


@pytest.mark.e2e
@needs_embedded
def test_child_stops_when_its_parent_dies(tmp_path: Path) -> None:
    settings = embedded_settings(tmp_path / "orphan")
    script = textwrap.dedent(
        f"""
        import os, sys
        from planrag.settings import load_settings
        from planrag.graph.server import EmbeddedGraphServer
        s = load_settings(env_file=None, neo4j_uri=None, graph_dir={str(settings.graph_dir)!r},
                          graph_bolt_port={settings.graph_bolt_port},
                          graph_http_port={settings.graph_http_port})
        conn = EmbeddedGraphServer(s).start()
        print(conn.pid, flush=True)
        os.kill(os.getpid(), {int(signal.SIGKILL)})  # die without any cleanup
        """
    )
    parent = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=180, check=False
    )
    child_pid = int(parent.stdout.split()[0])
    assert parent.returncode == -signal.SIGKILL
    assert _wait_gone(child_pid, 30), "the orphaned graph server kept running"
    assert not _proc.port_open("127.0.0.1", settings.graph_bolt_port)


# -- admin --------------------------------------------------------------------------------


def test_database_names_are_validated() -> None:
    assert admin.validate_name("planrag_dqa_locating_1445_05471b42cd31")
    for bad in ("Bad-Name", "x", "1abc", "has space", "a/b", "_planrag", "a" * 64):
        with pytest.raises(ConfigError):
            admin.validate_name(bad)
    enterprise = admin.ServerInfo("Neo4j/5.26.0", "neo4j-enterprise")
    assert admin.physical_name(enterprise, "planrag_a_b") == "planrag-a-b"
    arcade = admin.ServerInfo("Neo4j/5.26.0 compatible (ArcadeDB 26.10.2)", "arcadedb")
    assert admin.physical_name(arcade, "planrag_a_b") == "planrag_a_b"


async def test_ensure_list_and_drop_database(graph_connection: GraphConnection) -> None:
    driver = admin.open_driver(graph_connection)
    try:
        info = await admin.detect_server(driver)
        if not info.multi_database:
            pytest.skip("Neo4j Community has a single database")
        name = await admin.ensure_database(graph_connection, driver, "planrag_admin_probe")
        assert name == await admin.ensure_database(graph_connection, driver, "planrag_admin_probe")
        assert name in await admin.list_databases(graph_connection, driver, info)
        await driver.execute_query("CREATE (:Probe {v: 1})", database_=name)
        records, _, _ = await driver.execute_query(
            "MATCH (p:Probe) RETURN count(p) AS c", database_=name
        )
        assert records[0]["c"] == 1
        assert await admin.drop_database(graph_connection, driver, "planrag_admin_probe")
        assert name not in await admin.list_databases(graph_connection, driver, info)
    finally:
        await driver.close()


@needs_embedded
async def test_embedded_server_is_detected_as_arcadedb(graph_connection: GraphConnection) -> None:
    driver = admin.open_driver(graph_connection)
    try:
        info = await admin.detect_server(driver)
    finally:
        await driver.close()
    assert info.kind == "arcadedb" and info.multi_database and info.dialect == "arcadedb"


async def test_graph_admin_for_the_loader_and_runtime(graph_connection: GraphConnection) -> None:
    async with admin.GraphAdmin.open(graph_connection) as ga:
        assert admin.connection_of(ga.driver) is graph_connection
        assert graph_connection.uri in ga.describe()
        if not ga.multi_database:
            pytest.skip("Neo4j Community has a single database")
        with pytest.raises(SourceUnavailable, match="planrag load demo --target graph"):
            await ga.existing_database_for("planrag_admin_later", "demo", "graph")
        database, note = await ga.database_for("planrag_admin_later")
        assert database and note == ""
        assert await ga.existing_database_for("planrag_admin_later", "demo", "graph") == database
        assert await admin.drop_database(graph_connection, ga.driver, "planrag_admin_later")


@needs_embedded
def test_status_line_for_the_cli(
    graph_settings: Settings, graph_connection: GraphConnection
) -> None:
    line = str(server.server_status(graph_settings))
    assert line.startswith("graph server running") and graph_connection.uri in line
    assert "\n" not in line


@pytest.mark.e2e
@needs_embedded
def test_concurrent_starts_share_one_server_until_the_last_stops(tmp_path: Path) -> None:
    """Questions run concurrently each open the graph: one server starts, all share it."""
    from concurrent.futures import ThreadPoolExecutor

    settings = embedded_settings(tmp_path / "shared")
    servers = [EmbeddedGraphServer(settings) for _ in range(6)]
    with ThreadPoolExecutor(6) as pool:
        conns = list(pool.map(lambda s: s.start(), servers))
    assert len({c.pid for c in conns}) == 1
    assert all(s.owns_process for s in servers)
    for s in servers[:-1]:
        s.stop()
    assert _proc.port_open("127.0.0.1", settings.graph_bolt_port)
    servers[-1].stop()
    deadline = time.monotonic() + 30
    while _proc.port_open("127.0.0.1", settings.graph_bolt_port) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not _proc.port_open("127.0.0.1", settings.graph_bolt_port)
    assert server_status(settings).running is False
