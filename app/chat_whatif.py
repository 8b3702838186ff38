# mypy: disable-error-code="no-untyped-call"
# (Chainlit's API is untyped.)
"""What-if analysis in the chat: `/whatif`, its form and its buttons, and the ranking shown
with a table and a chart. Each request holds one of the person's places of work while it
reads the parameters (a live database's values) and ranks, and the ranking goes through the
run service's tools (`RunService.tools.what_if`), audited as every front end's what-if is.
The parameters and their form are `app.whatif`'s.
"""

from __future__ import annotations

import uuid
from typing import TYPE_CHECKING, Any

import chainlit as cl
from chainlit.element import Element

from app.charts import decision_chart
from app.offers import question_actions
from app.steps import RowsElement, avatar, plural
from app.whatif import FORM, WhatIfParameter, what_if_parameters
from app.whatif import parse as parse_what_if
from planrag.decisions.run import WrittenDecision
from planrag.engine.verdict import change_text, formats, ranking_lines
from planrag.errors import PlanRAGError
from planrag.markup import code_span, escape
from planrag.service.runs import RunService
from planrag.simulators.wording import parameter_label, shown_value

if TYPE_CHECKING:
    from app.web import ChatSession
    from planrag.datasets import Dataset

__all__ = ["what_if", "what_if_form", "what_if_submitted"]



async def what_if(session: ChatSession, text: str) -> None:
    """`/whatif`: with nothing after it, the form of the simulator's parameters; with
    `name=value ...` and/or a question id of the dataset, the ranking for them."""
    async with session.held("what-if"):
        await _what_if(session, text)


async def what_if_form(session: ChatSession) -> None:
    """What the simulator takes, each parameter with its meaning and the values the data
    allows, as a form to fill in (and buttons for the sample questions' parameters)."""
    async with session.held("what-if"):
        await _form(session)


async def what_if_submitted(session: ChatSession, payload: dict[str, Any]) -> None:
    """The form was sent: check each value against its parameter, then rank."""
    async with session.held("what-if"):
        await _submitted(session, payload)


async def _what_if(session: ChatSession, text: str) -> None:
    ds = session.dataset_info()
    if not text.strip() or not ds.checked:  # the form, or why there is none
        await _form(session)
        return
    asked = parse_what_if(text, {q.id for q in ds.questions})
    if asked.stray:
        words = " and ".join(f"\u201c{escape(w, 'markdown')}\u201d" for w in asked.stray)
        await _help(session,
            f"{words} {'is' if len(asked.stray) == 1 else 'are'} neither a parameter "
            "(name=value) nor the id of one of this dataset's sample questions.")
        return
    if len(asked.questions) > 1:
        await _help(session, "Name one sample question at a time.")
        return
    ref = f"{ds.id}#{asked.questions[0]}" if asked.questions else ds.id
    given = asked.values
    params = await _parameters(session, ds)
    if params is None:
        return
    known = {p.name: p for p in params}
    unknown = [n for n in given if n not in known]
    if unknown:
        await _help(session,
            " and ".join(code_span(n) for n in unknown)
            + f" {'is not a parameter' if len(unknown) == 1 else 'are not parameters'} of "
            "this dataset's what-if.")
        return
    overrides: dict[str, Any] = {}
    problems = []
    for name, raw in given.items():
        problem = known[name].problem(raw)
        if problem is not None:
            problems.append(escape(problem, "markdown"))
            continue
        value = known[name].parse(raw)
        if value is not None:
            overrides[name] = value
    brought = _brought(ds, asked.questions[0]) if asked.questions else {}
    lacking = [p for p in params if p.required and p.name not in given and p.name not in brought]
    if asked.questions and lacking:  # a sample question that is not a what-if (a fact)
        example = " ".join(f"{p.name}={p.initial() or '...'}" for p in lacking)
        problems.append(
            f"{escape(asked.questions[0], 'markdown')} gives no "
            + " and no ".join(escape((p.label or p.name).lower(), "markdown") for p in lacking)
            + f"; add {'it' if len(lacking) == 1 else 'them'}: "
            + code_span(f"/whatif {asked.questions[0]} {example}") + ".")
    elif lacking:
        problems += [escape(f"{p.label or p.name} is required.", "markdown") for p in lacking]
    if problems:
        await _help(session, " ".join(problems))
        return
    await _rank(session, ref, overrides)


