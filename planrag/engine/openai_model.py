"""The real model: any OpenAI-compatible chat-completions endpoint, with tool calling.

OpenAI, Azure OpenAI (its /openai/v1 endpoint), Ollama, vLLM and llama.cpp's server all speak
this protocol; `base_url` picks the server. Replies stream as server-sent events, read here
from the body's bytes: text pieces as they arrive, tool calls assembled from their deltas,
usage from the final chunk (asked for with `stream_options`). Every request says how long the
reply may be (`max_tokens`) and, in the ReAct text format, where to stop (`stop`); a server
that refuses one of these optional parameters is asked again without it (or, for OpenAI's
newer models, with `max_completion_tokens`).

A reply is also bounded on this side (`ModelRequest.max_chars` and a loop check, see
`ReplyLimit`): a server that ignores `max_tokens` or streams forever is stopped, its response
closed (the server sees the client leave), and what was kept is returned as a cut reply. The
body is read in bytes with a cap on a line's length, so no stream, however broken, grows the
memory without bound.

Every failure becomes a `ModelError` that says whether it is worth retrying (the `Retrying`
wrapper retries those) in one line that says what to do (the words are _openai_errors.py's):

- error statuses, with the server's own message (never its raw JSON); a 429 names its
  Retry-After; a prompt longer than the model's context (a 400, a 413, or an error object a
  server sends inside a 200 stream, as llama.cpp and llama-cpp-python do) says how long the
  prompt was and what to lower, and is never retried: the same prompt fails the same way;
- a body that is not a stream of events (an HTML page from a wrong URL, a proxy or a sign-in
  page; plain text): named by its content type and first words, not retried;
- what goes wrong after the status line, in the middle of a reply: a read timeout
  (`ModelTimeout`), a dropped connection or a broken chunked body, an error event, an
  unreadable chunk, or a stream that ends without a `finish_reason` or without `[DONE]`
  (`ModelServerError`; a cut-off reply is never taken for a complete one).

A request that the server rejects as invalid (a 4xx other than 408 and 429, or a 500 whose
message is a validation error, as llama-cpp-python sends for a body its schema refuses) is not
retried: the same request fails the same way; the message quotes the server's words (a
validation dump as `field: problem`), clipped at a word's end.

Requests take a slot of their endpoint first (`planrag.engine.endpoints`): at most
`concurrency` at a time from this process, shared by every model on that URL. A stream that
ends cleanly before its reply is complete while other requests to the same endpoint were
running is said to be likely cancelled by the server (llama-cpp-python cancels the running
request when another arrives), with what to set, and the endpoint gets one request at a time
from then on.

Usage is taken from the server's usage chunk; a reply without one (llama-cpp-python sends
none, a cut reply never reaches it) is marked `usage_reported=False`, never counted as 0
tokens.

Chat-template tokens leaked into the text are stripped, even when split across pieces.
"""

from __future__ import annotations

import asyncio
import codecs
import json
import re
import time
from collections.abc import AsyncIterator, Callable
from typing import Any

import httpx

from planrag.engine._openai_errors import (
    _VALIDATION,
    _clip,
    _error_of,
    _mapped,
    _overflow,
    _server_says,
    _stream_error,
)
from planrag.engine.endpoints import EndpointSlots, slots_for
from planrag.engine.model import (
    ModelReply,
    ModelRequest,
    ReplyLimit,
    RequestRefused,
    TemplateTokens,
    TextPiece,
    ToolCall,
    closing_stream,
)
from planrag.errors import (
    ConfigError,
    ModelRejected,
    ModelServerError,
    ModelTimeout,
)
from planrag.redact import mask_url

__all__ = ["OpenAIModel"]

MAX_LINE = 1_000_000
"""The longest line of a stream read (characters); a longer one is not a model's stream."""
MAX_BODY = 4_000_000
"""The most of a body that is not a stream of events read (a whole JSON reply)."""
AFTER_DONE_BYTES = 65_536
AFTER_DONE_S = 1.0
"""What of a stream's body after `[DONE]` is read to its end (bytes, and how long for)."""


