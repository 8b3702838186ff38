"""The door both HTTP servers stand behind (app/door.py), driven through each server's own
ASGI app: `planrag serve api` and `planrag serve mcp --http`, listening on 127.0.0.1 and on
other loopback addresses (the MCP library checks Host and Origin for 127.0.0.1, localhost
and ::1 only). Without users only this machine's names are served (421), never another
site's pages (403), and a body is JSON or nothing (415); with users, any host name with a
credential, but still no other site's pages and no body that is not JSON."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest

from app.api_server import api_app
from app.mcp_server import http_app
from planrag.settings import Settings, load_settings
from planrag.users import UsersFile

PORT = 8765
LISTENING = ["127.0.0.1", "127.0.0.2", "::1"]
"""Where the server listens (`--host`): the door is the same for each."""
INITIALIZE = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
              "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                         "clientInfo": {"name": "test", "version": "1"}}}


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return load_settings(env_file=None, data_dir=tmp_path / "data", mysql_url=None,
                         users_file=tmp_path / "users.toml",
                         run_store=f"sqlite:///{tmp_path / 'runs.sqlite'}")


@asynccontextmanager
async def lifespan(app: Any) -> AsyncIterator[None]:
    """The app's lifespan, as uvicorn runs it (the MCP app's session manager lives there)."""
    inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
    outbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
    task = asyncio.ensure_future(app({"type": "lifespan", "asgi": {"version": "3.0"},
                                      "state": {}}, inbox.get, outbox.put))
    await inbox.put({"type": "lifespan.startup"})
    assert (await outbox.get())["type"] == "lifespan.startup.complete"
    try:
        yield
    finally:
        await inbox.put({"type": "lifespan.shutdown"})
        await outbox.get()
        await task


class Server:
    """One server's app at `host`, asked by a client on this machine; `send` makes the
    request that gets in when the door lets it (the API: a completion naming no model, which
    the app itself answers 400; MCP: `initialize`, answered 200)."""

    def __init__(self, kind: str, app: Any) -> None:
        self.kind, self.app = kind, app
        self.http = httpx.AsyncClient(
            transport=httpx.ASGITransport(app=app, client=("127.0.0.1", 5000)),
            base_url=f"http://127.0.0.1:{PORT}", timeout=30)

    async def send(self, headers: dict[str, str] | None = None, body: bytes | None = None,
                   method: str = "POST") -> httpx.Response:
        path = "/v1/chat/completions" if self.kind == "api" else "/mcp"
        if body is None:
            body = json.dumps({"messages": [{"role": "user", "content": "hi"}]} if
                              self.kind == "api" else INITIALIZE).encode()
        sent = {"Content-Type": "application/json",
                "Accept": "application/json, text/event-stream", **(headers or {})}
        sent = {k: v for k, v in sent.items() if v}
        return await self.http.request(method, path, content=body, headers=sent)

    def let_in(self, response: httpx.Response) -> bool:
        """Whether the request reached the server's own app."""
        if self.kind == "api":
            return response.status_code == 400 and response.json()["error"]["param"] == "model"
        return response.status_code == 200 and '"protocolVersion"' in response.text

    def refused(self, response: httpx.Response, status: int) -> str:
        """The one line a refusal with `status` says, in the server's error shape."""
        assert response.status_code == status, (response.status_code, response.text)
        assert response.headers["content-type"] == "application/json"
        found = response.json()
        line = (found["error"]["message"] if self.kind == "api"
                else found["error_description"])
        assert line and "\n" not in line, found
        return str(line)


@asynccontextmanager
async def server(kind: str, settings: Settings, host: str) -> AsyncIterator[Server]:
    if kind == "api":
        app = api_app(settings, host=host, scripted=True)
        yield Server(kind, app)
        return
    app = http_app(settings, host=host, port=PORT, scripted=True)
    async with lifespan(app):
        yield Server(kind, app)


