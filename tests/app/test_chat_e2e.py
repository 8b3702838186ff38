"""The Chainlit app in headless Chromium, answered by the scripted model over HTTP."""

from __future__ import annotations

import asyncio
import csv
import io
import os
import re
import shutil
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from planrag.engine import Reply, ScriptedModel, call
from planrag.engine.scripted_server import Route, ScriptedServer
from planrag.runtime import load_datasets
from planrag.settings import load_settings
from tests._sql_fixtures import ROOT
from tests.conftest import APP_LOGS, require_e2e
from tests.engine.conftest import SWE_ROWS

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]

pytestmark = [pytest.mark.e2e, pytest.mark.skipif(
    not Path(CHROMIUM).exists(),
    reason="Debian's chromium is not installed (make test-e2e installs it)")]


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
    asyncio.run(load_datasets(settings, ["dqa-locating-1445", "dqa-building-1836", "demo-retail"],
                              "sqlite"))
    return path


def _keep_script(tag: str) -> ScriptedModel:
    """The default script, but after proposing the re-plan the model tries the new plan's
    step anyway: when the person keeps the current plan, that query must not run."""
    base = _script(tag)
    flows = "SELECT source, flow FROM flow WHERE dest = 'baltic_sea'"
    return ScriptedModel([*base.script[:3], Reply(calls=[call("run_sql", query=flows, step=1)]),
                          base.script[3]])


SCRIPTS: dict[str, Any] = {"keep": _keep_script}
"""Per-test scripts by tag; a tag missing here gets the default `_script`."""


@pytest.fixture(scope="module")
async def app(data_dir: Path) -> AsyncIterator[tuple[str, dict[str, ScriptedModel]]]:
    """One app for a module's tests (each starts in 3-6 s of a core's time): each test asks
    with tags of its own, in browser contexts of its own, and only its own fixtures' apps
    are killed or restarted."""
    async with _scripted_chat(data_dir, {"PLANRAG_CONSENT_TIMEOUT": "300",
                                         "PLANRAG_CONSENT_TIMEOUT_DEFAULT": "reject"}) as served:
        yield served


@pytest.fixture(scope="module")
async def quick_consent_app(data_dir: Path) -> AsyncIterator[tuple[str, dict[str, ScriptedModel]]]:
    """The app with a three-second wait for re-plan answers (the default: keep the plan)."""
    async with _scripted_chat(data_dir, {"PLANRAG_CONSENT_TIMEOUT": "3",
                                         "PLANRAG_CONSENT_TIMEOUT_DEFAULT": "reject"}) as served:
        yield served


def question_tag(body: dict[str, Any]) -> str:
    """The `[tag]` of the question a model request is about (a question "[tag] ...")."""
    asked = [m["content"] for m in body["messages"]
             if m["role"] == "user" and "[" in str(m["content"])]
    return str(asked[-1]).split("[", 1)[1].split("]", 1)[0]


def by_tag(make: Callable[[str], ScriptedModel],
           models: dict[str, ScriptedModel] | None = None) -> Route:
    """A scripted server's route: one scripted model per question tag, made by `make(tag)`
    the first time the tag is asked (and kept in `models`)."""
    kept = {} if models is None else models

    def route(body: dict[str, Any]) -> ScriptedModel:
        tag = question_tag(body)
        if tag not in kept:
            kept[tag] = make(tag)
        return kept[tag]

    return route


@asynccontextmanager
async def _scripted_chat(
    data_dir: Path, env: dict[str, str]
) -> AsyncIterator[tuple[str, dict[str, ScriptedModel]]]:
    """The chat answered by scripted models, one per tag: a question "[tag] ..." is
    answered by `SCRIPTS[tag]` (or `_script`)."""
    models: dict[str, ScriptedModel] = {}
    route = by_tag(lambda tag: SCRIPTS.get(tag, _script)(tag), models)
    async with ScriptedServer(route) as server:
        extra = {"PLANRAG_MODEL": "scripted", "PLANRAG_MODEL_BASE_URL": server.base_url,
                 "PLANRAG_MODEL_TOOLS": "on", **env}
        async with _chat(data_dir, extra) as url:
            yield url, models


