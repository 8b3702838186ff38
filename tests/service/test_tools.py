"""A front end's other tools through the run service (`RunService.tools`): held to the
person's places by themselves, as a question is, and audited with what each query came to;
a query sent outside a tool is kept nowhere."""

from __future__ import annotations

from pathlib import Path

import pytest

from planrag.engine import ScriptedModel
from planrag.errors import LimitReached, QueryRefused
from planrag.runtime import locate, open_source
from planrag.service.runs import Asker, RunService
from planrag.settings import Settings
from planrag.sources.watch import watching
from planrag.store import history_url, shared_store
from tests.engine.conftest import SWE_ROWS, TEXT, collect

DATASET = "dqa-locating-1445"


@pytest.fixture
def settings(sqlite_settings: Settings, tmp_path: Path) -> Settings:
    """The DQA Locating copy loaded, an audit trail of this test's own, one place a person."""
    return sqlite_settings.model_copy(update={
        "runs_per_person": 1, "history_url": f"sqlite:///{tmp_path / 'history.sqlite'}"})


async def test_a_tool_holds_a_place_as_a_question_does(settings: Settings) -> None:
    service = RunService(settings)
    async with service.hold(Asker("ana"), "what-if"):
        with pytest.raises(LimitReached) as asked:
            await collect(service.ask(Asker("ana"), f"{DATASET}#locating-1", TEXT,
                                      ScriptedModel([])))
        with pytest.raises(LimitReached) as queried:
            await service.tools.query(Asker("ana"), DATASET, SWE_ROWS)
        with pytest.raises(LimitReached) as described:
            await service.tools.describe(Asker("ana"), DATASET)
        assert str(queried.value) == str(asked.value) == str(described.value)
        assert "1 what-if ranking running" in str(asked.value)
        table = await service.tools.query(Asker("bo"), DATASET, SWE_ROWS)  # not held up
    assert table.total_rows > 0
    assert (await service.tools.query(Asker("ana"), DATASET, SWE_ROWS)).total_rows > 0


async def test_a_refused_query_is_said_once(settings: Settings) -> None:
    """The guard's refusal is the query's entry; no `failed` entry repeats it."""
    service = RunService(settings)
    with pytest.raises(QueryRefused):
        await service.tools.query(Asker("ana"), DATASET, "DROP TABLE node_country")
    url = history_url(settings)
    assert url is not None
    entries = await shared_store(url).audit_entries(user="ana")
    assert [e.kind for e in entries] == ["tool", "query_refused"]
    assert entries[1].detail["query"] == "DROP TABLE node_country"
    assert entries[1].detail["rule"]


async def test_queries_are_kept_only_while_watched(settings: Settings) -> None:
    async with open_source(settings, locate(settings, DATASET, None)) as source:
        await source.execute(SWE_ROWS)  # nothing open: kept nowhere
        with watching() as sent:
            await source.execute(SWE_ROWS)
            with pytest.raises(QueryRefused):
                await source.execute("DELETE FROM node_country")
    assert [(s.query, s.refused is not None) for s in sent] == [
        (SWE_ROWS, False), ("DELETE FROM node_country", True)]
    assert sent[0].rows is not None and sent[0].rows > 0
