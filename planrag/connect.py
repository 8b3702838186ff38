"""`planrag connect`: register a team's own database as a dataset, after checking it; change
it (`--update`) or remove it (`planrag disconnect`).

    planrag connect ID (--mysql URL | --postgres URL [--postgres-schemas S,...]
                        | --neo4j URI [--neo4j-database NAME] | --sqlite FILE)...
                    [--title T] [--rules FILE] [--simulator REF] [--allow-write-privileges]
    planrag connect ID --update [--title T] [--rules FILE] [--simulator REF] [--mysql URL ...]
    planrag disconnect ID

What it does, in order, with nothing written unless every step passes:

1. checks the id (new, well formed) and each URL (scheme, host, database);
2. moves a password written in a URL to `ID/secrets.env` (mode 0600) and refers to it as
   `${PLANRAG_<ID>_<KIND>_PASSWORD}`: the manifest never holds it;
3. connects to each database and reads its schema (unreachable server, bad credentials or an
   unknown database stop here: one line, exit 1);
4. checks what the account may do (`SHOW GRANTS`; PostgreSQL's catalogues; Neo4j's roles;
   ArcadeDB by a test write that changes nothing); an account that can do more than read is
   refused (exit 2) with the statements that make a read-only one, unless
   `--allow-write-privileges` is given;
5. writes `ID/dataset.toml` (and `rules.md`, `secrets.env`) under PLANRAG_DATASETS_DIR.

Everything is first written to a hidden folder beside the final one and moved into place at
the end, so a failure leaves nothing behind.

`--update` works the same way on a copy of a connected dataset's folder: the title, rules or
simulator given replace the old ones, a database given replaces the one of its kind (its
password joins `secrets.env`, whose other values are kept; its accounts per person, and its
schemas unless new ones are given, carry over), every database is connected to
and its account checked again, and every other key of the manifest is kept. An account found
able to write is refused unless the dataset was accepted so before or
`--allow-write-privileges` is given. `disconnect` removes the dataset's folder, its
`secrets.env` included. Neither touches a shipped dataset.
"""

from __future__ import annotations

import json
import re
import shutil
import tempfile
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from planrag.datasets import MANIFEST, SECRETS, Dataset, LiveDatabase, Registry
from planrag.decisions.spec import entry_toml
from planrag.errors import AccountRefused, DatasetError, PlanRAGError, SimulatorError
from planrag.locations import (
    AccountCheck,
    Location,
    all_kinds,
    checked_registry,
    get_kind,
    kind_of,
    open_location,
)
from planrag.locations._env import (
    has_clear_password,
    read_secrets,
    reference_url,
    split_url,
    write_secrets,
)
from planrag.locations.accounts import account_locations
from planrag.manifests import load_manifest
from planrag.schema import Schema
from planrag.settings import Settings
from planrag.utf8 import read_text_file

__all__ = ["ConnectRequest", "Connected", "connect", "disconnect", "update"]

_ID = re.compile(r"[a-z][a-z0-9-]{0,40}")  # whole: see _check_id


@dataclass(frozen=True)
class ConnectRequest:
    id: str
    databases: Sequence[tuple[str, str]] = ()
    """(kind, value) for each database: `--mysql URL` is ("mysql", URL)."""
    database_names: Mapping[str, str] = field(default_factory=dict)
    """Database names given apart from the URL, by kind (`--neo4j-database`)."""
    schema_names: Mapping[str, str] = field(default_factory=dict)
    """The schemas to read, comma-separated, by kind (`--postgres-schemas public,sales`)."""
    title: str | None = None
    rules: Path | None = None
    simulator: str | None = None
    allow_write_privileges: bool = False


@dataclass
class Connected:
    """What was found, for the report `planrag connect` prints."""

    dataset: Dataset
    folder: Path
    databases: list[tuple[Location, Schema, AccountCheck]] = field(default_factory=list)
    simulator_note: str = ""


Echo = Callable[[str], None]


async def connect(settings: Settings, request: ConnectRequest, echo: Echo) -> Connected:
    """Check everything, then write the dataset (see the module docstring)."""
    from planrag.runtime import registry

    _check_id(settings, request, registry(settings))
    entries = _entries(request)
    if not entries:
        options = [f"{k.connect_option} {k.connect_metavar}" for k in all_kinds()]
        raise DatasetError(
            f"name at least one database: {', '.join(options[:-1])} or {options[-1]}"
        )
    datasets_dir = settings.live_datasets_dir
    datasets_dir.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{request.id}.", dir=datasets_dir))
    try:
        connected = await _stage(settings, request, entries, staging, echo)
        final = datasets_dir / request.id
        if final.exists():
            raise DatasetError(f"{final} appeared meanwhile; choose another id")
        staging.rename(final)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    connected.folder = final
    connected.dataset = load_manifest(final / MANIFEST)
    return connected


