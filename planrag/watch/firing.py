"""Running watches: once per due time, in whichever process gets there first.

Each due time of a watch is one entry of the run store's journal (`watch:<id>:<due>.<version
of its row>`,
under the thread `watch:<id>`): the process that records it first fires it, under a lease
it renews while the check runs; a second process finds it recorded and leaves it, and a run
of the same watch already under a live lease (`planrag watch run --all` beside the app)
keeps a second one from starting. A process that dies mid-run leaves its lease to lapse and
the next process's sweep takes the run up (`take_up`), unless its result was saved already.

A run re-checks the decision as the watch's owner (their datasets, their database account)
and saves what it found before it posts, so a change is posted at most once; a post Slack
did not take is kept and sent with the next run. A check that fails is said once, and once
again when it works; a watch whose owner, dataset or channel has gone stops, saying why."""

from __future__ import annotations

import asyncio
import logging
import math
import os
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from planrag.errors import ConfigError, PlanRAGError, SourceUnavailable
from planrag.settings import Settings
from planrag.users import Access, SlackAccess, UsersFile
from planrag.watch.book import Watch, WatchBook
from planrag.watch.reading import News, Reading, news, words

__all__ = ["Fired", "channel_problem", "check_title", "fire_due", "owner_access", "post",
           "span", "take_up", "watching"]

log = logging.getLogger("planrag.watch")

AT_ONCE = 4
"""How many watches one process checks at once."""
Printer = Callable[[str], None]


@dataclass(frozen=True)
class Fired:
    """One run of a watch, in one line each: what it found and what it posted."""

    watch: str
    found: str
    posted: str

    def line(self) -> str:
        return f"{self.watch}  found: {self.found}  posted: {self.posted}"


def owner_access(settings: Settings, owner: str, channel: str | None = None) -> Access | None:
    """What a watch's owner may read now; None when they are no longer known. A Slack
    person may read what PLANRAG_SLACK_ACCESS gives them, or everyone, or the watch's
    `channel` (where they could ask about it)."""
    if not owner:
        return Access.open()  # this machine's operator
    if owner.startswith("slack:"):
        user = owner.removeprefix("slack:")
        if not settings.slack_access:
            return Access(owner, everything=True)
        rules = SlackAccess.parse(settings.slack_access).access(user, channel or "")
        return Access(owner, rules.datasets, rules.everything)
    return UsersFile(settings.users_path).access_of(owner)


def channel_problem(settings: Settings, channel: str, dataset: str) -> str | None:
    """Why Slack channel `channel` may not be sent `dataset`'s figures (None: it may): only
    a channel PLANRAG_SLACK_ACCESS lets see the dataset, when that is set."""
    if not settings.slack_access:
        return None
    if SlackAccess.parse(settings.slack_access).access("", channel).allows(dataset):
        return None
    return (f"PLANRAG_SLACK_ACCESS does not let channel {channel} see dataset {dataset}; "
            f"post to a channel that may, or have {channel}={dataset} added to that setting")


def check_title(settings: Settings, dataset_id: str, decision: str) -> str:
    """How a watch's posts name what it watches: the decision's title and the dataset's."""
    from planrag.runtime import registry
    from planrag.simulators.service import dataset_simulator

    dataset = registry(settings).get(dataset_id)
    written = next((s for s in dataset.decisions if s.id == decision), None)
    what = written.title if written is not None else str(dataset_simulator(dataset).title)
    return f"{what} \u2014 {dataset.title}"


async def post(settings: Settings, watch: Watch, text: str,
               printer: Printer | None = None) -> None:
    """`text` where `watch` posts: one Slack message (with the Slack app's token, to
    PLANRAG_SLACK_API_URL when set), or printed (`printer`; the log in an app process)."""
    if watch.channel is None:
        (printer or (lambda line: log.info("watch %s: %s", watch.id, line)))(
            f"watch {watch.id}: {text}")
        return
    import httpx

    token = os.environ.get("SLACK_BOT_TOKEN") or ""
    if not token:
        raise ConfigError("SLACK_BOT_TOKEN is not set, so nothing can be posted to Slack; set "
                          "the Slack app's bot token (docs/front-ends.md, Slack)")
    url = (settings.slack_api_url or "https://slack.com/api/").rstrip("/") + "/chat.postMessage"
    stop = (f"*unwatch {watch.id}* in a reply to me" if watch.owner.startswith("slack:") else
            f"`planrag watch remove {watch.id}`, or *Your watches* in the chat")
    blocks = [{"type": "section", "text": {"type": "mrkdwn", "text": text}},
              {"type": "context", "elements": [{"type": "mrkdwn", "text": (
                  f"Watch {watch.id}, every {span(watch.every_s)}: stop it with {stop}")}]}]
    try:
        async with httpx.AsyncClient(timeout=20) as http:
            answer = await http.post(url, headers={"Authorization": f"Bearer {token}"},
                                     json={"channel": watch.channel, "text": text,
                                           "blocks": blocks, "unfurl_links": False,
                                           "unfurl_media": False})
        body = answer.json()
    except (httpx.HTTPError, ValueError) as exc:
        raise SourceUnavailable(f"Slack cannot be reached: {type(exc).__name__}") from None
    if not isinstance(body, dict) or not body.get("ok"):
        error = body.get("error") if isinstance(body, dict) else answer.status_code
        raise SourceUnavailable(f"Slack refused the message to {watch.channel}: {error}")


