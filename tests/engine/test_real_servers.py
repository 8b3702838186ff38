"""What running a real small model on a local server showed (Gemma 3 270M on
llama-cpp-python's OpenAI-compatible server, on CPU), reproduced with the scripted server
and small fakes: concurrent requests cancelled by the server, tools silently dropped, strict
validation errors, no usage reported, echoed placeholders, leaked chat-template markers, and
budget notices in the words of the format in use."""

from __future__ import annotations

import asyncio
import io
import json
import re
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from planrag.engine import (
    AnswerProposed,
    ModelCalled,
    ModelReply,
    ModelRequest,
    PlanMade,
    Reply,
    Retrying,
    RunFinished,
    ScriptedModel,
    TextPiece,
    event_to_json,
)
from planrag.engine.endpoints import default_concurrency, slots_for
from planrag.engine.model import TemplateTokens, strip_template_tokens
from planrag.engine.openai_model import OpenAIModel
from planrag.engine.placeholders import echoed_placeholder
from planrag.engine.react import ReactModel, ToolsOrText, in_text_words, parse_react
from planrag.engine.render import TerminalRenderer
from planrag.engine.scripted_server import Raw, ScriptedServer, Stall
from planrag.engine.session import model_concurrency, model_from_settings
from planrag.errors import ModelError, ModelRejected, ModelServerError
from planrag.runtime import load_datasets
from planrag.settings import load_settings
from tests.cli.test_ask import ask
from tests.engine.conftest import SWE_ROWS, TEXT, answer, collect, plan, sql
from tests.engine.test_model_limits import happy

HI = ModelRequest(({"role": "user", "content": "hi"},), ())
WAIT = 60.0
"""A guard against a hung test, never a measured time."""


async def reply_or_error(model: Any, request: ModelRequest = HI) -> ModelReply | BaseException:
    try:
        async for chunk in model.stream(request):
            if isinstance(chunk, ModelReply):
                return chunk
    except ModelError as exc:
        return exc
    raise AssertionError("the stream ended without a reply")


async def at_once(*models: Any) -> list[ModelReply | BaseException]:
    """Each model's reply (or error) to one request, all asked at the same time."""
    return list(await asyncio.wait_for(
        asyncio.gather(*(reply_or_error(m) for m in models)), WAIT))


def shown(events: list[Any]) -> str:
    return "".join(e.text for e in events if e.kind == "model_text")


# -- concurrency: llama-cpp-python cancels the running request when another arrives


async def test_the_endpoint_gets_one_request_at_a_time_from_all_the_processs_models() -> None:
    # Request 1 waits (a short while) for a newer request that would cancel it: with one
    # slot per endpoint, none comes until it is over.
    async with ScriptedServer(ScriptedModel([Reply("first"), Reply("second")]),
                              interrupts={1: 0.3}) as server:
        a = OpenAIModel("m", base_url=server.base_url, concurrency=1)
        b = OpenAIModel("m", base_url=server.base_url, concurrency=1)
        got = await at_once(a, b)
        await a.close()
        await b.close()
    assert [r.text for r in got if isinstance(r, ModelReply)] == ["first", "second"]
    assert server.max_active == 1 and server.cancelled == 0


async def test_a_reply_cancelled_for_another_request_says_so_and_the_endpoint_goes_serial(
) -> None:
    script = ScriptedModel([Reply("one"), Reply("two"), Reply("three"), Reply("four")])
    async with ScriptedServer(script, interrupts={1: WAIT}) as server:
        a = OpenAIModel("m", base_url=server.base_url, concurrency=2)
        b = OpenAIModel("m", base_url=server.base_url, concurrency=2)
        got = await at_once(a, b)
        failed = [r for r in got if isinstance(r, BaseException)]
        assert len(failed) == 1 and isinstance(failed[0], ModelServerError), got
        assert str(failed[0]) == (
            f"the reply from {server.base_url} was cut off: its stream ended without a "
            "finish_reason, while other requests to it were running: the server likely "
            "cancels a request when another arrives (llama-cpp-python does); set "
            "PLANRAG_MODEL_CONCURRENCY=1 (planrag eval: --concurrency 1). Until then this "
            "process sends it one request at a time"
        )
        assert failed[0].retryable  # asked again, it waits its turn
        assert server.cancelled == 1 and server.max_active == 2
        assert slots_for(a.endpoint).serial
        server.max_active = server.active
        again = await at_once(a, b)
        await a.close()
        await b.close()
    assert all(isinstance(r, ModelReply) for r in again)
    assert server.max_active == 1 and server.cancelled == 1


