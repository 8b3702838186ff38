"""Structural check of one read-only query: SELECT, WITH ... SELECT, TABLE, VALUES.

MySQL never nests a write inside a query, so a query is safe when its shape is a read and
every part of it is known to be harmless. ``TABLE t`` (MySQL 8) and ``VALUES ...`` are reads
that return rows, so they are allowed as policy like SELECT, under the same checks
(``TABLE mysql.user`` is refused by the system-schema rule, ``TABLE t INTO OUTFILE`` by INTO).

`check_query` verifies the shape (the statement head, and for WITH the statement after the
CTE list), then `_Walker` visits every token once, keeping a stack of parenthesis scopes, and
allows only:

* reserved words that a read-only query uses (`QUERY_KEYWORDS`), some only in their context:
  FOR only in ``SUBSTRING(s FOR n)``, JSON_TABLE ``FOR ORDINALITY`` and index hints; SET only
  in ``CHARACTER SET``; USE/FORCE/IGNORE only before INDEX/KEY. Any other reserved word
  (INTO, UPDATE, LOCK, PROCEDURE, ...) is refused wherever it appears, CTEs and subqueries
  included. Words after a ``.`` are identifiers, as the server reads them.
* function calls to the dialect's built-ins (`SqlDialect.functions`, `own_builtin`; for MySQL
  and MariaDB the pure built-ins, and those only one server has when the guard knows the
  query runs on that server: the other resolves the name as a stored function). Anything
  else, a quoted or schema-qualified name followed by ``(`` included, may be a stored
  function that writes; the dialect says why it is refused (`foreign_call`, `unknown_call`).
* names outside the system schemas, except the application-metadata information_schema tables.
* no variable assignment (``:=``) and no system variables (``@@...``).

Decidable resource blow-ups (cross joins, huge constant string lengths, recursion that never
stops) are judged afterwards by `_sql_resources`, and names outside the dataset's database
(other databases, information_schema rows of other databases) by `_sql_scope`.

The walk asks the dialect (`Reading.dialect`, a `SqlDialect`) what differs: SQLite's
(`_sqlite_dialect`) has its own list of functions, no space rule (SQLite has no stored
functions to mistake a built-in for), MySQL's functions refused with what to write in SQLite
instead, ``FILTER (WHERE ...)`` after an aggregate, and SQLite's own tables (sqlite_stat1 ...)
refused except the catalogue (sqlite_master).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from planrag.guards._dialect import Reading, SqlDialect
from planrag.guards._sql_lexer import (
    NUMBER,
    OPERATOR,
    QUOTED,
    STRING,
    SYSTEM_VARIABLE,
    WORD,
    Token,
    is_op,
    word_at,
)
from planrag.guards._sql_refusals import refuse_keyword, refuse_statement
from planrag.guards._sql_resources import resource_refusal
from planrag.guards._sql_scope import scope_refusal
from planrag.guards._sql_words import (
    ALLOWED_INFORMATION_SCHEMA_TABLES,
    QUERY_KEYWORDS,
    RESERVED,
    SEQUENCE_TABLE,
    SPACE_SENSITIVE_FUNCTIONS,
    SYSTEM_SCHEMAS,
)
from planrag.guards._verdict import Verdict

__all__ = [
    "MAX_DEPTH",
    "check_expression",
    "check_query",
    "match_parentheses",
    "qualified_name_refusal",
]

MAX_DEPTH: Final = 64
"""Deepest parenthesis nesting accepted; keeps every pass over the query close to linear."""

QUERY_HEADS: Final = frozenset({"SELECT", "WITH", "TABLE", "VALUES"})
_MAIN_QUERY_HEADS: Final = QUERY_HEADS - {"WITH"}  # what may follow a CTE list
_NAMES: Final = (WORD, QUOTED)
_COMPARISONS: Final = frozenset({"=", "<", ">", "<=", ">=", "<>", "!=", "<=>"})
_SUBSTRING_FUNCTIONS: Final = frozenset({"SUBSTRING", "SUBSTR", "MID"})
_JSON_TABLE_SCOPES: Final = frozenset({"JSON_TABLE", "COLUMNS"})
_CLAUSES_AFTER_FROM: Final = frozenset(
    {"GROUP", "HAVING", "ORDER", "LIMIT", "WINDOW", "FETCH", "OFFSET"}
)
_SET_OPERATORS: Final = frozenset({"UNION", "INTERSECT", "EXCEPT"})
_MAX_SEQUENCE_ROWS: Final = 1_000_000


def _is_name(token: Token) -> bool:
    """An identifier: backticked, or an unquoted word that is not reserved."""
    return token.kind == QUOTED or (token.kind == WORD and token.value not in RESERVED)


def match_parentheses(tokens: Sequence[Token]) -> list[int] | Verdict:
    """For each `(` the index of its `)` (and back); a refusal if they do not balance."""
    partners = [-1] * len(tokens)
    stack: list[int] = []
    for index, token in enumerate(tokens):
        if token.kind != OPERATOR:
            continue
        if token.value == "(":
            stack.append(index)
            if len(stack) > MAX_DEPTH:
                return Verdict.refuse(
                    "syntax",
                    f"The query nests parentheses more than {MAX_DEPTH} levels deep; simplify "
                    "it (for example with a WITH clause) and try again.",
                )
        elif token.value == ")":
            if not stack:
                return _unbalanced()
            opening = stack.pop()
            partners[opening], partners[index] = index, opening
    return _unbalanced() if stack else partners


def _unbalanced() -> Verdict:
    return Verdict.refuse(
        "syntax", "The parentheses in the query do not balance; fix them and try again."
    )


def qualified_name_refusal(tokens: Sequence[Token], index: int) -> Verdict | None:
    """Refuse the dotted name starting at `index` if it reaches into a system schema."""
    parts = [tokens[index].value]
    while is_op(tokens, index + 1, ".") and index + 2 < len(tokens):
        index += 2
        if tokens[index].kind not in _NAMES:
            break
        parts.append(tokens[index].value)
    if len(parts) < 2 or parts[0].lower() not in SYSTEM_SCHEMAS:
        return None
    schema, table = parts[0].lower(), parts[1].lower()
    if schema == "information_schema" and table in ALLOWED_INFORMATION_SCHEMA_TABLES:
        return None
    return Verdict.refuse(
        "system-schema",
        f"{schema}.{table} is server-internal data outside the application (credentials, other "
        "sessions, configuration); query the application tables, or information_schema "
        "TABLES/COLUMNS/STATISTICS for the schema.",
    )


def check_query(tokens: Sequence[Token], reading: Reading) -> Verdict | None:
    """Return a refusal for the query statement `tokens`, or None if it only reads."""
    partners = match_parentheses(tokens)
    if isinstance(partners, Verdict):
        return partners
    shape = _shape_refusal(tokens, partners)
    if shape is not None:
        return shape
    return _checks(tokens, partners, reading)


def check_expression(tokens: Sequence[Token], reading: Reading) -> Verdict | None:
    """Return a refusal for an expression (such as a SHOW ... WHERE condition), or None."""
    partners = match_parentheses(tokens)
    if isinstance(partners, Verdict):
        return partners
    return _checks(tokens, partners, reading)


def _checks(tokens: Sequence[Token], partners: Sequence[int], reading: Reading) -> Verdict | None:
    return (
        _Walker(tokens, partners, reading.dialect).run()
        or resource_refusal(tokens, partners, reading.dialect, params=reading.params)
        or scope_refusal(tokens, partners, reading)
    )


def _skip_open_parentheses(tokens: Sequence[Token], index: int) -> int:
    while is_op(tokens, index, "("):
        index += 1
    return index


def _shape_refusal(tokens: Sequence[Token], partners: Sequence[int]) -> Verdict | None:
    """Refuse unless the statement is a query, looking past WITH to the statement it heads."""
    head = _skip_open_parentheses(tokens, 0)
    word = word_at(tokens, head)
    if word not in QUERY_HEADS:
        return refuse_statement(tokens[head:])
    if word != "WITH":
        return None
    main = _after_cte_list(tokens, partners, head + 1)
    if main is None:
        return Verdict.refuse(
            "syntax",
            "The WITH clause is not of the form WITH name [(columns)] AS (query) [, ...] "
            "followed by a SELECT; fix its syntax.",
        )
    main = _skip_open_parentheses(tokens, main)
    if word_at(tokens, main) in _MAIN_QUERY_HEADS:
        return None
    refusal = refuse_statement(tokens[main:])
    return Verdict.refuse(refusal.rule, "After a WITH clause: " + refusal.reason)


def _after_cte_list(tokens: Sequence[Token], partners: Sequence[int], index: int) -> int | None:
    """The index of the statement after `WITH [RECURSIVE] cte, ...`, or None if malformed."""
    if word_at(tokens, index) == "RECURSIVE":
        index += 1
    while True:
        if index >= len(tokens) or not _is_name(tokens[index]):
            return None
        index += 1
        if is_op(tokens, index, "("):
            index = partners[index] + 1
        if word_at(tokens, index) != "AS" or not is_op(tokens, index + 1, "("):
            return None
        index = partners[index + 1] + 1
        if not is_op(tokens, index, ","):
            return index if index < len(tokens) else None
        index += 1


@dataclass(slots=True)
class _Scope:
    """A parenthesis level; `owner` is the function or keyword before `(` ("" if none);
    `in_from` while the level's query block is in its FROM clause."""

    owner: str
    in_from: bool = False


