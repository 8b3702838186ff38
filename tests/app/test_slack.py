"""Slack: signed events posted to the running app's /slack/events, a fake Slack Web API that
records what the bot posts, and paused runs that survive a restart of the app (on each store
backend). Channels and event ids are random: the Redis and PostgreSQL stores outlive a test."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import itertools
import json
import os
import re
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest

from app.slack import route, run_key
from app.slack_watch import WATCH_LINE, wanted
from planrag.engine import Reply, ScriptedModel, call
from planrag.engine.scripted_server import ScriptedServer, Stall
from planrag.service.run_store import open_store
from tests._sql_fixtures import ROOT
from tests.app import _wards as wards
from tests.app._fake_slack import FakeSlack
from tests.app._relay import Relay
from tests.app.test_chat_e2e import (  # noqa: F401 - fixture
    APPS,
    _chat,
    _script,
    by_tag,
    data_dir,
    question_tag,
)
from tests.engine.conftest import SWE_ROWS

SECRET = "test-signing-secret"
WARDS_CHANNEL = "CWARDS0001"
"""The in-process app's channel about the wards dataset (PLANRAG_SLACK_ACCESS)."""
QUESTION = "Where should SWE place its merchant?"
STORES = {"redis": "redis://127.0.0.1:6379/15",
          "postgresql": "postgresql://postgres@127.0.0.1:5432/test"}


def signed(body: dict[str, Any], *, secret: str = SECRET, age: float = 0) -> tuple[bytes, dict]:  # type: ignore[type-arg]
    raw = json.dumps(body).encode()
    stamp = str(int(time.time() - age))
    digest = hmac.new(secret.encode(), f"v0:{stamp}:".encode() + raw, hashlib.sha256)
    return raw, {"X-Slack-Request-Timestamp": stamp,
                 "X-Slack-Signature": "v0=" + digest.hexdigest(),
                 "Content-Type": "application/json"}


_TS = itertools.count(1)


class Channel:
    """A channel of its own for one test, with timestamps and event ids nobody else uses."""

    def __init__(self, prefix: str = "C", channel_type: str = "channel",
                 channel_id: str | None = None) -> None:
        self.id = channel_id or prefix + uuid.uuid4().hex[:10].upper()
        self.type = channel_type

    @staticmethod
    def ts() -> str:
        return f"1700000000.{next(_TS):06d}"  # unique within a test's fake Slack

    def event(self, kind: str, text: str, ts: str, thread_ts: str | None = None,
              **extra: Any) -> dict[str, Any]:
        inner = {"type": kind, "user": "U1", "text": text, "ts": ts, "channel": self.id,
                 "event_ts": ts, **extra}
        if kind == "message":
            inner["channel_type"] = self.type
        if thread_ts:
            inner["thread_ts"] = thread_ts
        return {"token": "t", "team_id": "T1", "api_app_id": "A1", "type": "event_callback",
                "event_id": f"Ev{self.id}{kind[:3]}{ts.replace('.', '')}",
                "event_time": int(time.time()), "event": inner,
                "authorizations": [{"team_id": "T1", "user_id": "UBOT", "is_bot": True}]}

    def mention(self, text: str, ts: str, thread_ts: str | None = None) -> dict[str, Any]:
        return self.event("app_mention", f"<@UBOT> {text}", ts, thread_ts)

    def reply(self, text: str, ts: str, thread_ts: str) -> dict[str, Any]:
        return self.event("message", text, ts, thread_ts)


@dataclass
class SlackEnv:
    slack: FakeSlack
    models: dict[str, ScriptedModel]
    env: dict[str, str]
    asked: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    """The model requests by tag."""


def _recorded() -> tuple[dict[str, ScriptedModel], dict[str, list[dict[str, Any]]],
                         Callable[[dict[str, Any]], ScriptedModel]]:
    """A scripted model per question tag, and the model requests kept by tag."""
    models: dict[str, ScriptedModel] = {}
    asked: dict[str, list[dict[str, Any]]] = {}
    scripted = by_tag(_script, models)

    def route_model(body: dict[str, Any]) -> ScriptedModel:
        asked.setdefault(question_tag(body), []).append(body)
        return scripted(body)

    return models, asked, route_model


@pytest.fixture()
async def slack_env(request: pytest.FixtureRequest, data_dir: Path) -> AsyncIterator[SlackEnv]:  # noqa: F811
    backend = getattr(request, "param", "sqlite")
    store = STORES.get(backend, f"sqlite:///{data_dir}/slack-runs.sqlite")
    if backend == "down":  # a Redis address where nothing listens
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            store = f"redis://127.0.0.1:{s.getsockname()[1]}/0"
    models, asked, route_model = _recorded()
    async with FakeSlack() as slack, ScriptedServer(route_model) as server:
        env = {"PLANRAG_MODEL": "scripted", "PLANRAG_MODEL_BASE_URL": server.base_url,
               "PLANRAG_MODEL_TOOLS": "on", "SLACK_BOT_TOKEN": "xoxb-test",
               "SLACK_SIGNING_SECRET": SECRET, "PLANRAG_SLACK_API_URL": slack.base_url,
               "PLANRAG_RUN_STORE": store}
        yield SlackEnv(slack, models, env, asked)


