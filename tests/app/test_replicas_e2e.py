"""Two app processes behind nginx (deploy/nginx/nginx.conf as it is), sharing a run store
(PostgreSQL, Redis) and a history (PostgreSQL): through the API, a re-plan paused in one
process is approved through the other and the same run goes on; a person's third question at
once is refused by whichever process it reaches; a process killed mid-answer gives the
person's place back within the lease. Over MCP, each person's session (and the consent asked
in it) stays with the process that opened it. In the chat, a person whose process is killed
mid-question reloads the page, lands on the other process still signed in, and finds the
question answered again there."""

from __future__ import annotations

import asyncio
import json
import signal
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import openai
import pytest

from planrag.engine import Reply, ScriptedModel, call
from planrag.engine.scripted_server import ScriptedServer, Stall
from planrag.users import UsersFile
from tests._pg_fixtures import scratch_database
from tests.app._journal import leases_lapsed
from tests.app._replanning import QUESTION, replanning_model
from tests.app._replicas import nginx, served_api
from tests.app.test_chat_e2e import APPS, _browser, _chat, _script, data_dir  # noqa: F401
from tests.app.test_history import answered_again
from tests.app.test_teams import PASSWORD, _send, _sign_in
from tests.conftest import APP_LOGS
from tests.live._live import cli, live_env

# Each test starts several app processes and nginx: alone, after the parallel e2e tests, so
# that the browser tests beside them are not starved of both cores.
pytestmark = [pytest.mark.e2e, pytest.mark.serial]

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


async def test_an_mcp_session_stays_with_the_process_that_opened_it(tmp_path: Path) -> None:
    """nginx pins each bearer token to one process: Ana's session, a question in it that
    asks her consent, and her answer all go through nginx to the process that began them.
    Her session id is unknown to the other process (404), as the rule needs."""
    import httpx
    from mcp.types import ElicitRequestParams, ElicitResult

    from tests.app.test_mcp_e2e import _token, http_server, loaded_env, text_of
    from tests.app.test_mcp_people_e2e import on_session, session_of

    async def approve(_context: Any, params: ElicitRequestParams) -> ElicitResult:
        return ElicitResult(action="accept", content={"approve": True})

    async with ScriptedServer(replanning_model(runs=2)) as model:
        env = await loaded_env(tmp_path, PLANRAG_USERS_FILE=str(tmp_path / "users.toml"),
                               PLANRAG_MODEL="m", PLANRAG_MODEL_BASE_URL=model.base_url)
        ana = await _token(env, "ana", "demo-retail")
        bo = await _token(env, "bo", "demo-retail")
        async with http_server(env, scripted=False) as one, \
                http_server(env, scripted=False) as two, \
                nginx(tmp_path / "nginx", mcp=[one[7:-4], two[7:-4]]) as front:
            for token in (ana, bo):
                async with session_of(f"{front}/mcp", token, approve) as (session, sid, v):
                    for _ in range(3):  # requests on one session, each through nginx
                        listed = await session.call_tool("list_datasets", {})
                        assert not listed.isError, text_of(listed)
                    result = await session.call_tool(
                        "ask", {"question": QUESTION, "dataset": "demo-retail"})
                    assert not result.isError, text_of(result)
                    queries = result.structuredContent["queries"]
                    assert [q["id"] for q in queries] == ["q1", "q2"]  # the re-plan approved
                    listing = {"jsonrpc": "2.0", "id": 7, "method": "tools/list"}
                    async with httpx.AsyncClient(timeout=30) as raw:
                        direct = [(await raw.post(url, headers=on_session(token, sid, v),
                                                  json=listing)).status_code
                                  for url in (one, two)]
                    assert sorted(direct) == [200, 404], direct  # one process knows it


SWE = "Where should SWE place its merchant to steer trade to baltic_sea?"
REDIS_URL = "redis://127.0.0.1:6379/13"  # a database of this test's own


