"""Schema introspection statements: SHOW, DESCRIBE/DESC and EXPLAIN.

Allowed, because they only describe the application schema the account can already see:

* ``SHOW [FULL] TABLES [{FROM|IN} db] [LIKE 'p' | WHERE expr]``
* ``SHOW [FULL|EXTENDED] {COLUMNS|FIELDS} {FROM|IN} t [{FROM|IN} db] [LIKE | WHERE]``
* ``SHOW [EXTENDED] {INDEX|INDEXES|KEYS} {FROM|IN} t [{FROM|IN} db] [WHERE expr]``
* ``SHOW CREATE {TABLE|VIEW} t`` and ``SHOW TABLE STATUS [{FROM|IN} db] [LIKE | WHERE]``
* ``{DESCRIBE|DESC|EXPLAIN} t [column | 'pattern']``
* ``{EXPLAIN|DESCRIBE} [FORMAT=...|EXTENDED|PARTITIONS] <query>`` for a query the query check
  allows (plain EXPLAIN only plans it).

Every other SHOW discloses server state outside the application (PROCESSLIST, GRANTS,
VARIABLES, DATABASES, ENGINE ...). EXPLAIN ANALYZE executes its statement, EXPLAIN FOR
CONNECTION shows another session's plan, and EXPLAIN of a write is refused as policy.
System schemas are refused in every form, and so is any other database than the dataset's
own (``SHOW TABLES FROM other_db``, ``DESCRIBE other_db.t``; policy 8): a database named
there must be `Scope.database`, so with an unknown database only unqualified names pass.

SQLite has none of these statements; its source answers a few forms from its catalogue, which
its dialect allows (`_sqlite_dialect`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from planrag.guards._dialect import Reading
from planrag.guards._sql_lexer import QUOTED, STRING, WORD, Token
from planrag.guards._sql_query import (
    QUERY_HEADS,
    check_expression,
    check_query,
    qualified_name_refusal,
)
from planrag.guards._sql_refusals import refuse_keyword, refuse_statement
from planrag.guards._sql_scope import database_refusal, qualified_table_refusal, shown
from planrag.guards._sql_words import RESERVED, SYSTEM_SCHEMAS
from planrag.guards._verdict import Verdict

__all__ = ["check_explain", "check_show"]

_SHOW_MODIFIERS: Final = frozenset({"FULL", "EXTENDED"})
_COLUMN_OR_INDEX: Final = frozenset({"COLUMNS", "FIELDS", "INDEX", "INDEXES", "KEYS"})
_EXPLAIN_OPTIONS: Final = frozenset({"EXTENDED", "PARTITIONS"})
_ALLOWED_SHOW: Final = (
    "only SHOW TABLES, SHOW COLUMNS, SHOW INDEX, SHOW CREATE TABLE/VIEW and SHOW TABLE STATUS "
    "are allowed"
)


def _word(tokens: Sequence[Token], index: int) -> str:
    if index < len(tokens) and tokens[index].kind == WORD:
        return tokens[index].value
    return ""


def _is_name(tokens: Sequence[Token], index: int) -> bool:
    if index >= len(tokens):
        return False
    token = tokens[index]
    return token.kind == QUOTED or (token.kind == WORD and token.value not in RESERVED)


def _syntax(what: str) -> Verdict:
    return Verdict.refuse("syntax", f"Could not read this {what}; check its syntax.")


def _skip_name(tokens: Sequence[Token], index: int) -> int | None:
    """The index after a possibly dotted name at `index`, or None if none is there."""
    if not _is_name(tokens, index):
        return None
    index += 1
    while index + 1 < len(tokens) and tokens[index].value == "." and _is_name(tokens, index + 1):
        index += 2
    return index


def _table(
    tokens: Sequence[Token], index: int, what: str, reading: Reading
) -> tuple[int, Verdict | None]:
    """Read a table name at `index`; the index after it and a refusal, if any."""
    end = _skip_name(tokens, index)
    if end is None:
        return index, _syntax(what)
    refusal = qualified_name_refusal(tokens, index)
    return end, refusal or qualified_table_refusal(tokens, index, reading)


def _database(
    tokens: Sequence[Token], index: int, what: str, reading: Reading
) -> tuple[int, Verdict | None]:
    """Read an optional `{FROM|IN} db`; the index after it and a refusal, if any."""
    if _word(tokens, index) not in {"FROM", "IN"}:
        return index, None
    if not _is_name(tokens, index + 1):
        return index, _syntax(what)
    name = tokens[index + 1].value.lower()
    if name in SYSTEM_SCHEMAS:
        return index, Verdict.refuse(
            "system-schema",
            f"The {name} schema is server-internal, outside the application data; show the "
            "application's own tables instead.",
        )
    database = reading.spelling(tokens[index + 1])
    clause = f"{tokens[index].value} {shown(database)}"
    refusal = database_refusal(
        database,
        f"{what} {clause} reads database {shown(database)}",
        reading.scope,
        f"leave out {clause}",
    )
    return index + 2, refusal


def _filter(tokens: Sequence[Token], index: int, what: str, reading: Reading) -> Verdict | None:
    """The end of a SHOW: nothing, `LIKE 'pattern'`, or `WHERE expression`."""
    word = _word(tokens, index)
    if index == len(tokens):
        return None
    if word == "LIKE" and index + 2 == len(tokens) and tokens[index + 1].kind == STRING:
        return None
    if word == "WHERE" and index + 1 < len(tokens):
        return check_expression(tokens[index + 1 :], reading)
    return _syntax(what)


def check_show(tokens: Sequence[Token], reading: Reading) -> Verdict | None:
    """Return a refusal for the SHOW statement `tokens`, or None if it is allowed."""
    index = 1
    while _word(tokens, index) in _SHOW_MODIFIERS:
        index += 1
    kind = _word(tokens, index)
    if kind == "TABLES":
        return _show_tables(tokens, index + 1, "SHOW TABLES", reading)
    if kind in _COLUMN_OR_INDEX:
        return _show_columns(tokens, index + 1, reading)
    if kind == "CREATE" and _word(tokens, index + 1) in {"TABLE", "VIEW"}:
        end, refusal = _table(tokens, index + 2, "SHOW CREATE", reading)
        return refusal or (None if end == len(tokens) else _syntax("SHOW CREATE"))
    if kind == "TABLE" and _word(tokens, index + 1) == "STATUS":
        return _show_tables(tokens, index + 2, "SHOW TABLE STATUS", reading)
    shown = " ".join(t.value for t in tokens[1 : index + 2] if t.kind == WORD)
    if not shown:
        return _syntax("SHOW")
    return Verdict.refuse(
        "disclosure",
        f"SHOW {shown} reveals server state outside the application data (sessions, grants, "
        f"settings, other databases); {_ALLOWED_SHOW}.",
    )


def _show_tables(
    tokens: Sequence[Token], index: int, what: str, reading: Reading
) -> Verdict | None:
    index, refusal = _database(tokens, index, what, reading)
    return refusal or _filter(tokens, index, what, reading)


def _show_columns(tokens: Sequence[Token], index: int, reading: Reading) -> Verdict | None:
    if _word(tokens, index) not in {"FROM", "IN"}:
        return _syntax("SHOW COLUMNS/INDEX")
    index, refusal = _table(tokens, index + 1, "SHOW COLUMNS/INDEX", reading)
    if refusal is not None:
        return refusal
    index, refusal = _database(tokens, index, "SHOW COLUMNS/INDEX", reading)
    return refusal or _filter(tokens, index, "SHOW COLUMNS/INDEX", reading)


def check_explain(tokens: Sequence[Token], reading: Reading) -> Verdict | None:
    """Return a refusal for an EXPLAIN/DESCRIBE/DESC statement, or None if it is allowed."""
    # FORMAT=... may come before ANALYZE or FOR CONNECTION (MySQL 8.0.32+ accepts both orders).
    second = _word(tokens, _skip_explain_options(tokens, 1))
    if second == "ANALYZE":
        return Verdict.refuse(
            "explain-analyze",
            "EXPLAIN ANALYZE executes the statement to time it; use plain EXPLAIN to see the "
            "plan without running it.",
        )
    if second == "FOR":
        return Verdict.refuse(
            "disclosure",
            "EXPLAIN FOR CONNECTION shows what another session is running; explain your own "
            "SELECT instead.",
        )
    index = _skip_explain_options(tokens, 1)
    if index >= len(tokens):
        return _syntax(tokens[0].value)
    if tokens[index].value == "(" or _word(tokens, index) in QUERY_HEADS:
        return check_query(tokens[index:], reading)
    if index == 1 and _is_name(tokens, 1):
        return _describe_table(tokens, reading)
    return _explain_refusal(tokens, index)


def _skip_explain_options(tokens: Sequence[Token], index: int) -> int:
    while True:
        word = _word(tokens, index)
        if word in _EXPLAIN_OPTIONS:
            index += 1
        elif word == "FORMAT" and index + 2 < len(tokens) and tokens[index + 1].value == "=":
            index += 3
        else:
            return index


def _describe_table(tokens: Sequence[Token], reading: Reading) -> Verdict | None:
    """``DESCRIBE t [column | 'pattern']``."""
    end, refusal = _table(tokens, 1, tokens[0].value, reading)
    if refusal is not None:
        return refusal
    if end < len(tokens) and (_is_name(tokens, end) or tokens[end].kind == STRING):
        end += 1
    return None if end == len(tokens) else _syntax(tokens[0].value)


def _explain_refusal(tokens: Sequence[Token], index: int) -> Verdict:
    word = _word(tokens, index)
    if word in RESERVED and word not in {"INSERT", "UPDATE", "DELETE", "REPLACE"}:
        return refuse_keyword(tokens, index)
    inner = refuse_statement(tokens[index:])
    return Verdict.refuse(
        inner.rule,
        "EXPLAIN is accepted only for a SELECT, as a policy (" + inner.reason.rstrip(".") + ").",
    )
