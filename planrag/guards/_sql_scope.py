"""Policy 8 for SQL: a query reads only the dataset's own database.

The query checker (`_sql_query`) has already allowed every word of the query; this pass looks
at the names it reads:

* A table name qualified with a database (``other_db.t``) in a FROM clause (joins, comma
  lists, parenthesized join lists, derived tables, subqueries, CTE bodies and set-operation
  members included: every FROM of the statement is read), after TABLE, or a column reference
  of three parts (``other_db.t.c``, ``other_db.t.*``), is allowed only when the database is the
  current one (`Scope.database`, compared exactly as the server does with
  lower_case_table_names=0; backticks removed). When the guard does not know the current
  database, every such name is refused. Two-part names in expressions are ``table.column``.
  The system schemas keep their own rule (the query checker refuses them).
* An information_schema table that describes schema objects (`INFORMATION_SCHEMA_SCOPE_COLUMNS`)
  is allowed only when its query block confines it to the current database: a condition every
  row must satisfy (a conjunct of the top-level AND chain of the block's WHERE, or of the ON of
  the table's own inner or left join, or one that holds in every branch of an OR/XOR) that
  compares the table's schema column with ``=``, ``<=>`` or ``IN (x)`` to ``DATABASE()``,
  ``SCHEMA()`` or the current database's name as a literal. ``a.table_schema =
  b.table_schema`` carries a confined table's scope to the other one. The column must be
  qualified with the table's alias (or name, if it has none) as written, or unqualified when
  the table is the only one in its block. Whatever the pass cannot read for sure (``||``,
  which is OR or concatenation depending on sql_mode, NOT, functions of the column, a string
  with a backslash) confines nothing.

Everything is a single pass over the tokens, plus one pass per condition nesting level, so
the check stays linear in the query length (nesting is capped by `_sql_query.MAX_DEPTH`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

from planrag.guards._dialect import Reading, Scope
from planrag.guards._sql_lexer import (
    NUMBER,
    OPERATOR,
    QUOTED,
    STRING,
    VARIABLE,
    WORD,
    Token,
    TokenReader,
)
from planrag.guards._sql_words import INFORMATION_SCHEMA_SCOPE_COLUMNS, RESERVED, SYSTEM_SCHEMAS
from planrag.guards._verdict import Verdict

__all__ = ["Reading", "database_refusal", "qualified_table_refusal", "scope_refusal", "shown"]

_QUERY_HEADS: Final = frozenset({"SELECT", "WITH", "VALUES", "TABLE"})
_QUERY_STARTS: Final = _QUERY_HEADS | {"ALL", "DISTINCT"}
# Words that end a FROM clause. They are reserved on both servers, so none is a table alias;
# EXCEPT, INTERSECT (not reserved before MySQL 8.0.31) and OFFSET (not reserved on MySQL)
# end it only where an alias could not stand (see `_Checker._ends_here`). A clause never holds
# a top-level query head or FROM either: stopping there keeps clauses of a malformed query
# from overlapping, so no token is scanned twice.
_FROM_ENDS: Final = frozenset(
    {"WHERE", "GROUP", "HAVING", "ORDER", "LIMIT", "WINDOW", "FETCH", "INTO", "PROCEDURE"}
    | {"LOCK", "UNION", "FROM"}
    | _QUERY_HEADS
)
_WHERE_ENDS: Final = _FROM_ENDS | {"FOR"}
_SOMETIMES_ENDS: Final = frozenset({"EXCEPT", "INTERSECT", "OFFSET"})
_JOIN_WORDS: Final = frozenset(
    {"JOIN", "INNER", "CROSS", "LEFT", "RIGHT", "OUTER", "NATURAL", "STRAIGHT_JOIN"}
)
_CONDITION_ENDS: Final = _JOIN_WORDS | {"ON", "USING"}
_INDEX_HINTS: Final = frozenset({"USE", "FORCE", "IGNORE"})
# Built-ins whose arguments may hold FROM: TRIM(x FROM s), EXTRACT(unit FROM d),
# SUBSTRING(s FROM n). Any other FROM starts a table list, also in a group owned by a word
# that is both a function and an operator: INTERVAL (SELECT ...) DAY, BINARY (SELECT ...).
_FROM_FUNCTIONS: Final = frozenset({"TRIM", "EXTRACT", "SUBSTRING", "SUBSTR", "MID"})
_VALUE_WORDS: Final = frozenset(
    {"NULL", "TRUE", "FALSE", "DUAL", "CURRENT_DATE", "CURRENT_TIME", "CURRENT_TIMESTAMP"}
    | {"CURRENT_USER", "LOCALTIME", "LOCALTIMESTAMP", "UTC_DATE", "UTC_TIME", "UTC_TIMESTAMP"}
)
_OR: Final = frozenset({"OR"})
_XOR: Final = frozenset({"XOR"})
_AND: Final = frozenset({"AND", "&&"})
_PIPES: Final = frozenset({"||"})  # OR or concatenation, depending on sql_mode
_INFORMATION_SCHEMA: Final = "information_schema"
_MAX_SHOWN: Final = 64


def shown(name: str) -> str:
    """A name fit for a one-line reason."""
    printable = "".join(c if c.isprintable() else "?" for c in name)
    return printable if len(printable) <= _MAX_SHOWN else printable[: _MAX_SHOWN - 3] + "..."


def database_refusal(database: str, subject: str, scope: Scope, instead: str) -> Verdict | None:
    """Refuse reading `database` unless it is the current one; None for the system schemas
    (their own rule decides). `subject` starts the reason, `instead` ends it."""
    if database.lower() in SYSTEM_SCHEMAS:
        return None
    if scope.database is not None and database == scope.database:
        return None
    if scope.database is None:
        known = (
            "the guard does not know this dataset's database, so it cannot tell that this is "
            "the one the query may read"
        )
    else:
        known = f"only this dataset's database ({shown(scope.database)}) may be read"
    return Verdict.refuse("other-database", f"{subject}; {known}: {instead}.")


def _table_refusal(names: Sequence[str], scope: Scope) -> Verdict | None:
    database = names[0]
    return database_refusal(
        database,
        f"`{shown('.'.join(names))}` belongs to database {shown(database)}",
        scope,
        "name the table without a database",
    )


def _chain(tokens: Sequence[Token], index: int) -> tuple[list[int], int]:
    """The indices of the parts of the dotted name starting at `index`, and the index after."""
    parts = [index]
    index += 1
    while (
        index + 1 < len(tokens)
        and tokens[index].kind == OPERATOR
        and tokens[index].value == "."
        and tokens[index + 1].kind in (WORD, QUOTED)
    ):
        parts.append(index + 1)
        index += 2
    return parts, index


def qualified_table_refusal(
    tokens: Sequence[Token], index: int, reading: Reading
) -> Verdict | None:
    """Refuse the table name at `index` (SHOW, DESCRIBE) if it names another database."""
    parts, _ = _chain(tokens, index)
    if len(parts) < 2:
        return None
    return _table_refusal([reading.spelling(tokens[i]) for i in parts], reading.scope)


def scope_refusal(
    tokens: Sequence[Token], partners: Sequence[int], reading: Reading
) -> Verdict | None:
    """Return a refusal for a name outside the dataset's database, or None."""
    return _Checker(tokens, partners, reading).run()


