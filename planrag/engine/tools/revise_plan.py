"""revise_plan: a new plan when the current one proved wrong or incomplete. Offered with a
technique that re-plans; the new plan is checked like the first, then waits for the person's
consent (or the consent setting), unless a monitor's re-plan was approved already."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, Field

from planrag.engine import plan_changes
from planrag.engine.events import Event, PlanMade, ReplanProposed
from planrag.engine.state import PendingReplan, RunState, StepModel
from planrag.engine.tools._base import Args, ModelTool, Offer, TextForm
from planrag.engine.tools._plans import STEP_WORDS, PaperStepArgs, PlanStepArgs, checked_steps

if TYPE_CHECKING:
    from planrag.engine.calls import ToolCalls

__all__ = ["TOOLS", "RevisePlan", "revise"]


class RevisePlan(Args):
    """Propose a new plan when the current one proved wrong or incomplete. The person is
    asked to confirm it; if they refuse, continue with the current plan. Each step says
    what it reads and yields, as in make_plan, and is checked the same way."""

    reason: str = Field(min_length=1, max_length=600, description="why the plan must change")
    steps: list[PlanStepArgs] = Field(min_length=1, max_length=12)


class PaperReplan(Args):
    """Change the plan when it is not helpful any more, and go on with the new one: the new
    steps, one for each requirement still to collect. Send it with the next query."""

    reason: str = Field(min_length=1, max_length=600,
                        description="why the current plan is not helpful")
    steps: list[PaperStepArgs] = Field(min_length=1, max_length=12)


async def revise(calls: ToolCalls, state: RunState, call_id: str,
                 revision: RevisePlan | PaperReplan
                 ) -> AsyncIterator[Event]:
    """A proposed re-plan: checked, then put to the person (make_plan, called again with a
    plan already made, comes here too)."""
    if state.plan is None:
        calls.reply(state, call_id, "there is no plan yet: call make_plan")
        return
    monitored = state.monitors.approved is not None  # re-planning was approved already
    if not monitored and not calls.config.replans_left(state.replans):
        calls.reply(state, call_id, "no more re-plans are allowed; the current plan stands")
        calls.answer_now(state, "max_replans")
        return
    steps = await checked_steps(calls, state, "revise_plan", revision.steps)
    if isinstance(steps, str):  # sent back before the person is asked
        calls.reply(state, call_id, steps)
        return
    if monitored:
        yield _monitored_plan(calls, state, call_id, steps)
        return
    state.replans += 1
    pending = PendingReplan(call_id=call_id, reason=revision.reason, steps=steps)
    yield ReplanProposed(
        revision.reason,
        tuple(s.event() for s in state.plan),
        tuple(s.event() for s in pending.steps),
    )
    for event in calls.ask_or_decide(state, pending):
        yield event


def _monitored_plan(calls: ToolCalls, state: RunState, call_id: str, steps: list[StepModel]
                    ) -> PlanMade:
    """The new plan after an approved monitor re-plan, checked like any plan: taken without
    a second question (the person approved re-planning for this finding)."""
    finding, state.monitors.approved = state.monitors.approved, None
    plan_changes.approved(state, "monitor", state.plan or [], steps)
    state.plan = steps
    state.plan_revision += 1
    state.stage = "querying"
    calls.reply(state, call_id, "The new plan is accepted (the person approved re-planning "
                "for this reason); follow it, starting with step 0.")
    return PlanMade(tuple(s.event() for s in state.plan), state.plan_revision, finding)


class RevisePlanTool(ModelTool):
    def offered(self, offer: Offer) -> bool:
        return offer.technique.replan and not offer.answer_only

    def arguments(self, offer: Offer) -> type[BaseModel]:
        return PaperReplan if offer.paper else RevisePlan

    def handle(self, calls: ToolCalls, state: RunState, call_id: str, args: Any
               ) -> AsyncIterator[Event]:
        return revise(calls, state, call_id, args)


TOOLS = (RevisePlanTool(
    name="revise_plan", order=20, consent=True,
    text=TextForm(words=("revise", "replan", "re_plan"), rank=40, said=(
        (r"\b(?:call|calling|use|using) revise_plan\b",
         "write `Re-plan: Y` with the new `Plan:`"),
        (r"\brevise_plan\b", "`Re-plan: Y`"),
    )),
    argument_words={"reason": "reason", **STEP_WORDS},
),)
