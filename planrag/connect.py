"""`planrag connect`: register a team's own database as a dataset, after checking it.

    planrag connect ID (--mysql URL | --neo4j URI [--neo4j-database NAME] | --sqlite FILE)...
                    [--title T] [--rules FILE] [--simulator REF] [--allow-write-privileges]

What it does, in order, with nothing written unless every step passes:

1. checks the id (new, well formed) and each URL (scheme, host, database);
2. moves a password written in a URL to `ID/secrets.env` (mode 0600) and refers to it as
   `${PLANRAG_<ID>_<KIND>_PASSWORD}`: the manifest never holds it;
3. connects to each database and reads its schema (unreachable server, bad credentials or an
   unknown database stop here: one line, exit 1);
4. checks what the account may do (`SHOW GRANTS`; Neo4j's roles; ArcadeDB by a test write
   that changes nothing); an account that can do more than read is refused (exit 2) with
   the statements that make a read-only one, unless `--allow-write-privileges` is given;
5. writes `ID/dataset.toml` (and `rules.md`, `secrets.env`) under PLANRAG_DATASETS_DIR.

Everything is first written to a hidden folder beside the final one and moved into place at
the end, so a failure leaves nothing behind.
"""

from __future__ import annotations

import json
import re
import shutil
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import unquote

from planrag.datasets import MANIFEST, SECRETS, Dataset, LiveDatabase, Registry, load_manifest
from planrag.errors import AccountRefused, DatasetError, PlanRAGError, SimulatorError
from planrag.locations import AccountCheck, Location, checked_registry, get_kind, open_location
from planrag.locations._env import has_clear_password, reference_url, split_url, write_secrets
from planrag.schema import Schema
from planrag.settings import Settings
from planrag.utf8 import read_text_file

__all__ = ["ConnectRequest", "Connected", "connect"]

_ID = re.compile(r"[a-z][a-z0-9-]{0,40}")  # whole: see _check_id


@dataclass(frozen=True)
class ConnectRequest:
    id: str
    databases: Sequence[tuple[str, str]] = ()
    """(kind, value) for each database: `--mysql URL` is ("mysql", URL)."""
    database_names: Mapping[str, str] = field(default_factory=dict)
    """Database names given apart from the URL, by kind (`--neo4j-database`)."""
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
        raise DatasetError(
            "name at least one database: --mysql URL, --neo4j URI or --sqlite FILE"
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


def _check_id(settings: Settings, request: ConnectRequest, known: Registry) -> None:
    if not _ID.fullmatch(request.id):  # `match` would admit a trailing newline
        raise DatasetError(
            f"dataset id {request.id!r}: use lowercase letters, digits and dashes, starting "
            "with a letter (e.g. sales-eu)"
        )
    ids = set(known.ids()) | set(known.problems)
    folder = settings.live_datasets_dir / request.id
    if request.id in ids or folder.exists():
        raise DatasetError(
            f"dataset {request.id} exists already; choose another id (or remove {folder} "
            "to connect it again)"
        )


def _entries(request: ConnectRequest) -> list[tuple[str, str]]:
    """(kind, value) for each database named, at most one of each kind."""
    entries = list(request.databases)
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
    return entries


async def _stage(
    settings: Settings,
    request: ConnectRequest,
    entries: list[tuple[str, str]],
    staging: Path,
    echo: Echo,
) -> Connected:
    secrets: dict[str, str] = {}
    databases: list[LiveDatabase] = []
    for kind_name, value in entries:
        databases.append(_live_entry(request, kind_name, value, secrets))
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
    refusals: list[str] = []
    advice: list[str] = []
    for db in dataset.databases:
        kind = get_kind(db.kind)
        location = kind.live_location(dataset, db)
        echo(f"connecting to {kind.describe(location)} ...")
        async with open_location(settings, location) as source:
            schema = await source.schema()
        check = await kind.check_account(settings, location)
        connected.databases.append((location, schema, check))
        if not check.read_only:
            refusals.append(f"{', '.join(check.findings)} ({kind.describe(location)})")
            advice.append(check.advice)
    if refusals and not request.allow_write_privileges:
        raise AccountRefused(
            "the account can do more than read the data: " + "; ".join(refusals)
            + ". Connect with a read-only account instead, made like this (or pass "
            "--allow-write-privileges to accept this one; the dataset is then marked so):",
            advice="\n".join(a for a in advice if a),
        )
    write = bool(refusals)
    connected.simulator_note = await _try_simulator(settings, dataset)
    _write_manifest(staging, request, dataset, rules_name, write)
    connected.dataset = replace(dataset, write_privileges=write)
    return connected


def _live_entry(
    request: ConnectRequest, kind_name: str, value: str, secrets: dict[str, str]
) -> LiveDatabase:
    """The kind's manifest entry, with a password written in its URL moved to `secrets`."""
    entry = get_kind(kind_name).live_entry(value, request.database_names.get(kind_name))
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
                await state_from_source(sim.tables, source)
        except PlanRAGError as exc:
            return f"the {sim.name} simulator cannot read its data from {db.kind} yet: {exc}"
        return f"the {sim.name} simulator reads its tables from {kind.describe(location)}"
    return ""


def _toml(value: str) -> str:
    """A TOML basic string (JSON's string escapes are TOML's)."""
    return json.dumps(value, ensure_ascii=False)


def _write_manifest(
    folder: Path, request: ConnectRequest, dataset: Dataset, rules: str | None, write: bool
) -> None:
    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    lines = [
        f"# Connected by `planrag connect` on {when}. Passwords are in secrets.env, never here.",
        f"id = {_toml(dataset.id)}",
        f"title = {_toml(dataset.title)}",
    ]
    if rules:
        lines.append(f"rules_file = {_toml(rules)}")
    if dataset.simulator:
        lines.append(f"simulator = {_toml(dataset.simulator)}")
    if write:
        lines.append("# The account may do more than read: accepted with --allow-write-privileges.")
    lines.append(f"write_privileges = {'true' if write else 'false'}")
    for db in dataset.databases:
        lines += ["", "[[databases]]", f"kind = {_toml(db.kind)}"]
        if db.url is not None:
            lines.append(f"url = {_toml(db.url)}")
        if db.database is not None:
            lines.append(f"database = {_toml(db.database)}")
        if db.path is not None:
            lines.append(f"path = {_toml(str(db.path))}")
    (folder / MANIFEST).write_text("\n".join(lines) + "\n", encoding="utf-8")
    load_manifest(folder / MANIFEST)  # what was written reads back
