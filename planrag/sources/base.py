"""The data-source seam: one small protocol every database sits behind.

A source runs one query at a time through three layers (DESIGN.md, "Guards"): the parser-level
guard (`planrag.guards`), its own database-level enforcement (read-only transactions that are
always rolled back, statement timeouts and a watchdog), and fetch-time caps (`Limits`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, Protocol, runtime_checkable

from planrag.table import Limits, Table

__all__ = ["Column", "DataSource", "Entity", "Language", "Schema"]

Language = Literal["sql", "cypher"]


@dataclass(frozen=True, slots=True)
class Column:
    name: str
    type: str
    key: bool = False
    """Part of the primary key (tables) or an indexed/unique property (graph)."""


@dataclass(frozen=True, slots=True)
class Entity:
    """A table, a node label or a relationship type, with its columns or properties."""

    kind: Literal["table", "node", "relationship"]
    name: str
    columns: tuple[Column, ...]
    patterns: tuple[str, ...] = ()
    """For relationships: the `(:A)-[:T]->(:B)` patterns seen in the data."""
    rows: int | None = None
    """Row / node / relationship count when cheap to know."""


@dataclass(frozen=True, slots=True)
class Schema:
    """A compact description of a database for prompts."""

    dialect: str
    """e.g. "mysql", "mariadb", "sqlite", "neo4j", "arcadedb"."""
    database: str
    entities: tuple[Entity, ...] = field(default=())

    def render(self) -> str:
        """Text for a prompt: one line per table/label, patterns for relationships."""
        lines = [f"-- {self.dialect} database {self.database}"]
        for e in self.entities:
            cols = ", ".join(f"{c.name} {c.type}{' KEY' if c.key else ''}" for c in e.columns)
            count = f"  [{e.rows} rows]" if e.rows is not None else ""
            if e.kind == "table":
                lines.append(f"TABLE {e.name}({cols}){count}")
            elif e.kind == "node":
                lines.append(f"NODE (:{e.name} {{{cols}}}){count}")
            else:
                pats = "; ".join(e.patterns) or f"()-[:{e.name}]->()"
                lines.append(f"REL {pats} {{{cols}}}{count}")
        return "\n".join(lines)


@runtime_checkable
class DataSource(Protocol):
    """Runs guarded, read-only queries against one database."""

    language: Language
    """The query language this source accepts."""
    name: str
    """A human-readable name: target and database, e.g. "mysql:planrag_demo_retail"."""

    async def schema(self) -> Schema:
        """Describe the database compactly for prompts."""
        ...

    async def execute(self, query: str, limits: Limits | None = None) -> Table:
        """Check, run and fetch one query. Raises a `QueryError` subclass on refusal/failure."""
        ...

    async def close(self) -> None:
        """Release connections. Idempotent."""
        ...
