"""A check the assistant drafted, over MCP (the server in this process, the official SDK's
client on memory streams): the elicitation shows its card and asks in the check's words,
and the `ask` tool's result carries the card and the proposal as structured content."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from mcp import ClientSession
from mcp.shared.memory import create_connected_server_and_client_session
from mcp.types import ElicitRequestParams, ElicitResult

from app.mcp_server import build_server, local_caller
from planrag.engine.scripted_server import ScriptedServer
from planrag.settings import load_settings
from tests.app import _proposing as kiosk
from tests.decisions.test_proposed_check import PROPOSAL

Elicit = Any
"""The client's elicitation callback (None: a client that cannot be asked)."""


@asynccontextmanager
async def session(tmp_path: Path, elicit: Elicit, **settings: Any
                  ) -> AsyncIterator[ClientSession]:
    """An MCP client session on the kiosk dataset, its model the proposing script."""
    model = kiosk.proposing_model()
    async with ScriptedServer(model) as scripted:
        configured = load_settings(env_file=None, data_dir=tmp_path / "data", mysql_url=None,
                                   users_file=tmp_path / "users.toml",
                                   datasets_dir=kiosk.kiosks_dataset(tmp_path),
                                   model_name="m", model_base_url=scripted.base_url,
                                   **settings)
        server = build_server(configured, local_caller)
        async with create_connected_server_and_client_session(
                server, elicitation_callback=elicit) as client:
            yield client
        model.assert_all_used()


def text_of(result: Any) -> str:
    return "\n".join(c.text for c in result.content if getattr(c, "type", "") == "text")


async def ask(client: ClientSession) -> Any:
    result = await client.call_tool("ask", {"question": kiosk.QUESTION, "dataset": "kiosks"})
    assert not result.isError, text_of(result)
    return result


def proposal_is_whole(proposed: dict[str, Any]) -> None:
    assert proposed["title"] == PROPOSAL["title"] and proposed["goal"] == "maximize"
    assert proposed["objective"] == PROPOSAL["objective"] and proposed["unit"] == "EUR/week"
    assert proposed["candidates"] == len(kiosk.ROWS) and proposed["target"] == "sqlite"
    assert [(b["decision"], b["label"]) for b in proposed["best"]] == [
        (code, kiosk.NAMES[code]) for code, _ in kiosk.RANKING[:5]]
    assert [b["value"] for b in proposed["best"]] == pytest.approx(
        [value for _, value in kiosk.RANKING[:5]], rel=1e-9)
    assert proposed["baseline"] == pytest.approx(kiosk.BASELINE, rel=1e-9)
    assert proposed["parameters"] == [{"name": "uplift", "type": "float", "default": 1.5}]
    assert (proposed["candidates_query"], proposed["value_query"],
            proposed["baseline_query"]) == (PROPOSAL["candidates"], PROPOSAL["value"],
                                            PROPOSAL["baseline"])


async def test_the_person_sees_the_card_and_approving_ranks_the_answer(
        tmp_path: Path) -> None:
    asked: list[ElicitRequestParams] = []

    async def elicit(_context: Any, params: ElicitRequestParams) -> ElicitResult:
        asked.append(params)
        return ElicitResult(action="accept", content={"approve": True})

    async with session(tmp_path, elicit) as client:
        result = await ask(client)
    assert len(asked) == 1
    message, schema = asked[0].message, asked[0].requestedSchema
    kiosk.card_is_read_in_words(message)
    # The answer reads by the name the data gives it, with its code.
    assert (f"The assistant answered {kiosk.NAMES[kiosk.ANSWER]} ({kiosk.ANSWER})."
            in message), message
    assert message.endswith("Use this check to rank the answer against every candidate? "
                            "Approve: the check ranks the answer; keep: the answer stays "
                            "unchecked.")
    assert "plan" not in message
    assert schema["description"] == (
        f"Whether \u201cEspresso machine\u201d, a check the assistant proposed, ranks its "
        f"answer: it ranks {len(kiosk.ROWS)} candidates by network weekly profit (EUR/week), "
        "the highest first.")
    assert schema["properties"]["approve"]["description"] == (
        "true: the check ranks the answer; false: the answer stays unchecked")

    text = text_of(result)
    best, mine = kiosk.NAMES[kiosk.RANKING[0][0]], kiosk.NAMES[kiosk.ANSWER]
    assert text.startswith(f"**Best decision: {best}**"), text
    assert f"chose **{mine}** instead: rank 2 of {len(kiosk.ROWS)}" in text
    assert ("Checked with \u201cEspresso machine\u201d, a check proposed by the assistant, "
            "approved by the person at the MCP client") in text
    kiosk.card_is_read_in_words(text.replace("\\", ""))  # after the verdict, as Markdown
    assert "**The proposed check ranks the answer (decided by you).**" in text
    assert "change of plan" not in text
    structured = result.structuredContent
    assert structured["check"]["rank"] == 2 and structured["check"]["best"] == kiosk.RANKING[0][0]
    proposal_is_whole(structured["proposed_check"])
    assert structured["proposed_check"]["used"] is True
    assert structured["proposed_check"]["decided_by"] == "person"


async def test_kept_unchecked_by_the_person_or_by_the_servers_setting(tmp_path: Path) -> None:
    async def keep(_context: Any, _params: ElicitRequestParams) -> ElicitResult:
        return ElicitResult(action="accept", content={"approve": False})

    async with session(tmp_path / "kept", keep) as client:
        result = await ask(client)
    text = text_of(result)
    assert kiosk.ANSWER in text.split("\n\n")[0] and "Best decision" not in text, text
    assert ("**The proposed check is not used; the answer stays unchecked (decided by "
            "you).**") in text
    assert result.structuredContent["check"] is None
    assert result.structuredContent["factual"] is False  # a decision, left unchecked: why
    assert result.structuredContent["note"] == ("the check the assistant proposed was not "
                                                "used: declined by the person at the MCP client")
    proposal_is_whole(result.structuredContent["proposed_check"])
    assert result.structuredContent["proposed_check"]["used"] is False

    # A client that cannot be asked: the server's setting decides, said in the check's words.
    async with session(tmp_path / "unasked", None,
                       consent_timeout_default="reject") as client:
        result = await ask(client)
    text = text_of(result)
    assert ("Your client cannot be asked questions (no MCP elicitation), so the check the "
            "assistant proposed was not used: the answer stays unchecked, by the server's "
            "setting PLANRAG_CONSENT_TIMEOUT_DEFAULT=reject.") in text, text
    assert "change of plan" not in text
    assert "Check proposed by the assistant: Espresso machine" in text
    assert result.structuredContent["proposed_check"]["decided_by"] == "policy"
