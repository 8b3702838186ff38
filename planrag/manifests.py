"""Reading datasets (`planrag.datasets`) from `dataset.toml` manifests.

A dataset has an id, a title, business rules, optional sample questions, an optional
simulator, and the databases it is asked over. Those come in two ways (ARCHITECTURE.md,
"Where data lives"):

* **dumps** shipped with it: a relational form (a MySQL-dialect `.sql` dump) and a graph form
  (a `.cql` file of Cypher `CREATE` statements), named by its questions and loaded as copies
  (`planrag load`); DQA ships one per game state, each loaded as its own database;
* **live databases** a team already runs (`[[databases]]`, written by `planrag connect`): a
  MySQL/MariaDB URL with its database, a PostgreSQL URL with its database (and the schemas
  to read), a Neo4j URI with a database name, or a SQLite file.

Manifest keys (TOML, in any folder under the fixtures directory, or `ID/dataset.toml` under
the datasets directory):

    id = "demo-retail"             # lowercase letters, digits and dashes
    title = "..."                  # one line for lists
    description = "..."            # optional
    questions = "questions.jsonl"  # optional for live datasets: one JSON object a line
    rules_file = "rules.md"        # optional; or the text itself in `rules`; else the
                                   # questions' `business_rules` text
    simulator = "dqa-locating"     # optional; a registered name, pkg.module:Class or
                                   # file.py:Class beside this manifest
    write_privileges = false       # set by `planrag connect --allow-write-privileges`
    required = ["orders.qty", "stores"]  # optional; what a decision needs: a plan must read
                                   # each (`table` or `table.column`, labels in a graph;
                                   # `sales.orders.qty` outside PostgreSQL's first schema);
                                   # their tables come first, in full, in the first prompt
    [rename_columns]               # optional; known column-name quirks of the dumps
    has_has_merchant = "has_merchant"
    [column_names]                 # optional; how people read columns in result tables
    capacity_kg_per_week = "Capacity (kg/week)"
    [value_names]                  # optional; what people call values stored as codes: a
    country_name = "countries.csv" # CSV file of `value,name` rows per column (a value may
                                   # have several names), e.g. SWE,Sweden
    [[databases]]                  # live databases, one table each
    kind = "mysql"                 # a kind (`planrag.locations.kinds`): mysql, postgres,
                                   # graph (Neo4j/Bolt) or sqlite
    url = "mysql://reader:${SHOP_DB_PASSWORD}@db.internal:3306/shop"
    database = "shop"              # graph: the database name (mysql, postgres: in the URL)
    path = "shop.sqlite"           # sqlite: the file (relative to the manifest)
    schemas = ["public", "sales"]  # postgres: the schemas to read, the search path's order
                                   # (default: public)
    paths = ["exports/"]           # files: the files and folders given to `connect --files`
    files = ["exports/orders.csv"] # files: the data files found there, one table each (or
                                   # one per sheet); `connect ID --update` searches again
    date_order = "dmy"             # files: dates that read either way: "dmy" or "mdy"
    main_for_everyone = false      # with accounts: people with none of their own read as
                                   # `url` (default: they cannot ask)
    [[databases.accounts]]         # optional, on a server with logins (mysql, postgres,
    group = "ward-managers"        # graph): one person's or group's own account on the
                                   # same database (or: user = "alice")
    url = "mysql://wm_ro:${WM_RO_PASSWORD}@db.internal:3306/shop"

`${NAME}` in a URL is read from the environment, `.env` or the dataset's `secrets.env`; a
password is never written in clear in a manifest. Any other key, a value of another type, or
a file that is not UTF-8 text sets the dataset aside with a one-line problem naming the file
(`Registry.problems`); the other datasets are not affected. A `required` entry that is no
name, or that the database does not have, is that entry's problem alone
(`Dataset.required_problems`, and `planrag datasets` reading the schema): the dataset is used
without it.
"""

from __future__ import annotations

import csv
import json
import re
import tomllib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from planrag.datasets import (
    DATASET_ID,
    DUMP_STEM,
    MANIFEST,
    QUESTION_ID,
    DatabaseAccount,
    Dataset,
    Dump,
    Form,
    LiveDatabase,
    Question,
    Registry,
)
from planrag.decisions.spec import parse_decisions
from planrag.errors import DatasetError
from planrag.locations import kind_of, target_names
from planrag.utf8 import lone_surrogate, read_text_file

__all__ = [
    "dataset_from_questions",
    "dataset_from_records",
    "discover",
    "load_manifest",
    "manifest_paths",
]


