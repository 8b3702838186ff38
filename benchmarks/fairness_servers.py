"""Issue 34's cases for `benchmarks/fairness.py`: one person's hostile requests to the MCP server
and the OpenAI-compatible API, and another person's ordinary request beside them.

Each server runs in a process of its own (`planrag serve mcp --http`, `planrag serve api`) on the
demo's SQLite copy, with two people's credentials from a users file. For each case Bob's
request is timed alone and while Alice sends hers, and the server's memory is read from
/proc (its resident set before, and its peak, VmHWM, after):

- a huge value: Alice's MCP `query`s build values of about a gigabyte
  (`printf('%.900000000c', 'x')`, `zeroblob`, `repeat` through `replace`);
- parallel tools: twelve of Alice's MCP `query`s at once that run until the statement
  timeout stops them;
- a huge body: Alice posts 300 MB bodies to the API's chat completions, twice at once.

Bob's request is an MCP `query` counting a table (the MCP cases) or a question answered by the
scripted walkthrough through the API (the body case). Each case passes when Bob's median
beside Alice is at most 1.5 times his median alone and the server grew by less than 100 MB.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import sys
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx

from tests._graph_fixtures import free_port
from tests._sql_fixtures import ROOT
from tests.app.test_mcp_e2e import _token, loaded_env
from tests.app.test_mcp_people_e2e import session_of
from tests.live._live import cli

TARGET = 1.5
GROWTH_MB = 100.0
COUNT = "SELECT COUNT(*) AS n FROM warehouse"
HUGE = ("SELECT length(printf('%.900000000c', 'x')) AS n",
        "SELECT length(zeroblob(900000000)) AS n",
        "SELECT length(replace(printf('%.100000c', 'x'), 'x', printf('%.100000c', 'y'))) AS n")
SLOW = ("WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 1000000000) "
        "SELECT count(*) AS n FROM c")
QUESTION = "Which warehouse should we expand by 200 kg a week to cut the delivery cost?"
BODY_MB = 300


@dataclass
class Case:
    name: str
    alone: list[float]
    beside: list[float]
    rss_before_mb: float
    peak_mb: float
    alice: str
    """What came of Alice's requests."""

    @property
    def ratio(self) -> float:
        return statistics.median(self.beside) / statistics.median(self.alone)

    @property
    def growth_mb(self) -> float:
        return self.peak_mb - self.rss_before_mb

    @property
    def held(self) -> bool:
        return self.ratio <= TARGET and self.growth_mb < GROWTH_MB

    def lines(self) -> list[str]:
        def ms(times: list[float]) -> str:
            return ", ".join(f"{t * 1000:.0f}" for t in times)

        return [f"{self.name}:",
                f"  Bob alone:        median {statistics.median(self.alone) * 1000:.0f} ms "
                f"({ms(self.alone)})",
                f"  Bob beside Alice: median {statistics.median(self.beside) * 1000:.0f} ms "
                f"({ms(self.beside)})",
                f"  ratio {self.ratio:.2f} (at most {TARGET}); server memory "
                f"{self.rss_before_mb:.0f} MB before, peak {self.peak_mb:.0f} MB "
                f"(grew {self.growth_mb:.0f} MB, less than {GROWTH_MB:.0f} MB): "
                f"{'held' if self.held else 'BROKE'}",
                f"  Alice: {self.alice}"]


def _memory(pid: int) -> tuple[float, float]:
    """A process's resident set and its peak so far, in MB (Linux /proc)."""
    values = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, rest = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            values[key] = int(rest.split()[0]) / 1024
    return values["VmRSS"], values["VmHWM"]


@asynccontextmanager
async def _server(env: dict[str, str], *args: str) -> AsyncIterator[tuple[int, int]]:
    """`planrag serve ARGS` on a free port: (port, pid) once it answers."""
    port = free_port()
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "planrag", "serve", *args, "--port", str(port), cwd=str(ROOT),
        env={**os.environ, **env}, stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.DEVNULL)
    try:
        async with httpx.AsyncClient() as client:
            for _ in range(300):
                try:
                    await client.get(f"http://127.0.0.1:{port}/", timeout=1)
                    break
                except httpx.TransportError:
                    if proc.returncode is not None:
                        raise SystemExit(
                            f"planrag serve {' '.join(args)} did not start") from None
                    await asyncio.sleep(0.1)
        yield port, proc.pid
    finally:
        proc.terminate()
        await proc.wait()


