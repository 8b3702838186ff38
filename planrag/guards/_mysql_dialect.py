"""MySQL's and MariaDB's dialect: the objects `planrag.guards.dialects` gives for "mysql" and
"mariadb", and the one the SQL guard judges in when only the language is known (MySQL or
MariaDB, not known which: `MYSQL_OR_MARIADB`).

What is theirs: the MySQL lexer (`_sql_lexer`, with backslash escapes), the statement check
(queries through `_sql_query`, SHOW and DESCRIBE/EXPLAIN through `_sql_introspection`, every
other statement refused by kind), the built-ins only one of the two servers has
(`SERVER_FUNCTIONS`: allowed on that server, refused where the other would call a stored
function of that name), and a second reading without backslash escapes (sql_mode
NO_BACKSLASH_ESCAPES, see `_reread_without_backslash_escapes`). The product's own queries
quote names with backticks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Final

from planrag.guards._dialect import Dialect, Reading, SqlDialect, quoted_with
from planrag.guards._sql_introspection import check_explain, check_show
from planrag.guards._sql_lexer import OPERATOR, UNKNOWN, WORD, LexError, Token, tokenize
from planrag.guards._sql_query import QUERY_HEADS, check_query
from planrag.guards._sql_refusals import refuse_statement
from planrag.guards._sql_resources import JOIN_WORDS
from planrag.guards._sql_scope import _Block, _chain, _Checker, _Join
from planrag.guards._sql_words import (
    ALLOWED_FUNCTIONS,
    DENIED_FUNCTIONS,
    RESERVED,
    SERVER_FUNCTIONS,
)
from planrag.guards._sqlite_words import ELSEWHERE
from planrag.guards._verdict import Verdict

__all__ = ["MARIADB", "MYSQL", "MYSQL_OR_MARIADB", "statement_check", "tables_read"]

_EXPLAIN_HEADS: Final = frozenset({"EXPLAIN", "DESCRIBE", "DESC"})
_SERVER_NAMES: Final = {"mysql": "MySQL 8", "mariadb": "MariaDB"}

StatementCheck = Callable[[Sequence[Token], Reading], "Verdict | None"]


def statement_check(show: StatementCheck, explain: StatementCheck) -> StatementCheck:
    """The statement check of a dialect of MySQL's grammar: a query (SELECT, WITH, TABLE,
    VALUES or parenthesised) through `_sql_query`, SHOW and EXPLAIN/DESCRIBE through `show`
    and `explain`, every other statement refused by kind."""

    def check(tokens: Sequence[Token], reading: Reading) -> Verdict | None:
        head = tokens[0]
        if head.kind == OPERATOR and head.value == "(":
            return check_query(tokens, reading)
        word = head.value if head.kind == WORD else ""
        if word in QUERY_HEADS:
            return check_query(tokens, reading)
        if word == "SHOW":
            return show(tokens, reading)
        if word in _EXPLAIN_HEADS:
            return explain(tokens, reading)
        return refuse_statement(tokens)

    return check


# ------------------------------------------------------------------------ the tables read


class _Tables(_Checker):
    """The scope checker's pass over every FROM clause, noting each stored table named (when
    the current database is known, not one another database's name refused)."""

    found: list[str]

    def _named_table(
        self, index: int, end: int, join: _Join, block: _Block
    ) -> tuple[int, Verdict | None]:
        parts, _ = _chain(self.tokens, index)
        after, refusal = super()._named_table(index, end, join, block)
        if refusal is None or self.scope.database is None:
            self.found.append(self.spelled(parts[-1]))
        return after, refusal


def tables_read(tokens: Sequence[Token], partners: Sequence[int], reading: Reading) -> list[str]:
    """The stored tables a query's FROM clauses name (MySQL's grammar), as spelled."""
    reader = _Tables(tokens, partners, reading)
    reader.found = []
    try:
        reader.run()  # a refusal (another database) only ends the reading early
    except (IndexError, KeyError):  # text the guard would refuse anyway
        pass
    return reader.found


# ------------------------------------------------------------------------ calls


def _own_builtin(server: str | None, name: str) -> bool:
    found = SERVER_FUNCTIONS.get(name)
    return found is not None and found[0] == server


