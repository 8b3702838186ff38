"""MySQL 8 / MariaDB through an aiomysql pool, with database-level read-only enforcement.

Layers below the parser-level guard (which runs first unless a test switches it off):

* Multi-statement input is off at the protocol level (`COM_SET_OPTION`): aiomysql always
  asks for multi-statements, and `SELECT 1; DELETE ...` would otherwise run both.
* Sessions are `SET SESSION TRANSACTION READ ONLY`; each query runs inside
  `START TRANSACTION READ ONLY` and is rolled back, never committed.
* A statement timeout applies: `max_statement_time` on MariaDB (seconds, every statement),
  `max_execution_time` on MySQL (milliseconds, SELECT only). A client watchdog fires a little
  later, kills the query from a separate connection and discards the connection.
* Before a connection goes back to the pool it is reset (`COM_RESET_CONNECTION`): temporary
  tables, user variables, named locks and session settings of the query are gone; the next
  acquire sets the session up again.
* Rows are streamed (unbuffered cursor) and cut at the row/byte caps while fetching; a result
  still producing rows past the counting limit is abandoned by closing the connection.

None of this replaces a least-privilege account (SELECT and SHOW VIEW on the dataset
databases only): `INTO OUTFILE`, `SET GLOBAL` and friends are stopped by privileges, not by a
read-only transaction. README.md shows the GRANT statements.
"""

from __future__ import annotations

import asyncio
import struct
import time
import weakref

import aiomysql
import pymysql
from pymysql.constants import COMMAND

from planrag.errors import QueryFailed, QueryRefused, QueryTimeout, SourceUnavailable
from planrag.guards import require
from planrag.settings import MySQLAddress
from planrag.sources.base import Column, Entity, Language, Schema
from planrag.table import Limits, Table, TableBuilder

__all__ = ["MySQLSource", "connect_error"]

_MULTI_STATEMENTS_OFF = struct.pack("<H", 1)
_COM_RESET_CONNECTION = 0x1F
_WATCHDOG_GRACE_S = 1.5
_FETCH_BATCH = 256
# Server error codes that mean "the statement ran out of time".
_TIMEOUT_CODES = {1969, 3024, 1317}
# Codes that mean "the connection is gone" (client-side 2006/2013, server shutdown 1053).
_GONE_CODES = {2006, 2013, 2014, 2055, 1053, 1927}
_READ_ONLY_CODES = {1792, 1290, 1142, 1044, 1045, 1227, 1370}


