"""The engine's acceptance paths on the real servers: MariaDB (SQL) and the Bolt server
(Cypher). The SQLite versions in test_loop.py cover the same paths in more detail; here each
runs against the database a deployment would use, and through the scripted HTTP server
where the issue asks for the real client."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from planrag.engine import (
    AwaitingConfirmation,
    EngineConfig,
    PlanMade,
    ReplanDecided,
    Reply,
    RunFinished,
    ScriptedModel,
    SimulatorChecked,
    call,
)
from planrag.engine.openai_model import OpenAIModel
from planrag.engine.scripted_server import ScriptedServer
from planrag.engine.session import open_engine
from planrag.runtime import load_datasets
from planrag.settings import Settings, load_settings
from tests._sql_fixtures import PREFIX, MySQLWorld
from tests.engine.conftest import QUESTION, SWE_ROWS, TEXT, collect, kinds
from tests.engine.test_targets import CYPHER, _url

TARGETS = [
    pytest.param("mysql", marks=pytest.mark.mysql),
    # The embedded graph server answers these runs in seconds each: the end-to-end tier.
    pytest.param("graph", marks=[pytest.mark.graph, pytest.mark.e2e]),
]


@pytest.fixture(scope="module", params=TARGETS)
async def target(
    request: pytest.FixtureRequest,
    tmp_path_factory: pytest.TempPathFactory,
    mysql_world: MySQLWorld,
    graph_settings: Settings,
) -> tuple[str, Settings]:
    """(target, settings) with DQA Locating loaded there, once per module and target."""
    name: str = request.param
    if name == "mysql":
        settings = load_settings(
            env_file=None, data_dir=tmp_path_factory.mktemp("accept-mysql"), db_prefix=PREFIX,
            mysql_url=_url(mysql_world.ro), mysql_admin_url=_url(mysql_world.admin),
        )
    else:
        settings = graph_settings.model_copy(update={"db_prefix": "planrag_gtest_"})
    await load_datasets(settings, ["dqa-locating-1445"], name)
    return name, settings


def query(target: str, text: str | None = None, step: int | None = 0) -> tuple[str, Any]:
    """The target's query tool with SWE's presence query (or `text`)."""
    if target == "graph":
        return call("run_cypher", query=text or CYPHER, step=step)
    return call("run_sql", query=text or SWE_ROWS, step=step)


def plan(target: str, *goals: str) -> tuple[str, Any]:
    source = "cypher" if target == "graph" else "sql"
    return call("make_plan", steps=[{"goal": g, "source": source} for g in goals])


def revise(target: str, reason: str) -> tuple[str, Any]:
    source = "cypher" if target == "graph" else "sql"
    return call("revise_plan", reason=reason,
                steps=[{"goal": "presence", "source": source},
                       {"goal": "flows into baltic_sea", "source": source}])


def answer(decision: str = "krakow", *ids: str) -> tuple[str, Any]:
    return call("final_answer", decision=decision, rationale="the data says so",
                query_ids=list(ids or ("q1",)))


def engine(target: tuple[str, Settings], model: Any, **config: Any):  # type: ignore[no-untyped-def]
    name, settings = target
    return open_engine(settings, QUESTION, name, model, EngineConfig(**config))


def finished(events: list[Any]) -> RunFinished:
    assert isinstance(events[-1], RunFinished), kinds(events)
    return events[-1]


@pytest.fixture()
def guard_models() -> Iterator[list[ScriptedModel]]:
    """Scripted models a test makes; each must have used its whole script."""
    made: list[ScriptedModel] = []
    yield made
    for model in made:
        model.assert_all_used()


async def test_replan_approved_by_the_person_after_a_restart(target, guard_models) -> None:  # type: ignore[no-untyped-def]
    """Pause on a re-plan, keep only the JSON state, resume in a fresh engine (as after a
    restart) with the person's approval, and finish on the new plan."""
    name = target[0]
    first = ScriptedModel([Reply(calls=[plan(name, "presence")]), Reply(calls=[query(name)]),
                           Reply(calls=[revise(name, "the flows matter too")])])
    second = ScriptedModel([Reply(calls=[query(name, step=1)]),
                            Reply(calls=[answer("krakow", "q1", "q2")])])
    guard_models += [first, second]
    async with engine(target, first) as e:
        events = await collect(e.run(TEXT))
    paused = events[-1]
    assert isinstance(paused, AwaitingConfirmation) and "the flows matter too" in paused.question
    async with engine(target, second) as fresh:
        resumed = await collect(fresh.resume(paused.state, True, note="go ahead"))
    decided = resumed[0]
    assert isinstance(decided, ReplanDecided) and decided.approved and decided.by == "person"
    assert [p.revision for p in resumed if isinstance(p, PlanMade)] == [1]
    done = finished(resumed)
    assert (done.decision, done.verified_decision, done.replans, done.queries) == (
        "krakow", "krakow", 1, 2)
    assert "go ahead" in second.requests[0].messages[-1]["content"]


