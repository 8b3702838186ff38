"""What every server pool shares: being borrowed by sources, closing when idle, one per key.

A server source (MySQL/MariaDB, PostgreSQL) does not own connections: every source on the same
server, account and database borrows one pool of the running event loop (`PoolRegistry`).
The pool counts who holds it (`SharedLife.borrow`/`give_back`); a while after the last one
gave it back it closes its idle connections, and a source that borrows it again opens new
ones. Each pool's own module says how it connects, checks and lends connections. A read that
loses its connection raises `Lost` inside the source (it runs once more elsewhere); a query
error that leaves the connection healthy, `Reusable`.
"""

from __future__ import annotations

import asyncio
import weakref
from abc import ABC, abstractmethod
from collections.abc import Callable, Coroutine, Hashable
from typing import Any, Generic, TypeVar

from planrag.table import Limits

__all__ = ["IDLE_CLOSE_S", "Lost", "PoolHolder", "PoolRegistry", "Reusable", "SharedLife"]

IDLE_CLOSE_S = 60.0
"""How long a pool nobody holds keeps its idle connections."""


class SharedLife(ABC):
    """The life of a pool shared by the sources of one database."""

    def __init__(self) -> None:
        self.users = 0
        """Sources holding it now."""
        self._closer: asyncio.TimerHandle | None = None
        self._background: set[asyncio.Task[Any]] = set()

    def borrow(self) -> None:
        self.users += 1
        self._cancel_closer()

    def give_back(self) -> None:
        self.users = max(0, self.users - 1)
        if self.users == 0 and self._closer is None:
            loop = asyncio.get_running_loop()
            self._closer = loop.call_later(IDLE_CLOSE_S, self._close_if_idle)

    @abstractmethod
    async def close(self) -> None:
        """Close the idle connections now and the lent ones when they come back; the pool
        stays usable."""

    def _close_if_idle(self) -> None:
        self._closer = None
        if self.users == 0:
            self.in_background(self.close())

    def _cancel_closer(self) -> None:
        if self._closer is not None:
            self._closer.cancel()
            self._closer = None

    def in_background(self, work: Coroutine[Any, Any, Any]) -> None:
        """Run `work` on the loop, kept referenced until it is done (an unreferenced task
        may be collected before it ran)."""
        task = asyncio.get_running_loop().create_task(work)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def background_done(self, timeout_s: float) -> None:
        """Wait (at most `timeout_s`) for what runs in the background to end (not for the
        task asking, which may be one of them: an idle pool closing itself)."""
        others = self._background - {asyncio.current_task()}
        if others:
            await asyncio.wait(others, timeout=timeout_s)


P = TypeVar("P", bound=SharedLife)


class PoolRegistry(Generic[P]):
    """The pools of one kind of server, one per key on each running event loop (a pool's
    connections belong to the loop that opened them)."""

    def __init__(self) -> None:
        self._pools: weakref.WeakKeyDictionary[
            asyncio.AbstractEventLoop, dict[Hashable, P]
        ] = weakref.WeakKeyDictionary()

    def get(self, key: Hashable, make: Callable[[], P]) -> P:
        """The pool for `key` on the running loop, made by `make` on first use."""
        pools = self._pools.setdefault(asyncio.get_running_loop(), {})
        pool = pools.get(key)
        if pool is None:
            pool = pools[key] = make()
        return pool

    def current(self) -> list[P]:
        """The pools of the running loop (for benchmarks and tests)."""
        return list(self._pools.get(asyncio.get_running_loop(), {}).values())

    def forget(self, pool: P) -> None:
        """Take `pool` out: the next source on its key makes a new one."""
        for pools in self._pools.values():
            for key, value in list(pools.items()):
                if value is pool:
                    del pools[key]

    async def close_all(self, matching: Callable[[P], bool] | None = None) -> None:
        """Close every pool of the running loop (before the loop ends), or those
        `matching` says."""
        pools = self._pools.get(asyncio.get_running_loop(), {})
        for pool in list(pools.values()):
            if matching is None or matching(pool):
                await pool.close()


class PoolHolder(ABC, Generic[P]):
    """A source's hold on its database's shared pool: borrowed on first use, given back on
    `close` (idempotent); a closed source refuses politely."""

    name: str

    def __init__(self, name: str, limits: Limits | None, pool_size: int, pool_wait_s: float,
                 live: bool) -> None:
        self.name = name
        self.limits = limits or Limits()
        self.pool_size = pool_size
        self.pool_wait_s = pool_wait_s
        self.live = live
        """A team's own database: errors point at its dataset's URL, not at `planrag load`."""
        self._shared: P | None = None
        self._closed = False

    @abstractmethod
    def _shared_pool(self) -> P:
        """The pool of this source's server, account and database (`PoolRegistry.get`)."""

    def _pool(self) -> P:
        if self._closed:
            from planrag.errors import SourceUnavailable

            raise SourceUnavailable(f"{self.name} is closed")
        if self._shared is None:
            self._shared = self._shared_pool()
            self._shared.borrow()
        return self._shared

    async def close(self) -> None:
        if self._shared is not None and not self._closed:
            self._shared.give_back()
        self._closed = True


class Lost(Exception):
    """The connection died under a query (nothing of the read was kept): drop it, and run
    the read once more on another."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = " ".join(reason.split())


class Reusable(Exception):
    """A query error after which the connection is still healthy: end its transaction (or
    reset it) and lend it again; `error` is what the caller is told."""

    def __init__(self, error: Exception, *, stale_schema: bool = False) -> None:
        super().__init__(str(error))
        self.error = error
        self.stale_schema = stale_schema
        """The error says the schema changed under the query: read it again next time."""
