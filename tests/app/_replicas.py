"""Several app processes behind nginx, as docs/operations.md runs them: `deploy/nginx/nginx.conf`
copied as it is, beside the files it includes (the address, and one `server` line per app
process for the chat, the API and MCP), and `planrag serve api` processes sharing one run
store and one history."""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import signal
import sys
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path

import httpx
import pytest

from tests._graph_fixtures import free_port
from tests._sql_fixtures import ROOT

CONFIG = ROOT / "deploy" / "nginx" / "nginx.conf"


@asynccontextmanager
async def nginx(folder: Path, *, chat: Sequence[str] = (), api: Sequence[str] = (),
                mcp: Sequence[str] = ()) -> AsyncIterator[str]:
    """nginx with the deploy config, in front of the app processes at `chat`, `api` and
    `mcp` (HOST:PORT each; none: a port nothing listens on): its base URL, once it listens."""
    binary = shutil.which("nginx") or "/usr/sbin/nginx"
    if not Path(binary).exists():
        pytest.skip("nginx is not installed (apt-get install nginx-light)")
    conf = folder / "conf"
    (conf / "servers").mkdir(parents=True)
    shutil.copy(CONFIG, conf / "nginx.conf")
    port = free_port()
    (conf / "listen.conf").write_text(f"listen 127.0.0.1:{port};\n")
    nowhere = f"127.0.0.1:{free_port()}"
    for name, servers in (("chat", chat), ("api", api), ("mcp", mcp)):
        lines = [f"server {s} max_fails=1 fail_timeout=30s;" for s in servers or [nowhere]]
        (conf / "servers" / f"{name}.conf").write_text("\n".join(lines) + "\n")
    proc = await asyncio.create_subprocess_exec(
        binary, "-p", str(folder), "-c", str(conf / "nginx.conf"), "-g", "daemon off;",
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE)
    try:
        await _listening(port, proc)
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.send_signal(signal.SIGQUIT)  # nginx's graceful stop
        try:
            await asyncio.wait_for(proc.wait(), 10)
        except TimeoutError:
            proc.kill()
            await proc.wait()


@asynccontextmanager
async def served_api(env: dict[str, str]) -> AsyncIterator[tuple[str, asyncio.subprocess.Process]]:
    """`planrag serve api` on a free port with `env`: (HOST:PORT, the process), once it
    answers; stopped (if it still runs) at the end."""
    async with served(env, ("api",), "/v1/models") as running:
        yield running


@asynccontextmanager
async def served_mcp(env: dict[str, str]) -> AsyncIterator[tuple[str, asyncio.subprocess.Process]]:
    """`planrag serve mcp --http` on a free port with `env`, as `served_api`."""
    async with served(env, ("mcp", "--http"), "/mcp") as running:
        yield running


@asynccontextmanager
async def served(env: dict[str, str], command: tuple[str, ...], path: str,
                 host: str = "127.0.0.1") -> AsyncIterator[tuple[str, asyncio.subprocess.Process]]:
    """`planrag serve COMMAND... --host HOST` on a free port with `env`: (HOST:PORT, the
    process), once `path` answers; stopped (if it still runs) at the end."""
    port = free_port()
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "planrag", "serve", *command, "--host", host, "--port",
        str(port), cwd=str(ROOT), env={**os.environ, **env},
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE)
    try:
        async with httpx.AsyncClient() as http:
            for _ in range(600):
                try:
                    await http.get(f"http://{host}:{port}{path}", timeout=1)
                    break
                except httpx.TransportError:
                    if proc.returncode is not None:
                        err = await proc.stderr.read() if proc.stderr else b""
                        raise AssertionError(f"planrag serve {command[0]} stopped: "
                                             f"{err.decode()[-2000:]}") from None
                    await asyncio.sleep(0.1)
        yield f"{host}:{port}", proc
    finally:
        with contextlib.suppress(ProcessLookupError):  # gone already (a test killed it)
            proc.terminate()
        await proc.wait()


async def _listening(port: int, proc: asyncio.subprocess.Process) -> None:
    for _ in range(200):
        if proc.returncode is not None:
            err = await proc.stderr.read() if proc.stderr else b""
            raise AssertionError(f"nginx stopped: {err.decode()[-2000:]}")
        try:
            _, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.close()
            await writer.wait_closed()
            return
        except OSError:
            await asyncio.sleep(0.05)
    raise AssertionError("nginx does not listen")
