"""The chat on a phone and in both themes (issue 19, point 4; point 10's scroll arrow and
theme), in headless Chromium, judged by bounding boxes rather than by eye.

At 390 px (a phone), light and dark, and at 1280 px: nothing on the first screen, the consent
card, an answer with its chart, a query table or the what-if form reaches past the viewport's
edges (a table may scroll sideways inside its own box, but the box fits); the "open to this
machine only" banner covers no text or control; the chart's texts are inside the chart and its
toolbar covers neither the bars nor the title; query tables show their rows uncut; the
scroll-to-bottom arrow lies outside the area where the conversation scrolls.

The theme: a fresh browser gets the theme it prefers, and the page is that theme from its
first frame. What is painted cannot be read back before the page's first paint, so the test
samples the page's background in requestAnimationFrame, which runs just before each frame is
painted, from the moment the document exists (an init script) until the chat is ready."""

from __future__ import annotations

import contextlib
import random
import re
from pathlib import Path
from typing import Any

import pytest

from planrag.engine import Reply, ScriptedModel, call
from tests.app.test_chat_e2e import (  # noqa: F401 - app, data_dir and shots are fixtures
    SCRIPTS,
    _ask,
    _browser,
    _ready,
    _shot,
    app,
    data_dir,
    no_model_app,
    shots,
)

pytestmark = pytest.mark.e2e

OVERFLOWING = """() => {
  // Every displayed element whose box reaches past the viewport's left or right edge, unless
  // it sits in a box that scrolls sideways by design (a table's, a code block's) and that box
  // fits. The page itself must not scroll sideways either.
  const width = document.documentElement.clientWidth;
  const fits = (r) => r.left >= -0.5 && r.right <= width + 0.5;
  const ownScrollBox = (e) => {
    const overflow = getComputedStyle(e).overflowX;
    return (overflow === 'auto' || overflow === 'scroll') &&
      (e.closest('.dataframe') !== null || e.closest('pre') !== null) &&
      fits(e.getBoundingClientRect());
  };
  const found = [];
  if (document.documentElement.scrollWidth > width + 0.5) {
    found.push('the page scrolls sideways: ' + document.documentElement.scrollWidth + ' px');
  }
  for (const e of document.querySelectorAll('body *')) {
    if (e.closest('#js-plotly-tester')) continue;  // Plotly's text measurer, parked off-screen
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || fits(r)) continue;
    if (getComputedStyle(e).visibility === 'hidden') continue;
    let box = e.parentElement;
    while (box && !ownScrollBox(box)) box = box.parentElement;
    if (box) continue;
    found.push(e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + ' from ' +
      Math.round(r.left) + ' to ' + Math.round(r.right) + ' px: ' +
      JSON.stringify((e.textContent || '').trim().slice(0, 50)));
  }
  return found.slice(0, 20);
}"""

UNDER = """(cover) => {
  // The visible texts, images and fields whose boxes meet `cover`'s box: clipped to the boxes
  // that scroll or hide what overflows them, so text scrolled out of sight does not count.
  const c = cover.getBoundingClientRect();
  const visible = (e) => {
    let r = e.getBoundingClientRect();
    let [left, top, right, bottom] = [r.left, r.top, r.right, r.bottom];
    for (let a = e.parentElement; a; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      const b = a.getBoundingClientRect();
      left = Math.max(left, b.left); top = Math.max(top, b.top);
      right = Math.min(right, b.right); bottom = Math.min(bottom, b.bottom);
    }
    return right > left && bottom > top ? {left, top, right, bottom} : null;
  };
  const ownText = (e) => [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
  const found = [];
  for (const e of document.querySelectorAll('body *')) {
    if (cover.contains(e) || e.contains(cover)) continue;
    if (!(ownText(e) || e.matches('img, input, textarea'))) continue;
    if (getComputedStyle(e).visibility === 'hidden') continue;
    const r = visible(e);
    if (!r || r.right <= c.left || r.left >= c.right || r.bottom <= c.top || r.top >= c.bottom) {
      continue;
    }
    found.push(e.tagName.toLowerCase() + ': ' + JSON.stringify(e.textContent.trim().slice(0, 50)));
  }
  return found.slice(0, 20);
}"""