@dataclass
class Here:
    """The app's own `POST /slack/events` handler (app.slack_guard's checks in front of
    Chainlit's Bolt app, the gate and the handlers of app.slack) served in this process over
    ASGI: Slack driven without starting the app, its run store in SQLite."""

    asgi: Any
    slack_app: Any
    models: dict[str, ScriptedModel]
    asked: dict[str, list[dict[str, Any]]]
    env: dict[str, str]


@pytest.fixture(scope="module")
async def here(data_dir: Path) -> AsyncIterator[Here]:  # noqa: F811
    """One app per module (its settings are read once, as at a start): one scripted model
    server; each test gets a fake Slack of its own (`slack_here`)."""
    from starlette.applications import Starlette
    from starlette.routing import Route

    from planrag.service.journal import close_stores

    models, asked, route_model = _recorded()
    async with ScriptedServer(route_model) as server:
        env = {"PLANRAG_DATA_DIR": str(data_dir), "MYSQL_URL": "", "PLANRAG_RELATIONAL": "sqlite",
               "PLANRAG_DATASET": "dqa-locating-1445", "PLANRAG_MODEL": "scripted",
               "PLANRAG_MODEL_BASE_URL": server.base_url, "PLANRAG_MODEL_TOOLS": "on",
               "SLACK_BOT_TOKEN": "xoxb-test", "SLACK_SIGNING_SECRET": SECRET,
               "PLANRAG_SLACK_API_URL": "http://127.0.0.1:9/",  # each test points it anew
               "PLANRAG_RUN_STORE": f"sqlite:///{data_dir}/slack-here-runs.sqlite",
               # Questions in the wards channel are about wards; elsewhere about the default.
               "PLANRAG_SLACK_ACCESS": f"*=*; {WARDS_CHANNEL}=wards"}
        with pytest.MonkeyPatch.context() as patch:
            for name, value in env.items():
                patch.setenv(name, value)
            from chainlit.config import load_module

            # As `chainlit run` loads it: before any event loop runs (its start check
            # runs one of its own).
            await asyncio.to_thread(load_module, str(ROOT / "app" / "chat.py"))
            from chainlit.slack.app import slack_app

            from app.slack_guard import endpoint

            asgi = Starlette(routes=[Route("/slack/events", endpoint(SECRET, slack_app),
                                           methods=["POST"])])
            try:
                yield Here(asgi, slack_app, models, asked, env)
            finally:
                await close_stores()


@pytest.fixture()
async def slack_here(here: Here) -> AsyncIterator[tuple[FakeSlack, httpx.AsyncClient]]:
    """A fake Slack of the test's own, and a client of the in-process endpoint."""
    async with FakeSlack() as slack:
        here.slack_app.client.base_url = slack.base_url.rstrip("/") + "/"
        transport = httpx.ASGITransport(app=here.asgi, client=("127.0.0.1", 4242))
        async with httpx.AsyncClient(transport=transport, base_url="http://slack.test",
                                     timeout=30) as client:
            yield slack, client


async def post(url: str | httpx.AsyncClient, body: dict[str, Any], *, retry: int = 0,
               **kw: Any) -> httpx.Response:
    """A signed delivery to the app at `url`, or to the in-process endpoint's client."""
    raw, headers = signed(body, **kw)
    if retry:
        headers |= {"X-Slack-Retry-Num": str(retry), "X-Slack-Retry-Reason": "http_timeout"}
    if isinstance(url, httpx.AsyncClient):
        return await url.post("/slack/events", content=raw, headers=headers)
    async with httpx.AsyncClient(timeout=30) as client:
        return await client.post(url + "/slack/events", content=raw, headers=headers)


async def post_all(url: str | httpx.AsyncClient, *bodies: dict[str, Any], retry: int = 0) -> None:
    replies = await asyncio.gather(*(post(url, b, retry=retry) for b in bodies))
    assert [r.status_code for r in replies] == [200] * len(bodies)


async def settled(env: dict[str, str], folder: Path, *bodies: dict[str, Any],
                  timeout: float = 60.0) -> None:
    """Wait until the app is done with each delivery in `bodies`: whatever it had to post
    for them is posted. The gate decides before Slack's 200 (`post` waits for it), so a
    delivery it dropped, refused or found already journaled has nothing left to do; one it
    let through was journaled before the 200, and its run's phase in the run journal is
    `done` once its handler has finished (answered, paused for consent, or failed with a
    message)."""
    store = open_store(env["PLANRAG_RUN_STORE"], folder)
    deadline = time.monotonic() + timeout
    try:
        for body in bodies:
            key = run_key(body["event"])
            while (run := await store.journal_run(key)) is not None and run.phase != "done":
                if time.monotonic() > deadline:
                    raise AssertionError(f"the run of {key} is still {run.phase}")
                await asyncio.sleep(0.05)
    finally:
        await store.close()


