"""The tables a view reads, as each source's introspection finds them: PostgreSQL from the
catalogue (`pg_depend` on the view's rewrite rule), MariaDB and SQLite from the definition
read by the guard's reader. A view over two tables reads both; one reading nothing of the
schema, another database's table, a table the account may not read, or a definition the
reader cannot follow, reads nothing, and the schema is read all the same."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from planrag.schema import Schema
from planrag.settings import MySQLAddress
from planrag.sources._view_reads import definitions_read, select_of
from planrag.sources.mysql import MySQLSource
from planrag.sources.postgres import PostgresSource
from planrag.sources.sqlite import SQLiteSource
from planrag.table import Limits
from tests._pg_fixtures import PostgresWorld, scratch_database
from tests._sql_fixtures import (
    PREFIX,
    TEST_PASSWORD,
    MySQLWorld,
    admin_execute,
    user_address,
)

LIMITS = Limits(timeout_s=5.0)


def reads(schema: Schema) -> dict[str, tuple[str, ...]]:
    """Every entity's reads, by name."""
    return {e.name: e.reads for e in schema.entities}


# ---------------------------------------------------------------------- the reader


def test_a_definition_gives_the_schema_s_names_as_it_spells_them() -> None:
    names = ["Orders", "customers", "v"]
    found = definitions_read(
        {"v": "SELECT * FROM orders o JOIN CUSTOMERS c ON c.id = o.cid JOIN v2 ON 1 = 1"},
        names, "sqlite")
    assert found == {"v": ("Orders", "customers")}  # v2 is not in the schema


def test_mariadb_s_qualified_definition_reads_only_its_own_database() -> None:
    text = ("select `shop`.`o`.`id` AS `id` from (`shop`.`orders` `o` join `shop`.`customers` "
            "`c` on(`shop`.`c`.`id` = `shop`.`o`.`customer_id`))")
    assert definitions_read({"v": text}, ["orders", "customers", "v"], "mariadb", "shop") == {
        "v": ("orders", "customers")}
    other = "select `elsewhere`.`orders`.`id` AS `id` from `elsewhere`.`orders`"
    assert definitions_read({"v": other}, ["orders", "v"], "mariadb", "shop") == {}


@pytest.mark.parametrize("text", [
    "", "SELECT 1 AS one", "garbage (((", "SELECT 'unterminated FROM orders",
    "SELECT * FROM " + "(" * 3000 + "orders" + ")" * 3000, "\x00 FROM orders",
    "WITH orders AS (SELECT 1) SELECT * FROM orders", "x" * 200_000,
])
def test_an_odd_definition_reads_nothing(text: str) -> None:
    for dialect in ("sqlite", "mariadb", "mysql"):
        assert definitions_read({"v": text}, ["orders", "v"], dialect, "shop") == {}


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_no_text_makes_the_reader_fail(text: str) -> None:
    for dialect in ("sqlite", "mariadb"):
        found = definitions_read({"v": text, "w": select_of(text, dialect)},
                                 ["orders", "v", "w"], dialect, "shop")
        assert set(found) <= {"v", "w"}


def test_the_query_of_a_create_view_statement() -> None:
    assert select_of('CREATE VIEW "a (b) AS c" (x, y) AS SELECT 1, 2', "sqlite") == (
        " SELECT 1, 2")
    assert select_of("CREATE TEMP VIEW IF NOT EXISTS main.v AS WITH q AS (SELECT 1) "
                     "SELECT * FROM q", "sqlite").startswith(" WITH q AS")
    assert select_of("CREATE VIEW v", "sqlite") == ""


# ---------------------------------------------------------------------- SQLite


SQLITE_SHOP = """
CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT, region TEXT);
CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers (id),
                     total REAL);
CREATE TABLE "Order Lines" (order_id INTEGER, qty INTEGER);
CREATE VIEW customer_revenue AS SELECT c.name, sum(o.total) AS revenue
  FROM orders o JOIN Customers c ON c.id = o.customer_id GROUP BY c.name;
CREATE VIEW IF NOT EXISTS "big lines" (order_id, qty) AS
  WITH big AS (SELECT * FROM [Order Lines] WHERE qty > 10) SELECT * FROM big;
CREATE VIEW on_view AS SELECT * FROM customer_revenue JOIN main.customers USING (name);
CREATE VIEW constants AS SELECT 1 AS one, 'x' AS two;
CREATE VIEW numbers AS SELECT value FROM json_each('[1, 2, 3]');
"""