class _Walker:
    """Visits every token of a query once; see the module docstring for what it allows."""

    def __init__(
        self, tokens: Sequence[Token], partners: Sequence[int], dialect: SqlDialect
    ) -> None:
        self.tokens = tokens
        self.partners = partners
        self.dialect = dialect
        self.functions = dialect.functions
        self.scopes = [_Scope("")]
        self.next_owner = ""

    def run(self) -> Verdict | None:
        for index, token in enumerate(self.tokens):
            refusal = self._visit(index, token)
            if refusal is not None:
                return refusal
        return None

    def _visit(self, index: int, token: Token) -> Verdict | None:
        kind = token.kind
        if kind == OPERATOR:
            return self._operator(token.value)
        if kind in _NAMES:
            return self._name(index, token)
        if kind == STRING:
            return self._string(index, token)
        if kind == NUMBER:
            return self._number(index, token)
        if kind == SYSTEM_VARIABLE:
            return _system_variable(token.value)
        return None  # a user variable read: harmless once assignment is refused

    # ---------------------------------------------------------------- operators and literals

    def _operator(self, op: str) -> Verdict | None:
        if op == "(":
            self.scopes.append(_Scope(self.next_owner))
            self.next_owner = ""
        elif op == ")":
            self.scopes.pop()
        elif op == ":=":
            return Verdict.refuse(
                "variable",
                "The := operator assigns a user variable, which changes session state; "
                "compute the value in the SELECT list without assigning it.",
            )
        return None

    def _string(self, index: int, token: Token) -> Verdict | None:
        # With sql_mode ANSI_QUOTES the server reads "..." as an identifier: refuse the
        # places where that would change the meaning (qualified names and calls).
        if token.value.startswith('"') and (
            is_op(self.tokens, index - 1, ".")
            or is_op(self.tokens, index + 1, ".")
            or is_op(self.tokens, index + 1, "(")
        ):
            return Verdict.refuse(
                "syntax",
                "A double-quoted name is a string in MySQL; write table, column and function "
                "names unquoted or in backticks.",
            )
        return None

    def _number(self, index: int, token: Token) -> Verdict | None:
        # The server reads `name.5x` as a qualified name, the lexer as name followed by .5x.
        previous = self.tokens[index - 1] if index else None
        if (
            token.value.startswith(".")
            and previous is not None
            and previous.kind in _NAMES
            and previous.end == token.start
        ):
            return Verdict.refuse(
                "syntax",
                "A name part that starts with a digit must be backticked (write t.`5x`, not t.5x).",
            )
        return None

    # ------------------------------------------------------------------------------ names

    def _name(self, index: int, token: Token) -> Verdict | None:
        after_dot = is_op(self.tokens, index - 1, ".")
        if not is_op(self.tokens, index + 1, "("):
            refusal = self.dialect.internal_table(token.value)
            if refusal is not None:
                return refusal
        if after_dot and is_op(self.tokens, index + 1, "("):
            return Verdict.refuse(
                "function",
                "A schema-qualified call such as db.fn() runs a stored function, which may "
                "change data; use built-in functions only.",
            )
        # The server reads a word as an identifier (never a keyword) right after a `.`.
        if after_dot and self.tokens[index - 1].end == token.start:
            return None
        if is_op(self.tokens, index + 1, "("):
            return self._before_parenthesis(index, token)
        if token.kind == WORD and token.value in RESERVED:
            return self._keyword(index, token.value)
        return self._identifier(index)

    def _identifier(self, index: int) -> Verdict | None:
        token = self.tokens[index]
        is_word = token.kind == WORD and token.value.startswith("SEQ_")
        sequence = SEQUENCE_TABLE.fullmatch(token.value) if is_word else None
        if sequence is not None and _sequence_rows(sequence.groups()) > _MAX_SEQUENCE_ROWS:
            return Verdict.refuse(
                "dos",
                f"{token.value.lower()} generates more than {_MAX_SEQUENCE_ROWS:,} rows; use a "
                "smaller sequence range.",
            )
        return qualified_name_refusal(self.tokens, index)

    def _before_parenthesis(self, index: int, token: Token) -> Verdict | None:
        """A name followed by `(`: a built-in call, a keyword's group, or a column list."""
        name = token.value
        if token.kind == WORD and (name in self.functions or self.dialect.own_builtin(name)):
            return self._builtin_call(index, token)
        if token.kind == WORD:
            refusal = self.dialect.foreign_call(name)
            if refusal is not None:
                return refusal
        if token.kind == WORD and name in RESERVED:
            self.next_owner = name
            return self._keyword(index, name)
        if token.kind == WORD and self._keyword_group(index, name):
            self.next_owner = name
            return None
        if self._is_column_list(index):
            return self._identifier(index)
        return self.dialect.unknown_call(token)

    def _builtin_call(self, index: int, token: Token) -> Verdict | None:
        if (
            self.dialect.space_sensitive_calls
            and token.value in SPACE_SENSITIVE_FUNCTIONS
            and self.tokens[index + 1].start != token.end
        ):
            return Verdict.refuse(
                "function",
                f"Write {token.value}( with no space before the parenthesis: with a space the "
                "server looks for a stored function of that name instead of the built-in.",
            )
        self.next_owner = token.value
        return None

    def _keyword_group(self, index: int, name: str) -> bool:
        """Non-reserved words that open a group: `= ANY (subquery)`, JSON_TABLE COLUMNS (...),
        and in SQLite an aggregate's `FILTER (WHERE ...)`."""
        if self.dialect.aggregate_filter and name == "FILTER":
            after_call = is_op(self.tokens, index - 1, ")")
            return after_call and word_at(self.tokens, index + 2) == "WHERE"
        if name in {"ANY", "SOME"}:
            previous = self.tokens[index - 1] if index else None
            return (
                previous is not None
                and previous.kind == OPERATOR
                and (previous.value in _COMPARISONS)
            )
        return name == "COLUMNS" and self.scopes[-1].owner in _JSON_TABLE_SCOPES

    def _is_column_list(self, index: int) -> bool:
        """`name (a, b)` declaring columns: a CTE (`AS (` follows) or a derived-table alias."""
        tokens = self.tokens
        closing = self.partners[index + 1]
        inside = tokens[index + 2 : closing]
        if not inside or not all(_is_name(t) or t.value == "," for t in inside):
            return False
        if word_at(tokens, closing + 1) == "AS" and is_op(tokens, closing + 2, "("):
            return self._starts_cte(index)
        if not self.scopes[-1].in_from:
            return False
        return is_op(tokens, index - 1, ")") or (
            word_at(tokens, index - 1) == "AS" and is_op(tokens, index - 2, ")")
        )

    def _starts_cte(self, index: int) -> bool:
        """Whether `index` names a CTE: after WITH [RECURSIVE], or after `AS (...),`."""
        if word_at(self.tokens, index - 1) in {"WITH", "RECURSIVE"}:
            return True
        if not (is_op(self.tokens, index - 1, ",") and is_op(self.tokens, index - 2, ")")):
            return False
        return word_at(self.tokens, self.partners[index - 2] - 1) == "AS"

    # --------------------------------------------------------------------------- keywords

    def _keyword(self, index: int, word: str) -> Verdict | None:
        if word not in QUERY_KEYWORDS:
            return refuse_keyword(self.tokens, index)
        if word == "FOR":
            return self._for(index)
        if word == "SET" and word_at(self.tokens, index - 1) not in {"CHARACTER", "CHAR"}:
            return refuse_keyword(self.tokens, index)
        if word in {"USE", "FORCE", "IGNORE"} and word_at(self.tokens, index + 1) not in {
            "INDEX",
            "KEY",
        }:
            return _unsupported_keyword(word)
        self._track_from_clause(word)
        return None

    def _for(self, index: int) -> Verdict | None:
        following = word_at(self.tokens, index + 1)
        owner = self.scopes[-1].owner
        if following in {"UPDATE", "SHARE"}:
            return Verdict.refuse(
                "lock",
                f"FOR {following} takes row locks that block other sessions until the "
                "transaction ends; remove the locking clause and read without locks.",
            )
        if owner in _SUBSTRING_FUNCTIONS or (
            following == "ORDINALITY" and owner in _JSON_TABLE_SCOPES
        ):
            return None
        if following in {"JOIN", "ORDER", "GROUP"} and word_at(self.tokens, index - 1) in {
            "INDEX",
            "KEY",
        }:
            return None
        if word_at(self.tokens, index - 1) == "VALUE":
            return Verdict.refuse(
                "write",
                "NEXT/PREVIOUS VALUE FOR reads or advances a sequence, which changes database "
                "state; query the tables without touching sequences.",
            )
        return _unsupported_keyword("FOR")

    # ------------------------------------------------------------------ FROM clause tracking

    def _track_from_clause(self, word: str) -> None:
        """Know whether the current level is in a FROM clause (for derived-table aliases)."""
        scope = self.scopes[-1]
        if scope.owner in self.functions:
            return  # FROM inside TRIM(... FROM ...), EXTRACT(... FROM ...): not a table list
        if word == "FROM":
            scope.in_from = True
        elif word in _CLAUSES_AFTER_FROM or word in _SET_OPERATORS or word == "WHERE":
            scope.in_from = False


def _sequence_rows(groups: Sequence[str | None]) -> int:
    first, last, step = (int(g) if g else 1 for g in groups)
    return abs(last - first) // max(step, 1) + 1


def _system_variable(name: str) -> Verdict:
    return Verdict.refuse(
        "disclosure",
        f"{name} reads a server system variable (configuration, paths, versions), which is "
        "outside the application data; query the application tables instead.",
    )


def _unsupported_keyword(word: str) -> Verdict:
    return Verdict.refuse(
        "unsupported",
        f"{word} is not used that way in a read-only SELECT (only FOR ORDINALITY, "
        "SUBSTRING(... FOR n), USE/FORCE/IGNORE INDEX and CHARACTER SET are); rewrite the query "
        "as a plain SELECT.",
    )
