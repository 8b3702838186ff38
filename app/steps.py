# mypy: disable-error-code="no-untyped-call"
# (Chainlit's API is untyped.)
"""How one run looks in the chat: the engine's events as Chainlit steps and messages.

The plan is a step whose children are its steps, each query a nested step with its SQL or
Cypher, timing and rows as a table element; refused and failed queries are marked as errors;
the model's words are shown reply by reply, except those of the reply that answers (nothing
above the verdict names a decision); a re-plan is asked with buttons and kept on record with
what was decided; the answer comes with the simulator's check and a chart.

Chainlit shows messages and step outputs as Markdown, so every piece written by a model or
coming from data is escaped there (`planrag.markup`): it reads literally and never becomes an
image, raw HTML or a link whose words hide its target. Queries are shown in code blocks
they cannot close. Step names and table cells are shown as plain text by Chainlit itself.

Ordering: Chainlit shows a run's messages in the order they arrive, but only among siblings:
a step sent without a parent lands after the whole run that produced it. Every top-level
step here is therefore a child of the run in progress (`cl.context.current_step`), as
Chainlit's own messages are.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar, assert_never

import chainlit as cl
from chainlit.config import config as chainlit_config
from chainlit.element import Element
from pydantic import Field as PydanticField
from pydantic.dataclasses import dataclass as pydantic_dataclass

from app.charts import decision_chart
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
    PlanChange,
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
    no_decision,
    proposal_lines,
    proposal_queries,
    stop_words,
)
from planrag.markup import code_span, escape, fenced
from planrag.present import Columns, Format, readable_ids
from planrag.settings import Settings
from planrag.spreadsheet import to_csv

__all__ = ["PREVIEW_ROWS", "RowsElement", "RunView", "avatar", "csv_text", "duration", "plural"]

PREVIEW_ROWS = 50
CHECK_QUERIES = Path(chainlit_config.root) / "public" / "elements" / "CheckQueries.jsx"
"""The element that shows a proposed check's queries, closed (Chainlit serves it from
APP_ROOT/public)."""
"""Rows of a query's table shown in the chat (the engine keeps the whole fetched table)."""


def avatar() -> dict[str, str]:
    """Metadata that gives a step or message the assistant's avatar whatever its name (the
    avatar is looked up by name, and names such as "Plan, revision 1" are not valid ids)."""
    return {"avatarName": chainlit_config.ui.name}


def duration(seconds: float) -> str:
    """A wait for people: "5 minutes", "90 seconds", "1 hour"."""
    if seconds >= 3600 and seconds % 3600 == 0:
        n, unit = seconds / 3600, "hour"
    elif seconds >= 60 and seconds % 60 == 0:
        n, unit = seconds / 60, "minute"
    else:
        n, unit = seconds, "second"
    return f"{n:g} {unit}{'' if n == 1 else 's'}"


def query_title(query_id: str, language: str) -> str:
    """"Query 2 · SQL" for q2."""
    number = query_id[1:] if query_id[:1] == "q" and query_id[1:].isdigit() else query_id
    return f"Query {number} · {'SQL' if language == 'sql' else 'Cypher'}"


