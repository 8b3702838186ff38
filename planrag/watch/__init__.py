"""Watched decisions: a check re-run on a schedule, as the person who asked for it, posted to
Slack (or printed) when its best decision changes or its margin moves.

`book` keeps the watches in the team's store; `reading` says what is news and words it;
`firing` runs due watches once across processes (a lease in the run store) and posts. This
module makes a watch, refusing with one line what cannot be watched: the command line, the
chat and Slack all make theirs here."""

from __future__ import annotations

import re
import time
from typing import Any

from planrag.errors import AccessDenied, ConfigError
from planrag.settings import Settings
from planrag.watch.book import WHEN, Watch, WatchBook, new_id
from planrag.watch.firing import channel_problem, owner_access

__all__ = ["MOST_PER_PERSON", "SHARE", "Watch", "WatchBook", "add_watch", "every_seconds",
           "open_book"]

MOST_PER_PERSON = 20
"""How many running watches one person may have (the operator, on this machine, any)."""
SHARE = 0.1
"""By default a margin is news once it moved by more than a tenth."""
SHORTEST_S = 60
_CHANNEL = re.compile(r"[CGD][A-Z0-9]{6,20}")


def every_seconds(text: str) -> int:
    """`--every`: a span as `planrag audit --since` writes one (30m, 1h, 7d)."""
    from planrag.store import span_seconds

    seconds = span_seconds(text)
    if seconds is None or seconds < SHORTEST_S:
        raise ConfigError(f"--every {text.strip()[:20]!r}: give a span of at least a minute, "
                          "written as 30m, 1h or 7d")
    return seconds


async def open_book(settings: Settings) -> WatchBook:
    """The watches of the team's store, its tables made when missing."""
    from planrag.store import create_schema, history_url, shared_store

    url = history_url(settings)
    if url is None:
        raise ConfigError("watches are kept in the history database, and PLANRAG_HISTORY_URL "
                          "is off; set it (or unset it for the default file)")
    await create_schema(url, settings.data_dir)
    return WatchBook(shared_store(url))


async def add_watch(settings: Settings, book: WatchBook, *, owner: str, dataset: str,
                    decision: str | None, params: dict[str, Any], every_s: int,
                    channel: str | None, when: str = "changed", share: float = SHARE) -> Watch:
    """A new watch, due at once (its first run posts the current best); nothing is posted
    here. Refused with one line: an unknown dataset or decision, parameters the check does
    not take, a person who may not read the dataset (or has no account on its database), a
    channel that may not see it, too many watches."""
    from planrag.runtime import person_access, registry

    if when not in WHEN:
        raise ConfigError(f"--when {when!r}: give {' or '.join(WHEN)}")
    if not 0 < share <= 10:
        raise ConfigError(f"--moves {share:g}: give the share a margin must move by to be "
                          "news, above 0 (0.1 is a tenth)")
    access = owner_access(settings, owner, channel)
    if access is None:
        raise AccessDenied(f"{owner} is not a user; add them with planrag users add")
    ds = registry(settings).get(dataset)
    if not person_access(settings, access).allows(ds.id):
        why = ("its databases name no account for them" if access.allows(ds.id)
               else "they may not ask about it")
        raise AccessDenied(f"{owner or 'you'} cannot watch a decision of dataset {ds.id}: {why}")
    decision = _check(ds, decision, params)
    if channel is not None:
        _channel_ok(settings, channel, ds.id)
    mine = [w for w in await book.all(owner) if w.stopped is None] if owner else []
    if len(mine) >= MOST_PER_PERSON:  # a person's; this machine's operator is not held
        raise ConfigError(f"{owner} already has {len(mine)} running watches, the most one "
                          "person may have; stop one first")
    watch = Watch(new_id(), owner, ds.id, decision, dict(params), every_s, channel, when,
                  share, "", time.time())
    added = await book.add(watch)
    await book.store.audit(owner or "(operator)", ds.id, f"watch:{added.id}", "watch",
                           watch=added.id, found=f"added: every {every_s}s to {added.where}",
                           posted="nothing")
    return added


def _check(dataset: Any, decision: str | None, params: dict[str, Any]) -> str:
    """The check the watch re-runs (a written decision's id or the simulator's name), its
    parameters read as it reads them."""
    from planrag.decisions.run import bound_values, simulator_class
    from planrag.errors import DatasetError
    from planrag.simulators.service import dataset_simulator

    simulator = dataset_simulator(dataset) if dataset.simulator else None
    if simulator is not None and decision in (None, simulator.name, dataset.simulator):
        _parameters(simulator, params)
        return str(simulator.name)
    if decision is None and simulator is None and len(dataset.decisions) != 1:
        have = ", ".join(s.id for s in dataset.decisions) or "none"
        raise DatasetError(f"dataset {dataset.id} has more than one check ({have}); name one "
                           "with --decision")
    spec = dataset.decision(decision)
    _parameters(simulator_class(spec), bound_values(spec, params))
    return str(spec.id)


def _parameters(simulator: Any, given: dict[str, Any]) -> None:
    from planrag.errors import SimulatorParametersInvalid

    try:
        simulator.parse_parameters(given)
    except SimulatorParametersInvalid as exc:
        raise SimulatorParametersInvalid(f"{exc}; give them with --param NAME=VALUE") from None


def _channel_ok(settings: Settings, channel: str, dataset: str) -> None:
    import os

    if not _CHANNEL.fullmatch(channel):
        raise ConfigError(f"--slack {channel[:30]!r}: give the channel's id (C0123ABCD: in "
                          "Slack, the channel's details show it at the bottom)")
    if not os.environ.get("SLACK_BOT_TOKEN"):
        raise ConfigError("SLACK_BOT_TOKEN is not set, so nothing can be posted to Slack; set "
                          "the Slack app's bot token, or watch with --print")
    problem = channel_problem(settings, channel, dataset)
    if problem is not None:
        raise AccessDenied(problem)
