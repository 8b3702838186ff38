"""Reading a PostgreSQL database's schema for prompts, in four catalogue queries (five with
views).

Only the schemas the dataset's manifest names are read (`schemas = ["public", "sales"]`, in
that order: the search path every query runs with). At most five queries whatever the number
of tables, run in one read-only, repeatable-read transaction (one snapshot of the catalogues):

1. the schemas themselves: each must exist and the account must have USAGE on it, else the
   dataset cannot be read as its manifest says, and that is said in one line;
2. tables, partitioned tables, views, materialized views and foreign tables the account may
   read (`has_table_privilege` or a column's SELECT), with their comments
   (`obj_description`) and the statistics' row estimate (`pg_class.reltuples`; -1, never
   analysed, falls back to the live-row count of the statistics collector when it has seen
   the table change, else the size is unknown; never a `count(*)`);
3. their columns the account may read (type as `format_type` writes it, primary key,
   `col_description`, and the statistics' distinct count for the value index); an enum's
   type reads as its labels (`ENUM('open', 'paid')`, as MySQL writes one) when they are
   few enough to show, and a domain's as the type it is based on, its name kept in the
   column's comment, so both are read like the text they hold;
4. foreign keys whose both ends are in those schemas (across them too);
5. when there are views or materialized views, the relations each one's query reads, from
   the dependencies of its rewrite rule (`pg_depend` on `pg_rewrite`: what the server itself
   records, for every role; `information_schema.view_table_usage` shows only tables the
   role owns), kept when they are among the relations read in 2.

Names are written as the model must write them: a table of the first schema bare, one of
another schema qualified (`sales.orders`), each part quoted by the server's own
`quote_ident` where needed (`"Order Lines"`, `"user"`). Partitions are left out: their parent
stands for them.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

from planrag.errors import SourceUnavailable
from planrag.schema import Column, Entity, ForeignKey, Schema

__all__ = ["Catalogue", "read_schema"]

Fetch = Callable[..., Awaitable[Sequence[Sequence[Any]]]]
"""Runs one catalogue query with its arguments (`$1`...) and returns its rows."""

_KINDS = "('r', 'p', 'v', 'm', 'f')"
_WHERE = (
    "n.nspname = ANY($1::text[]) AND c.relkind IN " + _KINDS + " AND NOT c.relispartition"
)

SCHEMAS = (
    "SELECT s.name, n.oid IS NOT NULL, "
    "COALESCE(pg_catalog.has_schema_privilege(n.oid, 'USAGE'), false) "
    "FROM unnest($1::text[]) WITH ORDINALITY AS s(name, at) "
    "LEFT JOIN pg_catalog.pg_namespace n ON n.nspname = s.name ORDER BY s.at"
)
RELATIONS = (
    "SELECT c.oid::int8, n.nspname::text, c.relname::text, pg_catalog.quote_ident(n.nspname), "
    "pg_catalog.quote_ident(c.relname), c.relkind::text, c.reltuples::float8, "
    "st.n_live_tup, COALESCE(st.n_tup_ins + st.n_tup_del, 0), "
    "CASE WHEN c.relkind = 'p' THEN (SELECT CASE WHEN max(p.reltuples) >= 0 THEN "
    "sum(GREATEST(p.reltuples, 0))::float8 END "
    "FROM pg_catalog.pg_inherits i JOIN pg_catalog.pg_class p ON p.oid = i.inhrelid "
    "WHERE i.inhparent = c.oid) END, "
    "pg_catalog.obj_description(c.oid, 'pg_class') "
    "FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace "
    "LEFT JOIN pg_catalog.pg_stat_all_tables st ON st.relid = c.oid "
    f"WHERE {_WHERE} AND (pg_catalog.has_table_privilege(c.oid, 'SELECT') "
    "OR pg_catalog.has_any_column_privilege(c.oid, 'SELECT')) "
    "ORDER BY array_position($1::text[], n.nspname::text), c.relname"
)
COLUMNS = (
    "SELECT a.attrelid::int8, a.attnum::int4, pg_catalog.quote_ident(a.attname), "
    "pg_catalog.format_type(a.atttypid, a.atttypmod), "
    "COALESCE(a.attnum = ANY(ix.indkey), false), "
    "pg_catalog.col_description(a.attrelid, a.attnum), s.n_distinct::float8, "
    "CASE WHEN t.typtype = 'e' THEN ARRAY(SELECT e.enumlabel::text FROM pg_catalog.pg_enum e "
    "WHERE e.enumtypid = t.oid ORDER BY e.enumsortorder) END, "
    "CASE WHEN t.typtype = 'd' THEN pg_catalog.format_type(t.typbasetype, t.typtypmod) END "
    "FROM pg_catalog.pg_attribute a "
    "JOIN pg_catalog.pg_type t ON t.oid = a.atttypid "
    "JOIN pg_catalog.pg_class c ON c.oid = a.attrelid "
    "JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace "
    "LEFT JOIN pg_catalog.pg_index ix ON ix.indrelid = c.oid AND ix.indisprimary "
    "LEFT JOIN pg_catalog.pg_stats s ON s.schemaname = n.nspname AND s.tablename = c.relname "
    "AND s.attname = a.attname AND s.inherited = (c.relkind = 'p') "
    f"WHERE {_WHERE} AND a.attnum > 0 AND NOT a.attisdropped "
    "AND pg_catalog.has_column_privilege(c.oid, a.attnum, 'SELECT') "
    "ORDER BY a.attrelid, a.attnum"
)
FOREIGN_KEYS = (
    "SELECT k.conrelid::int8, k.conname::text, k.conkey::int4[], k.confrelid::int8, "
    "k.confkey::int4[] FROM pg_catalog.pg_constraint k "
    "JOIN pg_catalog.pg_class c ON c.oid = k.conrelid "
    "JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace "
    "JOIN pg_catalog.pg_class r ON r.oid = k.confrelid "
    "JOIN pg_catalog.pg_namespace rn ON rn.oid = r.relnamespace "
    "WHERE k.contype = 'f' AND n.nspname = ANY($1::text[]) AND rn.nspname = ANY($1::text[]) "
    "ORDER BY k.conrelid, k.conname"
)
VIEW_READS = (
    "SELECT DISTINCT r.ev_class::int8, d.refobjid::int8 FROM pg_catalog.pg_rewrite r "
    "JOIN pg_catalog.pg_depend d ON d.classid = 'pg_catalog.pg_rewrite'::regclass "
    "AND d.objid = r.oid AND d.refclassid = 'pg_catalog.pg_class'::regclass "
    "AND d.deptype = 'n' AND d.refobjid <> r.ev_class "
    "JOIN pg_catalog.pg_class c ON c.oid = r.ev_class "
    "JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace "
    "WHERE n.nspname = ANY($1::text[]) AND c.relkind IN ('v', 'm')"
)

_COMMENT_WORDS = {"v": "view", "m": "materialized view", "f": "foreign table"}


@dataclass(frozen=True)
class Catalogue:
    """What one reading of the catalogues found, beyond the `Schema` itself."""

    schema: Schema
    rows: dict[tuple[str, str], int]
    """(schema, table) -> the statistics' row estimate (the scan estimate's table sizes)."""
    distinct: dict[tuple[str, str], int]
    """(table, column) as the schema names them -> the statistics' distinct values."""



