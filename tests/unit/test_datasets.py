"""Dataset manifests and references."""

from __future__ import annotations

from pathlib import Path

import pytest

from planrag.datasets import Registry, discover
from planrag.errors import DatasetError


def test_shipped_datasets(registry: Registry) -> None:
    assert registry.ids() == ["demo-retail", "dqa-building-1836", "dqa-locating-1445"]
    loc = registry.get("dqa-locating-1445")
    assert len(loc.questions) == 81
    assert len(loc.dumps("sql")) == 2 and len(loc.dumps("cypher")) == 4
    assert "trading power" in loc.rules.lower()
    assert registry.get("dqa-building-1836").questions[0].extra["goods"]
    demo = registry.get("demo-retail")
    assert "capacity" in demo.rules and demo.questions[0].sql is not None


def test_references(registry: Registry) -> None:
    ds, dump = registry.resolve("dqa-locating-1445", "sql")
    assert dump.stem == ds.questions[0].sql.stem  # type: ignore[union-attr]
    _, dump = registry.resolve("dqa-locating-1445@e59ffaf3cd6a", "sql")
    assert dump.stem == "e59ffaf3cd6a"
    building = registry.get("dqa-building-1836")
    question = building.questions[2]
    _, dump = registry.resolve(f"dqa-building-1836#{question.id}", "cypher")
    assert dump == question.cypher and dump.form == "cypher"
    assert dump.database_name("planrag_").startswith("planrag_dqa_building_1836_")


@pytest.mark.parametrize(
    ("ref", "message"),
    [
        ("nope", "unknown dataset 'nope'; known datasets: demo-retail"),
        ("demo-retail@zzz", "has no relational dump 'zzz'; it has: retail"),
        ("demo-retail#q9", "has no question 'q9'"),
    ],
)
def test_bad_references_are_one_line(registry: Registry, ref: str, message: str) -> None:
    with pytest.raises(DatasetError) as err:
        registry.resolve(ref, "sql")
    assert message in str(err.value) and "\n" not in str(err.value)


def _dataset(tmp_path: Path, manifest: str, questions: str = "") -> Path:
    root = tmp_path / "fx" / "ds"
    (root / "dbs").mkdir(parents=True)
    (root / "dbs" / "a.sql").write_text("CREATE TABLE t (a INT);")
    (root / "dataset.toml").write_text(manifest)
    (root / "questions.jsonl").write_text(questions)
    return tmp_path / "fx"


GOOD_Q = '{"id": "q1", "question": "why?", "sql": "dbs/a.sql", "business_rules": "r"}\n'


@pytest.mark.parametrize(
    ("manifest", "questions", "message"),
    [
        ('id = "x"\ntitle = "t"\nquestions = "questions.jsonl"\n', GOOD_Q, None),
        ('title = "t"\nquestions = "questions.jsonl"\n', GOOD_Q, "missing or empty `id`"),
        ('id = "Bad Id"\ntitle = "t"\nquestions = "questions.jsonl"\n', GOOD_Q, "lowercase"),
        ('id = "x"\ntitle = "t"\nquestions = "questions.jsonl"\n', "{not json\n", "not a JSON"),
        ('id = "x"\ntitle = "t"\nquestions = "questions.jsonl"\n', "", "at least one question"),
        (
            'id = "x"\ntitle = "t"\nquestions = "questions.jsonl"\n',
            '{"id": "q", "question": "?", "sql": "dbs/missing.sql"}\n',
            "does not exist",
        ),
        (
            'id = "x"\ntitle = "t"\nquestions = "questions.jsonl"\n',
            '{"id": "q", "question": "?", "sql": "dbs/a.sql"}\n',
            "no business_rules",
        ),
        ('id = "x" title', GOOD_Q, "not valid TOML"),
    ],
)
def test_manifest_errors(
    tmp_path: Path, manifest: str, questions: str, message: str | None
) -> None:
    root = _dataset(tmp_path, manifest, questions)
    if message is None:
        assert discover(root).ids() == ["x"]
        return
    with pytest.raises(DatasetError, match=message):
        discover(root)


def test_missing_fixtures_dir_names_the_setting(tmp_path: Path) -> None:
    with pytest.raises(DatasetError, match="PLANRAG_FIXTURES_DIR"):
        discover(tmp_path / "nowhere")