@pytest.mark.e2e
@pytest.mark.parametrize("slack_env", ["sqlite", "redis", "postgresql"], indirect=True)
async def test_question_consent_restart_and_answer_in_a_thread(
        slack_env: SlackEnv, data_dir: Path) -> None:  # noqa: F811
    slack, c = slack_env.slack, Channel()
    thread = c.ts()
    mention = c.mention(f"[s1] {QUESTION}", thread)
    async with _chat(data_dir, slack_env.env) as url:
        await post_all(url, mention)
        plan = await slack.wait_for("*Plan*", thread=thread)
        assert plan["channel"] == c.id
        ask = await slack.wait_for("Reply *approve*", thread=thread)
        assert "the flows into baltic_sea matter too" in ask["text"]
        assert slack.count("Queries: q1", thread) == 1
    # The app stops here; the paused run is in the store and a new process takes the reply.
    async with _chat(data_dir, slack_env.env) as url:
        # A late retry of the first delivery is remembered across the restart: no new run.
        await post_all(url, mention, retry=2)
        await post_all(url, c.reply("approve", c.ts(), thread))
        await slack.wait_for("The change of plan is approved (", thread=thread)
        answer = await slack.wait_for("*Best decision: Krakow*", thread=thread)
        text = answer["text"]
        assert text.startswith("*Best decision: Krakow*: SWE's profit at Baltic Sea 0.498 ducats")
        assert "The assistant's analysis reached the same decision." in text
        assert all(p["thread_ts"] == thread for p in slack.posts())
        # The thread's run has finished: another answer gets a clear message. Its journal
        # closes just after its last post, and a reply in that moment hears, truly, that the
        # run goes on with the earlier answer: the test answers again until it has closed.
        for _ in range(12):
            keep = c.reply("keep", c.ts(), thread)
            await post_all(url, keep)
            try:
                await slack.wait_for("There is no plan waiting for your approval",
                                     thread=thread, timeout=10.0)
                break
            except AssertionError:
                continue
        else:
            raise AssertionError(f"a late answer never heard the run had ended: {slack.texts()}")
        await settled(slack_env.env, data_dir, mention, keep)
    assert slack.count("*Plan*", thread) == 1
    assert slack.count("The change of plan is approved (", thread) == 1
    assert slack.count("A new plan is waiting", thread) == 0  # the retry was not handled
    slack_env.models["s1"].assert_all_used()


async def test_bad_or_stale_signatures_are_rejected(
        here: Here, slack_here: tuple[FakeSlack, httpx.AsyncClient], data_dir: Path,  # noqa: F811
        caplog: pytest.LogCaptureFixture) -> None:
    (slack, app), c = slack_here, Channel()
    thread = c.ts()
    body = c.mention(f"[s2] {QUESTION}", thread)
    wrong = await post(app, body, secret="not-the-secret")
    stale = await post(app, body, age=3600)
    assert wrong.status_code == 401 and stale.status_code == 401
    # A body that is not UTF-8 (correctly signed): one line, no traceback, still serving.
    raw = json.dumps(body).encode().replace(b"[s2]", b"[s2\xff]")
    stamp = str(int(time.time()))
    digest = hmac.new(SECRET.encode(), f"v0:{stamp}:".encode() + raw, hashlib.sha256)
    bad = await app.post("/slack/events", content=raw, headers={
        "X-Slack-Request-Timestamp": stamp, "Content-Type": "application/json",
        "X-Slack-Signature": "v0=" + digest.hexdigest()})
    assert bad.status_code == 400
    assert bad.text.startswith("the request body is not UTF-8 text (byte ")
    logged = "\n".join(caplog.messages)
    assert not [r for r in caplog.records if r.exc_info] and "UnicodeDecodeError" not in logged
    # Refused before anything was journaled or asked: nothing is posted, ever.
    await settled(here.env, data_dir, body)
    assert slack.posts() == [] and "s2" not in here.models
    # Nothing was recorded for the refused requests: the genuine delivery is answered.
    await post_all(app, body)
    await slack.wait_for("Reply *approve*", thread=thread)
    # An answer in a thread the assistant never ran in: ignored as chatter, and clearly
    # answered when the bot is mentioned.
    other = c.ts()
    chatter, mentioned = c.reply("approve", c.ts(), other), c.mention("approve", c.ts(), other)
    await post_all(app, chatter)
    await post_all(app, mentioned)
    post_ = await slack.wait_for("There is no plan waiting for your approval")
    assert post_["thread_ts"] == other
    await settled(here.env, data_dir, chatter, mentioned)
    assert slack.count("", other) == 1


async def test_retries_and_twin_events_start_one_run(
        here: Here, slack_here: tuple[FakeSlack, httpx.AsyncClient], data_dir: Path) -> None:  # noqa: F811
    (slack, app), c = slack_here, Channel()
    thread = c.ts()
    mention = c.mention(f"[s3] {QUESTION}", thread)
    # Slack sends an app_mention and a message event for one "@bot question" in a channel.
    twin = c.event("message", mention["event"]["text"], thread)
    await post_all(app, mention, twin, mention)  # and a duplicate delivery
    await post_all(app, mention, retry=1)  # and Slack's retry
    await slack.wait_for("Reply *approve*", thread=thread)
    await settled(here.env, data_dir, mention, twin)
    posted = slack.texts(thread)  # one run's posts, and nothing about the duplicates
    assert len(posted) == 3, posted
    assert [posted[0][:6], posted[1][:8]] == ["*Plan*", "Queries:"]
    assert "Reply *approve*" in posted[2]
    assert len(here.asked["s3"]) == 3  # plan, query, re-plan: one run's requests


