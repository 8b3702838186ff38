"""The PlanRAG paper's analyses of an evaluation, read from what `planrag eval` wrote.

`planrag eval` leaves, in its output folder, `results.jsonl` (one line per question and
database form) and each run's trace (`traces/...jsonl`, one event a line). `analyse` turns
those into the paper's tables and figures, so that a run of this project can be laid next to
the paper's numbers:

* Table 4: accuracy per form, the cell being the average of the relational and graph
  accuracies (as the paper's cell is), or one form's accuracy when only one ran;
* Table 5: accuracy per database form;
* Table 6 (`table6_paper`): how often a run queried or calculated each critical datum of the
  decision (`eval_paper.CRITICAL_DATA`: Locating's IV and TP_total);
* Table 7: accuracy by the number of re-plans (0, 1, 2, 3, 4, more than 4);
* Figure 5 (`figure5_paper`): the questions split by IterRAG's retrievals, single or
  multiple, and each technique's accuracy on them (`retrieval_split` lays several
  evaluations, IterRAG's among them, on that split);
* Figure 6 (`figure6_paper`): each run in one of the paper's categories CAN, MIS, DEEP, QUR,
  OTH, shares over all the runs.

The earlier readings stay in `analysis.json` under their keys (`table6`: quantities never
named by a query; `figure5`: runs by their own successful queries; `figure6`: wrong runs in
four categories); `summary.md` shows the paper's.

The module only reads: it never runs a question and never writes a file. `Analysis.to_json`
is what goes into `analysis.json` and `Analysis.markdown` the sections of `summary.md`; the
Markdown is rendered from the JSON, so the two cannot disagree. A trace that is missing, cut
short or holds a line that is not an event makes that run's trace-based figures unknown: the
run is left out of them, counted and named, and nothing stops.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any

from planrag import eval_paper
from planrag.eval_paper import CRITICAL_DATA, FIGURE6_CATEGORIES
from planrag.eval_traces import RETRIEVALS, Run, TraceFacts, read_run, trace_facts
from planrag.markup import escape

__all__ = [
    "CRITICAL_DATA",
    "FAILURE_CATEGORIES",
    "FIGURE6_CATEGORIES",
    "FORMS",
    "NEEDED_QUANTITIES",
    "REPLAN_BINS",
    "RETRIEVALS",
    "Analysis",
    "Run",
    "TraceFacts",
    "analyse",
    "retrieval_split",
    "trace_facts",
]

NEEDED_QUANTITIES: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "locating": ("ingoing", "total_power"),
    "building": ("current_output", "pop_demand"),
})
"""Per scenario, the quantities the earlier Table 6 (`table6`) checks by name. The benchmark's
labels count each of them on top of the simulated state (ARCHITECTURE.md, "The DQA
scenarios": Locating's incoming value starts at the dumped `ingoing` and its total power adds
the dumped `total_power`; Building's demand adds `pop_demand` and its first supply the dumped
`current_output`), so a run that never read one cannot reach the label by computing. The
simulators read other columns too (levels, maximum supply and demand, powers, local values),
but every plan that gets anywhere reads those; adding them would make "missed at least one"
measure something else. The paper's Table 6 (`table6_paper`) counts a datum calculated
from its parts too (`eval_paper.CRITICAL_DATA`)."""

FORMS = ("relational", "graph")
"""The database forms, in the order they are shown; a line without a form is relational
(the only form an evaluation ran before it could run both)."""
REPLAN_BINS = ("0", "1", "2", "3", "4", ">4")
"""The paper's Table 7 bins of re-plans per run."""
FAILURE_CATEGORIES = ("no answer", "missed analysis", "query errors", "wrong candidate")
"""The earlier Figure 6 (`figure6`), in priority order: a wrong run takes the first that
applies."""
UNKNOWN = "unknown"
"""The category of a wrong run that answered and whose trace could not be read: whether it
missed an analysis cannot be told."""

