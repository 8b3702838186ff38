"""`planrag ask` against the scripted model served over HTTP."""

from __future__ import annotations

import asyncio
import json
import os
import sys
from pathlib import Path

from planrag.engine import Reply, ScriptedModel, call
from planrag.engine.scripted_server import ScriptedServer
from planrag.runtime import load_datasets
from planrag.settings import load_settings
from tests._sql_fixtures import ROOT
from tests.engine.conftest import TEXT, answer, plan, sql


async def ask(*args: str, env: dict[str, str], stdin: str = "") -> tuple[int, str, str]:
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "planrag", "ask", *args,
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE, cwd=ROOT, env={**os.environ, **env},
    )
    out, err = await asyncio.wait_for(proc.communicate(stdin.encode()), 120)
    assert proc.returncode is not None
    return proc.returncode, out.decode(), err.decode()


async def test_ask_renders_and_resumes_after_consent(tmp_path: Path) -> None:
    settings = load_settings(env_file=None, data_dir=tmp_path, mysql_url=None)
    await load_datasets(settings, ["dqa-locating-1445"], "sqlite")
    revise = call("revise_plan", reason="flows matter",
                  steps=[{"goal": "flows", "source": "sql"}])
    model = ScriptedModel([
        Reply("Let me plan.", [plan("presence")]), Reply(calls=[sql()]),
        Reply(calls=[revise]), Reply(calls=[answer("krakow", "q1")]),
    ])
    async with ScriptedServer(model) as server:
        env = {"PLANRAG_DATA_DIR": str(tmp_path), "MYSQL_URL": "", "PLANRAG_MODEL": "m",
               "PLANRAG_MODEL_BASE_URL": server.base_url}
        code, out, err = await ask(TEXT, "--dataset", "dqa-locating-1445#locating-1",
                                   "--target", "sqlite", "--json", env=env, stdin="yes\n")
    assert code == 0, err
    events = [json.loads(line) for line in out.splitlines()]
    kinds = [e["kind"] for e in events if e["kind"] not in ("model_text", "model_called")]
    assert "awaiting_confirmation" in kinds
    decided = next(e for e in events if e["kind"] == "replan_decided")
    assert decided["approved"] and decided["by"] == "person"
    done = events[-1]
    assert done["kind"] == "run_finished" and done["decision"] == "krakow"
    assert done["verified_decision"] == "krakow"
    model.assert_all_used()


async def test_ask_in_the_terminal_and_without_a_model(tmp_path: Path) -> None:
    settings = load_settings(env_file=None, data_dir=tmp_path, mysql_url=None)
    await load_datasets(settings, ["dqa-locating-1445"], "sqlite")
    model = ScriptedModel([Reply(calls=[plan("presence")]), Reply(calls=[sql()]),
                           Reply(calls=[answer("novgorod", "q1")])])
    async with ScriptedServer(model) as server:
        env = {"PLANRAG_DATA_DIR": str(tmp_path), "MYSQL_URL": "", "PLANRAG_MODEL": "m",
               "PLANRAG_MODEL_BASE_URL": server.base_url}
        code, out, err = await ask(TEXT, "--dataset", "dqa-locating-1445#locating-1",
                                   "--target", "sqlite", env=env)
    assert code == 0, err
    assert "Plan" in out and "q1" in out and "disagrees" in out
    assert "decision: novgorod, verified: krakow" in out
    no_model = {"PLANRAG_DATA_DIR": str(tmp_path), "MYSQL_URL": "", "PLANRAG_MODEL": "",
                "PLANRAG_MODEL_BASE_URL": "", "OPENAI_API_KEY": "", "PLANRAG_MODEL_API_KEY": ""}
    code, out, err = await ask(TEXT, "--dataset", "dqa-locating-1445", env=no_model)
    assert code == 1 and "no model is configured" in err and "Traceback" not in err
