"""The ReAct text fallback: a model without tool calling still runs the whole loop, and the
reader understands the PlanRAG paper's own format (bracketed plans, plan and action in one
reply, `Re-plan: Y/N`) and its usual variants."""

from __future__ import annotations

import json
from typing import Any

import pytest

from planrag.engine import (
    ModelReply,
    ModelRequest,
    PlanMade,
    QueryFinished,
    ReplanProposed,
    Reply,
    RunFinished,
    ScriptedModel,
    StepStarted,
)
from planrag.engine.react import ReactModel, format_prompt, parse_react
from tests.engine.conftest import SWE_ROWS, TEXT, collect

TOOLS = {"make_plan", "revise_plan", "run_sql", "final_answer"}
FLOWS = "SELECT source, dest, flow FROM flow WHERE dest = 'baltic_sea' ORDER BY flow DESC"


def steps(*goals: str, source: str = "none") -> list[dict[str, str]]:
    return [{"goal": g, "source": source} for g in goals]


def test_reader_is_tolerant() -> None:
    assert parse_react(
        "Plan:\n1. Find SWE's power per node (SQL)\n2) Compare the flows into baltic_sea\n",
        TOOLS,
    ) == [("make_plan", {"steps": [
        {"goal": "Find SWE's power per node (SQL)", "source": "sql"},
        {"goal": "Compare the flows into baltic_sea", "source": "none"},
    ]})]
    fenced = ("<|im_start|>Thought: look\n**Action:** SQL\nAction Input:\n```sql\n"
              "SELECT 1;\n```\nObservation: 1 row<|im_end|>")
    assert parse_react(fenced, TOOLS) == [("run_sql", {"query": "SELECT 1", "thought": "look"})]
    as_json = 'Action: run_sql\nActionInput: {"query": "SELECT \\"a\\" FROM t", "step": 0}'
    assert parse_react(as_json, TOOLS) == [("run_sql", {"query": 'SELECT "a" FROM t',
                                                        "step": 0})]
    final = "Thought: krakow wins in q2 and q10.\nFinal Answer: `krakow`."
    assert parse_react(final, TOOLS) == [("final_answer", {
        "decision": "krakow", "rationale": "krakow wins in q2 and q10.",
        "query_ids": ["q2", "q10"]})]
    replan = "Re-plan: the flows matter\n1. flows into the home node (SQL)"
    assert parse_react(replan, TOOLS)[0] == ("revise_plan", {
        "reason": "the flows matter",
        "steps": [{"goal": "flows into the home node (SQL)", "source": "sql"}]})
    assert parse_react("I am not sure what to do.", TOOLS) == []


@pytest.mark.parametrize("plan", [
    "Plan: [Step 1: find SWE's power, node by node, Step 2: compare the flows].",
    "Plan: [Step 1: find SWE's power, node by node, Step 2: compare the flows]",
    "Plan:\nStep 1: find SWE's power, node by node\nStep 2: compare the flows",
    "**Plan:** Step 1. Find SWE's power, node by node, Step 2 - compare the flows",
    "Plan:\n1. find SWE's power, node by node\n2. compare the flows",
    "Plan:\n1) Step 1: find SWE's power, node by node\n2) Step 2: compare the flows",
    "Plan:\n- find SWE's power, node by node\n* compare the flows",
    "Plan:\n• find SWE's power, node by node\n• compare the flows",
    'Plan:\n```json\n["find SWE\'s power, node by node", "compare the flows"]\n```',
    "Plan: [find SWE's power; compare the flows]",
    "New plan:\nfind SWE's power, node by node\ncompare the flows",
])
def test_every_way_of_writing_a_plan_gives_its_steps(plan: str) -> None:
    calls = parse_react(plan, TOOLS)
    assert len(calls) == 1 and calls[0][0] == "make_plan", calls
    goals = [s["goal"] for s in calls[0][1]["steps"]]
    assert goals[0] in ("find SWE's power, node by node", "Find SWE's power, node by node",
                        "find SWE's power")
    assert goals[1:] == ["compare the flows"]


