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
5. The dialect's second reading (`SqlDialect.reread`): on MySQL and MariaDB, if a string
   literal contains a backslash, the statements a server with sql_mode NO_BACKSLASH_ESCAPES
   would run are checked too, so a literal that ends earlier in that mode cannot smuggle a
   statement past the guard (`_mysql_dialect`).

`scope` says what is known of the database the query will run on (policy 8, "a query reads
only the dataset's own database"): names qualified with another database are refused, and so
are built-ins of one server only unless the query is known to run there (`_sql_scope`). An
unknown database or server is never assumed to be the right one.

Decisions never depend on keyword substrings: words inside strings, backticks and comments
are not seen as keywords, and words are judged by their position in the token stream.
The database layers (read-only transaction, timeouts, fetch caps) still stand behind this.

`Scope.server` is the dialect the query is judged in (a `SqlDialect`; None: MySQL or
MariaDB, not known which), and every step asks it: its lexer (step 2), its statement check
(step 4) and its second reading (step 5). SQLite's (`_sqlite_dialect`) is the one a SQLite
dataset's queries are written in and run as: SQLite's tokenizer, its functions, and only the
introspection its source answers; it has no second reading (SQLite has no escapes).
Everything the guard refuses on MySQL it refuses there too: writes, several statements, files,
settings (PRAGMA), other databases (ATTACH), locks and the resource rules.

PostgreSQL's (`_postgres_dialect`, versions 13 to 17) has: PostgreSQL's
tokenizer (step 2; no ``#`` comments or backticks, ``"..."`` names, ``E'...'`` and dollar
quotes, nested comments), and in step 4 its own statement check (`_postgres_query`: queries,
``EXPLAIN`` without ANALYZE, every other statement refused by kind), with PostgreSQL's
functions, types and operators, the resource rules, and its scope rule (`_postgres_scope`: only
the schemas `Scope.schemas` of the database `Scope.database`, no pg_catalog, only the
information_schema views that describe this database's tables). Its second reading: a query
holding a backslash must read the same with standard_conforming_strings off, where a backslash
in '...' escapes the next character (a database or role can set it so).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Final

from planrag.guards._dialect import Reading, Scope, SqlDialect
from planrag.guards._mysql_dialect import MYSQL_OR_MARIADB
from planrag.guards._sql_arithmetic import Placeholder
from planrag.guards._sql_lexer import OPERATOR, LexError, Token
from planrag.guards._sql_query import match_parentheses
from planrag.guards._sql_resources import resource_refusal
from planrag.guards._verdict import Verdict
from planrag.utf8 import surrogate_at

__all__ = ["MAX_QUERY_CHARS", "check_sql", "check_sql_sizes"]

MAX_QUERY_CHARS: Final = 100_000
_UNKNOWN: Final = Scope(server=MYSQL_OR_MARIADB)
"""Nothing known of the database: MySQL or MariaDB, not known which, nor its name."""


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
    if scope is None:
        known = _UNKNOWN
    elif scope.server is None:
        known = replace(scope, server=MYSQL_OR_MARIADB)
    else:
        known = scope
    reading = Reading(query, known, {p.at: p for p in params})
    dialect = reading.dialect
    try:
        tokens = dialect.tokenize(query)
    except LexError as error:
        return Verdict.refuse(error.rule, error.reason)
    return dialect.reread(tokens, reading, _check_tokens(tokens, reading))


def check_sql_sizes(
    query: str, dialect: SqlDialect | None, params: Sequence[Placeholder] = ()
) -> Verdict:
    """Only the resource rules (`_sql_resources`: the sizes of built values, generated
    series, cross joins, endless recursion) for one SQL query in `dialect` (None: MySQL or
    MariaDB), with its parameters' ranges: how a written decision is judged when it is read,
    before its database is known. A query these rules cannot read is allowed here; the whole
    guard judges it when it runs."""
    dialect = dialect or MYSQL_OR_MARIADB
    try:
        tokens = dialect.tokenize(query)
    except LexError:
        return Verdict.allow()
    statement = _single_statement(tokens)
    if isinstance(statement, Verdict) or not statement:
        return Verdict.allow()
    partners = match_parentheses(statement)
    if isinstance(partners, Verdict):
        return Verdict.allow()
    refusal = resource_refusal(statement, partners, dialect, params={p.at: p for p in params})
    return refusal or Verdict.allow()


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
    return reading.dialect.check_statement(statement, reading) or Verdict.allow()


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


def _is_semicolon(token: Token) -> bool:
    return token.kind == OPERATOR and token.value == ";"
