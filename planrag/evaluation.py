"""`planrag eval`: the paper's experiment on DQA, with any model (or the scripted policy).

For each question of one scenario: load its database into the target (idempotent), run the
engine with the chosen technique (re-plans decided by a policy: batch runs have nobody to ask),
and record whether the decision equals the benchmark's answer, what the simulator verified,
and what the run cost. Writes, under the output folder:

* `results.jsonl`: one line per question (`id, label, decision, correct, verified_decision,
  verified_correct, replans, queries, refused, errors, llm_calls, prompt_tokens,
  completion_tokens, seconds, stop_reason`), also printed on stdout;
* `traces/<id>.jsonl`: every event of the run;
* `summary.md`: accuracy laid out like the paper's Table 4 and the re-plan histogram of its
  Table 7.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import statistics
import time
from collections import Counter
from collections.abc import Callable
from contextlib import AsyncExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from planrag.datasets import Dataset, Question, dataset_from_questions
from planrag.engine.events import Event, RunFailed, RunFinished, event_to_json
from planrag.engine.model import Model
from planrag.engine.session import engine_config, open_engine
from planrag.errors import DatasetError, PlanRAGError
from planrag.runtime import load_datasets, register
from planrag.settings import Settings

__all__ = ["EvalResult", "dqa_dataset", "run_eval"]

SIMULATORS = {"locating": "dqa-locating", "building": "dqa-building"}
PAPER_TABLE4 = {  # GPT-4, accuracy %, Locating / Building
    "singlerag": (30.5, 2.5),
    "iterrag": (48.5, 37.6),
    "planrag-norp": (53.5, 44.1),
    "planrag": (64.3, 45.0),
}


@dataclass
class EvalResult:
    lines: list[dict[str, Any]] = field(default_factory=list)
    out_dir: Path | None = None
    seconds: float = 0.0

    @property
    def accuracy(self) -> float:
        return _share(line["correct"] for line in self.lines)

    @property
    def verified_accuracy(self) -> float:
        return _share(line["verified_correct"] for line in self.lines)


def _share(values: Any) -> float:
    values = list(values)
    return 100.0 * sum(1 for v in values if v) / len(values) if values else 0.0


def dqa_dataset(dqa_dir: Path, scenario: str) -> Dataset:
    """The questions of `scenario` under `dqa_dir` (its `questions.jsonl`, or the one in its
    `scenario/` folder) as a dataset of their own."""
    if scenario not in SIMULATORS:
        raise DatasetError(f"unknown scenario {scenario!r}: choose locating or building")
    candidates = [dqa_dir / scenario / "questions.jsonl", dqa_dir / "questions.jsonl"]
    path = next((p for p in candidates if p.is_file()), None)
    if path is None:
        raise DatasetError(
            f"no questions.jsonl in {dqa_dir} or {dqa_dir / scenario}: give a folder in this "
            "project's DQA layout (see fixtures/dqa/README.md)"
        )
    digest = hashlib.sha256(str(path.resolve()).encode()).hexdigest()[:8]
    return dataset_from_questions(
        path,
        f"eval-{scenario}-{digest}",
        title=f"DQA {scenario} from {dqa_dir}",
        simulator=SIMULATORS[scenario],
        rename_columns={"has_has_merchant": "has_merchant"},
        keep=lambda obj: obj.get("scenario", scenario) == scenario,
    )


async def run_eval(
    settings: Settings,
    dqa_dir: Path,
    scenario: str,
    target: str,
    model_factory: Callable[[], Model],
    *,
    technique: str = "planrag",
    consent: str = "approve",
    limit: int | None = None,
    concurrency: int = 1,
    out_dir: Path | None = None,
    echo: Callable[[str], None] = lambda _line: None,
    emit: Callable[[dict[str, Any]], None] = lambda _line: None,
) -> EvalResult:
    dataset = dqa_dataset(dqa_dir, scenario)
    register(dataset)
    questions = list(dataset.questions)[: limit if limit else None]
    used = {q.sql.path if target != "graph" else q.cypher.path  # type: ignore[union-attr]
            for q in questions}
    if target == "graph" and any(q.cypher is None for q in questions):
        raise DatasetError("some questions have no graph (cypher) dump")
    echo(f"loading {len(used)} database(s) into {target} ...")
    await load_datasets(settings, [dataset.id], target, echo=echo)
    out = out_dir or settings.data_dir / "eval" / time.strftime("%Y%m%d-%H%M%S")
    (out / "traces").mkdir(parents=True, exist_ok=True)
    config = engine_config(settings, technique=technique, consent=consent)
    gate = asyncio.Semaphore(max(1, concurrency))
    result = EvalResult(out_dir=out)
    started = time.perf_counter()
    done = 0

    async def one(q: Question) -> dict[str, Any]:
        nonlocal done
        async with gate:
            line = await _ask(settings, dataset, q, target, model_factory(), config, out)
        done += 1
        mark = "correct" if line["correct"] else "wrong"
        echo(f"[{done}/{len(questions)}] {q.id}: {line['decision']} ({mark}; verified "
             f"{line['verified_decision']}) {line['seconds']:.1f} s {line['stop_reason']}")
        emit(line)
        return line

    async with AsyncExitStack() as stack:
        if target == "graph":  # one embedded server for the whole evaluation, not one a run
            from planrag.graph.server import connect_graph_async

            await stack.enter_async_context(connect_graph_async(settings))
        result.lines = list(await asyncio.gather(*(one(q) for q in questions)))
    result.seconds = time.perf_counter() - started
    with (out / "results.jsonl").open("w", encoding="utf-8") as f:
        for line in result.lines:
            f.write(json.dumps(line, default=str) + "\n")
    (out / "summary.md").write_text(
        summary(result, scenario, target, technique, _model_name(model_factory)),
        encoding="utf-8",
    )
    return result


async def _ask(
    settings: Settings, dataset: Dataset, q: Question, target: str, model: Model,
    config: Any, out: Path,
) -> dict[str, Any]:
    events: list[Event] = []
    started = time.perf_counter()
    try:
        async with open_engine(settings, f"{dataset.id}#{q.id}", target, model, config) as eng:
            text = q.text + ("\n" + str(q.extra["goal"]) if q.extra.get("goal") else "")
            async for event in eng.run(text.strip(), run_id=q.id):
                events.append(event)
    except PlanRAGError as exc:
        events.append(RunFailed(str(exc), "starting"))
    seconds = time.perf_counter() - started
    with (out / "traces" / f"{_safe(q.id)}.jsonl").open("w", encoding="utf-8") as f:
        for event in events:
            f.write(json.dumps(event_to_json(event), default=str) + "\n")
    end = events[-1] if events else RunFailed("no events", "starting")
    finished = end if isinstance(end, RunFinished) else None
    usage = finished.usage if finished else getattr(end, "usage", None)
    stop = finished.stop_reason if finished else f"failed: {getattr(end, 'message', '')}"
    label = q.answer
    decision = finished.decision if finished else None
    verified = finished.verified_decision if finished else None
    return {
        "id": q.id,
        "label": label,
        "decision": decision,
        "correct": decision is not None and str(decision) == str(label),
        "verified_decision": verified,
        "verified_correct": verified is not None and str(verified) == str(label),
        "replans": finished.replans if finished else 0,
        "queries": finished.queries if finished else 0,
        "refused": finished.refused if finished else 0,
        "errors": finished.errors if finished else 0,
        "llm_calls": usage.model_calls if usage else 0,
        "prompt_tokens": usage.prompt_tokens if usage else 0,
        "completion_tokens": usage.completion_tokens if usage else 0,
        "seconds": round(seconds, 3),
        "stop_reason": stop,
    }


def summary(result: EvalResult, scenario: str, target: str, technique: str, model: str) -> str:
    n = len(result.lines)
    col = 0 if scenario == "locating" else 1
    paper = PAPER_TABLE4.get(technique)
    lines = [
        f"# DQA {scenario} · {technique} · {target} · {model}",
        "",
        "Accuracy (decision = the benchmark's answer), laid out like the paper's Table 4.",
        "",
        "| technique | target | questions | accuracy | verified by the simulator | paper (GPT-4) |",
        "|---|---|---|---|---|---|",
        f"| {technique} | {target} | {n} | {result.accuracy:.1f}% | "
        f"{result.verified_accuracy:.1f}% | {paper[col] if paper else '-'}% |",
        "",
        "Re-plans per question (the paper's Table 7): how many questions, and their accuracy.",
        "",
        "| re-plans | questions | accuracy |",
        "|---|---|---|",
    ]
    buckets = Counter(min(line["replans"], 5) for line in result.lines)
    for k in sorted(buckets):
        rows = [line for line in result.lines if min(line["replans"], 5) == k]
        label = f"{k}+" if k == 5 else str(k)
        lines.append(f"| {label} | {len(rows)} | {_share(r['correct'] for r in rows):.1f}% |")
    seconds = [line["seconds"] for line in result.lines] or [0.0]
    stops = Counter(line["stop_reason"] for line in result.lines)
    lines += [
        "",
        f"Queries: {sum(line['queries'] for line in result.lines)} "
        f"({sum(line['refused'] for line in result.lines)} refused, "
        f"{sum(line['errors'] for line in result.lines)} failed). Model calls: "
        f"{sum(line['llm_calls'] for line in result.lines)}, tokens "
        f"{sum(line['prompt_tokens'] for line in result.lines)} prompt + "
        f"{sum(line['completion_tokens'] for line in result.lines)} completion.",
        f"Time per question: median {statistics.median(seconds):.2f} s, max "
        f"{max(seconds):.2f} s; wall time {result.seconds:.1f} s.",
        "Stop reasons: " + ", ".join(f"{k} {v}" for k, v in stops.most_common()),
        "",
    ]
    return "\n".join(lines)


def _model_name(factory: Callable[[], Model]) -> str:
    try:
        model = factory()
    except PlanRAGError:
        return "model"
    label = " (scripted)" if model.scripted else ""
    return f"{model.name}{label}"


def _safe(qid: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in qid)[:100]
