"""Scripted models behind a local OpenAI-compatible HTTP server.

End-to-end tests point the real `openai` client (through `OpenAIModel`) at this server, so the
whole path (HTTP, streaming, tool-call deltas, usage, error statuses) is exercised without a
live model. It speaks just enough HTTP/1.1 for that, on loopback, with the standard library:
`POST /v1/chat/completions`, streaming (server-sent events) and not, with usage fields; a
`Fail` step of a script becomes the HTTP error status the real services send (429, 500, 401).

`route(body)` picks the scripted model for a request (e.g. by a marker in the first user
message), so many runs can share one server without cross-talk.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
import uuid
from collections.abc import Callable
from typing import Any

from planrag.engine.model import ModelReply, ModelRequest, TextPiece
from planrag.engine.scripted import ScriptedModel
from planrag.errors import (
    ModelError,
    ModelRateLimited,
    ModelRejected,
    ModelTimeout,
)

__all__ = ["ScriptedServer"]

Route = Callable[[dict[str, Any]], ScriptedModel]


class ScriptedServer:
    def __init__(self, route: ScriptedModel | Route, host: str = "127.0.0.1") -> None:
        self._route: Route = (lambda _body: route) if isinstance(route, ScriptedModel) else route
        self.host = host
        self.port = 0
        self.requests = 0
        self._server: asyncio.Server | None = None

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
            with contextlib.suppress(Exception):
                await self._server.wait_closed()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
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
                keep = await self._respond(writer, method, path, body)
                if not keep:
                    break
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            with contextlib.suppress(Exception):
                writer.close()
                await writer.wait_closed()

    async def _respond(
        self, writer: asyncio.StreamWriter, method: str, path: str, raw: bytes
    ) -> bool:
        if method != "POST" or not path.rstrip("/").endswith("/chat/completions"):
            await _send_json(writer, 404, {"error": {"message": f"no route {method} {path}"}})
            return True
        self.requests += 1
        try:
            body = json.loads(raw or b"{}")
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
            await _send_json(writer, status, {"error": {"message": str(exc), "code": status}})
            return True
        assert reply is not None
        name = str(body.get("model", "scripted"))
        if body.get("stream"):
            usage = bool((body.get("stream_options") or {}).get("include_usage"))
            await _send_stream(writer, name, pieces, reply, usage)
            return False
        await _send_json(writer, 200, _completion(name, reply))
        return True


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


async def _send_json(writer: asyncio.StreamWriter, status: int, payload: dict[str, Any]) -> None:
    data = json.dumps(payload).encode()
    reason = {200: "OK", 400: "Bad Request", 401: "Unauthorized", 404: "Not Found",
              429: "Too Many Requests", 500: "Internal Server Error",
              504: "Gateway Timeout"}.get(status, "Error")
    writer.write(
        f"HTTP/1.1 {status} {reason}\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(data)}\r\nConnection: keep-alive\r\n\r\n".encode() + data
    )
    await writer.drain()


async def _send_stream(
    writer: asyncio.StreamWriter, name: str, pieces: list[str], reply: ModelReply, usage: bool
) -> None:
    ident = f"chatcmpl-{uuid.uuid4().hex[:12]}"
    created = int(time.time())

    def chunk(delta: dict[str, Any], finish: str | None = None) -> bytes:
        payload = {"id": ident, "object": "chat.completion.chunk", "created": created,
                   "model": name,
                   "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}
        return f"data: {json.dumps(payload)}\n\n".encode()

    writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
                 b"Cache-Control: no-cache\r\nConnection: close\r\n\r\n")
    writer.write(chunk({"role": "assistant", "content": ""}))
    for piece in pieces:
        writer.write(chunk({"content": piece}))
        await writer.drain()
    for i, call in enumerate(reply.tool_calls):
        half = len(call.arguments) // 2  # arguments arrive in pieces, as real servers send them
        writer.write(chunk({"tool_calls": [{"index": i, "id": call.id, "type": "function",
                                             "function": {"name": call.name,
                                                          "arguments": call.arguments[:half]}}]}))
        writer.write(chunk({"tool_calls": [{"index": i,
                                             "function": {"arguments": call.arguments[half:]}}]}))
    writer.write(chunk({}, "tool_calls" if reply.tool_calls else "stop"))
    if usage:
        payload = {"id": ident, "object": "chat.completion.chunk", "created": created,
                   "model": name, "choices": [], "usage": _usage(reply)}
        writer.write(f"data: {json.dumps(payload)}\n\n".encode())
    writer.write(b"data: [DONE]\n\n")
    await writer.drain()