class OpenAIModel:
    scripted = False

    def __init__(
        self,
        name: str,
        *,
        base_url: str | None = None,
        api_key: str | None = None,
        temperature: float = 0.0,
        timeout_s: float = 120.0,
        max_tokens: int | None = 4096,
        concurrency: int | None = None,
    ) -> None:
        try:
            from openai import AsyncOpenAI
        except ImportError as exc:  # pragma: no cover - a dependency of the package
            raise ConfigError("the openai package is missing: pip install openai") from exc
        if not base_url and not api_key:
            raise ConfigError(
                "no model endpoint: set PLANRAG_MODEL_API_KEY (OpenAI) or "
                "PLANRAG_MODEL_BASE_URL (Ollama, vLLM, llama.cpp)"
            )
        self.name = name
        self.base_url = base_url
        self.temperature = temperature
        self.timeout_s = timeout_s
        """The longest wait for the server: to connect, and between two pieces of a reply."""
        self.max_tokens = max_tokens or None
        """The most tokens a reply may have (sent with every request; None: the server's)."""
        self.concurrency = concurrency
        """Requests this process sends the endpoint at once, shared by every model on its
        URL (None: no limit); see `planrag.engine.endpoints`."""
        self._usage_option = True
        self._tokens_parameter = "max_tokens"
        self._stop_option = True
        self._client = AsyncOpenAI(
            base_url=base_url, api_key=api_key or "not-needed", timeout=timeout_s, max_retries=0
        )

    @property
    def endpoint(self) -> str:
        """The URL requests go to (the OpenAI API when no `base_url` was given)."""
        return str(self._client.base_url)

    async def close(self) -> None:
        await self._client.close()

    async def stream(self, request: ModelRequest) -> AsyncIterator[TextPiece | ModelReply]:
        if request.progress is not None and request.progress.sent is None:
            request.progress.sent = False  # until a request goes out (a retry keeps True)
        slots = slots_for(self.endpoint)
        number = await slots.acquire(self.concurrency)
        try:
            async with closing_stream(self._stream(request, slots, number)) as chunks:
                async for chunk in chunks:
                    yield chunk
        finally:
            slots.release()

    async def _stream(
        self, request: ModelRequest, slots: EndpointSlots, number: int
    ) -> AsyncIterator[TextPiece | ModelReply]:
        started = time.perf_counter()
        where = mask_url(self.base_url) if self.base_url else "api.openai.com"

        def broke(message: str) -> ModelServerError:
            return _broken_off(message, slots, number)

        text: list[str] = []
        calls: dict[int, dict[str, str]] = {}
        usage: dict[str, Any] = {}
        finish = ""
        tokens = TemplateTokens()
        limit = ReplyLimit(request.max_chars)
        async with closing_stream(self._chunks(request, where, broke)) as chunks:
            async for chunk in chunks:
                if isinstance(chunk.get("usage"), dict):
                    usage = chunk["usage"]
                for choice in _list(chunk.get("choices"), where):
                    if not isinstance(choice, dict) or choice.get("index", 0) != 0:
                        continue
                    finish = str(choice.get("finish_reason") or finish)
                    delta = choice.get("delta")
                    if not isinstance(delta, dict):
                        continue
                    for key in ("reasoning_content", "reasoning"):  # thinking models'
                        if isinstance(delta.get(key), str):  # count, never kept or shown
                            limit.take(delta[key])
                    content = delta.get("content")
                    piece = limit.take(tokens.feed(content)) if isinstance(content, str) else ""
                    if piece:
                        text.append(piece)
                        yield TextPiece(piece)
                    for position, tc in enumerate(_list(delta.get("tool_calls"), where)):
                        _add_call_delta(calls, position, tc, limit)
                if limit.cut is not None:
                    break  # leaving the block closes the stream: the server sees us go
        rest = limit.take(tokens.flush())
        if rest:
            text.append(rest)
            yield TextPiece(rest)
        prompt, completion = _count(usage.get("prompt_tokens")), _count(
            usage.get("completion_tokens"))
        reported = bool(prompt or completion)
        if limit.cut is not None:
            # A cut stream never reaches its usage chunk: the call counts, its tokens "not
            # reported".
            yield ModelReply(
                "".join(text).strip(), (), prompt, completion, time.perf_counter() - started,
                finish_reason="length", cut=limit.cut, usage_reported=reported,
            )
            return
        if not finish:
            # llama-cpp-python ends a request it cancels this way: [DONE], no finish_reason.
            raise broke(f"the reply from {where} was cut off: its stream ended without a "
                        "finish_reason")
        tool_calls = tuple(
            ToolCall(c["id"] or f"call_{i}", c["name"], c["arguments"])
            for i, c in sorted(calls.items())
        )
        yield ModelReply(
            "".join(text).strip(),
            tool_calls,
            prompt,
            completion,
            time.perf_counter() - started,
            finish_reason=finish,
            usage_reported=reported,
        )

    def _arguments(self, request: ModelRequest, stream: bool = True) -> dict[str, Any]:
        kwargs: dict[str, Any] = {
            "model": self.name,
            "messages": list(request.messages),
            "temperature": self.temperature,
            "stream": stream,
        }
        if request.tools:
            kwargs["tools"] = list(request.tools)
        if self._usage_option and stream:
            kwargs["stream_options"] = {"include_usage": True}
        if self.max_tokens:
            kwargs[self._tokens_parameter] = self.max_tokens
        if request.stop and self._stop_option:
            kwargs["stop"] = list(request.stop)
        return kwargs

    def _drop_unsupported(self, said: str) -> bool:
        """Whether a 400 refused one of the optional parameters, which is then left out (or
        renamed) for this and every later request: True to ask again."""
        low = said.lower()
        refused = re.search(r"unsupported|not supported|unrecognized|unknown|extra|"
                            r"not permitted|not allowed", low)
        if self._usage_option and "stream_options" in low:
            self._usage_option = False
            return True
        if refused is None:
            return False
        if self.max_tokens and self._tokens_parameter == "max_tokens" and "max_tokens" in low:
            # OpenAI's reasoning models take only max_completion_tokens.
            self._tokens_parameter = "max_completion_tokens"
            return True
        if self._stop_option and re.search(r"\bstop\b", low):
            self._stop_option = False
            return True
        return False

    async def _chunks(
        self, request: ModelRequest, where: str, broke: Callable[[str], ModelServerError]
    ) -> AsyncIterator[dict[str, Any]]:
        """The decoded chunks of one streamed reply; `[DONE]` must end it. `broke` makes the
        error for a stream that ends cleanly before the reply is complete.

        A 200 stream with nothing in it (no event, no [DONE]) is what llama-cpp-python's
        server sends when the request fails after its headers went out (a prompt longer than
        the context, a tool choice it cannot stream): the same request is asked once without
        streaming, which gets the server's real answer: its error (said as any other, a
        context overflow not retried) or a whole reply. (That server closes the connection
        after such a stream; a request that finds it closed is sent again once.)"""
        import openai

        stream, stale = True, False
        for _attempt in range(6):  # each optional parameter may be refused once
            if request.progress is not None:
                request.progress.sent = True
            try:
                async with self._client.chat.completions.with_streaming_response.create(
                    **self._arguments(request, stream)
                ) as response:
                    http = response.http_response
                    kind = http.headers.get("content-type", "").split(";")[0].strip().lower()
                    if "json" in kind:  # a whole reply (not streamed), or an error
                        yield await _whole_body(http, where, request, self.max_tokens)
                        return
                    if "html" in kind:  # not the model at all
                        raise ModelRejected(_not_a_stream(where, kind, await _start(http)))
                    # Events, whatever the content type says; a body without any is named
                    # by what it holds instead.
                    events = _Events()
                    done = False
                    async with closing_stream(http.aiter_bytes()) as raw:
                        async with closing_stream(events.read(raw, where)) as items:
                            async for name, data in items:
                                if data.strip() == "[DONE]":
                                    done = True
                                    break
                                yield _decoded(name, data, where, request, self.max_tokens)
                        if done:
                            await _read_to_end(raw)
                if not done:
                    if not events.count and events.stray:
                        raise ModelRejected(_not_a_stream(where, kind, events.stray))
                    if not events.count and stream:
                        stream = False  # an empty stream: ask for the answer whole
                        continue
                    raise broke(f"the reply from {where} was cut off: its stream ended "
                                "before [DONE]" if stream else
                                f"{where} sent an empty reply, streamed and not")
                return
            except openai.BadRequestError as exc:
                said = _server_says(exc)
                overflow = _overflow(said, exc.body, where, request, self.max_tokens)
                if overflow is not None:
                    raise overflow from exc
                if self._drop_unsupported(said):
                    continue
                raise RequestRefused(
                    f"the model endpoint refused the request (400): {_clip(said)}", said
                ) from exc
            except openai.APIStatusError as exc:
                said = _server_says(exc)
                invalid = exc.status_code == 422 or (
                    exc.status_code >= 500 and _VALIDATION.search(said) is not None)
                if invalid and self._drop_unsupported(said):
                    continue
                if invalid:
                    raise RequestRefused(
                        f"{where} rejected the request as invalid ({exc.status_code}): "
                        f"{_clip(said)}. Asking again cannot fix it: check that "
                        "PLANRAG_MODEL_BASE_URL is an OpenAI-compatible endpoint (…/v1), or "
                        "try PLANRAG_MODEL_TOOLS=off; not retried", said,
                    ) from exc
                raise _mapped(exc, where, request, self.max_tokens) from exc
            except openai.APIConnectionError as exc:
                if not stream and not stale:
                    # The server closed the connection the empty stream came on, and the
                    # pool lent it again: once more, on a new one.
                    stale = True
                    continue
                raise _mapped(exc, where, request, self.max_tokens) from exc
            except openai.APIError as exc:
                raise _mapped(exc, where, request, self.max_tokens) from exc
            except httpx.TimeoutException as exc:
                raise ModelTimeout(
                    f"{where} stopped sending in the middle of its reply "
                    f"(nothing for {self.timeout_s:g} s)"
                ) from exc
            except httpx.RequestError as exc:  # connection reset, broken body, bad encoding
                raise ModelServerError(
                    f"the connection to {where} broke in the middle of the reply: "
                    f"{_clip(exc) or type(exc).__name__}"
                ) from exc
        raise ModelRejected(f"the model endpoint {where} refused every form of the request")