async def test_with_retries_a_cancelled_reply_is_asked_again_and_told() -> None:
    script = ScriptedModel([Reply("one"), Reply("two"), Reply("three")])
    async with ScriptedServer(script, interrupts={1: WAIT}) as server:
        clients = [OpenAIModel("m", base_url=server.base_url, concurrency=2) for _ in "ab"]
        models = [Retrying(c, base_delay=0.01) for c in clients]
        texts: list[list[str]] = [[], []]

        async def one(i: int) -> ModelReply:
            async for chunk in models[i].stream(HI):
                if isinstance(chunk, TextPiece):
                    texts[i].append(chunk.text)
                else:
                    return chunk
            raise AssertionError("no reply")

        got = await asyncio.wait_for(asyncio.gather(one(0), one(1)), WAIT)
        for client in clients:
            await client.close()
    assert sorted(r.text for r in got) == ["three", "two"]
    told = "".join(texts[0] + texts[1])
    assert "[the reply broke off (the reply from" in told
    assert "the server likely cancels a request when another arrives" in told
    assert server.cancelled == 1 and server.requests == 3


@pytest.mark.parametrize(("base_url", "expected"), [
    (None, 4),  # OpenAI's API
    ("https://api.openai.com/v1", 4),
    ("https://example-resource.openai.azure.com/openai/v1", 4),
    ("http://127.0.0.1:8000/v1", 1),
    ("http://localhost:11434/v1", 1),
    ("http://[::1]:8080/v1", 1),
    ("http://192.168.1.20:8000/v1", 1),
    ("http://10.0.0.5:8000/v1", 1),
    ("http://llm:8000/v1", 1),  # a compose service
    ("http://gpu-box.local:8000/v1", 1),
    ("http://models.internal:8000/v1", 1),
])
def test_the_default_concurrency_follows_the_endpoint(base_url: str | None,
                                                      expected: int) -> None:
    assert default_concurrency(base_url) == expected


def test_the_setting_overrides_the_default_and_reaches_the_model(tmp_path: Path) -> None:
    local = load_settings(env_file=None, data_dir=tmp_path, model_name="m",
                          model_base_url="http://127.0.0.1:9/v1")
    assert model_concurrency(local) == 1
    client = model_from_settings(local)
    while not isinstance(client, OpenAIModel):
        client = client.inner  # type: ignore[attr-defined]
    assert client.concurrency == 1
    assert model_concurrency(local.model_copy(update={"model_concurrency": 3})) == 3


def test_eval_asks_as_many_questions_at_once_as_the_endpoint_takes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from planrag.cli.evaluate import eval_concurrency

    local = load_settings(env_file=None, data_dir=tmp_path, model_name="m",
                          model_base_url="http://127.0.0.1:9/v1")
    assert eval_concurrency(local, None, scripted=False) == 1
    assert eval_concurrency(local, None, scripted=True) == 4
    assert capsys.readouterr().err == ""
    assert eval_concurrency(local, 3, scripted=False) == 3
    assert capsys.readouterr().err.startswith(
        "--concurrency 3: the model endpoint is sent 1 request(s) at a time "
        "(PLANRAG_MODEL_CONCURRENCY), so the other questions' model calls wait their turn")