_SCORES = ("exact", "normalised", "tie_aware")
"""The three scores of a line: `correct`, `correct_normalised`, `correct_tie_aware`."""
_SCORE_NAMES = {"exact": "exact", "normalised": "normalised", "tie_aware": "tie-aware"}


def analyse(lines: Iterable[Mapping[str, Any]], out_dir: Path, scenario: str) -> Analysis:
    """The paper's analyses of the `results.jsonl` lines of one evaluation of `scenario`
    (locating or building), reading each run's trace under `out_dir`. Raises `ValueError`,
    one line, for an unknown scenario or a line without the fields every evaluation
    writes; an unreadable trace is never an error."""
    if scenario not in NEEDED_QUANTITIES:
        raise ValueError(f"unknown scenario {scenario!r}: choose locating or building")
    needed = NEEDED_QUANTITIES[scenario]
    runs = tuple(read_run(line, number, out_dir, needed)
                 for number, line in enumerate(lines, start=1))
    return Analysis(scenario, needed, runs)


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

    @property
    def technique(self) -> str:
        """The technique every readable trace names (`run_started`); "" when they name
        none or several."""
        named = {r.facts.technique for r in self.runs if r.facts is not None}
        return named.pop() if len(named) == 1 else ""

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
            "table6_paper": {"in_paper": self.scenario == "locating",
                             "critical": [c.name for c in CRITICAL_DATA[self.scenario]],
                             **{scope: eval_paper.table6_paper(runs, self.scenario)
                                for scope, runs in self._scopes()}},
            "table7": {"bins": list(REPLAN_BINS),
                       **{scope: self._table7(runs) for scope, runs in self._scopes()}},
            "figure5": {scope: self._figure5(runs) for scope, runs in self._scopes()},
            "figure5_paper": self._figure5_paper(),
            "figure6": {"order": list(FAILURE_CATEGORIES),
                        **{scope: self._figure6(runs) for scope, runs in self._scopes()}},
            "figure6_paper": {"order": list(FIGURE6_CATEGORIES),
                              **{scope: eval_paper.figure6_table(runs, self.scenario)
                                 for scope, runs in self._scopes()}},
        }

    def _figure5_paper(self) -> dict[str, Any]:
        """Split by this evaluation's own runs when it is IterRAG's; otherwise the split
        needs IterRAG's runs of the same questions (`retrieval_split`)."""
        if self.technique != eval_paper.SPLIT_BY:
            return {"split_by": None, "techniques": [],
                    "note": "the split is by IterRAG's runs of the same questions: lay "
                            "this evaluation beside an IterRAG one (retrieval_split)"}
        pairs = [(self.scenario, r) for r in self.runs]
        return eval_paper.retrieval_table(pairs, {self.technique: pairs}, self.forms)

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