@pytest.fixture(scope="module")
async def no_model_app(data_dir: Path) -> AsyncIterator[str]:
    async with _chat(data_dir, {"PLANRAG_MODEL": "", "PLANRAG_MODEL_BASE_URL": "",
                                "PLANRAG_MODEL_API_KEY": "", "OPENAI_API_KEY": ""}) as url:
        yield url


APPS: dict[str, subprocess.Popen[bytes]] = {}
"""The running app processes by URL (a test may kill one, as a crash would)."""


@asynccontextmanager
async def _chat(data_dir: Path, extra: dict[str, str]) -> AsyncIterator[str]:
    """The chat app in a process of its own on a free port, stopped on exit."""
    require_e2e("starts the chat app in a process of its own")
    port = _free_port()
    # An app root of its own: Chainlit keeps a session's files (tables, charts) under
    # APP_ROOT/.files and deletes that whole folder when a server stops, so servers sharing
    # the working tree (other tests, other people's) would delete each other's files. Its
    # .chainlit folder is its own too (only the config is shared): the app writes the
    # interface's words, which differ with and without a model, into .chainlit/translations
    # at its start, and apps of other tests start meanwhile.
    root = data_dir / f"app-root-{port}"
    (root / ".chainlit").mkdir(parents=True)
    (root / ".chainlit" / "config.toml").symlink_to(ROOT / ".chainlit" / "config.toml")
    for name in ("public", "chainlit.md"):
        (root / name).symlink_to(ROOT / name)
    env = {**os.environ, "PLANRAG_DATA_DIR": str(data_dir), "MYSQL_URL": "",
           "PLANRAG_DATASET": "dqa-locating-1445", "PLANRAG_RELATIONAL": "sqlite",
           "CHAINLIT_APP_ROOT": str(root), **extra}
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
        APPS[url] = proc
        APP_LOGS[url] = log
        yield url
    finally:
        APPS.pop(f"http://127.0.0.1:{port}", None)
        APP_LOGS.pop(f"http://127.0.0.1:{port}", None)
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


async def _shot(page: Any, target: Any, path: Path, height: int | None = None) -> None:
    """A screenshot of the viewport with `target` at its top (the viewport `height` pixels
    tall for this picture, when given).

    Chainlit scrolls an inner container, not the page, so a full-page screenshot shows only
    what that container happens to show; scrolling the element into view first makes the
    picture show the stage it is named for."""
    size = page.viewport_size
    if height is not None:
        await page.set_viewport_size({"width": size["width"], "height": height})
    await target.scroll_into_view_if_needed(timeout=10_000)
    await target.evaluate("e => e.scrollIntoView({block: 'start', behavior: 'instant'})")
    await page.evaluate("() => new Promise(r => requestAnimationFrame(() => r(null)))")
    await page.screenshot(path=str(path))
    if height is not None:
        await page.set_viewport_size(size)


async def _top(locator: Any) -> float:
    box = await locator.bounding_box()
    assert box is not None, f"{locator} is not displayed"
    return float(box["y"])


async def _avatars_loaded(page: Any) -> None:
    """Every avatar shows an image: Chainlit looks avatars up by the author's name and
    shows a grey placeholder when that fails (names such as "Plan, revision 1")."""
    from playwright.async_api import expect

    await expect(page.locator(".ai-message .animate-pulse")).to_have_count(0, timeout=10_000)


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


