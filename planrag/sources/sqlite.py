"""SQLite: the zero-setup relational source, read-only by three independent means.

1. The parser-level guard, in SQLite's dialect, put in front by its kind
   (`planrag.sources.guarded`): the model is told its queries here are SQLite's
   (`planrag.guards.dialects`), and they run as written, never translated.
2. Database level: the file is opened with `mode=ro`, `PRAGMA query_only` is on, and an
   authorizer callback denies every action except reading tables and calling allowlisted
   functions (no ATTACH, no PRAGMA, no writes, no `load_extension`). A progress handler stops
   a statement at the timeout; a watchdog calls `interrupt()` if that is ever missed.
   Connections come from one capped pool per file (`planrag.sources._sqlite_pool`), with a
   bounded wait for a free one.
3. Fetch-time row and byte caps, and a cap on one value: every connection's
   SQLITE_LIMIT_LENGTH is the cell limit (`Limits.max_cell_bytes`), so SQLite refuses to
   build or read a longer string or blob ("string or blob too big") and the app never holds
   one; rows are fetched a batch at a time, sized by the widest row seen.

MySQL's three introspection statements (`SHOW TABLES`, `SHOW COLUMNS FROM t`, `DESCRIBE t`)
are answered from the SQLite catalogue, as models often reach for them first.
"""

from __future__ import annotations

import asyncio
import json
import re
import sqlite3
import time
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from planrag.errors import QueryError, QueryFailed, QueryRefused, QueryTimeout, SourceUnavailable
from planrag.guards.dialects import Dialect, sql_dialect
from planrag.schema import Column, Entity, ForeignKey, Schema
from planrag.sources._params import sql_bound
from planrag.sources._sqlite_pool import FilePool, Handle, Signature, file_pool
from planrag.sources._values import sql_values
from planrag.sources._view_reads import definitions_read, select_of
from planrag.sources.base import Language, Read, Submission
from planrag.table import Limits, Table, TableBuilder, value_too_large

__all__ = ["SQLiteSource"]

_SHOW_TABLES = re.compile(r"^\s*SHOW\s+(?:FULL\s+)?TABLES\s*;?\s*$", re.I)
_SHOW_COLUMNS = re.compile(
    r"^\s*(?:SHOW\s+(?:FULL\s+)?(?:COLUMNS|FIELDS)\s+FROM|DESCRIBE|DESC)\s+`?(\w+)`?\s*;?\s*$", re.I
)
_ALLOWED_ACTIONS = {
    sqlite3.SQLITE_SELECT,
    sqlite3.SQLITE_READ,
    sqlite3.SQLITE_FUNCTION,
    getattr(sqlite3, "SQLITE_RECURSIVE", 33),
}
_READ_PRAGMAS = {"table_info", "table_xinfo", "index_list", "index_info", "foreign_key_list"}
_DENIED_FUNCTIONS = {"load_extension", "readfile", "writefile", "edit", "fts3_tokenizer"}
_WATCHDOG_GRACE_S = 2.0
_INTERRUPT_WAIT_S = 2.0


