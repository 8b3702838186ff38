"""The ReAct text fallback: tools for models and endpoints that cannot call them.

`ReactModel` wraps any model. It describes the tools in the system prompt as the paper's text
format, turns earlier tool calls and results into text (`Action` / `Action input` /
`Observation`), calls the inner model without tools, and reads the reply back into tool
calls. The reader is tolerant: it strips code fences and chat-template tokens, accepts the
labels in any case and with or without spaces (`Action input`, `Action Input`, `ActionInput`),
takes a query as plain text or as JSON, and reads a numbered `Plan:` or `Re-plan:` block as
plan steps. A reply it cannot read becomes plain text, which the engine answers with a nudge.
"""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

from planrag.engine.model import Message, Model, ModelReply, ModelRequest, TextPiece, ToolCall
from planrag.errors import ModelRejected

__all__ = ["ReactModel", "ToolsOrText", "parse_react"]

_FENCE = re.compile(r"```[A-Za-z]*\n?|```")
_TEMPLATE = re.compile(r"<\|[A-Za-z_]{2,24}\|>|</?s>|\[/?INST\]")
_LABEL = re.compile(
    r"^\s*(?:\*\*)?(plan|current\s*step|thought|action\s*input|action|observation|re-?plan|"
    r"final\s*answer)\s*(?:\*\*)?\s*:\s*(?:\*\*)?[ \t]*",
    re.IGNORECASE | re.MULTILINE,
)

_FORMAT = """\
You cannot call tools directly. Write each turn in this text format instead, and stop after
`Action input` (the observation comes back to you):

Thought: <your reasoning>
Action: <one of: {names}>
Action input: <for run_sql / run_cypher: the query; otherwise the JSON arguments>

To make the plan, write the steps as a numbered list after `Plan:`; to revise it, write
`Re-plan:` with the reason on its first line and the new numbered steps after it. When the
data decides the question, write `Final answer: <the decision>` after a `Thought:` that gives
the reason, citing the query ids (q1, q2, ...) you used.

The tools, with their JSON arguments:
{tools}"""


@dataclass
class ReactModel:
    inner: Model
    _ids: int = field(default=0, init=False)

    @property
    def name(self) -> str:
        return self.inner.name

    @property
    def scripted(self) -> bool:
        return self.inner.scripted

    async def stream(self, request: ModelRequest) -> AsyncIterator[TextPiece | ModelReply]:
        reply: ModelReply | None = None
        async for chunk in self.inner.stream(self._as_text(request)):
            if isinstance(chunk, TextPiece):
                yield chunk
            else:
                reply = chunk
        assert reply is not None
        names = {t["function"]["name"] for t in request.tools}
        calls = []
        for name, args in parse_react(reply.text, names):
            self._ids += 1
            calls.append(ToolCall(f"react_{self._ids}", name, json.dumps(args)))
        yield ModelReply(reply.text, tuple(calls), reply.prompt_tokens,
                         reply.completion_tokens, reply.seconds, reply.scripted)

    def _as_text(self, request: ModelRequest) -> ModelRequest:
        tools = "\n".join(
            f"- {t['function']['name']}: {t['function'].get('description', '')} "
            f"{json.dumps(t['function'].get('parameters', {}).get('properties', {}))}"
            for t in request.tools
        )
        names = ", ".join(t["function"]["name"] for t in request.tools)
        messages: list[Message] = []
        for m in request.messages:
            if m["role"] == "system":
                messages.append({"role": "system", "content": f"{m['content']}\n\n"
                                 + _FORMAT.format(names=names, tools=tools)})
            elif m["role"] == "tool":
                messages.append({"role": "user", "content": f"Observation: {m['content']}"})
            elif m["role"] == "assistant" and m.get("tool_calls"):
                messages.append({"role": "assistant", "content": _calls_as_text(m)})
            else:
                messages.append({"role": m["role"], "content": m.get("content") or ""})
        return ModelRequest(tuple(_merge(messages)), (), request.run_id)


@dataclass
class ToolsOrText:
    """Tool calling first; if the endpoint says the model cannot use tools, the ReAct text
    format from then on (Ollama answers e.g. "... does not support tools")."""

    inner: Model
    text_mode: bool = False

    @property
    def name(self) -> str:
        return self.inner.name

    @property
    def scripted(self) -> bool:
        return self.inner.scripted

    async def stream(self, request: ModelRequest) -> AsyncIterator[TextPiece | ModelReply]:
        if not self.text_mode:
            try:
                async for chunk in self.inner.stream(request):
                    yield chunk
                return
            except ModelRejected as exc:
                if "tool" not in str(exc).lower() or not request.tools:
                    raise
                self.text_mode = True
        async for chunk in ReactModel(self.inner).stream(request):
            yield chunk


