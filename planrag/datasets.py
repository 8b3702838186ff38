"""Datasets: what a person can ask about, found from `dataset.toml` manifests.

A dataset has an id, a title, business rules, sample questions and one or more *dumps*: a
relational form (a MySQL-dialect `.sql` dump) and a graph form (a `.cql` file of Cypher
`CREATE` statements). Each question names the two dumps it is asked over. One dataset may
hold several dumps (DQA ships one per game state); a dump is loaded as its own database.

Manifest keys (TOML, in any folder under the fixtures directory):

    id = "demo-retail"             # lowercase letters, digits and dashes
    title = "..."                  # one line for lists
    description = "..."            # optional
    questions = "questions.jsonl"  # one JSON object a line: id, question, sql, cypher, ...
    rules_file = "rules.md"        # optional; else the questions' `business_rules` text
    simulator = "dqa-locating"     # optional; a registered name, pkg.module:Class or
                                   # file.py:Class beside this manifest
    [rename_columns]               # optional; known column-name quirks of the dumps
    has_has_merchant = "has_merchant"
"""

from __future__ import annotations

import hashlib
import json
import re
import tomllib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any, Literal

from planrag.errors import DatasetError

__all__ = [
    "Dataset",
    "Dump",
    "Question",
    "Registry",
    "dataset_from_questions",
    "dataset_from_records",
    "discover",
]

Form = Literal["sql", "cypher"]
_ID = re.compile(r"^[a-z][a-z0-9-]{0,40}$")
_STEM = re.compile(r"^[A-Za-z0-9_]{1,24}$")


@dataclass(frozen=True)
class Dump:
    """One database of a dataset in one form."""

    dataset_id: str
    form: Form
    path: Path

    @property
    def stem(self) -> str:
        return self.path.stem

    @property
    def ref(self) -> str:
        """How a person names it: `DATASET@STEM`."""
        return f"{self.dataset_id}@{self.stem}"

    @cached_property
    def content_hash(self) -> str:
        """SHA-256 of the file, which decides whether a reload is needed."""
        try:
            return hashlib.sha256(self.path.read_bytes()).hexdigest()
        except OSError as exc:
            raise DatasetError(f"cannot read dump {self.path}: {exc.strerror}") from None

    def database_name(self, prefix: str) -> str:
        """The server-side database name: prefix + dataset id + dump stem, lowercase."""
        slug = self.dataset_id.replace("-", "_")
        return f"{prefix}{slug}_{self.stem.lower()}"


@dataclass(frozen=True)
class Question:
    id: str
    text: str
    sql: Dump | None
    cypher: Dump | None
    answer: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    """Every other field of the question's JSON line (scenario, country, goods, ...)."""


@dataclass(frozen=True)
class Dataset:
    id: str
    title: str
    description: str
    rules: str
    questions: tuple[Question, ...]
    root: Path
    simulator: str | None = None
    rename_columns: dict[str, str] = field(default_factory=dict)

    def dumps(self, form: Form) -> tuple[Dump, ...]:
        """Distinct dumps of one form, in the order questions first use them."""
        seen: dict[Path, Dump] = {}
        for q in self.questions:
            d = q.sql if form == "sql" else q.cypher
            if d is not None:
                seen.setdefault(d.path, d)
        return tuple(seen.values())

    def dump(self, form: Form, stem: str | None = None) -> Dump:
        """The dump named `stem`, or the dataset's default (the first question's)."""
        dumps = self.dumps(form)
        if not dumps:
            raise DatasetError(f"dataset {self.id} has no {_FORM_NAME[form]} form")
        if stem is None:
            return dumps[0]
        for d in dumps:
            if d.stem == stem:
                return d
        names = ", ".join(d.stem for d in dumps)
        raise DatasetError(
            f"dataset {self.id} has no {_FORM_NAME[form]} dump {stem!r}; it has: {names}"
        )

    def question(self, question_id: str) -> Question:
        for q in self.questions:
            if q.id == question_id:
                return q
        raise DatasetError(f"dataset {self.id} has no question {question_id!r}")


_FORM_NAME = {"sql": "relational", "cypher": "graph"}


