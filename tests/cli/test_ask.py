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
        stderr=asyncio.subprocess.PIPE, cwd=ROOT, env={**os.environ, "COLUMNS": "200", **env},
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
    assert "Plan" in out and "q1" in out
    # Verdict first: the simulator's pick with its effect, then the model's pick and its cost.
    panel = out[out.index("─ Answer ─"):]
    verdict = [line.strip("│ ").rstrip() for line in panel.splitlines() if "│" in line]
    # One format for the verdict's amounts, the home node by its name (issue 36, 8).
    assert verdict[0] == ("Best decision: Krakow: SWE's profit at Baltic Sea 0.498 ducats, "
                          "0.077 ducats (18.3%) more than if nothing changes.")
    assert verdict[1] == ("The assistant's analysis chose Novgorod instead: rank 2 of 79, SWE's "
                          "profit at Baltic Sea 0.440 ducats, 0.058 ducats (11.7%) worse than "
                          "the best.")
    assert "Why: the data says so" in out and "Based on q1 (step 1, presence)." in out
    assert "scripted" not in out  # a model answered: nothing says scripted
    no_model = {"PLANRAG_DATA_DIR": str(tmp_path), "MYSQL_URL": "", "PLANRAG_MODEL": "",
                "PLANRAG_MODEL_BASE_URL": "", "OPENAI_API_KEY": "", "PLANRAG_MODEL_API_KEY": ""}
    code, out, err = await ask(TEXT, "--dataset", "dqa-locating-1445", env=no_model)
    assert code == 1 and "no model is configured" in err and "Traceback" not in err


LOCATING_2 = json.loads(
    (ROOT / "fixtures/dqa/locating/questions.jsonl").read_text(encoding="utf-8").splitlines()[1]
)
"""DAN on lubeck: the scripted policy proposes a re-plan for it (few nodes hold its power)."""


async def ask_and_stay_silent(*args: str, env: dict[str, str]) -> tuple[int, str, str, float]:
    """Run `planrag ask` with a stdin pipe that stays open and never gets an answer."""
    loop = asyncio.get_running_loop()
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "planrag", "ask", *args,
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE, cwd=ROOT, env={**os.environ, "COLUMNS": "200", **env},
    )
    started = loop.time()
    assert proc.stdout is not None and proc.stderr is not None and proc.stdin is not None
    out, err = await asyncio.wait_for(
        asyncio.gather(proc.stdout.read(), proc.stderr.read()), 120
    )
    code = await proc.wait()
    seconds = loop.time() - started
    proc.stdin.close()
    return code, out.decode(), err.decode(), seconds


async def test_an_unanswered_replan_times_out_and_says_what_it_applied(tmp_path: Path) -> None:
    settings = load_settings(env_file=None, data_dir=tmp_path, mysql_url=None)
    await load_datasets(settings, ["dqa-locating-1445"], "sqlite")
    env = {"PLANRAG_DATA_DIR": str(tmp_path), "MYSQL_URL": "", "PLANRAG_CONSENT": "ask",
           "PLANRAG_CONSENT_TIMEOUT": "0.4"}
    args = (LOCATING_2["question"], "--dataset", "dqa-locating-1445#locating-2",
            "--target", "sqlite", "--scripted")
    code, out, err, seconds = await ask_and_stay_silent(*args, env=env)
    assert code == 0, err
    assert ("no answer within 0.4 s: the re-plan is rejected: the current plan stands "
            "(PLANRAG_CONSENT_TIMEOUT_DEFAULT=reject)") in out
    assert "The current plan is kept (no one answered in time)." in out
    assert seconds < 60
    # A scripted run is labelled on every line that matters, not only the first.
    assert "(scripted model)" in out.splitlines()[0]
    assert "Answer (scripted model)" in out
    assert "Best decision: Rheinland" in out and "The scripted walkthrough chose Saxony" in out

    approve = {**env, "PLANRAG_CONSENT_TIMEOUT_DEFAULT": "approve"}
    code, out, err, _ = await ask_and_stay_silent(*args, "--json", env=approve)
    assert code == 0, err
    events = [json.loads(line) for line in out.splitlines()]  # stdout stays JSON lines
    decided = next(e for e in events if e["kind"] == "replan_decided")
    assert decided["approved"] and decided["by"] == "timeout"
    assert ("no answer within 0.4 s: the re-plan is approved "
            "(PLANRAG_CONSENT_TIMEOUT_DEFAULT=approve)") in err

    code, out, err = await ask(*args, env=env, stdin="")  # stdin closed: said, default applied
    assert code == 0, err
    assert "no answer (stdin is closed): the re-plan is rejected" in out


