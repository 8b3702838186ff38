"""`planrag serve api`: the assistant as an OpenAI-compatible model.

Open WebUI, LibreChat and scripts that speak OpenAI's chat-completions API ask it questions:

* `GET /v1/models`: the datasets the caller may ask about, each as a model (its id);
* `POST /v1/chat/completions` (`stream` true or false): `model` is a dataset id, the last
  user message the question, the earlier turns its conversation. The reply opens with the
  answer as every front end says it (a decision's verdict, `Best decision: ...`; a question
  of fact's `Answer: ...`); streamed, the plan and the queries arrive as text first, and the
  answer is the last piece. A proposed change of plan
  ends the reply with the proposal, and a check the assistant drafted with its card (what
  it ranks, the best candidates with their values, the baseline, its three queries); the
  next user message, *approve* or *keep*, continues the same run, found through the run
  store by the run's mark in that reply.

Who calls: each request carries `Authorization: Bearer <key>` from `planrag users key NAME`,
mapped to the person and their datasets exactly as signing in to the chat is; with no users
configured, the server takes requests from this machine only and needs no key, and once
any person exists every request needs one, on loopback too. Errors come in OpenAI's shape
(`{"error": {"message", "type", "param", "code"}}`) with its status codes, never as a reply:
a refusal (a question or dataset the walkthrough does not cover, no model, an answer with
no change of plan waiting) and a run that failed (`RunFailed.cause`: the question, the
model, the database) alike. Streamed, a run that fails before its first piece of text is an
error response too; one that fails later sends the error as a last event
(`data: {"error": ...}`), then `[DONE]`. Text is Markdown's bold and lists around words
written as they are (`planrag.markup`'s "text" style: no escapes). Everything runs through
the run service (`planrag.service.runs`): limits, access, the audit trail (as
`api:<name>`).
"""

from __future__ import annotations

import json
import logging
import re
import time
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from planrag.datasets import DatasetRef
from planrag.engine.events import (
    AnswerChecked,
    AwaitingConfirmation,
    CheckProposed,
    Event,
    FailureCause,
    RunFailed,
    RunFinished,
)
from planrag.engine.model import Model, closing_stream
from planrag.engine.state import Turn
from planrag.engine.verdict import no_decision
from planrag.errors import (
    AccessDenied,
    ConfigError,
    DatasetError,
    LimitReached,
    ModelError,
    PlanRAGError,
    SourceUnavailable,
)
from planrag.limits import question_problem
from planrag.markup import Style
from planrag.service.conversation import RunRequest
from planrag.service.runs import (
    Asker,
    Decide,
    NoModel,
    NotWalkthrough,
    RunService,
    consent_word,
    gate,
    model_for,
)
from planrag.service.text_view import TextView
from planrag.settings import Settings

if TYPE_CHECKING:
    from planrag.datasets import Dataset

__all__ = ["api_app", "serve"]

log = logging.getLogger("planrag.api")

HISTORY_TURNS = 6
"""How many earlier turns of the conversation a question gets."""
_MARK = re.compile(r"\(run ([0-9a-f]{12})\)")
"""The paused run's mark at the end of a proposal: how the next message finds it."""
STYLE: Style = "text"
"""How the replies mark text: bold and lists, words from a model or the data unescaped."""
_UNCOVERED: dict[str, tuple[int, str, str]] = {
    "dataset": (400, "model", "dataset_not_covered"),
    "question": (422, "messages", "question_not_covered"),
    "parameter": (422, "messages", "parameter_missing"),
}
"""A walkthrough's refusal (`Uncovered.kind`) as its status, parameter and code."""
_FAILED: dict[FailureCause, tuple[int, str, str]] = {
    "question": (400, "invalid_request_error", "question_invalid"),
    "model": (502, "server_error", "model_failed"),
    "database": (503, "server_error", "database_unavailable"),
    "run": (500, "server_error", "run_failed"),
}
"""A failed run (`RunFailed.cause`) as its status, type and code."""


