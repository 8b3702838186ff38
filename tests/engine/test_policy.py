"""The scripted walkthrough's policies: the one question each answers (in any wording), the
parameters read from it, nothing above the verdict, and a kept plan."""

from __future__ import annotations

import pytest

from planrag.engine import ModelText, QueryStarted, RunFinished, SimulatorChecked
from planrag.engine.policy import (
    country_of,
    extra_kg_of,
    missing_parameters,
    policy_model,
    uncovered,
)
from planrag.engine.verdict import answer_lines
from tests.engine.conftest import collect

DEMO, LOCATING, BUILDING = "warehouse-expansion", "dqa-locating", "dqa-building"


def test_free_text_parameters_are_found_or_asked_for() -> None:
    assert country_of("Where should SWE place its merchant?") == "SWE"
    assert country_of('You are the ruler of the country named "DAN".') == "DAN"
    assert country_of("Which SQL query? Where should we trade?") is None
    assert missing_parameters("Where should SWE place its merchant?", "locating") is None
    assert "three-letter tag" in (missing_parameters("Where should we trade?", "locating")
                                  or "")
    assert "market price of" in (missing_parameters("Which building?", BUILDING) or "")
    assert "in kg" in (missing_parameters("Which warehouse should we expand?", DEMO) or "")
    assert [extra_kg_of(q) for q in ("by 500 kg", "1,500 kilograms more", "0,5 t",
                                     "200kg", "a bit more")] == [500, 1500, 500, 200, None]


@pytest.mark.parametrize(("question", "simulator"), [
    # Issue 19, 2: each of these got "Best decision: East Point, Leipzig" on the demo.
    ("Which café is the most expensive to serve per kg?", DEMO),
    ("Which warehouse has the most spare capacity?", DEMO),
    ("How can we save money?", DEMO),
    ("Where should SWE place its merchant?", DEMO),
    # Other questions about the same things are not the walkthrough's either.
    ("Which warehouse should we close?", DEMO),
    ("Should we open a new warehouse in Lyon?", DEMO),
    ("Which warehouse should we expand by 50 kg to deliver faster?", DEMO),
    ("How many merchants does SWE have?", LOCATING),
    ("Which warehouse should we expand by 200 kg?", LOCATING),
    ("What is the market price of furniture?", BUILDING),
    ("How many buildings make furniture?", BUILDING),
])
def test_a_question_the_walkthrough_was_not_written_for_is_said_so(
    question: str, simulator: str
) -> None:
    problem = uncovered(question, simulator)
    assert problem is not None and problem.kind == "question"
    assert "answers only one question on this dataset" in problem.text
    assert "\n" not in problem.text


@pytest.mark.parametrize(("question", "simulator"), [
    ("We can raise one warehouse's weekly capacity by 200 kg. Which warehouse should we "
     "expand to cut the weekly delivery cost the most?", DEMO),
    ("Which warehouse should get 500 kg more capacity?", DEMO),
    ("We could add 1,000 kg of weekly capacity to one depot: which one saves the most?", DEMO),
    ("Where should SWE place its merchant?", LOCATING),
    ('Our home node is "lubeck". Where should DAN allocate its merchant?', LOCATING),
    ("Which building should we raise by 5 levels to lower the price of tools?", BUILDING),
    ("Which building id should we increase a level by 5 to maximally decrease the market "
     "price of furniture?", BUILDING),
    # Issue 36, 1: an amount said without "expand" or "capacity", and typing slips.
    ("If we could add 500 kg a week to one warehouse, which one?", DEMO),
    ("whcih warehuose shoud we expnad by 300kg?", DEMO),
    ("Where should SWE place its merchnat?", LOCATING),
    ("Which buidling should we raise by 5 levels to lower the price of furniture?", BUILDING),
])
def test_the_walkthroughs_own_question_in_any_wording(question: str, simulator: str) -> None:
    assert uncovered(question, simulator) is None


def test_a_dataset_without_a_walkthrough_is_said_so() -> None:
    for simulator in (None, "my-own-simulator"):
        problem = uncovered("Where should SWE place its merchant?", simulator)
        assert problem is not None and problem.kind == "dataset"
        assert problem.text.startswith("The scripted walkthrough does not cover this dataset")