@dataclass(slots=True, eq=False)
class _Join:
    """How a table reference joins the ones before it in its (parenthesized) table list."""

    kind: str  # first, comma, inner, left, right, natural or unknown
    parent: _Join | None  # the join of the parenthesized list this one is in
    on: tuple[int, int] | None = None  # its ON condition's token range

    def filters(self) -> bool:
        """Whether every row the joined reference brings satisfies the ON condition."""
        return self.on is not None and self.kind in ("inner", "left")


@dataclass(slots=True, eq=False)
class _Factor:
    """One table reference of a FROM clause."""

    number: int
    join: _Join
    name: str | None = None  # what qualifies its columns: alias, else table name as written
    columns: tuple[str, ...] = ()  # its schema columns, if it must be confined
    shown: str = ""


@dataclass(slots=True)
class _Block:
    """The table references of one FROM clause."""

    factors: list[_Factor] = field(default_factory=list)
    unclear: bool = False  # the parser met something it does not know
    _by_name: dict[str, list[_Factor]] | None = None

    def add(self, join: _Join) -> _Factor:
        factor = _Factor(len(self.factors), join)
        self.factors.append(factor)
        return factor

    def named(self, name: str) -> _Factor | None:
        if self._by_name is None:
            self._by_name = {}
            for factor in self.factors:
                if factor.name is not None:
                    self._by_name.setdefault(factor.name, []).append(factor)
        found = self._by_name.get(name, [])
        return found[0] if len(found) == 1 else None


