"""The PostgreSQL kind: its manifest entries (one clear line for what is wrong), its
locations, and that it is live only (nothing loads into it, and nothing assumes it could)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from planrag.errors import DatasetError
from planrag.locations import (
    checked_registry,
    default_target,
    get_kind,
    kind_of,
    resolve,
    target_names,
    targets_of,
)
from planrag.locations.kinds.postgres import KIND
from planrag.manifests import discover
from planrag.settings import load_settings
from tests._sql_fixtures import FIXTURES

GOOD = '''
id = "shop"
title = "Shop (live)"
rules = "Prices are in EUR."

[[databases]]
kind = "postgresql"
url = "postgresql://reader:${SHOP_PW}@db.example.com:6543/shop?sslmode=require"
schemas = ["public", "sales"]
'''


def _write(root: Path, name: str, text: str) -> None:
    folder = root / name
    folder.mkdir(parents=True)
    (folder / "dataset.toml").write_text(text, encoding="utf-8")


def test_the_kind_is_registered_with_its_alias() -> None:
    assert "postgres" in target_names()
    assert kind_of("postgresql") is KIND and get_kind("POSTGRES") is KIND
    assert (KIND.title, KIND.language, KIND.dialect) == ("PostgreSQL", "sql", "postgres")
    assert KIND.takes_accounts and KIND.dump_form is None
    assert (KIND.connect_option, KIND.connect_schemas_option) == (
        "--postgres", "--postgres-schemas")


def test_a_live_entry_makes_a_location_with_its_schemas(tmp_path: Path) -> None:
    _write(tmp_path, "shop", GOOD)
    reg = checked_registry(discover(FIXTURES, tmp_path))
    assert not reg.problems, reg.problems
    shop = reg.get("shop")
    assert [db.kind for db in shop.databases] == ["postgres"]  # the canonical name
    settings = load_settings(env_file=None, mysql_url=None)
    assert targets_of(settings, shop) == ["postgres"]
    assert default_target(settings, shop) == "postgres"
    location = resolve(settings, reg, "shop").location
    assert location.live and location.database == "shop"
    assert location.where == "db.example.com:6543" and location.schemas == ("public", "sales")
    assert "${SHOP_PW}" in (location.url or "")
    assert KIND.describe(location) == (
        "PostgreSQL database shop (schemas public, sales) at db.example.com:6543 (live)")


def test_schemas_default_to_public(tmp_path: Path) -> None:
    _write(tmp_path, "shop", GOOD.replace('schemas = ["public", "sales"]\n', ""))
    reg = checked_registry(discover(FIXTURES, tmp_path))
    location = resolve(load_settings(env_file=None, mysql_url=None), reg, "shop").location
    assert location.schemas == ("public",)
    assert "(schema public)" in KIND.describe(location)


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("${SHOP_PW}", "hunter2", "password in clear"),
        ("postgresql://reader", "mysql://reader",
         "a postgres URL starts with postgresql:// or postgres://, not mysql://"),
        ("6543/shop?", "6543?", "the URL must end with the database"),
        ("reader:${SHOP_PW}@", "", "the URL must name the account"),
        ("sslmode=require", "sslmode=maybe", "takes only ?sslmode="),
        ("sslmode=require", "application_name=x", "takes only ?sslmode="),
        ('schemas = ["public", "sales"]', 'schemas = ["public", "sales"]\ndatabase = "shop"',
         "named at the end of its URL"),
        ('schemas = ["public", "sales"]', 'schemas = ["public", "sales"]\npath = "x.db"',
         "a postgres database takes no `path`"),
        ('["public", "sales"]', '"public"', "`schemas` must be a list of schema names"),
        ('["public", "sales"]', "[]", "`schemas` must be a list of schema names"),
        ('["public", "sales"]', '["public", 3]', "`schemas` #2 must be a schema's name"),
        ('["public", "sales"]', '["public", "public"]', "names public twice"),
        ('["public", "sales"]', '["public", "pg_catalog"]', "PostgreSQL's own catalogue"),
        ('["public", "sales"]', '["information_schema"]', "PostgreSQL's own catalogue"),
    ],
)
def test_bad_entries_are_one_line_and_spare_the_others(
    tmp_path: Path, old: str, new: str, message: str
) -> None:
    assert old in GOOD
    _write(tmp_path, "shop", GOOD.replace(old, new))
    reg = checked_registry(discover(FIXTURES, tmp_path))
    assert "shop" not in reg.ids()
    problem = reg.problems["shop"]
    assert message in problem and "\n" not in problem
    assert "hunter2" not in problem
    assert "demo-retail" in reg.ids()


def test_other_kinds_take_no_schemas(tmp_path: Path) -> None:
    _write(tmp_path, "shop", GOOD.replace('kind = "postgresql"\nurl = "postgresql://reader',
                                          'kind = "mysql"\nurl = "mysql://reader'))
    reg = checked_registry(discover(FIXTURES, tmp_path))
    assert "a mysql database takes no `schemas`" in reg.problems["shop"]


def test_a_missing_kind_names_every_registered_kind(tmp_path: Path) -> None:
    _write(tmp_path, "shop", GOOD.replace('kind = "postgresql"\n', ""))
    reg = checked_registry(discover(FIXTURES, tmp_path))
    problem = reg.problems["shop"]
    assert "missing `kind`" in problem
    assert all(name in problem for name in target_names())


def test_it_is_live_only_and_says_so(tmp_path: Path) -> None:
    settings = load_settings(env_file=None, mysql_url=None)
    assert not KIND.loadable(settings)
    reg = checked_registry(discover(FIXTURES))
    demo = reg.get("demo-retail")
    with pytest.raises(DatasetError, match="PostgreSQL datasets are live databases; connect one "
                       "with planrag connect ID --postgres URL"):
        KIND.loaded_location(settings, demo, demo.dump("sql"))
    # A shipped dataset has MySQL-dialect dumps, never a postgres target.
    assert "postgres" not in targets_of(settings, demo)
    with pytest.raises(DatasetError, match="has no postgres database"):
        resolve(settings, reg, "demo-retail", "postgres")


def test_dumps_and_a_live_postgres_database_live_side_by_side(tmp_path: Path) -> None:
    """The relational dumps load into MySQL or SQLite; a live PostgreSQL database of the
    same dataset is another target, not a second copy of the same one."""
    folder = tmp_path / "shop"
    shutil.copytree(FIXTURES / "demo" / "dbs", folder / "dbs")
    shutil.copy(FIXTURES / "demo" / "questions.jsonl", folder / "questions.jsonl")
    (folder / "dataset.toml").write_text(GOOD.replace(
        'rules = "Prices are in EUR."', 'rules = "r"\nquestions = "questions.jsonl"'),
        encoding="utf-8")
    reg = checked_registry(discover(FIXTURES, tmp_path))
    assert "shop" not in reg.problems, reg.problems
    settings = load_settings(env_file=None, mysql_url=None)
    assert targets_of(settings, reg.get("shop"))[:2] == ["postgres", "sqlite"]
    assert resolve(settings, reg, "shop").location.kind == "postgres"
    assert resolve(settings, reg, "shop", "sqlite").location.dump is not None
