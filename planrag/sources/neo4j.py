"""`Neo4jSource`: guarded, read-only Cypher against Neo4j 5 or ArcadeDB's Bolt server.

The three layers (ARCHITECTURE.md, "Guards") as this source applies them:

1. Parser: the Cypher guard (`planrag.guards.check_cypher`), put in front of the source by its
   kind (`planrag.sources.guarded`); the source itself runs what it is given.
2. Database: every query runs in an explicit transaction of a READ-mode session and is always
   rolled back, never committed. Where the server's EXPLAIN is trustworthy (calibrated once:
   ``EXPLAIN RETURN 1`` must report query type ``r``; true on Neo4j, false on ArcadeDB) a
   query whose plan is not read-only is refused before it runs. After it ran, a summary type
   other than ``r`` (``w``, ``rw``, ``s``) means it wrote: the transaction is rolled back and
   `QueryRefused(rule="write-detected")` raised. ArcadeDB executes writes even in READ mode,
   so there the rollback is what undoes them (DDL such as new labels is not transactional
   there; the parser guard must stop it, and `schema()` hides empty labels).
   Timeouts: Neo4j honours the transaction timeout. ArcadeDB ignores it and keeps running a
   query after its client has gone, so on the embedded server the source sets ArcadeDB's
   per-database ``arcadedb.command.timeout`` (see `planrag.graph.admin.set_command_timeout`).
3. Fetch: records are streamed into a `TableBuilder`; rows past the caps are only counted.

A client-side watchdog (`asyncio.timeout`, a little above ``limits.timeout_s``) ends anything
the server did not; the driver drops that connection and the next query gets a fresh one. A
dropped connection (server restarted) is retried once on a fresh connection, which is safe
because nothing is ever committed.

Connections: one driver per server and account in a process, shared by every source, with
at most PLANRAG_POOL_SIZE connections; a query waits at most PLANRAG_POOL_WAIT seconds for
one (before its watchdog starts) and is then told the server is busy. The driver's own log
lines are kept off stderr (`planrag.sources._driver_logs`): people get this module's one-line
errors instead.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

import neo4j
from neo4j import AsyncDriver, AsyncTransaction
from neo4j.exceptions import (
    AuthError,
    ClientError,
    ConnectionAcquisitionTimeoutError,
    DriverError,
    Neo4jError,
    ServiceUnavailable,
    SessionExpired,
)

from planrag.errors import (
    PlanRAGError,
    QueryFailed,
    QueryRefused,
    QueryTimeout,
    SourceUnavailable,
)
from planrag.graph import admin
from planrag.graph._values import plain
from planrag.graph.server import GraphConnection
from planrag.guards.dialects import Dialect
from planrag.sources._driver_logs import quiet_driver_logs
from planrag.sources._graph_schema import describe_graph
from planrag.sources._params import cypher_values
from planrag.sources._sharing import PoolRegistry, SharedLife
from planrag.sources._values import graph_values
from planrag.sources.base import Language, Read, Schema, Submission
from planrag.table import Limits, Table, TableBuilder

__all__ = ["Neo4jSource", "close_drivers", "map_error"]

log = logging.getLogger(__name__)
quiet_driver_logs()

_MESSAGE_CHARS = 300
_CLEANUP_S = 5.0
_SCHEMA_TIMEOUT_S = 30.0
# Queries that cannot take an EXPLAIN prefix; the post-run check still covers them.
_NO_EXPLAIN_PREFIX = re.compile(r"^\s*(EXPLAIN|PROFILE|CYPHER)\b", re.IGNORECASE)
_RETRYABLE = (ServiceUnavailable, SessionExpired)
_Work = Callable[[AsyncTransaction], Awaitable[list[dict[str, Any]]]]
# The per-database timeout last set on each ArcadeDB server, shared by every source in this
# process: sources with different limits on one database take turns setting it.
_SERVER_TIMEOUTS: dict[tuple[str, str], float] = {}


@dataclass(frozen=True, slots=True)
class _Calibration:
    dialect: str
    """"arcadedb" or "neo4j"."""
    explain_trusted: bool
    """True when EXPLAIN reports a pure read as 'r' (Neo4j); False on ArcadeDB."""


class Neo4jSource:
    """Runs guarded, read-only Cypher against one graph database.

    `conn` is a `GraphConnection` (the source opens and closes its own driver) or a driver
    from `planrag.graph.admin.open_driver` (borrowed: the caller closes it).
    `database` None means the connection's default (NEO4J_DATABASE, else the server's).
    """

    language: Language = "cypher"
    dialect: Dialect = "cypher"

    def __init__(
        self,
        conn: GraphConnection | AsyncDriver,
        database: str | None = None,
        *,
        limits: Limits | None = None,
        driver: AsyncDriver | None = None,
        pool_size: int = 16,
        pool_wait_s: float = 15.0,
    ) -> None:
        if not isinstance(conn, GraphConnection):  # a driver: borrowed, never closed by us
            driver = conn
            conn = _connection_for(driver)
        self.conn: GraphConnection = conn
        self.database = database or conn.database
        self.name = f"neo4j:{self.database or 'default'}"
        self.limits = limits or Limits()
        self._driver = driver
        self._pool = (pool_size, pool_wait_s)
        self._shared: _SharedDriver | None = None
        self._calibration: _Calibration | None = None
        self._schema: Schema | None = None
        self._lock = asyncio.Lock()
        self._closed = False

    # -- DataSource ------------------------------------------------------------------------

    async def execute(
        self, query: str, limits: Limits | None = None, params: Mapping[str, Any] | None = None
    ) -> Table:
        """Check, run (always rolled back) and fetch one query under `limits`; `params`
        are the values of its `$name` parameters, sent beside it (never in its text)."""
        limits = limits or self.limits
        self._check_open()
        values = cypher_values(query, params) if params is not None else None
        calibration = await self._calibrate()
        await self._apply_server_timeout(calibration, limits)
        async with self._slot():  # the wait for a connection is not the query's time
            try:
                async with asyncio.timeout(_watchdog_s(limits.timeout_s)):
                    return await self._with_retry(query, limits, calibration, values)
            except TimeoutError:
                raise QueryTimeout(
                    f"the query ran longer than {limits.timeout_s:g} s and was stopped by the "
                    "watchdog; narrow the MATCH, filter earlier or aggregate",
                    query=query,
                    language="cypher",
                ) from None

    async def submission(
        self, query: str, params: Mapping[str, Any] | None = None
    ) -> Submission:
        """Judged as Cypher; its parameters travel beside it, so the text is the query's."""
        if params is not None:
            cypher_values(query, params)  # a missing or unexpected parameter is refused
        return Submission("cypher", query)

    async def schema(self, read: Read | None = None) -> Schema:
        """Labels, relationship types, properties, counts and patterns, with the value index
        of node labels' text properties (`planrag.sources._values`); cached together.
        The index is read by the source's own bounded queries, generated from the schema
        it just read, not through `read`."""
        self._check_open()
        if self._schema is None:
            self._get_driver()
            shared = self._shared
            cached = shared.schemas.get(self.database) if shared is not None else None
            if cached is not None and time.monotonic() - cached[0] < _SCHEMA_TTL_S:
                self._schema = cached[1]
                return self._schema
            calibration = await self._calibrate()
            schema = await describe_graph(
                self._internal, calibration.dialect, self.database or "default"
            )
            values = await graph_values(self._internal, schema)
            self._schema = replace(schema, values=values)
            if shared is not None:
                shared.schemas[self.database] = (time.monotonic(), self._schema)
        return self._schema

    async def close(self) -> None:
        """Close the driver if this source opened it. Idempotent."""
        self._closed = True
        self._driver = None
        shared, self._shared = self._shared, None
        if shared is not None:
            shared.give_back()

    # -- running ---------------------------------------------------------------------------

    async def _with_retry(
        self, query: str, limits: Limits, cal: _Calibration, values: dict[str, Any] | None
    ) -> Table:
        try:
            return await self._attempt(query, limits, cal, values)
        except _RETRYABLE as exc:
            # Pooled connections die when the server restarts; the driver drops them on this
            # error, so one more attempt runs on a fresh connection. Safe: nothing commits.
            log.info("graph connection lost (%s); retrying once", exc)
        try:
            return await self._attempt(query, limits, cal, values)
        except (Neo4jError, DriverError, OSError) as exc:
            raise self._mapped(exc, query, limits, retried=True) from exc

    async def _attempt(
        self, query: str, limits: Limits, cal: _Calibration, values: dict[str, Any] | None
    ) -> Table:
        started = time.perf_counter()
        try:
            async with self._get_driver().session(
                database=self.database,
                default_access_mode=neo4j.READ_ACCESS,
                fetch_size=min(1000, limits.max_rows + limits.count_rows),
            ) as session:
                tx = await session.begin_transaction(timeout=limits.timeout_s)
                try:
                    if cal.explain_trusted and not _NO_EXPLAIN_PREFIX.match(query):
                        await _refuse_unless_read_plan(tx, query, values)
                    builder, exhausted = await _fetch(tx, query, limits, values)
                finally:
                    await _rollback(tx)
        except _RETRYABLE:
            raise
        except (Neo4jError, DriverError, OSError) as exc:
            raise self._mapped(exc, query, limits) from exc
        return builder.build((time.perf_counter() - started) * 1000, exhausted=exhausted)

    async def _internal(self, query: str) -> list[dict[str, Any]]:
        """Run one of our own read queries (schema): no guard, rolled back, raw values."""

        async def work(tx: AsyncTransaction) -> list[dict[str, Any]]:
            result = await tx.run(query)
            return [
                dict(zip(record.keys(), record.values(), strict=True)) async for record in result
            ]

        self._check_open()
        try:
            async with self._slot(), asyncio.timeout(_SCHEMA_TIMEOUT_S):
                return await self._rolled_back(work)
        except TimeoutError:
            raise QueryTimeout(f"schema query timed out: {query}") from None
        except (Neo4jError, DriverError, OSError) as exc:
            raise self._mapped(exc, query, self.limits) from exc

    async def _rolled_back(self, work: _Work) -> list[dict[str, Any]]:
        async with self._get_driver().session(
            database=self.database, default_access_mode=neo4j.READ_ACCESS
        ) as session:
            tx = await session.begin_transaction(timeout=_SCHEMA_TIMEOUT_S)
            try:
                rows = await work(tx)
            finally:
                await _rollback(tx)
            return rows

    # -- setup -----------------------------------------------------------------------------

    def _check_open(self) -> None:
        if self._closed:
            raise SourceUnavailable(f"the graph source {self.name} is closed")

    @contextlib.asynccontextmanager
    async def _slot(self) -> AsyncIterator[None]:
        """One of the shared driver's connections for the block (a borrowed driver: its
        owner's pool rules)."""
        self._get_driver()
        if self._shared is None:
            yield
            return
        async with self._shared.slot():
            yield

    def _get_driver(self) -> AsyncDriver:
        if self._driver is None:
            self._check_open()
            self._shared = _shared_driver(self.conn, *self._pool)
            self._shared.borrow()
            self._driver = self._shared.driver
        return self._driver

    async def _calibrate(self) -> _Calibration:
        """Learn the server's dialect and whether its EXPLAIN can be trusted (once)."""
        async with self._lock:
            if self._calibration is None:
                try:
                    self._calibration = await self._measure()
                except (Neo4jError, DriverError, OSError) as exc:
                    raise self._mapped(exc, "EXPLAIN RETURN 1", self.limits) from exc
            return self._calibration

    async def _measure(self) -> _Calibration:
        driver = self._get_driver()
        async with self._slot():
            agent = (await driver.get_server_info()).agent or ""
            dialect = "arcadedb" if "arcadedb" in agent.lower() else "neo4j"
            async with driver.session(
                database=self.database, default_access_mode=neo4j.READ_ACCESS
            ) as session:
                tx = await session.begin_transaction()
                try:
                    summary = await (await tx.run("EXPLAIN RETURN 1")).consume()
                finally:
                    await _rollback(tx)
        return _Calibration(dialect=dialect, explain_trusted=summary.query_type == "r")

    async def _apply_server_timeout(self, cal: _Calibration, limits: Limits) -> None:
        """On ArcadeDB, make the server itself stop statements after `limits.timeout_s`."""
        if cal.dialect != "arcadedb" or not self.database or not self.conn.http_url:
            return
        key = (self.conn.http_url, self.database)
        if _SERVER_TIMEOUTS.get(key) == limits.timeout_s:
            return
        try:
            await admin.set_command_timeout(self.conn, self.database, limits.timeout_s)
            _SERVER_TIMEOUTS[key] = limits.timeout_s
        except PlanRAGError as exc:
            # The watchdog still ends the query for the caller; the server may run on.
            log.warning("could not set ArcadeDB's command timeout on %s: %s", self.database, exc)

    # -- errors ----------------------------------------------------------------------------

    def _mapped(
        self, exc: BaseException, query: str, limits: Limits, *, retried: bool = False
    ) -> PlanRAGError:
        return map_error(exc, query=query, uri=self.conn.uri, database=self.database,
                         timeout_s=limits.timeout_s, retried=retried)  # fmt: skip


