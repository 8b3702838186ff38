"""How an engine runs: the technique, consent policy, budgets and limits of its runs."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from planrag.engine.tools import TECHNIQUES
from planrag.errors import ConfigError
from planrag.table import Limits

__all__ = ["Consent", "EngineConfig"]

Consent = Literal["ask", "approve", "reject"]


@dataclass(frozen=True)
class EngineConfig:
    technique: str = "planrag"
    consent: Consent = "ask"
    """What happens to a proposed re-plan: ask the person, or decide by policy."""
    timeout_default: Literal["approve", "reject"] = "reject"
    """What a consent timeout decides (`resume(state, approved=None)`)."""
    on_disagreement: Literal["report", "replan"] = "report"
    """When the simulator ranks another decision first: just report it, or propose a
    re-plan (with consent) in which the model sees the simulator's ranking."""
    max_model_calls: int = 30
    force_answer: bool = True
    """The model's last call is kept for its answer (only final_answer is offered then).
    False: the run simply ends when its calls are spent, without a decision unless one came,
    as the paper's agent stopped after 15 iterations (`planrag eval --protocol paper`)."""
    plan_turns_free: bool = False
    """A model turn that only plans (make_plan or revise_plan) does not count against
    `max_model_calls`, unless the turn before it did the same: the plan travels with the
    next action, as the paper's agent wrote a Plan or Re-plan in the same completion as its
    next action (`planrag eval --protocol paper`, in tool mode)."""
    max_replans: int | None = 4
    """The paper's accuracy falls to 0-13% beyond four re-plans. None: no limit (the
    paper's protocol)."""
    max_rows_shown: int = 20
    max_chars_shown: int = 4000
    observations: Literal["product", "paper"] = "product"
    """How a result is shown to the model: this product's (a line with its id and size, then
    up to `max_rows_shown` rows), or as the paper's agent saw it, pandas' text of the whole
    result with `max_rows_shown` as its `display.max_rows` (planrag.engine.frame_text)."""
    max_repeats: int = 2
    """How often the very same query may run; one more ends the querying."""
    max_idle_turns: int = 2
    """Model turns in a row without a tool call before the run gives up on it."""
    run_timeout_s: float = 600.0
    """Wall time of a run (time spent paused for consent does not count). When it runs out,
    the model gets one last turn of at most `answer_grace_s` to answer from what it has."""
    answer_grace_s: float = 60.0
    answer_at_timeout: bool = True
    """The model gets that last turn to answer when the run's time is up. False: the run
    ends there without a decision unless one came (`planrag eval --protocol paper`, whose
    agent had no time limit and so never such a turn)."""
    max_reply_chars: int = 40_000
    """Characters one model reply may have (text and tool-call arguments); a longer reply is
    stopped there, and so is one caught in a loop (the same chunk over and over)."""
    max_run_chars: int = 400_000
    """Characters all the model's replies of a run may have; once reached, the model is asked
    for its final answer (a reply of at most 4,000 characters more)."""
    max_question_chars: int = 4000
    """The longest question a run takes; a longer one fails before the model is asked."""
    history_turn_chars: int = 4000
    """Characters of one earlier turn of the conversation (its question, decision and
    rationale) sent to the model; a longer turn is cut."""
    history_chars: int = 16_000
    """Characters of all the earlier turns sent to the model together; the oldest are
    dropped first."""
    query_limits: Limits | None = None
    claims_feedback: bool = True
    """Tell the model, once, which numbers of its answer the data does not bear out, so it
    can correct them before the answer is recorded (`planrag.engine.evidence`)."""
    monitors: bool = True
    """The execution monitors speak (planrag.engine.monitors): an empty result's missing
    value, rows cut, a step failing twice, an answer the data or the check does not know.
    Off in the paper's protocol, whose agent had none."""
    plan_checks: bool = True
    """Plans are held to the schema and to what the decision needs, before they are
    accepted and again before the answer (planrag.engine.plan_check). Off in the paper's
    protocol."""
    prompts: Literal["product", "paper"] = "product"
    """The prompts' structure: this product's, or the paper's (a decision-making agent; the
    question and its rules in the first user message; the schema in the query tools'
    descriptions), for `planrag eval --protocol paper`."""
    offer_check: bool = True
    """Offer `final_answer`'s `check`: which of the dataset's checks the question asks
    about, or "none" for a question of fact (off in the paper's protocol, whose agent had
    no such argument)."""
    check_every_answer: bool = False
    """Every answer is checked, whatever the model or the question's words say of it:
    benchmark runs, where every question is the check's decision and the check's best is
    the label (`planrag eval`)."""
    what_if: bool = False
    """Offer the model the simulator itself (`simulate_candidate`): off by default, since
    it lets the model search instead of analyse (and makes the check less independent)."""

    def __post_init__(self) -> None:
        if self.technique not in TECHNIQUES:
            raise ConfigError(
                f"unknown technique {self.technique!r}; choose one of: {', '.join(TECHNIQUES)}"
            )
        for name in ("max_model_calls", "max_rows_shown", "max_chars_shown", "max_repeats"):
            if getattr(self, name) < 1:
                raise ConfigError(f"{name} must be at least 1")
        for name in ("max_reply_chars", "max_run_chars"):
            if getattr(self, name) < 1000:
                raise ConfigError(f"{name} must be at least 1000")
        if ((self.max_replans is not None and self.max_replans < 0)
                or self.run_timeout_s <= 0 or self.answer_grace_s <= 0):
            raise ConfigError(
                "max_replans must be >= 0, run_timeout_s and answer_grace_s > 0"
            )
        if self.max_idle_turns < 0:
            raise ConfigError("max_idle_turns must be >= 0")

    def replans_left(self, done: int) -> bool:
        """Whether a run that proposed `done` re-plans may propose another."""
        return self.max_replans is None or done < self.max_replans
