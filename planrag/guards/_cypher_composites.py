"""Composite expression atoms for the Cypher guard: lists, maps, CASE and subqueries.

List literals and comprehensions, pattern comprehensions and predicates, reduce() and the
list predicates all(), any(), none(), single(), map literals and projections, CASE, and
EXISTS/COUNT/COLLECT { } subqueries. Split from `_cypher_expressions` to keep modules small;
the operator layer there supplies `expression`, `additive` and `is_predicate`.

This layer also owns the literal-size DoS rule: comprehension bodies run once per element of
their source list, so a ``range()`` inside them is counted that many times
(`check_generated`), and ``[x IN range(1, 1000) | range(1, 1000)]`` is seen as a million values.
"""

from __future__ import annotations

from collections.abc import Callable

from planrag.guards._cypher_cursor import Expr
from planrag.guards._cypher_lexer import PUNCT
from planrag.guards._cypher_patterns import PatternParser
from planrag.guards._cypher_policy import MAX_LITERAL_ROWS, Refusal, dos_refusal
from planrag.guards._cypher_scope import Scope

__all__ = ["COMPARISONS", "CompositeParser"]

COMPARISONS = frozenset({"=", "<>", "!=", "<", ">", "<=", ">=", "=~"})


class CompositeParser(PatternParser):
    """Composite atoms; abstract hooks are implemented by the expression and clause layers."""

    # Maintained by the clause layer: the current query part's scope (with the rows it
    # already generates from literal UNWINDs), the element multiplier of the enclosing list
    # comprehensions, and every variable name mentioned so far.
    scope: Scope
    multiplier: int
    referenced: set[str]

    def additive(self) -> Expr:
        raise NotImplementedError

    def is_predicate(self) -> None:
        raise NotImplementedError

    def subquery_body(self) -> set[str]:
        """Parse the inside of EXISTS/COUNT/COLLECT { ... }; return the names it mentions."""
        raise NotImplementedError

    def check_generated(self, size: float, what: str, unit: str = "rows or list elements") -> None:
        """Refuse when `what` makes the query generate more than MAX_LITERAL_ROWS values."""
        total = size * self.scope.rows * self.multiplier
        if total > MAX_LITERAL_ROWS:
            raise dos_refusal(
                f"{what} generates about {total:.3g} {unit}",
                f"keep generated lists and strings under {MAX_LITERAL_ROWS:,} elements, "
                "or aggregate with count()/sum() over matched data instead",
            )

    # -- brackets ---------------------------------------------------------------------------

    def _parenthesized(self) -> Expr:
        """A pattern predicate ``(a)-[:R]->(b)`` or a parenthesized expression."""
        pattern = self._try(self._pattern_predicate)
        if pattern is not None:
            return pattern
        self.expect_punct("(")
        inner = self.expression()
        self.expect_punct(")")
        return inner

    def _pattern_predicate(self) -> Expr:
        info = self.pattern_part()
        if not info.has_relationship:
            raise self.error("a relationship")
        self.referenced |= info.names
        return Expr(names=info.names)

    def _list(self) -> Expr:
        self.expect_punct("[")
        if self.accept_punct("]"):
            return Expr(size=0)
        if self._at_iteration(0):
            return self._list_comprehension()
        if self.at_pattern_start():
            comprehension = self._try(self._pattern_comprehension)
            if comprehension is not None:
                return comprehension
        result = Expr()
        count = 1
        result.absorb(self.expression())
        while self.accept_punct(","):
            result.absorb(self.expression())
            count += 1
        self.expect_punct("]")
        result.size = count
        return result

    def _at_iteration(self, offset: int) -> bool:
        """Whether `name IN` starts at `offset` tokens ahead (comprehension syntax)."""
        return self.at_name(offset) and self.peek(offset + 1).upper == "IN"

    def _list_comprehension(self) -> Expr:
        """After '[': ``x IN list [WHERE pred] [| expr] ]``."""
        result, source, local = self._iteration()
        if self.accept_kw("WHERE"):
            result.absorb(self._body(source, self.expression, local))
        if self.accept_punct("|"):
            result.absorb(self._body(source, self.expression, local))
        self.expect_punct("]")
        result.size = source if source > 1 else None  # at most as long as its source
        return result

    def _iteration(self) -> tuple[Expr, int, str]:
        """``x IN list``: the expression so far, the list's known size (1 if unknown) and the
        name of the iteration variable."""
        local = self.name()
        self.expect_kw("IN")
        source = self.expression()
        result = Expr(names=set(source.names), aggregate=source.aggregate)
        return result, source.size or 1, local

    def _body(self, size: int, parse: Callable[[], Expr], *local: str) -> Expr:
        """Parse a comprehension body that runs once per element of a `size`-element list;
        inside it the `local` names are its own variables, not the outer ones of that name."""
        saved = self.multiplier
        values = self.scope.values
        self.multiplier = saved * max(size, 1)
        self.scope.values = {name: value for name, value in values.items() if name not in local}
        try:
            return parse()
        finally:
            self.multiplier = saved
            self.scope.values = values

    def _pattern_comprehension(self) -> Expr:
        """After '[': ``[p =] (a)-->(b) [WHERE pred] | expr ]``."""
        info = self.pattern_part()
        if not info.has_relationship:
            raise self.error("a relationship")
        result = Expr(names=set(info.names))
        if self.accept_kw("WHERE"):
            result.absorb(self.expression())
        self.expect_punct("|")
        result.absorb(self.expression())
        self.expect_punct("]")
        return result

    def _list_predicate(self) -> Expr:
        """``all|any|none|single(x IN list WHERE pred)``."""
        self.advance()
        self.expect_punct("(")
        result, source, local = self._iteration()
        if self.accept_kw("WHERE"):
            result.absorb(self._body(source, self.expression, local))
        self.expect_punct(")")
        return result

    def _reduce(self) -> Expr:
        """``reduce(acc = init, x IN list | expr)``."""
        self.advance()
        self.expect_punct("(")
        accumulator = self.name()
        self.expect_punct("=")
        result = self.expression()
        self.expect_punct(",")
        iteration, source, local = self._iteration()
        result.absorb(iteration)
        self.expect_punct("|")
        result.absorb(self._body(source, self.expression, local, accumulator))
        self.expect_punct(")")
        return result

    def _case(self) -> Expr:
        self.expect_kw("CASE")
        result = Expr()
        simple = not self.at_kw("WHEN")
        if simple:
            result.absorb(self.expression())
        if not self.at_kw("WHEN"):
            raise self.error("WHEN")
        while self.accept_kw("WHEN"):
            result.absorb(self._when_operand(simple))
            while self.accept_punct(","):
                result.absorb(self._when_operand(simple))
            self.expect_kw("THEN")
            result.absorb(self.expression())
        if self.accept_kw("ELSE"):
            result.absorb(self.expression())
        self.expect_kw("END")
        return result

    def _when_operand(self, simple: bool) -> Expr:
        """A WHEN operand; simple CASE also allows ``WHEN > 5`` and ``WHEN IS NULL``."""
        if simple and self.at_punct(*COMPARISONS):
            self.advance()
            return self.additive()
        if simple and self.at_kw("IS"):
            self.is_predicate()
            return Expr()
        return self.expression()

    def properties(self) -> Expr:
        """A map literal ``{key: expr, ...}``; keys are names, keywords included."""
        self.expect_punct("{")
        result = Expr()
        if not self.at_punct("}"):
            self._map_entry(result)
            while self.accept_punct(","):
                self._map_entry(result)
        self.expect_punct("}")
        return result

    def _map_entry(self, result: Expr) -> None:
        self.name()
        self.expect_punct(":")
        result.absorb(self.expression())

    def _map_projection(self, result: Expr) -> None:
        """``n {.name, .*, key: expr, other}`` after a variable."""
        self.expect_punct("{")
        while not self.at_punct("}"):
            if self.accept_punct("."):
                if not self.accept_punct("*"):
                    self.name()
            elif self.at_name() and self.peek().value == ":" and self.peek().kind == PUNCT:
                self._map_entry(result)
            else:
                name = self.name()
                result.names.add(name)
                self.referenced.add(name)
            if not self.accept_punct(","):
                break
        self.expect_punct("}")

    def _subquery_expression(self) -> Expr:
        """``EXISTS { ... }``, ``COUNT { ... }``, ``COLLECT { ... }``."""
        self.advance()
        self.expect_punct("{")
        names = self.subquery_body()
        self.expect_punct("}")
        return Expr(names=names)

    def _try(self, parse: Callable[[], Expr]) -> Expr | None:
        """Run `parse` speculatively: on a syntax error, rewind and return None."""
        start, referenced = self.pos, set(self.referenced)
        try:
            return parse()
        except Refusal as refusal:
            if refusal.rule != "syntax":
                raise
            self.pos, self.referenced = start, referenced
            return None
