"""Watching a decision from the chat (issue 40): *Watch this decision* under a checked verdict
asks how often and which Slack channel and makes the watch as the signed-in person; the
app's own round of watches posts its first best to the (fake) Slack; *Your watches* lists it
and *Stop watching* removes it. A channel that is not one, a channel PLANRAG_SLACK_ACCESS
keeps from the dataset and a cancel are each one line, and nobody stops another's watch.
Headless Chromium, the scripted model over HTTP, signed in with passwords."""

from __future__ import annotations

import asyncio
import json
import re
import sqlite3
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from planrag.engine.scripted_server import ScriptedServer
from planrag.users import UsersFile
from tests.app._fake_slack import FakeSlack
from tests.app.test_chat_e2e import _ask, _browser, _chat, _ready, by_tag, data_dir, shots  # noqa: F401
from tests.app.test_chat_pages import _plain, _three_shots
from tests.app.test_teams import PASSWORD, SIGN_IN_SECRET, _session_id, _sign_in

pytestmark = [pytest.mark.e2e]

ANSWER = "Best decision: Krakow"
CHANNEL = "C0WATCH01"
SECRET_CHANNEL = "C0SECRET1"
"""A channel PLANRAG_SLACK_ACCESS does not let see the dataset."""


@dataclass
class Watching:
    url: str
    slack: FakeSlack
    history: Path


@pytest.fixture(scope="module")
async def watching(data_dir: Path) -> AsyncIterator[Watching]:  # noqa: F811
    users = UsersFile(data_dir / "watch-users.toml")
    users.add("alice", PASSWORD, ["dqa-locating-1445"])
    users.add("bob", PASSWORD, ["*"])
    history = data_dir / "watch-history.sqlite"
    async with FakeSlack() as slack, ScriptedServer(by_tag(_plain)) as server:
        env = {"PLANRAG_MODEL": "scripted", "PLANRAG_MODEL_BASE_URL": server.base_url,
               "PLANRAG_MODEL_TOOLS": "on", "PLANRAG_USERS_FILE": str(users.path),
               "CHAINLIT_AUTH_SECRET": SIGN_IN_SECRET,
               "PLANRAG_HISTORY_URL": f"sqlite:///{history}",
               "PLANRAG_RUN_STORE": f"sqlite:///{data_dir}/watch-runs.sqlite",
               "SLACK_BOT_TOKEN": "xoxb-test", "SLACK_SIGNING_SECRET": "s" * 32,
               "PLANRAG_SLACK_API_URL": slack.base_url, "PLANRAG_WATCH_POLL": "1",
               "PLANRAG_SLACK_ACCESS": f"{CHANNEL}=dqa-locating-1445; U0ANYONE1=*"}
        async with _chat(data_dir, env) as url:
            yield Watching(url, slack, history)


def _rows(history: Path) -> list[dict[str, Any]]:
    with sqlite3.connect(history) as db:
        db.row_factory = sqlite3.Row
        return [dict(r) for r in db.execute("SELECT * FROM planrag_watches")]


def _simulator() -> str:
    """The name the check of dqa-locating-1445 goes by (its simulator's)."""
    from planrag.runtime import registry
    from planrag.settings import load_settings
    from planrag.simulators.service import dataset_simulator

    ds = registry(load_settings(env_file=None)).get("dqa-locating-1445")
    return str(dataset_simulator(ds).name)


async def _signed_in(browser: Any, url: str, name: str) -> Any:
    page = await _sign_in(browser, url, name)
    await _ready(page)
    return page


async def _answered(page: Any, tag: str) -> Any:
    """The verdict of a question asked with `tag`, once its run ended."""
    from playwright.async_api import expect

    answers = page.locator(".step", has_text=ANSWER)
    before = await answers.count()
    await _ask(page, f"[{tag}] Where should SWE place its merchant?")
    await expect(answers).to_have_count(before + 1, timeout=60_000)
    return answers.last