async def test_two_threads_at_once_do_not_cross(
        here: Here, slack_here: tuple[FakeSlack, httpx.AsyncClient], data_dir: Path) -> None:  # noqa: F811
    (slack, app), c = slack_here, Channel()
    a, b = c.ts(), c.ts()
    await post_all(app, c.mention(f"[s4] {QUESTION}", a), c.mention(f"[s5] {QUESTION}", b))
    await slack.wait_for("Reply *approve*", thread=a)
    await slack.wait_for("Reply *approve*", thread=b)
    answers = c.reply("approve", c.ts(), a), c.reply("keep", c.ts(), b)
    await post_all(app, *answers)
    await slack.wait_for("*Best decision: Krakow*", thread=a)
    await slack.wait_for("*Best decision: Krakow*", thread=b)
    await settled(here.env, data_dir, *answers)
    assert {p["thread_ts"] for p in slack.posts()} == {a, b}
    assert slack.count("The change of plan is approved (", a) == 1
    assert slack.count("The current plan is kept (", a) == 0
    assert slack.count("The current plan is kept (", b) == 1
    assert slack.count("The change of plan is approved (", b) == 0
    assert slack.count("New plan (revision 1)", a) == 1
    assert slack.count("New plan (revision 1)", b) == 0
    for thread in (a, b):
        assert slack.count("*Plan*", thread) == 1 and slack.count("*Best decision:", thread) == 1
    here.models["s4"].assert_all_used()
    here.models["s5"].assert_all_used()


async def test_simultaneous_answers_resume_the_run_once(
        here: Here, slack_here: tuple[FakeSlack, httpx.AsyncClient], data_dir: Path) -> None:  # noqa: F811
    (slack, app), c = slack_here, Channel()
    thread = c.ts()
    await post_all(app, c.mention(f"[s6] {QUESTION}", thread))
    await slack.wait_for("Reply *approve*", thread=thread)
    answers = c.reply("approve", c.ts(), thread), c.reply("keep", c.ts(), thread)
    await post_all(app, *answers)
    await slack.wait_for("*Best decision: Krakow*", thread=thread)
    await settled(here.env, data_dir, *answers)
    approved = slack.count("The change of plan is approved (", thread)
    kept = slack.count("The current plan is kept (", thread)
    assert approved + kept == 1
    assert slack.count("*Best decision:", thread) == 1
    first = "approve" if approved else "keep"
    told = (slack.count(f"already answered ({first})", thread)
            + slack.count("There is no plan waiting", thread))  # when the run had finished
    assert told == 1, slack.texts(thread)


async def test_chatter_is_ignored_and_a_mention_follows_up(
        here: Here, slack_here: tuple[FakeSlack, httpx.AsyncClient], data_dir: Path) -> None:  # noqa: F811
    (slack, app), c, dm = slack_here, Channel(), Channel("D", "im")
    thread, direct = c.ts(), dm.ts()
    await post_all(app, c.event("message", "lunch?", c.ts()),  # not a thread, no mention
                   c.mention(f"[s7] {QUESTION}", thread),
                   dm.event("message", f"[s9] {QUESTION}", direct))  # a direct message
    await slack.wait_for("Reply *approve*", thread=thread)
    await slack.wait_for("*Plan*", thread=direct)
    # A paused run: anything but an answer gets the hint, and the run stays paused.
    await post_all(app, c.reply("hmm, not sure", c.ts(), thread))
    await slack.wait_for("A new plan is waiting for your answer", thread=thread)
    await post_all(app, c.mention("what about FRA?", c.ts(), thread))
    await slack.wait_for("A new plan is waiting for your answer", thread=thread, times=2)
    # "@planrag approve" comes as an app_mention and as a message: answered once.
    answer = c.mention("approve", c.ts(), thread)
    await post_all(app, answer, c.event("message", answer["event"]["text"],
                                        answer["event"]["ts"], thread))
    await slack.wait_for("*Best decision: Krakow*", thread=thread)
    # Finished: chatter is ignored; a mention asks a follow-up with the thread's history.
    thanks = c.reply("thanks!", c.ts(), thread)
    await post_all(app, thanks)
    await settled(here.env, data_dir, answer, thanks)
    before = len(slack.texts(thread))
    await post_all(app, c.mention("[s8] And where should it go next year?", c.ts(), thread))
    await slack.wait_for("*Plan*", thread=thread, times=2)
    assert len(slack.texts(thread)) > before
    assert not [p for p in slack.posts() if p["thread_ts"] not in (thread, direct)]
    assert slack.count("A new plan is waiting", thread) == 2
    assert slack.count("The change of plan is approved (", thread) == 1
    assert slack.count("already answered", thread) == slack.count("no plan waiting", thread) == 0
    follow_up = json.dumps(here.asked["s8"][0]["messages"])
    assert f"[s7] {QUESTION}" in follow_up and "Decision: krakow" in follow_up
    assert "[s7]" not in json.dumps(here.asked["s7"][0]["messages"][:-1])