class MySQLSource:
    """One database on a MySQL/MariaDB server, queried read-only."""

    language: Language = "sql"

    def __init__(
        self,
        address: MySQLAddress,
        database: str,
        *,
        limits: Limits | None = None,
        pool_size: int = 4,
        _skip_parser_check: bool = False,
    ) -> None:
        self.address = address
        self.database = database
        self.name = f"mysql:{database}"
        self.limits = limits or Limits()
        self.pool_size = pool_size
        self._skip_parser_check = _skip_parser_check
        self._pool: aiomysql.Pool | None = None
        self._pool_lock = asyncio.Lock()
        self._flavour: str | None = None
        self._sql_mode: str | None = None
        """The session sql_mode to set, when the server's default would lex differently."""
        self._ready: weakref.WeakSet[aiomysql.Connection] = weakref.WeakSet()
        self._closed = False

    # ------------------------------------------------------------------ protocol

    async def execute(self, query: str, limits: Limits | None = None) -> Table:
        limits = limits or self.limits
        if not self._skip_parser_check:
            require("sql", query)
        pool = await self._get_pool()
        conn = await self._acquire(pool)
        keep = False
        try:
            table = await self._run_watched(conn, query, limits)
            keep = await self._reset(conn)
            return table
        except _Reusable as wrapped:
            keep = await self._reset(conn)
            raise wrapped.error from None
        finally:
            self._release(pool, conn, keep)

    async def schema(self) -> Schema:
        table = await self._internal(
            "SELECT c.TABLE_NAME, c.COLUMN_NAME, c.COLUMN_TYPE, c.COLUMN_KEY = 'PRI', t.TABLE_ROWS "
            "FROM information_schema.COLUMNS c JOIN information_schema.TABLES t "
            "ON t.TABLE_SCHEMA = c.TABLE_SCHEMA AND t.TABLE_NAME = c.TABLE_NAME "
            "WHERE c.TABLE_SCHEMA = DATABASE() AND c.TABLE_NAME NOT LIKE '\\_planrag%' "
            "ORDER BY t.CREATE_TIME, c.TABLE_NAME, c.ORDINAL_POSITION"
        )
        by_table: dict[str, list[Column]] = {}
        for name, col, ctype, key, _rows in table.rows:
            by_table.setdefault(name, []).append(Column(col, str(ctype).upper(), bool(key)))
        counts = await self._counts(list(by_table))
        entities = tuple(
            Entity("table", name, tuple(cols), rows=counts.get(name))
            for name, cols in by_table.items()
        )
        return Schema(dialect=self._flavour or "mysql", database=self.database, entities=entities)

    async def close(self) -> None:
        self._closed = True
        if self._pool is not None:
            self._pool.close()
            await self._pool.wait_closed()
            self._pool = None

    # ------------------------------------------------------------------ connection life

    async def _get_pool(self) -> aiomysql.Pool:
        if self._closed:
            raise SourceUnavailable(f"{self.name} is closed")
        if self._pool is not None:
            return self._pool
        async with self._pool_lock:
            if self._pool is None:
                try:
                    self._pool = await aiomysql.create_pool(
                        minsize=0,
                        maxsize=self.pool_size,
                        host=self.address.host,
                        port=self.address.port,
                        user=self.address.user,
                        password=self.address.password,
                        db=self.database,
                        autocommit=True,
                        charset="utf8mb4",
                        connect_timeout=5,
                        pool_recycle=3600,
                    )
                except (pymysql.err.Error, OSError) as exc:
                    raise connect_error(self.address, self.database, exc) from None
        assert self._pool is not None
        return self._pool

    async def _acquire(self, pool: aiomysql.Pool) -> aiomysql.Connection:
        try:
            conn = await pool.acquire()
        except (pymysql.err.Error, OSError) as exc:
            raise connect_error(self.address, self.database, exc) from None
        if conn not in self._ready:
            try:
                await self._prepare(conn)
            except (pymysql.err.Error, OSError) as exc:
                self._release(pool, conn, keep=False)
                raise connect_error(self.address, self.database, exc) from None
        return conn

    async def _prepare(self, conn: aiomysql.Connection) -> None:
        """Session set-up, repeated after every reset."""
        await _command(conn, COMMAND.COM_SET_OPTION, _MULTI_STATEMENTS_OFF)
        async with conn.cursor() as cur:
            if self._flavour is None:
                await cur.execute("SELECT VERSION(), @@SESSION.sql_mode")
                version, mode = (await cur.fetchone())[:2]
                self._flavour = "mariadb" if "mariadb" in str(version).lower() else "mysql"
                self._sql_mode = _lexing_safe_mode(str(mode or ""))
            await cur.execute("SET SESSION TRANSACTION READ ONLY")
            if self._sql_mode is not None:
                await cur.execute("SET SESSION sql_mode = %s", (self._sql_mode,))
        self._ready.add(conn)

    async def _reset(self, conn: aiomysql.Connection) -> bool:
        """Roll back and reset the session; False when the connection must be dropped."""
        self._ready.discard(conn)
        try:
            async with conn.cursor() as cur:
                await cur.execute("ROLLBACK")
            await _command(conn, _COM_RESET_CONNECTION, b"")
        except (pymysql.err.Error, OSError, asyncio.CancelledError):
            return False
        return True

    def _release(self, pool: aiomysql.Pool, conn: aiomysql.Connection, keep: bool) -> None:
        if not keep:
            self._ready.discard(conn)
            conn.close()
        pool.release(conn)

    # ------------------------------------------------------------------ running a query

    async def _run_watched(self, conn: aiomysql.Connection, query: str, limits: Limits) -> Table:
        try:
            return await asyncio.wait_for(
                self._run(conn, query, limits), limits.timeout_s + _WATCHDOG_GRACE_S
            )
        except TimeoutError:
            await self._kill(conn.thread_id())
            raise QueryTimeout(
                f"query stopped by the watchdog after {limits.timeout_s:g} s; narrow it "
                "(filters, aggregates) and try again",
                query=query,
                language="sql",
            ) from None

    async def _run(self, conn: aiomysql.Connection, query: str, limits: Limits) -> Table:
        started = time.perf_counter()
        cur = await conn.cursor(aiomysql.SSCursor)
        try:
            await cur.execute(self._timeout_statement(limits.timeout_s))
            await cur.execute("START TRANSACTION READ ONLY")
            await cur.execute(query)
            columns = [d[0] for d in cur.description or ()]
            builder = TableBuilder(columns, limits)
            exhausted = True
            while columns:
                batch = await cur.fetchmany(_FETCH_BATCH)
                if not batch:
                    break
                if not builder.take(batch):
                    exhausted = not builder.left_over and await cur.fetchone() is None
                    break
        except pymysql.err.MySQLError as exc:
            raise self._classify(exc, query, limits) from None
        if not exhausted:
            conn.close()  # unread rows: dropping the connection is cheaper than draining
            elapsed = (time.perf_counter() - started) * 1000
            return builder.build(elapsed, exhausted=False)
        await cur.close()
        return builder.build((time.perf_counter() - started) * 1000, exhausted=True)

    def _timeout_statement(self, seconds: float) -> str:
        """The server-side statement timeout for this query (reset clears it again)."""
        if self._flavour == "mariadb":
            return f"SET SESSION max_statement_time = {seconds:.3f}"
        return f"SET SESSION max_execution_time = {max(1, int(seconds * 1000))}"

    def _classify(self, exc: pymysql.err.MySQLError, query: str, limits: Limits) -> Exception:
        code = exc.args[0] if exc.args and isinstance(exc.args[0], int) else 0
        message = str(exc.args[1]) if len(exc.args) > 1 else str(exc)
        if code in _GONE_CODES or isinstance(exc, pymysql.err.InterfaceError):
            return SourceUnavailable(
                f"lost the connection to {self.address.host}:{self.address.port} during the "
                f"query ({message}); it will be retried on a fresh connection if asked again"
            )
        if code in _TIMEOUT_CODES:
            error: Exception = QueryTimeout(
                f"query exceeded the {limits.timeout_s:g} s statement timeout; narrow it "
                "(filters, aggregates) and try again",
                query=query,
                language="sql",
            )
        elif code in _READ_ONLY_CODES:
            error = QueryRefused(
                f"the database refused it as not read-only: {message}",
                rule="database-read-only",
                query=query,
                language="sql",
            )
        else:
            error = QueryFailed(f"MySQL error {code}: {message}", query=query, language="sql")
        return _Reusable(error)

    async def _kill(self, thread_id: int) -> None:
        """Stop a runaway statement from a separate connection (same account)."""
        try:
            conn = await aiomysql.connect(
                host=self.address.host,
                port=self.address.port,
                user=self.address.user,
                password=self.address.password,
                connect_timeout=5,
            )
        except (pymysql.err.Error, OSError):
            return
        try:
            async with conn.cursor() as cur:
                await cur.execute(f"KILL QUERY {int(thread_id)}")
        except pymysql.err.Error:
            pass  # already finished
        finally:
            conn.close()

    async def _internal(self, sql: str, limits: Limits | None = None) -> Table:
        """Run the source's own catalogue queries (not model-written) under the same layers."""
        pool = await self._get_pool()
        conn = await self._acquire(pool)
        keep = False
        try:
            table = await self._run_watched(
                conn, sql, limits or Limits(max_rows=100_000, max_bytes=50_000_000)
            )
            keep = await self._reset(conn)
            return table
        except _Reusable as wrapped:
            keep = await self._reset(conn)
            raise wrapped.error from None
        finally:
            self._release(pool, conn, keep)

    async def _counts(self, tables: list[str]) -> dict[str, int]:
        out: dict[str, int] = {}
        for t in tables[:50]:
            quoted = "`" + t.replace("`", "``") + "`"
            try:
                result = await self._internal(
                    f"SELECT COUNT(*) FROM {quoted}", Limits(timeout_s=2.0)
                )
                out[t] = int(result.rows[0][0])
            except (QueryFailed, QueryTimeout):
                continue
        return out


