"""`planrag serve mcp` with the official MCP SDK's client: over stdio (the server a child
process, as Claude Desktop starts it) and over Streamable HTTP (tokens, people, datasets)."""

from __future__ import annotations

import asyncio
import json
import os
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.types import ElicitRequestParams, ElicitResult

from planrag.engine.scripted_server import ScriptedServer
from tests._sql_fixtures import ROOT
from tests.app._replanning import QUESTION, REASON, replanning_model
from tests.live._live import cli, live_env

pytestmark = pytest.mark.e2e

DEMO_QUESTION = QUESTION
TOOLS = {"list_datasets", "ask", "what_if", "query", "describe_schema"}


async def loaded_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    """A fresh installation's environment with the demo's SQLite copy loaded, as `make run`
    and the README's MCP set-up do (`planrag load`)."""
    env = live_env(tmp_path, **extra)
    code, _out, err = await cli("load", "--target", "sqlite", "demo-retail", env=env)
    assert code == 0, err
    return env


@asynccontextmanager
async def stdio_session(env: dict[str, str], *args: str, elicit: Any = None
                        ) -> AsyncIterator[ClientSession]:
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "planrag", "serve", "mcp", *args],
        env={**os.environ, **env}, cwd=str(ROOT))
    async with stdio_client(params) as (read, write):
        kwargs = {"elicitation_callback": elicit} if elicit is not None else {}
        async with ClientSession(read, write, **kwargs) as session:
            await asyncio.wait_for(session.initialize(), 120)
            yield session


def text_of(result: Any) -> str:
    return "\n".join(c.text for c in result.content if getattr(c, "type", "") == "text")


async def test_the_tools_over_stdio_with_the_scripted_walkthrough(tmp_path: Path) -> None:
    """On a fresh installation, nothing loaded first: the SQLite copy is loaded by the
    first question that needs it."""
    progress: list[str] = []

    async def noted(_progress: float, _total: float | None, message: str | None) -> None:
        progress.append(message or "")

    env = live_env(tmp_path)
    async with stdio_session(env, "--scripted") as session:
        tools = (await session.list_tools()).tools
        assert {t.name for t in tools} == TOOLS
        assert all(t.annotations and t.annotations.readOnlyHint for t in tools)

        listed = await session.call_tool("list_datasets", {})
        ids = [d["id"] for d in listed.structuredContent["datasets"]]
        assert "demo-retail" in ids and "dqa-locating-1445" in ids

        asked = await session.call_tool(
            "ask", {"question": DEMO_QUESTION, "dataset": "demo-retail"},
            progress_callback=noted)
        assert not asked.isError, text_of(asked)
        text = text_of(asked)
        assert text.startswith("**Best decision:"), text
        structured = asked.structuredContent
        assert structured["decision"] is not None and structured["scripted"]
        assert structured["check"]["candidates"] > 1 and structured["queries"]
        assert any(q["outcome"].endswith("rows") for q in structured["queries"])
        assert any(m.startswith("q1: ") for m in progress), progress
        assert progress[-1] == "Answered and checked"

        refused = await session.call_tool(
            "query", {"dataset": "demo-retail", "query": "DELETE FROM warehouse"})
        assert refused.isError and "refused by the read-only guard" in text_of(refused)
        rows = await session.call_tool(
            "query", {"dataset": "demo-retail", "query": "SELECT COUNT(*) AS n FROM warehouse"})
        assert not rows.isError and rows.structuredContent["columns"] == ["n"]

        ranked = await session.call_tool("what_if", {"dataset": "demo-retail",
                                                     "parameters": {"extra_kg": 200}})
        assert not ranked.isError, text_of(ranked)
        found = ranked.structuredContent
        ranking, best_first = found["ranking"], found["objective"] == "maximize"
        values = [r["value"] for r in ranking]
        assert len(values) > 1 and values == sorted(values, reverse=best_first)
        assert found["parameters"]["extra_kg"] == 200
        assert text_of(ranked).count("\n") > 3  # the ranking as the chat shows it

        schema = await session.call_tool("describe_schema", {"dataset": "demo-retail"})
        assert "warehouse" in text_of(schema)

        unknown = await session.call_tool("ask", {"question": DEMO_QUESTION,
                                                  "dataset": "no-such-dataset"})
        assert unknown.isError and "no-such-dataset" in text_of(unknown)


async def test_a_replan_is_put_to_the_person_through_elicitation(tmp_path: Path) -> None:
    asked: list[str] = []

    async def elicit(_context: Any, params: ElicitRequestParams) -> ElicitResult:
        asked.append(params.message)
        return ElicitResult(action="accept", content={"approve": True})

    model = replanning_model(runs=2)
    async with ScriptedServer(model) as server:
        env = await loaded_env(tmp_path, PLANRAG_MODEL="m",
                               PLANRAG_MODEL_BASE_URL=server.base_url,
                               PLANRAG_CONSENT_TIMEOUT_DEFAULT="reject")
        async with stdio_session(env, elicit=elicit) as session:
            result = await session.call_tool("ask", {"question": DEMO_QUESTION,
                                                     "dataset": "demo-retail"})
            assert not result.isError, text_of(result)
            assert asked and REASON in asked[0]
            queries = result.structuredContent["queries"]
            assert [q["id"] for q in queries] == ["q1", "q2"]  # the new plan's step ran
            assert "cannot be asked" not in text_of(result)
        # A client that cannot be asked: the server's setting decides, and says so.
        async with stdio_session(env) as session:
            result = await session.call_tool("ask", {"question": DEMO_QUESTION,
                                                     "dataset": "demo-retail"})
            assert "PLANRAG_CONSENT_TIMEOUT_DEFAULT=reject" in text_of(result)
            assert [q["id"] for q in result.structuredContent["queries"]] == ["q1"]


