"""A simulator's state from live databases: the new kinds as each server returns them, tables
read by a query bound to the question's parameters, the forms a simulator reads, and the
refusals (a graph for a SQL-only simulator, a dump for a query, a query the guard refuses)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from planrag.errors import SimulatorError, StateError
from planrag.graph.server import GraphConnection
from planrag.simulators import TableSpec, state_from_dump, state_from_source
from planrag.simulators.registry import check_simulator_class
from planrag.simulators.service import simulate_dump
from planrag.sources.guarded import guarded
from planrag.sources.mysql import MySQLSource
from planrag.sources.neo4j import Neo4jSource
from planrag.sources.sqlite import SQLiteSource
from planrag.table import Limits, Table
from tests._graph_fixtures import GraphDbFactory
from tests._sql_fixtures import PREFIX, MySQLWorld, admin_execute
from tests.simulators._shop import (
    CUSTOMER,
    ORDER,
    SPEND,
    LoyaltyVoucher,
    mariadb_statements,
    sqlite_file,
)

DB = f"{PREFIX}simshop"
OTHER_DB = f"{PREFIX}simshop_other"

ANN = (1, "Ann", "North", date(2020, 1, 2), True)
CY = (3, "Cy", "North", date(2022, 3, 4), None)
FIRST_ORDER = (1, 1, date(2026, 11, 1), datetime(2026, 11, 1, 8, 30), Decimal("19.99"), None)
NORTH = LoyaltyVoucher.Parameters(region="North", since=date(2026, 11, 1))
COTE = LoyaltyVoucher.Parameters(region="Côte d'Or", since=date(2026, 11, 1))
HOSTILE = LoyaltyVoucher.Parameters(region="North' OR '1'='1", since=date(2000, 1, 1))


@pytest.fixture(scope="module")
async def shop_db(mysql_world: MySQLWorld) -> AsyncIterator[str]:
    await admin_execute(f"DROP DATABASE IF EXISTS {DB}", f"CREATE DATABASE {DB}",
                        f"DROP DATABASE IF EXISTS {OTHER_DB}", f"CREATE DATABASE {OTHER_DB}")
    for statement, args in mariadb_statements():
        await admin_execute(statement, database=DB, args=args)
    await admin_execute(*(s for s, a in mariadb_statements() if a is None), database=OTHER_DB)
    yield DB
    await admin_execute(f"DROP DATABASE IF EXISTS {DB}", f"DROP DATABASE IF EXISTS {OTHER_DB}")


@pytest.fixture()
async def mariadb(mysql_world: MySQLWorld, shop_db: str) -> AsyncIterator[MySQLSource]:
    source = guarded(MySQLSource(mysql_world.ro, shop_db))
    yield source
    await source.close()


@pytest.fixture()
async def sqlite(tmp_path: Path) -> AsyncIterator[SQLiteSource]:
    source = guarded(SQLiteSource(sqlite_file(tmp_path / "shop.sqlite")))
    yield source
    await source.close()


# -- the kinds, as each server returns them -------------------------------------------------


@pytest.mark.mysql
async def test_mariadb_dates_decimals_and_nulls(mariadb: MySQLSource) -> None:
    state = await state_from_source([CUSTOMER, ORDER], mariadb)
    assert state.rows("customer")[0] == ANN and state.rows("customer")[2] == CY
    assert state.rows("orders")[0] == FIRST_ORDER
    amounts = [row[4] for row in state.rows("orders")]
    assert all(type(a) is Decimal for a in amounts) and sum(amounts) == Decimal("132.60")
    strict = TableSpec.of("orders", "id:int note:str", "id")
    with pytest.raises(StateError) as info:
        await state_from_source([strict], mariadb)
    assert str(info.value) == (
        f"mysql:{DB}: table `orders`, row 1, column `note`: is NULL; declare the column "
        "`str?` if NULL is expected"
    )
    as_text = TableSpec.of("orders", "id:int day:str", "id")
    with pytest.raises(StateError, match=r"row 1, column `day`: expected text, got "
                       r"datetime.date\(2026, 11, 1\); declare the column `date`$"):
        await state_from_source([as_text], mariadb)


async def test_sqlite_text_dates_and_real_amounts(sqlite: SQLiteSource) -> None:
    state = await state_from_source([CUSTOMER, ORDER], sqlite)
    assert state.rows("customer")[0] == ANN and state.rows("customer")[2] == CY
    assert state.rows("orders")[0] == FIRST_ORDER
    assert [str(row[4]) for row in state.rows("orders")] == ["19.99", "5.01", "100.1", "7.5"]
    not_a_date = TableSpec.of("customer", "id:int name:date", "id")
    with pytest.raises(StateError, match=r"sqlite:shop: table `customer`, row 1, column "
                       r"`name`: expected a date \(YYYY-MM-DD\), got 'Ann'$"):
        await state_from_source([not_a_date], sqlite)


# -- tables read by a query bound to the question's parameters --------------------------------


@pytest.mark.mysql
async def test_mariadb_query_filters_and_aggregates_by_the_parameters(
    mariadb: MySQLSource,
) -> None:
    north = await LoyaltyVoucher.read_state(mariadb, NORTH)
    # Cy's only order is older than `since`; Ann's two are summed exactly.
    assert list(north.rows("spend")) == [(1, "Ann", Decimal("25.00"), date(2026, 11, 20))]
    assert north.rows("customer")[0] == ANN
    assert "queried tables in their queries' order" in north.origin
    cote = await LoyaltyVoucher.read_state(mariadb, COTE)
    assert list(cote.rows("spend")) == [(2, "Bob", Decimal("100.10"), date(2026, 11, 21))]
    # A value with quotes is a value: it matches no region, whatever it says.
    assert list((await LoyaltyVoucher.read_state(mariadb, HOSTILE)).rows("spend")) == []
    sim = LoyaltyVoucher(north, NORTH)
    assert sim.candidates() == [1] and sim.simulate(1).value == 25.0


async def test_sqlite_query_filters_and_aggregates_by_the_parameters(
    sqlite: SQLiteSource,
) -> None:
    north = await LoyaltyVoucher.read_state(sqlite, NORTH)
    assert list(north.rows("spend")) == [(1, "Ann", Decimal("25.0"), date(2026, 11, 20))]
    cote = await LoyaltyVoucher.read_state(sqlite, COTE)
    assert list(cote.rows("spend")) == [(2, "Bob", Decimal("100.1"), date(2026, 11, 21))]
    assert list((await LoyaltyVoucher.read_state(sqlite, HOSTILE)).rows("spend")) == []
    later = LoyaltyVoucher.Parameters(region="North", since=date(2026, 11, 2))
    assert [r[2] for r in (await LoyaltyVoucher.read_state(sqlite, later)).rows("spend")] == [
        Decimal("5.01")]


class _Recording(SQLiteSource):
    """A SQLite source that keeps the parameters each query was given."""

    given: list[Mapping[str, Any] | None]

    async def execute(self, query: str, limits: Limits | None = None,
                      params: Mapping[str, Any] | None = None) -> Table:
        self.given.append(params)
        return await super().execute(query, limits, params)


async def test_only_the_parameters_a_query_names_are_bound(tmp_path: Path) -> None:
    source = _Recording(sqlite_file(tmp_path / "shop.sqlite"))
    source.given = []
    spec = TableSpec.of("north", "id:int", query="SELECT id FROM customer WHERE region = "
                        ":region ORDER BY id")
    try:
        state = await state_from_source([CUSTOMER, spec], source,
                                        {"region": "North", "since": date(2026, 1, 1)})
        with pytest.raises(StateError) as info:
            await state_from_source([spec], source)
        with pytest.raises(StateError) as lacking:
            await state_from_source([spec], source, {"since": "2026-11-01"})
    finally:
        await source.close()
    assert list(state.rows("north")) == [(1,), (3,)]
    assert source.given == [None, {"region": "North"}]  # a whole table binds nothing
    assert str(info.value) == (
        "sqlite:shop: query for `north`: its query is bound to the parameters region; it is "
        "read for a question, with them"
    )
    assert str(lacking.value).endswith(
        "names the parameters region, which the simulator's parameters lack")


# -- what the guard refuses in a spec's query -------------------------------------------------


@pytest.mark.mysql
async def test_a_spec_query_passes_the_guard(mariadb: MySQLSource) -> None:
    """A spec's query runs through the source's guarded `execute`, like a model's: a write,
    another database and a system schema are refused with the guard's reason."""
    cases = {
        "DELETE FROM orders WHERE id = :id": "(write)",
        f"SELECT id FROM `{OTHER_DB}`.customer WHERE id = :id": "(other-database): ",
        "SELECT User AS id FROM mysql.user WHERE 1 = :id": "system",
    }
    for query, reason in cases.items():
        spec = TableSpec.of("t", "id:int", query=query)
        with pytest.raises(StateError) as info:
            await state_from_source([spec], mariadb, {"id": 1})
        text = str(info.value)
        assert text.startswith(f"mysql:{DB}: query for `t`: cannot read it: query refused ("), \
            text
        assert reason in text and "\n" not in text, text
    rows = await admin_execute("SELECT COUNT(*) FROM orders", database=DB)
    assert rows[0][0] == 4


