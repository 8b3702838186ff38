"""DuckDB: a set of CSV, TSV, Parquet and Excel files, or an existing .duckdb file, read-only.

1. The parser-level guard, in DuckDB's dialect, put in front by its kind
   (`planrag.sources.guarded`).
2. Database level, DuckDB's own settings, on every database before any query runs: the
   views (files) or the file (`.duckdb`) opened `read_only` (no CREATE, DROP or INSERT on
   it); `enable_external_access = false` with `allowed_paths` the dataset's own files only,
   so `read_csv('/etc/passwd')`, `glob`, COPY, ATTACH, INSTALL, LOAD and URLs are refused by
   DuckDB itself; `autoinstall_known_extensions` and `autoload_known_extensions` off (the
   Excel extension is loaded from its installed wheel first); a `memory_limit` and `threads`
   (PLANRAG_DUCKDB_MEMORY, PLANRAG_DUCKDB_THREADS); then `lock_configuration`, so no SET
   undoes any of it. A statement is interrupted at the timeout (`interrupt()` from a timer;
   a watchdog interrupts again if that is missed), and each runs on a connection of its own
   (a cursor: nothing a statement makes outlives it).
3. Fetch-time row and byte caps, and the cap on one value (`TableBuilder`).

Files are read where they lie (`planrag.sources._duckdb_files`): one view per file or sheet,
typed once per process and read again when a file changes; nothing is copied into memory.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import shutil
import tempfile
import threading
import time
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from planrag.errors import QueryError, QueryFailed, QueryRefused, QueryTimeout, SourceUnavailable
from planrag.guards.dialects import Dialect, sql_dialect
from planrag.schema import Column, Entity, Schema
from planrag.sources._duckdb_files import (
    FilePlan,
    excel_extension,
    literal,
    plan_files,
    quoted,
    write_catalog,
)
from planrag.sources._params import sql_bound
from planrag.sources._values import sql_values
from planrag.sources.base import Language, Read, Submission
from planrag.table import Limits, Table, TableBuilder

__all__ = ["DuckDBSource", "open_database"]

DUCKDB: Dialect = "duckdb"
"""The dialect DuckDB's queries are written in and judged in (`planrag.guards.dialects`)."""
_SCHEMA_TTL_S = 300.0
_WATCHDOG_GRACE_S = 2.0
_INTERRUPT_WAIT_S = 2.0
_REFUSED = ("Permission Error", "read-only mode", "configuration has been locked",
            "disabled by configuration", "Cannot change configuration")


@dataclass
class Database:
    """One opened, configured and locked DuckDB database of a process, and what it reads."""

    conn: Any
    """The locked connection; each statement runs on a cursor of its own."""
    signature: tuple[object, ...]
    plan: FilePlan | None
    """The files' tables (None: a .duckdb file)."""
    folder: Path
    """A private folder: the views' file (files) and DuckDB's spill space."""
    size: int
    """Statements that may run at once (PLANRAG_POOL_SIZE)."""
    slots: threading.BoundedSemaphore = field(init=False)
    schema: tuple[float, Schema] | None = None
    lock: threading.Lock = field(default_factory=threading.Lock)

    def __post_init__(self) -> None:
        self.slots = threading.BoundedSemaphore(self.size)

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.conn.close()
        shutil.rmtree(self.folder, ignore_errors=True)


_OPEN: dict[tuple[object, ...], Database] = {}
_OPEN_LOCK = threading.Lock()


@atexit.register
def _close_all() -> None:
    with _OPEN_LOCK:
        for db in _OPEN.values():
            db.close()
        _OPEN.clear()


def _signature(paths: Sequence[Path]) -> tuple[object, ...]:
    """What tells these files from changed or replaced ones."""
    out: list[object] = []
    for path in paths:
        try:
            st = path.stat()
        except OSError:
            raise SourceUnavailable(f"the file {path} does not exist (any more); check the "
                                    "dataset's files, or run planrag connect ID --update") from None
        out += [str(path), st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns]
    return tuple(out)


def open_database(files: Sequence[Path] = (), database: Path | None = None, *,
                  date_order: str = "dmy", memory: str = "1GB", threads: int = 2,
                  pool_size: int = 4) -> Database:
    """The process's database on these files (or this .duckdb file), opened and locked on
    first use and again when a file changed (blocking: call it on a worker thread)."""
    paths = (database,) if database is not None else tuple(files)
    key: tuple[object, ...] = (database is not None, paths, date_order, memory, threads)
    signature = _signature(paths)
    with _OPEN_LOCK:
        found = _OPEN.get(key)
        if found is not None and found.signature == signature:
            return found
        if found is not None:
            del _OPEN[key]
            found.close()
        folder = Path(tempfile.mkdtemp(prefix="planrag-duckdb-"))
        try:
            opened = _open(files, database, date_order, memory, threads, folder)
        except BaseException:
            shutil.rmtree(folder, ignore_errors=True)
            raise
        conn, plan = opened
        db = Database(conn, signature, plan, folder, pool_size)
        _OPEN[key] = db
        return db


