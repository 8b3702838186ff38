"""One view of a run's events as text, for the front ends that speak in messages rather than
draw steps: Slack, the API and MCP (the chat draws steps, app/steps.py; the terminal prints
with rich, planrag/engine/render.py).

`TextView.messages(event)` is what to post now (each item one message, in the view's markup
style); the queries' outcomes are gathered and posted as one "Queries:" message before the
next thing worth a message, and `end()` posts what is left. One `match` over every event
ends in `assert_never`, so a new kind of event cannot be forgotten here. Everything a model
or the data wrote is escaped for the style (`planrag.markup`); the wording of answers,
proposals, consent outcomes and runs without a decision is `planrag.engine.verdict`'s.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import assert_never

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
from planrag.engine.verdict import (
    answer_lines,
    bold,
    decided_line,
    named,
    no_decision,
    proposal_lines,
)
from planrag.markup import Style, code_span, escape
from planrag.present import Columns

__all__ = ["TextView", "pause_words"]

_ITALIC: dict[Style, str] = {"markdown": "_{}_", "text": "_{}_", "slack": "_{}_",
                             "rich": "[italic]{}[/italic]", "plain": "{}"}


def pause_words(paused: AwaitingConfirmation, proposed: ReplanProposed | None,
                style: Style, answered: AnswerProposed | None = None) -> tuple[str, str]:
    """What a pause asks, and what *approve* and *keep* do, in one wording for every front
    end that asks in text: (the question, how to answer it). A proposed check's question
    names the answer it would rank (`answered`), as the chat's and MCP's do."""
    if paused.about == "check":
        ranks = ("" if answered is None else "\n\nThe assistant answered "
                 + bold(escape(named(answered), style), style) + ".")
        return (escape(paused.question, style) + ranks,
                f"Reply {bold('approve', style)} to rank the answer with the proposed check, or "
                f"{bold('keep', style)} to leave it unchecked.")
    if proposed is not None and proposed.by == "monitor":
        return (f"{bold('The assistant noticed:', style)} {escape(proposed.reason, style)} "
                f"{bold('Re-plan?', style)}",
                f"Reply {bold('approve', style)} to let it write a new plan for this, or "
                f"{bold('keep', style)} to go on with the current one.")
    reason = escape(proposed.reason if proposed else paused.question, style)
    steps = steps_text(proposed.new_steps, style) if proposed else ""
    return (f"{bold('Re-plan proposed:', style)} {reason}" + (f"\n{steps}" if steps else ""),
            f"Reply {bold('approve', style)} to follow the new plan, or "
            f"{bold('keep', style)} to stay "
            "with the current one.")


def steps_text(steps: tuple[PlanStep, ...], style: Style) -> str:
    """A plan's steps as a numbered list, each goal escaped, with what the step reads."""
    return "\n".join(f"{i}. {escape(s.goal, style)}{_reads(s, style)}"
                     for i, s in enumerate(steps, 1))


def _reads(step: PlanStep, style: Style) -> str:
    if not step.reads:
        return ""
    return f" (reads: {escape(', '.join(step.reads), style)})"


