# mypy: disable-error-code="no-untyped-call"
# (Chainlit's API is untyped.)
"""The chat session behind the Chainlit app: one object per browser session.

It runs questions through the engine and shows them with `app.steps.RunView`, and offers
what works without a model: the datasets, what-if analysis with the simulator (a form of the
simulator's parameters, `app.whatif`) and a scripted walkthrough. Chainlit is imported by
the `app` modules only, never by the engine.
"""

from __future__ import annotations

import asyncio
import logging
import re
import uuid
from collections.abc import Awaitable, Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from http.cookies import CookieError, SimpleCookie
from typing import Any
from urllib.parse import unquote

import chainlit as cl
from chainlit.element import Element

from app.charts import decision_chart
from app.console import first_line
from app.steps import RowsElement, RunView, avatar, plural
from app.whatif import FORM, WhatIfParameter, what_if_parameters
from app.whatif import parse as parse_what_if
from planrag.datasets import Dataset, DatasetRef, Question, Registry
from planrag.engine.model import Model
from planrag.engine.verdict import answer_lines, named, ranking_lines
from planrag.errors import DatasetError, PlanRAGError
from planrag.limits import Doing, limits_for
from planrag.markup import code_span, escape
from planrag.present import percent, quantity, signed_quantity
from planrag.service.conversation import Conversation, Outcome, RunRequest, Words
from planrag.service.run_store import Journaled
from planrag.service.runs import Asker, Decide, RunService, model_for
from planrag.settings import Settings
from planrag.simulators.wording import parameter_label, shown_value
from planrag.users import Access

__all__ = [
    "CONSENT_LABELS",
    "NO_MODEL",
    "NO_MODEL_FOR_OPERATOR",
    "TECHNIQUE_LABELS",
    "ChatSession",
    "Page",
    "Stopped",
    "browser_cookies",
    "dataset_items",
    "datasets_text",
    "offered_questions",
    "page_of",
    "question_actions",
    "question_labels",
    "run_scripted",
    "stop_earlier_run",
]

log = logging.getLogger(__name__)



