"""PostgresSource against the machine's PostgreSQL: introspection, reading, the database
layers (read-only transactions, timeouts, the watchdog, scan estimates), caps, the shared pool
and every kind of bad input. The source is built directly, without the guard in front
(`planrag.sources.guarded`): only the database layer stands, so what the guard would refuse
shows what the database itself stops."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator
from datetime import date, datetime, timedelta
from decimal import Decimal

import pytest

from planrag.errors import QueryFailed, QueryRefused, QueryTimeout, SourceUnavailable
from planrag.guards import Scope
from planrag.guards.dialects import sql_dialect
from planrag.sources._postgres_pool import PostgresAddress
from planrag.sources.postgres import PostgresSource, scan_estimate
from planrag.table import Limits
from tests._pg_fixtures import PASSWORD, SCHEMAS, PostgresWorld
from tests.live._live import Proxy


def _source(world: PostgresWorld, role: str | None = "reader", **kwargs: object) -> PostgresSource:
    address = world.admin if role is None else world.address(role)
    options: dict[str, object] = {"schemas": SCHEMAS, "limits": Limits(timeout_s=2.0)}
    options.update(kwargs)
    return PostgresSource(address, world.database, **options)  # type: ignore[arg-type]


@pytest.fixture()
async def reader(pg_world: PostgresWorld) -> AsyncIterator[PostgresSource]:
    source = _source(pg_world)
    yield source
    await source.close()


@pytest.fixture()
async def admin(pg_world: PostgresWorld) -> AsyncIterator[PostgresSource]:
    """The superuser: privileges would allow anything, so only the source's layers hold."""
    source = _source(pg_world, None)
    yield source
    await source.close()


# -- introspection


async def test_schema_names_keys_foreign_keys_and_comments(reader: PostgresSource) -> None:
    schema = await reader.schema()
    assert schema.dialect == "postgres" and schema.header().startswith("-- postgres database")
    names = [e.name for e in schema.entities]
    # The first schema's tables bare, the others qualified; quoted where a name needs it.
    assert names[:4] == ["events", "products", "readings", "stores"]
    assert names[4:] == ['sales."Order Lines"', "sales.orders", "sales.store_totals"]
    assert "audit_log" not in names  # the reader may not read it: not shown
    assert not any(n.startswith("hr.") for n in names)  # not one of the manifest's schemas
    stores = schema.find("stores")
    assert stores is not None and stores.comment == "Our retail stores"
    assert [(c.name, c.type, c.key, c.comment) for c in stores.columns] == [
        ("id", "integer", True, ""), ("name", "varchar(60)", False, "store name"),
        ("city", "text", False, ""), ("opened", "date", False, "")]
    lines = schema.find('sales."Order Lines"')
    assert lines is not None
    assert [c.name for c in lines.columns if c.key] == ["order_id", "line"]
    assert {(fk.columns, fk.table, fk.ref_columns) for fk in lines.foreign_keys} == {
        (("order_id",), "sales.orders", ("id",)), (("product_id",), "products", ("id",))}
    orders = schema.find("sales.orders")
    assert orders is not None and orders.comment == "one row per order"
    assert [(fk.columns, fk.table) for fk in orders.foreign_keys] == [(("store_id",), "stores")]
    view = schema.find("sales.store_totals")
    assert view is not None and view.comment == "view: units sold per store"
    assert view.rows is None
    products = schema.find("products")
    assert products is not None
    assert next(c for c in products.columns if c.name == "price").comment == "list price in EUR"
    rendered = schema.render()
    assert "store_id integer -> stores.id" in rendered
    assert 'TABLE sales."Order Lines"(order_id integer KEY -> sales.orders.id' in rendered


async def test_row_estimates_come_from_the_statistics(admin: PostgresSource) -> None:
    schema = await admin.schema()
    readings = schema.find("readings")
    assert readings is not None and readings.rows == 20000 and not readings.rows_exact
    assert readings.size() == "~20,000 rows"
    stores = schema.find("stores")
    assert stores is not None and stores.rows == 3
    fresh = schema.find("fresh")  # never analysed: the statistics collector's count
    assert fresh is not None and fresh.rows == 5
    untouched = schema.find("untouched")  # never analysed, never changed: not known
    assert untouched is not None and untouched.rows is None
    assert untouched.size() == "size unknown"
    logged = schema.find("logged")  # partitioned, no partition analysed: not known, not empty
    assert logged is not None and logged.rows is None