async def test_a_fact_is_answered_as_a_fact_and_a_verdict_names_its_check(
        here: Here, slack_here: tuple[FakeSlack, httpx.AsyncClient],
        data_dir: Path) -> None:  # noqa: F811
    """Issue 33, point 1 on the shipped wards dataset: a question of fact answered with
    `check: "none"` or without `check` gets "*Answer: 4 North Acute Medical*" and nothing of
    a check; the night-nurse question gets the verdict with the line naming its check."""
    (slack, app), c = slack_here, Channel(channel_id=WARDS_CHANNEL)
    threads = {}
    for run in wards.RUNS:
        tag = f"wards-{run}"
        here.models[tag] = wards.model(run)
        threads[run] = c.ts()
        mention = c.mention(wards.question(run, tag), threads[run])
        await post_all(app, mention)
        await settled(here.env, data_dir, mention)
        here.models[tag].assert_all_used()
    for run in ("none", "omitted"):
        texts = slack.texts(threads[run])
        answer = next(t for t in texts if t.startswith("*Answer: "))
        assert answer.startswith(f"*Answer: {wards.ANSWER}*\n"), answer
        wards.is_fact(answer)
        assert not [t for t in texts if "Best decision" in t or "Checked with" in t], texts
        assert WATCH_LINE not in "".join(texts)  # a fact is not watched
    texts = slack.texts(threads["nurses"])
    verdict = next(t for t in texts if t.startswith("*Best decision: "))
    wards.is_checked(verdict)
    assert "*Answer:" not in "".join(texts)
    assert WATCH_LINE not in verdict  # the answer as every front end gives it, and then:
    assert texts[texts.index(verdict) + 1] == WATCH_LINE, texts


async def test_a_checked_decision_is_watched_listed_and_stopped_from_slack(
        here: Here, slack_here: tuple[FakeSlack, httpx.AsyncClient],
        data_dir: Path) -> None:  # noqa: F811
    """Issue 40 in Slack: the checked answer ends with how to watch it; `watch daily` in
    its thread watches its check with its parameters, as the sender, in the thread's
    channel; `watches` lists the sender's own (in a thread or a direct message); `unwatch`
    stops only one's own. A watch command elsewhere is chatter."""
    from planrag.settings import load_settings
    from planrag.watch import open_book
    from planrag.watch.firing import fire_due

    (slack, app), c, dm = slack_here, Channel(channel_id=WARDS_CHANNEL), Channel("D", "im")
    ann, bob = (f"U{uuid.uuid4().hex[:9].upper()}" for _ in range(2))
    here.models["watch1"] = wards.model("nurses")
    thread = c.ts()

    async def said(event: dict[str, Any], needle: str, where: str = thread) -> str:
        await post_all(app, event)
        await settled(here.env, data_dir, event)
        return str((await slack.wait_for(needle, thread=where))["text"])

    await said(c.event("app_mention", "<@UBOT> " + wards.question("nurses", "watch1"),
                       thread, user=ann), WATCH_LINE)
    await said(c.event("message", "watch soon", c.ts(), thread, user=ann),
               "*watch soon*: say how often as daily, hourly, weekly")
    made = await said(c.event("message", "*Watch daily*", c.ts(), thread, user=ann),
                      "Watching *Extra night nurses")
    book = await open_book(load_settings(env_file=None))
    [watch] = await book.all(f"slack:{ann}")
    # The parameters the check ran with: the answer's, and the written decision's default.
    assert (watch.dataset, watch.decision, watch.params) == (
        "wards", "night-nurses", {"nurses": 2, "agency_rate_eur": 650.0})
    assert (watch.channel, watch.every_s) == (WARDS_CHANNEL, 86400)
    assert f"watch `{watch.id}`" in made and f"<#{WARDS_CHANNEL}>" in made
    assert "with nurses=2, agency_rate_eur=650.0 every 1d" in made
    # Another channel, named as Slack sends a channel link.
    await said(c.event("message", "watch weekly in <#C0OTHER001|general>", c.ts(), thread,
                       user=ann), "every 7d, posting to <#C0OTHER001>")
    weekly = (await book.all(f"slack:{ann}"))[-1]
    assert (weekly.channel, weekly.decision, weekly.every_s) == ("C0OTHER001", "night-nurses",
                                                                 7 * 86400)

    direct = dm.ts()
    listed = await said(dm.event("message", "watches", direct, user=ann), "*Your watches* (2)",
                        where=direct)
    assert f"`{watch.id}` *Extra night nurses" in listed and "not run yet" in listed
    # Due at once: its first run posts the current best to the channel, once.
    settings = load_settings(env_file=None).model_copy(
        update={"slack_api_url": slack.base_url})
    fired = [f for f in await fire_due(settings, book) if f.watch == watch.id]
    assert fired and fired[0].posted.startswith("1 message(s)"), fired
    [post_] = [p for p in slack.posts()  # one message, not in a thread
               if not p.get("thread_ts") and p["channel"] == WARDS_CHANNEL]
    assert post_["text"].startswith("Watching *Extra night nurses")
    assert watch.id in post_["blocks"][1]["elements"][0]["text"]

    refused = await said(c.event("message", f"unwatch {watch.id}", c.ts(), thread, user=bob),
                         "is not yours")
    assert refused == f"Watch `{watch.id}` is not yours: only the person who made it can stop it."
    assert [w.id for w in await book.all(f"slack:{ann}")] == [watch.id, weekly.id]
    await said(c.event("message", f"unwatch {watch.id}", c.ts(), thread, user=ann),
               f"Stopped watch `{watch.id}`")
    direct = dm.ts()
    await said(dm.event("message", f"unwatch {weekly.id}", direct, user=ann),
               f"Stopped watch `{weekly.id}`", where=direct)
    assert await book.all(f"slack:{ann}") == []
    # A watch command in a thread the assistant never answered in is nobody's business.
    elsewhere = c.ts()
    chatter = c.event("message", "watches", c.ts(), elsewhere, user=ann)
    await post_all(app, chatter)
    await settled(here.env, data_dir, chatter)
    assert slack.count("", elsewhere) == 0


