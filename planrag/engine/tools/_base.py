"""What every model tool is made of: the declaration (`ModelTool`), what decides whether it
is offered (`Offer`), how the text format writes it (`TextForm`), and the techniques.

A tool's pydantic argument model is its contract: the JSON schema the model sees is generated
from it, and every call is validated against it (an invalid call goes back to the model with
the validation errors). Names, arguments and schemas are a public interface: they change
only by adding.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, ValidationError

from planrag.engine.events import Event
from planrag.simulators.base import Simulator
from planrag.sources.base import Language

if TYPE_CHECKING:
    from planrag.engine.calls import ToolCalls
    from planrag.engine.state import RunState

__all__ = [
    "TECHNIQUES",
    "Args",
    "AuditEntry",
    "Definition",
    "ModelTool",
    "Offer",
    "Technique",
    "TextForm",
    "validation_message",
]


class Args(BaseModel):
    # No docstring: a model's own docstring is its description in the JSON schema.
    model_config = ConfigDict(extra="forbid")


@dataclass(frozen=True)
class Technique:
    name: str
    plan: bool
    """The model writes a plan before it queries."""
    replan: bool
    """The model may propose a new plan (with the person's consent)."""
    iterative: bool
    """The model may query as often as its budget allows (False: the paper's SingleRAG:
    exactly one query, run once whether it fails or not, then the answer in a separate,
    answer-only prompt that holds the question, that query and what it returned)."""


TECHNIQUES = {
    "planrag": Technique("planrag", plan=True, replan=True, iterative=True),
    "planrag-norp": Technique("planrag-norp", plan=True, replan=False, iterative=True),
    "iterrag": Technique("iterrag", plan=False, replan=False, iterative=True),
    "singlerag": Technique("singlerag", plan=False, replan=False, iterative=False),
}


@dataclass(frozen=True)
class Offer:
    """What decides which tools the model is offered now, and how they read: the technique,
    the engine's options and the run's phase (`ToolCalls.offer` reads them off the run's
    state). Hashable, so the definitions made from one are made once."""

    technique: Technique
    dialects: tuple[str, ...]
    """Those of the open sources: each query tool says which dialect to write
    (`planrag.guards.dialects`)."""
    simulator: type[Simulator] | None
    """The dataset's check, which types the answer's decision (None: free text)."""
    answer_only: bool = False
    """Only the answer is left: a budget is reached, or SingleRAG made its one query."""
    retrieve_only: bool = False
    """SingleRAG's first turn: its one query is still to come, and nothing else (no answer
    yet, nor a check to propose)."""
    what_if: bool = False
    """The engine offers the simulator itself (`EngineConfig.what_if`)."""
    schema_tools: bool = False
    """The prompt's schema was cut to its budget: the model may look the rest up."""
    propose: bool = False
    """The dataset has no check and none was proposed yet: the model may propose one."""
    schemas: tuple[tuple[str, str], ...] = ()
    """(language, schema text) pairs for the query tools' descriptions, where the paper's
    prompts keep the schema."""
    checks: tuple[tuple[str, str], ...] = ()
    """(id, title) of each check the answer may name as the one the question asks about
    (the dataset's, and the check proposed in this run): `final_answer` offers them and
    "none" as its `check`; empty: no such argument."""
    paper: bool = False
    """The paper's prompts (`EngineConfig.prompts`): the tools read as the paper's agent's
    did, without this product's scaffolding (what a plan step reads and yields, an answer's
    claims, checks and consent that do not happen there), and the paper's no-op thinking
    tool is offered."""


@dataclass(frozen=True)
class TextForm:
    """How the ReAct text format (`planrag.engine.react`) names a tool, for models that
    cannot call tools: they write `Action: <name>` lines, in their own words."""

    words: tuple[str, ...] = ()
    """Words an `Action:` line may name it by, found anywhere in what it wrote, lower case
    and snake_case (`MySQL` holds `sql`)."""
    rank: int = 50
    """Which tool's words are looked for first (lower first): a tool whose word holds
    another's (`replan` holds `plan`) is looked for before it."""
    said: tuple[tuple[str, str], ...] = ()
    """The engine's words to the model that name this tool (regular expressions, in order),
    and what they become in the text format, which has no tool to call: "call final_answer"
    becomes "write your `Final answer:` line"."""
    input_argument: str = ""
    """The argument a plain-text `Action input` fills (a tool whose input is words, not a
    JSON object); empty: the input is its JSON arguments."""


Definition = tuple[str, type[BaseModel], str]
"""A tool as offered: its name, its argument model and its description."""

AuditEntry = tuple[str, dict[str, Any]]
"""An entry of the audit trail: its kind and its fields (`planrag.store.Auditor`)."""


@dataclass(frozen=True, eq=False, kw_only=True)
class ModelTool(ABC):
    """One tool a model may call. A module of `planrag.engine.tools` declares its tools in
    `TOOLS`; the definitions the model is offered, the dispatcher (`ToolCalls.handle`), the
    text format's reader and the audit trail all follow from these declarations, so adding
    a tool is adding its module."""

    name: str
    """What the model calls it."""
    order: int
    """Where it stands among the tools offered (lower first)."""
    consent: bool = False
    """Whether what it proposes waits for the person's approval (or the consent setting)
    before it counts."""
    answers: bool = False
    """Whether a call gives the run's answer (front ends do not show the words of the reply
    that makes it above the verdict)."""
    language: Language | None = None
    """The query language it runs (the query tools): the text format takes its `Action
    input` as the query alone, and the turn's `Current step:`, `Thought:` and `Re-plan:`
    lines fill its arguments."""
    text: TextForm = field(default_factory=TextForm)
    argument_words: Mapping[str, str] = field(default_factory=dict)
    """What its arguments hold, in words, by argument name: said when a model writes the
    instructions' placeholder instead of a value ("write the real decision")."""

    @abstractmethod
    def offered(self, offer: Offer) -> bool:
        """Whether the model may call it now."""

    @abstractmethod
    def arguments(self, offer: Offer) -> type[BaseModel]:
        """Its argument model (some are typed by the dataset's check)."""

    def description(self, offer: Offer) -> str:
        """What the model reads about it: by default its argument model's docstring."""
        return " ".join((self.arguments(offer).__doc__ or "").split())

    def definitions(self, offer: Offer) -> tuple[Definition, ...]:
        """How it is offered: once, unless it is offered once per dialect (the queries)."""
        return ((self.name, self.arguments(offer), self.description(offer)),)

    @abstractmethod
    def handle(self, calls: ToolCalls, state: RunState, call_id: str, args: Any
               ) -> AsyncIterator[Event]:
        """What a call does: `args` are its validated arguments; it answers the call (one
        tool message, `calls.reply`) and yields the events it causes."""

    @staticmethod
    def audit(event: Event, seen: dict[str, Any]) -> AuditEntry | None:
        """The audit-trail entry for one of the events its calls cause (None: not audited).
        `seen` is the run's memory across events (a query's text, for its result). Tools of
        one class (the query tools) share it: it is asked once per class."""
        return None


def validation_message(tool: str, exc: ValidationError) -> str:
    parts = []
    for err in exc.errors()[:8]:
        where = ".".join(str(p) for p in err.get("loc", ())) or "arguments"
        parts.append(f"{where}: {err.get('msg', 'invalid')}")
    return f"invalid arguments for {tool}: " + "; ".join(parts) + ". Call it again, fixed."
