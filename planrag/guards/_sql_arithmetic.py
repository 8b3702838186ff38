"""Constant arithmetic for the resource rules (`_sql_resources`, `_sql_sizes`): the value of
an argument such as ``1e9``, ``1000 * 1000`` or, in PostgreSQL's dialect, ``10 ^ 9``, and
the range such an argument can take when a bound parameter is part of it.

Only numbers, ``+ - * /``, ``DIV`` (MySQL) and parentheses are read, and ``^`` as a power when
`power` is set (in MySQL ``^`` is XOR); anything else makes the argument not a constant.

A bound parameter stands in the judged text as the literal ``0`` (`planrag.sources._params`);
`Placeholder` says which ``0`` is one, by its offset, and the range of values it may take (the
value bound, or the range a written decision declares). `bounds` reads such an argument as an
interval, ``:n * 1000`` with ``n`` in 1..50 as 1,000..50,000, so a size that depends on a
parameter is judged by the largest value the parameter allows; a parameter without a `max`
makes it unbounded.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from planrag.guards._sql_lexer import NUMBER, OPERATOR, WORD, Token

__all__ = ["Placeholder", "Range", "bounds", "constant", "ranges_advice", "ranges_said"]

_INF: Final = math.inf


@dataclass(frozen=True, slots=True)
class Placeholder:
    """A bound parameter: the judged text holds the literal ``0`` in its place."""

    at: int
    """The offset of that ``0`` in the judged text."""
    name: str
    low: float = -_INF
    """The least value it may take (-inf: no `min`)."""
    high: float = _INF
    """The largest value it may take (inf: no `max`)."""
    declared: bool = True
    """True: `low` and `high` are a declared range (a written decision's `min`/`max`);
    False: the value bound for this run (`low == high`), or a value with no number in it
    (text, a date), which may be anything."""


@dataclass(frozen=True, slots=True)
class Range:
    """The values an argument can take: low..high, and the parameters it depends on."""

    low: float
    high: float
    params: tuple[Placeholder, ...] = ()

    @property
    def exact(self) -> float | None:
        """The one value it has when it depends on no parameter."""
        return self.low if self.low == self.high and not self.params else None

    @property
    def magnitude(self) -> float:
        """The largest absolute value (a width of -5 pads to 5)."""
        return max(abs(self.low), abs(self.high))

    def with_params(self, other: Range) -> tuple[Placeholder, ...]:
        return self.params + tuple(p for p in other.params if p not in self.params)


def ranges_said(found: Range) -> str:
    """What the parameters behind a number may be, for a reason: " (parameter :n has no
    `max`)"; "" without parameters."""
    said = []
    opaque = math.isinf(found.high) and all(
        math.isfinite(p.low) and math.isfinite(p.high) for p in found.params)
    for p in found.params:
        if opaque:
            said.append(f"computed from :{p.name} in a way the guard cannot follow")
        elif not p.declared and p.low == p.high:
            said.append(f":{p.name} = {_number(p.high)}")
        elif not p.declared:
            said.append(f"parameter :{p.name}, whose value is not a number the guard can read")
        elif math.isinf(p.high) or math.isinf(p.low):
            said.append(f"parameter :{p.name} has no `{'max' if math.isinf(p.high) else 'min'}`")
        else:
            said.append(f"parameter :{p.name} may be {_number(p.low)} to {_number(p.high)}")
    return f" ({'; '.join(said)})" if said else ""


def ranges_advice(found: Range, bound: str) -> str:
    """What to do about the parameters behind a number that must stay `bound` ("at most
    100,000 characters")."""
    names = ", ".join(f":{p.name}" for p in found.params)
    if math.isinf(found.high) and all(
            math.isfinite(p.low) and math.isfinite(p.high) for p in found.params):
        return (f"write it as arithmetic on {names} (+ - * /, a cast) so that the guard can "
                f"tell it stays {bound}")
    if not all(p.declared for p in found.params):
        if all(p.low == p.high for p in found.params):
            return f"give {names} a value that keeps it {bound}"
        return f"make {names} a number (type int) with a `max` that keeps it {bound}"
    if any(math.isinf(p.high) for p in found.params):
        return f"declare a `max` for {names} that keeps it {bound}"
    if any(math.isinf(p.low) for p in found.params):
        return f"declare a `min` for {names} that keeps it {bound}"
    return f"lower the `max` of {names} so that it stays {bound}"


def _number(value: float) -> str:
    return f"{value:,.0f}" if value == int(value) else f"{value:,g}"


def constant(
    tokens: Sequence[Token], start: int, end: int, *, power: bool = False,
    params: Mapping[int, Placeholder] | None = None,
) -> float | None:
    """The value of tokens[start:end] when it is constant arithmetic with no parameter in
    it, or None."""
    found = bounds(tokens, start, end, power=power, params=params)
    return None if found is None else found.exact


