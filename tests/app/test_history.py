"""History, feedback and the audit trail with the real app: a conversation is kept (SQLite
and PostgreSQL), listed and resumed after a restart of the app, a re-plan that was waiting
is answered after the restart, a rating is stored and exported (and only its person can
change or delete it), the run's audit trail reads back; a store that is down at start stops
the app with one line, and one that goes down mid-session leaves the chat working and saying
so; a tab id copied by someone else neither stops nor shows a person's run."""

from __future__ import annotations

import asyncio
import json
import os
import re
import socket
import subprocess
import sys
import uuid
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest

from planrag.engine import ScriptedModel
from planrag.engine.model import ModelReply, ModelRequest, TextPiece
from planrag.engine.scripted_server import ScriptedServer, Stall
from planrag.users import UsersFile
from tests._sql_fixtures import ROOT
from tests.app._journal import leases_lapsed
from tests.app._relay import Relay
from tests.app.test_chat_e2e import (  # noqa: F401 - fixtures
    APPS,
    _browser,
    _chat,
    _script,
    by_tag,
    data_dir,
    shots,
)
from tests.app.test_teams import PASSWORD, _me, _send, _sign_in, _sign_in_by

QUESTION = "Where should SWE place its merchant to steer trade to baltic_sea?"
PG = "postgresql://postgres@127.0.0.1:5432"


