"""The chat's perimeter (issue 18): pages of other origins cannot drive the chat, open or
signed in (breaks 1 and 4); the sign-in cookie is the app's own and strict (break 4); the
pages carry a Content-Security-Policy that keeps images and connections home (break 2);
addresses with bad bytes are not found, never a 500 (break 15). The real app, in processes
of its own; the browser tests drive Debian's Chromium."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import re
from collections.abc import AsyncIterator, Callable
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import parse_qs, urlencode, urlsplit

import httpx
import pytest

from app.perimeter import session_cookie_name
from planrag.users import UsersFile
from tests.app.test_chat_e2e import (  # noqa: F401 - fixtures
    _ask,
    _browser,
    _chat,
    _ready,
    data_dir,
)
from tests.app.test_teams import PASSWORD, _sign_in

pytestmark = pytest.mark.e2e  # the chat app in processes of its own

ALLOWED = "https://intranet.example.com"
SECRET = "a-sign-in-secret-for-the-perimeter-tests-only"
NO_MODEL = {"PLANRAG_MODEL": "", "PLANRAG_MODEL_BASE_URL": "", "PLANRAG_MODEL_API_KEY": "",
            "OPENAI_API_KEY": ""}
HANDSHAKE = "/ws/socket.io/?EIO=4&transport=polling"


@pytest.fixture(scope="module")
async def open_app(data_dir: Path) -> AsyncIterator[str]:  # noqa: F811
    """The chat without sign-in (on this machine only), with one other allowed origin."""
    async with _chat(data_dir, {**NO_MODEL, "PLANRAG_ALLOWED_ORIGINS": ALLOWED}) as url:
        yield url


def _github(method: str, target: str) -> Answer:
    """A fake GitHub: its sign-in page sends the browser straight back with a code; its API
    knows one person, alice."""
    path, _, query = target.partition("?")
    if path == "/login/oauth/authorize":
        asked = {k: v[0] for k, v in parse_qs(query).items()}
        back = f"{asked['redirect_uri']}?{urlencode({'code': 'c0de', 'state': asked['state']})}"
        return "302 Found", {"Location": back}, b""
    if method == "POST" and path == "/login/oauth/access_token":
        return "200 OK", {"Content-Type": "application/x-www-form-urlencoded"}, \
            b"access_token=gh-token&token_type=bearer"
    if path == "/user":
        return "200 OK", {"Content-Type": "application/json"}, \
            json.dumps({"login": "alice", "avatar_url": ""}).encode()
    if path == "/user/emails":
        return "200 OK", {"Content-Type": "application/json"}, b"[]"
    return "404 Not Found", {}, b""


@pytest.fixture(scope="module")
async def github() -> AsyncIterator[str]:
    """The fake GitHub, on 127.0.0.2: another site than the chat's 127.0.0.1, so coming back
    from it is the cross-site navigation a real provider's is."""
    async with _Loopback(answer=_github, host="127.0.0.2") as server:
        yield server.url


@pytest.fixture(scope="module")
async def team_app(data_dir: Path, tmp_path_factory: pytest.TempPathFactory,  # noqa: F811
                   github: str) -> AsyncIterator[str]:
    """The chat with password sign-in (alice) and sign-in through (a fake) GitHub, whose
    "alice" the users file maps to her."""
    users = tmp_path_factory.mktemp("perimeter") / "users.toml"
    UsersFile(users).add("alice", PASSWORD, ["*"], identities=["github:alice"])
    env = {**NO_MODEL, "PLANRAG_USERS_FILE": str(users), "CHAINLIT_AUTH_SECRET": SECRET,
           "OAUTH_GITHUB_CLIENT_ID": "test-client", "OAUTH_GITHUB_CLIENT_SECRET": "test-secret",
           "OAUTH_GITHUB_AUTH_URL": f"{github}/login/oauth/authorize",
           "OAUTH_GITHUB_TOKEN_URL": f"{github}/login/oauth/access_token",
           "OAUTH_GITHUB_USER_INFO_URL": f"{github}/user"}
    async with _chat(data_dir, env) as url:
        yield url


Answer = tuple[str, dict[str, str], bytes]
"""An HTTP answer: status line's code and reason, headers, body."""


