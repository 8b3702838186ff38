"""The run store in PostgreSQL: tables created on first use, behind a small pool."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable
from typing import Any

from planrag.errors import ConfigError
from planrag.service.run_store._common import (
    JOURNAL_COLUMNS,
    JOURNAL_FIELDS,
    JOURNAL_KEEP_S,
    MAX_AGE_S,
    Journaled,
    PausedRun,
    T,
    Taken,
    journaled,
    unreachable,
)

_PG_SCHEMA = [
    "CREATE TABLE IF NOT EXISTS planrag_paused_runs (key TEXT PRIMARY KEY, state TEXT NOT "
    "NULL, context TEXT NOT NULL, saved_at DOUBLE PRECISION NOT NULL, answer TEXT, "
    "answer_until DOUBLE PRECISION)",
    "CREATE TABLE IF NOT EXISTS planrag_threads (key TEXT PRIMARY KEY, turns TEXT NOT NULL, "
    "saved_at DOUBLE PRECISION NOT NULL)",
    "CREATE TABLE IF NOT EXISTS planrag_revoked (token TEXT PRIMARY KEY, expires DOUBLE "
    "PRECISION NOT NULL)",
    "CREATE TABLE IF NOT EXISTS planrag_journal "
    f"({JOURNAL_COLUMNS.format(real='DOUBLE PRECISION')})",
    "CREATE INDEX IF NOT EXISTS planrag_journal_thread ON planrag_journal (thread, phase)",
    "CREATE INDEX IF NOT EXISTS planrag_journal_lease ON planrag_journal (phase, lease_until)",
    "CREATE TABLE IF NOT EXISTS planrag_places (token TEXT PRIMARY KEY, person TEXT NOT NULL, "
    "doing TEXT NOT NULL, since DOUBLE PRECISION NOT NULL, until DOUBLE PRECISION NOT NULL)",
    "CREATE INDEX IF NOT EXISTS planrag_places_person ON planrag_places (person)",
]
_PG_LOCK = 0x706C616E726167  # one advisory lock serialises creating the tables
_PG_THREADS = 0x706C6A  # the advisory locks of threads (with the thread's hash) use this key
_PG_PLACES = 0x706C70  # and those of people's places (with the person's hash) this one


class PostgresStore:
    """Its tables (created on first use) behind a small connection pool; taking a run is a
    single `UPDATE ... RETURNING`, which row locking makes first-come."""

    def __init__(self, url: str) -> None:
        try:
            import asyncpg
        except ImportError as exc:
            raise ConfigError("PLANRAG_RUN_STORE is a postgresql:// URL: pip install asyncpg"
                              ) from exc
        self._asyncpg = asyncpg
        self._url = url
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
            raise unreachable(self._url, exc) from exc

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

    async def _in_transaction(self, work: Callable[[Any], Awaitable[T]]) -> T:
        try:
            pool = await self._conn_pool()
            async with pool.acquire() as conn, conn.transaction():
                return await work(conn)
        except (self._asyncpg.PostgresError, self._asyncpg.InterfaceError, OSError,
                TimeoutError) as exc:
            raise unreachable(self._url, exc) from exc

    async def journal_accept(self, run_id: str, thread: str, record: dict[str, Any],
                             owner: str, lease_s: float) -> Journaled:
        async def accept(conn: Any) -> Journaled:
            now = time.time()
            await conn.execute("DELETE FROM planrag_journal WHERE saved_at < $1 AND (phase = "
                               "'done' OR saved_at < $2)", now - JOURNAL_KEEP_S,
                               now - MAX_AGE_S)
            new = await conn.fetchval(
                "INSERT INTO planrag_journal (run_id, thread, record, plan, phase, owner, "
                "lease_until, attempts, saved_at) VALUES ($1, $2, $3, NULL, 'accepted', $4, $5, "
                "1, $6) ON CONFLICT (run_id) DO NOTHING RETURNING 1",
                run_id, thread, json.dumps(record), owner, now + lease_s, now)
            row = await conn.fetchrow(f"SELECT {JOURNAL_FIELDS} FROM planrag_journal WHERE "
                                      "run_id = $1", run_id)
            return journaled(row, new=new is not None)

        return await self._in_transaction(accept)

    async def journal_start(self, run_id: str, thread: str, plan: dict[str, Any], owner: str,
                            lease_s: float) -> Journaled | None:
        async def start(conn: Any) -> Journaled | None:
            now = time.time()
            # One start at a time per thread: the check and the update must not interleave.
            await conn.execute("SELECT pg_advisory_xact_lock($1, hashtext($2))", _PG_THREADS,
                               thread)
            other = await conn.fetchrow(
                f"SELECT {JOURNAL_FIELDS} FROM planrag_journal WHERE thread = $1 AND run_id "
                "!= $2 AND phase = 'running' AND lease_until >= $3 ORDER BY saved_at LIMIT 1",
                thread, run_id, now)
            if other is not None:
                return journaled(other)
            await conn.execute(
                "INSERT INTO planrag_journal (run_id, thread, record, plan, phase, owner, "
                "lease_until, attempts, saved_at) VALUES ($1, $2, '{}', $3, 'running', $4, $5, 1, "
                "$6) ON CONFLICT (run_id) DO UPDATE SET plan = EXCLUDED.plan, phase = 'running', "
                "owner = EXCLUDED.owner, lease_until = EXCLUDED.lease_until",
                run_id, thread, json.dumps(plan), owner, now + lease_s, now)
            return None

        return await self._in_transaction(start)

    async def journal_renew(self, run_id: str, owner: str, lease_s: float) -> bool:
        got = await self._run("fetchval", "UPDATE planrag_journal SET lease_until = $1 WHERE "
                              "run_id = $2 AND owner = $3 AND phase != 'done' RETURNING 1",
                              time.time() + lease_s, run_id, owner)
        return got is not None

    async def journal_end(self, run_id: str, owner: str) -> None:
        await self._run("execute", "UPDATE planrag_journal SET phase = 'done', lease_until = $1 "
                        "WHERE run_id = $2 AND owner = $3", time.time(), run_id, owner)

    async def journal_take_over(self, owner: str, lease_s: float, run_id: str | None = None,
                                limit: int = 20, prefix: str = "") -> list[Journaled]:
        now = time.time()
        only = "AND run_id = $5" if run_id is not None else ""
        args = (owner, now + lease_s, now, prefix) + ((run_id,) if run_id is not None else ())
        # SKIP LOCKED: two processes sweeping at once each get different runs.
        rows = await self._run(
            "fetch",
            f"UPDATE planrag_journal SET owner = $1, lease_until = $2, attempts = attempts + 1 "
            f"WHERE run_id IN (SELECT run_id FROM planrag_journal WHERE phase != 'done' AND "
            f"lease_until < $3 {only} AND left(run_id, length($4)) = $4 ORDER BY saved_at "
            f"LIMIT {int(limit)} FOR UPDATE SKIP "
            f"LOCKED) AND lease_until < $3 RETURNING {JOURNAL_FIELDS}", *args)
        return [journaled(row) for row in rows]

    async def journal_running(self, thread: str) -> Journaled | None:
        row = await self._run("fetchrow", f"SELECT {JOURNAL_FIELDS} FROM planrag_journal WHERE "
                              "thread = $1 AND phase = 'running' ORDER BY saved_at DESC LIMIT 1",
                              thread)
        return None if row is None else journaled(row)

    async def journal_run(self, run_id: str) -> Journaled | None:
        row = await self._run("fetchrow", f"SELECT {JOURNAL_FIELDS} FROM planrag_journal WHERE "
                              "run_id = $1", run_id)
        return None if row is None else journaled(row)

    async def place_hold(self, person: str, token: str, doing: str, most: int,
                         lease_s: float) -> list[str] | None:
        async def hold(conn: Any) -> list[str] | None:
            now = time.time()
            # One hold at a time per person: the count and the insert must not interleave.
            await conn.execute("SELECT pg_advisory_xact_lock($1, hashtext($2))", _PG_PLACES,
                               person)
            await conn.execute("DELETE FROM planrag_places WHERE person = $1 AND until < $2",
                               person, now)
            rows = await conn.fetch("SELECT doing FROM planrag_places WHERE person = $1 ORDER "
                                    "BY since", person)
            if len(rows) >= most:
                return [str(row[0]) for row in rows]
            await conn.execute("INSERT INTO planrag_places VALUES ($1, $2, $3, $4, $5)",
                               token, person, doing, now, now + lease_s)
            return None

        return await self._in_transaction(hold)

    async def place_renew(self, person: str, token: str, lease_s: float) -> bool:
        now = time.time()
        done = await self._run("execute", "UPDATE planrag_places SET until = $1 WHERE token = "
                               "$2 AND person = $3 AND until >= $4", now + lease_s, token,
                               person, now)
        return str(done).endswith(" 1")

    async def place_release(self, person: str, token: str) -> None:
        await self._run("execute", "DELETE FROM planrag_places WHERE token = $1 AND person = $2",
                        token, person)

    async def revoke(self, token: str, until: float) -> None:
        await self._run("execute", "DELETE FROM planrag_revoked WHERE expires < $1", time.time())
        await self._run("execute", "INSERT INTO planrag_revoked VALUES ($1, $2) ON CONFLICT "
                        "(token) DO UPDATE SET expires = GREATEST(planrag_revoked.expires, "
                        "EXCLUDED.expires)", token, until)

    async def revoked(self, token: str) -> bool:
        got = await self._run("fetchval", "SELECT 1 FROM planrag_revoked WHERE token = $1 AND "
                              "expires >= $2", token, time.time())
        return got is not None

    async def close(self) -> None:
        if self._pool is not None:
            pool, self._pool = self._pool, None
            await pool.close()

