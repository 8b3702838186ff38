"""Policy 8 in PostgreSQL's dialect: a query reads only the dataset's own schemas.

In PostgreSQL a database holds schemas, and a query cannot reach another database at all (a
three-part name must name the current one). The dataset is the schemas `Scope.schemas` of the
current database `Scope.database`, so this pass, after the query walker (`_postgres_query`) has
allowed every word, judges every relation the query reads:

* Relations are named only in FROM clauses (joins, comma lists, parenthesized join lists,
  LATERAL and ONLY included; every FROM of the statement is read, in subqueries and CTE
  bodies too) and after TABLE. There ``s.t`` is schema.table and ``d.s.t``
  database.schema.table. In expressions ``a.b`` is alias.column, ``s.t.c`` names schema s and
  ``d.s.t.c`` database d, and both are judged like a relation. A FROM inside EXTRACT(),
  SUBSTRING() or TRIM(), or after IS [NOT] DISTINCT, is part of the expression. Whatever the
  reader does not recognize in a FROM clause it reads on as a table reference: fail closed.
* A schema must be one of `Scope.schemas` (compared as PostgreSQL does: unquoted names fold to
  lower case); with ``schemas=None`` no qualified name passes. A database part must be
  `Scope.database`.
* pg_catalog and every schema or relation whose name starts with ``pg_`` are refused
  (qualified or not: the search path finds pg_catalog's pg_class, pg_roles, pg_settings,
  pg_stat_activity ... first), and so is information_schema, except the views of
  `PG_INFORMATION_SCHEMA_SCOPE`. PostgreSQL filters those to the current database and to the
  objects the current role may use, which may include other schemas of the database, so each
  read of one must be confined to the dataset's schemas: every column of the view that names
  a schema its rows are about must be kept there by a condition every output row satisfies.
  Such a condition is a conjunct of the top-level AND chain of the query block's WHERE, or of
  the ON of an inner join, or of the ON of a LEFT JOIN for the views on its right; it compares
  the column (unqualified when only one of the block's views has it, or qualified with the
  view's alias or name) with ``=`` or ``IN (...)`` to the name of a dataset schema as a plain
  string literal, or to ``current_schema`` (the first schema of the search path, which the
  source sets to the dataset's). ``a.table_schema = b.table_schema`` carries one view's
  confinement to the other (the other way only into a LEFT JOIN's right side). A top-level OR
  in the condition, NOT, casts, functions of the column and strings with a backslash confine
  nothing: fail closed.

The unqualified names a query reads are found through the session's search path, which the
PostgreSQL source sets to the dataset's schemas; the guard cannot see it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

from planrag.guards._dialect import Reading
from planrag.guards._postgres_family import PgFamily
from planrag.guards._postgres_words import PG_FAMILY
from planrag.guards._sql_lexer import QUOTED, STRING, WORD, Token, TokenReader
from planrag.guards._sql_scope import shown
from planrag.guards._verdict import Verdict

__all__ = ["folded", "postgres_scope_refusal"]

_FROM_ENDS: Final = frozenset(
    {"WHERE", "GROUP", "HAVING", "WINDOW", "ORDER", "LIMIT", "OFFSET", "FETCH", "FOR", "INTO"}
    | {"UNION", "INTERSECT", "EXCEPT", "RETURNING", "SELECT", "VALUES", "TABLE"}
)
_JOIN_WORDS: Final = frozenset({"JOIN", "INNER", "LEFT", "RIGHT", "FULL", "OUTER", "CROSS"}
                               | {"NATURAL"})
_OTHER_JOIN_WORDS: Final = frozenset({"ASOF", "ANTI", "SEMI", "POSITIONAL"})
"""DuckDB's join words, join words where the dialect has them as keywords."""
_FROM_FUNCTIONS: Final = frozenset({"EXTRACT", "SUBSTRING", "TRIM"})
_QUERY_HEADS: Final = frozenset({"SELECT", "WITH", "VALUES", "TABLE"})
_WHERE_ENDS: Final = frozenset(
    {"GROUP", "HAVING", "WINDOW", "ORDER", "LIMIT", "OFFSET", "FETCH", "FOR"}
    | {"UNION", "INTERSECT", "EXCEPT", "RETURNING"}
)
_AND: Final = frozenset({"AND"})
_OR: Final = frozenset({"OR"})
_INFORMATION_SCHEMA: Final = "information_schema"
_MAX_PARTS: Final = 3

