"""PostgreSQL through a shared asyncpg pool, with database-level read-only enforcement.

The parser-level guard runs in front of it (`planrag.sources.guarded`, put there by its
kind), told the database and the schemas a query may read (`submission`; ARCHITECTURE.md,
"Invariants"). The source itself runs what it is given:

* Sessions start with `default_transaction_read_only` on (`planrag.sources._postgres_pool`);
  each query runs inside `BEGIN READ ONLY` and is rolled back, never committed. One
  statement at a time: a query is prepared (the extended protocol), and PostgreSQL refuses
  to prepare two statements at once.
* In the same round trip as the BEGIN, `SET LOCAL` gives the query its statement timeout,
  the search path (the manifest's schemas, in order) and an
  `idle_in_transaction_session_timeout`. A client watchdog fires a little after the
  statement timeout (the timeout counts per protocol message, the watchdog the whole
  read), has asyncpg send the server a cancel request, and discards the connection.
* After the read, `ROLLBACK` and `pg_advisory_unlock_all()` in one round trip: the only
  session state a statement can leave behind outside its transaction is an advisory lock.
* With a scan limit (`Limits.max_scan_rows`), a query is first EXPLAINed (`FORMAT JSON,
  VERBOSE`) in the same transaction and refused when the planner expects it to examine more
  rows (`scan_estimate`).
* Rows come through a cursor, a batch at a time (sized by the widest row seen so far), and
  are cut at the row/byte caps while fetching; rows past the cap are counted up to the
  counting limit, and the rest never leave the server (the rollback closes the cursor). A
  value over the cell limit (`Limits.max_cell_bytes`) refuses the query; asyncpg reads a
  row whole before any of it can be seen, so such a row has been received by then (the
  guard bounds what a query can build; PostgreSQL itself, 1 GB a value). Each query's
  work_mem is the server's, at most 64 MB.
* Values become what the other sources give: numbers, `Decimal`, text, bytes, dates and
  times as they are; arrays as lists; JSON as its text; UUIDs, network addresses, ranges
  and other types as their text.
* Connections come from one pool per server, account and database, shared by the process,
  capped, with a bounded wait for a free one. A read that loses its connection (the server
  restarted, or ended the session) runs once more on a fresh connection; query errors and
  timeouts are never repeated.

None of this replaces a least-privilege role (SELECT on the manifest's schemas only):
functions that read files or reach the network are stopped by privileges, not by a
read-only transaction. docs/data.md shows the statements.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date, timedelta
from datetime import time as clock_time
from decimal import Decimal
from typing import Any, TypeVar

import asyncpg

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
from planrag.sources._params import sql_bound
from planrag.sources._postgres_pool import (
    PostgresAddress,
    SharedPool,
    close_all,
    discard,
    shared_pool,
)
from planrag.sources._postgres_schema import Catalogue, read_schema
from planrag.sources._sharing import Lost, PoolHolder, Reusable
from planrag.sources._values import sql_values
from planrag.sources.base import Language, Read, Submission
from planrag.table import Limits, Table, TableBuilder

__all__ = [
    "PostgresAddress",
    "PostgresSource",
    "close_pools",
    "connect_error",
    "quote_ident",
    "scan_estimate",
]

log = logging.getLogger(__name__)

close_pools = close_all
"""Close every shared pool of the running event loop (call before the loop ends)."""

T = TypeVar("T")
Work = Callable[[asyncpg.Connection], Awaitable[T]]

_WATCHDOG_GRACE_S = 1.5
_END_TIMEOUT_S = 5.0
_FETCH_BATCH = 500
_WORK_MEM = (
    "SELECT pg_catalog.set_config('work_mem', LEAST(pg_catalog.pg_size_bytes("
    "pg_catalog.current_setting('work_mem')), 67108864) / 1024 || 'kB', true)"
)
"""Each query's work_mem (memory per sort or hash before it spills to disk) is the server's,
at most 64 MB: a server tuned for analytics does not lend a model's query more."""
_SCHEMA_TTL_S = 300.0
_CATALOGUE_TIMEOUT_S = 30.0
_TIMEOUT = "57014"
"""query_canceled: the statement timeout (or a cancel request) stopped it."""
_READ_ONLY = "25006"
_NO_PRIVILEGE = "42501"
_SCHEMA_CHANGED = frozenset({"42P01", "42703", "3F000"})
"""No such table, column or schema: the schema changed since it was read (or was guessed)."""
_GONE = frozenset({"57P01", "57P02", "57P03", "25P03"})
"""The server ended the session (shut down, crashed, starting up, or the idle-in-transaction
timeout); with every SQLSTATE of class 08 (connection exceptions)."""
_SCANS = frozenset({
    "Seq Scan", "Index Scan", "Index Only Scan", "Bitmap Heap Scan", "Tid Scan",
    "Tid Range Scan", "Sample Scan", "Foreign Scan", "Function Scan", "Table Function Scan",
})
"""Plan nodes that read rows from a table or a function: what a plan examines."""
_BLOCKING = 0.5
"""A node whose start-up cost is at least this share of its total does its work before its
first row (a sort, a hash, an aggregate): a LIMIT above it does not shorten what it reads."""