async def test_a_spec_query_passes_the_sqlite_guard(sqlite: SQLiteSource) -> None:
    cases = {"DELETE FROM orders WHERE id = :id": "write",
             "SELECT id FROM other.t WHERE id = :id": "other-database"}
    for query, rule in cases.items():
        spec = TableSpec.of("t", "id:int", query=query)
        with pytest.raises(StateError, match=r"^sqlite:shop: query for `t`: cannot read it: "
                           rf"query refused \({rule}\): "):
            await state_from_source([spec], sqlite, {"id": 1})
    assert len((await state_from_source([ORDER], sqlite)).rows("orders")) == 4


# -- forms: what a simulator reads, and the refusals -----------------------------------------


def test_a_query_is_run_as_written() -> None:
    query = "SELECT id\n  FROM customer WHERE name = 'A  b'  -- two spaces\n"
    spec = TableSpec.of("t", "id:int", query=query)
    assert spec.sql() == spec.sql("rowid") == query.strip()
    blank = TableSpec.of("t", "id:int", "id", query="  ")
    assert blank.query is None and blank.sql() == "SELECT `id` FROM `t` ORDER BY `id`"
    # Quoted as each database reads names: PostgreSQL and DuckDB refuse backticks; SQLite
    # keeps them (a double-quoted name no column has is text there).
    assert blank.sql(dialect="duckdb") == 'SELECT "id" FROM "t" ORDER BY "id"'
    assert blank.sql("rowid", dialect="sqlite") == "SELECT `id` FROM `t` ORDER BY rowid"


