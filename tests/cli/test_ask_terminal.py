"""`planrag ask` in a terminal as a person first meets it (issue 19, point 11): without a model
it says how to set one up and that `--scripted` runs the walkthrough; the trace is quiet
unless `--verbose`; plan steps count from 1 (the tools' `step` argument still from 0). On a
schema too large for the first prompt, `--verbose` says which tables it holds in full and
why, as `planrag schema --question` does."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from planrag.engine import Reply, ScriptedModel, call
from planrag.engine.scripted_server import ScriptedServer
from planrag.runtime import load_datasets
from planrag.settings import load_settings
from tests import _valued_schema as hortico
from tests.cli.test_ask import ask
from tests.live._live import cli, live_env

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


SCOTLAND = "Which stores in Scotland should get extra Plants & seeds stock before Spring Bloom?"


def _scotland() -> ScriptedModel:
    steps = [{"goal": "find the stores in Scotland", "source": "sql"}]
    query = ("SELECT s.str_nm FROM str_mst s JOIN rgn r ON r.id = s.rgn_id "
             "WHERE r.rgn_nm = 'Scotland'")
    return ScriptedModel([
        Reply(calls=[call("make_plan", steps=steps)]),
        Reply(calls=[call("run_sql", step=0, query=query)]),
        Reply(calls=[call("final_answer", decision="Glasgow Fort",
                          rationale="the one store in Scotland", query_ids=["q1"])]),
    ])


async def test_verbose_says_which_tables_the_first_prompt_holds_and_why(
        tmp_path: Path) -> None:
    """hortico's 152 tables do not fit the first prompt: `--verbose` prints the title and one
    line per table in full with its reason (the lines `planrag schema --question` prints);
    without it, none of that; `--json` has the `schema_chosen` event between `run_started`
    and the first model call."""
    path = hortico.sqlite_file(tmp_path / "hortico.sqlite")
    env = {**NO_MODEL, **live_env(tmp_path), "COLUMNS": "200"}
    code, _, err = await cli("connect", "horti", "--sqlite", str(path), env=env)
    assert code == 0, err
    code, _, err = await cli("schema", "--dataset", "horti", "--question", SCOTLAND, env=env)
    assert code == 0, err
    head, *rest = err.splitlines()
    shown, named, _ = (int(part.split(": ")[1].split(" ")[0]) for part in head.split("; "))
    reasons = rest[:shown]  # "  rgn: holds "Scotland", which the question names"
    assert '  rgn: holds "Scotland", which the question names' in reasons
    assert any(": on the join path between " in line for line in reasons)
    title = f"The assistant starts from {shown} of 152 tables, {named} more by name"

    outs = {}
    for mode in ("--verbose", "", "--json"):
        model = _scotland()
        async with ScriptedServer(model) as server:
            code, out, err = await cli(
                "ask", SCOTLAND, "--dataset", "horti", *([mode] if mode else []),
                env={**env, "PLANRAG_MODEL": "m", "PLANRAG_MODEL_BASE_URL": server.base_url})
        assert code == 0, err
        model.assert_all_used()
        outs[mode] = out

    lines = outs["--verbose"].splitlines()
    assert title in lines
    at = lines.index(title)
    assert lines[at + 1:at + 1 + shown] == reasons
    assert lines.index(title) < min(i for i, line in enumerate(lines)
                                    if line.startswith("model call 1:"))
    quiet = outs[""]
    assert "Glasgow Fort" in quiet
    assert "The assistant starts from" not in quiet and "holds \"Scotland\"" not in quiet
    assert not any(line in quiet.splitlines() for line in reasons)

    events = [json.loads(line) for line in outs["--json"].splitlines()]
    kinds = [e["kind"] for e in events]
    assert kinds[:2] == ["run_started", "schema_chosen"] and kinds.count("schema_chosen") == 1
    assert kinds.index("schema_chosen") < kinds.index("model_called") < kinds.index("plan_made")
    chosen = events[1]
    assert set(chosen) == {"kind", "shown", "reasons", "named", "total", "database", "noun"}
    assert [f"  {table}: {why}" for table, why in zip(chosen["shown"], chosen["reasons"],
                                                       strict=True)] == reasons
    assert (chosen["named"], chosen["total"], chosen["database"], chosen["noun"]) == (
        named, 152, "", "tables")
