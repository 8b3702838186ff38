"""Bound parameters of the product's own queries: decision models and simulator state queries
name values as `:name` (SQL) or `$name` (Cypher), and the driver binds them; a value is never
written into the query text, so a quote in it cannot change the query.

The parser-level guard still judges every such query: it sees the query with each SQL
placeholder replaced by the literal `0` (a value bound in its place is data, never SQL, so
the guard's verdict on the shape is the verdict on every binding), and is told where each
such `0` stands and what the parameter may be (`Placeholder`): where a size depends on it (a
repeat count, a printf width, a generate_series bound) the guard judges the value bound, and
a written decision's queries are judged by its parameters' declared ranges when it is read
(`judged_text`). Placeholders are found by the guard's own lexer, so `':x'` in a string,
`-- :x` in a comment and `x::int` are not placeholders. Model-written queries never carry
parameters: without them a `:` is refused as it always was.
"""

from __future__ import annotations

import datetime as dt
import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from planrag.errors import QueryRefused
from planrag.guards import Placeholder
from planrag.guards._sql_lexer import OPERATOR, UNKNOWN, WORD, LexError
from planrag.guards.dialects import sql_dialect

__all__ = ["Bound", "cypher_values", "judged_text", "placeholder_names", "sql_bound",
           "value_range"]

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,63}")
_CYPHER_NAME = re.compile(r"\$([A-Za-z_][A-Za-z0-9_]*)")


@dataclass(frozen=True, slots=True)
class Bound:
    """One SQL query with its parameters bound for a driver."""

    checked: str
    """The text the guard judges: every placeholder replaced by the literal 0."""
    placeholders: tuple[Placeholder, ...]
    """Where each of those 0s stands in `checked`, with the value bound there."""
    text: str
    """The text the driver runs: placeholders as the driver's markers."""
    args: tuple[Any, ...]
    """The values, in marker order."""


def _spans(query: str, dialect: str) -> list[tuple[int, int, str]]:
    """(start, end, name) of every `:name` outside strings, names and comments, read as
    `dialect`'s server reads the text; none when it cannot be read (the guard then says
    why)."""
    try:
        tokens = sql_dialect(dialect).tokenize(query, lenient=True)
    except LexError:
        return []
    out = []
    for i, token in enumerate(tokens[:-1]):
        # MySQL's and SQLite's lexers know no `:`; PostgreSQL's reads it as an operator
        # (and `::`, a cast, as another).
        if token.kind not in (UNKNOWN, OPERATOR) or token.value != ":":
            continue
        name = tokens[i + 1]
        if name.kind != WORD or name.start != token.end:
            continue
        before = tokens[i - 1] if i else None
        if before is not None and before.value == ":" and before.end == token.start:
            continue  # x::int is a cast, not a parameter
        text = query[name.start:name.end]
        if _NAME.fullmatch(text):
            out.append((token.start, name.end, text))
    return out


def placeholder_names(query: str, language: str, *, dialect: str = "mysql") -> list[str]:
    """The parameter names a query uses, in order of first use (SQL read as `dialect`)."""
    if language == "cypher":
        found = _CYPHER_NAME.findall(_without_cypher_strings(query))
    else:
        found = [name for _, _, name in _spans(query, dialect)]
    return list(dict.fromkeys(found))


def sql_bound(
    query: str, params: Mapping[str, Any], *, marker: str, dialect: str = "mysql"
) -> Bound:
    """`query` with its `:name` placeholders bound from `params` for a driver whose marker
    is `marker` (`%s`: pymysql, which then reads every other `%` as an escape, so they are
    doubled; `?`: sqlite3; `$`: asyncpg and DuckDB, whose markers are numbered, `$1`,
    `$2`..., and which take each value as it is, typed for what the query does with it: a
    date stays a date, so `:day + INTERVAL 7 DAY` works). A name
    without a value is refused in one line. The text is read as `dialect`'s server reads
    it."""
    spans = _spans(query, dialect)
    driver_value = _DRIVER_VALUES[marker]
    _require(sorted({name for _, _, name in spans}), params, query, "sql")
    text: list[str] = []
    args: list[Any] = []
    at = 0
    for start, end, name in spans:
        value = params[name]
        args.append(driver_value(value))
        shown = f"${len(args)}" if marker == "$" else marker
        text.append(_escaped(query[at:start], marker) + shown)
        at = end
    text.append(_escaped(query[at:], marker))
    checked, placeholders = _judged(query, spans, lambda name: value_range(name, params[name]))
    return Bound(checked, placeholders, "".join(text), tuple(args))


