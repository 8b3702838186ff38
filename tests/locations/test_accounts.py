"""Accounts per person or group on a live database (issue 24, part 5), without a server: what
a manifest may say, which account whoever asks reads with, what lists offer, and what the
answer says. The runs on a real MariaDB are in tests/live/test_accounts_mysql.py."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from planrag.connect import _entry_table, _write_manifest
from planrag.datasets import LiveDatabase, Registry
from planrag.engine.events import AnswerProposed, SimulatorChecked
from planrag.engine.session import require_access
from planrag.engine.verdict import answer_lines
from planrag.errors import AccessDenied
from planrag.locations import checked_registry, resolve
from planrag.locations.accounts import account_for, for_person, read_as, scoped
from planrag.manifests import discover, load_manifest
from planrag.settings import load_settings
from planrag.users import Access, SlackAccess, UsersFile
from tests._sql_fixtures import FIXTURES

HEAD = '''
id = "ward"
title = "Night wards"
rules = "One extra nurse."

[[databases]]
kind = "mysql"
url = "mysql://main_ro:${MAIN_PW}@db.example.com:3306/hospital"
'''
ACCOUNTS = '''
[[databases.accounts]]
group = "ward-managers"
url = "mysql://wm_ro:${WM_PW}@db.example.com:3306/hospital"

[[databases.accounts]]
group = "nurses"
url = "mysql://nurse_ro:${NURSE_PW}@db.example.com:3306/hospital"

[[databases.accounts]]
user = "alice"
url = "mysql://alice_ro:${ALICE_PW}@db.example.com:3306/hospital"
'''


def _registry(root: Path, text: str) -> Registry:
    folder = root / "ward"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "dataset.toml").write_text(text, encoding="utf-8")
    return checked_registry(discover(FIXTURES, root))


def _problem(root: Path, text: str) -> str:
    reg = _registry(root, text)
    assert "ward" in reg.problems, "the manifest was accepted"
    return reg.problems["ward"]


def test_a_manifest_names_accounts_per_person_or_group(tmp_path: Path) -> None:
    reg = _registry(tmp_path, HEAD + ACCOUNTS)
    assert not reg.problems, reg.problems
    db = reg.get("ward").databases[0]
    assert [a.holder for a in db.accounts] == ["group ward-managers", "group nurses",
                                               "user alice"]
    assert not db.main_for_everyone
    settings = load_settings(env_file=None, mysql_url=None)
    location = resolve(settings, reg, "ward").location
    assert location.per_person and location.account == ""  # resolved: the main account


@pytest.mark.parametrize(("accounts", "said"), [
    ('[[databases.accounts]]\nuser = "a"\ngroup = "g"\nurl = "mysql://x:${P}@h/db"\n',
     "account #1: name either `user` (a person) or `group`"),
    ('[[databases.accounts]]\nurl = "mysql://x:${P}@h/db"\n', "name either `user`"),
    ('[[databases.accounts]]\nuser = "alice"\n', "account #1: missing `url`"),
    ('[[databases.accounts]]\nuser = "alice"\nurl = "mysql://x:${P}@db.example.com:3306/'
     'hospital"\npassword = "x"\n', "unknown key(s) password; use user or group, and url"),
    ('[[databases.accounts]]\nuser = " alice"\nurl = "mysql://x:${P}@h/db"\n',
     "`user` must be a non-empty string on one line, without spaces at its ends"),
    ('accounts = "alice"\n', "`accounts` must be [[databases.accounts]] tables"),
    ('main_for_everyone = "yes"\n', "`main_for_everyone` must be true or false"),
])
def test_a_wrong_account_entry_is_one_line(tmp_path: Path, accounts: str, said: str) -> None:
    # Keys of the [[databases]] table itself go before its sub-tables.
    text = HEAD + accounts if not accounts.startswith("[[") else HEAD + "\n" + accounts
    problem = _problem(tmp_path, text)
    assert said in problem and "\n" not in problem


def test_an_account_named_twice_is_refused(tmp_path: Path) -> None:
    twice = ACCOUNTS + ('\n[[databases.accounts]]\nuser = "alice"\n'
                        'url = "mysql://other:${O}@db.example.com:3306/hospital"\n')
    problem = _problem(tmp_path, HEAD + twice)
    assert "account #4: user alice has an account already" in problem
    assert "account #3" in problem and "keep one" in problem


@pytest.mark.parametrize(("url", "said"), [
    ("mysql://wm_ro:Secret-pw-1@db.example.com:3306/hospital", "password in clear"),
    ("mysql://wm_ro:${WM_PW}@db.example.com:3306/payroll",
     "the account of group ward-managers must be on the same server and database as the "
     "entry's url (db.example.com:3306/hospital)"),
    ("mysql://wm_ro:${WM_PW}@other.example.com:3306/hospital", "same server and database"),
    ("postgres://wm_ro:${WM_PW}@db.example.com:3306/hospital", "starts with mysql://"),
])
def test_each_account_is_checked_like_the_main_url(tmp_path: Path, url: str, said: str) -> None:
    text = HEAD + f'\n[[databases.accounts]]\ngroup = "ward-managers"\nurl = "{url}"\n'
    problem = _problem(tmp_path, text)
    assert said in problem and "account #1" in problem
    assert "Secret-pw-1" not in problem


def test_a_sqlite_file_has_no_accounts(tmp_path: Path) -> None:
    text = ('id = "ward"\ntitle = "W"\nrules = "r"\n[[databases]]\nkind = "sqlite"\n'
            'path = "w.sqlite"\n[[databases.accounts]]\nuser = "alice"\nurl = "x"\n')
    assert "a sqlite database has no accounts of its own" in _problem(tmp_path, text)


def test_whose_account_a_run_reads_with(tmp_path: Path) -> None:
    db = _registry(tmp_path, HEAD + ACCOUNTS).get("ward").databases[0]
    # Nobody signed in (the command line, the open chat): the main url.
    assert account_for("ward", db, None) is None
    assert account_for("ward", db, Access.open()) is None

    def holder(access: Access) -> str:
        account = account_for("ward", db, access)
        return "main" if account is None else account.holder

    # The person's own account first, however many groups they are in.
    assert holder(Access("alice", groups=frozenset({"nurses"}))) == "user alice"
    # Else the first group in the manifest's order, not the order of the claims.
    assert holder(Access("header:bob", groups=frozenset({"nurses", "ward-managers"}))) == (
        "group ward-managers")
    assert holder(Access("header:dan", groups=frozenset({"nurses", "cooks"}))) == "group nurses"
    # Else nobody: refused, saying why and what to do.
    for carol in (Access("carol"), Access("header:carol", groups=frozenset({"cooks"})),
                  SlackAccess.asker("U0CAROL", "ward")):
        with pytest.raises(AccessDenied, match=r"ask the person who runs PlanRAG Assistant "
                           r"to add an account for you or your group"):
            account_for("ward", db, carol)
    # Unless the main account is said to serve everyone else.
    shared = LiveDatabase(db.kind, db.url, accounts=db.accounts, main_for_everyone=True)
    assert account_for("ward", shared, Access("carol")) is None
    assert account_for("ward", shared, Access("alice")) is not None
    # A database without accounts is everyone's, as before.
    assert account_for("ward", LiveDatabase("mysql", db.url), Access("carol")) is None



def test_a_token_reads_with_the_account_of_a_group_the_users_file_gives(
    tmp_path: Path,
) -> None:
    """An MCP token or API key claims no group, but the groups the users file puts its
    person in count: erin, in ward-managers there, reads as that group's account."""
    from planrag.users import UsersFile

    db = _registry(tmp_path, HEAD + ACCOUNTS).get("ward").databases[0]
    users = UsersFile(tmp_path / "users.toml")
    users.add("erin", None, ["ward"])
    secret, _ = users.issue("erin", "mcp")
    alone = users.authenticate(secret, "mcp")
    assert alone is not None
    with pytest.raises(AccessDenied):
        account_for("ward", db, alone)
    users.set("erin", groups=["ward-managers"])
    member = users.authenticate(secret, "mcp")
    assert member is not None and member.groups == {"ward-managers"}
    account = account_for("ward", db, member)
    assert account is not None and account.holder == "group ward-managers"


