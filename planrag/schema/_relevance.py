"""Lexical relevance of tables and labels to a question, offline and deterministic.

Every entity is indexed by the stems of its name, of its column names and of its comments
(table and column). A question stem scores by where it meets an entity (name > column >
comment) times an IDF weight, so words every table has (id, name, created, date) count for
almost nothing while a word only two tables have decides. A name the question covers whole
("order items" -> `order_items`) earns a bonus over names it only touches
(`order_item_notes`). Finally the entities next to the best ones (foreign keys and the
tables a view reads, in either direction; for graphs the labels a relationship type
connects) get a share of their score:
"orders per customer region" then brings `orders`, `customers` and `sales_regions` even when
one of them is named only loosely.

Databases are often written in abbreviations (`cust_mst`, `qty_rcv`, `dlv_run`): a schema
word of three or more letters that starts a question word ("cust" -> "customers") or spells
its first letter and then only consonants found in it in order ("dlv" -> "deliveries",
"qty" -> "quantity") meets it at a reduced weight (`ABBREVIATION`, `CONSONANTS`). A question
word also meets the schema through the other words of its group of business synonyms
(`planrag.schema._synonyms`: "supplier" -> `vendor`, `ap_vnd`) at a quarter of that weight
(`SYNONYM`), and only in a table where the word itself is not.

Many databases are written in another language than the question: a question word also
meets the schema through its words in German, French, Dutch, Spanish, Italian, Portuguese
and Polish (`planrag.schema._languages`: "payment" -> `zahlung`), whole, by its start (`lev`
of "leverancier") or inside a compound ("Schadenzahlungen"), at `TRANSLATION` of the
weight.

Values the question names (`planrag.schema._values`: "Garden tools" is a row of
`prd_cat`) count as much as naming the table itself, so the table and its neighbours come
first. The words of the values a table holds describe it as a column's comment would
(`VALUE_WEIGHT`): `act_cd` holding 'Home standby' is about standbys, whatever its name
says; not the words of a value the question names whole, which rank the table holding it.

A table marked as a copy of another (a comment saying backup, archive, staging, deprecated
or "do not use", or a name that is another table's with `bak`, `old`, `tmp`, `archive`, a
year ... added) keeps a tenth of its score (`COPY`): it comes after the table it copies.
So does a table built from a template the system repeats for many of its tables (the same
columns but the parent's key: `gpar_aud`, `scko_aud`, `vtko_aud`; `cust_note`, `inv_note`):
an audit trail, notes or attachments say nothing of their own about the business. A table
the software keeps for itself (a name starting `sys_`, `cfg_`, `stg_`, `tmp_`, `if_`,
`etl_`, `api_`, `rpt_`: settings, staging, interfaces, report runs) keeps `SYSTEM` of its
score unless the question asks about it ("report" meets `rpt_run`): it mentions the
business's words without answering for them. A table the database counts or estimates as
empty keeps `EMPTY` of its score: a module nobody uses answers no question.

Each ranked entity says why it ranks (`Ranked.why`): the question's words its name or its
columns meet, a value it holds, or the neighbour that lent it most. `ordered` then finds
the tables that join the question's chosen tables when no key links them directly (the order
lines and headers between `customers` and `products`, whose own names say nothing the question
does): those come right after the tables they join. A header and its lines (`so_hdr` and
`so_ln`, `orders` and `order_items`, `ar_rcpt` and `ar_rcpt_appl`: one table's name with a
lines word added, or both names with the header and the lines word, and a key from the
lines to the header) are read together: each ranked one brings the other right after it
(`Index.lines`, `Index.headers`).

A word in the names of most tables (a `tbl_` prefix) names none of them: it counts as a
description, not as a name word.

Ties keep schema order, so the ranking is stable across runs and Python versions.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from planrag.schema._kinds import copies, lines, system_tables, templates
from planrag.schema._languages import (
    LEAST_COMPOUNDED,
    compounds,
    concepts_starting,
    general,
    translations,
)
from planrag.schema._model import Entity, Schema, common_columns
from planrag.schema._synonyms import synonyms
from planrag.schema._tokens import STOP_WORDS, unaccented, words
from planrag.schema._tokens import stem as stem_of
from planrag.schema._values import Link, ValueIndex

__all__ = ["Index", "Ranked", "base_scores", "index_of", "ordered", "rank", "ranked"]

NAME_WEIGHT = 3.0
COLUMN_WEIGHT = 0.5
TABLE_COMMENT_WEIGHT = 1.5
COLUMN_COMMENT_WEIGHT = 0.75
VALUE_WEIGHT = 0.75
"""Weights of a question word met in the entity's name, a column name, the entity's comment
(which says what it is about), a column's comment or the values its columns hold (`act_cd`
holding 'Home standby' is about standbys)."""
WHOLE_NAME_BONUS = 2.0
"""Times the name's own weight, when the question holds every word of the name."""
COLUMN_PHRASE_BONUS = 2.0
"""Times a column's weight, when the question holds every word of a column name of two or
more words (`key accounts` -> `is_key_account`)."""
SHADOW = 0.4
"""What is left of a name match that a shorter name takes whole: when the question says
"support tickets", `support_tickets` is meant, not `support_ticket_notes`."""
TOP_FOR_BOOST = 6
"""How many of the best entities pass a share of their score to their neighbours."""
BOOST_BEST = 0.6
BOOST_OTHERS = 0.8
"""Share of the best neighbour's score, and of each further top neighbour's: an entity that
links two relevant ones (a junction table, a relationship type) gains the most."""
LENT_AT_MOST = 0.9
"""What an entity may borrow at most, as a share of its best lender's score: a table linked
to named ones comes after them, however many it links."""
SPREAD = 0.5
"""A top entity's share is divided by its degree to this power: a table with twenty
neighbours lends each of them less than a table with two."""
HUB_DEGREE = 12
"""Neighbours beyond about this many mark a hub (an audit-user table, a countries table):
its boost shrinks with the log of its degree, so it does not ride along with every question."""
SECOND_STEP = 0.5
"""What is left of a boost passed on once more: the best twice `TOP_FOR_BOOST` entities
after the first boost lend their boosted scores, and an entity keeps the larger of its two
boosts (the order lines of a linked category's items, the lines of the sales a linked
payment method is on)."""
ABBREVIATION = 0.7
"""Weight of a schema word that begins a question word ("cust" in "customers")."""
SYNONYM = 0.25
"""Weight of a word of the question word's group (`planrag.schema._synonyms`: "vendor" for
"supplier"), times that of how it meets the schema (whole, or abbreviated)."""
TRANSLATION = 0.75
"""Weight of the question word's word in another language (`planrag.schema._languages`:
"zahlung" for "payment"), times that of how it meets the schema (whole, by its start, or
within a compound)."""
CONSONANTS = 0.5
"""Weight of a schema word that is the question word's first letter and then consonants of
it in order ("dlv" in "deliveries", "whs" in "warehouse")."""
SKIPPED_CONSONANTS = 2
"""Consonants of the question word an abbreviation may pass over when it ends as the word
does ("qty": n and t of "quantity"); one otherwise."""
SHORTEST_ABBREVIATION = 3
"""Two-letter schema words ("po", "dt") match only whole: as abbreviations they would match
half the dictionary."""
COPY = 0.1
"""What is left of the score of a table its comment marks as a copy (a backup, an archive,
a staging or temporary table, a deprecated one), or whose name marks it so beside the table
it copies (`orders_bak` beside `orders`): the table itself comes first, the copy after."""
SYSTEM = 0.3
"""What is left of the score of a table the software keeps for itself (`_kinds.SYSTEM_WORDS`),
unless the question asks about it ("which report runs longest?" and `rpt_run`)."""
EMPTY = 0.5
"""What is left of the score of a table the database counts (or its statistics estimate) as
holding no rows: a module nobody uses, which can inform no decision. When every table is
empty (a schema loaded without its data) the order is unchanged."""
LINK_WEIGHT = NAME_WEIGHT + WHOLE_NAME_BONUS
"""A value the question names, times the schema's highest word weight: as strong as naming
the table by its rarest word."""
GENERAL_VALUE = 0.3
"""What is left of a value link when the question says the value with general business words
only (the lexicon's: "our cars" and a car group 'CAR', "the price" and a reason 'PRICE'):
said in passing, it ranks a table less than a name ('Garden tools', 'Cardiff') does."""
ANCHOR_SHARE = 0.25
"""A table the question's own words (or values) select, scoring at least this share of the
best, is one a join path may start or end at."""
MOST_ANCHORS = 4
"""The best this many such tables are joined pairwise."""
MOST_BETWEEN = 2
"""Tables a join path may pass through (`_between` looks no further): the lines and the
header between two tables that only reach each other through them."""
PATH_HUB = 2 * HUB_DEGREE
"""A table with more neighbours than this (the users every row's `created_by` names) is no
join path's step: through it everything is two keys from everything."""
COMMON_NAME_SHARE = 0.15
COMMON_NAME_LEAST = 10
"""A name word in more than this share of the entities' names, and in at least this many,
names none of them (`_without_common_name_words`)."""
MOST_ON_PATHS = 6
"""Tables the join paths may add in all."""


