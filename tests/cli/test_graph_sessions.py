"""`planrag graph start|stop --started-file`: a session (`make console`) stops the embedded graph
server only when it started it, never one another session (`make demo`) started and uses.

Each test pays one JVM start; the commands run as `make` runs them, in processes of their own.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from planrag.graph import _proc
from tests._graph_fixtures import free_port
from tests.cli.test_cli import planrag

pytestmark = [pytest.mark.graph, pytest.mark.e2e, pytest.mark.skipif(  # servers of its own
    bool(os.environ.get("NEO4J_URI")), reason="exercises the embedded server only")]


def graph_env(tmp_path: Path) -> dict[str, str]:
    return {"PLANRAG_DATA_DIR": str(tmp_path / "data"), "PLANRAG_GRAPH_DIR": str(tmp_path / "g"),
            "PLANRAG_GRAPH_BOLT_PORT": str(free_port()),
            "PLANRAG_GRAPH_HTTP_PORT": str(free_port()), "NEO4J_URI": "", "MYSQL_URL": ""}


def graph(action: str, env: dict[str, str], *more: str) -> str:
    out = planrag("graph", action, *more, env=env, timeout=240, process=True)
    assert out.returncode == 0 and "Traceback" not in out.stderr, out.stderr
    return out.stdout


def test_leaving_the_console_leaves_the_demos_server_running(tmp_path: Path) -> None:
    env = graph_env(tmp_path)
    demo = tmp_path / "demo.started"
    assert "graph server started" in graph("start", env, "--started-file", str(demo))
    pid = int(demo.read_text())
    try:
        console = tmp_path / "console.started"
        assert "already running" in graph("start", env, "--started-file", str(console))
        assert console.read_text() == ""  # this session started nothing
        said = graph("stop", env, "--started-file", str(console))
        assert said.strip() == (f"graph server left running (pid {pid}): this session did "
                                "not start it")
        assert _proc.pid_alive(pid) and "running" in graph("status", env)
    finally:
        stopped = graph("stop", env, "--started-file", str(demo))  # the demo's own stop
    assert stopped.startswith("graph server stopped") and f"pid {pid}" in stopped
    assert "not running" in graph("status", env)


def test_a_session_stops_the_server_it_started(tmp_path: Path) -> None:
    env = graph_env(tmp_path)
    mark = tmp_path / "console.started"
    said = graph("start", env, "--started-file", str(mark))
    try:
        assert "graph server started" in said
        pid = int(mark.read_text())
        assert re.search(rf"\(pid {pid}\)", said)
    finally:
        stopped = graph("stop", env, "--started-file", str(mark))
    assert stopped.startswith("graph server stopped")
    assert "not running" in graph("status", env)
    gone = planrag("graph", "status", "--started-file", str(mark), env=env, process=True)
    assert gone.returncode == 1 and gone.stderr == (
        "error: --started-file goes with `planrag graph start` or `stop`\n")


def test_make_demo_and_console_stop_only_what_they_started() -> None:
    """Both recipes hand the same file to `graph start` and to the `graph stop` of their exit
    trap (what the tests above exercise)."""
    makefile = (Path(__file__).resolve().parents[2] / "Makefile").read_text()
    for target in ("demo", "console"):
        recipe = makefile.split(f"\n{target}: ", 1)[1].split("\n\n", 1)[0]
        assert 'graph start --started-file "$$started"' in recipe, target
        assert 'graph stop --started-file "$$started"' in recipe, target
        assert re.search(r"graph (start|stop)(;| >)", recipe) is None, target
