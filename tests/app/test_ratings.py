"""Issue 33, point 7: a rating stays with the answer it was given on. Two questions asked in
one conversation of the chat (its own code path, in-process: Chainlit's run for a typed
message, the session, the history's data layer), the first answer rated up and the second
down, as the page rates them: the export puts each under its own question, decision and
check, the audit trail has each with the run it rates, and the conversation as it is
reopened shows each thumb on its own answer."""

from __future__ import annotations

import asyncio
import json
import time
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import chainlit as cl
import chainlit.data as chainlit_data
import pytest
from chainlit.config import config as chainlit_config
from chainlit.context import init_http_context
from chainlit.types import Feedback
from chainlit.user import User

from app.history import History
from app.web import ChatSession
from planrag.settings import load_settings
from planrag.store import create_schema
from tests.cli.test_cli import planrag

QUESTIONS = ("Which warehouse should we expand by 50 kg a week to cut the delivery cost?",
             "Which warehouse should we expand by 200 kg a week to cut the delivery cost?")


@dataclass
class Chat:
    """One signed-in person's conversation on the demo, kept by the history."""

    layer: History
    session: ChatSession
    thread: str
    env: dict[str, str]


@pytest.fixture()
async def chat(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Chat]:
    env = {"PLANRAG_DATA_DIR": str(tmp_path), "MYSQL_URL": "",
           "PLANRAG_HISTORY_URL": f"sqlite:///{tmp_path}/history.sqlite",
           "PLANRAG_RUN_STORE": f"sqlite:///{tmp_path}/runs.sqlite"}
    settings = load_settings(env_file=None).model_copy(update={
        "data_dir": tmp_path, "mysql_url": None, "history_url": env["PLANRAG_HISTORY_URL"],
        "run_store": env["PLANRAG_RUN_STORE"], "model_name": None})
    await create_schema(env["PLANRAG_HISTORY_URL"], tmp_path)
    layer = History(env["PLANRAG_HISTORY_URL"])
    # The app's data layer (app/chat.py registers it with @cl.data_layer at start).
    monkeypatch.setattr(chainlit_data, "_data_layer", layer)
    monkeypatch.setattr(chainlit_data, "_data_layer_initialized", True)
    carol = await layer.create_user(User(identifier="carol"))
    assert carol is not None
    thread = str(uuid.uuid4())
    init_http_context(thread_id=thread, user=carol)
    await layer.update_thread(thread, user_id=carol.id)
    session = ChatSession(settings, "demo-retail", "sqlite", user="carol",
                          history_layer=layer)
    try:
        yield Chat(layer, session, thread, env)
    finally:
        await layer.close()


