"""Bounded model replies: `max_tokens` and `stop` on the wire, a cap on a reply's and a run's
characters, a loop detector, the stream closed on every path (the fake server sees the client
leave), empty replies and replies cut by the run's time, all through the real OpenAI client
against the scripted server."""

from __future__ import annotations

import asyncio
import gc
import logging
import random
import string
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import pytest

from planrag.engine import (
    ModelCalled,
    ModelReply,
    ModelRequest,
    Reply,
    RunFinished,
    ScriptedModel,
    TextPiece,
)
from planrag.engine.model import (
    KEPT_CHARS,
    ReplyLimit,
    WrapperModel,
    closing_stream,
    repeating_end,
)
from planrag.engine.openai_model import OpenAIModel
from planrag.engine.react import ReactModel
from planrag.engine.scripted_server import Endless, ScriptedServer
from tests.engine.conftest import TEXT, answer, collect, plan, sql

HI = ModelRequest(({"role": "user", "content": "hi"},), ())
WAIT = 30.0
"""A guard against a hung test, never a measured time: the events awaited happen at once."""


def happy() -> ScriptedModel:
    return ScriptedModel([
        Reply("Planning the analysis.", [plan("presence of SWE")]),
        Reply(calls=[sql()]),
        Reply("SWE should go to krakow.", [answer("krakow", "q1")]),
    ])


