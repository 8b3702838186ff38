"""PostgreSQL's dialect (13 to 17): the object `planrag.guards.dialects` gives for "postgres".

What is its own: PostgreSQL's lexer (`_postgres_lexer`), its statement check
(`_postgres_query`, with its scope rule `_postgres_scope`), a second reading with
standard_conforming_strings off, its grammar for the resource rules (FULL joins, functions
in FROM, ONLY, ``AS [NOT] MATERIALIZED``, ``ARRAY(SELECT ...)``, ``^`` a power, format()'s
widths), and its names: its schema writes each table as a query must (schema-qualified,
quoted where needed), so the product's own queries take names as they are.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Final

from planrag.guards._dialect import FormatRule, Reading, SqlDialect
from planrag.guards._postgres_family import PgFamily
from planrag.guards._postgres_lexer import tokenize_postgres
from planrag.guards._postgres_query import check_postgres_statement
from planrag.guards._postgres_scope import _Reader
from planrag.guards._postgres_words import PG_FAMILY, PG_KEYWORDS
from planrag.guards._sql_lexer import LexError, Token
from planrag.guards._sql_resources import JOIN_WORDS
from planrag.guards._verdict import Verdict

__all__ = ["POSTGRES", "tables_read_in"]

_FORMAT: Final = FormatRule(
    functions=frozenset({"FORMAT"}),
    spec=re.compile(r"%(?:\d+\$)?-?(\d+|\*(?:\d+\$)?)?([sIL%])"),
    numbers=1,
    example="%900000000s",
)
"""PostgreSQL's format() specifiers: %[position$][-][width|*[position$]]type."""
_TEXT: Final = frozenset({"TEXT", "CHARACTER VARYING", "VARCHAR", "CITEXT"})
"""PostgreSQL's text types without a length: the idiomatic type of labels there (the schema
writes `character varying` as `varchar`)."""


def _reread_without_standard_strings(
    tokens: Sequence[Token], reading: Reading, verdict: Verdict
) -> Verdict:
    """PostgreSQL with standard_conforming_strings off reads a backslash in '...' as an
    escape: refuse a query whose tokens would then end elsewhere (``'C:\\'`` would swallow
    the rest of the query)."""
    query = reading.text
    if "\\" not in query:
        return verdict
    try:
        other = tokenize_postgres(query, standard_strings=False)
    except LexError:
        other = []
    if [(t.start, t.end) for t in other] == [(t.start, t.end) for t in tokens]:
        return verdict
    return Verdict.refuse(
        "syntax",
        "A string holds a backslash that a PostgreSQL server with standard_conforming_strings "
        "off would read as an escape, ending the string elsewhere; write E'...' with \\\\ for "
        "a backslash, or chr(92).",
    )


class _Tables(_Reader):
    """The PostgreSQL scope pass over every FROM clause, noting each relation named, as
    PostgreSQL's schema names it (`schema.table` when qualified, without the database)."""

    found: list[str]

    def _relation(self, parts: Sequence[int]) -> Verdict | None:
        names = [self.name(i) for i in parts]
        self.found.append(".".join(names[-2:]))
        return None

    def _column_reference(self, index: int) -> Verdict | None:
        return None  # `s.t.c` names a table its FROM clause names too


def tables_read_in(
    words: PgFamily,
) -> Callable[[Sequence[Token], Sequence[int], Reading], list[str]]:
    """The tables a query's FROM clauses name, read with the scope pass of `words`."""

    def tables_read(tokens: Sequence[Token], partners: Sequence[int], reading: Reading,
                    ) -> list[str]:
        reader = _Tables(tokens, partners, reading, words)
        reader.found = []
        try:
            reader.run()  # a refusal only ends the reading early
        except (IndexError, KeyError):  # text the guard would refuse anyway
            pass
        return reader.found

    return tables_read


def _as_written(name: str) -> str:
    """A PostgreSQL schema's name: already as a query writes it (`sales."Order Lines"`)."""
    return name


POSTGRES: Final = SqlDialect(
    name="postgres",
    language="sql",
    title="PostgreSQL",
    write=("Run one read-only SQL query, written in PostgreSQL's dialect: double quotes around "
           "names that need them (never backticks), 'single quotes' for text, || to join text, "
           "date_trunc(), EXTRACT() and to_char() for dates, CAST(x AS numeric) or x::numeric; "
           "MySQL's IF(), DATE_FORMAT() and IFNULL() do not exist there (CASE, to_char(), "
           "COALESCE())."),
    quote=_as_written,
    folds_tables=True,
    folds_columns=True,
    tokenize=tokenize_postgres,
    check_statement=check_postgres_statement,
    reread=_reread_without_standard_strings,
    default_schemas=("public",),
    plain_strings=True,
    qualified_names=True,
    label_text=_TEXT.__contains__,
    tables_read=tables_read_in(PG_FAMILY),
    keywords=PG_KEYWORDS,
    join_words=JOIN_WORDS | {"FULL"},
    from_functions=True,
    materialized_ctes=True,
    array_subqueries=True,
    caret_power=True,
    format=_FORMAT,
)
