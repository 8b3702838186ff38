"""A monitor's re-plan in a Slack thread (issue 22, part 3): a plan step fails twice, the
thread is asked in the monitor's words, *approve* resumes the paused run from the store,
and the model's new plan is posted without a second question."""

from __future__ import annotations

from pathlib import Path

import httpx

from planrag.engine import Reply, ScriptedModel, call
from tests.app._fake_slack import FakeSlack
from tests.app.test_chat_e2e import data_dir  # noqa: F401 - fixture
from tests.app.test_slack import (  # noqa: F401 - fixtures
    QUESTION,
    Channel,
    Here,
    here,
    post_all,
    settled,
    slack_here,
)
from tests.engine.conftest import SWE_ROWS


def _failing_step() -> ScriptedModel:
    return ScriptedModel([
        Reply(calls=[call("make_plan", steps=[
            {"goal": "read the <!channel> merchants table", "source": "sql"}])]),
        Reply(calls=[call("run_sql", query="SELECT * FROM merchants", step=0)]),
        Reply(calls=[call("run_sql", query="SELECT * FROM merchant", step=0)]),
        Reply(calls=[call("revise_plan", reason="no merchants table",
                          steps=[{"goal": "powers from node_country", "source": "sql"}])]),
        Reply(calls=[call("run_sql", query=SWE_ROWS, step=0)]),
        Reply(calls=[call("final_answer", decision="krakow", rationale="the most value (q3)",
                          query_ids=["q3"], parameters={"country": "SWE"})]),
    ])


async def test_a_monitor_replan_is_asked_and_approved_in_a_thread(
        here: Here, slack_here: tuple[FakeSlack, httpx.AsyncClient],  # noqa: F811
        data_dir: Path) -> None:  # noqa: F811
    (slack, app), c = slack_here, Channel()
    here.models["mon1"] = _failing_step()
    thread = c.ts()
    mention = c.mention(f"[mon1] {QUESTION}", thread)
    await post_all(app, mention)
    ask = await slack.wait_for("Reply *approve*", thread=thread)
    assert ask["text"].startswith(
        "*The assistant noticed:* step 1 (read the &lt;!channel&gt; merchants table) failed "
        "twice (q2 was the second): it may not be possible as planned. *Re-plan?*")
    assert "Reply *approve* to let it write a new plan for this, or *keep* to go on with the " \
        "current one." in ask["text"]
    assert "<!channel>" not in ask["text"]
    await settled(here.env, data_dir, mention)
    approve = c.reply("approve", c.ts(), thread)
    await post_all(app, approve)
    await slack.wait_for("Re-plan approved", thread=thread)
    plan = await slack.wait_for("*New plan (revision 1)*", thread=thread)
    assert "1. powers from node_country" in plan["text"]
    await slack.wait_for("*Best decision: Krakow*", thread=thread)
    await settled(here.env, data_dir, approve)
    texts = slack.texts(thread)
    assert sum("Reply *approve*" in t for t in texts) == 1  # the new plan was not asked again
    assert any("noticed: step 1" in t for t in texts if t.startswith("Queries:"))
