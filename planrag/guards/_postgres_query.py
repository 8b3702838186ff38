"""The SQL guard in PostgreSQL's dialect: statements, queries and EXPLAIN.

`check_postgres_statement` judges one statement as PostgreSQL reads it (tokens from
`_postgres_lexer.tokenize_postgres`). A query (SELECT, WITH, VALUES, TABLE, or one of them
in parentheses) goes through `_Walker`, which visits every token once, keeping a stack of
bracket levels, and allows only:

* keywords a read-only query uses (`PG_QUERY_KEYWORDS`), some only in their place: FOR only in
  ``SUBSTRING(s FROM a FOR b)`` (elsewhere it starts a locking clause, refused); WITH only
  heading a CTE list (at the start of a query) or in WITH ORDINALITY, WITH TIME ZONE, WITH
  TIES; TABLE only as a query of its own. INSERT, UPDATE, DELETE and MERGE are refused
  wherever they are not a name after a ``.``: in PostgreSQL a WITH may wrap them, and they
  write even there. INTO (SELECT ... INTO makes a table) and RETURNING are refused.
* calls of built-ins that only compute (`PG_FUNCTIONS`), unqualified: a quoted or
  schema-qualified name followed by ``(`` is refused, and so are the words that open a group
  only in their place (OVER and FILTER after a call, ROLLUP, CUBE and GROUPING SETS in GROUP
  BY, MATERIALIZED in a CTE): elsewhere PostgreSQL would call a function of that name
  (``NOT materialized(1)`` does). ``name (a, b)`` is a column list only as a CTE's (the WITH
  list records its names as it reads them) or after AS, a derived table or a relation's name
  in FROM.
* casts to the types of `PG_TYPES` (``x::numeric(10,2)``, ``CAST(x AS text[])``,
  ``DATE '2024-01-01'``, ``INTERVAL '1 day'``); any other name right before a string is a
  typed literal of another type, refused.
* operators of `PG_OPERATORS`; ``?``, ``?|`` and ``?&`` only between two operands (elsewhere
  ``?`` is a driver's placeholder), and ``:`` only inside array brackets (a slice).

Then `_sql_resources` judges the decidable blow-ups (cross joins, huge generate_series and
repeat(), recursion that never stops) and `_postgres_scope` the relations read (schemas in
scope, no pg_catalog, the allowed information_schema views). Every other statement is refused
by kind (`refuse_postgres_statement`); ``EXPLAIN [VERBOSE] query`` and ``EXPLAIN (FORMAT ...,
COSTS, VERBOSE) query`` are allowed for a query allowed here, EXPLAIN ANALYZE never (it runs
the statement).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from planrag.guards._dialect import Reading
from planrag.guards._postgres_family import PgFamily
from planrag.guards._postgres_scope import postgres_scope_refusal
from planrag.guards._postgres_words import PG_FAMILY
from planrag.guards._sql_lexer import (
    NUMBER,
    OPERATOR,
    QUOTED,
    STRING,
    WORD,
    Token,
    is_op,
    word_at,
)
from planrag.guards._sql_query import match_parentheses
from planrag.guards._sql_resources import resource_refusal
from planrag.guards._verdict import Verdict

__all__ = ["check_postgres_query", "check_postgres_statement", "check_query_in"]

_WRITES: Final = frozenset({"INSERT", "UPDATE", "DELETE", "MERGE"})
_SET_OPERATORS: Final = frozenset({"UNION", "INTERSECT", "EXCEPT"})
_FROM_FUNCTIONS: Final = frozenset({"EXTRACT", "SUBSTRING", "TRIM"})
_AFTER_FROM: Final = frozenset(
    {"WHERE", "GROUP", "HAVING", "WINDOW", "ORDER", "LIMIT", "OFFSET", "FETCH", "QUALIFY"}
    | _SET_OPERATORS
)
_AFTER_GROUP_BY: Final = frozenset(
    {"HAVING", "WINDOW", "ORDER", "LIMIT", "OFFSET", "FETCH", "QUALIFY"} | _SET_OPERATORS
)
_VALUE_KEYWORDS: Final = frozenset(
    {"NULL", "TRUE", "FALSE", "END", "CURRENT_DATE", "CURRENT_TIME", "CURRENT_TIMESTAMP"}
    | {"LOCALTIME", "LOCALTIMESTAMP"}
)
_KEY_OPERATORS: Final = frozenset({"?", "?|", "?&"})
_EXPLAIN_FORMATS: Final = frozenset({"TEXT", "JSON", "XML", "YAML"})
_BOOLEANS: Final = frozenset({"TRUE", "FALSE", "ON", "OFF"})
_EXPLAIN_OPTIONS: Final = "FORMAT (TEXT, JSON, XML or YAML), COSTS and VERBOSE"


def check_postgres_statement(tokens: Sequence[Token], reading: Reading) -> Verdict | None:
    """Return a refusal for one PostgreSQL statement, or None if it only reads."""
    head = tokens[0]
    word = head.value if head.kind == WORD else ""
    if (head.kind == OPERATOR and head.value == "(") or word in PG_FAMILY.query_heads:
        return check_postgres_query(tokens, reading)
    if word == "EXPLAIN":
        return _check_explain(tokens, reading)
    return PG_FAMILY.refuse_statement(tokens)


def check_postgres_query(tokens: Sequence[Token], reading: Reading) -> Verdict | None:
    """Return a refusal for the query `tokens`, or None if it only reads."""
    return check_query_in(PG_FAMILY, tokens, reading)


def check_query_in(words: PgFamily, tokens: Sequence[Token], reading: Reading) -> Verdict | None:
    """Return a refusal for the query `tokens` in a dialect of PostgreSQL's grammar with
    `words`, or None if it only reads."""
    partners = match_parentheses(tokens)
    if isinstance(partners, Verdict):
        return partners
    head = 0
    while is_op(tokens, head, "("):
        head += 1
    if word_at(tokens, head) not in words.query_heads:
        return words.refuse_statement(tokens[head:])
    return (
        _Walker(tokens, partners, words).run()
        or resource_refusal(tokens, partners, reading.dialect, params=reading.params)
        or postgres_scope_refusal(tokens, partners, reading, words)
    )


def _is_name(token: Token, words: PgFamily) -> bool:
    """A name that may stand for a column or an alias (col_name keywords included)."""
    return token.kind == QUOTED or (
        token.kind == WORD
        and (token.value not in words.keywords or token.value in words.column_name_keywords)
    )


# ---------------------------------------------------------------------------------- EXPLAIN


def _check_explain(tokens: Sequence[Token], reading: Reading) -> Verdict | None:
    partners = match_parentheses(tokens)
    if isinstance(partners, Verdict):
        return partners
    index = 1
    if is_op(tokens, 1, "(") and not _starts_query(tokens, 2):
        refusal = _explain_options(tokens, 2, partners[1])
        if refusal is not None:
            return refusal
        index = partners[1] + 1
    while word_at(tokens, index) in {"ANALYZE", "ANALYSE", "VERBOSE"}:
        if word_at(tokens, index) != "VERBOSE":
            return _explain_analyze()
        index += 1
    if index >= len(tokens):
        return Verdict.refuse("syntax", "EXPLAIN needs the query to explain after it.")
    if _starts_query(tokens, index):
        return check_postgres_query(tokens[index:], reading)
    inner = PG_FAMILY.refuse_statement(tokens[index:])
    return Verdict.refuse(
        inner.rule,
        "EXPLAIN is accepted only for a query, as a policy (" + inner.reason.rstrip(".") + ").",
    )


def _starts_query(tokens: Sequence[Token], index: int) -> bool:
    return is_op(tokens, index, "(") or word_at(tokens, index) in PG_FAMILY.query_heads


def _explain_options(tokens: Sequence[Token], start: int, end: int) -> Verdict | None:
    """``FORMAT f``, ``COSTS [bool]`` and ``VERBOSE [bool]``, separated by commas."""
    option: list[Token] = []
    for index in range(start, end + 1):
        if index < end and not is_op(tokens, index, ","):
            option.append(tokens[index])
            continue
        words = [t.value for t in option if t.kind == WORD]
        if {"ANALYZE", "ANALYSE"} & set(words):
            return _explain_analyze()
        if not _allowed_explain_option(option):
            shown = " ".join(t.value for t in option)[:40] or "an empty option"
            return Verdict.refuse(
                "unsupported",
                f"EXPLAIN option {shown} is not accepted; only {_EXPLAIN_OPTIONS} are.",
            )
        option = []
    return None


def _allowed_explain_option(option: Sequence[Token]) -> bool:
    if not option or option[0].kind != WORD:
        return False
    name, rest = option[0].value, option[1:]
    if name == "FORMAT":
        return len(rest) == 1 and rest[0].kind == WORD and rest[0].value in _EXPLAIN_FORMATS
    if name not in {"COSTS", "VERBOSE"}:
        return False
    if not rest:
        return True
    value = rest[0]
    return len(rest) == 1 and (
        (value.kind == WORD and value.value in _BOOLEANS)
        or (value.kind == NUMBER and value.value in {"0", "1"})
    )


def _explain_analyze() -> Verdict:
    return Verdict.refuse(
        "explain-analyze",
        "EXPLAIN ANALYZE runs the statement to time it (a write would write); use plain "
        "EXPLAIN, or EXPLAIN (FORMAT JSON), to see the plan without running it.",
    )


# ------------------------------------------------------------------------------ the walker


@dataclass(slots=True)
class _Level:
    """A bracket level: `owner` is the word before `(` ("" if none, "[" for brackets)."""

    owner: str
    in_from: bool = False
    in_group_by: bool = False


class _Walker:
    """Visits every token of a query once; see the module docstring for what it allows."""

    def __init__(self, tokens: Sequence[Token], partners: Sequence[int], words: PgFamily) -> None:
        self.tokens = tokens
        self.partners = partners
        self.words = words
        self.type_starts = words.types | frozenset(words.multiword_types)
        self.main_heads = words.query_heads - {"WITH"}
        self.lambda_colons: set[int] = set()  # the `:` of LAMBDA x: ..., as the walk reads
        self.levels = [_Level("")]
        self.next_owner = ""
        self.skip_to = 0  # the tokens before it belong to a type already judged
        self.cte_words: set[int] = set()  # CTE names and MATERIALIZED, as a WITH list reads

    def run(self) -> Verdict | None:
        for index, token in enumerate(self.tokens):
            if index < self.skip_to:
                continue
            refusal = self._visit(index, token)
            if refusal is not None:
                return refusal
        if len(self.levels) != 1:
            return _syntax("The brackets [ ] in the query do not balance; fix them.")
        return None

    # ------------------------------------------------------------------------ navigation

    def word(self, index: int) -> str:
        return word_at(self.tokens, index)

    def op(self, index: int, op: str) -> bool:
        return is_op(self.tokens, index, op)

    def kind(self, index: int) -> str:
        return self.tokens[index].kind if 0 <= index < len(self.tokens) else ""

    def _visit(self, index: int, token: Token) -> Verdict | None:
        if token.kind == OPERATOR:
            return self._operator(index, token.value)
        if token.kind in (WORD, QUOTED):
            return self._name(index, token)
        return None  # strings and numbers

    # ------------------------------------------------------------------------- operators

    def _operator(self, index: int, op: str) -> Verdict | None:
        if op == "(":
            self.levels.append(_Level(self.next_owner))
            self.next_owner = ""
        elif op == "[":
            self.levels.append(_Level("["))
        elif op in (")", "]"):
            if (self.levels[-1].owner == "[") != (op == "]") or len(self.levels) == 1:
                return _syntax("The brackets in the query do not balance; fix them.")
            self.levels.pop()
        elif op == "::":
            return self._cast(index + 1)
        elif op == ":":
            if (self.levels[-1].owner != "[" and index not in self.lambda_colons
                    and not self._named_argument(index)):
                return Verdict.refuse(
                    "parameter",
                    "A : outside array brackets is a parameter placeholder (:name), and the "
                    "query is sent without parameters; write the value itself (and :: for a "
                    "cast).",
                )
        elif op in _KEY_OPERATORS and op in self.words.operators:
            return self._key_operator(index, op)
        elif op == "?":
            return Verdict.refuse(
                "parameter",
                "? is a parameter placeholder in a prepared statement, and the query is sent "
                "without parameters; write the value itself.",
            )
        elif op not in self.words.operators and op not in {",", ".", ";"}:
            return Verdict.refuse(
                "operator",
                f"{op} is not a built-in operator the guard knows (the dataset's own operators "
                "run its functions); write the condition with =, <, LIKE, ~, ||, the JSON "
                "operators or a built-in function.",
            )
        return None

    def _named_argument(self, index: int) -> bool:
        """``name := value`` as a call's argument, where the dialect has them."""
        tokens = self.tokens
        return (
            self.words.named_arguments
            and self.levels[-1].owner not in ("", "[")
            and self.op(index + 1, "=") and tokens[index].end == tokens[index + 1].start
            and self.kind(index - 1) == WORD and _is_name(tokens[index - 1], self.words)
            and (self.op(index - 2, "(") or self.op(index - 2, ","))
        )

    def _key_operator(self, index: int, op: str) -> Verdict | None:
        """``?``, ``?|`` and ``?&`` test jsonb keys only between two operands."""
        before = self.tokens[index - 1] if index else None
        after = self.tokens[index + 1] if index + 1 < len(self.tokens) else None
        ends = before is not None and (
            before.kind in (QUOTED, STRING, NUMBER)
            or (before.kind == WORD and (before.value not in self.words.keywords
                                         or before.value in _VALUE_KEYWORDS))
            or (before.kind == OPERATOR and before.value in (")", "]"))
        )
        starts = after is not None and (
            after.kind in (QUOTED, STRING)
            or (after.kind == WORD
                and (after.value not in self.words.keywords or after.value == "ARRAY"))
            or (after.kind == OPERATOR and after.value == "(")
        )
        if ends and starts:
            return None
        return Verdict.refuse(
            "parameter",
            f"{op} stands where a value belongs, as a driver's parameter placeholder, and the "
            "query is sent without parameters; write the value itself (as an operator, "
            f"{op} tests jsonb keys: data {op} 'key').",
        )

    # -------------------------------------------------------------------------- types

    def _cast(self, index: int) -> Verdict | None:
        end = self._type(index)
        if isinstance(end, Verdict):
            return end
        self.skip_to = end
        return None

    def _type(self, index: int) -> int | Verdict:
        """The index after the type name at `index`, or a refusal."""
        token = self.tokens[index] if index < len(self.tokens) else None
        if token is None or token.kind not in (WORD, QUOTED):
            return _syntax("A type name must follow :: (or AS in CAST); write one such as "
                           "numeric or text.")
        if token.kind == QUOTED or self.op(index + 1, "."):
            return self._type_refusal(
                token.value if token.kind == QUOTED else token.value.lower())
        word = token.value
        following = self.words.multiword_types.get(word, frozenset())
        if self.word(index + 1) in following:
            index += 2
        elif word in self.words.types:
            index += 1
        else:
            return self._type_refusal(word.lower())
        if self.op(index, "("):
            closing = self.partners[index]
            inside = self.tokens[index + 1 : closing]
            if not inside or not all(t.kind == NUMBER or t.value == "," for t in inside):
                return _syntax("A type's modifier holds only numbers, as in numeric(10, 2).")
            index = closing + 1
        if (
            word in {"TIMESTAMP", "TIME"}
            and self.word(index) in {"WITH", "WITHOUT"}
            and self.word(index + 1) == "TIME"
            and self.word(index + 2) == "ZONE"
        ):
            index += 3
        if self.word(index) == "ARRAY":
            index += 1
        while self.op(index, "["):
            if self.op(index + 1, "]"):
                index += 2
            elif self.kind(index + 1) == NUMBER and self.op(index + 2, "]"):
                index += 3
            else:
                break
        return index

    def _type_refusal(self, name: str) -> Verdict:
        shown = name if len(name) <= 40 else name[:37] + "..."
        return Verdict.refuse(
            "type", f"{shown} is not a built-in type the guard accepts in a cast "
            f"{self.words.type_advice}")

    # ------------------------------------------------------------------------------ names

    def _name(self, index: int, token: Token) -> Verdict | None:
        call = self.op(index + 1, "(")
        if self.op(index - 1, "."):  # a name part: a column, table or schema
            if call:
                denied = self.words.denied(token.value.upper()) if self.words.fold_quoted else None
                if denied is not None:  # DuckDB: main.read_csv() is read_csv()
                    return Verdict.refuse(denied[0], denied[1].format(name=token.value.lower()))
                return Verdict.refuse("function", self.words.qualified_call)
            return None
        if token.kind == QUOTED:
            if call and not self._is_column_list(index):
                denied = self.words.denied(token.value.upper()) if self.words.fold_quoted else None
                if denied is not None:
                    return Verdict.refuse(denied[0], denied[1].format(name=token.value.lower()))
                return Verdict.refuse(
                    "function",
                    f'A quoted name before "(" calls a function ("{token.value[:40]}"), which '
                    "the guard refuses; call built-in functions by their plain name.",
                )
            if self.kind(index + 1) == STRING:
                return self._type_refusal(token.value)
            return None
        word = token.value
        if self.kind(index + 1) == STRING or word in self.type_starts:
            literal = self._typed_literal(index, word)
            if literal is not None:
                return literal if isinstance(literal, Verdict) else None
        if call and word in self.words.functions:
            self.next_owner = word
            return None
        if word in self.words.keywords:
            if call:
                self.next_owner = word
            return self._keyword(index, word)
        if call:
            return self._call(index, word)
        if word == "ROWS" and self.word(index + 1) == "FROM" and self._factor_start(index):
            return Verdict.refuse(
                "unsupported",
                "ROWS FROM (...) is not accepted; call one set-returning function in FROM, or "
                "join them.",
            )
        return None

    def _typed_literal(self, index: int, word: str) -> Verdict | bool | None:
        """``type 'text'`` (a typed literal): True when it is one and allowed, a refusal when
        it names another type, None when the word is no typed literal."""
        if word == "ESCAPE" or (word == "ZONE" and self.word(index - 1) == "TIME"):
            return None
        if word in self.type_starts:
            end = self._type(index)
            if isinstance(end, int) and self.kind(end) == STRING:
                self.skip_to = end
                return True
            return None
        if self.kind(index + 1) == STRING and word not in self.words.keywords:
            return self._type_refusal(word.lower())
        return None

    def _call(self, index: int, word: str) -> Verdict | None:
        """A word that is no keyword, followed by `(`: a group opened by a word in its place,
        a column list, or a call of a function that is not a built-in the guard allows."""
        after_call = self.op(index - 1, ")")
        previous = self.word(index - 1)
        if (
            (word == "OVER" and after_call)
            or (word == "FILTER" and after_call and self.word(index + 2) == "WHERE")
            or (word in {"ROLLUP", "CUBE"} and self._grouping_item(index))
            or (word == "SETS" and previous == "GROUPING" and self._grouping_item(index - 1))
            or (word == "MATERIALIZED" and index in self.cte_words)
            or (word in self.words.star_modifiers and self.op(index - 1, "*"))
        ):
            self.next_owner = word
            return None
        if self._is_column_list(index):
            return None
        denied = self.words.denied(word)
        name = word.lower()
        if denied is not None:
            return Verdict.refuse(denied[0], denied[1].format(name=name))
        elsewhere = self.words.elsewhere
        if word in elsewhere:
            return Verdict.refuse(
                "function",
                f"{name}() is not a {self.words.title} function (it is another database's); "
                f"write {elsewhere[word]} instead.",
            )
        return Verdict.refuse(
            "function",
            f"{name}() is not a built-in function the guard knows (the dataset's own functions "
            f"may change data); {self.words.advice}",
        )

    def _grouping_item(self, index: int) -> bool:
        """Whether `index` starts an item of GROUP BY or GROUPING SETS, where ROLLUP (...),
        CUBE (...) and GROUPING SETS (...) group rather than call a function."""
        level = self.levels[-1]
        if level.owner == "SETS":
            return self.op(index - 1, "(") or self.op(index - 1, ",")
        if not level.in_group_by:
            return False
        previous = self.word(index - 1)
        if previous in {"ALL", "DISTINCT"}:
            previous = self.word(index - 2)
        return previous == "BY" or self.op(index - 1, ",")

    def _factor_start(self, index: int) -> bool:
        """Whether `index` starts a table reference of a FROM clause."""
        return self.levels[-1].in_from and (
            self.word(index - 1) in {"FROM", "JOIN", "LATERAL"} or self.op(index - 1, ",")
        )

    def _is_column_list(self, index: int) -> bool:
        """`name (a, b)` naming columns: a CTE's (AS follows), or an alias's in FROM (after
        AS, a derived table or a function)."""
        closing = self.partners[index + 1]
        inside = self.tokens[index + 2 : closing]
        if not inside or not all(_is_name(t, self.words) or t.value == "," for t in inside):
            return False
        if index in self.cte_words:
            return True
        if not self.levels[-1].in_from:
            return False
        return (self.word(index - 1) == "AS" or self.op(index - 1, ")")
                or self._after_relation(index))

    def _after_relation(self, index: int) -> bool:
        """Whether `index` follows a relation's name in FROM (``orders o(a, b)``,
        ``sales.orders o(a)``): there PostgreSQL reads an alias, never a call."""
        start = index - 1
        if not (start >= 0 and _is_name(self.tokens[start], self.words)):
            return False
        while (self.op(start - 1, ".") and start >= 2
               and _is_name(self.tokens[start - 2], self.words)):
            start -= 2
        return self._factor_start(start)

    # --------------------------------------------------------------------------- keywords

    def _keyword(self, index: int, word: str) -> Verdict | None:
        if word not in self.words.query_keywords:
            return self.words.refuse_keyword(self.tokens, index)
        if word == "LAMBDA" and self.words.lambdas:
            return self._lambda(index)
        if word == "FOR":
            return self._for(index)
        if word == "WITH":
            return self._with(index)
        if word == "TABLE" and not self._query_start(index):
            return _unsupported(
                "TABLE is accepted only as a query of its own (TABLE t, or after UNION); "
                "write SELECT * FROM t inside a larger query."
            )
        if word == "AS" and self.levels[-1].owner in self.words.cast_functions:
            return self._cast_type(index)
        self._track_clauses(index, word)
        return None

    def _lambda(self, index: int) -> Verdict | None:
        """``LAMBDA x, y: expression`` (DuckDB): names, then the `:` that ends them."""
        index += 1
        while self.kind(index) == WORD and _is_name(self.tokens[index], self.words):
            index += 1
            if not self.op(index, ","):
                break
            index += 1
        if not self.op(index, ":"):
            return _syntax("LAMBDA takes names and then a colon: lambda x: x + 1.")
        self.lambda_colons.add(index)
        return None

    def _query_start(self, index: int) -> bool:
        previous = self.word(index - 1)
        if previous in {"ALL", "DISTINCT"}:
            previous = self.word(index - 2)
        return index == 0 or self.op(index - 1, "(") or previous in _SET_OPERATORS

    def _cast_type(self, index: int) -> Verdict | None:
        end = self._type(index + 1)
        if isinstance(end, Verdict):
            return end
        if not self.op(end, ")"):
            return _syntax("CAST(x AS type) must end right after the type; fix its syntax.")
        self.skip_to = end
        return None

    def _for(self, index: int) -> Verdict | None:
        if self.levels[-1].owner == "SUBSTRING":
            return None
        following = " ".join(self.word(i) for i in range(index + 1, index + 4))
        if following.startswith(("UPDATE", "SHARE", "NO KEY UPDATE", "KEY SHARE")):
            return Verdict.refuse(
                "lock",
                "FOR UPDATE, FOR SHARE, FOR NO KEY UPDATE and FOR KEY SHARE lock rows until "
                "the transaction ends, blocking other sessions; remove the locking clause and "
                "read without locks.",
            )
        return _unsupported(
            "FOR is used in a read-only query only inside SUBSTRING(s FROM a FOR b); remove it "
            "or rewrite the query as a plain SELECT."
        )

    def _with(self, index: int) -> Verdict | None:
        following = self.word(index + 1)
        if following in {"ORDINALITY", "TIES"}:
            return None
        if following == "TIME" and self.word(index + 2) == "ZONE":
            return None
        if index == 0 or self.op(index - 1, "("):
            return self._cte_list(index)
        return _unsupported(
            "WITH is accepted only at the start of a query (a CTE list) and in WITH ORDINALITY, "
            "WITH TIME ZONE and WITH TIES; rewrite the query as a plain SELECT."
        )

    def _cte_list(self, index: int) -> Verdict | None:
        """``WITH [RECURSIVE] name [(cols)] AS [[NOT] MATERIALIZED] (query), ...`` followed
        by a query: every body and the statement after the list must read."""
        tokens, partners = self.tokens, self.partners
        index += 2 if self.word(index + 1) == "RECURSIVE" else 1
        while True:
            if index >= len(tokens) or not _is_name(tokens[index], self.words):
                return _malformed_with()
            self.cte_words.add(index)
            index += 1
            if self.op(index, "("):
                index = partners[index] + 1
            if self.word(index) != "AS":
                return _malformed_with()
            index += 1
            if self.word(index) == "NOT" and self.word(index + 1) == "MATERIALIZED":
                index += 1
            if self.word(index) == "MATERIALIZED":
                self.cte_words.add(index)
                index += 1
            if not self.op(index, "("):
                return _malformed_with()
            refusal = self._statement_in_with(index + 1, "In a WITH clause")
            if refusal is not None:
                return refusal
            index = partners[index] + 1
            if not self.op(index, ","):
                break
            index += 1
        return self._statement_in_with(index, "After a WITH clause")

    def _statement_in_with(self, index: int, where: str) -> Verdict | None:
        while self.op(index, "("):
            index += 1
        word = self.word(index)
        if word in self.main_heads or (word == "WITH" and where == "In a WITH clause"):
            return None
        if word in _WRITES:
            return Verdict.refuse(
                "write",
                f"{where}, {word} still changes data (PostgreSQL runs a data-modifying WITH "
                "even when the query only selects); use only SELECT in every part of a WITH "
                "query.",
            )
        if index >= len(self.tokens) or word in {"SEARCH", "CYCLE"}:
            return _malformed_with()
        refusal = self.words.refuse_statement(self.tokens[index:])
        return Verdict.refuse(refusal.rule, f"{where}: " + refusal.reason)

    def _track_clauses(self, index: int, word: str) -> None:
        """Know whether the current level is in a FROM clause or a GROUP BY list."""
        level = self.levels[-1]
        if word == "FROM":
            in_call = level.owner in _FROM_FUNCTIONS
            distinct_from = self.word(index - 1) == "DISTINCT" and self.word(index - 2) in {
                "IS",
                "NOT",
            }
            if not (in_call or distinct_from):
                level.in_from = True
        elif word == "GROUP" and self.word(index + 1) == "BY":
            level.in_from = False
            level.in_group_by = True
        if word in _AFTER_FROM:
            level.in_from = False
        if word in _AFTER_GROUP_BY:
            level.in_group_by = False


def _syntax(reason: str) -> Verdict:
    return Verdict.refuse("syntax", reason)


def _unsupported(reason: str) -> Verdict:
    return Verdict.refuse("unsupported", reason)


def _malformed_with() -> Verdict:
    return _syntax(
        "The WITH clause is not of the form WITH name [(columns)] AS [MATERIALIZED] (query) "
        "[, ...] followed by a SELECT; fix its syntax (SEARCH and CYCLE are not accepted)."
    )
