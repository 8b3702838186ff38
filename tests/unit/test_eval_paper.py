"""The paper's Table 6 and Figures 5-6 (planrag.eval_paper through planrag.eval_analysis),
on scripted traces whose right counts are worked out by hand in each test."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from planrag.eval_analysis import FIGURE6_CATEGORIES, Analysis, analyse, retrieval_split


def run_started(technique: str) -> dict[str, Any]:
    return {"kind": "run_started", "run_id": "r", "question": "q", "dataset": "d",
            "target": "t", "technique": technique, "scripted": True}


def ran(qid: str, query: str, *columns: str, rows: list[list[Any]] | None = None
        ) -> list[dict[str, Any]]:
    """A query that succeeded and what it showed."""
    return [{"kind": "query_started", "query_id": qid, "language": "sql", "query": query,
             "step": 0},
            {"kind": "query_finished", "query_id": qid, "columns": list(columns),
             "preview": rows or [], "total_rows": len(rows or []), "truncated": False,
             "elapsed_ms": 1.0}]


def failed(qid: str, query: str) -> list[dict[str, Any]]:
    return [{"kind": "query_started", "query_id": qid, "language": "sql", "query": query,
             "step": 0},
            {"kind": "query_failed", "query_id": qid, "language": "sql", "query": query,
             "error": "no such table"}]


def answer(rationale: str) -> dict[str, Any]:
    return {"kind": "answer_proposed", "decision": "d", "rationale": rationale,
            "query_ids": []}


def checked(rank: int | None) -> dict[str, Any]:
    return {"kind": "simulator_checked", "rank": rank, "decision": "d", "agrees": False}


BOTH = ran("q1", "SELECT trade_node, ingoing, total_power FROM trade_node",
           "trade_node", "ingoing", "total_power")
"""Reads IV and TP_total by name."""


class Eval:
    """One evaluation's output folder, written line by line."""

    def __init__(self, root: Path, name: str, technique: str = "planrag") -> None:
        self.out = root / name
        (self.out / "traces").mkdir(parents=True)
        self.technique = technique
        self.lines: list[dict[str, Any]] = []

    def run(self, qid: str, events: list[dict[str, Any]] | None, *, form: str = "relational",
            correct: bool = False, outcome: str = "answered", label: str = "krakow") -> None:
        """A results line; its trace holds run_started, `events` and the run's end (no
        trace file at all when `events` is None)."""
        name = f"traces/{form}-{qid}.jsonl"
        self.lines.append({"id": qid, "label": label, "decision": label if correct else "d",
                           "correct": correct, "replans": 0, "outcome": outcome,
                           "form": form, "target": form, "trace": name})
        if events is None:
            return
        end = ({"kind": "run_failed", "message": "m", "stage": "querying"}
               if outcome == "failed" else {"kind": "run_finished", "decision": "d"})
        body = [run_started(self.technique), *events, end]
        (self.out / name).write_text("\n".join(json.dumps(e) for e in body) + "\n",
                                     encoding="utf-8")

    def analyse(self, scenario: str = "locating") -> Analysis:
        return analyse(self.lines, self.out, scenario)


# -- Table 6: queried or calculated


