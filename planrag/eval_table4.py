"""`planrag eval --table4`: the paper's Table 4 from one command, resumable.

Runs the eight cells of Table 4 (Lee, An and Kim, NAACL 2024): four techniques (SingleRAG,
IterRAG, PlanRAG without re-planning, PlanRAG) on the two DQA scenarios (Locating,
Building), each cell one `planrag eval --protocol paper` (`planrag.evaluation.run_eval`) on
both database forms by default, in its own folder `<out>/<technique>-<scenario>/`.

* **Resuming.** A cell is complete when its folder holds `cell.json`, written after the
  cell's evaluation wrote all its files; a complete cell with the same setting (questions,
  targets, limit, model) is not run again. One cut short has no `cell.json` and runs again
  from its first question. A complete cell of another setting stops the command (one line:
  give another `--out`), so a table never mixes two settings.
* **Output.** `table4.md`: Table 4 with the paper's GPT-4 figures beside ours, then Tables
  5-7 and Figures 5-6 across the techniques (`planrag.eval_analysis`, `planrag.eval_paper`),
  and the setting (model endpoint, databases) it ran with; `table4.json`: the cells' figures.
  Each cell's own `summary.md` keeps its full analyses.

The paper's figures are `planrag.evaluation.PAPER_TABLE4` (its Table 4, GPT-4, the average of
the relational and graph runs).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from planrag.engine.model import Model
from planrag.errors import ConfigError
from planrag.eval_analysis import Analysis, analyse, retrieval_split
from planrag.eval_paper import CRITICAL_DATA, FIGURE6_CATEGORIES, retrieval_markdown
from planrag.evaluation import PAPER_TABLE4, PAPER_TARGETS, run_eval
from planrag.redact import mask_url
from planrag.settings import Settings

__all__ = ["CELL_FILE", "NAMES", "PAPER_SOURCE", "SCENARIOS", "TECHNIQUES", "Table4Result",
           "disclosure", "run_table4", "table4_markdown"]

TECHNIQUES = ("singlerag", "iterrag", "planrag-norp", "planrag")
"""Table 4's rows, in the paper's order."""
NAMES = {"singlerag": "SingleRAG-LM", "iterrag": "IterRAG-LM",
         "planrag-norp": "PlanRAG-LM w/o RP", "planrag": "PlanRAG-LM"}
SCENARIOS = ("locating", "building")
CELL_FILE = "cell.json"
"""Written in a cell's folder once its evaluation is complete: what it ran with."""
PAPER_SOURCE = ("the paper's Table 4 (GPT-4; each cell the average of its relational and "
                "graph runs), as kept in planrag/evaluation.py (PAPER_TABLE4)")


@dataclass
class Table4Result:
    out_dir: Path
    ran: list[str] = field(default_factory=list)
    """The cells run by this command, as `technique-scenario`."""
    reused: list[str] = field(default_factory=list)
    """The cells found complete in the output folder and not run again."""
    cells: dict[str, float | None] = field(default_factory=dict)
    """Each cell's accuracy (exact; the average of the forms that ran)."""
    markdown: str = ""


def _cell_name(technique: str, scenario: str) -> str:
    return f"{technique}-{scenario}"


def _setting(dqa_dir: Path, targets: Sequence[str], limit: int | None, model: str,
             technique: str, scenario: str) -> dict[str, Any]:
    return {"technique": technique, "scenario": scenario, "dqa": str(dqa_dir.resolve()),
            "targets": list(targets), "limit": limit, "model": model, "protocol": "paper"}


