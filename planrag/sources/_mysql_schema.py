"""Reading a MySQL/MariaDB database's schema for prompts, in three catalogue queries (four
with views).

Tables (with their comments and the server's row estimate, `TABLE_ROWS`: statistics, never a
`COUNT(*)`), columns (type, primary key, comment), foreign keys and, when there are views,
their definitions (`VIEWS.VIEW_DEFINITION`, read for the tables each reads:
`planrag.sources._view_reads`; MariaDB has no `VIEW_TABLE_USAGE`), all confined to the
current database. At most four queries whatever the number of tables, so a schema of
hundreds of tables is read in well under a second.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from planrag.guards.reads import MAX_CHARS
from planrag.schema import Column, Entity, ForeignKey, Schema
from planrag.sources._view_reads import definitions_read
from planrag.table import Limits, Table

__all__ = ["column_type", "read_schema"]

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
VIEWS = (
    "SELECT TABLE_NAME, CASE WHEN CHAR_LENGTH(VIEW_DEFINITION) <= "
    f"{MAX_CHARS} THEN VIEW_DEFINITION ELSE '' END, TABLE_SCHEMA "
    "FROM information_schema.VIEWS WHERE TABLE_SCHEMA = DATABASE()"
)
"""A definition qualifies every name with the database as `TABLE_SCHEMA` spells it; it is
empty to an account without SHOW VIEW, and not fetched when longer than the guard's reader
reads (its view then links nothing)."""


_DISPLAY_WIDTH = re.compile(r"^((?:TINY|SMALL|MEDIUM|BIG)?INT)\(\d+\)")


def column_type(written: str) -> str:
    """A column's type as the whole schema and `describe_tables` show it: upper case, an
    integer's display width left out as MySQL 8 does (`INT(11)` is `INT`: the width says
    nothing of the values), except `TINYINT(1)`, the convention for yes/no, and a width a
    `ZEROFILL` column is padded to."""
    text = written.upper()
    if text.startswith("TINYINT(1)") or "ZEROFILL" in text:
        return text
    return _DISPLAY_WIDTH.sub(r"\1", text)


async def read_schema(run: Run, dialect: str, database: str) -> Schema:
    """The schema of the current database, read with `run` (the source's own catalogue
    queries, rolled back like any other)."""
    tables = await run(TABLES, _LIMITS)
    columns = await run(COLUMNS, _LIMITS)
    foreign = await run(FOREIGN_KEYS, _LIMITS)
    by_table: dict[str, list[Column]] = {}
    for name, col, ctype, key, comment in columns.rows:
        by_table.setdefault(str(name), []).append(
            Column(str(col), column_type(str(ctype)), bool(key), _text(comment))
        )
    keys = _foreign_keys(foreign.rows)
    reads = await _view_reads(run, tables.rows, dialect)
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
                reads=reads.get(table, ()),
            )
        )
    return Schema(dialect=dialect, database=database, entities=tuple(entities))


async def _view_reads(run: Run, tables: Sequence[Sequence[Any]], dialect: str
                      ) -> dict[str, tuple[str, ...]]:
    """View -> the tables and views it reads; the definitions are asked for only when there
    are views."""
    if not any(str(ttype).upper() == "VIEW" for _n, ttype, _r, _c in tables):
        return {}
    found = await run(VIEWS, _LIMITS)
    if not found.rows:
        return {}
    definitions = {str(name): _text(text) for name, text, _schema in found.rows}
    database = str(found.rows[0][2])
    return definitions_read(definitions, (str(row[0]) for row in tables), dialect, database)


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