async def test_eval_against_a_server_that_cancels_running_requests_answers_every_question(
    tmp_path: Path,
) -> None:
    """The finding: `planrag eval` with four questions at once against llama-cpp-python
    failed every question "cut off". Now the process sends the endpoint one request at a
    time, however many questions run at once."""
    import os
    import sys

    from tests._sql_fixtures import ROOT

    def route(_body: dict[str, Any]) -> ScriptedModel:
        return ScriptedModel([Reply("Deciding.", [answer("krakow")])])

    async with ScriptedServer(route, usage=False, interrupts={1: 1.0}) as server:
        env = {**os.environ, "PLANRAG_DATA_DIR": str(tmp_path / "data"), "MYSQL_URL": "",
               "PLANRAG_MODEL": "m", "PLANRAG_MODEL_BASE_URL": server.base_url}
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "planrag", "eval", "--dqa", "fixtures/dqa", "--scenario",
            "locating", "--target", "sqlite", "--limit", "3", "--concurrency", "3", "--out",
            str(tmp_path / "out"), cwd=ROOT, env=env,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
        )
        out, err = await asyncio.wait_for(proc.communicate(), 300)
    assert proc.returncode == 0, err.decode()
    assert "--concurrency 3: the model endpoint is sent 1 request(s) at a time" in err.decode()
    lines = [json.loads(line) for line in out.decode().splitlines()]
    assert [line["outcome"] for line in lines] == ["answered"] * 3
    assert server.cancelled == 0 and server.max_active == 1 and server.requests == 3
    # The server reports no usage: its calls are counted as such, not as 0 tokens.
    assert [line["unreported_calls"] for line in lines] == [1, 1, 1]
    assert "(3 calls' tokens not reported by the server)" in (
        tmp_path / "out" / "summary.md").read_text(encoding="utf-8")


# -- auto: a server that accepts tools and drops them


async def test_auto_switches_to_the_text_format_when_the_server_ignores_tools(
    engine_for,  # type: ignore[no-untyped-def]
) -> None:
    scripted = ScriptedModel([
        # Tools offered, none seen by the model: it just talks.
        Reply("To decide where SWE should place its merchant, look at its trading power."),
        Reply(f"Plan: [Step 1: SWE's trading power per node]\nAction: run_sql\n"
              f"Action input: {SWE_ROWS}"),
        Reply("Re-plan: N\nThought: q1 shows krakow first.\nFinal answer: krakow"),
        # A later run on the same endpoint starts in the text format.
        Reply(f"Plan: [Step 1: SWE's power]\nAction: run_sql\nAction input: {SWE_ROWS}"),
        Reply("Thought: q1.\nFinal answer: krakow"),
    ])
    async with ScriptedServer(scripted) as server:
        client = OpenAIModel("gemma-3-270m", base_url=server.base_url)
        first = ToolsOrText(Retrying(client, base_delay=0.01))
        async with engine_for(first) as engine:
            events = await asyncio.wait_for(collect(engine.run(TEXT)), WAIT)
        second = ToolsOrText(Retrying(client, base_delay=0.01))
        async with engine_for(second) as engine:
            later = await asyncio.wait_for(collect(engine.run(TEXT)), WAIT)
        await client.close()
    done = events[-1]
    assert isinstance(done, RunFinished) and done.decision == "krakow", done
    assert done.queries == 1 and first.text_mode and second.text_mode
    assert ("[the model endpoint accepts tools but its model does not see them (it answered "
            "without calling one): switching to the text format for the rest of the run; "
            "PLANRAG_MODEL_TOOLS=off starts in it]") in shown(events)
    assert server.bodies[0]["tools"] and "stop" not in server.bodies[0]
    assert all("tools" not in body and body["stop"] == ["Observation:"]
               for body in server.bodies[1:])
    nudge = server.bodies[1]["messages"][-1]["content"]  # in the text format's words
    assert nudge.startswith("Write your next turn in the text format: query the data, or "
                            "write your `Final answer:` line when the data decides")
    assert "final_answer" not in nudge
    end = later[-1]
    assert isinstance(end, RunFinished) and end.decision == "krakow", end
    assert "this run uses the text format (PLANRAG_MODEL_TOOLS=off starts in it)]" in shown(
        later)
    scripted.assert_all_used()