class _Events:
    """The server-sent events of a body, read from its bytes.

    `read` yields (event name, data) pairs; comments, `id:` and `retry:` lines are skipped.
    Lines that are none of these are not a stream of events: the first `STRAY` characters of
    them are kept in `stray`, to name what the server sent instead (an HTML page's title, a
    proxy's message); once that many are kept with no event read, the body is not read any
    further. No line, no event, and no run of such lines may exceed `MAX_LINE` characters, so
    no body (without line breaks, blank lines or events) can fill the memory or be read for
    ever."""

    STRAY = 2000

    def __init__(self) -> None:
        self.count = 0
        """Events read."""
        self.stray = ""
        self._junk = 0

    async def read(
        self, chunks: AsyncIterator[bytes], where: str
    ) -> AsyncIterator[tuple[str, str]]:
        decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        pending: list[str] = []  # the line not finished yet, in pieces (joined once, when it is)
        held = 0
        name = ""
        data: list[str] = []
        size = 0
        too_long = ModelRejected(
            f"{where} sent a line or event longer than {MAX_LINE:,} characters: this is not "
            "an OpenAI-compatible stream; check PLANRAG_MODEL_BASE_URL"
        )
        async for raw in chunks:
            text = decoder.decode(raw)
            if "\n" not in text:
                pending.append(text)
                held += len(text)
                if held > MAX_LINE:
                    raise too_long
                continue
            first, *lines = text.split("\n")
            lines.insert(0, "".join(pending) + first)
            rest = lines.pop()
            pending, held = [rest], len(rest)
            for line in lines:
                line = line.removesuffix("\r")
                if not line:
                    if data:
                        self.count += 1
                        self._junk = 0
                        yield name, "\n".join(data)
                    name, data, size = "", [], 0
                elif line.startswith("data:"):
                    value = line[5:]
                    data.append(value[1:] if value.startswith(" ") else value)
                    size += len(value)
                    if size > MAX_LINE:
                        raise too_long
                elif line.startswith("event:"):
                    name = line[6:].strip()
                elif not line.startswith((":", "id:", "retry:")):
                    self._keep(line)
                    if not self.count and len(self.stray) >= self.STRAY:
                        return  # enough to say what it is: no need to read it all
                    self._junk += len(line)
                    if self._junk > MAX_LINE:
                        raise ModelRejected(
                            f"{where} sent more than {MAX_LINE:,} characters that are not "
                            f"server-sent events, beginning {_clip(self.stray, 80)!r}: this is "
                            "not an OpenAI-compatible stream; check PLANRAG_MODEL_BASE_URL"
                        )
        last = "".join(pending) + decoder.decode(b"", final=True)
        if last.startswith("data:"):
            value = last[5:]
            data.append(value[1:] if value.startswith(" ") else value)
        else:
            self._keep(last)
        if data:
            self.count += 1
            yield name, "\n".join(data)

    def _keep(self, line: str) -> None:
        if line.strip() and len(self.stray) < self.STRAY:
            self.stray = f"{self.stray} {line.strip()}".strip()[: self.STRAY]


