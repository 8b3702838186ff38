"""What this process knows about each model endpoint: how many requests it may be sent at
once, how many are running, and whether it honours tool definitions.

**Concurrency.** Some local servers run one request at a time and cancel the one running
when another arrives (llama-cpp-python with its default `interrupt_requests`: the running
stream just ends, with `[DONE]` and no `finish_reason`). Every `OpenAIModel` therefore takes a
slot of its endpoint before it sends a request and gives it back when the reply is over, so
all the runs of a process (an evaluation's questions, the chat's conversations) together send
at most `PLANRAG_MODEL_CONCURRENCY` requests at a time to one endpoint; the others wait their
turn. The default (`default_concurrency`) is 1 for a server on this machine or a private
network, or one whose address cannot be read, and 4 for OpenAI and other hosted APIs (public
host names). A reply whose stream ends before it is complete while other requests to the same
endpoint were running is said to be likely cancelled by the server, and from then on the
process sends that endpoint one request at a time.

**Tools.** With `PLANRAG_MODEL_TOOLS=auto`, an endpoint found to refuse tools, or to accept
them and leave the model unaware of them (a reply that calls no tool while tools were
offered, before any reply from it ever called one), is used in the text format for the rest
of the process: `tools_ignored` says why, `remember_tools` records what was seen.

Slots belong to an event loop (their waiters are its futures), so they are kept per loop; a
process normally has one. `forget_endpoints` clears everything learnt (a server restarted
with another chat format; tests).
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
from collections import deque
from dataclasses import dataclass, field
from urllib.parse import urlsplit
from weakref import WeakKeyDictionary

from planrag.redact import mask_url

__all__ = [
    "HOSTED_CONCURRENCY",
    "EndpointSlots",
    "default_concurrency",
    "forget_endpoints",
    "remember_tools",
    "slots_for",
    "tools_honoured",
    "tools_ignored",
]

_log = logging.getLogger(__name__)

HOSTED_CONCURRENCY = 4
"""Requests at once to OpenAI and other hosted APIs, unless PLANRAG_MODEL_CONCURRENCY says."""
_LOCAL_SUFFIXES = (".local", ".localhost", ".internal", ".lan", ".home", ".arpa")


def default_concurrency(base_url: str | None) -> int:
    """How many requests at once an endpoint is sent when PLANRAG_MODEL_CONCURRENCY is not
    set: 4 for the OpenAI API (no base URL) and public host names (hosted APIs, built for
    many clients); 1 for loopback, private and link-local addresses, single-label or local
    names (a server on this machine or the team's network, often one that runs a single
    request at a time) and addresses that cannot be read."""
    if not base_url:
        return HOSTED_CONCURRENCY
    try:
        host = urlsplit(base_url).hostname
    except ValueError:
        return 1
    if not host:
        return 1
    host = host.lower().rstrip(".")
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        local = host == "localhost" or "." not in host or host.endswith(_LOCAL_SUFFIXES)
        return 1 if local else HOSTED_CONCURRENCY
    return HOSTED_CONCURRENCY if address.is_global else 1


@dataclass
class EndpointSlots:
    """The requests of this process to one endpoint: at most a limit at a time, the others
    waiting in arrival order. `started` counts every request sent, so a reply can tell
    whether another one started while it was running."""

    url: str
    active: int = 0
    """Requests sent and not finished."""
    started: int = 0
    """Requests sent so far."""
    serial: bool = False
    """Set once the server was seen cancelling a request when another arrived: from then on
    one request at a time, whatever the limit."""
    _waiters: deque[asyncio.Future[None]] = field(default_factory=deque)

    def limit(self, asked: int | None) -> int | None:
        """The limit in force for a model that asks for `asked` (None: no limit)."""
        return 1 if self.serial else asked

    async def acquire(self, asked: int | None) -> int:
        """Wait for a slot (at most `asked` requests at once); return the request's number
        (`started` when it was sent)."""
        while True:
            limit = self.limit(asked)
            if limit is None or self.active < limit:
                break
            waiter = asyncio.get_running_loop().create_future()
            self._waiters.append(waiter)
            try:
                await waiter
            except asyncio.CancelledError:
                if waiter.done() and not waiter.cancelled():
                    self._wake()  # it was this one's turn: pass it on
                raise
            finally:
                if waiter in self._waiters:
                    self._waiters.remove(waiter)
        self.active += 1
        self.started += 1
        return self.started

    def release(self) -> None:
        self.active -= 1
        self._wake()

    def crowded(self, number: int) -> bool:
        """Whether other requests ran beside request `number` (the one asking is still
        running): one is running now, or one was sent after it."""
        return self.active > 1 or self.started > number

    def go_serial(self) -> bool:
        """Send one request at a time from now on; True the first time."""
        if self.serial:
            return False
        self.serial = True
        _log.warning("model endpoint %s cancels a request when another arrives: one request "
                      "at a time from now on (set PLANRAG_MODEL_CONCURRENCY=1)",
                      mask_url(self.url))
        return True

    def _wake(self) -> None:
        # Every waiter re-checks the limit; the ones that do not fit wait again.
        while self._waiters:
            waiter = self._waiters.popleft()
            if not waiter.done():
                waiter.set_result(None)


_SLOTS: WeakKeyDictionary[asyncio.AbstractEventLoop, dict[str, EndpointSlots]] = (
    WeakKeyDictionary()
)
_TOOLS_IGNORED: dict[str, str] = {}
_TOOLS_HONOURED: set[str] = set()


def slots_for(url: str) -> EndpointSlots:
    """The slots of endpoint `url` in the running event loop."""
    per_loop = _SLOTS.setdefault(asyncio.get_running_loop(), {})
    slots = per_loop.get(url)
    if slots is None:
        slots = per_loop[url] = EndpointSlots(url)
    return slots


def tools_ignored(key: str | None) -> str | None:
    """Why endpoint `key` (its URL and model) is used in the text format, if it is."""
    return _TOOLS_IGNORED.get(key) if key else None


def remember_tools(key: str | None, honoured: bool, why: str = "") -> None:
    """Record that endpoint `key` called a tool (`honoured`), or ignores or refuses tools
    (`why` says how it showed it); a key of None (a model without an endpoint) is not
    remembered."""
    if not key:
        return
    if honoured:
        _TOOLS_HONOURED.add(key)
    else:
        _TOOLS_IGNORED.setdefault(key, why)


def tools_honoured(key: str | None) -> bool:
    """Whether a reply from endpoint `key` ever called a tool in this process."""
    return bool(key) and key in _TOOLS_HONOURED


def forget_endpoints() -> None:
    """Forget everything learnt about endpoints (their serial mode, and tools)."""
    for per_loop in _SLOTS.values():
        for slots in per_loop.values():
            slots.serial = False
    _TOOLS_IGNORED.clear()
    _TOOLS_HONOURED.clear()