async def test_auto_keeps_tools_for_an_endpoint_whose_model_called_one(engine_for) -> None:  # type: ignore[no-untyped-def]
    scripted = ScriptedModel([
        Reply(calls=[plan("presence of SWE")]), Reply("Let me look at the data first."),
        Reply(calls=[sql()]), Reply(calls=[answer("krakow", "q1")]),
    ])
    async with ScriptedServer(scripted) as server:
        client = OpenAIModel("m", base_url=server.base_url)
        model = ToolsOrText(client)
        async with engine_for(model) as engine:
            events = await asyncio.wait_for(collect(engine.run(TEXT)), WAIT)
        await client.close()
    done = events[-1]
    assert isinstance(done, RunFinished) and done.decision == "krakow", done
    assert not model.text_mode and all(body.get("tools") for body in server.bodies)


def test_json_calls_written_as_text_are_read() -> None:
    text = 'I will query.\n{"name": "run_sql", "arguments": {"query": "SELECT 1"}}'
    assert parse_react(text, {"run_sql", "final_answer"}) == [("run_sql", {"query": "SELECT 1"})]


# -- deterministic failures are not retried, and quote the server


def llama_cpp_python_500(message: str) -> Raw:
    return Raw(json.dumps({"error": {"message": message, "type": "internal_server_error",
                                     "param": None, "code": None}}),
               status=500, content_type="application/json")


FASTAPI_REPR = repr([{"type": "string_type",
                      "loc": ("body", "messages", 2, "typed-dict", "content"),
                      "msg": "Input should be a valid string", "input": None}])
PYDANTIC_TEXT = (
    "1 validation error for ChatCompletionRequestAssistantMessage\n"
    "messages.2.typed-dict.content\n"
    "  Input should be a valid string [type=string_type, input_value=None, "
    "input_type=NoneType]\n"
    "    For further information visit https://errors.pydantic.dev/2.9/v/string_type"
)
INVALID = "rejected the request as invalid"


@pytest.mark.parametrize(("fault", "said"), [
    (llama_cpp_python_500(FASTAPI_REPR),
     f"{INVALID} (500): 1 validation error: messages.2.content: Input should be a valid "
     "string. Asking again cannot fix it"),
    (llama_cpp_python_500(PYDANTIC_TEXT),
     f"{INVALID} (500): 1 validation error: messages.2.content: Input should be a valid "
     "string. Asking again cannot fix it"),
    (Raw(json.dumps({"detail": [{"type": "missing", "loc": ["body", "model"],
                                 "msg": "Field required", "input": {}}]}),
         status=422, content_type="application/json"),
     f"{INVALID} (422): 1 validation error: model: Field required."),
    (Raw(json.dumps({"error": {"message": "this model is not yours"}}), status=403,
         content_type="application/json"), "refused the API key"),
    (Raw(json.dumps({"error": {"message": "conflicting request"}}), status=409,
         content_type="application/json"), "refused the request (409): conflicting request"),
])
async def test_a_deterministic_failure_is_not_retried_and_quotes_the_server(
    fault: Raw, said: str
) -> None:
    waits: list[float] = []

    async def sleep(seconds: float) -> None:
        waits.append(seconds)

    async with ScriptedServer(ScriptedModel([Reply("fine")] * 4), faults={1: fault}) as server:
        client = OpenAIModel("m", base_url=server.base_url)
        got = await reply_or_error(Retrying(client, sleep=sleep))
        await client.close()
    assert isinstance(got, ModelRejected) and not got.retryable, got
    assert said in str(got)
    assert server.requests == 1 and waits == []


