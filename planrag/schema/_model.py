"""What a database holds, described for prompts: tables, node labels and relationship types,
with their columns or properties, keys, foreign keys, the tables a view reads, comments and
approximate sizes.

Every source builds a `Schema` (`DataSource.schema()`); the engine renders it into the first
prompt, whole when it is small and within a budget when it is not (`planrag.schema.budget`).
The one-line-per-entity format of `Schema.render()` is the one the DQA experiments were run
with: a schema without comments, foreign keys or views renders exactly as it always has.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from planrag.schema._values import ValueIndex

__all__ = ["BRIEF_LEGEND", "COMMON_LEGEND", "COMMON_MARK", "NOTES_LEGEND", "Column", "Entity",
           "ForeignKey", "Schema", "brief_type", "common_columns"]

EntityKind = Literal["table", "node", "relationship"]
READS_SHOWN = 8
"""The tables of a view's `reads` named on its line; more are counted."""
BRIEF_LEGEND = "-- types by kind, text where none is written; `col -> t` refers to t.col"
"""What a schema cut down for a question says of its tables (`Entity.render(brief=True)`)."""
NOTES_LEGEND = "; column notes on the first {} only"
"""Ends `BRIEF_LEGEND` when the tables after the first few come without their columns'
comments (`Entity.render(notes=False)`)."""
COMMON_MARK = "*"
"""Stands, in a brief table's columns, for the columns most tables have (`common_columns`)."""
COMMON_LEGEND = f"-- {COMMON_MARK} in a table's columns: "
"""Begins the line naming them, under `BRIEF_LEGEND`."""
COMMON_SHARE = 0.5
COMMON_LEAST = 10
"""A column (as a brief line writes it) in at least this share of a schema's tables, and in
this many, is one of its common columns, as long as this many tables have all of them."""
MOST_COMMON = 8
"""Common columns named at most (the most frequent)."""
_KINDS = (
    ("bool", r"tinyint\(1\)|bit\(1\)|bit|bool(ean)?"),
    ("int", r"u?(tiny|small|medium|big|huge)?int(eger)?[248]?(\(\d+\))?( unsigned)?( zerofill)?"
            r"|(big|small)?serial"),
    ("decimal", r"(decimal|numeric|dec|number|money)(\(\d+(,\s*\d+)?\))?( unsigned)?"),
    ("float", r"(float|double|real|double precision)[48]?(\(\d+(,\s*\d+)?\))?( unsigned)?"),
    ("text", r"(national )?(varchar|character varying|char|character|nvarchar|nchar|bpchar"
             r"|text|tinytext|mediumtext|longtext|citext|string|varchar2|clob)(\(\d+\))?"
             r"( (character set|charset) \w+)?( collate \w+)?"),
    ("timestamptz", r"timestamp(\(\d\))? with time zone|timestamptz"),
    ("timestamp", r"(timestamp|datetime)(\(\d\))?( without time zone)?"),
    ("date", r"date"),
    ("time", r"time(\(\d\))?( without time zone)?"),
)
_KIND_OF = [(kind, re.compile(pattern, re.I)) for kind, pattern in _KINDS]


@lru_cache(maxsize=4096)
def brief_type(written: str) -> str:
    """A table column's type by kind, as a schema cut down for a question writes it: "int",
    "decimal", "float", "text", "date", "time", "timestamp", "timestamptz" or "bool"; any
    other type ("ENUM('A','B')", "jsonb", "uuid") as written. Lengths, precisions and
    integer sizes say little of how to query a column, and took a third of every line."""
    text = written.strip()
    for kind, pattern in _KIND_OF:
        if pattern.fullmatch(text):
            return kind
    return written


