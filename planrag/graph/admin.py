"""Database management on the graph server, for the loader and the tests.

Three kinds of server are told apart once per driver (`detect_server`):

- ArcadeDB (embedded, or any ArcadeDB reached over Bolt): several databases; created through
  its HTTP API because Bolt cannot create them;
- Neo4j Enterprise: several databases, created with ``CREATE DATABASE ... IF NOT EXISTS WAIT``
  on the system database. Neo4j does not allow ``_`` in database names, so PlanRAG's names
  (``planrag_dqa_x``) map to ``planrag-dqa-x`` there (`physical_name`);
- Neo4j Community: one user database; everything goes into the default database and the
  loader must clear it before loading.

`ensure_database` returns the name to open sessions with, whichever kind it is.
"""

from __future__ import annotations

import asyncio
import math
import re
import weakref
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Literal

import neo4j
from neo4j import AsyncDriver, AsyncGraphDatabase

from planrag.errors import ConfigError, QueryFailed, SourceUnavailable
from planrag.graph._arcade_http import ArcadeHTTPError, get_json, server_command
from planrag.graph.server import GraphConnection

__all__ = [
    "GraphAdmin",
    "ServerInfo",
    "connection_of",
    "detect_server",
    "drop_database",
    "ensure_database",
    "list_databases",
    "open_driver",
    "physical_name",
    "set_command_timeout",
    "validate_name",
]

ServerKind = Literal["arcadedb", "neo4j-enterprise", "neo4j-community"]

_NAME = re.compile(r"^[a-z][a-z0-9_]{2,62}$")
_COMMAND_TIMEOUT_KEY = "arcadedb.command.timeout"
_MARKER = "_PlanragLoad"
"""The loader's marker label (planrag.graph.load): one node per loaded dump."""


@dataclass(frozen=True, slots=True)
class ServerInfo:
    """What kind of graph server a connection reaches."""

    agent: str
    kind: ServerKind

    @property
    def multi_database(self) -> bool:
        """True if PlanRAG can keep each dataset in a database of its own."""
        return self.kind != "neo4j-community"

    @property
    def dialect(self) -> str:
        return "arcadedb" if self.kind == "arcadedb" else "neo4j"


# Which connection each driver from `open_driver` reaches, so a source handed only a driver
# can still find the HTTP admin URL (ArcadeDB's server-side timeout) and the URI for messages.
_CONNECTIONS: weakref.WeakKeyDictionary[AsyncDriver, GraphConnection] = weakref.WeakKeyDictionary()


def connection_of(driver: AsyncDriver) -> GraphConnection | None:
    """The connection `driver` was opened for by `open_driver`, if it was."""
    return _CONNECTIONS.get(driver)


def open_driver(
    conn: GraphConnection, *, reader: bool = False, pool_size: int = 100, wait_s: float = 15.0
) -> AsyncDriver:
    """An async driver for `conn`, as its reader account when `reader`, with at most
    `pool_size` connections and a wait of `wait_s` for a free one. The caller closes it."""
    driver = _new_driver(conn, reader, pool_size, wait_s)
    _CONNECTIONS[driver] = conn
    return driver


def _new_driver(
    conn: GraphConnection, reader: bool = False, pool_size: int = 100, wait_s: float = 15.0
) -> AsyncDriver:
    return AsyncGraphDatabase.driver(
        conn.uri,
        auth=conn.reader_auth if reader else conn.auth,
        connection_timeout=5.0,
        connection_acquisition_timeout=wait_s,
        max_connection_pool_size=pool_size,
        # Bounded retries only; the sources retry a dropped connection themselves once.
        max_transaction_retry_time=5.0,
        user_agent="planrag-assistant",
    )


async def detect_server(driver: AsyncDriver) -> ServerInfo:
    """Tell ArcadeDB, Neo4j Enterprise and Neo4j Community apart."""
    agent = (await driver.get_server_info()).agent or ""
    if "arcadedb" in agent.lower():
        return ServerInfo(agent, "arcadedb")
    records, _, _ = await driver.execute_query(
        "CALL dbms.components() YIELD edition RETURN edition", routing_=neo4j.RoutingControl.READ
    )
    edition = str(records[0]["edition"]).lower() if records else ""
    return ServerInfo(agent, "neo4j-enterprise" if edition == "enterprise" else "neo4j-community")


def validate_name(name: str) -> str:
    """Return `name` if it is a valid PlanRAG database name, else raise ConfigError."""
    if not _NAME.fullmatch(name):
        raise ConfigError(
            f"invalid graph database name {name!r}: use 3-63 lowercase letters, digits and "
            "underscores, starting with a letter"
        )
    return name


def physical_name(info: ServerInfo, name: str) -> str:
    """The server's spelling of PlanRAG database `name` (see the module docstring)."""
    validate_name(name)
    return name.replace("_", "-") if info.kind == "neo4j-enterprise" else name


async def list_databases(conn: GraphConnection, driver: AsyncDriver, info: ServerInfo) -> list[str]:
    """Names of the user databases on the server (system databases left out)."""
    if info.kind == "arcadedb" and conn.http_url:
        result = await asyncio.to_thread(
            get_json, conn.http_url, "/api/v1/databases", conn.user, conn.password
        )
        return sorted(str(n) for n in result or [])
    records, _, _ = await driver.execute_query(
        "SHOW DATABASES YIELD name RETURN DISTINCT name", database_="system"
    )
    return sorted(str(r["name"]) for r in records if r["name"] != "system")


