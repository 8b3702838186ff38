"""How values and names are shown to people: rounded for reading, with thousands separators,
booleans as yes/no, column names in words. Exact values stay in JSON output and downloads,
and raw names in queries and CSV files; this is only for reading.

    number(1300.7036) -> "1,301"     number(26.6034) -> "26.6"     number(0.00630933) -> "0.00631"
    signed(-26.6) -> "−26.6"         percent(-26.6, 1327.3) -> "−2.0%"
    cell(True) -> "yes"              cell(1836) -> "1836" (years and ids are not grouped)

Money (a currency sign or code as the unit, "EUR/kg" too) is shown to its currency's usual
decimals, the sign before the amount and a code after it, everywhere alike:

    quantity(1300.7036, "EUR") -> "1,300.70 EUR"     quantity(-3.523, "£") -> "−£3.52"
    signed_quantity(-3.523, "£") -> "−£3.52"         signed_quantity(26.6, "EUR") -> "+26.60 EUR"

Values of one quantity shown together (a column of a table, the amounts of one verdict, the
bars of a chart) share one `Format`, so "0.30" stands beside "0.42" and "0.058" beside
"0.498", never "0.3" beside "0.42":

    Format.of([0.498, 0.0581]).amount(0.0581) -> "0.058"
    Format.percents([8.1, 0.053]).signed(-0.053) -> "−0.1%"

Names: `column_title("avg_tkt_eur")` -> "Average tkt (EUR)" where a dataset gives no title
of its own, and `readable_ids("SWE's profit at baltic_sea")` -> "SWE's profit at Baltic Sea"
for a code written into a sentence.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

__all__ = ["DIGITS", "Columns", "Format", "cell", "column_title", "is_money", "number",
           "percent", "quantity", "readable_ids", "share", "signed", "signed_quantity"]

DIGITS = 4
"""Significant figures a person reads (3 for values under 1)."""
MINUS = "−"
_MOST_DECIMALS = 12
"""Past this many decimals a value reads better in scientific form."""

_CURRENCY_SIGNS = frozenset("£$€¥₹₩")
_CURRENCY_CODES = frozenset({
    "EUR", "USD", "GBP", "CHF", "JPY", "CNY", "SEK", "NOK", "DKK", "PLN", "CZK", "HUF", "CAD",
    "AUD", "NZD", "INR", "BRL", "ZAR", "MXN", "HKD", "SGD", "KRW", "TRY", "ILS", "AED",
})
"""Units that are money: shown to their currency's decimals (cents, pence), not significant
figures."""
_WHOLE_CURRENCIES = frozenset({"JPY", "KRW", "₩"})
"""Currencies counted in whole units: no decimals."""


def _currency(unit: str) -> str:
    """The currency a unit is counted in ("EUR" for "EUR/kg" or "EUR per week", "£"), or ""
    when it is not money."""
    head = re.split(r"\s*/\s*|\s+per\s+", unit.strip(), maxsplit=1)[0]
    if head in _CURRENCY_SIGNS or head.upper() in _CURRENCY_CODES:
        return head
    return ""


def is_money(unit: str) -> bool:
    """Whether `unit` is money ("£", "EUR", "EUR/kg"), whose amounts read to its
    currency's decimals."""
    return bool(_currency(unit))


def _significant(magnitude: float, digits: int) -> int:
    """Decimals that show `magnitude` to about `digits` significant figures: none from
    10**(digits-1) up, one figure fewer below 1."""
    if magnitude >= 10 ** (digits - 1):
        return 0
    figures = digits if magnitude >= 1 else max(1, digits - 1)
    return max(0, figures - 1 - math.floor(math.log10(magnitude)))


def _needed(magnitude: float, most: int) -> int:
    """The fewest decimals (at most `most`) that show `magnitude` as `most` decimals do."""
    text = f"{magnitude:.{most}f}"
    return len(text.split(".")[1].rstrip("0")) if "." in text else 0