class ApiError(Exception):
    """An error in OpenAI's shape: the status, the message, and its type and code."""

    def __init__(self, status: int, message: str, kind: str = "invalid_request_error",
                 code: str | None = None, param: str | None = None) -> None:
        super().__init__(message)
        self.status, self.message, self.kind, self.code, self.param = (
            status, message, kind, code, param)

    def body(self) -> dict[str, Any]:
        return {"error": {"message": self.message, "type": self.kind, "param": self.param,
                          "code": self.code}}

    def response(self) -> JSONResponse:
        headers = {"WWW-Authenticate": 'Bearer realm="planrag"'} if self.status == 401 else None
        return JSONResponse(self.body(), status_code=self.status, headers=headers)


def _refusal(problem: NotWalkthrough) -> ApiError:
    """The walkthrough's refusal of a question (or of its dataset) as an error."""
    status, param, code = _UNCOVERED[problem.problem.kind]
    return ApiError(status, f"{problem} (the server runs the scripted walkthrough, "
                    "--scripted, which answers only that question)", code=code, param=param)


def _failure(failed: RunFailed) -> ApiError:
    """A run that failed, as the error its cause is."""
    status, kind, code = _FAILED[failed.cause]
    return ApiError(status, f"the question could not be answered: {failed.message}", kind,
                    code)


def _error_of(exc: PlanRAGError) -> ApiError:
    """An error raised instead of a run's events (before it started, or by the service)."""
    if isinstance(exc, LimitReached):
        return ApiError(429, str(exc), "rate_limit_error", "rate_limit_exceeded")
    if isinstance(exc, AccessDenied):
        return ApiError(404, str(exc), code="model_not_found", param="model")
    said = f"the question could not be answered: {exc}"
    if isinstance(exc, ModelError):
        return ApiError(502, said, "server_error", "model_failed")
    if isinstance(exc, SourceUnavailable):
        return ApiError(503, said, "server_error", "database_unavailable")
    if isinstance(exc, DatasetError | ConfigError):
        return ApiError(503, said, "server_error", "dataset_unavailable")
    return ApiError(500, said, "server_error", "run_failed")


@dataclass
class _Reply:
    """What a run said, as the reply's text: the steps first, the verdict last."""

    steps: list[str] = field(default_factory=list)
    verdict: str = ""
    usage: dict[str, int] = field(default_factory=dict)


def api_app(settings: Settings, *, host: str = "127.0.0.1", scripted: bool = False) -> Any:
    """The ASGI app, behind its door (`app.door`: this machine's names only while no users
    exist, no other site's pages, JSON bodies of at most PLANRAG_API_MAX_BODY_BYTES). `host`
    is where it listens: with no users configured, only loopback is allowed (and only
    loopback callers are served)."""
    from app.door import check_host, guarded

    check_host(settings, host, "api")
    service = RunService(settings)

    def asker(request: Request) -> Asker:
        from app.door import Refused, caller

        try:
            return caller(settings, "api", request.headers.get("authorization") or "",
                          request.client.host if request.client else None)
        except Refused as exc:
            raise ApiError(401, str(exc), "authentication_error", "invalid_api_key") from None
        except ConfigError as exc:
            raise ApiError(503, f"the users file cannot be read: {exc}",
                           "server_error") from None

    async def models(request: Request) -> Response:
        from planrag.runtime import registry

        try:
            who = asker(request)
        except ApiError as exc:
            return exc.response()
        ids = who.access.visible(registry(settings).ids())
        return JSONResponse({"object": "list", "data": [
            {"id": i, "object": "model", "created": 0, "owned_by": "planrag"} for i in ids]})

    async def completions(request: Request) -> Response:
        try:
            who = asker(request)
            body = await _body(request)
            return await _complete(settings, service, who, body, scripted)
        except ApiError as exc:
            return exc.response()

    return guarded(Starlette(routes=[
        Route("/v1/models", models, methods=["GET"]),
        Route("/v1/chat/completions", completions, methods=["POST"]),
    ]), settings, "api", max_body=settings.api_max_body_bytes,
        setting="PLANRAG_API_MAX_BODY_BYTES")


