"""The first screen and the sample questions in headless Chromium (issue 36, 7, 11 and 12):
a sample chip posts the label the person read while the assistant is asked the whole question;
a sample button from before a switch says where it belongs instead of asking the wrong
dataset; a connected dataset, with a model and sign-in, says what to ask from its schema and
its empty history speaks of conversations."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from planrag.engine import Reply, ScriptedModel, call
from planrag.engine.scripted_server import ScriptedServer
from tests.app.test_chat_e2e import (  # noqa: F401 - fixtures
    CHROMIUM,
    _browser,
    _chat,
    _page,
    data_dir,
    no_model_app,
    shots,
)
from tests.app.test_chat_pages import _first_of_run, _switch, _three_shots
from tests.app.test_history import _env, team  # noqa: F401 - a fixture
from tests.app.test_layout_e2e import OVERFLOWING
from tests.app.test_teams import _sign_in
from tests.decisions.test_written_decisions import _sqlite_file
from tests.engine.conftest import SWE_ROWS

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian's chromium is not installed"),
]

LOCATING = "DQA Locating, 1445 trade network"
DEMO = "Coffee roaster deliveries (demo)"
SWE = 'SWE: Where should I allocate my merchant to steer trade to "baltic_sea"?'
PREAMBLE = 'Assume that you are the ruler of the country named "SWE".'
TOLD = "With this sample question the assistant is also told:"


def _answer() -> ScriptedModel:
    return ScriptedModel([
        Reply("Planning.", [call("make_plan", steps=[
            {"goal": "find where SWE holds trading power", "source": "sql"}])]),
        Reply(calls=[call("run_sql", query=SWE_ROWS, step=0)]),
        Reply("krakow.", [call("final_answer", decision="krakow",
                               rationale="krakow carries the most value (q1).",
                               query_ids=["q1"], parameters={"country": "SWE"})]),
    ])


def _each_run_answered() -> Any:
    """A scripted server's route: every run plans, queries and answers (a script each)."""
    kept: list[ScriptedModel] = []

    def route(body: dict[str, Any]) -> ScriptedModel:
        if not kept or _first_of_run(body):
            kept.append(_answer())
        return kept[-1]

    return route


@pytest.fixture(scope="module")
async def model_chat(data_dir: Path) -> AsyncIterator[tuple[str, ScriptedServer]]:  # noqa: F811
    """The chat with a scripted model that plans, queries and answers every question."""
    async with ScriptedServer(_each_run_answered()) as server:
        env = {"PLANRAG_MODEL": "scripted", "PLANRAG_MODEL_BASE_URL": server.base_url,
               "PLANRAG_MODEL_TOOLS": "on"}
        async with _chat(data_dir, env) as url:
            yield url, server


def _people_said(page: Any) -> Any:
    return page.locator("[data-step-type=user_message]")


async def test_a_sample_chip_shows_its_label_and_asks_it_in_full(
        model_chat: tuple[str, ScriptedServer], shots: Path) -> None:  # noqa: F811
    """Issue 36, 7: the person's message is the label they clicked, the preamble is said
    under it as what the assistant is told, and the model gets the whole question."""
    from playwright.async_api import async_playwright, expect

    url, server = model_chat
    async with async_playwright() as p:
        browser = await _browser(p)
        page = await _page(browser, url)
        await page.get_by_role("button", name=SWE).click(timeout=30_000)
        said = _people_said(page)
        await expect(said).to_have_count(1, timeout=30_000)
        await expect(said).to_contain_text(SWE)
        assert "Assume" not in await said.inner_text()
        context = page.locator(".step", has_text=TOLD)
        await expect(context).to_contain_text(PREAMBLE, timeout=30_000)
        await expect(context).to_contain_text('Our home node is "baltic_sea".')
        await page.get_by_text("Best decision: Krakow").first.wait_for(timeout=60_000)
        asked = [str(m["content"]) for b in server.bodies for m in b["messages"]
                 if m["role"] == "user"]
        assert any(PREAMBLE in a and "where should I allocate my merchant" in a
                   for a in asked), asked
        await _three_shots(page, context, shots, "7a-sample-chip")
        await browser.close()