async def _read_to_end(raw: AsyncIterator[bytes]) -> None:
    """Read what a stream sends after `[DONE]` (normally nothing but the end of the body) to
    the end, so the HTTP client's own generators under `raw` (httpx's, httpcore's) end here
    rather than being left half-read to the garbage collector, which finalises them later,
    possibly outside the event loop: "async generator ignored GeneratorExit" in the logs
    after every streamed call. A server that goes on sending is left as before: the
    response is closed (`AFTER_DONE_BYTES`, `AFTER_DONE_S`)."""
    read = 0
    try:
        async with asyncio.timeout(AFTER_DONE_S):
            async for piece in raw:
                read += len(piece)
                if read > AFTER_DONE_BYTES:
                    return
    except (TimeoutError, httpx.HTTPError):
        return  # the reply is whole: what follows it does not matter


async def _start(http: httpx.Response, limit: int = MAX_BODY) -> str:
    """The first `limit` bytes of a body, as text (the rest is never read)."""
    body = b""
    async with closing_stream(http.aiter_bytes()) as raw:
        async for part in raw:
            body += part
            if len(body) >= limit:
                break
    return body[:limit].decode("utf-8", errors="replace")


async def _whole_body(
    http: httpx.Response, where: str, request: ModelRequest, max_tokens: int | None
) -> dict[str, Any]:
    """A 200 with a JSON body instead of a stream, as one chunk: a whole (non-streamed)
    completion becomes one delta; an error object becomes its error."""
    kind = "application/json"
    text = await _start(http)
    try:
        whole = json.loads(text)
    except ValueError:
        raise ModelRejected(_not_a_stream(where, kind, text)) from None
    if not isinstance(whole, dict):
        raise ModelRejected(_not_a_stream(where, kind, text))
    error = _error_of(whole)
    if error is not None:
        raise _stream_error(error, whole, where, request, max_tokens)
    chunk: dict[str, Any] = {"usage": whole.get("usage"), "choices": []}
    for choice in _list(whole.get("choices"), where):
        if isinstance(choice, dict):
            message = choice.get("message")
            chunk["choices"].append({
                "index": choice.get("index", 0),
                "delta": message if isinstance(message, dict) else {},
                "finish_reason": choice.get("finish_reason"),
            })
    return chunk


