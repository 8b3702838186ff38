"""run_sql and run_cypher: one read-only query, in the language of an open source, through
the guards (ARCHITECTURE.md, "Guards"). Refusals and errors go back to the model as the
observation. A query carries the paper's turn: the plan step it serves, why (`thought`) and,
after a result, whether the plan holds (`plan_holds`). The execution monitors' hooks for a
query are here (`planrag.engine.monitors`); their re-plan goes through the consent path."""

from __future__ import annotations

import logging
import re
from collections.abc import AsyncIterator
from functools import cache
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field, create_model

from planrag import telemetry
from planrag.engine import events as ev
from planrag.engine import monitors
from planrag.engine.events import (
    Event,
    MonitorNoticed,
    QueryFailed,
    QueryFinished,
    QueryRefused,
    QueryStarted,
    ReplanProposed,
    StepStarted,
)
from planrag.engine.frame_text import frame_text
from planrag.engine.state import PendingReplan, QueryRecord, RunState
from planrag.engine.tools._base import Args, AuditEntry, Definition, ModelTool, Offer, TextForm
from planrag.errors import QueryError, SchemaMismatch
from planrag.errors import QueryRefused as Refused
from planrag.guards.dialects import dialect_for
from planrag.sources.base import DataSource
from planrag.table import Table

if TYPE_CHECKING:
    from planrag.engine.calls import ToolCalls

__all__ = ["TOOLS", "RunQuery", "plan_verdict"]

_log = logging.getLogger(__name__)


class RunQuery(Args):
    """Run one read-only query. Results come back capped; a refusal or an error comes back
    as the observation, so the query can be fixed."""

    query: str = Field(min_length=1, max_length=20_000)
    step: int | None = Field(default=None, ge=0, description="the plan step (0-based) it serves")
    thought: str | None = Field(default=None, max_length=1000,
                                description="why this query, for the step it serves")
    plan_holds: str | None = Field(
        default=None, max_length=600,
        description="after a result: 'yes' when the plan still holds, or 'no: <why>' when it "
        "proved wrong (then propose the new plan with revise_plan)")


class _PaperQuery(Args):
    # What a model adds beyond the paper's turn (a `step` in IterRAG, say) is dropped.
    model_config = ConfigDict(extra="ignore")

    query: str = Field(min_length=1, max_length=20_000)
    thought: str | None = Field(default=None, max_length=1000,
                                description="your thought about what to collect now")


@cache
def paper_query(plan: bool, replan: bool) -> type[BaseModel]:
    """A query's arguments as the paper's turn has them: the thought, and with a plan the
    current step, and with re-planning whether the plan is still helpful."""
    fields: dict[str, Any] = {}
    if plan:
        fields["step"] = (int | None, Field(default=None, ge=0, description="the current "
                                            "step of the plan (0-based) this query serves"))
    if replan:
        fields["plan_holds"] = (str | None, Field(
            default=None, max_length=600, description="after an observation: 'yes' to go on "
            "with the current plan, or 'no: <why>' when it is not helpful (then change it "
            "with revise_plan)"))
    return create_model("RunQuery", __base__=_PaperQuery, **fields)


_PAPER_QUERY = ("Useful for collecting the data of this database: write one {write} "
                "statement; the observation is what it returns, or its error.")


