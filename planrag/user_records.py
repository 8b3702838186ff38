"""What the users file holds, entry by entry: the records (`UserRecord`, `Credential`), the
shape of names, identities and credential ids, and the checks that read the file's text into
records. Kept apart from users.py, which locks, caches and writes the file and answers sign-ins
and credentials: what makes an entry valid does not depend on how the file is used.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, get_args

from planrag.errors import ConfigError

__all__ = [
    "ALL",
    "ID_CHARS",
    "KINDS",
    "MAX_LABEL",
    "MIN_PASSWORD",
    "NOUN",
    "PASSWORD",
    "PREFIX",
    "SECRET_CHARS",
    "Credential",
    "CredentialKind",
    "UserRecord",
    "check_label",
    "check_name",
    "check_password",
    "checked_identities",
    "is_identity",
    "parse_users",
]

ALL = "*"
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.@+-]{0,63}")
"""A user or group name, matched whole (`match` with `$` would admit a trailing newline)."""
MIN_PASSWORD = 10
PASSWORD = "password"
"""The provider of password sign-in: `password:NAME` is implied by NAME's password."""
_IDENTITY = re.compile(r"([a-z0-9][a-z0-9-]{0,39}):([^\s\x00-\x1f\x7f]{1,200})")

CredentialKind = Literal["mcp", "api"]
"""Which front end a credential is for: the MCP server or the OpenAI-compatible API."""
KINDS: tuple[CredentialKind, ...] = get_args(CredentialKind)
PREFIX: Mapping[CredentialKind, str] = {"mcp": "prt_", "api": "prk_"}
"""What every credential of a kind starts with, so a scanner can tell a leaked one (and a
person which front end it is for)."""
NOUN: Mapping[CredentialKind, str] = {"mcp": "MCP token", "api": "API key"}
ID_CHARS = 8
"""The random characters after the prefix that name a credential (its id, which is shown)."""
SECRET_CHARS = 44
"""The random characters that stay unknown once the id is shown: 44 of 62 is 261 bits."""
_CREDENTIAL_ID = re.compile(rf"(prt_|prk_)[A-Za-z0-9]{{{ID_CHARS}}}")
_DIGEST = re.compile(r"sha256:[0-9a-f]{64}")
MAX_LABEL = 80


@dataclass(frozen=True)
class UserRecord:
    name: str
    password_hash: str = ""
    datasets: tuple[str, ...] = ()
    admin: bool = False
    identities: tuple[str, ...] = ()
    """The single sign-on identities mapped to this person (`github:alice`)."""
    credentials: tuple[Credential, ...] = ()
    """Their MCP tokens and API keys, as hashes."""
    groups: tuple[str, ...] = ()
    """The groups the file puts them in: each group's datasets (`[groups]`) and accounts
    (a live database's `[[databases.accounts]] group = ...`) are theirs on every way in,
    an MCP token or API key included, besides any groups a sign-in claims."""

    def allows(self, dataset: str) -> bool:
        return ALL in self.datasets or dataset in self.datasets

    def credentials_of(self, kind: CredentialKind) -> tuple[Credential, ...]:
        return tuple(c for c in self.credentials if c.kind == kind)

    def sign_ins(self) -> tuple[str, ...]:
        """Every identity that reaches this person: `password:NAME` with a password, then
        the mapped ones."""
        own = (f"{PASSWORD}:{self.name}",) if self.password_hash else ()
        return own + self.identities


@dataclass(frozen=True)
class Credential:
    """One MCP token or API key as the users file keeps it: what names it, never the secret.

    `id` is the credential's first characters (`prt_Ab3dE6gH`), shown by the CLI so a person
    can say which one to revoke; the rest of the secret is still 261 random bits. `digest`
    is `sha256:` and the hex SHA-256 of the whole credential; `created` is UTC, ISO 8601."""

    kind: CredentialKind
    id: str
    digest: str
    label: str = ""
    created: str = ""


