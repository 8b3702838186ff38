"""`planrag eval`: the paper's experiment on DQA, with any model (or the scripted policy).

For each question of one scenario: load its database into the target (idempotent), run the
engine with the chosen technique (re-plans decided by a policy: batch runs have nobody to ask),
and record whether the decision equals the benchmark's answer, what the simulator verified,
and what the run cost. Writes, under the output folder:

* `results.jsonl`: one line per question (`id, label, decision, correct, verified_decision,
  verified_correct, replans, queries, refused, errors, llm_calls, prompt_tokens,
  completion_tokens, seconds, stop_reason, outcome, unreported_calls, correct_normalised,
  correct_tie_aware`: see "scoring" below), also printed on
  stdout; the token counts are those the server reported, and `unreported_calls` counts the
  calls whose tokens it never reported (not in the sums); `outcome` is
  `answered`, `no_decision` (the run finished without one: a budget ran out) or `failed`
  (the run failed: its `stop_reason` says why), so a run that decided nothing is never
  mistaken for a wrong answer, nor counted as one silently;
* `traces/<id>.jsonl`: every event of the run;
* `summary.md`: accuracy laid out like the paper's Table 4 and the re-plan histogram of its
  Table 7.

The questions come from a folder in this project's DQA layout or from a clone of the PlanRAG
repository, in its current layout or its older one (eval_dqa.py); which layout was found is
said in one line before anything runs. A selected question with no dump for the target's form
(a Building save shipped only as SQL, say) is skipped: the progress output and the summary
name it, and the accuracy is over the questions that ran.
"""

from __future__ import annotations

import asyncio
import json
import re
import statistics
import time
from collections import Counter
from collections.abc import Callable, Sequence
from contextlib import AsyncExitStack
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from planrag.datasets import Dataset, Dump, Form, Question
from planrag.engine.config import EngineConfig
from planrag.engine.events import Event, RunFailed, RunFinished, SimulatorChecked, event_to_json
from planrag.engine.model import Model
from planrag.engine.session import engine_config, open_engine
from planrag.errors import ConfigError, DatasetError, PlanRAGError
from planrag.eval_analysis import Analysis, analyse
from planrag.eval_dqa import (
    REPOSITORY_LAYOUTS,
    DQASource,
    RepositoryLayout,
    dqa_dataset,
    open_dqa,
    repository_dqa_dataset,
)
from planrag.eval_protocol import paper_engine, time_deviation, with_dump_names
from planrag.locations import all_kinds, get_kind
from planrag.runtime import load_datasets, register, require_graph_databases
from planrag.settings import Settings

__all__ = [
    "PROTOCOLS",
    "REPOSITORY_LAYOUTS",
    "DQASource",
    "EvalResult",
    "RepositoryLayout",
    "dqa_dataset",
    "open_dqa",
    "protocol_config",
    "repository_dqa_dataset",
    "run_eval",
]

PAPER_TABLE4 = {  # GPT-4, accuracy %, Locating / Building
    "singlerag": (30.5, 2.5),
    "iterrag": (48.5, 37.6),
    "planrag-norp": (53.5, 44.1),
    "planrag": (64.3, 45.0),
}
_FORM_NAME = {"sql": "relational (.sql)", "cypher": "graph (.cql)"}
_FORM_OF = {"sql": "relational", "cypher": "graph"}


@dataclass
class EvalResult:
    lines: list[dict[str, Any]] = field(default_factory=list)
    out_dir: Path | None = None
    seconds: float = 0.0
    skipped_by: dict[str, list[str]] = field(default_factory=dict)
    """Per target, the ids of the selected questions that did not run there: no dump of the
    target's form."""
    layout: str = ""
    """Which layout the questions were read from, in one line."""
    targets: tuple[str, ...] = ()
    protocol: str = "product"
    prompts: str = "product"
    deviations: list[str] = field(default_factory=list)
    """How the evaluation differs from the paper's experiment, one line each."""

    @property
    def skipped(self) -> list[str]:
        """The selected questions that did not run on some target."""
        return list(dict.fromkeys(q for ids in self.skipped_by.values() for q in ids))

    @property
    def form(self) -> str:
        """The dump form(s) the evaluation read, in words."""
        return " and ".join(_FORM_NAME[_form(t)] for t in self.targets) or (
            _FORM_NAME["sql"])

    @property
    def forms(self) -> list[str]:
        return [f for f in ("relational", "graph")
                if any(line.get("form", "relational") == f for line in self.lines)]

    def cell(self, key: str) -> float:
        """The accuracy of a score (`correct`, `correct_normalised`, ...) as the paper's
        Table 4 cell: the average of the forms' accuracies, each over its own questions
        (one form's accuracy when one ran)."""
        shares = [_share(line.get(key, line["correct"]) for line in self.lines
                         if line.get("form", "relational") == form) for form in self.forms]
        return sum(shares) / len(shares) if shares else 0.0

    @property
    def accuracy(self) -> float:
        return self.cell("correct")

    @property
    def verified_accuracy(self) -> float:
        return self.cell("verified_correct")

    @property
    def normalised_accuracy(self) -> float:
        return self.cell("correct_normalised")

    @property
    def tie_aware_accuracy(self) -> float:
        return self.cell("correct_tie_aware")


