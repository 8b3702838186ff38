"""Issue 33, point 1 in the chat (its own code path, in-process: the session asks, the run
view posts): on the shipped `wards` dataset with a scripted model over HTTP, a question of
fact answered with `check: "none"` or without `check` is posted as an answer of fact
("**Answer: 4 North Acute Medical**", nothing of a check), with no decision chart, and its
`answer.md` says "Answer: ..."; the night-nurse question is posted with the verdict naming
its check and its chart. A check the assistant drafted is put to the person with the
answer named as the data names it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import chainlit as cl
import pytest
from chainlit.context import init_http_context

from app.steps import RunView
from app.web import ChatSession
from planrag.engine.scripted_server import ScriptedServer
from planrag.runtime import load_datasets
from planrag.settings import load_settings
from tests.app import _proposing as kiosk
from tests.app import _wards as wards


@pytest.fixture(scope="module")
async def data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("wards")
    await load_datasets(load_settings(env_file=None, data_dir=path, mysql_url=None),
                        ["wards"], "sqlite")
    return path


async def _asked(data_dir: Path, run: str, monkeypatch: pytest.MonkeyPatch) -> cl.Message:
    """Run `run` asked in a chat session on wards; the answer's message as posted."""
    views: list[RunView] = []

    class Kept(RunView):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            views.append(self)

    monkeypatch.setattr("app.web.RunView", Kept)
    model = wards.model(run)
    async with ScriptedServer(model) as server:
        settings = load_settings(env_file=None, data_dir=data_dir, mysql_url=None,
                                 model_name="m", model_base_url=server.base_url)
        init_http_context()
        await ChatSession(settings, "wards", "sqlite").ask(wards.question(run))
    model.assert_all_used()
    (view,) = views
    assert view.answer_message is not None, "no answer was posted"
    return view.answer_message


def _file(message: cl.Message, name: str) -> str:
    """The file the answer offers whose name starts with `name` ("answer")."""
    (found,) = [e for e in message.elements if e.name.startswith(name)]
    assert isinstance(found.content, bytes)
    return found.content.decode("utf-8")


def _charts(message: cl.Message) -> list[Any]:
    return [e for e in message.elements if e.type == "plotly"]


@pytest.mark.parametrize("run", ["none", "omitted"])
async def test_a_fact_is_posted_as_a_fact_without_a_chart(
        data_dir: Path, run: str, monkeypatch: pytest.MonkeyPatch) -> None:
    message = await _asked(data_dir, run, monkeypatch)
    assert message.content.startswith(f"**Answer: {wards.ANSWER}**\n\n"), message.content
    wards.is_fact(message.content)
    assert _charts(message) == []
    taken = _file(message, "answer-")
    assert taken.startswith(f"# {wards.FACT}\n\n**Answer: {wards.ANSWER}**\n"), taken
    wards.is_fact(taken.split("\n\n", 1)[1].split("## Queries")[0])
    assert "## Queries" in taken and "SELECT ward_cd, ward_nm, bed_cnt" in taken
    # Issue 36, 10: it reads as it is outside a Markdown viewer: no escapes (the chat's
    # message has them), no links to rows that are not in the file.
    assert "\\" in message.content and "\\" not in taken, taken
    assert "](#" not in taken, taken


async def test_the_decision_is_posted_with_its_check_and_chart(
        data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    message = await _asked(data_dir, "nurses", monkeypatch)
    wards.is_checked(message.content)
    assert len(_charts(message)) == 1
    wards.is_checked(_file(message, "answer-").split("\n\n", 1)[1])


class _Asked:
    """The chat's question with buttons, approved at once and kept instead of sent."""

    made: list[_Asked] = []  # noqa: RUF012 (a test's record)

    def __init__(self, content: str = "", **_: object) -> None:
        self.content = self.asked = content
        self.id = f"asked-{len(_Asked.made)}"
        _Asked.made.append(self)

    async def send(self) -> dict[str, Any]:
        return {"payload": {"approved": True}}

    async def update(self) -> None:
        return None


class _Queries:
    """The element that holds a proposed check's queries: what was sent, and for which
    message."""

    sent: list[dict[str, Any]] = []  # noqa: RUF012 (a test's record)

    def __init__(self, props: dict[str, Any], **_: object) -> None:
        self.props = props

    async def send(self, for_id: str) -> None:
        _Queries.sent.append({**self.props, "for_id": for_id})


async def test_a_drafted_check_is_asked_with_the_answer_by_its_name(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("app.steps.cl.AskActionMessage", _Asked)
    monkeypatch.setattr("app.steps.cl.CustomElement", _Queries)
    _Asked.made, _Queries.sent = [], []
    model = kiosk.proposing_model()
    async with ScriptedServer(model) as server:
        settings = load_settings(env_file=None, data_dir=tmp_path / "data", mysql_url=None,
                                 datasets_dir=kiosk.kiosks_dataset(tmp_path),
                                 model_name="m", model_base_url=server.base_url)
        init_http_context()
        await ChatSession(settings, "kiosks", "sqlite").ask(kiosk.QUESTION)
    model.assert_all_used()
    (asked,) = _Asked.made
    name = kiosk.NAMES[kiosk.ANSWER]
    assert f"The assistant answered **{name} ({kiosk.ANSWER})**." in asked.asked, asked.asked
    # The card in words: what the check ranks and what it found; the queries are one
    # click away, in the element under it, never in its text.
    words = asked.asked.replace("\\", "")
    for part in kiosk.card_parts()[:3]:
        assert part in words, (part, words)
    for word in (*kiosk.DEVELOPER_WORDS, "SELECT", "```"):
        assert word not in words, (word, words)
    (shown,) = _Queries.sent
    assert shown["for_id"] == asked.id
    assert [q["query"] for q in shown["queries"]] == [
        kiosk.PROPOSAL["candidates"], kiosk.PROPOSAL["value"], kiosk.PROPOSAL["baseline"]]
    assert asked.content.endswith("**The proposed check ranks the answer (decided by you).**")
