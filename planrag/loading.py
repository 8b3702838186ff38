"""Load dataset dumps into MySQL/MariaDB, SQLite files and the graph server, idempotently.

Every loaded database carries a marker (`_planrag_load` table, `_PlanragLoad` node) with the
SHA-256 of the dump it came from; a load whose dump has not changed does nothing and says so.
Rows are inserted in batches (parameterised `executemany`, Cypher `UNWIND`), never by
replaying the dump's statements.

Relational loads never leave a half-written database behind: MySQL loads into a staging
database and moves the tables over in one `RENAME TABLE`; SQLite writes a temporary file and
renames it into place. FLOAT columns are created as DOUBLE: MySQL's FLOAT is 4 bytes and
would round the dumps' decimal literals, whereas DOUBLE (and SQLite's REAL) keep the exact
value Python reads from the dump, so every target answers with the same numbers.
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import time
import warnings
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal

import aiomysql
import pymysql

from planrag.datasets import Dataset, Dump
from planrag.dumps import ColumnDef, RelationalDump, parse_sql
from planrag.errors import DatasetError, SourceUnavailable
from planrag.settings import MySQLAddress
from planrag.sources.mysql import connect_error

__all__ = ["LoadReport", "load_mysql", "load_sqlite", "sqlite_path"]

Action = Literal["loaded", "reloaded", "up to date"]
MARKER_TABLE = "_planrag_load"
_SQLITE_FORMAT = ":2"
"""Appended to the dump's hash in a SQLite copy's marker: copies written before the marker
held each table's row count (the schema's exact counts) are loaded again once."""
_BATCH = 2000


@dataclass(frozen=True)
class LoadReport:
    target: str
    dump: str
    """`DATASET@STEM`."""
    database: str
    action: Action
    rows: int
    seconds: float
    note: str = ""

    def line(self) -> str:
        what = f"{self.rows} rows" if self.action != "up to date" else "unchanged"
        note = f" ({self.note})" if self.note else ""
        return (
            f"{self.target:6} {self.dump:38} -> {self.database}: {self.action}, {what}, "
            f"{self.seconds:.2f} s{note}"
        )


# --------------------------------------------------------------------------- types


def mysql_type(column: ColumnDef) -> str:
    base = column.type.split("(")[0]
    if base in ("FLOAT", "REAL", "DOUBLE"):
        return "DOUBLE"
    if not re.fullmatch(r"[A-Z]+(\(\d+(,\d+)?\))?( UNSIGNED)?", column.type):
        raise DatasetError(f"column {column.name}: unsupported type {column.type!r}")
    return column.type


def sqlite_type(column: ColumnDef) -> str:
    base = column.type.split("(")[0]
    if base in ("INT", "INTEGER", "BIGINT", "SMALLINT", "TINYINT", "MEDIUMINT", "BOOLEAN", "BOOL"):
        return "INTEGER"
    if base in ("FLOAT", "REAL", "DOUBLE", "DECIMAL", "NUMERIC"):
        return "REAL"
    return "TEXT"


def _q(name: str) -> str:
    return "`" + name.replace("`", "``") + "`"


def _dq(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


# --------------------------------------------------------------------------- MySQL


async def load_mysql(
    admin: MySQLAddress, dataset: Dataset, dump: Dump, prefix: str, *, force: bool = False
) -> LoadReport:
    """Load one relational dump into its own database (`prefix + dataset + stem`)."""
    started = time.perf_counter()
    database = dump.database_name(prefix)
    try:
        conn = await aiomysql.connect(
            host=admin.host,
            port=admin.port,
            user=admin.user,
            password=admin.password,
            autocommit=True,
            charset="utf8mb4",
            connect_timeout=5,
        )
    except (pymysql.err.Error, OSError) as exc:
        raise connect_error(admin, None, exc) from None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", pymysql.Warning)  # "database doesn't exist" on drops
        try:
            async with conn.cursor() as cur:
                existing = await _mysql_marker(cur, database)
                if existing == dump.content_hash and not force:
                    return LoadReport(
                        "mysql", dump.ref, database, "up to date", 0, time.perf_counter() - started
                    )
                parsed = parse_sql(dump.path, dataset.load_renames)
                staging = database + "__staging"
                try:
                    await _mysql_fill_staging(cur, staging, parsed, dataset, dump)
                    await _mysql_swap(cur, staging, database, list(parsed.tables))
                except BaseException:
                    await _drop_quietly(cur, staging)
                    raise
        except pymysql.err.Error as exc:
            raise SourceUnavailable(f"loading {dump.ref} into MySQL failed: {exc}") from None
        finally:
            conn.close()
    action: Action = "reloaded" if existing else "loaded"
    return LoadReport(
        "mysql", dump.ref, database, action, parsed.row_count, time.perf_counter() - started
    )


async def _drop_quietly(cur: aiomysql.Cursor, database: str) -> None:
    """Remove a staging database after a failed load; the original stays untouched."""
    try:
        await cur.execute(f"DROP DATABASE IF EXISTS {_q(database)}")
    except (pymysql.err.Error, OSError):
        pass  # the connection itself failed; the next load drops it first


async def _mysql_marker(cur: aiomysql.Cursor, database: str) -> str | None:
    await cur.execute(
        "SELECT 1 FROM information_schema.TABLES WHERE TABLE_SCHEMA = %s AND TABLE_NAME = %s",
        (database, MARKER_TABLE),
    )
    if not await cur.fetchone():
        return None
    await cur.execute(f"SELECT content_hash FROM {_q(database)}.{_q(MARKER_TABLE)} LIMIT 1")
    row = await cur.fetchone()
    return str(row[0]) if row else None


async def _mysql_fill_staging(
    cur: aiomysql.Cursor, staging: str, parsed: RelationalDump, dataset: Dataset, dump: Dump
) -> None:
    await cur.execute(f"DROP DATABASE IF EXISTS {_q(staging)}")
    await cur.execute(f"CREATE DATABASE {_q(staging)} CHARACTER SET utf8mb4")
    for table in parsed.tables.values():
        cols = [f"{_q(c.name)} {mysql_type(c)}" for c in table.columns]
        if table.primary_key:
            cols.append(f"PRIMARY KEY ({', '.join(_q(k) for k in table.primary_key)})")
        await cur.execute(
            f"CREATE TABLE {_q(staging)}.{_q(table.name)} ({', '.join(cols)}) ENGINE=InnoDB"
        )
        names = ", ".join(_q(c.name) for c in table.columns)
        marks = ", ".join(["%s"] * len(table.columns))
        insert = f"INSERT INTO {_q(staging)}.{_q(table.name)} ({names}) VALUES ({marks})"
        for i in range(0, len(table.rows), _BATCH):
            await cur.executemany(insert, table.rows[i : i + _BATCH])
    await cur.execute(
        f"CREATE TABLE {_q(staging)}.{_q(MARKER_TABLE)} (dataset VARCHAR(64), dump VARCHAR(64), "
        "content_hash CHAR(64), rows_loaded INT, loaded_at VARCHAR(32))"
    )
    await cur.execute(
        f"INSERT INTO {_q(staging)}.{_q(MARKER_TABLE)} VALUES (%s, %s, %s, %s, %s)",
        (dataset.id, dump.stem, dump.content_hash, parsed.row_count, _now()),
    )


async def _mysql_swap(cur: aiomysql.Cursor, staging: str, database: str, tables: list[str]) -> None:
    await cur.execute(f"DROP DATABASE IF EXISTS {_q(database)}")
    await cur.execute(f"CREATE DATABASE {_q(database)} CHARACTER SET utf8mb4")
    moves = ", ".join(
        f"{_q(staging)}.{_q(t)} TO {_q(database)}.{_q(t)}" for t in [*tables, MARKER_TABLE]
    )
    await cur.execute(f"RENAME TABLE {moves}")
    await cur.execute(f"DROP DATABASE {_q(staging)}")


# --------------------------------------------------------------------------- SQLite


def sqlite_path(directory: Path, dump: Dump, prefix: str) -> Path:
    return directory / f"{dump.database_name(prefix)}.sqlite"


def load_sqlite(
    directory: Path, dataset: Dataset, dump: Dump, prefix: str, *, force: bool = False
) -> LoadReport:
    """Write one relational dump to its own SQLite file, atomically."""
    started = time.perf_counter()
    target = sqlite_path(directory, dump, prefix)
    existing = _sqlite_marker(target)
    if existing == dump.content_hash + _SQLITE_FORMAT and not force:
        return LoadReport(
            "sqlite", dump.ref, str(target), "up to date", 0, time.perf_counter() - started
        )
    parsed = parse_sql(dump.path, dataset.load_renames)
    directory.mkdir(parents=True, exist_ok=True)
    tmp = target.with_suffix(f".tmp{os.getpid()}")
    tmp.unlink(missing_ok=True)
    try:
        _sqlite_write(tmp, parsed, dataset, dump)
        os.replace(tmp, target)
    finally:
        tmp.unlink(missing_ok=True)
    action: Action = "reloaded" if existing else "loaded"
    return LoadReport(
        "sqlite", dump.ref, str(target), action, parsed.row_count, time.perf_counter() - started
    )


def _sqlite_marker(path: Path) -> str | None:
    if not path.is_file():
        return None
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as conn:
            row = conn.execute(f"SELECT content_hash FROM {MARKER_TABLE} LIMIT 1").fetchone()
    except sqlite3.Error:
        return None  # not ours or damaged: reload it
    return str(row[0]) if row else None


def _sqlite_write(path: Path, parsed: RelationalDump, dataset: Dataset, dump: Dump) -> None:
    conn = sqlite3.connect(path)
    try:
        for table in parsed.tables.values():
            cols = [f"{_dq(c.name)} {sqlite_type(c)}" for c in table.columns]
            if table.primary_key:
                cols.append(f"PRIMARY KEY ({', '.join(_dq(k) for k in table.primary_key)})")
            conn.execute(f"CREATE TABLE {_dq(table.name)} ({', '.join(cols)})")
            marks = ", ".join("?" * len(table.columns))
            conn.executemany(f"INSERT INTO {_dq(table.name)} VALUES ({marks})", table.rows)
        conn.execute(
            f"CREATE TABLE {MARKER_TABLE} (dataset TEXT, dump TEXT, content_hash TEXT, "
            "rows_loaded INTEGER, loaded_at TEXT, table_rows TEXT)"
        )
        counts = {t.name: len(t.rows) for t in parsed.tables.values()}
        conn.execute(
            f"INSERT INTO {MARKER_TABLE} VALUES (?, ?, ?, ?, ?, ?)",
            (dataset.id, dump.stem, dump.content_hash + _SQLITE_FORMAT, parsed.row_count,
             _now(), json.dumps(counts)),
        )
        conn.commit()
    finally:
        conn.close()


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")
