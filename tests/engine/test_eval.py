"""`planrag eval` with the scripted DQA policy over the development split, in this project's
layout and in the original DQA repository's."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from planrag.engine import EngineConfig, Reply, ScriptedModel, call
from planrag.engine.events import SimulatorChecked
from planrag.engine.policy import policy_model
from planrag.engine.session import open_engine
from planrag.errors import ConfigError, DatasetError
from planrag.evaluation import EvalResult, dqa_dataset, run_eval
from planrag.runtime import load_datasets
from planrag.settings import Settings, load_settings
from planrag.simulators import BuildingSimulator, LocatingSimulator
from planrag.simulators.service import question_parameters, simulate_dump
from tests._sql_fixtures import FIXTURES, PREFIX, MySQLWorld
from tests.engine.test_targets import _url
from tests.simulators._support import DQA

ORIGINAL = FIXTURES / "dqa-original-layout-sample"
KEYS = ["id", "label", "decision", "correct", "verified_decision", "verified_correct",
        "replans", "queries", "refused", "errors", "llm_calls", "prompt_tokens",
        "completion_tokens", "seconds", "stop_reason", "outcome"]
SIMULATOR = {"locating": LocatingSimulator, "building": BuildingSimulator}


def simulator_best(scenario: str, questions_file: Path) -> dict[str, Any]:
    """What the simulator ranks first for each question, computed here from the dumps and
    the questions' own fields, without the engine or the evaluation."""
    sim = SIMULATOR[scenario]
    best = {}
    for line in questions_file.read_text(encoding="utf-8").splitlines():
        q = json.loads(line)
        params = question_parameters(sim, q)
        assert params is not None, q["id"]
        result = simulate_dump(sim, questions_file.parent / q["sql"], params,
                               renames={"has_has_merchant": "has_merchant"}, compare=False)
        assert result.best is not None
        best[q["id"]] = (result.best.decision, str(result.best.decision) == str(q["answer"]))
    return best


def check(result: EvalResult, scenario: str, count: int) -> None:
    assert len(result.lines) == count and not result.skipped
    assert all(list(line) == KEYS for line in result.lines)
    assert all(line["stop_reason"] == "answered" for line in result.lines), [
        line["stop_reason"] for line in result.lines if line["stop_reason"] != "answered"]
    assert all(line["outcome"] == "answered" for line in result.lines)
    # What eval reports as verified is the simulator's own choice, question by question, and
    # the verified accuracy is its agreement with the labels.
    best = simulator_best(scenario, DQA / scenario / "questions.jsonl")
    assert {line["id"]: (line["verified_decision"], line["verified_correct"])
            for line in result.lines} == best
    agreement = 100.0 * sum(ok for _, ok in best.values()) / len(best)
    assert result.verified_accuracy == pytest.approx(agreement)
    labelled = {line["id"]: line["correct"] for line in result.lines}
    assert 0 < sum(labelled.values()) < count  # the naive policy is right only sometimes
    assert any(line["replans"] for line in result.lines) == (scenario == "locating")
    out = result.out_dir
    assert out is not None
    saved = [json.loads(x) for x in (out / "results.jsonl").read_text().splitlines()]
    assert saved == json.loads(json.dumps(result.lines, default=str))
    trace = (out / "traces" / f"{result.lines[0]['id']}.jsonl").read_text().splitlines()
    assert json.loads(trace[0])["kind"] == "run_started" and json.loads(trace[0])["scripted"]
    summary = (out / "summary.md").read_text()
    assert f"# DQA {scenario} · planrag" in summary and "| re-plans | questions |" in summary
    assert f"{result.verified_accuracy:.1f}% |" in summary


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


