"""Expression parsing for the Cypher guard: function policy and literal-size (DoS) rules.

A precedence-climbing parser for Neo4j 5 expressions: OR, XOR, AND, NOT, comparisons
(including STARTS WITH, ENDS WITH, CONTAINS, IN, IS [NOT] NULL, type predicates), arithmetic,
property access, subscripts and slices, label predicates, and the simple atoms: literals,
parameters, variables and function calls. Composite atoms (lists, comprehensions, maps, CASE,
subqueries) are in `_cypher_composites`.

Why parse expressions at all: it is the only way to know where an expression ends, and so
whether the next word is a clause (``WITH n SET ...``) or a name (``RETURN set``). It also
lets the guard check every function call by name and fold constants, so that
``range(1, 2000000000)``, nested comprehensions over big literal ranges, or APOC generators
with a huge constant length (``apoc.coll.fill``, ``apoc.text.repeat``, ``combinations``) are
refused while ``range(0, size(list) - 1)`` is not. Constants and list sizes bound by WITH
follow their variable (``WITH 2000000000 AS n RETURN range(1, n)`` is measured too).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from planrag.guards._cypher_composites import COMPARISONS, CompositeParser
from planrag.guards._cypher_cursor import Expr, number_value
from planrag.guards._cypher_lexer import NUMBER, PARAM, PUNCT, QUOTED, STRING, WORD
from planrag.guards._cypher_policy import (
    AGGREGATE_FUNCTIONS,
    MAX_LITERAL_ROWS,
    SIZED_FUNCTIONS,
    function_refusal,
    is_allowed_function,
)

__all__ = ["ExpressionParser"]

_WEAK_COMPARISONS = frozenset({"<>", "!="})
_LIST_PREDICATES = ("ALL", "ANY", "NONE", "SINGLE")
_SUBQUERY_EXPRESSIONS = ("EXISTS", "COUNT", "COLLECT")
# Numeric functions whose result is (about) their argument, for constant folding.
_VALUE_PRESERVING = frozenset({"tointeger", "tofloat", "round", "floor", "ceil", "abs"})
_NORMAL_FORMS = ("NFC", "NFD", "NFKC", "NFKD")
_TRIM_SPECIFICATIONS = ("LEADING", "TRAILING", "BOTH")
_TYPE_WORDS = frozenset(
    {
        "ANY", "BOOL", "BOOLEAN", "DATE", "DURATION", "EDGE", "FLOAT", "INT", "INTEGER",
        "INTEGER64", "INT64", "SIGNED", "LIST", "ARRAY", "LOCAL", "ZONED", "TIME", "DATETIME",
        "MAP", "NODE", "VERTEX", "RELATIONSHIP", "PATH", "POINT", "PROPERTY", "VALUE",
        "STRING", "VARCHAR", "NOTHING", "NULL", "WITH", "WITHOUT", "TIMEZONE",
    }
)  # fmt: skip


class ExpressionParser(CompositeParser):
    """Operators, atoms and function calls; the clause layer supplies `subquery_body`."""

    # -- precedence levels ----------------------------------------------------------------

    def expression(self) -> Expr:
        return self._disjunction("OR", self._xor)

    def _xor(self) -> Expr:
        return self._disjunction("XOR", self._and)

    def _disjunction(self, keyword: str, operand: Callable[[], Expr]) -> Expr:
        """An OR (or XOR) chain: as a condition it narrows only what every branch narrows."""
        left = operand()
        if not self.at_kw(keyword):
            return left
        tied = left.condition_names()
        while self.accept_kw(keyword):
            right = operand()
            tied = tied & right.condition_names()
            left.absorb(right)
        left.tied = tied
        return left

    def _and(self) -> Expr:
        operands = [self._not()]
        while self.accept_kw("AND"):
            operands.append(self._not())
        if len(operands) == 1:
            return operands[0]
        result = Expr()
        for operand in operands:
            result.absorb(operand)
        result.conjuncts = [(operand.condition_names(), False) for operand in operands]
        return result

    def _not(self) -> Expr:
        negated = False
        while self.accept_kw("NOT"):
            negated = True
        result = self._comparison()
        if negated:
            result.const = result.size = None
            result.weak = False
        return result

    def _comparison(self) -> Expr:
        left = self.additive()
        while True:
            if self.at_punct(*COMPARISONS):
                weak = self.advance().value in _WEAK_COMPARISONS
                left.absorb(self.additive())
                left.weak = weak
            elif self.at_kw("STARTS", "ENDS") and self.peek().upper == "WITH":
                self.pos += 2
                left.absorb(self.additive())
            elif self.accept_kw("CONTAINS", "IN"):
                left.absorb(self.additive())
            elif self.at_kw("IS"):
                self.is_predicate()
                left.absorb(Expr())
            elif self.accept_punct("::"):
                self._type()
                left.absorb(Expr())
            else:
                return left

    def is_predicate(self) -> None:
        self.expect_kw("IS")
        self.accept_kw("NOT")
        if self.accept_kw("NULL"):
            return
        if self.accept_punct("::") or self.accept_kw("TYPED"):
            self._type()
            return
        self.accept_kw(*_NORMAL_FORMS)
        self.expect_kw("NORMALIZED")

    def _type(self) -> None:
        """A type such as INTEGER, LIST<STRING NOT NULL>, STRING | INTEGER."""
        if not self.at_kw(*_TYPE_WORDS):
            raise self.error("a type name")
        while self.accept_kw(*_TYPE_WORDS):
            if self.accept_punct("<"):
                self._type()
                self.expect_punct(">")
        if self.at_kw("NOT") and self.peek().upper == "NULL":
            self.pos += 2
        if self.at_punct("|") and self.peek().upper in _TYPE_WORDS:
            self.advance()
            self._type()

    def additive(self) -> Expr:
        left = self._multiplicative()
        while self.at_punct("+", "-", "||"):
            operator = self.advance().value
            right = self._multiplicative()
            left = _fold(left, operator, right)
        return left

    def _multiplicative(self) -> Expr:
        left = self._power()
        while self.at_punct("*", "/", "%"):
            operator = self.advance().value
            right = self._power()
            left = _fold(left, operator, right)
        return left

    def _power(self) -> Expr:
        left = self._unary()
        while self.accept_punct("^"):
            left = _fold(left, "^", self._unary())
        return left

    def _unary(self) -> Expr:
        sign = 1.0
        while self.at_punct("+", "-"):
            if self.advance().value == "-":
                sign = -sign
        result = self._postfix()
        if result.const is not None:
            result.const *= sign
        return result

    def _postfix(self) -> Expr:
        result = self._atom()
        while True:
            if self.accept_punct("."):
                self.name()
                result.const = result.size = None
            elif self.accept_punct("["):
                self._subscript(result)
            elif self.at_punct(":") and (self.at_name(1) or self.peek().value in ("!", "%", "(")):
                self.advance()
                self.label_expression()
                result.const = result.size = None
            else:
                return result

    def _subscript(self, result: Expr) -> None:
        if not self.at_punct(".."):
            result.absorb(self.expression())
        if self.accept_punct("..") and not self.at_punct("]"):
            result.absorb(self.expression())
        self.expect_punct("]")
        result.const = result.size = None

    # -- atoms ----------------------------------------------------------------------------

    def _atom(self) -> Expr:
        token = self.tok
        if token.kind == NUMBER:
            self.advance()
            return Expr(const=number_value(token.value))
        if token.kind in (STRING, PARAM):
            self.advance()
            return Expr()
        if token.kind == PUNCT:
            return self._bracketed_atom(token.value)
        if token.kind == WORD:
            keyword_atom = self._keyword_atom(token.upper)
            if keyword_atom is not None:
                return keyword_atom
        if token.kind in (WORD, QUOTED):
            return self._name_atom()
        raise self.error("an expression")

    def _bracketed_atom(self, symbol: str) -> Expr:
        if symbol == "(":
            return self._parenthesized()
        if symbol == "[":
            return self._list()
        if symbol == "{":
            return self.properties()
        raise self.error("an expression")

    def _keyword_atom(self, upper: str) -> Expr | None:
        after = self.peek()
        if upper in ("TRUE", "FALSE", "NULL"):
            self.advance()
            return Expr()
        if upper == "CASE":
            return self._case()
        if upper in _SUBQUERY_EXPRESSIONS and after.kind == PUNCT and after.value == "{":
            return self._subquery_expression()
        if after.kind != PUNCT or after.value != "(":
            return None
        if upper in _LIST_PREDICATES and self._at_iteration(2):
            return self._list_predicate()
        if upper == "REDUCE":
            return self._reduce()
        return None

    def _name_atom(self) -> Expr:
        start = self.pos
        parts = [self.name()]
        while self.at_punct(".") and self.at_name(1) and self._dotted_call_follows():
            self.advance()
            parts.append(self.name())
        if self.at_punct("("):
            return self._function_call(".".join(parts))
        self.pos = start + 1
        name = parts[0]
        self.referenced.add(name)
        result = Expr(names={name})
        result.const, result.size = self.scope.values.get(name, (None, None))
        if self.at_punct("{"):
            self._map_projection(result)
        return result

    def _dotted_call_follows(self) -> bool:
        """Whether `a.b.c` continues as a namespaced function name `a.b.c(`."""
        ahead = self.pos
        tokens = self.tokens
        while tokens[ahead].value == "." and tokens[ahead + 1].kind in (WORD, QUOTED):
            ahead += 2
        follower = tokens[ahead]
        return follower.kind == PUNCT and follower.value == "("

    def _function_call(self, name: str) -> Expr:
        if not is_allowed_function(name):
            raise function_refusal(name)
        self.expect_punct("(")
        if name.upper() in ("SHORTESTPATH", "ALLSHORTESTPATHS"):
            self.pos -= 2  # reparse as a pattern: shortestPath((a)-[*..5]-(b))
            info = self.pattern_part()
            return Expr(names=info.names)
        lowered = name.lower()
        result = Expr(aggregate=lowered in AGGREGATE_FUNCTIONS)
        arguments = self._trim_arguments() if lowered == "trim" else self._arguments()
        self.expect_punct(")")
        for argument in arguments:
            result.absorb(argument)
        if lowered == "range":
            result.size = self._range_size(arguments)
        elif lowered in _VALUE_PRESERVING and len(arguments) == 1:
            result.const = arguments[0].const  # so range(1, toInteger(1e9)) is still seen
        elif lowered in SIZED_FUNCTIONS:
            result.size = self._sized_result(name, arguments, SIZED_FUNCTIONS[lowered])
        elif lowered == "apoc.coll.combinations":
            self._check_combinations(arguments)
        return result

    def _arguments(self) -> list[Expr]:
        """``[DISTINCT] expr, ...`` or ``*`` up to (not including) the closing ')'."""
        self.accept_kw("DISTINCT")
        arguments: list[Expr] = []
        if self.accept_punct("*"):
            return arguments
        if not self.at_punct(")"):
            arguments.append(self.expression())
            while self.accept_punct(","):
                arguments.append(self.expression())
        return arguments

    def _trim_arguments(self) -> list[Expr]:
        """``trim([[LEADING|TRAILING|BOTH] [characters] FROM] source)`` or ``trim(source)``."""
        arguments: list[Expr] = []
        if self.accept_kw(*_TRIM_SPECIFICATIONS):
            if not self.accept_kw("FROM"):
                arguments.append(self.expression())
                self.expect_kw("FROM")
            arguments.append(self.expression())
            return arguments
        arguments.append(self.expression())
        if self.accept_kw("FROM"):
            arguments.append(self.expression())
        return arguments

    def _sized_result(self, name: str, arguments: list[Expr], index: int) -> int | None:
        """Check a generator function whose `index`-th argument is its result length."""
        if index >= len(arguments) or arguments[index].const is None:
            return None  # the length comes from data: the server's limits apply
        length = max(arguments[index].const or 0.0, 0.0)
        unit = "characters" if name.lower().startswith("apoc.text.") else "list elements"
        self.check_generated(length, f"{name}() with this length", unit)
        return int(length)

    def _check_combinations(self, arguments: list[Expr]) -> None:
        """apoc.coll.combinations(list, min[, max]) returns every subset of min..max items."""
        if not arguments or arguments[0].size is None or len(arguments) < 2:
            return
        bounds = [argument.const for argument in arguments[1:3]]
        if any(bound is None for bound in bounds):
            return
        items = arguments[0].size
        low = max(int(bounds[0] or 0), 0)
        high = min(int(bounds[-1] or 0), items)
        count = 0.0
        for size in range(low, high + 1):  # stops as soon as the total is too large
            count += math.exp(_log_binomial(items, size))
            if count > MAX_LITERAL_ROWS:
                break
        self.check_generated(count, "apoc.coll.combinations() over this list", "lists")

    def _range_size(self, arguments: list[Expr]) -> int | None:
        """Element count of range(start, end[, step]) with constant arguments, checked."""
        values = [argument.const for argument in arguments]
        if len(values) not in (2, 3) or any(value is None for value in values):
            return None
        start, end = values[0] or 0.0, values[1] or 0.0
        step = values[2] if len(values) == 3 and values[2] is not None else 1.0
        if step == 0 or (end - start) / step < 0:
            return 0
        size = (end - start) / step + 1
        self.check_generated(size, "range() with these bounds")
        return int(size)


def _log_binomial(n: int, k: int) -> float:
    """The natural logarithm of n choose k, without building a huge integer."""
    return math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)


def _fold(left: Expr, operator: str, right: Expr) -> Expr:
    """Combine two operands, keeping a numeric value when both are constants and the length
    of a concatenation of two lists of known length."""
    value = _constant(left.const, operator, right.const)
    size = None
    if operator in ("+", "||") and left.size is not None and right.size is not None:
        size = left.size + right.size
    left.absorb(right)
    left.const = value
    left.size = size
    return left


def _constant(left: float | None, operator: str, right: float | None) -> float | None:
    if left is None or right is None:
        return None
    try:
        if operator == "+":
            return left + right
        if operator == "-":
            return left - right
        if operator == "*":
            return left * right
        if operator == "/":
            return left / right if right else None
        if operator == "^":
            return float(left**right) if abs(right) < 1024 else float("inf")
    except (OverflowError, ZeroDivisionError, TypeError):
        return float("inf")
    return None