def csv_text(columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> bytes:
    """A table as CSV with exact values (what a person downloads), UTF-8 with a BOM so
    spreadsheet programs read it right; text that would be a formula is not one
    (planrag.spreadsheet)."""
    return ("\ufeff" + to_csv(columns, rows)).encode("utf-8")


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


@pydantic_dataclass
class RowsElement(Element):
    """A table element (Chainlit's dataframe view) built from rows, without pandas."""

    type: ClassVar[Any] = "dataframe"
    columns: list[str] = PydanticField(default_factory=list)
    rows: list[list[Any]] = PydanticField(default_factory=list)
    size: Any = "large"

    def __post_init__(self) -> None:
        self.content = json.dumps(
            {"columns": self.columns, "index": list(range(len(self.rows))), "data": self.rows},
            default=str,
        )
        self.mime = "text/plain"  # the view parses the text itself (as for Chainlit's own)
        super().__post_init__()


class RunView:
    """Renders one run's events; keeps the steps it opened."""

    def __init__(
        self, settings: Settings, consent: str = "ask",
        columns: Columns | dict[str, str] | None = None,
    ) -> None:
        self.settings = settings
        self.columns = columns if isinstance(columns, Columns) else Columns(columns or {})
        """How the dataset's result tables read for people (planrag.present.Columns): its
        manifest's [column_names], yes/no, values by name."""
        self.consent = consent
        self.engine: Any = None
        """The engine, for the whole fetched table of a query (set once it is open)."""
        self.run_id = ""
        self.parent = _current_step_id()
        """The Chainlit run (e.g. on_message) this run belongs to: the parent of every
        top-level step, so the story reads in the order it happened."""
        self.plan_step: cl.Step | None = None
        self.children: list[cl.Step] = []
        self.current: int | None = None
        """The plan step worked on last: where a query that names no step belongs."""
        self.queries: dict[str, cl.Step] = {}
        self.query_step: dict[str, int] = {}
        self.said: list[str] = []
        """The model's words of the reply in progress: shown when the reply ends, unless it
        is the reply that answers (its words would stand above the verdict and may name
        another decision; the answer says the decision, verdict first)."""
        self.answer: AnswerProposed | None = None
        self.scripted = False
        self.plan: tuple[PlanStep, ...] = ()
        self.pending: ReplanProposed | None = None
        self.check_proposed: CheckProposed | None = None
        """A check the assistant proposed in this run (shown as a card)."""
        self.asked: cl.AskActionMessage | None = None
        self.checked = False
        self.question = ""
        self.record: dict[str, list[str]] = {}
        """Each query's language, text and outcome, for the answer's Markdown download."""
        self.turns: dict[str, str] = {}
        """What the model said with each query: its step, why, whether the plan holds."""
        self.check: SimulatorChecked | None = None
        self.answer_message: cl.Message | None = None
        """The answer as posted. The page puts the thumbs on the last message of the
        Chainlit run it was posted in, and rates that run (its `parent_id`)."""
        self.proposal = ""
        """How a proposal asked before a restart reads (its full record is not kept)."""

    async def _end_text(self, answers: bool = False) -> None:
        said, self.said = "".join(self.said), []
        if said.strip() and not answers:
            await cl.Message(content=escape(said.strip("\n"), "markdown"),
                             author="Assistant" + self._label(), metadata=avatar()).send()

    def _label(self) -> str:
        return " (scripted)" if self.scripted else ""

    def opened(self, engine: Any) -> None:
        """The run's engine, before it starts: whole query tables are read from it."""
        self.engine = engine

    async def show(self, event: Event) -> None:
        if not isinstance(event, ModelText):
            await self._end_text(isinstance(event, ModelCalled)
                                 and answering(event.tool_calls))
        match event:
            case RunStarted():
                self.scripted = event.scripted
                self.run_id = event.run_id
                self.question = event.question
                if event.scripted:
                    await cl.Message(content="_Scripted walkthrough: a fixed rule of thumb "
                                     "answers below, not a model._",
                                     metadata=avatar()).send()
            case ModelText():
                self.said.append(event.text)
            case ModelCalled():
                pass  # its words were shown, or dropped, just before (_end_text)
            case PlanMade():
                await self._plan(event)
            case StepStarted():
                self.current = event.index
                await self._child_status(event.index, "running")
            case QueryStarted():
                index = event.step if event.step is not None else self.current
                parent = self.plan_step
                if index is not None and index < len(self.children):
                    parent = self.children[index]
                    self.query_step[event.query_id] = index
                    self.current = index
                step = cl.Step(name=query_title(event.query_id, event.language),
                               type="tool", parent_id=parent.id if parent else self.parent,
                               show_input=event.language)
                step.input = fenced(event.query, event.language)
                said = turn_text(event, len(self.plan))
                if said:
                    self.turns[event.query_id] = said
                    step.output = said
                await step.send()
                self.queries[event.query_id] = step
                self.record[event.query_id] = [event.language, event.query, "not finished"]
            case QueryFinished():
                if event.query_id in self.record:
                    self.record[event.query_id][2] = plural(event.total_rows, "row")
                await self._rows(event)
                index = self.query_step.get(event.query_id)
                if index is not None:
                    await self._child_status(index, "done")
            case QueryRefused():
                if event.query_id in self.record:
                    self.record[event.query_id][2] = "refused by the guard"
                await self._query_end(
                    event.query_id, "refused by the guard",
                    f"**Refused by the read-only guard:** {escape(event.reason, 'markdown')}"
                    "\n\n"
                    "Nothing ran. The assistant is told why and may rewrite the query.")
            case QueryFailed():
                if event.query_id in self.record:
                    self.record[event.query_id][2] = "failed"
                await self._query_end(
                    event.query_id, "failed",
                    f"**Failed:** {escape(event.error, 'markdown')}\n\n"
                    "The assistant is told the error and may correct the query.")
            case SchemaChosen():
                await self._schema_chosen(event)
            case SchemaLookedUp():
                await self._schema_lookup(event)
            case MonitorNoticed():
                await self._noticed(event)
            case ReplanProposed():
                self.pending = event
            case CheckProposed():
                self.check_proposed = event  # shown with its buttons beside the answer
            case AwaitingConfirmation():
                pass  # asked by ask_consent
            case ReplanDecided() if event.about == "check":
                await self._check_decided(event)
            case ReplanDecided():
                await self._decided(event)
            case AnswerProposed():
                self.answer = event
            case CandidateSimulated():
                shown = Format.of([event.value, event.baseline])  # the two read alike
                await cl.Message(content=f"What-if for {escape(str(event.decision), 'markdown')}"
                                 f": {escape(readable_ids(event.description), 'markdown')} "
                                 f"{shown.amount(event.value)}, against "
                                 f"{shown.amount(event.baseline)} if nothing changes.").send()
            case SimulatorChecked():
                self.check = event  # said with the answer, from `answer_checked`
            case AnswerChecked():
                self.answer, self.check = event.answer, event.check
                await self._final(event.check, event.note, event.changes)
            case RunFinished():
                if not self.checked:
                    await cl.Message(content=no_decision(event.stop_reason)).send()
                if event.stop_reason.startswith("budget:") and self.answer is not None:
                    await cl.Message(content="The run stopped early, so the answer rests on "
                                     f"what it had found: {stop_words(event.stop_reason)}."
                                     ).send()
                if event.plan_notes:
                    await cl.Message(content=plan_notes_text(event.plan_notes)).send()
            case RunFailed():
                await cl.ErrorMessage(content=f"Something went wrong while {event.stage}: "
                                      f"{escape(event.message, 'markdown')}").send()
            case _:
                assert_never(event)

    async def _noticed(self, event: MonitorNoticed) -> None:
        """What a monitor noticed: a small step under the query it is about (or the plan
        step being worked on, or the run)."""
        parent = self.queries.get(event.query_id or "")
        if parent is None and self.current is not None and self.current < len(self.children):
            parent = self.children[self.current]
        parent = parent or self.plan_step
        name = "Noticed" if not event.kept else "Noticed (the answer stands)"
        step = cl.Step(name=name, type="tool", parent_id=parent.id if parent else self.parent,
                       default_open=True)
        step.output = escape(event.for_people(), "markdown")
        await step.send()

    async def _schema_chosen(self, event: SchemaChosen) -> None:
        """Which tables the first prompt holds in full and why, as a closed step of the run
        (the schema was too large to show whole): one sentence of what that means, then a
        table a line. The assistant's avatar, as the plan has: the step's name is no avatar's."""
        step = cl.Step(name=event.title(), type="tool", parent_id=self.parent,
                       metadata=avatar())
        lead = (f"The database has too many {event.noun} to show the assistant all at once: "
                "it starts from these, each for the reason given, and looks up the others "
                "when it needs them.")
        step.output = "\n".join([lead, "", *(
            f"- {code_span(name)}: {escape(why, 'markdown')}"
            for name, why in zip(event.shown, event.reasons, strict=True))])
        await step.send()

    async def _schema_lookup(self, event: SchemaLookedUp) -> None:
        """A search of the schema, or tables described, as a small step under the plan
        step being worked on (or the run)."""
        parent = self.plan_step
        if self.current is not None and self.current < len(self.children):
            parent = self.children[self.current]
        what = "Searched the schema" if event.tool == "search_schema" else "Read tables"
        step = cl.Step(name=f"{what}: {event.request}"[:90], type="tool",
                       parent_id=parent.id if parent else self.parent)
        found = ", ".join(code_span(n) for n in event.found) or "nothing that matched"
        step.output = f"Found {found}."
        await step.send()

    async def _plan(self, event: PlanMade) -> None:
        if event.revision:
            await self._close_children(f"set aside by revision {event.revision}")
        title = "Plan" if event.revision == 0 else f"Plan, revision {event.revision}"
        self.plan_step = cl.Step(name=title + self._label(), type="run", default_open=True,
                                 parent_id=self.parent, metadata=avatar())
        count = plural(len(event.steps), "step")
        self.plan_step.output = (f"{count}; revised because {escape(event.reason, 'markdown')}"
                                 if event.reason else count)
        await self.plan_step.send()
        self.children = []
        self.current = None
        for i, s in enumerate(event.steps):
            child = cl.Step(name=plan_step_name(i, s), type="undefined",
                            parent_id=self.plan_step.id)
            child.output = plan_step_text(s)
            await child.send()
            self.children.append(child)
        self.plan = event.steps

    async def _child_status(self, index: int, status: str) -> None:
        if index < len(self.children):
            child = self.children[index]
            child.output = f"{plan_step_text(self.plan[index])} · {status}"
            await child.update()

    async def close_steps(self) -> None:
        """Plan steps still marked running when the run ends did not finish: say so."""
        await self._close_children("not finished")

    async def _close_children(self, status: str) -> None:
        """Give the current plan's steps still marked running `status` (the run ended, or a
        new plan replaces theirs)."""
        try:
            for index, child in enumerate(self.children):
                if child.output.endswith("· running"):
                    await self._child_status(index, status)
        except Exception:  # a stale label is no reason to fail the run
            return

    async def _rows(self, event: QueryFinished) -> None:
        step = self.queries.get(event.query_id)
        if step is None:
            return
        table = self.engine.table(self.run_id, event.query_id) if self.engine else None
        rows = [list(r) for r in (table.rows if table is not None else event.preview)]
        shown = rows[:PREVIEW_ROWS]
        more = ("" if len(shown) >= event.total_rows
                else f" (showing the first {len(shown)})")
        cut = "; the source stopped at its cap" if event.truncated else ""
        incomplete = "".join(f"\n\n**Incomplete**: {escape(note, 'markdown')}"
                             for note in event.incomplete)
        step.name = f"{step.name} · {plural(event.total_rows, 'row')}"
        if event.incomplete:
            step.name += " · incomplete"
        step.output = self._said(event.query_id) + (
                       f"{plural(event.total_rows, 'row')}{more}{cut} in "
                       f"{event.elapsed_ms:.1f} ms. The CSV file holds every row fetched, "
                       f"with exact values.{incomplete}")
        step.elements = [
            RowsElement(name=f"{event.query_id} rows",
                        columns=[self.columns.header(c) for c in event.columns],
                        rows=self.columns.cells(event.columns, shown),
                        for_id=step.id),
            cl.File(name=f"{event.query_id}.csv", content=csv_text(event.columns, rows),
                    mime="text/csv", display="inline", for_id=step.id),
        ]
        await step.update()

    async def _query_end(self, query_id: str, what: str, text: str) -> None:
        step = self.queries.get(query_id)
        if step is None:
            return
        step.name = f"{step.name} · {what}"
        step.output = self._said(query_id) + text
        step.is_error = True
        await step.update()

    def _said(self, query_id: str) -> str:
        """What the model said with a query (its step, why, whether the plan holds), as the
        opening paragraph of the query's step."""
        said = self.turns.get(query_id, "")
        return f"{said}\n\n" if said else ""

    def _record(self) -> str:
        """The proposal as it stays in the conversation: who proposed it, why, and the
        current and proposed plans side by side."""
        pending = self.pending
        if pending is None:
            return self.proposal or "**A change of plan was proposed.**"
        if pending.by == "monitor":
            return (f"**The assistant noticed:** {escape(pending.reason, 'markdown')} "
                    "**Re-plan?**")
        who = ("The simulator disagrees with the answer"
               if pending.by == "simulator" else "The assistant proposes a new plan")
        text = f"**Re-plan: {who}.**\n\n{escape(pending.reason, 'markdown')}"
        old = [s.goal for s in pending.old_steps]
        new = [s.goal for s in pending.new_steps]
        if old or new:
            rows = [f"| {i + 1} | {_cell(old, i)} | {_cell(new, i)} |"
                    for i in range(max(len(old), len(new)))]
            text += ("\n\n| step | current plan | proposed plan |\n|---|---|---|\n"
                     + "\n".join(rows))
        return text

    def _proposal_text(self) -> str:
        """The proposed check in words: what it ranks and what it found (its queries are
        one click away, `_queries`)."""
        if self.check_proposed is None:
            return "**A check proposed by the assistant**"
        return "\n\n".join(proposal_lines(self.check_proposed, "markdown", queries=False))

    async def _queries(self, message_id: str) -> None:
        """The proposed check's queries under the card, closed behind "Show the queries"
        (public/elements/CheckQueries.jsx); without the element's code, none (the card's
        words stand alone, and the answer's download holds the queries that ran)."""
        if self.check_proposed is None or not CHECK_QUERIES.is_file():
            return
        queries = [{"title": title, "query": query}
                   for title, query in proposal_queries(self.check_proposed)]
        element = cl.CustomElement(name=CHECK_QUERIES.stem, display="inline",
                                   props={"queries": queries, "summary": "Show the queries"})
        await element.send(for_id=message_id)

    async def _ask_check(self, paused: AwaitingConfirmation) -> bool | None:
        """The proposed check as a card beside the answer: use it to rank the answer, or
        not (the answer then stays unchecked)."""
        settings = self.settings
        wait = duration(settings.consent_timeout_s)
        default = ("it is used" if settings.consent_timeout_default == "approve"
                   else "the answer stays unchecked")
        answered = ("" if self.answer is None else "The assistant answered **"
                    + escape(named(self.answer), "markdown") + "**. ")
        self.asked = cl.AskActionMessage(
            content=f"{self._proposal_text()}\n\n{answered}_Use this check to rank the answer "
            f"against every candidate? Without an answer within {wait}: {default}._",
            actions=[
                cl.Action(name="use_check", payload={"approved": True},
                          label="Use this check"),
                cl.Action(name="skip_check", payload={"approved": False}, label="Don't"),
            ],
            timeout=settings.consent_timeout_s,
        )
        await self._queries(self.asked.id)
        answer = await self.asked.send()
        if not answer:
            return None
        return bool((answer.get("payload") or {}).get("approved"))

    async def _check_decided(self, event: ReplanDecided) -> None:
        line = f"**{decided_line(event.approved, 'check', event.by)}**"
        content = f"{self._proposal_text()}\n\n{line}"
        asked, self.asked = self.asked, None
        if asked is not None:
            asked.content = content
            await asked.update()
        else:
            message = cl.Message(content=content, metadata=avatar())
            await self._queries(message.id)
            await message.send()

    async def ask_consent(self, paused: AwaitingConfirmation) -> bool | None:
        if paused.about == "check":
            return await self._ask_check(paused)
        settings = self.settings
        wait = duration(settings.consent_timeout_s)
        default = _OUTCOME[settings.consent_timeout_default == "approve"]
        content = (f"{self._record()}\n\n_Approve the new plan, or keep the current one. "
                   f"Without an answer within {wait}, the default applies: {default}._")
        approve = "Approve"
        if self.pending is not None and self.pending.by == "monitor":
            default = _MONITOR_OUTCOME[settings.consent_timeout_default == "approve"]
            content = (f"{self._record()}\n\n_Re-plan: the assistant writes a new plan for "
                       "this. Keep: it goes on with the current plan. Without an answer "
                       f"within {wait}, the default applies: {default}._")
            approve = "Re-plan"
        self.asked = cl.AskActionMessage(
            content=content,
            actions=[
                cl.Action(name="approve", payload={"approved": True}, label=approve),
                cl.Action(name="keep", payload={"approved": False},
                          label="Keep the current plan"),
            ],
            timeout=settings.consent_timeout_s,
        )
        answer = await self.asked.send()
        if not answer:
            return None
        payload = answer.get("payload") or {}
        return bool(payload.get("approved"))

    async def _decided(self, event: ReplanDecided) -> None:
        """Keep the proposal on record with what was decided, and by whom: the prompt is
        rewritten in place (Chainlit would leave only "Selected: ..." there), or, when a
        policy decided, the record is posted."""
        line = f"**{decided_line(event.approved, 'plan', event.by)}**"
        if event.note:
            line += f" Note: {escape(event.note, 'markdown')}"
        content = f"{self._record()}\n\n{line}"
        asked, self.asked, self.pending = self.asked, None, None
        if asked is not None:
            asked.content = content
            await asked.update()
        else:
            await cl.Message(content=content, metadata=avatar()).send()

    async def _final(self, check: SimulatorChecked | None, note: str = "",
                     changes: Sequence[PlanChange] = ()) -> None:
        """The answer, verdict first (planrag.engine.verdict), with the decision chart."""
        self.checked = True
        answer = self.answer
        if answer is None:
            return
        lines = answer_lines(answer, check, note, style="markdown", scripted=self.scripted,
                             queries=self._query_names(), links=True,
                             columns=self.columns.header, changes=changes)
        kept = answer_lines(answer, check, note, style="text", scripted=self.scripted,
                            queries=self._query_names(),  # no escapes, no links to rows
                            columns=self.columns.header, changes=changes)
        elements: list[Element] = [cl.File(
            name=self._file_name(), content=self._markdown(kept).encode("utf-8"),
            mime="text/markdown", display="inline")]
        if check is not None:
            chart = decision_chart(
                list(check.top), baseline=check.baseline, description=check.description,
                unit=check.unit, digits=check.digits, best=check.best,
                chosen=None if check.agrees else check.decision,
                unchanged=check.unchanged, label=check.label,
            )
            if chart is not None:
                elements.append(chart)
        self.answer_message = cl.Message(content="\n\n".join(lines), elements=elements,
                                         metadata=avatar())
        await self.answer_message.send()

    def _query_names(self) -> dict[str, str]:
        """Each query id as the chat shows it, with the plan step it belongs to: "query 1
        (step 1, find the nodes ...)", so "Based on ..." says where to look."""
        names = {}
        for qid, (language, _query, _outcome) in self.record.items():
            title = query_title(qid, language).split(" · ")[0]
            name = title[:1].lower() + title[1:]
            index = self.query_step.get(qid)
            if index is not None and index < len(self.plan):
                goal = " ".join(self.plan[index].goal.split())
                name += f" (step {index + 1}, {goal})"
            names[qid] = name
        return names

    def _file_name(self) -> str:
        """The answer's file, named after its question ("answer-which-warehouse-should-we-
        expand.md"), so two answers downloaded do not take the same name."""
        words = re.findall(r"[a-z0-9]+", self.question.lower())[:8]
        return "-".join(["answer", *words])[:80] + ".md"

    def _markdown(self, lines: Sequence[str]) -> str:
        """The answer to take away, readable as it is (plain text that Markdown viewers also
        show): the question, the verdict and why, and every query."""
        question = " ".join(self.question.split()) or "Decision"
        out = [f"# {question}", "", *(f"{line}\n" for line in lines)]
        if self.record:
            out.append("## Queries\n")
        for qid, (language, query, outcome) in self.record.items():
            out += [f"### {query_title(qid, language)} · {outcome}", "",
                    fenced(query, language), ""]
        return "\n".join(out)


_OUTCOME = {True: "the new plan is approved", False: "the current plan is kept"}
_MONITOR_OUTCOME = {True: "the assistant re-plans", False: "the current plan is kept"}
_SOURCE = {"sql": "Reads the tables (SQL)", "cypher": "Reads the graph (Cypher)",
           "none": "No query: works from what was found"}
"""What a plan step reads, in words (its `source`)."""


def turn_text(event: QueryStarted, steps: int) -> str:
    """The paper's turn as the chat shows it on a query: "Step 2/4 · why", and what the
    model said of the plan after the last result ("The plan holds." or why not)."""
    lines = []
    where = (f"Step {event.step + 1}/{steps}" if event.step is not None and steps
             else "")
    thought = escape(event.thought, "markdown") if event.thought else ""
    if where or thought:
        lines.append(f"*{' · '.join(p for p in (where, thought) if p)}*")
    if event.plan_holds == "yes":
        lines.append("The plan holds (said after the last result).")
    elif event.plan_holds:
        why = event.plan_holds.removeprefix("no").lstrip(": ")
        lines.append("**The plan no longer holds**" + (f": {escape(why, 'markdown')}" if why
                                                        else "") + ".")
    return "\n\n".join(lines)


def plan_step_name(index: int, step: PlanStep, width: int = 140) -> str:
    """A plan step's title on the card, with what it reads, so the card shows it closed:
    "1. weekly sales per store · reads orders.qty, stores" (cut to `width`)."""
    goal = " ".join(step.goal.split())
    name = f"{index + 1}. {goal}"
    if step.reads:
        name += " \u00b7 reads " + ", ".join(step.reads)
    return name if len(name) <= width else name[:width - 1].rstrip() + "\u2026"


def plan_step_text(step: PlanStep) -> str:
    """A plan step's card in the chat: what it queries, and what it reads and yields (the
    names as the schema has them, as code; the words escaped)."""
    text = _SOURCE.get(step.source, "")
    if step.reads:
        text += "\n\nreads: " + ", ".join(code_span(r) for r in step.reads)
    if step.yields:
        text += ("\n\n" if not step.reads else "; ") + "yields: " + escape(
            " ".join(step.yields.split()), "markdown")
    return text


def plan_notes_text(notes: Sequence[str]) -> str:
    """What the plan checks found and let stand, under the answer."""
    return "**The plan checks noted:**\n\n" + "\n".join(
        f"- {escape(' '.join(n.split()), 'markdown')}" for n in notes)


def _current_step_id() -> str | None:
    """The id of the Chainlit step (run) the code runs in, if any."""
    try:
        step = cl.context.current_step
    except Exception:  # no Chainlit context (a test calling the view directly)
        return None
    return str(step.id) if step is not None else None


def _cell(goals: list[str], i: int) -> str:
    """A plan step's goal in a Markdown table cell: one line, escaped (a pipe too)."""
    return escape(" ".join(goals[i].split()), "markdown") if i < len(goals) else "-"
