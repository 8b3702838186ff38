# mypy: disable-error-code="no-untyped-call"
# (Chainlit's API is untyped.)
"""The Chainlit app: `chainlit run app/chat.py` (what `make demo` starts).

Each browser session gets its own `ChatSession`; the settings panel picks the dataset, the
database, the technique and what happens to proposed re-plans; starters offer the default
dataset's sample questions (Chainlit fetches starters once, with the page, so after a switch of
dataset the sample questions come as buttons instead). Without a configured model the app
says how to configure one and offers the dataset browser, what-if analysis (`/whatif`, or the
What-if button: a form of the simulator's parameters) and a scripted walkthrough
(`/scripted`).
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Awaitable
from contextvars import ContextVar
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import chainlit as cl
from chainlit.input_widget import InputWidget, Select

from app.auth import access_of, install
from app.chat_whatif import what_if, what_if_form, what_if_submitted
from app.hints import dataset_hint
from app.intake import admit
from app.intake import install as install_limits
from app.offers import (
    CONSENT_LABELS,
    NO_MODEL_FOR_OPERATOR,
    TECHNIQUE_LABELS,
    ask_lead,
    dataset_items,
    datasets_text,
    offered_questions,
    offered_samples,
    one_line,
    question_actions,
    run_scripted,
    sample_actions,
)
from app.pages import browser_cookies, page_of, stop_earlier_run
from app.perimeter import install as install_perimeter
from app.socket_inputs import hold_edits_to_config, settings_problem
from app.steps import avatar
from app.watches import list_watches, stop_watching, watch_decision
from app.web import ChatSession
from planrag.datasets import Dataset, Registry
from planrag.engine.session import require_access
from planrag.errors import PlanRAGError
from planrag.markup import escape
from planrag.runtime import check_dataset_setting, registry
from planrag.settings import Settings, load_settings
from planrag.telemetry import configure_from_env
from planrag.users import Access, SlackAccess, UsersFile

_SETTINGS: Settings | None = None
_SIGN_IN: list[str] = []
"""The sign-in methods the app started with (none: open, on this machine only)."""
_HISTORY: list[Any] = []
"""The chat's history (app.history.History) when it is on: with sign-in and a store."""


def settings() -> Settings:
    global _SETTINGS
    if _SETTINGS is None:
        _SETTINGS = load_settings()
    return _SETTINGS


def _point_slack_client() -> None:
    """When Slack is configured: put the assistant's gate in front of Chainlit's Slack
    handlers (de-duplicated deliveries, chatter dropped; see app.slack), and send Slack Web
    API calls to PLANRAG_SLACK_API_URL when it is set (a gateway, or the fake Slack the tests
    record with)."""
    import os

    if not os.environ.get("SLACK_BOT_TOKEN"):
        return  # Chainlit serves no Slack without it
    try:
        from chainlit.slack.app import slack_app
    except Exception:  # Slack is not configured: nothing to point
        return
    from app.slack import attach, guard_body

    attach(slack_app, settings())
    guard_body()
    url = settings().slack_api_url
    if url:
        slack_app.client.base_url = url.rstrip("/") + "/"


def _check_at_start() -> None:
    """A wrong setting stops the app at start with one line, not a traceback; so does an
    open chat on an address other than this machine's (app.auth)."""
    from chainlit.config import config

    try:
        s = settings()
        reg = registry(s)
        check_dataset_setting(s, reg)
        _SIGN_IN[:] = install(s, config.run.host)
        install_perimeter(s, open_chat=not _SIGN_IN)
        problems = UsersFile(s.users_path).unknown_datasets(reg.ids())
        if s.slack_access:
            unknown = SlackAccess.parse(s.slack_access).datasets() - set(reg.ids()) - {"*"}
            if unknown:
                problems.append(f"PLANRAG_SLACK_ACCESS names unknown dataset(s) "
                                f"{', '.join(sorted(unknown))}")
        _check_run_store(s)
        copies = _loaded_copies_account(s)
    except PlanRAGError as exc:
        print(f"error: {exc}", file=sys.stderr, flush=True)
        raise SystemExit(2) from None
    for problem in problems:
        print(f"warning: {problem} (ignored until such a dataset is connected)",
              file=sys.stderr, flush=True)
    if copies:
        print(f"Loaded MySQL copies: {copies}", file=sys.stderr, flush=True)
    for problem in _decision_problems(s, reg):
        print(f"warning: {problem} (the dataset's other checks and data still work)",
              file=sys.stderr, flush=True)
    _start_history(s)
    configure_from_env()  # tracing, when OTEL_EXPORTER_OTLP_ENDPOINT is set
    if _SIGN_IN:
        print(f"Sign-in: {', '.join(_SIGN_IN)} (users file {s.users_path})", file=sys.stderr,
              flush=True)
    else:
        print("The chat is open to this machine only (no sign-in is set up; see the README, "
              "Teams).", file=sys.stderr, flush=True)


