"""The ReAct text fallback: tools for models and endpoints that cannot call them.

`ReactModel` wraps any model. It describes the tools in the system prompt in the PlanRAG
paper's text format (`prompts/react.md`), turns earlier tool calls and results into text
(`Action` / `Action input` / `Observation`), calls the inner model without tools, and reads the
reply back into tool calls, in the order the reply implies: the plan first (`make_plan`, or
`revise_plan` after `Re-plan: Y`), then each `Action`.

The reader takes the paper's own format and tolerates its variants:

- `Plan: [Step 1: ..., Step 2: ...]` on one line, `Step N:` lines, numbered or bulleted lists,
  a JSON list, or one step per line;
- `Plan` and `Action` in the same reply (a plan and a query in one turn);
- `Re-plan: N` (go on, no call; a plan restated beside it is ignored), `Re-plan: Y` followed
  by the new plan (a `revise_plan` whose reason is a `Reason:` line, the words after the `Y`,
  or else the `Thought`), and the older `Re-plan: <reason>` followed by numbered steps;
- `Current step: Step 2` (the query serves step 2 of the plan);
- `Action: run_sql`, `SQL`, `MySQL`, `Cypher`, `Neo4j`... (each tool's `TextForm.words`; and,
  with one database, any name such as the database's own);
- code fences, chat-template tokens, `**bold**` labels, labels in any case and spacing
  (`Action input`, `Action Input`, `ActionInput`), a query as plain text or as JSON;
- when no line asks for anything, a tool call written as a JSON object
  (`{"name": "run_sql", "arguments": {...}}`), as models trained on tools write them.

The engine's own words to the model (budget notices, nudges, observations) name tools
(`call final_answer`); the text format has none, so they are sent in its words
(`in_text_words`: "write your `Final answer:` line").

Whatever follows an `Observation:` the model wrote itself is ignored (observations come from
the engine), and the request asks the server to stop there (`stop`), as the paper's ReAct
setup does: a model that goes on to invent the observation and the turns after it wastes its
tokens and the run's time. A reply the reader cannot turn into a call stays plain text; the
engine answers it with a nudge, and the next prompt reminds the model of the format. A reply
cut by a limit (`ModelReply.cut`) is not read at all: its last action may be cut mid-query.
"""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass, replace
from importlib import resources
from string import Template
from typing import Any

from planrag.engine.endpoints import remember_tools, tools_honoured, tools_ignored
from planrag.engine.evidence import SOURCE_HELP
from planrag.engine.model import (
    Message,
    ModelReply,
    ModelRequest,
    RequestRefused,
    TextPiece,
    ToolCall,
    WrapperModel,
    closing_stream,
    strip_template_tokens,
)
from planrag.engine.tools import all_tools, tool_named
from planrag.errors import ModelRejected

__all__ = ["ReactModel", "ToolsOrText", "endpoint_key", "in_text_words", "parse_react",
           "read_reply"]

Call = tuple[str, dict[str, Any]]

