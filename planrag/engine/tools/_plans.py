"""What make_plan and revise_plan share: a plan step's arguments, and the check a plan passes
before it counts (ARCHITECTURE.md, "Plans")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import ConfigDict, Field, StringConstraints

from planrag.engine.plan_check import check_plan
from planrag.engine.state import RunState, StepModel
from planrag.engine.tools._base import Args

if TYPE_CHECKING:
    from planrag.engine.calls import ToolCalls

__all__ = ["STEP_WORDS", "PaperStepArgs", "PlanStepArgs", "checked_steps", "plain_steps"]


class PlanStepArgs(Args):
    goal: str = Field(min_length=1, max_length=400, description="what this step finds out")
    source: Literal["sql", "cypher", "none"] = Field(
        default="none", description="the database the step queries, or none"
    )
    reads: list[Annotated[str, StringConstraints(min_length=1, max_length=200)]] = Field(
        default_factory=list, max_length=20,
        description="what the step reads, named as the schema names it: tables (or node "
        "labels and relationship types) and the columns it needs, as `table` or "
        "`table.column`, e.g. [\"orders.qty\", \"orders.store_id\", \"stores\"]",
    )
    yields: str = Field(default="", max_length=300,
                        description="the quantity the step produces, in a few words")


class PaperStepArgs(Args):
    # The paper's step is one requirement in words; what else a model adds (a product
    # plan's `reads`, say) is dropped, not refused: the paper's agent was not held to more.
    model_config = ConfigDict(extra="ignore")

    goal: str = Field(min_length=1, max_length=400,
                      description="the requirement this step collects, in words")


def plain_steps(steps: list[PlanStepArgs] | list[PaperStepArgs]) -> list[PlanStepArgs]:
    """The paper's steps (a requirement each) as plan steps of the product's form."""
    return [s if isinstance(s, PlanStepArgs) else PlanStepArgs(goal=s.goal) for s in steps]


STEP_WORDS = {"goal": "goal of the step", "reads": "names of what the step reads",
              "yields": "quantity the step yields"}
"""What a step's arguments hold, in words (`ModelTool.argument_words`)."""


async def checked_steps(calls: ToolCalls, state: RunState, tool: str,
                        steps: list[PlanStepArgs] | list[PaperStepArgs]
                        ) -> list[StepModel] | str:
    """The plan's steps, held to the schema and the decision's needs (or the message that
    sends it back); taken as written when plan checks are off."""
    steps = plain_steps(steps)
    if calls.config.plan_checks:
        return await check_plan(calls.sources, calls.required_for(state), state, tool, steps)
    return [StepModel(goal=s.goal, source=s.source, reads=[" ".join(r.split())
                                                            for r in s.reads],
                      yields=s.yields.strip()) for s in steps]
