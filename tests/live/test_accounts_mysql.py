"""Each person queries as themselves (issue 24, part 5): a live MariaDB database whose manifest
names an account per person or group, so the database's own grants and a row-filtering view
decide what each person's run reads, the check included.

The database is made here: `patients` (six rows in three wards), `access_map` (which login
may see which ward) and `visible_patients`, a view that shows a login only its wards (by
`USER()`, the client's login, inside a view run with its definer's rights). Alice's account
may read `patients` and the view and sees every ward; the ward managers' account may read
only the view and sees ward A. The main account (the command line's, the open chat's) sees
every ward through the view."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from dataclasses import asdict, dataclass
from pathlib import Path

import pytest

from planrag.engine import Reply, ScriptedModel, call
from planrag.engine.events import (
    AnswerProposed,
    Event,
    QueryFinished,
    RunStarted,
    SimulatorChecked,
)
from planrag.engine.verdict import answer_lines
from planrag.errors import AccessDenied
from planrag.settings import Settings, load_settings
from planrag.sources.guarded import GuardedSource
from planrag.sources.mysql import MySQLSource
from planrag.users import Access
from tests._sql_fixtures import PREFIX, MySQLWorld, admin_address, admin_execute
from tests.live._live import cli, live_env, one_line_error

pytestmark = pytest.mark.mysql

DB = f"{PREFIX}acc_ward"
MAIN = f"{PREFIX}acmain"
ALICE = f"{PREFIX}acalice"
MANAGERS = f"{PREFIX}acwm"
WRITER = f"{PREFIX}acwrite"
PASSWORDS = {MAIN: "Main-pw-7731x", ALICE: "Alice-pw-5512q", MANAGERS: "Wards-pw-9043z",
             WRITER: "Write-pw-2268k"}
"""A password per account, each distinct, so any of them showing anywhere is caught."""
HOSTS = ("localhost", "127.0.0.1")

SQL = [
    "CREATE TABLE patients (id INT PRIMARY KEY, ward CHAR(1) NOT NULL, name VARCHAR(40), "
    "risk INT NOT NULL) COMMENT = 'patients on the wards tonight'",
    "INSERT INTO patients VALUES (1, 'A', 'Ames', 2), (2, 'A', 'Bell', 2), (3, 'A', 'Cole', 2), "
    "(4, 'B', 'Dunn', 5), (5, 'B', 'Egan', 5), (6, 'C', 'Ford', 1)",
    "CREATE TABLE access_map (login VARCHAR(80), ward CHAR(1))",
    f"INSERT INTO access_map VALUES ('{MAIN}', 'A'), ('{MAIN}', 'B'), ('{MAIN}', 'C'), "
    f"('{ALICE}', 'A'), ('{ALICE}', 'B'), ('{ALICE}', 'C'), ('{MANAGERS}', 'A')",
    "CREATE SQL SECURITY DEFINER VIEW visible_patients AS SELECT p.id, p.ward, p.risk "
    "FROM patients p JOIN access_map m ON m.ward = p.ward "
    "AND m.login = SUBSTRING_INDEX(USER(), '@', 1)",
]
GRANTS = {
    MAIN: [f"SELECT, SHOW VIEW ON `{DB}`.`visible_patients`"],
    ALICE: [f"SELECT ON `{DB}`.`patients`", f"SELECT, SHOW VIEW ON `{DB}`.`visible_patients`"],
    MANAGERS: [f"SELECT, SHOW VIEW ON `{DB}`.`visible_patients`"],
    WRITER: [f"SELECT, INSERT ON `{DB}`.*"],
}

DECISION = '''
[[decisions]]
id = "extra-nurse"
title = "Extra night nurse"
goal = "maximize"
objective = "patient risk covered by the extra nurse"
candidates = "SELECT ward AS decision FROM visible_patients GROUP BY ward"
value = "SELECT ward AS decision, SUM(risk) AS value FROM visible_patients GROUP BY ward"
baseline = "SELECT 0 AS value"
'''


@dataclass(frozen=True)
class Ward:
    host: str
    port: int

    def url(self, user: str, password: str | None = None) -> str:
        secret = password if password is not None else "${" + _secret_name(user) + "}"
        return f"mysql://{user}:{secret}@{self.host}:{self.port}/{DB}"


def _secret_name(user: str) -> str:
    return f"ACC_{user.rsplit('_', 1)[-1].upper()}_PW"


@pytest.fixture(scope="module")
async def ward(mysql_world: MySQLWorld) -> AsyncIterator[Ward]:
    await admin_execute(f"DROP DATABASE IF EXISTS `{DB}`", f"CREATE DATABASE `{DB}`")
    await admin_execute(*SQL, database=DB)
    statements = []
    for user, grants in GRANTS.items():
        for host in HOSTS:
            statements += [f"DROP USER IF EXISTS '{user}'@'{host}'",
                           f"CREATE USER '{user}'@'{host}' IDENTIFIED BY '{PASSWORDS[user]}'"]
            statements += [f"GRANT {g} TO '{user}'@'{host}'" for g in grants]
    await admin_execute(*statements)
    a = admin_address()
    yield Ward(a.host, a.port)
    await admin_execute(*(f"DROP USER IF EXISTS '{u}'@'{h}'" for u in GRANTS for h in HOSTS))
    await admin_execute(f"DROP DATABASE IF EXISTS `{DB}`")


def _dataset(datasets: Path, ward: Ward, accounts: str, *, decision: bool = True,
             users: tuple[str, ...] = (MAIN, ALICE, MANAGERS)) -> Path:
    """The `ward` dataset, written by hand as a team would: the passwords in its
    secrets.env, the manifest naming them."""
    folder = datasets / "ward"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "secrets.env").write_text(
        "".join(f"{_secret_name(u)}='{PASSWORDS[u]}'\n" for u in users))
    (folder / "secrets.env").chmod(0o600)
    (folder / "dataset.toml").write_text(
        'id = "ward"\ntitle = "Night wards"\n'
        'rules = "The extra nurse goes to the ward whose patients carry the most risk."\n'
        f'\n[[databases]]\nkind = "mysql"\nurl = "{ward.url(MAIN)}"\n'
        + accounts + (DECISION if decision else ""))
    return folder


def _accounts(ward: Ward) -> str:
    return (f'\n[[databases.accounts]]\ngroup = "ward-managers"\nurl = "{ward.url(MANAGERS)}"\n'
            f'\n[[databases.accounts]]\nuser = "alice"\nurl = "{ward.url(ALICE)}"\n')


def _settings(tmp_path: Path) -> Settings:
    return load_settings(env_file=None, data_dir=tmp_path / "data",
                         datasets_dir=tmp_path / "datasets", mysql_url=None)


def _model(best: str) -> ScriptedModel:
    return ScriptedModel([
        Reply(calls=[call("make_plan", steps=[{
            "goal": "risk per ward", "source": "sql", "reads": ["visible_patients"]}])]),
        Reply(calls=[call("run_sql", step=0, query=(
            "SELECT ward, COUNT(*) AS patients, SUM(risk) AS risk FROM visible_patients "
            "GROUP BY ward ORDER BY ward"))]),
        Reply(calls=[call("final_answer", decision=best, rationale="the most risk",
                          query_ids=["q1"])]),
    ])


async def _run(settings: Settings, access: Access | None, model: ScriptedModel
               ) -> tuple[list[Event], str, str]:
    """The run's events, the database login its source used, and its first prompt."""
    from planrag.engine.session import engine_config, open_engine

    async with open_engine(settings, "ward", None, model, engine_config(settings),
                           access=access) as engine:
        events = [e async for e in engine.run("Which ward gets the extra night nurse?")]
        source = engine.sources["mysql"]
        assert isinstance(source, GuardedSource) and isinstance(source.source, MySQLSource)
        login = source.source.address.user
    return events, login, str(model.requests[0].messages[0]["content"])