@dataclass(frozen=True, slots=True)
class Fields:
    """The stems of one entity, by where they occur."""

    name: tuple[str, ...]
    column_names: tuple[tuple[str, ...], ...]
    columns: frozenset[str]
    comment: frozenset[str]
    column_comments: frozenset[str]
    values: frozenset[str] = frozenset()
    """The words of the values its short text columns hold (`planrag.schema._values`)."""

    def all(self) -> frozenset[str]:
        return (frozenset(self.name) | self.columns | self.comment | self.column_comments
                | self.values)


@dataclass(frozen=True, slots=True)
class Index:
    """What ranking and search need of one schema, computed once per schema."""

    entities: tuple[Entity, ...]
    fields: tuple[Fields, ...]
    idf: dict[str, float]
    neighbours: tuple[tuple[int, ...], ...]
    """Positions of the entities each one is linked to (either direction), ascending."""
    shorter: tuple[tuple[int, ...], ...]
    """Positions of the entities whose name words are a strict subset of each one's."""
    copies: frozenset[int]
    """Positions of the tables ranked down (`COPY`): those marked as copies and those built
    from a template (`templates`)."""
    templates: frozenset[int]
    """Positions of the tables built from one template (`_kinds.templates`)."""
    empty: frozenset[int]
    """Positions of the tables known to hold no rows (`EMPTY`)."""
    lines: tuple[tuple[int, ...], ...]
    """Positions of each header's lines tables."""
    headers: tuple[tuple[int, ...], ...]
    """Positions of each lines table's headers."""
    by_initial: dict[str, tuple[str, ...]]
    """The schema's words of `SHORTEST_ABBREVIATION` letters or more, by first letter."""
    abbreviated: dict[str, tuple[tuple[str, float], ...]]
    """Question word -> the schema words abbreviating it, with their weights (filled as
    questions come); NUL and a word of another language -> the schema words holding it."""
    worded: frozenset[str]
    """The words of the schema's names, columns and comments (not of its values)."""
    long_words: tuple[str, ...]
    """The schema's words long enough to hold a word of another language (`_compounds`)."""
    system: dict[int, str]
    """Positions of the software's own tables (`_kinds.system_tables`), with the first word
    of their names as a stem."""
    common: tuple[str, ...]
    """The columns most tables have (`_model.common_columns`), as a brief line writes them."""

    def weight(self, stem: str) -> float:
        return self.idf.get(stem, 0.0)

    def top_weight(self) -> float:
        return max(self.idf.values(), default=0.0)


