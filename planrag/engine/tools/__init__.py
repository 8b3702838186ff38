"""The tools a model may call: one module per tool, each declaring its tools in `TOOLS`
(`ModelTool`: name, argument model, description, when it is offered, whether it waits for
consent, how the text format names it, and what a call does).

Everything that knows the tools reads them here: the definitions the model is offered
(`tool_definitions`), the dispatcher (`ToolCalls.handle` looks a call's tool up), the text
format's reader and its words (`planrag.engine.react`), the audit trail
(`planrag.store.Auditor`) and the front ends' "does this turn answer". Adding a tool is
adding its module, and its tests.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterable
from functools import cache
from typing import Any

from planrag.engine.events import Event
from planrag.engine.tools._base import (
    TECHNIQUES,
    AuditEntry,
    ModelTool,
    Offer,
    Technique,
    TextForm,
    validation_message,
)
from planrag.engine.tools._plans import PlanStepArgs
from planrag.engine.tools.describe_tables import DescribeTables
from planrag.engine.tools.final_answer import ClaimArgs, answer_model
from planrag.engine.tools.make_plan import MakePlan
from planrag.engine.tools.propose_check import CheckParameter, ProposeCheck
from planrag.engine.tools.query import RunQuery
from planrag.engine.tools.revise_plan import RevisePlan
from planrag.engine.tools.search_schema import SearchSchema
from planrag.engine.tools.simulate_candidate import what_if_model
from planrag.errors import ConfigError
from planrag.simulators.base import Simulator

__all__ = [
    "TECHNIQUES",
    "CheckParameter",
    "ClaimArgs",
    "DescribeTables",
    "MakePlan",
    "ModelTool",
    "Offer",
    "PlanStepArgs",
    "ProposeCheck",
    "RevisePlan",
    "RunQuery",
    "SearchSchema",
    "Technique",
    "TextForm",
    "all_tools",
    "answer_model",
    "answering",
    "audit_entry",
    "forget_tools",
    "tool_definitions",
    "tool_named",
    "validation_message",
    "what_if_model",
]


@cache
def all_tools() -> tuple[ModelTool, ...]:
    """Every tool, found in this package's modules (each one's `TOOLS`), in the order they
    are offered. Two tools of one name are a mistake in the code, said at once."""
    found: dict[str, ModelTool] = {}
    for info in pkgutil.iter_modules(__path__):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        tools = getattr(module, "TOOLS", None)
        if not isinstance(tools, tuple) or not all(isinstance(t, ModelTool) for t in tools):
            raise ConfigError(f"{module.__name__} defines no TOOLS (a tuple of ModelTool)")
        for tool in tools:
            if tool.name in found:
                raise ConfigError(f"two tools are called {tool.name} ({module.__name__})")
            found[tool.name] = tool
    return tuple(sorted(found.values(), key=lambda t: (t.order, t.name)))


def forget_tools() -> None:
    """Look for the tools' modules again (a test that adds one), and make the definitions
    anew."""
    all_tools.cache_clear()
    tool_definitions.cache_clear()


def tool_named(name: str) -> ModelTool | None:
    """The tool a model calls `name` (None: no tool is called that)."""
    return next((t for t in all_tools() if t.name == name), None)


@cache
def tool_definitions(
    technique: Technique,
    dialects: tuple[str, ...],
    simulator: type[Simulator] | None,
    *,
    answer_only: bool = False,
    retrieve_only: bool = False,
    what_if: bool = False,
    schema_tools: bool = False,
    propose: bool = False,
    schemas: tuple[tuple[str, str], ...] = (),
    checks: tuple[tuple[str, str], ...] = (),
    paper: bool = False,
) -> tuple[dict[str, Any], ...]:
    """OpenAI tool definitions for what the model may call right now (cached: the schemas
    are the same for every run). The arguments are those of an `Offer`: `dialects` are
    those of the open sources (one per query language); `retrieve_only`: the one query of a
    SingleRAG run is still to come, and nothing else; `schemas`: (language, schema text)
    pairs put in the query tools' descriptions, where the paper's prompts keep the schema;
    `checks`: (id, title) of the checks the answer may name; `paper`: the tools as the
    paper's agent had them."""
    offer = Offer(technique, dialects, simulator, answer_only=answer_only,
                  retrieve_only=retrieve_only, what_if=what_if, schema_tools=schema_tools,
                  propose=propose, schemas=schemas, checks=checks, paper=paper)
    return tuple(
        {
            "type": "function",
            "function": {
                "name": name,
                "description": description,
                "parameters": model.model_json_schema(),
            },
        }
        for tool in all_tools() if tool.offered(offer)
        for name, model, description in tool.definitions(offer)
    )


def answering(tool_calls: Iterable[str]) -> bool:
    """Whether a model turn that called these tools gives the run's answer: front ends do
    not show its words above the verdict."""
    names = set(tool_calls)
    return any(tool.answers for tool in all_tools() if tool.name in names)


def audit_entry(event: Event, seen: dict[str, Any]) -> AuditEntry | None:
    """The audit-trail entry the tools write for `event` (None: none of theirs); `seen`
    is the run's memory across events. Each class of tool is asked once."""
    for audit in dict.fromkeys(type(tool).audit for tool in all_tools()):
        entry = audit(event, seen)
        if entry is not None:
            return entry
    return None
