"""The real OpenAI client against the scripted HTTP server: streaming, tool calls, usage,
error statuses, failures in the middle of a streamed reply (stalls, cut-off streams, broken
chunks) and their retries, and many runs sharing one server without cross-talk."""

from __future__ import annotations

import asyncio
import json
import os
from typing import Any

import httpx
import pytest

from planrag.engine import (
    Fail,
    ModelReply,
    ModelRequest,
    Reply,
    Retrying,
    RunFailed,
    RunFinished,
    ScriptedModel,
    TextPiece,
)
from planrag.engine.openai_model import OpenAIModel
from planrag.engine.scripted_server import Cut, ScriptedServer, Stall
from planrag.errors import (
    ConfigError,
    ModelError,
    ModelRateLimited,
    ModelRejected,
    ModelServerError,
    ModelTimeout,
)
from tests.engine.conftest import TEXT, answer, collect, plan, sql


def happy() -> ScriptedModel:
    return ScriptedModel([
        Reply("Planning the analysis.", [plan("presence of SWE")]),
        Reply(calls=[sql()]),
        Reply("SWE should go to krakow.", [answer("krakow", "q1")]),
    ])


async def test_a_whole_run_through_the_openai_client(engine_for) -> None:  # type: ignore[no-untyped-def]
    scripted = happy()
    async with ScriptedServer(scripted) as server:
        model = OpenAIModel("scripted-gpt", base_url=server.base_url, api_key="x")
        async with engine_for(model) as engine:  # type: ignore[arg-type]
            events = await collect(engine.run(TEXT))
        await model.close()
    done = events[-1]
    assert isinstance(done, RunFinished), events
    assert done.decision == done.verified_decision == "krakow"
    assert done.usage.model_calls == 3 and done.usage.prompt_tokens > 0
    assert done.usage.completion_tokens > 0
    text = "".join(e.text for e in events if e.kind == "model_text")
    assert text == "Planning the analysis.SWE should go to krakow."
    assert not events[0].scripted  # the engine sees a real client...
    assert scripted.requests[0].tools[0]["function"]["name"] == "make_plan"
    # ...and the server saw the engine's messages, tool results included.
    assert scripted.requests[2].messages[-1]["role"] == "tool"
    scripted.assert_all_used()


async def test_non_streaming_completions_have_usage() -> None:
    scripted = ScriptedModel([Reply("hello", [answer()])])
    async with ScriptedServer(scripted) as server, httpx.AsyncClient() as client:
        response = await client.post(
            server.base_url + "/chat/completions",
            json={"model": "m", "messages": [{"role": "user", "content": "hi"}]},
        )
    body: dict[str, Any] = response.json()
    assert response.status_code == 200 and body["usage"]["total_tokens"] > 0
    message = body["choices"][0]["message"]
    assert message["content"] == "hello"
    assert json.loads(message["tool_calls"][0]["function"]["arguments"])["decision"] == "krakow"


async def test_http_errors_map_to_retryable_or_not(engine_for) -> None:  # type: ignore[no-untyped-def]
    flaky = ScriptedModel([Fail(ModelRateLimited("slow down")), *happy().script])
    async with ScriptedServer(flaky) as server:
        model = Retrying(OpenAIModel("m", base_url=server.base_url), base_delay=0.01)
        async with engine_for(model) as engine:  # type: ignore[arg-type]
            events = await collect(engine.run(TEXT))
    assert isinstance(events[-1], RunFinished) and model.retries == 1
    locked = ScriptedModel([Fail(ModelRejected("401 bad key"))])
    async with ScriptedServer(locked) as server:
        model = Retrying(OpenAIModel("m", base_url=server.base_url), base_delay=0.01)
        async with engine_for(model) as engine:  # type: ignore[arg-type]
            events = await collect(engine.run(TEXT))
    failed = events[-1]
    assert isinstance(failed, RunFailed) and "refused the API key" in failed.message
    assert model.retries == 0
    gone = Retrying(OpenAIModel("m", base_url="http://127.0.0.1:9/v1"), attempts=2,
                    base_delay=0.01)
    async with engine_for(gone) as engine:  # type: ignore[arg-type]
        events = await collect(engine.run(TEXT))
    assert "cannot reach the model at http://127.0.0.1:9/v1" in events[-1].message


