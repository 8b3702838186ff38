"""What a watch reads from a check, what is news, and how it is said.

A reading is the ranking cut to what a watch compares: the best decision, its value, the
runner-up and deciding nothing, and when the data was read. It is news when there is no
earlier post, when the best decision is another one than last posted, or when its margin
over the runner-up, or over deciding nothing, moved by more than the watch's share since
the last post (so a slow drift is said once it adds up, and a change is said once)."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Literal

from planrag.markup import escape
from planrag.present import quantity

__all__ = ["News", "Reading", "news", "words"]

News = Literal["first", "changed", "margin", "always", "failed", "recovered"]
_TOLERANCE = 1e-9


@dataclass(frozen=True)
class Reading:
    best: str
    best_label: str
    value: float
    runner_up: str | None
    runner_up_label: str | None
    runner_up_value: float | None
    baseline: float
    objective: str
    """`maximise` or `minimise`."""
    unit: str
    digits: int
    as_of: str | None
    """When a live database was read (UTC); None: a loaded copy, the same every time."""
    description: str
    candidates: int

    @classmethod
    def of(cls, result: Any, as_of: str | None) -> Reading | None:
        """The reading of a `SimulationResult`; None when it ranked nothing."""
        best = result.best
        if best is None:
            return None
        second = result.ranking[1] if len(result.ranking) > 1 else None
        return cls(str(best.decision), result.label(best.decision), float(best.value),
                   None if second is None else str(second.decision),
                   None if second is None else result.label(second.decision),
                   None if second is None else float(second.value),
                   float(result.baseline), str(result.objective), result.unit or "",
                   int(result.digits), as_of, result.description, len(result.ranking))

    @classmethod
    def from_json(cls, raw: Any) -> Reading | None:
        if not isinstance(raw, dict):
            return None
        try:
            return cls(**raw)
        except TypeError:  # written by another version: read as no earlier reading
            return None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    def _gain(self, other: float) -> float:
        """How much better the best is than `other`, the objective's way round."""
        return self.value - other if self.objective == "maximise" else other - self.value

    @property
    def lead(self) -> float | None:
        """The margin over the runner-up."""
        return None if self.runner_up_value is None else self._gain(self.runner_up_value)

    @property
    def over_nothing(self) -> float:
        return self._gain(self.baseline)

    def amount(self, value: float) -> str:
        return quantity(value, self.unit, self.digits)


def news(posted: Reading | None, now: Reading, when: str, share: float) -> News | None:
    """Why `now` is posted, against the reading last `posted`; None: it is not news."""
    if posted is None:
        return "first"
    if now.best != posted.best:
        return "changed"
    if _moved(posted.lead, now.lead, share) or _moved(posted.over_nothing, now.over_nothing,
                                                      share):
        return "margin"
    return "always" if when == "always" else None


def _moved(before: float | None, after: float | None, share: float) -> bool:
    if before is None or after is None:
        return (before is None) != (after is None)
    return abs(after - before) > max(share * abs(before), _TOLERANCE * max(1.0, abs(after)))


def words(kind: News, title: str, now: Reading | None, posted: Reading | None = None,
          failure: str | None = None, given: str = "") -> str:
    """The post, in Slack's mrkdwn (what the data or a manifest wrote is escaped); `given`:
    the parameters the check runs with, as people read them."""
    name = f"*{_esc(title)}*"
    if kind == "failed":
        return (f"The check of {name} failed: {_esc(failure or 'no reason given')}. I will say "
                "when it works again.")
    assert now is not None
    best = f"*{_esc(now.best_label)}* ({now.amount(now.value)})"
    if kind == "changed" and posted is not None:
        head = (f"The best decision for {name} changed: {best} now, was "
                f"*{_esc(posted.best_label)}* ({posted.amount(posted.value)}"
                f"{_as_of(posted, ', as of ')}).")
    elif kind == "margin" and posted is not None:
        head = f"The best decision for {name} is still {best}, but its lead moved."
    elif kind == "recovered":
        head = f"The check of {name} works again: the best decision is {best}."
    elif kind == "first":
        head = f"Watching {name}: the best decision is {best}."
    else:
        head = f"The best decision for {name} is still {best}."
    lines = [head, _margins(now, posted if kind == "margin" else None)]
    what = _esc(now.description)
    lines.append(f"{what[:1].upper()}{what[1:]}{f' ({_esc(given)})' if given else ''}; "
                 f"{now.candidates:,} candidates ranked{_as_of(now, ', as of ')}.")
    return "\n".join(line for line in lines if line)


def _margins(now: Reading, before: Reading | None) -> str:
    parts = []
    if now.lead is not None and now.runner_up_label is not None:
        was = (f" (was {now.amount(before.lead)})" if before is not None
               and before.lead is not None else "")
        parts.append(f"{now.amount(now.lead)}{was} ahead of {_esc(now.runner_up_label)}")
    gain = now.over_nothing
    was = f" (was {now.amount(abs(before.over_nothing))})" if before is not None else ""
    parts.append(f"{now.amount(abs(gain))}{was} {'ahead of' if gain >= 0 else 'behind'} "
                 "deciding nothing")
    text = "; ".join(parts)
    return text[:1].upper() + text[1:] + "."


def _as_of(reading: Reading, lead: str) -> str:
    return f"{lead}{reading.as_of}" if reading.as_of else ""


def _esc(text: str) -> str:
    return escape(text, "slack")
