"""Teams: sign-in (password, a trusted proxy's header), who may ask about what (in the
browser, in a forged request, in Slack), cross-origin requests, and the refusal to open an
unguarded chat to the network; sign-in tokens that end (a change of the person, their
removal, logout, their age) and identities per provider. The real app, in a process of its
own."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import jwt
import pytest

from planrag.users import UsersFile
from tests._sql_fixtures import ROOT
from tests.app.test_chat_e2e import (  # noqa: F401 - fixtures
    _browser,
    _chat,
    _shot,
    data_dir,
    no_model_app,
    shots,
)
from tests.app.test_slack import QUESTION, Channel, SlackEnv, post_all, slack_env  # noqa: F401

PASSWORD = "correct horse battery"
PROXY_SECRET = "a-proxy-secret-of-some-length"
SIGN_IN_SECRET = "the-app-signs-its-tokens-with-this-" * 2


@pytest.fixture(scope="module")
def users_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("team") / "users.toml"
    users = UsersFile(path)
    users.add("alice", PASSWORD, ["demo-retail"], identities=["header:alice"])
    users.add("carol", PASSWORD, ["*"], admin=True)
    users.add("dave", PASSWORD, [])
    users.add("erin", None, ["dqa-building-1836"], identities=["github:erin"])
    users.set_group("analysts", ["dqa-locating-1445"])
    return path


@pytest.fixture()
async def team_app(data_dir: Path, users_file: Path) -> AsyncIterator[str]:  # noqa: F811
    env = {"PLANRAG_USERS_FILE": str(users_file), "PLANRAG_MODEL": "",
           "PLANRAG_MODEL_BASE_URL": "", "PLANRAG_MODEL_API_KEY": "", "OPENAI_API_KEY": "",
           "CHAINLIT_AUTH_SECRET": ""}
    async with _chat(data_dir, env) as url:
        yield url


@pytest.fixture()
async def proxy_app(data_dir: Path, users_file: Path) -> AsyncIterator[str]:  # noqa: F811
    env = {"PLANRAG_USERS_FILE": str(users_file), "PLANRAG_AUTH_HEADER": "X-Forwarded-User",
           "PLANRAG_AUTH_GROUPS_HEADER": "X-Forwarded-Groups",
           "PLANRAG_AUTH_PROXY_SECRET": PROXY_SECRET,
           "PLANRAG_ALLOWED_ORIGINS": "https://intranet.example.com",
           # OAuth by Chainlit's own variables (no provider is reached in the tests).
           "OAUTH_GITHUB_CLIENT_ID": "test-client", "OAUTH_GITHUB_CLIENT_SECRET": "test-secret"}
    async with _chat(data_dir, env) as url:
        yield url


SESSION_IDS: dict[Any, list[str]] = {}
"""The chat session ids each page's socket announced (in its handshake)."""


async def _sign_in(browser: Any, url: str, name: str, password: str = PASSWORD) -> Any:
    context = await browser.new_context(viewport={"width": 1280, "height": 1000})
    page = await context.new_page()
    ids = SESSION_IDS.setdefault(page, [])

    def handshake(payload: Any) -> None:
        text = payload if isinstance(payload, str) else ""
        ids.extend(re.findall(r'"sessionId":"([0-9a-f-]{36})"', text))

    page.on("request", lambda request: handshake(request.post_data or "")
            if "socket.io" in request.url else None)
    page.on("websocket", lambda ws: ws.on("framesent", handshake))
    await page.goto(url)
    await page.get_by_label("User name").fill(name)
    await page.get_by_label("Password", exact=True).fill(password)
    await page.get_by_role("button", name="Sign in").click()
    return page


