# mypy: disable-error-code="no-untyped-call"
# (Chainlit's API is untyped.)
"""The chat session behind the Chainlit app: one object per browser session.

It runs questions through the engine and shows them with `app.steps.RunView`, and offers
what works without a model: the datasets, what-if analysis with the simulator (a form of the
simulator's parameters, `app.whatif`) and a scripted walkthrough. Chainlit is imported by
the `app` modules only, never by the engine.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import chainlit as cl

from app.offers import (
    asked_in_full,
    product_name,
    run_scripted,
    sample_context,
    sample_label,
    sample_of,
)
from app.pages import Page, mark_finished, mark_running
from app.steps import RunView, avatar
from planrag.datasets import Dataset, DatasetRef
from planrag.engine.model import Model
from planrag.engine.verdict import answer_lines, named
from planrag.errors import DatasetError, PlanRAGError
from planrag.limits import Doing, limits_for
from planrag.markup import code_span, escape
from planrag.service.conversation import Conversation, Outcome, RunRequest, Words
from planrag.service.journal import Place
from planrag.service.run_store import Journaled
from planrag.service.runs import Asker, Decide, RunService, model_for
from planrag.settings import Settings
from planrag.users import Access

__all__ = ["ChatSession"]

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
        return f"{product_name(target)}, {'live' if live else 'a copy of the data'}"

    def _is_live(self, target: str) -> bool:
        return any(db.kind == target for db in self.dataset_info().databases)

    def dataset_info(self) -> Dataset:
        """The dataset in use; refused (AccessDenied) when the person may not use it (any
        more: a change to the users file counts at once)."""
        from planrag.engine.session import require_access
        from planrag.runtime import registry

        ds = registry(self.settings).named(self.dataset)
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

    def held(self, doing: Doing) -> Place:
        """One of the person's places of work at once, held while the chat does `doing` for
        them (`RunService.hold`: the places every front end counts)."""
        return RunService(self.settings).hold(self.asker(), doing)

    # -- a question

    async def ask(self, text: str, model: Model | None = None) -> None:
        """Answer what the person sent (`text`: typed, or a sample question's label) with
        the configured model, or with `model` (the scripted walkthrough); one of the
        person's places for questions at once is held while it is answered. A sample
        question is asked in full, while the person sees the label they picked."""
        scripted = model is not None
        model = model or self.model()
        if model is None:  # no model set up: the scripted walkthrough, where it applies
            await run_scripted(self, text)
            return
        question = asked_in_full(self.dataset_info(), text)
        limits_for(self.settings).check_question(question)
        async with self.held("question"):
            await self._ask(question, text, model, scripted)

    async def _ask(self, question: str, shown: str, model: Model, scripted: bool) -> None:
        from planrag.engine.state import Turn

        consent = "ask" if scripted else self.consent
        ds = self.dataset_info()
        sample = sample_of(ds, question)
        ref = DatasetRef.parse(f"{self.dataset}#{sample.id}" if sample else self.dataset)
        request = RunRequest(self.asker(), ref, question, self.target, self.technique,
                             consent, scripted, self.user)
        context = sample_context(ds, shown)
        if context is not None:  # the rest of the sample question, not as the person's words
            await cl.Message(content="With this sample question the assistant is also told: "
                             f"*{escape(context, 'markdown')}*", metadata=avatar()).send()
        view = self._view(request)
        mark_running(self.user, self.page, shown, self.dataset)
        try:
            outcome = await self._conversation().ask(
                request, _ChatTransport(self, view, shown if shown != question else None),
                model=model, held=True,
                history=[] if scripted else self.history[-6:], opened=view.opened,
                after=self._after(view, request))
        finally:
            mark_finished(self.user, self.page)
        if outcome.answer is not None and outcome.how == "finished" and not scripted:
            self.history.append(Turn(question=question, decision=outcome.answer.decision,
                                     rationale=outcome.answer.rationale,
                                     factual=outcome.answer.factual))
        await self.remember()

    def _shown(self, request: RunRequest) -> str | None:
        """How the person read a run's question when it is a sample question (its label);
        None for their own words."""
        from planrag.runtime import registry

        if not request.ref.question:
            return None
        try:
            ds = registry(self.settings).get(request.ref.dataset)
        except PlanRAGError:
            return None
        return sample_label(ds, request.ref.question)

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
        proposed check offered for saving, a checked verdict offered for watching, the
        answer kept for its rating, and a word if history is not being saved."""
        async def after(outcome: Outcome) -> None:
            from app.watches import offer_watch

            await view.close_steps()
            if outcome.how == "answered_elsewhere":
                return
            await self._offer_save(view, request.dataset)
            await offer_watch(self, view, request.dataset)
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

    async def name_conversation(self, name: str) -> None:
        """A conversation a button started is listed by what the button asked or did (its
        first words), not by the button's name in the code; one already named keeps its
        name."""
        layer = self.history_layer
        thread = getattr(cl.context.session, "thread_id", None)
        if layer is None or not thread:
            return
        await layer.name_thread(thread, " ".join(name.split())[:120])
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
        asked = RunRequest.from_context(paused.context, self.asker())
        question = escape(self._shown(asked) or str(paused.context.get("question", "")),
                          "markdown")
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
            approved, lambda _asked: self.asker(),
            _ChatTransport(self, view, self._shown(request)),
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
        async with self.held("question"):
            await self._conversation().answer_again(
                run, _ChatTransport(self, view, self._shown(request)),
                lambda _asked: self.asker(),
                opened=view.opened, after=self._after(view, request))
        await self.remember()


class _ChatTransport:
    """The chat as a conversation's transport: a run's events shown by its RunView, the
    service's words as messages, pauses asked with the view's buttons."""

    def __init__(self, session: ChatSession, view: RunView, shown: str | None = None) -> None:
        self.session, self.view = session, view
        self.decide: Decide | None = view.ask_consent
        self.shown = shown
        """The question as the person sent it, when it was asked in full (a sample's
        label): the answer's file is named and headed with what they read."""

    async def show(self, event: Any) -> None:
        from planrag.engine.events import CheckProposed, RunStarted

        await self.view.show(event)
        if isinstance(event, CheckProposed):
            self.session._keep_check(self.view.run_id, self.session.dataset, event)
        elif isinstance(event, RunStarted) and self.shown:
            self.view.question = self.shown

    async def say(self, text: str) -> None:
        await cl.Message(content=escape(text, "markdown"), metadata=avatar()).send()

    def resuming(self, state: str) -> None:
        """Nothing to add: the run's view was made from its paused state (`_view`)."""


def _columns(ds: Dataset) -> Any:
    """How the dataset's query tables read (planrag.present.Columns)."""
    from planrag.simulators.service import dataset_columns

    return dataset_columns(ds)