def _no_password(*texts: str) -> None:
    for text in texts:
        for password in PASSWORDS.values():
            assert password not in text


async def test_each_person_reads_as_their_own_account(tmp_path: Path, ward: Ward) -> None:
    _dataset(tmp_path / "datasets", ward, _accounts(ward))
    settings = _settings(tmp_path)
    alice = Access("alice", frozenset({"ward"}))
    bob = Access("header:bob", frozenset({"ward"}), groups=frozenset({"nurses",
                                                                       "ward-managers"}))

    seen: dict[str, tuple[list[Event], str, str]] = {}
    for name, access, best in (("alice", alice, "B"), ("bob", bob, "A")):
        model = _model(best)
        seen[name] = await _run(settings, access, model)
        model.assert_all_used()

    for name, login, holder, rows, best in (
            ("alice", ALICE, "user alice", [["A", 3, 6], ["B", 2, 10], ["C", 1, 1]], "B"),
            ("bob", MANAGERS, "group ward-managers", [["A", 3, 6]], "A")):
        events, used, prompt = seen[name]
        assert used == login  # the pool this run borrowed from is the person's account's
        started = next(e for e in events if isinstance(e, RunStarted))
        assert started.read_as == f"{login} ({holder})"
        finished = next(e for e in events if isinstance(e, QueryFinished))
        assert [[str(v) if i == 0 else int(v) for i, v in enumerate(r)]
                for r in finished.preview] == rows
        check = next(e for e in events if isinstance(e, SimulatorChecked))
        assert check.best == best and check.read_as == started.read_as  # the check too
        answer = next(e for e in events if isinstance(e, AnswerProposed))
        text = "\n".join(answer_lines(answer, check))
        assert text.startswith(f"Best decision: {best}:")
        assert f", read as {login} ({holder})." in text
        _no_password(text, prompt, *(json.dumps(asdict(e), default=str) for e in events))
    # The schema each model saw is the account's: the managers' has no `patients` table.
    assert "TABLE patients(" in seen["alice"][2]
    assert "patients(" not in seen["bob"][2].replace("visible_patients(", "")
    # The what-if (the chat's form, MCP's what_if) ranks with the person's account too.
    from planrag.simulators.service import simulate_dataset

    for access, best in ((alice, "B"), (bob, "A")):
        ranked = await simulate_dataset(settings, "ward", None, {}, access=access)
        assert ranked.result.ranking[0].decision == best
    with pytest.raises(AccessDenied):
        await simulate_dataset(settings, "ward", None, {},
                               access=Access("carol", frozenset({"ward"})))


