"""What a dataset without sample questions invites (a database connected with `planrag
connect`, a manifest with no questions): the first screen would otherwise show nothing but
the message box. The words are built from the dataset's own schema, so they work on any
database: its description, a few of its tables by readable names (their comments when they
have some), example questions made from the tables and marked as examples, and what the
assistant does with a question. Nothing here is tuned to particular names."""

from __future__ import annotations

import asyncio
import logging
import re
from dataclasses import dataclass

from planrag.datasets import Dataset
from planrag.errors import PlanRAGError
from planrag.markup import escape
from planrag.present import column_title
from planrag.schema import Column, Entity, Schema
from planrag.settings import Settings
from planrag.users import Access

__all__ = ["dataset_hint", "examples", "hint_text", "read_schema", "readable"]

log = logging.getLogger(__name__)

SCHEMA_WAIT_S = 10.0
"""How long the first screen waits for a database to describe itself; a slower one gets
the hint without its tables (the question box works either way)."""

WHAT_IT_DOES = ("Ask a decision question in your own words: the assistant plans what to "
                "read, queries the data (it only reads), changes its plan when the data "
                "shows it was wrong, and answers with a decision and the numbers behind it.")

_NUMBER = re.compile(r"int|real|float|double|decimal|numeric|number|money", re.IGNORECASE)
_TEXT = re.compile(r"char|text|string|clob", re.IGNORECASE)
_ID = re.compile(r"(?:^|[_\s])id$|[a-z]Id$|^id[_\s]", re.IGNORECASE)
"""Columns named as identifiers by the common conventions (`id`, `store_id`, `storeId`)."""


def readable(name: str) -> str:
    """A database name as words in a sentence, as tables and footnotes read it
    (`column_title`), its schema prefix and quotes dropped: "sales.\"Order Lines\"" ->
    "order lines", "avg_tkt_eur" -> "average tkt (EUR)", "foot_cnt" -> "foot count"."""
    last = re.split(r"\.(?=(?:[^\"]*\"[^\"]*\")*[^\"]*$)", name)[-1].strip('"`[]')
    if "_" not in last and not re.search(r"[a-z][A-Z]", last):
        return " ".join(last.split("-")).lower()
    words = column_title(last)
    first = words.split(" ", 1)[0]
    return words if first.isupper() and len(first) > 1 else words[:1].lower() + words[1:]


def _singular(noun: str) -> str:
    """An English plural's singular, by the regular endings only ("stores" -> "store")."""
    if noun.endswith("ies") and len(noun) > 4:
        return noun[:-3] + "y"
    if noun.endswith("sses") or noun.endswith("xes"):
        return noun[:-2]
    if noun.endswith("s") and not noun.endswith(("ss", "us", "is")):
        return noun[:-1]
    return noun


def _plural(noun: str) -> str:
    if noun.endswith("s"):
        return noun
    if noun.endswith("y") and noun[-2:-1] not in "aeiou":
        return noun[:-1] + "ies"
    return noun + ("es" if noun.endswith(("x", "ch", "sh")) else "s")


def _short(comment: str, width: int = 48) -> str | None:
    """A comment short enough to stand for a name (one clause), else None."""
    text = " ".join(comment.split()).rstrip(".")
    return text if text and len(text) <= width and ". " not in text else None


def _column_words(ds: Dataset, column: Column) -> str:
    """How a column reads: the manifest's display name, else a short comment, else its
    readable form."""
    named = ds.column_names.get(column.name) or _short(column.comment)
    if named:
        return named[:1].lower() + named[1:] if not named[:2].isupper() else named
    return readable(column.name)


_KEY_ENDINGS = ("cd", "code", "id", "key", "no", "nr", "nm", "name")
"""How a table's own key column ends after the table's name ("dpt_cd" for dpt)."""


def _table_words(ds: Dataset, entity: Entity) -> str:
    """How a table reads: a short comment, else the manifest's display name of its own key
    column ("dpt" reads "depot" where `dpt_cd` is "Depot"), else its readable form."""
    comment = _short(entity.comment, 24)
    if comment:
        return comment
    for column in entity.columns:
        ending = column.name.lower().removeprefix(entity.name.lower() + "_")
        titled = ds.column_names.get(column.name)
        if titled and ending != column.name.lower() and ending in _KEY_ENDINGS:
            words = re.sub(r"\s*\([^)]*\)", "", titled).strip()
            if words:
                return words[:1].lower() + words[1:] if not words[:2].isupper() else words
    return readable(entity.name)


@dataclass(frozen=True)
class _Measured:
    """A table to ask about: its noun and a number it holds."""

    entity: Entity
    noun: str
    measure: str


def _referenced(schema: Schema) -> dict[str, int]:
    """How many foreign keys point at each table (tables others refer to are the things a
    business counts: stores, products, kiosks)."""
    counts: dict[str, int] = {}
    for entity in schema.entities:  # keys only: a view's reads are not references here
        for name in dict.fromkeys(fk.table for fk in entity.foreign_keys):
            counts[name] = counts.get(name, 0) + 1
    return counts