WHOLE = """(e) => {
  // Whether `e` shows whole: no box around it that hides what overflows cuts it, up to the
  // conversation's scrolling area (where scrolling shows the rest).
  const r = e.getBoundingClientRect();
  for (let a = e.parentElement; a; a = a.parentElement) {
    const s = getComputedStyle(a);
    if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
    if (a.scrollHeight > a.clientHeight + 1 && ['auto', 'scroll'].includes(s.overflowY)) break;
    const b = a.getBoundingClientRect();
    if (r.left < b.left - 0.5 || r.right > b.right + 0.5 || r.top < b.top - 0.5 ||
        r.bottom > b.bottom + 0.5) return false;
  }
  return true;
}"""

CHART = """(plot) => {
  const box = (e) => { const r = e.getBoundingClientRect();
    return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; };
  const one = (q) => { const e = plot.querySelector(q); return e ? box(e) : null; };
  return {
    chart: box(plot), title: one('.gtitle'), toolbar: one('.modebar'), area: one('.nsewdrag'),
    legend: one('.legend'),
    texts: [...plot.querySelectorAll('svg text')].filter(t => t.textContent.trim())
      .map(t => ({text: t.textContent.trim(), ...box(t)})),
  };
}"""


def _meet(a: dict[str, float] | None, b: dict[str, float] | None) -> bool:
    """Whether two boxes overlap (touching edges do not)."""
    if a is None or b is None:
        return False
    return (a["left"] < b["right"] - 0.5 and b["left"] < a["right"] - 0.5
            and a["top"] < b["bottom"] - 0.5 and b["top"] < a["bottom"] - 0.5)


def _inside(inner: dict[str, float], outer: dict[str, float]) -> bool:
    return (inner["left"] >= outer["left"] - 0.5 and inner["right"] <= outer["right"] + 0.5
            and inner["top"] >= outer["top"] - 0.5 and inner["bottom"] <= outer["bottom"] + 0.5)


async def _fits(page: Any, stage: str) -> None:
    # A chart drawn while the machine is busy may take a moment to shrink to the screen:
    # what is judged is the settled page (an overflow that stays still fails below).
    with contextlib.suppress(Exception):
        await page.wait_for_function(f"() => ({OVERFLOWING})().length === 0", timeout=5_000)
    assert await page.evaluate(OVERFLOWING) == [], f"{stage}: past the screen's edges"
    banner = page.locator("#planrag-open-banner")
    if await banner.count():
        assert await banner.evaluate(UNDER) == [], f"{stage}: under the banner"


def _scroller(page: Any) -> Any:
    """The conversation's scrolling area."""
    return page.locator("div.overflow-y-auto:has(> div .step)").last


async def _box(locator: Any) -> dict[str, float]:
    box = await locator.bounding_box()
    assert box is not None, f"{locator} is not displayed"
    return {"left": box["x"], "top": box["y"], "right": box["x"] + box["width"],
            "bottom": box["y"] + box["height"]}


async def _frame_is_small(page: Any, folder: Path) -> None:
    """On a phone the banner, the header, the message box and the line under it take well
    under a quarter of the screen together (a fifth at most), once a conversation has begun:
    measured from the top of the window to the lowest of the header and the banner, and from
    the top of the message box to the bottom of the window."""
    height = page.viewport_size["height"]
    header = await _box(page.locator("#header"))
    banner = await _box(page.locator("#planrag-open-banner"))
    composer = await _box(page.locator("#message-composer"))
    taken = max(header["bottom"], banner["bottom"]) + (height - composer["top"])
    await page.screenshot(path=str(folder / "8-phone-frame.png"))
    assert taken <= height / 5, (taken, header, banner, composer)
    assert _inside(banner, header), "the banner stands out of the header"