class _SharedDriver(SharedLife):
    """One driver (and so one connection pool) per graph server and account on an event
    loop, shared by every source of the process; closed a while after the last source
    (`planrag.sources._sharing`)."""

    def __init__(self, conn: GraphConnection, size: int, wait_s: float) -> None:
        super().__init__()
        self.driver = admin.open_driver(conn, reader=True, pool_size=size, wait_s=wait_s)
        self.uri = conn.uri
        self.size = size
        self.wait_s = wait_s
        self.waits = 0
        """How many queries had to wait for a free connection (for tests and benchmarks)."""
        self._gate = asyncio.Semaphore(size)
        self.schemas: dict[str | None, tuple[float, Schema]] = {}
        """Schemas read through this driver, by database (for every source)."""

    @contextlib.asynccontextmanager
    async def slot(self) -> AsyncIterator[None]:
        """Hold one of the `size` connections; wait at most `wait_s` for one to be free."""
        loop = asyncio.get_running_loop()
        started = loop.time()
        if self._gate.locked():
            self.waits += 1
        try:
            async with asyncio.timeout(self.wait_s):
                await self._gate.acquire()
        except TimeoutError:
            every = "the only connection" if self.size == 1 else f"all {self.size} connections"
            raise SourceUnavailable(
                f"{every} to the graph server at {self.uri} {'is' if self.size == 1 else 'are'}"
                f" busy; waited {loop.time() - started:.1f} s; try again in a moment, or raise "
                "PLANRAG_POOL_SIZE"
            ) from None
        try:
            yield
        finally:
            self._gate.release()

    async def close(self) -> None:
        _DRIVERS.forget(self)
        self._cancel_closer()
        with contextlib.suppress(Exception):
            await self.driver.close()


