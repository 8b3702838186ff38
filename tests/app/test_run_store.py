"""The conversation store on each backend: SQLite by default, Redis and PostgreSQL by URL (the
machine's servers on 127.0.0.1)."""

from __future__ import annotations

import asyncio
import socket
import sqlite3
import time
import uuid
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from planrag.errors import ConfigError, SourceUnavailable
from planrag.service.run_store import (
    MAX_AGE_S,
    PausedRun,
    PostgresStore,
    RedisStore,
    RunStore,
    SQLiteStore,
    open_store,
)

REDIS_URL = "redis://127.0.0.1:6379/15"
POSTGRES_URL = "postgresql://postgres@127.0.0.1:5432/test"

Opener = Callable[[], RunStore]


@pytest.fixture(params=["sqlite", "redis", "postgresql"])
async def opener(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Opener]:
    """Opens stores on one backend, as separate processes would; all are closed at the end."""
    url = {"sqlite": f"sqlite:///{tmp_path}/runs.sqlite", "redis": REDIS_URL,
           "postgresql": POSTGRES_URL}[request.param]
    opened: list[RunStore] = []

    def open_one() -> RunStore:
        opened.append(open_store(url, tmp_path))
        return opened[-1]

    yield open_one
    for store in opened:
        await store.close()


def _key() -> str:
    return f"test:{uuid.uuid4().hex}"  # test sessions share the servers


def _run(n: int = 1) -> PausedRun:
    return PausedRun(f'{{"run_id": "r{n}"}}', {"dataset": "demo-retail", "target": "sqlite"},
                     time.time())


async def test_a_paused_run_round_trips_and_other_processes_see_it(opener: Opener) -> None:
    store, other = opener(), opener()
    key = _key()
    assert await store.get(key) is None
    await store.put(key, _run())
    got = await other.get(key)
    assert got is not None and got.state == _run().state and got.context == _run().context
    await other.delete(key)
    assert await store.get(key) is None
    old = PausedRun("{}", {}, time.time() - MAX_AGE_S - 1)
    await store.put(key, old)
    assert await store.get(key) is None
    assert (await store.take(key, "approve", 60)).run is None


async def test_simultaneous_answers_take_a_paused_run_exactly_once(opener: Opener) -> None:
    stores = [opener(), opener()]
    key = _key()
    await stores[0].put(key, _run())
    answers = ["approve", "keep"] * 5
    taken = await asyncio.gather(*(stores[i % 2].take(key, a, 60)
                                   for i, a in enumerate(answers)))
    winners = [i for i, t in enumerate(taken) if t.run is not None]
    assert len(winners) == 1, taken
    first = answers[winners[0]]
    assert all(t.earlier == first for i, t in enumerate(taken) if i != winners[0])
    assert await stores[1].get(key) is None  # answered: no longer waiting
    # Paused again (the resumed run asked a second question): waiting, unanswered.
    await stores[1].put(key, _run(2))
    again = await stores[0].take(key, "keep", 60)
    assert again.run is not None and again.run.state == _run(2).state
    await stores[0].delete(key)
    nothing = await stores[1].take(key, "approve", 60)
    assert nothing.run is None and nothing.earlier is None


async def test_an_answer_whose_run_died_can_be_given_again_after_the_lease(
        opener: Opener) -> None:
    store = opener()
    key = _key()
    await store.put(key, _run())
    assert (await store.take(key, "approve", 1)).run is not None
    assert (await store.take(key, "keep", 1)).earlier == "approve"
    await asyncio.sleep(1.3)
    assert await store.get(key) is not None  # waiting again
    assert (await store.take(key, "keep", 60)).run is not None


async def test_turns_of_a_conversation(opener: Opener) -> None:
    store, other = opener(), opener()
    key = _key()
    assert await store.turns(key) is None
    await store.save_turns(key, [])
    assert await other.turns(key) == []
    turns = [{"question": "where?", "decision": "krakow", "rationale": "most value"}]
    await other.save_turns(key, turns)
    assert await store.turns(key) == turns


async def test_a_revoked_sign_in_is_refused_by_every_process_until_it_expires(
        opener: Opener) -> None:
    store, other = opener(), opener()
    sign_in, kept = _key(), _key()
    assert not await store.revoked(sign_in)
    await store.revoke(sign_in, time.time() + 1.5)
    await store.revoke(kept, time.time() + 600)
    await store.revoke(kept, time.time() + 1)  # an earlier end does not shorten it
    assert await other.revoked(sign_in) and await other.revoked(kept)
    deadline = time.monotonic() + 10
    while await other.revoked(sign_in):  # the mark goes with the token it refuses
        assert time.monotonic() < deadline, "the revocation never expired"
        await asyncio.sleep(0.1)
    assert await store.revoked(kept)
    await store.revoke(_key(), time.time() - 1)  # already over: nothing to keep


