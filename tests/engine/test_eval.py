"""`planrag eval` with the scripted DQA policy over the development split."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from planrag.engine.policy import policy_model
from planrag.errors import DatasetError
from planrag.evaluation import dqa_dataset, run_eval
from planrag.settings import Settings, load_settings
from tests._sql_fixtures import PREFIX, MySQLWorld
from tests.engine.test_targets import _url
from tests.simulators._support import DQA

KEYS = {"id", "label", "decision", "correct", "verified_decision", "verified_correct",
        "replans", "queries", "refused", "errors", "llm_calls", "prompt_tokens",
        "completion_tokens", "seconds", "stop_reason"}


def check(result, scenario: str, count: int) -> None:  # type: ignore[no-untyped-def]
    assert len(result.lines) == count
    assert all(set(line) == KEYS for line in result.lines)
    assert all(line["stop_reason"] == "answered" for line in result.lines), [
        line["stop_reason"] for line in result.lines if line["stop_reason"] != "answered"]
    # The simulator reproduces every label, so what it verifies is always the answer.
    assert result.verified_accuracy == 100.0
    assert 0 < result.accuracy < 100  # the naive policy is right only sometimes
    assert any(line["replans"] for line in result.lines) == (scenario == "locating")
    out = result.out_dir
    saved = [json.loads(x) for x in (out / "results.jsonl").read_text().splitlines()]
    assert saved == json.loads(json.dumps(result.lines, default=str))
    trace = (out / "traces" / f"{result.lines[0]['id']}.jsonl").read_text().splitlines()
    assert json.loads(trace[0])["kind"] == "run_started" and json.loads(trace[0])["scripted"]
    summary = (out / "summary.md").read_text()
    assert f"# DQA {scenario} · planrag" in summary and "| re-plans | questions |" in summary


@pytest.mark.mysql
async def test_eval_on_mariadb(mysql_world: MySQLWorld, tmp_path: Path) -> None:
    settings = load_settings(
        env_file=None, data_dir=tmp_path, db_prefix=PREFIX,
        mysql_url=_url(mysql_world.ro), mysql_admin_url=_url(mysql_world.admin),
    )
    for scenario, count in (("locating", 81), ("building", 36)):
        result = await run_eval(settings, DQA, scenario, "mysql", policy_model, concurrency=8,
                                out_dir=tmp_path / scenario)
        check(result, scenario, count)


@pytest.mark.graph
async def test_eval_on_the_bolt_server(graph_settings: Settings, tmp_path: Path) -> None:
    settings = graph_settings.model_copy(update={"db_prefix": "planrag_gtest_"})
    for scenario, count in (("locating", 81), ("building", 36)):
        result = await run_eval(settings, DQA, scenario, "graph", policy_model, concurrency=8,
                                out_dir=tmp_path / scenario)
        check(result, scenario, count)


def test_eval_folders_must_hold_dqa_questions(tmp_path: Path) -> None:
    with pytest.raises(DatasetError, match=r"no questions\.jsonl"):
        dqa_dataset(tmp_path, "locating")
    with pytest.raises(DatasetError, match="unknown scenario 'weather'"):
        dqa_dataset(DQA, "weather")
    ds = dqa_dataset(DQA / "building", "building")
    assert len(ds.questions) == 36 and ds.simulator == "dqa-building"