@dataclass(frozen=True, slots=True)
class Column:
    name: str
    type: str
    key: bool = False
    """Part of the primary key (tables) or an indexed/unique property (graph)."""
    comment: str = ""

    def render(self, foreign: str = "", brief: bool = False, notes: bool = True) -> str:
        kind = brief_type(self.type) if brief else self.type
        typed = "" if brief and kind == "text" else f" {kind}"
        text = f"{self.name}{typed}{' KEY' if self.key else ''}"
        if foreign:
            text += f" -> {foreign}"
        if self.comment and notes:
            text += f" '{_one_line(self.comment, 120)}'"
        return text


@dataclass(frozen=True, slots=True)
class ForeignKey:
    """`columns` of a table refer to `ref_columns` of `table`."""

    columns: tuple[str, ...]
    table: str
    ref_columns: tuple[str, ...]

    def target(self, column: str, brief: bool = False) -> str:
        """`table.ref_column` for one of `columns` (composite keys pair up in order); only
        `table` when `brief` and the column referred to has the same name."""
        index = self.columns.index(column)
        ref = self.ref_columns[index] if index < len(self.ref_columns) else "?"
        return self.table if brief and ref == column else f"{self.table}.{ref}"


@dataclass(frozen=True, slots=True)
class Entity:
    """A table, a node label or a relationship type, with its columns or properties."""

    kind: EntityKind
    name: str
    columns: tuple[Column, ...]
    patterns: tuple[str, ...] = ()
    """For relationships: the `(:A)-[:T]->(:B)` patterns seen in the data."""
    rows: int | None = None
    """Row / node / relationship count, when cheap to know (see `rows_exact`)."""
    rows_exact: bool = True
    """False when `rows` is the server's estimate (statistics), not a count."""
    comment: str = ""
    foreign_keys: tuple[ForeignKey, ...] = ()
    reads: tuple[str, ...] = ()
    """For a view: the tables and views its definition reads, named as the schema names them
    (as `name` is spelled), as the database's catalogue says or its definition is read."""

    def references(self) -> tuple[str, ...]:
        """Names of the entities this one points at: referenced tables and, for a view, the
        tables it reads; for a relationship the labels of its patterns."""
        if self.kind == "table":
            return tuple(dict.fromkeys([*(fk.table for fk in self.foreign_keys), *self.reads]))
        if self.kind == "relationship":
            labels: list[str] = []
            for pattern in self.patterns:
                labels += _pattern_labels(pattern)
            return tuple(dict.fromkeys(labels))
        return ()

    def render(self, brief: bool = False, common: frozenset[str] = frozenset(),
               notes: bool = True) -> str:
        """The entity in full, on one line (the prompt's format). `brief` (a table in a
        schema cut down for a question, under `BRIEF_LEGEND`): its columns' types by kind
        (`brief_type`; none for text, the commonest) and a key's target without its column
        when that has the same name; when it has every column of `common` (`common_columns`),
        those as one `*`; without `notes`, its columns without their comments (its own
        comment stays)."""
        brief = brief and self.kind == "table"
        each = self._columns(brief)
        shown = each if notes or not brief else self._columns(brief, notes=False)
        if brief and common and common <= set(each):  # the fold compares lines with notes
            shown = [*(b for c, b in zip(each, shown, strict=True) if c not in common),
                     COMMON_MARK]
        cols = ", ".join(shown)
        count = f"  [{self.size()}]" if self.rows is not None else ""
        comment = f"  -- {_one_line(self.comment, 200)}" if self.comment else ""
        if self.reads:
            comment = (f"{comment}; " if comment else "  -- ") + self._reads_note()
        if self.kind == "table":
            return f"TABLE {self.name}({cols}){count}{comment}"
        if self.kind == "node":
            return f"NODE (:{self.name} {{{cols}}}){count}{comment}"
        pats = "; ".join(self.patterns) or f"()-[:{self.name}]->()"
        return f"REL {pats} {{{cols}}}{count}{comment}"

    def brief_columns(self) -> list[str]:
        """Its columns as a table's brief line writes them."""
        return self._columns(True)

    def _columns(self, brief: bool, notes: bool = True) -> list[str]:
        foreign = {c: fk.target(c, brief) for fk in self.foreign_keys for c in fk.columns}
        return [c.render(foreign.get(c.name, ""), brief, notes) for c in self.columns]

    def _reads_note(self) -> str:
        """"reads orders, customers" ("(+3 more)" past `READS_SHOWN`)."""
        more = len(self.reads) - READS_SHOWN
        return "reads " + ", ".join(self.reads[:READS_SHOWN]) + (
            f" (+{more} more)" if more > 0 else "")

    def size(self) -> str:
        """"81 rows", or "~1,200 rows" for an estimate."""
        if self.rows is None:
            return "size unknown"
        if self.rows_exact:
            return f"{self.rows} rows"
        return f"~{self.rows:,} rows"

    def summary(self) -> str:
        """One short line: what it is, how big, how many columns, its comment."""
        what = {"table": "TABLE", "node": "NODE", "relationship": "REL"}[self.kind]
        name = f":{self.name}" if self.kind != "table" else self.name
        parts = [f"{what} {name}", f"{len(self.columns)} columns"]
        if self.rows is not None:
            parts.append(self.size())
        refs = self.references()
        if refs:
            parts.append("-> " + ", ".join(refs[:6]) + (" ..." if len(refs) > 6 else ""))
        line = ", ".join(parts)
        if self.comment:
            line += f"  -- {_one_line(self.comment, 100)}"
        return line


