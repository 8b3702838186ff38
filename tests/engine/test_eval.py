"""`planrag eval` with the scripted DQA policy over the development split, in this project's
layout and in the PlanRAG repository's (its current layout and its older one)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from planrag.engine import EngineConfig, Reply, ScriptedModel, call
from planrag.engine.events import SimulatorChecked
from planrag.engine.policy import policy_model
from planrag.engine.session import open_engine
from planrag.errors import ConfigError, DatasetError
from planrag.evaluation import EvalResult, dqa_dataset, open_dqa, run_eval
from planrag.runtime import load_datasets
from planrag.settings import Settings, load_settings
from planrag.simulators import BuildingSimulator, LocatingSimulator
from planrag.simulators.service import question_parameters, simulate_dump
from tests._dqa_samples import CURRENT, ORIGINAL
from tests._sql_fixtures import FIXTURES, PREFIX, MySQLWorld
from tests.engine.test_targets import _url
from tests.simulators._support import DQA

SAMPLES = {"current": (CURRENT, "queries"), "older": (ORIGINAL, "db_query(parsed)")}
QUESTIONS = {
    "current": {"locating": "questions/simulated_question.json",
                "building": "questions/simulated_questions.json"},
    "older": {"locating": "questions/standard/simulated_question.json",
              "building": "questions/simulated_questions.json"},
}
LAYOUTS = pytest.mark.parametrize("layout", sorted(SAMPLES))
KEYS = ["id", "label", "decision", "correct", "verified_decision", "verified_correct",
        "replans", "queries", "refused", "errors", "llm_calls", "prompt_tokens",
        "completion_tokens", "seconds", "stop_reason", "outcome", "unreported_calls",
        "correct_normalised", "correct_tie_aware", "target", "form", "trace"]
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
    assert f"# DQA {scenario} · planrag" in summary and "## Table 7: " in summary
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


@pytest.mark.e2e
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
                                           r".*PlanRAG repository .*data/locating/questions/"
                                           r"simulated_question\.json and queries/, or in its "
                                           r"older layout questions/standard/"):
        dqa_dataset(tmp_path, "locating")
    with pytest.raises(DatasetError, match="no such folder"):
        dqa_dataset(tmp_path / "missing", "locating")
    with pytest.raises(DatasetError, match="unknown scenario 'weather'"):
        dqa_dataset(DQA, "weather")
    source = open_dqa(DQA / "building", "building")
    assert len(source.dataset.questions) == 36 and source.dataset.simulator == "dqa-building"
    assert source.layout == ("layout: this project's DQA layout "
                             f"({DQA / 'building' / 'questions.jsonl'}: 36 question(s), each "
                             "naming its dumps)")


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


def layout_line(layout: str, scenario: str, root: Path = Path()) -> str:
    """What eval says on reading `scenario` of the sample of `layout` (or a copy at `root`)."""
    sample, dumps = SAMPLES[layout]
    folder = (root if root != Path() else sample) / "data" / scenario
    count = 2 if scenario == "locating" else 3
    return (f"layout: PlanRAG repository, {layout} layout ({folder / QUESTIONS[layout][scenario]}"
            f": {count} question(s); dumps under {folder / dumps})")


@LAYOUTS
def test_the_repository_layouts_read_as_ours(layout: str) -> None:
    sample, dumps = SAMPLES[layout]
    for scenario, stems in (("locating", {"q1"}), ("building", {"FIN1836", "GRE1836"})):
        ours = dqa_dataset(DQA, scenario)
        mine_by_id = {q.id: q for q in ours.questions}
        for folder in (sample, sample / "data", sample / "data" / scenario):
            source = open_dqa(folder, scenario)
            assert source.layout == layout_line(layout, scenario)
            ds = source.dataset
            assert ds.simulator == f"dqa-{scenario}" and ds.root == sample / "data" / scenario
            # Locating ships one copy of its save per question: equal files load once.
            assert {d.stem for d in ds.dumps("sql")} == stems
            assert {d.stem for d in ds.dumps("cypher")} == stems
            assert {d.path.parent.parent for d in [*ds.dumps("sql"), *ds.dumps("cypher")]} == {
                (sample / "data" / scenario / dumps).resolve()}
            assert ds.rules == ours.rules
            for q in ds.questions:
                mine = mine_by_id[q.id]
                assert (q.text, q.answer) == (mine.text, mine.answer)
                # The fields the simulator and the prompt read: Locating's country, home and
                # goal (and its year), Building's country and goods.
                for key in ("goal", "country", "home", "goods"):
                    assert q.extra.get(key) == mine.extra.get(key), (q.id, key)
                if scenario == "locating":
                    assert q.extra["year"] == mine.extra["year"] == "1445"
                # The repository's database names are kept as they are, not used as files.
                assert q.extra["target_gdb"] == ("eu4" if scenario == "locating"
                                                 else "gdb-2hop-001")
                assert q.sql is not None and mine.sql is not None
                assert q.sql.path.read_bytes() == mine.sql.path.read_bytes()
                assert q.cypher is not None and mine.cypher is not None
                assert q.cypher.path.read_bytes() == mine.cypher.path.read_bytes()
    assert [q.id for q in dqa_dataset(sample, "building").questions] == [
        "building-FIN1836-105", "building-GRE1836-106", "building-GRE1836-107"]
    assert [q.id for q in dqa_dataset(sample, "locating").questions] == [
        "locating-1", "locating-2"]


@LAYOUTS
def test_a_scenario_folder_of_the_repository_may_have_any_name(
    layout: str, tmp_path: Path
) -> None:
    sample, dumps = SAMPLES[layout]
    moved = tmp_path / "my-copy"
    shutil.copytree(sample / "data" / "building", moved)
    # The game saves under raw/ are not needed: absent (as in the samples) or unreadable.
    (moved / "raw").mkdir()
    (moved / "raw" / "raw1836.v3").write_bytes(b"\xff\xfe not a save")
    ds = dqa_dataset(moved, "building")
    assert ds.root == moved and len(ds.questions) == 3
    assert all(q.sql is not None and q.sql.path.parent == (moved / dumps / "SQL_format")
               .resolve() for q in ds.questions)
    with pytest.raises(DatasetError, match="holds no DQA locating questions"):
        dqa_dataset(moved, "locating")


def test_the_newest_layout_present_is_read(tmp_path: Path) -> None:
    """Building's questions file is where it was in both layouts; the dump folder tells them
    apart. A questions file without its dump folder is said to lack it."""
    both = tmp_path / "both"
    shutil.copytree(CURRENT / "data" / "building", both)
    shutil.copytree(ORIGINAL / "data" / "building" / "db_query(parsed)",
                    both / "db_query(parsed)")
    assert open_dqa(both, "building").layout.startswith(
        "layout: PlanRAG repository, current layout (")
    shutil.rmtree(both / "queries")
    older = open_dqa(both, "building")
    assert older.layout.startswith("layout: PlanRAG repository, older layout (")
    assert len(older.dataset.questions) == 3
    shutil.rmtree(both / "db_query(parsed)")
    with pytest.raises(DatasetError, match=(
            r"both has questions/simulated_questions\.json but no dump folder .*both/queries "
            r"\(SQL_format/ and LPG_format/, the current layout's place for the questions' "
            r"databases\): copy it from the PlanRAG repository")):
        dqa_dataset(both, "building")
    # A Locating folder holding both layouts' questions and dumps reads the current one.
    mixed = tmp_path / "mixed"
    shutil.copytree(ORIGINAL / "data" / "locating", mixed)
    shutil.copytree(CURRENT / "data" / "locating", mixed, dirs_exist_ok=True)
    source = open_dqa(mixed, "locating")
    assert source.layout == (
        f"layout: PlanRAG repository, current layout ({mixed / QUESTIONS['current']['locating']}"
        f": 2 question(s); dumps under {mixed / 'queries'})")


async def test_eval_over_the_repository_layouts_matches_ours(tmp_path: Path) -> None:
    settings = sqlite_settings(tmp_path)
    for scenario in ("locating", "building"):
        runs: dict[str, EvalResult] = {}
        for layout, (sample, _) in SAMPLES.items():
            echoed: list[str] = []
            runs[layout] = await run_eval(settings, sample, scenario, "sqlite", policy_model,
                                          out_dir=tmp_path / f"{layout}-{scenario}",
                                          echo=echoed.append)
            assert echoed[0] == layout_line(layout, scenario)
            assert not runs[layout].skipped and not any("skipping" in e for e in echoed)
            summary = (tmp_path / f"{layout}-{scenario}" / "summary.md").read_text()
            assert f"\nQuestions: {layout_line(layout, scenario)[len('layout: '):]}.\n" in summary
        ids = [line["id"] for line in runs["current"].lines]
        assert ids == (["locating-1", "locating-2"] if scenario == "locating" else
                       ["building-FIN1836-105", "building-GRE1836-106", "building-GRE1836-107"])
        ours = await run_eval(settings, our_layout(tmp_path, scenario, ids), scenario,
                              "sqlite", policy_model, out_dir=tmp_path / f"ours-{scenario}-out")
        assert comparable(runs["current"].lines) == comparable(runs["older"].lines)
        assert comparable(runs["current"].lines) == comparable(ours.lines)
        assert all(line["stop_reason"] == "answered" for line in ours.lines)
        # The simulator's choice is the label on each of these questions.
        assert all(line["verified_correct"] for line in ours.lines)
    from_data = await run_eval(settings, CURRENT / "data", "building", "sqlite", policy_model,
                               out_dir=tmp_path / "from-data")
    assert comparable(from_data.lines) == comparable(ours.lines)


def broken_copy(tmp_path: Path, layout: str, *remove: str) -> Path:
    """A copy of the sample of `layout` without the dumps `remove` names, each as
    `<scenario>/<SQL_format or LPG_format>/<file>`."""
    sample, dumps = SAMPLES[layout]
    root = tmp_path / f"repo-{layout}"
    shutil.copytree(sample, root)
    for rel in remove:
        scenario, rest = rel.split("/", 1)
        (root / "data" / scenario / dumps / rest).unlink()
    return root


@LAYOUTS
async def test_questions_without_the_targets_dump_are_skipped_and_said(
    layout: str, tmp_path: Path
) -> None:
    root = broken_copy(tmp_path, layout, "building/SQL_format/FIN1836.sql")
    echoed: list[str] = []
    result = await run_eval(sqlite_settings(tmp_path), root, "building", "sqlite", policy_model,
                            out_dir=tmp_path / "out", echo=echoed.append)
    assert result.skipped == ["building-FIN1836-105"]
    assert [line["id"] for line in result.lines] == ["building-GRE1836-106",
                                                    "building-GRE1836-107"]
    assert echoed[:2] == [layout_line(layout, "building", root),
                          "skipping 1 question(s) with no relational (.sql) dump for sqlite: "
                          "building-FIN1836-105"]
    summary = (tmp_path / "out" / "summary.md").read_text()
    assert ("Skipped: 1 selected question(s) have no relational (.sql) dump for sqlite, so the "
            "accuracy is over the 2 that ran: building-FIN1836-105.") in summary
    saved = (tmp_path / "out" / "results.jsonl").read_text().splitlines()
    assert len(saved) == 2 and not (tmp_path / "out" / "traces" / "building-FIN1836-105.jsonl"
                                    ).exists()
    # The same for a Locating question of the layout.
    root = broken_copy(tmp_path / "locating", layout, "locating/SQL_format/q2.sql")
    result = await run_eval(sqlite_settings(tmp_path), root, "locating", "sqlite", policy_model,
                            out_dir=tmp_path / "out-locating")
    assert result.skipped == ["locating-2"] and [line["id"] for line in result.lines] == [
        "locating-1"]


@LAYOUTS
async def test_eval_refuses_what_it_cannot_run(layout: str, tmp_path: Path) -> None:
    settings = sqlite_settings(tmp_path)
    sample, dumps = SAMPLES[layout]
    only_graph = broken_copy(tmp_path, layout, "building/SQL_format/FIN1836.sql",
                             "building/SQL_format/GRE1836.sql")
    with pytest.raises(DatasetError, match=r"none of the 3 selected building question\(s\) has "
                                           r"a relational \(\.sql\) dump, so none can run"):
        await run_eval(settings, only_graph, "building", "sqlite", policy_model,
                       out_dir=tmp_path / "out")
    (only_graph / "data" / "building" / dumps / "LPG_format" / "FIN1836.cql").unlink()
    with pytest.raises(DatasetError, match=(
            rf"1 question\(s\) of .* have no dump under .*{re.escape(dumps)}/SQL_format or "
            r"LPG_format: building-FIN1836-105 \(FIN1836\.sql, FIN1836\.cql\)")):
        dqa_dataset(only_graph, "building")
    a_file = tmp_path / "a-file"
    a_file.write_text("not a folder")
    for out in (a_file, a_file / "below"):
        with pytest.raises(ConfigError, match="output folder"):
            await run_eval(settings, sample, "building", "sqlite", policy_model, out_dir=out)
    for scenario in ("building", "locating"):
        name = QUESTIONS[layout][scenario]
        bad = tmp_path / "bad" / scenario / "data" / scenario
        shutil.copytree(sample / "data" / scenario / dumps, bad / dumps)
        (bad / name).parent.mkdir(parents=True)
        for text, message in (
            (b"{", rf"{re.escape(Path(name).name)}:1: not valid JSON"),
            (b"{}", "expected a JSON array of questions"),
            (b'[{"country": "FIN1836"}]',
             r"question 1: expected an object with a `question` text"),
            (b'[{"question": "q?", "country": "../FIN1836"}]', "`country` must name")
            if scenario == "building" else
            (b'[{"question": "q?", "question_num": 7}]',
             r"1 question\(s\) of .* have no dump under .*: locating-7 \(q7\.sql, q7\.cql\)"),
            (b'[{"question": "q?", "country": "FIN1836", "question_num": 1.5}]',
             "whole number"),
            (b'[{"question": "caf\xe9?"}]', r"questions file .* has bytes that are not UTF-8 at "
             r"byte 19 \(line 1\); save it as UTF-8"),
        ):
            (bad / name).write_bytes(text)
            with pytest.raises(DatasetError, match=message) as caught:
                dqa_dataset(tmp_path / "bad" / scenario, scenario)
            assert "\n" not in str(caught.value)


async def test_limit_loads_only_the_selected_questions_databases(tmp_path: Path) -> None:
    settings = sqlite_settings(tmp_path)
    echoed: list[str] = []
    result = await run_eval(settings, DQA, "building", "sqlite", policy_model, limit=3,
                            out_dir=tmp_path / "out", echo=echoed.append)
    # The first three questions use two databases (USA1836 twice, then AUS1836).
    assert [line["id"] for line in result.lines] == [
        "building-USA1836-2", "building-USA1836-3", "building-AUS1836-4"]
    assert echoed[:2] == [open_dqa(DQA, "building").layout,
                          "loading 2 database(s) into sqlite ..."]
    loaded = [line for line in echoed if line.startswith("sqlite ")]
    assert len(loaded) == 2 and all(": loaded," in line for line in loaded)
    assert len(list((tmp_path / "data" / "sqlite").glob("*.sqlite"))) == 2
    progress = [line.split("]")[0] for line in echoed if line.startswith("[")]
    assert sorted(progress) == ["[1/3", "[2/3", "[3/3"]


@pytest.mark.e2e
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
    root = broken_copy(tmp_path, "current", "building/SQL_format/FIN1836.sql")
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


@pytest.mark.e2e
@pytest.mark.graph
@pytest.mark.mysql
async def test_the_papers_protocol_runs_both_forms_with_a_model_over_http(
    mysql_world: MySQLWorld, tmp_path: Path
) -> None:
    """`planrag eval --protocol paper` without a target: each question on MySQL and on the
    graph server, the cell their average, the paper's analyses in summary.md and
    analysis.json, temperature 0; the scripted policy answers over HTTP."""
    import asyncio
    import os
    import sys

    from planrag.engine.policy import DQAPolicy
    from planrag.engine.scripted_server import ScriptedServer
    from tests._graph_fixtures import free_port

    out = tmp_path / "paper"
    async with ScriptedServer(ScriptedModel([DQAPolicy()] * 400)) as server:
        env = {**os.environ, "PLANRAG_DATA_DIR": str(tmp_path / "data"),
               "PLANRAG_DB_PREFIX": PREFIX, "MYSQL_URL": _url(mysql_world.ro),
               "MYSQL_ADMIN_URL": _url(mysql_world.admin), "NEO4J_URI": "",
               "PLANRAG_GRAPH_DIR": str(tmp_path / "graph"),
               "PLANRAG_GRAPH_BOLT_PORT": str(free_port()),
               "PLANRAG_GRAPH_HTTP_PORT": str(free_port()),
               "PLANRAG_MODEL": "scripted-paper", "PLANRAG_MODEL_BASE_URL": server.base_url,
               "PLANRAG_MODEL_TOOLS": "on", "PLANRAG_MODEL_TEMPERATURE": "0.7"}
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "planrag", "eval", "--dqa", str(DQA), "--scenario",
            "locating", "--protocol", "paper", "--limit", "6", "--concurrency", "3",
            "--out", str(out), cwd=FIXTURES.parent, env=env,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
        stdout, stderr = await asyncio.wait_for(process.communicate(), 600)
        bodies = list(server.bodies)
    assert process.returncode == 0, stderr.decode()
    lines = [json.loads(x) for x in (out / "results.jsonl").read_text().splitlines()]
    assert [json.loads(x) for x in stdout.decode().splitlines()] != []
    assert [(x["target"], x["form"]) for x in lines] == (
        [("mysql", "relational")] * 6 + [("graph", "graph")] * 6)
    assert sorted(x["id"] for x in lines[:6]) == sorted(x["id"] for x in lines[6:])
    assert all({"correct", "correct_normalised", "correct_tie_aware"} <= set(x) for x in lines)
    assert all((out / x["trace"]).is_file() and x["trace"].startswith(f"traces/{x['target']}/")
               for x in lines)
    forms = [100 * sum(x["correct"] for x in lines[k:k + 6]) / 6 for k in (0, 6)]
    cell = sum(forms) / 2
    assert stderr.decode().splitlines()[-1].startswith(
        f"accuracy {cell:.1f}% (the average of the relational and graph runs)")
    summary = (out / "summary.md").read_text()
    assert "Protocol: paper (prompts: paper)." in summary
    assert f"| planrag | average of relational and graph | 12 | {cell:.1f}% |" in summary
    for heading in ("Table 4", "Table 5", "Table 6", "Table 7", "Figure 5", "Figure 6"):
        assert f"## {heading}" in summary
    assert "## Deviations from the paper's experiment" in summary
    assert "at most 4 re-plans" not in summary and "model calls; the paper's" not in summary
    analysis = json.loads((out / "analysis.json").read_text())
    assert analysis["table4"]["cell"] == "average of relational and graph"
    assert analysis["table5"]["relational"]["questions"] == 6 == (
        analysis["table5"]["graph"]["questions"])
    run = json.loads((out / "run.json").read_text())
    assert run["protocol"] == "paper" and run["targets"] == ["mysql", "graph"]
    assert run["limits"] == {"model_calls": 15, "force_answer": False, "replans": None,
                             "rows_shown": 200, "chars_shown": 50_000}
    assert bodies and all(b.get("temperature") == 0 for b in bodies)  # the paper's
    first = bodies[0]["messages"]
    assert first[0]["content"].startswith("You are a decision-making agent")
    assert first[1]["content"].startswith("Question: ")