def test_a_step_that_mentions_another_step_is_not_split() -> None:
    plan = "Plan: [Step 1: find the nodes, Step 2: rank the nodes of step 1. then pick one]"
    assert parse_react(plan, TOOLS) == [("make_plan", {"steps": steps(
        "find the nodes", "rank the nodes of step 1. then pick one")})]


def test_plan_and_action_in_one_reply_give_both_calls_in_order() -> None:
    reply = ("Plan: [Step 1: SWE's trading power per node, Step 2: the flows into baltic_sea]\n"
             "Current step: Step 2: the flows\n"
             "Thought: I start with the flows.\n"
             "Action: SQL\n"
             f"Action input: {FLOWS};\n")
    assert parse_react(reply, TOOLS) == [
        ("make_plan", {"steps": steps("SWE's trading power per node",
                                      "the flows into baltic_sea")}),
        ("run_sql", {"query": FLOWS, "step": 1, "thought": "I start with the flows."}),
    ]


def test_replan_n_goes_on_with_the_plan() -> None:
    reply = ("Re-plan: N\nPlan: [Step 1: a different plan]\nCurrent step: Step 2\n"
             f"Thought: next step\nAction: run_sql\nAction input: {FLOWS}")
    assert parse_react(reply, TOOLS) == [("run_sql", {  # the paper's turn, as the tools take it
        "query": FLOWS, "step": 1, "thought": "next step", "plan_holds": "yes"})]
    for no in ("Re-plan: N", "Re-plan: 'N'.", "Re-plan: No", "Re-plan: not needed",
               "Re-plan: **N**"):
        assert parse_react(f"{no}\nThought: fine", TOOLS) == [], no


@pytest.mark.parametrize(("reply", "reason"), [
    ("Re-plan: Y\nPlan: [Step 1: flows, Step 2: power]\nThought: the flows matter more",
     "the flows matter more"),
    ("Re-plan: Y\nReason: the flows were missing\nPlan: [Step 1: flows, Step 2: power]\n"
     "Thought: now the flows", "the flows were missing"),
    ("Thought: hmm\nRe-plan: Yes, because the flows were missing.\n"
     "Plan:\n1. flows\n2. power", "because the flows were missing"),
    ("Re-plan: Y, the flows were missing [Step 1: flows, Step 2: power]",
     "the flows were missing"),
    ("Re-plan: Y\n[Step 1: flows, Step 2: power]", "no reason given"),
])
def test_replan_y_is_a_revise_plan_with_a_reason(reply: str, reason: str) -> None:
    assert parse_react(reply, TOOLS) == [
        ("revise_plan", {"reason": reason, "steps": steps("flows", "power")}),
    ]


def test_replan_y_then_a_query_and_y_without_steps() -> None:
    reply = ("Re-plan: Y\nPlan: [Step 1: flows, Step 2: power]\nCurrent step: Step 1\n"
             f"Thought: the flows first\nAction: MySQL\nAction input: {FLOWS}")
    assert parse_react(reply, TOOLS) == [
        ("revise_plan", {"reason": "the flows first", "steps": steps("flows", "power")}),
        ("run_sql", {"query": FLOWS, "step": 0, "thought": "the flows first",
                     "plan_holds": "no: the flows first"}),
    ]
    # `Y` alone still proposes a re-plan: the engine tells the model the steps are missing.
    assert parse_react("Re-plan: Y\nThought: the plan is wrong", TOOLS) == [
        ("revise_plan", {"reason": "the plan is wrong", "steps": []}),
    ]


