"""The registry of location kinds.

A kind is one module in `planrag.locations.kinds` that defines `KIND`, an instance of `Kind`:
adding a kind of database means adding that module (and its tests), nothing else. Each kind
knows how to check a manifest's entry, make locations (live, or a copy loaded from a dump),
load copies, open its source (which `Kind.open` puts behind the guard of its dialect), check
the account of a live database and describe a location for people. It declares the dialect
its queries are written in, as data: the guard, the query tool's description and the prompt
follow it (`planrag.guards.dialects`).
"""

from __future__ import annotations

import importlib
import pkgutil
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from contextlib import AsyncExitStack
from functools import cache
from typing import TYPE_CHECKING, ClassVar

from planrag.datasets import Dataset, Dump, Form, LiveDatabase
from planrag.errors import ConfigError, DatasetError
from planrag.guards.dialects import Dialect
from planrag.locations._model import AccountCheck, Location
from planrag.settings import Settings
from planrag.sources.base import DataSource, GuardableSource, Language
from planrag.sources.guarded import guarded

if TYPE_CHECKING:
    from planrag.loading import LoadReport

__all__ = ["Kind", "LiveOnlyKind", "all_kinds", "get_kind", "kind_of", "target_names"]

Echo = Callable[[str], None]


class Kind(ABC):
    """One kind of database the assistant can read."""

    name: ClassVar[str]
    """Its target name: what `--target` and `kind = ...` say."""
    aliases: ClassVar[tuple[str, ...]] = ()
    """Other names a manifest may use (e.g. neo4j for graph)."""
    title: ClassVar[str]
    """For people: "MySQL/MariaDB"."""
    language: ClassVar[Language]
    dialect: ClassVar[Dialect]
    """What its queries are written in (MySQL's is made exact by its server: MariaDB)."""
    dump_form: ClassVar[Form | None]
    """The form of dump a loaded copy of this kind is made from; None for a kind whose
    databases are only ever live (`LiveOnlyKind`)."""
    takes_accounts: ClassVar[bool] = False
    """Whether a live database of this kind may name accounts per person or group
    (`[[databases.accounts]]`, `planrag.locations.accounts`): a server with logins does, a
    file does not."""
    order: ClassVar[int] = 50
    """Where it is listed among the kinds (lower first)."""
    connect_option: ClassVar[str]
    """`planrag connect`'s option for a database of this kind, e.g. "--mysql"."""
    connect_metavar: ClassVar[str] = "URL"
    connect_help: ClassVar[str] = ""
    connect_database_option: ClassVar[str | None] = None
    """An option naming the database apart from the URL (e.g. "--neo4j-database")."""
    connect_schemas_option: ClassVar[str | None] = None
    """An option naming the schemas to read (e.g. "--postgres-schemas public,sales"), for a
    kind whose manifest entry takes `schemas`."""
    connect_many: ClassVar[bool] = False
    """`connect_option` takes several values, all for one database (`--files A B C`)."""

    def live_entry_of(
        self, values: Sequence[str], database: str | None,
        schemas: Sequence[str] | None = None,
    ) -> LiveDatabase:
        """The manifest entry for `planrag connect OPTION VALUE...`: one value unless the
        kind takes several (`connect_many`)."""
        return self.live_entry(values[0], database, schemas)

    def refreshed(self, entry: dict[str, object], where: str) -> dict[str, object]:
        """A `[[databases]]` table as `planrag connect --update` writes it again when no new
        value is given (files: their folders searched again); as it is by default."""
        return entry

    def live_entry(
        self, value: str, database: str | None, schemas: Sequence[str] | None = None
    ) -> LiveDatabase:
        """The manifest entry for `planrag connect OPTION VALUE` (a URL by default)."""
        return LiveDatabase(self.name, url=value, database=database, where=self.connect_option,
                            schemas=tuple(schemas) if schemas is not None else None)

    # -- manifests and locations

    @abstractmethod
    def check_live(self, db: LiveDatabase) -> None:
        """Raise `DatasetError` (one line, naming `db.where`) unless the entry is usable:
        the right keys, a URL of the right scheme, no password in clear."""

    @abstractmethod
    def live_location(self, dataset: Dataset, db: LiveDatabase) -> Location:
        """The location of a checked live entry."""

    @abstractmethod
    def loaded_location(self, settings: Settings, dataset: Dataset, dump: Dump) -> Location:
        """Where the copy of `dump` lives once loaded."""

    def loadable(self, settings: Settings) -> bool:
        """Whether copies can be loaded into this kind with these settings."""
        return True

    # -- working with them

    async def open(
        self, settings: Settings, location: Location, stack: AsyncExitStack
    ) -> DataSource:
        """A guarded, read-only source on `location`: the kind's source behind the guard of
        its dialect (`planrag.sources.guarded`); what it needs closed goes on `stack`."""
        return guarded(await self.open_source(settings, location, stack))

    @abstractmethod
    async def open_source(
        self, settings: Settings, location: Location, stack: AsyncExitStack
    ) -> GuardableSource:
        """The source on `location`, read-only at the database and fetch layers but not yet
        guarded (`open` puts the guard in front); what it needs closed goes on `stack`."""

    @abstractmethod
    async def load(
        self,
        settings: Settings,
        dumps: Sequence[tuple[Dataset, Dump]],
        *,
        force: bool,
        echo: Echo,
    ) -> list[LoadReport]:
        """Load copies of `dumps` (idempotent: unchanged dumps are left as they are)."""

    @abstractmethod
    async def check_account(self, settings: Settings, location: Location) -> AccountCheck:
        """What the account of a live location may do beyond reading."""

    @abstractmethod
    def describe(self, location: Location) -> str:
        """One line for people: what it is and where, never a password."""


