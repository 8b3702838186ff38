"""Graph test fixtures (embedded Bolt server)."""

# The server starts once per session: on free ports with a temporary data dir, unless the
# environment sets NEO4J_URI, in which case that server is used and nothing is started.
# `graph_db_factory` makes a fresh database per call, filled by plain Cypher statements.

from __future__ import annotations

import hashlib
import itertools
import json
import os
import socket
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from pathlib import Path

import pytest
import pytest_asyncio

from planrag.graph import admin
from planrag.graph.server import EmbeddedGraphServer, GraphConnection, connection_from_settings
from planrag.settings import Settings, load_settings

GraphDbFactory = Callable[[Sequence[str]], Awaitable[str]]


def free_port() -> int:
    """A port nothing listens on right now (the OS picks it)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def embedded_settings(data_dir: Path, **overrides: object) -> Settings:
    """Settings for an embedded server under `data_dir` on free ports, ignoring `.env`."""
    values: dict[str, object] = {
        "neo4j_uri": None,
        "graph_dir": data_dir,
        "graph_bolt_port": free_port(),
        "graph_http_port": free_port(),
        "graph_start_timeout_s": 120.0,
    }
    values.update(overrides)
    return load_settings(env_file=None, **values)


@pytest.fixture(scope="session")
def graph_settings(tmp_path_factory: pytest.TempPathFactory) -> Settings:
    return embedded_settings(tmp_path_factory.mktemp("graph"))


@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def graph_connection(graph_settings: Settings) -> AsyncIterator[GraphConnection]:
    """The session's graph server: NEO4J_URI if set, else an embedded ArcadeDB. The shared
    drivers of the sources are closed before it stops (it waits for open connections)."""
    from planrag.sources.neo4j import close_drivers

    if os.environ.get("NEO4J_URI"):
        yield connection_from_settings(load_settings(env_file=None))
        await close_drivers()
        return
    try:
        import arcadedb_embedded  # noqa: F401
    except ImportError:
        pytest.skip("neither NEO4J_URI nor arcadedb-embedded is available")
    async with EmbeddedGraphServer(graph_settings) as conn:
        yield conn
        await close_drivers()


@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def graph_db_factory(graph_connection: GraphConnection) -> AsyncIterator[GraphDbFactory]:
    """`await make(statements)` creates a fresh database, runs the statements, returns its name.

    On Neo4j Community there is one database: it is emptied instead, so only the latest
    database made is valid there.
    """
    counter = itertools.count(1)
    driver = admin.open_driver(graph_connection)

    async def make(statements: Sequence[str]) -> str:
        name = f"planrag_test_{next(counter)}_{uuid.uuid4().hex[:8]}"
        database = await admin.ensure_database(graph_connection, driver, name)
        if not (await admin.detect_server(driver)).multi_database:
            await driver.execute_query("MATCH (n) DETACH DELETE n", database_=database)
        for statement in statements:
            await driver.execute_query(statement, database_=database)
        return database

    yield make
    await driver.close()


async def graph_fingerprint(conn: GraphConnection, database: str) -> tuple[int, int, str]:
    """Node count, relationship count and a checksum of every label and property."""
    driver = admin.open_driver(conn)
    try:
        nodes, _, _ = await driver.execute_query(
            "MATCH (n) RETURN labels(n) AS l, properties(n) AS p", database_=database
        )
        rels, _, _ = await driver.execute_query(
            "MATCH ()-[r]->() RETURN type(r) AS t, properties(r) AS p", database_=database
        )
    finally:
        await driver.close()
    items = sorted(json.dumps([sorted(r[0]), r[1]], sort_keys=True, default=str) for r in nodes)
    items += sorted(json.dumps([r[0], r[1]], sort_keys=True, default=str) for r in rels)
    return len(nodes), len(rels), hashlib.sha256("\n".join(items).encode()).hexdigest()
