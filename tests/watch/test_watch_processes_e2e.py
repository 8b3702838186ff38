"""Watches run by the app processes themselves: an API process and an MCP process sharing one
data folder (its history and run store) each look for due watches every half second; a due
watch is run, and posted, once."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from pathlib import Path

import pytest

from tests.app._fake_slack import FakeSlack
from tests.app._replicas import served_api, served_mcp
from tests.live._live import cli
from tests.watch.test_watches import CHANNEL, watched  # noqa: F401

pytestmark = [pytest.mark.e2e]


async def _posts(slack: FakeSlack, count: int, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while len(slack.posts()) < count:
        assert time.monotonic() < deadline, f"posted {len(slack.posts())}, not {count}"
        await asyncio.sleep(0.1)


async def test_two_app_processes_run_a_due_watch_once(
        watched: tuple[dict[str, str], Path, FakeSlack]) -> None:  # noqa: F811
    env, path, slack = watched
    env = {**env, "PLANRAG_WATCH_POLL": "0.5"}
    code, out, err = await cli("watch", "add", "--dataset", "kiosks", "--every", "1h",
                               "--slack", CHANNEL, env=env)
    assert code == 0, err
    watch_id = out.split()[-1]
    history = Path(env["PLANRAG_DATA_DIR"]) / "history.sqlite"
    async with served_api(env), served_mcp(env):
        await _posts(slack, 1)
        assert slack.posts()[0]["text"].startswith("Watching *Espresso machine")
        await asyncio.sleep(3)  # six more looks by each process: nothing is due
        assert len(slack.posts()) == 1
        # The data changes and the watch falls due again: one post says so.
        with sqlite3.connect(path) as conn:
            conn.execute("UPDATE kiosk SET foot_cnt = foot_cnt * 30 WHERE k_cd = 'K003'")
        with sqlite3.connect(history) as conn:
            conn.execute("UPDATE planrag_watches SET next_due = 0 WHERE id = ?", (watch_id,))
        await _posts(slack, 2)
        await asyncio.sleep(3)
        assert len(slack.posts()) == 2
        assert "changed" in slack.posts()[1]["text"]
    code, out, _ = await cli("audit", env=env)
    assert out.count(f"watch {watch_id}:") == 3  # added, and run twice
