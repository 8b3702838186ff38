"""Shared fixtures: real servers started once per session, and a guard against live models.

Graph fixtures live in tests/_graph_fixtures.py, relational ones in tests/_sql_fixtures.py,
PostgreSQL's in tests/_pg_fixtures.py.
"""

from __future__ import annotations

import ipaddress
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

pytest_plugins = ["tests._graph_fixtures", "tests._sql_fixtures", "tests._pg_fixtures"]

LIVE_MODEL_SETTINGS = ("OPENAI_", "AZURE_OPENAI_", "PLANRAG_MODEL")
"""Prefixes of environment variables that could point a test at a live model."""


def is_loopback(url: str) -> bool:
    host = urlsplit(url).hostname or ""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


_E2E: dict[str, bool] = {"running": False}
"""Whether the test running now (its fixtures of every scope included) is marked `e2e`."""


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Any:
    _E2E["running"] = item.get_closest_marker("e2e") is not None
    try:
        return (yield)
    finally:
        _E2E["running"] = False


APP_LOGS: dict[str, Path] = {}
"""The log file of each chat app a test started that is still running, by its URL."""


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]
                              ) -> Iterator[None] | Any:
    """A failed test's report ends with the last lines of each chat app still running: what
    the app said when a browser wait timed out, not only that it did."""
    report = yield
    if report.failed and APP_LOGS:
        for url, log in list(APP_LOGS.items()):
            try:
                lines = log.read_text(encoding="utf-8", errors="replace").splitlines()
            except OSError:
                continue
            report.sections.append((f"chat app at {url}: the last of {log}",
                                    "\n".join(lines[-60:])))
    return report


def require_e2e(what: str) -> None:
    """Fail a test that does `what` (starts the chat app's process, a browser...) unless it
    is marked `e2e`, so the fast tier (`make test`) stays fast as tests are added. Outside
    pytest (a benchmark using the tests' helpers) there is no tier to keep."""
    if "PYTEST_CURRENT_TEST" in os.environ and not _E2E["running"]:
        pytest.fail(f"this test {what}: mark it @pytest.mark.e2e (the end-to-end tier), or "
                    "drive the code in-process", pytrace=False)


@pytest.fixture(scope="session", autouse=True)
def no_live_model() -> Iterator[None]:
    """Tests never reach a live model: they use the scripted model, never a live one.

    Model settings inherited from the environment are removed for the session (tests that
    start a process give it the settings it needs explicitly, on top of `os.environ`), and
    every `OpenAIModel` built during the tests must point at a loopback server (the scripted
    one): the OpenAI API (no `base_url`) or any other host fails the test at once.
    """
    from planrag.engine.openai_model import OpenAIModel

    build = OpenAIModel.__init__

    def guarded(self: OpenAIModel, *args: Any, **kwargs: Any) -> None:
        build(self, *args, **kwargs)
        if not is_loopback(self.endpoint):
            pytest.fail(
                f"tests must not reach a live model: an OpenAIModel points at {self.endpoint}; "
                "use ScriptedModel, or ScriptedServer's loopback base_url",
                pytrace=False,
            )

    with pytest.MonkeyPatch.context() as patch:
        for name in list(os.environ):
            if name.startswith(LIVE_MODEL_SETTINGS):
                patch.delenv(name)
        patch.setattr(OpenAIModel, "__init__", guarded)
        yield


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Under pytest-xdist (`make test`), the tests that use the session's graph server run on
    one worker (`--dist loadgroup`): the embedded server is a JVM whose start and data loads
    cost more than the parallelism they would buy, and each worker would start its own."""
    for item in items:
        if {"graph_connection", "graph_settings"} & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.xdist_group("graph"))


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """With PLANRAG_TEST_TIMES=FILE, one JSON line per test phase (setup, call, teardown) is
    appended to FILE by the process that reports (pytest-xdist's controller, not its
    workers), so benchmarks/test_suite.py can tell where a tier's time goes across the
    pytest runs a tier makes."""
    path = os.environ.get("PLANRAG_TEST_TIMES")
    if not path or os.environ.get("PYTEST_XDIST_WORKER"):
        return
    import json

    record = {"nodeid": report.nodeid, "when": report.when, "outcome": report.outcome,
              "seconds": report.duration}
    with open(path, "a", encoding="utf-8") as out:
        out.write(json.dumps(record) + "\n")


@pytest.fixture(autouse=True)
def no_datasets_left_registered() -> Iterator[None]:
    """Datasets `planrag eval` registers at run time (`planrag.runtime.register`) live in
    the process; a test's are forgotten after it, so a later test of the same worker (say,
    the `datasets` listing) never sees them."""
    yield
    from planrag import runtime

    runtime._REGISTERED.clear()
