"""`planrag eval --compare`: two runs' folders crafted here, compared cell by cell.

The intervals are checked against values worked out by hand or published (Newcombe 1998),
the bootstrap for being the same twice and for telling an obvious difference from none, and
every input a person can get wrong for a one-line error that says what to do."""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

from planrag.errors import DatasetError
from planrag.eval_compare import (
    BETTER_A,
    BETTER_B,
    SCORES,
    UNCLEAR,
    compare_runs,
    newcombe_interval,
    wilson_interval,
)


def line(qid: str, correct: bool, form: str | None = "relational", **extra: Any
         ) -> dict[str, Any]:
    """A results line as `planrag eval` writes it now; `form=None` for an older line."""
    obj: dict[str, Any] = {"id": qid, "label": "x", "decision": "x" if correct else "y",
                           "correct": correct, "outcome": "answered", "replans": 0,
                           "queries": 1, "correct_normalised": correct,
                           "correct_tie_aware": correct}
    if form is not None:
        obj.update(form=form, target="mariadb" if form == "relational" else "neo4j")
    obj.update(extra)
    return obj


def run(folder: Path, lines: Iterable[dict[str, Any] | str], meta: dict[str, Any] | None = None
        ) -> Path:
    folder.mkdir(parents=True)
    text = "".join((x if isinstance(x, str) else json.dumps(x)) + "\n" for x in lines)
    (folder / "results.jsonl").write_text(text, encoding="utf-8")
    if meta is not None:
        (folder / "run.json").write_text(json.dumps(meta), encoding="utf-8")
    return folder


def meta(technique: str, **changes: Any) -> dict[str, Any]:
    base = {"scenario": "locating", "technique": technique, "protocol": "paper",
            "prompts": "paper", "targets": ["mariadb", "neo4j"], "model": "gpt-4o",
            "questions": 50}
    return base | changes


def answers(right: Iterable[bool], form: str | None = "relational", prefix: str = "q"
            ) -> list[dict[str, Any]]:
    return [line(f"{prefix}{i}", ok, form) for i, ok in enumerate(right)]


# -- intervals


@pytest.mark.parametrize(("correct", "n", "low", "high"), [
    (8, 10, 0.4902, 0.9433),     # by hand: centre 0.7167, half-width 0.2266
    (81, 263, 0.2553, 0.3662),   # Newcombe 1998 (single proportion), method 3
    (5, 10, 0.2366, 0.7634),     # symmetric about one half
    (0, 10, 0.0, 0.2775),        # z²/n / (1 + z²/n) = 0.38415 / 1.38415
    (10, 10, 0.7225, 1.0),
])
def test_wilson_interval_matches_known_values(correct: int, n: int, low: float, high: float
                                              ) -> None:
    got = wilson_interval(correct, n)
    assert got == pytest.approx((low, high), abs=1e-4)


def test_wilson_interval_ends_exactly_at_0_and_1_for_none_and_all() -> None:
    assert wilson_interval(0, 7)[0] == 0.0
    assert wilson_interval(7, 7)[1] == 1.0
    assert wilson_interval(1, 7)[0] > 0.0


def test_newcombe_interval_matches_newcombes_example() -> None:
    # Newcombe (1998, difference of independent proportions), method 10: 56/70 − 48/80.
    assert newcombe_interval(48, 80, 56, 70) == pytest.approx((0.0524, 0.3339), abs=1e-4)
    # A against B is the same interval seen from the other side.
    assert newcombe_interval(56, 70, 48, 80) == pytest.approx((-0.3339, -0.0524), abs=1e-4)


# -- paired bootstrap


def test_an_obvious_difference_is_called_and_identical_runs_are_not(tmp_path: Path) -> None:
    # n = 50: both right on 5, B alone right on 40 more, both wrong on the last 5.
    a = run(tmp_path / "a", answers([True] * 5 + [False] * 45), meta("iterrag"))
    b = run(tmp_path / "b", answers([True] * 45 + [False] * 5), meta("planrag"))
    better = compare_runs(a, b).cell("relational")
    assert better.method == "paired bootstrap" and better.shared == 50
    for score in SCORES:
        s = better.score(score)
        assert (s.a.percent, s.b.percent, s.difference) == (10.0, 90.0, 80.0)
        assert 0 < s.low < 80 < s.high and s.verdict == BETTER_B
    assert compare_runs(b, a).cell("relational").score("exact").verdict == BETTER_A
    assert better.score("exact").apart == (40, 0) and not better.score("exact").few_apart
    assert "few questions" not in compare_runs(a, b).text()

    same = compare_runs(a, run(tmp_path / "a2", answers([True] * 5 + [False] * 45)))
    exact = same.cell("relational").score("exact")
    assert (exact.difference, exact.low, exact.high) == (0.0, 0.0, 0.0)
    assert exact.verdict == UNCLEAR
    assert "+0.0  [+0.0, +0.0]" in same.text() and UNCLEAR in same.text()