async def _scrolls_sideways_visibly(page: Any, table: Any, folder: Path) -> None:
    """A table wider than its box shows that it scrolls sideways: a shadow at the edge where
    columns are cut (backgrounds fixed to the box, with covers that scroll with the table,
    public/chat.css). The box itself fits the screen. (Its scroll bar is the browser's own,
    hidden in headless Chromium: it cannot be measured here.)"""
    box = table.locator("div.overflow-auto:has(> table)")
    look = await box.evaluate("""b => ({wide: b.scrollWidth > b.clientWidth + 1,
        images: getComputedStyle(b).backgroundImage,
        attached: getComputedStyle(b).backgroundAttachment})""")
    if not look["wide"]:
        return
    assert look["images"].count("gradient(") == 4, look
    assert look["attached"].split(", ") == ["local", "local", "scroll", "scroll"], look
    edges = await _box(box)
    assert edges["left"] >= 0 and edges["right"] <= page.viewport_size["width"], edges
    await page.screenshot(path=str(folder / "9-wide-table.png"))


WIDE = ("SELECT a.*, b.trade_node AS other_node, b.base_trading_power AS other_power, "
        "b.calculated_trading_power AS other_calculated FROM node_country a JOIN node_country b "
        "ON a.trade_node = b.trade_node AND b.country_name <> a.country_name "
        "WHERE a.country_name = 'SWE' ORDER BY a.base_trading_power DESC LIMIT 6")


def _wide(tag: str) -> ScriptedModel:
    """Plan, one query with more columns than a phone shows, and the answer."""
    answer = Reply(calls=[call("final_answer", decision="krakow", rationale="krakow leads (q1).",
                               query_ids=["q1"], parameters={"country": "SWE"})])
    return ScriptedModel([
        Reply(calls=[call("make_plan", steps=[
            {"goal": "compare SWE with the others at each node", "source": "sql"}])]),
        Reply(calls=[call("run_sql", query=WIDE, step=0)]),
        answer,
        answer,  # told once what the answer lacks, it answers unchanged
    ])


SCRIPTS.update({"wide-dark": _wide, "wide-light": _wide})


@pytest.mark.parametrize("scheme", ["dark", "light"])
async def test_a_wide_table_shows_it_scrolls_sideways_on_a_phone(  # type: ignore[no-untyped-def]
    app, shots: Path, scheme: str  # noqa: F811
) -> None:
    from playwright.async_api import async_playwright

    url, _ = app
    async with async_playwright() as p:
        browser = await _browser(p)
        context = await browser.new_context(viewport={"width": 390, "height": 844},
                                            color_scheme=scheme)
        page = await context.new_page()
        await page.goto(url)
        await _ready(page)
        await _ask(page, f"[wide-{scheme}] Where should SWE place its merchant?")
        await page.get_by_text("Best decision: Krakow").first.wait_for(timeout=30_000)
        await page.get_by_text("1. compare SWE with the others").first.click()
        await page.get_by_text("Query 1 · SQL").first.click()
        table = page.locator(".dataframe").first
        await table.locator("tbody tr").first.wait_for(timeout=10_000)
        await page.wait_for_function(WHOLE, arg=await table.element_handle(), timeout=10_000)
        await table.scroll_into_view_if_needed()
        box = table.locator("div.overflow-auto:has(> table)")
        assert await box.evaluate("b => b.scrollWidth > b.clientWidth + 1"), "not wide enough"
        await _scrolls_sideways_visibly(page, table, shots)
        await _fits(page, "wide table")
        # Scrolled to its right end, the shadow is on the left only.
        await box.evaluate("b => b.scrollTo({left: b.scrollWidth, behavior: 'instant'})")
        await page.screenshot(path=str(shots / "10-wide-table-scrolled.png"))
        await browser.close()


