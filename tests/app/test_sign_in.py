"""Sign-in tokens and identities in process (app/tokens.py, app/auth.py): how long a token
lives, what ends it (a change of the person or their groups, logout), what does not (a change
of someone else), tokens from before and forged ones, and identities per provider. The same
attacks against the real app are in test_teams.py."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import chainlit as cl
import jwt
import pytest

from app.auth import _oauth_sign_in, access_of
from app.tokens import Refused, check, issue, revoke, signed_in
from planrag.service.run_store import SQLiteStore
from planrag.settings import Settings, load_settings
from planrag.users import UsersFile

PASSWORD = "correct horse battery"
SECRET = "a-test-secret-" * 4
HOUR = 3600.0


@pytest.fixture()
def settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Settings]:
    monkeypatch.setenv("CHAINLIT_AUTH_SECRET", SECRET)
    users = UsersFile(tmp_path / "users.toml")
    users.add("alice", PASSWORD, ["demo-retail"])
    users.add("bob", PASSWORD, ["*"])
    users.set_group("analysts", ["dqa-locating-1445"])
    users.set_group("sales", ["demo-retail"])
    yield load_settings(env_file=None, data_dir=tmp_path, mysql_url=None,
                        users_file=users.path)


def _users(settings: Settings) -> UsersFile:
    return UsersFile(settings.users_path)


def _store(settings: Settings) -> SQLiteStore:
    """The run store as one app process opens it (each call: another process)."""
    return SQLiteStore(settings.data_dir / "runs.sqlite")


def _token(settings: Settings, identity: str, groups: list[str] | None = None,
           at: float | None = None) -> str:
    """A token as the app issues it when `identity` signs in (at `at`)."""
    grant = _users(settings).grant(identity, groups or [])
    assert grant is not None
    provider = identity.split(":", 1)[0]
    return issue(settings, signed_in(grant, provider, groups or [], now=at), now=at)


async def _refused(settings: Settings, token: str, why: str, now: float | None = None) -> None:
    with pytest.raises(Refused, match=why):
        await check(settings, token, _store(settings), now=now)


async def test_a_token_lives_the_sign_in_hours_however_it_is_renewed(
        settings: Settings) -> None:
    now = time.time()
    token = _token(settings, "password:alice")
    user = await check(settings, token, _store(settings))
    assert user.identifier == "alice" and user.metadata["identity"] == "password:alice"
    assert jwt.decode(token, SECRET, algorithms=["HS256"])["exp"] == pytest.approx(
        now + 12 * HOUR, abs=2)
    assert (await check(settings, token, _store(settings), now=now + 11.9 * HOUR)).identifier
    await _refused(settings, token, "expired", now=now + 12.1 * HOUR)
    # Signed in 13 hours ago: refused, whether issued then or renewed (/auth/jwt) since.
    old = _token(settings, "password:alice", at=now - 13 * HOUR)
    await _refused(settings, old, "expired")
    renewed = issue(settings, await check(settings, old, _store(settings), now=now - 2 * HOUR))
    await _refused(settings, renewed, "expired")
    # Chainlit's own lifetime (15 days) on a sign-in 13 hours old: still refused.
    claims = jwt.decode(old, SECRET, algorithms=["HS256"], options={"verify_exp": False})
    claims["exp"] = int(now + 15 * 24 * HOUR)
    await _refused(settings, jwt.encode(claims, SECRET, algorithm="HS256"), "expired")


async def test_a_change_of_the_person_or_their_groups_ends_the_sign_in_others_do_not(
        settings: Settings) -> None:
    users = _users(settings)
    users.set("alice", identities=["header:alice"])
    alice = _token(settings, "password:alice")
    via_proxy = _token(settings, "header:alice", ["sales"])
    frank = _token(settings, "header:frank", ["analysts"])
    # Someone else's entry, a group nobody here claimed, a new identity for alice: nothing.
    users.set("bob", datasets=["demo-retail"], admin=True)
    users.set_group("marketing", ["demo-retail"])
    users.set("alice", identities=["header:alice", "github:alice"])
    for token in (alice, via_proxy, frank):
        await check(settings, token, _store(settings))
    # A group's datasets change: those who claimed it sign in again.
    users.set_group("analysts", ["dqa-locating-1445", "demo-retail"])
    await _refused(settings, frank, "your account changed")
    await check(settings, alice, _store(settings))
    users.set_group("sales", ["dqa-building-1836"])
    await _refused(settings, via_proxy, "your account changed")
    # Her datasets, her admin right, her password, her removal: each ends her sign-in.
    for change in ({"datasets": ["dqa-building-1836"]}, {"admin": True},
                   {"password": PASSWORD + "!"}):
        alice = _token(settings, "password:alice")
        users.set("alice", **change)  # type: ignore[arg-type]
        await _refused(settings, alice, "your account changed")
    alice = _token(settings, "password:alice")
    users.remove("alice")
    await _refused(settings, alice, "your account changed")
    # An identity now mapped to someone else does not carry over to them.
    frank = _token(settings, "header:frank", ["analysts"])
    users.set("bob", identities=["header:frank"])
    await _refused(settings, frank, "your account changed")


async def test_logout_revokes_the_sign_in_in_every_process(settings: Settings) -> None:
    token = _token(settings, "password:alice")
    renewed = issue(settings, await check(settings, token, _store(settings)))
    await revoke(settings, token, _store(settings))
    for used in (token, renewed):  # a renewed token belongs to the same sign-in
        await _refused(settings, used, "you signed out")
    await check(settings, _token(settings, "password:alice"), _store(settings))
    await revoke(settings, "not a token", _store(settings))  # nothing to revoke


async def test_tokens_from_before_and_forged_ones_are_refused(settings: Settings) -> None:
    from chainlit.auth.jwt import create_jwt

    earlier = create_jwt(cl.User(identifier="alice", metadata={"provider": "password"}))
    await _refused(settings, earlier, "earlier version")
    claims = jwt.decode(_token(settings, "password:alice"), SECRET, algorithms=["HS256"])
    await _refused(settings, jwt.encode(claims, "another-secret-" * 3, algorithm="HS256"),
                   "not valid")
    claims["identifier"] = "bob"  # her grant, his name, the app's secret
    await _refused(settings, jwt.encode(claims, SECRET, algorithm="HS256"), "changed")
    claims["metadata"]["since"] = float("nan")  # no number: no age, no use
    await _refused(settings, jwt.encode(claims, SECRET, algorithm="HS256"), "expired")
    await _refused(settings, "not a token", "not valid")
    await _refused(settings, "", "sign in first")


async def test_an_oauth_alice_is_not_the_password_alice(
        settings: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    """The provider's callback, driven as Chainlit drives it after GitHub vouched for
    "alice"."""
    from chainlit.config import config

    monkeypatch.setenv("OAUTH_GITHUB_CLIENT_ID", "test-client")
    monkeypatch.setenv("OAUTH_GITHUB_CLIENT_SECRET", "test-secret")
    monkeypatch.setattr(config.code, "oauth_callback", None)
    _oauth_sign_in(settings)
    callback: Any = config.code.oauth_callback

    async def github(login: str, raw: dict[str, Any]) -> Any:
        return await callback("github", "a-token", raw, cl.User(identifier=login))

    assert await github("alice", {}) is None  # not mapped, no group: not let in
    grouped = await github("alice", {"groups": ["analysts"]})
    assert grouped is not None and grouped.identifier == "github:alice"
    access = access_of(settings, grouped, True)
    assert access.visible(["demo-retail", "dqa-locating-1445"]) == ["dqa-locating-1445"]
    # Mapped to her explicitly, the GitHub account is her.
    _users(settings).set("alice", identities=["github:alice"])
    mapped = await github("alice", {})
    assert mapped is not None and mapped.identifier == "alice"
    assert access_of(settings, mapped, True).visible(["demo-retail"]) == ["demo-retail"]
    assert access_of(settings, grouped, True).nothing  # her mapping changed what it reaches



_ONE_PROCESS = """
import os, sys, time
from pathlib import Path
os.environ.pop("CHAINLIT_AUTH_SECRET", None)
from app.auth import _ensure_jwt_secret
from planrag.settings import load_settings
settings = load_settings(env_file=None, data_dir=sys.argv[1], mysql_url=None)
Path(sys.argv[2], str(os.getpid())).touch()
while not Path(sys.argv[2], "go").exists():
    time.sleep(0.001)