def test_forms_default_to_what_the_tables_provide() -> None:
    assert LoyaltyVoucher.forms is None and LoyaltyVoucher.read_forms() == ("sql",)
    assert LoyaltyVoucher.state_parameters() == ("region", "since")
    check_simulator_class(LoyaltyVoucher)
    both = TableSpec.of("customer", "id:int", "id", "MATCH (c:Customer) RETURN c.id AS id")
    cls = type("Both", (LoyaltyVoucher,), {"tables": (both,)})
    assert cls.read_forms() == ("sql", "cypher") and cls.state_parameters() == ()


def test_the_registry_refuses_a_table_a_declared_form_cannot_read() -> None:
    cases = {
        "forms": (("sql", "cypher"), (CUSTOMER,)),
        "graph-only": (("cypher",), (CUSTOMER,)),
        "sparql": (("sparql",), (CUSTOMER,)),
        "empty": ((), (CUSTOMER,)),
        "keyless": (None, (TableSpec.of("customer", "id:int"),)),
        "unknown": (None, (TableSpec.of("t", "id:int", query="SELECT 1 AS id WHERE :nope"),)),
        "unknown-cypher": (None, (TableSpec.of("t", "id:int", "id", "RETURN $nope AS id"),)),
    }
    said = {}
    for name, (forms, tables) in cases.items():
        cls = type(name, (LoyaltyVoucher,), {"tables": tables, "forms": forms})
        with pytest.raises(SimulatorError) as info:
            check_simulator_class(cls, name)
        said[name] = str(info.value)
    assert said["forms"] == (
        "simulator 'forms' must declare for table `customer` a `cypher` query (or `forms = "
        "(\"sql\",)` to be read by SQL only)")
    assert said["graph-only"].endswith("for table `customer` a `cypher` query (or `forms = "
                                       "(\"sql\",)` to be read by SQL only)")
    for name in ("sparql", "empty"):
        assert said[name] == (f"simulator {name!r} must declare `forms` as a non-empty tuple "
                              "of 'sql' and 'cypher' (or no `forms`)")
    assert said["keyless"] == (
        "simulator 'keyless' must declare `tables` that one form reads: each with a key or a "
        "SQL `query`, or each with a `cypher` query")
    assert said["unknown"] == (
        "simulator 'unknown' must declare for table `t` a sql query binding only fields of "
        "`Parameters` (it names :nope)")
    assert said["unknown-cypher"].endswith("a cypher query binding only fields of "
                                           "`Parameters` (it names $nope)")


