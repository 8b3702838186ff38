"""Listening over HTTP until stopped: the MCP server's and the API's uvicorn.

`listen` is `uvicorn.run` with a process's own background work: from its start it runs the
watched decisions that fall due (`planrag.watch.firing.watching`, with `settings`), and
one step more on the way out: when the server shuts down
(Ctrl-C, SIGTERM), once the app's own shutdown is done and while its event loop still
runs, the loop's shared connection pools and graph drivers are closed
(`planrag.runtime.close_shared`). Left open, their connections were finalised after the
loop had closed, and aiomysql printed "Exception ignored ... RuntimeError: Event loop is
closed" with a traceback at every stop.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

__all__ = ["listen"]

Message = MutableMapping[str, Any]
App = Callable[[MutableMapping[str, Any], Callable[[], Awaitable[Message]],
                 Callable[[Message], Awaitable[None]]], Awaitable[None]]

_SHUT_DOWN = frozenset({"lifespan.shutdown.complete", "lifespan.shutdown.failed"})


def listen(app: Any, *, host: str, port: int, settings: Any = None) -> None:
    """Serve the ASGI `app` at `host`:`port` until stopped; with `settings`, due watches
    are run meanwhile."""
    import uvicorn

    uvicorn.run(closing_shared(app, settings), host=host, port=port, log_level="warning")


def closing_shared(app: App, settings: Any = None) -> App:
    """`app`, whose lifespan shutdown also closes the shared pools of its loop; with
    `settings`, running due watches from its startup to its shutdown."""

    async def wrapped(scope: MutableMapping[str, Any], receive: Callable[[], Awaitable[Message]],
                      send: Callable[[Message], Awaitable[None]]) -> None:
        if scope["type"] != "lifespan":
            await app(scope, receive, send)
            return
        watching: asyncio.Task[None] | None = None
        if settings is not None:
            from planrag.watch.firing import watching as run_watches

            watching = asyncio.ensure_future(run_watches(settings))

        async def sending(message: Message) -> None:
            if message["type"] not in _SHUT_DOWN:
                await send(message)
                return
            from planrag.runtime import close_shared

            try:
                if watching is not None:
                    watching.cancel()
                await close_shared()
            finally:
                await send(message)

        await app(scope, receive, sending)

    return wrapped
