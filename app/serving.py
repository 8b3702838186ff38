"""Listening over HTTP until stopped: the MCP server's and the API's uvicorn.

`listen` is `uvicorn.run` with one step more on the way out: when the server shuts down
(Ctrl-C, SIGTERM), once the app's own shutdown is done and while its event loop still
runs, the loop's shared connection pools and graph drivers are closed
(`planrag.runtime.close_shared`). Left open, their connections were finalised after the
loop had closed, and aiomysql printed "Exception ignored ... RuntimeError: Event loop is
closed" with a traceback at every stop.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

__all__ = ["listen"]

Message = MutableMapping[str, Any]
App = Callable[[MutableMapping[str, Any], Callable[[], Awaitable[Message]],
                 Callable[[Message], Awaitable[None]]], Awaitable[None]]

_SHUT_DOWN = frozenset({"lifespan.shutdown.complete", "lifespan.shutdown.failed"})


def listen(app: Any, *, host: str, port: int) -> None:
    """Serve the ASGI `app` at `host`:`port` until stopped."""
    import uvicorn

    uvicorn.run(closing_shared(app), host=host, port=port, log_level="warning")


def closing_shared(app: App) -> App:
    """`app`, whose lifespan shutdown also closes the shared pools of its loop."""

    async def wrapped(scope: MutableMapping[str, Any], receive: Callable[[], Awaitable[Message]],
                      send: Callable[[Message], Awaitable[None]]) -> None:
        if scope["type"] != "lifespan":
            await app(scope, receive, send)
            return

        async def sending(message: Message) -> None:
            if message["type"] not in _SHUT_DOWN:
                await send(message)
                return
            from planrag.runtime import close_shared

            try:
                await close_shared()
            finally:
                await send(message)

        await app(scope, receive, sending)

    return wrapped
