"""What one evaluation run's trace says, for the paper's analyses (`planrag.eval_analysis`).

`planrag eval` writes each run's events to `traces/...jsonl`, one event a line. This module
reads one such file into `TraceFacts` (its queries, what they returned, its re-plans, the
simulator's rank of its decision, the technique it ran) and pairs it with its results line
as a `Run`. It only reads; a trace that is missing, cut short or holds a line that is not an
event is named with one line saying why and tells nothing.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

__all__ = ["RETRIEVALS", "Run", "TraceFacts", "read_run", "trace_facts", "whole_word"]

RETRIEVALS = ("none", "single", "multiple")
"""Figure 5: runs with no successful query, with exactly one, with more than one."""
_ENDS = frozenset({"run_finished", "run_failed"})


def whole_word(word: str) -> re.Pattern[str]:
    """`word` as a name of its own in SQL or Cypher, in any case: letters, digits and `_`
    continue a name; anything else ends it."""
    return re.compile(rf"(?<![0-9A-Za-z_]){re.escape(word)}(?![0-9A-Za-z_])", re.IGNORECASE)


@dataclass(frozen=True)
class TraceFacts:
    """What one run's trace says about its queries and re-plans."""

    named: tuple[str, ...]
    """The text of each successful query, and the names of the columns it returned: a query
    succeeded when its `query_started` is followed by a `query_finished` of the same id."""
    succeeded: int
    failed: int
    """Queries that failed or were refused."""
    replans: int
    """`replan_proposed` events: the engine counts a re-plan each time it proposes one, so
    this equals the run's `replans`, and is known for a run that failed too."""
    queries: tuple[str, ...] = ()
    """The text of each successful query, in order."""
    seen: tuple[str, ...] = ()
    """Every value a successful query returned to the model (its shown rows, as text), and
    the answer's rationale: what the run had before it decided."""
    rank: int | None = None
    """The simulator's rank of the run's decision (1 is the best); None when no check ran or
    the decision is not a candidate (`not_a_candidate` tells which)."""
    not_a_candidate: bool = False
    """A check ran and the decision is none of the question's candidates."""
    technique: str = ""
    """The technique `run_started` names (planrag, iterrag, ...); "" when it names none."""
    returned: tuple[tuple[str, ...], ...] = ()
    """The columns each successful query returned, in the order of `queries`."""

    @property
    def retrievals(self) -> int:
        """Queries the run sent to a database, whether they succeeded or not: the paper's
        retrievals (each `Action` on a database tool, its observation an error or not)."""
        return self.succeeded + self.failed

    def analysed(self, quantity: str) -> bool:
        """A successful query names `quantity` as a whole word in any case (`n.ingoing`,
        `` `INGOING` `` and `'ingoing'` do, `ingoing_total` does not), or returned a column
        of that name (a `SELECT *` reads it without naming it)."""
        pattern = whole_word(quantity)
        return any(pattern.search(text) for text in self.named)

    def summed(self, column: str) -> bool:
        """A successful query adds `column` up in the database: `SUM(flow)`, `sum(r.flow)`,
        `SUM(f.flow * 1.05)`, any case."""
        pattern = re.compile(rf"\bsum\s*\([^()]*?(?<![0-9A-Za-z_]){re.escape(column)}"
                             r"(?![0-9A-Za-z_])", re.IGNORECASE)
        return any(pattern.search(text) for text in self.queries)

    def read_into_node(self, column: str) -> bool:
        """A successful query returned `column` (a returned column names it: `flow`,
        `r.flow`) for the edges into a node picked by name: SQL's `dest` column, or a
        Cypher pattern into a node given by its properties (`]->(h {name: 'x'})`,
        `(h {name: 'x'})<-[`) or named in the `WHERE` (`]->(h) WHERE h.name = 'x'`)."""
        pattern = whole_word(column)
        return any(any(pattern.search(c) for c in columns) and _into_node(query)
                   for query, columns in zip(self.queries, self.returned, strict=False))

    def saw(self, value: str) -> bool:
        """`value` is a returned value, or a whole word of a successful query or of the
        answer's rationale (any case)."""
        wanted = value.strip().casefold()
        if not wanted:
            return False
        if any(text.strip().casefold() == wanted for text in self.seen):
            return True
        pattern = whole_word(value.strip())
        return any(pattern.search(text) for text in (*self.queries, *self.seen))