def _share(values: Any) -> float:
    values = list(values)
    return 100.0 * sum(1 for v in values if v) / len(values) if values else 0.0


def _dump(q: Question, form: Form) -> Dump | None:
    return q.sql if form == "sql" else q.cypher


PROTOCOLS = ("product", "paper")
PAPER_TARGETS = ("mysql", "graph")
"""The paper's two database forms: relational on MySQL, graph on Neo4j."""


def protocol_config(settings: Settings, protocol: str, technique: str, consent: str,
                    prompts: str | None = None) -> EngineConfig:
    """The engine's settings under `protocol`. `product`: this product's (the settings'
    budgets, checks that speak to the model, and its prompts). `paper`: the PlanRAG paper's
    setting: 15 iterations (model calls), no answer forced when they or the (long) time are
    spent, re-plans without limit and approved, results as pandas showed them, none of the
    product's checks speaking to the model (plan checks, monitors, the numbers of the answer),
    the paper's prompt structure. `prompts` overrides the protocol's choice of prompts."""
    if protocol not in PROTOCOLS:
        raise ConfigError(f"unknown protocol {protocol!r}: choose product or paper")
    if protocol == "product":
        return engine_config(settings, technique=technique, consent=consent,
                             prompts=prompts or "product", check_every_answer=True)
    config = engine_config(
        settings, technique=technique, consent="approve", on_disagreement="report",
        max_model_calls=PAPER_ITERATIONS, force_answer=False, **paper_engine(settings),
        max_chars_shown=PAPER_OBSERVATION_CHARS, max_repeats=PAPER_ITERATIONS,
        max_idle_turns=PAPER_ITERATIONS, claims_feedback=False, monitors=False,
        plan_checks=False, what_if=False, prompts=prompts or "paper",
        offer_check=False, check_every_answer=True,
    )
    return replace(config, max_replans=None)  # (None overrides are dropped above)


PAPER_ITERATIONS = 15
"""LangChain's agent executor stops after 15 iterations by default, with no answer."""
PAPER_OBSERVATION_CHARS = 50_000
"""What one observation may hold under the paper's protocol: pandas' text of up to 200 rows
with room (the paper's agent had no cap but the model's context)."""


