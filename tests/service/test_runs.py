"""The run service every front end uses: consent words, the model choice, the audit trail,
the person's access and places, pauses answered in-process or later."""

from __future__ import annotations

from pathlib import Path

import pytest

from planrag.engine import (
    AnswerChecked,
    AwaitingConfirmation,
    Reply,
    RunFinished,
    ScriptedModel,
    call,
)
from planrag.errors import AccessDenied, LimitReached
from planrag.service.runs import Asker, RunService, consent_word, model_for
from planrag.settings import Settings
from planrag.store import history_url, shared_store
from planrag.users import Access
from tests.engine.conftest import SWE_ROWS, TEXT, answer, collect, kinds, plan, sql

QUESTION = "dqa-locating-1445#locating-1"


@pytest.fixture
def settings(sqlite_settings: Settings, tmp_path: Path) -> Settings:
    """The DQA Locating copy loaded (tests/engine/conftest.py), each test with its own audit
    trail, and one run at a time per person."""
    return sqlite_settings.model_copy(update={
        "runs_per_person": 1, "history_url": f"sqlite:///{tmp_path / 'history.sqlite'}"})


@pytest.mark.parametrize(("text", "said"), [
    ("approve", True), ("Approve!", True), ("*yes*", True), ("<@U0BOT> go  ahead", True),
    ("OK.", True), ("keep", False), ("Don\u2019t", False), ("no", False),
    ("keep the current plan", False), ("maybe", None), ("approve it later", None), ("", None),
])
def test_consent_words(text: str, said: bool | None) -> None:
    assert consent_word(text) is said


def test_the_model_choice(settings: Settings) -> None:
    from planrag.runtime import registry

    assert model_for(settings) is None  # none configured
    scripted = model_for(settings, scripted=True,
                         dataset=registry(settings).get("dqa-locating-1445"))
    assert scripted is not None and scripted.scripted and scripted.name == "scripted-dqa-policy"
    demo = model_for(settings, scripted=True, dataset=registry(settings).get("demo-retail"))
    assert demo is not None and demo.name == "scripted-demo-policy"
    configured = settings.model_copy(update={"model_name": "m",
                                             "model_base_url": "http://127.0.0.1:9/v1"})
    model = model_for(configured)
    assert model is not None and not model.scripted


async def test_a_run_is_audited_under_who_asked(settings: Settings) -> None:
    model = ScriptedModel([Reply(calls=[plan("powers")]), Reply(calls=[sql()]),
                           Reply(calls=[answer()])])
    events = await collect(RunService(settings).ask(Asker("mcp:ana"), QUESTION, TEXT, model))
    assert kinds(events)[-2:] == ["answer_checked", "run_finished"]
    url = history_url(settings)
    assert url is not None
    entries = await shared_store(url).audit_entries(user="mcp:ana")
    assert [e.kind for e in entries][:2] == ["question", "query"]
    assert {e.dataset for e in entries} == {"dqa-locating-1445"}
    assert any(e.kind == "answer" for e in entries)


async def test_a_person_without_the_dataset_is_refused_before_it_opens(
    settings: Settings,
) -> None:
    model = ScriptedModel([])
    asker = Asker("bob", Access("bob", frozenset({"demo-retail"})))
    with pytest.raises(AccessDenied):
        await collect(RunService(settings).ask(asker, QUESTION, TEXT, model))
    assert model.requests == []


async def test_a_person_has_so_many_runs_at_once(settings: Settings) -> None:
    service = RunService(settings)
    async with service.hold(Asker("ana"), "query"):  # ana has one place (runs_per_person=1)
        model = ScriptedModel([])
        with pytest.raises(LimitReached, match="already have 1 query running, the most"):
            await collect(service.ask(Asker("ana"), QUESTION, TEXT, model))
        assert model.requests == []
        other = await collect(service.ask(Asker("bo"), QUESTION, TEXT,
                                          ScriptedModel([Reply(calls=[answer()])])))
        assert isinstance(other[-1], RunFinished)  # someone else is not held up
        # A front end that holds the place itself says so (the chat, from before the run).
        held = await collect(service.ask(Asker("ana"), QUESTION, TEXT,
                                         ScriptedModel([Reply(calls=[answer()])]), held=True))
        assert isinstance(held[-1], RunFinished)
    done = await collect(service.ask(Asker("ana"), QUESTION, TEXT,
                                     ScriptedModel([Reply(calls=[answer()])])))
    assert isinstance(done[-1], RunFinished)  # the place is free again