def _not_a_stream(where: str, kind: str, start: str) -> str:
    """What to say about a 200 whose body is not the model's stream."""
    title = re.search(r"<title[^>]*>(.*?)</title>", start, re.IGNORECASE | re.DOTALL)
    labelled = f"content type {kind}" if kind else "no content type"
    if "html" in kind or re.match(r"\s*<(?:!doctype|html|head|body)", start, re.IGNORECASE):
        said = f"an HTML page ({labelled}"
        said += f", titled {_clip(title.group(1), 60)!r})" if title else ")"
    else:
        said = (f"{kind or 'a body with no content type'}, not a stream of events "
                f"(text/event-stream), beginning {_clip(start, 80)!r}")
    return (f"{where} answered with {said}: PLANRAG_MODEL_BASE_URL is probably wrong (an "
            "OpenAI-compatible URL usually ends in /v1), or a proxy or sign-in page is in the "
            "way; not retried")


def _decoded(
    name: str, data: str, where: str, request: ModelRequest, max_tokens: int | None
) -> dict[str, Any]:
    if name == "error":  # an `event: error` whose data may be plain text
        try:
            said: Any = json.loads(data)
        except ValueError:
            said = data
        error = _error_of(said) if isinstance(said, dict) else said
        raise _stream_error(error or data, said, where, request, max_tokens)
    try:
        chunk = json.loads(data)
    except ValueError:
        raise ModelServerError(
            f"the reply from {where} could not be read: a stream chunk is not JSON "
            f"({_clip(data)})"
        ) from None
    if not isinstance(chunk, dict):
        raise ModelServerError(
            f"the reply from {where} could not be read: a stream chunk is not an object "
            f"({_clip(data)})"
        )
    error = _error_of(chunk)
    if error is not None:
        raise _stream_error(error, chunk, where, request, max_tokens)
    return chunk


