"""Graph-pattern parsing for the Cypher guard, with the variable-length (DoS) rules.

Grammar accepted (Neo4j 5)::

    pattern      := [name '='] selector* [shortestPath|allShortestPaths '(' path ')' | path]
    path         := element+            elements are juxtaposed or joined by relationships
    element      := node | '(' path [WHERE expr] ')' quantifier? | relationship quantifier?
    node         := '(' [name] [(':' | IS) labels] [map | $param] [WHERE expr] ')'
    relationship := ['<'] '-' ['[' [name] [':' types] ['*' range] [map] [WHERE expr] ']' '-'] ['>']
    quantifier   := '{' n '}' | '{' [n] ',' [m] '}' | '+' | '*'

Every repetition must have a literal upper bound of at most `MAX_HOPS`: ``[*]``, ``[*2..]``,
``{1,}``, ``+`` and ``*`` are refused, because an unbounded expansion over a graph is
exponential and a read-only transaction does not stop it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from planrag.guards._cypher_cursor import Cursor, Expr
from planrag.guards._cypher_lexer import NUMBER, PARAM, PUNCT, QUOTED, WORD
from planrag.guards._cypher_policy import MAX_HOPS, MAX_SHORTEST_HOPS, dos_refusal

__all__ = ["PatternInfo", "PatternParser"]

_SELECTOR_WORDS = frozenset({"ANY", "ALL", "SHORTEST", "PATH", "PATHS", "GROUP", "GROUPS"})
_SHORTEST_FUNCTIONS = ("SHORTESTPATH", "ALLSHORTESTPATHS")


@dataclass(slots=True)
class PatternInfo:
    """Variables a pattern binds, whether it is narrowed by properties/WHERE, and whether
    it contains a relationship (a lone node in parentheses is an expression, not a pattern)."""

    names: set[str] = field(default_factory=set)
    restricted: bool = False
    has_relationship: bool = False


class PatternParser(Cursor):
    """Pattern layer; the expression layer supplies `expression` and `properties`."""

    # True while parsing inside shortestPath()/allShortestPaths() or a SHORTEST selector.
    _shortest: bool = False

    def expression(self) -> Expr:
        raise NotImplementedError

    def properties(self) -> Expr:
        """A map literal `{...}` (the cursor is at '{')."""
        raise NotImplementedError

    # -- patterns -------------------------------------------------------------------------

    def pattern_part(self) -> PatternInfo:
        info = PatternInfo()
        if self._at_assignment():
            info.names.add(self.name())
            self.advance()
        saved = self._shortest
        try:
            self._shortest = self._path_selector()
            if self.at_kw(*_SHORTEST_FUNCTIONS) and self.peek().value == "(":
                self._shortest = True
                self.advance()
                self.expect_punct("(")
                self._path(info)
                self.expect_punct(")")
            else:
                self._path(info)
        finally:
            self._shortest = saved
        return info

    def at_pattern_start(self) -> bool:
        """Whether a pattern (not a clause or expression) begins here."""
        if self.at_punct("(") or self._at_assignment():
            return True
        return self.at_kw(*_SHORTEST_FUNCTIONS, "ANY", "ALL", "SHORTEST")

    def _at_assignment(self) -> bool:
        """A path variable: ``p = (a)-->(b)``."""
        after = self.peek()
        return self.at_name() and after.kind == PUNCT and after.value == "="

    def _path_selector(self) -> bool:
        """GQL path selectors (ANY SHORTEST, SHORTEST k GROUPS, ANY k ...); True if SHORTEST."""
        shortest = False
        while self.at_kw(*_SELECTOR_WORDS) or self.tok.kind == NUMBER:
            shortest = shortest or self.tok.upper == "SHORTEST"
            self.advance()
        return shortest

    def _path(self, info: PatternInfo) -> None:
        elements = 0
        while True:
            if self.at_punct("("):
                if self.peek().value == "(" and self.peek().kind == PUNCT:
                    self._parenthesized_path(info)
                else:
                    self._node(info)
            elif self.at_punct("-", "<") and elements:
                self._relationship(info)
                self._quantifier()
                info.has_relationship = True
            else:
                break
            elements += 1
        if not elements:
            raise self.error("a pattern such as (n:Label)")

    def _parenthesized_path(self, info: PatternInfo) -> None:
        self.expect_punct("(")
        if self._at_assignment():
            info.names.add(self.name())
            self.advance()
        self._path(info)
        if self.accept_kw("WHERE"):
            condition = self.expression()
            info.names |= condition.names
            info.restricted = info.restricted or bool(condition.condition_names())
        self.expect_punct(")")
        self._quantifier()
        info.has_relationship = True

    def _node(self, info: PatternInfo) -> None:
        self.expect_punct("(")
        if self.at_name() and not self._at_filler_keyword():
            info.names.add(self.name())
        if self.accept_punct(":") or self._accept_is_label():
            self.label_expression()
        self._element_filters(info)
        self.expect_punct(")")

    def _at_filler_keyword(self) -> bool:
        """A WHERE or IS that starts a filter rather than naming the element."""
        if self.at_kw("WHERE"):
            return True
        return self.at_kw("IS") and (self.at_name(1) or self.peek().value in ("!", "%", "("))

    def _accept_is_label(self) -> bool:
        if self.at_kw("IS") and (self.at_name(1) or self.peek().value in ("!", "%", "(")):
            self.advance()
            return True
        return False

    def _element_filters(self, info: PatternInfo) -> None:
        """Inline properties and WHERE; only a non-empty map or a condition that mentions a
        variable narrows the element (``{}`` and ``WHERE true`` match everything)."""
        if self.at_punct("{"):
            empty = self.peek().kind == PUNCT and self.peek().value == "}"
            info.names |= self.properties().names
            info.restricted = info.restricted or not empty
        elif self.tok.kind == PARAM:
            self.advance()
            info.restricted = True
        if self.accept_kw("WHERE"):
            condition = self.expression()
            info.names |= condition.names
            info.restricted = info.restricted or bool(condition.condition_names())

    def _relationship(self, info: PatternInfo) -> None:
        self.accept_punct("<")
        self.expect_punct("-")
        if self.accept_punct("["):
            if self.at_name() and not self._at_filler_keyword():
                info.names.add(self.name())
            if self.accept_punct(":") or self._accept_is_label():
                self.label_expression()
            if self.accept_punct("*"):
                self._variable_length()
            self._element_filters(info)
            self.expect_punct("]")
            self.expect_punct("-")
        else:
            self.expect_punct("-")
        self.accept_punct(">")

    # -- label and type expressions -------------------------------------------------------

    def label_expression(self) -> None:
        """``A``, ``A:B``, ``A|B``, ``A|:B``, ``A&B``, ``!A``, ``%``, ``(A|B)&C``."""
        self._label_and()
        while self._at_label_or():
            self.advance()
            self.accept_punct(":")
            self._label_and()

    def _at_label_or(self) -> bool:
        if not self.at_punct("|"):
            return False
        after = self.peek()
        if after.value == ":" and after.kind == PUNCT:
            return True
        # In `[x IN list WHERE x:A | x.name]` the bar starts the projection, not a label.
        if after.kind in (WORD, QUOTED):
            return self.peek(2).value not in (".", "(", "[", "{")
        return after.value in ("!", "%", "(")

    def _label_and(self) -> None:
        self._label_not()
        while self.at_punct("&", ":") and (self.at_name(1) or self.peek().value in ("!", "%", "(")):
            self.advance()
            self._label_not()

    def _label_not(self) -> None:
        while self.accept_punct("!"):
            pass
        if self.accept_punct("%"):
            return
        if self.accept_punct("("):
            self.label_expression()
            self.expect_punct(")")
            return
        self.name()

    # -- repetition bounds ----------------------------------------------------------------

    def _variable_length(self) -> None:
        """After ``*`` in a relationship: ``*``, ``*n``, ``*n..``, ``*..m``, ``*n..m``."""
        lower = self.integer() if self.tok.kind == NUMBER else None
        if not self.accept_punct(".."):
            self._check_upper(lower, "[*]" if lower is None else f"[*{lower}]")
            return
        upper = self.integer() if self.tok.kind == NUMBER else None
        self._check_upper(upper, f"[*{'' if lower is None else lower}..]")

    def _quantifier(self) -> None:
        """An optional quantifier after a relationship or a parenthesized path."""
        if self.at_punct("+", "*"):
            symbol = self.advance().value
            self._check_upper(None, f"the path quantifier '{symbol}'")
        elif self.at_punct("{") and (self.peek().kind == NUMBER or self.peek().value == ","):
            self.advance()
            lower = self.integer() if self.tok.kind == NUMBER else None
            if self.accept_punct(","):
                upper = self.integer() if self.tok.kind == NUMBER else None
                self._check_upper(upper, f"the path quantifier {{{lower or 0},}}")
            else:
                self._check_upper(lower, "the path quantifier")
            self.expect_punct("}")

    def _check_upper(self, upper: int | None, written: str) -> None:
        limit = MAX_SHORTEST_HOPS if self._shortest else MAX_HOPS
        if upper is None:
            raise dos_refusal(
                f"{written} is a variable-length pattern with no upper bound",
                f"give it an upper bound of at most {limit}, e.g. [:KNOWS*1..3]",
            )
        if upper > limit:
            raise dos_refusal(
                f"a variable-length pattern may repeat up to {upper} times",
                f"use an upper bound of at most {limit} hops",
            )