async def test_the_value_index_is_read_with_the_schema(reader: PostgresSource) -> None:
    schema = await reader.schema()
    assert schema.values is not None
    found = {(c.entity, c.column): set(c.values) for c in schema.values.columns}
    assert found[("stores", "city")] == {"Hamburg", "Cologne", "Munich"}
    assert found[("sales.orders", "channel")] == {"web", "shop"}
    assert found[("products", "category")] == {"coffee", "equipment"}
    assert not any(table.startswith("hr.") for table, _ in found)
    # An enum and a domain over varchar hold labels like any text column.
    assert found[("events", "level")] == {"high"}
    assert found[("events", "postcode")] == {"20095"}


async def test_an_enum_reads_as_its_labels_and_a_domain_as_its_base_type(
    reader: PostgresSource,
) -> None:
    events = (await reader.schema()).find("events")
    assert events is not None
    columns = {c.name: (c.type, c.comment) for c in events.columns}
    assert columns["level"] == ("ENUM('low', 'high', 'it''s urgent')", "")
    assert columns["postcode"] == ("varchar(10)", "domain postcode")


def test_an_enum_too_long_to_show_keeps_its_name() -> None:
    from planrag.sources._postgres_schema import _column_type

    labels = [f"label number {n}" for n in range(60)]
    assert _column_type("sales.state", labels, None) == ("sales.state", "enum of 60 labels")
    assert _column_type("sales.state", [], None) == ("ENUM()", "")
    assert _column_type("integer", None, None) == ("integer", "")
    assert _column_type("money_amount", None, "numeric(12,2)") == (
        "numeric(12,2)", "domain money_amount")


async def test_the_schema_is_cached_per_schema_list(pg_world: PostgresWorld) -> None:
    both, public = _source(pg_world), _source(pg_world, schemas=("public",))
    try:
        first = await both.schema()
        assert await both.schema() is first  # cached for every source on the database
        only = await public.schema()
        assert both.shared is public.shared  # one pool, but the schemas read differ
        assert not any(e.name.startswith("sales.") for e in only.entities)
        assert only.find("orders") is None
    finally:
        await both.close()
        await public.close()


async def test_a_missing_schema_is_one_line(pg_world: PostgresWorld) -> None:
    source = _source(pg_world, schemas=("public", "nowhere"))
    try:
        with pytest.raises(SourceUnavailable) as caught:
            await source.schema()
    finally:
        await source.close()
    assert f"schema nowhere does not exist in database {pg_world.database}" in str(caught.value)
    assert "`schemas`" in str(caught.value)


# -- reading


async def test_reads_rows_in_the_manifest_search_path(reader: PostgresSource) -> None:
    table = await reader.execute(
        "SELECT o.id, s.name FROM orders o JOIN stores s ON s.id = o.store_id ORDER BY o.id")
    assert table.columns == ("id", "name")
    assert [r[1] for r in table.rows] == ["Harbour", "Harbour", "Dom", "Isar", "Dom"]
    assert table.total_rows == 5 and table.total_exact and not table.truncated
    path = await reader.execute("SHOW search_path")
    assert path.rows == (("public, sales",),)


async def test_values_become_what_the_other_sources_give(reader: PostgresSource) -> None:
    table = await reader.execute(
        "SELECT at, day, amount, payload, tags, ref, wait, host, flag, raw FROM events")
    at, day, amount, payload, tags, ref, wait, host, flag, raw = table.rows[0]
    assert isinstance(at, datetime) and at.year == 2026 and at.tzinfo is not None
    assert day == date(2026, 11, 2) and amount == Decimal("12.3456")
    assert json.loads(payload) == {"k": [1, 2]}
    assert tags == ["a", "b"] and ref == "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"
    assert wait == timedelta(hours=1, minutes=30) and host == "10.0.0.1"
    assert flag is True and raw == b"\x01\x02"
    json.dumps(table.to_json())  # every cell can be written out


