"""`planrag eval --table4`: the paper's eight cells from one command, resumable, with the
paper's Table 4 beside ours; the scripted policy answers (never a live model)."""

from __future__ import annotations

import asyncio
import json
import os
import sys
import time
from pathlib import Path

import pytest

from planrag.eval_table4 import CELL_FILE, SCENARIOS, TECHNIQUES, disclosure
from planrag.settings import load_settings
from tests._sql_fixtures import PREFIX, ROOT, MySQLWorld
from tests.cli.test_eval import planrag_eval
from tests.engine.test_targets import _url

CELLS = [f"{t}-{s}" for t in TECHNIQUES for s in SCENARIOS]
PAPER_ROWS = {  # the paper's Table 4 (GPT-4), Locating / Building
    "SingleRAG-LM": ("30.5%", "2.5%"),
    "IterRAG-LM": ("48.5%", "37.6%"),
    "PlanRAG-LM w/o RP": ("53.5%", "44.1%"),
    "PlanRAG-LM": ("64.3%", "45.0%"),
}


def _table4_row(table: str, name: str) -> list[str]:
    row = next(x for x in table.splitlines() if x.startswith(f"| {name} |"))
    return [c.strip() for c in row.strip("|").split("|")]


def _check_table(out: Path, limit: int, forms: list[str]) -> dict[str, object]:
    table = (out / "table4.md").read_text()
    for name, (locating, building) in PAPER_ROWS.items():
        cells = _table4_row(table, name)
        assert cells[2] == locating and cells[4] == building, cells
    for heading in ("Table 4", "Table 5", "Table 6", "Table 7", "Figure 5", "Figure 6"):
        assert f"## {heading}" in table
    data = json.loads((out / "table4.json").read_text())
    assert sorted(data["cells"]) == sorted(CELLS)
    for cell in CELLS:
        lines = [json.loads(x) for x in (out / cell / "results.jsonl").read_text().splitlines()]
        assert len(lines) == limit * len(forms)
        assert sorted({x["form"] for x in lines}) == sorted(forms)
        run = json.loads((out / cell / "run.json").read_text())
        assert run["protocol"] == "paper" and run["technique"] == cell.rsplit("-", 1)[0]
        per_form = [100 * sum(x["correct"] for x in lines if x["form"] == f) / limit
                    for f in forms]
        assert data["cells"][cell] == pytest.approx(sum(per_form) / len(forms))
        assert (out / cell / CELL_FILE).is_file()
    return data


def test_table4_on_sqlite_with_one_question(tmp_path: Path) -> None:
    out = tmp_path / "t4"
    run = planrag_eval("--table4", "--dqa", "fixtures/dqa", "--target", "sqlite",
                       "--scripted", "--limit", "1", "--out", str(out), data=tmp_path / "data")
    assert run.returncode == 0, run.stderr
    data = _check_table(out, 1, ["relational"])
    assert data["ran"] == CELLS and data["reused"] == []
    assert data["paper"]["planrag"] == {"locating": 64.3, "building": 45.0}
    table = (out / "table4.md").read_text()
    assert "the built-in scripted DQA policy answered (no model endpoint)" in table
    assert "relational form on SQLite" in table
    assert "| Locating: technique | IV | TP_total | all |" in table
    assert run.stderr.splitlines()[-1].startswith("Table 4 and Tables 5-7, Figures 5-6 in ")
    assert "| PlanRAG-LM | " in run.stderr  # Table 4 shown on the terminal too
    assert len(run.stdout.splitlines()) == 8  # each question's result line, as eval prints


def test_table4_resumes_and_keeps_complete_cells(tmp_path: Path) -> None:
    out, data = tmp_path / "t4", tmp_path / "data"
    args = ("--table4", "--dqa", "fixtures/dqa", "--target", "sqlite", "--scripted",
            "--limit", "1", "--out", str(out))
    assert planrag_eval(*args, data=data).returncode == 0
    kept = {c: (out / c / "results.jsonl").stat().st_mtime_ns for c in CELLS}
    # An interruption inside a cell: its evaluation never got to write cell.json.
    (out / "iterrag-building" / CELL_FILE).unlink()
    (out / "planrag-locating" / "results.jsonl").unlink()
    time.sleep(0.01)
    run = planrag_eval(*args, data=data)
    assert run.returncode == 0, run.stderr
    rerun = ["iterrag-building", "planrag-locating"]
    result = json.loads((out / "table4.json").read_text())
    assert result["ran"] == rerun and sorted(result["reused"]) == sorted(
        c for c in CELLS if c not in rerun)
    assert all((out / c / "results.jsonl").stat().st_mtime_ns == kept[c]
               for c in CELLS if c not in rerun)
    assert "cell 1/8 singlerag-locating: complete in" in run.stderr
    _check_table(out, 1, ["relational"])
    # A complete cell of another setting is never mixed in: one line, the way on.
    other = planrag_eval(*args[:-3], "2", "--out", str(out), data=data)
    assert other.returncode != 0
    assert other.stderr.strip().count("\n") == 0
    assert "holds a complete cell run with another setting (limit 1 there, 2 now)" in (
        other.stderr)


