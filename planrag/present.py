"""How values are shown to people: rounded for reading, with thousands separators, booleans
as yes/no. Exact values stay in JSON output and downloads; this is only for reading.

    number(1300.7036) -> "1,301"     number(26.6034) -> "26.6"     number(0.00630933) -> "0.00631"
    signed(-26.6) -> "−26.6"         percent(-26.6, 1327.3) -> "−2.0%"
    cell(True) -> "yes"              cell(1836) -> "1836" (years and ids are not grouped)

Money (a currency sign or code as the unit) is shown to two decimals, the sign before the
amount and a code after it, everywhere alike:

    quantity(1300.7036, "EUR") -> "1,300.70 EUR"     quantity(-3.523, "£") -> "−£3.52"
    signed_quantity(-3.523, "£") -> "−£3.52"         signed_quantity(26.6, "EUR") -> "+26.60 EUR"
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

__all__ = ["DIGITS", "Columns", "cell", "is_money", "number", "percent", "quantity", "signed",
           "signed_quantity"]

DIGITS = 4
"""Significant figures a person reads (3 for values under 1)."""
MINUS = "−"


def number(value: float | int | Decimal, digits: int = DIGITS) -> str:
    """`value` rounded to about `digits` significant figures: whole numbers from 1,000 up
    (grouped), `digits` figures from 1 to 1,000, one fewer below 1."""
    x = float(value)
    if not math.isfinite(x):
        return "∞" if x > 0 else f"{MINUS}∞" if x < 0 else "not a number"
    if x == 0:
        return "0"
    magnitude = abs(x)
    if magnitude >= 10 ** (digits - 1):
        text = f"{round(magnitude):,}"
    else:
        figures = digits if magnitude >= 1 else max(1, digits - 1)
        decimals = max(0, figures - 1 - math.floor(math.log10(magnitude)))
        text = f"{magnitude:,.{decimals}f}"
        if "." in text:
            text = text.rstrip("0").rstrip(".")
        if text in ("0", ""):  # rounded away: show it in scientific form instead
            text = f"{magnitude:.{figures - 1}e}"
    return f"{MINUS}{text}" if x < 0 else text


def signed(value: float, digits: int = DIGITS) -> str:
    """A change: "+26.6" or "−26.6" ("0" for none)."""
    if value == 0:
        return "0"
    return ("+" if value > 0 else "") + number(value, digits)


def percent(delta: float, base: float) -> str:
    """`delta` as a percentage of `base`: "+18.3%", "−2.0%", "" when base is 0."""
    if base == 0 or not math.isfinite(delta) or not math.isfinite(base):
        return ""
    share = 100 * delta / abs(base)
    if share == 0:
        return "0%"
    magnitude = abs(share)
    decimals = 1 if magnitude >= 1 else max(1, 1 - math.floor(math.log10(magnitude)))
    text = f"{magnitude:,.{decimals}f}%"
    return ("+" if share > 0 else MINUS) + text


_CURRENCY_SIGNS = frozenset("£$€¥₹₩")
_CURRENCY_CODES = frozenset({
    "EUR", "USD", "GBP", "CHF", "JPY", "CNY", "SEK", "NOK", "DKK", "PLN", "CZK", "HUF", "CAD",
    "AUD", "NZD", "INR", "BRL", "ZAR", "MXN", "HKD", "SGD", "KRW", "TRY", "ILS", "AED",
})
"""Units that are money: shown to two decimals (cents, pence), not significant figures."""


def is_money(unit: str) -> bool:
    """Whether `unit` is a currency ("£", "EUR"), whose amounts read to two decimals."""
    return unit in _CURRENCY_SIGNS or unit.upper() in _CURRENCY_CODES


def _amount(magnitude: float, unit: str, digits: int) -> str:
    """A non-negative value as its unit reads: money to two decimals, else `number`."""
    if is_money(unit) and math.isfinite(magnitude):
        return f"{magnitude:,.2f}"
    return number(magnitude, digits)


def quantity(value: float, unit: str = "", digits: int = DIGITS) -> str:
    """A value with its unit: "1,301 kg", "£39.72" (a currency sign goes first), "0.498",
    "1,300.70 EUR" (money to two decimals)."""
    text = _amount(abs(value), unit, digits)
    sign = MINUS if value < 0 and text.strip("0.,") else ""  # no "−0.00"
    if not unit:
        return sign + text
    if unit in _CURRENCY_SIGNS:
        return f"{sign}{unit}{text}"
    return f"{sign}{text} {unit}"


def amount(value: float, unit: str = "", digits: int = DIGITS) -> str:
    """A value as `quantity` writes it, without its unit (a table's column names it):
    "1,300.70" for EUR, "0.498"."""
    text = _amount(abs(value), unit, digits)
    return (MINUS if value < 0 and text.strip("0.,") else "") + text


def signed_quantity(value: float, unit: str = "", digits: int = DIGITS) -> str:
    """A change with its unit, placed as `quantity` places it: "+£3.52", "−26.60 EUR";
    "0" (with its unit) for none."""
    text = quantity(value, unit, digits)
    return f"+{text}" if value > 0 and text[:1] != MINUS else text


def cell(value: Any, digits: int = DIGITS) -> str:
    """A table cell for reading: numbers rounded, yes/no, NULL shown as a dash."""
    if value is None:
        return "–"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return f"{value:,}" if abs(value) >= 10_000 else str(value)
    if isinstance(value, Decimal):
        if value == value.to_integral_value() and value.copy_abs() < Decimal(10**15):
            return cell(int(value), digits)
        return number(value, digits)
    if isinstance(value, float):
        return number(value, digits)
    return str(value)


_FLAG_NAME = re.compile(r"(?:is|has|can)_\w+")
"""Columns named as yes/no questions ("is_home", "has_merchant")."""


@dataclass(frozen=True)
class Columns:
    """How one dataset's result tables read for people: each column by the name the dataset
    gives it (its manifest's `[column_names]`, units included), yes/no where a column holds
    booleans (declared so by its simulator, or named as a question and holding 0 and 1 only:
    SQLite and MySQL return their booleans as numbers), and values by the names the
    simulator gives them (`label`, e.g. a trade node as a place)."""

    names: Mapping[str, str] = field(default_factory=dict)
    booleans: frozenset[str] = frozenset()
    label: Callable[[str, Any], str | None] | None = None

    def header(self, column: str) -> str:
        return self.names.get(column, column)

    def flags(self, columns: tuple[str, ...] | list[str],
              rows: list[list[Any]] | tuple[tuple[Any, ...], ...]) -> set[int]:
        """The positions of `columns` that hold yes/no in these rows."""
        out = set()
        for i, name in enumerate(columns):
            values = {r[i] for r in rows if i < len(r) and r[i] is not None}
            binary = bool(values) and all(isinstance(v, int | Decimal) and not isinstance(
                v, bool) and v in (0, 1) for v in values)
            if binary and (name in self.booleans or _FLAG_NAME.fullmatch(name)):
                out.add(i)
        return out

    def row(self, columns: tuple[str, ...] | list[str], row: list[Any] | tuple[Any, ...],
            flags: set[int]) -> list[str]:
        """One row's cells for reading."""
        out = []
        for i, value in enumerate(row):
            name = columns[i] if i < len(columns) else ""
            if i in flags:
                out.append("yes" if value else "no")
                continue
            named = self.label(name, value) if self.label is not None else None
            out.append(named if named is not None else cell(value))
        return out
