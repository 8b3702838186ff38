"""The demo's simulator on a live MariaDB copy of the demo data: the check reads the data
when the answer is checked, says when, and follows the data when it changes."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from planrag.dumps import parse_sql
from planrag.engine import Reply, ScriptedModel, call
from planrag.engine.scripted_server import ScriptedServer
from planrag.loading import mysql_type
from tests._sql_fixtures import (
    FIXTURES,
    PREFIX,
    TEST_PASSWORD,
    MySQLWorld,
    admin_address,
    admin_execute,
)
from tests.live._live import cli, events_of, live_env

pytestmark = pytest.mark.mysql

DB = f"{PREFIX}live_demo"
READER = f"{PREFIX}ldemo"
SIMULATOR = FIXTURES / "demo" / "simulator.py"


def _q(name: str) -> str:
    return "`" + name.replace("`", "``") + "`"


@pytest.fixture(scope="module")
async def demo_url(mysql_world: MySQLWorld) -> AsyncIterator[str]:
    """The demo data in a database of its own, made with CREATE TABLE and INSERT."""
    dump = parse_sql(FIXTURES / "demo" / "dbs" / "retail.sql")
    await admin_execute(f"DROP DATABASE IF EXISTS {DB}", f"CREATE DATABASE {DB}")
    for table in dump.tables.values():
        cols = [f"{_q(c.name)} {mysql_type(c)}" for c in table.columns]
        cols.append(f"PRIMARY KEY ({', '.join(_q(k) for k in table.primary_key)})")
        await admin_execute(f"CREATE TABLE {_q(table.name)} ({', '.join(cols)})", database=DB)
        marks = ", ".join(["%s"] * len(table.columns))
        for row in table.rows:
            await admin_execute(f"INSERT INTO {_q(table.name)} VALUES ({marks})",
                                database=DB, args=tuple(row))
    for host in ("localhost", "127.0.0.1"):
        await admin_execute(f"DROP USER IF EXISTS '{READER}'@'{host}'",
                            f"CREATE USER '{READER}'@'{host}' IDENTIFIED BY '{TEST_PASSWORD}'",
                            f"GRANT SELECT ON {DB}.* TO '{READER}'@'{host}'")
    a = admin_address()
    yield f"mysql://{READER}:{TEST_PASSWORD}@{a.host}:{a.port}/{DB}"
    for host in ("localhost", "127.0.0.1"):
        await admin_execute(f"DROP USER IF EXISTS '{READER}'@'{host}'")
    await admin_execute(f"DROP DATABASE IF EXISTS {DB}")


def _model() -> ScriptedModel:
    return ScriptedModel([
        Reply(calls=[call("make_plan", steps=[{"goal": "capacity against demand",
                                               "source": "sql"}])]),
        Reply(calls=[call("run_sql", step=0, query="SELECT id, name, capacity_kg_per_week "
                          "FROM warehouse ORDER BY id")]),
        Reply(calls=[call("final_answer", decision=4, rationale="the cheapest handling",
                          query_ids=["q1"], parameters={"extra_kg": 200})]),
    ])


async def _ask(env: dict[str, str]) -> dict[str, object]:
    model = _model()
    async with ScriptedServer(model) as server:
        code, out, err = await cli(
            "ask", "Which warehouse should get 200 kg more weekly capacity?", "--dataset",
            "demolive", "--json",
            env={**env, "PLANRAG_MODEL": "m", "PLANRAG_MODEL_BASE_URL": server.base_url})
    assert code == 0, err
    model.assert_all_used()
    return next(e for e in events_of(out) if e["kind"] == "simulator_checked")


async def test_the_check_reads_the_live_data(tmp_path: Path, demo_url: str) -> None:
    env = live_env(tmp_path)
    rules = tmp_path / "rules.md"
    rules.write_text((FIXTURES / "demo" / "rules.md").read_text())
    code, out, err = await cli("connect", "demolive", "--mysql", demo_url, "--rules",
                               str(rules), "--simulator", f"{SIMULATOR}:WarehouseExpansion",
                               env=env)
    assert code == 0, err
    assert "simulator: the warehouse-expansion simulator reads its tables from" in out

    first = await _ask(env)
    assert first["agrees"] and first["best"] == 4 and first["rank"] == 1
    assert first["data_as_of"] and str(first["data_as_of"]).endswith("UTC")
    # The same decision on the shipped dump: the live copy holds the same data.
    code, out, err = await cli("simulate", "--dataset", "demo-retail", "--param",
                               "extra_kg=200", "--json", env=env)
    assert code == 0 and '"best": {"decision": 4,' in out, err

    # The data changes: East Point gets room to spare and North Hub runs short; the check
    # follows the data as it is now.
    await admin_execute("UPDATE warehouse SET capacity_kg_per_week = 10000 WHERE id = 4",
                        "UPDATE warehouse SET capacity_kg_per_week = 100 WHERE id = 1",
                        database=DB)
    second = await _ask(env)
    assert not second["agrees"] and second["best"] != 4
    assert str(second["data_as_of"]) >= str(first["data_as_of"])
    code, out, err = await cli("simulate", "--dataset", "demolive", "--param", "extra_kg=200",
                               "--json", env=env)
    assert code == 0, err
    assert '"data_as_of":' in out and f'"best": {{"decision": {second["best"]},' in out