def _complete(folder: Path, wanted: Mapping[str, Any]) -> bool:
    """The cell in `folder` is complete with the setting `wanted`; a complete cell of
    another setting is an error (one line)."""
    marker = folder / CELL_FILE
    if not marker.is_file() or not (folder / "results.jsonl").is_file():
        return False
    try:
        found = json.loads(marker.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False  # unreadable: run the cell again
    if found == dict(wanted):
        return True
    differs = ", ".join(f"{k} {found.get(k)!r} there, {v!r} now" for k, v in wanted.items()
                        if found.get(k) != v)
    raise ConfigError(f"{folder} holds a complete cell run with another setting ({differs}): "
                      "give another --out, or remove that folder to run it again")


async def run_table4(
    settings: Settings,
    dqa_dir: Path,
    model_factory: Callable[[], Model],
    *,
    targets: Sequence[str] | None = None,
    limit: int | None = None,
    concurrency: int = 1,
    out_dir: Path | None = None,
    prompts: str | None = None,
    echo: Callable[[str], None] = lambda _line: None,
    emit: Callable[[dict[str, Any]], None] = lambda _line: None,
) -> Table4Result:
    """Run the eight cells of Table 4 under the paper's protocol (those already complete in
    `out_dir` are kept), then write `table4.md` and `table4.json` there."""
    out = out_dir or settings.data_dir / "eval" / f"table4-{time.strftime('%Y%m%d-%H%M%S')}"
    if out.exists() and not out.is_dir():
        raise ConfigError(f"the output folder {out} is a file: give a folder with --out")
    chosen = list(dict.fromkeys(targets)) if targets else list(PAPER_TARGETS)
    model = _model_name(model_factory)
    result = Table4Result(out_dir=out)
    cells = [(t, s) for t in TECHNIQUES for s in SCENARIOS]
    for number, (technique, scenario) in enumerate(cells, start=1):
        name = _cell_name(technique, scenario)
        folder = out / name
        wanted = _setting(dqa_dir, chosen, limit, model, technique, scenario)
        if _complete(folder, wanted):
            echo(f"cell {number}/8 {name}: complete in {folder}, not run again")
            result.reused.append(name)
            continue
        echo(f"cell {number}/8 {name}: running on {', '.join(chosen)} ...")
        (folder / CELL_FILE).unlink(missing_ok=True)
        await run_eval(settings, dqa_dir, scenario, chosen, model_factory,
                       technique=technique, limit=limit, concurrency=concurrency,
                       out_dir=folder, echo=echo, emit=emit, protocol="paper",
                       prompts=prompts)
        (folder / CELL_FILE).write_text(json.dumps(wanted, indent=2) + "\n", encoding="utf-8")
        result.ran.append(name)
    analyses = {(t, s): _analysis(out / _cell_name(t, s), s) for t, s in cells}
    result.cells = {_cell_name(t, s): a.to_json()["table4"]["scores"]["exact"]["cell"]
                    for (t, s), a in analyses.items()}
    result.markdown = table4_markdown(analyses, disclosure(settings, chosen, model, limit),
                                      result)
    (out / "table4.md").write_text(result.markdown, encoding="utf-8")
    (out / "table4.json").write_text(json.dumps({
        "cells": result.cells, "paper": {t: dict(zip(SCENARIOS, PAPER_TABLE4[t], strict=True))
                                         for t in TECHNIQUES},
        "paper_source": PAPER_SOURCE, "targets": chosen, "limit": limit, "model": model,
        "ran": result.ran, "reused": result.reused}, indent=2) + "\n", encoding="utf-8")
    return result


def _analysis(folder: Path, scenario: str) -> Analysis:
    text = (folder / "results.jsonl").read_text(encoding="utf-8")
    lines = [json.loads(x) for x in text.splitlines() if x.strip()]
    return analyse(lines, folder, scenario)


def _model_name(factory: Callable[[], Model]) -> str:
    model = factory()
    return f"{model.name} (scripted)" if model.scripted else model.name


def disclosure(settings: Settings, targets: Sequence[str], model: str,
               limit: int | None) -> list[str]:
    """What the table ran with, one line each: the model and its endpoint, each target's
    database (URLs with their passwords masked)."""
    if model.endswith("(scripted)"):
        endpoint = "the built-in scripted DQA policy answered (no model endpoint)"
    else:
        url = mask_url(settings.model_base_url) if settings.model_base_url else (
            "the provider's default endpoint (PLANRAG_MODEL_BASE_URL not set)")
        endpoint = f"model {model} at {url}, temperature 0"
    out = [endpoint]
    for target in targets:
        if target == "mysql":
            where = mask_url(settings.mysql_url) if settings.mysql_url else "not set"
            out.append(f"relational form on MySQL: MYSQL_URL {where}")
        elif target == "graph":
            out.append(f"graph form on Neo4j: NEO4J_URI {mask_url(settings.neo4j_uri)}"
                       if settings.neo4j_uri else
                       "graph form on the embedded graph server (ArcadeDB through Bolt, "
                       f"data in {settings.graph_data_dir}; NEO4J_URI not set)")
        elif target == "sqlite":
            out.append(f"relational form on SQLite (under {settings.data_dir}); the paper's "
                       "on MySQL")
        else:
            out.append(f"target {target}")
    out.append(f"questions: the first {limit} of each scenario" if limit else
               "questions: all of each scenario")
    return out


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}%"


def table4_markdown(analyses: Mapping[tuple[str, str], Analysis], setting: Sequence[str],
                    result: Table4Result) -> str:
    data = {key: a.to_json() for key, a in analyses.items()}
    out = ["# The paper's Table 4, reproduced (planrag eval --table4)", "", "## Setting", "",
           *[f"- {line}" for line in setting],
           f"- cells run now: {', '.join(result.ran) or 'none'}; found complete and kept: "
           f"{', '.join(result.reused) or 'none'}",
           "- each cell's summary.md (in its folder) lists its deviations from the paper's "
           "experiment", ""]
    out += ["## Table 4: accuracy", "",
            f"Ours: exact accuracy, the cell the average of the forms that ran. Paper: "
            f"{PAPER_SOURCE}.", "",
            "| technique | Locating: ours | Locating: paper | Building: ours | "
            "Building: paper |", "|---|---|---|---|---|"]
    for t in TECHNIQUES:
        paper = PAPER_TABLE4.get(t)
        cells = []
        for col, s in enumerate(SCENARIOS):
            ours = data[(t, s)]["table4"]["scores"]["exact"]["cell"]
            cells += [_pct(ours), f"{paper[col]}%" if paper else "paper: not available"]
        out.append(f"| {NAMES[t]} | " + " | ".join(cells) + " |")
    kinds = sorted({d["table4"]["cell"] for d in data.values()})
    out += ["", f"Cells: {'; '.join(kinds)}.", ""]
    out += _table5(data) + _table6(data) + _table7(data) + _figure5(analyses) + _figure6(data)
    return "\n".join(out)


