"""Many runs at once against one run, on SQLite and on MariaDB, through a capped pool.

    python benchmarks/concurrency.py [--runs N] [--pool N] [--latency S] [--mysql-url URL]

Each run is a whole engine run with the scripted model (no model endpoint): a plan, two
queries, an answer and the simulator check, on DQA Locating, the model answering after
`--latency` seconds (200 ms). For each target it prints the wall time of one run (median of
3) and of `--runs` (200) concurrent runs, and the peak memory of the process while they ran
(resident set size, sampled every 5 ms, and its rise above the level before), with what the
pool of `--pool` (8) connections did: the most connections open, how many queries waited for
one, and on MariaDB the most connections the server saw.

MariaDB is a private server started for the benchmark (its own port and data directory under
a temporary folder, `mariadbd` and `mariadb-install-db` from this machine), unless
`--mysql-url` names an admin account on another server; everything it creates there is
prefixed `planrag_bench_` and dropped at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import AsyncIterator, Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from planrag.engine import EngineConfig, Reply, RunFinished, ScriptedModel, call
from planrag.engine.model import ModelReply, ModelRequest, TextPiece
from planrag.engine.scripted import Step
from planrag.engine.session import open_engine
from planrag.runtime import load_datasets
from planrag.settings import MySQLAddress, Settings, load_settings
from planrag.sources import _mysql_pool, _sqlite_pool
from planrag.sources.mysql import close_pools

QUESTION = "dqa-locating-1445#locating-1"
TEXT = "Where should SWE place its merchant to maximise its profit on baltic_sea?"
QUERY = "SELECT trade_node, base_trading_power FROM node_country WHERE country_name = 'SWE'"
PREFIX = "planrag_bench_"
_PAGE = os.sysconf("SC_PAGE_SIZE")


def script() -> list[Step]:
    return [
        Reply(calls=[call("make_plan", steps=[{"goal": "presence", "source": "sql"}])]),
        Reply(calls=[call("run_sql", query=QUERY, step=0)]),
        Reply(calls=[call("run_sql", query=f"{QUERY} ORDER BY base_trading_power DESC",
                          step=0)]),
        Reply(calls=[call("final_answer", decision="krakow", rationale="the data says so",
                          query_ids=["q1"])]),
    ]


@dataclass
class Delayed:
    """The scripted model, answering after `latency` seconds as a served model would."""

    inner: ScriptedModel
    latency: float
    name: str = "delayed"
    scripted: bool = True

    async def stream(self, request: ModelRequest) -> AsyncIterator[TextPiece | ModelReply]:
        await asyncio.sleep(self.latency)
        async for chunk in self.inner.stream(request):
            yield chunk


class PeakRSS:
    """The highest resident set size of this process while in the `with` block."""

    def __init__(self) -> None:
        self.start = self.peak = _rss()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)

    def __enter__(self) -> PeakRSS:
        self.start = self.peak = _rss()
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()
        self.peak = max(self.peak, _rss())

    def _sample(self) -> None:
        while not self._stop.wait(0.005):
            self.peak = max(self.peak, _rss())


def _rss() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * _PAGE


def _mib(n: int) -> str:
    return f"{n / 2**20:.1f} MiB"


async def one_run(settings: Settings, target: str, latency: float) -> float:
    model = Delayed(ScriptedModel(script()), latency)
    started = time.perf_counter()
    async with open_engine(settings, QUESTION, target, model, EngineConfig()) as engine:
        last = None
        async for event in engine.run(TEXT):
            last = event
    if not (isinstance(last, RunFinished) and last.errors == 0 and last.decision == "krakow"):
        raise SystemExit(f"a {target} run did not answer cleanly: {last}")
    return time.perf_counter() - started


async def measure(settings: Settings, target: str, runs: int, latency: float,
                  pool_note: Callable[[], str]) -> None:
    await one_run(settings, target, latency)  # warm: dump state, schema, first connections
    single = statistics.median([await one_run(settings, target, latency) for _ in range(3)])
    with PeakRSS() as memory:
        started = time.perf_counter()
        await asyncio.gather(*(one_run(settings, target, latency) for _ in range(runs)))
        wall = time.perf_counter() - started
    print(f"{target:7} one run {single:.3f} s; {runs} concurrent runs {wall:.3f} s wall "
          f"= {wall / single:.2f} x one run; peak RSS {_mib(memory.peak)} "
          f"(+{_mib(memory.peak - memory.start)} over the {_mib(memory.start)} before); "
          f"{pool_note()}")


class Peaks:
    """The most connections a pool had open, watched while the runs go."""

    def __init__(self, count: Callable[[], tuple[int, int]]) -> None:
        self.count = count
        self.open = 0
        self._task: asyncio.Task[None] | None = None

    async def _watch(self) -> None:
        while True:
            self.open = max(self.open, self.count()[0])
            await asyncio.sleep(0.002)

    def start(self) -> None:
        self._task = asyncio.create_task(self._watch())

    def note(self) -> str:
        if self._task is not None:
            self._task.cancel()
        opened, waits = self.count()
        return f"pool: at most {max(self.open, opened)} connections open, {waits} waits"


def _pool_counts(pools: Iterable[object]) -> tuple[int, int]:
    opened = waits = 0
    for pool in pools:
        slots = pool.slots  # type: ignore[attr-defined]
        opened = max(opened, slots.open)
        waits += slots.waits
    return opened, waits


async def sqlite_part(folder: Path, runs: int, pool: int, latency: float) -> None:
    settings = load_settings(env_file=None, data_dir=folder / "sqlite", mysql_url=None,
                             pool_size=pool, pool_wait_s=300.0)
    await load_datasets(settings, ["dqa-locating-1445"], "sqlite")
    loop = asyncio.get_running_loop()
    peaks = Peaks(lambda: _pool_counts(_sqlite_pool._POOLS.get(loop, {}).values()))
    peaks.start()
    await measure(settings, "sqlite", runs, latency, peaks.note)


async def mysql_part(admin: MySQLAddress, folder: Path, runs: int, pool: int,
                     latency: float, admin_sql: Callable[[str], list[tuple[object, ...]]]) -> None:
    account = f"{quote(admin.user, safe='')}:{quote(admin.password, safe='')}"
    url = f"mysql://{account}@{admin.host}:{admin.port}"
    settings = load_settings(env_file=None, data_dir=folder / "mysql", db_prefix=PREFIX,
                             mysql_url=url, mysql_admin_url=url, pool_size=pool,
                             pool_wait_s=300.0)
    try:
        await load_datasets(settings, ["dqa-locating-1445"], "mysql")
        peaks = Peaks(lambda: _pool_counts(_mysql_pool._POOLS.current()))
        peaks.start()

        def note() -> str:
            rows = admin_sql("SELECT COUNT(*) FROM information_schema.PROCESSLIST "
                             f"WHERE DB LIKE '{PREFIX}%'")
            return f"{peaks.note()}; {rows[0][0]} idle in the pool afterwards"

        await measure(settings, "mariadb", runs, latency, note)
    finally:
        await close_pools()
        names = admin_sql("SELECT SCHEMA_NAME FROM information_schema.SCHEMATA "
                          f"WHERE SCHEMA_NAME LIKE '{PREFIX}%'")
        for (name,) in names:
            admin_sql(f"DROP DATABASE IF EXISTS `{name}`")


def _admin_sql(address: MySQLAddress) -> Callable[[str], list[tuple[object, ...]]]:
    import pymysql

    def run(statement: str) -> list[tuple[object, ...]]:
        conn = pymysql.connect(host=address.host, port=address.port, user=address.user,
                               password=address.password, autocommit=True)
        try:
            with conn.cursor() as cur:
                cur.execute(statement)
                return list(cur.fetchall())
        finally:
            conn.close()

    return run


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--pool", type=int, default=8)
    parser.add_argument("--latency", type=float, default=0.2)
    parser.add_argument("--mysql-url", default=None,
                        help="an admin account on a MariaDB/MySQL server (default: start a "
                        "private MariaDB)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="planrag-bench-") as tmp:
        folder = Path(tmp)
        print(f"{args.runs} concurrent runs (plan, 2 queries, answer, simulator check; model "
              f"latency {args.latency * 1000:.0f} ms) against one run, pool of {args.pool}:")
        await sqlite_part(folder, args.runs, args.pool, args.latency)
        if args.mysql_url:
            admin = MySQLAddress(args.mysql_url)
            await mysql_part(admin, folder, args.runs, args.pool, args.latency,
                             _admin_sql(admin))
            return
        from tests.live._mariadb import PrivateMariaDB, missing_binaries

        missing = missing_binaries()
        if missing:
            print(f"mariadb skipped: {missing}; pass --mysql-url to use another server")
            return
        server = PrivateMariaDB(folder / "mariadb", max_connections=151)
        await asyncio.to_thread(server.start)
        try:
            await mysql_part(server.admin, folder, args.runs, args.pool, args.latency,
                             _admin_sql(server.admin))
            used = server.execute("SHOW GLOBAL STATUS LIKE 'Max_used_connections'")
            print(f"mariadb server: at most {used[0][1]} connections at once (the loader's "
                  "and this benchmark's own included)")
        finally:
            await asyncio.to_thread(server.stop)


if __name__ == "__main__":
    asyncio.run(main())