async def test_question_plan_queries_replan_and_checked_answer(  # type: ignore[no-untyped-def]
    app, shots: Path, data_dir: Path
) -> None:
    from playwright.async_api import async_playwright, expect

    url, models = app
    async with async_playwright() as p:
        browser = await _browser(p)
        page = await _page(browser, url, height=1600)
        # Starters tell the sample questions apart (the country, the question sentence).
        starter = page.get_by_role("button", name='SWE: Where should I allocate my merchant '
                                   'to steer trade to "baltic_sea"?')
        await starter.wait_for(timeout=30_000)
        await expect(page.get_by_role("button", name=re.compile(r"^DAN: Where should"))
                     ).to_be_visible()
        await expect(page.locator("img.logo")).to_have_attribute("src", re.compile("/logo"))
        assert await page.evaluate(
            "() => fetch('/logo?theme=dark').then(r => r.text())"
        ) == (ROOT / "public" / "logo_dark.svg").read_text()
        await page.screenshot(path=str(shots / "0-start.png"))

        await _ask(page, "[approve] Where should SWE place its merchant?")
        approve = page.get_by_role("button", name="Approve")
        await approve.wait_for(timeout=30_000)
        prompt = page.locator(".step", has=approve).last
        await expect(prompt).to_contain_text("the flows into baltic_sea matter too")
        await expect(prompt).to_contain_text("Without an answer within 5 minutes, the default "
                                             "applies: the current plan is kept")
        await _shot(page, prompt, shots / "1-replan-prompt.png")
        await approve.click()
        await page.get_by_text("Best decision: Krakow").first.wait_for(timeout=30_000)
        await page.get_by_text("reached the same decision").first.wait_for()
        chart = page.locator(".js-plotly-plot").first
        await chart.wait_for(timeout=30_000)
        # Verdict first, rounded for reading; the chart names the pick and its axis's unit.
        answer = page.locator(".step", has_text="Best decision: Krakow").last
        text = await answer.inner_text()
        assert text.index("Best decision: Krakow") < text.index("Why:")
        assert ("0.498 ducats, 0.077 ducats (18.3%) more than if nothing changes"
                in text)
        assert not re.search(r"\d\.\d{5,}", text), text  # no more than the declared digits
        await expect(chart).to_contain_text("The check's pick")
        await expect(chart).to_contain_text("Change (ducats)")
        await expect(chart).to_contain_text("77 other candidates change nothing")
        await expect(answer.get_by_text("answer-approve-where-should-swe-place-its-merchant.md")
                     ).to_be_visible()
        # The proposal stays on record, with both plans and who decided.
        record = page.locator(".step", has_text="The change of plan is approved (decided by you).")
        await record.wait_for(timeout=30_000)
        await expect(record).to_contain_text("the flows into baltic_sea matter too")
        await expect(record.locator("table")).to_contain_text("flows into baltic_sea")
        await expect(record.locator("th")).to_have_text(["step", "current plan",
                                                         "proposed plan"])
        assert "Selected:" not in await page.inner_text("body")
        # The plan's children hold the query step, whose rows are a table element; the
        # plan is one step (not "1 steps").
        plan = page.locator("[data-step-type=run]", has_text="Plan").first
        await expect(plan).to_contain_text("1 step")
        assert "1 steps" not in await plan.inner_text()
        await page.get_by_text("1. find where SWE holds trading power").first.click()
        await page.get_by_text("Query 1 · SQL").first.click()
        await page.get_by_text("rows in").first.wait_for(timeout=10_000)
        table = page.locator(".dataframe").first
        await table.wait_for(timeout=10_000)
        assert not re.search(r"\d\.\d{5,}", await table.inner_text())  # rounded cells
        # The CSV download holds the query's whole table with exact values.
        link = page.get_by_role("link", name="q1.csv").first
        href = await link.get_attribute("href")
        assert href
        csv_text = await page.evaluate("h => fetch(h).then(r => r.text())", href)
        rows = list(csv.reader(io.StringIO(csv_text.lstrip("\ufeff"))))
        with sqlite3.connect(next(Path(data_dir).glob("sqlite/*locating*05471b42cd31*"))) as db:
            expected = db.execute(SWE_ROWS).fetchall()
        assert rows[0] == ["trade_node", "base_trading_power"]
        assert [(r[0], float(r[1])) for r in rows[1:]] == [(a, b) for a, b in expected]
        # The story reads in the order it happened.
        revised = page.get_by_text("Plan, revision 1").first
        decision = page.get_by_text("Best decision: Krakow").first
        tops = [await _top(x) for x in (plan, record, revised, decision, chart)]
        assert tops == sorted(tops), tops
        await _avatars_loaded(page)
        await _shot(page, plan, shots / "2-answer.png", height=2600)
        body = await page.inner_text("body")
        assert "Plan" in body and "q1" in body
        assert "The assistant's analysis reached the same decision." in body

        await _ask(page, "[keep] Where should SWE place it now, keeping the plan?")
        keep = page.get_by_role("button", name="Keep the current plan")
        await keep.wait_for(timeout=30_000)
        await keep.click()
        kept = page.locator(".step", has_text="The current plan is kept (decided by you).")
        await kept.wait_for(timeout=30_000)
        await page.get_by_text("Best decision: Krakow").nth(1).wait_for(timeout=30_000)
        # The kept plan's new step never ran: no second query in this run.
        await expect(page.get_by_text(re.compile(r"^Query 2 · SQL"))).to_have_count(0)
        await _shot(page, kept, shots / "3-kept.png")
        # The same answer in the light theme.
        await page.get_by_role("button", name="Toggle theme").click()
        await page.get_by_role("menuitem", name="Light").click()
        await _shot(page, answer, shots / "4-answer-light.png")
        await browser.close()
    assert set(models) == {"approve", "keep"}
    for model in models.values():
        model.assert_all_used()
    assert len(list(shots.glob("*.png"))) == 5