def _loaded_copies_account(s: Settings) -> str | None:
    """Who the loaded MySQL copies are read as, checked at start as `planrag connect` checks
    a live database's account (a refusal is said; the other datasets still work)."""
    import asyncio

    from planrag.runtime import loaded_copies_account

    return asyncio.run(loaded_copies_account(s))


def _decision_problems(s: Settings, reg: Registry) -> list[str]:
    """Each written decision of every dataset tried on its database at start (a dry run,
    as `planrag datasets` does), and its `required` read against the schema: one line for
    each that cannot be used, with the reason.
    Databases that do not answer within a minute in all are said to be unchecked."""
    import asyncio

    from planrag.decisions.service import check_decisions, check_required

    async def tried() -> list[str]:
        out = []
        for ds in reg:
            out += [f"dataset {ds.id}: {reason}" for reason in ds.decision_problems.values()]
            out += [f"dataset {ds.id}: {line}" for line in await check_required(s, ds)]
            if ds.decisions:
                for check in await check_decisions(s, ds):
                    if check.error:  # one that could not be tried yet is no problem
                        out.append(f"dataset {ds.id}: decision {check.spec.id} cannot be "
                                   f"used: {check.error}")
        return out

    async def bounded() -> list[str]:
        from planrag.runtime import close_shared

        try:
            return await asyncio.wait_for(tried(), 60)
        except TimeoutError:
            return ["the datasets' written decisions were not all tried within a minute "
                    "(a database is slow to answer); `planrag datasets` tries them"]
        finally:  # the pools belong to this start-up loop, not to the app's
            await close_shared()

    return asyncio.run(bounded())


def _check_run_store(s: Settings) -> None:
    """The run store (PLANRAG_RUN_STORE: paused runs, Slack's journal) is used at once, so a
    wrong URL or a store that cannot be reached stops the app at start, not each message
    later. The journal's tables are created on the way."""
    import asyncio

    from planrag.service.run_store import open_store

    async def probe() -> None:
        store = open_store(s.run_store, s.data_dir)
        try:
            await store.journal_running("planrag:start-check")
        finally:
            await store.close()

    asyncio.run(probe())


def _start_history(s: Settings) -> None:
    """The team's store (planrag.store) keeps the audit trail of every front end; with
    sign-in it also keeps conversations (Chainlit's data layer, app.history). A store that
    cannot be used at start stops the app with one line."""
    import asyncio

    from planrag.redact import mask_url
    from planrag.store import create_schema, history_url

    url = history_url(s)
    if url is None:
        return
    try:
        asyncio.run(create_schema(url, s.data_dir))
    except PlanRAGError as exc:
        print(f"error: {exc}", file=sys.stderr, flush=True)
        raise SystemExit(2) from None
    if not _SIGN_IN:
        return
    from app.history import History, guard_feedback, serve_files

    layer = History(url)
    _HISTORY.append(layer)
    serve_files(layer)
    guard_feedback(layer)

    @cl.data_layer
    def history() -> History:
        return layer

    print(f"History: {mask_url(url)}", file=sys.stderr, flush=True)


def _access(user: object) -> Access:
    """What the person `user` (a chat session's user, or None) may ask about, as of now."""
    return access_of(settings(), user, bool(_SIGN_IN))


def _first_allowed(reg: Registry, access: Access, *wanted: str) -> Dataset | None:
    """The first of `wanted` that exists and is allowed, else the first allowed dataset."""
    for ds_id in wanted:
        if ds_id and ds_id in reg.ids() and access.allows(ds_id):
            return reg.get(ds_id)
    return next((ds for ds in reg if access.allows(ds.id)), None)


def _interface_words() -> None:
    """Chainlit's interface in the assistant's words (see app.ui_text); without a model, the
    operator is told on the terminal how to set one up (the page says it in one line)."""
    from chainlit.config import TRANSLATIONS_DIR, config_translation_dir, init_config

    from app.ui_text import apply_interface_words, interface_words

    init_config()  # writes the translations when they are missing
    configured = settings().model_configured
    apply_interface_words(Path(config_translation_dir), Path(TRANSLATIONS_DIR),
                          interface_words(configured))
    if not configured:
        print(NO_MODEL_FOR_OPERATOR, file=sys.stderr, flush=True)