def test_table6_counts_a_datum_queried_or_calculated(tmp_path: Path) -> None:
    ev = Eval(tmp_path, "planrag")
    ev.run("a", BOTH)                                                       # both read
    ev.run("b", [*ran("q1", "SELECT SUM(flow) AS iv FROM flow WHERE dest = 'baltic_sea'"),
                 *ran("q2", "SELECT total_power FROM trade_node WHERE trade_node = 'x'")])
    ev.run("c", [*ran("q1", "SELECT source, dest FROM flow"),              # no flow summed
                 *ran("q2", "SELECT base_trading_power FROM node_country "
                            "WHERE country_name = 'SWE'")])                # powers not summed
    ev.run("d", failed("q1", "SELECT SUM(flow) FROM flows"))                # failed: nothing
    ev.run("e", None)                                                       # trace unknown
    ev.run("a", [*ran("q1", "MATCH (s)-[r:source]->(h:Trade_node {name: 'baltic_sea'}) "
                            "RETURN sum(r.flow) AS incoming"),
                 *ran("q2", "MATCH (c)-[p:NodeCountry]->(h {name: 'baltic_sea'}) "
                            "RETURN SUM( p.calculated_trading_power )")], form="graph")
    analysis = ev.analyse()
    data = analysis.to_json()
    t6 = data["table6_paper"]
    assert (t6["in_paper"], t6["critical"]) == (True, ["IV", "TP_total"])
    rel = t6["relational"]
    assert (rel["runs"], rel["unknown"]) == (4, 1)
    assert rel["critical"]["IV"] == {"analysed": 2, "share": 50.0, "missed": 2,
                                     "missed_share": 50.0}
    assert rel["critical"]["TP_total"]["analysed"] == 2
    assert rel["critical"]["all"] == {"analysed": 2, "share": 50.0, "missed": 2,
                                      "missed_share": 50.0}
    assert t6["graph"]["critical"]["all"] == {"analysed": 1, "share": 100.0, "missed": 0,
                                              "missed_share": 0.0}
    assert t6["overall"]["critical"]["IV"]["analysed"] == 3
    # The earlier reading by name alone counts run b as missing `ingoing`; the paper does not.
    assert data["table6"]["relational"]["missed"]["ingoing"]["runs"] == 3
    text = analysis.markdown()
    assert "## Table 6: critical data analysed (locating: IV, TP_total)" in text
    assert ("IV (the incoming value) by reading `ingoing`, summing `flow` in a query or "
            "reading the `flow` of the edges into a node") in text
    assert "| relational | IV | 2 of 4 (50.0%) | 2 of 4 (50.0%) |" in text
    assert "| graph | all of them | 1 of 1 (100.0%) | 0 of 1 (0.0%) |" in text
    assert "Left out, their trace unknown (see Unknown traces): 1 relational." in text


@pytest.mark.parametrize(("query", "columns", "has_iv"), [
    ("SELECT source, flow FROM flow WHERE dest = 'baltic_sea'", ("source", "flow"), True),
    ("MATCH (s)-[r:source]->(h:Trade_node) WHERE h.name = 'lubeck' RETURN s.name, r.flow",
     ("s.name", "r.flow"), True),
    ("MATCH (s)-[r:source]->(h:Trade_node {name: 'lubeck'}) RETURN r.flow",
     ("r.flow",), True),
    ("MATCH (h {name: 'lubeck'})<-[r:source]-(s) RETURN r.flow", ("r.flow",), True),
    ("SELECT flow FROM flow WHERE source = 'krakow'", ("flow",), False),     # out of a node
    ("SELECT source, dest FROM flow WHERE dest = 'lubeck'", ("source", "dest"), False),
    ("MATCH (s)-[r:source]->(h) RETURN s.name, h.name", ("s.name", "h.name"), False),
])
def test_iv_counts_the_flows_into_a_node_read_for_the_model_to_add(
        tmp_path: Path, query: str, columns: tuple[str, ...], has_iv: bool) -> None:
    ev = Eval(tmp_path, "planrag")
    ev.run("a", ran("q1", query, *columns))
    iv = ev.analyse().to_json()["table6_paper"]["relational"]["critical"]["IV"]
    assert iv["analysed"] == int(has_iv)


def test_building_table6_is_marked_as_not_the_papers(tmp_path: Path) -> None:
    ev = Eval(tmp_path, "planrag")
    ev.run("a", ran("q1", "SELECT pop_demand FROM goods"), label="2081")
    analysis = ev.analyse("building")
    t6 = analysis.to_json()["table6_paper"]
    assert (t6["in_paper"], t6["critical"]) == (False, ["current_output", "pop_demand"])
    assert t6["relational"]["critical"]["current_output"]["missed"] == 1
    assert t6["relational"]["critical"]["pop_demand"]["analysed"] == 1
    assert "The paper's Table 6 is Locating's" in analysis.markdown()