def index_of(schema: Schema) -> Index:
    """The index of `schema` and the values it holds (cached: the engine ranks every
    question on the same schema)."""
    return _index_of(schema, schema.values)


@lru_cache(maxsize=16)
def _index_of(schema: Schema, values: ValueIndex | None) -> Index:
    entities = schema.entities
    schemas = {w for e in entities if "." in e.name for w in words(e.name.rsplit(".", 1)[0])}
    held = values.entity_words() if values is not None else {}
    fields = _without_common_name_words(
        tuple(_fields(e, held.get(e.name, frozenset())) for e in entities), schemas)
    df: dict[str, int] = {}
    for f in fields:
        for stem in f.all():
            df[stem] = df.get(stem, 0) + 1
    n = len(entities)
    idf = {s: math.log(1.0 + (n - d + 0.5) / (d + 0.5)) for s, d in sorted(df.items())}
    # names, columns and comments abbreviate and compound; values are written out ('Card')
    worded = frozenset().union(*(f.all() - f.values for f in fields))
    initials: dict[str, list[str]] = {}
    for word in idf:
        if len(word) >= SHORTEST_ABBREVIATION and word in worded:
            initials.setdefault(word[0], []).append(word)
    by_initial = {k: tuple(v) for k, v in initials.items()}
    kinds = templates(entities)
    return Index(entities, fields, idf, _neighbours(entities), _shorter(fields),
                 copies(entities) | kinds, kinds,
                 frozenset(i for i, e in enumerate(entities) if e.rows == 0),
                 *lines(entities), by_initial,
                 {}, worded, tuple(w for w in worded if len(w) > LEAST_COMPOUNDED),
                 system_tables(entities), common_columns(entities))