_LEXING_MODES = {"NO_BACKSLASH_ESCAPES", "ANSI_QUOTES", "ANSI"}


def _lexing_safe_mode(mode: str) -> str | None:
    """The server's sql_mode without the flags that change how strings are read, or None.

    The parser-level guard reads `\'` as an escaped quote and `"..."` as a string, as MySQL
    does by default; a server whose default says otherwise would read the same text
    differently from the guard, so each session switches those flags off.
    """
    parts = [p for p in mode.split(",") if p]
    kept = [p for p in parts if p.upper() not in _LEXING_MODES]
    return ",".join(kept) if len(kept) != len(parts) else None


class _Reusable(Exception):
    """A query error after which the connection is still healthy (reset and reuse it)."""

    def __init__(self, error: Exception) -> None:
        super().__init__(str(error))
        self.error = error


async def _command(conn: aiomysql.Connection, command: int, payload: bytes) -> None:
    """Send a bare protocol command and read its single OK/EOF reply."""
    await conn._execute_command(command, payload)
    packet = await conn._read_packet()
    if not (packet.is_ok_packet() or packet.is_eof_packet()):
        raise pymysql.err.OperationalError(0, f"unexpected reply to command {command:#x}")


def connect_error(address: MySQLAddress, database: str | None, exc: BaseException) -> Exception:
    """One line for a connection failure, with what to check."""
    code = exc.args[0] if getattr(exc, "args", None) and isinstance(exc.args[0], int) else None
    text = str(exc.args[1]) if code is not None and len(exc.args) > 1 else str(exc)
    where = f"{address.user}@{address.host}:{address.port}"
    if code == 1049:
        return SourceUnavailable(
            f"database {database} does not exist on {where}; run `planrag load --target mysql`"
        )
    if code in (1045, 1044):
        return SourceUnavailable(f"MySQL refused the login {where}: {text}; check MYSQL_URL")
    return SourceUnavailable(
        f"cannot reach MySQL at {where} ({text}); is the server running? check MYSQL_URL"
    )
