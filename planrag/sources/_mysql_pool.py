"""One connection pool per MySQL/MariaDB database, shared by every source of a process.

Runs come and go (a chat serves many people, an evaluation runs questions in parallel), but
the database sees at most `size` connections from this process (PLANRAG_POOL_SIZE): every
`MySQLSource` on the same server, account and database borrows from one `SharedPool`
(ARCHITECTURE.md, "Invariants"). How it waits, replaces dead connections and keeps to what a
full server allowed is every server pool's (`planrag.sources._server_pool`); here:

- **Liveness.** A socket the server closed (a restart, wait_timeout, KILL) is seen without a
  round trip; a connection that looks open is set up again if its session settings were
  reset, and proves itself alive by selecting the pool's database.
- **Its own database.** Every lend selects the pool's database again (COM_INIT_DB): a `USE
  other` that reached the server on an earlier lend (only possible with the parser guard
  off) never carries over to the next query, whichever dataset makes it; the session reset
  keeps the current database, so nothing else would undo it. Defence in depth must not
  depend on the parser.
- **A full server.** "Too many connections" is 1040, or 1203 for the account's
  max_user_connections; the message that ends the wait names which.

A pool nobody uses closes its idle connections after a minute; `close_all()` closes every
pool of the running event loop (the command line calls it before its loop ends); both as
every server pool does (`planrag.sources._sharing`).
"""

from __future__ import annotations

import asyncio
import contextlib
import weakref
from typing import ClassVar

import aiomysql
import pymysql

from planrag.errors import SourceUnavailable
from planrag.schema import Schema
from planrag.settings import MySQLAddress
from planrag.sources._server_pool import ConnectError, Prepare, ServerPool
from planrag.sources._sharing import PoolRegistry

__all__ = ["TOO_MANY_CODES", "CappedConnection", "ConnectError", "PacketTooLarge", "SharedPool",
           "close_all", "shared_pool"]

_CONNECT_TIMEOUT_S = 5
_CHECK_TIMEOUT_S = 5.0
TOO_MANY_CODES = frozenset({1040, 1203})
"""Too many connections (the server's max_connections; the account's max_user_connections)."""


class PacketTooLarge(Exception):
    """A packet longer than the connection's `read_cap` was about to be read."""

    def __init__(self, size: int) -> None:
        super().__init__(f"a packet of {size:,} bytes")
        self.size = size


class CappedConnection(aiomysql.Connection):  # type: ignore[misc]
    """A connection that will not read a packet longer than `read_cap` bytes (set while a
    result's rows stream): it closes instead, so the rest of a huge row never reaches the
    app. A packet of the protocol is at most 16 MB; a longer row comes in several, each
    judged."""

    read_cap: int | None = None

    async def _read_bytes(self, num_bytes: int) -> bytes:
        cap = self.read_cap
        if cap is not None and num_bytes > cap:
            self.close()
            raise PacketTooLarge(num_bytes)
        data: bytes = await super()._read_bytes(num_bytes)
        return data