def _open(files: Sequence[Path], database: Path | None, date_order: str, memory: str,
          threads: int, folder: Path) -> tuple[Any, FilePlan | None]:
    import duckdb

    plan: FilePlan | None = None
    if database is None:
        plan = plan_files(files, date_order)
        path = folder / "views.duckdb"
        write_catalog(plan, path)
    else:
        path = database
    try:
        conn = duckdb.connect(str(path), read_only=True, config={
            "autoinstall_known_extensions": False, "autoload_known_extensions": False,
            "allow_community_extensions": False,
            # a name no table has must not read a Python variable of this process
            "python_enable_replacements": False})
    except duckdb.Error as exc:
        raise SourceUnavailable(f"cannot open the DuckDB file {path} read-only: "
                                f"{str(exc).splitlines()[0]}") from None
    try:
        if plan is not None and plan.needs_excel:
            conn.execute(f"LOAD {literal(str(excel_extension()))}")
        allowed = [str(p) for p in plan.paths] if plan is not None else []
        conn.execute("SET allowed_paths = $1", [allowed])
        conn.execute("SET temp_directory = $1", [str(folder / "spill")])
        conn.execute("SET enable_external_access = false")
        conn.execute("SET memory_limit = $1", [memory])
        conn.execute(f"SET threads = {int(threads)}")
        conn.execute("SET lock_configuration = true")
    except BaseException:
        conn.close()
        raise
    return conn, plan


class DuckDBSource:
    """CSV/TSV/Parquet/Excel files (`files`) or a .duckdb file (`database`), read-only.

    Sources are cheap: every source on the same files shares the process's one database
    (`open_database`), at most `pool_size` statements at once."""

    language: Language = "sql"
    dialect: Dialect = DUCKDB

    def __init__(
        self,
        files: Sequence[Path] = (),
        *,
        database: Path | None = None,
        date_order: str = "dmy",
        limits: Limits | None = None,
        memory: str = "1GB",
        threads: int = 2,
        pool_size: int = 4,
        pool_wait_s: float = 10.0,
    ) -> None:
        if (database is None) == (not files):
            raise ValueError("name either files or a database file")
        self.files = tuple(files)
        self.database = database
        self.date_order = date_order
        self.name = (f"duckdb:{database.stem}" if database is not None
                     else f"files:{self.files[0].parent.name or self.files[0].stem}")
        self.limits = limits or Limits()
        self.memory = memory
        self.threads = threads
        self.pool_size = pool_size
        self.pool_wait_s = pool_wait_s

    def _database(self) -> Database:
        return open_database(self.files, self.database, date_order=self.date_order,
                             memory=self.memory, threads=self.threads,
                             pool_size=self.pool_size)

    async def opened(self) -> Database:
        """The shared database, opened (and the files typed) on a worker thread."""
        return await asyncio.to_thread(self._database)

    async def plan(self) -> FilePlan | None:
        """The files' tables and types (None for a .duckdb file)."""
        return (await self.opened()).plan

    # ------------------------------------------------------------------ protocol

    async def execute(
        self, query: str, limits: Limits | None = None, params: Mapping[str, Any] | None = None
    ) -> Table:
        """With `params`, the query's `:name` placeholders are bound by the driver, as
        `$1`, `$2`... with each value as it is (`planrag.sources._params`)."""
        limits = limits or self.limits
        statement, args = query, ()
        if params is not None:
            bound = sql_bound(query, params, marker="$", dialect=self.dialect)
            statement, args = bound.text, bound.args
        db = await self.opened()
        cursor = db.conn.cursor()
        worker = asyncio.ensure_future(asyncio.to_thread(
            _run, db, cursor, statement, limits, args, query, self.pool_wait_s))
        try:
            async with asyncio.timeout(limits.timeout_s + self.pool_wait_s
                                       + _WATCHDOG_GRACE_S):
                return await asyncio.shield(worker)
        except TimeoutError:
            cursor.interrupt()
            with contextlib.suppress(BaseException):
                await asyncio.wait({worker}, timeout=_INTERRUPT_WAIT_S)
            raise _timeout(query, limits) from None
        except BaseException:
            if not worker.done():  # the caller was cancelled: stop the statement
                cursor.interrupt()
                worker.add_done_callback(_retrieved)
            raise

    async def submission(
        self, query: str, params: Mapping[str, Any] | None = None
    ) -> Submission:
        """Judged in DuckDB's dialect."""
        if params is None:
            return Submission(self.dialect, query)
        bound = sql_bound(query, params, marker="$", dialect=self.dialect)
        return Submission(self.dialect, bound.checked, params=bound.placeholders)

    async def schema(self, read: Read | None = None) -> Schema:
        """Tables and views with columns, comments and row counts (the files': counted when
        they were typed; a .duckdb file's: DuckDB's estimates), with the value index
        (`planrag.sources._values`, read through `read`); cached until a file changes, or a
        few minutes."""
        db = await self.opened()
        if db.schema is not None and time.monotonic() - db.schema[0] < _SCHEMA_TTL_S:
            return db.schema[1]
        entities = await asyncio.to_thread(_describe, db)
        stem = self.database.stem if self.database is not None else self.name.split(":", 1)[1]
        schema = Schema(dialect=self.dialect, database=stem, entities=entities)
        values = await sql_values(read or self.execute, schema, sql_dialect(self.dialect))
        schema = replace(schema, values=values)
        db.schema = (time.monotonic(), schema)
        return schema

    async def close(self) -> None:
        """Nothing of its own to let go: the database is the process's, shared. Idempotent."""


