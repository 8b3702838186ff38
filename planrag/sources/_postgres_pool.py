"""One connection pool per PostgreSQL database and account, shared by every source of a process.

As for MySQL (`planrag.sources._mysql_pool`), the database sees at most `size` connections
from this process (PLANRAG_POOL_SIZE): every `PostgresSource` on the same server, account and
database borrows from one `SharedPool` (ARCHITECTURE.md, "Invariants"). How it waits,
replaces dead connections and keeps to what a full server allowed is every server pool's
(`planrag.sources._server_pool`); here:

- **Read-only sessions.** Every connection starts with `default_transaction_read_only` on
  and an `idle_in_transaction_session_timeout`, given in the start-up packet, so even a
  statement run outside the source's own `BEGIN READ ONLY` could not write, and a session
  left inside a transaction by a stalled client is ended by the server.
- **Liveness.** A socket the server closed (a restart, `pg_terminate_backend`) is known to
  the driver without a round trip. A connection let go of while it may still run a
  statement is closed in the background, after asyncpg's cancel request.
- **A full server** says 53300 (too_many_connections, also the per-role and per-database
  limits); one starting up or shutting down (57P01-57P03) is tried again by a caller whose
  connection was just lost.

A pool nobody uses closes its idle connections after a minute (`planrag.sources._sharing`);
`close_all()` closes every pool of the running event loop (the command line and the chat
call it before their loop ends).
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass, field
from typing import Any, ClassVar
from urllib.parse import parse_qsl, unquote, urlsplit

import asyncpg

from planrag.schema import Schema
from planrag.sources._server_pool import ConnectError, ServerPool
from planrag.sources._sharing import PoolRegistry

__all__ = [
    "IDLE_IN_TRANSACTION_MS",
    "SSL_MODES",
    "ConnectError",
    "PostgresAddress",
    "SharedPool",
    "close_all",
    "shared_pool",
]

_CONNECT_TIMEOUT_S = 5.0
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


class SharedPool(ServerPool[asyncpg.Connection]):
    """The pool of one (server, account, database) on one event loop."""

    pools: ClassVar[PoolRegistry[SharedPool]]
    connect_errors: ClassVar[tuple[type[BaseException], ...]] = (
        asyncpg.PostgresError, asyncpg.InterfaceError, OSError, TimeoutError)
    limit_hint: ClassVar[str] = "max_connections (or the role's CONNECTION LIMIT)"

    def __init__(self, address: PostgresAddress, database: str, size: int,
                 wait_s: float) -> None:
        super().__init__(database, size, wait_s)
        self.address = address
        self.schema: dict[tuple[str, ...], tuple[float, Schema]] = {}
        """The schemas read -> (when read, the Schema), for every source on this database
        (two datasets on one database may name different schemas)."""

    @property
    def server(self) -> str:
        return "PostgreSQL"

    @property
    def where(self) -> str:
        return f"{self.database} on {self.address.where}"

    async def _open(self) -> asyncpg.Connection:
        return await open_connection(self.address, self.database)

    def _closed(self, conn: asyncpg.Connection) -> bool:
        """No round trip: a socket the server closed is known to the driver as soon as the
        loop has read its end."""
        return bool(conn.is_closed())

    def _discard(self, conn: asyncpg.Connection) -> None:
        """One still open may be running a statement its caller gave up on (a cancelled
        run): it is closed in the background, after asyncpg's cancel request for that
        statement has gone out."""
        if not conn.is_closed():
            self.in_background(_quietly_discard(conn))

    async def _close_now(self, conn: asyncpg.Connection) -> None:
        await discard(conn)

    def _too_many(self, exc: BaseException) -> bool:
        return getattr(exc, "sqlstate", None) == TOO_MANY

    def _unreachable(self, exc: BaseException) -> bool:
        if isinstance(exc, OSError | TimeoutError | asyncpg.ConnectionDoesNotExistError):
            return True
        return getattr(exc, "sqlstate", None) in _NOT_NOW


async def _quietly_discard(conn: asyncpg.Connection) -> None:
    with contextlib.suppress(Exception):
        await discard(conn)


_POOLS: PoolRegistry[SharedPool] = PoolRegistry()
SharedPool.pools = _POOLS


def shared_pool(address: PostgresAddress, database: str, size: int,
                wait_s: float) -> SharedPool:
    """The pool for this database and account on the running loop, made on first use."""
    return _POOLS.get((*address.key, database, size, wait_s),
                      lambda: SharedPool(address, database, size, wait_s))


async def close_all(host: str | None = None, port: int | None = None) -> None:
    """Close every pool of the running loop (before the loop ends), or those of one server."""
    await _POOLS.close_all(lambda pool: (host is None or pool.address.host == host)
                           and (port is None or pool.address.port == port))
