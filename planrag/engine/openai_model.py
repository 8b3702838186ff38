"""The real model: any OpenAI-compatible chat-completions endpoint, with tool calling.

OpenAI, Azure OpenAI (its /openai/v1 endpoint), Ollama, vLLM and llama.cpp's server all speak
this protocol; `base_url` picks the server. Replies stream: text pieces as they arrive, tool
calls assembled from their deltas, usage from the final chunk (asked for with
`stream_options`; a server that refuses the option is asked again without it). Endpoint errors
become `ModelError`s that say which are worth retrying; the `Retrying` wrapper retries them.
"""

from __future__ import annotations

import re
import time
from collections.abc import AsyncIterator
from typing import Any

from planrag.engine.model import ModelReply, ModelRequest, TextPiece, ToolCall
from planrag.errors import (
    ConfigError,
    ModelError,
    ModelRateLimited,
    ModelRejected,
    ModelServerError,
    ModelTimeout,
)

__all__ = ["OpenAIModel"]

_TEMPLATE_TOKENS = re.compile(r"<\|[a-z_]{2,24}\|>|</?s>")


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
        self._usage_option = True
        self._client = AsyncOpenAI(
            base_url=base_url, api_key=api_key or "not-needed", timeout=timeout_s, max_retries=0
        )

    async def close(self) -> None:
        await self._client.close()

    async def stream(self, request: ModelRequest) -> AsyncIterator[TextPiece | ModelReply]:
        started = time.perf_counter()
        text: list[str] = []
        calls: dict[int, dict[str, str]] = {}
        usage: Any = None
        async for chunk in self._chunks(request):
            if getattr(chunk, "usage", None) is not None:
                usage = chunk.usage
            for choice in chunk.choices or ():
                delta = choice.delta
                if delta is None:
                    continue
                if delta.content:
                    piece = _TEMPLATE_TOKENS.sub("", delta.content)
                    if piece:
                        text.append(piece)
                        yield TextPiece(piece)
                for tc in delta.tool_calls or ():
                    slot = calls.setdefault(tc.index, {"id": "", "name": "", "arguments": ""})
                    if tc.id:
                        slot["id"] = tc.id
                    if tc.function is not None:
                        slot["name"] += tc.function.name or ""
                        slot["arguments"] += tc.function.arguments or ""
        tool_calls = tuple(
            ToolCall(c["id"] or f"call_{i}", c["name"], c["arguments"])
            for i, c in sorted(calls.items())
        )
        yield ModelReply(
            "".join(text).strip(),
            tool_calls,
            int(getattr(usage, "prompt_tokens", 0) or 0),
            int(getattr(usage, "completion_tokens", 0) or 0),
            time.perf_counter() - started,
        )

    async def _chunks(self, request: ModelRequest) -> AsyncIterator[Any]:
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
                stream = await self._client.chat.completions.create(**kwargs)
                async for chunk in stream:
                    yield chunk
                return
            except openai.BadRequestError as exc:
                if attempt == 1 and self._usage_option and "stream_options" in str(exc):
                    self._usage_option = False
                    continue
                raise ModelRejected(f"the model endpoint refused the request: {_short(exc)}") \
                    from exc
            except openai.APIError as exc:
                raise _mapped(exc, self.base_url) from exc


def _mapped(exc: Exception, base_url: str | None) -> ModelError:
    import openai

    where = base_url or "api.openai.com"
    if isinstance(exc, openai.RateLimitError):
        return ModelRateLimited(f"rate limited by {where} (429): {_short(exc)}")
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


def _short(exc: Exception, limit: int = 240) -> str:
    text = " ".join(str(exc).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
