"""The text the PostgreSQL source sends for the product's own queries: bound parameters as
asyncpg's numbered markers, and the value index in PostgreSQL's flavour (no database)."""

from __future__ import annotations

from datetime import date

from planrag.guards.dialects import sql_dialect
from planrag.schema import Column, Entity, Schema
from planrag.sources._params import sql_bound
from planrag.sources._values import sql_values, text_columns
from planrag.table import Limits, Table


def test_parameters_become_numbered_markers_with_their_values_as_they_are() -> None:
    query = ("SELECT \"Name\" FROM t WHERE a = :x AND b::text = :y AND c = ':x' -- :x\n"
             "AND d = :x")
    bound = sql_bound(query, {"x": True, "y": date(2026, 11, 2)}, marker="$", dialect="postgres")
    assert bound.text == ("SELECT \"Name\" FROM t WHERE a = $1 AND b::text = $2 AND c = ':x' "
                          "-- :x\nAND d = $3")
    assert bound.args == (True, date(2026, 11, 2), True)  # a boolean stays one
    assert bound.checked.count(" 0 ") == 3 and ":x" in bound.checked  # the literal and comment
    # A `%` means nothing to asyncpg: it is never doubled.
    assert sql_bound("SELECT 'a%' || :x", {"x": 1}, marker="$").text == "SELECT 'a%' || $1"


def test_postgres_text_types_are_labels_too() -> None:
    entity = Entity("table", "sales.orders", (
        Column("id", "integer", True), Column("channel", "varchar(20)"),
        Column("status", "text"), Column("note", "varchar"),
        Column("code", "char(3)"), Column("essay", "varchar(2000)"),
        Column("email", "text"), Column("tags", "text[]"),
    ), rows=5, rows_exact=False)
    assert text_columns(entity, sql_dialect("postgres")) == ["channel", "status", "note", "code"]
    assert text_columns(entity) == ["channel", "code"]  # MySQL's reading is unchanged


async def test_the_value_index_writes_names_as_the_schema_does() -> None:
    schema = Schema("postgres", "shop", (
        Entity("table", 'sales."Order Lines"', (Column('"Kind"', "text"),), rows=10,
               rows_exact=False),
        Entity("table", "stores", (Column("city", "text"),), rows=3, rows_exact=False),
    ))
    sent: list[str] = []

    async def run(query: str, limits: Limits) -> Table:
        sent.append(query)
        return Table(("c", "v"), ((0, "retail"), (1, "Hamburg")), 2)

    index = await sql_values(run, schema, sql_dialect("postgres"), as_text=True)
    (query,) = sent
    assert 'SELECT CAST("Kind" AS text) AS v FROM sales."Order Lines" LIMIT 1000' in query
    assert "SELECT CAST(city AS text) AS v FROM stores LIMIT 1000" in query
    assert "`" not in query
    assert [(c.entity, c.column, c.values) for c in index.columns] == [
        ('sales."Order Lines"', '"Kind"', ("retail",)), ("stores", "city", ("Hamburg",))]


def test_the_monitors_read_a_postgres_query_as_postgres_does() -> None:
    """Qualified names stay whole (PostgreSQL's schema names a table of another schema so)
    and "..." is a name, not a string."""
    from planrag.engine.monitors import sql_filters

    query = ("SELECT l.qty FROM sales.\"Order Lines\" l JOIN stores s ON s.id = l.store_id "
             "WHERE s.city = 'Köln' AND l.\"Kind\" = 'x'")
    tables, filters = sql_filters(query, dialect="postgres")
    assert tables == {'sales."order lines"': 'sales."Order Lines"', "l": 'sales."Order Lines"',
                      "stores": "stores", "s": "stores"}
    assert [(f.qualifier, f.column, f.values) for f in filters] == [
        ("s", "city", ("Köln",)), ("l", "Kind", ("x",))]


def test_placeholders_and_tables_are_read_as_postgres_reads_them() -> None:
    """`::` is a cast and `$$...$$`, `E'...'` and nested comments hide what is in them, as
    PostgreSQL reads them; the tables come as the query qualifies them."""
    from planrag.guards.reads import names_read
    from planrag.sources._params import placeholder_names

    query = ("SELECT o.id::text FROM sales.orders o /* :a /* :b */ :c */ JOIN stores s "
             "ON s.id = o.store_id WHERE s.city = :city AND o.note <> $$:d$$ "
             "AND o.code <> E'\\' :e' AND o.day > :since::date")
    assert placeholder_names(query, "sql", dialect="postgres") == ["city", "since"]
    # MySQL reads the same text otherwise: the nested comment ends at its first */
    assert "c" in placeholder_names(query, "sql", dialect="mysql")
    assert names_read(query, "sql", dialect="postgres") == ("sales.orders", "stores")
    assert names_read('WITH t AS (SELECT 1) SELECT * FROM t, shop.public."Order Lines" l',
                      "sql", dialect="postgres") == ("public.Order Lines",)
