"""The real model: any OpenAI-compatible chat-completions endpoint, with tool calling.

OpenAI, Azure OpenAI (its /openai/v1 endpoint), Ollama, vLLM and llama.cpp's server all speak
this protocol; `base_url` picks the server. Replies stream as server-sent events, read here
line by line: text pieces as they arrive, tool calls assembled from their deltas, usage from
the final chunk (asked for with `stream_options`; a server that refuses the option is asked
again without it).

Every failure becomes a `ModelError` that says whether it is worth retrying (the `Retrying`
wrapper retries those): error statuses, and also what goes wrong after the status line, in
the middle of a reply: a read timeout (`ModelTimeout`), a dropped connection or a broken
chunked body, an error event, an unreadable chunk, or a stream that ends without a
`finish_reason` or without `[DONE]` (`ModelServerError`; a cut-off reply is never taken for a
complete one). Chat-template tokens leaked into the text are stripped, even when split
across pieces.
"""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator
from typing import Any

import httpx

from planrag.engine.model import ModelReply, ModelRequest, TemplateTokens, TextPiece, ToolCall
from planrag.errors import (
    ConfigError,
    ModelError,
    ModelRateLimited,
    ModelRejected,
    ModelServerError,
    ModelTimeout,
)

__all__ = ["OpenAIModel"]


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
        self._usage_option = True
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
        started = time.perf_counter()
        where = self.base_url or "api.openai.com"
        text: list[str] = []
        calls: dict[int, dict[str, str]] = {}
        usage: dict[str, Any] = {}
        finish = ""
        tokens = TemplateTokens()
        async for chunk in self._chunks(request, where):
            if isinstance(chunk.get("usage"), dict):
                usage = chunk["usage"]
            for choice in _list(chunk.get("choices"), where):
                if not isinstance(choice, dict) or choice.get("index", 0) != 0:
                    continue
                finish = str(choice.get("finish_reason") or finish)
                delta = choice.get("delta")
                if not isinstance(delta, dict):
                    continue
                content = delta.get("content")
                piece = tokens.feed(content) if isinstance(content, str) else ""
                if piece:
                    text.append(piece)
                    yield TextPiece(piece)
                for position, tc in enumerate(_list(delta.get("tool_calls"), where)):
                    _add_call_delta(calls, position, tc)
        rest = tokens.flush()
        if rest:
            text.append(rest)
            yield TextPiece(rest)
        if not finish:
            raise ModelServerError(
                f"the reply from {where} was cut off: its stream ended without a finish_reason"
            )
        tool_calls = tuple(
            ToolCall(c["id"] or f"call_{i}", c["name"], c["arguments"])
            for i, c in sorted(calls.items())
        )
        yield ModelReply(
            "".join(text).strip(),
            tool_calls,
            _count(usage.get("prompt_tokens")),
            _count(usage.get("completion_tokens")),
            time.perf_counter() - started,
            finish_reason=finish,
        )

    async def _chunks(self, request: ModelRequest, where: str) -> AsyncIterator[dict[str, Any]]:
        """The decoded chunks of one streamed reply; `[DONE]` must end it."""
        import openai

        kwargs: dict[str, Any] = {
            "model": self.name,
            "messages": list(request.messages),
            "temperature": self.temperature,
            "stream": True,
        }
        if request.tools:
            kwargs["tools"] = list(request.tools)
        for attempt in (1, 2):
            if self._usage_option:
                kwargs["stream_options"] = {"include_usage": True}
            else:
                kwargs.pop("stream_options", None)
            try:
                async with self._client.chat.completions.with_streaming_response.create(
                    **kwargs
                ) as response:
                    done = False
                    async for data in _events(response.iter_lines()):
                        if data.strip() == "[DONE]":
                            done = True
                            break
                        yield _decoded(data, where)
                if not done:
                    raise ModelServerError(
                        f"the reply from {where} was cut off: its stream ended before [DONE]"
                    )
                return
            except openai.BadRequestError as exc:
                if attempt == 1 and self._usage_option and "stream_options" in str(exc):
                    self._usage_option = False
                    continue
                raise ModelRejected(f"the model endpoint refused the request: {_short(exc)}") \
                    from exc
            except openai.APIError as exc:
                raise _mapped(exc, where) from exc
            except httpx.TimeoutException as exc:
                raise ModelTimeout(
                    f"{where} stopped sending in the middle of its reply "
                    f"(nothing for {self.timeout_s:g} s)"
                ) from exc
            except httpx.RequestError as exc:  # connection reset, broken body, bad encoding
                raise ModelServerError(
                    f"the connection to {where} broke in the middle of the reply: "
                    f"{_short(exc) or type(exc).__name__}"
                ) from exc