async def test_two_replans_answered_from_one_pipe_each_get_their_line(tmp_path: Path) -> None:
    settings = load_settings(env_file=None, data_dir=tmp_path, mysql_url=None)
    await load_datasets(settings, ["dqa-locating-1445"], "sqlite")

    def revise(why: str) -> tuple[str, dict[str, object]]:
        return call("revise_plan", reason=why, steps=[{"goal": why, "source": "sql"}])

    model = ScriptedModel([
        Reply(calls=[plan("presence")]), Reply(calls=[sql()]), Reply(calls=[revise("flows")]),
        Reply(calls=[revise("flows again")]), Reply(calls=[answer("krakow", "q1")]),
    ])
    async with ScriptedServer(model) as server:
        env = {"PLANRAG_DATA_DIR": str(tmp_path), "MYSQL_URL": "", "PLANRAG_MODEL": "m",
               "PLANRAG_MODEL_BASE_URL": server.base_url, "PLANRAG_CONSENT_TIMEOUT": "30"}
        code, out, err = await ask(TEXT, "--dataset", "dqa-locating-1445#locating-1",
                                   "--target", "sqlite", "--json", env=env, stdin="no\nyes\n")
    assert code == 0, err
    decided = [json.loads(x) for x in out.splitlines() if '"replan_decided"' in x]
    assert [(d["approved"], d["by"]) for d in decided] == [(False, "person"), (True, "person")]
    model.assert_all_used()


async def test_an_over_long_question_is_refused_before_anything_runs(tmp_path: Path) -> None:
    """Nothing is loaded, no model is set up, no server is reached: the length alone is said,
    in one line, with exit status 2 (with and without --scripted)."""
    question = "Where should SWE place its merchant? " + "very " * 20_000  # an argument's most
    env = {"PLANRAG_DATA_DIR": str(tmp_path), "MYSQL_URL": "", "PLANRAG_MODEL": "m",
           "PLANRAG_MODEL_BASE_URL": "http://127.0.0.1:9/v1"}  # nothing listens there
    for extra in ([], ["--scripted"]):
        code, out, err = await ask(question, "--dataset", "dqa-locating-1445", *extra, env=env)
        assert code == 2, err
        assert out == ""
        assert err == ("error: this question is 100,036 characters long; the assistant takes "
                       "questions of up to 4,000. Shorten it and ask again "
                       "(PLANRAG_MAX_QUESTION_CHARS)\n")
    code, _, err = await ask("x" * 5000, "--dataset", "dqa-locating-1445", "--scripted",
                             env={**env, "PLANRAG_MAX_QUESTION_CHARS": "6000"})
    assert "characters long" not in err  # the setting raises the limit


async def test_scripted_answers_only_the_walkthroughs_own_question(tmp_path: Path) -> None:
    """Issue 19, 2: `--scripted` on a connected dataset ran the DQA walkthrough on the wrong
    schema ("Decision: unknown", exit 0), and any question on the demo got the warehouse
    expansion's answer. Now either is one line and exit 1; the walkthrough's own question,
    in other words, is answered (its amount read from the question)."""
    import sqlite3

    from tests.cli.test_cli import planrag

    env = {"PLANRAG_DATA_DIR": str(tmp_path / "data"), "MYSQL_URL": "", "MYSQL_ADMIN_URL": "",
           "PLANRAG_DATASETS_DIR": str(tmp_path / "datasets")}
    shop = tmp_path / "shop.sqlite"
    with sqlite3.connect(shop) as db:
        db.execute("CREATE TABLE sales (region TEXT, amount REAL)")
    assert planrag("connect", "shop", "--sqlite", str(shop), env=env).returncode == 0
    code, out, err = await ask("Where should SWE place its merchant?", "--dataset", "shop",
                               "--scripted", env=env)
    assert (code, out) == (1, ""), err
    assert err.startswith("error: The scripted walkthrough does not cover this dataset")
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err

    settings = load_settings(env_file=None, data_dir=tmp_path / "data", mysql_url=None)
    await load_datasets(settings, ["demo-retail"], "sqlite")
    for question in ("How can we save money?", "Which warehouse has the most spare capacity?",
                     "Where should SWE place its merchant?"):
        code, out, err = await ask(question, "--dataset", "demo-retail", "--scripted",
                                   "--target", "sqlite", env=env)
        assert (code, out) == (1, ""), err
        assert err.startswith("error: The scripted walkthrough answers only one question on "
                              "this dataset: which warehouse to give more weekly capacity")
        assert len(err.strip().splitlines()) == 1 and "East Point" not in err
    code, out, err = await ask("Which depot should we expand by 500 kg a week to save money?",
                               "--dataset", "demo-retail", "--scripted", "--target", "sqlite",
                               env=env)
    assert code == 0, err
    assert "Best decision: East Point, Leipzig" in out
    assert "Assumed: extra weekly capacity 500 kg." in out
    code, out, err = await ask("Which warehouse should we expand?", "--dataset", "demo-retail",
                               "--scripted", "--target", "sqlite", env=env)
    assert code == 1 and "Say it in kg" in err