@dataclass
class ChatSession:
    settings: Settings
    dataset: str
    target: str
    technique: str = "planrag"
    consent: str = "ask"
    history: list[Any] = field(default_factory=list)
    page: Page = field(default_factory=lambda: Page())
    """The page (and tab) the session belongs to, to find the tab's earlier run."""
    access: Callable[[], Access] = Access.open
    """What the signed-in person may ask about, as of now (app.auth)."""
    user: str = ""
    """Who is signed in ("" for the open chat on this machine)."""
    history_layer: Any = None
    """The chat's history (app.history.History), None when it is off."""
    notified: bool = False
    """Whether the person was told that history is not being saved (once per outage)."""
    offer: Any = None
    """The question about a re-plan kept over a restart, while it waits (a cl.Message)."""

    # -- without a model

    def model(self) -> Model | None:
        return model_for(self.settings)

    def targets(self) -> list[str]:
        """The databases the current dataset can be asked over."""
        from planrag.locations import targets_of

        return targets_of(self.settings, self.dataset_info())

    def default_target(self) -> str:
        from planrag.locations import default_target

        return default_target(self.settings, self.dataset_info())

    def target_items(self) -> dict[str, str]:
        """Label -> target for the settings panel: what and where, live or a loaded copy."""
        return {self._database_words(target): target for target in self.targets()}

    def where(self) -> str:
        """The current database for people: "MySQL/MariaDB, live"."""
        return self._database_words(self.target)

    def _database_words(self, target: str) -> str:
        """A database as people name it: its product (not the protocol it is reached by:
        "Neo4j", not "Neo4j (Bolt)"), and whether it is the live data or a copy."""
        live = self._is_live(target)
        return f"{_product(target)}, {'live' if live else 'a copy of the data'}"

    def _is_live(self, target: str) -> bool:
        return any(db.kind == target for db in self.dataset_info().databases)

    def dataset_info(self) -> Dataset:
        """The dataset in use; refused (AccessDenied) when the person may not use it (any
        more: a change to the users file counts at once)."""
        from planrag.datasets import DatasetRef
        from planrag.engine.session import require_access
        from planrag.runtime import registry

        ds = registry(self.settings).get(DatasetRef.parse(self.dataset).dataset)
        require_access(self.access(), ds.id)
        return ds

    async def show_dataset(self, switched: bool = False) -> None:
        """Tell the page which dataset its questions go to: public/planrag.js shows its title
        by the message box, and after a switch keeps it for the browser's next page."""
        ds = self.dataset_info()
        shown = {"planrag_title": ds.title}
        if switched:
            shown["planrag_dataset"] = ds.id
        await cl.send_window_message(shown)

    # Each what-if request (`/whatif`, its buttons, the form sent) holds one of the person's
    # places of work while it reads the parameters (a live database's values) and ranks.

    async def what_if(self, text: str) -> None:
        """`/whatif`: with nothing after it, the form of the simulator's parameters; with
        `name=value ...` and/or a question id of the dataset, the ranking for them."""
        with self.held("what-if"):
            await self._what_if(text)

    async def what_if_form(self) -> None:
        """What the simulator takes, each parameter with its meaning and the values the data
        allows, as a form to fill in (and buttons for the sample questions' parameters)."""
        with self.held("what-if"):
            await self._what_if_form()

    async def what_if_submitted(self, payload: dict[str, Any]) -> None:
        """The form was sent: check each value against its parameter, then rank."""
        with self.held("what-if"):
            await self._what_if_submitted(payload)

    async def _what_if(self, text: str) -> None:
        ds = self.dataset_info()
        if not text.strip() or not ds.checked:  # the form, or why there is none
            await self._what_if_form()
            return
        asked = parse_what_if(text, {q.id for q in ds.questions})
        if asked.stray:
            words = " and ".join(f"\u201c{escape(w, 'markdown')}\u201d" for w in asked.stray)
            await self._what_if_help(
                f"{words} {'is' if len(asked.stray) == 1 else 'are'} neither a parameter "
                "(name=value) nor the id of one of this dataset's sample questions.")
            return
        if len(asked.questions) > 1:
            await self._what_if_help("Name one sample question at a time.")
            return
        ref = f"{ds.id}#{asked.questions[0]}" if asked.questions else ds.id
        given = asked.values
        try:
            params = await what_if_parameters(self.settings, ds)
        except PlanRAGError as exc:
            await cl.Message(content="The simulator could not be prepared: "
                             f"{escape(str(exc), 'markdown')}").send()
            return
        known = {p.name: p for p in params}
        unknown = [n for n in given if n not in known]
        if unknown:
            await self._what_if_help(
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
        if not asked.questions:  # a sample question brings its own parameters
            problems += [escape(f"{p.label or p.name} is required.", "markdown")
                         for p in params if p.required and p.name not in given]
        if problems:
            await self._what_if_help(" ".join(problems))
            return
        await self._what_if_run(ref, overrides)

    async def _what_if_help(self, problem: str) -> None:
        """What was wrong with a `/whatif` (`problem`: whole sentences, Markdown), what it
        takes here, and an example that fits."""
        ds = self.dataset_info()
        try:
            params = await what_if_parameters(self.settings, ds)
        except PlanRAGError as exc:
            await cl.Message(content="The simulator could not be prepared: "
                             f"{escape(str(exc), 'markdown')}").send()
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
            actions=[form, *question_actions(self)], metadata=avatar()).send()

    async def _what_if_form(self) -> None:
        from planrag.simulators.service import dataset_check

        ds = self.dataset_info()
        if not ds.checked:
            await cl.Message(content=f"**{escape(ds.title, 'markdown')}** has no simulator, "
                             "so there is no "
                             "what-if analysis for it. `/datasets` lists the datasets; the "
                             "settings panel switches to another.").send()
            return
        try:
            sim = dataset_check(ds)
            params = await what_if_parameters(self.settings, ds)
        except PlanRAGError as exc:
            await cl.Message(content="The simulator could not be prepared: "
                             f"{escape(str(exc), 'markdown')}").send()
            return
        decision = sim.Decision.model_fields[sim.decision_field()]
        lines = [f"**What-if analysis: {escape(sim.title, 'markdown')}** on "
                 f"{escape(ds.title, 'markdown')}",
                 f"Pick the parameters; the simulator then ranks every possible decision "
                 f"({decision.description or sim.decision_field()}) from best to worst "
                 f"({'the lowest' if sim.objective == 'minimise' else 'the highest'} "
                 "result first), compared with changing nothing."]
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
        lines.append("Or type " + code_span("/whatif " + " ".join(
            f"{p.name}={p.initial() or '...'}" for p in params if p.required)) + ".")
        await cl.Message(content="\n\n".join(lines), elements=elements,
                         actions=question_actions(self), metadata=avatar()).send()

    async def _what_if_submitted(self, payload: dict[str, Any]) -> None:
        from planrag.engine.session import require_access
        from planrag.runtime import registry

        dataset = str(payload.get("dataset") or self.dataset_info().id)
        raw = payload.get("values")
        values: dict[str, Any] = raw if isinstance(raw, dict) else {}
        require_access(self.access(), dataset)  # the form's request may be forged
        ds = registry(self.settings).get(dataset)
        try:
            params = await what_if_parameters(self.settings, ds)
        except PlanRAGError as exc:
            await cl.Message(content="The simulator could not run: "
                             f"{escape(str(exc), 'markdown')}").send()
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
        await self._what_if_run(ds.id, overrides)

    def held(self, doing: Doing) -> AbstractContextManager[None]:
        """One of the person's places of work at once, held while the chat does `doing` for
        them (`RunService.hold`: the places every front end counts)."""
        return RunService(self.settings).hold(self.asker(), doing)

    async def _what_if_run(self, ref: str, overrides: dict[str, Any]) -> None:
        """Rank every decision for the dataset or question `ref` with `overrides` and show
        the ranking with a chart."""
        try:  # audited as every front end's what-if is, in the place the caller holds
            run = (await RunService(self.settings).tools.what_if(
                self.asker(), ref, overrides, target="dump", held=True)).run
        except PlanRAGError as exc:
            await cl.Message(content="The simulator could not run: "
                             f"{escape(str(exc), 'markdown')}").send()
            return
        result = run.result
        top = result.ranking[:10]
        unit, digits = result.unit, result.digits
        table = RowsElement(
            name="ranking", columns=["rank", "decision", f"{result.description}",
                                     "change compared with changing nothing"],
            rows=[[c.rank, result.label(c.decision), quantity(c.value, unit, digits),
                   _change(c.delta, result.baseline, unit, digits)] for c in top])
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
            lines.append(f"_Simulated on the live data as of {escape(run.as_of, 'markdown')}._")
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

    # -- a question

    async def ask(self, question: str, model: Model | None = None) -> None:
        """Answer with the configured model, or with `model` (the scripted walkthrough);
        one of the person's places for questions at once is held while it is answered."""
        scripted = model is not None
        model = model or self.model()
        if model is None:  # no model set up: the scripted walkthrough, where it applies
            await run_scripted(self, question)
            return
        limits_for(self.settings).check_question(question)
        with self.held("question"):
            await self._ask(question, model, scripted)

    async def _ask(self, question: str, model: Model, scripted: bool) -> None:
        from planrag.engine.state import Turn

        consent = "ask" if scripted else self.consent
        sample = sample_of(self.dataset_info(), question)
        ref = DatasetRef.parse(f"{self.dataset}#{sample.id}" if sample else self.dataset)
        request = RunRequest(self.asker(), ref, question, self.target, self.technique,
                             consent, scripted, self.user)
        view = self._view(request)
        _running(self.user, self.page, question)
        try:
            outcome = await self._conversation().ask(
                request, _ChatTransport(self, view), model=model, held=True,
                history=[] if scripted else self.history[-6:], opened=view.opened,
                after=self._after(view, request))
        finally:
            _finished(self.user, self.page)
        if outcome.answer is not None and outcome.how == "finished" and not scripted:
            self.history.append(Turn(question=question, decision=outcome.answer.decision,
                                     rationale=outcome.answer.rationale,
                                     factual=outcome.answer.factual))
        await self.remember()

    def asker(self) -> Asker:
        """The signed-in person (or the open chat's) as the run service knows them."""
        return Asker(self.user, self.access(), approver=self.user or None)

    def _conversation(self) -> Conversation:
        """This thread as the run service holds it: kept (journaled, its pauses kept) when
        history keeps the thread, so a restart or another window can take it up; another
        window's run beside this one's goes on unjournaled."""
        return Conversation(RunService(self.settings), self._paused_key(), busy="go_on",
                            keeps_turns=False)

    def _view(self, request: RunRequest, state: str | None = None) -> RunView:
        from planrag.store import run_id_of

        view = RunView(self.settings, request.consent or "ask", _columns(self.dataset_info()))
        view.question = request.question
        if state is not None:  # a resumed run: its id from its state (no run_started)
            view.run_id = run_id_of(state)
        return view

    def _after(self, view: RunView, request: RunRequest
               ) -> Callable[[Outcome], Awaitable[None]]:
        """What the chat does once a run has ended, still journaled: its steps closed, a
        proposed check offered for saving, the answer kept for its rating, and a word if
        history is not being saved."""
        async def after(outcome: Outcome) -> None:
            await view.close_steps()
            if outcome.how == "answered_elsewhere":
                return
            await self._offer_save(view, request.dataset)
            await self._record_answer(view, request)
            await self._say_if_not_saved(outcome.failing)

        return after

    # -- checks the assistant proposed

    def may_edit_datasets(self) -> bool:
        """Whether this person may change a dataset's manifest: an admin of the users
        file, or the operator at the open chat (no sign-in, loopback only)."""
        access = self.access()
        return access.admin or (access.everything and not access.user)

    def _keep_check(self, run_id: str, dataset: str, event: Any) -> None:
        from planrag.decisions.proposals import keep_proposal

        try:
            keep_proposal(self.settings.data_dir, run_id, DatasetRef.parse(dataset).dataset,
                          event.spec)
        except (OSError, PlanRAGError):
            log.warning("could not keep the check proposed in run %s", run_id, exc_info=True)

    async def _offer_save(self, view: RunView, dataset: str) -> None:
        """After a proposed check ranked the answer: *Save to dataset* for those who may
        edit it, so later questions are checked with it."""
        check = view.check
        if check is None or check.check_origin != "proposed" or not self.may_edit_datasets():
            return
        await cl.Message(
            content=f"Later questions on **{escape(self.dataset_info().title, 'markdown')}** "
            "can be checked the same way: save the check into the dataset.",
            actions=[cl.Action(name="save_check", label="Save to dataset",
                               payload={"run": view.run_id, "dataset": dataset})],
            metadata=avatar()).send()

    async def save_check(self, run_id: str, dataset: str) -> None:
        """The *Save to dataset* button: the proposed check appended to the manifest."""
        from planrag.decisions.proposals import kept_proposal, save_to_manifest
        from planrag.runtime import registry

        if not self.may_edit_datasets():
            await cl.Message(content="Only an administrator may change a dataset; ask one "
                             "to run `planrag decision save`.").send()
            return
        try:
            found = kept_proposal(self.settings.data_dir, str(run_id))
            if found is None or found[0] != dataset:
                raise DatasetError("that check is not kept on this server any more; "
                                   f"`planrag decision save {dataset} {run_id}` reads the "
                                   "audit trail")
            spec = save_to_manifest(registry(self.settings).get(dataset), found[1])
        except PlanRAGError as exc:
            await cl.Message(content="The check was not saved: "
                             f"{escape(str(exc), 'markdown')}").send()
            return
        await cl.Message(content=f"Saved: **{escape(spec.title, 'markdown')}** "
                         f"({code_span(spec.id)}) now checks every answer on this dataset.",
                         metadata=avatar()).send()

    # -- history (app.history): state kept with the thread, answers, paused runs

    def state(self) -> dict[str, Any]:
        """What a resumed conversation restores: the dataset, database, method, consent
        setting and the earlier questions and decisions."""
        return {"dataset": self.dataset, "target": self.target, "technique": self.technique,
                "consent": self.consent,
                "history": [t.model_dump(mode="json") for t in self.history[-20:]]}

    def restore(self, state: dict[str, Any]) -> None:
        """Take back a kept state; a dataset the person may no longer use stays unchanged."""
        from planrag.engine.state import Turn
        from planrag.runtime import registry

        dataset = str(state.get("dataset") or "")
        if dataset in registry(self.settings).ids() and self.access().allows(dataset):
            self.dataset = dataset  # else (gone, or no longer allowed) the session's stays
        if dataset == self.dataset:
            turns = state.get("history") or []
            try:
                self.history = [Turn.model_validate(t) for t in turns if isinstance(t, dict)]
            except ValueError:
                self.history = []
        self.technique = str(state.get("technique") or self.technique)
        self.consent = str(state.get("consent") or self.consent)
        target = str(state.get("target") or "")
        self.target = target if target in self.targets() else self.default_target()

    async def remember(self) -> None:
        """Keep the session's state with its thread (now, not only when the page closes:
        the app may stop before)."""
        state = self.state()
        cl.user_session.set("planrag_state", state)
        layer = self.history_layer
        thread = getattr(cl.context.session, "thread_id", None)
        if layer is None or not thread or not getattr(cl.context.session,
                                                      "has_first_interaction", False):
            return
        await layer.update_thread(thread, metadata={"planrag_state": state})
        await self._say_if_not_saved(None)

    async def _record_answer(self, view: RunView, request: RunRequest) -> None:
        """The answer, kept for its rating under the message the rating is given on: the
        page rates a run (the Chainlit run the answer was posted in, whose last message
        shows the thumbs), not the answer's own message. Its check is kept as the verdict
        says it."""
        layer = self.history_layer
        message = view.answer_message
        if layer is None or view.answer is None or message is None:
            return
        check = view.check
        verdict = None if check is None else "\n".join(
            answer_lines(None, check, style="plain", scripted=view.scripted))
        decision = (check.label(view.answer.decision) if check is not None
                    else named(view.answer))
        try:
            await layer.store.record_run(
                message.parent_id or message.id, view.run_id,
                getattr(cl.context.session, "thread_id", None), self.user or "(open chat)",
                str(request.ref), request.question, decision, verdict)
        except PlanRAGError as exc:
            layer.failing = str(exc)

    async def _say_if_not_saved(self, problem: str | None) -> None:
        """Once per outage: the chat goes on, but what is said now may not be kept."""
        layer = self.history_layer
        if layer is None:
            return
        problem = problem or layer.failing
        if problem is None:
            self.notified = False
            return
        if self.notified:
            return
        self.notified = True
        await cl.Message(content="History is not being saved right now (its database "
                         f"cannot be used: {escape(problem, 'markdown')}). The chat goes on; "
                         "this conversation "
                         "may be missing from the list of past chats.",
                         metadata=avatar()).send()

    def _paused_key(self) -> str | None:
        thread = getattr(cl.context.session, "thread_id", None)
        return f"chat:{thread}" if self.history_layer is not None and thread else None

    async def offer_paused(self) -> None:
        """On a resumed conversation: a re-plan that was waiting when the app stopped is
        asked again, with its buttons."""
        paused = await self._conversation().waiting()
        if paused is None or not self.access().allows(
                str(paused.context.get("dataset") or "")):
            return
        ask = escape(str(paused.context.get("ask") or "Approve the proposed change of plan?"),
                     "markdown")
        question = escape(str(paused.context.get("question", "")), "markdown")
        self.offer = cl.Message(
            content=f"This conversation was left waiting for your answer to a change of plan. "
                    f"Question: \u201c{question}\u201d.\n\n{ask}",
            actions=[cl.Action(name="paused_answer", payload={"approved": True},
                               label="Approve"),
                     cl.Action(name="paused_answer", payload={"approved": False},
                               label="Keep the current plan")],
            metadata=avatar())
        await self.offer.send()

    async def answer_paused(self, approved: bool) -> None:
        """The person answered a re-plan kept over a restart: the run goes on from there."""
        from planrag.engine.session import require_access

        conversation = self._conversation()
        paused = await conversation.waiting()
        if paused is None:
            await cl.Message(content=escape(Words.not_waiting(None), "markdown")).send()
            return
        request = RunRequest.from_context(paused.context, self.asker())
        view = self._view(request, paused.state)
        offer, self.offer = self.offer, None
        if offer is not None:  # the decision is written into the question it was asked with
            for action in offer.actions:
                await action.remove()
            view.asked, view.proposal = offer, offer.content
        outcome = await conversation.answer(
            approved, lambda _asked: self.asker(), _ChatTransport(self, view),
            allowed=lambda asked: self.access().allows(asked.dataset), opened=view.opened,
            after=self._after(view, request))
        if outcome.how == "denied":
            require_access(self.access(), request.dataset)  # says why, in one line
        elif outcome.how == "not_waiting":
            await cl.Message(content=escape(Words.not_waiting(None), "markdown")).send()
        await self.remember()

    async def interrupted(self) -> list[Journaled]:
        """On a resumed conversation: a run that was working when its app process died
        (its journal lease lapsed) is taken over by this session, once, for
        `answer_again`. A run that was waiting for consent is offered by `offer_paused`."""
        return await self._conversation().taken_over()

    async def answer_again(self, run: Journaled) -> None:
        """Answer again an interrupted run (see `interrupted`): the question from the start,
        or the approved re-plan from where it was paused, in the dataset it was asked on."""
        context = (run.plan or {}).get("context")
        if not isinstance(context, dict):
            return
        request = RunRequest.from_context(context, self.asker())
        if not self.access().allows(request.dataset):
            return
        if (run.plan or {}).get("kind") == "question" and str(request.ref) != self.dataset:
            self.dataset = str(request.ref)
            target = request.target or ""
            self.target = target if target in self.targets() else self.default_target()
            await self.show_dataset()
        state = (run.plan or {}).get("state")
        view = self._view(request, str(state) if state else None)
        with self.held("question"):
            await self._conversation().answer_again(
                run, _ChatTransport(self, view), lambda _asked: self.asker(),
                opened=view.opened, after=self._after(view, request))
        await self.remember()