def deviations(config: EngineConfig, settings: Settings, model: str, scripted: bool,
               targets: Sequence[str]) -> list[str]:
    """How this evaluation differs from the paper's experiment, one line each."""
    out: list[str] = []
    if "gpt-4" not in model.casefold():
        out.append(f"the model is {model}; the paper's Table 4 is GPT-4's")
    forms = {_FORM_OF[_form(t)] for t in targets}
    if forms != {"relational", "graph"}:
        out.append(f"only the {', '.join(sorted(forms))} form ran: the paper's cell is the "
                   "average of the relational and the graph run")
    if "sqlite" in targets:
        out.append("the relational form ran on SQLite; the paper's on MySQL")
    if "graph" in targets and not settings.neo4j_uri:
        out.append("the graph form ran on the embedded ArcadeDB server, through the Bolt "
                   "protocol and Cypher (NEO4J_URI is not set); the paper's on Neo4j")
    if scripted:
        out.append("the scripted policy answered, not a model: its accuracy says nothing "
                   "of a model's")
    elif settings.model_tools != "off":
        out.append(f"the model writes tool calls (PLANRAG_MODEL_TOOLS={settings.model_tools}), "
                   "carrying the same Thought / Current step / Re-plan as arguments; the "
                   "paper's agent wrote them as text lines (PLANRAG_MODEL_TOOLS=off)")
    if config.prompts == "paper":
        out.append("the prompts follow the paper's structure in this project's own words, "
                   "not its text")
    else:
        out.append("the prompts are this product's (a decision analyst; rules and schema in "
                   "the system prompt), not the paper's structure")
    if config.max_model_calls != PAPER_ITERATIONS:
        out.append(f"a run has {config.max_model_calls} model calls; the paper's 15 "
                   "iterations")
    if config.force_answer:
        out.append("the last model call is kept for the answer; the paper's runs that spent "
                   "their iterations ended with none")
    if config.max_replans is not None:
        out.append(f"at most {config.max_replans} re-plans; the paper's were unlimited")
    if config.observations != "paper":
        out.append(f"observations show {config.max_rows_shown} rows and {config.max_chars_shown:,}"
                   " characters; the paper's pandas' text of the result (200 rows, or 10)")
    else:
        out.append(f"observations show every column and stop at {config.max_chars_shown:,} "
                   "characters; the paper's pandas cut columns to its terminal's unknown width")
    if config.monitors or config.plan_checks or config.claims_feedback:
        spoken = [name for name, on in (
            ("plan checks", config.plan_checks), ("execution and answer monitors",
                                                  config.monitors),
            ("the answer's numbers checked against the data", config.claims_feedback)) if on]
        out.append(f"the product's checks speak to the model ({', '.join(spoken)}); the "
                   "paper's agent had none")
    if config.on_disagreement == "replan":
        out.append("a run whose answer the simulator ranks below another re-plans; the "
                   "paper's did not")
    if config.max_repeats < config.max_model_calls:
        out.append(f"the same query may run {config.max_repeats} times; the paper set no "
                   "limit")
    out.append("one model call may carry several queries, all run (the call counts once "
               "toward the limit); the paper's agent took one action per iteration")
    out.append(time_deviation(config))
    out.append("queries pass this project's read-only guards (a write is refused and said "
               "to the model); the paper's agent ran what it wrote")
    if config.consent != "approve":
        out.append("re-plans are rejected (--consent reject); the paper's agent re-planned "
                   "freely")
    return out


async def run_eval(
    settings: Settings,
    dqa_dir: Path,
    scenario: str,
    target: str | Sequence[str] | None,
    model_factory: Callable[[], Model],
    *,
    technique: str = "planrag",
    consent: str = "approve",
    limit: int | None = None,
    concurrency: int = 1,
    out_dir: Path | None = None,
    echo: Callable[[str], None] = lambda _line: None,
    emit: Callable[[dict[str, Any]], None] = lambda _line: None,
    protocol: str = "product",
    prompts: str | None = None,
) -> EvalResult:
    """Run the first `limit` questions (all by default) of `scenario` on each of `target`
    (one name or several; None: the paper's two forms under the paper's protocol, MySQL
    otherwise); a question without a dump for a target's form is skipped there, and said
    so on `echo` and in the summary. The layout the questions were found in is the first
    line on `echo`."""
    source = open_dqa(dqa_dir, scenario)
    dataset = with_dump_names(source.dataset) if protocol == "paper" else source.dataset
    targets = _targets(target, protocol)
    config = protocol_config(settings, protocol, technique, consent, prompts)
    out = _output_folder(out_dir or settings.data_dir / "eval" / time.strftime("%Y%m%d-%H%M%S"),
                         targets)
    echo(source.layout)
    chosen = list(dataset.questions)[: limit if limit else None]
    result = EvalResult(out_dir=out, layout=source.layout, targets=tuple(targets),
                        protocol=protocol, prompts=config.prompts)
    plan: list[tuple[str, list[Question]]] = []
    for name in targets:
        form: Form = _form(name)
        questions = [q for q in chosen if _dump(q, form) is not None]
        skipped = [q.id for q in chosen if _dump(q, form) is None]
        if skipped:
            echo(f"skipping {len(skipped)} question(s) with no {_FORM_NAME[form]} dump for "
                 f"{name}: {_ids(skipped)}")
            result.skipped_by[name] = skipped
        plan.append((name, questions))
    if not any(questions for _, questions in plan):
        forms = " or ".join(sorted({_FORM_NAME[_form(t)] for t in targets}))
        raise DatasetError(
            f"none of the {len(chosen)} selected {scenario} question(s) has a {forms} dump, "
            f"so none can run on {', '.join(targets)}"
        )
    started = time.perf_counter()
    for name, questions in plan:
        if questions:
            result.lines += await _run_target(
                settings, dataset, questions, name, model_factory, config, out,
                concurrency, echo, emit, several=len(targets) > 1)
    result.seconds = time.perf_counter() - started
    model_name, scripted = _model_facts(model_factory)
    with (out / "results.jsonl").open("w", encoding="utf-8") as f:
        for line in result.lines:
            f.write(json.dumps(line, default=str) + "\n")
    analysis = analyse(result.lines, out, scenario)
    (out / "analysis.json").write_text(json.dumps(analysis.to_json(), indent=2) + "\n",
                                       encoding="utf-8")
    result.deviations = deviations(config, settings, model_name, scripted, targets)
    (out / "run.json").write_text(json.dumps({
        "scenario": scenario, "technique": technique, "protocol": protocol,
        "prompts": config.prompts, "targets": list(targets), "model": model_name,
        "questions": len(chosen), "consent": config.consent,
        "limits": {"model_calls": config.max_model_calls,
                   "force_answer": config.force_answer, "replans": config.max_replans,
                   "rows_shown": config.max_rows_shown,
                   "chars_shown": config.max_chars_shown},
        "deviations": result.deviations,
    }, indent=2) + "\n", encoding="utf-8")
    (out / "summary.md").write_text(
        summary(result, scenario, targets, technique, model_name, analysis),
        encoding="utf-8",
    )
    return result