class SharedPool(ServerPool[aiomysql.Connection]):
    """The pool of one (server, account, database) on one event loop."""

    pools: ClassVar[PoolRegistry[SharedPool]]
    connect_errors: ClassVar[tuple[type[BaseException], ...]] = (pymysql.err.Error, OSError)

    def __init__(self, address: MySQLAddress, database: str, size: int, wait_s: float) -> None:
        super().__init__(database, size, wait_s)
        self.address = address
        self.flavour: str | None = None
        """"mariadb" or "mysql", known after the first connection."""
        self.sql_mode: str | None = None
        self.schema: tuple[float, Schema] | None = None
        """(when read, the Schema) - cached for every source on this database."""
        self._ready: weakref.WeakSet[aiomysql.Connection] = weakref.WeakSet()
        """Connections whose session is set up (`prepare`d) for the sources' queries."""

    @property
    def server(self) -> str:
        return "MariaDB" if self.flavour == "mariadb" else "MySQL"

    @property
    def where(self) -> str:
        return f"{self.database} on {self.address.host}:{self.address.port}"

    async def _open(self) -> aiomysql.Connection:
        conn = CappedConnection(
            host=self.address.host,
            port=self.address.port,
            user=self.address.user,
            password=self.address.password,
            db=self.database,
            autocommit=True,
            charset="utf8mb4",
            connect_timeout=_CONNECT_TIMEOUT_S,
        )
        await conn._connect()  # what aiomysql.connect() does, with this class
        return conn

    def _closed(self, conn: aiomysql.Connection) -> bool:
        return _closed_by_server(conn)

    async def _check(self, conn: aiomysql.Connection,
                     prepare: Prepare[aiomysql.Connection] | None) -> bool:
        """Set up again if its session was reset, and back on the pool's database (which
        proves it alive)."""
        try:
            if conn not in self._ready and prepare is not None:
                await asyncio.wait_for(prepare(conn), _CHECK_TIMEOUT_S)
                self._ready.add(conn)
            await asyncio.wait_for(conn.select_db(self.database), _CHECK_TIMEOUT_S)
        except (pymysql.err.Error, OSError, TimeoutError):
            return False
        return True

    async def _setup(self, conn: aiomysql.Connection,
                     prepare: Prepare[aiomysql.Connection] | None) -> None:
        if prepare is not None:
            await prepare(conn)
            self._ready.add(conn)

    def _forget(self, conn: aiomysql.Connection) -> None:
        self._ready.discard(conn)

    def _discard(self, conn: aiomysql.Connection) -> None:
        conn.close()

    async def _close_now(self, conn: aiomysql.Connection) -> None:
        try:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(conn.ensure_closed(), 1.0)
        finally:
            conn.close()

    def _too_many(self, exc: BaseException) -> bool:
        return _code(exc) in TOO_MANY_CODES

    def _unreachable(self, exc: BaseException) -> bool:
        return isinstance(exc, OSError) or _code(exc) in _UNREACHABLE_CODES

    def unprepared(self, conn: aiomysql.Connection) -> None:
        """The session settings of `conn` are gone (it was reset): prepare it again."""
        self._ready.discard(conn)

    def _full(self, exc: BaseException, waited_s: float) -> SourceUnavailable:
        limit = "max_user_connections" if _code(exc) == 1203 else "max_connections"
        return SourceUnavailable(
            f"{self.server} at {self.address.host}:{self.address.port} is busy, not down: it "
            f"refused a connection as one too many ({limit} reached by other clients); "
            f"waited {waited_s:.1f} s; try again in a moment, or ask its administrator to "
            f"raise {limit}"
        )


def _code(exc: BaseException) -> int | None:
    args = getattr(exc, "args", ())
    return args[0] if args and isinstance(args[0], int) else None


_UNREACHABLE_CODES = frozenset({2002, 2003, 2006, 2013, 1053})
"""Cannot connect, lost during the handshake, or the server shutting down."""


def _closed_by_server(conn: aiomysql.Connection) -> bool:
    """True when the socket is known to be closed, without a round trip."""
    reader = conn._reader
    if conn.closed or reader is None:
        return True
    return bool(
        reader.at_eof() or reader.exception() is not None or getattr(reader, "eof_received", False)
    )


_POOLS: PoolRegistry[SharedPool] = PoolRegistry()
SharedPool.pools = _POOLS


def shared_pool(address: MySQLAddress, database: str, size: int, wait_s: float) -> SharedPool:
    """The pool for this database on the running loop, made on first use."""
    return _POOLS.get((*address.key, database, size, wait_s),
                      lambda: SharedPool(address, database, size, wait_s))


async def close_all(host: str | None = None, port: int | None = None) -> None:
    """Close every pool of the running loop (before the loop ends), or those of one server."""
    await _POOLS.close_all(lambda pool: (host is None or pool.address.host == host)
                           and (port is None or pool.address.port == port))