class _ChatTransport:
    """The chat as a conversation's transport: a run's events shown by its RunView, the
    service's words as messages, pauses asked with the view's buttons."""

    def __init__(self, session: ChatSession, view: RunView) -> None:
        self.session, self.view = session, view
        self.decide: Decide | None = view.ask_consent

    async def show(self, event: Any) -> None:
        from planrag.engine.events import CheckProposed

        await self.view.show(event)
        if isinstance(event, CheckProposed):
            self.session._keep_check(self.view.run_id, self.session.dataset, event)

    async def say(self, text: str) -> None:
        await cl.Message(content=escape(text, "markdown"), metadata=avatar()).send()


def _columns(ds: Dataset) -> Any:
    """How the dataset's query tables read (planrag.present.Columns)."""
    from planrag.simulators.service import dataset_columns

    return dataset_columns(ds)


def _change(delta: float, baseline: float, unit: str, digits: int) -> str:
    """A change in a ranking's table, in the same format as its values: "−£3.52 (−8.1%)"."""
    share = percent(delta, baseline)
    return signed_quantity(delta, unit, digits) + (f" ({share})" if share else "")


def _parameter_text(p: WhatIfParameter) -> str:
    """A what-if parameter's meaning and allowed values (which may be the data's values),
    for a Markdown list."""
    return f"{escape(p.description, 'markdown')}. {escape(p.valid(), 'markdown')}"


