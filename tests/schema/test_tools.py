"""The schema tools the model calls: search by words or name fragments, describe by name."""

from __future__ import annotations

import pytest

from planrag.schema import Column, Entity, Schema
from planrag.schema._lookup import SEARCH_CHARS
from planrag.schema.budget import describe_entities, search_schema
from tests._big_schema import big_schema
from tests.schema._schemas import supply_graph

BIG = big_schema()


def entries(result: str) -> list[str]:
    """The summary lines of a search result (without its first and continuation lines)."""
    return [line for line in result.splitlines()[1:] if line.startswith(("TABLE", "NODE", "REL"))]


# ------------------------------------------------------------------------- search


def test_search_finds_tables_by_part_of_their_name() -> None:
    result = search_schema(BIG, "cust")
    found = entries(result)
    assert found[0].startswith("TABLE customers,")
    assert any(line.startswith("TABLE customer_addresses,") for line in found)
    assert len(found) == 15
    assert "more; add words to narrow the search" in result.splitlines()[-1]


def test_search_lines_are_summaries_with_the_matching_columns() -> None:
    result = search_schema(BIG, "region", limit=5)
    lines = result.splitlines()
    assert lines[0] == "6 of 309 tables match 'region', best first:"  # one by 'territory'
    assert lines[1].startswith("TABLE sales_regions,")
    customers = BIG.find("customers")
    assert customers is not None
    assert customers.summary() in lines
    following = lines[lines.index(customers.summary()) + 1]
    assert following == "  matching columns: sales_region_id"


def test_search_finds_tables_by_comment_words() -> None:
    assert entries(search_schema(BIG, "forklift"))[0].startswith("TABLE warehouse_equipment,")
    overdue = search_schema(BIG, "overdue")
    assert entries(overdue)[0].startswith("TABLE invoices,")
    assert "  matching columns: due_date" in overdue.splitlines()


def test_search_prefers_the_table_a_phrase_names() -> None:
    assert entries(search_schema(BIG, "order items"))[0].startswith("TABLE order_items,")
    assert entries(search_schema(BIG, "stock level"))[0].startswith("TABLE stock_levels,")


def test_search_without_a_match_says_so_and_suggests_a_way_on() -> None:
    result = search_schema(BIG, "zeppelin")
    assert "Nothing in the schema (309 tables) matches 'zeppelin'" in result
    assert "other words" in result
    assert "Give a few words" in search_schema(BIG, "  ?! ")


def test_search_results_are_bounded() -> None:
    result = search_schema(BIG, "id created updated", limit=1000)
    assert len(result) <= SEARCH_CHARS
    assert result.splitlines()[-1].startswith("... and ")
    assert len(entries(search_schema(BIG, "order", limit=3))) == 3
    assert len(search_schema(BIG, "customer orders " * 500)) <= SEARCH_CHARS
    assert len(search_schema(BIG, "zeppelin " * 500)) <= SEARCH_CHARS


def test_search_covers_graph_labels_and_relationship_types() -> None:
    found = entries(search_schema(supply_graph(), "suppl"))
    assert [line.split(",")[0] for line in found] == ["NODE :Supplier", "REL :SUPPLIES"]


# ------------------------------------------------------------------------- describe


def test_describe_renders_tables_in_full_with_incoming_references() -> None:
    orders = BIG.find("orders")
    assert orders is not None
    result = describe_entities(BIG, ["ORDERS", "`order_items`"])
    lines = result.splitlines()
    assert lines[0] == orders.render()
    assert lines[1].startswith("  referenced by: ")
    assert "order_items.order_id" in lines[1] and "shipments.order_id" in lines[1]
    assert "work_orders.sales_order_id" in lines[1]
    assert any(line.startswith("TABLE order_items(") for line in lines)


def test_describe_lists_only_so_many_references_of_a_hub() -> None:
    result = describe_entities(BIG, ["app_users"])
    refs = result.splitlines()[1]
    assert refs.startswith("  referenced by: ") and refs.endswith(" more)")


def test_describe_suggests_names_for_unknown_ones() -> None:
    result = describe_entities(BIG, ["order_itemz", "customer"])
    lines = result.splitlines()
    assert lines[0].startswith("no table or label called order_itemz; did you mean: order_items")
    assert lines[1].startswith("no table or label called customer; did you mean: customers")
    assert "customer_addresses" in lines[1]
    assert describe_entities(BIG, ["qqqq"]).startswith("no table or label called qqqq;")


def test_describe_takes_a_comma_separated_list_and_skips_repeats() -> None:
    result = describe_entities(BIG, ["carriers, shipments", "Carriers"])
    assert [line.split("(")[0] for line in result.splitlines() if line.startswith("TABLE")] == [
        "TABLE carriers",
        "TABLE shipments",
    ]


def test_describe_stays_within_its_budget_and_says_what_it_left_out() -> None:
    names = [e.name for e in BIG.entities]
    result = describe_entities(BIG, names, budget=12_000)
    assert len(result) <= 12_000
    last = result.splitlines()[-1]
    assert last.startswith("Not described (over the 12,000-character limit): ")
    assert last.endswith("Ask for fewer at a time.")
    described = [line for line in result.splitlines() if line.startswith("TABLE")]
    assert 10 < len(described) < len(names)
    first_left_out = names[len(described)]
    assert first_left_out in last


def test_describe_clips_one_entity_larger_than_the_budget() -> None:
    huge = Entity("table", "wide", tuple(Column(f"c{i}", "DOUBLE") for i in range(500)))
    also = Entity("table", "wide2", huge.columns)
    narrow = Entity("table", "narrow", (Column("id", "INT(11)"),))
    schema = Schema("mariadb", "x", (huge, also, narrow))
    result = describe_entities(schema, ["wide", "narrow"], budget=1000)
    assert len(result) <= 1000
    first, second = result.splitlines()
    assert first.startswith("TABLE wide(c0 DOUBLE") and first.endswith("…")
    assert second == "TABLE narrow(id INT(11))"  # it fits in the room kept for the note
    result = describe_entities(schema, ["wide", "wide2", "narrow"], budget=1000)
    assert len(result) <= 1000
    assert result.splitlines()[1] == (
        "Not described (over the 1,000-character limit): wide2, narrow. Ask for fewer at a time."
    )
    with pytest.raises(ValueError):
        describe_entities(schema, ["wide"], budget=100)


def test_describe_shows_the_relationships_a_label_is_in() -> None:
    graph = supply_graph()
    result = describe_entities(graph, [":Part", "USED_AT"])
    lines = result.splitlines()
    assert lines[0].startswith("NODE (:Part {")
    assert lines[1] == (
        "  in relationships: (:Supplier)-[:SUPPLIES]->(:Part), (:Part)-[:USED_AT]->(:Plant)"
    )
    assert lines[2].startswith("REL (:Part)-[:USED_AT]->(:Plant)")


def test_describe_without_names_asks_for_some() -> None:
    assert describe_entities(BIG, []).startswith("Name one or more tables")
