"""`planrag ask`: one decision question, its events rendered for a terminal or as JSON
lines, a re-plan or a proposed check asked on standard input."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
from typing import Any

from planrag.cli._common import (
    TARGETS,
    Subparsers,
    dataset_of,
    require_model,
    run_async,
    walkthrough_refusal,
)
from planrag.errors import LimitReached, PlanRAGError
from planrag.settings import Settings

__all__ = ["add_ask"]


def add_ask(sub: Subparsers) -> None:
    s = sub.add_parser(
        "ask", help="ask a decision question (with a configured model, or --scripted)",
        description="Ask a decision question. Exit codes: 0 answered, 1 the run failed or an "
        "error (one line on stderr), 2 refused, 3 the run ended without a decision (a budget "
        "such as PLANRAG_RUN_TIMEOUT ran out; stderr says which).",
    )
    s.add_argument("question")
    s.add_argument("--dataset", required=True, metavar="REF")
    s.add_argument("--target", choices=TARGETS, help="default: the dataset's own")
    s.add_argument("--technique", choices=("planrag", "planrag-norp", "iterrag", "singlerag"))
    consent = s.add_mutually_exclusive_group()
    consent.add_argument("--yes", action="store_true", help="approve every re-plan")
    consent.add_argument("--no", action="store_true", help="reject every re-plan")
    s.add_argument("--json", action="store_true", help="one JSON line per event")
    s.add_argument("--verbose", action="store_true",
                   help="also the trace: each model call and the tokens it took")
    s.add_argument("--scripted", action="store_true",
                   help="answer with the built-in scripted DQA policy instead of a model")
    s.set_defaults(handler=_ask, runs_questions=True)


def _ask(settings: Settings, args: argparse.Namespace) -> int:
    from planrag.datasets import DatasetRef
    from planrag.engine.events import AwaitingConfirmation
    from planrag.engine.render import TerminalRenderer, stop_text
    from planrag.limits import question_problem
    from planrag.service.conversation import Conversation, RunRequest
    from planrag.service.runs import Asker, NotWalkthrough, RunService, gate, terminal_user
    from planrag.simulators.service import dataset_columns

    too_long = question_problem(args.question.strip(), settings.max_question_chars)
    if too_long is not None:  # before a model, a database or a simulator is touched
        raise LimitReached(f"{too_long} (PLANRAG_MAX_QUESTION_CHARS)")
    require_model(settings, args.scripted)  # before the dataset is looked at
    consent = "approve" if args.yes else "reject" if args.no else None
    dataset = dataset_of(settings, args.dataset)
    try:
        model = gate(settings, dataset, args.question, scripted=args.scripted)
    except NotWalkthrough as exc:
        raise PlanRAGError(walkthrough_refusal(exc.problem)) from None

    renderer = None if args.json else TerminalRenderer(
        column_names=dataset_columns(dataset), verbose=args.verbose)

    async def decide(paused: AwaitingConfirmation) -> bool | None:
        return await asyncio.to_thread(
            _consent, args.json, settings.consent_timeout_s, settings.consent_timeout_default,
            paused.about,
        )

    transport = _Terminal(settings, renderer, decide)
    request = RunRequest(Asker(terminal_user(), approver=_who()),  # here: everything
                         DatasetRef.parse(args.dataset), args.question, target=args.target,
                         technique=args.technique, consent=consent, scripted=args.scripted)

    async def run() -> int:
        await Conversation(RunService(settings, shared=False), None, errors="raise").ask(
            request, transport, model=model)
        if transport.kept and renderer is not None:
            print(f"To keep the proposed check for later questions: planrag decision save "
                  f"{transport.kept} {transport.run_id}")
        if transport.failed:
            return 1
        if transport.undecided is not None:  # scripts tell a run without an answer
            print(f"no decision: {stop_text(transport.undecided.stop_reason)}",
                  file=sys.stderr)
            return 3
        return 0

    return run_async(run())


class _Terminal:
    """The terminal as a conversation's transport: each event rendered (or a line of JSON
    with --json), each pause asked at the prompt, what the run came to kept for the exit
    code."""

    def __init__(self, settings: Settings, renderer: Any, decide: Any) -> None:
        self.settings, self.renderer, self.decide = settings, renderer, decide
        self.run_id, self.dataset, self.kept = "", "", ""
        self.failed = False
        self.undecided: Any = None

    async def show(self, event: Any) -> None:
        from planrag.engine.events import (
            CheckProposed,
            RunFailed,
            RunFinished,
            RunStarted,
            event_to_json,
        )

        if isinstance(event, RunStarted):
            self.run_id, self.dataset = event.run_id, event.dataset
        elif isinstance(event, CheckProposed):
            self.kept = _keep_proposal(self.settings, self.run_id, self.dataset, event)
        if self.renderer is None:
            print(json.dumps(event_to_json(event), default=str), flush=True)
        else:
            self.renderer.render(event)
        self.failed = self.failed or isinstance(event, RunFailed)
        if isinstance(event, RunFinished) and event.decision is None:
            self.undecided = event

    async def say(self, text: str) -> None:
        raise PlanRAGError(text)  # the service's own words end the command: one line

    def resuming(self, state: str) -> None:
        """Nothing: `planrag ask` answers its pauses at the prompt, in the same run."""


def _who() -> str:
    """Who answers at this terminal (said in the verdict of a check they approve)."""
    import getpass

    try:
        return f"{getpass.getuser()} (command line)"
    except (KeyError, OSError):
        return "the person at the command line"


def _keep_proposal(settings: Settings, run_id: str, dataset: str, event: Any) -> str:
    """Keep a proposed check for `planrag decision save`: the dataset's id, or "" when it
    could not be kept."""
    from planrag.datasets import DatasetRef
    from planrag.decisions.proposals import keep_proposal

    dataset_id = DatasetRef.parse(dataset).dataset
    try:
        keep_proposal(settings.data_dir, run_id, dataset_id, event.spec)
    except (OSError, PlanRAGError) as exc:  # the run goes on; saving it later cannot
        print(f"note: the proposed check could not be kept for `planrag decision save`: "
              f"{exc}", file=sys.stderr)
        return ""
    return dataset_id


def _consent(quiet: bool, timeout_s: float, default: str, about: str = "plan"
             ) -> bool | None:
    """The person's answer to a proposed re-plan (or, `about` "check", whether the check the
    assistant proposed ranks its answer), read from stdin for at most `timeout_s` seconds.
    None (no answer in time, or stdin closed) applies `default`, and the terminal is told
    so (stderr with --json, whose stdout is JSON lines)."""
    import select
    import time

    from planrag.service.runs import consent_word

    prompted = not quiet and sys.stdin.isatty()
    if prompted:
        print(f"Approve? [y/N] (no answer in {timeout_s:g} s: {default}) ", end="", flush=True)

    def no_answer(why: str) -> bool | None:
        outcome = "approved" if default == "approve" else "rejected: the current plan stands"
        what = "the re-plan is"
        if about == "check":
            what, outcome = "the proposed check is", (
                "used" if default == "approve" else "not used: the answer stays unchecked")
        print(f"{chr(10) if prompted else ''}{why}: {what} {outcome} "
              f"(PLANRAG_CONSENT_TIMEOUT_DEFAULT={default})",
              file=sys.stderr if quiet else sys.stdout, flush=True)
        return None

    line = bytearray()
    deadline = time.monotonic() + timeout_s
    while True:
        left = deadline - time.monotonic()
        try:  # unbuffered, byte by byte: a later prompt must find its own answer unread
            ready = left > 0 and bool(select.select([sys.stdin], [], [], left)[0])
            byte = os.read(sys.stdin.fileno(), 1) if ready else b""
        except (OSError, ValueError, TypeError):  # stdin cannot be waited on: wait for a line
            text = sys.stdin.readline()
            if not text:
                return no_answer("no answer (stdin is closed)")
            return consent_word(text) is True
        if not ready:
            return no_answer(f"no answer within {timeout_s:g} s")
        if not byte and not line:
            return no_answer("no answer (stdin is closed)")
        if not byte or byte == b"\n":
            break
        line += byte
    return consent_word(line.decode("utf-8", "replace")) is True
