"""MySQL 8 / MariaDB through a shared aiomysql pool, with database-level read-only enforcement.

The parser-level guard runs in front of it (`planrag.sources.guarded`, put there by its kind),
told which database the query may read and which server answers (`submission`; ARCHITECTURE.md,
"Invariants"). The source itself runs what it is given:

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
* With a scan limit (`Limits.max_scan_rows`), a SELECT is first EXPLAINed in the same
  read-only transaction and refused when the server estimates it examines more rows.
* Rows are streamed (unbuffered cursor), a batch at a time sized by the widest row seen, and
  cut at the row/byte caps while fetching; a result still producing rows past the counting
  limit is abandoned by closing the connection. While rows stream, a packet longer than a row
  of values at the cell limit (`Limits.max_cell_bytes`) is not read: the connection closes
  and the query is refused (`_mysql_pool.CappedConnection`), and a value over the limit
  that did arrive refuses it too. GROUP_CONCAT()'s longest value is kept to the cell limit.
* A server limit that cuts a result short only warns: MariaDB stops a `WITH RECURSIVE` at
  max_recursive_iterations (1000 by default) with warning 1931, and both servers cut
  GROUP_CONCAT() at group_concat_max_len (1260). After every query read to its end the
  source reads the server's warnings and marks such a result incomplete (`Table.incomplete`):
  the model is told, and the person sees it with the result.
* Connections come from one pool per database shared by the whole process, capped, with a
  bounded wait for a free one and a liveness check before use (`planrag.sources._mysql_pool`).
* A read that loses its connection (the server restarted or dropped it: 2006, 2013, 2055,
  ...) runs once more on a fresh connection, waiting up to PLANRAG_POOL_WAIT for the server
  to be back; reads are safe to repeat. Query errors and timeouts are never repeated.

None of this replaces a least-privilege account (SELECT and SHOW VIEW on the dataset
databases only): `INTO OUTFILE`, `SET GLOBAL` and friends are stopped by privileges, not by a
read-only transaction. README.md shows the GRANT statements.
"""

from __future__ import annotations

import asyncio
import logging
import re
import struct
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

import aiomysql
import pymysql
from pymysql.constants import COMMAND

from planrag.errors import (
    QueryFailed,
    QueryRefused,
    QueryTimeout,
    SchemaMismatch,
    SourceUnavailable,
    ValueTooLarge,
)
from planrag.guards import Scope
from planrag.guards.dialects import Dialect, sql_dialect
from planrag.schema import Schema
from planrag.settings import MySQLAddress
from planrag.sources._mysql_pool import (
    TOO_MANY_CODES,
    CappedConnection,
    PacketTooLarge,
    SharedPool,
    close_all,
    shared_pool,
)
from planrag.sources._mysql_schema import read_schema
from planrag.sources._params import sql_bound
from planrag.sources._sharing import Lost, PoolHolder, Reusable
from planrag.sources._values import mysql_distinct, sql_values
from planrag.sources.base import Language, Read, Submission
from planrag.table import Limits, Table, TableBuilder, value_too_large

__all__ = ["MySQLSource", "close_pools", "connect_error", "scan_estimate"]

log = logging.getLogger(__name__)

close_pools = close_all
"""Close every shared pool of the running event loop (call before the loop ends)."""

_MULTI_STATEMENTS_OFF = struct.pack("<H", 1)
_COM_RESET_CONNECTION = 0x1F
_WATCHDOG_GRACE_S = 1.5
# Server error codes that mean "the statement ran out of time".
_TIMEOUT_CODES = {1969, 3024, 1317}
# Codes that mean "the connection is gone" (client-side 2006/2013/2055, server shutdown 1053,
# MariaDB's connection killed 1927).
_GONE_CODES = {2006, 2013, 2055, 1053, 1927}
_READ_ONLY_CODES = {1792, 1290, 1142, 1044, 1045, 1227, 1370}
# No such table / column: the schema changed since it was read (or the model guessed).
_SCHEMA_CHANGED_CODES = {1146, 1054}
# Warnings that mean the rows are not the whole answer: the query was stopped at a limit
# (MariaDB's max_recursive_iterations or LIMIT ROWS EXAMINED), a GROUP_CONCAT() value was cut
# at group_concat_max_len, a value over max_allowed_packet became NULL.
_INCOMPLETE_CODES = {
    1931: ("the server stopped the query at a limit",
           "recurse through fewer steps, or compute it without recursion"),
    1260: ("a GROUP_CONCAT() value was cut at group_concat_max_len",
           "concatenate fewer values per group, or count them instead"),
    1301: ("a value over max_allowed_packet was returned as NULL", "build smaller values"),
}
_SCHEMA_TTL_S = 300.0