_check_at_start()
_interface_words()
_point_slack_client()


def _run_watches() -> None:
    """This process runs the watched decisions that fall due too (planrag.watch), from the
    app's start, after whatever else starts with it."""
    from chainlit.config import config

    from planrag.watch.firing import watching

    started = config.code.on_app_startup

    async def startup() -> None:
        if started is not None:
            await started()
        _keep(asyncio.ensure_future(watching(settings())))

    cl.on_app_startup(startup)


_run_watches()
install_limits(settings())
hold_edits_to_config()  # features.edit_message = false holds for socket clients too


def _session() -> ChatSession:
    session = cl.user_session.get("planrag")
    if session is None:
        s = settings()
        reg = registry(s)
        default = check_dataset_setting(s, reg).id
        cookies = browser_cookies(getattr(cl.context.session, "environ", None))
        user = getattr(cl.context.session, "user", None)
        page = page_of(getattr(cl.context.session, "user_env", None))
        # The dataset whose sample questions the page's first screen shows (the starters
        # were picked by the same rule when the page loaded; a New chat shows them again),
        # else, from a page that says nothing, the one this browser picked last; else the
        # default, else the first this person may use.
        kept = page.dataset if page.tab else cookies.get("planrag_dataset", "")
        found = _first_allowed(reg, _access(user), kept, default)
        session = ChatSession(s, found.id if found else default, "", s.technique, s.consent,
                              page=page,
                              access=lambda: _access(user),
                              user=str(getattr(user, "identifier", "") or ""),
                              history_layer=_HISTORY[0] if _HISTORY else None)
        if found is not None:
            session.target = session.default_target()
        cl.user_session.set("planrag", session)
    return session  # type: ignore[no-any-return]


_REQUEST_COOKIES: ContextVar[tuple[tuple[str, str], ...]] = ContextVar(
    "planrag_cookies", default=())
"""The cookies of the HTTP request being served (Chainlit asks for the starters over HTTP,
without the request: this is how they follow the dataset the browser picked)."""


def _remember_request_cookies() -> None:
    """As plain ASGI: Starlette's `BaseHTTPMiddleware` logged "No response returned" with a
    traceback whenever a browser dropped a request before its answer."""
    from chainlit.server import app as server
    from starlette.requests import HTTPConnection

    class Cookies:
        def __init__(self, app: Any) -> None:
            self.app = app

        async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
            if scope["type"] != "http":
                await self.app(scope, receive, send)
                return
            token = _REQUEST_COOKIES.set(tuple(HTTPConnection(scope).cookies.items()))
            try:
                await self.app(scope, receive, send)
            finally:
                _REQUEST_COOKIES.reset(token)

    server.add_middleware(Cookies)


_remember_request_cookies()


@cl.set_starters
async def starters(user: object = None, language: object = None) -> list[cl.Starter]:
    """The sample questions of the dataset this browser picked last (else the default)."""
    s = settings()
    reg = registry(s)
    kept = unquote(dict(_REQUEST_COOKIES.get()).get("planrag_dataset", ""))
    access = access_of(s, user, bool(_SIGN_IN))  # over HTTP: no chat session to ask
    ds = _first_allowed(reg, access, kept, check_dataset_setting(s, reg).id)
    if ds is None:
        return []
    # Each gets a true answer; a starter posts its label, what the person read (the
    # question is asked in full: ChatSession.ask).
    return [cl.Starter(label=label, message=label)
            for _, label in offered_samples(ds, s.model_configured)[:4]]


@cl.on_chat_start
async def start() -> None:
    if cl.context.session.client_type == "slack":
        return  # each Slack message is its own session; the thread carries the state
    session = _session()
    if session.access().nothing:
        who = session.access().user
        await cl.Message(content=f"Welcome{', ' + who if who else ''}. Your account may not "
                         "ask about any dataset yet: ask the person who runs PlanRAG Assistant "
                         "to give you access.", metadata=avatar()).send()
        return
    await _send_settings(session)
    await session.show_dataset()
    await _invite(session)
    stopped = await stop_earlier_run(session.user, session.page, cl.context.session.id)
    if stopped:
        when = ("before the page was reloaded" if stopped.reloaded
                else "before you started a new chat")
        again = cl.Action(name="ask", payload={"question": stopped.question,
                                               "dataset": stopped.dataset},
                          label="Ask it again", tooltip="ask the same question here")
        await cl.Message(content=f"The question you asked {when} "
                         f"(\u201c{escape(one_line(stopped.question)[:120], 'markdown')}"
                         "\u201d) was still being answered; it has been stopped. Ask it again "
                         "to see its answer here.", actions=[again], metadata=avatar()).send()


