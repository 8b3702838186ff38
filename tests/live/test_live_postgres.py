"""A team's own PostgreSQL database, live, through everything a person uses: `planrag query`
and `planrag ask` read it behind PostgreSQL's guard (the kind opens its source guarded), in
the schemas the manifest names, and what reaches past them is refused by the guard, not by a
permission the database happens to lack."""

from __future__ import annotations

import json
from contextlib import AsyncExitStack
from pathlib import Path

from planrag.engine.monitors import value_not_found
from planrag.locations import Location
from planrag.locations.kinds.postgres import KIND
from planrag.settings import load_settings
from planrag.table import Limits
from tests._pg_fixtures import SCHEMAS, PostgresWorld
from tests.live._live import ask_with_one_query, cli, live_env, one_line_error


async def _connect(tmp_path: Path, world: PostgresWorld) -> dict[str, str]:
    env = live_env(tmp_path)
    rules = tmp_path / "rules.md"
    rules.write_text("Sales count in units; a store's best seller is its highest qty.\n")
    code, out, err = await cli("connect", "shop", "--postgres", world.url("reader"),
                               "--postgres-schemas", "public,sales", "--rules", str(rules),
                               env=env)
    assert code == 0, err
    # Read through the guard, the value index holds the shop's labels.
    assert "value index: 0 values" not in out
    return env


async def test_queries_stay_in_the_manifest_schemas(
    tmp_path: Path, pg_world: PostgresWorld
) -> None:
    env = await _connect(tmp_path, pg_world)
    code, out, err = await cli("query", "--dataset", "shop", "--json",
                               "SELECT name FROM stores ORDER BY id", env=env)
    assert code == 0, err
    assert json.loads(out)["rows"] == [["Harbour"], ["Dom"], ["Isar"]]
    code, out, err = await cli("query", "--dataset", "shop", "--json",
                               'SELECT sum(qty) AS units FROM sales."Order Lines"', env=env)
    assert code == 0, err
    assert json.loads(out)["rows"] == [[24]]
    # The reader may read hr.salaries and call pg_read_file's neighbours as far as the
    # database is concerned (hr is granted to it): the guard is what keeps them out.
    for query, reason in (
        ("SELECT * FROM hr.salaries", "hr"),
        ("SELECT s.* FROM stores s JOIN hr.salaries h ON h.person = s.name", "hr"),
        ("SELECT pg_read_file('/etc/passwd')", "pg_read_file"),
    ):
        code, _, err = await cli("query", "--dataset", "shop", query, env=env)
        line = one_line_error(code, err, expected_code=2)
        assert line.startswith("refused: ") and reason in line, line
        assert "permission denied" not in line and "may not read" not in line


async def test_ask_plans_queries_and_answers_on_postgres(
    tmp_path: Path, pg_world: PostgresWorld
) -> None:
    env = await _connect(tmp_path, pg_world)
    events, model = await ask_with_one_query(env, (
        'SELECT s.name, sum(l.qty) AS units FROM sales."Order Lines" l '
        "JOIN sales.orders o ON o.id = l.order_id JOIN stores s ON s.id = o.store_id "
        "GROUP BY s.name ORDER BY units DESC"), "Dom", "9 + 4 + 1 = 14 units")
    assert events[0]["kind"] == "run_started" and events[0]["target"] == "postgres"
    finished = next(e for e in events if e["kind"] == "query_finished")
    assert [str(v) for v in finished["preview"][0]] == ["Dom", "14"]
    assert events[-1]["kind"] == "run_finished" and events[-1]["decision"] == "Dom"
    prompt = model.requests[0].messages[0]["content"]
    assert f"-- postgres database {pg_world.database}" in prompt
    assert "TABLE sales.orders(" in prompt and "a store's best seller" in prompt
    model.assert_all_used()


async def test_a_filter_value_not_in_the_data_is_named_with_the_closest(
    pg_world: PostgresWorld,
) -> None:
    """The monitor's own look-ups (a sample, then a search) pass the guard on PostgreSQL."""
    location = Location(kind="postgres", dataset="shop", live=True,
                        database=pg_world.database, where=f"{pg_world.host}:{pg_world.port}",
                        url=pg_world.url("reader"), schemas=SCHEMAS)
    query = "SELECT o.id FROM sales.orders o WHERE o.channel = 'Web shop'"
    async with AsyncExitStack() as stack:
        source = await KIND.open(load_settings(env_file=None, mysql_url=None), location, stack)
        assert (await source.execute(query)).rows == ()
        found = await value_not_found(source, query, "q1", 0, Limits())
    assert [f.monitor for f in found] == ["value_not_found"]
    assert "'Web shop' is not in sales.orders.channel" in found[0].finding
    assert "'shop'" in found[0].finding and "'web'" in found[0].finding
