"""What a front end offers besides a question, run for a person through the run service: the
datasets they may use, one read-only query, a schema look-up, a what-if ranking
(`RunService.tools`).

Each is what `RunService.ask` is for a question. It holds one of the person's places of work
at once (`RunService.hold`; a front end that holds them already says `held`), reads with what
they may use and their own database account where the dataset names accounts per person
(`planrag.locations.accounts`), and is audited under their name before its result is given
back: the call (kind `tool`: the tool and its arguments, under a run id of its own), then
every query it caused, whoever inside sent it (the source's introspection, a simulator, a
written decision: `planrag.sources.watch`), as an `ask`'s queries are (`query`,
`query_refused`, `query_failed`, numbered q1, q2, ...), then `failed` with the reason when it
failed.
"""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager, nullcontext
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from planrag.engine.events import Event, QueryFailed, QueryFinished, QueryRefused, QueryStarted
from planrag.errors import PlanRAGError, QueryError
from planrag.limits import Doing
from planrag.sources.watch import Sent, watching
from planrag.store import Auditor

if TYPE_CHECKING:
    from planrag.locations import Resolved
    from planrag.service.runs import Asker, RunService
    from planrag.simulators.service import DatasetSimulation
    from planrag.table import Table

__all__ = ["Tools", "WhatIf"]


@dataclass(frozen=True)
class WhatIf:
    """A what-if ranking and the title of the check that ranked it."""

    run: DatasetSimulation
    title: str


class Tools:
    """The tools of one run service (`RunService.tools`)."""

    def __init__(self, service: RunService) -> None:
        self.service = service
        self.settings = service.settings

    async def datasets(self, asker: Asker, *, held: bool = False) -> list[dict[str, Any]]:
        """The datasets `asker` may ask about: id, title, description, whether answers are
        checked, and the targets a question can run on."""
        from planrag.locations import targets_of
        from planrag.runtime import registry

        async with self._audited(asker, "list_datasets", "", "datasets", {}, held):
            reg = registry(self.settings)
            found = []
            for dataset_id in asker.access.visible(reg.ids()):
                ds = reg.get(dataset_id)
                found.append({"id": ds.id, "title": ds.title, "description": ds.description,
                              "checked": bool(ds.simulator or ds.decisions),
                              "targets": targets_of(self.settings, ds)})
            return found

    async def query(self, asker: Asker, ref: str, query: str, *, target: str | None = None,
                    held: bool = False) -> Table:
        """One read-only query on the dataset `ref`'s database, through exactly the guards
        an answer's queries pass. Raises `QueryRefused` (the guard's reason), `QueryError`,
        `AccessDenied` and the errors of opening the dataset."""
        from planrag.runtime import open_source

        arguments = {"query": query, "target": target}
        async with self._audited(asker, "query", ref, "query", arguments, held), \
                open_source(self.settings, self._located(asker, ref, target)) as source:
            return await source.execute(query)

    async def describe(self, asker: Asker, ref: str, *, question: str | None = None,
                       target: str | None = None, held: bool = False) -> str:
        """The dataset's schema as an answer's first prompt would hold it for `question`
        (the whole schema without one), the tables the dataset knows it needs first."""
        from planrag.engine.first_schema import first_prompt_schema
        from planrag.engine.plan_check import requirements_of
        from planrag.limits import limits_for
        from planrag.runtime import open_source

        if question is not None:
            limits_for(self.settings).check_question(question)
        arguments = {"question": question, "target": target}
        async with self._audited(asker, "describe_schema", ref, "schema", arguments,
                                 held):
            located = self._located(asker, ref, target)
            async with open_source(self.settings, located) as source:
                first = await first_prompt_schema(
                    source, requirements_of(located.dataset), question,
                    self.settings.schema_budget)
        return first.schema.render() if first.view is None else first.view.text

    async def what_if(self, asker: Asker, ref: str,
                      parameters: Mapping[str, Any] | None = None, *,
                      target: str | None = None, rules: str | None = None,
                      held: bool = False) -> WhatIf:
        """Every decision of the dataset (or of the question `DATASET#QUESTION`) ranked by
        its check, for `parameters` (over the question's) and the rule set `rules`; `target`
        as `simulate_dataset` takes it ("dump", a database, None: the dataset's default). A
        live database is read with the person's own account."""
        from planrag.engine.session import require_access
        from planrag.simulators.service import dataset_check, simulate_dataset

        given = dict(parameters or {})
        arguments = {"parameters": given, "target": target, "rules": rules}
        async with self._audited(asker, "what_if", ref, "what-if", arguments, held):
            require_access(asker.access, _dataset_id(ref))
            run = await simulate_dataset(self.settings, ref, target, given, rules,
                                         access=asker.access)
            return WhatIf(run, dataset_check(run.dataset).title)

    def _located(self, asker: Asker, ref: str, target: str | None) -> Resolved:
        """Where `ref` is read for `asker`: refused when they may not use it; with their own
        database account where the dataset names accounts per person (refused when it names
        none for them)."""
        from planrag.engine.session import require_access
        from planrag.locations.accounts import for_person
        from planrag.runtime import locate

        require_access(asker.access, _dataset_id(ref))
        return for_person(locate(self.settings, ref, target), asker.access)

    @asynccontextmanager
    async def _audited(self, asker: Asker, tool: str, ref: str, doing: Doing,
                       arguments: dict[str, Any], held: bool) -> AsyncIterator[None]:
        """The tool's work, held to the person's places and audited: the call before it
        starts; the queries it sent, and why it failed, before it gives its result back."""
        async with nullcontext() if held else self.service.hold(asker, doing):
            await self.service.history_ready()
            dataset = _dataset_id(ref) if ref else ""
            auditor = self.service.auditor(asker, dataset)
            auditor.run = uuid.uuid4().hex[:12]
            given = {"ref": ref if ref != dataset else None, **arguments}
            await auditor.note("tool", tool=tool,
                               **{k: v for k, v in given.items() if v not in (None, "")})
            failed: PlanRAGError | None = None
            with watching() as sent:
                try:
                    yield
                except PlanRAGError as exc:
                    failed = exc
                    raise
                finally:
                    await _write(auditor, sent)
                    if failed is not None and not _said(failed, sent):
                        await auditor.note("failed", reason=str(failed), stage=tool)


def _said(failed: PlanRAGError, sent: list[Sent]) -> bool:
    """Whether the failure is the last query's refusal or error, which its entry says."""
    return isinstance(failed, QueryError) and bool(sent) and sent[-1].rows is None


async def _write(auditor: Auditor, sent: list[Sent]) -> None:
    """Each query sent, audited as an answer's queries are."""
    for number, one in enumerate(sent, 1):
        for event in _events(f"q{number}", one):
            await auditor.record(event)


def _events(query_id: str, sent: Sent) -> list[Event]:
    """The events an answer's query of the same outcome would have given."""
    started = QueryStarted(query_id, sent.language, sent.query, None)
    if sent.refused is not None:
        return [QueryRefused(query_id, sent.language, sent.query, sent.refused.reason,
                             sent.refused.rule)]
    if sent.rows is None:
        return [QueryFailed(query_id, sent.language, sent.query, sent.error)]
    return [started, QueryFinished(query_id, (), (), sent.rows, False, sent.elapsed_ms)]


def _dataset_id(ref: str) -> str:
    """The dataset `ref` names (`DATASET[@DUMP|#QUESTION]`), or `ref` itself when it is not
    a reference (its error is the tool's to give)."""
    from planrag.datasets import DatasetRef

    try:
        return DatasetRef.parse(ref).dataset
    except PlanRAGError:
        return ref