# -- a page, its tab, and their runs across reloads


_PAGE_ID = re.compile(r"[A-Za-z0-9-]{8,64}")
_DATASET_ID = re.compile(r"[a-z][a-z0-9-]{0,40}")


@dataclass(frozen=True)
class Page:
    """What public/planrag.js says about the page a chat session belongs to. It is handed over
    in Chainlit's userEnv, which the page reads once when it loads and sends with every
    connection it makes (a New chat, a reconnection), so each page speaks for itself: a cookie
    is shared by every tab of the browser."""

    tab: str = ""
    """The tab's id: kept over a reload of the tab (sessionStorage), new in a new tab; "" when
    the page said nothing (its earlier runs are then never looked for)."""
    load: str = ""
    """The page load's id: the same for every chat of that page (New chat keeps it)."""
    dataset: str = ""
    """The dataset the page's first screen was made for (its sample questions: the
    `planrag_dataset` cookie when the page loaded; "" when there was none: the default's)."""


def page_of(user_env: Any) -> Page:
    """The page a session's userEnv describes; what does not fit is dropped (it comes from the
    page, so anyone can send anything)."""
    env = user_env if isinstance(user_env, dict) else {}

    def value(key: str, pattern: re.Pattern[str]) -> str:
        text = env.get(key)
        return text if isinstance(text, str) and pattern.fullmatch(text) else ""

    tab = value("planrag_tab", _PAGE_ID)
    if not tab:
        return Page()
    return Page(tab, value("planrag_page", _PAGE_ID), value("planrag_dataset", _DATASET_ID))


