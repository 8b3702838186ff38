"""Durable state of conversations (Slack threads): paused runs, earlier turns, claims.

A run paused for consent must survive a restart of the app: the person may answer hours later,
in another request or another process. `PLANRAG_RUN_STORE` picks the backend:

* `sqlite:///path/to/runs.sqlite` (default: `<PLANRAG_DATA_DIR>/paused-runs.sqlite`);
* `redis://host:6379/0` (with the `redis` package);
* `postgresql://user@host:5432/db` (with the `asyncpg` package).

Three kinds of entries, each expiring:

* the paused run of a conversation (its state as JSON and a little context: the dataset, the
  target, the question). `take` hands it to exactly one answer and records that answer in the
  same atomic step, so a second, simultaneous answer learns it came too late. A taken run
  that is neither paused again nor finished within its lease (the process died while it ran)
  can be taken again: an answer is not lost with the process;
* the turns of a conversation (earlier questions and decisions): the history of a follow-up
  question, and the sign that a thread is one the assistant answers in;
* claims: a token that only the first caller gets until it expires (a Slack event id, so a
  retried delivery starts nothing twice; a thread busy with a run).

One store is meant to serve a whole process (`close` it at the end).
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TypeVar
from urllib.parse import urlsplit

from planrag.errors import ConfigError, SourceUnavailable

__all__ = ["MAX_AGE_S", "PausedRun", "RunStore", "Taken", "open_store"]

MAX_AGE_S = 7 * 24 * 3600
"""How long a paused run and a conversation's turns are kept."""

T = TypeVar("T")


@dataclass(frozen=True)
class PausedRun:
    state: str
    context: dict[str, Any]
    saved_at: float


@dataclass(frozen=True)
class Taken:
    """What `take` found: the run to resume (this caller's alone), or the answer someone gave
    first, or neither (nothing is paused under the key)."""

    run: PausedRun | None = None
    earlier: str | None = None


class RunStore(Protocol):
    async def put(self, key: str, run: PausedRun) -> None:
        """Store a paused run (replacing the key's earlier one, answered or not)."""

    async def get(self, key: str) -> PausedRun | None:
        """The key's paused run while nobody has answered it."""

    async def take(self, key: str, answer: str, lease_s: float) -> Taken:
        """Atomically hand the paused run to this `answer`; another caller is told `earlier`
        until the run is stored again, deleted, or `lease_s` has passed."""

    async def delete(self, key: str) -> None: ...

    async def turns(self, key: str) -> list[dict[str, Any]] | None:
        """The conversation's earlier turns; None when the assistant never ran in it."""

    async def save_turns(self, key: str, turns: list[dict[str, Any]]) -> None: ...

    async def claim(self, token: str, ttl_s: float) -> bool:
        """True for the first caller until `ttl_s` has passed (or the token is released)."""

    async def release(self, token: str) -> None: ...

    async def close(self) -> None: ...


def open_store(url: str | None, data_dir: Path) -> RunStore:
    if not url:
        return SQLiteStore(data_dir / "paused-runs.sqlite")
    parts = urlsplit(url)
    if parts.scheme == "sqlite":
        path = parts.path if parts.netloc in ("", "localhost") else f"/{parts.netloc}{parts.path}"
        if not path or path == "/":
            raise ConfigError("PLANRAG_RUN_STORE: give a file, e.g. sqlite:///var/planrag/runs.sqlite")
        return SQLiteStore(Path(path))
    if parts.scheme in ("redis", "rediss"):
        return RedisStore(url)
    if parts.scheme in ("postgresql", "postgres"):
        return PostgresStore(url)
    raise ConfigError(
        f"PLANRAG_RUN_STORE: unsupported store {parts.scheme or url!r}; use sqlite:///FILE, "
        "redis://HOST:PORT/DB or postgresql://USER@HOST:PORT/DB"
    )