def discover(fixtures_dir: Path, *more_dirs: Path) -> Registry:
    """Every `dataset.toml` under `fixtures_dir` (any depth) and directly in the folders of
    `more_dirs` (`DIR/ID/dataset.toml`; missing folders are skipped). A manifest that cannot
    be read is kept as a problem of the registry instead of failing the others."""
    if not fixtures_dir.is_dir():
        raise DatasetError(
            f"fixtures directory {fixtures_dir} does not exist; set PLANRAG_FIXTURES_DIR"
        )
    manifests = manifest_paths(fixtures_dir, *more_dirs)
    datasets: list[Dataset] = []
    problems: dict[str, str] = {}
    for manifest in manifests:
        try:
            datasets.append(load_manifest(manifest))
        except DatasetError as exc:
            problem = str(exc)
        except Exception as exc:  # whatever else its files hold: still this dataset's alone
            said = " ".join(str(exc).split())
            problem = (f"{manifest}: cannot be read ({type(exc).__name__}: {said}); fix the "
                       "manifest or the files it names")
        else:
            continue
        key = _declared_id(manifest)
        problems[key] = f"{problems[key]}; and {problem}" if key in problems else problem
    return Registry(datasets, problems)


def manifest_paths(fixtures_dir: Path, *more_dirs: Path) -> list[Path]:
    """The manifests `discover` reads, in order."""
    found = sorted(fixtures_dir.rglob(MANIFEST))
    for extra in more_dirs:
        if extra.is_dir():  # hidden folders are `planrag connect`'s work in progress
            found += sorted(m for m in extra.glob(f"*/{MANIFEST}")
                            if not m.parent.name.startswith("."))
    return found


def _declared_id(manifest: Path) -> str:
    """The id a broken manifest declares, when that much can be read; else its folder."""
    try:  # bytes that are not UTF-8 elsewhere in the file need not hide its id
        raw = tomllib.loads(manifest.read_bytes().decode("utf-8", "replace"))
        value = raw.get("id")
        if isinstance(value, str) and DATASET_ID.fullmatch(value):
            return value
    except (OSError, ValueError):  # TOMLDecodeError is a ValueError
        pass
    return manifest.parent.name


_KEYS: dict[str, tuple[type, str]] = {
    "id": (str, "a string"),
    "title": (str, "a string"),
    "description": (str, "a string"),
    "questions": (str, "a string (the questions file)"),
    "rules": (str, "a string"),
    "rules_file": (str, "a string (the rules file)"),
    "simulator": (str, "a string"),
    "write_privileges": (bool, "true or false"),
    "rename_columns": (dict, "a table ([rename_columns])"),
    "column_names": (dict, "a table ([column_names])"),
    "value_names": (dict, "a table ([value_names])"),
    "databases": (list, "[[databases]] tables"),
    "decisions": (list, "[[decisions]] tables"),
    "required": (list, 'an array of names, e.g. ["orders.qty", "stores"]'),
}
"""Every key a manifest may have, with the TOML type it must be."""
_REQUIRED_STR = frozenset({"id", "title", "questions"})
"""The keys `_require_str` reads (their type is checked there)."""


