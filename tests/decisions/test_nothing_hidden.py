"""Nothing about a written decision is hidden from the command line (issue 33, point 5): a
decision that ranks no candidate fails `planrag simulate` and `decision check` with the
reason, `decision list` says which decisions fail at run time and why, candidates left out
of a ranking are counted and named in the text, and `planrag datasets` lists every dataset
with each decision broken as written named by its id."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.decisions._depots import (
    BAD_GOAL,
    BY_REGION,
    GOOD,
    NOTHING,
    PART,
    UNDECLARED,
    depots_dataset,
)
from tests.live._live import cli, live_env, one_line_error


def _env(tmp_path: Path, *decisions: str, dataset_id: str = "depots") -> dict[str, str]:
    env = live_env(tmp_path)
    depots_dataset(Path(env["PLANRAG_DATASETS_DIR"]), dataset_id, *decisions)
    return env


async def test_simulate_fails_with_the_reason_when_no_candidate_is_ranked(
    tmp_path: Path,
) -> None:
    env = _env(tmp_path, GOOD, NOTHING)
    code, out, err = await cli("simulate", "--dataset", "depots", "--decision", "typo-keys",
                               env=env)
    reason = one_line_error(code, err)
    assert reason == (
        "error: decision typo-keys ranked no candidate: 5 candidates have no row in its "
        "`value` query (D01, D02, D03, D04, D05); check that `value` returns a `decision` "
        "and a number for each candidate (it returns d01, d02, d03 and 2 more, which "
        "`candidates` does not list: are the keys written alike?)")
    assert "no candidate decisions" in out  # the report itself is still printed
    # --json keeps its output, and fails too.
    code, out, err = await cli("simulate", "--dataset", "depots", "--decision", "typo-keys",
                               "--json", env=env)
    assert one_line_error(code, err) == reason
    result = json.loads(out)
    assert result["ranking"] == [] and result["best"] is None
    assert result["notes"][0].startswith("5 candidates of Keys written differently have no "
                                         "row in its `value` query")
    # A decision that ranks is unaffected.
    code, out, err = await cli("simulate", "--dataset", "depots", "--decision", "second-bay",
                               env=env)
    assert code == 0 and err == "", err
    assert "best: D02 (Airport)" in out


async def test_candidates_returning_nothing_for_the_parameters_is_said(
    tmp_path: Path,
) -> None:
    env = _env(tmp_path, BY_REGION)
    code, out, err = await cli("simulate", "--dataset", "depots", "--param", "region=W",
                               "--json", env=env)
    assert json.loads(out)["ranking"] == []
    assert one_line_error(code, err) == (
        'error: decision by-region ranked no candidate: its `candidates` query returns no '
        'rows with region="W"; check the parameters, and that `candidates` returns a '
        "`decision` for each choice a person has")
    code, out, err = await cli("simulate", "--dataset", "depots", env=env)  # region N
    assert code == 0, err


async def test_unranked_candidates_are_counted_and_named_in_the_text(tmp_path: Path) -> None:
    env = _env(tmp_path, PART)
    code, out, err = await cli("simulate", "--dataset", "depots", env=env)
    assert code == 0, err
    assert ("note: 1 candidate of Measured depots only has no row in its `value` query and "
            "is not ranked: D05") in out
    assert "note: `value` is NULL for 1 candidate, not ranked: D03" in out
    assert "swept 3 candidates" in out


async def test_decision_check_fails_a_decision_that_ranks_nothing(tmp_path: Path) -> None:
    env = _env(tmp_path, GOOD, NOTHING, PART)
    code, out, err = await cli("decision", "check", "depots", env=env)
    assert code == 1 and "Traceback" not in err, err
    lines = out.splitlines()
    assert any(line.startswith("second-bay: ok (dry run:") and "ranked 5 candidates" in line
               for line in lines), out
    assert ("typo-keys: BROKEN: decision typo-keys ranked no candidate: 5 candidates have no "
            "row in its `value` query (D01, D02, D03, D04, D05)") in out
    assert "ranked 0 candidates" not in out
    assert "  note: `value` is NULL for 1 candidate, not ranked: D03" in out  # `part`: ok
    code, out, err = await cli("decision", "check", "depots", "typo-keys", "--json", env=env)
    assert code == 1, err
    (entry,) = json.loads(out)
    assert entry["ok"] is False and entry["candidates"] == 0
    assert entry["error"].startswith("decision typo-keys ranked no candidate: 5 candidates")
    # One that ranks, alone: ok, exit 0.
    code, out, err = await cli("decision", "check", "depots", "part", env=env)
    assert code == 0, err
    # Parameters that leave no candidate fail it too, with them named.
    env = _env(tmp_path / "region", BY_REGION)
    code, out, err = await cli("decision", "check", "depots", "--param", "region=W", env=env)
    assert code == 1
    assert 'by-region: BROKEN: decision by-region ranked no candidate: its `candidates` ' \
           'query returns no rows with region="W"' in out


async def test_decision_list_says_which_decisions_fail_at_run_time(tmp_path: Path) -> None:
    env = _env(tmp_path, GOOD, NOTHING, PART, UNDECLARED)
    code, out, err = await cli("decision", "list", "depots", env=env)
    assert code == 0 and err == "", err
    lines = out.splitlines()
    at = {line.split()[0]: n for n, line in enumerate(lines) if not line.startswith(" ")}
    assert set(at) == {"second-bay", "typo-keys", "part", "undeclared"}
    assert lines[at["typo-keys"] + 1].split()[:7] == [
        "BROKEN:", "decision", "typo-keys", "ranked", "no", "candidate:", "5"]
    assert at["typo-keys"] == at["second-bay"] + 1  # ranks all five: nothing more to say
    said = " ".join(lines[at["part"] + 1:at["undeclared"]])
    assert "is not ranked: D05" in said and "NULL for 1 candidate, not ranked: D03" in said
    assert "uses :area, which is not declared" in lines[at["undeclared"]]
    code, out, err = await cli("decision", "list", "depots", "--json", env=env)
    assert code == 0, err
    listed = json.loads(out)
    rows = {r["id"]: r for r in listed["decisions"]}
    assert rows["second-bay"]["ok"] is True and rows["second-bay"]["candidates"] == 5
    assert rows["typo-keys"]["ok"] is False and "ranked no candidate" in rows["typo-keys"][
        "error"]
    assert rows["part"]["ok"] is True and rows["part"]["candidates"] == 3
    assert rows["part"]["notes"][0].endswith("is not ranked: D05")
    assert [b["id"] for b in listed["broken"]] == ["undeclared"]


async def test_decision_list_says_a_query_that_fails_on_the_database(tmp_path: Path) -> None:
    missing_column = GOOD.replace('id = "second-bay"', 'id = "no-column"').replace(
        "parcels * :cut_eur", "parcels * :cut_eur * seats")
    env = _env(tmp_path, missing_column)
    code, out, err = await cli("decision", "list", "depots", env=env)
    assert code == 0, err
    (reason,) = [line.strip() for line in out.splitlines() if "BROKEN" in line]
    assert reason.startswith("BROKEN: the `value` query:") and "seats" in reason


async def test_datasets_lists_every_dataset_and_names_each_broken_decision(
    tmp_path: Path,
) -> None:
    env = _env(tmp_path, GOOD, UNDECLARED, BAD_GOAL, dataset_id="aaa-depots")
    depots_dataset(Path(env["PLANRAG_DATASETS_DIR"]), "zzz-depots", BAD_GOAL, PART)
    code, out, err = await cli("datasets", env=env)
    assert code == 0 and "Traceback" not in err, err
    listed = re.findall(r"^(\S+) ", out, re.M)
    for dataset_id in ("aaa-depots", "demo-retail", "wards", "zzz-depots"):
        assert dataset_id in listed, out
    text = " ".join(out.split())
    code, out, err = await cli("datasets", "--json", env=env)
    assert code == 0, err
    broken = {(d["id"], b["id"]): b["error"] for d in json.loads(out)
              for b in d.get("decisions", ()) if "error" in b}
    assert set(broken) == {("aaa-depots", "undeclared"), ("aaa-depots", "cheap"),
                           ("zzz-depots", "cheap")}
    for (_, decision_id), reason in broken.items():  # each said as --json says it
        assert f"- decision {decision_id}: BROKEN: {' '.join(reason.split())}" in text
    assert "uses :area, which is not declared" in broken["aaa-depots", "undeclared"]
    assert "goal 'cheapest'" in broken["zzz-depots", "cheap"]
    assert "- decision second-bay: Second loading bay" in text
    assert "- decision part: Measured depots only" in text
