"""A run's state: everything needed to continue it in another process.

A run pauses when it needs the person's consent (a proposed re-plan). The state then travels
as JSON (a Slack reply arrives in a different request, maybe after a restart) and
`Engine.resume` continues from it. Tables fetched by queries are not part of it: the model has
seen their previews, which are in the messages.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from opentelemetry.trace import Span
from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, ValidationError

from planrag.engine.events import PlanStep, Usage
from planrag.errors import RunError

__all__ = ["ApprovedChange", "MonitorState", "PendingReplan", "QueryRecord", "RunState",
           "StepModel", "Turn", "earlier_turns"]

STATE_VERSION = 1


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class StepModel(_Model):
    goal: str
    source: Literal["sql", "cypher", "none"] = "none"
    status: Literal["pending", "running", "done", "skipped"] = "pending"
    reads: list[str] = Field(default_factory=list)
    """What it reads, as the schema names it (checked when the plan was made)."""
    yields: str = ""

    def event(self) -> PlanStep:
        return PlanStep(self.goal, self.source, self.status, tuple(self.reads), self.yields)


class QueryRecord(_Model):
    id: str
    language: Literal["sql", "cypher"]
    query: str
    step: int | None = None
    outcome: Literal["ok", "refused", "failed"]
    rows: int = 0


class PendingReplan(_Model):
    call_id: str
    reason: str
    steps: list[StepModel]
    by: Literal["model", "simulator", "check", "monitor"] = "model"
    """"check": whether the check the assistant proposed ranks the answer; "monitor": an
    execution monitor found the plan cannot go on (`reason` is its finding, `steps` empty:
    the model writes the new plan once the person approves)."""


class ApprovedChange(_Model):
    """A change of plan as approved, to say with the answer what it changed
    (`planrag.engine.plan_changes`)."""

    by: Literal["model", "simulator", "monitor"]
    added: list[str] = Field(default_factory=list)
    removed: list[str] = Field(default_factory=list)
    steps: list[int] = Field(default_factory=list)
    """The positions of the added steps in the new plan (their queries name them)."""
    since: int = 0
    """How many queries had run when it was approved: its queries come after."""
    before: Any = None
    before_label: str = ""


class MonitorState(_Model):
    """What the execution monitors (planrag.engine.monitors) remember across turns and
    pauses."""

    failures: dict[str, int] = Field(default_factory=dict)
    """Refused or failed queries per plan step, keyed "revision:step"."""
    proposed: list[str] = Field(default_factory=list)
    """The "revision:step" keys a monitor re-plan was proposed for (once each)."""
    approved: str | None = None
    """The finding of an approved monitor re-plan whose new plan the model has not written
    yet: its revise_plan is then taken without asking again."""
    told: list[str] = Field(default_factory=list)
    """Answers the model was told a finding about (by decision): said once, then kept."""


class Turn(_Model):
    """An earlier question of the same conversation and what was decided."""

    question: str
    decision: Any = None
    rationale: str = ""
    factual: bool = False
    """The answer was one of fact, not a decision."""

    def size(self) -> int:
        """Its characters: the question, the decision and the rationale."""
        return len(self.question) + len(_said(self.decision)) + len(self.rationale)

    def cut(self, most: int) -> Turn:
        """This turn in at most `most` characters: the decision kept to a quarter, the
        question to half of what is left if the rationale needs the rest; cut text ends in
        an ellipsis."""
        if self.size() <= most:
            return self
        decision = self.decision
        if decision is not None and len(_said(decision)) > most // 4:
            decision = _shortened(_said(decision), most // 4)
        room = most - len(_said(decision))
        question = _shortened(self.question, max(room // 2, room - len(self.rationale)))
        rationale = _shortened(self.rationale, room - len(question))
        return self.model_copy(update={"question": question, "decision": decision,
                                       "rationale": rationale})


def earlier_turns(history: Sequence[Turn], turn_chars: int, total_chars: int) -> list[Turn]:
    """The earlier turns a run sends its model: each cut to `turn_chars` characters, and the
    newest of them that fit together in `total_chars` (the oldest dropped first), so no
    request to the model grows with the conversation a front end or a client passes."""
    kept: list[Turn] = []
    used = 0
    for turn in reversed(history):
        turn = turn.cut(min(turn_chars, total_chars))
        used += turn.size()
        if used > total_chars:
            break
        kept.append(turn)
    return kept[::-1]


def _said(decision: Any) -> str:
    return "" if decision is None else str(decision)


def _shortened(text: str, most: int) -> str:
    return text if len(text) <= most else text[:max(most - 1, 0)] + "\u2026"


class RunState(_Model):
    version: int = STATE_VERSION
    run_id: str
    question: str
    dataset: str
    target: str
    technique: str
    messages: list[dict[str, Any]]
    plan: list[StepModel] | None = None
    plan_revision: int = 0
    replans: int = 0
    """Re-plans proposed (approved or not)."""
    queries: list[QueryRecord] = Field(default_factory=list)
    refused: int = 0
    errors: int = 0
    usage: dict[str, float] = Field(default_factory=dict)
    pending: PendingReplan | None = None
    proposal: dict[str, Any] | None = None
    """The check the model proposed (`propose_check`), as a `[[decisions]]` entry, and once
    the person decides, "approved" and "approved_by"."""
    queued_calls: list[dict[str, str]] = Field(default_factory=list)
    """Tool calls of the last model turn not handled yet (a pause can come mid-turn)."""
    answer: dict[str, Any] | None = None
    """The last final answer the model proposed."""
    answer_only: str | None = None
    """Set to the name of a budget once one is reached: only final_answer is offered."""
    announced_at: int | None = None
    """Model calls made when the model was told only final_answer is left."""
    simulator_replans: int = 0
    check_numbers: list[float] = Field(default_factory=list)
    """Numbers the product's own check reported to the model in this run (a proposed
    check's sample values and baseline, a what-if's value, the simulator's ranking): an
    answer may state them as sourced ("from the check")."""
    claims_told: bool = False
    """The model was told which numbers of an answer the data does not bear out."""
    idle_turns: int = 0
    """Model turns in a row without a tool call."""
    query_turns: int = 0
    queried_last_turn: bool = False
    """(Unused: kept so that states saved by earlier versions still load.)"""
    plan_turns: int = 0
    """Model calls that only planned and did not count against the run's calls
    (`EngineConfig.plan_turns_free`)."""
    planned_alone: bool = False
    """The model's last turn only planned, without counting: the next one counts."""
    tool_schemas: dict[str, str] = Field(default_factory=dict)
    """The paper's prompts: each query language's schema, given in its tool's
    description instead of the system prompt."""
    answer_prompt: bool = False
    """SingleRAG: its one query ran, and the answer-only prompt replaced the retrieving
    conversation (`Engine._answer_prompt`)."""
    seconds: float = 0.0
    """Run time spent before the last pause."""
    overtime: bool = False
    """The run's time ran out; the model has one last turn (a grace period) to answer."""
    stage: str = "planning"
    history: list[Turn] = Field(default_factory=list)
    rejected_steps: list[str] = Field(default_factory=list)
    """Goals of the steps of re-plans the person rejected: they do not run."""
    schema_tools: bool = False
    """The first prompt held only part of a large schema: the model may search and describe
    the rest (search_schema, describe_tables)."""
    plan_sent_back: dict[str, int] = Field(default_factory=dict)
    """How often a plan was sent back for leaving out each needed quantity (at most
    twice each; then the plan stands and the finding is kept in `plan_notes`)."""
    plan_notes: list[str] = Field(default_factory=list)
    """What the plan checks found and let stand, for the answer to show."""
    told_before_answer: list[str] = Field(default_factory=list)
    """The before-the-answer checks that spoke to the model (each speaks once a run)."""
    monitors: MonitorState = Field(default_factory=MonitorState)
    approved_changes: list[ApprovedChange] = Field(default_factory=list)
    """The changes of plan approved in this run, for the answer to say what they changed."""
    _trace: Span | None = PrivateAttr(default=None)

    @property
    def trace(self) -> Span | None:
        """The run's span (planrag.telemetry) while it runs in this process: its model
        calls, queries and check are its children. Never serialised: a run resumed after a
        pause, maybe elsewhere, gets a span of its own."""
        return self._trace

    @trace.setter
    def trace(self, span: Span | None) -> None:
        self._trace = span

    def usage_event(self) -> Usage:
        u = self.usage
        return Usage(
            int(u.get("model_calls", 0)),
            int(u.get("prompt_tokens", 0)),
            int(u.get("completion_tokens", 0)),
            float(u.get("model_seconds", 0.0)),
            int(u.get("unreported_calls", 0)),
        )

    def counted_calls(self) -> int:
        """Model calls that count against the run's calls (those that only planned, where
        they are free, do not)."""
        return int(self.usage.get("model_calls", 0)) - self.plan_turns

    def add_usage(
        self, prompt: int, completion: int, seconds: float, reported: bool = True
    ) -> None:
        """Count one model call; `reported=False` when the server gave no token counts."""
        u = self.usage
        u["model_calls"] = u.get("model_calls", 0) + 1
        if not reported:
            u["unreported_calls"] = u.get("unreported_calls", 0) + 1
        u["prompt_tokens"] = u.get("prompt_tokens", 0) + prompt
        u["completion_tokens"] = u.get("completion_tokens", 0) + completion
        u["model_seconds"] = u.get("model_seconds", 0.0) + seconds

    def to_json(self) -> str:
        return self.model_dump_json()

    @classmethod
    def from_json(cls, text: str) -> RunState:
        try:
            state = cls.model_validate_json(text)
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p) for p in first.get("loc", ())) or "state"
            raise RunError(
                f"the paused run cannot be read ({where}: {first.get('msg')}); "
                "it may be from another version or damaged: ask the question again"
            ) from None
        if state.version != STATE_VERSION:
            raise RunError(
                f"the paused run was saved by state version {state.version}, this engine reads "
                f"{STATE_VERSION}: ask the question again"
            )
        return state
