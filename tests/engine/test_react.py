"""The ReAct text fallback: a model without tool calling still runs the whole loop."""

from __future__ import annotations

from planrag.engine import PlanMade, Reply, RunFinished, ScriptedModel
from planrag.engine.react import ReactModel, parse_react
from tests.engine.conftest import SWE_ROWS, TEXT, collect

TOOLS = {"make_plan", "revise_plan", "run_sql", "final_answer"}


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
    assert parse_react(fenced, TOOLS) == [("run_sql", {"query": "SELECT 1"})]
    as_json = 'Action: run_sql\nActionInput: {"query": "SELECT \\"a\\" FROM t", "step": 0}'
    assert parse_react(as_json, TOOLS) == [("run_sql", {"query": 'SELECT "a" FROM t'})]
    final = "Thought: krakow wins in q2 and q10.\nFinal Answer: `krakow`."
    assert parse_react(final, TOOLS) == [("final_answer", {
        "decision": "krakow", "rationale": "krakow wins in q2 and q10.",
        "query_ids": ["q2", "q10"]})]
    replan = "Re-plan: the flows matter\n1. flows into the home node (SQL)"
    assert parse_react(replan, TOOLS)[0] == ("revise_plan", {
        "reason": "the flows matter",
        "steps": [{"goal": "flows into the home node (SQL)", "source": "sql"}]})
    assert parse_react("I am not sure what to do.", TOOLS) == []


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
    assert second.messages[-1]["content"].startswith("Observation: Plan accepted")
    third = inner.requests[2]
    assert "Action: run_sql\nAction input: SELECT" in third.messages[-2]["content"]
    assert third.messages[-1]["content"].startswith("Observation: q1: ")
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
