"""Files: CSV, TSV, Parquet and Excel files (and folders of them) read through DuckDB.

`planrag connect ID --files PATH [PATH ...]` records the paths given and the data files found
in them (`paths`, `files` in the manifest); each file, or each sheet of a workbook, is one
table read where it lies (`planrag.sources.duckdb`). `--update` searches the paths again.
Dates that read either way are reported at connect; `date_order` in the entry says how to
read them. Needs the `files` extra (DuckDB and its Excel extension).
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AsyncExitStack
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from planrag.datasets import Dataset, LiveDatabase
from planrag.errors import DatasetError, SourceUnavailable
from planrag.guards.dialects import Dialect
from planrag.locations._kinds import LiveOnlyKind
from planrag.locations._live import forbid_keys
from planrag.locations._model import AccountCheck, Location
from planrag.settings import Settings
from planrag.sources.base import GuardableSource, Language

if TYPE_CHECKING:
    from planrag.sources.duckdb import DuckDBSource

__all__ = ["KIND", "FilesKind", "duckdb_missing"]

DATE_ORDERS = ("dmy", "mdy")


def duckdb_missing(what: str) -> SourceUnavailable | None:
    """One line saying how to install DuckDB, when it is not installed."""
    try:
        import duckdb  # noqa: F401
    except ImportError:
        return SourceUnavailable(f"{what} needs DuckDB: pip install "
                                 "'planrag-assistant[files]' (make install includes it)")
    return None


class FilesKind(LiveOnlyKind):
    name: ClassVar[str] = "files"
    title: ClassVar[str] = "Files (CSV, TSV, Parquet, Excel)"
    language: ClassVar[Language] = "sql"
    dialect: ClassVar[Dialect] = "duckdb"
    order: ClassVar[int] = 25
    connect_option: ClassVar[str] = "--files"
    connect_metavar: ClassVar[str] = "PATH"
    connect_help: ClassVar[str] = ("CSV, TSV, Parquet or .xlsx files, or folders of them: one "
                                   "table per file or sheet")
    connect_many: ClassVar[bool] = True

    def live_entry(
        self, value: str, database: str | None, schemas: Sequence[str] | None = None
    ) -> LiveDatabase:
        return self.live_entry_of([value], database, schemas)

    def live_entry_of(
        self, values: Sequence[str], database: str | None,
        schemas: Sequence[str] | None = None,
    ) -> LiveDatabase:
        from planrag.sources._duckdb_files import data_files

        paths = tuple(Path(v).expanduser().resolve() for v in values)
        files = data_files(paths, self.connect_option)
        return LiveDatabase(self.name, paths=paths, files=files, where=self.connect_option)

    def refreshed(self, entry: dict[str, object], where: str) -> dict[str, object]:
        from planrag.sources._duckdb_files import data_files

        given = entry.get("paths") or entry.get("files")
        if not isinstance(given, list):
            return entry
        files = data_files([Path(str(p)) for p in given], where)
        return {**entry, "files": [str(p) for p in files]}

    def check_live(self, db: LiveDatabase) -> None:
        forbid_keys(db, url=db.url, database=db.database, schemas=db.schemas, path=db.path)
        if not db.files:
            raise DatasetError(f"{db.where}: missing `files`, the data files to read "
                               "(planrag connect ID --files PATH ... writes them)")
        if db.date_order is not None and db.date_order not in DATE_ORDERS:
            raise DatasetError(f"{db.where}: `date_order` must be \"dmy\" (day first) or "
                               f"\"mdy\" (month first), not {db.date_order!r}")

    def live_location(self, dataset: Dataset, db: LiveDatabase) -> Location:
        assert db.files
        folders = sorted({str(p.parent) for p in db.files})
        where = folders[0] if len(folders) == 1 else f"{folders[0]} and {len(folders) - 1} more"
        return Location(
            kind=self.name, dataset=dataset.id, live=True, database=None, where=where,
            write_privileges=dataset.write_privileges, files=db.files,
            date_order=db.date_order or "dmy",
        )

    async def open_source(
        self, settings: Settings, location: Location, stack: AsyncExitStack
    ) -> GuardableSource:
        source = _source(settings, location)
        stack.push_async_callback(source.close)
        return source

    async def check_account(self, settings: Settings, location: Location) -> AccountCheck:
        """Files have no accounts; what connect reports is how their dates were read."""
        plan = await _source(settings, location).plan()
        notes = tuple(f"dates: {line}" for line in (plan.ambiguous if plan else ()))
        return AccountCheck(
            read_only=True, notes=notes,
            how="files are read by DuckDB read-only, with access to no other file")

    def describe(self, location: Location) -> str:
        count = len(location.files)
        return (f"{count} data file{'s' if count != 1 else ''} in {location.where} "
                f"({location.origin})")


def _source(settings: Settings, location: Location) -> DuckDBSource:
    missing = duckdb_missing(f"dataset {location.dataset} (files)")
    if missing is not None:
        raise missing
    from planrag.sources.duckdb import DuckDBSource

    return DuckDBSource(
        location.files, date_order=location.date_order, limits=settings.limits,
        memory=settings.duckdb_memory, threads=settings.duckdb_threads,
        pool_size=settings.pool_size, pool_wait_s=settings.pool_wait_s)


KIND = FilesKind()
