"""Who may use the chat, and which datasets each person may ask about (ARCHITECTURE.md,
"People").

The users file (`PLANRAG_USERS_FILE`, default `<data dir>/users.toml`, readable by its owner
only) holds one table per person:

    [users.alice]
    password = "$argon2id$v=19$..."      # argon2id; never the password itself
    datasets = ["demo-retail", "acme"]  # or ["*"]: every dataset
    admin = false
    identities = ["github:alice", "header:alice@example.com"]

    [[users.alice.credentials]]          # an MCP token or API key; never the secret itself
    kind = "mcp"                         # "mcp" (prt_...) or "api" (prk_...)
    id = "prt_Ab3dE6gH"                  # its first characters: shown, and named to revoke it
    hash = "sha256:9f86d081..."          # SHA-256 of the whole credential
    label = "laptop"
    created = "2025-05-01T09:30:00Z"

    [groups]                             # for header / OAuth sign-in: a group's datasets
    analysts = ["acme"]

Identities are per sign-in method: `password:NAME` (implied by a password), `header:NAME`
(the reverse proxy's header), `<provider>:NAME` for OAuth (`github:alice`). An identity
reaches a person only when the file maps it to them, so a GitHub account "alice" is never
the password user alice unless her entry lists `github:alice`. Someone let in by a group
claim alone is known by their identity (`header:frank`), never by a bare name.

`planrag users add|list|remove|set` manages it; the chat signs people in against it
(`UsersFile.grant`) and every entry point checks a person's datasets with `Access.allows`.

The MCP server and the OpenAI-compatible API take credentials instead of a sign-in:
`planrag users token NAME` issues an MCP bearer token (`prt_...`), `planrag users key NAME`
an API key (`prk_...`), and `authenticate_credential` maps one back to its person's `Access`,
computed as a sign-in computes it. A credential is 256 and more random bits, so it is kept
as a plain SHA-256 hash: argon2 exists to make guessing a password people chose slow, and no
guess reaches a random 256-bit secret, however fast the hash. A slow hash would only cost
every request tens of milliseconds and lend anyone sending bad credentials the server's CPU.
A keyed hash would need a key every server process and the CLI share, and would add nothing
against a stolen file that the secret's size does not already give. The prefixes make a
leaked credential easy for secret scanners to find, and say which front end takes it.
"""

from __future__ import annotations

import fcntl
import functools
import hashlib
import hmac
import json
import os
import re
import secrets
import stat
import string
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeVar

from planrag.errors import ConfigError
from planrag.user_records import (
    ALL,
    ID_CHARS,
    KINDS,
    NOUN,
    PASSWORD,
    PREFIX,
    SECRET_CHARS,
    Credential,
    CredentialKind,
    UserRecord,
    check_label,
    check_name,
    check_password,
    checked_identities,
    is_identity,
    parse_users,
)
from planrag.utf8 import read_text_file

if TYPE_CHECKING:
    from planrag.settings import Settings

__all__ = [
    "ALL",
    "Access",
    "Credential",
    "CredentialKind",
    "Grant",
    "SlackAccess",
    "UserRecord",
    "UsersFile",
    "authenticate_credential",
    "hash_password",
    "is_identity",
    "verify_password",
]

_BASE62 = string.ascii_letters + string.digits
"""Letters and digits only: a credential is one word to a double click and to a scanner."""
_CREDENTIAL = re.compile(rf"(prt_|prk_)[A-Za-z0-9]{{{ID_CHARS + SECRET_CHARS}}}")


@dataclass(frozen=True)
class Access:
    """What one signed-in person may ask about."""

    user: str
    datasets: frozenset[str] = field(default_factory=frozenset)
    everything: bool = False
    admin: bool = False
    groups: frozenset[str] = field(default_factory=frozenset)
    """The groups their sign-in claims (the proxy's groups header, an OAuth groups or roles
    claim): a live database may name an account per group (`[[databases.accounts]]`)."""
    without_account: frozenset[str] = field(default_factory=frozenset)
    """Datasets whose databases are read with each person's own account and name none for
    this person or their groups (`planrag.locations.accounts.scoped`): not allowed, so
    lists do not offer them. Opening a source checks the accounts again, whatever this
    holds."""

    def allows(self, dataset: str) -> bool:
        if dataset in self.without_account:
            return False
        return self.everything or dataset in self.datasets

    @property
    def signed_in(self) -> bool:
        """A person is known (False for the open chat on this machine, `Access.open()`)."""
        return bool(self.user)

    def visible(self, ids: Iterable[str]) -> list[str]:
        return [i for i in ids if self.allows(i)]

    @property
    def nothing(self) -> bool:
        return not self.everything and not self.datasets

    @classmethod
    def open(cls) -> Access:
        """No sign-in configured (the chat on loopback): everything is allowed."""
        return cls("", everything=True)

    @classmethod
    def denied(cls, user: str) -> Access:
        """Signed in, but allowed nothing (or no longer known to the users file)."""
        return cls(user)