@pytest.mark.parametrize(("width", "scheme"), [
    pytest.param(390, "dark", id="phone-dark"),
    pytest.param(390, "light", id="phone-light"),
    pytest.param(1280, "dark", id="desktop-dark"),
    pytest.param(1280, "light", id="desktop-light"),
])
async def test_every_stage_fits_the_screen(  # type: ignore[no-untyped-def]
    app, shots: Path, width: int, scheme: str  # noqa: F811
) -> None:
    from playwright.async_api import async_playwright, expect

    url, models = app
    tag = f"layout{random.randrange(10**6)}"
    async with async_playwright() as p:
        browser = await _browser(p)
        context = await browser.new_context(viewport={"width": width, "height": 844},
                                            color_scheme=scheme)
        page = await context.new_page()
        await page.goto(url)
        await _ready(page)
        # The first screen: the banner (the chat runs without sign-in here), the composer and
        # the sample questions.
        banner = page.locator("#planrag-open-banner")
        await expect(banner).to_be_visible(timeout=30_000)
        await expect(page.locator("#starters button").first).to_be_visible(timeout=30_000)
        await expect(page.locator("html")).to_have_class(re.compile(rf"\b{scheme}\b"))
        await _fits(page, "first screen")
        await page.screenshot(path=str(shots / "1-first-screen.png"))

        # The consent card, then the answer with its chart.
        await _ask(page, f"[{tag}] Where should SWE place its merchant?")
        approve = page.get_by_role("button", name="Approve")
        await approve.wait_for(timeout=30_000)
        card = page.locator(".step", has=approve).last
        await _shot(page, card, shots / "2-consent-card.png")
        await _fits(page, "consent card")
        await approve.click()
        answer = page.locator(".step", has_text="Best decision: Krakow").last
        await answer.wait_for(timeout=30_000)
        chart = answer.locator(".js-plotly-plot")
        await chart.locator(".gtitle").wait_for(timeout=30_000)
        await chart.hover()  # the toolbar shows while the pointer is on the chart
        await _shot(page, answer, shots / "3-answer.png")
        await _fits(page, "answer")
        # Scrolled to the top of the conversation's area, the verdict is under nothing.
        verdict = answer.get_by_text("Best decision: Krakow")
        await verdict.evaluate("e => e.scrollIntoView({block: 'start', behavior: 'instant'})")
        await _fits(page, "answer scrolled to its verdict")
        assert not _meet(await _box(banner), await _box(_scroller(page)))
        if width == 390:
            await _frame_is_small(page, shots)
        parts = await chart.evaluate(CHART)
        for text in parts["texts"]:
            assert _inside(text, parts["chart"]), f"cut: {text} outside {parts['chart']}"
        assert parts["title"] is not None and _inside(parts["title"], parts["chart"])
        assert parts["area"] is not None and parts["toolbar"] is not None
        assert not _meet(parts["toolbar"], parts["area"]), "the toolbar covers the bars"
        assert not _meet(parts["toolbar"], parts["title"]), "the toolbar covers the title"
        assert not _meet(parts["legend"], parts["title"]), "the legend covers the title"
        assert not _meet(parts["legend"], parts["area"]), "the legend covers the bars"
        await _shot(page, chart, shots / "4-chart.png")

        # A query's table: open the plan's step, then its query.
        await page.get_by_text("1. find where SWE holds trading power").first.click()
        await page.get_by_text("Query 1 · SQL").first.click()
        table = page.locator(".dataframe").first
        await table.wait_for(timeout=10_000)
        await expect(table.locator("tbody tr")).to_have_count(8)
        # Shown whole once the step has opened (it opens with an animation).
        await page.wait_for_function(WHOLE, arg=await table.element_handle(), timeout=10_000)
        await _shot(page, page.get_by_text("Query 1 · SQL").first, shots / "5-query-table.png")
        await _fits(page, "query table")
        box = await _box(table)
        assert box["left"] >= 0 and box["right"] <= width, box
        await _scrolls_sideways_visibly(page, table, shots)
        cut = await table.evaluate("""t => [t, ...t.querySelectorAll('*')]
            .filter(e => ['auto', 'scroll', 'hidden'].includes(getComputedStyle(e).overflowY))
            .filter(e => e.scrollHeight > e.clientHeight + 1).length""")
        assert cut == 0, "the table's rows are cut off inside its box"

        # The what-if form.
        await _ask(page, "/whatif")
        form = page.locator("[data-whatif-form]").last
        await form.wait_for(timeout=30_000)
        await _shot(page, page.locator(".step", has=form).last, shots / "6-what-if-form.png")
        await _fits(page, "what-if form")

        # Scrolled up, the arrow back to the newest message lies under the conversation's
        # area, not on it.
        area = _scroller(page)
        await area.evaluate("e => e.scrollTo({top: 0, behavior: 'instant'})")
        arrow = page.locator("div.absolute.bottom-4 > button.rounded-full")
        await arrow.wait_for(timeout=10_000)
        assert not _meet(await _box(arrow), await _box(area)), "the arrow covers the messages"
        assert await arrow.evaluate(UNDER) == [], "the arrow covers text"
        await page.screenshot(path=str(shots / "7-scroll-arrow.png"))
        await _fits(page, "scrolled up")
        await arrow.click()
        await expect(arrow).to_have_count(0, timeout=10_000)
        await browser.close()
    models[tag].assert_all_used()


