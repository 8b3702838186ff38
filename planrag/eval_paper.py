"""The paper's Table 6 and Figures 5-6 with the paper's meanings (Section 5 of Lee, An and
Kim, NAACL 2024), computed from runs and their traces (`planrag.eval_traces`).

* Table 6: of the runs, how many queried *or calculated* each critical datum of the decision
  (Locating's Eq. 2: the incoming value IV and the total trading power TP_total of a node).
  Reading `ingoing` counts for IV, and so does a query that sums the `flow`s (the flows into
  a node are what IV adds up); reading `total_power` counts for TP_total, and so does a query
  that sums the countries' trading powers.
* Figure 5: the questions split by how many retrievals IterRAG made on them (single: one
  query sent, multiple: more), and every technique's accuracy on each group of that split.
* Figure 6: each run in one of the paper's failure categories CAN, MIS, DEEP, QUR, OTH (or
  correct), shares over all the runs (the paper's bars are of all questions).

How each is read from a trace, and where that differs from the paper's reading of its
transcripts by hand, is in docs/evaluation.md ("The paper's analyses").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from planrag.eval_traces import Run, TraceFacts

__all__ = [
    "CRITICAL_DATA",
    "FIGURE6_CATEGORIES",
    "SPLIT",
    "Critical",
    "critical_missed",
    "figure6_category",
    "figure6_table",
    "retrieval_table",
    "table6_paper",
]


@dataclass(frozen=True)
class Critical:
    """One datum a decision needs, and what in a trace shows the run had it."""

    name: str
    meaning: str
    read: tuple[str, ...]
    """Columns (or properties) whose reading gives it."""
    summed: tuple[str, ...] = ()
    """Columns whose sum in a query calculates it."""
    into_node: tuple[str, ...] = ()
    """Columns of the edges into a node whose values, read, are its parts (the model adds
    them up itself)."""

    def analysed(self, facts: TraceFacts) -> bool:
        return (any(facts.analysed(c) for c in self.read)
                or any(facts.summed(c) for c in self.summed)
                or any(facts.read_into_node(c) for c in self.into_node))


CRITICAL_DATA: Mapping[str, tuple[Critical, ...]] = MappingProxyType({
    "locating": (
        Critical("IV", "the incoming value", ("ingoing",), ("flow",), ("flow",)),
        Critical("TP_total", "the total trading power", ("total_power",),
                 ("calculated_trading_power", "base_trading_power")),
    ),
    "building": (
        Critical("current_output", "the goods' current supply", ("current_output",)),
        Critical("pop_demand", "the population's demand", ("pop_demand",)),
    ),
})
"""Per scenario, the critical data of Table 6. The paper's table is Locating's; Building's
row is this project's counterpart (its needed quantities, read by name)."""

FIGURE6_CATEGORIES = ("CAN", "MIS", "DEEP", "QUR", "OTH")
"""The paper's failure categories, in its order: candidate mistakes, missing data analysis,
deep reasoning mistakes, query generation errors, other."""
UNKNOWN = "unknown"
SPLIT = ("single", "multiple")
"""Figure 5's groups of questions, by IterRAG's retrievals: one, or more than one."""
SPLIT_BY = "iterrag"


def _share(part: int, whole: int) -> float | None:
    return 100.0 * part / whole if whole else None


def _accuracy(runs: Sequence[Run]) -> float | None:
    return _share(sum(1 for r in runs if r.exact), len(runs))


def critical_missed(run: Run, scenario: str) -> tuple[str, ...] | None:
    """The critical data the run neither queried nor calculated; None when its trace is
    unknown."""
    if run.facts is None:
        return None
    return tuple(c.name for c in CRITICAL_DATA[scenario] if not c.analysed(run.facts))


def table6_paper(runs: Sequence[Run], scenario: str) -> dict[str, Any]:
    """Table 6 for one scope: per critical datum, the runs that analysed it (queried or
    calculated) and the runs that missed it, of the runs whose trace was read."""
    known = [(r, critical_missed(r, scenario)) for r in runs if r.facts is not None]

    def count(datum: str | None) -> dict[str, Any]:
        missed = sum(1 for _, m in known if m and (datum is None or datum in m))
        return {"analysed": len(known) - missed, "share": _share(len(known) - missed,
                                                                   len(known)),
                "missed": missed, "missed_share": _share(missed, len(known))}

    return {"runs": len(known), "unknown": len(runs) - len(known),
            "critical": {**{c.name: count(c.name) for c in CRITICAL_DATA[scenario]},
                         "all": count(None)}}


