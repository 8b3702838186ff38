"""Issue 33, point 1 in `planrag ask`: on the shipped `wards` dataset, a question of fact
answered with `check: "none"` or without `check` is an answer of fact in the terminal ("Answer:
...", nothing of a check) and in `--json` (`answer_proposed.factual`, no
`simulator_checked`); the night-nurse question answered with its check is the verdict with
the line naming the check, and `--json` names the check (`simulator_checked.check_id`) and
the decision (`answer_proposed.label`)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from planrag.engine.scripted_server import ScriptedServer
from planrag.runtime import load_datasets
from planrag.settings import load_settings
from tests.app import _wards as wards
from tests.cli._run import planrag


@pytest.fixture(scope="module")
async def data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("wards")
    await load_datasets(load_settings(env_file=None, data_dir=path, mysql_url=None),
                        ["wards"], "sqlite")
    return path


async def _ask(data_dir: Path, run: str, *extra: str) -> str:
    """`planrag ask` of run `run` on wards, its model the run's script over HTTP."""
    model = wards.model(run)
    async with ScriptedServer(model) as server:
        env = {"PLANRAG_DATA_DIR": str(data_dir), "MYSQL_URL": "", "PLANRAG_MODEL": "m",
               "PLANRAG_MODEL_BASE_URL": server.base_url, "PLANRAG_MODEL_API_KEY": "",
               "COLUMNS": "250"}
        done = await asyncio.to_thread(planrag, "ask", wards.question(run), "--dataset",
                                       "wards", "--target", "sqlite", *extra, env=env)
    assert done.returncode == 0, done.stderr
    model.assert_all_used()
    return done.stdout


def _panel(out: str) -> str:
    """The answer's panel as its lines read, without the frame."""
    panel = out[out.index("\u2500 Answer \u2500"):]
    lines = [line.strip("\u2502 ").rstrip() for line in panel.splitlines() if "\u2502" in line]
    return "\n".join(lines)


@pytest.mark.parametrize("run", ["none", "omitted"])
async def test_a_question_of_fact_is_answered_as_a_fact(data_dir: Path, run: str) -> None:
    out = await _ask(data_dir, run)
    wards.is_fact(_panel(out))
    assert "No decision was reached" not in out

    events = [json.loads(line) for line in (await _ask(data_dir, run, "--json")).splitlines()]
    kinds = [e["kind"] for e in events]
    assert "simulator_checked" not in kinds
    proposed = next(e for e in events if e["kind"] == "answer_proposed")
    assert proposed["factual"] is True and proposed["decision"] == wards.ANSWER
    assert proposed["label"] == ""  # the answer is the name itself
    assert [c["verified"] for c in proposed["claims"]] == [True]
    closing: dict[str, Any] = next(e for e in events if e["kind"] == "answer_checked")
    assert closing["check"] is None and closing["note"] == ""
    assert closing["answer"]["factual"] is True


async def test_the_decision_gets_the_verdict_that_names_its_check(data_dir: Path) -> None:
    out = await _ask(data_dir, "nurses")
    wards.is_checked(_panel(out))

    events = [json.loads(line) for line in
              (await _ask(data_dir, "nurses", "--json")).splitlines()]
    proposed = next(e for e in events if e["kind"] == "answer_proposed")
    assert proposed["factual"] is False
    assert (proposed["decision"], proposed["label"]) == (wards.BUSIEST, wards.ANSWER)
    checked = next(e for e in events if e["kind"] == "simulator_checked")
    assert (checked["check_id"], checked["check_title"]) == ("night-nurses",
                                                            "Extra night nurses")
    assert checked["decision"] == wards.BUSIEST and checked["rank"] == 8
    assert checked["candidates"] == 8 and checked["best"] == "STB-PAE"
    closing = next(e for e in events if e["kind"] == "answer_checked")
    assert closing["check"]["check_id"] == "night-nurses"