class SQLiteSource:
    """A read-only SQLite database file.

    Sources are cheap: every source on the same file shares one pool of connections of the
    process (`planrag.sources._sqlite_pool`), so a hundred runs at once use at most
    `pool_size` connections and worker threads."""

    language: Language = "sql"
    dialect: Dialect = "sqlite"
    insertion_order: str = "rowid"
    """What to ORDER BY to read rows in the order they were inserted (the loader inserts in
    file order; SQLite keeps a table whose key is one INTEGER column in key order)."""

    def __init__(
        self,
        path: Path,
        *,
        limits: Limits | None = None,
        pool_size: int = 4,
        pool_wait_s: float = 10.0,
    ) -> None:
        self.path = path
        self.name = f"sqlite:{path.stem}"
        self.limits = limits or Limits()
        self.pool_size = pool_size
        self.pool_wait_s = pool_wait_s
        self._pool: FilePool | None = None

    # ------------------------------------------------------------------ protocol

    async def execute(
        self, query: str, limits: Limits | None = None, params: Mapping[str, Any] | None = None
    ) -> Table:
        """With `params`, the query's `:name` placeholders are bound by the driver
        (`planrag.sources._params`)."""
        limits = limits or self.limits
        statement, args = query, ()
        if params is not None:
            bound = sql_bound(query, params, marker="?", dialect=self.dialect)
            statement, args = bound.text, bound.args
        if params is None:
            statement = _catalogue_answer(query) or query
        pool = self._shared()
        handle = await pool.acquire(_open)
        worker = asyncio.ensure_future(
            asyncio.to_thread(_run, handle, statement, limits, args, query))
        try:
            async with asyncio.timeout(limits.timeout_s + _WATCHDOG_GRACE_S):
                table = await asyncio.shield(worker)
        except TimeoutError:
            # The progress handler missed the deadline (a long step): interrupt, and give the
            # thread a moment to stop before the connection is lent again.
            handle.conn.interrupt()
            try:
                await asyncio.wait({worker}, timeout=_INTERRUPT_WAIT_S)
            finally:
                self._give_back(pool, handle, worker)
            raise QueryTimeout(
                f"query stopped after {limits.timeout_s:g} s; narrow it or aggregate",
                query=query,
                language="sql",
            ) from None
        except BaseException:
            if not worker.done():  # the caller was cancelled: stop the statement
                handle.conn.interrupt()
            self._give_back(pool, handle, worker)
            raise
        pool.release(handle)
        return table

    async def submission(
        self, query: str, params: Mapping[str, Any] | None = None
    ) -> Submission:
        """Judged in SQLite's dialect, `main` the only database it may name."""
        if params is None:
            return Submission(self.dialect, query)
        bound = sql_bound(query, params, marker="?", dialect=self.dialect)
        return Submission(self.dialect, bound.checked, params=bound.placeholders)

    async def schema(self, read: Read | None = None) -> Schema:
        """Tables and views with columns, keys, foreign keys and row counts, with the value
        index of short text columns (`planrag.sources._values`, read through `execute`);
        cached together for every source on this file until the file changes, or a few
        minutes."""
        pool = self._shared()
        async with pool.schema_lock:  # runs that find it stale at once read it once
            signature = pool.signature()
            cached = pool.cached_schema(signature)
            if cached is not None:
                return cached
            return await self._read_schema(pool, signature, read or self.execute)

    async def _read_schema(self, pool: FilePool, signature: Signature, read: Read) -> Schema:
        handle = await pool.acquire(_open)
        worker = asyncio.ensure_future(asyncio.to_thread(_describe, handle.conn))
        try:
            entities = await asyncio.shield(worker)
        except BaseException as exc:
            if not worker.done():
                handle.conn.interrupt()
            self._give_back(pool, handle, worker)
            if isinstance(exc, sqlite3.DatabaseError):  # not a database, damaged, encrypted
                raise SourceUnavailable(
                    f"the SQLite file {self.path} cannot be read as a database ({exc}); "
                    "check that it is an undamaged, unencrypted SQLite 3 file"
                ) from None
            raise
        pool.release(handle)
        schema = Schema(dialect=self.dialect, database=self.path.stem, entities=entities)
        values = await sql_values(read, schema, sql_dialect(self.dialect))
        schema = replace(schema, values=values)
        pool.schema = (signature, time.monotonic(), schema)
        return schema

    async def close(self) -> None:
        """Let go of the file's pool (a later query takes it again). Idempotent."""
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.give_back()

    # ------------------------------------------------------------------ internals

    def _shared(self) -> FilePool:
        if self._pool is None:
            if not self.path.is_file():
                raise SourceUnavailable(
                    f"SQLite database {self.path} does not exist; run `planrag load --target "
                    "sqlite`"
                )
            self._pool = file_pool(self.path, self.pool_size, self.pool_wait_s)
            self._pool.borrow()
        return self._pool

    @staticmethod
    def _give_back(pool: FilePool, handle: Handle, worker: asyncio.Future[Any]) -> None:
        """Return a connection whose thread may still be running."""
        if worker.done():
            if not worker.cancelled():
                worker.exception()  # retrieved (the caller raises its own error)
            pool.release(handle)
        else:
            pool.forsake(handle, worker)