_SCHEMA_TTL_S = 300.0
_DRIVERS: PoolRegistry[_SharedDriver] = PoolRegistry()


def _shared_driver(conn: GraphConnection, size: int, wait_s: float) -> _SharedDriver:
    return _DRIVERS.get((conn.uri, conn.reader_auth, size, wait_s),
                        lambda: _SharedDriver(conn, size, wait_s))


async def close_drivers(uri: str | None = None, *, idle_only: bool = False) -> None:
    """Close the shared drivers of the running loop (those to `uri` only, when given; those
    no source uses, with `idle_only`): before the loop ends, or before the embedded server
    they talk to stops (it waits for open connections)."""
    await _DRIVERS.close_all(lambda shared: (uri is None or shared.uri == uri)
                             and not (idle_only and shared.users))


def _connection_for(driver: AsyncDriver) -> GraphConnection:
    """The connection behind a driver from `admin.open_driver`, or a bare description."""
    known = admin.connection_of(driver)
    if known is not None:
        return known
    # A foreign driver: no HTTP admin URL, so no server-side timeout on ArcadeDB.
    return GraphConnection(uri="(driver)", user="", password="")


def _watchdog_s(timeout_s: float) -> float:
    """The client deadline: the server's timeout plus a margin for it to answer first."""
    return timeout_s + min(2.0, 0.25 + 0.25 * timeout_s)


