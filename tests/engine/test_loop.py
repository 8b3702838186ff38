"""The engine's loop with the scripted model on SQLite: every path a run can take."""

from __future__ import annotations

import json

import pytest

from planrag.engine import (
    AnswerChecked,
    AnswerProposed,
    AwaitingConfirmation,
    Fail,
    PlanMade,
    QueryFailed,
    QueryFinished,
    QueryRefused,
    QueryStarted,
    ReplanDecided,
    ReplanProposed,
    Reply,
    Retrying,
    RunFailed,
    RunFinished,
    RunStarted,
    ScriptedModel,
    SimulatorChecked,
    call,
)
from planrag.errors import ModelRateLimited, ModelRejected, ModelServerError, ModelTimeout
from tests.engine.conftest import SWE_ROWS, TEXT, answer, collect, kinds, plan, sql


def last(events: list, cls: type):  # type: ignore[no-untyped-def, type-arg]
    found = [e for e in events if isinstance(e, cls)]
    assert found, f"no {cls.__name__} in {kinds(events)}"
    return found[-1]


async def test_happy_path(engine_for) -> None:  # type: ignore[no-untyped-def]
    model = ScriptedModel([
        Reply("I will look at SWE's presence.", [plan("find where SWE has power")]),
        Reply(calls=[sql()]),
        Reply(calls=[answer("krakow", "q1")]),
    ])
    async with engine_for(model) as engine:
        events = await collect(engine.run(TEXT))
        run_id = events[0].run_id
        assert engine.table(run_id, "q1") is not None
    assert kinds(events) == [
        "run_started", "plan_made", "step_started", "query_started", "query_finished",
        "answer_proposed", "simulator_checked", "answer_checked", "run_finished",
    ]
    assert isinstance(events[0], RunStarted) and events[0].scripted
    assert "".join(e.text for e in events if e.kind == "model_text") == (
        "I will look at SWE's presence."
    )
    finished = last(events, QueryFinished)
    assert finished.columns == ("trade_node", "base_trading_power") and finished.total_rows > 0
    check = last(events, SimulatorChecked)
    assert check.agrees and check.rank == 1 and check.best == "krakow" and check.rules == "dqa"
    assert check.candidates == 79 and check.value > check.baseline
    closing = last(events, AnswerChecked)  # the answer and its check, in one event
    assert closing.answer is last(events, AnswerProposed) and closing.check is check
    assert closing.scripted and closing.note == ""
    done = last(events, RunFinished)
    assert (done.decision, done.verified_decision, done.stop_reason) == (
        "krakow", "krakow", "answered"
    )
    assert done.usage.model_calls == 3 and done.usage.prompt_tokens > 0
    assert (done.queries, done.refused, done.errors, done.replans) == (1, 0, 0, 0)
    model.assert_all_used()
    first = model.requests[0]
    system = first.messages[0]["content"]
    assert "TABLE node_country" in system and "base_trading_power" in system
    assert "Plan first" in system and "trading power" in system.lower()
    names = [t["function"]["name"] for t in first.tools]
    assert names == ["make_plan", "revise_plan", "run_sql", "final_answer"]
    schema = first.tools[-1]["function"]["parameters"]
    assert schema["properties"]["decision"]["type"] == "string"
    observation = model.requests[2].messages[-1]
    assert observation["role"] == "tool" and observation["content"].startswith("q1: ")


async def test_refused_and_failing_queries_go_back_to_the_model(engine_for) -> None:  # type: ignore[no-untyped-def]
    model = ScriptedModel([
        Reply(calls=[plan("powers")]),
        Reply(calls=[sql("DELETE FROM node_country")]),
        # No step: a step failing twice proposes a re-plan (tests/engine/test_monitors.py).
        Reply(calls=[sql("SELECT nope FROM node_country", step=None)]),
        Reply(calls=[sql()]),
        Reply(calls=[answer("krakow", "q3", "q1")]),
    ])
    async with engine_for(model) as engine:
        events = await collect(engine.run(TEXT))
    refused = last(events, QueryRefused)
    assert refused.query_id == "q1" and refused.rule
    failed = last(events, QueryFailed)
    assert failed.query_id == "q2" and "nope" in failed.error
    assert "q1 refused:" in model.requests[2].messages[-1]["content"]
    assert "q2 failed:" in model.requests[3].messages[-1]["content"]
    done = last(events, RunFinished)
    assert (done.queries, done.refused, done.errors) == (3, 1, 1)
    proposed = next(e for e in events if e.kind == "answer_proposed")
    assert proposed.query_ids == ("q3", "q1")


