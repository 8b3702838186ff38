"""The files that hold conversations (the history, the run store) are readable by their owner
only, in a directory only they can enter: new ones, the files SQLite writes next to them,
and ones an older version left readable by everyone."""

from __future__ import annotations

import logging
import os
import sqlite3
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from planrag.service.run_store import open_store
from planrag.store import create_schema
from tests.cli.test_cli import planrag


@pytest.fixture(autouse=True)
def usual_umask() -> Iterator[None]:
    """The umask most systems have (0022: files 0644, directories 0755 unless asked)."""
    before = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(before)


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


async def _run_store_used(data_dir: Path, url: str | None = None) -> None:
    store = open_store(url, data_dir)
    try:
        await store.journal_running("k")
    finally:
        await store.close()


async def test_new_files_are_private_in_a_private_directory(tmp_path: Path) -> None:
    data = tmp_path / "fresh" / "data"
    await create_schema(f"sqlite:///{data}/history.sqlite")
    await _run_store_used(data)
    assert _mode(data) == 0o700
    assert _mode(data / "history.sqlite") == 0o600
    assert _mode(data / "paused-runs.sqlite") == 0o600


async def test_the_files_sqlite_writes_next_to_them_are_private_too(tmp_path: Path) -> None:
    await create_schema(f"sqlite:///{tmp_path}/history.sqlite")
    await _run_store_used(tmp_path)
    wal = sqlite3.connect(tmp_path / "history.sqlite", isolation_level=None)
    rollback = sqlite3.connect(tmp_path / "paused-runs.sqlite", isolation_level=None)
    try:
        wal.execute("PRAGMA journal_mode=WAL")
        wal.execute("INSERT INTO planrag_audit VALUES ('1', 'a', 'u', 'd', 'r', 'k', '{}')")
        rollback.execute("BEGIN IMMEDIATE")
        rollback.execute("INSERT INTO revoked VALUES ('t', 1)")
        for name in ("history.sqlite-wal", "history.sqlite-shm", "paused-runs.sqlite-journal"):
            assert _mode(tmp_path / name) == 0o600, name
        rollback.execute("ROLLBACK")
    finally:
        wal.close()
        rollback.close()


async def test_files_an_older_version_left_open_are_tightened_and_said(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    data = tmp_path / "data"
    data.mkdir()
    for name in ("history.sqlite", "paused-runs.sqlite"):
        sqlite3.connect(data / name).close()  # as an older version made them
    (data / "history.sqlite-journal").touch()  # left by a process that died (empty: not hot)
    assert _mode(data) == 0o755 and _mode(data / "history.sqlite") == 0o644
    with caplog.at_level(logging.WARNING):
        await create_schema(f"sqlite:///{data}/history.sqlite")
        await _run_store_used(data)
    for name in ("history.sqlite", "paused-runs.sqlite"):
        assert _mode(data / name) == 0o600, name
    journal = data / "history.sqlite-journal"  # SQLite may have removed it, being stale
    assert not journal.exists() or _mode(journal) == 0o600
    assert _mode(data) == 0o700  # the data directory, the app's own
    said = [r.getMessage() for r in caplog.records if r.name == "planrag.private"]
    assert len(said) == 4, said  # each file, and the directory
    assert all("\n" not in line and ("(mode 644)" in line or "(mode 755)" in line)
               for line in said), said
    assert any(str(data / "history.sqlite") in line and "now private" in line for line in said)


async def test_a_directory_chosen_for_the_file_is_left_as_it_is(tmp_path: Path) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    sqlite3.connect(shared / "runs.sqlite").close()
    await _run_store_used(tmp_path, f"sqlite:///{shared}/runs.sqlite")
    assert _mode(shared / "runs.sqlite") == 0o600
    assert _mode(shared) == 0o755  # not the data directory: maybe shared on purpose


async def test_the_history_alone_tightens_the_data_directory(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    await create_schema(f"sqlite:///{data}/history.sqlite", data)  # as the app starts it
    assert _mode(data) == 0o700 and _mode(data / "history.sqlite") == 0o600


async def test_a_feedback_export_is_its_owners_alone(tmp_path: Path) -> None:
    data = tmp_path / "data"
    await create_schema(f"sqlite:///{data}/history.sqlite")
    out = tmp_path / "ratings.jsonl"
    done = planrag("feedback", "export", "--output", str(out),
                   env={"PLANRAG_DATA_DIR": str(data), "MYSQL_URL": "", "MYSQL_ADMIN_URL": ""})
    assert done.returncode == 0, done.stderr
    assert _mode(out) == 0o600
