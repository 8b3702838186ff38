"""Building an engine for a dataset from settings: sources, rules and the simulator check."""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from planrag.datasets import Dataset, DatasetRef, Dump, Question
from planrag.engine.check import Checker, WrittenChecker
from planrag.engine.config import EngineConfig
from planrag.engine.events import SimulatorChecked
from planrag.engine.loop import Engine
from planrag.engine.model import Model
from planrag.engine.plan_check import requirements_of
from planrag.errors import AccessDenied, ConfigError, SimulatorError
from planrag.settings import Settings
from planrag.simulators.base import SimulationResult
from planrag.simulators.state import State

if TYPE_CHECKING:
    from planrag.decisions.run import DecisionState
    from planrag.decisions.spec import DecisionSpec
    from planrag.locations import Resolved
    from planrag.users import Access

__all__ = [
    "answer_grace_s",
    "benchmark",
    "check_dump",
    "engine_config",
    "model_concurrency",
    "model_from_settings",
    "open_engine",
    "require_access",
]


def model_from_settings(settings: Settings) -> Model:
    """The configured OpenAI-compatible model, with retries; a clear error without one."""
    from planrag.engine.model import Retrying
    from planrag.engine.openai_model import OpenAIModel

    if not settings.model_configured:
        raise ConfigError(
            "no model is configured: set PLANRAG_MODEL and PLANRAG_MODEL_API_KEY (OpenAI) or "
            "PLANRAG_MODEL_BASE_URL (Ollama, vLLM, llama.cpp); see .env.example"
        )
    from planrag.engine.react import ReactModel, ToolsOrText

    assert settings.model_name is not None
    model = Retrying(
        OpenAIModel(
            settings.model_name,
            base_url=settings.model_base_url,
            api_key=settings.model_api_key,
            temperature=settings.model_temperature,
            timeout_s=settings.model_timeout_s,
            max_tokens=settings.model_max_tokens or None,
            concurrency=model_concurrency(settings),
        ),
        attempts=settings.model_attempts,
    )
    if settings.model_tools == "off":
        return ReactModel(model)
    if settings.model_tools == "auto":
        return ToolsOrText(model)
    return model


def model_concurrency(settings: Settings) -> int:
    """Requests this process sends the model endpoint at once: PLANRAG_MODEL_CONCURRENCY,
    or when it is 0 what the endpoint is likely to take (1 on this machine or a private
    network, 4 for OpenAI and other hosted APIs; `planrag.engine.endpoints`)."""
    from planrag.engine.endpoints import default_concurrency

    return settings.model_concurrency or default_concurrency(settings.model_base_url)


def answer_grace_s(run_timeout_s: float) -> float:
    """The last turn a run gets to answer after its time ran out: a tenth of the run's time,
    at least 5 s and at most a minute."""
    return min(60.0, max(5.0, run_timeout_s / 10))


def engine_config(settings: Settings, **overrides: object) -> EngineConfig:
    values: dict[str, object] = {
        "technique": settings.technique,
        "consent": settings.consent,
        "timeout_default": settings.consent_timeout_default,
        "max_model_calls": settings.max_model_calls,
        "max_replans": settings.max_replans,
        "on_disagreement": settings.on_disagreement,
        "run_timeout_s": settings.run_timeout_s,
        "answer_grace_s": answer_grace_s(settings.run_timeout_s),
        "max_reply_chars": settings.max_reply_chars,
        "max_run_chars": settings.max_run_chars,
        "max_question_chars": settings.max_question_chars,
        "history_turn_chars": settings.history_turn_chars,
        "history_chars": settings.history_chars,
        "query_limits": settings.limits,
        "what_if": settings.what_if,
    }
    values.update({k: v for k, v in overrides.items() if v is not None})
    return EngineConfig(**values)  # type: ignore[arg-type]


@asynccontextmanager
async def open_engine(
    settings: Settings,
    ref: str | DatasetRef,
    target: str | None,
    model: Model,
    config: EngineConfig | None = None,
    access: Access | None = None,
) -> AsyncIterator[Engine]:
    """An engine on the dataset `ref` (`DATASET[@DUMP|#QUESTION]`) querying `target` (the
    dataset's default target when None).

    The simulator check reads, for a dataset of dumps, the matching relational dump file (the
    exact path, whatever the target; when there is none the check says it could not run),
    and for a live database the live data itself, when an answer is checked. With
    `#QUESTION` the question's own parameters are used for it. With `access` (the signed-in
    person's), a dataset they may not ask about is refused before anything opens, and a live
    database that names accounts per person is read, queries and check alike, with theirs
    (`planrag.locations.accounts`: refused when it names none for them); the run's events
    say which (`read_as`)."""
    from planrag.locations.accounts import for_person, read_as
    from planrag.runtime import locate, open_source

    resolved = locate(settings, ref, target)
    if access is not None:
        require_access(access, resolved.dataset.id)
    resolved = for_person(resolved, access)
    if config is not None and config.on_disagreement == "replan" and benchmark(
            resolved.dataset):
        config = replace(config, on_disagreement="report")  # the check's best is the label
    checker = (_checker(resolved) if resolved.dataset.simulator
               else _written(settings, resolved, access))
    async with open_source(settings, resolved) as source:
        if checker is not None and resolved.location.live and not isinstance(
                checker, WrittenChecker):  # a written decision runs its own queries
            sim = checker.simulator

            async def read_state(parameters: BaseModel | None) -> State:
                return await sim.read_state(source, parameters)

            checker = replace(checker, read_state=read_state)
        yield Engine(
            model,
            {resolved.target: source},
            dataset=resolved.ref,
            target=resolved.target,
            rules=resolved.dataset.rules,
            checker=checker,
            config=config,
            schema_budget=settings.schema_budget,
            live=resolved.location.live,
            required=requirements_of(resolved.dataset),
            read_as=read_as(resolved.location),
        )