@cl.on_chat_resume
async def resume(thread: Any) -> None:
    """A past conversation opened from the list: its dataset, settings and earlier turns
    come back, and a re-plan that was waiting when the app stopped is asked again."""
    session = _session()
    state = cl.user_session.get("planrag_state")
    if isinstance(state, dict):
        session.restore(state)
    if session.access().nothing:
        await cl.Message(content="Your account may not ask about any dataset any more: ask "
                         "the person who runs PlanRAG Assistant to give you access.",
                         metadata=avatar()).send()
        return
    await _send_settings(session)
    await session.show_dataset()
    # Chainlit sends the thread's past messages to the page after this hook returns, and
    # the page replaces what it shows with them: a question posted here would vanish. So
    # it is posted right after that sending, by the same emitter.
    emitter = cl.context.emitter
    send_thread = emitter.resume_thread

    async def then_offer(thread_dict: Any) -> None:
        await send_thread(thread_dict)
        await _guarded(session.offer_paused())
        # A run its dead process left unfinished is answered again, in the background (the
        # resume of the page must not wait for a whole run).
        _keep(asyncio.ensure_future(_guarded(_take_up(session))))

    emitter.resume_thread = then_offer  # type: ignore[method-assign]


async def _take_up(session: ChatSession) -> None:
    for run in await session.interrupted():
        await _as_run(session.answer_again(run))


_BACKGROUND: set[asyncio.Future[Any]] = set()


def _keep(task: asyncio.Future[Any]) -> None:
    """Hold a background task until it is done (the loop keeps only weak references)."""
    _BACKGROUND.add(task)
    task.add_done_callback(_BACKGROUND.discard)


@cl.action_callback("paused_answer")
async def paused_answer(action: cl.Action) -> None:
    if await _admitted():
        await _as_run(_session().answer_paused(bool(action.payload.get("approved"))))


async def _send_settings(session: ChatSession) -> None:
    """The settings panel: datasets by title (live ones marked), the current dataset's
    databases, the technique and what happens to re-plans."""
    s = session.settings
    reg = registry(s)
    targets = session.targets()
    if session.target not in targets:
        session.target = session.default_target()
    widgets: list[InputWidget] = [
        Select(id="dataset", label="Dataset", items=dataset_items(reg, session.access()),
               initial_value=session.dataset_info().id,
               description="those marked live are your own databases, read as they are now"),
        Select(id="consent", label="When the assistant wants to change its plan",
               items={v: k for k, v in CONSENT_LABELS.items()},
               initial_value=session.consent),
        Select(id="target", label="Advanced: database", items=session.target_items(),
               initial_value=session.target,
               description="where this dataset's questions are answered"),
        Select(id="technique", label="Advanced: method",
               items={v: k for k, v in TECHNIQUE_LABELS.items()},
               initial_value=session.technique,
               description="how the assistant works (the PlanRAG paper's four methods)"),
    ]
    await cl.ChatSettings(widgets).send()


def _what_if_actions(session: ChatSession) -> list[cl.Action]:
    """The What-if button (the form of the simulator's parameters), then buttons for the
    sample questions' parameters; none when the dataset has no simulator."""
    if not session.dataset_info().checked:
        return []
    form = cl.Action(name="whatif_form", payload={}, label="What-if analysis",
                     tooltip="pick the simulator's parameters and rank every decision")
    return [form, *question_actions(session)]


@cl.action_callback("save_check")
async def save_check(action: cl.Action) -> None:
    if await _admitted():
        await _guarded(_session().save_check(str(action.payload.get("run", "")),
                                             str(action.payload.get("dataset", ""))))


@cl.action_callback("watch_decision")
async def watch_button(action: cl.Action) -> None:
    """*Watch this decision*, under a checked verdict (app.watches)."""
    if await _admitted():
        await _guarded(watch_decision(_session(), dict(action.payload)))


@cl.action_callback("your_watches")
async def your_watches(action: cl.Action) -> None:
    if await _admitted():
        await _guarded(list_watches(_session()))


@cl.action_callback("stop_watching")
async def stop_watching_button(action: cl.Action) -> None:
    if await _admitted():
        await _guarded(stop_watching(_session(), str(action.payload.get("watch", ""))))


