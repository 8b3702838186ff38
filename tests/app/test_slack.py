"""Slack: signed events posted to the running app's /slack/events, a fake Slack Web API that
records what the bot posts, and a paused run that survives a restart of the app."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from planrag.engine import ScriptedModel
from planrag.engine.scripted_server import ScriptedServer
from tests.app._fake_slack import FakeSlack
from tests.app.test_chat_e2e import _chat, _script, data_dir  # noqa: F401 - fixture

SECRET = "test-signing-secret"
THREAD = "1700000000.000100"


def signed(body: dict[str, Any], *, secret: str = SECRET, age: float = 0) -> tuple[bytes, dict]:  # type: ignore[type-arg]
    raw = json.dumps(body).encode()
    stamp = str(int(time.time() - age))
    digest = hmac.new(secret.encode(), f"v0:{stamp}:".encode() + raw, hashlib.sha256)
    return raw, {"X-Slack-Request-Timestamp": stamp,
                 "X-Slack-Signature": "v0=" + digest.hexdigest(),
                 "Content-Type": "application/json"}


def event(kind: str, text: str, ts: str, thread_ts: str | None = None) -> dict[str, Any]:
    inner = {"type": kind, "user": "U1", "text": text, "ts": ts, "channel": "C1",
             "event_ts": ts, "channel_type": "channel"}
    if thread_ts:
        inner["thread_ts"] = thread_ts
    return {"token": "t", "team_id": "T1", "api_app_id": "A1", "type": "event_callback",
            "event_id": f"Ev{ts.replace('.', '')}", "event_time": int(time.time()),
            "event": inner,
            "authorizations": [{"team_id": "T1", "user_id": "UBOT", "is_bot": True}]}


SlackEnv = tuple[FakeSlack, dict[str, ScriptedModel], dict[str, str]]


@pytest.fixture()
async def slack_env(data_dir: Path) -> AsyncIterator[SlackEnv]:  # noqa: F811
    models: dict[str, ScriptedModel] = {}

    def route(body: dict[str, Any]) -> ScriptedModel:
        asked = [m["content"] for m in body["messages"]
                 if m["role"] == "user" and "[" in str(m["content"])]
        tag = asked[-1].split("[", 1)[1].split("]", 1)[0]
        return models.setdefault(tag, _script(tag))

    async with FakeSlack() as slack, ScriptedServer(route) as server:
        env = {"PLANRAG_MODEL": "scripted", "PLANRAG_MODEL_BASE_URL": server.base_url,
               "PLANRAG_MODEL_TOOLS": "on", "SLACK_BOT_TOKEN": "xoxb-test",
               "SLACK_SIGNING_SECRET": SECRET, "PLANRAG_SLACK_API_URL": slack.base_url,
               "PLANRAG_RUN_STORE": f"sqlite:///{data_dir}/slack-runs.sqlite"}
        yield slack, models, env


async def post(url: str, body: dict[str, Any], **kw: Any) -> httpx.Response:
    raw, headers = signed(body, **kw)
    async with httpx.AsyncClient() as client:
        return await client.post(url + "/slack/events", content=raw, headers=headers)


async def test_question_consent_restart_and_answer_in_a_thread(slack_env, data_dir: Path) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    slack, models, env = slack_env
    async with _chat(data_dir, env) as url:
        reply = await post(url, event("app_mention", "<@UBOT> [s1] Where should SWE place "
                                      "its merchant?", THREAD))
        assert reply.status_code == 200
        plan = await slack.wait_for("*Plan*")
        assert plan["thread_ts"] == THREAD and plan["channel"] == "C1"
        ask = await slack.wait_for("Reply *approve*")
        assert "the flows into baltic_sea matter too" in ask["text"]
        assert any("Queries: q1" in t for t in slack.texts())
    # The app stops here; the paused run is on disk and a new process takes the reply.
    async with _chat(data_dir, env) as url:
        reply = await post(url, event("message", "approve", "1700000000.000200", THREAD))
        assert reply.status_code == 200
        await slack.wait_for("Re-plan approved")
        answer = await slack.wait_for("*Decision: krakow*")
        assert "*Simulator check*" in answer["text"] and "rank 1 of 79" in answer["text"]
        assert all(p["thread_ts"] == THREAD for p in slack.posts())
        # The thread's run has finished: another reply gets a clear message.
        await post(url, event("message", "keep", "1700000000.000300", THREAD))
        await slack.wait_for("There is no plan waiting for your approval")
    models["s1"].assert_all_used()


async def test_bad_or_stale_signatures_are_rejected(slack_env, data_dir: Path) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    slack, models, env = slack_env
    async with _chat(data_dir, env) as url:
        body = event("app_mention", "<@UBOT> [s2] Where should SWE place its merchant?",
                     "1700000001.000100")
        wrong = await post(url, body, secret="not-the-secret")
        stale = await post(url, body, age=3600)
        assert wrong.status_code == 401 and stale.status_code == 401
        await asyncio.sleep(2)
        assert slack.posts() == [] and "s2" not in models
        unknown = await post(url, event("message", "approve", "1700000002.000200",
                                        "1700000002.000100"))
        assert unknown.status_code == 200
        post_ = await slack.wait_for("There is no plan waiting for your approval")
        assert post_["thread_ts"] == "1700000002.000100"
