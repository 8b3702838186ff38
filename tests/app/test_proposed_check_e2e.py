"""A check the assistant proposes, in the chat: the card beside the answer, *Use this
check*, the verdict that says who approved it, and *Save to dataset*, which the next
question's check then uses (headless Chromium, the scripted model over HTTP)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from planrag.engine import Reply, ScriptedModel, call
from planrag.engine.scripted_server import ScriptedServer
from tests.app.test_chat_e2e import _ask, _browser, _chat, _page, by_tag, shots  # noqa: F401
from tests.app.test_chat_pages import _three_shots
from tests.decisions._kiosks import expected, kiosks
from tests.decisions.test_proposed_check import PROPOSAL
from tests.decisions.test_written_decisions import _sqlite_file

pytestmark = [pytest.mark.e2e]

ROWS = kiosks()
RANKING, _ = expected(ROWS, 1.5, 120.0)
NAMES = {k.code: k.name for k in ROWS}


def _script(tag: str) -> ScriptedModel:
    propose = [] if tag == "again" else [Reply(calls=[call("propose_check", **PROPOSAL)])]
    return ScriptedModel([
        Reply(calls=[call("make_plan", steps=[{"goal": "busiest kiosks", "source": "sql"}])]),
        Reply(calls=[call("run_sql", step=0, query="SELECT k_cd, k_nm, foot_cnt FROM kiosk "
                          "ORDER BY foot_cnt DESC LIMIT 5")]),
        *propose,
        Reply(calls=[call("final_answer", decision=RANKING[1][0],
                          rationale="the second busiest kiosk converts best",
                          query_ids=["q1"])]),
    ])


@pytest.fixture(scope="module")
async def kiosk_chat(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[tuple[str, Path]]:
    data = tmp_path_factory.mktemp("kiosk-chat")
    path = _sqlite_file(data)
    datasets = data / "datasets"
    (datasets / "kiosks").mkdir(parents=True)
    manifest = datasets / "kiosks" / "dataset.toml"
    manifest.write_text('id = "kiosks"\ntitle = "Kiosk network"\nrules = "Profit is tickets '
                        f'times ticket price less rent."\n\n[[databases]]\nkind = "sqlite"\n'
                        f'path = "{path}"\n')
    async with ScriptedServer(by_tag(_script)) as server:
        env = {"PLANRAG_MODEL": "scripted", "PLANRAG_MODEL_BASE_URL": server.base_url,
               "PLANRAG_MODEL_TOOLS": "on", "PLANRAG_DATASETS_DIR": str(datasets),
               "PLANRAG_DATASET": "kiosks", "PLANRAG_CONSENT_TIMEOUT": "300"}
        async with _chat(data, env) as url:
            yield url, manifest


async def test_the_proposed_check_is_shown_approved_and_saved(
    kiosk_chat: tuple[str, Path], shots: Path  # noqa: F811
) -> None:
    from playwright.async_api import async_playwright, expect

    url, manifest = kiosk_chat
    async with async_playwright() as p:
        browser = await _browser(p)
        page = await _page(browser, url, height=1200)
        await _ask(page, "[p1] Which kiosk should get the espresso machine?")
        use = page.get_by_role("button", name="Use this check")
        await use.wait_for(timeout=30_000)
        card = page.locator(".step", has=use).last
        await expect(card).to_contain_text("Check proposed by the assistant: Espresso machine")
        await expect(card).to_contain_text("It ranks 40 candidates by network weekly profit")
        await expect(card).to_contain_text("Assuming conversion uplift 1.5 percentage points, "
                                           f"the best are {NAMES[RANKING[0][0]]} (")
        await expect(page.get_by_role("button", name="Don't")).to_be_visible()
        # Words first: no query, type or database is in sight until the person asks.
        queries = card.locator("[data-check-queries]")
        await expect(queries).to_contain_text("Show the queries")
        await expect(queries.locator("pre").first).not_to_be_visible()
        seen = await card.inner_text()
        for word in ("SELECT", "(float)", "on sqlite", "Parameters:"):
            assert word not in seen, (word, seen)
        await _three_shots(page, card, shots, "1-card")
        await queries.get_by_text("Show the queries").click()
        await expect(queries.locator("pre").first).to_contain_text("SELECT k_cd AS decision")
        await expect(queries.locator("pre")).to_have_count(3)
        await _three_shots(page, queries, shots, "1-card-queries")
        await queries.get_by_text("Show the queries").click()
        await use.click()

        best = f"Best decision: {NAMES[RANKING[0][0]]}"
        await page.get_by_text(best).first.wait_for(timeout=30_000)
        answer = page.locator(".step", has_text=best).last
        await expect(answer).to_contain_text(
            f"chose {NAMES[RANKING[1][0]]} instead: rank 2 of 40")
        await expect(answer).to_contain_text(
            "Checked with “Espresso machine”, a check proposed by the assistant, approved by "
            "you, on the live data as of")
        await expect(page.get_by_text("The proposed check ranks the answer (decided by you).")
                     ).to_be_visible()
        await _three_shots(page, answer, shots, "2-verdict")

        save = page.get_by_role("button", name="Save to dataset")
        await save.wait_for(timeout=30_000)
        await save.click()
        await page.get_by_text("now checks every answer on this dataset").wait_for(
            timeout=30_000)
        assert 'id = "espresso-machine"' in manifest.read_text()

        await _ask(page, "[again] Which kiosk should get the espresso machine now?")
        checked = page.get_by_text("Checked with the decision model “Espresso machine” "
                                   "written in the dataset")
        await checked.first.wait_for(timeout=30_000)
        await _shot_last(page, shots)

        # The saved decision is the dataset's what-if too.
        await _ask(page, "/whatif uplift=6")
        ranked, _ = expected(ROWS, 6.0, 120.0)
        what_if = page.locator(".step", has_text="What-if: Espresso machine").last
        await what_if.wait_for(timeout=30_000)
        await expect(what_if).to_contain_text(f"Best decision: {NAMES[ranked[0][0]]}")
        await expect(what_if).to_contain_text("40 possible decisions ranked")
        await _three_shots(page, what_if, shots, "4-what-if")
        # Its form speaks of the check (there is no simulator), and a parameter is helped by
        # what it allows, never by its own name ("uplift.").
        await _ask(page, "/whatif")
        form = page.locator("[data-whatif-form]").last
        await form.wait_for(timeout=30_000)
        intro = page.locator(".step", has=form).last
        await expect(intro).to_contain_text("the check then ranks every candidate by network "
                                            "weekly profit, the highest first")
        seen = await intro.inner_text()
        for word in ("simulator", "uplift.", "its key or its name"):
            assert word not in seen, (word, seen)
        await expect(form.get_by_label("Conversion uplift (percentage points)")).to_have_value(
            "1.5")
        await _three_shots(page, intro, shots, "5-what-if-form")
        await browser.close()


async def _shot_last(page: Any, shots: Path) -> None:  # noqa: F811
    await page.screenshot(path=str(shots / "3-saved-and-used.png"))
