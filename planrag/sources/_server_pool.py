"""How a server's pool lends connections, whatever the driver (MySQL/MariaDB, PostgreSQL).

Each pool holds the connections of one server, account and database on one event loop; its
module (`_mysql_pool`, `_postgres_pool`) says how a connection is opened, checked, set up and
closed, and which errors mean what. What they share is here:

- **Bounded wait.** A query waits for a free connection at most `wait_s` seconds
  (PLANRAG_POOL_WAIT), first come first served (`planrag.sources._slots`), then gets a
  one-line "busy" error; the statement timeout starts only once a connection is in hand.
- **Liveness.** A pooled connection whose socket the server closed, or older than
  `RECYCLE_S`, is replaced before it is lent, without the caller noticing.
- **A full server.** "Too many connections" while this process already holds connections to
  the database means the server allows no more: the pool keeps to what it holds for
  `FULL_HOLD_S` and the query waits for one of them. Holding none, it tries again with short
  pauses until the wait is over, then says the server is busy, not down.
- **A restart.** A caller whose connection was just lost asks `patient`ly: a server that
  cannot be reached is tried again with pauses until the wait is over.
- **Closing.** `close` closes the idle connections now and those lent when they come back;
  the pool stays usable (a source that still holds it opens new connections).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
import weakref
from abc import abstractmethod
from collections.abc import Awaitable, Callable
from typing import Any, ClassVar, Generic, TypeVar

from planrag.errors import SourceUnavailable
from planrag.sources._sharing import PoolRegistry, SharedLife
from planrag.sources._slots import Busy, Slots

__all__ = ["FULL_HOLD_S", "RECYCLE_S", "ConnectError", "Prepare", "ServerPool"]

RECYCLE_S = 3600.0
"""A pooled connection older than this is closed rather than lent."""
FULL_HOLD_S = 5.0
"""How long a pool keeps to the connections a full server allowed before trying for more."""
_FULL_PAUSE_S = (0.05, 0.5)
"""First and longest pause between tries while a server allows none at all (or restarts)."""
_CLOSE_WAIT_S = 3.0
"""How long `close` waits for connections it closes in the background."""

C = TypeVar("C")
ConnectError = Callable[[BaseException], Exception]
"""Says a failed connection in one line (the source's own words: where, who, what to do)."""
Prepare = Callable[[C], Awaitable[None]]
"""Sets a new (or reset) connection up for the source's queries."""


class ServerPool(SharedLife, Generic[C]):
    """The pool of one (server, account, database) on one event loop; see the module
    docstring. A subclass names its driver's errors and says how to open, check, set up and
    close a connection."""

    pools: ClassVar[PoolRegistry[Any]]
    """The registry the pools of this kind live in (one per key and event loop)."""
    connect_errors: ClassVar[tuple[type[BaseException], ...]]
    """What opening or setting up a connection raises when the server says no."""
    limit_hint: ClassVar[str] = "max_connections"
    """The server setting that caps connections, named in the busy message."""

    def __init__(self, database: str, size: int, wait_s: float) -> None:
        super().__init__()
        self.database = database
        self.size = size
        self.wait_s = wait_s
        self.schema_lock = asyncio.Lock()
        """Held while the schema is read: runs that find it stale at once read it once."""
        self.slots: Slots[C] = Slots(size)
        self.replaced = 0
        """Pooled connections found dead before use and replaced (for tests and benchmarks)."""
        self.refused = 0
        """Connections the server refused as one too many (for tests and benchmarks)."""
        self._born: weakref.WeakKeyDictionary[Any, float] = weakref.WeakKeyDictionary()
        self._established = 0
        """Connections open now (not counting those being opened)."""
        self._lent: weakref.WeakSet[Any] = weakref.WeakSet()
        self._doomed: weakref.WeakSet[Any] = weakref.WeakSet()
        """Lent when the pool was closed: closed when they come back."""

    # -- what a driver says

    @property
    @abstractmethod
    def server(self) -> str:
        """The server's name for people: "MySQL", "MariaDB", "PostgreSQL"."""

    @property
    @abstractmethod
    def where(self) -> str:
        """The database and its server for messages ("shop on 127.0.0.1:5432")."""

    @abstractmethod
    async def _open(self) -> C:
        """A new connection to the database (the driver's errors as they come)."""

    @abstractmethod
    def _closed(self, conn: C) -> bool:
        """Whether the connection is known to be closed, without a round trip."""

    @abstractmethod
    def _discard(self, conn: C) -> None:
        """Let go of a connection that is not to be lent again, at once or in the
        background (`in_background`)."""

    @abstractmethod
    async def _close_now(self, conn: C) -> None:
        """Close an idle connection while the pool closes."""

    @abstractmethod
    def _too_many(self, exc: BaseException) -> bool:
        """Whether the server refused the connection as one too many."""

    @abstractmethod
    def _unreachable(self, exc: BaseException) -> bool:
        """Whether the server could not be reached (or is restarting): worth another try
        from a caller that had it a moment ago."""

    async def _check(self, conn: C, prepare: Prepare[C] | None) -> bool:
        """Whether a pooled connection that looks open still works (set up again for the
        next query where needed)."""
        return True

    async def _setup(self, conn: C, prepare: Prepare[C] | None) -> None:
        """Set up a new connection for its first query."""

    def _forget(self, conn: C) -> None:
        """Drop what the pool knows of a connection it lets go of."""

    def _full(self, exc: BaseException, waited_s: float) -> Exception | None:
        """What to say when the server stayed full for the whole wait; None: the source's
        own words for the error."""
        return None

    @property
    def waits(self) -> int:
        """How many acquisitions had to wait for a free connection."""
        return self.slots.waits

    # -- life

    async def close(self) -> None:
        """Close the idle connections now and the lent ones when they come back. The pool
        stays usable: a source that still holds it opens new connections."""
        self.pools.forget(self)
        self._cancel_closer()
        for conn in self._lent:
            self._doomed.add(conn)
        for conn in self.slots.drain():
            self._established = max(0, self._established - 1)
            self._forget(conn)
            with contextlib.suppress(Exception):
                await self._close_now(conn)
        await self.background_done(_CLOSE_WAIT_S)

    # -- connections

    async def acquire(
        self, connect_error: ConnectError, *, patient: bool = False,
        prepare: Prepare[C] | None = None,
    ) -> C:
        """A live connection, set up with `prepare` (a session's settings); waits at most
        `wait_s` for one to be free. `patient`: see the module docstring."""
        loop = asyncio.get_running_loop()
        started = loop.time()
        deadline = started + self.wait_s
        pause = _FULL_PAUSE_S[0]
        while True:
            try:
                conn = await self.slots.take(deadline)
            except Busy as busy:
                raise self._busy(busy, loop.time() - started) from None
            if conn is not None:
                try:
                    alive = await self._usable(conn, prepare)
                except BaseException:  # cancelled while checking: nobody has it now
                    self._drop(conn)
                    raise
                if alive:
                    self._lent.add(conn)
                    return conn
                self.replaced += 1
                self._drop(conn)
                continue
            try:
                conn = await self._open()
            except self.connect_errors as exc:
                self.slots.gone()
                full = self._too_many(exc)
                if full:
                    self.refused += 1
                    if self._established:  # wait for one of ours instead
                        self.slots.hold_at(self._established, FULL_HOLD_S)
                        continue
                elif not (patient and self._unreachable(exc)):
                    raise connect_error(exc) from None
                if loop.time() + pause > deadline:
                    said = self._full(exc, loop.time() - started) if full else None
                    raise (said or connect_error(exc)) from None
                await asyncio.sleep(pause)
                pause = min(pause * 2, _FULL_PAUSE_S[1])
                continue
            except BaseException:
                self.slots.gone()
                raise
            self._born[conn] = time.monotonic()
            self._established += 1
            try:
                await self._setup(conn, prepare)
            except self.connect_errors as exc:
                self._drop(conn)
                raise connect_error(exc) from None
            except BaseException:
                self._drop(conn)
                raise
            self._lent.add(conn)
            return conn

    async def _usable(self, conn: C, prepare: Prepare[C] | None) -> bool:
        if self._closed(conn) or conn in self._doomed:
            return False
        if time.monotonic() - self._born.get(conn, 0.0) > RECYCLE_S:
            return False
        return await self._check(conn, prepare)

    def release(self, conn: C, *, keep: bool) -> None:
        """Give a connection back (reset by the caller when `keep`), or close it."""
        self._lent.discard(conn)
        if keep and not self._closed(conn) and conn not in self._doomed:
            self.slots.put(conn)
        else:
            self._drop(conn)

    def _drop(self, conn: C) -> None:
        self._forget(conn)
        self._discard(conn)
        self._established = max(0, self._established - 1)
        self.slots.gone()

    # -- messages

    def _busy(self, busy: Busy, waited_s: float) -> SourceUnavailable:
        count = "1 connection" if busy.cap == 1 else f"{busy.cap} connections"
        if busy.limited:
            return SourceUnavailable(
                f"{self.server} allowed this process only {count} to {self.where} (too many "
                f"connections) and {'it' if busy.cap == 1 else 'they'} stayed busy; waited "
                f"{waited_s:.1f} s; try again in a moment, or ask its administrator to raise "
                f"{self.limit_hint}"
            )
        every = "the only connection" if busy.cap == 1 else f"all {count}"
        return SourceUnavailable(
            f"{every} to {self.where} {'is' if busy.cap == 1 else 'are'} busy; waited "
            f"{waited_s:.1f} s; try again in a moment, or raise PLANRAG_POOL_SIZE (within "
            "the server's max_connections)"
        )
