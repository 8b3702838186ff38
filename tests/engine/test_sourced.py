"""Numbers an answer may state besides the data's (issue 33, 3: claims without false
alarms): the question's, the rules', the parameters', the check's own output, and arithmetic
on them, each said with where it comes from; a made-up number is still marked."""

from __future__ import annotations

from planrag.engine.events import AnswerProposed, Claim
from planrag.engine.evidence import ResultIndex, rationale_claims
from planrag.engine.sourced import Given
from planrag.engine.verdict import answer_lines, claim_lines
from planrag.table import Table

GIVEN = Given.of(question="Which ward should get 2 extra night nurses for 7 nights?",
                 parameters=[650.0], rules="Agency nurses cost 650 EUR a night; a shift "
                 "pays 310 EUR.", check=[12480.5, 13900.0])
RESULTS = [("q1", Table(("ward_cd", "short_cnt"), (("STB-4N", 14), ("RVG-ASH", 9)), 2))]


def _rationale(text: str) -> list[Claim]:
    found = rationale_claims(text, ResultIndex(RESULTS), [])
    return [GIVEN.settle(claim) for _, claim in found]


def test_each_origin_is_said() -> None:
    claims = _rationale("With 2 nurses for 7 nights at 310 EUR a shift the check's best is "
                        "12,480.5 EUR; 4 North is short 14 nurse-nights at 650 EUR.")
    by_value = {c.value: c for c in claims}
    assert by_value[310].origin == "rules" and by_value[310].note == "from the dataset's rules"
    assert by_value[12480.5].origin == "check" and by_value[12480.5].verified
    assert by_value[650].origin == "parameters"  # the check's default, before the rules
    fourteen = by_value[14]
    assert fourteen.verified and fourteen.origin == "data" and fourteen.source == "q1[1].short_cnt"
    assert all(c.verified for c in claims)


def test_a_number_the_question_states_is_the_questions_even_when_the_data_has_it() -> None:
    given = Given.of(question="Which ward should get 14 more nurses?")
    (claim,) = [given.settle(c) for _, c in rationale_claims(
        "Adding 14 nurses to 4 North covers its gap.", ResultIndex(RESULTS), [])]
    assert claim.origin == "question" and claim.verified and not claim.cells


def test_arithmetic_on_given_numbers_is_checked_not_flagged() -> None:
    claims = _rationale("That is 4,340 EUR of pay a week for 2 nurses, and 1,300 EUR a night "
                        "of agency cover avoided.")
    pay, agency = claims
    assert agency.verified and agency.source == "2 × 650"
    assert agency.note == "computed from your question and the parameters"
    assert pay.verified and pay.source == "2 × 7 × 310"
    lines = claim_lines(claims)
    assert lines[1].startswith("[1] 4,340, That is 4,340 EUR of pay a week for 2 nurses")
    assert lines[1].endswith(": computed from your question and the dataset's rules "
                             "(2 × 7 × 310).")


def test_a_made_up_number_is_still_marked() -> None:
    (claim,) = _rationale("The saving is 12,345 EUR a week.")
    assert claim.verified is False and claim.origin == ""
    answer = AnswerProposed("STB-4N", "The saving is 12,345 EUR a week.", (), claims=(claim,))
    assert "[1: not found in the data]" in answer_lines(answer, None)[1]


def test_a_cited_cell_that_says_otherwise_stays_the_finding() -> None:
    wrong = Claim("short nurse-nights", 650.0, "q1[1].short_cnt", False, data=14.0,
                  cells=(("q1", 1, "short_cnt"),))
    assert GIVEN.settle(wrong) == wrong  # 650 is a given number, but the model cited a cell


def test_a_model_claim_that_names_its_origin_in_words() -> None:
    claim = Claim("extra nurses", 2.0, "the question", False, note="the source cannot be read")
    settled = GIVEN.settle(claim)
    assert settled.verified and settled.origin == "question"
    assert claim_lines([settled])[1] == "[1] 2, extra nurses: from your question."


def test_a_number_the_check_computes_is_the_checks_in_the_verdict() -> None:
    """The manager's walk on a bus fleet (issue 36): the answer's "save about 1,444 EUR a
    week" was "not found in the data" right under the verdict whose check computed 1,444
    (the check runs after the answer). With the check's figures, it is the check's; a made-up
    number stays marked."""
    from planrag.engine.events import SimulatorChecked

    check = SimulatorChecked(
        simulator="ebus", rules="", decision="RVS", agrees=True, rank=1, candidates=8,
        value=1444.37, baseline=0.0, best="RVS", best_value=1444.37, gap=0.0, ties=(),
        near_ties=(), objective="maximise", description="weekly fuel saving", unit="EUR/week",
        top=(("RVS", 1444.37), ("UNI", 1384.0)))
    found = rationale_claims("the new buses save about 1,444 EUR a week, not 977 EUR",
                             ResultIndex(RESULTS), [])
    answer = AnswerProposed("RVS", "the new buses save about 1,444 EUR a week, not 977 EUR",
                            ("q1",), claims=tuple(c for _, c in found))
    assert [c.verified for c in answer.claims] == [False, False]
    lines = answer_lines(answer, check)
    assert "save about 1,444 [1] EUR a week, not 977 [2: not found in the data] EUR" in "\n".join(
        lines)
    assert lines[-2:] == ["[1] 1,444, the new buses save about 1,444 EUR a week: from the check.",
                          "[2] 977, not 977 EUR: not found in the data."]
    # Without the check (a question of fact), the same number is not found in the data.
    assert "[1: not found in the data]" in "\n".join(answer_lines(answer, None))
