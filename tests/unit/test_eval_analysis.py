"""The paper's analyses of an evaluation (planrag.eval_analysis), on crafted results lines
and crafted trace files, each expected value worked out by hand in the test."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from planrag.eval_analysis import FAILURE_CATEGORIES, Analysis, analyse
from planrag.evaluation import _safe

END = {"kind": "run_finished", "decision": "x", "replans": 0, "queries": 0}


def started(qid: str, query: str) -> dict[str, Any]:
    return {"kind": "query_started", "query_id": qid, "language": "sql", "query": query,
            "step": 0, "thought": "", "plan_holds": ""}


def finished(qid: str, *columns: str) -> dict[str, Any]:
    return {"kind": "query_finished", "query_id": qid, "columns": list(columns),
            "preview": [], "total_rows": 1, "truncated": False, "elapsed_ms": 1.0}


def failed(qid: str, query: str) -> dict[str, Any]:
    return {"kind": "query_failed", "query_id": qid, "language": "sql", "query": query,
            "error": "no such column"}


def refused(qid: str, query: str) -> dict[str, Any]:
    return {"kind": "query_refused", "query_id": qid, "language": "sql", "query": query,
            "reason": "writes", "rule": "read_only"}


def ran(qid: str, query: str, *columns: str) -> list[dict[str, Any]]:
    """A query that succeeded: started, then finished."""
    return [started(qid, query), finished(qid, *columns)]


REPLAN = {"kind": "replan_proposed", "reason": "r", "old_steps": [], "new_steps": [],
          "by": "model"}
BOTH = ran("q1", "SELECT ingoing, total_power FROM trade_node")
"""A Locating trace body that analyses both needed quantities."""


def line(qid: str, *, form: str = "relational", correct: bool = False,
         outcome: str = "answered", replans: int = 0, **more: Any) -> dict[str, Any]:
    """A results line; its trace is traces/<form>-<id>.jsonl, written or not by the test."""
    target = {"relational": "mariadb", "graph": "neo4j"}.get(form, form)
    return {"id": qid, "label": "l", "decision": "l" if correct else "d", "correct": correct,
            "verified_decision": "l", "verified_correct": True, "replans": replans,
            "queries": 0, "refused": 0, "errors": 0, "llm_calls": 1, "prompt_tokens": 1,
            "completion_tokens": 1, "seconds": 1.0, "stop_reason": "answered",
            "outcome": outcome, "unreported_calls": 0, "correct_normalised": correct,
            "correct_tie_aware": correct, "target": target, "form": form,
            "trace": f"traces/{form}-{qid}.jsonl", **more}


def trace(out: Path, name: str, events: list[dict[str, Any]], *, end: bool = True) -> None:
    (out / "traces").mkdir(exist_ok=True)
    body = [json.dumps(e) for e in [*events, *([END] if end else [])]]
    (out / "traces" / name).write_text("\n".join(body) + "\n", encoding="utf-8")


def traced(out: Path, events: list[dict[str, Any]], qid: str, **kw: Any) -> dict[str, Any]:
    """A results line whose trace holds `events` and the run's end."""
    result = line(qid, **kw)
    trace(out, Path(result["trace"]).name, events)
    return result


# -- Table 4 and Table 5


def test_table4_cell_is_the_average_of_the_relational_and_graph_accuracies(
        tmp_path: Path) -> None:
    lines = [
        line("a", correct=True), line("b", correct=True),
        line("c", correct_normalised=True, correct_tie_aware=True),   # relational: 2 of 3
        line("a", form="graph", correct=True),
        line("b", form="graph", correct_tie_aware=True),              # graph: 1 of 2
    ]
    t4 = analyse(lines, tmp_path, "locating").to_json()["table4"]
    assert t4["forms"] == ["relational", "graph"]
    assert t4["cell"] == "average of relational and graph"
    exact, normalised, tie = (t4["scores"][s] for s in ("exact", "normalised", "tie_aware"))
    assert exact["relational"] == pytest.approx(200 / 3)
    assert exact["graph"] == 50.0
    assert exact["cell"] == pytest.approx((200 / 3 + 50) / 2)       # 58.33, not 3 of 5 = 60
    assert (normalised["relational"], normalised["graph"], normalised["cell"]) == (
        100.0, 50.0, 75.0)
    assert (tie["relational"], tie["graph"], tie["cell"]) == (100.0, 100.0, 100.0)
    text = analyse(lines, tmp_path, "locating").markdown()
    assert "## Table 4: accuracy, the cell as the average of relational and graph" in text
    assert "| exact | 66.7% | 50.0% | 58.3% |" in text
    assert "| normalised | 100.0% | 50.0% | 75.0% |" in text


