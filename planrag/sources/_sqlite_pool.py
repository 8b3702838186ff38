"""One pool of read-only connections per SQLite file, shared by every source of a process.

SQLite needs no server, but each query runs on a worker thread with a connection of its own,
so a burst of runs on one file would otherwise open a connection (and take a thread) each.
Here every `SQLiteSource` on the same file borrows from one `FilePool`: at most `size`
connections (PLANRAG_POOL_SIZE), a wait of at most `wait_s` seconds (PLANRAG_POOL_WAIT) for
a free one, then a one-line "busy" error; the wait is not the statement timeout.

The liveness check of a file is its identity: a connection opened on a file that was since
replaced (`planrag load --force` writes a new file) or changed is closed instead of reused,
and the cached schema is read again. Idle connections are closed as soon as no source uses
the pool; the schema cache stays for the next run.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import os
import sqlite3
import threading
import time
import weakref
from collections.abc import Callable
from pathlib import Path

from planrag.errors import SourceUnavailable
from planrag.schema import Schema
from planrag.sources._slots import Busy, Slots

__all__ = ["LONG_AT_ONCE", "PROGRESS_STEPS", "FilePool", "Handle", "Signature", "file_pool"]

Signature = tuple[int, ...]
_SCHEMA_TTL_S = 300.0
PROGRESS_STEPS = 10_000
"""SQLite virtual-machine steps between two looks at a statement's deadline."""
LONG_AFTER_S = 0.25
"""A statement running longer than this is a long one (`LONG_AT_ONCE`)."""
LONG_AT_ONCE = max(1, (os.cpu_count() or 2) - 1)
"""Long statements that may run at once in a process, on all its files: one core fewer
than the machine has, so a person's long queries never take every core from another
person's short ones; the others wait, within their own deadlines."""
_LONG = threading.BoundedSemaphore(LONG_AT_ONCE)


class Handle:
    """One connection of a pool, with the deadline its progress handler enforces."""

    def __init__(self, conn: sqlite3.Connection, signature: Signature) -> None:
        self.conn = conn
        self.signature = signature
        self.deadline = math.inf
        self.started = 0.0
        self.long = False
        """This statement holds one of the places of long statements (`LONG_AT_ONCE`)."""

    def begin(self, timeout_s: float) -> None:
        """A statement starts, to be stopped after `timeout_s` seconds."""
        self.started = time.monotonic()
        self.deadline = self.started + timeout_s

    def end(self) -> None:
        """The statement has ended: its deadline and its place of a long statement go."""
        self.deadline = math.inf
        if self.long:
            self.long = False
            _LONG.release()

    def past_deadline(self) -> int:
        """SQLite's progress handler: non-zero stops the running statement. A statement
        that has run `LONG_AFTER_S` goes on only in a place of the long statements; it
        waits for one (on this worker thread, the GIL let go) until its deadline."""
        now = time.monotonic()
        if now > self.deadline:
            return 1
        if self.long or self.deadline == math.inf or now - self.started < LONG_AFTER_S:
            return 0  # (no deadline: the product's own reads, the schema's)
        while not _LONG.acquire(timeout=min(0.05, self.deadline - now)):
            now = time.monotonic()
            if now > self.deadline:
                return 1
        self.long = True
        return 0


Opener = Callable[[Path], sqlite3.Connection]


class FilePool:
    """The connections of one SQLite file on one event loop."""

    def __init__(self, path: Path, size: int, wait_s: float) -> None:
        self.path = path
        self.size = size
        self.wait_s = wait_s
        self.users = 0
        self.slots: Slots[Handle] = Slots(size)
        self.schema: tuple[Signature, float, Schema] | None = None
        """(the file's signature, when read, the Schema) - for every source on this file."""
        self.schema_lock = asyncio.Lock()
        """Held while the schema (and its value index) is read."""
        self._signature: Signature | None = None

    def borrow(self) -> None:
        self.users += 1

    def give_back(self) -> None:
        self.users = max(0, self.users - 1)
        if self.users == 0:
            for handle in self.slots.drain():
                handle.conn.close()

    def signature(self) -> Signature:
        """What tells this file from a replaced or changed one (its write-ahead log too)."""
        try:
            st = self.path.stat()
        except OSError:
            raise SourceUnavailable(
                f"SQLite database {self.path} does not exist; run `planrag load --target "
                "sqlite` (or check the dataset's `path`)"
            ) from None
        parts = [st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns]
        with contextlib.suppress(OSError):
            wal = os.stat(f"{self.path}-wal")
            parts += [wal.st_size, wal.st_mtime_ns]
        return tuple(parts)

    def cached_schema(self, signature: Signature) -> Schema | None:
        if self.schema is None:
            return None
        seen, when, schema = self.schema
        if seen != signature or time.monotonic() - when > _SCHEMA_TTL_S:
            return None
        return schema

    async def acquire(self, open_connection: Opener) -> Handle:
        """A connection to the file as it is now; waits at most `wait_s` for a free one."""
        signature = self.signature()
        if signature != self._signature:  # replaced or changed: reuse nothing from before
            self._signature = signature
            for stale in self.slots.drain():
                stale.conn.close()
        loop = asyncio.get_running_loop()
        started = loop.time()
        deadline = started + self.wait_s
        while True:
            try:
                handle = await self.slots.take(deadline)
            except Busy as busy:
                every = "the only connection" if busy.cap == 1 else f"all {busy.cap} connections"
                verb = "is" if busy.cap == 1 else "are"
                raise SourceUnavailable(
                    f"{every} to the SQLite file {self.path.name} {verb} busy; waited "
                    f"{loop.time() - started:.1f} s; try again in a moment, or raise "
                    "PLANRAG_POOL_SIZE"
                ) from None
            if handle is not None:
                if handle.signature == self._signature:
                    return handle
                handle.conn.close()
                self.slots.gone()
                continue
            try:
                conn = open_connection(self.path)
            except BaseException:
                self.slots.gone()
                raise
            handle = Handle(conn, signature)
            conn.set_progress_handler(handle.past_deadline, PROGRESS_STEPS)
            return handle

    def release(self, handle: Handle) -> None:
        """A connection whose statement has ended is free again."""
        handle.end()
        if self.users and handle.signature == self._signature:
            self.slots.put(handle)
        else:
            handle.conn.close()
            self.slots.gone()

    def forsake(self, handle: Handle, worker: asyncio.Future[object]) -> None:
        """A connection still busy on a worker thread (interrupted, not yet stopped): its
        room goes to others now, and it is closed when the thread lets go of it."""
        self.slots.gone()

        def closed(done: asyncio.Future[object]) -> None:
            if not done.cancelled():
                done.exception()  # retrieved: the caller has moved on
            handle.conn.close()

        worker.add_done_callback(closed)


_POOLS: weakref.WeakKeyDictionary[
    asyncio.AbstractEventLoop, dict[tuple[object, ...], FilePool]
] = weakref.WeakKeyDictionary()


def file_pool(path: Path, size: int, wait_s: float) -> FilePool:
    """The pool of this file on the running loop, made on first use."""
    pools = _POOLS.setdefault(asyncio.get_running_loop(), {})
    key = (str(path.resolve()), size, wait_s)
    pool = pools.get(key)
    if pool is None:
        pool = pools[key] = FilePool(path, size, wait_s)
    return pool
