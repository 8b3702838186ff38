"""Two app processes behind nginx (deploy/nginx/nginx.conf as it is), sharing a run store and a
history in PostgreSQL: a re-plan paused in one process is approved through the other and the
same run goes on; a person's third question at once is refused by whichever process it
reaches; a process killed mid-answer gives the person's place back within the lease."""

from __future__ import annotations

import asyncio
import signal
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import openai
import pytest

from planrag.engine import Reply, ScriptedModel, call
from planrag.engine.scripted_server import ScriptedServer
from planrag.users import UsersFile
from tests._pg_fixtures import scratch_database
from tests.app._replanning import QUESTION, replanning_model
from tests.app._replicas import nginx, served_api
from tests.live._live import cli, live_env

pytestmark = pytest.mark.e2e

LEASE_S = 3


def _answering() -> ScriptedModel:
    """A plan, a query and the answer (warehouse 4)."""
    return ScriptedModel([
        Reply(calls=[call("make_plan", steps=[{"goal": "warehouses", "source": "sql"}])]),
        Reply(calls=[call("run_sql", query="SELECT id FROM warehouse", step=0)]),
        Reply(calls=[call("final_answer", decision=4, rationale="the data says so",
                          query_ids=["q1"], parameters={"extra_kg": 200})]),
    ])


class _Models:
    """One scripted model per run, picked by the marker its question starts with."""

    def __init__(self) -> None:
        self.runs: dict[str, ScriptedModel] = {}

    def __call__(self, body: dict[str, Any]) -> ScriptedModel:
        first = next(m["content"] for m in body["messages"] if m["role"] == "user")
        text = first if isinstance(first, str) else str(first)
        marker = text[text.index("[") + 1:text.index("]")]
        if marker not in self.runs:
            self.runs[marker] = replanning_model() if marker.startswith("r") else _answering()
        return self.runs[marker]


@pytest.fixture
async def team(tmp_path: Path) -> AsyncIterator[dict[str, Any]]:
    """A loaded demo, a person with an API key, and a PostgreSQL database for the run store
    and the history, as every process of the team sees them."""
    async with scratch_database("replicas", []) as name:
        url = f"postgresql://postgres@127.0.0.1:5432/{name}"
        env = live_env(tmp_path, PLANRAG_RUN_STORE=url, PLANRAG_HISTORY_URL=url,
                       PLANRAG_USERS_FILE=str(tmp_path / "users.toml"),
                       PLANRAG_RUN_LEASE=str(LEASE_S), PLANRAG_RUNS_PER_PERSON="2",
                       PLANRAG_CONSENT="ask")
        code, _out, err = await cli("load", "--target", "sqlite", "demo-retail", env=env)
        assert code == 0, err
        users = UsersFile(tmp_path / "users.toml")
        users.add("ana", None, ["demo-retail"])
        yield {"env": env, "key": users.issue("ana", "api")[0], "tmp": tmp_path}


def _client(base: str, key: str) -> openai.AsyncOpenAI:
    return openai.AsyncOpenAI(api_key=key, base_url=f"{base}/v1", max_retries=0, timeout=120)


async def test_a_replan_paused_in_one_process_is_approved_through_another(
        team: dict[str, Any]) -> None:
    models = _Models()
    async with ScriptedServer(models) as model:
        env = {**team["env"], "PLANRAG_MODEL": "m", "PLANRAG_MODEL_BASE_URL": model.base_url}
        async with served_api(env) as (one, _p1), served_api(env) as (two, _p2), \
                nginx(team["tmp"] / "nginx", api=[one, two]) as front:
            asked = [{"role": "user", "content": f"[r1] {QUESTION}"}]
            first = await _client(f"http://{one}", team["key"]).chat.completions.create(
                model="demo-retail", messages=asked)
            proposal = first.choices[0].message.content or ""
            assert "approve" in proposal.lower() and "**Best decision:" not in proposal
            going_on = [*asked, {"role": "assistant", "content": proposal},
                        {"role": "user", "content": "approve"}]
            later = await _client(f"http://{two}", team["key"]).chat.completions.create(
                model="demo-retail", messages=going_on)
            text = later.choices[0].message.content or ""
            assert text.startswith("**Best decision:"), text
            assert "The change of plan is approved (" in text
            assert len(models.runs["r1"].requests) == 5  # one run, played to its end
            # Through nginx, whichever process each message reaches, the same holds.
            asked = [{"role": "user", "content": f"[r2] {QUESTION}"}]
            api = _client(front, team["key"])
            first = await api.chat.completions.create(model="demo-retail", messages=asked)
            proposal = first.choices[0].message.content or ""
            later = await api.chat.completions.create(model="demo-retail", messages=[
                *asked, {"role": "assistant", "content": proposal},
                {"role": "user", "content": "approve"}])
            assert (later.choices[0].message.content or "").startswith("**Best decision:")


async def test_a_third_question_at_once_is_refused_by_whichever_process(
        team: dict[str, Any]) -> None:
    models = _Models()
    async with ScriptedServer(models, delay=1.5) as model:
        env = {**team["env"], "PLANRAG_MODEL": "m", "PLANRAG_MODEL_BASE_URL": model.base_url}
        async with served_api(env) as (one, _p1), served_api(env) as (two, p2), \
                nginx(team["tmp"] / "nginx", api=[one, two]) as front:

            async def ask(base: str, marker: str) -> str:
                reply = await _client(base, team["key"]).chat.completions.create(
                    model="demo-retail",
                    messages=[{"role": "user", "content": f"[{marker}] {QUESTION}"}])
                return reply.choices[0].message.content or ""

            running = [asyncio.create_task(ask(f"http://{one}", "a1")),
                       asyncio.create_task(ask(f"http://{two}", "a2"))]
            await _until(lambda: model.requests >= 2)  # both are being answered
            for base in (f"http://{one}", f"http://{two}", front):
                with pytest.raises(openai.RateLimitError) as refused:
                    await ask(base, "a3")
                assert "you already have 2 questions being answered" in str(refused.value)
            assert all(t.startswith("**Best decision:") for t in await asyncio.gather(*running))
            assert (await ask(front, "a4")).startswith("**Best decision:")  # places are back

            # A process killed mid-answer: its place lapses with the lease, nobody releases it.
            dying = asyncio.create_task(ask(f"http://{two}", "a5"))
            await _until(lambda: "a5" in models.runs)
            alive = asyncio.create_task(ask(f"http://{one}", "a6"))
            await _until(lambda: "a6" in models.runs)
            p2.send_signal(signal.SIGKILL)
            with pytest.raises(openai.APIConnectionError):
                await dying
            assert (await alive).startswith("**Best decision:")
            start = asyncio.get_running_loop().time()
            while True:  # a5's place is held until its lease lapses, then free
                try:
                    text = await ask(front, "a7")
                    break
                except openai.RateLimitError:
                    assert asyncio.get_running_loop().time() - start < 4 * LEASE_S
                    await asyncio.sleep(0.2)
            assert text.startswith("**Best decision:")


async def _until(condition: Any, timeout: float = 30) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not condition():
        assert asyncio.get_running_loop().time() < deadline, "timed out"
        await asyncio.sleep(0.05)