async def update(settings: Settings, request: ConnectRequest, echo: Echo) -> Connected:
    """Change a connected dataset (see the module docstring): checked as a new one is, then
    moved into place of the old folder."""
    from planrag.runtime import registry

    folder = _connected_folder(settings, request.id, registry(settings))
    manifest = folder / MANIFEST
    try:
        raw = tomllib.loads(read_text_file(manifest, "manifest"))
    except tomllib.TOMLDecodeError as exc:
        raise DatasetError(f"{manifest}: not valid TOML ({exc}); fix it, or disconnect the "
                           "dataset and connect it again") from None
    databases = raw.get("databases", [])
    if not isinstance(databases, list) or not all(isinstance(d, dict) for d in databases):
        raise DatasetError(f"{manifest}: `databases` must be [[databases]] tables; fix it")
    if raw.get("id") != request.id:
        raise DatasetError(f"{manifest} declares the id {raw.get('id')!r}, not {request.id}; "
                           "name that id, or correct the manifest")
    entries = _entries(request)
    staging = Path(tempfile.mkdtemp(prefix=f".{request.id}.", dir=folder.parent))
    try:
        shutil.copytree(folder, staging, symlinks=True, dirs_exist_ok=True)  # secrets too
        try:
            connected = await _restage(settings, request, raw, entries, staging, echo)
        except DatasetError as exc:  # said of the copy: say it of the dataset's folder
            said = str(exc).replace(str(staging), str(folder))
            if isinstance(exc, AccountRefused):  # a refusal stays one (exit 2, its advice)
                raise AccountRefused(said, exc.advice) from None
            raise DatasetError(said) from None
        _swap(folder, staging)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    connected.folder = folder
    connected.dataset = load_manifest(folder / MANIFEST)
    return connected


def disconnect(settings: Settings, dataset_id: str) -> tuple[Path, bool]:
    """Remove a connected dataset's folder, its `secrets.env` included: the folder, and
    whether it held secrets."""
    from planrag.runtime import registry

    folder = _connected_folder(settings, dataset_id, registry(settings))
    had_secrets = (folder / SECRETS).exists()
    if folder.is_symlink():  # the link is the dataset here; what it points at is not ours
        folder.unlink()
    else:
        shutil.rmtree(folder)
    return folder, had_secrets


def _connected_folder(settings: Settings, dataset_id: str, known: Registry) -> Path:
    """The folder `planrag connect` made for `dataset_id`; one line when there is none."""
    _check_id_form(dataset_id)
    live_dir = settings.live_datasets_dir
    folder = live_dir / dataset_id
    if folder.is_dir() or folder.is_symlink():
        return folder
    for ds in known:  # a folder named otherwise, holding this id's manifest
        if ds.id == dataset_id and ds.root.parent.resolve() == live_dir.resolve():
            return ds.root
    if dataset_id in known.ids() or dataset_id in known.problems:
        raise DatasetError(
            f"dataset {dataset_id} is shipped with PlanRAG (PLANRAG_FIXTURES_DIR), not "
            "connected: only datasets `planrag connect` made can be changed or disconnected"
        )
    raise DatasetError(f"no connected dataset {dataset_id} in {live_dir}; `planrag datasets` "
                       "lists the datasets")


def _check_id_form(dataset_id: str) -> None:
    if not _ID.fullmatch(dataset_id):  # `match` would admit a trailing newline
        raise DatasetError(
            f"dataset id {dataset_id!r}: use lowercase letters, digits and dashes, starting "
            "with a letter (e.g. sales-eu)"
        )


def _swap(folder: Path, staging: Path) -> None:
    """Put `staging` where `folder` is; the old folder goes only once the new one is there."""
    old = staging.with_name(f"{staging.name}.old")
    folder.rename(old)
    try:
        staging.rename(folder)
    except BaseException:
        old.rename(folder)
        raise
    if old.is_symlink():
        old.unlink()
    else:
        shutil.rmtree(old, ignore_errors=True)


