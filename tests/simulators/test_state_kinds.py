"""Column kinds of a simulator's state: date, datetime, decimal and the nullable forms, from
what each source hands over (driver objects, ISO text, numbers, a dump's literals)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, timezone
from decimal import Decimal
from pathlib import Path
from typing import Any

import neo4j.time
import pytest

from planrag.errors import StateError
from planrag.simulators import ColumnSpec, TableSpec, state_from_dump, typed_state

ORDERS = TableSpec.of("orders", "id:int day:date at:datetime amount:decimal note:str?", "id")


def _one(kind: str, value: Any) -> Any:
    spec = TableSpec.of("t", f"v:{kind}", "v")
    return typed_state([spec], {"t": [(value,)]}, "test").rows("t")[0][0]


def _refused(kind: str, value: Any) -> str:
    spec = TableSpec.of("t", f"v:{kind}", "v")
    with pytest.raises(StateError) as info:
        typed_state([spec], {"t": [(value,)]}, "test")
    text = str(info.value)
    assert "\n" not in text and text.startswith("test: table `t`, row 1, column `v`: "), text
    return text


def test_the_shorthand_reads_every_kind_and_the_nullable_forms() -> None:
    spec = TableSpec.of("t", "id:int day:date at:datetime amount:decimal? note:str? ok:bool?",
                        "id")
    assert [(c.kind, c.nullable) for c in spec.columns] == [
        ("int", False), ("date", False), ("datetime", False), ("decimal", True),
        ("str", True), ("bool", True),
    ]
    assert [c.declared for c in spec.columns][3:] == ["decimal?", "str?", "bool?"]
    assert ColumnSpec("a", "int?") == ColumnSpec("a", "int", nullable=True)
    for bad in ("a:time", "a:int??", "a:?", "a"):
        with pytest.raises(ValueError, match=r"unknown kind .*each with a trailing \?"):
            TableSpec.of("t", bad, "a")


def test_dates_from_objects_text_and_the_graph_driver() -> None:
    assert _one("date", date(2026, 11, 26)) == date(2026, 11, 26)  # MySQL
    assert _one("date", "2026-11-26") == date(2026, 11, 26)  # SQLite, dumps, graph text
    assert _one("date", neo4j.time.Date(2026, 11, 26)) == date(2026, 11, 26)
    assert "expected a date (YYYY-MM-DD), got '26.11.2026'" in _refused("date", "26.11.2026")
    assert "got '2026-02-30'" in _refused("date", "2026-02-30")
    assert "got '20261126'" in _refused("date", "20261126")
    assert "got '0000-00-00'" in _refused("date", "0000-00-00")  # a MySQL zero date
    assert "declare the column `datetime`" in _refused("date", datetime(2026, 11, 26, 8, 30))
    assert "got 20261126" in _refused("date", 20261126)


def test_date_and_times_from_objects_text_and_the_graph_driver() -> None:
    at = datetime(2026, 11, 26, 8, 30)
    assert _one("datetime", at) == at
    assert _one("datetime", "2026-11-26 08:30:00") == at  # SQLite's text
    assert _one("datetime", "2026-11-26T08:30") == at
    assert _one("datetime", date(2026, 11, 26)) == datetime(2026, 11, 26)  # at midnight
    assert _one("datetime", "2026-11-26") == datetime(2026, 11, 26)
    # The graph source's text of a DateTime: nanoseconds and an offset.
    read = _one("datetime", neo4j.time.DateTime(2026, 11, 26, 8, 30, 0, 5000, tzinfo=UTC)
                .iso_format())
    assert read == datetime(2026, 11, 26, 8, 30, 0, 5, tzinfo=UTC)
    assert _one("datetime", "2026-11-26T08:30:00+01:00").utcoffset() == timedelta(hours=1)
    assert _one("datetime", neo4j.time.DateTime(2026, 11, 26, 8, 30)) == at
    assert "expected a date and time (YYYY-MM-DD HH:MM:SS), got '08:30'" in _refused(
        "datetime", "08:30")
    assert "got '2026-11-26 25:00'" in _refused("datetime", "2026-11-26 25:00")
    assert "got 1.5" in _refused("datetime", 1.5)


def test_decimals_are_exact_from_every_source() -> None:
    assert _one("decimal", Decimal("12.345")) == Decimal("12.345")  # MySQL
    assert str(_one("decimal", 12.34)) == "12.34"  # SQLite REAL, a dump's literal: not float
    assert str(_one("decimal", 0.1)) == "0.1"
    assert _one("decimal", 7) == Decimal(7)
    assert str(_one("decimal", "19.990")) == "19.990"  # SQLite TEXT
    assert sum(_one("decimal", v) for v in (0.1, 0.2)) == Decimal("0.3")
    assert "expected a decimal number, got 'ten'" in _refused("decimal", "ten")
    assert "got True" in _refused("decimal", True)
    assert "expected a finite decimal number, got nan" in _refused("decimal", float("nan"))
    assert "got Decimal('Infinity')" in _refused("decimal", Decimal("Infinity"))
    assert "got '1_000'" in _refused("decimal", "1_000")


def test_old_kinds_hint_at_the_new_ones() -> None:
    assert _refused("str", date(2026, 11, 26)).endswith("; declare the column `date`")
    assert _refused("str", Decimal("1.5")).endswith("; declare the column `decimal` (or `float`)")
    assert _one("float", Decimal("1.5")) == 1.5
    assert _one("int", Decimal("3")) == 3
    assert "expected a whole number, got Decimal('Infinity')" in _refused(
        "int", Decimal("Infinity"))


@pytest.mark.parametrize("kind", ["str", "int", "float", "bool", "date", "datetime", "decimal"])
def test_null_is_none_only_where_declared(kind: str) -> None:
    assert _one(f"{kind}?", None) is None
    text = _refused(kind, None)
    assert text.endswith(f"is NULL; declare the column `{kind}?` if NULL is expected")


def test_a_nullable_column_still_checks_its_values() -> None:
    assert "expected a date (YYYY-MM-DD), got 'soon'" in _refused("date?", "soon")


def test_a_dump_with_dates_decimals_and_nulls(tmp_path: Path) -> None:
    path = tmp_path / "shop.sql"
    path.write_text(
        "CREATE TABLE orders (id INT, day DATE, at DATETIME, amount DECIMAL(10,2), "
        "note VARCHAR(20), PRIMARY KEY (id));\n"
        "INSERT INTO orders (id, day, at, amount, note) VALUES "
        "(1, '2026-11-26', '2026-11-26 08:30:00', 19.99, NULL), "
        "(2, '2026-11-27', '2026-11-27 17:05:00', 1234567.5, 'gift');\n",
        encoding="utf-8",
    )
    state = state_from_dump([ORDERS], path)
    assert list(state.rows("orders")) == [
        (1, date(2026, 11, 26), datetime(2026, 11, 26, 8, 30), Decimal("19.99"), None),
        (2, date(2026, 11, 27), datetime(2026, 11, 27, 17, 5), Decimal("1234567.5"), "gift"),
    ]
    path.write_text(path.read_text().replace("19.99, NULL", "NULL, NULL"), encoding="utf-8")
    with pytest.raises(StateError) as info:
        state_from_dump([ORDERS], path)
    assert str(info.value) == (
        "shop.sql: table `orders`, row 1, column `amount`: is NULL; declare the column "
        "`decimal?` if NULL is expected"
    )


def test_an_aware_time_keeps_its_offset() -> None:
    berlin = timezone(timedelta(hours=1))
    assert _one("datetime", datetime(2026, 1, 1, tzinfo=berlin)).tzinfo is berlin