@dataclass(frozen=True, slots=True)
class Schema:
    """A description of one database for prompts."""

    dialect: str
    """e.g. "mysql", "mariadb", "sqlite", "neo4j", "arcadedb"."""
    database: str
    entities: tuple[Entity, ...] = field(default=())
    values: ValueIndex | None = field(default=None, compare=False, hash=False, repr=False)
    """The values of its short text columns, when the source read them with the schema
    (`planrag.schema._values`); not part of what the schema is (equality, hash, render)."""

    def header(self) -> str:
        return f"-- {self.dialect} database {self.database}"

    def render(self) -> str:
        """The whole schema: one line per table/label, patterns for relationships."""
        return "\n".join([self.header(), *(e.render() for e in self.entities)])

    def find(self, name: str) -> Entity | None:
        """The entity called `name` (exact first, then ignoring case; a leading `:` of a
        label and backticks are ignored)."""
        wanted = name.strip().strip("`").lstrip(":").strip("`")
        for entity in self.entities:
            if entity.name == wanted:
                return entity
        folded = wanted.casefold()
        for entity in self.entities:
            if entity.name.casefold() == folded:
                return entity
        return None


def common_columns(entities: tuple[Entity, ...]) -> tuple[str, ...]:
    """The columns most of the tables have, the same in each (name, kind, target and
    comment), keys left out: the audit columns an application adds to every table
    (`created_at`, `updated_by -> users.id`), most frequent first; none when fewer than
    `COMMON_LEAST` tables have them all. A brief line writes them as `COMMON_MARK`."""
    tables = [{line for c, line in zip(e.columns, e.brief_columns(), strict=True) if not c.key}
              for e in entities if e.kind == "table"]
    counts: dict[str, int] = {}
    for columns in tables:
        for column in columns:
            counts[column] = counts.get(column, 0) + 1
    least = max(COMMON_LEAST, COMMON_SHARE * len(tables))
    found = sorted((c for c, n in counts.items() if n >= least), key=lambda c: (-counts[c], c))
    found = found[:MOST_COMMON]
    while found and sum(1 for columns in tables if columns.issuperset(found)) < least:
        found.pop()
    return tuple(found)


def _one_line(text: str, width: int) -> str:
    line = " ".join(text.split()).replace("'", "’")
    return line if len(line) <= width else line[: width - 1] + "…"


def _pattern_labels(pattern: str) -> list[str]:
    """The labels of a `(:A)-[:T]->(:B)` pattern, in order."""
    out: list[str] = []
    for part in pattern.split("("):
        head = part.split(")", 1)[0]
        if head.startswith(":"):
            out += [label for label in head[1:].split(":") if label]
    return out