async def test_sqlite_views_read_their_tables(tmp_path: Path) -> None:
    path = tmp_path / "shop.sqlite"
    with sqlite3.connect(path) as db:
        db.executescript(SQLITE_SHOP)
    db.close()
    source = SQLiteSource(path, limits=LIMITS)
    try:
        schema = await source.schema()
    finally:
        await source.close()
    assert reads(schema) == {
        "customers": (), "orders": (), "Order Lines": (),
        "customer_revenue": ("orders", "customers"),
        "big lines": ("Order Lines",),
        "on_view": ("customer_revenue", "customers"),
        "constants": (), "numbers": (),
    }
    revenue = schema.find("customer_revenue")
    assert revenue is not None
    assert revenue.render() == ("TABLE customer_revenue(name TEXT, revenue ANY)  "
                                "-- view; reads orders, customers")
    orders = schema.find("orders")
    assert orders is not None and "reads" not in orders.render()


# ---------------------------------------------------------------------- MariaDB


MARIA = f"{PREFIX}views"
MARIA_OTHER = f"{PREFIX}views_other"
SELECT_ONLY = f"{PREFIX}vsel"
"""An account with SELECT but not SHOW VIEW: the server hides the definitions from it."""


@pytest.fixture(scope="module")
async def maria_views(mysql_world: MySQLWorld) -> AsyncIterator[str]:
    for db in (MARIA, MARIA_OTHER):
        await admin_execute(f"DROP DATABASE IF EXISTS `{db}`", f"CREATE DATABASE `{db}`")
    await admin_execute("CREATE TABLE customers (id INT PRIMARY KEY, name VARCHAR(40))",
                        database=MARIA_OTHER)
    await admin_execute(
        "CREATE TABLE customers (id INT PRIMARY KEY, name VARCHAR(40), region VARCHAR(20))",
        "CREATE TABLE orders (id INT PRIMARY KEY, customer_id INT NOT NULL, "
        "total DECIMAL(10,2), FOREIGN KEY (customer_id) REFERENCES customers (id))",
        "CREATE VIEW customer_revenue AS SELECT c.name, SUM(o.total) AS revenue "
        "FROM orders o JOIN customers c ON c.id = o.customer_id GROUP BY c.name",
        "CREATE VIEW big_orders AS SELECT * FROM orders WHERE id IN "
        "(SELECT id FROM orders WHERE total > 100)",
        "CREATE VIEW on_view AS SELECT r.name FROM customer_revenue r",
        "CREATE VIEW constants AS SELECT 1 AS one",
        f"CREATE VIEW elsewhere AS SELECT x.name FROM `{MARIA_OTHER}`.customers x",
        database=MARIA)
    users = []
    for host in ("localhost", "127.0.0.1"):
        users += [f"DROP USER IF EXISTS '{SELECT_ONLY}'@'{host}'",
                  f"CREATE USER '{SELECT_ONLY}'@'{host}' IDENTIFIED BY '{TEST_PASSWORD}'",
                  f"GRANT SELECT ON `{MARIA}`.* TO '{SELECT_ONLY}'@'{host}'"]
    await admin_execute(*users)
    yield MARIA
    await admin_execute(*(f"DROP USER IF EXISTS '{SELECT_ONLY}'@'{h}'"
                          for h in ("localhost", "127.0.0.1")))
    for db in (MARIA, MARIA_OTHER):
        await admin_execute(f"DROP DATABASE IF EXISTS `{db}`")


async def _maria_schema(address: MySQLAddress, database: str) -> Schema:
    source = MySQLSource(address, database, limits=LIMITS, pool_size=1)
    try:
        return await source.schema()
    finally:
        await source.close()