@pytest.mark.e2e
async def test_password_sign_in_and_each_persons_datasets(
        team_app: str, shots: Path) -> None:  # noqa: F811
    from playwright.async_api import async_playwright, expect

    async with httpx.AsyncClient(base_url=team_app, timeout=30) as http:
        config = (await http.get("/auth/config")).json()
        assert config["requireLogin"] is True and config["passwordAuth"] is True
        assert (await http.get("/user")).status_code == 401
    async with async_playwright() as p:
        browser = await _browser(p)
        # The sign-in form; a wrong password is refused with a sentence, not a code.
        page = await _sign_in(browser, team_app, "alice", "not her password")
        await expect(page.get_by_text("Wrong user name or password")).to_be_visible(
            timeout=30_000)
        assert "/login" in page.url
        await page.screenshot(path=str(shots / "sign-in-refused.png"))
        await expect(page.get_by_text("credentialssignin")).to_have_count(0)
        # Alice may ask about the demo only: its sample questions, and only it in the picker.
        page = await _sign_in(browser, team_app, "alice")
        await page.locator("#chat-input").wait_for(timeout=30_000)
        starter = page.get_by_role("button", name=re.compile(r"^Which warehouse should we"))
        await expect(starter).to_be_visible(timeout=30_000)
        await expect(page.locator("#planrag-open-banner")).to_have_count(0)
        await page.screenshot(path=str(shots / "signed-in.png"))
        await page.locator("#chat-settings-open-modal").click()
        await page.locator("#dataset").click()
        options = await page.get_by_role("option").all_inner_texts()
        assert options == ["Coffee roaster deliveries (demo)"]
        await page.keyboard.press("Escape")
        await page.keyboard.press("Escape")
        # /datasets names hers only.
        await _send(page, "/datasets")
        listing = page.locator(".step", has_text="Coffee roaster deliveries")
        await listing.last.wait_for(timeout=30_000)
        assert "dqa-locating-1445" not in await listing.last.inner_text()
        # A forged what-if request for another dataset is refused; nothing is simulated.
        session_id = await _session_id(page)
        forged = await page.request.post(f"{team_app}/project/action", data={
            "sessionId": session_id,
            "action": {"id": "forged", "name": "whatif_run", "forId": "x",
                       "payload": {"dataset": "dqa-locating-1445",
                                   "values": {"country": "SWE"}}}})
        assert forged.status == 200, await forged.text()
        refused = re.compile(r"Your account \(alice\) may not ask about the dataset "
                             r"dqa-locating-1445; ask the person who runs")
        await page.get_by_text(refused).first.wait_for(timeout=30_000)
        await expect(page.get_by_text("What-if: Locating")).to_have_count(0)
        await page.screenshot(path=str(shots / "forged-request-refused.png"))
        # Dave is known but allowed nothing: he is told so, and to whom to turn.
        page = await _sign_in(browser, team_app, "dave")
        await page.get_by_text("Your account may not ask about any dataset yet").wait_for(
            timeout=30_000)
        await expect(page.get_by_role("button", name=re.compile(r"^Which warehouse"))) \
            .to_have_count(0)
        # Erin has no password (single sign-on only): the form cannot sign her in.
        page = await _sign_in(browser, team_app, "erin", "")
        await expect(page.get_by_text("Type your password")).to_be_visible(timeout=30_000)
        await browser.close()


async def _send(page: Any, text: str) -> None:
    box = page.locator("#chat-input")
    await box.fill(text)
    await page.locator("#chat-submit").click()


async def _session_id(page: Any) -> str:
    """The chat session's id, as the page's socket announced it."""
    ids = SESSION_IDS.get(page) or []
    assert ids, "the page's socket handshake was not seen"
    return ids[-1]