@dataclass(frozen=True, slots=True)
class Statement:
    """What the driver runs: the text (`$1`... for bound values), the values, and the query
    as written, for messages."""

    text: str
    args: tuple[Any, ...]
    shown: str


class PostgresSource(PoolHolder[SharedPool]):
    """One database on a PostgreSQL server, queried read-only in the manifest's schemas.

    Sources are cheap: every source on the same server, account and database shares one
    connection pool of the process (`planrag.sources._postgres_pool`)."""

    language: Language = "sql"
    dialect: Dialect = "postgres"

    def __init__(
        self,
        address: PostgresAddress | str,
        database: str,
        *,
        schemas: Sequence[str] = ("public",),
        limits: Limits | None = None,
        pool_size: int = 4,
        pool_wait_s: float = 10.0,
        live: bool = True,
    ) -> None:
        super().__init__(f"postgres:{database}", limits, pool_size, pool_wait_s, live)
        if isinstance(address, str):
            address, named = PostgresAddress.of_dsn(address)
            if named != database:
                raise ValueError(f"the URL names database {named}, not {database}")
        if not schemas:
            raise ValueError("name at least one schema to read (e.g. public)")
        self.address = address
        self.database = database
        self.schemas = tuple(schemas)

    # ------------------------------------------------------------------ protocol

    async def execute(
        self, query: str, limits: Limits | None = None, params: Mapping[str, Any] | None = None
    ) -> Table:
        """With `params`, the query's `:name` placeholders are bound by the driver
        (`$1`, `$2`...; `planrag.sources._params`)."""
        limits = limits or self.limits
        shared = self._pool()
        statement = Statement(query, (), query)
        if params is not None:
            bound = sql_bound(query, params, marker="$", dialect=self.dialect)
            statement = Statement(bound.text, bound.args, query)

        async def work(conn: asyncpg.Connection) -> Table:
            return await self._query(conn, statement, limits)

        return await self._with_connection(shared, work, limits.timeout_s, query)

    async def submission(
        self, query: str, params: Mapping[str, Any] | None = None
    ) -> Submission:
        """Judged in PostgreSQL's dialect, on this database and the manifest's schemas.
        Placeholders are found as PostgreSQL reads the text: `"..."` quotes a name and a
        `\\` in a string is a plain character."""
        scope = Scope(self.database, server=sql_dialect(self.dialect), schemas=self.schemas)
        if params is None:
            return Submission(self.dialect, query, scope)
        bound = sql_bound(query, params, marker="$", dialect=self.dialect)
        return Submission(self.dialect, bound.checked, scope, bound.placeholders)

    async def schema(self, read: Read | None = None) -> Schema:
        """Tables and views of the manifest's schemas with columns, keys, foreign keys,
        comments and row estimates (`planrag.sources._postgres_schema`), with the value
        index of their short text columns read by `read` (`planrag.sources._values`);
        cached for a few minutes for every source on this database and these schemas."""
        shared = self._pool()
        async with shared.schema_lock:
            cached = shared.schema.get(self.schemas)
            if cached is not None and time.monotonic() - cached[0] < _SCHEMA_TTL_S:
                return cached[1]
            catalogue = await self._catalogue(shared)
            values = await sql_values(read or self.execute, catalogue.schema,
                                      sql_dialect(self.dialect), as_text=True,
                                      distinct=catalogue.distinct)
            schema = replace(catalogue.schema, values=values)
            shared.schema[self.schemas] = (time.monotonic(), schema)
            return schema

    @property
    def shared(self) -> SharedPool:
        """The pool this source reads through (for tests and benchmarks)."""
        return self._pool()

    # ------------------------------------------------------------------ connection life

    def _shared_pool(self) -> SharedPool:
        return shared_pool(self.address, self.database, self.pool_size, self.pool_wait_s)

    def _connect_error(self, exc: BaseException) -> Exception:
        return connect_error(self.address, self.database, exc, live=self.live)

    async def _with_connection(
        self, shared: SharedPool, work: Work[T], timeout_s: float, shown: str
    ) -> T:
        """Run a read; one that lost its connection runs once more on a fresh connection."""
        try:
            return await self._attempt(shared, work, timeout_s, shown)
        except Lost as lost:
            log.info("lost the connection to %s during a query (%s); trying once more",
                     shared.where, lost.reason)
        where = f"PostgreSQL at {self.address.where}/{self.database}"
        try:
            return await self._attempt(shared, work, timeout_s, shown, patient=True)
        except Lost as again:
            raise SourceUnavailable(
                f"lost the connection to {where} during the query, and again on a fresh "
                f"connection ({again.reason}); the server may be restarting or overloaded: "
                "try again in a moment"
            ) from None
        except SourceUnavailable as exc:
            raise SourceUnavailable(
                f"lost the connection to {where} during the query and could not get "
                f"another: {exc}"
            ) from None

    async def _attempt(
        self, shared: SharedPool, work: Work[T], timeout_s: float, shown: str,
        *, patient: bool = False,
    ) -> T:
        conn = await shared.acquire(self._connect_error, patient=patient)
        keep = False
        try:
            result = await self._watched(conn, work, timeout_s, shown)
            keep = await _end(conn)
            return result
        except Reusable as wrapped:
            keep = await _end(conn)
            if wrapped.stale_schema:
                shared.schema.clear()  # read it again next time
            raise wrapped.error from None
        finally:
            shared.release(conn, keep=keep)

    async def _watched(
        self, conn: asyncpg.Connection, work: Work[T], timeout_s: float, shown: str
    ) -> T:
        try:
            return await asyncio.wait_for(work(conn), timeout_s + _WATCHDOG_GRACE_S)
        except TimeoutError:
            # asyncpg sent a cancel request when the read was cancelled; closing waits for
            # it to go out, then the connection is gone for good.
            with contextlib.suppress(Exception):
                await discard(conn)
            raise QueryTimeout(
                f"query stopped by the watchdog after {timeout_s:g} s; narrow it "
                "(filters, aggregates) and try again",
                query=shown, language="sql",
            ) from None

    # ------------------------------------------------------------------ running a query

    def _begin(self, timeout_s: float, *, snapshot: bool = False) -> str:
        """The round trip that opens a query's transaction and sets its limits."""
        ms = max(1, int(timeout_s * 1000))
        idle = ms + int(_WATCHDOG_GRACE_S * 1000) + 10_000
        path = ", ".join(quote_ident(s) for s in self.schemas)
        isolation = " ISOLATION LEVEL REPEATABLE READ" if snapshot else ""
        return (
            f"BEGIN{isolation} READ ONLY; SET LOCAL statement_timeout = {ms}; "
            f"SET LOCAL idle_in_transaction_session_timeout = {idle}; {_WORK_MEM}; "
            f"SET LOCAL search_path = {path}"
        )

    async def _query(self, conn: asyncpg.Connection, query: Statement, limits: Limits) -> Table:
        started = time.perf_counter()
        try:
            await conn.execute(self._begin(limits.timeout_s))
            if limits.max_scan_rows:
                await self._refuse_huge_scan(conn, query, limits)
            prepared = await conn.prepare(query.text)
            columns = [a.name for a in prepared.get_attributes()]
            builder = TableBuilder(columns, limits, query=query.shown, language="sql")
            exhausted = True
            if not columns:
                await prepared.fetch(*query.args)
            else:
                cursor = await prepared.cursor(*query.args)
                while True:
                    wanted = builder.next_batch(_FETCH_BATCH)
                    batch = await cursor.fetch(wanted)
                    if not batch:
                        break
                    if not builder.take([_row(r) for r in batch]):
                        exhausted = not builder.left_over and not await cursor.fetch(1)
                        break
                    if len(batch) < wanted:
                        break
        except ValueTooLarge as exc:  # the row has arrived: the connection is fine
            raise Reusable(exc) from None
        except asyncpg.PostgresError as exc:
            raise self._classify(exc, query.shown, limits.timeout_s) from None
        except (asyncpg.InterfaceError, asyncpg.exceptions.InternalClientError) as exc:
            raise _client_error(conn, exc, query.shown) from None
        except OSError as exc:
            raise Lost(str(exc) or type(exc).__name__) from None
        elapsed = (time.perf_counter() - started) * 1000
        return builder.build(elapsed, exhausted=exhausted)

    async def _refuse_huge_scan(
        self, conn: asyncpg.Connection, query: Statement, limits: Limits
    ) -> None:
        """Refuse, before it runs, a query the planner expects to examine more than
        `limits.max_scan_rows` rows (`scan_estimate`). A query EXPLAIN cannot describe (SHOW,
        a statement that is not a query) is left to run: it is EXPLAINed under a savepoint
        that is rolled back when EXPLAIN fails. For a SELECT, EXPLAIN's error is the query's
        own (it is parsed and planned the same way)."""
        text = "EXPLAIN (FORMAT JSON, VERBOSE) " + query.text
        if _is_query(query.text):
            raw = await conn.fetchval(text, *query.args)
        else:
            await conn.execute("SAVEPOINT planrag_explain")
            try:
                raw = await conn.fetchval(text, *query.args)
            except asyncpg.PostgresError:
                await conn.execute("ROLLBACK TO SAVEPOINT planrag_explain")
                return
            await conn.execute("RELEASE SAVEPOINT planrag_explain")
        plan = json.loads(raw) if isinstance(raw, str) else raw
        sizes = await _table_sizes(conn, _whole_scans(plan))
        estimate = scan_estimate(plan, sizes)
        if estimate > limits.max_scan_rows:
            raise Reusable(QueryRefused(
                f"PostgreSQL's planner expects this query to examine about {estimate:,} rows, "
                f"over the {limits.max_scan_rows:,}-row limit (PLANRAG_MAX_SCAN_ROWS); filter "
                "on indexed columns, join on keys, or aggregate in smaller steps",
                rule="scan-estimate", query=query.shown, language="sql",
            ))

    def _classify(self, exc: asyncpg.PostgresError, query: str, timeout_s: float) -> Exception:
        state = str(getattr(exc, "sqlstate", "") or "")
        message = _said(exc)
        if state.startswith("08") or state in _GONE:
            return Lost(message)
        stale = False
        if state == _TIMEOUT:
            error: Exception = QueryTimeout(
                f"query exceeded the {timeout_s:g} s statement timeout; narrow it (filters, "
                "aggregates) and try again",
                query=query, language="sql",
            )
        elif state == _READ_ONLY:
            error = QueryRefused(
                f"the database refused it as not read-only: {message}",
                rule="database-read-only", query=query, language="sql",
            )
        elif state == _NO_PRIVILEGE:
            error = QueryFailed(
                f"the account may not read that ({message}); use the tables the schema "
                "lists, or ask the database's administrator to GRANT SELECT on it",
                query=query, language="sql",
            )
        elif state in _SCHEMA_CHANGED:
            stale = True
            error = SchemaMismatch(
                f"PostgreSQL error {state}: {message}; the table, column or schema is not "
                f"(or no longer) in {self.database} (schemas {', '.join(self.schemas)})",
                query=query, language="sql",
            )
        else:
            error = QueryFailed(f"PostgreSQL error {state}: {message}", query=query,
                                language="sql")
        return Reusable(error, stale_schema=stale)

    # ------------------------------------------------------------------ the catalogues

    async def _catalogue(self, shared: SharedPool) -> Catalogue:
        """The schema from the catalogues: the product's own queries, in one read-only
        transaction with one snapshot, never guarded (they are not the model's)."""

        async def work(conn: asyncpg.Connection) -> Catalogue:
            async def fetch(sql: str, *args: Any) -> list[Sequence[Any]]:
                return list(await conn.fetch(sql, *args))

            try:
                await conn.execute(self._begin(_CATALOGUE_TIMEOUT_S, snapshot=True))
                return await read_schema(fetch, self.database, self.schemas,
                                         self.address.where, self.address.user)
            except asyncpg.PostgresError as exc:
                failed = self._classify(exc, "(reading the schema)", _CATALOGUE_TIMEOUT_S)
                if isinstance(failed, Reusable):
                    raise Reusable(SourceUnavailable(
                        f"cannot read the schema of {self.database} on {self.address.where}: "
                        f"{failed.error}"
                    )) from None
                raise failed from None
            except (asyncpg.InterfaceError, asyncpg.exceptions.InternalClientError) as exc:
                raise _client_error(conn, exc, "(reading the schema)") from None
            except OSError as exc:
                raise Lost(str(exc) or type(exc).__name__) from None
            except SourceUnavailable as exc:  # a schema missing or not usable
                raise Reusable(exc) from None

        return await self._with_connection(shared, work, _CATALOGUE_TIMEOUT_S,
                                           "(reading the schema)")