def _without_common_name_words(
    fields: tuple[Fields, ...], schemas: set[str]
) -> tuple[Fields, ...]:
    """A word in the names of more than `COMMON_NAME_SHARE` of the entities (a `tbl_`
    prefix) names none of them: it moves from their names to what describes them, so "fuel
    contract" covers `tbl_fuel_contract` whole as it would `fuel_contract`. The names of
    PostgreSQL schemas stay (`inv.` says the table is the inventory module's)."""
    df: dict[str, int] = {}
    for f in fields:
        for word in set(f.name):
            df[word] = df.get(word, 0) + 1
    common = {w for w, d in df.items()
              if d >= COMMON_NAME_LEAST and d > COMMON_NAME_SHARE * len(fields)} - schemas
    if not common:
        return fields
    out = []
    for f in fields:
        kept = tuple(w for w in f.name if w not in common)
        if kept and len(kept) < len(f.name):
            f = Fields(kept, f.column_names, f.columns,
                       f.comment | {w for w in f.name if w in common}, f.column_comments,
                       f.values)
        out.append(f)
    return tuple(out)


def _fields(entity: Entity, values: frozenset[str] = frozenset()) -> Fields:
    column_names = tuple(tuple(dict.fromkeys(words(c.name))) for c in entity.columns)
    return Fields(
        name=tuple(dict.fromkeys(words(entity.name))),
        column_names=column_names,
        columns=frozenset(s for c in column_names for s in c),
        comment=frozenset(words(entity.comment)),
        column_comments=frozenset(s for c in entity.columns for s in words(c.comment)),
        values=values,
    )


def _neighbours(entities: tuple[Entity, ...]) -> tuple[tuple[int, ...], ...]:
    """Links by foreign keys and a view's reads (tables) and by patterns (relationship types
    and their labels): `Entity.references`, taken both ways."""
    position: dict[str, int] = {}
    for i, entity in enumerate(entities):
        position.setdefault(entity.name, i)
        position.setdefault(entity.name.casefold(), i)
    links: list[set[int]] = [set() for _ in entities]
    for i, entity in enumerate(entities):
        for ref in entity.references():
            j = position.get(ref, position.get(ref.casefold()))
            if j is not None and j != i:
                links[i].add(j)
                links[j].add(i)
    return tuple(tuple(sorted(s)) for s in links)


def _shorter(fields: tuple[Fields, ...]) -> tuple[tuple[int, ...], ...]:
    names = [frozenset(f.name) for f in fields]
    by_word: dict[str, set[int]] = {}
    for j, name in enumerate(names):
        for stem in name:
            by_word.setdefault(stem, set()).add(j)
    out = []
    for name in names:
        candidates = set().union(*(by_word[s] for s in name)) if name else set()
        out.append(tuple(sorted(j for j in candidates if names[j] and names[j] < name)))
    return tuple(out)


def base_scores(index: Index, text: str) -> list[float]:
    """Each entity's own score for the stems of `text` (no neighbour boost)."""
    asked = asked_words(index, text)
    return [_entity_score(index, i, asked) for i in range(len(index.fields))]


class Asked(dict[str, float]):
    """The schema words a text meets, with how fully; `synonym_of` says which question
    word each word met only through a synonym stands for, `said` how the question says
    each word ("supplier (as vendor)" for one met through a synonym), `linked` the words of
    the values it names (`planrag.schema._values.Link`): those rank the tables holding the
    value, not every table with a value that shares a word ("Cardiff" of "Cardiff Bay");
    `origin` the question word each word met through an abbreviation, a synonym or a
    translation comes from: a table's columns count one question word once, however many
    ways they meet it (`filiaal`, `winkel` and `magasin` are one "store")."""

    def __init__(self) -> None:
        super().__init__()
        self.synonym_of: dict[str, str] = {}
        self.said: dict[str, str] = {}
        self.linked: frozenset[str] = frozenset()
        self.origin: dict[str, str] = {}


