"""The run store in one SQLite file (the default: `<PLANRAG_DATA_DIR>/paused-runs.sqlite`)."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from planrag.private import private_sqlite
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
    taken_over,
    unreachable,
)


class SQLiteStore:
    """One file; each operation is one short transaction in a worker thread, so several
    processes can share the file. Taking a run is a single `UPDATE ... RETURNING`. The file
    holds people's messages: it is kept private to its owner (`planrag.private`)."""

    def __init__(self, path: Path, data_dir: Path | None = None) -> None:
        self.path = path
        self.data_dir = data_dir
        self._ready = False

    def _connect(self) -> sqlite3.Connection:
        if not self._ready:
            private_sqlite(self.path, self.data_dir)
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
            conn.execute("CREATE TABLE IF NOT EXISTS revoked (token TEXT PRIMARY KEY, "
                         "expires REAL NOT NULL)")
            conn.execute("CREATE TABLE IF NOT EXISTS journal "
                         f"({JOURNAL_COLUMNS.format(real='REAL')})")
            conn.execute("CREATE INDEX IF NOT EXISTS journal_thread ON journal (thread, phase)")
            conn.execute("CREATE INDEX IF NOT EXISTS journal_lease ON journal (phase, "
                         "lease_until)")
            conn.execute("CREATE TABLE IF NOT EXISTS places (token TEXT PRIMARY KEY, person "
                         "TEXT NOT NULL, doing TEXT NOT NULL, since REAL NOT NULL, until REAL "
                         "NOT NULL)")
            conn.execute("CREATE INDEX IF NOT EXISTS places_person ON places (person)")
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
            raise unreachable(str(self.path), exc) from exc

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

    async def journal_accept(self, run_id: str, thread: str, record: dict[str, Any],
                             owner: str, lease_s: float) -> Journaled:
        def accept(conn: sqlite3.Connection) -> Journaled:
            now = time.time()
            conn.execute("BEGIN IMMEDIATE")
            conn.execute("DELETE FROM journal WHERE saved_at < ? AND (phase = 'done' OR "
                         "saved_at < ?)", (now - JOURNAL_KEEP_S, now - MAX_AGE_S))
            new = conn.execute(
                "INSERT OR IGNORE INTO journal (run_id, thread, record, plan, phase, owner, "
                "lease_until, attempts, saved_at) VALUES (?, ?, ?, NULL, 'accepted', ?, ?, 1, ?)",
                (run_id, thread, json.dumps(record), owner, now + lease_s, now)).rowcount == 1
            row = conn.execute(f"SELECT {JOURNAL_FIELDS} FROM journal WHERE run_id = ?",
                               (run_id,)).fetchone()
            conn.execute("COMMIT")
            return journaled(row, new=new)

        return await self._call(accept)

    async def journal_start(self, run_id: str, thread: str, plan: dict[str, Any], owner: str,
                            lease_s: float) -> Journaled | None:
        def start(conn: sqlite3.Connection) -> Journaled | None:
            now = time.time()
            conn.execute("BEGIN IMMEDIATE")
            other = conn.execute(
                f"SELECT {JOURNAL_FIELDS} FROM journal WHERE thread = ? AND run_id != ? AND "
                "phase = 'running' AND lease_until >= ? ORDER BY saved_at LIMIT 1",
                (thread, run_id, now)).fetchone()
            if other is None:
                conn.execute(
                    "INSERT INTO journal (run_id, thread, record, plan, phase, owner, "
                    "lease_until, attempts, saved_at) VALUES (?, ?, '{}', ?, 'running', ?, ?, 1, "
                    "?) ON CONFLICT (run_id) DO UPDATE SET plan = excluded.plan, phase = "
                    "'running', owner = excluded.owner, lease_until = excluded.lease_until",
                    (run_id, thread, json.dumps(plan), owner, now + lease_s, now))
            conn.execute("COMMIT")
            return None if other is None else journaled(other)

        return await self._call(start)

    async def journal_renew(self, run_id: str, owner: str, lease_s: float) -> bool:
        def renew(conn: sqlite3.Connection) -> bool:
            return conn.execute("UPDATE journal SET lease_until = ? WHERE run_id = ? AND "
                                "owner = ? AND phase != 'done'",
                                (time.time() + lease_s, run_id, owner)).rowcount == 1

        return await self._call(renew)

    async def journal_end(self, run_id: str, owner: str) -> None:
        await self._call(lambda conn: conn.execute(
            "UPDATE journal SET phase = 'done', lease_until = ? WHERE run_id = ? AND owner = ?",
            (time.time(), run_id, owner)))

    async def journal_take_over(self, owner: str, lease_s: float, run_id: str | None = None,
                                limit: int = 20, prefix: str = "") -> list[Journaled]:
        def take(conn: sqlite3.Connection) -> list[Journaled]:
            now = time.time()
            conn.execute("BEGIN IMMEDIATE")
            only = "AND run_id = ?" if run_id is not None else ""
            args: tuple[Any, ...] = (now, run_id) if run_id is not None else (now,)
            rows = conn.execute(
                f"SELECT {JOURNAL_FIELDS} FROM journal WHERE phase != 'done' AND "
                f"lease_until < ? {only} AND substr(run_id, 1, ?) = ? ORDER BY saved_at "
                f"LIMIT {int(limit)}", (*args, len(prefix), prefix)).fetchall()
            for row in rows:
                conn.execute("UPDATE journal SET owner = ?, lease_until = ?, attempts = "
                             "attempts + 1 WHERE run_id = ?", (owner, now + lease_s, row[0]))
            conn.execute("COMMIT")
            return [taken_over(journaled(row), owner, now + lease_s) for row in rows]

        return await self._call(take)

    async def journal_running(self, thread: str) -> Journaled | None:
        def running(conn: sqlite3.Connection) -> Journaled | None:
            row = conn.execute(f"SELECT {JOURNAL_FIELDS} FROM journal WHERE thread = ? AND "
                               "phase = 'running' ORDER BY saved_at DESC LIMIT 1",
                               (thread,)).fetchone()
            return None if row is None else journaled(row)

        return await self._call(running)

    async def journal_run(self, run_id: str) -> Journaled | None:
        def run(conn: sqlite3.Connection) -> Journaled | None:
            row = conn.execute(f"SELECT {JOURNAL_FIELDS} FROM journal WHERE run_id = ?",
                               (run_id,)).fetchone()
            return None if row is None else journaled(row)

        return await self._call(run)

    async def place_hold(self, person: str, token: str, doing: str, most: int,
                         lease_s: float) -> list[str] | None:
        def hold(conn: sqlite3.Connection) -> list[str] | None:
            now = time.time()
            conn.execute("BEGIN IMMEDIATE")
            try:
                conn.execute("DELETE FROM places WHERE person = ? AND until < ?", (person, now))
                held = [str(row[0]) for row in conn.execute(
                    "SELECT doing FROM places WHERE person = ? ORDER BY since", (person,))]
                if len(held) >= most:
                    return held
                conn.execute("INSERT INTO places VALUES (?, ?, ?, ?, ?)",
                             (token, person, doing, now, now + lease_s))
                return None
            finally:
                conn.execute("COMMIT")

        return await self._call(hold)

    async def place_renew(self, person: str, token: str, lease_s: float) -> bool:
        def renew(conn: sqlite3.Connection) -> bool:
            now = time.time()
            done = conn.execute("UPDATE places SET until = ? WHERE token = ? AND person = ? AND "
                                "until >= ?", (now + lease_s, token, person, now))
            return done.rowcount == 1

        return await self._call(renew)

    async def place_release(self, person: str, token: str) -> None:
        await self._call(lambda conn: conn.execute(
            "DELETE FROM places WHERE token = ? AND person = ?", (token, person)))

    async def revoke(self, token: str, until: float) -> None:
        def revoke(conn: sqlite3.Connection) -> None:
            conn.execute("BEGIN IMMEDIATE")
            conn.execute("DELETE FROM revoked WHERE expires < ?", (time.time(),))
            conn.execute("INSERT INTO revoked VALUES (?, ?) ON CONFLICT (token) DO UPDATE SET "
                         "expires = max(expires, excluded.expires)", (token, until))
            conn.execute("COMMIT")

        await self._call(revoke)

    async def revoked(self, token: str) -> bool:
        def revoked(conn: sqlite3.Connection) -> bool:
            return conn.execute("SELECT 1 FROM revoked WHERE token = ? AND expires >= ?",
                                (token, time.time())).fetchone() is not None

        return await self._call(revoked)

    async def close(self) -> None:
        return None  # nothing stays open between operations

