"""MCP bearer tokens and API keys (planrag/users.py): issued at random, kept as hashes in the
users file, each mapping back to its person's `Access` as sign-in computes it, for its own
front end only, and gone when revoked or when the person is."""

from __future__ import annotations

import hashlib
import json
import logging
import math
import re
import stat
import tomllib
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, cast

import pytest

import planrag.users as users_module
from planrag.errors import ConfigError
from planrag.users import (
    Access,
    CredentialKind,
    UsersFile,
    authenticate_credential,
)
from tests.cli.test_cli import planrag

PASSWORD = "correct horse battery"
KINDS: list[CredentialKind] = ["mcp", "api"]
PREFIX = {"mcp": "prt_", "api": "prk_"}
COMMAND = {"mcp": "token", "api": "key"}

OLD_FILE = """\
# PlanRAG Assistant's users (planrag users ...). Passwords are argon2id hashes.

[users."alice"]
password = ""
datasets = ["demo-retail", "acme"]
admin = false
identities = ["header:alice"]

[users."bob"]
password = ""
datasets = ["*"]
admin = true
identities = []

[groups]
"analysts" = ["dqa-locating-1445"]
"""
"""A users file as `planrag users` wrote it before credentials existed."""


@pytest.fixture()
def users(tmp_path: Path) -> UsersFile:
    file = UsersFile(tmp_path / "users.toml")
    file.add("alice", PASSWORD, ["demo-retail"])
    file.add("bob", None, ["*"], admin=True, identities=["header:bob"])
    return file


def _sign_in(users: UsersFile, identity: str) -> Access:
    grant = users.grant(identity)
    assert grant is not None
    return grant.access


@pytest.mark.parametrize("kind", KINDS)
def test_a_credential_is_random_prefixed_and_maps_to_its_person(users: UsersFile,
                                                                 kind: CredentialKind) -> None:
    secret, record = users.issue("alice", kind, "laptop",
                                 now=datetime(2025, 5, 1, 9, 30, tzinfo=UTC))
    assert re.fullmatch(PREFIX[kind] + r"[A-Za-z0-9]{52}", secret)
    assert record.id == secret[:12] and record.kind == kind
    assert (record.label, record.created) == ("laptop", "2025-05-01T09:30:00Z")
    # What stays unknown once the id is shown is still at least 256 bits.
    assert (len(secret) - len(record.id)) * math.log2(62) >= 256
    assert users.issue("alice", kind)[0] != secret
    assert users.authenticate(secret, kind) == _sign_in(users, "password:alice")
    assert authenticate_credential(users, secret, kind) == Access(
        "alice", frozenset({"demo-retail"}))
    # Revoked: refused at once, by the same reader (its cache follows the file).
    assert users.revoke("alice", kind, record.id) == [record]
    assert users.authenticate(secret, kind) is None
    assert len(users.users()["alice"].credentials_of(kind)) == 1


def test_access_is_the_sign_in_one_and_follows_changes(users: UsersFile) -> None:
    secret, _ = users.issue("bob", "api")
    access = users.authenticate(secret, "api")
    assert access == _sign_in(users, "header:bob")
    assert access is not None and access.everything and access.admin and access.user == "bob"
    users.set("bob", datasets=["acme"], admin=False)
    assert users.authenticate(secret, "api") == Access("bob", frozenset({"acme"}))
    # A credential claims no group: a group's datasets are not added, as for a sign-in
    # without group claims (unless the file puts the person in the group).
    users.set_group("analysts", ["dqa-locating-1445"])
    assert users.authenticate(secret, "api") == _sign_in(users, "header:bob")
    users.set("bob", groups=["analysts"])
    assert users.authenticate(secret, "api") == Access(
        "bob", frozenset({"acme", "dqa-locating-1445"}), groups=frozenset({"analysts"}))
    users.set("bob", groups=[])
    # Issuing or revoking a credential does not end the person's chat sign-ins.
    before = users.grant("header:bob")
    users.issue("bob", "mcp")
    assert before == users.grant("header:bob")


def test_a_credential_of_one_kind_is_refused_as_the_other(users: UsersFile) -> None:
    token, _ = users.issue("alice", "mcp")
    key, _ = users.issue("alice", "api")
    assert users.authenticate(token, "api") is None
    assert users.authenticate(key, "mcp") is None
    # Nor does the other prefix on the same characters pass for it.
    assert users.authenticate("prk_" + token[4:], "api") is None
    assert users.authenticate(token, "mcp") is not None


