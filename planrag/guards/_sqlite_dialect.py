"""SQLite's dialect: the object `planrag.guards.dialects` gives for "sqlite".

What is its own: SQLite's lexer (`_sqlite_lexer`), MySQL's statement grammar with only the
introspection a SQLite source answers (SHOW TABLES, DESCRIBE t, EXPLAIN QUERY PLAN), SQLite's
built-ins (`_sqlite_words`: MySQL's refused with what to write instead, ``FILTER (WHERE ...)``
after an aggregate, its own tables refused but the catalogue), printf()'s widths, the one
database ``main``, and its text: no backslash escapes, a column without a type holds text
as text. The product's own queries quote names with double quotes, SQLite's own.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from planrag.guards._dialect import FormatRule, Reading, SqlDialect, quoted_with
from planrag.guards._mysql_dialect import statement_check, tables_read
from planrag.guards._sql_introspection import _explain_refusal, _is_name, _syntax, _word
from planrag.guards._sql_lexer import WORD, Token
from planrag.guards._sql_query import QUERY_HEADS, check_query
from planrag.guards._sql_resources import JOIN_WORDS
from planrag.guards._sql_scope import shown
from planrag.guards._sql_words import DENIED_FUNCTIONS, RESERVED
from planrag.guards._sqlite_lexer import tokenize_sqlite
from planrag.guards._sqlite_words import (
    ELSEWHERE,
    SQLITE_DENIED_FUNCTIONS,
    SQLITE_FUNCTIONS,
    sqlite_internal,
)
from planrag.guards._verdict import Verdict

__all__ = ["SQLITE"]

_PRINTF: Final = FormatRule(
    functions=frozenset({"PRINTF", "FORMAT"}),
    spec=re.compile(r"%[-+ 0#,!]*(\d+|\*)?(?:\.(\d*|\*))?(?:ll|l)?([A-Za-z%])"),
    numbers=2,
    example="%.900000000c",
    cut_by_precision=frozenset("sz"),
)
"""SQLite's printf() specifiers: %[flags][width][.precision][length]type; the precision of
%s and %z cuts, never pads."""
_TEXT_AFFINITY: Final = re.compile(r"CHAR|CLOB|TEXT", re.I)


def _foreign_call(name: str) -> Verdict | None:
    if name not in ELSEWHERE["sqlite"]:
        return None
    return Verdict.refuse(
        "function",
        f"{name}() is MySQL's, not a SQLite function (this database is SQLite); write "
        f"{ELSEWHERE['sqlite'][name]} instead.",
    )


def _unknown_call(token: Token) -> Verdict:
    name = token.value if token.kind == WORD else f"`{token.value}`"
    # SQLite calls a quoted name too: "load_extension"(...) is load_extension
    denied = SQLITE_DENIED_FUNCTIONS.get(token.value.upper())
    if denied is None and token.kind == WORD:
        denied = DENIED_FUNCTIONS.get(token.value)
    if denied is not None:
        return Verdict.refuse(denied[0], denied[1].format(name=name.lower()))
    return Verdict.refuse(
        "function",
        f"{name.lower()}() is not a SQLite built-in function the guard knows (a quoted "
        "name is refused as a call); write the value with SQLite's own: date(), "
        "strftime() and julianday() for dates, || and substr() for text, iif() or CASE "
        "for conditions.",
    )


def _internal_table(name: str) -> Verdict | None:
    if not sqlite_internal(name):
        return None
    return Verdict.refuse(
        "system-schema",
        f"{shown(name.lower())} is one of SQLite's internal tables (statistics, counters, "
        "pages), not the dataset's data; read the dataset's tables, or sqlite_master for the "
        "schema.",
    )


# ------------------------------------------------------------------------ introspection

_SQLITE_ANSWERED: Final = (
    "on SQLite only SHOW TABLES, SHOW COLUMNS FROM t, DESCRIBE t and EXPLAIN [QUERY PLAN] "
    "SELECT are answered; read sqlite_master or pragma_table_info('t') in a SELECT for more"
)


def _check_show(tokens: Sequence[Token], reading: Reading) -> Verdict | None:
    """The SHOW and DESCRIBE forms the SQLite source answers from its catalogue (``SHOW [FULL]
    TABLES``, ``SHOW [FULL] {COLUMNS|FIELDS} FROM t``, ``{DESCRIBE|DESC} t``), or a refusal."""
    index = 1
    head = _word(tokens, 0)
    if head == "SHOW":
        if _word(tokens, index) == "FULL":
            index += 1
        kind = _word(tokens, index)
        if kind == "TABLES" and index + 1 == len(tokens):
            return None
        if kind not in {"COLUMNS", "FIELDS"} or _word(tokens, index + 1) != "FROM":
            return _sqlite_unanswered(tokens)
        index += 2
    if index + 1 == len(tokens) and _is_name(tokens, index):
        return _sqlite_table(tokens[index].value)
    return _sqlite_unanswered(tokens)


def _check_explain(tokens: Sequence[Token], reading: Reading) -> Verdict | None:
    """SQLite's ``EXPLAIN [QUERY PLAN] <query>`` (only compiles the query), or a refusal;
    ``DESCRIBE t`` / ``DESC t`` as the source answers them."""
    if _word(tokens, 0) in {"DESCRIBE", "DESC"}:
        return _check_show(tokens, reading)
    index = 3 if _word(tokens, 1) == "QUERY" and _word(tokens, 2) == "PLAN" else 1
    if index < len(tokens) and (tokens[index].value == "(" or _word(tokens, index) in QUERY_HEADS):
        return check_query(tokens[index:], reading)
    if index == 1 and _is_name(tokens, 1) and len(tokens) == 2:
        return _sqlite_unanswered(tokens)
    if index >= len(tokens):
        return _syntax("EXPLAIN")
    return _explain_refusal(tokens, index)


def _sqlite_table(name: str) -> Verdict | None:
    if sqlite_internal(name):
        return Verdict.refuse(
            "system-schema",
            f"{shown(name.lower())} is one of SQLite's internal tables, not the dataset's data; "
            "describe the dataset's own tables.",
        )
    return None


def _sqlite_unanswered(tokens: Sequence[Token]) -> Verdict:
    return Verdict.refuse(
        "unsupported", f"{tokens[0].value} in this form is MySQL's; {_SQLITE_ANSWERED}."
    )


def _label_text(kind: str) -> bool:
    """SQLite's text affinity (a type holding CHAR, CLOB or TEXT) without a length."""
    return bool(_TEXT_AFFINITY.search(kind)) and "(" not in kind


SQLITE: Final = SqlDialect(
    name="sqlite",
    language="sql",
    title="SQLite",
    write=("Run one read-only SQL query, written in SQLite's dialect: date(), strftime() and "
           "julianday() for dates, || to join text, iif() or CASE for conditions, printf() to "
           "format numbers; MySQL's functions such as IF(), DATE_FORMAT() and NOW() do not "
           "exist there."),
    quote=quoted_with('"'),
    folds_tables=True,
    folds_columns=True,
    tokenize=tokenize_sqlite,
    check_statement=statement_check(_check_show, _check_explain),
    default_database="main",
    functions=SQLITE_FUNCTIONS,
    foreign_call=_foreign_call,
    unknown_call=_unknown_call,
    internal_table=_internal_table,
    aggregate_filter=True,
    plain_strings=True,
    untyped_text=True,
    label_text=_label_text,
    tables_read=tables_read,
    keywords=RESERVED,
    join_words=JOIN_WORDS,
    format=_PRINTF,
)
