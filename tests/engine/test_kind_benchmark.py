"""benchmarks/question_kind.py kept from rotting: its generated library network is a dataset
the product takes (some 250 tables, the decision "Sunday opening" ranking its candidates),
and one question of fact and one decision get the right kind of answer with `check` left out
and given; a `check` that contradicts the question is counted wrong, so the measure can
fail."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from planrag.runtime import locate
from tests._benchmarks import load_benchmark

bench = load_benchmark("question_kind.py", "question_kind_benchmark")


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Any]:
    folder = tmp_path_factory.mktemp("libraries")
    return folder, bench.build(folder)


def _question(name: str) -> Any:
    return next(q for q in bench.QUESTIONS if q.name == name)


def test_the_generated_network_is_a_dataset_with_its_decision(
    library: tuple[Path, Any],
) -> None:
    folder, built = library
    assert 200 <= built.tables <= 300
    conn = sqlite3.connect(built.database)
    try:
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master "
                                             "WHERE type = 'table'")}
        candidates = conn.execute(
            "SELECT COUNT(*) FROM br b WHERE b.cls_dt IS NULL AND EXISTS (SELECT 1 FROM "
            "opn_hr h WHERE h.br_cd = b.br_cd AND h.wk_day = 6) AND NOT EXISTS (SELECT 1 "
            "FROM opn_hr h WHERE h.br_cd = b.br_cd AND h.wk_day = 7)").fetchone()[0]
    finally:
        conn.close()
    assert len(tables) == built.tables
    assert {"br", "ln_evt", "opn_hr", "stf_cst", "dd_cmt", "bak_opn_hr_20240901"} <= tables
    assert sum(t.startswith("arc_") for t in tables) >= 30
    resolved = locate(bench.settings_for(folder), bench.DATASET)
    assert resolved.location.live and resolved.target == "sqlite"
    assert [d.id for d in resolved.dataset.decisions] == [bench.DECISION]
    assert candidates == 10
    answers = bench.expected_answers(built.database)
    assert [a.decision for n, a in answers.items() if n.startswith("D")] == ["OLD"] * 10
    assert answers["F1"].decision == "Harbour"  # lending most is not the Sunday choice


@pytest.mark.parametrize("name", ["F7", "D5"])
async def test_a_fact_and_a_decision_get_their_kind(library: tuple[Path, Any],
                                                   name: str) -> None:
    folder, built = library
    question = _question(name)
    answer = bench.expected_answers(built.database)[name]
    settings = bench.settings_for(folder)
    omitted = await bench.ask(settings, question, answer, None)
    assert (omitted.got, omitted.right, omitted.misread) == (question.kind, True, "")
    given = await bench.ask(settings, question, answer,
                            "none" if question.kind == "fact" else bench.DECISION)
    assert (given.got, given.right) == (question.kind, True)
    if question.kind == "decision":
        assert omitted.shown.startswith("Best decision: Old Town")
        assert omitted.check_line.startswith(
            "Checked with the decision model \u201cSunday opening\u201d written in the dataset")
    else:
        assert (omitted.shown, omitted.check_line) == ("Answer: Amira Okafor", "")


async def test_a_check_against_the_question_counts_wrong(library: tuple[Path, Any]) -> None:
    folder, built = library
    answers = bench.expected_answers(built.database)
    settings = bench.settings_for(folder)
    fact = await bench.ask(settings, _question("F1"), answers["F1"], bench.DECISION)
    assert fact.got == "decision" and not fact.right  # "Harbour" is a candidate's label
    decision = await bench.ask(settings, _question("D1"), answers["D1"], "none")
    assert decision.got == "fact" and not decision.right