def load_manifest(path: Path) -> Dataset:
    text = read_text_file(path, "manifest")
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DatasetError(f"{path}: not valid TOML: {exc}; fix it there") from None
    _check_keys(raw, path)
    root = path.parent
    ds_id = _require_str(raw, "id", path)
    if not DATASET_ID.fullmatch(ds_id):
        raise DatasetError(f"{path}: id {ds_id!r} must be lowercase letters, digits and dashes")
    title = _require_str(raw, "title", path)
    databases = _databases(raw, root, path)
    lines: list[tuple[int, Any]] = []
    questions: tuple[Question, ...] = ()
    if "questions" in raw or not databases:
        questions_file = _beside(root, _require_str(raw, "questions", path), path, "questions")
        lines = _read_jsonl(questions_file)
        questions = tuple(
            _question(ds_id, root, obj, f"{questions_file}:{n}", need_dump=not databases)
            for n, obj in lines
        )
        if not questions and not databases:
            raise DatasetError(f"{questions_file}: a dataset needs at least one question")
    renames = raw.get("rename_columns", {})
    if not isinstance(renames, dict) or not all(isinstance(v, str) for v in renames.values()):
        raise DatasetError(f"{path}: [rename_columns] must map old names to new names")
    simulator = raw.get("simulator")
    if simulator is not None and (not isinstance(simulator, str) or not simulator.strip()):
        raise DatasetError(f"{path}: `simulator` must be a name or a module:Class reference")
    shown = raw.get("column_names", {})
    if not isinstance(shown, dict) or not all(
        isinstance(k, str) and isinstance(v, str) and v.strip() for k, v in shown.items()
    ):
        raise DatasetError(f"{path}: [column_names] must map column names to display names")
    write = raw.get("write_privileges", False)
    if not isinstance(write, bool):
        raise DatasetError(f"{path}: `write_privileges` must be true or false")
    decisions, decision_problems = parse_decisions(raw.get("decisions"), str(path),
                                                   _decision_dialects(databases))
    required, required_problems = _required(raw.get("required", []), path)
    return Dataset(
        id=ds_id,
        title=title,
        description=str(raw.get("description", "")),
        rules=_rules(raw, root, path, lines, required=not databases),
        questions=questions,
        root=root,
        simulator=simulator,
        rename_columns=dict(renames),
        databases=databases,
        write_privileges=write,
        column_names={k: v.strip() for k, v in shown.items()},
        value_names=_value_names(raw.get("value_names", {}), root, path),
        decisions=decisions,
        decision_problems=decision_problems,
        required=required,
        required_problems=required_problems,
    )


def _decision_dialects(databases: Sequence[Any]) -> tuple[str, ...]:
    """The dialects a decision naming no target runs in: the first database's (where a
    question goes), else a dump's (MySQL/MariaDB or SQLite, as PLANRAG_RELATIONAL says)."""
    kind = kind_of(databases[0].kind) if databases else None
    if kind is None or kind.language != "sql":
        return ("mysql", "sqlite") if not databases else ()
    return (kind.dialect,)


_REQUIRED_NAME = re.compile(r"[^\s.`'\"]{1,128}(?:\.[^\s.`'\"]{1,128}){0,2}")
"""`table`, `table.column`, or on PostgreSQL `schema.table` and `schema.table.column`: which
of the two-part ones an entry is, only the database's schema can say
(`planrag.engine.plan_check.read_required`)."""
MAX_REQUIRED = 50


def _required(entries: list[Any], path: Path) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """`required`: the names of tables (labels, relationship types), or `table.column`, each
    optionally under its PostgreSQL schema; and one line for each entry that cannot be one.
    A wrong entry is that entry's problem: the others still count, and so does the dataset."""
    out: list[str] = []
    problems: list[str] = []
    if len(entries) > MAX_REQUIRED:
        problems.append(f"{path}: `required` lists {len(entries)} names; only the first "
                        f"{MAX_REQUIRED} count: keep the quantities a decision cannot do "
                        "without")
    for n, entry in enumerate(entries[:MAX_REQUIRED], start=1):
        if not isinstance(entry, str):
            problems.append(f"{path}: `required` #{n} must be a string (a table or "
                            f"table.column name), not {_toml_type(entry)}; it is left out")
            continue
        name = entry.strip()
        if not _REQUIRED_NAME.fullmatch(name) or not name.isprintable():
            shown = name if len(name) <= 60 else name[:57] + "..."
            problems.append(f"{path}: `required` #{n} {shown!r} is not a table or "
                            "table.column name (schema.table.column on PostgreSQL); write "
                            "e.g. required = [\"orders.qty\", \"stores\"]; it is left out")
            continue
        if name.casefold() not in {o.casefold() for o in out}:
            out.append(name)
    return tuple(out), tuple(problems)


_DATABASE_KEYS = frozenset({"kind", "url", "database", "path", "date_order"})
_TABLE_KEYS = frozenset({"accounts", "main_for_everyone", "schemas", "paths", "files"})
"""A `[[databases]]` entry's keys that are not strings."""
_ACCOUNT_KEYS = frozenset({"user", "group", "url"})