def test_table4_with_one_form_is_that_forms_accuracy_and_says_so(tmp_path: Path) -> None:
    lines = [line("a", form="graph", correct=True), line("b", form="graph"),
             line("c", form="graph"), line("d", form="graph")]
    analysis = analyse(lines, tmp_path, "building")
    t4 = analysis.to_json()["table4"]
    assert t4["forms"] == ["graph"]
    assert t4["cell"] == "graph only (one form, not the paper's average)"
    assert t4["scores"]["exact"] == {"graph": 25.0, "cell": 25.0}
    text = analysis.markdown()
    assert "## Table 4: accuracy, graph only (one form, not the paper's average)" in text
    assert "| exact | 25.0% | 25.0% |" in text
    assert "No relational runs in this evaluation." in text


def test_table5_counts_questions_scores_and_answers_per_form(tmp_path: Path) -> None:
    lines = [
        line("a", correct=True), line("b", correct_normalised=True),
        line("c", outcome="no_decision"), line("d", outcome="failed"),
        line("a", form="graph", correct_tie_aware=True),
    ]
    t5 = analyse(lines, tmp_path, "locating").to_json()["table5"]
    assert t5["relational"] == {"questions": 4, "exact": 25.0, "normalised": 50.0,
                                "tie_aware": 25.0, "answered": 2}
    assert t5["graph"] == {"questions": 1, "exact": 0.0, "normalised": 0.0,
                           "tie_aware": 100.0, "answered": 1}
    text = analyse(lines, tmp_path, "locating").markdown()
    assert "| relational (mariadb) | 4 | 25.0% | 50.0% | 25.0% | 2 |" in text
    assert "| graph (neo4j) | 1 | 0.0% | 0.0% | 100.0% | 1 |" in text


# -- Table 6 as first read (`table6`; the paper's reading: tests/unit/test_eval_paper.py)


def test_table6_counts_runs_that_missed_each_quantity(tmp_path: Path) -> None:
    lines = [
        traced(tmp_path, BOTH, "a", correct=True),
        traced(tmp_path, ran("q1", "SELECT ingoing FROM trade_node"), "b"),   # no total_power
        traced(tmp_path, [], "c", outcome="no_decision"),                     # missed both
        traced(tmp_path, ran("q1", "MATCH (t) RETURN t.total_power"), "a", form="graph"),
        traced(tmp_path, BOTH, "b", form="graph"),
    ]
    t6 = analyse(lines, tmp_path, "locating").to_json()["table6"]
    rel, graph, overall = t6["relational"], t6["graph"], t6["overall"]
    assert (rel["runs"], rel["answered_wrong"], rel["unknown"]) == (3, 1, 0)
    assert rel["missed"]["ingoing"] == {"runs": 1, "share": pytest.approx(100 / 3),
                                        "answered_wrong": 0, "answered_wrong_share": 0.0}
    assert rel["missed"]["total_power"] == {"runs": 2, "share": pytest.approx(200 / 3),
                                            "answered_wrong": 1, "answered_wrong_share": 100.0}
    assert rel["missed"]["at_least_one"]["runs"] == 2
    assert graph["missed"]["ingoing"] == {"runs": 1, "share": 50.0, "answered_wrong": 1,
                                          "answered_wrong_share": 50.0}
    assert graph["missed"]["at_least_one"]["runs"] == 1
    assert (overall["runs"], overall["answered_wrong"]) == (5, 3)
    assert overall["missed"]["at_least_one"] == {"runs": 3, "share": 60.0, "answered_wrong": 2,
                                                 "answered_wrong_share": pytest.approx(200 / 3)}
    # The earlier reading stays in analysis.json; summary.md shows the paper's Table 6.
    assert "runs missing it" not in analyse(lines, tmp_path, "locating").markdown()


