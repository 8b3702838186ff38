"""Every number of an answer tied to the data (issue 22, 1): the claims of final_answer and
the numbers of its rationale are checked against the whole results of the run; what the data
does not bear out is told to the model once, then marked in the answer."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from planrag.engine import Reply, ScriptedModel, call
from planrag.engine.events import AnswerProposed, Claim, event_to_json
from planrag.engine.evidence import (
    EvidenceError,
    ResultIndex,
    check_claim,
    objection,
    parse_formula,
    rationale_claims,
    stated_numbers,
    tolerance,
)
from planrag.engine.react import ReactModel, parse_react
from planrag.engine.verdict import answer_lines
from planrag.table import Table
from tests.engine.conftest import SWE_ROWS, TEXT, collect, plan, sql

WARDS = Table(
    ("ward", "ot_hours", "cost", "note"),
    (("W1", 12.5, Decimal("1240.37"), "ok"),
     ("W2", 30, Decimal("800.00"), None),
     ("W3", None, "15", "12 beds")),
    3,
)
LOOKUP = {"q2": WARDS}.get
INDEX = ResultIndex([("q2", WARDS)])


def claim(value: float, source: str | None, text: str = "a number") -> Claim:
    return check_claim(text, value, source, LOOKUP, INDEX)


@pytest.mark.parametrize(("value", "source"), [
    (12.5, "q2[1].ot_hours"),
    (1240, "q2[ward=W1].cost"),              # an integer is within half a unit
    (1240.4, "round(q2[1].cost, 1)"),
    (2055.37, "sum(q2[*].cost)"),           # a text numeral counts as its number
    (21.25, "avg(q2[*].ot_hours)"),         # NULL is left out of a whole column
    (17.5, "q2[2].ot_hours − q2[1].ot_hours"),
    (42.5, "max(q2[*].ot_hours) + min(q2[1].ot_hours, 99)"),
    (800, "q2[ward='W2'].cost"),
    (2.4, "q2[2].ot_hours / q2[1].ot_hours"),
    (1240.37, "q2[1].COST"),                # columns are found whatever their case
])
def test_a_matching_source_verifies_its_claim(value: float, source: str) -> None:
    checked = claim(value, source)
    assert checked.verified is True and checked.data is None and checked.note == ""
    assert checked.cells and all(c[0] == "q2" for c in checked.cells)


def test_a_source_that_gives_another_number_says_what_the_data_says() -> None:
    checked = claim(2040.37, "sum(q2[*].cost)")
    assert checked.verified is False and checked.data == pytest.approx(2055.37)
    assert claim(12.4, "q2[1].ot_hours").data == 12.5  # 12.4 states a tenth


@pytest.mark.parametrize(("source", "reason"), [
    ("q2[3].ot_hours", "q2 row 3, ot_hours, is empty (NULL)"),
    ("q2[1].note", "q2 row 1, note, is not a number ('ok')"),
    ("q2[0].cost", "rows count from 1"),
    ("q2[9].cost", "q2 has 3 row(s), not 9"),
    ("q7[1].cost", "q7 is not a query of this run"),
    ("q2[1].price", "q2 has no column 'price' (its columns: ward, ot_hours, cost, note)"),
    ("q2[ward=W9].cost", "no row of q2 has ward = 'W9'"),
    ("q2[*].cost", "a whole column ([*]) is a number only inside"),
    ("__import__('os').system('id')", "'__import__' is not a function"),
    ("q2[1].cost; DROP", "cannot be read at ';"),
    ("exp(q2[1].cost)", "'exp' is not a function of sources"),
    ("q2[1].cost / 0", "divides by zero"),
    ("(" * 40 + "1" + ")" * 40, "nests brackets deeper than 20"),
    ("1 +" * 150 + "1", "longer than 400 characters"),
    ("q2[1].cost q2[2].cost", "left over"),
])
def test_a_source_that_cannot_be_read_says_why(source: str, reason: str) -> None:
    checked = claim(1, source)
    assert checked.verified is False and reason in checked.note, checked.note


def test_rows_chosen_by_a_value_must_be_one() -> None:
    table = Table(("w", "x"), (("A", 1), ("A", 2)), 2)
    checked = check_claim("x", 1, "q1[w=a].x", {"q1": table}.get)
    assert checked.verified is False and "2 rows of q1 have w = 'a'" in checked.note


def test_a_claim_without_a_source_is_looked_for() -> None:
    found = claim(800, None)
    assert found.verified is True and found.source == "q2[2].cost"
    assert found.cited_by == "engine" and found.cells == (("q2", 2, "cost"),)
    missing = claim(801, None)
    assert missing.verified is None and missing.source is None
    assert missing.note == "not found in the data"


def test_precision_is_the_one_stated() -> None:
    assert tolerance(12.5) == pytest.approx(0.05, rel=1e-4)
    assert tolerance(1240) == pytest.approx(0.5, rel=1e-4)
    assert tolerance(1200, approximate=True) == pytest.approx(50, rel=1e-4)
    assert tolerance(0.125, "0.1250") == pytest.approx(0.00005, rel=1e-4)
    assert claim(1200, "q2[1].cost", "about 1,200 EUR").verified is True
    assert claim(1200, "q2[1].cost", "1,200 EUR").verified is False


def test_the_numbers_a_rationale_states() -> None:
    text = ("W1 logged 12.5 hours in step 2 (q2) on 2024-03-01, costing about 1,200 EUR; "
            "3 wards, a 4.5% rise, 2.3k in total, in 2025; rank 4, W3, 3rd")
    stated = [(s.written, s.value, round(s.tol, 4), s.percent) for s in stated_numbers(text)]
    assert stated == [("12.5", 12.5, 0.05, False), ("1,200", 1200, 50.0, False),
                      ("4.5%", 4.5, 0.05, True), ("2.3k", 2300, 50.0, False)]
    assert [s.written for s in stated_numbers(text, skip=[12.5, 4.5])] == ["1,200", "2.3k"]


def test_rationale_numbers_are_cited_where_found_and_marked_where_not() -> None:
    claims = [c for _, c in rationale_claims(
        "W2 costs 800 and W1 works 12.50 hours; 975 is a guess.", INDEX, [])]
    assert [(c.value, c.verified, c.source) for c in claims] == [
        (800, True, "q2[2].cost"), (12.5, True, "q2[1].ot_hours"), (975, False, None)]
    assert all(c.cited_by == "engine" for c in claims)
    assert claims[2].note == "not found in the data"


def test_a_percentage_matches_its_fraction() -> None:
    index = ResultIndex([("q1", Table(("share",), ((0.125,),), 1))])
    (_, found), = rationale_claims("a share of 12.5% of the beds", index, [])
    assert found.verified is True and found.source == "q1[1].share"


def test_what_the_model_is_told() -> None:
    told = objection([claim(2040.37, "sum(q2[*].cost)", "total cost"), claim(1, "q2[1].x"),
                      claim(801, None, "beds"), claim(12.5, "q2[1].ot_hours")])
    assert told.startswith("Not recorded yet: these numbers do not match the data.")
    assert "1. \u201ctotal cost\u201d (2040.37): sum(q2[*].cost) is 2055.37 in the data" in told
    assert "2. \u201ca number\u201d (1): q2[1].x: q2 has no column 'x'" in told
    assert "3. \u201cbeds\u201d (801): not found in any result of this run" in told
    assert "12.5" not in told and "call final_answer again" in told
    assert objection([claim(12.5, "q2[1].ot_hours")]) == ""


def test_the_answer_marks_and_numbers_its_claims() -> None:
    claims = (claim(12.5, "q2[1].ot_hours", "W1 overtime hours"),
              claim(2040.37, "sum(q2[*].cost)", "total cost"),
              claim(975, None, "a guess"))
    answer = AnswerProposed("W2", "W1 works 12.5 hours; all cost 2,040.37; 975 more.", ("q2",),
                            claims=claims)
    plain = answer_lines(answer, None, queries={"q2": "query 2 (step 1, wards)"})
    assert plain[1] == ("Why: W1 works 12.5 [1] hours; all cost 2,040.37 [2: the data says "
                        "2,055.37]; 975 [3: not found in the data] more.")
    assert plain[3:] == [
        "Where the numbers come from:",
        "[1] 12.5, W1 overtime hours: query 2, row 1, Ot hours.",  # columns in words
        "[2] 2,040.37, total cost: the data says 2,055.37 (computed over every row of query "
        "2: sum(Cost)).",
        "[3] 975, a guess: not found in the data.",
    ]
    chat = answer_lines(answer, None, style="markdown", links=True)
    assert "12.5 [\\[1\\]](#planrag-q2-row-1)" in chat[1]
    assert chat[4] == "\\[1\\] 12.5, W1 overtime hours: [q2, row 1, Ot hours](#planrag-q2-row-1)."
    assert "**the data says 2,055.37**" in chat[5] and "every row of q2: sum(Cost)" in chat[5]


def test_a_formula_reads_as_columns_of_the_rows_it_was_computed_from() -> None:
    """A manager reads where a computed number comes from in words: the query and row once
    when the cells share them, with each cell where they differ; the chat links each row."""
    queries = {"q2": "query 2 (step 1, wards)"}
    shared = claim(12.5 / 1240.37, "q2[ward=W1].ot_hours / q2[ward=W1].cost", "rate")
    mixed = claim(17.5, "q2[2].ot_hours - q2[ward=W1].ot_hours", "gap")
    unary = claim(-12.5, "-q2[1].ot_hours", "negative")
    broken = claim(1, "q2[9].ot_hours", "none")
    lines = answer_lines(AnswerProposed("W2", "see", ("q2",),
                                        claims=(shared, mixed, unary, broken)),
                         None, queries=queries)
    said = lines[-4:]
    assert said[0].endswith("rate: computed from query 2, row 1: Ot hours / Cost.")
    assert said[1].endswith("gap: computed as Ot hours (query 2, row 2) - Ot hours "
                            "(query 2, row 1).")
    assert said[2].endswith("negative: computed from query 2, row 1: -Ot hours.")
    assert said[3].startswith("[4] 1, none: not found in the data")
    chat = answer_lines(AnswerProposed("W2", "see", ("q2",), claims=(shared, mixed)), None,
                        queries=queries, style="markdown", links=True)
    assert "computed from query 2, [row 1](#planrag-q2-row-1): Ot hours / Cost." in chat[-2]
    assert ("Ot hours (query 2, [row 2](#planrag-q2-row-2)) \\- Ot hours (query 2, "
            "[row 1](#planrag-q2-row-1))") in chat[-1]


def test_hostile_claim_text_is_inert_where_shown() -> None:
    bad = claim(12.5, "q2[1].ot_hours", "<@U123> [click](http://x) *bold*")
    answer = AnswerProposed("W1", "see", (), claims=(bad,))
    slack = answer_lines(answer, None, style="slack")[-1]
    assert "<@U123>" not in slack
    chat = answer_lines(answer, None, style="markdown")[-1]
    assert "[click](http://x)" not in chat


# -- through the engine, with the scripted model behind an OpenAI-compatible server

KRAKOW = "q1[trade_node=krakow].base_trading_power"


def final(claims: list[dict[str, Any]], rationale: str) -> tuple[str, dict[str, Any]]:
    return call("final_answer", decision="krakow", rationale=rationale, query_ids=["q1"],
                claims=claims)


FIRST = final(
    [{"text": "SWE's power at Novgorod", "value": 11.795, "source": "q1[2].base_trading_power"},
     {"text": "SWE's power at Krakow", "value": 8.5, "source": KRAKOW},
     {"text": "SWE's power on every node", "value": 93.1,
      "source": "sum(q1[*].base_trading_power)"}],
    "Krakow holds 7.98 and Lubeck 10.5 of SWE's power, 93.1 in all; 999 is invented.",
)
SECOND = final(
    [{"text": "SWE's power at Krakow", "value": 7.98, "source": KRAKOW},
     {"text": "SWE's power on every node", "value": 93.1,
      "source": "sum(q1[*].base_trading_power)"}],
    "Krakow holds 7.98 and Lubeck 10.5 of SWE's power, 93.1 in all; 999 is invented.",
)


async def over_http(engine_for, model: Any) -> list[Any]:  # type: ignore[no-untyped-def]
    from planrag.engine.openai_model import OpenAIModel
    from planrag.engine.scripted_server import ScriptedServer

    async with ScriptedServer(model) as server:
        client = OpenAIModel("scripted-gpt", base_url=server.base_url, api_key="x")
        outer = ReactModel(client) if isinstance(model, _Text) else client
        async with engine_for(outer) as engine:
            events = await collect(engine.run(TEXT))
        await client.close()
    return events


class _Text(ScriptedModel):
    """A scripted model that writes the text format (it is wrapped in ReactModel)."""


def _check_the_run(events: list[Any], model: ScriptedModel, told_at: int) -> None:
    answers = [e for e in events if isinstance(e, AnswerProposed)]
    assert len(answers) == 1  # the first answer went back to the model, not to the person
    told = model.requests[told_at].messages[-1]["content"]
    assert "Not recorded yet: these numbers do not match the data." in told
    assert f"\u201cSWE's power at Krakow\u201d (8.5): {KRAKOW} is 7.98 in the data" in told
    assert "(999): not found in any result of this run" in told
    assert "Novgorod" not in told and "93.1" not in told
    claims = {c.value: c for c in answers[0].claims}
    assert claims[7.98].verified is True and claims[7.98].cells == (("q1", 4,
                                                                     "base_trading_power"),)
    assert claims[93.1].verified is True and claims[93.1].cells == (("q1", 0,
                                                                     "base_trading_power"),)
    assert claims[10.5].cited_by == "engine" and claims[10.5].source == "q1[3].base_trading_power"
    assert claims[999].verified is False and claims[999].source is None
    data = event_to_json(answers[0])["claims"]
    assert {"text", "value", "source", "verified"} <= set(data[0])
    assert [c["verified"] for c in data] == [True, True, True, False]
    assert isinstance(data[0]["value"], float) and data[3]["value"] == 999
    assert events[-1].decision == "krakow"


async def test_tools_claims_are_checked_and_told_once(engine_for) -> None:  # type: ignore[no-untyped-def]
    model = ScriptedModel([Reply(calls=[plan("SWE's power per node")]),
                           Reply(calls=[sql(SWE_ROWS)]),
                           Reply(calls=[FIRST]),
                           Reply(calls=[SECOND])])
    events = await over_http(engine_for, model)
    model.assert_all_used()
    _check_the_run(events, model, told_at=3)


async def test_the_model_is_told_only_once(engine_for) -> None:  # type: ignore[no-untyped-def]
    model = ScriptedModel([Reply(calls=[plan("SWE's power per node")]),
                           Reply(calls=[sql(SWE_ROWS)]),
                           Reply(calls=[FIRST]),
                           Reply(calls=[FIRST])])
    events = await over_http(engine_for, model)
    model.assert_all_used()
    (answer,) = [e for e in events if isinstance(e, AnswerProposed)]
    marked = [c for c in answer.claims if c.verified is False]
    assert {c.value for c in marked} == {8.5, 999}
    assert "Not recorded yet" in model.requests[3].messages[-1]["content"]
    assert events[-1].decision == "krakow"


async def test_text_format_evidence_lines_are_claims(engine_for) -> None:  # type: ignore[no-untyped-def]
    rationale = ("Thought: Krakow holds 7.98 and Lubeck 10.5 of SWE's power, 93.1 in all; 999 "
                 "is invented (q1).")
    every = "Evidence: SWE's power on every node = 93.1 from sum(q1[*].base_trading_power)"
    model = _Text([
        Reply(f"Plan: [Step 1: SWE's power per node]\nAction: SQL\nAction input: {SWE_ROWS}"),
        Reply(f"Re-plan: N\n{rationale}\nFinal answer: krakow\n"
              "Evidence: SWE's power at Novgorod = 11.795 from q1[2].base_trading_power\n"
              f"Evidence: SWE's power at Krakow = 8.5 from {KRAKOW}\n{every}"),
        Reply(f"{rationale}\nFinal answer: krakow\n"
              f"Evidence: SWE's power at Krakow: 7.98 ({KRAKOW})\n{every}"),
    ])
    events = await over_http(engine_for, model)
    model.assert_all_used()
    _check_the_run(events, model, told_at=2)
    told = model.requests[2].messages[-1]["content"]
    assert "`Final answer:`" in told and "final_answer" not in told


def test_the_text_format_reads_evidence_lines() -> None:
    text = ("Thought: q1 says so\nFinal answer: krakow\n"
            "Evidence: power at Krakow = 7.98 from q1[4].base_trading_power\n"
            "Evidence:\n- the total: 93.1 (sum(q1[*].base_trading_power))\n"
            "- a bare number = 1,200\n- no number here")
    ((name, args),) = parse_react(text, {"final_answer"})
    assert name == "final_answer" and args["decision"] == "krakow"
    assert args["claims"] == [
        {"text": "power at Krakow", "value": 7.98, "source": "q1[4].base_trading_power"},
        {"text": "the total", "value": 93.1, "source": "sum(q1[*].base_trading_power)"},
        {"text": "a bare number", "value": 1200},
    ]


def test_formulas_parse_to_the_cells_they_read() -> None:
    formula = parse_formula("round(sum(q1[*].a) / q2[w=\"X Y\"].`b c`, 2)")
    assert [c.text() for c in formula.cells] == ["q1[*].a", "q2[w=X Y].b c"]
    with pytest.raises(EvidenceError, match="empty"):
        parse_formula("  ")


async def test_one_message_says_every_reason_an_answer_is_held(engine_for) -> None:  # type: ignore[no-untyped-def]
    """A planned step never run and a number the data does not bear out: the model hears
    both at once, then its answer is recorded."""
    steps = [{"goal": "SWE's power per node", "source": "sql", "reads": ["node_country"]},
             {"goal": "flows into baltic_sea", "source": "sql", "reads": ["flow"]}]
    model = ScriptedModel([Reply(calls=[call("make_plan", steps=steps)]),
                           Reply(calls=[sql(SWE_ROWS)]),
                           Reply(calls=[FIRST]),
                           Reply(calls=[SECOND])])
    async with engine_for(model) as engine:
        events = await collect(engine.run(TEXT))
    model.assert_all_used()
    told = model.requests[3].messages[-1]["content"]
    assert told.startswith("Not recorded yet. Step 1 of the plan never ran")
    assert "\nThese numbers do not match the data.\n1. " in told
    assert told.count("Not recorded yet") == 1 and told.count("final_answer again") == 1
    assert len([e for e in events if isinstance(e, AnswerProposed)]) == 1


def test_a_footnote_names_the_clause_and_the_row_the_words_name() -> None:
    """The manager's walk on a bus fleet (issue 36): "about 1,300 km a week" at Riverside was
    cited from the first row near 1,300 (another depot's), its footnote repeated the whole
    sentence, and "per 100 km" was marked as a number not found in the data."""
    depots = Table(("dpt_cd", "dpt_nm", "avg_wk_km", "chg_free"),
                   (("NTH", "North Yard", 1310.0, 4), ("RVS", "Riverside", 1290.0, 6)), 2)
    index = ResultIndex([("q1", depots)])
    claims = [c for _, c in rationale_claims(
        "Riverside has 6 free charging points and its buses run about 1,300 km a week each "
        "at 40.1 l per 100 km; North Yard runs 1,310 km.", index, [])]
    assert [(c.value, c.source, c.text) for c in claims] == [
        (1300, "q1[2].avg_wk_km", "its buses run about 1,300 km a week each at 40.1 l per "
                                  "100 km"),
        (40.1, None, "its buses run about 1,300 km a week each at 40.1 l per 100 km"),
        (1310, "q1[1].avg_wk_km", "North Yard runs 1,310 km")]
    # Without a name in its clause, the first row holding the number is cited, as before.
    (_, first), = rationale_claims("the buses run about 1,300 km", index, [])
    assert first.source == "q1[1].avg_wk_km"
    # A number near another row's, in a sentence about one row: that row's cell says
    # otherwise (North Yard's 1,310 is no support for Riverside's "1,310").
    (_, other), = rationale_claims("Riverside's buses run 1,310 km.", index, [])
    assert (other.verified, other.source, other.data) == (False, "q1[2].avg_wk_km", 1290.0)
    # Two rows named: which one is meant is not guessed.
    (_, both), = rationale_claims("Riverside and North Yard run 1,310 km.", index, [])
    assert (both.verified, both.source) == (True, "q1[1].avg_wk_km")
