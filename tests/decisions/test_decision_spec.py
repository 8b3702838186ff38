"""Reading `[[decisions]]` from a manifest: every mistake is set aside under its id with a
reason a person can act on, and what is written reads back the same."""

from __future__ import annotations

import datetime as dt
import tomllib
from typing import Any

import pytest

from planrag.decisions.spec import check_values, parse_decisions

GOOD: dict[str, Any] = {
    "id": "night-nurses",
    "title": "Extra night nurses",
    "goal": "minimize",
    "objective": "weekly night-cover cost",
    "unit": "EUR/week",
    "digits": 5,
    "target": "mysql",
    "candidates": "SELECT ward_cd AS decision, ward_nm AS label FROM ward",
    "value": "SELECT ward_cd AS decision, :nurses * 10 AS value\nFROM ward\nWHERE d >= :since",
    "baseline": "SELECT 0 AS value",
    "parameters": {
        "nurses": {"type": "int", "default": 2, "min": 1, "max": 20, "title": "Nurses"},
        "since": {"type": "date", "default": dt.date(2026, 11, 1)},
    },
}


def _one(**changes: Any) -> tuple[Any, dict[str, str]]:
    entry = {**GOOD, **changes}
    entry = {k: v for k, v in entry.items() if v is not None}
    specs, broken = parse_decisions([entry], "ds.toml")
    return (specs[0] if specs else None), broken


def test_a_good_entry_reads_and_writes_back_the_same() -> None:
    spec, broken = _one()
    assert not broken and spec.goal == "minimise" and spec.target == "mysql"
    assert [p.name for p in spec.parameters] == ["nurses", "since"]
    again = tomllib.loads(spec.to_toml())["decisions"]
    specs, broken = parse_decisions(again, "ds.toml")
    assert not broken and specs[0] == spec


@pytest.mark.parametrize(("changes", "reason"), [
    ({"value": None}, "`value` is missing or empty"),
    ({"goal": "cheapest"}, 'goal \'cheapest\' must be "minimize" or "maximize"'),
    ({"digits": 0}, "`digits` must be a whole number from 1 to 15"),
    ({"colour": "red"}, "unknown key(s) colour"),
    ({"id": "Night Nurses"}, "id 'Night Nurses' must be lowercase"),
    ({"value": "SELECT ward_cd AS decision, :beds AS value FROM ward"},
     "`value` uses :beds, which is not declared"),
    ({"parameters": {"nurses": {"type": "integer", "default": 2}}}, "`type` must be one of"),
    ({"parameters": {"nurses": {"type": "int"}}}, "`default` is missing"),
    ({"parameters": {"nurses": {"type": "int", "default": 2.5}}}, "2.5 is not an int"),
    ({"parameters": {"nurses": {"type": "int", "default": 30, "max": 20}}}, "outside min..max"),
    ({"parameters": {"since": {"type": "date", "default": "1 Nov"}}}, "(write YYYY-MM-DD)"),
    ({"parameters": {"nurses": {"type": "float", "default": float("nan")}}}, "is not a float"),
])
def test_a_broken_entry_is_set_aside_with_its_reason(changes: dict[str, Any], reason: str) -> None:
    spec, broken = _one(**changes)
    assert spec is None and len(broken) == 1
    text = next(iter(broken.values()))
    assert reason in text and text.startswith("ds.toml: [[decisions]] ") and "\n" not in text


def test_one_broken_entry_leaves_the_others_and_ids_are_unique() -> None:
    other = {**GOOD, "id": "beds", "parameters": {}, "value": "SELECT 1 AS decision, 2 AS value"}
    specs, broken = parse_decisions([GOOD, {**GOOD, "goal": "x"}, other, other], "ds.toml")
    assert [s.id for s in specs] == ["night-nurses", "beds"]
    assert "night-nurses" in broken or "#2" in broken
    assert "is used twice" in broken["#4"]


def test_values_are_checked_where_a_person_types_them() -> None:
    spec, _ = _one()
    assert check_values(spec, {}) == {"nurses": 2, "since": dt.date(2026, 11, 1)}
    assert check_values(spec, {"nurses": "4", "since": "2026-10-01"})["nurses"] == 4
    with pytest.raises(ValueError, match="no parameter beds"):
        check_values(spec, {"beds": 1})
    with pytest.raises(ValueError, match=r"21 is outside 1\.\.20"):
        check_values(spec, {"nurses": 21})
    with pytest.raises(ValueError, match="'two' is not an int"):
        check_values(spec, {"nurses": "two"})
