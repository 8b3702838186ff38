"""`planrag eval --compare RUN_A RUN_B`: whether one evaluation run beats another.

A person who ran `planrag eval` twice (say `planrag` and `iterrag` on their model) wants to
know whether the difference in accuracy is more than the luck of which questions were asked.
This module reads the two output folders (`results.jsonl`, and `run.json` when the run wrote
one) and, for each database form both runs hold (relational, graph) and for the average of
the two (the paper's Table 4 cell), gives for each score (exact, normalised, tie-aware):

* each run's accuracy with its own 95% interval (Wilson's score interval; for the average,
  which is not one proportion, the bootstrap's percentiles);
* the difference B − A in points, with a 95% interval:
  - when the runs answered some of the same questions (matched by id and form), a paired
    bootstrap over those questions only: pairing removes the questions' own difficulty from
    the comparison, which makes it far sharper than treating the runs as independent;
  - when they share none, Newcombe's interval for two independent proportions, built from
    the two Wilson intervals (it stays inside [-100, 100] and behaves near 0% and 100%,
    where the textbook normal interval does not);
* one verdict: "B is better" or "A is better" when the interval excludes 0, else "no clear
  difference at 95%".

Resampling uses a fixed seed, so the same two folders always print the same figures. Only
the standard library is used: the figures are sums and square roots.

Older results lack `target` and `form` (they are relational, the target unknown) and may lack
`correct_normalised` and `correct_tie_aware` (then `correct` stands for them, as in
`planrag.evaluation.EvalResult`).
"""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from statistics import NormalDist
from typing import Any

from planrag.errors import DatasetError
from planrag.utf8 import read_text_file

__all__ = [
    "BETTER_A",
    "BETTER_B",
    "SCORES",
    "UNCLEAR",
    "Accuracy",
    "Cell",
    "Comparison",
    "Run",
    "ScoreComparison",
    "compare_runs",
    "newcombe_interval",
    "read_run",
    "wilson_interval",
]

CONFIDENCE = 0.95
RESAMPLES = 10_000
SEED = 1998
"""The bootstrap's seed: fixed, so a comparison prints the same figures every time."""

SCORES = ("exact", "normalised", "tie_aware")
"""The three scores of `planrag eval`, as keys (`tie_aware` is shown as "tie-aware")."""
_SCORE_FIELDS = {"exact": "correct", "normalised": "correct_normalised",
                 "tie_aware": "correct_tie_aware"}
FORMS = ("relational", "graph")
AVERAGE = "average"
_LIKE_FOR_LIKE = ("scenario", "protocol", "model")
"""What must be the same for a difference to be the techniques' (or prompts') own."""

FEW_APART = 10
"""Fewer questions than this on which paired runs differ make a verdict a hint only."""

BETTER_B = "B is better"
BETTER_A = "A is better"
UNCLEAR = "no clear difference at 95%"


# -- intervals


def _z(confidence: float) -> float:
    return NormalDist().inv_cdf(0.5 + confidence / 2)


def wilson_interval(correct: int, n: int, confidence: float = CONFIDENCE) -> tuple[float, float]:
    """Wilson's score interval for `correct` out of `n`, as fractions (0 to 1).

    Chosen over the textbook `p ± z·sqrt(p(1-p)/n)` because that one collapses to a single
    point at 0/n and n/n and spills below 0 or above 1 near them; evaluation runs of a few
    dozen questions land there often."""
    if n <= 0:
        raise ValueError("a proportion needs at least one question")
    if not 0 <= correct <= n:
        raise ValueError(f"{correct} correct out of {n} is not a proportion")
    z = _z(confidence)
    p = correct / n
    shrink = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / shrink
    half = z / shrink * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    # At 0/n and n/n one end is exactly 0 or 1 in theory; rounding must not move it.
    low = 0.0 if correct == 0 else max(0.0, centre - half)
    high = 1.0 if correct == n else min(1.0, centre + half)
    return low, high