@dataclass(frozen=True)
class Format:
    """One way of writing every value of one quantity: its unit and a number of decimals
    chosen once from all the values (`of`), so values shown together line up."""

    unit: str = ""
    decimals: int = 0

    @classmethod
    def of(cls, values: Iterable[float | int | Decimal], unit: str = "",
           digits: int = DIGITS) -> Format:
        """The format for `values` in `unit`: money to its currency's decimals (more only
        when all of it is under a cent); other quantities to about `digits` significant
        figures of the largest value, no more decimals than some value needs, and enough
        that no value but 0 reads as 0."""
        magnitudes = [abs(float(v)) for v in values]
        magnitudes = [m for m in magnitudes if m and math.isfinite(m)]
        currency = _currency(unit)
        if currency:  # cents, unless every amount is under a cent (a price per gram)
            cents = 0 if currency.upper() in _WHOLE_CURRENCIES else 2
            top = max(magnitudes, default=0.0)
            if not top or f"{top:.{cents}f}".strip("0."):
                return cls(unit, cents)
            return cls(unit, max(cents, cls.of(magnitudes, "", digits).decimals))
        if not magnitudes:
            return cls(unit, 0)
        most = _significant(max(magnitudes), digits)
        decimals = min(most, max(_needed(m, most) for m in magnitudes))
        smallest = min(magnitudes)
        while decimals < most + 3 and not f"{smallest:.{decimals}f}".strip("0."):
            decimals += 1
        return cls(unit, decimals)

    @classmethod
    def percents(cls, shares: Iterable[float]) -> Format:
        """The format for percentages shown together: one decimal from 1% up, two
        significant figures below, and enough that no share but 0 reads as 0%."""
        magnitudes = [abs(s) for s in shares if s and math.isfinite(s)]
        if not magnitudes:
            return cls("%", 1)
        top = max(magnitudes)
        decimals = 1 if top >= 1 else max(1, 1 - math.floor(math.log10(top)))
        smallest = min(magnitudes)
        while decimals < 6 and not f"{smallest:.{decimals}f}".strip("0."):
            decimals += 1
        return cls("%", decimals)

    def amount(self, value: float | int | Decimal) -> str:
        """`value` without its unit (a table's column names it): "1,300.70", "−0.058"."""
        x = float(value)
        if not math.isfinite(x):
            return "∞" if x > 0 else f"{MINUS}∞" if x < 0 else "not a number"
        many = self.decimals > _MOST_DECIMALS
        text = f"{abs(x):.2e}" if many else f"{abs(x):,.{self.decimals}f}"
        return (MINUS if x < 0 and text.strip("0.,") else "") + text

    def quantity(self, value: float | int | Decimal) -> str:
        """`value` with its unit: "1,301 kg", "£39.72", "1,300.70 EUR", "0.30 EUR/kg",
        "18.3%"."""
        text = self.amount(value)
        sign, text = (MINUS, text[1:]) if text.startswith(MINUS) else ("", text)
        unit = self.unit
        if not unit:
            return sign + text
        if unit == "%":
            return f"{sign}{text}%"
        currency = _currency(unit)
        if currency in _CURRENCY_SIGNS:  # "£3.52", "£0.30/kg"
            return f"{sign}{currency}{text}{unit.strip()[len(currency):]}"
        return f"{sign}{text} {unit}"

    def signed(self, value: float | int | Decimal) -> str:
        """A change with its unit: "+£3.52", "−26.60 EUR", "+18.3%"; "0" (with its unit)
        for none."""
        text = self.quantity(value)
        return f"+{text}" if float(value) > 0 and text.strip("0.,%") else text


def number(value: float | int | Decimal, digits: int = DIGITS) -> str:
    """`value` alone, rounded to about `digits` significant figures: whole numbers from
    1,000 up (grouped), `digits` figures from 1 to 1,000, one fewer below 1."""
    return Format.of([value], "", digits).amount(value)


def signed(value: float, digits: int = DIGITS) -> str:
    """A change: "+26.6" or "−26.6" ("0" for none)."""
    return Format.of([value], "", digits).signed(value)


