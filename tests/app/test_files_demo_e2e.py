"""The shipped files dataset (fixtures/bakery: three CSVs and a workbook read through DuckDB)
in the chat, as `make demo` shows it (issue 38): picked in the settings, its first screen
without a model, and its sample question asked of a scripted model and checked by the
decision written in its manifest. Screenshots go to PLANRAG_SCREENSHOTS when it is set."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from planrag.engine import Reply, ScriptedModel, call
from planrag.engine.scripted_server import ScriptedServer
from tests.app.test_chat_e2e import (  # noqa: F401 - data_dir, no_model_app, shots: fixtures
    CHROMIUM,
    _browser,
    _chat,
    _page,
    data_dir,
    no_model_app,
    shots,
)
from tests.app.test_chat_pages import _first_of_run, _switch, _three_shots

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian's chromium is not installed"),
]

BAKERY = "Bakery chain: a second oven (demo, files)"
SAMPLE = "Which shop should get the one extra deck oven we can buy this year?"
SHOPS = """SELECT s.Shop, s.Name, s.Town, round(d.declined_eur, 2) AS declined_eur,
       q.price, q.installation, q.service_a_year,
       (SELECT count(DISTINCT date_trunc('week', Day)) FROM daily_bakes) AS weeks
FROM shops_list s
JOIN oven_quotes q ON q.Shop = s.Shop
LEFT JOIN (SELECT Shop, sum(amount) AS declined_eur FROM orders
           WHERE Status = 'declined: oven full' GROUP BY Shop) d ON d.Shop = s.Shop
WHERE s.room_for_a_second_oven = 'yes'
ORDER BY d.declined_eur DESC"""
"""What the decision needs, per shop with room: the orders declined, the quote, the weeks."""


def _answer() -> ScriptedModel:
    return ScriptedModel([
        Reply(calls=[call("make_plan", steps=[
            {"goal": "orders declined for want of oven room and the oven's cost, per shop "
                     "with room for a second oven", "source": "sql",
             "reads": ["orders.amount", "orders.Status", "oven_quotes.price",
                       "oven_quotes.installation", "oven_quotes.service_a_year",
                       "shops_list.room_for_a_second_oven", "daily_bakes.Day"],
             "yields": "the margin each shop would gain and the oven's yearly cost"}])]),
        Reply(calls=[call("run_sql", query=SHOPS, step=0)]),
        Reply(calls=[call(
            "final_answer", decision="GEN-SP", check="second-oven", query_ids=["q1"],
            parameters={"margin_pct": 40.0, "years": 6},
            rationale="Sint-Pieters station declined 2,064.60 EUR of orders in 8 weeks and "
                      "installs for 1,850 EUR; Brugge declined more (2,460.10 EUR) but its "
                      "installation costs 11,800 EUR.")]),
    ])


@pytest.fixture()
async def bakery_chat(data_dir: Path) -> AsyncIterator[str]:  # noqa: F811
    """The chat with a scripted model that answers the sample question, every run afresh."""
    kept: list[ScriptedModel] = []

    def route(body: dict[str, Any]) -> ScriptedModel:
        if not kept or _first_of_run(body):
            kept.append(_answer())
        return kept[-1]

    async with ScriptedServer(route) as server, _chat(data_dir, {
            "PLANRAG_MODEL": "scripted", "PLANRAG_MODEL_BASE_URL": server.base_url,
            "PLANRAG_MODEL_TOOLS": "on"}) as url:
        yield url


async def test_the_files_demo_is_picked_and_shows_its_first_screen(
        no_model_app: str, shots: Path) -> None:  # noqa: F811
    from playwright.async_api import async_playwright, expect

    async with async_playwright() as p:
        browser = await _browser(p)
        page = await _page(browser, no_model_app)
        await _switch(page, BAKERY)
        now = page.locator(".step", has_text=f"Now on {BAKERY}").last
        tables = page.locator(".step", has_text="Its tables: ").last
        await expect(tables).to_contain_text("shops list (from shops.xlsx, sheet List; 6 rows)")
        await expect(page.locator("#planrag-dataset")).to_have_text(f"Dataset: {BAKERY}")
        await _three_shots(page, now, shots, "files-demo-switched")
        # Its first screen, as a page opened on it shows it.
        await page.reload()
        first = page.locator(".step", has_text=f"You are on {BAKERY}")
        await expect(first).to_contain_text("Its tables: ", timeout=30_000)
        await _three_shots(page, first, shots, "files-demo-first-screen")
        # Without a model its written decision still ranks every shop, with other years.
        await first.get_by_role("button", name="What-if analysis").click()
        form = page.locator("[data-whatif-form]").last
        years = form.get_by_label("Years to pay off the oven")
        await expect(years).to_have_value("6", timeout=30_000)
        await years.fill("10")
        await form.get_by_role("button", name="Rank every decision").click()
        result = page.locator(".step", has_text="Years to pay off the oven: 10").last
        await expect(result).to_contain_text("Best decision: Markt, Brugge", timeout=30_000)
        await _three_shots(page, result, shots, "files-demo-what-if")
        await browser.close()


async def test_its_sample_question_is_answered_and_checked(
        bakery_chat: str, shots: Path) -> None:  # noqa: F811
    from playwright.async_api import async_playwright, expect

    async with async_playwright() as p:
        browser = await _browser(p)
        page = await _page(browser, bakery_chat)
        await _switch(page, BAKERY)
        sample = page.get_by_role("button", name=SAMPLE).last
        await expect(sample).to_be_visible(timeout=30_000)
        await _three_shots(page, page.locator(".step", has_text=f"Now on {BAKERY}").last,
                           shots, "files-demo-samples")
        await sample.click()
        answer = page.locator(".step", has_text="Best decision: ").last
        await answer.wait_for(timeout=60_000)
        await expect(answer).to_contain_text("Sint-Pieters station")
        await expect(answer).to_contain_text(
            "Checked with the decision model \u201cA second oven\u201d written in the dataset")
        await _three_shots(page, answer, shots, "files-demo-answer")
        await browser.close()