def newcombe_interval(
    correct_a: int, n_a: int, correct_b: int, n_b: int, confidence: float = CONFIDENCE
) -> tuple[float, float]:
    """Newcombe's hybrid score interval (his method 10, 1998) for p_B − p_A of two
    independent proportions, as fractions: each side of the difference is widened by the
    distances from each proportion to its own Wilson interval's ends."""
    p_a, p_b = correct_a / n_a, correct_b / n_b
    low_a, high_a = wilson_interval(correct_a, n_a, confidence)
    low_b, high_b = wilson_interval(correct_b, n_b, confidence)
    difference = p_b - p_a
    low = difference - math.sqrt((p_b - low_b) ** 2 + (high_a - p_a) ** 2)
    high = difference + math.sqrt((high_b - p_b) ** 2 + (p_a - low_a) ** 2)
    return max(-1.0, low), min(1.0, high)


def _percentile(ordered: list[float], q: float) -> float:
    """The `q` quantile of sorted values, interpolating between the two nearest."""
    position = q * (len(ordered) - 1)
    below = math.floor(position)
    above = min(below + 1, len(ordered) - 1)
    return ordered[below] + (ordered[above] - ordered[below]) * (position - below)


def _verdict(low: float, high: float) -> str:
    if low > 0:
        return BETTER_B
    if high < 0:
        return BETTER_A
    return UNCLEAR


# -- reading a run


@dataclass(frozen=True)
class _Answer:
    """One results line: a question on one form, and whether each score counted it right."""

    id: str
    form: str
    target: str | None
    scores: tuple[bool, bool, bool]
    """Exact, normalised, tie-aware (in the order of `SCORES`)."""
    outcome: str | None


@dataclass(frozen=True)
class Run:
    """One `planrag eval` output folder, as read for a comparison."""

    folder: Path
    meta: Mapping[str, Any] | None
    """What run.json says (`scenario`, `technique`, `protocol`, `prompts`, `targets`,
    `model`, `questions`); None for older folders without one."""
    answers: Mapping[tuple[str, str], _Answer]
    """Each results line by (question id, form)."""

    def forms(self) -> list[str]:
        present = {form for _, form in self.answers}
        return [form for form in FORMS if form in present]

    def ids(self, form: str) -> set[str]:
        return {qid for qid, f in self.answers if f == form}

    def targets(self, form: str) -> list[str]:
        """The targets the lines of `form` name; empty when they name none (older runs)."""
        return sorted({a.target for a in self.answers.values()
                       if a.form == form and a.target is not None})

    def describe(self) -> str:
        """The run in one line: its folder, what run.json says, and its questions."""
        parts: list[str] = []
        if self.meta is not None:
            for key in ("technique", "model", "protocol", "prompts", "scenario"):
                if key in self.meta:
                    parts.append(f"{key} {self.meta[key]}")
        targets = list(self.meta.get("targets", [])) if self.meta else []
        if not targets:
            targets = sorted({t for form in self.forms() for t in self.targets(form)})
        parts.append(f"targets {', '.join(targets)}" if targets else "target unknown")
        if self.meta is None:
            parts.append("no run.json: technique, model, protocol and scenario unknown")
        counts = Counter(form for _, form in self.answers)
        questions = ", ".join(f"{form} {counts[form]}" for form in self.forms())
        outcomes = Counter(a.outcome for a in self.answers.values())
        unanswered = []
        if outcomes["failed"]:
            unanswered.append(f"{outcomes['failed']} failed")
        if outcomes["no_decision"]:
            unanswered.append(f"{outcomes['no_decision']} without a decision")
        tail = f" ({', '.join(unanswered)})" if unanswered else ""
        return f"{self.folder}: {'; '.join(parts)}; results: {questions}{tail}"

    def to_json(self) -> dict[str, Any]:
        counts = Counter(form for _, form in self.answers)
        return {
            "folder": str(self.folder),
            "run": dict(self.meta) if self.meta is not None else None,
            "questions": {form: counts[form] for form in self.forms()},
            "targets": {form: self.targets(form) or None for form in self.forms()},
            "outcomes": dict(Counter(a.outcome or "unknown" for a in self.answers.values())),
        }


