"""The PlanRAG paper's analyses of an evaluation, read from what `planrag eval` wrote.

`planrag eval` leaves, in its output folder, `results.jsonl` (one line per question and
database form) and each run's trace (`traces/...jsonl`, one event a line). `analyse` turns
those into the paper's tables and figures, so that a run of this project can be laid next to
the paper's numbers:

* Table 4: accuracy per form, the cell being the average of the relational and graph
  accuracies (as the paper's cell is), or one form's accuracy when only one ran;
* Table 5: accuracy per database form;
* Table 6: how often a run never analysed a quantity its decision needs (`NEEDED_QUANTITIES`);
* Table 7: accuracy by the number of re-plans (0, 1, 2, 3, 4, more than 4);
* Figure 5: single against multiple retrieval (runs with no, one, several successful queries);
* Figure 6: why the wrong runs were wrong, each in one category (`FAILURE_CATEGORIES`).

The module only reads: it never runs a question and never writes a file. `Analysis.to_json`
is what goes into `analysis.json` and `Analysis.markdown` the sections of `summary.md`; the
Markdown is rendered from the JSON, so the two cannot disagree. A trace that is missing, cut
short or holds a line that is not an event makes that run's trace-based figures unknown: the
run is left out of them, counted and named, and nothing stops.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from types import MappingProxyType
from typing import Any

from planrag.markup import escape

__all__ = [
    "FAILURE_CATEGORIES",
    "FORMS",
    "NEEDED_QUANTITIES",
    "REPLAN_BINS",
    "RETRIEVALS",
    "Analysis",
    "Run",
    "TraceFacts",
    "analyse",
    "trace_facts",
]

NEEDED_QUANTITIES: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "locating": ("ingoing", "total_power"),
    "building": ("current_output", "pop_demand"),
})
"""Per scenario, the quantities whose analysis the paper's Table 6 checks. The benchmark's
labels count each of them on top of the simulated state (ARCHITECTURE.md, "The DQA
scenarios": Locating's incoming value starts at the dumped `ingoing` and its total power adds
the dumped `total_power`; Building's demand adds `pop_demand` and its first supply the dumped
`current_output`), so a run that never read one cannot reach the label by computing. The
simulators read other columns too (levels, maximum supply and demand, powers, local values),
but every plan that gets anywhere reads those; adding them would make "missed at least one"
measure something other than the paper's table."""

FORMS = ("relational", "graph")
"""The database forms, in the order they are shown; a line without a form is relational
(the only form an evaluation ran before it could run both)."""
REPLAN_BINS = ("0", "1", "2", "3", "4", ">4")
"""The paper's Table 7 bins of re-plans per run."""
RETRIEVALS = ("none", "single", "multiple")
"""Figure 5: runs with no successful query, with exactly one, with more than one."""
FAILURE_CATEGORIES = ("no answer", "missed analysis", "query errors", "wrong candidate")
"""Figure 6, in priority order: a wrong run takes the first that applies."""
UNKNOWN = "unknown"
"""The category of a wrong run that answered and whose trace could not be read: whether it
missed an analysis cannot be told."""

_SCORES = ("exact", "normalised", "tie_aware")
"""The three scores of a line: `correct`, `correct_normalised`, `correct_tie_aware`."""
_SCORE_NAMES = {"exact": "exact", "normalised": "normalised", "tie_aware": "tie-aware"}
_ENDS = frozenset({"run_finished", "run_failed"})


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

    def analysed(self, quantity: str) -> bool:
        """A successful query names `quantity` as a whole word in any case (`n.ingoing`,
        `` `INGOING` `` and `'ingoing'` do, `ingoing_total` does not), or returned a column
        of that name (a `SELECT *` reads it without naming it)."""
        pattern = _whole_word(quantity)
        return any(pattern.search(text) for text in self.named)


def _whole_word(word: str) -> re.Pattern[str]:
    # Letters, digits and `_` continue a name in SQL and Cypher; anything else ends it.
    return re.compile(rf"(?<![0-9A-Za-z_]){re.escape(word)}(?![0-9A-Za-z_])", re.IGNORECASE)


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