@dataclass
class TextView:
    """A run's events as messages in `style`; one view per run (it remembers the plan, the
    queries and what is proposed)."""

    style: Style
    mark: bool = False
    """Each question of a pause ends with its run's id ("(run 7f3a...)"), by which a reply
    finds it (the API's conversations carry no key of their own)."""
    scripted: bool = False
    plan: tuple[PlanStep, ...] = ()
    queries: dict[str, str] = field(default_factory=dict)
    """Each query id with the plan step it served, for the answer's "Based on ..."."""
    sql: bool = False
    """Each query's outcome is told with its text (the API's "How it was found")."""
    proposed: ReplanProposed | None = None
    answered: AnswerProposed | None = None
    trace: list[str] = field(default_factory=list)
    texts: dict[str, str] = field(default_factory=dict)
    """Each query id with its text on one line, when `sql`."""
    names: Callable[[str], Mapping[str, str]] | None = None
    """How a dataset (by its reference) names its result columns for people
    (`RunService.column_names`): read when the run starts, so footnotes name columns as the
    chat's tables do."""
    columns: Columns = field(default_factory=Columns)

    def messages(self, event: Event) -> list[str]:
        """What to post for `event` now (often nothing: it is gathered, or not shown)."""
        style = self.style
        match event:
            case RunStarted():
                self.scripted = event.scripted
                if self.names is not None:
                    self.columns = Columns(self.names(event.dataset))
            case PlanMade():
                self.plan = event.steps
                title = ("Plan" if event.revision == 0 else
                         f"New plan (revision {event.revision})")
                scripted = " (scripted)" if self.scripted else ""
                return [f"{bold(title, style)}{scripted}\n{steps_text(event.steps, style)}"]
            case QueryStarted():
                if self.sql:
                    self.texts[event.query_id] = " ".join(event.query.split())
                if event.step is not None and 0 <= event.step < len(self.plan):
                    goal = " ".join(self.plan[event.step].goal.split())
                    self.queries[event.query_id] = (f"{event.query_id} (step "
                                                    f"{event.step + 1}, {goal})")
            case QueryFinished():
                cut = ", incomplete (a server limit cut it short)" if event.incomplete else ""
                self.trace.append(f"{self._query(event.query_id)}: {event.total_rows} "
                                  f"rows{cut}, {event.elapsed_ms:.0f} ms")
            case QueryRefused():
                self.trace.append(f"{self._query(event.query_id)}: refused "
                                  f"({escape(event.rule, style)})")
            case QueryFailed():
                self.trace.append(f"{self._query(event.query_id)}: failed "
                                  f"({escape(event.error[:80], style)})")
            case MonitorNoticed():
                kept = " (the answer stands)" if event.kept else ""
                self.trace.append(f"noticed{kept}: {escape(event.for_people(), style)}")
            case ReplanProposed():
                self.proposed = event
            case CheckProposed():
                return [*self.end(), "\n".join(proposal_lines(event, style))]
            case AwaitingConfirmation():
                question, how = pause_words(event, self.proposed, style, self.answered)
                run = f" (run {event.run_id})" if self.mark else ""
                return [*self.end(), f"{question}\n\n{how}{run}"]
            case ReplanDecided():
                return [decided_line(event.approved, event.about, event.by)]
            case AnswerProposed():
                self.answered = event
            case AnswerChecked():
                answer = answer_lines(event.answer, event.check, event.note, style=style,
                                      scripted=event.scripted, queries=self.queries,
                                      columns=self.columns.header, changes=event.changes)
                return [*self.end(), "\n".join(answer)]
            case RunFinished():
                said = self.end()
                if event.decision is None:
                    said.append(no_decision(event.stop_reason))
                if event.plan_notes:
                    notes = "; ".join(escape(" ".join(n.split()), style)
                                      for n in event.plan_notes)
                    said.append(_ITALIC[style].format("The plan checks noted:") + " " + notes)
                return said
            case RunFailed():
                return [*self.end(), f"Something went wrong while {event.stage}: "
                                     f"{escape(event.message, style)}"]
            case (StepStarted() | ModelText() | ModelCalled() | CandidateSimulated()
                  | SimulatorChecked() | SchemaChosen() | SchemaLookedUp()):
                pass  # the steps' detail: the chat and the terminal show it, text does not
            case _:
                assert_never(event)
        return []

    def resuming(self, state: str) -> None:
        """The run goes on from its pause (`state`, its JSON): its plan and the queries it
        ran before the pause, which its answer names, as a view that saw them knows them."""
        from planrag.engine.state import RunState

        try:
            run = RunState.model_validate_json(state)
        except ValueError:
            return  # a state that cannot be read names its queries by id alone
        self.plan = tuple(PlanStep(s.goal, s.source, reads=tuple(s.reads))
                          for s in run.plan or ())
        for query in run.queries:
            if query.step is not None and 0 <= query.step < len(self.plan):
                goal = " ".join(self.plan[query.step].goal.split())
                self.queries[query.id] = f"{query.id} (step {query.step + 1}, {goal})"

    def _query(self, query_id: str) -> str:
        """A query as its outcome names it: its id, and its text when `sql`."""
        text = self.texts.get(query_id)
        return f"{query_id} {code_span(text)}" if text else query_id

    def end(self) -> list[str]:
        """The queries' outcomes gathered so far, as one message (and forgotten)."""
        if not self.trace:
            return []
        said = ["Queries: " + "; ".join(self.trace)]
        self.trace.clear()
        return said