NODES = "SELECT trade_node, local_value FROM trade_node ORDER BY trade_node"
"""80 rows: more than the chat's table shows (50)."""


def _corrects_itself(tag: str) -> ScriptedModel:
    """A DELETE (refused by the guard), a syntax error (rejected by the database), then a
    correct query, one returning 80 rows, and the answer."""
    return ScriptedModel([
        Reply("Planning.", [call("make_plan", steps=[
            {"goal": "find where SWE holds trading power", "source": "sql"},
            {"goal": "list the trade nodes", "source": "sql"}])]),
        Reply(calls=[call("run_sql", query="DELETE FROM node_country", step=0)]),
        # No step named: a step failing twice would propose a re-plan (execution
        # monitors, tests/app/test_monitor_replan_e2e.py); it is shown under step 1 anyway.
        Reply(calls=[call("run_sql", query="SELECT trade_node FROM node_country WHERE",
                          step=None)]),
        Reply(calls=[call("run_sql", query=SWE_ROWS, step=0)]),
        Reply(calls=[call("run_sql", query=NODES, step=1)]),
        Reply("krakow.", [call("final_answer", decision="krakow", rationale="most power (q3).",
                               query_ids=["q3"], parameters={"country": "SWE"})]),
    ])


async def test_refused_and_failed_queries_are_marked_tables_capped(app, shots: Path) -> None:  # type: ignore[no-untyped-def]
    from playwright.async_api import async_playwright, expect

    SCRIPTS["fixes"] = _corrects_itself
    url, models = app
    async with async_playwright() as p:
        browser = await _browser(p)
        page = await _page(browser, url, height=1800)
        await _ask(page, "[fixes] Where should SWE place its merchant?")
        await page.get_by_text("Best decision: Krakow").first.wait_for(timeout=60_000)
        step1 = page.locator("[data-step-type=undefined]",
                             has_text="1. find where SWE holds trading power").first
        await step1.get_by_text("1. find where SWE holds trading power").click()
        refused = page.get_by_text("Query 1 · SQL · refused by the guard")
        failed = page.get_by_text("Query 2 · SQL · failed")
        # Drawn red, inside the step they belong to; the query that worked is not marked.
        red = "rgb(239, 68, 68)"
        await expect(refused).to_have_css("color", red)
        await expect(failed).to_have_css("color", red)
        ok = page.get_by_text(re.compile(r"Query 3 · SQL · \d+ rows?$"))
        await expect(ok).not_to_have_css("color", red)
        for query in (refused, failed, ok):
            await expect(step1.locator("[data-step-type=tool]", has=query)).to_have_count(1)
        await refused.click()
        await expect(page.get_by_text("Refused by the read-only guard")).to_be_visible()
        await expect(page.get_by_text("DELETE changes data").first).to_be_visible()
        await failed.click()
        await expect(page.get_by_text("Failed: SQLite rejected the query")).to_be_visible()
        await expect(page.get_by_text("incomplete input").first).to_be_visible()
        await _shot(page, step1, shots / "refused-and-failed.png")
        # 80 rows: the chat shows the first 50 (five pages of ten) and says how many there are.
        step2 = page.locator("[data-step-type=undefined]",
                             has_text="2. list the trade nodes").first
        await step2.get_by_text("2. list the trade nodes").click()
        await step2.get_by_text("Query 4 · SQL").click()
        await expect(step2.get_by_text("80 rows (showing the first 50) in")).to_be_visible()
        table = step2.locator(".dataframe")
        await expect(table.locator("tbody tr")).to_have_count(10)
        pages = table.locator("nav a, nav button").filter(has_text=re.compile(r"^\d+$"))
        await expect(pages).to_have_count(5)
        await _shot(page, step2, shots / "capped-table.png")
        await browser.close()
    models["fixes"].assert_all_used()


