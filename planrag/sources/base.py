"""The data-source seam: one small protocol every database sits behind.

A query runs through three layers (ARCHITECTURE.md, "Guards"): the parser-level guard
(`planrag.guards`), the source's own database-level enforcement (read-only transactions that
are always rolled back, statement timeouts and a watchdog), and fetch-time caps (`Limits`).

A source class (`MySQLSource`, `SQLiteSource`, `Neo4jSource`, ...) is the last two layers: it
runs what it is given. Its kind puts the first in front when it opens one
(`planrag.sources.guarded`), so nothing a person or a model reaches is unguarded, and tests of
the database layer build a source directly. A source says how its guard is to read a query
(`Submission`: the exact dialect, the text with each parameter as a plain literal, what is
known of the database), and reads its value index through whatever runs queries for it
(`Read`), so the guarded layer's own queries are judged like any other.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, Protocol, runtime_checkable

from planrag.guards import Placeholder, Scope
from planrag.guards.dialects import Dialect
from planrag.schema import Column, Entity, ForeignKey, Schema
from planrag.table import Limits, Table

__all__ = ["Column", "DataSource", "Entity", "ForeignKey", "GuardableSource", "Language", "Read",
           "Schema", "Submission"]

Language = Literal["sql", "cypher"]

Read = Callable[[str, Limits], Awaitable[Table]]
"""Runs one query under limits for a source's own reading (its value index): `execute`."""


@dataclass(frozen=True, slots=True)
class Submission:
    """A query as the parser-level guard is to judge it."""

    dialect: Dialect
    """The exact dialect it runs in (MariaDB once the server is known to be one)."""
    text: str
    """The query as the guard reads it: each parameter stands as a plain literal (its value
    is bound by the driver, never written into the text)."""
    scope: Scope | None = None
    """What is known of the database it runs on (None: nothing)."""
    params: tuple[Placeholder, ...] = ()
    """Where each parameter's literal stands in `text`, with the value bound there: a size
    that depends on one is judged by that value."""


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


@runtime_checkable
class GuardableSource(DataSource, Protocol):
    """A source as its kind builds it, before the guard is put in front
    (`planrag.sources.guarded.guarded`): it runs what it is given."""

    async def submission(
        self, query: str, params: Mapping[str, Any] | None = None
    ) -> Submission:
        """How the guard is to read `query` (connecting first if the server decides the
        dialect). Raises `QueryRefused` for parameters that do not match the query."""
        ...

    async def schema(self, read: Read | None = None) -> Schema:
        """As `DataSource.schema`; `read` runs the value index's queries (default: the
        source's own `execute`)."""
        ...