async def _events(lines: AsyncIterator[str]) -> AsyncIterator[str]:
    """The data of each server-sent event (comments, `event:` and `id:` lines skipped)."""
    data: list[str] = []
    async for line in lines:
        if not line:
            if data:
                yield "\n".join(data)
                data = []
        elif line.startswith("data:"):
            value = line[5:]
            data.append(value[1:] if value.startswith(" ") else value)
    if data:
        yield "\n".join(data)


def _decoded(data: str, where: str) -> dict[str, Any]:
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
    error = chunk.get("error")
    if error:
        message = error.get("message") if isinstance(error, dict) else error
        raise ModelServerError(f"{where} failed in the middle of its reply: {_clip(message)}")
    return chunk


def _list(value: Any, where: str) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise ModelServerError(
            f"the reply from {where} could not be read: expected a list, got {_clip(value)}"
        )
    return value


def _add_call_delta(calls: dict[int, dict[str, str]], position: int, tc: Any) -> None:
    """Fold one tool-call delta into the calls assembled so far."""
    if not isinstance(tc, dict):
        return
    index = tc.get("index", position)
    slot = calls.setdefault(index if isinstance(index, int) else position,
                            {"id": "", "name": "", "arguments": ""})
    if isinstance(tc.get("id"), str) and tc["id"]:
        slot["id"] = tc["id"]
    function = tc.get("function")
    if isinstance(function, dict):
        if isinstance(function.get("name"), str):
            slot["name"] += function["name"]
        arguments = function.get("arguments")
        if isinstance(arguments, str):
            slot["arguments"] += arguments
        elif isinstance(arguments, dict):  # some servers send the object itself
            slot["arguments"] += json.dumps(arguments)


def _count(value: Any) -> int:
    return value if isinstance(value, int) and value > 0 else 0


def _clip(value: Any, limit: int = 160) -> str:
    text = " ".join(str(value).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _mapped(exc: Exception, where: str) -> ModelError:
    import openai

    if isinstance(exc, openai.RateLimitError):
        return ModelRateLimited(f"rate limited by {where} (429): {_short(exc)}",
                                retry_after=_retry_after(exc.response.headers))
    if isinstance(exc, openai.APITimeoutError):
        return ModelTimeout(f"{where} did not answer in time")
    if isinstance(exc, openai.APIConnectionError):
        return ModelServerError(f"cannot reach the model at {where}: {_short(exc)}")
    if isinstance(exc, openai.AuthenticationError | openai.PermissionDeniedError):
        return ModelRejected(f"{where} refused the API key: set PLANRAG_MODEL_API_KEY")
    if isinstance(exc, openai.NotFoundError):
        return ModelRejected(f"{where} does not know this model or path: {_short(exc)}")
    if isinstance(exc, openai.APIStatusError):
        if exc.status_code >= 500:
            return ModelServerError(f"{where} failed ({exc.status_code}): {_short(exc)}")
        return ModelRejected(f"{where} refused the request ({exc.status_code}): {_short(exc)}")
    return ModelServerError(f"the reply from {where} could not be read: {_short(exc)}")


def _retry_after(headers: Any) -> float | None:
    """The wait a 429 asks for: `retry-after-ms`, or `Retry-After` in seconds or as an HTTP
    date; None when absent or unreadable."""
    from email.utils import parsedate_to_datetime

    try:
        millis = headers.get("retry-after-ms")
        if millis is not None:
            return max(0.0, float(millis) / 1000)
        value = headers.get("retry-after")
        if value is None:
            return None
        try:
            return max(0.0, float(value))
        except ValueError:
            when = parsedate_to_datetime(value)
            return max(0.0, when.timestamp() - time.time())
    except (TypeError, ValueError, OverflowError):
        return None


def _short(exc: Exception, limit: int = 240) -> str:
    return _clip(exc, limit)
