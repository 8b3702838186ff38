"""A dataset's written decisions tried as a run would use them, for `planrag decision check`
and `planrag decision list`: each query checked on its database (`run.dry_run`), then every
candidate ranked with the parameters given, defaults for the rest (`run.rank_on`).

A decision fails its trial when it is broken as written, when a query is refused or fails,
or when it ranks no candidate (a run could check nothing with it); a database that cannot be
reached leaves it untried. Candidates left unranked while others rank are notes, not a
failure: they are said, counted and named."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from planrag.datasets import Dataset
from planrag.decisions.run import DryRun
from planrag.decisions.service import RankedDecision, check_decisions, rank_decision
from planrag.errors import PlanRAGError, SourceUnavailable
from planrag.present import quantity

__all__ = ["Trial", "check_lines", "list_entry", "list_lines", "try_decisions"]


@dataclass(frozen=True)
class Trial:
    """One decision's trial: why it fails, or why it could not be tried, or its ranking."""

    id: str
    error: str | None = None
    """Why it fails (one line): broken as written, a query refused or failing, or no
    candidate ranked."""
    untried: str | None = None
    """Why it could not be tried (its database cannot be reached)."""
    dry: DryRun | None = None
    ranked: RankedDecision | None = None

    @property
    def ok(self) -> bool:
        return self.error is None and self.untried is None

    def to_json(self) -> dict[str, Any]:
        """`planrag decision check --json`'s entry for this decision."""
        out: dict[str, Any] = {"id": self.id, "ok": self.ok}
        if self.dry is not None:
            out["dry_run_ms"] = {k: round(v * 1000, 2) for k, v in self.dry.seconds.items()}
        if self.ranked is not None:
            res = self.ranked.result
            out.update(
                ranked_ms=round(res.seconds * 1000, 2), candidates=len(res.ranking),
                baseline=res.baseline, data_as_of=self.ranked.as_of, notes=list(res.notes),
                first=[{"decision": c.decision, "label": res.label(c.decision),
                        "value": c.value} for c in res.ranking[:5]],
            )
        if not self.ok:
            out["error"] = self.error or f"not tried: {self.untried}"
        return out


async def try_decisions(
    settings: Any, dataset: Dataset, only: str | None = None,
    given: Mapping[str, Any] | None = None,
) -> list[Trial]:
    """Each decision of `dataset` (or only `only`) tried: a dry run, then a ranking with
    `given` parameters; the decisions broken as written after them, with their reasons."""
    trials: list[Trial] = []
    for dry in await check_decisions(settings, dataset, only):
        spec = dry.spec
        if not dry.ok:
            trials.append(Trial(spec.id, dry.error, dry.untried, dry))
            continue
        try:
            ranked = await rank_decision(settings, dataset, spec, given)
        except SourceUnavailable as exc:
            trials.append(Trial(spec.id, untried=str(exc), dry=dry))
        except PlanRAGError as exc:
            trials.append(Trial(spec.id, str(exc), dry=dry))
        else:
            trials.append(Trial(spec.id, ranked.nothing_ranked, dry=dry, ranked=ranked))
    trials += [Trial(spec_id, problem) for spec_id, problem in dataset.decision_problems.items()
               if only in (None, spec_id)]
    return trials


def check_lines(trials: Sequence[Trial]) -> list[str]:
    """`planrag decision check`'s report: per decision, ok with its timings, its first
    candidates and its notes, or BROKEN with the reason."""
    lines: list[str] = []
    for trial in trials:
        entry = trial.to_json()
        if not trial.ok:
            lines.append(f"{trial.id}: BROKEN: {entry['error']}")
            continue
        timings = ", ".join(f"{k} {v:g} ms" for k, v in entry["dry_run_ms"].items())
        lines.append(f"{trial.id}: ok (dry run: {timings}); ranked {entry['candidates']} "
                     f"candidates in {entry['ranked_ms']:g} ms"
                     + (f", data as of {entry['data_as_of']}" if entry["data_as_of"] else ""))
        result = trial.ranked.result if trial.ranked is not None else None
        unit, digits = (result.unit, result.digits) if result is not None else ("", 4)
        lines.append("  baseline (nothing decided): "
                     + quantity(entry["baseline"], unit, digits))
        for c in entry["first"]:
            label = f" ({c['label']})" if c["label"] != str(c["decision"]) else ""
            lines.append(f"  {c['decision']}{label}: {quantity(c['value'], unit, digits)}")
        lines += [f"  note: {note}" for note in entry["notes"]]
    return lines


def list_entry(dataset: Dataset, trial: Trial) -> dict[str, Any]:
    """`planrag decision list --json`'s row for a decision usable as written: what it is,
    and how its trial went (`ok`, and `error` or `untried`, or the candidates it ranks)."""
    spec = dataset.decision(trial.id)
    row: dict[str, Any] = {
        "id": spec.id, "title": spec.title, "goal": spec.goal.replace("is", "iz"),
        "objective": spec.description, "unit": spec.unit, "target": spec.target,
        "parameters": {p.name: p.default for p in spec.parameters}, "ok": trial.ok,
    }
    if trial.error is not None:
        row["error"] = trial.error
    if trial.untried is not None:
        row["untried"] = trial.untried
    if trial.ranked is not None:
        row["candidates"] = len(trial.ranked.result.ranking)
        row["notes"] = list(trial.ranked.result.notes)
    return row


def list_lines(rows: Sequence[Mapping[str, Any]], broken: Sequence[Mapping[str, Any]]
               ) -> list[str]:
    """`planrag decision list`'s report: a line per decision, then the line that says why
    one fails or could not be tried, and the candidates it leaves unranked."""
    lines: list[str] = []
    for r in rows:
        params = ", ".join(f"{k}={v}" for k, v in r["parameters"].items())
        lines.append(f"{r['id']:22} {r['title']} ({r['goal']} {r['objective']}"
                     f"{', ' + r['unit'] if r['unit'] else ''})"
                     f"{'; parameters: ' + params if params else ''}")
        if r.get("error"):  # its reason says what the notes would
            lines.append(f"{'':22} BROKEN: {r['error']}")
        elif r.get("untried"):
            lines.append(f"{'':22} not tried: {r['untried']}")
        else:
            lines += [f"{'':22} note: {note}" for note in r.get("notes", ())]
    lines += [f"{b['id']:22} BROKEN: {b['error']}" for b in broken]
    return lines
