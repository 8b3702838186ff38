"""What a read-only query reads: its tables (SQL) or its labels and relationship types
(Cypher), found with the guard's own lexers and the SQL dialect's FROM-clause reader
(`SqlDialect.tables_read`).

The engine uses it to tell whether the queries of a run read what a decision needs, and a
dataset's written decisions to say which tables they need (`planrag.engine.plan_check`). It
judges nothing: a query it cannot read gives no names, never an error. Names come as the
query spells them (backticks removed); common table expressions are not tables.
"""

from __future__ import annotations

from collections.abc import Sequence

from planrag.guards import _cypher_lexer as cy
from planrag.guards._dialect import Reading, Scope
from planrag.guards._sql_lexer import OPERATOR, QUOTED, WORD, LexError, Token
from planrag.guards._sql_query import match_parentheses
from planrag.guards._verdict import Verdict
from planrag.guards.dialects import sql_dialect

__all__ = ["names_read", "words_of"]

MAX_CHARS = 100_000
"""Longer text is not read (the guard refuses it too)."""


def names_read(query: str, language: str, *, dialect: str = "mysql",
               database: str | None = None) -> tuple[str, ...]:
    """The tables (`language` "sql", read as `dialect`'s server reads it) or labels and
    relationship types ("cypher") `query` reads, in order, each once; () when it cannot be
    read. `database`, when known, is the current database: names qualified with it are read
    as unqualified ones (a MySQL view's stored definition qualifies every name)."""
    if not isinstance(query, str) or len(query) > MAX_CHARS:
        return ()
    found = (_cypher_names(query) if language == "cypher"
             else _sql_tables(query, dialect, database))
    return tuple(dict.fromkeys(found))


def words_of(query: str, language: str, *, dialect: str = "mysql") -> frozenset[str]:
    """Every name the query mentions (tables, columns, aliases, properties), case-folded:
    whether a column is read at all."""
    if not isinstance(query, str) or len(query) > MAX_CHARS:
        return frozenset()
    if language == "cypher":
        try:
            tokens = cy.tokenize(query)
        except cy.LexError:
            return frozenset()
        return frozenset(t.value.casefold() for t in tokens if t.kind in (cy.WORD, cy.QUOTED))
    try:
        sql_tokens = sql_dialect(dialect).tokenize(query)
    except LexError:
        return frozenset()
    return frozenset(_spelled(query, t).casefold() for t in sql_tokens if t.kind in (WORD, QUOTED))


def _spelled(query: str, token: Token) -> str:
    return query[token.start:token.end] if token.kind == WORD else token.value


def _sql_tables(query: str, dialect: str, database: str | None) -> list[str]:
    found = sql_dialect(dialect)
    try:
        tokens = found.tokenize(query)
    except LexError:
        return []
    while tokens and tokens[-1].kind == OPERATOR and tokens[-1].value == ";":
        tokens = tokens[:-1]
    partners = match_parentheses(tokens)
    if isinstance(partners, Verdict):
        return []
    named = found.tables_read(tokens, partners,
                              Reading(query, Scope(database=database, server=found)))
    ctes = _cte_names(tokens, partners, query)
    return [name for name in named if name.casefold() not in ctes]


def _cte_names(tokens: Sequence[Token], partners: Sequence[int], query: str) -> set[str]:
    """Names a WITH clause defines: `name AS (` or `name (columns) AS (` after WITH,
    RECURSIVE or a comma."""
    out: set[str] = set()
    for i, token in enumerate(tokens):
        if token.kind not in (WORD, QUOTED) or i == 0:
            continue
        before = tokens[i - 1]
        if not ((before.kind == WORD and before.value in ("WITH", "RECURSIVE"))
                or (before.kind == OPERATOR and before.value == ",")):
            continue
        at = i + 1
        if at < len(tokens) and tokens[at].kind == OPERATOR and tokens[at].value == "(":
            at = partners[at] + 1
        if (at + 1 < len(tokens) and tokens[at].kind == WORD and tokens[at].value == "AS"
                and tokens[at + 1].kind == OPERATOR and tokens[at + 1].value == "("):
            out.add(_spelled(query, token).casefold())
    return out


def _cypher_names(query: str) -> list[str]:
    """Labels and types: the name after a `:` (or a `|` between types) inside a node or
    relationship pattern, or after `var:` in an expression; never a map's key."""
    try:
        tokens = cy.tokenize(query)
    except cy.LexError:
        return []
    found: list[str] = []
    opened: list[str] = []
    for i, token in enumerate(tokens):
        if token.kind == cy.PUNCT and token.value in "([{":
            opened.append(token.value)
            continue
        if token.kind == cy.PUNCT and token.value in ")]}":
            if opened:
                opened.pop()
            continue
        if token.kind != cy.PUNCT or token.value not in (":", "|") or i + 1 >= len(tokens):
            continue
        if opened and opened[-1] == "{":
            continue  # a map: `{name: value}`
        nxt = tokens[i + 1]
        if nxt.kind not in (cy.WORD, cy.QUOTED):
            continue
        if token.value == "|" and not (opened and opened[-1] == "["):
            continue  # `|` is a type alternative only inside a relationship
        found.append(nxt.value)
    return found
