"""Issue 35, point 7, in-process: the MCP server reports our version, and of the MCP SDK's
log records only its report of a client's normal disconnect is dropped (the servers run as
people run them, with their stderr read, in test_quiet_logs_e2e.py)."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import anyio

from app.mcp_server import build_server, local_caller
from app.quiet_logs import quiet_mcp_disconnects
from planrag.settings import load_settings
from planrag.version import package_version


def test_the_mcp_server_reports_our_version_not_the_sdks(tmp_path: Path) -> None:
    from importlib.metadata import version

    settings = load_settings(env_file=None, data_dir=tmp_path / "data", mysql_url=None)
    server = build_server(settings, local_caller)
    reported = server._mcp_server.create_initialization_options().server_version
    assert reported == package_version() == version("planrag-assistant") != version("mcp")


def _record(message: str, error: BaseException | None) -> logging.LogRecord:
    exc_info = (type(error), error, None) if error is not None else None
    return logging.LogRecord("mcp.server.streamable_http", logging.ERROR, __file__, 1,
                             message, (), exc_info)


def test_only_the_sdks_report_of_a_closed_session_stream_is_dropped() -> None:
    quiet_mcp_disconnects()
    quiet_mcp_disconnects()  # idempotent: one filter
    logger = logging.getLogger("mcp.server.streamable_http")
    assert len(logger.filters) == 1
    keep = logger.filter
    assert not keep(_record("Error in standalone SSE writer", anyio.ClosedResourceError()))
    assert not keep(_record("Error in standalone SSE writer", anyio.BrokenResourceError()))
    assert keep(_record("Error in standalone SSE writer", ValueError("a real bug")))
    assert keep(_record("Error in standalone SSE writer", None))
    assert keep(_record("Error handling POST request", anyio.ClosedResourceError()))


async def test_the_http_servers_close_the_shared_pools_at_shutdown(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """`planrag serve mcp --http` and `serve api` close the loop's pools when they shut
    down, before the loop ends (aiomysql's "Event loop is closed" at every stop), after the
    app's own shutdown; other scopes pass through untouched."""
    import planrag.runtime
    from app.serving import closing_shared

    said: list[str] = []

    async def close_shared() -> None:
        said.append("pools closed")

    async def app(scope: Any, receive: Any, send: Any) -> None:
        said.append(f"app: {scope['type']}")
        if scope["type"] == "lifespan":
            await send({"type": "lifespan.startup.complete"})
            await send({"type": "lifespan.shutdown.complete"})

    async def send(message: Any) -> None:
        said.append(message["type"])

    async def receive() -> Any:
        return {}

    monkeypatch.setattr(planrag.runtime, "close_shared", close_shared)
    wrapped = closing_shared(app)
    await wrapped({"type": "http"}, receive, send)
    await wrapped({"type": "lifespan"}, receive, send)
    assert said == ["app: http", "app: lifespan", "lifespan.startup.complete",
                    "pools closed", "lifespan.shutdown.complete"]