@pytest.mark.parametrize(("extra", "said"), [
    (["--scenario", "locating"], "leave out --scenario"),
    (["--technique", "iterrag"], "leave out --technique"),
    (["--protocol", "product"], "leave out --protocol product"),
])
def test_table4_refuses_what_it_fixes_itself(tmp_path: Path, extra: list[str],
                                             said: str) -> None:
    run = planrag_eval("--table4", "--dqa", "fixtures/dqa", "--scripted", *extra,
                       "--out", str(tmp_path / "t4"), data=tmp_path / "data")
    assert run.returncode != 0 and said in run.stderr
    assert run.stderr.strip().count("\n") == 0
    assert not (tmp_path / "t4").exists()


@pytest.mark.e2e
@pytest.mark.graph
@pytest.mark.mysql
async def test_table4_end_to_end_on_mysql_and_the_graph_server(
    mysql_world: MySQLWorld, tmp_path: Path
) -> None:
    """`planrag eval --table4 --dqa fixtures/dqa --scripted --limit 3`: the eight cells on
    MySQL and the embedded graph server, each cell the average of the two forms."""
    from tests._graph_fixtures import free_port

    out = tmp_path / "t4"
    env = {**os.environ, "PLANRAG_DATA_DIR": str(tmp_path / "data"),
           "PLANRAG_DB_PREFIX": PREFIX, "MYSQL_URL": _url(mysql_world.ro),
           "MYSQL_ADMIN_URL": _url(mysql_world.admin), "NEO4J_URI": "",
           "PLANRAG_GRAPH_DIR": str(tmp_path / "graph"),
           "PLANRAG_GRAPH_BOLT_PORT": str(free_port()),
           "PLANRAG_GRAPH_HTTP_PORT": str(free_port()), "PLANRAG_MODEL": ""}
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "planrag", "eval", "--table4", "--dqa", "fixtures/dqa",
        "--scripted", "--limit", "3", "--out", str(out), cwd=ROOT, env=env,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    _, stderr = await asyncio.wait_for(process.communicate(), 1200)
    assert process.returncode == 0, stderr.decode()
    data = _check_table(out, 3, ["relational", "graph"])
    assert data["targets"] == ["mysql", "graph"] and data["ran"] == CELLS
    table = (out / "table4.md").read_text()
    assert "Cells: average of relational and graph." in table
    assert "relational form on MySQL: MYSQL_URL " in table
    assert "graph form on the embedded graph server" in table
    password = _url(mysql_world.ro).split("@")[0].rsplit(":", 1)[-1]
    assert len(password) >= 4 and password not in table  # masked


def test_the_setting_is_disclosed_with_passwords_masked(tmp_path: Path) -> None:
    settings = load_settings(env_file=None, data_dir=tmp_path, mysql_url=None).model_copy(
        update={"model_base_url": "https://me:s3cr3t-key@models.example/v1",
                "mysql_url": "mysql://ro:hunter22@db.example:3306",
                "neo4j_uri": "bolt://neo:pa55word@graph.example:7687"})
    lines = disclosure(settings, ["mysql", "graph"], "gpt-4o", None)
    text = "\n".join(lines)
    assert "gpt-4o at https://me:***@models.example/v1" in lines[0]
    assert "MYSQL_URL mysql://ro:***@db.example:3306" in text
    assert "NEO4J_URI bolt://neo:***@graph.example:7687" in text
    assert "s3cr3t" not in text and "hunter22" not in text and "pa55word" not in text
    embedded = disclosure(settings.model_copy(update={"neo4j_uri": None}), ["graph"],
                          "scripted-dqa-policy (scripted)", 3)
    assert embedded[0] == "the built-in scripted DQA policy answered (no model endpoint)"
    assert embedded[1].startswith("graph form on the embedded graph server")
    assert embedded[2] == "questions: the first 3 of each scenario"