def test_only_a_hash_is_written_and_the_file_stays_private(users: UsersFile) -> None:
    secrets = [users.issue("alice", kind, "ci")[0] for kind in KINDS]
    text = users.path.read_text()
    for secret in secrets:
        assert secret not in text and secret[12:] not in text and secret[:12] in text
        assert f'"sha256:{hashlib.sha256(secret.encode()).hexdigest()}"' in text
    assert stat.S_IMODE(users.path.stat().st_mode) == 0o600
    assert not list(users.path.parent.glob(".users.toml.tmp*"))
    entries = tomllib.loads(text)["users"]["alice"]["credentials"]
    assert [(e["kind"], e["label"]) for e in entries] == [("mcp", "ci"), ("api", "ci")]
    assert set(entries[0]) == {"kind", "id", "hash", "label", "created"}


def test_a_removed_person_takes_their_credentials_along(users: UsersFile) -> None:
    token, _ = users.issue("alice", "mcp")
    key, _ = users.issue("alice", "api")
    users.remove("alice")
    assert users.authenticate(token, "mcp") is None and users.authenticate(key, "api") is None
    users.add("alice", PASSWORD, ["demo-retail"])  # the same name again is someone new
    assert users.authenticate(token, "mcp") is None
    assert users.users()["alice"].credentials == ()


@pytest.mark.parametrize("kind", KINDS)
def test_malformed_and_unknown_credentials_are_refused(users: UsersFile,
                                                       kind: CredentialKind) -> None:
    secret, record = users.issue("alice", kind)
    last = "A" if secret[-1] != "A" else "B"
    for bad in ("", PREFIX[kind], record.id, secret[:-1], secret + "A", secret[:-1] + last,
                f" {secret}", f"{secret}\n", f"Bearer {secret}", secret.upper(),
                PREFIX[kind].upper() + secret[4:], secret[:-1] + "\u00e9",
                secret[:-1] + "\uff10", PREFIX[kind] + "-" * 52, "x" * 100_000):
        assert users.authenticate(bad, kind) is None, bad
    assert users.authenticate(cast(str, None), kind) is None
    assert users.authenticate(cast(str, secret.encode()), kind) is None
    with pytest.raises(ValueError, match="mcp or api"):
        users.authenticate(secret, cast(CredentialKind, "web"))
    assert users.authenticate(secret, kind) is not None


def test_every_stored_hash_is_compared_in_constant_time(
        users: UsersFile, monkeypatch: pytest.MonkeyPatch) -> None:
    """No early way out: a match on the first hash costs what a miss on all of them does."""
    first, _ = users.issue("alice", "mcp")
    users.issue("alice", "mcp")
    users.issue("bob", "mcp")
    users.issue("bob", "api")
    calls: list[tuple[str, str]] = []

    def compare(a: str, b: str) -> bool:
        calls.append((a, b))
        return a == b

    monkeypatch.setattr(users_module.hmac, "compare_digest", compare)
    assert users.authenticate(first, "mcp") is not None
    assert len(calls) == 3  # every MCP token after the match too, and not the API key
    calls.clear()
    assert users.authenticate("prt_" + "Z" * 52, "mcp") is None
    assert len(calls) == 3


