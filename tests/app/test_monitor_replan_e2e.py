"""A monitor's re-plan in the chat (issue 22, part 3): a plan step fails twice, the
assistant says what it noticed under the query and asks *Re-plan?* with buttons; approved,
the model's new plan is the plan card, asked no second time (headless Chromium, the
scripted model over HTTP)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from planrag.engine import Reply, ScriptedModel, call
from planrag.engine.scripted_server import ScriptedServer
from tests.app.test_chat_e2e import (  # noqa: F401 - fixtures
    _ask,
    _browser,
    _chat,
    _page,
    _shot,
    by_tag,
    data_dir,
    shots,
)
from tests.engine.conftest import SWE_ROWS

if TYPE_CHECKING:
    from playwright.async_api import Locator

pytestmark = [pytest.mark.e2e]


def _script(tag: str) -> ScriptedModel:
    return ScriptedModel([
        Reply(calls=[call("make_plan", steps=[
            {"goal": "read the merchants table", "source": "sql"},
            {"goal": "rank the nodes", "source": "sql"}])]),
        Reply(calls=[call("run_sql", query="SELECT * FROM merchants", step=0)]),
        Reply(calls=[call("run_sql", query="SELECT * FROM merchant", step=0)]),
        Reply(calls=[call("revise_plan", reason="no merchants table", steps=[
            {"goal": "powers from node_country", "source": "sql"}])]),
        Reply(calls=[call("run_sql", query=SWE_ROWS, step=0)]),
        Reply(calls=[call("final_answer", decision="krakow", rationale="the most value (q3)",
                          query_ids=["q3"], parameters={"country": "SWE"})]),
    ])


@pytest.fixture(scope="module")
async def monitor_chat(data_dir: Path) -> AsyncIterator[str]:  # noqa: F811
    async with ScriptedServer(by_tag(_script)) as server:
        env = {"PLANRAG_MODEL": "scripted", "PLANRAG_MODEL_BASE_URL": server.base_url,
               "PLANRAG_MODEL_TOOLS": "on", "PLANRAG_CONSENT_TIMEOUT": "300"}
        async with _chat(data_dir, env) as url:
            yield url


async def test_a_monitor_replan_is_asked_and_approved_in_the_chat(
    monitor_chat: str, shots: Path  # noqa: F811
) -> None:
    from playwright.async_api import async_playwright, expect

    async with async_playwright() as p:
        browser = await _browser(p)
        page = await _page(browser, monitor_chat, height=1400)
        await _ask(page, "[m1] Where should SWE place its merchant?")
        replan = page.get_by_role("button", name="Re-plan")
        await replan.wait_for(timeout=30_000)
        prompt = page.locator(".step", has=replan).last
        await expect(prompt).to_contain_text(
            "The assistant noticed: step 1 (read the merchants table) failed twice (q2 was "
            "the second): it may not be possible as planned. Re-plan?")
        await expect(prompt).to_contain_text("Re-plan: the assistant writes a new plan for "
                                             "this. Keep: it goes on with the current plan.")
        await expect(page.get_by_role("button", name="Keep the current plan")).to_be_visible()
        await _shot(page, prompt, shots / "1-monitor-replan-prompt.png")
        await replan.click()

        await page.get_by_text("Best decision: Krakow").first.wait_for(timeout=30_000)
        record = page.locator(".step", has_text="The change of plan is approved (decided by you).")
        await record.wait_for(timeout=30_000)
        await expect(record).to_contain_text("The assistant noticed: step 1")
        plan = page.locator("[data-step-type=run]", has_text="Plan, revision 1").first
        await expect(plan).to_contain_text("revised because step 1 (read the merchants "
                                           "table) failed twice")
        await expect(page.get_by_role("button", name="Re-plan")).to_have_count(0)
        await expect(page.get_by_text("1. powers from node_country").first).to_be_visible()
        await _shot(page, plan, shots / "2-new-plan.png")
        # What the monitor noticed is kept under the query it is about.
        await page.get_by_text("1. read the merchants table").first.click()
        await page.get_by_text("Query 2 · SQL · failed").first.click()
        noticed = page.locator("[data-step-type=tool]", has_text="Noticed").last
        await noticed.wait_for(timeout=10_000)
        await _unfold(noticed, "Noticed", "failed twice (q2 was the second)")
        await _shot(page, noticed, shots / "3-noticed-under-the-query.png")
        await browser.close()


async def _unfold(step: Locator, header: str, text: str) -> None:
    """Open a step that shows `text` once open. The step is sent open by default, but
    whether it is still open when the test reaches it depends on when its parent was
    first drawn, so a click could as well fold it: look first, click only if needed."""
    from playwright.async_api import expect

    for _ in range(3):
        try:
            await expect(step).to_contain_text(text, timeout=2_000)
            return
        except AssertionError:
            await step.get_by_text(header).first.click()
    await expect(step).to_contain_text(text)
