"""Constant arithmetic for the resource rules (`_sql_resources`): the value of an argument
such as ``1e9``, ``1000 * 1000`` or, in PostgreSQL's dialect, ``10 ^ 9``.

Only numbers, ``+ - * /``, ``DIV`` (MySQL) and parentheses are read, and ``^`` as a power when
`power` is set (in MySQL ``^`` is XOR); anything else makes the argument not a constant.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable, Sequence
from typing import Final

from planrag.guards._sql_lexer import NUMBER, OPERATOR, WORD, Token

__all__ = ["constant"]

_ADDITIVE: Final[dict[str, Callable[[float, float], float]]] = {
    "+": operator.add,
    "-": operator.sub,
}


def constant(
    tokens: Sequence[Token], start: int, end: int, *, power: bool = False
) -> float | None:
    """The value of tokens[start:end] when it is constant arithmetic, or None."""
    values = _Arithmetic(tokens, start, end, power)
    try:
        value = values.sum()
    except ValueError:
        return None
    return value if values.index == end else None


class _Arithmetic:
    """A recursive-descent reader: sum of products of powers of unary terms."""

    def __init__(self, tokens: Sequence[Token], start: int, end: int, power: bool) -> None:
        self.tokens = tokens
        self.index = start
        self.end = end
        self.power = power

    def _op(self) -> str:
        if self.index < self.end and self.tokens[self.index].kind == OPERATOR:
            return self.tokens[self.index].value
        return ""

    def _word(self) -> str:
        if self.index < self.end and self.tokens[self.index].kind == WORD:
            return self.tokens[self.index].value
        return ""

    def sum(self) -> float:
        value = self.product()
        while self._op() in _ADDITIVE:
            combine = _ADDITIVE[self._op()]
            self.index += 1
            value = combine(value, self.product())
        return value

    def product(self) -> float:
        value = self.exponent()
        while True:
            if self._op() == "*":
                self.index += 1
                value *= self.exponent()
            elif self._op() == "/" or self._word() == "DIV":
                self.index += 1
                divisor = self.exponent()
                value = value / divisor if divisor else 0.0
            else:
                return value

    def exponent(self) -> float:
        value = self.unary()
        while self.power and self._op() == "^":
            self.index += 1
            exponent = self.unary()
            try:
                value = math.pow(value, exponent)
            except OverflowError:
                value = math.inf  # too large to hold: larger than any limit
        return value

    def unary(self) -> float:
        if self._op() in _ADDITIVE:
            sign = -1.0 if self._op() == "-" else 1.0
            self.index += 1
            return sign * self.unary()
        if self._op() == "(":
            self.index += 1
            value = self.sum()
            if self._op() != ")":
                raise ValueError("unbalanced")
            self.index += 1
            return value
        if self.index < self.end and self.tokens[self.index].kind == NUMBER:
            text = self.tokens[self.index].value
            self.index += 1
            if text[:2].lower() in ("0x", "0b"):
                raise ValueError("not a length")  # a binary string, not a number
            return float(text)
        raise ValueError("not a constant")
