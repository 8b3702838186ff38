"""The conformance test's shared part (issue 35): the scripted scenarios every front end is
asked, what a front end's answer comes to once its markup is taken away (`Seen`), and the
comparison of those across front ends.

A scenario is a question on a dataset, a scripted model answering it, and the person's
answers to whatever the run puts to them (a re-plan, a proposed check). A front end's
driver (tests/app/test_conformance.py) asks it in that front end's own way and returns a
`Seen`; every field a front end gives is compared with what the other front ends give."""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any

from planrag.engine import Reply, ScriptedModel, call
from planrag.engine.verdict import decided_line
from planrag.store import AuditEntry
from tests.app import _proposing as kiosk
from tests.app import _wards as wards
from tests.app._replanning import QUESTION, REASON, replanning_model

__all__ = ["DECIDED", "REFERENCE", "SCENARIOS", "Answer", "Scenario", "Seen", "answer_of",
           "answer_of_trail", "disagreement", "field_names", "plain_lines", "verdict_of"]


@dataclass(frozen=True)
class Scenario:
    dataset: str
    question: str
    model: Callable[[], ScriptedModel]
    answers: tuple[bool, ...] = ()
    """The person's answers, in order, to what the run puts to them (True: approve)."""


def _plain_model() -> ScriptedModel:
    """Plan, one query, the answer (warehouse 4, with the check's parameter): no pause."""
    return ScriptedModel([*replanning_model().script[:2], Reply(calls=[call(
        "final_answer", decision=4, rationale="the data says so", query_ids=["q1"],
        parameters={"extra_kg": 200})])])


def _keeping_model() -> ScriptedModel:
    """A re-plan the person keeps: plan, query, re-plan, then the answer on q1 alone."""
    script = replanning_model().script
    return ScriptedModel([*script[:3], Reply(calls=[call(
        "final_answer", decision=4, rationale="the data says so", query_ids=["q1"],
        parameters={"extra_kg": 200})])])


SCENARIOS: dict[str, Scenario] = {
    "plain": Scenario("demo-retail", QUESTION, _plain_model),
    "replan-approved": Scenario("demo-retail", QUESTION, replanning_model, (True,)),
    "replan-kept": Scenario("demo-retail", QUESTION, _keeping_model, (False,)),
    "check-approved": Scenario("kiosks", kiosk.QUESTION, kiosk.proposing_model, (True,)),
    "check-declined": Scenario("kiosks", kiosk.QUESTION, kiosk.proposing_model, (False,)),
    "fact": Scenario("wards", wards.FACT, lambda: wards.model("none")),
}
"""The scripted scenarios; the refusal and the limits are asked by the drivers of their own
(a person who may not use the dataset; a question too long; a person whose places are all
held)."""
assert REASON  # the re-plan's reason, which every front end's question must say


@dataclass(frozen=True)
class Answer:
    """An answer as structured data: the decision, whether it is one of fact, its check and
    its claims (each number's value and whether the data verified it)."""

    decision: str
    factual: bool
    check: tuple[str, int, bool] | None
    """(best, rank, agrees), None: not checked."""
    claims: tuple[tuple[str, bool | None], ...]


@dataclass(frozen=True)
class Seen:
    """What one front end gave for one scenario, without its markup. None: this front end
    does not give it (the API has no structured answer; the CLI's --json no verdict text)."""

    outcome: str
    """"answered", "no decision", or "refused: <kind>"."""
    verdict: tuple[str, ...] | None = None
    """The verdict's lines as read, the approver's name replaced by "<approver>", without
    the line naming the queries it is based on (`based`)."""
    based: str | None = None
    """The line naming the queries the answer is based on ("Based on q1 (step 1, ...).")."""
    answer: Answer | None = None
    """The answer as the front end gives it as data (MCP's structured content, --json)."""
    asked: tuple[tuple[str, ...], ...] | None = None
    """For each pause: the parts of what it asked that every front end must say."""
    decided: tuple[str, ...] | None = None
    """What came of each pause, as said ("The change of plan is approved.")."""
    trail: tuple[str, ...] = ()
    """The audit trail's kinds, in order, written under this front end's person."""
    recorded: Answer | None = None
    """The answer as the audit trail keeps it."""