_DEST = whole_word("dest")
_INTO_GIVEN = re.compile(r"\]\s*->\s*\(\s*\w*\s*(?::\s*`?\w+`?\s*)?\{"
                         r"|\{[^{}]*\}\s*\)\s*<-\s*\[")
_INTO_VAR = re.compile(r"\]\s*->\s*\(\s*(\w+)")


def _into_node(query: str) -> bool:
    if _DEST.search(query) or _INTO_GIVEN.search(query):
        return True
    return any(re.search(rf"\b{re.escape(m.group(1))}\.name\s*(=|IN\b)", query, re.IGNORECASE)
               for m in _INTO_VAR.finditer(query))


class _Unreadable(Exception):
    """Why a trace tells nothing (one line)."""


def trace_facts(path: Path) -> TraceFacts:
    """The facts of the trace at `path`. Raises `ValueError` with one line saying why when
    the file is missing, unreadable, holds a line that is not an event, or stops before the
    run's end (`run_finished` or `run_failed`: `planrag eval` writes a trace once the run is
    over, so a trace without it was cut short)."""
    try:
        return _read_trace(path)
    except _Unreadable as exc:
        raise ValueError(str(exc)) from None


def _events(path: Path) -> list[tuple[int, dict[str, Any]]]:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise _Unreadable("no trace file") from None
    except UnicodeDecodeError:
        raise _Unreadable("the trace is not UTF-8 text") from None
    except OSError as exc:
        raise _Unreadable(f"the trace cannot be read: {exc.strerror or exc}") from None
    events = []
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        try:
            event = json.loads(raw)
        except ValueError:
            raise _Unreadable(f"line {number} of the trace is not JSON") from None
        if not isinstance(event, dict) or not isinstance(event.get("kind"), str):
            raise _Unreadable(f"line {number} of the trace is not an event")
        events.append((number, event))
    return events


def _read_trace(path: Path) -> TraceFacts:
    started: dict[str, str] = {}
    named: list[str] = []
    queries: list[str] = []
    returned: list[tuple[str, ...]] = []
    seen: list[str] = []
    succeeded = failed = replans = 0
    rank: int | None = None
    not_a_candidate = False
    technique = ""
    events = _events(path)
    for number, event in events:
        kind = event["kind"]
        if kind == "query_started":
            started[_text(event, "query_id", number)] = _text(event, "query", number)
        elif kind == "query_finished":
            query = started.pop(_text(event, "query_id", number), None)
            if query is not None:
                succeeded += 1
                names = [c for c in _list(event.get("columns")) if isinstance(c, str)]
                named += [query, *names]
                queries.append(query)
                returned.append(tuple(names))
                seen += [str(cell) for row in _list(event.get("preview"))
                         for cell in _list(row) if cell is not None]
        elif kind in ("query_failed", "query_refused"):
            started.pop(_text(event, "query_id", number), None)
            failed += 1
        elif kind == "replan_proposed":
            replans += 1
        elif kind == "answer_proposed" and isinstance(event.get("rationale"), str):
            seen.append(event["rationale"])
        elif kind == "simulator_checked":
            value = event.get("rank")
            rank = value if isinstance(value, int) and not isinstance(value, bool) else None
            not_a_candidate = rank is None
        elif kind == "run_started" and isinstance(event.get("technique"), str):
            technique = event["technique"]
    if not events or events[-1][1]["kind"] not in _ENDS:
        raise _Unreadable("the trace stops before the run's end (no run_finished or run_failed)")
    return TraceFacts(tuple(named), succeeded, failed, replans, tuple(queries), tuple(seen),
                      rank, not_a_candidate, technique, tuple(returned))


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _text(event: Mapping[str, Any], key: str, number: int) -> str:
    value = event.get(key)
    if not isinstance(value, str):
        raise _Unreadable(f"line {number} of the trace: {event['kind']} without its `{key}`")
    return value


