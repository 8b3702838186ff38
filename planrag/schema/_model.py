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
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from planrag.schema._values import ValueIndex

__all__ = ["BRIEF_LEGEND", "Column", "Entity", "ForeignKey", "Schema", "brief_type"]

EntityKind = Literal["table", "node", "relationship"]
READS_SHOWN = 8
"""The tables of a view's `reads` named on its line; more are counted."""
BRIEF_LEGEND = "-- types by kind; `col -> t` refers to t.col"
"""What a schema cut down for a question says of its tables (`Entity.render(brief=True)`)."""
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

    def render(self, foreign: str = "", brief: bool = False) -> str:
        kind = brief_type(self.type) if brief else self.type
        text = f"{self.name} {kind}{' KEY' if self.key else ''}"
        if foreign:
            text += f" -> {foreign}"
        if self.comment:
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

    def render(self, brief: bool = False) -> str:
        """The entity in full, on one line (the prompt's format). `brief` (a table in a
        schema cut down for a question, under `BRIEF_LEGEND`): its columns' types by kind
        (`brief_type`) and a key's target without its column when that has the same name."""
        brief = brief and self.kind == "table"
        foreign = {c: fk.target(c, brief) for fk in self.foreign_keys for c in fk.columns}
        cols = ", ".join(c.render(foreign.get(c.name, ""), brief) for c in self.columns)
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
