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

Chat-template tokens that a misconfigured server leaks into the text (`[INST]`, `<<SYS>>`,
`<|im_start|>assistant`, `<|im_end|>`, `<start_of_turn>model`, `<end_of_turn>`, `<|eot_id|>`,
`<|start_header_id|>...<|end_header_id|>`, `</s>`...) are removed by `TemplateTokens`, also
when a token arrives split across stream pieces, and by `strip_template_tokens` from text
that is read.

A reply is bounded: a request says how many characters its reply may have
(`ModelRequest.max_chars`), and `ReplyLimit` watches a reply as it streams for that cap and for
a loop (the same chunk written over and over at its end, the usual way a model at temperature 0
runs away). A model that reaches either stops reading, closes its stream and returns what it
kept as a reply marked `cut`: the engine tells the model and the person, and nothing the cut
reply asked for runs. Holding the reply whole and judging it afterwards would let an endless
stream fill the memory first.

Every stream is closed on every path (normal end, cut, error, cancellation): each wrapper
iterates its inner stream inside `closing_stream`, so closing the outermost closes the HTTP
response at the bottom at once, never later from the garbage collector.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field, replace
from typing import Any, Literal, Protocol, TypeVar, runtime_checkable

from planrag.errors import ModelError, ModelRateLimited, ModelRejected

__all__ = [
    "EMPTY_REPLY",
    "KEPT_CHARS",
    "CallProgress",
    "Message",
    "Model",
    "ModelReply",
    "ModelRequest",
    "ReplyCut",
    "ReplyLimit",
    "RequestRefused",
    "Retrying",
    "TemplateTokens",
    "TextPiece",
    "ToolCall",
    "WrapperModel",
    "closing_stream",
    "estimate_tokens",
    "repeating_end",
    "strip_template_tokens",
]

Message = dict[str, Any]
_T = TypeVar("_T")


@asynccontextmanager
async def closing_stream(stream: AsyncIterator[_T]) -> AsyncIterator[AsyncIterator[_T]]:
    """`stream`, closed (`aclose`, when it has one: every async generator does) when the
    block ends, however it ends: the last item read, a `break`, an error, a cancellation, or
    the consumer itself being closed. Left to the garbage collector, an abandoned generator
    is closed later, elsewhere, and its HTTP response stays open until then."""
    try:
        yield stream
    finally:
        close = getattr(stream, "aclose", None)
        if close is not None:
            await close()


class RequestRefused(ModelRejected):
    """The endpoint refused the request as it was sent (a 400, a 422, a validation error);
    `said` holds the server's own words, apart from the advice around them (the text-format
    fallback looks in them for a refusal of tools)."""

    def __init__(self, message: str, said: str = "") -> None:
        super().__init__(message)
        self.said = said or str(self)


@dataclass(frozen=True, slots=True)
class ToolCall:
    id: str
    name: str
    arguments: str
    """The raw JSON text the model wrote; the engine validates it."""


@dataclass(slots=True)
class CallProgress:
    """How far one model call got, told by the model to the loop (which counts calls)."""

    sent: bool | None = None
    """Whether the request went out to the server: None when the model does not say (an
    in-process model: the call counts), False until an HTTP model sends it. A call the run's
    time ends before it was sent (waiting for the endpoint's slot, or with no time left) was
    never a model call and is not counted as one."""


@dataclass(frozen=True, slots=True)
class ModelRequest:
    messages: tuple[Message, ...]
    tools: tuple[dict[str, Any], ...]
    """OpenAI tool definitions (`{"type": "function", "function": {...}}`)."""
    run_id: str = ""
    max_chars: int | None = None
    """The most characters (text and tool-call arguments) the reply may have: a model stops
    reading there and returns the reply cut (`ModelReply.cut`). None: no cap."""
    stop: tuple[str, ...] = ()
    """Where the model must stop writing (the ReAct text format: before an `Observation:`,
    which only the engine writes)."""
    deadline: float | None = None
    """When (`time.monotonic()`) the run's time for this call is over: a rate limit asking
    for a longer wait ends the call at once instead of sleeping through the rest of the run."""
    progress: CallProgress | None = field(default=None, compare=False)
    """Filled in by the model as the call goes (see `CallProgress`)."""
    prompts: Literal["product", "paper"] = "product"
    """Whose prompts the run's are (`EngineConfig.prompts`): the text format
    (`planrag.engine.react`) is written as the paper's for `paper`."""


