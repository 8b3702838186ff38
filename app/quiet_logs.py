"""Library log lines that report a normal event as an error, kept out of the logs.

Only a library's own noise for an event of normal use is dropped here, each by its logger,
its message and the exception it carries; anything else those libraries log still shows,
and what we own is fixed where it happens instead (pools closed before the loop ends,
streams closed by `async with`).

* The MCP SDK's Streamable HTTP transport, when a client ends its session (DELETE, as every
  client does on leaving), closes the session's standalone event stream under the task
  still writing to it, which then logs "Error in standalone SSE writer" at ERROR with a
  `ClosedResourceError` traceback: at every client disconnect.
"""

from __future__ import annotations

import logging

__all__ = ["quiet_mcp_disconnects"]

_MCP_HTTP_LOGGER = "mcp.server.streamable_http"
_STANDALONE_SSE = "Error in standalone SSE writer"


class _StreamClosedAtDisconnect(logging.Filter):
    """Drops the SDK's report of its own standalone stream closed at a session's end."""

    def filter(self, record: logging.LogRecord) -> bool:
        import anyio

        if record.msg != _STANDALONE_SSE or not record.exc_info:
            return True
        return not isinstance(record.exc_info[1],
                              anyio.ClosedResourceError | anyio.BrokenResourceError)


def quiet_mcp_disconnects() -> None:
    """Keep the MCP SDK's traceback of a client disconnect out of the logs (idempotent)."""
    logger = logging.getLogger(_MCP_HTTP_LOGGER)
    if not any(isinstance(f, _StreamClosedAtDisconnect) for f in logger.filters):
        logger.addFilter(_StreamClosedAtDisconnect())