def share(delta: float, base: float) -> float | None:
    """`delta` as a percentage of `base`; None when there is none (base 0)."""
    if base == 0 or not math.isfinite(delta) or not math.isfinite(base):
        return None
    return 100 * delta / abs(base)


def percent(delta: float, base: float) -> str:
    """`delta` as a percentage of `base`: "+18.3%", "−2.0%", "" when base is 0. Several
    shown together share `Format.percents`."""
    part = share(delta, base)
    if part is None:
        return ""
    return "0%" if part == 0 else Format.percents([part]).signed(part)


def quantity(value: float, unit: str = "", digits: int = DIGITS) -> str:
    """A value alone with its unit: "1,301 kg", "£39.72" (a currency sign goes first),
    "0.498", "1,300.70 EUR" (money to its currency's decimals)."""
    return Format.of([value], unit, digits).quantity(value)


def amount(value: float, unit: str = "", digits: int = DIGITS) -> str:
    """A value as `quantity` writes it, without its unit (a table's column names it):
    "1,300.70" for EUR, "0.498"."""
    return Format.of([value], unit, digits).amount(value)


def signed_quantity(value: float, unit: str = "", digits: int = DIGITS) -> str:
    """A change with its unit, placed as `quantity` places it: "+£3.52", "−26.60 EUR";
    "0" (with its unit) for none."""
    return Format.of([value], unit, digits).signed(value)


def cell(value: Any, digits: int = DIGITS) -> str:
    """A value alone in a table cell: numbers rounded, yes/no, NULL shown as a dash. A
    column's values read together through `Columns.cells`."""
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


_WORDS = {
    "amt": "amount", "avg": "average", "cnt": "count", "cd": "code", "desc": "description",
    "dt": "date", "id": "ID", "nbr": "number", "nm": "name", "num": "number", "pct": "percent",
    "qty": "quantity", "tot": "total", "typ": "type", "val": "value", "yr": "year",
}
"""Abbreviations common in column names, in full. Only ones that cannot mean much else."""
_MEASURES = {"kg": "kg", "km": "km", "kwh": "kWh", "pct": "%"}
"""Units a column name may end with besides currencies, as they are written."""
_NAME_PART = re.compile(r"[A-Z]+(?![a-z])\d*|[A-Z]?[a-z]+\d*|\d+")
"""One word of a name: "totalRevenueUSD" -> total, Revenue, USD."""


def column_title(name: str) -> str:
    """A raw column name in words, for a dataset that gives it no title: split at
    underscores and capitals, common abbreviations in full, a unit it ends with in
    parentheses: "avg_tkt_eur" -> "Average tkt (EUR)", "shipped_kg_per_week" -> "Shipped
    (kg/week)", "foot_cnt" -> "Foot count", "totalRevenueUSD" -> "Total revenue (USD)". A
    name that is not an identifier ("Total (EUR)") is already words and stays."""
    if not re.fullmatch(r"[A-Za-z0-9_]*[A-Za-z][A-Za-z0-9_]*", name):
        return name
    words = [w for part in name.split("_") for w in _NAME_PART.findall(part)]
    lower = [w.lower() for w in words]
    unit = ""
    for at in range(1, len(words)):
        tail = lower[at + 1:]
        if (tail and not (len(tail) == 2 and tail[0] == "per")) or lower[at - 1] == "per":
            continue  # "cost_per_kg" is a cost per kg, not a cost in kg
        token = lower[at]
        found = token.upper() if token.upper() in _CURRENCY_CODES else _MEASURES.get(token)
        if found:
            unit = found + (f"/{tail[1]}" if tail else "")
            words, lower = words[:at], lower[:at]
            break
    shown = []
    for word, low in zip(words, lower, strict=True):
        if low in _WORDS:
            shown.append(_WORDS[low])
        elif low.upper() in _CURRENCY_CODES:
            shown.append(low.upper())
        elif word.isupper() and len(word) > 1:  # an acronym: "GDP"
            shown.append(word)
        else:
            shown.append(low)
    text = " ".join(shown)
    text = text[:1].upper() + text[1:]
    return f"{text} ({unit})" if unit else text


