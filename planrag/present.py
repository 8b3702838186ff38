"""How values are shown to people: rounded for reading, with thousands separators, booleans
as yes/no. Exact values stay in JSON output and downloads; this is only for reading.

    number(1300.7036) -> "1,301"     number(26.6034) -> "26.6"     number(0.00630933) -> "0.00631"
    signed(-26.6) -> "−26.6"         percent(-26.6, 1327.3) -> "−2.0%"
    cell(True) -> "yes"              cell(1836) -> "1836" (years and ids are not grouped)
"""

from __future__ import annotations

import math
from decimal import Decimal
from typing import Any

__all__ = ["DIGITS", "cell", "number", "percent", "quantity", "signed"]

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


_CURRENCY_SIGNS = frozenset("£$€¥")


def quantity(value: float, unit: str = "", digits: int = DIGITS) -> str:
    """A value with its unit: "1,301 EUR", "£39.72" (a currency sign goes first), "0.498"."""
    text = number(value, digits)
    if not unit:
        return text
    if unit in _CURRENCY_SIGNS:
        return f"{MINUS}{unit}{text[1:]}" if text.startswith(MINUS) else f"{unit}{text}"
    return f"{text} {unit}"


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
