"""The queries a piece of work sent, as the guard saw them.

A front end's tool that reaches a database for a person (their own query, a schema look-up, a
what-if) is audited with every query it caused, whoever inside sent it: the source's
introspection, a simulator reading its state, a written decision. `watching()` opens a
record for the current task and the tasks it starts; the guard (`sources/guarded.py`), the
door every query passes, adds each query it was given to the record open: run (with its
rows), refused (with the guard's reason) or failed. Nothing is kept when no record is open.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from planrag.errors import QueryRefused
from planrag.sources.base import Language
from planrag.table import Table

__all__ = ["Sent", "watched", "watching"]


@dataclass(frozen=True, slots=True)
class Sent:
    """One query the guard was given, and what came of it."""

    language: Language
    query: str
    rows: int | None = None
    """The rows it gave (None: it did not run to a result)."""
    elapsed_ms: float = 0.0
    refused: QueryRefused | None = None
    """The guard's refusal, when it refused the query."""
    error: str = ""
    """Why it failed in the database, when it did."""


_OPEN: ContextVar[list[Sent] | None] = ContextVar("planrag_watched_queries", default=None)


@contextmanager
def watching() -> Iterator[list[Sent]]:
    """A record of the queries sent from here on in this task (and the tasks it starts),
    in the order they ended."""
    sent: list[Sent] = []
    token = _OPEN.set(sent)
    try:
        yield sent
    finally:
        _OPEN.reset(token)


async def watched(language: Language, query: str, run: Callable[[], Awaitable[Table]]
                  ) -> Table:
    """`run()` (the guard, then the source, for `query`), kept in the open record."""
    sent = _OPEN.get()
    if sent is None:
        return await run()
    try:
        table = await run()
    except QueryRefused as exc:
        sent.append(Sent(language, query, refused=exc))
        raise
    except Exception as exc:
        sent.append(Sent(language, query, error=str(exc).strip().splitlines()[0]
                         if str(exc).strip() else type(exc).__name__))
        raise
    sent.append(Sent(language, query, table.total_rows, table.elapsed_ms))
    return table