async def _body(request: Request) -> dict[str, Any]:
    try:
        body = json.loads(await request.body())
    except (ValueError, RecursionError):  # RecursionError: nested deeper than Python goes
        raise ApiError(400, "the request body is not JSON") from None
    if not isinstance(body, dict):
        raise ApiError(400, "the request body must be a JSON object")
    model, messages = body.get("model"), body.get("messages")
    if not isinstance(model, str) or not model:
        raise ApiError(400, "`model` must name a dataset (GET /v1/models lists yours)",
                       param="model")
    if not isinstance(messages, list) or not messages or not all(
            isinstance(m, dict) and isinstance(m.get("role"), str) for m in messages):
        raise ApiError(400, "`messages` must be a list of {role, content} objects",
                       param="messages")
    return body


async def _complete(settings: Settings, service: RunService, who: Asker,
                    body: dict[str, Any], scripted: bool) -> Response:
    from planrag.runtime import registry

    dataset = str(body["model"])
    reg = registry(settings)
    if dataset not in reg.ids() or not who.access.allows(dataset):
        raise ApiError(404, f"the model {dataset!r} does not exist or you may not use it "
                       "(GET /v1/models lists yours)", code="model_not_found", param="model")
    messages: list[dict[str, Any]] = body["messages"]
    question = _text(messages[-1]) if messages[-1].get("role") == "user" else ""
    if not question.strip():
        raise ApiError(400, "the last message must be the user's question", param="messages")
    too_long = question_problem(question.strip(), settings.max_question_chars)
    if too_long is not None:  # 400, not 429: a client must not send it again as it is
        raise ApiError(400, f"{too_long} (PLANRAG_MAX_QUESTION_CHARS)", code="question_too_long",
                       param="messages")
    said = consent_word(question)
    model = _model(settings, reg.get(dataset), question, scripted, answering=said is not None)
    paused_key = _paused_key(who, messages)
    if said is not None and paused_key is not None:
        try:  # a run taken and then refused for the limit would be lost
            await service.room(who)
        except LimitReached as exc:
            raise _error_of(exc) from None
        taken = await service.take_paused(paused_key, said)
        if taken.run is None:
            answered = f" (it was answered: {taken.earlier})" if taken.earlier else ""
            raise ApiError(409, f"that change of plan is no longer waiting{answered}",
                           code="change_not_waiting", param="messages")
        request = RunRequest.from_context(taken.run.context, who)
        events = service.resume(who, str(request.ref), taken.run.state, said, model,
                                target=request.target, consent=request.consent)
        return await _run(service, body, events, who, request, taken.run.state)
    if said is not None:
        raise ApiError(409, "there is no change of plan waiting for your answer in this "
                       "conversation; ask a decision question", code="no_change_waiting",
                       param="messages")
    request = RunRequest(who, DatasetRef.parse(dataset), question, consent="ask")
    events = service.ask(who, dataset, question, model, history=_history(messages[:-1]),
                         consent=request.consent)
    return await _run(service, body, events, who, request)


def _model(settings: Settings, dataset: Dataset, question: str, scripted: bool, *,
           answering: bool) -> Model:
    """The run's model through the service's gate (`runs.gate`), its refusals as errors; a
    reply to a paused run (`answering`: approve, keep) is no question of its own, so only
    the model is needed for it, not the walkthrough's judgement of the words."""
    try:
        if not answering:
            return gate(settings, dataset, question, scripted=scripted)
        model = model_for(settings, scripted=scripted, dataset=dataset)
        if model is None:
            raise NoModel()
        return model
    except NotWalkthrough as exc:
        raise _refusal(exc) from None
    except NoModel:
        raise ApiError(503, "no model is configured for this server: set PLANRAG_MODEL, or "
                       "start it with --scripted to try the walkthrough", "server_error",
                       "model_not_configured") from None