def asked_words(index: Index, text: str) -> Asked:
    """The schema words `text` meets, with how fully: its own stems (1), the schema's
    abbreviations of its words (`ABBREVIATION`, `CONSONANTS`), and the words of their
    synonyms and their abbreviations (`SYNONYM` times as much)."""
    asked = Asked()
    asked.update(dict.fromkeys(words(text), 1.0))
    through: dict[str, str] = {}
    for raw in re.findall(r"[A-Za-z]+", unaccented(text)):
        word = raw.lower()
        for part in words(raw):
            asked.said.setdefault(part, word)
        if len(word) < SHORTEST_ABBREVIATION or word in STOP_WORDS:
            continue
        of = stem_of(word)
        # a word of three letters abbreviates nothing, but has synonyms and translations
        for short, weight in _abbreviations(index, word):
            asked.said.setdefault(short, word)
            asked.origin.setdefault(short, of)
            if asked.get(short, 0.0) < weight:
                asked[short] = weight
        for other in synonyms(word):
            for short, weight in ((stem_of(other), 1.0), *_abbreviations(index, other)):
                through.setdefault(short, f"{word} (as {other})")
                if short in index.idf and short not in asked:
                    asked[short] = weight * SYNONYM
                    asked.synonym_of[short] = of
                    asked.origin.setdefault(short, of)
        for other in translations(word):
            # abbreviated by its start only (`lev`; `vrd` is no "versand"), one that begins no
            # other concept's words (`reg` of "reglement" is as likely a region), and not a
            # letter short of it: that is a cognate's stem ("zon" of "zona")
            cut = [(s, w) for s, w in _abbreviations(index, other)
                   if w == ABBREVIATION and len(s) < len(other) - 1]
            for short, weight in ((stem_of(other), 1.0), *cut, *_compounds(index, other)):
                if short in index.idf and asked.get(short, 0.0) < weight * TRANSLATION:
                    through.setdefault(short, f"{word} (as {other})")
                    asked[short] = weight * TRANSLATION
                    asked.synonym_of[short] = of
                    asked.origin.setdefault(short, of)
    for short, said in through.items():  # the question's own words first
        asked.said.setdefault(short, said)
    return asked


def _abbreviations(index: Index, word: str) -> tuple[tuple[str, float], ...]:
    known = index.abbreviated.get(word)
    if known is None:
        whole = stem_of(word)
        found = []
        for short in index.by_initial.get(word[0], ()):
            if short == whole or len(short) >= len(word):
                continue
            if word.startswith(short):
                found.append((short, ABBREVIATION / _ambiguity(short)))
            elif _consonant_abbreviation(short, word):
                found.append((short, CONSONANTS))
        known = tuple(found)
        if len(index.abbreviated) < 4096:
            index.abbreviated[word] = known
    return known


def _ambiguity(short: str) -> float:
    """How much less a start of `SHORTEST_ABBREVIATION` letters says of a word when it begins
    the words of several business concepts ("res": response, resignation, reservation;
    "cus": customer, customs): the square root of their number."""
    if len(short) > SHORTEST_ABBREVIATION:
        return 1.0
    return math.sqrt(max(1, concepts_starting(short)))


def _compounds(index: Index, word: str) -> tuple[tuple[str, float], ...]:
    """The schema's words holding `word` of another language (`compounds`), each at
    `ABBREVIATION` (cached with the abbreviations, under a NUL)."""
    known = index.abbreviated.get("\0" + word)
    if known is None:
        known = tuple((long, ABBREVIATION) for long in compounds(word, index.long_words))
        if len(index.abbreviated) < 4096:
            index.abbreviated["\0" + word] = known
    return known


def _consonant_abbreviation(short: str, word: str) -> bool:
    """`short` is the start of `word` (its first letter, or a longer start ending in a
    consonant: "subst" of "substation"), then only consonants, each found in `word` after
    the one before, passing over at most one of its other consonants, or two when `short`
    ends as the word does ("whs" in "warehouses", "qty" in "quantity", "substn" in
    "substation", "invc" in "invoice"; not "trd" in "thursdays" nor "std" in "scotland")."""
    at = 1
    while at < len(short) - 1 and short[at] == word[at]:
        at += 1
    while at > 1 and short[at - 1] in "aeiou":
        at -= 1  # a start ending in a vowel says too little of the word
    if any(ch in "aeiou" for ch in short[at:]):
        return False
    skipped = 0
    for ch in short[at:]:
        found = word.find(ch, at)
        if found < 0:
            return False
        skipped += sum(1 for c in word[at:found] if c not in "aeiouy")
        at = found + 1
    if skipped <= 1:
        return True
    return skipped <= SKIPPED_CONSONANTS and short[-1] == stem_of(word)[-1]