def _retrieved(done: asyncio.Future[Any]) -> None:
    if not done.cancelled():
        done.exception()


def _timeout(query: str, limits: Limits) -> QueryTimeout:
    return QueryTimeout(f"query stopped after {limits.timeout_s:g} s; narrow it or aggregate",
                        query=query, language="sql")


def _run(db: Database, cursor: Any, statement: str, limits: Limits, args: tuple[Any, ...],
         shown: str, wait_s: float) -> Table:
    """Run one statement on a worker thread, interrupted at the deadline, under the caps."""
    import duckdb

    if not db.slots.acquire(timeout=wait_s):
        cursor.close()
        raise SourceUnavailable(f"all {db.size} DuckDB connections are busy; "
                                f"waited {wait_s:g} s; try again in a moment, or raise "
                                "PLANRAG_POOL_SIZE")
    started = time.perf_counter()
    timer = threading.Timer(limits.timeout_s, cursor.interrupt)
    timer.daemon = True
    timer.start()
    try:
        cursor.execute(statement, list(args) if args else None)
        columns = [d[0] for d in cursor.description or ()]
        builder = TableBuilder(columns, limits, query=shown, language="sql")
        exhausted = True
        while True:
            batch = cursor.fetchmany(builder.next_batch())
            if not batch:
                break
            if not builder.take([tuple(_value(v) for v in row) for row in batch]):
                exhausted = not builder.left_over and not cursor.fetchmany(1)
                break
    except duckdb.Error as exc:
        raise _translate(exc, shown, limits) from None
    finally:
        timer.cancel()
        with contextlib.suppress(Exception):
            cursor.close()
        db.slots.release()
    return builder.build((time.perf_counter() - started) * 1000, exhausted=exhausted)


def _value(value: Any) -> Any:
    """Values as the other sources give them (a UUID as its text)."""
    return str(value) if isinstance(value, uuid.UUID) else value


def _translate(exc: Exception, query: str, limits: Limits) -> QueryError:
    import duckdb

    text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    if isinstance(exc, duckdb.InterruptException):
        return _timeout(query, limits)
    if isinstance(exc, duckdb.PermissionException) or any(r in text for r in _REFUSED):
        return QueryRefused(f"DuckDB refused it: only reading the dataset's own tables is "
                            f"allowed ({text})", rule="database-read-only", query=query,
                            language="sql")
    if isinstance(exc, duckdb.OutOfMemoryException):
        return QueryFailed(f"DuckDB ran out of its memory limit ({text}); aggregate, filter "
                           "or select fewer columns", query=query, language="sql")
    return QueryFailed(f"DuckDB rejected the query: {text}", query=query, language="sql")


def _describe(db: Database) -> tuple[Entity, ...]:
    """The user's tables and views, with their columns, comments and row counts."""
    cursor = db.conn.cursor()
    try:
        objects = cursor.execute(
            "SELECT schema_name, table_name, 'table', comment, estimated_size "
            "FROM duckdb_tables() WHERE NOT internal AND NOT temporary "
            "UNION ALL SELECT schema_name, view_name, 'view', comment, NULL "
            "FROM duckdb_views() WHERE NOT internal AND NOT temporary "
            "ORDER BY 1, 2").fetchall()
        columns = cursor.execute(
            "SELECT schema_name, table_name, column_name, data_type, comment "
            "FROM duckdb_columns() WHERE NOT internal ORDER BY column_index").fetchall()
        keys = cursor.execute(
            "SELECT schema_name, table_name, constraint_column_names FROM duckdb_constraints() "
            "WHERE constraint_type = 'PRIMARY KEY'").fetchall()
    finally:
        cursor.close()
    by_table: dict[tuple[str, str], list[tuple[str, str, str]]] = {}
    for schema, table, name, kind, comment in columns:
        by_table.setdefault((schema, table), []).append((str(name), str(kind), comment or ""))
    key_columns = {(s, t): set(cols or ()) for s, t, cols in keys}
    counts = {t.name: t.rows for t in db.plan.tables} if db.plan is not None else {}
    entities = []
    for schema, table, kind, comment, estimate in objects:
        name = table if schema == "main" else f"{quoted(schema)}.{quoted(table)}"
        cols = tuple(Column(n, t, n in key_columns.get((schema, table), set()), c)
                     for n, t, c in by_table.get((schema, table), []))
        if db.plan is not None:
            rows, exact = counts.get(table), True
        else:
            rows, exact = (int(estimate) if estimate is not None else None), False
        note = str(comment or "")
        if db.plan is None and kind == "view":
            note = f"view{'; ' + note if note else ''}"
        entities.append(Entity("table", str(name), cols, rows=rows, rows_exact=exact,
                               comment=note))
    return tuple(entities)
