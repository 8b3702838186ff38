"""The shared text view in the plain-text front ends' style (issue 35, point 4): bold and
lists stay, and nothing a model or the data wrote is escaped, where the chat's Markdown
escapes it."""

from __future__ import annotations

from planrag.engine.events import PlanMade, PlanStep
from planrag.service.text_view import TextView

GOAL = "compare unit_price at 18:49:48 [1]"


def test_the_text_style_keeps_bold_and_lists_and_escapes_nothing() -> None:
    plan = PlanMade((PlanStep(GOAL, "sql"),), 0)
    (text,) = TextView("text").messages(plan)
    assert text.startswith("**Plan**") and GOAL in text and "\\" not in text, text
    (markdown,) = TextView("markdown").messages(plan)
    assert GOAL not in markdown and "unit\\_price" in markdown, markdown