def _entity_score(index: Index, i: int, asked: Asked) -> float:
    f = index.fields[i]
    w = index.weight
    asked = _for_entity(index, i, asked)
    matched = [s for s in f.name if s in asked]
    score = 0.0
    if matched:
        fully = sum(asked[s] for s in matched)
        coverage = fully / len(f.name)
        score = NAME_WEIGHT * sum(w(s) * asked[s] for s in matched) * len(matched) / len(f.name)
        if len(matched) == len(f.name):
            score += WHOLE_NAME_BONUS * sum(w(s) for s in f.name) * coverage
        elif _shadowed(index, i, asked, matched):
            score *= SHADOW
    best: dict[str, float] = {}  # one question word counts once, however many ways met
    for word, how in asked.items():
        if word in f.name:
            continue
        found = how * w(word) * max(
            COLUMN_WEIGHT * (word in f.columns),
            TABLE_COMMENT_WEIGHT * (word in f.comment),
            COLUMN_COMMENT_WEIGHT * (word in f.column_comments),
            VALUE_WEIGHT * (word in f.values and word not in asked.linked),
        )
        if found:
            of = asked.origin.get(word, word)
            best[of] = max(best.get(of, 0.0), found)
    score += sum(best.values())
    phrases = [c for c in f.column_names if len(c) >= 2 and all(s in asked for s in c)]
    if phrases:
        score += COLUMN_PHRASE_BONUS * max(
            COLUMN_WEIGHT * sum(w(s) * asked[s] for s in c) for c in phrases
        )
    return score


def _for_entity(index: Index, i: int, asked: Asked) -> Asked:
    """`asked` as it counts for entity `i`: a synonym only where the question's own word
    is not ("region" and its synonym "territory" in one table are one match, not two)."""
    everywhere = index.fields[i].all()
    words_left_out = {s for s, of in asked.synonym_of.items() if of in everywhere}
    if not words_left_out:
        return asked
    out = Asked()
    out.update((k, v) for k, v in asked.items() if k not in words_left_out)
    out.synonym_of = {k: v for k, v in asked.synonym_of.items() if k not in words_left_out}
    out.said = asked.said
    out.linked = asked.linked
    out.origin = asked.origin
    return out


def _shadowed(index: Index, i: int, asked: dict[str, float], matched: list[str]) -> bool:
    """Whether a shorter name the question covers whole holds every word matched here."""
    for j in index.shorter[i]:
        name = index.fields[j].name
        if all(s in asked for s in name) and set(matched) <= set(name):
            return True
    return False


@dataclass(frozen=True, slots=True)
class Ranked:
    """An entity's place in a ranking, with why it is there."""

    entity: Entity
    score: float
    why: str
    """In words: "named by the question ("customer", "region")", "holds 'Garden tools',
    which the question names", "linked by key to customers"."""
    own: bool
    """Whether the question names it (a word of its name, or a value it holds), not only
    its columns or a neighbour: what a join path may start or end at."""
    position: int
    """Its place in the schema's entities."""


def rank(
    schema: Schema, text: str, links: Iterable[Link] = ()
) -> list[tuple[Entity, float]]:
    """Entities with a positive score for `text` and the values it names (`links`), best
    first, ties in schema order (the entities are those of `schema` itself, even when the
    cached index came from an equal one)."""
    return [(r.entity, r.score) for r in ranked(schema, text, links)]


def ranked(schema: Schema, text: str, links: Iterable[Link] = ()) -> list[Ranked]:
    """`rank`, each entity with why it ranks."""
    return _ranked(index_of(schema), schema, text, links)


def ordered(
    schema: Schema, text: str, links: Iterable[Link] = ()
) -> list[tuple[Entity, str, tuple[Entity, ...]]]:
    """What the first prompt shows in full for `text`, in order, each with why and with the
    entities it comes with: the ranking, each entity followed by its lines or its header
    (`Index.lines`, `Index.headers`), which come with it, and by the tables on the join path
    between it and a better one (`_join_paths`), which come with both. An entity that comes
    with others is only worth showing beside them (order lines without their order say
    little). An entity may come twice; the first place shown counts."""
    index = index_of(schema)
    ranking = _ranked(index, schema, text, links)
    paths = _join_paths(index, schema, ranking)
    out: list[tuple[Entity, str, tuple[Entity, ...]]] = []
    for n, place in enumerate(ranking):
        out.append((place.entity, place.why, ()))
        out += [(e, why, (place.entity,)) for e, why in _read_with(index, schema, place)]
        for after, ends, entities, reason in paths:
            if after == n:
                out += [(entity, reason, ends) for entity in entities]
    return out


