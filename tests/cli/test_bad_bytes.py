"""Bytes that are not UTF-8 and broken files, through the real `planrag` command.

Arguments are passed as bytes, as a terminal in another encoding would pass them: each entry
point says in one line which argument, line or file holds them and at which byte, with exit
code 2 for arguments and standard input; a broken dataset is reported in one line and set
aside while the others work."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from planrag.engine import Reply, ScriptedModel
from planrag.engine.scripted_server import ScriptedServer
from tests._sql_fixtures import ROOT
from tests.engine.conftest import answer, plan

DEMO_QUESTION = "Which warehouse should we expand by 200 kg to cut the weekly delivery cost?"


def planrag(
    *args: str | bytes, stdin: bytes = b"", env: dict[str, str] | None = None,
    cwd: Path = ROOT,
) -> subprocess.CompletedProcess[bytes]:
    argv = [a if isinstance(a, bytes) else a.encode() for a in args]
    return subprocess.run(
        [sys.executable.encode(), b"-m", b"planrag", *argv],
        input=stdin, capture_output=True, env={**os.environ, **(env or {})}, cwd=cwd,
        timeout=300, check=False,
    )


def one_line(out: subprocess.CompletedProcess[bytes], code: int, line: str) -> None:
    """Exit `code`, nothing on stdout, and `line` alone on stderr (itself UTF-8 text)."""
    err = out.stderr.decode("utf-8")
    assert out.returncode == code, err
    assert "Traceback" not in err and err.splitlines() == [line], err
    assert out.stdout == b""


@pytest.fixture(scope="module")
def data_env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """A data folder with the demo dataset loaded into SQLite."""
    env = {"PLANRAG_DATA_DIR": str(tmp_path_factory.mktemp("data")), "MYSQL_URL": "",
           "MYSQL_ADMIN_URL": ""}
    loaded = planrag("load", "--target", "sqlite", "demo-retail", env=env)
    assert loaded.returncode == 0, loaded.stderr
    return env


# ------------------------------------------------------------------------- arguments


@pytest.mark.parametrize(
    ("target", "env"),
    [
        ("sqlite", {}),
        # The refusal comes before any connection: these servers are not even there.
        ("mysql", {"MYSQL_URL": "mysql://reader:pw@127.0.0.1:1/shop"}),
        ("graph", {"NEO4J_URI": "bolt://127.0.0.1:1", "NEO4J_PASSWORD": "x"}),
    ],
)
def test_a_query_that_is_not_utf8_is_one_line_on_every_target(
    data_env: dict[str, str], target: str, env: dict[str, str]
) -> None:
    query = b"SELECT 'caf\xe9'" if target != "graph" else b"RETURN 'caf\xe9' AS x"
    out = planrag("query", "--dataset", "demo-retail", "--target", target, query,
                  env={**data_env, **env})
    at = query.index(b"\xe9") + 1
    one_line(out, 2, f"error: the query has bytes that are not UTF-8 at byte {at}; send it as "
             "UTF-8 text")


def test_the_same_query_in_utf8_runs(data_env: dict[str, str]) -> None:
    out = planrag("query", "--dataset", "demo-retail", "--target", "sqlite", "--json",
                  "SELECT 'café' AS x", env=data_env)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["rows"] == [["café"]]


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["query", "--dataset", b"demo-retail\xff", "SELECT 1"],
         "error: --dataset has bytes that are not UTF-8 at byte 12; send it as UTF-8 text"),
        (["schema", "--dataset", "demo-retail", "--question", b"\xc3("],
         "error: --question has bytes that are not UTF-8 at byte 1; send it as UTF-8 text"),
        (["load", "--target", "sqlite", b"demo\xff"],
         "error: the DATASET argument has bytes that are not UTF-8 at byte 5; send it as UTF-8 "
         "text"),
        (["simulate", "--dataset", "demo-retail", "--param", b"extra_kg=2\xff"],
         "error: --param has bytes that are not UTF-8 at byte 11; send it as UTF-8 text"),
        (["simulate", "--dataset", "demo-retail", "--param", b'extra_kg="\\udcff"'],
         "error: --param extra_kg: its value holds an unpaired surrogate escape (\\ud800 to "
         "\\udfff alone), which is no text; write the character itself"),
        (["users", "add", b"al\xe9", "--no-password"],
         "error: the name has bytes that are not UTF-8 at byte 3; send it as UTF-8 text"),
        (["connect", "shop", "--sqlite", b"shop-\xe9.sqlite"],
         "error: --sqlite has bytes that are not UTF-8 at byte 6; rename the file"),
    ],
)
def test_every_argument_is_checked(
    data_env: dict[str, str], args: list[str | bytes], line: str
) -> None:
    one_line(planrag(*args, env=data_env), 2, line)


async def test_ask_with_a_question_that_is_not_utf8_never_reaches_the_model(
    data_env: dict[str, str],
) -> None:
    model = ScriptedModel([Reply(calls=[plan("capacity")]), Reply(calls=[answer("4")])])
    async with ScriptedServer(model) as server:
        env = {**os.environ, **data_env, "PLANRAG_MODEL": "m",
               "PLANRAG_MODEL_BASE_URL": server.base_url}
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "planrag", "ask", b"Which caf\xe9 costs most?", "--dataset",
            "demo-retail", "--target", "sqlite", stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE, cwd=ROOT, env=env,
        )
        stdout, stderr = await asyncio.wait_for(proc.communicate(), 120)
    err = stderr.decode("utf-8")
    assert proc.returncode == 2, err
    assert err.splitlines() == [
        "error: the question has bytes that are not UTF-8 at byte 10; send it as UTF-8 text"]
    assert stdout == b"" and model.used == 0


def test_ask_with_the_scripted_policy_too(data_env: dict[str, str]) -> None:
    out = planrag("ask", "--scripted", "--dataset", "demo-retail", "--target", "sqlite",
                  DEMO_QUESTION.encode() + b" \xff", env=data_env)
    one_line(out, 2, f"error: the question has bytes that are not UTF-8 at byte "
             f"{len(DEMO_QUESTION) + 2}; send it as UTF-8 text")


# ------------------------------------------------------------------------- standard input


def test_guard_refuses_lines_that_are_not_text_and_goes_on(data_env: dict[str, str]) -> None:
    stdin = (b'{"id": "a", "query": "SELECT 1"}\n'
             b'{"id": "b", "query": "SELECT \'caf\xe9\'"}\n'
             b'{"id": "c", "query": "SELECT \'\\udcff\'"}\n'
             b'{"id": "d", "query": "SELECT 2"}\n')
    out = planrag("guard", "sql", stdin=stdin, env=data_env)
    assert out.returncode == 0 and out.stderr == b"", out.stderr
    verdicts = [json.loads(line) for line in out.stdout.decode("utf-8").splitlines()]
    assert [v["verdict"] for v in verdicts] == ["allow", "refuse", "refuse", "allow"]
    assert verdicts[1] == {"id": None, "verdict": "refuse", "reason": (
        "line 2 has bytes that are not UTF-8 at byte 34; send it as UTF-8 text")}
    assert verdicts[2]["id"] == "c" and "unpaired surrogate escape" in verdicts[2]["reason"]


def test_a_password_on_stdin_that_is_not_utf8(tmp_path: Path) -> None:
    env = {"PLANRAG_DATA_DIR": str(tmp_path), "MYSQL_URL": ""}
    out = planrag("users", "add", "alice", "--password-stdin", "--datasets", "demo-retail",
                  stdin=b"correct horse \xe9\n", env=env)
    one_line(out, 2, "error: the password on standard input has bytes that are not UTF-8 at "
             "byte 15; send it as UTF-8 text")
    assert not (tmp_path / "users.toml").exists()


def test_the_console_says_which_line_and_goes_on(data_env: dict[str, str]) -> None:
    out = planrag("shell", stdin=b"sql SELECT 'caf\xe9'\nsql SELECT 'caf\xc3\xa9' AS x\n:quit\n",
                  env=data_env)
    assert out.returncode == 0, out.stderr
    text = out.stdout.decode("utf-8")
    assert ("error: the line has bytes that are not UTF-8 at byte 16; send it as UTF-8 text"
            in text)
    assert "café" in text and "(1 rows" in text and b"Traceback" not in out.stderr


# ------------------------------------------------------------------------- files


def test_a_settings_file_that_is_not_utf8(tmp_path: Path) -> None:
    (tmp_path / ".env").write_bytes(b"PLANRAG_MAX_ROWS=5\nPLANRAG_TITLE=caf\xe9\n")
    out = planrag("datasets", cwd=tmp_path,
                  env={"PLANRAG_FIXTURES_DIR": str(ROOT / "fixtures"),
                       "PLANRAG_DATA_DIR": str(tmp_path / "data"), "MYSQL_URL": ""})
    one_line(out, 1, "error: the settings file .env has bytes that are not UTF-8 at byte 37 "
             "(line 2); save it as UTF-8")


def test_eval_on_questions_that_are_not_utf8(tmp_path: Path) -> None:
    ours = tmp_path / "ours" / "locating" / "questions.jsonl"
    ours.parent.mkdir(parents=True)
    ours.write_bytes(b'{"id": "l1", "question": "Where?", "sql": "a.sql"}\n'
                     b'{"id": "l2", "question": "O\xf9?", "sql": "a.sql"}\n')
    original = tmp_path / "orig" / "data" / "locating" / "questions" / "standard"
    original.mkdir(parents=True)
    (original / "simulated_question.json").write_bytes(b'[{"question": "O\xf9?"}]')
    env = {"PLANRAG_DATA_DIR": str(tmp_path / "data"), "MYSQL_URL": ""}
    base = ["eval", "--scenario", "locating", "--target", "sqlite", "--scripted"]
    one_line(planrag(*base, "--dqa", str(tmp_path / "ours"), env=env), 1,
             f"error: questions file {ours} has bytes that are not UTF-8 at byte 79 (line 2); "
             "save it as UTF-8")
    one_line(planrag(*base, "--dqa", str(tmp_path / "orig"), env=env), 1,
             f"error: questions file {original / 'simulated_question.json'} has bytes that "
             "are not UTF-8 at byte 17 (line 1); save it as UTF-8")


BROKEN = {  # id: (files, what its one line says)
    "bad-toml": ({"dataset.toml": b'id = "bad-toml"\ntitle = \n'},
                 "dataset.toml: not valid TOML: Invalid value (at line 2, column 9); fix it"),
    "bad-bytes": ({"dataset.toml": b'id = "bad-bytes"\ntitle = "Caf\xe9s"\n'},
                  "dataset.toml has bytes that are not UTF-8 at byte 30 (line 2); save it"),
    "bad-type": ({"dataset.toml": b'id = "bad-type"\ntitle = ["a"]\n'},
                 "dataset.toml: missing or empty `title`: give a string (in quotes), not an array"),
    "bad-key": ({"dataset.toml": b'id = "bad-key"\ntitle = "t"\nrule = "r"\n'},
                "dataset.toml: unknown key(s) rule; correct or remove them"),
    "bad-questions": ({"questions.jsonl": b'{"id": "d1", "question": "Caf\xe9?"}\n'},
                      "questions.jsonl has bytes that are not UTF-8 at byte 30 (line 1); "
                      "save it as UTF-8"),
    "bad-rules": ({"rules.md": b"Les r\xe8gles\n"},
                  "rules.md has bytes that are not UTF-8 at byte 6 (line 1); save it as UTF-8"),
}


@pytest.fixture(scope="module")
def broken_env(data_env: dict[str, str], tmp_path_factory: pytest.TempPathFactory
               ) -> dict[str, str]:
    """The shipped datasets, and connected ones that are each broken in one way (copies of
    the demo with one file replaced)."""
    folder = tmp_path_factory.mktemp("datasets")
    for name, (files, _) in BROKEN.items():
        shutil.copytree(ROOT / "fixtures" / "demo", folder / name)
        manifest = folder / name / "dataset.toml"
        manifest.write_text(manifest.read_text(encoding="utf-8").replace(
            'id = "demo-retail"', f'id = "{name}"'), encoding="utf-8")
        for file_name, data in files.items():
            (folder / name / file_name).write_bytes(data)
    return {**data_env, "PLANRAG_DATASETS_DIR": str(folder)}


def test_broken_datasets_are_listed_one_line_each(broken_env: dict[str, str]) -> None:
    out = planrag("datasets", env=broken_env)
    assert out.returncode == 0 and out.stderr == b"", out.stderr
    lines = out.stdout.decode("utf-8").splitlines()
    assert any(line.startswith("demo-retail ") for line in lines)
    for name, (_, message) in BROKEN.items():
        mine = [line for line in lines if line.startswith(f"{name} ")]
        assert len(mine) == 1 and "CANNOT BE USED: " in mine[0], (name, lines)
        assert message in mine[0] and str(Path(broken_env["PLANRAG_DATASETS_DIR"]) / name) in \
            mine[0], mine[0]
    listed = json.loads(planrag("datasets", "--json", env=broken_env).stdout)
    errors = {d["id"]: d["error"] for d in listed if "error" in d}
    assert sorted(errors) == sorted(BROKEN)
    assert {d["id"] for d in listed if "error" not in d} >= {"demo-retail", "dqa-locating-1445"}


def test_the_good_datasets_work_beside_broken_ones(broken_env: dict[str, str]) -> None:
    out = planrag("query", "--dataset", "demo-retail", "--target", "sqlite", "--json",
                  "SELECT COUNT(*) FROM cafe", env=broken_env)
    assert out.returncode == 0 and json.loads(out.stdout)["rows"] == [[12]], out.stderr
    out = planrag("schema", "--dataset", "demo-retail", "--target", "sqlite", env=broken_env)
    assert out.returncode == 0 and b"TABLE warehouse" in out.stdout, out.stderr
    out = planrag("ask", "--scripted", "--json", "--dataset", "demo-retail", "--target",
                  "sqlite", DEMO_QUESTION, env=broken_env)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout.splitlines()[-1])["kind"] == "run_finished"
    out = planrag("shell", stdin=b":datasets\n:use bad-rules\nsql SELECT COUNT(*) FROM cafe\n",
                  env=broken_env)
    text = out.stdout.decode("utf-8")
    assert out.returncode == 0 and "12" in text, out.stderr
    assert "error: dataset bad-rules cannot be used: rules_file " in text
    assert sum("cannot be used: " in line for line in text.splitlines()) == len(BROKEN) + 1


def test_load_says_which_datasets_it_skips(broken_env: dict[str, str]) -> None:
    out = planrag("load", "--target", "sqlite", env=broken_env)
    assert out.returncode == 0, out.stderr
    skipped = out.stderr.decode("utf-8").splitlines()
    assert sorted(line.split(":")[0] for line in skipped) == sorted(
        f"skipped {name}" for name in BROKEN)
    assert "nothing to do" in out.stdout.decode() or "loaded" in out.stdout.decode()


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_naming_a_broken_dataset_is_one_line(broken_env: dict[str, str], name: str) -> None:
    out = planrag("query", "--dataset", name, "--target", "sqlite", "SELECT 1", env=broken_env)
    err = out.stderr.decode("utf-8")
    assert out.returncode == 1 and len(err.splitlines()) == 1, err
    assert err.startswith(f"error: dataset {name} cannot be used: ") and BROKEN[name][1] in err


def test_a_broken_default_dataset_does_not_stop_the_others(broken_env: dict[str, str]) -> None:
    env = {**broken_env, "PLANRAG_DATASET": "bad-questions"}
    out = planrag("query", "--dataset", "demo-retail", "--target", "sqlite", "SELECT 1",
                  env=env)
    assert out.returncode == 0, out.stderr
    out = planrag("shell", stdin=b"sql SELECT 1\n", env=env)
    text = out.stdout.decode("utf-8")
    assert out.returncode == 0, out.stderr
    assert "note: PLANRAG_DATASET: dataset bad-questions cannot be used: questions file " in text
    # A dataset that does not exist at all is still a mistake in the setting.
    out = planrag("datasets", env={**broken_env, "PLANRAG_DATASET": "nowhere"})
    assert out.returncode == 1 and b"PLANRAG_DATASET: unknown dataset 'nowhere'" in out.stderr