async def test_a_person_whose_chat_process_dies_lands_on_the_other_signed_in(
        tmp_path: Path, data_dir: Path) -> None:  # noqa: F811
    import redis.asyncio as redis
    from playwright.async_api import async_playwright

    users = tmp_path / "users.toml"
    UsersFile(users).add("carol", PASSWORD, ["*"])
    store = redis.from_url(REDIS_URL)
    await store.flushdb()
    runs: list[ScriptedModel] = []

    def route(body: dict[str, Any]) -> ScriptedModel:
        if not any(m["role"] == "assistant" for m in body["messages"]):
            runs.append(_script("k2"))  # a run that starts (again) gets the script afresh
        return runs[-1]

    async with scratch_database("chatreplicas", []) as name, ScriptedServer(route) as model:
        model.faults[2] = Stall("", seconds=120)  # the run's second model reply hangs
        env = {"PLANRAG_USERS_FILE": str(users), "PLANRAG_MODEL": "scripted",
               "PLANRAG_MODEL_BASE_URL": model.base_url, "PLANRAG_MODEL_TOOLS": "on",
               "PLANRAG_HISTORY_URL": f"postgresql://postgres@127.0.0.1:5432/{name}",
               "PLANRAG_RUN_STORE": REDIS_URL, "PLANRAG_RUN_LEASE": str(LEASE_S),
               "PLANRAG_CONSENT_TIMEOUT": "600"}
        async with _chat(data_dir, env) as one, _chat(data_dir, env) as two, \
                nginx(tmp_path / "nginx", chat=[one[7:], two[7:]]) as front, \
                async_playwright() as p:
            browser = await _browser(p)
            page = await _sign_in(browser, front, "carol")
            await page.locator("#chat-input").wait_for(timeout=30_000)
            await _send(page, f"[k2] {SWE}")
            await _until(lambda: model.requests >= 2, 60)
            await page.wait_for_timeout(500)  # the conversation is saved as it goes
            owner = await _lease_owner(store)
            serving = next(u for u in (one, two) if APPS[u].pid == owner)
            APPS[serving].kill()
            await leases_lapsed(REDIS_URL)
            await page.reload()  # the same browser: its sign-in cookie goes with it
            try:
                await answered_again(page, "k2")  # signed in, on the other process
            except AssertionError as exc:
                other = APP_LOGS[one if serving == two else two]
                raise AssertionError(f"{exc}\nThe other process's log ends:\n"
                                     f"{other.read_text(errors='replace')[-3000:]}") from None
            await browser.close()
    await store.aclose()
    assert len(runs) == 2  # the killed run and the one answered on the other process


async def _lease_owner(store: Any) -> int:
    """The pid of the process whose lease the one running run in the journal holds."""
    ids = await store.zrange("planrag:leases", 0, -1)
    assert len(ids) == 1, ids
    run = json.loads(await store.get(b"planrag:run:" + ids[0]))
    return int(run["owner"].split(":")[1])


async def _until(condition: Any, timeout: float = 30) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not condition():
        assert asyncio.get_running_loop().time() < deadline, "timed out"
        await asyncio.sleep(0.05)


async def test_nginx_keeps_each_signed_in_person_with_one_chat_process(tmp_path: Path) -> None:
    """The chat's sign-in cookie (`planrag_...`, its name derived from the secret) decides the
    process: the same person always reaches the same one, and people spread over both."""
    import httpx

    async def backend(name: bytes) -> tuple[asyncio.Server, str]:
        async def answer(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            while (await reader.readline()).strip():
                pass  # the request's head; these requests have no body
            writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\nConnection: close\r\n\r\n%s"
                         % (len(name), name))
            await writer.drain()
            writer.close()

        server = await asyncio.start_server(answer, "127.0.0.1", 0)
        return server, f"127.0.0.1:{server.sockets[0].getsockname()[1]}"

    (one, at_one), (two, at_two) = await backend(b"one"), await backend(b"two")
    async with nginx(tmp_path / "nginx", chat=[at_one, at_two]) as front, \
            httpx.AsyncClient(base_url=front) as http:
        async def reached(cookie: str) -> str:
            return (await http.get("/", headers={"Cookie": cookie})).text

        people = [f"theme=dark; planrag_0a1b2c3d4e5f=signed.in.{n}" for n in range(24)]
        first = [await reached(c) for c in people]
        assert [await reached(c) for c in people] == first  # each stays where they are
        assert set(first) == {"one", "two"}  # and people spread over both
    one.close()
    two.close()