@dataclass(slots=True)
class _Facts:
    """What a condition makes every row satisfy: the confined references (by number), and
    the pairs whose schema columns it equates."""

    confined: set[int] = field(default_factory=set)
    pairs: list[tuple[int, int]] = field(default_factory=list)

    def partners(self) -> dict[int, list[int]]:
        found: dict[int, list[int]] = {}
        for first, second in self.pairs:
            found.setdefault(first, []).append(second)
            found.setdefault(second, []).append(first)
        return found


@dataclass(frozen=True, slots=True)
class _Operand:
    kind: str  # column, current (DATABASE()/SCHEMA()) or text
    parts: tuple[int, ...] = ()
    text: str = ""


class _Checker(TokenReader):
    """One pass over a statement's tokens; see the module docstring."""

    def __init__(self, tokens: Sequence[Token], partners: Sequence[int], reading: Reading):
        self.tokens = tokens
        self.partners = partners
        self.reading = reading
        self.scope = reading.scope

    # ------------------------------------------------------------------------- navigation

    def is_name(self, index: int) -> bool:
        if not 0 <= index < len(self.tokens):
            return False
        token = self.tokens[index]
        return token.kind == QUOTED or (token.kind == WORD and token.value not in RESERVED)

    def is_part(self, index: int) -> bool:
        """Any word or backticked name: the first part of a dotted name may be either."""
        return 0 <= index < len(self.tokens) and self.tokens[index].kind in (WORD, QUOTED)

    def spelled(self, index: int) -> str:
        return self.reading.spelling(self.tokens[index])

    # ------------------------------------------------------------------------------- pass

    def run(self) -> Verdict | None:
        for index, opened in self.heads():
            token = self.tokens[index]
            refusal = None
            if token.kind == WORD and token.value == "FROM":
                if not (opened and self._function_argument(opened[-1])):
                    end = self.partners[opened[-1]] if opened else len(self.tokens)
                    refusal = self._from_clause(index, end)
            elif token.kind == WORD and token.value == "TABLE":
                refusal = self._table_statement(index + 1)
            elif self.op(index + 1) == ".":
                refusal = self._column_reference(index)
            if refusal is not None:
                return refusal
        return None

    def _function_argument(self, opening: int) -> bool:
        """Whether the group opened at `opening` holds the arguments of TRIM, EXTRACT or
        SUBSTRING, where FROM is part of the call."""
        return (
            self.word(opening - 1) in _FROM_FUNCTIONS
            and self.op(opening - 2) != "."
            and self.word(opening + 1) not in _QUERY_HEADS
        )

    def _names(self, parts: Sequence[int]) -> list[str]:
        return [self.spelled(i) for i in parts]

    def _column_reference(self, index: int) -> Verdict | None:
        """``db.t.c`` and ``db.t.*`` name a database; ``t.c`` and ``t.*`` do not."""
        parts, after = _chain(self.tokens, index)
        star = self.op(after) == "." and self.op(after + 1) == "*"
        if self.op(after) == "(" or len(parts) + star < 3:
            return None  # a qualified call is refused by the query check
        names = self._names(parts)
        if names[0].lower() in SYSTEM_SCHEMAS:
            return None
        return _table_refusal(names, self.scope)

    def _table_statement(self, index: int) -> Verdict | None:
        """``TABLE [db.]t``: the table is read whole, so no condition can confine it."""
        if not self.is_part(index):
            return None
        parts, _ = _chain(self.tokens, index)
        if len(parts) < 2:
            return None
        names = self._names(parts)
        table = names[1].lower()
        if names[0].lower() == _INFORMATION_SCHEMA and table in INFORMATION_SCHEMA_SCOPE_COLUMNS:
            column = INFORMATION_SCHEMA_SCOPE_COLUMNS[table][0]
            table_name = shown(f"{names[0]}.{names[1]}")
            return Verdict.refuse(
                "information-schema-scope",
                f"TABLE {table_name} reads the rows of every database and cannot take a "
                f"condition; write SELECT * FROM {table_name} WHERE {column} = DATABASE() so it "
                "describes only this dataset's database.",
            )
        if names[0].lower() in SYSTEM_SCHEMAS:
            return None
        return _table_refusal(names, self.scope)

    # ------------------------------------------------------------------------ FROM clauses

    def _from_clause(self, start: int, end: int) -> Verdict | None:
        clause_end = self._clause_end(start + 1, end, _FROM_ENDS)
        block = _Block()
        refusal = self._table_list(start + 1, clause_end, None, block)
        if refusal is not None or not any(f.columns for f in block.factors):
            return refusal
        where = None
        if self.keyword(clause_end) == "WHERE":
            where = (clause_end + 1, self._clause_end(clause_end + 1, end, _WHERE_ENDS))
        return self._confinement_refusal(block, where)

    def _clause_end(self, index: int, end: int, words: frozenset[str]) -> int:
        """The first top-level word of `words` in [index, end) that ends the clause (ORDER
        and GROUP after FOR belong to an index hint: USE INDEX FOR ORDER BY (...))."""
        while index < end:
            word = self.keyword(index)
            if word in words and not (word in ("ORDER", "GROUP") and self.word(index - 1) == "FOR"):
                return index
            if word in _SOMETIMES_ENDS and self._ends_here(index):
                return index
            index = self.skip(index)
        return end

    def _ends_here(self, index: int) -> bool:
        """EXCEPT/INTERSECT/OFFSET end a clause only after a complete operand and when what
        follows fits (an alias or a column of that name would be followed by something else)."""
        previous = self.tokens[index - 1] if index else None
        if previous is None:
            return False
        complete = (
            previous.kind in (NUMBER, STRING, QUOTED, VARIABLE)
            or (previous.kind == OPERATOR and previous.value == ")")
            or (
                previous.kind == WORD
                and (previous.value not in RESERVED or previous.value in _VALUE_WORDS)
            )
        )
        if not complete:
            return False
        if self.word(index) == "OFFSET":
            return index + 1 < len(self.tokens) and self.tokens[index + 1].kind == NUMBER
        return self.word(index + 1) in _QUERY_STARTS or self.op(index + 1) == "("

    def _table_list(
        self, index: int, end: int, parent: _Join | None, block: _Block
    ) -> Verdict | None:
        """Read ``reference {(, | join) reference [ON cond | USING (cols)]}`` in [index, end).

        Whatever it does not know it reads on as a table reference (fail closed): any dotted
        name outside an ON/USING condition or a parenthesized expression is a table name."""
        join = _Join("first", parent)
        while index < end:
            index, refusal = self._factor(index, end, join, block)
            if refusal is not None:
                return refusal
            conditions = 0
            while index < end and self.keyword(index) in ("ON", "USING"):
                if self.keyword(index) == "ON":
                    stop = self._condition_end(index + 1, end)
                    if conditions == 0:
                        join.on = (index + 1, stop)
                    index = stop
                else:
                    index = self.skip(index + 1)
                conditions += 1
            if index >= end:
                break
            if self.op(index) == ",":
                join, index = _Join("comma", parent), index + 1
                continue
            kind, after = self._join_kind(index, end)
            if after == index:
                block.unclear = True
            join, index = _Join(kind, parent), after
        return None

    def _join_kind(self, index: int, end: int) -> tuple[str, int]:
        words: list[str] = []
        while index < end and self.keyword(index) in _JOIN_WORDS:
            words.append(self.word(index))
            index += 1
        if not words or words[-1] not in ("JOIN", "STRAIGHT_JOIN"):
            return "unknown", index
        if "NATURAL" in words:
            return "natural", index
        if "RIGHT" in words:
            return "right", index
        if "LEFT" in words:
            return "left", index
        return "inner", index

    def _condition_end(self, index: int, end: int) -> int:
        """The end of an ON condition: a top-level `,`, join word, ON or USING (LEFT( and
        RIGHT( are the string functions)."""
        while index < end:
            if self.op(index) == ",":
                return index
            word = self.keyword(index)
            if word in _CONDITION_ENDS and not (
                word in ("LEFT", "RIGHT") and self.op(index + 1) == "("
            ):
                return index
            index = self.skip(index)
        return end

    def _factor(
        self, index: int, end: int, join: _Join, block: _Block
    ) -> tuple[int, Verdict | None]:
        """Read one table reference at `index`; the index after it, and a refusal if any."""
        if self.is_part(index) and self.op(index + 1) == ".":
            return self._named_table(index, end, join, block)
        if self.keyword(index) == "LATERAL" and self.op(index + 1) == "(":
            index += 1
        if self.op(index) == "(":
            closing = self.partners[index]
            if not self._is_query(index):  # a parenthesized table list
                return closing + 1, self._table_list(index + 1, closing, join, block)
            factor = block.add(join)  # a derived table: its own blocks are read on their own
            factor.name, index = self._alias(closing + 1, end)
            return (self.skip(index) if self.op(index) == "(" else index), None
        if self.keyword(index) == "JSON_TABLE" and self.op(index + 1) == "(":
            factor = block.add(join)
            factor.name, index = self._alias(self.skip(index + 1), end)
            return index, None
        if self.is_name(index):
            return self._named_table(index, end, join, block)
        if self.keyword(index) != "DUAL":
            block.unclear = True
        return index + 1, None

    def _named_table(
        self, index: int, end: int, join: _Join, block: _Block
    ) -> tuple[int, Verdict | None]:
        parts, index = _chain(self.tokens, index)
        factor = block.add(join)
        factor.name = self.spelled(parts[-1])
        refusal = None
        if len(parts) > 1:
            names = self._names(parts)
            database = names[0].lower()
            if database == _INFORMATION_SCHEMA and len(parts) == 2:
                factor.columns = INFORMATION_SCHEMA_SCOPE_COLUMNS.get(names[1].lower(), ())
                factor.shown = shown(f"{names[0]}.{names[1]}")
            elif database not in SYSTEM_SCHEMAS:
                refusal = _table_refusal(names, self.scope)
        if self.keyword(index) == "PARTITION" and self.op(index + 1) == "(":
            index = self.skip(index + 1)
        alias, index = self._alias(index, end)
        if alias is not None:
            factor.name = alias
        while self.keyword(index) in _INDEX_HINTS and self.word(index + 1) in ("INDEX", "KEY"):
            index += 2
            if self.word(index) == "FOR":
                index += 2 if self.word(index + 1) == "JOIN" else 3  # FOR JOIN, FOR ORDER BY
            if self.op(index) == "(":
                index = self.skip(index)
        return index, refusal

    def _alias(self, index: int, end: int) -> tuple[str | None, int]:
        """Read ``[AS] alias``; the alias as written (None if none) and the index after."""
        if self.keyword(index) == "AS":
            index += 1
        if index < end and self.is_name(index) and self.op(index + 1) != ".":
            return self.spelled(index), index + 1
        return None, index

    def _is_query(self, opening: int) -> bool:
        """Whether the group opened at `opening` holds a query (not a table list)."""
        first = opening + 1
        if self.word(first) in _QUERY_HEADS:
            return True
        if self.op(first) != "(" or not self._is_query(first):
            return False
        after = self.partners[first] + 1
        if after == self.partners[opening]:
            return True
        word = self.word(after)
        if word in ("UNION", "ORDER", "LIMIT"):
            return True
        return word in ("EXCEPT", "INTERSECT") and (
            self.word(after + 1) in _QUERY_STARTS or self.op(after + 1) == "("
        )

    # -------------------------------------------------------- information_schema confinement

    def _confinement_refusal(self, block: _Block, where: tuple[int, int] | None) -> Verdict | None:
        where_facts = self._facts(where[0], where[1], block) if where else _Facts()
        confined = set(where_facts.confined)
        follows: dict[int, list[int]] = {}  # confined key -> references that follow it
        for key, others in where_facts.partners().items():
            follows.setdefault(key, []).extend(others)
        on_facts: dict[int, tuple[_Facts, dict[int, list[int]]]] = {}
        for factor in block.factors:
            if not factor.columns:
                continue
            join: _Join | None = factor.join
            while join is not None:
                if join.filters() and join.on is not None:
                    known = on_facts.get(id(join))
                    if known is None:
                        facts = self._facts(join.on[0], join.on[1], block)
                        known = on_facts[id(join)] = (facts, facts.partners())
                    if factor.number in known[0].confined:
                        confined.add(factor.number)
                    for other in known[1].get(factor.number, ()):
                        follows.setdefault(other, []).append(factor.number)
                join = join.parent
        queue = list(confined)
        while queue:
            for follower in follows.get(queue.pop(), ()):
                if follower not in confined:
                    confined.add(follower)
                    queue.append(follower)
        for factor in block.factors:
            if factor.columns and factor.number not in confined:
                return self._unconfined(factor, block, where is not None)
        return None

    def _unconfined(self, factor: _Factor, block: _Block, has_where: bool) -> Verdict:
        column = factor.columns[0]
        if len(block.factors) > 1 and factor.name is not None:
            column = f"{shown(factor.name)}.{column}"
        condition = f"{column} = DATABASE()"
        add = (
            f"add `AND {condition}` to its WHERE condition (at the top level, not inside OR)"
            if has_where
            else f"add `WHERE {condition}`"
        )
        return Verdict.refuse(
            "information-schema-scope",
            f"{factor.shown} is read without a condition that keeps it to this dataset's "
            f"database, so it would describe other databases too; {add} so it describes only "
            "this dataset's database.",
        )

    def _facts(self, start: int, end: int, block: _Block) -> _Facts:
        """What the condition in [start, end) makes every row satisfy."""
        while (
            self.op(start) == "("
            and self.partners[start] == end - 1
            and self.word(start + 1) not in _QUERY_HEADS
        ):
            start, end = start + 1, end - 1
        if start >= end:
            return _Facts()
        for words in (_OR, _XOR):
            branches = self.operands(start, end, words, _PIPES)
            if branches is None:
                return _Facts()  # `||` is OR or concatenation, depending on sql_mode
            if len(branches) > 1:
                sets = [self._facts(first, last, block).confined for first, last in branches]
                return _Facts(set.intersection(*sets))
        conjuncts = self.operands(start, end, _AND, _PIPES)
        if conjuncts is None:
            return _Facts()
        if len(conjuncts) == 1:
            return self._predicate(start, end, block)
        facts = _Facts()
        for first, last in conjuncts:
            part = self._facts(first, last, block)
            facts.confined |= part.confined
            facts.pairs.extend(part.pairs)
        return facts

    def _predicate(self, start: int, end: int, block: _Block) -> _Facts:
        """``a = b``, ``a <=> b`` or ``a IN (b)`` spanning exactly [start, end)."""
        left, index = self._operand(start, end)
        if left is None:
            return _Facts()
        if self.op(index) in ("=", "<=>"):
            equality = self.op(index) == "="
            right, after = self._operand(index + 1, end)
        elif (
            self.keyword(index) == "IN"
            and self.op(index + 1) == "("
            and self.partners[index + 1] == end - 1
        ):
            equality = True
            right, after = self._operand(index + 2, end - 1)
            after += 1
        else:
            return _Facts()
        if right is None or after != end:
            return _Facts()
        return self._compare(left, right, equality, block)

    def _operand(self, start: int, end: int) -> tuple[_Operand | None, int]:
        """A column reference, DATABASE()/SCHEMA() or a plain string literal at `start`."""
        if start >= end:
            return None, start
        token = self.tokens[start]
        if token.kind == OPERATOR and token.value == "(":
            closing = self.partners[start]
            inner, after = self._operand(start + 1, closing)
            return (inner, closing + 1) if inner is not None and after == closing else (None, 0)
        if (
            token.kind == WORD
            and token.value in ("DATABASE", "SCHEMA")
            and self.op(start + 1) == "("
            and self.partners[start + 1] == start + 2
        ):
            return _Operand("current"), start + 3
        if token.kind == STRING:
            text = _literal(token.value)
            return (None, 0) if text is None else (_Operand("text", text=text), start + 1)
        if self.is_name(start):
            parts, after = _chain(self.tokens, start)
            if len(parts) <= 2 and self.op(after) not in ("(", "."):
                return _Operand("column", tuple(parts)), after
        return None, 0

    def _compare(self, left: _Operand, right: _Operand, equality: bool, block: _Block) -> _Facts:
        if left.kind == "column" and right.kind == "column":
            first, second = self._resolve(left, block), self._resolve(right, block)
            if equality and first is not None and second is not None and first is not second:
                return _Facts(pairs=[(first.number, second.number)])
            return _Facts()
        column, value = (left, right) if left.kind == "column" else (right, left)
        if column.kind != "column":
            return _Facts()
        if value.kind == "text" and (
            self.scope.database is None or value.text != self.scope.database
        ):
            return _Facts()
        factor = self._resolve(column, block)
        return _Facts({factor.number}) if factor is not None else _Facts()

    def _resolve(self, column: _Operand, block: _Block) -> _Factor | None:
        """The information_schema reference whose schema column `column` names, if any."""
        if block.unclear:
            return None
        name = self.spelled(column.parts[-1]).lower()
        if len(column.parts) == 1:
            factor = block.factors[0] if len(block.factors) == 1 else None
        else:
            factor = block.named(self.spelled(column.parts[0]))
        return factor if factor is not None and name in factor.columns else None


def _literal(text: str) -> str | None:
    """The value of a single-quoted literal with no backslash (a double-quoted one is a name
    under ANSI_QUOTES, and a backslash reads differently under NO_BACKSLASH_ESCAPES)."""
    if not text.startswith("'") or "\\" in text:
        return None
    return text[1:-1].replace("''", "'")