_CODE = re.compile(r"(?<![\w.@/\\-])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w.@/\\-])")
"""A code written into a sentence: lower case words joined by underscores ("baltic_sea")."""


def readable_ids(text: str) -> str:
    """`text` with each code in it ("baltic_sea") written as a name ("Baltic Sea"), for a
    sentence a person reads; proper names and other words stay as they are."""
    return _CODE.sub(lambda m: " ".join(w.capitalize() for w in m.group(0).split("_")), text)


_FLAG_NAME = re.compile(r"(?:is|has|can)_\w+")
"""Columns named as yes/no questions ("is_home", "has_merchant")."""


_CODE_WORDS = frozenset({"id", "cd", "code", "key", "year", "yr", "zip", "postcode", "sku",
                         "ean", "phone"})
"""Words that name a column of codes or years, whose whole numbers are not grouped."""


def _unit_of(header: str) -> str:
    """The unit a column's title ends with: "Handling (EUR/kg)" -> "EUR/kg"."""
    match = re.search(r"\(([^()]+)\)\s*$", header)
    return match.group(1).strip() if match else ""


def _numeric(value: Any) -> bool:
    return isinstance(value, int | float | Decimal) and not isinstance(value, bool)


@dataclass(frozen=True)
class Columns:
    """How one dataset's result tables read for people: each column by the name the dataset
    gives it (its manifest's `[column_names]`, units included), else by its name in words
    (`column_title`); a column's numbers in one format (money in its currency's decimals);
    yes/no where a column holds booleans (declared so by its simulator, or named as a
    question and holding 0 and 1 only: SQLite and MySQL return their booleans as numbers),
    and values by the names the simulator gives them (`label`, e.g. a trade node as a
    place)."""

    names: Mapping[str, str] = field(default_factory=dict)
    booleans: frozenset[str] = frozenset()
    label: Callable[[str, Any], str | None] | None = None

    def header(self, column: str) -> str:
        """The one name people read for `column`, wherever it is shown."""
        return self.names.get(column) or column_title(column)

    def flags(self, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> set[int]:
        """The positions of `columns` that hold yes/no in these rows."""
        out = set()
        for i, name in enumerate(columns):
            values = {r[i] for r in rows if i < len(r) and r[i] is not None}
            binary = bool(values) and all(isinstance(v, int | Decimal) and not isinstance(
                v, bool) and v in (0, 1) for v in values)
            if binary and (name in self.booleans or _FLAG_NAME.fullmatch(name)):
                out.add(i)
        return out

    def formats(self, columns: Sequence[str], rows: Sequence[Sequence[Any]]
                ) -> dict[int, Format]:
        """One format per column of numbers: the same decimals down the column (money to
        its currency's), thousands grouped. Whole numbers in a column named as a code or a
        year ("k_cd", "year") read as `cell` writes them: 1836, not 1,836."""
        out = {}
        for i, name in enumerate(columns):
            values = [r[i] for r in rows if i < len(r) and _numeric(r[i])]
            unit = _unit_of(self.header(name))
            whole = all(isinstance(v, int) or (isinstance(v, Decimal)
                                               and v == v.to_integral_value()) for v in values)
            named = {w.lower() for w in _NAME_PART.findall(name)} | {
                w.lower() for w in _NAME_PART.findall(self.header(name))}
            if not values or (whole and not is_money(unit) and named & _CODE_WORDS):
                continue
            out[i] = Format.of(values, unit if is_money(unit) else "")
        return out

    def cells(self, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> list[list[str]]:
        """The rows' cells for reading, each column in one format."""
        flags = self.flags(columns, rows)
        formats = self.formats(columns, rows)
        out = []
        for row in rows:
            shown = []
            for i, value in enumerate(row):
                name = columns[i] if i < len(columns) else ""
                named = self.label(name, value) if self.label is not None else None
                if i in flags:
                    shown.append("yes" if value else "no")
                elif named is not None:
                    shown.append(named)
                elif i in formats and _numeric(value):
                    shown.append(formats[i].amount(value))
                else:
                    shown.append(cell(value))
            out.append(shown)
        return out
