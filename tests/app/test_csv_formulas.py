"""A query's CSV download holds no spreadsheet formula (issue 18, break 10): data values that
begin like a formula get a leading `'`; numbers stay numbers, with every digit."""

from __future__ import annotations

import csv
import io
import sqlite3
from decimal import Decimal
from pathlib import Path

import pytest

from app.steps import csv_text
from planrag.sources.guarded import guarded
from planrag.sources.sqlite import SQLiteSource
from planrag.spreadsheet import csv_cell

FORMULAS = ['=HYPERLINK("http://x","y")', "+1+1", "-1+cmd|' /C calc'!A0", "@SUM(1)", "\t=1",
            "\r=1"]


async def test_a_query_result_with_formulas_downloads_neutralised(tmp_path: Path) -> None:
    path = tmp_path / "shop.sqlite"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE t (label TEXT, price REAL, stock INTEGER)")
        db.executemany("INSERT INTO t VALUES (?, ?, ?)",
                       [(f, -3.5, -7) for f in FORMULAS] + [("plain", 0.1 + 0.2, 3)])
    source = guarded(SQLiteSource(path))
    try:
        table = await source.execute("SELECT label, price, stock FROM t ORDER BY rowid")
    finally:
        await source.close()
    data = csv_text(table.columns, table.rows).decode("utf-8")
    assert data.startswith("\ufeff")
    rows = list(csv.reader(io.StringIO(data[1:], newline="")))
    assert rows[0] == ["label", "price", "stock"]
    assert [r[0] for r in rows[1:-1]] == [f"'{f}" for f in FORMULAS]
    assert all(r[1:] == ["-3.5", "-7"] for r in rows[1:-1])
    assert rows[-1] == ["plain", repr(0.1 + 0.2), "3"]  # exact, as before
    # Numbers are written bare (a spreadsheet reads them as numbers); text is quoted, so a
    # `;` in it cannot start a cell where `;` separates them.
    assert "\r\n\"plain\",0.30000000000000004,3\r\n" in data


@pytest.mark.parametrize(("value", "cell"), [
    (-3.5, -3.5), (-7, -7), (Decimal("-2.25"), Decimal("-2.25")), (None, ""),
    (True, "True"), ("-3.5", "'-3.5"), ("=1", "'=1"), ("\0=1", "'\0=1"), ("a=1", "a=1"),
    ("", ""), (b"=x", "b'=x'"),
])
def test_csv_cell(value: object, cell: object) -> None:
    assert csv_cell(value) == cell