async def test_an_unanswered_replan_gets_the_default(quick_consent_app, shots: Path) -> None:  # type: ignore[no-untyped-def]
    from playwright.async_api import async_playwright, expect

    url, models = quick_consent_app
    async with async_playwright() as p:
        browser = await _browser(p)
        page = await _page(browser, url)
        await _ask(page, "[late] Where should SWE place its merchant?")
        prompt = page.locator(".step", has=page.get_by_role("button", name="Approve")).last
        await prompt.wait_for(timeout=30_000)
        await expect(prompt).to_contain_text("Without an answer within 3 seconds, the default "
                                             "applies: the current plan is kept")
        # Nobody answers: the default applies, the chat says so, and the run goes on.
        record = page.locator(".step", has_text="The current plan is kept (no one answered in "
                              "time).")
        await record.wait_for(timeout=30_000)
        assert "PLANRAG_" not in await record.inner_text()
        await expect(record).to_contain_text("the flows into baltic_sea matter too")
        await page.get_by_text("Best decision: Krakow").first.wait_for(timeout=30_000)
        await expect(page.get_by_role("button", name="Approve")).to_have_count(0)
        assert "Plan, revision 1" not in await page.inner_text("body")
        await _shot(page, record, shots / "timeout.png")
        # With re-plans approved by policy nobody is asked, and the record says who decided.
        await page.locator("#chat-settings-open-modal").click()
        await page.locator("#consent").click()
        await page.get_by_role("option", name="Approve it automatically").click()
        await page.locator("#confirm").click()
        await page.get_by_text("when it wants to change its plan: approve it automatically"
                               ).first.wait_for(timeout=30_000)
        await _ask(page, "[policy] Where should SWE place its merchant?")
        policy = page.locator(".step", has_text="The change of plan is approved (as the consent "
                              "setting decides).")
        await policy.wait_for(timeout=30_000)
        await expect(policy).to_contain_text("the flows into baltic_sea matter too")
        await page.get_by_text("Plan, revision 1").first.wait_for(timeout=30_000)
        await page.get_by_text("Best decision: Krakow").nth(1).wait_for(timeout=30_000)
        await expect(page.get_by_role("button", name="Approve")).to_have_count(0)
        await browser.close()
    models["late"].assert_all_used()
    models["policy"].assert_all_used()