_Key = tuple[int, str]  # (a view's number in its block, one of its schema columns)


@dataclass(frozen=True)
class _View:
    """An information_schema view read in a FROM clause."""

    number: int
    ref: str  # its alias, or its name when it has none (as PostgreSQL compares them)
    view: str
    written: str


@dataclass(frozen=True)
class _On:
    """An ON condition [start, end) and the views it keeps to itself (None: every view; an
    inner join's ON is a filter on its whole result)."""

    start: int
    end: int
    right: frozenset[int] | None


@dataclass
class _Facts:
    """What the conditions of one query block make every output row satisfy."""

    confined: set[_Key] = field(default_factory=set)
    follows: dict[_Key, set[_Key]] = field(default_factory=dict)  # confined key -> keys

    def carry(self, source: _Key, target: _Key) -> None:
        self.follows.setdefault(source, set()).add(target)

    def closure(self) -> set[_Key]:
        done = set(self.confined)
        queue = list(done)
        while queue:
            for target in self.follows.get(queue.pop(), ()):
                if target not in done:
                    done.add(target)
                    queue.append(target)
        return done


@dataclass(frozen=True)
class _Operand:
    kind: str  # "column", "dataset" (names a dataset schema) or "other"
    key: _Key | None = None


def folded(text: str) -> str:
    """An unquoted name as PostgreSQL stores it: ASCII letters in lower case."""
    return "".join(chr(ord(c) + 32) if "A" <= c <= "Z" else c for c in text)


def postgres_scope_refusal(
    tokens: Sequence[Token], partners: Sequence[int], reading: Reading,
    words: PgFamily = PG_FAMILY,
) -> Verdict | None:
    """Return a refusal for a relation outside the dataset's schemas, or None."""
    return _Reader(tokens, partners, reading, words).run()


