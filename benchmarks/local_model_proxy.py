"""The recording proxy of `make check-local-model` (benchmarks/local_model.py): an HTTP proxy
on loopback in front of the model server that forwards every request as it is and keeps each
chat-completion request with its reply's usage, timing and how it ended. Kept apart from the
check itself, which judges what the proxy saw: this only watches the wire.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import select
import socket
import threading
import time
import urllib.parse
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from benchmarks.local_model_server import CheckError
from planrag.redact import mask_url


@dataclass
class Exchange:
    """One chat-completion request that passed the proxy, and what came back."""

    index: int
    body: dict[str, Any]
    started: float
    in_flight: int
    """Requests the server was answering when this one arrived (itself included)."""
    ended: float = 0.0
    status: int = 0
    usage: dict[str, Any] | None = None
    completed: bool = False
    """The reply ended as a reply ends ([DONE], or a whole JSON body)."""
    client_left: bool = False
    """The product hung up before the reply ended (a cap, a timeout)."""
    chars: int = 0
    """Characters of text and tool-call arguments streamed."""
    first_token: float | None = None
    events: int = 0
    """Server-sent events in the reply."""
    empty: bool = False
    """The server ended a 200 stream without sending anything (llama-cpp-python's way of
    failing a request after its headers went out)."""

    @property
    def attempt_only(self) -> bool:
        """An attempt that brought no reply (an error status, an empty stream): the product
        asks again or fails; it is not a model call of its own."""
        return self.status != 200 or self.empty


class Recorder(ThreadingHTTPServer):
    """An HTTP proxy on loopback in front of the model server: forwards every request as it
    is and keeps each chat-completion request with its reply's usage and timing."""

    daemon_threads = True

    def __init__(self, upstream: str) -> None:
        url = urllib.parse.urlsplit(upstream.rstrip("/"))
        try:
            port = url.port or 80
        except ValueError:  # not a number: its text would quote it (a password's tail?)
            port = 0
        if url.scheme != "http" or not url.hostname or not port or "#" in upstream:
            raise CheckError(f"--endpoint {mask_url(upstream)}: give an http:// URL of the "
                             "server's /v1")
        self.upstream_host = url.hostname
        self.upstream_port = port
        self.upstream_path = url.path  # e.g. /v1
        self.exchanges: list[Exchange] = []
        self.lock = threading.Lock()
        self.active = 0
        super().__init__(("127.0.0.1", 0), _Forward)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}{self.upstream_path}"

    def since(self, start: int) -> list[Exchange]:
        with self.lock:
            return list(self.exchanges[start:])

    def __enter__(self) -> Recorder:
        threading.Thread(target=self.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.shutdown()
        self.server_close()


class _Forward(BaseHTTPRequestHandler):
    server: Recorder
    protocol_version = "HTTP/1.0"  # the reply ends when the connection closes

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_GET(self) -> None:
        self._forward(b"", None)

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        exchange = None
        if self.path.endswith("/chat/completions"):
            try:
                parsed = json.loads(body)
            except ValueError:
                parsed = {"unreadable": body[:200].decode("utf-8", "replace")}
            with self.server.lock:
                self.server.active += 1
                exchange = Exchange(len(self.server.exchanges), parsed, time.perf_counter(),
                                    self.server.active)
                self.server.exchanges.append(exchange)
        try:
            self._forward(body, exchange)
        finally:
            if exchange is not None:
                self._end(exchange)

    def _end(self, exchange: Exchange) -> None:
        """The request is over for the product: its reply ended, or it hung up."""
        with self.server.lock:
            if not exchange.ended:
                exchange.ended = time.perf_counter()
                self.server.active -= 1

    def _watch(self, exchange: Exchange, upstream: http.client.HTTPConnection,
               done: threading.Event) -> None:
        """Notice at once when the product hangs up in the middle of a reply (a cap, a
        timeout): the request is over for it, and the server is let go of, as it would be
        without the proxy (which otherwise notices only at its next write)."""
        while not done.is_set():
            with contextlib.suppress(OSError, ValueError):
                if not select.select([self.connection], [], [], 0.2)[0]:
                    continue
            try:
                left = not self.connection.recv(1, socket.MSG_PEEK)
            except OSError:
                left = True
            if left and not done.is_set():
                exchange.client_left = True
                self._end(exchange)
                if upstream.sock is not None:
                    with contextlib.suppress(OSError):
                        upstream.sock.shutdown(socket.SHUT_RDWR)
            return

    def _forward(self, body: bytes, exchange: Exchange | None) -> None:
        upstream = http.client.HTTPConnection(self.server.upstream_host,
                                              self.server.upstream_port, timeout=600)
        done = threading.Event()
        try:
            headers = {k: v for k, v in self.headers.items()
                       if k.lower() not in ("host", "connection", "accept-encoding")}
            upstream.request(self.command, self.path, body=body or None, headers=headers)
            reply = upstream.getresponse()
            if exchange is not None:
                exchange.status = reply.status
            self.send_response(reply.status)
            for name, value in reply.getheaders():
                if name.lower() not in ("transfer-encoding", "connection", "content-length"):
                    self.send_header(name, value)
            self.end_headers()
            streaming = "text/event-stream" in (reply.getheader("Content-Type") or "")
            if streaming and exchange is not None:
                threading.Thread(target=self._watch, args=(exchange, upstream, done),
                                 daemon=True).start()
            whole = bytearray()
            while True:
                line = reply.readline() if streaming else reply.read(65536)
                if not line:
                    break
                if exchange is not None:
                    if streaming:
                        _note_event(exchange, line)
                    else:
                        whole += line
                if exchange is not None and exchange.client_left:
                    return
                try:
                    self.wfile.write(line)
                    self.wfile.flush()
                except OSError:
                    if exchange is not None:
                        exchange.client_left = True
                    return
            if exchange is not None and not streaming:
                _note_whole(exchange, bytes(whole))
            if exchange is not None and streaming and not exchange.events:
                exchange.empty = not exchange.client_left
        except OSError as exc:  # the server went away: the product must say so
            if exchange is not None and not exchange.status:
                with contextlib.suppress(OSError):
                    self.send_error(502, f"proxy: model server unreachable ({exc})")
        finally:
            done.set()
            upstream.close()


def _note_event(exchange: Exchange, line: bytes) -> None:
    text = line.decode("utf-8", "replace").strip()
    if not text.startswith("data:"):
        return
    data = text[5:].strip()
    exchange.events += 1
    if data == "[DONE]":
        exchange.completed = True
        return
    with contextlib.suppress(ValueError):
        chunk = json.loads(data)
        if isinstance(chunk, dict):
            if isinstance(chunk.get("usage"), dict):
                exchange.usage = chunk["usage"]
            for choice in chunk.get("choices") or []:
                delta = choice.get("delta") or {}
                got = len(delta.get("content") or "")
                for call in delta.get("tool_calls") or []:
                    got += len((call.get("function") or {}).get("arguments") or "")
                if got and exchange.first_token is None:
                    exchange.first_token = time.perf_counter()
                exchange.chars += got


def _note_whole(exchange: Exchange, body: bytes) -> None:
    with contextlib.suppress(ValueError):
        reply = json.loads(body)
        if isinstance(reply, dict) and reply.get("choices"):
            exchange.completed = True
            if isinstance(reply.get("usage"), dict):
                exchange.usage = reply["usage"]