def _check_id(settings: Settings, request: ConnectRequest, known: Registry) -> None:
    _check_id_form(request.id)
    ids = set(known.ids()) | set(known.problems)
    folder = settings.live_datasets_dir / request.id
    if folder.exists():
        raise DatasetError(
            f"dataset {request.id} exists already; change it with `planrag connect "
            f"{request.id} --update ...`, or remove it with `planrag disconnect {request.id}`"
        )
    if request.id in ids:
        raise DatasetError(f"dataset {request.id} exists already; choose another id")


def _entries(request: ConnectRequest) -> list[tuple[str, list[str]]]:
    """(kind, values) for each database named, at most one of each kind (several values
    only for a kind that takes them: `--files A B`)."""
    entries: list[tuple[str, list[str]]] = []
    for name, value in request.databases:
        same = next((values for k, values in entries if k == name), None)
        if same is not None and get_kind(name).connect_many:
            same.append(value)
        else:
            entries.append((name, [value]))
    for name in {k for k, _ in entries}:
        if sum(1 for k, _ in entries if k == name) > 1:
            raise DatasetError(
                f"{get_kind(name).connect_option} is given twice; a dataset has one database "
                "of each kind (connect a second dataset for the other)"
            )
    for name in request.database_names:
        kind = get_kind(name)
        if name not in {k for k, _ in entries}:
            raise DatasetError(
                f"{kind.connect_database_option} goes with {kind.connect_option} "
                f"{kind.connect_metavar}"
            )
    for name in request.schema_names:
        kind = get_kind(name)
        if name not in {k for k, _ in entries}:
            raise DatasetError(
                f"{kind.connect_schemas_option} goes with {kind.connect_option} "
                f"{kind.connect_metavar}"
            )
    return entries


async def _stage(
    settings: Settings,
    request: ConnectRequest,
    entries: list[tuple[str, list[str]]],
    staging: Path,
    echo: Echo,
) -> Connected:
    secrets: dict[str, str] = {}
    databases: list[LiveDatabase] = []
    for kind_name, values in entries:
        databases.append(_live_entry(request, kind_name, values, secrets))
    if secrets:
        write_secrets(staging / SECRETS, secrets)
    rules_name = _copy_rules(request.rules, staging)
    simulator = _simulator_ref(request.simulator)
    dataset = Dataset(
        id=request.id,
        title=request.title or f"{request.id} (live)",
        description="",
        rules="",
        questions=(),
        root=staging,
        simulator=simulator,
        databases=tuple(databases),
    )
    checked = checked_registry(Registry([dataset]))
    if request.id in checked.problems:
        raise DatasetError(checked.problems[request.id])
    dataset = checked.get(request.id)
    connected = Connected(dataset, staging)
    write = await _check_databases(settings, dataset, connected, request.allow_write_privileges,
                                   echo)
    connected.simulator_note = await _try_simulator(settings, dataset)
    _write_manifest(staging, _new_manifest(request, dataset, rules_name), write)
    connected.dataset = replace(dataset, write_privileges=write)
    return connected


async def _restage(
    settings: Settings,
    request: ConnectRequest,
    raw: dict[str, Any],
    entries: list[tuple[str, list[str]]],
    staging: Path,
    echo: Echo,
) -> Connected:
    """`raw`, the manifest read, changed as `request` says, written to `staging` (a copy of
    the dataset's folder) once every database answers and every account is checked."""
    if request.title is not None:
        raw["title"] = request.title
    rules_name = _copy_rules(request.rules, staging)
    if rules_name is not None:
        raw.pop("rules", None)
        raw["rules_file"] = rules_name
    if request.simulator is not None:
        raw["simulator"] = _simulator_ref(request.simulator)
    if entries:
        secrets: dict[str, str] = {}
        given = {kind: _live_entry(request, kind, values, secrets) for kind, values in entries}
        written = raw.get("databases", [])
        kept = [db for db in written if _kind_name(db) not in given]
        # A new URL keeps the accounts per person of the one it replaces: dropping them
        # would let everyone read as the main account; they are checked again below.
        before = {_kind_name(db): db for db in written}
        raw["databases"] = kept + [_entry_table(db, before.get(kind))
                                   for kind, db in given.items()]
        if secrets:
            write_secrets(staging / SECRETS, {**read_secrets(staging / SECRETS), **secrets})
    given_kinds = {kind for kind, _ in entries}
    raw["databases"] = [  # files: their folders searched again, new files read
        db if _kind_name(db) in given_kinds or _kind_name(db) is None
        else get_kind(str(_kind_name(db))).refreshed(db, f"{staging / MANIFEST}")
        for db in raw.get("databases", [])]
    accepted = raw.get("write_privileges") is True  # accepted so when it was connected
    _write_manifest(staging, raw, accepted, changed=True)
    dataset = load_manifest(staging / MANIFEST)  # what was changed reads back
    checked = checked_registry(Registry([dataset]))
    if request.id in checked.problems:
        raise DatasetError(checked.problems[request.id])
    dataset = checked.get(request.id)
    connected = Connected(dataset, staging)
    write = await _check_databases(
        settings, dataset, connected, request.allow_write_privileges or accepted, echo)
    connected.simulator_note = await _try_simulator(settings, dataset)
    _write_manifest(staging, raw, write, changed=True)
    connected.dataset = replace(dataset, write_privileges=write)
    return connected


