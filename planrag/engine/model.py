"""The model seam: one method, `stream(request)`, yielding text pieces and then one reply.

Messages are OpenAI chat messages (plain dicts: `role`, `content`, `tool_calls`,
`tool_call_id`), so a run state serialises as it is and every OpenAI-compatible endpoint
understands it. Retries with backoff wrap any model (`Retrying`).

A reply can fail after some of its text has streamed (a read timeout, a dropped connection, a
stream cut off). It is still retried, and the retry is announced in the text stream itself: a
bracketed notice says the reply broke off and starts again, so the person never sees the
same text twice without being told why. The reply the engine keeps (`ModelReply.text`) is
only the attempt that completed. (Withholding text until a reply completes would avoid the
notice but lose streaming, which matters most for the long replies that are likeliest to
break.)

Chat-template tokens (`<|im_end|>`, `<|eot_id|>`, `</s>`, `[INST]`...) that a misconfigured
server leaks into the text are removed by `TemplateTokens`, also when a token arrives split
across stream pieces.
"""

from __future__ import annotations

import asyncio
import random
import re
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field, replace
from typing import Any, Protocol, runtime_checkable

from planrag.errors import ModelError

__all__ = [
    "Message",
    "Model",
    "ModelReply",
    "ModelRequest",
    "Retrying",
    "TemplateTokens",
    "TextPiece",
    "ToolCall",
    "WrapperModel",
    "strip_template_tokens",
]

Message = dict[str, Any]


@dataclass(frozen=True, slots=True)
class ToolCall:
    id: str
    name: str
    arguments: str
    """The raw JSON text the model wrote; the engine validates it."""


@dataclass(frozen=True, slots=True)
class ModelRequest:
    messages: tuple[Message, ...]
    tools: tuple[dict[str, Any], ...]
    """OpenAI tool definitions (`{"type": "function", "function": {...}}`)."""
    run_id: str = ""


@dataclass(frozen=True, slots=True)
class TextPiece:
    text: str


@dataclass(frozen=True, slots=True)
class ModelReply:
    text: str = ""
    tool_calls: tuple[ToolCall, ...] = ()
    prompt_tokens: int = 0
    completion_tokens: int = 0
    seconds: float = 0.0
    scripted: bool = False
    finish_reason: str = ""
    """Why the model stopped (`stop`, `tool_calls`, `length`...), as the endpoint said;
    empty when unknown. For traces (the GenAI conventions' finish reasons)."""

    def as_message(self) -> Message:
        message: Message = {"role": "assistant", "content": self.text or None}
        if self.tool_calls:
            message["tool_calls"] = [
                {
                    "id": c.id,
                    "type": "function",
                    "function": {"name": c.name, "arguments": c.arguments},
                }
                for c in self.tool_calls
            ]
        return message


@runtime_checkable
class Model(Protocol):
    @property
    def name(self) -> str: ...

    @property
    def scripted(self) -> bool:
        """True for test doubles and offline policies: their output is labelled as scripted."""
        ...

    def stream(self, request: ModelRequest) -> AsyncIterator[TextPiece | ModelReply]:
        """Yield text as it is generated, then exactly one `ModelReply`."""
        ...


@dataclass
class WrapperModel:
    """A model around another one (retries, a text format...): its name and its scripted
    label are the inner model's."""

    inner: Model

    @property
    def name(self) -> str:
        return self.inner.name

    @property
    def scripted(self) -> bool:
        return self.inner.scripted


@dataclass
class Retrying(WrapperModel):
    """Retry a model on retryable errors (429, 5xx, timeouts, broken streams) with exponential
    backoff and jitter; announce a retry in the text stream when text had already streamed."""

    attempts: int = 4
    base_delay: float = 0.5
    """Seconds before the first retry; each further retry waits twice as long (with jitter)."""
    max_delay: float = 8.0
    max_wait: float = 60.0
    """The longest wait a 429's Retry-After is honoured with."""
    sleep: Callable[[float], Any] = field(default=asyncio.sleep)
    retries: int = 0
    """How many retries this wrapper has made (for reports and tests)."""

    async def stream(self, request: ModelRequest) -> AsyncIterator[TextPiece | ModelReply]:
        for attempt in range(1, self.attempts + 1):
            streamed = False
            started = time.perf_counter()
            try:
                async for chunk in self.inner.stream(request):
                    if isinstance(chunk, TextPiece):
                        streamed = True
                    elif not chunk.seconds:
                        chunk = replace(chunk, seconds=time.perf_counter() - started)
                    yield chunk
                return
            except ModelError as exc:
                if not exc.retryable:
                    raise
                if attempt == self.attempts:
                    raise type(exc)(f"{exc} (gave up after {self.attempts} attempts)") from exc
                self.retries += 1
                delay = min(self.max_delay, self.base_delay * 2 ** (attempt - 1))
                delay *= 0.5 + random.random() / 2
                asked = getattr(exc, "retry_after", None)
                if asked is not None:  # the server said how long: wait that, within reason
                    delay = min(max(delay, asked), self.max_wait)
                if streamed:
                    yield TextPiece(
                        f"\n[the reply broke off ({exc}); asking again "
                        f"(attempt {attempt + 1} of {self.attempts}), the reply restarts "
                        "below]\n"
                    )
                await self.sleep(delay)


_TOKEN = re.compile(
    r"<\|[A-Za-z_]{2,24}\|>|</?s>|<(?:start|end)_of_turn>|\[/?INST\]"
)
_TOKEN_START = re.compile(
    r"<(?:\|[A-Za-z_]{0,24}\|?|/?[a-z_]{0,13})|\[/?(?:I(?:N(?:S(?:T)?)?)?)?"
)
"""What the end of a piece looks like when a template token may continue in the next one."""


def strip_template_tokens(text: str) -> str:
    """Remove chat-template tokens from a complete text."""
    return _TOKEN.sub("", text)


class TemplateTokens:
    """Strip chat-template tokens from text that arrives in pieces.

    A token may be split across pieces (`<|im_` then `end|>`): the possible start of a token
    at the end of a piece is held back until the next piece shows whether it is one.
    """

    def __init__(self) -> None:
        self._held = ""

    def feed(self, piece: str) -> str:
        """The text of `piece` that can be shown now."""
        text = _TOKEN.sub("", self._held + piece)
        self._held = ""
        cut = max(text.rfind("<"), text.rfind("["))
        if cut >= 0 and _TOKEN_START.fullmatch(text, cut):
            text, self._held = text[:cut], text[cut:]
        return text

    def flush(self) -> str:
        """What is still held back when the text ends (it was not a token)."""
        text, self._held = self._held, ""
        return text
