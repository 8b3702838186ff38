"""search_schema: the tables (or labels and relationship types) whose names, columns or
comments match a few words, or that hold a value the words name. Offered when the prompt's
schema was cut to its budget."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, Field

from planrag.engine.events import Event
from planrag.engine.state import RunState
from planrag.engine.tools._base import Args, Offer, TextForm
from planrag.engine.tools._lookup import SchemaTool, look_up
from planrag.schema.budget import search_schema

if TYPE_CHECKING:
    from planrag.engine.calls import ToolCalls

__all__ = ["TOOLS", "SearchSchema"]


class SearchSchema(Args):
    """Search the database schema for tables (or node labels and relationship types) whose
    names, columns or comments match a few words; use it when the schema above does not show
    what you need."""

    terms: str = Field(min_length=1, max_length=200,
                       description="a few words or a name fragment, e.g. 'shipment carrier'")


class SearchSchemaTool(SchemaTool):
    def arguments(self, offer: Offer) -> type[BaseModel]:
        return SearchSchema

    def handle(self, calls: ToolCalls, state: RunState, call_id: str, args: Any
               ) -> AsyncIterator[Event]:
        terms = args.terms
        return look_up(calls, state, call_id, "search_schema", terms,
                       lambda schema: search_schema(schema, terms))


TOOLS = (SearchSchemaTool(
    name="search_schema", order=40, text=TextForm(words=("search",), rank=80),
    argument_words={"terms": "words"},
),)
