"""Waits on the run journal (planrag.service.run_store) instead of fixed sleeps."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from urllib.parse import urlsplit


async def leases_lapsed(store_url: str, timeout: float = 60.0) -> None:
    """Wait until no unfinished run in the journal at `store_url` holds a live lease:
    a killed app's runs can then be taken up by the next one. The lease ends are read from
    the journal (they are renewed while a run is worked on), not guessed."""
    path = urlsplit(store_url).path
    deadline = time.monotonic() + timeout
    while True:
        until = await _latest_lease(store_url)
        if until is None or until < time.time():
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"a run's lease in {path} is still live after {timeout:.0f} s")
        await asyncio.sleep(min(0.1, max(0.01, until - time.time())))


async def _latest_lease(store_url: str) -> float | None:
    """When the last live lease in the journal at `store_url` ends (None: no run holds one);
    SQLite, Redis or PostgreSQL."""
    if store_url.startswith("redis"):
        import redis.asyncio as redis

        client = redis.from_url(store_url)
        try:
            last = await client.zrange("planrag:leases", -1, -1, withscores=True)
        finally:
            await client.aclose()
        return float(last[0][1]) if last else None
    if store_url.startswith("postgres"):
        import asyncpg

        conn = await asyncpg.connect(store_url)
        try:
            got = await conn.fetchval("SELECT MAX(lease_until) FROM planrag_journal WHERE "
                                      "phase != 'done'")
        finally:
            await conn.close()
        return None if got is None else float(got)
    with sqlite3.connect(urlsplit(store_url).path) as conn:
        row = conn.execute("SELECT MAX(lease_until) FROM journal WHERE phase != 'done'"
                           ).fetchone()
    return row[0] if row else None
