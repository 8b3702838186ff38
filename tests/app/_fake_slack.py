"""A local fake of the Slack Web API that records what the bot posts."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from typing import Any
from urllib.parse import parse_qs


class FakeSlack:
    def __init__(self) -> None:
        self.calls: list[tuple[str, dict[str, Any]]] = []
        self.port = 0
        self._server: asyncio.Server | None = None
        self._n = 0

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/"

    def posts(self) -> list[dict[str, Any]]:
        return [args for method, args in self.calls if method == "chat.postMessage"]

    def texts(self, thread: str | None = None) -> list[str]:
        """What the bot posted (in one thread, by its `thread_ts`, when given)."""
        return [str(p.get("text", "")) for p in self.posts()
                if thread is None or p.get("thread_ts") == thread]

    def count(self, needle: str, thread: str | None = None) -> int:
        return sum(needle in text for text in self.texts(thread))

    async def wait_for(self, needle: str, timeout: float = 60.0, *, thread: str | None = None,
                       times: int = 1) -> dict[str, Any]:
        """The `times`-th post containing `needle` (in `thread` when given)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = [p for p in self.posts() if needle in str(p.get("text", ""))
                     and (thread is None or p.get("thread_ts") == thread)]
            if len(found) >= times:
                return found[times - 1]
            await asyncio.sleep(0.1)
        raise AssertionError(f"the bot never posted {needle!r} ({times}x) in thread {thread}; "
                             f"it posted: {self.texts()}")

    async def __aenter__(self) -> FakeSlack:
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self._server is not None:
            self._server.close()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                lines = head.decode("latin-1").split("\r\n")
                path = lines[0].split(" ")[1]
                headers = {k.strip().lower(): v.strip() for k, _, v in
                           (ln.partition(":") for ln in lines[1:] if ln)}
                raw = await reader.readexactly(int(headers.get("content-length", "0")))
                path, _, query = path.partition("?")
                args = {k: v[0] for k, v in parse_qs(query).items()}
                if "json" in headers.get("content-type", ""):
                    args.update(json.loads(raw or b"{}"))
                else:
                    args.update({k: v[0] for k, v in parse_qs(raw.decode()).items()})
                method = path.rsplit("/", 1)[-1]
                self.calls.append((method, args))
                body = json.dumps(self._answer(method, args)).encode()
                writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                             + f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
                await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError, IndexError):
            pass
        finally:
            with contextlib.suppress(Exception):
                writer.close()

    def _answer(self, method: str, args: dict[str, Any]) -> dict[str, Any]:
        if method == "auth.test":
            return {"ok": True, "user_id": "UBOT", "bot_id": "BBOT", "team_id": "T1",
                    "user": "planrag", "team": "Test"}
        if method == "users.info":
            return {"ok": True, "user": {"id": args.get("user"), "profile": {
                "real_name": "Ann Analyst", "email": "ann@example.com"}}}
        if method == "chat.postMessage":
            self._n += 1
            return {"ok": True, "channel": args.get("channel"), "ts": f"1800000000.{self._n:06d}"}
        if method in ("conversations.replies", "conversations.history"):
            return {"ok": True, "messages": []}
        return {"ok": True}