@pytest.mark.e2e
async def test_an_unreachable_run_store_stops_the_app_at_start(data_dir: Path) -> None:  # noqa: F811
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # nothing listens here
    for url, said in ((f"redis://127.0.0.1:{port}/0", "the run store (PLANRAG_RUN_STORE) at "
                                                     f"redis://127.0.0.1:{port}/0 cannot be used"),
                      ("mongodb://127.0.0.1/runs", "PLANRAG_RUN_STORE: unsupported store "
                                                   "'mongodb'")):
        env = {**os.environ, "PLANRAG_DATA_DIR": str(data_dir), "MYSQL_URL": "",
               "PLANRAG_DATASET": "dqa-locating-1445", "PLANRAG_RELATIONAL": "sqlite",
               "PLANRAG_RUN_STORE": url}
        out = subprocess.run(
            [sys.executable, "-m", "chainlit", "run", "app/chat.py", "--headless", "--port",
             str(port), "--host", "127.0.0.1"],
            cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=False)
        assert out.returncode == 2, out.stderr
        assert f"error: {said}" in out.stderr and "Traceback" not in out.stderr
        assert len(out.stderr.strip().splitlines()) == 1, out.stderr


@pytest.mark.e2e
@pytest.mark.parametrize("slack_env", ["sqlite"], indirect=True)
async def test_a_run_store_that_goes_down_is_said_in_the_thread(
        slack_env: SlackEnv, data_dir: Path) -> None:  # noqa: F811
    slack, c = slack_env.slack, Channel()
    thread, other = c.ts(), c.ts()
    async with Relay(6379) as relay:
        env = {**slack_env.env, "PLANRAG_RUN_STORE": f"redis://127.0.0.1:{relay.port}/15"}
        async with _chat(data_dir, env) as url:
            await relay.down()  # the store disappears after the app started
            await post_all(url, c.mention(f"[s10] {QUESTION}", thread))
            said = await slack.wait_for("I cannot handle this message now", thread=thread)
            assert "run store (PLANRAG_RUN_STORE)" in said["text"]
            await post_all(url, c.reply("nice weather", c.ts(), other))  # chatter: still quiet
            approve = c.reply("approve", c.ts(), other)
            await post_all(url, approve)  # an answer: told why not
            await slack.wait_for("I cannot handle this message now", thread=other)
            # The app keeps serving: the web chat still answers.
            async with httpx.AsyncClient() as client:
                assert (await client.get(url)).status_code == 200
            # Nothing could be journaled: the handler's last act, marking its run done in
            # the journal, fails and is logged; the chatter was dropped before its 200.
            log = data_dir / f"chainlit-{url.rsplit(':', 1)[1]}.log"
            ended = f"could not mark run {run_key(approve['event'])} done in the journal"
            await _until(lambda: ended in log.read_text(errors="replace"),
                         "the end of the answer's handler")
    assert slack.count("", other) == 1 and "s10" not in slack_env.models


async def _until(check: Any, what: str, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} did not happen within {timeout:.0f} s")
        await asyncio.sleep(0.1)