@dataclass(frozen=True)
class Grant:
    """What one sign-in is let in as: `identifier` names the person in the chat (their name
    in the file, or the identity itself for someone let in by a group claim alone), `access`
    what they may ask about, and `basis` the entries it rests on (the person's entry and the
    claimed groups' datasets, as canonical JSON): when `basis` changes, the sign-in is
    stale."""

    identity: str
    identifier: str
    access: Access
    basis: str


def hash_password(password: str) -> str:
    from argon2 import PasswordHasher

    return PasswordHasher().hash(password)


def verify_password(stored: str, password: str) -> bool:
    from argon2 import PasswordHasher
    from argon2.exceptions import InvalidHashError, VerificationError

    try:
        return PasswordHasher().verify(stored, password)
    except (VerificationError, InvalidHashError):
        return False


_P = ParamSpec("_P")
_T = TypeVar("_T")


def _exclusive(
    change: Callable[Concatenate[UsersFile, _P], _T],
) -> Callable[Concatenate[UsersFile, _P], _T]:
    """A change of the file made by one process at a time: it reads the file, changes it
    and writes it back while holding the file's lock, so two `planrag users` commands run
    at once both land (without it the later write would drop the earlier one's change)."""

    def locked(self: UsersFile, /, *args: _P.args, **kwargs: _P.kwargs) -> _T:
        with self._locked():
            return change(self, *args, **kwargs)

    functools.update_wrapper(locked, change)
    return locked