@asynccontextmanager
async def http_server(env: dict[str, str], host: str = "127.0.0.1", *,
                      scripted: bool = True) -> AsyncIterator[str]:
    """`planrag serve mcp --http --scripted` at `host` (without `--scripted` if not
    `scripted`: the model `env` names) on a free port; its URL once it answers."""
    import httpx

    from tests._graph_fixtures import free_port

    port = free_port()
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "planrag", "serve", "mcp", "--http", "--host", host,
        "--port", str(port), *(["--scripted"] if scripted else []), cwd=str(ROOT),
        env={**os.environ, **env},
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE)
    url = f"http://{host}:{port}/mcp"
    try:
        async with httpx.AsyncClient() as client:
            for _ in range(300):
                try:
                    await client.get(url, timeout=1)
                    break
                except httpx.TransportError:
                    assert proc.returncode is None, await proc.stderr.read() if proc.stderr \
                        else "the server stopped"
                    await asyncio.sleep(0.1)
        yield url
    finally:
        proc.terminate()
        await proc.wait()


@asynccontextmanager
async def http_session(url: str, token: str | None) -> AsyncIterator[ClientSession]:
    import httpx
    from mcp.client.streamable_http import streamable_http_client

    headers = {"Authorization": f"Bearer {token}"} if token else {}
    async with httpx.AsyncClient(headers=headers, timeout=httpx.Timeout(120, read=300)) as http, \
            streamable_http_client(url, http_client=http) as (read, write, _id), \
            ClientSession(read, write) as session:
        await asyncio.wait_for(session.initialize(), 60)
        yield session


async def _token(env: dict[str, str], name: str, datasets: str) -> str:
    code, _out, err = await cli("users", "add", name, "--no-password", "--datasets", datasets,
                                env=env)
    assert code == 0, err
    code, out, err = await cli("users", "token", name, env=env)
    assert code == 0, err
    return out.strip().splitlines()[-1]


async def test_over_http_each_person_with_their_token(tmp_path: Path) -> None:
    import httpx

    env = await loaded_env(tmp_path, PLANRAG_USERS_FILE=str(tmp_path / "users.toml"))
    ana = await _token(env, "ana", "demo-retail")
    bo = await _token(env, "bo", "dqa-locating-1445")
    async with http_server(env) as url:
        async with httpx.AsyncClient() as client:
            bare = await client.post(url, json={"jsonrpc": "2.0", "id": 1,
                                                "method": "tools/list"})
            assert bare.status_code == 401 and "Bearer" in bare.headers["www-authenticate"]
            wrong = await client.post(url, headers={"Authorization": "Bearer prt_nope"},
                                      json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"})
            assert wrong.status_code == 401
        async with http_session(url, ana) as session:
            listed = await session.call_tool("list_datasets", {})
            assert [d["id"] for d in listed.structuredContent["datasets"]] == ["demo-retail"]
            asked = await session.call_tool("ask", {"question": DEMO_QUESTION,
                                                    "dataset": "demo-retail"})
            assert not asked.isError and text_of(asked).startswith("**Best decision:")
        async with http_session(url, bo) as session:
            refused = await session.call_tool("ask", {"question": DEMO_QUESTION,
                                                      "dataset": "demo-retail"})
            assert refused.isError and "may not ask about the dataset demo-retail" in (
                text_of(refused))
            schema = await session.call_tool("describe_schema", {"dataset": "demo-retail"})
            assert schema.isError
    code, out, err = await cli("audit", "--json", "--user", "mcp:ana", env=env)
    assert code == 0 and '"question"' in out, err


async def test_over_http_without_users_only_this_machine(tmp_path: Path) -> None:
    env = await loaded_env(tmp_path, PLANRAG_USERS_FILE=str(tmp_path / "none.toml"))
    async with http_server(env) as url, http_session(url, None) as session:
        tools = (await session.list_tools()).tools
        assert {t.name for t in tools} == TOOLS
    code, _out, err = await cli("serve", "mcp", "--http", "--host", "0.0.0.0", env=env)
    assert code == 1 and "would be open to anyone who can reach 0.0.0.0" in err


async def test_over_http_on_another_loopback_address_only_its_names(tmp_path: Path) -> None:
    """`--host 127.0.0.2`, where the MCP library checks neither Host nor Origin: a page at
    a host name pointed at this machine (DNS rebinding) gets a 421, another site's page a
    403, a body that is not JSON a 415; a client at the server's own address gets in."""
    import httpx

    env = live_env(tmp_path, PLANRAG_USERS_FILE=str(tmp_path / "none.toml"))
    initialize = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
                  "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                             "clientInfo": {"name": "page", "version": "1"}}}
    accept = {"Accept": "application/json, text/event-stream"}
    async with http_server(env, host="127.0.0.2") as url:
        port = url.split(":")[2].split("/")[0]
        async with httpx.AsyncClient(timeout=30) as client:
            rebound = await client.post(url, json=initialize,
                                        headers={**accept, "Host": f"evil.test:{port}"})
            assert rebound.status_code == 421, rebound.text
            assert "only at this machine's names" in rebound.json()["error_description"]
            page = await client.post(url, json=initialize,
                                     headers={**accept, "Origin": "http://evil.test"})
            assert page.status_code == 403, page.text
            plain = await client.post(url, content=json.dumps(initialize),
                                      headers={**accept, "Content-Type": "text/plain"})
            assert plain.status_code == 415, plain.text
        async with http_session(url, None) as session:
            assert {t.name for t in (await session.list_tools()).tools} == TOOLS
