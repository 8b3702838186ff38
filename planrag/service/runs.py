"""The run service: what every front end does to answer a question for a person.

A front end is a transport (a browser socket, a Slack thread, a terminal, an MCP session, an
HTTP request) and a renderer. What happens between them is here, once:

* the model a run uses (`model_for`): the configured one, or the labelled scripted
  walkthrough (for trying a front end without a model);
* who asks (`Asker`): the name the audit trail and the limits know them by, what they may
  ask about (`planrag.users.Access`, also whose database account a run uses), and how a
  verdict names them when they approve a check;
* the words that answer a proposed change of plan (`consent_word`);
* a person's places of work at once (`RunService.hold`, `planrag.limits`), which every
  front end holds for whatever it does for them;
* every other tool a front end offers (`RunService.tools`: a query, a schema look-up, a
  what-if, the datasets), held, read and audited as a question is;
* a run (`RunService.ask`, `RunService.resume`): the question's length and the person's
  places held to the limits, the dataset refused before anything opens when the person may
  not use it, every event written to the audit trail, and, when the front end can wait for
  the person in-process, each pause answered by its `decide` (a terminal prompt, an MCP
  elicitation) and the run resumed. A front end that cannot wait (Slack, the chat's
  buttons) ends the stream at `awaiting_confirmation`, keeps the state, and calls `resume`
  when the answer comes.

The closing `answer_checked` event carries the answer with its check, so a renderer never
holds an answer back.
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from contextlib import nullcontext
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from planrag.engine.events import AwaitingConfirmation, Event
from planrag.engine.model import Model, closing_stream
from planrag.engine.state import Turn
from planrag.errors import PlanRAGError
from planrag.limits import Doing, limits_for
from planrag.service.journal import Place
from planrag.settings import Settings
from planrag.store import Auditor, history_url, shared_store
from planrag.users import Access

if TYPE_CHECKING:
    from planrag.datasets import Dataset
    from planrag.engine.loop import Engine
    from planrag.engine.policy import Uncovered
    from planrag.service.run_store import Journaled, Taken
    from planrag.service.tools import Tools

__all__ = [
    "APPROVE",
    "KEEP",
    "Asker",
    "Decide",
    "NoModel",
    "NotWalkthrough",
    "RunService",
    "consent_word",
    "gate",
    "model_for",
    "simulator_name",
    "terminal_user",
    "walkthrough_names",
]

APPROVE = frozenset({"approve", "approved", "yes", "y", "ok", "okay", "go", "go ahead",
                     "sure"})
"""Words that approve a proposed change of plan (or a proposed check)."""
KEEP = frozenset({"keep", "no", "n", "reject", "keep the current plan", "stay", "don't",
                  "do not"})
"""Words that keep the current plan (or leave the answer unchecked)."""

_READY: set[str] = set()
"""The history URLs whose tables this process has made sure of."""
_log = logging.getLogger(__name__)

Decide = Callable[[AwaitingConfirmation], Awaitable[bool | None]]
"""How a front end that can wait asks the person: True approves, False keeps the current
plan, None means no answer in time (PLANRAG_CONSENT_TIMEOUT_DEFAULT decides)."""


def consent_word(text: str) -> bool | None:
    """What a reply says to a proposed change: True (approve), False (keep), or None when
    it is neither. Case, mentions, surrounding punctuation and spaces do not matter."""
    text = re.sub(r"<@[A-Z0-9]+>", " ", text).replace("\u2019", "'")  # a Slack mention
    words = " ".join(re.sub(r"[^\w' ]+", " ", text).lower().split())
    if words in APPROVE:
        return True
    if words in KEEP:
        return False
    return None


def model_for(settings: Settings, *, scripted: bool = False,
              dataset: Dataset | None = None) -> Model | None:
    """The model a run uses: the scripted walkthrough for `dataset`'s simulator when asked
    for (`scripted`), else the configured model; None when no model is configured."""
    if scripted:
        from planrag.engine.policy import policy_model

        return policy_model(simulator=simulator_name(dataset),
                            names=walkthrough_names(dataset))
    if not settings.model_configured:
        return None
    from planrag.engine.session import model_from_settings

    return model_from_settings(settings)


class NoModel(PlanRAGError):
    """No model is configured here, and the scripted walkthrough was not asked for."""

    def __init__(self, text: str = "no model is configured: set PLANRAG_MODEL (see "
                 ".env.example), or use the scripted walkthrough (--scripted) to try it") -> None:
        super().__init__(text)


class NotWalkthrough(PlanRAGError):
    """The scripted walkthrough answers one question on the shipped datasets, and this is
    not it: `problem` says why (another dataset, another question, a missing amount)."""

    def __init__(self, problem: Uncovered) -> None:
        self.problem = problem
        example = f" E.g. \u201c{problem.example}\u201d." if problem.example else ""
        super().__init__(problem.text + example)


def gate(settings: Settings, dataset: Dataset | None, question: str, *,
         scripted: bool) -> Model:
    """The model that answers `question` on `dataset`, the one gate every front end passes:
    the scripted walkthrough when asked for (`NotWalkthrough` when it cannot answer this
    question), else the configured model (`NoModel` when there is none). A front end words
    what to do next in its own terms."""
    if scripted:
        from planrag.engine.policy import uncovered

        problem = (uncovered(question, simulator_name(dataset), walkthrough_names(dataset))
                   or _out_of_range(dataset, question))
        if problem is not None:
            raise NotWalkthrough(problem)
    model = model_for(settings, scripted=scripted, dataset=dataset)
    if model is None:
        raise NoModel()
    return model


def _out_of_range(dataset: Dataset | None, question: str) -> Uncovered | None:
    """An amount the walkthrough read from `question` that its check does not take ("expand
    by -200 kg"), said as the what-if form says it; never a run, never a changed amount."""
    from planrag.engine.policy import Uncovered, walkthrough_parameters
    from planrag.simulators.wording import out_of_range

    if dataset is None or not dataset.simulator:
        return None
    from planrag.simulators.service import dataset_simulator

    simulator = dataset_simulator(dataset)
    for name, value in walkthrough_parameters(question, simulator.name).items():
        said = out_of_range(simulator.Parameters, name, value)
        if said is not None:
            return Uncovered("parameter", said)
    return None


@dataclass(frozen=True)
class Asker:
    """Who asks: as the audit trail and the limits name them, and what they may use."""

    who: str
    """The audit trail's name for them: "alice" (signed in to the chat), "slack:U0123",
    "mcp:alice", "api:alice", "" for the open chat or the terminal on this machine."""
    access: Access = field(default_factory=Access.open)
    """The datasets they may ask about (and, per dataset, whose database account reads)."""
    approver: str | None = None
    """How a verdict names them when they approve a proposed check ("Slack user U0123")."""



class RunService:
    """Runs questions for people on one process's settings."""

    def __init__(self, settings: Settings, *, shared: bool = True) -> None:
        self.settings = settings
        self.shared = shared
        """Whether a person's places at once are counted in the run store, across every
        process sharing it (the app's front ends), or in this process alone (a terminal's
        `planrag ask` and console: scripts run them side by side)."""

    def hold(self, asker: Asker, doing: Doing = "question") -> Place:
        """One of `asker`'s places of work at once (`planrag.limits`), held (`async with`)
        while a front end does `doing` for them: every front end's work for a person, a
        question or anything else that reaches a database or a simulator, in every process
        sharing the run store, counts against the same places (`journal.Place`). Raises
        `LimitReached` (one line naming what they have running) when all are held."""
        return Place(self.settings, asker.who, doing, shared=self.shared)

    @property
    def tools(self) -> Tools:
        """What a front end offers besides a question (the datasets, a query, a schema
        look-up, a what-if), held, read and audited as a question is
        (`planrag.service.tools`)."""
        from planrag.service.tools import Tools

        return Tools(self)

    def column_names(self, ref: str) -> Mapping[str, str]:
        """How the dataset `ref` names its result columns for people (`[column_names]`), for
        a front end that learns the dataset from the run (`TextView.names`); {} when it is
        not one this process knows."""
        from planrag.runtime import registry

        try:
            return registry(self.settings).named(ref).column_names
        except PlanRAGError:
            return {}

    async def room(self, asker: Asker) -> None:
        """Raise `LimitReached`, as `hold` would, when `asker` holds every place now: asked
        before taking anything that would be lost if the work were then refused (a paused
        run's answer)."""
        async with self.hold(asker):
            pass

    def auditor(self, asker: Asker, dataset: str, paused_state: str | None = None) -> Auditor:
        """The audit trail of one run (or of the rest of a paused one)."""
        url = history_url(self.settings)
        return Auditor(shared_store(url) if url else None, asker.who, dataset, paused_state)

    # -- paused runs and runs whose process died (the run store and its journal)

    async def keep_paused(self, key: str, paused: AwaitingConfirmation,
                          context: dict[str, Any]) -> None:
        """Keep a paused run under `key` (a conversation, a thread) until someone answers:
        any process can then resume it (`take_paused`)."""
        from planrag.service.journal import store_for
        from planrag.service.run_store import PausedRun

        await store_for(self.settings).put(key, PausedRun(paused.state, context, time.time()))

    async def take_paused(self, key: str, approved: bool | None) -> Taken:
        """Hand the run paused under `key` to this answer (approve, keep, or None: no
        answer in time), once: a second answer meanwhile is told which came first."""
        from planrag.service.journal import answer_lease, store_for

        said = {True: "approve", False: "keep", None: "no answer in time"}[approved]
        return await store_for(self.settings).take(key, said, answer_lease(self.settings))

    async def take_over(self, *, prefix: str = "", run_id: str | None = None
                        ) -> list[Journaled]:
        """The journal's runs whose process died (their lease lapsed), now this process's
        to answer again: those under `prefix` (a front end's), or the one `run_id`."""
        from planrag.service.journal import OWNER, store_for

        return await store_for(self.settings).journal_take_over(
            OWNER, self.settings.run_lease_s, prefix=prefix, run_id=run_id)

    async def history_ready(self) -> None:
        """The history's tables, made once per process and URL (the chat makes them when it
        starts; a front end that does not, such as the MCP server, gets them here). One
        that cannot be reached costs the audit trail, said by the Auditor, never the run."""
        url = history_url(self.settings)
        if url is None or url in _READY:
            return
        from planrag.store import create_schema

        try:
            await create_schema(url, self.settings.data_dir)
        except PlanRAGError as exc:
            _log.warning("the history cannot be prepared: %s", exc)
            return
        _READY.add(url)

    async def ask(
        self, asker: Asker, ref: str, question: str, model: Model, *,
        target: str | None = None, history: Sequence[Turn] = (),
        technique: str | None = None, consent: str | None = None,
        decide: Decide | None = None, run_id: str | None = None,
        auditor: Auditor | None = None, opened: Callable[[Engine], None] | None = None,
        held: bool = False,
    ) -> AsyncIterator[Event]:
        """The events of `question` on the dataset `ref` (`DATASET[@DUMP|#QUESTION]`) for
        `asker`; with `decide`, each pause is answered in-process and the run goes on to
        its end (an exception `decide` raises ends the run there). `auditor`: the audit
        trail to write to (one of `auditor`'s, when the front end reads its `failing`);
        `opened` is given the engine before the run starts (the chat reads whole tables
        from it); `held`: the front end holds the person's place already (`limits.run`
        under `asker.who`), from before the run. Raises `LimitReached` (too long, too many
        at once), `AccessDenied` and the errors of opening the dataset before the first
        event."""
        from planrag.engine.session import engine_config, open_engine

        limits = limits_for(self.settings)
        limits.check_question(question)
        await self.history_ready()
        config = engine_config(self.settings, technique=technique, consent=consent)
        auditor = auditor or self.auditor(asker, _dataset_id(ref))
        async with (nullcontext() if held else self.hold(asker),
                    open_engine(self.settings, ref, target, model, config,
                                access=asker.access) as engine):
            if opened is not None:
                opened(engine)
            events = (engine.run(question, history=history, run_id=run_id)
                      if decide is None else
                      engine.run_with_consent(question, decide, history=history,
                                              approver=asker.approver))
            async with closing_stream(events) as stream:
                async for event in stream:
                    await auditor.record(event)
                    yield event

    async def resume(
        self, asker: Asker, ref: str, state: str, approved: bool | None, model: Model, *,
        target: str | None = None, technique: str | None = None, consent: str | None = None,
        note: str | None = None, decide: Decide | None = None,
        auditor: Auditor | None = None, opened: Callable[[Engine], None] | None = None,
    ) -> AsyncIterator[Event]:
        """The rest of a paused run (`state`, from its `awaiting_confirmation`) with the
        person's answer (None: no answer in time); `decide`, `auditor` and `opened` as for
        `ask`."""
        from planrag.engine.session import engine_config, open_engine

        await self.history_ready()
        config = engine_config(self.settings, technique=technique, consent=consent)
        auditor = auditor or self.auditor(asker, _dataset_id(ref), state)
        async with (self.hold(asker),
                    open_engine(self.settings, ref, target, model, config,
                                access=asker.access) as engine):
            if opened is not None:
                opened(engine)
            events = engine.resume(state, approved, note, approver=asker.approver)
            while True:
                paused: AwaitingConfirmation | None = None
                async with closing_stream(events) as stream:
                    async for event in stream:
                        await auditor.record(event)
                        yield event
                        if isinstance(event, AwaitingConfirmation):
                            paused = event
                if paused is None or decide is None:
                    return
                events = engine.resume(paused.state, await decide(paused),
                                       approver=asker.approver)


def terminal_user() -> str:
    """The person at this terminal (`planrag ask`, the console) as the audit trail names
    them: `cli:<login>`."""
    import getpass

    try:
        return f"cli:{getpass.getuser()}"
    except (KeyError, OSError):
        return "cli:unknown"


def simulator_name(dataset: Dataset | None) -> str | None:
    """The name of `dataset`'s simulator (which scripted policy answers it), if it has one."""
    if dataset is None or not dataset.simulator:
        return None
    from planrag.simulators.service import dataset_simulator

    return dataset_simulator(dataset).name


def walkthrough_names(dataset: Dataset | None) -> tuple[tuple[str, str], ...]:
    """What people call the values `dataset`'s walkthrough reads from a question (its
    `[value_names]` for that column: "Sweden" for SWE); () when it gives none."""
    from planrag.engine.policy import WALKTHROUGHS

    walk = WALKTHROUGHS.get(simulator_name(dataset) or "")
    if dataset is None or walk is None or not walk.named_values:
        return ()
    return tuple(dataset.value_names.get(walk.named_values, ()))


def _dataset_id(ref: str) -> str:
    from planrag.datasets import DatasetRef

    return DatasetRef.parse(ref).dataset