def test_building_needs_current_output_and_pop_demand(tmp_path: Path) -> None:
    lines = [traced(tmp_path, ran("q1", "SELECT pop_demand FROM goods"), "a")]
    t6 = analyse(lines, tmp_path, "building").to_json()["table6"]["relational"]["missed"]
    assert list(t6) == ["current_output", "pop_demand", "at_least_one"]
    assert (t6["current_output"]["runs"], t6["pop_demand"]["runs"]) == (1, 0)


@pytest.mark.parametrize(("query", "columns", "analysed"), [
    ("SELECT ingoing_total FROM trade_node", (), False),
    ("SELECT xingoing FROM trade_node", (), False),
    ("MATCH (n:Trade_node) RETURN n.`ingoing`", (), True),
    ("SELECT t.INGOING FROM trade_node t", (), True),
    ("SELECT `Ingoing` FROM trade_node", (), True),
    ("MATCH (n) WHERE n['ingoing'] > 0 RETURN n.name", (), True),
    ("SELECT * FROM trade_node", ("trade_node", "ingoing"), True),   # read without naming it
    ("SELECT * FROM t", ("ingoing_total",), False),
])
def test_a_quantity_counts_when_named_as_a_whole_word(
        tmp_path: Path, query: str, columns: tuple[str, ...], analysed: bool) -> None:
    lines = [traced(tmp_path, ran("q1", query, *columns), "a")]
    missed = analyse(lines, tmp_path, "locating").runs[0].missed
    assert missed is not None
    assert ("ingoing" not in missed) is analysed


def test_a_query_that_did_not_succeed_analyses_nothing(tmp_path: Path) -> None:
    events = [
        started("q1", "SELECT ingoing FROM trade_node"), failed("q1", "SELECT ingoing FROM x"),
        started("q2", "SELECT total_power FROM trade_node"),
        refused("q2", "SELECT total_power FROM trade_node"),
        started("q3", "SELECT ingoing, total_power FROM trade_node"),   # never finished
        finished("q9", "ingoing"),                                       # never started
    ]
    lines = [traced(tmp_path, events, "a")]
    run = analyse(lines, tmp_path, "locating").runs[0]
    assert run.missed == ("ingoing", "total_power")
    assert run.facts is not None
    assert (run.facts.succeeded, run.facts.failed) == (0, 2)


# -- Table 7


def test_table7_bins_re_plans_up_to_more_than_four(tmp_path: Path) -> None:
    # No trace files: the lines' own counts are read (none of these runs failed).
    lines = [
        line("a", replans=0, correct=True), line("b", replans=0),
        line("c", replans=1, correct=True), line("d", replans=4),
        line("e", replans=5, correct=True), line("f", replans=9),
        line("g", replans=12, correct=True),
        line("a", form="graph", replans=7, correct=True),
    ]
    t7 = analyse(lines, tmp_path, "locating").to_json()["table7"]
    assert t7["bins"] == ["0", "1", "2", "3", "4", ">4"]
    rel = t7["relational"]
    assert rel["0"] == {"questions": 2, "accuracy": 50.0}
    assert rel["1"] == {"questions": 1, "accuracy": 100.0}
    assert rel["2"] == {"questions": 0, "accuracy": None}
    assert rel["4"] == {"questions": 1, "accuracy": 0.0}
    assert rel[">4"] == {"questions": 3, "accuracy": pytest.approx(200 / 3)}
    assert t7["graph"][">4"] == {"questions": 1, "accuracy": 100.0}
    assert t7["overall"][">4"] == {"questions": 4, "accuracy": 75.0}
    text = analyse(lines, tmp_path, "locating").markdown()
    assert "| >4 | 3 | 66.7% | 1 | 100.0% | 4 | 75.0% |" in text
    assert "| 2 | 0 | - | 0 | - | 0 | - |" in text


def test_a_failed_runs_re_plans_come_from_its_trace(tmp_path: Path) -> None:
    # A failed run's line says 0 re-plans (a failure carries no count); its trace tells.
    lines = [
        traced(tmp_path, [REPLAN, REPLAN], "a", outcome="failed"),
        line("b", outcome="failed"),                                    # no trace: unknown
    ]
    t7 = analyse(lines, tmp_path, "locating").to_json()["table7"]["relational"]
    assert t7["2"]["questions"] == 1
    assert t7["0"]["questions"] == 0
    assert t7["unknown"] == 1


# -- Figure 5 and Figure 6 as first read (`figure5`, `figure6`; the paper's: test_eval_paper)


