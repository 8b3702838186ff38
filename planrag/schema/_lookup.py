"""The schema tools the model calls when the first prompt showed only part of the schema:
`search_schema` (which tables or labels are about these words?) and `describe_entities`
(everything about these ones). Their text goes to the model like any tool result, so both are
bounded, and both answer a miss with a way forward rather than a bare "not found".
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence

from planrag.schema._model import Entity, Schema
from planrag.schema._relevance import Index, base_scores, index_of
from planrag.schema._tokens import fragments, words
from planrag.schema._values import quoted

__all__ = ["close_names", "describe_entities", "kinds_noun", "search_schema"]

SEARCH_CHARS = 4000
"""Upper bound of a search answer (a tool result the model reads in full)."""
VALUE_SCORE = 10.0
"""Added to the search score of a table holding a value the terms name."""
MATCHING_COLUMNS = 8
REFERENCED_BY = 30
"""Incoming references listed per table; a hub table has hundreds."""
MIN_DESCRIBE = 400


def kinds_noun(kinds: Iterable[str]) -> str:
    """ "tables", "node labels", "labels and relationship types", ... for a set of kinds (a
    superset never gets a shorter noun: budgets reserve room with the whole schema's)."""
    present = set(kinds)
    if present == {"node"}:
        return "node labels"
    if present == {"relationship"}:
        return "relationship types"
    nouns = (("table", "tables"), ("node", "labels"), ("relationship", "relationship types"))
    parts = [noun for kind, noun in nouns if kind in present] or ["tables"]
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " and " + parts[-1]


# ------------------------------------------------------------------------------ search


def search_schema(schema: Schema, terms: str, limit: int = 15) -> str:
    """The entities that match `terms` (words, or fragments of names), best first: one
    `summary()` line each, plus the columns that matched. At most `limit` entities and about
    `SEARCH_CHARS` characters."""
    total = len(schema.entities)
    noun = kinds_noun({e.kind for e in schema.entities})
    if not words(terms) and not fragments(terms):
        return f"Give a few words or part of a name to search for ({total} {noun} in all)."
    quoted = repr(_clip(" ".join(terms.split()), 100))
    scores = _search_scores(index_of(schema), terms)
    holding = _values_named(schema, terms)
    for i, entity in enumerate(schema.entities):
        if entity.name in holding:
            scores[i] += VALUE_SCORE
    hits = sorted((i for i, s in enumerate(scores) if s > 0), key=lambda i: (-scores[i], i))
    if not hits:
        return (
            f"Nothing in the schema ({total} {noun}) matches {quoted}. Try other words "
            "(a synonym, a shorter part of a name, a column you expect) or describe_tables "
            "with a name you know."
        )
    lines = [f"{len(hits)} of {total} {noun} match {quoted}, best first:"]
    size = len(lines[0])
    shown = 0
    for i in hits[: max(1, limit)]:
        entry = _search_entry(schema.entities[i], terms)
        for said in holding.get(schema.entities[i].name, ())[:3]:
            entry += "\n  holds the value: " + said
        if size + 1 + len(entry) > SEARCH_CHARS - 80:
            break
        lines.append(entry)
        size += 1 + len(entry)
        shown += 1
    if shown < len(hits):
        lines.append(f"... and {len(hits) - shown} more; add words to narrow the search.")
    return "\n".join(lines)


def _values_named(schema: Schema, terms: str) -> dict[str, list[str]]:
    """Entity -> "column = 'value'" for each value of the schema's value index that the
    search terms name."""
    out: dict[str, list[str]] = {}
    for link in schema.values.links(terms) if schema.values is not None else ():
        for entity, column in link.places:
            out.setdefault(entity, []).append(f"{column} = {quoted(link.value)}")
    return out


def _search_entry(entity: Entity, terms: str) -> str:
    entry = _clip(entity.summary(), 400)
    matched = _matching_columns(entity, terms)
    if matched:
        extra = len(matched) - MATCHING_COLUMNS
        names = ", ".join(matched[:MATCHING_COLUMNS]) + (f" (+{extra} more)" if extra > 0 else "")
        entry += "\n  matching columns: " + _clip(names, 300)
    return entry


def _matching_columns(entity: Entity, terms: str) -> list[str]:
    stems = set(words(terms))
    frags = fragments(terms)
    out = []
    for column in entity.columns:
        name = column.name.lower()
        if (
            stems & set(words(column.name))
            or any(f in name for f in frags)
            or stems & set(words(column.comment))
        ):
            out.append(column.name)
    return out


# ------------------------------------------------------------------------------ describe


def describe_entities(schema: Schema, names: Sequence[str], budget: int = 12_000) -> str:
    """Each named entity in full (`Entity.render()`), with the tables that reference it (or
    for a label, the relationship patterns it appears in); a "did you mean" for unknown
    names. Within `budget` characters: what does not fit is listed as not described (room
    for that note is kept before each entity is added)."""
    if budget < MIN_DESCRIBE:
        raise ValueError(f"a describe budget below {MIN_DESCRIBE} characters is not usable")
    wanted = _wanted(schema, names)
    if not wanted:
        return "Name one or more tables or labels to describe (search_schema finds names)."
    blocks: list[str] = []
    size = -1  # the length of "\n".join(blocks), counting the separator to come
    for n, name in enumerate(wanted):
        later = wanted[n + 1 :]
        keep = 1 + len(_not_described(later, budget)) if later else 0
        block = _describe_one(schema, name)
        if size + 1 + len(block) + keep > budget:
            if blocks:  # the room for this note was kept by the previous step
                blocks.append(_not_described(wanted[n:], budget))
                break
            block = _clip(block, budget - keep)
        blocks.append(block)
        size += 1 + len(block)
    return "\n".join(blocks)


def _wanted(schema: Schema, names: Sequence[str]) -> list[str]:
    """The names asked for, in order, without repeats; "a, b" is taken as two names when
    it is not itself a name."""
    out: list[str] = []
    for raw in names:
        parts = [raw] if schema.find(raw) or "," not in raw else raw.split(",")
        for part in parts:
            part = part.strip()
            if part and part.casefold() not in {o.casefold() for o in out}:
                out.append(part)
    return out


def _describe_one(schema: Schema, name: str) -> str:
    entity = schema.find(name)
    if entity is None:
        return _unknown(schema, name)
    lines = [entity.render()]
    if entity.kind == "table":
        refs = _referenced_by(schema, entity.name)
        if refs:
            lines.append("  referenced by: " + _listing(refs, REFERENCED_BY))
    elif entity.kind == "node":
        patterns = _patterns_of(schema, entity.name)
        if patterns:
            lines.append("  in relationships: " + _listing(patterns, REFERENCED_BY))
    return "\n".join(lines)


def _referenced_by(schema: Schema, table: str) -> list[str]:
    out = []
    for other in schema.entities:
        for fk in other.foreign_keys:
            if fk.table == table or fk.table.casefold() == table.casefold():
                out += [f"{other.name}.{column}" for column in fk.columns]
    return out


def _patterns_of(schema: Schema, label: str) -> list[str]:
    return [
        pattern
        for rel in schema.entities
        if rel.kind == "relationship" and label in rel.references()
        for pattern in rel.patterns
        if f":{label})" in pattern or f":{label}:" in pattern
    ]


def close_names(name: str, names: Sequence[str], limit: int = 4,
                similar: int | None = None) -> list[str]:
    """The names most like `name` (a table, label or column someone misspelt): the same but
    for case, then difflib's `similar` closest (at least 0.6 alike), then those containing
    it; at most `limit`."""
    folded: dict[str, str] = {}
    for candidate in names:
        folded.setdefault(candidate.casefold(), candidate)
    want = name.casefold()
    out = [folded[want]] if want in folded else []
    out += [folded[m] for m in difflib.get_close_matches(want, list(folded), similar or limit,
                                                         0.6)]
    fragment = want.strip(":`")
    if len(fragment) >= 3:
        out += [c for c in names if fragment in c.casefold()]
    return list(dict.fromkeys(out))[:limit]


def _unknown(schema: Schema, name: str) -> str:
    close = close_names(name, [e.name for e in schema.entities], limit=8, similar=5)
    if not close:
        return f"no table or label called {name}; search_schema finds names by words."
    return f"no table or label called {name}; did you mean: {', '.join(close[:8])}?"


def _not_described(names: Sequence[str], budget: int) -> str:
    listed = _clip(", ".join(names), 300)
    return (
        f"Not described (over the {budget:,}-character limit): {listed}. Ask for fewer at a time."
    )


def _listing(items: Sequence[str], most: int) -> str:
    head = ", ".join(items[:most])
    return head + (f", ... ({len(items) - most} more)" if len(items) > most else "")


def _clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[: max(0, width - 1)] + "…"


def _search_scores(index: Index, terms: str) -> list[float]:
    """Scores for a search: the stems as in ranking, plus raw fragments found inside names
    and column names ("cust" finds `customers` and every `customer_id`)."""
    scores = base_scores(index, terms)
    frags = fragments(terms)
    for i, entity in enumerate(index.entities):
        scores[i] += _fragment_score(entity, frags)
    return scores


def _fragment_score(entity: Entity, frags: Iterable[str]) -> float:
    name = entity.name.lower()
    score = 0.0
    for frag in frags:
        if frag in name:
            score += 2.0 + len(frag) / len(name)  # the closer the name, the better
        elif any(frag in c.name.lower() for c in entity.columns):
            score += 0.5
    return score
