"""The schema in the first prompt: whole when small (the paper's setting), cut to the budget
with the question's tables in full when large."""

from __future__ import annotations

from pathlib import Path

import pytest

from planrag.schema import Column, Entity, ForeignKey, Schema
from planrag.schema._model import COMMON_LEGEND, common_columns
from planrag.schema.budget import (
    DEFAULT_BUDGET,
    MIN_BUDGET,
    NOTED_TABLES,
    SchemaView,
    prompt_schema,
)
from tests._big_schema import QUESTIONS, big_schema
from tests.schema._schemas import dump_paths, dump_schema, supply_graph

BIG = big_schema()


def check_accounting(schema: Schema, view: SchemaView) -> None:
    """Every entity is shown, named or counted, exactly once, as the text says."""
    names = [e.name for e in schema.entities]
    assert len(view.shown) + len(view.named) + view.omitted == len(names)
    assert not set(view.shown) & set(view.named)
    assert set(view.shown) | set(view.named) <= set(names)
    lines = view.text.splitlines()
    folded = any(line.startswith(COMMON_LEGEND) for line in lines)
    common = frozenset(common_columns(schema.entities) if folded else ())
    for n, name in enumerate(view.shown):
        entity = schema.find(name)
        assert entity is not None and (
            entity.render() if view.complete else
            entity.render(brief=True, common=common, notes=n < NOTED_TABLES)
        ) in lines
    if not view.complete:
        assert lines[0] == schema.header() or lines[0].endswith("…")
        assert "search_schema" in lines[-1] and "describe_tables" in lines[-1]
        assert f"{len(view.shown)} of {len(names)}" in lines[-1]


# ------------------------------------------------------------------------- small schemas


@pytest.mark.parametrize("path", dump_paths(), ids=lambda p: f"{p.parent.parent.name}/{p.name}")
def test_dqa_and_demo_schemas_are_shown_whole_and_unchanged(path: Path) -> None:
    schema = dump_schema(path)
    for question in (None, "Which trade node should the merchant be placed in?"):
        view = prompt_schema(schema, question)
        assert view.complete
        assert view.text == schema.render()
        assert view.shown == tuple(e.name for e in schema.entities)
        assert view.named == () and view.omitted == 0


def test_a_schema_exactly_at_the_budget_is_whole_and_one_over_is_cut() -> None:
    schema = supply_graph(labels=30)
    size = len(schema.render())
    assert prompt_schema(schema, "parts", budget=size).complete
    view = prompt_schema(schema, "parts", budget=size - 1)
    assert not view.complete and len(view.text) <= size - 1
    check_accounting(schema, view)


def test_a_budget_below_the_minimum_is_refused() -> None:
    with pytest.raises(ValueError, match="budget"):
        prompt_schema(BIG, "orders", budget=MIN_BUDGET - 1)
    assert len(prompt_schema(BIG, "orders", budget=MIN_BUDGET).text) <= MIN_BUDGET


def test_an_absurdly_long_header_is_shortened_rather_than_the_budget_broken() -> None:
    schema = Schema("mariadb", "d" * 2000, BIG.entities[:3])
    view = prompt_schema(schema, "customers", budget=MIN_BUDGET)
    assert len(view.text) <= MIN_BUDGET
    assert view.text.splitlines()[0].endswith("…")
    check_accounting(schema, view)


# ------------------------------------------------------------------------- the big schema


def test_the_generated_schema_is_of_real_size() -> None:
    tables = BIG.entities
    assert len(tables) >= 300
    assert 11 <= sum(len(t.columns) for t in tables) / len(tables) <= 14
    assert all(t.comment for t in tables)
    assert sum(len(t.foreign_keys) for t in tables) >= 500
    assert len(BIG.render()) > 20 * DEFAULT_BUDGET


@pytest.mark.parametrize(("question", "needed"), QUESTIONS,
                         ids=lambda q: str(sorted(q) if isinstance(q, set) else q)[:40])