async def test_a_408_is_retried() -> None:
    fault = Raw(json.dumps({"error": {"message": "request timeout"}}), status=408,
                content_type="application/json")
    async with ScriptedServer(ScriptedModel([Reply("fine")]), faults={1: fault}) as server:
        client = OpenAIModel("m", base_url=server.base_url)
        got = await reply_or_error(Retrying(client, base_delay=0.01))
        await client.close()
    assert isinstance(got, ModelReply) and got.text == "fine" and server.requests == 2


async def test_the_servers_words_are_clipped_at_a_word_boundary() -> None:
    words = " ".join(f"word{i}" for i in range(120))
    fault = Raw(json.dumps({"error": {"message": words}}), status=400,
                content_type="application/json")
    async with ScriptedServer(ScriptedModel([]), faults={1: fault}) as server:
        client = OpenAIModel("m", base_url=server.base_url)
        got = await reply_or_error(Retrying(client))
        await client.close()
    assert isinstance(got, ModelRejected) and server.requests == 1
    quoted = str(got).split("(400): ", 1)[1]
    assert quoted.endswith("…") and len(quoted) <= 200
    kept = quoted.removesuffix("…")
    assert words.startswith(kept) and words[len(kept)] == " "  # whole words only


async def test_a_strict_server_accepts_every_request_of_a_tool_calling_run(engine_for) -> None:  # type: ignore[no-untyped-def]
    # Replies of tool calls alone: their assistant turns go back with an empty text, never a
    # null that llama-cpp-python's schema refuses.
    scripted = ScriptedModel([Reply(calls=[plan("presence of SWE")]), Reply(calls=[sql()]),
                              Reply(calls=[answer("krakow", "q1")])])
    async with ScriptedServer(scripted, strict=True) as server:
        client = OpenAIModel("m", base_url=server.base_url)
        async with engine_for(client) as engine:
            events = await asyncio.wait_for(collect(engine.run(TEXT)), WAIT)
        # The same server refuses a null content, as llama-cpp-python does, and it is not
        # retried.
        null = ModelRequest(({"role": "user", "content": "hi"},
                             {"role": "assistant", "content": None}), ())
        refused = await reply_or_error(Retrying(client), null)
        await client.close()
    done = events[-1]
    assert isinstance(done, RunFinished) and done.decision == "krakow", done
    turns = [m for body in server.bodies for m in body["messages"] if m["role"] == "assistant"]
    assert turns and all(isinstance(m["content"], str) for m in turns)
    assert isinstance(refused, ModelRejected)
    assert (f"{server.base_url} {INVALID} (500): 1 validation error: messages.1.content: Input "
            "should be a valid string.") in str(refused)
    assert server.requests == 4


# -- usage the server never reported


async def test_a_server_that_reports_no_usage_is_said_not_reported(engine_for) -> None:  # type: ignore[no-untyped-def]
    async with ScriptedServer(happy(), usage=False) as server:
        client = OpenAIModel("m", base_url=server.base_url)
        async with engine_for(client) as engine:
            events = await asyncio.wait_for(collect(engine.run(TEXT)), WAIT)
        await client.close()
    done = events[-1]
    assert isinstance(done, RunFinished) and done.decision == "krakow", done
    assert done.usage.model_calls == 3 and done.usage.unreported_calls == 3
    calls = [e for e in events if isinstance(e, ModelCalled)]
    assert len(calls) == 3 and not any(c.usage_reported for c in calls)
    usage = event_to_json(done)["usage"]
    assert usage["model_calls"] == 3
    assert usage["prompt_tokens"] == usage["completion_tokens"] == "not reported"
    assert event_to_json(calls[0])["prompt_tokens"] == "not reported"
    console = Console(file=io.StringIO(), width=200, highlight=False)
    renderer = TerminalRenderer(console, verbose=True)  # the trace: calls and tokens
    for event in events:
        renderer.render(event)
    printed = console.file.getvalue()  # type: ignore[attr-defined]
    assert "model call 1: tokens not reported," in printed
    assert "3 model calls (tokens not reported)," in printed
    assert " 0+0 tokens" not in printed