# ---------------------------------------------------------------------- helpers


async def _end(conn: asyncpg.Connection) -> bool:
    """Roll back and let go of advisory locks; False when the connection must be dropped."""
    if conn.is_closed():
        return False
    try:
        await asyncio.wait_for(
            conn.execute("ROLLBACK; SELECT pg_catalog.pg_advisory_unlock_all()"), _END_TIMEOUT_S)
    except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError, TimeoutError):
        return False
    except asyncio.CancelledError:
        conn.terminate()  # half ended: never lent again
        raise
    return not conn.is_in_transaction()


def _client_error(conn: asyncpg.Connection, exc: BaseException, query: str) -> Exception:
    """The driver's own errors: a connection it found closed is lost; anything else (a
    value it cannot send for a parameter's type, a wrong number of values) is the query's."""
    if conn.is_closed():
        return Lost(str(exc) or type(exc).__name__)
    text = " ".join(str(exc).split())
    return Reusable(QueryFailed(f"PostgreSQL's driver refused the query: {text}",
                                 query=query, language="sql"))


def _said(exc: asyncpg.PostgresError) -> str:
    """The server's message with its hint, on one line."""
    message = str(getattr(exc, "message", "") or exc)
    hint = getattr(exc, "hint", None)
    if hint:
        message = f"{message} ({hint})"
    return " ".join(message.split())