async def test_a_sample_button_from_before_a_switch_says_where_it_belongs(
        no_model_app: str, shots: Path) -> None:  # noqa: F811
    """Issue 36, 11: a Locating sample button clicked while on the demo asked its question
    of the demo. It says where it belongs, asks nothing, and its button switches back and
    asks it there."""
    from playwright.async_api import async_playwright, expect

    async with async_playwright() as p:
        browser = await _browser(p)
        page = await _page(browser, no_model_app)
        await _switch(page, DEMO)
        await _switch(page, LOCATING)  # its sample buttons come with this message
        await _switch(page, DEMO, now=f"Now on {DEMO}")
        await expect(page.get_by_text(f"Now on {DEMO}")).to_have_count(2)
        await page.get_by_role("button", name=SWE).last.click()
        elsewhere = page.locator(".step", has_text="so it was not asked")
        await expect(elsewhere).to_contain_text(
            f"is a question about {LOCATING}; this chat is now on {DEMO}, so it was not "
            "asked.", timeout=30_000)
        await expect(_people_said(page)).to_have_count(0)
        await expect(page.locator("#planrag-dataset")).to_have_text(f"Dataset: {DEMO}")
        await _three_shots(page, elsewhere, shots, "11-old-sample-button")
        # On a phone the long buttons (a sample question, "Switch to ... and ask it") wrap
        # within the screen: found on the walk, they ran past its right edge.
        await page.set_viewport_size({"width": 390, "height": 844})
        await page.wait_for_timeout(300)
        assert await page.evaluate(OVERFLOWING) == []
        await page.set_viewport_size({"width": 1280, "height": 1400})
        # So does one of its what-if buttons.
        await page.get_by_role("button", name="What-if: country=SWE home=baltic_sea").last.click()
        await expect(page.locator(".step", has_text="so it was not run")).to_contain_text(
            f"\u201cWhat-if: country=SWE home=baltic_sea\u201d is for {LOCATING}; this chat is "
            f"now on {DEMO}, so it was not run.", timeout=30_000)
        await elsewhere.get_by_role("button", name=f"Switch to {LOCATING} and ask it").click()
        await expect(page.get_by_text(f"Now on {LOCATING}")).to_have_count(2, timeout=30_000)
        await expect(page.locator("#planrag-dataset")).to_have_text(f"Dataset: {LOCATING}")
        await expect(_people_said(page)).to_have_text([SWE], timeout=30_000)
        await expect(page.locator(".step", has_text=TOLD)).to_contain_text(PREAMBLE)
        assert await page.get_by_text("so it was not asked").count() == 1
        answer = page.get_by_text(re.compile(r"^Best decision: ")).first
        await answer.wait_for(timeout=60_000)
        await _three_shots(page, answer, shots, "11-switched-back-and-asked")
        await browser.close()


@pytest.fixture()
async def kiosk_app(team: Path, data_dir: Path,  # noqa: F811
                    tmp_path: Path) -> AsyncIterator[str]:
    """Sign-in, history, a scripted model, and a connected SQLite database with no sample
    questions as the default dataset."""
    path = _sqlite_file(tmp_path)
    folder = tmp_path / "datasets" / "kiosks"
    folder.mkdir(parents=True)
    (folder / "dataset.toml").write_text(
        f'id = "kiosks"\ntitle = "Kiosk network"\n\n[[databases]]\nkind = "sqlite"\n'
        f'path = "{path}"\n')
    async with ScriptedServer(_each_run_answered()) as server:
        env = {**_env(team, f"sqlite:///{tmp_path}/history.sqlite", server.base_url, tmp_path),
               "PLANRAG_DATASETS_DIR": str(tmp_path / "datasets"), "PLANRAG_DATASET": "kiosks"}
        async with _chat(data_dir, env) as url:
            yield url


async def test_a_connected_dataset_says_what_to_ask_on_its_first_screen(
        kiosk_app: str, shots: Path) -> None:  # noqa: F811
    """Issue 36, 12: with a model and sign-in, a connected dataset's first screen showed
    nothing to ask and the history "No threads found"."""
    from playwright.async_api import async_playwright, expect

    async with async_playwright() as p:
        browser = await _browser(p)
        page = await _sign_in(browser, kiosk_app, "carol")
        hint = page.locator(".step", has_text="You are on Kiosk network")
        await expect(hint).to_contain_text("Its table: kiosk.", timeout=30_000)
        await expect(hint).to_contain_text("Ask a decision question in your own words")
        await expect(hint).to_contain_text("For example (made from the names of its tables")
        await expect(hint.locator("li")).to_have_count(2)
        await expect(page.get_by_text("No conversations to show. Each one you start is kept "
                                      "here")).to_be_visible(timeout=30_000)
        assert "No threads found" not in await page.inner_text("body")
        await _three_shots(page, hint, shots, "12-connected-first-screen")
        # A conversation started with a sample question's button is listed by that question.
        await _switch(page, LOCATING)
        await page.get_by_role("button", name=SWE).last.click()
        await page.get_by_text("Best decision: Krakow").first.wait_for(timeout=60_000)
        await page.reload()
        listed = page.get_by_role("link", name=re.compile("^SWE: Where should I allocate"))
        await expect(listed).to_have_count(1, timeout=30_000)
        await expect(page.get_by_role("link", name="ask", exact=True)).to_have_count(0)
        await page.get_by_text("Best decision: Krakow").first.wait_for(timeout=30_000)
        await page.screenshot(path=str(shots / "12-history-lists-the-sample.png"))
        await browser.close()


async def test_a_dataset_without_a_walkthrough_says_on_its_first_screen_it_needs_a_model(
        no_model_app: str, shots: Path) -> None:  # noqa: F811
    """Issue 36, 11 and 12: wards, without a model, offered nothing on its first screen and
    refused every question; its first screen says what it holds and that its questions need
    a model (and what works meanwhile)."""
    from playwright.async_api import async_playwright, expect

    async with async_playwright() as p:
        browser = await _browser(p)
        context = await browser.new_context(viewport={"width": 1280, "height": 1000})
        host = no_model_app.split("//", 1)[1].split(":", 1)[0]
        await context.add_cookies([{"name": "planrag_dataset", "value": "wards",
                                    "domain": host, "path": "/"}])
        page = await context.new_page()
        await page.goto(no_model_app)
        first = page.locator(".step", has_text="You are on Hospital night staffing (wards)")
        await expect(first).to_contain_text("Its tables: ", timeout=30_000)
        await expect(first).to_contain_text("Questions here need a model, which is not set up "
                                            "yet")
        await expect(first.get_by_role("button", name="What-if analysis")).to_be_visible()
        await expect(page.locator("#starters button")).to_have_count(0)
        await _three_shots(page, first, shots, "11-wards-first-screen")
        await browser.close()
