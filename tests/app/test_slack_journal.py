"""What the run store's journal keeps of a Slack message: its text once (not the event's
copies of it, not again in the run's plan), cut to a bound however long the message, and a
cut message taken up after a crash is told it was too long, never answered in part."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from app.slack import JOURNAL_TEXT_MARGIN, journal_record
from planrag.service.run_store import open_store
from planrag.settings import load_settings
from tests.app.test_chat_e2e import _chat, data_dir  # noqa: F401 - fixture
from tests.app.test_slack import (  # noqa: F401 - fixture
    QUESTION,
    Channel,
    SlackEnv,
    post_all,
    slack_env,
)

KEPT = 4000 + 1000
"""The most text the journal keeps of a message with the default settings: the longest
question (PLANRAG_MAX_QUESTION_CHARS) and a margin for mentions and Slack's escapes."""


def _with_blocks(body: dict[str, Any]) -> dict[str, Any]:
    """The event as Slack sends it: the text again in its rich-text blocks."""
    text = body["event"]["text"]
    body["event"]["blocks"] = [{"type": "rich_text", "block_id": "b1", "elements": [
        {"type": "rich_text_section", "elements": [{"type": "text", "text": text}]}]}]
    return body


def _journaled(data_dir: Path, run_id: str) -> str:  # noqa: F811
    """The journal's row of `run_id` as stored (record and plan), as text."""
    with sqlite3.connect(data_dir / "slack-runs.sqlite") as conn:
        row = conn.execute("SELECT record, coalesce(plan, '') FROM journal WHERE run_id = ?",
                           (run_id,)).fetchone()
    assert row is not None, f"{run_id} is not in the journal"
    return f"{row[0]}\n{row[1]}"


@pytest.mark.e2e
async def test_a_slack_message_is_journaled_once_and_within_a_bound(
        slack_env: SlackEnv, data_dir: Path) -> None:  # noqa: F811
    slack, c = slack_env.slack, Channel()
    # A message too long to keep whole, whose process died before it was answered.
    cut_thread = c.ts()
    cut_text = "<@UBOT> [j3] " + "why " * 10_000
    store = open_store(slack_env.env["PLANRAG_RUN_STORE"], data_dir)
    await store.journal_accept(
        f"slack:{c.id}:{cut_thread}", f"slack:{c.id}:{cut_thread}",
        {"kind": "mention", "event": {"type": "app_mention", "user": "U1", "channel": c.id,
                                      "ts": cut_thread, "event_ts": cut_thread,
                                      "text": cut_text[:KEPT], "text_length": len(cut_text)}},
        "a-process-that-died", -1.0)
    await store.close()
    async with _chat(data_dir, slack_env.env) as url:
        # It is taken up at start, and told it was too long rather than answered in part.
        told = await slack.wait_for("too long", thread=cut_thread)
        assert f"{len(cut_text):,}" in told["text"] and "4,000" in told["text"]
        # An ordinary question: once in the journal's row, though the run's plan is there too.
        short = c.ts()
        marker = f"[j1] {QUESTION} (asked once)"
        await post_all(url, _with_blocks(c.mention(marker, short)))
        await slack.wait_for("*Plan*", thread=short)
        stored = _journaled(data_dir, f"slack:{c.id}:{short}")
        assert '"kind": "question"' in stored, stored  # the run's plan is written
        assert stored.count("(asked once)") == 1, stored
        # A message of 40,000 characters: at most the bound kept, once, and marked as cut.
        long_ts = c.ts()
        text = "[j2] " + "x" * 40_000
        await post_all(url, _with_blocks(c.mention(text, long_ts)))
        stored = _journaled(data_dir, f"slack:{c.id}:{long_ts}")
        record = json.loads(stored.split("\n", 1)[0])
        assert len(stored) < KEPT + 1000, len(stored)
        assert len(record["event"]["text"]) <= KEPT
        assert record["event"]["text_length"] == len(text) + len("<@UBOT> ")
        assert stored.count("[j2] ") == 1
    texts = slack.texts(cut_thread)
    assert len(texts) == 1 and "j3" not in slack_env.models, texts


def test_the_journal_record_keeps_the_routing_and_the_text_once() -> None:
    settings = load_settings(env_file=None, max_question_chars=100)
    event = _with_blocks(Channel().mention("[j4] short", "1.000001", thread_ts="1.000000"))
    event["event"] |= {"files": [{"id": "F1", "name": "secret.pdf"}], "team": "T1"}
    record = journal_record(event["event"], "mention", settings)
    assert record == {"kind": "mention", "event": {
        "type": "app_mention", "user": "U1", "channel": event["event"]["channel"],
        "ts": "1.000001", "thread_ts": "1.000000", "event_ts": "1.000001",
        "text": "<@UBOT> [j4] short"}}
    long = dict(event["event"], text="y" * (100 + JOURNAL_TEXT_MARGIN + 1))
    kept = journal_record(long, "mention", settings)["event"]
    assert kept["text"] == "y" * (100 + JOURNAL_TEXT_MARGIN)
    assert kept["text_length"] == 100 + JOURNAL_TEXT_MARGIN + 1
    at_most = dict(event["event"], text="y" * (100 + JOURNAL_TEXT_MARGIN))
    assert "text_length" not in journal_record(at_most, "mention", settings)["event"]
