"""`planrag eval` end to end: the command line, on SQLite, with the scripted policy."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from tests._dqa_samples import CURRENT
from tests._sql_fixtures import ROOT

KEYS = ["id", "label", "decision", "correct", "verified_decision", "verified_correct",
        "replans", "queries", "refused", "errors", "llm_calls", "prompt_tokens",
        "completion_tokens", "seconds", "stop_reason", "outcome", "unreported_calls",
        "correct_normalised", "correct_tie_aware", "target", "form", "trace"]


def planrag_eval(*args: str, data: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PLANRAG_DATA_DIR": str(data), "MYSQL_URL": "", "PLANRAG_MODEL": ""}
    return subprocess.run(
        [sys.executable, "-m", "planrag", "eval", *args], cwd=ROOT, env=env,
        capture_output=True, text=True, timeout=300, check=False,
    )


def test_eval_from_the_command_line(tmp_path: Path) -> None:
    out = tmp_path / "out"
    run = planrag_eval("--dqa", "fixtures/dqa", "--scenario", "locating", "--target", "sqlite",
                       "--scripted", "--limit", "3", "--concurrency", "2", "--out", str(out),
                       data=tmp_path / "data")
    assert run.returncode == 0, run.stderr

    results = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    assert [list(line) for line in results] == [KEYS] * 3
    assert [line["id"] for line in results] == ["locating-1", "locating-2", "locating-3"]
    assert all(line["stop_reason"] == "answered" and line["llm_calls"] > 0 for line in results)
    assert all(line["correct"] == (str(line["decision"]) == line["label"]) for line in results)
    printed = [json.loads(line) for line in run.stdout.splitlines()]
    assert sorted(printed, key=lambda x: x["id"]) == results  # stdout: the same lines

    traces = sorted(p.name for p in (out / "traces").iterdir())
    assert traces == ["locating-1.jsonl", "locating-2.jsonl", "locating-3.jsonl"]
    for line in results:
        events = [json.loads(x) for x in (out / "traces" / f"{line['id']}.jsonl").read_text()
                  .splitlines()]
        assert events[0]["kind"] == "run_started" and events[0]["scripted"]
        assert events[-1]["kind"] == "run_finished"
        assert events[-1]["decision"] == line["decision"]

    summary = (out / "summary.md").read_text()
    assert summary.startswith("# DQA locating · planrag · sqlite · scripted-dqa-policy "
                              "(scripted)\n")
    accuracy = 100 * sum(line["correct"] for line in results) / 3
    verified = 100 * sum(line["verified_correct"] for line in results) / 3
    assert ("| technique | target | questions | accuracy | normalised | tie-aware | verified by "
            "the simulator | paper (GPT-4) |") in summary
    normalised = 100.0 * sum(line["correct_normalised"] for line in results) / len(results)
    tie_aware = 100.0 * sum(line["correct_tie_aware"] for line in results) / len(results)
    assert normalised >= accuracy and tie_aware >= normalised
    assert (f"| planrag | sqlite | 3 | {accuracy:.1f}% | {normalised:.1f}% | {tie_aware:.1f}% | "
            f"{verified:.1f}% | 64.3% |") in summary
    histogram = Counter(line["replans"] for line in results)
    rows = re.findall(r"^\| (\d\+?) \| (\d+) \| ([\d.]+)% \|$", summary, re.M)
    assert {int(k): int(n) for k, n, _ in rows} == dict(histogram)
    for k, _, share in rows:
        bucket = [line for line in results if line["replans"] == int(k)]
        assert float(share) == round(100 * sum(x["correct"] for x in bucket) / len(bucket), 1)
    assert "Skipped" not in summary

    progress = run.stderr.splitlines()
    assert progress[0] == ("layout: this project's DQA layout (fixtures/dqa/locating/"
                           "questions.jsonl: 81 question(s), each naming its dumps)")
    assert progress[1] == "loading 1 database(s) into sqlite ..."
    assert len([p for p in progress if p.startswith("sqlite ")]) == 1
    counted = sorted(p.split("]")[0] + "]" for p in progress if p.startswith("["))
    assert counted == ["[1/3]", "[2/3]", "[3/3]"]
    assert progress[-1] == (f"accuracy {accuracy:.1f}%, verified by the simulator "
                            f"{verified:.1f}% over 3 questions; results and traces in {out}")


SAMPLES = {  # the PlanRAG repository's layouts: its questions files and its dump folder
    "current": (str(CURRENT),
                {"locating": "questions/simulated_question.json",
                 "building": "questions/simulated_questions.json"}, "queries"),
    "older": ("fixtures/dqa-original-layout-sample",
              {"locating": "questions/standard/simulated_question.json",
               "building": "questions/simulated_questions.json"}, "db_query(parsed)"),
}


@pytest.mark.parametrize("scenario", ["locating", "building"])
def test_eval_of_the_repository_layouts_from_the_command_line(
    scenario: str, tmp_path: Path
) -> None:
    """Both layouts of the PlanRAG repository run every question, say which layout they are,
    and give the same results."""
    expected = {"locating": ["locating-1", "locating-2"],
                "building": ["building-FIN1836-105", "building-GRE1836-106",
                             "building-GRE1836-107"]}[scenario]
    results = {}
    for layout, (sample, questions, dumps) in SAMPLES.items():
        out = tmp_path / layout
        run = planrag_eval("--dqa", sample, "--scenario", scenario, "--target", "sqlite",
                           "--scripted", "--out", str(out), data=tmp_path / "data")
        assert run.returncode == 0, run.stderr
        lines = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
        assert [line["id"] for line in lines] == expected
        assert all(line["outcome"] == "answered" for line in lines)
        progress = run.stderr.splitlines()
        folder = f"{sample}/data/{scenario}"
        assert progress[0] == (f"layout: PlanRAG repository, {layout} layout ({folder}/"
                               f"{questions[scenario]}: {len(expected)} question(s); dumps "
                               f"under {folder}/{dumps})")
        assert progress[1] == "loading 1 database(s) into sqlite ..." if scenario == "locating" \
            else progress[1] == "loading 2 database(s) into sqlite ..."
        assert not any("skipping" in p or "no dump" in p for p in progress)
        assert progress[-1].endswith(f"over {len(expected)} questions; results and traces in "
                                     f"{out}")
        # Time and the prompt's size (it names the database) differ; nothing else.
        results[layout] = [{k: v for k, v in line.items()
                            if k not in ("seconds", "prompt_tokens")} for line in lines]
    assert results["current"] == results["older"]


def test_bad_eval_input_is_one_clear_line(tmp_path: Path) -> None:
    a_file = tmp_path / "a-file"
    a_file.write_text("x")
    empty = tmp_path / "empty"
    empty.mkdir()
    base = ["--scenario", "locating", "--target", "sqlite", "--scripted"]
    not_json = tmp_path / "not-json" / "data" / "locating" / "questions"
    not_json.mkdir(parents=True)
    (not_json / "simulated_question.json").write_text("[{", encoding="utf-8")
    latin1 = tmp_path / "latin1" / "data" / "locating" / "questions"
    latin1.mkdir(parents=True)
    (latin1 / "simulated_question.json").write_bytes(b'[{"question": "caf\xe9?"}]')
    no_dumps = tmp_path / "no-dumps" / "data" / "locating" / "questions"
    no_dumps.mkdir(parents=True)
    (no_dumps / "simulated_question.json").write_bytes(
        (ROOT / SAMPLES["current"][0] / "data/locating/questions/simulated_question.json")
        .read_bytes())
    for args, message in (
        (["--dqa", str(not_json.parents[2]), *base],
         f"error: {not_json / 'simulated_question.json'}:1: not valid JSON: "),
        (["--dqa", str(latin1.parents[2]), *base],
         f"error: questions file {latin1 / 'simulated_question.json'} has bytes that are not "
         "UTF-8 at byte 19 (line 1); save it as UTF-8"),
        (["--dqa", str(no_dumps.parents[2]), *base],
         f"error: {no_dumps.parent} has questions/simulated_question.json but no dump folder "
         f"{no_dumps.parent / 'queries'} (SQL_format/ and LPG_format/, the current layout's "
         "place for the questions' databases): copy it from the PlanRAG repository"),
        (["--dqa", "fixtures/dqa", *base, "--out", str(a_file)],
         f"error: the output folder {a_file} is a file: give a folder with --out"),
        (["--dqa", str(empty), *base], f"error: {empty} holds no DQA locating questions"),
        (["--dqa", str(tmp_path / "nowhere"), *base], "error: "),
        (["--dqa", "fixtures/dqa", *base, "--limit", "0"], "error: --limit must be at least 1"),
        (["--dqa", "fixtures/dqa", "--scenario", "locating", "--target", "sqlite"],
         "error: no model is configured"),
    ):
        run = planrag_eval(*args, data=tmp_path / "data")
        assert run.returncode == 1, (args, run.stderr)
        assert run.stderr.startswith(message), (args, run.stderr)
        assert len(run.stderr.strip().splitlines()) == 1 and "Traceback" not in run.stderr
    assert a_file.read_text() == "x"


def test_compare_two_evaluations_from_the_command_line(tmp_path: Path) -> None:
    runs = {}
    for technique in ("iterrag", "planrag"):
        out = tmp_path / technique
        run = planrag_eval("--dqa", "fixtures/dqa", "--scenario", "locating", "--target",
                           "sqlite", "--technique", technique, "--scripted", "--limit", "4",
                           "--out", str(out), data=tmp_path / "data")
        assert run.returncode == 0, run.stderr
        runs[technique] = out
    compared = planrag_eval("--compare", str(runs["iterrag"]), str(runs["planrag"]),
                            data=tmp_path / "data")
    assert compared.returncode == 0, compared.stderr
    text = compared.stdout
    assert "A: " in text and "technique iterrag" in text and "technique planrag" in text
    assert re.search(r"^relational \(A on sqlite, B on sqlite\): paired on 4 shared questions",
                     text, re.M)
    assert re.search(r"^  exact +[\d.]+% \[[\d.]+, [\d.]+\] +[\d.]+% \[", text, re.M)
    as_json = planrag_eval("--compare", str(runs["iterrag"]), str(runs["planrag"]), "--json",
                           data=tmp_path / "data")
    assert as_json.returncode == 0, as_json.stderr
    cells = json.loads(as_json.stdout)["cells"]
    assert [(c["cell"], c["shared"]) for c in cells] == [("relational", 4)]


@pytest.mark.parametrize(("args", "error"), [
    (["--scenario", "locating"], "error: give --dqa (or --compare RUN_A RUN_B)\n"),
    ([], "error: give --dqa and --scenario (or --compare RUN_A RUN_B)\n"),
    (["--compare", "a", "b", "--scenario", "locating"],
     "error: --compare reads two finished evaluations: leave out --scenario\n"),
    (["--compare", "nowhere", "b"], "error: nowhere: no such folder; give the output folder "
     "of a `planrag eval` run (the one holding results.jsonl)\n"),
    (["--dqa", "fixtures/dqa", "--scenario", "locating", "--json"],
     "error: --json goes with --compare; an evaluation prints its results as JSON lines "
     "already\n"),
])
def test_eval_arguments_that_do_not_fit_say_what_to_do(
    tmp_path: Path, args: list[str], error: str
) -> None:
    run = planrag_eval(*args, data=tmp_path / "data")
    assert run.returncode == 1 and run.stderr == error
