"""The manifest's `required` on a PostgreSQL database read in two schemas, generated here:
`schema.table.column` names a table outside the first schema, its table comes first and in
full in the first prompt's schema text, and a wrong entry is said for that entry while the
dataset stays usable (`planrag datasets`, `planrag schema --question`)."""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator
from pathlib import Path

from tests._pg_fixtures import PostgresWorld, scratch_database
from tests.live._live import cli, live_env


def _fleet(reader: str) -> list[str]:
    """A fleet company: 60 terse tables in `public`, 25 and the orders in `sales`, with a
    key across the schemas; `reader` may read both schemas."""
    out = ["CREATE SCHEMA sales"]
    for n in range(60):
        out.append(f"CREATE TABLE public.fl_{n:02} (id integer PRIMARY KEY, cd text, "
                   f"amt numeric(10,2), dt date, ref_no integer, st text)")
    out.append("CREATE TABLE public.depot (id integer PRIMARY KEY, nm text, city text)")
    for n in range(25):
        out.append(f"CREATE TABLE sales.sl_{n:02} (id integer PRIMARY KEY, cd text, "
                   f"amt numeric(10,2), dt date)")
    out += [
        "CREATE TABLE sales.orders (id integer PRIMARY KEY, depot_id integer REFERENCES "
        "public.depot(id), qty integer NOT NULL, placed date)",
        f'GRANT USAGE ON SCHEMA public, sales TO "{reader}"',
        f'GRANT SELECT ON ALL TABLES IN SCHEMA public, sales TO "{reader}"',
    ]
    return out


@contextlib.asynccontextmanager
async def _connected_fleet(
    tag: str, home: Path, pg_world: PostgresWorld
) -> AsyncIterator[dict[str, str]]:
    """The fleet database made and connected as dataset `fleet` in `home`: its CLI env."""
    async with scratch_database(tag, _fleet(pg_world.roles["reader"])) as database:
        env = live_env(home)
        url = pg_world.url("reader").rsplit("/", 1)[0] + f"/{database}"
        code, _, err = await cli("connect", "fleet", "--postgres", url,
                                 "--postgres-schemas", "public,sales", env=env)
        assert code == 0, err
        yield env


async def test_required_names_tables_of_another_schema_and_wrong_entries_alone(
    tmp_path: Path, pg_world: PostgresWorld
) -> None:
    async with _connected_fleet("req", tmp_path, pg_world) as env:
        question = ["schema", "--dataset", "fleet", "--question",
                    "Which fl_07 code came last?"]
        code, plain, err = await cli(*question, env=env)
        assert code == 0, err
        assert "TABLE sales.orders(" not in plain  # the question alone does not reach it

        manifest = tmp_path / "datasets" / "fleet" / "dataset.toml"
        manifest.write_text('required = ["sales.orders.qty", "depot", "sales.ordrs.qty", '
                            '"public.depot.nm", "depot.name"]\n' + manifest.read_text())
        code, out, err = await cli("datasets", env=env)
        assert code == 0, err
        assert "CANNOT BE USED" not in out
        lines = [line.strip() for line in out.splitlines()]
        wrong = [line for line in lines if line.startswith("- required: ")]
        assert wrong == [
            "- required: `required` names 'sales.ordrs.qty', which the database does not "
            "have: no table sales.ordrs; closest: sales.orders, sales.sl_24, sales.sl_23, "
            "sales.sl_22; it is left out until dataset.toml says it right",
            "- required: `required` names 'public.depot.nm', which the database does not "
            "have: the first schema's tables are named bare: write 'depot.nm'; it is left "
            "out until dataset.toml says it right",
            "- required: `required` names 'depot.name', which the database does not have: "
            "depot has no column name; closest: nm; it is left out until dataset.toml says "
            "it right",
        ]
        code, out, err = await cli("datasets", "--json", env=env)
        row = next(r for r in json.loads(out) if r["id"] == "fleet")
        assert "error" not in row and len(row["required_problems"]) == 3

        code, out, err = await cli("connect", "fleet", "--update", env=env)
        assert code == 0, err
        assert [line for line in out.splitlines() if line.startswith("- required: ")] == wrong
        assert "required = [" in manifest.read_text()  # written again with its entries

        code, shown, err = await cli(*question, env=env)
        assert code == 0, err
        first = [line for line in shown.splitlines() if line.startswith("TABLE ")][:2]
        assert first[0].startswith("TABLE sales.orders(id int KEY, depot_id int -> depot.id, "
                                   "qty int")
        assert first[1].startswith("TABLE depot(")
        assert "TABLE fl_07(" in shown  # what the question names still comes in full
        assert len(shown.rstrip("\n")) <= 6000
        assert "  sales.orders: named in the dataset's `required`" in err
        assert "  depot: named in the dataset's `required`" in err
        assert "'sales.ordrs.qty', which the database does not have" in err


_DECISION = '''
[[decisions]]
id = "busiest-depot"
title = "Depot for the extra order picker"
goal = "maximize"
objective = "units ordered through the depot"
candidates = "SELECT d.id AS decision, d.nm AS label FROM public.depot d"
value = """SELECT d.id AS decision, COALESCE(SUM(o.qty), 0) AS value
FROM public.depot d LEFT JOIN sales.orders o ON o.depot_id = d.id GROUP BY d.id"""
baseline = "SELECT 0 AS value"
'''


async def test_a_written_decision_qualifying_the_first_schema_brings_its_tables(
    tmp_path: Path, pg_world: PostgresWorld
) -> None:
    """A decision's SQL may name `public.depot`, a table the schema names bare: a question
    close to the decision still gets every table the decision reads, first and in full."""
    async with _connected_fleet("dec", tmp_path, pg_world) as env:
        manifest = tmp_path / "datasets" / "fleet" / "dataset.toml"
        manifest.write_text(manifest.read_text() + _DECISION)
        code, shown, err = await cli(
            "schema", "--dataset", "fleet", "--question",
            "Which depot should get the extra order picker?", env=env)
        assert code == 0, err
        full = [line.split("(", 1)[0] for line in shown.splitlines()
                if line.startswith("TABLE ")]
        assert full[:2] == ["TABLE depot", "TABLE sales.orders"], full
        reason = ("read by the written decision \u201cDepot for the extra order picker\u201d, "
                  "which the question is close to")
        assert f"  depot: {reason}" in err
        assert f"  sales.orders: {reason}" in err