def test_each_question_gets_its_tables_in_full_within_the_budget(
    question: str, needed: set[str]
) -> None:
    view = prompt_schema(BIG, question)
    assert not view.complete
    assert len(view.text) <= DEFAULT_BUDGET
    assert needed <= set(view.shown) | set(view.named), f"missing {needed - set(view.shown)}"
    assert len(view.text) > 0.9 * DEFAULT_BUDGET, "the budget should be used, not wasted"
    check_accounting(BIG, view)


def test_the_questions_together_get_nearly_every_needed_table_in_full() -> None:
    """One needed table of 44 is only named: `quality_inspections`, after the lines of the
    purchase orders the question names (a header brings its lines) on a schema whose
    tables are wide enough that eight fit."""
    held = sum(len(needed & set(prompt_schema(BIG, q).shown)) for q, needed in QUESTIONS)
    total = sum(len(needed) for _, needed in QUESTIONS)
    assert held >= 0.95 * total, (held, total)


def test_the_names_of_the_rest_follow_and_the_remainder_is_counted() -> None:
    view = prompt_schema(BIG, QUESTIONS[0][0])
    lines = view.text.splitlines()
    others = [line for line in lines if line.startswith("Other tables: ")]
    assert len(others) == 1
    assert others[0].removeprefix("Other tables: ").split(", ") == list(view.named)
    assert view.omitted > 0
    assert f"... and {view.omitted} more tables" in lines


def test_without_a_question_tables_come_in_schema_order() -> None:
    view = prompt_schema(BIG, None)
    order = [e.name for e in BIG.entities]
    assert view.shown[0] == order[0]
    positions = [order.index(n) for n in view.shown]
    assert positions == sorted(positions)
    assert view.named[0] not in view.shown
    check_accounting(BIG, view)


def test_a_question_matching_nothing_names_tables_instead() -> None:
    view = prompt_schema(BIG, "xyzzy plugh?")
    assert view.shown == ()
    assert len(view.named) > 50
    check_accounting(BIG, view)


def test_a_huge_relevant_table_does_not_keep_smaller_ones_out() -> None:
    huge = Entity(
        "table",
        "shipment_events",
        tuple(Column(f"shipment_metric_{i}", "DOUBLE") for i in range(400)),
        comment="Every shipment sensor metric",
    )
    small = [
        Entity(
            "table",
            "shipments",
            (Column("id", "INT(11)", True), Column("carrier_id", "INT(11)")),
            foreign_keys=(ForeignKey(("carrier_id",), "carriers", ("id",)),),
        ),
        Entity(
            "table", "carriers", (Column("id", "INT(11)", True), Column("name", "VARCHAR(100)"))
        ),
    ]
    filler = [
        Entity("table", f"archive_{i:03d}", (Column("id", "INT(11)", True),)) for i in range(200)
    ]
    schema = Schema("mariadb", "shop", (huge, *filler, *small))
    view = prompt_schema(schema, "Which carrier loses the most shipments?")
    assert len(huge.render()) > DEFAULT_BUDGET
    assert set(view.shown) == {"shipments", "carriers"}
    assert view.named[0] == "shipment_events"
    check_accounting(schema, view)


@pytest.mark.parametrize(("written", "brief"), [
    ("INT(11)", "int"), ("BIGINT UNSIGNED", "int"), ("smallint", "int"), ("HUGEINT", "int"),
    ("TINYINT(1)", "bool"), ("boolean", "bool"), ("TINYINT", "int"),
    ("DECIMAL(14,2)", "decimal"), ("numeric(12, 3)", "decimal"), ("double precision", "float"),
    ("VARCHAR(255)", "text"), ("character varying(60)", "text"), ("CHAR(2)", "text"),
    ("TEXT", "text"), ("DATETIME(6)", "timestamp"), ("timestamp without time zone",
                                                     "timestamp"),
    ("timestamp with time zone", "timestamptz"), ("DATE", "date"), ("time", "time"),
    ("ENUM('OPEN','SHUT')", "ENUM('OPEN','SHUT')"), ("jsonb", "jsonb"), ("uuid", "uuid"),
    ("integer[]", "integer[]"), ("BLOB", "BLOB"), ("ANY", "ANY"),
])
def test_a_cut_schema_writes_column_types_by_kind(written: str, brief: str) -> None:
    from planrag.schema._model import brief_type

    assert brief_type(written) == brief