async def test_a_free_text_locating_question_is_checked(engine_for) -> None:  # type: ignore[no-untyped-def]
    async with engine_for(policy_model(simulator=LOCATING), ref="dqa-locating-1445") as engine:
        events = await collect(engine.run("Where should SWE place its merchant?"))
    check = next(e for e in events if isinstance(e, SimulatorChecked))
    assert check.best == "krakow" and check.decision == "novgorod"  # the home was found
    assert isinstance(events[-1], RunFinished)


async def test_nothing_above_the_verdict_names_a_decision(engine_for) -> None:  # type: ignore[no-untyped-def]
    """Issue 19, 3: "Decision: novgorod." (the policy's closing words) stood above "Best
    decision: Krakow"; the walkthrough's words never name a decision, and its rationale
    says its numbers in words, the place by its name."""
    async with engine_for(policy_model(simulator=LOCATING), ref="dqa-locating-1445") as engine:
        events = await collect(engine.run("Where should SWE place its merchant?"))
    said = "".join(e.text for e in events if isinstance(e, ModelText))
    assert "Decision" not in said and "novgorod" not in said.lower()
    answer = answer_lines(next(e for e in events if e.kind == "answer_proposed"),  # type: ignore[arg-type]
                          next(e for e in events if isinstance(e, SimulatorChecked)))
    assert answer[0].startswith("Best decision: Krakow")
    why = next(x for x in answer if x.startswith("Why:"))
    assert "Novgorod (base trading power 11.79 [1])" in why and "Scripted heuristic" not in why


async def test_the_demo_reads_the_amount_from_the_question(engine_for) -> None:  # type: ignore[no-untyped-def]
    """Issue 19, 2 and 10: the amount comes from the question, and the answer says it."""
    model = policy_model(simulator=DEMO)
    async with engine_for(model, ref="demo-retail") as engine:
        events = await collect(engine.run("Which warehouse should get 50 kg more capacity?"))
    check = next(e for e in events if isinstance(e, SimulatorChecked))
    assert check.agrees and check.best == 4 and check.label(4) == "East Point, Leipzig"
    assert check.best_value == pytest.approx(1308.3, abs=0.05)  # 50 kg, not 200
    assert check.assumed == (("Extra weekly capacity (kg)", "50"),)
    lines = answer_lines(next(e for e in events if e.kind == "answer_proposed"), check)  # type: ignore[arg-type]
    assert lines[1] == "Assumed: extra weekly capacity 50 kg."
    said = "".join(e.text for e in events if isinstance(e, ModelText))
    assert "Decision" not in said and "warehouse 4" not in said
    why = next(x for x in lines if x.startswith("Why:"))
    assert "East Point (Leipzig) ships all it can (100% [1] of its capacity)" in why
    assert lines[-1].startswith("[1] 100, share of its capacity East Point (Leipzig) uses (%): "
                                "computed from q1, row 4: Shipped (kg/week) / "
                                "Capacity (kg/week) × 100")


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


def test_a_country_typed_in_lower_case_is_its_tag() -> None:
    """Issue 36, 1: "where should swe put its merchant" asked for the three-letter tag it
    gives; a lower-case word is a tag when it is the one three-letter word that is not an
    English one (the check then looks it up in the data)."""
    assert country_of("where should swe put its merchant") == "SWE"
    assert uncovered("where should swe put its merchant", LOCATING) is None
    assert country_of("Where should we put our merchant?") is None
    assert country_of("where should tur or fra put a merchant?") is None  # which one?


# What people call some codes of a made-up registry (not the shipped data's countries).
_NAMES = (("KRV", "Karvonia"), ("KRV", "Karvonian Republic"), ("ODL", "Oddleby"),
          ("ODF", "Oddleby Fjord"), ("ARI", "Aria"), ("LMN", "Lumen Isles"))


