"""Budgets end runs with the best answer still possible; techniques differ in their tools."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator

import pytest

from planrag.engine import (
    EngineConfig,
    ModelCalled,
    ModelReply,
    ModelRequest,
    Reply,
    RunFailed,
    RunFinished,
    ScriptedModel,
    SimulatorChecked,
    TextPiece,
    Turn,
    call,
)
from planrag.errors import ConfigError
from tests.engine.conftest import SWE_ROWS, TEXT, answer, collect, kinds, plan, sql


def finished(events: list) -> RunFinished:  # type: ignore[type-arg]
    assert isinstance(events[-1], RunFinished), kinds(events)
    return events[-1]


def tools_of(model: ScriptedModel, n: int) -> list[str]:
    return [t["function"]["name"] for t in model.requests[n].tools]


async def test_model_call_budget_keeps_the_last_call_for_an_answer(engine_for) -> None:  # type: ignore[no-untyped-def]
    model = ScriptedModel([
        Reply(calls=[plan("powers")]), Reply(calls=[sql()]), Reply(calls=[answer()]),
    ])
    async with engine_for(model, max_model_calls=3) as engine:
        done = finished(await collect(engine.run(TEXT)))
    assert done.stop_reason == "budget:max_model_calls" and done.decision == "krakow"
    assert done.usage.model_calls == 3
    assert tools_of(model, 1) != ["final_answer"] and tools_of(model, 2) == ["final_answer"]
    assert "max_model_calls budget is reached" in model.requests[2].messages[-1]["content"]


async def test_model_call_budget_ends_the_run_when_the_last_call_is_not_an_answer(
    engine_for,  # type: ignore[no-untyped-def]
) -> None:
    model = ScriptedModel([Reply(calls=[plan("powers")]), Reply(calls=[sql()])])
    async with engine_for(model, max_model_calls=2) as engine:
        done = finished(await collect(engine.run(TEXT)))
    assert done.stop_reason == "budget:max_model_calls" and done.decision is None
    assert done.usage.model_calls == 2 and done.queries == 0  # run_sql was not offered


async def test_repeated_queries_end_the_querying(engine_for) -> None:  # type: ignore[no-untyped-def]
    model = ScriptedModel([
        Reply(calls=[plan("powers")]),
        Reply(calls=[sql()]), Reply(calls=[sql()]), Reply(calls=[sql()]),
        Reply(calls=[answer()]),
    ])
    async with engine_for(model, max_repeats=2) as engine:
        events = await collect(engine.run(TEXT))
    done = finished(events)
    assert done.stop_reason == "budget:repeated_queries" and done.decision == "krakow"
    assert done.queries == 2
    last_request = model.requests[-1]
    assert "already ran 2 times" in last_request.messages[-2]["content"]
    assert "repeated_queries budget is reached" in last_request.messages[-1]["content"]
    assert tools_of(model, 4) == ["final_answer"]


async def test_replan_budget(engine_for) -> None:  # type: ignore[no-untyped-def]
    revise = call("revise_plan", reason="again", steps=[{"goal": "x", "source": "sql"}])
    model = ScriptedModel([
        Reply(calls=[plan("powers")]), Reply(calls=[revise]), Reply(calls=[revise]),
        Reply(calls=[answer()]),
    ])
    async with engine_for(model, consent="approve", max_replans=1) as engine:
        done = finished(await collect(engine.run(TEXT)))
    assert done.replans == 1 and done.stop_reason == "budget:max_replans"
    assert done.decision == "krakow"


async def test_turns_without_tools_are_nudged_then_stopped(engine_for) -> None:  # type: ignore[no-untyped-def]
    model = ScriptedModel([Reply("Hmm."), Reply("Let me think."), Reply("Still thinking.")])
    async with engine_for(model, max_idle_turns=2) as engine:
        done = finished(await collect(engine.run(TEXT)))
    assert done.stop_reason == "budget:idle_turns"
    assert "Use the tools" in model.requests[1].messages[-1]["content"]


class Slow:
    """Wraps a model so that chosen calls (0-based) take `seconds` before answering."""

    def __init__(self, inner: ScriptedModel, seconds: float, calls: set[int]) -> None:
        self.inner, self.seconds, self.calls, self.n = inner, seconds, calls, 0
        self.name, self.scripted = inner.name, inner.scripted

    async def stream(self, request):  # type: ignore[no-untyped-def]
        n, self.n = self.n, self.n + 1
        if n in self.calls:
            await asyncio.sleep(self.seconds)
        async for chunk in self.inner.stream(request):
            yield chunk


async def test_run_timeout_cuts_a_slow_call_and_leaves_a_last_turn_to_answer(
    engine_for,  # type: ignore[no-untyped-def]
) -> None:
    inner = ScriptedModel([Reply(calls=[plan("powers")]), Reply(calls=[sql()]),
                           Reply(calls=[answer()])])
    model = Slow(inner, 30.0, {2})  # the third call runs over; the fourth gets the answer
    started = time.monotonic()
    async with engine_for(model, run_timeout_s=1.0, answer_grace_s=5.0) as engine:
        events = await collect(engine.run(TEXT))
    assert time.monotonic() - started < 10  # cut at the run's time, not the call's 30 s
    done = finished(events)
    assert done.stop_reason == "budget:run_timeout" and done.decision == "krakow"
    assert done.queries == 1
    assert tools_of(inner, 2) == ["final_answer"]
    assert "run_timeout budget is reached" in inner.requests[2].messages[-1]["content"]
    inner.assert_all_used()


async def test_run_timeout_ends_the_run_when_the_last_turn_is_late_too(engine_for) -> None:  # type: ignore[no-untyped-def]
    inner = ScriptedModel([Reply(calls=[plan("powers")]), Reply(calls=[answer()])])
    model = Slow(inner, 30.0, {0, 1})
    async with engine_for(model, run_timeout_s=0.5, answer_grace_s=0.5) as engine:
        done = finished(await collect(engine.run(TEXT)))
    assert done.stop_reason == "budget:run_timeout" and done.decision is None
    # Both calls were cut by the run's time, and both still count, their tokens "not
    # reported" (the server never said them).
    assert done.usage.model_calls == 2 and done.usage.unreported_calls == 2
    assert done.usage.tokens_text() == "tokens not reported"


class Unsent(Slow):
    """An HTTP model whose requests wait (for the endpoint's slot) and never go out on the
    calls in `calls`: it says so in the request's progress, as OpenAIModel does."""

    async def stream(self, request: ModelRequest) -> AsyncIterator[TextPiece | ModelReply]:
        n = self.n
        if request.progress is not None and request.progress.sent is None:
            request.progress.sent = False
        if n not in self.calls and request.progress is not None:
            request.progress.sent = True
        async for chunk in super().stream(request):
            yield chunk


async def test_a_call_the_run_time_ends_before_it_was_sent_is_not_counted(
    engine_for,  # type: ignore[no-untyped-def]
) -> None:
    """Only calls that reached the server are model calls: one still waiting for its turn
    at the endpoint when the run's time ends is not (the real-model check found it)."""
    inner = ScriptedModel([Reply(calls=[answer()])])
    model = Unsent(inner, 30.0, {0})  # the first call never goes out; the last turn does
    async with engine_for(model, run_timeout_s=0.5, answer_grace_s=5.0) as engine:
        events = await collect(engine.run(TEXT))
    done = finished(events)
    assert done.stop_reason == "budget:run_timeout" and done.decision == "krakow"
    called = [e for e in events if isinstance(e, ModelCalled)]
    assert done.usage.model_calls == len(called) == 1 and called[0].call == 1


async def test_run_timeout_before_any_call_still_asks_for_an_answer(engine_for) -> None:  # type: ignore[no-untyped-def]
    model = ScriptedModel([Reply(calls=[plan("powers")])])
    async with engine_for(model, run_timeout_s=1e-9) as engine:
        done = finished(await collect(engine.run(TEXT)))
    assert done.stop_reason == "budget:run_timeout" and done.decision is None
    assert tools_of(model, 0) == ["final_answer"]


async def test_iterrag_has_no_plan_and_norp_a_fixed_one(engine_for) -> None:  # type: ignore[no-untyped-def]
    iterative = ScriptedModel([Reply(calls=[sql(step=None)]), Reply(calls=[answer()])])
    async with engine_for(iterative, technique="iterrag") as engine:
        events = await collect(engine.run(TEXT))
    assert "plan_made" not in kinds(events) and finished(events).decision == "krakow"
    assert tools_of(iterative, 0) == ["run_sql", "final_answer"]
    norp = ScriptedModel([Reply(calls=[plan("powers")]), Reply(calls=[answer()])])
    async with engine_for(norp, technique="planrag-norp") as engine:
        await collect(engine.run(TEXT))
    assert tools_of(norp, 0) == ["make_plan", "run_sql", "final_answer"]
    assert "cannot be changed" in norp.requests[0].messages[0]["content"]


async def test_planrag_requires_a_plan_before_querying(engine_for) -> None:  # type: ignore[no-untyped-def]
    model = ScriptedModel([
        Reply(calls=[sql()]), Reply(calls=[plan("powers")]), Reply(calls=[answer()]),
    ])
    async with engine_for(model) as engine:
        events = await collect(engine.run(TEXT))
    assert "make a plan first" in model.requests[1].messages[-1]["content"]
    assert finished(events).queries == 0


async def test_conversation_history_reaches_the_model(engine_for) -> None:  # type: ignore[no-untyped-def]
    model = ScriptedModel([Reply(calls=[plan("powers")]), Reply(calls=[answer("novgorod")])])
    history = [Turn(question=TEXT, decision="krakow", rationale="highest profit")]
    async with engine_for(model) as engine:
        events = await collect(engine.run("And the second best?", history=history))
    messages = model.requests[0].messages
    assert [m["role"] for m in messages] == ["system", "user", "assistant", "user"]
    assert messages[2]["content"] == "Decision: krakow. highest profit"
    check = next(e for e in events if isinstance(e, SimulatorChecked))
    assert check.rank == 2


async def test_earlier_turns_sent_to_the_model_are_bounded(engine_for) -> None:  # type: ignore[no-untyped-def]
    """Issue 34, break 6: each earlier turn reaches the model cut to `history_turn_chars`,
    and together they are held to `history_chars`, the oldest dropped first; a short turn
    passes whole, however long the turns before it were."""
    model = ScriptedModel([Reply(calls=[plan("powers")]), Reply(calls=[answer("novgorod")])])
    huge = [Turn(question=f"old {n} " + "q" * 900_000, decision="krakow",
                 rationale="r" * 900_000) for n in range(3)]
    history = [*huge, Turn(question=TEXT, decision="krakow", rationale="highest profit")]
    async with engine_for(model, history_turn_chars=1000, history_chars=2500) as engine:
        await collect(engine.run("And the second best?", history=history))
    earlier = model.requests[0].messages[1:-1]
    asked = [m["content"] for m in earlier if m["role"] == "user"]
    assert [q[:5] for q in asked] == ["old 1", "old 2", TEXT[:5]]  # old 0 dropped
    assert list(earlier[-2:]) == [{"role": "user", "content": TEXT},
                                  {"role": "assistant",
                                   "content": "Decision: krakow. highest profit"}]
    for question, said in zip(earlier[:-2:2], earlier[1:-2:2], strict=True):
        assert question["content"].endswith("\u2026") and said["content"].endswith("\u2026")
        assert len(question["content"]) + len(said["content"]) <= 1000 + len("Decision: . ")
    assert sum(len(m["content"]) for m in earlier) <= 2500 + 3 * len("Decision: krakow. ")


async def test_free_questions_without_parameters_say_why_nothing_was_checked(
    engine_for, sqlite_settings
) -> None:  # type: ignore[no-untyped-def]
    model = ScriptedModel([Reply(calls=[plan("presence")]),
                           Reply(calls=[answer("krakow")])])
    async with engine_for(model, ref="dqa-locating-1445") as engine:
        events = await collect(engine.run("Where should my merchant go?"))
    done = finished(events)
    assert done.verified_decision is None
    assert "needs values the question did not give" in done.check_note
    with_params = ScriptedModel([
        Reply(calls=[plan("presence")]),
        Reply(calls=[call("final_answer", decision="krakow", rationale="r",
                          parameters={"country": "SWE"})]),
    ])
    async with engine_for(with_params, ref="dqa-locating-1445") as engine:
        events = await collect(engine.run("Where should SWE's merchant go?"))
    assert finished(events).verified_decision == "krakow"
    demo = ScriptedModel([Reply(calls=[plan("capacity")]),
                          Reply(calls=[call("final_answer", decision="4", rationale="r")])])
    async with engine_for(demo, ref="demo-retail#demo-1") as engine:
        events = await collect(engine.run("Which warehouse should we expand?"))
    assert finished(events).verified_decision == 4
    decision = demo.requests[0].tools[-1]["function"]["parameters"]["properties"]["decision"]
    # a warehouse's id, or (for a question of fact, check "none") the answer in words
    assert [t["type"] for t in decision["anyOf"]] == ["integer", "string"]


async def test_empty_questions_and_bad_config(engine_for) -> None:  # type: ignore[no-untyped-def]
    async with engine_for(ScriptedModel([])) as engine:
        events = await collect(engine.run("   "))
    assert isinstance(events[0], RunFailed) and "empty" in events[0].message
    with pytest.raises(ConfigError, match="unknown technique 'magic'"):
        EngineConfig(technique="magic")
    with pytest.raises(ConfigError, match="max_model_calls must be at least 1"):
        EngineConfig(max_model_calls=0)


async def test_the_what_if_tool_is_off_unless_enabled(engine_for) -> None:  # type: ignore[no-untyped-def]
    from planrag.engine import CandidateSimulated

    model = ScriptedModel([Reply(calls=[plan("presence")]), Reply(calls=[answer()])])
    async with engine_for(model) as engine:
        await collect(engine.run(TEXT))
    assert "simulate_candidate" not in tools_of(model, 0)
    model = ScriptedModel([
        Reply(calls=[plan("presence")]),
        Reply(calls=[call("simulate_candidate", decision="krakow"),
                     call("simulate_candidate", decision="atlantis")]),
        Reply(calls=[answer()]),
    ])
    async with engine_for(model, what_if=True) as engine:
        events = await collect(engine.run(TEXT))
    assert "simulate_candidate" in tools_of(model, 0)
    simulated = [e for e in events if isinstance(e, CandidateSimulated)]
    assert len(simulated) == 1 and simulated[0].decision == "krakow"
    assert simulated[0].value > simulated[0].baseline
    said = [m["content"] for m in model.requests[2].messages if m["role"] == "tool"]
    assert any(s.startswith("simulated krakow: SWE's profit at baltic_sea = ") for s in said)
    assert any("'atlantis' is not a candidate" in s for s in said)
    assert finished(events).decision == "krakow"


async def test_rows_and_characters_shown_to_the_model_are_capped(engine_for) -> None:  # type: ignore[no-untyped-def]
    wide = "SELECT trade_node, country_name, base_trading_power FROM node_country"
    model = ScriptedModel([Reply(calls=[plan("powers")]), Reply(calls=[sql(wide)]),
                           Reply(calls=[answer()])])
    async with engine_for(model, max_rows_shown=3, max_chars_shown=120) as engine:
        events = await collect(engine.run(TEXT))
    seen = model.requests[2].messages[-1]["content"]
    header, _, body = seen.partition("\n")
    body, _, noticed = body.partition("\nNoticed: ")  # the engine's own words follow the rows
    assert noticed.startswith("q1 has ")
    total = next(e for e in events if e.kind == "query_finished").total_rows
    assert total > 3 and header.startswith(f"q1: {total} row(s) (showing the first 3)")
    assert len(body) <= 120 + len(" ...")
    assert len(body.splitlines()) <= 4  # the column line and at most three rows
    finished_event = next(e for e in events if e.kind == "query_finished")
    assert len(finished_event.preview) == 3  # the event's preview follows the same cap


async def test_a_query_over_its_time_goes_back_to_the_model(engine_for) -> None:  # type: ignore[no-untyped-def]
    from planrag.table import Limits

    # A legitimate but slow read: the guard lets a bounded recursion through, the source's
    # timeout stops it.
    runaway = ("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n "
               "WHERE i < 1000000000) SELECT count(*) FROM n")
    model = ScriptedModel([Reply(calls=[plan("powers")]), Reply(calls=[sql(runaway)]),
                           Reply(calls=[sql()]), Reply(calls=[answer()])])
    async with engine_for(model, query_limits=Limits(timeout_s=0.3)) as engine:
        events = await collect(engine.run(TEXT))
    assert "query_refused" not in kinds(events)
    failed = next(e for e in events if e.kind == "query_failed")
    told = model.requests[2].messages[-1]["content"]
    assert told.startswith("q1 failed:") and "stopped after 0.3 s" in told
    assert failed.error in told
    done = finished(events)
    assert done.decision == "krakow" and (done.errors, done.queries) == (1, 2)


async def test_singlerag_runs_one_query_then_answers_in_a_separate_prompt(engine_for) -> None:  # type: ignore[no-untyped-def]
    """The paper's SingleRAG: one query, once; the answer comes from a new conversation that
    holds only the question, that query and its result."""
    single = ScriptedModel([
        Reply("I will read the powers.",
              calls=[sql(step=None), sql("SELECT COUNT(*) FROM flow", step=None)]),
        Reply(calls=[answer()]),
    ])
    async with engine_for(single, technique="singlerag") as engine:
        events = await collect(engine.run(TEXT))
    done = finished(events)
    assert done.queries == 1 and done.decision == "krakow" and done.usage.model_calls == 2
    assert tools_of(single, 0) == ["run_sql"]  # no answer before the data
    assert tools_of(single, 1) == ["final_answer"]
    system, data = single.requests[1].messages
    assert system["role"] == "system" and "answer now, from it alone" in system["content"]
    assert data["role"] == "user" and data["content"].startswith(f"Question: {TEXT}\n")
    assert "Retrieving query (q1, SQL):\n" + SWE_ROWS in data["content"]
    assert "Retrieved data:\nq1: " in data["content"] and "krakow" in data["content"]
    assert "COUNT(*)" not in data["content"]  # the second query never ran
    assert "I will read the powers" not in str(single.requests[1].messages)


async def test_singlerag_answers_from_a_failed_query(engine_for) -> None:  # type: ignore[no-untyped-def]
    single = ScriptedModel([
        Reply(calls=[sql("SELECT nothing FROM no_such_table", step=None)]),
        Reply(calls=[answer("lubeck")]),
    ])
    async with engine_for(single, technique="singlerag") as engine:
        events = await collect(engine.run(TEXT))
    done = finished(events)
    assert "query_failed" in kinds(events) and done.errors == 1 and done.queries == 1
    assert done.decision == "lubeck" and tools_of(single, 1) == ["final_answer"]
    data = single.requests[1].messages[-1]["content"]
    assert "Retrieved data:\nq1 failed: " in data and "no_such_table" in data


async def test_singlerag_with_nothing_but_text_gets_no_answer_tool(engine_for) -> None:  # type: ignore[no-untyped-def]
    single = ScriptedModel([Reply("The answer is krakow."), Reply(calls=[sql(step=None)]),
                            Reply(calls=[answer()])])
    async with engine_for(single, technique="singlerag") as engine:
        done = finished(await collect(engine.run(TEXT)))
    assert tools_of(single, 1) == ["run_sql"] and done.decision == "krakow"