@dataclass(frozen=True, slots=True)
class TextPiece:
    text: str


@dataclass(frozen=True, slots=True)
class ReplyCut:
    """Why a reply was stopped before the model finished it."""

    reason: Literal["chars", "repetition"]
    """`chars`: it reached the request's `max_chars`; `repetition`: it kept writing the same
    chunk (`period` characters long, `repeats` times or more) at its end."""
    chars: int
    """Characters received when it was stopped."""
    period: int = 0
    repeats: int = 0

    def describe(self) -> str:
        """What happened, in words (for notices to the model and to the person)."""
        if self.reason == "repetition":
            return (f"it kept repeating the same {self.period} character(s), "
                    f"{self.repeats} times or more")
        return f"it reached {self.chars:,} characters"


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
    cut: ReplyCut | None = None
    """Set when the reply was stopped by a limit (`ModelRequest.max_chars`, a loop): its text
    is what was kept, and it has no tool calls (their arguments were incomplete)."""
    usage_reported: bool = True
    """False when the server said nothing of the tokens (no usage in its reply, or a reply
    stopped before its usage came): the token counts are then 0 and reports say "not
    reported", never 0 tokens."""

    @property
    def empty(self) -> bool:
        """No text and no tool call: nothing to act on."""
        return not self.text.strip() and not self.tool_calls

    def as_message(self) -> Message:
        """The reply as the assistant turn of the conversation.

        Its content is never null (strict servers such as llama-cpp-python reject a null
        content with a validation error, even beside tool calls): a turn of tool calls alone
        has an empty text, an empty reply says so in words, and a cut reply keeps its head
        only (a loop's first round, at most `KEPT_CHARS`), so the model sees where it went
        astray without the conversation carrying the runaway text."""
        if self.cut is not None:
            return {"role": "assistant", "content": _kept(self.text, self.cut)}
        if self.empty:
            return {"role": "assistant", "content": EMPTY_REPLY}
        message: Message = {"role": "assistant", "content": self.text}
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


EMPTY_REPLY = "(an empty reply)"
"""The assistant turn recorded for a reply without text or tool calls."""
KEPT_CHARS = 2000
"""The most of a cut reply the conversation keeps."""


def _kept(text: str, cut: ReplyCut) -> str:
    if cut.reason == "repetition":  # up to the loop's first round
        text = text[: max(0, len(text) - cut.period * (cut.repeats - 1))]
    if len(text) > KEPT_CHARS:
        text = text[:KEPT_CHARS]
    return f"{text.rstrip()} [… cut off here]".lstrip()