def test_backends_by_url(tmp_path: Path) -> None:
    assert isinstance(open_store(None, tmp_path), SQLiteStore)
    assert isinstance(open_store(REDIS_URL, tmp_path), RedisStore)
    assert isinstance(open_store(POSTGRES_URL, tmp_path), PostgresStore)
    assert isinstance(open_store("postgres://u@h/db", tmp_path), PostgresStore)


def test_bad_store_urls_are_explained(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="unsupported store 'ftp'"):
        open_store("ftp://x/y", tmp_path)
    with pytest.raises(ConfigError, match="give a file"):
        open_store("sqlite://", tmp_path)


async def test_a_file_from_before_answers_were_recorded_still_works(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE paused_runs (key TEXT PRIMARY KEY, state TEXT NOT NULL, "
                     "context TEXT NOT NULL, saved_at REAL NOT NULL)")
        conn.execute("INSERT INTO paused_runs VALUES ('slack:C1:1', '{}', '{\"a\": 1}', ?)",
                     (time.time(),))
    conn.close()
    store = open_store(f"sqlite:///{path}", tmp_path)
    got = await store.get("slack:C1:1")
    assert got is not None and got.context == {"a": 1}
    assert (await store.take("slack:C1:1", "approve", 60)).run is not None


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.parametrize("scheme", ["redis", "postgresql"])
async def test_an_unreachable_store_is_one_clear_error(scheme: str, tmp_path: Path) -> None:
    port = _closed_port()
    store = open_store(f"{scheme}://user:secret@127.0.0.1:{port}/0", tmp_path)
    try:
        with pytest.raises(SourceUnavailable, match=f"run store .*127.0.0.1:{port}") as info:
            await store.get("k")
        assert "secret" not in str(info.value)
    finally:
        await store.close()


async def test_an_unwritable_sqlite_file_is_one_clear_error(tmp_path: Path) -> None:
    folder = tmp_path / "runs.sqlite"
    folder.mkdir()  # a folder where the file should be
    with pytest.raises(SourceUnavailable, match="run store"):
        await open_store(f"sqlite:///{folder}", tmp_path).put("k", _run())


# -- the journal ---------------------------------------------------------------------------


async def test_a_run_is_journaled_once_and_its_retry_finds_it(opener: Opener) -> None:
    store, other = opener(), opener()
    run, thread = _key(), _key()
    first = await store.journal_accept(run, thread, {"text": "Where?"}, "p1", 30)
    again = await other.journal_accept(run, thread, {"text": "changed"}, "p2", 30)
    assert first.new and not again.new
    assert again.record == {"text": "Where?"} and again.owner == "p1"
    assert again.phase == "accepted" and not again.lapsed()


async def test_a_run_is_read_back_by_its_id_in_each_phase(opener: Opener) -> None:
    store, other = opener(), opener()
    run, thread = _key(), _key()
    assert await other.journal_run(run) is None
    await store.journal_accept(run, thread, {"text": "Where?"}, "p1", 30)
    seen = await other.journal_run(run)
    assert seen is not None and (seen.phase, seen.thread, seen.owner) == (
        "accepted", thread, "p1") and seen.record == {"text": "Where?"}
    await store.journal_start(run, thread, {"kind": "question"}, "p1", 30)
    seen = await other.journal_run(run)
    assert seen is not None and seen.phase == "running" and seen.plan == {"kind": "question"}
    await store.journal_end(run, "p1")
    seen = await other.journal_run(run)
    assert seen is not None and seen.phase == "done" and not seen.lapsed()


async def test_a_thread_is_busy_only_while_a_lease_is_live(opener: Opener) -> None:
    store, other = opener(), opener()
    thread = _key()
    a, b = _key(), _key()
    await store.journal_accept(a, thread, {}, "p1", 30)
    assert await store.journal_start(a, thread, {"kind": "question", "question": "q"}, "p1",
                                     0.4) is None
    blocking = await other.journal_start(b, thread, {"kind": "question"}, "p2", 30)
    assert blocking is not None and blocking.run_id == a and blocking.plan == {
        "kind": "question", "question": "q"}
    await asyncio.sleep(0.6)  # p1 died: its lease lapsed without being renewed
    assert await other.journal_start(b, thread, {"kind": "question"}, "p2", 30) is None
    running = await store.journal_running(thread)
    assert running is not None and running.run_id == b  # the latest one


async def test_simultaneous_starts_in_one_thread_let_one_run(opener: Opener) -> None:
    stores = [opener() for _ in range(4)]
    thread = _key()
    runs = [_key() for _ in stores]
    got = await asyncio.gather(*(s.journal_start(r, thread, {"kind": "question"}, f"p{i}", 30)
                                 for i, (s, r) in enumerate(zip(stores, runs, strict=True))))
    assert sum(g is None for g in got) == 1


async def test_a_lapsed_run_is_taken_over_once_and_renewal_tells_who_holds_it(
        opener: Opener) -> None:
    store, a, b = opener(), opener(), opener()
    run, thread = _key(), _key()
    await store.journal_accept(run, thread, {"text": "Where?"}, "dead", 0.3)
    assert await store.journal_renew(run, "dead", 0.3)
    assert await a.journal_take_over("p1", 30, run_id=run) == []  # still live
    await asyncio.sleep(0.5)
    took = await asyncio.gather(a.journal_take_over("p1", 30, run_id=run),
                                b.journal_take_over("p2", 30, run_id=run))
    winners = [t for t in took if t]
    assert len(winners) == 1
    entry = winners[0][0]
    assert entry.run_id == run and entry.attempts == 2 and entry.record == {"text": "Where?"}
    assert not await store.journal_renew(run, "dead", 30)  # the old owner lost it
    assert await store.journal_renew(run, entry.owner, 30)
    await store.journal_end(run, entry.owner)
    await asyncio.sleep(0.05)
    assert await a.journal_take_over("p1", 30, run_id=run) == []  # done: never taken again
    assert await store.journal_running(thread) is None
    again = await store.journal_accept(run, thread, {}, "p3", 30)
    assert again.phase == "done" and not again.new  # a late retry finds it answered


async def test_a_sweep_takes_every_lapsed_run_and_no_live_one(opener: Opener) -> None:
    store, sweeper = opener(), opener()
    lapsed = [_key() for _ in range(3)]
    live = _key()
    for run in lapsed:
        await store.journal_accept(run, _key(), {"n": run}, "dead", 0.2)
    await store.journal_accept(live, _key(), {}, "alive", 60)
    await asyncio.sleep(0.4)
    taken = {e.run_id for e in await sweeper.journal_take_over("sweeper", 30, limit=1000)}
    assert set(lapsed) <= taken and live not in taken
    assert not {e.run_id for e in await store.journal_take_over("late", 30, limit=1000)
                } & set(lapsed)


async def test_a_sweep_takes_only_the_runs_of_its_kind(opener: Opener) -> None:
    store = opener()
    tag = uuid.uuid4().hex[:8]
    mine, theirs = f"slack:{tag}:1", f"chat:{tag}:1"
    for run in (mine, theirs):
        await store.journal_accept(run, _key(), {}, "dead", 0.2)
    await asyncio.sleep(0.4)
    taken = {e.run_id for e in await store.journal_take_over("p", 30, prefix=f"slack:{tag}",
                                                             limit=1000)}
    assert taken == {mine}
    assert [e.run_id for e in await store.journal_take_over("p", 30, run_id=theirs)] == [theirs]


async def test_a_person_s_places_are_counted_once_across_processes(opener: Opener) -> None:
    one, two = opener(), opener()
    ana, bo = _key(), _key()  # people and places: test sessions share the servers
    p1, p2, p3, p4, p5, p6 = (f"{ana}:{n}" for n in range(6))
    assert await one.place_hold(ana, p1, "question", 2, 60) is None
    assert await two.place_hold(ana, p2, "query", 2, 60) is None
    # the third, in either process, is refused with what the two are for, oldest first
    assert await one.place_hold(ana, p3, "question", 2, 60) == ["question", "query"]
    assert await two.place_hold(ana, p3, "what-if", 2, 60) == ["question", "query"]
    assert await two.place_hold(bo, p4, "question", 2, 60) is None  # someone else
    await one.place_release(ana, p2)  # released by another process than took it
    assert await two.place_hold(ana, p5, "what-if", 2, 60) is None
    assert await one.place_hold(ana, p6, "question", 2, 60) == ["question", "what-if"]
    await one.place_release(ana, p6)  # a refused place was never held: nothing to release
    assert await one.place_renew(ana, p1, 60)
    assert not await one.place_renew(ana, p2, 60)
    assert not await one.place_renew(bo, p1, 60)  # a token names one person's place


async def test_a_place_whose_process_died_lapses_with_its_lease(opener: Opener) -> None:
    live, dead = opener(), opener()
    ana = _key()
    gone, p1 = f"{ana}:gone", f"{ana}:1"
    assert await dead.place_hold(ana, gone, "question", 1, 0.3) is None
    assert await live.place_hold(ana, p1, "question", 1, 60) == ["question"]
    assert await live.place_renew(ana, gone, 0.3)  # while it is renewed it holds
    await asyncio.sleep(0.5)  # no renewal: the process died
    assert not await dead.place_renew(ana, gone, 60)
    assert await live.place_hold(ana, p1, "question", 1, 60) is None