@pytest.mark.graph
async def test_eval_on_a_single_database_graph_server_says_it_cannot(
    graph_settings: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Neo4j Community holds one database: an evaluation over many dumps cannot load them
    side by side, and must say so before it loads or asks anything."""
    from planrag.graph.admin import GraphAdmin

    monkeypatch.setattr(GraphAdmin, "multi_database", property(lambda self: False))
    settings = graph_settings.model_copy(update={"db_prefix": "planrag_gtest_"})
    with pytest.raises(ConfigError, match=r"needs \d+ graph databases at once, but .* has a "
                       "single database"):
        await run_eval(settings, DQA, "locating", "graph", policy_model, limit=5,
                       out_dir=tmp_path / "single")


def test_eval_folders_must_hold_dqa_questions(tmp_path: Path) -> None:
    with pytest.raises(DatasetError, match=r"holds no DQA locating questions: .*questions\.jsonl"
                                           r".*original DQA repository"):
        dqa_dataset(tmp_path, "locating")
    with pytest.raises(DatasetError, match="no such folder"):
        dqa_dataset(tmp_path / "missing", "locating")
    with pytest.raises(DatasetError, match="unknown scenario 'weather'"):
        dqa_dataset(DQA, "weather")
    ds = dqa_dataset(DQA / "building", "building")
    assert len(ds.questions) == 36 and ds.simulator == "dqa-building"


def sqlite_settings(tmp_path: Path) -> Settings:
    return load_settings(env_file=None, data_dir=tmp_path / "data", mysql_url=None)


def our_layout(tmp_path: Path, scenario: str, ids: list[str]) -> Path:
    """A folder in this project's layout holding only the questions `ids` of the split."""
    folder = tmp_path / f"ours-{scenario}" / scenario
    folder.mkdir(parents=True)
    lines = []
    for line in (DQA / scenario / "questions.jsonl").read_text(encoding="utf-8").splitlines():
        q = json.loads(line)
        if q["id"] in ids:
            q.update(sql=str(DQA / scenario / q["sql"]), cypher=str(DQA / scenario / q["cypher"]))
            lines.append(json.dumps(q))
    (folder / "questions.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return folder.parent


def comparable(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    # Time differs run to run; the scripted model estimates prompt tokens from the prompt's
    # text, which names the database, and the database names differ between the layouts.
    return [{k: v for k, v in line.items() if k not in ("seconds", "prompt_tokens")}
            for line in lines]


def test_the_original_layout_reads_as_ours() -> None:
    for scenario, stems in (("locating", {"q1"}), ("building", {"FIN1836", "GRE1836"})):
        for folder in (ORIGINAL, ORIGINAL / "data", ORIGINAL / "data" / scenario):
            ds = dqa_dataset(folder, scenario)
            assert ds.simulator == f"dqa-{scenario}" and ds.root == ORIGINAL / "data" / scenario
            # Locating ships one copy of its save per question: equal files load once.
            assert {d.stem for d in ds.dumps("sql")} == stems
            assert {d.stem for d in ds.dumps("cypher")} == stems
            ours = {q.id: q for q in dqa_dataset(DQA, scenario).questions}
            assert ds.rules == dqa_dataset(DQA, scenario).rules
            for q in ds.questions:
                mine = ours[q.id]
                assert (q.text, q.answer) == (mine.text, mine.answer)
                assert q.extra.get("goal") == mine.extra.get("goal")
                assert q.sql is not None and mine.sql is not None
                assert q.sql.path.read_bytes() == mine.sql.path.read_bytes()
                assert q.cypher is not None and mine.cypher is not None
                assert q.cypher.path.read_bytes() == mine.cypher.path.read_bytes()
    assert [q.id for q in dqa_dataset(ORIGINAL, "building").questions] == [
        "building-FIN1836-105", "building-GRE1836-106", "building-GRE1836-107"]


def test_a_scenario_folder_of_the_original_layout_may_have_any_name(tmp_path: Path) -> None:
    moved = tmp_path / "my-copy"
    shutil.copytree(ORIGINAL / "data" / "building", moved)
    ds = dqa_dataset(moved, "building")
    assert ds.root == moved and len(ds.questions) == 3
    assert all(q.sql is not None and q.sql.path.parent == moved / "db_query(parsed)" /
               "SQL_format" for q in ds.questions)
    with pytest.raises(DatasetError, match="holds no DQA locating questions"):
        dqa_dataset(moved, "locating")


async def test_eval_over_the_original_layout_matches_ours(tmp_path: Path) -> None:
    settings = sqlite_settings(tmp_path)
    for scenario in ("locating", "building"):
        original = await run_eval(settings, ORIGINAL, scenario, "sqlite", policy_model,
                                  out_dir=tmp_path / f"original-{scenario}")
        ids = [line["id"] for line in original.lines]
        assert len(ids) == (2 if scenario == "locating" else 3)
        ours = await run_eval(settings, our_layout(tmp_path, scenario, ids), scenario,
                              "sqlite", policy_model, out_dir=tmp_path / f"ours-{scenario}-out")
        assert comparable(original.lines) == comparable(ours.lines)
        assert all(line["stop_reason"] == "answered" for line in original.lines)
    from_data = await run_eval(settings, ORIGINAL / "data", "building", "sqlite", policy_model,
                               out_dir=tmp_path / "from-data")
    assert comparable(from_data.lines) == comparable(ours.lines)


def broken_copy(tmp_path: Path, *remove: str) -> Path:
    root = tmp_path / "repo"
    shutil.copytree(ORIGINAL, root)
    for rel in remove:
        (root / "data" / "building" / "db_query(parsed)" / rel).unlink()
    return root


async def test_questions_without_the_targets_dump_are_skipped_and_said(tmp_path: Path) -> None:
    root = broken_copy(tmp_path, "SQL_format/FIN1836.sql")
    echoed: list[str] = []
    result = await run_eval(sqlite_settings(tmp_path), root, "building", "sqlite", policy_model,
                            out_dir=tmp_path / "out", echo=echoed.append)
    assert result.skipped == ["building-FIN1836-105"]
    assert [line["id"] for line in result.lines] == ["building-GRE1836-106",
                                                    "building-GRE1836-107"]
    assert ("skipping 1 question(s) with no relational (.sql) dump for sqlite: "
            "building-FIN1836-105") in echoed
    summary = (tmp_path / "out" / "summary.md").read_text()
    assert ("Skipped: 1 selected question(s) have no relational (.sql) dump for sqlite, so the "
            "accuracy is over the 2 that ran: building-FIN1836-105.") in summary
    saved = (tmp_path / "out" / "results.jsonl").read_text().splitlines()
    assert len(saved) == 2 and not (tmp_path / "out" / "traces" / "building-FIN1836-105.jsonl"
                                    ).exists()


async def test_eval_refuses_what_it_cannot_run(tmp_path: Path) -> None:
    settings = sqlite_settings(tmp_path)
    only_graph = broken_copy(tmp_path, "SQL_format/FIN1836.sql", "SQL_format/GRE1836.sql")
    with pytest.raises(DatasetError, match=r"none of the 3 selected building question\(s\) has "
                                           r"a relational \(\.sql\) dump, so none can run"):
        await run_eval(settings, only_graph, "building", "sqlite", policy_model,
                       out_dir=tmp_path / "out")
    (only_graph / "data/building/db_query(parsed)/LPG_format/FIN1836.cql").unlink()
    with pytest.raises(DatasetError, match=r"1 question\(s\) of .* have no dump under .*: "
                                           r"building-FIN1836-105 \(FIN1836\.sql, FIN1836\.cql\)"):
        dqa_dataset(only_graph, "building")
    a_file = tmp_path / "a-file"
    a_file.write_text("not a folder")
    for out in (a_file, a_file / "below"):
        with pytest.raises(ConfigError, match="output folder"):
            await run_eval(settings, ORIGINAL, "building", "sqlite", policy_model, out_dir=out)
    questions = ORIGINAL / "data/building/questions/simulated_questions.json"
    bad = tmp_path / "bad" / "data" / "building" / "questions"
    bad.mkdir(parents=True)
    for text, message in (
        ("{", r"simulated_questions\.json:1: not valid JSON"),
        ("{}", "expected a JSON array of questions"),
        ('[{"country": "FIN1836"}]', r"question 1: expected an object with a `question` text"),
        ('[{"question": "q?", "country": "../FIN1836"}]', "`country` must name"),
        ('[{"question": "q?", "country": "FIN1836", "question_num": 1.5}]', "whole number"),
    ):
        (bad / questions.name).write_text(text, encoding="utf-8")
        with pytest.raises(DatasetError, match=message):
            dqa_dataset(tmp_path / "bad", "building")


async def test_limit_loads_only_the_selected_questions_databases(tmp_path: Path) -> None:
    settings = sqlite_settings(tmp_path)
    echoed: list[str] = []
    result = await run_eval(settings, DQA, "building", "sqlite", policy_model, limit=3,
                            out_dir=tmp_path / "out", echo=echoed.append)
    # The first three questions use two databases (USA1836 twice, then AUS1836).
    assert [line["id"] for line in result.lines] == [
        "building-USA1836-2", "building-USA1836-3", "building-AUS1836-4"]
    assert echoed[0] == "loading 2 database(s) into sqlite ..."
    loaded = [line for line in echoed if line.startswith("sqlite ")]
    assert len(loaded) == 2 and all(": loaded," in line for line in loaded)
    assert len(list((tmp_path / "data" / "sqlite").glob("*.sqlite"))) == 2
    progress = [line.split("]")[0] for line in echoed if line.startswith("[")]
    assert sorted(progress) == ["[1/3", "[2/3", "[3/3"]


@pytest.mark.graph
async def test_graph_runs_check_with_the_relational_dump_or_say_they_cannot(
    graph_settings: Settings, tmp_path: Path
) -> None:
    settings = graph_settings.model_copy(update={"db_prefix": "planrag_gtest_"})
    # A graph-only dump reference: the source is that graph; the check reads the SQL dump
    # of the questions asked over it.
    await load_datasets(settings, ["dqa-locating-1445"], "graph")
    model = ScriptedModel([
        Reply(calls=[call("make_plan", steps=[{"goal": "presence", "source": "cypher"}])]),
        Reply(calls=[call("run_cypher", step=0, query=(
            "MATCH (c:Country {name: 'SWE'})-[r:NodeCountry]->(t:Trade_node) "
            "RETURN t.name AS node, r.base_trading_power AS power"))]),
        Reply(calls=[call("final_answer", decision="krakow", rationale="r", query_ids=["q1"],
                          parameters={"country": "SWE"})]),
    ])
    async with open_engine(settings, "dqa-locating-1445@43e052f71afb", "graph", model,
                           EngineConfig()) as engine:
        events = [e async for e in engine.run("Where should SWE place its merchant?")]
    checked = next(e for e in events if isinstance(e, SimulatorChecked))
    assert checked.agrees and checked.best == "krakow"
    # A question with no SQL dump runs on the graph, and its check says it could not run.
    root = broken_copy(tmp_path, "SQL_format/FIN1836.sql")
    result = await run_eval(settings, root, "building", "graph", policy_model,
                            out_dir=tmp_path / "out")
    assert not result.skipped and len(result.lines) == 3
    fin = next(line for line in result.lines if line["id"] == "building-FIN1836-105")
    assert fin["stop_reason"] == "answered" and fin["decision"] is not None
    assert fin["verified_decision"] is None and not fin["verified_correct"]
    trace = (tmp_path / "out" / "traces" / "building-FIN1836-105.jsonl").read_text()
    finished = json.loads(trace.splitlines()[-1])
    assert finished["kind"] == "run_finished"
    assert "no relational (.sql) dump for question building-FIN1836-105" in (
        finished["check_note"]) and "could not run" in finished["check_note"]
    others = [line for line in result.lines if line["id"] != "building-FIN1836-105"]
    assert all(line["verified_correct"] for line in others)