def _ranked(index: Index, schema: Schema, text: str, links: Iterable[Link]) -> list[Ranked]:
    links = list(links)
    asked = asked_words(index, text)
    asked.linked = frozenset(w for link in links for w in words(link.phrase))
    # the software's own tables, unless the question meets the word their names start with
    system = {i for i, word in index.system.items() if word not in asked}
    own = [_entity_score(index, i, asked) * (SYSTEM if i in system else 1.0)
           for i in range(len(index.fields))]
    base = list(own)
    values = _add_links(index, base, links)
    top = _top(base)
    first = [b + _boost(index, base, top, i) for i, b in enumerate(base)]
    # A second step from the best of the first: the order lines of a linked category's
    # items, the lines of a sales header a payment method pointed at.
    second = _top(first, 2 * TOP_FOR_BOOST)
    down = [(COPY if i in index.copies else 1.0) * (EMPTY if i in index.empty else 1.0)
            for i in range(len(base))]
    final = [
        (b + max(f - b, SECOND_STEP * _boost(index, first, second, i))) * down[i]
        for i, (b, f) in enumerate(zip(base, first, strict=True))
    ]
    order = sorted(range(len(final)), key=lambda i: (-final[i], i))
    out = []
    for i in order:
        if final[i] <= 0:
            break
        lent = final[i] / down[i] - base[i]
        named = [s for s in index.fields[i].name if s in asked]
        if values.get(i) and base[i] - own[i] >= max(own[i], lent):
            why = f"holds {_quoted(values[i])}, which the question names"
        elif own[i] >= lent:
            why = _words_reason(index, i, asked)
        else:
            step = first if first[i] - base[i] >= SECOND_STEP * lent else base
            lender = _lender(index, step, top if step is base else second, i)
            why = f"linked by key to {index.entities[lender].name}" if lender is not None else (
                "linked by key to the tables above")
        if i in index.templates:
            why += "; one of many tables of one shape (audit, notes, files), so ranked down"
        elif i in index.copies:
            why += "; marked as a copy, so ranked down"
        elif i in system:
            why += ("; the software's own (configuration, staging, interface, report), "
                    "so ranked down")
        if i in index.empty:
            why += "; holds no rows, so ranked down"
        out.append(Ranked(schema.entities[i], final[i], why, bool(named or values.get(i)), i))
    return out


def _words_reason(index: Index, i: int, asked: Asked) -> str:
    f = index.fields[i]
    asked = _for_entity(index, i, asked)
    said = asked.said
    named = [said.get(s, s) for s in f.name if s in asked]
    if named:
        return f"named by the question ({_quoted(named)})"
    everything = f.all()  # no word of its name is asked: they are all elsewhere
    met = sorted((w for w in asked if w in everything), key=lambda w: -index.weight(w))
    words_met = _quoted(said.get(w, w) for w in met)
    if met and all(w in f.values and w not in asked.linked for w in met):
        return f"holds values with the question's words ({words_met})"
    return f"the question's words in its columns or description ({words_met})"


def _quoted(texts: Iterable[str], most: int = 3, width: int = 40) -> str:
    shown = list(dict.fromkeys(t if len(t) <= width else t[: width - 1] + "…" for t in texts))
    out = ", ".join(f'"{t}"' for t in shown[:most])
    return out + (f" and {len(shown) - most} more" if len(shown) > most else "")


def _lender(index: Index, scores: list[float], top: frozenset[int], i: int) -> int | None:
    """The top neighbour that lends entity `i` the most."""
    lenders = [j for j in index.neighbours[i] if j in top]
    return max(lenders, key=lambda j: (_share(index, scores, j), -j)) if lenders else None


def _read_with(index: Index, schema: Schema, place: Ranked) -> list[tuple[Entity, str]]:
    """The tables read together with a ranked one, and why: its lines, or its header."""
    i, name = place.position, place.entity.name
    return ([(schema.entities[j], f"the lines of {name}") for j in index.lines[i]]
            + [(schema.entities[j], f"the header of {name}") for j in index.headers[i]])