def _read_trace(path: Path) -> TraceFacts:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise _Unreadable("no trace file") from None
    except UnicodeDecodeError:
        raise _Unreadable("the trace is not UTF-8 text") from None
    except OSError as exc:
        raise _Unreadable(f"the trace cannot be read: {exc.strerror or exc}") from None
    started: dict[str, str] = {}
    named: list[str] = []
    succeeded = failed = replans = 0
    last = ""
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        try:
            event = json.loads(raw)
        except ValueError:
            raise _Unreadable(f"line {number} of the trace is not JSON") from None
        if not isinstance(event, dict) or not isinstance(event.get("kind"), str):
            raise _Unreadable(f"line {number} of the trace is not an event")
        last = kind = event["kind"]
        if kind == "query_started":
            started[_text(event, "query_id", number)] = _text(event, "query", number)
        elif kind == "query_finished":
            query = started.pop(_text(event, "query_id", number), None)
            if query is not None:
                succeeded += 1
                columns = event.get("columns")
                names = columns if isinstance(columns, list) else []
                named += [query, *(c for c in names if isinstance(c, str))]
        elif kind in ("query_failed", "query_refused"):
            started.pop(_text(event, "query_id", number), None)
            failed += 1
        elif kind == "replan_proposed":
            replans += 1
    if last not in _ENDS:
        raise _Unreadable("the trace stops before the run's end (no run_finished or run_failed)")
    return TraceFacts(tuple(named), succeeded, failed, replans)


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
        if self.facts is None:
            return None
        return RETRIEVALS[min(self.facts.succeeded, 2)]

    @property
    def category(self) -> str | None:
        """The Figure 6 category of a run that is not correct (exact); None for a correct
        one."""
        if self.exact:
            return None
        if self.outcome != "answered":
            return "no answer"
        if self.facts is None or self.missed is None:
            return UNKNOWN
        if self.missed:
            return "missed analysis"
        if self.facts.failed:
            return "query errors"
        return "wrong candidate"


def analyse(lines: Iterable[Mapping[str, Any]], out_dir: Path, scenario: str) -> Analysis:
    """The paper's analyses of the `results.jsonl` lines of one evaluation of `scenario`
    (locating or building), reading each run's trace under `out_dir`. Raises `ValueError`,
    one line, for an unknown scenario or a line without the fields every evaluation
    writes; an unreadable trace is never an error."""
    if scenario not in NEEDED_QUANTITIES:
        raise ValueError(f"unknown scenario {scenario!r}: choose locating or building")
    needed = NEEDED_QUANTITIES[scenario]
    runs = tuple(_run(line, number, out_dir, needed)
                 for number, line in enumerate(lines, start=1))
    return Analysis(scenario, needed, runs)


def _run(line: Mapping[str, Any], number: int, out_dir: Path,
         needed: Sequence[str]) -> Run:
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
    )


def _safe(qid: str) -> str:
    """The file name `planrag eval` gives a question's trace (evaluation.py's `_safe`, which
    this module cannot import: evaluation.py imports this one)."""
    return "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in qid)[:100]


def _share(part: int, whole: int) -> float | None:
    return 100.0 * part / whole if whole else None


def _accuracy(runs: Sequence[Run], score: str = "exact") -> float | None:
    return _share(sum(1 for r in runs if r.score(score)), len(runs))