DECIDED = frozenset(decided_line(a, about, by) for a in (True, False)
                    for about in ("plan", "check")
                    for by in (None, "person", "timeout", "policy"))
"""What came of a pause, in the one wording of every front end."""


def plain_lines(text: str, approver: str | None = None) -> tuple[str, ...]:
    """Text as it reads in any markup: the chat's links to rows as their "[n]", no
    Markdown or Slack emphasis or escapes, Slack's entities decoded, blank lines dropped;
    the approver's name (which each front end gives its own) as "<approver>"."""
    text = re.sub(r"\[((?:\\.|[^\[\]\\])*)\]\(#planrag-[^)]*\)", r"\1", text)
    text = re.sub(r"\\(.)", r"\1", text.replace("**", "").replace("*", ""))
    text = html.unescape(text)
    text = re.sub(r"as of \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC", "as of <time>", text)
    text = re.sub(r"(?<!\w)_([^_\n]+)_(?!\w)", r"\1", text)
    text = re.sub(r"\bquery (\d+)\b", r"q\1", text)  # the chat names its steps so
    if approver:
        text = text.replace(approver, "<approver>")
    return tuple(line.strip() for line in text.splitlines() if line.strip())


def verdict_of(text: str, approver: str) -> dict[str, Any]:
    """A verdict's `verdict` and `based` fields from its text (what follows it, a proposed
    check's card, is not the verdict's)."""
    lines = plain_lines(text, approver)
    cut = [i for i, line in enumerate(lines)
           if line.startswith("Check proposed by the assistant") or line in DECIDED]
    lines = lines[:cut[0]] if cut else lines
    based = [line for line in lines if line.startswith("Based on ")]
    return {"verdict": tuple(line for line in lines if not line.startswith("Based on ")),
            "based": based[0] if based else ""}


def answer_of_trail(entries: list[AuditEntry]) -> Answer | None:
    """The answer and its check as the audit trail keeps them."""
    answers = [e.detail for e in entries if e.kind == "answer"]
    if not answers:
        return None
    answer = answers[-1]
    checks = [e.detail for e in entries if e.kind == "check"]
    check = checks[-1] if checks else None
    return Answer(str(answer["decision"]), bool(answer["factual"]),
                  None if check is None else (str(check["best"]), int(check["rank"]),
                                              bool(check["agrees"])),
                  tuple((str(c["value"]), c["verified"]) for c in answer["claims"]))


def answer_of(decision: Any, factual: bool, check: dict[str, Any] | None,
              claims: list[dict[str, Any]]) -> Answer:
    """An answer from a front end's JSON (MCP's structured content, --json's events)."""
    return Answer(str(decision), factual,
                  None if check is None else (str(check["best"]), int(check["rank"]),
                                              bool(check["agrees"])),
                  tuple((str(c["value"]), c["verified"]) for c in claims))


REFERENCE: dict[str, str] = {"outcome": "cli", "verdict": "chat", "based": "chat",
                             "answer": "cli", "asked": "chat", "decided": "cli",
                             "trail": "cli", "recorded": "cli"}
"""Whose value of each field the others are held to: the chat's text (the fullest renderer),
`--json`'s data (what scripts read; its consent outcomes in `decided_line`'s one wording),
and the trail as `planrag ask` writes it."""


def field_names() -> list[str]:
    return [f.name for f in fields(Seen)]


def disagreement(seen: dict[str, Seen], front_end: str, name: str) -> str | None:
    """How `front_end` differs from the reference in field `name` (None: it agrees, or one
    of them does not give it)."""
    mine, theirs = getattr(seen[front_end], name), getattr(seen[REFERENCE[name]], name)
    if mine is None or theirs is None or mine == theirs:
        return None
    return f"{name}: {front_end} gives {mine!r}; {REFERENCE[name]} gives {theirs!r}"
