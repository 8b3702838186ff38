"""The accounting of a capped connection pool, shared by the MySQL and SQLite pools.

`Slots` knows nothing about databases: it keeps idle connections, counts open ones, and makes
a caller wait, first come first served and at most until a deadline, for either an idle
connection or the right to open a new one. A connection given back goes straight to the
longest waiter (so a newcomer never overtakes someone already waiting), and so does the
room left by a connection that was closed.

The cap is `size`; a pool that learns the server takes no more connections (MySQL's "Too
many connections") lowers it for a while to what it holds (`hold_at`).
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable
from typing import Generic, TypeVar

__all__ = ["Busy", "Slots"]

C = TypeVar("C")

_OPEN = object()
"""What a waiter is handed when it may open a connection of its own."""


class Busy(Exception):
    """No connection came free before the deadline (`Slots.take` raises it; the pools
    turn it into their own one-line message)."""

    def __init__(self, cap: int, *, limited: bool) -> None:
        super().__init__(f"all {cap} connections busy")
        self.cap = cap
        self.limited = limited
        """True when the cap was lowered because the server refused more connections."""


class Slots(Generic[C]):
    """Idle connections, the open count and the queue of waiters of one pool."""

    def __init__(self, size: int, clock: Callable[[], float] | None = None) -> None:
        self.size = size
        self.idle: list[C] = []
        """Connections ready for reuse, the most recently used last."""
        self.open = 0
        """Connections open or being opened (idle ones included)."""
        self.waits = 0
        """How many takes had to queue (for benchmarks and tests)."""
        self._waiters: deque[asyncio.Future[object]] = deque()
        self._held_cap: int | None = None
        self._held_until = 0.0
        self._clock = clock

    # -- the cap

    def _now(self) -> float:
        return self._clock() if self._clock else asyncio.get_running_loop().time()

    @property
    def cap(self) -> int:
        """The most connections this pool opens right now."""
        if self._held_cap is not None and self._now() < self._held_until:
            return min(self.size, self._held_cap)
        self._held_cap = None
        return self.size

    @property
    def limited(self) -> bool:
        return self.cap < self.size

    def hold_at(self, count: int, for_s: float) -> None:
        """Open no more than `count` connections for `for_s` seconds (the server is full)."""
        self._held_cap = max(1, count)
        self._held_until = self._now() + for_s

    # -- taking and giving back

    async def take(self, deadline: float) -> C | None:
        """An idle connection, or None: the caller may open one (and must then call
        `opened` or `gone`). Waits until `deadline` (loop time), then raises `Busy`."""
        self.wake()  # a cap held for a while may have lapsed: room for those waiting
        if not self._waiters:
            got = self._take_now()
            if got is not _NOTHING:
                return got  # type: ignore[return-value]
        self.waits += 1
        waiter: asyncio.Future[object] = asyncio.get_running_loop().create_future()
        self._waiters.append(waiter)
        try:
            async with asyncio.timeout_at(deadline):
                got = await waiter
        except TimeoutError:
            self._pass_on(waiter)
            raise Busy(self.cap, limited=self.limited) from None
        except BaseException:
            self._pass_on(waiter)
            raise
        return None if got is _OPEN else got  # type: ignore[return-value]

    def _take_now(self) -> object:
        if self.idle:
            return self.idle.pop()
        if self.open < self.cap:
            self.open += 1
            return None
        return _NOTHING

    def _pass_on(self, waiter: asyncio.Future[object]) -> None:
        """A waiter gave up: take it out of the queue, and hand on what it was given."""
        if waiter in self._waiters:
            self._waiters.remove(waiter)
        if waiter.done() and not waiter.cancelled():
            got = waiter.result()
            if got is _OPEN:
                self.gone()
            else:
                self.put(got)  # type: ignore[arg-type]
        else:
            waiter.cancel()

    def put(self, conn: C) -> None:
        """A healthy connection is free again: to the longest waiter, else idle."""
        while self._waiters:
            waiter = self._waiters.popleft()
            if not waiter.done():
                waiter.set_result(conn)
                return
        self.idle.append(conn)

    def gone(self) -> None:
        """A connection was closed (or could not be opened): its room goes to a waiter."""
        self.open = max(0, self.open - 1)
        self.wake()

    def wake(self) -> None:
        """Let waiters open connections while there is room for them."""
        while self._waiters and self.open < self.cap:
            waiter = self._waiters.popleft()
            if not waiter.done():
                self.open += 1
                waiter.set_result(_OPEN)

    def drain(self) -> list[C]:
        """Take every idle connection out (to close them); they count as gone."""
        idle, self.idle = self.idle, []
        self.open = max(0, self.open - len(idle))
        self.wake()
        return idle


_NOTHING = object()
