"""A conversation: the questions of one thread of a front end, held by the run service
(ARCHITECTURE.md, "The run service").

A chat thread, a Slack thread or an API conversation is a `Conversation` under a key of the
run store ("chat:<thread>", "slack:<channel>:<thread ts>"). It owns what a front end used to
drive itself:

* the journal: a run is written to it before work starts and held under a lease this
  process renews, with what it is doing (its plan: the question, a pause, a resume), so a
  run whose process died is taken over (`taken_over`) and answered again (`answer_again`);
* the paused run: a pause is kept under the key before the person is asked, so a restart,
  another window or another process can answer it (`answer`), once;
* the earlier turns, which a follow-up question is asked with.

A front end gives a `RunRequest` (who asks, the dataset reference parsed once, the question
and how to answer it) and a `Transport`: where the run's events go (`show`), where the
service's own words go (`say`, plain text the front end escapes for its markup), and, for a
front end that can wait for the person (the chat's buttons), how to ask (`decide`). One that
cannot (Slack, the API) ends the run at its pause; `answer` goes on with it when the reply
comes, in whatever process gets it.
"""

from __future__ import annotations

import logging
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Literal, Protocol

from planrag.datasets import DatasetRef
from planrag.engine.events import (
    AnswerChecked,
    AnswerProposed,
    AwaitingConfirmation,
    Event,
    RunFailed,
    RunFinished,
)
from planrag.engine.model import Model, closing_stream
from planrag.engine.state import Turn
from planrag.errors import LimitReached, PlanRAGError
from planrag.service.runs import Asker, Decide, RunService, model_for

if TYPE_CHECKING:
    from planrag.engine.loop import Engine
    from planrag.service.journal import Holding
    from planrag.service.run_store import Journaled, PausedRun, RunStore
    from planrag.store import Auditor

__all__ = [
    "HISTORY_TURNS",
    "Conversation",
    "Outcome",
    "RunRequest",
    "Transport",
    "Words",
]

_log = logging.getLogger(__name__)

HISTORY_TURNS = 6
"""How many earlier turns of a conversation a follow-up question gets."""


class Words:
    """What the service says to people about their runs, in plain text (a front end escapes
    it for its markup): one wording for every front end."""

    BUSY = ("I am still working on the previous question here; ask again when it has been "
            "answered.")
    NOT_WAITING = "This change of plan is no longer waiting{earlier}."
    ANSWERED_ELSEWHERE = ("This change of plan was answered in another window; the run goes "
                          "on there.")
    ALREADY_ANSWERED = ("The change of plan here was already answered ({earlier}); the run "
                        "goes on with that answer.")
    AGAIN_QUESTION = ("The question \u201c{question}\u201d was interrupted when the assistant "
                      "working on it stopped; answering it again from the start.")
    AGAIN_RESUME = ("The question \u201c{question}\u201d was interrupted after its change of "
                    "plan was answered, when the assistant working on it stopped; going on "
                    "from where the plan was paused.")
    GAVE_UP = ("The question \u201c{question}\u201d could not be finished: the assistant stopped "
               "{n} times while working on it. Please ask it again.")
    NO_MODEL_YET = ("No model is set up for this assistant yet, so it cannot answer questions; "
                    "the person who runs it can set one up (README, \u201cAsking questions\u201d).")
    NO_MODEL = ("No model is configured any more, so the run cannot go on; answer again once "
                "one is.")
    NOT_ANSWERED = "The question could not be answered: {why}"
    NOT_RESUMED = ("The run could not go on: {why}. The change of plan is still waiting: answer "
                   "it again to try again.")

    @staticmethod
    def not_waiting(earlier: str | None) -> str:
        return Words.NOT_WAITING.format(earlier=f" (it was answered: {earlier})" if earlier
                                        else "")


