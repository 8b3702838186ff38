"""Questions files: reading them line by line, and what data may and may not choose."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

from planrag.errors import DatasetError, SimulatorError, SimulatorInputError
from planrag.simulators import BuildingSimulator, LocatingSimulator
from planrag.simulators.registry import SHORT_NAMES, available, resolve, resolve_registered
from planrag.simulators.service import (
    batch,
    confined_dump,
    question_inputs,
    read_questions,
)
from tests.simulators._support import DQA, questions

BATCH_KEYS = {"id", "decision", "value", "baseline", "rank_of_answer", "tie", "seconds",
              "label_tied"}


@pytest.fixture()
def folder(tmp_path: Path) -> Path:
    """A questions folder holding the development Locating and Building dumps."""
    out = tmp_path / "qs"
    shutil.copytree(DQA / "locating" / "dbs", out / "dbs")
    for dump in (DQA / "building" / "dbs").glob("*.sql"):
        shutil.copy(dump, out / "dbs" / dump.name)
    return out


def _write(folder: Path, lines: list[bytes | dict[str, Any]], name: str = "q.jsonl") -> Path:
    path = folder / name
    raw = [x if isinstance(x, bytes) else json.dumps(x).encode() for x in lines]
    path.write_bytes(b"\n".join(raw) + b"\n")
    return path


def test_short_names_are_the_built_ins_names() -> None:
    for short, registered in SHORT_NAMES.items():
        assert resolve(registered).name == short
        assert resolve_registered(short) is resolve(registered)
    assert resolve_registered("dqa-locating") is LocatingSimulator
    assert resolve_registered("building") is BuildingSimulator


@pytest.mark.parametrize(
    "name", ["planrag.simulators.building:BuildingSimulator", "json.decoder.JSONDecoder",
             "sim.py:X", "marker_module_for_batch:Thing", ""],
)
def test_data_names_only_registered_simulators_and_nothing_is_imported(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    marker = tmp_path / "marker_module_for_batch.py"
    marker.write_text("raise SystemExit('imported!')\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(SimulatorError, match="a questions file may name only these: building"):
        resolve_registered(name)
    assert "marker_module_for_batch" not in sys.modules


def test_lines_that_cannot_be_read_are_reported_one_by_one(folder: Path) -> None:
    good = questions("locating")[0]
    path = _write(
        folder,
        [
            b"\xef\xbb\xbf" + json.dumps(good).encode(),  # a UTF-8 byte order mark is fine
            b"",
            b'{"id": "caf\xe9", "scenario": "locating"}',
            b"{not json",
            b"[1, 2]",
            b'"text"',
            b"null",
            b"[" * 50_000,
            b"9" * 5000,
            json.dumps({k: v for k, v in good.items() if k != "id"}).encode(),
            b"  \r",
            json.dumps({**good, "id": "second"}).encode() + b"\r",
            b'{"id": "a\\ud800", "scenario": "locating"}',
            b'{"id": NaN, "scenario": "locating"}',
        ],
    )
    lines = read_questions(path)
    assert [q.line for q in lines] == [1, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13, 14]
    assert [q.id for q in lines] == [good["id"], "line 3", "line 4", "line 5", "line 6",
                                     "line 7", "line 8", "line 9", "line 10", "second",
                                     "line 13", "line 14"]
    errors = [q.error for q in lines]
    assert errors[0] is None and errors[8] is None and errors[9] is None
    assert errors[1] == (
        "line 3 is not UTF-8 text (byte 0xe9 at byte 12 of the line); save the file as UTF-8"
    )
    assert errors[2] is not None and errors[2].startswith("line 4 is not JSON: Expecting")
    assert errors[3] is not None and errors[3].startswith("line 5 is a list, not a JSON object")
    assert errors[4] is not None and errors[4].startswith("line 6 is a string")
    assert errors[5] is not None and errors[5].startswith("line 7 is null")
    assert errors[6] == "line 8 cannot be read as JSON: nested too deeply"
    assert errors[7] == "line 9 cannot be read as JSON: it holds a number too long to read"
    assert errors[10] is not None and "line 13 holds an unpaired surrogate escape" in errors[10]
    assert errors[11] == "line 14 is not JSON: NaN is not a JSON value (write a number or null)"
    results = list(batch(path))
    assert [r.id for r in results] == [q.id for q in lines]
    assert [r.result is not None for r in results] == [True] + [False] * 7 + [True] * 2 + [
        False
    ] * 2
    for r in results:  # every line can be written out as UTF-8 JSON
        json.dumps(r.to_json(), ensure_ascii=False, allow_nan=False).encode("utf-8")


@pytest.mark.parametrize("encoding", ["utf-16", "utf-32"])
def test_a_file_in_another_encoding_is_one_error(folder: Path, encoding: str) -> None:
    path = folder / "q.jsonl"
    path.write_text(json.dumps(questions("locating")[0]) + "\n", encoding=encoding)
    with pytest.raises(DatasetError, match=f"is {encoding.upper()} text; save it as UTF-8"):
        list(batch(path))
    bom = 2 if encoding == "utf-16" else 4
    path.write_bytes(path.read_bytes()[bom:])  # no byte order mark: NUL characters tell
    lines = read_questions(path)
    assert lines and all(
        x.error is not None and "NUL characters (is the file UTF-16?)" in x.error for x in lines
    )


def test_missing_or_unreadable_questions_files(tmp_path: Path) -> None:
    with pytest.raises(DatasetError, match="no questions file at"):
        read_questions(tmp_path / "absent.jsonl")
    with pytest.raises(DatasetError, match="no questions file at"):
        read_questions(tmp_path)


def test_dumps_are_confined_to_the_questions_folder(folder: Path, tmp_path: Path) -> None:
    secret = tmp_path / "secret.sql"
    secret.write_text("TOP-SECRET-CONTENT\n", encoding="utf-8")
    (folder / "dbs" / "link.sql").symlink_to(secret)
    (folder / "linked").symlink_to(tmp_path)
    inside = confined_dump(folder, "dbs/../dbs/05471b42cd31.sql")
    assert inside == (folder / "dbs" / "05471b42cd31.sql").resolve()
    for sql in ("../secret.sql", str(secret), "dbs/link.sql", "linked/secret.sql",
                "dbs/../../secret.sql"):
        with pytest.raises(SimulatorInputError, match="leads outside the questions file's"):
            confined_dump(folder, sql)
    with pytest.raises(SimulatorInputError, match="is not a usable path: embedded null byte"):
        confined_dump(folder, "dbs/a\x00.sql")
    for sql in (None, "", 5):
        with pytest.raises(SimulatorInputError, match="the question has no `sql`"):
            confined_dump(folder, sql)
    good = questions("locating")[0]
    path = _write(folder, [{**good, "sql": "../secret.sql"}, {**good, "sql": "dbs/link.sql"}])
    for line in batch(path):
        assert line.error is not None and "leads outside" in line.error
        assert "TOP-SECRET" not in line.error


def test_a_mislabelled_scenario_is_named(folder: Path) -> None:
    loc = questions("locating")[0]
    bld = questions("building")[0]
    with pytest.raises(SimulatorInputError) as err:
        question_inputs({**loc, "scenario": "building"}, folder)
    assert str(err.value) == (
        "the question lacks goods; it is labelled scenario 'building', but its fields and its "
        "dump fit the locating simulator: correct its `scenario`"
    )
    path = _write(folder, [{**bld, "scenario": "locating"}, {**bld, "goods": "moondust"}])
    mislabelled, unknown_goods = batch(path)
    assert mislabelled.error is not None
    assert mislabelled.error.startswith("1e1ad7d5c583.sql has no table `country`")
    assert mislabelled.error.endswith(
        "it is labelled scenario 'locating', but its fields and its dump fit the building "
        "simulator: correct its `scenario`"
    )
    assert unknown_goods.error is not None and "labelled" not in unknown_goods.error
    with pytest.raises(SimulatorInputError, match="`scenario` is 5; give a simulator's name"):
        question_inputs({**loc, "scenario": 5}, folder)
    with pytest.raises(SimulatorInputError, match="the question has no `scenario`"):
        question_inputs({**loc, "scenario": ""}, folder)
    no_fit = {"id": "x", "scenario": "building", "sql": loc["sql"], "home": "lubeck"}
    assert _error(folder, no_fit) == "the question lacks goods", "no simulator fits: no hint"


def _error(folder: Path, fields: dict[str, Any]) -> str | None:
    (line,) = batch(_write(folder, [fields], "one.jsonl"))
    return line.error


def test_batch_lines_hold_exactly_the_contract(folder: Path) -> None:
    loc = questions("locating")[0]
    path = _write(
        folder,
        [loc, {**loc, "answer": "nowhere", "id": "odd"}, {**loc, "country": "XXX", "id": "bad"},
         {k: v for k, v in loc.items() if k != "answer"}],
    )
    good, odd, bad, unanswered = batch(path)
    for line in (good, odd, unanswered):
        assert set(line.to_json()) == BATCH_KEYS
    assert bad.to_json() == {"id": "bad", "error": bad.error}
    assert bad.error is not None and "unknown country 'XXX'" in bad.error
    assert good.to_json()["rank_of_answer"] == 1 and not good.answer_not_a_candidate
    assert odd.to_json()["rank_of_answer"] is None and odd.answer_not_a_candidate
    assert unanswered.to_json()["rank_of_answer"] is None
    assert not unanswered.answer_not_a_candidate  # no answer is not a wrong answer
    assert good.to_json()["decision"] == "krakow" and good.to_json()["tie"] is False
    assert good.to_json()["label_tied"] is False  # the best alone, not tied
    assert odd.to_json()["label_tied"] is False and unanswered.to_json()["label_tied"] is None


def test_an_unknown_rule_set_stops_the_batch_before_the_first_line(folder: Path) -> None:
    loc = questions("locating")[0]
    path = _write(folder, [loc, {**loc, "scenario": "weather"}, b"{broken"])
    lines = batch(path, "bogus")
    with pytest.raises(SimulatorInputError, match="the locating simulator has no rule set 'bogus'"):
        next(lines)
    assert [x.result is not None for x in batch(path, "rules")] == [True, False, False]


def test_compare_says_when_the_written_rules_choose_differently(folder: Path) -> None:
    qs = [q for q in questions("building") if q["sql"].endswith("1e1ad7d5c583.sql")][:4]
    path = _write(folder, qs)
    plain = list(batch(path))
    assert all(x.disagreement is None and not x.result.others for x in plain if x.result)
    compared = list(batch(path, compare=True))
    assert [x.to_json()["decision"] for x in compared] == [x.to_json()["decision"] for x in plain]
    furniture = next(x for x in compared if x.id == "building-USA1836-2")
    assert furniture.disagreement is not None
    assert (furniture.disagreement.rules, furniture.disagreement.best) == ("rules", 1446)
    for line in compared:
        assert line.result is not None
        (other,) = line.result.others
        assert (line.disagreement is None) == other.agrees


def test_entry_point_names_are_accepted_from_data(tmp_path: Path) -> None:
    info = tmp_path / "weather_plugin-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: weather-plugin\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(
        "[planrag.simulators]\nweather = planrag.simulators.locating:LocatingSimulator\n"
    )
    sys.path.insert(0, str(tmp_path))
    try:
        assert "weather" in available()
        assert resolve_registered("weather") is LocatingSimulator
    finally:
        sys.path.remove(str(tmp_path))
    with pytest.raises(SimulatorError, match="no registered simulator named 'weather'"):
        resolve_registered("weather")


def test_label_tied_marks_the_answers_among_exact_top_ties() -> None:
    """Issue 23, 4: six Locating questions of the development split are all-way ties, where
    the annotation's answer is one of many exactly tied bests; `label_tied` says so."""
    from planrag.simulators.service import batch

    root = Path(__file__).resolve().parents[2] / "fixtures" / "dqa" / "locating"
    lines = [line.to_json() for line in batch(root / "questions.jsonl")]
    tied = [line for line in lines if line.get("label_tied")]
    assert len(lines) == 81 and len(tied) == 6
    for line in lines:
        assert line["label_tied"] == (line["rank_of_answer"] == 1 and line["tie"])