async def test_malformed_arguments_are_explained(engine_for) -> None:  # type: ignore[no-untyped-def]
    model = ScriptedModel([
        Reply(calls=[("make_plan", "{not json")]),
        Reply(calls=[call("make_plan", steps=[])]),
        Reply(calls=[plan("powers")]),
        Reply(calls=[call("run_sql", sql=SWE_ROWS)]),
        Reply(calls=[call("launch_rockets"), sql()]),
        Reply(calls=[call("final_answer", decision="krakow")]),
        Reply(calls=[answer()]),
    ])
    async with engine_for(model) as engine:
        events = await collect(engine.run(TEXT))
    said = [r.messages[-1]["content"] for r in model.requests[1:]]
    assert "not valid JSON" in said[0]
    assert "invalid arguments for make_plan: steps: List should have at least 1" in said[1]
    assert "query: Field required" in said[3] and "sql: Extra inputs" in said[3]
    assert "launch_rockets is not available now" in model.requests[5].messages[-2]["content"]
    assert "rationale: Field required" in said[5]
    assert last(events, RunFinished).decision == "krakow"


async def test_replan_approved_and_rejected_by_policy(engine_for) -> None:  # type: ignore[no-untyped-def]
    def script() -> ScriptedModel:
        return ScriptedModel([
            Reply(calls=[plan("powers")]),
            Reply(calls=[sql()]),
            Reply(calls=[call("revise_plan", reason="flows matter too",
                              steps=[{"goal": "flows into baltic_sea", "source": "sql"}])]),
            Reply(calls=[answer()]),
        ])

    async with engine_for(approved := script(), consent="approve") as engine:
        events = await collect(engine.run(TEXT))
    plans = [e for e in events if isinstance(e, PlanMade)]
    assert [p.revision for p in plans] == [0, 1] and plans[1].reason == "flows matter too"
    assert last(events, ReplanDecided).by == "policy" and last(events, ReplanDecided).approved
    assert "approved" in approved.requests[3].messages[-1]["content"]
    async with engine_for(rejected := script(), consent="reject") as engine:
        events = await collect(engine.run(TEXT))
    assert [p.revision for p in events if isinstance(p, PlanMade)] == [0]
    assert not last(events, ReplanDecided).approved
    assert "kept the current plan" in rejected.requests[3].messages[-1]["content"]
    assert last(events, RunFinished).replans == 1


async def test_keeping_the_plan_means_its_new_steps_do_not_run(engine_for) -> None:  # type: ignore[no-untyped-def]
    flows = "SELECT source, flow FROM flow WHERE dest = 'baltic_sea'"
    model = ScriptedModel([
        Reply(calls=[plan("powers")]),
        Reply(calls=[sql()]),
        Reply(calls=[call("revise_plan", reason="flows matter too",
                          steps=[{"goal": "powers", "source": "sql"},
                                 {"goal": "flows into baltic_sea", "source": "sql"}])]),
        Reply(calls=[sql(flows, step=1)]),  # a step of the plan that was not approved
        Reply(calls=[sql(flows, step=0)]),  # within the plan that stands: it runs
        Reply(calls=[answer()]),
    ])
    async with engine_for(model, consent="reject") as engine:
        events = await collect(engine.run(TEXT))
    ran = [e.query for e in events if isinstance(e, QueryStarted)]
    assert ran == [SWE_ROWS, flows]
    assert "do not run" in model.requests[3].messages[-1]["content"]
    refusal = model.requests[4].messages[-1]["content"]
    assert refusal.startswith("not run: step 1 belongs to the plan the person rejected")
    assert last(events, RunFinished).queries == 2