def benchmark(dataset: Dataset) -> bool:
    """Whether a dataset is a benchmark (DQA, or any whose questions carry labelled
    answers): its check's best decision is the label, so the simulator's disagreement is
    never shown to the model there (EngineConfig.on_disagreement stays "report")."""
    simulator = (dataset.simulator or "").casefold()
    return simulator.startswith("dqa") or any(q.answer is not None for q in dataset.questions)


def require_access(access: Access, dataset: str) -> None:
    """Refuse, in words a person can act on, a dataset `access` does not allow (named by the
    id asked for only: its title and databases are not for them)."""
    if access.allows(dataset):
        return
    if dataset in access.without_account:
        from planrag.locations.accounts import no_account

        raise no_account(dataset, access.user)
    who = f" ({access.user})" if access.user else ""
    raise AccessDenied(f"Your account{who} may not ask about the dataset {dataset}; ask the "
                       "person who runs PlanRAG Assistant to give you access.")


def _written(settings: Settings, resolved: Resolved, access: Access | None) -> Checker | None:
    """The check of a dataset whose decisions are written in its manifest: each runs on
    the database its `target` names (the dump in use, for a dataset of dumps), with the
    account of whoever `access` is, as the run's queries do."""
    from planrag.decisions.run import answer_class, rank_on
    from planrag.locations.accounts import for_person
    from planrag.runtime import locate, open_source
    from planrag.simulators.service import question_parameters
    from planrag.simulators.state import as_of_now

    dataset, question = resolved.dataset, resolved.question
    if not dataset.decisions:
        return None
    dump = resolved.location.dump
    ref = DatasetRef(dataset.id, dump.stem if dump is not None else None)

    async def rank(spec: DecisionSpec, values: Mapping[str, Any]) -> tuple[DecisionState,
                                                                         str | None]:
        where = for_person(locate(settings, ref, spec.target), access)
        async with open_source(settings, where) as source:
            state = await rank_on(source, spec, values, settings.limits)
        return state, as_of_now() if where.location.live else None

    typed = answer_class(dataset.decisions)
    params = question_parameters(typed, question.extra) if question else None
    named = question.extra.get("decision") if question else None
    return WrittenChecker(typed, _NO_STATE, params, specs=dataset.decisions, rank=rank,
                          question_decision=named if isinstance(named, str) else None)


def _checker(resolved: Resolved) -> Checker | None:
    from planrag.simulators.service import dataset_simulator, dump_state, question_parameters

    dataset, question = resolved.dataset, resolved.question
    if not dataset.simulator:
        return None
    sim = dataset_simulator(dataset)
    params = question_parameters(sim, question.extra) if question else None
    if resolved.location.live:
        return Checker(sim, _NO_STATE, params)  # the state is read when an answer comes
    if any(spec.query for spec in sim.tables):
        return _Unchecked(
            sim, _NO_STATE, params,
            reason=f"the {sim.name} simulator reads tables by queries, and a dump is parsed, "
            "not queried, so the check could not run; `planrag simulate --dataset "
            f"{dataset.id} --target mysql` (or sqlite) runs it on the loaded copy",
        )
    dump = resolved.location.dump
    assert dump is not None
    sql = check_dump(dataset, question, dump)
    if sql is None:
        what = f"question {question.id}" if question else f"dump {dump.stem}"
        return _Unchecked(
            sim, _NO_STATE, params,
            reason=f"dataset {dataset.id} has no relational (.sql) dump for {what}, "
            "which the simulator reads, so the check could not run",
        )
    return Checker(sim, dump_state(sim, sql.path, dataset.rename_columns), params)


def check_dump(dataset: Dataset, question: Question | None, dump: Dump) -> Dump | None:
    """The relational dump the simulator check reads for a run on `dump`: `dump` itself when
    it is relational; else the question's (with `#QUESTION`), or that of the first question
    asked over `dump`; None when there is none."""
    if dump.form == "sql":
        return dump
    if question is not None:
        return question.sql
    return next((q.sql for q in dataset.questions if q.cypher == dump and q.sql), None)


_NO_STATE = State(tables={}, origin="no relational dump", file_order=False)


@dataclass(frozen=True)
class _Unchecked(Checker):
    """The dataset's simulator without a state to run on: answers keep the simulator's typed
    decision, and every check fails with `reason` (the engine reports it with the answer)."""

    reason: str = "the simulator check could not run"

    def check(
        self, decision: Any, answer_parameters: Mapping[str, Any] | None
    ) -> tuple[SimulatorChecked, SimulationResult] | None:
        raise SimulatorError(self.reason)

    def simulate_one(
        self, decision: Any, given: Mapping[str, Any] | None
    ) -> tuple[Any, float, float, str, Mapping[str, Any]]:
        raise SimulatorError(self.reason)