@dataclass(frozen=True)
class RunRequest:
    """One question for one person, from any front end: everything its run needs, typed."""

    asker: Asker
    ref: DatasetRef
    """The dataset reference, parsed once (`DATASET[@DUMP|#QUESTION]`)."""
    question: str
    target: str | None = None
    technique: str | None = None
    consent: str | None = None
    scripted: bool = False
    """The scripted walkthrough answers (`model_for(scripted=True)`)."""
    asked_by: str = ""
    """The front end's own id of whoever asked (a Slack user id): whose account a run taken
    up again, or resumed by someone else's answer, reads with."""

    @property
    def dataset(self) -> str:
        return self.ref.dataset

    def context(self) -> dict[str, Any]:
        """The request as the run store keeps it with a paused or journaled run (JSON)."""
        return {"ref": str(self.ref), "dataset": self.ref.dataset, "target": self.target,
                "question": self.question, "technique": self.technique,
                "consent": self.consent, "scripted": self.scripted,
                "asker": self.asked_by}

    @classmethod
    def from_context(cls, context: dict[str, Any], asker: Asker) -> RunRequest:
        """A kept request (also as earlier versions kept it: a chat's `dataset` and
        `sample`, an API's `ref`), asked by `asker` now."""
        ref = str(context.get("ref") or context.get("dataset") or "")
        sample = str(context.get("sample") or "")
        if sample and "#" not in ref:
            ref = f"{ref}#{sample}"
        target = context.get("target")
        return cls(asker, DatasetRef.parse(ref), str(context.get("question") or ""),
                   str(target) if target else None,
                   _text_or_none(context.get("technique")),
                   _text_or_none(context.get("consent")), bool(context.get("scripted")),
                   str(context.get("asker") or context.get("user") or ""))


def _text_or_none(value: Any) -> str | None:
    return str(value) if value else None


class Transport(Protocol):
    """A front end as a conversation uses it."""

    decide: Decide | None
    """Asks the person at a pause and waits for the answer (the chat's buttons); None: the
    front end cannot wait, and the run ends at its pause (kept under the conversation's
    key)."""

    async def show(self, event: Event) -> None:
        """Render one of the run's events."""

    async def say(self, text: str) -> None:
        """Tell the person something of the service's own (plain text; `Words`)."""

    def resuming(self, state: str) -> None:
        """The run goes on from its pause (`state`, its JSON), so its events start midway:
        what it did before is there for the words that name it."""


@dataclass
class Outcome:
    """How a conversation's run ended for the front end."""

    how: Literal["finished", "paused", "failed", "refused", "denied", "busy",
                 "answered_elsewhere", "not_waiting", "stopped"]
    """`denied`: the person may not answer a run on its dataset (it stays waiting);
    `not_waiting`: nothing waits for an answer (the front end says so in its own words)."""
    answer: AnswerProposed | None = None
    """The run's answer, when it gave one."""
    failing: str | None = None
    """Why the audit trail could not be written, when it could not (the run went on)."""
    request: RunRequest | None = None


class _AnsweredElsewhere(Exception):
    """The pause was answered first elsewhere (another window, another process)."""


@dataclass
class _Journal:
    """A run in the journal, under a lease this process renews while it works; a journal
    that cannot be used costs the protection, never the run."""

    conversation: Conversation
    run_id: str | None
    holding: Holding | None = None

    async def plan(self, plan: dict[str, Any]) -> None:
        from planrag.service.journal import OWNER

        key = self.conversation.key
        if self.run_id is None or key is None:
            return
        try:
            await self.conversation.store.journal_start(
                self.run_id, key, plan, OWNER, self.conversation.service.settings.run_lease_s)
        except PlanRAGError as exc:
            _log.warning("the journal of run %s cannot be written: %s", self.run_id, exc)

    async def end(self) -> None:
        holding, self.holding = self.holding, None
        if holding is not None:
            await holding.__aexit__(None, None, None)


