"""Fair use of a shared assistant: what one person may ask of it at once.

One person must not starve everyone else: a thousand messages, twenty questions at once or
a question of a million characters cost the model, the databases and the event loop that
every other person shares. Three limits, each said to the person in one line:

- a question longer than `PLANRAG_MAX_QUESTION_CHARS` is refused before anything runs (every
  front end, and the engine itself, check it);
- a person may have `PLANRAG_RUNS_PER_PERSON` things being done for them at once: questions
  being answered, and whatever else a front end does for them on a database or with a
  simulator (an MCP query, schema look-up or what-if, the chat's what-if); the next is
  refused, naming what they have running, until one finishes;
- a person may send `PLANRAG_MESSAGES_PER_MINUTE` messages a minute; more are refused, and
  the person is told once per minute, not once per message (telling costs too).

A person is whatever name a front end knows them by (`alice`, `slack:U0123`); the open chat
on this machine is one person. The rate and the length are counted in the process; the places
at once are counted here and in the run store (`planrag.service.journal.Place`), so several
app processes sharing a store allow a person their places once between them.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Literal

from planrag.errors import LimitReached
from planrag.settings import Settings

__all__ = ["WINDOW_S", "Doing", "PersonLimits", "limits_for", "question_problem", "too_many"]

WINDOW_S = 60.0
"""The rate limit's window: messages are counted over the last minute."""

Doing = Literal["question", "query", "schema", "what-if", "datasets"]
"""What a person's place at once is held for; the refusal names what they have running."""
_WORDS: dict[str, tuple[str, str, str]] = {
    "question": ("question", "questions", "being answered"),
    "query": ("query", "queries", "running"),
    "schema": ("schema look-up", "schema look-ups", "running"),
    "what-if": ("what-if ranking", "what-if rankings", "running"),
    "datasets": ("dataset listing", "dataset listings", "running"),
}


def question_problem(question: str, most: int) -> str | None:
    """Why `question` is too long to be asked (one line), or None when it is not."""
    if len(question) <= most:
        return None
    return (f"this question is {len(question):,} characters long; the assistant takes "
            f"questions of up to {most:,}. Shorten it and ask again")


@dataclass
class PersonLimits:
    """The three limits for every person of one process."""

    runs: int
    per_minute: int
    max_chars: int
    clock: Callable[[], float] = time.monotonic
    _running: dict[str, list[Doing]] = field(default_factory=dict)
    _sent: dict[str, deque[float]] = field(default_factory=dict)
    _told: dict[str, float] = field(default_factory=dict)

    def check_question(self, question: str) -> None:
        """Refuse (LimitReached) a question too long to be asked."""
        problem = question_problem(question, self.max_chars)
        if problem is not None:
            raise LimitReached(problem)

    def message(self, person: str) -> bool | None:
        """Count a message from `person`: True when it may be handled; False when it is one
        too many and the person should be told (`too_fast`); None when it is one too many
        and they were told already this minute (drop it without a word)."""
        now = self.clock()
        sent = self._sent.get(person)
        if sent is None:
            self._forget_idle(now)
            sent = self._sent[person] = deque()
        while sent and sent[0] <= now - WINDOW_S:
            sent.popleft()
        if len(sent) < self.per_minute:
            sent.append(now)
            return True
        told = self._told.get(person)
        if told is not None and told > now - WINDOW_S:
            return None
        self._told[person] = now
        return False

    def too_fast(self, person: str) -> str:
        """What a person sending too fast is told (once a minute)."""
        wait = 1.0
        sent = self._sent.get(person)
        if sent:
            wait = max(1.0, sent[0] + WINDOW_S - self.clock())
        return (f"you are sending messages faster than {self.per_minute} a minute, the most "
                f"this assistant takes from one person; the ones sent in the next "
                f"{wait:.0f} seconds are ignored")

    @contextmanager
    def run(self, person: str, doing: Doing = "question") -> Iterator[None]:
        """Hold one of `person`'s places while something is done for them (`doing`: a
        question being answered, by default); LimitReached, naming what they have running,
        when they hold every place."""
        held = self._running.setdefault(person, [])
        if len(held) >= self.runs:
            raise LimitReached(too_many(held))
        held.append(doing)
        try:
            yield
        finally:
            held.remove(doing)
            if not held and self._running.get(person) is held:
                del self._running[person]

    def running(self, person: str) -> int:
        """How many places `person` holds now."""
        return len(self._running.get(person, ()))

    def _forget_idle(self, now: float) -> None:
        """Drop the counts of people silent for a minute, so a stream of new senders (Slack
        users, API clients) cannot grow the process without bound."""
        if len(self._sent) < 1024:
            return
        for person in [p for p, sent in self._sent.items()
                       if not sent or sent[-1] <= now - WINDOW_S]:
            del self._sent[person]
            self._told.pop(person, None)


def too_many(held: Sequence[str]) -> str:
    """What a person holding every place is told, `held` saying what each is for."""
    return (f"you already have {_running_words(held)}, the most at once; ask this again "
            "when one has finished")


def _running_words(held: Sequence[str]) -> str:
    """What a person has running, counted by kind in the order they began: "2 questions
    being answered", "1 question being answered and 1 query running"."""
    counts: dict[str, int] = {}
    for doing in held:
        counts[doing] = counts.get(doing, 0) + 1
    parts = []
    for doing, n in counts.items():
        one, many, state = _WORDS.get(doing, ("task", "tasks", "running"))
        parts.append(f"{n} {one if n == 1 else many} {state}")
    if not parts:
        return "as many things running as you may"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


_LIMITS: dict[tuple[int, int, int], PersonLimits] = {}


def limits_for(settings: Settings) -> PersonLimits:
    """The process's limits for these settings (one set of counts per process)."""
    key = (settings.runs_per_person, settings.messages_per_minute, settings.max_question_chars)
    if key not in _LIMITS:
        _LIMITS[key] = PersonLimits(*key)
    return _LIMITS[key]