_LEADING = re.compile(r"^(?:\s+|/\*.*?\*/|--[^\n]*(?:\n|$))*", re.S)
_QUERY_HEAD = re.compile(r"^\(*\s*(SELECT|WITH|TABLE|VALUES)\b", re.I)


def _is_query(query: str) -> bool:
    """True for a SELECT-like statement: EXPLAIN describes it, and fails only where the
    query itself would."""
    head = _LEADING.match(query)
    return bool(_QUERY_HEAD.match(query[head.end() if head else 0:]))


def quote_ident(name: str) -> str:
    """A name as an identifier, always quoted (safe whatever the name: a keyword, capitals,
    spaces)."""
    return '"' + name.replace('"', '""') + '"'


def _row(record: asyncpg.Record) -> tuple[Any, ...]:
    return tuple(_cell(v) for v in record.values())


_AS_THEY_ARE = (bool, int, float, str, Decimal, bytes, date, clock_time, timedelta)
"""Values the other sources give too (a datetime is a date)."""


def _cell(value: Any) -> Any:
    """A PostgreSQL value as a table cell (see the module docstring)."""
    if value is None or isinstance(value, _AS_THEY_ARE):
        return value
    if isinstance(value, list | tuple):
        return [_cell(v) for v in value]
    if isinstance(value, asyncpg.Record):  # a composite value
        return [_cell(v) for v in value.values()]
    return str(value)  # UUID, inet, cidr, ranges, bit strings, geometric types


