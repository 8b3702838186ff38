"""Durable state of conversations (chat threads, Slack threads, API conversations): paused
runs, earlier turns, revoked sign-ins and the journal of runs in progress.

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
* revoked sign-ins (logout: app/tokens.py), refused by every process until they expire;
* the journal: every message accepted for work (a Slack event), recorded before the work
  starts, with a lease that the working process renews every few seconds. A thread is busy
  only while one of its runs holds a live lease; a run whose lease lapsed (its process died)
  is taken over by another process, or the same one restarted, and answered from what the
  journal holds: the message itself, or the plan the run was following (a question to answer,
  or a paused run to resume with the answer it was given).

One store is meant to serve a whole process (`close` it at the end).
"""

from __future__ import annotations

import asyncio
import json
import math
import sqlite3
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Protocol, TypeVar
from urllib.parse import urlsplit

from planrag.errors import ConfigError, SourceUnavailable
from planrag.private import private_sqlite
from planrag.redact import mask_url, scrub

__all__ = ["MAX_AGE_S", "Journaled", "PausedRun", "RunStore", "Taken", "open_store"]

MAX_AGE_S = 7 * 24 * 3600
"""How long a paused run and a conversation's turns are kept."""

JOURNAL_KEEP_S = 24 * 3600
"""How long a finished run stays in the journal (a late retry of its message finds it)."""

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


@dataclass(frozen=True)
class Journaled:
    """A run in the journal.

    `record` is what was accepted (a Slack event); `plan` what the run set out to do once it
    was understood (None until then); `phase` is `accepted`, `running` or `done`; `owner` the
    process holding the lease until `lease_until`; `attempts` how many processes took it up;
    `new` (from `journal_accept` only) whether this call recorded it."""

    run_id: str
    thread: str
    record: dict[str, Any]
    plan: dict[str, Any] | None
    phase: str
    owner: str
    lease_until: float
    attempts: int
    saved_at: float
    new: bool = False

    def lapsed(self, now: float | None = None) -> bool:
        return self.phase != "done" and self.lease_until < (time.time() if now is None else now)


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

    async def journal_accept(self, run_id: str, thread: str, record: dict[str, Any],
                             owner: str, lease_s: float) -> Journaled:
        """Record a run before any work on it (`new`), or return the one already recorded
        under `run_id` (a retried or twin delivery), unchanged."""

    async def journal_start(self, run_id: str, thread: str, plan: dict[str, Any], owner: str,
                            lease_s: float) -> Journaled | None:
        """Mark the run as running `plan` under `owner`'s lease, unless another run of its
        thread is running under a live lease: then that run is returned and nothing changes.
        A run missing from the journal (it was down when the message came) is recorded."""

    async def journal_renew(self, run_id: str, owner: str, lease_s: float) -> bool:
        """Extend `owner`'s lease; False when the run is not `owner`'s any more."""

    async def journal_end(self, run_id: str, owner: str) -> None:
        """The run is over (answered, paused for consent, or failed with a message)."""

    async def journal_take_over(self, owner: str, lease_s: float, run_id: str | None = None,
                                limit: int = 20, prefix: str = "") -> list[Journaled]:
        """Hand `owner` the runs whose lease lapsed (only `run_id`, when given; only those
        whose id starts with `prefix`), each to exactly one caller."""

    async def journal_running(self, thread: str) -> Journaled | None:
        """The thread's latest running run (its lease live or lapsed), if any."""

    async def journal_run(self, run_id: str) -> Journaled | None:
        """The run recorded under `run_id` (in any phase), if the journal still keeps it."""

    async def revoke(self, token: str, until: float) -> None:
        """Mark `token` (a sign-in's id) revoked until `until` (seconds since the epoch)."""

    async def revoked(self, token: str) -> bool:
        """Whether `token` is revoked (and its revocation has not expired)."""

    async def close(self) -> None: ...


def open_store(url: str | None, data_dir: Path) -> RunStore:
    if not url:
        return SQLiteStore(data_dir / "paused-runs.sqlite", data_dir)
    try:
        return _open(url, data_dir)
    except ValueError:  # urllib's or a client's: their text may quote a piece of the password
        raise ConfigError(
            f"PLANRAG_RUN_STORE {mask_url(url)} does not parse: no host, or a port that is not "
            "a number; write @ : / ? # in a password percent-encoded (%40 %3A %2F %3F %23)"
        ) from None