FRAMES = """
window.planragFrames = [];
(function () {
  // The page's background as each frame is about to be painted (the body's, else the
  // canvas: white unless the page's colour scheme is dark).
  function sample() {
    var root = document.documentElement;
    var colour = document.body ? getComputedStyle(document.body).backgroundColor : '';
    if (!colour || colour === 'rgba(0, 0, 0, 0)') {
      colour = getComputedStyle(root).colorScheme === 'dark' ? 'canvas dark' : 'canvas white';
    }
    window.planragFrames.push(colour);
    if (!document.getElementById('chat-input')) requestAnimationFrame(sample);
  }
  requestAnimationFrame(sample);
})();
"""

BACKGROUND = {"dark": "rgb(33, 33, 33)", "light": "rgb(255, 255, 255)"}
"""Chainlit's page background in each theme."""


async def _first_frames(context: Any, url: str, *, reload: Any = None) -> tuple[Any, list[str]]:
    """A page of `context` at `url` (or `reload` reloaded) and the backgrounds of its frames
    until the chat was ready."""
    page = reload or await context.new_page()
    if reload is None:
        await page.goto(url)
    else:
        await page.reload()
    await _ready(page)
    return page, await page.evaluate("window.planragFrames")


async def test_the_theme_follows_the_browser_from_the_first_frame(  # type: ignore[no-untyped-def]
    no_model_app, shots: Path  # noqa: F811
) -> None:
    from playwright.async_api import async_playwright, expect

    async with async_playwright() as p:
        browser = await _browser(p)
        for scheme in ("light", "dark"):
            # A fresh profile that prefers `scheme`: that theme, from the first frame on.
            context = await browser.new_context(viewport={"width": 390, "height": 844},
                                                color_scheme=scheme)
            await context.add_init_script(FRAMES)
            page, frames = await _first_frames(context, no_model_app)
            assert frames, "no frame was sampled"
            assert set(frames) == {BACKGROUND[scheme]}, frames
            await expect(page.locator("html")).to_have_class(re.compile(rf"\b{scheme}\b"))
            assert await page.evaluate("localStorage.getItem('vite-ui-theme')") == "system"
            await page.screenshot(path=str(shots / f"first-visit-{scheme}.png"))
            # A theme chosen in the menu is kept, again from the first frame of a reload.
            other = "light" if scheme == "dark" else "dark"
            await page.get_by_role("button", name="Toggle theme").click()
            await page.get_by_role("menuitem", name=other.capitalize()).click()
            await expect(page.locator("html")).to_have_class(re.compile(rf"\b{other}\b"))
            page, frames = await _first_frames(context, no_model_app, reload=page)
            assert set(frames) == {BACKGROUND[other]}, frames
            await expect(page.locator("html")).to_have_class(re.compile(rf"\b{other}\b"))
            await context.close()
        await browser.close()