@pytest.mark.parametrize(("action", "tools", "tool"), [
    ("run_sql", TOOLS, "run_sql"),
    ("SQL", TOOLS, "run_sql"),
    ("`MySQL`", TOOLS, "run_sql"),
    ("Run SQL query", TOOLS, "run_sql"),
    ("dqa_locating", TOOLS, "run_sql"),  # one database: any name queries it
    ("Cypher", TOOLS | {"run_cypher"}, "run_cypher"),
    ("Neo4j", TOOLS | {"run_cypher"}, "run_cypher"),
    ("Postgres", TOOLS | {"run_cypher"}, "run_sql"),
    ("PostgreSQL", TOOLS | {"run_cypher"}, "run_sql"),
    ("dqa_locating", TOOLS | {"run_cypher"}, "dqa_locating"),  # two: the engine asks which
    ("Cypher", TOOLS, "run_cypher"),  # not offered: the engine says what is
])
def test_action_spellings(action: str, tools: set[str], tool: str) -> None:
    calls = parse_react(f"Thought: go\nAction: {action}\nAction input: MATCH (n) RETURN n",
                        tools)
    offered = tool in tools and tool.startswith("run_")
    assert calls == [(tool, {"query": "MATCH (n) RETURN n", **({"thought": "go"} if offered
                                                               else {})}
                      if tool.startswith("run_") else {})]


def test_what_the_model_invents_after_its_action_is_ignored() -> None:
    reply = (f"Action: run_sql\nAction input: {FLOWS}\nObservation: krakow 0.9\n"
             "Thought: krakow wins\nFinal answer: krakow")
    assert parse_react(reply, TOOLS) == [("run_sql", {"query": FLOWS})]


def test_the_format_prompt_offers_only_the_tools_of_the_technique() -> None:
    def tool(name: str) -> dict[str, Any]:
        return {"type": "function", "function": {"name": name, "description": name,
                                                  "parameters": {"properties": {}}}}

    planning = format_prompt((tool("make_plan"), tool("revise_plan"), tool("run_sql"),
                              tool("final_answer")))
    assert "Plan: [Step 1:" in planning and "Re-plan: Y" in planning
    assert "[make_plan]" not in planning and "$" not in planning
    iterative = format_prompt((tool("run_sql"), tool("final_answer")))
    assert "Plan:" not in iterative and "Re-plan" not in iterative
    assert "Action: <one of: run_sql, final_answer>" in iterative


async def test_a_restated_plan_is_not_a_new_one() -> None:
    made = {"id": "react_1", "type": "function", "function": {
        "name": "make_plan", "arguments": json.dumps({"steps": steps("flows", "power")})}}
    history = (
        {"role": "system", "content": "You decide."},
        {"role": "user", "content": TEXT},
        {"role": "assistant", "content": "Plan: [Step 1: flows, Step 2: power]\n"
         "Observation: I made this up", "tool_calls": [made]},
        {"role": "tool", "tool_call_id": "react_1", "content": "Plan accepted."},
    )
    tools = tuple({"type": "function", "function": {"name": n, "parameters": {}}}
                  for n in sorted(TOOLS))
    inner = ScriptedModel([
        Reply(f"Plan: [Step 1: Flows, Step 2: power]\nAction: SQL\nAction input: {FLOWS}"),
        Reply("Plan: [Step 1: flows, Step 2: power, Step 3: pick]"),
    ])
    model = ReactModel(inner)
    replies = [c async for c in model.stream(ModelRequest(history, tools))]
    reply = replies[-1]
    assert isinstance(reply, ModelReply)
    assert [c.name for c in reply.tool_calls] == ["run_sql"]
    # The model's own earlier turn is replayed in its words, up to its invented observation.
    assert inner.requests[0].messages[2]["content"] == "Plan: [Step 1: flows, Step 2: power]"
    replies = [c async for c in model.stream(ModelRequest(history, tools))]
    reply = replies[-1]
    assert isinstance(reply, ModelReply) and [c.name for c in reply.tool_calls] == ["make_plan"]