# -- Figure 5: the questions split by IterRAG's retrievals


def _iterrag_and_planrag(tmp_path: Path) -> tuple[Eval, Eval]:
    it = Eval(tmp_path, "iterrag", technique="iterrag")
    it.run("q1", BOTH, correct=True)                                          # single
    it.run("q2", [*failed("q1", "SELECT x"), *BOTH])                          # multiple
    it.run("q3", failed("q1", "SELECT x"))                                    # single
    it.run("q4", [])                                                          # none
    it.run("q6", None)                                                        # unknown
    it.run("q1", [*BOTH, *BOTH, *BOTH], form="graph", correct=True)           # multiple
    pl = Eval(tmp_path, "planrag")
    pl.run("q1", [*BOTH, *BOTH, *BOTH, *BOTH, *BOTH], correct=True)   # its own: multiple
    pl.run("q2", BOTH)                                                # its own: single
    pl.run("q3", [*BOTH, *BOTH], correct=True)
    pl.run("q5", BOTH, correct=True)                                  # IterRAG never ran it
    pl.run("q6", BOTH, correct=True)                                  # IterRAG's trace unknown
    pl.run("q1", BOTH, form="graph", correct=True)
    return it, pl


def test_figure5_splits_the_questions_by_iterrags_retrievals(tmp_path: Path) -> None:
    it, pl = _iterrag_and_planrag(tmp_path)
    iterrag, planrag = it.analyse(), pl.analyse()
    f5 = retrieval_split([iterrag], {"iterrag": [iterrag], "planrag": [planrag]})
    assert (f5["split_by"], f5["groups"], f5["techniques"]) == (
        "iterrag", ["single", "multiple"], ["iterrag", "planrag"])
    assert f5["relational"]["questions"] == {"single": 2, "multiple": 1, "none": 1,
                                             "unknown": 1}
    assert f5["graph"]["questions"] == {"single": 0, "multiple": 1, "none": 0, "unknown": 0}
    assert f5["overall"]["questions"]["multiple"] == 2
    # PlanRAG on IterRAG's split, not on its own query counts.
    assert f5["relational"]["techniques"]["planrag"] == {
        "single": {"runs": 2, "accuracy": 100.0},       # q1 and q3
        "multiple": {"runs": 1, "accuracy": 0.0},       # q2
        "unsplit": 2}                                    # q5 and q6
    assert f5["relational"]["techniques"]["iterrag"] == {
        "single": {"runs": 2, "accuracy": 50.0}, "multiple": {"runs": 1, "accuracy": 0.0},
        "unsplit": 2}                                    # q4 (no retrieval) and q6
    assert f5["overall"]["techniques"]["planrag"]["multiple"] == {"runs": 2, "accuracy": 50.0}


def test_figure5_matches_questions_by_scenario_as_well(tmp_path: Path) -> None:
    it, pl = _iterrag_and_planrag(tmp_path)
    it_b = Eval(tmp_path, "iterrag-b", technique="iterrag")
    it_b.run("q1", [*BOTH, *BOTH])                       # building q1: multiple
    pl_b = Eval(tmp_path, "planrag-b")
    pl_b.run("q1", BOTH, correct=True)
    f5 = retrieval_split([it.analyse(), it_b.analyse("building")],
                         {"planrag": [pl.analyse(), pl_b.analyse("building")]})
    rel = f5["relational"]
    assert rel["questions"]["multiple"] == 2
    assert rel["techniques"]["planrag"]["single"] == {"runs": 2, "accuracy": 100.0}
    assert rel["techniques"]["planrag"]["multiple"] == {"runs": 2, "accuracy": 50.0}