async def _refuse_unless_read_plan(
    tx: AsyncTransaction, query: str, values: dict[str, Any] | None = None
) -> None:
    summary = await (await tx.run("EXPLAIN " + query, values)).consume()
    if summary.query_type != "r":
        raise QueryRefused(
            f"the server plans this query as type {summary.query_type!r}, not a pure read; "
            "only MATCH/OPTIONAL MATCH/WITH/RETURN-style reads are allowed",
            rule="write-detected",
            query=query,
            language="cypher",
        )


async def _fetch(
    tx: AsyncTransaction, query: str, limits: Limits, values: dict[str, Any] | None = None
) -> tuple[TableBuilder, bool]:
    """Stream the result into a builder; refuse (after the fact) anything that wrote."""
    result = await tx.run(query, values)
    builder = TableBuilder(list(result.keys()), limits)
    exhausted = True
    async for record in result:
        if not builder.counting:
            exhausted = False
            break
        builder.add([plain(v) for v in record.values()] if builder.keeping else ())
    summary = await result.consume()
    # After an early stop the rest is DISCARDed, and ArcadeDB then reports no type at all:
    # that case is let through (the rollback still undoes any write; the parser guard is the
    # layer that refuses them up front). Any other answer but a pure read is refused.
    unknown_after_stop = summary.query_type is None and not exhausted
    if summary.query_type != "r" and not unknown_after_stop:
        raise QueryRefused(
            f"the query changed the database (type {summary.query_type!r}); its effects were "
            "rolled back. Write a read-only query (MATCH ... RETURN)",
            rule="write-detected",
            query=query,
            language="cypher",
        )
    return builder, exhausted


