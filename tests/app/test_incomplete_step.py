"""Issue 19, point 15: in the chat, a query whose result a server limit cut short says so on
its step (name and output), not only in the model's observation."""

from __future__ import annotations

from chainlit.context import init_http_context

from app.steps import RunView
from planrag.engine import QueryFinished
from planrag.settings import load_settings

NOTE = ("the server stopped the query at a limit (Query execution was interrupted. The query "
        "exceeded max_recursive_iterations = 1000. The query result may be incomplete)")


class _Step:
    """What the view changes on a query's Chainlit step (no server involved)."""

    def __init__(self) -> None:
        self.id = "step-q1"
        self.name = "q1 · sql"
        self.output = ""
        self.elements: list[object] = []

    async def update(self) -> None:
        return None


async def test_the_query_step_says_the_result_is_incomplete() -> None:
    init_http_context()  # Chainlit's elements need a context; no server is involved
    view = RunView(load_settings(env_file=None))
    step = _Step()
    view.queries["q1"] = step  # type: ignore[assignment]
    await view.show(QueryFinished("q1", ("steps",), ((1001,),), 1, False, 0.7, (NOTE,)))
    assert step.name.endswith("· incomplete")
    assert "**Incomplete**: the server stopped the query at a limit" in step.output
    assert "max\\_recursive\\_iterations" in step.output  # Markdown-escaped, read literally

    whole = _Step()
    view.queries["q2"] = whole  # type: ignore[assignment]
    await view.show(QueryFinished("q2", ("n",), ((5,),), 1, False, 0.3))
    assert "incomplete" not in whole.name and "Incomplete" not in whole.output
