"""Issue 34, breaks 4 and 7, on `planrag serve mcp --http` in a process of its own with two
people's tokens from a users file: every tool counts against the person's limit of work at
once (a person over it is refused, another person's query still runs), and a session
belongs to the person whose credential opened it (another person's requests on it, with
their own valid token, are answered as if there were no such session)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client
from mcp.types import ElicitRequestParams, ElicitResult

from planrag.engine.scripted_server import ScriptedServer
from tests.app._replanning import QUESTION, REASON, replanning_model
from tests.app.test_mcp_e2e import _token, http_server, loaded_env, text_of
from tests.live._live import cli

pytestmark = pytest.mark.e2e  # the MCP server in a process of its own

SLOW = ("WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 1000000000) "
        "SELECT count(*) AS n FROM c")
"""A query the guard lets through that runs until the statement timeout stops it."""
COUNT = "SELECT COUNT(*) AS n FROM warehouse"
Elicit = Callable[[Any, ElicitRequestParams], Awaitable[ElicitResult]]


@asynccontextmanager
async def session_of(url: str, token: str, elicit: Elicit | None = None
                     ) -> AsyncIterator[tuple[ClientSession, str, str]]:
    """A person's MCP session over HTTP: the session, its id and its protocol version."""
    headers = {"Authorization": f"Bearer {token}"}
    kwargs = {"elicitation_callback": elicit} if elicit is not None else {}
    async with httpx.AsyncClient(headers=headers, timeout=httpx.Timeout(60, read=120)) as http, \
            streamable_http_client(url, http_client=http) as (read, write, session_id), \
            ClientSession(read, write, **kwargs) as session:
        started = await asyncio.wait_for(session.initialize(), 60)
        opened = session_id()
        assert opened
        yield session, opened, str(started.protocolVersion)


def on_session(token: str, session_id: str, version: str) -> dict[str, str]:
    """The headers of a raw request on `session_id` with `token`."""
    return {"Authorization": f"Bearer {token}", "mcp-session-id": session_id,
            "mcp-protocol-version": version,
            "Accept": "application/json, text/event-stream"}


async def test_one_person_over_the_limit_is_refused_and_another_is_served(
        tmp_path: Path) -> None:
    """Ana sends eight slow queries at once; the limit is two at once per person and the
    pool holds four connections. Her places are two: the other six are refused at once, as
    are her schema look-up and what-if meanwhile, and Bo's one-row count is answered."""
    env = await loaded_env(tmp_path, PLANRAG_USERS_FILE=str(tmp_path / "users.toml"),
                           PLANRAG_RUNS_PER_PERSON="2", PLANRAG_POOL_SIZE="4",
                           PLANRAG_POOL_WAIT="1.5", PLANRAG_QUERY_TIMEOUT="4")
    ana = await _token(env, "ana", "demo-retail")
    bo = await _token(env, "bo", "demo-retail")
    async with http_server(env) as url, session_of(url, ana) as (mine, _, _), \
            session_of(url, bo) as (his, _, _):
        started = time.monotonic()
        alone = await his.call_tool("query", {"dataset": "demo-retail", "query": COUNT})
        alone_s = time.monotonic() - started
        assert not alone.isError, text_of(alone)

        burst = [asyncio.ensure_future(mine.call_tool(
            "query", {"dataset": "demo-retail", "query": SLOW})) for _ in range(8)]
        await asyncio.wait(burst, return_when=asyncio.FIRST_COMPLETED)
        started = time.monotonic()
        count = await his.call_tool("query", {"dataset": "demo-retail", "query": COUNT})
        during_s = time.monotonic() - started
        schema = await mine.call_tool("describe_schema", {"dataset": "demo-retail"})
        ranked = await mine.call_tool("what_if", {"dataset": "demo-retail"})
        results = await asyncio.gather(*burst)
        print(f"\nBo's one-row count: {alone_s:.3f} s alone, {during_s:.3f} s during Ana's "
              "eight slow queries")

        assert not count.isError, text_of(count)
        assert count.structuredContent["rows"] == alone.structuredContent["rows"]
        refusal = ("you already have 2 queries running, the most at once; ask this again when "
                   "one has finished")
        said = sorted(text_of(r) for r in results)
        assert said.count(refusal) == 6, said
        assert all(r.isError for r in results)
        stopped = [s for s in said if s != refusal]
        assert stopped == ["Error executing tool query: query stopped after 4 s; narrow it "
                           "or aggregate"] * 2, said
        assert schema.isError and text_of(schema) == refusal
        assert ranked.isError and text_of(ranked) == refusal
        # Her places are given back when her queries end.
        again = await mine.call_tool("query", {"dataset": "demo-retail", "query": COUNT})
        assert not again.isError, text_of(again)
        # Issue 35: Bo's queries over HTTP are in the audit trail, under his name.
        code, out, err = await cli("audit", "--user", "mcp:bo", env=env)
        assert code == 0, err
        assert out.count(f"q1 ran (1 rows): {COUNT}") == 2, out
        assert out.count("tool query (query=SELECT COUNT(*)") == 2, out