def test_a_small_difference_is_not_called(tmp_path: Path) -> None:
    # B right on 2 questions A missed, out of 50: a resample without either is common
    # enough (0.96⁵⁰ ≈ 13%) that the interval reaches 0.
    a = run(tmp_path / "a", answers([True] * 25 + [False] * 25))
    b = run(tmp_path / "b", answers([True] * 27 + [False] * 23))
    s = compare_runs(a, b).cell("relational").score("exact")
    assert s.difference == pytest.approx(4.0) and s.apart == (2, 0)
    assert s.low == 0.0 < s.high and s.verdict == UNCLEAR
    # Mixed ways: B alone right on 6, A alone on 4.
    c = run(tmp_path / "c", answers([False] * 4 + [True] * 21 + [True] * 6 + [False] * 19))
    mixed = compare_runs(a, c).cell("relational").score("exact")
    assert mixed.apart == (6, 4) and mixed.low < 0 < mixed.high and mixed.verdict == UNCLEAR


def test_a_verdict_on_few_differing_questions_is_said_to_be_a_hint(tmp_path: Path) -> None:
    # 4 to 0: the bootstrap excludes 0, though McNemar's exact test would not (p = 0.125).
    a = run(tmp_path / "a", answers([True] * 25 + [False] * 25))
    b = run(tmp_path / "b", answers([True] * 29 + [False] * 21))
    comparison = compare_runs(a, b)
    exact = comparison.cell("relational").score("exact")
    assert exact.verdict == BETTER_B and exact.few_apart
    assert ("few questions tell the runs apart (exact: 4 only B got right, 0 only A; "
            "normalised: 4 only B got right") in comparison.text()
    assert comparison.to_json()["cells"][0]["scores"]["exact"]["only_b_right"] == 4


def test_the_bootstrap_gives_the_same_figures_every_time(tmp_path: Path) -> None:
    pattern = [i % 3 == 0 for i in range(40)]
    a = run(tmp_path / "a", answers(pattern) + answers(pattern[::-1], "graph"))
    b = run(tmp_path / "b", answers([i % 2 == 0 for i in range(40)])
            + answers([i % 5 != 0 for i in range(40)], "graph"))
    first, second = compare_runs(a, b), compare_runs(a, b)
    assert first.text() == second.text()
    assert first.to_json() == second.to_json()
    other = compare_runs(a, b, seed=7).to_json()
    assert other["cells"] != first.to_json()["cells"]  # the seed is what fixes them


def test_only_shared_questions_are_paired_and_the_rest_are_counted(tmp_path: Path) -> None:
    a = run(tmp_path / "a", answers([True] * 30))                        # q0..q29
    b = run(tmp_path / "b", answers([False] * 10 + [True] * 26))         # q0..q35
    cell = compare_runs(a, b).cell("relational")
    assert (cell.shared, cell.only_a, cell.only_b) == (30, 0, 6)
    exact = cell.score("exact")
    assert (exact.a.questions, exact.b.questions) == (30, 30)
    assert exact.b.correct == 20 and exact.b.percent == pytest.approx(66.667, abs=1e-3)
    assert "paired on 30 shared questions, left out 0 only in A and 6 only in B" in (
        compare_runs(a, b).text())


# -- cells


def test_the_averaged_cell_is_the_mean_of_the_two_forms(tmp_path: Path) -> None:
    a = run(tmp_path / "a", answers([True] * 10 + [False] * 10)
            + answers([True] * 4 + [False] * 16, "graph"))
    b = run(tmp_path / "b", answers([True] * 15 + [False] * 5)
            + answers([True] * 8 + [False] * 12, "graph"))
    comparison = compare_runs(a, b)
    assert [c.name for c in comparison.cells] == ["relational", "graph", "average"]
    average = comparison.cell("average")
    assert average.method == "paired bootstrap" and average.shared == 20
    exact = average.score("exact")
    assert (exact.a.percent, exact.b.percent) == (35.0, 57.5)  # (50 + 20) / 2, (75 + 40) / 2
    assert exact.difference == pytest.approx(22.5) and exact.verdict == BETTER_B
    assert exact.a.low < 35.0 < exact.a.high and exact.a.interval == "bootstrap"
    assert exact.low < 22.5 < exact.high
    # Pairing both forms on one draw is narrower than either form alone here.
    assert exact.high - exact.low < comparison.cell("graph").score("exact").high - (
        comparison.cell("graph").score("exact").low)
    assert "average of relational and graph (the paper's Table 4 cell)" in comparison.text()