def _brought(ds: Dataset, question_id: str) -> dict[str, Any]:
    """The parameters a sample question carries for the dataset's check (none when it
    carries not all it needs: a question of fact)."""
    from planrag.simulators.service import dataset_simulator, question_parameters

    question = next((q for q in ds.questions if q.id == question_id), None)
    if question is None:
        return {}
    return question_parameters(dataset_simulator(ds), question.extra) or {}


async def _parameters(session: ChatSession, ds: Dataset) -> list[WhatIfParameter] | None:
    """The what-if's parameters on `ds` (None: they could not be read, and the person is
    told why)."""
    try:
        return await what_if_parameters(session.settings, ds)
    except PlanRAGError as exc:
        await cl.Message(content=f"{_checker(ds)} could not be prepared: "
                         f"{escape(str(exc), 'markdown')}").send()
        return None


async def _help(session: ChatSession, problem: str) -> None:
    """What was wrong with a `/whatif` (`problem`: whole sentences, Markdown), what it
    takes here, and an example that fits."""
    ds = session.dataset_info()
    params = await _parameters(session, ds)
    if params is None:
        return
    takes = "\n".join(
        f"- {code_span(p.name)} ({'required' if p.required else 'optional'}): "
        f"{_parameter_text(p)}" for p in params)
    example = " ".join(f"{p.name}={p.initial()}" for p in params
                       if p.required and p.initial())
    form = cl.Action(name="whatif_form", payload={}, label="What-if analysis")
    await cl.Message(
        content=f"{problem} Here the what-if takes:\n{takes}\n\n"
        f"For example {code_span('/whatif ' + example)}, or the **What-if analysis** "
        "button for a form.",
        actions=[form, *question_actions(session)], metadata=avatar()).send()


async def _form(session: ChatSession) -> None:
    from planrag.simulators.service import dataset_check

    ds = session.dataset_info()
    if not ds.checked:
        await cl.Message(content=f"**{escape(ds.title, 'markdown')}** has no simulator, "
                         "so there is no "
                         "what-if analysis for it. `/datasets` lists the datasets; the "
                         "settings panel switches to another.").send()
        return
    try:
        sim = dataset_check(ds)
        params = await what_if_parameters(session.settings, ds)
    except PlanRAGError as exc:
        await cl.Message(content=f"{_checker(ds)} could not be prepared: "
                         f"{escape(str(exc), 'markdown')}").send()
        return
    first = "the lowest" if sim.objective == "minimise" else "the highest"
    if issubclass(sim, WrittenDecision):  # a decision written as queries: no simulator
        ranks = (f"Pick the values; the check then ranks every candidate by "
                 f"{escape(sim.spec.description, 'markdown')}, {first} first, compared with "
                 "changing nothing.")
    else:
        decision = sim.Decision.model_fields[sim.decision_field()]
        ranks = (f"Pick the parameters; the simulator then ranks every possible decision "
                 f"({escape(decision.description or sim.decision_field(), 'markdown')}) "
                 f"from best to worst ({first} result first), compared with changing "
                 "nothing.")
    lines = [f"**What-if analysis: {escape(sim.title, 'markdown')}** on "
             f"{escape(ds.title, 'markdown')}", ranks]
    elements: list[Element] = []
    if FORM.is_file():
        elements.append(cl.CustomElement(name=FORM.stem, display="inline", props={
            "form": uuid.uuid4().hex[:8],
            "dataset": ds.id,
            "params": [p.props() for p in params],
        }))
    else:  # served without public/ (the form's code): the parameters as text
        lines.append("**Parameters**")
        lines += [f"- {code_span(p.name)}{'' if p.required else ' (optional)'}: "
                  f"{_parameter_text(p)}" for p in params]
    # The example names what must be given, else what may be (a bare "/whatif" would only
    # show this form again).
    typed = [p for p in params if p.required] or [p for p in params if p.initial()]
    if typed:
        lines.append("Or type " + code_span("/whatif " + " ".join(
            f"{p.name}={p.initial() or '...'}" for p in typed)) + ".")
    await cl.Message(content="\n\n".join(lines), elements=elements,
                     actions=question_actions(session), metadata=avatar()).send()


