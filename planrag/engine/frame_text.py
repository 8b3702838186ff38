"""A query result as the PlanRAG paper's agent saw it: the text of pandas 2.0.3's
`str(DataFrame)`, written here without pandas (`planrag eval --protocol paper`).

The paper's code read a SQL result with `pandas.read_sql_query` and a Cypher result with
`pandas.DataFrame(result)`, set `display.max_rows` to 200 and `display.max_colwidth` to 1000,
and gave the model the frame's text. So a result of up to 200 rows is shown whole; a longer one
shows its first and last five rows around a `...` row, then a blank line and
`[N rows x M columns]`. What is reproduced:

* each column's type as pandas infers it from the values: whole numbers (int64), numbers
  (float64: whole numbers with a NULL, or any real; a SQL `Decimal` too, as `read_sql_query`
  coerces it), booleans, and anything else (object, a NULL shown as `None`);
* the values' text: a leading space before every value; floats at 6 decimals with the trailing
  zeros every shown value of the column has dropped together (at least one kept), NaN for a
  NULL, and scientific notation when a value is under 1e-6, or over 1e6 while some value needs
  more than 12 characters; tabs and line breaks escaped; a value longer than 1000 characters
  cut to 997 and `...`;
* columns right-aligned under right-aligned headers (a numeric column's header has a leading
  space too), one space apart; the row numbers left-aligned in a first column without header;
  the `...` row (`..` in a column 3 characters wide or less); types and widths worked out from
  the rows shown, as pandas does on the cut frame;
* a Cypher result's columns headed 0, 1, ... (pandas made the frame from the records as
  tuples, without their names); an empty result as `Empty DataFrame` with its columns.

Not reproduced: pandas in a terminal also dropped middle columns to fit the terminal's width,
which is not known for the paper's runs; every column is shown here. Dates and times are shown
as pandas shows them, without a leading space.
"""

from __future__ import annotations

import datetime as dt
import math
import re
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

__all__ = ["PAPER_MAX_ROWS", "frame_text", "read_frame_text"]

PAPER_MAX_ROWS = 200
"""`display.max_rows` in the paper's code."""
_MIN_ROWS = 10
"""pandas' `display.min_rows`: the rows a frame longer than `max_rows` shows."""
_MAX_COLWIDTH = 1000
"""`display.max_colwidth` in the paper's code."""
_DIGITS = 6
"""pandas' `display.precision`."""
_DECIMAL_NUMBER = re.compile(r"^\s*[+-]?[0-9]+\.[0-9]*$")
_NEST_DEPTH = 3
"""pandas' `display.pprint_nest_depth`."""
_MAX_SEQ_ITEMS = 100
"""pandas' `display.max_seq_items`."""
_ESCAPES = str.maketrans({"\t": r"\t", "\n": r"\n", "\r": r"\r"})


def frame_text(columns: Sequence[str], rows: Sequence[Sequence[Any]], *,
               positional: bool = False, max_rows: int = PAPER_MAX_ROWS,
               total: int | None = None) -> str:
    """The text of `str(DataFrame)` for a result of `columns` and `rows` (all of them: the
    columns' types are read from every row, as pandas reads them). `positional`: the
    columns are headed 0, 1, ... (a Cypher result, read by `DataFrame(records)`). `total`:
    the rows the result had, when `rows` holds only its first ones (the shape line says it)."""
    total = len(rows) if total is None else max(total, len(rows))
    labels = [str(i) for i in range(len(columns))] if positional else [str(c) for c in columns]
    if not rows:
        shown = ", ".join(labels) if not positional else ""
        return f"Empty DataFrame\nColumns: [{shown}]\nIndex: []"
    kinds = [_kind([row[i] for row in rows], coerce=not positional)
             for i in range(len(labels))]
    cut = total > max_rows
    if cut:  # the first and the last min_rows // 2 rows, around a row of dots
        half = min(_MIN_ROWS, max_rows) // 2
        numbers = [*range(half), *range(total - half, total)]
        picked = [*rows[:half], *rows[-half:]]  # held rows: the last held when cut short
    else:
        numbers, picked = list(range(len(rows))), list(rows)
    leading = dict(zip(labels, (k in ("int", "float", "bool") for k in kinds), strict=True))
    body = [_index_column([str(n) for n in numbers])]
    for i, label in enumerate(labels):
        values = _fixed(_format(kinds[i], [row[i] for row in picked]), "right")
        header = (" " + label) if leading[label] else label
        width = max(len(header), *(len(v) for v in values))
        body.append([header.rjust(width), *(v.rjust(width) for v in values)])
    if cut:
        for n, column in enumerate(body):
            width = len(column[1])
            dots = "..." if width > 3 else ".."
            column.insert(1 + len(numbers) // 2,
                          dots.ljust(width) if n == 0 else dots.rjust(width))
    text = _adjoin(body)
    return f"{text}\n\n[{total} rows x {len(labels)} columns]" if cut else text