def _kind_name(entry: dict[str, Any]) -> str | None:
    """The kind a `[[databases]]` table names, by its canonical name (None: unknown)."""
    kind = kind_of(str(entry.get("kind", "")))
    return kind.name if kind is not None else None


async def _check_databases(
    settings: Settings, dataset: Dataset, connected: Connected, allow_write: bool, echo: Echo
) -> bool:
    """Connect to each database, read its schema and check its account (into `connected`);
    an account that may write is refused unless `allow_write`. True when one may write."""
    refusals: list[str] = []
    advice: list[str] = []
    for db in dataset.databases:
        kind = get_kind(db.kind)
        # The main account, then each person's or group's (`[[databases.accounts]]`): every
        # one of them must connect and may only read.
        for location in (kind.live_location(dataset, db),
                         *account_locations(kind, dataset, db)):
            echo(f"connecting to {kind.describe(location)} ...")
            try:
                async with open_location(settings, location) as source:
                    schema = await source.schema()
                check = await kind.check_account(settings, location)
            except PlanRAGError as exc:
                if location.account and location.account not in str(exc):
                    # The server's words name the login; say whose account it is.
                    exc.args = (f"the account of {location.account}: {exc}", *exc.args[1:])
                raise
            connected.databases.append((location, schema, check))
            if not check.read_only:
                refusals.append(f"{', '.join(check.findings)} ({kind.describe(location)})")
                advice.append(check.advice)
    if refusals and not allow_write:
        raise AccountRefused(
            f"the account{'s' if len(refusals) > 1 else ''} can do more than read the data: "
            + "; ".join(refusals)
            + ". Connect with a read-only account instead, made like this (or pass "
            "--allow-write-privileges to accept this one; the dataset is then marked so):",
            advice="\n".join(dict.fromkeys(a for a in advice if a)),
        )
    return bool(refusals)


def _live_entry(
    request: ConnectRequest, kind_name: str, values: list[str], secrets: dict[str, str]
) -> LiveDatabase:
    """The kind's manifest entry, with a password written in its URL moved to `secrets`."""
    listed = request.schema_names.get(kind_name)
    schemas = None if listed is None else [s.strip() for s in listed.split(",")]
    entry = get_kind(kind_name).live_entry_of(values, request.database_names.get(kind_name),
                                              schemas)
    if entry.url is None:
        return entry
    parts = split_url(entry.url, entry.where)
    if not has_clear_password(parts):
        return entry
    name = f"PLANRAG_{request.id.upper().replace('-', '_')}_{kind_name.upper()}_PASSWORD"
    secrets[name] = unquote(parts.password or "")
    return replace(entry, url=reference_url(parts, name))


def _copy_rules(rules: Path | None, staging: Path) -> str | None:
    if rules is None:
        return None
    text = read_text_file(rules, "the --rules file")
    if not text.strip():
        raise DatasetError(f"--rules {rules}: the file is empty")
    (staging / "rules.md").write_text(text.strip() + "\n", encoding="utf-8")
    return "rules.md"


def _simulator_ref(ref: str | None) -> str | None:
    """The simulator as the manifest will name it (a file given relative to the current
    folder becomes absolute), checked now."""
    from planrag.simulators.registry import resolve

    if ref is None:
        return None
    if ref != ref.strip() or any(c < " " or c == "\x7f" for c in ref):
        raise DatasetError("--simulator: the reference holds control characters or spaces at "
                           "its ends; write package.module:ClassName or file.py:ClassName")
    module, sep, attr = ref.partition(":")
    if sep and module.endswith(".py"):
        ref = f"{Path(module).expanduser().resolve()}:{attr}"
    try:
        resolve(ref, Path.cwd())
    except SimulatorError as exc:
        raise DatasetError(f"--simulator: {exc}") from None
    return ref