async def _submitted(session: ChatSession, payload: dict[str, Any]) -> None:
    from planrag.engine.session import require_access
    from planrag.runtime import registry

    dataset = str(payload.get("dataset") or session.dataset_info().id)
    raw = payload.get("values")
    values: dict[str, Any] = raw if isinstance(raw, dict) else {}
    require_access(session.access(), dataset)  # the form's request may be forged
    ds = registry(session.settings).get(dataset)
    params = await _parameters(session, ds)
    if params is None:
        return
    overrides: dict[str, Any] = {}
    problems: list[str] = []
    for p in params:
        raw_value = str(values.get(p.name, "") or "")
        problem = p.problem(raw_value)
        if problem is not None:
            problems.append(escape(problem, "markdown"))
            continue
        value = p.parse(raw_value)
        if value is not None:
            overrides[p.name] = value
    if problems:
        await cl.Message(content="Please correct the form. " + " ".join(problems)).send()
        return
    await _rank(session, ds.id, overrides)


async def _rank(session: ChatSession, ref: str, overrides: dict[str, Any]) -> None:
    """Rank every decision for the dataset or question `ref` with `overrides` and show
    the ranking with a chart."""
    try:  # audited as every front end's what-if is, in the place the caller holds
        run = (await RunService(session.settings).tools.what_if(
            session.asker(), ref, overrides, target="dump", held=True)).run
    except PlanRAGError as exc:
        await cl.Message(content=f"{_checker(session.dataset_info())} could not run: "
                         f"{escape(str(exc), 'markdown')}").send()
        return
    result = run.result
    top = result.ranking[:10]
    unit, digits = result.unit, result.digits
    shown = formats([c.value for c in top], result.baseline, unit, digits)
    table = RowsElement(
        name="ranking", columns=["rank", "decision", f"{result.description}",
                                 "change compared with changing nothing"],
        rows=[[c.rank, result.label(c.decision), shown[0].quantity(c.value),
               change_text(c.delta, result.baseline, shown)] for c in top])
    sim = run.simulator
    assert sim is not None
    given = [f"{parameter_label(sim.Parameters, k)}: {escape(shown_value(v), 'markdown')}"
             for k, v in result.parameters.items() if v is not None]
    better = "higher" if result.objective == "maximise" else "lower"
    lines = [f"**What-if: {escape(sim.title, 'markdown')}**",
             f"{' · '.join(given) or 'No parameters'}. "
             f"{plural(len(result.ranking), 'possible decision')} ranked by "
             f"{escape(result.description, 'markdown')} ({better} is better); the table "
             "shows the best "
             f"{len(top)}."]
    lines += ranking_lines(result, sim.rule_notes, "markdown")
    best = result.best
    if run.as_of:
        lines.append(f"_Ranked on the live data as of {escape(run.as_of, 'markdown')}._")
    if run.nothing_ranked:  # an empty table would hide why
        lines.append(escape(run.nothing_ranked[:1].upper() + run.nothing_ranked[1:] + ".",
                            "markdown"))
    elements: list[Element] = [table]
    unchanged = sum(1 for c in result.ranking if c.value == result.baseline)
    chart = decision_chart(
        [(c.decision, c.value) for c in result.ranking[:10]], baseline=result.baseline,
        description=result.description, unit=unit, digits=digits,
        best=best.decision if best else None, unchanged=unchanged, label=result.label)
    if chart is not None:
        elements.append(chart)
    await cl.Message(content="\n\n".join(lines), elements=elements,
                     metadata=avatar()).send()


def _checker(ds: Dataset) -> str:
    """What ranks the dataset's what-if, as a sentence starts with it: "The simulator", or
    "The check" for a decision written as queries (there is no simulator to name)."""
    return "The check" if not ds.simulator and ds.decisions else "The simulator"


def _parameter_text(p: WhatIfParameter) -> str:
    """A what-if parameter's meaning and allowed values (which may be the data's values),
    for a Markdown list."""
    return escape(p.help(), "markdown")