async def read_schema(
    fetch: Fetch, database: str, schemas: Sequence[str], where: str, user: str
) -> Catalogue:
    """The tables of `schemas` in `database`, read with `fetch` (one transaction). `where`
    and `user` are for messages: a schema missing or not usable is one line."""
    wanted = list(schemas)
    _check_schemas(await fetch(SCHEMAS, wanted), database, where, user)
    relations = await fetch(RELATIONS, wanted)
    columns = await fetch(COLUMNS, wanted)
    foreign = await fetch(FOREIGN_KEYS, wanted)
    has_views = any(str(row[5]) in ("v", "m") for row in relations)
    view_reads = await fetch(VIEW_READS, wanted) if has_views else ()
    first = wanted[0]
    names: dict[int, str] = {}
    rows: dict[tuple[str, str], int] = {}
    estimates: dict[int, int | None] = {}
    for oid, nsp, rel, q_nsp, q_rel, _kind, reltuples, live, changed, parts, _c in relations:
        names[int(oid)] = str(q_rel) if nsp == first else f"{q_nsp}.{q_rel}"
        estimate = _estimate(reltuples, live, changed, parts)
        estimates[int(oid)] = estimate
        if estimate is not None:
            rows[(str(nsp), str(rel))] = estimate
    by_table: dict[int, list[Column]] = {}
    by_number: dict[tuple[int, int], str] = {}
    distinct: dict[tuple[str, str], int] = {}
    for oid, number, name, ctype, key, comment, n_distinct, labels, base in columns:
        table = int(oid)
        if table not in names:
            continue
        kind, note = _column_type(str(ctype), labels, base)
        text = _text(comment)
        text = f"{note}; {text}" if note and text else note or text
        by_table.setdefault(table, []).append(Column(str(name), kind, bool(key), text))
        by_number[(table, int(number))] = str(name)
        count = _distinct(n_distinct, estimates.get(table))
        if count is not None:
            distinct[(names[table], str(name))] = count
    keys = _foreign_keys(foreign, names, by_number)
    reads = _view_reads(view_reads, names)
    entities = []
    for oid, _nsp, _rel, _qn, _qr, kind, _rt, _live, _changed, _parts, comment in relations:
        table = int(oid)
        text = _text(comment)
        word = _COMMENT_WORDS.get(str(kind))
        if word is not None:
            text = f"{word}: {text}" if text else word
        estimate = estimates[table]
        entities.append(Entity(
            "table", names[table], tuple(by_table.get(table, ())),
            rows=estimate, rows_exact=False,
            comment=text, foreign_keys=keys.get(table, ()), reads=reads.get(table, ()),
        ))
    schema = Schema(dialect="postgres", database=database, entities=tuple(entities))
    return Catalogue(schema, rows, distinct)