# ---------------------------------------------------------------------- the scan estimate


def _plan_root(plan: Any) -> dict[str, Any]:
    if isinstance(plan, list) and plan and isinstance(plan[0], dict):
        plan = plan[0]
    root = plan.get("Plan") if isinstance(plan, dict) else None
    return root if isinstance(root, dict) else {}


def _nodes(node: dict[str, Any]) -> list[dict[str, Any]]:
    out = [node]
    for child in node.get("Plans", ()) or ():
        if isinstance(child, dict):
            out += _nodes(child)
    return out


def _whole_scans(plan: Any) -> list[tuple[str, str]]:
    """(schema, table) of every sequential scan of a plan (EXPLAIN VERBOSE names both)."""
    found: dict[tuple[str, str], None] = {}
    for node in _nodes(_plan_root(plan)):
        if node.get("Node Type") == "Seq Scan" and node.get("Relation Name"):
            found[(str(node.get("Schema", "")), str(node["Relation Name"]))] = None
    return list(found)


_SIZES = (
    "SELECT n.nspname::text, c.relname::text, "
    "CASE WHEN c.reltuples >= 0 THEN c.reltuples::float8 ELSE st.n_live_tup::float8 END "
    "FROM unnest($1::text[], $2::text[]) AS w(s, r) "
    "JOIN pg_catalog.pg_namespace n ON n.nspname = w.s "
    "JOIN pg_catalog.pg_class c ON c.relnamespace = n.oid AND c.relname = w.r "
    "LEFT JOIN pg_catalog.pg_stat_all_tables st ON st.relid = c.oid"
)


