"""Rendering events in a terminal with rich: the CLI's front end for `planrag ask`.

One `match` over the closed set of events, ending in `assert_never`, as every front end does.
"""

from __future__ import annotations

from typing import Any, assert_never

from rich.console import Console
from rich.panel import Panel
from rich.syntax import Syntax
from rich.table import Table as RichTable

from planrag.engine.events import (
    AnswerProposed,
    AwaitingConfirmation,
    CandidateSimulated,
    Event,
    ModelCalled,
    ModelText,
    PlanMade,
    PlanStep,
    QueryFailed,
    QueryFinished,
    QueryRefused,
    QueryStarted,
    ReplanDecided,
    ReplanProposed,
    RunFailed,
    RunFinished,
    RunStarted,
    SchemaLookedUp,
    SimulatorChecked,
    StepStarted,
)

__all__ = ["TerminalRenderer"]


class TerminalRenderer:
    def __init__(self, console: Console | None = None) -> None:
        self.console = console or Console(highlight=False)
        self._in_text = False
        self.scripted = False

    def _end_text(self) -> None:
        if self._in_text:
            self.console.print()
            self._in_text = False

    def render(self, event: Event) -> None:
        c = self.console
        if not isinstance(event, ModelText):
            self._end_text()
        match event:
            case RunStarted():
                self.scripted = event.scripted
                label = " [bold magenta](scripted model)[/]" if event.scripted else ""
                c.print(f"[bold]{event.technique}[/] on [cyan]{event.dataset}[/] "
                        f"({event.target}){label}")
            case PlanMade():
                title = "Plan" if event.revision == 0 else f"Plan, revision {event.revision}"
                c.print(Panel(_steps(event.steps), title=title, expand=False))
            case ModelCalled():
                c.print(f"[dim]model call {event.call}: {event.prompt_tokens}+"
                        f"{event.completion_tokens} tokens, {event.seconds:.2f} s[/]")
            case StepStarted():
                c.print(f"[bold]step {event.index}[/]: {event.goal}")
            case ModelText():
                c.print(event.text, end="", style="dim", markup=False)
                self._in_text = True
            case QueryStarted():
                lexer = "sql" if event.language == "sql" else "cypher"
                c.print(f"[bold]{event.query_id}[/] {event.language}")
                c.print(Syntax(event.query, lexer, word_wrap=True))
            case QueryFinished():
                c.print(_table(event))
            case QueryRefused():
                c.print(f"[bold red]{event.query_id} refused[/] ({event.rule}): {event.reason}")
            case QueryFailed():
                c.print(f"[bold yellow]{event.query_id} failed[/]: {event.error}")
            case SchemaLookedUp():
                what = "searched the schema for" if event.tool == "search_schema" else (
                    "described")
                c.print(f"[dim]{what} {event.request}: "
                        f"{', '.join(event.found) or 'nothing matched'}[/]")
            case ReplanProposed():
                who = "The simulator objects" if event.by == "simulator" else "Re-plan proposed"
                c.print(Panel(f"{event.reason}\n\n[bold]new plan[/]\n{_steps(event.new_steps)}",
                              title=who, expand=False))
            case AwaitingConfirmation():
                c.print(f"[bold]{event.question}[/]")
            case ReplanDecided():
                verdict = "approved" if event.approved else "kept the current plan"
                c.print(f"re-plan {verdict} (by {event.by})")
            case AnswerProposed():
                c.print(Panel(f"[bold]{event.decision}[/]\n{event.rationale}\n"
                              f"[dim]based on {', '.join(event.query_ids) or 'no query'}[/]",
                              title="Answer", expand=False))
            case CandidateSimulated():
                c.print(f"what-if [bold]{event.decision}[/]: {event.description} = "
                        f"{event.value} (no decision: {event.baseline})")
            case SimulatorChecked():
                c.print(_check(event))
            case RunFinished():
                u = event.usage
                verified = (f", verified: [bold]{event.verified_decision}[/]"
                            if event.verified_decision is not None else "")
                c.print(f"decision: [bold]{event.decision}[/]{verified} · {event.stop_reason} · "
                        f"{event.queries} queries, {event.replans} re-plans, "
                        f"{u.model_calls} model calls, {u.prompt_tokens}+{u.completion_tokens} "
                        f"tokens, {event.seconds:.1f} s")
                if event.check_note:
                    c.print(f"[dim]{event.check_note}[/]")
            case RunFailed():
                c.print(f"[bold red]failed while {event.stage}[/]: {event.message}")
            case _:
                assert_never(event)


def _steps(steps: tuple[PlanStep, ...]) -> str:
    marks = {"pending": " ", "running": "~", "done": "x", "skipped": "-"}
    return "\n".join(
        f"[{marks[s.status]}] {i}. {s.goal} ({s.source})" for i, s in enumerate(steps)
    )


def _table(event: QueryFinished) -> RichTable:
    more = "" if len(event.preview) >= event.total_rows else f", first {len(event.preview)}"
    table = RichTable(title=f"{event.query_id}: {event.total_rows} rows{more}, "
                      f"{event.elapsed_ms:.1f} ms", title_justify="left")
    for col in event.columns:
        table.add_column(col)
    for row in event.preview:
        table.add_row(*(_cell(v) for v in row))
    return table


def _cell(value: Any) -> str:
    return "NULL" if value is None else str(value)[:60]


def _check(event: SimulatorChecked) -> Panel:
    verdict = "[bold green]agrees[/]" if event.agrees else "[bold red]disagrees[/]"
    rank = f"rank {event.rank} of {event.candidates}" if event.rank else "not a candidate"
    lines = [f"{event.simulator} simulator ({event.rules} rules) {verdict}: {rank}",
             f"{event.description}: {event.value} (baseline {event.baseline})"]
    if not event.agrees:
        lines.append(f"best: [bold]{event.best}[/] {event.best_value} (gap {event.gap})")
    if event.ties:
        lines.append(f"tied with: {', '.join(map(str, event.ties[:8]))}")
    if event.near_ties:
        lines.append(f"near-ties: {', '.join(map(str, event.near_ties[:8]))}")
    if event.note:
        lines.append(event.note)
    if event.data_as_of:
        lines.append(f"checked on the live data as of {event.data_as_of}")
    return Panel("\n".join(lines), title="Simulator check", expand=False)
