"""self_thinking: the paper's no-op tool ("Self thinking"), for a turn where no database
helps: the model writes its reasoning or a calculation as the input, and nothing comes back
(the paper's tool returned an empty string). Offered only under the paper's prompts
(`EngineConfig.prompts`), while the model may still query."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field

from planrag.engine.events import Event
from planrag.engine.state import RunState
from planrag.engine.tools._base import Args, ModelTool, Offer, TextForm

if TYPE_CHECKING:
    from planrag.engine.calls import ToolCalls

__all__ = ["TOOLS", "SelfThinking"]


class SelfThinking(Args):
    """Useful when no database can help: think it through yourself (a calculation, a
    comparison) by writing it as the input. Nothing comes back."""

    model_config = ConfigDict(extra="ignore")

    input: str = Field(default="", max_length=4000,
                       description="what you think through, in words")


class SelfThinkingTool(ModelTool):
    def offered(self, offer: Offer) -> bool:
        return offer.paper and not offer.answer_only and not offer.retrieve_only

    def arguments(self, offer: Offer) -> type[BaseModel]:
        return SelfThinking

    async def handle(self, calls: ToolCalls, state: RunState, call_id: str, args: Any
                     ) -> AsyncIterator[Event]:
        calls.reply(state, call_id, "")  # the paper's tool returned nothing
        return
        yield  # an async generator that yields no event


TOOLS = (SelfThinkingTool(
    name="self_thinking", order=55,
    text=TextForm(words=("self_think",), rank=60, input_argument="input"),
    argument_words={"input": "what you think through"},
),)
