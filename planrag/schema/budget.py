"""The schema in the model's first prompt, within a character budget, and the tools that show
the rest on demand.

A DQA or demo schema is a few hundred characters and goes into the prompt whole, byte for byte
`Schema.render()`, as in the paper. A real database (hundreds of tables) does not fit: re-sent
on every model call, it would cost more than the rest of the conversation. Then the prompt
holds the header, the values the question names ("Values named in the question:", one line
each, from the schema's value index: `planrag.schema._values`), the tables or labels in
full (first those the caller puts first: the dataset's `required`, the tables of a written
decision close to the question; then in order of relevance to the question, ranked
lexically, offline, each followed by its lines or its header and by the tables that join it
to a better one when no key links them directly: `planrag.schema._relevance.ordered`;
written briefly, and past the first `NOTED_TABLES` without their columns' comments) while
they fit in `FULL_SHARE` of the budget, each with why it is there (`SchemaView.reasons`),
the others by name while room lasts (first those one or two keys from a table in full, whose
names the model can then join to, and tables known to be empty last: `for_names`), a count of the
rest, and a line telling the model to
call `search_schema` and `describe_tables` (the tools behind `search_schema` and
`describe_entities` here) for whatever it needs
beyond that.

Every line is whole: the budget is split before anything is written, so the names and the
closing hint are never cut off, and `len(view.text) <= budget` always holds.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from planrag.schema._lookup import close_names, describe_entities, kinds_noun, search_schema
from planrag.schema._model import BRIEF_LEGEND, COMMON_LEGEND, NOTES_LEGEND, Entity, Schema
from planrag.schema._relevance import index_of, ordered, rank
from planrag.schema._values import Link

__all__ = [
    "DEFAULT_BUDGET",
    "MIN_BUDGET",
    "SchemaView",
    "close_names",
    "describe_entities",
    "kinds_noun",
    "prompt_schema",
    "rank_entities",
    "search_schema",
]

DEFAULT_BUDGET = 6000
"""Characters (`PLANRAG_SCHEMA_BUDGET`): about 1,500 tokens."""
MIN_BUDGET = 400
"""Below this not even the header, one table and the hint fit sensibly."""
FULL_SHARE = 0.8
"""Share of the budget that entities rendered in full may take; the rest is for names."""
LINKS_SHARE = 0.1
"""Share of the budget the values named in the question may take (at most `MOST_LINKS`
lines); links past it are left out whole."""
MOST_LINKS = 8
LINKS_TITLE = "Values named in the question:"
NOTED_TABLES = 5
"""Tables in full whose columns' comments a cut schema writes: the first, those the question
most likely reads, whose codes ('E arranged, T temporary') its filters need. The others come
without them (`describe_tables` has them): the comments took a quarter of the lines, and
without them about a third more tables fit in full."""
COMMON_LEGEND_SHARE = 0.1
"""Share of the budget the line naming the columns most tables have may take; a longer one
(long comments on them) is not written, and the tables list those columns."""
EVERYWHERE = 0.2
"""Share of all tables a table must be linked to for its links to say nothing of nearness
(`for_names`)."""

_OTHERS = {
    "table": "Other tables: ",
    "node": "Other node labels: ",
    "relationship": "Other relationship types: ",
}


@dataclass(frozen=True, slots=True)
class SchemaView:
    """What the first prompt shows of a schema."""

    text: str
    """What goes into the prompt."""
    complete: bool
    """True when the whole schema is shown (`text == schema.render()`)."""
    shown: tuple[str, ...]
    """Entities rendered in full, in the order shown."""
    named: tuple[str, ...]
    """Entities only named."""
    omitted: int
    """Entities neither shown nor named (only counted)."""
    links: tuple[Link, ...] = ()
    """Values of the question found in the schema's value index, as the text says them
    (none when the whole schema is shown)."""
    reasons: tuple[tuple[str, str], ...] = ()
    """(entity, why it is shown in full) for each of `shown` when the schema is cut for a
    question: "named in the dataset's `required`", "named by the question ("customer")",
    "on the join path between customers and products", ..."""


def rank_entities(schema: Schema, text: str) -> list[tuple[Entity, float]]:
    """Entities relevant to `text`, best first, with their scores (all > 0): lexical
    matches on names, columns and comments weighted by rarity, the tables holding values
    `text` names, plus a share for the foreign-key (or pattern) neighbours of the best.
    Deterministic; ties keep schema order."""
    return rank(schema, text, question_links(schema, text))


def question_links(schema: Schema, text: str | None) -> list[Link]:
    """The values `text` names, from the schema's value index (none without one)."""
    if text is None or schema.values is None:
        return []
    return schema.values.links(text)