async def test_row_cap_applies_while_fetching_and_counts_the_rest(
    reader: PostgresSource,
) -> None:
    table = await reader.execute("SELECT id FROM readings ORDER BY id",
                                 Limits(max_rows=10, timeout_s=5.0))
    assert [r[0] for r in table.rows] == list(range(1, 11))
    assert table.total_rows == 20000 and table.total_exact and table.truncated
    assert "row cap of 10" in table.notes[0]
    counted = await reader.execute("SELECT id FROM readings",
                                   Limits(max_rows=10, count_rows=100, timeout_s=5.0))
    assert len(counted.rows) == 10 and counted.total_rows == 110 and not counted.total_exact
    assert "stopped counting after 110 rows" in counted.notes


async def test_byte_cap_cuts_wide_rows(reader: PostgresSource) -> None:
    table = await reader.execute("SELECT repeat('x', 1000) AS wide FROM stores",
                                 Limits(max_bytes=2500, timeout_s=2.0))
    assert len(table.rows) == 2 and table.total_rows == 3 and table.truncated
    assert "byte cap" in table.notes[0]


async def test_bound_parameters_are_values_never_sql(reader: PostgresSource) -> None:
    query = "SELECT name FROM stores WHERE city = :city AND id > :low ORDER BY id"
    table = await reader.execute(query, params={"city": "Hamburg", "low": 0})
    assert table.rows == (("Harbour",),)
    sneaky = await reader.execute(query, params={"city": "x' OR '1'='1", "low": 0})
    assert sneaky.rows == ()
    submitted = await reader.submission(query, {"city": "Hamburg", "low": 0})
    assert submitted.dialect == "postgres"
    assert submitted.scope == Scope(reader.database, server=sql_dialect("postgres"),
                                    schemas=SCHEMAS)
    assert ":city" not in submitted.text and "Hamburg" not in submitted.text
    with pytest.raises(QueryRefused, match=":low, which no parameter gives"):
        await reader.execute(query, params={"city": "Hamburg"})


# -- what the database stops


async def test_a_write_is_stopped_by_the_read_only_transaction(
    admin: PostgresSource, pg_world: PostgresWorld
) -> None:
    for statement in ("INSERT INTO sales.orders VALUES (99, 1, '2026-12-01', 'web')",
                      "DELETE FROM stores", "CREATE TABLE sales.mine (x integer)",
                      "UPDATE stores SET city = 'Bonn'"):
        with pytest.raises(QueryRefused) as caught:
            await admin.execute(statement)
        assert caught.value.rule == "database-read-only", statement
        assert "read-only transaction" in str(caught.value)
    rows = await pg_world.execute("SELECT count(*) FROM sales.orders")
    assert rows[0][0] == 5
    cities = await pg_world.execute("SELECT string_agg(city, ',' ORDER BY id) FROM stores")
    assert cities[0][0] == "Hamburg,Cologne,Munich"


async def test_two_statements_at_once_are_refused_by_the_server(admin: PostgresSource) -> None:
    with pytest.raises(QueryFailed, match="cannot insert multiple commands"):
        await admin.execute("SELECT 1; DELETE FROM stores")


async def test_session_state_does_not_outlive_a_query(
    pg_world: PostgresWorld,
) -> None:
    source = _source(pg_world, pool_size=1)
    try:
        await source.execute("SELECT pg_advisory_lock(4242)")
        await source.execute("SELECT set_config('search_path', 'hr', false)")
        locks = await pg_world.execute(
            "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND objid = 4242")
        assert locks[0][0] == 0  # let go when the query's transaction ended
        path = await source.execute("SHOW search_path")
        assert path.rows == (("public, sales",),)
        mode = await source.execute("SHOW transaction_read_only")
        assert mode.rows == (("on",),)
    finally:
        await source.close()


async def test_server_timeout_stops_the_query(
    pg_world: PostgresWorld, reader: PostgresSource
) -> None:
    started = time.monotonic()
    with pytest.raises(QueryTimeout, match=r"0\.5 s statement timeout"):
        await reader.execute("SELECT pg_sleep(5)", Limits(timeout_s=0.5))
    assert time.monotonic() - started < 2.0
    running = await pg_world.execute(
        "SELECT count(*) FROM pg_stat_activity WHERE datname = $1 AND state = 'active' "
        "AND query LIKE '%pg_sleep(5)%' AND pid <> pg_backend_pid()", args=(pg_world.database,))
    assert running[0][0] == 0
    assert (await reader.execute("SELECT 1 AS one")).rows == ((1,),)  # the pool is healthy


