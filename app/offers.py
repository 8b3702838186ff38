# mypy: disable-error-code="no-untyped-call"
# (Chainlit's API is untyped.)
"""What the chat offers besides answering with a model: the datasets a person may use, the
sample questions (each with a label that tells it apart), the settings' labels, and the
scripted walkthrough, which answers only the question it was written for."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

import chainlit as cl

from app.console import first_line
from app.steps import avatar, plural
from planrag.datasets import Dataset, Question, Registry
from planrag.errors import PlanRAGError
from planrag.markup import code_span, escape
from planrag.settings import Settings
from planrag.users import Access

if TYPE_CHECKING:
    from app.web import ChatSession

__all__ = [
    "CONSENT_LABELS",
    "HOW_TO_SET_UP_A_MODEL",
    "NO_MODEL",
    "NO_MODEL_FOR_OPERATOR",
    "TECHNIQUE_LABELS",
    "ask_lead",
    "asked_in_full",
    "dataset_items",
    "datasets_text",
    "offered_questions",
    "offered_samples",
    "one_line",
    "product_name",
    "question_actions",
    "question_labels",
    "run_scripted",
    "sample_actions",
    "sample_context",
    "sample_label",
    "sample_of",
]



def product_name(target: str) -> str:
    """A kind of database as people name it: the product, not the protocol it is reached by
    ("Neo4j", not "Neo4j (Bolt)")."""
    from planrag.locations import get_kind

    return get_kind(target).title.split(" (")[0]


def dataset_items(reg: Registry, access: Access) -> dict[str, str]:
    """Label -> id for the dataset picker: the datasets `access` allows, by title, live
    datasets marked (and those whose account may write), ids only where titles repeat."""
    datasets = [ds for ds in reg if access.allows(ds.id)]
    titles = [d.title for d in datasets]
    items = {}
    for ds in datasets:
        label = ds.title if titles.count(ds.title) == 1 else f"{ds.title} ({ds.id})"
        if ds.live:
            label += " · live" + (" · account may write" if ds.write_privileges else "")
        items[label] = ds.id
    return items


def datasets_text(settings: Settings, access: Access) -> str:
    """`/datasets`: each dataset `access` allows, what it is read from (your live database,
    or a copy of sample data), its sample questions and whether a simulator checks its
    answers; unusable ones with their problem, and `required` entries that are no names
    (only to someone allowed everything)."""
    from planrag.locations import targets_of
    from planrag.runtime import locate, registry

    reg = registry(settings)
    lines = []
    for ds in (d for d in reg if access.allows(d.id)):
        parts = []
        targets = targets_of(settings, ds)
        live = [t for t in targets if any(db.kind == t for db in ds.databases)]
        for target in live:
            try:
                location = locate(settings, ds.id, target).location
            except PlanRAGError as exc:
                parts.append(f"{product_name(target)}: {escape(str(exc), 'markdown')}")
                continue
            # Files have no database name (nor has a SQLite file): where they lie says it.
            named = (f"database {escape(location.database, 'markdown')} at "
                     if location.database else "data at ")
            parts.append(f"your live {product_name(target)} {named}"
                         f"{escape(location.where, 'markdown')}")
        copies = [product_name(t) for t in targets if t not in live]
        if copies:
            parts.append("a copy of its data in " + " and ".join(copies))
        offered = offered_questions(ds, settings.model_configured)  # as the chat offers them
        if offered:
            parts.append(plural(len(offered), "sample question"))
        elif ds.questions:  # none the walkthrough answers: only a model would
            parts.append("its sample questions need a model")
        if ds.simulator:
            parts.append("answers checked by its simulator")
        elif ds.decisions:
            parts.append("answers checked by the decision model written for it")
        account = " **Its account may write** (accepted when it was connected)." if (
            ds.write_privileges) else ""
        lines.append(f"- **{escape(ds.title, 'markdown')}** ({code_span(ds.id)}): "
                     f"{'; '.join(parts)}.{account}")
        if access.everything:  # the manifest's own mistakes, for whoever runs it
            lines += [f"  - {escape(line, 'markdown')}" for line in ds.required_problems]
    for name, problem in sorted(reg.problems.items()) if access.everything else ():
        lines.append(f"- {code_span(name)} cannot be used: {escape(problem, 'markdown')}")
    if not lines:
        lines.append("Your account may not ask about any dataset yet: ask the person who runs "
                     "PlanRAG Assistant to give you access.")
    lines.append("\nSwitch in the settings panel (the gear below).")
    return "\n".join(lines)


# -- sample questions as buttons


def one_line(text: str) -> str:
    return first_line(text, width=10_000)


def question_labels(questions: Sequence[Question], width: int = 160) -> list[str]:
    """Short labels that tell the sample questions apart: the sentence that asks (DQA
    questions open with a long preamble), after the values that distinguish the questions
    of the dataset from one another (fields whose values differ between questions, e.g. the
    country) when the sentence does not name them. Whole: never cut in the middle (the end
    of the sentence often holds the goods or the place); only a label longer than `width`
    loses its end, at a word."""
    varying = _varying_fields(questions)
    labels = []
    for q in questions:
        sentence, _ = _asking_sentence(q.text)
        sentence = sentence[:1].upper() + sentence[1:]
        values = [str(q.extra[k]) for k in varying if k in q.extra]
        prefix = " · ".join(v for v in values if v not in sentence)
        label = f"{prefix}: {sentence}" if prefix else sentence
        if len(label) > width:
            label = label[: width - 1].rsplit(" ", 1)[0] + "…"
        labels.append(label)
    return labels


def _asking_sentence(text: str) -> tuple[str, list[str]]:
    """The sentence of a question that asks (its last that ends with "?", else its first),
    and the sentences around it (a DQA question's preamble: who "you" are, the year)."""
    sentences = re.split(r"(?<=[.?!])\s+", one_line(text))
    asked = [s for s in sentences if s.endswith("?")]
    sentence = asked[-1] if asked else sentences[0]
    return sentence, [s for s in sentences if s is not sentence]


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


# -- what the simulator takes


def question_actions(session: ChatSession) -> list[cl.Action]:
    """Buttons for what-if analyses of the dataset's sample questions that carry their
    parameters, labelled with those parameters (as `/whatif` takes them)."""
    from planrag.simulators.service import dataset_check, question_parameters

    ds = session.dataset_info()
    if not ds.checked:
        return []
    try:
        sim = dataset_check(ds)
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
        actions.append(cl.Action(name="whatif", payload={"question": q.id, "dataset": ds.id},
                                 label=f"What-if: {label}", tooltip=f"question {q.id}"))
        if len(actions) == 3:
            break
    return actions


TECHNIQUE_LABELS = {
    "planrag": "Plan, query, and re-plan when the plan proves wrong (PlanRAG)",
    "planrag-norp": "Plan and query, without re-planning",
    "iterrag": "Query step by step, without a plan (IterRAG)",
    "singlerag": "One round of queries, then answer (SingleRAG)",
}
CONSENT_LABELS = {
    "ask": "Ask me",
    "approve": "Approve it automatically",
    "reject": "Keep the current plan",
}

NO_MODEL_FOR_OPERATOR = (
    "PlanRAG Assistant: no model is configured, so the chat answers only the sample "
    "datasets' own questions, with the scripted walkthrough (a fixed rule of thumb, labelled "
    "as such), and says so of any other question. To answer with "
    "a model, set PLANRAG_MODEL and PLANRAG_MODEL_API_KEY (OpenAI), or PLANRAG_MODEL and "
    "PLANRAG_MODEL_BASE_URL (Ollama: http://127.0.0.1:11434/v1, vLLM, llama.cpp) in the "
    "environment or .env, then restart (README: \"Asking questions\")."
)
NO_MODEL = (
    "No model is set up yet, and the scripted walkthrough only knows the sample datasets, so "
    "this question cannot be answered here. The **Readme** (top right) says how to set up a "
    "model; meanwhile `/whatif` ranks every decision with the simulator, and `/datasets` "
    "lists what there is."
)


HOW_TO_SET_UP_A_MODEL = "For anything else, set up a model: see the **Readme** (top right)."


def _walkthrough_of(ds: Dataset) -> str | None:
    """The name of the dataset's simulator, which says which walkthrough it has (None: no
    simulator, or one that cannot be loaded: no walkthrough either way)."""
    from planrag.simulators.service import dataset_simulator

    if not ds.simulator:
        return None
    try:
        return dataset_simulator(ds).name
    except PlanRAGError:
        return None


def ask_lead(ds: Dataset, with_model: bool) -> str:
    """What the first words of a dataset with no sample questions to offer invite: any
    question, with a model; or, without a model on a dataset the walkthrough does not know,
    that questions need one (and what works meanwhile), rather than "Ask your question."
    and a refusal."""
    if with_model or _walkthrough_of(ds) is not None:
        return "Ask your question."
    meanwhile = (" Meanwhile **What-if analysis** ranks every decision with its check."
                 if ds.checked else "")
    return ("Questions here need a model, which is not set up yet: the **Readme** (top "
            f"right) says how.{meanwhile}")


def offered_questions(ds: Dataset, with_model: bool) -> list[Question]:
    """The sample questions to offer (starters, buttons): all of them with a model; without
    one only those the walkthrough answers truly (its own question, with the parameter it
    reads from it), so no offered question gets an answer to another question."""
    if with_model:
        return list(ds.questions)
    from planrag.engine.policy import uncovered

    name = _walkthrough_of(ds)
    return [q for q in ds.questions if uncovered(one_line(q.text), name) is None]


def offered_samples(ds: Dataset, with_model: bool) -> list[tuple[Question, str]]:
    """The offered sample questions with their labels (`question_labels` over all the
    dataset's questions, so a question's label is the same wherever it is offered)."""
    labels = _labels(ds)
    return [(q, labels[q.id]) for q in offered_questions(ds, with_model)]


def sample_label(ds: Dataset, question_id: str) -> str | None:
    """The label of the sample question `question_id` (None: no such question)."""
    return _labels(ds).get(question_id)


def _labels(ds: Dataset) -> dict[str, str]:
    return dict(zip((q.id for q in ds.questions), question_labels(ds.questions), strict=True))


def sample_actions(ds: Dataset, with_model: bool, few: int = 4) -> list[cl.Action]:
    """Buttons for the first `few` offered sample questions: each shows its label, posts
    that label as the person's message, and knows its dataset (clicked after a switch, the
    chat says where it belongs instead of asking it of another dataset)."""
    return [cl.Action(name="ask", payload={"question": label, "dataset": ds.id}, label=label)
            for _, label in offered_samples(ds, with_model)[:few]]


def sample_of(ds: Dataset, text: str) -> Question | None:
    """The sample question `text` is, if any: its label (what a starter or button shows and
    posts) or its whole text. It is then asked in full (`asked_in_full`), answered on that
    question's own data and checked with its own parameters."""
    said = one_line(text)
    labels = _labels(ds)
    return next((q for q in ds.questions if said in (labels[q.id], one_line(q.text))), None)


def asked_in_full(ds: Dataset, text: str) -> str:
    """What the assistant is asked for `text`: a sample question's whole text (a DQA
    question's preamble carries the country, its home and the year), else `text`."""
    sample = sample_of(ds, text)
    return one_line(sample.text) if sample is not None else text


def sample_context(ds: Dataset, text: str) -> str | None:
    """When `text` is a sample question's label that leaves out part of the question (the
    DQA preamble), that part, said once under the person's message as what the assistant is
    also told; None when the label is the whole question or `text` is no label."""
    sample = sample_of(ds, text)
    if sample is None or one_line(text) == one_line(sample.text):
        return None
    return " ".join(_asking_sentence(sample.text)[1]) or None


async def run_scripted(session: ChatSession, text: str) -> None:
    """The scripted walkthrough: a fixed rule of thumb answers instead of a model, only the
    question it was written for; any other question is told, in one line, which question
    the walkthrough answers here and how to get a model for the rest. `text` is what the
    person sent (a sample question's label, asked in full)."""
    from planrag.service.runs import NotWalkthrough, gate

    ds = session.dataset_info()
    question = asked_in_full(ds, text)
    try:
        model = gate(session.settings, ds, question, scripted=True)
    except NotWalkthrough as exc:
        problem = exc.problem
    except PlanRAGError:  # a simulator that cannot be loaded has no walkthrough either
        await cl.Message(content=NO_MODEL, metadata=avatar()).send()
        return
    else:
        await session.ask(text, model=model)
        return
    if problem.kind == "dataset":
        await cl.Message(content=NO_MODEL, metadata=avatar()).send()
        return
    samples = sample_actions(ds, with_model=False, few=3)
    if problem.kind == "parameter":
        text = f"{problem.text} Or pick a sample question."
    else:
        elsewhere = _fitting_datasets(session, question)
        text = f"{problem.text}{elsewhere} {HOW_TO_SET_UP_A_MODEL}"
    await cl.Message(content=text, actions=samples, metadata=avatar()).send()


def _fitting_datasets(session: ChatSession, question: str) -> str:
    """" It fits the walkthrough of DATASET: switch ...", when another dataset the person
    may use has a walkthrough for this question; else ""."""
    from planrag.engine.policy import WALKTHROUGHS
    from planrag.runtime import registry

    here = session.dataset_info().id
    for ds in registry(session.settings):
        walk = WALKTHROUGHS.get(_walkthrough_of(ds) or "") if ds.id != here else None
        if walk is not None and session.access().allows(ds.id) and walk.covers(question):
            return (f" Your question fits **{escape(ds.title, 'markdown')}**: switch to it in "
                    "the settings panel.")
    return ""