def read_run(folder: Path) -> Run:
    """The run in `folder`; `DatasetError`, in one line saying what to do, when the folder
    or its results cannot be read as a `planrag eval` run."""
    if not folder.exists():
        raise DatasetError(f"{folder}: no such folder; give the output folder of a "
                           "`planrag eval` run (the one holding results.jsonl)")
    if not folder.is_dir():
        raise DatasetError(f"{folder} is a file; give the output folder of a `planrag eval` "
                           "run (the one holding results.jsonl)")
    results = folder / "results.jsonl"
    if not results.is_file():
        raise DatasetError(f"{folder} has no results.jsonl; is it the output folder of a "
                           "`planrag eval` run that finished?")
    answers: dict[tuple[str, str], _Answer] = {}
    first_line: dict[tuple[str, str], int] = {}
    text = read_text_file(results, "results file")
    # Split on newlines only: `splitlines` also breaks at characters such as U+2028 that
    # JSON allows unescaped inside a string, which would cut a line in two.
    for number, raw in enumerate(text.split("\n"), start=1):
        if not raw.strip():
            continue
        answer = _answer(_json_line(raw, f"{results}:{number}"), f"{results}:{number}")
        key = (answer.id, answer.form)
        if key in answers:
            raise DatasetError(
                f"{results}:{number}: question {answer.id!r} ({answer.form}) is there already "
                f"(line {first_line[key]}); keep one line per question and form"
            )
        answers[key] = answer
        first_line[key] = number
    if not answers:
        raise DatasetError(f"{results} is empty: the run recorded no question; compare a "
                           "run that answered some")
    return Run(folder, _meta(folder / "run.json"), answers)


def _json_line(raw: str, where: str) -> Any:
    try:
        return json.loads(raw)
    except json.JSONDecodeError as exc:
        raise DatasetError(f"{where}: not valid JSON ({exc.msg}); fix or remove the "
                           "line") from None
    except (ValueError, RecursionError):  # a number too long, or nesting too deep
        raise DatasetError(f"{where}: cannot be read as JSON; fix or remove the line") from None


def _answer(obj: Any, where: str) -> _Answer:
    if not isinstance(obj, dict):
        raise DatasetError(f"{where}: expected a JSON object (one question's result)")
    if "id" not in obj:
        raise DatasetError(f"{where}: no question `id`; each line needs the id of its "
                           "question")
    qid = obj["id"]
    if isinstance(qid, bool) or not isinstance(qid, str | int) or qid == "":
        raise DatasetError(f"{where}: `id` must name the question (e.g. locating-12), not "
                           f"{qid!r}")
    if "correct" not in obj:
        raise DatasetError(f"{where}: no `correct`; each line needs whether the decision "
                           "was right (true or false)")
    scores = []
    for score in SCORES:
        field = _SCORE_FIELDS[score]
        value = obj.get(field, obj["correct"])
        if not isinstance(value, bool):
            raise DatasetError(f"{where}: `{field}` must be true or false, not {value!r}")
        scores.append(value)
    form = obj.get("form", "relational")
    if form not in FORMS:
        raise DatasetError(f"{where}: `form` must be relational or graph, not {form!r}")
    target = obj.get("target")
    if target is not None and not isinstance(target, str):
        raise DatasetError(f"{where}: `target` must be a name such as mariadb, not "
                           f"{target!r}")
    outcome = obj.get("outcome")
    return _Answer(str(qid), form, target, (scores[0], scores[1], scores[2]),
                   outcome if isinstance(outcome, str) else None)


def _meta(path: Path) -> dict[str, Any] | None:
    """run.json's fields that have the expected type; the rest are unknown rather than
    errors, since a comparison does not depend on them (only its header and warnings)."""
    if not path.exists():
        return None
    try:
        obj = json.loads(read_text_file(path, "run file"))
    except json.JSONDecodeError as exc:
        raise DatasetError(f"{path}:{exc.lineno}: not valid JSON ({exc.msg}); fix the file "
                           "or remove it (the comparison then says less about the run)"
                           ) from None
    except (ValueError, RecursionError):
        raise DatasetError(f"{path}: cannot be read as JSON; fix the file or remove it"
                           ) from None
    if not isinstance(obj, dict):
        raise DatasetError(f"{path}: expected a JSON object describing the run; fix the "
                           "file or remove it")
    meta: dict[str, Any] = {}
    for key in ("scenario", "technique", "protocol", "prompts", "model"):
        if isinstance(obj.get(key), str) and obj[key]:
            meta[key] = obj[key]
    targets = obj.get("targets")
    if isinstance(targets, list) and all(isinstance(t, str) for t in targets):
        meta["targets"] = list(targets)
    questions = obj.get("questions")
    if isinstance(questions, int) and not isinstance(questions, bool):
        meta["questions"] = questions
    return meta


# -- the comparison