@pytest.mark.e2e
async def test_header_sign_in_needs_the_proxy_secret(proxy_app: str) -> None:
    async with httpx.AsyncClient(base_url=proxy_app, timeout=30) as http:
        config = (await http.get("/auth/config")).json()
        assert config["headerAuth"] is True and config["oauthProviders"] == ["github"]
        alice = {"X-Forwarded-User": "alice"}
        # Without the proxy's secret (someone who reached the app around the proxy), or
        # with a wrong one: refused.
        assert (await http.post("/auth/header", headers=alice)).status_code == 401
        wrong = {**alice, "X-PlanRAG-Proxy-Secret": "not-the-secret-at-all"}
        assert (await http.post("/auth/header", headers=wrong)).status_code == 401
        # Through the proxy: signed in, as the users file maps her (header:alice).
        good = {**alice, "X-PlanRAG-Proxy-Secret": PROXY_SECRET}
        signed = await http.post("/auth/header", headers=good)
        assert signed.status_code == 200, signed.text
        me = (await http.get("/user")).json()
        assert me["identifier"] == "alice" and me["metadata"]["provider"] == "header"
        assert me["metadata"]["identity"] == "header:alice"
    async with httpx.AsyncClient(base_url=proxy_app, timeout=30) as http:
        # Someone the file does not know: refused, unless one of their groups is known.
        stranger = {"X-Forwarded-User": "frank", "X-PlanRAG-Proxy-Secret": PROXY_SECRET}
        assert (await http.post("/auth/header", headers=stranger)).status_code == 401
        grouped = {**stranger, "X-Forwarded-Groups": "sales, analysts"}
        assert (await http.post("/auth/header", headers=grouped)).status_code == 200
        me = (await http.get("/user")).json()
        assert me["metadata"]["groups"] == ["sales", "analysts"]
        assert me["identifier"] == "header:frank"  # known by a group: by the identity
        # Cross-origin calls: the configured intranet may, other sites may not.
        ask = {"Access-Control-Request-Method": "POST"}
        ok = await http.options("/auth/header",
                                headers={**ask, "Origin": "https://intranet.example.com"})
        assert ok.headers.get("access-control-allow-origin") == "https://intranet.example.com"
        evil = await http.options("/auth/header", headers={**ask, "Origin": "https://evil.test"})
        assert evil.status_code == 400
        assert "access-control-allow-origin" not in evil.headers
        plain = await http.get("/user", headers={"Origin": "https://evil.test"})
        assert "access-control-allow-origin" not in plain.headers


def _start(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "chainlit", "run", "app/chat.py", "--headless", "--port", "9",
         *args], cwd=ROOT, env={**os.environ, **env}, capture_output=True, text=True,
        timeout=120, check=False)


@pytest.mark.e2e
def test_no_open_door(tmp_path: Path) -> None:
    """Started for the network without sign-in, the app refuses with what to do; so it does
    with a proxy header and no proxy secret, and with a broken users file."""
    env = {"PLANRAG_DATA_DIR": str(tmp_path), "MYSQL_URL": "", "PLANRAG_USERS_FILE": ""}
    out = _start(env, "--host", "0.0.0.0")
    assert out.returncode == 2, out.stderr
    assert "open to anyone who can reach 0.0.0.0, with no sign-in" in out.stderr
    assert "planrag users add NAME" in out.stderr and "Traceback" not in out.stderr
    header = _start({**env, "PLANRAG_AUTH_HEADER": "X-Forwarded-User"}, "--host", "0.0.0.0")
    assert header.returncode == 2
    assert "PLANRAG_AUTH_PROXY_SECRET is not" in header.stderr
    broken = tmp_path / "users.toml"
    broken.write_text("[users.alice\n")
    bad = _start({**env, "PLANRAG_USERS_FILE": str(broken)})
    assert bad.returncode == 2 and "is not valid TOML" in bad.stderr
    assert "Traceback" not in bad.stderr


