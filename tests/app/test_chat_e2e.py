"""The Chainlit app in headless Chromium, answered by the scripted model over HTTP."""

from __future__ import annotations

import asyncio
import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from planrag.engine import Reply, ScriptedModel, call
from planrag.engine.scripted_server import ScriptedServer
from planrag.runtime import load_datasets
from planrag.settings import load_settings
from tests._sql_fixtures import ROOT
from tests.engine.conftest import SWE_ROWS

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason="Debian's chromium is not installed (make test installs it)"
)


def _script(tag: str) -> ScriptedModel:
    """Plan, query, propose a re-plan, then answer (with the question's parameters)."""
    return ScriptedModel([
        Reply(f"Planning ({tag}).", [call("make_plan", steps=[
            {"goal": "find where SWE holds trading power", "source": "sql"}])]),
        Reply(calls=[call("run_sql", query=SWE_ROWS, step=0)]),
        Reply(calls=[call("revise_plan", reason="the flows into baltic_sea matter too",
                          steps=[{"goal": "find where SWE holds trading power",
                                  "source": "sql"},
                                 {"goal": "flows into baltic_sea", "source": "sql"}])]),
        Reply("SWE should place its merchant in krakow.", [call(
            "final_answer", decision="krakow", rationale="krakow carries the most value (q1).",
            query_ids=["q1"], parameters={"country": "SWE"})]),
    ])


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("chat")
    settings = load_settings(env_file=None, data_dir=path, mysql_url=None)
    asyncio.run(load_datasets(settings, ["dqa-locating-1445"], "sqlite"))
    return path


SCRIPTS: dict[str, Any] = {}
"""Per-test scripts by tag; a tag missing here gets the default `_script`."""


@pytest.fixture()
async def app(data_dir: Path) -> AsyncIterator[tuple[str, dict[str, ScriptedModel]]]:
    models: dict[str, ScriptedModel] = {}

    def route(body: dict[str, Any]) -> ScriptedModel:
        asked = [m["content"] for m in body["messages"]
                 if m["role"] == "user" and "[" in str(m["content"])]
        tag = asked[-1].split("[", 1)[1].split("]", 1)[0]
        return models.setdefault(tag, SCRIPTS.get(tag, _script)(tag))

    async with ScriptedServer(route) as server:
        extra = {"PLANRAG_MODEL": "scripted", "PLANRAG_MODEL_BASE_URL": server.base_url,
                 "PLANRAG_MODEL_TOOLS": "on"}
        async with _chat(data_dir, extra) as url:
            yield url, models


@pytest.fixture()
async def no_model_app(data_dir: Path) -> AsyncIterator[str]:
    async with _chat(data_dir, {"PLANRAG_MODEL": "", "PLANRAG_MODEL_BASE_URL": "",
                                "PLANRAG_MODEL_API_KEY": "", "OPENAI_API_KEY": ""}) as url:
        yield url


@asynccontextmanager
async def _chat(data_dir: Path, extra: dict[str, str]) -> AsyncIterator[str]:
    """The chat app in a process of its own on a free port, stopped on exit."""
    port = _free_port()
    env = {**os.environ, "PLANRAG_DATA_DIR": str(data_dir), "MYSQL_URL": "",
           "PLANRAG_DATASET": "dqa-locating-1445", "PLANRAG_RELATIONAL": "sqlite",
           **extra}
    log = data_dir / f"chainlit-{port}.log"  # a file, not a pipe nobody drains
    proc = subprocess.Popen(
        [sys.executable, "-m", "chainlit", "run", "app/chat.py", "--headless",
         "--port", str(port), "--host", "127.0.0.1"],
        cwd=ROOT, env=env, stdout=log.open("wb"), stderr=subprocess.STDOUT,
    )
    try:
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                    break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise AssertionError(
                        f"chainlit did not start:\n{log.read_text(errors='replace')}"
                    ) from None
                await asyncio.sleep(0.3)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()