async def test_a_call_cut_by_the_run_time_counts_with_its_usage_not_reported(
    engine_for,  # type: ignore[no-untyped-def]
) -> None:
    scripted = ScriptedModel([Reply(calls=[plan("presence of SWE")], prompt_tokens=900,
                                    completion_tokens=20),
                              Reply(calls=[answer("krakow")], prompt_tokens=1000,
                                    completion_tokens=30)])
    # The second request stalls until the run's time is up; the model then answers.
    async with ScriptedServer(scripted, faults={2: Stall("Let me", seconds=WAIT)}) as server:
        client = OpenAIModel("m", base_url=server.base_url)
        async with engine_for(client, run_timeout_s=2.0,  # type: ignore[arg-type]
                              answer_grace_s=WAIT) as engine:
            events = await asyncio.wait_for(collect(engine.run(TEXT)), WAIT)
        await client.close()
    done = events[-1]
    assert isinstance(done, RunFinished) and done.decision == "krakow", done
    assert done.usage.model_calls == 3 and done.usage.unreported_calls == 1
    assert done.usage.tokens_text() == "1,900+50 tokens (1 of 3 calls not reported)"
    assert [c.usage_reported for c in events if isinstance(c, ModelCalled)] == [True, False,
                                                                                  True]
    assert event_to_json(done)["usage"]["prompt_tokens"] == 1900


async def test_ask_json_says_not_reported(tmp_path: Path) -> None:
    settings = load_settings(env_file=None, data_dir=tmp_path, mysql_url=None)
    await load_datasets(settings, ["dqa-locating-1445"], "sqlite")
    async with ScriptedServer(happy(), usage=False) as server:
        env = {"PLANRAG_DATA_DIR": str(tmp_path), "MYSQL_URL": "", "PLANRAG_MODEL": "m",
               "PLANRAG_MODEL_BASE_URL": server.base_url}
        code, out, err = await ask(TEXT, "--dataset", "dqa-locating-1445#locating-1",
                                   "--target", "sqlite", "--json", env=env)
    assert code == 0, err
    events = [json.loads(line) for line in out.splitlines()]
    called = [e for e in events if e["kind"] == "model_called"]
    assert called and all(e["prompt_tokens"] == "not reported" for e in called)
    done = events[-1]
    assert done["kind"] == "run_finished" and done["usage"]["model_calls"] == 3
    assert done["usage"]["completion_tokens"] == "not reported"


# -- placeholders of our own prompts are not answers


@pytest.mark.parametrize(("value", "found"), [
    ({"decision": "<the decision alone>"}, ("decision", "<the decision alone>")),
    ({"decision": "<The  Decision alone>"}, ("decision", "<the decision alone>")),
    ({"decision": "the decision alone."}, ("decision", "<the decision alone>")),
    ({"steps": [{"goal": "SWE's power"}, {"goal": "<...>"}]}, ("steps[1].goal", "<...>")),
    ({"query": "<for run_sql or run_cypher: the query alone; for another tool: its JSON "
               "arguments>"},
     ("query", "<for run_sql or run_cypher: the query alone; for another tool: its json "
               "arguments>")),
    ({"decision": "x", "rationale": "Because <your reasoning>"},
     ("rationale", "<your reasoning>")),
    ({"decision": "<one of: run_sql, final_answer>"}, ("decision", "<one of: $names>")),
    ({"decision": "krakow", "rationale": "q1 < q2 and q3 > q4"}, None),
    ({"query": "SELECT a FROM t WHERE b <> 1"}, None),
])
def test_echoed_placeholders_are_found(value: dict[str, Any],
                                       found: tuple[str, str] | None) -> None:
    assert echoed_placeholder(value) == found


def test_every_placeholder_of_every_prompt_is_found_when_echoed() -> None:
    folder = resources.files("planrag.engine").joinpath("prompts")
    placeholders = {m.group(0) for item in folder.iterdir() if item.name.endswith(".md")
                    for m in re.finditer(r"<[^<>\n]+>", item.read_text(encoding="utf-8"))}
    assert "<the decision alone>" in placeholders and len(placeholders) > 5
    for placeholder in placeholders:
        echoed = placeholder.replace("$names", "run_sql, final_answer")
        assert echoed_placeholder({"decision": echoed}) is not None, placeholder


