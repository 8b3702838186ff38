"""The run store shared by every front end, and the journal's leases.

One store per process and settings (`store_for`): paused runs waiting for the person's
answer, conversations' earlier turns, and the journal of runs in progress
(`planrag.service.run_store`). A run in progress is held under a lease this process renews
(`Holding`); when the process dies the lease lapses and another process, or the same one
restarted, takes the run over from what the journal holds.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
import uuid
from collections.abc import Awaitable, Callable
from contextlib import AbstractContextManager
from pathlib import Path

from planrag.errors import LimitReached
from planrag.limits import Doing, limits_for, too_many
from planrag.service.run_store import RunStore, open_store
from planrag.settings import Settings

__all__ = ["MAX_ATTEMPTS", "OWNER", "Holding", "Place", "answer_lease", "close_stores",
           "store_for"]

log = logging.getLogger("planrag.service")

MAX_ATTEMPTS = 3
"""How many processes may take up one run before the person is asked to ask again (a run
that brings its process down every time must not take every process down in turn)."""
OWNER = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
"""This process, as the journal's leases name it."""

_STORES: dict[tuple[str | None, Path], RunStore] = {}


def store_for(settings: Settings) -> RunStore:
    """The process's one store for these settings (opened on first use, closed by
    `close_stores`)."""
    where = (settings.run_store, settings.data_dir)
    if where not in _STORES:
        _STORES[where] = open_store(*where)
    return _STORES[where]


async def close_stores() -> None:
    while _STORES:
        _, store = _STORES.popitem()
        try:
            await store.close()
        except Exception as exc:  # closing one must not keep the others open
            log.warning("closing the run store failed: %s", exc)


def answer_lease(settings: Settings) -> float:
    """How long an answer to a paused run stays recorded (so a second answer is told which
    came first): a run's own time limit and a margin."""
    return settings.run_timeout_s + 300


class Holding:
    """This process works on the journal's run `run_id`: the lease is renewed in the
    background while the block runs, and the run is marked done at its end (however it
    ends; a crash leaves the lease to lapse). A journal that cannot be reached does not stop
    the work: the run goes on, just not protected against a crash."""

    def __init__(self, settings: Settings, run_id: str) -> None:
        self.store = store_for(settings)
        self.run_id = run_id
        self.lease_s = settings.run_lease_s
        self._renewing: asyncio.Task[None] | None = None

    async def __aenter__(self) -> Holding:
        self._renewing = _renewing(
            lambda: self.store.journal_renew(self.run_id, OWNER, self.lease_s), self.lease_s,
            f"run {self.run_id} is not this process's any more (taken over after a stall, or "
            "not journaled); its lease is not renewed")
        return self

    async def __aexit__(self, *exc: object) -> None:
        await _stopped(self._renewing)
        try:
            await self.store.journal_end(self.run_id, OWNER)
        except Exception as error:
            log.warning("could not mark run %s done in the journal: %s", self.run_id, error)


class Place:
    """One of a person's places at once (`planrag.limits`), held while the block runs: counted
    in this process and in the run store, so that every process sharing the store counts the
    same places. Its lease (`PLANRAG_RUN_LEASE`) is renewed in the background and the place
    released at the end; a process killed mid-way leaves the lease to lapse, and the person
    has the place back that much later. A store that cannot be reached leaves the process's
    own count to stand (said in the log), so nobody is refused for it.

    Raises `LimitReached` on entering when the person holds every place already, naming what
    they have running."""

    def __init__(self, settings: Settings, person: str, doing: Doing = "question", *,
                 shared: bool = True) -> None:
        self.settings = settings
        self.person = person
        self.doing: Doing = doing
        self.store = store_for(settings) if shared else None
        """None: counted in this process alone (a terminal's)."""
        self.token = uuid.uuid4().hex
        self._local: AbstractContextManager[None] | None = None
        self._in_store = False
        self._renewing: asyncio.Task[None] | None = None

    async def __aenter__(self) -> Place:
        local = limits_for(self.settings).run(self.person, self.doing)
        local.__enter__()  # LimitReached when this process alone holds them all
        self._local = local
        store, lease = self.store, self.settings.run_lease_s
        if store is None:
            return self
        try:
            held = await store.place_hold(
                self.person, self.token, self.doing, self.settings.runs_per_person, lease)
        except asyncio.CancelledError:
            self._leave_local()
            raise
        except Exception as error:
            log.warning("the run store cannot count places at once (%s): this process "
                        "counts its own", error)
            return self
        if held is not None:
            self._leave_local()
            raise LimitReached(too_many(held))
        self._in_store = True
        self._renewing = _renewing(
            lambda: store.place_renew(self.person, self.token, lease), lease,
            f"a place of {self.person} lapsed in the run store (the process stalled past its "
            "lease)")
        return self

    async def __aexit__(self, *exc: object) -> None:
        await _stopped(self._renewing)
        if self._in_store and self.store is not None:
            try:
                await self.store.place_release(self.person, self.token)
            except Exception as error:  # its lease lapses on its own
                log.warning("could not release a place in the run store: %s", error)
        self._leave_local()

    def _leave_local(self) -> None:
        if self._local is not None:
            local, self._local = self._local, None
            local.__exit__(None, None, None)


def _renewing(renew: Callable[[], Awaitable[bool]], lease_s: float,
              lost: str) -> asyncio.Task[None]:
    """Renew a lease every quarter of it in the background until cancelled, or until
    `renew` says it is no longer held (`lost` is logged then); a failed renewal is logged
    and tried again."""
    async def keep() -> None:
        while True:
            await asyncio.sleep(lease_s / 4)
            try:
                if not await renew():
                    log.warning("%s", lost)
                    return
            except Exception as error:
                log.warning("could not renew a lease in the run store: %s", error)

    return asyncio.ensure_future(keep())


async def _stopped(task: asyncio.Task[None] | None) -> None:
    if task is not None:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
