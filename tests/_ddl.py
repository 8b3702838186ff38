"""Generated test schemas written as DDL: the quoting, the column specs and the CREATE and
INSERT statements that tests/_big_schema.py and tests/_valued_schema.py share."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from planrag.schema import Column, ForeignKey

__all__ = ["Spec", "bq", "dq", "in_order", "mysql_ddl", "parse_columns", "sq", "sqlite_ddl"]

Rows = Mapping[str, tuple[tuple[str, ...], list[tuple[Any, ...]]]]
"""Per table: its column names and the rows to insert."""


@dataclass(frozen=True, slots=True)
class Spec:
    """One table: name, comment, columns in order, foreign keys, primary key."""

    name: str
    comment: str
    columns: tuple[Column, ...]
    foreign_keys: tuple[ForeignKey, ...]
    primary_key: tuple[str, ...] = ("id",)


_COLUMN = re.compile(r"^(\w+)\s+(\S+)(?:\s+'([^']*)')?$")


def parse_columns(text: str, types: Mapping[str, str]) -> list[Column]:
    """`name TYPE 'comment'` items separated by `;`; TYPE may be a shorthand of `types`."""
    out = []
    for item in filter(None, (part.strip() for part in text.split(";"))):
        m = _COLUMN.match(" ".join(item.split()))
        if m is None:
            raise ValueError(f"bad column spec: {item!r}")
        name, kind, comment = m.groups()
        out.append(Column(name, types.get(kind, kind), comment=comment or ""))
    return out


def in_order(specs: list[Spec]) -> list[Spec]:
    """The tables checked (unique names; at most 9 foreign keys each, all to tables of the
    schema) in creation order: `name.upper()`, the order MariaDB's case-insensitive
    collation sorts names in."""
    names = [s.name for s in specs]
    if len(set(names)) != len(names):
        raise ValueError("duplicate table names")
    for spec in specs:
        if len(spec.foreign_keys) > 9 or any(fk.table not in names for fk in spec.foreign_keys):
            raise ValueError(f"bad foreign keys in {spec.name}")
    return sorted(specs, key=lambda s: s.name.upper())


def mysql_ddl(database: str, specs: Sequence[Spec], rows: Rows) -> list[str]:
    """Statements that create the tables and rows in the existing, empty `database` (names
    qualified, so no USE is needed). The first turns FOREIGN_KEY_CHECKS off for the session,
    since tables reference later ones; the last turns it back on: run them on one
    connection."""
    db = bq(database)
    statements = ["SET FOREIGN_KEY_CHECKS=0"]
    for spec in specs:
        lines = [f"  {bq(c.name)} {c.type}{' NOT NULL' if c.key else ''}"
                 + (f" COMMENT {sq(c.comment)}" if c.comment else "") for c in spec.columns]
        lines.append(f"  PRIMARY KEY ({', '.join(bq(c) for c in spec.primary_key)})")
        lines += [f"  FOREIGN KEY ({bq(fk.columns[0])}) REFERENCES {db}.{bq(fk.table)} "
                  f"({bq(fk.ref_columns[0])})" for fk in spec.foreign_keys]
        comment = f" COMMENT={sq(spec.comment)}" if spec.comment else ""
        statements.append(f"CREATE TABLE {db}.{bq(spec.name)} (\n" + ",\n".join(lines)
                          + f"\n) ENGINE=InnoDB{comment}")
    statements += [_insert(f"{db}.{bq(t)}", bq, c, r) for t, (c, r) in rows.items()]
    statements.append("SET FOREIGN_KEY_CHECKS=1")
    return statements


def sqlite_ddl(specs: Sequence[Spec], rows: Rows) -> list[str]:
    """The same tables for SQLite (which has no comments), in the same order, with the same
    rows."""
    statements = []
    for spec in specs:
        lines = [f"  {dq(c.name)} {c.type}{' NOT NULL' if c.key else ''}"
                 for c in spec.columns]
        lines.append(f"  PRIMARY KEY ({', '.join(dq(c) for c in spec.primary_key)})")
        lines += [f"  FOREIGN KEY ({dq(fk.columns[0])}) REFERENCES {dq(fk.table)} "
                  f"({dq(fk.ref_columns[0])})" for fk in spec.foreign_keys]
        statements.append(f"CREATE TABLE {dq(spec.name)} (\n" + ",\n".join(lines) + "\n)")
    statements += [_insert(dq(t), dq, c, r) for t, (c, r) in rows.items()]
    return statements


def _insert(table: str, quote: Callable[[str], str], cols: tuple[str, ...],
            rows: Sequence[tuple[object, ...]]) -> str:
    values = ", ".join("(" + ", ".join(_literal(v) for v in row) + ")" for row in rows)
    return f"INSERT INTO {table} ({', '.join(quote(c) for c in cols)}) VALUES {values}"


def _literal(value: object) -> str:
    return sq(value) if isinstance(value, str) else repr(value)


def bq(name: str) -> str:
    return "`" + name.replace("`", "``") + "`"


def dq(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def sq(text: str) -> str:
    return "'" + text.replace("\\", "\\\\").replace("'", "''") + "'"