async def test_a_text_only_model_runs_the_loop(engine_for) -> None:  # type: ignore[no-untyped-def]
    inner = ScriptedModel([
        Reply("Thought: I need a plan.\nPlan:\n1. SWE's trading power per node (SQL)"),
        Reply(f"Thought: query it\nAction: run_sql\nAction input: {SWE_ROWS}"),
        Reply("```\nThought: the simulator will tell; q1 shows krakow.\n"
              "Final answer: krakow\n```<|eot_id|>"),
    ])
    async with engine_for(ReactModel(inner)) as engine:  # type: ignore[arg-type]
        events = await collect(engine.run(TEXT))
    done = events[-1]
    assert isinstance(done, RunFinished) and done.decision == "krakow"
    assert done.verified_decision == "krakow" and done.queries == 1
    assert any(isinstance(e, PlanMade) for e in events)
    second = inner.requests[1]
    assert second.tools == ()
    assert "Action input:" in second.messages[0]["content"]
    # the instructions name the format's lines, not tools the text format does not have
    system = str(inner.requests[0].messages[0]["content"])
    assert "write your `Plan:` line" in system
    assert "call make_plan" not in system and "call final_answer" not in system
    assert second.messages[-1]["content"].startswith("Observation: Plan accepted")
    third = inner.requests[2]
    assert third.messages[-2]["content"].count("Action: run_sql\nAction input: SELECT") == 1
    assert third.messages[-1]["content"].startswith("Observation: q1: ")
    inner.assert_all_used()


async def test_a_whole_run_in_the_papers_format(engine_for) -> None:  # type: ignore[no-untyped-def]
    inner = ScriptedModel([
        Reply("Plan: [Step 1: SWE's trading power per node, Step 2: which node pays most]\n"
              "Current step: Step 1: SWE's trading power per node\n"
              "Thought: I need SWE's power first.\n"
              f"Action: MySQL\nAction input:\n```sql\n{SWE_ROWS};\n```"),
        Reply("Re-plan: Y\n"
              "Plan: [Step 1: SWE's trading power per node, "
              "Step 2: the flows into baltic_sea, Step 3: which node pays most]\n"
              "Current step: Step 2: the flows into baltic_sea\n"
              "Thought: The power alone does not decide it; the flows into baltic_sea do.\n"
              f"Action: SQL\nAction input: {FLOWS}"),
        Reply("Re-plan: N\n"
              "Thought: I now know the answer: q1 and q2 point to krakow.\n"
              "Final answer: krakow<|eot_id|>"),
    ])
    async with engine_for(ReactModel(inner), consent="approve") as engine:  # type: ignore[arg-type]
        events = await collect(engine.run(TEXT))
    done = events[-1]
    assert isinstance(done, RunFinished), done
    assert done.decision == done.verified_decision == "krakow" and done.queries == 2
    plans = [e for e in events if isinstance(e, PlanMade)]
    assert [p.revision for p in plans] == [0, 1] and len(plans[1].steps) == 3
    proposed = next(e for e in events if isinstance(e, ReplanProposed))
    assert proposed.reason == (
        "The power alone does not decide it; the flows into baltic_sea do."
    )
    started = [e.index for e in events if isinstance(e, StepStarted)]
    assert started == [0, 1]  # `Current step` tied each query to its step
    assert all(e.total_rows > 0 for e in events if isinstance(e, QueryFinished))
    second = inner.requests[1].messages
    assert "Plan: [Step 1: <what to find out>" in second[0]["content"]
    assert second[-1]["content"].startswith("Observation: Plan accepted")
    assert "Observation: q1: " in second[-1]["content"]
    inner.assert_all_used()


async def test_auto_mode_switches_to_text_when_tools_are_refused(engine_for) -> None:  # type: ignore[no-untyped-def]
    from planrag.engine import Fail
    from planrag.engine.react import ToolsOrText
    from planrag.errors import ModelRejected

    inner = ScriptedModel([
        Fail(ModelRejected("llama2 does not support tools")),
        Reply("Thought: plan\nPlan:\n1. SWE's power (SQL)"),
        Reply(f"Action: run_sql\nAction input: {SWE_ROWS}"),
        Reply("Thought: q1 says so\nFinal answer: krakow"),
    ])
    model = ToolsOrText(inner)
    async with engine_for(model) as engine:  # type: ignore[arg-type]
        events = await collect(engine.run(TEXT))
    assert isinstance(events[-1], RunFinished) and events[-1].decision == "krakow"
    assert model.text_mode and inner.requests[0].tools and not inner.requests[1].tools


