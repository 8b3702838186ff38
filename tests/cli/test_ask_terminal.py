"""`planrag ask` in a terminal as a person first meets it (issue 19, point 11): without a model
it says how to set one up and that `--scripted` runs the walkthrough; the trace is quiet
unless `--verbose`; plan steps count from 1 (the tools' `step` argument still from 0)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from planrag.engine import Reply, ScriptedModel, call
from planrag.engine.scripted_server import ScriptedServer
from planrag.runtime import load_datasets
from planrag.settings import load_settings
from tests.cli.test_ask import ask

QUESTION = "Which warehouse should we expand by 200 kg to cut the weekly delivery cost?"
NO_MODEL = {"PLANRAG_MODEL": "", "PLANRAG_MODEL_BASE_URL": "", "OPENAI_BASE_URL": "",
            "OPENAI_API_KEY": "", "PLANRAG_MODEL_API_KEY": "", "MYSQL_URL": ""}


@pytest.fixture()
async def loaded(tmp_path: Path) -> dict[str, str]:
    settings = load_settings(env_file=None, data_dir=tmp_path, mysql_url=None)
    await load_datasets(settings, ["demo-retail"], "sqlite")
    return {**NO_MODEL, "PLANRAG_DATA_DIR": str(tmp_path)}


async def test_without_a_model_one_line_says_both_ways_on(loaded: dict[str, str]) -> None:
    code, out, err = await ask(QUESTION, "--dataset", "demo-retail", env=loaded)
    assert code == 1 and out == ""
    assert err == ("error: no model is configured: set PLANRAG_MODEL with PLANRAG_MODEL_API_KEY "
                   "(OpenAI) or PLANRAG_MODEL_BASE_URL (Ollama, vLLM, llama.cpp) in .env (see "
                   ".env.example), or add --scripted to run the scripted walkthrough on the "
                   "shipped datasets\n")


async def test_the_trace_is_quiet_unless_verbose(loaded: dict[str, str]) -> None:
    code, out, err = await ask(QUESTION, "--dataset", "demo-retail", "--scripted", env=loaded)
    assert code == 0, err
    assert "Best decision: East Point, Leipzig" in out
    assert "model call" not in out and "tokens" not in out
    assert re.search(r"^1 query, 0 re-plans, [0-9.]+ s$", out, re.M), out
    # The plan and its steps count from 1, as people do.
    assert "│ [ ] 1. compare each warehouse's capacity" in out and "] 0." not in out
    assert "step 1: compare each warehouse's capacity" in out and "step 0" not in out

    code, out, err = await ask(QUESTION, "--dataset", "demo-retail", "--scripted", "--verbose",
                               env=loaded)
    assert code == 0, err
    assert re.search(r"^model call 1: [0-9,]+\+[0-9,]+ tokens, [0-9.]+ s$", out, re.M), out
    assert re.search(r"^1 query, 0 re-plans, 3 model calls \([0-9,]+\+[0-9,]+ tokens\), ", out,
                     re.M), out

    code, out, err = await ask(QUESTION, "--dataset", "demo-retail", "--scripted", "--json",
                               env=loaded)
    assert code == 0, err
    kinds = [json.loads(line)["kind"] for line in out.splitlines()]
    assert kinds.count("model_called") == 3  # JSON lines keep the whole trace


async def test_a_models_steps_count_from_0_and_show_from_1(tmp_path: Path) -> None:
    """A model still names the second step `step=1`; the person reads "step 2"."""
    settings = load_settings(env_file=None, data_dir=tmp_path, mysql_url=None)
    await load_datasets(settings, ["demo-retail"], "sqlite")
    steps = [{"goal": "read the warehouses", "source": "sql"},
             {"goal": "read this week's plan", "source": "sql"}]
    model = ScriptedModel([
        Reply(calls=[call("make_plan", steps=steps)]),
        Reply(calls=[call("run_sql", step=0, query="SELECT id, name FROM warehouse")]),
        Reply(calls=[call("run_sql", step=1, query="SELECT COUNT(*) AS n FROM supplies")]),
        Reply(calls=[call("final_answer", decision=4, rationale="the data says so",
                          query_ids=["q1", "q2"])]),
    ])
    async with ScriptedServer(model) as server:
        env = {**NO_MODEL, "PLANRAG_DATA_DIR": str(tmp_path), "PLANRAG_MODEL": "m",
               "PLANRAG_MODEL_BASE_URL": server.base_url}
        code, out, err = await ask(QUESTION, "--dataset", "demo-retail", env=env)
    assert code == 0, err
    model.assert_all_used()
    assert "│ [ ] 1. read the warehouses (sql)" in out
    assert "│ [ ] 2. read this week's plan (sql)" in out
    assert "step 1: read the warehouses" in out and "step 2: read this week's plan" in out
    assert "step 0" not in out