def test_without_both_forms_in_both_runs_there_is_no_average(tmp_path: Path) -> None:
    a = run(tmp_path / "a", answers([True, False]) + answers([True, True], "graph"))
    b = run(tmp_path / "b", answers([True, True]))
    comparison = compare_runs(a, b)
    assert [c.name for c in comparison.cells] == ["relational"]
    assert any("B has no graph results" in note for note in comparison.notes)
    assert "note: B has no graph results" in comparison.text()


def test_runs_sharing_no_question_are_compared_by_newcombe(tmp_path: Path) -> None:
    # A: 48/80 right, B: 56/70, on different question ids.
    a = run(tmp_path / "a", answers([True] * 48 + [False] * 32, prefix="a"))
    b = run(tmp_path / "b", answers([True] * 56 + [False] * 14, prefix="b"))
    cell = compare_runs(a, b).cell("relational")
    assert cell.method == "Newcombe" and cell.shared == 0
    exact = cell.score("exact")
    assert exact.difference == pytest.approx(20.0)
    assert (exact.low, exact.high) == pytest.approx((5.24, 33.39), abs=0.01)
    assert exact.verdict == BETTER_B
    assert (exact.a.low, exact.a.high) == pytest.approx(
        tuple(100 * x for x in wilson_interval(48, 80)))
    assert "no shared questions" in compare_runs(a, b).text()


def test_an_average_with_an_unpaired_form_resamples_each_run_on_its_own(tmp_path: Path
                                                                       ) -> None:
    a = run(tmp_path / "a", answers([True] * 10 + [False] * 10)
            + answers([True] * 5 + [False] * 15, "graph", prefix="a"))
    b = run(tmp_path / "b", answers([True] * 18 + [False] * 2)
            + answers([True] * 15 + [False] * 5, "graph", prefix="b"))
    comparison = compare_runs(a, b)
    assert comparison.cell("relational").method == "paired bootstrap"
    assert comparison.cell("graph").method == "Newcombe"
    average = comparison.cell("average")
    assert average.method == "bootstrap of each run"
    exact = average.score("exact")
    assert (exact.a.percent, exact.b.percent) == (37.5, 82.5)
    assert exact.verdict == BETTER_B


# -- the runs themselves


def test_older_lines_are_relational_with_an_unknown_target_and_exact_scores(tmp_path: Path
                                                                           ) -> None:
    old = [{"id": f"q{i}", "correct": i < 3} for i in range(6)]  # no form, no other scores
    a = run(tmp_path / "a", old)
    b = run(tmp_path / "b", answers([True] * 6), meta("planrag"))
    comparison = compare_runs(a, b)
    cell = comparison.cell("relational")
    assert cell.targets_a == () and cell.targets_b == ("mariadb",)
    for score in SCORES:
        assert cell.score(score).a.correct == 3  # `correct` stands for every score
    text = comparison.text()
    assert "A on unknown target, B on mariadb" in text
    assert "target unknown" in text.splitlines()[1]
    assert "A without run.json" in text


def test_a_line_separator_inside_a_string_does_not_split_the_line(tmp_path: Path) -> None:
    # JSON allows U+2028 unescaped in a string; it is no line break in results.jsonl.
    text = json.dumps(line("q0", True, label="a\u2028b"), ensure_ascii=False)
    a = run(tmp_path / "a", [text, json.dumps(line("q1", False))])
    assert compare_runs(a, a).cell("relational").shared == 2


def test_the_header_names_each_run_and_warns_when_not_like_for_like(tmp_path: Path) -> None:
    a = run(tmp_path / "a", answers([True, False]), meta("iterrag"))
    b = run(tmp_path / "b", answers([True, True]),
            meta("planrag", model="llama-3", protocol="product"))
    comparison = compare_runs(a, b)
    lines = comparison.text().splitlines()
    assert lines[1].startswith(f"A: {a}: technique iterrag; model gpt-4o; protocol paper")
    assert "scenario locating; targets mariadb, neo4j" in lines[1]
    assert lines[2].startswith(f"B: {b}: technique planrag; model llama-3")
    assert comparison.warnings == (
        "the runs differ in protocol (paper vs product), model (gpt-4o vs llama-3): the "
        "comparison is not like for like",)
    assert lines[3] == "warning: " + comparison.warnings[0]

    same = run(tmp_path / "c", answers([True, True]), meta("planrag"))
    assert compare_runs(a, same).warnings == ()


