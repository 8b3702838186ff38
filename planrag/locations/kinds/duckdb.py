"""DuckDB: a team's existing .duckdb database file, opened read-only.

`planrag connect ID --duckdb FILE`; queries run in DuckDB's dialect on the file opened
`read_only`, with access to no other file (`planrag.sources.duckdb`). Needs the `files`
extra.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AsyncExitStack
from pathlib import Path
from typing import ClassVar

from planrag.datasets import Dataset, LiveDatabase
from planrag.errors import DatasetError, SourceUnavailable
from planrag.guards.dialects import Dialect
from planrag.locations._kinds import LiveOnlyKind
from planrag.locations._live import file_header, file_location, forbid_keys
from planrag.locations._model import AccountCheck, Location
from planrag.locations.kinds.files import duckdb_missing
from planrag.settings import Settings
from planrag.sources.base import GuardableSource, Language

__all__ = ["KIND", "DuckDBKind"]

_MAGIC = b"DUCK"
"""What a DuckDB database file holds at bytes 8 to 12."""


class DuckDBKind(LiveOnlyKind):
    name: ClassVar[str] = "duckdb"
    title: ClassVar[str] = "DuckDB"
    language: ClassVar[Language] = "sql"
    dialect: ClassVar[Dialect] = "duckdb"
    order: ClassVar[int] = 26
    connect_option: ClassVar[str] = "--duckdb"
    connect_metavar: ClassVar[str] = "FILE"
    connect_help: ClassVar[str] = "a DuckDB database file (opened read-only)"

    def live_entry(
        self, value: str, database: str | None, schemas: Sequence[str] | None = None
    ) -> LiveDatabase:
        path = Path(value).expanduser().resolve()
        _check_file(path, f"{self.connect_option} {value}")
        return LiveDatabase(self.name, path=path, where=self.connect_option)

    def check_live(self, db: LiveDatabase) -> None:
        forbid_keys(db, url=db.url, database=db.database, schemas=db.schemas,
                    files=db.files, date_order=db.date_order)
        if db.path is None:
            raise DatasetError(f"{db.where}: missing `path`, the DuckDB file")

    def live_location(self, dataset: Dataset, db: LiveDatabase) -> Location:
        return file_location(dataset, db)

    async def open_source(
        self, settings: Settings, location: Location, stack: AsyncExitStack
    ) -> GuardableSource:
        missing = duckdb_missing(f"dataset {location.dataset} (duckdb)")
        if missing is not None:
            raise missing
        from planrag.sources.duckdb import DuckDBSource

        assert location.path is not None
        if not location.path.is_file():
            raise SourceUnavailable(
                f"the DuckDB file {location.path} of dataset {location.dataset} does not "
                "exist (any more); check its `path` in dataset.toml")
        source = DuckDBSource(
            database=location.path, limits=settings.limits, memory=settings.duckdb_memory,
            threads=settings.duckdb_threads, pool_size=settings.pool_size,
            pool_wait_s=settings.pool_wait_s)
        stack.push_async_callback(source.close)
        return source

    async def check_account(self, settings: Settings, location: Location) -> AccountCheck:
        return AccountCheck(
            read_only=True,
            how="a DuckDB file has no accounts: it is opened read-only, with access to no "
            "other file")

    def describe(self, location: Location) -> str:
        return f"DuckDB file {location.where} ({location.origin})"


def _check_file(path: Path, where: str) -> None:
    """A file that reads as a DuckDB database, else one line saying what it is instead."""
    if file_header(path, where, "DuckDB", 12)[8:12] != _MAGIC:
        raise DatasetError(f"{where}: not a DuckDB database file; name a .duckdb file (for "
                           "CSV, Parquet or Excel files use --files)")


KIND = DuckDBKind()
