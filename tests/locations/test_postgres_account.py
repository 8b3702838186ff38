"""What `planrag connect` finds out about a PostgreSQL role, on the machine's server: a role
that may only read passes (with notes), every kind of power beyond reading is a finding, and
the advice is the SQL that makes a SELECT-only role."""

from __future__ import annotations

import pytest

from planrag.errors import SourceUnavailable
from planrag.locations._model import Location
from planrag.locations._postgres_account import HOW, Facts, judge_account, judge_postgres
from planrag.locations.kinds.postgres import KIND
from planrag.settings import load_settings
from planrag.sources._postgres_pool import PostgresAddress
from tests._pg_fixtures import SCHEMAS, PostgresWorld


async def test_a_select_only_role_reads_only(pg_world: PostgresWorld) -> None:
    check = await judge_account(pg_world.address("reader"), pg_world.database, SCHEMAS)
    assert check.read_only and not check.findings, check.findings
    assert check.how == HOW
    notes = " | ".join(check.notes)
    assert f"may also use schema hr of {pg_world.database}" in notes  # noted, not refused
    assert "may also connect to" in notes and "postgres" in notes


async def test_the_superuser_is_refused_with_the_advice(pg_world: PostgresWorld) -> None:
    check = await judge_account(pg_world.admin, pg_world.database, SCHEMAS)
    assert not check.read_only
    assert check.findings == ("superuser (SUPERUSER): may do anything on the server",)
    advice = check.advice.splitlines()
    assert advice == [
        "CREATE ROLE planrag_reader LOGIN PASSWORD '<a new password>';",
        f"GRANT CONNECT ON DATABASE {pg_world.database} TO planrag_reader;",
        "GRANT USAGE ON SCHEMA public, sales TO planrag_reader;",
        "GRANT SELECT ON ALL TABLES IN SCHEMA public, sales TO planrag_reader;",
        # The tables' owners (in name order): later tables of theirs are readable too.
        f"ALTER DEFAULT PRIVILEGES FOR ROLE {pg_world.roles['owner']}, postgres IN SCHEMA "
        "public, sales GRANT SELECT ON TABLES TO planrag_reader;",
    ]


async def test_a_table_owner_is_refused(pg_world: PostgresWorld) -> None:
    check = await judge_account(pg_world.address("owner"), pg_world.database, SCHEMAS)
    assert not check.read_only
    assert check.findings == ("owns table public.products (may change or drop them)",)


async def test_a_role_that_may_insert_is_refused(pg_world: PostgresWorld) -> None:
    check = await judge_account(pg_world.address("inserter"), pg_world.database, SCHEMAS)
    assert not check.read_only
    assert check.findings == ("INSERT on table sales.orders",)
    # The same role, judged for the public schema only, reads only there.
    public = await judge_account(pg_world.address("inserter"), pg_world.database, ("public",))
    assert public.read_only, public.findings


async def test_a_member_of_pg_read_server_files_is_refused(pg_world: PostgresWorld) -> None:
    check = await judge_account(pg_world.address("files"), pg_world.database, SCHEMAS)
    assert not check.read_only
    assert check.findings == ("member of pg_read_server_files: reads any file the server can "
                              "(COPY FROM, pg_read_file)",)


async def test_what_a_role_may_become_is_judged_too(pg_world: PostgresWorld) -> None:
    """A role that may SET ROLE to a more powerful one (NOINHERIT: none of its privileges
    show in the account's own) can do what that role can."""
    reader = pg_world.roles["reader"]
    inserter = pg_world.roles["inserter"]
    await pg_world.execute(f'ALTER ROLE "{reader}" NOINHERIT',
                           f'GRANT "{inserter}" TO "{reader}"')
    try:
        check = await judge_account(pg_world.address("reader"), pg_world.database, SCHEMAS)
    finally:
        await pg_world.execute(f'REVOKE "{inserter}" FROM "{reader}"',
                               f'ALTER ROLE "{reader}" INHERIT')
    assert not check.read_only
    assert check.findings == (f"INSERT on table sales.orders (through role {inserter}, by "
                              "SET ROLE)",)


async def test_the_kind_checks_the_location_account(pg_world: PostgresWorld) -> None:
    location = Location(kind="postgres", dataset="shop", live=True,
                        database=pg_world.database, where=f"{pg_world.host}:{pg_world.port}",
                        url=pg_world.url("inserter"), schemas=SCHEMAS)
    check = await KIND.check_account(load_settings(env_file=None, mysql_url=None), location)
    assert check.findings == ("INSERT on table sales.orders",)


async def test_a_role_that_cannot_log_in_is_one_line(pg_world: PostgresWorld) -> None:
    address = PostgresAddress(pg_world.host, pg_world.port, "planrag_nobody_xyz", "pw-99")
    with pytest.raises(SourceUnavailable) as caught:
        await judge_account(address, pg_world.database, SCHEMAS)
    said = str(caught.value)
    assert said.startswith("PostgreSQL refused the login planrag_nobody_xyz@")
    assert "pw-99" not in said and "\n" not in said


def test_findings_are_grouped_and_cut_for_people() -> None:
    facts = Facts("app", roles=[
        ("app", True, True, {"rolsuper": False, "rolcreaterole": False, "rolcreatedb": True,
                             "rolreplication": False, "rolbypassrls": False}),
        ("pg_write_server_files", False, True, {}),
    ])
    facts.objects = [("app", "public", f"t{n}", "r", "DELETE") for n in range(9)]
    facts.objects += [("app", "public", "ids", "S", "USAGE")]
    facts.schemas = [("app", "public", False, True)]
    check = judge_postgres(facts, "shop", ("public",))
    assert check.findings == (
        "may create databases (CREATEDB)",
        "member of pg_write_server_files: writes files on the server (COPY TO)",
        "CREATE on schema public (may add tables and functions)",
        "DELETE on tables public.t0, public.t1, public.t2, public.t3, public.t4, public.t5 "
        "and 3 more",
        "USAGE on sequence public.ids",
    )
    # Without the server's quoting at hand, names are quoted when they must be.
    assert 'GRANT USAGE ON SCHEMA public TO planrag_reader;' in check.advice
    odd = judge_postgres(Facts("app"), "Shop DB", ("Sales",))
    assert 'GRANT CONNECT ON DATABASE "Shop DB" TO planrag_reader;' in odd.advice
    assert 'GRANT SELECT ON ALL TABLES IN SCHEMA "Sales" TO planrag_reader;' in odd.advice
