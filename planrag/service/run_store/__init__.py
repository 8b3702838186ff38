"""Durable state of conversations (chat threads, Slack threads, API conversations): paused
runs, earlier turns, revoked sign-ins and the journal of runs in progress.

A run paused for consent must survive a restart of the app: the person may answer hours later,
in another request or another process. `PLANRAG_RUN_STORE` picks the backend:

* `sqlite:///path/to/runs.sqlite` (default: `<PLANRAG_DATA_DIR>/paused-runs.sqlite`);
* `redis://host:6379/0` (with the `redis` package);
* `postgresql://user@host:5432/db` (with the `asyncpg` package).

Three kinds of entries, each expiring:

* the paused run of a conversation (its state as JSON and a little context: the dataset, the
  target, the question). `take` hands it to exactly one answer and records that answer in the
  same atomic step, so a second, simultaneous answer learns it came too late. A taken run
  that is neither paused again nor finished within its lease (the process died while it ran)
  can be taken again: an answer is not lost with the process;
* the turns of a conversation (earlier questions and decisions): the history of a follow-up
  question, and the sign that a thread is one the assistant answers in;
* revoked sign-ins (logout: app/tokens.py), refused by every process until they expire;
* the places people hold at once (`planrag.limits`): one entry per question or tool call
  being done for a person, under a lease its process renews, so that every process counts
  the same places and a dead process's places lapse;
* the journal: every message accepted for work (a Slack event), recorded before the work
  starts, with a lease that the working process renews every few seconds. A thread is busy
  only while one of its runs holds a live lease; a run whose lease lapsed (its process died)
  is taken over by another process, or the same one restarted, and answered from what the
  journal holds: the message itself, or the plan the run was following (a question to answer,
  or a paused run to resume with the answer it was given).

One store is meant to serve a whole process (`close` it at the end).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol
from urllib.parse import urlsplit

from planrag.errors import ConfigError
from planrag.redact import mask_url
from planrag.service.run_store._common import (
    JOURNAL_KEEP_S,
    MAX_AGE_S,
    Journaled,
    PausedRun,
    Taken,
)
from planrag.service.run_store._postgres import PostgresStore
from planrag.service.run_store._redis import RedisStore
from planrag.service.run_store._sqlite import SQLiteStore

__all__ = ["JOURNAL_KEEP_S", "MAX_AGE_S", "Journaled", "PausedRun", "PostgresStore", "RedisStore",
           "RunStore", "SQLiteStore", "Taken", "open_store"]


class RunStore(Protocol):
    async def put(self, key: str, run: PausedRun) -> None:
        """Store a paused run (replacing the key's earlier one, answered or not)."""

    async def get(self, key: str) -> PausedRun | None:
        """The key's paused run while nobody has answered it."""

    async def take(self, key: str, answer: str, lease_s: float) -> Taken:
        """Atomically hand the paused run to this `answer`; another caller is told `earlier`
        until the run is stored again, deleted, or `lease_s` has passed."""

    async def delete(self, key: str) -> None: ...

    async def turns(self, key: str) -> list[dict[str, Any]] | None:
        """The conversation's earlier turns; None when the assistant never ran in it."""

    async def save_turns(self, key: str, turns: list[dict[str, Any]]) -> None: ...

    async def journal_accept(self, run_id: str, thread: str, record: dict[str, Any],
                             owner: str, lease_s: float) -> Journaled:
        """Record a run before any work on it (`new`), or return the one already recorded
        under `run_id` (a retried or twin delivery), unchanged."""

    async def journal_start(self, run_id: str, thread: str, plan: dict[str, Any], owner: str,
                            lease_s: float) -> Journaled | None:
        """Mark the run as running `plan` under `owner`'s lease, unless another run of its
        thread is running under a live lease: then that run is returned and nothing changes.
        A run missing from the journal (it was down when the message came) is recorded."""

    async def journal_renew(self, run_id: str, owner: str, lease_s: float) -> bool:
        """Extend `owner`'s lease; False when the run is not `owner`'s any more."""

    async def journal_end(self, run_id: str, owner: str) -> None:
        """The run is over (answered, paused for consent, or failed with a message)."""

    async def journal_take_over(self, owner: str, lease_s: float, run_id: str | None = None,
                                limit: int = 20, prefix: str = "") -> list[Journaled]:
        """Hand `owner` the runs whose lease lapsed (only `run_id`, when given; only those
        whose id starts with `prefix`), each to exactly one caller."""

    async def journal_running(self, thread: str) -> Journaled | None:
        """The thread's latest running run (its lease live or lapsed), if any."""

    async def journal_run(self, run_id: str) -> Journaled | None:
        """The run recorded under `run_id` (in any phase), if the journal still keeps it."""

    async def place_hold(self, person: str, token: str, doing: str, most: int,
                         lease_s: float) -> list[str] | None:
        """Hold one of `person`'s `most` places at once for `token` (`doing` says what for)
        until `lease_s` from now, unless they hold every one already (a place whose lease
        lapsed, its process dead, is not held): then what each of theirs is for, oldest
        first, and nothing changes."""

    async def place_renew(self, person: str, token: str, lease_s: float) -> bool:
        """Extend the place's lease; False when it is not held any more."""

    async def place_release(self, person: str, token: str) -> None: ...

    async def revoke(self, token: str, until: float) -> None:
        """Mark `token` (a sign-in's id) revoked until `until` (seconds since the epoch)."""

    async def revoked(self, token: str) -> bool:
        """Whether `token` is revoked (and its revocation has not expired)."""

    async def close(self) -> None: ...


def open_store(url: str | None, data_dir: Path) -> RunStore:
    if not url:
        return SQLiteStore(data_dir / "paused-runs.sqlite", data_dir)
    try:
        return _open(url, data_dir)
    except ValueError:  # urllib's or a client's: their text may quote a piece of the password
        raise ConfigError(
            f"PLANRAG_RUN_STORE {mask_url(url)} does not parse: no host, or a port that is not "
            "a number; write @ : / ? # in a password percent-encoded (%40 %3A %2F %3F %23)"
        ) from None


def _open(url: str, data_dir: Path) -> RunStore:
    parts = urlsplit(url)
    if parts.scheme == "sqlite":
        path = parts.path if parts.netloc in ("", "localhost") else f"/{parts.netloc}{parts.path}"
        if not path or path == "/" or "@" in parts.netloc or ":" in parts.netloc:
            raise ConfigError("PLANRAG_RUN_STORE: give a file, e.g. sqlite:///var/planrag/runs.sqlite")
        return SQLiteStore(Path(path), data_dir)
    if parts.scheme in ("redis", "rediss", "postgresql", "postgres"):
        # A password holding @ / ? # unencoded moves the host into the path or the query.
        if "#" in url or "@" in f"{parts.path}{parts.query}" or not parts.hostname:
            raise ValueError("the host cannot be told from the password")
        _ = parts.port  # raises ValueError when the port is not a number
        if parts.scheme.startswith("redis"):
            return RedisStore(url)
        return PostgresStore(url)
    what = parts.scheme if "://" in url else mask_url(url)
    raise ConfigError(
        f"PLANRAG_RUN_STORE: unsupported store {what!r}; use sqlite:///FILE, "
        "redis://HOST:PORT/DB or postgresql://USER@HOST:PORT/DB"
    )

