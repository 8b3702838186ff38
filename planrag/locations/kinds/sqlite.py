"""SQLite files: the zero-setup copies of the shipped dumps, or a team's own file.

A copy that was never loaded is loaded the first time it is opened, so every front end (the
MCP server, the API, `planrag ask`) works on a fresh machine without `planrag load` first;
one process loads a file once however many questions ask for it at the same moment, and
other processes may load it too: each writes its own temporary file and renames it."""

from __future__ import annotations

import asyncio
import logging
import os
import threading
from collections.abc import Sequence
from contextlib import AsyncExitStack
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from planrag.datasets import Dataset, Dump, Form, LiveDatabase
from planrag.errors import DatasetError
from planrag.guards.dialects import Dialect
from planrag.locations._kinds import Echo, Kind
from planrag.locations._live import file_header, file_location, forbid_keys
from planrag.locations._model import AccountCheck, Location
from planrag.settings import Settings
from planrag.sources.base import GuardableSource, Language

if TYPE_CHECKING:
    from planrag.loading import LoadReport

__all__ = ["KIND", "SQLiteKind"]

log = logging.getLogger(__name__)

_LOADING: dict[Path, threading.Lock] = {}
_LOADING_GUARD = threading.Lock()


class SQLiteKind(Kind):
    name: ClassVar[str] = "sqlite"
    title: ClassVar[str] = "SQLite"
    language: ClassVar[Language] = "sql"
    dialect: ClassVar[Dialect] = "sqlite"
    dump_form: ClassVar[Form] = "sql"
    order: ClassVar[int] = 20
    connect_option: ClassVar[str] = "--sqlite"
    connect_metavar: ClassVar[str] = "FILE"
    connect_help: ClassVar[str] = "a SQLite file"

    def live_entry(
        self, value: str, database: str | None, schemas: Sequence[str] | None = None
    ) -> LiveDatabase:
        path = Path(value).expanduser().resolve()
        _check_file(path, f"{self.connect_option} {value}")
        return LiveDatabase(self.name, path=path, where=self.connect_option)

    def check_live(self, db: LiveDatabase) -> None:
        forbid_keys(db, url=db.url, database=db.database, schemas=db.schemas)
        if db.path is None:
            raise DatasetError(f"{db.where}: missing `path`, the SQLite file")

    def live_location(self, dataset: Dataset, db: LiveDatabase) -> Location:
        return file_location(dataset, db)

    def loaded_location(self, settings: Settings, dataset: Dataset, dump: Dump) -> Location:
        from planrag.loading import sqlite_path

        path = sqlite_path(settings.sqlite_dir, dump, settings.db_prefix)
        return Location(
            kind=self.name, dataset=dataset.id, live=False, database=str(path),
            where=str(path), path=path, dump=dump,
        )

    async def open_source(
        self, settings: Settings, location: Location, stack: AsyncExitStack
    ) -> GuardableSource:
        from planrag.errors import SourceUnavailable
        from planrag.sources.sqlite import SQLiteSource

        assert location.path is not None
        if location.live and not location.path.is_file():
            raise SourceUnavailable(
                f"the SQLite file {location.path} of dataset {location.dataset} does not "
                "exist (any more); check its `path` in dataset.toml"
            )
        if not location.live and location.dump is not None and not location.path.is_file():
            await asyncio.to_thread(_load_on_first_use, settings, location)
        source = SQLiteSource(location.path, limits=settings.limits,
                              pool_size=settings.pool_size, pool_wait_s=settings.pool_wait_s)
        stack.push_async_callback(source.close)
        return source

    async def load(
        self,
        settings: Settings,
        dumps: Sequence[tuple[Dataset, Dump]],
        *,
        force: bool,
        echo: Echo,
    ) -> list[LoadReport]:
        from planrag.loading import load_sqlite

        reports = []
        for dataset, dump in dumps:
            report = load_sqlite(settings.sqlite_dir, dataset, dump, settings.db_prefix,
                                 force=force)
            echo(report.line())
            reports.append(report)
        return reports

    async def check_account(self, settings: Settings, location: Location) -> AccountCheck:
        assert location.path is not None
        notes: tuple[str, ...] = ()
        if os.access(location.path, os.W_OK):
            notes = ("the file is writable by this user; the assistant still opens it "
                     "read-only (mode=ro, query_only)",)
        return AccountCheck(
            read_only=True, notes=notes,
            how="a SQLite file has no accounts: it is opened read-only (mode=ro, query_only) "
            "with an authorizer that allows only reads",
        )

    def describe(self, location: Location) -> str:
        state = "live" if location.live else location.origin
        return f"SQLite file {location.where} ({state})"


def _load_on_first_use(settings: Settings, location: Location) -> None:
    """Write the copy `location` names from its dump, unless another thread just did."""
    from planrag.errors import SourceUnavailable
    from planrag.loading import load_sqlite
    from planrag.runtime import registry

    assert location.path is not None and location.dump is not None
    with _LOADING_GUARD:
        lock = _LOADING.setdefault(location.path, threading.Lock())
    with lock:
        if location.path.is_file():
            return
        try:
            dataset = registry(settings).get(location.dataset)
            report = load_sqlite(settings.sqlite_dir, dataset, location.dump,
                                 settings.db_prefix)
        except OSError as exc:
            raise SourceUnavailable(
                f"the SQLite copy of {location.dump.ref} was never loaded and cannot be "
                f"written at {location.path} ({exc.strerror or exc}); set PLANRAG_DATA_DIR to "
                "a folder this user may write, or run `planrag load --target sqlite` as one "
                "who may"
            ) from None
    log.info("loaded on first use: %s", report.line())


_HEADER = b"SQLite format 3\x00"
"""How every SQLite 3 database file begins (an encrypted one does not)."""


def _check_file(path: Path, where: str) -> None:
    """A file that reads as a SQLite database, else one line saying what it is instead."""
    header = file_header(path, where, "SQLite", len(_HEADER))
    if not header:
        raise DatasetError(f"{where}: the file is empty, not a SQLite database; name the file "
                           "that holds the data")
    if header != _HEADER:
        raise DatasetError(f"{where}: not a SQLite 3 database (or an encrypted one, which "
                           "cannot be read); name an unencrypted SQLite file")


KIND = SQLiteKind()
