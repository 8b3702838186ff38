"""The users file (argon2id hashes, datasets per person and group), the Slack access map and
the engine's refusal of a dataset someone may not ask about."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from planrag.engine import Reply, ScriptedModel, call
from planrag.errors import AccessDenied, ConfigError
from planrag.users import Access, SlackAccess, UsersFile
from tests.cli.test_cli import planrag

PASSWORD = "correct horse battery"


@pytest.fixture()
def users(tmp_path: Path) -> UsersFile:
    return UsersFile(tmp_path / "users.toml")


def test_passwords_are_argon2id_hashes_and_the_file_is_private(users: UsersFile) -> None:
    users.add("alice", PASSWORD, ["demo-retail"])
    text = users.path.read_text()
    assert PASSWORD not in text and "$argon2id$" in text
    assert stat.S_IMODE(users.path.stat().st_mode) == 0o600
    assert users.warnings() == []
    assert users.verify("alice", PASSWORD) is not None
    assert users.verify("alice", PASSWORD + "!") is None
    assert users.verify("nobody", PASSWORD) is None
    assert users.has_passwords()


def _access(users: UsersFile, identity: str, groups: list[str] | None = None) -> Access | None:
    grant = users.grant(identity, groups or [])
    return None if grant is None else grant.access


def test_a_user_without_a_password_cannot_sign_in_with_one(users: UsersFile) -> None:
    users.add("bob", None, ["*"], admin=True, identities=["header:bob"])
    assert not users.has_passwords()
    assert users.verify("bob", "") is None and users.verify("bob", PASSWORD) is None
    assert users.grant("password:bob") is None
    access = _access(users, "header:bob")
    assert access is not None and access.everything and access.admin


def test_groups_the_file_puts_a_person_in_count_on_every_way_in(users: UsersFile) -> None:
    """A person the file puts in a group gets its datasets and its name (for a live
    database's account per group) when signing in with a password, with single sign-on
    (besides the groups it claims) and with an MCP token or API key, which claim none."""
    users.set_group("nursing", ["wards"])
    users.set_group("finance", ["demo-retail"])
    users.add("ann", PASSWORD, [], identities=["header:ann"], groups=["nursing", "nursing"])
    assert users.users()["ann"].groups == ("nursing",)
    by_password = _access(users, "password:ann")
    assert by_password is not None and by_password.datasets == {"wards"}
    assert by_password.groups == {"nursing"}
    by_proxy = _access(users, "header:ann", ["finance"])
    assert by_proxy is not None and by_proxy.datasets == {"wards", "demo-retail"}
    assert by_proxy.groups == {"nursing", "finance"}
    secret, _ = users.issue("ann", "mcp")
    by_token = users.authenticate(secret, "mcp")
    assert by_token == by_password
    before = users.grant("password:ann")
    users.set("ann", groups=["finance", "on-call"])  # a group with no datasets is kept
    assert users.grant("password:ann") != before  # the chat sees its sign-in is stale
    by_token = users.authenticate(secret, "mcp")
    assert by_token is not None and by_token.datasets == {"demo-retail"}
    assert by_token.groups == {"finance", "on-call"}
    users.set("ann", groups=[])
    assert users.authenticate(secret, "mcp") == Access("ann")
    grant = users.grant("password:ann")  # as a sign-in made before groups existed keeps it
    assert grant is not None and "groups" not in json.loads(grant.basis)["person"]
    assert "groups = " not in users.path.read_text()  # the entry keeps no empty list
    with pytest.raises(ConfigError, match="group name"):
        users.set("ann", groups=["no spaces"])


def test_a_groups_entry_that_is_not_names_is_one_line(users: UsersFile) -> None:
    users.add("ann", PASSWORD, [])
    text = users.path.read_text().replace("identities = []",
                                          'identities = []\ngroups = "nursing"')
    users.path.write_text(text)
    with pytest.raises(ConfigError) as caught:
        users.users()
    assert str(caught.value).endswith("user 'ann': `groups` must list group names (letters, "
                                      "digits and . _ @ + -)")


def test_datasets_come_from_the_person_and_their_groups(users: UsersFile) -> None:
    users.add("alice", PASSWORD, ["demo-retail"], identities=["header:alice"])
    users.set_group("analysts", ["dqa-locating-1445"])
    alone = _access(users, "password:alice")
    assert alone is not None and alone.visible(["demo-retail", "dqa-locating-1445"]) == [
        "demo-retail"]
    both = _access(users, "header:alice", ["analysts", "unknown-group"])
    assert both is not None and both.allows("dqa-locating-1445") and both.allows("demo-retail")
    stranger = users.grant("header:eve", ["analysts"])
    assert stranger is not None and stranger.identifier == "header:eve"
    assert stranger.access.datasets == {"dqa-locating-1445"}
    assert users.grant("header:eve") is None and users.grant("header:eve", ["other"]) is None
    users.set_group("analysts", [])
    assert users.grant("header:eve", ["analysts"]) is None


def test_identities_are_per_provider_and_mapped_explicitly(users: UsersFile) -> None:
    """A GitHub "alice" is not the password user alice; one mapped to her is."""
    users.add("alice", PASSWORD, ["demo-retail"])
    users.set_group("analysts", ["dqa-locating-1445"])
    assert users.grant("github:alice") is None and users.grant("header:alice") is None
    grouped = users.grant("github:alice", ["analysts"])
    assert grouped is not None and grouped.identifier == "github:alice"
    assert grouped.access.datasets == {"dqa-locating-1445"}
    users.set("alice", identities=["github:alice"])
    mapped = users.grant("github:alice")
    assert mapped is not None and mapped.identifier == "alice"
    assert mapped.access.datasets == {"demo-retail"}
    assert users.users()["alice"].sign_ins() == ("password:alice", "github:alice")
    # An identity reaches one person; a password one is implied, never listed.
    with pytest.raises(ConfigError, match="already signs in as 'alice'"):
        users.add("mallory", None, [], identities=["github:alice"])
    with pytest.raises(ConfigError, match="give them a password instead"):
        users.add("mallory", None, [], identities=["password:alice"])
    for bad in ("alice", "github:", "GitHub:alice", "github:al ice", "github:alice\n"):
        with pytest.raises(ConfigError, match="is not PROVIDER:NAME"):
            users.set("alice", identities=[bad])
    users.path.write_text('[users.a]\nidentities = ["github:x"]\n[users.b]\n'
                          'identities = ["github:x"]\n')
    with pytest.raises(ConfigError, match="an identity reaches one person"):
        users.load()


def test_text_beyond_the_basic_plane_is_written_so_it_reads_back(users: UsersFile) -> None:
    """JSON writes an emoji as a surrogate pair, which TOML refuses: the file must not be
    left unreadable by an identity (or a quote, a backslash) that is allowed in."""
    odd = ["google:\U0001f600@example.org", 'header:say"hi"\\', "oidc:caf\u00e9\u0091"]
    users.add("alice", None, ["demo-retail"], identities=odd)
    assert users.users()["alice"].identities == tuple(odd)
    assert "\\ud83d" not in users.path.read_text()


def test_people_no_sign_in_method_reaches_are_named(users: UsersFile) -> None:
    users.add("alice", PASSWORD, [])
    users.add("erin", None, [])
    users.add("gina", None, [], identities=["github:gina"])
    users.add("hank", None, [], identities=["header:hank"])
    lines = users.unreachable(header=True, oauth=[])
    assert len(lines) == 2
    assert lines[0].startswith("user 'erin' cannot sign in: no password and no identity")
    assert "planrag users set erin --identity header:erin" in lines[0]
    assert lines[1] == ("user 'gina' cannot sign in: no password, and no configured sign-in "
                        "method takes github:gina")
    assert [line.split("'")[1] for line in users.unreachable(False, ["github"])] == [
        "erin", "hank"]


def test_changes_count_at_once_and_unknown_datasets_are_named(users: UsersFile) -> None:
    users.add("alice", PASSWORD, ["demo-retail"])
    assert _access(users, "password:alice") == Access("alice", frozenset({"demo-retail"}))
    before = users.grant("password:alice")
    users.set("alice", datasets=["gone", "demo-retail"])
    after = users.grant("password:alice")
    assert after is not None and after.access == Access("alice",
                                                        frozenset({"gone", "demo-retail"}))
    assert before is not None and before.basis != after.basis
    assert users.unknown_datasets(["demo-retail"]) == [
        "user 'alice' is allowed unknown dataset(s) gone"]
    # Someone else's entry, or a group she did not claim, is no part of her grant.
    users.add("bob", PASSWORD, [])
    users.set_group("analysts", ["demo-retail"])
    still = users.grant("password:alice")
    assert still is not None and still.basis == after.basis
    users.remove("alice")
    assert users.grant("password:alice") is None


def test_bad_users_files_say_what_to_fix(users: UsersFile) -> None:
    users.path.write_text("[users.alice\n")
    with pytest.raises(ConfigError, match="not valid TOML"):
        users.load()
    users.path.write_text('[users.alice]\npassword = "hunter2hunter2"\n')
    with pytest.raises(ConfigError, match="must be an argon2 hash"):
        users.load()
    users.path.write_text('[users.alice]\ndatasets = "demo-retail"\n')
    with pytest.raises(ConfigError, match="must list dataset ids"):
        users.load()
    users.path.write_text('[users.alice]\ndatasets = []\n')
    os.chmod(users.path, 0o644)
    assert "can be read by other users" in users.warnings()[0]
    with pytest.raises(ConfigError, match="too short"):
        users.add("bob", "short", [])
    with pytest.raises(ConfigError, match="user name"):
        users.add("bad name", PASSWORD, [])
    with pytest.raises(ConfigError, match="exists already"):
        users.add("alice", None, [])
    with pytest.raises(ConfigError, match="no user 'carol'"):
        users.set("carol", datasets=[])


def test_slack_access_by_user_channel_and_everyone() -> None:
    rules = SlackAccess.parse("U0AAA=demo-retail,acme; C0OPS=acme\n*=dqa-locating-1445")
    known = ["acme", "demo-retail", "dqa-locating-1445"]
    # In the ops channel a question is about acme; elsewhere about the default when allowed.
    assert rules.dataset_for("U0ZZZ", "C0OPS", "demo-retail", known) == "acme"
    assert rules.dataset_for("U0AAA", "C0OTHER", "demo-retail", known) == "demo-retail"
    assert rules.dataset_for("U0ZZZ", "C0OTHER", "demo-retail", known) == "dqa-locating-1445"
    assert not rules.access("U0ZZZ", "C0OTHER").allows("demo-retail")
    only = SlackAccess.parse("U0AAA=demo-retail")
    assert only.dataset_for("U0BBB", "C0X", "demo-retail", known) is None
    for bad in ("U0AAA", "U0AAA=", "alice=demo-retail", "U0AAA demo-retail"):
        with pytest.raises(ConfigError, match="is not `SLACK_ID=dataset"):
            SlackAccess.parse(bad)


async def test_the_engine_refuses_a_dataset_the_person_may_not_use(tmp_path: Path) -> None:
    from planrag.engine.session import open_engine
    from planrag.settings import load_settings

    settings = load_settings(env_file=None, data_dir=tmp_path, mysql_url=None)
    model = ScriptedModel([Reply(calls=[call("final_answer", decision="x", rationale="y")])])
    alice = Access("alice", frozenset({"demo-retail"}))
    denied = r"Your account \(alice\) may not ask about the dataset dqa-locating-1445"
    with pytest.raises(AccessDenied, match=denied):
        async with open_engine(settings, "dqa-locating-1445", "sqlite", model, access=alice):
            pass


def test_users_command(tmp_path: Path) -> None:
    env = {"PLANRAG_DATA_DIR": str(tmp_path / "data"), "MYSQL_URL": ""}
    out = planrag("users", "add", "alice", "--password-stdin", "--datasets", "demo-retail",
                  stdin=PASSWORD + "\n", env=env)
    assert out.returncode == 0, out.stderr
    assert "added alice: demo-retail" in out.stdout
    path = tmp_path / "data" / "users.toml"
    assert PASSWORD not in path.read_text()
    out = planrag("users", "add", "bob", "--no-password", "--datasets", "*", "--admin", env=env)
    assert out.returncode == 0, out.stderr
    out = planrag("users", "group", "analysts", "--datasets", "dqa-locating-1445", env=env)
    assert out.returncode == 0, out.stderr
    out = planrag("users", "set", "alice", "--datasets", "demo-retail,dqa-building-1836",
                  env=env)
    assert out.returncode == 0 and "updated alice" in out.stdout
    out = planrag("users", "set", "bob", "--identity", "github:bob", "--identity",
                  "header:bob@example.com", env=env)
    assert out.returncode == 0 and "signs in as github:bob, header:bob@example.com" in out.stdout
    out = planrag("users", "add", "cy", "--no-password", "--groups", "analysts, night", env=env)
    assert out.returncode == 0, out.stderr
    assert ("added cy: no dataset yet (planrag users set ... --datasets); in analysts, night "
            "(no datasets yet: planrag users group night --datasets ID)") in out.stdout
    assert "in analysts, night" in planrag("users", "list", env=env).stdout
    out = planrag("users", "set", "cy", "--groups", "", env=env)
    assert out.returncode == 0 and "; in " not in out.stdout
    out = planrag("users", "remove", "cy", env=env)
    assert out.returncode == 0, out.stderr
    listed = json.loads(planrag("users", "list", "--json", env=env).stdout)
    assert listed == {
        "users": [{"name": "alice", "datasets": ["demo-retail", "dqa-building-1836"],
                   "admin": False, "password": True, "identities": ["password:alice"],
                   "groups": [], "mcp_tokens": 0, "api_keys": 0},
                  {"name": "bob", "datasets": ["*"], "admin": True, "password": False,
                   "identities": ["github:bob", "header:bob@example.com"],
                   "groups": [], "mcp_tokens": 0, "api_keys": 0}],
        "groups": {"analysts": ["dqa-locating-1445"]}}
    text = planrag("users", "list", env=env).stdout
    assert "github:bob, header:bob@example.com" in text and "group analysts" in text
    assert planrag("users", "set", "bob", "--no-identities", env=env).returncode == 0
    assert "(cannot sign in)" in planrag("users", "list", env=env).stdout
    clash = planrag("users", "add", "carol", "--no-password", "--identity", "github:bob",
                    "--identity", "bad identity", env=env)
    assert clash.returncode == 1 and "is not PROVIDER:NAME" in clash.stderr
    # Mistakes: one line each, exit 1, nothing changed.
    bad = planrag("users", "add", "carol", "--password-stdin", "--datasets", "nope",
                  stdin=PASSWORD + "\n", env=env)
    assert bad.returncode == 1 and "unknown dataset(s) nope" in bad.stderr
    assert "Traceback" not in bad.stderr
    short = planrag("users", "add", "carol", "--password-stdin", stdin="abc\n", env=env)
    assert short.returncode == 1 and "too short" in short.stderr
    tty = planrag("users", "add", "carol", env=env)
    assert tty.returncode == 1 and "--password-stdin" in tty.stderr
    assert planrag("users", "remove", "bob", env=env).returncode == 0
    missing = planrag("users", "remove", "bob", env=env)
    assert missing.returncode == 1 and "no user 'bob'" in missing.stderr
    os.chmod(path, 0o644)
    warned = planrag("users", "list", env=env)
    assert "warning:" in warned.stderr and "chmod 600" in warned.stderr


def _add_many(path: str, prefix: str, count: int) -> None:
    users = UsersFile(Path(path))
    for n in range(count):
        users.add(f"{prefix}{n}", None, ["demo-retail"])
        users.issue(f"{prefix}{n}", "mcp", label="laptop")


def test_changes_made_at_once_by_several_processes_all_land(tmp_path: Path) -> None:
    """Four processes each add people and give them tokens into one file at the same time:
    every person and token is there after (each change is read, made and written under the
    file's lock), and the file stays private."""
    import multiprocessing

    path = tmp_path / "users.toml"
    context = multiprocessing.get_context("spawn")
    workers = [context.Process(target=_add_many, args=(str(path), f"p{w}x", 15))
               for w in range(4)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(60)
        assert worker.exitcode == 0
    people = UsersFile(path).users()
    assert len(people) == 60
    assert all(len(p.credentials) == 1 for p in people.values())
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.with_name(".users.toml.lock").stat().st_mode) == 0o600