async def test_a_reply_without_a_call_gets_a_reminder_of_the_format(engine_for) -> None:  # type: ignore[no-untyped-def]
    inner = ScriptedModel([
        Reply("Let me think about SWE for a while."),
        Reply("Plan: [Step 1: SWE's power]\n"
              f"Action: run_sql\nAction input: {SWE_ROWS}"),
        Reply("Thought: q1 says so\nFinal answer: krakow"),
    ])
    async with engine_for(ReactModel(inner)) as engine:  # type: ignore[arg-type]
        events = await collect(engine.run(TEXT))
    assert isinstance(events[-1], RunFinished) and events[-1].decision == "krakow"
    nudged = inner.requests[1].messages[-1]
    assert nudged["role"] == "user" and nudged["content"].endswith(
        "`Action:` and `Action input:`, or `Final answer:`.)")
    assert not inner.requests[2].messages[-1]["content"].endswith("`Final answer:`.)")


async def test_the_papers_format_over_http_with_a_broken_stream(engine_for) -> None:  # type: ignore[no-untyped-def]
    from planrag.engine import Fail, Retrying
    from planrag.engine.openai_model import OpenAIModel
    from planrag.engine.react import ToolsOrText
    from planrag.engine.scripted_server import Cut, ScriptedServer
    from planrag.errors import ModelRejected

    inner = ScriptedModel([
        Fail(ModelRejected("llama2 does not support tools")),
        Reply(pieces=["Plan: [Step 1: SWE's power per node]\n", "Action: SQL\n",
                      f"Action input: {SWE_ROWS}<|im_", "end|>"]),
        Reply("Re-plan: N\nThought: q1 shows krakow.\nFinal answer: krakow"),
    ])
    async with ScriptedServer(inner, faults={3: Cut("Re-plan: N\nThought: q1")}) as server:
        client = OpenAIModel("llama2", base_url=server.base_url, timeout_s=0.3)
        model = ToolsOrText(Retrying(client, base_delay=0.01))
        async with engine_for(model) as engine:  # type: ignore[arg-type]
            events = await collect(engine.run(TEXT))
        await client.close()
    done = events[-1]
    assert isinstance(done, RunFinished) and done.decision == "krakow", done
    assert done.queries == 1 and model.text_mode
    text = "".join(e.text for e in events if e.kind == "model_text")
    assert "<|im_end|>" not in text and "[the reply broke off (" in text
    assert inner.requests[2].messages[-2]["content"].endswith(SWE_ROWS)
    inner.assert_all_used()


def test_the_text_format_can_propose_a_check() -> None:
    text = (
        "Thought: the dataset has no check yet; propose one first.\n"
        "Action: Propose check\n"
        'Action input: {"title": "Espresso machine", "goal": "maximize", '
        '"candidates": "SELECT k AS decision FROM t", '
        '"value": "SELECT k AS decision, 1 AS value FROM t", "baseline": "SELECT 0 AS value"}'
    )
    tools = {"make_plan", "run_sql", "final_answer", "propose_check"}
    ((name, args),) = parse_react(text, tools)
    assert name == "propose_check"
    assert args["title"] == "Espresso machine" and args["baseline"] == "SELECT 0 AS value"