def _measured(ds: Dataset, schema: Schema) -> _Measured | None:
    """The table (or node label) best asked about: one with a text column (its things have
    names) and a number that is neither a key nor an identifier, preferring tables others
    refer to, then the schema's order."""
    referenced = _referenced(schema)
    best: tuple[int, int, _Measured] | None = None
    for order, entity in enumerate(schema.entities):
        if entity.kind == "relationship":
            continue
        linked = {c for fk in entity.foreign_keys for c in fk.columns}
        if not any(_TEXT.search(c.type) for c in entity.columns):
            continue
        numbers = [c for c in entity.columns if _NUMBER.search(c.type) and not c.key
                   and c.name not in linked and not _ID.search(c.name)]
        if not numbers:
            continue
        noun = _singular(_table_words(ds, entity))
        found = _Measured(entity, noun.lower(), _column_words(ds, numbers[0]))
        score = referenced.get(entity.name, 0)
        if best is None or (score, -order) > (best[0], best[1]):
            best = (score, -order, found)
    return best[2] if best else None


def _counted(ds: Dataset, schema: Schema) -> tuple[str, str] | None:
    """(Parent noun, child noun) of the first foreign key between two named tables: "which
    store has the most orders" asks a question the keys answer on any schema."""
    for entity in schema.entities:
        if entity.kind != "table":
            continue
        for fk in entity.foreign_keys:
            parent = schema.find(fk.table)
            if fk.table != entity.name and parent is not None:
                return (_singular(_table_words(ds, parent)),
                        _plural(_table_words(ds, entity)))
    return None


def examples(ds: Dataset, schema: Schema) -> list[str]:
    """At most two example questions made from the schema: one of fact (the highest of a
    number, else the most of a related table), and the shape of a decision about the same
    things, its blanks left for the person."""
    measured, counted = _measured(ds, schema), _counted(ds, schema)
    if measured is not None:
        fact, noun = f"Which {measured.noun} has the highest {measured.measure}?", measured.noun
    elif counted is not None:
        fact, noun = f"Which {counted[0]} has the most {counted[1]}?", counted[0]
    else:
        return []
    return [fact, f"Which {noun} should we \u2026 to raise \u2026?"]


def _holds(ds: Dataset, schema: Schema, few: int = 4) -> str:
    """"Its tables: **store** (40 rows), **orders** and **order lines** (and 9 more)."
    A few, those others refer to first, by readable names with their comments."""
    referenced = _referenced(schema)
    things = [e for e in schema.entities if e.kind != "relationship"]
    ranked = sorted(enumerate(things), key=lambda ie: (-referenced.get(ie[1].name, 0), ie[0]))
    shown = []
    for _, entity in ranked[:few]:
        name = _table_words(ds, entity) if not _short(entity.comment, 24) else readable(
            entity.name)
        comment = _short(entity.comment)
        size = f"{entity.rows:,} rows" if entity.rows is not None and entity.rows_exact else ""
        details = "; ".join(p for p in (comment if comment and comment.lower() != name
                                        else "", size) if p)
        shown.append(f"**{escape(name, 'markdown')}**"
                     + (f" ({escape(details, 'markdown')})" if details else ""))
    if not shown:
        return ""
    tables = all(e.kind == "table" for e in things)
    rest = len(things) - len(shown)
    listed = shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]
    more = f" (and {rest} more)" if rest else ""
    if tables:
        return f"Its {'table' if len(things) == 1 else 'tables'}: {listed}{more}."
    return f"It holds {listed}{more}."


def hint_text(ds: Dataset, schema: Schema | None, lead: str | None) -> str:
    """The hint: the dataset's description, what it holds, then `lead` when questions here
    cannot be answered yet (no model: it says so), else what the assistant does and the
    examples, marked as examples."""
    parts = []
    if ds.description.strip():  # the manifest's own Markdown, as its author wrote it
        parts.append(" ".join(ds.description.split()))
    if schema is not None:
        holds = _holds(ds, schema)
        if holds:
            parts.append(holds)
    if lead is not None:
        return "\n\n".join([*parts, lead])
    text = "\n\n".join([*parts, WHAT_IT_DOES])
    shapes = examples(ds, schema) if schema is not None else []
    if shapes:
        text += ("\n\nFor example (made from the names of its tables; say it your own way):\n"
                 + "\n".join(f"- \u201c{escape(s, 'markdown')}\u201d" for s in shapes))
    return text


async def read_schema(settings: Settings, ds: Dataset, target: str,
                      access: Access) -> Schema | None:
    """The schema of `ds` on `target`, read as the person reads it (their own account where
    the dataset has accounts per person); None when it cannot be read in SCHEMA_WAIT_S."""
    from planrag.locations.accounts import for_person
    from planrag.runtime import locate, open_source

    async def read() -> Schema:
        resolved = for_person(locate(settings, ds.id, target), access)
        async with open_source(settings, resolved) as source:
            return await source.schema()

    try:
        return await asyncio.wait_for(read(), SCHEMA_WAIT_S)
    except (PlanRAGError, OSError, TimeoutError) as exc:
        log.info("no schema for the first screen of %s: %s", ds.id, exc)
        return None


async def dataset_hint(settings: Settings, ds: Dataset, target: str, access: Access,
                       lead: str | None) -> str:
    """`hint_text` with the schema read now (without it when the database cannot say)."""
    schema = await read_schema(settings, ds, target, access)
    return hint_text(ds, schema, lead)
