"""What search_schema and describe_tables share: the same answer over every open source's
schema, and the event that says what was looked up (ARCHITECTURE.md, "Schemas")."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Callable
from typing import TYPE_CHECKING, Literal

from planrag.engine.events import Event, SchemaLookedUp
from planrag.engine.state import RunState
from planrag.engine.tools._base import ModelTool, Offer
from planrag.errors import PlanRAGError
from planrag.schema import Schema

if TYPE_CHECKING:
    from planrag.engine.calls import ToolCalls

__all__ = ["SchemaTool", "look_up"]


class SchemaTool(ModelTool):
    """A look-up in the schema: offered when the prompt's schema was cut to its budget."""

    def offered(self, offer: Offer) -> bool:
        return offer.schema_tools and not offer.answer_only


async def look_up(calls: ToolCalls, state: RunState, call_id: str,
                  tool: Literal["search_schema", "describe_tables"], request: str,
                  answer: Callable[[Schema], str]) -> AsyncIterator[Event]:
    """`answer` for each open source's schema, as one observation (a schema that cannot be
    read now says so), and the event naming what it found."""
    parts: list[str] = []
    for source in calls.sources.values():
        try:
            schema = await source.schema()
        except PlanRAGError as exc:
            parts.append(f"{source.name}: the schema cannot be read now ({exc})")
            continue
        parts.append(answer(schema))
    text = "\n\n".join(parts)
    calls.reply(state, call_id, text)
    yield SchemaLookedUp(tool, request, _named_entities(text))


_ENTITY_LINE = re.compile(
    r"(?:^|\s)(?:TABLE ([^\s(,]+)|NODE \(?:([^\s{,)]+)|REL :([^\s,]+)|REL [^\[\n]*\[:([^\]\n]+)\])",
    re.M,
)


def _named_entities(text: str) -> tuple[str, ...]:
    """The tables/labels/types a schema tool's answer lists (its lines start with them)."""
    names = (next(g for g in m.groups() if g) for m in _ENTITY_LINE.finditer(text))
    return tuple(dict.fromkeys(names))[:20]