@cl.action_callback("whatif")
async def what_if_button(action: cl.Action) -> None:
    """A sample question's what-if: ranked on its own dataset (`_on_its_dataset`)."""
    if not await _admitted():
        return
    session = _session()
    if await _on_its_dataset(session, action, f"\u201c{action.label}\u201d", "is for",
                             "run", "run it"):
        await session.name_conversation(action.label)
        await _guarded(what_if(session, str(action.payload.get("question", ""))))


@cl.action_callback("whatif_form")
async def what_if_form_button(action: cl.Action) -> None:
    if await _admitted():
        await _session().name_conversation(action.label)
        await _guarded(what_if_form(_session()))


@cl.action_callback("whatif_run")
async def what_if_run(action: cl.Action) -> None:
    """Sent by the what-if form (public/elements/WhatIfForm.jsx) with the values picked."""
    if await _admitted():
        await _guarded(what_if_submitted(_session(), dict(action.payload)))


async def _admitted() -> bool:
    """Whether a button pressed (or a setting changed) may be handled: it counts as a
    message against the person's limit (app.intake), as a typed one does."""
    return await admit(settings(), cl.context.session)


async def _guarded(work: Awaitable[None]) -> None:
    """Run a button's work; whatever goes wrong is said in the chat and the session stays
    usable."""
    try:
        await work
    except PlanRAGError as exc:
        await cl.ErrorMessage(content=escape(str(exc), "markdown")).send()
    except Exception as exc:
        await cl.ErrorMessage(content=f"Unexpected error ({type(exc).__name__}): "
                              f"{escape(str(exc), 'markdown')}. "
                              "The session is still usable.").send()


async def _as_run(work: Awaitable[None]) -> None:
    """A button's question, in a run as Chainlit makes one for a typed message: its answer
    gets the same rating buttons, the page shows it working (its stop button stops it) and
    is free again the moment it ends.

    Chainlit tells the page a task starts and ends (task_start, task_end) only around a
    typed message; a question asked with buttons (cl.AskActionMessage: a re-plan) sends
    task_start again once answered, counting on that end. A run started by a button (or
    taken up in the background) has none, so it brackets itself: without this the page
    stayed busy after the answer (stop button shown, settings grey, questions not sent)."""
    session, emitter = cl.context.session, cl.context.emitter
    session.current_task = asyncio.current_task()
    await emitter.task_start()
    try:
        async with cl.Step(name="on_message", type="run"):
            await _guarded(work)
    finally:
        await emitter.task_end()


@cl.on_settings_update
async def update(values: dict[str, str]) -> None:
    if await _admitted():
        await _guarded(_update(_session(), values))


async def _update(session: ChatSession, values: dict[str, str]) -> None:
    problem = settings_problem(values, session)  # values come from the socket: anything
    if problem:
        await cl.Message(content=problem).send()
        await _send_settings(session)  # the panel shows the settings still in use
        return
    switched = False
    if values.get("dataset") and values["dataset"] != session.dataset:
        try:
            require_access(session.access(), values["dataset"])
            wanted = registry(session.settings).get(values["dataset"])
        except PlanRAGError as exc:
            await cl.Message(content=f"Cannot switch dataset: {escape(str(exc), 'markdown')}"
                             ).send()
            await _send_settings(session)  # the picker shows the dataset still in use
            return
        session.dataset = wanted.id
        session.history.clear()
        switched = True
    wanted_target = values.get("target") or session.target
    session.target = (wanted_target if wanted_target in session.targets()
                      else session.default_target())
    session.technique = values.get("technique") or session.technique
    session.consent = values.get("consent") or session.consent
    if switched:  # its own databases in the panel; its title by the message box; the
        await _send_settings(session)  # browser keeps it for its next page
        await session.show_dataset(switched=True)
    await session.remember()
    where = session.where()
    ds = session.dataset_info()
    samples = sample_actions(ds, session.settings.model_configured)
    warning = (" **Its account may write** (accepted when it was connected); the assistant "
               "still only reads." if ds.write_privileges else "")
    lead = "Sample questions:" if samples else await _hint(session)
    how = "" if (session.technique, session.consent) == ("planrag", "ask") else (
        f" Method: {TECHNIQUE_LABELS[session.technique].lower()}; when it wants to change "
        f"its plan: {CONSENT_LABELS[session.consent].lower()}.")
    title = escape(ds.title, "markdown")
    await cl.Message(content=f"Now on **{title}** ({where}).{how}{warning} {lead}",
                     actions=samples + _what_if_actions(session)).send()