@cache
def all_kinds() -> tuple[Kind, ...]:
    """Every kind, found in `planrag.locations.kinds` (each module's `KIND`)."""
    package = importlib.import_module("planrag.locations.kinds")
    found: list[Kind] = []
    for info in pkgutil.iter_modules(package.__path__):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        kind = getattr(module, "KIND", None)
        if not isinstance(kind, Kind):
            raise ConfigError(f"{module.__name__} defines no KIND (a planrag Kind instance)")
        found.append(kind)
    names = [k.name for k in found] + [a for k in found for a in k.aliases]
    duplicated = sorted({n for n in names if names.count(n) > 1})
    if duplicated:
        raise ConfigError(f"location kinds declare the same name twice: {', '.join(duplicated)}")
    return tuple(sorted(found, key=lambda k: (k.order, k.name)))



class LiveOnlyKind(Kind):
    """A kind whose databases are only ever live: nothing is loaded into it, and asking for
    a loaded copy says so and how to connect one."""

    dump_form: ClassVar[Form | None] = None

    def live_only(self) -> str:
        return (f"{self.title} datasets are live databases; connect one with planrag connect "
                f"ID {self.connect_option} {self.connect_metavar}")

    def loaded_location(self, settings: Settings, dataset: Dataset, dump: Dump) -> Location:
        raise DatasetError(self.live_only())

    def loadable(self, settings: Settings) -> bool:
        return False

    async def load(
        self,
        settings: Settings,
        dumps: Sequence[tuple[Dataset, Dump]],
        *,
        force: bool,
        echo: Echo,
    ) -> list[LoadReport]:
        raise DatasetError(self.live_only())

def target_names() -> tuple[str, ...]:
    return tuple(k.name for k in all_kinds())


def kind_of(name: str) -> Kind | None:
    """The kind called `name` (or one of its aliases), or None."""
    wanted = name.strip().lower()
    for kind in all_kinds():
        if wanted == kind.name or wanted in kind.aliases:
            return kind
    return None


def get_kind(name: str) -> Kind:
    kind = kind_of(name)
    if kind is None:
        raise DatasetError(
            f"unknown database kind {name!r}; choose one of: {', '.join(target_names())}"
        )
    return kind
