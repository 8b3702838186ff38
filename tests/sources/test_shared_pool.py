"""One MySQL/MariaDB pool per database for the whole process: capped, with a bounded wait,
and healing connections the server dropped while they sat idle. (The same under a full,
killed and restarted server: tests/live/test_connection_faults.py, on a server of its own.)"""

from __future__ import annotations

import asyncio

import pytest

from planrag.errors import SourceUnavailable
from planrag.sources._slots import Busy, Slots
from planrag.sources.guarded import guarded
from planrag.sources.mysql import MySQLSource, scan_estimate
from planrag.table import Limits
from tests._sql_fixtures import GUARD_DB, MySQLWorld, admin_execute

pytestmark = pytest.mark.mysql


async def _connections(user: str) -> int:
    rows = await admin_execute(
        "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE USER = %s", args=(user,)
    )
    return int(rows[0][0])  # type: ignore[call-overload]


async def test_many_runs_share_one_capped_pool(mysql_world: MySQLWorld) -> None:
    sources = [guarded(MySQLSource(mysql_world.ro, GUARD_DB, pool_size=3, pool_wait_s=30.0))
               for _ in range(40)]
    before = await _connections(mysql_world.ro.user)  # other tests' idle pools
    peak = 0

    async def watch() -> None:
        nonlocal peak
        while True:
            peak = max(peak, await _connections(mysql_world.ro.user))
            await asyncio.sleep(0.01)

    watcher = asyncio.create_task(watch())
    try:
        tables = await asyncio.gather(*(
            s.execute("SELECT COUNT(*) FROM orders o JOIN customers c ON c.id = o.customer_id")
            for s in sources))
    finally:
        watcher.cancel()
        for s in sources:
            await s.close()
    assert all(t.rows[0][0] == 5 for t in tables)
    assert len({id(s._shared) for s in sources}) == 1  # one pool for all of them
    assert 1 <= peak - before <= 3, (peak, before)


async def test_a_busy_pool_says_so_after_the_wait(mysql_world: MySQLWorld) -> None:
    slow = MySQLSource(mysql_world.ro, GUARD_DB, pool_size=1, pool_wait_s=0.5,
                       limits=Limits(timeout_s=5.0))
    other = guarded(MySQLSource(mysql_world.ro, GUARD_DB, pool_size=1, pool_wait_s=0.5))
    try:
        holding = asyncio.create_task(slow.execute("SELECT SLEEP(2)"))
        while slow._shared is None or not slow._shared.slots.open:
            await asyncio.sleep(0.01)  # the slow query has the pool's only connection
        with pytest.raises(SourceUnavailable) as err:
            await other.execute("SELECT 1")
        message = str(err.value)
        assert message.startswith(f"the only connection to {GUARD_DB} on "), message
        assert "is busy; waited 0.5 s" in message and "PLANRAG_POOL_SIZE" in message
        assert "timeout" not in message  # the wait is not the statement timeout
        await holding
        assert (await other.execute("SELECT 1")).rows == ((1,),)  # free again
    finally:
        await slow.close()
        await other.close()


async def test_a_connection_dropped_while_idle_is_replaced(mysql_world: MySQLWorld) -> None:
    source = guarded(MySQLSource(mysql_world.ro, GUARD_DB, pool_size=1))
    try:
        await source.execute("SELECT 1")
        ids = await admin_execute(
            "SELECT ID FROM information_schema.PROCESSLIST WHERE USER = %s AND DB = %s",
            args=(mysql_world.ro.user, GUARD_DB))
        for (thread,) in ids:
            await admin_execute(f"KILL {int(thread)}")  # type: ignore[call-overload]
        table = await source.execute("SELECT COUNT(*) FROM customers")  # no error first
        assert table.rows == ((4,),)
        assert source._shared is not None and source._shared.replaced >= 1
    finally:
        await source.close()


async def test_slots_hand_connections_to_the_longest_waiter_and_bound_the_wait() -> None:
    slots: Slots[str] = Slots(1)
    loop = asyncio.get_running_loop()
    assert await slots.take(loop.time() + 1) is None  # room: the caller opens one
    first = asyncio.create_task(slots.take(loop.time() + 60))
    second = asyncio.create_task(slots.take(loop.time() + 60))
    await asyncio.sleep(0)
    slots.put("conn")  # goes to the first waiter, not to a newcomer
    assert await first == "conn" and not second.done()
    with pytest.raises(Busy):
        await slots.take(loop.time())  # a newcomer queues behind `second`, and gives up
    slots.gone()  # the connection was closed: `second` may open a new one
    assert await second is None and slots.open == 1
    slots.hold_at(1, 60)  # the server is full: keep to one
    slots.gone()
    assert slots.cap == 1 and await slots.take(loop.time() + 1) is None


def test_scan_estimates_multiply_joined_tables_and_add_selects() -> None:
    names = ["id", "select_type", "table", "rows"]
    rows = [(1, "PRIMARY", "a", 1000), (1, "PRIMARY", "b", 50), (2, "SUBQUERY", "c", 7),
            (3, "DERIVED", "d", None)]
    assert scan_estimate(names, rows) == 1000 * 50 + 7 + 1
    assert scan_estimate(["id", "table"], rows) == 0  # no estimate given: nothing refused