def span(seconds: int) -> str:
    """`seconds` as `--every` writes it (1d, 2h, 30m)."""
    for unit, size in (("d", 86400), ("h", 3600), ("m", 60)):
        if seconds % size == 0:
            return f"{seconds // size}{unit}"
    return f"{seconds}s"


# -- a run


async def fire_due(settings: Settings, book: WatchBook, *, everything: bool = False,
                   printer: Printer | None = None) -> list[Fired]:
    """Run the watches due now (`everything`: every running watch, due or not), each once
    across the processes sharing the run store."""
    moment = time.time()
    watches = [w for w in await book.all() if w.stopped is None] if everything else \
        await book.due(moment)
    gate = asyncio.Semaphore(AT_ONCE)

    async def one(watch: Watch) -> Fired | None:
        # One due time of one version of the row: the processes that read it alike race
        # for the same journal entry, and a row saved since is due under another.
        slot = f"{int(watch.next_due)}.{watch.version}" if watch.next_due <= moment else \
            f"now-{uuid.uuid4().hex[:8]}"
        async with gate:
            return await _fire(settings, book, watch, f"watch:{watch.id}:{slot}", printer)

    done = await asyncio.gather(*(one(w) for w in watches))
    return [f for f in done if f is not None]


async def take_up(settings: Settings, book: WatchBook) -> list[Fired]:
    """Finish the runs of watches whose process died mid-run (their lease lapsed)."""
    from planrag.service.journal import MAX_ATTEMPTS, OWNER, Holding, store_for

    out = []
    for run in await store_for(settings).journal_take_over(
            OWNER, settings.run_lease_s, prefix="watch:"):
        watch = await book.get(str(run.record.get("watch") or ""))
        if watch is None or watch.state.get("run") == run.run_id or \
                run.attempts > MAX_ATTEMPTS:
            await store_for(settings).journal_end(run.run_id, OWNER)
            continue
        async with Holding(settings, run.run_id):
            out.append(await _run(settings, book, watch, run.run_id, None))
    return out


async def _fire(settings: Settings, book: WatchBook, watch: Watch, run_id: str,
                printer: Printer | None) -> Fired | None:
    """`watch`'s run `run_id`, when this process is the one to fire it (None: another is,
    or did)."""
    from planrag.service.journal import OWNER, Holding, store_for

    store = store_for(settings)
    thread = f"watch:{watch.id}"
    accepted = await store.journal_accept(run_id, thread, {"watch": watch.id}, OWNER,
                                          settings.run_lease_s)
    if not accepted.new:
        return None
    other = await store.journal_start(run_id, thread, {"kind": "watch"}, OWNER,
                                      settings.run_lease_s)
    if other is not None:  # a run of this watch is going on elsewhere
        await store.journal_end(run_id, OWNER)
        return None
    async with Holding(settings, run_id):
        return await _run(settings, book, watch, run_id, printer)


async def _run(settings: Settings, book: WatchBook, read: Watch, run_id: str,
               printer: Printer | None) -> Fired:
    watch = await book.get(read.id) or read  # as it is now, not as the caller listed it
    moment = time.time()
    next_due = watch.next_due  # the next of its due times after now (none is made up)
    if next_due <= moment:
        next_due += watch.every_s * (math.floor((moment - next_due) / watch.every_s) + 1)
    stop = _stop_reason(settings, watch)
    if stop is not None:
        return await _stop(settings, book, watch, stop, next_due, printer)
    state = dict(watch.state)
    state["run"] = run_id
    posted_before = Reading.from_json(state.get("posted"))
    kind: News | None
    try:
        reading, title = await _reading(settings, watch)
    except PlanRAGError as exc:
        failure = str(exc)
        kind = None if state.get("failing") else "failed"
        state["failing"] = failure
        found = f"the check failed: {failure}"
        text = None if kind is None else words("failed", _title(settings, watch), None,
                                               failure=failure)
    else:
        kind = "recovered" if state.get("failing") else news(posted_before, reading,
                                                              watch.when, watch.share)
        state.update(failing=None, last=reading.to_json())
        if kind is not None:
            state["posted"] = reading.to_json()
        found = _found(reading, posted_before)
        given = ", ".join(f"{k} = {v}" for k, v in watch.params.items())
        text = None if kind is None else words(kind, title, reading, posted_before,
                                               given=given)
    unsent = state.pop("unsent", None)
    if not await book.save(watch, state, next_due):
        return Fired(watch.id, found, "nothing (the watch changed meanwhile)")
    sent = await _send(settings, book, watch.id, [m for m in (unsent, text) if m], printer)
    await _audit(settings, watch, found=found, posted=sent)
    return Fired(watch.id, found, sent)