async def test_a_session_belongs_to_the_person_whose_credential_opened_it(
        tmp_path: Path) -> None:
    """While Ana's re-plan waits for her answer, Bo, with her session id and his own valid
    token, tries to answer it, to open her event stream and to end her session: each is
    answered 404, as an unknown session is. Ana's own answer (keep the plan) decides, her
    session goes on, and a second token of hers (a rotated one) still reaches it."""
    asked = asyncio.Event()
    tried = asyncio.Event()
    request_ids: list[Any] = []

    async def elicit(context: Any, params: ElicitRequestParams) -> ElicitResult:
        assert REASON in params.message
        request_ids.append(context.request_id)
        asked.set()
        await tried.wait()
        return ElicitResult(action="accept", content={"approve": False})

    async with ScriptedServer(replanning_model()) as model:
        env = await loaded_env(tmp_path, PLANRAG_USERS_FILE=str(tmp_path / "users.toml"),
                               PLANRAG_MODEL="m", PLANRAG_MODEL_BASE_URL=model.base_url,
                               PLANRAG_CONSENT_TIMEOUT_DEFAULT="reject")
        ana = await _token(env, "ana", "demo-retail")
        bo = await _token(env, "bo", "demo-retail")
        async with http_server(env, scripted=False) as url, \
                session_of(url, ana, elicit) as (session, ana_session, version), \
                httpx.AsyncClient(timeout=30) as raw:
            asking = asyncio.ensure_future(session.call_tool(
                "ask", {"question": QUESTION, "dataset": "demo-retail"}))
            await asyncio.wait_for(asked.wait(), 120)
            as_bo = on_session(bo, ana_session, version)
            try:
                answered = await raw.post(url, headers=as_bo, json={
                    "jsonrpc": "2.0", "id": request_ids[0],
                    "result": {"action": "accept", "content": {"approve": True}}})
                async with raw.stream("GET", url, headers={
                        **as_bo, "Accept": "text/event-stream"}) as stream:
                    streamed = stream.status_code  # an event stream is never read to its end
                ended = await raw.delete(url, headers=as_bo)
            finally:
                tried.set()  # Ana answers now
            assert [answered.status_code, streamed, ended.status_code] == [404, 404, 404]
            assert "Session not found" in answered.text
            result = await asyncio.wait_for(asking, 120)
            assert not result.isError, text_of(result)
            queries = result.structuredContent["queries"]
            assert [q["id"] for q in queries] == ["q1"]  # Ana kept her plan; Bo approved nothing
            listed = await session.call_tool("list_datasets", {})  # her session goes on
            assert not listed.isError, text_of(listed)

            # Ana rotates her token (a new one, the old revoked): her session stays hers.
            code, out, err = await cli("users", "token", "ana", env=env)
            assert code == 0, err
            rotated = out.strip().splitlines()[-1]
            code, _out, err = await cli("users", "token", "ana", "--revoke", ana, env=env)
            assert code == 0, err
            listing = {"jsonrpc": "2.0", "id": 99, "method": "tools/list"}
            mine = await raw.post(url, headers=on_session(rotated, ana_session, version),
                                  json=listing)
            assert mine.status_code == 200, mine.text
            old = await raw.post(url, headers=on_session(ana, ana_session, version),
                                 json=listing)
            assert old.status_code == 401