async def _watch(page: Any, answer: Any, every: str, channel: str | None,
                 folder: Path | None = None, mouse: bool = False) -> None:
    """*Watch this decision* under `answer`: `every` picked, then `channel` typed. Without
    `mouse`, the button's click is dispatched on it: right after a verdict, on a loaded
    machine, its steps may still be settling and a click at the button's place can land
    beside it (the first test, which waits for the button and takes its screenshots first,
    clicks with the mouse)."""
    import asyncio

    from playwright.async_api import expect

    button = answer.get_by_role("button", name="Watch this decision")
    asks = page.locator(".step", has_text="How often should")
    before = await asks.count()
    for attempt in range(3):  # a click that got no question in 20 s is made again, as a
        # person would; twice in fresh-clone runs the first got none (noted for planning)
        await (button.click() if mouse else button.dispatch_event("click"))
        for _ in range(40):
            if await asks.count() > before:
                break
            await asyncio.sleep(0.5)
        else:
            if attempt < 2:
                continue
        break
    pick = page.get_by_role("button", name=every).last
    await pick.wait_for(timeout=30_000)
    asked = asks.last
    if folder is not None:
        await _three_shots(page, asked, folder, "2-how-often")
    await pick.click()
    await expect(asked).to_contain_text("Cancelled." if every == "Cancel" else f"{every}.")
    if channel is None:
        return
    question = page.locator(".step", has_text="Which Slack channel should it post to?").last
    await question.wait_for(timeout=30_000)
    if folder is not None:
        await _three_shots(page, question, folder, "3-which-channel")
    await _ask(page, channel)


async def test_watch_a_checked_decision_see_it_and_stop_it(
        watching: Watching, shots: Path) -> None:  # noqa: F811
    from playwright.async_api import async_playwright, expect

    async with async_playwright() as p:
        browser = await _browser(p)
        page = await _signed_in(browser, watching.url, "alice")
        answer = await _answered(page, "w1")
        watch = answer.get_by_role("button", name="Watch this decision")
        await expect(watch).to_be_visible(timeout=30_000)
        await expect(answer.get_by_role("button", name="Your watches")).to_have_count(0)
        await _three_shots(page, watch, shots, "1-verdict")

        await _watch(page, answer, "Every day", CHANNEL, shots, mouse=True)
        done = page.locator(".step", has_text="its first run posts the current best").last
        await done.wait_for(timeout=30_000)
        text = " ".join((await done.inner_text()).split())
        made = re.search(rf"every 1d, posted to Slack {CHANNEL}: (w[0-9a-f]{{8}}); its first "
                         r"run posts the current best\.", text)
        assert made, text
        assert "(country=SWE)" in text, text
        await expect(done.get_by_role("button", name="Your watches")).to_be_visible()
        await _three_shots(page, done, shots, "4-watching")
        [row] = _rows(watching.history)
        assert (row["id"], row["owner"], row["dataset"], row["decision"], row["every_s"],
                row["channel"], row["stopped"]) == (made[1], "alice", "dqa-locating-1445",
                                                    _simulator(), 86400, CHANNEL, None)
        assert json.loads(row["params"]) == {"country": "SWE"}

        # The app's own round of watches (every second here) posts the current best once.
        post = await watching.slack.wait_for("Watching *", timeout=60_000)
        assert post["channel"] == CHANNEL and "*Krakow*" in post["text"], post
        await _wait(lambda: bool(json.loads(_rows(watching.history)[0]["state"]).get("last")))

        # Under the next verdict: the person's watches beside the button; listed, with what
        # each checks, how often, where it posts and what it last found; then stopped.
        answer = await _answered(page, "w3")
        mine = answer.get_by_role("button", name="Your watches", exact=True)
        await expect(mine).to_be_visible(timeout=30_000)
        await expect(answer.get_by_role("button", name="Watch this decision")).to_be_visible()
        await _three_shots(page, mine, shots, "5-verdict-with-your-watches")
        await mine.click()
        item = page.locator(".step", has_text=f"{made[1]}").last
        await item.get_by_role("button", name="Stop watching").wait_for(timeout=30_000)
        await expect(item).to_contain_text(
            f"every 1d · Slack {CHANNEL} · best Krakow")
        await expect(page.get_by_text("Your watches: 1 running.")).to_be_visible()
        await _three_shots(page, item, shots, "6-your-watches")
        await item.get_by_role("button", name="Stop watching").click()
        await expect(item).to_contain_text("Stopped watching", timeout=30_000)
        await expect(item.get_by_role("button", name="Stop watching")).to_have_count(0)
        await _three_shots(page, item, shots, "7-stopped")
        assert _rows(watching.history) == []

        # Nothing is listed now.
        await _ask(page, "/watches")
        await expect(page.get_by_text("You watch no decisions.")).to_be_visible(timeout=30_000)
        await browser.close()


