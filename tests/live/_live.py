"""Helpers for the live-database tests: the command line as a person runs it, a scripted
model served over HTTP, and a TCP proxy that can cut a connection at a chosen moment."""

from __future__ import annotations

import asyncio
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from planrag.engine import Reply, ScriptedModel, call
from planrag.engine.scripted_server import ScriptedServer
from tests._sql_fixtures import ROOT
from tests.cli._run import run_in_process


def live_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    """The environment of a fresh installation: its own data and datasets folders, no
    MySQL copies, no model."""
    env = {
        "PLANRAG_DATA_DIR": str(tmp_path / "data"),
        "PLANRAG_DATASETS_DIR": str(tmp_path / "datasets"),
        "PLANRAG_DATASET": "demo-retail",
        "MYSQL_URL": "",
        "MYSQL_ADMIN_URL": "",
    }
    env.update(extra)
    return env


async def cli(*args: str, env: dict[str, str], stdin: str = "",
              timeout: float = 180, process: bool = False) -> tuple[int, str, str]:
    """`planrag ARGS...`: exit code, stdout, stderr. In this process, in a thread (see
    tests/cli/_run.py), unless `process` or PLANRAG_TEST_CLI=process asks for a child."""
    if not process and os.environ.get("PLANRAG_TEST_CLI") != "process":
        done = await asyncio.to_thread(run_in_process, args, stdin, env, timeout)
        return done.returncode, done.stdout, done.stderr
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "planrag", *args,
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE, cwd=ROOT, env={**os.environ, **env},
    )
    out, err = await asyncio.wait_for(proc.communicate(stdin.encode()), timeout)
    assert proc.returncode is not None
    return proc.returncode, out.decode(), err.decode()


def one_line_error(code: int, err: str, expected_code: int = 1) -> str:
    """The error a failing command printed: one line, no traceback."""
    assert code == expected_code, err
    assert "Traceback" not in err, err
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1, err
    return lines[0]


def events_of(out: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in out.splitlines() if line.strip()]


async def ask_with_one_query(
    env: dict[str, str], query: str, decision: str, rationale: str
) -> tuple[list[dict[str, Any]], ScriptedModel]:
    """`planrag ask --json` on the dataset "shop" with a scripted model that plans one step,
    runs `query` and answers `decision`: the events, and the model (what it was asked)."""
    model = ScriptedModel([
        Reply(calls=[call("make_plan", steps=[{"goal": "units sold per store",
                                               "source": "sql"}])]),
        Reply(calls=[call("run_sql", step=0, query=query)]),
        Reply(calls=[call("final_answer", decision=decision, rationale=rationale,
                          query_ids=["q1"])]),
    ])
    async with ScriptedServer(model) as server:
        code, out, err = await cli(
            "ask", "Which store sold the most?", "--dataset", "shop", "--json",
            env={**env, "PLANRAG_MODEL": "m", "PLANRAG_MODEL_BASE_URL": server.base_url})
    assert code == 0, err
    return events_of(out), model


def nothing_written(datasets_dir: Path, dataset_id: str) -> None:
    """After a refused connect: no dataset folder, and no work left behind."""
    assert not (datasets_dir / dataset_id).exists()
    if datasets_dir.exists():
        assert not [p for p in datasets_dir.iterdir() if p.name.startswith(f".{dataset_id}.")]


class Proxy:
    """A TCP proxy to `port`, for a server that misbehaves on the network: it closes both
    sides of a connection once the client sends bytes for which `cut(data)` is true (e.g. a
    given query: a server that drops mid-way), and while `stalled` it holds the server's
    replies back (a server that never answers)."""

    def __init__(self, port: int, cut: Callable[[bytes], bool] | None = None) -> None:
        self.target = port
        self.cut = cut
        self.port = 0
        self.cuts = 0
        self.stalled = False
        self.connections = 0
        self._server: asyncio.Server | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    async def __aenter__(self) -> Proxy:
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self._server is not None:
            self._server.close()
            for task in list(self._tasks):
                task.cancel()
            await asyncio.gather(*self._tasks, return_exceptions=True)
            await self._server.wait_closed()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._tasks.add(task)
        self.connections += 1
        try:
            up_r, up_w = await asyncio.open_connection("127.0.0.1", self.target)
        except OSError:
            writer.close()
            return
        down = asyncio.create_task(self._pipe(up_r, writer, replies=True))
        try:
            await self._pipe(reader, up_w, replies=False)
        finally:
            down.cancel()
            for w in (writer, up_w):
                w.close()
            self._tasks.discard(task)

    async def _pipe(self, src: asyncio.StreamReader, dst: asyncio.StreamWriter,
                    *, replies: bool) -> None:
        try:
            while data := await src.read(65536):
                if not replies and self.cut is not None and self.cut(data):
                    self.cuts += 1
                    return
                while replies and self.stalled:
                    await asyncio.sleep(0.05)
                dst.write(data)
                await dst.drain()
        except (OSError, asyncio.CancelledError):
            return
