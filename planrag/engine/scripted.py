"""A scripted model: replays prepared replies, records every request, fails loudly.

It ships with the package for tests and offline demonstrations. Each step of a script is a
`Reply` (text and/or tool calls), a `Fail` (an endpoint error to raise) or a policy: a function
from the request to a step, which can read what the run has seen so far. Everything it produces
is marked `scripted`, and front ends label it so.

    model = ScriptedModel([
        Reply(calls=[call("make_plan", steps=[{"goal": "...", "source": "sql"}])]),
        Reply(calls=[call("run_sql", query="SELECT ...")]),
        Reply(calls=[call("final_answer", decision="krakow", rationale="...")]),
    ])
    ... run ...
    model.assert_all_used()
"""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from planrag.engine.model import ModelReply, ModelRequest, TextPiece, ToolCall
from planrag.errors import ModelError

__all__ = ["Fail", "Reply", "ScriptExhausted", "ScriptedModel", "call"]


@dataclass(frozen=True)
class Reply:
    text: str = ""
    calls: tuple[tuple[str, Any], ...] = ()
    """(tool name, arguments): a dict is sent as JSON, a string as it is (to test bad JSON)."""
    prompt_tokens: int = 0
    completion_tokens: int = 0
    pieces: tuple[str, ...] = ()
    """How the text streams; by default word by word. Given explicitly, the text is their
    concatenation (to test what a client does with e.g. a token split across pieces)."""

    def __init__(
        self,
        text: str = "",
        calls: Sequence[tuple[str, Any]] = (),
        prompt_tokens: int = 0,
        completion_tokens: int = 0,
        *,
        pieces: Sequence[str] = (),
    ) -> None:
        if pieces and text and text != "".join(pieces):
            raise ValueError("a Reply's pieces must join up to its text")
        object.__setattr__(self, "text", text or "".join(pieces))
        object.__setattr__(self, "calls", tuple(calls))
        object.__setattr__(self, "prompt_tokens", prompt_tokens)
        object.__setattr__(self, "completion_tokens", completion_tokens)
        object.__setattr__(
            self, "pieces", tuple(pieces) or tuple(re.findall(r"\S+\s*|\s+", text))
        )


def call(name: str, **arguments: Any) -> tuple[str, Any]:
    """One tool call for a `Reply`."""
    return (name, arguments)


@dataclass(frozen=True)
class Fail:
    error: ModelError


Step = Reply | Fail | Callable[[ModelRequest], "Reply | Fail"]


class ScriptExhausted(ModelError):
    """The scripted model was asked for more replies than its script holds."""


@dataclass
class ScriptedModel:
    script: list[Step]
    name: str = "scripted"
    scripted: bool = True
    requests: list[ModelRequest] = field(default_factory=list)
    _next: int = 0
    _ids: int = 0

    async def stream(self, request: ModelRequest) -> AsyncIterator[TextPiece | ModelReply]:
        self.requests.append(request)
        if self._next >= len(self.script):
            raise ScriptExhausted(
                f"the scripted model's script ran out after {len(self.script)} replies "
                f"(request {len(self.requests)} asked for more)"
            )
        step = self.script[self._next]
        self._next += 1
        if callable(step) and not isinstance(step, Reply | Fail):
            step = step(request)
        if isinstance(step, Fail):
            raise step.error
        for piece in step.pieces:
            yield TextPiece(piece)
        calls = []
        for name, arguments in step.calls:
            self._ids += 1
            text = arguments if isinstance(arguments, str) else json.dumps(arguments)
            calls.append(ToolCall(f"call_{self._ids}", name, text))
        prompt = step.prompt_tokens or _estimate_tokens(request)
        completion = step.completion_tokens or max(1, len(step.text) // 4 + 8 * len(calls))
        finish = "tool_calls" if calls else "stop"  # what an OpenAI endpoint would say
        yield ModelReply(step.text, tuple(calls), prompt, completion, 0.0, scripted=True,
                         finish_reason=finish)

    @property
    def used(self) -> int:
        return self._next

    def assert_all_used(self) -> None:
        if self._next != len(self.script):
            raise AssertionError(
                f"the scripted model used {self._next} of its {len(self.script)} replies"
            )


def _estimate_tokens(request: ModelRequest) -> int:
    """A rough count (4 characters a token) so usage figures are never zero."""
    size = sum(len(json.dumps(m, default=str)) for m in request.messages)
    return max(1, size // 4)
