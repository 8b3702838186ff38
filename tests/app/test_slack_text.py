"""Slack mentions and links from model text (issue 18, break 11): plan goals, re-plan
reasons, revised plans, query errors and failures written by a model are posted escaped,
as the answer is, so `<!channel>`, `<@U...>`, `<#C...>` and `<http://x|text>` stay text."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from planrag.engine.events import (
    AnswerChecked,
    AnswerProposed,
    AwaitingConfirmation,
    Event,
    PlanMade,
    PlanStep,
    QueryFailed,
    QueryRefused,
    ReplanProposed,
    RunFailed,
    RunFinished,
    RunStarted,
    Usage,
)
from planrag.service.text_view import TextView

EVIL = "<!channel> <!here> <@U0OTHER> <#C0SECRET> <http://127.0.0.1:9/x|the report>"
SLACK_SYNTAX = ("<!channel>", "<!here>", "<@U0OTHER>", "<#C0SECRET>", "<http://")


async def _posted(_tmp_path: Path, events: Sequence[Event]) -> list[str]:
    """What a Slack thread is posted for `events` (the view Slack's transport posts)."""
    view = TextView("slack")
    posted = [text for event in events for text in view.messages(event)]
    return posted + view.end()


def _started() -> RunStarted:
    return RunStarted("run1", "q", "demo-retail", "sqlite", "planrag", False)


async def test_model_text_cannot_mention_or_link_in_a_thread(tmp_path: Path) -> None:
    goal = PlanStep(f"count the units {EVIL}", "sql")
    posted = await _posted(tmp_path, [
        _started(),
        PlanMade((goal,), 0),
        QueryFailed("q1", "sql", "SELECT 1", f"no such column: {EVIL}"),
        QueryRefused("q2", "sql", "DELETE FROM t", f"DELETE changes data {EVIL}", "write"),
        ReplanProposed(f"because {EVIL}", (goal,), (goal, PlanStep(f"then {EVIL}", "sql"))),
        AwaitingConfirmation("run1", "{}", f"Approve a new plan? Reason: {EVIL}"),
    ])
    failed = await _posted(tmp_path, [_started(), RunFailed(f"the model said {EVIL}", "asking")])
    answered = await _posted(tmp_path, [
        _started(), AnswerProposed(f"Dom {EVIL}", f"because {EVIL}", ("q1",)),
        AnswerChecked(AnswerProposed(f"Dom {EVIL}", f"because {EVIL}", ("q1",)), None),
        RunFinished("Dom", None, "answered", Usage(), 0, 1, 0, 0, 0.1),
    ])
    texts = posted + failed + answered
    assert len(texts) == 5, texts  # the plan, the queries, the re-plan; a failure; an answer
    for text in texts:
        for syntax in SLACK_SYNTAX:
            assert syntax not in text, (syntax, text)
    escaped = "&lt;!channel&gt; &lt;!here&gt; &lt;@U0OTHER&gt; &lt;#C0SECRET&gt;"
    assert all(escaped in text for text in texts), texts  # said, as text
    assert texts[0].startswith("*Plan*\n1. count the units &lt;!channel&gt;")
    assert texts[2].startswith("*Re-plan proposed:* because &lt;!channel&gt;")


async def test_a_proposed_check_and_its_verdict_in_a_thread(tmp_path: Path) -> None:
    from planrag.engine.events import CheckProposed, ReplanDecided, SimulatorChecked

    proposed = CheckProposed(
        title=f"Espresso {EVIL}", goal="maximize", objective="weekly profit", unit="EUR",
        target="sqlite", candidates_query="SELECT k AS decision FROM kiosk",
        value_query=f"SELECT k AS decision, 1 AS value FROM kiosk -- {EVIL}",
        baseline_query="SELECT 0 AS value", parameters=(("uplift", "float", 1.5),),
        candidates=3, sample=(("K1", f"Kiosk {EVIL}", 10.0),), baseline=5.0)
    paused = await _posted(tmp_path, [
        _started(), proposed,
        AwaitingConfirmation("run1", "{}", "Use this check? It would rank the answer.",
                             "check")])
    assert paused[0].startswith("*Check proposed by the assistant: Espresso &lt;!channel&gt;")
    assert "```\nSELECT k AS decision, 1 AS value FROM kiosk" in paused[0]
    assert "Reply *approve* to rank the answer with the proposed check" in paused[1]
    check = SimulatorChecked(
        simulator="espresso", rules="query", decision="K1", agrees=True, rank=1,
        candidates=3, value=10.0, baseline=5.0, best="K1", best_value=10.0, gap=0.0,
        ties=(), near_ties=(), objective="maximise", description="weekly profit",
        decision_model=f"Espresso {EVIL}", check_origin="proposed",
        approved_by="Slack user U1")
    answered = await _posted(tmp_path, [
        _started(), ReplanDecided(True, "person", about="check"),
        AnswerProposed("K1", "busiest", ()), check,
        AnswerChecked(AnswerProposed("K1", "busiest", ()), check),
        RunFinished("K1", "K1", "answered", Usage(), 0, 1, 0, 0, 0.1)])
    assert answered[0] == "The proposed check ranks the answer (decided by you)."
    assert "a check proposed by the assistant, approved by Slack user U1" in answered[1]
    for text in paused + answered:
        for syntax in SLACK_SYNTAX:
            assert syntax not in text, (syntax, text)
