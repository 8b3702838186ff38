"""`planrag serve mcp`: the assistant as a Model Context Protocol server.

Claude Desktop, IDEs and agent frameworks call its tools over stdio, or over Streamable HTTP
with `--http`. Every tool only reads, and says so (`readOnlyHint`):

* `list_datasets`: the datasets the caller may ask about;
* `ask`: a question, answered as every front end says it (a decision verdict first, a
  question of fact as "Answer: ..."), with the decision, whether it is an answer of fact,
  its claims (each number, its source and whether the data verified it), its check
  (named) or why it has none, and the queries as structured content; the run's
  steps arrive as progress notifications while it works. A proposed change of plan, or a check the
  assistant drafted (its card: what it ranks, the best candidates with their values, the
  baseline, its three queries), is put to the person through elicitation when the client
  supports it; otherwise PLANRAG_CONSENT_TIMEOUT_DEFAULT decides, and the answer says so;
* `what_if`: every decision ranked by the dataset's check with the parameters given;
* `query`: one SQL or Cypher query through exactly the guards the assistant's own queries
  pass (a write is refused, as a tool error with the guard's reason);
* `describe_schema`: the schema the first prompt would hold for a question.

Who calls: over stdio, the person at this machine (as `planrag ask` is). Over HTTP, each
request carries `Authorization: Bearer <token>` from `planrag users token NAME`, mapped to
the person and their datasets exactly as signing in to the chat is; with no users
configured, the server listens on loopback only and needs no token, as the chat does.
Every tool runs through the run service (`planrag.service.runs`; the tools other than `ask`
through `RunService.tools`): the same limits, access checks and database accounts as the
chat and Slack, and the same audit trail (as `mcp:<name>`): each call, with every query it
ran and its text, written before its result is sent. Every tool call, whichever
tool, holds one of the caller's places of work at once while it runs (`RunService.hold`,
PLANRAG_RUNS_PER_PERSON); a call beyond them is a tool error saying what the person has
running. Over HTTP a session belongs to the person whose credential opened it: a request on
it with another person's credential is answered 404, as an unknown session is.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import sys
from collections.abc import Awaitable, Callable, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from mcp.server.fastmcp import Context, FastMCP
from mcp.server.fastmcp.exceptions import ToolError
from mcp.server.transport_security import TransportSecuritySettings
from mcp.types import CallToolResult, ContentBlock, TextContent, ToolAnnotations
from pydantic import BaseModel, Field, create_model

from planrag.datasets import DatasetRef
from planrag.engine.events import (
    AnswerChecked,
    AnswerProposed,
    AwaitingConfirmation,
    CheckProposed,
    Event,
    PlanMade,
    QueryFailed,
    QueryFinished,
    QueryRefused,
    QueryStarted,
    ReplanDecided,
    ReplanProposed,
    RunFailed,
    RunFinished,
)
from planrag.engine.verdict import answer_lines, decided_line, named, no_decision, proposal_lines
from planrag.errors import LimitReached, PlanRAGError
from planrag.errors import QueryRefused as GuardRefused
from planrag.limits import Doing
from planrag.service.conversation import Conversation, RunRequest
from planrag.service.runs import Asker, Decide, NoModel, NotWalkthrough, RunService, gate
from planrag.service.text_view import TextView
from planrag.settings import Settings
from planrag.users import Access

__all__ = ["Caller", "build_server", "local_caller"]

log = logging.getLogger("planrag.mcp")

READ_ONLY = ToolAnnotations(readOnlyHint=True, destructiveHint=False, idempotentHint=False,
                            openWorldHint=False)
"""Every tool reads; `ask` calls a model, so the same question may be answered anew."""

Caller = Callable[[Any], Asker]
"""Who calls, from the request (None over stdio); raises `ToolError` when nobody may."""

DOING: dict[str, Doing] = {"ask": "question", "query": "query", "describe_schema": "schema",
                           "what_if": "what-if", "list_datasets": "datasets"}
"""What each tool does for the person, as their refusal at the limit names it (a tool not
named here counts as a query)."""

_ASKER: ContextVar[Asker] = ContextVar("planrag_mcp_asker")
"""Who the tool call being served is for (set while it holds their place)."""


class _Bounded(FastMCP[Any]):
    """The MCP server whose every tool call is made for a person and holds one of their
    places of work at once while it runs: the bound is the server's, not each tool's, so a
    tool added later counts too."""

    def __init__(self, service: RunService, caller: Caller, **kwargs: Any) -> None:
        from planrag.version import package_version

        super().__init__(**kwargs)
        self._mcp_server.version = package_version()  # serverInfo: ours, not the SDK's
        self._service = service
        self._caller = caller

    async def call_tool(self, name: str, arguments: dict[str, Any]
                        ) -> Sequence[ContentBlock] | dict[str, Any]:
        try:
            request = self._mcp_server.request_context.request
        except LookupError:
            request = None
        asker = self._caller(request)
        try:
            async with self._service.hold(asker, DOING.get(name, "query")):
                token = _ASKER.set(asker)
                try:
                    return await super().call_tool(name, arguments)
                finally:
                    _ASKER.reset(token)
        except LimitReached as exc:  # the tool's own errors arrive as ToolError
            raise ToolError(str(exc)) from None


class _Consent(BaseModel):
    """What the person answers to a proposed change of plan (MCP elicitation)."""

    approve: bool = Field(description="true: follow the new plan; false: keep the current one")


class _CheckConsent(_Consent):
    """Whether the check the assistant proposed ranks its answer (MCP elicitation)."""

    approve: bool = Field(title="Use this check to rank the answer",
                          description="true: the check ranks the answer; false: the answer "
                          "stays unchecked")


def _check_consent(drafted: CheckProposed | None) -> type[_CheckConsent]:
    """The elicitation's schema for a drafted check: its description names the check and
    what it ranks, so a client that shows only the form still says what is approved."""
    if drafted is None:
        return _CheckConsent
    better = "lowest" if drafted.goal.startswith("min") else "highest"
    unit = f" ({drafted.unit})" if drafted.unit else ""
    about = (f"Whether \u201c{drafted.title}\u201d, a check the assistant proposed, ranks "
             f"its answer: it ranks {drafted.candidates} candidates by {drafted.objective}"
             f"{unit}, the {better} first.")
    return create_model("ProposedCheck", __base__=_CheckConsent, __doc__=about)


@dataclass
class _Run:
    """What one `ask` gathered from its events."""

    queries: list[dict[str, Any]]
    closing: AnswerChecked | None = None
    end: RunFinished | RunFailed | None = None
    consent_note: str = ""
    unasked: str = ""
    """Why the person could not be asked (no elicitation, or it failed); "" if they could."""
    default: str = "reject"
    """PLANRAG_CONSENT_TIMEOUT_DEFAULT: what an unasked pause comes to."""
    replanned: bool = False
    answered: AnswerProposed | None = None
    drafted: CheckProposed | None = None
    """The check the assistant proposed, if it did."""
    check_decided: ReplanDecided | None = None
    """Whether (and by whom) the drafted check was used to rank the answer."""
    plan_decided: list[ReplanDecided] = dataclasses.field(default_factory=list)
    """What came of each proposed change of plan."""
    view: TextView = dataclasses.field(default_factory=lambda: TextView("text"))
    """The run as the other text front ends read it (which plan step each query served,
    for the answer's "Based on ...")."""


def build_server(settings: Settings, caller: Caller, *, scripted: bool = False,
                 host: str = "127.0.0.1", port: int = 8000) -> FastMCP:
    """The MCP server for these settings. `caller` says who calls each request;
    `scripted`: the labelled scripted walkthrough answers, for trying it without a model."""
    service = RunService(settings)
    server = _Bounded(
        service, caller, name="PlanRAG Assistant",
        instructions=("Decision questions over a team's own data, answered by planning the "
                      "analysis, querying the data read-only and checking the decision "
                      "against every alternative. Call list_datasets first, then ask."),
        host=host, port=port,
        # Host and Origin are checked by the door (app.door) for every address the server
        # listens on; the library's own check, for three of them only, would be a second rule.
        transport_security=TransportSecuritySettings(enable_dns_rebinding_protection=False),
    )

    def who() -> Asker:
        """Who the tool call is for, as `_Bounded.call_tool` found them."""
        return _ASKER.get()

    @server.tool(annotations=READ_ONLY)
    async def list_datasets(ctx: Context[Any, Any, Any]) -> CallToolResult:
        """The datasets you may ask about: id, title, what the assistant checks answers
        with, and the databases a question can run on."""
        try:
            found = await service.tools.datasets(who(), held=True)
        except PlanRAGError as exc:
            raise ToolError(str(exc)) from None
        lines = [f"- {d['id']}: {d['title']}" for d in found] or [
            "You may not ask about any dataset here; ask the person who runs PlanRAG "
            "Assistant for access."]
        return CallToolResult(content=[TextContent(type="text", text="\n".join(lines))],
                              structuredContent={"datasets": found})

    @server.tool(annotations=READ_ONLY)
    async def ask(question: str, dataset: str, ctx: Context[Any, Any, Any],
                  target: str | None = None) -> CallToolResult:
        """Ask a question about a dataset. A decision ("which warehouse should we
        expand?") is answered with the best decision and how it compares with every
        alternative, by the dataset's check; a question of fact ("which ward has the most
        beds?") with "Answer: ..." and where its numbers come from. The structured content
        holds the decision, `factual`, the `claims` (each number the answer rests on, its
        `source` and whether the data `verified` it), its `check` (with `check_id` and
        `title`) or a `note` saying why it was not checked, and the queries that were
        run. `target`: one of the dataset's targets, as list_datasets names them (default:
        the dataset's own database)."""
        asker = who()
        model = _model(settings, dataset, asker, scripted, question)
        run = _Run([], default=settings.consent_timeout_default,
                   view=TextView("text", names=service.column_names))
        decide = _elicitation(ctx, run, settings) if _elicits(ctx) else None
        consent = None if decide is not None else settings.consent_timeout_default
        if decide is None:
            run.consent_note = _no_elicitation(settings)
            run.unasked = _NO_ELICITATION
        try:
            request = RunRequest(asker, DatasetRef.parse(dataset), question, target=target,
                                 consent=consent)
            await Conversation(service, None, errors="raise").ask(
                request, _McpTransport(ctx, run, decide), model=model, held=True)
        except PlanRAGError as exc:
            raise ToolError(str(exc)) from None
        return _answer(run)

    @server.tool(annotations=READ_ONLY)
    async def what_if(dataset: str, ctx: Context[Any, Any, Any],
                      parameters: dict[str, Any] | None = None) -> CallToolResult:
        """Rank every decision of the dataset with its check, for the parameters given
        (e.g. {"country": "SWE"}); without a decision question or a model."""
        from app.console import what_if_lines

        try:
            ranked = await service.tools.what_if(who(), dataset, parameters, held=True)
        except PlanRAGError as exc:
            raise ToolError(str(exc)) from None
        run = ranked.run
        result = run.result
        ranking = [{"decision": c.decision, "label": result.label(c.decision),
                    "value": c.value} for c in result.ranking]
        return CallToolResult(
            content=[TextContent(type="text",
                                 text="\n".join(what_if_lines(run, ranked.title)))],
            structuredContent={"dataset": run.dataset.id, "objective": result.objective,
                               "description": result.description, "unit": result.unit,
                               "parameters": result.parameters, "baseline": result.baseline,
                               "ranking": ranking, "ties": list(result.ties),
                               "data_as_of": run.as_of})

    @server.tool(annotations=READ_ONLY)
    async def query(dataset: str, query: str, ctx: Context[Any, Any, Any],
                    target: str | None = None) -> CallToolResult:
        """Run one read-only SQL or Cypher query on a dataset's database, through the
        same guards as the assistant's own queries (a query that writes is refused)."""
        try:
            table = await service.tools.query(who(), dataset, query, target=target,
                                              held=True)
        except GuardRefused as exc:
            raise ToolError(f"refused by the read-only guard: {exc.reason}") from None
        except PlanRAGError as exc:
            raise ToolError(str(exc)) from None
        return CallToolResult(content=[TextContent(type="text", text=table.render())],
                              structuredContent=table.to_json())

    @server.tool(annotations=READ_ONLY)
    async def describe_schema(dataset: str, ctx: Context[Any, Any, Any],
                              question: str | None = None,
                              target: str | None = None) -> CallToolResult:
        """The dataset's schema as the assistant's first prompt would hold it for
        `question` (the whole schema without one)."""
        try:
            text = await service.tools.describe(who(), dataset, question=question,
                                                target=target, held=True)
        except PlanRAGError as exc:
            raise ToolError(str(exc)) from None
        return CallToolResult(content=[TextContent(type="text", text=text)])

    return server


def _model(settings: Settings, dataset: str, asker: Asker, scripted: bool,
           question: str) -> Any:
    """The run's model, or a tool error that says what to do."""
    from planrag.engine.session import require_access
    from planrag.runtime import registry

    try:
        require_access(asker.access, dataset)
        ds = registry(settings).named(dataset)
        return gate(settings, ds, question, scripted=scripted)
    except NotWalkthrough as exc:
        raise ToolError(f"{exc} (the server runs the scripted walkthrough, --scripted, which "
                        "answers only that question)") from None
    except NoModel:
        raise ToolError("no model is configured for this server: set PLANRAG_MODEL (see "
                        ".env.example), or start it with --scripted to try the "
                        "walkthrough") from None
    except PlanRAGError as exc:
        raise ToolError(str(exc)) from None


def _elicits(ctx: Context[Any, Any, Any]) -> bool:
    """Whether the client can be asked a question (it declared elicitation)."""
    params = ctx.request_context.session.client_params
    return bool(params and params.capabilities and params.capabilities.elicitation)


def _elicitation(ctx: Context[Any, Any, Any], run: _Run, settings: Settings
                 ) -> Callable[[AwaitingConfirmation], Awaitable[bool | None]]:
    """Each pause asked through the client (approve, or keep the current plan; for a
    drafted check, its card: use it to rank the answer, or leave the answer unchecked); a
    client that fails to ask leaves it to the server's setting, and the answer says so."""
    async def decide(paused: AwaitingConfirmation) -> bool | None:
        message, schema = paused.question, _Consent
        if paused.about == "check":
            message, schema = _check_question(paused, run), _check_consent(run.drafted)
        try:
            reply = await ctx.elicit(message, schema)
        except Exception as exc:
            log.warning("elicitation failed: %s", exc)
            run.consent_note = _no_elicitation(settings, "could not ask you")
            run.unasked = "could not ask you"
            return None
        if reply.action == "accept" and reply.data is not None:
            return reply.data.approve
        return False  # declined or cancelled: the current plan stands

    return decide


def _check_question(paused: AwaitingConfirmation, run: _Run) -> str:
    """The elicitation's message for a drafted check: its card as the chat shows it (plain
    text: clients show the message as it is), the answer it would rank, and the choice."""
    drafted = run.drafted
    lines = proposal_lines(drafted, "plain") if drafted is not None else [paused.question]
    if run.answered is not None:
        lines.append(f"The assistant answered {named(run.answered)}.")
    lines.append("Use this check to rank the answer against every candidate? Approve: the "
                 "check ranks the answer; keep: the answer stays unchecked.")
    return "\n\n".join(lines)


_NO_ELICITATION = "cannot be asked questions (no MCP elicitation)"


def _no_elicitation(settings: Settings, why: str = _NO_ELICITATION) -> str:
    default = settings.consent_timeout_default
    what = "approved" if default == "approve" else "kept as it was (not approved)"
    return (f"Your client {why}, so any change of plan the assistant proposed was {what} by "
            f"the server's setting PLANRAG_CONSENT_TIMEOUT_DEFAULT={default}.")


class _McpTransport:
    """An MCP session as a conversation's transport: each event a progress notification
    (`_progress`, which also gathers the answer), each pause asked by elicitation where the
    client offers it."""

    def __init__(self, ctx: Context[Any, Any, Any], run: _Run, decide: Decide | None) -> None:
        self.ctx, self.run, self.decide = ctx, run, decide
        self.step = 0

    async def show(self, event: Event) -> None:
        self.step += 1
        said = _progress(event, self.run)
        if said:
            await self.ctx.report_progress(self.step, None, said)

    async def say(self, text: str) -> None:
        raise ToolError(text)  # the service's own words end the call: a tool error

    def resuming(self, state: str) -> None:
        """Nothing: an MCP run is never resumed from a pause kept elsewhere."""


def _progress(event: Event, run: _Run) -> str:
    """What a progress notification says of `event` (empty: nothing), and what the answer
    keeps of it."""
    run.view.messages(event)
    if isinstance(event, PlanMade):
        return (f"{'Planned' if event.revision == 0 else 'Re-planned'}: "
                + "; ".join(f"{i}. {s.goal}" for i, s in enumerate(event.steps, 1)))
    if isinstance(event, QueryStarted):
        run.queries.append({"id": event.query_id, "language": event.language,
                            "query": event.query, "step": event.step, "outcome": "running"})
        return f"{event.query_id}: running"
    if isinstance(event, QueryFinished | QueryFailed | QueryRefused):
        outcome = (f"{event.total_rows} rows" if isinstance(event, QueryFinished)
                   else "failed" if isinstance(event, QueryFailed) else "refused")
        for q in run.queries:
            if q["id"] == event.query_id:
                q["outcome"] = outcome
        return f"{event.query_id}: {outcome}"
    if isinstance(event, ReplanProposed):
        run.replanned = True
        return f"A change of plan is proposed: {event.reason}"
    if isinstance(event, AnswerProposed):
        run.answered = event
        return ""
    if isinstance(event, CheckProposed):
        run.drafted = event
        return f"A check is proposed: {event.title}"
    if isinstance(event, ReplanDecided) and event.about == "check":
        run.check_decided = event
        return decided_line(event.approved, "check").removesuffix(".")
    if isinstance(event, ReplanDecided):
        run.plan_decided.append(event)
        return decided_line(event.approved, event.about)
    if isinstance(event, AnswerChecked):
        run.closing = event
        return "Answered and checked" if event.check is not None else "Answered"
    if isinstance(event, RunFinished | RunFailed):
        run.end = event
    return ""


def _answer(run: _Run) -> CallToolResult:
    """The tool's result: the verdict-first text and the structured answer."""
    end = run.end
    if isinstance(end, RunFailed):
        raise ToolError(f"the question could not be answered: {end.message}")
    closing = run.closing
    lines = (answer_lines(closing.answer, closing.check, closing.note, style="text",
                          scripted=closing.scripted, queries=run.view.queries,
                          columns=run.view.columns.header, changes=closing.changes)
             if closing is not None else
             [no_decision(end.stop_reason if end else "")])
    if run.drafted is not None:
        lines += proposal_lines(run.drafted, "text")
        decided = _check_decided(run)
        if decided:
            lines.append(decided)
    if run.consent_note and (run.check_decided is None or run.replanned):
        lines.append(run.consent_note)  # else the check's own line says who decided
    # What came of each change of plan the person was asked about, in every front end's
    # words (one the server's setting decided is said by the consent note).
    lines += [decided_line(d.approved, d.about, d.by) for d in run.plan_decided
              if d.by == "person"]
    check = closing.check if closing is not None else None
    answer = closing.answer if closing is not None else None
    structured: dict[str, Any] = {
        "decision": answer.decision if answer else None,
        "rationale": answer.rationale if answer else None,
        "factual": bool(answer and answer.factual),
        "label": answer.label if answer else "",
        "claims": [dataclasses.asdict(c) for c in answer.claims] if answer else [],
        "note": (closing.note or None) if closing is not None and check is None else None,
        "check": None if check is None else {
            "agrees": check.agrees, "best": check.best, "rank": check.rank,
            "candidates": check.candidates, "value": check.value,
            "best_value": check.best_value, "objective": check.description,
            "unit": check.unit, "check_id": check.check_id,
            "title": check.check_title or check.decision_model},
        "queries": run.queries,
        "stop_reason": end.stop_reason if isinstance(end, RunFinished) else None,
        "scripted": bool(closing and closing.scripted),
        "proposed_check": _proposed(run),
    }
    return CallToolResult(content=[TextContent(type="text", text="\n\n".join(lines))],
                          structuredContent=json.loads(json.dumps(structured, default=str)))


def _check_decided(run: _Run) -> str:
    """Whether the drafted check ranked the answer, and who decided."""
    decided = run.check_decided
    if decided is None:
        return ""
    if decided.by != "person" and run.unasked:  # why nobody was asked, and what decided
        outcome = ("used to rank the answer" if decided.approved else
                   "not used: the answer stays unchecked")
        return (f"Your client {run.unasked}, so the check the assistant proposed was "
                f"{outcome}, by the server's setting PLANRAG_CONSENT_TIMEOUT_DEFAULT="
                f"{run.default}.")
    return f"**{decided_line(decided.approved, 'check', decided.by)}**"


def _proposed(run: _Run) -> dict[str, Any] | None:
    """The drafted check as structured content: what the card shows, and its outcome."""
    drafted = run.drafted
    if drafted is None:
        return None
    decided = run.check_decided
    return {
        "title": drafted.title, "goal": drafted.goal, "objective": drafted.objective,
        "unit": drafted.unit, "target": drafted.target, "candidates": drafted.candidates,
        "best": [{"decision": d, "label": label, "value": value}
                 for d, label, value in drafted.sample],
        "baseline": drafted.baseline,
        "parameters": [{"name": n, "type": t, "default": v}
                       for n, t, v in drafted.parameters],
        "candidates_query": drafted.candidates_query, "value_query": drafted.value_query,
        "baseline_query": drafted.baseline_query,
        "used": None if decided is None else decided.approved,
        "decided_by": None if decided is None else decided.by,
    }


def local_caller(_request: Any) -> Asker:
    """Over stdio: the person at this machine, who may use every dataset (as with
    `planrag ask`)."""
    return Asker("mcp:local", Access.open(), approver="the person at the MCP client")


def serve(settings: Settings, *, http: bool = False, host: str = "127.0.0.1",
          port: int = 8765, scripted: bool = False) -> int:
    """`planrag serve mcp`: over stdio (the client starts this process and talks on its
    standard input and output, so nothing else may be printed there), or over HTTP."""
    if not http:
        import anyio

        server = build_server(settings, local_caller, scripted=scripted)

        async def stdio() -> None:
            from planrag.runtime import close_shared

            try:
                await server.run_stdio_async()
            finally:  # the pools belong to this loop: closed before it ends
                await close_shared()

        anyio.run(stdio)
        return 0
    from app.serving import listen

    app = http_app(settings, host=host, port=port, scripted=scripted)
    print(f"PlanRAG Assistant MCP server on http://{host}:{port}/mcp", file=sys.stderr,
          flush=True)
    listen(app, host=host, port=port, settings=settings)
    return 0


def http_app(settings: Settings, *, host: str, port: int, scripted: bool = False) -> Any:
    """The Streamable HTTP app (an ASGI app), behind its door (`app.door`: with no users,
    this machine only and at its names only; else each person's MCP token, `planrag users
    token NAME`; never another site's pages, JSON bodies only). The door holds for every
    address the server listens on (the MCP library's own Host and Origin check covers
    127.0.0.1, localhost and ::1 only); refused requests never reach the MCP layer, and
    every tool asks who calls again. The others reach only sessions their person opened
    (`_session_owner`)."""
    from app.door import check_host, guarded
    from app.quiet_logs import quiet_mcp_disconnects

    check_host(settings, host, "mcp")
    quiet_mcp_disconnects()
    server = build_server(settings, lambda request: _caller(settings, request),
                          scripted=scripted, host=host, port=port)
    return guarded(server.streamable_http_app(), settings, "mcp", mark=_session_owner)


def _caller(settings: Settings, request: Any) -> Asker:
    """Who calls a tool, from the HTTP request it serves."""
    from app.door import Refused, caller

    if request is None:
        raise ToolError("this request came without its HTTP request; try again")
    client = getattr(request, "client", None)
    try:
        return caller(settings, "mcp", request.headers.get("authorization") or "",
                      client.host if client else None)
    except Refused as exc:
        raise ToolError(f"not signed in: {exc}") from None


def _session_owner(asker: Asker) -> Any:
    """Who a request comes from, as the SDK's session manager compares it: it records who
    opened each session and answers a request on it from anyone else (an answer to an
    elicitation, a tool call, the GET event stream, DELETE) 404, as for an unknown session.

    The owner is the person (`mcp:alice`), not the token: every token of a person reaches the
    same datasets and counts as the same person in the limits and the audit trail, so
    nothing of another person's is exposed, and a token rotated under an open session (a
    new one issued, the old one revoked) keeps it. A revoked token never reaches a session:
    the door refuses it first. The mark holds the person's name, never the secret."""
    from mcp.server.auth.middleware.bearer_auth import AuthenticatedUser
    from mcp.server.auth.provider import AccessToken

    return AuthenticatedUser(AccessToken(token=asker.who, client_id="planrag", scopes=[],
                                         subject=asker.who))
