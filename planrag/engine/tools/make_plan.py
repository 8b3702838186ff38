"""make_plan: the plan of data analyses that answers the decision question, written before
the first query. Offered with a planning technique; checked against the schema and what the
decision needs before it counts. A second make_plan is taken as a re-plan, where the
technique re-plans."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, Field

from planrag.engine.events import Event, PlanMade
from planrag.engine.state import RunState
from planrag.engine.tools._base import Args, ModelTool, Offer, TextForm
from planrag.engine.tools._plans import (
    STEP_WORDS,
    PaperStepArgs,
    PlanStepArgs,
    checked_steps,
    plain_steps,
)
from planrag.engine.tools.revise_plan import RevisePlan, revise

if TYPE_CHECKING:
    from planrag.engine.calls import ToolCalls

__all__ = ["TOOLS", "MakePlan"]


class MakePlan(Args):
    """Write the plan of data analyses that will answer the decision question. For each
    step say what it reads (`reads`: the tables or labels and the columns it needs, as the
    schema names them) and what it yields; a plan naming what the schema does not have, or
    leaving out data the decision needs, is sent back with the reason."""

    steps: list[PlanStepArgs] = Field(min_length=1, max_length=12)


class PaperPlan(Args):
    """Plan which data the question needs and in what order: one step for each requirement
    (Step 1: the first, Step 2: the next, ...). Send it with the query of its first step."""

    steps: list[PaperStepArgs] = Field(min_length=1, max_length=12)


class MakePlanTool(ModelTool):
    def offered(self, offer: Offer) -> bool:
        return offer.technique.plan and not offer.answer_only

    def arguments(self, offer: Offer) -> type[BaseModel]:
        return PaperPlan if offer.paper else MakePlan

    async def handle(self, calls: ToolCalls, state: RunState, call_id: str, args: Any
                     ) -> AsyncIterator[Event]:
        plan: MakePlan | PaperPlan = args
        if state.plan is not None:
            if not calls.technique.replan:
                calls.reply(state, call_id, "the plan is fixed in this mode; carry it out")
                return
            revised = RevisePlan(reason="a new plan was made", steps=plain_steps(plan.steps))
            async for event in revise(calls, state, call_id, revised):
                yield event
            return
        steps = await checked_steps(calls, state, "make_plan", plan.steps)
        if isinstance(steps, str):  # sent back: not the plan, no event
            calls.reply(state, call_id, steps)
            return
        state.plan = steps
        state.stage = "querying"
        calls.reply(state, call_id, "The plan is made; carry out its first step."
                    if calls.config.prompts == "paper"  # its steps count from 1 there
                    else "Plan accepted. Carry out step 0 first.")
        yield PlanMade(tuple(s.event() for s in state.plan), 0)


TOOLS = (MakePlanTool(
    name="make_plan", order=10,
    text=TextForm(words=("plan",), rank=50, said=(
        (r"\((?:call )?make_plan\)", "(a `Plan:` line)"),
        (r"\b(?:call|calling|use|using) make_plan\b", "write your `Plan:` line"),
        (r"\bmake_plan\b", "`Plan:`"),
    )),
    argument_words=STEP_WORDS,
),)
