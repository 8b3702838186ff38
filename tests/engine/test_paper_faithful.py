"""`planrag eval --protocol paper` as the paper's agent worked (`planrag.eval_protocol`): a
long result shown as pandas showed it, the DQA databases under the dumps' own names
(`has_has_merchant`), and no answer forced when the run's time is up."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path
from typing import Any

from planrag.engine import Reply, RunFinished, ScriptedModel
from planrag.engine.config import EngineConfig
from planrag.engine.model import ModelReply, ModelRequest, TextPiece
from planrag.engine.policy import policy_model
from planrag.engine.session import open_engine
from planrag.eval_protocol import PAPER_RUN_BOUND_S
from planrag.evaluation import deviations, protocol_config, run_eval
from planrag.settings import Settings, load_settings
from tests.engine.conftest import QUESTION, TEXT, answer, collect, plan, sql
from tests.simulators._support import DQA


def paper(settings: Settings, **changes: Any) -> EngineConfig:
    return replace(protocol_config(settings, "paper", "planrag", "approve"), **changes)


def results(model: ScriptedModel, n: int) -> list[str]:
    """What the model was shown of its queries' results, by the n-th request."""
    return [str(m["content"]) for m in model.requests[n].messages
            if m["role"] == "tool" and str(m["content"]).startswith("\n")]


async def test_a_long_result_is_pandas_text_with_its_own_last_rows(
    sqlite_settings: Settings,
) -> None:
    """Over 1,000 rows (the product's fetch cap): the paper's agent saw the first and last
    five rows and the shape, the last ones the result's own."""
    every = "SELECT trade_node, country_name FROM node_country ORDER BY trade_node, country_name"
    last = ("SELECT trade_node, country_name FROM node_country "
            "ORDER BY trade_node DESC, country_name DESC LIMIT 1")
    count = "SELECT COUNT(*) AS n FROM node_country"
    model = ScriptedModel([Reply(calls=[plan("all")]), Reply(calls=[sql(every)]),
                           Reply(calls=[sql(last)]), Reply(calls=[sql(count)]),
                           Reply(calls=[answer()])])
    async with open_engine(sqlite_settings, QUESTION, "sqlite", model,
                           paper(sqlite_settings)) as engine:
        await collect(engine.run(TEXT))
    shown, one, counted = results(model, 4)
    total = int(counted.splitlines()[-1].split()[-1])
    assert total > 1000
    lines = shown.splitlines()
    assert lines[0] == "" and lines[-1] == f"[{total} rows x 2 columns]"
    assert len(lines) == 1 + 1 + 10 + 1 + 2 and lines[7].split()[0] == "..."
    node, country = one.splitlines()[-1].split()[1:]
    assert lines[-3].split() == [str(total - 1), node, country]
    assert one.splitlines()[1].split() == ["trade_node", "country_name"]  # under 200: whole


class Slow:
    """A scripted model whose calls in `slow` take `seconds` first."""

    def __init__(self, inner: ScriptedModel, seconds: float, slow: set[int]) -> None:
        self.inner, self.seconds, self.slow, self.n = inner, seconds, slow, 0
        self.name, self.scripted = inner.name, inner.scripted

    async def stream(self, request: ModelRequest) -> AsyncIterator[TextPiece | ModelReply]:
        n, self.n = self.n, self.n + 1
        if n in self.slow:
            await asyncio.sleep(self.seconds)
        async for chunk in self.inner.stream(request):
            yield chunk


def finished(events: list[Any]) -> RunFinished:
    assert isinstance(events[-1], RunFinished), events[-1]
    return events[-1]


async def test_no_answer_is_forced_when_the_time_is_up(sqlite_settings: Settings) -> None:
    """The product gives the model one last turn to answer; the paper's agent had no time
    limit, so under its protocol the run just ends, like one that spent its iterations."""
    inner = ScriptedModel([Reply(calls=[plan("powers")]), Reply(calls=[sql()]),
                           Reply(calls=[answer()])])
    model = Slow(inner, 30.0, {1})  # the second call runs over the run's time
    config = paper(sqlite_settings, run_timeout_s=0.5)
    async with open_engine(sqlite_settings, QUESTION, "sqlite", model,  # type: ignore[arg-type]
                           config) as engine:
        done = finished(await collect(engine.run(TEXT)))
    assert done.stop_reason == "budget:run_timeout" and done.decision is None
    assert model.n == 2 and done.usage.model_calls == 2  # the cut call counts, no other
    # Time already spent before a call: the run ends without asking the model again.
    quick = ScriptedModel([Reply(calls=[plan("powers")])])
    async with open_engine(sqlite_settings, QUESTION, "sqlite", quick,
                           paper(sqlite_settings, run_timeout_s=1e-9)) as engine:
        done = finished(await collect(engine.run(TEXT)))
    assert done.stop_reason == "budget:run_timeout" and not quick.requests