def _list(value: Any, where: str) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise ModelServerError(
            f"the reply from {where} could not be read: expected a list, got {_clip(value)}"
        )
    return value


def _add_call_delta(
    calls: dict[int, dict[str, str]], position: int, tc: Any, limit: ReplyLimit
) -> None:
    """Fold one tool-call delta into the calls assembled so far (its name and arguments
    count towards the reply's limit)."""
    if not isinstance(tc, dict):
        return
    index = tc.get("index", position)
    slot = calls.setdefault(index if isinstance(index, int) else position,
                            {"id": "", "name": "", "arguments": ""})
    if isinstance(tc.get("id"), str) and tc["id"]:
        slot["id"] = tc["id"][:200]
    function = tc.get("function")
    if isinstance(function, dict):
        if isinstance(function.get("name"), str):
            slot["name"] += limit.take(function["name"])
        arguments = function.get("arguments")
        if isinstance(arguments, dict):  # some servers send the object itself
            arguments = json.dumps(arguments)
        if isinstance(arguments, str):
            slot["arguments"] += limit.take(arguments)


def _broken_off(message: str, slots: EndpointSlots, number: int) -> ModelServerError:
    """A stream that ended cleanly before its reply was complete (no `finish_reason`, or no
    `[DONE]`); when other requests to the endpoint ran beside it, most likely the server
    cancelled it for another one (llama-cpp-python ends the running request with `[DONE]`
    when a new one arrives): said, with what to set, and the endpoint gets one request at a
    time from this process from now on. Retryable: the retry waits its turn. (A connection
    that breaks is a network fault, not this: it is not taken for a cancellation.)"""
    if not slots.crowded(number):
        return ModelServerError(message)
    slots.go_serial()
    return ModelServerError(
        f"{message}, while other requests to it were running: the server likely cancels a "
        "request when another arrives (llama-cpp-python does); set PLANRAG_MODEL_CONCURRENCY=1 "
        "(planrag eval: --concurrency 1). Until then this process sends it one request at a "
        "time"
    )


def _count(value: Any) -> int:
    return value if isinstance(value, int) and value > 0 else 0