def test_the_location_and_the_answer_name_the_account(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    text = (HEAD + ACCOUNTS).replace("user = \"alice\"\nurl = \"mysql://alice_ro:",
                                     "user = \"alice\"\nurl = \"mysql://${ALICE_LOGIN}:")
    reg = _registry(tmp_path, text)
    settings = load_settings(env_file=None, mysql_url=None)
    resolved = resolve(settings, reg, "ward")
    assert read_as(resolved.location) == "main_ro (the main account)"
    bob = for_person(resolved, Access("bob", groups=frozenset({"ward-managers"}))).location
    assert bob.account == "group ward-managers" and "wm_ro:${WM_PW}" in (bob.url or "")
    assert read_as(bob) == "wm_ro (group ward-managers)"
    assert bob.origin == "live, account of group ward-managers"
    monkeypatch.setenv("ALICE_LOGIN", "alice_ro")  # a user given by reference is looked up
    alice = for_person(resolved, Access("alice")).location
    assert read_as(alice) == "alice_ro (user alice)"  # without needing ALICE_PW
    # Where the database has no accounts per person, nothing is said.
    plain = resolve(settings, _registry(tmp_path / "plain", HEAD), "ward").location
    assert read_as(plain) == ""

    check = SimulatorChecked(
        simulator="extra-nurse", rules="query", decision="A", agrees=True, rank=1,
        candidates=2, value=6.0, baseline=0.0, best="A", best_value=6.0, gap=0.0, ties=(),
        near_ties=(), objective="maximize", description="risk covered",
        data_as_of="2026-11-26 10:00:00", decision_model="Extra night nurse",
        check_origin="manifest", read_as="wm_ro (group ward-managers)")
    answer = AnswerProposed("A", "the most risk", ("q1",), read_as=check.read_as)
    lines = answer_lines(answer, check)
    assert lines[0].startswith("Best decision: A:")
    assert ("Checked with the decision model \u201cExtra night nurse\u201d written in the "
            "dataset, on the live data as of 2026-11-26 10:00:00, read as wm_ro (group "
            "ward-managers).") in lines
    assert sum("read as" in line.lower() for line in lines) == 1  # said once
    marked = answer_lines(answer, check, style="markdown")  # names from a manifest: escaped
    assert marked[0].startswith("**Best decision: A**")
    assert any(line.endswith(", read as wm\\_ro (group ward-managers).") for line in marked)
    dump = answer_lines(answer, replace(check, data_as_of=None, decision_model="",
                                        check_origin=""))
    assert ("Checked with the simulator extra-nurse, on the live data, read as wm_ro (group "
            "ward-managers).") in dump
    unchecked = answer_lines(answer, None)
    assert unchecked[-1] == "Read as wm_ro (group ward-managers)."
    assert not any("read as" in line.lower()
                   for line in answer_lines(AnswerProposed("A", "r", ()), None))


def test_lists_do_not_offer_what_a_person_has_no_account_for(tmp_path: Path) -> None:
    reg = _registry(tmp_path, HEAD + ACCOUNTS)
    carol = scoped(reg, Access("carol", everything=True))
    assert not carol.allows("ward") and carol.allows("demo-retail")  # dumps: no accounts
    assert scoped(reg, Access("alice", everything=True)).allows("ward")
    assert scoped(reg, Access("header:bob", frozenset({"ward"}),
                              groups=frozenset({"nurses"}))).allows("ward")
    assert scoped(reg, Access.open()).allows("ward")
    with pytest.raises(AccessDenied, match="The dataset ward is read with each person's own "
                       r"database account, and it has none for you \(carol\)"):
        require_access(carol, "ward")
    with pytest.raises(AccessDenied, match=r"Your account \(carol\) may not ask about"):
        require_access(Access("carol"), "ward")  # not given the dataset at all: as before


def test_access_keeps_its_constructors_and_learns_the_groups(tmp_path: Path) -> None:
    old = Access("alice", frozenset({"ward"}), False, True)
    assert old.allows("ward") and old.admin and old.groups == frozenset()
    assert Access.open().allows("ward") and not Access.open().signed_in
    assert not Access.denied("x").allows("ward")
    users = UsersFile(tmp_path / "users.toml")
    users.set_group("ward-managers", ["ward"])
    grant = users.grant("header:bob", ["ward-managers", "nurses"])
    assert grant is not None
    assert grant.access.groups == frozenset({"ward-managers", "nurses"})
    assert grant.access.user == "header:bob" and grant.access.allows("ward")


def test_connect_writes_the_accounts_back(tmp_path: Path) -> None:
    """`connect --update` rewrites the manifest: the accounts stay, also when the entry's
    URL is replaced (dropping them would let everyone read as the main account)."""
    folder = tmp_path / "ward"
    folder.mkdir()
    before = {"kind": "mysql", "url": "mysql://main_ro:${MAIN_PW}@db.example.com:3306/hospital",
              "main_for_everyone": True,
              "accounts": [{"group": "ward-managers",
                            "url": "mysql://wm_ro:${WM_PW}@db.example.com:3306/hospital"}]}
    new = LiveDatabase("mysql", "mysql://main2:${MAIN2_PW}@db.example.com:3306/hospital")
    raw = {"id": "ward", "title": "Night wards", "rules": "r",
           "databases": [_entry_table(new, before)]}
    _write_manifest(folder, raw, False, changed=True)
    db = load_manifest(folder / "dataset.toml").databases[0]
    assert db.url == new.url and db.main_for_everyone
    assert [(a.holder, a.url) for a in db.accounts] == [
        ("group ward-managers", "mysql://wm_ro:${WM_PW}@db.example.com:3306/hospital")]


def test_a_graph_reads_as_the_persons_account_too(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The graph's driver is opened from the location's URL, one per server and account, so
    an account per person on the graph needs nothing more than on MySQL."""
    from planrag.locations.kinds.graph import KIND

    text = ('id = "ward"\ntitle = "W"\nrules = "r"\n[[databases]]\nkind = "neo4j"\n'
            'url = "neo4j://reader:${G_PW}@graph.example.com:7687"\ndatabase = "wards"\n'
            '[[databases.accounts]]\nuser = "alice"\n'
            'url = "neo4j://alice_r:${G_ALICE_PW}@graph.example.com:7687"\n')
    reg = _registry(tmp_path, text)
    assert not reg.problems, reg.problems
    monkeypatch.setenv("G_ALICE_PW", "alice-graph-pw")
    settings = load_settings(env_file=None, mysql_url=None)
    location = for_person(resolve(settings, reg, "ward", "graph"), Access("alice")).location
    conn = KIND.connection(location)
    assert (conn.user, conn.password, conn.database) == ("alice_r", "alice-graph-pw", "wards")
    assert KIND.describe(location) == ("graph database wards at neo4j://graph.example.com:7687 "
                                       "(live, account of user alice)")
    assert read_as(location) == "alice_r (user alice)"
    other = text.replace("alice_r:${G_ALICE_PW}@graph.example.com", "alice_r:${P}@elsewhere")
    assert "same server and database" in _problem(tmp_path / "other", other)