async def ensure_database(conn: GraphConnection, driver: AsyncDriver, name: str) -> str:
    """Create database `name` unless it exists; return the name to open sessions with.

    On Neo4j Community the default database is returned: the caller shares it.
    """
    info = await detect_server(driver)
    if not info.multi_database:
        return conn.database or await _default_database(driver)
    physical = physical_name(info, name)
    if info.kind == "neo4j-enterprise":
        await driver.execute_query(
            f"CREATE DATABASE `{physical}` IF NOT EXISTS WAIT", database_="system"
        )
        return physical
    if physical not in await list_databases(conn, driver, info):
        await _arcade(conn, f"create database {physical}", tolerate=409)
    return physical


async def drop_database(conn: GraphConnection, driver: AsyncDriver, name: str) -> bool:
    """Drop database `name` if the server has separate databases; True if it was dropped."""
    info = await detect_server(driver)
    if not info.multi_database:
        return False
    physical = physical_name(info, name)
    if info.kind == "neo4j-enterprise":
        await driver.execute_query(f"DROP DATABASE `{physical}` IF EXISTS", database_="system")
        return True
    if physical not in await list_databases(conn, driver, info):
        return False
    await _arcade(conn, f"drop database {physical}")
    return True


async def set_command_timeout(
    conn: GraphConnection, database: str, timeout_s: float | None
) -> bool:
    """Make ArcadeDB abort any statement on `database` after `timeout_s` (None: no limit).

    ArcadeDB ignores the Bolt transaction timeout and keeps running a query after its client
    disconnects, so this per-database setting (persisted in the database's configuration.json)
    is what stops a runaway query on the server. It applies to every command on that
    database, writes included: the loader should clear it (None) before a long load.
    Returns False when there is no HTTP API to set it through (not ArcadeDB, or no URL).
    """
    if not conn.http_url:
        return False
    millis = 0 if timeout_s is None else max(1, math.ceil(timeout_s * 1000))
    await _arcade(conn, f"set database setting {database} {_COMMAND_TIMEOUT_KEY} {millis}")
    return True


async def _default_database(driver: AsyncDriver) -> str:
    records, _, _ = await driver.execute_query(
        "SHOW DEFAULT DATABASE YIELD name RETURN name", database_="system"
    )
    return str(records[0]["name"]) if records else "neo4j"


async def _arcade(conn: GraphConnection, command: str, tolerate: int | None = None) -> None:
    if not conn.http_url:
        raise ConfigError("this ArcadeDB server has no HTTP URL; databases cannot be managed")
    try:
        await asyncio.to_thread(server_command, conn.http_url, conn.user, conn.password, command)
    except ArcadeHTTPError as exc:
        if exc.status == tolerate:
            return  # e.g. created meanwhile by another process
        if exc.status in (401, 403):
            raise SourceUnavailable(
                f"ArcadeDB refused the credentials for `{command}`: {exc.detail}"
            ) from None
        raise QueryFailed(f"ArcadeDB could not `{command}`: {exc.detail or exc.error}") from None


class GraphAdmin:
    """One driver plus what the server is, for the loader and the runtime.

    ``async with GraphAdmin.open(conn) as admin``; `database_for` names (and creates) the
    database a dump loads into, `existing_database_for` the one a source should query.
    A database of None means the server's default database (Neo4j Community).
    """

    def __init__(self, conn: GraphConnection, driver: AsyncDriver, info: ServerInfo) -> None:
        self.connection = conn
        self.driver = driver
        self.info = info

    @classmethod
    @asynccontextmanager
    async def open(cls, conn: GraphConnection) -> AsyncIterator[GraphAdmin]:
        driver = open_driver(conn)
        try:
            try:
                info = await detect_server(driver)
            except (neo4j.exceptions.Neo4jError, neo4j.exceptions.DriverError, OSError) as exc:
                raise SourceUnavailable(
                    f"the graph server at {conn.uri} is unreachable or refused us: {exc}"
                ) from exc
            yield cls(conn, driver, info)
        finally:
            await driver.close()

    @property
    def multi_database(self) -> bool:
        return self.info.multi_database

    def describe(self) -> str:
        """e.g. "Neo4j Community at bolt://db:7687"."""
        names = {"arcadedb": "ArcadeDB", "neo4j-enterprise": "Neo4j Enterprise"}
        return f"{names.get(self.info.kind, 'Neo4j Community')} at {self.connection.uri}"

    async def database_for(self, name: str) -> tuple[str | None, str]:
        """The database to load `name` into, created if missing, and a note for the report."""
        validate_name(name)
        if not self.multi_database:
            return None, f"{self.describe()} has one database: loaded into the default one"
        return await ensure_database(self.connection, self.driver, name), ""

    async def existing_database_for(self, name: str, dataset: str, dump: str) -> str | None:
        """The database holding dump `dump` of `dataset`; SourceUnavailable if not loaded."""
        hint = f"run `planrag load {dataset} --target graph` first"
        if self.multi_database:
            physical = physical_name(self.info, name)
            if physical not in await list_databases(self.connection, self.driver, self.info):
                raise SourceUnavailable(f"graph database {physical} does not exist; {hint}")
            return physical
        records, _, _ = await self.driver.execute_query(
            f"MATCH (m:{_MARKER}) RETURN m.dataset AS dataset, m.dump AS dump",
            database_=self.connection.database,
            routing_=neo4j.RoutingControl.READ,
        )
        if not any(r["dataset"] == dataset and r["dump"] == dump for r in records):
            raise SourceUnavailable(f"the default graph database does not hold {dataset}; {hint}")
        return self.connection.database