@dataclass(frozen=True)
class Accuracy:
    """One run's accuracy on one cell and score, in percent, with its own 95% interval."""

    percent: float
    low: float
    high: float
    correct: int | None
    """Questions counted right; None for the average of two forms (not one count)."""
    questions: int | None
    interval: str
    """"Wilson" or "bootstrap" (the average's percentiles)."""

    def to_json(self) -> dict[str, Any]:
        return {"accuracy": _round(self.percent), "low": _round(self.low),
                "high": _round(self.high), "correct": self.correct,
                "questions": self.questions, "interval": self.interval}


@dataclass(frozen=True)
class ScoreComparison:
    """A against B on one score of one cell: the difference B − A in points and its 95%
    interval."""

    score: str
    a: Accuracy
    b: Accuracy
    difference: float
    low: float
    high: float
    apart: tuple[int, int] | None = None
    """When paired: the questions only B got right, and those only A got right (the
    others say nothing about which is better; for the average, the two forms' counts
    added); None when the runs are not paired."""

    @property
    def verdict(self) -> str:
        return _verdict(self.low, self.high)

    @property
    def few_apart(self) -> bool:
        """Whether the runs differ on so few questions that the bootstrap's verdict is a
        hint only: with under `FEW_APART` of them, all one way, its percentile interval
        can exclude 0 where an exact test (McNemar's) would not (4 to 0 is called, but
        has p = 0.125)."""
        return self.apart is not None and 0 < sum(self.apart) < FEW_APART

    def to_json(self) -> dict[str, Any]:
        apart = ({"only_b_right": self.apart[0], "only_a_right": self.apart[1]}
                 if self.apart is not None else {})
        return {"a": self.a.to_json(), "b": self.b.to_json(),
                "difference": _round(self.difference), "low": _round(self.low),
                "high": _round(self.high), "verdict": self.verdict, **apart}


@dataclass(frozen=True)
class Cell:
    """One form (or the average of both) compared on every score."""

    name: str
    """"relational", "graph" or "average"."""
    method: str
    """How the difference's interval was made: "paired bootstrap", "Newcombe" or
    "bootstrap of each run" (an average whose forms are not all paired)."""
    shared: int
    """Questions both runs answered on this form (for the average: the question ids paired
    on either form); 0 when nothing is paired."""
    only_a: int
    """A's answers left out of a paired comparison because B has no answer to pair them
    with (for the average: the forms' together); B's below. Unpaired comparisons use every
    answer, so they leave none out."""
    only_b: int
    scores: tuple[ScoreComparison, ...]
    targets_a: tuple[str, ...] = ()
    targets_b: tuple[str, ...] = ()

    def score(self, name: str) -> ScoreComparison:
        return next(s for s in self.scores if s.score == name)

    def title(self) -> str:
        if self.name == AVERAGE:
            title = "average of relational and graph (the paper's Table 4 cell)"
        else:
            title = (f"{self.name} (A on {_names(self.targets_a)}, "
                     f"B on {_names(self.targets_b)})")
        what = " answers" if self.name == AVERAGE else ""
        if self.only_a or self.only_b:
            left = f"left out {self.only_a}{what} only in A and {self.only_b} only in B"
        else:
            left = "none left out"
        if self.method == "paired bootstrap":
            paired = "question ids" if self.name == AVERAGE else "shared questions"
            return f"{title}: paired on {self.shared} {paired}, {left}"
        if self.method == "Newcombe":
            return f"{title}: no shared questions, so compared as independent samples"
        return (f"{title}: a form without shared questions, so each run resampled on its "
                f"own; {left}")

    def to_json(self) -> dict[str, Any]:
        return {
            "cell": self.name,
            "method": self.method,
            "shared": self.shared,
            "only_a": self.only_a,
            "only_b": self.only_b,
            "targets": {"a": list(self.targets_a) or None, "b": list(self.targets_b) or None},
            "scores": {s.score: s.to_json() for s in self.scores},
        }


