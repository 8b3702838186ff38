"""Properties of the budgeted view and the tools on random schemas, questions and budgets."""

from __future__ import annotations

from itertools import pairwise

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from planrag.schema import Column, Entity, ForeignKey, Schema
from planrag.schema._lookup import SEARCH_CHARS
from planrag.schema._model import BRIEF_LEGEND, COMMON_LEGEND
from planrag.schema.budget import (
    MIN_BUDGET,
    describe_entities,
    prompt_schema,
    rank_entities,
    search_schema,
)
from tests.schema.test_budget import check_accounting

WORDS = [
    "order",
    "orders",
    "item",
    "customer",
    "region",
    "stock",
    "level",
    "warehouse",
    "invoice",
    "supplier",
    "ship",
    "shipment",
    "id",
    "name",
    "created",
    "date",
    "amount",
    "status",
    "x",
    "Part",
    "USED",
    "the",
    "which",
    "late",
    "rate",
    "category",
    "categories",
]
"""A small vocabulary, so that names, comments and questions often meet."""

identifier = st.lists(st.sampled_from(WORDS), min_size=1, max_size=4).map("_".join)
text = st.lists(st.sampled_from(WORDS), max_size=12).map(" ".join)


@st.composite
def schemas(draw: st.DrawFn) -> Schema:
    """Tables, or node labels with relationship types, with unique names, random columns,
    comments and links (foreign keys or patterns, some to names that do not exist)."""
    graph = draw(st.booleans())
    names = draw(st.lists(identifier, min_size=1, max_size=40, unique=True))
    entities = []
    for n, name in enumerate(names):
        columns = tuple(
            Column(
                c,
                draw(st.sampled_from(["INT(11)", "VARCHAR(255)", "STRING"])),
                draw(st.booleans()),
                draw(text),
            )
            for c in draw(st.lists(identifier, max_size=16, unique=True))
        )
        targets = draw(st.lists(st.sampled_from([*names, "missing"]), max_size=3))
        comment = draw(text)
        if graph and n % 3 == 2:
            patterns = tuple(f"(:{a})-[:{name}]->(:{b})" for a, b in pairwise(targets))
            entities.append(
                Entity("relationship", name, columns, patterns=patterns, rows=n, comment=comment)
            )
        elif graph:
            entities.append(Entity("node", name, columns, rows=n, comment=comment))
        else:
            fks = tuple(ForeignKey((f"{t}_id",), t, ("id",)) for t in targets)
            entities.append(
                Entity(
                    "table",
                    name,
                    columns,
                    rows=None if n % 2 else n,
                    rows_exact=n % 4 == 0,
                    comment=comment,
                    foreign_keys=fks,
                )
            )
    return Schema("neo4j" if graph else "mariadb", draw(identifier), tuple(entities))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(schemas(), st.none() | text, st.integers(MIN_BUDGET, 12_000))
def test_the_view_is_within_budget_deterministic_and_accounts_for_everything(
    schema: Schema, question: str | None, budget: int
) -> None:
    view = prompt_schema(schema, question, budget)
    assert len(view.text) <= budget
    assert view.complete == (view.text == schema.render())
    assert view.complete == (len(schema.render()) <= budget)
    assert view == prompt_schema(schema, question, budget)
    check_accounting(schema, view)
    if not view.complete:
        for line in view.text.splitlines()[1:]:
            assert line.startswith(BRIEF_LEGEND) or line.startswith(
                ("TABLE ", "NODE ", "REL ", "Other ", "... and ", "(", COMMON_LEGEND))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(schemas(), text)
def test_ranking_is_positive_sorted_and_stable(schema: Schema, question: str) -> None:
    ranked = rank_entities(schema, question)
    scores = [s for _, s in ranked]
    assert all(s > 0 for s in scores) and scores == sorted(scores, reverse=True)
    assert ranked == rank_entities(schema, question)
    assert all(any(e is s for s in schema.entities) for e, _ in ranked)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    schemas(),
    text,
    st.integers(1, 50),
    st.lists(identifier, max_size=8),
    st.integers(MIN_BUDGET, 5000),
)
def test_the_tools_stay_bounded(
    schema: Schema, terms: str, limit: int, names: list[str], budget: int
) -> None:
    assert len(search_schema(schema, terms, limit)) <= SEARCH_CHARS
    described = describe_entities(schema, names, budget)
    assert len(described) <= budget
    assert described == describe_entities(schema, names, budget)