def test_the_paper_protocol_has_a_long_safety_bound_and_says_so(
    sqlite_settings: Settings,
) -> None:
    config = protocol_config(sqlite_settings, "paper", "planrag", "approve")
    assert config.run_timeout_s == PAPER_RUN_BOUND_S >= 6 * 3600
    assert not config.answer_at_timeout and config.observations == "paper"
    longer = sqlite_settings.model_copy(update={"run_timeout_s": 86_400.0})
    assert protocol_config(longer, "paper", "planrag", "approve").run_timeout_s == 86_400
    said = deviations(config, sqlite_settings, "gpt-4", False, ["mysql", "graph"])
    assert (f"each run stops after {PAPER_RUN_BOUND_S:g} s (a safety bound, "
            f"{PAPER_RUN_BOUND_S:g} s or PLANRAG_RUN_TIMEOUT when longer) without a forced "
            "answer, as a run that spends its 15 iterations; the paper had no time limit"
            ) in said
    product = protocol_config(sqlite_settings, "product", "planrag", "approve")
    assert product.run_timeout_s == 600 and product.answer_at_timeout
    assert product.observations == "product"
    assert any(d.startswith("each run has 600 s (PLANRAG_RUN_TIMEOUT), then one short turn")
               for d in deviations(product, sqlite_settings, "gpt-4", False, ["mysql"]))


def one_question(folder: Path, qid: str) -> Path:
    """A DQA folder in this project's layout holding the fixture's question `qid`."""
    source = DQA / "locating" / "questions.jsonl"
    for line in source.read_text(encoding="utf-8").splitlines():
        q = json.loads(line)
        if q["id"] == qid:
            for form in ("sql", "cypher"):
                q[form] = str((source.parent / q[form]).resolve())
            (folder / "locating").mkdir(parents=True)
            (folder / "locating" / "questions.jsonl").write_text(json.dumps(q) + "\n")
            return folder
    raise AssertionError(qid)


def columns_of(database: Path, table: str) -> list[str]:
    with sqlite3.connect(database) as conn:
        return [row[1] for row in conn.execute(f"PRAGMA table_info({table})")]


async def test_the_paper_protocol_queries_the_dumps_own_names(tmp_path: Path) -> None:
    """locating-13's dump names the column `has_has_merchant`: under the paper's protocol the
    model sees and queries it so, in copies of their own; the product's copy is renamed, as
    before; the simulator check reads the dump with the rename under both."""
    settings = load_settings(env_file=None, data_dir=tmp_path / "data", mysql_url=None)
    folder = one_question(tmp_path / "dqa", "locating-13")
    asked: dict[str, list[ScriptedModel]] = {"paper": [], "product": []}
    lines = {}
    for protocol, models in asked.items():
        def factory(models: list[ScriptedModel] = models) -> ScriptedModel:
            models.append(policy_model())
            return models[-1]

        result = await run_eval(settings, folder, "locating", "sqlite", factory,
                                protocol=protocol, out_dir=tmp_path / protocol)
        (lines[protocol],) = result.lines
    for line in lines.values():  # the check read the dump (with the rename) both times
        assert line["outcome"] == "answered" and line["verified_decision"] == "rheinland"
    paper_model = next(m for m in asked["paper"] if m.requests)
    described = next(t["function"]["description"] for t in paper_model.requests[0].tools
                     if t["function"]["name"] == "run_sql")
    assert "has_has_merchant" in described
    product_model = next(m for m in asked["product"] if m.requests)
    system = str(product_model.requests[0].messages[0]["content"])
    assert "has_merchant" in system and "has_has_merchant" not in system
    copies = sorted((tmp_path / "data").rglob("*.sqlite"))
    original = [p for p in copies if "_asis_" in p.name]
    renamed = [p for p in copies if "_asis_" not in p.name]
    assert len(original) == len(renamed) == 1
    assert "has_has_merchant" in columns_of(original[0], "node_country")
    assert "has_merchant" in columns_of(renamed[0], "node_country")
    assert "has_has_merchant" not in columns_of(renamed[0], "node_country")
