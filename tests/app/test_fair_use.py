"""One person cannot starve everyone (issue 18, break 6): in the real chat, signed-in people
each get their share of questions at once and of messages a minute, and a question too long
to be asked is refused on the socket, before Chainlit stores or runs it."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from planrag.engine.scripted_server import ScriptedServer
from planrag.users import UsersFile
from tests.app._fake_slack import FakeSlack
from tests.app._socket import ChatClient, sign_in_cookies
from tests.app.test_chat_e2e import _chat, _script, by_tag, data_dir  # noqa: F401 - fixture
from tests.app.test_slack import SECRET, Channel, post_all

pytestmark = pytest.mark.e2e  # the chat app in processes of its own

PASSWORD = "correct horse battery"
QUESTION = "Where should SWE place its merchant?"


@pytest.fixture()
async def shared_app(data_dir: Path, tmp_path: Path) -> AsyncIterator[tuple[str, ScriptedServer]]:  # noqa: F811
    """Alice and Bob signed in to one app whose model takes half a second a reply; at most
    2 questions at once and 6 messages a minute per person."""
    users = tmp_path / "users.toml"
    for name in ("alice", "bob"):
        UsersFile(users).add(name, PASSWORD, ["*"])
    async with ScriptedServer(by_tag(_script), delay=0.5) as server:
        env = {"PLANRAG_USERS_FILE": str(users), "CHAINLIT_AUTH_SECRET": "",
               "PLANRAG_MODEL": "scripted", "PLANRAG_MODEL_BASE_URL": server.base_url,
               "PLANRAG_MODEL_TOOLS": "on", "PLANRAG_MODEL_CONCURRENCY": "8",
               "PLANRAG_CONSENT": "approve", "PLANRAG_RUNS_PER_PERSON": "2",
               "PLANRAG_MESSAGES_PER_MINUTE": "6"}
        async with _chat(data_dir, env) as url:
            yield url, server


async def test_questions_at_once_are_counted_per_person(
        shared_app: tuple[str, ScriptedServer]) -> None:
    url, server = shared_app
    alice = await sign_in_cookies(url, "alice", PASSWORD)
    bob = await sign_in_cookies(url, "bob", PASSWORD)
    async with (ChatClient(url, alice) as a1, ChatClient(url, alice) as a2,
                ChatClient(url, alice) as a3, ChatClient(url, bob) as b1):
        first = asyncio.ensure_future(a1.ask(f"[a1] {QUESTION}"))
        second = asyncio.ensure_future(a2.ask(f"[a2] {QUESTION}"))
        await a2.wait_for(lambda _: server.requests >= 2)  # both are being answered
        refused = await a3.ask(f"[a3] {QUESTION}", timeout=30)
        assert refused == ("you already have 2 questions being answered, the most at once; "
                           "ask this again when one has finished")
        # Bob has his own share while Alice's two run.
        assert (await b1.ask(f"[b1] {QUESTION}")).startswith("**Best decision: Krakow")
        for run in (first, second):
            assert (await run).startswith("**Best decision: Krakow")
        await a1.finished()
        await a2.finished()
        # Alice's places are given back when her questions end.
        assert (await a3.ask(f"[a3] {QUESTION}")).startswith("**Best decision: Krakow")


async def test_messages_over_the_rate_and_over_long_questions_are_refused_on_the_socket(
        shared_app: tuple[str, ScriptedServer]) -> None:
    url, server = shared_app
    alice = await sign_in_cookies(url, "alice", PASSWORD)
    bob = await sign_in_cookies(url, "bob", PASSWORD)
    async with ChatClient(url, alice) as page, ChatClient(url, bob) as other:
        too_long = "x" * 900_000
        said = await page.ask(f"[long] {QUESTION} {too_long}")
        assert said.startswith("This question is 900,") and said.endswith(
            "characters long; the assistant takes questions of up to 4,000. Shorten it and "
            "ask again.")
        assert server.requests == 0  # never sent to the model
        for n in range(200):  # 5 more fit in the minute (the long question counted)
            await page.send(f"/datasets {n}")
        notice = await page.wait_for(lambda p: [t for t in p.texts() if "faster than" in t])
        assert notice == ["You are sending messages faster than 6 a minute, the most this "
                          f"assistant takes from one person; the ones sent in the next "
                          f"{notice[0].split('next ')[1].split(' ')[0]} seconds are ignored."]
        # Bob is answered meanwhile; Alice's flood got five answers and one notice.
        assert (await other.ask(f"[bob] {QUESTION}")).startswith("**Best decision: Krakow")
        answered = [t for t in page.texts() if t.startswith("- **")]
        assert len(answered) == 5
        assert len([t for t in page.texts() if "faster than" in t]) == 1


@pytest.fixture()
async def slack_app(data_dir: Path) -> AsyncIterator[tuple[str, FakeSlack, ScriptedServer]]:  # noqa: F811
    """The app answering Slack with a model that takes half a second a reply; 2 questions at
    once and 4 messages a minute per person."""
    async with FakeSlack() as slack, ScriptedServer(by_tag(_script), delay=0.5) as server:
        env = {"PLANRAG_MODEL": "scripted", "PLANRAG_MODEL_BASE_URL": server.base_url,
               "PLANRAG_MODEL_TOOLS": "on", "PLANRAG_MODEL_CONCURRENCY": "8",
               "SLACK_BOT_TOKEN": "xoxb-test", "SLACK_SIGNING_SECRET": SECRET,
               "PLANRAG_SLACK_API_URL": slack.base_url, "PLANRAG_CONSENT": "approve",
               "PLANRAG_RUN_STORE": f"sqlite:///{data_dir}/fair-use-runs.sqlite",
               "PLANRAG_RUNS_PER_PERSON": "2", "PLANRAG_MESSAGES_PER_MINUTE": "4"}
        async with _chat(data_dir, env) as url:
            yield url, slack, server


def _from(body: dict[str, Any], user: str) -> dict[str, Any]:
    body["event"]["user"] = user
    return body


async def test_slack_people_get_the_same_limits(
        slack_app: tuple[str, FakeSlack, ScriptedServer]) -> None:
    url, slack, server = slack_app
    c = Channel()
    long_thread = c.ts()
    await post_all(url, c.mention(f"[long] {QUESTION} " + "x" * 5000, long_thread))
    said = await slack.wait_for("characters long", thread=long_thread)
    assert said["text"] == ("Sorry, this question is 5,044 characters long; the assistant takes "
                            "questions of up to 4,000. Shorten it and ask again.")
    assert server.requests == 0
    # Three questions at once from U1: the third is refused while two run; U2 is answered.
    threads = [c.ts() for _ in range(3)]
    await post_all(url, *(c.mention(f"[q{n}] {QUESTION}", t) for n, t in enumerate(threads)))
    await slack.wait_for("you already have 2 questions being answered")
    other = c.ts()
    await post_all(url, _from(c.mention(f"[u2] {QUESTION}", other), "U2"))
    await slack.wait_for("*Best decision: Krakow*", thread=other)
    answered = [t for t in threads if slack.count("you already have 2", t) == 0]
    assert len(answered) == 2
    for thread in answered:
        await slack.wait_for("*Best decision: Krakow*", thread=thread)
    # U1 has sent 4 messages this minute: the fifth is told once, the rest dropped.
    flood = [c.ts() for _ in range(20)]
    await post_all(url, *(c.mention(f"[f{n}] {QUESTION}", t) for n, t in enumerate(flood)))
    notice = await slack.wait_for("faster than 4 a minute")
    assert notice["text"].startswith("Sorry, you are sending messages faster than 4 a minute, "
                                     "the most this assistant takes from one person")
    assert sum(slack.count("faster than", t) for t in flood) == 1
    assert sum(slack.count("*Plan*", t) for t in flood) == 0