@dataclass(frozen=True, slots=True)
class Statement:
    """What the driver runs: the text, its bound values (None: no parameters, so a `%`
    is literal) and the query as written, for messages."""

    text: str
    args: tuple[Any, ...] | None
    shown: str


class MySQLSource(PoolHolder[SharedPool]):
    """One database on a MySQL/MariaDB server, queried read-only.

    Sources are cheap: every source on the same server, account and database shares one
    connection pool of the process (`planrag.sources._mysql_pool`), so a hundred runs at
    once open at most `pool_size` connections."""

    language: Language = "sql"

    def __init__(
        self,
        address: MySQLAddress,
        database: str,
        *,
        limits: Limits | None = None,
        pool_size: int = 4,
        pool_wait_s: float = 10.0,
        live: bool = False,
    ) -> None:
        super().__init__(f"mysql:{database}", limits, pool_size, pool_wait_s, live)
        self.address = address
        self.database = database

    # ------------------------------------------------------------------ protocol

    async def execute(
        self, query: str, limits: Limits | None = None, params: Mapping[str, Any] | None = None
    ) -> Table:
        """With `params`, the query's `:name` placeholders are bound by the driver
        (`planrag.sources._params`)."""
        limits = limits or self.limits
        shared = self._pool()
        text, args = query, None
        if params is not None:
            bound = sql_bound(query, params, marker="%s")
            text, args = bound.text, bound.args
        return await self._with_connection(shared, Statement(text, args, query), limits)

    async def submission(
        self, query: str, params: Mapping[str, Any] | None = None
    ) -> Submission:
        """Judged in MariaDB's dialect or MySQL's, as the server is (asked once), with
        this database the only one it may name."""
        await self._know_server(self._pool())
        if params is None:
            return Submission(self.dialect, query, Scope(self.database))
        bound = sql_bound(query, params, marker="%s")
        return Submission(self.dialect, bound.checked, Scope(self.database), bound.placeholders)

    async def schema(self, read: Read | None = None) -> Schema:
        """Tables, columns, keys, foreign keys, comments and row estimates, with the value
        index of its short text columns read by guarded, bounded queries
        (`planrag.sources._values`); both cached for a few minutes, for every source on
        this database, and read again together."""
        shared = self._pool()
        async with shared.schema_lock:
            cached = shared.schema
            if cached is not None and time.monotonic() - cached[0] < _SCHEMA_TTL_S:
                return cached[1]
            await self._know_server(shared)
            schema = await read_schema(self._internal, shared.flavour or "mysql", self.database)
            run = read or self.execute
            distinct = await mysql_distinct(run)
            values = await sql_values(run, schema, sql_dialect(self.dialect), distinct=distinct)
            schema = replace(schema, values=values)
            shared.schema = (time.monotonic(), schema)
            return schema

    @property
    def dialect(self) -> Dialect:
        """"mariadb" once the server is known to be MariaDB, else "mysql" (the kind's)."""
        shared = self._shared
        return "mariadb" if shared is not None and shared.flavour == "mariadb" else "mysql"

    async def server(self) -> str:
        """"mariadb" or "mysql"."""
        shared = self._pool()
        await self._know_server(shared)
        return shared.flavour or "mysql"

    # ------------------------------------------------------------------ connection life

    def _shared_pool(self) -> SharedPool:
        return shared_pool(self.address, self.database, self.pool_size, self.pool_wait_s)

    async def _know_server(self, shared: SharedPool) -> None:
        """Connect once if needed, so the server's flavour is known (the guard's function
        list follows it)."""
        if shared.flavour is None:
            conn = await shared.acquire(self._connect_error, prepare=self._prepare)
            shared.release(conn, keep=True)

    def _connect_error(self, exc: BaseException) -> Exception:
        return connect_error(self.address, self.database, exc, live=self.live)

    async def _prepare(self, conn: aiomysql.Connection) -> None:
        """Session set-up, repeated after every reset."""
        shared = self._pool()
        await _command(conn, COMMAND.COM_SET_OPTION, _MULTI_STATEMENTS_OFF)
        async with conn.cursor() as cur:
            if shared.flavour is None:
                await cur.execute("SELECT VERSION(), @@SESSION.sql_mode")
                version, mode = (await cur.fetchone())[:2]
                shared.sql_mode = _lexing_safe_mode(str(mode or ""))
                shared.flavour = "mariadb" if "mariadb" in str(version).lower() else "mysql"
            await cur.execute("SET SESSION TRANSACTION READ ONLY")
            if shared.sql_mode is not None:
                await cur.execute("SET SESSION sql_mode = %s", (shared.sql_mode,))

    async def _reset(self, conn: aiomysql.Connection) -> bool:
        """Roll back and reset the session; False when the connection must be dropped."""
        self._pool().unprepared(conn)
        try:
            async with conn.cursor() as cur:
                await cur.execute("ROLLBACK")
            await _command(conn, _COM_RESET_CONNECTION, b"")
        except (pymysql.err.Error, OSError):
            return False
        except asyncio.CancelledError:
            conn.close()  # half reset: never lent again (the caller drops it)
            raise
        return True

    async def _with_connection(
        self, shared: SharedPool, query: Statement, limits: Limits
    ) -> Table:
        """Run a read; one that lost its connection runs once more on a fresh connection."""
        try:
            return await self._attempt(shared, query, limits)
        except Lost as lost:
            log.info("lost the connection to %s during a query (%s); trying once more",
                     shared.where, lost.reason)
        where = f"{self.address.host}:{self.address.port}"
        try:
            return await self._attempt(shared, query, limits, patient=True)
        except Lost as again:
            raise SourceUnavailable(
                f"lost the connection to MySQL at {where} during the query, and again on a "
                f"fresh connection ({again.reason}); the server may be restarting or "
                "overloaded: try again in a moment"
            ) from None
        except SourceUnavailable as exc:
            raise SourceUnavailable(
                f"lost the connection to MySQL at {where} during the query and could not get "
                f"another: {exc}"
            ) from None

    async def _attempt(
        self, shared: SharedPool, query: Statement, limits: Limits, *, patient: bool = False
    ) -> Table:
        conn = await shared.acquire(self._connect_error, prepare=self._prepare,
                                    patient=patient)
        keep = False
        try:
            table = await self._run_watched(conn, query, limits)
            keep = await self._reset(conn)
            return table
        except Reusable as wrapped:
            keep = await self._reset(conn)
            if isinstance(wrapped.error, QueryFailed) and wrapped.stale_schema:
                shared.schema = None  # the schema changed under us: read it again next time
            raise wrapped.error from None
        finally:
            shared.release(conn, keep=keep)

    # ------------------------------------------------------------------ running a query

    async def _run_watched(
        self, conn: aiomysql.Connection, query: Statement, limits: Limits
    ) -> Table:
        try:
            return await asyncio.wait_for(
                self._run(conn, query, limits), limits.timeout_s + _WATCHDOG_GRACE_S
            )
        except TimeoutError:
            await self._kill(conn.thread_id())
            raise QueryTimeout(
                f"query stopped by the watchdog after {limits.timeout_s:g} s; narrow it "
                "(filters, aggregates) and try again",
                query=query.shown,
                language="sql",
            ) from None

    async def _run(self, conn: aiomysql.Connection, query: Statement, limits: Limits) -> Table:
        started = time.perf_counter()
        cur = await conn.cursor(aiomysql.SSCursor)
        columns: list[str] = []
        try:
            await cur.execute(self._session_statement(limits))
            await cur.execute("START TRANSACTION READ ONLY")
            if limits.max_scan_rows and _is_query(query.text):
                await _refuse_huge_scan(cur, query, limits.max_scan_rows)
            await cur.execute(query.text, query.args)
            columns = [d[0] for d in cur.description or ()]
            builder = TableBuilder(columns, limits, query=query.shown, language="sql")
            exhausted = True
            _cap_rows(conn, limits, len(columns))
            while columns:
                batch = await cur.fetchmany(builder.next_batch())
                if not batch:
                    break
                if not builder.take(batch):
                    exhausted = not builder.left_over and await cur.fetchone() is None
                    break
        except PacketTooLarge as exc:  # the connection closed itself: nothing more is read
            raise value_too_large(
                limits, columns[0] if len(columns) == 1 else "",
                stopped=f"the row's {exc.size:,}-byte packet was not read",
                query=query.shown, language="sql") from None
        except ValueTooLarge as exc:  # its rows are left unread: the connection goes
            conn.close()
            raise exc from None
        except pymysql.err.MySQLError as exc:
            raise self._classify(exc, query.shown, limits) from None
        except TimeoutError:
            raise  # a timeout is never taken for a lost connection (never repeated)
        except OSError as exc:
            raise Lost(str(exc) or type(exc).__name__) from None
        finally:
            _cap_rows(conn, None, 0)
        if not exhausted:
            conn.close()  # unread rows: dropping the connection is cheaper than draining
            elapsed = (time.perf_counter() - started) * 1000
            return builder.build(elapsed, exhausted=False)
        result = cur._result
        await cur.close()
        elapsed = (time.perf_counter() - started) * 1000
        table = builder.build(elapsed, exhausted=True)
        if result is None or not result.warning_count:
            return table
        cuts = await _incomplete(conn)
        if not cuts:
            return table
        notes = (*table.notes, *(f"result incomplete: {cut}" for cut in cuts))
        return replace(table, incomplete=cuts, notes=notes)

    def _session_statement(self, limits: Limits) -> str:
        """This query's session limits (the reset clears them again): the server-side
        statement timeout, and GROUP_CONCAT()'s longest value kept to the cell limit (the
        server's own, when smaller). max_allowed_packet, which makes a longer built value
        NULL, cannot be lowered for a session."""
        seconds = limits.timeout_s
        if self._pool().flavour == "mariadb":
            timeout = f"max_statement_time = {seconds:.3f}"
        else:
            timeout = f"max_execution_time = {max(1, int(seconds * 1000))}"
        concat = (f"group_concat_max_len = LEAST(@@SESSION.group_concat_max_len, "
                  f"{int(limits.max_cell_bytes)})")
        return f"SET SESSION {timeout}, {concat}"

    def _classify(self, exc: pymysql.err.MySQLError, query: str, limits: Limits) -> Exception:
        code = exc.args[0] if exc.args and isinstance(exc.args[0], int) else 0
        message = str(exc.args[1]) if len(exc.args) > 1 else str(exc)
        if code in _GONE_CODES or isinstance(exc, pymysql.err.InterfaceError):
            return Lost(message)
        stale = False
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
        elif code in _SCHEMA_CHANGED_CODES:
            stale = True
            error = SchemaMismatch(
                f"MySQL error {code}: {message}; the table or column is not (or no longer) in "
                f"{self.database}",
                query=query, language="sql",
            )
        else:
            error = QueryFailed(f"MySQL error {code}: {message}", query=query, language="sql")
        return Reusable(error, stale_schema=stale)

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
        shared = self._pool()
        return await self._with_connection(
            shared, Statement(sql, None, sql),
            limits or Limits(max_rows=100_000, max_bytes=50_000_000)
        )