async def test_pause_and_resume_in_a_fresh_engine(engine_for) -> None:  # type: ignore[no-untyped-def]
    first = ScriptedModel([
        Reply(calls=[plan("powers")]),
        Reply(calls=[call("revise_plan", reason="need flows",
                          steps=[{"goal": "flows", "source": "sql"}]), sql(step=None)]),
    ])
    async with engine_for(first) as engine:
        events = await collect(engine.run(TEXT))
    pause = events[-1]
    assert isinstance(pause, AwaitingConfirmation) and "need flows" in pause.question
    assert isinstance(events[-2], ReplanProposed)
    state = json.loads(pause.state)
    assert state["pending"]["reason"] == "need flows" and len(state["queued_calls"]) == 1
    for approved, by, revisions in ((True, "person", [1]), (False, "person", []),
                                    (None, "timeout", [])):
        second = ScriptedModel([Reply(calls=[answer("krakow", "q1")])])
        async with engine_for(second) as fresh:  # another engine, as after a restart
            resumed = await collect(fresh.resume(pause.state, approved, note="ok"))
        decided = resumed[0]
        assert isinstance(decided, ReplanDecided) and decided.by == by
        assert [e.revision for e in resumed if isinstance(e, PlanMade)] == revisions
        # The query queued behind the re-plan in the same turn runs after the decision.
        assert kinds(resumed)[-6:] == ["query_started", "query_finished", "answer_proposed",
                                        "simulator_checked", "answer_checked", "run_finished"]
        done = last(resumed, RunFinished)
        assert done.decision == "krakow" and done.usage.model_calls == 3
        second.assert_all_used()
        tool_ids = [m.get("tool_call_id") for m in second.requests[0].messages if
                    m["role"] == "tool"]
        assert len(tool_ids) == len(set(tool_ids)) == 3  # every call answered once


async def test_resume_refuses_bad_states(engine_for) -> None:  # type: ignore[no-untyped-def]
    async with engine_for(ScriptedModel([])) as engine:
        bad = await collect(engine.resume("{}", True))
        assert isinstance(bad[0], RunFailed) and "cannot be read" in bad[0].message
        not_paused = json.dumps({"run_id": "x", "question": "q", "dataset": "d",
                                 "target": "sqlite", "technique": "planrag", "messages": []})
        idle = await collect(engine.resume(not_paused, True))
        assert "not waiting for a confirmation" in idle[0].message


async def test_simulator_disagreement_is_reported(engine_for) -> None:  # type: ignore[no-untyped-def]
    model = ScriptedModel([
        Reply(calls=[plan("powers")]), Reply(calls=[sql()]),
        Reply(calls=[answer("novgorod")]),
    ])
    async with engine_for(model) as engine:
        events = await collect(engine.run(TEXT))
    check = last(events, SimulatorChecked)
    assert not check.agrees and check.rank == 2 and check.best == "krakow"
    assert check.gap and check.gap > 0 and check.top[0][0] == "krakow"
    done = last(events, RunFinished)
    assert (done.decision, done.verified_decision) == ("novgorod", "krakow")


async def test_simulator_disagreement_can_trigger_a_replan(engine_for) -> None:  # type: ignore[no-untyped-def]
    # On a team's dataset (the demo): a DQA one never gets it (tests/engine/test_monitors.py).
    model = ScriptedModel([
        Reply(calls=[plan("warehouses")]), Reply(calls=[sql("SELECT id FROM warehouse")]),
        Reply(calls=[answer(1)]),
        Reply(calls=[answer(4)]),
    ])
    async with engine_for(model, "demo-retail#demo-1", consent="approve",
                          on_disagreement="replan") as engine:
        events = await collect(engine.run("Which warehouse should we expand by 200 kg?"))
    proposed = last(events, ReplanProposed)
    assert proposed.by == "simulator" and "ranks 4 first" in proposed.reason
    checks = [e for e in events if isinstance(e, SimulatorChecked)]
    assert [c.agrees for c in checks] == [False, True]
    assert "Re-examine the data" in model.requests[3].messages[-1]["content"]
    done = last(events, RunFinished)
    assert (done.decision, done.verified_decision, done.replans) == (4, 4, 1)
    # Each answer with its check, once that is over: the first before the objection is put
    # to the person, the second before the run ends.
    closing = [e for e in events if isinstance(e, AnswerChecked)]
    assert [(c.answer.decision, c.check.agrees if c.check else None) for c in closing] == [
        (1, False), (4, True)]
    assert kinds(events).index("answer_checked") < kinds(events).index("replan_proposed")