def _open(url: str, data_dir: Path) -> RunStore:
    parts = urlsplit(url)
    if parts.scheme == "sqlite":
        path = parts.path if parts.netloc in ("", "localhost") else f"/{parts.netloc}{parts.path}"
        if not path or path == "/" or "@" in parts.netloc or ":" in parts.netloc:
            raise ConfigError("PLANRAG_RUN_STORE: give a file, e.g. sqlite:///var/planrag/runs.sqlite")
        return SQLiteStore(Path(path), data_dir)
    if parts.scheme in ("redis", "rediss", "postgresql", "postgres"):
        # A password holding @ / ? # unencoded moves the host into the path or the query.
        if "#" in url or "@" in f"{parts.path}{parts.query}" or not parts.hostname:
            raise ValueError("the host cannot be told from the password")
        _ = parts.port  # raises ValueError when the port is not a number
        if parts.scheme.startswith("redis"):
            return RedisStore(url)
        return PostgresStore(url)
    what = parts.scheme if "://" in url else mask_url(url)
    raise ConfigError(
        f"PLANRAG_RUN_STORE: unsupported store {what!r}; use sqlite:///FILE, "
        "redis://HOST:PORT/DB or postgresql://USER@HOST:PORT/DB"
    )


def _unreachable(url: str, exc: BaseException) -> SourceUnavailable:
    """The store at `url` failed; the URL and the error said without the password."""
    return SourceUnavailable(
        f"the run store (PLANRAG_RUN_STORE) at {mask_url(url)} cannot be used: "
        f"{type(exc).__name__}: {scrub(str(exc), url)}"
    )


# -- SQLite -------------------------------------------------------------------------------


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
                         f"({_JOURNAL_COLUMNS.format(real='REAL')})")
            conn.execute("CREATE INDEX IF NOT EXISTS journal_thread ON journal (thread, phase)")
            conn.execute("CREATE INDEX IF NOT EXISTS journal_lease ON journal (phase, "
                         "lease_until)")
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
            row = conn.execute(f"SELECT {_JOURNAL_FIELDS} FROM journal WHERE run_id = ?",
                               (run_id,)).fetchone()
            conn.execute("COMMIT")
            return _journaled(row, new=new)

        return await self._call(accept)

    async def journal_start(self, run_id: str, thread: str, plan: dict[str, Any], owner: str,
                            lease_s: float) -> Journaled | None:
        def start(conn: sqlite3.Connection) -> Journaled | None:
            now = time.time()
            conn.execute("BEGIN IMMEDIATE")
            other = conn.execute(
                f"SELECT {_JOURNAL_FIELDS} FROM journal WHERE thread = ? AND run_id != ? AND "
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
            return None if other is None else _journaled(other)

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
                f"SELECT {_JOURNAL_FIELDS} FROM journal WHERE phase != 'done' AND "
                f"lease_until < ? {only} AND substr(run_id, 1, ?) = ? ORDER BY saved_at "
                f"LIMIT {int(limit)}", (*args, len(prefix), prefix)).fetchall()
            for row in rows:
                conn.execute("UPDATE journal SET owner = ?, lease_until = ?, attempts = "
                             "attempts + 1 WHERE run_id = ?", (owner, now + lease_s, row[0]))
            conn.execute("COMMIT")
            return [_taken(_journaled(row), owner, now + lease_s) for row in rows]

        return await self._call(take)

    async def journal_running(self, thread: str) -> Journaled | None:
        def running(conn: sqlite3.Connection) -> Journaled | None:
            row = conn.execute(f"SELECT {_JOURNAL_FIELDS} FROM journal WHERE thread = ? AND "
                               "phase = 'running' ORDER BY saved_at DESC LIMIT 1",
                               (thread,)).fetchone()
            return None if row is None else _journaled(row)

        return await self._call(running)

    async def journal_run(self, run_id: str) -> Journaled | None:
        def run(conn: sqlite3.Connection) -> Journaled | None:
            row = conn.execute(f"SELECT {_JOURNAL_FIELDS} FROM journal WHERE run_id = ?",
                               (run_id,)).fetchone()
            return None if row is None else _journaled(row)

        return await self._call(run)

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