async def _browser(p: Any) -> Any:
    require_e2e("drives a browser")
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


# Alone, after the parallel tests: with two workers loading both cores, its what-if form
# steps timed out in 2 of 8 runs (a value typed into the form not submitted; see the
# closing note of 2026-11-26), never when run alone.
@pytest.mark.serial
async def test_without_a_model_what_if_and_datasets_still_work(no_model_app, shots: Path) -> None:  # type: ignore[no-untyped-def]
    from playwright.async_api import async_playwright, expect

    async with async_playwright() as p:
        browser = await _browser(p)
        page = await _page(browser, no_model_app, height=1600)
        # The first screen: the sample questions stay (nothing is posted over them), and one
        # short line under the composer says what happens without a model.
        await page.wait_for_timeout(5_000)
        starter = page.get_by_role("button", name=re.compile(r"^SWE: Where should I allocate"))
        await expect(starter).to_be_visible()
        composer = page.get_by_placeholder(re.compile(r"no model is set up; see the Readme"))
        await expect(composer).to_be_visible()
        await page.screenshot(path=str(shots / "first-screen.png"))
        # A sample question runs the labelled scripted walkthrough, verdict first.
        await starter.click()
        await page.get_by_text("Scripted walkthrough").first.wait_for(timeout=30_000)
        await page.get_by_text("Best decision: Krakow").first.wait_for(timeout=30_000)
        # once a conversation runs, the line under the composer says what answers it
        await expect(page.get_by_text(re.compile(
            r"where a dataset has a scripted walkthrough, it answers the sample questions"))
        ).to_be_visible()
        # A sample question's parameters, on a button labelled with them (with the form).
        await _ask(page, "/whatif")
        await page.get_by_role("button", name="What-if: country=DAN home=lubeck").first.click()
        await page.get_by_text("Country: DAN · Home trade node: lubeck").first.wait_for(
            timeout=30_000)
        await page.get_by_text("Best decision: Rheinland").first.wait_for()
        await page.locator(".js-plotly-plot").first.wait_for(timeout=30_000)
        # The form `/whatif` showed: the simulator's parameters, what they mean and allow.
        form = page.locator("[data-whatif-form]").last
        await form.wait_for(timeout=30_000)
        await expect(form).to_contain_text("One of the 665 values in the country table")
        await expect(form).to_contain_text("Leave it empty to let the simulator derive it")
        intro = page.locator(".step", has=form)
        country = form.get_by_label("Country", exact=True)
        await expect(country).to_have_value("SWE")
        options = await form.locator("datalist").first.locator("option").count()
        assert options == 665
        await country.fill("NOR")
        await _shot(page, intro, shots / "what-if-form.png")
        await form.get_by_role("button", name="Rank every decision").click()
        result = page.locator(".step", has_text="Country: NOR · Home trade node: lubeck")
        await result.wait_for(timeout=30_000)
        await expect(result).to_contain_text("What-if: Merchant placement")
        await expect(result.locator(".js-plotly-plot")).to_have_count(1, timeout=30_000)
        await expect(result.locator(".dataframe")).to_have_count(1)
        await _shot(page, result, shots / "what-if.png")
        # A wrong value is said plainly, and the form stays usable.
        await country.fill("XXX")
        await form.get_by_role("button", name="Rank every decision").click()
        await page.get_by_text("must be one of the 665 values in the country table (you gave "
                               "XXX)").first.wait_for(timeout=30_000)
        # `/whatif` with parameters ranks at once; a wrong one says what the what-if takes.
        await _ask(page, "/whatif goods=furniture")
        await page.get_by_text("is not a parameter of this dataset's what-if").first.wait_for(
            timeout=30_000)
        assert "Field required" not in await page.inner_text("body")
        await _ask(page, "/whatif country=SWE")
        await page.get_by_text("Country: SWE · Home trade node: baltic_sea").first.wait_for(
            timeout=30_000)
        await page.get_by_text("Best decision: Krakow").first.wait_for()
        await _ask(page, "/datasets")
        await page.get_by_text("demo-retail").first.wait_for(timeout=30_000)
        # Free text without a model: the walkthrough finds the country, or asks for it.
        await _ask(page, "Where should we place our merchant?")
        await page.get_by_text("Which country places the merchant?").first.wait_for(
            timeout=30_000)
        # The scripted walkthrough answers without a model, labelled as scripted, its
        # second query inside the plan's step.
        await _ask(page, '/scripted You are the ruler of the country named "SWE". Our home '
                   'node is "baltic_sea". Where should I place my merchant?')
        await page.get_by_text("Scripted walkthrough").first.wait_for(timeout=30_000)
        await page.get_by_text("The scripted walkthrough chose").nth(1).wait_for(
            timeout=30_000)
        plan = page.locator("[data-step-type=run]", has_text="Plan (scripted)").last
        step = plan.locator("[data-step-type=undefined]").first
        await step.locator("button").first.click()
        await expect(step.locator("[data-step-type=tool]")).to_have_count(2)
        await _avatars_loaded(page)
        await _shot(page, page.locator(".step", has_text="Scripted walkthrough").last,
                    shots / "scripted.png")
        # Switch to the demo dataset in the settings panel: its questions and what-if follow.
        await page.locator("#chat-settings-open-modal").click()
        await page.locator("#dataset").click()
        await page.get_by_role("option", name="Coffee roaster deliveries (demo)").click()
        await page.locator("#confirm").click()
        await page.get_by_text("Now on Coffee roaster deliveries (demo)").first.wait_for(
            timeout=30_000)
        # Its sample question, without a model: the walkthrough, verdict first, by name.
        await page.get_by_role("button", name=re.compile(r"^Which warehouse should we")
                               ).last.click()
        demo = page.locator(".step", has_text="Best decision: East Point, Leipzig").last
        await demo.wait_for(timeout=60_000)
        await expect(demo).to_contain_text("weekly delivery cost 1,300.70 EUR, 26.60 EUR (2.0%) "
                                           "less than if nothing changes")
        await expect(demo).to_contain_text("The scripted walkthrough reached the same decision")
        await _shot(page, demo, shots / "demo-answer.png")
        await page.get_by_role("button", name="What-if: extra_kg=200").click()
        await page.get_by_text("What-if: Warehouse expansion (demo)").first.wait_for(
            timeout=30_000)
        await page.get_by_text("Best decision: East Point, Leipzig").first.wait_for()
        # The demo simulator's form: numbers with their range; a value out of range is refused.
        await page.get_by_role("button", name="What-if analysis").last.click()
        form = page.locator("[data-whatif-form]").last
        capacity = form.get_by_label("Extra weekly capacity (kg)")
        await expect(capacity).to_have_value("200", timeout=30_000)
        await expect(form).to_contain_text("A number > 0 and ≤ 1,000,000")
        await form.get_by_label("Extra weekly capacity (kg)").fill("-5")
        await form.get_by_role("button", name="Rank every decision").click()
        await page.get_by_text("Extra weekly capacity (kg) must be more than 0 and at most "
                               "1,000,000 (you gave -5).").first.wait_for(timeout=30_000)
        await form.get_by_label("Extra weekly capacity (kg)").fill("500")
        await form.get_by_role("button", name="Rank every decision").click()
        result = page.locator(".step", has_text="Extra weekly capacity (kg): 500").last
        await result.wait_for(timeout=30_000)
        await expect(result.locator(".js-plotly-plot")).to_have_count(1, timeout=30_000)
        await _shot(page, result, shots / "demo-what-if.png")
        # The third shipped dataset: a sample question there ends in a verdict too.
        await page.locator("#chat-settings-open-modal").click()
        await page.locator("#dataset").click()
        await page.get_by_role("option", name="DQA Building, 1836 economy").click()
        await page.locator("#confirm").click()
        await page.get_by_text("Now on DQA Building, 1836 economy").first.wait_for(
            timeout=30_000)
        await page.get_by_role("button", name=re.compile(r"furniture\?$")).last.click()
        building = page.locator(".step", has_text="market price of furniture £").last
        # e.g. "Best decision: Furniture manufacturies, level 2 (id 1485): market price of
        # furniture £39.72, £3.52 (8.1%) less than if nothing changes."
        await building.wait_for(timeout=60_000)
        text = await building.inner_text()
        assert text.startswith("Best decision: ") and "(id " in text, text
        await _shot(page, building, shots / "building-answer.png")
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
        failure = second.locator(".step", has_text="Something went wrong").last
        await failure.wait_for(timeout=30_000)
        await _shot(second, failure, shots / "failure.png")
        await first.get_by_role("button", name="Approve").wait_for(timeout=30_000)
        assert "Something went wrong" not in await first.inner_text("body")
        assert "Approve" not in await second.inner_text("body")
        await first.get_by_role("button", name="Approve").click()
        await first.get_by_text("Best decision: Krakow").first.wait_for(timeout=30_000)
        # the failed session is still usable, and so is the server after a page reload
        await second.reload()
        await _ready(second)
        await _ask(second, "[two] Where should SWE place its merchant?")
        await second.get_by_role("button", name="Keep the current plan").click(timeout=30_000)
        await second.get_by_text("Best decision: Krakow").first.wait_for(timeout=30_000)
        for page in (first, second):  # drawn: the page is as long as it gets
            await page.locator(".js-plotly-plot").first.wait_for(timeout=30_000)
        await _shot(first, first.get_by_text("Best decision: Krakow").first,
                    shots / "session-1.png")
        await _shot(second, second.get_by_text("Best decision: Krakow").first,
                    shots / "session-2.png")
        await browser.close()
    models["one"].assert_all_used()
    models["two"].assert_all_used()


