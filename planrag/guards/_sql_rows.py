"""How many rows a part of a query is known to yield, for the resource rules
(`_sql_resources`, `_sql_sizes`).

Known: a ``generate_series`` whose bounds and step are numbers or parameters with a range
(PostgreSQL), a MariaDB sequence table (``seq_1_to_1000``), ``VALUES``, a query block
without FROM (one row), an aggregate without GROUP BY (one row), a constant LIMIT, a CTE whose
body is one of those, UNIONs (the sum) and joins (the product) of those. A stored table is
never known: the guard does not know how large a table is, so anything reading one is None.
Conditions (WHERE, ON) only make fewer rows, so the counts are upper bounds.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from planrag.guards._dialect import SqlDialect
from planrag.guards._sql_arithmetic import Placeholder, Range, bounds
from planrag.guards._sql_lexer import OPERATOR, QUOTED, WORD, Token, TokenReader
from planrag.guards._sql_words import SEQUENCE_TABLE

__all__ = ["AGGREGATES", "QUERY_HEADS", "SERIES", "SET_OPERATORS", "Rows", "Source"]

SERIES: Final = "GENERATE_SERIES"
QUERY_HEADS: Final = frozenset({"SELECT", "WITH", "VALUES", "TABLE"})
SET_OPERATORS: Final = frozenset({"UNION", "INTERSECT", "EXCEPT"})
AGGREGATES: Final = frozenset(
    {"AVG", "BIT_AND", "BIT_OR", "BIT_XOR", "COUNT", "GROUP_CONCAT", "JSON_ARRAYAGG"}
    | {"JSON_OBJECTAGG", "MAX", "MIN", "STD", "STDDEV", "STDDEV_POP", "STDDEV_SAMP", "SUM"}
    | {"VAR_POP", "VAR_SAMP", "VARIANCE", "STRING_AGG", "ARRAY_AGG", "JSON_AGG", "JSONB_AGG"}
    | {"JSON_OBJECT_AGG", "JSONB_OBJECT_AGG", "XMLAGG", "JSON_GROUP_ARRAY", "TOTAL"}
    | {"JSON_GROUP_OBJECT", "JSONB_GROUP_ARRAY", "JSONB_GROUP_OBJECT", "BOOL_AND", "BOOL_OR"}
    | {"EVERY"}
)
"""Aggregate functions of the three dialects: with no GROUP BY, a block using one yields one
row."""
_FROM_END: Final = frozenset(
    {"WHERE", "GROUP", "HAVING", "ORDER", "LIMIT", "WINDOW", "FETCH", "OFFSET", "FOR", "INTO"}
    | {"PROCEDURE", "LOCK", "QUALIFY"}
    | SET_OPERATORS
)
_JOIN_WORDS: Final = frozenset(
    {"JOIN", "INNER", "CROSS", "LEFT", "RIGHT", "OUTER", "NATURAL", "STRAIGHT_JOIN", "FULL"}
)
_TOO_MANY: Final = 1e18


@dataclass(frozen=True, slots=True)
class Source:
    """A query a FROM clause reads from (a derived table, a CTE): its [start, end), and the
    names its alias or the CTE's column list give its columns (None: its select list's)."""

    start: int
    end: int
    columns: tuple[str, ...] | None = None


class Rows(TokenReader):
    """Row counts over one query's tokens (`partners`: each parenthesis's partner)."""

    def __init__(
        self, tokens: Sequence[Token], partners: Sequence[int], dialect: SqlDialect, *,
        params: Mapping[int, Placeholder] | None = None,
    ) -> None:
        self.tokens = tokens
        self.partners = partners
        self.dialect = dialect
        self.params = params or {}
        self.reserved = dialect.keywords
        # Per token, padded so that index -1 and len(tokens) read as nothing.
        self._ops = [t.value if t.kind == OPERATOR else "" for t in tokens] + ["", ""]
        self._words = [t.value if t.kind == WORD else "" for t in tokens] + ["", ""]
        self.parent = [-1] * len(tokens)
        """For each token, the index of the innermost "(" around it (-1: none)."""
        opened: list[int] = []
        for index, op in enumerate(self._ops[: len(tokens)]):
            if op == ")" and opened:
                opened.pop()
            self.parent[index] = opened[-1] if opened else -1
            if op == "(":
                opened.append(index)
        self._ctes: dict[str, int | None] | None = None
        self._bodies: dict[str, tuple[int, tuple[str, ...] | None, bool]] = {}
        """Every CTE by name: its body's "(", its column list, whether it is recursive."""
        self._heads: list[int | None] | None = None
        self._inputs: dict[int, float | None] = {}
        self._sources_of: dict[int, list[Source]] = {}

    # -------------------------------------------------------------------- navigation

    def op(self, index: int) -> str:
        return self._ops[index] if index >= -1 else ""  # the padding answers -1 and past the end

    def word(self, index: int) -> str:
        return self._words[index] if index >= -1 else ""

    def keyword(self, index: int) -> str:
        return "" if self.op(index - 1) == "." else self.word(index)

    def is_name(self, index: int) -> bool:
        if not 0 <= index < len(self.tokens):
            return False
        token = self.tokens[index]
        return token.kind == QUOTED or (token.kind == WORD and token.value not in self.reserved)

    def find(self, start: int, end: int, words: frozenset[str]) -> int:
        """The first word of `words` at this depth in [start, end), or `end`."""
        index = start
        while index < end:
            if self.keyword(index) in words:
                return index
            index = self.skip(index)
        return end

    def block_end(self, start: int) -> int:
        """The end of the query block starting at `start`: its group's ")" or a set
        operator at its depth."""
        index = start
        while index < len(self.tokens):
            if self.op(index) == ")" or self.keyword(index) in SET_OPERATORS:
                return index
            index = self.skip(index)
        return index

    def arguments(self, start: int, end: int, separator: str = ",") -> list[tuple[int, int]]:
        """The [start, end) ranges between top-level `separator`s in [start, end)."""
        ranges: list[tuple[int, int]] = []
        begin = index = start
        while index < end:
            if self.op(index) == separator:
                ranges.append((begin, index))
                begin = index + 1
            index = self.skip(index)
        if begin < end:
            ranges.append((begin, end))
        return ranges

    def number(self, start: int, end: int) -> Range | None:
        """The range of an arithmetic argument, a trailing ``::type`` cast or a
        ``CAST(... AS type)`` around it aside."""
        if end - start >= 2 and self.op(end - 2) == "::" and self.word(end - 1):
            end -= 2
        if (self.keyword(start) == "CAST" and self.op(start + 1) == "("
                and self.partners[start + 1] == end - 1):
            inner = self.find(start + 2, end - 1, frozenset({"AS"}))
            return self.number(start + 2, inner)
        return bounds(self.tokens, start, end, power=self.dialect.caret_power, params=self.params)

    def block_of(self, index: int) -> int | None:
        """The SELECT heading the query block the token at `index` belongs to: the last
        SELECT before it in its own parentheses (after any UNION), else the one around
        those, outwards."""
        if self._heads is None:
            self._heads = self._block_heads()
        return self._heads[index]

    def _block_heads(self) -> list[int | None]:
        """`block_of` for every token, in one pass: per open parenthesis, the last SELECT
        seen inside it and the head it inherits from outside."""
        heads: list[int | None] = [None] * len(self.tokens)
        levels: list[list[int | None]] = [[None, None]]  # [own last SELECT, inherited]
        for index in range(len(self.tokens)):
            if self.op(index) == ")" and len(levels) > 1:
                levels.pop()
            level = levels[-1]
            heads[index] = level[0] if level[0] is not None else level[1]
            word = self.keyword(index)
            if word == "SELECT":
                level[0] = index
            elif word in SET_OPERATORS:
                level[0] = None
            if self.op(index) == "(":
                levels.append([None, level[0] if level[0] is not None else level[1]])
        return heads

    # -------------------------------------------------------------------- row counts

    def series(self, name: int) -> Range | None:
        """The rows of ``generate_series(start, stop [, step])`` with arithmetic arguments
        (numbers, parameters), as a range; None for other arguments (dates, columns)."""
        opening = name + 1
        arguments = self.arguments(opening + 1, self.partners[opening])
        counts = (1, 2, 3) if self.dialect.series_from_zero else (2, 3)
        if len(arguments) not in counts:
            return None
        found = [self.number(*argument) for argument in arguments]
        if any(value is None for value in found):
            return None
        if len(found) == 1:
            found.insert(0, Range(0.0, 0.0))
        first, last, *rest = [value for value in found if value is not None]
        step = rest[0] if rest else Range(1.0, 1.0)
        params = first.with_params(last)
        params += tuple(p for p in step.params if p not in params)
        if step.low > 0:
            most = (last.high - first.low) / step.low
        elif step.high < 0:
            most = (first.high - last.low) / -step.high
        elif step.low == step.high == 0:
            return Range(0.0, 0.0, params)  # PostgreSQL refuses a zero step
        else:
            most = math.inf  # a step that may come close to zero
        if most < 0:
            return Range(0.0, 0.0, params)  # the wrong direction yields no row
        if not math.isfinite(most):
            return Range(0.0, math.inf, params)
        return Range(0.0, min(math.floor(most) + 1.0, _TOO_MANY), params)

    def block_input(self, head: int) -> float | None:
        """The most rows the FROM clause of the block headed by `head` (a SELECT) feeds its
        select list and aggregates; None when a table is read."""
        if head not in self._inputs:
            self._inputs[head] = self._block_input(head)
        return self._inputs[head]

    def _block_input(self, head: int) -> float | None:
        end = self.block_end(head + 1)
        source = self.find(head + 1, end, frozenset({"FROM"}))
        if source == end:
            return 1.0
        return self.from_rows(source + 1, self.find(source + 1, end, _FROM_END))

    def from_rows(self, start: int, end: int) -> float | None:
        """The product of the rows of the table references in [start, end)."""
        total = 1.0
        for index in self.factors(start, end):
            rows = self._factor(index)
            if rows is None:
                return None
            total *= rows
        return total

    def factors(self, start: int, end: int) -> list[int]:
        """Where each table reference of the FROM list in [start, end) starts."""
        found = []
        index = start
        factor = True  # the next token starts a table reference
        while index < end:
            word = self.keyword(index)
            if self.op(index) == "," or (word in _JOIN_WORDS and self.op(index + 1) != "("):
                factor = True
                index += 1
                continue
            if factor and word not in ("LATERAL", "ONLY"):
                found.append(index)
                factor = False
            index = self.skip(index)
        return found

    def sources(self, head: int) -> list[Source]:
        """The queries the FROM clause of the block headed by `head` reads from: derived
        tables and CTEs (recursive ones too), parenthesized joins looked into."""
        if head not in self._sources_of:
            end = self.block_end(head + 1)
            source = self.find(head + 1, end, frozenset({"FROM"}))
            self._sources_of[head] = [] if source == end else self._sources(
                source + 1, self.find(source + 1, end, _FROM_END))
        return self._sources_of[head]

    def _sources(self, start: int, end: int) -> list[Source]:
        found: list[Source] = []
        self.ctes()
        for index in self.factors(start, end):
            if self.op(index) == "(":
                inner = index + 1
                while self.op(inner) == "(":
                    inner += 1
                if self.keyword(inner) in QUERY_HEADS:
                    closing = self.partners[index]
                    found.append(Source(index + 1, closing, self._alias_columns(closing + 1)))
                else:
                    found += self._sources(index + 1, self.partners[index])
            elif self.is_name(index) and self.op(index + 1) not in (".", "("):
                cte = self._bodies.get(self.tokens[index].value.lower())
                if cte is not None:
                    body, columns, _ = cte
                    columns = self._alias_columns(index + 1) or columns
                    found.append(Source(body + 1, self.partners[body], columns))
        return found

    def _alias_columns(self, index: int) -> tuple[str, ...] | None:
        """The column names of ``[AS] alias (a, b)`` at `index`, or None."""
        if self.keyword(index) == "AS":
            index += 1
        if not self.is_name(index) or self.op(index + 1) != "(":
            return None
        return self.names(index + 2, self.partners[index + 1])

    def names(self, start: int, end: int) -> tuple[str, ...]:
        """The names in a parenthesized list in [start, end), lower case."""
        return tuple(self.tokens[a].value.lower() for a, _ in self.arguments(start, end))

    def recursive_parts(self) -> list[tuple[str, int, int, int, tuple[str, ...] | None]]:
        """Each recursive CTE: its name, where its body starts, where its first set
        operator stands (its recursive part follows it), where its body ends, and its
        column list (None: its first member's names)."""
        self.ctes()
        found = []
        for name, (body, columns, recursive) in self._bodies.items():
            end = self.partners[body]
            first = self.find(body + 1, end, SET_OPERATORS)
            if recursive and first < end:
                found.append((name, body + 1, first, end, columns))
        return found

    def stored_only(self) -> bool:
        """Whether every FROM of the query reads stored tables only: no CTE, VALUES,
        derived table or table function anywhere."""
        if any(self.keyword(i) in ("WITH", "VALUES") for i in range(len(self.tokens))):
            return False
        for index in range(len(self.tokens)):
            if self.keyword(index) != "FROM":
                continue
            end = self.find(index + 1, self.block_end(index + 1), _FROM_END)
            for factor in self.factors(index + 1, end):
                if self.op(factor) == "(" or self.op(factor + 1) == "(":
                    return False
        return True

    def _factor(self, index: int) -> float | None:
        if self.op(index) == "(":
            inner = index + 1
            while self.op(inner) == "(":
                inner += 1
            if self.keyword(inner) in QUERY_HEADS:
                return self.query_output(index + 1, self.partners[index])
            return self.from_rows(index + 1, self.partners[index])
        if (self.dialect.from_functions and self.word(index) in self.dialect.series_functions
                and self.op(index + 1) == "("):
            found = self.series(index)
            return None if found is None else found.high
        if not self.is_name(index):
            return None
        parts = [self.tokens[index].value]
        while self.op(index + 1) == "." and self.is_name(index + 2):
            index += 2
            parts.append(self.tokens[index].value)
        sequence = SEQUENCE_TABLE.fullmatch(parts[-1]) if not self.dialect.from_functions else None
        if sequence is not None:
            first, last, step = (int(g) if g else 1 for g in sequence.groups())
            return float(abs(last - first) // max(step, 1) + 1)
        if len(parts) == 1 and self.op(index + 1) != "(":
            body = self.ctes().get(parts[0].lower())
            if body is not None:
                return self.query_output(body + 1, self.partners[body])
        return None

    def query_output(self, start: int, end: int) -> float | None:
        """The most rows the query expression in [start, end) yields: the sum of its
        UNION members'."""
        while self.op(start) == "(" and self.partners[start] == end - 1:
            start, end = start + 1, end - 1
        total = 0.0
        member = start
        while member < end:
            while self.keyword(member) in ("ALL", "DISTINCT"):
                member += 1
            next_operator = self.find(member, end, SET_OPERATORS)
            rows = self._member_output(member, next_operator)
            if rows is None:
                return None
            total += rows
            member = next_operator + 1
        return total

    def _member_output(self, start: int, end: int) -> float | None:
        while self.op(start) == "(" and self.partners[start] < end:
            end, start = self.partners[start], start + 1
        if self.keyword(start) == "VALUES":
            return float(len(self.arguments(start + 1, end)))
        if self.keyword(start) != "SELECT":
            return None
        limit = self._limit(start, end)
        source = self.find(start + 1, end, frozenset({"FROM"}))
        grouped = self.find(start + 1, end, frozenset({"GROUP"})) != end
        rows = self.block_input(start)
        if not grouped and self._aggregates(start + 1, source):
            rows = 1.0
        if rows is None:
            return limit
        return rows if limit is None else min(rows, limit)

    def _limit(self, start: int, end: int) -> float | None:
        """A constant ``LIMIT n`` (or ``LIMIT offset, n``; ``FETCH FIRST n ROWS``)."""
        limit = self.find(start + 1, end, frozenset({"LIMIT", "FETCH"}))
        if limit == end:
            return None
        first = limit + 1
        if self.keyword(limit) == "FETCH":
            first += 1  # FIRST / NEXT
        stop = self.find(first, end, frozenset({"OFFSET", "ROWS", "ROW"}))
        arguments = self.arguments(first, stop)
        if not arguments:
            return None
        found = self.number(*arguments[-1])
        return None if found is None or found.params else max(0.0, found.high)

    def _aggregates(self, start: int, end: int) -> bool:
        """Whether the select list in [start, end) calls an aggregate outside subqueries
        and uses no window (OVER)."""
        index = start
        seen = False
        while index < end:
            word = self.keyword(index)
            if word == "OVER":
                return False
            if self.op(index) == "(":
                if self.keyword(index + 1) in QUERY_HEADS:
                    index = self.partners[index] + 1
                    continue
                index += 1
                continue
            seen = seen or (word in AGGREGATES and self.op(index + 1) == "(")
            index += 1
        return seen

    def ctes(self) -> dict[str, int | None]:
        """Each CTE's name (lower case) with its body's "(" (None for a recursive one)."""
        if self._ctes is None:
            self._ctes = {}
            for index in range(len(self.tokens)):
                if self.keyword(index) == "WITH":
                    self._collect(index + 1)
        return self._ctes

    def _collect(self, index: int) -> None:
        assert self._ctes is not None
        recursive = self.keyword(index) == "RECURSIVE"
        index += recursive
        while self.is_name(index):
            name = self.tokens[index].value.lower()
            index += 1
            columns = None
            if self.op(index) == "(":
                columns = self.names(index + 1, self.partners[index])
                index = self.skip(index)
            if self.keyword(index) != "AS":
                return
            index += 1
            while self.keyword(index) in ("NOT", "MATERIALIZED"):
                index += 1
            if self.op(index) != "(":
                return
            self._ctes[name] = None if recursive else index
            self._bodies[name] = (index, columns, recursive)
            index = self.partners[index] + 1
            if self.op(index) != ",":
                return
            index += 1
