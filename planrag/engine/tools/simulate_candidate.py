"""simulate_candidate: the decision simulator asked what one candidate would give. Offered
only when the engine offers the simulator itself (`EngineConfig.what_if`, off by default:
it lets the model search the answer instead of finding it in the data)."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from functools import cache
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, create_model

from planrag.engine.events import CandidateSimulated, Event
from planrag.engine.state import RunState
from planrag.engine.tools._base import Args, ModelTool, Offer, TextForm
from planrag.engine.tools.final_answer import decision_fields
from planrag.errors import PlanRAGError
from planrag.simulators.base import Simulator

if TYPE_CHECKING:
    from planrag.engine.calls import ToolCalls

__all__ = ["TOOLS", "what_if_model"]


@cache
def what_if_model(simulator: type[Simulator]) -> type[BaseModel]:
    """The `simulate_candidate` arguments: one decision (and the question's parameters)."""
    return create_model("SimulateCandidate", __base__=Args, **decision_fields(simulator))


class SimulateCandidateTool(ModelTool):
    def offered(self, offer: Offer) -> bool:
        return not offer.answer_only and offer.what_if and offer.simulator is not None

    def arguments(self, offer: Offer) -> type[BaseModel]:
        assert offer.simulator is not None  # only offered with a simulator
        return what_if_model(offer.simulator)

    def description(self, offer: Offer) -> str:
        simulator = offer.simulator
        assert simulator is not None
        return ("Ask the decision simulator what one candidate decision would give "
                f"({simulator.objective} {simulator.title}).")

    async def handle(self, calls: ToolCalls, state: RunState, call_id: str, args: Any
                     ) -> AsyncIterator[Event]:
        assert calls.checker is not None  # the tool is only offered with a simulator
        given = args.parameters.model_dump(mode="json") if args.parameters else None
        try:
            checker = await calls.checker.prepared(args.decision, given,
                                                   getattr(args, "check", None))
            outcome = checker.simulate_one(args.decision, given)
        except PlanRAGError as exc:
            calls.reply(state, call_id, f"the simulator could not run it: {exc}")
            return
        decision, value, baseline, description, details = outcome
        state.check_numbers += [value, baseline]
        calls.reply(
            state, call_id,
            f"simulated {decision}: {description} = {value!r} (taking no decision: "
            f"{baseline!r}); details: {json.dumps(details, default=str)}",
        )
        yield CandidateSimulated(decision, value, baseline, description, dict(details))


TOOLS = (SimulateCandidateTool(
    name="simulate_candidate", order=50,
    text=TextForm(words=("simulat", "what_if", "candidate"), rank=60),
    argument_words={"decision": "decision"},
),)
