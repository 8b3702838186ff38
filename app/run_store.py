"""Durable storage of paused runs, keyed by conversation (a Slack thread).

A run paused for consent must survive a restart of the app: the person may answer hours later,
in another request. `PLANRAG_RUN_STORE` picks the backend:

* `sqlite:///path/to/runs.sqlite` (default: `<PLANRAG_DATA_DIR>/paused-runs.sqlite`);
* `redis://host:6379/0` (with the `redis` package).

Each entry holds the run state (JSON) and a little context (the dataset, the target, the
question); entries older than `max_age_s` are treated as gone.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import urlsplit

from planrag.errors import ConfigError

__all__ = ["PausedRun", "RunStore", "open_store"]

MAX_AGE_S = 7 * 24 * 3600


@dataclass(frozen=True)
class PausedRun:
    state: str
    context: dict[str, Any]
    saved_at: float


class RunStore(Protocol):
    async def put(self, key: str, run: PausedRun) -> None: ...
    async def get(self, key: str) -> PausedRun | None: ...
    async def delete(self, key: str) -> None: ...


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
    raise ConfigError(
        f"PLANRAG_RUN_STORE: unsupported store {parts.scheme or url!r}; use sqlite:///FILE or "
        "redis://HOST:PORT/DB"
    )


class SQLiteStore:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._ready = False
        self._lock = asyncio.Lock()

    def _connect(self) -> sqlite3.Connection:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(self.path, timeout=10)
        if not self._ready:
            conn.execute("CREATE TABLE IF NOT EXISTS paused_runs (key TEXT PRIMARY KEY, "
                         "state TEXT NOT NULL, context TEXT NOT NULL, saved_at REAL NOT NULL)")
            conn.commit()
            self._ready = True
        return conn

    def _put(self, key: str, run: PausedRun) -> None:
        with self._connect() as conn:
            conn.execute("INSERT OR REPLACE INTO paused_runs VALUES (?, ?, ?, ?)",
                         (key, run.state, json.dumps(run.context), run.saved_at))

    def _get(self, key: str) -> PausedRun | None:
        with self._connect() as conn:
            row = conn.execute("SELECT state, context, saved_at FROM paused_runs WHERE key = ?",
                               (key,)).fetchone()
        if row is None or time.time() - row[2] > MAX_AGE_S:
            return None
        return PausedRun(row[0], json.loads(row[1]), row[2])

    def _delete(self, key: str) -> None:
        with self._connect() as conn:
            conn.execute("DELETE FROM paused_runs WHERE key = ?", (key,))

    async def put(self, key: str, run: PausedRun) -> None:
        async with self._lock:
            await asyncio.to_thread(self._put, key, run)

    async def get(self, key: str) -> PausedRun | None:
        async with self._lock:
            return await asyncio.to_thread(self._get, key)

    async def delete(self, key: str) -> None:
        async with self._lock:
            await asyncio.to_thread(self._delete, key)


class RedisStore:
    def __init__(self, url: str) -> None:
        try:
            import redis.asyncio as aioredis
        except ImportError as exc:
            raise ConfigError("PLANRAG_RUN_STORE is a redis:// URL: pip install redis") from exc
        self._client = aioredis.from_url(url)
        self._prefix = "planrag:paused:"

    async def put(self, key: str, run: PausedRun) -> None:
        payload = json.dumps({"state": run.state, "context": run.context,
                              "saved_at": run.saved_at})
        await self._client.set(self._prefix + key, payload, ex=MAX_AGE_S)

    async def get(self, key: str) -> PausedRun | None:
        raw = await self._client.get(self._prefix + key)
        if raw is None:
            return None
        data = json.loads(raw)
        return PausedRun(data["state"], data["context"], data["saved_at"])

    async def delete(self, key: str) -> None:
        await self._client.delete(self._prefix + key)