def _kind(values: list[Any], *, coerce: bool) -> str:
    """The dtype pandas gives a column of these values: int, float, bool, datetime or
    object (`coerce`: a Decimal counts as a number, as `read_sql_query` reads it)."""
    seen = set()
    for v in values:
        if v is None:
            seen.add("null")
        elif isinstance(v, bool):
            seen.add("bool")
        elif isinstance(v, int):
            seen.add("int")
        elif isinstance(v, float) or (coerce and isinstance(v, Decimal)):
            seen.add("float")
        elif isinstance(v, dt.datetime):
            seen.add("datetime")
        else:
            return "object"
    if seen == {"int"}:
        return "int"
    if seen == {"bool"}:
        return "bool"
    if seen and seen <= {"int", "float", "null"} and seen != {"null"}:
        return "float"
    if seen and seen <= {"datetime", "null"} and seen != {"null"}:
        return "datetime"
    return "object"


def _format(kind: str, values: list[Any]) -> list[str]:
    """The values' text as pandas' formatter of that dtype writes it."""
    if kind == "int":
        return [f"{v: d}" for v in values]
    if kind == "float":
        return _floats([math.nan if v is None else float(v) for v in values])
    if kind == "datetime":
        return _datetimes(values)
    return [_object(v) for v in values]


def _floats(values: list[float]) -> list[str]:
    """A float64 column: 6 decimals, trailing zeros trimmed together; scientific notation
    for very small values, or large ones that would take too much room."""
    fixed = _trimmed(["NaN" if math.isnan(v) else f"{v: .{_DIGITS}f}" for v in values])
    finite = [abs(v) for v in values if not math.isnan(v)]
    too_long = max(len(x) for x in fixed) > _DIGITS + 6
    large = any(v > 1e6 for v in finite)
    small = any(0 < v < 10 ** -_DIGITS for v in finite)
    if small or (too_long and large):
        return ["NaN" if math.isnan(v) else f"{v: .{_DIGITS}e}" for v in values]
    return fixed


def _trimmed(texts: list[str]) -> list[str]:
    """pandas' `_trim_zeros_float`: drop a trailing zero from every decimal number while
    all of them end in one, then put one back after a bare decimal point."""
    numbers = [x for x in texts if _DECIMAL_NUMBER.match(x)]
    while numbers and all(x.endswith("0") for x in numbers):
        texts = [x[:-1] if _DECIMAL_NUMBER.match(x) else x for x in texts]
        numbers = [x for x in texts if _DECIMAL_NUMBER.match(x)]
    return [x + "0" if _DECIMAL_NUMBER.match(x) and x.endswith(".") else x for x in texts]


def _datetimes(values: list[Any]) -> list[str]:
    """A datetime64 column: dates alone when every time is midnight, no leading space."""
    present = [v for v in values if v is not None]
    dates_only = all(v.time() == dt.time() and v.tzinfo is None for v in present)
    with_micro = any(v.microsecond for v in present)
    out = []
    for v in values:
        if v is None:
            out.append("NaT")
        elif dates_only:
            out.append(v.strftime("%Y-%m-%d"))
        else:
            out.append(v.strftime("%Y-%m-%d %H:%M:%S.%f" if with_micro else "%Y-%m-%d %H:%M:%S"))
    return out


