"""The values of a database's short text columns, and the question words that name them.

A question often names a row, not a table: "which supplier for Garden tools?" where
`Garden tools` is a row of `prd_cat`. Sources index, when they read their schema, the
distinct values of short text columns that hold few of them (`ValueIndex`, bounded: at most
`MAX_PER_COLUMN` values a column, columns with more are left out, values longer than
`MAX_VALUE_CHARS` too, at most `MAX_VALUES` in all; read by `planrag.sources._values`
without ever scanning a large table). `ValueIndex.links(question)` finds the values a
question names: case-insensitive, whole words, multi-word values as phrases (or two words
or more of a longer value, in its order), plurals and other light variations through the
ranking's own stemmer; stop words, numbers and values
too common to mean anything ("Yes", "Open", or a value found in many tables) are ignored.

The links rank their tables first (`planrag.schema._relevance`) and the first prompt says
them, one line each (`Link.render()`): values come from the data, so they are quoted as SQL
strings on one line, clipped, with every control character shown as an escape.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from planrag.markup import printable
from planrag.schema._tokens import STOP_WORDS, stem, unaccented
from planrag.schema._tokens import words as stems_of

__all__ = [
    "MAX_PER_COLUMN",
    "MAX_VALUES",
    "MAX_VALUE_CHARS",
    "ColumnValues",
    "Link",
    "ValueIndex",
    "value_words",
]

MAX_PER_COLUMN = 100
"""Values kept per column; a column with more distinct values is not a category (names,
numbers, free text) and is left out whole."""
MAX_VALUE_CHARS = 60
"""Longer values are text, not labels: left out."""
MAX_VALUES = 10_000
"""Values in one index, all columns together (a few MB at most; see `size_bytes`)."""
MAX_WORDS = 6
"""The longest value, in words, a question phrase is matched against."""
COMMON_TABLES = 4
"""A value found in more tables than this is a status or a flag ('Open', 'Cancelled'),
not a name: it would link everything."""
GENERIC = frozenset({
    "yes", "no", "true", "false", "none", "null", "nil", "na", "unknown", "other", "others",
    "active", "inactive", "enabled", "disabled", "open", "opened", "closed", "close", "pending",
    "new", "old", "done", "ok", "okay", "default", "all", "any", "total", "valid", "invalid",
    "blank", "empty", "misc", "day", "week", "month", "year", "quarter", "hour", "daily",
    "weekly", "monthly", "yearly", "annual", "quarterly", "hourly", "today", "high", "low",
    "medium", "normal", "standard", "first", "last", "next", "current", "previous", "best",
    # what a decision question does, and how much or how soon: "stop selling", "pay late",
    # "move onto", "hire another", "call them first" (a code 'STOP', 'PAY', 'LATE' or
    # 'MOVE' in a reason or type column is not what they ask about)
    "stop", "start", "keep", "pay", "move", "send", "buy", "sell", "hire", "drop", "cut",
    "put", "call", "bring", "run", "raise", "lower", "reduce", "sign", "wait", "switch",
    "change", "expand", "build", "handle", "replace", "renew", "choose", "pick", "spend",
    "save", "invest", "late", "later", "early", "earlier", "soon", "sooner", "often", "again",
    "slow", "fast", "long", "short", "far", "near", "full", "busy", "small", "big", "large",
    "more", "less", "fewer",
})
"""One-word values that never single out a row worth a table in the prompt: flags and
states, the words of periods and degrees that questions use in passing ("this year",
"high cost"), and the verbs and adverbs of what a question asks to do."""
_GENERIC_STEMS = frozenset(stem(g) for g in GENERIC)
SHOWN_CHARS = 60
"""Longest quoted value or phrase on a prompt line."""

_WORD = re.compile(r"[^\W_]+")


def _tokens(text: str) -> list[re.Match[str]]:
    """The words a value or a question is matched on: "and" left out ("Plants & seeds" is
    "plants and seeds"), and the "s" of a possessive ("Children's ward" is "childrens
    ward")."""
    out = []
    for match in _WORD.finditer(text):
        word = match.group().casefold()
        if word == "and":
            continue
        if word == "s" and match.start() and text[match.start() - 1] in "'’":
            continue
        out.append(match)
    return out


def _stem(word: str) -> str:
    """A value's or a question's word as the two are compared: accents off ("Liege" and
    "Zurich" name 'Liège' and 'Zürich'), lower case, stemmed."""
    return stem(unaccented(word, umlauts=False).casefold())


def value_words(text: str) -> list[str]:
    """The lower-case words of a value or question, in order (letters and digits; every
    other character separates)."""
    return [w.casefold() for w in _WORD.findall(text)]


def _key(stems: Sequence[str]) -> str:
    return " ".join(stems)


def _runs(words: Sequence[str]) -> list[slice]:
    """The runs of two or more words inside a value of three or more, starting and ending
    with a word that is no stop word: "Hotels, restaurants and catering" is named by
    "hotels and restaurants" too (people say less of a label than it says)."""
    if len(words) < 3:
        return []
    content = [w not in STOP_WORDS and not w.isdigit() for w in words]
    return [slice(i, j) for i in range(len(words)) for j in range(i + 2, len(words) + 1)
            if (i, j) != (0, len(words)) and content[i] and content[j - 1]]


_SLOT = 128
"""Places are stored as one int each: column * _SLOT + value (no column keeps more)."""
assert MAX_PER_COLUMN < _SLOT


@dataclass(frozen=True, slots=True)
class ColumnValues:
    """The distinct values of one text column (at most `MAX_PER_COLUMN`)."""

    entity: str
    column: str
    values: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Link:
    """A phrase of the question that is a value of one or more columns."""

    phrase: str
    """The question's words, as written."""
    value: str
    """The value as stored (the first column's spelling)."""
    places: tuple[tuple[str, str], ...]
    """(entity, column) pairs holding the value, in index order."""

    def render(self, most: int = 3) -> str:
        """"'Garden tools' is prd_cat.cat_nm = 'Garden tools'" (one line, inert)."""
        where = " or ".join(f"{e}.{c}" for e, c in self.places[:most])
        if len(self.places) > most:
            where += f" (+{len(self.places) - most} more)"
        return f"{quoted(self.phrase)} is {where} = {quoted(self.value)}"

    def entities(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(e for e, _ in self.places))


def quoted(text: str, width: int = SHOWN_CHARS) -> str:
    """`text` as a one-line SQL string literal: whitespace runs as one space, control and
    invisible characters as visible escapes, clipped to `width` characters with an
    ellipsis, quotes doubled."""
    line = printable(" ".join(text.split()), one_line=True)
    if len(line) > width:
        line = line[: width - 1] + "…"
    return "'" + line.replace("'", "''") + "'"


@dataclass(frozen=True, eq=False)
class ValueIndex:
    """The values of a schema's short text columns, and a phrase lookup over them."""

    columns: tuple[ColumnValues, ...] = ()
    probed: int = 0
    """Columns looked at (the others were not text, long, or of large tables)."""
    skipped: int = 0
    """Columns looked at and left out: more distinct values than `MAX_PER_COLUMN`."""
    seconds: float = 0.0
    """How long reading it took."""
    _lookup: dict[str, tuple[int, ...]] = field(default_factory=dict, repr=False)
    """The stems of a value, space-separated -> where it is (`_SLOT`-encoded)."""

    @classmethod
    def build(
        cls, columns: Iterable[ColumnValues], *, probed: int = 0, skipped: int = 0,
        seconds: float = 0.0,
    ) -> ValueIndex:
        """The index of `columns`, held to the bounds (values too long dropped, columns
        over `MAX_PER_COLUMN` left out, at most `MAX_VALUES` in all)."""
        kept: list[ColumnValues] = []
        total = 0
        for col in columns:
            values = tuple(dict.fromkeys(
                v for v in col.values if isinstance(v, str) and 0 < len(v) <= MAX_VALUE_CHARS
            ))
            if not values:
                continue
            if len(values) > MAX_PER_COLUMN or total + len(values) > MAX_VALUES:
                skipped += 1
                continue
            kept.append(ColumnValues(col.entity, col.column, values))
            total += len(values)
        lookup: dict[str, list[int]] = {}
        parts: dict[str, list[int]] = {}
        for c, col in enumerate(kept):
            for v, value in enumerate(col.values):
                words = [t.group().casefold() for t in _tokens(value)]
                stems = [_stem(w) for w in words]
                if stems and len(stems) <= MAX_WORDS:
                    lookup.setdefault(_key(stems), []).append(c * _SLOT + v)
                    for run in _runs(words):
                        parts.setdefault(_key(stems[run]), []).append(c * _SLOT + v)
        for key, places in parts.items():
            lookup.setdefault(key, places)  # a whole value first
        final = {
            key: tuple(places) for key, places in lookup.items()
            if _meaningful(kept[places[0] // _SLOT].values[places[0] % _SLOT],
                           {kept[p // _SLOT].entity for p in places})
        }
        return cls(tuple(kept), probed, skipped, seconds, final)

    def entity_words(self) -> dict[str, frozenset[str]]:
        """Each entity's value words: the stems of the values its columns hold, without the
        flags, states and periods any table may hold ('Open', 'Monthly'). They say what a
        table is about when its name does not ('Home standby' in `act_cd`)."""
        out: dict[str, set[str]] = {}
        for column in self.columns:
            held = out.setdefault(column.entity, set())
            for value in column.values:
                held.update(w for w in stems_of(value) if w not in _GENERIC_STEMS)
        return {k: frozenset(v) for k, v in out.items()}

    def count(self) -> int:
        """Values held, all columns together (not `__len__`: an empty index is still one)."""
        return sum(len(c.values) for c in self.columns)

    def links(self, question: str) -> list[Link]:
        """The values `question` names, in the order it names them: longest phrases first
        where they overlap, each value once."""
        if not self._lookup:
            return []
        tokens = _tokens(question)
        stems = [_stem(t.group()) for t in tokens]
        taken = [False] * len(tokens)
        found: list[tuple[int, Link]] = []
        seen: set[str] = set()
        for n in range(min(MAX_WORDS, len(tokens)), 0, -1):
            for i in range(len(tokens) - n + 1):
                key = _key(stems[i : i + n])
                if any(taken[i : i + n]) or key in seen:
                    continue
                places = self._lookup.get(key)
                if places is None or not self._said(tokens[i : i + n], places):
                    continue
                seen.add(key)
                taken[i : i + n] = [True] * n
                phrase = question[tokens[i].start() : tokens[i + n - 1].end()]
                first = self.columns[places[0] // _SLOT]
                found.append((i, Link(
                    phrase,
                    first.values[places[0] % _SLOT],
                    tuple(dict.fromkeys(
                        (self.columns[p // _SLOT].entity, self.columns[p // _SLOT].column)
                        for p in places
                    )),
                )))
        return [link for _, link in sorted(found, key=lambda f: f[0])]

    def _said(self, tokens: Sequence[re.Match[str]], places: tuple[int, ...]) -> bool:
        """A value of one or two characters, or of stop words only ('TV', 'US'), counts only
        when the question writes it exactly as stored: "tv" or "us" in a sentence is not
        the channel or the country, nor "uses" (a stem away). Nor does part of a word
        written with a hyphen ("eco" of "eco-driving" is not the segment 'ECO'; "part-time"
        names 'Part time' whole)."""
        if _hyphened(tokens[0], before=True) or _hyphened(tokens[-1], before=False):
            return False
        text = " ".join(t.group() for t in tokens)
        stored = [self.columns[p // _SLOT].values[p % _SLOT].strip() for p in places]
        if (len(text) > 2 and any(len(value) > 2 for value in stored)
                and any(t.group().casefold() not in STOP_WORDS for t in tokens)):
            return True
        return text in stored

    def size_bytes(self) -> int:
        """Memory held by the index (strings, tuples and the lookup), in bytes."""
        size = sys.getsizeof(self.columns) + sys.getsizeof(self._lookup)
        for col in self.columns:
            size += sys.getsizeof(col) + sys.getsizeof(col.values)
            size += sys.getsizeof(col.entity) + sys.getsizeof(col.column)
            size += sum(sys.getsizeof(v) for v in col.values)
        for key, places in self._lookup.items():
            size += sys.getsizeof(key) + sys.getsizeof(places)
            size += sum(sys.getsizeof(p) for p in places if p > 256)  # small ints are shared
        return size

    def summary(self) -> str:
        """"1,234 values of 56 columns (3 left out: too many values), 0.21 s, 180 kB"."""
        return (
            f"{self.count():,} values of {len(self.columns)} columns ({self.skipped} left out: "
            f"too many values), {self.seconds:.2f} s, {self.size_bytes() / 1024:,.0f} kB"
        )


def _hyphened(token: re.Match[str], before: bool) -> bool:
    """Whether `token` is joined by a hyphen to the word before it (or after it)."""
    text, at = token.string, token.start() if before else token.end()
    if before:
        return at >= 2 and text[at - 1] == "-" and text[at - 2].isalnum()
    return at + 1 < len(text) and text[at] == "-" and text[at + 1].isalnum()


def _meaningful(value: str, tables: set[str]) -> bool:
    """Whether a value (found in `tables`) may link a question to them."""
    if len(tables) > COMMON_TABLES:
        return False
    words = value_words(value)
    if not [w for w in words if w not in STOP_WORDS and not w.isdigit()]:
        return value.isupper() and len(value) <= 3  # a code: 'US', 'IT'; said exactly
    return not (len(words) == 1 and stem(words[0]) in _GENERIC_STEMS)