def prompt_schema(
    schema: Schema, question: str | None, budget: int = DEFAULT_BUDGET,
    first: Sequence[tuple[str, str]] = (),
) -> SchemaView:
    """The schema for the first prompt: whole when it fits in `budget` characters; otherwise
    the values `question` names, the entities `first` names ((name as the schema names it,
    why): the dataset's `required`, a written decision's tables) and then those most
    relevant to the question in full, in that order while they fit (schema order when there
    is no question), the rest named or counted, and a hint at the schema tools."""
    if budget < MIN_BUDGET:
        raise ValueError(f"a schema budget below {MIN_BUDGET} characters is not usable")
    whole = schema.render()
    if len(whole) <= budget:
        return SchemaView(whole, True, tuple(e.name for e in schema.entities), (), 0)
    links = question_links(schema, question)
    full: list[_Candidate] = [_Candidate(entity, reason) for name, reason in first
                              for entity in schema.entities if entity.name == name]
    if question is None:
        full += [_Candidate(entity, "in the schema's order (no question)")
                 for entity in schema.entities]
        return _Layout(schema, budget, links).fill(full, [])
    full += [_Candidate(*place) for place in ordered(schema, question, links)]
    return _Layout(schema, budget, links).fill(full, schema.entities)


@dataclass(frozen=True, slots=True)
class _Candidate:
    """An entity the prompt may show in full, why, and the entities it is only worth
    showing beside (a header's lines, a join path's ends)."""

    entity: Entity
    reason: str
    beside: tuple[Entity, ...] = ()


class _Layout:
    """Lays the cut-down view out line by line; every length is known before it is added."""

    def __init__(self, schema: Schema, budget: int, links: Sequence[Link] = ()) -> None:
        self.schema = schema
        self.budget = budget
        total = len(schema.entities)
        noun = kinds_noun({e.kind for e in schema.entities})
        # The longest the closing lines can be: counts never exceed the total, and the noun
        # of a subset of kinds is never longer than the noun of all of them.
        reserve = len(_hint(total, total, noun)) + 1 + len(_more_line(total, noun)) + 1
        self.room = budget - reserve
        """Room for the header, the links, the full entities and the names together."""
        common = index_of(schema).common
        said = "\n" + COMMON_LEGEND + ", ".join(common)
        if not common or len(said) > budget * COMMON_LEGEND_SHARE:
            common, said = (), ""
        self.common = frozenset(common)
        """The columns each table that has them all writes as one `*`."""
        self.lines: dict[tuple[int, bool], str] = {}
        """Each entity's line with and without its columns' comments, once written (by
        identity: two tables may look alike)."""
        tables = [e for e in schema.entities if e.kind == "table"]
        noted = any(c.comment for e in tables for c in e.columns)
        brief = BRIEF_LEGEND + (NOTES_LEGEND.format(f"{NOTED_TABLES} tables") if noted else "")
        legend = ("\n" + brief if tables else "") + said
        self.header = _fit(schema.header(), self.room - len(legend))
        room = min(int(budget * LINKS_SHARE), self.room - len(self.header) - len(legend))
        self.links, self.link_lines = _links_block(links, room)
        if self.link_lines:
            self.header += "\n" + "\n".join(self.link_lines)
        self.header += legend

    def fill(self, full: Sequence[_Candidate], rest: Sequence[Entity]) -> SchemaView:
        shown, why = self._full(full)
        taken = {id(e) for e in shown}
        remaining = for_names(self.schema, shown, [
            e for e in _distinct([*(c.entity for c in full), *rest]) if id(e) not in taken])
        written = [self._line(e, n < NOTED_TABLES) for n, e in enumerate(shown)]
        used = len(self.header) + sum(len(line) + 1 for line in written)
        named = _names(remaining, self.room - used)
        left = remaining[len(named) :]
        lines = [self.header, *written, *_name_lines(named)]
        if left:
            lines.append(_more_line(len(left), kinds_noun({e.kind for e in left})))
        noun = kinds_noun({e.kind for e in self.schema.entities})
        lines.append(_hint(len(shown), len(self.schema.entities), noun))
        text = "\n".join(lines)
        assert len(text) <= self.budget, (len(text), self.budget)
        ordered = sorted(named, key=lambda e: list(_OTHERS).index(e.kind))
        return SchemaView(
            text, False, tuple(e.name for e in shown), tuple(e.name for e in ordered), len(left),
            self.links, tuple((e.name, why[id(e)]) for e in shown),
        )

    def _line(self, entity: Entity, notes: bool) -> str:
        line = self.lines.get((id(entity), notes))
        if line is None:
            line = entity.render(brief=True, common=self.common, notes=notes)
            self.lines[(id(entity), notes)] = line
        return line

    def _full(self, candidates: Sequence[_Candidate]) -> tuple[list[Entity], dict[int, str]]:
        """Candidates in order while they fit in the full share, each with why; one that
        does not fit is skipped, so a huge table does not keep smaller relevant ones out,
        and so is one whose companions (`_Candidate.beside`) are not shown. An entity that
        comes twice is shown at its first place that qualifies."""
        limit = min(int(self.budget * FULL_SHARE), self.room)
        used = len(self.header)
        shown: list[Entity] = []
        why: dict[int, str] = {}
        for c in candidates:
            if id(c.entity) in why or any(id(e) not in why for e in c.beside):
                continue
            cost = len(self._line(c.entity, len(shown) < NOTED_TABLES)) + 1
            if used + cost <= limit:
                shown.append(c.entity)
                why[id(c.entity)] = c.reason
                used += cost
        return shown, why


