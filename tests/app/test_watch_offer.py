"""When the chat offers *Watch this decision* (app.watches.watchable): only under a verdict the
dataset's own check ranked, and only where a watch could post (the Slack app's token, the
history database). The browser flow is tests/app/test_watch_chat_e2e.py."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

import pytest

from planrag.engine.events import AnswerProposed, SimulatorChecked
from planrag.settings import load_settings

CHECK = SimulatorChecked(
    simulator="espresso", rules="query", decision="K1", agrees=True, rank=1, candidates=3,
    value=10.0, baseline=5.0, best="K1", best_value=10.0, gap=0.0, ties=(), near_ties=(),
    objective="maximise", description="weekly profit", decision_model="Espresso machine",
    check_origin="manifest", check_id="espresso",
    parameters=(("extra_kg", 500), ("when", None), ("around", ("a", "b"))))
ANSWER = AnswerProposed("K1", "busiest", ())


def _offer(tmp_path: Path, check: SimulatorChecked | None = CHECK,
           answer: AnswerProposed | None = ANSWER, history: str = "") -> object:
    from app.watches import watchable

    settings = load_settings(env_file=None, data_dir=tmp_path, history_url=history or None)
    return watchable(settings, SimpleNamespace(check=check, answer=answer), "kiosks")  # type: ignore[arg-type]


def test_a_checked_verdict_is_offered_with_its_dataset_check_and_parameters(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SLACK_BOT_TOKEN", "xoxb-test")
    assert _offer(tmp_path) == {"dataset": "kiosks", "decision": "espresso",
                                "params": {"extra_kg": 500, "when": None,
                                           "around": "('a', 'b')"}}


def test_nothing_to_watch_or_nowhere_to_post_offers_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SLACK_BOT_TOKEN", "xoxb-test")
    assert _offer(tmp_path, check=None) is None  # no verdict
    assert _offer(tmp_path, answer=replace(ANSWER, factual=True)) is None  # a question of fact
    assert _offer(tmp_path, check=replace(CHECK, check_origin="proposed")) is None  # unsaved
    assert _offer(tmp_path, history="off") is None  # nowhere to keep it
    monkeypatch.delenv("SLACK_BOT_TOKEN")
    assert _offer(tmp_path) is None  # nowhere to post