class UsersFile:
    """The users file: read, checked, and written back atomically with mode 0600."""

    def __init__(self, path: Path) -> None:
        self.path = path

    # -- reading

    def exists(self) -> bool:
        return self.path.is_file()

    def warnings(self) -> list[str]:
        """What is wrong but not fatal: a file others can read."""
        try:
            mode = stat.S_IMODE(self.path.stat().st_mode)
        except OSError:
            return []
        if mode & (stat.S_IRWXG | stat.S_IRWXO):
            return [f"{self.path} can be read by other users of this machine (mode "
                    f"{mode:o}); run: chmod 600 {self.path}"]
        return []

    def load(self) -> tuple[dict[str, UserRecord], dict[str, tuple[str, ...]]]:
        """(users by name, groups' datasets by group); empty when the file does not exist.

        Read again whenever the file changes, so `planrag users set` takes effect on the
        next question of a running chat."""
        try:
            st = self.path.stat()
        except FileNotFoundError:
            return {}, {}
        except OSError as exc:
            raise ConfigError(f"cannot read the users file {self.path}: {exc}") from None
        key = (str(self.path), st.st_mtime_ns, st.st_size, st.st_ino)
        cached = _LOADED.get(str(self.path))
        if cached is not None and cached[0] == key:
            users, groups = cached[1]
            return dict(users), dict(groups)
        loaded = self._parse()
        _LOADED[str(self.path)] = (key, loaded)
        return dict(loaded[0]), dict(loaded[1])

    def _parse(self) -> tuple[dict[str, UserRecord], dict[str, tuple[str, ...]]]:
        return parse_users(self.path, read_text_file(self.path, "the users file", ConfigError))

    def users(self) -> dict[str, UserRecord]:
        return self.load()[0]

    def groups(self) -> dict[str, tuple[str, ...]]:
        return self.load()[1]

    def has_passwords(self) -> bool:
        """Whether anyone can sign in with a password."""
        return any(u.password_hash for u in self.users().values())

    def unknown_datasets(self, known: Iterable[str]) -> list[str]:
        """Lines naming datasets the file allows that do not exist (ignored until they do)."""
        ids = set(known) | {ALL}
        users, groups = self.load()
        lines = []
        for name, u in sorted(users.items()):
            missing = [d for d in u.datasets if d not in ids]
            if missing:
                lines.append(f"user {name!r} is allowed unknown dataset(s) "
                             f"{', '.join(missing)}")
        for group, datasets in sorted(groups.items()):
            missing = [d for d in datasets if d not in ids]
            if missing:
                lines.append(f"group {group!r} is allowed unknown dataset(s) "
                             f"{', '.join(missing)}")
        return lines

    def verify(self, name: str, password: str) -> UserRecord | None:
        """The user when `password` is theirs; None otherwise (no hint which was wrong)."""
        user = self.users().get(name)
        if user is None or not user.password_hash:
            verify_password(_dummy_hash(), password)  # the same time as a real check
            return None
        return user if verify_password(user.password_hash, password) else None

    def person_of(self, identity: str) -> UserRecord | None:
        """The person `identity` reaches: `password:NAME` reaches NAME when NAME has a
        password; any other only the person whose entry lists it."""
        users = self.users()
        provider, _, name = identity.partition(":")
        if provider == PASSWORD:
            user = users.get(name)
            return user if user is not None and user.password_hash else None
        return next((u for u in users.values() if identity in u.identities), None)

    def grant(self, identity: str, groups: Sequence[str] = ()) -> Grant | None:
        """What `identity` (signed in with these group claims) is let in as; None when
        neither the identity nor any of the groups is in the file."""
        _, group_sets = self.load()
        person = self.person_of(identity)
        member = set(groups) | set(person.groups if person is not None else ())
        claimed = {g: group_sets[g] for g in sorted(member) if g in group_sets}
        if person is None and not claimed:
            return None
        identifier = person.name if person is not None else identity
        access = _access(identifier, person, claimed, frozenset(member))
        entry: dict[str, Any] | None = None
        if person is not None:
            entry = {"name": person.name, "password": person.password_hash,
                     "datasets": list(person.datasets), "admin": person.admin}
            if person.groups:  # only then: sign-ins made before groups existed stay current
                entry["groups"] = list(person.groups)
        basis = json.dumps({"identity": identity, "person": entry,
                            "groups": {g: list(d) for g, d in claimed.items()}},
                           sort_keys=True)
        return Grant(identity, identifier, access, basis)

    def access_of(self, name: str) -> Access | None:
        """What the person `name` may ask about now (their datasets and their groups'); None
        when the file has no such person (a watch they made stops)."""
        users, group_sets = self.load()
        person = users.get(name)
        if person is None:
            return None
        claimed = {g: group_sets[g] for g in sorted(person.groups) if g in group_sets}
        return _access(person.name, person, claimed, frozenset(person.groups))

    def unreachable(self, header: bool, oauth: Iterable[str]) -> list[str]:
        """One line per person no configured sign-in method reaches (`header`: the proxy's
        header is configured; `oauth`: the OAuth providers that are)."""
        providers = set(oauth) | ({"header"} if header else set())
        lines = []
        for name, u in sorted(self.users().items()):
            if u.password_hash or any(i.partition(":")[0] in providers for i in u.identities):
                continue
            if u.identities:
                lines.append(f"user {name!r} cannot sign in: no password, and no configured "
                             f"sign-in method takes {', '.join(u.identities)}")
            else:
                lines.append(f"user {name!r} cannot sign in: no password and no identity "
                             "(single sign-on no longer matches bare names); map one: "
                             f"planrag users set {name} --identity header:{name} (or "
                             f"github:LOGIN, ...)")
        return lines

    def authenticate(self, presented: str, kind: CredentialKind) -> Access | None:
        """The `Access` of the person whose `kind` credential `presented` is (the credential
        exactly, without `Bearer ` or spaces); None when it is malformed, of the other kind,
        revoked, or its person is gone. The same `Access` as that person signing in with no
        group claims: the groups the file puts them in count (`groups` of their entry), those
        only a single sign-on claims do not.

        Every stored hash of the kind is compared, in constant time and without stopping at
        a match, so the time taken says nothing about how close a guess came. Nothing here
        logs or raises with the presented text; a users file that cannot be read raises
        `ConfigError` (its path and what is wrong), as it does for sign-in."""
        _check_kind(kind)
        if not isinstance(presented, str) or not _CREDENTIAL.fullmatch(presented) or \
                not presented.startswith(PREFIX[kind]):
            return None
        digest = _digest(presented)
        found: list[UserRecord] = []
        for person in self.users().values():
            for credential in person.credentials_of(kind):
                if hmac.compare_digest(credential.digest, digest):
                    found.append(person)
        if len(found) != 1:  # none, or (never seen) a hash two entries share: refuse
            return None
        person = found[0]
        group_sets = self.groups()
        claimed = {g: group_sets[g] for g in person.groups if g in group_sets}
        return _access(person.name, person, claimed, frozenset(person.groups))

    # -- writing

    @_exclusive
    def issue(self, name: str, kind: CredentialKind, label: str = "",
              now: datetime | None = None) -> tuple[str, Credential]:
        """A new `kind` credential for `name`: (the secret, to show once, and its record).
        Only the record is written."""
        _check_kind(kind)
        check_label(label)
        users, groups = self.load()
        if name not in users:
            raise ConfigError(f"no user {name!r}; `planrag users list` shows them")
        taken = {c.id for u in users.values() for c in u.credentials}
        while True:
            secret = PREFIX[kind] + "".join(secrets.choice(_BASE62)
                                            for _ in range(ID_CHARS + SECRET_CHARS))
            if secret[:len(PREFIX[kind]) + ID_CHARS] not in taken:
                break
        when = (now or datetime.now(UTC)).astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
        credential = Credential(kind, secret[:len(PREFIX[kind]) + ID_CHARS], _digest(secret),
                                label, when)
        record = users[name]
        users[name] = replace(record, credentials=(*record.credentials, credential))
        self._save(users, groups)
        return secret, credential

    @_exclusive
    def revoke(self, name: str, kind: CredentialKind, which: str) -> list[Credential]:
        """Remove `name`'s `kind` credentials named by `which`: `all` (none is fine), an id
        as `planrag users token|key NAME --list` shows it, or the whole credential. The
        removed ones are returned; an id the person has no credential of is an error."""
        _check_kind(kind)
        users, groups = self.load()
        if name not in users:
            raise ConfigError(f"no user {name!r}; `planrag users list` shows them")
        record = users[name]
        ids = {c.id for c in record.credentials_of(kind)}
        if which != "all":
            wanted = which[:len(PREFIX[kind]) + ID_CHARS] if _CREDENTIAL.fullmatch(which) \
                else which
            if wanted not in ids:
                raise ConfigError(_not_found(name, kind, which))
            ids = {wanted}
        gone = [c for c in record.credentials if c.kind == kind and c.id in ids]
        if gone:
            kept = tuple(c for c in record.credentials if c not in gone)
            users[name] = replace(record, credentials=kept)
            self._save(users, groups)
        return gone

    @_exclusive
    def add(self, name: str, password: str | None, datasets: Sequence[str],
            admin: bool = False, identities: Sequence[str] = (),
            groups: Sequence[str] = ()) -> UserRecord:
        check_name(name)
        for group in groups:
            check_name(group, "group")
        users, group_sets = self.load()
        if name in users:
            raise ConfigError(f"user {name!r} exists already; use `planrag users set` or "
                              "remove it first")
        if password is not None:
            check_password(password)
        mapped = checked_identities(self.path, name, list(identities), users)
        record = UserRecord(name, hash_password(password) if password else "",
                            tuple(datasets), admin, mapped, groups=tuple(dict.fromkeys(groups)))
        users[name] = record
        self._save(users, group_sets)
        return record

    @_exclusive
    def set(self, name: str, *, datasets: Sequence[str] | None = None,
            password: str | None = None, admin: bool | None = None,
            identities: Sequence[str] | None = None,
            groups: Sequence[str] | None = None) -> UserRecord:
        """Change what is given; `identities` replaces the person's mapped identities and
        `groups` the groups they are in."""
        for group in groups or ():
            check_name(group, "group")
        users, group_sets = self.load()
        if name not in users:
            raise ConfigError(f"no user {name!r}; `planrag users list` shows them")
        record = users[name]
        if datasets is not None:
            record = replace(record, datasets=tuple(datasets))
        if password is not None:
            check_password(password)
            record = replace(record, password_hash=hash_password(password))
        if admin is not None:
            record = replace(record, admin=admin)
        if identities is not None:
            others = {n: u for n, u in users.items() if n != name}
            record = replace(record, identities=checked_identities(
                self.path, name, list(identities), others))
        if groups is not None:
            record = replace(record, groups=tuple(dict.fromkeys(groups)))
        users[name] = record
        self._save(users, group_sets)
        return record

    @_exclusive
    def set_group(self, group: str, datasets: Sequence[str]) -> None:
        """A group's datasets (header and OAuth sign-in); an empty list removes the group."""
        check_name(group, "group")
        users, groups = self.load()
        if datasets:
            groups[group] = tuple(datasets)
        elif groups.pop(group, None) is None:
            raise ConfigError(f"no group {group!r}; `planrag users list` shows them")
        self._save(users, groups)

    @_exclusive
    def remove(self, name: str) -> None:
        users, groups = self.load()
        if name not in users:
            raise ConfigError(f"no user {name!r}; `planrag users list` shows them")
        del users[name]
        self._save(users, groups)

    @contextmanager
    def _locked(self) -> Iterator[None]:
        """Hold the lock beside the file (`.users.toml.lock`, mode 0600) while changing it."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.path.with_name(f".{self.path.name}.lock"),
                         os.O_RDWR | os.O_CREAT, stat.S_IRUSR | stat.S_IWUSR)
        except OSError as exc:
            raise ConfigError(f"cannot change the users file {self.path}: {exc.strerror or exc}"
                              "; let this user write its folder") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            yield
        finally:
            os.close(fd)  # closing lets go of the lock

    def _save(self, users: Mapping[str, UserRecord], groups: Mapping[str, Sequence[str]]) -> None:
        lines = ["# PlanRAG Assistant's users (planrag users ...). Passwords are argon2id hashes;",
                 "# MCP tokens and API keys are SHA-256 hashes."]
        for name in sorted(users):
            u = users[name]
            lines += ["", f"[users.{_toml(name)}]",
                      f"password = {_toml(u.password_hash)}",
                      f"datasets = {_toml_list(u.datasets)}",
                      f"admin = {'true' if u.admin else 'false'}",
                      f"identities = {_toml_list(u.identities)}"]
            if u.groups:
                lines.append(f"groups = {_toml_list(u.groups)}")
            for c in u.credentials:
                lines += ["", f"[[users.{_toml(name)}.credentials]]",
                          f"kind = {_toml(c.kind)}",
                          f"id = {_toml(c.id)}",
                          f"hash = {_toml(c.digest)}",
                          f"label = {_toml(c.label)}",
                          f"created = {_toml(c.created)}"]
        if groups:
            lines += ["", "[groups]"]
            lines += [f"{_toml(g)} = {_toml_list(d)}" for g, d in sorted(groups.items())]
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_name(f".{self.path.name}.tmp{os.getpid()}")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, stat.S_IRUSR | stat.S_IWUSR)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")
        os.replace(tmp, self.path)


_SLACK_ID = re.compile(r"\*|[UWCGD][A-Z0-9]{2,20}")


@dataclass(frozen=True)
class SlackAccess:
    """Who in Slack may ask about what (`PLANRAG_SLACK_ACCESS`).

    `U0123ABCD=demo-retail,acme; C0456EFGH=acme; *=demo-retail`: a Slack user (U.../W...)
    may ask about their datasets, anyone in a channel (C.../G.../D...) about the channel's,
    and `*` gives everyone theirs. A question asked in a listed channel is about the
    channel's first dataset the person may use; elsewhere about the assistant's dataset when
    allowed, else about the person's first."""

    entries: Mapping[str, tuple[str, ...]]

    @classmethod
    def parse(cls, text: str) -> SlackAccess:
        entries: dict[str, tuple[str, ...]] = {}
        for part in re.split(r"[;\n]", text):
            part = part.strip()
            if not part:
                continue
            who, sep, datasets = part.partition("=")
            who = who.strip()
            ids = tuple(d.strip() for d in datasets.split(",") if d.strip())
            if not sep or not _SLACK_ID.fullmatch(who) or not ids:
                raise ConfigError(
                    f"PLANRAG_SLACK_ACCESS: {part[:60]!r} is not `SLACK_ID=dataset,...` "
                    "(a user U..., a channel C... or *, then dataset ids or *), e.g. "
                    "`U0123ABCD=demo-retail; C0456EFGH=*`")
            entries[who] = entries.get(who, ()) + ids
        return cls(entries)

    def datasets(self) -> set[str]:
        return {d for ids in self.entries.values() for d in ids}

    @staticmethod
    def asker(user: str, dataset: str) -> Access:
        """Who a Slack question about `dataset` runs as, once the gate let it in: the Slack
        user `slack:<id>` (as the audit trail names them; no users-file name has a colon), so
        a live database with accounts per person reads as theirs (`user = "slack:U0123ABCD"`)
        or refuses them."""
        return Access(f"slack:{user}", frozenset({dataset}))

    def access(self, user: str, channel: str) -> Access:
        allowed = [*self.entries.get(ALL, ()), *self.entries.get(user, ()),
                   *self.entries.get(channel, ())]
        return Access(user, frozenset(allowed) - {ALL}, ALL in allowed)

    def dataset_for(self, user: str, channel: str, default: str,
                    known: Sequence[str]) -> str | None:
        """The dataset a question from `user` in `channel` is about; None when they may not
        ask about any."""
        access = self.access(user, channel)
        for d in self.entries.get(channel, ()):
            if d == ALL:
                break
            if access.allows(d) and d in known:
                return d
        if access.allows(default):
            return default
        for d in [*self.entries.get(user, ()), *self.entries.get(ALL, ())]:
            if d != ALL and d in known:
                return d
        return None



