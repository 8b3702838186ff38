"""A result as the paper's agent saw it (`planrag.engine.frame_text`): each expected text below
is what pandas 2.0.3 printed for the same rows, read as the paper's code read them
(`DataFrame.from_records(rows, columns=..., coerce_float=True)` for SQL, as
`read_sql_query` does; `DataFrame(records)` for Cypher), with `display.max_rows` 200 and
`display.max_colwidth` 1000 in a terminal wide enough for every column. When pandas is
installed, the last test compares with it directly."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest

from planrag.engine.frame_text import frame_text

Case = tuple[list[str], list[tuple[Any, ...]], bool]

CASES: dict[str, tuple[Case, str]] = {
    "small, whole": (
        (["trade_node", "n", "power", "share"],
         [(f"node_{i}", i * 7, i * 1.5 + 0.25, None if i % 3 == 0 else i / 3)
          for i in range(6)], False),
        "  trade_node   n  power     share\n"
        "0     node_0   0   0.25       NaN\n"
        "1     node_1   7   1.75  0.333333\n"
        "2     node_2  14   3.25  0.666667\n"
        "3     node_3  21   4.75       NaN\n"
        "4     node_4  28   6.25  1.333333\n"
        "5     node_5  35   7.75  1.666667"),
    "over 200 rows: five first, five last, the shape": (
        (["trade_node", "n", "x", "y"],
         [(f"node_{i}", i * 7, i * 1.5 + 0.25, None if i % 7 == 0 else i / 3)
          for i in range(250)], False),
        "    trade_node     n       x          y\n"
        "0       node_0     0    0.25        NaN\n"
        "1       node_1     7    1.75   0.333333\n"
        "2       node_2    14    3.25   0.666667\n"
        "3       node_3    21    4.75   1.000000\n"
        "4       node_4    28    6.25   1.333333\n"
        "..         ...   ...     ...        ...\n"
        "245   node_245  1715  367.75        NaN\n"
        "246   node_246  1722  369.25  82.000000\n"
        "247   node_247  1729  370.75  82.333333\n"
        "248   node_248  1736  372.25  82.666667\n"
        "249   node_249  1743  373.75  83.000000\n"
        "\n"
        "[250 rows x 4 columns]"),
    "row numbers of four digits: the index's dots are three": (
        (["country_name", "calculated_trading_power", "is_home"],
         [(f"C{i:04d}", i * 0.5, i % 2) for i in range(1234)], False),
        "     country_name  calculated_trading_power  is_home\n"
        "0           C0000                       0.0        0\n"
        "1           C0001                       0.5        1\n"
        "2           C0002                       1.0        0\n"
        "3           C0003                       1.5        1\n"
        "4           C0004                       2.0        0\n"
        "...           ...                       ...      ...\n"
        "1229        C1229                     614.5        1\n"
        "1230        C1230                     615.0        0\n"
        "1231        C1231                     615.5        1\n"
        "1232        C1232                     616.0        0\n"
        "1233        C1233                     616.5        1\n"
        "\n"
        "[1234 rows x 3 columns]"),
    "a graph result: columns by position, booleans": (
        (["name", "power", "home"],
         [(f"n{i}", float(i) * 2.5, i % 2 == 0) for i in range(300)], True),
        "        0      1      2\n"
        "0      n0    0.0   True\n"
        "1      n1    2.5  False\n"
        "2      n2    5.0   True\n"
        "3      n3    7.5  False\n"
        "4      n4   10.0   True\n"
        "..    ...    ...    ...\n"
        "295  n295  737.5  False\n"
        "296  n296  740.0   True\n"
        "297  n297  742.5  False\n"
        "298  n298  745.0   True\n"
        "299  n299  747.5  False\n"
        "\n"
        "[300 rows x 3 columns]"),
    "a NULL among whole numbers, in a row not shown, makes them floats": (
        (["n"], [(i,) for i in range(220)] + [(None,)] + [(i,) for i in range(30)], False),
        "        n\n"
        "0     0.0\n"
        "1     1.0\n"
        "2     2.0\n"
        "3     3.0\n"
        "4     4.0\n"
        "..    ...\n"
        "246  25.0\n"
        "247  26.0\n"
        "248  27.0\n"
        "249  28.0\n"
        "250  29.0\n"
        "\n"
        "[251 rows x 1 columns]"),
    "SQL decimals are numbers; NULL text is None; a tab escaped": (
        (["total", "label"],
         [(Decimal("12.50"), "a"), (Decimal("3"), None), (None, "tab\there")], False),
        "   total      label\n"
        "0   12.5          a\n"
        "1    3.0       None\n"
        "2    NaN  tab\\there"),
    "a numeric column's header has a leading space": (
        (["calculated_trading_power_long_name", "v"], [(1, 0.1), (22, 0.25)], False),
        "   calculated_trading_power_long_name     v\n"
        "0                                   1  0.10\n"
        "1                                  22  0.25"),
    "large and small floats in scientific notation": (
        (["x"], [(123456789.123,), (0.5,)], False),
        "              x\n0  1.234568e+08\n1  5.000000e-01"),
    "a tiny float": ((["x"], [(1e-7,), (0.5,)], False),
                     "              x\n0  1.000000e-07\n1  5.000000e-01"),
    "negative numbers and infinity": (
        (["x", "k"], [(-1.25, -3), (2.0, 4), (float("inf"), 0)], False),
        "      x  k\n0 -1.25 -3\n1  2.00  4\n2   inf  0"),
    "mixed values are objects": (
        (["x", "y"], [("x", 1.5), (2, None), (3.25, "z")], False),
        "      x     y\n0     x   1.5\n1     2  None\n2  3.25     z"),
    "all NULL": ((["x", "y"], [(None, 1), (None, 2)], False),
                 "      x  y\n0  None  1\n1  None  2"),
    "dates and times": (
        (["d", "t"], [(dt.datetime(2020, 1, 2), dt.datetime(2020, 1, 2, 3, 4, 5)),
                      (dt.datetime(2021, 5, 6), None)], False),
        "           d                   t\n0 2020-01-02 2020-01-02 03:04:05\n"
        "1 2021-05-06                 NaT"),
    "lists and maps": (
        (["l", "d"], [(["a", "b"], {"k": "v", "n": 1}), ((1,), {"x": [1, 2]})], True),
        "        0                   1\n0  [a, b]  {'k': 'v', 'n': 1}\n"
        "1    (1,)       {'x': [1, 2]}"),
    "empty SQL result": ((["a", "b"], [], False), "Empty DataFrame\nColumns: [a, b]\nIndex: []"),
    "empty graph result": ((["a"], [], True), "Empty DataFrame\nColumns: []\nIndex: []"),
}


@pytest.mark.parametrize("name", list(CASES))
def test_the_text_is_pandas_text(name: str) -> None:
    (columns, rows, positional), expected = CASES[name]
    assert frame_text(columns, rows, positional=positional) == expected


def test_200_rows_are_shown_whole_and_201_are_cut() -> None:
    rows = [(i, f"s{i}") for i in range(201)]
    whole = frame_text(["a", "b"], rows[:200]).splitlines()
    assert len(whole) == 201 and whole[-1] == "199  199  s199"
    cut = frame_text(["a", "b"], rows).splitlines()
    assert len(cut) == 1 + 10 + 1 + 2 and cut[-1] == "[201 rows x 2 columns]"
    assert cut[6] == "..   ...   ..." and cut[7] == "196  196  s196"


def test_a_long_value_is_cut_at_1000_characters() -> None:
    text = frame_text(["t"], [("w" * 1200,), ("short",)]).splitlines()
    assert len(text[1]) == 2 + 1000 and text[1].endswith("w...")  # "0 " + the value


def test_a_result_the_source_cut_short_keeps_its_shape() -> None:
    """Rows held are the result's first 300 of 5000: the shape is the result's, the last rows
    shown the last held (the engine says so beside it)."""
    text = frame_text(["n"], [(i,) for i in range(300)], total=5000).splitlines()
    assert text[-1] == "[5000 rows x 1 columns]"
    assert text[7].startswith("4995") and text[7].endswith("295")


def test_pandas_agrees_when_it_is_installed() -> None:
    pd = pytest.importorskip("pandas")
    with pd.option_context("display.max_rows", 200, "display.max_colwidth", 1000,
                           "display.max_columns", None, "display.width", 100_000):
        for name, ((columns, rows, positional), _) in CASES.items():
            frame = (pd.DataFrame([tuple(r) for r in rows]) if positional else
                     pd.DataFrame.from_records(rows, columns=columns, coerce_float=True))
            assert frame_text(columns, rows, positional=positional) == str(frame), name
