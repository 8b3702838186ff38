"""Reading a database's value index (`planrag.schema.ValueIndex`) when its schema is read.

Which columns: short text (SQL `CHAR`/`VARCHAR` up to `SHORT_TEXT` characters, `ENUM`,
SQLite's text affinity, PostgreSQL's `text` and unbounded `character varying`, and its enums
and text domains, which its schema shows as `ENUM(...)` and their base type; graph `STRING`
properties of node labels), not views, not columns
whose names say secret or personal (`password`, `token`, `email`, `phone`...), not tables
known to be empty.

How, bounded: every column is read through a LIMITed derived table
(`SELECT DISTINCT v FROM (SELECT col AS v FROM t LIMIT n) ... LIMIT 101`): a table under
`WHOLE_TABLE_ROWS` rows, by the schema's row count or the server's estimate, is read whole
(n: twice the estimate, at least 1,000, at most `WHOLE_TABLE_ROWS`, so a low estimate
cannot open a scan); a larger one is never scanned, only its first `SAMPLE_ROWS` rows. At
most `MAX_PER_COLUMN + 1` distinct values come back per column, so a column with more
(names, numbers, free text) is seen to have too many and left out. On MySQL/MariaDB an
indexed column whose cardinality in the statistics is over the limit is not read at all, and
on PostgreSQL any column whose statistics (`pg_stats.n_distinct`) say so.

Names are written as the dialect's `quote` says: PostgreSQL's schema already writes each
name as a query must (qualified and quoted where needed), so they go in as they are; and
PostgreSQL's source asks for every column as `CAST(... AS text)` (`as_text`), so the
branches of one UNION ALL agree on their type.
The whole index stops at `DEADLINE_S`; a table whose query fails is left out, never the
schema.

These are the product's own queries: SQL runs through the source's `execute` (the parser
guard, the read-only transaction, the statement timeout, the fetch caps), Cypher through
the graph source's introspection path (read-only session, rolled back, timed out).
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from planrag.errors import PlanRAGError
from planrag.guards.dialects import CYPHER, QueryDialect, SqlDialect
from planrag.schema import ColumnValues, Entity, Schema, ValueIndex
from planrag.schema._values import MAX_PER_COLUMN, MAX_VALUE_CHARS
from planrag.table import Limits, Table

__all__ = [
    "DEADLINE_S",
    "SAMPLE_ROWS",
    "SHORT_TEXT",
    "WHOLE_TABLE_ROWS",
    "graph_values",
    "sql_values",
    "text_columns",
]

log = logging.getLogger(__name__)

SHORT_TEXT = 100
"""Longest declared text column (characters) whose values are labels, not prose."""
WHOLE_TABLE_ROWS = 10_000
"""A table estimated under this many rows is read whole; never more rows than this."""
SAMPLE_ROWS = 5_000
"""Rows read from a larger table: its first ones, a sample, never a scan."""
DEADLINE_S = 10.0
"""Time for the whole index; tables left when it is up are not indexed."""
BRANCHES = 40
"""Columns read by one SQL query (a UNION ALL of one bounded read each)."""
QUERY_LIMITS = Limits(
    max_rows=BRANCHES * (MAX_PER_COLUMN + 1), max_bytes=4_000_000, count_rows=1, timeout_s=5.0
)
_PRIVATE = re.compile(
    r"pass|pwd|hash|token|secret|salt|api_?key|e_?mail|phone|mobile|iban|ssn|card_?n", re.I
)
_SQL_TEXT = re.compile(r"^\s*N?(?:VAR)?CHAR(?:ACTER)?\s*(?:VARYING\s*)?\(\s*(\d+)\s*\)", re.I)

Run = Callable[[str, Limits], Awaitable[Table]]
Cypher = Callable[[str], Awaitable[list[dict[str, object]]]]


@dataclass(frozen=True, slots=True)
class _Branch:
    table: str
    column: str
    sample: int


def text_columns(entity: Entity, dialect: QueryDialect | None = None) -> list[str]:
    """The columns of `entity` whose values may be labels (see the module docstring), its
    unsized types read as `dialect` says (None: none of them)."""
    if entity.kind == "relationship" or entity.comment.startswith("view"):
        return []
    if entity.rows == 0 and entity.rows_exact:
        return []
    out = []
    for column in entity.columns:
        if _PRIVATE.search(column.name):
            continue
        kind = column.type.strip().upper()
        sized = _SQL_TEXT.match(kind)
        if entity.kind == "node":
            ok = kind == "STRING"
        elif sized:
            ok = int(sized.group(1)) <= SHORT_TEXT
        elif kind.startswith("ENUM("):
            ok = True
        else:
            ok = dialect is not None and dialect.label_text(kind)
        if ok:
            out.append(column.name)
    return out


def _sample(entity: Entity) -> int:
    """Rows to read: the whole table when it is known to be small, else a sample."""
    if entity.rows is not None and entity.rows < WHOLE_TABLE_ROWS:
        return min(WHOLE_TABLE_ROWS, max(entity.rows * 2, 1000))  # an estimate may be low
    return SAMPLE_ROWS


async def sql_values(
    run: Run,
    schema: Schema,
    dialect: SqlDialect,
    *,
    as_text: bool = False,
    distinct: dict[tuple[str, str], int] | None = None,
    deadline_s: float = DEADLINE_S,
) -> ValueIndex:
    """The value index of `schema`'s tables, read with `run` (the source's guarded
    `execute`). `distinct`: (table, column) -> distinct values by the server's statistics,
    for indexed columns (every analysed column on PostgreSQL); one over the limit is not
    read. Names are written as `dialect` quotes them; `as_text` reads every column as
    `CAST(... AS text)` (PostgreSQL's flavour, see the module docstring)."""
    started = time.monotonic()
    known = distinct or {}
    branches: list[_Branch] = []
    skipped = 0
    for entity in schema.entities:
        for column in text_columns(entity, dialect):
            if known.get((entity.name, column), 0) > MAX_PER_COLUMN:
                skipped += 1
                continue
            branches.append(_Branch(entity.name, column, _sample(entity)))
    found: list[ColumnValues] = []
    for at in range(0, len(branches), BRANCHES):
        if time.monotonic() - started > deadline_s:
            log.info("value index of %s: stopped at its deadline", schema.database)
            break
        batch = branches[at : at + BRANCHES]
        found += await _read(run, batch, dialect.quote, as_text)
    return ValueIndex.build(
        found, probed=len(branches) + skipped, skipped=skipped,
        seconds=time.monotonic() - started,
    )


async def _read(
    run: Run, batch: Sequence[_Branch], quote: Callable[[str], str], as_text: bool = False
) -> list[ColumnValues]:
    """The values of each branch; a failing batch is read again one table at a time."""
    try:
        table = await run(_union(batch, quote, as_text), QUERY_LIMITS)
    except PlanRAGError as exc:
        tables = list(dict.fromkeys(b.table for b in batch))
        if len(tables) == 1:
            log.info("value index: table %s left out (%s)", tables[0], exc)
            return []
        out: list[ColumnValues] = []
        for name in tables:
            out += await _read(run, [b for b in batch if b.table == name], quote, as_text)
        return out
    values: list[list[str]] = [[] for _ in batch]
    for position, value in table.rows:
        text = _text(value)
        if text is not None and isinstance(position, int) and 0 <= position < len(batch):
            values[position].append(text)
    return [
        ColumnValues(b.table, b.column, tuple(v))
        for b, v in zip(batch, values, strict=True) if v
    ]


def _union(batch: Sequence[_Branch], quote: Callable[[str], str], as_text: bool = False) -> str:
    """One query reading every branch: per column, the distinct non-null values among its
    first `sample` rows, at most one more than a column may keep (`as_text`: each read as
    `CAST(... AS text)`)."""
    parts = []
    for i, b in enumerate(batch):
        column = f"CAST({quote(b.column)} AS text)" if as_text else quote(b.column)
        inner = f"SELECT {column} AS v FROM {quote(b.table)} LIMIT {b.sample}"
        parts.append(
            f"SELECT {i} AS c, v FROM (SELECT DISTINCT v FROM ({inner}) AS s{i} "
            f"WHERE v IS NOT NULL LIMIT {MAX_PER_COLUMN + 1}) AS d{i}"
        )
    return " UNION ALL ".join(parts)


def _text(value: object) -> str | None:
    if isinstance(value, bytes | bytearray):
        value = bytes(value).decode("utf-8", "replace")
    if not isinstance(value, str):
        return None
    text = value.strip()
    return text if 0 < len(text) <= MAX_VALUE_CHARS else None


DISTINCT_STATISTICS = (
    "SELECT TABLE_NAME, COLUMN_NAME, MAX(CARDINALITY) FROM information_schema.STATISTICS "
    "WHERE TABLE_SCHEMA = DATABASE() AND SEQ_IN_INDEX = 1 GROUP BY TABLE_NAME, COLUMN_NAME"
)
"""MySQL/MariaDB: the distinct values of each column that leads an index (statistics)."""


async def mysql_distinct(run: Run) -> dict[tuple[str, str], int]:
    """(table, column) -> the statistics' distinct count, for columns leading an index."""
    try:
        table = await run(DISTINCT_STATISTICS, Limits(max_rows=200_000, count_rows=1))
    except PlanRAGError:
        return {}
    out: dict[tuple[str, str], int] = {}
    for name, column, cardinality in table.rows:
        if cardinality is not None:
            out[(str(name), str(column))] = int(cardinality)
    return out


async def graph_values(run: Cypher, schema: Schema, deadline_s: float = DEADLINE_S) -> ValueIndex:
    """The value index of a graph: the `STRING` properties of node labels, each read from
    at most `WHOLE_TABLE_ROWS` nodes of its label (`run`: the source's own read path)."""
    started = time.monotonic()
    found: list[ColumnValues] = []
    probed = skipped = 0
    for entity in schema.entities:
        if entity.kind != "node":
            continue
        for prop in text_columns(entity):
            if time.monotonic() - started > deadline_s:
                break
            probed += 1
            label, key = CYPHER.quote(entity.name), CYPHER.quote(prop)
            query = (
                f"MATCH (n:{label}) WITH n LIMIT {_sample(entity)} WITH n.{key} AS v "
                f"WHERE v IS NOT NULL RETURN DISTINCT v LIMIT {MAX_PER_COLUMN + 1}"
            )
            try:
                rows = await run(query)
            except PlanRAGError as exc:
                log.info("value index: %s.%s left out (%s)", entity.name, prop, exc)
                continue
            values = [t for t in (_text(r.get("v")) for r in rows) if t is not None]
            if len(rows) > MAX_PER_COLUMN:
                skipped += 1
            elif values:
                found.append(ColumnValues(entity.name, prop, tuple(values)))
    return ValueIndex.build(found, probed=probed, skipped=skipped,
                            seconds=time.monotonic() - started)