def _cap_rows(conn: aiomysql.Connection, limits: Limits | None, columns: int) -> None:
    """While rows stream, a packet longer than a row of `columns` values at the cell limit
    each (with their length prefixes) is not read (`CappedConnection`); None: no cap."""
    if isinstance(conn, CappedConnection):
        conn.read_cap = None if limits is None else (
            limits.max_cell_bytes * max(1, columns) + 9 * max(1, columns))


async def _incomplete(conn: aiomysql.Connection) -> tuple[str, ...]:
    """What the last query's warnings say cut its result short, one line each."""
    try:
        warnings = await conn.show_warnings() or ()
    except pymysql.err.MySQLError:
        return ()  # the rows are in hand; the reset that follows finds a broken connection
    found: dict[str, None] = {}
    for _level, code, message in (tuple(w)[:3] for w in warnings):
        known = _INCOMPLETE_CODES.get(int(code))
        if known is not None:
            said = " ".join(str(message).split())
            found[f"{known[0]} ({said}); these rows are not the whole answer: "
                  f"{known[1]}"] = None
    return tuple(found)


_LEADING_COMMENTS = re.compile(r"^(?:\s+|/\*.*?\*/|(?:--\s|#)[^\n]*(?:\n|$))*", re.S)
_QUERY_HEAD = re.compile(r"^\(*\s*(SELECT|WITH|TABLE|VALUES)\b", re.I)


