"""What a person is told when the model endpoint fails in ways that retrying cannot fix: an
HTML page or other body where the stream should be, a prompt longer than the model's context
(in a 400, or inside a 200 stream), a rate limit that asks to wait longer than the run has
left; and that these are never retried. Also: `planrag ask` exits 3 and `planrag eval` says
`no_decision` when a run ends without a decision."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

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
from planrag.engine.scripted_server import Cut, Endless, Raw, ScriptedServer
from planrag.errors import ModelError, ModelRateLimited, ModelRejected, ModelServerError
from planrag.evaluation import run_eval
from planrag.runtime import load_datasets
from planrag.settings import load_settings
from tests.cli.test_ask import ask
from tests.engine.conftest import TEXT, answer, collect, plan, sql
from tests.engine.test_eval import ORIGINAL

HI = ModelRequest(({"role": "user", "content": "hi " * 50},), ())
PROMPT_CHARS = len(json.dumps(HI.messages[0]))

SSO = ("<!DOCTYPE html>\n<html><head><title>Sign in · Example SSO</title></head>\n"
       "<body><form>...</form></body></html>")
LLAMA_CPP = json.dumps({"error": {
    "code": 400, "type": "exceed_context_size_error", "n_prompt_tokens": 14429, "n_ctx": 8192,
    "message": "the request exceeds the available context size. try increasing the context "
               "size or enable context shift"}})


async def first_reply(model: Retrying) -> ModelReply:
    async for chunk in model.stream(HI):
        if not isinstance(chunk, TextPiece):
            return chunk
    raise AssertionError("no reply")


async def failure(fault: Raw | Cut | Fail) -> tuple[ModelError, ScriptedServer, list[float]]:
    """The error a model (with retries) raises on `fault`, its server, and the waits."""
    waits: list[float] = []

    async def sleep(seconds: float) -> None:
        waits.append(seconds)

    async with ScriptedServer(ScriptedModel([Reply("fine")] * 4), faults={1: fault}) as server:
        inner = OpenAIModel("m", base_url=server.base_url, max_tokens=1000)
        model = Retrying(inner, sleep=sleep)
        with pytest.raises(ModelError) as raised:
            await first_reply(model)
        await inner.close()
    return raised.value, server, waits


@pytest.mark.parametrize(("fault", "said"), [
    (Raw(SSO), "answered with an HTML page (content type text/html, titled 'Sign in · "
               "Example SSO'): PLANRAG_MODEL_BASE_URL is probably wrong"),
    (Raw(SSO, content_type="text/event-stream"),
     "answered with an HTML page (content type text/event-stream, titled 'Sign in · "
     "Example SSO')"),
    (Raw(SSO, content_type=""), "answered with an HTML page (no content type, titled "
                                "'Sign in · Example SSO')"),
    (Raw("<p>maintenance</p>", content_type="text/plain"),
     "answered with text/plain, not a stream of events (text/event-stream), beginning "
     "'<p>maintenance</p>'"),
    (Raw("Hello from nginx\n", content_type=""), "answered with a body with no content type, "
     "not a stream of events (text/event-stream), beginning 'Hello from nginx'"),
    (Raw("404 page not found", content_type="text/plain"),
     "answered with text/plain, not a stream of events (text/event-stream), beginning "
     "'404 page not found'"),
    (Raw("this is not json", content_type="application/json"),
     "answered with application/json, not a stream of events"),
])
async def test_a_body_that_is_not_a_stream_is_named_and_not_retried(
    fault: Raw, said: str
) -> None:
    error, server, waits = await failure(fault)
    assert isinstance(error, ModelRejected) and not error.retryable
    assert said in str(error) and str(error).startswith(server.base_url)
    assert "cut off" not in str(error) and "<html" not in str(error)
    assert server.requests == 1 and waits == []


@pytest.mark.parametrize(("fault", "numbers"), [
    # OpenAI and vLLM: a 400 with the counts in the message.
    (Fail(ModelRejected("This model's maximum context length is 8192 tokens. However, your "
                        "messages resulted in 9000 tokens. Please reduce the length of the "
                        "messages.")),
     "the server counts 9,000 tokens against a context of 8,192"),
    # llama.cpp's server: its own error type and fields, in a 400...
    (Raw(LLAMA_CPP, status=400, content_type="application/json"),
     "the server counts 14,429 tokens against a context of 8,192"),
    # ...and in a 200 whose body is that error.
    (Raw(LLAMA_CPP, content_type="application/json"),
     "the server counts 14,429 tokens against a context of 8,192"),
    # llama-cpp-python raises inside the 200 stream: an error object in the event data.
    (Cut("", tail='data: {"error": {"message": "Requested tokens (5000) exceed context '
                  'window of 4096", "type": "internal_server_error", "code": 500}}\n\n'),
     "the server counts 5,000 tokens against a context of 4,096"),
    # vLLM's error object (no "error" key) inside a stream.
    (Cut("", tail='data: {"object": "error", "message": "This model\'s maximum context length '
                  'is 4096 tokens. However, you requested 5100 tokens (1004 in the messages, '
                  '4096 in the completion).", "type": "BadRequestError", "code": 400}\n\n'),
     "the server counts 5,100 tokens against a context of 4,096"),
    # An `event: error` whose data is plain text.
    (Cut("", tail="event: error\ndata: Context size has been exceeded.\n\n"), ""),
    (Fail(ModelRejected("prompt is too long")), ""),
])
async def test_a_prompt_too_long_for_the_context_says_what_to_lower_and_is_not_retried(
    fault: Raw | Cut | Fail, numbers: str
) -> None:
    error, server, waits = await failure(fault)
    message = str(error)
    assert isinstance(error, ModelRejected) and not error.retryable, message
    assert message.startswith(
        f"the prompt is too long for the model's context at {server.base_url}: "
        f"{PROMPT_CHARS:,} characters, about {PROMPT_CHARS // 4:,} tokens plus up to 1,000 "
        "for the reply")
    assert numbers in message
    assert message.endswith("Lower PLANRAG_SCHEMA_BUDGET (the schema in the prompt) or "
                            "PLANRAG_MAX_TOKENS, or use a model with a larger context; "
                            "not retried")
    assert server.requests == 1 and waits == []


LLAMA_CPP_PYTHON_OVERFLOW = json.dumps({"error": {
    "message": "This model's maximum context length is 1024 tokens. However, you requested "
               "3116 tokens (3100 in the messages, 16 in the completion). Please reduce the "
               "length of the messages or completion.",
    "type": "invalid_request_error", "param": "messages", "code": "context_length_exceeded"}})


async def test_an_empty_stream_is_asked_again_without_streaming_to_learn_why() -> None:
    """llama-cpp-python's server (0.3.36) sends a 200 stream with nothing in it when the
    request fails after the headers (a prompt over its context): once more, not streamed,
    it says why; that answer is not retried."""
    error, server, waits = await failure_of({
        1: Raw("", content_type="text/event-stream; charset=utf-8"),
        2: Raw(LLAMA_CPP_PYTHON_OVERFLOW, status=400, content_type="application/json")})
    assert isinstance(error, ModelRejected) and not error.retryable
    assert "the server counts 3,116 tokens against a context of 1,024" in str(error)
    assert "not retried" in str(error) and "cut off" not in str(error)
    assert [b.get("stream") for b in server.bodies] == [True, False]
    assert "stream_options" not in server.bodies[1] and waits == []


async def test_an_empty_stream_whose_whole_reply_comes_unstreamed_is_that_reply() -> None:
    whole = json.dumps({"object": "chat.completion", "choices": [{
        "index": 0, "finish_reason": "stop",
        "message": {"role": "assistant", "content": "whole"}}]})
    async with ScriptedServer(ScriptedModel([]), faults={
            1: Raw("", content_type="text/event-stream"),
            2: Raw(whole, content_type="application/json")}) as server:
        inner = OpenAIModel("m", base_url=server.base_url)
        reply = await first_reply(Retrying(inner))
        await inner.close()
    assert reply.text == "whole" and server.requests == 2
    assert not reply.usage_reported


async def test_an_empty_reply_streamed_and_not_is_a_server_error() -> None:
    error, server, _ = await failure_of({
        1: Raw("", content_type="text/event-stream"), 2: Raw("", content_type="text/plain"),
        3: Raw("", content_type="text/event-stream"), 4: Raw("", content_type="text/plain")},
        attempts=2)
    assert isinstance(error, ModelServerError)
    assert "sent an empty reply, streamed and not" in str(error)
    assert server.requests == 4


async def failure_of(faults: dict[int, Raw], attempts: int = 4,
                     ) -> tuple[ModelError, ScriptedServer, list[float]]:
    """The error a model (with retries) raises on `faults`, its server, and the waits."""
    waits: list[float] = []

    async def sleep(seconds: float) -> None:
        waits.append(seconds)

    async with ScriptedServer(ScriptedModel([Reply("fine")] * 4), faults=faults) as server:
        inner = OpenAIModel("m", base_url=server.base_url, max_tokens=1000)
        model = Retrying(inner, sleep=sleep, attempts=attempts)
        with pytest.raises(ModelError) as raised:
            await first_reply(model)
        await inner.close()
    return raised.value, server, waits


async def test_an_error_in_the_middle_of_a_stream_that_is_not_about_context_is_retried() -> None:
    fault = Cut("Hel", tail='data: {"object": "error", "message": "worker crashed", '
                            '"type": "InternalServerError", "code": 500}\n\n')
    async with ScriptedServer(ScriptedModel([Reply("fine")]), faults={1: fault}) as server:
        inner = OpenAIModel("m", base_url=server.base_url)
        model = Retrying(inner, base_delay=0.001)
        reply = await first_reply(model)
        await inner.close()
    assert reply.text == "fine" and model.retries == 1 and server.requests == 2


async def test_a_whole_json_reply_instead_of_a_stream_is_read() -> None:
    whole = json.dumps({"object": "chat.completion", "choices": [{
        "index": 0, "finish_reason": "stop",
        "message": {"role": "assistant", "content": "not streamed"}}],
        "usage": {"prompt_tokens": 12, "completion_tokens": 3}})
    async with ScriptedServer(ScriptedModel([]),
                              faults={1: Raw(whole, content_type="application/json")}) as server:
        inner = OpenAIModel("m", base_url=server.base_url)
        reply = await first_reply(Retrying(inner))
        await inner.close()
    assert (reply.text, reply.prompt_tokens, reply.completion_tokens) == ("not streamed", 12, 3)


@pytest.mark.parametrize(("fault", "said"), [
    # After its first event (the server's opening one), a page that never ends.
    (Endless("<div>an endless page</div>\n", raw=True),
     "sent more than 1,000,000 characters that are not server-sent events, beginning "
     "'<div>an endless page</div> <div>an endless page</div>"),
    (Endless(f"data: {'x' * 500}\n", raw=True),  # data lines that never make an event
     "sent a line or event longer than 1,000,000 characters"),
    (Endless("no line break ever ", raw=True),
     "sent a line or event longer than 1,000,000 characters"),
])
async def test_an_endless_body_that_is_not_a_stream_is_named_and_closed(
    fault: Endless, said: str
) -> None:
    async with ScriptedServer(ScriptedModel([]), faults={1: fault}) as server:
        inner = OpenAIModel("m", base_url=server.base_url)
        with pytest.raises(ModelRejected) as raised:
            await asyncio.wait_for(first_reply(Retrying(inner)), 30)
        await asyncio.wait_for(server.wait_hangups(1), 30)
        await inner.close()
    assert said in str(raised.value) and not raised.value.retryable
    assert server.requests == 1


async def test_a_stream_under_another_content_type_is_still_read() -> None:
    body = ('data: {"choices": [{"index": 0, "delta": {"content": "mislabelled"}, '
            '"finish_reason": "stop"}]}\n\ndata: [DONE]\n\n')
    async with ScriptedServer(ScriptedModel([]),
                              faults={1: Raw(body, content_type="text/plain")}) as server:
        inner = OpenAIModel("m", base_url=server.base_url)
        reply = await first_reply(Retrying(inner))
        await inner.close()
    assert reply.text == "mislabelled" and reply.finish_reason == "stop"


async def test_a_rate_limit_longer_than_the_run_has_left_ends_it_at_once(engine_for) -> None:  # type: ignore[no-untyped-def]
    waits: list[float] = []

    async def sleep(seconds: float) -> None:
        waits.append(seconds)

    limited = Fail(ModelRateLimited("Rate limit reached for requests", retry_after=3600))
    async with ScriptedServer(ScriptedModel([]), faults={1: limited}) as server:
        inner = OpenAIModel("m", base_url=server.base_url)
        model = Retrying(inner, sleep=sleep)
        async with engine_for(model, run_timeout_s=600.0) as engine:  # type: ignore[arg-type]
            events = await collect(engine.run(TEXT))
        await inner.close()
    failed = events[-1]
    assert isinstance(failed, RunFailed), failed
    assert failed.message.startswith(
        f"the model failed: rate limited by {server.base_url} (429, Retry-After 3600 s): Rate "
        "limit reached for requests; it asks to wait 3600 s (Retry-After), longer than the ")
    assert failed.message.endswith(" s this run has left: ask again later, or use another "
                                   "API key or endpoint")
    assert waits == [] and server.requests == 1 and model.retries == 0


async def test_a_rate_limit_within_the_run_is_waited_out(engine_for) -> None:  # type: ignore[no-untyped-def]
    waits: list[float] = []

    async def sleep(seconds: float) -> None:
        waits.append(seconds)

    scripted = ScriptedModel([Reply(calls=[plan("presence")]), Reply(calls=[sql()]),
                              Reply(calls=[answer("krakow", "q1")])])
    limited = Fail(ModelRateLimited("slow down", retry_after=20))
    async with ScriptedServer(scripted, faults={1: limited}) as server:
        inner = OpenAIModel("m", base_url=server.base_url)
        model = Retrying(inner, sleep=sleep)
        async with engine_for(model, run_timeout_s=600.0) as engine:  # type: ignore[arg-type]
            events = await collect(engine.run(TEXT))
        await inner.close()
    assert isinstance(events[-1], RunFinished) and events[-1].decision == "krakow"
    assert waits == [20] and model.retries == 1


@pytest.mark.parametrize(("fault", "said"), [
    (Fail(ModelServerError("the GPU " + "is very busy " * 40)), "failed (500): the GPU is very"),
    (Raw("<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>",
         status=502), "failed (502): an HTML page titled '502 Bad Gateway' (a proxy's or a "
                      "wrong URL's, not the model's)"),
    (Raw(json.dumps({"detail": "Model warming up"}), status=503,
         content_type="application/json"), "failed (503): Model warming up"),
])
async def test_error_statuses_show_the_servers_words_never_a_raw_dict(
    fault: Raw | Fail, said: str
) -> None:
    async with ScriptedServer(ScriptedModel([]), faults={1: fault}) as server:
        inner = OpenAIModel("m", base_url=server.base_url)
        with pytest.raises(ModelError) as raised:
            await first_reply(Retrying(inner, attempts=1))
        await inner.close()
    message = str(raised.value)
    assert said in message and "{'" not in message and "<html" not in message
    assert "\n" not in message
    if message.endswith("…"):  # clipped at the end of a word, never in the middle of one
        assert message[:-1].rsplit(" ", 1)[1] in ("is", "very", "busy")


async def test_ask_exits_3_when_the_run_ends_without_a_decision(tmp_path: Path) -> None:
    settings = load_settings(env_file=None, data_dir=tmp_path, mysql_url=None)
    await load_datasets(settings, ["dqa-locating-1445"], "sqlite")
    talker = ScriptedModel([Reply("I would rather chat.")] * 3)  # never a tool call
    async with ScriptedServer(talker) as server:
        env = {"PLANRAG_DATA_DIR": str(tmp_path), "MYSQL_URL": "", "PLANRAG_MODEL": "m",
               "PLANRAG_MODEL_BASE_URL": server.base_url}
        code, out, err = await ask(TEXT, "--dataset", "dqa-locating-1445#locating-1",
                                   "--target", "sqlite", "--json", env=env)
    assert code == 3, err
    assert err.strip().splitlines()[-1] == "no decision: the model stopped using its tools"
    done = json.loads(out.splitlines()[-1])
    assert done["kind"] == "run_finished" and done["decision"] is None
    talker.assert_all_used()


async def test_eval_records_runs_without_a_decision_and_failed_runs(tmp_path: Path) -> None:
    settings = load_settings(env_file=None, data_dir=tmp_path / "data", mysql_url=None)
    made: list[ScriptedModel] = []

    def model() -> ScriptedModel:
        # The first question's model only chats; the second's endpoint refuses the key.
        made.append(ScriptedModel([Reply("hmm")] * 3) if len(made) % 2 == 0 else
                    ScriptedModel([Fail(ModelRejected("401 invalid API key"))]))
        return made[-1]

    result = await run_eval(settings, ORIGINAL, "building", "sqlite", model, limit=2,
                            concurrency=1, out_dir=tmp_path / "out")
    outcomes = [(line["outcome"], line["decision"], line["correct"]) for line in result.lines]
    assert outcomes == [("no_decision", None, False), ("failed", None, False)]
    assert result.lines[0]["stop_reason"] == "budget:idle_turns"
    assert result.lines[1]["stop_reason"].startswith("failed: the model failed: 401")
    assert list(result.lines[0])[-8:] == ["stop_reason", "outcome", "unreported_calls",
                                          "correct_normalised", "correct_tie_aware", "target",
                                          "form", "trace"]
    saved = [json.loads(x) for x in (tmp_path / "out" / "results.jsonl").read_text().splitlines()]
    assert [line["outcome"] for line in saved] == ["no_decision", "failed"]
    assert "Outcomes: 0 answered, 1 without a decision, 1 failed." in (
        tmp_path / "out" / "summary.md").read_text()