@dataclass(frozen=True)
class Comparison:
    """Two runs compared cell by cell: what `planrag eval --compare` prints."""

    a: Run
    b: Run
    cells: tuple[Cell, ...]
    warnings: tuple[str, ...]
    """Lines saying why the comparison may not be like for like."""
    notes: tuple[str, ...]
    """Lines saying what was not compared, and why."""
    resamples: int
    seed: int

    def cell(self, name: str) -> Cell:
        return next(c for c in self.cells if c.name == name)

    def text(self) -> str:
        lines = ["Comparing two `planrag eval` runs: B − A in points, with 95% intervals",
                 f"A: {self.a.describe()}", f"B: {self.b.describe()}"]
        lines += [f"warning: {w}" for w in self.warnings]
        lines += [f"note: {n}" for n in self.notes]
        header = (f"  {'score':<11}{'A':<23}{'B':<23}{'B − A':>7}  "
                  f"{'95% interval':<17}verdict")
        for cell in self.cells:
            lines += ["", cell.title(), header]
            for s in cell.scores:
                interval = f"[{s.low:+.1f}, {s.high:+.1f}]"
                lines.append(
                    f"  {s.score.replace('_', '-'):<11}{_shown(s.a):<23}{_shown(s.b):<23}"
                    f"{s.difference:>+7.1f}  {interval:<17}{s.verdict}"
                )
            few = [s for s in cell.scores if s.few_apart and s.apart is not None]
            if few:
                counts = "; ".join(f"{s.score.replace('_', '-')}: {s.apart[0]} only B got "
                                   f"right, {s.apart[1]} only A" for s in few if s.apart)
                lines.append(f"  few questions tell the runs apart ({counts}): too few for "
                             "the bootstrap to be sure, so take a verdict there as a hint")
        lines += [
            "",
            "Each run's interval is Wilson's score interval (the average's: bootstrap "
            "percentiles). The difference's is a paired bootstrap over the shared questions "
            f"({self.resamples:,} resamples, seed {self.seed}), or Newcombe's score interval "
            "when the runs share none.",
        ]
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        return {
            "a": self.a.to_json(),
            "b": self.b.to_json(),
            "warnings": list(self.warnings),
            "notes": list(self.notes),
            "confidence": CONFIDENCE,
            "resamples": self.resamples,
            "seed": self.seed,
            "cells": [cell.to_json() for cell in self.cells],
        }


def _shown(accuracy: Accuracy) -> str:
    return f"{accuracy.percent:.1f}% [{accuracy.low:.1f}, {accuracy.high:.1f}]"


def _names(targets: Iterable[str]) -> str:
    return "+".join(targets) or "unknown target"


def _round(value: float) -> float:
    return round(value, 3)


def compare_runs(
    run_a: Path, run_b: Path, *, resamples: int = RESAMPLES, seed: int = SEED
) -> Comparison:
    """Compare the `planrag eval` output folders `run_a` and `run_b` (see the module's
    docstring); `DatasetError` in one line when either cannot be read or they have no form
    in common."""
    if resamples < 100:
        raise ValueError("a bootstrap needs at least 100 resamples")
    a, b = read_run(run_a), read_run(run_b)
    forms = [form for form in a.forms() if form in b.forms()]
    if not forms:
        raise DatasetError(
            f"the runs share no database form: A ({run_a}) has {' and '.join(a.forms())} "
            f"results, B ({run_b}) {' and '.join(b.forms())}; compare runs on the same form"
        )
    cells = [_form_cell(a, b, form, resamples, f"{seed}:{form}") for form in forms]
    notes: list[str] = []
    if len(forms) == len(FORMS):  # both runs hold both forms
        cells.append(_average_cell(a, b, cells, resamples, f"{seed}:{AVERAGE}"))
    else:
        for run, name in ((a, "A"), (b, "B")):
            missing = [form for form in FORMS if form not in run.forms()]
            if missing:
                notes.append(f"{name} has no {' or '.join(missing)} results, so the "
                             "average of the two forms (the paper's Table 4 cell) is not given")
    return Comparison(a, b, tuple(cells), tuple(_warnings(a, b)), tuple(notes), resamples, seed)


def _warnings(a: Run, b: Run) -> list[str]:
    if a.meta is None or b.meta is None:
        without = " and ".join(name for run, name in ((a, "A"), (b, "B")) if run.meta is None)
        return [f"{without} without run.json: cannot check that both runs have the same "
                "scenario, protocol and model"]
    differ = [f"{key} ({a.meta[key]} vs {b.meta[key]})" for key in _LIKE_FOR_LIKE
              if key in a.meta and key in b.meta and a.meta[key] != b.meta[key]]
    if not differ:
        return []
    return [f"the runs differ in {', '.join(differ)}: the comparison is not like for like"]