def _is_query(query: str) -> bool:
    """True for a SELECT-like statement (EXPLAIN can estimate it); SHOW, DESCRIBE and
    EXPLAIN itself are not estimated."""
    return bool(_QUERY_HEAD.match(query[_LEADING_COMMENTS.match(query).end():]))  # type: ignore[union-attr]


async def _refuse_huge_scan(cur: aiomysql.SSCursor, query: Statement, max_rows: int) -> None:
    """Refuse, before it runs, a query the server estimates to examine over `max_rows`
    rows. The estimate multiplies the row estimates of the tables joined in one SELECT and
    adds up the SELECTs; when EXPLAIN itself fails, the query runs and reports its error."""
    try:
        await cur.execute("EXPLAIN " + query.text, query.args)
        names = [d[0].lower() for d in cur.description or ()]
        rows = await cur.fetchall()
    except pymysql.err.ProgrammingError:
        return
    except pymysql.err.OperationalError as exc:
        if exc.args and exc.args[0] in _GONE_CODES:
            raise
        return
    estimate = scan_estimate(names, rows)
    if estimate > max_rows:
        raise Reusable(QueryRefused(
            f"the server estimates this query examines about {estimate:,} rows, over the "
            f"{max_rows:,}-row limit (PLANRAG_MAX_SCAN_ROWS); filter on indexed columns, "
            "join on keys, or aggregate in smaller steps",
            rule="scan-estimate", query=query.shown, language="sql",
        ))