class _Reader(TokenReader):
    """One pass over a query's tokens; see the module docstring."""

    def __init__(self, tokens: Sequence[Token], partners: Sequence[int], reading: Reading,
                 words: PgFamily = PG_FAMILY):
        self.tokens = tokens
        self.partners = partners
        self.reading = reading
        self.words = words
        self.scope = reading.scope
        if words.fold_quoted:  # every name compares without letter case
            schemas = self.scope.schemas
            self.scope = dataclasses.replace(
                self.scope,
                database=None if self.scope.database is None else self.scope.database.lower(),
                schemas=None if schemas is None else tuple(s.lower() for s in schemas))
        self.from_ends = _FROM_ENDS | words.from_ends
        self.join_words = _JOIN_WORDS | (_OTHER_JOIN_WORDS & words.keywords)
        self.views_allowed = words.information_schema
        self.judged: set[int] = set()  # name parts already judged as a relation
        self.views: list[_View] = []  # the information_schema views of the FROM being read
        self.ons: list[_On] = []  # and its ON conditions

    # ------------------------------------------------------------------------- navigation

    def is_part(self, index: int) -> bool:
        return 0 <= index < len(self.tokens) and self.tokens[index].kind in (WORD, QUOTED)

    def name(self, index: int) -> str:
        token = self.tokens[index]
        if self.words.fold_quoted:
            return token.value.lower()
        if token.kind == QUOTED:
            return token.value
        return folded(self.reading.text[token.start : token.end])

    def chain(self, index: int) -> tuple[list[int], int]:
        """The indices of the dotted name's parts starting at `index`, and the index after."""
        parts = [index]
        index += 1
        while self.op(index) == "." and self.is_part(index + 1):
            parts.append(index + 1)
            index += 2
        return parts, index

    # ------------------------------------------------------------------------------- pass

    def run(self) -> Verdict | None:
        for index, opened in self.heads():
            if index in self.judged:
                continue
            refusal = None
            if self.keyword(index) == "FROM" and self._starts_from_clause(index, opened):
                end = self.partners[opened[-1]] if opened else len(self.tokens)
                self.views, self.ons = [], []
                clause_end = self._clause_end(index + 1, end)
                refusal = self._table_list(index + 1, clause_end)
                if refusal is None and self.views:
                    refusal = self._confinement(clause_end, end)
            elif self.keyword(index) == "TABLE":
                refusal = self._table_query(index + 1)
            elif self.op(index + 1) == ".":
                refusal = self._column_reference(index)
            if refusal is not None:
                return refusal
        return None

    def _starts_from_clause(self, index: int, opened: Sequence[int]) -> bool:
        if self.word(index - 1) == "DISTINCT" and self.word(index - 2) in {"IS", "NOT"}:
            return False  # IS [NOT] DISTINCT FROM
        if not opened:
            return True
        opening = opened[-1]
        return not (self.keyword(opening - 1) in _FROM_FUNCTIONS
                    and self.word(opening + 1) not in _QUERY_HEADS)

    def _clause_end(self, index: int, end: int) -> int:
        while index < end:
            if self.keyword(index) in self.from_ends:
                return index
            index = self.skip(index)
        return end

    # ------------------------------------------------------------------------ FROM clauses

    def _table_list(self, index: int, end: int) -> Verdict | None:
        """Read ``reference {(, | join) reference [ON cond | USING (cols)]}`` in [index, end)."""
        pending: list[tuple[str, int]] = []  # joins awaiting ON/USING: kind, first right view
        while index < end:
            index, refusal = self._factor(index, end)
            if refusal is not None:
                return refusal
            while index < end and self.keyword(index) in ("ON", "USING"):
                # ON and USING close the nearest open join, as PostgreSQL's grammar reads them.
                kind, first = pending.pop() if pending else ("other", 0)
                if self.keyword(index) == "ON":
                    start, index = index + 1, self._condition_end(index + 1, end)
                    if kind != "other":
                        right = None
                        if kind == "left":
                            right = frozenset(range(first, len(self.views)))
                        self.ons.append(_On(start, index, right))
                else:
                    index = self.skip(index + 1)
                    if self.keyword(index) == "AS":
                        index += 2
            if self.op(index) == ",":
                index += 1
            words = set()
            while index < end and self.keyword(index) in self.join_words:
                words.add(self.keyword(index))
                index += 1
            if "JOIN" in words and not words & {"CROSS", "NATURAL"}:
                kind = "inner"
                if "LEFT" in words:
                    kind = "left"
                elif words & {"RIGHT", "FULL"}:
                    kind = "other"
                pending.append((kind, len(self.views)))
        return None

    def _condition_end(self, index: int, end: int) -> int:
        """The end of an ON condition: a top-level `,` or join word (LEFT( and RIGHT( are
        the string functions)."""
        while index < end:
            if self.op(index) == ",":
                return index
            word = self.keyword(index)
            function = word in ("LEFT", "RIGHT") and self.op(index + 1) == "("
            if word in self.join_words and not function:
                return index
            index = self.skip(index)
        return end

    def _factor(self, index: int, end: int) -> tuple[int, Verdict | None]:
        """Read one table reference at `index`: the index after it, and a refusal if any.
        Always moves on by at least one token."""
        while self.keyword(index) in ("LATERAL", "ONLY"):
            index += 1
        if index >= end:
            return index, None
        if self.op(index) == "(":
            closing = self.partners[index]
            refusal = None
            if not self._is_query(index):  # a parenthesized join list
                refusal = self._table_list(index + 1, closing)
            return self._alias(closing + 1, end), refusal
        if self.tokens[index].kind == STRING and self.words.table_string is not None:
            return index + 1, self.words.table_string
        if not self.is_part(index):
            return index + 1, None  # not a reference: read on
        parts, after = self.chain(index)
        self.judged.update(parts)
        if self.op(after) == "(":  # a function: the query walker judged the call
            refusal = self.words.table_function(self.tokens[parts[-1]].value.upper())
            if refusal is not None:
                return after, refusal
            index = self.partners[after] + 1
            if self.keyword(index) == "WITH" and self.word(index + 1) == "ORDINALITY":
                index += 2
            return self._alias(index, end), None
        index = after + 1 if self.op(after) == "*" else after
        after = self._alias(index, end)
        refusal = self._relation(parts)
        if refusal is None:
            refusal = self._note_view(parts, index, after)
        return after, refusal

    def _alias(self, index: int, end: int) -> int:
        """After ``[AS] alias [(columns)]``."""
        if self.keyword(index) == "AS":
            index += 1
        word = self.keyword(index)
        if index < end and self.is_part(index) and (
            word not in self.words.keywords or word in self.words.column_name_keywords
        ):
            self.judged.add(index)
            index += 1
            if self.op(index) == "(":
                index = self.skip(index)
        return index

    def _is_query(self, opening: int) -> bool:
        inner = opening + 1
        while self.op(inner) == "(":
            inner += 1
        return self.word(inner) in _QUERY_HEADS

    def _table_query(self, index: int) -> Verdict | None:
        """``TABLE [ONLY] [s.]t``."""
        if self.keyword(index) == "ONLY":
            index += 1
        if not self.is_part(index):
            return None
        parts, _ = self.chain(index)
        self.judged.update(parts)
        refusal = self._relation(parts)
        view = self._view_of(parts)
        if refusal is None and view is not None:
            written = shown(".".join(self.name(i) for i in parts))
            condition = self._condition(view, self.views_allowed[view][0])
            return Verdict.refuse(
                "information-schema-scope",
                f"TABLE {written} would describe other schemas of the database too; write "
                f"SELECT ... FROM {written} WHERE {condition} so it describes only this "
                "dataset's schemas.",
            )
        return refusal

    def _column_reference(self, index: int) -> Verdict | None:
        """``s.t.c`` and ``s.t.*`` name schema s, ``d.s.t.c`` database d; ``t.c`` neither."""
        parts, after = self.chain(index)
        star = self.op(after) == "." and self.op(after + 1) == "*"
        if self.op(after) == "(" or len(parts) + star < 3:
            return None  # a qualified call is refused by the query walker
        self.judged.update(parts)
        relation = parts if star else parts[:-1]
        return self._relation(relation)

    # ----------------------------------------------------- information_schema confinement

    def _view_of(self, parts: Sequence[int]) -> str | None:
        """The information_schema view (one a query may read) that `parts` names, if any."""
        names = [self.name(i) for i in parts]
        if len(names) >= 2 and names[-2] == _INFORMATION_SCHEMA:
            return names[-1] if names[-1] in self.views_allowed else None
        return None

    def _note_view(self, parts: Sequence[int], index: int, after: int) -> Verdict | None:
        """Remember a view read in the FROM being read, by its alias in [index, after).
        Its columns must keep their names: ``t(a, table_schema)`` would give one of them
        the name of another."""
        view = self._view_of(parts)
        if view is None:
            return None
        if self.keyword(index) == "AS":
            index += 1
        ref = self.name(index) if index < after and self.is_part(index) else view
        written = shown(".".join(self.name(i) for i in parts))
        if self.op(index + 1) == "(" and index + 1 < after:
            return Verdict.refuse(
                "information-schema-scope",
                f"{written} is given column names of the query's own ({shown(ref)}(...)); "
                f"read its columns by their names, as in {shown(ref)}.table_name.",
            )
        self.views.append(_View(len(self.views), ref, view, written))
        return None

    def _confinement(self, after_from: int, end: int) -> Verdict | None:
        """Refuse the first view of the FROM just read that a schema column of it is not kept
        to the dataset's schemas by the block's conditions."""
        facts = _Facts()
        has_where = self.keyword(after_from) == "WHERE"
        if has_where:
            self._read_condition(after_from + 1, self._where_end(after_from + 1, end), facts,
                                 None)
        for on in self.ons:
            self._read_condition(on.start, on.end, facts, on.right)
        confined = facts.closure()
        for view in self.views:
            for column in self.views_allowed[view.view]:
                if (view.number, column) in confined:
                    continue
                condition = self._condition(view.ref, column)
                add = (f"make its WHERE condition `(...) AND {condition}`" if has_where
                       else f"add `WHERE {condition}`")
                return Verdict.refuse(
                    "information-schema-scope",
                    f"{view.written} is read without a condition that keeps {column} to this "
                    "dataset's schemas, so it would describe other schemas of the database "
                    f"too; {add} so it describes only this dataset's schemas.",
                )
        return None

    def _condition(self, ref: str, column: str) -> str:
        """A condition that keeps `ref.column` to the dataset's schemas, for a reason."""
        schemas = self.scope.schemas
        if not schemas:
            return f"{shown(ref)}.{column} = current_schema"
        literals = ", ".join("'" + shown(s).replace("'", "''") + "'" for s in schemas)
        return f"{shown(ref)}.{column} " + (
            f"= {literals}" if len(schemas) == 1 else f"IN ({literals})")

    def _where_end(self, index: int, end: int) -> int:
        while index < end and self.keyword(index) not in _WHERE_ENDS:
            index = self.skip(index)
        return min(index, end)

    def _read_condition(self, start: int, end: int, facts: _Facts,
                        right: frozenset[int] | None) -> None:
        """Add what the condition in [start, end) makes every row satisfy; with `right`, only
        what it says of those views (a LEFT JOIN keeps its left side's rows regardless)."""
        while self.op(start) == "(" and self.partners[start] == end - 1 and not self._is_query(
                start):
            start, end = start + 1, end - 1
        conjuncts = self.operands(start, end, _AND, _OR)
        if start >= end or conjuncts is None:
            return
        if len(conjuncts) > 1:
            for first, last in conjuncts:
                self._read_condition(first, last, facts, right)
            return
        left, index = self._operand(start, end)
        if left is None:
            return
        if self.op(index) == "=":
            other, after = self._operand(index + 1, end)
            if other is not None and after == end:
                self._compare(left, other, facts, right)
        elif (self.keyword(index) == "IN" and self.op(index + 1) == "("
              and self.partners[index + 1] == end - 1 and left.key is not None):
            items = self._items(index + 2, end - 1)
            if items and all(item.kind == "dataset" for item in items):
                self._confine(left.key, facts, right)

    def _items(self, start: int, end: int) -> list[_Operand] | None:
        """The operands of ``a, b, ...`` spanning exactly [start, end)."""
        items: list[_Operand] = []
        while start < end:
            item, after = self._operand(start, end)
            if item is None or (after < end and self.op(after) != ","):
                return None
            items.append(item)
            start = after + 1
        return items

    def _operand(self, start: int, end: int) -> tuple[_Operand | None, int]:
        """A column, a plain string literal or current_schema at `start`, and the index
        after it."""
        if start >= end:
            return None, start
        token = self.tokens[start]
        if self.op(start) == "(":
            closing = self.partners[start]
            inner, after = self._operand(start + 1, closing)
            return (inner, closing + 1) if inner is not None and after == closing else (
                None, start)
        if token.kind == STRING:
            text = token.value
            value = text[1:-1].replace("''", "'")
            dataset = (text.startswith("'") and "\\" not in text
                       and value in (self.scope.schemas or ()))
            return _Operand("dataset" if dataset else "other"), start + 1
        if token.kind == WORD and self.keyword(start) == "CURRENT_SCHEMA":
            if self.op(start + 1) == "(" and self.partners[start + 1] == start + 2:
                return _Operand("dataset"), start + 3
            return _Operand("dataset"), start + 1
        if self.is_part(start):
            parts, after = self.chain(start)
            if len(parts) <= 2 and self.op(after) not in ("(", "."):
                return _Operand("column", self._column(parts)), after
        return None, start

    def _column(self, parts: Sequence[int]) -> _Key | None:
        """The view's schema column that ``[alias.]column`` names, if any. Unqualified, it is
        the one view of the block that has it: were another relation of the block to have it
        too, PostgreSQL would refuse the query as ambiguous."""
        names = [self.name(i) for i in parts]
        column = names[-1]
        if len(names) == 2:
            views = [v for v in self.views if v.ref == names[0]]
        else:
            views = [v for v in self.views if column in self.views_allowed[v.view]]
        if len(views) != 1 or column not in self.views_allowed[views[0].view]:
            return None
        return views[0].number, column

    def _compare(self, a: _Operand, b: _Operand, facts: _Facts,
                 right: frozenset[int] | None) -> None:
        if a.kind == "column" and b.kind == "column":
            if a.key is not None and b.key is not None and a.key != b.key:
                for source, target in ((a.key, b.key), (b.key, a.key)):
                    if right is None or target[0] in right:
                        facts.carry(source, target)
            return
        column, value = (a, b) if a.kind == "column" else (b, a)
        if column.key is not None and value.kind == "dataset":
            self._confine(column.key, facts, right)

    @staticmethod
    def _confine(key: _Key, facts: _Facts, right: frozenset[int] | None) -> None:
        if right is None or key[0] in right:
            facts.confined.add(key)

    # ------------------------------------------------------------------------- the rules

    def _relation(self, parts: Sequence[int]) -> Verdict | None:
        names = [self.name(i) for i in parts]
        written = shown(".".join(names))
        if len(names) > _MAX_PARTS:
            return Verdict.refuse(
                "syntax",
                f"{written} has more than three parts; name a table as table, schema.table "
                "or database.schema.table.",
            )
        relation = names[-1]
        own = self.words.own_relation(relation.lower())
        if own is not None:
            return own
        if len(names) == _MAX_PARTS:
            refusal = self._database(names[0], written)
            if refusal is not None:
                return refusal
        if len(names) >= 2:
            refusal = self._schema(names[-2], relation, written)
            if refusal is not None:
                return refusal
        if relation.lower().startswith("pg_"):
            return Verdict.refuse(
                "system-schema",
                f"{written} is one of PostgreSQL's catalogue relations (roles, settings, "
                "sessions, statistics), not the dataset's data; read the dataset's tables, or "
                "information_schema.tables and .columns for the schema.",
            )
        return None

    def _database(self, database: str, written: str) -> Verdict | None:
        if self.scope.database is not None and database == self.scope.database:
            return None
        if self.scope.database is None:
            known = "the guard does not know this dataset's database"
        else:
            known = f"only this dataset's database ({shown(self.scope.database)}) may be read"
        return Verdict.refuse(
            "other-database",
            f"{written} names database {shown(database)}; {known}: name the table as "
            "schema.table or table.",
        )

    def _schema(self, schema: str, relation: str, written: str) -> Verdict | None:
        own = self.words.own_schema(schema.lower())
        if own is not None:
            return own
        if schema == _INFORMATION_SCHEMA:
            if relation in self.views_allowed:
                return None
            return Verdict.refuse(
                "system-schema",
                f"{written} is not one of the information_schema views that describe only "
                "this database's tables; read information_schema."
                + ", .".join(sorted(self.views_allowed)) + ".",
            )
        if schema.lower().startswith("pg_"):
            return Verdict.refuse(
                "system-schema",
                f"{written} is in PostgreSQL's own schema {shown(schema)} (catalogue, "
                "statistics, temporary or TOAST data), not the dataset's; read the dataset's "
                "tables, or information_schema.tables and .columns for the schema.",
            )
        schemas = self.scope.schemas
        if schemas is not None and schema in schemas:
            return None
        if schemas is None:
            allowed = (
                "the guard does not know this dataset's schemas, so only unqualified names "
                "may be read: leave out the schema"
            )
        else:
            listed = ", ".join(shown(s) for s in schemas) or "none"
            allowed = f"this dataset's schemas are {listed}: read tables there"
        return Verdict.refuse(
            "other-schema",
            f"{written} is in schema {shown(schema)}, outside the dataset; {allowed}.",
        )