async def test_many_runs_share_one_server_without_cross_talk(engine_for) -> None:  # type: ignore[no-untyped-def]
    decisions = ["krakow", "novgorod", "lubeck", "krakow", "novgorod"] * 10
    models = {f"run-{i}": ScriptedModel([
        Reply(calls=[plan("presence")]), Reply(calls=[sql()]),
        Reply(calls=[answer(d, "q1")]),
    ]) for i, d in enumerate(decisions)}

    def route(body: dict[str, Any]) -> ScriptedModel:
        question = next(m["content"] for m in body["messages"] if m["role"] == "user")
        return models[question.split("]")[0].strip("[")]

    async with ScriptedServer(route) as server:
        model = OpenAIModel("m", base_url=server.base_url)

        async def one(i: int) -> RunFinished:
            async with engine_for(model) as engine:  # type: ignore[arg-type]
                events = await collect(engine.run(f"[run-{i}] {TEXT}"))
            assert isinstance(events[-1], RunFinished), events[-1]
            return events[-1]

        results = await asyncio.gather(*(one(i) for i in range(len(decisions))))
        await model.close()
    assert [r.decision for r in results] == decisions
    assert all(m.used == 3 for m in models.values())


def test_a_model_needs_an_endpoint() -> None:
    with pytest.raises(ConfigError, match="no model endpoint"):
        OpenAIModel("gpt-4o")


HI = ModelRequest(({"role": "user", "content": "hi"},), ())
FAST = 0.3
"""The client's timeout in these tests (seconds without a byte from the server)."""


async def pieces_and_reply(model: OpenAIModel) -> tuple[list[str], ModelReply]:
    pieces: list[str] = []
    async for chunk in model.stream(HI):
        if isinstance(chunk, TextPiece):
            pieces.append(chunk.text)
        else:
            return pieces, chunk
    raise AssertionError("the stream ended without a reply")


@pytest.mark.parametrize(("fault", "error", "message"), [
    (Stall("Hello wor", seconds=5), ModelTimeout,
     "stopped sending in the middle of its reply (nothing for 0.3 s)"),
    (Stall(before_headers=True, seconds=5), ModelTimeout, "did not answer in time"),
    (Cut("Hello wor"), ModelServerError, "was cut off: its stream ended before [DONE]"),
    (Cut("Hello wor", finished=True), ModelServerError, "ended before [DONE]"),
    (Cut("Hello wor", done=True), ModelServerError, "ended without a finish_reason"),
    (Cut("Hello", tail='data: {"error": {"message": "CUDA out of memory"}}\n\n'),
     ModelServerError, "failed in the middle of its reply: CUDA out of memory"),
    (Cut("Hello", tail="data: {not json\n\n"), ModelServerError,
     "a stream chunk is not JSON ({not json)"),
    (Cut("Hello", tail='data: {"choices": 7}\n\n'), ModelServerError,
     "expected a list, got 7"),
    (Fail(ModelServerError("overloaded")), ModelServerError, "failed (500): "),
    (Fail(ModelRateLimited("slow down")), ModelRateLimited, "rate limited by"),
])
async def test_a_broken_reply_is_a_model_error(
    fault: Stall | Cut | Fail, error: type[ModelError], message: str
) -> None:
    async with ScriptedServer(ScriptedModel([]), faults={1: fault}) as server:
        model = OpenAIModel("m", base_url=server.base_url, timeout_s=FAST)
        with pytest.raises(error) as raised:
            await pieces_and_reply(model)
        await model.close()
    assert message in str(raised.value) and server.base_url in str(raised.value)
    assert raised.value.retryable