def _open(path: Path) -> sqlite3.Connection:
    try:
        conn = sqlite3.connect(
            f"file:{path}?mode=ro",
            uri=True,
            check_same_thread=False,
            isolation_level=None,
        )
        conn.execute("PRAGMA query_only = ON")
    except sqlite3.Error as exc:
        raise SourceUnavailable(f"cannot open SQLite database {path}: {exc}") from None
    conn.set_authorizer(_authorize)
    return conn


def _run(
    handle: Handle, statement: str, limits: Limits, args: tuple[Any, ...] = (),
    shown: str | None = None,
) -> Table:
    """Run one statement on a worker thread, under the deadline and the caps."""
    started = time.perf_counter()
    handle.begin(limits.timeout_s)
    handle.conn.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, limits.max_cell_bytes)
    try:
        cursor = handle.conn.execute(statement, args)
        columns = [d[0] for d in cursor.description or ()]
        builder = TableBuilder(columns, limits, query=statement if shown is None else shown,
                               language="sql")
        exhausted = True
        while True:
            batch = cursor.fetchmany(builder.next_batch())
            if not batch:
                break
            if not builder.take(batch):
                exhausted = not builder.left_over and cursor.fetchone() is None
                break
        cursor.close()
    except sqlite3.Error as exc:
        raise _translate(exc, statement if shown is None else shown, limits) from None
    finally:
        handle.end()
    return builder.build((time.perf_counter() - started) * 1000, exhausted=exhausted)


def _authorize(
    action: int, arg1: str | None, arg2: str | None, _db: str | None, _trigger: str | None
) -> int:
    if action == sqlite3.SQLITE_PRAGMA:
        # Only the catalogue pragmas DESCRIBE/SHOW COLUMNS need (their argument is a table).
        return sqlite3.SQLITE_OK if arg1 in _READ_PRAGMAS else sqlite3.SQLITE_DENY
    if action == sqlite3.SQLITE_UPDATE and arg1 == "sqlite_master":
        # SQLite itself asks this while first preparing an eponymous virtual table such as
        # pragma_table_info; the file is opened mode=ro with query_only, so nothing is written.
        return sqlite3.SQLITE_OK
    if action not in _ALLOWED_ACTIONS:
        return sqlite3.SQLITE_DENY
    if action == sqlite3.SQLITE_FUNCTION and (arg2 or "").lower() in _DENIED_FUNCTIONS:
        return sqlite3.SQLITE_DENY
    if (
        action == sqlite3.SQLITE_READ
        and (arg1 or "").startswith("sqlite_")
        and arg1 not in ("sqlite_master", "sqlite_schema")
    ):
        return sqlite3.SQLITE_DENY
    return sqlite3.SQLITE_OK


def _translate(exc: sqlite3.Error, statement: str, limits: Limits) -> QueryError:
    text = str(exc)
    if "string or blob too big" in text:
        return value_too_large(
            limits, stopped="SQLite stopped the query rather than build or read it",
            query=statement, language="sql",
            instead="build a shorter value; a value stored that long cannot be read even in "
            "part (substr, length) under this limit: leave its column out")
    if isinstance(exc, sqlite3.OperationalError) and "interrupted" in text:
        return QueryTimeout(
            f"query stopped after {limits.timeout_s:g} s; narrow it or aggregate",
            query=statement,
            language="sql",
        )
    if "not authorized" in text or "prohibited" in text or "readonly" in text:
        return QueryRefused(
            f"the database refused it as not read-only ({text})",
            rule="database-read-only",
            query=statement,
            language="sql",
        )
    return QueryFailed(f"SQLite rejected the query: {text}", query=statement, language="sql")


def _catalogue_answer(query: str) -> str | None:
    """The catalogue query answering MySQL's SHOW TABLES, SHOW COLUMNS or DESCRIBE; None for
    every other query (it runs as written)."""
    if _SHOW_TABLES.match(query):
        return (
            "SELECT name AS Tables FROM sqlite_master WHERE type = 'table' "
            "AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '\\_planrag%' ESCAPE '\\' "
            "ORDER BY name"
        )
    m = _SHOW_COLUMNS.match(query)
    if m:
        table = m.group(1).replace("'", "''")
        return (
            "SELECT name AS Field, type AS Type, CASE WHEN pk > 0 THEN 'PRI' ELSE '' END "
            f"AS \"Key\" FROM pragma_table_info('{table}') ORDER BY cid"
        )
    return None