_ensure_jwt_secret(settings)
print(os.environ["CHAINLIT_AUTH_SECRET"])
"""


def test_app_processes_starting_together_agree_on_one_sign_in_secret(tmp_path: Path) -> None:
    """Replicas sharing a data folder start at once, none with CHAINLIT_AUTH_SECRET: the first
    to keep its secret wins and every other uses that one (a token one signs is good in all)."""
    import subprocess
    import sys

    from tests._sql_fixtures import ROOT

    data, ready = tmp_path / "data", tmp_path / "ready"
    data.mkdir()
    ready.mkdir()
    started = [subprocess.Popen([sys.executable, "-c", _ONE_PROCESS, str(data), str(ready)],
                                cwd=ROOT, stdout=subprocess.PIPE, text=True) for _ in range(6)]
    deadline = time.monotonic() + 120
    while len(list(ready.iterdir())) < len(started):  # all at the line, then off together
        assert time.monotonic() < deadline and all(p.poll() is None for p in started)
        time.sleep(0.01)
    (ready / "go").touch()
    secrets = {p.communicate(timeout=120)[0].strip() for p in started}
    assert len(secrets) == 1 and len(secrets.pop()) >= 32
    assert [p.name for p in data.iterdir()] == ["chainlit-auth-secret"]  # no leftovers
