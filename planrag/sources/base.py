"""The data-source seam: one small protocol every database sits behind.

A source runs one query at a time through three layers (ARCHITECTURE.md, "Guards"): the parser-level
guard (`planrag.guards`), its own database-level enforcement (read-only transactions that are
always rolled back, statement timeouts and a watchdog), and fetch-time caps (`Limits`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, Protocol, runtime_checkable

from planrag.guards.dialects import Dialect
from planrag.schema import Column, Entity, ForeignKey, Schema
from planrag.table import Limits, Table

__all__ = ["Column", "DataSource", "Entity", "ForeignKey", "Language", "Schema"]

Language = Literal["sql", "cypher"]


@runtime_checkable
class DataSource(Protocol):
    """Runs guarded, read-only queries against one database."""

    language: Language
    """The query language this source accepts."""

    @property
    def dialect(self) -> Dialect:
        """The dialect its queries are written in and judged in (`planrag.guards.dialects`):
        what its kind declares, made exact once the server is known (MariaDB)."""
        ...

    name: str
    """A human-readable name: target and database, e.g. "mysql:planrag_demo_retail"."""

    async def schema(self) -> Schema:
        """Describe the database compactly for prompts."""
        ...

    async def execute(
        self, query: str, limits: Limits | None = None, params: Mapping[str, Any] | None = None
    ) -> Table:
        """Check, run and fetch one query. Raises a `QueryError` subclass on refusal/failure.
        `params` (the product's own queries only, never a model's) are bound by the driver:
        `:name` in SQL, `$name` in Cypher (`planrag.sources._params`)."""
        ...

    async def close(self) -> None:
        """Release connections. Idempotent."""
        ...