def _where(url: str) -> str:
    """The store's address without a password, for messages."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    port = f":{parts.port}" if parts.port else ""
    return f"{parts.scheme}://{host}{port}{parts.path}"


def _unreachable(where: str, exc: BaseException) -> SourceUnavailable:
    return SourceUnavailable(
        f"the run store (PLANRAG_RUN_STORE) at {where} cannot be used: "
        f"{type(exc).__name__}: {exc}"
    )


# -- SQLite -------------------------------------------------------------------------------


class SQLiteStore:
    """One file; each operation is one short transaction in a worker thread, so several
    processes can share the file. Taking a run is a single `UPDATE ... RETURNING`."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._ready = False

    def _connect(self) -> sqlite3.Connection:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(self.path, timeout=10, isolation_level=None)
        if not self._ready:
            conn.execute("BEGIN IMMEDIATE")
            conn.execute("CREATE TABLE IF NOT EXISTS paused_runs (key TEXT PRIMARY KEY, "
                         "state TEXT NOT NULL, context TEXT NOT NULL, saved_at REAL NOT NULL)")
            columns = {row[1] for row in conn.execute("PRAGMA table_info(paused_runs)")}
            if "answer" not in columns:  # a file written before answers were recorded
                conn.execute("ALTER TABLE paused_runs ADD COLUMN answer TEXT")
                conn.execute("ALTER TABLE paused_runs ADD COLUMN answer_until REAL")
            conn.execute("CREATE TABLE IF NOT EXISTS threads (key TEXT PRIMARY KEY, "
                         "turns TEXT NOT NULL, saved_at REAL NOT NULL)")
            conn.execute("CREATE TABLE IF NOT EXISTS claims (token TEXT PRIMARY KEY, "
                         "expires REAL NOT NULL)")
            conn.execute("COMMIT")
            self._ready = True
        return conn

    async def _call(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        def work() -> T:
            conn = self._connect()
            try:
                return fn(conn)
            finally:
                conn.close()

        try:
            return await asyncio.to_thread(work)
        except sqlite3.Error as exc:
            raise _unreachable(str(self.path), exc) from exc

    async def put(self, key: str, run: PausedRun) -> None:
        def put(conn: sqlite3.Connection) -> None:
            conn.execute("BEGIN IMMEDIATE")
            conn.execute("DELETE FROM paused_runs WHERE saved_at < ?", (time.time() - MAX_AGE_S,))
            conn.execute("INSERT OR REPLACE INTO paused_runs (key, state, context, saved_at) "
                         "VALUES (?, ?, ?, ?)",
                         (key, run.state, json.dumps(run.context), run.saved_at))
            conn.execute("COMMIT")

        await self._call(put)

    async def get(self, key: str) -> PausedRun | None:
        def get(conn: sqlite3.Connection) -> PausedRun | None:
            row = conn.execute("SELECT state, context, saved_at FROM paused_runs WHERE key = ? "
                               "AND (answer IS NULL OR answer_until < ?) AND saved_at >= ?",
                               (key, time.time(), time.time() - MAX_AGE_S)).fetchone()
            return None if row is None else PausedRun(row[0], json.loads(row[1]), row[2])

        return await self._call(get)

    async def take(self, key: str, answer: str, lease_s: float) -> Taken:
        def take(conn: sqlite3.Connection) -> Taken:
            now = time.time()
            row = conn.execute(
                "UPDATE paused_runs SET answer = ?, answer_until = ? WHERE key = ? "
                "AND saved_at >= ? AND (answer IS NULL OR answer_until < ?) "
                "RETURNING state, context, saved_at",
                (answer, now + lease_s, key, now - MAX_AGE_S, now)).fetchone()
            if row is not None:
                return Taken(run=PausedRun(row[0], json.loads(row[1]), row[2]))
            earlier = conn.execute("SELECT answer FROM paused_runs WHERE key = ? AND "
                                   "saved_at >= ?", (key, now - MAX_AGE_S)).fetchone()
            return Taken(earlier=earlier[0] if earlier else None)

        return await self._call(take)

    async def delete(self, key: str) -> None:
        await self._call(lambda conn: conn.execute("DELETE FROM paused_runs WHERE key = ?",
                                                   (key,)))

    async def turns(self, key: str) -> list[dict[str, Any]] | None:
        def turns(conn: sqlite3.Connection) -> list[dict[str, Any]] | None:
            row = conn.execute("SELECT turns FROM threads WHERE key = ? AND saved_at >= ?",
                               (key, time.time() - MAX_AGE_S)).fetchone()
            return None if row is None else list(json.loads(row[0]))

        return await self._call(turns)

    async def save_turns(self, key: str, turns: list[dict[str, Any]]) -> None:
        def save(conn: sqlite3.Connection) -> None:
            now = time.time()
            conn.execute("BEGIN IMMEDIATE")
            conn.execute("DELETE FROM threads WHERE saved_at < ?", (now - MAX_AGE_S,))
            conn.execute("INSERT OR REPLACE INTO threads VALUES (?, ?, ?)",
                         (key, json.dumps(turns), now))
            conn.execute("COMMIT")

        await self._call(save)

    async def claim(self, token: str, ttl_s: float) -> bool:
        def claim(conn: sqlite3.Connection) -> bool:
            now = time.time()
            conn.execute("BEGIN IMMEDIATE")
            conn.execute("DELETE FROM claims WHERE expires < ?", (now,))
            got = conn.execute("INSERT OR IGNORE INTO claims VALUES (?, ?)",
                               (token, now + ttl_s)).rowcount == 1
            conn.execute("COMMIT")
            return got

        return await self._call(claim)

    async def release(self, token: str) -> None:
        await self._call(lambda conn: conn.execute("DELETE FROM claims WHERE token = ?",
                                                   (token,)))

    async def close(self) -> None:
        return None  # nothing stays open between operations


# -- Redis --------------------------------------------------------------------------------

# Atomic take: KEYS[1] the paused run, KEYS[2] its answer; ARGV[1] the answer, ARGV[2] the
# lease in seconds. Returns nil (nothing paused), {0, earlier answer} or {1, the paused run}.
_TAKE = """
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
local earlier = redis.call('GET', KEYS[2])
if earlier then return {0, earlier} end
redis.call('SET', KEYS[2], ARGV[1], 'EX', ARGV[2])
return {1, redis.call('GET', KEYS[1])}
"""


class RedisStore:
    """Entries are keys with an expiry; the answer to a paused run is a second key that
    expires with the lease, set by a server-side script in the same step as the read."""

    def __init__(self, url: str) -> None:
        try:
            import redis.asyncio as aioredis
        except ImportError as exc:
            raise ConfigError("PLANRAG_RUN_STORE is a redis:// URL: pip install redis") from exc
        from redis.exceptions import RedisError

        self._where = _where(url)
        self._client = aioredis.from_url(url)
        self._take = self._client.register_script(_TAKE)
        self._errors: tuple[type[BaseException], ...] = (RedisError, OSError)
        self._prefix = "planrag:"

    def _paused(self, key: str) -> str:
        return f"{self._prefix}paused:{key}"

    def _answer(self, key: str) -> str:
        return f"{self._prefix}answer:{key}"

    async def _do(self, work: Awaitable[T]) -> T:
        try:
            return await work
        except self._errors as exc:
            raise _unreachable(self._where, exc) from exc

    async def put(self, key: str, run: PausedRun) -> None:
        payload = json.dumps({"state": run.state, "context": run.context,
                              "saved_at": run.saved_at})
        left = int(MAX_AGE_S - (time.time() - run.saved_at))
        pipe = self._client.pipeline(transaction=True)
        if left > 0:
            pipe.set(self._paused(key), payload, ex=left)
        else:
            pipe.delete(self._paused(key))
        pipe.delete(self._answer(key))
        await self._do(pipe.execute())

    async def get(self, key: str) -> PausedRun | None:
        raw, answer = await self._do(self._client.mget(self._paused(key), self._answer(key)))
        return None if raw is None or answer is not None else _decode_run(raw)

    async def take(self, key: str, answer: str, lease_s: float) -> Taken:
        got = await self._do(self._take(keys=[self._paused(key), self._answer(key)],
                                        args=[answer, max(1, int(lease_s))]))
        if not got:
            return Taken()
        won, value = got
        if int(won) == 1:
            return Taken(run=_decode_run(value))
        return Taken(earlier=value.decode() if isinstance(value, bytes) else str(value))

    async def delete(self, key: str) -> None:
        await self._do(self._client.delete(self._paused(key), self._answer(key)))

    async def turns(self, key: str) -> list[dict[str, Any]] | None:
        raw = await self._do(self._client.get(f"{self._prefix}turns:{key}"))
        return None if raw is None else list(json.loads(raw))

    async def save_turns(self, key: str, turns: list[dict[str, Any]]) -> None:
        await self._do(self._client.set(f"{self._prefix}turns:{key}", json.dumps(turns),
                                        ex=MAX_AGE_S))

    async def claim(self, token: str, ttl_s: float) -> bool:
        got = await self._do(self._client.set(f"{self._prefix}claim:{token}", "1", nx=True,
                                              ex=max(1, int(ttl_s))))
        return bool(got)

    async def release(self, token: str) -> None:
        await self._do(self._client.delete(f"{self._prefix}claim:{token}"))

    async def close(self) -> None:
        await self._client.aclose()


def _decode_run(raw: bytes | str) -> PausedRun:
    data = json.loads(raw)
    return PausedRun(data["state"], data["context"], data["saved_at"])


# -- PostgreSQL ---------------------------------------------------------------------------

_PG_SCHEMA = [
    "CREATE TABLE IF NOT EXISTS planrag_paused_runs (key TEXT PRIMARY KEY, state TEXT NOT "
    "NULL, context TEXT NOT NULL, saved_at DOUBLE PRECISION NOT NULL, answer TEXT, "
    "answer_until DOUBLE PRECISION)",
    "CREATE TABLE IF NOT EXISTS planrag_threads (key TEXT PRIMARY KEY, turns TEXT NOT NULL, "
    "saved_at DOUBLE PRECISION NOT NULL)",
    "CREATE TABLE IF NOT EXISTS planrag_claims (token TEXT PRIMARY KEY, expires DOUBLE "
    "PRECISION NOT NULL)",
]
_PG_LOCK = 0x706C616E726167  # one advisory lock serialises creating the tables


class PostgresStore:
    """Three tables (created on first use) behind a small connection pool; taking a run is a
    single `UPDATE ... RETURNING`, which row locking makes first-come."""

    def __init__(self, url: str) -> None:
        try:
            import asyncpg
        except ImportError as exc:
            raise ConfigError("PLANRAG_RUN_STORE is a postgresql:// URL: pip install asyncpg"
                              ) from exc
        self._asyncpg = asyncpg
        self._url = url
        self._where = _where(url)
        self._pool: Any = None
        self._opening: asyncio.Lock | None = None

    async def _conn_pool(self) -> Any:
        if self._pool is not None:
            return self._pool
        if self._opening is None:
            self._opening = asyncio.Lock()
        async with self._opening:
            if self._pool is None:
                pool = await self._asyncpg.create_pool(self._url, min_size=1, max_size=4,
                                                       timeout=10)
                async with pool.acquire() as conn, conn.transaction():
                    await conn.execute("SELECT pg_advisory_xact_lock($1)", _PG_LOCK)
                    for statement in _PG_SCHEMA:
                        await conn.execute(statement)
                self._pool = pool
        return self._pool

    async def _run(self, method: str, sql: str, *args: Any) -> Any:
        try:
            pool = await self._conn_pool()
            return await getattr(pool, method)(sql, *args)
        except (self._asyncpg.PostgresError, self._asyncpg.InterfaceError, OSError,
                TimeoutError) as exc:
            raise _unreachable(self._where, exc) from exc

    async def put(self, key: str, run: PausedRun) -> None:
        await self._run("execute", "DELETE FROM planrag_paused_runs WHERE saved_at < $1",
                        time.time() - MAX_AGE_S)
        await self._run(
            "execute",
            "INSERT INTO planrag_paused_runs (key, state, context, saved_at) "
            "VALUES ($1, $2, $3, $4) ON CONFLICT (key) DO UPDATE SET state = EXCLUDED.state, "
            "context = EXCLUDED.context, saved_at = EXCLUDED.saved_at, answer = NULL, "
            "answer_until = NULL",
            key, run.state, json.dumps(run.context), run.saved_at)

    async def get(self, key: str) -> PausedRun | None:
        now = time.time()
        row = await self._run("fetchrow", "SELECT state, context, saved_at FROM "
                              "planrag_paused_runs WHERE key = $1 AND (answer IS NULL OR "
                              "answer_until < $2) AND saved_at >= $3", key, now, now - MAX_AGE_S)
        return None if row is None else PausedRun(row[0], json.loads(row[1]), row[2])

    async def take(self, key: str, answer: str, lease_s: float) -> Taken:
        now = time.time()
        row = await self._run(
            "fetchrow",
            "UPDATE planrag_paused_runs SET answer = $2, answer_until = $3 WHERE key = $1 "
            "AND saved_at >= $4 AND (answer IS NULL OR answer_until < $5) "
            "RETURNING state, context, saved_at",
            key, answer, now + lease_s, now - MAX_AGE_S, now)
        if row is not None:
            return Taken(run=PausedRun(row[0], json.loads(row[1]), row[2]))
        earlier = await self._run("fetchval", "SELECT answer FROM planrag_paused_runs WHERE "
                                  "key = $1 AND saved_at >= $2", key, now - MAX_AGE_S)
        return Taken(earlier=earlier)

    async def delete(self, key: str) -> None:
        await self._run("execute", "DELETE FROM planrag_paused_runs WHERE key = $1", key)

    async def turns(self, key: str) -> list[dict[str, Any]] | None:
        raw = await self._run("fetchval", "SELECT turns FROM planrag_threads WHERE key = $1 "
                              "AND saved_at >= $2", key, time.time() - MAX_AGE_S)
        return None if raw is None else list(json.loads(raw))

    async def save_turns(self, key: str, turns: list[dict[str, Any]]) -> None:
        now = time.time()
        await self._run("execute", "DELETE FROM planrag_threads WHERE saved_at < $1",
                        now - MAX_AGE_S)
        await self._run("execute", "INSERT INTO planrag_threads VALUES ($1, $2, $3) ON "
                        "CONFLICT (key) DO UPDATE SET turns = EXCLUDED.turns, saved_at = "
                        "EXCLUDED.saved_at", key, json.dumps(turns), now)

    async def claim(self, token: str, ttl_s: float) -> bool:
        now = time.time()
        got = await self._run(
            "fetchval",
            "INSERT INTO planrag_claims VALUES ($1, $2) ON CONFLICT (token) DO UPDATE SET "
            "expires = EXCLUDED.expires WHERE planrag_claims.expires < $3 RETURNING 1",
            token, now + ttl_s, now)
        return got is not None

    async def release(self, token: str) -> None:
        await self._run("execute", "DELETE FROM planrag_claims WHERE token = $1", token)

    async def close(self) -> None:
        if self._pool is not None:
            pool, self._pool = self._pool, None
            await pool.close()
