"""One way of saying an answer: verdict first, in the objective's unit, names not ids."""

from __future__ import annotations

from planrag.engine.events import AnswerProposed, SimulatorChecked
from planrag.engine.verdict import answer_lines, effect, headline
from planrag.present import cell, number, percent, quantity, signed, signed_quantity


def _check(**changes: object) -> SimulatorChecked:
    values: dict[str, object] = dict(
        simulator="warehouse-expansion", rules="greedy", decision=2, agrees=False, rank=2,
        candidates=4, value=1327.3, baseline=1327.3, best=4, best_value=1300.7036,
        gap=26.5964, ties=(), near_ties=(), objective="minimise",
        description="weekly delivery cost", unit="EUR", digits=4,
        labels=((4, "East Point, Leipzig"), (2, "Rhine Depot, Cologne")),
        improves=True, unchanged=3,
    )
    values.update(changes)
    return SimulatorChecked(**values)  # type: ignore[arg-type]


ANSWER = AnswerProposed(2, "Rhine Depot ships the most.", ("q1", "q2"))


def test_numbers_for_reading() -> None:
    assert [number(x) for x in (1300.7036, 26.6034, 0.00630933, 0.684039, 1234567.8, 0)] == [
        "1,301", "26.6", "0.00631", "0.684", "1,234,568", "0"]
    assert number(-26.6) == "−26.6" and signed(26.6) == "+26.6" and signed(0) == "0"
    assert percent(-26.6, 1327.3) == "−2.0%" and percent(0.0769542, 0.42074) == "+18.3%"
    assert [cell(v) for v in (True, False, None, 1836, 12345, 0.1 + 0.2)] == [
        "yes", "no", "–", "1836", "12,345", "0.3"]


def test_the_verdict_leads_with_the_simulators_pick_by_name() -> None:
    lines = answer_lines(ANSWER, _check(), style="markdown")
    assert lines[0] == ("**Best decision: East Point, Leipzig**: weekly delivery cost 1,300.70 "
                        "EUR, 26.60 EUR (2.0%) less than if nothing changes.")
    assert lines[1] == ("The assistant's analysis chose **Rhine Depot, Cologne** instead: rank 2 "
                        "of 4, weekly delivery cost 1,327.30 EUR, 26.60 EUR (2.0%) worse than "
                        "the best.")
    assert lines[2] == "Checked with the simulator warehouse-expansion."
    assert lines[3] == "Why: Rhine Depot ships the most."
    assert lines[4] == "Based on q1 and q2."
    titled = answer_lines(ANSWER, _check(check_title="Warehouse expansion (demo)"))
    assert titled[2] == "Checked with the dataset's simulator “Warehouse expansion (demo)”."


def test_agreement_ties_and_near_ties_are_said_plainly() -> None:
    agreed = answer_lines(ANSWER, _check(decision=4, agrees=True, rank=1, value=1300.7036,
                                         gap=0.0, ties=(1,), near_ties=(3,)), style="plain")
    assert agreed[1] == "The assistant's analysis reached the same decision."
    assert agreed[2] == "Exactly as good as the best: 1."
    assert agreed[3].startswith("Practically as good (within 0.0001%): 3")
    tied = answer_lines(ANSWER, _check(decision=1, agrees=True, rank=1), style="slack")
    assert tied[1] == "The assistant's analysis chose *1*, which is exactly as good."


def test_no_improvement_not_a_candidate_and_no_check() -> None:
    none = _check(improves=False, best_value=1327.3)
    assert headline(none, "plain") == ("Better to change nothing: no decision improves the "
                                       "weekly delivery cost (1,327.30 EUR).")
    stray = answer_lines(ANSWER, _check(decision="Bonn", rank=None, value=None, gap=None),
                         style="plain")
    assert stray[1] == ("The assistant's analysis answered Bonn, which is not one of the 4 "
                        "possible decisions, so it could not be checked.")
    unchecked = answer_lines(ANSWER, None, "no relational dump", style="markdown")
    assert unchecked[0] == "**The assistant's decision: 2**"
    assert unchecked[1] == "Not checked: no relational dump."
    plain = answer_lines(ANSWER, None, style="markdown", scripted=True)
    assert plain[0] == "**Decision: 2** (scripted)"
    live = answer_lines(ANSWER, _check(data_as_of="2026-11-23 23:40:00 UTC"), style="plain")
    assert ("Checked with the simulator warehouse-expansion, on the live data as of "
            "2026-11-23 23:40:00 UTC.") in live


