# mypy: disable-error-code="no-untyped-call"
# (Chainlit's API is untyped.)
"""The chat session behind the Chainlit app: one object per browser session.

It turns the engine's events into Chainlit steps and messages (the plan as a step whose
children are its steps, each query a nested step with its SQL or Cypher, timing and rows as a
table element; refused and failed queries marked as errors; the model's text streamed;
re-plans asked with buttons and kept on record with what was decided; the answer with the
simulator's check and a chart), and offers what works without a model: the datasets and
what-if analysis with the simulator (a form of the simulator's parameters, with the values
the data allows). Chainlit is imported here and in `app/chat.py` only.

Ordering: Chainlit shows a run's messages in the order they arrive, but only among siblings:
a step sent without a parent lands after the whole run that produced it. Every top-level
step here is therefore a child of the run in progress (`cl.context.current_step`), as
Chainlit's own messages are.
"""

from __future__ import annotations

import enum
import json
import re
import types
import typing
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, Literal, assert_never

import chainlit as cl
from chainlit.config import config as chainlit_config
from chainlit.element import Element
from pydantic import Field as PydanticField
from pydantic.dataclasses import dataclass as pydantic_dataclass

from app.console import first_line
from planrag.datasets import Dataset, Question
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

__all__ = [
    "NO_MODEL",
    "ChatSession",
    "RowsElement",
    "WhatIfParameter",
    "duration",
    "fmt",
    "question_actions",
    "question_labels",
    "run_scripted",
    "what_if_parameters",
]

TARGET_LABELS = {"sqlite": "Embedded SQLite", "mysql": "MySQL", "graph": "Graph (Neo4j)"}
PREVIEW_ROWS = 50
"""Rows of a query's table shown in the chat (the engine keeps the whole fetched table)."""
_FORM = Path(chainlit_config.root) / "public" / "elements" / "WhatIfForm.jsx"
"""The what-if form, a Chainlit custom element (Chainlit serves it from APP_ROOT/public)."""


def _avatar() -> dict[str, str]:
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


