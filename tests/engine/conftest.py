"""Engine test fixtures: DQA Locating and the demo loaded into SQLite once per session."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator, Sequence
from pathlib import Path

import pytest

from planrag.engine import Engine, EngineConfig, Event, ScriptedModel, call
from planrag.engine.endpoints import forget_endpoints
from planrag.engine.session import open_engine
from planrag.runtime import load_datasets
from planrag.settings import Settings, load_settings

QUESTION = "dqa-locating-1445#locating-1"  # SWE, home baltic_sea; the label is krakow
TEXT = "Where should SWE place its merchant to maximise its profit on baltic_sea?"
SWE_ROWS = (
    "SELECT trade_node, base_trading_power FROM node_country "
    "WHERE country_name = 'SWE' ORDER BY base_trading_power DESC"
)


@pytest.fixture(scope="session")
async def sqlite_settings(tmp_path_factory: pytest.TempPathFactory) -> Settings:
    settings = load_settings(
        env_file=None, data_dir=tmp_path_factory.mktemp("engine"), mysql_url=None
    )
    await load_datasets(settings, ["dqa-locating-1445", "demo-retail"], "sqlite")
    return settings


def plan(*goals: str) -> tuple[str, dict[str, object]]:
    return call("make_plan", steps=[{"goal": g, "source": "sql"} for g in goals])


def sql(query: str = SWE_ROWS, step: int | None = 0) -> tuple[str, dict[str, object]]:
    return call("run_sql", query=query, step=step)


def answer(decision: object = "krakow", *ids: str) -> tuple[str, dict[str, object]]:
    return call("final_answer", decision=decision, rationale="the data says so",
                query_ids=list(ids or ("q1",)))


async def collect(events: AsyncIterator[Event]) -> list[Event]:
    return [e async for e in events]


def kinds(events: Sequence[Event]) -> list[str]:
    return [e.kind for e in events if e.kind not in ("model_text", "model_called")]


@pytest.fixture(autouse=True)
def fresh_endpoints() -> Iterator[None]:
    """Each test starts with nothing learnt about model endpoints (a scripted server's port
    may be another test's old one)."""
    forget_endpoints()
    yield
    forget_endpoints()


@pytest.fixture()
def engine_for(sqlite_settings: Settings):  # type: ignore[no-untyped-def]
    """`async with engine_for(model, **config) as engine:` on the SQLite Locating question."""

    def make(model: ScriptedModel, ref: str = QUESTION, target: str = "sqlite",
             settings: Settings | None = None, **config: object):  # type: ignore[no-untyped-def]
        return open_engine(settings or sqlite_settings, ref, target, model,
                           EngineConfig(**config))  # type: ignore[arg-type]

    return make


__all__ = ["Engine", "Path"]