async def test_no_account_is_refused_and_nobody_signed_in_reads_as_the_main(
    tmp_path: Path, ward: Ward
) -> None:
    _dataset(tmp_path / "datasets", ward, _accounts(ward))
    settings = _settings(tmp_path)
    for carol in (Access("carol", frozenset({"ward"})),
                  Access("header:carol", frozenset({"ward"}), groups=frozenset({"nurses"}))):
        model = _model("B")
        with pytest.raises(AccessDenied) as refused:
            await _run(settings, carol, model)
        said = str(refused.value)
        assert said == (
            f"The dataset ward is read with each person's own database account, and it has "
            f"none for you ({carol.user}) or your groups; ask the person who runs PlanRAG "
            "Assistant to add an account for you or your group ([[databases.accounts]] in its "
            "dataset.toml).")
        assert model.requests == []  # refused before the model or the database was asked
    # The open chat on this machine, and the command line: the main account.
    for nobody in (Access.open(), None):
        events, login, _ = await _run(settings, nobody, _model("B"))
        assert login == MAIN
        started = next(e for e in events if isinstance(e, RunStarted))
        assert started.read_as == f"{MAIN} (the main account)"

    # Told so in the manifest, the main account serves whoever has none of their own.
    manifest = tmp_path / "datasets" / "ward" / "dataset.toml"
    manifest.write_text(manifest.read_text().replace(
        '/{DB}"\n'.replace("{DB}", DB), f'/{DB}"\nmain_for_everyone = true\n', 1))
    from planrag.runtime import rediscover

    rediscover()
    events, login, _ = await _run(settings, Access("carol", frozenset({"ward"})), _model("B"))
    assert login == MAIN
    events, login, _ = await _run(settings, Access("alice", frozenset({"ward"})), _model("B"))
    assert login == ALICE  # her own account still wins


async def test_connect_checks_every_account(tmp_path: Path, ward: Ward) -> None:
    env = live_env(tmp_path)
    datasets = tmp_path / "datasets"
    folder = _dataset(datasets, ward, _accounts(ward), decision=False)
    code, out, err = await cli("connect", "ward", "--update", env=env)
    assert code == 0, err
    where = f"MySQL/MariaDB database {DB} at {ward.host}:{ward.port}"
    for state in ("live", "live, account of group ward-managers", "live, account of user alice"):
        assert f"connecting to {where} ({state}) ..." in out
        assert f"- {where} ({state}): " in out
    assert out.count("account: reads only (SHOW GRANTS)") == 3
    assert out.count("1 tables: visible_patients\n") == 2  # the main and the managers' account
    assert "(live, account of user alice): 2 tables: visible_patients, patients" in out
    manifest = (folder / "dataset.toml").read_text()
    assert manifest.count("[[databases.accounts]]") == 2  # written back as they were
    assert 'group = "ward-managers"' in manifest and 'user = "alice"' in manifest
    _no_password(out, err, manifest)

    # An account that may write is refused, named by whose it is; nothing changes.
    writer = f'\n[[databases.accounts]]\nuser = "mallory"\nurl = "{ward.url(WRITER)}"\n'
    _dataset(datasets, ward, _accounts(ward) + writer, decision=False,
             users=(MAIN, ALICE, MANAGERS, WRITER))
    before = (folder / "dataset.toml").read_text()
    code, out, err = await cli("connect", "ward", "--update", env=env)
    assert code == 2, err
    first = err.splitlines()[0]
    assert first.startswith("refused: the account can do more than read the data: INSERT on "
                            f"`{DB}`.* ({where} (live, account of user mallory))")
    assert (folder / "dataset.toml").read_text() == before
    _no_password(out, err)

    # An account whose password is wrong: one line naming whose it is.
    wrong = (f'\n[[databases.accounts]]\ngroup = "night-shift"\n'
             f'url = "mysql://{MANAGERS}:${{NIGHT_PW}}@{ward.host}:{ward.port}/{DB}"\n')
    _dataset(datasets, ward, _accounts(ward) + wrong, decision=False)
    code, _, err = await cli("connect", "ward", "--update", env={**env, "NIGHT_PW": "not-it-x9"})
    line = one_line_error(code, err)
    assert line.startswith("error: the account of group night-shift: MySQL refused the login "
                           f"{MANAGERS}@"), line
    _no_password(err)
    assert "not-it-x9" not in err

    # One whose password is set nowhere: one line naming whose it is.
    code, _, err = await cli("connect", "ward", "--update", env=env)
    line = one_line_error(code, err)
    assert "(mysql, account of group night-shift): ${NIGHT_PW} is not set" in line, line
