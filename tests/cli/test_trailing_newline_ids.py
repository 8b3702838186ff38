"""Ids and names ending in a newline are refused (issue 18, break 15): `re.match` with `$`
admits a trailing newline, so `planrag connect $'okid\\n'` made a dataset folder `okid\\n`
and `planrag users add $'alice\\n'` a user `alice\\n`. Each entry point refuses them in one
line, as it refuses any other malformed id, and nothing is written."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from planrag.datasets import DatasetRef
from planrag.errors import DatasetError
from planrag.evaluation import repository_dqa_dataset
from planrag.manifests import load_manifest
from tests._sql_fixtures import ROOT
from tests.cli.test_cli import planrag


@pytest.fixture()
def env(tmp_path: Path) -> dict[str, str]:
    return {"PLANRAG_DATA_DIR": str(tmp_path / "data"), "MYSQL_URL": "", "MYSQL_ADMIN_URL": "",
            "PLANRAG_DATASETS_DIR": str(tmp_path / "datasets")}


def _refused(out: object, said: str) -> None:
    import subprocess

    assert isinstance(out, subprocess.CompletedProcess)
    assert out.returncode == 1, out.stdout + out.stderr
    assert "Traceback" not in out.stderr and len(out.stderr.strip().splitlines()) == 1, out.stderr
    assert said in out.stderr, out.stderr


def test_connect_refuses_an_id_ending_in_a_newline(env: dict[str, str], tmp_path: Path) -> None:
    shop = tmp_path / "shop.sqlite"
    with sqlite3.connect(shop) as db:
        db.execute("CREATE TABLE t (x INTEGER)")
    out = planrag("connect", "okid\n", "--sqlite", str(shop), env=env)
    _refused(out, "dataset id 'okid\\n': use lowercase letters")
    datasets = Path(env["PLANRAG_DATASETS_DIR"])
    assert not datasets.exists() or not any(datasets.iterdir())
    assert planrag("connect", "okid", "--sqlite", str(shop), env=env).returncode == 0


def test_connect_refuses_a_simulator_reference_ending_in_a_newline(
    env: dict[str, str], tmp_path: Path
) -> None:
    shop = tmp_path / "shop.sqlite"
    with sqlite3.connect(shop) as db:
        db.execute("CREATE TABLE t (x INTEGER)")
    simulator = f"{ROOT / 'fixtures' / 'demo' / 'simulator.py'}:WarehouseExpansion"
    out = planrag("connect", "shop", "--sqlite", str(shop), "--simulator", simulator + "\n",
                  env=env)
    _refused(out, "--simulator: the reference holds control characters")
    assert not (Path(env["PLANRAG_DATASETS_DIR"]) / "shop").exists()


@pytest.mark.parametrize(("args", "what"), [
    (("users", "add", "alice\n", "--no-password"), "user name 'alice\\n'"),
    (("users", "group", "team\n", "--datasets", "demo-retail"), "group name 'team\\n'"),
])
def test_users_refuse_a_name_ending_in_a_newline(
    env: dict[str, str], args: tuple[str, ...], what: str
) -> None:
    _refused(planrag(*args, env=env), what)
    listed = json.loads(planrag("users", "list", "--json", env=env).stdout)
    assert listed == {"users": [], "groups": {}}


@pytest.mark.parametrize(("variable", "value"), [
    ("PLANRAG_DB_PREFIX", "planrag_\n"),
    ("PLANRAG_AUTH_HEADER", "X-Forwarded-User\n"),
    ("PLANRAG_AUTH_GROUPS_HEADER", "X-Forwarded-Groups\n"),
    ("PLANRAG_GRAPH_READER_USER", "planrag_reader\n"),
])
def test_settings_patterns_refuse_a_trailing_newline(
    env: dict[str, str], variable: str, value: str
) -> None:
    # pydantic checks `pattern=` with Rust's regex, whose `$` is the end of the text.
    _refused(planrag("datasets", env={**env, variable: value}),
             f"{variable}: String should match pattern")


def _manifest(folder: Path, ds_id: str, question_id: str = "q1") -> Path:
    (folder / "dbs").mkdir(parents=True)
    shutil.copy(ROOT / "fixtures" / "demo" / "dbs" / "retail.sql", folder / "dbs")
    (folder / "dataset.toml").write_text(
        f"id = {json.dumps(ds_id)}\ntitle = \"Shop\"\nquestions = \"questions.jsonl\"\n"
        "rules = \"Sell more.\"\n", encoding="utf-8")
    (folder / "questions.jsonl").write_text(json.dumps(
        {"id": question_id, "question": "Which store?", "sql": "dbs/retail.sql"}) + "\n",
        encoding="utf-8")
    return folder / "dataset.toml"


def test_a_manifest_or_question_id_ending_in_a_newline_is_refused(tmp_path: Path) -> None:
    assert load_manifest(_manifest(tmp_path / "good", "shop")).id == "shop"
    with pytest.raises(DatasetError, match=r"id 'shop\\n' must be lowercase"):
        load_manifest(_manifest(tmp_path / "id", "shop\n"))
    with pytest.raises(DatasetError, match=r"question id 'q1\\n' must be"):
        load_manifest(_manifest(tmp_path / "question", "shop", "q1\n"))


@pytest.mark.parametrize("text", ["demo-retail\n#q1", "demo-retail\n@retail"])
def test_a_dataset_reference_with_a_newline_inside_is_refused(text: str) -> None:
    with pytest.raises(DatasetError, match="is not a"):
        DatasetRef.parse(text)


def test_an_eval_country_ending_in_a_newline_is_refused(tmp_path: Path) -> None:
    sample = tmp_path / "sample"
    shutil.copytree(ROOT / "fixtures" / "dqa-original-layout-sample", sample)
    questions = sample / "data" / "building" / "questions" / "simulated_questions.json"
    items = json.loads(questions.read_text(encoding="utf-8"))
    items[0]["country"] += "\n"
    questions.write_text(json.dumps(items), encoding="utf-8")
    with pytest.raises(DatasetError, match="`country` must name the question's database"):
        repository_dqa_dataset(sample / "data" / "building", "building")
