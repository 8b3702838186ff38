"""The chat session behind the Chainlit app: one object per browser session.

It turns the engine's events into Chainlit steps and messages (the plan as a step whose
children are its steps, each query a nested step with its SQL or Cypher, timing and rows as a
table element; the model's text streamed; re-plans asked with buttons; the answer with the
simulator's check and a chart), and offers what works without a model: the datasets and
what-if analysis with the simulator. Chainlit is imported here and in `app/chat.py` only.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, ClassVar, assert_never

import chainlit as cl
from chainlit.element import Element
from pydantic import Field as PydanticField
from pydantic.dataclasses import dataclass as pydantic_dataclass

from planrag.datasets import Dataset
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
    SimulatorChecked,
    StepStarted,
)
from planrag.engine.model import Model
from planrag.errors import PlanRAGError
from planrag.settings import Settings

__all__ = ["NO_MODEL", "ChatSession", "RowsElement", "fmt", "run_scripted"]

TARGET_LABELS = {"sqlite": "Embedded SQLite", "mysql": "MySQL", "graph": "Graph (Neo4j)"}
CONSENT_TIMEOUT_S = 300
PREVIEW_ROWS = 50


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


@dataclass
class ChatSession:
    settings: Settings
    dataset: str
    target: str
    technique: str = "planrag"
    consent: str = "ask"
    history: list[Any] = field(default_factory=list)

    # -- without a model

    def model(self) -> Model | None:
        from planrag.engine.session import model_from_settings

        if not self.settings.model_configured:
            return None
        return model_from_settings(self.settings)

    def dataset_info(self) -> Dataset:
        from planrag.runtime import registry

        return registry(self.settings).get(self.dataset.split("#")[0].split("@")[0])

    async def what_if(self, text: str) -> None:
        """Rank every decision for the parameters in `text` (`name=value ...`, or a question
        id of the dataset) and show the ranking with a chart."""
        from planrag.simulators.service import simulate_dataset

        ds = self.dataset_info()
        ref = ds.id
        overrides: dict[str, Any] = {}
        for token in text.split():
            name, sep, value = token.partition("=")
            if not sep:
                ref = f"{ds.id}#{token}"
                continue
            try:
                overrides[name] = json.loads(value)
            except json.JSONDecodeError:
                overrides[name] = value
        try:
            run = await simulate_dataset(self.settings, ref, "dump", overrides)
        except PlanRAGError as exc:
            await cl.Message(content=f"The simulator could not run: {exc}").send()
            return
        result = run.result
        top = result.ranking[:10]
        rows = [[c.rank, str(c.decision), c.value, c.delta] for c in top]
        table = RowsElement(name="ranking", columns=["rank", "decision", "value", "delta"],
                            rows=rows)
        lines = [f"**What-if: {result.description}** ({result.objective}, rules {result.rules})",
                 f"Taking no decision: {result.baseline:.6g}."]
        best = result.best
        if best is not None:
            lines.append(f"Best: **{best.decision}** ({best.value:.6g}, "
                         f"{best.delta:+.6g} against no decision).")
        if result.ties:
            lines.append("Tied exactly with: " + ", ".join(map(str, result.ties[:10])))
        if result.near_ties:
            lines.append("Near-ties: " + ", ".join(map(str, result.near_ties[:10])))
        for other in result.others:
            if not other.agrees:
                lines.append(f"Rule set `{other.rules}` would choose {other.best}.")
        elements: list[Element] = [table]
        chart = _chart([(c.decision, c.value) for c in top], result.description,
                       result.baseline)
        if chart is not None:
            elements.append(chart)
        await cl.Message(content="\n\n".join(lines), elements=elements).send()

    # -- a question

    async def ask(self, question: str, model: Model | None = None) -> None:
        """Answer with the configured model, or with `model` (the scripted walkthrough)."""
        from planrag.engine.session import engine_config, open_engine
        from planrag.engine.state import Turn

        scripted = model is not None
        model = model or self.model()
        if model is None:
            await cl.Message(content=NO_MODEL).send()
            return
        consent = "ask" if scripted else self.consent
        config = engine_config(self.settings, technique=self.technique, consent=consent)
        view = _RunView(self)
        history = [] if scripted else self.history[-6:]
        try:
            async with open_engine(self.settings, self.dataset, self.target, model,
                                   config) as engine:
                async for event in engine.run_with_consent(question, view.ask_consent,
                                                           history=history):
                    await view.show(event)
        except PlanRAGError as exc:
            await cl.ErrorMessage(content=f"The question could not be answered: {exc}").send()
            return
        if view.answer is not None and not scripted:
            self.history.append(Turn(question=question, decision=view.answer.decision,
                                     rationale=view.answer.rationale))


NO_MODEL = (
    "No model is configured, so I cannot answer questions yet. To use one, set "
    "`PLANRAG_MODEL` and `PLANRAG_MODEL_API_KEY` (OpenAI), or `PLANRAG_MODEL` and "
    "`PLANRAG_MODEL_BASE_URL` (Ollama: `http://127.0.0.1:11434/v1`, vLLM, llama.cpp) in the "
    "environment or `.env`, then restart.\n\n"
    "Without a model you can still browse the datasets (`/datasets`) and run what-if "
    "analyses with the simulator (`/whatif` followed by parameters such as `country=SWE`, "
    "or a question id such as `locating-1`). `/scripted QUESTION` runs a scripted "
    "walkthrough on DQA questions (its answers come from a fixed policy, not a model)."
)


class _RunView:
    """Renders one run's events; keeps the steps it opened."""

    def __init__(self, session: ChatSession) -> None:
        self.session = session
        self.plan_step: cl.Step | None = None
        self.children: list[cl.Step] = []
        self.queries: dict[str, cl.Step] = {}
        self.query_step: dict[str, int] = {}
        self.text: cl.Message | None = None
        self.answer: AnswerProposed | None = None
        self.scripted = False
        self.plan: tuple[PlanStep, ...] = ()
        self.pending: ReplanProposed | None = None
        self.checked = False

    async def _end_text(self) -> None:
        if self.text is not None:
            await self.text.send()
            self.text = None

    def _label(self) -> str:
        return " (scripted)" if self.scripted else ""

    async def show(self, event: Event) -> None:
        if not isinstance(event, ModelText | ModelCalled):
            await self._end_text()
        match event:
            case RunStarted():
                self.scripted = event.scripted
                if event.scripted:
                    await cl.Message(content="_Scripted walkthrough: the answers below come "
                                     "from a fixed policy, not from a model._").send()
            case ModelText():
                if self.text is None:
                    self.text = cl.Message(content="", author="Assistant" + self._label())
                await self.text.stream_token(event.text)
            case ModelCalled():
                pass
            case PlanMade():
                await self._plan(event)
            case StepStarted():
                if event.index < len(self.children):
                    child = self.children[event.index]
                    child.output = "running"
                    await child.update()
            case QueryStarted():
                parent = self.plan_step
                if event.step is not None and event.step < len(self.children):
                    parent = self.children[event.step]
                step = cl.Step(name=f"{event.query_id} · {event.language.upper()}",
                               type="tool", parent_id=parent.id if parent else None,
                               show_input=event.language)
                step.input = event.query
                await step.send()
                self.queries[event.query_id] = step
                if event.step is not None:
                    self.query_step[event.query_id] = event.step
            case QueryFinished():
                step = self.queries.get(event.query_id)
                if step is not None:
                    more = ("" if len(event.preview) >= event.total_rows
                            else f" (showing {len(event.preview)})")
                    cut = "; the source stopped at its cap" if event.truncated else ""
                    step.output = (f"{event.total_rows} rows{more}{cut} in "
                                   f"{event.elapsed_ms:.1f} ms")
                    step.elements = [RowsElement(
                        name=f"{event.query_id} rows", columns=list(event.columns),
                        rows=[list(r) for r in event.preview[:PREVIEW_ROWS]],
                        for_id=step.id)]
                    await step.update()
                index = self.query_step.get(event.query_id)
                if index is not None and index < len(self.children):
                    self.children[index].output = "done"
                    await self.children[index].update()
            case QueryRefused():
                await self._query_end(event.query_id,
                                      f"Refused by the read-only guard ({event.rule}): "
                                      f"{event.reason}", error=True)
            case QueryFailed():
                await self._query_end(event.query_id, f"Failed: {event.error}", error=True)
            case ReplanProposed():
                self.pending = event
            case AwaitingConfirmation():
                pass  # asked by ask_consent
            case ReplanDecided():
                verdict = "approved" if event.approved else "kept the current plan"
                who = {"person": "you", "policy": "policy", "timeout": "no answer in time"}
                await cl.Message(content=f"Re-plan {verdict} ({who[event.by]}).").send()
            case AnswerProposed():
                self.answer = event
            case CandidateSimulated():
                await cl.Message(content=f"What-if {event.decision}: {event.description} = "
                                 f"{event.value:.6g} (no decision {event.baseline:.6g})").send()
            case SimulatorChecked():
                await self._final(event)
            case RunFinished():
                if self.answer is not None and not self.checked:
                    await self._final(None, event.check_note)
                elif self.answer is None:
                    await cl.Message(content=f"No decision was reached ({event.stop_reason})."
                                     ).send()
                if event.stop_reason.startswith("budget:"):
                    await cl.Message(content=f"The run ended on its "
                                     f"{event.stop_reason.split(':', 1)[1]} budget.").send()
            case RunFailed():
                await cl.ErrorMessage(content=f"Something went wrong while {event.stage}: "
                                      f"{event.message}").send()
            case _:
                assert_never(event)

    async def _plan(self, event: PlanMade) -> None:
        title = "Plan" if event.revision == 0 else f"Plan, revision {event.revision}"
        self.plan_step = cl.Step(name=title + self._label(), type="run", default_open=True)
        self.plan_step.output = event.reason or f"{len(event.steps)} steps"
        await self.plan_step.send()
        self.children = []
        for i, s in enumerate(event.steps):
            child = cl.Step(name=f"{i + 1}. {s.goal}", type="undefined",
                            parent_id=self.plan_step.id)
            child.output = f"source: {s.source}"
            await child.send()
            self.children.append(child)
        self.plan = event.steps

    async def _query_end(self, query_id: str, text: str, *, error: bool) -> None:
        step = self.queries.get(query_id)
        if step is None:
            return
        step.output = text
        step.is_error = error
        await step.update()

    async def ask_consent(self, paused: AwaitingConfirmation) -> bool | None:
        pending = self.pending
        old = [s.goal for s in (pending.old_steps if pending else ())]
        new = [s.goal for s in (pending.new_steps if pending else ())]
        who = ("The simulator disagrees with the answer"
               if pending and pending.by == "simulator" else "The assistant proposes a new plan")
        rows = [f"| {i + 1} | {_cell(old, i)} | {_cell(new, i)} |"
                for i in range(max(len(old), len(new)))]
        content = (f"**{who}.**\n\n{pending.reason if pending else paused.question}\n\n"
                   "| step | current plan | proposed plan |\n|---|---|---|\n" + "\n".join(rows))
        answer = await cl.AskActionMessage(
            content=content,
            actions=[
                cl.Action(name="approve", payload={"approved": True}, label="Approve"),
                cl.Action(name="keep", payload={"approved": False},
                          label="Keep the current plan"),
            ],
            timeout=CONSENT_TIMEOUT_S,
        ).send()
        if not answer:
            return None
        payload = answer.get("payload") or {}
        return bool(payload.get("approved"))

    async def _final(self, check: SimulatorChecked | None, note: str = "") -> None:
        self.checked = True
        answer = self.answer
        if answer is None:
            return
        refs = ", ".join(answer.query_ids) or "no query"
        lines = [f"**Decision: {answer.decision}**{self._label()}",
                 f"{answer.rationale}", f"_Based on: {refs}_"]
        elements: list[Element] = []
        if check is not None:
            verdict = ("agrees" if check.agrees else "does **not** agree")
            rank = (f"rank {check.rank} of {check.candidates}" if check.rank
                    else "not one of the candidates")
            lines.append(
                f"**Simulator check** ({check.simulator}, rules {check.rules}): {verdict}; "
                f"{rank}. {check.description}: {fmt(check.value)} against "
                f"{fmt(check.baseline)} with no decision."
            )
            if not check.agrees:
                lines.append(f"Best candidate: **{check.best}** ({fmt(check.best_value)}, "
                             f"gap {fmt(check.gap)}).")
            if check.ties:
                lines.append("Tied exactly with: " + ", ".join(map(str, check.ties[:10])))
            if check.near_ties:
                lines.append("Near-ties: " + ", ".join(map(str, check.near_ties[:10])))
            if check.note:
                lines.append(f"_{check.note}_")
            chart = _chart(list(check.top), check.description, check.baseline,
                           highlight=check.decision)
            if chart is not None:
                elements.append(chart)
        elif note:
            lines.append(f"_{note}_")
        await cl.Message(content="\n\n".join(lines), elements=elements).send()


def _cell(goals: list[str], i: int) -> str:
    return goals[i].replace("|", "/") if i < len(goals) else "-"


def fmt(value: float | None) -> str:
    """A simulated value for people (six significant digits), or '-'."""
    return "-" if value is None else f"{value:.6g}"


def _chart(
    pairs: list[tuple[Any, float]], title: str, baseline: float, highlight: Any = None
) -> Element | None:
    try:
        import plotly.graph_objects as go
    except ImportError:
        return None
    if not pairs:
        return None
    labels = [str(d) for d, _ in pairs]
    colors = ["#d9480f" if str(d) == str(highlight) else "#1c7ed6" for d, _ in pairs]
    figure = go.Figure(go.Bar(x=labels, y=[v for _, v in pairs], marker_color=colors))
    figure.add_hline(y=baseline, line_dash="dot", annotation_text="no decision")
    figure.update_layout(title=title, margin={"l": 40, "r": 20, "t": 40, "b": 40})
    return cl.Plotly(name="top candidates", figure=figure, display="inline")


async def run_scripted(session: ChatSession, question: str) -> None:
    """The scripted walkthrough: the DQA policy answers instead of a model."""
    from planrag.engine.policy import policy_model

    await session.ask(question, model=policy_model())