class QueryTool(ModelTool):
    """The query tool of one language: offered while the model may still query, once per
    open dialect of its language, each telling which dialect to write."""

    def offered(self, offer: Offer) -> bool:
        return not offer.answer_only and bool(self._dialects(offer))

    def arguments(self, offer: Offer) -> type[BaseModel]:
        if offer.paper:
            return paper_query(offer.technique.plan, offer.technique.replan)
        return RunQuery

    def definitions(self, offer: Offer) -> tuple[Definition, ...]:
        schemas = dict(offer.schemas)  # the paper's prompts: the schema is in the tool
        database = (f"\n\nIts database:\n{schemas[self.language]}"
                    if self.language in schemas else "")
        args = self.arguments(offer)
        if offer.paper:
            return tuple((self.name, args, _PAPER_QUERY.format(write=title) + database)
                         for title in self._titles(offer))
        return tuple((self.name, args, " ".join(write.split()) + database)
                     for write in self._dialects(offer))

    def _titles(self, offer: Offer) -> list[str]:
        """The name of each open dialect of its language (MySQL, Cypher...)."""
        infos = (dialect_for(name) for name in offer.dialects)
        return [info.title for info in infos if info.language == self.language]

    def _dialects(self, offer: Offer) -> list[str]:
        """How each open dialect of its language is to be written, in the offer's order."""
        infos = (dialect_for(name) for name in offer.dialects)
        return [info.write for info in infos if info.language == self.language]

    async def handle(self, calls: ToolCalls, state: RunState, call_id: str, args: Any
                     ) -> AsyncIterator[Event]:
        query: RunQuery = args  # or the paper's, which may lack `step` and `plan_holds`
        given: int | None = getattr(query, "step", None)
        assert self.language is not None
        language = self.language
        if calls.technique.plan and state.plan is None:
            calls.reply(state, call_id, "make a plan first (make_plan), then query")
            return
        if (state.rejected_steps and state.plan is not None and given is not None
                and given >= len(state.plan)):
            calls.reply(state, call_id, f"not run: step {given} belongs to the plan the "
                        "person rejected. Carry on with the current plan's steps (0 to "
                        f"{len(state.plan) - 1}) or give your final answer.")
            return
        source = calls.source(language)
        qid = f"q{len(state.queries) + 1}"
        text = query.query.strip()
        repeats = sum(1 for q in state.queries if _same(q.query, text))
        if repeats >= calls.config.max_repeats:
            calls.reply(state, call_id, f"this exact query already ran {repeats} times; its "
                        "result is above. Query something else or answer.")
            calls.answer_now(state, "repeated_queries")
            return
        step = given if state.plan and given is not None and given < len(
            state.plan) else None
        if step is not None and state.plan is not None and state.plan[step].status == "pending":
            state.plan[step].status = "running"
            yield StepStarted(step, state.plan[step].goal)
        state.stage = "querying"
        holds = plan_verdict(getattr(query, "plan_holds", None))
        yield QueryStarted(qid, language, text, step, thought=" ".join(
            (query.thought or "").split()), plan_holds=holds)
        try:
            with telemetry.query_span(state.trace, qid, language, source.name, text,
                                      step) as span:
                table = await source.execute(text, calls.limits)
                telemetry.query_ran(span, table.total_rows, table.truncated)
        except QueryError as exc:  # refused by a guard, or failed in the database
            refused = isinstance(exc, Refused)
            if refused:
                state.refused += 1
            else:
                state.errors += 1
            state.queries.append(QueryRecord(id=qid, language=language, query=text, step=step,
                                             outcome="refused" if refused else "failed"))
            failed = _step_failure(calls, state, step, qid)
            said = f"refused: {exc.reason}" if isinstance(exc, Refused) else f"failed: {exc}"
            if isinstance(exc, SchemaMismatch) and calls.offer(state).schema_tools:
                said += "; look the schema up again (search_schema)"
            calls.reply(state, call_id, f"{qid} {said}"
                        + monitors.said([failed] if failed else []))
            yield (QueryRefused(qid, language, text, exc.reason, exc.rule)
                   if isinstance(exc, Refused) else QueryFailed(qid, language, text, str(exc)))
            for event in _step_failed(calls, state, failed):
                yield event
            return
        calls.tables[(state.run_id, qid)] = table
        state.queries.append(QueryRecord(id=qid, language=language, query=text, step=step,
                                         outcome="ok", rows=table.total_rows))
        if step is not None and state.plan is not None:
            state.plan[step].status = "done"
        noticed = await _after_query(calls, source, text, qid, step, table)
        calls.reply(state, call_id, _observation(calls, qid, table, language)
                    + monitors.said(noticed)
                    + _replan_hint(calls, state, holds))
        shown = table.rows[: calls.config.max_rows_shown]
        yield QueryFinished(qid, tuple(table.columns), tuple(tuple(r) for r in shown),
                            table.total_rows, table.truncated, table.elapsed_ms,
                            table.incomplete)
        for event in noticed:
            yield event

    @staticmethod
    def audit(event: Event, seen: dict[str, Any]) -> AuditEntry | None:
        """Every query run (its rows and time), refused (with the guard's reason) or
        failed; a result is written with the query its start named."""
        match event:
            case ev.QueryStarted():
                seen[f"query:{event.query_id}"] = (event.language, event.query)
            case ev.QueryFinished():
                language, query = seen.get(f"query:{event.query_id}", ("", ""))
                return ("query", {"query_id": event.query_id, "language": language,
                                  "query": query, "rows": event.total_rows,
                                  "ms": round(event.elapsed_ms, 1)})
            case ev.QueryRefused():
                return ("query_refused", {"query_id": event.query_id,
                                          "language": event.language, "query": event.query,
                                          "reason": event.reason, "rule": event.rule})
            case ev.QueryFailed():
                return ("query_failed", {"query_id": event.query_id,
                                         "language": event.language, "query": event.query,
                                         "error": event.error})
        return None


# -- execution monitors (planrag.engine.monitors)


def _step_failure(calls: ToolCalls, state: RunState, step: int | None, qid: str
                  ) -> MonitorNoticed | None:
    return monitors.step_failure(state, step, qid) if calls.config.monitors else None


async def _after_query(calls: ToolCalls, source: DataSource, text: str, qid: str,
                       step: int | None, table: Table) -> list[MonitorNoticed]:
    if not calls.config.monitors:
        return []
    if table.total_rows == 0 and not table.incomplete:
        try:
            return await monitors.value_not_found(source, text, qid, step, calls.limits)
        except Exception:  # a monitor never breaks a run: it only stays silent
            _log.exception("the value monitor failed on %s", qid)
            return []
    cut = monitors.rows_cut(qid, table, calls.config.max_rows_shown, step)
    return [cut] if cut is not None else []


