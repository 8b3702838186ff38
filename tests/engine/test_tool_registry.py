"""The tool registry (`planrag.engine.tools`): every tool is one module's declaration, and
the definitions, the dispatcher, the text format's reader and the audit follow from it, so
adding a tool touches nothing else."""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

import planrag.engine.tools as tools_package
from planrag.engine import Reply, ScriptedModel, call
from planrag.engine.react import format_prompt, in_text_words, parse_react
from planrag.engine.tools import (
    TECHNIQUES,
    all_tools,
    answering,
    forget_tools,
    tool_definitions,
    tool_named,
)
from planrag.simulators.locating import LocatingSimulator
from tests.engine.conftest import TEXT, answer, collect

EVERY_TOOL = ("make_plan", "revise_plan", "run_sql", "run_cypher", "search_schema",
              "describe_tables", "simulate_candidate", "self_thinking", "propose_check",
              "final_answer")
PRODUCT_TOOLS = tuple(n for n in EVERY_TOOL if n != "self_thinking")
"""The paper's no-op tool is offered under its prompts only."""


def offered_everything() -> tuple[dict[str, object], ...]:
    """The definitions when every tool is offered at once (no run offers them all: a
    dataset has a check or may propose one; here only the declarations are read)."""
    return tool_definitions(TECHNIQUES["planrag"], ("mysql", "cypher"), LocatingSimulator,
                            what_if=True, schema_tools=True, propose=True)


def names(definitions: tuple[dict[str, object], ...]) -> list[str]:
    return [d["function"]["name"] for d in definitions]  # type: ignore[index]


def test_every_tool_is_declared_whole() -> None:
    assert [t.name for t in all_tools()] == list(EVERY_TOOL)
    assert names(offered_everything()) == list(PRODUCT_TOOLS)
    for tool in all_tools():
        assert tool.text.words, f"{tool.name} has no words the text format knows it by"
        assert not getattr(type(tool).handle, "__isabstractmethod__", False), tool.name
    assert {t.name for t in all_tools() if t.consent} == {"revise_plan", "propose_check"}
    assert answering(["run_sql", "final_answer"]) and not answering(["run_sql"])


def test_the_reader_knows_every_tool_by_name_and_by_its_words() -> None:
    one_database = {"run_sql", "final_answer"}  # any other name would be taken as a query
    for tool in all_tools():
        written = f"Action: {tool.name}\nAction input: {{\"x\": 1}}"
        assert parse_react(written, one_database)[0][0] == tool.name
        for word in tool.text.words:
            found = parse_react(f"Action: {word}\nAction input: {{}}", set())
            assert found[0][0] == tool.name, (word, found)


def test_schema_lookups_are_not_taken_for_queries() -> None:
    """They were once missing from the reader's list of tools: with one database, an
    `Action: search_schema` became a query of its JSON arguments."""
    offered = {"run_sql", "search_schema", "describe_tables", "final_answer"}
    assert parse_react('Action: search_schema\nAction input: {"terms": "carrier"}',
                       offered) == [("search_schema", {"terms": "carrier"})]
    assert parse_react('Action: Describe tables\nAction input: {"names": ["orders"]}',
                       {"run_cypher", "final_answer"}) == [
        ("describe_tables", {"names": ["orders"]})]


def test_the_text_format_says_the_tools_in_its_words() -> None:
    assert in_text_words("call final_answer now") == "write your `Final answer:` line now"
    assert in_text_words("propose it with revise_plan") == "propose it with `Re-plan: Y`"
    prompt = format_prompt(offered_everything())
    assert all(f"- {name}:" in prompt for name in PRODUCT_TOOLS)


_ECHO = '''
"""echo: a tool that says its text back (a test's)."""

from pydantic import BaseModel, Field

from planrag.engine.tools._base import Args, ModelTool, TextForm


class Echo(Args):
    """Say a text back."""

    text: str = Field(min_length=1)


class EchoTool(ModelTool):
    def offered(self, offer):
        return not offer.answer_only

    def arguments(self, simulator):
        return Echo

    async def handle(self, calls, state, call_id, args):
        calls.reply(state, call_id, f"echo: {args.text}")
        return
        yield


TOOLS = (EchoTool(name="echo", order=45, text=TextForm(words=("echo",)),
                  argument_words={"text": "text"}),)
'''


@pytest.fixture()
def echo_module(tmp_path: Path) -> Iterator[None]:
    """The registry with one more module, `echo`, as if it were added to the package."""
    (tmp_path / "echo.py").write_text(textwrap.dedent(_ECHO), encoding="utf-8")
    before = list(tools_package.__path__)
    tools_package.__path__[:] = [*before, str(tmp_path)]
    forget_tools()
    try:
        yield
    finally:
        tools_package.__path__[:] = before
        sys.modules.pop("planrag.engine.tools.echo", None)
        forget_tools()


@pytest.mark.usefixtures("echo_module")
async def test_a_new_tool_is_its_module_alone(engine_for) -> None:  # type: ignore[no-untyped-def]
    echo = tool_named("echo")
    assert echo is not None
    offered = names(tool_definitions(TECHNIQUES["iterrag"], ("sqlite",), None))
    assert offered == ["run_sql", "echo", "final_answer"]
    assert parse_react('Action: Echo it\nAction input: {"text": "hi"}', set(offered)) == [
        ("echo", {"text": "hi"})]
    model = ScriptedModel([
        Reply(calls=[call("echo", text="hi"), call("echo", text=""),
                     call("echo", text="<the decision alone>")]),
        Reply(calls=[answer("krakow", "q1")]),
    ])
    async with engine_for(model, technique="iterrag") as engine:
        events = await collect(engine.run(TEXT))
    assert events[-1].kind == "run_finished"
    said = [m["content"] for m in model.requests[1].messages if m["role"] == "tool"]
    assert said[0] == "echo: hi"
    assert said[1].startswith("invalid arguments for echo: text:")
    assert "repeats the placeholder <the decision alone>" in said[2]
    assert "write the real text" in said[2]
    assert names(model.requests[0].tools) == ["run_sql", "echo", "final_answer"]
