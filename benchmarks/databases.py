"""Loading time and query round trips on the real servers.

    python benchmarks/databases.py [--iterations N] [--mysql-url URL]

Prints:
- the time to load every fixture dump into MariaDB/MySQL and into the Bolt server (a fresh
  embedded ArcadeDB on free ports, or NEO4J_URI when set), forced reloads, in seconds;
- the round trip of a typical DQA query through the full path (guard, source, database-level
  layers, fetch caps) on MariaDB, SQLite and Bolt: p50 and p95 in milliseconds.

Targets (issue 2): loading all development fixtures into both servers under 30 s; MariaDB
p50 under 5 ms; Bolt p50 under 25 ms. Everything it creates is prefixed `planrag_bench_`
and dropped at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import statistics
import tempfile
import time
from pathlib import Path

import aiomysql

from planrag.runtime import load_datasets, open_source
from planrag.settings import MySQLAddress, Settings, load_settings

PREFIX = "planrag_bench_"
REF = "dqa-locating-1445"
SQL = (
    "SELECT nc.country_name, nc.base_trading_power FROM node_country nc "
    "WHERE nc.trade_node = 'baltic_sea' ORDER BY nc.base_trading_power DESC"
)
CYPHER = (
    "MATCH (c:Country)-[r:NodeCountry]->(t:Trade_node {name: 'baltic_sea'}) "
    "RETURN c.name, r.base_trading_power ORDER BY r.base_trading_power DESC"
)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def round_trips(settings: Settings, target: str, query: str, n: int) -> list[float]:
    async with open_source(settings, REF, target) as source:
        for _ in range(5):  # warm up connections and calibration
            await source.execute(query)
        samples = []
        for _ in range(n):
            started = time.perf_counter()
            await source.execute(query)
            samples.append((time.perf_counter() - started) * 1000)
    return samples


def summary(samples: list[float]) -> str:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return f"p50 {statistics.median(ordered):.2f} ms, p95 {p95:.2f} ms ({len(ordered)} runs)"


async def drop_bench_databases(url: str) -> None:
    a = MySQLAddress(url)
    conn = await aiomysql.connect(
        host=a.host, port=a.port, user=a.user, password=a.password, autocommit=True
    )
    try:
        async with conn.cursor() as cur:
            await cur.execute(
                "SELECT SCHEMA_NAME FROM information_schema.SCHEMATA "
                f"WHERE SCHEMA_NAME LIKE '{PREFIX}%'"
            )
            for (name,) in await cur.fetchall():
                await cur.execute(f"DROP DATABASE `{name}`")
    finally:
        conn.close()


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument(
        "--mysql-url",
        default=os.environ.get("PLANRAG_TEST_MYSQL_URL", "mysql://root:@127.0.0.1:3306"),
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="planrag-bench-") as tmp:
        settings = load_settings(
            env_file=None,
            data_dir=Path(tmp),
            db_prefix=PREFIX,
            mysql_url=args.mysql_url,
            graph_bolt_port=free_port(),
            graph_http_port=free_port(),
        )
        from planrag.graph.server import EmbeddedGraphServer

        server = EmbeddedGraphServer(settings) if settings.embedded_graph else None
        if server is not None:
            started = time.perf_counter()
            server.start()
            print(f"embedded graph server start: {time.perf_counter() - started:.1f} s")
        try:
            for target in ("mysql", "graph"):
                started = time.perf_counter()
                reports = await load_datasets(settings, [], target, force=True)
                rows = sum(r.rows for r in reports)
                print(
                    f"load all fixtures into {target:5}: {time.perf_counter() - started:.2f} s "
                    f"({len(reports)} databases, {rows} rows/records)"
                )
            started = time.perf_counter()
            await load_datasets(settings, [], "sqlite", force=True)
            print(f"load all fixtures into sqlite: {time.perf_counter() - started:.2f} s")
            for target, query in (("mysql", SQL), ("sqlite", SQL), ("graph", CYPHER)):
                samples = await round_trips(settings, target, query, args.iterations)
                print(f"round trip {target:6}: {summary(samples)}")
        finally:
            if server is not None:
                server.stop()
            await drop_bench_databases(args.mysql_url)


if __name__ == "__main__":
    asyncio.run(main())
