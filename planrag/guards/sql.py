"""Parser-level read-only guard for model-written SQL: MySQL/MariaDB, SQLite or PostgreSQL.

`check_sql` decides whether one query may run. It fails closed: whatever it cannot fully
understand is refused, with a one-sentence reason the model can act on. The steps:

1. Input sanity: text, not empty, not enormous.
2. Tokenize with a MySQL-dialect lexer (`_sql_lexer`): comments become whitespace, executable
   comments and hints are refused, strings/backticks/``--``/``#`` follow the server's rules,
   and unknown characters outside quotes are refused.
3. Exactly one statement: a single trailing ``;`` is fine, anything after it is refused.
4. Classify by shape: a query (SELECT, WITH, TABLE, VALUES, parenthesised) goes through the
   structural query check (`_sql_query`); SHOW, DESCRIBE and EXPLAIN through the
   introspection check (`_sql_introspection`); every other statement is refused by kind
   (`_sql_refusals`).
5. If a string literal contains a backslash, the statements a server with sql_mode
   NO_BACKSLASH_ESCAPES would run are checked too, so a literal that ends earlier in that
   mode cannot smuggle a statement past the guard (see `_check_without_backslash_escapes`).

`scope` says what is known of the database the query will run on (policy 8, "a query reads
only the dataset's own database"): names qualified with another database are refused, and so
are built-ins of one server only unless the query is known to run there (`_sql_scope`). An
unknown database or server is never assumed to be the right one.

Decisions never depend on keyword substrings: words inside strings, backticks and comments
are not seen as keywords, and words are judged by their position in the token stream.
The database layers (read-only transaction, timeouts, fetch caps) still stand behind this.

`Scope.server == "sqlite"` judges the query in SQLite's dialect, the one a SQLite dataset's
queries are written in and run as: SQLite's tokenizer (step 2), its functions, and only the
introspection its source answers (step 4); step 5 does not apply (SQLite has no escapes).
Everything the guard refuses on MySQL it refuses there too: writes, several statements, files,
settings (PRAGMA), other databases (ATTACH), locks and the resource rules.

`Scope.server == "postgres"` judges the query in PostgreSQL's dialect (13 to 17): PostgreSQL's
tokenizer (step 2; no ``#`` comments or backticks, ``"..."`` names, ``E'...'`` and dollar
quotes, nested comments), and in step 4 its own statement check (`_postgres_query`: queries,
``EXPLAIN`` without ANALYZE, every other statement refused by kind), with PostgreSQL's
functions, types and operators, the resource rules, and its scope rule (`_postgres_scope`: only
the schemas `Scope.schemas` of the database `Scope.database`, no pg_catalog, only the
information_schema views that describe this database's tables). In place of step 5, a query
holding a backslash must read the same with standard_conforming_strings off, where a backslash
in '...' escapes the next character (a database or role can set it so).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from planrag.guards._postgres_query import check_postgres_statement
from planrag.guards._scope import Scope
from planrag.guards._sql_arithmetic import Placeholder
from planrag.guards._sql_introspection import (
    check_explain,
    check_show,
    check_sqlite_explain,
    check_sqlite_show,
)
from planrag.guards._sql_lexer import OPERATOR, UNKNOWN, WORD, LexError, Token, tokenize
from planrag.guards._sql_query import QUERY_HEADS, check_query, match_parentheses
from planrag.guards._sql_refusals import refuse_statement
from planrag.guards._sql_resources import resource_refusal
from planrag.guards._sql_scope import Reading
from planrag.guards._verdict import Verdict
from planrag.utf8 import surrogate_at

__all__ = ["MAX_QUERY_CHARS", "check_sql", "check_sql_sizes"]

MAX_QUERY_CHARS: Final = 100_000
_EXPLAIN_HEADS: Final = frozenset({"EXPLAIN", "DESCRIBE", "DESC"})


def check_sql(
    query: str, scope: Scope | None = None, params: Sequence[Placeholder] = ()
) -> Verdict:
    """Classify one model-written SQL query: allowed only if it is a single read of the
    dataset's own database. `scope` is what is known of that database (None: nothing);
    `params` are the parameters a driver binds where the text holds a literal 0 (the
    product's own queries only), judged by their ranges where a size depends on them."""
    refusal = _input_refusal(query)
    if refusal is not None:
        return refusal
    at = {p.at: p for p in params}
    reading = Reading(query, scope if scope is not None else Scope(), at)
    sqlite = reading.scope.server == "sqlite"
    postgres = reading.scope.server == "postgres"
    try:
        tokens = tokenize(query, sqlite=sqlite, postgres=postgres)
    except LexError as error:
        return Verdict.refuse(error.rule, error.reason)
    if postgres and "\\" in query:
        refusal = _nonstandard_strings_refusal(query, tokens)
        if refusal is not None:
            return refusal
    verdict = _check_tokens(tokens, reading)
    if verdict.allowed and not sqlite and not postgres and "\\" in query:
        return _check_without_backslash_escapes(tokens, reading)
    return verdict


def check_sql_sizes(
    query: str, server: str | None, params: Sequence[Placeholder] = ()
) -> Verdict:
    """Only the resource rules (`_sql_resources`: the sizes of built values, generated
    series, cross joins, endless recursion) for one SQL query in `server`'s dialect, with
    its parameters' ranges: how a written decision is judged when it is read, before its
    database is known. A query these rules cannot read is allowed here; the whole guard
    judges it when it runs."""
    sqlite, postgres = server == "sqlite", server == "postgres"
    try:
        tokens = tokenize(query, sqlite=sqlite, postgres=postgres)
    except LexError:
        return Verdict.allow()
    statement = _single_statement(tokens)
    if isinstance(statement, Verdict) or not statement:
        return Verdict.allow()
    partners = match_parentheses(statement)
    if isinstance(partners, Verdict):
        return Verdict.allow()
    refusal = resource_refusal(statement, partners, postgres=postgres, sqlite=sqlite,
                               params={p.at: p for p in params})
    return refusal or Verdict.allow()


def _nonstandard_strings_refusal(query: str, tokens: Sequence[Token]) -> Verdict | None:
    """PostgreSQL with standard_conforming_strings off reads a backslash in '...' as an
    escape: refuse a query whose tokens would then end elsewhere (``'C:\\'`` would swallow
    the rest of the query)."""
    try:
        other = tokenize(query, postgres=True, standard_strings=False)
    except LexError:
        other = []
    if [(t.start, t.end) for t in other] == [(t.start, t.end) for t in tokens]:
        return None
    return Verdict.refuse(
        "syntax",
        "A string holds a backslash that a PostgreSQL server with standard_conforming_strings "
        "off would read as an escape, ending the string elsewhere; write E'...' with \\\\ for "
        "a backslash, or chr(92).",
    )


def _input_refusal(query: object) -> Verdict | None:
    if not isinstance(query, str):
        return Verdict.refuse(
            "syntax", f"The query must be text, not {type(query).__name__}; send one SQL string."
        )
    if not query.strip():
        return Verdict.refuse("syntax", "The query is empty; send one SELECT statement.")
    at = surrogate_at(query)
    if at is not None:  # a lone surrogate: no database can be sent it
        return Verdict.refuse(
            "syntax", f"The query holds a character that is not text at byte {at} (a lone "
            "surrogate, e.g. from a \\udXXX escape); write that part again as plain text.")
    if len(query) > MAX_QUERY_CHARS:
        return Verdict.refuse(
            "too-long",
            f"The query is {len(query):,} characters long, over the {MAX_QUERY_CHARS:,} "
            "character limit; send a shorter query.",
        )
    return None


def _check_tokens(tokens: Sequence[Token], reading: Reading) -> Verdict:
    statement = _single_statement(tokens)
    if isinstance(statement, Verdict):
        return statement
    return _check_statement(statement, reading) or Verdict.allow()


def _single_statement(tokens: Sequence[Token]) -> Sequence[Token] | Verdict:
    """The tokens of the only statement, without its trailing `;`; or a refusal."""
    if not tokens:
        return Verdict.refuse("syntax", "The query holds only comments; send one SELECT statement.")
    for index, token in enumerate(tokens):
        if _is_semicolon(token):
            if index == 0:
                return Verdict.refuse(
                    "syntax", "The query starts with ';'; send one statement without it."
                )
            if index != len(tokens) - 1:
                return Verdict.refuse(
                    "multi-statement",
                    "The input holds more than one SQL statement; send exactly one statement "
                    "per query (a single trailing ';' is fine).",
                )
            return tokens[:index]
    return tokens


def _check_statement(tokens: Sequence[Token], reading: Reading) -> Verdict | None:
    if reading.scope.server == "postgres":
        return check_postgres_statement(tokens, reading)
    head = tokens[0]
    if head.kind == OPERATOR and head.value == "(":
        return check_query(tokens, reading)
    word = head.value if head.kind == WORD else ""
    sqlite = reading.scope.server == "sqlite"
    if word in QUERY_HEADS:
        return check_query(tokens, reading)
    if word == "SHOW":
        return (check_sqlite_show if sqlite else check_show)(tokens, reading)
    if word in _EXPLAIN_HEADS:
        return (check_sqlite_explain if sqlite else check_explain)(tokens, reading)
    return refuse_statement(tokens)


def _check_without_backslash_escapes(tokens: Sequence[Token], reading: Reading) -> Verdict:
    """Re-check the query as a server with sql_mode NO_BACKSLASH_ESCAPES would read it.

    The product switches that mode off, so this is a second line of defence, and it judges
    harm rather than form: read that way a literal such as ``'%\\'; DROP%'`` ends early and the
    text splits into several statements, and such a server (with multi-statements on) would
    run them in order until the first one it cannot parse. Each statement it would run must
    be one the guard allows; the first unparseable one (an unterminated literal, or a ``\\``
    outside quotes other than the ``\\N`` NULL literal) stops the batch.
    """
    query = reading.text
    try:
        literal_tokens = tokenize(query, backslash_escapes=False, lenient=True)
    except LexError as error:
        if not error.unterminated:
            return _ambiguous_escapes(Verdict.refuse(error.rule, error.reason))
        # The statement holding the open literal cannot be parsed; those before it run.
        literal_tokens = error.tokens_before
        last = max((i for i, t in enumerate(literal_tokens) if _is_semicolon(t)), default=-1)
        literal_tokens = literal_tokens[: last + 1]
    if literal_tokens == tokens:
        return Verdict.allow()
    for statement in _statements(literal_tokens):
        if not _server_can_parse(query, statement):
            break
        verdict = _check_statement(statement, reading) or Verdict.allow()
        if not verdict.allowed:
            return _ambiguous_escapes(verdict)
    return Verdict.allow()


def _statements(tokens: Sequence[Token]) -> list[Sequence[Token]]:
    """The non-empty statements of a token list, split at `;`."""
    statements: list[Sequence[Token]] = []
    start = 0
    for index, token in enumerate(tokens):
        if _is_semicolon(token):
            if index > start:
                statements.append(tokens[start:index])
            start = index + 1
    if start < len(tokens):
        statements.append(tokens[start:])
    return statements


def _server_can_parse(query: str, statement: Sequence[Token]) -> bool:
    """False if the statement holds a backslash outside quotes that is not ``\\N`` (NULL):
    the server rejects such a statement as a syntax error and runs nothing after it."""
    return all(
        token.value != "\\" or query.startswith("N", token.end)
        for token in statement
        if token.kind == UNKNOWN
    )


def _is_semicolon(token: Token) -> bool:
    return token.kind == OPERATOR and token.value == ";"


def _ambiguous_escapes(verdict: Verdict) -> Verdict:
    return Verdict.refuse(
        verdict.rule,
        "Read without backslash escapes (sql_mode NO_BACKSLASH_ESCAPES), a string in this "
        "query ends early and the rest is refused (" + verdict.reason.rstrip(".") + "); "
        "write a quote inside a string by doubling it ('') instead of escaping it with \\.",
    )