def test_a_dump_cannot_feed_a_query(tmp_path: Path) -> None:
    dump = tmp_path / "shop.sql"
    dump.write_text("CREATE TABLE customer (id INT, name VARCHAR(9), region VARCHAR(9), "
                    "joined DATE, vip BOOL, PRIMARY KEY (id));\n"
                    "INSERT INTO customer VALUES (1, 'Ann', 'North', '2020-01-02', TRUE);\n",
                    encoding="utf-8")
    assert state_from_dump([CUSTOMER], dump).rows("customer")[0] == ANN
    said = (
        "shop.sql: table `spend` is read by a query, and a dump file is parsed, not queried; "
        "simulate on a loaded copy or a live database (target mysql or sqlite)"
    )
    with pytest.raises(StateError) as info:
        state_from_dump([CUSTOMER, SPEND], dump)
    assert str(info.value) == said
    with pytest.raises(StateError) as info:
        simulate_dump(LoyaltyVoucher, dump, {"region": "North", "since": "2026-11-01"})
    assert str(info.value) == said


# -- the graph -------------------------------------------------------------------------------

GRAPH = [
    "CREATE (:Customer {id: 1, name: 'Ann', region: 'North', joined: date('2020-01-02'),"
    " vip: true}), (:Customer {id: 2, name: 'Bob', region: \"Côte d'Or\","
    " joined: date('2021-05-06'), vip: false}),"
    " (:Customer {id: 3, name: 'Cy', region: 'North', joined: date('2022-03-04')})",
    "MATCH (c:Customer {id: 1}) CREATE (c)-[:PLACED]->(:Order {id: 1,"
    " at: datetime('2026-11-01T08:30:00'), amount: 19.99})",
]
GRAPH_CUSTOMER = TableSpec.of(
    "customer", "id:int name:str region:str joined:date vip:bool?", "id",
    "MATCH (c:Customer) WHERE c.region = $region RETURN c.id AS id, c.name AS name,"
    " c.region AS region, c.joined AS joined, c.vip AS vip ORDER BY id")
GRAPH_ORDER = TableSpec.of(
    "orders", "id:int customer_id:int at:datetime amount:decimal", "id",
    "MATCH (c:Customer)-[:PLACED]->(o:Order) RETURN o.id AS id, c.id AS customer_id,"
    " o.at AS at, o.amount AS amount ORDER BY id")


@pytest_asyncio.fixture(scope="module", loop_scope="session")
async def shop_graph(graph_db_factory: GraphDbFactory) -> str:
    return await graph_db_factory(GRAPH)


@pytest.mark.graph
async def test_graph_dates_nulls_and_bound_parameters(
    graph_connection: GraphConnection, shop_graph: str
) -> None:
    source = guarded(Neo4jSource(graph_connection, shop_graph))
    try:
        state = await state_from_source([GRAPH_CUSTOMER, GRAPH_ORDER], source,
                                        {"region": "North"})
        cote = await state_from_source([GRAPH_CUSTOMER], source, {"region": "Côte d'Or"})
        with pytest.raises(StateError) as info:
            await LoyaltyVoucher.read_state(source, NORTH)
    finally:
        await source.close()
    assert list(state.rows("customer")) == [ANN, CY]
    (order,) = state.rows("orders")
    assert order[:2] == (1, 1) and order[3] == Decimal("19.99")
    assert order[2].replace(tzinfo=None) == datetime(2026, 11, 1, 8, 30)
    assert [row[1] for row in cote.rows("customer")] == ["Bob"]
    assert str(info.value) == (
        "the loyalty-voucher simulator reads only SQL; ask on the mysql, postgres, sqlite, "
        "files or duckdb target")
