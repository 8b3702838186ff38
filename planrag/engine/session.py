"""Building an engine for a dataset from settings: sources, rules and the simulator check."""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

from planrag.datasets import Dataset, Dump, Form, Question
from planrag.engine.check import Checker
from planrag.engine.events import SimulatorChecked
from planrag.engine.loop import Engine, EngineConfig
from planrag.engine.model import Model
from planrag.errors import ConfigError, SimulatorError
from planrag.settings import Settings
from planrag.simulators.base import SimulationResult
from planrag.simulators.state import State

__all__ = ["check_dump", "engine_config", "model_from_settings", "open_engine"]


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
        ),
        attempts=settings.model_attempts,
    )
    if settings.model_tools == "off":
        return ReactModel(model)
    if settings.model_tools == "auto":
        return ToolsOrText(model)
    return model


def engine_config(settings: Settings, **overrides: object) -> EngineConfig:
    values: dict[str, object] = {
        "technique": settings.technique,
        "consent": settings.consent,
        "timeout_default": settings.consent_timeout_default,
        "max_model_calls": settings.max_model_calls,
        "max_replans": settings.max_replans,
        "run_timeout_s": settings.run_timeout_s,
        "answer_grace_s": min(60.0, max(5.0, settings.run_timeout_s / 10)),
        "query_limits": settings.limits,
        "what_if": settings.what_if,
    }
    values.update({k: v for k, v in overrides.items() if v is not None})
    return EngineConfig(**values)  # type: ignore[arg-type]


@asynccontextmanager
async def open_engine(
    settings: Settings,
    ref: str,
    target: str,
    model: Model,
    config: EngineConfig | None = None,
) -> AsyncIterator[Engine]:
    """An engine on the dataset `ref` (`DATASET[@DUMP|#QUESTION]`) querying `target`.

    `ref` is resolved to the dump of the target's form (`.cql` for the graph, `.sql`
    otherwise). The simulator check reads the matching relational dump file (the exact
    path, whatever the target); when there is none, the check says it could not run. With
    `#QUESTION` the question's own parameters are used for it."""
    from planrag.runtime import open_source, registry
    from planrag.simulators.service import dataset_simulator, dump_state, question_parameters

    reg = registry(settings)
    form: Form = "cypher" if target == "graph" else "sql"
    dataset, dump = reg.resolve(ref, form)
    question = dataset.question(ref.split("#", 1)[1]) if "#" in ref else None
    checker: Checker | None = None
    if dataset.simulator:
        sim = dataset_simulator(dataset)
        params = question_parameters(sim, question.extra) if question else None
        sql = check_dump(dataset, question, dump)
        if sql is None:
            what = f"question {question.id}" if question else f"dump {dump.stem}"
            checker = _Unchecked(
                sim, _NO_STATE, params,
                reason=f"dataset {dataset.id} has no relational (.sql) dump for {what}, "
                "which the simulator reads, so the check could not run",
            )
        else:
            state = dump_state(sim, sql.path, dataset.rename_columns)
            checker = Checker(sim, state, params)
    async with open_source(settings, ref, target) as source:
        yield Engine(
            model,
            {target: source},
            dataset=ref,
            target=target,
            rules=dataset.rules,
            checker=checker,
            config=config,
        )


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
