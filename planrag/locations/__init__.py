"""Where data lives: typed locations, the kinds of database, and what a reference comes to.

`resolve(settings, registry, ref, target)` turns what a person names (`DATASET`,
`DATASET@DUMP`, `DATASET#QUESTION`, and a target or none) into a `Resolved`: the dataset, the
question and the `Location` a run reads. `open_location` opens a guarded source on it.
See ARCHITECTURE.md, "Where data lives".
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import replace

from planrag.datasets import Dataset, DatasetRef, Dump, LiveDatabase, Question, Registry
from planrag.errors import DatasetError, PlanRAGError
from planrag.locations._kinds import Kind, all_kinds, get_kind, kind_of, target_names
from planrag.locations._live import expanded
from planrag.locations._model import AccountCheck, Location, Resolved
from planrag.locations.accounts import check_accounts
from planrag.settings import Settings
from planrag.sources.base import DataSource

__all__ = [
    "AccountCheck",
    "Kind",
    "Location",
    "Resolved",
    "all_kinds",
    "checked_registry",
    "default_target",
    "expanded",
    "get_kind",
    "kind_of",
    "open_location",
    "resolve",
    "target_names",
    "targets_of",
]


def checked_registry(registry: Registry) -> Registry:
    """`registry` with every live database checked by its kind (known kind, usable URL, no
    password in clear, one database per kind, not also given as dumps, each account per
    person on the same database: `accounts.check_accounts`) and its kind named canonically;
    a dataset that fails is set aside with its error, the others stay."""
    checked: list[Dataset] = []
    problems: dict[str, str] = {}
    for dataset in registry:
        if not dataset.databases:
            checked.append(dataset)
            continue
        try:
            checked.append(_checked(dataset))
        except PlanRAGError as exc:
            problems[dataset.id] = str(exc)
    return Registry(checked, {**registry.problems, **problems})


def _checked(dataset: Dataset) -> Dataset:
    databases: list[LiveDatabase] = []
    seen: set[str] = set()
    for db in dataset.databases:
        kind = kind_of(db.kind)
        if kind is None:
            raise DatasetError(
                f"{db.where}: unknown kind {db.kind!r}; choose one of: {', '.join(target_names())}"
            )
        db = replace(db, kind=kind.name)
        given = [k for k in ("paths", "files", "date_order") if getattr(db, k) is not None]
        if given and not getattr(kind, "connect_many", False):
            raise DatasetError(f"{db.where}: a {kind.name} database takes no `{given[0]}` "
                               "(only kind = \"files\" does)")
        kind.check_live(db)
        check_accounts(kind, db)
        if kind.name in seen:
            raise DatasetError(f"{db.where}: a second {kind.name} database; a dataset has one "
                               "database of each kind (connect another dataset for it)")
        seen.add(kind.name)
        if kind.dump_form is not None and dataset.dumps(kind.dump_form):
            raise DatasetError(
                f"{db.where}: the {kind.name} target is given both by dumps (in the questions) "
                "and as a live database; keep one"
            )
        databases.append(db)
    return replace(dataset, databases=tuple(databases))


def targets_of(settings: Settings, dataset: Dataset) -> list[str]:
    """The targets a dataset can be asked over with these settings, in the kinds' order."""
    out = []
    live = {db.kind for db in dataset.databases}
    for kind in all_kinds():
        loaded = kind.dump_form is not None and bool(dataset.dumps(kind.dump_form))
        if kind.name in live or (loaded and kind.loadable(settings)):
            out.append(kind.name)
    return out


def default_target(settings: Settings, dataset: Dataset) -> str:
    """Where a question goes when the person does not say: a live database first, else the
    relational default (PLANRAG_RELATIONAL), else the graph."""
    if dataset.databases:
        return dataset.databases[0].kind
    if dataset.dumps("sql"):
        return settings.relational_target
    available = targets_of(settings, dataset)
    if not available:
        raise DatasetError(f"dataset {dataset.id} has no database to ask over")
    return available[0]


def resolve(
    settings: Settings, registry: Registry, ref: DatasetRef | str, target: str | None = None
) -> Resolved:
    """The dataset, question and location `ref` names on `target` (its default if None)."""
    if isinstance(ref, str):
        ref = DatasetRef.parse(ref)
    dataset = registry.get(ref.dataset)
    question = dataset.question(ref.question) if ref.question else None
    kind = get_kind(target or default_target(settings, dataset))
    live = next((db for db in dataset.databases if db.kind == kind.name), None)
    if live is not None:
        if ref.dump:
            raise DatasetError(
                f"dataset {dataset.id} is a live {kind.name} database; it has no dump "
                f"{ref.dump!r} (write just {dataset.id})"
            )
        return Resolved(dataset, question, kind.live_location(dataset, live))
    if kind.dump_form is None:  # only ever live, and this dataset has none of it
        raise DatasetError(_no_target(settings, dataset, kind, question))
    if question is not None:
        dump = question.sql if kind.dump_form == "sql" else question.cypher
    else:
        dump = _dataset_dump(settings, dataset, kind, ref.dump)
    if dump is None:
        raise DatasetError(_no_target(settings, dataset, kind, question))
    return Resolved(dataset, question, kind.loaded_location(settings, dataset, dump))


def _dataset_dump(settings: Settings, dataset: Dataset, kind: Kind, stem: str | None) -> Dump:
    if kind.dump_form is None or not dataset.dumps(kind.dump_form):
        raise DatasetError(_no_target(settings, dataset, kind, None))
    return dataset.dump(kind.dump_form, stem)


def _no_target(
    settings: Settings, dataset: Dataset, kind: Kind, question: Question | None
) -> str:
    what = f"question {question.id} of dataset {dataset.id}" if question else (
        f"dataset {dataset.id}"
    )
    has = ", ".join(targets_of(settings, dataset)) or "none"
    return f"{what} has no {kind.name} database (targets it has: {has})"


@asynccontextmanager
async def open_location(settings: Settings, location: Location) -> AsyncIterator[DataSource]:
    """A guarded source on `location`, closed on exit."""
    kind = get_kind(location.kind)
    async with AsyncExitStack() as stack:
        yield await kind.open(settings, location, stack)
