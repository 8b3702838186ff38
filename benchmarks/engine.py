"""Engine overhead and concurrency, with the scripted model (no model endpoint).

    python benchmarks/engine.py [--runs N] [--latency S]

1. Overhead per step: a run of 1 plan + 8 queries + 1 answer (10 model turns) with a
   zero-latency scripted model and an in-memory data source that answers instantly, so the
   figure is the engine's own work per turn (message building, tool validation, events,
   observation text), database and simulator time excluded. Target: under 2 ms.
2. Concurrency: the same run against the real SQLite source and the simulator check, with
   the model answering after `--latency` seconds (200 ms); wall time of `--runs` (100)
   concurrent runs against one run. Target: under 1.5 times.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

from planrag.engine import Engine, EngineConfig, Reply, ScriptedModel, call
from planrag.engine.model import ModelReply, ModelRequest, TextPiece
from planrag.engine.session import open_engine
from planrag.runtime import load_datasets
from planrag.settings import load_settings
from planrag.sources.base import Schema
from planrag.table import Limits, Table

QUESTION = "dqa-locating-1445#locating-1"
TEXT = "Where should SWE place its merchant to maximise its profit on baltic_sea?"
QUERY = "SELECT trade_node, base_trading_power FROM node_country WHERE country_name = 'SWE'"


def script(queries: int) -> list[Reply]:
    steps = [Reply(calls=[call("make_plan", steps=[{"goal": "presence", "source": "sql"}])])]
    steps += [Reply(calls=[call("run_sql", query=f"{QUERY} AND {i} = {i}", step=0)])
              for i in range(queries)]
    steps.append(Reply(calls=[call("final_answer", decision="krakow", rationale="r",
                                   query_ids=["q1"])]))
    return steps


class InstantSource:
    """A data source that answers every query at once with the same small table."""

    language = "sql"
    dialect = "mysql"
    name = "memory:bench"

    def __init__(self) -> None:
        rows = tuple((f"node{i}", float(i)) for i in range(20))
        self.table = Table(("trade_node", "base_trading_power"), rows, 20, elapsed_ms=0.01)

    async def schema(self) -> Schema:
        return Schema("memory", "bench")

    async def execute(self, query: str, limits: Limits | None = None) -> Table:
        return self.table

    async def close(self) -> None:
        return None


@dataclass
class Delayed:
    inner: ScriptedModel
    latency: float
    name: str = "delayed"
    scripted: bool = True

    async def stream(self, request: ModelRequest) -> AsyncIterator[TextPiece | ModelReply]:
        await asyncio.sleep(self.latency)
        async for chunk in self.inner.stream(request):
            yield chunk


async def overhead(repeat: int = 200) -> None:
    per_step = []
    for _ in range(repeat):
        model = ScriptedModel(script(8))
        engine = Engine(model, {"sql": InstantSource()}, dataset="bench", target="memory",
                        rules="none", config=EngineConfig(max_model_calls=50))
        started = time.perf_counter()
        async for _event in engine.run(TEXT):
            pass
        per_step.append((time.perf_counter() - started) / model.used)
    per_step.sort()
    print(f"engine overhead per model turn (10-turn runs, {repeat} runs): median "
          f"{statistics.median(per_step) * 1e3:.3f} ms, p95 "
          f"{per_step[int(0.95 * len(per_step))] * 1e3:.3f} ms")


async def concurrency(runs: int, latency: float) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        settings = load_settings(env_file=None, data_dir=Path(tmp), mysql_url=None)
        await load_datasets(settings, ["dqa-locating-1445"], "sqlite")

        async def one() -> float:
            model = Delayed(ScriptedModel(script(2)), latency)
            started = time.perf_counter()
            async with open_engine(settings, QUESTION, "sqlite", model) as engine:
                async for _event in engine.run(TEXT):
                    pass
            return time.perf_counter() - started

        await one()  # warm caches (dump state, schema)
        single = statistics.median([await one() for _ in range(3)])
        started = time.perf_counter()
        await asyncio.gather(*(one() for _ in range(runs)))
        wall = time.perf_counter() - started
    print(f"one run (4 model turns at {latency * 1e3:.0f} ms, SQLite, simulator check): "
          f"{single:.3f} s; {runs} concurrent runs: {wall:.3f} s wall = "
          f"{wall / single:.2f} x one run")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=100)
    parser.add_argument("--latency", type=float, default=0.2)
    args = parser.parse_args()
    asyncio.run(overhead())
    asyncio.run(concurrency(args.runs, args.latency))


if __name__ == "__main__":
    main()