NOTICE = "\n[the reply broke off ("


@pytest.mark.parametrize(("fault", "shown_before"), [
    (Fail(ModelRateLimited("slow down")), ""),
    (Fail(ModelServerError("overloaded")), ""),
    (Stall(before_headers=True, seconds=5), ""),
    (Stall("Plann", seconds=5), "Plann"),
    (Cut("Planning the"), "Planning the"),
])
async def test_a_failed_first_call_is_retried_and_the_run_recovers(
    engine_for, fault: Stall | Cut | Fail, shown_before: str  # type: ignore[no-untyped-def]
) -> None:
    scripted = happy()
    async with ScriptedServer(scripted, faults={1: fault}) as server:
        model = Retrying(OpenAIModel("m", base_url=server.base_url, timeout_s=FAST),
                         base_delay=0.01)
        async with engine_for(model) as engine:  # type: ignore[arg-type]
            events = await collect(engine.run(TEXT))
        await model.inner.close()  # type: ignore[attr-defined]
    done = events[-1]
    assert isinstance(done, RunFinished) and done.decision == "krakow", events[-1]
    assert model.retries == 1 and server.requests == 4
    scripted.assert_all_used()  # the faulted request did not use up a reply
    text = "".join(e.text for e in events if e.kind == "model_text")
    if shown_before:
        # The broken text stays visible, but the retry says that the reply starts again.
        before, notice = text.split(NOTICE)
        assert before == shown_before and "attempt 2 of 4" in notice
        assert notice.split("restarts below]\n", 1)[1] == (
            "Planning the analysis.SWE should go to krakow."
        )
    else:
        assert text == "Planning the analysis.SWE should go to krakow."
    # The model's conversation keeps the completed reply only.
    assert scripted.requests[1].messages[2]["content"] == "Planning the analysis."


async def test_a_failure_that_persists_ends_the_run_with_a_clear_message(engine_for) -> None:  # type: ignore[no-untyped-def]
    faults = {i: Stall("Plann", seconds=5) for i in (1, 2, 3)}
    async with ScriptedServer(happy(), faults=faults) as server:
        model = Retrying(OpenAIModel("m", base_url=server.base_url, timeout_s=FAST),
                         attempts=3, base_delay=0.01)
        async with engine_for(model) as engine:  # type: ignore[arg-type]
            events = await collect(engine.run(TEXT))
        await model.inner.close()  # type: ignore[attr-defined]
    failed = events[-1]
    assert isinstance(failed, RunFailed) and failed.stage == "planning"
    assert failed.message == (
        f"the model failed: {server.base_url} stopped sending in the middle of its reply "
        "(nothing for 0.3 s) (gave up after 3 attempts)"
    )
    assert model.retries == 2 and server.requests == 3
    text = "".join(e.text for e in events if e.kind == "model_text")
    assert text.count(NOTICE) == 2 and text.endswith("below]\nPlann")  # the last try is not retried

    down = {i: Fail(ModelServerError("overloaded")) for i in (1, 2)}
    async with ScriptedServer(happy(), faults=down) as server:
        model = Retrying(OpenAIModel("m", base_url=server.base_url), attempts=2,
                         base_delay=0.01)
        async with engine_for(model) as engine:  # type: ignore[arg-type]
            events = await collect(engine.run(TEXT))
        await model.inner.close()  # type: ignore[attr-defined]
    failed = events[-1]
    assert isinstance(failed, RunFailed)
    assert failed.message.startswith(f"the model failed: {server.base_url} failed (500): ")
    # The server's own words, never its JSON as a dict.
    assert failed.message.endswith("failed (500): overloaded (gave up after 2 attempts)")


async def test_template_tokens_split_across_pieces_are_removed() -> None:
    scripted = ScriptedModel([
        Reply(pieces=["krakow wins<", "|im_", "end|", "> ", "a < b</", "s>"]),
    ])
    async with ScriptedServer(scripted) as server:
        model = OpenAIModel("m", base_url=server.base_url)
        pieces, reply = await pieces_and_reply(model)
        await model.close()
    assert "".join(pieces) == "krakow wins a < b" and reply.text == "krakow wins a < b"
    assert pieces[0] == "krakow wins"  # text before a possible token is not held back


