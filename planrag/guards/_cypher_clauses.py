"""Clause-level parsing for the Cypher guard: the read-only query grammar.

The guard does not look for bad words; it parses the query with a grammar that *only contains
read clauses*::

    statement := [EXPLAIN] (show | query) [';']
    query     := single (UNION [ALL|DISTINCT] single)*
    single    := clause+
    clause    := [OPTIONAL] MATCH patterns [USING ...] [WHERE expr]
               | WITH projection [WHERE expr] | RETURN projection | UNWIND expr AS name
               | [OPTIONAL] CALL [(vars)] { query } | [OPTIONAL] CALL proc[(args)] [YIELD ...]
               | FINISH
    show      := SHOW [type] INDEX[ES] | SHOW [type] CONSTRAINT[S], then YIELD/WHERE/RETURN

A clause that starts with anything else is refused; when the word is a known updating,
administrative or I/O keyword the refusal names it (rule "write", "admin", "file-io" ...),
otherwise it is a syntax refusal. Because subqueries (CALL { }, EXISTS { }, COUNT { },
COLLECT { }) are parsed with the same grammar, a write nested anywhere is found too.
Each query part is tracked in a `Scope` for the cartesian-product rule.
"""

from __future__ import annotations

from planrag.guards._cypher_expressions import ExpressionParser
from planrag.guards._cypher_lexer import EOF, PUNCT, Token
from planrag.guards._cypher_patterns import PatternInfo
from planrag.guards._cypher_policy import (
    ALLOWED_PROCEDURES,
    Refusal,
    clause_refusal,
    dos_refusal,
    procedure_refusal,
    show_refusal,
)
from planrag.guards._cypher_scope import Scope

__all__ = ["ClauseParser"]

_QUERY_END = ("UNION",)
_INDEX_KINDS = frozenset({"ALL", "RANGE", "TEXT", "POINT", "LOOKUP", "FULLTEXT", "VECTOR", "BTREE"})
_CONSTRAINT_KINDS = frozenset(
    {"ALL", "UNIQUE", "UNIQUENESS", "NODE", "RELATIONSHIP", "REL", "KEY", "EXIST", "EXISTS",
     "EXISTENCE", "PROPERTY", "TYPE", "NOT", "NULL"}
)  # fmt: skip
_SHOW_STOP = ("YIELD", "WHERE", "RETURN")
_SORT_ORDERS = ("ASC", "ASCENDING", "DESC", "DESCENDING")


