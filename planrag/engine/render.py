"""Rendering events in a terminal with rich: the CLI's front end for `planrag ask`.

One `match` over the closed set of events, ending in `assert_never`, as every front end does.
Everything a model or the data wrote goes through `planrag.markup.escape(..., "rich")`:
printable (control characters as visible escapes) and never Rich markup.
"""

from __future__ import annotations

from typing import assert_never

from rich.console import Console
from rich.panel import Panel
from rich.syntax import Syntax
from rich.table import Table as RichTable

from planrag.engine.events import (
    AnswerChecked,
    AnswerProposed,
    AwaitingConfirmation,
    CandidateSimulated,
    CheckProposed,
    Event,
    ModelCalled,
    ModelText,
    MonitorNoticed,
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
    SchemaChosen,
    SchemaLookedUp,
    SimulatorChecked,
    StepStarted,
)
from planrag.engine.tools import answering
from planrag.engine.verdict import (
    answer_lines,
    decided_line,
    named,
    proposal_lines,
    stop_text,
    stop_words,
)
from planrag.markup import escape, printable
from planrag.present import Columns

__all__ = ["TerminalRenderer", "stop_text", "stop_words"]


class TerminalRenderer:
    """Prints each event as it comes; the answer is printed from `answer_checked`, with its
    check, verdict first (`planrag.engine.verdict`), as every front end says it."""

    def __init__(
        self,
        console: Console | None = None,
        column_names: Columns | dict[str, str] | None = None,
        *,
        verbose: bool = False,
    ) -> None:
        self.console = console or Console(highlight=False, emoji=False)
        self.columns = (column_names if isinstance(column_names, Columns)
                        else Columns(column_names or {}))
        """How the dataset's result columns read for people: names and number formats."""
        self.verbose = verbose
        """Also the trace a developer reads: each model call and the tokens spent."""
        self._said: list[str] = []
        """The model's words of the reply in progress, printed when it ends: the words of
        the reply that answers are not (they would stand above the verdict)."""
        self.scripted = False
        self._answered = False
        self._plan: tuple[PlanStep, ...] = ()
        self._queries: dict[str, str] = {}
        """Each query id with the plan step it served, for the verdict's "Based on ..."."""
        self._answer: AnswerProposed | None = None
        """The answer a proposed check would rank, named when the person is asked."""

    def _end_text(self, answers: bool = False) -> None:
        said, self._said = "".join(self._said), []
        if said.strip() and not answers:
            self.console.print(printable(said.strip("\n")), style="dim", markup=False)

    def render(self, event: Event) -> None:
        c = self.console
        if not isinstance(event, ModelText):
            self._end_text(isinstance(event, ModelCalled) and answering(event.tool_calls))
        match event:
            case RunStarted():
                self.scripted = event.scripted
                label = " [bold magenta](scripted model)[/]" if event.scripted else ""
                c.print(f"[bold]{escape(event.technique, 'rich')}[/] on "
                        f"[cyan]{escape(event.dataset, 'rich')}[/] "
                        f"({escape(event.target, 'rich')}){label}")
            case PlanMade():
                self._plan = event.steps
                title = "Plan" if event.revision == 0 else f"Plan, revision {event.revision}"
                c.print(Panel(_steps(event.steps), title=title, expand=False))
            case ModelCalled():
                if self.verbose:
                    c.print(f"[dim]model call {event.call}: {event.tokens_text()}, "
                            f"{event.seconds:.2f} s[/]")
            case StepStarted():  # the event counts from 0, as the tools do; people from 1
                c.print(f"[bold]step {event.index + 1}[/]: {escape(event.goal, 'rich')}")
            case ModelText():
                self._said.append(event.text)
            case QueryStarted():
                if event.step is not None and 0 <= event.step < len(self._plan):
                    goal = " ".join(self._plan[event.step].goal.split())
                    self._queries[event.query_id] = (f"{event.query_id} (step "
                                                     f"{event.step + 1}, {goal})")
                lexer = "sql" if event.language == "sql" else "cypher"
                if event.plan_holds:  # what the model said of the plan after the last result
                    holds = ("the plan holds" if event.plan_holds == "yes" else
                             "the plan no longer holds: "
                             + event.plan_holds.removeprefix("no").lstrip(": "))
                    c.print(f"[dim]{escape(holds, 'rich')}[/]")
                c.print(f"[bold]{event.query_id}[/] {event.language}"
                        + (f" · {escape(event.thought, 'rich')}" if event.thought else ""))
                c.print(Syntax(printable(event.query), lexer, word_wrap=True))
            case QueryFinished():
                c.print(_table(event, self.columns))
                for note in event.incomplete:  # a server limit cut the result short
                    c.print(f"[bold yellow]{event.query_id} incomplete[/]: "
                            f"{escape(printable(note), 'rich')}")
            case QueryRefused():
                c.print(f"[bold red]{event.query_id} refused[/] ({event.rule}): "
                        f"{escape(event.reason, 'rich')}")
            case QueryFailed():
                c.print(f"[bold yellow]{event.query_id} failed[/]: "
                        f"{escape(event.error, 'rich')}")
            case SchemaChosen():
                if self.verbose:
                    c.print(f"[dim]{escape(event.title(), 'rich')}[/]")
                    for name, why in zip(event.shown, event.reasons, strict=True):
                        c.print(f"[dim]  {escape(name, 'rich')}: {escape(why, 'rich')}[/]")
            case SchemaLookedUp():
                what = "searched the schema for" if event.tool == "search_schema" else (
                    "described")
                found = ", ".join(event.found) or "nothing matched"
                c.print(f"[dim]{what} {escape(event.request, 'rich')}: "
                        f"{escape(found, 'rich')}[/]")
            case MonitorNoticed():
                kept = " (the answer stands)" if event.kept else ""
                c.print(f"[bold yellow]noticed{kept}[/]: {escape(event.for_people(), 'rich')}")
            case ReplanProposed() if event.by == "monitor":
                c.print(Panel(f"{escape(event.reason, 'rich')}\n\nIf approved, the assistant "
                              "writes a new plan for this.", title="The assistant noticed",
                              expand=False))
            case ReplanProposed():
                who = "The simulator objects" if event.by == "simulator" else "Re-plan proposed"
                c.print(Panel(f"{escape(event.reason, 'rich')}\n\n[bold]new plan[/]\n"
                              f"{_steps(event.new_steps)}", title=who, expand=False))
            case CheckProposed():
                c.print(Panel("\n".join(proposal_lines(event, "rich")), expand=False,
                              title="A check for the answer"))
            case AwaitingConfirmation():
                if event.about == "check" and self._answer is not None:
                    c.print("The assistant answered "
                            f"[bold]{escape(named(self._answer), 'rich')}[/].")
                c.print(f"[bold]{escape(event.question, 'rich')}[/]")
            case ReplanDecided():  # every front end's words, and who decided
                c.print(decided_line(event.approved, event.about, event.by))
            case AnswerProposed():
                self._answer = event  # said with the verdict, from `answer_checked`
            case SimulatorChecked():
                pass  # said with the verdict, from `answer_checked`
            case AnswerChecked():
                lines = answer_lines(event.answer, event.check, event.note, style="rich",
                                     scripted=event.scripted, queries=self._queries,
                                     columns=self.columns.header,
                                     changes=event.changes)
                title = "Answer" + (" [bold magenta](scripted model)[/]" if event.scripted
                                    else "")
                c.print(Panel("\n".join(lines), title=title, expand=False))
                self._answered = True
            case CandidateSimulated():
                c.print(f"what-if [bold]{escape(str(event.decision), 'rich')}[/]: "
                        f"{escape(event.description, 'rich')} = "
                        f"{event.value} (no decision: {event.baseline})")
            case RunFinished():
                if not self._answered:
                    c.print(f"[bold]No decision was reached[/]: {stop_text(event.stop_reason)}")
                if event.stop_reason != "answered":
                    c.print(f"The run stopped early: {stop_text(event.stop_reason)}.")
                for note in event.plan_notes:  # what the plan checks found and let stand
                    c.print(f"[yellow]plan check[/]: {escape(printable(note), 'rich')}")
                u = event.usage
                spent = (f"{_plural(u.model_calls, 'model call')} ({u.tokens_text()}), "
                         if self.verbose else "")
                c.print(f"[dim]{_plural(event.queries, 'query', 'queries')}, "
                        f"{_plural(event.replans, 're-plan')}, {spent}"
                        f"{event.seconds:.1f} s[/]")
            case RunFailed():
                c.print(f"[bold red]failed while {event.stage}[/]: "
                        f"{escape(event.message, 'rich')}")
            case _:
                assert_never(event)



