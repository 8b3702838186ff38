"""The parser-level guard in front of a source: the first of the three layers.

A kind opens its source and puts it behind `guarded` (`planrag.locations._kinds.Kind.open`), so
every query a person, a model, a decision or a simulator sends is judged before the source
sees it. What the guard reads comes from the source (`Submission`): the dialect its kind
declares, made exact once the server is known (MariaDB), the query with each parameter
standing as a plain literal, and what is known of the database it reads. The value index a
source reads for its schema goes through the same door.

Everything else a caller may ask of the source (its name, its server, the order rows were
inserted in) is the source's own, passed through unchanged.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from planrag.guards import require
from planrag.guards.dialects import Dialect
from planrag.sources.base import GuardableSource, Language, Schema
from planrag.sources.watch import watched
from planrag.table import Limits, Table

__all__ = ["GuardedSource", "guarded"]


class GuardedSource:
    """A `DataSource` that judges each query before its source runs it."""

    def __init__(self, source: GuardableSource) -> None:
        self.source = source
        self.language: Language = source.language
        self.name: str = source.name

    @property
    def dialect(self) -> Dialect:
        return self.source.dialect

    async def execute(
        self, query: str, limits: Limits | None = None, params: Mapping[str, Any] | None = None
    ) -> Table:
        async def run() -> Table:
            await self.judge(query, params)
            return await self.source.execute(query, limits, params)

        return await watched(self.language, query, run)  # kept where a tool is audited

    async def judge(self, query: str, params: Mapping[str, Any] | None = None) -> None:
        """Raise `QueryRefused` unless the guard lets `query` run (nothing runs if not)."""
        submitted = await self.source.submission(query, params)
        require(submitted.dialect, submitted.text, submitted.scope, submitted.params)

    async def schema(self) -> Schema:
        return await self.source.schema(self.execute)

    async def close(self) -> None:
        await self.source.close()

    def __getattr__(self, name: str) -> Any:
        # Only reached for what this class does not define: the source's own extras.
        if name == "source":
            raise AttributeError(name)
        return getattr(self.source, name)

    def __repr__(self) -> str:
        return f"guarded({self.source.name})"


def guarded(source: GuardableSource) -> GuardedSource:
    """`source` behind the parser-level guard of its dialect."""
    if isinstance(source, GuardedSource):
        return source
    return GuardedSource(source)
