"""Issue 33, point 1 over MCP (the server in this process, the official SDK's client on
memory streams), on the shipped `wards` dataset: the `ask` tool's text and structured
content say what kind of answer it is. A question of fact, answered with `check: "none"` or
without `check`, is `factual` with no check and no note; the night-nurse question is checked,
and the structured check names the check that ranked it (`check_id`, `title`) and the
decision reads by its name (`label`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from mcp.shared.memory import create_connected_server_and_client_session

from app.mcp_server import build_server, local_caller
from planrag.engine.scripted_server import ScriptedServer
from planrag.runtime import load_datasets
from planrag.settings import load_settings
from tests.app import _wards as wards
from tests.app.test_mcp_proposed_check import text_of


@pytest.fixture(scope="module")
async def data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("wards")
    await load_datasets(load_settings(env_file=None, data_dir=path, mysql_url=None),
                        ["wards"], "sqlite")
    return path


async def _ask(data_dir: Path, run: str) -> tuple[Any, list[str]]:
    """The `ask` tool's result for run `run`, its model the run's script over HTTP, and
    what its progress notifications said."""
    progress: list[str] = []

    async def noted(_progress: float, _total: float | None, message: str | None) -> None:
        progress.append(message or "")

    model = wards.model(run)
    async with ScriptedServer(model) as scripted:
        settings = load_settings(env_file=None, data_dir=data_dir, mysql_url=None,
                                 model_name="m", model_base_url=scripted.base_url)
        async with create_connected_server_and_client_session(
                build_server(settings, local_caller)) as client:
            result = await client.call_tool("ask", {"question": wards.question(run),
                                                    "dataset": "wards",
                                                    "target": "sqlite"},
                                           progress_callback=noted)
    assert not result.isError, text_of(result)
    model.assert_all_used()
    return result, progress


@pytest.mark.parametrize("run", ["none", "omitted"])
async def test_a_question_of_fact_is_said_and_marked_as_one(data_dir: Path, run: str) -> None:
    result, progress = await _ask(data_dir, run)
    wards.is_fact(text_of(result))
    assert progress[-1] == "Answered"  # not "Answered and checked"
    structured = result.structuredContent
    assert structured["factual"] is True and structured["check"] is None
    assert structured["decision"] == wards.ANSWER and structured["label"] == ""
    assert structured["note"] is None
    assert structured["stop_reason"] == "answered"


async def test_the_decision_names_its_check_and_its_ward(data_dir: Path) -> None:
    result, progress = await _ask(data_dir, "nurses")
    wards.is_checked(text_of(result))
    assert progress[-1] == "Answered and checked"
    structured = result.structuredContent
    assert structured["factual"] is False and structured["note"] is None
    assert (structured["decision"], structured["label"]) == (wards.BUSIEST, wards.ANSWER)
    check = structured["check"]
    assert (check["check_id"], check["title"]) == ("night-nurses", "Extra night nurses")
    assert (check["rank"], check["candidates"], check["best"]) == (8, 8, "STB-PAE")
    assert check["agrees"] is False