def _calls_as_text(message: Message) -> str:
    parts = [str(message.get("content") or "").strip()]
    for c in message["tool_calls"]:
        name, raw = c["function"]["name"], c["function"]["arguments"]
        try:
            args = json.loads(raw)
        except ValueError:
            args = raw
        if name in ("run_sql", "run_cypher") and isinstance(args, dict) and "query" in args:
            parts.append(f"Action: {name}\nAction input: {args['query']}")
        else:
            parts.append(f"Action: {name}\nAction input: {json.dumps(args)}")
    return "\n".join(p for p in parts if p)


def _merge(messages: list[Message]) -> list[Message]:
    """Join consecutive messages of one role (observations of one turn) into one."""
    out: list[Message] = []
    for m in messages:
        if out and out[-1]["role"] == m["role"] and m["role"] != "system":
            out[-1] = {**out[-1], "content": f"{out[-1]['content']}\n\n{m['content']}"}
        else:
            out.append(m)
    return out


def parse_react(text: str, tools: set[str]) -> list[tuple[str, dict[str, Any]]]:
    """The tool calls a ReAct-format reply asks for (possibly none)."""
    clean = _TEMPLATE.sub("", _FENCE.sub("", text))
    fields = _fields(clean)
    thought = fields.get("thought", "").strip()
    calls: list[tuple[str, dict[str, Any]]] = []
    if "final answer" in fields:
        decision = fields["final answer"].strip().splitlines()[0].strip().strip("\"'`.")
        ids = sorted(set(re.findall(r"\bq\d+\b", clean)), key=lambda q: int(q[1:]))
        calls.append(("final_answer", {"decision": decision,
                                       "rationale": thought or fields["final answer"].strip(),
                                       "query_ids": ids}))
        return calls
    replan = fields.get("re-plan") or fields.get("replan")
    if replan and "revise_plan" in tools:
        reason, _, rest = replan.strip().partition("\n")
        steps = _steps(rest) or _steps(replan)
        calls.append(("revise_plan", {"reason": reason.strip() or thought or "revised",
                                      "steps": steps}))
    elif "plan" in fields and "make_plan" in tools and "action" not in fields:
        steps = _steps(fields["plan"])
        if steps:
            calls.append(("make_plan", {"steps": steps}))
    if "action" in fields:
        name = fields["action"].strip().split()[0].strip("`*:") if fields["action"].strip() \
            else ""
        name = _tool_name(name, tools)
        raw = fields.get("action input", "").strip()
        if name in ("run_sql", "run_cypher"):
            args = _json_object(raw)
            query = args.get("query") if isinstance(args, dict) else None
            calls.append((name, {"query": str(query or raw).strip().rstrip(";").strip()}))
        elif name:
            args = _json_object(raw)
            calls.append((name, args if isinstance(args, dict) else {}))
    return calls


def _fields(text: str) -> dict[str, str]:
    out: dict[str, str] = {}
    matches = list(_LABEL.finditer(text))
    for i, m in enumerate(matches):
        label = re.sub(r"\s+", " ", m.group(1).lower().replace("replan", "re-plan"))
        label = "action input" if label.replace(" ", "") == "actioninput" else label
        label = "final answer" if label.replace(" ", "") == "finalanswer" else label
        end = matches[i + 1].start() if i + 1 < len(matches) else len(text)
        value = text[m.end():end]
        if label == "observation":  # the model must not invent observations: stop there
            break
        out.setdefault(label, value)
    return out


def _steps(block: str) -> list[dict[str, str]]:
    steps = []
    for line in block.splitlines():
        m = re.match(r"^\s*(?:\d+[.)]|[-*])\s+(.+)$", line)
        if m:
            goal = m.group(1).strip()
            low = goal.lower()
            source = "cypher" if "cypher" in low or "graph" in low else (
                "sql" if "sql" in low or "table" in low or "query" in low else "none")
            steps.append({"goal": goal[:400], "source": source})
    return steps[:12]


def _tool_name(name: str, tools: set[str]) -> str:
    low = name.lower()
    if low in tools:
        return low
    aliases = {"sql": "run_sql", "mysql": "run_sql", "cypher": "run_cypher",
               "neo4j": "run_cypher", "answer": "final_answer", "plan": "make_plan"}
    for key, tool in aliases.items():
        if key in low and tool in tools:
            return tool
    return low


def _json_object(raw: str) -> Any:
    start = raw.find("{")
    if start < 0:
        return None
    depth = 0
    in_string = False
    escaped = False
    for i, ch in enumerate(raw[start:], start):
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
            continue
        if ch == '"':
            in_string = True
        elif ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                try:
                    return json.loads(raw[start: i + 1])
                except ValueError:
                    return None
    return None
