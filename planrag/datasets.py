"""Datasets: what a person can ask about, as the rest of the package sees them.

A dataset has an id, a title, business rules, optional sample questions, an optional
simulator, decision models written for it, and the databases it is asked over: dumps shipped
with it (loaded as copies) or live databases a team runs (ARCHITECTURE.md, "Where data
lives"). This module holds those values, a reference to one (`DatasetRef`:
DATASET[@DUMP|#QUESTION]) and the `Registry` of them; `planrag.manifests` reads them from
`dataset.toml` manifests (where the manifest's keys are described).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from planrag.errors import DatasetError

if TYPE_CHECKING:
    from planrag.decisions.spec import DecisionSpec

__all__ = [
    "DATASET_ID",
    "DUMP_STEM",
    "MANIFEST",
    "QUESTION_ID",
    "SECRETS",
    "DatabaseAccount",
    "Dataset",
    "DatasetRef",
    "Dump",
    "LiveDatabase",
    "Question",
    "Registry",
]

Form = Literal["sql", "cypher"]
# Identifiers are checked with `fullmatch`: `match` with `$` admits a trailing newline.
DATASET_ID = re.compile(r"[a-z][a-z0-9-]{0,40}")
DUMP_STEM = re.compile(r"[A-Za-z0-9_]{1,24}")
QUESTION_ID = re.compile(r"[A-Za-z0-9_.:-]{1,80}")
MANIFEST = "dataset.toml"
SECRETS = "secrets.env"


@dataclass(frozen=True)
class DatasetRef:
    """What a person names: a dataset, optionally one of its dumps or one of its questions.

    Written `DATASET`, `DATASET@DUMP` or `DATASET#QUESTION`; parsed once, here."""

    dataset: str
    dump: str | None = None
    question: str | None = None

    @classmethod
    def parse(cls, text: str) -> DatasetRef:
        raw = text.strip()
        name, sep_q, question = raw.partition("#")
        name, sep_d, dump = name.partition("@")
        problem = None
        if not DATASET_ID.fullmatch(name):
            problem = f"{name!r} is not a dataset id (lowercase letters, digits and dashes)"
        elif sep_q and sep_d:
            problem = "name a dump or a question, not both"
        elif sep_d and not DUMP_STEM.fullmatch(dump):
            problem = f"{dump!r} is not a dump name"
        elif sep_q and not QUESTION_ID.fullmatch(question):
            problem = f"{question!r} is not a question id"
        if problem:
            shown = raw if len(raw) <= 80 else raw[:77] + "..."
            raise DatasetError(
                f"dataset reference {shown!r}: {problem}; write DATASET, DATASET@DUMP or "
                "DATASET#QUESTION (see `planrag datasets`)"
            )
        return cls(name, dump or None, question or None)

    def __str__(self) -> str:
        if self.question:
            return f"{self.dataset}#{self.question}"
        if self.dump:
            return f"{self.dataset}@{self.dump}"
        return self.dataset


@dataclass(frozen=True)
class DatabaseAccount:
    """One `[[databases.accounts]]` entry: the database account one person (`user`) or the
    members of one group (`group`) query with, so the database's own grants, views and row
    rules decide what they see (ARCHITECTURE.md, "Where data lives"). Exactly one of `user`
    and `group` is set."""

    url: str
    """The same server and database as the entry's `url`, another account; `${NAME}`
    references, never a password in clear."""
    user: str | None = None
    """A person as the chat knows them: their name in the users file, or the identity of
    someone let in by a group alone (`header:frank`)."""
    group: str | None = None
    """A group their sign-in claims (the proxy's groups header, an OAuth groups claim)."""
    where: str = ""
    """The manifest and entry, for errors."""

    @property
    def holder(self) -> str:
        """Whose account it is, for people: "user alice", "group ward-managers"."""
        return f"user {self.user}" if self.user is not None else f"group {self.group}"


@dataclass(frozen=True)
class LiveDatabase:
    """One `[[databases]]` entry of a manifest, as written (checked by its kind when the
    registry is built: `planrag.locations`)."""

    kind: str
    url: str | None = None
    """With `${NAME}` references, never a password in clear."""
    database: str | None = None
    path: Path | None = None
    where: str = ""
    """The manifest and entry, for errors."""
    accounts: tuple[DatabaseAccount, ...] = ()
    """Accounts per person or group (`[[databases.accounts]]`); empty: everyone reads as
    `url`."""
    main_for_everyone: bool = False
    """With accounts: whether someone who has none of their own reads as `url` (False:
    they cannot ask about the dataset)."""
    schemas: tuple[str, ...] | None = None
    """PostgreSQL: the schemas of the database to read, in search-path order (None: the
    kind's default); other kinds take none."""
    paths: tuple[Path, ...] | None = None
    """Files: the files and folders `planrag connect --files` was given (searched again by
    `--update`)."""
    files: tuple[Path, ...] | None = None
    """Files: the data files found in `paths`, each read as one table (or one per sheet)."""
    date_order: str | None = None
    """Files: how dates that read either way are read, "dmy" or "mdy" (None: "dmy")."""


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
    keep_dump_names: bool = False
    """The copies loaded from the dumps keep the dumps' own names: `rename_columns` then
    applies only where this project reads a dump itself (the simulator check), never to the
    databases queried (`planrag eval --protocol paper`: `planrag.eval_protocol`)."""
    databases: tuple[LiveDatabase, ...] = ()
    """Live databases (empty for datasets made of dumps only)."""
    column_names: dict[str, str] = field(default_factory=dict)
    """Display names of result columns, by column name (`[column_names]`)."""
    value_names: Mapping[str, tuple[tuple[str, str], ...]] = field(default_factory=dict)
    """What people call values stored as codes, per column: (value, name) pairs
    (`[value_names]`; a value may have several names)."""
    write_privileges: bool = False
    """The account of a live database may write (`connect --allow-write-privileges`)."""
    decisions: tuple[DecisionSpec, ...] = ()
    """Decision models written in the manifest (`[[decisions]]`) that read correctly."""
    decision_problems: Mapping[str, str] = field(default_factory=dict)
    """Those that do not, by id: why (the rest of the dataset keeps working)."""
    required: tuple[str, ...] = ()
    """Quantities every decision here needs (`required`): `table` or `table.column` (labels
    and relationship types in a graph; PostgreSQL's `schema.table[.column]` outside the first
    schema). A plan that reads none of one is sent back; their tables come first, in full, in
    the first prompt."""
    required_problems: tuple[str, ...] = ()
    """One line for each `required` entry that could not be read as a name (it is left out;
    the rest of the dataset keeps working). Names the database lacks are found only when its
    schema is read (`planrag.engine.plan_check.read_required`)."""

    def decision(self, decision_id: str | None = None) -> DecisionSpec:
        """The written decision `decision_id` (the only one when None), or one line
        saying what there is."""
        if decision_id is None and len(self.decisions) == 1:
            return self.decisions[0]
        for spec in self.decisions:
            if spec.id == decision_id:
                return spec
        if decision_id is not None and decision_id in self.decision_problems:
            raise DatasetError(self.decision_problems[decision_id])
        have = ", ".join(s.id for s in self.decisions)
        if not have:
            raise DatasetError(
                f"dataset {self.id} has no decision model; write one as [[decisions]] in its "
                "dataset.toml (see docs/data.md, 'Checked decisions, written in the manifest')"
            )
        if decision_id is None:
            raise DatasetError(f"dataset {self.id} has several decision models ({have}); "
                               "name one with --decision")
        raise DatasetError(f"dataset {self.id} has no decision {decision_id!r}; it has: {have}")

    @property
    def load_renames(self) -> dict[str, str]:
        """The renames applied to the dumps as their copies are loaded."""
        return {} if self.keep_dump_names else self.rename_columns

    @property
    def live(self) -> bool:
        return bool(self.databases)

    @property
    def checked(self) -> bool:
        """Its answers are checked: by its simulator, or by a decision written here."""
        return bool(self.simulator or self.decisions)

    @property
    def secrets_file(self) -> Path:
        """Where `planrag connect` keeps this dataset's passwords (mode 0600)."""
        return self.root / SECRETS

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
    """The datasets found, by id, and the manifests that could not be read (by id, or by
    folder when even the id is unreadable): one broken manifest never hides the others."""

    def __init__(
        self, datasets: Iterable[Dataset], problems: Mapping[str, str] | None = None
    ) -> None:
        self._by_id: dict[str, Dataset] = {}
        self.problems: dict[str, str] = dict(problems or {})
        for ds in datasets:
            if ds.id in self._by_id:
                other = self._by_id[ds.id].root
                self.problems[ds.id] = (
                    f"dataset id {ds.id!r} is declared twice: {other} and {ds.root}; rename one"
                )
                continue
            self._by_id[ds.id] = ds
        for bad in self.problems:
            self._by_id.pop(bad, None)

    def __iter__(self) -> Iterator[Dataset]:
        return iter(sorted(self._by_id.values(), key=lambda d: d.id))

    def __len__(self) -> int:
        return len(self._by_id)

    def ids(self) -> list[str]:
        return sorted(self._by_id)

    def get(self, dataset_id: str) -> Dataset:
        try:
            return self._by_id[dataset_id]
        except KeyError:
            pass
        if dataset_id in self.problems:
            raise DatasetError(f"dataset {dataset_id} cannot be used: {self.problems[dataset_id]}")
        known = ", ".join(self.ids()) or "(none)"
        raise DatasetError(
            f"unknown dataset {dataset_id!r}; known datasets: {known} (see `planrag datasets`)"
        )

    def named(self, ref: str | DatasetRef) -> Dataset:
        """The dataset a reference names (`DATASET[@DUMP|#QUESTION]`, or one parsed)."""
        return self.get((ref if isinstance(ref, DatasetRef) else DatasetRef.parse(ref)).dataset)

    def with_problems(self, problems: Mapping[str, str]) -> Registry:
        """This registry with more datasets set aside as unusable."""
        return Registry(self, {**self.problems, **problems})