@dataclass(frozen=True)
class _Run:
    session: str
    """The chat session answering (Chainlit's session id: one per chat of a page)."""
    load: str
    task: asyncio.Task[Any]
    question: str


@dataclass(frozen=True)
class Stopped:
    """A question an earlier chat of this tab was still answering, stopped."""

    question: str
    reloaded: bool
    """Whether its page was reloaded (else the tab's page started a new chat)."""


_RUNNING: dict[tuple[str, str], _Run] = {}
"""(Person, tab id) -> the run a chat of that tab is answering. Keyed by the person too: the
tab id comes from the page and anyone can make one up, so it only ever finds that person's
own run; and never by the browser, whose tabs are conversations of their own."""

_SUPERSEDED: dict[tuple[str, str], _Run] = {}
"""(Person, tab id) -> a run of another chat of that tab that a newer chat's question took the
place of in `_RUNNING` before the newer chat's start could stop it: a question sent the moment
a reloaded page is ready reaches the app while its start still waits for the old page's
connection to close (Chainlit runs the two side by side)."""

CLOSE_WAIT_S = 2.0
"""How long a reloaded page's earlier run waits for its old page's connection to close."""


def browser_cookies(environ: Any) -> dict[str, str]:
    """The cookies of the page's connection (its WSGI environ), by name."""
    raw = environ.get("HTTP_COOKIE", "") if isinstance(environ, dict) else ""
    jar: SimpleCookie = SimpleCookie()
    try:
        jar.load(raw)
    except CookieError:
        return {}
    return {name: unquote(morsel.value) for name, morsel in jar.items()}