@pytest.mark.e2e
def test_the_start_warns_of_a_readable_users_file_and_unknown_datasets(tmp_path: Path) -> None:
    """Warnings, not refusals: the app starts (here it stops at an unusable port, after the
    checks have run)."""
    users = UsersFile(tmp_path / "users.toml")
    users.add("alice", PASSWORD, ["demo-retail", "not-connected-yet"])
    users.path.chmod(0o644)
    env = {"PLANRAG_DATA_DIR": str(tmp_path), "MYSQL_URL": "",
           "PLANRAG_USERS_FILE": str(users.path)}
    out = _start(env, "--host", "203.0.113.1")  # an address this machine does not have
    assert "can be read by other users of this machine" in out.stderr
    assert "'alice' is allowed unknown dataset(s) not-connected-yet" in out.stderr
    # Someone no sign-in method reaches: one line each (a header user of an older file).
    users.add("erin", None, ["demo-retail"])
    users.add("gina", None, ["demo-retail"], identities=["github:gina"])
    out = _start(env, "--host", "203.0.113.1")
    assert "warning: user 'erin' cannot sign in: no password and no identity" in out.stderr
    assert "planrag users set erin --identity header:erin" in out.stderr
    assert ("warning: user 'gina' cannot sign in: no password, and no configured sign-in "
            "method takes github:gina") in out.stderr
    assert "Sign-in: password" in out.stderr and "Traceback" not in out.stderr
    secret = tmp_path / "chainlit-auth-secret"
    assert secret.stat().st_mode & 0o077 == 0 and len(secret.read_text().strip()) >= 32


@pytest.mark.e2e
async def test_open_chat_on_this_machine_says_so(no_model_app: str) -> None:  # noqa: F811
    from playwright.async_api import async_playwright, expect

    async with httpx.AsyncClient(base_url=no_model_app, timeout=30) as http:
        assert not (await http.get("/auth/config")).json()["requireLogin"]
    async with async_playwright() as p:
        browser = await _browser(p)
        page = await (await browser.new_context()).new_page()
        await page.goto(no_model_app)
        await expect(page.locator("#planrag-open-banner")).to_contain_text(
            "Open to this machine only", timeout=30_000)
        await browser.close()


@pytest.mark.e2e
async def test_slack_mention_from_someone_not_listed_is_refused(
        slack_env: SlackEnv, data_dir: Path) -> None:  # noqa: F811
    slack, c = slack_env.slack, Channel()
    env = {**slack_env.env, "PLANRAG_SLACK_ACCESS": "U0ALLOWED=dqa-locating-1445"}
    refused_ts, asked_ts = c.ts(), c.ts()
    stranger = c.mention(f"[t1] {QUESTION}", refused_ts)  # from U1, who is not listed
    allowed = c.mention(f"[t2] {QUESTION}", asked_ts)
    allowed["event"]["user"] = "U0ALLOWED"
    async with _chat(data_dir, env) as url:
        await post_all(url, stranger)
        refusal = str((await slack.wait_for("not on the list", thread=refused_ts))["text"])
        assert refusal.startswith("Sorry <@U1>, you are not on the list")
        await post_all(url, allowed)
        await slack.wait_for("*Plan*", thread=asked_ts)
    assert "t1" not in slack_env.models  # the model was never asked for the stranger
    # The allowed question is in the audit trail, under the Slack user who asked it.
    out = subprocess.run(
        [sys.executable, "-m", "planrag", "audit", "--json", "--user", "slack:U0ALLOWED"],
        cwd=ROOT, env={**os.environ, "PLANRAG_DATA_DIR": str(data_dir), "MYSQL_URL": ""},
        capture_output=True, text=True, timeout=120, check=False)
    asked = [json.loads(line) for line in out.stdout.splitlines()]
    assert any(e["kind"] == "question" and e["question"] == f"[t2] {QUESTION}"
               and e["dataset"] == "dqa-locating-1445" for e in asked), out.stderr
    assert json.dumps(slack.texts(refused_ts)).count("not on the list") == 1
    assert slack.count("not on the list", thread=asked_ts) == 0