@pytest.mark.mysql
async def test_mariadb_views_read_their_tables(mysql_world: MySQLWorld, maria_views: str
                                               ) -> None:
    schema = await _maria_schema(mysql_world.ro, maria_views)
    assert reads(schema) == {
        "customers": (), "orders": (),
        "customer_revenue": ("orders", "customers"),
        "big_orders": ("orders",),
        "on_view": ("customer_revenue",),
        "constants": (),
        "elsewhere": (),  # another database's customers, not this one's
    }
    revenue = schema.find("customer_revenue")
    assert revenue is not None
    assert revenue.render().endswith("  -- view; reads orders, customers")
    assert revenue.references() == ("orders", "customers")
    orders = schema.find("orders")
    assert orders is not None and orders.references() == ("customers",)  # its key only


@pytest.mark.mysql
async def test_without_show_view_the_views_read_nothing(maria_views: str) -> None:
    schema = await _maria_schema(user_address(SELECT_ONLY), maria_views)
    assert {e.name for e in schema.entities} >= {"customer_revenue", "orders"}
    assert all(e.reads == () for e in schema.entities)


# ---------------------------------------------------------------------- PostgreSQL


async def test_postgres_reads_come_from_the_catalogue(pg_world: PostgresWorld) -> None:
    """The shop's view reads a table of the first schema and two of `sales`, named as the
    schema names them."""
    source = PostgresSource(pg_world.address("reader"), pg_world.database,
                            schemas=("public", "sales"), limits=LIMITS, pool_size=1)
    try:
        schema = await source.schema()
    finally:
        await source.close()
    view = schema.find("sales.store_totals")
    assert view is not None
    assert view.reads == ("stores", 'sales."Order Lines"', "sales.orders")
    assert view.render().endswith(
        '  -- view: units sold per store; reads stores, sales."Order Lines", sales.orders')
    assert all(e.reads == () for e in schema.entities if e is not view)


PG_VIEWS = [
    "CREATE SCHEMA hr",
    "CREATE TABLE customers (id integer PRIMARY KEY, name text, region text)",
    "CREATE TABLE orders (id integer PRIMARY KEY, customer_id integer REFERENCES customers, "
    "total numeric(10,2))",
    "CREATE TABLE secret_notes (id integer PRIMARY KEY, note text)",
    "CREATE TABLE hr.staff (id integer PRIMARY KEY, name text)",
    "CREATE VIEW customer_revenue AS SELECT c.name, sum(o.total) AS revenue "
    "FROM orders o JOIN customers c ON c.id = o.customer_id GROUP BY c.name",
    "CREATE MATERIALIZED VIEW region_revenue AS SELECT c.region, r.revenue "
    "FROM customer_revenue r JOIN customers c ON c.name = r.name",
    "CREATE VIEW noted_orders AS SELECT o.id, n.note FROM orders o "
    "JOIN secret_notes n ON n.id = o.id",
    "CREATE VIEW staff_orders AS SELECT s.name, o.total FROM hr.staff s "
    "JOIN orders o ON o.id = s.id",
    "CREATE VIEW clock AS SELECT now() AS at, 1 AS one",
]


async def test_postgres_views_read_what_the_account_may_read(pg_world: PostgresWorld) -> None:
    reader = pg_world.roles["reader"]
    grants = [f'GRANT USAGE ON SCHEMA public, hr TO "{reader}"',
              f'GRANT SELECT ON ALL TABLES IN SCHEMA public, hr TO "{reader}"',
              f'REVOKE SELECT ON secret_notes FROM "{reader}"']
    async with scratch_database("views", PG_VIEWS + grants) as database:
        source = PostgresSource(pg_world.address("reader"), database, schemas=("public",),
                                limits=LIMITS, pool_size=1)
        try:
            schema = await source.schema()
        finally:
            await source.close()
    assert reads(schema) == {
        "clock": (), "customers": (), "orders": (),
        "customer_revenue": ("customers", "orders"),  # the schema's order
        "region_revenue": ("customer_revenue", "customers"),  # a materialized view
        "noted_orders": ("orders",),  # secret_notes: not readable, not shown
        "staff_orders": ("orders",),  # hr: not one of the dataset's schemas
    }
