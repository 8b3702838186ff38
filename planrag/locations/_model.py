"""Locations: one database the assistant reads, typed (ARCHITECTURE.md, "Where data lives").

A `Location` says which kind of database it is (a registered `Kind`: MySQL/MariaDB, the graph
over Bolt, a SQLite file), how to reach it and how it came to be: a copy loaded from a dump
the dataset ships (`live=False`), or a team's own database (`live=True`). Front ends never
switch on target names: they ask the kind of a location to open, check or describe it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from planrag.datasets import Dataset, Dump, Question

__all__ = ["AccountCheck", "Location", "Resolved"]


@dataclass(frozen=True)
class Location:
    kind: str
    """The registered kind (also the target name people use): mysql, postgres, graph,
    sqlite (`planrag.locations.kinds`)."""
    dataset: str
    live: bool
    """A team's own database (True) or a copy loaded from a dump (False)."""
    database: str | None
    """The database name on its server (None: the server's default); a SQLite file's path."""
    where: str
    """How to reach it, for people: `host:port`, a Bolt URI or a file, never a password."""
    url: str | None = field(default=None, repr=False)
    """A live server's URL as the manifest writes it (`${NAME}` references unexpanded)."""
    path: Path | None = None
    """A SQLite file."""
    dump: Dump | None = None
    """The dump a loaded copy comes from."""
    secrets: Path | None = None
    """The dataset's `secrets.env`, where references may be found."""
    write_privileges: bool = False
    """`planrag connect` found an account that may write and was told to go on."""
    per_person: bool = False
    """The live database names accounts per person or group (`[[databases.accounts]]`):
    whoever asks reads with theirs (`planrag.locations.accounts`)."""
    account: str = ""
    """Whose account `url` is, when it is one of those ("group ward-managers", "user
    alice"); empty for the entry's own (main) account."""
    schemas: tuple[str, ...] = ()
    """PostgreSQL: the schemas of the database it reads, in search-path order."""
    files: tuple[Path, ...] = ()
    """Files: the data files read as tables (`planrag.sources.duckdb`)."""
    date_order: str = "dmy"
    """Files: how dates that read either way are read."""

    @property
    def origin(self) -> str:
        if self.live:
            return f"live, account of {self.account}" if self.account else "live"
        return f"loaded from {self.dump.path.name}" if self.dump else "loaded"


@dataclass(frozen=True)
class Resolved:
    """What a reference and a target come to: the dataset, the question (with `#QUESTION`)
    and the location a run reads."""

    dataset: Dataset
    question: Question | None
    location: Location

    @property
    def target(self) -> str:
        return self.location.kind

    @property
    def ref(self) -> str:
        """The reference as people write it."""
        if self.question is not None:
            return f"{self.dataset.id}#{self.question.id}"
        if self.location.dump is not None:
            return self.location.dump.ref
        return self.dataset.id


@dataclass(frozen=True)
class AccountCheck:
    """What `planrag connect` found out about the account a live database is read with."""

    read_only: bool
    """True when the account can only read (what the assistant needs)."""
    findings: tuple[str, ...] = ()
    """The privileges or roles beyond reading, as the server states them."""
    advice: str = ""
    """The statement(s) that create an account with just enough rights."""
    notes: tuple[str, ...] = ()
    """Remarks that do not refuse the account (e.g. it can read other databases too)."""
    how: str = ""
    """How it was found out, for the report."""