def estimate_tokens(request: ModelRequest) -> int:
    """A rough count of a request's prompt (four characters a token), for calls whose usage
    the server never reported (a reply cut short, or cut by the run's time)."""
    size = sum(len(json.dumps(m, default=str)) for m in request.messages)
    return max(1, size // 4)


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
                async with closing_stream(self.inner.stream(request)) as chunks:
                    async for chunk in chunks:
                        if isinstance(chunk, TextPiece):
                            streamed = True
                        elif not chunk.seconds:
                            chunk = replace(chunk, seconds=time.perf_counter() - started)
                        yield chunk
                return
            except ModelError as exc:
                if not exc.retryable:
                    raise
                asked = getattr(exc, "retry_after", None)
                left = None if request.deadline is None else request.deadline - time.monotonic()
                if asked is not None and left is not None and asked > left:
                    # Waiting would only use up the run: say so now, naming the server's ask.
                    raise ModelRateLimited(
                        f"{exc}; it asks to wait {asked:g} s (Retry-After), longer than the "
                        f"{max(left, 0):.0f} s this run has left: ask again later, or use "
                        "another API key or endpoint"
                    ) from exc
                if attempt == self.attempts:
                    raise type(exc)(f"{exc} (gave up after {self.attempts} attempts)") from exc
                self.retries += 1
                delay = min(self.max_delay, self.base_delay * 2 ** (attempt - 1))
                delay *= 0.5 + random.random() / 2
                if asked is not None:  # the server said how long: wait that, within reason
                    delay = min(max(delay, asked), self.max_wait)
                if streamed:
                    yield TextPiece(
                        f"\n[the reply broke off ({exc}); asking again "
                        f"(attempt {attempt + 1} of {self.attempts}), the reply restarts "
                        "below]\n"
                    )
                await self.sleep(delay)


class ReplyLimit:
    """Watches one reply as it streams: its size against `max_chars`, and its end for a loop.

    `take(text)` is called with each piece (text or tool-call arguments, in arrival order) and
    returns the part that may be kept; once `cut` is set the reply is over and the caller stops
    reading. It holds only a window of the reply's end, so watching costs the same memory
    however long the stream runs.

    A loop is the same chunk of 1 to `MAX_PERIOD` characters repeated at the end of the reply
    over at least `MIN_SPAN` characters and at least `MIN_REPEATS` times (a long chunk needs
    more characters: 8 rounds of 1,000 are 8,000). Real answers repeat words, phrases and the
    shape of table rows, not the very same 2,000 characters unchanged, so an answer is not
    taken for a loop (a near-loop that varies is left to the cap). The end is checked after
    every `CHECK_EVERY` new characters, not per piece, which keeps the cost to a few
    microseconds a piece.
    """

    MAX_PERIOD = 1024
    MIN_SPAN = 2000
    MIN_REPEATS = 8
    CHECK_EVERY = 256
    WINDOW = MAX_PERIOD * MIN_REPEATS
    _PROBE = 32
    """Characters at the very end a candidate period must reproduce before it is checked."""

    def __init__(self, max_chars: int | None = None) -> None:
        self.max_chars = max_chars
        self.seen = 0
        """Characters received so far (what was kept)."""
        self.cut: ReplyCut | None = None
        self._tail = ""
        self._fresh: list[str] = []
        self._fresh_chars = 0

    def take(self, text: str) -> str:
        """The part of `text` the reply keeps (all of it unless a limit is reached in it;
        nothing once the reply was cut)."""
        if self.cut is not None or not text:
            return ""
        if self.max_chars is not None and self.seen + len(text) >= self.max_chars:
            text = text[: max(0, self.max_chars - self.seen)]
            self.seen += len(text)
            self.cut = ReplyCut("chars", self.seen)
            return text
        self.seen += len(text)
        self._fresh.append(text)
        self._fresh_chars += len(text)
        if self._fresh_chars >= self.CHECK_EVERY:
            self._tail = (self._tail + "".join(self._fresh))[-self.WINDOW:]
            self._fresh, self._fresh_chars = [], 0
            loop = repeating_end(self._tail, self.MAX_PERIOD, self.MIN_SPAN, self.MIN_REPEATS,
                                 self._PROBE)
            if loop is not None:
                self.cut = ReplyCut("repetition", self.seen, *loop)
        return text


def repeating_end(
    text: str, max_period: int, min_span: int, min_repeats: int, probe: int = 32
) -> tuple[int, int] | None:
    """(period, repeats) of the shortest chunk that `text` ends by repeating over at least
    `max(min_span, min_repeats * period)` characters; None when it does not.

    Only periods at which the last `probe` characters occur again are tried (found with
    `str.rfind`, from the nearest occurrence back), so ordinary text costs a handful of
    comparisons."""
    n = len(text)
    if n < min_span or n <= probe:
        return None
    last = text[-probe:]
    start = text.rfind(last, 0, n - 1)  # an occurrence that ends before the text does
    while start >= 0:
        period = n - probe - start
        if period > max_period:
            return None
        span = max(min_span, min_repeats * period)
        if span > n:
            return None
        segment = text[-span:]
        if segment[period:] == segment[:-period]:
            return period, span // period
        start = text.rfind(last, 0, start + probe - 1)
    return None


_ROLE = r"(?:system|user|assistant|model|tool|ipython|developer)"
_TOKEN = re.compile(
    rf"<\|start_header_id\|>{_ROLE}?<\|end_header_id\|>\n*"  # Llama 3's role header
    rf"|(?:<\|im_start\|>|<start_of_turn>)(?:{_ROLE}\n)?"  # ChatML, Gemma: a turn and its role
    r"|<\|[A-Za-z_]{2,24}\|>"  # <|im_end|>, <|eot_id|>, <|endoftext|>, <|assistant|>...
    r"|<</?SYS>>|</?s>|<(?:start|end)_of_turn>|<(?:bos|eos)>|\[/?INST\]"
)
_ROLES = ("system", "user", "assistant", "model", "tool", "ipython", "developer")
_WHOLE_TOKENS = (
    "<<SYS>>", "<</SYS>>", "<s>", "</s>", "<bos>", "<eos>", "[INST]", "[/INST]",
    "<end_of_turn>",
    *(f"<|im_start|>{role}\n" for role in _ROLES),
    *(f"<start_of_turn>{role}\n" for role in _ROLES),
    *(f"<|start_header_id|>{role}<|end_header_id|>\n\n" for role in _ROLES),
)
"""The longest form of every token (with the role and line break that follow an opener),
for deciding whether the end of a piece may be the start of one."""
_GENERIC_START = re.compile(r"<(?:\|[A-Za-z_]{0,24}\|?)?")
_TOKEN_REACH = max(len(t) for t in _WHOLE_TOKENS) + 4


def strip_template_tokens(text: str) -> str:
    """Remove chat-template tokens from a complete text: the markers of the common families
    (Llama 2's `[INST]` and `<<SYS>>`, ChatML's `<|im_start|>role` and `<|im_end|>`, Gemma's
    `<start_of_turn>role` and `<end_of_turn>`, Llama 3's `<|start_header_id|>role
    <|end_header_id|>` and `<|eot_id|>`, `<s>` and `</s>`), with the role word an opener
    names."""
    return _TOKEN.sub("", text)


def _may_start_token(tail: str) -> bool:
    """Whether `tail` (the end of the text so far, from a `<` or `[`) may be the beginning
    of a token whose rest is still to come."""
    if _GENERIC_START.fullmatch(tail):
        return True
    return any(len(tail) < len(whole) and whole.startswith(tail) for whole in _WHOLE_TOKENS)


class TemplateTokens:
    """Strip chat-template tokens from text that arrives in pieces.

    A token may be split across pieces (`<|im_` then `end|>`), and an opener may be followed
    by its role in the next piece (`<|im_start|>` then `assistant\n`): the possible start of
    a token at the end of a piece is held back until the next piece shows whether it is one.
    Only that start is held, never the text before it.
    """

    def __init__(self) -> None:
        self._held = ""

    def feed(self, piece: str) -> str:
        """The text of `piece` that can be shown now."""
        text = self._held + piece
        self._held = ""
        start = max(0, len(text) - _TOKEN_REACH)
        for i in range(start, len(text)):
            if text[i] in "<[" and _may_start_token(text[i:]):
                text, self._held = text[:i], text[i:]
                break
        return _TOKEN.sub("", text)

    def flush(self) -> str:
        """What is still held back when the text ends (without the tokens in it)."""
        text, self._held = self._held, ""
        return _TOKEN.sub("", text)
