"""A dataset's written decisions run where the dataset's data lives: the database a
decision's `target` names (its live database, or the loaded copy of its dump), opened with
the same account, guards and limits as the model's queries. What the decisions need (the
manifest's `required`) is read against those databases' schemas there too."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from planrag.datasets import Dataset, DatasetRef
from planrag.decisions.run import (
    DryRun,
    bound_values,
    dry_run,
    rank_on,
    simulator_class,
)
from planrag.decisions.spec import DecisionSpec
from planrag.errors import PlanRAGError, SourceUnavailable
from planrag.simulators.base import SimulationResult, build, evaluate
from planrag.simulators.state import as_of_now
from planrag.users import Access

__all__ = ["RankedDecision", "check_decisions", "check_required", "rank_decision"]


@dataclass(frozen=True)
class RankedDecision:
    spec: DecisionSpec
    result: SimulationResult
    as_of: str | None
    """When a live database was read (UTC); None for a loaded copy."""
    nothing_ranked: str | None = None
    """Why no candidate was ranked (one line), when none was."""


async def rank_decision(
    settings: Any,
    dataset: Dataset,
    spec: DecisionSpec,
    given: Mapping[str, Any] | None = None,
    target: str | None = None,
    access: Access | None = None,
) -> RankedDecision:
    """Rank every candidate of `spec` on its database with `given` parameters (defaults
    for the rest); with `access`, a live database is read with that person's account."""
    from planrag.locations.accounts import for_person
    from planrag.runtime import locate, open_source

    sim = simulator_class(spec)
    values = bound_values(spec, given or {})
    params = sim.parse_parameters(values)
    resolved = for_person(locate(settings, DatasetRef(dataset.id), target or spec.target),
                          access)
    async with open_source(settings, resolved) as source:
        state = await rank_on(source, spec, values, settings.limits)
    as_of = as_of_now() if resolved.location.live else None
    result = evaluate(build(sim, state, params))
    result = replace(result, seconds=state.seconds, notes=state.notes)
    return RankedDecision(spec, result, as_of, state.nothing_ranked)


async def check_decisions(
    settings: Any, dataset: Dataset, only: str | None = None
) -> list[DryRun]:
    """Each written decision of `dataset` (or only `only`) tried on its database."""
    from planrag.runtime import locate, open_source

    out = []
    for spec in dataset.decisions:
        if only is not None and spec.id != only:
            continue
        try:
            resolved = locate(settings, DatasetRef(dataset.id), spec.target)
            async with open_source(settings, resolved) as source:
                out.append(await dry_run(source, spec, settings.limits))
        except SourceUnavailable as exc:
            out.append(DryRun(spec, None, untried=str(exc)))
        except PlanRAGError as exc:
            out.append(DryRun(spec, str(exc)))
    return out


async def check_required(settings: Any, dataset: Dataset) -> list[str]:
    """One line for each `required` entry of `dataset` that is no name, or that none of its
    databases has (read where they can be opened now; one that cannot is not held against
    an entry). The dataset is used without those entries either way."""
    from contextlib import AsyncExitStack

    from planrag.engine.plan_check import read_required
    from planrag.locations import targets_of
    from planrag.runtime import locate, open_source

    problems = list(dataset.required_problems)
    if not dataset.required:
        return problems
    async with AsyncExitStack() as stack:
        sources = {}
        for target in targets_of(settings, dataset):
            try:
                resolved = locate(settings, DatasetRef(dataset.id), target)
                sources[target] = await stack.enter_async_context(
                    open_source(settings, resolved))
            except PlanRAGError:  # not loaded, not answering: said where the target is listed
                continue
        found = await read_required(dataset.required, sources)
    return problems + list(found.problems)