async def _send(settings: Settings, book: WatchBook, watch_id: str, texts: list[str],
                printer: Printer | None) -> str:
    """Post `texts` in order; the first Slack does not take is kept for the next run."""
    if not texts:
        return "nothing"
    watch = await book.get(watch_id)
    if watch is None:
        return "nothing (removed meanwhile)"
    for n, text in enumerate(texts):
        try:
            await post(settings, watch, text, printer)
        except PlanRAGError as exc:
            kept = "\n\n".join(texts[n:])
            if not await book.save(watch, {**watch.state, "unsent": kept}, watch.next_due,
                                   watch.stopped):
                log.warning("watch %s: a post was lost (the watch changed meanwhile)", watch_id)
            return f"not sent, kept for the next run ({exc})"
    return f"{len(texts)} message(s) to {watch.where}"


def _found(reading: Reading, posted: Reading | None) -> str:
    said = f"best {reading.best_label} ({reading.amount(reading.value)})"
    if posted is not None and posted.best != reading.best:
        said += f", was {posted.best_label}"
    return said + (f", as of {reading.as_of}" if reading.as_of else "")


async def _reading(settings: Settings, watch: Watch) -> tuple[Reading, str]:
    """The check run now as the watch's owner; raises `PlanRAGError` with why it cannot."""
    from planrag.runtime import person_access, registry
    from planrag.simulators.service import simulate_dataset

    access = owner_access(settings, watch.owner, watch.channel)
    if access is None:  # gone between the stop check and here
        raise ConfigError(f"{watch.owner} is no longer a user")
    access = person_access(settings, access)
    dataset = registry(settings).get(watch.dataset)
    written = watch.decision in {s.id for s in dataset.decisions}
    run = await simulate_dataset(settings, watch.dataset, None, watch.params, None,
                                 watch.decision if written else None, access)
    reading = Reading.of(run.result, run.as_of)
    if reading is None:
        raise ConfigError(run.nothing_ranked or "no candidate was ranked")
    return reading, _title(settings, watch)


def _title(settings: Settings, watch: Watch) -> str:
    try:
        return check_title(settings, watch.dataset, watch.decision)
    except PlanRAGError:
        return f"{watch.decision} \u2014 {watch.dataset}"


def _stop_reason(settings: Settings, watch: Watch) -> str | None:
    """Why `watch` stops now: its dataset was removed, its owner is no longer a user or
    may not ask about it, or its channel may no longer see it (None: it goes on)."""
    from planrag.runtime import registry

    reg = registry(settings)
    if watch.dataset not in reg.ids() and watch.dataset not in reg.problems:
        return f"the dataset {watch.dataset} was removed"
    access = owner_access(settings, watch.owner, watch.channel)
    if access is None:
        return f"{watch.owner} is no longer a user"
    if not access.allows(watch.dataset):
        return f"{watch.owner or 'its owner'} may no longer ask about {watch.dataset}"
    if watch.channel is not None:
        return channel_problem(settings, watch.channel, watch.dataset)
    return None


async def _stop(settings: Settings, book: WatchBook, watch: Watch, why: str, next_due: float,
                printer: Printer | None) -> Fired:
    if not await book.save(watch, watch.state, next_due, stopped=why):
        return Fired(watch.id, f"stopped: {why}", "nothing (the watch changed meanwhile)")
    text = f"Stopped watching *{_title(settings, watch)}*: {why}."
    sent = "nothing"
    if watch.channel is None or not why.startswith("PLANRAG_SLACK_ACCESS"):
        sent = await _send(settings, book, watch.id, [text], printer)
    await _audit(settings, watch, found=f"stopped: {why}", posted=sent)
    return Fired(watch.id, f"stopped: {why}", sent)


async def _audit(settings: Settings, watch: Watch, **detail: Any) -> None:
    from planrag.store import history_url, shared_store

    url = history_url(settings)
    if url is None:
        return
    try:
        await shared_store(url).audit(watch.owner or "(operator)", watch.dataset,
                                      f"watch:{watch.id}", "watch", watch=watch.id, **detail)
    except PlanRAGError as exc:
        log.warning("watch %s: the audit trail cannot be written: %s", watch.id, exc)


# -- in the app processes


async def watching(settings: Settings) -> None:
    """Fire due watches and take up interrupted ones every PLANRAG_WATCH_POLL seconds, for
    as long as the process runs (started by each app process; 0 turns it off)."""
    from planrag.store import create_schema, history_url, shared_store

    url = history_url(settings)
    if url is None or settings.watch_poll_s <= 0:
        return
    book = WatchBook(shared_store(url))
    failing: str | None = None
    ready = False
    while True:
        try:
            if not ready:
                await create_schema(url, settings.data_dir)
                ready = True
            for fired in [*await take_up(settings, book), *await fire_due(settings, book)]:
                log.info("watch %s", fired.line())
            if failing:
                log.warning("watches run again")
            failing = None
        except Exception as exc:  # the store or the run store is down: try again later
            if failing is None:
                log.warning("watches cannot run now: %s", exc)
            failing = str(exc)
        await asyncio.sleep(settings.watch_poll_s)