@dataclass(frozen=True)
class Analysis:
    """The analyses of one evaluation: its runs and what the paper's tables make of them."""

    scenario: str
    quantities: tuple[str, ...]
    runs: tuple[Run, ...]

    @property
    def forms(self) -> tuple[str, ...]:
        """Relational and graph, then any other form a line names, in the order met."""
        others = dict.fromkeys(r.form for r in self.runs if r.form not in FORMS)
        return FORMS + tuple(others)

    def _of(self, form: str) -> list[Run]:
        return [r for r in self.runs if r.form == form]

    def _scopes(self) -> list[tuple[str, list[Run]]]:
        return [(form, self._of(form)) for form in self.forms] + [("overall", list(self.runs))]

    def to_json(self) -> dict[str, Any]:
        """Everything as JSON-ready values (`analysis.json`). Shares are percentages, None
        where there is nothing to divide by; counts come with them."""
        return {
            "scenario": self.scenario,
            "quantities": list(self.quantities),
            "forms": {form: {"runs": len(runs),
                             "targets": sorted({r.target for r in runs if r.target})}
                      for form, runs in self._scopes()[:-1]},
            "unknown_traces": [{"id": r.id, "form": r.form, "trace": r.trace,
                                "reason": r.trace_problem}
                               for r in self.runs if r.facts is None],
            "table4": self._table4(),
            "table5": {form: self._table5_row(runs) for form, runs in self._scopes()[:-1]},
            "table6": {scope: self._table6(runs) for scope, runs in self._scopes()},
            "table7": {"bins": list(REPLAN_BINS),
                       **{scope: self._table7(runs) for scope, runs in self._scopes()}},
            "figure5": {scope: self._figure5(runs) for scope, runs in self._scopes()},
            "figure6": {"order": list(FAILURE_CATEGORIES),
                        **{scope: self._figure6(runs) for scope, runs in self._scopes()}},
        }

    def _table4(self) -> dict[str, Any]:
        ran = [form for form in self.forms if self._of(form)]
        if set(FORMS) <= set(ran) and len(ran) == 2:
            cell = "average of relational and graph"
        elif len(ran) == 1:
            cell = f"{ran[0]} only (one form, not the paper's average)"
        elif ran:
            cell = "average of " + ", ".join(ran)
        else:
            cell = "no runs"
        scores = {}
        for score in _SCORES:
            per_form = {form: _accuracy(self._of(form), score) for form in ran}
            values = [v for v in per_form.values() if v is not None]
            scores[score] = {**per_form,
                             "cell": sum(values) / len(values) if values else None}
        return {"forms": ran, "cell": cell, "scores": scores}

    @staticmethod
    def _table5_row(runs: Sequence[Run]) -> dict[str, Any]:
        return {"questions": len(runs),
                **{score: _accuracy(runs, score) for score in _SCORES},
                "answered": sum(1 for r in runs if r.outcome == "answered")}

    def _table6(self, runs: Sequence[Run]) -> dict[str, Any]:
        known = [r for r in runs if r.missed is not None]
        wrong = [r for r in known if r.answered_wrong]

        def missing(quantity: str | None) -> dict[str, Any]:
            def hit(r: Run) -> bool:
                return bool(r.missed) if quantity is None else quantity in (r.missed or ())
            m, w = sum(map(hit, known)), sum(map(hit, wrong))
            return {"runs": m, "share": _share(m, len(known)),
                    "answered_wrong": w, "answered_wrong_share": _share(w, len(wrong))}

        return {"runs": len(known), "answered_wrong": len(wrong),
                "unknown": len(runs) - len(known),
                "missed": {**{q: missing(q) for q in self.quantities},
                           "at_least_one": missing(None)}}

    @staticmethod
    def _table7(runs: Sequence[Run]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for i, name in enumerate(REPLAN_BINS):
            rows = [r for r in runs if r.replans is not None
                    and (r.replans == i if name != ">4" else r.replans > 4)]
            out[name] = {"questions": len(rows), "accuracy": _accuracy(rows)}
        out["unknown"] = sum(1 for r in runs if r.replans is None)
        return out

    @staticmethod
    def _figure5(runs: Sequence[Run]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for kind in RETRIEVALS:
            rows = [r for r in runs if r.retrieval == kind]
            out[kind] = {"runs": len(rows), "accuracy": _accuracy(rows)}
        out["unknown"] = sum(1 for r in runs if r.retrieval is None)
        return out

    @staticmethod
    def _figure6(runs: Sequence[Run]) -> dict[str, Any]:
        wrong = [r.category for r in runs if r.category is not None]
        return {"wrong": len(wrong),
                "categories": {c: {"runs": wrong.count(c), "share": _share(wrong.count(c),
                                                                         len(wrong))}
                               for c in (*FAILURE_CATEGORIES, UNKNOWN)}}

    def markdown(self) -> str:
        """The sections for `summary.md`, one heading per table or figure."""
        return _Markdown(self.to_json()).render()


class _Markdown:
    """`Analysis.to_json()` as Markdown sections (rendered from the JSON so both agree)."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self.forms: dict[str, dict[str, Any]] = data["forms"]
        self.ran = [form for form, facts in self.forms.items() if facts["runs"]]
        self.scopes = self.ran + (["overall"] if len(self.ran) > 1 else [])

    def render(self) -> str:
        out = [*self._table4(), *self._table5(), *self._table6(), *self._table7(),
               *self._figure5(), *self._figure6(), *self._unknown()]
        return "\n".join(out)

    def name(self, form: str) -> str:
        """A form with its targets, e.g. "relational (mariadb)"."""
        targets = [t for t in self.forms.get(form, {}).get("targets", []) if t != form]
        shown = escape(form, "markdown")  # the graph target is "graph": said once
        return f"{shown} ({escape(', '.join(targets), 'markdown')})" if targets else shown

    def absent(self) -> list[str]:
        """What is not shown: no runs at all, or a form that did not run."""
        if not self.ran:
            return ["No runs: nothing to analyse.", ""]
        missing = [form for form in FORMS if form not in self.ran]
        return [f"No {form} runs in this evaluation." for form in missing] + (
            [""] if missing else [])

    def nothing(self) -> list[str]:
        """What is not shown, said once a section: no runs at all (a form that did not run
        is said under Table 5 only, not again under every table)."""
        return [] if self.ran else ["No runs: nothing to analyse.", ""]

    def _unknown(self) -> list[str]:
        unknown = self.data["unknown_traces"]
        if not unknown:
            return []
        shown = "; ".join(f"{escape(u['id'], 'markdown')} ({escape(u['form'], 'markdown')}): "
                          f"{escape(u['reason'], 'markdown')}" for u in unknown[:10])
        more = f"; and {len(unknown) - 10} more" if len(unknown) > 10 else ""
        return ["## Unknown traces", "",
                f"{len(unknown)} run(s) whose trace could not be read are left out of the "
                "figures that rest on it (Table 6, Figures 5 and 6; Table 7 for a run that "
                f"failed): {shown}{more}.", ""]

    def _table4(self) -> list[str]:
        t4 = self.data["table4"]
        heading = ("## Table 4: accuracy, the cell as the average of relational and graph"
                   if t4["cell"] == "average of relational and graph"
                   else f"## Table 4: accuracy, {escape(t4['cell'], 'markdown')}")
        out = [heading, ""]
        if not t4["forms"]:
            return [*out, *self.absent()]
        out += [
            "Each form's accuracy is over its own questions; the paper's Table 4 cell is the "
            "average of the relational and graph accuracies."
            + ("" if len(t4["forms"]) == 2 and set(t4["forms"]) == set(FORMS) else
               " Here the cell is " + escape(t4["cell"], "markdown") + "."),
            "",
            "| score | " + " | ".join(self.name(f) for f in t4["forms"])
            + f" | cell: {escape(t4['cell'], 'markdown')} |",
            "|---" * (len(t4["forms"]) + 2) + "|",
        ]
        for score, values in t4["scores"].items():
            cells = [_pct(values[f]) for f in t4["forms"]] + [_pct(values["cell"])]
            out.append(f"| {_SCORE_NAMES[score]} | " + " | ".join(cells) + " |")
        return [*out, ""]

    def _table5(self) -> list[str]:
        out = ["## Table 5: accuracy per database form", "", *self.absent(),
               "| form | questions | exact | normalised | tie-aware | answered |",
               "|---|---|---|---|---|---|"]
        for form, row in self.data["table5"].items():
            out.append(f"| {self.name(form)} | {row['questions']} | {_pct(row['exact'])} | "
                       f"{_pct(row['normalised'])} | {_pct(row['tie_aware'])} | "
                       f"{row['answered']} |")
        return [*out, ""]

    def _table6(self) -> list[str]:
        quantities = ", ".join(self.data["quantities"])
        example = self.data["quantities"][0]
        out = [f"## Table 6: missed data analyses ({self.data['scenario']}: {quantities})", "",
               "A quantity is analysed in a run when a query that succeeded names it as a "
               f"whole word (any case; `n.{example}` counts, `{example}_x` does not) or "
               "returns a column of that name. Each cell: runs that missed it, of the runs "
               "whose trace was read.", "", *self.nothing()]
        if not self.ran:
            return out
        out += ["| form | quantity | runs missing it | answered-wrong runs missing it |",
                "|---|---|---|---|"]
        for scope in self.scopes:
            t6 = self.data["table6"][scope]
            for quantity, m in t6["missed"].items():
                shown = "at least one" if quantity == "at_least_one" else quantity
                every = _of(m["runs"], t6["runs"], m["share"])
                wrong = _of(m["answered_wrong"], t6["answered_wrong"],
                            m["answered_wrong_share"])
                out.append(f"| {self.name(scope)} | {shown} | {every} | {wrong} |")
        return [*out, "", *self._left_out("table6", "unknown")]

    def _table7(self) -> list[str]:
        out = ["## Table 7: accuracy by re-plans", "",
               "Re-plans per run in the paper's bins: how many questions, and their exact "
               "accuracy.", "", *self.nothing()]
        if not self.ran:
            return out
        out += self._wide("re-plans", "questions", "table7", REPLAN_BINS)
        return [*out, *self._left_out("table7", "unknown")]

    def _figure5(self) -> list[str]:
        out = ["## Figure 5: single against multiple retrieval", "",
               "Runs by their successful queries: none, single (one), multiple (more than "
               "one), and their exact accuracy.", "", *self.nothing()]
        if not self.ran:
            return out
        out += self._wide("retrieval", "runs", "figure5", RETRIEVALS)
        return [*out, *self._left_out("figure5", "unknown")]

    def _wide(self, first: str, count: str, key: str, rows: Sequence[str]) -> list[str]:
        header = "".join(f" {self.name(s)}: {count} | {self.name(s)}: accuracy |"
                         for s in self.scopes)
        out = [f"| {first} |{header}", "|---" * (1 + 2 * len(self.scopes)) + "|"]
        for row in rows:
            cells = "".join(f" {self.data[key][s][row][count]} | "
                            f"{_pct(self.data[key][s][row]['accuracy'])} |" for s in self.scopes)
            out.append(f"| {row} |{cells}")
        return [*out, ""]

    def _left_out(self, key: str, field: str) -> list[str]:
        counts = [(s, self.data[key][s][field]) for s in self.ran if self.data[key][s][field]]
        if not counts:
            return []
        return ["Left out, their trace unknown (see Unknown traces): " + ", ".join(
            f"{n} {self.name(s)}" for s, n in counts) + ".", ""]

    def _figure6(self) -> list[str]:
        out = ["## Figure 6: failure categories", "",
               "Each run that is not correct (exact) is in one category, the first that "
               "applies in this order: no answer (the run gave no decision), missed analysis "
               "(it missed at least one needed quantity), query errors (at least one query "
               "failed or was refused), wrong candidate (the analyses were there and the pick "
               "was still wrong). Shares are of the runs that are not correct.", "",
               *self.nothing()]
        if not self.ran:
            return out
        f6 = self.data["figure6"]
        categories = [*FAILURE_CATEGORIES]
        if any(f6[s]["categories"][UNKNOWN]["runs"] for s in self.scopes):
            categories.append(UNKNOWN)
        out += ["| category | " + " | ".join(self.name(s) for s in self.scopes) + " |",
                "|---" * (1 + len(self.scopes)) + "|"]
        for category in categories:
            shown = "unknown (trace unknown)" if category == UNKNOWN else category
            cells = [f6[s]["categories"][category] for s in self.scopes]
            out.append(f"| {shown} | " + " | ".join(
                f"{c['runs']} ({_pct(c['share'])})" for c in cells) + " |")
        out.append("| not correct | " + " | ".join(str(f6[s]["wrong"]) for s in self.scopes)
                   + " |")
        return [*out, ""]


def _pct(value: float | None) -> str:
    """A share as the evaluation summary writes it (one decimal and %), "-" for none."""
    return "-" if value is None else f"{value:.1f}%"


def _of(part: int, whole: int, share: float | None) -> str:
    return f"{part} of {whole} ({_pct(share)})" if whole else "-"