async def test_echoed_template_text_is_refused_back_to_the_model(engine_for) -> None:  # type: ignore[no-untyped-def]
    scripted = ScriptedModel([
        Reply("Plan: [Step 1: <what to find out>, Step 2: <...>]\nThought: <your reasoning>"),
        Reply(f"Plan: [Step 1: SWE's trading power]\nAction: run_sql\nAction input: {SWE_ROWS}"),
        Reply("Thought: <the reason, citing the ids of the queries you used: q1, q2, ...>\n"
              "Final answer: <the decision alone>"),
        Reply("Thought: q1 shows krakow first.\nFinal answer: krakow"),
    ])
    async with engine_for(ReactModel(scripted)) as engine:
        events = await asyncio.wait_for(collect(engine.run(TEXT)), WAIT)
    done = events[-1]
    assert isinstance(done, RunFinished) and done.decision == "krakow", done
    assert [e.decision for e in events if isinstance(e, AnswerProposed)] == ["krakow"]
    assert [[s.goal for s in e.steps] for e in events if isinstance(e, PlanMade)] == [
        ["SWE's trading power"]]
    refused_plan = scripted.requests[1].messages[-1]["content"]
    assert refused_plan.startswith("Observation: not accepted: the steps[0].goal of `Plan:` "
                                   "repeats the placeholder <what to find out> from the "
                                   "instructions; write the real goal of the step")
    refused_answer = scripted.requests[3].messages[-1]["content"]
    assert refused_answer.startswith("Observation: not accepted: the decision of `Final "
                                     "answer:` repeats the placeholder <the decision alone>")
    scripted.assert_all_used()


async def test_a_placeholder_decision_by_tool_call_is_refused_too(engine_for) -> None:  # type: ignore[no-untyped-def]
    scripted = ScriptedModel([Reply(calls=[answer("<the decision alone>")]),
                              Reply(calls=[answer("krakow")])])
    async with engine_for(scripted) as engine:
        events = await asyncio.wait_for(collect(engine.run(TEXT)), WAIT)
    done = events[-1]
    assert isinstance(done, RunFinished) and done.decision == "krakow", done
    told = scripted.requests[1].messages[-1]
    assert told["role"] == "tool" and told["content"].startswith(
        "not accepted: the decision of final_answer repeats the placeholder "
        "<the decision alone>")


# -- chat-template markers


@pytest.mark.parametrize(("text", "clean"), [
    ("<|im_start|>assistant\nkrakow<|im_end|>", "krakow"),
    ("<start_of_turn>model\nkrakow<end_of_turn>", "krakow"),
    ("<|start_header_id|>assistant<|end_header_id|>\n\nkrakow<|eot_id|>", "krakow"),
    ("<s>[INST] <<SYS>>\nrules\n<</SYS>>\n\nwhere? [/INST] krakow</s>",
     " \nrules\n\n\nwhere?  krakow"),
    ("<bos>krakow<eos>", "krakow"),
    ("a < b and [x] <br>", "a < b and [x] <br>"),
])
def test_template_markers_of_the_common_families_are_stripped(text: str, clean: str) -> None:
    assert strip_template_tokens(text) == clean