async def test_the_watchdog_stops_a_read_the_server_never_answers(
    pg_world: PostgresWorld,
) -> None:
    async with Proxy(pg_world.port) as proxy:
        source = PostgresSource(
            PostgresAddress("127.0.0.1", proxy.port, pg_world.roles["reader"], PASSWORD),
            pg_world.database, schemas=SCHEMAS, limits=Limits(timeout_s=0.5), pool_size=1)
        try:
            assert (await source.execute("SELECT 1 AS one")).rows == ((1,),)
            proxy.stalled = True
            started = time.monotonic()
            with pytest.raises(QueryTimeout, match=r"watchdog after 0\.5 s"):
                await source.execute("SELECT 2 AS two")
            assert time.monotonic() - started < 8.0
            proxy.stalled = False
            # The stalled connection was discarded: the next read opens a new one.
            assert (await source.execute("SELECT 3 AS three")).rows == ((3,),)
            assert proxy.connections >= 2
        finally:
            await source.close()


async def test_scan_estimate_refuses_a_huge_read_before_it_runs(
    reader: PostgresSource,
) -> None:
    limits = Limits(max_scan_rows=1000, timeout_s=5.0)
    for query in ("SELECT count(*) FROM readings WHERE value = 3",
                  "SELECT * FROM readings ORDER BY value LIMIT 5",
                  "SELECT s.name, count(*) FROM readings r JOIN stores s ON s.id = r.sensor "
                  "GROUP BY s.name"):
        with pytest.raises(QueryRefused) as caught:
            await reader.execute(query, limits)
        assert caught.value.rule == "scan-estimate", query
        assert "over the 1,000-row limit" in str(caught.value)
    # A key lookup, a peek (the LIMIT stops the scan) and what is not a query run.
    assert (await reader.execute("SELECT value FROM readings WHERE id = 97", limits)).rows \
        == ((0,),)
    assert len((await reader.execute("SELECT * FROM readings LIMIT 5", limits)).rows) == 5
    assert (await reader.execute("SHOW search_path", limits)).rows == (("public, sales",),)
    with pytest.raises(QueryFailed, match="42703"):  # EXPLAIN's error is the query's own
        await reader.execute("SELECT nothing FROM readings", limits)


def test_scan_estimate_of_a_nested_loop_counts_the_inner_side_per_outer_row() -> None:
    plan = [{"Plan": {
        "Node Type": "Nested Loop", "Plan Rows": 500, "Startup Cost": 0, "Total Cost": 900,
        "Plans": [
            {"Node Type": "Seq Scan", "Relation Name": "a", "Schema": "public",
             "Plan Rows": 50, "Startup Cost": 0, "Total Cost": 20,
             "Parent Relationship": "Outer"},
            {"Node Type": "Index Scan", "Relation Name": "b", "Schema": "public",
             "Plan Rows": 10, "Startup Cost": 0, "Total Cost": 8,
             "Parent Relationship": "Inner"},
        ]}}]
    # a is read whole (its table has 2,000 rows); b ten rows for each of a's 50 rows.
    assert scan_estimate(plan, {("public", "a"): 2000}) == 2000 + 50 * 10
    assert scan_estimate(plan) == 50 + 50 * 10


# -- errors


async def test_query_errors_are_one_line_and_the_next_query_works(
    reader: PostgresSource,
) -> None:
    with pytest.raises(QueryFailed) as caught:
        await reader.execute("SELEC 1")
    assert "PostgreSQL error 42601" in str(caught.value) and "\n" not in str(caught.value)
    with pytest.raises(QueryFailed) as unknown:
        await reader.execute("SELECT nme FROM stores")
    said = str(unknown.value)
    assert "42703" in said and 'Perhaps you meant to reference the column "stores.name"' in said
    assert "is not (or no longer) in" in said and "search_schema" not in said
    with pytest.raises(QueryFailed, match="the account may not read that"):
        await reader.execute("SELECT * FROM audit_log")
    assert (await reader.execute("SELECT count(*) AS n FROM stores")).rows == ((3,),)


