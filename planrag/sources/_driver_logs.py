"""Keep the graph driver's own log lines away from people.

The neo4j driver logs through the `neo4j` logger (`neo4j.io`, `neo4j.pool`,
`neo4j.notifications`, ...); a dropped connection, for one, is logged at ERROR as
"<CONNECTION> error: Failed to read from defunct connection ...". With no logging set up,
Python prints such records on stderr, ahead of the one-line error the source raises for the
same event. `quiet_driver_logs()` stops them there: the `neo4j` logger gets a handler that
discards and no longer passes records up to the root logger. Someone debugging the driver
still can: `neo4j.debug.watch("neo4j")` adds a handler to that logger directly.
"""

from __future__ import annotations

import logging

__all__ = ["quiet_driver_logs"]

_DRIVER_LOGGER = "neo4j"


def quiet_driver_logs() -> None:
    """Keep the driver's records off stderr and out of the root logger's handlers
    (idempotent)."""
    logger = logging.getLogger(_DRIVER_LOGGER)
    if not any(isinstance(h, logging.NullHandler) for h in logger.handlers):
        logger.addHandler(logging.NullHandler())
    logger.propagate = False
