"""The scripted walkthrough's policies: free-text questions, the demo, and a kept plan."""

from __future__ import annotations

from planrag.engine import ModelText, QueryStarted, RunFinished, SimulatorChecked
from planrag.engine.policy import country_of, missing_parameters, policy_model
from tests.engine.conftest import collect


def test_free_text_parameters_are_found_or_asked_for() -> None:
    assert country_of("Where should SWE place its merchant?") == "SWE"
    assert country_of('You are the ruler of the country named "DAN".') == "DAN"
    assert country_of("Which SQL query? Where should we trade?") is None
    assert missing_parameters("Where should SWE place its merchant?", "locating") is None
    assert "three-letter tag" in (missing_parameters("Where should we trade?", "locating")
                                  or "")
    assert "market price of" in (missing_parameters("Which building?", "dqa-building") or "")
    assert missing_parameters("anything", "warehouse-expansion") is None


async def test_a_free_text_locating_question_is_checked(engine_for) -> None:  # type: ignore[no-untyped-def]
    async with engine_for(policy_model(), ref="dqa-locating-1445") as engine:
        events = await collect(engine.run("Where should SWE place its merchant?"))
    check = next(e for e in events if isinstance(e, SimulatorChecked))
    assert check.best == "krakow" and check.decision == "novgorod"  # the home was found
    assert isinstance(events[-1], RunFinished)


async def test_the_demo_has_a_policy_too(engine_for) -> None:  # type: ignore[no-untyped-def]
    model = policy_model(simulator="warehouse-expansion")
    async with engine_for(model, ref="demo-retail") as engine:
        events = await collect(engine.run("Which warehouse should get 200 kg more capacity?"))
    check = next(e for e in events if isinstance(e, SimulatorChecked))
    assert check.agrees and check.best == 4 and check.label(4) == "East Point, Leipzig"
    assert check.unit == "EUR"
    # The walkthrough's own words name the warehouse as a manager knows it, not by its id.
    said = "".join(e.text for e in events if isinstance(e, ModelText))
    assert "Decision: East Point (Leipzig)." in said and "warehouse 4" not in said


async def test_a_kept_plan_runs_no_new_step(engine_for) -> None:  # type: ignore[no-untyped-def]
    question = ('You are the ruler of the country named "DAN". Our home node is "lubeck". '
                "Where should I place my merchant?")
    async with engine_for(policy_model(), ref="dqa-locating-1445",
                          consent="reject") as engine:
        events = await collect(engine.run(question))
    assert len([e for e in events if isinstance(e, QueryStarted)]) == 1
    async with engine_for(policy_model(), ref="dqa-locating-1445",
                          consent="approve") as engine:
        events = await collect(engine.run(question))
    assert len([e for e in events if isinstance(e, QueryStarted)]) == 2