async def test_connection_errors_name_the_server_never_the_password(
    pg_world: PostgresWorld,
) -> None:
    secret = "Sup3r-secret-pw"
    cases = [
        (PostgresAddress(pg_world.host, pg_world.port, pg_world.roles["reader"], secret),
         "nosuchdb_planrag", f"database nosuchdb_planrag does not exist on PostgreSQL at "
         f"{pg_world.host}:{pg_world.port}"),
        (PostgresAddress(pg_world.host, 1, pg_world.roles["reader"], secret),
         pg_world.database, f"cannot reach PostgreSQL at {pg_world.host}:1/"),
        (PostgresAddress(pg_world.host, pg_world.port, "planrag_nobody_xyz", secret),
         pg_world.database, "PostgreSQL refused the login planrag_nobody_xyz@"),
    ]
    for address, database, expected in cases:
        source = PostgresSource(address, database, pool_wait_s=1.0)
        try:
            with pytest.raises(SourceUnavailable) as caught:
                await source.execute("SELECT 1")
        finally:
            await source.close()
        said = str(caught.value)
        assert expected in said, said
        assert secret not in said and "\n" not in said


async def test_a_lost_connection_is_read_again_once(
    pg_world: PostgresWorld, reader: PostgresSource
) -> None:
    marker = "planrag_lost_marker"
    read = asyncio.create_task(reader.execute(f"SELECT pg_sleep(0.8), '{marker}' AS m"))
    ended = []
    for _ in range(50):
        await asyncio.sleep(0.05)
        ended = await pg_world.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 "
            "AND query LIKE $2 AND pid <> pg_backend_pid()",
            args=(pg_world.database, f"%{marker}' AS m%"))
        if ended:
            break
    assert ended and ended[0][0] is True
    table = await read  # ended under it, and read again on a fresh connection
    assert table.rows[0][1] == marker


async def test_a_source_may_be_given_a_url(pg_world: PostgresWorld) -> None:
    source = PostgresSource(pg_world.url("reader"), pg_world.database, schemas=SCHEMAS)
    try:
        assert source.address.user == pg_world.roles["reader"]
        assert source.address.password == PASSWORD
        assert PASSWORD not in repr(source.address)
        assert (await source.execute("SELECT count(*) AS n FROM orders")).rows == ((5,),)
    finally:
        await source.close()
    with pytest.raises(ValueError, match="names database"):
        PostgresSource(pg_world.url("reader"), "another")
    with pytest.raises(ValueError, match="only \\?sslmode="):
        PostgresSource(pg_world.url("reader") + "?options=-csearch_path%3Dhr",
                       pg_world.database)


async def test_closed_source_refuses_politely(pg_world: PostgresWorld) -> None:
    source = _source(pg_world)
    await source.execute("SELECT 1")
    await source.close()
    await source.close()  # idempotent
    with pytest.raises(SourceUnavailable, match=f"postgres:{pg_world.database} is closed"):
        await source.execute("SELECT 1")


# -- the pool


async def test_sources_share_one_pool_with_a_bounded_wait(pg_world: PostgresWorld) -> None:
    first = _source(pg_world, pool_size=1, pool_wait_s=0.3)
    second = _source(pg_world, pool_size=1, pool_wait_s=0.3)
    try:
        assert first.shared is second.shared
        slow = asyncio.create_task(first.execute("SELECT pg_sleep(1.2)"))
        await asyncio.sleep(0.2)
        with pytest.raises(SourceUnavailable) as caught:
            await second.execute("SELECT 1")
        assert "busy" in str(caught.value) and "waited 0.3 s" in str(caught.value)
        assert "PLANRAG_POOL_SIZE" in str(caught.value)
        await slow
    finally:
        await first.close()
        await second.close()
    patient = [_source(pg_world, pool_size=1, pool_wait_s=5.0) for _ in range(3)]
    try:
        tables = await asyncio.gather(*(s.execute("SELECT pg_sleep(0.2), 1 AS n")
                                        for s in patient))
        assert all(t.rows[0][1] == 1 for t in tables)
        assert patient[0].shared.waits >= 2  # one connection, taken in turn
        assert patient[0].shared.slots.open <= 1
    finally:
        for source in patient:
            await source.close()