class _Loopback:
    """A tiny HTTP server on a port of a loopback address of its own: it answers every
    request with `answer(method, target)` (by default `page`) and records the request lines
    it receives (the attacker's site, a listener that must hear nothing, a fake provider)."""

    def __init__(self, page: str = "", answer: Callable[[str, str], Answer] | None = None,
                 host: str = "127.0.0.1") -> None:
        self.answer = answer or (lambda method, target: ("200 OK", {}, page.encode()))
        self.host = host
        self.requests: list[str] = []
        self.server: asyncio.Server | None = None

    @property
    def url(self) -> str:
        assert self.server is not None
        return f"http://{self.host}:{self.server.sockets[0].getsockname()[1]}"

    async def __aenter__(self) -> _Loopback:
        self.server = await asyncio.start_server(self._serve, self.host, 0)
        return self

    async def __aexit__(self, *exc: object) -> None:
        assert self.server is not None
        self.server.close()
        await self.server.wait_closed()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            head = await reader.readuntil(b"\r\n\r\n")
        except (asyncio.IncompleteReadError, asyncio.LimitOverrunError):
            writer.close()
            return
        line = head.split(b"\r\n", 1)[0].decode("latin-1")
        self.requests.append(line)
        length = re.search(rb"(?im)^content-length: *(\d+)", head)
        if length:
            await reader.readexactly(int(length[1]))
        method, target = line.split(" ")[:2]
        status, headers, body = self.answer(method, target)
        fields = {"Content-Type": "text/html", **headers, "Connection": "close",
                  "Content-Length": str(len(body))}
        writer.write(f"HTTP/1.1 {status}\r\n".encode()
                     + "".join(f"{k}: {v}\r\n" for k, v in fields.items()).encode()
                     + b"\r\n" + body)
        await writer.drain()
        writer.close()


def _cookies(response: httpx.Response) -> SimpleCookie:
    jar: SimpleCookie = SimpleCookie()
    for line in response.headers.get_list("set-cookie"):
        jar.load(line)
    return jar