def _object(value: Any) -> str:
    """One value of an object column: a leading space, then its text (a float as pandas
    writes a lone float, a NULL as None)."""
    if value is None:
        return " None"
    if isinstance(value, float):
        if math.isnan(value):
            return " NaN"
        text = f"{value: .{_DIGITS}f}".rstrip("0")
        return text + "0" if text.endswith(".") else text
    return " " + _pprint(value, escape=True)


def _pprint(value: Any, *, quote: bool = False, escape: bool = False, depth: int = 0) -> str:
    """pandas' `pprint_thing`: a list, tuple or set item by item (up to 100, then `...`),
    strings unquoted; a dict as `{'key': value}`, its strings quoted; nesting past three
    levels, and anything else, as `str`."""
    if isinstance(value, dict) and depth < _NEST_DEPTH:
        pairs = [f"{_pprint(k, quote=True, depth=depth + 1)}: "
                 f"{_pprint(v, quote=True, depth=depth + 1)}"
                 for k, v in list(value.items())[:_MAX_SEQ_ITEMS]]
        more = ", ..." if len(value) > _MAX_SEQ_ITEMS else ""
        return "{" + ", ".join(pairs) + more + "}"
    if isinstance(value, list | tuple | set | frozenset) and depth < _NEST_DEPTH:
        items = [_pprint(v, quote=quote, escape=escape, depth=depth + 1)
                 for v in list(value)[:_MAX_SEQ_ITEMS]]
        body = ", ".join(items)
        if len(value) > _MAX_SEQ_ITEMS:
            body += ", ..."
        elif isinstance(value, tuple) and len(value) == 1:
            body += ","
        if isinstance(value, set):
            return "{" + body + "}"
        return f"[{body}]" if isinstance(value, list) else f"({body})"
    text = str(value).translate(_ESCAPES) if escape else str(value)
    return f"'{text}'" if quote and isinstance(value, str) else text


def _fixed(texts: list[str], justify: str) -> list[str]:
    """pandas' `_make_fixed_width`: a text longer than the widest allowed is cut, with
    `...`; then all are padded to one width."""
    width = min(max(len(x) for x in texts), _MAX_COLWIDTH)
    texts = [x[: width - 3] + "..." if len(x) > width else x for x in texts]
    return [x.rjust(width) if justify == "right" else x.ljust(width) for x in texts]


def _index_column(numbers: list[str]) -> list[str]:
    """The row numbers, left-aligned, under an empty header."""
    return ["", *_fixed(numbers, "left")]


def _adjoin(columns: list[list[str]]) -> str:
    """pandas' `adjoin(1, ...)`: each column but the last padded to its width and one space,
    the lines joined."""
    widths = [max(len(x) for x in column) + 1 for column in columns[:-1]]
    lines = []
    for n in range(len(columns[0])):
        cells = [column[n].ljust(width) for column, width in zip(columns, widths, strict=False)]
        lines.append("".join(cells) + columns[-1][n])
    return "\n".join(lines)


_SHAPE = re.compile(r"^\[(\d+) rows x (\d+) columns\]$")


def read_frame_text(text: str) -> tuple[list[str], list[list[str]], int]:
    """The columns, the rows shown (each value's text) and the number of rows of a result
    written by `frame_text`: what the scripted policy reads back. Columns are told apart by
    where their right-aligned headers end: a header holds no space, a value may."""
    lines = text.strip("\n").splitlines()
    if not lines or lines[0] == "Empty DataFrame":
        named = lines[1].removeprefix("Columns: [").removesuffix("]") if len(lines) > 1 else ""
        return [c for c in named.split(", ") if c], [], 0
    total = None
    if len(lines) > 2 and lines[-2] == "" and (shape := _SHAPE.match(lines[-1])):
        total, lines = int(shape.group(1)), lines[:-2]
    header, body = lines[0], [line for line in lines[1:] if line.split()[0] not in ("..",
                                                                                   "...")]
    ends = [m.end() for m in re.finditer(r"\S+", header)]
    columns = [header[m.start():m.end()] for m in re.finditer(r"\S+", header)]
    index = max((len(line.split()[0]) for line in body), default=0)
    rows = [[line[start:end].strip() for start, end in zip([index, *ends], ends, strict=False)]
            for line in body]
    return columns, rows, len(rows) if total is None else total