def _check_schemas(found: Sequence[Sequence[Any]], database: str, where: str,
                   user: str) -> None:
    missing = [str(name) for name, exists, _usage in found if not exists]
    if missing:
        raise SourceUnavailable(
            f"schema {', '.join(missing)} does not exist in database {database} on {where}; "
            "correct `schemas` in the dataset's dataset.toml (or --postgres-schemas)"
        )
    closed = [str(name) for name, _exists, usage in found if not usage]
    if closed:
        raise SourceUnavailable(
            f"the account {user} may not use schema {', '.join(closed)} of database "
            f"{database} on {where}; GRANT USAGE ON SCHEMA {', '.join(closed)} TO {user} "
            "(and SELECT on its tables), or leave it out of `schemas`"
        )


_ENUM_SHOWN_CHARS = 400
"""Longest list of an enum's labels shown as its type; a longer one keeps its type's name
(the value index still finds the labels in use)."""


_SHORT_TYPES = (
    (re.compile(r"\bcharacter varying\b"), "varchar"),
    (re.compile(r"\bcharacter\b"), "char"),
    (re.compile(r"\b(timestamp|time)(\(\d+\))? without time zone\b"), r"\1\2"),
    (re.compile(r"\btimestamp(\(\d+\))? with time zone\b"), r"timestamptz\1"),
    (re.compile(r"\btime(\(\d+\))? with time zone\b"), r"timetz\1"),
)
"""`format_type`'s long spellings and PostgreSQL's own short names for them: a table of
real width is a fifth shorter in the prompt, and means the same."""


def _short_type(written: str) -> str:
    for pattern, short in _SHORT_TYPES:
        written = pattern.sub(short, written)
    return written


def _column_type(written: str, labels: Sequence[str] | None, base: str | None
                 ) -> tuple[str, str]:
    """A column's type as the schema shows it (PostgreSQL's short names: `varchar(60)`,
    `timestamptz`), and a note for its comment."""
    if labels is not None:
        listed = ", ".join("'" + label.replace("'", "''") + "'" for label in labels)
        if len(listed) <= _ENUM_SHOWN_CHARS:
            return f"ENUM({listed})", ""
        return written, f"enum of {len(labels)} labels"
    if base is not None:
        return _short_type(base), f"domain {written}"
    return _short_type(written), ""


def _estimate(reltuples: Any, live: Any, changed: Any, parts: Any) -> int | None:
    """The row estimate of one relation: the planner's statistics when it was ever analysed
    (or vacuumed), else the statistics collector's live rows once it has seen the table
    change, else the partitions' estimates for a partitioned table (when one of them was
    ever analysed: none is no sign of an empty table), else unknown."""
    if reltuples is not None and float(reltuples) >= 0:
        return int(float(reltuples))
    if live is not None and (int(live) > 0 or int(changed or 0) > 0):
        return int(live)
    if parts is not None:
        return int(float(parts))
    return None


def _distinct(n_distinct: Any, rows: int | None) -> int | None:
    """The statistics' distinct count: positive as it is, negative a fraction of the rows."""
    if n_distinct is None:
        return None
    value = float(n_distinct)
    if value >= 0:
        return int(value)
    return int(-value * rows) if rows is not None else None


def _foreign_keys(
    rows: Sequence[Sequence[Any]], names: dict[int, str], columns: dict[tuple[int, int], str]
) -> dict[int, tuple[ForeignKey, ...]]:
    """Foreign keys between readable tables, their columns by name (a key naming a table or
    column the account cannot read is left out: the model could not use it)."""
    out: dict[int, list[ForeignKey]] = {}
    for table, _name, keys, target, target_keys in rows:
        own, other = int(table), int(target)
        if own not in names or other not in names:
            continue
        mine = [columns.get((own, int(k))) for k in keys or ()]
        theirs = [columns.get((other, int(k))) for k in target_keys or ()]
        if not mine or None in mine or None in theirs:
            continue
        out.setdefault(own, []).append(ForeignKey(
            columns=tuple(c for c in mine if c is not None), table=names[other],
            ref_columns=tuple(c for c in theirs if c is not None),
        ))
    return {t: tuple(fks) for t, fks in out.items()}


def _view_reads(rows: Sequence[Sequence[Any]], names: dict[int, str]
                ) -> dict[int, tuple[str, ...]]:
    """View -> the readable relations it reads, in the schema's order (the catalogue keeps
    no order of its own)."""
    order = {oid: at for at, oid in enumerate(names)}
    found: dict[int, list[int]] = {}
    for view, read in rows:
        own, other = int(view), int(read)
        if own in names and other in names:
            found.setdefault(own, []).append(other)
    return {view: tuple(names[o] for o in sorted(set(reads), key=order.__getitem__))
            for view, reads in found.items()}


def _text(value: Any) -> str:
    return "" if value is None else " ".join(str(value).split())
