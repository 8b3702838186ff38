"""The paper's turn in every mode (issue 23, 1): a query says the step it serves, why
(`thought`), and, after a result, whether the plan holds (`plan_holds`); the tools and the
text format give the same events, and the chat and the terminal show them."""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console

from planrag.engine import Reply, ScriptedModel, call
from planrag.engine.calls import plan_verdict
from planrag.engine.events import QueryStarted, event_to_json
from planrag.engine.react import ReactModel
from planrag.engine.render import TerminalRenderer
from tests.engine.conftest import SWE_ROWS, TEXT, collect, plan

FLOWS = "SELECT source, flow FROM flow WHERE dest = 'baltic_sea'"


def started(events: list[Any]) -> list[tuple[Any, ...]]:
    return [(e.query_id, e.step, e.thought, e.plan_holds) for e in events
            if isinstance(e, QueryStarted)]


EXPECTED = [("q1", 0, "SWE's power at each node decides it", ""),
            ("q2", 1, "the flows into its home may matter", "yes")]


async def test_the_tools_carry_the_papers_turn(engine_for) -> None:  # type: ignore[no-untyped-def]
    model = ScriptedModel([
        Reply(calls=[plan("SWE's power per node", "flows into baltic_sea")]),
        Reply(calls=[call("run_sql", query=SWE_ROWS, step=0,
                          thought="SWE's power at each node decides it")]),
        Reply(calls=[call("run_sql", query=FLOWS, step=1, plan_holds="Yes, it does",
                          thought="the flows into its home   may matter")]),
        Reply(calls=[call("final_answer", decision="krakow", rationale="q1 and q2",
                          query_ids=["q1", "q2"])]),
    ])
    async with engine_for(model) as engine:
        events = await collect(engine.run(TEXT))
    model.assert_all_used()
    assert started(events) == EXPECTED
    data = event_to_json(next(e for e in events if isinstance(e, QueryStarted)))
    assert data["thought"] == EXPECTED[0][2] and data["plan_holds"] == ""


async def test_the_text_format_gives_the_same_events(engine_for) -> None:  # type: ignore[no-untyped-def]
    inner = ScriptedModel([
        Reply("Plan: [Step 1: SWE's power per node, Step 2: flows into baltic_sea]\n"
              "Current step: Step 1\nThought: SWE's power at each node decides it\n"
              f"Action: SQL\nAction input: {SWE_ROWS}"),
        Reply("Re-plan: N\nCurrent step: Step 2\nThought: the flows into its home may matter\n"
              f"Action: SQL\nAction input: {FLOWS}"),
        Reply("Re-plan: N\nThought: q1 and q2\nFinal answer: krakow"),
    ])
    async with engine_for(ReactModel(inner)) as engine:  # type: ignore[arg-type]
        events = await collect(engine.run(TEXT))
    inner.assert_all_used()
    assert started(events) == EXPECTED


async def test_a_plan_said_not_to_hold_asks_for_the_new_plan(engine_for) -> None:  # type: ignore[no-untyped-def]
    model = ScriptedModel([
        Reply(calls=[plan("SWE's power per node")]),
        Reply(calls=[call("run_sql", query=SWE_ROWS, step=0)]),
        Reply(calls=[call("run_sql", query=FLOWS, plan_holds="no: the flows decide it")]),
        Reply(calls=[call("final_answer", decision="krakow", rationale="q1 and q2",
                          query_ids=["q1", "q2"])]),
    ])
    async with engine_for(model) as engine:
        events = await collect(engine.run(TEXT))
    model.assert_all_used()
    told = model.requests[3].messages[-1]["content"]
    assert told.endswith("You said the plan no longer holds: propose the new plan with "
                         "revise_plan (the person is asked), or carry on with this one.")
    assert "no longer holds" not in model.requests[2].messages[-1]["content"]
    assert started(events)[1][3] == "no: the flows decide it"


def test_what_a_model_says_of_its_plan() -> None:
    assert [plan_verdict(s) for s in (None, " ", "yes", "Y.", "holds", "No", "no: x y",
                                      "The plan still holds", "it doesn't hold: no flows")] \
        == ["", "", "yes", "yes", "yes", "no", "no: x y", "yes",
            "no: it doesn't hold: no flows"]


def test_the_chat_and_the_terminal_show_the_turn() -> None:
    from app.steps import turn_text

    event = QueryStarted("q2", "sql", FLOWS, 1, thought="the *flows* matter",
                         plan_holds="no: the flows decide it")
    assert turn_text(event, 3) == ("*Step 2/3 · the \\*flows\\* matter*\n\n**The plan no "
                                   "longer holds**: the flows decide it.")
    assert turn_text(QueryStarted("q1", "sql", FLOWS, None, plan_holds="yes"), 0) == (
        "The plan holds (said after the last result).")
    assert turn_text(QueryStarted("q1", "sql", FLOWS, None), 2) == ""
    out = io.StringIO()
    renderer = TerminalRenderer(Console(file=out, width=100, color_system=None))
    renderer.render(event)
    text = out.getvalue()
    assert "the plan no longer holds: the flows decide it" in text
    assert "q2 sql · the *flows* matter" in text