@pytest.mark.e2e
async def test_a_run_whose_app_is_killed_is_answered_after_the_restart(
        data_dir: Path) -> None:  # noqa: F811
    """SIGKILL while a question is being worked on, then while a resumed run goes on: each
    time the restarted app takes the run up from the journal and the thread gets its answer
    (nothing waits for a 15-minute lock), and a second "approve" is told the truth."""
    runs: list[ScriptedModel] = []

    def route_model(body: dict[str, Any]) -> ScriptedModel:
        if not any(m["role"] == "assistant" for m in body["messages"]):
            runs.append(_script("k1"))  # a run that starts (again) gets the script afresh
        return runs[-1]

    c = Channel()
    thread = c.ts()
    async with FakeSlack() as slack, ScriptedServer(route_model) as server:
        env = {"PLANRAG_MODEL": "scripted", "PLANRAG_MODEL_BASE_URL": server.base_url,
               "PLANRAG_MODEL_TOOLS": "on", "SLACK_BOT_TOKEN": "xoxb-test",
               "SLACK_SIGNING_SECRET": SECRET, "PLANRAG_SLACK_API_URL": slack.base_url,
               "PLANRAG_RUN_STORE": f"sqlite:///{data_dir}/crash-runs.sqlite",
               # A lease renewed every 3 s: a loaded machine (CI's, with browser tests
               # beside it) once let a 3 s lease lapse while its run was being answered,
               # and the sweeper took it up a second time.
               "PLANRAG_RUN_LEASE": "6"}
        mention = c.mention(f"[k1] {QUESTION}", thread)
        # 1. Killed while the question is being worked on (the model's second reply hangs).
        server.faults[2] = Stall("", seconds=120)
        async with _chat(data_dir, env) as url:
            await post_all(url, mention)
            await slack.wait_for("*Plan*", thread=thread)
            await _until(lambda: server.requests >= 2, "the second model request")
            APPS[url].kill()
        killed = time.monotonic()
        async with _chat(data_dir, env) as url:
            await post_all(url, mention, retry=1)  # Slack's retry, after the crash
            await slack.wait_for("answering it again from the start", thread=thread)
            await slack.wait_for("Reply *approve*", thread=thread)
            assert time.monotonic() - killed < 60
            # 2. Killed while the approved re-plan goes on.
            server.faults[server.requests + 1] = Stall("", seconds=120)
            stalled = server.requests + 1
            approve = c.reply("approve", c.ts(), thread)
            await post_all(url, approve)
            await slack.wait_for("The change of plan is approved (", thread=thread)
            await _until(lambda: server.requests >= stalled, "the resumed run's model request")
            APPS[url].kill()
        async with _chat(data_dir, env) as url:
            again = c.reply("approve", c.ts(), thread)
            await post_all(url, again)  # a second "approve"
            answer = await slack.wait_for("*Best decision: Krakow*", thread=thread)
            assert "The assistant's analysis reached the same decision." in answer["text"]
            # The resumed run (taken over from the journal) and the second answer are done.
            await settled(env, data_dir, mention, approve, again)
    texts = slack.texts(thread)
    assert slack.count(BUSY_WORDS, thread) == 0, texts
    assert slack.count("answering it again from the start", thread) == 1, texts
    assert slack.count("going on from where the plan was paused", thread) == 1, texts
    assert slack.count("*Best decision:", thread) == 1, texts
    second = [t for t in texts if "already answered (approve)" in t]
    assert len(second) <= 1 and all("goes on with that answer" in t for t in second)
    assert all(p["thread_ts"] == thread for p in slack.posts())


BUSY_WORDS = "I am still working on the previous question"


def _ev(**fields: Any) -> dict[str, Any]:
    return {"type": "message", "user": "U1", "text": "hi", "ts": "2.0", "channel": "C1",
            "channel_type": "channel", **fields}


@pytest.mark.parametrize(("text", "command"), [
    ("watch daily", ("watch", "daily", None)),
    ("<@UBOT> *Watch 12h*.", ("watch", "12h", None)),
    ("watch weekly in <#C0123ABCD|sales>", ("watch", "weekly", "<#C0123ABCD|sales>")),
    ("Watches", ("watches", None, None)),
    ("unwatch w1a2b3c4", ("unwatch", "w1a2b3c4", None)),
    ("watch out for the numbers", None),
    ("watches are nice", None),
    ("I watch daily", None),
])
def test_which_replies_are_watch_commands(text: str, command: tuple[Any, ...] | None) -> None:
    found = wanted(text)
    assert command == (None if found is None else (found.verb, found.what, found.where))


@pytest.mark.parametrize(("event", "kind"), [
    (_ev(type="app_mention", text="<@UBOT> where?"), "mention"),
    (_ev(type="app_mention", user=None, bot_id="BWF", text="<@UBOT> where?"), "mention"),
    (_ev(channel_type="im"), "direct"),
    (_ev(channel_type="im", thread_ts="1.0"), "direct"),
    (_ev(thread_ts="1.0", text="approve"), "reply"),
    (_ev(thread_ts="1.0", subtype="thread_broadcast"), "reply"),
    (_ev(), None),  # channel chatter
    (_ev(thread_ts="2.0"), None),  # the thread's parent is not a reply
    (_ev(text="<@UBOT> where?"), None),  # the app_mention twin
    (_ev(text="<@UBOT> approve", thread_ts="1.0"), None),
    (_ev(thread_ts="1.0", bot_id="B2"), None),
    (_ev(channel_type="im", subtype="message_changed"), None),
    (_ev(channel_type="im", subtype="bot_message", user=None), None),
    (_ev(thread_ts="1.0", user=None), None),
    (_ev(type="reaction_added"), None),
])
def test_which_events_count(event: dict[str, Any], kind: str | None) -> None:
    assert route({k: v for k, v in event.items() if v is not None}, "UBOT") == kind