def test_the_presented_credential_is_never_logged_or_said(
        users: UsersFile, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    secret, _ = users.issue("alice", "api")
    users.authenticate(secret, "api")
    users.authenticate(secret[:-1] + "0", "api")
    users.authenticate(secret, "mcp")
    assert secret[12:] not in caplog.text
    # A file broken after start is the operator's problem, said without the credential.
    users.path.write_text(users.path.read_text().replace('kind = "api"', 'kind = "web"'))
    with pytest.raises(ConfigError) as raised:
        users.authenticate(secret, "api")
    assert secret[12:] not in str(raised.value) and "credential 'prk_" in str(raised.value)


def test_revoking_by_id_whole_credential_or_all(users: UsersFile) -> None:
    a, first = users.issue("alice", "api", "one")
    b, second = users.issue("alice", "api", "two")
    c, _ = users.issue("alice", "api", "three")
    token, _ = users.issue("alice", "mcp")
    assert users.revoke("alice", "api", b) == [second]  # the whole key, as leaked
    assert users.revoke("alice", "api", first.id) == [first]
    with pytest.raises(ConfigError, match="alice has no API key 'prk_"):
        users.revoke("alice", "api", first.id)
    with pytest.raises(ConfigError, match="is an MCP token's id"):
        users.revoke("alice", "api", token[:12])
    assert [c.label for c in users.revoke("alice", "api", "all")] == ["three"]
    assert users.revoke("alice", "api", "all") == []
    for secret in (a, b, c):
        assert users.authenticate(secret, "api") is None
    assert users.authenticate(token, "mcp") is not None  # the other kind is untouched
    with pytest.raises(ConfigError, match="no user 'carol'"):
        users.revoke("carol", "mcp", "all")


def test_labels_and_unknown_people_are_checked(users: UsersFile) -> None:
    for label in ("x" * 81, "two\nlines", "tab\there", "\x1b[31mred"):
        with pytest.raises(ConfigError, match="printable characters on one line"):
            users.issue("alice", "mcp", label)
    with pytest.raises(ConfigError, match="no user 'carol'"):
        users.issue("carol", "mcp")
    assert users.users()["alice"].credentials == ()
    secret, _ = users.issue("alice", "mcp", "Zoë's laptop 💻")
    assert users.users()["alice"].credentials[0].label == "Zoë's laptop 💻"
    assert users.authenticate(secret, "mcp") is not None


def test_a_users_file_from_before_credentials_loads_and_stays_compatible(
        tmp_path: Path) -> None:
    path = tmp_path / "users.toml"
    path.write_text(OLD_FILE)
    users = UsersFile(path)
    people = users.users()
    assert [p.credentials for p in people.values()] == [(), ()]
    assert users.authenticate("prt_" + "a" * 52, "mcp") is None
    assert _sign_in(users, "header:alice").datasets == {"demo-retail", "acme"}
    before = tomllib.loads(OLD_FILE)
    secret, _ = users.issue("alice", "mcp")
    after = tomllib.loads(path.read_text())
    # Only a key is added to the person's table: everything an older reader took is as it
    # was, and the older reader took a person's keys by name, ignoring others.
    added = after["users"]["alice"].pop("credentials")
    assert after == before and len(added) == 1
    assert users.authenticate(secret, "mcp") is not None


def test_a_broken_credential_entry_says_what_to_fix(users: UsersFile) -> None:
    secret, record = users.issue("alice", "mcp")
    good = users.path.read_text()
    breakages: list[tuple[str, str]] = [
        ('kind = "mcp"', 'kind = "api"'),  # an MCP id under the API's kind
        (record.id, "prt_short"),
        ('hash = "sha256:', 'hash = "md5:'),
        ('label = ""', "label = 3"),
        (f'id = "{record.id}"', f'id = "{secret}"'),  # the secret pasted as the id
    ]
    for old, new in breakages:
        users.path.write_text(good.replace(old, new))
        with pytest.raises(ConfigError, match="remove that") as raised:
            users.load()
        assert secret[12:] not in str(raised.value)
    users.path.write_text(good.replace("[[users.\"alice\".credentials]]",
                                       "[users.\"alice\".credentials]"))
    with pytest.raises(ConfigError, match="must be a list of tables"):
        users.load()


def test_through_settings(tmp_path: Path) -> None:
    from planrag.settings import load_settings

    settings = load_settings(env_file=None, data_dir=tmp_path, mysql_url=None)
    users = UsersFile(settings.users_path)
    users.add("alice", None, ["demo-retail"])
    key, _ = users.issue("alice", "api")
    assert authenticate_credential(settings, key, "api") == Access(
        "alice", frozenset({"demo-retail"}))
    assert authenticate_credential(settings, key, "mcp") is None


# -- the command line


def _env(tmp_path: Path) -> dict[str, str]:
    return {"PLANRAG_DATA_DIR": str(tmp_path / "data"), "MYSQL_URL": ""}


def _ok(*args: str, env: dict[str, str]) -> Any:
    out = planrag(*args, env=env)
    assert out.returncode == 0, out.stderr
    return out


@pytest.mark.parametrize("kind", KINDS)
def test_issuing_prints_the_credential_alone_on_the_last_line(tmp_path: Path,
                                                               kind: CredentialKind) -> None:
    env = _env(tmp_path)
    _ok("users", "add", "alice", "--no-password", "--datasets", "demo-retail", env=env)
    out = _ok("users", COMMAND[kind], "alice", "--label", "laptop", env=env)
    secret = out.stdout.splitlines()[-1]
    assert out.stdout == secret + "\n"  # `TOKEN=$(planrag users token alice)` takes it
    assert secret.startswith(PREFIX[kind]) and "shown once" in out.stderr
    assert f"--revoke {secret[:12]}" in out.stderr and secret[12:] not in out.stderr
    users = UsersFile(tmp_path / "data" / "users.toml")
    assert users.authenticate(secret, kind) == Access("alice", frozenset({"demo-retail"}))
    assert secret not in users.path.read_text()
    listed = _ok("users", COMMAND[kind], "alice", "--list", env=env).stdout
    assert re.fullmatch(rf"{secret[:12]}  \d{{4}}-\d\d-\d\dT\d\d:\d\d:\d\dZ  laptop\n", listed)
    revoked = _ok("users", COMMAND[kind], "alice", "--revoke", secret[:12], env=env)
    assert revoked.stdout == f"revoked 1 {users_module.NOUN[kind]} of alice: {secret[:12]}\n"
    assert users.authenticate(secret, kind) is None
    assert "has no" in _ok("users", COMMAND[kind], "alice", "--list", env=env).stdout


def test_the_users_list_counts_credentials(tmp_path: Path) -> None:
    env = _env(tmp_path)
    _ok("users", "add", "alice", "--no-password", "--datasets", "demo-retail", env=env)
    _ok("users", "add", "bob", "--no-password", "--datasets", "*", env=env)
    secrets = [_ok("users", "token", "alice", env=env).stdout.strip() for _ in range(2)]
    secrets.append(_ok("users", "key", "alice", env=env).stdout.strip())
    text = _ok("users", "list", env=env).stdout
    alice, bob = text.splitlines()
    assert alice.endswith("demo-retail; 2 MCP tokens, 1 API key")
    assert bob.endswith("*")  # nothing said when there are none
    rows = json.loads(_ok("users", "list", "--json", env=env).stdout)["users"]
    assert [(r["name"], r["mcp_tokens"], r["api_keys"]) for r in rows] == [
        ("alice", 2, 1), ("bob", 0, 0)]
    for secret in secrets:
        assert secret[12:] not in text and secret[12:] not in str(rows)
    _ok("users", "token", "alice", "--revoke", "all", env=env)
    assert _ok("users", "list", env=env).stdout.splitlines()[0].endswith(
        "demo-retail; 1 API key")
    # Removing the person removes what they held.
    _ok("users", "remove", "alice", env=env)
    users = UsersFile(tmp_path / "data" / "users.toml")
    assert users.authenticate(secrets[2], "api") is None


def test_credential_mistakes_are_one_line_each(tmp_path: Path) -> None:
    env = _env(tmp_path)
    _ok("users", "add", "alice", "--no-password", env=env)
    key = _ok("users", "key", "alice", env=env).stdout.strip()
    cases = [
        (("users", "token", "carol"), "no user 'carol'"),
        (("users", "key", "carol", "--list"), "no user 'carol'"),
        (("users", "token", "alice", "--revoke", "prt_nothere"), "alice has no MCP token"),
        (("users", "token", "alice", "--revoke", key[:12]), "is an API key's id"),
        (("users", "key", "alice", "--label", "a\tb"), "printable characters"),
    ]
    for args, said in cases:
        out = planrag(*args, env=env)
        assert out.returncode == 1 and said in out.stderr, (args, out.stderr)
        assert out.stdout == "" and "Traceback" not in out.stderr
        assert key[12:] not in out.stderr
    both = planrag("users", "key", "alice", "--list", "--revoke", "all", env=env)
    assert both.returncode == 2 and "not allowed with" in both.stderr
    # The key `--revoke` was handed whole is not repeated back.
    out = _ok("users", "key", "alice", "--revoke", key, env=env)
    assert key[12:] not in out.stdout + out.stderr
