"""What a monitor noticed, as the manager reads it (issue 36, 6): a query whose result holds
more rows than the model was shown gets a note under it in a person's words, never the
advice the model was given ("compute it in the query instead (GROUP BY ...)"), in light,
dark and on a 390 px phone (headless Chromium, the scripted model over HTTP)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from planrag.engine import Reply, ScriptedModel, call
from planrag.engine.scripted_server import ScriptedServer
from tests.app.test_chat_e2e import (  # noqa: F401 - data_dir and shots are fixtures
    _ask,
    _browser,
    _chat,
    _page,
    by_tag,
    data_dir,
    shots,
)
from tests.app.test_chat_pages import _three_shots

pytestmark = [pytest.mark.e2e]

EVERY_NODE = "SELECT trade_node, local_value FROM trade_node ORDER BY trade_node"


def _script(tag: str) -> ScriptedModel:
    return ScriptedModel([
        Reply(calls=[call("make_plan", steps=[
            {"goal": "every trade node's local value", "source": "sql"}])]),
        Reply(calls=[call("run_sql", query=EVERY_NODE, step=0)]),
        Reply(calls=[call("final_answer", decision="krakow", check="none",
                          rationale="krakow carries a large local value (q1).",
                          query_ids=["q1"])]),
    ])


@pytest.fixture(scope="module")
async def noticing_chat(data_dir: Path) -> AsyncIterator[str]:  # noqa: F811
    async with ScriptedServer(by_tag(_script)) as server:
        env = {"PLANRAG_MODEL": "scripted", "PLANRAG_MODEL_BASE_URL": server.base_url,
               "PLANRAG_MODEL_TOOLS": "on"}
        async with _chat(data_dir, env) as url:
            yield url


async def test_a_cut_result_is_noticed_in_a_persons_words(
    noticing_chat: str, shots: Path  # noqa: F811
) -> None:
    from playwright.async_api import async_playwright, expect

    async with async_playwright() as p:
        browser = await _browser(p)
        page = await _page(browser, noticing_chat, height=1000)
        await _ask(page, "[cut] Which trade node has the largest local value?")
        await page.get_by_text("Answer: krakow").first.wait_for(timeout=60_000)
        await page.get_by_text("1. every trade node's local value").first.click()
        await page.get_by_text("Query 1 · SQL").first.click()
        noticed = page.locator("[data-step-type=tool]", has_text="Noticed").last
        await noticed.wait_for(timeout=20_000)
        for _ in range(3):  # a step is drawn open or closed depending on when it was drawn
            if "read 20 of them" in await noticed.inner_text():
                break
            await noticed.get_by_text("Noticed").first.click()
            await page.wait_for_timeout(500)
        await expect(noticed).to_contain_text("Query 1 has 80 rows; the assistant read 20 of them")
        await expect(noticed).to_contain_text("work the answer out in the query")
        page_text = await page.inner_text("body")
        for model_words in ("GROUP BY", "compute it in the query instead", "you saw",
                            "ORDER BY ... LIMIT"):
            assert model_words not in page_text, model_words
        await _three_shots(page, noticed, shots, "6-noticed")
        await browser.close()
