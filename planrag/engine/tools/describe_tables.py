"""describe_tables: tables (or labels and relationship types) in full, by name. Offered when
the prompt's schema was cut to its budget."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, Field

from planrag.engine.events import Event
from planrag.engine.state import RunState
from planrag.engine.tools._base import Args, Offer, TextForm
from planrag.engine.tools._lookup import SchemaTool, look_up
from planrag.schema.budget import describe_entities

if TYPE_CHECKING:
    from planrag.engine.calls import ToolCalls

__all__ = ["TOOLS", "DescribeTables"]


class DescribeTables(Args):
    """Show tables (or labels and relationship types) in full: columns, types, keys, foreign
    keys, comments and the tables that refer to them."""

    names: list[str] = Field(min_length=1, max_length=12,
                             description="exact names, as search_schema or the schema shows them")


class DescribeTablesTool(SchemaTool):
    def arguments(self, offer: Offer) -> type[BaseModel]:
        return DescribeTables

    def handle(self, calls: ToolCalls, state: RunState, call_id: str, args: Any
               ) -> AsyncIterator[Event]:
        names: list[str] = args.names
        return look_up(calls, state, call_id, "describe_tables", ", ".join(names),
                       lambda schema: describe_entities(schema, names))


TOOLS = (DescribeTablesTool(
    name="describe_tables", order=41, text=TextForm(words=("describe",), rank=75),
    argument_words={"names": "names"},
),)
