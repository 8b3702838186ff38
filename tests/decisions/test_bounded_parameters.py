"""Issue 34, break 2: a written decision's parameter in a size position is judged by its
declared range, when the decision is read.

The guard once read `:n` as 0, so `repeat('x', :n)` with `--param n=900000000` built 1.7 GB
through `planrag simulate`. Now a parameter that sets a length, a width or a series bound
needs a `max` small enough, or the decision is broken as written, with the reason, in
`planrag decision check`, `decision list` and `planrag datasets`; a `max` is then held by the
range check before any query runs, and a value bound at run time is judged by the guard too.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from planrag.decisions.spec import parse_decisions
from planrag.errors import QueryRefused
from planrag.sources.guarded import guarded
from planrag.sources.sqlite import SQLiteSource
from tests.decisions._kiosks import CREATE, insert_rows, kiosks, manifest
from tests.live._live import cli, live_env, one_line_error


def _entry(value: str, target: str | None = None, **param: Any) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "id": "sized", "title": "Sized", "goal": "maximize",
        "candidates": "SELECT k_cd AS decision FROM kiosk",
        "value": value, "baseline": "SELECT 0 AS value",
        "parameters": {"n": {"type": "int", "default": 3, **param}},
    }
    if target:
        entry["target"] = target
    return entry


def _reason(entry: dict[str, Any], dialects: tuple[str, ...] = ("mysql", "sqlite")) -> str:
    _, broken = parse_decisions([entry], "ds.toml", dialects)
    return broken.get("sized", "")


@pytest.mark.parametrize(("value", "target"), [
    ("SELECT k_cd AS decision, length(repeat('x', :n)) AS value FROM kiosk", "postgres"),
    ("SELECT k_cd AS decision, length(REPEAT('x', :n)) AS value FROM kiosk", "mysql"),
    ("SELECT k_cd AS decision, length(printf('%.*c', :n, 'x')) AS value FROM kiosk", "sqlite"),
    ("SELECT k_cd AS decision, length(zeroblob(:n)) AS value FROM kiosk", "sqlite"),
    ("SELECT k_cd AS decision, length(lpad(k_nm, :n)) AS value FROM kiosk", "postgres"),
    ("SELECT k_cd AS decision, length(format('%*s', :n, 'x')) AS value FROM kiosk", "postgres"),
    ("SELECT k_cd AS decision, (SELECT count(*) FROM generate_series(1, :n)) AS value "
     "FROM kiosk", "postgres"),
    # no target: a dump's decision runs on MySQL or SQLite, and is judged in both
    ("SELECT k_cd AS decision, length(printf('%.*c', :n, 'x')) AS value FROM kiosk", None),
])
def test_a_size_parameter_without_max_breaks_the_decision(value: str, target: str | None
                                                          ) -> None:
    reason = _reason(_entry(value, target))
    assert reason.startswith("ds.toml: [[decisions]] sized: the `value` query: "), reason
    assert ":n" in reason and "no `max`" in reason and "declare a `max`" in reason
    assert "\n" not in reason


def test_a_max_small_enough_makes_it_usable_and_a_large_one_does_not() -> None:
    value = "SELECT k_cd AS decision, length(repeat('x', :n)) AS value FROM kiosk"
    assert _reason(_entry(value, "postgres", min=0, max=50)) == ""
    reason = _reason(_entry(value, "postgres", min=0, max=900_000_000))
    assert "900,000,000" in reason and "lower the `max` of :n" in reason


def test_text_in_a_size_position_breaks_it() -> None:
    entry = _entry("SELECT k_cd AS decision, length(printf('%.*c', :w, 'x')) AS value "
                   "FROM kiosk", "sqlite")
    entry["parameters"] = {"w": {"type": "str", "default": "3"}}
    reason = _reason(entry)
    assert ":w" in reason and "type int" in reason


def test_a_decision_naming_no_target_is_judged_in_its_dataset_s_dialect() -> None:
    value = "SELECT k_cd AS decision, length(format('%*s', :n, 'x')) AS value FROM kiosk"
    assert "no `max`" in _reason(_entry(value), ("postgres",))
    assert _reason(_entry(value), ("mysql",)) == ""  # MySQL's FORMAT formats a number


def test_parameters_elsewhere_need_no_range() -> None:
    value = ("SELECT k_cd AS decision, foot_cnt * :n AS value FROM kiosk WHERE zone_cd <> "
             "'X' AND foot_cnt > :n ORDER BY 2 LIMIT 10")
    assert _reason(_entry(value, "postgres")) == ""


# ---------------------------------------------------------------- through the commands

PADDED = '''
[[decisions]]
id = "padded"
title = "Padded names"
goal = "maximize"
candidates = "SELECT k_cd AS decision FROM kiosk"
value = "SELECT k_cd AS decision, length(printf('%.*c', :width, 'x')) AS value FROM kiosk"
baseline = "SELECT 0 AS value"
[decisions.parameters.width]
type = "int"
default = 3

[[decisions]]
id = "bounded"
title = "Padded names, bounded"
goal = "maximize"
candidates = "SELECT k_cd AS decision FROM kiosk"
value = "SELECT k_cd AS decision, length(printf('%.*c', :width, 'x')) AS value FROM kiosk"
baseline = "SELECT 0 AS value"
[decisions.parameters.width]
type = "int"
default = 3
min = 0
max = 50
'''


def _kiosks(tmp_path: Path) -> tuple[dict[str, str], Path]:
    path = tmp_path / "kiosks.sqlite"
    with sqlite3.connect(path) as conn:
        conn.execute(CREATE)
        conn.executemany("INSERT INTO kiosk VALUES (?, ?, ?, ?, ?, ?, ?)",
                         insert_rows(kiosks()))
    conn.close()
    folder = tmp_path / "datasets" / "kiosks"
    folder.mkdir(parents=True)
    (folder / "dataset.toml").write_text(
        manifest("kiosks", f'kind = "sqlite"\npath = "{path}"', extra=PADDED))
    return live_env(tmp_path), path


async def test_the_commands_name_the_decision_broken_with_its_reason(tmp_path: Path) -> None:
    env, _ = _kiosks(tmp_path)
    code, out, err = await cli("decision", "check", "kiosks", env=env)
    assert code == 1 and "Traceback" not in err
    line = next(x for x in out.splitlines() if x.startswith("padded:"))
    assert "BROKEN" in line and ":width" in line and "no `max`" in line
    assert any(x.startswith("bounded: ok") for x in out.splitlines()), out

    code, out, err = await cli("decision", "list", "kiosks", "--json", env=env)
    assert code == 0, err
    broken = {b["id"]: b["error"] for b in json.loads(out)["broken"]}
    assert "no `max`" in broken["padded"]

    code, out, err = await cli("datasets", "--json", env=env)
    assert code == 0, err
    listed = next(d for d in json.loads(out) if d["id"] == "kiosks")
    errors = {d["id"]: d.get("error", "") for d in listed["decisions"]}
    assert ":width" in errors["padded"] and errors["bounded"] == ""

    code, _, err = await cli("simulate", "--dataset", "kiosks", "--decision", "padded",
                             "--param", "width=900000000", env=env)
    assert ":width" in one_line_error(code, err)


async def test_a_declared_max_refuses_a_huge_value_before_any_query(tmp_path: Path) -> None:
    env, path = _kiosks(tmp_path)
    path.unlink()  # were anything to run first, it would fail on the missing file instead
    code, _, err = await cli("simulate", "--dataset", "kiosks", "--decision", "bounded",
                             "--param", "width=900000000", env=env)
    assert "width: 900000000 is outside 0..50" in one_line_error(code, err)


async def test_a_value_bound_at_run_time_is_judged_by_the_guard(tmp_path: Path) -> None:
    _, path = _kiosks(tmp_path)
    source = guarded(SQLiteSource(path))
    query = "SELECT length(printf('%.*c', :n, 'x')) AS v"
    try:
        assert (await source.execute(query, params={"n": 40})).rows == ((40,),)
        with pytest.raises(QueryRefused) as refused:
            await source.execute(query, params={"n": 200_000})
        with pytest.raises(QueryRefused):  # text a database would read as a number
            await source.execute(query, params={"n": "200000"})
    finally:
        await source.close()
    assert ":n = 200,000" in str(refused.value)


async def test_a_proposed_check_with_an_unbounded_size_is_sent_back_before_its_dry_run(
    tmp_path: Path
) -> None:
    from planrag.engine import Reply, ScriptedModel, call
    from tests.decisions.test_proposed_check import PROPOSAL, _ask, _env
    from tests.live._live import events_of

    env = _env(tmp_path)
    value = ("SELECT k_cd AS decision, length(printf('%.*c', :width, 'x')) AS value "
             "FROM kiosk")
    unbounded = {**PROPOSAL, "value": value,
                 "parameters": {"width": {"type": "int", "default": 3}}}
    huge = {**unbounded, "parameters": {"width": {"type": "int", "default": 3, "min": 0,
                                                  "max": 900_000_000}}}
    model = ScriptedModel([
        Reply(calls=[call("make_plan", steps=[{"goal": "profit", "source": "sql"}])]),
        Reply(calls=[call("propose_check", **unbounded)]),
        Reply(calls=[call("propose_check", **huge)]),
        Reply(calls=[call("final_answer", decision="K001", rationale="busy", query_ids=[])]),
    ])
    code, out, err = await _ask(env, model, "--yes", "--json")
    assert code == 0, err
    replies = [m["content"] for m in model.requests[-1].messages if m.get("role") == "tool"]
    sent_back = [r for r in replies if r.startswith("not accepted")]
    assert len(sent_back) == 2, replies
    assert ":width has no `max`" in sent_back[0]
    assert "900,000,000" in sent_back[1] and "lower the `max` of :width" in sent_back[1], sent_back
    assert not [e for e in events_of(out) if e["kind"] in ("check_proposed", "query")]