class Registry:
    """The datasets found under one fixtures directory, by id."""

    def __init__(self, datasets: Iterable[Dataset]) -> None:
        self._by_id: dict[str, Dataset] = {}
        for ds in datasets:
            if ds.id in self._by_id:
                other = self._by_id[ds.id].root
                raise DatasetError(f"dataset id {ds.id!r} is declared twice: {other} and {ds.root}")
            self._by_id[ds.id] = ds

    def __iter__(self) -> Any:
        return iter(sorted(self._by_id.values(), key=lambda d: d.id))

    def __len__(self) -> int:
        return len(self._by_id)

    def ids(self) -> list[str]:
        return sorted(self._by_id)

    def get(self, dataset_id: str) -> Dataset:
        try:
            return self._by_id[dataset_id]
        except KeyError:
            known = ", ".join(self.ids()) or "(none)"
            raise DatasetError(
                f"unknown dataset {dataset_id!r}; known datasets: {known} (see `planrag datasets`)"
            ) from None

    def resolve(self, ref: str, form: Form) -> tuple[Dataset, Dump]:
        """Resolve `DATASET`, `DATASET@DUMP` or `DATASET#QUESTION` to a dump of `form`."""
        if "#" in ref:
            ds_id, qid = ref.split("#", 1)
            ds = self.get(ds_id)
            q = ds.question(qid)
            dump = q.sql if form == "sql" else q.cypher
            if dump is None:
                raise DatasetError(f"question {qid} has no {_FORM_NAME[form]} dump")
            return ds, dump
        ds_id, _, stem = ref.partition("@")
        ds = self.get(ds_id)
        return ds, ds.dump(form, stem or None)


def discover(fixtures_dir: Path) -> Registry:
    """Find every `dataset.toml` under `fixtures_dir` and load it."""
    if not fixtures_dir.is_dir():
        raise DatasetError(
            f"fixtures directory {fixtures_dir} does not exist; set PLANRAG_FIXTURES_DIR"
        )
    manifests = sorted(fixtures_dir.rglob("dataset.toml"))
    return Registry(load_manifest(m) for m in manifests)


def load_manifest(path: Path) -> Dataset:
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise DatasetError(f"cannot read {path}: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise DatasetError(f"{path}: not valid TOML: {exc}") from None
    root = path.parent
    ds_id = _require_str(raw, "id", path)
    if not _ID.match(ds_id):
        raise DatasetError(f"{path}: id {ds_id!r} must be lowercase letters, digits and dashes")
    questions_file = root / _require_str(raw, "questions", path)
    lines = _read_jsonl(questions_file)
    questions = tuple(
        _question(ds_id, root, obj, f"{questions_file}:{n}") for n, obj in lines
    )
    if not questions:
        raise DatasetError(f"{questions_file}: a dataset needs at least one question")
    renames = raw.get("rename_columns", {})
    if not isinstance(renames, dict) or not all(isinstance(v, str) for v in renames.values()):
        raise DatasetError(f"{path}: [rename_columns] must map old names to new names")
    return Dataset(
        id=ds_id,
        title=_require_str(raw, "title", path),
        description=str(raw.get("description", "")),
        rules=_rules(raw, root, path, lines),
        questions=questions,
        root=root,
        simulator=raw.get("simulator"),
        rename_columns=dict(renames),
    )


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
    if not _ID.match(ds_id):
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
    if not isinstance(value, str) or not value.strip():
        raise DatasetError(f"{path}: missing or empty `{key}`")
    return value


def _rules(raw: dict[str, Any], root: Path, path: Path, lines: list[tuple[int, Any]]) -> str:
    if "rules_file" in raw:
        rules_path = root / str(raw["rules_file"])
        try:
            return rules_path.read_text(encoding="utf-8").strip()
        except OSError as exc:
            raise DatasetError(
                f"{path}: cannot read rules_file {rules_path}: {exc.strerror}"
            ) from None
    texts = {str(obj.get("business_rules", "")).strip() for _, obj in lines}
    texts.discard("")
    if not texts:
        raise DatasetError(f"{path}: no rules_file and the questions carry no business_rules")
    return sorted(texts, key=len)[-1] if len(texts) > 1 else texts.pop()


def _read_jsonl(path: Path) -> list[tuple[int, Any]]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise DatasetError(f"cannot read questions file {path}: {exc.strerror}") from None
    out = []
    for n, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            raise DatasetError(f"{path}:{n}: not a JSON object: {exc.msg}") from None
        if not isinstance(obj, dict):
            raise DatasetError(f"{path}:{n}: each line must be a JSON object")
        out.append((n, obj))
    return out


def _question(ds_id: str, root: Path, obj: dict[str, Any], where: str) -> Question:
    qid, text = obj.get("id"), obj.get("question")
    if not isinstance(qid, str) or not isinstance(text, str):
        raise DatasetError(f"{where}: a question needs string fields `id` and `question`")
    dumps: dict[Form, Dump | None] = {}
    forms: tuple[tuple[Form, str], ...] = (("sql", ".sql"), ("cypher", ".cql"))
    for form, suffix in forms:
        rel = obj.get(form)
        if rel is None:
            dumps[form] = None
            continue
        path = (root / str(rel)).resolve()
        if path.suffix != suffix or not _STEM.match(path.stem):
            raise DatasetError(f"{where}: `{form}` must name a {suffix} file with a simple name")
        if not path.is_file():
            raise DatasetError(f"{where}: {form} dump {rel} does not exist")
        dumps[form] = Dump(ds_id, form, path)
    if dumps["sql"] is None and dumps["cypher"] is None:
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