async def test_a_pause_answered_in_process_or_later(settings: Settings) -> None:
    revise = call("revise_plan", reason="the flows matter too",
                  steps=[{"goal": "powers", "source": "sql"}, {"goal": "flows", "source": "sql"}])
    script = [Reply(calls=[plan("powers")]), Reply(calls=[sql(SWE_ROWS)]), Reply(calls=[revise]),
              Reply(calls=[answer()])]
    asked: list[str] = []

    async def decide(paused: AwaitingConfirmation) -> bool | None:
        asked.append(paused.question)
        return True

    service = RunService(settings)
    events = await collect(service.ask(Asker("ana", approver="Ana"), QUESTION, TEXT,
                                       ScriptedModel(list(script)), decide=decide))
    assert asked and "the flows matter too" in asked[0]
    assert isinstance(events[-1], RunFinished) and events[-1].replans == 1
    assert any(isinstance(e, AnswerChecked) for e in events)
    # A front end that cannot wait: the stream ends at the pause; the answer comes later.
    model = ScriptedModel(list(script))
    first = await collect(service.ask(Asker("ana"), QUESTION, TEXT, model, consent="ask"))
    paused = first[-1]
    assert isinstance(paused, AwaitingConfirmation)
    rest = await collect(service.resume(Asker("ana"), QUESTION, paused.state, False, model))
    assert kinds(rest)[0] == "replan_decided" and isinstance(rest[-1], RunFinished)
    url = history_url(settings)
    assert url is not None
    decided = [e for e in await shared_store(url).audit_entries(user="ana")
               if e.kind == "consent"]
    assert [d.detail["approved"] for d in decided] == [True, False]


async def test_a_paused_run_is_kept_and_taken_once(settings: Settings, tmp_path: Path) -> None:
    settings = settings.model_copy(update={"run_store": f"sqlite:///{tmp_path / 'runs.db'}"})
    service = RunService(settings)
    paused = AwaitingConfirmation("run1", '{"state": 1}', "Approve a new plan?")
    await service.keep_paused("api:ana:run1", paused, {"ref": "demo-retail"})
    first = await service.take_paused("api:ana:run1", True)
    assert first.run is not None and first.run.state == '{"state": 1}'
    assert first.run.context == {"ref": "demo-retail"}
    second = await service.take_paused("api:ana:run1", False)
    assert second.run is None and second.earlier == "approve"  # told which came first
    nothing = await service.take_paused("api:ana:other", None)
    assert nothing.run is None and nothing.earlier is None
    assert await service.take_over(prefix="api:") == []  # no run's process died


async def test_a_place_held_by_another_process_counts_here(settings: Settings,
                                                           tmp_path: Path) -> None:
    """Processes sharing the run store count a person's places once between them; a
    terminal's `planrag ask` counts its own."""
    from planrag.service.run_store import open_store

    url = f"sqlite:///{tmp_path / 'shared-runs.sqlite'}"
    settings = settings.model_copy(update={"run_store": url})
    other = open_store(url, tmp_path)  # the other process's store
    assert await other.place_hold("ana", "elsewhere", "what-if", 1, 60) is None
    service = RunService(settings)
    with pytest.raises(LimitReached, match="already have 1 what-if ranking running"):
        await collect(service.ask(Asker("ana"), QUESTION, TEXT, ScriptedModel([])))
    async with service.hold(Asker("bo")):
        assert await other.place_hold("bo", "bo-elsewhere", "query", 1, 60) == ["question"]
    terminal = await collect(RunService(settings, shared=False).ask(
        Asker("ana"), QUESTION, TEXT, ScriptedModel([Reply(calls=[answer()])])))
    assert isinstance(terminal[-1], RunFinished)
    await other.place_release("ana", "elsewhere")
    done = await collect(service.ask(Asker("ana"), QUESTION, TEXT,
                                     ScriptedModel([Reply(calls=[answer()])])))
    assert isinstance(done[-1], RunFinished)
    assert await other.place_hold("bo", "bo-later", "query", 1, 60) is None  # released


async def test_a_store_that_cannot_be_reached_leaves_the_process_count(
        settings: Settings, caplog: pytest.LogCaptureFixture) -> None:
    settings = settings.model_copy(update={"run_store": "redis://127.0.0.1:1/0"})
    service = RunService(settings)
    async with service.hold(Asker("ana")):
        with pytest.raises(LimitReached, match="already have 1 question being answered"):
            async with service.hold(Asker("ana")):
                pass
    assert "this process counts its own" in caplog.text
    async with service.hold(Asker("ana")):  # released here all the same
        pass