def test_a_cut_schema_is_brief_and_says_how_to_read_it() -> None:
    """Cut down for a question, a table's line gives its columns' types by kind (none for
    text, the commonest) and a key's target without its column when that has the same name;
    the legend under the header says so; the whole schema, the paper's setting, and
    describe_tables are as the database wrote them."""
    from planrag.schema._model import BRIEF_LEGEND, NOTES_LEGEND
    from planrag.schema.budget import describe_entities

    stock = Entity("table", "stk_lvl", (
        Column("whs_cd", "CHAR(4)", True), Column("itm_no", "INT(11)", True),
        Column("on_hand", "DECIMAL(12,3)"), Column("counted_at", "DATETIME"),
        Column("blocked", "TINYINT(1)", comment="1 while a count is open")),
        foreign_keys=(ForeignKey(("whs_cd",), "whs", ("whs_cd",)),
                      ForeignKey(("itm_no",), "itm_mst", ("id",))))
    filler = [Entity("table", f"gl_{i:03d}", (Column("id", "INT(11)", True),))
              for i in range(400)]
    schema = Schema("mariadb", "shop", (stock, *filler))
    view = prompt_schema(schema, "How much stock is on hand?")
    lines = view.text.splitlines()
    legend = BRIEF_LEGEND + NOTES_LEGEND.format(f"{NOTED_TABLES} tables")
    assert lines[:2] == [schema.header(), legend]
    assert sum(1 for line in lines if line.startswith(BRIEF_LEGEND)) == 1
    assert ("TABLE stk_lvl(whs_cd KEY -> whs, itm_no int KEY -> itm_mst.id, on_hand "
            "decimal, counted_at timestamp, blocked bool '1 while a count is open')") in lines
    assert "text where none is written" in legend
    assert "DECIMAL(12,3)" in stock.render() and "-> whs.whs_cd" in stock.render()
    assert "whs_cd CHAR(4) KEY" in stock.render()
    assert "on_hand DECIMAL(12,3)" in describe_entities(schema, ["stk_lvl"])
    whole = Schema("mariadb", "shop", (stock,))
    assert prompt_schema(whole, "How much stock is on hand?").text == whole.render()
    graph = prompt_schema(supply_graph(labels=200), "Which supplier ships most?")
    assert not graph.complete and BRIEF_LEGEND not in graph.text


def test_a_cut_schema_writes_column_notes_for_its_first_tables_only() -> None:
    """Past the first `NOTED_TABLES` tables in full, a cut schema leaves out the comments of
    their columns (the legend says so) and more tables fit; the tables' own comments stay,
    and describe_tables gives every note. A schema without column comments says nothing of
    notes."""
    from planrag.schema._model import BRIEF_LEGEND, NOTES_LEGEND
    from planrag.schema.budget import describe_entities

    def table(n: int) -> Entity:
        return Entity("table", f"dock_{n:02d}", (
            Column("dock_id", "INT", True),
            Column("dock_sts", "CHAR(1)", comment="O open, C closed, M under maintenance"),
            Column("door_typ", "CHAR(2)", comment="RL roller, SL sliding, LV leveller bay")),
            comment=f"Loading dock {n}")
    docks = [table(n) for n in range(12)]
    filler = [Entity("table", f"gl_{i:03d}", (Column("id", "INT", True),)) for i in range(400)]
    schema = Schema("mariadb", "depot", (*docks, *filler))
    view = prompt_schema(schema, "Which loading dock should get a new door?")
    lines = view.text.splitlines()
    assert lines[1] == BRIEF_LEGEND + NOTES_LEGEND.format(f"{NOTED_TABLES} tables")
    docked = [line for line in lines if line.startswith("TABLE dock_")]
    assert len(docked) == len(docks) > NOTED_TABLES
    noted = [line for line in docked if "'O open, C closed" in line]
    assert docked[:NOTED_TABLES] == noted
    assert all("-- Loading dock" in line for line in docked)
    assert "'O open, C closed, M under maintenance'" in describe_entities(schema, ["dock_11"])
    plain = Schema("mariadb", "depot", (
        *(Entity("table", e.name, tuple(Column(c.name, c.type, c.key) for c in e.columns))
          for e in docks), *filler))
    assert prompt_schema(plain, "Which loading dock?").text.splitlines()[1] == BRIEF_LEGEND
    node = Entity("node", "Dock", (Column("sts", "STRING", comment="O open, C closed"),))
    assert node.render(brief=True, notes=False) == node.render()  # no legend says otherwise