@pytest.mark.parametrize("endpoint", [
    {"api_key": "sk-test"},  # no base_url: the OpenAI API itself
    {"base_url": "https://api.openai.com/v1", "api_key": "sk-test"},
    {"base_url": "http://10.1.2.3:8000/v1"},
    {"base_url": "http://localhost.example.com:11434/v1"},
])
def test_tests_cannot_reach_a_live_model(endpoint: dict[str, str]) -> None:
    with pytest.raises(pytest.fail.Exception, match="tests must not reach a live model"):
        OpenAIModel("gpt-4o", **endpoint)
    assert not [k for k in os.environ if k.startswith(("OPENAI_", "PLANRAG_MODEL"))]


@pytest.mark.parametrize("base_url", [
    "http://127.0.0.1:9/v1", "http://localhost:11434/v1", "http://[::1]:8000/v1",
])
def test_loopback_servers_are_allowed(base_url: str) -> None:
    assert OpenAIModel("m", base_url=base_url).endpoint.startswith(base_url)


@pytest.mark.parametrize(("asked", "waited"), [(2.5, 2.5), (None, None), (600, 60.0)])
async def test_a_rate_limit_waits_as_long_as_the_server_asks_within_reason(
    asked: float | None, waited: float | None
) -> None:
    waits: list[float] = []

    async def sleep(seconds: float) -> None:
        waits.append(seconds)

    scripted = ScriptedModel([Reply("hello", [answer()])])
    fault = Fail(ModelRateLimited("slow down", retry_after=asked))
    async with ScriptedServer(scripted, faults={1: fault}) as server:
        inner = OpenAIModel("m", base_url=server.base_url, timeout_s=FAST)
        model = Retrying(inner, base_delay=0.01, sleep=sleep)
        _, reply = await pieces_and_reply(model)  # type: ignore[arg-type]
        await inner.close()
    assert reply.text == "hello" and model.retries == 1 and len(waits) == 1
    if waited is None:
        assert waits[0] <= 0.01  # no Retry-After: the usual backoff
    else:
        assert waits[0] == pytest.approx(waited)


async def test_a_streamed_reply_leaves_no_generator_to_the_garbage_collector() -> None:
    """Issue 35, point 7: a streamed call left httpx's and httpcore's generators half-read
    (the client stopped at `[DONE]`), finalised later by the garbage collector, possibly
    outside the loop: "async generator ignored GeneratorExit" after every streamed call.
    Now every generator the call started has ended when the reply is in, and nothing is
    reported to the loop once they are collected."""
    import gc
    import sys

    loop = asyncio.get_running_loop()
    reported: list[str] = []
    loop.set_exception_handler(lambda _loop, context: reported.append(str(context)))
    started: list[Any] = []
    hooks = sys.get_asyncgen_hooks()

    def firstiter(generator: Any) -> None:
        started.append(generator)
        if hooks.firstiter is not None:
            hooks.firstiter(generator)

    async with ScriptedServer(happy()) as server:
        model = OpenAIModel("scripted-gpt", base_url=server.base_url, api_key="x")
        sys.set_asyncgen_hooks(firstiter=firstiter, finalizer=hooks.finalizer)
        try:
            replies = [c async for c in model.stream(ModelRequest(
                ({"role": "user", "content": TEXT},), ())) if isinstance(c, ModelReply)]
        finally:
            sys.set_asyncgen_hooks(*hooks)
        assert len(replies) == 1 and replies[0].tool_calls
        left = [g.__qualname__ for g in started if g.ag_frame is not None]
        assert left == [], left
        started.clear()
        gc.collect()
        await asyncio.sleep(0.01)
        await model.close()
    loop.set_exception_handler(None)
    assert reported == []