def figure6_category(run: Run, scenario: str) -> str | None:
    """The paper's failure category of a run that is not correct (exact); None for a
    correct one. The first that applies: a run that failed (the model or the database
    stopped it) is OTH; an unknown trace is unknown; QUR when a query failed and the run
    then missed a critical datum or gave no decision; MIS when it missed one; OTH when it
    gave no decision; CAN when its decision is no candidate or the right one never came
    before it (in a query, a returned value or its rationale); DEEP otherwise: it had the
    data and the right candidate and still chose wrong."""
    if run.exact:
        return None
    if run.outcome == "failed":
        return "OTH"
    missed = critical_missed(run, scenario)
    if run.facts is None or missed is None:
        return UNKNOWN
    if run.facts.failed and (missed or run.outcome != "answered"):
        return "QUR"
    if missed:
        return "MIS"
    if run.outcome != "answered":
        return "OTH"
    if run.facts.not_a_candidate or (run.label and not run.facts.saw(run.label)):
        return "CAN"
    return "DEEP"


def figure6_table(runs: Sequence[Run], scenario: str) -> dict[str, Any]:
    """Figure 6 for one scope: each category's runs and their share of all the runs."""
    categories = [figure6_category(r, scenario) for r in runs]
    return {"questions": len(runs), "correct": categories.count(None),
            "categories": {c: {"runs": categories.count(c),
                               "share": _share(categories.count(c), len(runs))}
                           for c in (*FIGURE6_CATEGORIES, UNKNOWN)}}


_Key = tuple[str, str, str]
"""A question as Figure 5 matches it: scenario, id and database form."""


def _group(facts: TraceFacts | None) -> str:
    if facts is None:
        return UNKNOWN
    return {0: "none", 1: "single"}.get(facts.retrievals, "multiple")


def retrieval_table(split_by: Iterable[tuple[str, Run]],
                    techniques: Mapping[str, Iterable[tuple[str, Run]]],
                    forms: Sequence[str]) -> dict[str, Any]:
    """Figure 5: the questions of IterRAG's runs (`split_by`, each with its scenario) in
    groups by the retrievals IterRAG made on them, and each technique's accuracy (exact)
    on each group, per form and overall. A technique's run of a question IterRAG did not
    run, or whose IterRAG trace is unknown, is counted as `unsplit`."""
    groups: dict[_Key, str] = {(s, r.id, r.form): _group(r.facts) for s, r in split_by}
    ran = {name: [(s, r) for s, r in runs] for name, runs in techniques.items()}
    scopes = [*forms, "overall"]

    def in_scope(form: str, scope: str) -> bool:
        return scope in ("overall", form)

    out: dict[str, Any] = {"split_by": SPLIT_BY, "groups": list(SPLIT),
                           "techniques": list(ran)}
    for scope in scopes:
        counts = {g: sum(1 for (_, _, f), v in groups.items() if v == g and in_scope(f, scope))
                  for g in (*SPLIT, "none", UNKNOWN)}
        accuracy: dict[str, Any] = {}
        for name, runs in ran.items():
            mine = [(groups.get((s, r.id, r.form)), r) for s, r in runs
                    if in_scope(r.form, scope)]
            accuracy[name] = {
                **{g: {"runs": len(rs), "accuracy": _accuracy(rs)}
                   for g in SPLIT for rs in [[r for v, r in mine if v == g]]},
                "unsplit": sum(1 for v, _ in mine if v not in SPLIT)}
        out[scope] = {"questions": counts, "techniques": accuracy}
    return out


def retrieval_markdown(data: Mapping[str, Any], scopes: Sequence[str],
                       name: Callable[[str], str]) -> list[str]:
    """Figure 5's table: one row per technique and group, one column pair per scope."""
    header = "".join(f" {name(s)}: questions | {name(s)}: accuracy |" for s in scopes)
    out = [f"| technique | IterRAG's retrievals |{header}",
           "|---" * (2 + 2 * len(scopes)) + "|"]
    for technique in data["techniques"]:
        for group in SPLIT:
            cells = "".join(
                f" {data[s]['techniques'][technique][group]['runs']} | "
                f"{_pct(data[s]['techniques'][technique][group]['accuracy'])} |"
                for s in scopes)
            out.append(f"| {technique} | {group} |{cells}")
    out.append("")
    left = [f"{name(s)}: {data[s]['questions']['none']} with no retrieval, "
            f"{data[s]['questions'][UNKNOWN]} whose IterRAG trace is unknown"
            for s in scopes if s != "overall"
            and (data[s]["questions"]["none"] or data[s]["questions"][UNKNOWN])]
    if left:
        out += ["Questions in neither group: " + "; ".join(left) + ".", ""]
    return out


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}%"
