"""Wiring: settings + datasets -> loaded databases and open data sources.

Front ends (CLI, console, chat, Slack) call these instead of building sources themselves:
which datasets exist (shipped and connected), where a reference leads (`planrag.locations`),
loading the dumps' copies, and the embedded graph server, all live in one place.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from planrag.datasets import Dataset, DatasetRef, Registry
from planrag.errors import AccountRefused, ConfigError, DatasetError, PlanRAGError
from planrag.loading import LoadReport
from planrag.locations import (
    Resolved,
    all_kinds,
    checked_registry,
    expanded,
    get_kind,
    open_location,
    resolve,
    target_names,
)
from planrag.manifests import discover, manifest_paths
from planrag.settings import Settings
from planrag.sources.base import DataSource

if TYPE_CHECKING:
    from planrag.users import Access

__all__ = [
    "check_dataset_setting",
    "close_shared",
    "graph_command",
    "load_datasets",
    "loaded_copies_account",
    "locate",
    "open_source",
    "person_access",
    "rediscover",
    "register",
    "registry",
    "unusable",
]

_REGISTERED: dict[str, Dataset] = {}


def register(dataset: Dataset) -> None:
    """Add a dataset made at run time (e.g. by `planrag eval` from a DQA folder) to every
    registry this process builds; a later one with the same id replaces it."""
    _REGISTERED[dataset.id] = dataset


_Signature = tuple[tuple[str, int, int], ...]
_DISCOVERED: dict[tuple[Path, Path], tuple[_Signature, Registry, float]] = {}
_RECHECK_S = 2.0
"""How long a discovered registry is trusted before the files are looked at again."""


def _signature(fixtures_dir: Path, datasets_dir: Path) -> _Signature:
    """What a discovery depends on: every manifest and the files next to it, by mtime/size."""
    out = []
    for manifest in manifest_paths(fixtures_dir, datasets_dir):
        for path in (manifest, *sorted(manifest.parent.glob("*.jsonl")),
                     *sorted(manifest.parent.glob("*.md")), manifest.parent / "secrets.env"):
            try:
                st = path.stat()
            except OSError:
                continue
            out.append((str(path), st.st_mtime_ns, st.st_size))
    return tuple(out)


def _discover_cached(fixtures_dir: Path, datasets_dir: Path) -> Registry:
    """`discover`, reused while no manifest, questions or rules file changes (every run and
    every request asks for the registry; parsing it each time costs tens of ms). The files
    are looked at again at most every `_RECHECK_S` seconds."""
    if not fixtures_dir.is_dir():
        return discover(fixtures_dir)  # raises the clear error
    key = (fixtures_dir.resolve(), datasets_dir.resolve())
    now = time.monotonic()
    cached = _DISCOVERED.get(key)
    if cached is not None and now - cached[2] < _RECHECK_S:
        return cached[1]
    signature = _signature(*key)
    if cached is not None and cached[0] == signature:
        _DISCOVERED[key] = (signature, cached[1], now)
        return cached[1]
    found = checked_registry(discover(*key))
    _DISCOVERED[key] = (signature, found, now)
    return found


def rediscover() -> None:
    """Forget the datasets found, so the next `registry` reads the manifests again at once
    (after this process changed one: a saved decision counts for the next question)."""
    _DISCOVERED.clear()


def registry(settings: Settings) -> Registry:
    """Every dataset: the shipped ones (PLANRAG_FIXTURES_DIR), the connected ones
    (PLANRAG_DATASETS_DIR) and those registered at run time."""
    found = _discover_cached(settings.fixtures_dir, settings.live_datasets_dir)
    if not _REGISTERED:
        return found
    return Registry(
        [*(d for d in found if d.id not in _REGISTERED), *_REGISTERED.values()],
        {k: v for k, v in found.problems.items() if k not in _REGISTERED},
    )


def check_dataset_setting(settings: Settings, reg: Registry) -> Dataset:
    """The dataset named by PLANRAG_DATASET, or a one-line ConfigError."""
    if settings.dataset in reg.problems:
        raise ConfigError(
            f"PLANRAG_DATASET: dataset {settings.dataset!r} cannot be used: "
            f"{reg.problems[settings.dataset]}"
        )
    if settings.dataset not in reg.ids():
        raise ConfigError(
            f"PLANRAG_DATASET: unknown dataset {settings.dataset!r}; known: {', '.join(reg.ids())}"
        )
    return reg.get(settings.dataset)


def unusable(dataset: Dataset) -> str | None:
    """Why a connected dataset whose manifest is sound cannot be used now: a `${NAME}` in a
    URL that the environment, `.env` and its `secrets.env` all leave unset (one line); None
    when nothing is missing. Said where datasets are listed, before anyone asks."""
    for db in dataset.databases:
        try:
            location = get_kind(db.kind).live_location(dataset, db)
            if location.url is not None:
                expanded(location)
        except DatasetError as exc:
            return str(exc)
    return None


def person_access(settings: Settings, access: Access) -> Access:
    """`access`, not offering the datasets whose live databases are read with each person's
    own account and name none for this person or their groups (`Access.without_account`),
    so lists leave them out. Only a convenience: opening a source checks the accounts
    again (`planrag.locations.accounts`). With datasets that cannot be read now, `access` as
    it is."""
    from planrag.locations.accounts import scoped

    try:
        return scoped(registry(settings), access)
    except PlanRAGError:
        return access


def locate(settings: Settings, ref: DatasetRef | str, target: str | None = None) -> Resolved:
    """What `ref` names on `target` (the dataset's default target when None)."""
    return resolve(settings, registry(settings), ref, target)


def _targets(settings: Settings, target: str) -> list[str]:
    if target == "all":
        return [k.name for k in all_kinds() if k.loadable(settings)]
    kind = get_kind(target)
    if kind.dump_form is None:
        raise DatasetError(
            f"{kind.title} databases are only ever live: nothing is loaded into them; connect "
            f"one with planrag connect ID {kind.connect_option} {kind.connect_metavar}"
        )
    if not kind.loadable(settings):
        raise ConfigError("MYSQL_URL: not set; set it (or MYSQL_ADMIN_URL) to load into MySQL")
    return [kind.name]


async def load_datasets(
    settings: Settings,
    dataset_ids: Sequence[str],
    target: str,
    *,
    force: bool = False,
    echo: Callable[[str], None] = lambda _line: None,
) -> list[LoadReport]:
    """Load copies of the named datasets' dumps (all datasets when empty) into the chosen
    targets. Live datasets have nothing to load; naming one says so. A target whose copies
    may not be read with the account at hand (`AccountRefused`) is loaded all the same, and
    refused once every target is loaded."""
    reg = registry(settings)
    datasets = [reg.get(i) for i in dataset_ids] if dataset_ids else list(reg)
    for ds in datasets:
        if ds.live and dataset_ids and not (ds.dumps("sql") or ds.dumps("cypher")):
            echo(f"{ds.id} is a live dataset: its databases are read where they are, "
                 "nothing to load")
    reports: list[LoadReport] = []
    refused: AccountRefused | None = None
    for name in _targets(settings, target):
        kind = get_kind(name)
        form = kind.dump_form
        if form is None:  # `_targets` names only kinds with dumps
            continue
        dumps = [(ds, d) for ds in datasets if not any(db.kind == name for db in ds.databases)
                 for d in ds.dumps(form)]
        if dumps:
            try:
                reports += await kind.load(settings, dumps, force=force, echo=echo)
            except AccountRefused as exc:
                refused = refused or exc
    if refused is not None:
        raise refused
    return reports


async def loaded_copies_account(settings: Settings) -> str | None:
    """One line for people: which account the loaded MySQL copies are read as, or why they
    cannot be read (None without MYSQL_URL). Never raises: it is said, where it is asked."""
    from planrag.locations._mysql_readers import query_account

    if settings.mysql is None:
        return None
    try:
        return (await query_account(settings)).line
    except AccountRefused as exc:
        return f"REFUSED: {exc}"
    except PlanRAGError as exc:
        return f"not checked: {exc}"


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
async def open_source(
    settings: Settings, ref: DatasetRef | str | Resolved, target: str | None = None
) -> AsyncIterator[DataSource]:
    """A guarded source on what `ref` names on `target` (see `locate`)."""
    resolved = ref if isinstance(ref, Resolved) else locate(settings, ref, target)
    async with open_location(settings, resolved.location) as source:
        yield source


async def close_shared() -> None:
    """Close the running loop's shared connection pools and graph drivers: what a process
    does before its event loop ends, since they belong to it (left open, a driver's
    finaliser later touches a closed loop: aiomysql's "Event loop is closed")."""
    from planrag.sources.mysql import close_pools
    from planrag.sources.neo4j import close_drivers
    from planrag.sources.postgres import close_pools as close_postgres_pools

    await close_pools()
    await close_postgres_pools()
    await close_drivers()


def graph_command(settings: Settings, action: str, started_file: Path | None = None) -> str:
    """`planrag graph start|stop|status`. With `started_file`, `start` writes there the pid
    of the server it started (nothing when one was running already) and `stop` stops the
    server only when that file names it: a session (`make console`) then never stops a
    server another one (`make demo`) started and still uses."""
    from planrag.graph import server

    if action == "start":
        if started_file is None:
            return str(server.start_detached(settings))
        _write_started(started_file, "")  # writable, and says "none" until a start
        status = server.start_detached(settings)
        if status.message == "started" and status.pid:
            _write_started(started_file, f"{status.pid}\n")
        return str(status)
    if action == "stop":
        if started_file is not None:
            running = server.server_status(settings)
            if running.running and running.pid != _read_started(started_file):
                return (f"graph server left running (pid {running.pid}): this session did "
                        "not start it")
        return str(server.stop_server(settings))
    if started_file is not None:
        raise ConfigError("--started-file goes with `planrag graph start` or `stop`")
    return str(server.server_status(settings))


def _write_started(path: Path, text: str) -> None:
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise ConfigError(f"--started-file {path}: cannot write it ({exc.strerror}); "
                          "name a file in a folder you may write to") from None


def _read_started(path: Path) -> int | None:
    """The pid `graph start --started-file` wrote, or None (none started, no such file)."""
    try:
        text = path.read_text(encoding="utf-8", errors="replace").strip()
    except OSError:
        return None
    return int(text) if text.isdigit() else None


TARGETS = target_names()
"""Every target name (`--target`), from the registered kinds."""
