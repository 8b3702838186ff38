"""Execution monitors (issue 22, part 3): each fires on a crafted scripted run and reaches
the model (its tool message) and front ends (`MonitorNoticed`); a step failing twice
proposes a re-plan through the consent path; the simulator's disagreement re-plan is a
setting that a benchmark (DQA) dataset never gets."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from planrag.engine import (
    AnswerProposed,
    AwaitingConfirmation,
    EngineConfig,
    MonitorNoticed,
    PlanMade,
    ReplanDecided,
    ReplanProposed,
    Reply,
    RunFinished,
    ScriptedModel,
    SimulatorChecked,
    call,
    event_to_json,
)
from planrag.engine.monitors import closest, cypher_filters, sql_filters
from planrag.engine.render import TerminalRenderer
from planrag.engine.session import benchmark, engine_config, open_engine
from planrag.runtime import load_datasets, locate
from planrag.settings import Settings, load_settings
from tests._sql_fixtures import PREFIX, MySQLWorld
from tests.engine.conftest import QUESTION, TEXT, answer, collect, kinds, plan, sql
from tests.engine.test_targets import _url

DEMO = "demo-retail#demo-1"
DEMO_TEXT = "We can raise one warehouse's weekly capacity by 200 kg. Which warehouse?"


def noticed(events: list[Any], monitor: str) -> list[MonitorNoticed]:
    return [e for e in events if isinstance(e, MonitorNoticed) and e.monitor == monitor]


def tool_reply(model: ScriptedModel, request: int, call_id: str | None = None) -> str:
    """The tool message the model saw in its `request`-th request (the last, or `call_id`'s)."""
    messages = [m for m in model.requests[request].messages if m["role"] == "tool"]
    if call_id is not None:
        messages = [m for m in messages if m["tool_call_id"] == call_id]
    return str(messages[-1]["content"])


# -- reading filters


def test_filters_are_read_with_their_tables() -> None:
    tables, filters = sql_filters(
        "SELECT g.goods_name FROM goods AS g JOIN building b ON b.goods_id = g.code "
        "WHERE g.goods_name = 'Furniture' AND b.name IN ('mill', 'Farm') "
        "AND 'x''y' = kind AND note LIKE 'fur%' AND LOWER(city) = 'rome'")
    assert tables == {"goods": "goods", "g": "goods", "building": "building", "b": "building"}
    assert [(f.qualifier, f.column, f.values, f.like) for f in filters] == [
        ("g", "goods_name", ("Furniture",), False), ("b", "name", ("mill", "Farm"), False),
        (None, "note", ("fur%",), True), (None, "kind", ("x'y",), False)]
    cypher = cypher_filters("MATCH (c:Country {name: 'SWE'})-[:R]->(t:`Trade node`) "
                            "WHERE t.name = \"baltic\" RETURN t")
    assert [(f.label, f.column, f.values) for f in cypher] == [
        ("Country", "name", ("SWE",)), ("Trade node", "name", ("baltic",))]
    assert closest("Furniture", ["furniture_cheap", "iron", "furniture", "Furnace"]) == [
        "furniture", "furniture_cheap", "Furnace"]


# -- after each query


async def test_zero_rows_name_the_closest_values_on_sqlite(engine_for) -> None:  # type: ignore[no-untyped-def]
    model = ScriptedModel([
        Reply(calls=[plan("where SWE has power")]),
        Reply(calls=[sql("SELECT n.trade_node FROM node_country AS n WHERE n.country_name "
                         "IN ('swe', 'DAN') AND n.trade_node = 'baltic sea'")]),
        Reply(calls=[sql("SELECT trade_node FROM node_country WHERE country_name = 'SWE' "
                         "AND trade_node = 'nowhere at all'", step=None)]),
        Reply(calls=[answer("krakow", "q1")]),
    ])
    async with engine_for(model) as engine:
        events = await collect(engine.run(TEXT))
    found = noticed(events, "value_not_found")
    assert [(f.query_id, f.step) for f in found] == [("q1", 0), ("q1", 0), ("q2", None)]
    said = tool_reply(model, 2)
    assert said.startswith("q1: 0 row(s)")
    assert ("Noticed: q1 returned 0 rows: 'swe' is not in node_country.country_name; the "
            "closest are 'SWE'") in said
    assert "'DAN' is not in node_country.country_name; the closest are 'DAN" not in said
    assert "'baltic sea' is not in node_country.trade_node; the closest are 'baltic_sea'" in said
    assert found[0].finding in said and kinds(events)[4:6] == ["query_finished",
                                                                "monitor_noticed"]
    assert "'nowhere at all' is not in node_country.trade_node; none is close; some values" \
        in tool_reply(model, 3)
    as_json = event_to_json(found[0])
    assert as_json["kind"] == "monitor_noticed" and as_json["monitor"] == "value_not_found"
    assert as_json["query_id"] == "q1" and as_json["step"] == 0
    out = io.StringIO()
    renderer = TerminalRenderer(Console(file=out, width=200, color_system=None))
    for event in events:
        renderer.render(event)
    assert "noticed: q1 returned 0 rows: 'swe' is not in node_country.country_name" in (
        out.getvalue())


async def test_a_sample_too_small_is_completed_by_a_search_and_said(  # type: ignore[no-untyped-def]
    engine_for, monkeypatch: pytest.MonkeyPatch
) -> None:
    from planrag.engine import monitors

    monkeypatch.setattr(monitors, "SAMPLE_ROWS", 5)  # the first rows hold no baltic node
    model = ScriptedModel([
        Reply(calls=[plan("nodes")]),
        Reply(calls=[sql("SELECT trade_node FROM node_country WHERE trade_node LIKE "
                         "'Baltic Sea%' AND base_trading_power = 'x'")]),
        Reply(calls=[answer("krakow", "q1")]),
    ])
    async with engine_for(model) as engine:
        events = await collect(engine.run(TEXT))
    (found,) = noticed(events, "value_not_found")
    assert found.finding == (
        "q1 returned 0 rows: 'Baltic Sea%' matches nothing in node_country.trade_node (among "
        "a sample of 5 rows); the closest are 'baltic_sea'.")


async def test_a_value_from_the_data_is_quoted_inert(engine_for) -> None:  # type: ignore[no-untyped-def]
    model = ScriptedModel([
        Reply(calls=[plan("nodes")]),
        Reply(calls=[sql("SELECT trade_node FROM node_country WHERE trade_node = "
                         "'baltic_sea\x1b[2J\u202e'")]),
        Reply(calls=[answer("krakow", "q1")]),
    ])
    async with engine_for(model) as engine:
        events = await collect(engine.run(TEXT))
    finding = noticed(events, "value_not_found")[0].finding
    assert "\x1b" not in finding and "\u202e" not in finding and "\\x1b[2J\\u202e" in finding


async def test_rows_beyond_what_the_model_saw_are_said(engine_for) -> None:  # type: ignore[no-untyped-def]
    model = ScriptedModel([
        Reply(calls=[plan("every presence")]),
        Reply(calls=[sql("SELECT country_name, trade_node FROM node_country")]),
        Reply(calls=[answer("krakow", "q1")]),
    ])
    async with engine_for(model, max_rows_shown=5) as engine:
        events = await collect(engine.run(TEXT))
    cut = noticed(events, "rows_cut")
    assert len(cut) == 1 and cut[0].query_id == "q1"
    said = tool_reply(model, 2)
    assert "(showing the first 5)" in said
    assert "Noticed: q1 has 1,480 rows and you saw 5, and the source stopped fetching at its " \
        "cap: an answer read from these rows may miss rows; compute it in the query instead " \
        "(GROUP BY" in said
    assert not noticed(events, "value_not_found")
    # Issue 36, 6: a person reads what happened, not the advice the model was given.
    shown = cut[0].for_people()
    assert shown == ("Query 1 has 1,480 rows; the assistant read 5 of them, and the database "
                     "stopped at its cap, so it was told to work the answer out in the query "
                     "rather than from the rows it read.")
    from planrag.service.text_view import TextView

    view = TextView("plain")
    view.messages(cut[0])
    assert view.end() == [f"Queries: noticed: {shown}"]


async def test_a_step_failing_twice_proposes_a_replan_with_consent(engine_for) -> None:  # type: ignore[no-untyped-def]
    model = ScriptedModel([
        Reply(calls=[plan("read the merchants table", "rank the nodes")]),
        Reply(calls=[sql("SELECT * FROM merchants", step=0)]),
        Reply(calls=[sql("DELETE FROM node_country", step=0),
                     sql("SELECT 1", step=1)]),
        Reply(calls=[call("revise_plan", reason="there is no merchants table",
                          steps=[{"goal": "use node_country instead", "source": "sql"}])]),
        Reply(calls=[sql(step=0)]),
        Reply(calls=[answer("krakow", "q3")]),
    ])
    async with engine_for(model) as engine:
        first = await collect(engine.run(TEXT))
        paused = first[-1]
        assert isinstance(paused, AwaitingConfirmation) and paused.about == "plan"
        assert paused.question.startswith(
            "The assistant noticed: step 1 (read the merchants table) failed twice (q2 was the "
            "second): it may not be possible as planned.")
        assert paused.question.endswith("Re-plan?")
        proposed = [e for e in first if isinstance(e, ReplanProposed)]
        assert len(proposed) == 1 and proposed[0].by == "monitor" and not proposed[0].new_steps
        assert proposed[0].reason == noticed(first, "step_failed_twice")[0].finding
        state = json.loads(paused.state)
        assert state["pending"]["by"] == "monitor" and state["replans"] == 1
        # The rest of the turn did not run, and every call of it got its answer.
        replies = {m["tool_call_id"]: m["content"] for m in state["messages"]
                   if m["role"] == "tool"}
        assert "Noticed: step 1 (read the merchants table) failed twice" in replies["call_3"]
        assert replies["call_4"] == "not run: a change of plan was proposed first"
        rest = await collect(engine.resume(paused.state, True, approver="ana"))
    decided = [e for e in rest if isinstance(e, ReplanDecided)]
    assert [(d.approved, d.by) for d in decided] == [(True, "person")]
    told = model.requests[3].messages[-1]
    assert told["role"] == "user" and told["content"].startswith("The plan must change: step 1")
    assert "revise_plan" in told["content"]
    plans = [e for e in rest if isinstance(e, PlanMade)]
    assert len(plans) == 1 and plans[0].revision == 1
    assert plans[0].reason == proposed[0].reason
    assert [s.goal for s in plans[0].steps] == ["use node_country instead"]
    assert not [e for e in rest if isinstance(e, AwaitingConfirmation)]  # asked once
    assert "The new plan is accepted" in tool_reply(model, 4)
    done = rest[-1]
    assert isinstance(done, RunFinished) and done.decision == "krakow" and done.replans == 1


async def test_a_declined_monitor_replan_keeps_the_plan(engine_for) -> None:  # type: ignore[no-untyped-def]
    model = ScriptedModel([
        Reply(calls=[plan("read the merchants table")]),
        Reply(calls=[sql("SELECT * FROM merchants", step=0)]),
        Reply(calls=[sql("SELECT * FROM merchant", step=0)]),
        Reply(calls=[sql(step=0)]),
        Reply(calls=[answer("krakow", "q3")]),
    ])
    async with engine_for(model, consent="reject") as engine:
        events = await collect(engine.run(TEXT))
    assert [(e.approved, e.by) for e in events if isinstance(e, ReplanDecided)] == [
        (False, "policy")]
    told = model.requests[3].messages[-1]
    assert told["role"] == "user"
    assert told["content"].startswith("The person chose to keep the current plan although "
                                      "step 1 (read the merchants table) failed twice")
    done = events[-1]
    assert isinstance(done, RunFinished) and done.decision == "krakow" and done.replans == 1


async def test_no_monitor_replan_beyond_the_budget(engine_for) -> None:  # type: ignore[no-untyped-def]
    model = ScriptedModel([
        Reply(calls=[plan("read the merchants table")]),
        Reply(calls=[sql("SELECT * FROM merchants", step=0)]),
        Reply(calls=[sql("SELECT * FROM merchant", step=0)]),
        Reply(calls=[answer("krakow", "q1")]),
    ])
    async with engine_for(model, max_replans=0) as engine:
        events = await collect(engine.run(TEXT))
    assert len(noticed(events, "step_failed_twice")) == 1
    assert not [e for e in events if isinstance(e, ReplanProposed)]
    assert isinstance(events[-1], RunFinished)


# -- before the answer


async def test_an_answer_in_no_result_is_told_once_then_kept(engine_for) -> None:  # type: ignore[no-untyped-def]
    model = ScriptedModel([
        Reply(calls=[plan("SWE")]),
        Reply(calls=[sql("SELECT country_name FROM node_country WHERE country_name = 'SWE' "
                         "LIMIT 1")]),
        Reply(calls=[answer("krakow", "q1")]),
        Reply(calls=[answer("krakow", "q1")]),
    ])
    async with engine_for(model) as engine:
        events = await collect(engine.run(TEXT))
    told = tool_reply(model, 3)
    assert told.startswith("Not recorded yet. Noticed: the answer 'krakow' appears in no "
                           "result of this run's queries.")
    found = noticed(events, "answer_not_in_results")
    assert [f.kept for f in found] == [False, True]
    assert kinds(events)[-5:] == ["monitor_noticed", "answer_proposed", "simulator_checked",
                                  "answer_checked", "run_finished"]
    assert len([e for e in events if isinstance(e, AnswerProposed)]) == 1


async def test_an_answer_that_is_no_candidate_is_told_with_the_closest(engine_for) -> None:  # type: ignore[no-untyped-def]
    model = ScriptedModel([
        Reply(calls=[plan("powers")]),
        Reply(calls=[sql()]),
        Reply(calls=[answer("Krakow ", "q1")]),
        Reply(calls=[answer("krakow", "q1")]),
    ])
    async with engine_for(model) as engine:
        events = await collect(engine.run(TEXT))
    told = tool_reply(model, 3)
    assert "the answer 'Krakow ' is not one of the 79 candidates the check ranks; the " \
        "closest are 'krakow'" in told
    assert [f.kept for f in noticed(events, "answer_not_candidate")] == [False]
    check = [e for e in events if isinstance(e, SimulatorChecked)]
    assert len(check) == 1 and check[0].agrees


# -- the simulator's disagreement re-plan: a setting, never on a benchmark


def _disagreeing() -> ScriptedModel:
    return ScriptedModel([
        Reply(calls=[plan("powers")]), Reply(calls=[sql()]),
        Reply(calls=[answer("novgorod")]),
        Reply(calls=[answer("krakow")]),
    ])


async def test_the_disagreement_replan_is_never_applied_to_dqa(
    sqlite_settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PLANRAG_ON_DISAGREEMENT", "replan")
    settings = load_settings(env_file=None, data_dir=sqlite_settings.data_dir, mysql_url=None)
    config = engine_config(settings, consent="approve")
    assert config.on_disagreement == "replan"
    assert benchmark(locate(settings, QUESTION, "sqlite").dataset)
    assert not benchmark(locate(settings, DEMO, "sqlite").dataset)
    model = _disagreeing()
    async with open_engine(settings, QUESTION, "sqlite", model, config) as engine:
        assert engine.config.on_disagreement == "report"
        events = await collect(engine.run(TEXT))
    assert not [e for e in events if isinstance(e, ReplanProposed)]
    done = events[-1]
    assert isinstance(done, RunFinished) and (done.decision, done.replans) == ("novgorod", 0)
    assert len(model.requests) == 3  # the model never saw the check's ranking


async def test_the_disagreement_replan_applies_to_a_teams_dataset(
    sqlite_settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PLANRAG_ON_DISAGREEMENT", "replan")
    settings = load_settings(env_file=None, data_dir=sqlite_settings.data_dir, mysql_url=None)
    model = ScriptedModel([
        Reply(calls=[plan("warehouses")]),
        Reply(calls=[sql("SELECT id, name FROM warehouse")]),
        Reply(calls=[answer(1)]),
        Reply(calls=[answer(4)]),
    ])
    config = engine_config(settings, consent="approve")
    async with open_engine(settings, DEMO, "sqlite", model, config) as engine:
        assert engine.config.on_disagreement == "replan"
        events = await collect(engine.run(DEMO_TEXT))
    proposed = [e for e in events if isinstance(e, ReplanProposed)]
    assert len(proposed) == 1 and proposed[0].by == "simulator"
    assert "ranks 4 first" in proposed[0].reason
    done = events[-1]
    assert isinstance(done, RunFinished) and (done.decision, done.replans) == (4, 1)


# -- MariaDB


@pytest.mark.mysql
async def test_zero_rows_name_the_closest_values_on_mariadb(
    mysql_world: MySQLWorld, tmp_path: Path
) -> None:
    settings = load_settings(
        env_file=None, data_dir=tmp_path, db_prefix=PREFIX,
        mysql_url=_url(mysql_world.ro), mysql_admin_url=_url(mysql_world.admin),
    )
    await load_datasets(settings, ["dqa-locating-1445"], "mysql")
    model = ScriptedModel([
        Reply(calls=[plan("where SWE has power")]),
        Reply(calls=[sql("SELECT `n`.trade_node FROM node_country n "
                         "WHERE n.trade_node = 'baltic sea'")]),
        Reply(calls=[answer("krakow", "q1")]),
    ])
    async with open_engine(settings, QUESTION, "mysql", model, EngineConfig()) as engine:
        events = await collect(engine.run(TEXT))
    found = noticed(events, "value_not_found")
    assert len(found) == 1 and found[0].query_id == "q1"
    said = tool_reply(model, 2)
    assert ("Noticed: q1 returned 0 rows: 'baltic sea' is not in node_country.trade_node; "
            "the closest are 'baltic_sea'") in said


# -- Cypher, on the Bolt server


@pytest.mark.e2e
@pytest.mark.graph
async def test_zero_rows_name_the_closest_values_on_the_graph(graph_settings: Settings) -> None:
    settings = graph_settings.model_copy(update={"db_prefix": "planrag_gtest_"})
    await load_datasets(settings, ["dqa-locating-1445"], "graph")
    model = ScriptedModel([
        Reply(calls=[call("make_plan", steps=[{"goal": "presence", "source": "cypher"}])]),
        Reply(calls=[call("run_cypher", step=0, query=(
            "MATCH (c:Country {name: 'swe'})-[r:NodeCountry]->(t:Trade_node) "
            "WHERE t.name = 'baltic sea' RETURN t.name AS node"))]),
        Reply(calls=[answer("krakow", "q1")]),
        Reply(calls=[answer("krakow", "q1")]),
    ])
    async with open_engine(settings, QUESTION, "graph", model, EngineConfig()) as engine:
        events = await collect(engine.run(TEXT))
    found = noticed(events, "value_not_found")
    said = tool_reply(model, 2)
    assert len(found) == 2, said
    assert "'swe' is not in Country.name; the closest are 'SWE'" in said
    assert "'baltic sea' is not in Trade_node.name; the closest are 'baltic_sea'" in said
