"""Dataset manifests and references."""

from __future__ import annotations

from pathlib import Path

import pytest

from planrag.datasets import DatasetRef, Registry
from planrag.errors import DatasetError
from planrag.locations import resolve
from planrag.manifests import discover
from planrag.settings import Settings, load_settings


@pytest.fixture(scope="module")
def settings() -> Settings:
    return load_settings(env_file=None, mysql_url=None)


def test_display_names_of_columns(registry: Registry) -> None:
    demo = registry.get("demo-retail")
    assert demo.column_names["capacity_kg_per_week"] == "Capacity (kg/week)"
    assert registry.get("dqa-locating-1445").column_names["base_trading_power"] == (
        "Base trading power")


def test_shipped_datasets(registry: Registry) -> None:
    assert registry.ids() == ["demo-bakery", "demo-retail", "dqa-building-1836",
                              "dqa-locating-1445", "wards"]
    loc = registry.get("dqa-locating-1445")
    assert len(loc.questions) == 81
    assert len(loc.dumps("sql")) == 2 and len(loc.dumps("cypher")) == 4
    assert "trading power" in loc.rules.lower()
    assert registry.get("dqa-building-1836").questions[0].extra["goods"]
    demo = registry.get("demo-retail")
    assert "capacity" in demo.rules and demo.questions[0].sql is not None


def test_references(registry: Registry, settings: Settings) -> None:
    found = resolve(settings, registry, "dqa-locating-1445", "sqlite")
    dump = found.location.dump
    assert dump is not None and not found.location.live
    assert dump.stem == found.dataset.questions[0].sql.stem  # type: ignore[union-attr]
    found = resolve(settings, registry, "dqa-locating-1445@e59ffaf3cd6a", "sqlite")
    assert found.location.dump is not None and found.location.dump.stem == "e59ffaf3cd6a"
    assert found.ref == "dqa-locating-1445@e59ffaf3cd6a"
    building = registry.get("dqa-building-1836")
    question = building.questions[2]
    found = resolve(settings, registry, f"dqa-building-1836#{question.id}", "graph")
    dump = found.location.dump
    assert dump == question.cypher and dump is not None and dump.form == "cypher"
    assert found.question == question and found.target == "graph"
    assert dump.database_name("planrag_").startswith("planrag_dqa_building_1836_")
    # Without a target: the relational default (SQLite when MYSQL_URL is unset).
    assert resolve(settings, registry, "demo-retail").target == "sqlite"


def test_reference_syntax() -> None:
    assert DatasetRef.parse("demo-retail") == DatasetRef("demo-retail")
    assert DatasetRef.parse(" demo-retail@retail ") == DatasetRef("demo-retail", "retail")
    assert DatasetRef.parse("x#q-1").question == "q-1"
    assert str(DatasetRef("a", question="q")) == "a#q"
    for bad, why in (("Demo", "not a dataset id"), ("a@b#c", "not both"),
                     ("a@", "not a dump name"), ("a#", "not a question id"), ("", "not a")):
        with pytest.raises(DatasetError, match=why) as err:
            DatasetRef.parse(bad)
        assert "\n" not in str(err.value) and "DATASET@DUMP" in str(err.value)


@pytest.mark.parametrize(
    ("ref", "message"),
    [
        ("nope", "unknown dataset 'nope'; known datasets: demo-bakery, demo-retail"),
        ("demo-retail@zzz", "has no relational dump 'zzz'; it has: retail"),
        ("demo-retail#q9", "has no question 'q9'"),
        ("demo-retail#q9", "has no question 'q9'"),
    ],
)
def test_bad_references_are_one_line(
    registry: Registry, settings: Settings, ref: str, message: str
) -> None:
    with pytest.raises(DatasetError) as err:
        resolve(settings, registry, ref, "sqlite")
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
        ('id = "x"\ntitle = "t"\nquestions = "questions.jsonl"\n[column_names]\na = 1\n', GOOD_Q,
         "must map column names to display names"),
    ],
)
def test_manifest_errors(
    tmp_path: Path, manifest: str, questions: str, message: str | None
) -> None:
    root = _dataset(tmp_path, manifest, questions)
    found = discover(root)
    if message is None:
        assert found.ids() == ["x"] and not found.problems
        return
    # A broken manifest is set aside with its error; asking for it gives that error.
    assert found.ids() == []
    (name, problem), = found.problems.items()
    assert message in problem or __import__("re").search(message, problem), problem
    with pytest.raises(DatasetError, match=message):
        found.get(name)


def test_missing_fixtures_dir_names_the_setting(tmp_path: Path) -> None:
    with pytest.raises(DatasetError, match="PLANRAG_FIXTURES_DIR"):
        discover(tmp_path / "nowhere")