@pytest.mark.parametrize(("question", "country"), [
    ("Where should Karvonia place its merchant?", "KRV"),
    ("where should karvonia put its merchant", "KRV"),
    ("Where shoud Karvnoia put its merchant?", "KRV"),  # a slip in the name
    ("Where should the Karvonian Republic send a merchant?", "KRV"),
    ("Where should lumen   isles station its merchant?", "LMN"),
    ("Where should Oddleby Fjord place its merchant?", "ODF"),  # not Oddleby inside it
    ("Where should Aria place its merchant?", "ARI"),
    ("Where should KRV place its merchant? Not Oddleby.", "KRV"),  # the tag comes first
    ("where should Krv put its merchant", "KRV"),
    ("Where should an aria be sung near our merchant?", None),  # short: only as written
    ("Should Karvonia or Oddleby place a merchant?", None),  # which one?
    ("Where should Narnia place its merchant?", None),
])
def test_a_country_by_its_name_is_its_tag(question: str, country: str | None) -> None:
    """Issue 36, 1: "Where should Sweden place its merchant?" asked for a three-letter tag;
    a country's name the dataset gives ([value_names]) is its tag, in any case, with an
    ordinary slip; a name inside a longer one is the longer one's; two countries are asked
    about, not guessed."""
    assert country_of(question, _NAMES) == country
    missing = missing_parameters(question, LOCATING, _NAMES)
    assert (missing is None) == (country is not None)
    if missing:
        assert missing.startswith("Which country places the merchant? Name one country, or "
                                  "write its tag, e.g. \u201cWhere should Karvonia place")


def test_the_shipped_locating_dataset_answers_a_country_by_its_name() -> None:
    """The gate reads the names from the dataset ([value_names], countries.csv): "Where
    should Sweden place its merchant?" is the walkthrough's question with SWE."""
    from planrag.runtime import registry
    from planrag.service.runs import gate, walkthrough_names
    from planrag.settings import load_settings

    settings = load_settings(env_file=None)
    dataset = registry(settings).get("dqa-locating-1445")
    names = walkthrough_names(dataset)
    assert ("SWE", "Sweden") in names and len(names) > 100
    gate(settings, dataset, "Where should Sweden place its merchant?", scripted=True)
    assert country_of("where should swe put its merchant", names) == "SWE"


def test_a_slip_is_read_as_the_word_and_another_word_is_not() -> None:
    """Two neighbouring letters swapped, one missing or one too many read as the walkthrough's
    word; a different letter is another word ("expend" money is not "expand")."""
    from planrag.engine.policy import respelled

    words = ("warehouse", "expand", "capacity")
    assert respelled("Whcih warehuose, expnad, capcity or capacityy?", words) == (
        "Whcih warehouse, expand, capacity or capacity?")
    assert respelled("We expend on the wardrobe", words) == "We expend on the wardrobe"
    assert uncovered("Which warehouse should we expend money on?", DEMO) is not None


@pytest.mark.parametrize(("question", "given"), [
    ("Which warehouse should we expand by 0 kg a week?", "0"),
    ("Which warehouse should we expand by -200 kg?", "-200"),
    ("Which warehouse should we expand by \u2212200 kg?", "-200"),
    ("Which warehouse should we expand by 5000000 kg?", "5,000,000"),
    ("Which warehouse should we expand by 5,000 t?", "5,000,000"),
])
def test_an_amount_the_check_does_not_take_is_one_line_never_a_run(
        question: str, given: str) -> None:
    """Issue 36, 2: an amount outside the check's range is said in the what-if form's words
    before anything runs, and never answered with another amount."""
    from planrag.runtime import registry
    from planrag.service.runs import NotWalkthrough, gate
    from planrag.settings import load_settings

    settings = load_settings(env_file=None)
    with pytest.raises(NotWalkthrough) as refused:
        gate(settings, registry(settings).get("demo-retail"), question, scripted=True)
    assert refused.value.problem.kind == "parameter"
    assert str(refused.value) == ("Extra weekly capacity (kg) must be more than 0 and at most "
                                  f"1,000,000 (you gave {given}).")


def test_an_amount_keeps_its_sign_and_a_range_is_not_a_sign() -> None:
    assert [extra_kg_of(q) for q in ("by -200 kg", "by (-5 t)", "200-300 kg", "1,000,000 kg")
            ] == [-200, -5000, 300, 1_000_000]
