"""Issue 35, point 7: no traceback in the logs of normal use, the servers run as people run
them and their stderr read whole: a client leaving the MCP server over HTTP (the SDK logged
"Error in standalone SSE writer ... ClosedResourceError" each time), the stdio server
leaving after reading MySQL (aiomysql: "Event loop is closed"), and the API answering with
a streamed model (httpcore: "async generator ignored GeneratorExit")."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import httpx
import openai
import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

from planrag.engine.scripted_server import ScriptedServer
from planrag.version import package_version
from tests._graph_fixtures import free_port
from tests._sql_fixtures import PREFIX, ROOT, MySQLWorld, admin_execute
from tests.app._replanning import QUESTION, replanning_model
from tests.live._live import cli, live_env

pytestmark = pytest.mark.e2e

NOISE = ("Traceback", "Exception ignored", "Error in standalone SSE", "ClosedResourceError",
         "Event loop is closed", "GeneratorExit", "ERROR")


def quiet(log: str) -> None:
    """`log` holds no traceback nor any of the lines normal use used to log."""
    for noise in NOISE:
        assert noise not in log, log


@asynccontextmanager
async def serving(env: dict[str, str], *args: str, path: str, log: Path
                  ) -> AsyncIterator[str]:
    """`planrag serve ARGS --port P` with its stderr in `log`, stopped with Ctrl-C (as a
    person stops it) once the block ends; its URL once it answers at `path`."""
    port = free_port()
    with log.open("wb") as err:
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "planrag", "serve", *args, "--port", str(port),
            cwd=str(ROOT), env={**os.environ, **env}, stdout=asyncio.subprocess.DEVNULL,
            stderr=err)
    url = f"http://127.0.0.1:{port}{path}"
    try:
        async with httpx.AsyncClient() as client:
            for _ in range(300):
                try:
                    await client.get(url, timeout=1)
                    break
                except httpx.TransportError:
                    assert proc.returncode is None, log.read_text()
                    await asyncio.sleep(0.1)
        yield url
    finally:
        proc.send_signal(signal.SIGINT)
        assert await asyncio.wait_for(proc.wait(), 60) == 0, log.read_text()


async def test_mcp_clients_leaving_over_http_log_nothing(tmp_path: Path) -> None:
    from mcp.client.streamable_http import streamable_http_client

    env = live_env(tmp_path, PLANRAG_USERS_FILE=str(tmp_path / "none.toml"))
    log = tmp_path / "mcp.log"
    async with serving(env, "mcp", "--http", "--scripted", path="/mcp", log=log) as url:
        for _ in range(3):  # each opens its event stream (GET), then ends its session
            async with httpx.AsyncClient(timeout=60) as http, \
                    streamable_http_client(url, http_client=http) as (read, write, _id), \
                    ClientSession(read, write) as session:
                started = await session.initialize()
                assert started.serverInfo.version == package_version()
                assert (await session.list_tools()).tools
            await asyncio.sleep(0.3)  # the server ends the session after the client left
    quiet(log.read_text())


QL = PREFIX.replace("planrag_test_", "pltest_") + "ql_"
"""This file's databases (PLANRAG_DB_PREFIX is at most 21 characters, too few for PREFIX
with a worker's tag) and the reading account `planrag load` makes, `<prefix>copies_ro`."""


async def _drop_copies() -> None:
    names = await admin_execute(
        "SELECT SCHEMA_NAME FROM information_schema.SCHEMATA WHERE SCHEMA_NAME LIKE %s",
        args=(QL.replace("_", "\\_") + "%",))
    await admin_execute(*(f"DROP DATABASE IF EXISTS `{n[0]}`" for n in names),
                        f"DROP USER IF EXISTS '{QL}copies_ro'@'%'")


@pytest.fixture()
async def mysql_copies(mysql_world: MySQLWorld) -> AsyncIterator[str]:
    """MYSQL_URL for the demo's MySQL copies under this file's prefix, gone after."""
    admin = mysql_world.admin
    await _drop_copies()
    yield f"mysql://{admin.user}:{admin.password}@{admin.host}:{admin.port}"
    await _drop_copies()


@pytest.mark.mysql
async def test_the_stdio_server_leaving_after_reading_mysql_logs_nothing(
        tmp_path: Path, mysql_copies: str) -> None:
    env = live_env(tmp_path, MYSQL_URL=mysql_copies, PLANRAG_DB_PREFIX=QL,
                   PLANRAG_ALLOW_WRITE_PRIVILEGES="0")
    code, _out, err = await cli("load", "--target", "mysql", "demo-retail", env=env)
    assert code == 0, err
    log = tmp_path / "stdio.log"
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "planrag", "serve", "mcp", "--scripted"],
        env={**os.environ, **env}, cwd=str(ROOT))
    with log.open("w") as errlog:
        async with stdio_client(params, errlog=errlog) as (read, write), \
                ClientSession(read, write) as session:
            started = await asyncio.wait_for(session.initialize(), 120)
            assert started.serverInfo.version == package_version()
            asked = await session.call_tool("ask", {"dataset": "demo-retail",
                                                    "target": "mysql", "question": QUESTION})
            assert not asked.isError, asked
    quiet(log.read_text())


async def test_the_api_answering_with_a_streamed_model_logs_nothing(tmp_path: Path) -> None:
    code, _out, err = await cli("load", "--target", "sqlite", "demo-retail",
                                env=live_env(tmp_path))
    assert code == 0, err
    log = tmp_path / "api.log"
    async with ScriptedServer(replanning_model(2)) as model:
        env = live_env(tmp_path, PLANRAG_USERS_FILE=str(tmp_path / "none.toml"),
                       PLANRAG_MODEL="m", PLANRAG_MODEL_BASE_URL=model.base_url)
        async with serving(env, "api", path="/v1/models", log=log) as url:
            api = openai.AsyncOpenAI(base_url=url.removesuffix("/models"), api_key="none",
                                     max_retries=0)
            for stream in (True, False):
                reply = await api.chat.completions.create(
                    model="demo-retail", messages=[{"role": "user", "content": QUESTION}],
                    stream=stream)
                if stream:
                    assert [c async for c in reply]  # type: ignore[union-attr]
            await api.close()
    quiet(log.read_text())