@dataclass
class Conversation:
    """The questions of one thread of a front end (its key in the run store; None: a thread
    nothing keeps, whose runs are neither journaled nor kept at a pause, and which only a
    front end that can wait may ask in)."""

    service: RunService
    key: str | None
    busy: Literal["refuse", "go_on"] = "refuse"
    """What a question does while another run of the conversation works: wait its turn
    (refused: Slack's thread), or go on beside it unjournaled (another chat window)."""
    keeps_turns: bool = True
    """The conversation keeps its earlier turns (False: the front end keeps them with its
    thread and gives them with each question, as the chat does)."""
    errors: Literal["say", "raise"] = "say"
    """What a run's error does: said to the person (`Words.NOT_ANSWERED`; a thread goes on),
    or raised to the front end, which has its own way of saying it (the terminal's exit
    codes, MCP's tool errors)."""
    journals_question: bool = True
    """The journal keeps the question in its run's plan (False: the front end's record of
    the message holds its text, once; Slack's, which gives it back to `answer_again`)."""
    _turns: list[Turn] = field(default_factory=list)

    @property
    def store(self) -> RunStore:
        from planrag.service.journal import store_for

        return store_for(self.service.settings)

    # -- the earlier turns

    async def history(self) -> list[Turn]:
        """The conversation's earlier turns, the last `HISTORY_TURNS`."""
        if self.key is None:
            return self._turns[-HISTORY_TURNS:]
        try:
            kept = await self.store.turns(self.key) or []
        except PlanRAGError as exc:
            _log.warning("the earlier turns of %s cannot be read: %s", self.key, exc)
            return []
        return [Turn.model_validate(t) for t in kept[-HISTORY_TURNS:]]

    async def remember(self, question: str, answer: AnswerProposed) -> None:
        """An answered question becomes an earlier turn of the conversation."""
        decision = answer.decision
        if not isinstance(decision, str | int | float | bool | type(None)):
            decision = str(decision)
        turn = Turn(question=question, decision=decision, rationale=answer.rationale,
                    factual=answer.factual)
        if self.key is None:
            self._turns = [*self._turns, turn][-2 * HISTORY_TURNS:]
            return
        turns = await self.store.turns(self.key) or []
        turns.append(turn.model_dump(mode="json"))
        await self.store.save_turns(self.key, turns[-2 * HISTORY_TURNS:])

    # -- asking and answering

    async def ask(self, request: RunRequest, transport: Transport, *,
                  model: Model | None = None, run_id: str | None = None,
                  history: list[Turn] | None = None, held: bool = False,
                  opened: Callable[[Engine], None] | None = None,
                  after: Callable[[Outcome], Awaitable[None]] | None = None) -> Outcome:
        """Answer `request` in this conversation: journaled (under `run_id`, e.g. the id
        Slack's gate journaled the message with), with the conversation's earlier turns
        (or `history`, the front end's), its pauses kept and asked through `transport`.
        `model`: the one to use (default: `model_for` the request); `held`: the front end
        holds the person's place already; `opened` is given the engine before the run
        starts; `after` is awaited with the outcome while the run is still journaled."""
        model = model or self._model(request)
        if model is None:
            await transport.say(Words.NO_MODEL_YET)
            return Outcome("refused", request=request)
        context = request.context()
        if not self.journals_question:
            del context["question"]
        journal = await self._begin(run_id, {"kind": "question", "context": context})
        if journal is None:
            await transport.say(Words.BUSY)
            return Outcome("busy", request=request)
        try:
            auditor = self.service.auditor(request.asker, request.dataset)
            events = self.service.ask(
                request.asker, str(request.ref), request.question, model,
                target=request.target,
                history=await self.history() if history is None else history,
                technique=request.technique, consent=request.consent,
                decide=self._decide(transport, journal, request), auditor=auditor,
                opened=opened, held=held)
            return await self._play(events, transport, journal, request, auditor, after)
        finally:
            await journal.end()

    async def waiting(self) -> PausedRun | None:
        """The run paused in this conversation, waiting for an answer (None: none)."""
        if self.key is None:
            return None
        try:
            return await self.store.get(self.key)
        except PlanRAGError:
            return None

    async def answer(self, approved: bool, answering: Callable[[RunRequest], Asker],
                     transport: Transport, *, run_id: str | None = None,
                     allowed: Callable[[RunRequest], bool] = lambda _r: True,
                     opened: Callable[[Engine], None] | None = None,
                     after: Callable[[Outcome], Awaitable[None]] | None = None) -> Outcome:
        """The person's answer to the run paused here: taken once (a second answer is told
        which came first, and takes the run up if the process working on the first died),
        then the run goes on, journaled, as `answering(request)` (who answers, reading as
        whoever asked). `allowed`: whether this person may answer a run on the request's
        dataset (not: the run stays waiting for someone who may)."""
        if self.key is None:
            return Outcome("not_waiting")
        waiting = await self.store.get(self.key)
        if waiting is not None and not allowed(
                RunRequest.from_context(waiting.context, Asker(""))):
            return Outcome("denied")
        taken = await self.service.take_paused(self.key, approved)
        if taken.run is None:
            if taken.earlier is not None:
                return await self._answered_before(taken.earlier, answering, transport)
            return Outcome("not_waiting")
        paused = taken.run
        request = RunRequest.from_context(paused.context, Asker(""))
        request = replace(request, asker=answering(request))
        plan = {"kind": "resume", "state": paused.state, "approved": approved,
                "saved_at": paused.saved_at, "context": paused.context}
        outcome: Outcome | None = None
        try:
            outcome = await self._resume(request, paused.state, approved, plan, transport,
                                         run_id=run_id, opened=opened, after=after)
        except PlanRAGError as exc:
            await transport.say(Words.NOT_RESUMED.format(why=exc))
        finally:
            if outcome is None or outcome.how == "refused":  # it never went on: still waits
                await self.store.put(self.key, paused)
        return outcome or Outcome("failed", request=request)

    async def _resume(self, request: RunRequest, state: str, approved: bool | None,
                      plan: dict[str, Any], transport: Transport, *, run_id: str | None,
                      opened: Callable[[Engine], None] | None,
                      after: Callable[[Outcome], Awaitable[None]] | None) -> Outcome:
        model = self._model(request)
        if model is None:
            await transport.say(Words.NO_MODEL)
            return Outcome("refused", request=request)
        journal = await self._begin(run_id, plan)
        if journal is None:
            await transport.say(Words.BUSY)
            return Outcome("refused", request=request)
        try:
            auditor = self.service.auditor(request.asker, request.dataset, state)
            transport.resuming(state)
            events = self.service.resume(
                request.asker, str(request.ref), state, approved, model,
                target=request.target, technique=request.technique, consent=request.consent,
                decide=self._decide(transport, journal, request), auditor=auditor,
                opened=opened)
            return await self._play(events, transport, journal, request, auditor, after)
        finally:
            await journal.end()

    async def _answered_before(self, earlier: str,
                               answering: Callable[[RunRequest], Asker],
                               transport: Transport) -> Outcome:
        """A second answer to a pause: what happens with the first one, truthfully. When
        the process that took the first answer died, this one takes the run up (the
        journal makes it one taker)."""
        assert self.key is not None
        running = await self.store.journal_running(self.key)
        if running is not None and (running.plan or {}).get("kind") == "resume" and \
                running.lapsed():
            for taken in await self.service.take_over(run_id=running.run_id):
                return await self.answer_again(taken, transport, answering)
        await transport.say(Words.ALREADY_ANSWERED.format(earlier=earlier))
        return Outcome("answered_elsewhere")

    # -- runs whose process died

    async def taken_over(self) -> list[Journaled]:
        """This conversation's run whose process died (its lease lapsed), now this
        process's to answer again, once (`answer_again`)."""
        if self.key is None:
            return []
        try:
            running = await self.store.journal_running(self.key)
            if running is None or not running.lapsed():
                return []
            return await self.service.take_over(run_id=running.run_id)
        except PlanRAGError:
            return []  # the journal cannot be read: nothing to take up that can be known

    async def answer_again(self, run: Journaled, transport: Transport,
                           answering: Callable[[RunRequest], Asker], *,
                           opened: Callable[[Engine], None] | None = None,
                           after: Callable[[Outcome], Awaitable[None]] | None = None,
                           ) -> Outcome:
        """Answer again a run taken over from the journal: the question from the start, or
        the answered pause from where it was paused; given up after `MAX_ATTEMPTS`."""
        from planrag.service.journal import MAX_ATTEMPTS, OWNER

        plan = run.plan or {}
        context = plan.get("context")
        kind = plan.get("kind")
        if not isinstance(context, dict) or kind not in ("question", "resume"):
            await self.store.journal_end(run.run_id, OWNER)
            return Outcome("stopped")  # paused (it waits for its answer) or unknown
        request = RunRequest.from_context(context, Asker(""))
        request = replace(request, asker=answering(request))
        if run.attempts > MAX_ATTEMPTS:
            await self.store.journal_end(run.run_id, OWNER)
            await transport.say(Words.GAVE_UP.format(question=request.question,
                                                     n=run.attempts - 1))
            return Outcome("stopped", request=request)
        if kind == "question":
            await transport.say(Words.AGAIN_QUESTION.format(question=request.question))
            return await self.ask(request, transport, run_id=run.run_id, opened=opened,
                                  after=after)
        await transport.say(Words.AGAIN_RESUME.format(question=request.question))
        approved = plan.get("approved")
        return await self._resume(request, str(plan["state"]),
                                  approved if isinstance(approved, bool) else None, plan,
                                  transport, run_id=run.run_id, opened=opened, after=after)

    # -- the parts

    def _model(self, request: RunRequest) -> Model | None:
        """The walkthrough gate, once: the scripted walkthrough for a scripted request,
        else the configured model (None: none is)."""
        from planrag.runtime import registry

        dataset = registry(self.service.settings).get(request.dataset)
        return model_for(self.service.settings, scripted=request.scripted, dataset=dataset)

    async def _begin(self, run_id: str | None, plan: dict[str, Any]) -> _Journal | None:
        """The run journaled under `run_id` (made up when None); None when another run of
        the conversation works right now and the conversation refuses a second."""
        from planrag.service.journal import OWNER, Holding

        if self.key is None:
            return _Journal(self, None)
        run_id = run_id or f"{self.key}:{uuid.uuid4().hex[:12]}"
        try:
            other = await self.store.journal_start(run_id, self.key, plan, OWNER,
                                                   self.service.settings.run_lease_s)
        except PlanRAGError as exc:
            _log.warning("the journal cannot be written (%s): run %s is not protected", exc,
                         run_id)
            return _Journal(self, None)
        if other is not None:
            return None if self.busy == "refuse" else _Journal(self, None)
        holding = Holding(self.service.settings, run_id)
        await holding.__aenter__()
        return _Journal(self, run_id, holding)

    def _decide(self, transport: Transport, journal: _Journal, request: RunRequest
                ) -> Decide | None:
        """For a transport that can wait: each pause is kept first (a restart, another
        window can answer it), then asked; the answer counts only when it is the first."""
        ask = transport.decide
        if ask is None:
            return None

        async def decide(paused: AwaitingConfirmation) -> bool | None:
            answer = await ask(paused)
            if self.key is not None:
                try:
                    taken = await self.service.take_paused(self.key, answer)
                except PlanRAGError:
                    taken = None  # a store that cannot be reached does not stop the run
                if taken is not None and taken.run is None and taken.earlier is not None:
                    raise _AnsweredElsewhere
            await journal.plan({"kind": "resume", "state": paused.state, "approved": answer,
                                "saved_at": time.time(), "context": request.context()})
            return answer

        return decide

    async def _play(self, events: AsyncIterator[Event], transport: Transport,
                    journal: _Journal, request: RunRequest, auditor: Auditor,
                    after: Callable[[Outcome], Awaitable[None]] | None) -> Outcome:
        """`_played`, then `after` awaited with the outcome while the run is still
        journaled."""
        outcome = await self._played(events, transport, journal, request, auditor)
        if after is not None:
            await after(outcome)
        return outcome

    async def _played(self, events: AsyncIterator[Event], transport: Transport,
                      journal: _Journal, request: RunRequest, auditor: Auditor) -> Outcome:
        """The run's events through the transport; its pauses kept before the person is
        asked, its answer made an earlier turn, its paused run forgotten once it ends."""
        outcome = Outcome("stopped", request=request)
        try:
            async with closing_stream(events) as stream:
                async for event in stream:
                    if isinstance(event, AwaitingConfirmation):
                        await self._keep(event, journal, request, transport.decide is None)
                        if transport.decide is None:
                            outcome.how = "paused"
                    elif isinstance(event, AnswerProposed | AnswerChecked):
                        outcome.answer = (event if isinstance(event, AnswerProposed)
                                          else event.answer)
                    elif isinstance(event, RunFinished):
                        outcome.how = "finished"
                    elif isinstance(event, RunFailed):
                        outcome.how = "failed"
                    await transport.show(event)
        except _AnsweredElsewhere:
            await transport.say(Words.ANSWERED_ELSEWHERE)
            outcome.how = "answered_elsewhere"
            return outcome
        except PlanRAGError as exc:
            if self.errors == "raise":
                raise
            if isinstance(exc, LimitReached):  # the person's own limit, as others say it
                await transport.say(f"Sorry, {exc}.")
                outcome.how = "refused"
            else:
                await transport.say(Words.NOT_ANSWERED.format(why=exc))
                outcome.how = "failed"
        outcome.failing = auditor.failing
        if outcome.how in ("finished", "failed") and self.key is not None:
            try:
                await self.store.delete(self.key)  # the run ended: nothing waits any more
            except PlanRAGError:
                pass  # it expires; a later answer is told the run is no longer waiting
        if (outcome.how == "finished" and outcome.answer is not None and self.keeps_turns
                and not request.scripted):
            try:
                await self.remember(request.question, outcome.answer)
            except PlanRAGError as exc:
                _log.warning("the turn of %s cannot be kept: %s", self.key, exc)
        return outcome

    async def _keep(self, paused: AwaitingConfirmation, journal: _Journal,
                    request: RunRequest, ends: bool) -> None:
        """A pause kept under the conversation's key, before the person is asked: it waits
        for an answer there. When the run ends at it (`ends`), its journal entry ends first,
        so a reply that comes at once finds the conversation free."""
        from planrag.service.run_store import PausedRun

        if self.key is None:
            return
        context = {**request.context(), "ask": paused.question}
        try:
            await self.store.put(self.key, PausedRun(paused.state, context, time.time()))
        except PlanRAGError as exc:  # the question is still asked; only a restart loses it
            _log.warning("the pause of %s cannot be kept: %s", self.key, exc)
            return
        if ends:
            await journal.end()
        else:  # the run store holds it now: a restart offers the question, not a re-run
            await journal.plan({"kind": "paused", "context": request.context()})