def _targets(target: str | Sequence[str] | None, protocol: str) -> list[str]:
    if target is None:
        return list(PAPER_TARGETS) if protocol == "paper" else ["mysql"]
    names = [target] if isinstance(target, str) else list(dict.fromkeys(target))
    if not names:
        raise ConfigError("give at least one target")
    for name in names:
        _form(name)
    return names


def _form(target: str) -> Form:
    """The dump form a target loads the benchmark's databases from; a target whose
    databases are only ever live cannot run it (one line saying so)."""
    kind = get_kind(target)
    if kind.dump_form is None:
        loaded = ", ".join(evaluation_targets())
        raise ConfigError(f"--target {kind.name}: {kind.title} databases are only ever live, "
                          f"so the benchmark's dumps cannot be loaded there; use {loaded}")
    return kind.dump_form


def evaluation_targets() -> list[str]:
    """The targets an evaluation can run on: the kinds that load dumps."""
    return [k.name for k in all_kinds() if k.dump_form is not None]


async def _run_target(
    settings: Settings, dataset: Dataset, questions: list[Question], target: str,
    model_factory: Callable[[], Model], config: EngineConfig, out: Path, concurrency: int,
    echo: Callable[[str], None], emit: Callable[[dict[str, Any]], None], *, several: bool,
) -> list[dict[str, Any]]:
    """The questions' runs on one target: its databases loaded, then the questions asked,
    `concurrency` at a time."""
    form: Form = _form(target)
    # Only the selected questions' databases are loaded: a dataset of just those questions.
    selected = replace(dataset, questions=tuple(questions))
    register(selected)
    if form == "cypher":
        await require_graph_databases(settings, len(selected.dumps(form)), "this evaluation")
    echo(f"loading {len(selected.dumps(form))} database(s) into {target} ...")
    await load_datasets(settings, [selected.id], target, echo=echo)
    gate = asyncio.Semaphore(max(1, concurrency))
    done = 0
    where = f" on {target}" if several else ""

    async def one(q: Question) -> dict[str, Any]:
        nonlocal done
        trace = (f"traces/{_safe(target)}/{_safe(q.id)}.jsonl" if several
                 else f"traces/{_safe(q.id)}.jsonl")
        async with gate:
            line = await _ask(settings, selected, q, target, model_factory(), config, out,
                              trace)
        done += 1
        mark = line["outcome"].replace("_", " ")  # no decision, failed
        if line["outcome"] == "answered":
            mark = "correct" if line["correct"] else "wrong"
        echo(f"[{done}/{len(questions)}] {q.id}{where}: {line['decision']} ({mark}; verified "
             f"{line['verified_decision']}) {line['seconds']:.1f} s {line['stop_reason']}")
        emit(line)
        return line

    async with AsyncExitStack() as stack:
        if form == "cypher":  # one embedded server for the whole target, not one a run
            from planrag.graph.server import connect_graph_async

            await stack.enter_async_context(connect_graph_async(settings))
        return list(await asyncio.gather(*(one(q) for q in questions)))


