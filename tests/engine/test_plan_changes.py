"""Issue 36, point 7: approving a re-plan could end in the same answer as keeping the plan,
with no word of what the approval changed. The answer now says it (`AnswerChecked.changes`,
worded by `planrag.engine.verdict.change_line` for every front end): the steps added and
dropped, whether their queries ran and the answer rests on them, and the answer before."""

from __future__ import annotations

from planrag.engine import (
    AnswerChecked,
    AnswerProposed,
    PlanChange,
    Reply,
    ScriptedModel,
    call,
)
from planrag.engine.verdict import answer_lines, change_line
from tests.engine.conftest import TEXT, answer, collect, plan, sql

FLOWS = "SELECT source, flow FROM flow WHERE dest = 'baltic_sea'"


def _replanning(*, use_flows: bool) -> ScriptedModel:
    """Plan "powers", its query, a re-plan that adds "flows into baltic_sea", that step's
    query (when approved), the answer krakow resting on it or not."""
    return ScriptedModel([
        Reply(calls=[plan("powers")]),
        Reply(calls=[sql()]),
        Reply(calls=[call("revise_plan", reason="flows matter too",
                          steps=[{"goal": "powers", "source": "sql"},
                                 {"goal": "flows into baltic_sea", "source": "sql"}])]),
        Reply(calls=[sql(FLOWS, step=1)]),
        Reply(calls=[answer("krakow", *(("q1", "q2") if use_flows else ("q1",)))]),
    ])


def _closing(events: list[object]) -> AnswerChecked:
    closing = [e for e in events if isinstance(e, AnswerChecked)]
    assert closing, events
    return closing[-1]


async def test_an_approved_new_step_is_said_with_the_answer(engine_for) -> None:  # type: ignore[no-untyped-def]
    async with engine_for(_replanning(use_flows=True), consent="approve") as engine:
        closing = _closing(await collect(engine.run(TEXT)))
    (change,) = closing.changes
    assert change == PlanChange(by="model", added=("flows into baltic_sea",), queries=("q2",),
                                used=True)
    lines = answer_lines(closing.answer, closing.check, closing.note, changes=closing.changes)
    said = ("Approving the new plan added the step \u201cflows into baltic_sea\u201d: query 2 "
            "ran for it, and the answer rests on it.")
    assert said in lines
    assert lines.index(said) < next(i for i, t in enumerate(lines) if t.startswith("Why:"))
    assert lines[0].startswith("Best decision: ")  # the verdict's opening words stay first


async def test_a_new_step_the_answer_does_not_use_is_said_so(engine_for) -> None:  # type: ignore[no-untyped-def]
    async with engine_for(_replanning(use_flows=False), consent="approve") as engine:
        closing = _closing(await collect(engine.run(TEXT)))
    (change,) = closing.changes
    assert change.queries == ("q2",) and not change.used
    assert change_line(change, closing.answer) == (
        "Approving the new plan added the step \u201cflows into baltic_sea\u201d: query 2 ran "
        "for it, and the answer does not rest on it.")


async def test_a_kept_plan_says_nothing_of_a_change(engine_for) -> None:  # type: ignore[no-untyped-def]
    model = ScriptedModel([
        Reply(calls=[plan("powers")]), Reply(calls=[sql()]),
        Reply(calls=[call("revise_plan", reason="flows matter too",
                          steps=[{"goal": "flows into baltic_sea", "source": "sql"}])]),
        Reply(calls=[answer()]),
    ])
    async with engine_for(model, consent="reject") as engine:
        closing = _closing(await collect(engine.run(TEXT)))
    assert closing.changes == ()
    assert not any(line.startswith("Approving") for line in answer_lines(
        closing.answer, closing.check, closing.note, changes=closing.changes))


async def test_the_change_travels_with_a_paused_run(engine_for) -> None:  # type: ignore[no-untyped-def]
    first = ScriptedModel([
        Reply(calls=[plan("powers")]),
        Reply(calls=[call("revise_plan", reason="need flows",
                          steps=[{"goal": "flows", "source": "sql"}])]),
    ])
    async with engine_for(first) as engine:
        pause = (await collect(engine.run(TEXT)))[-1]
    second = ScriptedModel([Reply(calls=[sql(FLOWS, step=0)]),
                            Reply(calls=[answer("krakow", "q1")])])
    async with engine_for(second) as fresh:  # another engine, as after a restart
        closing = _closing(await collect(fresh.resume(pause.state, True)))
    (change,) = closing.changes
    assert change.added == ("flows",) and change.removed == ("powers",)
    assert change_line(change, closing.answer) == (
        "Approving the new plan added the step \u201cflows\u201d and dropped the step "
        "\u201cpowers\u201d: query 1 ran for it, and the answer rests on it.")


async def test_the_checks_objection_says_whether_the_answer_changed(engine_for) -> None:  # type: ignore[no-untyped-def]
    for second, said in ((4, "The answer changed from "), (1, "The answer stayed ")):
        model = ScriptedModel([
            Reply(calls=[plan("warehouses")]), Reply(calls=[sql("SELECT id FROM warehouse")]),
            Reply(calls=[answer(1)]),
            Reply(calls=[answer(second)]),
        ])
        async with engine_for(model, "demo-retail#demo-1", consent="approve",
                              on_disagreement="replan") as engine:
            events = await collect(engine.run("Which warehouse should we expand by 200 kg?"))
        first, last = [e for e in events if isinstance(e, AnswerChecked)]
        assert first.changes == ()  # said before the objection is put to the person
        (change,) = last.changes
        assert change.by == "simulator" and change.before == 1
        assert last.check is not None
        lines = answer_lines(last.answer, last.check, last.note, changes=last.changes)
        (line,) = [t for t in lines if t.startswith("Approving")]
        assert line.startswith("Approving the re-plan had the assistant look again "
                               "(\u201ccheck why 4 beats 1 in the data\u201d)"), line
        assert said + f"{last.check.label(1)} (1)" in line, line  # by the check's names
        if second == 1:
            assert line.endswith(", as before."), line
        else:
            assert line.endswith(f" to {last.check.label(4)} (4)."), line


def test_each_kind_of_change_in_words() -> None:
    answer = AnswerProposed("krakow", "why", ("q1",), label="Kraków")
    assert change_line(PlanChange(by="monitor", added=("flows",)), answer) == (
        "Approving the re-plan added the step \u201cflows\u201d: no query ran for it, so the "
        "answer rests on the same data as without it.")
    assert change_line(PlanChange(by="model", removed=("a", "b")), answer) == (
        "Approving the new plan dropped the steps \u201ca\u201d and \u201cb\u201d.")
    assert change_line(PlanChange(by="model", added=("x", "y"), queries=("q3", "q4"),
                                  used=True, before="lubeck"), answer,
                       queries={"q3": "query 3 (step 2, x)"}) == (
        "Approving the new plan added the steps \u201cx\u201d and \u201cy\u201d: query 3 and "
        "query 4 ran for them, and the answer rests on it. The answer changed from lubeck to "
        "Kraków (krakow).")
    slack = change_line(PlanChange(by="model", added=("<!channel> *x*",)), answer, "slack")
    assert "<!channel>" not in slack and "&lt;!channel&gt;" in slack