def _running(user: str, page: Page, question: str) -> None:
    task = asyncio.current_task()
    if page.tab and task is not None:
        key = (user, page.tab)
        session = cl.context.session.id
        earlier = _RUNNING.get(key)
        if earlier is not None and earlier.session != session and not earlier.task.done():
            _SUPERSEDED[key] = earlier  # the newer chat's start decides whether it stops
        _RUNNING[key] = _Run(session, page.load, task, question)


def _finished(user: str, page: Page) -> None:
    task = asyncio.current_task()
    for table in (_RUNNING, _SUPERSEDED):
        entry = table.get((user, page.tab))
        if entry is not None and entry.task is task:
            del table[user, page.tab]


async def stop_earlier_run(user: str, page: Page, session_id: str) -> Stopped | None:
    """The question an earlier chat of `user`'s tab was still answering, stopped now, if any:
    after a reload (or a New chat) its answer can no longer be shown. Only a run whose page
    has gone counts: a tab the browser duplicated carries the same tab id while the original
    still shows its own run, which goes on. Found also when this chat's own first question
    took its place already (sent before this start got here)."""
    if not page.tab:
        return None
    key = (user, page.tab)
    entry = next((e for e in (_RUNNING.get(key), _SUPERSEDED.get(key))
                  if e is not None and e.session != session_id), None)
    if entry is None or not await _closed(entry.session):
        return None
    held = [table for table in (_RUNNING, _SUPERSEDED) if table.get(key) is entry]
    if not held:
        return None  # it ended (or another chat's start stopped it) meanwhile
    for table in held:
        del table[key]
    if entry.task.done():
        return None
    entry.task.cancel()
    return Stopped(entry.question, reloaded=entry.load != page.load)


