"""Issue 33, point 7: `planrag feedback export` and `planrag audit` put each rating with the
answer it rates. The store holds a conversation as the chat keeps it (Chainlit's steps: a
question, the run answering it, the answer posted in the run; the page rates the run) on
SQLite and PostgreSQL: three answers rated, one rated before answers were kept under the
run rated (under the answer's own message), and a run that gave no answer."""

from __future__ import annotations

import asyncio
import csv
import io
import json
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from planrag.store import Store, create_schema
from tests.app.test_history import PG, _pg_async
from tests.cli.test_cli import planrag

THREAD = "thread-1"
HEADLINES = {
    1: ("Best decision: East Point, Leipzig: weekly delivery cost 1,308.30 EUR, 19.00 EUR "
        "(1.4%) less than if nothing changes."),
    2: ("Best decision: East Point, Leipzig: weekly delivery cost 1,300.70 EUR, 26.60 EUR "
        "(2.0%) less than if nothing changes."),
}
AGREES = "The scripted walkthrough reached the same decision."


@pytest.fixture(params=["sqlite", "postgresql"])
def history_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path}/history.sqlite"
        return
    name = f"planrag_history_{uuid.uuid4().hex[:10]}"
    asyncio.run(_pg_async(f"CREATE DATABASE {name}"))
    try:
        yield f"{PG}/{name}"
    finally:
        asyncio.run(_pg_async(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))


async def _step(store: Store, step: str, parent: str | None, kind: str, name: str,
                said: str = "", asked: str | None = None) -> None:
    """A message or run of the conversation, as Chainlit's data layer writes it."""
    from sqlalchemy import text

    async with store.engine.begin() as conn:
        await conn.execute(text(
            'INSERT INTO steps ("id", "name", "type", "threadId", "parentId", "input", '
            '"output") VALUES (:id, :name, :type, :thread, :parent, :input, :output)'),
            {"id": step, "name": name, "type": kind, "thread": THREAD, "parent": parent,
             "input": asked, "output": said})


async def _rate(store: Store, message: str, value: int, comment: str) -> None:
    from sqlalchemy import text

    async with store.engine.begin() as conn:
        await conn.execute(text(
            'INSERT INTO feedbacks ("id", "forId", "threadId", "value", "comment") VALUES '
            '(:id, :message, :thread, :value, :comment)'),
            {"id": uuid.uuid4().hex, "message": message, "thread": THREAD, "value": value,
             "comment": comment})
    await store.audit_rating(message, value, comment)


async def _question(store: Store, n: int, asked: str) -> str:
    """Question `n` typed, and the run answering it (returned: what the page rates)."""
    await _step(store, f"user{n}", None, "user_message", "carol", said=asked)
    await _step(store, f"run{n}", f"user{n}", "run", "on_message", asked=asked)
    return f"run{n}"


async def _conversation(url: str) -> None:
    from sqlalchemy import text

    await create_schema(url)
    store = Store(url)
    try:
        async with store.engine.begin() as conn:
            await conn.execute(text(
                'INSERT INTO threads ("id", "name", "userIdentifier") VALUES '
                "(:id, 'Warehouses', 'carol')"), {"id": THREAD})
        # Kept before answers were kept under the run rated: under the answer's message.
        await _question(store, 1, "Expand which warehouse by 50 kg?")
        await _step(store, "answer1", "run1", "assistant_message", "Assistant", said="...")
        await store.record_run("answer1", "r1", THREAD, "carol", "demo-retail",
                               "Expand which warehouse by 50 kg?", "East Point, Leipzig",
                               f"{HEADLINES[1]}\n{AGREES}")
        for n in (2, 3):  # as the chat keeps them now: under the run rated
            asked = f"Expand which warehouse by {100 * n} kg?"
            run = await _question(store, n, asked)
            await store.record_run(run, f"r{n}", THREAD, "carol", "demo-retail", asked,
                                   "East Point, Leipzig",
                                   f"{HEADLINES[2]}\n{AGREES}" if n == 2 else None)
        await _question(store, 4, "Which kiosk is busiest?")  # told it cannot be answered
        await _step(store, "said4", "run4", "assistant_message", "Assistant",
                    said="The walkthrough answers another question here.")
        for message, value, comment in (("run1", 1, "good"), ("run2", 0, "wrong amount"),
                                        ("run3", 1, ""), ("run4", 0, "no answer")):
            await _rate(store, message, value, comment)
    finally:
        await store.close()


def test_each_rating_is_exported_and_audited_with_its_answer(history_url: str,
                                                              tmp_path: Path) -> None:
    asyncio.run(_conversation(history_url))
    env = {"PLANRAG_HISTORY_URL": history_url, "PLANRAG_DATA_DIR": str(tmp_path),
           "MYSQL_URL": ""}
    out = planrag("feedback", "export", env=env)
    assert out.returncode == 0, out.stderr
    rows = {row["comment"]: row for row in map(json.loads, out.stdout.splitlines())}
    assert [(r["run"], r["question"], r["decision"], r["check"], r["rating"])
            for r in (rows["good"], rows["wrong amount"], rows[""])] == [
        ("r1", "Expand which warehouse by 50 kg?", "East Point, Leipzig", HEADLINES[1], "up"),
        ("r2", "Expand which warehouse by 200 kg?", "East Point, Leipzig", HEADLINES[2],
         "down"),
        ("r3", "Expand which warehouse by 300 kg?", "East Point, Leipzig", None, "up")]
    assert rows["good"]["verdict"] == f"{HEADLINES[1]} {AGREES}"
    assert rows[""]["verdict"] is None  # that answer had no check
    # A run that gave no answer is rated as itself, not as the latest answer.
    unanswered = rows["no answer"]
    assert (unanswered["question"], unanswered["user"], unanswered["rating"]) == (
        "Which kiosk is busiest?", "carol", "down")
    assert unanswered["run"] is unanswered["decision"] is unanswered["check"] is None

    out = planrag("feedback", "export", "--format", "csv", env=env)
    table = list(csv.DictReader(io.StringIO(out.stdout)))
    assert list(table[0]) == ["answered_at", "user", "dataset", "run", "question", "decision",
                              "check", "rating", "comment", "thread", "verdict"]
    assert {r["comment"]: r["check"] for r in table} == {
        "good": HEADLINES[1], "wrong amount": HEADLINES[2], "": "", "no answer": ""}

    trail = planrag("audit", "--json", "--run", "r2", env=env)
    [rated] = [json.loads(line) for line in trail.stdout.splitlines()]
    assert {k: rated[k] for k in ("user", "dataset", "run", "kind", "rating", "comment",
                                  "question", "check", "message")} == {
        "user": "carol", "dataset": "demo-retail", "run": "r2", "kind": "rating",
        "rating": "down", "comment": "wrong amount",
        "question": "Expand which warehouse by 200 kg?", "check": HEADLINES[2],
        "message": "run2"}
    text = planrag("audit", env=env).stdout
    assert "rated up: Expand which warehouse by 50 kg? (comment: good)" in text
    assert "rated down: Which kiosk is busiest? (comment: no answer)" in text