_FENCE = re.compile(r"```[A-Za-z0-9_+-]*[ \t]*\n?|```")
_LABELS = {
    "question": r"question",
    "replan": r"re[-\s_]?plan",
    "plan": r"(?:(?:new|revised|updated)[\s_]+)?plan",
    "current_step": r"current[\s_]*step",
    "thought": r"thoughts?",
    "reason": r"reason",
    "action_input": r"action[\s_]*input",
    "action": r"action",
    "observation": r"observation",
    "final_answer": r"final[\s_]*answer",
    "evidence": r"evidence",
    "check": r"check",
}
_LABEL = re.compile(
    r"^[ \t]*(?:#+[ \t]*)?(?:\*\*|__)?(?:"
    + "|".join(f"(?P<{name}>{pattern})" for name, pattern in _LABELS.items())
    + r")[ \t]*(?:\*\*|__)?[ \t]*[:：][ \t]*(?:\*\*|__)?[ \t]*",
    re.IGNORECASE | re.MULTILINE,
)
_VERDICT = re.compile(
    r"^\W*(?:(?P<yes>y|yes|yep)|(?P<no>n|no|not|none|nope))\b[\s,.;:!)\]'\"`*-]*",
    re.IGNORECASE,
)
_STEP_MARK = re.compile(
    r"(?:^|(?<=[\s,;(\[]))step[ \t]*(\d+)[ \t]*(?:[:)\-–]|\.(?=\s+(?-i:[A-Z])))[ \t]*",
    re.IGNORECASE,
)
_LIST_ITEM = re.compile(r"^[ \t]*(?:\(?\d+[.):]|[-*•+])[ \t]+(.+?)[ \t]*$", re.MULTILINE)
STOP = ("Observation:",)
"""Where a reply in the text format ends: the observation is the engine's to write."""
_REMINDER = (
    "(Write your turn in the text format: `Thought:`, then `Action:` and `Action input:`, "
    "or `Final answer:`.)"
)


@dataclass
class ReactModel(WrapperModel):
    """The paper's ReAct text format over a model without tool calling: the request's tools
    become instructions in the prompt, the reply's lines become tool calls again."""

    async def stream(self, request: ModelRequest) -> AsyncIterator[TextPiece | ModelReply]:
        reply: ModelReply | None = None
        async with closing_stream(self.inner.stream(self._as_text(request))) as chunks:
            async for chunk in chunks:
                if isinstance(chunk, TextPiece):
                    yield chunk
                else:
                    reply = chunk
        if reply is None:
            return  # the engine reports a model that sent no reply
        yield read_reply(reply, request)

    def _as_text(self, request: ModelRequest) -> ModelRequest:
        messages: list[Message] = []
        expect_call = False  # the model's last turn held no call: remind it of the format
        for m in request.messages:
            if m["role"] == "system":
                system = in_text_words(str(m["content"]))  # its words name lines, not tools
                messages.append({"role": "system", "content": system + "\n\n"
                                 + format_prompt(request.tools, request.prompts)})
            elif m["role"] == "tool":
                said = in_text_words(str(m.get("content") or ""))
                messages.append({"role": "user", "content": f"Observation: {said}"})
            elif m["role"] == "assistant":
                expect_call = not m.get("tool_calls")
                content = _calls_as_text(m) if m.get("tool_calls") else m.get("content") or ""
                messages.append({"role": "assistant", "content": content})
            else:
                content = str(m.get("content") or "")
                if m["role"] == "user":
                    content = in_text_words(content)
                if expect_call and m["role"] == "user":
                    content = f"{content}\n{_REMINDER}"
                    expect_call = False
                messages.append({"role": m["role"], "content": content})
        return replace(request, messages=tuple(_merge(messages)), tools=(), stop=STOP)


def read_reply(reply: ModelReply, request: ModelRequest) -> ModelReply:
    """`reply` with the tool calls its text asks for, in the text format (a cut reply is not
    read at all: its last action may be cut mid-query)."""
    if reply.cut is not None:
        return reply
    names = {t["function"]["name"] for t in request.tools}
    current = _current_plan(request.messages)
    calls = []
    for name, args in parse_react(reply.text, names):
        if name == "make_plan" and current is not None and _goals(args) == current:
            continue  # the plan restated, not a new one
        # Unique across turns and processes (a paused run may resume elsewhere).
        calls.append(ToolCall(f"react_{uuid.uuid4().hex[:12]}", name, json.dumps(args)))
    return replace(reply, tool_calls=tuple(calls))