def _audited(name: str, columns: tuple[Column, ...], audit: bool = True) -> Entity:
    """A table an ERP keeps who made and changed each row in."""
    trail = (Column("create_uid", "INT(11)"), Column("create_date", "DATETIME"),
             Column("write_uid", "INT(11)"), Column("write_date", "DATETIME"))
    return Entity("table", name, (Column("id", "INT(11)", True), *columns,
                                  *(trail if audit else ())),
                  foreign_keys=(ForeignKey(("create_uid",), "res_users", ("id",)),
                                ForeignKey(("write_uid",), "res_users", ("id",))) if audit
                  else ())


def test_the_columns_most_tables_have_are_written_once() -> None:
    """An ERP's audit columns, in every table, took a fifth of each line: a cut schema names
    them once under its legend and writes `*` in each table that has them all. A table
    without them lists its own columns only; a key is never folded; a schema with fewer
    than ten tables that have them folds nothing."""
    from planrag.schema._model import COMMON_MARK

    partners = _audited("res_partner", (Column("name", "VARCHAR(80)"),
                                        Column("credit_limit", "DECIMAL(12,2)")))
    link = _audited("sale_order_tag_rel", (Column("order_id", "INT(11)", True),
                                           Column("tag_id", "INT(11)", True)), audit=False)
    filler = [_audited(f"mrp_{n:03d}", (Column(f"qty_{n}", "DECIMAL(12,3)"),))
              for n in range(300)]
    schema = Schema("postgres", "erp", (partners, link, *filler))
    assert common_columns(schema.entities) == (
        "create_date timestamp", "create_uid int -> res_users.id", "write_date timestamp",
        "write_uid int -> res_users.id")
    view = prompt_schema(schema, "Which partners are over their credit limit?")
    lines = view.text.splitlines()
    assert lines[2] == COMMON_LEGEND + ", ".join(common_columns(schema.entities))
    assert ("TABLE res_partner(id int KEY, name, credit_limit decimal, "
            f"{COMMON_MARK})") in lines
    assert "create_uid INT(11) -> res_users.id" in partners.render()  # as written, whole
    check_accounting(schema, view)
    # without them (a many-to-many table), a table lists its own and no star
    view = prompt_schema(schema, "Which sale order tag rel rows are there?")
    assert "TABLE sale_order_tag_rel(id int KEY, order_id int KEY, tag_id int KEY)" in (
        view.text.splitlines())
    few = Schema("postgres", "erp", (partners, *filler[:8], *(
        _audited(f"gl_{n:03d}", (Column(f"amt_{n}", "DECIMAL(12,2)"),), audit=False)
        for n in range(300))))
    assert common_columns(few.entities) == ()
    assert COMMON_LEGEND not in prompt_schema(few, "Which partners owe us most?").text


# ------------------------------------------------------------------------- graphs


def test_graph_relationships_between_relevant_labels_are_shown() -> None:
    schema = supply_graph(labels=40)
    view = prompt_schema(
        schema, "Which suppliers' parts are used at the plant in Lyon?", budget=1500
    )
    assert not view.complete and len(view.text) <= 1500
    assert {"Supplier", "Part", "Plant", "SUPPLIES", "USED_AT"} <= set(view.shown)
    check_accounting(schema, view)
    assert any(line.startswith("Other node labels: Archive") for line in view.text.splitlines())


def test_graph_labels_a_relevant_relationship_connects_are_shown() -> None:
    schema = supply_graph(labels=40)
    view = prompt_schema(schema, "What lead time is agreed for everything supplied?", budget=1500)
    assert view.shown[0] == "SUPPLIES"
    assert {"Supplier", "Part"} <= set(view.shown)
    check_accounting(schema, view)