@pytest.mark.parametrize("pieces", [
    ["<|im_start|>", "assistant\n", "Thought: q1\n", "Final answer: krakow", "<|im_", "end|>"],
    ["<start_of_", "turn>mo", "del\nThought: q1\n", "Final answer: krakow<end_of", "_turn>"],
    ["<|start_header_id|>assis", "tant<|end_header_id|>", "\n\nThought: q1\n",
     "Final answer: krakow", "<|eot_id|>"],
    ["[INST", "] <<S", "YS>>Thought: q1\n", "<</SYS>>Final answer: krakow[/IN", "ST]</", "s>"],
])
async def test_split_markers_are_stripped_from_shown_and_parsed_text(pieces: list[str]) -> None:
    tokens = TemplateTokens()
    local = "".join(tokens.feed(p) for p in pieces) + tokens.flush()
    assert local.strip() == "Thought: q1\nFinal answer: krakow"
    async with ScriptedServer(ScriptedModel([Reply(pieces=pieces)])) as server:
        client = OpenAIModel("m", base_url=server.base_url)
        request = ModelRequest(HI.messages, ({"type": "function", "function": {
            "name": "final_answer", "parameters": {}}},))
        seen: list[str] = []
        async for chunk in ReactModel(client).stream(request):
            if isinstance(chunk, TextPiece):
                seen.append(chunk.text)
            else:
                reply = chunk
        await client.close()
    assert "".join(seen).strip() == "Thought: q1\nFinal answer: krakow"
    assert [c.name for c in reply.tool_calls] == ["final_answer"]
    assert json.loads(reply.tool_calls[0].arguments)["decision"] == "krakow"


def test_markers_around_a_react_reply_do_not_stop_it_being_read() -> None:
    text = ("<start_of_turn>model\nThought: q1 says so\nFinal answer: krakow<end_of_turn>\n"
            "<start_of_turn>user\n")
    calls = parse_react(text, {"final_answer"})
    assert calls == [("final_answer", {"decision": "krakow", "rationale": "q1 says so",
                                       "query_ids": ["q1"]})]


# -- budget notices in the words of the format in use


async def test_the_text_format_is_told_to_write_its_final_answer_line(engine_for) -> None:  # type: ignore[no-untyped-def]
    scripted = ScriptedModel([
        Reply(f"Plan: [Step 1: SWE's trading power]\nAction: run_sql\nAction input: {SWE_ROWS}"),
        Reply("Thought: q1 shows krakow first.\nFinal answer: krakow"),
    ])
    async with engine_for(ReactModel(scripted), max_model_calls=2) as engine:
        events = await asyncio.wait_for(collect(engine.run(TEXT)), WAIT)
    done = events[-1]
    assert isinstance(done, RunFinished) and done.decision == "krakow", done
    assert done.stop_reason == "budget:max_model_calls"
    told = scripted.requests[1].messages[-1]["content"]
    assert ("The max_model_calls budget is reached. Give your best final answer now as a "
            "`Final answer:` line, from what you have found.") in told
    for message in scripted.requests[1].messages:
        if message["role"] == "user":
            assert "final_answer" not in message["content"]


async def test_tool_calling_is_told_to_call_final_answer(engine_for) -> None:  # type: ignore[no-untyped-def]
    scripted = ScriptedModel([Reply(calls=[plan("presence of SWE"), sql()]),
                              Reply(calls=[answer("krakow", "q1")])])
    async with engine_for(scripted, max_model_calls=2) as engine:
        await asyncio.wait_for(collect(engine.run(TEXT)), WAIT)
    told = scripted.requests[1].messages[-1]["content"]
    assert told == ("The max_model_calls budget is reached. Give your best final answer now "
                    "with final_answer, from what you have found.")


@pytest.mark.parametrize(("said", "in_text"), [
    ("Use the tools: query the data, or call final_answer when the data decides the question.",
     "Write your next turn in the text format: query the data, or write your `Final answer:` "
     "line when the data decides the question."),
    ("make a plan first (make_plan), then query", "make a plan first (a `Plan:` line), then "
                                                 "query"),
    ("there is no plan yet: call make_plan", "there is no plan yet: write your `Plan:` line"),
    ("then give your final answer again with final_answer.",
     "then give your final answer again as a `Final answer:` line."),
    ("q1: 3 row(s)", "q1: 3 row(s)"),
])
def test_the_engines_words_in_the_text_format(said: str, in_text: str) -> None:
    assert in_text_words(said) == in_text