def _check_kind(kind: str) -> None:
    if kind not in KINDS:  # a caller's mistake, not a person's
        raise ValueError(f"a credential is of kind {' or '.join(KINDS)}, not {kind!r}")


def _digest(credential: str) -> str:
    return "sha256:" + hashlib.sha256(credential.encode("ascii")).hexdigest()


def _not_found(name: str, kind: CredentialKind, which: str) -> str:
    command = "token" if kind == "mcp" else "key"
    shown = which[:len(PREFIX[kind]) + ID_CHARS]
    other = next((k for k in KINDS if k != kind and which.startswith(PREFIX[k])), None)
    if other is not None:
        return (f"{shown!r} is an {NOUN[other]}'s id, not an {NOUN[kind]}'s: planrag users "
                f"{'token' if other == 'mcp' else 'key'} {name} --revoke ...")
    return (f"{name} has no {NOUN[kind]} {shown!r}; `planrag users {command} {name} --list` "
            "shows their ids (or --revoke all)")


def _access(identifier: str, person: UserRecord | None,
            claimed: Mapping[str, tuple[str, ...]],
            groups: frozenset[str] = frozenset()) -> Access:
    """What a person (or no one, for someone let in by groups alone) with these claimed
    groups may ask about: one rule, for sign-in and for credentials alike. `groups`: the
    groups the sign-in claimed (a credential claims none), for accounts per group."""
    datasets = set(person.datasets if person else ())
    for ids in claimed.values():
        datasets.update(ids)
    return Access(identifier, frozenset(datasets - {ALL}), ALL in datasets,
                  bool(person and person.admin), groups)