@pytest.mark.parametrize("host", LISTENING)
@pytest.mark.parametrize("kind", ["api", "mcp"])
async def test_without_users_only_this_machines_names_are_served(
        settings: Settings, kind: str, host: str) -> None:
    """DNS rebinding: a page at evil.test, its name pointed at this machine, is its own
    origin to the browser; the server does not answer at that name."""
    async with server(kind, settings, host) as door:
        own = f"[{host}]" if ":" in host else host
        for name in (own, "localhost", "127.0.0.1", "[::1]"):
            assert door.let_in(await door.send({"Host": f"{name}:{PORT}"})), name
        for name in ("evil.test", "evil.test.", "127.0.0.1.evil.test", "0.0.0.0",
                     f"127.0.0.1:{PORT}@evil.test"):
            line = door.refused(await door.send({"Host": f"{name}:{PORT}"}), 421)
            assert "only at this machine's names" in line and "add a user" in line, line
        if kind == "api":  # reading the models list is refused too, not only asking
            rebound = await door.http.get("/v1/models", headers={"Host": f"evil.test:{PORT}"})
            door.refused(rebound, 421)


@pytest.mark.parametrize("kind", ["api", "mcp"])
async def test_pages_of_other_sites_may_not_call(settings: Settings, kind: str) -> None:
    async with server(kind, settings, "127.0.0.2") as door:
        for origin in ("http://evil.test", "https://evil.test", "null",
                       "http://127.0.0.1.evil.test"):
            line = door.refused(await door.send({"Origin": origin}), 403)
            assert "a page of another site" in line, line
        # No Origin, but the browser says another site's page sent it.
        door.refused(await door.send({"Sec-Fetch-Site": "cross-site"}), 403)
        # The page that works with no preflight: a text/plain POST from another site.
        door.refused(await door.send({"Origin": "http://evil.test",
                                      "Content-Type": "text/plain"}), 403)
        # Pages of this machine, and clients that are no page at all.
        for headers in ({"Origin": f"http://127.0.0.2:{PORT}"},
                        {"Origin": "http://localhost:3000"}, {"Origin": "http://[::1]:8080"},
                        {"Sec-Fetch-Site": "same-origin"}, {}):
            assert door.let_in(await door.send(headers)), headers


@pytest.mark.parametrize("kind", ["api", "mcp"])
async def test_a_body_is_json_or_nothing(settings: Settings, kind: str) -> None:
    async with server(kind, settings, "127.0.0.2") as door:
        for media in ("text/plain", "application/x-www-form-urlencoded",
                      "multipart/form-data; boundary=x", "application/jsonx", ""):
            line = door.refused(await door.send({"Content-Type": media}), 415)
            assert "Content-Type: application/json" in line, line
        assert door.let_in(await door.send({"Content-Type": "application/json; charset=utf-8"}))
        # A GET carrying a body says what it is too.
        door.refused(await door.send({"Content-Type": "text/plain"}, method="GET"), 415)


@pytest.mark.parametrize("kind", ["api", "mcp"])
async def test_with_users_any_host_name_but_still_no_other_sites(
        settings: Settings, kind: str) -> None:
    """Behind a team's proxy the server answers at the team's host name, to credentials;
    another site's page and a body that is not JSON are still refused."""
    users = UsersFile(settings.users_path)
    users.add("ana", None, ["demo-retail"])
    secret = users.issue("ana", "api" if kind == "api" else "mcp")[0]
    team = {"Host": "planrag.example.com", "Authorization": f"Bearer {secret}"}
    async with server(kind, settings, "0.0.0.0") as door:
        assert door.let_in(await door.send(team))
        assert door.let_in(await door.send({**team,
                                            "Origin": "https://planrag.example.com"}))
        door.refused(await door.send({**team, "Origin": "https://evil.test"}), 403)
        door.refused(await door.send({**team, "Origin": "http://localhost:3000"}), 403)
        door.refused(await door.send({**team, "Content-Type": "text/plain"}), 415)
        refused = await door.send({"Host": "planrag.example.com"})
        door.refused(refused, 401)
        assert "Bearer" in refused.headers["www-authenticate"]
