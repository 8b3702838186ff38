"""What a model receives under `planrag eval --protocol paper`: the paper's instructions and
tools only (its no-op "Self thinking" tool among them), in tool calls and in the ReAct text
format, and none of this product's scaffolding; and the paper's call count, where a plan
travels with the action after it."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import Any

import pytest

from planrag.engine import PlanMade, Reply, RunFinished, ScriptedModel, call
from planrag.engine.config import EngineConfig
from planrag.engine.model import ModelRequest
from planrag.engine.react import ReactModel
from planrag.engine.session import open_engine
from planrag.evaluation import protocol_config
from planrag.settings import Settings
from tests.engine.conftest import QUESTION, SWE_ROWS, TEXT, answer, collect, plan, sql
from tests.engine.test_paper_protocol import OVER, served

SCAFFOLDING = {
    "reads": re.compile(r"\breads\b"),
    "yields": re.compile(r"\byields\b"),
    "claims": re.compile(r"\bclaims?\b"),
    "query ids": re.compile(r"query_ids|\bq1\b"),
    "sent back": re.compile(r"sent back"),
    "checked against": re.compile(r"checked against"),
    "asked to confirm": re.compile(r"asked to confirm|confirm"),
    "row counts": re.compile(r"\d[\d,]* rows\b|size unknown"),
    "search_schema": re.compile(r"search_schema|describe_tables"),
    "evidence": re.compile(r"Evidence:"),
    "check": re.compile(r"propose_check|simulate_candidate"),
}
"""This product's words that the paper's agent never read."""
TOOL_WORDS = re.compile(r"make_plan|revise_plan|final_answer|plan_holds|`step`|`thought`")
"""Tool-mode words that have no place in the text format."""


def paper(settings: Settings, technique: str = "planrag", **changes: Any) -> EngineConfig:
    return replace(protocol_config(settings, "paper", technique, "approve"), **changes)


def seen(request: ModelRequest) -> str:
    """Everything a request shows the model but the model's own turns: the engine's
    messages and the tools, whole."""
    return json.dumps({"messages": [m for m in request.messages if m["role"] != "assistant"],
                       "tools": list(request.tools)})


def scaffolding(text: str) -> list[str]:
    return [name for name, pattern in SCAFFOLDING.items() if pattern.search(text)]


def tools_of(request: ModelRequest) -> dict[str, dict[str, Any]]:
    return {t["function"]["name"]: t["function"] for t in request.tools}


@pytest.mark.parametrize("technique", ["planrag", "planrag-norp", "iterrag", "singlerag"])
async def test_tool_mode_shows_the_papers_tools_only(sqlite_settings: Settings,
                                                     technique: str) -> None:
    first = [plan("powers"), sql()] if technique.startswith("planrag") else [sql()]
    model = ScriptedModel([Reply(calls=first), Reply(calls=[answer()])])
    async with open_engine(sqlite_settings, QUESTION, "sqlite", model,
                           paper(sqlite_settings, technique)) as engine:
        done = (await collect(engine.run(TEXT)))[-1]
    assert isinstance(done, RunFinished) and done.decision == "krakow"
    for request in model.requests:
        assert scaffolding(seen(request)) == [], technique
    offered = tools_of(model.requests[0])
    if technique == "singlerag":  # its one query first, then only the answer
        assert set(offered) == {"run_sql"}
        assert set(tools_of(model.requests[1])) == {"final_answer"}
        return
    thinking = offered["self_thinking"]
    assert "no database can help" in thinking["description"]
    assert set(thinking["parameters"]["properties"]) == {"input"}
    assert set(offered["final_answer"]["parameters"]["properties"]) == {"decision",
                                                                        "rationale"}
    query = offered["run_sql"]
    assert "node_country" in query["description"]  # the whole schema, sizes left out
    properties = set(query["parameters"]["properties"])
    if technique == "planrag":
        assert set(offered) == {"make_plan", "revise_plan", "run_sql", "self_thinking",
                                "final_answer"}
        assert properties == {"query", "thought", "step", "plan_holds"}
        step = offered["make_plan"]["parameters"]["$defs"]["PaperStepArgs"]
        assert set(step["properties"]) == {"goal"}
        assert set(offered["revise_plan"]["parameters"]["properties"]) == {"reason", "steps"}
    elif technique == "planrag-norp":
        assert "revise_plan" not in offered and properties == {"query", "thought", "step"}
    else:
        assert set(offered) == {"run_sql", "self_thinking", "final_answer"}
        assert properties == {"query", "thought"}


async def test_the_product_keeps_its_own_scaffolding(sqlite_settings: Settings) -> None:
    """The product's protocol is as it was: its plan steps read and yield, its answer has
    claims, its tables their sizes; no thinking tool."""
    model = ScriptedModel([Reply(calls=[plan("powers"), sql()]), Reply(calls=[answer()])])
    async with open_engine(sqlite_settings, QUESTION, "sqlite", model,
                           EngineConfig(consent="approve")) as engine:
        await collect(engine.run(TEXT))
    shown = seen(model.requests[0])
    assert {"reads", "yields", "claims", "sent back", "checked against", "asked to confirm",
            "row counts"} <= set(scaffolding(shown))
    assert "self_thinking" not in tools_of(model.requests[0])


async def test_text_mode_shows_the_papers_format_in_its_own_words(
    sqlite_settings: Settings,
) -> None:
    inner = ScriptedModel([
        Reply(f"Plan: [Step 1: SWE's trading powers, Step 2: pick the node]\n"
              f"Current step: Step 1\nThought: I need SWE's powers.\nAction: run_sql\n"
              f"Action input: {SWE_ROWS}"),
        Reply("Thought: I now know the answer.\nFinal answer: krakow"),
    ])
    async with open_engine(sqlite_settings, QUESTION, "sqlite", ReactModel(inner),  # type: ignore[arg-type]
                           paper(sqlite_settings)) as engine:
        done = (await collect(engine.run(TEXT)))[-1]
    assert isinstance(done, RunFinished) and done.decision == "krakow"
    for request in inner.requests:
        assert request.tools == ()
        text = seen(request)
        assert scaffolding(text) == []
        system = str(request.messages[0]["content"])
        assert TOOL_WORDS.search(system) is None, system
        assert "`Plan:`" in system and "Re-plan: Y" in system and "Final answer:" in system
        assert "Action: <one of: run_sql, self_thinking>" in system
        assert "- self_thinking: Useful when no database can help" in system
        assert "node_country" in system  # the query tool's schema, where its actions are


async def test_a_paper_transcript_costs_the_papers_calls(sqlite_settings: Settings) -> None:
    """The paper's format, turn by turn: each completion is one iteration, a plan or a
    re-plan written with its action included, and "Self thinking" is an action whose
    observation is empty."""
    inner = ScriptedModel([
        Reply(f"Plan: [Step 1: SWE's trading powers, Step 2: pick the node]\n"
              f"Current step: Step 1\nThought: I need SWE's powers.\nAction: Relational DB\n"
              f"Action input: {SWE_ROWS}"),
        Reply("Re-plan: N\nCurrent step: Step 2\nThought: compare the nodes.\n"
              "Action: Self thinking\nAction input: krakow has the most power"),
        Reply("Re-plan: Y\nPlan: [Step 1: the flows into baltic_sea, Step 2: pick]\n"
              "Current step: Step 1\nThought: the flows matter too.\nAction: Relational DB\n"
              "Action input: SELECT source, flow FROM flow WHERE dest = 'baltic_sea'"),
        Reply("Re-plan: N\nThought: I now know the answer.\nFinal answer: krakow"),
    ])
    config = paper(sqlite_settings, max_model_calls=4)
    async with open_engine(sqlite_settings, QUESTION, "sqlite", ReactModel(inner),  # type: ignore[arg-type]
                           config) as engine:
        events = await collect(engine.run(TEXT))
    done = events[-1]
    assert isinstance(done, RunFinished) and done.decision == "krakow", done
    assert done.usage.model_calls == 4 and len(inner.requests) == 4
    assert done.queries == 2 and done.replans == 1 and done.errors == 0
    assert [e.revision for e in events if isinstance(e, PlanMade)] == [0, 1]
    after_thinking = inner.requests[2].messages[-1]
    assert after_thinking["role"] == "user" and after_thinking["content"] == "Observation: "


@OVER
async def test_a_plan_sent_alone_travels_with_the_next_call(sqlite_settings: Settings,
                                                            http: bool) -> None:
    """In tool mode a plan or re-plan sent alone does not cost a call: it goes with the
    next action, as in the paper's completions. Two such turns in a row do: the second is
    no plan travelling with an action."""
    revised = call("revise_plan", reason="the flows matter too",
                   steps=[{"goal": "the flows into baltic_sea"}])
    thinking = call("self_thinking", input="krakow has the most power")
    script = [Reply(calls=[plan("powers")]), Reply(calls=[sql()]), Reply(calls=[thinking]),
              Reply(calls=[revised]), Reply(calls=[sql("SELECT source, flow FROM flow")]),
              Reply(calls=[answer()])]
    model = ScriptedModel(script)
    async with served(model, http) as client, open_engine(
            sqlite_settings, QUESTION, "sqlite", client,
            paper(sqlite_settings, max_model_calls=4)) as engine:
        done = (await collect(engine.run(TEXT)))[-1]
    assert isinstance(done, RunFinished) and done.decision == "krakow", done
    assert done.usage.model_calls == 6 and done.replans == 1  # 4 of them counted
    assert model.requests[3].messages[-1] == {
        "role": "tool", "tool_call_id": model.requests[3].messages[-2]["tool_calls"][0]["id"],
        "content": ""}
    alone = ScriptedModel([Reply(calls=[plan("powers")]), Reply(calls=[plan("again")]),
                           Reply(calls=[sql()]), Reply(calls=[answer()])])
    async with open_engine(sqlite_settings, QUESTION, "sqlite", alone,
                           paper(sqlite_settings, max_model_calls=2)) as engine:
        done = (await collect(engine.run(TEXT)))[-1]
    assert isinstance(done, RunFinished) and done.stop_reason == "budget:max_model_calls"
    assert done.usage.model_calls == 3 and done.decision is None
    assert not protocol_config(sqlite_settings, "product", "planrag", "approve").plan_turns_free
    product = ScriptedModel(script)  # the product counts every call
    async with open_engine(sqlite_settings, QUESTION, "sqlite", product,
                           EngineConfig(consent="approve", max_model_calls=4,
                                        force_answer=False)) as engine:
        done = (await collect(engine.run(TEXT)))[-1]
    assert isinstance(done, RunFinished) and done.usage.model_calls == 4
