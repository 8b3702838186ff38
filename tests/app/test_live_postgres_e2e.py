"""A team's PostgreSQL database in the browser: connected with `planrag connect --postgres`,
picked in the chat by its title, asked a question answered from two of its schemas, and read
in light and dark, and at 390 px."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from planrag.engine import Reply, ScriptedModel, call
from tests._pg_fixtures import PostgresWorld
from tests.app.test_chat_e2e import SCRIPTS, _browser, _page, _scripted_chat, _shot, data_dir, shots  # noqa: F401 - fixtures
from tests.app.test_chat_pages import _switch, _three_shots
from tests.live._live import cli

QUERY = ('SELECT s.name, sum(l.qty) AS units FROM sales."Order Lines" l '
         "JOIN sales.orders o ON o.id = l.order_id JOIN stores s ON s.id = o.store_id "
         "GROUP BY s.name ORDER BY units DESC")


def _script(tag: str) -> ScriptedModel:
    return ScriptedModel([
        Reply(calls=[call("make_plan", steps=[{
            "goal": "units per store", "source": "sql",
            "reads": ['sales."Order Lines".qty', "sales.orders.store_id", "stores.name"]}])]),
        Reply(calls=[call("run_sql", step=0, query=QUERY)]),
        Reply(calls=[call("final_answer", decision="Dom", rationale="14 units, the most.",
                          query_ids=["q1"])]),
    ])


@pytest.fixture()
def pg_script() -> Iterator[None]:
    SCRIPTS["pglive"] = _script
    yield
    SCRIPTS.pop("pglive", None)


@pytest.mark.e2e
async def test_a_postgres_dataset_in_the_browser(
    data_dir: Path, shots: Path, pg_world: PostgresWorld, pg_script: None,  # noqa: F811
    tmp_path: Path,
) -> None:
    from playwright.async_api import expect

    from tests.app.test_chat_e2e import _ask

    datasets = tmp_path / "datasets"
    env = {"PLANRAG_DATA_DIR": str(data_dir), "PLANRAG_DATASETS_DIR": str(datasets),
           "MYSQL_URL": "", "MYSQL_ADMIN_URL": ""}
    code, _, err = await cli("connect", "pgshop", "--postgres", pg_world.url("reader"),
                             "--postgres-schemas", "public,sales", "--title", "Shop on Postgres",
                             env=env)
    assert code == 0, err
    assert "pg-test-Secret" not in (datasets / "pgshop" / "dataset.toml").read_text()
    async with _scripted_chat(data_dir, {"PLANRAG_DATASETS_DIR": str(datasets)}) as served:
        url, models = served
        from playwright.async_api import async_playwright

        async with async_playwright() as p:
            browser = await _browser(p)
            page = await _page(browser, url)
            await _switch(page, "Shop on Postgres · live",
                          now="Now on Shop on Postgres (PostgreSQL, live)")
            now = page.get_by_text("Now on Shop on Postgres (PostgreSQL, live)").first
            await _ask(page, "[pglive] Which store sold the most?")
            verdict = page.get_by_text("Answer: Dom").first  # a question of fact
            await verdict.wait_for(timeout=60_000)
            await expect(page.get_by_text('sales."Order Lines"').first).to_be_attached()
            await _shot(page, now, shots / "postgres-1280-light.png")
            # What a person opens next: the step, its query and the rows it read.
            step = page.locator("[data-step-type=undefined]", has_text="1. units per store").first
            await step.get_by_text("1. units per store").click()
            await step.get_by_text(re.compile(r"Query 1 · SQL · 3 rows")).click()
            await expect(step.locator(".dataframe tbody tr")).to_have_count(3)
            await expect(step.get_by_text("Harbour").first).to_be_visible()
            await _shot(page, step, shots / "postgres-1280-query.png")
            await _three_shots(page, verdict, shots, "postgres")  # dark, light, 390 px
            await page.set_viewport_size({"width": 390, "height": 844})
            width = await page.evaluate("document.documentElement.scrollWidth")
            assert width <= 390, f"the page is {width} px wide at 390 px"
            await browser.close()
    models["pglive"].assert_all_used()
