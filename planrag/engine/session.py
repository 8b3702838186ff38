"""Building an engine for a dataset from settings: sources, rules and the simulator check."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from planrag.engine.check import Checker
from planrag.engine.loop import Engine, EngineConfig
from planrag.engine.model import Model
from planrag.errors import ConfigError
from planrag.settings import Settings

__all__ = ["engine_config", "model_from_settings", "open_engine"]


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

    The simulator check reads the dataset's dump file (the exact path, whatever the target);
    with `#QUESTION` the question's own parameters are used for it."""
    from planrag.runtime import open_source, registry
    from planrag.simulators.service import dataset_simulator, dump_state, question_parameters

    reg = registry(settings)
    dataset, dump = reg.resolve(ref, "sql")
    question = dataset.question(ref.split("#", 1)[1]) if "#" in ref else None
    checker = None
    if dataset.simulator:
        sim = dataset_simulator(dataset)
        state = dump_state(sim, dump.path, dataset.rename_columns)
        params = question_parameters(sim, question.extra) if question else None
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
