"""One connection pool per PostgreSQL database and account, shared by every source of a process.

As for MySQL (`planrag.sources._mysql_pool`), the database sees at most `size` connections
from this process (PLANRAG_POOL_SIZE): every `PostgresSource` on the same server, account and
database borrows from one `SharedPool` (ARCHITECTURE.md, "Invariants").

- **Bounded wait.** A query waits for a free connection at most `wait_s` seconds
  (PLANRAG_POOL_WAIT), first come first served (`planrag.sources._slots`), then gets a
  one-line "busy" error; the statement timeout starts only once a connection is in hand.
- **Read-only sessions.** Every connection starts with `default_transaction_read_only` on
  and an `idle_in_transaction_session_timeout`, given in the start-up packet, so even a
  statement run outside the source's own `BEGIN READ ONLY` could not write, and a session
  left inside a transaction by a stalled client is ended by the server.
- **Liveness.** A pooled connection whose socket the server closed (a restart,
  `pg_terminate_backend`) is seen before it is lent and replaced; one older than
  `_RECYCLE_S` is replaced too.
- **A full server.** "Too many connections" (53300) while this process already holds
  connections to the database means the server allows no more: the pool keeps to what it
  holds for a few seconds and the query waits for one of them. Holding none, it tries again
  with a short pause until the wait is over, then says the server is busy, not down.

A pool nobody uses closes its idle connections after a minute (`planrag.sources._sharing`);
`close_all()` closes every pool of the running event loop (the command line and the chat
call it before their loop ends).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl, unquote, urlsplit

import asyncpg

from planrag.schema import Schema
from planrag.sources._sharing import PoolRegistry, SharedLife
from planrag.sources._slots import Busy, Slots

__all__ = [
    "IDLE_IN_TRANSACTION_MS",
    "SSL_MODES",
    "PostgresAddress",
    "SharedPool",
    "close_all",
    "shared_pool",
]

_CONNECT_TIMEOUT_S = 5.0
_RECYCLE_S = 3600.0
_FULL_HOLD_S = 5.0
_FULL_PAUSE_S = (0.05, 0.5)
_CLOSE_TIMEOUT_S = 2.0
IDLE_IN_TRANSACTION_MS = 60_000
"""Milliseconds a session may sit idle inside a transaction before the server ends it (the
source's transactions last one query: a client that stalls longer is gone)."""
SSL_MODES = ("disable", "allow", "prefer", "require", "verify-ca", "verify-full")
"""libpq's `sslmode` values, which asyncpg takes as they are."""
TOO_MANY = "53300"
"""SQLSTATE too_many_connections (also the per-role and per-database connection limits)."""
_NOT_NOW = frozenset({"57P03", "57P01", "57P02"})
"""The server is starting up or shutting down: worth another try while a restart ends."""

ConnectError = Callable[[BaseException], Exception]


@dataclass(frozen=True)
class PostgresAddress:
    """Where a PostgreSQL server is and which account to log in with."""

    host: str
    port: int
    user: str
    password: str | None = field(default=None, repr=False)
    """None: as libpq would (PGPASSWORD, ~/.pgpass), or no password at all (trust)."""
    ssl: str | None = None
    """libpq's sslmode (`?sslmode=require` in a URL); None: asyncpg's default (prefer)."""

    @classmethod
    def of_dsn(cls, dsn: str) -> tuple[PostgresAddress, str]:
        """The address and database of `postgresql://user:password@host:port/database`.
        `ValueError` with a message that never quotes the URL's parts (one may be a
        password when the URL is malformed)."""
        parts = urlsplit(dsn)
        if parts.scheme not in ("postgres", "postgresql") or "://" not in dsn:
            raise ValueError("a PostgreSQL URL starts with postgresql:// or postgres://, e.g. "
                             "postgresql://reader:PASSWORD@127.0.0.1:5432/shop")
        if "#" in dsn or "@" in f"{parts.path}{parts.query}":
            raise ValueError("cannot tell the password from the host: write @ / ? # in a "
                             "password percent-encoded (%40 %2F %3F %23)")
        try:
            port = parts.port or 5432
        except ValueError:
            port = 0
        database = unquote(parts.path.lstrip("/"))
        if not parts.hostname or not port or not database or "/" in database:
            raise ValueError("write postgresql://user:password@HOST:5432/DATABASE (a host, "
                             "a port number and one database)")
        query = dict(parse_qsl(parts.query))
        ssl = query.pop("sslmode", None)
        if query or (ssl is not None and ssl not in SSL_MODES):
            raise ValueError(f"a PostgreSQL URL takes only ?sslmode= ({', '.join(SSL_MODES)})")
        user = unquote(parts.username or "")
        if not user:
            raise ValueError("name the account: postgresql://USER:PASSWORD@host:5432/database")
        password = unquote(parts.password) if parts.password is not None else None
        return cls(parts.hostname, port, user, password, ssl), database

    @property
    def key(self) -> tuple[object, ...]:
        """What tells two accounts on two servers apart (the password included, so a changed
        password is a new pool)."""
        return (self.host, self.port, self.user, self.password, self.ssl)

    @property
    def where(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{host}:{self.port}"


async def open_connection(
    address: PostgresAddress, database: str, *, timeout_s: float = _CONNECT_TIMEOUT_S
) -> asyncpg.Connection:
    """One read-only session on `database` (see the module docstring); the driver's errors
    as they come (the caller says them in one line)."""
    options: dict[str, Any] = {}
    if address.ssl is not None:
        options["ssl"] = address.ssl
    return await asyncpg.connect(
        host=address.host, port=address.port, user=address.user, password=address.password,
        database=database, timeout=timeout_s,
        server_settings={
            "application_name": "planrag",
            "default_transaction_read_only": "on",
            "idle_in_transaction_session_timeout": str(IDLE_IN_TRANSACTION_MS),
        },
        **options,
    )


async def discard(conn: asyncpg.Connection) -> None:
    """Close `conn` for good: a cancel request for a statement still running is sent first
    (asyncpg's close waits for it), then the socket goes; on any trouble, abort it."""
    try:
        await asyncio.wait_for(conn.close(timeout=_CLOSE_TIMEOUT_S), _CLOSE_TIMEOUT_S + 0.5)
    except BaseException:
        conn.terminate()
        raise
    finally:
        if not conn.is_closed():
            conn.terminate()


class SharedPool(SharedLife):
    """The pool of one (server, account, database) on one event loop."""

    def __init__(self, address: PostgresAddress, database: str, size: int,
                 wait_s: float) -> None:
        super().__init__()
        self.address = address
        self.database = database
        self.size = size
        self.wait_s = wait_s
        self.schema: dict[tuple[str, ...], tuple[float, Schema]] = {}
        """The schemas read -> (when read, the Schema), for every source on this database
        (two datasets on one database may name different schemas)."""
        self.schema_lock = asyncio.Lock()
        self.slots: Slots[asyncpg.Connection] = Slots(size)
        self.replaced = 0
        """Pooled connections found dead before use and replaced (for tests)."""
        self.refused = 0
        """Connections the server refused as one too many (for tests)."""
        self._born: weakref.WeakKeyDictionary[asyncpg.Connection, float] = (
            weakref.WeakKeyDictionary())
        self._established = 0
        self._lent: weakref.WeakSet[asyncpg.Connection] = weakref.WeakSet()
        self._doomed: weakref.WeakSet[asyncpg.Connection] = weakref.WeakSet()

    @property
    def waits(self) -> int:
        """How many acquisitions had to wait for a free connection."""
        return self.slots.waits

    @property
    def where(self) -> str:
        return f"{self.database} on {self.address.where}"

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
                await discard(conn)
        await self.background_done(_CLOSE_TIMEOUT_S + 1)

    # -- connections

    async def acquire(
        self, connect_error: ConnectError, *, patient: bool = False
    ) -> asyncpg.Connection:
        """A live connection; waits at most `wait_s` for one to be free.

        `patient`: the server was there a moment ago (a connection was just lost), so a
        server that cannot be reached, or says it is starting up, is tried again with
        pauses until the wait is over: a restart gets that long to finish."""
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
                if self._alive(conn):
                    self._lent.add(conn)
                    return conn
                self.replaced += 1
                self._drop(conn)
                continue
            try:
                conn = await open_connection(self.address, self.database)
            except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError,
                    TimeoutError) as exc:
                self.slots.gone()
                full = getattr(exc, "sqlstate", None) == TOO_MANY
                if full:
                    self.refused += 1
                    if self._established:  # wait for one of ours instead
                        self.slots.hold_at(self._established, _FULL_HOLD_S)
                        continue
                elif not (patient and _unreachable(exc)):
                    raise connect_error(exc) from None
                if loop.time() + pause > deadline:
                    raise connect_error(exc) from None
                await asyncio.sleep(pause)
                pause = min(pause * 2, _FULL_PAUSE_S[1])
                continue
            except BaseException:
                self.slots.gone()
                raise
            self._born[conn] = time.monotonic()
            self._established += 1
            self._lent.add(conn)
            return conn

    def _alive(self, conn: asyncpg.Connection) -> bool:
        """True when a pooled connection may be lent (no round trip: a socket the server
        closed is known to the driver as soon as the loop has read its end)."""
        if conn.is_closed() or conn in self._doomed:
            return False
        return time.monotonic() - self._born.get(conn, 0.0) <= _RECYCLE_S

    def release(self, conn: asyncpg.Connection, *, keep: bool) -> None:
        """Give a connection back (out of any transaction when `keep`), or close it."""
        self._lent.discard(conn)
        if keep and not conn.is_closed() and conn not in self._doomed:
            self.slots.put(conn)
        else:
            self._drop(conn)

    def _drop(self, conn: asyncpg.Connection) -> None:
        """Close a connection that is not to be lent again. One still open may be running a
        statement its caller gave up on (a cancelled run): it is closed in the background,
        after asyncpg's cancel request for that statement has gone out."""
        if not conn.is_closed():
            self.in_background(_quietly_discard(conn))
        self._established = max(0, self._established - 1)
        self.slots.gone()

    # -- messages

    def _busy(self, busy: Busy, waited_s: float) -> Exception:
        from planrag.errors import SourceUnavailable

        count = "1 connection" if busy.cap == 1 else f"{busy.cap} connections"
        if busy.limited:
            return SourceUnavailable(
                f"PostgreSQL allowed this process only {count} to {self.where} (too many "
                f"connections) and {'it' if busy.cap == 1 else 'they'} stayed busy; waited "
                f"{waited_s:.1f} s; try again in a moment, or ask its administrator to raise "
                "max_connections (or the role's CONNECTION LIMIT)"
            )
        every = "the only connection" if busy.cap == 1 else f"all {count}"
        return SourceUnavailable(
            f"the server is busy for this process: {every} to {self.where} "
            f"{'is' if busy.cap == 1 else 'are'} in use; waited {waited_s:.1f} s; try again "
            "in a moment, or raise PLANRAG_POOL_SIZE (within the server's max_connections)"
        )


async def _quietly_discard(conn: asyncpg.Connection) -> None:
    with contextlib.suppress(Exception):
        await discard(conn)


def _unreachable(exc: BaseException) -> bool:
    if isinstance(exc, OSError | TimeoutError | asyncpg.ConnectionDoesNotExistError):
        return True
    return getattr(exc, "sqlstate", None) in _NOT_NOW


_POOLS: PoolRegistry[SharedPool] = PoolRegistry()


def shared_pool(address: PostgresAddress, database: str, size: int,
                wait_s: float) -> SharedPool:
    """The pool for this database and account on the running loop, made on first use."""
    return _POOLS.get((*address.key, database, size, wait_s),
                      lambda: SharedPool(address, database, size, wait_s))


async def close_all(host: str | None = None, port: int | None = None) -> None:
    """Close every pool of the running loop (before the loop ends), or those of one server."""
    await _POOLS.close_all(lambda pool: (host is None or pool.address.host == host)
                           and (port is None or pool.address.port == port))
