"""Issue 35, point 2 over MCP (the server in this process, the official SDK's client on memory
streams), on the shipped `wards` dataset's SQLite copy: every tool runs through the run
service as the signed-in person. Alice's `query`, `what_if` and `describe_schema` are in the
audit trail, each query with its text, by the time their result reaches her client, and
`planrag audit` says them; a person over their limit is refused as for `ask`, and a dataset
she may not use is refused as for `ask`. Point 4: `ask`'s structured content carries the
answer's claims with their `verified`, as `--json`'s `answer_proposed.claims[]` does."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from mcp import ClientSession
from mcp.shared.memory import create_connected_server_and_client_session

from app.mcp_server import build_server
from planrag.engine.scripted_server import ScriptedServer
from planrag.runtime import load_datasets
from planrag.service.runs import Asker, RunService
from planrag.settings import Settings, load_settings
from planrag.store import AuditEntry, Store, history_url
from planrag.users import Access
from tests.app import _wards as wards
from tests.app.test_mcp_proposed_check import text_of
from tests.cli._run import planrag

ALICE = Asker("mcp:alice", Access("alice", frozenset({"wards"})))
BEDS = "SELECT ward_cd, bed_cnt FROM ward WHERE cls_dt IS NULL ORDER BY bed_cnt DESC"


@pytest.fixture(scope="module")
async def data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("wards")
    await load_datasets(load_settings(env_file=None, data_dir=path, mysql_url=None),
                        ["wards"], "sqlite")
    return path


@pytest.fixture
def settings(data_dir: Path, tmp_path: Path) -> Settings:
    """The wards copy, an audit trail of this test's own and one place at once per person."""
    return load_settings(env_file=None, data_dir=data_dir, mysql_url=None,
                         history_url=f"sqlite:///{tmp_path / 'history.sqlite'}",
                         runs_per_person=1)


@asynccontextmanager
async def client_of(settings: Settings, asker: Asker = ALICE) -> AsyncIterator[ClientSession]:
    """An MCP client whose every call the server makes for `asker`."""
    server = build_server(settings, lambda _request: asker)
    async with create_connected_server_and_client_session(server) as client:
        yield client


async def trail(settings: Settings) -> list[AuditEntry]:
    url = history_url(settings)
    assert url is not None
    store = Store(url)
    try:
        return await store.audit_entries(user="mcp:alice")
    finally:
        await store.close()


def audit_text(settings: Settings) -> str:
    """What `planrag audit` prints of Alice's trail."""
    done = planrag("audit", "--user", "mcp:alice", env={
        "PLANRAG_HISTORY_URL": str(history_url(settings)),
        "PLANRAG_DATA_DIR": str(settings.data_dir)})
    assert done.returncode == 0, done.stderr
    return done.stdout


def of_run(entries: list[AuditEntry], tool: str) -> list[AuditEntry]:
    """The entries of the one call of `tool`: its call first, then what it ran."""
    calls = [e for e in entries if e.kind == "tool" and e.detail["tool"] == tool]
    assert len(calls) == 1, entries
    return [e for e in entries if e.run == calls[0].run]


async def test_each_tool_is_audited_with_its_queries_before_it_answers(
        settings: Settings) -> None:
    async with client_of(settings) as client:
        ran = await client.call_tool("query", {"dataset": "wards", "query": BEDS})
        assert not ran.isError, text_of(ran)
        after_query = await trail(settings)  # as soon as the result has come
        ranked = await client.call_tool("what_if", {"dataset": "wards",
                                                    "parameters": {"nurses": 2}})
        assert not ranked.isError, text_of(ranked)
        after_what_if = await trail(settings)
        schema = await client.call_tool("describe_schema", {"dataset": "wards",
                                                            "question": wards.FACT})
        assert not schema.isError, text_of(schema)
        after_schema = await trail(settings)

    query = of_run(after_query, "query")
    assert [(e.kind, e.dataset) for e in query] == [("tool", "wards"), ("query", "wards")]
    assert query[0].detail == {"tool": "query", "query": BEDS}
    rows = ran.structuredContent["total_rows"]
    assert query[1].detail["query"] == BEDS and query[1].detail["rows"] == rows
    assert query[1].detail["query_id"] == "q1"

    what_if = of_run(after_what_if, "what_if")
    assert what_if[0].detail["parameters"] == {"nurses": 2}
    sent = what_if[1:]
    assert sent and {e.kind for e in sent} == {"query"}, what_if
    assert [e.detail["query_id"] for e in sent] == [f"q{i}" for i in range(1, len(sent) + 1)]
    assert all(e.detail["query"].strip() for e in sent)

    look_up = of_run(after_schema, "describe_schema")
    assert look_up[0].detail["question"] == wards.FACT
    assert all(e.kind == "query" and e.detail["query"].strip() for e in look_up[1:])

    said = audit_text(settings)
    assert "tool query (query=SELECT ward_cd, bed_cnt FROM ward" in said, said
    assert f"q1 ran ({rows} rows): {BEDS}" in said, said
    assert "tool what_if (parameters={'nurses': 2})" in said, said
    assert "tool describe_schema (question=" in said, said
    first = " ".join(sent[0].detail["query"].split())[:60]
    assert first in " ".join(said.split()), said