async def _run(service: RunService, body: dict[str, Any], events: AsyncIterator[Event],
               who: Asker, request: RunRequest, resumed: str | None = None) -> Response:
    """The run's reply: streamed as it works from its first piece of text, or whole at its
    end. Whatever fails before the reply begins (a limit, a dataset refused, a run that
    failed) is an error response, not a reply."""
    streaming = bool(body.get("stream"))
    stream = _stream_of(service, events, who, request, resumed)
    parts: list[Any] = []
    try:
        async for piece in stream:
            parts.append(piece)
            if streaming:
                break
    except ApiError:
        raise
    except PlanRAGError as exc:
        raise _error_of(exc) from None
    if streaming:
        return StreamingResponse(_sse(body, parts, stream), media_type="text/event-stream")
    final = next((p for p in reversed(parts) if isinstance(p, _Reply)), _Reply())
    return _respond(body, final, _whole_text(parts, final))


def _whole_text(parts: list[Any], final: _Reply) -> str:
    """A whole reply: the verdict first, then how it was found."""
    steps = "".join(p for p in parts if isinstance(p, str)).strip()
    return final.verdict + (f"\n\n---\nHow it was found:\n{steps}" if steps else "")


async def _stream_of(service: RunService, events: AsyncIterator[Event], who: Asker,
                     request: RunRequest, resumed: str | None) -> AsyncIterator[Any]:
    """The run as text pieces (str: a step; never empty) and, last, the `_Reply` with the
    verdict; a pause keeps the run in the store and the verdict is the proposal. A run
    that failed raises its error (`_failure`) once its events are all read."""
    transport = _ApiTransport(service, who, request)
    if resumed is not None:  # the paused run's state: its queries before the pause
        transport.resuming(resumed)
    async with closing_stream(events) as run:
        async for event in run:
            await transport.show(event)
            while transport.pieces:
                yield transport.pieces.pop(0)
    if transport.failed is not None:
        raise _failure(transport.failed)
    for piece in transport.view.end():
        yield f"{piece}\n\n"
    yield transport.reply


class _ApiTransport:
    """A request as a run's transport (`planrag.service.conversation.Transport`): each
    event said in the shared text view's words, as pieces of the reply; a pause kept under
    its run's mark, which the client's next message carries back. The API plays its runs
    itself, not through a `Conversation`: its conversations live in the client's messages,
    so there is no thread to journal or take over, and it cannot wait for the person."""

    decide: Decide | None = None

    def __init__(self, service: RunService, who: Asker, request: RunRequest) -> None:
        self.service, self.who, self.request = service, who, request
        self.view = TextView(STYLE, mark=True, sql=True,  # Slack's and MCP's words, as text
                             names=service.column_names)
        self.reply = _Reply()
        self.pieces: list[str] = []
        self.card = ""
        self.failed: RunFailed | None = None

    async def show(self, event: Event) -> None:
        said = self.view.messages(event)
        if isinstance(event, CheckProposed):  # the card leads the reply that asks
            self.card, said = said[-1], [*said[:-1], f"A check is proposed: {event.title}"]
        elif isinstance(event, AwaitingConfirmation):
            await self.service.keep_paused(f"api:{self.who.who}:{event.run_id}", event,
                                           self.request.context())
            asked = [self.card] if event.about == "check" and self.card else []
            self.reply.verdict, said = "\n\n".join([*asked, said[-1]]), said[:-1]
        elif isinstance(event, AnswerChecked):
            self.reply.verdict, said = said[-1], said[:-1]
        elif isinstance(event, RunFinished):
            u = event.usage
            self.reply.usage = {"prompt_tokens": u.prompt_tokens, "completion_tokens":
                                u.completion_tokens,
                                "total_tokens": u.prompt_tokens + u.completion_tokens}
            if event.decision is None:
                self.reply.verdict = no_decision(event.stop_reason)
                said = [m for m in said if m != self.reply.verdict]
        elif isinstance(event, RunFailed):
            self.failed, said = event, self.view.end()  # the error response says it
        self.pieces += [f"{piece}\n\n" for piece in said]

    async def say(self, text: str) -> None:
        self.pieces.append(f"{text}\n\n")  # the service's own words, a piece of the reply

    def resuming(self, state: str) -> None:
        self.view.resuming(state)