_TURN_WORDS = (
    (r"\bUse the tools:", "Write your next turn in the text format:"),
)
"""The engine's words for a turn in general (the tools' own are in their `TextForm.said`)."""
_QUERY_WORDS = (
    (r"\(`plan_holds`: yes, or no and why\)",
     "(`Re-plan: N`, or `Re-plan: Y` with the reason and the new plan)"),
    (r"its `step` and\s+its\s+`thought`", "its `Current step:` and its `Thought:`"),
    (r"\(`thought`\)", "(a `Thought:` line)"),
    (r"\(`step`\)", "(a `Current step:` line)"),
)
"""The query tools' arguments that the format's own lines fill (`Current step:`,
`Thought:`, `Re-plan:`), as the engine names them."""


def _text_words() -> list[tuple[re.Pattern[str], str]]:
    """What `in_text_words` replaces, in order: the turn's words, each tool's, then the
    query tools' arguments."""
    said = [*_TURN_WORDS, *(pair for tool in all_tools() for pair in tool.text.said),
            *_QUERY_WORDS]
    return [(re.compile(pattern), words) for pattern, words in said]


def in_text_words(text: str) -> str:
    """The engine's words to the model (budget notices, nudges, observations) as they read
    in the text format: there are no tools to call there, so "call final_answer" becomes
    "write your `Final answer:` line", `make_plan` a `Plan:` line, `revise_plan` a
    `Re-plan: Y`. Messages written before an `auto` switch to the text format read right
    too, since they are translated when sent, not when written."""
    for pattern, words in _text_words():
        text = pattern.sub(words, text)
    return text


def format_prompt(tools: tuple[dict[str, Any], ...], prompts: str = "product") -> str:
    """The text format, for the tools offered now (plan lines only when planning is); the
    paper's (`prompts="paper"`) has its lines alone: no evidence, nothing checked."""
    names = [t["function"]["name"] for t in tools]
    if any("check" in t["function"].get("parameters", {}).get("properties", {})
           for t in tools if t["function"]["name"] == "final_answer"):
        names_and_check = [*names, "check"]  # final_answer asks which check, if any
    else:
        names_and_check = names
    if prompts == "paper":  # the paper's actions only, whose input is text
        actions = [t for t in tools if _written_input(t["function"]["name"])]
        described = "\n".join(f"- {t['function']['name']}: {t['function'].get('description', '')}"
                              for t in actions)
        names = [t["function"]["name"] for t in actions]
    else:
        described = "\n".join(
            f"- {t['function']['name']}: {t['function'].get('description', '')} "
            f"{json.dumps(t['function'].get('parameters', {}).get('properties', {}))}"
            for t in tools
        )
    lines = []
    for line in _format_template(prompts).splitlines():
        tag = re.match(r"\[(\w+)\]", line)
        if tag:
            if tag.group(1) not in names_and_check:
                continue
            line = line[tag.end():]
        lines.append(line)
    return Template("\n".join(lines)).substitute(names=", ".join(names), tools=described,
                                                  source=SOURCE_HELP)


def _written_input(name: str) -> bool:
    """Whether a tool's `Action input` is text: a query, or the words of the no-op tool (the
    paper's actions; its plans and answers are lines of their own)."""
    tool = tool_named(name)
    return tool is not None and (tool.language is not None or bool(tool.text.input_argument))


def _format_template(prompts: str = "product") -> str:
    name = "react-paper.md" if prompts == "paper" else "react.md"
    return resources.files("planrag.engine").joinpath("prompts", name).read_text(
        encoding="utf-8"
    )