def _step_failed(calls: ToolCalls, state: RunState, failed: MonitorNoticed | None
                 ) -> list[Event]:
    """A step that failed twice: the finding, and a re-plan proposed through the consent
    path, when re-planning is possible; the rest of the model's turn does not run."""
    if failed is None:
        return []
    events: list[Event] = [failed]
    if (not calls.technique.replan or state.plan is None or state.answer_only
            or not calls.config.replans_left(state.replans)):
        return events
    state.replans += 1
    for rest in state.queued_calls:
        calls.reply(state, rest["id"], "not run: a change of plan was proposed first")
    state.queued_calls = []
    pending = PendingReplan(call_id="", reason=failed.finding, steps=[], by="monitor")
    events.append(ReplanProposed(failed.finding, tuple(s.event() for s in state.plan), (),
                                 by="monitor"))
    return events + calls.ask_or_decide(state, pending)


def _replan_hint(calls: ToolCalls, state: RunState, holds: str) -> str:
    """A model that said the plan no longer holds is reminded to propose the new one (only
    revise_plan changes the plan, with the person's consent)."""
    if not holds.startswith("no") or not calls.technique.replan or state.plan is None:
        return ""
    turn: dict[str, Any] = next(
        (m for m in reversed(state.messages) if m.get("role") == "assistant"), {})
    if any((c.get("function") or {}).get("name") == "revise_plan"
           for c in turn.get("tool_calls") or ()):
        return ""  # proposed in the same turn
    return ("\nYou said the plan no longer holds: propose the new plan with revise_plan "
            "(the person is asked), or carry on with this one.")


def _observation(calls: ToolCalls, qid: str, table: Table, language: str) -> str:
    if calls.config.observations == "paper":
        return _as_the_paper(calls, qid, table, language)
    cols = list(table.columns)
    rows = table.rows[: calls.config.max_rows_shown]
    lines = [" | ".join(cols)]
    for row in rows:
        lines.append(" | ".join(_cell(v) for v in row))
    text = "\n".join(lines)
    if len(text) > calls.config.max_chars_shown:
        text = text[: calls.config.max_chars_shown] + " ..."
    total = table.total_rows
    more = "" if len(rows) >= total else f" (showing the first {len(rows)})"
    cut = "; the source stopped at its cap" if table.truncated else ""
    warned = "".join(f"\n{qid} is INCOMPLETE: {note}" for note in table.incomplete)
    return f"{qid}: {total} row(s){more}{cut}\n{text}{warned}"


def _as_the_paper(calls: ToolCalls, qid: str, table: Table, language: str) -> str:
    """The result as the paper's agent saw it: a line break, then pandas' text of the frame
    (the first and last five rows of a result over `max_rows_shown`, and its shape). A result
    the source cut at its cap says so: its last rows shown are the last fetched."""
    text = frame_text(table.columns, table.rows, positional=language == "cypher",
                      max_rows=calls.config.max_rows_shown, total=table.total_rows)
    if len(text) > calls.config.max_chars_shown:
        text = text[: calls.config.max_chars_shown] + " ..."
    if len(table.rows) < table.total_rows:
        more = "" if table.total_exact else " or more"
        text += (f"\n({qid}: the source kept the first {len(table.rows)} of its "
                 f"{table.total_rows}{more} rows, so the last rows shown are the last kept)")
    return "\n" + text + "".join(f"\n{qid} is INCOMPLETE: {note}" for note in table.incomplete)


def plan_verdict(said: str | None) -> str:
    """What a model said of its plan after a result, as "yes", "no: <why>" or ""."""
    text = " ".join((said or "").split())
    if not text:
        return ""
    match = re.match(r"(?i)^\W*(yes|y|holds|true|no|n|false)\b\W*", text)
    if match is None:  # words, not a yes or no: a doubt only when they say one
        doubt = re.search(r"(?i)\b(?:not|no longer|wrong|fail\w*|missing|cannot|instead)\b"
                          r"|n't\b", text)
        return f"no: {text}"[:600] if doubt else "yes"
    if match.group(1).lower() in ("yes", "y", "holds", "true"):
        return "yes"
    reason = text[match.end():].strip()
    return f"no: {reason}"[:600] if reason else "no"


def _same(a: str, b: str) -> bool:
    return re.sub(r"\s+", " ", a.strip().rstrip(";")).lower() == re.sub(
        r"\s+", " ", b.strip().rstrip(";")
    ).lower()


def _cell(value: Any) -> str:
    if value is None:
        return "NULL"
    text = value if isinstance(value, str) else repr(value) if isinstance(value, float) else str(
        value)
    return text if len(text) <= 80 else text[:79] + "…"


TOOLS = (
    QueryTool(name="run_sql", order=30, language="sql",
              text=TextForm(words=("sql", "mariadb", "sqlite", "postgres", "relational", "rdb"),
                            rank=20),
              argument_words={"query": "query"}),
    QueryTool(name="run_cypher", order=31, language="cypher",
              text=TextForm(words=("cypher", "neo4j", "graph", "gdb"), rank=10),
              argument_words={"query": "query"}),
)
