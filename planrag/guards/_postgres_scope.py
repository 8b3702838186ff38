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
  `PG_INFORMATION_SCHEMA_VIEWS`. PostgreSQL filters those to the current database and to the
  objects the current role may use, so they are allowed as they are: they may also list other
  schemas of this database that the role can use (a condition on table_schema cannot be
  verified by a parser for sure, so none is demanded).

The unqualified names a query reads are found through the session's search path, which the
PostgreSQL source sets to the dataset's schemas; the guard cannot see it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from planrag.guards._postgres_words import (
    PG_COLUMN_NAME_KEYWORDS,
    PG_INFORMATION_SCHEMA_VIEWS,
    PG_KEYWORDS,
)
from planrag.guards._sql_lexer import QUOTED, WORD, Token, TokenReader
from planrag.guards._sql_scope import Reading, shown
from planrag.guards._verdict import Verdict

__all__ = ["folded", "postgres_scope_refusal"]

_FROM_ENDS: Final = frozenset(
    {"WHERE", "GROUP", "HAVING", "WINDOW", "ORDER", "LIMIT", "OFFSET", "FETCH", "FOR", "INTO"}
    | {"UNION", "INTERSECT", "EXCEPT", "RETURNING", "SELECT", "VALUES", "TABLE"}
)
_JOIN_WORDS: Final = frozenset({"JOIN", "INNER", "LEFT", "RIGHT", "FULL", "OUTER", "CROSS"}
                               | {"NATURAL"})
_FROM_FUNCTIONS: Final = frozenset({"EXTRACT", "SUBSTRING", "TRIM"})
_QUERY_HEADS: Final = frozenset({"SELECT", "WITH", "VALUES", "TABLE"})
_INFORMATION_SCHEMA: Final = "information_schema"
_MAX_PARTS: Final = 3


def folded(text: str) -> str:
    """An unquoted name as PostgreSQL stores it: ASCII letters in lower case."""
    return "".join(chr(ord(c) + 32) if "A" <= c <= "Z" else c for c in text)


def postgres_scope_refusal(
    tokens: Sequence[Token], partners: Sequence[int], reading: Reading
) -> Verdict | None:
    """Return a refusal for a relation outside the dataset's schemas, or None."""
    return _Reader(tokens, partners, reading).run()


class _Reader(TokenReader):
    """One pass over a query's tokens; see the module docstring."""

    def __init__(self, tokens: Sequence[Token], partners: Sequence[int], reading: Reading):
        self.tokens = tokens
        self.partners = partners
        self.reading = reading
        self.scope = reading.scope
        self.judged: set[int] = set()  # name parts already judged as a relation

    # ------------------------------------------------------------------------- navigation

    def is_part(self, index: int) -> bool:
        return 0 <= index < len(self.tokens) and self.tokens[index].kind in (WORD, QUOTED)

    def skip(self, index: int) -> int:
        return self.partners[index] + 1 if self.op(index) == "(" else index + 1

    def name(self, index: int) -> str:
        token = self.tokens[index]
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
                refusal = self._table_list(index + 1, self._clause_end(index + 1, end))
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
            if self.keyword(index) in _FROM_ENDS:
                return index
            index = self.skip(index)
        return end

    # ------------------------------------------------------------------------ FROM clauses

    def _table_list(self, index: int, end: int) -> Verdict | None:
        """Read ``reference {(, | join) reference [ON cond | USING (cols)]}`` in [index, end)."""
        while index < end:
            index, refusal = self._factor(index, end)
            if refusal is not None:
                return refusal
            while index < end and self.keyword(index) in ("ON", "USING"):
                if self.keyword(index) == "ON":
                    index = self._condition_end(index + 1, end)
                else:
                    index = self.skip(index + 1)
                    if self.keyword(index) == "AS":
                        index += 2
            if self.op(index) == ",":
                index += 1
            while index < end and self.keyword(index) in _JOIN_WORDS:
                index += 1
        return None

    def _condition_end(self, index: int, end: int) -> int:
        """The end of an ON condition: a top-level `,` or join word (LEFT( and RIGHT( are
        the string functions)."""
        while index < end:
            if self.op(index) == ",":
                return index
            word = self.keyword(index)
            function = word in ("LEFT", "RIGHT") and self.op(index + 1) == "("
            if word in _JOIN_WORDS and not function:
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
        if not self.is_part(index):
            return index + 1, None  # not a reference: read on
        parts, after = self.chain(index)
        self.judged.update(parts)
        if self.op(after) == "(":  # a function: the query walker judged the call
            index = self.partners[after] + 1
            if self.keyword(index) == "WITH" and self.word(index + 1) == "ORDINALITY":
                index += 2
            return self._alias(index, end), None
        index = after + 1 if self.op(after) == "*" else after
        return self._alias(index, end), self._relation(parts)

    def _alias(self, index: int, end: int) -> int:
        """After ``[AS] alias [(columns)]``."""
        if self.keyword(index) == "AS":
            index += 1
        word = self.keyword(index)
        if index < end and self.is_part(index) and (
            word not in PG_KEYWORDS or word in PG_COLUMN_NAME_KEYWORDS
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
        return self._relation(parts)

    def _column_reference(self, index: int) -> Verdict | None:
        """``s.t.c`` and ``s.t.*`` name schema s, ``d.s.t.c`` database d; ``t.c`` neither."""
        parts, after = self.chain(index)
        star = self.op(after) == "." and self.op(after + 1) == "*"
        if self.op(after) == "(" or len(parts) + star < 3:
            return None  # a qualified call is refused by the query walker
        self.judged.update(parts)
        relation = parts if star else parts[:-1]
        return self._relation(relation)

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
        if schema == _INFORMATION_SCHEMA:
            if relation in PG_INFORMATION_SCHEMA_VIEWS:
                return None
            return Verdict.refuse(
                "system-schema",
                f"{written} is not one of the information_schema views that describe only "
                "this database's tables; read information_schema."
                + ", .".join(sorted(PG_INFORMATION_SCHEMA_VIEWS)) + ".",
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