@dataclass
class ToolsOrText(WrapperModel):
    """Tool calling first; the ReAct text format from then on when the endpoint shows it
    cannot do with tools:

    - it refuses them (Ollama answers e.g. "... does not support tools"): the same request
      is asked again in the text format;
    - it accepts them and the model never sees them (llama-cpp-python's chat formats without
      tool support drop the definitions): a reply that calls no tool while tools were
      offered, from an endpoint none of whose replies has called one yet, switches to the
      text format; that reply is read as text (a model that writes `Action:` lines or a JSON
      call on its own is understood), and the next request is in the text format.

    Either switch is said to the person (a bracketed notice in the model's text) and holds
    for the rest of the run and of the process for that endpoint and model
    (`planrag.engine.endpoints`): a later run starts in the text format, saying so once."""

    text_mode: bool = False
    _text: ReactModel | None = None
    _called: bool = False
    """A reply of this model called a tool (for models without an endpoint to remember)."""

    async def stream(self, request: ModelRequest) -> AsyncIterator[TextPiece | ModelReply]:
        key = endpoint_key(self.inner)
        if not self.text_mode and request.tools:
            known = tools_ignored(key)
            if known is not None:
                self.text_mode = True
                yield TextPiece(f"\n[{known}: this run uses the text format "
                                "(PLANRAG_MODEL_TOOLS=off starts in it)]\n")
        if not self.text_mode:
            reply: ModelReply | None = None
            try:
                async with closing_stream(self.inner.stream(request)) as chunks:
                    async for chunk in chunks:
                        if isinstance(chunk, ModelReply):
                            reply = chunk
                        else:
                            yield chunk
            except ModelRejected as exc:
                said = exc.said if isinstance(exc, RequestRefused) else str(exc)
                if "tool" not in said.lower() or not request.tools:
                    raise
                why = f"the model endpoint refuses tools ({_clip(said)})"
                remember_tools(key, False, why)
                self.text_mode = True
                yield TextPiece(f"\n[{why}: switching to the text format]\n")
            else:
                if reply is None:
                    return
                if reply.tool_calls:
                    self._called = True
                    remember_tools(key, True)
                elif self._ignored(request, reply, key):
                    why = ("the model endpoint accepts tools but its model does not see them "
                           "(it answered without calling one)")
                    remember_tools(key, False, why)
                    self.text_mode = True
                    yield TextPiece(f"\n[{why}: switching to the text format for the rest of "
                                    "the run; PLANRAG_MODEL_TOOLS=off starts in it]\n")
                    reply = read_reply(reply, request)
                yield reply
                return
        if self._text is None:
            self._text = ReactModel(self.inner)
        async with closing_stream(self._text.stream(request)) as chunks:
            async for chunk in chunks:
                yield chunk

    def _ignored(self, request: ModelRequest, reply: ModelReply, key: str | None) -> bool:
        """Whether `reply` (no tool call) shows tools being ignored: tools were offered, the
        reply is whole and says something, and no reply from this endpoint called a tool."""
        return bool(
            request.tools and reply.cut is None and reply.text.strip()
            and not self._called and not tools_honoured(key)
        )


def endpoint_key(model: Any) -> str | None:
    """The endpoint and model a model talks to (`URL model`), through its wrappers; None
    for a model without an endpoint (a scripted one)."""
    seen = 0
    while model is not None and seen < 20:
        endpoint = getattr(model, "endpoint", None)
        if isinstance(endpoint, str) and endpoint:
            return f"{endpoint} {getattr(model, 'name', '')}".strip()
        model = getattr(model, "inner", None)
        seen += 1
    return None