def test_to_json_holds_every_figure_and_is_json(tmp_path: Path) -> None:
    a = run(tmp_path / "a", answers([True, False, True]), meta("iterrag"))
    b = run(tmp_path / "b", answers([True, True, True]), meta("planrag"))
    data = json.loads(json.dumps(compare_runs(a, b, resamples=500).to_json()))
    assert data["a"]["run"]["technique"] == "iterrag"
    assert data["a"]["questions"] == {"relational": 3}
    assert data["resamples"] == 500
    [cell] = data["cells"]
    assert cell["cell"] == "relational" and cell["shared"] == 3
    exact = cell["scores"]["exact"]
    assert exact["a"]["correct"] == 2 and exact["b"]["accuracy"] == 100.0
    assert exact["difference"] == pytest.approx(33.333) and exact["verdict"] == UNCLEAR
    assert set(cell["scores"]) == {"exact", "normalised", "tie_aware"}


# -- bad input: one line each, saying what to do


def error(a: Path, b: Path) -> str:
    with pytest.raises(DatasetError) as caught:
        compare_runs(a, b)
    message = str(caught.value)
    assert "\n" not in message
    return message


def test_a_missing_folder_or_a_file_is_refused(tmp_path: Path) -> None:
    good = run(tmp_path / "good", answers([True]))
    assert "no such folder" in error(tmp_path / "nowhere", good)
    assert f"{tmp_path / 'nowhere'}" in error(good, tmp_path / "nowhere")
    assert "is a file" in error(good / "results.jsonl", good)


def test_a_folder_without_results_or_with_none_is_refused(tmp_path: Path) -> None:
    good = run(tmp_path / "good", answers([True]))
    (tmp_path / "bare").mkdir()
    assert "has no results.jsonl" in error(tmp_path / "bare", good)
    empty = run(tmp_path / "empty", [])
    assert "is empty" in error(good, empty)
    blank = run(tmp_path / "blank", ["", "   "])
    assert "is empty" in error(good, blank)


@pytest.mark.parametrize(("bad", "said"), [
    ('{"id": "q1", "correct": tru', ":2: not valid JSON"),
    ('["q1", true]', ":2: expected a JSON object"),
    ('{"correct": true}', ":2: no question `id`"),
    ('{"id": null, "correct": true}', ":2: `id` must name the question"),
    ('{"id": "q1"}', ":2: no `correct`"),
    ('{"id": "q1", "correct": "yes"}', ":2: `correct` must be true or false"),
    ('{"id": "q1", "correct": true, "correct_tie_aware": 1}', "`correct_tie_aware` must"),
    ('{"id": "q1", "correct": true, "form": "sql"}', ":2: `form` must be relational or graph"),
    ('{"id": "q0", "correct": false}', ":2: question 'q0' (relational) is there already"),
])
def test_a_bad_line_is_named_by_file_and_line(tmp_path: Path, bad: str, said: str) -> None:
    good = run(tmp_path / "good", answers([True]))
    broken = run(tmp_path / "broken", [json.dumps(line("q0", True, None)), bad])
    message = error(good, broken)
    assert said in message and message.startswith(str(broken / "results.jsonl"))


def test_a_broken_run_json_is_refused_but_odd_fields_are_unknown(tmp_path: Path) -> None:
    good = run(tmp_path / "good", answers([True]))
    broken = run(tmp_path / "broken", answers([True]))
    (broken / "run.json").write_text("{not json", encoding="utf-8")
    assert "run.json:1: not valid JSON" in error(good, broken)
    odd = run(tmp_path / "odd", answers([True]), {"model": 4, "technique": "planrag"})
    assert compare_runs(good, odd).b.meta == {"technique": "planrag"}


def test_runs_sharing_no_form_are_refused(tmp_path: Path) -> None:
    a = run(tmp_path / "a", answers([True]))
    b = run(tmp_path / "b", answers([True], "graph"))
    message = error(a, b)
    assert "share no database form" in message
    assert "A (" in message and "has relational results, B (" in message
    assert message.endswith("graph; compare runs on the same form")
