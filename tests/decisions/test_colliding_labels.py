"""Two candidates with the same label (two wards of one name on two sites) stay two (issue
33, 4): each carries its key wherever a candidate is shown (the ranking, the verdict, the
what-if table, the chart's categories), so none disappears into the other."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from chainlit.context import init_http_context

from app.charts import decision_chart
from planrag.engine import Reply, ScriptedModel, call
from planrag.engine.events import AnswerProposed, SimulatorChecked
from planrag.engine.scripted_server import ScriptedServer
from planrag.engine.verdict import answer_lines
from planrag.simulators.base import distinct_labels
from tests.live._live import cli, events_of, live_env

WARDS = [("W01", "Rainbow Ward", "North", 18), ("W02", "Rainbow Ward", "South", 24),
         ("W03", "Ash Ward", "North", 30), ("W04", "Beech Ward", "South", 12)]
MANIFEST = '''id = "twin-wards"
title = "Twin wards"

[[databases]]
kind = "sqlite"
path = "{path}"

[[decisions]]
id = "more-beds"
title = "Ten more beds"
goal = "maximize"
objective = "beds in the network's largest ward"
candidates = "SELECT w_cd AS decision, w_nm AS label FROM ward"
value = "SELECT c.w_cd AS decision, c.bed_cnt + 10 AS value FROM ward c"
baseline = "SELECT MAX(bed_cnt) AS value FROM ward"
'''


def twin_wards(datasets: Path) -> None:
    """The `twin-wards` dataset in the folder `datasets`, on a SQLite file beside it."""
    path = datasets.parent / "twin-wards.sqlite"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE ward (w_cd TEXT PRIMARY KEY, w_nm TEXT, site TEXT, "
                 "bed_cnt INTEGER)")
    conn.executemany("INSERT INTO ward VALUES (?, ?, ?, ?)", WARDS)
    conn.commit()
    conn.close()
    folder = datasets / "twin-wards"
    folder.mkdir(parents=True)
    (folder / "dataset.toml").write_text(MANIFEST.format(path=path))


def _env(tmp_path: Path) -> dict[str, str]:
    twin_wards(tmp_path / "datasets")
    return live_env(tmp_path)


def test_labels_two_candidates_share_carry_their_keys() -> None:
    labels = {"W01": "Rainbow Ward", "W02": "rainbow ward ", "W03": "Ash Ward", "A": "B"}
    assert distinct_labels(labels, ["W01", "W02", "W03", "A", "B"]) == {
        "W01": "Rainbow Ward (W01)", "W02": "rainbow ward  (W02)", "W03": "Ash Ward",
        "A": "B (A)"}


async def test_every_place_a_candidate_is_shown_tells_twins_apart(tmp_path: Path) -> None:
    env = _env(tmp_path)
    code, out, err = await cli("simulate", "--dataset", "twin-wards", "--json", env=env)
    assert code == 0, err
    labels = json.loads(out)["labels"]
    assert labels["W01"] == "Rainbow Ward (W01)" and labels["W02"] == "Rainbow Ward (W02)"
    assert labels["W03"] == "Ash Ward"
    code, out, err = await cli("simulate", "--dataset", "twin-wards", env=env)
    assert "W01 (Rainbow Ward (W01))" in out and "W02 (Rainbow Ward (W02))" in out

    model = ScriptedModel([
        Reply(calls=[call("make_plan", steps=[{"goal": "beds", "source": "sql"}])]),
        Reply(calls=[call("run_sql", step=0, query="SELECT w_cd, w_nm, bed_cnt FROM ward")]),
        Reply(calls=[call("final_answer", decision="W01", rationale="the children's ward",
                          query_ids=["q1"], check="more-beds")]),
    ])
    async with ScriptedServer(model) as server:
        code, out, err = await cli(
            "ask", "Which ward should get ten more beds?", "--dataset", "twin-wards",
            "--json", env={**env, "PLANRAG_MODEL": "m",
                           "PLANRAG_MODEL_BASE_URL": server.base_url})
    assert code == 0, err
    event = next(e for e in events_of(out) if e["kind"] == "simulator_checked")
    check = SimulatorChecked(**{**event, "labels": tuple(tuple(x) for x in event["labels"]),
                                "top": tuple(tuple(x) for x in event["top"])})
    lines = answer_lines(AnswerProposed("W01", "the children's ward", ("q1",)), check)
    assert lines[0].startswith("Best decision: Ash Ward:")
    assert "chose Rainbow Ward (W01) instead: rank 3 of 4" in lines[1]

    init_http_context()  # a Chainlit element needs a context; no server is involved
    chart = decision_chart(list(check.top), baseline=check.baseline,
                           description=check.description, unit="", digits=4,
                           best=check.best, chosen="W01", label=check.label)
    assert chart is not None
    categories = json.loads(chart.content)["layout"]["yaxis"]["categoryarray"]
    assert len(set(categories)) == 4  # one bar each: the twins are two


async def test_a_chart_keeps_twins_apart_whatever_its_labels() -> None:
    init_http_context()
    chart = decision_chart([("W01", 5.0), ("W02", 4.0)], baseline=0.0, description="beds",
                           unit="", digits=4, best="W01", label=lambda d: "Rainbow Ward")
    assert chart is not None
    layout = json.loads(chart.content)["layout"]
    assert sorted(layout["yaxis"]["categoryarray"]) == ["Rainbow Ward (W01)",
                                                        "Rainbow Ward (W02)"]
