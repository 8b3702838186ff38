"""Waits on the run journal (planrag.service.run_store) instead of fixed sleeps."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from urllib.parse import urlsplit


async def leases_lapsed(store_url: str, timeout: float = 60.0) -> None:
    """Wait until no unfinished run in the SQLite journal at `store_url` holds a live lease:
    a killed app's runs can then be taken up by the next one. The lease ends are read from
    the journal (they are renewed while a run is worked on), not guessed."""
    path = urlsplit(store_url).path
    deadline = time.monotonic() + timeout
    while True:
        with sqlite3.connect(path) as conn:
            row = conn.execute("SELECT MAX(lease_until) FROM journal WHERE phase != 'done'"
                               ).fetchone()
        until = row[0] if row else None
        if until is None or until < time.time():
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"a run's lease in {path} is still live after {timeout:.0f} s")
        await asyncio.sleep(min(0.1, max(0.01, until - time.time())))