def bounds(
    tokens: Sequence[Token], start: int, end: int, *, power: bool = False,
    params: Mapping[int, Placeholder] | None = None,
) -> Range | None:
    """The range of tokens[start:end] when it is arithmetic over numbers and parameters
    (`params`, by the offset of the ``0`` that stands for each), or None."""
    values = _Arithmetic(tokens, start, end, power, params or {})
    try:
        value = values.sum()
    except ValueError:
        return None
    return value if values.index == end else None


def _times(a: float, b: float) -> float:
    return 0.0 if a == 0 or b == 0 else a * b  # 0 * inf is 0 here: a bound times nothing


def _span(values: list[float], first: Range, second: Range) -> Range:
    if any(math.isnan(v) for v in values):
        return Range(-_INF, _INF, first.with_params(second))
    return Range(min(values), max(values), first.with_params(second))


def _add(a: Range, b: Range) -> Range:
    return _span([a.low + b.low, a.high + b.high], a, b)


def _subtract(a: Range, b: Range) -> Range:
    return _span([a.low - b.high, a.high - b.low], a, b)


def _multiply(a: Range, b: Range) -> Range:
    return _span([_times(x, y) for x in (a.low, a.high) for y in (b.low, b.high)], a, b)


def _divide(a: Range, b: Range) -> Range:
    if b.low == b.high == 0:
        return Range(0.0, 0.0, a.with_params(b))  # MySQL and SQLite: NULL, no value
    if b.low <= 0 <= b.high:
        return Range(-_INF, _INF, a.with_params(b))  # a divisor near 0: any size
    return _span([x / y for x in (a.low, a.high) for y in (b.low, b.high)], a, b)


def _power(a: Range, b: Range) -> Range:
    values: list[float] = []
    for x in (a.low, a.high):
        for y in (b.low, b.high):
            try:
                values.append(math.pow(x, y))
            except OverflowError:
                values.append(_INF)  # too large to hold: larger than any limit
            except ValueError:
                return Range(-_INF, _INF, a.with_params(b))
    if a.low < 0 < a.high or (a.low < 0 and b.low != b.high):
        return Range(-_INF, _INF, a.with_params(b))  # a sign that flips: not monotone
    return _span(values, a, b)  # e * ln(b) is bilinear: its extremes are at the corners


_ADDITIVE: Final = {"+": _add, "-": _subtract}


class _Arithmetic:
    """A recursive-descent reader: sum of products of powers of unary terms."""

    def __init__(self, tokens: Sequence[Token], start: int, end: int, power: bool,
                 params: Mapping[int, Placeholder]) -> None:
        self.tokens = tokens
        self.index = start
        self.end = end
        self.power = power
        self.params = params

    def _op(self) -> str:
        if self.index < self.end and self.tokens[self.index].kind == OPERATOR:
            return self.tokens[self.index].value
        return ""

    def _word(self) -> str:
        if self.index < self.end and self.tokens[self.index].kind == WORD:
            return self.tokens[self.index].value
        return ""

    def sum(self) -> Range:
        value = self.product()
        while self._op() in _ADDITIVE:
            combine = _ADDITIVE[self._op()]
            self.index += 1
            value = combine(value, self.product())
        return value

    def product(self) -> Range:
        value = self.exponent()
        while True:
            if self._op() == "*":
                self.index += 1
                value = _multiply(value, self.exponent())
            elif self._op() == "/" or self._word() == "DIV":
                self.index += 1
                value = _divide(value, self.exponent())
            else:
                return value

    def exponent(self) -> Range:
        value = self.unary()
        while self.power and self._op() == "^":
            self.index += 1
            value = _power(value, self.unary())
        return value

    def unary(self) -> Range:
        if self._op() in _ADDITIVE:
            negative = self._op() == "-"
            self.index += 1
            inner = self.unary()
            if not negative:
                return inner
            return Range(-inner.high, -inner.low, inner.params)
        if self._op() == "(":
            self.index += 1
            value = self.sum()
            if self._op() != ")":
                raise ValueError("unbalanced")
            self.index += 1
            return value
        if self.index < self.end and self.tokens[self.index].kind == NUMBER:
            token = self.tokens[self.index]
            self.index += 1
            placeholder = self.params.get(token.start)
            if placeholder is not None:
                return Range(placeholder.low, placeholder.high, (placeholder,))
            if token.value[:2].lower() in ("0x", "0b"):
                raise ValueError("not a length")  # a binary string, not a number
            number = float(token.value)
            return Range(number, number)
        raise ValueError("not a constant")