async def _rollback(tx: AsyncTransaction) -> None:
    """Roll back, never commit. Errors are swallowed: a failed tx is already void."""
    with contextlib.suppress(Exception):
        await asyncio.wait_for(tx.rollback(), _CLEANUP_S)


def map_error(
    exc: BaseException,
    *,
    query: str,
    uri: str,
    database: str | None,
    timeout_s: float,
    retried: bool = False,
) -> PlanRAGError:
    """A one-line PlanRAG error for a driver exception, saying what to fix (`retried`: the
    query was already tried again on a fresh connection)."""
    msg = _trim(getattr(exc, "message", None) or str(exc) or type(exc).__name__)
    code = str(getattr(exc, "code", "") or "")
    where = f"database {database!r}" if database else "the default database"
    if isinstance(exc, AuthError) or "Security.Unauthorized" in code:
        return SourceUnavailable(
            f"the graph server at {uri} refused the credentials ({msg}); fix "
            "PLANRAG_GRAPH_READER_USER/PLANRAG_GRAPH_READER_PASSWORD (embedded server) "
            "or NEO4J_USER/NEO4J_PASSWORD"
        )
    if isinstance(exc, ConnectionAcquisitionTimeoutError):
        return SourceUnavailable(
            f"the graph server at {uri} gave no connection in time ({msg}); it is busy or "
            "slow to answer: try again in a moment, or raise PLANRAG_POOL_WAIT"
        )
    if isinstance(exc, ServiceUnavailable | SessionExpired | OSError):
        again = "; tried once more on a fresh connection" if retried else ""
        return SourceUnavailable(
            f"the graph server at {uri} is unreachable ({_network_reason(exc) or msg}{again}); "
            "start it with `planrag graph start` or check NEO4J_URI"
        )
    if "DatabaseNotFound" in code:
        return SourceUnavailable(f"{where} does not exist on {uri}; load the dataset first")
    kw: dict[str, Any] = {"query": query, "language": "cypher"}
    if "TransactionTimedOut" in code or code.endswith("Transaction.Terminated"):
        return QueryTimeout(
            f"the query ran longer than {timeout_s:g} s and the server stopped it ({msg}); "
            "narrow the MATCH, filter earlier or aggregate",
            **kw,
        )
    if "AccessMode" in code:
        return QueryRefused(f"the server refused a write: {msg}", rule="write-detected", **kw)
    if "Security.Forbidden" in code:
        return QueryRefused(
            f"the read-only database account may not do this ({msg}); only read queries run",
            rule="database-read-only",
            **kw,
        )
    if "SyntaxError" in code:
        return QueryFailed(f"Cypher syntax error: {msg}; fix the query and retry", **kw)
    if isinstance(exc, ClientError):
        return QueryFailed(f"the graph database rejected the query: {msg}", **kw)
    return QueryFailed(f"the graph database failed to run the query: {msg}", **kw)


def _network_reason(exc: BaseException) -> str | None:
    """The socket error under a driver error, in words ("connection refused"), if any."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if isinstance(current, OSError) and current.errno:
            return os.strerror(current.errno).lower()
        current = current.__cause__ or current.__context__
    return None


def _trim(message: str) -> str:
    line = " ".join(message.split())
    return line if len(line) <= _MESSAGE_CHARS else line[: _MESSAGE_CHARS - 1] + "…"