async def _closed(session_id: str) -> bool:
    """Whether the page of Chainlit session `session_id` has gone (its connection closed),
    waiting up to CLOSE_WAIT_S for it: a reloaded page's old connection may close a moment
    after the new page's opens."""
    from chainlit.server import sio
    from chainlit.session import WebsocketSession

    loop = asyncio.get_running_loop()
    deadline = loop.time() + CLOSE_WAIT_S
    while True:
        session = WebsocketSession.get_by_id(session_id)
        if session is None or not sio.manager.is_connected(session.socket_id, "/"):
            return True
        if loop.time() >= deadline:
            return False
        await asyncio.sleep(0.1)


# -- datasets


def _product(target: str) -> str:
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
    answers; unusable ones with their problem (only to someone allowed everything)."""
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
                parts.append(f"{_product(target)}: {escape(str(exc), 'markdown')}")
                continue
            parts.append(f"your live {_product(target)} database "
                         f"{escape(str(location.database), 'markdown')} at "
                         f"{escape(location.where, 'markdown')}")
        copies = [_product(t) for t in targets if t not in live]
        if copies:
            parts.append("a copy of its data in " + " and ".join(copies))
        if ds.questions:
            parts.append(plural(len(ds.questions), "sample question"))
        if ds.simulator:
            parts.append("answers checked by its simulator")
        elif ds.decisions:
            parts.append("answers checked by the decision model written for it")
        account = " **Its account may write** (accepted when it was connected)." if (
            ds.write_privileges) else ""
        lines.append(f"- **{escape(ds.title, 'markdown')}** ({code_span(ds.id)}): "
                     f"{'; '.join(parts)}.{account}")
    for name, problem in sorted(reg.problems.items()) if access.everything else ():
        lines.append(f"- {code_span(name)} cannot be used: {escape(problem, 'markdown')}")
    if not lines:
        lines.append("Your account may not ask about any dataset yet: ask the person who runs "
                     "PlanRAG Assistant to give you access.")
    lines.append("\nSwitch in the settings panel (the gear below).")
    return "\n".join(lines)


# -- sample questions as buttons


def _one_line(text: str) -> str:
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
        text = first_line(q.text, width=10_000)
        sentences = re.split(r"(?<=[.?!])\s+", text)
        asked = [s for s in sentences if s.endswith("?")]
        sentence = asked[-1] if asked else sentences[0]
        sentence = sentence[:1].upper() + sentence[1:]
        values = [str(q.extra[k]) for k in varying if k in q.extra]
        prefix = " · ".join(v for v in values if v not in sentence)
        label = f"{prefix}: {sentence}" if prefix else sentence
        if len(label) > width:
            label = label[: width - 1].rsplit(" ", 1)[0] + "…"
        labels.append(label)
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
        actions.append(cl.Action(name="whatif", payload={"question": q.id},
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


def offered_questions(ds: Dataset, with_model: bool) -> list[Question]:
    """The sample questions to offer (starters, buttons): all of them with a model; without
    one only those the walkthrough answers truly (its own question, with the parameter it
    reads from it), so no offered question gets an answer to another question."""
    if with_model:
        return list(ds.questions)
    from planrag.engine.policy import uncovered

    name = _walkthrough_of(ds)
    return [q for q in ds.questions if uncovered(_one_line(q.text), name) is None]


def sample_of(ds: Dataset, question: str) -> Question | None:
    """The sample question `question` is (as a starter or button sends it), if any: it is
    then answered on that question's own data and checked with its own parameters."""
    asked = _one_line(question)
    return next((q for q in ds.questions if _one_line(q.text) == asked), None)


async def run_scripted(session: ChatSession, question: str) -> None:
    """The scripted walkthrough: a fixed rule of thumb answers instead of a model, only the
    question it was written for; any other question is told, in one line, which question
    the walkthrough answers here and how to get a model for the rest."""
    from planrag.engine.policy import policy_model, uncovered

    ds = session.dataset_info()
    name = _walkthrough_of(ds)
    problem = uncovered(question, name)
    if problem is not None and problem.kind == "dataset":
        await cl.Message(content=NO_MODEL, metadata=avatar()).send()
        return
    if problem is not None:
        offered = offered_questions(ds, with_model=False)
        samples = [cl.Action(name="ask", payload={"question": _one_line(q.text)}, label=label)
                   for q, label in zip(offered[:3], question_labels(offered), strict=False)]
        if problem.kind == "parameter":
            text = f"{problem.text} Or pick a sample question."
        else:
            elsewhere = _fitting_datasets(session, question)
            text = f"{problem.text}{elsewhere} {HOW_TO_SET_UP_A_MODEL}"
        await cl.Message(content=text, actions=samples, metadata=avatar()).send()
        return
    await session.ask(question, model=policy_model(simulator=name))


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