async def _table_sizes(
    conn: asyncpg.Connection, tables: Sequence[tuple[str, str]]
) -> dict[tuple[str, str], int]:
    """The statistics' row estimates of `tables` (those scanned whole)."""
    if not tables:
        return {}
    rows = await conn.fetch(_SIZES, [t[0] for t in tables], [t[1] for t in tables])
    return {(str(s), str(r)): int(n) for s, r, n in rows if n is not None}


def scan_estimate(plan: Any, sizes: Mapping[tuple[str, str], int] | None = None) -> int:
    """Rows a plan (EXPLAIN's JSON) is expected to examine: every scan's rows, times how
    often it runs. A sequential scan reads its whole table (`sizes`: (schema, table) -> the
    statistics' row estimate; its "Plan Rows" counts only the rows its filter keeps); an
    index or function scan reads its "Plan Rows". The inner side of a nested loop, and a
    subplan, run once per row of their outer side; a parallel scan's rows are per process.
    Under a LIMIT, what streams is cut in the planner's own proportion (its costs), but not
    below a node that does its work before its first row (a sort, a hash, an aggregate)."""
    known = sizes or {}
    total = 0.0

    def walk(node: dict[str, Any], loops: float, share: float, workers: int) -> None:
        nonlocal total
        kind = node.get("Node Type", "")
        rows = _number(node.get("Plan Rows"))
        processes = workers + 1 if node.get("Parallel Aware") else 1
        if node.get("Workers Planned") is not None:
            workers = int(_number(node.get("Workers Planned")))
        if kind in _SCANS:
            examined = rows * processes
            if kind == "Seq Scan" and node.get("Relation Name"):
                table = (str(node.get("Schema", "")), str(node["Relation Name"]))
                examined = max(examined, float(known.get(table, 0)))
            total += examined * loops * share
        children = [c for c in node.get("Plans", ()) or () if isinstance(c, dict)]
        if kind == "Limit" and children:
            child = children[0]
            start = _number(child.get("Startup Cost"))
            whole = _number(child.get("Total Cost")) - start
            part = _number(node.get("Total Cost")) - start
            if whole > 0:
                share = share * min(1.0, max(0.0, part / whole))
        outer_rows = max(1.0, _number(children[0].get("Plan Rows"))) if children else 1.0
        for at, child in enumerate(children):
            runs = loops
            relation = child.get("Parent Relationship")
            if kind == "Nested Loop" and at == 1:
                runs = loops * outer_rows
            elif relation == "SubPlan":
                runs = loops * max(1.0, rows)
            cut = share
            start, end = _number(child.get("Startup Cost")), _number(child.get("Total Cost"))
            if end > 0 and start >= end * _BLOCKING:
                cut = 1.0  # it reads everything before its first row, LIMIT or not
            walk(child, runs, cut, workers)

    walk(_plan_root(plan), 1.0, 1.0, 0)
    return round(total)