def scan_estimate(names: list[str], rows: Sequence[Sequence[Any]]) -> int:
    """Rows examined by a plan, from EXPLAIN's `id` and `rows` columns: per SELECT the
    product of its tables' estimates (a nested-loop join), summed over the SELECTs."""
    if "rows" not in names:
        return 0
    at_rows = names.index("rows")
    at_id = names.index("id") if "id" in names else None
    per_select: dict[Any, int] = {}
    for row in rows:
        value = row[at_rows]
        try:
            count = max(1, int(value)) if value is not None else 1
        except (TypeError, ValueError):
            count = 1
        key = row[at_id] if at_id is not None else 0
        per_select[key] = per_select.get(key, 1) * count
    return sum(per_select.values())


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




async def _command(conn: aiomysql.Connection, command: int, payload: bytes) -> None:
    """Send a bare protocol command and read its single OK/EOF reply."""
    await conn._execute_command(command, payload)
    packet = await conn._read_packet()
    if not (packet.is_ok_packet() or packet.is_eof_packet()):
        raise pymysql.err.OperationalError(0, f"unexpected reply to command {command:#x}")


def connect_error(
    address: MySQLAddress, database: str | None, exc: BaseException, *, live: bool = False
) -> Exception:
    """One line for a connection failure, with what to check (`live`: a team's database,
    reached through its dataset's URL; else a loaded copy, reached through MYSQL_URL)."""
    code = exc.args[0] if getattr(exc, "args", None) and isinstance(exc.args[0], int) else None
    text = str(exc.args[1]) if code is not None and len(exc.args) > 1 else str(exc)
    text = " ".join(text.split())
    where = f"{address.user}@{address.host}:{address.port}"
    setting = "the dataset's URL (planrag connect)" if live else "MYSQL_URL"
    if code == 1049:
        fix = "check the database name in the URL" if live else "run `planrag load --target mysql`"
        return SourceUnavailable(f"database {database} does not exist on {where}; {fix}")
    if code == 1044:
        return SourceUnavailable(
            f"MySQL refused {where} access to database {database}: it does not exist or the "
            f"account has no rights on it; check the database name in {setting} and the "
            "account's GRANTs"
        )
    if code == 1045:
        return SourceUnavailable(f"MySQL refused the login {where}: {text}; check {setting}")
    if code in TOO_MANY_CODES:
        limit = "max_user_connections" if code == 1203 else "max_connections"
        return SourceUnavailable(
            f"MySQL at {address.host}:{address.port} is busy, not down: it refused a "
            f"connection as one too many ({text}; {limit} reached); try again in a moment, "
            f"or ask its administrator to raise {limit}"
        )
    return SourceUnavailable(
        f"cannot reach MySQL at {where} ({text}); is the server running? check {setting}"
    )
