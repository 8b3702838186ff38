"""What several command groups of the command line share: running a coroutine with the
pools closed after it, the team's history store, the model (or the scripted walkthrough) a
run answers with, `--param NAME=VALUE`, and a dataset's written decisions tried."""

from __future__ import annotations

import argparse
import asyncio
import json
from collections.abc import Coroutine
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeAlias, TypeVar

from planrag.locations import target_names
from planrag.settings import Settings
from planrag.utf8 import InputNotText, lone_surrogate

if TYPE_CHECKING:
    from planrag.engine.policy import Uncovered
    from planrag.store import Store

__all__ = [
    "NO_MODEL",
    "TARGETS",
    "Subparsers",
    "chosen_model",
    "dataset_of",
    "decision_status",
    "parameters",
    "require_model",
    "run_async",
    "team_store",
    "walkthrough_refusal",
]

Subparsers: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"
"""Where a command group adds its command (`add_subparsers()` of `planrag`)."""

TARGETS = target_names()
_T = TypeVar("_T")


def run_async(work: Coroutine[Any, Any, _T]) -> _T:
    """Run `work` on a fresh event loop, closing the shared connection pools before the loop
    ends (they belong to it)."""

    async def run() -> _T:
        from planrag.runtime import close_shared

        try:
            return await work
        finally:
            await close_shared()

    return asyncio.run(run())


def team_store(settings: Settings) -> Store:
    from planrag.errors import ConfigError
    from planrag.store import Store, history_url

    url = history_url(settings)
    if url is None:
        raise ConfigError("PLANRAG_HISTORY_URL is off: nothing is kept to read")
    if url.startswith("sqlite"):
        path = Path(url.partition(":///")[2])
        if not path.is_file():
            raise ConfigError(f"no history database at {path} yet: it is made when the chat "
                              "first starts with sign-in (see the README, Teams)")
    return Store(url)


def parameters(args: argparse.Namespace) -> dict[str, Any]:
    from planrag.errors import SimulatorInputError

    raw: dict[str, Any] = {}
    for item in args.param:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise SimulatorInputError(f"--param {item!r}: write it as NAME=VALUE")
        try:
            raw[name.strip()] = json.loads(value)
        except json.JSONDecodeError:
            raw[name.strip()] = value
        if lone_surrogate(raw[name.strip()]):
            raise InputNotText(f"--param {name.strip()}: its value holds an unpaired surrogate "
                               "escape (\\ud800 to \\udfff alone), which is no text; write "
                               "the character itself")
    for name in ("country", "home", "goods"):
        if getattr(args, name) is not None:
            raw[name] = getattr(args, name)
    return raw


def decision_status(settings: Settings, ds: Any, usable: bool) -> dict[str, Any]:
    """The dataset's written decisions, each tried on its database (a dry run): a broken
    one is listed with its reason, and the rest of the dataset is unaffected."""
    from planrag.decisions.service import check_decisions

    if not ds.decisions and not ds.decision_problems:
        return {}
    tried = {c.spec.id: c for c in run_async(check_decisions(settings, ds))} if usable else {}
    out: list[dict[str, Any]] = []
    for spec in ds.decisions:
        entry: dict[str, Any] = {"id": spec.id, "title": spec.title}
        check = tried.get(spec.id)
        if check is not None and check.error:
            entry["error"] = check.error
        elif check is not None and check.untried:
            entry["untried"] = check.untried
        out.append(entry)
    out += [{"id": k, "error": v} for k, v in ds.decision_problems.items()]
    return {"decisions": out}


def required_status(settings: Any, ds: Any, usable: bool) -> dict[str, Any]:
    """The dataset's `required` entries that cannot be used (no name, or not in its
    databases' schemas), one line each; the rest of the dataset is unaffected."""
    from planrag.decisions.service import check_required

    if not ds.required_problems and not (usable and ds.required):
        return {}
    found = (run_async(check_required(settings, ds)) if usable
             else list(ds.required_problems))
    return {"required_problems": found} if found else {}


NO_MODEL = ("no model is configured: set PLANRAG_MODEL with PLANRAG_MODEL_API_KEY (OpenAI) or "
            "PLANRAG_MODEL_BASE_URL (Ollama, vLLM, llama.cpp) in .env (see .env.example), or "
            "add --scripted to run the scripted walkthrough on the shipped datasets")


def require_model(settings: Settings, scripted: bool) -> None:
    """A configured model, unless the scripted walkthrough was asked for: else one line
    saying both ways on."""
    from planrag.errors import ConfigError

    if not scripted and not settings.model_configured:
        raise ConfigError(NO_MODEL)


def walkthrough_refusal(problem: Uncovered) -> str:
    """`--scripted` answers only the question its dataset's walkthrough was written for:
    anything else (another dataset, another question, a missing parameter) is one line,
    with the way on."""
    how = {"dataset": " Without --scripted a model answers (README, \"Asking questions\").",
           "question": f" E.g. \u201c{problem.example}\u201d. For any other question, set up "
                       "a model and leave out --scripted (README, \"Asking questions\").",
           "parameter": ""}[problem.kind]
    return problem.text + how


def chosen_model(settings: Settings, scripted: bool, simulator: str | None = None) -> Any:
    from planrag.engine.policy import policy_model
    from planrag.service.runs import model_for

    if scripted:  # (the walkthrough for a simulator named by the command's dataset)
        return policy_model(simulator=simulator)
    return model_for(settings)


def dataset_of(settings: Settings, ref: str) -> Any:
    from planrag.runtime import registry

    return registry(settings).named(ref)


