"""The same run on MariaDB (SQL) and on the Bolt server (Cypher)."""

from __future__ import annotations

from pathlib import Path

import pytest

from planrag.engine import EngineConfig, Reply, RunFinished, ScriptedModel, SimulatorChecked, call
from planrag.engine.session import open_engine
from planrag.runtime import load_datasets
from planrag.settings import MySQLAddress, Settings, load_settings
from tests._sql_fixtures import PREFIX, MySQLWorld
from tests.engine.conftest import QUESTION, TEXT, answer, collect, kinds, sql
from tests.engine.conftest import SWE_ROWS as SWE

CYPHER = (
    "MATCH (c:Country {name: 'SWE'})-[r:NodeCountry]->(t:Trade_node) "
    "RETURN t.name AS node, r.base_trading_power AS power ORDER BY power DESC"
)


def _url(address: MySQLAddress) -> str:
    return f"mysql://{address.user}:{address.password}@{address.host}:{address.port}"


def script(tool: tuple[str, dict[str, object]]) -> ScriptedModel:
    source = "cypher" if tool[0] == "run_cypher" else "sql"
    return ScriptedModel([
        Reply(calls=[call("make_plan", steps=[{"goal": "presence", "source": source}])]),
        Reply(calls=[tool]),
        Reply(calls=[answer("krakow", "q1")]),
    ])


def check(events: list, model: ScriptedModel) -> None:  # type: ignore[type-arg]
    assert kinds(events)[-6:] == [
        "query_started", "query_finished", "answer_proposed", "simulator_checked",
        "answer_checked", "run_finished"
    ], kinds(events)
    checked = next(e for e in events if isinstance(e, SimulatorChecked))
    assert checked.agrees and checked.rank == 1
    done = events[-1]
    assert isinstance(done, RunFinished) and done.decision == done.verified_decision == "krakow"
    model.assert_all_used()
    assert "q1: " in model.requests[2].messages[-1]["content"]


@pytest.mark.mysql
async def test_run_on_mariadb(mysql_world: MySQLWorld, tmp_path: Path) -> None:
    settings = load_settings(
        env_file=None, data_dir=tmp_path, db_prefix=PREFIX,
        mysql_url=_url(mysql_world.ro), mysql_admin_url=_url(mysql_world.admin),
    )
    await load_datasets(settings, ["dqa-locating-1445"], "mysql")
    model = script(sql())
    async with open_engine(settings, QUESTION, "mysql", model, EngineConfig()) as engine:
        events = await collect(engine.run(TEXT))
    check(events, model)
    assert "TABLE node_country" in model.requests[0].messages[0]["content"]


@pytest.mark.e2e
@pytest.mark.graph
async def test_run_on_the_bolt_server(graph_settings: Settings) -> None:
    settings = graph_settings.model_copy(update={"db_prefix": "planrag_gtest_"})
    await load_datasets(settings, ["dqa-locating-1445"], "graph")
    model = script(call("run_cypher", query=CYPHER, step=0))
    async with open_engine(settings, QUESTION, "graph", model, EngineConfig()) as engine:
        events = await collect(engine.run(TEXT))
    check(events, model)
    tools = [t["function"]["name"] for t in model.requests[0].tools]
    assert tools == ["make_plan", "revise_plan", "run_cypher", "final_answer"]
    assert "NODE (:Trade_node" in model.requests[0].messages[0]["content"]


def troubled(tool: str, refused: str, broken: str, good: str) -> ScriptedModel:
    source = "cypher" if tool == "run_cypher" else "sql"
    return ScriptedModel([
        Reply(calls=[call("make_plan", steps=[{"goal": "presence", "source": source}])]),
        Reply(calls=[call(tool, query=refused)]),
        Reply(calls=[call(tool, query=broken)]),
        Reply(calls=[call("revise_plan", reason="try again",
                          steps=[{"goal": "presence, fixed", "source": source}])]),
        Reply(calls=[call(tool, query=good, step=0)]),
        Reply(calls=[answer("krakow", "q3")]),
    ])


def check_troubled(events: list, model: ScriptedModel) -> None:  # type: ignore[type-arg]
    names = kinds(events)
    assert names.count("query_refused") == 1 and names.count("query_failed") == 1
    assert "replan_decided" in names and events[-1].decision == "krakow"
    assert (events[-1].refused, events[-1].errors, events[-1].queries) == (1, 1, 3)
    said = [r.messages[-1]["content"] for r in model.requests[2:4]]
    assert said[0].startswith("q1 refused:") and said[1].startswith("q2 failed:")
    model.assert_all_used()


@pytest.mark.mysql
async def test_refusal_error_and_rejected_replan_on_mariadb(
    mysql_world: MySQLWorld, tmp_path: Path
) -> None:
    settings = load_settings(
        env_file=None, data_dir=tmp_path, db_prefix=PREFIX,
        mysql_url=_url(mysql_world.ro), mysql_admin_url=_url(mysql_world.admin),
    )
    await load_datasets(settings, ["dqa-locating-1445"], "mysql")
    model = troubled("run_sql", "UPDATE node_country SET base_trading_power = 0",
                     "SELECT no_such_column FROM node_country", SWE)
    config = EngineConfig(consent="reject")
    async with open_engine(settings, QUESTION, "mysql", model, config) as engine:
        events = await collect(engine.run(TEXT))
    check_troubled(events, model)


@pytest.mark.e2e
@pytest.mark.graph
async def test_refusal_error_and_rejected_replan_on_the_bolt_server(
    graph_settings: Settings,
) -> None:
    settings = graph_settings.model_copy(update={"db_prefix": "planrag_gtest_"})
    await load_datasets(settings, ["dqa-locating-1445"], "graph")
    model = troubled("run_cypher", "MATCH (n:Trade_node) DETACH DELETE n",
                     "MATCH (n:Trade_node) RETURN n.name AS name ORDER BY nosuchvar", CYPHER)
    config = EngineConfig(consent="reject")
    async with open_engine(settings, QUESTION, "graph", model, config) as engine:
        events = await collect(engine.run(TEXT))
    check_troubled(events, model)