def test_one_evaluations_figure5_needs_iterrag(tmp_path: Path) -> None:
    it, pl = _iterrag_and_planrag(tmp_path)
    own = it.analyse().to_json()["figure5_paper"]
    assert own["techniques"] == ["iterrag"]
    assert own["relational"]["techniques"]["iterrag"]["single"] == {"runs": 2,
                                                                    "accuracy": 50.0}
    text = it.analyse().markdown()
    assert "| iterrag | single | 2 | 50.0% | 0 | - | 2 | 50.0% |" in text
    assert ("Questions in neither group: relational: 1 with no retrieval, 1 whose IterRAG "
            "trace is unknown.") in text
    alone = pl.analyse()
    assert alone.technique == "planrag"
    assert alone.to_json()["figure5_paper"]["split_by"] is None
    assert "This evaluation is not IterRAG's" in alone.markdown()


# -- Figure 6: CAN, MIS, DEEP, QUR, OTH over all runs


def test_figure6_puts_each_run_in_the_papers_categories(tmp_path: Path) -> None:
    ev = Eval(tmp_path, "planrag")
    seen_krakow = ran("q9", "SELECT trade_node FROM trade_node", "trade_node",
                      rows=[["Krakow"], ["lubeck"]])
    ev.run("ok", BOTH, correct=True)                                          # correct
    ev.run("stop", BOTH, outcome="failed")                                    # OTH
    ev.run("lost", None)                                                      # unknown
    ev.run("qur", [*failed("q2", "SELECT total_power FROM tradenode"),
                   *ran("q1", "SELECT ingoing FROM trade_node")])             # QUR
    ev.run("qur2", [*failed("q2", "SELECT x"), *BOTH], outcome="no_decision")  # QUR
    ev.run("mis", ran("q1", "SELECT total_power FROM trade_node"))            # MIS
    ev.run("oth", BOTH, outcome="no_decision")                                # OTH
    ev.run("can", [*BOTH, checked(None)])                                     # CAN: no candidate
    ev.run("can2", [*BOTH, *ran("q2", "SELECT trade_node FROM trade_node", "trade_node",
                                rows=[["lubeck"]]), checked(3)])              # CAN: never seen
    ev.run("deep", [*BOTH, *seen_krakow, checked(2)])                         # DEEP
    ev.run("deep2", [*failed("q2", "SELECT x"), *BOTH,
                     answer("Krakow gives less than lubeck")])               # DEEP: recovered
    ev.run("deep3", [*BOTH, *ran("q3", "SELECT flow FROM flow WHERE source = 'krakow'")])
    analysis = ev.analyse()
    f6 = analysis.to_json()["figure6_paper"]
    assert f6["order"] == list(FIGURE6_CATEGORIES) == ["CAN", "MIS", "DEEP", "QUR", "OTH"]
    rel = f6["relational"]
    assert (rel["questions"], rel["correct"]) == (12, 1)
    assert {c: v["runs"] for c, v in rel["categories"].items()} == {
        "CAN": 2, "MIS": 1, "DEEP": 3, "QUR": 2, "OTH": 2, "unknown": 1}
    assert rel["categories"]["DEEP"]["share"] == 25.0                      # of all 12 runs
    assert rel["categories"]["MIS"]["share"] == pytest.approx(100 / 12)
    text = analysis.markdown()
    assert "| DEEP | 3 (25.0%) |" in text
    assert "| unknown (trace unknown) | 1 (8.3%) |" in text
    assert "| correct | 1 |" in text and "| all runs | 12 |" in text
    assert "Shares are of all the runs." in text


def test_figure6_over_no_runs(tmp_path: Path) -> None:
    data = analyse([], tmp_path, "locating").to_json()
    assert data["figure6_paper"]["overall"]["categories"]["CAN"] == {"runs": 0, "share": None}
    assert data["table6_paper"]["overall"]["critical"]["IV"]["share"] is None
    assert data["figure5_paper"]["split_by"] is None