_JOURNAL_COLUMNS = ("run_id TEXT PRIMARY KEY, thread TEXT NOT NULL, record TEXT NOT NULL, "
                    "plan TEXT, phase TEXT NOT NULL, owner TEXT NOT NULL, lease_until {real} NOT "
                    "NULL, attempts INTEGER NOT NULL, saved_at {real} NOT NULL")
_JOURNAL_FIELDS = "run_id, thread, record, plan, phase, owner, lease_until, attempts, saved_at"


def _journaled(row: Any, *, new: bool = False) -> Journaled:
    plan = None if row[3] is None else json.loads(row[3])
    return Journaled(str(row[0]), str(row[1]), dict(json.loads(row[2])), plan, str(row[4]),
                     str(row[5]), float(row[6]), int(row[7]), float(row[8]), new)


def _taken(entry: Journaled, owner: str, until: float) -> Journaled:
    """`entry` as a take-over leaves it."""
    return replace(entry, owner=owner, lease_until=until, attempts=entry.attempts + 1)


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


# The journal in Redis: a run is a JSON string under `<prefix>run:<id>`; the runs not done
# are members of the sorted set `<prefix>leases` scored by when their lease ends, and the
# running ones of a thread members of the set `<prefix>thread:<thread>`. Each change is one
# script, so it is atomic. ARGV[1] is always the prefix, ARGV[2] the time now.
_J_ACCEPT = """
local key = ARGV[1] .. 'run:' .. ARGV[3]
local raw = redis.call('GET', key)
if raw then return {0, raw} end
redis.call('SET', key, ARGV[4], 'EX', ARGV[6])
redis.call('ZADD', ARGV[1] .. 'leases', ARGV[5], ARGV[3])
return {1, ARGV[4]}
"""
_J_START = """
local now = tonumber(ARGV[2])
local tkey = ARGV[1] .. 'thread:' .. ARGV[4]
for _, id in ipairs(redis.call('SMEMBERS', tkey)) do
  if id ~= ARGV[3] then
    local score = redis.call('ZSCORE', ARGV[1] .. 'leases', id)
    if not score then
      redis.call('SREM', tkey, id)
    elseif tonumber(score) >= now then
      return redis.call('GET', ARGV[1] .. 'run:' .. id)
    end
  end
end
local key = ARGV[1] .. 'run:' .. ARGV[3]
local raw = redis.call('GET', key)
local run = raw and cjson.decode(raw) or cjson.decode(ARGV[5])
run['plan'] = cjson.decode(ARGV[6])
run['phase'] = 'running'
run['owner'] = ARGV[7]
run['lease_until'] = tonumber(ARGV[8])
redis.call('SET', key, cjson.encode(run), 'EX', ARGV[9])
redis.call('ZADD', ARGV[1] .. 'leases', ARGV[8], ARGV[3])
redis.call('SADD', tkey, ARGV[3])
redis.call('EXPIRE', tkey, ARGV[9])
return false
"""
_J_RENEW = """
local key = ARGV[1] .. 'run:' .. ARGV[3]
local raw = redis.call('GET', key)
if not raw then return 0 end
local run = cjson.decode(raw)
if run['owner'] ~= ARGV[4] or run['phase'] == 'done' then return 0 end
run['lease_until'] = tonumber(ARGV[5])
redis.call('SET', key, cjson.encode(run), 'KEEPTTL')
redis.call('ZADD', ARGV[1] .. 'leases', ARGV[5], ARGV[3])
return 1
"""
_J_END = """
local key = ARGV[1] .. 'run:' .. ARGV[3]
local raw = redis.call('GET', key)
if not raw then return 0 end
local run = cjson.decode(raw)
if run['owner'] ~= ARGV[4] then return 0 end
run['phase'] = 'done'
run['lease_until'] = tonumber(ARGV[2])
redis.call('SET', key, cjson.encode(run), 'EX', ARGV[5])
redis.call('ZREM', ARGV[1] .. 'leases', ARGV[3])
redis.call('SREM', ARGV[1] .. 'thread:' .. run['thread'], ARGV[3])
return 1
"""
_J_TAKE = """
local now = tonumber(ARGV[2])
local ids
if ARGV[5] ~= '' then
  local score = redis.call('ZSCORE', ARGV[1] .. 'leases', ARGV[5])
  ids = {}
  if score and tonumber(score) < now then ids = {ARGV[5]} end
else
  ids = redis.call('ZRANGEBYSCORE', ARGV[1] .. 'leases', '-inf', '(' .. ARGV[2], 'LIMIT', 0,
                   tonumber(ARGV[6]))
end
local out = {}
for _, id in ipairs(ids) do
  local key = ARGV[1] .. 'run:' .. id
  local raw = false
  if string.sub(id, 1, string.len(ARGV[7])) == ARGV[7] then raw = redis.call('GET', key) end
  if raw == false then
    if string.sub(id, 1, string.len(ARGV[7])) == ARGV[7] then
      redis.call('ZREM', ARGV[1] .. 'leases', id)
    end
  else
    local run = cjson.decode(raw)
    if run['phase'] == 'done' then
      redis.call('ZREM', ARGV[1] .. 'leases', id)
    else
      run['owner'] = ARGV[3]
      run['lease_until'] = tonumber(ARGV[4])
      run['attempts'] = run['attempts'] + 1
      local text = cjson.encode(run)
      redis.call('SET', key, text, 'KEEPTTL')
      redis.call('ZADD', ARGV[1] .. 'leases', ARGV[4], id)
      table.insert(out, text)
    end
  end
end
return out
"""