def _databases(raw: dict[str, Any], root: Path, path: Path) -> tuple[LiveDatabase, ...]:
    entries = raw.get("databases", [])
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise DatasetError(f"{path}: `databases` must be [[databases]] tables")
    out = []
    for n, entry in enumerate(entries, start=1):
        where = f"{path}: [[databases]] #{n}"
        unknown = sorted(set(entry) - _DATABASE_KEYS - _TABLE_KEYS)
        if unknown:
            raise DatasetError(
                f"{where}: unknown key(s) {', '.join(unknown)}; "
                f"use {', '.join(sorted(_DATABASE_KEYS | _TABLE_KEYS))}"
            )
        everyone = entry.get("main_for_everyone", False)
        if not isinstance(everyone, bool):
            raise DatasetError(f"{where}: `main_for_everyone` must be true or false")
        values = {k: entry.get(k) for k in _DATABASE_KEYS}
        for key, value in values.items():
            if value is not None and (not isinstance(value, str) or not value.strip()):
                raise DatasetError(f"{where}: `{key}` must be a non-empty string")
        if not values["kind"]:
            raise DatasetError(f"{where}: missing `kind` ({_or(target_names())})")
        file = values["path"]
        out.append(
            LiveDatabase(
                kind=str(values["kind"]).strip().lower(),
                url=values["url"],
                database=values["database"],
                path=_beside(root, file, where, "path").resolve() if file else None,
                where=where,
                accounts=_accounts(entry.get("accounts", []), where),
                main_for_everyone=everyone,
                schemas=_schemas(entry.get("schemas"), where),
                paths=_files(entry.get("paths"), root, where, "paths"),
                files=_files(entry.get("files"), root, where, "files"),
                date_order=values["date_order"],
            )
        )
    return tuple(out)


_MAX_FILES = 500


def _files(value: object, root: Path, where: str, key: str) -> tuple[Path, ...] | None:
    """`files = ["orders.csv", ...]`: paths, relative to the manifest or absolute."""
    if value is None:
        return None
    if (not isinstance(value, list) or not value or len(value) > _MAX_FILES
            or not all(isinstance(v, str) and v.strip() for v in value)):
        raise DatasetError(f"{where}: `{key}` must be a list of 1 to {_MAX_FILES} file or "
                           f"folder paths, e.g. {key} = [\"data/orders.csv\"]")
    return tuple((root / Path(v).expanduser()).resolve() for v in value)


_MAX_SCHEMAS = 50
_NAME_BYTES = 63
"""PostgreSQL's longest name (NAMEDATALEN - 1), in bytes."""


def _schemas(value: object, where: str) -> tuple[str, ...] | None:
    """`schemas = ["public", "sales"]`: names as the database spells them, each once."""
    if value is None:
        return None
    example = 'e.g. schemas = ["public", "sales"]'
    if not isinstance(value, list) or not value:
        raise DatasetError(f"{where}: `schemas` must be a list of schema names, {example}")
    if len(value) > _MAX_SCHEMAS:
        raise DatasetError(f"{where}: `schemas` names {len(value)} schemas; at most "
                           f"{_MAX_SCHEMAS}")
    out: list[str] = []
    for n, name in enumerate(value, start=1):
        if (not isinstance(name, str) or not name or name != name.strip()
                or not name.isprintable() or len(name.encode("utf-8")) > _NAME_BYTES):
            raise DatasetError(f"{where}: `schemas` #{n} must be a schema's name (text on one "
                               f"line, 1 to {_NAME_BYTES} bytes, no spaces at its ends), "
                               f"{example}")
        if name in out:
            raise DatasetError(f"{where}: `schemas` names {name} twice; name each once")
        out.append(name)
    return tuple(out)