def _paused_key(who: Asker, messages: list[dict[str, Any]]) -> str | None:
    """The run store key of the pause the conversation's last reply proposed."""
    for message in reversed(messages[:-1]):
        if message.get("role") == "assistant":
            found = _MARK.search(_text(message))
            return f"api:{who.who}:{found.group(1)}" if found else None
    return None


def _history(messages: list[dict[str, Any]]) -> list[Turn]:
    """Earlier questions and the decisions the replies opened with."""
    turns: list[Turn] = []
    question: str | None = None
    for message in messages:
        role, text = message.get("role"), _text(message)
        if role == "user":
            question = text
        elif role == "assistant" and question is not None:
            turns.append(Turn(question=question, rationale=text.split("\n\n")[0][:500]))
            question = None
    return turns[-HISTORY_TURNS:]


def _text(message: dict[str, Any]) -> str:
    """A message's text: a string, or the text parts of a list of parts."""
    content = message.get("content")
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(str(p.get("text", "")) for p in content
                       if isinstance(p, dict) and p.get("type") == "text")
    return ""


def _completion_id() -> str:
    return f"chatcmpl-{uuid.uuid4().hex[:24]}"


def _respond(body: dict[str, Any], reply: _Reply, text: str) -> Response:
    """A whole reply."""
    usage = reply.usage or {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0}
    return JSONResponse({
        "id": _completion_id(), "object": "chat.completion", "created": int(time.time()),
        "model": body["model"],
        "choices": [{"index": 0, "message": {"role": "assistant", "content": text},
                     "finish_reason": "stop"}],
        "usage": usage,
    })


async def _sse(body: dict[str, Any], first: list[Any], rest: AsyncIterator[Any]
               ) -> AsyncIterator[bytes]:
    """Server-sent events as OpenAI streams a completion: the role, the text pieces (the
    steps, then the verdict as the last piece), the finish and `[DONE]`; a run that fails
    meanwhile sends its error (OpenAI's shape, as a `data:` event) instead of the finish.
    The run is closed however the stream ends (a client gone included)."""
    head = {"id": _completion_id(), "object": "chat.completion.chunk",
            "created": int(time.time()), "model": body["model"]}

    def chunk(delta: dict[str, Any], finish: str | None = None) -> bytes:
        return ("data: " + json.dumps({**head, "choices": [
            {"index": 0, "delta": delta, "finish_reason": finish}]}) + "\n\n").encode()

    yield chunk({"role": "assistant", "content": ""})
    wrote = False
    async with closing_stream(rest) as pieces:
        try:
            async for piece in _chain(first, pieces):
                if isinstance(piece, _Reply):
                    yield chunk({"content": ("\n\n---\n\n" if wrote else "") + piece.verdict})
                    yield chunk({}, "stop")
                else:
                    wrote = True
                    yield chunk({"content": piece})
        except (ApiError, PlanRAGError) as exc:  # after the reply began: an error event
            error = exc if isinstance(exc, ApiError) else _error_of(exc)
            yield ("data: " + json.dumps(error.body()) + "\n\n").encode()
    yield b"data: [DONE]\n\n"


async def _chain(first: list[Any], rest: AsyncIterator[Any]) -> AsyncIterator[Any]:
    for piece in first:
        yield piece
    async for piece in rest:
        yield piece


def serve(settings: Settings, *, host: str = "127.0.0.1", port: int = 8766,
          scripted: bool = False) -> int:
    """`planrag serve api`: listen until stopped."""
    import sys

    from app.serving import listen

    app = api_app(settings, host=host, scripted=scripted)
    print(f"PlanRAG Assistant OpenAI-compatible API on http://{host}:{port}/v1",
          file=sys.stderr, flush=True)
    listen(app, host=host, port=port, settings=settings)
    return 0