async def test_consent_timeout_applies_the_default(target, guard_models) -> None:  # type: ignore[no-untyped-def]
    name = target[0]
    first = ScriptedModel([Reply(calls=[plan(name, "presence")]),
                           Reply(calls=[revise(name, "more data")])])
    guard_models.append(first)
    async with engine(target, first) as e:
        paused = (await collect(e.run(TEXT)))[-1]
    assert isinstance(paused, AwaitingConfirmation)
    for default, revisions in (("reject", []), ("approve", [1])):
        second = ScriptedModel([Reply(calls=[query(name)]), Reply(calls=[answer()])])
        guard_models.append(second)
        async with engine(target, second, timeout_default=default) as fresh:
            resumed = await collect(fresh.resume(paused.state, None))
        decided = resumed[0]
        assert isinstance(decided, ReplanDecided) and decided.by == "timeout"
        assert decided.approved == (default == "approve")
        assert [p.revision for p in resumed if isinstance(p, PlanMade)] == revisions
        assert finished(resumed).decision == "krakow"


async def test_malformed_tool_arguments_go_back_to_the_model(target, guard_models) -> None:  # type: ignore[no-untyped-def]
    name = target[0]
    tool = "run_cypher" if name == "graph" else "run_sql"
    model = ScriptedModel([
        Reply(calls=[("make_plan", "{not json")]),
        Reply(calls=[plan(name, "presence")]),
        Reply(calls=[call(tool, text="MATCH (n) RETURN n")]),
        Reply(calls=[query(name)]),
        Reply(calls=[call("final_answer", decision="krakow")]),
        Reply(calls=[answer()]),
    ])
    guard_models.append(model)
    async with engine(target, model) as e:
        events = await collect(e.run(TEXT))
    said = [r.messages[-1]["content"] for r in model.requests[1:]]
    assert "not valid JSON" in said[0]
    assert "query: Field required" in said[2] and "text: Extra inputs" in said[2]
    assert "rationale: Field required" in said[4]
    assert finished(events).decision == "krakow"


async def test_budgets_end_the_run_with_the_best_answer(target, guard_models) -> None:  # type: ignore[no-untyped-def]
    name = target[0]
    repeated = ScriptedModel([
        Reply(calls=[plan(name, "presence")]),
        Reply(calls=[query(name)]), Reply(calls=[query(name)]), Reply(calls=[query(name)]),
        Reply(calls=[answer()]),
    ])
    calls = ScriptedModel([Reply(calls=[plan(name, "presence")]), Reply(calls=[query(name)]),
                           Reply(calls=[answer()])])
    replans = ScriptedModel([Reply(calls=[plan(name, "presence")]),
                             Reply(calls=[revise(name, "again")]),
                             Reply(calls=[revise(name, "and again")]),
                             Reply(calls=[answer()])])
    guard_models += [repeated, calls, replans]
    for model, config, budget in (
        (repeated, {"max_repeats": 2}, "repeated_queries"),
        (calls, {"max_model_calls": 3}, "max_model_calls"),
        (replans, {"max_replans": 1, "consent": "approve"}, "max_replans"),
    ):
        async with engine(target, model, **config) as e:
            done = finished(await collect(e.run(TEXT)))
        assert done.stop_reason == f"budget:{budget}" and done.decision == "krakow", budget


async def test_simulator_agreement_and_disagreement(target, guard_models) -> None:  # type: ignore[no-untyped-def]
    name = target[0]
    for decision, agrees in (("krakow", True), ("novgorod", False)):
        model = ScriptedModel([Reply(calls=[plan(name, "presence")]),
                               Reply(calls=[query(name)]), Reply(calls=[answer(decision)])])
        guard_models.append(model)
        async with engine(target, model) as e:
            events = await collect(e.run(TEXT))
        check = next(ev for ev in events if isinstance(ev, SimulatorChecked))
        assert check.agrees is agrees and check.best == "krakow"
        assert (check.rank == 1) is agrees
        done = finished(events)
        assert (done.decision, done.verified_decision) == (decision, "krakow")


async def test_fifty_concurrent_runs_through_the_http_server(target) -> None:  # type: ignore[no-untyped-def]
    """50 runs at once, each answered over HTTP by its own script, on one server: every
    run gets its own decision and its own query results back."""
    name = target[0]
    decisions = ["krakow", "novgorod", "lubeck", "krakow", "novgorod"] * 10
    models = {f"run-{i}": ScriptedModel([
        Reply(calls=[plan(name, "presence")]), Reply(calls=[query(name)]),
        Reply(calls=[answer(d, "q1")]),
    ]) for i, d in enumerate(decisions)}

    def route(body: dict[str, Any]) -> ScriptedModel:
        question = next(m["content"] for m in body["messages"] if m["role"] == "user")
        return models[question.split("]")[0].strip("[")]

    async with ScriptedServer(route) as server:
        client = OpenAIModel("scripted", base_url=server.base_url)
        async with engine(target, client) as e:

            async def one(i: int) -> RunFinished:
                return finished(await collect(e.run(f"[run-{i}] {TEXT}")))

            results = await asyncio.gather(*(one(i) for i in range(len(decisions))))
        await client.close()
    assert [r.decision for r in results] == decisions
    assert all(r.verified_decision == "krakow" and r.queries == 1 for r in results)
    for key, model in models.items():
        model.assert_all_used()
        seen = model.requests[2].messages
        assert seen[1]["content"].startswith(f"[{key}]")  # its own question...
        assert seen[-1]["content"].startswith("q1: ")  # ...and its own query's result


__all__ = ["Path"]