def _or(names: Sequence[str]) -> str:
    """"a, b or c"."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


def _accounts(entries: object, where: str) -> tuple[DatabaseAccount, ...]:
    """`[[databases.accounts]]`: each names one user or one group, and a URL; a user or
    group named twice would leave which account reads unclear, so it is refused."""
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise DatasetError(f"{where}: `accounts` must be [[databases.accounts]] tables")
    out: list[DatabaseAccount] = []
    for n, entry in enumerate(entries, start=1):
        at = f"{where} account #{n}"
        unknown = sorted(set(entry) - _ACCOUNT_KEYS)
        if unknown:
            raise DatasetError(f"{at}: unknown key(s) {', '.join(unknown)}; use user or "
                               "group, and url")
        for key in _ACCOUNT_KEYS:
            value = entry.get(key)
            if value is not None and (not isinstance(value, str) or not value.strip()
                                      or value != value.strip() or not value.isprintable()):
                raise DatasetError(f"{at}: `{key}` must be a non-empty string on one line, "
                                   "without spaces at its ends")
        user, group, url = entry.get("user"), entry.get("group"), entry.get("url")
        if (user is None) == (group is None):
            raise DatasetError(f"{at}: name either `user` (a person) or `group` (a group "
                               "they sign in with), not both or neither")
        if url is None:
            raise DatasetError(f"{at}: missing `url`, the account's URL on the same database")
        account = DatabaseAccount(url, user, group, at)
        twice = next((a for a in out if a.holder == account.holder), None)
        if twice is not None:
            raise DatasetError(f"{at}: {account.holder} has an account already ({twice.where}); "
                               "keep one")
        out.append(account)
    return tuple(out)


def dataset_from_questions(
    questions_file: Path,
    ds_id: str,
    *,
    title: str,
    simulator: str | None = None,
    rename_columns: dict[str, str] | None = None,
    keep: Callable[[dict[str, Any]], bool] = lambda _obj: True,
) -> Dataset:
    """A dataset made from a questions file alone (no manifest), e.g. a DQA folder given to
    `planrag eval`: dumps are relative to the file, the rules are the questions' own text,
    `keep` picks the questions."""
    lines = [(n, obj) for n, obj in _read_jsonl(questions_file) if keep(obj)]
    records = [(f"{questions_file}:{n}", obj) for n, obj in lines]
    return dataset_from_records(
        records, questions_file.parent, ds_id, title=title, simulator=simulator,
        rename_columns=rename_columns, source=questions_file,
    )


def dataset_from_records(
    records: Sequence[tuple[str, dict[str, Any]]],
    root: Path,
    ds_id: str,
    *,
    title: str,
    source: Path,
    simulator: str | None = None,
    rename_columns: dict[str, str] | None = None,
) -> Dataset:
    """A dataset made from question objects already read (each with a label saying where it
    came from, for errors), in the questions-file format: `sql` / `cypher` paths relative to
    `root` (or absolute). Readers of other layouts (the original DQA repository's) turn
    their files into such objects; `source` names what they read."""
    if not DATASET_ID.fullmatch(ds_id):
        raise DatasetError(f"dataset id {ds_id!r} must be lowercase letters, digits and dashes")
    questions = tuple(_question(ds_id, root, obj, where) for where, obj in records)
    if not questions:
        raise DatasetError(f"{source}: no matching questions")
    return Dataset(
        id=ds_id,
        title=title,
        description="",
        rules=_rules({}, root, source, list(enumerate(obj for _, obj in records))),
        questions=questions,
        root=root,
        simulator=simulator,
        rename_columns=dict(rename_columns or {}),
    )


def _require_str(raw: dict[str, Any], key: str, path: Path) -> str:
    value = raw.get(key)
    if value is not None and not isinstance(value, str):
        raise DatasetError(
            f"{path}: missing or empty `{key}`: give a string (in quotes), not "
            f"{_toml_type(value)}"
        )
    if not isinstance(value, str) or not value.strip():
        raise DatasetError(f"{path}: missing or empty `{key}`")
    return value


def _check_keys(raw: dict[str, Any], path: Path) -> None:
    """Every key known and of its type: a misspelt key would otherwise be ignored."""
    unknown = sorted(set(raw) - set(_KEYS))
    if unknown:
        raise DatasetError(
            f"{path}: unknown key(s) {', '.join(unknown)}; correct or remove them (a "
            f"manifest's keys: {', '.join(_KEYS)})"
        )
    for key, (kind, wanted) in _KEYS.items():
        if key in _REQUIRED_STR:  # said by `_require_str`, with what is missing
            continue
        value = raw.get(key)
        if value is not None and not isinstance(value, kind):
            raise DatasetError(f"{path}: `{key}` must be {wanted}, not {_toml_type(value)}")


def _toml_type(value: object) -> str:
    """What a TOML value is, in the words of the TOML format."""
    if isinstance(value, bool):
        return f"the boolean {str(value).lower()}"
    if isinstance(value, int | float):
        return f"the number {value}"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "a table"
    return f"a {type(value).__name__} value"  # dates and times


MAX_VALUE_NAMES = 20_000
"""Names a dataset's `[value_names]` files may hold in all."""


def _value_names(table: dict[str, Any], root: Path,
                 path: Path) -> dict[str, tuple[tuple[str, str], ...]]:
    """`[value_names]`: per column, the (value, name) pairs its CSV file lists, in the file's
    order. A file that cannot be read, or a row that is not `value,name`, is the manifest's
    one-line error naming the file and the line."""
    found: dict[str, tuple[tuple[str, str], ...]] = {}
    total = 0
    for column, name in table.items():
        if not isinstance(name, str) or not name.strip():
            raise DatasetError(f"{path}: [value_names] must map a column to a CSV file "
                               f'of value,name rows, e.g. country_name = "countries.csv"')
        file = _beside(root, name, path, f"value_names.{column}")
        pairs = []
        rows = csv.reader(read_text_file(file, "value names file").splitlines())
        for n, row in enumerate(rows, start=1):
            if not row or (n == 1 and [c.strip().lower() for c in row] == ["value", "name"]):
                continue
            if len(row) != 2 or not row[0].strip() or not row[1].strip():
                raise DatasetError(f"{file}:{n}: each line must be value,name (e.g. "
                                   "SWE,Sweden)")
            pairs.append((row[0].strip(), row[1].strip()))
        total += len(pairs)
        if total > MAX_VALUE_NAMES:
            raise DatasetError(f"{file}: more than {MAX_VALUE_NAMES:,} value names in "
                               "this dataset; keep the ones people use")
        found[column] = tuple(pairs)
    return found


def _beside(root: Path, name: str, where: Path | str, key: str) -> Path:
    """The file `name` relative to the manifest's folder `root`: a name no file can have
    (a NUL character in it) is the manifest's error."""
    if "\0" in name:
        raise DatasetError(f"{where}: `{key}` holds a NUL character; name a file")
    return root / name


def _rules(
    raw: dict[str, Any],
    root: Path,
    path: Path,
    lines: list[tuple[int, Any]],
    *,
    required: bool = True,
) -> str:
    if isinstance(raw.get("rules"), str) and raw["rules"].strip():
        return str(raw["rules"]).strip()
    if "rules_file" in raw:
        rules_path = _beside(root, str(raw["rules_file"]), path, "rules_file")
        return read_text_file(rules_path, "rules_file").strip()
    texts = {str(obj.get("business_rules", "")).strip() for _, obj in lines}
    texts.discard("")
    if not texts and not required:
        return ""
    if not texts:
        raise DatasetError(f"{path}: no rules_file and the questions carry no business_rules")
    return sorted(texts, key=len)[-1] if len(texts) > 1 else texts.pop()


def _read_jsonl(path: Path) -> list[tuple[int, Any]]:
    text = read_text_file(path, "questions file")
    out = []
    for n, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            raise DatasetError(f"{path}:{n}: not a JSON object: {exc.msg}") from None
        except RecursionError:
            raise DatasetError(f"{path}:{n}: not a JSON object: nested too deeply") from None
        except ValueError:  # the only other one: an integer of thousands of digits
            raise DatasetError(f"{path}:{n}: not a JSON object: a number too long") from None
        if not isinstance(obj, dict):
            raise DatasetError(f"{path}:{n}: each line must be a JSON object")
        out.append((n, obj))
    return out


def _question(
    ds_id: str, root: Path, obj: dict[str, Any], where: str, *, need_dump: bool = True
) -> Question:
    qid, text = obj.get("id"), obj.get("question")
    if not isinstance(qid, str) or not isinstance(text, str):
        raise DatasetError(f"{where}: a question needs string fields `id` and `question`")
    if lone_surrogate(obj):  # it could be sent to no model and written to no file
        raise DatasetError(
            f"{where}: holds an unpaired surrogate escape (\\ud800 to \\udfff alone), which "
            "is no text; write the character itself"
        )
    if not QUESTION_ID.fullmatch(qid):
        raise DatasetError(
            f"{where}: question id {qid[:40]!r} must be letters, digits and _ . : - only"
        )
    dumps: dict[Form, Dump | None] = {}
    forms: tuple[tuple[Form, str], ...] = (("sql", ".sql"), ("cypher", ".cql"))
    for form, suffix in forms:
        rel = obj.get(form)
        if rel is None:
            dumps[form] = None
            continue
        path = _beside(root, str(rel), where, form).resolve()
        if path.suffix != suffix or not DUMP_STEM.fullmatch(path.stem):
            raise DatasetError(f"{where}: `{form}` must name a {suffix} file with a simple name")
        if not path.is_file():
            raise DatasetError(f"{where}: {form} dump {rel} does not exist")
        dumps[form] = Dump(ds_id, form, path)
    if need_dump and dumps["sql"] is None and dumps["cypher"] is None:
        raise DatasetError(f"{where}: a question needs a `sql` or a `cypher` dump")
    rest = {k: v for k, v in obj.items() if k not in ("id", "question", "sql", "cypher", "answer")}
    answer = obj.get("answer")
    return Question(
        id=qid,
        text=text,
        sql=dumps["sql"],
        cypher=dumps["cypher"],
        answer=None if answer is None else str(answer),
        extra=rest,
    )