async def test_model_errors_are_retried_then_reported(engine_for) -> None:  # type: ignore[no-untyped-def]
    waits: list[float] = []

    async def sleep(seconds: float) -> None:
        waits.append(seconds)

    flaky = ScriptedModel([
        Fail(ModelRateLimited("429 too many requests")),
        Fail(ModelServerError("500 internal error")),
        Fail(ModelTimeout("no answer in 120 s")),
        Reply(calls=[plan("powers")]), Reply(calls=[sql()]), Reply(calls=[answer()]),
    ])
    model = Retrying(flaky, sleep=sleep)
    async with engine_for(model) as engine:  # type: ignore[arg-type]
        events = await collect(engine.run(TEXT))
    assert last(events, RunFinished).decision == "krakow"
    assert model.retries == 3 and len(waits) == 3 and waits[1] > waits[0] / 2
    down = Retrying(ScriptedModel([Fail(ModelServerError("503"))] * 4), sleep=sleep)
    async with engine_for(down) as engine:  # type: ignore[arg-type]
        events = await collect(engine.run(TEXT))
    failed = last(events, RunFailed)
    assert "the model failed: 503 (gave up after 4 attempts)" in failed.message
    assert failed.stage == "planning"
    key = Retrying(ScriptedModel([Fail(ModelRejected("401 invalid API key"))]), sleep=sleep)
    async with engine_for(key) as engine:  # type: ignore[arg-type]
        events = await collect(engine.run(TEXT))
    assert "401 invalid API key" in last(events, RunFailed).message and key.retries == 0


async def test_an_exhausted_script_fails_the_run_loudly(engine_for) -> None:  # type: ignore[no-untyped-def]
    model = ScriptedModel([Reply(calls=[plan("powers")])])
    async with engine_for(model) as engine:
        events = await collect(engine.run(TEXT))
    assert "script ran out after 1 replies" in last(events, RunFailed).message
    with pytest.raises(AssertionError, match="used 1 of its 2"):
        ScriptedModel([Reply(), Reply()], _next=1).assert_all_used()


async def test_every_model_call_is_reported_with_its_cost(engine_for) -> None:  # type: ignore[no-untyped-def]
    from planrag.engine import ModelCalled

    model = ScriptedModel([
        Reply(calls=[plan("powers")], prompt_tokens=100, completion_tokens=7),
        Reply(calls=[sql(), sql("SELECT COUNT(*) FROM flow")], prompt_tokens=200,
              completion_tokens=9),
        Reply(calls=[answer()], prompt_tokens=300, completion_tokens=11),
    ])
    async with engine_for(model) as engine:
        events = await collect(engine.run(TEXT))
    calls = [e for e in events if isinstance(e, ModelCalled)]
    assert [(c.call, c.prompt_tokens, c.completion_tokens) for c in calls] == [
        (1, 100, 7), (2, 200, 9), (3, 300, 11)]
    assert calls[1].tool_calls == ("run_sql", "run_sql") and all(c.seconds >= 0 for c in calls)
    done = last(events, RunFinished)
    assert (done.usage.prompt_tokens, done.usage.completion_tokens) == (600, 27)


async def test_an_unexpected_error_ends_the_run_with_a_clear_event(
    engine_for, caplog: pytest.LogCaptureFixture  # type: ignore[no-untyped-def]
) -> None:
    def broken(request: object) -> Reply:
        raise RuntimeError("a bug in a policy")

    model = ScriptedModel([Reply(calls=[plan("powers")]), broken])
    async with engine_for(model) as engine:
        events = await collect(engine.run(TEXT))
    failed = events[-1]
    assert isinstance(failed, RunFailed), kinds(events)
    assert "unexpected error" in failed.message and "RuntimeError: a bug in a policy" in (
        failed.message)
    assert failed.stage == "querying" and failed.usage.model_calls == 1
    assert "failed unexpectedly" in caplog.text  # the traceback is logged for the operator


async def test_a_question_that_is_not_text_fails_in_one_line(engine_for) -> None:  # type: ignore[no-untyped-def]
    model = ScriptedModel([])  # never asked: the question is refused before the model
    async with engine_for(model) as engine:
        events = await collect(engine.run("Where should SWE \udcff place its merchant?"))
    assert kinds(events) == ["run_failed"]
    failed = events[0]
    assert isinstance(failed, RunFailed)
    assert failed.message == ("the question holds a character that is not text at byte 18; "
                              "type it again as plain text")


async def test_a_question_over_the_length_never_reaches_the_model(engine_for) -> None:  # type: ignore[no-untyped-def]
    model = ScriptedModel([])  # any call would fail: its script is empty
    async with engine_for(model, max_question_chars=4000) as engine:
        events = await collect(engine.run("Where should SWE trade? " + "x" * 900_000))
    assert kinds(events) == ["run_failed"]
    failed = last(events, RunFailed)
    assert failed.message.startswith("this question is 900,024 characters long; the assistant "
                                     "takes questions of up to 4,000")
    assert model.requests == []