async def _upgrade(app_url: str, origin: str) -> str:
    """The status line the app answers a WebSocket handshake from a page of `origin` with."""
    parts = urlsplit(app_url)
    reader, writer = await asyncio.open_connection(parts.hostname, parts.port)
    key = base64.b64encode(os.urandom(16)).decode()
    writer.write((f"GET /ws/socket.io/?EIO=4&transport=websocket HTTP/1.1\r\n"
                  f"Host: {parts.netloc}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                  f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                  f"Origin: {origin}\r\n\r\n").encode())
    await writer.drain()
    head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 30)
    writer.close()
    return head.split(b"\r\n", 1)[0].decode()


async def test_the_socket_io_handshake_needs_the_apps_own_origin(
        open_app: str, data_dir: Path) -> None:  # noqa: F811
    port = int(urlsplit(open_app).port or 0)
    other_port = port + 1
    async with httpx.AsyncClient(base_url=open_app, timeout=30) as http:
        for origin in ("http://evil.example", f"http://127.0.0.1:{other_port}", "null",
                       "https://intranet.example.com.evil.example"):
            refused = await http.get(HANDSHAKE, headers={"Origin": origin})
            assert refused.status_code == 403, (origin, refused.text)
            assert "sid" not in refused.text
            assert refused.text.count("\n") == 1 and "PLANRAG_ALLOWED_ORIGINS" in refused.text
        # No Origin, but the browser says another site's page sent it (an <img>, a link).
        for site in ("cross-site", "same-site"):
            refused = await http.get(HANDSHAKE, headers={"Sec-Fetch-Site": site})
            assert refused.status_code == 403 and "sid" not in refused.text
        # The app's own pages, the allowed site's, and clients that are no page at all.
        for headers in ({"Origin": open_app}, {"Origin": ALLOWED},
                        {"Sec-Fetch-Site": "same-origin"}, {}):
            served = await http.get(HANDSHAKE, headers=headers)
            assert served.status_code == 200 and '"sid"' in served.text, headers
        # The app's own host over HTTPS while the app sees HTTP: a proxy uvicorn does not
        # trust. Refused, and the operator is told what to change.
        tls = await http.get(HANDSHAKE, headers={"Origin": f"https://127.0.0.1:{port}"})
        assert tls.status_code == 403
    log = _log_of(open_app, data_dir).read_text(errors="replace")
    assert "FORWARDED_ALLOW_IPS" in log and "Traceback" not in log


async def test_a_websocket_from_another_origin_is_refused_before_it_opens(
        open_app: str) -> None:
    assert (await _upgrade(open_app, "http://evil.example")).startswith("HTTP/1.1 403")
    assert (await _upgrade(open_app, ALLOWED)).startswith("HTTP/1.1 101")
    assert (await _upgrade(open_app, open_app)).startswith("HTTP/1.1 101")


async def test_the_open_chat_answers_only_at_this_machines_names(open_app: str) -> None:
    """DNS rebinding: an attacker's host name pointed at 127.0.0.1 would make the
    attacker's page the chat's own origin; the open chat does not answer at that name."""
    port = urlsplit(open_app).port
    rebound = {"Host": f"evil.example:{port}", "Origin": f"http://evil.example:{port}"}
    async with httpx.AsyncClient(base_url=open_app, timeout=30) as http:
        for path in ("/", HANDSHAKE):
            refused = await http.get(path, headers=rebound)
            assert refused.status_code == 403 and "sid" not in refused.text
            assert "127.0.0.1, localhost" in refused.text
        assert (await http.get("/", headers={"Host": f"localhost:{port}"})).status_code == 200


async def test_state_changing_requests_need_the_apps_own_origin(team_app: str) -> None:
    form = {"username": "alice", "password": PASSWORD}
    async with httpx.AsyncClient(base_url=team_app, timeout=30) as http:
        for headers in ({"Origin": "http://evil.example"}, {"Sec-Fetch-Site": "same-site"}):
            refused = await http.post("/login", data=form, headers=headers)
            assert refused.status_code == 403 and "set-cookie" not in refused.headers
            assert (await http.post("/logout", headers=headers)).status_code == 403
        signed = await http.post("/login", data=form, headers={"Origin": team_app})
        assert signed.status_code == 200 and "set-cookie" in signed.headers
        # A client that is no browser page (no Origin, no Sec-Fetch-Site) goes on.
        assert (await http.post("/login", data=form)).status_code == 200
        # Reading stays open to links from anywhere.
        page = await http.get("/", headers={"Sec-Fetch-Site": "cross-site"})
        assert page.status_code == 200


async def test_the_sign_in_cookie_is_the_apps_own_and_strict(team_app: str) -> None:
    name = session_cookie_name(SECRET)
    assert name != "access_token"
    assert session_cookie_name("another app's secret") != name
    assert session_cookie_name(SECRET) == name  # processes sharing the secret: one app
    assert session_cookie_name(SECRET, "planrag_ours") == "planrag_ours"
    form = {"username": "alice", "password": PASSWORD}
    async with httpx.AsyncClient(base_url=team_app, timeout=30) as http:
        cookies = _cookies(await http.post("/login", data=form))
        assert list(cookies) == [name]
        cookie = cookies[name]
        assert cookie["samesite"].lower() == "strict" and cookie["httponly"]
        assert cookie["path"] == "/" and not cookie["secure"]
        token = cookie.value
        # Over HTTPS (a proxy uvicorn trusts says so): __Host- and Secure.
        tls = {"X-Forwarded-Proto": "https"}
        http.cookies.clear()
        secure = _cookies(await http.post("/login", data=form, headers=tls))
        assert list(secure) == [f"__Host-{name}"] and secure[f"__Host-{name}"]["secure"]
        # The cookie signs in under its name only; Chainlit's shared name means nothing.
        http.cookies.clear()
        assert (await http.get("/user", headers={"Cookie": f"{name}={token}"})
                ).status_code == 200
        assert (await http.get("/user", headers={"Cookie": f"access_token={token}"})
                ).status_code == 401
        # Over HTTPS only the __Host- cookie counts (another port may set the plain name).
        assert (await http.get("/user", headers={**tls, "Cookie": f"{name}={token}"})
                ).status_code == 401
        # OAuth's state cookie stays Lax: the provider's redirect back is cross-site.
        started = await http.get("/auth/oauth/github")
        assert started.status_code in (302, 307), started.text
        assert _cookies(started)["oauth_state"]["samesite"].lower() == "lax"


async def test_pages_carry_the_content_security_policy(open_app: str) -> None:
    async with httpx.AsyncClient(base_url=open_app, timeout=30) as http:
        page = await http.get("/")
        policy = page.headers["content-security-policy"]
        directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
        nonce = re.fullmatch(r"'self' 'nonce-([\w-]+)' 'unsafe-eval'",
                             directives["script-src"])
        assert nonce is not None, policy
        for name, value in (("default-src", "'self'"), ("img-src", "'self' data:"),
                            ("object-src", "'none'"), ("base-uri", "'self'"),
                            ("frame-ancestors", "'none'")):
            assert directives[name] == value, policy
        # Chainlit's inline scripts run by this response's nonce; nothing loads from CDNs.
        inline = re.findall(r"<script(?![^>]*\bsrc=)([^>]*)>", page.text)
        assert inline and all(f'nonce="{nonce[1]}"' in attrs for attrs in inline)
        assert not re.search(r"""(?:href|src)=["'](?:https?:)?//""", page.text)
        assert (await http.get("/")).headers["content-security-policy"] != policy
        for path in ("/", "/auth/config", "/no/such/page", "/public/x%00.js"):
            headers = (await http.get(path)).headers
            assert headers["x-content-type-options"] == "nosniff", path
            assert headers["referrer-policy"] == "no-referrer", path


async def test_addresses_with_bad_bytes_are_not_found(open_app: str) -> None:
    long = "a" * 300
    async with httpx.AsyncClient(base_url=open_app, timeout=30) as http:
        found = await http.get("/public/x%00.js")
        assert found.status_code == 404 and found.text.count("\n") == 1
        for path in ("/public/a%00/b", "/public/elements/x%00.jsx", "/public/%0a",
                     "/public/%1b%5b2J", "/public/%ff", f"/public/{long}", "/assets/x%00.js",
                     "/copilot/x%00", f"/assets/{long}", "/avatars/x%00", "/x%00",
                     "/public/" + "a/" * 1500):
            status = (await http.get(path)).status_code
            assert status in (400, 404), (path, status)


# --- In Chromium -----------------------------------------------------------------------

DRIVE = """async (url) => {
  // What an attacker's page does: the Engine.IO and socket.io handshakes, then a message;
  // it reads back whatever the chat answers.
  const frames = [];
  let opened = false;
  return await new Promise((resolve) => {
    const done = (end) => { clearTimeout(timer); resolve({opened, frames, end}); };
    const timer = setTimeout(() => done("no answer in 60 s"), 60000);
    const ws = new WebSocket(url);
    ws.onopen = () => { opened = true; };
    ws.onclose = (e) => done("closed " + e.code);
    ws.onmessage = (e) => {
      const data = String(e.data);
      frames.push(data);
      if (data.startsWith("0{")) {
        ws.send("40" + JSON.stringify({sessionId: crypto.randomUUID(), clientType: "webapp",
                                       userEnv: "{}", threadId: null, chatProfile: null}));
      } else if (data.startsWith("40")) {
        ws.send('42["connection_successful"]');
        ws.send("42" + JSON.stringify(["client_message", {fileReferences: [], message: {
          id: crypto.randomUUID(), threadId: "", name: "User", type: "user_message",
          output: "/datasets", createdAt: new Date().toISOString()}}]));
      } else if (data === "2") {
        ws.send("3");
      } else if (data.includes("Coffee roaster deliveries")) {
        ws.close();
        done("answered");
      }
    };
  });
}"""


def _socket_url(app_url: str) -> str:
    return app_url.replace("http://", "ws://") + "/ws/socket.io/?EIO=4&transport=websocket"


def _log_of(app_url: str, folder: Path) -> Path:
    """The app's log (tests.app.test_chat_e2e._chat writes it into the data directory)."""
    return folder / f"chainlit-{urlsplit(app_url).port}.log"


@pytest.mark.e2e
async def test_a_page_of_another_origin_cannot_drive_the_open_chat(
        open_app: str, data_dir: Path) -> None:  # noqa: F811
    from playwright.async_api import async_playwright

    log = _log_of(open_app, data_dir)
    async with _Loopback("<!doctype html><title>A page on the web</title>") as site, \
            async_playwright() as p:
        browser = await _browser(p)
        page = await (await browser.new_context()).new_page()
        await page.goto(site.url)
        before = log.read_text(errors="replace")
        attack = await page.evaluate(DRIVE, _socket_url(open_app))
        assert attack["opened"] is False and attack["frames"] == [], attack
        assert log.read_text(errors="replace") == before  # no session, nothing happened
        # The same script on the chat's own page does drive it: the refusal is the origin's.
        own = await (await browser.new_context()).new_page()
        await own.goto(open_app)
        served = await own.evaluate(DRIVE, _socket_url(open_app))
        assert served["end"] == "answered", served
        await browser.close()


@pytest.mark.e2e
async def test_a_page_on_another_port_cannot_drive_a_signed_in_session(
        team_app: str, data_dir: Path) -> None:  # noqa: F811
    from playwright.async_api import async_playwright

    log = _log_of(team_app, data_dir)
    async with _Loopback("<!doctype html><title>Another service</title>") as site, \
            async_playwright() as p:
        assert urlsplit(site.url).hostname == urlsplit(team_app).hostname
        browser = await _browser(p)
        page = await _sign_in(browser, team_app, "alice")
        await page.locator("#chat-input").wait_for(timeout=30_000)
        # The signed-in person opens a page another service on this host serves.
        other = await page.context.new_page()
        await other.goto(site.url)
        before = log.read_text(errors="replace")
        attack = await other.evaluate(DRIVE, _socket_url(team_app))
        assert attack["opened"] is False and attack["frames"] == [], attack
        assert log.read_text(errors="replace") == before
        served = await page.evaluate(DRIVE, _socket_url(team_app))
        assert served["end"] == "answered", served
        await browser.close()


WATCH = """document.addEventListener('securitypolicyviolation', (e) => {
  (window.__violations = window.__violations || []).push(
    e.violatedDirective + ' ' + e.blockedURI);
});"""


@pytest.mark.e2e
async def test_the_policy_keeps_images_home_and_the_pages_work_under_it(
        open_app: str, team_app: str) -> None:
    from playwright.async_api import async_playwright, expect

    async with _Loopback() as listener, async_playwright() as p:
        browser = await _browser(p)
        context = await browser.new_context(viewport={"width": 1280, "height": 1400})
        await context.add_init_script(WATCH)
        console: list[str] = []
        context.on("console", lambda m: console.append(m.text))
        # The sign-in page.
        login = await context.new_page()
        await login.goto(team_app)
        await login.get_by_role("button", name="Sign in").wait_for(timeout=30_000)
        # The first screen, an answer with its chart, the what-if form and its ranking.
        page = await context.new_page()
        await page.goto(open_app)
        await _ready(page)
        await page.get_by_role("button", name=re.compile(r"^SWE: Where should I allocate")
                               ).click()
        await page.get_by_text("Best decision: Krakow").first.wait_for(timeout=60_000)
        await page.locator(".js-plotly-plot").first.wait_for(timeout=30_000)
        await _ask(page, "/whatif")
        form = page.locator("[data-whatif-form]").last
        await form.get_by_label("Country", exact=True).fill("NOR")
        await form.get_by_role("button", name="Rank every decision").click()
        result = page.locator(".step", has_text="Country: NOR · Home trade node")
        await expect(result.locator(".js-plotly-plot")).to_have_count(1, timeout=30_000)
        for shown in (login, page):
            assert await shown.evaluate("() => window.__violations || []") == []
        assert not [m for m in console if "Content Security Policy" in m], console
        # Text that turned into an image pointing elsewhere: the browser does not fetch it.
        outcome = await page.evaluate("""(url) => new Promise((resolve) => {
          const img = document.createElement('img');
          img.onload = () => resolve('loaded');
          img.onerror = () => resolve('not loaded');
          img.src = url;
          document.body.appendChild(img);
        })""", f"{listener.url}/x?q=the-answer")
        assert listener.requests == [], listener.requests
        assert outcome == "not loaded"
        blocked = await page.evaluate("() => window.__violations")
        assert len(blocked) == 1 and blocked[0].startswith(f"img-src {listener.url}"), blocked
        await browser.close()


@pytest.mark.e2e
async def test_oauth_sign_in_still_works_with_the_strict_cookie(team_app: str) -> None:
    """The provider sends the browser back cross-site: the state cookie (Lax) must come
    along, and the Strict sign-in cookie set then must carry the session that follows."""
    from playwright.async_api import async_playwright

    async with async_playwright() as p:
        browser = await _browser(p)
        page = await (await browser.new_context()).new_page()
        await page.goto(team_app)
        await page.get_by_role("button", name="Continue with GitHub").click()
        await page.locator("#chat-input").wait_for(timeout=30_000)
        await page.get_by_role("button", name=re.compile(r"^SWE: Where should I allocate")
                               ).wait_for(timeout=30_000)
        assert "/login" not in page.url
        me = await page.evaluate("() => fetch('/user').then(r => r.json())")
        assert me["identifier"] == "alice", me
        cookies = {c["name"]: c for c in await page.context.cookies()}
        assert cookies[session_cookie_name(SECRET)]["sameSite"] == "Strict"
        assert "oauth_state" not in cookies  # spent
        await browser.close()