def _counts(run: Run, form: str, ids: Iterable[str]) -> tuple[int, list[int]]:
    """How many of `ids` there are, and how many of them each score counts right."""
    chosen = [run.answers[(qid, form)] for qid in ids]
    return len(chosen), [sum(a.scores[i] for a in chosen) for i in range(len(SCORES))]


def _wilson_accuracy(correct: int, n: int) -> Accuracy:
    low, high = wilson_interval(correct, n)
    return Accuracy(100 * correct / n, 100 * low, 100 * high, correct, n, "Wilson")


def _form_cell(a: Run, b: Run, form: str, resamples: int, seed: str) -> Cell:
    ids_a, ids_b = a.ids(form), b.ids(form)
    shared = sorted(ids_a & ids_b)
    targets = {"targets_a": tuple(a.targets(form)), "targets_b": tuple(b.targets(form))}
    if not shared:
        n_a, right_a = _counts(a, form, ids_a)
        n_b, right_b = _counts(b, form, ids_b)
        scores = []
        for i, score in enumerate(SCORES):
            low, high = newcombe_interval(right_a[i], n_a, right_b[i], n_b)
            acc_a, acc_b = _wilson_accuracy(right_a[i], n_a), _wilson_accuracy(right_b[i], n_b)
            scores.append(ScoreComparison(score, acc_a, acc_b, acc_b.percent - acc_a.percent,
                                          100 * low, 100 * high))
        return Cell(form, "Newcombe", 0, 0, 0, tuple(scores), **targets)
    n, right_a = _counts(a, form, shared)
    _, right_b = _counts(b, form, shared)
    draw = _Draw.paired(a, b, {form: shared})
    resampled = draw.run(random.Random(seed), resamples)
    scores = []
    for i, score in enumerate(SCORES):
        acc_a, acc_b = _wilson_accuracy(right_a[i], n), _wilson_accuracy(right_b[i], n)
        low, high = _difference_interval(resampled, score)
        pairs = [(a.answers[(qid, form)].scores[i], b.answers[(qid, form)].scores[i])
                 for qid in shared]
        apart = (pairs.count((False, True)), pairs.count((True, False)))
        scores.append(ScoreComparison(score, acc_a, acc_b, acc_b.percent - acc_a.percent,
                                      low, high, apart))
    return Cell(form, "paired bootstrap", n, len(ids_a) - n, len(ids_b) - n, tuple(scores),
                **targets)


def _average_cell(a: Run, b: Run, cells: list[Cell], resamples: int, seed: str) -> Cell:
    """The average of the two forms' accuracies, each form over the questions its own cell
    used, so the figures are the mean of the cells above. When both forms pair their
    questions, question ids are resampled once for both runs and both forms (a question's
    two forms move together); otherwise each run's ids are resampled on their own."""
    per_form = {cell.name: cell for cell in cells}
    rng = random.Random(seed)
    if all(cell.method == "paired bootstrap" for cell in cells):
        chosen = {form: sorted(a.ids(form) & b.ids(form)) for form in FORMS}
        resampled = _Draw.paired(a, b, chosen).run(rng, resamples)
        method, shared = "paired bootstrap", len(set().union(*chosen.values()))
    else:
        def own(run: Run, other: Run, form: str) -> list[str]:
            paired = per_form[form].method == "paired bootstrap"
            return sorted(run.ids(form) & other.ids(form) if paired else run.ids(form))

        resampled = _Draw.single(a, "a", {f: own(a, b, f) for f in FORMS}).run(rng, resamples)
        resampled.update(
            _Draw.single(b, "b", {f: own(b, a, f) for f in FORMS}).run(rng, resamples))
        method, shared = "bootstrap of each run", 0
    scores = []
    for score in SCORES:
        mean_a = sum(per_form[f].score(score).a.percent for f in FORMS) / len(FORMS)
        mean_b = sum(per_form[f].score(score).b.percent for f in FORMS) / len(FORMS)
        acc = {}
        for run, mean in (("a", mean_a), ("b", mean_b)):
            ordered = sorted(resampled[(run, score)])
            acc[run] = Accuracy(mean, _percentile(ordered, (1 - CONFIDENCE) / 2),
                                _percentile(ordered, (1 + CONFIDENCE) / 2), None, None,
                                "bootstrap")
        low, high = _difference_interval(resampled, score)
        apart = None
        if method == "paired bootstrap":
            each = [per_form[f].score(score).apart or (0, 0) for f in FORMS]
            apart = (sum(x for x, _ in each), sum(y for _, y in each))
        scores.append(ScoreComparison(score, acc["a"], acc["b"], mean_b - mean_a, low, high,
                                      apart))
    only_a = sum(cell.only_a for cell in cells)
    only_b = sum(cell.only_b for cell in cells)
    return Cell(AVERAGE, method, shared, only_a, only_b, tuple(scores))


