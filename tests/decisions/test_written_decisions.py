"""Decision models written in a dataset's manifest, ranked by real databases: MariaDB read
with a SELECT-only account the test creates, and SQLite; each ranking equals the one the
test computes itself from the same rows."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from planrag.engine import Reply, ScriptedModel, call
from planrag.engine.scripted_server import ScriptedServer
from tests._sql_fixtures import PREFIX, TEST_PASSWORD, MySQLWorld, admin_address, admin_execute
from tests.decisions._kiosks import (
    CREATE,
    expected,
    insert_rows,
    kiosks,
    manifest,
    ranking_of,
)
from tests.live._live import cli, events_of, live_env, one_line_error

ROWS = kiosks()
DB = f"{PREFIX}kiosks"
READER = f"{PREFIX}kread"


@pytest.fixture(scope="module")
async def kiosk_url(mysql_world: MySQLWorld) -> AsyncIterator[str]:
    """The kiosks in a MariaDB database of their own, read by a SELECT-only account."""
    await admin_execute(f"DROP DATABASE IF EXISTS {DB}", f"CREATE DATABASE {DB}")
    await admin_execute(CREATE, database=DB)
    for row in insert_rows(ROWS):
        await admin_execute("INSERT INTO kiosk VALUES (%s, %s, %s, %s, %s, %s, %s)",
                            database=DB, args=row)
    for host in ("localhost", "127.0.0.1"):
        await admin_execute(f"DROP USER IF EXISTS '{READER}'@'{host}'",
                            f"CREATE USER '{READER}'@'{host}' IDENTIFIED BY '{TEST_PASSWORD}'",
                            f"GRANT SELECT ON {DB}.* TO '{READER}'@'{host}'")
    a = admin_address()
    yield f"mysql://{READER}:${{KIOSK_PW}}@{a.host}:{a.port}/{DB}"
    for host in ("localhost", "127.0.0.1"):
        await admin_execute(f"DROP USER IF EXISTS '{READER}'@'{host}'")
    await admin_execute(f"DROP DATABASE IF EXISTS {DB}")


def _sqlite_file(folder: Path) -> Path:
    path = folder / "kiosks.sqlite"
    conn = sqlite3.connect(path)
    conn.execute(CREATE)
    conn.executemany("INSERT INTO kiosk VALUES (?, ?, ?, ?, ?, ?, ?)", insert_rows(ROWS))
    conn.commit()
    conn.close()
    return path


def _dataset(tmp_path: Path, dataset_id: str, database: str, extra: str = "") -> dict[str, str]:
    env = live_env(tmp_path, KIOSK_PW=TEST_PASSWORD)
    folder = tmp_path / "datasets" / dataset_id
    folder.mkdir(parents=True)
    (folder / "dataset.toml").write_text(manifest(dataset_id, database, extra=extra))
    return env


def _sqlite_env(tmp_path: Path, extra: str = "") -> dict[str, str]:
    path = _sqlite_file(tmp_path)
    return _dataset(tmp_path, "kiosks", f'kind = "sqlite"\npath = "{path}"', extra)


def _mysql_env(tmp_path: Path, url: str, extra: str = "") -> dict[str, str]:
    return _dataset(tmp_path, "kiosks", f'kind = "mysql"\nurl = "{url}"', extra)


async def _simulate(env: dict[str, str], *params: str, code: int = 0) -> dict[str, object]:
    args = [a for p in params for a in ("--param", p)]
    got, out, err = await cli("simulate", "--dataset", "kiosks", "--decision", "espresso",
                              *args, "--json", env=env)
    assert got == code, err
    return json.loads(out)  # type: ignore[no-any-return]


def _same(result: dict[str, object], uplift: float, machine: float, zone: str = "ALL") -> None:
    ranking, baseline = expected(ROWS, uplift, machine, zone)
    got = ranking_of(result)
    assert [d for d, _ in got] == [d for d, _ in ranking]
    for (_, value), (_, wanted) in zip(got, ranking, strict=True):
        assert value == pytest.approx(wanted, rel=1e-9)
    assert result["baseline"] == pytest.approx(baseline, rel=1e-9)


@pytest.mark.mysql
async def test_mariadb_ranks_what_the_test_computes(tmp_path: Path, kiosk_url: str) -> None:
    env = _mysql_env(tmp_path, kiosk_url)
    first = await _simulate(env)
    _same(first, 1.5, 120.0)
    assert first["unit"] == "EUR/week" and first["data_as_of"]
    assert first["labels"]["K005"] == "O'Hare Express"
    # Another uplift: another ranking, which the parameters decide.
    _same(await _simulate(env, "uplift=6", "machine_eur=40"), 6.0, 40.0)
    _same(await _simulate(env, "zone=S"), 1.5, 120.0, "S")


async def test_sqlite_ranks_what_the_test_computes(tmp_path: Path) -> None:
    env = _sqlite_env(tmp_path)
    _same(await _simulate(env), 1.5, 120.0)
    _same(await _simulate(env, "uplift=6", "machine_eur=40"), 6.0, 40.0)


@pytest.mark.mysql
@pytest.mark.parametrize("where", ["mysql", "sqlite"])
async def test_a_quote_in_a_parameter_cannot_change_the_query(
    tmp_path: Path, kiosk_url: str, where: str
) -> None:
    env = _mysql_env(tmp_path, kiosk_url) if where == "mysql" else _sqlite_env(tmp_path)
    hostile = await _simulate(env, "zone=N' OR '1'='1", code=1)  # ranks nothing: fails
    assert hostile["ranking"] == [] and hostile["best"] is None  # a zone of that name: none
    code, _, err = await cli("simulate", "--dataset", "kiosks", "--decision", "espresso",
                               "--param", "uplift=500", env=env)
    assert "outside 0.0..50.0" in one_line_error(code, err)


BROKEN = '''
[[decisions]]
id = "writes"
title = "Writes"
goal = "maximize"
candidates = "SELECT k_cd AS decision FROM kiosk"
value = "UPDATE kiosk SET rent_eur = 0"
baseline = "SELECT 0 AS value"

[[decisions]]
id = "elsewhere"
title = "Reads another database"
goal = "maximize"
candidates = "SELECT k_cd AS decision FROM kiosk"
value = "SELECT k_cd AS decision, 1 AS value FROM sales_archive.kiosk"
baseline = "SELECT 0 AS value"

[[decisions]]
id = "no-column"
title = "Names a missing column"
goal = "maximize"
candidates = "SELECT k_cd AS decision FROM kiosk"
value = "SELECT k_cd AS decision, seats AS value FROM kiosk"
baseline = "SELECT 0 AS value"

[[decisions]]
id = "undeclared"
title = "Uses a parameter nobody declared"
goal = "maximize"
candidates = "SELECT k_cd AS decision FROM kiosk WHERE zone_cd = :area"
value = "SELECT k_cd AS decision, 1 AS value FROM kiosk"
baseline = "SELECT 0 AS value"

[[decisions]]
id = "gaps"
title = "Leaves a kiosk out"
goal = "minimize"
candidates = "SELECT k_cd AS decision, k_nm AS label FROM kiosk"
value = "SELECT k_cd AS decision, rent_eur AS value FROM kiosk WHERE k_cd <> 'K003'"
baseline = "SELECT 0 AS value"
'''


@pytest.mark.mysql
async def test_broken_decisions_are_refused_at_load_with_their_reason(
    tmp_path: Path, kiosk_url: str
) -> None:
    env = _mysql_env(tmp_path, kiosk_url, BROKEN)
    code, out, err = await cli("datasets", "--json", env=env)
    assert code == 0, err
    listed = next(d for d in json.loads(out) if d["id"] == "kiosks")
    reasons = {d["id"]: d.get("error", "") for d in listed["decisions"]}
    assert reasons["espresso"] == "" and reasons["gaps"] == ""
    assert "refused (write)" in reasons["writes"]
    assert "refused (other-database)" in reasons["elsewhere"]
    assert "seats" in reasons["no-column"] and "`value` query" in reasons["no-column"]
    assert "uses :area, which is not declared" in reasons["undeclared"]

    code, out, err = await cli("decision", "check", "kiosks", env=env)
    assert code == 1 and "Traceback" not in err
    assert "espresso: ok (dry run:" in out and "writes: BROKEN: the `value` query" in out
    # The rest of the dataset keeps working; a kiosk left out is said, not dropped.
    _same(await _simulate(env), 1.5, 120.0)
    code, out, err = await cli("simulate", "--dataset", "kiosks", "--decision", "gaps",
                               "--json", env=env)
    assert code == 0, err
    result = json.loads(out)
    assert len(result["ranking"]) == len(ROWS) - 1
    assert result["notes"] == ["1 candidate of Leaves a kiosk out has no row in its `value` "
                               "query and is not ranked: K003"]
    code, _, err = await cli("simulate", "--dataset", "kiosks", "--decision", "writes", env=env)
    assert "query refused (write)" in one_line_error(code, err)


def _asking(decision: str) -> ScriptedModel:
    return ScriptedModel([
        Reply(calls=[call("make_plan", steps=[{"goal": "profit per kiosk", "source": "sql"}])]),
        Reply(calls=[call("run_sql", step=0, query="SELECT k_cd, k_nm, foot_cnt FROM kiosk "
                          "ORDER BY foot_cnt DESC LIMIT 5")]),
        # Twice: an answer in none of the results is told to the model once (monitors).
        *[Reply(calls=[call("final_answer", decision=decision, rationale="the busiest kiosk",
                            query_ids=["q1"], parameters={"uplift": 2.0})])] * 2,
    ])


@pytest.mark.mysql
async def test_the_answer_is_checked_on_the_live_data(tmp_path: Path, kiosk_url: str) -> None:
    env = _mysql_env(tmp_path, kiosk_url)
    ranking, _ = expected(ROWS, 2.0, 120.0)
    second_best = next(k for k in ROWS if k.code == ranking[1][0])
    model = _asking(second_best.name.upper())  # named by its label, in another case
    async with ScriptedServer(model) as server:
        model_env = {**env, "PLANRAG_MODEL": "m", "PLANRAG_MODEL_BASE_URL": server.base_url}
        code, out, err = await cli("ask", "Which kiosk should get the espresso machine?",
                                   "--dataset", "kiosks", "--json", env=model_env)
        assert code == 0, err
        check = next(e for e in events_of(out) if e["kind"] == "simulator_checked")
        assert check["decision"] == second_best.code and check["rank"] == 2
        assert check["best"] == ranking[0][0] and check["candidates"] == len(ROWS)
        assert check["decision_model"] == "Espresso machine" and check["data_as_of"]
    async with ScriptedServer(_asking(second_best.code)) as server:
        model_env = {**env, "PLANRAG_MODEL": "m", "PLANRAG_MODEL_BASE_URL": server.base_url}
        code, out, err = await cli("ask", "Which kiosk should get the espresso machine?",
                                   "--dataset", "kiosks", "--no", env=model_env)
    assert code == 0, err
    text = " ".join(out.replace("│", " ").split())  # the answer's box, unwrapped
    assert "Best decision: " + next(k.name for k in ROWS if k.code == ranking[0][0]) in text
    assert "Checked with the decision model “Espresso machine” written in the dataset, on " \
           "the live data as of" in text


SLOW = '''
[[decisions]]
id = "slow"
title = "Slow"
goal = "maximize"
candidates = "SELECT k_cd AS decision FROM kiosk"
value = """SELECT a.k_cd AS decision, COUNT(*) AS value FROM kiosk a
           JOIN kiosk b ON b.foot_cnt < a.foot_cnt + 99999
           JOIN kiosk c ON c.foot_cnt < b.foot_cnt + 99999
           JOIN kiosk d ON d.foot_cnt < c.foot_cnt + 99999
           JOIN kiosk e ON e.foot_cnt < d.foot_cnt + 99999
           JOIN kiosk f ON f.foot_cnt < e.foot_cnt + 99999 GROUP BY a.k_cd"""
baseline = "SELECT 0 AS value"
'''


@pytest.mark.mysql
async def test_a_query_past_the_timeout_leaves_the_answer_not_checked(
    tmp_path: Path, kiosk_url: str
) -> None:
    env = {**_mysql_env(tmp_path, kiosk_url, SLOW), "PLANRAG_QUERY_TIMEOUT": "1",
           "PLANRAG_MAX_SCAN_ROWS": "0"}
    (tmp_path / "datasets/kiosks/dataset.toml").write_text(
        manifest("kiosks", f'kind = "mysql"\nurl = "{kiosk_url}"').split("[[decisions]]")[0]
        + SLOW)
    model = _asking("K001")
    async with ScriptedServer(model) as server:
        code, out, err = await cli(
            "ask", "Which kiosk should we pick?", "--dataset", "kiosks", env={
                **env, "PLANRAG_MODEL": "m", "PLANRAG_MODEL_BASE_URL": server.base_url})
    assert code == 0, out + err
    text = " ".join(out.replace("│", " ").split())
    assert "The assistant's decision: K001" in text
    assert "Not checked: the check failed: decision slow: the " \
           "`value` query: query exceeded the 1 s statement timeout" in text, text


ZONES = '''
[[decisions]]
id = "zone-promo"
title = "Zone promotion"
goal = "maximize"
objective = "weekly footfall of the promoted zone"
candidates = "SELECT DISTINCT zone_cd AS decision FROM kiosk"
value = "SELECT zone_cd AS decision, SUM(foot_cnt) AS value FROM kiosk GROUP BY zone_cd"
baseline = "SELECT 0 AS value"
'''


def _answering(decision: str, **extra: object) -> ScriptedModel:
    return ScriptedModel([
        Reply(calls=[call("make_plan", steps=[{"goal": "look", "source": "sql"}])]),
        Reply(calls=[call("final_answer", decision=decision, rationale="it fits",
                          query_ids=[], **extra)]),
    ])


@pytest.mark.parametrize(("decision", "extra", "model"), [
    ("S", {}, "Zone promotion"),           # only the zones' candidates name it
    ("K004", {}, "Espresso machine"),      # only the kiosks' do
    ("K004", {"check": "zone-promo"}, "Zone promotion"),  # the answer says which
])
async def test_with_several_decisions_the_one_that_fits_checks_it(
    tmp_path: Path, decision: str, extra: dict[str, object], model: str
) -> None:
    env = _sqlite_env(tmp_path, ZONES)
    scripted = _answering(decision, **extra)
    async with ScriptedServer(scripted) as server:
        code, out, err = await cli("ask", "Which one should we pick?", "--dataset", "kiosks",
                                   "--json", "--no",
                                   env={**env, "PLANRAG_MODEL": "m",
                                        "PLANRAG_MODEL_BASE_URL": server.base_url})
    assert code == 0, err
    tools = {t["function"]["name"]: t for t in scripted.requests[0].tools}
    check_arg = tools["final_answer"]["function"]["parameters"]["properties"]["check"]
    assert "zone-promo" in json.dumps(check_arg)
    events = events_of(out)
    checked = [e for e in events if e["kind"] == "simulator_checked"]
    if extra:  # K004 is no zone: named as the check, it is "not one of the candidates"
        assert checked[0]["decision_model"] == model and checked[0]["rank"] is None
    else:
        assert checked[0]["decision_model"] == model and checked[0]["rank"] is not None


async def test_a_decision_on_data_not_loaded_yet_is_checked_on_a_fresh_copy(
    tmp_path: Path,
) -> None:
    env = live_env(tmp_path)  # a fresh data folder: the copy is loaded when first opened
    code, out, err = await cli("datasets", "--json", env=env)
    assert code == 0, err
    wards = next(d for d in json.loads(out) if d["id"] == "wards")
    (decision,) = wards["decisions"]
    assert "error" not in decision and "untried" not in decision, decision


async def test_a_decision_on_data_that_cannot_be_loaded_is_untried_not_broken(
    tmp_path: Path,
) -> None:
    env = live_env(tmp_path)
    data = Path(env["PLANRAG_DATA_DIR"])
    data.mkdir(parents=True)
    (data / "sqlite").write_text("")  # a file where the copies' folder would be
    code, out, err = await cli("datasets", "--json", env=env)
    assert code == 0, err
    wards = next(d for d in json.loads(out) if d["id"] == "wards")
    (decision,) = wards["decisions"]
    assert "error" not in decision and "planrag load" in decision["untried"]
    code, out, err = await cli("datasets", env=env)
    assert "decision night-nurses: Extra night nurses (not tried:" in " ".join(out.split())