def test_the_manifest_subscribes_to_what_the_app_answers() -> None:
    text = (Path(__file__).parents[2] / "app" / "slack-manifest.yaml").read_text()
    listed = re.findall(r"^\s+- ([\w.:]+)\s*$", text, flags=re.M)
    events = {e for e in listed if e == "app_mention" or e.startswith("message.")}
    scopes = set(listed) - events
    assert events == {"app_mention", "message.channels", "message.groups", "message.im"}
    for event in events - {"app_mention"}:  # each message event needs its history scope
        assert event.replace("message.", "") + ":history" in scopes
    assert {"app_mentions:read", "chat:write", "users:read"} <= scopes
    assert re.search(r"^\s+messages_tab_enabled: true$", text, flags=re.M)  # DMs allowed
    # Shipped for the HTTP route; the comments say how to switch to socket mode.
    assert re.search(r"^\s+socket_mode_enabled: false$", text, flags=re.M)
    assert re.search(r"^\s+request_url: https://\S+/slack/events$", text, flags=re.M)
    assert "SLACK_WEBSOCKET_TOKEN" in text


@pytest.mark.parametrize(("neo4j_uri", "started"), [
    (None, True), ("", True), ("bolt://neo4j:7687", False)])
def test_the_image_starts_its_own_graph_server_only_without_neo4j_uri(
        tmp_path: Path, neo4j_uri: str | None, started: bool) -> None:
    """The Dockerfile's start command, run with stand-ins for `planrag` and `chainlit` that
    write down how they were called."""
    dockerfile = (Path(__file__).parents[2] / "Dockerfile").read_text()
    cmd = json.loads(re.findall(r"^CMD (\[.*\])$", dockerfile, flags=re.M)[-1])
    assert cmd[:2] == ["sh", "-c"]
    calls = tmp_path / "calls"
    for tool in ("planrag", "chainlit"):
        stand_in = tmp_path / tool
        stand_in.write_text(f'#!/bin/sh\necho "{tool} $*" >> {calls}\n'
                            f'[ "$*" != "load" ] || exit "${{LOAD_STATUS:-0}}"\n')
        stand_in.chmod(0o755)
    env = {"PATH": f"{tmp_path}:/usr/bin:/bin"}
    if neo4j_uri is not None:
        env["NEO4J_URI"] = neo4j_uri
    subprocess.run(cmd, env=env, cwd=tmp_path, check=True, timeout=30)
    lines = calls.read_text().splitlines()
    assert lines[-2:] == ["planrag load", "chainlit run app/chat.py --headless --host 0.0.0.0 "
                          "--port 8000"]
    assert ("planrag graph start" in lines) is started and len(lines) == 2 + started
    calls.unlink()  # a failed load stops the start: no chat over missing data
    failed = subprocess.run(cmd, env={**env, "LOAD_STATUS": "3"}, cwd=tmp_path, timeout=30)
    assert failed.returncode == 3 and not any("chainlit" in ln for ln in calls.read_text()
                                              .splitlines())


# -- a monitor's re-plan (issue 22, part 3): a plan step fails twice, the thread is asked
# in the monitor's words, *approve* resumes the paused run from the store, and the model's
# new plan is posted without a second question.


def _failing_step() -> ScriptedModel:
    return ScriptedModel([
        Reply(calls=[call("make_plan", steps=[
            {"goal": "read the <!channel> merchants table", "source": "sql"}])]),
        Reply(calls=[call("run_sql", query="SELECT * FROM merchants", step=0)]),
        Reply(calls=[call("run_sql", query="SELECT * FROM merchant", step=0)]),
        Reply(calls=[call("revise_plan", reason="no merchants table",
                          steps=[{"goal": "powers from node_country", "source": "sql"}])]),
        Reply(calls=[call("run_sql", query=SWE_ROWS, step=0)]),
        Reply(calls=[call("final_answer", decision="krakow", rationale="the most value (q3)",
                          query_ids=["q3"], parameters={"country": "SWE"})]),
    ])


async def test_a_monitor_replan_is_asked_and_approved_in_a_thread(
        here: Here, slack_here: tuple[FakeSlack, httpx.AsyncClient],
        data_dir: Path) -> None:  # noqa: F811
    (slack, app), c = slack_here, Channel()
    here.models["mon1"] = _failing_step()
    thread = c.ts()
    mention = c.mention(f"[mon1] {QUESTION}", thread)
    await post_all(app, mention)
    ask = await slack.wait_for("Reply *approve*", thread=thread)
    assert ask["text"].startswith(
        "*The assistant noticed:* step 1 (read the &lt;!channel&gt; merchants table) failed "
        "twice (q2 was the second): it may not be possible as planned. *Re-plan?*")
    assert "Reply *approve* to let it write a new plan for this, or *keep* to go on with the " \
        "current one." in ask["text"]
    assert "<!channel>" not in ask["text"]
    await settled(here.env, data_dir, mention)
    approve = c.reply("approve", c.ts(), thread)
    await post_all(app, approve)
    await slack.wait_for("The change of plan is approved (", thread=thread)
    plan = await slack.wait_for("*New plan (revision 1)*", thread=thread)
    assert "1. powers from node_country" in plan["text"]
    await slack.wait_for("*Best decision: Krakow*", thread=thread)
    await slack.wait_for(WATCH_LINE, thread=thread)  # the resumed run's dataset, from its state
    await settled(here.env, data_dir, approve)
    texts = slack.texts(thread)
    assert sum("Reply *approve*" in t for t in texts) == 1  # the new plan was not asked again
    assert any("noticed: step 1" in t for t in texts if t.startswith("Queries:"))