@dataclass(frozen=True)
class Run:
    """One line of `results.jsonl` with what its trace says."""

    id: str
    form: str
    target: str
    """The database target (e.g. mariadb, neo4j); "" for a line that does not name one."""
    outcome: str
    """answered, no_decision or failed."""
    exact: bool
    normalised: bool
    tie_aware: bool
    reported_replans: int
    """The line's `replans` (0 for a run that failed: a failure carries no count)."""
    trace: str
    """The trace's path, relative to the output folder."""
    facts: TraceFacts | None
    """None when the trace could not be read (`trace_problem` says why)."""
    trace_problem: str
    missed: tuple[str, ...] | None
    """The needed quantities no successful query analysed; None when the trace is unknown."""
    label: str = ""
    """The question's right decision, as the line gives it ("" when it gives none)."""

    def score(self, name: str) -> bool:
        return {"exact": self.exact, "normalised": self.normalised,
                "tie_aware": self.tie_aware}[name]

    @property
    def answered_wrong(self) -> bool:
        return self.outcome == "answered" and not self.exact

    @property
    def replans(self) -> int | None:
        """From the trace when it was read; else the line's count, which a failed run lacks."""
        if self.facts is not None:
            return self.facts.replans
        return None if self.outcome == "failed" else self.reported_replans

    @property
    def retrieval(self) -> str | None:
        """This run's own successful queries: none, single or multiple (the earlier Figure 5,
        kept under `figure5`)."""
        if self.facts is None:
            return None
        return RETRIEVALS[min(self.facts.succeeded, 2)]

    @property
    def category(self) -> str | None:
        """The earlier Figure 6 category (kept under `figure6`) of a run that is not correct
        (exact); None for a correct one."""
        if self.exact:
            return None
        if self.outcome != "answered":
            return "no answer"
        if self.facts is None or self.missed is None:
            return "unknown"
        if self.missed:
            return "missed analysis"
        if self.facts.failed:
            return "query errors"
        return "wrong candidate"


def read_run(line: Mapping[str, Any], number: int, out_dir: Path,
             needed: Sequence[str]) -> Run:
    """Results line `number` with its trace under `out_dir`. Raises `ValueError`, one line,
    for a line without the fields every evaluation writes."""
    qid = line.get("id")
    exact = line.get("correct")
    replans = line.get("replans", 0)
    if not isinstance(qid, str) or not isinstance(exact, bool):
        raise ValueError(f"results line {number} has no `id` and `correct`: not a line of "
                         "planrag eval's results.jsonl")
    if not isinstance(replans, int) or isinstance(replans, bool) or replans < 0:
        raise ValueError(f"results line {number} ({qid}): `replans` must be a count")
    outcome = line.get("outcome")
    if outcome not in ("answered", "no_decision", "failed"):  # lines written before outcome
        outcome = "answered" if line.get("decision") is not None else "no_decision"
    trace = line.get("trace")
    if not isinstance(trace, str) or not trace:
        trace = f"traces/{_safe(qid)}.jsonl"
    facts: TraceFacts | None = None
    problem = ""
    relative = PurePosixPath(trace)
    if relative.is_absolute() or ".." in relative.parts:
        problem = "the trace's path leaves the output folder"
    else:
        try:
            facts = trace_facts(out_dir / relative)
        except ValueError as exc:
            problem = str(exc)
    label = line.get("label")
    return Run(
        id=qid,
        form=str(line.get("form") or "relational"),
        target=str(line.get("target") or ""),
        outcome=outcome,
        exact=exact,
        normalised=bool(line.get("correct_normalised", exact)),
        tie_aware=bool(line.get("correct_tie_aware", exact)),
        reported_replans=replans,
        trace=trace,
        facts=facts,
        trace_problem=problem,
        missed=None if facts is None else tuple(q for q in needed if not facts.analysed(q)),
        label="" if label is None else str(label),
    )


def _safe(qid: str) -> str:
    """The file name `planrag eval` gives a question's trace (evaluation.py's `_safe`, which
    this module cannot import: evaluation.py imports the analyses)."""
    return "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in qid)[:100]