async def _hint(session: ChatSession) -> str:
    """What a dataset without sample questions to offer invites (app.hints): what it holds,
    examples made from its schema and what the assistant does; without a model, on a
    dataset the walkthrough does not know, that its questions need one."""
    ds = session.dataset_info()
    with_model = session.settings.model_configured
    lead = ask_lead(ds, with_model)
    return await dataset_hint(session.settings, ds, session.target, session.access(),
                              None if with_model else lead)


async def _invite(session: ChatSession) -> None:
    """The first screen of a dataset with no sample questions to offer (no starters, so a
    bare message box otherwise) says what the person can ask; one with starters keeps them
    (a message would take their place)."""
    ds = session.dataset_info()
    if offered_questions(ds, session.settings.model_configured):
        return
    title = escape(ds.title, "markdown")
    await cl.Message(content=f"You are on **{title}** ({session.where()}). "
                     f"{await _hint(session)}", actions=_what_if_actions(session),
                     metadata=avatar()).send()


@cl.action_callback("ask")
async def ask_button(action: cl.Action) -> None:
    """A sample question's button (or Ask it again): it posts what it showed as the
    person's message and asks it on its own dataset (`_on_its_dataset`)."""
    if not await _admitted():
        return
    session = _session()
    question = str(action.payload.get("question", ""))
    if not await _on_its_dataset(session, action, f"\u201c{one_line(question)[:120]}\u201d",
                                 "is a question about", "asked", "ask it"):
        return
    await cl.Message(content=question, type="user_message").send()
    await session.name_conversation(one_line(question))
    await _as_run(session.ask(question))


async def _on_its_dataset(session: ChatSession, action: cl.Action, what: str, about: str,
                          done: str, verb: str) -> bool:
    """Whether a button made for a dataset (its payload's `dataset`; none: the one in use)
    may do its work now. Clicked after a switch, it does nothing on the dataset in use: it
    says in one line where it belongs, with a button that switches back and does it there
    (`switch` in its payload; the switch itself may be refused, and says why)."""
    home = str(action.payload.get("dataset") or session.dataset)
    if home == session.dataset:
        return True
    if action.payload.get("switch"):
        await _guarded(_update(session, {"dataset": home}))
        return session.dataset == home
    here = escape(session.dataset_info().title, "markdown")
    what = escape(what, "markdown")
    try:
        require_access(session.access(), home)
        ds = registry(session.settings).get(home)
    except PlanRAGError:
        await cl.Message(content=f"{what} belongs to a dataset you cannot use any more, so "
                         f"it was not {done}. This chat is on **{here}**.",
                         metadata=avatar()).send()
        return False
    back = cl.Action(name=action.name, label=f"Switch to {ds.title} and {verb}",
                     payload={**action.payload, "switch": True},
                     tooltip=f"switch dataset, then {verb} there")
    await cl.Message(content=f"{what} {about} **{escape(ds.title, 'markdown')}**; this chat "
                     f"is now on **{here}**, so it was not {done}. Switch back to {verb} "
                     "there, or ask about this dataset.", actions=[back],
                     metadata=avatar()).send()
    return False


@cl.on_message
async def message(msg: cl.Message) -> None:
    text = msg.content.strip()
    if cl.context.session.client_type == "slack":
        from app.slack import handle_slack_message

        try:
            await handle_slack_message(settings(), text)
        except Exception as exc:  # answer in the thread whatever happened
            await cl.Message(content=f"Something went wrong ({type(exc).__name__}): "
                             f"{escape(str(exc), 'slack')}. Please try again.").send()
        return
    session = _session()
    try:
        if text.startswith("/datasets"):
            text = datasets_text(session.settings, session.access())
            await cl.Message(content=text).send()
        elif text.startswith("/whatif"):
            await what_if(session, text.removeprefix("/whatif").strip())
        elif text.split(maxsplit=1)[:1] == ["/watches"]:
            await list_watches(session)
        elif text.startswith("/scripted"):
            await run_scripted(session, text.removeprefix("/scripted").strip())
        else:
            await session.ask(text)
    except PlanRAGError as exc:
        await cl.ErrorMessage(content=escape(str(exc), "markdown")).send()
    except Exception as exc:  # keep the session usable whatever happened
        await cl.ErrorMessage(content=f"Unexpected error ({type(exc).__name__}): "
                              f"{escape(str(exc), 'markdown')}. "
                              "The session is still usable.").send()


