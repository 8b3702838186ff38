"""A check speaks only to the question it answers (issue 33, 1): on the shipped `wards`
dataset, whose one check is the decision "Extra night nurses" written in its manifest, a
question of fact gets an answer of fact (no verdict, no rank, no check line), whether the
model says `check: "none"` or says nothing; the night-nurse question gets the verdict with
the line naming its check; benchmark runs check every answer; the paper's protocol does not
offer `check`."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pytest

from planrag.engine import (
    AnswerChecked,
    AnswerProposed,
    EngineConfig,
    Event,
    RunFinished,
    ScriptedModel,
    SimulatorChecked,
    call,
)
from planrag.engine.asks import asks_decision
from planrag.engine.scripted import Reply
from planrag.engine.session import open_engine
from planrag.engine.verdict import answer_lines
from planrag.runtime import load_datasets
from planrag.settings import Settings, load_settings
from tests.engine.conftest import collect

BEDS = ("SELECT ward_cd, ward_nm, bed_cnt FROM ward WHERE cls_dt IS NULL "
        "ORDER BY bed_cnt DESC")
FACT = "Which open ward has the most beds?"
NURSES = "Which ward should get two extra night nurses?"


@pytest.fixture(scope="module")
async def wards(tmp_path_factory: pytest.TempPathFactory) -> Settings:
    settings = load_settings(env_file=None, data_dir=tmp_path_factory.mktemp("wards"),
                             mysql_url=None)
    await load_datasets(settings, ["wards"], "sqlite")
    return settings


def _model(decision: str, rationale: str, **extra: Any) -> ScriptedModel:
    return ScriptedModel([
        Reply(calls=[call("make_plan", steps=[
            {"goal": "the open wards and their beds", "source": "sql",
             "reads": ["ward.bed_cnt", "ward.cls_dt"], "yields": "beds per open ward"}])]),
        Reply(calls=[call("run_sql", query=BEDS, step=0)]),
        Reply(calls=[call("final_answer", decision=decision, rationale=rationale,
                          query_ids=["q1"], **extra)]),
    ])


async def _ask(settings: Settings, model: ScriptedModel, question: str,
               config: EngineConfig | None = None) -> list[Event]:
    async with open_engine(settings, "wards", "sqlite", model,
                           config or EngineConfig(consent="reject")) as engine:
        return await collect(engine.run(question))


def _closing(events: Sequence[Event]) -> AnswerChecked:
    return next(e for e in events if isinstance(e, AnswerChecked))


@pytest.mark.parametrize("extra", [{"check": "none"}, {}], ids=["none", "omitted"])
async def test_a_question_of_fact_gets_an_answer_of_fact(
    wards: Settings, extra: dict[str, str]
) -> None:
    model = _model("4 North Acute Medical", "4 North Acute Medical has 34 beds, the most "
                   "of the open wards.", **extra)
    events = await _ask(wards, model, FACT)
    assert not any(isinstance(e, SimulatorChecked) for e in events)
    closing = _closing(events)
    assert closing.check is None and closing.note == "" and closing.answer.factual
    lines = answer_lines(closing.answer, closing.check, closing.note)
    assert lines[0] == "Answer: 4 North Acute Medical"
    text = "\n".join(lines)
    for verdict_word in ("Best decision", "rank", "Checked with", "Not checked"):
        assert verdict_word not in text
    assert "34 [1] beds" in lines[1]  # its numbers cited as always
    assert lines[-1].startswith("[1] 34, 4 North Acute Medical has 34 beds")
    assert lines[-1].endswith(": found in q1, row 1, Bed count.")
    done = events[-1]
    assert isinstance(done, RunFinished) and done.check_note == ""
    # the plan read only what the question needs: not sent back for the decision's tables
    assert "not accepted" not in json.dumps(model.requests[2].messages)


async def test_the_decision_gets_its_verdict_and_says_which_check(wards: Settings) -> None:
    model = _model("STB-4N", "4 North is the busiest ward.", check="night-nurses",
                   parameters={"nurses": 2})
    events = await _ask(wards, model, NURSES)
    closing = _closing(events)
    assert closing.check is not None and not closing.answer.factual
    assert closing.check.check_id == "night-nurses"
    lines = answer_lines(closing.answer, closing.check)
    assert lines[0].startswith("Best decision: ")
    assert ("Checked with the decision model \u201cExtra night nurses\u201d written in the "
            "dataset.") in lines
    tools = {t["function"]["name"]: t["function"] for t in model.requests[0].tools}
    offered = tools["final_answer"]["parameters"]["properties"]["check"]
    assert offered["anyOf"][0]["enum"] == ["night-nurses", "none"]
    assert "Extra night nurses" in offered["description"]


async def test_a_decision_the_check_does_not_rank_stands_unchecked(wards: Settings) -> None:
    """Another decision than the check's (which agency to drop): no verdict of the
    night-nurse check on it, and the answer says why."""
    model = _model("AGY-NORTH", "It charges the most per night.")
    events = await _ask(wards, model, "Which agency should we stop using?")
    closing = _closing(events)
    assert closing.check is None and not closing.answer.factual
    lines = answer_lines(closing.answer, None, closing.note)
    assert lines[0] == "The assistant's decision: AGY-NORTH"
    assert lines[1].startswith("Not checked: the check \u201cExtra night nurses\u201d ranks 8 "
                               "candidates by network weekly night-cover cost")
    assert lines[1].endswith("and AGY-NORTH is not one of them, so it does not speak to this "
                             "answer.")


async def test_benchmark_runs_check_every_answer_and_the_paper_offers_no_check(
    wards: Settings,
) -> None:
    model = _model("STB-4N", "The most beds.", check="none")
    events = await _ask(wards, model, FACT, EngineConfig(consent="reject",
                                                         check_every_answer=True))
    assert _closing(events).check is not None  # checked although the model said none
    paper = ScriptedModel([Reply(calls=[call("final_answer", decision="STB-4N",
                                             rationale="r")])])
    events = await _ask(wards, paper, NURSES, EngineConfig(
        consent="reject", technique="iterrag", offer_check=False, check_every_answer=True))
    props = paper.requests[0].tools[-1]["function"]["parameters"]["properties"]
    assert "check" not in props
    assert _closing(events).check is not None


def test_words_tell_a_decision_from_a_fact() -> None:
    decisions = ("Which ward should get two extra night nurses?",
                 "If we could add 500 kg a week to one warehouse, which one?",
                 "whcih warehuose shoud we expnad by 300kg?",
                 "We can raise one warehouse's weekly capacity by 200 kg. Which warehouse?",
                 "Where should Sweden place its merchant?",
                 "Which building to raise by 5 levels to lower the price of furniture?",
                 "Is it worth opening the Harbour branch on Sundays?",
                 "To minimise agency cost, where do the nurses go?",
                 "Which customer gets the voucher?",
                 "What branch would you open on Sundays?",
                 "Which branch do you propose for Sundays?",
                 "Which branch makes most sense for Sunday opening?",
                 "Where do we put the Sunday hours?",
                 "Which branch is the right one for Sunday opening?")
    facts = ("Which open ward has the most beds?",
             "Which kiosk has the most people walking past?",
             "How many nurses should a ward with 27 patients have?",
             "Which ward manager decided to close 2 West?",
             "List the wards that closed in 2025.",
             "Which warehouse is closest to the Altstadt café?",
             "Which kiosk gets the most visitors on Sundays?",
             "Who gets paid the night rate?",
             "Which branch would have lent most last Sunday if open?",
             "Which branches should have been open on Saturday but were closed?",
             "Who would know the Riverside opening hours?",
             "Which branch is best for children's loans?")
    assert [q for q in decisions if not asks_decision(q)] == []
    assert [q for q in facts if asks_decision(q)] == []
    assert asks_decision("And the second best?")
    assert asks_decision("And for 300 kg?", previous=decisions[1])
    assert not asks_decision("And for 300 kg?", previous=facts[0])


def test_an_answer_of_fact_reads_the_same_in_every_style() -> None:
    answer = AnswerProposed("4 North Acute Medical", "The most beds.", ("q1",), factual=True)
    assert answer_lines(answer, None, style="markdown")[0] == "**Answer: 4 North Acute Medical**"
    assert answer_lines(answer, None, style="slack", scripted=True)[0] == (
        "*Answer: 4 North Acute Medical* (scripted)")
    named = replace(answer, decision="K032", label="Kiosk 32 Ufer", factual=False)
    assert answer_lines(named, None)[0] == "Decision: Kiosk 32 Ufer (K032)"