async def _typed(chat: Chat, question: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """`question` typed and sent: Chainlit's run for a typed message around what the app's
    `on_message` does with a question (app/chat.py: the session asks it)."""
    async def on_message(message: cl.Message) -> None:
        await chat.session.ask(message.content.strip())

    monkeypatch.setattr(chainlit_config.code, "on_message", None)
    cl.on_message(on_message)
    typed = cl.Message(content=question, type="user_message", author="carol")
    await typed.send()
    await chainlit_config.code.on_message(typed)


def _answers(thread: dict[str, Any]) -> list[tuple[str, str]]:
    """(the message rated, the answer shown with its thumbs) for each of the conversation's
    runs, as Chainlit's page rates them: a run's thumbs sit on its last message and rate the
    run (FeedbackButtons' `forId` is the run's id)."""
    steps = thread["steps"]
    out = []
    for run in steps:
        if (run["name"], run["type"]) != ("on_message", "run"):
            continue
        said = [s for s in steps if s["parentId"] == run["id"]
                and s["type"] == "assistant_message"]
        if said:
            out.append((run["id"], str(said[-1]["output"])))
    return out


async def _kept(chat: Chat, answers: int) -> dict[str, Any]:
    """The conversation as reopening it reads it, once it holds `answers` answers (the
    chat writes its messages in the background)."""
    deadline = time.monotonic() + 30
    while True:
        thread = await chat.layer.get_thread(chat.thread)
        if thread is not None and sum(said.startswith("**Best decision")
                                      for _, said in _answers(thread)) >= answers:
            return dict(thread)
        assert time.monotonic() < deadline, "the answers were not kept"
        await asyncio.sleep(0.1)


def _headline(said: str) -> str:
    """The first line of an answer as the chat shows it, without its Markdown."""
    return said.split("\n\n")[0].replace("**", "").replace("\\", "")


async def test_each_rating_stays_with_its_answer(chat: Chat,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    for question in QUESTIONS:
        await _typed(chat, question, monkeypatch)
    thread = await _kept(chat, len(QUESTIONS))
    answers = _answers(thread)
    assert len(answers) == 2 and all(said.startswith("**Best decision: East Point, Leipzig")
                                     for _, said in answers)
    (first, said_first), (second, said_second) = answers
    assert _headline(said_first) != _headline(said_second)  # 50 kg and 200 kg differ
    # Rated on the page: the first answer up, the second down (PUT /feedback, past the
    # app's guard, is the data layer's upsert).
    await chat.layer.upsert_feedback(Feedback(forId=first, value=1, comment="right one",
                                              threadId=chat.thread))
    await chat.layer.upsert_feedback(Feedback(forId=second, value=0, comment="too little",
                                              threadId=chat.thread))
    assert chat.layer.failing is None

    out = await asyncio.to_thread(planrag, "feedback", "export", env=chat.env)
    assert out.returncode == 0, out.stderr
    rows = {row["rating"]: row for row in map(json.loads, out.stdout.splitlines())}
    assert set(rows) == {"up", "down"} and len(out.stdout.splitlines()) == 2
    for rating, question, said in (("up", QUESTIONS[0], said_first),
                                   ("down", QUESTIONS[1], said_second)):
        row = rows[rating]
        assert row["question"] == question, row
        assert row["decision"] == "East Point, Leipzig"
        assert row["check"] == _headline(said)  # the verdict's first line, as shown
        assert row["verdict"].startswith(row["check"])
        assert "reached the same decision" in row["verdict"]
        assert (row["user"], row["dataset"], row["thread"]) == (
            "carol", "demo-retail", chat.thread)
    assert rows["up"]["run"] != rows["down"]["run"]
    assert (rows["up"]["comment"], rows["down"]["comment"]) == ("right one", "too little")
    csv_out = await asyncio.to_thread(planrag, "feedback", "export", "--format", "csv",
                                      env=chat.env)
    header, *lines = csv_out.stdout.splitlines()
    assert header == ('"answered_at","user","dataset","run","question","decision","check",'
                      '"rating","comment","thread","verdict"')
    assert [QUESTIONS[0] in lines[0], QUESTIONS[1] in lines[1]] == [True, True]

    # The audit trail: each rating under the run that answered its question.
    for rating, question in (("up", QUESTIONS[0]), ("down", QUESTIONS[1])):
        run = rows[rating]["run"]
        trail = await asyncio.to_thread(planrag, "audit", "--json", "--run", run,
                                        env=chat.env)
        entries = [json.loads(line) for line in trail.stdout.splitlines()]
        assert entries[0]["kind"] == "question" and entries[0]["question"] == question
        rated = [e for e in entries if e["kind"] == "rating"]
        assert len(rated) == 1 and rated[0]["rating"] == rating, entries
        assert (rated[0]["question"], rated[0]["check"], rated[0]["user"]) == (
            question, rows[rating]["check"], "carol")
    said = (await asyncio.to_thread(planrag, "audit", env=chat.env)).stdout
    assert f"rated up: {QUESTIONS[0]} (comment: right one)" in said
    assert f"rated down: {QUESTIONS[1]} (comment: too little)" in said

    # Reopened, the conversation shows each thumb on its own answer.
    reopened = await chat.layer.get_thread(chat.thread)
    assert reopened is not None
    feedback = {s["id"]: (s.get("feedback") or {}).get("value") for s in reopened["steps"]}
    assert [(feedback[run], said) for run, said in _answers(dict(reopened))] == [
        (1, said_first), (0, said_second)]


async def test_a_withdrawn_rating_leaves_the_export_and_is_audited(
        chat: Chat, monkeypatch: pytest.MonkeyPatch) -> None:
    await _typed(chat, QUESTIONS[0], monkeypatch)
    [(run, _)] = _answers(await _kept(chat, 1))
    rating = await chat.layer.upsert_feedback(Feedback(forId=run, value=0,
                                                       threadId=chat.thread))
    await chat.layer.delete_feedback(rating)
    out = await asyncio.to_thread(planrag, "feedback", "export", env=chat.env)
    assert out.returncode == 0 and out.stdout == ""
    trail = await asyncio.to_thread(planrag, "audit", "--json", env=chat.env)
    rated = [json.loads(line) for line in trail.stdout.splitlines()
             if json.loads(line)["kind"] == "rating"]
    assert [(e["rating"], e["question"]) for e in rated] == [
        ("down", QUESTIONS[0]), ("withdrawn", QUESTIONS[0])]
