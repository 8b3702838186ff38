"""A chat page without a browser: python-socketio's client speaking to the real app as
Chainlit's page does (connect with a session id, `connection_successful`, `client_message`),
recording every event the app sends. For tests that need many people or many messages,
where a browser per person would be slow."""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import httpx
import socketio

__all__ = ["ChatClient", "sign_in_cookies"]


async def sign_in_cookies(url: str, name: str, password: str) -> str:
    """The Cookie header of a person signed in by password (whatever the app names its
    cookies)."""
    async with httpx.AsyncClient(base_url=url) as client:
        response = await client.post("/login", data={"username": name, "password": password})
        assert response.status_code == 200, response.text
        return "; ".join(f"{k}={v}" for k, v in client.cookies.items())


class ChatClient:
    """One chat page: `async with ChatClient(url, cookies) as page: await page.ask(...)`."""

    def __init__(self, url: str, cookies: str = "", origin: str | None = None) -> None:
        self.url, self.cookies, self.origin = url, cookies, origin
        self.session_id = str(uuid.uuid4())
        self.events: list[tuple[str, Any]] = []
        self._arrived = asyncio.Event()
        self.sio = socketio.AsyncClient(reconnection=False)
        self.sio.on("*", self._record)

    async def _record(self, event: str, data: Any = None) -> None:
        self.events.append((event, data))
        self._arrived.set()

    async def __aenter__(self) -> ChatClient:
        headers = {"Cookie": self.cookies} if self.cookies else {}
        if self.origin:  # as a browser's page sends it; scripts send none
            headers["Origin"] = self.origin
        await self.sio.connect(
            self.url, socketio_path="/ws/socket.io", transports=["websocket"], headers=headers,
            auth={"sessionId": self.session_id, "clientType": "webapp", "userEnv": "{}",
                  "threadId": None, "chatProfile": None}, wait_timeout=20)
        await self.sio.emit("connection_successful")
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.sio.disconnect()

    async def send(self, text: str) -> str:
        """Type `text` and press Enter; the message's id."""
        now = datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")
        message_id = str(uuid.uuid4())
        await self.sio.emit("client_message", {"message": {
            "id": message_id, "name": "User", "type": "user_message", "output": text,
            "createdAt": now}, "fileReferences": []})
        return message_id

    async def started(self, timeout: float = 60) -> None:
        """Wait until the chat has started (it sent the settings panel)."""
        await self.wait_for(lambda p: any(e == "chat_settings" for e, _ in p.events), timeout)

    async def said(self, text: str, since: int = 0, timeout: float = 60) -> dict[str, Any]:
        """The first message after the first `since` events whose text holds `text`."""
        def found(page: ChatClient) -> dict[str, Any] | None:
            for event, data in page.events[since:]:
                if event == "new_message" and isinstance(data, dict) and \
                        text in str(data.get("output")):
                    return data
            return None

        return dict(await self.wait_for(found, timeout))

    def texts(self) -> list[str]:
        """The text of every message the app sent, in order (updates included)."""
        return [str(data.get("output") or "") for event, data in self.events
                if event in ("new_message", "update_message") and isinstance(data, dict)]

    async def wait_for(self, found: Callable[[ChatClient], Any], timeout: float = 60) -> Any:
        """Wait until `found(self)` is truthy; returns it."""
        deadline = time.monotonic() + timeout
        while True:
            value = found(self)
            if value:
                return value
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"not seen in {timeout} s; the app sent: {self.texts()}")
            self._arrived.clear()
            try:
                await asyncio.wait_for(self._arrived.wait(), left)
            except TimeoutError:
                pass

    def errors(self) -> list[str]:
        """The text of every error message the app sent."""
        return [str(data.get("output") or "") for event, data in self.events
                if event == "new_message" and isinstance(data, dict) and data.get("isError")]

    async def finished(self, timeout: float = 60) -> None:
        """Wait until the page is no longer busy (the app ended the task of every message
        it took: its question is over, not only its answer shown)."""
        def idle(page: ChatClient) -> bool:
            names = [event for event, _ in page.events if event in ("task_start", "task_end")]
            return bool(names) and names[-1] == "task_end"

        await self.wait_for(idle, timeout)

    async def ask(self, text: str, timeout: float = 60) -> str:
        """Send a question and wait for the answer's verdict, or an error message (a
        refusal, a failure); returns its text."""
        before = len(self.events)
        await self.send(text)

        def answered(page: ChatClient) -> str | None:
            for event, data in page.events[before:]:
                said = str(data.get("output") or "") if isinstance(data, dict) else ""
                if event != "new_message" or not said:
                    continue
                if data.get("isError") or said.startswith(("**Best decision", "No decision")):
                    return said
            return None

        return str(await self.wait_for(answered, timeout))