def test_plan_steps_carry_what_they_read_and_yield() -> None:
    one_line = ("Plan: [Step 1: SWE's power per node (reads: node_country.base_trading_power, "
                "node_country(trade_node, is_home); yields: power per node), Step 2: pick one]")
    assert parse_react(one_line, TOOLS) == [("make_plan", {"steps": [
        {"goal": "SWE's power per node", "source": "sql",
         "reads": ["node_country.base_trading_power", "node_country(trade_node, is_home)"],
         "yields": "power per node"},
        {"goal": "pick one", "source": "none"},
    ]})]
    own_lines = ("Plan:\nStep 1: the flows into baltic_sea\n  reads: flow.flow, flow.dest\n"
                 "  yields: flow per source\nStep 2: the power\n- Reads: `node_country`\n"
                 "Thought: go")
    assert parse_react(own_lines, TOOLS)[0][1]["steps"] == [
        {"goal": "the flows into baltic_sea", "source": "sql",
         "reads": ["flow.flow", "flow.dest"], "yields": "flow per source"},
        {"goal": "the power", "source": "sql", "reads": ["node_country"]},
    ]
    as_json = 'Plan: [{"goal": "flows", "reads": ["flow.flow"], "yields": "flow"}]'
    assert parse_react(as_json, TOOLS)[0][1]["steps"] == [
        {"goal": "flows", "source": "sql", "reads": ["flow.flow"], "yields": "flow"}]
    assert parse_react("Plan: [Step 1: who reads the paper]", TOOLS)[0][1]["steps"] == [
        {"goal": "who reads the paper", "source": "none"}]  # `reads` without a colon: words


def test_the_text_format_asks_for_reads() -> None:
    from planrag.engine.tools import TECHNIQUES, tool_definitions
    prompt = format_prompt(tool_definitions(TECHNIQUES["planrag"], ("sqlite",), None))
    assert "(reads: orders.qty," in prompt and "yields: weekly sales per store)" in prompt


async def test_a_text_plan_naming_a_missing_table_is_sent_back(engine_for) -> None:  # type: ignore[no-untyped-def]
    inner = ScriptedModel([
        Reply("Plan: [Step 1: SWE's power (reads: node_countries.base_trading_power)]"),
        Reply("Plan: [Step 1: SWE's power (reads: node_country.base_trading_power; yields: "
              f"power per node)]\nAction: run_sql\nAction input: {SWE_ROWS}"),
        Reply("Thought: q1 shows krakow.\nFinal answer: krakow"),
    ])
    async with engine_for(ReactModel(inner)) as engine:  # type: ignore[arg-type]
        events = await collect(engine.run(TEXT))
    told = inner.requests[1].messages[-1]["content"]
    assert told.startswith("Observation: `Plan:` not accepted: the plan names what the schema "
                           "does not have:\n- step 0 reads 'node_countries.base_trading_power'"
                           ": no table node_countries; closest: node_country")
    assert told.endswith("write your `Plan:` line again.")
    made = [e for e in events if isinstance(e, PlanMade)]
    assert len(made) == 1 and made[0].steps[0].reads == ("node_country.base_trading_power",)
    assert made[0].steps[0].yields == "power per node"
    assert isinstance(events[-1], RunFinished) and events[-1].decision == "krakow"
    inner.assert_all_used()


def test_the_text_format_names_the_check_or_none() -> None:
    """Issue 33, 1: `Check:` in the text format is final_answer's `check`, asked for only
    where final_answer offers it."""
    reply = ("Thought: 4 North has the most beds (q1).\nFinal answer: 4 North Acute Medical\n"
             "Check: none\nEvidence: beds = 34 from q1[1].bed_cnt")
    ((name, args),) = parse_react(reply, TOOLS)
    assert name == "final_answer" and args["check"] == "none"
    assert args["decision"] == "4 North Acute Medical"
    ((_, named),) = parse_react("Final answer: STB-4N\nCheck: `night-nurses`.", TOOLS)
    assert named["check"] == "night-nurses"
    ((_, plain),) = parse_react("Final answer: STB-4N", TOOLS)
    assert "check" not in plain

    def answer(properties: dict[str, Any]) -> dict[str, Any]:
        return {"type": "function", "function": {"name": "final_answer", "description": "",
                                                  "parameters": {"properties": properties}}}

    assert "Check: <the id of the check" in format_prompt((answer({"check": {}}),))
    assert "Check:" not in format_prompt((answer({}),))