@pytest.fixture()
def shots(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Path]:
    folder = tmp_path / "screenshots"
    folder.mkdir()
    yield folder
    keep = os.environ.get("PLANRAG_SCREENSHOTS")
    if keep:
        shutil.copytree(folder, Path(keep) / request.node.name, dirs_exist_ok=True)


async def _ask(page: Any, text: str) -> None:
    """Type a message and send it with the send button.

    The button, not Enter: Enter only reaches the composer while the input has the focus,
    and a re-render of the composer (the session's settings arriving) can take it away
    between typing and sending, leaving the text unsent. Sending clears the input at once,
    so an input that still holds the text a moment later was not sent, and it is safe to
    click again."""
    from playwright.async_api import expect

    box = page.locator("#chat-input")
    await box.click()
    # One input event for the whole text: typed key by key, a leading "/" opens Chainlit's
    # command menu, which can swallow the characters that follow.
    await page.keyboard.insert_text(text)
    for _ in range(6):
        await page.locator("#chat-submit").click(timeout=30_000)
        try:
            await expect(box).to_have_text("", timeout=5_000)
            return
        except AssertionError:
            continue
    raise AssertionError(f"the chat did not take the message {text!r}")


async def test_question_plan_queries_replan_and_checked_answer(app, shots: Path) -> None:  # type: ignore[no-untyped-def]
    from playwright.async_api import async_playwright

    url, models = app
    async with async_playwright() as p:
        browser = await _browser(p)
        page = await _page(browser, url, height=1600)
        await page.screenshot(path=str(shots / "0-start.png"))

        await _ask(page, "[approve] Where should SWE place its merchant?")
        approve = page.get_by_role("button", name="Approve")
        await approve.wait_for(timeout=30_000)
        await page.get_by_text("the flows into baltic_sea matter too").first.wait_for()
        await page.screenshot(path=str(shots / "1-replan-prompt.png"), full_page=True)
        await approve.click()
        await page.get_by_text("Decision: krakow").first.wait_for(timeout=30_000)
        await page.get_by_text("Simulator check").first.wait_for()
        await page.get_by_text("Re-plan approved").first.wait_for()
        await page.locator(".js-plotly-plot").first.wait_for(timeout=30_000)  # the chart
        # The plan step's children hold the query step, whose rows are a table element.
        await page.get_by_text("1. find where SWE holds trading power").first.click()
        await page.get_by_text("q1 · SQL").first.click()
        await page.get_by_text("rows in").first.wait_for(timeout=10_000)
        await page.screenshot(path=str(shots / "2-answer.png"), full_page=True)
        body = await page.inner_text("body")
        assert "Plan" in body and "q1" in body and "rank 1 of 79" in body
        assert "Re-plan approved (you)" in body

        await _ask(page, "[keep] And again, keeping the plan?")
        keep = page.get_by_role("button", name="Keep the current plan")
        await keep.wait_for(timeout=30_000)
        await keep.click()
        await page.get_by_text("Re-plan kept the current plan (you)").first.wait_for(
            timeout=30_000)
        await page.get_by_text("Decision: krakow").nth(1).wait_for(timeout=30_000)
        await page.screenshot(path=str(shots / "3-kept.png"), full_page=True)
        await browser.close()
    assert set(models) == {"approve", "keep"}
    for model in models.values():
        model.assert_all_used()
    assert len(list(shots.glob("*.png"))) == 4


async def _browser(p: Any) -> Any:
    return await p.chromium.launch(executable_path=CHROMIUM, args=ARGS)


async def _page(browser: Any, url: str, height: int = 1400) -> Any:
    """A page in a browser context of its own (its own cookies and storage: another person),
    once its session is up (the settings panel arrives from the session's start)."""
    context = await browser.new_context(viewport={"width": 1280, "height": height})
    page = await context.new_page()
    await page.goto(url)
    await _ready(page)
    return page


async def _ready(page: Any) -> None:
    await page.locator("#chat-input").wait_for(timeout=30_000)
    await page.locator("#chat-settings-open-modal").wait_for(timeout=30_000)


