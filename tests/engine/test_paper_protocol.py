"""`planrag eval --protocol paper`: the engine as the paper's agent ran (15 iterations and no
forced answer, re-plans without limit, observations as pandas printed them, none of the
product's checks speaking to the model) and prompts with the paper's structure."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest

from planrag.engine import (
    AnswerProposed,
    PlanMade,
    Reply,
    RunFinished,
    ScriptedModel,
    call,
)
from planrag.engine.config import EngineConfig
from planrag.engine.model import Model
from planrag.engine.openai_model import OpenAIModel
from planrag.engine.scripted_server import ScriptedServer
from planrag.engine.session import open_engine
from planrag.errors import ConfigError
from planrag.evaluation import deviations, protocol_config
from planrag.settings import Settings
from tests.engine.conftest import QUESTION, SWE_ROWS, TEXT, answer, collect, kinds, plan, sql


def paper(settings: Settings, technique: str = "planrag", **changes: Any) -> EngineConfig:
    from dataclasses import replace

    return replace(protocol_config(settings, "paper", technique, "reject"), **changes)


def finished(events: list[Any]) -> RunFinished:
    assert isinstance(events[-1], RunFinished), kinds(events)
    return events[-1]


def tool(request: Any, name: str) -> dict[str, Any]:
    return next(t["function"] for t in request.tools if t["function"]["name"] == name)


@asynccontextmanager
async def served(model: ScriptedModel, http: bool) -> AsyncIterator[Model]:
    """The scripted model as it is, or behind the OpenAI-compatible HTTP server and the
    real client (what it receives is in `model.requests` either way)."""
    if not http:
        yield model
        return
    async with ScriptedServer(model) as server:
        client = OpenAIModel("scripted-paper", base_url=server.base_url, api_key="x")
        try:
            yield client
        finally:
            await client.close()


OVER = pytest.mark.parametrize("http", [False, True], ids=["in-process", "over-http"])


def test_the_paper_protocol_is_the_papers_setting(sqlite_settings: Settings) -> None:
    config = protocol_config(sqlite_settings, "paper", "iterrag", "reject")
    assert (config.technique, config.max_model_calls, config.force_answer) == (
        "iterrag", 15, False)
    assert config.max_replans is None and config.max_rows_shown == 200
    assert config.consent == "approve"  # the paper's agent re-planned as it saw fit
    assert not (config.monitors or config.plan_checks or config.claims_feedback)
    assert config.prompts == "paper" and config.on_disagreement == "report"
    assert protocol_config(sqlite_settings, "paper", "planrag", "approve",
                           "product").prompts == "product"
    product = protocol_config(sqlite_settings, "product", "planrag", "approve")
    assert product.prompts == "product" and product.force_answer and product.monitors
    with pytest.raises(ConfigError, match="unknown protocol 'papers': choose product or paper"):
        protocol_config(sqlite_settings, "papers", "planrag", "approve")


def test_deviations_name_what_differs_from_the_paper(sqlite_settings: Settings) -> None:
    settings = sqlite_settings.model_copy(update={"model_tools": "off"})
    said = deviations(protocol_config(settings, "paper", "planrag", "approve"), settings,
                      "gpt-4-0613", False, ["mysql", "graph"])
    assert not any("model calls" in d or "re-plans" in d or "checks speak" in d for d in said)
    assert not any("the model is" in d or "only the" in d for d in said)
    assert any("PLANRAG_RUN_TIMEOUT" in d for d in said)
    product = deviations(protocol_config(sqlite_settings, "product", "planrag", "approve"),
                         sqlite_settings, "llama3", False, ["sqlite"])
    assert {"a run has 30 model calls; the paper's 15 iterations",
            "at most 4 re-plans; the paper's were unlimited",
            "the relational form ran on SQLite; the paper's on MySQL",
            "the model is llama3; the paper's Table 4 is GPT-4's"} <= set(product)
    assert any(d.startswith("only the relational form ran") for d in product)
    assert any(d.startswith("the model writes tool calls") for d in product)


async def test_paper_prompts_put_the_schema_in_the_query_tool(sqlite_settings: Settings) -> None:
    model = ScriptedModel([Reply(calls=[plan("powers")]), Reply(calls=[answer()])])
    async with open_engine(sqlite_settings, QUESTION, "sqlite", model,
                           paper(sqlite_settings)) as engine:
        await collect(engine.run(TEXT))
    system, asked = model.requests[0].messages
    assert system["content"].startswith("You are a decision-making agent answering a given "
                                        "question.")
    assert "node_country" not in system["content"]  # no schema there
    assert "make_plan" in system["content"] and "plan_holds" in system["content"]
    assert asked["role"] == "user" and asked["content"].startswith("Question: ")
    assert asked["content"].endswith(TEXT)  # the rules, then the question
    assert "Trading node" in asked["content"]  # the question's business rules come first
    described = tool(model.requests[0], "run_sql")["description"]
    assert "\n\nIts database:\n" in described and "node_country" in described
    product = ScriptedModel([Reply(calls=[plan("powers")]), Reply(calls=[answer()])])
    async with open_engine(sqlite_settings, QUESTION, "sqlite", product,
                           EngineConfig()) as engine:
        await collect(engine.run(TEXT))
    assert "node_country" in product.requests[0].messages[0]["content"]
    assert "Its database" not in tool(product.requests[0], "run_sql")["description"]
    assert product.requests[0].messages[1]["content"] == TEXT


@OVER
async def test_fifteen_iterations_then_no_answer(sqlite_settings: Settings, http: bool) -> None:
    """The plan sent alone travels with the next action (the paper wrote them in one
    completion): 15 queries are 15 iterations, and the 16th call is never made."""
    queries = [sql(f"SELECT {n} AS n", step=0) for n in range(15)]
    model = ScriptedModel([Reply(calls=[plan("powers")]),
                           *(Reply(calls=[q]) for q in queries), Reply(calls=[answer()])])
    async with served(model, http) as client, open_engine(
            sqlite_settings, QUESTION, "sqlite", client, paper(sqlite_settings)) as engine:
        events = await collect(engine.run(TEXT))
    done = finished(events)
    assert done.stop_reason == "budget:max_model_calls" and done.decision is None
    assert done.usage.model_calls == 16 and done.queries == 15 and len(model.requests) == 16
    assert "run_sql" in {t["function"]["name"] for t in model.requests[15].tools}
    assert not any("budget is reached" in str(m.get("content"))
                   for m in model.requests[15].messages)


@OVER
async def test_a_sixth_replan_goes_through(sqlite_settings: Settings, http: bool) -> None:
    revisions = [call("revise_plan", reason=f"look again, {n}",
                      steps=[{"goal": f"powers, take {n}", "source": "sql"}])
                 for n in range(1, 7)]
    model = ScriptedModel([Reply(calls=[plan("powers")]), *(Reply(calls=[r]) for r in revisions),
                           Reply(calls=[sql()]), Reply(calls=[answer()])])
    async with served(model, http) as client, open_engine(
            sqlite_settings, QUESTION, "sqlite", client, paper(sqlite_settings)) as engine:
        events = await collect(engine.run(TEXT))
    done = finished(events)
    assert done.replans == 6 and done.decision == "krakow"
    made = [e for e in events if isinstance(e, PlanMade)]
    assert [e.revision for e in made] == list(range(7))
    assert made[-1].steps[0].goal == "powers, take 6"


async def test_observations_are_pandas_text_and_nothing_speaks_to_the_model(
    sqlite_settings: Settings,
) -> None:
    many = "SELECT source, dest, flow FROM flow UNION ALL SELECT source, dest, flow FROM flow"
    empty = "SELECT trade_node FROM node_country WHERE country_name = 'XXX'"
    wrong = call("final_answer", decision="krakow", rationale="krakow gives 987654.5",
                 query_ids=["q1"], claims=[{"text": "profit", "value": 987654.5,
                                            "source": "q1[0].flow"}])
    script = [Reply(calls=[plan("flows")]), Reply(calls=[sql(many)]), Reply(calls=[sql(empty)]),
              Reply(calls=[wrong])]
    model = ScriptedModel(list(script))
    async with open_engine(sqlite_settings, QUESTION, "sqlite", model,
                           paper(sqlite_settings)) as engine:
        events = await collect(engine.run(TEXT))
    first, second = (m["content"] for m in model.requests[3].messages if m["role"] == "tool"
                     and m["content"].startswith("\n"))
    # pandas' text of the frames (planrag.engine.frame_text; tests/engine/test_frame_text.py)
    shape = first.splitlines()[-1]
    assert shape.endswith(" rows x 3 columns]") and int(shape[1:].split()[0]) > 200
    assert len(first.splitlines()) == 1 + 1 + 10 + 1 + 1 + 1  # "", header, rows, ..., "", shape
    assert second == "\nEmpty DataFrame\nColumns: [trade_node]\nIndex: []"
    assert "monitor_noticed" not in kinds(events)
    assert any(isinstance(e, AnswerProposed) for e in events)  # recorded at once
    assert finished(events).decision == "krakow" and model.requests[-1] is model.requests[3]
    product = ScriptedModel([*script, Reply(calls=[answer()])])
    async with open_engine(sqlite_settings, QUESTION, "sqlite", product,
                           EngineConfig(consent="approve")) as engine:
        events = await collect(engine.run(TEXT))
    assert "monitor_noticed" in kinds(events)
    assert "Not recorded yet" in product.requests[4].messages[-1]["content"]


async def test_paper_singlerag_answers_in_the_papers_second_prompt(
    sqlite_settings: Settings,
) -> None:
    model = ScriptedModel([Reply(calls=[sql(SWE_ROWS, step=None)]), Reply(calls=[answer()])])
    async with open_engine(sqlite_settings, QUESTION, "sqlite", model,
                           paper(sqlite_settings, "singlerag")) as engine:
        done = finished(await collect(engine.run(TEXT)))
    assert done.decision == "krakow"
    system, data = model.requests[1].messages
    assert " ".join(system["content"].split()).startswith(
        "You are a decision-making agent answering a given question. You have already "
        "collected the data")
    assert data["content"].startswith("Question: ") and "Trading node" in data["content"]
    assert f"{TEXT}\n\nRetrieving query (SQL):\n{SWE_ROWS}" in data["content"]  # no ids


@OVER
async def test_singlerag_answers_from_a_failed_query_in_a_separate_prompt(
    sqlite_settings: Settings, http: bool
) -> None:
    model = ScriptedModel([
        Reply(calls=[sql("SELECT nothing FROM no_such_table", step=None),
                     sql(SWE_ROWS, step=None)]),
        Reply(calls=[answer("lubeck")]),
    ])
    async with served(model, http) as client, open_engine(
            sqlite_settings, QUESTION, "sqlite", client,
            EngineConfig(technique="singlerag")) as engine:
        events = await collect(engine.run(TEXT))
    done = finished(events)
    assert kinds(events).count("query_started") == 1 and "query_failed" in kinds(events)
    assert done.decision == "lubeck" and done.errors == 1 and done.usage.model_calls == 2
    system, data = model.requests[1].messages
    assert system["role"] == "system" and data["role"] == "user"
    assert "Retrieved data:\nq1 failed: " in data["content"]
    assert [t["function"]["name"] for t in model.requests[1].tools] == ["final_answer"]