def prose(n: int, seed: int = 7) -> str:
    """`n` characters of text that never repeats itself."""
    rng = random.Random(seed)
    words = ["".join(rng.choices(string.ascii_lowercase, k=rng.randint(2, 9)))
             for _ in range(n // 3)]
    return " ".join(words)[:n]


async def reply_of(model: Any, request: ModelRequest = HI) -> tuple[str, ModelReply]:
    shown: list[str] = []
    async for chunk in model.stream(request):
        if isinstance(chunk, TextPiece):
            shown.append(chunk.text)
        else:
            return "".join(shown), chunk
    raise AssertionError("the stream ended without a reply")


@pytest.fixture()
async def loop_errors() -> AsyncIterator[list[str]]:
    """What the event loop reports while the test runs (an async generator closed late, by
    the garbage collector, says "async generator ignored GeneratorExit" or "an error occurred
    during closing of asynchronous generator"), and asyncio's own error logs."""
    loop = asyncio.get_running_loop()
    seen: list[str] = []
    before = loop.get_exception_handler()

    def handler(_loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        seen.append(f"{context.get('message')} {context.get('exception')!r}")

    class Capture(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            seen.append(record.getMessage())

    capture = Capture(level=logging.WARNING)
    logging.getLogger("asyncio").addHandler(capture)
    loop.set_exception_handler(handler)
    try:
        yield seen
    finally:
        loop.set_exception_handler(before)
        logging.getLogger("asyncio").removeHandler(capture)


async def settle() -> None:
    """Give abandoned generators every chance to be finalised (and to complain)."""
    for _ in range(3):
        gc.collect()
        await asyncio.sleep(0.01)


# -- the loop detector and the cap, alone


def test_a_loop_at_the_end_is_found_and_ordinary_text_is_not() -> None:
    assert repeating_end("intro. " + "the same words " * 300, 1024, 2000, 8) == (15, 133)
    chunk = prose(700, seed=1)
    assert repeating_end(prose(3000) + chunk * 12, 1024, 2000, 8) == (700, 8)
    assert repeating_end(" " * 5000, 1024, 2000, 8) == (1, 2000)
    # Text that repeats words and shapes but never the same 2,000 characters.
    table = "\n".join(f"| {i} | node_{i % 7} | {i * 37 % 101} |" for i in range(400))
    for text in (prose(20_000), table, "SELECT a, b FROM t WHERE x = 1; " * 50):
        assert repeating_end(text, 1024, 2000, 8) is None
    # A chunk longer than the periods watched is left to the character cap.
    assert repeating_end(prose(1500, seed=2) * 6, 1024, 2000, 8) is None


def test_the_limit_cuts_at_the_cap_and_keeps_only_what_fits() -> None:
    limit = ReplyLimit(1000)
    kept = [limit.take(piece) for piece in [prose(400), prose(400, 3), prose(400, 4), "more"]]
    assert limit.cut is not None and limit.cut.reason == "chars"
    assert sum(map(len, kept)) == limit.seen == limit.cut.chars == 1000
    assert kept[-1] == ""  # nothing more once cut
    looping = ReplyLimit(None)
    taken = 0
    while looping.cut is None:
        taken += len(looping.take("round and round "))
        assert taken < 10_000
    assert looping.cut.reason == "repetition" and looping.cut.period == 16
    assert "the same 16 character(s)" in looping.cut.describe()


# -- what goes on the wire


async def test_every_request_says_max_tokens_and_the_text_format_says_stop() -> None:
    scripted = ScriptedModel([Reply("one"), Reply("Thought: done\nFinal answer: krakow")])
    async with ScriptedServer(scripted) as server:
        model = OpenAIModel("m", base_url=server.base_url, max_tokens=321)
        await reply_of(model)
        tools = ({"type": "function", "function": {"name": "final_answer", "parameters": {}}},)
        _, reply = await reply_of(ReactModel(model), ModelRequest(HI.messages, tools))
        await model.close()
    assert reply.tool_calls[0].name == "final_answer"
    tools_body, text_body = server.bodies
    assert tools_body["max_tokens"] == text_body["max_tokens"] == 321
    assert "stop" not in tools_body  # tool calling has its own ends
    assert text_body["stop"] == ["Observation:"] and "tools" not in text_body


async def test_a_server_that_refuses_max_tokens_gets_max_completion_tokens() -> None:
    from planrag.engine.scripted import Fail
    from planrag.errors import ModelRejected

    refusal = Fail(ModelRejected("Unsupported parameter: 'max_tokens' is not supported with "
                                 "this model. Use 'max_completion_tokens' instead."))
    async with ScriptedServer(ScriptedModel([Reply("fine")]), faults={1: refusal}) as server:
        model = OpenAIModel("m", base_url=server.base_url, max_tokens=500)
        _, reply = await reply_of(model)
        await model.close()
    assert reply.text == "fine"
    first, second = server.bodies
    assert first["max_tokens"] == 500 and "max_completion_tokens" not in first
    assert second["max_completion_tokens"] == 500 and "max_tokens" not in second


async def test_no_max_tokens_is_sent_when_it_is_switched_off() -> None:
    async with ScriptedServer(ScriptedModel([Reply("fine")])) as server:
        model = OpenAIModel("m", base_url=server.base_url, max_tokens=None)
        await reply_of(model)
        await model.close()
    assert "max_tokens" not in server.bodies[0]


# -- an endless stream is stopped, and the server sees the client leave


@pytest.mark.parametrize(("fault", "max_chars", "reason"), [
    (Endless("over and over "), 40_000, "repetition"),
    (Endless(prose(1500)), 5000, "chars"),  # no loop the detector watches: the cap stops it
    (Endless('SELECT 1 UNION ', tool_call=True), 40_000, "repetition"),
    (Endless(prose(1500), tool_call=True), 5000, "chars"),
])
async def test_an_endless_reply_is_cut_and_its_stream_closed(
    fault: Endless, max_chars: int, reason: str, loop_errors: list[str]
) -> None:
    request = ModelRequest(HI.messages, (), max_chars=max_chars)
    async with ScriptedServer(ScriptedModel([]), faults={1: fault}) as server:
        model = OpenAIModel("m", base_url=server.base_url)
        shown, reply = await asyncio.wait_for(reply_of(model, request), WAIT)
        await asyncio.wait_for(server.wait_hangups(1), WAIT)
        await model.close()
    assert reply.cut is not None and reply.cut.reason == reason
    assert reply.tool_calls == () and reply.finish_reason == "length"
    # What was held is bounded by the cap, however much the server sent.
    assert len(reply.text) <= max_chars and len(shown) <= max_chars
    assert reply.cut.chars <= max_chars
    if fault.tool_call:
        assert shown == "" and reply.text == ""
    else:
        assert reply.text == shown.strip()
    assert server.hangups == 1 and server.requests == 1
    # Counted, its tokens "not reported": the stream never reached its usage chunk.
    assert not reply.usage_reported and reply.prompt_tokens == reply.completion_tokens == 0
    await settle()
    assert loop_errors == []


async def test_a_run_whose_model_loops_recovers_and_both_sides_are_told(
    engine_for, loop_errors: list[str]  # type: ignore[no-untyped-def]
) -> None:
    scripted = happy()
    async with ScriptedServer(scripted, faults={1: Endless("Let me think again. ")}) as server:
        model = OpenAIModel("m", base_url=server.base_url)
        async with engine_for(model) as engine:  # type: ignore[arg-type]
            events = await asyncio.wait_for(collect(engine.run(TEXT)), WAIT)
        await asyncio.wait_for(server.wait_hangups(1), WAIT)
        await model.close()
    done = events[-1]
    assert isinstance(done, RunFinished) and done.decision == "krakow", done
    assert done.usage.model_calls == 4  # the cut call counts
    shown = "".join(e.text for e in events if e.kind == "model_text")
    assert "[the model's reply was stopped: it kept repeating the same 20 character(s)" in shown
    # The model's next request: its own start of the loop (bounded), then what happened.
    looped, told = server.bodies[1]["messages"][-2:]
    assert looped["role"] == "assistant" and looped["content"].endswith("[… cut off here]")
    assert len(looped["content"]) <= KEPT_CHARS + 20 and "tool_calls" not in looped
    assert told["role"] == "user" and told["content"].startswith(
        "Your last reply was stopped: it kept repeating the same 20 character(s)")
    assert "Nothing in it was run" in told["content"]
    scripted.assert_all_used()
    await settle()
    assert loop_errors == []


async def test_a_model_that_only_loops_ends_the_run_without_waiting_for_its_time(
    engine_for,  # type: ignore[no-untyped-def]
) -> None:
    faults = {i: Endless("again ") for i in (1, 2, 3)}
    async with ScriptedServer(ScriptedModel([]), faults=faults) as server:
        model = OpenAIModel("m", base_url=server.base_url)
        async with engine_for(model, run_timeout_s=3600.0) as engine:  # type: ignore[arg-type]
            events = await asyncio.wait_for(collect(engine.run(TEXT)), WAIT)
        await asyncio.wait_for(server.wait_hangups(3), WAIT)
        await model.close()
    done = events[-1]
    assert isinstance(done, RunFinished) and done.decision is None
    assert done.stop_reason == "budget:idle_turns" and done.usage.model_calls == 3
    assert server.hangups == 3
    shown = "".join(e.text for e in events if e.kind == "model_text")
    assert shown.count("[the model's reply was stopped: it kept repeating the same 6 "
                       "character(s)") == 3
    assert shown.count("the model is asked to write something else]") == 2  # not the last
    assert shown.endswith("nothing in it runs]\n")


async def test_the_run_cap_asks_for_the_answer_and_ends_the_run(engine_for) -> None:  # type: ignore[no-untyped-def]
    scripted = ScriptedModel([Reply(calls=[answer("krakow")])])
    fault = {1: Endless(prose(1500))}
    async with ScriptedServer(scripted, faults=fault) as server:
        model = OpenAIModel("m", base_url=server.base_url)
        config = {"max_reply_chars": 40_000, "max_run_chars": 5000}
        async with engine_for(model, **config) as engine:  # type: ignore[arg-type]
            events = await asyncio.wait_for(collect(engine.run(TEXT)), WAIT)
        await model.close()
    done = events[-1]
    assert isinstance(done, RunFinished), done
    assert done.decision == "krakow" and done.stop_reason == "budget:max_run_chars"
    shown = "".join(e.text for e in events if e.kind == "model_text")
    assert "(PLANRAG_MAX_RUN_CHARS); the model is asked for its final answer]" in shown
    assert len(shown) <= 5000 + 300  # the cut reply, then the notice
    asked = server.bodies[1]
    assert [t["function"]["name"] for t in asked["tools"]] == ["final_answer"]
    assert "The max_run_chars budget is reached" in asked["messages"][-1]["content"]


async def test_a_model_that_ignores_the_cap_is_stopped_by_the_engine(engine_for) -> None:  # type: ignore[no-untyped-def]
    # The scripted model does not keep to max_chars itself: the engine stops reading it.
    model = ScriptedModel([Reply(prose(120_000)), *happy().script])
    async with engine_for(model) as engine:
        events = await asyncio.wait_for(collect(engine.run(TEXT)), WAIT)
    done = events[-1]
    assert isinstance(done, RunFinished) and done.decision == "krakow"
    shown = "".join(e.text for e in events if e.kind == "model_text")
    assert "the most one reply may have (PLANRAG_MAX_REPLY_CHARS)" in shown
    assert len(shown) <= 2 * 40_000 + 300
    kept = model.requests[1].messages[-2]
    assert kept["role"] == "assistant" and len(kept["content"]) <= KEPT_CHARS + 20
    calls = [e for e in events if isinstance(e, ModelCalled)]
    assert len(calls) == 4 and calls[0].tool_calls == ()


async def test_a_looping_reply_in_the_text_format_runs_nothing(engine_for) -> None:  # type: ignore[no-untyped-def]
    # The loop starts with a well-formed action: cut, it is not read (the query may be cut).
    looping = "Thought: I query.\nAction: run_sql\nAction input: SELECT 1 " + "UNION SELECT 1 " * 9
    query = sql()[1]["query"]
    scripted = ScriptedModel([
        Reply(f"Plan: [Step 1: presence of SWE]\nAction: run_sql\nAction input: {query}"),
        Reply("Thought: the data decides.\nFinal answer: krakow"),
    ])
    fault = {2: Endless(looping)}
    async with ScriptedServer(scripted, faults=fault) as server:
        model = ReactModel(OpenAIModel("m", base_url=server.base_url))
        async with engine_for(model) as engine:  # type: ignore[arg-type]
            events = await asyncio.wait_for(collect(engine.run(TEXT)), WAIT)
        await asyncio.wait_for(server.wait_hangups(1), WAIT)
        await model.inner.close()  # type: ignore[attr-defined]
    done = events[-1]
    assert isinstance(done, RunFinished) and done.decision == "krakow", done
    assert done.queries == 1  # the cut reply's query never ran
    assert all(body["stop"] == ["Observation:"] for body in server.bodies)
    assert server.hangups == 1


# -- empty replies, and replies cut by the run's time


async def test_an_empty_reply_is_never_sent_back_as_null(engine_for) -> None:  # type: ignore[no-untyped-def]
    scripted = ScriptedModel([Reply(), *happy().script])
    async with ScriptedServer(scripted) as server:
        model = OpenAIModel("m", base_url=server.base_url)
        async with engine_for(model) as engine:  # type: ignore[arg-type]
            events = await asyncio.wait_for(collect(engine.run(TEXT)), WAIT)
        await model.close()
    done = events[-1]
    assert isinstance(done, RunFinished) and done.decision == "krakow"
    shown = "".join(e.text for e in events if e.kind == "model_text")
    assert "[the model sent an empty reply; it is asked again]" in shown
    for body in server.bodies:
        for message in body["messages"]:
            if message["role"] == "assistant":
                assert message.get("content") or message.get("tool_calls"), message
    empty, nudge = server.bodies[1]["messages"][-2:]
    assert empty == {"role": "assistant", "content": "(an empty reply)"}
    assert nudge["role"] == "user" and nudge["content"].startswith("Your last reply was empty.")


async def test_a_reply_cut_by_the_run_time_is_counted(
    engine_for, loop_errors: list[str]  # type: ignore[no-untyped-def]
) -> None:
    faults = {i: Endless("slow words ", pause=0.02) for i in (1, 2)}
    async with ScriptedServer(ScriptedModel([]), faults=faults) as server:
        model = OpenAIModel("m", base_url=server.base_url)
        async with engine_for(model, run_timeout_s=0.4,  # type: ignore[arg-type]
                              answer_grace_s=0.3) as engine:
            events = await asyncio.wait_for(collect(engine.run(TEXT)), WAIT)
        await asyncio.wait_for(server.wait_hangups(2), WAIT)
        await model.close()
    done = events[-1]
    assert isinstance(done, RunFinished) and done.stop_reason == "budget:run_timeout"
    calls = [e for e in events if isinstance(e, ModelCalled)]
    assert [c.call for c in calls] == [1, 2] and all(c.tool_calls == () for c in calls)
    assert done.usage.model_calls == 2 and done.usage.unreported_calls == 2
    assert all(not c.usage_reported for c in calls)  # "not reported", never 0 tokens
    assert done.usage.tokens_text() == "tokens not reported"
    shown = "".join(e.text for e in events if e.kind == "model_text")
    assert "[the run's time is up (PLANRAG_RUN_TIMEOUT): this reply is dropped" in shown
    assert server.hangups == 2
    await settle()
    assert loop_errors == []


@dataclass
class Watched(WrapperModel):
    """Counts the model's streams still open (started and not closed yet)."""

    open: int = 0

    async def stream(self, request: ModelRequest) -> AsyncIterator[TextPiece | ModelReply]:
        self.open += 1
        try:
            async with closing_stream(self.inner.stream(request)) as chunks:
                async for chunk in chunks:
                    yield chunk
        finally:
            self.open -= 1


async def test_streams_are_closed_when_a_run_is_abandoned(
    engine_for, loop_errors: list[str]  # type: ignore[no-untyped-def]
) -> None:
    """A front end that stops reading a run in the middle of a reply (a closed tab) closes
    its events; the model's stream closes with them, before `aclose` returns (not later, from
    the garbage collector), and the server sees the client leave."""
    async with ScriptedServer(ScriptedModel([]), faults={1: Endless("x y ", pause=0.01)}
                              ) as server:
        model = Watched(OpenAIModel("m", base_url=server.base_url))
        async with engine_for(model) as engine:  # type: ignore[arg-type]
            events = engine.run(TEXT)
            async for event in events:
                if event.kind == "model_text":
                    break
            assert model.open == 1
            await events.aclose()  # type: ignore[attr-defined]
            assert model.open == 0
            await asyncio.wait_for(server.wait_hangups(1), WAIT)
        await model.inner.close()  # type: ignore[attr-defined]
    assert server.hangups == 1
    await settle()
    assert loop_errors == []


async def test_streams_are_closed_after_every_reply(engine_for) -> None:  # type: ignore[no-untyped-def]
    scripted = happy()
    async with ScriptedServer(scripted, faults={1: Endless("loop ")}) as server:
        model = Watched(OpenAIModel("m", base_url=server.base_url))
        async with engine_for(model) as engine:  # type: ignore[arg-type]
            async for event in engine.run(TEXT):
                if event.kind == "model_called":  # each reply's stream is closed by then
                    assert model.open == 0
        await model.inner.close()  # type: ignore[attr-defined]
    assert isinstance(event, RunFinished) and event.decision == "krakow"
