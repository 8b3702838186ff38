"""The chat's theme (issue 19, point 10), in headless Chromium: a fresh browser gets the
theme it prefers, and the page is that theme from its first frame. What is painted cannot be
read back before the page's first paint, so the test samples the page's background in
requestAnimationFrame, which runs just before each frame is painted, from the moment the
document exists (an init script) until the chat is ready."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.app.test_chat_e2e import (  # noqa: F401 - data_dir and shots are fixtures
    _browser,
    _ready,
    data_dir,
    no_model_app,
    shots,
)

pytestmark = pytest.mark.e2e

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