async def test_a_person_over_the_limit_is_refused_as_for_ask(settings: Settings) -> None:
    """Alice's one place is held (by a question of hers elsewhere): every tool, `ask`
    included, is refused with the same words, and nothing of them is audited."""
    calls = {"ask": {"dataset": "wards", "question": wards.FACT},
             "query": {"dataset": "wards", "query": BEDS},
             "what_if": {"dataset": "wards"},
             "describe_schema": {"dataset": "wards"},
             "list_datasets": {}}
    async with client_of(settings) as client:
        async with RunService(settings).hold(ALICE):
            results = {name: await client.call_tool(name, args)
                       for name, args in calls.items()}
        again = await client.call_tool("query", {"dataset": "wards", "query": BEDS})
    said = {name: text_of(result) for name, result in results.items()}
    assert all(result.isError for result in results.values()), said
    assert set(said.values()) == {"you already have 1 question being answered, the most at "
                                  "once; ask this again when one has finished"}, said
    assert not again.isError, text_of(again)  # her place is hers again
    assert [e.detail["tool"] for e in await trail(settings) if e.kind == "tool"] == ["query"]


async def test_a_dataset_the_person_may_not_use_is_refused_as_for_ask(
        settings: Settings) -> None:
    """Alice may use `wards` only: each tool on `demo-retail` is refused with `ask`'s words,
    and the trail says what she tried and why it was refused."""
    async with client_of(settings) as client:
        results = {name: await client.call_tool(name, {"dataset": "demo-retail", **args})
                   for name, args in {"ask": {"question": wards.FACT},
                                      "query": {"query": "SELECT 1"}, "what_if": {},
                                      "describe_schema": {}}.items()}
        listed = await client.call_tool("list_datasets", {})
    refusal = ("Your account (alice) may not ask about the dataset demo-retail; ask the "
               "person who runs PlanRAG Assistant to give you access.")
    for name, result in results.items():
        assert result.isError and text_of(result) == f"Error executing tool {name}: {refusal}"
    assert [d["id"] for d in listed.structuredContent["datasets"]] == ["wards"]
    entries = await trail(settings)
    for tool in ("query", "what_if", "describe_schema"):
        assert [(e.kind, e.dataset) for e in of_run(entries, tool)] == [
            ("tool", "demo-retail"), ("failed", "demo-retail")]
        assert of_run(entries, tool)[1].detail["reason"] == refusal


async def test_ask_carries_its_claims_with_verified(data_dir: Path, tmp_path: Path) -> None:
    """The claims as `--json`'s `answer_proposed.claims[]` has them: the 34 beds of the
    answer, sourced from the query's cell and verified against it."""
    model = wards.model("none")
    async with ScriptedServer(model) as scripted:
        settings = load_settings(env_file=None, data_dir=data_dir, mysql_url=None,
                                 history_url=f"sqlite:///{tmp_path / 'history.sqlite'}",
                                 model_name="m", model_base_url=scripted.base_url)
        async with client_of(settings) as client:
            result = await client.call_tool("ask", {"question": wards.FACT,
                                                    "dataset": "wards", "target": "sqlite"})
    assert not result.isError, text_of(result)
    claims: list[dict[str, Any]] = result.structuredContent["claims"]
    assert claims, result.structuredContent
    beds = [c for c in claims if c["value"] == 34]
    assert beds and beds[0]["verified"] is True, claims
    assert beds[0]["source"], claims
    assert {"text", "value", "source", "verified", "data", "note", "cells", "cited_by",
            "origin"} <= set(beds[0]), claims
    assert any(e.kind == "question" for e in await trail(settings))