async def _times(bob: Callable[[], Awaitable[None]], rounds: int) -> list[float]:
    out = []
    for _ in range(rounds):
        started = time.monotonic()
        await bob()
        out.append(time.monotonic() - started)
    return out


async def _beside(bob: Callable[[], Awaitable[None]], alice: Awaitable[str], rounds: int
                  ) -> tuple[list[float], str]:
    """Bob's times while Alice's requests are under way (they start first)."""
    going = asyncio.ensure_future(alice)
    await asyncio.sleep(0.3)
    try:
        times = await _times(bob, rounds)
    finally:
        said = await going
    return times, said


async def _mcp_cases(env: dict[str, str], rounds: int) -> list[Case]:
    ana = await _token(env, "alice", "demo-retail")
    bo = await _token(env, "bob", "demo-retail")
    cases = []
    async with _server(env, "mcp", "--http", "--scripted") as (port, pid):
        url = f"http://127.0.0.1:{port}/mcp"
        async with session_of(url, ana) as (alice, _, _), session_of(url, bo) as (bob, _, _):

            async def count() -> None:
                result = await bob.call_tool("query", {"dataset": "demo-retail",
                                                       "query": COUNT})
                if result.isError:
                    raise SystemExit(f"Bob's count failed: {result.content}")

            await _times(count, 2)  # warm: the pool, the schema

            async def outcomes(queries: list[str]) -> str:
                done = await asyncio.gather(*(alice.call_tool(
                    "query", {"dataset": "demo-retail", "query": q}) for q in queries))
                refused = sum(1 for r in done if r.isError)
                first = next((str(getattr(c, "text", "")) for r in done if r.isError
                              for c in r.content if getattr(c, "type", "") == "text"), "")
                return (f"{len(done)} queries, {refused} refused"
                        + (f" (e.g. {first[:110]!r})" if first else ""))

            for name, queries in (("a huge value (MCP query)", list(HUGE) * 4),
                                  ("twelve slow queries at once (MCP)", [SLOW] * 12)):
                alone = await _times(count, rounds)
                before, _ = _memory(pid)
                beside, said = await _beside(count, outcomes(queries), rounds)
                _, peak = _memory(pid)
                cases.append(Case(name, alone, beside, before, peak, said))
    return cases


async def _api_case(env: dict[str, str], rounds: int) -> Case:
    keys = {}
    for name in ("alice", "bob"):
        code, out, err = await cli("users", "key", name, env=env)
        if code != 0:
            raise SystemExit(f"planrag users key {name}: {err}")
        keys[name] = out.strip().splitlines()[-1]
    async with _server(env, "api", "--scripted") as (port, pid), httpx.AsyncClient(
            timeout=httpx.Timeout(600)) as http:
        base = f"http://127.0.0.1:{port}/v1"

        async def ask() -> None:
            reply = await http.post(f"{base}/chat/completions", headers={
                "Authorization": f"Bearer {keys['bob']}"}, json={
                "model": "demo-retail", "messages": [{"role": "user", "content": QUESTION}]})
            if reply.status_code != 200:
                raise SystemExit(f"Bob's question failed: {reply.status_code} {reply.text}")

        async def body() -> AsyncIterator[bytes]:
            chunk = b"x" * (1 << 20)
            for _ in range(BODY_MB):
                yield chunk

        async def post_huge() -> str:
            try:
                reply = await http.post(f"{base}/chat/completions", content=body(), headers={
                    "Authorization": f"Bearer {keys['alice']}",
                    "Content-Type": "application/json"})
            except httpx.HTTPError as exc:  # the server may close the connection early
                return f"cut off ({type(exc).__name__})"
            return f"{reply.status_code}"

        async def flood() -> str:
            said = await asyncio.gather(post_huge(), post_huge())
            return f"two {BODY_MB} MB bodies at once: " + ", ".join(said)

        await _times(ask, 1)
        alone = await _times(ask, rounds)
        before, _ = _memory(pid)
        beside, said = await _beside(ask, flood(), rounds)
        _, peak = _memory(pid)
        return Case(f"a huge body (API, {BODY_MB} MB)", alone, beside, before, peak, said)


async def servers_main(rounds: int) -> int:
    """Run the servers' cases and print them; 0 when every case held, else 1."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        env = await loaded_env(folder, PLANRAG_USERS_FILE=str(folder / "users.toml"),
                               PLANRAG_QUERY_TIMEOUT="4")
        cases = await _mcp_cases(env, rounds)
        cases.append(await _api_case(env, rounds))
    for case in cases:
        print("\n".join(case.lines()))
    return 0 if all(c.held for c in cases) else 1

