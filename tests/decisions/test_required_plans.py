"""Issue 22, part 2, end to end over HTTP: a team's dataset says what its decision needs
(`required`, and the tables its written decision reads); `planrag ask --json` shows a plan
sent back for leaving one out, then the plan with what each step reads."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from planrag.engine import Reply, ScriptedModel, call
from planrag.engine.scripted_server import ScriptedServer
from tests.decisions._kiosks import CREATE, insert_rows, kiosks, manifest
from tests.live._live import cli, events_of, live_env


def _kiosks(tmp_path: Path) -> dict[str, str]:
    path = tmp_path / "kiosks.sqlite"
    conn = sqlite3.connect(path)
    conn.execute(CREATE)
    conn.executemany("INSERT INTO kiosk VALUES (?, ?, ?, ?, ?, ?, ?)", insert_rows(kiosks()))
    conn.commit()
    conn.close()
    env = live_env(tmp_path)
    folder = tmp_path / "datasets" / "kiosks"
    folder.mkdir(parents=True)
    (folder / "dataset.toml").write_text(
        'required = ["kiosk.rent_eur"]\n' + manifest("kiosks", f'kind = "sqlite"\npath = '
                                                     f'"{path}"'), encoding="utf-8")
    return env


async def test_a_plan_leaving_out_a_required_column_is_sent_back(tmp_path: Path) -> None:
    env = _kiosks(tmp_path)
    busy = {"goal": "the busiest kiosks", "source": "sql", "reads": ["KIOSK.foot_cnt"],
            "yields": "footfall per kiosk"}
    rent = {"goal": "their rent", "source": "sql", "reads": ["kiosk(k_cd, rent_eur)"]}
    model = ScriptedModel([
        Reply(calls=[call("make_plan", steps=[busy])]),
        Reply(calls=[call("make_plan", steps=[busy, rent])]),
        Reply(calls=[call("run_sql", step=0, query="SELECT k_cd, foot_cnt, rent_eur FROM "
                          "kiosk ORDER BY foot_cnt DESC LIMIT 5")]),
        Reply(calls=[call("final_answer", decision=max(kiosks(), key=lambda k: k.foot).code,
                          rationale="the busiest kiosk",
                          query_ids=["q1"])]),
    ])
    async with ScriptedServer(model) as server:
        code, out, err = await cli("ask", "Which kiosk should get the espresso machine?",
                                   "--dataset", "kiosks", "--json", "--no", env={
                                       **env, "PLANRAG_MODEL": "m",
                                       "PLANRAG_MODEL_BASE_URL": server.base_url})
    assert code == 0, err
    sent_back = model.requests[1].messages[-1]["content"]
    assert sent_back.startswith("make_plan not accepted: no step reads kiosk.rent_eur, which "
                                "the dataset (its `required`) needs.")
    plans = [e for e in events_of(out) if e["kind"] == "plan_made"]
    assert len(plans) == 1
    assert plans[0]["steps"][0]["reads"] == ["kiosk.foot_cnt"]  # SQLite ignores case
    assert plans[0]["steps"][0]["yields"] == "footfall per kiosk"
    assert plans[0]["steps"][1]["reads"] == ["kiosk.k_cd", "kiosk.rent_eur"]
    finished = next(e for e in events_of(out) if e["kind"] == "run_finished")
    assert finished["plan_notes"] == []  # q1 read kiosk; step 1 is served by it too
    model.assert_all_used()