def test_figure5_single_against_multiple_retrieval(tmp_path: Path) -> None:
    one = ran("q1", "SELECT 1")
    three = [*ran("q1", "SELECT 1"), failed("q2", "SELECT"), *ran("q3", "SELECT 3"),
             *ran("q4", "SELECT 4")]
    lines = [
        traced(tmp_path, [failed("q1", "SELECT")], "a"),               # none
        traced(tmp_path, one, "b", correct=True),                      # single
        traced(tmp_path, one, "c"),                                    # single
        traced(tmp_path, three, "d", correct=True),                    # multiple
        traced(tmp_path, three, "a", form="graph", correct=True),      # multiple
        line("b", form="graph"),                                       # no trace: unknown
    ]
    f5 = analyse(lines, tmp_path, "locating").to_json()["figure5"]
    assert f5["relational"] == {"none": {"runs": 1, "accuracy": 0.0},
                                "single": {"runs": 2, "accuracy": 50.0},
                                "multiple": {"runs": 1, "accuracy": 100.0}, "unknown": 0}
    assert f5["graph"] == {"none": {"runs": 0, "accuracy": None},
                           "single": {"runs": 0, "accuracy": None},
                           "multiple": {"runs": 1, "accuracy": 100.0}, "unknown": 1}
    assert f5["overall"]["multiple"] == {"runs": 2, "accuracy": 100.0}
    # Runs split by their own queries stay in analysis.json only (not the paper's split).
    assert "| single | 2 | 50.0% |" not in analyse(lines, tmp_path, "locating").markdown()


def test_figure6_puts_each_wrong_run_in_the_first_category_that_applies(
        tmp_path: Path) -> None:
    missed_and_failed = [failed("q1", "SELECT ingoing"), *ran("q2", "SELECT total_power")]
    errors_only = [refused("q1", "DROP TABLE t"), *BOTH]
    lines = [
        traced(tmp_path, [], "a", outcome="no_decision"),          # no answer, though it missed
        traced(tmp_path, [], "b", outcome="failed"),               # no answer
        traced(tmp_path, missed_and_failed, "c"),                  # missed analysis first
        traced(tmp_path, errors_only, "d"),                        # query errors
        traced(tmp_path, BOTH, "e"),                               # wrong candidate
        traced(tmp_path, [], "f", correct=True),                   # correct: no category
        line("g"),                                                 # answered, no trace
        traced(tmp_path, BOTH, "a", form="graph"),                 # wrong candidate
    ]
    f6 = analyse(lines, tmp_path, "locating").to_json()["figure6"]
    assert f6["order"] == list(FAILURE_CATEGORIES) == [
        "no answer", "missed analysis", "query errors", "wrong candidate"]
    rel = f6["relational"]
    assert rel["wrong"] == 6
    assert {c: v["runs"] for c, v in rel["categories"].items()} == {
        "no answer": 2, "missed analysis": 1, "query errors": 1, "wrong candidate": 1,
        "unknown": 1}
    assert rel["categories"]["no answer"]["share"] == pytest.approx(100 / 3)
    assert f6["graph"]["categories"]["wrong candidate"] == {"runs": 1, "share": 100.0}
    assert f6["overall"]["categories"]["wrong candidate"] == {
        "runs": 2, "share": pytest.approx(200 / 7)}
    # The earlier categories stay in analysis.json; summary.md shows the paper's five.
    assert "| no answer |" not in analyse(lines, tmp_path, "locating").markdown()


# -- traces that tell nothing, old lines, empty inputs


