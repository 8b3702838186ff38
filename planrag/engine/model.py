"""The model seam: one method, `stream(request)`, yielding text pieces and then one reply.

Messages are OpenAI chat messages (plain dicts: `role`, `content`, `tool_calls`,
`tool_call_id`), so a run state serialises as it is and every OpenAI-compatible endpoint
understands it. Retries with backoff wrap any model (`Retrying`); a model that fails after
text has already streamed is not retried (the person has seen the text).
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from planrag.errors import ModelError

__all__ = [
    "Message",
    "Model",
    "ModelReply",
    "ModelRequest",
    "Retrying",
    "TextPiece",
    "ToolCall",
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
class Retrying:
    """Retry a model on retryable errors (429, 5xx, timeouts) with exponential backoff."""

    inner: Model
    attempts: int = 4
    base_delay: float = 0.5
    max_delay: float = 8.0
    sleep: Callable[[float], Any] = field(default=asyncio.sleep)
    retries: int = 0
    """How many retries this wrapper has made (for reports and tests)."""

    @property
    def name(self) -> str:
        return self.inner.name

    @property
    def scripted(self) -> bool:
        return self.inner.scripted

    async def stream(self, request: ModelRequest) -> AsyncIterator[TextPiece | ModelReply]:
        for attempt in range(1, self.attempts + 1):
            streamed = False
            started = time.perf_counter()
            try:
                async for chunk in self.inner.stream(request):
                    if isinstance(chunk, TextPiece):
                        streamed = True
                    elif not chunk.seconds:
                        chunk = ModelReply(
                            chunk.text,
                            chunk.tool_calls,
                            chunk.prompt_tokens,
                            chunk.completion_tokens,
                            time.perf_counter() - started,
                            chunk.scripted,
                        )
                    yield chunk
                return
            except ModelError as exc:
                if not exc.retryable or streamed or attempt == self.attempts:
                    if exc.retryable and attempt == self.attempts:
                        raise type(exc)(
                            f"{exc} (gave up after {self.attempts} attempts)"
                        ) from exc
                    raise
                self.retries += 1
                delay = min(self.max_delay, self.base_delay * 2 ** (attempt - 1))
                await self.sleep(delay * (0.5 + random.random() / 2))
