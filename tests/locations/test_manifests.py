"""Live datasets in manifests: what is accepted, and one clear line for what is not, while
the other datasets keep working."""

from __future__ import annotations

from pathlib import Path

import pytest

from planrag.errors import DatasetError
from planrag.locations import checked_registry, default_target, resolve, targets_of
from planrag.manifests import discover
from planrag.settings import load_settings
from tests._sql_fixtures import FIXTURES

GOOD = '''
id = "shop"
title = "Shop (live)"
rules = "Prices are in EUR."

[[databases]]
kind = "mariadb"
url = "mysql://reader:${SHOP_PW}@db.example.com:3306/shop"

[[databases]]
kind = "neo4j"
url = "neo4j://reader:${SHOP_GRAPH_PW}@graph.example.com:7687"
database = "shop"

[[databases]]
kind = "sqlite"
path = "shop.sqlite"
'''


def _write(root: Path, name: str, text: str, questions: str | None = None) -> None:
    folder = root / name
    folder.mkdir(parents=True)
    (folder / "dataset.toml").write_text(text, encoding="utf-8")
    if questions is not None:
        (folder / "questions.jsonl").write_text(questions, encoding="utf-8")


def test_a_live_manifest_needs_no_dumps_and_no_questions(tmp_path: Path) -> None:
    _write(tmp_path, "shop", GOOD)
    reg = checked_registry(discover(FIXTURES, tmp_path))
    assert not reg.problems, reg.problems
    shop = reg.get("shop")
    assert shop.live and not shop.questions and shop.rules == "Prices are in EUR."
    assert [db.kind for db in shop.databases] == ["mysql", "graph", "sqlite"]  # canonical
    settings = load_settings(env_file=None, mysql_url=None)
    assert targets_of(settings, shop) == ["mysql", "sqlite", "graph"]
    assert default_target(settings, shop) == "mysql"
    found = resolve(settings, reg, "shop", "graph")
    assert found.location.live and found.location.database == "shop"
    assert found.location.where == "neo4j://graph.example.com:7687"
    assert "${SHOP_GRAPH_PW}" in (found.location.url or "")
    sqlite = resolve(settings, reg, "shop", "sqlite").location
    assert sqlite.path == (tmp_path / "shop" / "shop.sqlite").resolve()
    with pytest.raises(DatasetError, match="live mysql database; it has no dump 'x'"):
        resolve(settings, reg, "shop@x", "mysql")
    assert "demo-retail" in reg.ids()  # the shipped datasets are found together


def test_live_questions_are_optional_samples(tmp_path: Path) -> None:
    text = GOOD.replace('rules = "Prices are in EUR."', 'questions = "questions.jsonl"\n'
                        'rules = "r"')
    _write(tmp_path, "shop", text, '{"id": "q1", "question": "Which store?", "answer": "3"}\n')
    reg = checked_registry(discover(FIXTURES, tmp_path))
    question = reg.get("shop").question("q1")
    assert question.sql is None and question.answer == "3"


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("${SHOP_PW}", "hunter2", "password in clear"),
        ('kind = "mariadb"\nurl = "mysql:', 'kind = "mariadb"\nurl = "postgres:',
         "starts with mysql:// or mariadb://, not postgres://"),
        ('kind = "mariadb"', 'kind = "oracle"', "unknown kind 'oracle'"),
        ('kind = "mariadb"\n', '', "missing `kind` (mysql, "),
        ("3306/shop", "3306", "must end with the database"),
        ('kind = "sqlite"\npath = "shop.sqlite"', 'kind = "mysql"\nurl = "mysql://a@b/c"',
         "a second mysql database"),
        ('path = "shop.sqlite"', 'url = "x"', "takes no `url`"),
        (':7687"', ':7687/shop"', "not in the URL"),
        ('kind = "mariadb"', 'kind = "mariadb"\nport = 3306', "unknown key(s) port"),
    ],
)
def test_bad_live_entries_are_one_line_and_spare_the_others(
    tmp_path: Path, old: str, new: str, message: str
) -> None:
    assert old in GOOD
    _write(tmp_path, "shop", GOOD.replace(old, new, 1))
    _write(tmp_path, "other", GOOD.replace('id = "shop"', 'id = "other"'))
    reg = checked_registry(discover(FIXTURES, tmp_path))
    assert "shop" in reg.problems and message in reg.problems["shop"], reg.problems
    assert "\n" not in reg.problems["shop"]
    assert "other" in reg.ids() and "demo-retail" in reg.ids()
    with pytest.raises(DatasetError, match="cannot be used"):
        reg.get("shop")


def test_dumps_and_a_live_database_for_one_target_are_refused(tmp_path: Path) -> None:
    folder = tmp_path / "both"
    (folder / "dbs").mkdir(parents=True)
    (folder / "dbs" / "a.sql").write_text("CREATE TABLE t (a INT);", encoding="utf-8")
    text = ('id = "both"\ntitle = "t"\nquestions = "questions.jsonl"\nrules = "r"\n'
            '[[databases]]\nkind = "sqlite"\npath = "x.sqlite"\n')
    _write(tmp_path / "x", "y", "id = 1")  # a broken manifest elsewhere changes nothing
    (folder / "dataset.toml").write_text(text, encoding="utf-8")
    (folder / "questions.jsonl").write_text(
        '{"id": "q1", "question": "?", "sql": "dbs/a.sql"}\n', encoding="utf-8")
    reg = checked_registry(discover(FIXTURES, tmp_path, tmp_path / "x"))
    assert "given both by dumps" in reg.problems["both"]
    assert "y" in reg.problems and "missing or empty `id`" in reg.problems["y"]
    assert "demo-retail" in reg.ids()
