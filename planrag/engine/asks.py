"""Whether a question asks for a decision or for a fact (ARCHITECTURE.md, "Which check").

A dataset's check ranks the candidates of one decision; its verdict belongs only to an answer
that takes that decision. The model says which check its answer is checked with
(`final_answer`'s `check`, or "none"); when it does not say, this module decides, from the
question's words alone (offline, no model call):

* a decision asks what to do: advice or obligation ("should", "ought", "recommend",
  "prioritise"), a choice ("choose", "pick", "which warehouse to expand", "where to put"),
  what is best to do ("the best branch to ...", "is it worth"), an objective to reach
  ("to minimise the cost, ...") or a hypothetical ("if we could ..., which?", "what if",
  "we can raise one warehouse's capacity: which?"), an allocation ("which customer gets
  the voucher?", "where do we put the Sunday hours?");
* a follow-up with nothing of its own to tell ("And for 300 kg?") asks what the question
  before it asked;
* anything else is a question of fact ("which ward has the most beds", "how many",
  "list ..."), and so is a question of quantity without a choice in it ("how many nurses
  should a ward of 27 patients have": the check ranks candidates, not amounts), and one in
  hindsight ("which should have been open?", "which would have lent most?").

The words people misspell most are matched within one typing slip ("shoud", "recomend").
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["asks_decision"]

_ADVICE = ("should", "shall", "ought", "recommend", "recommended", "recommendation",
           "advise", "advice", "suggest", "prioritise", "prioritize", "choose", "decide",
           "optimal", "optimise", "optimize", "maximise", "maximize", "minimise", "minimize",
           "propose")
"""Words that ask what to do, whatever surrounds them (each within one slip)."""
_WORDS_NOT_SLIPS = frozenset({"chose", "decided", "decides", "advised", "advises",
                              "suggests", "shoulder", "proposed", "proposes", "purpose"})
"""Real words one slip from an advice word, which say what happened, not what to do."""

_PHRASES = re.compile(
    r"""\bpick\b(?![-\s]?ups?\b)                              # pick (not pick-ups)
      | \bselect\s+(?:a|an|one|the\s+best)\b                  # select a branch
      | \bbest\s+(?:[\w'-]+\s+){0,2}to\s+[a-z]                # the best branch to open
      | \b(?:is|be|are|it's|is\s+it)\s+best\s*(?:[?.!]|$|to\b)  # which is best?
      | \b(?:makes?|make)\s+(?:the\s+)?(?:most\s+|more\s+)?sense\b  # makes most sense
      | \b(?:is|be)\s+the\s+right\s+(?:one|choice|option|pick|[\w'-]+\s+(?:for|to))\b
      | \bbest\s+(?:option|choice|candidate|place|location|site|bet|move|pick|way)s?\b
      | \bbetter\s+(?:to|off)\b | \bwhich\s+is\s+better\b
      | \bworth\s+(?:it|while|doing)\b | \bworthwhile\b | \bis\s+it\s+worth\b
      | \bwhat\s+if\b | \bwhat\s+happens\s+if\b
      | \bwhere\s+to\b
      | \b(?:second|next|third|runner)[\s-]*(?:best|up)\b     # and the second best?
      """,
    re.IGNORECASE | re.VERBOSE,
)
"""Phrases that ask for a choice or what is best to do."""

_CHOICE_TO = re.compile(
    r"\b(?:which|where|what|whom|who)(?:\s+[\w'-]+){0,2}\s+to\s+"
    r"(?!(?:the|a|an|this|that|these|those|my|our|your|their|its|his|her|each|every|all|"
    r"any|some|date|now|be|been|me|us|them|him|it|day|night|week|month|year)\b)[a-z]{2,}",
    re.IGNORECASE,
)
""""Which warehouse to expand", "where to place": a choice with what it is for."""

_HYPOTHETICAL = re.compile(r"\bif\b.*\b(?:would|could|might|were)\b(?!\s+have\b)|"
                           r"\b(?:would|could|might)\b(?!\s+have\b).*\bif\b|"
                           r"\b(?:which|where|what\s+[\w'-]+)\b.*\bwould\b(?!\s+have\b)",
                           re.IGNORECASE | re.DOTALL)
"""A choice under a condition: "if we could add 500 kg, which one?", "what branch would you
open?" (not what would have been: "which would have lent most if open?")."""

_WE_DO = re.compile(
    r"\b(?:which|where|what|who|whom)\b[^?]*?\b(?:do|shall|can|could|will)\s+(?:we|i)\s+"
    r"(?:put|place|open|send|give|assign|move|expand|build|invest|add|choose|pick|close|cut|"
    r"hire|allocate|spend|focus|target|staff|fund|upgrade|drop|replace)\b",
    re.IGNORECASE | re.DOTALL)
"""What we do with something, asked: "where do we put the Sunday hours?"."""

_POSSIBLE = re.compile(
    r"\b(?:we|i)\s+(?:can|could|may|might|(?:are|am|will\s+be)\s+able\s+to|plan\s+to|"
    r"intend\s+to|have\s+(?:the\s+)?(?:budget|money|room|funds?)\b)[^?]*?\b(?:which|where|"
    r"who|whom)\b", re.IGNORECASE | re.DOTALL)
"""What we could do, then a choice: "we can raise one warehouse's capacity; which one?"."""

_ALLOTTED = re.compile(
    r"\b(?:which|who|whom|where)\b[^?]*?\b(?:gets?|receives?|deserves?)\s+"
    r"(?!(?:the\s+)?(?:most|least|highest|lowest|biggest|largest|smallest|fewest|more|fewer|"
    r"less|best|worst|same)\b)(?![a-z]+ed\b|(?:paid|made|sent|given|taken|told|shown|seen|"
    r"known|done|left|kept|sold|bought|caught|brought|hit|cut|put|set)\b)",
    re.IGNORECASE | re.DOTALL)
"""An allocation: "which customer gets the voucher?" (not "which gets the most visits", a
measure, nor "who gets paid", a fact)."""

_FOLLOW_UP = re.compile(r"^\s*(?:and|but|ok(?:ay)?,?\s+and|so|then|what\s+about|how\s+about|"
                        r"same\b|and\s+if|and\s+what\s+about)\b", re.IGNORECASE)
"""A question that goes on from the one before ("And for 300 kg?")."""

_QUANTITY = re.compile(r"^\s*(?:and\s+|so\s+)?how\s+(?:many|much|long|often)\b", re.IGNORECASE)
_CHOOSES_ONE = re.compile(r"\b(?:which|where|whom|who)\b", re.IGNORECASE)
_WORD = re.compile(r"[a-z]+(?:'[a-z]+)?")


@lru_cache(maxsize=1024)
def asks_decision(question: str, previous: str | None = None) -> bool:
    """Whether `question` asks what to decide (True) or asks a fact (False). `previous`:
    the conversation's question before it, whose kind a follow-up with no words of its own
    for it keeps ("And for 300 kg?")."""
    if _asks(question):
        return True
    if previous is not None and _FOLLOW_UP.match(question):
        return _asks(previous)
    return False


def _asks(question: str) -> bool:
    text = " ".join(question.split())
    quantity = bool(_QUANTITY.match(text)) and not _CHOOSES_ONE.search(text)
    if quantity and not re.search(r"\bif\b", text, re.IGNORECASE):
        return False  # an amount, not a choice among candidates
    if any(p.search(text) for p in (_PHRASES, _CHOICE_TO, _HYPOTHETICAL, _POSSIBLE,
                                    _ALLOTTED, _WE_DO)):
        return True
    hindsight = re.sub(r"\b(?:should|ought\s+to)\s+have\b", " ", text, flags=re.IGNORECASE)
    return any(_advice(word) for word in _WORD.findall(hindsight.lower()))


@lru_cache(maxsize=4096)
def _advice(word: str) -> bool:
    """`word` is one of `_ADVICE`, or one typing slip from one of its longer words."""
    if word in _ADVICE:
        return True
    if len(word) < 5 or word in _WORDS_NOT_SLIPS:
        return False
    return any(len(known) >= 6 and _one_slip(word, known) for known in _ADVICE)


def _one_slip(a: str, b: str) -> bool:
    """`a` and `b` differ by one letter left out, added, replaced, or two letters swapped."""
    if abs(len(a) - len(b)) > 1 or a == b:
        return False
    if len(a) == len(b):
        diff = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
        return len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1
                                  and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]])
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    i = next((k for k in range(len(short)) if short[k] != long_[k]), len(short))
    return short[i:] == long_[i + 1:]