def authenticate_credential(where: Settings | UsersFile, presented: str,
                            kind: CredentialKind) -> Access | None:
    """The `Access` a `kind` credential (`mcp`: the MCP server's bearer token, `api`: the
    API's key) gives, read from the users file of `where`; None when it gives none (the
    server answers 401). See `UsersFile.authenticate`."""
    users = where if isinstance(where, UsersFile) else UsersFile(where.users_path)
    return users.authenticate(presented, kind)



def _toml(text: str) -> str:
    """`text` as a TOML basic string. Not `json.dumps`: it writes a character beyond U+FFFF
    (an emoji in an identity or a label) as a surrogate pair, which TOML refuses, so the file
    written could not be read back."""
    out = []
    for char in text:
        code = ord(char)
        if char in '"\\':
            out.append("\\" + char)
        elif code < 0x20 or code == 0x7F:
            out.append(f"\\u{code:04x}")
        elif 0xD800 <= code <= 0xDFFF:
            raise ConfigError(f"{text[:40]!r} is not text (a lone surrogate); nothing was "
                              "changed")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


def _toml_list(items: Iterable[str]) -> str:
    return "[" + ", ".join(_toml(i) for i in items) + "]"



_LOADED: dict[str, tuple[tuple[str, int, int, int],
                         tuple[dict[str, UserRecord], dict[str, tuple[str, ...]]]]] = {}
"""The users file as last read, by path, with the stat it was read at."""


@cache
def _dummy_hash() -> str:
    """Checked against when the user is unknown, so a wrong name takes as long as a wrong
    password."""
    return hash_password("a password nobody has")
