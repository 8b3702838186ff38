"""The schema a run's first prompt holds for its question, and why each table is in it.

A large schema is cut to the budget for the question (`planrag.schema.budget.prompt_schema`).
Before the tables the question's words rank come those the dataset already knows it needs:
the manifest's `required` (read against the schema by `plan_check.read_required`), then,
when the question is close to a decision written in the manifest, every table that
decision's queries read: a person asking "which depot should get the extra refrigerated
truck?" of a dataset whose written decision is "Depot for the next refrigerated truck" needs
what that decision reads, whatever the question's words say.

A question is close to a written decision when it shares at least two words with the
decision's title, objective, unit and parameters, and those are half of the title's words or
half of the question's (`close_decisions`); the two closest at most.

The engine, `planrag schema --question` (the reasons on standard error), the describe tool
and the run's `schema_chosen` event all come from here.
"""

from __future__ import annotations

from dataclasses import dataclass

from planrag.engine.plan_check import (
    RequiredNames,
    Requirements,
    WrittenDecision,
    read_required,
    tables_named,
)
from planrag.schema import Schema
from planrag.schema._tokens import words
from planrag.schema.budget import SchemaView, prompt_schema
from planrag.sources.base import DataSource

__all__ = ["FirstSchema", "close_decisions", "first_prompt_schema"]

MOST_DECISIONS = 2
"""Written decisions whose tables a question close to them brings in."""
_ANY_QUESTION = frozenset(words(
    "get extra next add added new another second best worst most least first last more less "
    "fewer top put go goes choose pick decide decision option candidate good better high low "
    "week month year"))
"""Words of any decision question: they say nothing of which decision it is."""
REQUIRED = "named in the dataset's `required`"


@dataclass(frozen=True)
class FirstSchema:
    """A source's schema as read, what the first prompt holds of it, and the manifest's
    `required` as that schema names it."""

    schema: Schema
    view: SchemaView | None
    """None without a question: the whole schema is `Schema.render()`."""
    required: RequiredNames


def close_decisions(
    question: str, written: tuple[WrittenDecision, ...]
) -> list[WrittenDecision]:
    """The written decisions `question` is close to, closest first (at most
    `MOST_DECISIONS`): those sharing at least two words with it, among them half the words
    of their title or half the question's own words (words any decision question uses,
    "extra", "next", "best", do not count)."""
    asked = set(words(question)) - _ANY_QUESTION
    found: list[tuple[float, int, WrittenDecision]] = []
    for n, decision in enumerate(written):
        title = set(words(decision.title)) - _ANY_QUESTION
        shared = asked & (title | set(words(decision.words)))
        by_title = bool(title) and 2 * len(asked & title) >= len(title)
        by_question = bool(asked) and 2 * len(shared) >= len(asked)
        if len(shared) >= 2 and (by_title or by_question):
            found.append((len(shared) / len(asked | title), -n, decision))
    found.sort(key=lambda f: (f[0], f[1]), reverse=True)
    return [d for _, _, d in found[:MOST_DECISIONS]]


async def first_prompt_schema(
    source: DataSource, needs: Requirements, question: str | None, budget: int
) -> FirstSchema:
    """`source`'s schema as a run's first prompt holds it for `question`: the tables the
    dataset's `required` names first, then those of the written decisions the question is
    close to, all in full, then what the question ranks."""
    schema = await source.schema()
    needed = await read_required(needs.always, {"": source})
    if question is None:
        return FirstSchema(schema, None, needed)
    first = [(table, REQUIRED) for table in needed.tables]
    for decision in close_decisions(question, needs.written):
        read = await tables_named(decision.tables, {"": source})
        reason = (f"read by the written decision \u201c{decision.title}\u201d, which the "
                  "question is close to")
        first += [(table, reason) for table in read]
    return FirstSchema(schema, prompt_schema(schema, question, budget, first), needed)
