"""`planrag feedback export --format csv` writes no spreadsheet formula (issue 18, break 10):
a comment, a question or a decision that begins like a formula gets a leading `'`; the JSON
export keeps every value exact."""

from __future__ import annotations

import asyncio
import csv
import json
import sqlite3
from pathlib import Path

from planrag.store import Store, create_schema
from tests.app.test_csv_formulas import FORMULAS
from tests.cli.test_cli import planrag


def _history(path: Path) -> str:
    """A history database with one answer per formula, rated with that formula as comment."""
    url = f"sqlite:///{path}"

    async def fill() -> None:
        await create_schema(url)
        store = Store(url)
        try:
            for i, formula in enumerate(FORMULAS):
                await store.record_run(f"step{i}", f"run{i}", "thread", "alice", "demo-retail",
                                       formula, formula, None)
        finally:
            await store.close()

    asyncio.run(fill())
    with sqlite3.connect(path) as db:
        db.executemany('INSERT INTO feedbacks ("id", "forId", "threadId", "value", "comment") '
                       "VALUES (?, ?, 'thread', 0, ?)",
                       [(f"f{i}", f"step{i}", f) for i, f in enumerate(FORMULAS)])
    return url


def test_the_feedback_csv_holds_no_formula(tmp_path: Path) -> None:
    env = {"PLANRAG_HISTORY_URL": _history(tmp_path / "history.sqlite"), "MYSQL_URL": "",
           "PLANRAG_DATA_DIR": str(tmp_path)}
    out_csv = tmp_path / "feedback.csv"
    done = planrag("feedback", "export", "--format", "csv", "--output", str(out_csv), env=env)
    assert done.returncode == 0, done.stderr
    with out_csv.open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    assert [r["comment"] for r in rows] == [f"'{f}" for f in FORMULAS]
    assert [r["question"] for r in rows] == [f"'{f}" for f in FORMULAS]
    assert [r["decision"] for r in rows] == [f"'{f}" for f in FORMULAS]
    assert {r["rating"] for r in rows} == {"down"}
    out_json = tmp_path / "feedback.jsonl"
    done = planrag("feedback", "export", "--output", str(out_json), env=env)
    assert done.returncode == 0, done.stderr
    kept = [json.loads(line) for line in out_json.read_text(encoding="utf-8").splitlines()]
    assert [k["comment"] for k in kept] == FORMULAS