def _number(value: Any) -> float:
    try:
        return float(value) if value is not None else 0.0
    except (TypeError, ValueError):
        return 0.0


# ---------------------------------------------------------------------- errors




def connect_error(
    address: PostgresAddress, database: str, exc: BaseException, *, live: bool = True
) -> Exception:
    """One line for a connection failure, naming host:port/database and what to do; never
    the password (the server's own words name the user at most)."""
    state = str(getattr(exc, "sqlstate", "") or "")
    text = " ".join((str(getattr(exc, "message", "") or exc) or type(exc).__name__).split())
    where = f"{address.where}/{database}"
    who = f"{address.user}@{where}"
    setting = "the dataset's URL (planrag connect ID --update --postgres URL)" if live else (
        "the URL")
    if state == "28P01":
        return SourceUnavailable(
            f"PostgreSQL refused the login {who}: wrong password for {address.user}; "
            f"correct the password in {setting}"
        )
    if state == "28000":
        return SourceUnavailable(
            f"PostgreSQL refused the login {who} ({text}); check the user in {setting}, and "
            "that the server lets this host in (pg_hba.conf)"
        )
    if state == "3D000":
        return SourceUnavailable(
            f"database {database} does not exist on PostgreSQL at {address.where}; check the "
            f"database name at the end of {setting}"
        )
    if state == _NO_PRIVILEGE:
        return SourceUnavailable(
            f"PostgreSQL refused {address.user} a connection to {where} ({text}); its "
            f"administrator can GRANT CONNECT ON DATABASE {quote_ident(database)} TO "
            f"{quote_ident(address.user)}"
        )
    if state == "53300":
        return SourceUnavailable(
            f"PostgreSQL at {address.where} is busy, not down: it refused a connection as one "
            f"too many ({text}); try again in a moment, or ask its administrator to raise "
            "max_connections (or the role's CONNECTION LIMIT)"
        )
    if state in ("57P03", "57P01", "57P02"):
        return SourceUnavailable(
            f"PostgreSQL at {address.where} is starting up or shutting down ({text}); try "
            "again in a moment"
        )
    if isinstance(exc, OSError | TimeoutError):
        return SourceUnavailable(
            f"cannot reach PostgreSQL at {where} ({text}); is the server running? check "
            f"the host and port in {setting}"
        )
    return SourceUnavailable(f"cannot connect to PostgreSQL as {who} ({text}); check {setting}")
