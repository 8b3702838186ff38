"""Resource rules of the SQL guard: decidable blow-ups in an otherwise read-only query.

The query checker (`_sql_query`) has already allowed every word of the query; this pass looks
at its shape for work the database would do before any timeout fires:

* Cross joins. Every query block's FROM clause is parsed into table references, and the
  tables are grouped the way the Cypher guard groups patterns (union-find): ON/USING/NATURAL
  and WHERE conditions that compare columns of two tables join them, a condition on one table
  narrows it. Three or more named tables that nothing joins or narrows multiply each other's
  rows (``information_schema.columns a, ... b, ... c`` is about 10^10 rows), and so do
  MariaDB sequence tables whose combined size is known to be too large. Conditions that do
  not tie tables together (``ON 1=1``, ``WHERE 1 = 1``, ``a.id <> b.id``, ``... OR TRUE``)
  join nothing. Column references must be qualified (``o.customer_id``) to count: the guard
  cannot know which table an unqualified column belongs to (``WHERE a = b`` between two
  unqualified columns is counted as joining two of the tables). This is a syntactic
  approximation on purpose, like the Cypher rule; the server-side timeout handles the rest.
* Unbounded recursion. A recursive CTE member that reads only the CTE itself, with no LIMIT
  and no WHERE condition on its columns (``WHERE 1 = 1`` does not count), never stops on its
  own: MySQL fails at cte_max_recursion_depth (1000 by default), SQLite runs until the
  statement timeout, and MariaDB stops at max_recursive_iterations (1000 by default since
  10.6, up to about 4 billion when raised) with only a warning, returning what it has (the
  source reads that warning and says the result is incomplete: `planrag.sources.mysql`).

The query is read in its dialect's grammar (a `SqlDialect`: its keywords and join words,
whether FROM calls functions, ``AS [NOT] MATERIALIZED``, ``^`` a power). PostgreSQL's adds
FULL joins, functions in FROM, ONLY, WITH ORDINALITY and AS MATERIALIZED, and gives
``generate_series`` the stance of MariaDB's sequence
tables: with bounds the guard can compute (numbers, ``^`` a power there, parameters with a
range) at most `MAX_GENERATED_ROWS` rows, in FROM or the select list, counted at that size in
a cross join. Other bounds (dates, columns) are left to the statement timeout. PostgreSQL has
no recursion limit at all.

The size of the values a query builds (repeat, printf widths, aggregates ...) is judged by
`_sql_sizes`, which this pass calls after its own rules. A bound parameter stands in the text
as a literal ``0`` and is read by its range (`params`, by offset; `_sql_arithmetic`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

from planrag.guards._dialect import SqlDialect
from planrag.guards._sql_arithmetic import Placeholder, ranges_advice, ranges_said
from planrag.guards._sql_lexer import OPERATOR, QUOTED, WORD, Token
from planrag.guards._sql_rows import Rows
from planrag.guards._sql_sizes import Sizes
from planrag.guards._sql_words import SEQUENCE_TABLE
from planrag.guards._verdict import Verdict

__all__ = ["JOIN_WORDS", "MAX_GENERATED_ROWS", "resource_refusal"]

MAX_GENERATED_ROWS: Final = 1_000_000
"""Most rows a cross join of sequence tables may produce."""

_SERIES_CAP: Final = MAX_GENERATED_ROWS * 1000
_MAX_LOOSE_TABLES: Final = 2
_SMALL_ROWS: Final = 1_000  # a derived table or CTE known to yield at most this many rows
_QUERY_HEADS: Final = frozenset({"SELECT", "WITH", "VALUES", "TABLE"})
_SET_OPERATORS: Final = frozenset({"UNION", "INTERSECT", "EXCEPT"})
_FROM_END: Final = frozenset(
    {"WHERE", "GROUP", "HAVING", "ORDER", "LIMIT", "WINDOW", "FETCH", "OFFSET", "FOR", "INTO"}
    | {"PROCEDURE", "LOCK", "QUALIFY"}
    | _SET_OPERATORS
)
_WHERE_END: Final = _FROM_END - {"WHERE"}
JOIN_WORDS: Final = frozenset(
    {"JOIN", "INNER", "CROSS", "LEFT", "RIGHT", "OUTER", "NATURAL", "STRAIGHT_JOIN"}
)
_INDEX_HINTS: Final = frozenset({"USE", "FORCE", "IGNORE"})
_WEAK_OPERATORS: Final = frozenset({"<>", "!="})
_JOINING_OPERATORS: Final = frozenset({"=", "<=>", "<", ">", "<=", ">="})
_JOINING_WORDS: Final = frozenset({"IN", "LIKE", "BETWEEN", "IS", "REGEXP", "RLIKE", "EXISTS"})
_OR_WORDS: Final = frozenset({"OR", "XOR"})


def resource_refusal(
    tokens: Sequence[Token], partners: Sequence[int], dialect: SqlDialect, *,
    params: Mapping[int, Placeholder] | None = None,
) -> Verdict | None:
    """Return a refusal for a decidable resource blow-up in an allowed query, or None;
    the query is read in `dialect`'s grammar, `params` are its bound
    parameters (by the offset of the ``0`` that stands for each)."""
    sizes = Sizes(tokens, partners, dialect, params=params)
    shape = _Shape(tokens, partners, dialect, sizes)
    if dialect.from_functions:  # a series too large on its own, before any cross join
        for index, token in enumerate(tokens):
            if (token.kind == WORD and token.value in dialect.series_functions
                    and shape.is_op(index + 1, "(") and not shape.after_dot(index)):
                refusal = shape.series_refusal(index)
                if refusal is not None:
                    return refusal
    for index, token in enumerate(tokens):
        if token.kind != WORD or shape.after_dot(index):
            continue
        refusal = None
        if token.value == "SELECT":
            refusal = shape.cross_join_refusal(index)
        elif token.value == "RECURSIVE" and shape.word(index - 1) == "WITH":
            refusal = shape.recursion_refusal(index + 1)
        if refusal is not None:
            return refusal
    return sizes.refusal()


@dataclass(slots=True)
class _Table:
    """One table reference of a FROM clause."""

    key: str  # alias, or the table's own name, lower-cased
    named: bool  # a stored table (not a derived table or table function)
    rows: int | None = None  # known row count (MariaDB sequence tables)


@dataclass(slots=True)
class _Condition:
    """What one top-level conjunct of ON/WHERE says about the tables of its block."""

    tables: set[str] = field(default_factory=set)  # tables it ties together or narrows
    unqualified: bool = False  # it mentions columns without a table qualifier
    pairs: bool = False  # it equates two different unqualified columns (a join, tables unknown)


@dataclass(slots=True)
class _Summary:
    """The facts `_Shape._summary` collects about a stretch of a condition."""

    tables: set[str] = field(default_factory=set)  # qualifiers of column references
    columns: set[str] = field(default_factory=set)  # unqualified column references
    weak: bool = False  # it compares with <> or !=
    strong: bool = False  # it compares with =, <, IN, LIKE ...
    equality: bool = False  # it compares with = or <=>

    def merge(self, other: _Summary) -> None:
        self.tables |= other.tables
        self.columns |= other.columns
        self.weak = self.weak or other.weak
        self.strong = self.strong or other.strong
        self.equality = self.equality or other.equality


class _Groups:
    """Union-find over the tables of one FROM clause, with the narrowed groups."""

    def __init__(self, tables: list[_Table]) -> None:
        self.tables = tables
        self.parent = list(range(len(tables)))
        self.narrowed = [not table.named for table in tables]
        self.index = {table.key: i for i, table in enumerate(tables)}

    def root(self, i: int) -> int:
        while self.parent[i] != i:
            self.parent[i] = self.parent[self.parent[i]]
            i = self.parent[i]
        return i

    def union(self, first: int, second: int) -> None:
        a, b = self.root(first), self.root(second)
        if a != b:
            self.parent[b] = a
            self.narrowed[a] = self.narrowed[a] or self.narrowed[b]

    def apply(self, condition: _Condition, joined: int | None = None) -> None:
        """Apply a condition; `joined` is the table an ON/USING belongs to."""
        members = [self.index[key] for key in condition.tables if key in self.index]
        if len(members) == 1:
            self.narrowed[self.root(members[0])] = True
        for other in members[1:]:
            self.union(members[0], other)
        if not members and condition.unqualified and joined and joined < len(self.parent):
            # ON a = b: ties the joined table to its left (a join of something no table,
            # such as a string, has no table to tie)
            self.union(joined, joined - 1)
        if not members and condition.pairs and joined is None:
            loose = self.loose()  # WHERE a = b joins two tables; which ones is not known
            if len(loose) > 1:
                self.union(loose[0], loose[1])

    def loose(self) -> list[int]:
        """One table per group that nothing narrows (named tables only)."""
        roots = {self.root(i) for i, table in enumerate(self.tables) if table.named}
        return sorted(root for root in roots if not self.narrowed[root])


class _Shape:
    """Navigation over the token list of one query, with parenthesis partners."""

    def __init__(
        self, tokens: Sequence[Token], partners: Sequence[int], dialect: SqlDialect, rows: Rows
    ) -> None:
        self.tokens = tokens
        self.partners = partners
        self.dialect = dialect
        self.rows = rows
        """Row counts of the query's parts, and its parameters (`rows.params`)."""
        self.join_words = dialect.join_words
        reserved = dialect.keywords
        # Per token, padded with one empty entry so index -1 and len(tokens) read as nothing.
        self.words = [t.value if t.kind == WORD else "" for t in tokens] + [""]
        self.ops = [t.value if t.kind == OPERATOR else "" for t in tokens] + [""]
        self.names = [
            t.kind == QUOTED or (t.kind == WORD and t.value not in reserved) for t in tokens
        ] + [False, False, False]
        self.ops += ["", ""]
        self.groups: dict[int, _Summary] = {}  # summaries of parenthesized groups, by '('

    # ------------------------------------------------------------------------- navigation

    def word(self, index: int) -> str:
        return self.words[index] if index < len(self.words) else ""

    def is_op(self, index: int, op: str) -> bool:
        return index < len(self.ops) and self.ops[index] == op

    def is_name(self, index: int) -> bool:
        return index < len(self.names) and self.names[index]

    def after_dot(self, index: int) -> bool:
        return self.is_op(index - 1, ".")

    def skip(self, index: int) -> int:
        """The index after the token at `index`, or after its parenthesized group."""
        return self.partners[index] + 1 if self.is_op(index, "(") else index + 1

    def block_end(self, start: int) -> int:
        """The end of the query block starting at `start` (its closing ')' or a set operator)."""
        index = start
        while index < len(self.tokens):
            if self.is_op(index, ")") or self.word(index) in _SET_OPERATORS:
                return index
            index = self.skip(index)
        return index

    def find(self, start: int, end: int, words: frozenset[str]) -> int:
        """The first top-level word of `words` in [start, end), or `end`."""
        index = start
        while index < end:
            if self.word(index) in words and not self.after_dot(index):
                return index
            index = self.skip(index)
        return end

    # ------------------------------------------------------------------------ cross joins

    def cross_join_refusal(self, select: int) -> Verdict | None:
        end = self.block_end(select + 1)
        start = self.find(select + 1, end, frozenset({"FROM"}))
        if start == end:
            return None
        clause_end = self.find(start + 1, end, _FROM_END)
        tables: list[_Table] = []
        conditions: list[tuple[_Condition, int]] = []
        self._table_list(start + 1, clause_end, tables, conditions)
        groups = _Groups(tables)
        for condition, joined in conditions:
            groups.apply(condition, joined)
        if self.word(clause_end) == "WHERE":
            where_end = self.find(clause_end + 1, end, _WHERE_END)
            for condition in self._conjuncts(clause_end + 1, where_end):
                groups.apply(condition)
        return _cross_join_verdict(groups, self.dialect)

    def _table_list(
        self,
        index: int,
        end: int,
        tables: list[_Table],
        conditions: list[tuple[_Condition, int]],
    ) -> None:
        """Parse ``reference {(, | JOIN) reference [ON cond | USING (cols)]}`` in [index, end)."""
        natural = False
        while index < end:
            joined = len(tables)
            index = self._table_factor(index, end, tables, conditions)
            if natural and joined:
                conditions.append((_Condition(unqualified=True), joined))
            natural = False
            if self.word(index) == "ON":
                on_end = self._condition_end(index + 1, end)
                for condition in self._conjuncts(index + 1, on_end):
                    conditions.append((condition, joined))
                index = on_end
            elif self.word(index) == "USING":
                conditions.append((_Condition(unqualified=True), joined))
                index = self.skip(index + 1)
            if self.is_op(index, ","):
                index += 1
                continue
            if self.word(index) not in self.join_words:
                return
            while self.word(index) in self.join_words:
                natural = natural or self.word(index) == "NATURAL"
                index += 1

    def _condition_end(self, index: int, end: int) -> int:
        """The end of an ON condition: the next top-level ',' or join keyword (LEFT( and
        RIGHT( are the string functions)."""
        while index < end:
            if self.is_op(index, ","):
                return index
            if self.word(index) in self.join_words and not self.is_op(index + 1, "("):
                return index
            index = self.skip(index)
        return end

    def _table_factor(
        self,
        index: int,
        end: int,
        tables: list[_Table],
        conditions: list[tuple[_Condition, int]],
    ) -> int:
        """Read one table reference starting at `index`; return the index after it."""
        if self.word(index) == "LATERAL":
            index += 1
        if self.dialect.from_functions:
            while self.word(index) in ("LATERAL", "ONLY"):
                index += 1
            if self.is_name(index) and self.is_op(index + 1, "("):
                return self._table_function(index, end, tables)
        if self.is_op(index, "("):
            inner = index + 1
            while self.is_op(inner, "("):
                inner += 1
            if self.word(inner) in _QUERY_HEADS:  # a derived table: its own blocks
                small = self.is_small(index + 1, self.partners[index])
                tables.append(_Table(key=f"#{index}", named=not small))
            else:  # a parenthesized join list: its tables belong to this block
                self._table_list(index + 1, self.partners[index], tables, conditions)
            return self._alias(self.partners[index] + 1, end, tables, -1)
        if self.word(index) == "JSON_TABLE" and self.is_op(index + 1, "("):
            tables.append(_Table(key=f"#{index}", named=False))
            return self._alias(self.partners[index + 1] + 1, end, tables, -1)
        if not self.is_name(index):
            return index + 1
        parts = [self.tokens[index].value]
        index += 1
        while self.is_op(index, ".") and self.is_name(index + 1):
            parts.append(self.tokens[index + 1].value)
            index += 2
        name = parts[-1]
        sequence = SEQUENCE_TABLE.fullmatch(name)
        rows = _sequence_rows(sequence.groups()) if sequence else None
        body = self.rows.ctes().get(name.lower()) if len(parts) == 1 else None
        small = body is not None and self.is_small(body + 1, self.partners[body])
        tables.append(_Table(key=name.lower(), named=not small, rows=rows))
        if self.word(index) == "PARTITION":
            index = self.skip(index + 1)
        index = self._alias(index, end, tables, len(tables) - 1)
        while self.word(index) in _INDEX_HINTS:
            index = self._hint_end(index, end)
        return index

    def _table_function(self, index: int, end: int, tables: list[_Table]) -> int:
        """PostgreSQL: ``fn(...) [WITH ORDINALITY] [[AS] alias [(columns)]]`` in FROM. A
        generate_series of known size counts as a table, as a sequence table does."""
        series = self.words[index] in self.dialect.series_functions
        rows = self.series_rows(index) if series else None
        tables.append(_Table(key=f"#{index}", named=rows is not None, rows=rows))
        index = self.partners[index + 1] + 1
        if self.word(index) == "WITH" and self.word(index + 1) == "ORDINALITY":
            index += 2
        return self._alias(index, end, tables, -1)

    # ------------------------------------------------------------------ generated series

    def series_rows(self, name: int) -> int | None:
        """The most rows of ``generate_series(start, stop [, step])`` with arguments the
        guard can compute (numbers, parameters with a range; a trailing ``::type`` cast
        aside), capped far above any limit; None for other arguments."""
        found = self.rows.series(name)
        if found is None:
            return None
        return int(min(found.high, _SERIES_CAP))

    def series_refusal(self, name: int) -> Verdict | None:
        found = self.rows.series(name)
        if found is None or found.high <= MAX_GENERATED_ROWS:
            return None
        function = self.words[name].lower()
        if not found.params:
            return Verdict.refuse(
                "dos",
                f"{function}() with these constant bounds produces more than "
                f"{MAX_GENERATED_ROWS:,} rows; use a smaller range or a larger step.",
            )
        most = "any number of" if found.high >= _SERIES_CAP else f"{found.high:,.0f}"
        advice = ranges_advice(found, f"at most {MAX_GENERATED_ROWS:,} rows")
        return Verdict.refuse(
            "dos", f"{function}() may produce {most} rows here{ranges_said(found)}; "
            f"{advice}.")

    # ---------------------------------------------------------------- small row sources

    def ctes(self, index: int) -> Iterator[tuple[str, int]]:
        """The CTEs of ``name [(cols)] AS (body), ...`` starting at `index`: each name
        (lower case) with the index of its body's opening bracket; stops at anything else."""
        while self.is_name(index):
            name = self.tokens[index].value.lower()
            index += 1
            if self.is_op(index, "("):
                index = self.skip(index)
            if self.word(index) != "AS":
                return
            if self.dialect.materialized_ctes:
                if self.word(index + 1) == "NOT" and self.word(index + 2) == "MATERIALIZED":
                    index += 2
                elif self.word(index + 1) == "MATERIALIZED":
                    index += 1
            if not self.is_op(index + 1, "("):
                return
            body = index + 1
            yield name, body
            index = self.partners[body] + 1
            if not self.is_op(index, ","):
                return
            index += 1

    def is_small(self, start: int, end: int) -> bool:
        """Whether the query expression in [start, end) is known to yield at most
        `_SMALL_ROWS` rows (`_sql_rows`: VALUES, no FROM, an aggregate without GROUP BY, a
        small LIMIT, a generate_series ...)."""
        rows = self.rows.query_output(start, end)
        return rows is not None and rows <= _SMALL_ROWS

    def _hint_end(self, index: int, end: int) -> int:
        """After ``{USE|FORCE|IGNORE} {INDEX|KEY} [FOR ...] (...)``."""
        index += 1
        while index < end and not self.is_op(index, "("):
            index += 1
        return self.skip(index) if index < end else end

    def _alias(self, index: int, end: int, tables: list[_Table], position: int) -> int:
        """Read ``[AS] alias [(columns)]``; rename the table at `position` to its alias."""
        if self.word(index) == "AS":
            index += 1
        if index < end and self.is_name(index):
            if tables:  # a parenthesis that held no table (a statement) names nothing
                tables[position].key = self.tokens[index].value.lower()
            index += 1
            if self.is_op(index, "("):
                index = self.skip(index)
        return index

    def _conjuncts(self, start: int, end: int) -> list[_Condition]:
        """The top-level AND operands of the condition in [start, end)."""
        conditions: list[_Condition] = []
        begin = index = start
        between = case = 0
        while index < end:
            word = self.word(index)
            if word == "BETWEEN":
                between += 1
            elif word == "CASE":
                case += 1
            elif word == "END" and case:
                case -= 1
            elif (word == "AND" or self.is_op(index, "&&")) and not case:
                if between:
                    between -= 1
                else:
                    conditions.append(self._condition(begin, index))
                    begin = index + 1
            index = self.skip(index)
        conditions.append(self._condition(begin, end))
        return conditions

    def _condition(self, start: int, end: int) -> _Condition:
        """One conjunct: the tables every one of its OR branches ties or narrows."""
        branches: list[_Condition] = []
        begin = index = start
        while index < end:
            if self.word(index) in _OR_WORDS or self.is_op(index, "||"):
                branches.append(self._branch(begin, index))
                begin = index + 1
            index = self.skip(index)
        branches.append(self._branch(begin, end))
        tables = set.intersection(*(branch.tables for branch in branches))
        unqualified = all(branch.unqualified for branch in branches)
        pairs = all(branch.pairs for branch in branches)
        return _Condition(tables=tables, unqualified=unqualified, pairs=pairs)

    def _branch(self, start: int, end: int) -> _Condition:
        """One OR branch, nested groups and subqueries included."""
        summary = self._summary(start, end)
        if summary.weak and not summary.strong:
            return _Condition()  # a <> b ties nothing: it keeps almost every combination
        return _Condition(
            tables=set(summary.tables),
            unqualified=bool(summary.columns),
            pairs=summary.equality and len(summary.columns) > 1,
        )

    def _summary(self, start: int, end: int) -> _Summary:
        """What the tokens in [start, end) mention; each parenthesized group is summarized
        once and reused, so nested conditions are not rescanned (the pass stays linear)."""
        summary = _Summary()
        index = start
        while index < end:
            op = self.ops[index]
            if op == "(":
                closing = self.partners[index]
                inner = self.groups.get(index)
                if inner is None:
                    inner = self.groups[index] = self._summary(index + 1, closing)
                summary.merge(inner)
                index = closing + 1
                continue
            if op:
                summary.weak = summary.weak or op in _WEAK_OPERATORS
                summary.strong = summary.strong or op in _JOINING_OPERATORS
                summary.equality = summary.equality or op in ("=", "<=>")
            elif self.words[index] in _JOINING_WORDS:
                summary.strong = True
            if self.names[index] and self.ops[index - 1] != ".":
                if self.ops[index + 1] == "." and self.names[index + 2]:
                    qualified = index + 2 < end and self.ops[index + 3] == "."
                    name = self.tokens[index + 2 if qualified else index].value
                    summary.tables.add(name.lower())
                elif self.ops[index + 1] != "(":
                    summary.columns.add(self.tokens[index].value.lower())
            index += 1
        return summary

    def _arguments(self, start: int, end: int, separator: str = ",") -> list[tuple[int, int]]:
        """The [start, end) ranges of the comma-separated arguments in [start, end) (or of
        the operands of another top-level `separator`, such as ||)."""
        ranges: list[tuple[int, int]] = []
        begin = index = start
        while index < end:
            if self.is_op(index, separator):
                ranges.append((begin, index))
                begin = index + 1
            index = self.skip(index)
        if begin < end:
            ranges.append((begin, end))
        return ranges

    # ------------------------------------------------------------------ recursive CTEs

    def recursion_refusal(self, index: int) -> Verdict | None:
        """Check each CTE of ``WITH RECURSIVE name [(cols)] AS (body), ...``."""
        for name, body in self.ctes(index):
            refusal = self._recursion_members(name, body + 1, self.partners[body])
            if refusal is not None:
                return refusal
        return None

    def _recursion_members(self, name: str, start: int, end: int) -> Verdict | None:
        """Refuse a member after a UNION that reads only `name` with nothing that stops it."""
        index = self.find(start, end, _SET_OPERATORS)
        while index < end:
            member = index + 1
            while self.word(member) in {"ALL", "DISTINCT"}:
                member += 1
            next_operator = self.find(member, end, _SET_OPERATORS)
            if self._runs_forever(name, member, next_operator):
                return Verdict.refuse(
                    "dos",
                    f"The recursive part of CTE {name} reads only {name} itself with no WHERE "
                    "condition or LIMIT, so the recursion never ends; add a WHERE condition "
                    "that stops it (such as WHERE n < 100).",
                )
            index = next_operator
        return None

    def _runs_forever(self, name: str, start: int, end: int) -> bool:
        while self.is_op(start, "("):
            start += 1
        if self.word(start) != "SELECT":
            return False
        source = self.find(start + 1, end, frozenset({"FROM"}))
        if source == end or self.find(source, end, frozenset({"LIMIT"})) != end:
            return False
        where = self.find(source, end, frozenset({"WHERE"}))
        if where != end:
            condition = self._summary(where + 1, self.find(where + 1, end, _WHERE_END))
            if condition.tables or condition.columns:
                return False  # a condition on the rows may end the recursion
        tables: list[_Table] = []
        self._table_list(source + 1, self.find(source + 1, end, _FROM_END), tables, [])
        return len(tables) == 1 and tables[0].named and self._names_table(source + 1, name)

    def _names_table(self, index: int, name: str) -> bool:
        return self.is_name(index) and self.tokens[index].value.lower() == name


def _cross_join_verdict(groups: _Groups, dialect: SqlDialect) -> Verdict | None:
    loose = groups.loose()
    if len(loose) > _MAX_LOOSE_TABLES:
        shown = ", ".join(groups.tables[i].key for i in loose[:4])
        return Verdict.refuse(
            "dos",
            f"The query cross-joins {len(loose)} tables ({shown}) that no join condition "
            "ties together, which multiplies their row counts; join them with JOIN ... ON "
            "a.col = b.col (qualified column names) or filter each one in WHERE.",
        )
    rows = 1
    for root in loose:
        known = [groups.tables[i].rows for i in range(len(groups.tables)) if groups.root(i) == root]
        rows *= max((count for count in known if count is not None), default=1)
    if rows > MAX_GENERATED_ROWS:
        what = "generated series" if dialect.from_functions else "sequence tables"
        return Verdict.refuse(
            "dos",
            f"The query cross-joins {what} into about {rows:,} rows; join them on a "
            f"condition or keep the product under {MAX_GENERATED_ROWS:,} rows.",
        )
    return None


def _sequence_rows(groups: Sequence[str | None]) -> int:
    first, last, step = (int(g) if g else 1 for g in groups)
    return abs(last - first) // max(step, 1) + 1