def _plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else many or one + 's'}"


def _steps(steps: tuple[PlanStep, ...]) -> str:
    marks = {"pending": " ", "running": "~", "done": "x", "skipped": "-"}
    return "\n".join(
        f"\\[{marks[s.status]}] {i}. {escape(s.goal, 'rich')} ({escape(s.source, 'rich')})"
        + _reads(s)
        for i, s in enumerate(steps, start=1)  # people count from 1; the tools from 0
    )


def _reads(step: PlanStep) -> str:
    """What a step reads and yields, on the line under it (nothing when it did not say)."""
    parts = []
    if step.reads:
        parts.append("reads: " + ", ".join(step.reads))
    if step.yields:
        parts.append("yields: " + step.yields)
    if not parts:
        return ""
    return "\n      [dim]" + escape(printable("; ".join(parts), one_line=True), "rich") + "[/]"


def _table(event: QueryFinished, columns: Columns) -> RichTable:
    more = "" if len(event.preview) >= event.total_rows else f", first {len(event.preview)}"
    table = RichTable(title=f"{event.query_id}: {event.total_rows} rows{more}, "
                      f"{event.elapsed_ms:.1f} ms", title_justify="left")
    for col in event.columns:
        table.add_column(escape(columns.header(col), "rich"))
    for row in columns.cells(event.columns, event.preview):
        table.add_row(*(_cell(v) for v in row))
    return table


def _cell(text: str) -> str:
    return escape(printable(text[:60], one_line=True), "rich")