async def test_a_refused_or_cancelled_watch_is_one_line_and_only_owners_stop(
        watching: Watching, shots: Path) -> None:  # noqa: F811
    from playwright.async_api import async_playwright, expect

    async with async_playwright() as p:
        browser = await _browser(p)
        page = await _signed_in(browser, watching.url, "bob")
        answer = await _answered(page, "w2")
        before = _rows(watching.history)

        await _watch(page, answer, "Every hour", "general")
        refused = page.locator(".step", has_text="is not a Slack channel's id").last
        await refused.wait_for(timeout=30_000)
        await expect(refused).to_contain_text(
            "Nothing is watched: general is not a Slack channel's id; ids look like C0123ABCD")
        await _three_shots(page, refused, shots, "8-not-a-channel")

        await _watch(page, answer, "Every week", SECRET_CHANNEL)
        kept = page.locator(".step", has_text=f"does not let channel {SECRET_CHANNEL}").last
        await kept.wait_for(timeout=30_000)
        line = " ".join((await kept.inner_text()).split())
        assert line.startswith(f"Nothing is watched: PLANRAG_SLACK_ACCESS does not let channel "
                               f"{SECRET_CHANNEL} see dataset dqa-locating-1445"), line
        assert "Traceback" not in await page.inner_text("body")
        await _three_shots(page, kept, shots, "9-channel-may-not-see")

        await _watch(page, answer, "Cancel", None)
        await expect(page.get_by_text("Nothing is watched: cancelled.")).to_be_visible(
            timeout=30_000)
        assert _rows(watching.history) == before

        # Alice's watch is hers: Bob's page cannot stop it, even with a forged button.
        alices = await _alices_watch(watching)
        forged = await page.request.post(f"{watching.url}/project/action", data={
            "sessionId": await _session_id(page),
            "action": {"id": "forged", "name": "stop_watching", "forId": "x",
                       "payload": {"watch": alices}}})
        assert forged.status == 200, await forged.text()
        await expect(page.get_by_text(f"You have no watch {alices} (any more)")).to_be_visible(
            timeout=30_000)
        assert [r["id"] for r in _rows(watching.history)] == [alices]
        await _ask(page, "/watches")
        await expect(page.get_by_text("You watch no decisions.")).to_be_visible(timeout=30_000)
        await browser.close()


async def _alices_watch(watching: Watching) -> str:
    """A watch of Alice's, put in the store as `planrag watch add --as alice` would."""
    from planrag.store import shared_store
    from planrag.watch import Watch, WatchBook

    book = WatchBook(shared_store(f"sqlite:///{watching.history}"))
    watch = Watch("w0a11ce00", "alice", "dqa-locating-1445", _simulator(), {"country": "SWE"},
                  86400, CHANNEL, "changed", 0.1, "", 4e9)
    await book.add(watch)
    return watch.id


async def _wait(done: Any, timeout: float = 30.0) -> None:
    for _ in range(int(timeout * 10)):
        if done():
            return
        await asyncio.sleep(0.1)
    raise AssertionError("not done in time")
