"""A check the assistant proposes on a dataset without one (`propose_check`), end to end
with the scripted model over HTTP: proposed and shown, approved and ranked, refused when its
candidates do not include the answer, saved into the manifest and then used by the next
question without being proposed again."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from planrag.engine import Reply, ScriptedModel, call
from planrag.engine.scripted_server import ScriptedServer
from tests.decisions._kiosks import expected, kiosks
from tests.decisions.test_written_decisions import _sqlite_file
from tests.live._live import cli, events_of, live_env

ROWS = kiosks()
PROFIT = "SUM(foot_cnt * COALESCE(conv_pct, 0) / 100.0 * avg_tkt_eur - rent_eur)"
PROPOSAL: dict[str, Any] = {
    "title": "Espresso machine",
    "goal": "maximize",
    "objective": "network weekly profit",
    "unit": "EUR/week",
    "candidates": "SELECT k_cd AS decision, k_nm AS label FROM kiosk",
    "value": f"SELECT c.k_cd AS decision, (SELECT {PROFIT} FROM kiosk) + c.foot_cnt * "
             ":uplift / 100.0 * c.avg_tkt_eur - 120 AS value FROM kiosk c",
    "baseline": f"SELECT {PROFIT} AS value FROM kiosk",
    "parameters": {"uplift": {"type": "float", "default": 1.5, "min": 0,
                              "title": "Conversion uplift (percentage points)"}},
}


def _env(tmp_path: Path) -> dict[str, str]:
    path = _sqlite_file(tmp_path)
    env = live_env(tmp_path)
    folder = tmp_path / "datasets" / "kiosks"
    folder.mkdir(parents=True)
    (folder / "dataset.toml").write_text(
        'id = "kiosks"\ntitle = "Kiosks"\nrules = "Profit is tickets times ticket price '
        f'less rent."\n\n[[databases]]\nkind = "sqlite"\npath = "{path}"\n')
    return env


def _model(decision: str, proposal: dict[str, Any] | None = PROPOSAL) -> ScriptedModel:
    replies = [
        Reply(calls=[call("make_plan", steps=[{"goal": "profit per kiosk", "source": "sql"}])]),
        Reply(calls=[call("run_sql", step=0, query="SELECT k_cd, foot_cnt FROM kiosk "
                          "ORDER BY foot_cnt DESC LIMIT 3")]),
    ]
    if proposal is not None:
        replies.append(Reply(calls=[call("propose_check", **proposal)]))
    # Twice: an answer that is no candidate, or in no result, is told to the model once
    # (planrag.engine.monitors); the same answer again stands.
    replies += [Reply(calls=[call("final_answer", decision=decision,
                                  rationale="the busiest kiosk", query_ids=["q1"])])] * 2
    return ScriptedModel(replies)


async def _ask(env: dict[str, str], model: ScriptedModel, *args: str,
               stdin: str = "") -> tuple[int, str, str]:
    async with ScriptedServer(model) as server:
        return await cli("ask", "Which kiosk should get the espresso machine?", "--dataset",
                         "kiosks", *args, stdin=stdin, env={
                             **env, "PLANRAG_MODEL": "m",
                             "PLANRAG_MODEL_BASE_URL": server.base_url,
                             "PLANRAG_CONSENT_TIMEOUT": "20"})


def _tools(model: ScriptedModel, request: int) -> set[str]:
    return {t["function"]["name"] for t in model.requests[request].tools}


async def test_proposed_shown_approved_ranked_saved_and_used_again(tmp_path: Path) -> None:
    env = _env(tmp_path)
    ranking, baseline = expected(ROWS, 1.5, 120.0)
    second = ranking[1][0]
    model = _model(second)
    code, out, err = await _ask(env, model, "--json", stdin="y\n")
    assert code == 0, err
    model.assert_all_used()
    assert "propose_check" in _tools(model, 0)
    events = events_of(out)
    proposed = next(e for e in events if e["kind"] == "check_proposed")
    assert proposed["candidates"] == len(ROWS) and proposed["target"] == "sqlite"
    assert [s[0] for s in proposed["sample"]] == [d for d, _ in ranking[:5]]
    assert proposed["baseline"] == pytest.approx(baseline, rel=1e-9)
    paused = next(e for e in events if e["kind"] == "awaiting_confirmation")
    assert paused["about"] == "check" and "Espresso machine" in paused["question"]
    decided = next(e for e in events if e["kind"] == "replan_decided")
    assert decided["about"] == "check" and decided["approved"] and decided["by"] == "person"
    check = next(e for e in events if e["kind"] == "simulator_checked")
    assert check["rank"] == 2 and check["best"] == ranking[0][0]
    assert check["candidates"] == len(ROWS) and check["check_origin"] == "proposed"
    assert check["decision_model"] == "Espresso machine"
    assert check["approved_by"].endswith("(command line)")
    # The answer came before the pause, its check after: the closing event holds both (its
    # answer taken from the run's state, the resumed stream never saw `answer_proposed`).
    closing = next(e for e in events if e["kind"] == "answer_checked")
    assert closing["answer"]["decision"] == second and closing["check"] == check
    assert closing["answer"]["rationale"] == "the busiest kiosk"
    assert [e["kind"] for e in events][-2:] == ["answer_checked", "run_finished"]
    run_id = events[0]["run_id"]

    # Whoever may edit the dataset keeps it; the next question is checked with it and the
    # model is not asked to propose one again.
    code, out, err = await cli("decision", "save", "kiosks", run_id, env=env)
    assert code == 0 and "saved the decision espresso-machine" in out, err
    manifest = (tmp_path / "datasets/kiosks/dataset.toml").read_text()
    assert "[[decisions]]" in manifest and 'id = "espresso-machine"' in manifest
    code, out, err = await cli("decision", "save", "kiosks", run_id, env=env)
    assert code == 1 and "already has a decision 'espresso-machine'" in err
    again = _model(second, proposal=None)
    code, out, err = await _ask(env, again, "--no")
    assert code == 0, err
    assert "propose_check" not in _tools(again, 0)
    text = " ".join(out.replace("│", " ").split())
    assert "Checked with the decision model “Espresso machine” written in the dataset" in text


async def test_the_verdict_names_who_approved_it(tmp_path: Path) -> None:
    env = _env(tmp_path)
    ranking, _ = expected(ROWS, 1.5, 120.0)
    code, out, err = await _ask(env, _model(ranking[0][0]), stdin="yes\n")
    assert code == 0, err
    text = " ".join(out.replace("│", " ").split())
    assert "Check proposed by the assistant: Espresso machine" in text
    assert "Checked with “Espresso machine”, a check proposed by the assistant, approved by" \
           in text and "(command line)" in text
    assert "The assistant's analysis reached the same decision." in text
    assert "planrag decision save kiosks" in text


async def test_declined_or_not_a_candidate_leaves_the_answer_unchecked(tmp_path: Path) -> None:
    env = _env(tmp_path)
    code, out, err = await _ask(env, _model("K001"), "--no")
    assert code == 0, err
    finished = events_of((await _ask(env, _model("K001"), "--no", "--json"))[1])[-1]
    assert finished["check_note"] == ("the check the assistant proposed was not used: "
                                      "declined by the consent setting")
    code, out, err = await _ask(env, _model("K999"), "--yes", "--json")
    assert code == 0, err
    events = events_of(out)
    assert not [e for e in events if e["kind"] in ("awaiting_confirmation",
                                                   "simulator_checked")]
    assert events[-1]["check_note"] == ("the check the assistant proposed was not used: its "
                                        "candidates do not include the answer K999")


async def test_a_proposal_that_writes_or_names_nothing_is_sent_back(tmp_path: Path) -> None:
    env = _env(tmp_path)
    bad = {**PROPOSAL, "value": "DELETE FROM kiosk"}
    model = ScriptedModel([
        Reply(calls=[call("make_plan", steps=[{"goal": "profit", "source": "sql"}])]),
        Reply(calls=[call("propose_check", **bad)]),
        Reply(calls=[call("propose_check", **{**PROPOSAL, "value": PROPOSAL["value"]
                                              .replace(":uplift", ":lift")})]),
        Reply(calls=[call("final_answer", decision="K001", rationale="busy", query_ids=[])]),
    ])
    code, out, err = await _ask(env, model, "--yes", "--json")
    assert code == 0, err
    replies = [m["content"] for m in model.requests[-1].messages if m.get("role") == "tool"]
    assert any("not accepted: the `value` query: query refused (write)" in r for r in replies)
    assert any("uses :lift, which is not declared" in r for r in replies)
    assert not [e for e in events_of(out) if e["kind"] == "check_proposed"]
    assert json.loads(out.splitlines()[-1])["check_note"] == ""


@pytest.mark.parametrize(("args", "extra_env", "by"), [
    (("--yes",), {}, "the consent setting"),
    ((), {"PLANRAG_CONSENT": "approve"}, "the consent setting"),
    ((), {"PLANRAG_CONSENT_TIMEOUT": "0.2", "PLANRAG_CONSENT_TIMEOUT_DEFAULT": "approve"},
     "default, as no one answered in time"),
], ids=["yes", "setting", "timeout"])
async def test_an_approved_check_runs_at_once_whoever_approved_it(
    tmp_path: Path, args: tuple[str, ...], extra_env: dict[str, str], by: str
) -> None:
    """Issue 33, 3: approved by a setting, the proposed check ranked nothing and the run went
    back to the model after its answer, about 26 times, until the model calls ran out."""
    env = {**_env(tmp_path), **extra_env}
    ranking, _ = expected(ROWS, 1.5, 120.0)
    model = _model(ranking[1][0])
    async with ScriptedServer(model) as server:
        code, out, err = await cli(
            "ask", "Which kiosk should get the espresso machine?", "--dataset", "kiosks",
            "--json", *args, env={"PLANRAG_CONSENT_TIMEOUT": "20", **env,
                                  "PLANRAG_MODEL": "m",
                                  "PLANRAG_MODEL_BASE_URL": server.base_url})
    assert code == 0, err
    events = events_of(out)
    check = next(e for e in events if e["kind"] == "simulator_checked")
    assert check["approved_by"] == by and check["rank"] == 2
    assert [e["kind"] for e in events][-2:] == ["answer_checked", "run_finished"]
    # plan, query, proposal, the answer (given twice: it is in no result, which the monitor
    # says once); nothing after it
    model.assert_all_used()
    assert events[-1]["usage"]["model_calls"] == len(model.requests) == 5


async def test_a_number_the_proposed_check_reported_is_sourced(tmp_path: Path) -> None:
    """Issue 33, 3: the check's own sample value, stated in the answer, was marked "not
    found in the data"; it is the check's, and the answer says so."""
    env = _env(tmp_path)
    ranking, _ = expected(ROWS, 1.5, 120.0)
    best, value = ranking[0]
    said = f"{value:,.0f}"
    model = _model(best)
    model.script[-1] = model.script[-2] = Reply(calls=[call(
        "final_answer", decision=best, query_ids=["q1"],
        rationale=f"The proposed check ranks {best} first, at {said} EUR a week.")])
    code, out, err = await _ask(env, model, "--yes", "--json")
    assert code == 0, err
    answer = next(e for e in events_of(out) if e["kind"] == "answer_proposed")
    (claim,) = answer["claims"]
    assert claim["verified"] is True and claim["origin"] == "check"
    assert claim["value"] == round(value)


async def test_the_card_says_which_candidates_a_proposal_leaves_unranked(
    tmp_path: Path,
) -> None:
    """Issue 33, 5: nothing hidden, the card included."""
    env = _env(tmp_path)
    partial = {**PROPOSAL, "value": PROPOSAL["value"] + " WHERE c.k_cd <> 'K003'"}
    ranking, _ = expected(ROWS, 1.5, 120.0)
    code, out, err = await _ask(env, _model(ranking[0][0], partial), "--yes")
    assert code == 0, err
    text = " ".join(out.replace("│", " ").split())
    assert ("1 candidate of Espresso machine has no row in its `value` query and is not "
            "ranked: K003.") in text
    code, out, err = await _ask(env, _model(ranking[0][0], partial), "--yes", "--json")
    proposed = next(e for e in events_of(out) if e["kind"] == "check_proposed")
    assert proposed["candidates"] == len(ROWS) - 1 and len(proposed["notes"]) == 1
