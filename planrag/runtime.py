"""Wiring: settings + datasets -> loaded databases and open data sources.

Front ends (CLI, console, chat) call these instead of building sources themselves, so the
choice of target, database names and the embedded graph server live in one place.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import AsyncExitStack, asynccontextmanager
from pathlib import Path
from typing import Literal

from planrag.datasets import Dataset, Dump, Form, Registry, discover
from planrag.errors import ConfigError
from planrag.loading import LoadReport, load_mysql, load_sqlite, sqlite_path
from planrag.settings import Settings
from planrag.sources.base import DataSource

__all__ = ["graph_command", "load_datasets", "open_source", "registry"]

Target = Literal["mysql", "sqlite", "graph"]


_REGISTERED: dict[str, Dataset] = {}


def register(dataset: Dataset) -> None:
    """Add a dataset made at run time (e.g. by `planrag eval` from a DQA folder) to every
    registry this process builds; a later one with the same id replaces it."""
    _REGISTERED[dataset.id] = dataset


_DISCOVERED: dict[Path, tuple[tuple[tuple[str, int, int], ...], Registry, float]] = {}
_RECHECK_S = 2.0
"""How long a discovered registry is trusted before the files are looked at again."""


def _signature(fixtures_dir: Path) -> tuple[tuple[str, int, int], ...]:
    """What a discovery depends on: every manifest and the files next to it, by mtime/size."""
    out = []
    for manifest in sorted(fixtures_dir.rglob("dataset.toml")):
        for path in (manifest, *sorted(manifest.parent.glob("*.jsonl")),
                     *sorted(manifest.parent.glob("*.md"))):
            try:
                st = path.stat()
            except OSError:
                continue
            out.append((str(path), st.st_mtime_ns, st.st_size))
    return tuple(out)


def _discover_cached(fixtures_dir: Path) -> Registry:
    """`discover`, reused while no manifest, questions or rules file changes (every run and
    every request asks for the registry; parsing it each time costs tens of ms). The files
    are looked at again at most every `_RECHECK_S` seconds."""
    if not fixtures_dir.is_dir():
        return discover(fixtures_dir)  # raises the clear error
    key = fixtures_dir.resolve()
    now = time.monotonic()
    cached = _DISCOVERED.get(key)
    if cached is not None and now - cached[2] < _RECHECK_S:
        return cached[1]
    signature = _signature(key)
    if cached is not None and cached[0] == signature:
        _DISCOVERED[key] = (signature, cached[1], now)
        return cached[1]
    found = discover(fixtures_dir)
    _DISCOVERED[key] = (signature, found, now)
    return found


def registry(settings: Settings) -> Registry:
    found = _discover_cached(settings.fixtures_dir)
    if not _REGISTERED:
        return found
    return Registry([*(d for d in found if d.id not in _REGISTERED), *_REGISTERED.values()])


def check_dataset_setting(settings: Settings, reg: Registry) -> Dataset:
    """The dataset named by PLANRAG_DATASET, or a one-line ConfigError."""
    if settings.dataset not in reg.ids():
        raise ConfigError(
            f"PLANRAG_DATASET: unknown dataset {settings.dataset!r}; known: {', '.join(reg.ids())}"
        )
    return reg.get(settings.dataset)


def _targets(settings: Settings, target: str) -> list[Target]:
    if target == "all":
        chosen: list[Target] = ["sqlite", "graph"]
        if settings.mysql_admin is not None:
            chosen.insert(0, "mysql")
        return chosen
    if target == "mysql" and settings.mysql_admin is None:
        raise ConfigError("MYSQL_URL: not set; set it (or MYSQL_ADMIN_URL) to load into MySQL")
    return [target]  # type: ignore[list-item]


async def load_datasets(
    settings: Settings,
    dataset_ids: Sequence[str],
    target: str,
    *,
    force: bool = False,
    echo: Callable[[str], None] = lambda _line: None,
) -> list[LoadReport]:
    """Load the named datasets (all when empty) into the chosen targets."""
    reg = registry(settings)
    datasets = [reg.get(i) for i in dataset_ids] if dataset_ids else list(reg)
    reports: list[LoadReport] = []
    for t in _targets(settings, target):
        if t == "graph":
            reports += await _load_graph(settings, datasets, force, echo)
            continue
        for ds in datasets:
            for dump in ds.dumps("sql"):
                if t == "mysql":
                    admin = settings.mysql_admin
                    assert admin is not None
                    report = await load_mysql(admin, ds, dump, settings.db_prefix, force=force)
                else:
                    report = load_sqlite(
                        settings.sqlite_dir, ds, dump, settings.db_prefix, force=force
                    )
                echo(report.line())
                reports.append(report)
    return reports


async def _load_graph(
    settings: Settings, datasets: Sequence[Dataset], force: bool, echo: Callable[[str], None]
) -> list[LoadReport]:
    from planrag.graph.admin import GraphAdmin, set_command_timeout
    from planrag.graph.load import load_graph_dump
    from planrag.graph.server import connect_graph_async

    reports: list[LoadReport] = []
    async with connect_graph_async(settings) as conn, GraphAdmin.open(conn) as admin:
        dumps = [(ds, d) for ds in datasets for d in ds.dumps("cypher")]
        if not admin.multi_database and len(dumps) > 1:
            echo(
                f"note: {admin.describe()} has a single database; only the dataset in use "
                f"({settings.dataset}) is loaded into it"
            )
            dumps = [(ds, d) for ds, d in dumps if ds.id == settings.dataset][:1]
        for ds, dump in dumps:
            database, note = await admin.database_for(dump.database_name(settings.db_prefix))
            if database is not None:  # a load may outlast the per-query timeout: lift it
                await set_command_timeout(conn, database, None)
            result = await load_graph_dump(admin.driver, database, ds, dump, force=force)
            if result.unmatched:
                unmatched = f"{result.unmatched} relationship lines matched no node"
                note = f"{note}; {unmatched}" if note else unmatched
            report = LoadReport(
                "graph",
                dump.ref,
                database or "(default)",
                result.action,  # type: ignore[arg-type]
                result.nodes + result.relationships,
                result.seconds,
                note,
            )
            echo(report.line())
            reports.append(report)
    return reports


async def require_graph_databases(settings: Settings, dumps: int, what: str) -> None:
    """Raise a clear error when `what` needs `dumps` graph databases at once and the graph
    server has a single database (Neo4j Community), where only one dump can be loaded."""
    if dumps <= 1:
        return
    from planrag.graph.admin import GraphAdmin
    from planrag.graph.server import connect_graph_async

    async with connect_graph_async(settings) as conn, GraphAdmin.open(conn) as admin:
        if not admin.multi_database:
            raise ConfigError(
                f"{what} needs {dumps} graph databases at once, but {admin.describe()} has a "
                "single database; use a server with several (ArcadeDB: unset NEO4J_URI to "
                "use the embedded one; Neo4j Enterprise), or a relational target"
            )


@asynccontextmanager
async def open_source(settings: Settings, ref: str, target: str) -> AsyncIterator[DataSource]:
    """Open a guarded source on the dump named by `ref` (`DATASET[@DUMP|#QUESTION]`)."""
    reg = registry(settings)
    form: Form = "cypher" if target == "graph" else "sql"
    dataset, dump = reg.resolve(ref, form)
    async with AsyncExitStack() as stack:
        source = await _open(settings, stack, dataset, dump, target)
        stack.push_async_callback(source.close)
        yield source


async def _open(
    settings: Settings, stack: AsyncExitStack, dataset: Dataset, dump: Dump, target: str
) -> DataSource:
    name = dump.database_name(settings.db_prefix)
    if target == "sqlite":
        from planrag.sources.sqlite import SQLiteSource

        return SQLiteSource(
            sqlite_path(settings.sqlite_dir, dump, settings.db_prefix), limits=settings.limits
        )
    if target == "mysql":
        from planrag.sources.mysql import MySQLSource

        if settings.mysql is None:
            raise ConfigError("MYSQL_URL: not set; set it to query MySQL, or use --target sqlite")
        return MySQLSource(
            settings.mysql, name, limits=settings.limits, pool_size=settings.mysql_pool_size
        )
    if target == "graph":
        from planrag.graph.admin import GraphAdmin
        from planrag.graph.server import connect_graph_async
        from planrag.sources.neo4j import Neo4jSource

        conn = await stack.enter_async_context(connect_graph_async(settings))
        admin = await stack.enter_async_context(GraphAdmin.open(conn))
        database = await admin.existing_database_for(name, dataset.id, dump.stem)
        return Neo4jSource(conn, database, limits=settings.limits)
    raise ConfigError(f"unknown target {target!r}: expected mysql, sqlite or graph")


def graph_command(settings: Settings, action: str) -> str:
    from planrag.graph import server

    if action == "start":
        return str(server.start_detached(settings))
    if action == "stop":
        return str(server.stop_server(settings))
    return str(server.server_status(settings))