def _links_block(links: Sequence[Link], room: int) -> tuple[tuple[Link, ...], list[str]]:
    """The links that fit in `room` characters under their title (whole lines only), and
    the lines; none when not even the first fits."""
    kept: list[Link] = []
    lines = [LINKS_TITLE]
    used = len(LINKS_TITLE) + 1
    for link in links[:MOST_LINKS]:
        line = link.render()
        if used + len(line) + 1 > room:
            continue
        kept.append(link)
        lines.append(line)
        used += len(line) + 1
    return (tuple(kept), lines) if kept else ((), [])


def _distinct(entities: Sequence[Entity]) -> list[Entity]:
    """`entities` without repeats, first occurrence kept (by identity: two tables may look
    alike)."""
    seen: set[int] = set()
    out = []
    for entity in entities:
        if id(entity) not in seen:
            seen.add(id(entity))
            out.append(entity)
    return out


def _names(entities: Sequence[Entity], room: int) -> list[Entity]:
    """The first entities whose names fit in `room` characters of "Other ...:" lines."""
    started: set[str] = set()
    used = 0
    out: list[Entity] = []
    for entity in entities:
        if entity.kind in started:
            cost = 2 + len(entity.name)
        else:
            cost = 1 + len(_OTHERS[entity.kind]) + len(entity.name)
        if used + cost > room:
            break
        started.add(entity.kind)
        used += cost
        out.append(entity)
    return out


def _name_lines(named: Sequence[Entity]) -> list[str]:
    lines = []
    for kind, prefix in _OTHERS.items():
        names = [e.name for e in named if e.kind == kind]
        if names:
            lines.append(prefix + ", ".join(names))
    return lines


def _more_line(count: int, noun: str) -> str:
    return f"... and {count} more {noun}"


def _hint(shown: int, total: int, noun: str) -> str:
    return (
        f"({shown} of {total} {noun} shown in full. Call search_schema to find others by "
        "words, and describe_tables for the full columns, keys and references of any of them.)"
    )


def _fit(line: str, width: int) -> str:
    """`line`, shortened with an ellipsis when it is wider than `width` (only a header of
    absurd length ever is)."""
    return line if len(line) <= width else line[: max(0, width - 1)] + "…"


def for_names(schema: Schema, shown: Iterable[Entity], rest: Iterable[Entity]) -> list[Entity]:
    """`rest` in the order the first prompt names them: those linked by key to a table shown
    in full first, then those two keys away (not through a table linked to more than
    `EVERYWHERE` of them: the users every table's `created_by` names), then the others,
    copies last; each group in the order given, and all of them before the tables known to
    hold no rows, which follow in the same groups."""
    index = index_of(schema)
    position = {id(e): i for i, e in enumerate(schema.entities)}
    ring = {position[id(e)]: 0 for e in shown if id(e) in position}
    edge = list(ring)
    for step in (1, 2):
        edge = [j for i in edge if len(index.neighbours[i]) <= EVERYWHERE * len(position)
                for j in index.neighbours[i] if j not in ring]
        ring.update(dict.fromkeys(edge, step))

    def group(entity: Entity) -> int:
        i = position.get(id(entity), -1)
        return 9 if i in index.copies else ring.get(i, 3)

    return sorted(rest, key=lambda e: (position.get(id(e), -1) in index.empty, group(e)))