def retrieval_split(iterrag: Sequence[Analysis],
                    techniques: Mapping[str, Sequence[Analysis]]) -> dict[str, Any]:
    """The paper's Figure 5 over several evaluations: the questions of the IterRAG
    evaluations (of one scenario or both, matched by scenario, id and form) split by
    IterRAG's retrievals on each, and the accuracy of every technique in `techniques` (its
    evaluations by name; IterRAG's own among them when it is to be shown) on each group."""
    forms = tuple(dict.fromkeys(f for a in (*iterrag, *(x for v in techniques.values()
                                                        for x in v)) for f in a.forms))
    return eval_paper.retrieval_table(
        [(a.scenario, r) for a in iterrag for r in a.runs],
        {name: [(a.scenario, r) for a in analyses for r in a.runs]
         for name, analyses in techniques.items()}, forms or FORMS)


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
        t6 = self.data["table6_paper"]
        scenario = self.data["scenario"]
        how = "; ".join(
            f"{c.name} ({c.meaning}) by reading `{'`, `'.join(c.read)}`"
            + (f", summing `{'` or `'.join(c.summed)}` in a query" if c.summed else "")
            + (f" or reading the `{'`, `'.join(c.into_node)}` of the edges into a node"
               if c.into_node else "")
            for c in CRITICAL_DATA[scenario])
        out = [f"## Table 6: critical data analysed ({scenario}: {', '.join(t6['critical'])})",
               "", "A run analysed a datum when a query that succeeded queried or calculated "
               f"it: {how}. Each cell: runs that analysed it, of the runs whose trace was "
               "read, and the runs that missed it."
               + ("" if t6["in_paper"] else " The paper's Table 6 is Locating's; this is "
                  "Building's counterpart."), "", *self.nothing()]
        if not self.ran:
            return out
        out += ["| form | critical data | analysed | missed |", "|---|---|---|---|"]
        for scope in self.scopes:
            row = t6[scope]
            for datum, m in row["critical"].items():
                shown = "all of them" if datum == "all" else escape(datum, "markdown")
                out.append(f"| {self.name(scope)} | {shown} | "
                           f"{_of(m['analysed'], row['runs'], m['share'])} | "
                           f"{_of(m['missed'], row['runs'], m['missed_share'])} |")
        return [*out, "", *self._left_out("table6_paper", "unknown")]

    def _table7(self) -> list[str]:
        out = ["## Table 7: accuracy by re-plans", "",
               "Re-plans per run in the paper's bins: how many questions, and their exact "
               "accuracy.", "", *self.nothing()]
        if not self.ran:
            return out
        out += self._wide("re-plans", "questions", "table7", REPLAN_BINS)
        return [*out, *self._left_out("table7", "unknown")]

    def _figure5(self) -> list[str]:
        f5 = self.data["figure5_paper"]
        out = ["## Figure 5: single against multiple retrieval", "",
               "The questions split by IterRAG's retrievals on them (queries sent, failed or "
               "not: single is one, multiple more than one), and the exact accuracy on each "
               "group.", "", *self.nothing()]
        if not self.ran:
            return out
        if f5["split_by"] is None:
            return [*out, "This evaluation is not IterRAG's: the split is by IterRAG's runs "
                          "of the same questions, laid beside it by "
                          "`eval_analysis.retrieval_split`.", ""]
        return [*out, *eval_paper.retrieval_markdown(f5, self.scopes, self.name)]

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
               "Each run that is not correct (exact) in one of the paper's categories, the "
               "first that applies: OTH for a run that failed; QUR (query generation errors) "
               "when a query failed and the run then missed critical data or gave no "
               "decision; MIS (missing data analysis) when it missed critical data; OTH when "
               "it gave no decision; CAN (candidate mistakes) when its decision is no "
               "candidate or the right one never came before it; DEEP (deep reasoning "
               "mistakes) otherwise. Shares are of all the runs.", "", *self.nothing()]
        if not self.ran:
            return out
        f6 = self.data["figure6_paper"]
        categories = [*FIGURE6_CATEGORIES]
        if any(f6[s]["categories"][UNKNOWN]["runs"] for s in self.scopes):
            categories.append(UNKNOWN)
        out += ["| category | " + " | ".join(self.name(s) for s in self.scopes) + " |",
                "|---" * (1 + len(self.scopes)) + "|"]
        for category in categories:
            shown = "unknown (trace unknown)" if category == UNKNOWN else category
            cells = [f6[s]["categories"][category] for s in self.scopes]
            out.append(f"| {shown} | " + " | ".join(
                f"{c['runs']} ({_pct(c['share'])})" for c in cells) + " |")
        for label, key in (("correct", "correct"), ("all runs", "questions")):
            out.append(f"| {label} | " + " | ".join(str(f6[s][key]) for s in self.scopes)
                       + " |")
        return [*out, ""]


def _pct(value: float | None) -> str:
    """A share as the evaluation summary writes it (one decimal and %), "-" for none."""
    return "-" if value is None else f"{value:.1f}%"


def _of(part: int, whole: int, share: float | None) -> str:
    return f"{part} of {whole} ({_pct(share)})" if whole else "-"