def _clip(text: str, limit: int = 160) -> str:
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    space = cut.rfind(" ")
    return (cut[:space] if space > limit // 2 else cut).rstrip(" ,;:") + "…"


def _calls_as_text(message: Message) -> str:
    """An assistant turn as the model would have written it in the text format."""
    content = str(message.get("content") or "").strip()
    calls = message["tool_calls"]
    if content and all(str(c.get("id", "")).startswith("react_") for c in calls):
        return _before_observation(content)  # its own words, which these calls came from
    parts = [content]
    for c in calls:
        name, raw = c["function"]["name"], c["function"]["arguments"]
        try:
            args = json.loads(raw)
        except ValueError:
            args = raw
        if name in _languages() and isinstance(args, dict) and "query" in args:
            parts.append(f"Action: {name}\nAction input: {args['query']}")
        else:
            parts.append(f"Action: {name}\nAction input: {json.dumps(args)}")
    return "\n".join(p for p in parts if p)


def _before_observation(text: str) -> str:
    for m in _LABEL.finditer(text):
        if m.lastgroup == "observation":
            return text[: m.start()].rstrip()
    return text


def _merge(messages: list[Message]) -> list[Message]:
    """Join consecutive messages of one role (observations of one turn) into one."""
    out: list[Message] = []
    for m in messages:
        if out and out[-1]["role"] == m["role"] and m["role"] != "system":
            out[-1] = {**out[-1], "content": f"{out[-1]['content']}\n\n{m['content']}"}
        else:
            out.append(m)
    return out


def _current_plan(messages: tuple[Message, ...]) -> list[str] | None:
    """The goals of the last plan the model wrote (made or proposed), if any; a plan sent
    back (its names or coverage wrong) is none: the same goals again are a new attempt."""
    refused = {str(m.get("tool_call_id")) for m in messages if m["role"] == "tool"
               and _SENT_BACK.match(str(m.get("content") or ""))}
    for m in reversed(messages):
        for c in reversed(m.get("tool_calls") or ()):
            if c.get("id") in refused:
                continue
            if c["function"]["name"] in ("make_plan", "revise_plan"):
                try:
                    return _goals(json.loads(c["function"]["arguments"]))
                except ValueError:
                    return None
    return None


_SENT_BACK = re.compile(r"(?:make_plan|revise_plan) not accepted|invalid arguments for "
                        r"(?:make_plan|revise_plan)")


def _goals(args: Any) -> list[str]:
    steps = args.get("steps") if isinstance(args, dict) else None
    return [str(s.get("goal", "")).strip().lower() for s in steps or () if isinstance(s, dict)]


# -- reading a reply


def parse_react(text: str, tools: set[str]) -> list[Call]:
    """The tool calls a ReAct-format reply asks for, in order (possibly none)."""
    clean = strip_template_tokens(_FENCE.sub("", text))
    fields = _fields(clean)
    first: dict[str, str] = {}
    for label, value in fields:
        first.setdefault(label, value.strip())
    if "final_answer" in first:
        evidence = [value for label, value in fields if label == "evidence"]
        return [_final_answer(first["final_answer"], first.get("thought", ""), clean,
                              evidence, first.get("check", ""))]
    languages = {t: lang for t, lang in _languages().items() if t in tools}
    plan = _plan_call(first, tools, languages)
    calls: list[Call] = [plan] if plan else []
    step: int | None = None
    thought = ""
    holds = _holds(first.get("replan"), plan)
    for i, (label, value) in enumerate(fields):
        if label == "current_step":
            step = _step_index(value)
        elif label == "thought":
            thought = " ".join(value.split())[:1000]
        elif label == "action":
            call = _action(value, _input_of(fields, i), tools, languages, step)
            if call is not None:
                if call[0] in languages:  # the paper's turn, as the query tools take it
                    call[1].update({k: v for k, v in (("thought", thought),
                                                      ("plan_holds", holds)) if v})
                calls.append(call)
    return calls or _json_calls(clean, tools)


def _holds(replan: str | None, plan: Call | None) -> str:
    """The `Re-plan:` line as the query tools' `plan_holds`: "yes" for N, "no: <reason>"
    for a Y (its revise_plan's reason), "" when the turn has none."""
    if replan is None:
        return ""
    verdict = _VERDICT.match(replan)
    if verdict is not None and verdict.group("no"):
        return "yes"
    if plan is not None and plan[0] == "revise_plan":
        return f"no: {plan[1]['reason']}"[:600]
    return ""


def _json_calls(text: str, tools: set[str]) -> list[Call]:
    """Tool calls written as JSON objects in the text (`{"name": "run_sql", "arguments":
    {...}}`), as models trained on tools write them when the server gave them none."""
    decoder = json.JSONDecoder()
    calls: list[Call] = []
    at = text.find("{")
    while at >= 0 and len(calls) < 12:
        try:
            obj, end = decoder.raw_decode(text, at)
        except ValueError:
            at = text.find("{", at + 1)
            continue
        if isinstance(obj, dict) and obj.get("name") in tools:
            args = obj.get("arguments", obj.get("parameters", {}))
            if isinstance(args, str):
                args = _json_object(args.strip())
            if isinstance(args, dict):
                calls.append((str(obj["name"]), args))
        at = text.find("{", end)
    return calls


def _plan_call(first: dict[str, str], tools: set[str], languages: dict[str, str]) -> Call | None:
    """`make_plan` for a `Plan:`; `revise_plan` after `Re-plan: Y` (or `Re-plan: <reason>`
    with steps); nothing after `Re-plan: N`, whatever plan is restated beside it."""
    plan, replan = first.get("plan"), first.get("replan")
    if replan is None:
        steps = _steps(plan, languages) if plan is not None and "make_plan" in tools else []
        return ("make_plan", {"steps": steps}) if steps else None
    verdict = _VERDICT.match(replan)
    if verdict is not None and verdict.group("no"):
        return None
    rest = replan[verdict.end():] if verdict else replan
    said, _, listed = rest.partition("\n")
    mark = _STEP_MARK.search(said)
    starts = [i for i in (said.find("["), mark.start() if mark else -1) if i >= 0]
    if starts:  # the steps begin on the Re-plan line itself
        said, listed = said[: min(starts)], rest[min(starts):]
    steps = _steps(listed, languages)
    if not steps and plan is not None:
        steps = _steps(plan, languages)
    if not steps and verdict is None:
        return None  # a remark, not a re-plan
    # A `Y` without steps is still proposed: the engine tells the model what is missing.
    reason = first.get("reason") or said.strip(" \t,.;:-") or first.get("thought")
    return ("revise_plan", {"reason": (reason or "no reason given")[:600], "steps": steps})


def _fields(text: str) -> list[tuple[str, str]]:
    """(label, value) in the order written, up to an observation the model wrote itself."""
    out: list[tuple[str, str]] = []
    matches = list(_LABEL.finditer(text))
    for i, m in enumerate(matches):
        label = m.lastgroup or ""
        if label == "observation":
            break
        end = matches[i + 1].start() if i + 1 < len(matches) else len(text)
        out.append((label, text[m.end():end]))
    return out


def _input_of(fields: list[tuple[str, str]], i: int) -> str:
    """The `Action input` of the `Action` at position `i` (before any next `Action`)."""
    for label, value in fields[i + 1:]:
        if label == "action":
            break
        if label == "action_input":
            return value.strip()
    return ""


def _final_answer(answer: str, thought: str, text: str, evidence: list[str],
                  check: str = "") -> Call:
    lines = [line.strip() for line in answer.splitlines() if line.strip()] or [""]
    decision = lines[0].strip("\"'`*.")
    ids = sorted(set(re.findall(r"\bq\d+\b", text)), key=lambda q: int(q[1:]))
    args: dict[str, Any] = {"decision": decision, "rationale": thought or answer,
                            "query_ids": ids}
    named = check.strip().strip("\"'`*.").split()
    if named:  # "Check: none", "Check: night-nurses" (its first word)
        args["check"] = named[0].lower() if named[0].lower() == "none" else named[0]
    claims = [claim for block in evidence for line in block.splitlines()
              if (claim := _evidence(line)) is not None]
    if claims:
        args["claims"] = claims[:20]
    return ("final_answer", args)


_EVIDENCE = re.compile(
    r"^(?P<text>.+?)\s*[=:]\s*(?P<value>[-−]?\d[\d,]*(?:\.\d+)?)\s*%?"
    r"(?:\s*(?:from\b|\(|—|–|-|;|,)\s*(?P<source>.*?))?\s*$"
)


def _evidence(line: str) -> dict[str, Any] | None:
    """One `Evidence:` line, `<what the number is> = <number> from <source>` (or
    `<what>: <number> (<source>)`), as a claim of final_answer; None when it is not one."""
    line = _LIST_ITEM.sub(r"\1", line).strip().strip("`*")
    match = _EVIDENCE.match(line)
    if match is None:
        return None
    value = float(match.group("value").replace(",", "").replace("−", "-"))
    claim: dict[str, Any] = {"text": match.group("text").strip(" \t\"'")[:300],
                             "value": int(value) if value.is_integer() else value}
    source = (match.group("source") or "").strip()
    if source.startswith("(") is False and source.endswith(")") and source.count(
            ")") > source.count("("):
        source = source[:-1].strip()  # "(q2[1].cost)": the opening bracket went with the "("
    if source:
        claim["source"] = source[:400]
    return claim


def _action(
    value: str, raw: str, tools: set[str], languages: dict[str, str], step: int | None
) -> Call | None:
    written = value.strip().splitlines()[0].strip() if value.strip() else ""
    name = _tool_name(written, tools)
    if not name:
        return None
    if tool_named(name) is None and len(languages) == 1 and raw:
        name = next(iter(languages))  # one database: whatever it was called, query it
    args = _json_object(raw) if raw.startswith("{") else None
    tool = tool_named(name)
    if not isinstance(args, dict) and tool is not None and tool.text.input_argument:
        return (name, {tool.text.input_argument: raw})  # its input is words
    if name in _languages():
        query = args.get("query") if isinstance(args, dict) else None
        out: dict[str, Any] = {"query": _bare_query(str(query or raw))}
        given = args.get("step") if isinstance(args, dict) else None
        if isinstance(given, int):
            out["step"] = given
        elif step is not None:
            out["step"] = step
        return (name, out)
    return (name, args if isinstance(args, dict) else {})


def _bare_query(query: str) -> str:
    query = query.strip()
    for quote in ('"', "'", "`"):
        if len(query) > 1 and query[0] == query[-1] == quote:
            query = query[1:-1].strip()
    return query.rstrip(";").strip()


def _tool_name(written: str, tools: set[str]) -> str:
    """The tool an `Action:` line names, however it is spelled."""
    word = re.sub(r"[^a-z0-9_ -]", "", written.lower()).strip()
    snake = re.sub(r"[\s-]+", "_", word)
    if snake in tools:
        return snake
    for tool in sorted(all_tools(), key=lambda t: (t.text.rank, t.order)):
        if any(word in snake for word in tool.text.words):
            return tool.name
    return snake


def _languages() -> dict[str, str]:
    """The query tools, and the language each runs."""
    return {t.name: t.language for t in all_tools() if t.language is not None}


def _step_index(value: str) -> int | None:
    """`Step 2` (the paper counts from 1) as the 0-based index the tools use."""
    m = re.search(r"step[ \t]*(\d+)", value, re.IGNORECASE) or re.match(r"\s*(\d+)", value)
    if m is None:
        return None
    n = int(m.group(1))
    return n - 1 if n > 0 else 0


def _steps(block: str, languages: dict[str, str]) -> list[dict[str, Any]]:
    """Plan steps from any of the ways a model writes a plan, each with what it `reads:`
    and `yields:` when the step says so (on its line, or on lines of their own under it)."""
    text = _DETAIL_LINE.sub(" ", block.strip()).rstrip(".").strip()
    goals: list[str | tuple[str, dict[str, Any]]] | None = _json_goals(text)
    if goals is None:
        bracketed = text.startswith("[") and text.endswith("]")
        inner = text[1:-1].strip() if bracketed else text
        marks = list(_STEP_MARK.finditer(inner))
        if marks and not inner[: marks[0].start()].strip(" \t\n,;("):
            goals = [inner[m.end(): nxt.start() if nxt else len(inner)]
                     for m, nxt in zip(marks, [*marks[1:], None], strict=True)]
        elif _LIST_ITEM.search(inner):
            goals = [m.group(1) for m in _LIST_ITEM.finditer(inner)]
        elif bracketed:
            goals = list(re.split(r"[;,]", inner))
        else:
            goals = list(inner.splitlines())
    steps = []
    for item in goals:
        raw, details = item if isinstance(item, tuple) else _details(item)
        goal = _STEP_MARK.sub("", raw.strip(), count=1) if _STEP_MARK.match(raw.strip()) \
            else raw.strip()
        goal = goal.strip().rstrip(",;").strip()
        if goal:
            source = _source(goal, languages)
            if source == "none" and details.get("reads") and len(languages) == 1:
                source = next(iter(languages.values()))  # it reads the one database
            steps.append({"goal": goal[:400], "source": source, **details})
    return steps[:12]


_DETAIL = re.compile(r"[ \t]*[(\[,;–—-]?[ \t]*\b(?P<what>reads?|yields?)[ \t]*:[ \t]*",
                     re.IGNORECASE)
_DETAIL_LINE = re.compile(r"\n[ \t]*(?:[-*•+][ \t]+)?(?=(?:reads?|yields?)[ \t]*:)",
                          re.IGNORECASE)
"""A step's `reads:` / `yields:` written on a line of its own: joined to the step above."""
_READS_SPLIT = re.compile(r"[,;](?![^()]*\))")


def _details(text: str) -> tuple[str, dict[str, Any]]:
    """A step's goal, and what it `reads:` (names, split at commas outside brackets) and
    `yields:`, as the tools take them."""
    marks = list(_DETAIL.finditer(text))
    if not marks:
        return text, {}
    out: dict[str, Any] = {}
    for m, nxt in zip(marks, [*marks[1:], None], strict=True):
        value = _unclosed(text[m.end(): nxt.start() if nxt else len(text)])
        if m.group("what").lower().startswith("read"):
            names = [n.strip().strip("`'\"") for n in _READS_SPLIT.split(value)]
            out["reads"] = [n[:200] for n in names if n][:20]
        else:
            out["yields"] = value[:300]
    return text[: marks[0].start()], out


def _unclosed(value: str) -> str:
    """`value` without the punctuation that ends it, and without the brackets that close
    around the step rather than inside it (`(reads: a(b, c))`)."""
    value = value.strip().rstrip(",;. ")
    while value[-1:] in (")", "]") and value.count(")") + value.count("]") > (
            value.count("(") + value.count("[")):
        value = value[:-1].rstrip(",;. ")
    return value.strip()


def _json_goals(text: str) -> list[str | tuple[str, dict[str, Any]]] | None:
    if not text.startswith("[") or '"' not in text:
        return None
    try:
        items = json.loads(text)
    except ValueError:
        return None
    if not isinstance(items, list):
        return None
    goals: list[str | tuple[str, dict[str, Any]]] = []
    for item in items:
        if isinstance(item, dict):
            goal = item.get("goal") or item.get("step") or item.get("description") or ""
            details: dict[str, Any] = {}
            reads = item.get("reads")
            if isinstance(reads, list):
                details["reads"] = [str(r)[:200] for r in reads if str(r).strip()][:20]
            if isinstance(item.get("yields"), str):
                details["yields"] = item["yields"][:300]
            goals.append((str(goal), details))
        else:
            goals.append(str(item))
    return goals


def _source(goal: str, languages: dict[str, str]) -> str:
    low = goal.lower()
    if re.search(r"cypher|neo4j|graph", low):
        return "cypher"
    if re.search(r"sql|\btables?\b|relational", low):
        return "sql"
    if re.search(r"\bquer(?:y|ies)\b|\bdatabase\b", low) and len(languages) == 1:
        return next(iter(languages.values()))
    return "none"


def _json_object(raw: str) -> Any:
    """The JSON object at the start of `raw` (text may follow it), or None."""
    depth = 0
    in_string = False
    escaped = False
    for i, ch in enumerate(raw):
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
                    return json.loads(raw[: i + 1])
                except ValueError:
                    return None
    return None
