"""The `planrag` command: contracts other checks call exactly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli._run import planrag


@pytest.fixture()
def data_env(tmp_path: Path) -> dict[str, str]:
    return {"PLANRAG_DATA_DIR": str(tmp_path / "data"), "MYSQL_URL": "", "MYSQL_ADMIN_URL": ""}


def test_datasets_lists_every_dataset(data_env: dict[str, str]) -> None:
    out = planrag("datasets", "--json", env=data_env)
    assert out.returncode == 0, out.stderr
    ids = [d["id"] for d in json.loads(out.stdout)]
    assert ids == ["demo-bakery", "demo-retail", "dqa-building-1836", "dqa-locating-1445",
                   "wards"]
    text = planrag("datasets", env=data_env).stdout
    assert "Coffee roaster deliveries" in text and "81 questions" in text


def test_guard_contract_reads_json_lines(data_env: dict[str, str]) -> None:
    lines = [
        {"id": "a", "query": "SELECT 1"},
        {"id": 7, "query": "DROP TABLE x"},
        {"id": "no-query"},
    ]
    stdin = "\n".join(json.dumps(x) for x in lines) + "\n{broken\n\n"
    out = planrag("guard", "sql", stdin=stdin, env=data_env)
    assert out.returncode == 0, out.stderr
    results = [json.loads(line) for line in out.stdout.splitlines()]
    assert [r["verdict"] for r in results] == ["allow", "refuse", "refuse", "refuse"]
    assert [r["id"] for r in results[:3]] == ["a", 7, "no-query"]
    assert all(set(r) == {"id", "verdict", "reason"} and r["reason"] for r in results)


def test_query_contract_on_sqlite(data_env: dict[str, str]) -> None:
    assert planrag("load", "--target", "sqlite", "demo-retail", env=data_env).returncode == 0
    out = planrag(
        "query",
        "--dataset",
        "demo-retail",
        "--target",
        "sqlite",
        "--json",
        "SELECT COUNT(*) AS n FROM cafe",
        env=data_env,
    )
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["rows"] == [[12]]
    text = planrag(
        "query",
        "--dataset",
        "demo-retail",
        "--target",
        "sqlite",
        "SELECT name FROM warehouse ORDER BY id",
        env=data_env,
    ).stdout
    assert "North Hub" in text and "(4 rows" in text
    refused = planrag(
        "query", "--dataset", "demo-retail", "--target", "sqlite", "DELETE FROM cafe", env=data_env
    )
    assert refused.returncode == 2 and refused.stderr.startswith("refused: ")
    assert refused.stdout == "" and len(refused.stderr.strip().splitlines()) == 1


def test_load_twice_says_nothing_to_do(data_env: dict[str, str]) -> None:
    first = planrag("load", "--target", "sqlite", env=data_env)
    assert first.returncode == 0, first.stderr
    assert "loaded" in first.stdout
    second = planrag("load", "--target", "sqlite", env=data_env)
    assert "nothing to do: all 18 databases are up to date" in second.stdout


@pytest.mark.parametrize(
    ("args", "env", "message"),
    [
        (
            ["query", "--dataset", "nope", "--target", "sqlite", "SELECT 1"],
            {},
            "error: unknown dataset 'nope'",
        ),
        (
            ["query", "--dataset", "demo-retail", "--target", "mysql", "SELECT 1"],
            {},
            "error: MYSQL_URL: not set",
        ),
        (["load", "--target", "mysql"], {}, "error: MYSQL_URL: not set"),
        (["datasets"], {"PLANRAG_MAX_ROWS": "-1"}, "error: PLANRAG_MAX_ROWS: Input should be"),
    (["datasets"], {"PLANRAG_DATASET": "nope"}, "error: PLANRAG_DATASET: unknown dataset 'nope'"),
    (["datasets"], {"PLANRAG_FIXTURES_DIR": "/nonexistent"}, "PLANRAG_FIXTURES_DIR"),
    (["query", "--dataset", "demo-retail", "--target", "graph", "MATCH (n) RETURN n"],
     {"NEO4J_URI": "bolt://127.0.0.1:1", "NEO4J_PASSWORD": "x"}, "unreachable"),
        (["load", "--target", "sqlite", "nope"], {}, "error: unknown dataset 'nope'"),
        (
            ["query", "--dataset", "demo-retail", "--target", "sqlite", "SELECT 1"],
            {"PLANRAG_DATA_DIR": "/dev/null/planrag"},
            "the SQLite copy of demo-retail@retail was never loaded and cannot be written at "
            "/dev/null/planrag/sqlite/",
        ),
    ],
)
def test_errors_are_one_line(
    data_env: dict[str, str], args: list[str], env: dict[str, str], message: str
) -> None:
    out = planrag(*args, env={**data_env, **env})
    assert out.returncode == 1
    assert out.stderr.startswith("error: ") and message in out.stderr, out.stderr
    assert len(out.stderr.strip().splitlines()) == 1 and "Traceback" not in out.stderr