def _describe(conn: sqlite3.Connection) -> tuple[Entity, ...]:
    """Tables and views with their columns, keys and foreign keys, the tables each view reads
    (its `CREATE VIEW` read by the guard's reader: `planrag.sources._view_reads`), and row
    counts: exact from the loader's marker for a loaded copy, else estimates (`sqlite_stat1`
    when the file was analysed, else the highest rowid), never a COUNT(*) per table."""
    conn.set_authorizer(None)
    try:
        tables = conn.execute(
            "SELECT name, type, CASE type WHEN 'view' THEN sql END FROM sqlite_master "
            "WHERE type IN ('table', 'view') "
            "AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '\\_planrag%' ESCAPE '\\' "
            "ORDER BY rowid"
        ).fetchall()
        exact = _loaded_counts(conn)
        estimates = _stat_counts(conn) if exact is None else {}
        reads = definitions_read(
            {str(name): select_of(str(sql or ""), "sqlite")
             for name, kind, sql in tables if kind == "view"},
            (str(name) for name, _kind, _sql in tables), "sqlite")
        entities = []
        for name, kind, _sql in tables:
            quoted = '"' + str(name).replace('"', '""') + '"'
            info = conn.execute(f"PRAGMA table_info({quoted})").fetchall()
            cols = tuple(Column(r[1], r[2] or "ANY", bool(r[5])) for r in info)
            keys = _foreign_keys(conn, quoted)
            if exact is not None:
                rows, is_exact = exact.get(str(name)), True
            else:
                rows, is_exact = estimates.get(str(name)), False
                if rows is None and kind == "table":
                    rows = _highest_rowid(conn, quoted)
            entities.append(Entity(
                "table", str(name), cols, rows=rows, rows_exact=is_exact,
                comment="view" if kind == "view" else "", foreign_keys=keys,
                reads=reads.get(str(name), ()),
            ))
        return tuple(entities)
    finally:
        conn.set_authorizer(_authorize)


def _loaded_counts(conn: sqlite3.Connection) -> dict[str, int] | None:
    """The row count of every table, as the loader recorded it (None: not a loaded copy)."""
    try:
        row = conn.execute("SELECT table_rows FROM _planrag_load LIMIT 1").fetchone()
    except sqlite3.Error:
        return None
    if not row or not row[0]:
        return None
    try:
        counts = json.loads(row[0])
    except ValueError:
        return None
    return {str(k): int(v) for k, v in counts.items()} if isinstance(counts, dict) else None


def _stat_counts(conn: sqlite3.Connection) -> dict[str, int]:
    """Row counts ANALYZE left in sqlite_stat1 (first number of each table's stat)."""
    try:
        rows = conn.execute("SELECT tbl, stat FROM sqlite_stat1").fetchall()
    except sqlite3.Error:
        return {}
    out: dict[str, int] = {}
    for table, stat in rows:
        head = str(stat or "").split(" ", 1)[0]
        if head.isdigit():
            out[str(table)] = max(out.get(str(table), 0), int(head))
    return out


def _highest_rowid(conn: sqlite3.Connection, quoted: str) -> int | None:
    """An estimate of a rowid table's size (one index lookup); None without a rowid."""
    try:
        row: Any = conn.execute(f"SELECT max(_rowid_) FROM {quoted}").fetchone()
    except sqlite3.Error:
        return None
    return int(row[0]) if row and isinstance(row[0], int) else 0 if row else None


def _foreign_keys(conn: sqlite3.Connection, quoted: str) -> tuple[ForeignKey, ...]:
    grouped: dict[int, list[tuple[str, str, str]]] = {}
    for r in conn.execute(f"PRAGMA foreign_key_list({quoted})").fetchall():
        grouped.setdefault(int(r[0]), []).append((str(r[2]), str(r[3]), str(r[4] or "")))
    return tuple(
        ForeignKey(tuple(p[1] for p in parts), parts[0][0], tuple(p[2] for p in parts))
        for _, parts in sorted(grouped.items())
    )