def _difference_interval(resampled: Mapping[tuple[str, str], list[float]], score: str
                         ) -> tuple[float, float]:
    """The percentile interval of B − A over resamples (A's and B's i-th resample paired)."""
    differences = sorted(b - a for a, b in zip(resampled[("a", score)],
                                               resampled[("b", score)], strict=True))
    return (_percentile(differences, (1 - CONFIDENCE) / 2),
            _percentile(differences, (1 + CONFIDENCE) / 2))


@dataclass(frozen=True)
class _Draw:
    """Question ids resampled together, and what each resample reads of them: which forms
    each id counts in, and where each (run, form, score) got it right.

    Each id's 0s and 1s are packed into one integer, a field per column, so that a
    resample's counts are one sum over the drawn ids' integers, unpacked field by field:
    one pass over the draw instead of one per column, which keeps 10,000 resamples of a few
    hundred questions well under a second."""

    ids: tuple[str, ...]
    columns: tuple[tuple[str, ...], ...]
    """("form", form) for the ids a form counts, then (run, form, score)."""
    packed: tuple[int, ...]
    width: int
    """Bits per field: enough for a column's sum over a whole draw."""

    @classmethod
    def paired(cls, a: Run, b: Run, chosen: Mapping[str, list[str]]) -> _Draw:
        """Both runs on the same draws: `chosen` gives each form's shared ids."""
        return cls._of({"a": a, "b": b}, chosen)

    @classmethod
    def single(cls, run: Run, name: str, chosen: Mapping[str, list[str]]) -> _Draw:
        return cls._of({name: run}, chosen)

    @classmethod
    def _of(cls, runs: Mapping[str, Run], chosen: Mapping[str, list[str]]) -> _Draw:
        ids = tuple(sorted(set().union(*chosen.values())))
        counted = {form: set(these) for form, these in chosen.items()}
        columns: list[tuple[str, ...]] = [("form", form) for form in counted]
        columns += [(name, form, score) for name in runs for form in counted
                    for score in SCORES]
        width = len(ids).bit_length()
        packed = []
        for qid in ids:
            bits = [qid in these for these in counted.values()]
            for run in runs.values():
                for form, these in counted.items():
                    answer = run.answers.get((qid, form)) if qid in these else None
                    bits += [answer is not None and answer.scores[i]
                             for i in range(len(SCORES))]
            packed.append(sum(int(bit) << (width * j) for j, bit in enumerate(bits)))
        return cls(ids, tuple(columns), tuple(packed), width)

    def run(self, rng: random.Random, resamples: int) -> dict[tuple[str, str], list[float]]:
        """Each run's accuracy (percent, averaged over the forms) per score, resample by
        resample. A resample that draws no id of some form is drawn again: a form's
        accuracy over no question means nothing (it happens only when a form holds few of
        the ids)."""
        mask = (1 << self.width) - 1
        fields = [(column, self.width * j) for j, column in enumerate(self.columns)]
        forms = [column[1] for column in self.columns if column[0] == "form"]
        out: dict[tuple[str, str], list[float]] = {
            (column[0], column[2]): [] for column in self.columns if column[0] != "form"}
        for _ in range(resamples):
            counts: dict[str, int] = {}
            while not counts or not all(counts.values()):
                total = sum(rng.choices(self.packed, k=len(self.packed)))
                counts = {column[1]: (total >> shift) & mask
                          for column, shift in fields[: len(forms)]}
            totals = dict.fromkeys(out, 0.0)
            for (name, form, score), shift in fields[len(forms):]:
                totals[(name, score)] += ((total >> shift) & mask) / counts[form]
            for key, value in totals.items():
                out[key].append(100 * value / len(forms))
        return out
