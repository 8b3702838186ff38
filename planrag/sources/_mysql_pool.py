"""One connection pool per MySQL/MariaDB database, shared by every source of a process.

Runs come and go (a chat serves many people, an evaluation runs questions in parallel), but
the database sees at most `size` connections from this process (PLANRAG_POOL_SIZE): every
`MySQLSource` on the same server, account and database borrows from one `SharedPool`
(ARCHITECTURE.md, "Invariants").

- **Bounded wait.** A query waits for a free connection at most `wait_s` seconds
  (PLANRAG_POOL_WAIT), first come first served, then gets a one-line "busy" error; that wait
  is not the statement timeout, which starts only once a connection is in hand.
- **Liveness.** A pooled connection is checked before it is lent: one whose socket the server
  closed (a restart, wait_timeout, KILL) is seen at once; any other is set up again for the
  next query if its session settings were reset. A dead one is closed and replaced without
  the caller noticing.
- **Its own database.** Every lend selects the pool's database again (COM_INIT_DB, which also
  proves the connection alive): a `USE other` that reached the server on an earlier lend
  (only possible with the parser guard off) never carries over to the next query, whichever
  dataset makes it; the session reset keeps the current database, so nothing else would undo
  it. Defence in depth must not depend on the parser.
- **A full server.** "Too many connections" (1040, or 1203 for the account's
  max_user_connections) while this process already holds connections to the database means
  the server allows no more: the pool keeps to what it holds for a few seconds and the query
  waits for one of them. Holding none, it tries again with a short pause until the wait is
  over, then says the server is busy (not down) and what to do.

A pool nobody uses closes its idle connections after a minute; `close_all()` closes every
pool of the running event loop (the command line calls it before its loop ends); both as
every server pool does (`planrag.sources._sharing`).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
import weakref
from collections.abc import Awaitable, Callable

import aiomysql
import pymysql

from planrag.errors import SourceUnavailable
from planrag.schema import Schema
from planrag.settings import MySQLAddress
from planrag.sources._sharing import PoolRegistry, SharedLife
from planrag.sources._slots import Busy, Slots

__all__ = ["TOO_MANY_CODES", "SharedPool", "close_all", "shared_pool"]

_CONNECT_TIMEOUT_S = 5
_CHECK_TIMEOUT_S = 5.0
_RECYCLE_S = 3600.0
_FULL_HOLD_S = 5.0
"""How long a pool keeps to the connections a full server allowed before trying for more."""
_FULL_PAUSE_S = (0.05, 0.5)
"""First and longest pause between tries while a full server allows none at all."""
TOO_MANY_CODES = frozenset({1040, 1203})
"""Too many connections (the server's max_connections; the account's max_user_connections)."""

Prepare = Callable[[aiomysql.Connection], Awaitable[None]]
ConnectError = Callable[[BaseException], Exception]


class SharedPool(SharedLife):
    """The pool of one (server, account, database) on one event loop."""

    def __init__(self, address: MySQLAddress, database: str, size: int, wait_s: float) -> None:
        super().__init__()
        self.address = address
        self.database = database
        self.size = size
        self.wait_s = wait_s
        self.flavour: str | None = None
        """"mariadb" or "mysql", known after the first connection."""
        self.sql_mode: str | None = None
        self.schema: tuple[float, Schema] | None = None
        """(when read, the Schema) - cached for every source on this database."""
        self.schema_lock = asyncio.Lock()
        """Held while the schema is read: runs that find it stale at once read it once."""
        self.slots: Slots[aiomysql.Connection] = Slots(size)
        self.replaced = 0
        """Pooled connections found dead before use and replaced (for tests and benchmarks)."""
        self.refused = 0
        """Connections the server refused as one too many (for tests and benchmarks)."""
        self._ready: weakref.WeakSet[aiomysql.Connection] = weakref.WeakSet()
        self._born: weakref.WeakKeyDictionary[aiomysql.Connection, float] = (
            weakref.WeakKeyDictionary()
        )
        self._established = 0
        """Connections open now (not counting those being opened)."""
        self._lent: weakref.WeakSet[aiomysql.Connection] = weakref.WeakSet()
        self._doomed: weakref.WeakSet[aiomysql.Connection] = weakref.WeakSet()
        """Lent when the pool was closed: closed when they come back."""

    @property
    def waits(self) -> int:
        """How many acquisitions had to wait for a free connection."""
        return self.slots.waits

    @property
    def where(self) -> str:
        return f"{self.database} on {self.address.host}:{self.address.port}"

    # -- life

    async def close(self) -> None:
        """Close the idle connections now and the lent ones when they come back. The pool
        stays usable: a source that still holds it opens new connections."""
        _POOLS.forget(self)
        self._cancel_closer()
        for conn in self._lent:
            self._doomed.add(conn)
        for conn in self.slots.drain():
            self._established = max(0, self._established - 1)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(conn.ensure_closed(), 1.0)
            conn.close()

    # -- connections

    async def acquire(
        self, prepare: Prepare, connect_error: ConnectError, *, patient: bool = False
    ) -> aiomysql.Connection:
        """A live, prepared connection; waits at most `wait_s` for one to be free.

        `patient`: the server was there a moment ago (a connection was just lost), so a
        server that cannot be reached is tried again, with pauses, until the wait is over:
        a restart gets that long to finish."""
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
                    alive = await self._revive(conn, prepare)
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
                conn = await self._connect()
            except (pymysql.err.Error, OSError) as exc:
                self.slots.gone()
                full = _code(exc) in TOO_MANY_CODES
                if full:
                    self.refused += 1
                    if self._established:  # wait for one of ours instead
                        self.slots.hold_at(self._established, _FULL_HOLD_S)
                        continue
                elif not (patient and _unreachable(exc)):
                    raise connect_error(exc) from None
                if loop.time() + pause > deadline:
                    if full:
                        raise self._full(exc, loop.time() - started) from None
                    raise connect_error(exc) from None
                await asyncio.sleep(pause)
                pause = min(pause * 2, _FULL_PAUSE_S[1])
                continue
            except BaseException:
                self.slots.gone()
                raise
            try:
                await prepare(conn)
            except (pymysql.err.Error, OSError) as exc:
                self._drop(conn)
                raise connect_error(exc) from None
            except BaseException:
                self._drop(conn)
                raise
            self._ready.add(conn)
            self._lent.add(conn)
            return conn

    async def _connect(self) -> aiomysql.Connection:
        conn = await aiomysql.connect(
            host=self.address.host,
            port=self.address.port,
            user=self.address.user,
            password=self.address.password,
            db=self.database,
            autocommit=True,
            charset="utf8mb4",
            connect_timeout=_CONNECT_TIMEOUT_S,
        )
        self._born[conn] = time.monotonic()
        self._established += 1
        return conn

    async def _revive(self, conn: aiomysql.Connection, prepare: Prepare) -> bool:
        """True when a pooled connection still works (set up again for the next query, on
        the pool's database)."""
        if _closed_by_server(conn) or conn in self._doomed:
            return False
        if time.monotonic() - self._born.get(conn, 0.0) > _RECYCLE_S:
            return False
        try:
            if conn not in self._ready:
                await asyncio.wait_for(prepare(conn), _CHECK_TIMEOUT_S)
                self._ready.add(conn)
            await asyncio.wait_for(conn.select_db(self.database), _CHECK_TIMEOUT_S)
        except (pymysql.err.Error, OSError, TimeoutError):
            return False
        return True

    def release(self, conn: aiomysql.Connection, *, keep: bool) -> None:
        """Give a connection back (reset by the caller when `keep`), or close it."""
        self._lent.discard(conn)
        if keep and not conn.closed and conn not in self._doomed:
            self.slots.put(conn)
        else:
            self._drop(conn)

    def _drop(self, conn: aiomysql.Connection) -> None:
        self._ready.discard(conn)
        conn.close()
        self._established = max(0, self._established - 1)
        self.slots.gone()

    def unprepared(self, conn: aiomysql.Connection) -> None:
        """The session settings of `conn` are gone (it was reset): prepare it again."""
        self._ready.discard(conn)

    # -- messages

    def _busy(self, busy: Busy, waited_s: float) -> SourceUnavailable:
        count = _connections(busy.cap)
        if busy.limited:
            return SourceUnavailable(
                f"the server allowed this process only {count} to {self.where} (Too many "
                f"connections) and {'it' if busy.cap == 1 else 'they'} stayed busy; waited "
                f"{waited_s:.1f} s; try again in a moment, or ask its administrator to raise "
                "max_connections"
            )
        every = "the only connection" if busy.cap == 1 else f"all {count}"
        return SourceUnavailable(
            f"{every} to {self.where} {'is' if busy.cap == 1 else 'are'} busy; waited "
            f"{waited_s:.1f} s; try again in a moment, or raise PLANRAG_POOL_SIZE (within "
            "the server's max_connections)"
        )

    def _full(self, exc: pymysql.err.Error, waited_s: float) -> SourceUnavailable:
        limit = "max_user_connections" if _code(exc) == 1203 else "max_connections"
        return SourceUnavailable(
            f"MySQL at {self.address.host}:{self.address.port} is busy, not down: it refused "
            f"a connection as one too many ({limit} reached by other clients); waited "
            f"{waited_s:.1f} s; try again in a moment, or ask its administrator to raise "
            f"{limit}"
        )


def _connections(count: int) -> str:
    return "1 connection" if count == 1 else f"{count} connections"


def _code(exc: BaseException) -> int | None:
    args = getattr(exc, "args", ())
    return args[0] if args and isinstance(args[0], int) else None


_UNREACHABLE_CODES = frozenset({2002, 2003, 2006, 2013, 1053})
"""Cannot connect, lost during the handshake, or the server shutting down."""


def _unreachable(exc: BaseException) -> bool:
    return isinstance(exc, OSError) or _code(exc) in _UNREACHABLE_CODES


def _closed_by_server(conn: aiomysql.Connection) -> bool:
    """True when the socket is known to be closed, without a round trip."""
    reader = conn._reader
    if conn.closed or reader is None:
        return True
    return bool(
        reader.at_eof() or reader.exception() is not None or getattr(reader, "eof_received", False)
    )


_POOLS: PoolRegistry[SharedPool] = PoolRegistry()


def shared_pool(address: MySQLAddress, database: str, size: int, wait_s: float) -> SharedPool:
    """The pool for this database on the running loop, made on first use."""
    return _POOLS.get((*address.key, database, size, wait_s),
                      lambda: SharedPool(address, database, size, wait_s))


async def close_all(host: str | None = None, port: int | None = None) -> None:
    """Close every pool of the running loop (before the loop ends), or those of one server."""
    await _POOLS.close_all(lambda pool: (host is None or pool.address.host == host)
                           and (port is None or pool.address.port == port))