async def test_a_reload_keeps_the_dataset_and_says_what_happened(app, shots: Path) -> None:  # type: ignore[no-untyped-def]
    """A reload keeps the dataset the browser picked (its starters and settings follow), and
    a question still being answered when the page reloaded is stopped and said so."""
    from playwright.async_api import async_playwright, expect

    url, _models = app
    async with async_playwright() as p:
        browser = await _browser(p)
        page = await _page(browser, url)
        await _ask(page, "[reload] Where should SWE place its merchant?")
        await page.get_by_role("button", name="Approve").wait_for(timeout=30_000)
        await page.reload()  # the run waits for the person's answer: it is still working
        await _ready(page)
        stopped = page.get_by_text("The question you asked before the page was reloaded")
        await stopped.wait_for(timeout=30_000)
        await expect(stopped).to_contain_text("[reload] Where should SWE place its merchant?")
        await expect(stopped).to_contain_text("it has been stopped. Ask it again")
        await _shot(page, stopped, shots / "reload-stopped.png")
        # Another dataset, then a reload: the demo's sample questions and settings stay.
        await page.locator("#chat-settings-open-modal").click()
        await page.locator("#dataset").click()
        await page.get_by_role("option", name="Coffee roaster deliveries (demo)").click()
        await page.locator("#confirm").click()
        await page.get_by_text("Now on Coffee roaster deliveries (demo)").first.wait_for(
            timeout=30_000)
        await page.reload()
        await _ready(page)
        starter = page.get_by_role("button", name=re.compile(r"^Which warehouse should we"))
        await expect(starter).to_be_visible(timeout=30_000)
        await page.locator("#chat-settings-open-modal").click()
        await expect(page.locator("#dataset")).to_contain_text(
            "Coffee roaster deliveries (demo)")
        await page.screenshot(path=str(shots / "reload-kept-dataset.png"))
        await browser.close()