# Revoke: KEYS[1] the mark, ARGV[1] seconds it must last at least (a longer one stays).
_REVOKE = """
local ttl = redis.call('TTL', KEYS[1])
if ttl >= 0 and ttl >= tonumber(ARGV[1]) then return 0 end
redis.call('SET', KEYS[1], '1', 'EX', ARGV[1])
return 1
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

        self._url = url
        self._client = aioredis.from_url(url)
        self._take = self._client.register_script(_TAKE)
        self._revoke = self._client.register_script(_REVOKE)
        self._scripts = {name: self._client.register_script(text) for name, text in
                         (("accept", _J_ACCEPT), ("start", _J_START), ("renew", _J_RENEW),
                          ("end", _J_END), ("take", _J_TAKE))}
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
            raise _unreachable(self._url, exc) from exc

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

    async def _script(self, name: str, *args: Any) -> Any:
        return await self._do(self._scripts[name](keys=[], args=[self._prefix, time.time(),
                                                                 *args]))

    async def journal_accept(self, run_id: str, thread: str, record: dict[str, Any],
                             owner: str, lease_s: float) -> Journaled:
        now = time.time()
        fresh = _run_json(run_id, thread, record, None, "accepted", owner, now + lease_s, 1, now)
        new, raw = await self._script("accept", run_id, fresh, now + lease_s,
                                      int(MAX_AGE_S))
        return replace(_run_from_json(raw), new=int(new) == 1)

    async def journal_start(self, run_id: str, thread: str, plan: dict[str, Any], owner: str,
                            lease_s: float) -> Journaled | None:
        now = time.time()
        fresh = _run_json(run_id, thread, {}, None, "running", owner, now + lease_s, 1, now)
        other = await self._script("start", run_id, thread, fresh, json.dumps(plan), owner,
                                   now + lease_s, int(MAX_AGE_S))
        return None if not other else _run_from_json(other)

    async def journal_renew(self, run_id: str, owner: str, lease_s: float) -> bool:
        return int(await self._script("renew", run_id, owner, time.time() + lease_s)) == 1

    async def journal_end(self, run_id: str, owner: str) -> None:
        await self._script("end", run_id, owner, int(JOURNAL_KEEP_S))

    async def journal_take_over(self, owner: str, lease_s: float, run_id: str | None = None,
                                limit: int = 20, prefix: str = "") -> list[Journaled]:
        # Runs of other kinds may fill the first `limit` lapsed ones: look a little further.
        got = await self._script("take", owner, time.time() + lease_s, run_id or "",
                                 limit if not prefix else limit * 10, prefix)
        return [_run_from_json(raw) for raw in got]

    async def journal_running(self, thread: str) -> Journaled | None:
        members: Any = self._client.smembers(f"{self._prefix}thread:{thread}")
        ids = await self._do(members)
        runs = []
        for run_id in ids:
            raw = await self._do(self._client.get(
                f"{self._prefix}run:{run_id.decode() if isinstance(run_id, bytes) else run_id}"))
            if raw is not None:
                runs.append(_run_from_json(raw))
        running = [r for r in runs if r.phase == "running"]
        return max(running, key=lambda r: r.saved_at) if running else None

    async def journal_run(self, run_id: str) -> Journaled | None:
        raw = await self._do(self._client.get(f"{self._prefix}run:{run_id}"))
        return None if raw is None else _run_from_json(raw)

    async def revoke(self, token: str, until: float) -> None:
        left = math.ceil(until - time.time())
        if left > 0:  # Redis keeps the mark only as long as it matters
            await self._do(self._revoke(keys=[f"{self._prefix}revoked:{token}"], args=[left]))

    async def revoked(self, token: str) -> bool:
        return bool(await self._do(self._client.exists(f"{self._prefix}revoked:{token}")))

    async def close(self) -> None:
        await self._client.aclose()


def _run_json(run_id: str, thread: str, record: dict[str, Any], plan: dict[str, Any] | None,
              phase: str, owner: str, lease_until: float, attempts: int, saved_at: float) -> str:
    return json.dumps({"run_id": run_id, "thread": thread, "record": record, "plan": plan,
                       "phase": phase, "owner": owner, "lease_until": lease_until,
                       "attempts": attempts, "saved_at": saved_at})


def _run_from_json(raw: bytes | str) -> Journaled:
    data = json.loads(raw)
    plan = data.get("plan")
    record = data.get("record")
    return Journaled(str(data["run_id"]), str(data["thread"]),
                     # Lua's JSON writes an empty object as [] (it cannot tell them apart).
                     record if isinstance(record, dict) else {},
                     plan if isinstance(plan, dict) else None, str(data["phase"]),
                     str(data["owner"]), float(data["lease_until"]), int(data["attempts"]),
                     float(data["saved_at"]))


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
    "CREATE TABLE IF NOT EXISTS planrag_revoked (token TEXT PRIMARY KEY, expires DOUBLE "
    "PRECISION NOT NULL)",
    "CREATE TABLE IF NOT EXISTS planrag_journal "
    f"({_JOURNAL_COLUMNS.format(real='DOUBLE PRECISION')})",
    "CREATE INDEX IF NOT EXISTS planrag_journal_thread ON planrag_journal (thread, phase)",
    "CREATE INDEX IF NOT EXISTS planrag_journal_lease ON planrag_journal (phase, lease_until)",
]
_PG_LOCK = 0x706C616E726167  # one advisory lock serialises creating the tables
_PG_THREADS = 0x706C6A  # the advisory locks of threads (with the thread's hash) use this key


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
            raise _unreachable(self._url, exc) from exc

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
            raise _unreachable(self._url, exc) from exc

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
            row = await conn.fetchrow(f"SELECT {_JOURNAL_FIELDS} FROM planrag_journal WHERE "
                                      "run_id = $1", run_id)
            return _journaled(row, new=new is not None)

        return await self._in_transaction(accept)

    async def journal_start(self, run_id: str, thread: str, plan: dict[str, Any], owner: str,
                            lease_s: float) -> Journaled | None:
        async def start(conn: Any) -> Journaled | None:
            now = time.time()
            # One start at a time per thread: the check and the update must not interleave.
            await conn.execute("SELECT pg_advisory_xact_lock($1, hashtext($2))", _PG_THREADS,
                               thread)
            other = await conn.fetchrow(
                f"SELECT {_JOURNAL_FIELDS} FROM planrag_journal WHERE thread = $1 AND run_id "
                "!= $2 AND phase = 'running' AND lease_until >= $3 ORDER BY saved_at LIMIT 1",
                thread, run_id, now)
            if other is not None:
                return _journaled(other)
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
            f"LOCKED) AND lease_until < $3 RETURNING {_JOURNAL_FIELDS}", *args)
        return [_journaled(row) for row in rows]

    async def journal_running(self, thread: str) -> Journaled | None:
        row = await self._run("fetchrow", f"SELECT {_JOURNAL_FIELDS} FROM planrag_journal WHERE "
                              "thread = $1 AND phase = 'running' ORDER BY saved_at DESC LIMIT 1",
                              thread)
        return None if row is None else _journaled(row)

    async def journal_run(self, run_id: str) -> Journaled | None:
        row = await self._run("fetchrow", f"SELECT {_JOURNAL_FIELDS} FROM planrag_journal WHERE "
                              "run_id = $1", run_id)
        return None if row is None else _journaled(row)

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