def _foreign_call(server: str | None, name: str) -> Verdict | None:
    found = SERVER_FUNCTIONS.get(name)
    if found is None:
        return None
    home, instead = found
    return _server_function_refusal(name, home, server, instead)


def _server_function_refusal(name: str, home: str, server: str | None, instead: str) -> Verdict:
    """A built-in of one server only, on a server that resolves the name as a stored function."""
    if not home:
        built_in = (
            f"{name}() is built in only from MariaDB 11.2, so MySQL 8 and MariaDB 10.11 run a "
            "stored function of that name from the dataset's schema instead"
        )
    elif server is None:
        other = _SERVER_NAMES["mariadb" if home == "mysql" else "mysql"]
        built_in = (
            f"{name}() is built into {_SERVER_NAMES[home]} only, and the server is not known "
            f"to be {_SERVER_NAMES[home]}: {other} runs a stored function of that name from "
            "the dataset's schema instead"
        )
    else:
        built_in = (
            f"{name}() is built into {_SERVER_NAMES[home]} but not "
            f"{_SERVER_NAMES.get(server, 'the server connected')}, which runs a stored "
            "function of that name from the dataset's schema instead"
        )
    return Verdict.refuse(
        "stored-function", f"{built_in} (stored functions may change data); {instead}."
    )


def _unknown_call(token: Token) -> Verdict:
    name = token.value if token.kind == WORD else f"`{token.value}`"
    denied = DENIED_FUNCTIONS.get(token.value) if token.kind == WORD else None
    if denied is not None:
        return Verdict.refuse(denied[0], denied[1].format(name=name))
    if token.kind == WORD and token.value in ELSEWHERE["mysql"]:
        return Verdict.refuse(
            "function",
            f"{token.value}() is SQLite's, not a built-in of MySQL or MariaDB (where the name "
            "would call a stored function, which may change data); write "
            f"{ELSEWHERE['mysql'][token.value]} instead.",
        )
    return Verdict.refuse(
        "function",
        f"{name}() is not a known built-in function (a stored function may change data, and "
        "a quoted name calls one); compute the value with built-in functions instead.",
    )


# ------------------------------------------------------------------------ a second reading


def _reread_without_backslash_escapes(
    tokens: Sequence[Token], reading: Reading, verdict: Verdict
) -> Verdict:
    """Re-check an allowed query holding a backslash as a server with sql_mode
    NO_BACKSLASH_ESCAPES would read it.

    The product switches that mode off, so this is a second line of defence, and it judges
    harm rather than form: read that way a literal such as ``'%\\'; DROP%'`` ends early and the
    text splits into several statements, and such a server (with multi-statements on) would
    run them in order until the first one it cannot parse. Each statement it would run must
    be one the guard allows; the first unparseable one (an unterminated literal, or a ``\\``
    outside quotes other than the ``\\N`` NULL literal) stops the batch.
    """
    query = reading.text
    if not verdict.allowed or "\\" not in query:
        return verdict
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
        found = reading.dialect.check_statement(statement, reading) or Verdict.allow()
        if not found.allowed:
            return _ambiguous_escapes(found)
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


# ------------------------------------------------------------------------ the dialects


def _mysql_family(server: str | None, name: Dialect, title: str) -> SqlDialect:
    return SqlDialect(
        name=name,
        language="sql",
        title=title,
        write=(f"Run one read-only SQL query, written in {title}'s dialect (backticks around "
               "names, DATE_FORMAT() for dates, CONCAT() for text)."),
        quote=quoted_with("`"),
        folds_columns=True,
        tokenize=tokenize,
        check_statement=statement_check(check_show, check_explain),
        reread=_reread_without_backslash_escapes,
        builtins_of=server,
        functions=ALLOWED_FUNCTIONS,
        own_builtin=partial(_own_builtin, server),
        foreign_call=partial(_foreign_call, server),
        unknown_call=_unknown_call,
        space_sensitive_calls=True,
        keywords=RESERVED,
        join_words=JOIN_WORDS,
        tables_read=tables_read,
    )


MYSQL: Final = _mysql_family("mysql", "mysql", "MySQL 8")
MARIADB: Final = _mysql_family("mariadb", "mariadb", "MariaDB")
MYSQL_OR_MARIADB: Final = _mysql_family(None, "mysql", "MySQL 8")
"""The dialect of a query known only to run on MySQL or MariaDB: MySQL's, with no built-in
of one server only."""
