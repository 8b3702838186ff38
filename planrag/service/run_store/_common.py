"""What the run store's backends share: its entries, and the journal's columns."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from planrag.errors import SourceUnavailable
from planrag.redact import mask_url, scrub

MAX_AGE_S = 7 * 24 * 3600
"""How long a paused run and a conversation's turns are kept."""

JOURNAL_KEEP_S = 24 * 3600
"""How long a finished run stays in the journal (a late retry of its message finds it)."""

T = TypeVar("T")



@dataclass(frozen=True)
class PausedRun:
    state: str
    context: dict[str, Any]
    saved_at: float


@dataclass(frozen=True)
class Taken:
    """What `take` found: the run to resume (this caller's alone), or the answer someone gave
    first, or neither (nothing is paused under the key)."""

    run: PausedRun | None = None
    earlier: str | None = None


@dataclass(frozen=True)
class Journaled:
    """A run in the journal.

    `record` is what was accepted (a Slack event); `plan` what the run set out to do once it
    was understood (None until then); `phase` is `accepted`, `running` or `done`; `owner` the
    process holding the lease until `lease_until`; `attempts` how many processes took it up;
    `new` (from `journal_accept` only) whether this call recorded it."""

    run_id: str
    thread: str
    record: dict[str, Any]
    plan: dict[str, Any] | None
    phase: str
    owner: str
    lease_until: float
    attempts: int
    saved_at: float
    new: bool = False

    def lapsed(self, now: float | None = None) -> bool:
        return self.phase != "done" and self.lease_until < (time.time() if now is None else now)


def unreachable(url: str, exc: BaseException) -> SourceUnavailable:
    """The store at `url` failed; the URL and the error said without the password."""
    return SourceUnavailable(
        f"the run store (PLANRAG_RUN_STORE) at {mask_url(url)} cannot be used: "
        f"{type(exc).__name__}: {scrub(str(exc), url)}"
    )



JOURNAL_COLUMNS = ("run_id TEXT PRIMARY KEY, thread TEXT NOT NULL, record TEXT NOT NULL, "
                    "plan TEXT, phase TEXT NOT NULL, owner TEXT NOT NULL, lease_until {real} NOT "
                    "NULL, attempts INTEGER NOT NULL, saved_at {real} NOT NULL")
JOURNAL_FIELDS = "run_id, thread, record, plan, phase, owner, lease_until, attempts, saved_at"


def journaled(row: Any, *, new: bool = False) -> Journaled:
    plan = None if row[3] is None else json.loads(row[3])
    return Journaled(str(row[0]), str(row[1]), dict(json.loads(row[2])), plan, str(row[4]),
                     str(row[5]), float(row[6]), int(row[7]), float(row[8]), new)


def taken_over(entry: Journaled, owner: str, until: float) -> Journaled:
    """`entry` as a take-over leaves it."""
    return replace(entry, owner=owner, lease_until=until, attempts=entry.attempts + 1)