def _ids(ids: list[str], shown: int = 10) -> str:
    more = f" and {len(ids) - shown} more" if len(ids) > shown else ""
    return ", ".join(ids[:shown]) + more


def _output_folder(out: Path, targets: Sequence[str]) -> Path:
    """`out`, with its `traces/` folder (one folder per target when there are several),
    created; a clear error when it cannot be."""
    if out.exists() and not out.is_dir():
        raise ConfigError(f"the output folder {out} is a file: give a folder with --out")
    folders = [out / "traces" / _safe(t) for t in targets] if len(targets) > 1 else [
        out / "traces"]
    for folder in folders:
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise ConfigError(
                f"cannot create the output folder {folder}: {exc.strerror}"
            ) from None
    return out


async def _ask(
    settings: Settings, dataset: Dataset, q: Question, target: str, model: Model,
    config: EngineConfig, out: Path, trace: str,
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
    with (out / trace).open("w", encoding="utf-8") as f:
        for event in events:
            f.write(json.dumps(event_to_json(event), default=str) + "\n")
    end = events[-1] if events else RunFailed("no events", "starting")
    finished = end if isinstance(end, RunFinished) else None
    usage = finished.usage if finished else getattr(end, "usage", None)
    stop = finished.stop_reason if finished else f"failed: {getattr(end, 'message', '')}"
    label = q.answer
    decision = finished.decision if finished else None
    outcome = "failed" if finished is None else "no_decision" if decision is None else "answered"
    verified = finished.verified_decision if finished else None
    check = next((e for e in reversed(events) if isinstance(e, SimulatorChecked)), None)
    normalised = decision is not None and same_decision(decision, label, check)
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
        "outcome": outcome,
        "unreported_calls": usage.unreported_calls if usage else 0,
        "correct_normalised": normalised,
        "correct_tie_aware": normalised or (decision is not None and ties_label(check, label)),
        "target": target,
        "form": _FORM_OF[_form(target)],
        "trace": trace,
    }


# -- scoring: exact, normalised (the decision read as a candidate), tie-aware

_WORDS = re.compile(r"^(?:the\s+)?(?:trade\s+node|node|building|id|no\.?|number|#)\s*[:#]?\s*",
                    re.I)


def _folded(value: Any) -> str:
    """A decision as a key to compare: case folded, spaces, dashes and underscores alike,
    quotes and a closing full stop dropped, a leading "building" / "node" word dropped."""
    text = str(value).strip().strip("\"'`*").rstrip(".").strip()
    text = _WORDS.sub("", text)
    return re.sub(r"[\s_\-]+", "_", text.casefold()).strip("_")


def same_decision(decision: Any, label: Any, check: SimulatorChecked | None = None) -> bool:
    """The decision names the label the way the simulator reads decisions: in any case, by
    its key or its label ("Krakow" for krakow, "Baltic Sea" for baltic_sea), an id written
    with its noun ("building 2081" for 2081)."""
    if decision is None or label is None:
        return False
    if str(decision) == str(label):
        return True
    if check is not None and (check.decision == label or str(check.decision) == str(label)):
        return True  # the check read the answer as the label's candidate
    names = {_folded(label)}
    if check is not None:
        names.add(_folded(check.label(label)))
    if isinstance(label, int) or str(label).isdigit():
        numbers = re.findall(r"\d+", str(decision))
        if len(numbers) == 1 and int(numbers[0]) == int(label):
            return True
    return _folded(decision) in names


def ties_label(check: SimulatorChecked | None, label: Any) -> bool:
    """The checked decision is exactly as good as the label in the simulator's ranking:
    both among the best's exact ties, or the label's value (when the check lists it) equal
    to the decision's."""
    if check is None or check.value is None or check.rank is None:
        return False
    best = {str(check.best), *map(str, check.ties)}
    if str(label) in best:
        return check.agrees
    values = {str(d): v for d, v in check.top}
    return str(label) in values and values[str(label)] == check.value


def _unreported(calls: int) -> str:
    return f" ({calls} calls' tokens not reported by the server)" if calls else ""


