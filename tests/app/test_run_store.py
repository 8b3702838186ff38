"""Paused runs stored durably: SQLite by default, Redis by URL."""

from __future__ import annotations

import time
import uuid
from pathlib import Path

import pytest

from app.run_store import MAX_AGE_S, PausedRun, RedisStore, SQLiteStore, open_store
from planrag.errors import ConfigError


async def _round_trip(store: object, key: str) -> None:
    run = PausedRun('{"run_id": "r1"}', {"dataset": "demo-retail", "target": "sqlite"},
                    time.time())
    assert await store.get(key) is None  # type: ignore[attr-defined]
    await store.put(key, run)  # type: ignore[attr-defined]
    got = await store.get(key)  # type: ignore[attr-defined]
    assert got is not None and got.state == run.state and got.context == run.context
    await store.delete(key)  # type: ignore[attr-defined]
    assert await store.get(key) is None  # type: ignore[attr-defined]


async def test_sqlite_store_survives_a_new_instance(tmp_path: Path) -> None:
    store = open_store(None, tmp_path)
    assert isinstance(store, SQLiteStore)
    await _round_trip(store, "slack:C1:1")
    await store.put("slack:C1:2", PausedRun("{}", {}, time.time()))
    again = open_store(f"sqlite:///{tmp_path}/paused-runs.sqlite", tmp_path)
    assert await again.get("slack:C1:2") is not None  # another process would see it too
    await again.put("old", PausedRun("{}", {}, time.time() - MAX_AGE_S - 1))
    assert await again.get("old") is None


async def test_redis_store_on_the_local_server() -> None:
    store = open_store("redis://127.0.0.1:6379/15", Path("/nonexistent"))
    assert isinstance(store, RedisStore)
    try:
        await _round_trip(store, f"test:{uuid.uuid4().hex}")
    except OSError as exc:  # pragma: no cover - the machine's Redis is part of the setup
        pytest.fail(f"Redis at 127.0.0.1:6379 is not reachable: {exc}")


def test_bad_store_urls_are_explained(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="unsupported store 'ftp'"):
        open_store("ftp://x/y", tmp_path)
    with pytest.raises(ConfigError, match="give a file"):
        open_store("sqlite://", tmp_path)
