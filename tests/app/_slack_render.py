"""A message the fake Slack captured, drawn as Slack shows it (roughly): the bot's name and
an APP badge, the section's mrkdwn as text (*bold*, _italic_, `code`, channel links), the
context line small and grey. For screenshots of what a person would see; not a renderer
Slack's look can be tested against."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

_CSS = """
body { margin: 0; background: #fff; font: 15px/1.47 -apple-system, "Segoe UI", "Noto Sans",
       Helvetica, Arial, sans-serif; color: #1d1c1d; }
.channel { padding: 10px 20px; border-bottom: 1px solid #ddd; font-weight: 900; }
.message { display: flex; gap: 8px; padding: 8px 20px; width: 760px; }
.avatar { width: 36px; height: 36px; border-radius: 6px; background: #4a154b; color: #fff;
          font-weight: 700; display: flex; align-items: center; justify-content: center;
          flex: none; }
.name { font-weight: 900; }
.badge { font-size: 10px; background: #e8e8e8; color: #616061; border-radius: 2px;
         padding: 1px 3px; margin: 0 4px; font-weight: 700; }
.time { color: #616061; font-size: 12px; }
.section { margin-top: 2px; }
.context { margin-top: 4px; color: #616061; font-size: 12px; }
code { font: 12px Monaco, Menlo, Consolas, monospace; color: #e01e5a; background: #f8f8f8;
       border: 1px solid #ddd; border-radius: 3px; padding: 1px 3px; }
.link { color: #1264a3; background: #e8f5fa; border-radius: 3px; padding: 0 2px; }
"""


def mrkdwn(text: str, channels: dict[str, str] | None = None) -> str:
    """Slack's mrkdwn as HTML: its entities read, then escaped for HTML; channel and user
    links drawn as links; *bold*, _italic_ and `code`; new lines kept."""
    names = channels or {}
    parts = re.split(r"(<[#@][A-Z0-9]+(?:\|[^>]*)?>)", text)
    out = []
    for n, part in enumerate(parts):
        if n % 2:
            target, _, label = part[2:-1].partition("|")
            shown = label or names.get(target, target)
            out.append(f'<span class="link">{part[1]}{html.escape(shown)}</span>')
            continue
        plain = html.escape(part.replace("&lt;", "<").replace("&gt;", ">")
                            .replace("&amp;", "&"))
        plain = re.sub(r"`([^`\n]+)`", r"<code>\1</code>", plain)
        plain = re.sub(r"(?<![\w*])\*([^*\n]+)\*(?![\w*])", r"<b>\1</b>", plain)
        plain = re.sub(r"(?<![\w_])_([^_\n]+)_(?![\w_])", r"<i>\1</i>", plain)
        out.append(plain)
    return "".join(out).replace("\n", "<br>")


def page(post: dict[str, Any], *, bot: str = "PlanRAG Assistant", time: str = "9:00 AM",
         channels: dict[str, str] | None = None) -> str:
    """One posted message (`chat.postMessage`'s arguments) as an HTML page."""
    names = channels or {}
    channel = str(post.get("channel") or "")
    body = []
    for block in post.get("blocks") or [{"type": "section", "text": {"text": post["text"]}}]:
        if block.get("type") == "context":
            said = " ".join(str(e.get("text") or "") for e in block.get("elements") or ())
            body.append(f'<div class="context">{mrkdwn(said, names)}</div>')
        elif block.get("type") == "section":
            body.append(f'<div class="section">{mrkdwn(block["text"]["text"], names)}</div>')
    return (f"<!doctype html><html><head><meta charset='utf-8'><style>{_CSS}</style></head>"
            f"<body><div class='channel'># {html.escape(names.get(channel, channel))}</div>"
            f"<div class='message' id='message'><div class='avatar'>P</div><div>"
            f"<span class='name'>{html.escape(bot)}</span><span class='badge'>APP</span>"
            f"<span class='time'>{html.escape(time)}</span>{''.join(body)}</div></div>"
            "</body></html>")


async def screenshot(text: str, path: Path) -> None:
    """The page `text` in headless chromium, saved to `path` (PNG)."""
    from playwright.async_api import async_playwright

    from tests.app.test_chat_e2e import _browser

    async with async_playwright() as p:
        browser = await _browser(p)
        try:
            tab = await browser.new_page(viewport={"width": 820, "height": 400})
            await tab.set_content(text)
            await tab.screenshot(path=str(path), full_page=False, clip=await _box(tab))
        finally:
            await browser.close()


async def _box(tab: Any) -> dict[str, float]:
    box = await tab.locator("#message").bounding_box()
    return {"x": 0, "y": 0, "width": 820, "height": box["y"] + box["height"] + 12}
