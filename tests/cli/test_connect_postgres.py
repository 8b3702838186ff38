"""`planrag connect ID --postgres URL` as a person runs it, on the machine's PostgreSQL: an
account that can do more than read is refused (exit 2) with the SQL that makes a SELECT-only
role, and nothing is written; a SELECT-only role connects, and the dataset is listed with its
schemas. None of this needs PostgreSQL's guard: connecting reads the catalogues (the
product's own queries), and the value index, which the guard judges, may be empty."""

from __future__ import annotations

import stat
import tomllib
from pathlib import Path

from tests._pg_fixtures import PASSWORD, PostgresWorld
from tests.live._live import cli, live_env, nothing_written, one_line_error


async def test_the_superuser_is_refused_with_the_grant_advice(
    tmp_path: Path, pg_world: PostgresWorld
) -> None:
    code, _, err = await cli("connect", "shop", "--postgres", pg_world.url(),
                             "--postgres-schemas", "public,sales", env=live_env(tmp_path))
    assert code == 2, err
    assert "Traceback" not in err
    first = err.splitlines()[0]
    assert first.startswith("refused: the account can do more than read the data: superuser")
    assert f"PostgreSQL database {pg_world.database} (schemas public, sales)" in first
    assert "CREATE ROLE planrag_reader LOGIN PASSWORD '<a new password>';" in err
    assert f"GRANT CONNECT ON DATABASE {pg_world.database} TO planrag_reader;" in err
    assert "GRANT USAGE ON SCHEMA public, sales TO planrag_reader;" in err
    assert "GRANT SELECT ON ALL TABLES IN SCHEMA public, sales TO planrag_reader;" in err
    assert "ALTER DEFAULT PRIVILEGES FOR ROLE" in err
    nothing_written(tmp_path / "datasets", "shop")


async def test_a_table_owner_is_refused(tmp_path: Path, pg_world: PostgresWorld) -> None:
    code, _, err = await cli("connect", "shop", "--postgres", pg_world.url("owner"),
                             env=live_env(tmp_path))
    assert code == 2, err
    assert "owns table public.products" in err.splitlines()[0]
    assert PASSWORD not in err
    nothing_written(tmp_path / "datasets", "shop")


async def test_a_select_only_role_connects_and_is_listed(
    tmp_path: Path, pg_world: PostgresWorld
) -> None:
    env = live_env(tmp_path)
    code, out, err = await cli("connect", "shop", "--postgres", pg_world.url("reader"),
                               "--postgres-schemas", "public, sales", "--title", "Shop (live)",
                               env=env)
    assert code == 0, err
    assert "connected dataset shop" in out
    assert (f"- PostgreSQL database {pg_world.database} (schemas public, sales) at "
            f"{pg_world.host}:{pg_world.port} (live): 7 tables: events, products, readings, "
            'stores, sales."Order Lines", sales.orders, sales.store_totals') in out
    assert "account: reads only (asked PostgreSQL's catalogs" in out
    assert f"note: it may also use schema hr of {pg_world.database}" in out
    folder = tmp_path / "datasets" / "shop"
    manifest = (folder / "dataset.toml").read_text()
    assert PASSWORD not in manifest and PASSWORD not in out
    entry = tomllib.loads(manifest)["databases"][0]
    assert entry["kind"] == "postgres" and entry["schemas"] == ["public", "sales"]
    assert "${PLANRAG_SHOP_POSTGRES_PASSWORD}" in entry["url"]
    secrets = folder / "secrets.env"
    assert stat.S_IMODE(secrets.stat().st_mode) == 0o600 and PASSWORD in secrets.read_text()

    code, out, err = await cli("datasets", env=env)
    assert code == 0, err
    assert "Shop (live)" in out and "live, read-only account" in out
    assert (f"- postgres: PostgreSQL database {pg_world.database} (schemas public, sales) at "
            f"{pg_world.host}:{pg_world.port} (live)") in out

    code, schema, err = await cli("schema", "--dataset", "shop", env=env)
    assert code == 0, err
    assert f"-- postgres database {pg_world.database}" in schema
    assert "TABLE sales.orders(id integer KEY, store_id integer -> stores.id" in schema
    assert "-- Our retail stores" in schema

    # --update keeps the schemas when a new URL names none.
    code, out, err = await cli("connect", "shop", "--update", "--postgres",
                               pg_world.url("reader"), env=env)
    assert code == 0, err
    updated = tomllib.loads((folder / "dataset.toml").read_text())["databases"][0]
    assert updated["schemas"] == ["public", "sales"]


async def test_wrong_input_is_one_line_without_the_password(
    tmp_path: Path, pg_world: PostgresWorld
) -> None:
    env = live_env(tmp_path)
    missing = pg_world.url("reader").rsplit("/", 1)[0] + "/planrag_no_such_db"
    for args, said in (
        (("--postgres", missing), "database planrag_no_such_db does not exist on PostgreSQL"),
        (("--postgres", pg_world.url("reader"), "--postgres-schemas", "public,nowhere"),
         "schema nowhere does not exist"),
        (("--postgres-schemas", "public"), "--postgres-schemas goes with --postgres URL"),
        (("--postgres", pg_world.url("reader"), "--postgres-schemas", "public,pg_catalog"),
         "PostgreSQL's own catalogue"),
        ((), "name at least one database: --mysql URL, --postgres URL"),
    ):
        code, _, err = await cli("connect", "shop", *args, env=env)
        line = one_line_error(code, err)
        assert said in line, line
        assert PASSWORD not in line
        nothing_written(tmp_path / "datasets", "shop")


async def test_nothing_is_loaded_into_postgres(tmp_path: Path, pg_world: PostgresWorld) -> None:
    code, _, err = await cli("load", "--target", "postgres", env=live_env(tmp_path))
    line = one_line_error(code, err)
    assert "PostgreSQL databases are only ever live" in line
    assert "planrag connect ID --postgres URL" in line