def _plural(n: int, word: str) -> str:
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
        """`/whatif`: with nothing after it, the form of the simulator's parameters; with
        `name=value ...` and/or a question id of the dataset, the ranking for them."""
        ds = self.dataset_info()
        if not text.strip():
            await self.what_if_form()
            return
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
        await self._what_if_run(ref, overrides)

    async def what_if_form(self) -> None:
        """What the simulator takes, each parameter with its meaning and the values the data
        allows, as a form to fill in (and buttons for the sample questions' parameters)."""
        from planrag.simulators.service import dataset_simulator

        ds = self.dataset_info()
        if not ds.simulator:
            await cl.Message(content=f"**{ds.title}** has no simulator, so there is no "
                             "what-if analysis for it. `/datasets` lists the datasets; the "
                             "settings panel switches to another.").send()
            return
        try:
            sim = dataset_simulator(ds)
            params = what_if_parameters(self.settings, ds)
        except PlanRAGError as exc:
            await cl.Message(content=f"The simulator could not be prepared: {exc}").send()
            return
        decision = sim.Decision.model_fields[sim.decision_field()]
        lines = [f"**What-if analysis: {sim.title}** on {ds.title}",
                 f"Pick the parameters; the simulator then ranks every possible decision "
                 f"({decision.description or sim.decision_field()}) by its effect, best "
                 f"first ({sim.objective}), against taking no decision."]
        elements: list[Element] = []
        if _FORM.is_file():
            elements.append(cl.CustomElement(name=_FORM.stem, display="inline", props={
                "form": uuid.uuid4().hex[:8],
                "dataset": ds.id,
                "params": [p.props() for p in params],
            }))
        else:  # served without public/ (the form's code): the parameters as text
            lines.append("**Parameters**")
            lines += [f"- `{p.name}`{'' if p.required else ' (optional)'}: {p.description}. "
                      f"{p.valid()}" for p in params]
        lines.append("Or type `/whatif " + " ".join(
            f"{p.name}={p.initial() or '...'}" for p in params if p.required) + "`.")
        await cl.Message(content="\n\n".join(lines), elements=elements,
                         actions=question_actions(self), metadata=_avatar()).send()

    async def what_if_submitted(self, payload: dict[str, Any]) -> None:
        """The form was sent: check each value against its parameter, then rank."""
        from planrag.runtime import registry

        dataset = str(payload.get("dataset") or self.dataset_info().id)
        raw = payload.get("values")
        values: dict[str, Any] = raw if isinstance(raw, dict) else {}
        try:
            ds = registry(self.settings).get(dataset)
            params = what_if_parameters(self.settings, ds)
        except PlanRAGError as exc:
            await cl.Message(content=f"The simulator could not run: {exc}").send()
            return
        overrides: dict[str, Any] = {}
        problems: list[str] = []
        for p in params:
            try:
                value = p.parse(str(values.get(p.name, "") or ""))
            except ValueError as exc:
                problems.append(f"`{p.name}`: {exc}")
                continue
            if value is not None:
                overrides[p.name] = value
        if problems:
            await cl.Message(content="Please correct the form: " + "; ".join(problems)
                             + ".").send()
            return
        await self._what_if_run(ds.id, overrides)

    async def _what_if_run(self, ref: str, overrides: dict[str, Any]) -> None:
        """Rank every decision for the dataset or question `ref` with `overrides` and show
        the ranking with a chart."""
        from planrag.simulators.service import simulate_dataset

        try:
            run = await simulate_dataset(self.settings, ref, "dump", overrides)
        except PlanRAGError as exc:
            await cl.Message(content=f"The simulator could not run: {exc}").send()
            return
        result = run.result
        top = result.ranking[:10]
        rows = [[c.rank, str(c.decision), float(fmt(c.value)), float(fmt(c.delta))]
                for c in top]
        table = RowsElement(name="ranking", columns=["rank", "decision", "value", "delta"],
                            rows=rows)
        given = ", ".join(f"{k}={_value(v)}" for k, v in result.parameters.items()
                          if v is not None)
        lines = [f"**What-if: {result.description}** ({result.objective}, rules {result.rules})",
                 f"Parameters: {given or 'none'}. {_plural(len(result.ranking), 'candidate')} "
                 f"ranked; the table shows the best {len(top)}.",
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
        view = _RunView(self, consent)
        history = [] if scripted else self.history[-6:]
        try:
            async with open_engine(self.settings, self.dataset, self.target, model,
                                   config) as engine:
                view.engine = engine
                async for event in engine.run_with_consent(question, view.ask_consent,
                                                           history=history):
                    await view.show(event)
        except PlanRAGError as exc:
            await cl.ErrorMessage(content=f"The question could not be answered: {exc}").send()
            return
        finally:
            await view.close_steps()
        if view.answer is not None and not scripted:
            self.history.append(Turn(question=question, decision=view.answer.decision,
                                     rationale=view.answer.rationale))


# -- sample questions as buttons


def question_labels(questions: Sequence[Question], width: int = 80) -> list[str]:
    """Short labels that tell the sample questions apart: the sentence that asks (DQA
    questions open with a long preamble), after the values that distinguish the questions
    of the dataset from one another (fields whose values differ between questions, e.g. the
    country) when the sentence does not name them; cut in the middle, so the end of the
    sentence (often the goods or the place) stays visible."""
    varying = _varying_fields(questions)
    labels = []
    for q in questions:
        text = first_line(q.text, width=10_000)
        sentences = re.split(r"(?<=[.?!])\s+", text)
        asked = [s for s in sentences if s.endswith("?")]
        sentence = asked[-1] if asked else sentences[0]
        sentence = sentence[:1].upper() + sentence[1:]
        values = [str(q.extra[k]) for k in varying if k in q.extra]
        prefix = " · ".join(v for v in values if v not in sentence)
        label = f"{prefix}: {sentence}" if prefix else sentence
        labels.append(_cut_middle(label, width))
    return labels


def _varying_fields(questions: Sequence[Question]) -> list[str]:
    """Fields holding short single words whose values differ between the questions."""
    seen: dict[str, set[str]] = {}
    for q in questions:
        for key, value in q.extra.items():
            if isinstance(value, str | int) and not isinstance(value, bool):
                text = str(value)
                if len(text) <= 24 and " " not in text:
                    seen.setdefault(key, set()).add(text)
    return [k for k, values in seen.items() if len(values) > 1]


def _cut_middle(text: str, width: int) -> str:
    if len(text) <= width:
        return text
    head = text[: width * 3 // 5].rsplit(" ", 1)[0]
    tail = text[len(text) - (width - len(head) - 2):]
    tail = tail.split(" ", 1)[1] if " " in tail else tail
    return f"{head} … {tail}"


# -- what the simulator takes


@dataclass(frozen=True)
class WhatIfParameter:
    """One parameter of a simulator as the what-if form shows it: its meaning, and the
    values it may take (a closed set, the values present in the data, or a range)."""

    name: str
    description: str
    kind: Literal["choice", "text", "number", "integer"]
    required: bool
    default: Any = None
    choices: tuple[str, ...] = ()
    """A closed set (a Literal, an enum, yes/no): nothing else is accepted."""
    suggestions: tuple[str, ...] = ()
    """The values present in the data (e.g. every country); others are left to the
    simulator, which says what it knows."""
    found_in: str = ""
    low: float | None = None
    low_inclusive: bool = True
    high: float | None = None
    high_inclusive: bool = True
    examples: tuple[str, ...] = ()
    """The values the dataset's sample questions use."""

    def initial(self) -> str:
        """What the form starts with: for a required parameter a sample question's value
        (or the first allowed one), for an optional one its default (or nothing: derived)."""
        if not self.required:
            return "" if self.default is None else _value(self.default)
        if self.examples:
            return self.examples[0]
        return self.choices[0] if self.choices else ""

    def valid(self) -> str:
        """The allowed values, in one sentence for people."""
        if self.choices:
            text = "One of: " + ", ".join(self.choices) + "."
        elif self.suggestions and len(self.suggestions) <= 20:
            text = f"One of {', '.join(self.suggestions)} (from {self.found_in})."
        elif self.suggestions:
            text = (f"One of the {len(self.suggestions)} values in {self.found_in} (the form "
                    "suggests them as you type).")
        elif self.kind in ("number", "integer"):
            text = f"{'A whole number' if self.kind == 'integer' else 'A number'}"
            text += f" {self.range()}." if self.range() else "."
        else:
            text = "Free text."
        if self.examples:
            text += " Sample questions use " + ", ".join(self.examples) + "."
        if not self.required:
            text += (f" Default: {_value(self.default)}." if self.default is not None
                     else " Leave it empty to let the simulator derive it.")
        return text

    def range(self) -> str:
        parts = []
        if self.low is not None:
            parts.append(f"{'≥' if self.low_inclusive else '>'} {_value(self.low)}")
        if self.high is not None:
            parts.append(f"{'≤' if self.high_inclusive else '<'} {_value(self.high)}")
        return " and ".join(parts)

    def parse(self, text: str) -> Any:
        """The value typed or picked in the form, checked; None for an empty optional one.
        Raises ValueError with what is wrong."""
        text = text.strip()
        if not text:
            if self.required:
                raise ValueError("required")
            return None
        if self.choices:
            if text not in self.choices:
                raise ValueError(f"{text!r} is not one of {', '.join(self.choices)}")
            return text
        if self.kind in ("number", "integer"):
            try:
                number = float(text)
            except ValueError:
                raise ValueError(f"{text!r} is not a number") from None
            if self.kind == "integer":
                if not number.is_integer():
                    raise ValueError(f"{text!r} is not a whole number")
                number = int(number)
            if (
                (self.low is not None
                 and (number < self.low or (number == self.low and not self.low_inclusive)))
                or (self.high is not None
                    and (number > self.high or (number == self.high and not self.high_inclusive)))
            ):
                raise ValueError(f"{text} is out of range (it must be {self.range()})")
            return number
        return text  # the simulator knows best what it accepts, and says so

    def props(self) -> dict[str, Any]:
        """What the form element needs to draw this parameter."""
        return {
            "name": self.name, "description": self.description, "kind": self.kind,
            "required": self.required, "initial": self.initial(), "valid": self.valid(),
            "choices": list(self.choices), "suggestions": list(self.suggestions),
            "min": self.low, "max": self.high,
        }


def _value(value: Any) -> str:
    """A parameter value for people: 1000000.0 → 1,000,000; 25.0 → 25."""
    if isinstance(value, float) and value.is_integer():
        return f"{int(value):,}"
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}"
    return str(value)


def what_if_parameters(settings: Settings, dataset: Dataset) -> list[WhatIfParameter]:
    """The parameters of the dataset's simulator, read from its pydantic `Parameters`
    model (types, bounds, descriptions, defaults), with the values the data holds for text
    parameters named after one of the simulator's tables (`country` → the country table)
    and the values the sample questions use."""
    from planrag.runtime import registry
    from planrag.simulators.service import dataset_simulator, dump_state, question_parameters

    sim = dataset_simulator(dataset)
    _, dump = registry(settings).resolve(dataset.id, "sql")
    state = dump_state(sim, dump.path, dataset.rename_columns)
    used: dict[str, list[str]] = {}
    for q in dataset.questions:
        for name, value in (question_parameters(sim, q.extra) or {}).items():
            if value is not None and str(value) not in used.setdefault(name, []):
                used[name].append(str(value))
    params = []
    for name, info in sim.Parameters.model_fields.items():
        annotation = _without_none(info.annotation)
        choices: tuple[str, ...] = ()
        suggestions: tuple[str, ...] = ()
        found_in = ""
        kind: Literal["choice", "text", "number", "integer"] = "text"
        if typing.get_origin(annotation) is Literal:
            choices = tuple(str(a) for a in typing.get_args(annotation))
        elif isinstance(annotation, type) and issubclass(annotation, enum.Enum):
            choices = tuple(str(m.value) for m in annotation)
        elif annotation is bool:
            choices = ("true", "false")
        elif annotation is int:
            kind = "integer"
        elif annotation is float:
            kind = "number"
        elif annotation is str:
            suggestions, found_in = _data_values(name, info.description or "", sim.tables,
                                                 state)
        if choices:
            kind = "choice"
        bounds = _bounds(info.metadata)
        params.append(WhatIfParameter(
            name=name, description=info.description or name, kind=kind,
            required=info.is_required(),
            default=None if info.is_required() else info.get_default(),
            choices=choices, suggestions=suggestions, found_in=found_in,
            examples=tuple(used.get(name, [])[:6]), **bounds,
        ))
    return params


def _without_none(annotation: Any) -> Any:
    """`str | None` → `str`; anything else unchanged."""
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        rest = [a for a in typing.get_args(annotation) if a is not type(None)]
        if len(rest) == 1:
            return rest[0]
    return annotation


def _bounds(metadata: list[Any]) -> dict[str, Any]:
    """Lower and upper bounds from pydantic's constraint metadata (gt, ge, lt, le)."""
    found: dict[str, Any] = {}
    for m in metadata:
        for attr, key, inclusive in (("gt", "low", False), ("ge", "low", True),
                                     ("lt", "high", False), ("le", "high", True)):
            value = getattr(m, attr, None)
            if isinstance(value, int | float):
                found[key] = float(value)
                found[f"{key}_inclusive"] = inclusive
    return found


def _data_values(
    name: str, description: str, tables: Any, state: Any
) -> tuple[tuple[str, ...], str]:
    """The values of the table the parameter is about: the table named like the parameter,
    else the first table the description names ("its home trade node" → trade_node); its
    `<table>_name` or `name` column, else its text key. Nothing when no table fits."""
    by_name = {t.name: t for t in tables}
    table = by_name.get(name)
    if table is None:
        text = description.lower()
        hits = []
        for t in tables:
            m = re.search(rf"\b{re.escape(t.name.replace('_', ' '))}\b", text)
            if m:
                hits.append((m.start(), t.name))
        if not hits:
            return (), ""
        table = by_name[min(hits)[1]]
    kinds = {c.name: c.kind for c in table.columns}
    column = next((c for c in (f"{table.name}_name", "name", *table.key)
                   if kinds.get(c) == "str"), None)
    if column is None:
        return (), ""
    at = table.column_names.index(column)
    values = sorted({str(row[at]) for row in state.rows(table.name) if row[at] is not None})
    return tuple(values), f"the {table.name.replace('_', ' ')} table"


def question_actions(session: ChatSession) -> list[cl.Action]:
    """Buttons for what-if analyses of the dataset's sample questions that carry their
    parameters, labelled with those parameters (as `/whatif` takes them)."""
    from planrag.simulators.service import dataset_simulator, question_parameters

    ds = session.dataset_info()
    if not ds.simulator:
        return []
    try:
        sim = dataset_simulator(ds)
    except PlanRAGError:
        return []
    actions = []
    seen = set()
    for q in ds.questions:
        params = question_parameters(sim, q.extra)
        if not params:
            continue
        label = " ".join(f"{k}={v}" for k, v in params.items() if v is not None)
        if label in seen:
            continue
        seen.add(label)
        actions.append(cl.Action(name="whatif", payload={"question": q.id},
                                 label=f"What-if: {label}", tooltip=f"question {q.id}"))
        if len(actions) == 3:
            break
    return actions


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

    def __init__(self, session: ChatSession, consent: str = "ask") -> None:
        self.session = session
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
        self.text: cl.Message | None = None
        self.answer: AnswerProposed | None = None
        self.scripted = False
        self.plan: tuple[PlanStep, ...] = ()
        self.pending: ReplanProposed | None = None
        self.asked: cl.AskActionMessage | None = None
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
                self.run_id = event.run_id
                if event.scripted:
                    await cl.Message(content="_Scripted walkthrough: the answers below come "
                                     "from a fixed policy, not from a model._",
                                     metadata=_avatar()).send()
            case ModelText():
                if self.text is None:
                    self.text = cl.Message(content="", author="Assistant" + self._label(),
                                           metadata=_avatar())
                await self.text.stream_token(event.text)
            case ModelCalled():
                pass
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
                step = cl.Step(name=f"{event.query_id} · {event.language.upper()}",
                               type="tool", parent_id=parent.id if parent else self.parent,
                               show_input=event.language)
                step.input = event.query
                await step.send()
                self.queries[event.query_id] = step
            case QueryFinished():
                await self._rows(event)
                index = self.query_step.get(event.query_id)
                if index is not None:
                    await self._child_status(index, "done")
            case QueryRefused():
                await self._query_end(
                    event.query_id, "refused by the guard",
                    f"**Refused by the read-only guard** ({event.rule}): {event.reason}\n\n"
                    "Nothing ran. The assistant is told why and may rewrite the query.")
            case QueryFailed():
                await self._query_end(
                    event.query_id, "failed",
                    f"**Failed:** {event.error}\n\n"
                    "The assistant is told the error and may correct the query.")
            case ReplanProposed():
                self.pending = event
            case AwaitingConfirmation():
                pass  # asked by ask_consent
            case ReplanDecided():
                await self._decided(event)
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
        self.plan_step = cl.Step(name=title + self._label(), type="run", default_open=True,
                                 parent_id=self.parent, metadata=_avatar())
        count = _plural(len(event.steps), "step")
        self.plan_step.output = (f"{count}; revised because {event.reason}" if event.reason
                                 else count)
        await self.plan_step.send()
        self.children = []
        self.current = None
        for i, s in enumerate(event.steps):
            child = cl.Step(name=f"{i + 1}. {s.goal}", type="undefined",
                            parent_id=self.plan_step.id)
            child.output = f"source: {s.source}"
            await child.send()
            self.children.append(child)
        self.plan = event.steps

    async def _child_status(self, index: int, status: str) -> None:
        if index < len(self.children):
            child = self.children[index]
            child.output = f"source: {self.plan[index].source} · {status}"
            await child.update()

    async def close_steps(self) -> None:
        """Plan steps still marked running when the run ends did not finish: say so."""
        try:
            for index, child in enumerate(self.children):
                if child.output.endswith("· running"):
                    await self._child_status(index, "not finished")
        except Exception:  # the run is over; a stale label is no reason to fail it
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
        step.output = (f"{_plural(event.total_rows, 'row')}{more}{cut} in "
                       f"{event.elapsed_ms:.1f} ms")
        step.elements = [RowsElement(name=f"{event.query_id} rows", columns=list(event.columns),
                                     rows=shown, for_id=step.id)]
        await step.update()

    async def _query_end(self, query_id: str, what: str, text: str) -> None:
        step = self.queries.get(query_id)
        if step is None:
            return
        step.name = f"{step.name} · {what}"
        step.output = text
        step.is_error = True
        await step.update()

    def _record(self) -> str:
        """The proposal as it stays in the conversation: who proposed it, why, and the
        current and proposed plans side by side."""
        pending = self.pending
        if pending is None:
            return "**A change of plan was proposed.**"
        who = ("The simulator disagrees with the answer"
               if pending.by == "simulator" else "The assistant proposes a new plan")
        text = f"**Re-plan: {who}.**\n\n{pending.reason}"
        old = [s.goal for s in pending.old_steps]
        new = [s.goal for s in pending.new_steps]
        if old or new:
            rows = [f"| {i + 1} | {_cell(old, i)} | {_cell(new, i)} |"
                    for i in range(max(len(old), len(new)))]
            text += ("\n\n| step | current plan | proposed plan |\n|---|---|---|\n"
                     + "\n".join(rows))
        return text

    async def ask_consent(self, paused: AwaitingConfirmation) -> bool | None:
        settings = self.session.settings
        wait = duration(settings.consent_timeout_s)
        default = _OUTCOME[settings.consent_timeout_default == "approve"]
        content = (f"{self._record()}\n\n_Approve the new plan, or keep the current one. "
                   f"Without an answer within {wait}, the default applies: {default}._")
        self.asked = cl.AskActionMessage(
            content=content,
            actions=[
                cl.Action(name="approve", payload={"approved": True}, label="Approve"),
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
        outcome = _OUTCOME[event.approved]
        if event.by == "person":
            line = f"**Decided by you: {outcome}.**"
        elif event.by == "timeout":
            wait = duration(self.session.settings.consent_timeout_s)
            line = (f"**Nobody answered within {wait}, so the default applied: {outcome}** "
                    f"(PLANRAG_CONSENT_TIMEOUT_DEFAULT="
                    f"{self.session.settings.consent_timeout_default}).")
        else:
            line = f"**Decided by policy (re-plans: {self.consent}): {outcome}.**"
        if event.note:
            line += f" Note: {event.note}"
        content = f"{self._record()}\n\n{line}"
        asked, self.asked, self.pending = self.asked, None, None
        if asked is not None:
            asked.content = content
            await asked.update()
        else:
            await cl.Message(content=content, metadata=_avatar()).send()

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
        await cl.Message(content="\n\n".join(lines), elements=elements,
                         metadata=_avatar()).send()


_OUTCOME = {True: "the new plan is approved", False: "the current plan is kept"}


def _current_step_id() -> str | None:
    """The id of the Chainlit step (run) the code runs in, if any."""
    try:
        step = cl.context.current_step
    except Exception:  # no Chainlit context (a test calling the view directly)
        return None
    return str(step.id) if step is not None else None


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
