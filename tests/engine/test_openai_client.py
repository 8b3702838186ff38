"""The real OpenAI client against the scripted HTTP server: streaming, tool calls, usage,
error statuses, and many runs sharing one server without cross-talk."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
import pytest

from planrag.engine import Fail, Reply, Retrying, RunFailed, RunFinished, ScriptedModel
from planrag.engine.openai_model import OpenAIModel
from planrag.engine.scripted_server import ScriptedServer
from planrag.errors import ConfigError, ModelRateLimited, ModelRejected
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
