"""Reading a MySQL/MariaDB database's schema for prompts, in three catalogue queries.

Tables (with their comments and the server's row estimate, `TABLE_ROWS`: statistics, never a
`COUNT(*)`), columns (type, primary key, comment) and foreign keys, all confined to the
current database. Three queries whatever the number of tables, so a schema of hundreds of
tables is read in well under a second.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from planrag.schema import Column, Entity, ForeignKey, Schema
from planrag.table import Limits, Table

__all__ = ["read_schema"]

Run = Callable[[str, Limits], Awaitable[Table]]

_LIMITS = Limits(max_rows=1_000_000, max_bytes=200_000_000, count_rows=1, timeout_s=30.0)
_HIDDEN = "\\_planrag%"
"""The loader's bookkeeping tables."""

TABLES = (
    "SELECT TABLE_NAME, TABLE_TYPE, TABLE_ROWS, TABLE_COMMENT FROM information_schema.TABLES "
    f"WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME NOT LIKE '{_HIDDEN}' "
    "ORDER BY CREATE_TIME, TABLE_NAME"
)
COLUMNS = (
    "SELECT TABLE_NAME, COLUMN_NAME, COLUMN_TYPE, COLUMN_KEY = 'PRI', COLUMN_COMMENT "
    "FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() "
    f"AND TABLE_NAME NOT LIKE '{_HIDDEN}' ORDER BY TABLE_NAME, ORDINAL_POSITION"
)
FOREIGN_KEYS = (
    "SELECT TABLE_NAME, CONSTRAINT_NAME, COLUMN_NAME, REFERENCED_TABLE_NAME, "
    "REFERENCED_COLUMN_NAME FROM information_schema.KEY_COLUMN_USAGE "
    "WHERE TABLE_SCHEMA = DATABASE() AND REFERENCED_TABLE_SCHEMA = DATABASE() "
    "AND REFERENCED_TABLE_NAME IS NOT NULL ORDER BY TABLE_NAME, CONSTRAINT_NAME, "
    "ORDINAL_POSITION"
)


async def read_schema(run: Run, dialect: str, database: str) -> Schema:
    """The schema of the current database, read with `run` (the source's own catalogue
    queries, rolled back like any other)."""
    tables = await run(TABLES, _LIMITS)
    columns = await run(COLUMNS, _LIMITS)
    foreign = await run(FOREIGN_KEYS, _LIMITS)
    by_table: dict[str, list[Column]] = {}
    for name, col, ctype, key, comment in columns.rows:
        by_table.setdefault(str(name), []).append(
            Column(str(col), str(ctype).upper(), bool(key), _text(comment))
        )
    keys = _foreign_keys(foreign.rows)
    entities = []
    for name, ttype, rows, comment in tables.rows:
        table = str(name)
        text = _text(comment)
        if str(ttype).upper() == "VIEW":
            text = "view" if text.upper() in ("", "VIEW") else f"view: {text}"
        entities.append(
            Entity(
                "table",
                table,
                tuple(by_table.get(table, ())),
                rows=None if rows is None else int(rows),
                rows_exact=False,
                comment=text,
                foreign_keys=keys.get(table, ()),
            )
        )
    return Schema(dialect=dialect, database=database, entities=tuple(entities))


def _foreign_keys(rows: Sequence[Sequence[Any]]) -> dict[str, tuple[ForeignKey, ...]]:
    grouped: dict[tuple[str, str], list[tuple[str, str, str]]] = {}
    for table, constraint, column, ref_table, ref_column in rows:
        grouped.setdefault((str(table), str(constraint)), []).append(
            (str(column), str(ref_table), str(ref_column))
        )
    out: dict[str, list[ForeignKey]] = {}
    for (table, _constraint), parts in grouped.items():
        out.setdefault(table, []).append(
            ForeignKey(
                columns=tuple(p[0] for p in parts),
                table=parts[0][1],
                ref_columns=tuple(p[2] for p in parts),
            )
        )
    return {t: tuple(fks) for t, fks in out.items()}


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bytes | bytearray):
        value = value.decode("utf-8", "replace")
    return " ".join(str(value).split())
