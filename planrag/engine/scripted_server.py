"""Scripted models behind a local OpenAI-compatible HTTP server.

End-to-end tests point the real `openai` client (through `OpenAIModel`) at this server, so the
whole path (HTTP, streaming, tool-call deltas, usage, error statuses) is exercised without a
live model. It speaks just enough HTTP/1.1 for that, on loopback, with the standard library:
`POST /v1/chat/completions`, streaming (server-sent events) and not, with usage fields; a
`Fail` step of a script becomes the HTTP error status the real services send (429, 500, 401).

`route(body)` picks the scripted model for a request (e.g. by a marker in the first user
message), so many runs can share one server without cross-talk.

`faults` breaks the transport of chosen requests (numbered from 1 in arrival order) without
consuming a script step, so a retry gets the reply the script holds next:

    ScriptedServer(model, faults={1: Stall("Plann", seconds=5), 2: Cut("Plan"),
                                  3: Fail(ModelServerError("down"))})

`Stall` sends some text and then nothing (the client's read timeout fires), `Cut` sends some
text (and optionally raw event lines: an error object inside a 200 stream, as llama.cpp sends
when the prompt outgrows its context) and closes the connection before the reply is complete,
a `Fail` answers with the error status (429 with its Retry-After, 500, 504, 400/401) the real
services send, `Endless` streams the same text for ever (a model caught in a loop, a server
that ignores `max_tokens`) until the client hangs up, and `Raw` answers with exactly the status,
content type and body given (an HTML page where the model should be, a JSON error in a 200).
The server counts the clients that hung up on an endless stream (`hangups`; `wait_hangups`
waits for them) and keeps every request body it received (`bodies`), so tests can check what
the client sent (`max_tokens`, `stop`) and that it stopped reading. It counts the requests it
was answering at the same time (`active`, the most at once in `max_active`).

Three switches make it behave like llama-cpp-python's server, the usual local one:

- `usage=False`: no usage chunk, whatever `stream_options` asks;
- `interrupts={N: SECONDS}`: a newer request cancels the reply streaming (its stream ends
  with `[DONE]` and no `finish_reason`, as llama-cpp-python's `interrupt_requests` does); the
  streamed reply to request N waits up to SECONDS before it starts for such a request, so a
  test makes two requests overlap without timing anything (`cancelled` counts the replies
  cut so);
- `strict=True`: a message whose `content` is not a string (null beside tool calls) is
  refused with a 500 whose message is the validation dump, as llama-cpp-python refuses it.

`delay=SECONDS` makes every reply wait that long before it starts, as a real model takes its
time (the fairness benchmark's one-second model).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import time
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from planrag.engine.model import ModelReply, ModelRequest, TextPiece
from planrag.engine.scripted import Fail, ScriptedModel
from planrag.errors import (
    ModelError,
    ModelRateLimited,
    ModelRejected,
    ModelTimeout,
)

__all__ = ["Cut", "Endless", "Raw", "ScriptedServer", "Stall"]

Route = Callable[[dict[str, Any]], ScriptedModel]


@dataclass(frozen=True)
class Stall:
    """Start a streamed reply, send `text`, then nothing for `seconds` (or until the client
    hangs up) and close. With `before_headers`, send nothing at all, not even the status."""

    text: str = ""
    seconds: float = 30.0
    before_headers: bool = False


@dataclass(frozen=True)
class Cut:
    """Start a streamed reply, send `text` and close the connection before the reply is
    complete, as when a proxy or the server dies mid-reply: no `finish_reason` (unless
    `finished`) and no `[DONE]` (unless `done`). `tail` is sent as it is before closing (raw
    server-sent event lines: an error event, a chunk that is not JSON...)."""

    text: str = ""
    finished: bool = False
    done: bool = False
    tail: str = ""


@dataclass(frozen=True)
class Endless:
    """Start a streamed reply and never end it: `text` over and over, as content or (with
    `tool_call`) as the arguments of one tool call, or (with `raw`) as it is, not as events
    (a page or a log that never ends), until the client hangs up; `pause` seconds between two
    pieces (0: as fast as the client reads)."""

    text: str = "and again "
    tool_call: bool = False
    raw: bool = False
    pause: float = 0.0


@dataclass(frozen=True)
class Raw:
    """Answer with exactly this: a status, a content type, extra headers and a body."""

    body: str
    status: int = 200
    content_type: str = "text/html; charset=utf-8"
    headers: tuple[tuple[str, str], ...] = ()


Fault = Stall | Cut | Fail | Endless | Raw


class ScriptedServer:
    def __init__(
        self,
        route: ScriptedModel | Route,
        host: str = "127.0.0.1",
        *,
        faults: Mapping[int, Fault] | None = None,
        usage: bool = True,
        interrupts: Mapping[int, float] | None = None,
        strict: bool = False,
        delay: float = 0.0,
    ) -> None:
        self._route: Route = (lambda _body: route) if isinstance(route, ScriptedModel) else route
        self.host = host
        self.port = 0
        self.requests = 0
        """Chat-completion requests received so far (faulted ones included)."""
        self.faults: dict[int, Fault] = dict(faults or {})
        self.bodies: list[dict[str, Any]] = []
        """Every chat-completion request body received, in order."""
        self.hangups = 0
        """Clients that hung up in the middle of an `Endless` stream."""
        self._hangup = asyncio.Condition()
        self.endless_chars = 0
        """Characters of text (or arguments) sent on `Endless` streams."""
        self.usage = usage
        self.interrupts = dict(interrupts or {})
        self.strict = strict
        self.delay = delay
        """Seconds every reply waits before it starts (a model that takes its time)."""
        self.active = 0
        """Chat-completion requests being answered now."""
        self.max_active = 0
        """The most requests it was answering at once."""
        self.cancelled = 0
        """Streamed replies cut by a newer request (`interrupts`)."""
        self._arrival = asyncio.Event()
        self._server: asyncio.Server | None = None
        self._connections: set[asyncio.Task[None]] = set()

    @property
    def base_url(self) -> str:
        return f"http://{self.host}:{self.port}/v1"

    async def __aenter__(self) -> ScriptedServer:
        self._server = await asyncio.start_server(self._serve, self.host, 0)
        self.port = self._server.sockets[0].getsockname()[1]
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self._server is not None:
            self._server.close()
            # Connections kept alive (or stalled) by clients end now, not at loop shutdown.
            for task in list(self._connections):
                task.cancel()
            await asyncio.gather(*self._connections, return_exceptions=True)
            with contextlib.suppress(Exception):
                await self._server.wait_closed()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        if task is not None:
            self._connections.add(task)
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                lines = head.decode("latin-1").split("\r\n")
                method, path, _ = [*lines[0].split(" "), "", "", ""][:3]
                headers = {
                    k.strip().lower(): v.strip()
                    for k, _, v in (line.partition(":") for line in lines[1:] if line)
                }
                body = await reader.readexactly(int(headers.get("content-length", "0")))
                keep = await self._respond(reader, writer, method, path, body)
                if not keep:
                    break
        except (asyncio.IncompleteReadError, asyncio.CancelledError, ConnectionError):
            pass
        finally:
            if task is not None:
                self._connections.discard(task)
            with contextlib.suppress(Exception):
                writer.close()
                await writer.wait_closed()

    async def _respond(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        method: str,
        path: str,
        raw: bytes,
    ) -> bool:
        if method != "POST" or not path.rstrip("/").endswith("/chat/completions"):
            await _send_json(writer, 404, {"error": {"message": f"no route {method} {path}"}})
            return True
        self.requests += 1
        self._arrival.set()  # wakes a reply held for a newer request (`interrupts`)
        self._arrival = asyncio.Event()
        self.active += 1
        self.max_active = max(self.max_active, self.active)
        left = False

        def leave() -> None:  # called as the last byte is written, before the client reads it
            nonlocal left
            if not left:
                left = True
                self.active -= 1

        try:
            return await self._answer(reader, writer, raw, leave)
        finally:
            leave()

    async def _answer(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        raw: bytes,
        leave: Callable[[], None],
    ) -> bool:
        number = self.requests
        try:
            body = json.loads(raw or b"{}")
        except ValueError as exc:
            await _send_json(writer, 400, {"error": {"message": f"bad request: {exc}"}})
            return True
        if self.strict and isinstance(body, dict):
            refused = _invalid_contents(body)
            if refused:
                await _send_json(writer, 500, {"error": {
                    "message": refused, "type": "internal_server_error", "param": None,
                    "code": None}})
                return True
        if isinstance(body, dict):
            self.bodies.append(body)
        if self.delay:
            await asyncio.sleep(self.delay)
        fault = self.faults.pop(number, None)
        if isinstance(fault, Raw):
            await _send_raw(writer, fault)
            return False
        if isinstance(fault, Endless):
            await self._send_endless(reader, writer, str(body.get("model", "scripted")), fault)
            return False
        if isinstance(fault, Fail):
            status = _status(fault.error)
            await _send_json(writer, status, {"error": {"message": str(fault.error),
                                                        "code": status}},
                             _error_headers(fault.error))
            return True
        if fault is not None:
            await _send_fault(reader, writer, str(body.get("model", "scripted")), fault)
            return False
        try:
            model = self._route(body)
        except Exception as exc:
            await _send_json(writer, 400, {"error": {"message": f"bad request: {exc}"}})
            return True
        request = ModelRequest(tuple(body.get("messages", ())), tuple(body.get("tools") or ()))
        pieces: list[str] = []
        reply: ModelReply | None = None
        try:
            async for chunk in model.stream(request):
                if isinstance(chunk, TextPiece):
                    pieces.append(chunk.text)
                else:
                    reply = chunk
        except ModelError as exc:
            status = _status(exc)
            await _send_json(writer, status, {"error": {"message": str(exc), "code": status}},
                             _error_headers(exc))
            return True
        assert reply is not None
        name = str(body.get("model", "scripted"))
        if body.get("stream"):
            usage = self.usage and bool((body.get("stream_options") or {}).get("include_usage"))
            hold = self.interrupts.get(number)
            if hold is not None and await self._send_interruptible(
                writer, name, pieces, reply, number, hold, leave
            ):
                return False
            await _send_stream(writer, name, pieces, reply, usage, leave)
            return False
        await _send_json(writer, 200, _completion(name, reply))
        return True


    async def _send_endless(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, name: str,
        fault: Endless,
    ) -> None:
        """Stream `fault.text` until the client leaves (its end of the connection closes)."""
        chunks = _Chunks(name)
        gone = asyncio.ensure_future(reader.read())  # b"" (or an error) once the client left
        try:
            writer.write(_STREAM_HEAD + chunks.delta({"role": "assistant", "content": ""}))
            if fault.tool_call:
                writer.write(chunks.delta({"tool_calls": [{
                    "index": 0, "id": "call_endless", "type": "function",
                    "function": {"name": "run_sql", "arguments": '{"query": "'}}]}))
            sent = 0
            while not gone.done():
                if fault.raw:
                    writer.write(fault.text.encode())
                elif fault.tool_call:
                    writer.write(chunks.delta({"tool_calls": [{
                        "index": 0, "function": {"arguments": fault.text}}]}))
                else:
                    writer.write(chunks.delta({"content": fault.text}))
                self.endless_chars += len(fault.text)
                sent += 1
                await writer.drain()
                if fault.pause:
                    await asyncio.sleep(fault.pause)
                elif sent % 16 == 0:
                    await asyncio.sleep(0)  # let the client's hang-up be noticed
        except ConnectionError:
            pass
        finally:
            if not gone.done():
                gone.cancel()
            with contextlib.suppress(asyncio.CancelledError, ConnectionError):
                await gone
        async with self._hangup:
            self.hangups += 1
            self._hangup.notify_all()

    async def _send_interruptible(
        self, writer: asyncio.StreamWriter, name: str, pieces: list[str], reply: ModelReply,
        number: int, hold: float, leave: Callable[[], None],
    ) -> bool:
        """Hold the reply until a newer request arrives (or `hold` seconds pass); a newer
        request cancels it, as llama-cpp-python does: its first piece, then `[DONE]` without
        a `finish_reason`, and True. False when none came: the caller sends the reply."""
        if self.requests == number:
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._arrival.wait(), hold)
        if self.requests == number:
            return False
        chunks = _Chunks(name)
        writer.write(_STREAM_HEAD + chunks.delta({"role": "assistant", "content": ""}))
        if pieces:
            writer.write(chunks.delta({"content": pieces[0]}))
        writer.write(b"data: [DONE]\n\n")
        self.cancelled += 1
        leave()
        await writer.drain()
        return True

    async def wait_hangups(self, count: int) -> None:
        """Return once `count` clients have hung up on endless streams."""
        async with self._hangup:
            await self._hangup.wait_for(lambda: self.hangups >= count)


async def _send_raw(writer: asyncio.StreamWriter, fault: Raw) -> None:
    data = fault.body.encode()
    extra = "".join(f"{k}: {v}\r\n" for k, v in fault.headers)
    writer.write(
        f"HTTP/1.1 {fault.status} {'OK' if fault.status == 200 else 'Error'}\r\n"
        f"Content-Type: {fault.content_type}\r\nContent-Length: {len(data)}\r\n"
        f"Connection: close\r\n{extra}\r\n".encode() + data
    )
    await writer.drain()


def _error_headers(exc: ModelError) -> str:
    """A 429 that carries a wait says so the way real services do (Retry-After)."""
    wait = getattr(exc, "retry_after", None)
    return f"Retry-After: {wait:g}\r\n" if wait is not None else ""


def _status(exc: ModelError) -> int:
    if isinstance(exc, ModelRateLimited):
        return 429
    if isinstance(exc, ModelTimeout):
        return 504
    if isinstance(exc, ModelRejected):
        return 401 if "401" in str(exc) else 400
    return 500


def _tool_calls(reply: ModelReply) -> list[dict[str, Any]]:
    return [
        {"id": c.id, "type": "function", "function": {"name": c.name, "arguments": c.arguments}}
        for c in reply.tool_calls
    ]


def _usage(reply: ModelReply) -> dict[str, int]:
    return {
        "prompt_tokens": reply.prompt_tokens,
        "completion_tokens": reply.completion_tokens,
        "total_tokens": reply.prompt_tokens + reply.completion_tokens,
    }


def _completion(name: str, reply: ModelReply) -> dict[str, Any]:
    message: dict[str, Any] = {"role": "assistant", "content": reply.text or None}
    if reply.tool_calls:
        message["tool_calls"] = _tool_calls(reply)
    return {
        "id": f"chatcmpl-{uuid.uuid4().hex[:12]}",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": name,
        "choices": [{"index": 0, "message": message,
                     "finish_reason": "tool_calls" if reply.tool_calls else "stop"}],
        "usage": _usage(reply),
    }


async def _send_json(
    writer: asyncio.StreamWriter, status: int, payload: dict[str, Any], headers: str = ""
) -> None:
    data = json.dumps(payload).encode()
    reason = {200: "OK", 400: "Bad Request", 401: "Unauthorized", 404: "Not Found",
              429: "Too Many Requests", 500: "Internal Server Error",
              504: "Gateway Timeout"}.get(status, "Error")
    writer.write(
        f"HTTP/1.1 {status} {reason}\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(data)}\r\nConnection: keep-alive\r\n{headers}\r\n".encode()
        + data
    )
    await writer.drain()


class _Chunks:
    """The server-sent events of one streamed reply (`chat.completion.chunk` objects)."""

    def __init__(self, name: str) -> None:
        self._head = {"id": f"chatcmpl-{uuid.uuid4().hex[:12]}",
                      "object": "chat.completion.chunk", "created": int(time.time()),
                      "model": name}

    def delta(self, delta: dict[str, Any], finish: str | None = None) -> bytes:
        return self._event({"choices": [{"index": 0, "delta": delta, "finish_reason": finish}]})

    def usage(self, reply: ModelReply) -> bytes:
        return self._event({"choices": [], "usage": _usage(reply)})

    def _event(self, body: dict[str, Any]) -> bytes:
        return f"data: {json.dumps({**self._head, **body})}\n\n".encode()


_STREAM_HEAD = (b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
                b"Cache-Control: no-cache\r\nConnection: close\r\n\r\n")


async def _send_fault(
    reader: asyncio.StreamReader, writer: asyncio.StreamWriter, name: str, fault: Stall | Cut
) -> None:
    """A reply that never completes; the connection is closed afterwards."""
    chunks = _Chunks(name)
    if not (isinstance(fault, Stall) and fault.before_headers):
        writer.write(_STREAM_HEAD + chunks.delta({"role": "assistant", "content": ""}))
        for piece in re.findall(r"\S+\s*|\s+", fault.text):
            writer.write(chunks.delta({"content": piece}))
        if isinstance(fault, Cut):
            writer.write(fault.tail.encode())
            if fault.finished:
                writer.write(chunks.delta({}, "stop"))
            if fault.done:
                writer.write(b"data: [DONE]\n\n")
        await writer.drain()
    if isinstance(fault, Stall):
        # Silence until the client gives up (it closes its end) or the stall is over.
        with contextlib.suppress(asyncio.TimeoutError, ConnectionError):
            await asyncio.wait_for(reader.read(), fault.seconds)


def _invalid_contents(body: dict[str, Any]) -> str:
    """What llama-cpp-python says of messages whose content is not a string (its schema
    refuses a null content, even beside tool calls): a validation dump; "" when all are."""
    errors = [
        {"type": "string_type", "loc": ("body", "messages", i, "typed-dict", "content"),
         "msg": "Input should be a valid string", "input": m.get("content")}
        for i, m in enumerate(body.get("messages") or ())
        if isinstance(m, dict) and "content" in m and not isinstance(m["content"], str)
    ]
    return repr(errors) if errors else ""


async def _send_stream(
    writer: asyncio.StreamWriter, name: str, pieces: list[str], reply: ModelReply, usage: bool,
    leave: Callable[[], None] = lambda: None,
) -> None:
    chunks = _Chunks(name)
    writer.write(_STREAM_HEAD + chunks.delta({"role": "assistant", "content": ""}))
    for piece in pieces:
        writer.write(chunks.delta({"content": piece}))
        await writer.drain()
    for i, call in enumerate(reply.tool_calls):
        half = len(call.arguments) // 2  # arguments arrive in pieces, as real servers send them
        first = {"index": i, "id": call.id, "type": "function",
                 "function": {"name": call.name, "arguments": call.arguments[:half]}}
        rest = {"index": i, "function": {"arguments": call.arguments[half:]}}
        writer.write(chunks.delta({"tool_calls": [first]}))
        writer.write(chunks.delta({"tool_calls": [rest]}))
    writer.write(chunks.delta({}, "tool_calls" if reply.tool_calls else "stop"))
    if usage:
        writer.write(chunks.usage(reply))
    writer.write(b"data: [DONE]\n\n")
    leave()
    await writer.drain()
