"""One connection pool per MySQL/MariaDB database, shared by every source of a process.

Runs come and go (a chat serves many people, an evaluation runs questions in parallel), but
the database sees at most `size` connections from this process: every `MySQLSource` on the
same server, account and database borrows from one `SharedPool`. A query waits for a free
connection at most `wait_s` seconds, then gets a clear "busy" error instead of waiting
forever. A pool nobody uses closes after `_IDLE_CLOSE_S`; `close_all()` closes every pool of
the running event loop (the command line calls it before its loop ends).

Connections that sat idle for a while are pinged before use, so one the server dropped in
the meantime (wait_timeout, a restart) is replaced instead of failing the next query.
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

__all__ = ["SharedPool", "close_all", "shared_pool"]

_IDLE_CLOSE_S = 60.0
_PING_AFTER_S = 30.0
_CONNECT_TIMEOUT_S = 5

Prepare = Callable[[aiomysql.Connection], Awaitable[None]]
ConnectError = Callable[[BaseException], Exception]


class SharedPool:
    """The pool of one (server, account, database) on one event loop."""

    def __init__(self, address: MySQLAddress, database: str, size: int, wait_s: float) -> None:
        self.address = address
        self.database = database
        self.size = size
        self.wait_s = wait_s
        self.users = 0
        self.flavour: str | None = None
        """"mariadb" or "mysql", known after the first connection."""
        self.sql_mode: str | None = None
        self.schema: tuple[float, Schema] | None = None
        """(when read, the Schema) - cached for every source on this database."""
        self._pool: aiomysql.Pool | None = None
        self._lock = asyncio.Lock()
        self._gate = asyncio.Semaphore(size)
        self._ready: weakref.WeakSet[aiomysql.Connection] = weakref.WeakSet()
        self._idle_since: weakref.WeakKeyDictionary[aiomysql.Connection, float] = (
            weakref.WeakKeyDictionary()
        )
        self._closer: asyncio.TimerHandle | None = None
        self.waits = 0
        """How many acquisitions had to wait for a free connection (for benchmarks)."""
        self.waited_s = 0.0

    # -- life

    def borrow(self) -> None:
        self.users += 1
        if self._closer is not None:
            self._closer.cancel()
            self._closer = None

    def give_back(self) -> None:
        self.users = max(0, self.users - 1)
        if self.users == 0 and self._closer is None:
            loop = asyncio.get_running_loop()
            self._closer = loop.call_later(_IDLE_CLOSE_S, self._close_if_idle)

    def _close_if_idle(self) -> None:
        self._closer = None
        if self.users == 0:
            asyncio.get_running_loop().create_task(self.close())

    async def close(self) -> None:
        pool, self._pool = self._pool, None
        _forget(self)
        if pool is not None:
            pool.close()
            with contextlib.suppress(Exception):
                await pool.wait_closed()

    # -- connections

    async def acquire(
        self, prepare: Prepare, connect_error: ConnectError
    ) -> aiomysql.Connection:
        """A prepared connection; waits at most `wait_s` for one to be free."""
        started = time.monotonic()
        if self._gate.locked():
            self.waits += 1
        try:
            async with asyncio.timeout(self.wait_s):
                await self._gate.acquire()
        except TimeoutError:
            raise SourceUnavailable(
                f"all {self.size} connections to {self.database} on {self.address.host}:"
                f"{self.address.port} stayed busy for {self.wait_s:g} s; try again in a moment, "
                "or raise PLANRAG_POOL_SIZE (within the server's max_connections)"
            ) from None
        self.waited_s += time.monotonic() - started
        try:
            return await self._connection(prepare, connect_error)
        except BaseException:
            self._gate.release()
            raise

    async def _connection(
        self, prepare: Prepare, connect_error: ConnectError
    ) -> aiomysql.Connection:
        pool = await self._get_pool(connect_error)
        for _ in range(self.size + 1):
            try:
                conn = await pool.acquire()
            except (pymysql.err.Error, OSError) as exc:
                raise connect_error(exc) from None
            if not await self._alive(conn):
                self._ready.discard(conn)
                conn.close()
                pool.release(conn)
                continue
            if conn not in self._ready:
                try:
                    await prepare(conn)
                except (pymysql.err.Error, OSError) as exc:
                    conn.close()
                    pool.release(conn)
                    raise connect_error(exc) from None
                self._ready.add(conn)
            return conn
        raise SourceUnavailable(
            f"cannot get a working connection to {self.database} on {self.address.host}:"
            f"{self.address.port}; is the server restarting?"
        )

    async def _alive(self, conn: aiomysql.Connection) -> bool:
        """False when a connection idle for a while no longer answers."""
        idle = self._idle_since.get(conn)
        if idle is None or time.monotonic() - idle < _PING_AFTER_S:
            return True
        try:
            await asyncio.wait_for(conn.ping(reconnect=False), _CONNECT_TIMEOUT_S)
        except (pymysql.err.Error, OSError, TimeoutError):
            return False
        return True

    def release(self, conn: aiomysql.Connection, *, keep: bool) -> None:
        """Give a connection back (reset by the caller when `keep`), or drop it."""
        try:
            if not keep:
                self._ready.discard(conn)
                conn.close()
            else:
                self._idle_since[conn] = time.monotonic()
            if self._pool is not None:
                self._pool.release(conn)
        finally:
            self._gate.release()

    def unprepared(self, conn: aiomysql.Connection) -> None:
        """The session settings of `conn` are gone (it was reset): prepare it again."""
        self._ready.discard(conn)

    async def _get_pool(self, connect_error: ConnectError) -> aiomysql.Pool:
        if self._pool is not None:
            return self._pool
        async with self._lock:
            if self._pool is None:
                try:
                    self._pool = await aiomysql.create_pool(
                        minsize=0,
                        maxsize=self.size,
                        host=self.address.host,
                        port=self.address.port,
                        user=self.address.user,
                        password=self.address.password,
                        db=self.database,
                        autocommit=True,
                        charset="utf8mb4",
                        connect_timeout=_CONNECT_TIMEOUT_S,
                        pool_recycle=3600,
                    )
                except (pymysql.err.Error, OSError) as exc:
                    raise connect_error(exc) from None
        return self._pool


_POOLS: weakref.WeakKeyDictionary[
    asyncio.AbstractEventLoop, dict[tuple[object, ...], SharedPool]
] = weakref.WeakKeyDictionary()


def shared_pool(address: MySQLAddress, database: str, size: int, wait_s: float) -> SharedPool:
    """The pool for this database on the running loop, made on first use."""
    loop = asyncio.get_running_loop()
    pools = _POOLS.setdefault(loop, {})
    key = (*address.key, database, size, wait_s)
    pool = pools.get(key)
    if pool is None:
        pool = pools[key] = SharedPool(address, database, size, wait_s)
    return pool


def _forget(pool: SharedPool) -> None:
    for pools in _POOLS.values():
        for key, value in list(pools.items()):
            if value is pool:
                del pools[key]


async def close_all() -> None:
    """Close every pool of the running loop (before the loop ends)."""
    pools = _POOLS.get(asyncio.get_running_loop(), {})
    for pool in list(pools.values()):
        await pool.close()