@pytest.fixture(scope="module")
def team(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("history-team") / "users.toml"
    UsersFile(path).add("carol", PASSWORD, ["*"])
    return path


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two people who may ask about everything."""
    path = tmp_path_factory.mktemp("history-pair") / "users.toml"
    UsersFile(path).add("alice", PASSWORD, ["*"])
    UsersFile(path).add("bob", PASSWORD, ["*"])
    return path


async def _pg_async(sql: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(f"{PG}/postgres")
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


def _pg(sql: str) -> None:
    asyncio.run(_pg_async(sql))


@pytest.fixture(params=["sqlite", "postgresql"])
def history_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path}/history.sqlite"
        return
    name = f"planrag_history_{uuid.uuid4().hex[:10]}"
    _pg(f"CREATE DATABASE {name}")
    try:
        yield f"{PG}/{name}"
    finally:
        _pg(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@pytest.fixture()
async def model_server() -> AsyncIterator[tuple[str, dict[str, ScriptedModel]]]:
    """Scripted models by tag, kept across restarts of the app (the script goes on)."""
    models: dict[str, ScriptedModel] = {}
    async with ScriptedServer(by_tag(_script, models)) as server:
        yield server.base_url, models


def _env(team: Path, history_url: str, model_url: str, folder: Path) -> dict[str, str]:
    return {"PLANRAG_USERS_FILE": str(team), "PLANRAG_HISTORY_URL": history_url,
            "PLANRAG_MODEL": "scripted", "PLANRAG_MODEL_BASE_URL": model_url,
            "PLANRAG_MODEL_TOOLS": "on", "PLANRAG_CONSENT_TIMEOUT": "600",
            "PLANRAG_RUN_STORE": f"sqlite:///{folder}/history-runs-{uuid.uuid4().hex}.sqlite"}


def _planrag(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "planrag", *args], cwd=ROOT,
                          env={**os.environ, **env}, capture_output=True, text=True,
                          timeout=120, check=False)


@pytest.mark.e2e
async def test_a_conversation_is_kept_resumed_after_a_restart_and_rated(
        team: Path, history_url: str, model_server: tuple[str, dict[str, ScriptedModel]],
        data_dir: Path, shots: Path) -> None:  # noqa: F811
    from playwright.async_api import TimeoutError as PlaywrightTimeout
    from playwright.async_api import async_playwright, expect

    env = _env(team, history_url, model_server[0], data_dir)
    async with async_playwright() as p:
        browser = await _browser(p)
        # First process: a question whose run proposes a re-plan; the app stops while the
        # proposal waits for an answer.
        async with _chat(data_dir, env) as url:
            page = await _sign_in(browser, url, "carol")
            await page.locator("#chat-input").wait_for(timeout=30_000)
            await _send(page, f"[r1] {QUESTION}")
            await page.get_by_role("button", name="Approve").wait_for(timeout=60_000)
            await page.wait_for_timeout(1_000)  # the pause is kept before the question shows
            await page.context.close()
        # Second process on the same store: the conversation is listed, opens with its
        # dataset, and the waiting re-plan is asked again.
        async with _chat(data_dir, env) as url:
            page = await _sign_in(browser, url, "carol")
            thread = page.get_by_text(re.compile(r"^\[r1\] Where should SWE")).first
            await thread.wait_for(timeout=30_000)
            await page.screenshot(path=str(shots / "history-listed.png"))
            await thread.click()
            waiting = page.get_by_text("was left waiting for your answer to a change of plan")
            await waiting.wait_for(timeout=30_000)
            await expect(page.get_by_text(re.compile(r"^Plan")).first).to_be_visible()
            await page.screenshot(path=str(shots / "resumed-waiting.png"))
            message = page.locator(".step", has=waiting)
            await message.get_by_role("button", name="Approve").click()
            verdict = page.get_by_text("Best decision: Krakow").first
            await verdict.wait_for(timeout=60_000)
            # A thumbs up with a comment on the answer (the last message). The message is
            # drawn again once the run ends (its chart, its file, the end of the run), and a
            # click that lands while it is redrawn opens nothing: click until the dialog opens.
            comment = page.get_by_role("dialog").locator("textarea")
            for _ in range(4):
                await page.locator(".positive-feedback-off").last.click(timeout=30_000)
                try:
                    await comment.wait_for(timeout=5_000)
                    break
                except PlaywrightTimeout:
                    continue
            await comment.fill("clear and checked")
            await page.locator("#submit-feedback").click()
            await expect(page.locator(".positive-feedback-on")).to_have_count(1,
                                                                              timeout=10_000)
            await page.screenshot(path=str(shots / "resumed-answered.png"))
        await browser.close()
    # The rating, with its question, decision and check, exported.
    out = _planrag("feedback", "export", "--format", "jsonl", env=env)
    assert out.returncode == 0, out.stderr
    rows = [json.loads(line) for line in out.stdout.splitlines()]
    assert len(rows) == 1
    rated = rows[0]
    assert (rated["rating"], rated["comment"], rated["user"]) == ("up", "clear and checked",
                                                                  "carol")
    assert rated["question"] == f"[r1] {QUESTION}" and rated["decision"] == "Krakow"
    assert rated["check"].startswith("Best decision: Krakow: ")  # the verdict's first line
    assert rated["verdict"].startswith(rated["check"] + " ")
    csv_out = _planrag("feedback", "export", "--format", "csv", env=env)
    assert csv_out.stdout.splitlines()[0].startswith(
        '"answered_at","user","dataset","run","question"')
    # The run's audit trail: the question, its queries, the consent given after the
    # restart, the answer, its check and its rating, all under one run id.
    assert re.fullmatch(r"[0-9a-f]{12}", rated["run"])
    trail = _planrag("audit", "--json", "--user", "carol", "--run", rated["run"], env=env)
    assert trail.returncode == 0, trail.stderr
    entries = [json.loads(line) for line in trail.stdout.splitlines()]
    assert {e["run"] for e in entries} == {rated["run"]}
    kinds = [e["kind"] for e in entries]
    assert kinds[0] == "question" and "query" in kinds
    assert kinds[-4:] == ["consent", "answer", "check", "rating"]
    assert (entries[-1]["rating"], entries[-1]["comment"]) == ("up", "clear and checked")
    consent = entries[-4]
    assert consent["approved"] is True and consent["by"] == "person"
    text = _planrag("audit", "--since", "1h", env=env).stdout
    assert "carol" in text and "re-plan approved (by person)" in text


@pytest.mark.e2e
def test_a_store_down_at_start_stops_the_app_with_one_line(team: Path, tmp_path: Path) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # nothing listens here
    env = {**os.environ, "PLANRAG_DATA_DIR": str(tmp_path), "MYSQL_URL": "",
           "PLANRAG_USERS_FILE": str(team),
           "PLANRAG_HISTORY_URL": f"postgresql://planrag:secret@127.0.0.1:{port}/history"}
    out = subprocess.run(
        [sys.executable, "-m", "chainlit", "run", "app/chat.py", "--headless", "--port", "9"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=False)
    assert out.returncode == 2
    assert "error: the history database postgresql://planrag:***@127.0.0.1" in out.stderr
    assert "cannot be used" in out.stderr and "PLANRAG_HISTORY_URL=off" in out.stderr
    assert "secret" not in out.stderr and "Traceback" not in out.stderr


@pytest.mark.e2e
async def test_a_store_that_goes_down_mid_session_is_said_and_the_chat_goes_on(
        team: Path, model_server: tuple[str, dict[str, ScriptedModel]],
        data_dir: Path) -> None:  # noqa: F811
    from playwright.async_api import async_playwright

    name = f"planrag_history_{uuid.uuid4().hex[:10]}"
    await _pg_async(f"CREATE DATABASE {name}")
    try:
        async with Relay(5432) as relay:
            url = f"postgresql://postgres@127.0.0.1:{relay.port}/{name}"
            env = {**_env(team, url, model_server[0], data_dir), "PLANRAG_CONSENT": "approve"}
            async with _chat(data_dir, env) as app_url, async_playwright() as p:
                browser = await _browser(p)
                page = await _sign_in(browser, app_url, "carol")
                await page.locator("#chat-input").wait_for(timeout=30_000)
                await _send(page, f"[d1] {QUESTION}")
                await page.get_by_text("Best decision: Krakow").first.wait_for(timeout=60_000)
                await relay.down()  # the history database goes away
                await _send(page, f"[d2] {QUESTION}")
                await page.get_by_text("History is not being saved right now").wait_for(
                    timeout=60_000)
                await page.get_by_text("Best decision: Krakow").nth(1).wait_for(
                    timeout=60_000)
                await browser.close()
    finally:
        await _pg_async(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@pytest.mark.e2e
async def test_two_app_processes_share_sign_in_history_and_paused_runs(
        team: Path, model_server: tuple[str, dict[str, ScriptedModel]],
        data_dir: Path) -> None:  # noqa: F811
    """Two processes behind one address (as a load balancer with sticky sessions would
    use them): signed in on one, a person is signed in on the other, finds the conversation
    there, and can answer a re-plan the first process left waiting."""
    from playwright.async_api import async_playwright

    name = f"planrag_history_{uuid.uuid4().hex[:10]}"
    await _pg_async(f"CREATE DATABASE {name}")
    try:
        url = f"{PG}/{name}"
        env = {**_env(team, url, model_server[0], data_dir), "PLANRAG_RUN_STORE": url}
        async with _chat(data_dir, env) as first, _chat(data_dir, env) as second, \
                async_playwright() as p:
            browser = await _browser(p)
            page = await _sign_in(browser, first, "carol")
            await page.locator("#chat-input").wait_for(timeout=30_000)
            await _send(page, f"[m1] {QUESTION}")
            await page.get_by_role("button", name="Approve").wait_for(timeout=60_000)
            await page.wait_for_timeout(1_000)
            # The same browser on the other process: no sign-in asked (one secret), the
            # conversation listed, the waiting re-plan offered and answered there.
            other = await page.context.new_page()
            await other.goto(second)
            thread = other.get_by_text(re.compile(r"^\[m1\] Where should SWE")).first
            await thread.wait_for(timeout=30_000)
            assert "/login" not in other.url
            await page.close()  # the first process's page goes (its run stays paused)
            await thread.click()
            waiting = other.get_by_text("was left waiting for your answer")
            await waiting.wait_for(timeout=30_000)
            await other.locator(".step", has=waiting).get_by_role(
                "button", name="Approve").click()
            await other.get_by_text("Best decision: Krakow").first.wait_for(timeout=60_000)
            await browser.close()
    finally:
        await _pg_async(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@pytest.mark.e2e
async def test_a_question_whose_app_is_killed_is_answered_when_reopened(
        team: Path, data_dir: Path, tmp_path: Path) -> None:  # noqa: F811
    """SIGKILL while a question is being worked on: the journal's lease lapses, and opening
    the conversation after the restart answers the question again, once."""
    from playwright.async_api import async_playwright

    runs: list[ScriptedModel] = []

    def route(body: dict[str, Any]) -> ScriptedModel:
        if not any(m["role"] == "assistant" for m in body["messages"]):
            runs.append(_script("k2"))  # a run that starts (again) gets the script afresh
        return runs[-1]

    async with ScriptedServer(route) as server:
        env = {**_env(team, f"sqlite:///{tmp_path}/history.sqlite", server.base_url,
                      data_dir), "PLANRAG_RUN_LEASE": "3"}
        server.faults[2] = Stall("", seconds=120)  # the run's second model reply hangs
        async with async_playwright() as p:
            browser = await _browser(p)
            async with _chat(data_dir, env) as url:
                page = await _sign_in(browser, url, "carol")
                await page.locator("#chat-input").wait_for(timeout=30_000)
                await _send(page, f"[k2] {QUESTION}")
                deadline = asyncio.get_running_loop().time() + 60
                while server.requests < 2:
                    assert asyncio.get_running_loop().time() < deadline, "no second request"
                    await asyncio.sleep(0.1)
                await page.wait_for_timeout(500)  # the conversation is saved as it goes
                APPS[url].kill()
                await page.context.close()
            await leases_lapsed(env["PLANRAG_RUN_STORE"])  # the killed app's lease lapses
            async with _chat(data_dir, env) as url:
                page = await _sign_in(browser, url, "carol")
                await answered_again(page, "k2")
                # Opened again: nothing is taken up twice.
                await page.reload()
                await page.get_by_text("Best decision: Krakow").first.wait_for(timeout=30_000)
                await page.wait_for_timeout(2_000)
                assert await page.get_by_text(
                    "interrupted when the assistant working on it stopped").count() == 1
            await browser.close()
    assert len(runs) == 2  # the killed run and the one answered after the restart


async def answered_again(page: Any, tag: str) -> None:
    """Open the conversation of the question "[tag] Where should SWE ...", interrupted when
    its process stopped, see it said so and taken up again, approve its re-plan and see it
    answered."""
    thread = page.get_by_text(re.compile(rf"^\[{tag}\] Where should SWE")).first
    await thread.wait_for(timeout=30_000)
    await thread.click()
    try:
        await page.get_by_text("interrupted when the assistant working on it stopped").wait_for(
            timeout=30_000)
    except Exception as exc:  # Playwright's timeout: what the person saw instead
        shown = await page.locator("body").inner_text()
        raise AssertionError(f"not said to be taken up again at {page.url}; the page shows:\n"
                             f"{shown[-2000:]}") from exc
    await page.get_by_role("button", name="Approve").first.click()
    await page.get_by_text("Best decision: Krakow").first.wait_for(timeout=60_000)


async def _rated_answer(history_url: str, owner: str, rating: int) -> tuple[str, str, str]:
    """A conversation of the person whose user id is `owner`: an answer and their rating of
    it, as the chat keeps them; (thread, message, rating) ids."""
    from chainlit.types import Feedback

    from app.history import History

    layer = History(history_url)
    thread, message = str(uuid.uuid4()), str(uuid.uuid4())
    try:
        await layer.update_thread(thread, name="Where should SWE place its merchant?",
                                  user_id=owner)
        await layer.execute_sql(
            'INSERT INTO steps ("id", "name", "type", "threadId", "output", "createdAt") '
            "VALUES (:id, 'Assistant', 'assistant_message', :thread, 'Krakow.', :at)",
            {"id": message, "thread": thread, "at": "2025-01-01T00:00:00Z"})
        rated = await layer.upsert_feedback(Feedback(forId=message, value=rating,
                                                     comment="clear and checked",
                                                     threadId=thread))
    finally:
        await layer.close()
    return thread, message, rated


async def _stored_rating(history_url: str, rating: str) -> list[tuple[str, int, str]]:
    from app.history import History

    layer = History(history_url)
    try:
        rows = await layer.execute_sql('SELECT "forId", "value", "comment" FROM feedbacks '
                                       'WHERE "id" = :id', {"id": rating})
    finally:
        await layer.close()
    return [(r["forId"], r["value"], r["comment"]) for r in rows]


@pytest.mark.e2e
async def test_nobody_rates_or_deletes_anyone_elses_feedback(
        pair: Path, data_dir: Path, tmp_path: Path) -> None:  # noqa: F811
    """Break 12: bob, given the ids of alice's answer and of her rating (as her page holds
    them), can neither rate her answer, nor change or delete her rating, nor move it onto
    his own answer; alice can."""
    history = f"sqlite:///{tmp_path}/history.sqlite"
    env = {"PLANRAG_USERS_FILE": str(pair), "PLANRAG_HISTORY_URL": history,
           "PLANRAG_MODEL": "", "PLANRAG_MODEL_BASE_URL": "", "PLANRAG_MODEL_API_KEY": "",
           "OPENAI_API_KEY": "", "PLANRAG_RUN_STORE": f"sqlite:///{tmp_path}/runs.sqlite"}
    async with _chat(data_dir, env) as url:
        alice, bob = await _sign_in_by(url, "alice"), await _sign_in_by(url, "bob")
        thread, message, rating = await _rated_answer(history, (await _me(url, alice))["id"], 1)
        _, his_message, _ = await _rated_answer(history, (await _me(url, bob))["id"], 0)
        async with httpx.AsyncClient(base_url=url, cookies=alice, timeout=30) as http:
            page = (await http.get(f"/project/thread/{thread}")).json()
        shown = next(step for step in page["steps"] if step["id"] == message)
        assert shown["feedback"]["id"] == rating
        async with httpx.AsyncClient(base_url=url, cookies=bob, timeout=30) as http:
            for feedback in ({"forId": message, "id": rating, "value": 0, "comment": "bad"},
                             {"forId": message, "value": 0, "comment": "bad"},
                             {"forId": his_message, "id": rating, "value": 0}):
                tried = await http.put("/feedback", json={"feedback": feedback,
                                                          "sessionId": "x"})
                assert tried.status_code == 404, (feedback, tried.text)
            deleted = await http.request("DELETE", "/feedback", json={"feedbackId": rating})
            assert deleted.status_code == 404
            assert (await http.put("/feedback", json={"feedback": {
                "forId": his_message, "value": 1}, "sessionId": "x"})).status_code == 200
        assert await _stored_rating(history, rating) == [(message, 1, "clear and checked")]
        async with httpx.AsyncClient(base_url=url, timeout=30) as http:  # nobody signed in
            anonymous = await http.put("/feedback", json={"feedback": {
                "forId": message, "value": 0}, "sessionId": "x"})
            assert anonymous.status_code == 401
        async with httpx.AsyncClient(base_url=url, cookies=alice, timeout=30) as http:
            changed = await http.put("/feedback", json={"feedback": {
                "forId": message, "id": rating, "value": 0, "comment": "on second thought"},
                "sessionId": "x"})
            assert changed.status_code == 200, changed.text
            assert await _stored_rating(history, rating) == [(message, 0, "on second thought")]
            gone = await http.request("DELETE", "/feedback", json={"feedbackId": rating})
            assert gone.status_code == 200
        assert await _stored_rating(history, rating) == []


@dataclass
class _Held(ScriptedModel):
    """A script whose second reply waits until `release` is set (a run kept running)."""

    release: asyncio.Event = field(default_factory=asyncio.Event)

    async def stream(self, request: ModelRequest) -> AsyncIterator[TextPiece | ModelReply]:
        if self.used == 1:
            await self.release.wait()
        async for chunk in super().stream(request):
            yield chunk


@pytest.mark.e2e
async def test_a_copied_tab_id_neither_stops_nor_shows_another_persons_run(
        pair: Path, data_dir: Path, tmp_path: Path) -> None:  # noqa: F811
    """Break 14: bob opens the chat with the id of alice's tab (which her page hands to the
    app: public/planrag.js) after her page has gone, while her question is being answered:
    her run goes on to its answer, and bob is not shown her question."""
    from playwright.async_api import async_playwright, expect

    held = _Held(_script("c1").script)
    async with ScriptedServer(held) as server:
        env = {**_env(pair, f"sqlite:///{tmp_path}/history.sqlite", server.base_url,
                      tmp_path), "PLANRAG_CONSENT": "approve"}
        async with _chat(data_dir, env) as url, async_playwright() as p:
            browser = await _browser(p)
            alice = await _sign_in(browser, url, "alice")
            await alice.locator("#chat-input").wait_for(timeout=30_000)
            await _send(alice, f"[c1] {QUESTION}")
            deadline = asyncio.get_running_loop().time() + 60
            while server.requests < 2:  # her run waits for the model's second reply
                assert asyncio.get_running_loop().time() < deadline, "the run did not start"
                await asyncio.sleep(0.1)
            tab = await alice.evaluate("() => sessionStorage.getItem('planrag_tab')")
            assert tab
            await alice.context.close()  # her page goes; her run goes on
            context = await browser.new_context()
            await context.add_init_script(f"sessionStorage.setItem('planrag_tab', {tab!r})")
            bob = await context.new_page()
            await bob.goto(url)
            await bob.get_by_label("User name").fill("bob")
            await bob.get_by_label("Password", exact=True).fill(PASSWORD)
            await bob.get_by_role("button", name="Sign in").click()
            # His chat has started and finished starting (where an earlier run of his tab
            # would have been stopped and named): the settings can be opened.
            await expect(bob.locator("#chat-settings-open-modal")).to_be_enabled(
                timeout=30_000)
            assert await bob.evaluate(
                "() => JSON.parse(localStorage.getItem('userEnv')).planrag_tab") == tab
            held.release.set()
            while not await _answered(env, "alice"):
                assert asyncio.get_running_loop().time() < deadline + 60, "her run stopped"
                await asyncio.sleep(0.5)
            assert await bob.get_by_text("was still being answered").count() == 0
            assert await bob.get_by_text(re.compile(r"Where should SWE")).count() == 0
            await browser.close()


async def _answered(env: dict[str, str], user: str) -> bool:
    """Whether the audit trail holds an answer of `user`'s."""
    out = await asyncio.to_thread(_planrag, "audit", "--json", "--user", user, env=env)
    return any(json.loads(line)["kind"] == "answer" for line in out.stdout.splitlines())