def test_single_sign_on_people_are_let_in_by_identity_or_group(
        users_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Whoever the proxy or an OAuth provider vouches for is let in only when the users file
    maps their identity to a person or knows one of their groups, and gets exactly those
    datasets; someone let in by a group alone is known by their identity."""
    from app.auth import _known, access_of
    from planrag.settings import load_settings

    monkeypatch.setenv("CHAINLIT_AUTH_SECRET", SIGN_IN_SECRET)
    settings = load_settings(env_file=None, data_dir=tmp_path, mysql_url=None,
                             users_file=users_file)
    erin = _known(settings, "github:erin", "github", [])
    assert erin is not None and erin.identifier == "erin"
    assert {k: erin.metadata[k] for k in ("provider", "identity", "groups")} == {
        "provider": "github", "identity": "github:erin", "groups": []}
    assert access_of(settings, erin, True).visible(["demo-retail", "dqa-building-1836"]) == [
        "dqa-building-1836"]
    assert _known(settings, "header:erin", "header", []) is None  # mapped for GitHub only
    assert _known(settings, "github:alice", "github", []) is None  # alice's is header:alice
    assert _known(settings, "github:frank@example.com", "github", ["sales"]) is None
    frank = _known(settings, "github:frank@example.com", "github", ["sales", "analysts"])
    assert frank is not None and frank.identifier == "github:frank@example.com"
    assert access_of(settings, frank, True).datasets == {"dqa-locating-1445"}
    assert _known(settings, "header:Frank Smith", "header", ["analysts"]) is None
    # Without sign-in everything is open; with it, someone unknown gets nothing.
    assert access_of(settings, None, False).everything
    assert access_of(settings, None, True).nothing


# -- sign-in tokens and identities against the real app


@dataclass(frozen=True)
class Gate:
    """An app signing people in by password and through the proxy, with its own users
    file, history and run store."""

    url: str
    users: UsersFile
    history: str


@pytest.fixture()
async def gate(data_dir: Path, tmp_path: Path) -> AsyncIterator[Gate]:  # noqa: F811
    users = UsersFile(tmp_path / "users.toml")
    users.add("alice", PASSWORD, ["demo-retail"])
    users.add("bob", PASSWORD, ["*"])
    users.set_group("analysts", ["dqa-locating-1445"])
    history = f"sqlite:///{tmp_path}/history.sqlite"
    env = {"PLANRAG_USERS_FILE": str(users.path), "PLANRAG_MODEL": "",
           "PLANRAG_MODEL_BASE_URL": "", "PLANRAG_MODEL_API_KEY": "", "OPENAI_API_KEY": "",
           "CHAINLIT_AUTH_SECRET": SIGN_IN_SECRET, "PLANRAG_HISTORY_URL": history,
           "PLANRAG_RUN_STORE": f"sqlite:///{tmp_path}/runs.sqlite",
           "PLANRAG_AUTH_HEADER": "X-Forwarded-User",
           "PLANRAG_AUTH_GROUPS_HEADER": "X-Forwarded-Groups",
           "PLANRAG_AUTH_PROXY_SECRET": PROXY_SECRET}
    async with _chat(data_dir, env) as url:
        yield Gate(url, users, history)


async def _sign_in_by(url: str, name: str, groups: str | None = None) -> dict[str, str]:
    """The cookies a sign-in leaves: with the password, or through the proxy (`groups`
    given) as any single sign-on would."""
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:
        if groups is None:
            signed = await http.post("/login", data={"username": name, "password": PASSWORD})
        else:
            signed = await http.post("/auth/header", headers={
                "X-Forwarded-User": name, "X-Forwarded-Groups": groups,
                "X-PlanRAG-Proxy-Secret": PROXY_SECRET})
        assert signed.status_code == 200, signed.text
        return dict(http.cookies)


def _token_cookie(cookies: dict[str, str]) -> str:
    """The name of the cookie holding the sign-in token (a JWT)."""
    return next(name for name, value in cookies.items() if value.count(".") == 2)


async def _me(url: str, cookies: dict[str, str]) -> dict[str, Any]:
    async with httpx.AsyncClient(base_url=url, cookies=cookies, timeout=30) as http:
        me = await http.get("/user")
        assert me.status_code == 200, me.text
        return dict(me.json())


async def _a_file_of(gate: Gate, cookies: dict[str, str]) -> str:
    """A download kept in the history for the person signed in with `cookies` (as a
    conversation's query table is); its key."""
    from planrag.store import Store

    owner = (await _me(gate.url, cookies))["id"]
    key = f"{owner}/{uuid.uuid4()}/table.csv"
    store = Store(gate.history)
    try:
        await store.put_file(key, owner, "text/csv", b"warehouse,demand\nkrakow,12\n")
    finally:
        await store.close()
    return key


async def _socket_connects(url: str, cookies: dict[str, str]) -> bool:
    """Whether the chat's socket takes a connection with these cookies, as the page opens
    it."""
    import socketio

    client = socketio.AsyncClient(reconnection=False)
    auth = {"sessionId": str(uuid.uuid4()), "clientType": "webapp", "userEnv": "{}",
            "chatProfile": None, "threadId": None}
    try:
        await client.connect(url, socketio_path="/ws/socket.io", transports=["websocket"],
                             headers={"Cookie": "; ".join(f"{k}={v}" for k, v in
                                                           cookies.items()), "Origin": url},
                             auth=auth, wait_timeout=30)
    except socketio.exceptions.ConnectionError:
        return False
    await client.disconnect()
    return True


async def _uses(url: str, cookies: dict[str, str], key: str) -> tuple[int, int, bool]:
    """What the token in `cookies` still gets: the file `key` (its status), the list of
    conversations (its status), and whether the socket connects."""
    async with httpx.AsyncClient(base_url=url, cookies=cookies, timeout=30) as http:
        file = (await http.get(f"/planrag/files/{key}")).status_code
        threads = (await http.post("/project/threads", json={
            "pagination": {"first": 20}, "filter": {}})).status_code
    return file, threads, await _socket_connects(url, cookies)


async def _renews(url: str, cookies: dict[str, str]) -> int:
    """`/auth/jwt`'s answer to the token in `cookies` (a valid one gets a fresh cookie)."""
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:
        token = cookies[_token_cookie(cookies)]
        return (await http.post("/auth/jwt", headers={
            "Authorization": f"Bearer {token}"})).status_code


@pytest.mark.e2e
async def test_an_old_token_is_refused_once_the_persons_datasets_changed(gate: Gate) -> None:
    """Break 7: after alice's datasets changed, the token she had downloads nothing, lists
    nothing, opens no socket and is not renewed; a change of someone else is none of hers."""
    alice = await _sign_in_by(gate.url, "alice")
    key = await _a_file_of(gate, alice)
    assert await _uses(gate.url, alice, key) == (200, 200, True)
    gate.users.set("bob", datasets=["demo-retail"])
    assert await _uses(gate.url, alice, key) == (200, 200, True)
    gate.users.set("alice", datasets=["dqa-building-1836"])
    assert await _uses(gate.url, alice, key) == (401, 401, False)
    assert await _renews(gate.url, alice) == 401
    # Signed in again, on what she is given now: her file is hers again.
    alice = await _sign_in_by(gate.url, "alice")
    assert await _uses(gate.url, alice, key) == (200, 200, True)
    assert await _renews(gate.url, alice) == 200


@pytest.mark.e2e
async def test_an_old_token_is_refused_once_the_person_is_removed(gate: Gate) -> None:
    """Break 7: `planrag users remove alice` ends her sign-in at once; bob's goes on."""
    from tests.cli.test_cli import planrag

    alice, bob = await _sign_in_by(gate.url, "alice"), await _sign_in_by(gate.url, "bob")
    key = await _a_file_of(gate, alice)
    assert await _uses(gate.url, alice, key) == (200, 200, True)
    removed = planrag("users", "remove", "alice", env={
        "PLANRAG_USERS_FILE": str(gate.users.path), "MYSQL_URL": ""})
    assert removed.returncode == 0, removed.stderr
    assert await _uses(gate.url, alice, key) == (401, 401, False)
    assert await _renews(gate.url, alice) == 401
    assert await _uses(gate.url, bob, key) == (404, 200, True)  # her file is not his


@pytest.mark.e2e
async def test_a_token_is_refused_after_logout(gate: Gate) -> None:
    """Break 7: bob signs out; the token he had, replayed (his browser forgets it, someone
    who copied it would not), is refused, and only that sign-in's."""
    bob, elsewhere = await _sign_in_by(gate.url, "bob"), await _sign_in_by(gate.url, "bob")
    key = await _a_file_of(gate, bob)
    assert await _uses(gate.url, bob, key) == (200, 200, True)
    async with httpx.AsyncClient(base_url=gate.url, cookies=bob, timeout=30) as http:
        out = await http.post("/logout")
        assert out.status_code == 200, out.text
    assert await _uses(gate.url, bob, key) == (401, 401, False)
    assert await _renews(gate.url, bob) == 401
    assert await _uses(gate.url, elsewhere, key) == (200, 200, True)  # his other browser


@pytest.mark.e2e
async def test_a_token_older_than_the_sign_in_hours_is_refused(gate: Gate) -> None:
    """Break 7: a token made with the app's secret for a sign-in 13 hours ago (default life:
    12 hours), with the 15-day expiry Chainlit would give it, is refused."""
    bob = await _sign_in_by(gate.url, "bob")
    key = await _a_file_of(gate, bob)
    assert await _uses(gate.url, bob, key) == (200, 200, True)
    name = _token_cookie(bob)
    claims = jwt.decode(bob[name], SIGN_IN_SECRET, algorithms=["HS256"])
    began = time.time() - 13 * 3600
    claims.update(iat=int(began), exp=int(began + 15 * 24 * 3600))
    claims["metadata"]["since"] = began
    old = {**bob, name: jwt.encode(claims, SIGN_IN_SECRET, algorithm="HS256")}
    assert await _uses(gate.url, old, key) == (401, 401, False)
    assert await _renews(gate.url, old) == 401
    # A token's cookie lives no longer than its sign-in.
    async with httpx.AsyncClient(base_url=gate.url, timeout=30) as http:
        signed = await http.post("/login", data={"username": "bob", "password": PASSWORD})
        assert "Max-Age=43200" in signed.headers["set-cookie"]


@pytest.mark.e2e
async def test_single_sign_on_alice_is_not_the_password_alice(gate: Gate) -> None:
    """Break 8: the proxy (as any single sign-on) vouches for "alice": unless the users file
    maps header:alice to her, that is not the password user alice, whose datasets,
    conversations and files stay hers."""
    from app.history import History

    alice = await _sign_in_by(gate.url, "alice")
    key = await _a_file_of(gate, alice)
    layer = History(gate.history)
    try:
        thread = str(uuid.uuid4())
        await layer.update_thread(thread, name="alice's question",
                                  user_id=(await _me(gate.url, alice))["id"])
    finally:
        await layer.close()
    async with httpx.AsyncClient(base_url=gate.url, timeout=30) as http:
        alone = await http.post("/auth/header", headers={
            "X-Forwarded-User": "alice", "X-PlanRAG-Proxy-Secret": PROXY_SECRET})
        assert alone.status_code == 401  # no identity mapped, no group: not let in
    proxied = await _sign_in_by(gate.url, "alice", groups="analysts")
    me = await _me(gate.url, proxied)
    assert me["identifier"] == "header:alice"
    assert me["metadata"]["groups"] == ["analysts"]
    async with httpx.AsyncClient(base_url=gate.url, cookies=proxied, timeout=30) as http:
        listed = await http.post("/project/threads", json={"pagination": {"first": 20},
                                                           "filter": {}})
        assert listed.status_code == 200 and listed.json()["data"] == []
        assert (await http.get(f"/project/thread/{thread}")).status_code in (401, 403, 404)
        assert (await http.get(f"/planrag/files/{key}")).status_code == 404
    # Mapped explicitly, the proxy's alice is her; the sign-in made before the mapping is
    # refused (its identity now reaches someone else than it was let in as).
    gate.users.set("alice", identities=["header:alice"])
    assert (await _uses(gate.url, proxied, key))[1] == 401
    mapped = await _sign_in_by(gate.url, "alice", groups="")
    assert (await _me(gate.url, mapped))["identifier"] == "alice"
    assert await _uses(gate.url, mapped, key) == (200, 200, True)