def _table5(data: Mapping[tuple[str, str], dict[str, Any]]) -> list[str]:
    forms = [f for f in ("relational", "graph")
             if any(d["table5"].get(f, {}).get("questions") for d in data.values())]
    head = "".join(f" {s.title()} {f} |" for s in SCENARIOS for f in forms)
    out = ["## Table 5: accuracy per database form", "", f"| technique |{head}",
           "|---" * (1 + len(SCENARIOS) * len(forms)) + "|"]
    for t in TECHNIQUES:
        cells = "".join(f" {_pct(data[(t, s)]['table5'][f]['exact'])} |"
                        for s in SCENARIOS for f in forms)
        out.append(f"| {NAMES[t]} |{cells}")
    return [*out, ""]


def _table6(data: Mapping[tuple[str, str], dict[str, Any]]) -> list[str]:
    out = ["## Table 6: critical data analysed (queried or calculated)", "",
           "Runs that analysed each datum, of the runs whose trace was read (the paper's "
           "table is Locating's; Building's is this project's counterpart).", ""]
    for s in SCENARIOS:
        names = [c.name for c in CRITICAL_DATA[s]]
        out += [f"| {s.title()}: technique | " + " | ".join(names) + " | all |",
                "|---" * (2 + len(names)) + "|"]
        for t in TECHNIQUES:
            row = data[(t, s)]["table6_paper"]["overall"]
            cells = [row["critical"][n] for n in (*names, "all")]
            out.append(f"| {NAMES[t]} | " + " | ".join(
                f"{c['analysed']} of {row['runs']} ({_pct(c['share'])})" for c in cells) + " |")
        out.append("")
    return out


def _table7(data: Mapping[tuple[str, str], dict[str, Any]]) -> list[str]:
    bins = data[("planrag", SCENARIOS[0])]["table7"]["bins"]
    out = ["## Table 7: PlanRAG-LM's accuracy by re-plans", "",
           "| re-plans |" + "".join(f" {s.title()}: questions | {s.title()}: accuracy |"
                                    for s in SCENARIOS), "|---" * (1 + 2 * len(SCENARIOS)) + "|"]
    for b in bins:
        cells = "".join(f" {data[('planrag', s)]['table7']['overall'][b]['questions']} | "
                        f"{_pct(data[('planrag', s)]['table7']['overall'][b]['accuracy'])} |"
                        for s in SCENARIOS)
        out.append(f"| {b} |{cells}")
    return [*out, ""]


def _figure5(analyses: Mapping[tuple[str, str], Analysis]) -> list[str]:
    out = ["## Figure 5: single against multiple retrieval", "",
           "The questions split by IterRAG-LM's retrievals on them (single: one query, "
           "multiple: more), and each technique's exact accuracy on each group.", ""]
    for s in SCENARIOS:
        split = retrieval_split([analyses[("iterrag", s)]],
                                {t: [analyses[(t, s)]] for t in TECHNIQUES})
        ran = [f for f in ("relational", "graph")
               if any(r.form == f for t in TECHNIQUES for r in analyses[(t, s)].runs)]
        out += [f"### {s.title()}", "",
                *retrieval_markdown(split, [*ran, "overall"], lambda x: x)]
    return out


def _figure6(data: Mapping[tuple[str, str], dict[str, Any]]) -> list[str]:
    out = ["## Figure 6: failure categories", "",
           "Runs in each of the paper's categories, shares of all the runs (see "
           "docs/evaluation.md for how a trace is read).", ""]
    for s in SCENARIOS:
        out += [f"| {s.title()}: technique | " + " | ".join(FIGURE6_CATEGORIES)
                + " | correct | runs |", "|---" * (3 + len(FIGURE6_CATEGORIES)) + "|"]
        for t in TECHNIQUES:
            f6 = data[(t, s)]["figure6_paper"]["overall"]
            cells = [f"{f6['categories'][c]['runs']} ({_pct(f6['categories'][c]['share'])})"
                     for c in FIGURE6_CATEGORIES]
            out.append(f"| {NAMES[t]} | " + " | ".join(cells)
                       + f" | {f6['correct']} | {f6['questions']} |")
        out.append("")
    return out
