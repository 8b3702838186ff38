"""Helpers the kinds share for live databases: URLs with references, and their parts; a
database that is one file (SQLite, DuckDB)."""

from __future__ import annotations

from pathlib import Path

from planrag.datasets import Dataset, LiveDatabase
from planrag.errors import DatasetError
from planrag.locations._env import UrlParts, expand_parts, has_clear_password, lookup_for
from planrag.locations._env import split_url as _split
from planrag.locations._model import Location

__all__ = ["checked_url", "expanded", "file_header", "file_location", "forbid_keys"]


def checked_url(db: LiveDatabase, schemes: tuple[str, ...], example: str) -> UrlParts:
    """The entry's URL split, of one of `schemes`, with no password in clear."""
    if not db.url:
        raise DatasetError(f"{db.where}: missing `url`, e.g. {example}")
    parts = _split(db.url, db.where)
    if parts.scheme not in schemes:
        raise DatasetError(
            f"{db.where}: a {db.kind} URL starts with {' or '.join(s + '://' for s in schemes)}"
            f", not {parts.scheme}:// (e.g. {example})"
        )
    if has_clear_password(parts):
        raise DatasetError(
            f"{db.where}: the URL holds a password in clear; write ${{NAME}} in its place and "
            "set NAME in the environment, .env or the dataset's secrets.env"
        )
    return parts


def forbid_keys(db: LiveDatabase, **given: object) -> None:
    """Refuse keys this kind does not take (named with what to do instead)."""
    for key, value in given.items():
        if value is not None:
            raise DatasetError(f"{db.where}: a {db.kind} database takes no `{key}`")


def expanded(location: Location) -> UrlParts:
    """The location's URL with its references replaced by their values."""
    assert location.url is not None
    account = f", account of {location.account}" if location.account else ""
    where = f"dataset {location.dataset} ({location.kind}{account})"
    parts = _split(location.url, where)
    return expand_parts(parts, lookup_for(location.secrets, Path(".env")), where)


def file_header(path: Path, where: str, kind: str, size: int) -> bytes:
    """The first `size` bytes of `path`, a database file of `kind` ("SQLite"), else one line
    saying what it is instead: `planrag connect` names what is wrong before it opens
    anything."""
    if path.is_dir():
        raise DatasetError(f"{where}: is a folder, not a {kind} file; name the database file")
    if not path.exists():
        raise DatasetError(f"{where}: no such file")
    if not path.is_file():  # a device or a pipe: reading it could block
        raise DatasetError(f"{where}: not a regular file; name a {kind} database file")
    try:
        with path.open("rb") as f:
            return f.read(size)
    except OSError as exc:
        raise DatasetError(f"{where}: cannot be read ({exc.strerror}); let this user read "
                           "it") from None


def file_location(dataset: Dataset, db: LiveDatabase) -> Location:
    """The live location of a database that is one file, the entry's `path`."""
    assert db.path is not None
    return Location(
        kind=db.kind, dataset=dataset.id, live=True, database=str(db.path),
        where=str(db.path), path=db.path, write_privileges=dataset.write_privileges,
    )
