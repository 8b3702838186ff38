"""Issue 22, part 2: the plan card shows, per step, what it reads: in the terminal, in the
chat's plan step and in Slack (unit level: no browser, no Slack)."""

from __future__ import annotations

import pytest
from chainlit.context import init_http_context
from rich.console import Console

from app.steps import RunView, plan_notes_text, plan_step_text
from planrag.engine import PlanMade, RunFinished
from planrag.engine.events import PlanStep, Usage
from planrag.engine.render import TerminalRenderer
from planrag.service.text_view import steps_text
from planrag.settings import load_settings

STEPS = (
    PlanStep("weekly sales per store", "sql", "pending", ("orders.qty", "stores"),
             "qty per *store*"),
    PlanStep("think it over"),
)


def test_the_terminal_plan_shows_what_each_step_reads() -> None:
    console = Console(record=True, width=120)
    TerminalRenderer(console).render(PlanMade(STEPS, 0))
    text = console.export_text()
    assert "1. weekly sales per store (sql)" in text
    assert "reads: orders.qty, stores; yields: qty per *store*" in text
    assert text.count("reads:") == 1  # the second step said nothing of it


def test_the_terminal_shows_the_plan_checks_notes() -> None:
    console = Console(record=True, width=200)
    TerminalRenderer(console).render(RunFinished(
        None, None, "answered", Usage(), 0, 0, 0, 0, 1.0,
        plan_notes=("the answer came with planned steps never run: step 2 (flows)",)))
    assert "plan check: the answer came with planned steps never run: step 2 (flows)" \
        in console.export_text()


def test_the_chat_plan_card_shows_reads_as_code_and_yields_escaped() -> None:
    text = plan_step_text(STEPS[0])
    assert text == ("Reads the tables (SQL)\n\nreads: `orders.qty`, `stores`; "
                    "yields: qty per \\*store\\*")
    assert plan_step_text(STEPS[1]) == "No query: works from what was found"
    assert plan_notes_text(["no query read *x*"]) == (
        "**The plan checks noted:**\n\n- no query read \\*x\\*")


class _Step:
    """What the view sends for a plan and its steps, kept instead of sent."""

    sent: list[_Step] = []  # noqa: RUF012 (a test's record)

    def __init__(self, name: str = "", **_: object) -> None:
        self.id = f"s{len(_Step.sent)}"
        self.name = name
        self.output = ""

    async def send(self) -> _Step:
        _Step.sent.append(self)
        return self

    async def update(self) -> None:
        return None


@pytest.fixture()
async def view(monkeypatch: pytest.MonkeyPatch) -> RunView:
    """The chat's view of a run, its steps kept (`_Step.sent`) instead of sent."""
    init_http_context()
    monkeypatch.setattr("app.steps.cl.Step", _Step)
    _Step.sent = []
    return RunView(load_settings(env_file=None))


async def test_the_chat_view_puts_reads_on_each_step_of_the_plan(view: RunView) -> None:
    await view.show(PlanMade(STEPS, 0))
    cards = {s.name: s.output for s in _Step.sent}
    name = "1. weekly sales per store \u00b7 reads orders.qty, stores"
    assert "reads: `orders.qty`, `stores`" in cards[name]  # the title says it when closed
    await view._child_status(0, "running")
    assert _Step.sent[1].output.endswith("reads: `orders.qty`, `stores`; yields: qty per "
                                         "\\*store\\* · running")


def test_slack_lists_what_each_step_reads() -> None:
    text = steps_text(STEPS, "slack")
    assert text.splitlines() == ["1. weekly sales per store (reads: orders.qty, stores)",
                                 "2. think it over"]
    odd = steps_text((PlanStep("g", reads=("a_b", "<!channel>")),), "slack")
    assert "<!channel>" not in odd


async def test_a_revised_plan_leaves_no_old_step_running(view: RunView) -> None:
    await view.show(PlanMade(STEPS, 0))
    old = view.children
    await view._child_status(0, "done")
    await view._child_status(1, "running")
    await view.show(PlanMade((PlanStep("count the stores", "sql"),), 1, "no orders table"))
    assert old[0].output.endswith(" · done")
    assert old[1].output.endswith(" · set aside by revision 1")
    assert not view.children[0].output.endswith("running")
    await view._child_status(0, "running")
    await view.close_steps()
    assert view.children[0].output.endswith(" · not finished")