async def test_without_a_model_what_if_and_datasets_still_work(no_model_app, shots: Path) -> None:  # type: ignore[no-untyped-def]
    from playwright.async_api import async_playwright

    async with async_playwright() as p:
        browser = await _browser(p)
        page = await _page(browser, no_model_app)
        await page.get_by_text("No model is configured").first.wait_for(timeout=30_000)
        await page.get_by_role("button", name="What-if: locating-2").click()
        await page.get_by_text("What-if: DAN's profit at lubeck").first.wait_for(timeout=30_000)
        await page.get_by_text("Best: rheinland").first.wait_for()
        await _ask(page, "/whatif country=SWE")
        await page.get_by_text("What-if: SWE's profit at baltic_sea").first.wait_for(
            timeout=30_000)
        await page.locator(".js-plotly-plot").first.wait_for(timeout=30_000)
        await page.get_by_text("Best: krakow").first.wait_for()
        await _ask(page, "/datasets")
        await page.get_by_text("demo-retail").first.wait_for(timeout=30_000)
        await _ask(page, "Where should SWE place its merchant?")
        await page.get_by_text("No model is configured").nth(1).wait_for(timeout=30_000)
        await page.screenshot(path=str(shots / "what-if.png"), full_page=True)
        # The scripted walkthrough answers without a model, labelled as scripted.
        await _ask(page, '/scripted You are the ruler of the country named "SWE". Our home '
                   'node is "baltic_sea". Where should I place my merchant?')
        await page.get_by_text("Scripted walkthrough").first.wait_for(timeout=30_000)
        await page.get_by_text("Decision: novgorod (scripted)").first.wait_for(timeout=30_000)
        await page.get_by_text("Simulator check").first.wait_for(timeout=30_000)
        # Switch to the demo dataset in the settings panel: its questions and what-if follow.
        await page.locator("#chat-settings-open-modal").click()
        await page.locator("#dataset").click()
        await page.get_by_role("option", name="demo-retail").click()
        await page.locator("#confirm").click()
        await page.get_by_text("Now on Coffee roaster deliveries (demo)").first.wait_for(
            timeout=30_000)
        await page.get_by_role("button", name="What-if: demo-1").click()
        await page.get_by_text("What-if: weekly delivery cost in EUR").first.wait_for(
            timeout=30_000)
        await page.get_by_text("Best: 4").first.wait_for()
        await page.screenshot(path=str(shots / "demo-what-if.png"), full_page=True)
        await browser.close()


def _failing(tag: str) -> ScriptedModel:
    from planrag.engine import Fail
    from planrag.errors import ModelRejected

    return ScriptedModel([Fail(ModelRejected("400 the model is overloaded in this test"))])


async def test_two_sessions_at_once_and_a_failure_shown_cleanly(app, shots: Path) -> None:  # type: ignore[no-untyped-def]
    from playwright.async_api import async_playwright

    SCRIPTS["broken"] = _failing
    url, models = app
    async with async_playwright() as p:
        browser = await _browser(p)
        first, second = await _page(browser, url), await _page(browser, url)
        await _ask(first, "[one] Where should SWE place its merchant?")
        await _ask(second, "[broken] Where should SWE place its merchant?")
        await second.get_by_text("Something went wrong").first.wait_for(timeout=30_000)
        await second.screenshot(path=str(shots / "failure.png"), full_page=True)
        await first.get_by_role("button", name="Approve").wait_for(timeout=30_000)
        assert "Something went wrong" not in await first.inner_text("body")
        assert "Approve" not in await second.inner_text("body")
        await first.get_by_role("button", name="Approve").click()
        await first.get_by_text("Decision: krakow").first.wait_for(timeout=30_000)
        # the failed session is still usable, and so is the server after a page reload
        await second.reload()
        await _ready(second)
        await _ask(second, "[two] Where should SWE place its merchant?")
        await second.get_by_role("button", name="Keep the current plan").click(timeout=30_000)
        await second.get_by_text("Decision: krakow").first.wait_for(timeout=30_000)
        await first.screenshot(path=str(shots / "session-1.png"), full_page=True)
        await second.screenshot(path=str(shots / "session-2.png"), full_page=True)
        await browser.close()
    models["one"].assert_all_used()
    models["two"].assert_all_used()