async def _try_simulator(settings: Settings, dataset: Dataset) -> str:
    """Whether the simulator can read its tables from the live data (a note, not a refusal:
    the data may be filled later)."""
    if not dataset.simulator:
        return ""
    from planrag.simulators.registry import resolve
    from planrag.simulators.state import state_from_source

    sim = resolve(dataset.simulator, dataset.root)
    for db in dataset.databases:
        kind = get_kind(db.kind)
        location = kind.live_location(dataset, db)
        try:
            async with open_location(settings, location) as source:
                await state_from_source(  # the tables a question's parameters do not choose
                    [t for t in sim.tables if not t.parameters(source.language)], source,
                    forms=sim.read_forms(), reader=sim.name)
        except PlanRAGError as exc:
            return f"the {sim.name} simulator cannot read its data from {db.kind} yet: {exc}"
        return f"the {sim.name} simulator reads its tables from {kind.describe(location)}"
    return ""


def _new_manifest(request: ConnectRequest, dataset: Dataset, rules: str | None) -> dict[str, Any]:
    """The manifest of a newly connected dataset, as TOML's data."""
    raw: dict[str, Any] = {"id": dataset.id, "title": dataset.title}
    if rules:
        raw["rules_file"] = rules
    if dataset.simulator:
        raw["simulator"] = dataset.simulator
    raw["databases"] = [_entry_table(db) for db in dataset.databases]
    return raw


def _entry_table(db: LiveDatabase, before: dict[str, Any] | None = None) -> dict[str, Any]:
    """A `[[databases]]` table for `db`, with the accounts per person (and whether the main
    account serves everyone else) of the table it replaces, `before`, and its schemas when
    `db` names none."""
    table: dict[str, Any] = {"kind": db.kind}
    if db.url is not None:
        table["url"] = db.url
    if db.database is not None:
        table["database"] = db.database
    if db.path is not None:
        table["path"] = str(db.path)
    if db.schemas is not None:
        table["schemas"] = list(db.schemas)
    if db.paths is not None:
        table["paths"] = [str(p) for p in db.paths]
    if db.files is not None:
        table["files"] = [str(p) for p in db.files]
    for key in ("schemas", "main_for_everyone", "accounts", "date_order"):
        if before is not None and key in before and key not in table:
            table[key] = before[key]
    return table


def _toml(value: object) -> str:
    """A TOML value: a basic string (JSON's string escapes are TOML's), a boolean, a number
    (the only types a manifest holds outside its tables), or an array of them (`required`)."""
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    return json.dumps(str(value), ensure_ascii=False)


def _toml_key(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else _toml(key)


def _write_manifest(folder: Path, raw: dict[str, Any], write: bool, *,
                    changed: bool = False) -> None:
    """Write `raw` (a manifest's keys, tables and `[[databases]]`) as `folder`'s manifest,
    with `write_privileges` set to `write`, and check that it reads back."""
    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    how = f"Changed by `planrag connect --update` on {when}" if changed else (
        f"Connected by `planrag connect` on {when}")
    lines = [f"# {how}. Passwords are in secrets.env, never here."]
    tables: list[tuple[str, dict[str, Any]]] = []
    for key, value in {**raw, "write_privileges": write}.items():
        if key in ("databases", "decisions"):
            continue
        if isinstance(value, dict):
            tables.append((key, value))
            continue
        if key == "write_privileges" and write:
            lines.append("# The account may do more than read: accepted with "
                         "--allow-write-privileges.")
        lines.append(f"{_toml_key(key)} = {_toml(value)}")
    for key, table in tables:
        lines += ["", f"[{_toml_key(key)}]"]
        lines += [f"{_toml_key(k)} = {_toml(v)}" for k, v in table.items()]
    for entry in raw.get("databases", []):
        lines += ["", "[[databases]]"]
        lines += [f"{_toml_key(k)} = {_toml(v)}" for k, v in entry.items() if k != "accounts"]
        accounts = entry.get("accounts", [])
        if not isinstance(accounts, list) or not all(isinstance(a, dict) for a in accounts):
            raise DatasetError(f"{folder / MANIFEST}: `accounts` must be "
                               "[[databases.accounts]] tables; fix it there")
        for account in accounts:
            lines += ["", "[[databases.accounts]]"]
            lines += [f"{_toml_key(k)} = {_toml(v)}" for k, v in account.items()]
    for decision in raw.get("decisions", []):  # kept as written, a broken one too
        lines += ["", entry_toml(decision).rstrip("\n")]
    (folder / MANIFEST).write_text("\n".join(lines) + "\n", encoding="utf-8")
    load_manifest(folder / MANIFEST)  # what was written reads back