def judged_text(
    query: str, ranges: Mapping[str, Placeholder], *, dialect: str = "mysql"
) -> tuple[str, tuple[Placeholder, ...]]:
    """The text the guard judges for `query` (each `:name` as the literal 0) and where each
    0 stands, with the range `ranges` gives its parameter (a written decision's declared
    `min`/`max`; the offset in `ranges` is ignored). A name `ranges` lacks may be any
    value."""
    spans = _spans(query, dialect)
    return _judged(query, spans, lambda name: ranges.get(name) or Placeholder(
        0, name, -math.inf, math.inf, declared=False))


def _judged(
    query: str, spans: list[tuple[int, int, str]], placeholder: Callable[[str], Placeholder]
) -> tuple[str, tuple[Placeholder, ...]]:
    checked: list[str] = []
    found: list[Placeholder] = []
    at = length = 0
    for start, end, name in spans:
        part = query[at:start] + " 0 "
        given = placeholder(name)
        found.append(Placeholder(length + len(part) - 2, name, given.low, given.high,
                                 given.declared))
        checked.append(part)
        length += len(part)
        at = end
    checked.append(query[at:])
    return "".join(checked), tuple(found)


def value_range(name: str, value: Any) -> Placeholder:
    """What the guard knows of a value bound as `name`: a number as itself (a boolean as 0
    or 1, NULL as 0); text, a date or anything else may be any number to a database that
    casts it."""
    number: float | None = None
    if value is None:
        number = 0.0
    elif isinstance(value, bool | int | float | Decimal):
        try:
            number = float(value)
        except OverflowError:  # an int too large for a float: larger than any limit
            number = math.inf
    if number is None or not math.isfinite(number):
        return Placeholder(0, name, -math.inf, math.inf, declared=False)
    return Placeholder(0, name, number, number, declared=False)


def _escaped(part: str, marker: str) -> str:
    return part.replace("%", "%%") if marker == "%s" else part


def _pymysql_value(value: Any) -> Any:
    """A parameter's value as pymysql takes it: booleans as 1/0."""
    return int(value) if isinstance(value, bool) else value


def _sqlite3_value(value: Any) -> Any:
    """A parameter's value as sqlite3 takes it: booleans as 1/0, and (its default date
    adapters are deprecated) dates as ISO text, as SQLite stores them, decimals as text."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, dt.date):  # datetime is a date too
        return value.isoformat(sep=" ") if isinstance(value, dt.datetime) else value.isoformat()
    if isinstance(value, Decimal):
        return str(value)
    return value


def _as_it_is(value: Any) -> Any:
    """asyncpg and DuckDB take each value as it is (a date, a Decimal, a bool), and type it
    for the query; as text (sqlite3's way) DuckDB would read `'1.5' * 2` as 4."""
    return value


_DRIVER_VALUES: dict[str, Callable[[Any], Any]] = {
    "%s": _pymysql_value, "?": _sqlite3_value, "$": _as_it_is,
}
"""How each driver, known by its marker, takes a parameter's value."""


def cypher_values(query: str, params: Mapping[str, Any]) -> dict[str, Any]:
    """The parameters a Cypher query uses (`$name`), refusing one that no value gives."""
    names = placeholder_names(query, "cypher")
    _require(names, params, query, "cypher")
    return {n: _cypher_value(params[n]) for n in names}


def _require(names: list[str], params: Mapping[str, Any], query: str, language: str) -> None:
    """Refuse, in one line, a query that uses a parameter no value gives."""
    missing = [n for n in names if n not in params]
    if not missing:
        return
    mark = "$" if language == "cypher" else ":"
    have = ", ".join(sorted(params)) or "none"
    raise QueryRefused(
        f"the query uses {mark}{(', ' + mark).join(missing)}, which no parameter gives "
        f"(parameters: {have}); declare it or correct the name",
        rule="parameter", query=query, language=language,
    )


def _cypher_value(value: Any) -> Any:
    if isinstance(value, Decimal):
        return float(value)  # the graph has no exact decimals
    return value


def _without_cypher_strings(query: str) -> str:
    """The query with string literals and comments blanked, so `'$x'` is not a parameter."""
    return re.sub(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"|//[^\n]*|/\*.*?\*/", " ", query,
                  flags=re.S)