def parse_users(path: Path, text: str
                ) -> tuple[dict[str, UserRecord], dict[str, tuple[str, ...]]]:
    """The users file's `text` (read from `path`, which messages name) as (users by name,
    groups' datasets by group), every entry checked."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"the users file {path} is not valid TOML: {exc}; fix it "
                          "or remove it and add the users again") from None
    users = raw.get("users", {})
    groups = raw.get("groups", {})
    if not isinstance(users, dict) or not isinstance(groups, dict):
        raise ConfigError(f"{path}: [users] and [groups] must be tables")
    out: dict[str, UserRecord] = {}
    for name, entry in users.items():
        out[name] = _record(path, name, entry, out)
    group_sets: dict[str, tuple[str, ...]] = {}
    for group, datasets in groups.items():
        if not isinstance(datasets, list) or not all(isinstance(d, str) for d in datasets):
            raise ConfigError(f"{path}: group {group!r} must list dataset ids")
        group_sets[str(group)] = tuple(datasets)
    return out, group_sets


def check_name(name: str, what: str = "user") -> None:
    if not _NAME.fullmatch(name):
        raise ConfigError(f"{what} name {name[:40]!r}: use letters, digits and . _ @ + - "
                          "(up to 64 characters)")


def check_label(label: str) -> None:
    if len(label) > MAX_LABEL or not label.isprintable():
        raise ConfigError(f"the label {label[:40]!r} must be at most {MAX_LABEL} printable "
                          "characters on one line")


def check_password(password: str) -> None:
    if len(password) < MIN_PASSWORD:
        raise ConfigError(f"the password is too short: use at least {MIN_PASSWORD} characters")
    if any(c in password for c in "\r\n\0"):
        raise ConfigError("the password holds a line break; type it on one line")


def _record(path: Path, name: str, entry: object, earlier: Mapping[str, UserRecord]
            ) -> UserRecord:
    if not isinstance(entry, dict):
        raise ConfigError(f"{path}: user {name!r} must be a table")
    password = entry.get("password", "")
    datasets = entry.get("datasets", [])
    admin = entry.get("admin", False)
    identities = entry.get("identities", [])
    credentials = entry.get("credentials", [])
    groups = entry.get("groups", [])
    if not isinstance(password, str) or (password and not password.startswith("$argon2")):
        raise ConfigError(f"{path}: user {name!r}: `password` must be an argon2 hash written "
                          "by `planrag users`, never the password itself")
    if not isinstance(datasets, list) or not all(isinstance(d, str) for d in datasets):
        raise ConfigError(f"{path}: user {name!r}: `datasets` must list dataset ids")
    if not isinstance(admin, bool):
        raise ConfigError(f"{path}: user {name!r}: `admin` must be true or false")
    if not isinstance(identities, list) or not all(isinstance(i, str) for i in identities):
        raise ConfigError(f"{path}: user {name!r}: `identities` must list identities such "
                          "as \"github:alice\"")
    if not isinstance(credentials, list):
        raise ConfigError(f"{path}: user {name!r}: `credentials` must be a list of tables "
                          "written by `planrag users token|key`")
    if not isinstance(groups, list) or not all(isinstance(g, str) and _NAME.fullmatch(g)
                                               for g in groups):
        raise ConfigError(f"{path}: user {name!r}: `groups` must list group names (letters, "
                          "digits and . _ @ + -)")
    return UserRecord(name, password, tuple(datasets), admin,
                      checked_identities(path, name, identities, earlier),
                      tuple(_credential(path, name, c) for c in credentials),
                      tuple(dict.fromkeys(groups)))


def _credential(path: Path, name: str, entry: object) -> Credential:
    """One of `name`'s credentials as the file holds it, checked: a hash, never a secret."""
    fields = entry if isinstance(entry, dict) else {}
    kind, id_, digest, label, created = (fields.get(k, "") for k in (
        "kind", "id", "hash", "label", "created"))
    well_formed = (
        kind in KINDS and isinstance(id_, str) and isinstance(digest, str)
        and isinstance(label, str) and isinstance(created, str)
        and _CREDENTIAL_ID.fullmatch(id_) is not None and id_.startswith(PREFIX[kind])
        and _DIGEST.fullmatch(digest) is not None)
    if not well_formed:
        # No more than an id's length: a secret pasted in the wrong place stays unsaid.
        shown = id_[:len(PREFIX["mcp"]) + ID_CHARS] if isinstance(id_, str) else "?"
        raise ConfigError(f"{path}: user {name!r}: credential {shown!r} must have kind "
                          "(mcp or api), id, hash (sha256:...), label and created as "
                          "`planrag users token|key` writes them; remove that "
                          f"[[users.{name}.credentials]] table and issue another")
    return Credential(kind, id_, digest, label, created)


def checked_identities(path: Path, name: str, identities: list[str],
                others: Mapping[str, UserRecord]) -> tuple[str, ...]:
    """`name`'s identities, each well formed, not a password one (a password implies it)
    and no one else's: an identity reaches one person."""
    for identity in identities:
        match = _IDENTITY.fullmatch(identity)
        if match is None:
            raise ConfigError(f"{path}: user {name!r}: identity {identity[:60]!r} is not "
                              "PROVIDER:NAME (header:alice, github:alice, google:alice@x.org)")
        if match.group(1) == PASSWORD:
            raise ConfigError(f"{path}: user {name!r}: {identity!r}: a password sign-in is "
                              "the person's own name; give them a password instead")
        owner = next((u.name for u in others.values() if identity in u.identities), None)
        if owner is not None:
            raise ConfigError(f"{path}: user {name!r}: identity {identity!r} already signs "
                              f"in as {owner!r}; an identity reaches one person")
    return tuple(dict.fromkeys(identities))


def is_identity(identity: str) -> bool:
    """Whether `identity` is PROVIDER:NAME as the users file takes it."""
    return _IDENTITY.fullmatch(identity) is not None