def _join_paths(
    index: Index, schema: Schema, ranking: list[Ranked]
) -> list[tuple[int, tuple[Entity, Entity], list[Entity], str]]:
    """The tables that join the question's chosen tables where no key links them directly:
    for each pair of the best `MOST_ANCHORS` tables the question itself selects, the
    shortest chain through at most `MOST_BETWEEN` others (no copies, no hubs), the least
    linked one when several are as short, the more relevant when still tied. Each as (the
    ranking position it belongs after: the later of the pair, the pair, the tables in join
    order, why);
    the tables already ranked at or before that position are left out."""
    if not ranking:
        return []
    place = {r.position: n for n, r in enumerate(ranking)}
    best = ranking[0].score
    anchors = [r.position for r in ranking if r.own and r.score >= ANCHOR_SHARE * best
               and r.position not in index.copies][:MOST_ANCHORS]
    out: list[tuple[int, tuple[Entity, Entity], list[Entity], str]] = []
    added: set[int] = set()
    for n, a in enumerate(anchors):
        for b in anchors[:n]:
            path = _between(index, b, a, place)
            after = max(place[a], place[b])
            new = [j for j in path if j not in added and place.get(j, after + 1) > after]
            new = new[: MOST_ON_PATHS - len(added)]
            if new:
                added.update(new)
                out.append((after, (schema.entities[b], schema.entities[a]),
                            [schema.entities[j] for j in new],
                            f"on the join path between {index.entities[b].name} and "
                            f"{index.entities[a].name}"))
    return out


def _between(index: Index, a: int, b: int, place: dict[int, int]) -> list[int]:
    """The steps of the best chain of keys from `a` to `b` (none when they are linked, or
    no chain of at most `MOST_BETWEEN` steps exists)."""
    if b in index.neighbours[a]:
        return []
    links = index.neighbours

    def usable(j: int) -> bool:
        return j not in index.copies and len(links[j]) <= PATH_HUB

    def cost(path: tuple[int, ...]) -> tuple[float, int]:
        return (sum(math.log(len(links[j])) for j in path),
                sum(place.get(j, len(place)) for j in path))

    target = set(links[b])
    paths: list[tuple[int, ...]] = [(j,) for j in links[a] if j in target and usable(j)]
    if not paths:
        paths = [(j, k) for j in links[a] if usable(j) for k in links[j]
                 if k in target and k != a and usable(k)]
    best: tuple[int, ...] = min(paths, key=cost) if paths else ()
    return list(best)


def _add_links(
    index: Index, base: list[float], links: Iterable[Link]
) -> dict[int, list[str]]:
    """Each table holding a value the question names scores as if the question named it
    (shared when the value is in several tables). A value whose words the schema itself
    uses ('Sales', 'Wages') says less than one it never does ('Garden tools'): the words
    already rank their tables, so its link counts half; one the question says in general
    business words only counts `GENERAL_VALUE` as much. Returns the values each table
    holds."""
    position = {e.name: i for i, e in enumerate(index.entities)}
    strength = LINK_WEIGHT * index.top_weight()
    held: dict[int, list[str]] = {}
    for link in links:
        places = [position[name] for name in link.entities() if name in position]
        stems = words(link.value) or [""]
        new = sum(1 for s in stems if s not in index.worded) / len(stems)
        said = words(link.phrase)
        share = GENERAL_VALUE if said and all(general(s) for s in said) else 1.0
        for i in places:
            base[i] += strength * share * (1 + new) / 2 / math.sqrt(len(places))
            held.setdefault(i, []).append(link.value)
    return held


def _boost(index: Index, base: list[float], top: frozenset[int], i: int) -> float:
    """A share of the scores of the `top` entities linked to entity `i`, damped for hubs."""
    shares = sorted((_share(index, base, j) for j in index.neighbours[i] if j in top), reverse=True)
    if not shares:
        return 0.0
    degree = len(index.neighbours[i])
    damping = max(1.0, math.log(degree) / math.log(HUB_DEGREE)) if degree > 1 else 1.0
    boost = (BOOST_BEST * shares[0] + BOOST_OTHERS * sum(shares[1:])) / damping
    return min(boost, LENT_AT_MOST * max(base[j] for j in index.neighbours[i] if j in top))


def _share(index: Index, base: list[float], j: int) -> float:
    """What top entity `j` lends each neighbour: less the more neighbours it has."""
    return base[j] / math.pow(len(index.neighbours[j]), SPREAD)


def _top(scores: list[float], most: int = TOP_FOR_BOOST) -> frozenset[int]:
    order = sorted((i for i, b in enumerate(scores) if b > 0), key=lambda i: (-scores[i], i))
    return frozenset(order[:most])