def summary(result: EvalResult, scenario: str, targets: str | Sequence[str],
            technique: str, model: str, analysis: Analysis | None = None) -> str:
    """summary.md: the accuracy laid out like the paper's Table 4 (a row per target, and
    the average of the two forms when both ran), the paper's analyses (`analysis`), what
    the runs cost, and every way the evaluation differs from the paper's experiment."""
    names = [targets] if isinstance(targets, str) else list(targets)
    col = 0 if scenario == "locating" else 1
    paper = PAPER_TABLE4.get(technique)
    paper_cell = f"{paper[col]}%" if paper else "-"
    lines = [
        f"# DQA {scenario} · {technique} · {' + '.join(names)} · {model}",
        "",
        f"Protocol: {result.protocol} (prompts: {result.prompts}).",
        "",
        "Accuracy (decision = the benchmark's answer), laid out like the paper's Table 4: "
        "exact (the same string), normalised (the decision read as a candidate: any case, "
        "key or label, an id with its noun) and tie-aware (also right when exactly as good "
        "as the answer in the simulator's ranking). The paper's figure is the average of its "
        "relational and graph runs.",
        "",
        "| technique | target | questions | accuracy | normalised | tie-aware | verified by the "
        "simulator | paper (GPT-4) |",
        "|---|---|---|---|---|---|---|---|",
    ]
    several = len(result.forms) > 1
    for name in names:
        rows = [line for line in result.lines if line.get("target", name) == name]
        if not rows:
            continue
        lines.append(
            f"| {technique} | {name} | {len(rows)} | {_share(r['correct'] for r in rows):.1f}% | "
            f"{_share(r.get('correct_normalised', r['correct']) for r in rows):.1f}% | "
            f"{_share(r.get('correct_tie_aware', r['correct']) for r in rows):.1f}% | "
            f"{_share(r['verified_correct'] for r in rows):.1f}% | "
            f"{'-' if several else paper_cell} |")
    if several:
        lines.append(
            f"| {technique} | average of relational and graph | {len(result.lines)} | "
            f"{result.accuracy:.1f}% | {result.normalised_accuracy:.1f}% | "
            f"{result.tie_aware_accuracy:.1f}% | {result.verified_accuracy:.1f}% | "
            f"{paper_cell} |")
    lines.append("")
    if result.layout:
        lines += [f"Questions: {result.layout.removeprefix('layout: ')}.", ""]
    for name, ids in result.skipped_by.items():
        ran = sum(1 for line in result.lines if line.get("target", name) == name)
        form = _FORM_NAME[_form(name)]
        lines += [
            f"Skipped: {len(ids)} selected question(s) have no {form} dump for {name}, so "
            f"the accuracy is over the {ran} that ran: {_ids(ids)}.",
            "",
        ]
    if analysis is not None:
        lines += [analysis.markdown().rstrip(), ""]
    seconds = [line["seconds"] for line in result.lines] or [0.0]
    stops = Counter(line["stop_reason"] for line in result.lines)
    outcomes = Counter(line.get("outcome", "answered") for line in result.lines)
    lines += [
        "## Cost",
        "",
        f"Queries: {sum(line['queries'] for line in result.lines)} "
        f"({sum(line['refused'] for line in result.lines)} refused, "
        f"{sum(line['errors'] for line in result.lines)} failed). Model calls: "
        f"{sum(line['llm_calls'] for line in result.lines)}, tokens "
        f"{sum(line['prompt_tokens'] for line in result.lines)} prompt + "
        f"{sum(line['completion_tokens'] for line in result.lines)} completion"
        + _unreported(sum(line.get("unreported_calls", 0) for line in result.lines)) + ".",
        f"Time per question: median {statistics.median(seconds):.2f} s, max "
        f"{max(seconds):.2f} s; wall time {result.seconds:.1f} s.",
        "Stop reasons: " + ", ".join(f"{k} {v}" for k, v in stops.most_common()),
        f"Outcomes: {outcomes['answered']} answered, {outcomes['no_decision']} without a "
        f"decision, {outcomes['failed']} failed.",
        "",
    ]
    if result.deviations:
        lines += ["## Deviations from the paper's experiment", ""]
        lines += [f"- {d}" for d in result.deviations] + [""]
    return "\n".join(lines)


def _model_facts(factory: Callable[[], Model]) -> tuple[str, bool]:
    """The model's name as the summary shows it, and whether it is scripted."""
    try:
        model = factory()
    except PlanRAGError:
        return "model", False
    label = " (scripted)" if model.scripted else ""
    return f"{model.name}{label}", model.scripted


def _safe(qid: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in qid)[:100]