class ClauseParser(ExpressionParser):
    """Parses one statement; raises `Refusal` at the first reason to refuse."""

    def __init__(self, tokens: list[Token]) -> None:
        super().__init__(tokens)
        self.scope = Scope()
        self.multiplier = 1
        self.referenced = set()

    def statement(self) -> None:
        self.accept_kw("EXPLAIN")  # the wrapped query gets the same checks
        if self.at_kw("SHOW"):
            self._show()
        else:
            self._query()
        self.accept_punct(";")
        if self.tok.kind != EOF:
            raise self.error("the end of the query")

    # -- queries --------------------------------------------------------------------------

    def _query(self) -> Scope:
        """A query with UNIONs; returns the scope after the last branch's RETURN."""
        outer = self.scope
        result = self._single_query(outer)
        while self.accept_kw("UNION"):
            self.accept_kw("ALL", "DISTINCT")
            result = self._single_query(outer)
        self.scope = outer
        return result

    def _single_query(self, outer: Scope) -> Scope:
        self.scope = Scope(outer.rows)
        for name in outer.names():
            self.scope.bind(name, restricted=True)  # imported values are fixed per outer row
        self.scope.inherit_values(outer)
        clauses = 0
        while not self._at_query_end():
            self._clause()
            clauses += 1
        if not clauses:
            raise self.error("a clause such as MATCH or RETURN")
        return self.scope

    def _at_query_end(self) -> bool:
        token = self.tok
        if token.kind == EOF:
            return True
        if token.kind == PUNCT:
            return token.value in (";", "}")
        return token.upper in _QUERY_END

    def subquery_body(self) -> set[str]:
        """Inside EXISTS/COUNT/COLLECT { }: a pattern list with WHERE, or a full query."""
        saved_scope, saved_refs = self.scope, self.referenced
        self.referenced = set()
        try:
            if self.at_pattern_start():
                self.scope = Scope(saved_scope.rows)
                for name in saved_scope.names():
                    self.scope.bind(name, restricted=True)
                self.scope.inherit_values(saved_scope)
                self._match_body()
            else:
                self._query()
            return self.referenced
        finally:
            self.scope = saved_scope
            self.referenced = saved_refs | self.referenced

    def _clause(self) -> None:
        keyword = self.tok.upper
        if keyword == "OPTIONAL" and self.peek().upper in ("MATCH", "CALL"):
            self.advance()
            keyword = self.tok.upper
        if keyword == "MATCH":
            self.advance()
            self._match_body()
        elif keyword in ("WITH", "RETURN"):
            self.advance()
            self._projection(is_with=keyword == "WITH")
            if keyword == "RETURN" and not self._at_query_end():
                refusal = clause_refusal(self.tok.upper, self.peek().upper)
                raise refusal or self.error("the end of the query after RETURN")
        elif keyword == "UNWIND":
            self._unwind()
        elif keyword == "CALL":
            self._call()
        elif keyword == "FINISH":
            self.advance()
        else:
            refusal = clause_refusal(keyword, self.peek().upper)
            raise refusal or self.error("a read clause (MATCH, WITH, UNWIND, CALL, RETURN)")

    # -- MATCH ----------------------------------------------------------------------------

    def _match_body(self) -> None:
        if self.at_kw("REPEATABLE", "DIFFERENT"):
            self.pos += 2  # match modes: REPEATABLE ELEMENTS, DIFFERENT RELATIONSHIPS
        parts = [self.pattern_part()]
        while self.accept_punct(","):
            parts.append(self.pattern_part())
        while self.at_kw("USING"):
            self._hint()
        for part in parts:
            self._bind_pattern(part)
        if self.accept_kw("WHERE"):
            self._apply_where()
        self._check_cartesian()

    def _bind_pattern(self, part: PatternInfo) -> None:
        key = self.scope.anonymous()
        for name in part.names:
            self.scope.bind(name, restricted=False)
        self.scope.join([key, *part.names])
        if part.restricted:
            self.scope.restrict(key)
        self.referenced |= part.names

    def _apply_where(self) -> None:
        condition = self.expression()
        conjuncts = condition.conjuncts or [(condition.condition_names(), False)]
        for names, weak in conjuncts:
            if not weak:
                self.scope.apply_condition(names)

    def _check_cartesian(self) -> None:
        loose = self.scope.unrestricted()
        if len(loose) < 2:
            return
        shown = ", ".join(_describe(name) for name in loose[:4])
        raise dos_refusal(
            f"the patterns {shown} are not connected, so every combination is produced "
            "(a cartesian product)",
            "connect them with a relationship, join them in WHERE, or filter each one by a "
            "property",
        )

    def _hint(self) -> None:
        """``USING [TEXT|RANGE|POINT] INDEX [SEEK] n:L(p)``, ``USING SCAN n:L``,
        ``USING JOIN ON a, b``."""
        self.expect_kw("USING")
        if self.accept_kw("JOIN"):
            self.expect_kw("ON")
            self.name()
            while self.accept_punct(","):
                self.name()
            return
        if not self.accept_kw("SCAN"):
            self.accept_kw("TEXT", "RANGE", "POINT")
            self.expect_kw("INDEX")
            self.accept_kw("SEEK")
        self.name()
        self.expect_punct(":")
        self.name()
        if self.accept_punct("("):
            self.name()
            while self.accept_punct(","):
                self.name()
            self.expect_punct(")")

    # -- WITH / RETURN / UNWIND -----------------------------------------------------------

    def _projection(self, *, is_with: bool) -> None:
        self.accept_kw("DISTINCT")
        columns: list[tuple[str, set[str]]] = []
        values: dict[str, tuple[float | None, int | None]] = {}
        aggregate = False
        grouping = False
        more = True
        if self.accept_punct("*"):
            columns = [(name, {name}) for name in self.scope.names()]
            values.update(self.scope.values)
            grouping = True
            more = self.accept_punct(",")
        while more:
            expression = self.expression()
            aggregate = aggregate or expression.aggregate
            grouping = grouping or not expression.aggregate
            name = None
            if self.accept_kw("AS"):
                name = self.name()
                columns.append((name, expression.names))
            elif len(expression.names) == 1:
                name = next(iter(expression.names))
                columns.append((name, expression.names))
            if name is not None and (expression.const, expression.size) != (None, None):
                values[name] = (expression.const, expression.size)
            more = self.accept_punct(",")
        self._projection_tail(columns, aggregate, grouping)
        self.scope.values = {name: values[name] for name, _ in columns if name in values}
        if is_with and self.accept_kw("WHERE"):
            self._apply_where()

    def _projection_tail(
        self, columns: list[tuple[str, set[str]]], aggregate: bool, grouping: bool
    ) -> None:
        if self.at_kw("ORDER") and self.peek().upper == "BY":
            self.pos += 2
            self._sort_items()
        if self.accept_kw("SKIP", "OFFSET"):
            self.expression()
        limit = None
        if self.accept_kw("LIMIT"):
            limit = self.expression().const
        rows = self.scope.rows
        if aggregate and not grouping:
            rows = 1
        if limit is not None:
            rows = min(rows, max(int(limit), 0)) if limit != float("inf") else rows
        self.scope = self.scope.project(columns, collapse=aggregate or limit is not None)
        self.scope.rows = max(rows, 1)

    def _sort_items(self) -> None:
        self.expression()
        self.accept_kw(*_SORT_ORDERS)
        while self.accept_punct(","):
            self.expression()
            self.accept_kw(*_SORT_ORDERS)

    def _unwind(self) -> None:
        self.expect_kw("UNWIND")
        source = self.expression()
        self.expect_kw("AS")
        name = self.name()
        if source.size is not None:
            self.check_generated(float(source.size), "UNWIND of this list")
            self.scope.rows *= max(source.size, 1)
        self.scope.bind(name, restricted=True)
        self.scope.join([name, *source.names])

    # -- CALL -----------------------------------------------------------------------------

    def _call(self) -> None:
        self.expect_kw("CALL")
        if self.accept_punct("("):
            self._scope_variables()
        if self.at_punct("{"):
            self._call_subquery()
        else:
            self._procedure_call()

    def _scope_variables(self) -> None:
        """``CALL (a, b) { ... }`` or ``CALL (*) { ... }`` (Neo4j 5.23+)."""
        if not self.accept_punct("*"):
            while not self.at_punct(")"):
                self.name()
                if not self.accept_punct(","):
                    break
        self.expect_punct(")")
        if not self.at_punct("{"):
            raise self.error("'{' after the CALL scope")

    def _call_subquery(self) -> None:
        self.expect_punct("{")
        inner = self._query()
        self.expect_punct("}")
        if self.at_kw("IN"):
            raise Refusal(
                "transaction",
                "CALL { ... } IN TRANSACTIONS commits batches in separate transactions, which "
                "a read-only query never needs; remove IN TRANSACTIONS and run the plain "
                "subquery.",
            )
        returned = [name for name in inner.names() if name not in self.scope]
        key = self.scope.anonymous()
        for name in returned:
            self.scope.bind(name, restricted=False)
        self.scope.join([key, *returned])
        if not inner.unrestricted():
            self.scope.restrict(key)
        self._check_cartesian()

    def _procedure_call(self) -> None:
        parts = [self.name()]
        while self.accept_punct("."):
            parts.append(self.name())
        name = ".".join(parts)
        if name not in ALLOWED_PROCEDURES:
            raise procedure_refusal(name)
        if self.accept_punct("("):
            if not self.at_punct(")"):
                self.expression()
                while self.accept_punct(","):
                    self.expression()
            self.expect_punct(")")
        if self.accept_kw("YIELD"):
            self._yield_items()

    def _yield_items(self) -> None:
        """``YIELD *`` or ``YIELD a [AS b], ...`` with optional ORDER BY/SKIP/LIMIT/WHERE."""
        if not self.accept_punct("*"):
            while True:
                name = self.name()
                if self.accept_kw("AS"):
                    name = self.name()
                self.scope.bind(name, restricted=True)
                if not self.accept_punct(","):
                    break
        if self.at_kw("ORDER") and self.peek().upper == "BY":
            self.pos += 2
            self._sort_items()
        if self.accept_kw("SKIP", "OFFSET"):
            self.expression()
        if self.accept_kw("LIMIT"):
            self.expression()
        if self.accept_kw("WHERE"):
            self.expression()

    # -- SHOW -----------------------------------------------------------------------------

    def _show(self) -> None:
        """SHOW [kind] INDEX(ES) / CONSTRAINT(S) [YIELD ...] [WHERE ...] [RETURN ...]."""
        self.expect_kw("SHOW")
        words: list[str] = []
        while self.tok.upper and not self.at_kw(*_SHOW_STOP):
            words.append(self.advance().upper)
        if not _is_schema_listing(words):
            raise show_refusal(" ".join(words) or "(nothing)")
        if self.accept_kw("YIELD"):
            self._yield_items()
        elif self.accept_kw("WHERE"):
            self.expression()
        while not self._at_query_end():
            self._clause()


def _is_schema_listing(words: list[str]) -> bool:
    if not words:
        return False
    *kinds, last = words
    if last in ("INDEX", "INDEXES"):
        return all(kind in _INDEX_KINDS for kind in kinds)
    if last in ("CONSTRAINT", "CONSTRAINTS"):
        return all(kind in _CONSTRAINT_KINDS for kind in kinds)
    return False


def _describe(name: str) -> str:
    return "(an anonymous pattern)" if name.startswith(("#", "@")) else f"({name})"
