"""Watches as the team's store keeps them (`planrag_watches`, beside the audit trail in the
history database): what each one checks, for whom, where it posts, when it is next due and
what it last found and posted.

A watch's row changes only through `WatchBook.save`, which writes when the row is still the
version its caller read (two writers never both win); which process fires a due watch is
decided before that, by a lease in the run store (`planrag.watch.firing`)."""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass, field, replace
from typing import Any

from planrag.store import Store, now

__all__ = ["WHEN", "Watch", "WatchBook", "new_id"]

WHEN = ("changed", "always")
_COLUMNS = ('"id", "owner", "dataset", "decision", "params", "every_s", "channel", "when", '
            '"share", "createdAt", "next_due", "state", "version", "stopped"')


def new_id() -> str:
    return "w" + secrets.token_hex(4)


@dataclass(frozen=True)
class Watch:
    """One watched decision.

    `owner` is who made it and whom it runs as: a users-file name, `slack:<user id>`, or ""
    for this machine's operator (the command line without `--as`, the chat without
    sign-in). `decision` is a written decision's id, or the dataset's simulator's name.
    `channel`: the Slack channel it posts to (None: it prints, for `watch run`). `share`:
    how far a margin may move before it is news. `state` holds `last` (the latest reading),
    `posted` (the reading last posted), `failing` (why the check fails, while it does) and
    `unsent` (a post Slack did not take, tried again at the next run)."""

    id: str
    owner: str
    dataset: str
    decision: str
    params: dict[str, Any]
    every_s: int
    channel: str | None
    when: str
    share: float
    created_at: str
    next_due: float
    state: dict[str, Any] = field(default_factory=dict)
    version: int = 0
    stopped: str | None = None

    @property
    def where(self) -> str:
        return f"Slack {self.channel}" if self.channel else "the output of planrag watch run"

    @property
    def status(self) -> str:
        """What it last found, or why it stopped or fails, in a few words."""
        last = self.state.get("last") or {}
        if self.stopped:
            return f"stopped: {self.stopped}"
        if self.state.get("failing"):
            return f"the check fails: {self.state['failing']}"
        if last:
            return f"best {last.get('best_label')}" + (
                f" as of {last['as_of']}" if last.get("as_of") else "")
        return "not run yet"

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "owner": self.owner, "dataset": self.dataset,
                "decision": self.decision, "params": self.params, "every_s": self.every_s,
                "channel": self.channel, "when": self.when, "share": self.share,
                "created_at": self.created_at, "next_due": self.next_due,
                "last": self.state.get("last"), "failing": self.state.get("failing"),
                "stopped": self.stopped}


def _watch(row: Any) -> Watch:
    return Watch(str(row[0]), str(row[1]), str(row[2]), str(row[3]), _object(row[4]),
                 int(row[5]), row[6], str(row[7]), float(row[8]), str(row[9]), float(row[10]),
                 _object(row[11]), int(row[12]), row[13])


def _object(text: Any) -> dict[str, Any]:
    try:
        value = json.loads(text) if isinstance(text, str) else {}
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


class WatchBook:
    """The watches in the team's store."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def add(self, watch: Watch) -> Watch:
        from sqlalchemy import text

        watch = replace(watch, created_at=watch.created_at or now())
        async with self.store.connection() as conn:
            await conn.execute(text(
                f"INSERT INTO planrag_watches ({_COLUMNS}) VALUES (:id, :owner, :dataset, "
                ":decision, :params, :every_s, :channel, :when, :share, :created, :next_due, "
                ":state, 0, NULL)"),
                {"id": watch.id, "owner": watch.owner, "dataset": watch.dataset,
                 "decision": watch.decision, "params": json.dumps(watch.params, default=str),
                 "every_s": watch.every_s, "channel": watch.channel, "when": watch.when,
                 "share": watch.share, "created": watch.created_at,
                 "next_due": watch.next_due, "state": json.dumps(watch.state, default=str)})
        return watch

    async def get(self, watch_id: str) -> Watch | None:
        found = await self._select('WHERE "id" = :id', {"id": watch_id})
        return found[0] if found else None

    async def all(self, owner: str | None = None) -> list[Watch]:
        if owner is None:
            return await self._select("", {})
        return await self._select('WHERE "owner" = :owner', {"owner": owner})

    async def due(self, moment: float) -> list[Watch]:
        """The running watches whose next run is due at `moment` (epoch seconds)."""
        return await self._select('WHERE "stopped" IS NULL AND "next_due" <= :moment',
                                  {"moment": moment})

    async def remove(self, watch_id: str) -> bool:
        from sqlalchemy import text

        async with self.store.connection() as conn:
            done = await conn.execute(text('DELETE FROM planrag_watches WHERE "id" = :id'),
                                      {"id": watch_id})
        return bool(done.rowcount)

    async def save(self, watch: Watch, state: dict[str, Any], next_due: float,
                   stopped: str | None = None) -> bool:
        """Write what a run of `watch` found, if its row is still the version read into
        `watch` (False: it changed or went meanwhile, and nothing is written)."""
        from sqlalchemy import text

        async with self.store.connection() as conn:
            done = await conn.execute(text(
                'UPDATE planrag_watches SET "state" = :state, "next_due" = :next_due, '
                '"stopped" = :stopped, "version" = "version" + 1 WHERE "id" = :id AND '
                '"version" = :version'),
                {"state": json.dumps(state, default=str), "next_due": next_due,
                 "stopped": stopped, "id": watch.id, "version": watch.version})
        return bool(done.rowcount)

    async def _select(self, where: str, params: dict[str, Any]) -> list[Watch]:
        from sqlalchemy import text

        async with self.store.connection() as conn:
            rows = (await conn.execute(text(
                f'SELECT {_COLUMNS} FROM planrag_watches {where} ORDER BY "createdAt", "id"'),
                params)).all()
        return [_watch(r) for r in rows]