@pytest.mark.parametrize(("body", "reason"), [
    (None, "no trace file"),
    (b'{"kind": "query_started", "query_id": "q1", "query": "SELECT ingoing"}\n{broken\n',
     "line 2 of the trace is not JSON"),
    (b'[1, 2]\n', "line 1 of the trace is not an event"),
    (b'{"kind": "query_started", "query_id": "q1"}\n', "line 1 of the trace: query_started "
                                                       "without its `query`"),
    (b'{"kind": "query_started", "query_id": "q1", "query": "SELECT 1"}\n',
     "the trace stops before the run's end (no run_finished or run_failed)"),
    (b'\xff\xfe{}\n', "the trace is not UTF-8 text"),
])
def test_an_unreadable_trace_makes_its_figures_unknown(
        tmp_path: Path, body: bytes | None, reason: str) -> None:
    result = line("a")
    if body is not None:
        (tmp_path / "traces").mkdir()
        (tmp_path / result["trace"]).write_bytes(body)
    analysis = analyse([result, traced(tmp_path, BOTH, "b")], tmp_path, "locating")
    assert analysis.runs[0].facts is None
    assert analysis.runs[0].trace_problem == reason
    data = analysis.to_json()
    assert data["unknown_traces"] == [{"id": "a", "form": "relational",
                                       "trace": "traces/relational-a.jsonl", "reason": reason}]
    assert data["table6"]["relational"]["runs"] == 1
    assert data["table6"]["relational"]["unknown"] == 1
    assert data["figure5"]["relational"]["unknown"] == 1
    assert data["table7"]["relational"]["0"]["questions"] == 2  # the line's own count
    text = analysis.markdown()
    assert "## Unknown traces" in text
    assert "Left out, their trace unknown (see Unknown traces): 1 relational (mariadb)." in text


def test_a_trace_path_outside_the_output_folder_is_not_read(tmp_path: Path) -> None:
    trace(tmp_path, "x.jsonl", BOTH)
    result = line("a", trace="../" + tmp_path.name + "/traces/x.jsonl")
    run = analyse([result], tmp_path, "locating").runs[0]
    assert run.facts is None
    assert run.trace_problem == "the trace's path leaves the output folder"


def test_an_older_line_is_one_relational_target_with_the_trace_evaluation_wrote(
        tmp_path: Path) -> None:
    qid = "building-USA 1836/7"
    old = {k: v for k, v in line(qid).items() if k not in ("target", "form", "trace")}
    trace(tmp_path, f"{_safe(qid)}.jsonl", ran("q1", "SELECT current_output FROM supply"))
    analysis = analyse([old], tmp_path, "building")
    run = analysis.runs[0]
    assert (run.form, run.target, run.trace) == ("relational", "",
                                                 "traces/building-USA_1836_7.jsonl")
    assert run.missed == ("pop_demand",)
    assert analysis.to_json()["forms"]["relational"] == {"runs": 1, "targets": []}
    assert "| relational | 1 | 0.0% |" in analysis.markdown()


def test_no_lines_give_tables_that_say_so(tmp_path: Path) -> None:
    analysis = analyse([], tmp_path, "locating")
    data = analysis.to_json()
    assert data["table4"] == {"forms": [], "cell": "no runs", "scores": {
        s: {"cell": None} for s in ("exact", "normalised", "tie_aware")}}
    assert data["table5"]["graph"] == {"questions": 0, "exact": None, "normalised": None,
                                       "tie_aware": None, "answered": 0}
    assert data["table6"]["overall"]["missed"]["ingoing"]["share"] is None
    assert data["figure6"]["overall"]["wrong"] == 0
    text = analysis.markdown()
    for heading in ("Table 4", "Table 5", "Table 6", "Table 7", "Figure 5", "Figure 6"):
        assert f"## {heading}" in text
    assert text.count("No runs: nothing to analyse.") == 6


def test_without_graph_runs_the_graph_is_said_to_be_absent(tmp_path: Path) -> None:
    lines = [traced(tmp_path, BOTH, "a", correct=True)]
    analysis = analyse(lines, tmp_path, "locating")
    text = analysis.markdown()
    assert text.count("No graph runs in this evaluation.") == 1   # said under Table 5
    assert "| graph | 0 | - | - | - | 0 |" in text
    assert "overall" not in text                                  # one form: no overall
    assert analysis.to_json()["figure5"]["graph"]["single"] == {"runs": 0, "accuracy": None}


def test_an_unknown_scenario_or_a_line_without_its_fields_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="unknown scenario 'pricing'"):
        analyse([], tmp_path, "pricing")
    with pytest.raises(ValueError, match="results line 2 has no `id` and `correct`"):
        analyse([line("a"), {"id": "b"}], tmp_path, "locating")


def test_the_analysis_is_frozen(tmp_path: Path) -> None:
    analysis = analyse([line("a")], tmp_path, "locating")
    assert isinstance(analysis, Analysis)
    with pytest.raises(AttributeError):
        analysis.scenario = "building"  # type: ignore[misc]
    json.dumps(analysis.to_json())  # JSON-ready as it is
