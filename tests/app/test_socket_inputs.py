"""What a client sends over the chat's socket is held to what the page offers (issue 18,
break 17): an edit of an earlier question is refused while `features.edit_message` is off,
and a settings update whose method (or re-plan choice, or database) is not one of the
panel's is refused in one line, the previous settings kept, the next question answered."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from app.socket_inputs import EDIT_REFUSED, settings_problem
from app.web import ChatSession
from planrag.engine import Reply, ScriptedModel, call
from planrag.settings import load_settings
from planrag.users import Access
from tests.app._socket import ChatClient
from tests.app.test_chat_e2e import SCRIPTS, _scripted_chat, data_dir  # noqa: F401 - fixture
from tests.engine.conftest import SWE_ROWS

QUESTION = "Where should SWE place its merchant?"


def _query_then_answer(tag: str) -> ScriptedModel:
    """A run without a plan (the iterrag method): one query, then the answer."""
    return ScriptedModel([
        Reply(f"Querying ({tag}).", [call("run_sql", query=SWE_ROWS)]),
        Reply("SWE should place its merchant in krakow.", [call(
            "final_answer", decision="krakow", rationale="krakow carries the most value (q1).",
            query_ids=["q1"], parameters={"country": "SWE"})]),
    ])


for _tag in ("iter17a", "iter17b", "edit17"):
    SCRIPTS[_tag] = _query_then_answer


@pytest.fixture()
async def chat(data_dir: Path) -> AsyncIterator[tuple[ChatClient, dict[str, ScriptedModel]]]:  # noqa: F811
    async with _scripted_chat(data_dir, {"PLANRAG_CONSENT": "ask"}) as (url, models), \
            ChatClient(url, origin=url) as socket:
        await socket.started()
        yield socket, models


def _tools(model: ScriptedModel) -> set[str]:
    return {t["function"]["name"] for t in model.requests[0].tools}


@pytest.mark.e2e
async def test_a_bogus_method_is_refused_and_the_session_keeps_answering(
    chat: tuple[ChatClient, dict[str, ScriptedModel]],
) -> None:
    socket, models = chat
    await socket.sio.emit("chat_settings_change", {"technique": "iterrag"})
    await socket.said("Method: query step by step, without a plan (iterrag)")
    await socket.sio.emit("chat_settings_change", {"technique": "bogus"})
    refused = await socket.said("The method sent is not one of the choices")
    assert refused["output"] == ("The method sent is not one of the choices; it stays query "
                                 "step by step, without a plan (iterrag).")
    for values in ({"consent": "sometimes"}, {"target": "oracle"}, {"technique": ["x"]}):
        await socket.sio.emit("chat_settings_change", values)
    await socket.said("The choice for re-plans sent is not one of the choices")
    await socket.said("The database sent is not one this dataset offers")
    await socket.said("The method sent is not one of the choices; the settings are unchanged")
    # The next question is answered, with the method chosen before the bogus one.
    await socket.send(f"[iter17a] {QUESTION}")
    await socket.said("Best decision: Krakow")
    assert "make_plan" not in _tools(models["iter17a"]) and "run_sql" in _tools(models["iter17a"])


@pytest.mark.e2e
async def test_editing_an_earlier_question_is_refused_when_the_feature_is_off(
    chat: tuple[ChatClient, dict[str, ScriptedModel]],
) -> None:
    socket, models = chat
    await socket.sio.emit("chat_settings_change", {"technique": "iterrag"})
    await socket.said("Method: query step by step")
    asked = await socket.send(f"[iter17a] {QUESTION}")
    await socket.said("Best decision: Krakow")
    await socket.sio.emit("edit_message", {"message": {
        "id": asked, "output": f"[edit17] {QUESTION}"}})
    refused = await socket.said(EDIT_REFUSED)
    assert refused["isError"] is True
    # The session goes on: the next question is answered, and the edit ran nothing, changed
    # nothing and removed none of the messages after the edited one.
    mark = len(socket.events)
    await socket.send(f"[iter17b] {QUESTION}")
    await socket.said("Best decision: Krakow", since=mark)
    assert "edit17" not in models and "iter17b" in models
    assert not [e for e in socket.events if e[0] in ("delete_message", "update_message")
                and isinstance(e[1], dict) and e[1].get("id") == asked]
    assert not [e for e in socket.events if e[0] == "delete_message"]


def _session(data_dir: Path) -> ChatSession:  # noqa: F811
    settings = load_settings(env_file=None, data_dir=data_dir, mysql_url=None,
                             relational="sqlite")
    return ChatSession(settings, "dqa-locating-1445", "sqlite", "iterrag", "reject",
                       access=Access.open)


@pytest.mark.parametrize(("values", "said"), [
    ({"technique": "bogus"}, "The method sent is not one of the choices; it stays query "
                             "step by step, without a plan (iterrag)."),
    ({"consent": "maybe"}, "The choice for re-plans sent is not one of the choices; it "
                           "stays keep the current plan."),
    ({"target": "oracle"}, "The database sent is not one this dataset offers"),
    ({"target": "mysql"}, "The database sent is not one this dataset offers"),
    ({"dataset": ["demo-retail"]}, "The dataset sent is not one of the choices"),
    ({"dataset": "demo-retail\n"}, "The dataset sent is not one of the choices"),
    ({"dataset": "![x](http://127.0.0.1:9/bogus)"}, "The dataset sent is not one of the"),
    ({"dataset": "demo-retail#demo-1"}, "The dataset sent is not one of the choices"),
    ({"technique": {"x": 1}}, "The method sent is not one of the choices"),
    (["technique", "bogus"], "The settings sent could not be read"),
])
def test_settings_problem_refuses_what_the_panel_does_not_offer(
    data_dir: Path, values: object, said: str,  # noqa: F811
) -> None:
    problem = settings_problem(values, _session(data_dir))
    assert problem is not None and problem.startswith(said) and "\n" not in problem
    assert "bogus" not in problem and "oracle" not in problem  # never echoed


@pytest.mark.parametrize("values", [
    {}, {"technique": "singlerag", "consent": "approve"}, {"target": "sqlite"},
    {"dataset": "demo-retail", "target": "mysql"},  # the old dataset's database, switching
    {"technique": None, "consent": "", "extra": [1]},
])
def test_settings_problem_accepts_the_panels_choices(
    data_dir: Path, values: dict[str, Any],  # noqa: F811
) -> None:
    assert settings_problem(values, _session(data_dir)) is None