def test_effect_in_both_directions_and_markup_is_escaped() -> None:
    # In the format of the value it is said beside (0.498): three decimals.
    assert effect(0.498, 0.4207, "ducats", 4) == ("0.077 ducats (18.4%) more than if nothing "
                                                  "changes")
    assert effect(5, 5, "", 4) == "the same as changing nothing"
    assert effect(39.72, 43.24, "£", 4) == "£3.52 (8.1%) less than if nothing changes"
    evil = _check(labels=((4, "*bold* [x](y)"),))
    assert headline(evil, "markdown").startswith("**Best decision: \\*bold\\* \\[x\\](y)**")
    assert "&lt;b&gt;" in headline(_check(labels=((4, "<b>"),)), "slack")
    # The API and MCP: bold stays, nothing escaped (issue 35, point 4).
    assert headline(evil, "text").startswith("**Best decision: *bold* [x](y)**")
    text = "\n".join(answer_lines(ANSWER, _check(labels=((4, "at 18:49:48"),)), style="text"))
    assert "at 18:49:48" in text and "\\" not in text, text


def test_money_reads_to_two_decimals_its_unit_placed_alike() -> None:
    """Issue 19, 9: "£39.72" beside "−3.523 £" in one table; money to two decimals."""
    assert quantity(39.7236, "£") == "£39.72" and signed_quantity(-3.5231, "£") == "−£3.52"
    assert quantity(1300.7036, "EUR") == "1,300.70 EUR"
    assert signed_quantity(-26.5964, "EUR") == "−26.60 EUR"
    assert signed_quantity(26.5964, "EUR") == "+26.60 EUR"
    assert quantity(-0.001, "£") == "−£0.001"  # under a penny: not "−£0.00" (issue 36, 8)
    assert quantity(0.4981, "ducats") == "0.498 ducats"  # not money: significant figures


def test_an_amount_the_question_gave_is_restated() -> None:
    """Issue 19, 10: the question's assumed amount ("500 kg") is said in the answer, right
    under the verdict; parameters the verdict already names (SWE, furniture) are not."""
    check = _check(assumed=(("Extra weekly capacity (kg)", "500"),))
    lines = answer_lines(ANSWER, check, style="plain")
    assert lines[0].startswith("Best decision: East Point, Leipzig")
    assert lines[1] == "Assumed: extra weekly capacity 500 kg."
    named = _check(description="SWE's profit at baltic_sea", assumed=(("Country", "SWE"),))
    assert not any(x.startswith("Assumed") for x in answer_lines(ANSWER, named))


def test_the_queries_an_answer_rests_on_are_named_as_shown() -> None:
    """Issue 19, 7: "Based on q1" says where to look, in the front end's words."""
    lines = answer_lines(ANSWER, _check(), style="markdown", queries={
        "q1": "query 1 (step 1, compare the *capacity*)"})
    assert lines[-1] == "Based on query 1 (step 1, compare the \\*capacity\\*) and q2."


def test_the_terminal_prints_no_closing_words_above_the_answer() -> None:
    """Issue 19, 3: "Decision: novgorod." (the reply that answers) stood above the Answer
    box's "Best decision: Krakow"; the words of other replies are still printed."""
    import io

    from rich.console import Console

    from planrag.engine.events import AnswerChecked, ModelCalled, ModelText
    from planrag.engine.render import TerminalRenderer

    out = io.StringIO()
    renderer = TerminalRenderer(Console(file=out, width=200, highlight=False))
    for event in (ModelText("I will "), ModelText("plan first."),
                  ModelCalled(1, 0, 0, 0.1, ("make_plan",)),
                  ModelText("Decision: "), ModelText("Rhine Depot."),
                  ModelCalled(2, 0, 0, 0.1, ("final_answer",)), ANSWER, _check(),
                  AnswerChecked(ANSWER, _check())):
        renderer.render(event)  # type: ignore[arg-type]
    text = out.getvalue()
    assert "I will plan first." in text and "Decision: Rhine" not in text
    assert "Best decision: East Point, Leipzig" in text


def test_a_change_from_nothing_is_not_said_twice() -> None:
    """The manager's walk on a bus fleet (issue 36): a saving where changing nothing saves 0
    read "1,443.90 EUR/week, 1,443.90 EUR/week more than if nothing changes"."""
    check = _check(value=1443.9, baseline=0.0, best_value=1443.9, best=4, decision=4,
                   agrees=True, rank=1, gap=0.0, description="weekly fuel saving",
                   unit="EUR/week", objective="maximise")
    assert headline(check) == ("Best decision: East Point, Leipzig: weekly fuel saving "
                               "1,443.90 EUR/week (none if nothing changes).")
    assert effect(5.0, 0.0, "", 4) == "none if nothing changes"
    assert effect(0.0, 0.0, "", 4) == "the same as changing nothing"
