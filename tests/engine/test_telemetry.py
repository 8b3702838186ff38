"""Tracing: the spans of a run on SQLite with the scripted model, read from the SDK's
in-memory exporter on a provider of the test's own (the global provider is never touched);
and switching exporting on and off from the OTEL_* variables."""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from typing import Any

import pytest
from opentelemetry import context as otel_context
from opentelemetry import trace
from opentelemetry.sdk.trace import ReadableSpan, TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import SpanKind, StatusCode

from planrag import telemetry
from planrag.engine import (
    AwaitingConfirmation,
    Fail,
    ModelRequest,
    QueryFinished,
    QueryRefused,
    Reply,
    RunFailed,
    RunFinished,
    ScriptedModel,
    call,
)
from planrag.engine.openai_model import OpenAIModel
from planrag.engine.scripted_server import ScriptedServer
from planrag.errors import ModelRejected, QueryTimeout
from tests.engine.conftest import QUESTION, TEXT, answer, collect, plan, sql

_OTEL = (
    "OTEL_EXPORTER_OTLP_ENDPOINT",
    "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT",
    "OTEL_SERVICE_NAME",
    "OTEL_SDK_DISABLED",
    "OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT",
)


@pytest.fixture(autouse=True)
def no_otel_settings(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for name in _OTEL:
        monkeypatch.delenv(name, raising=False)
    yield
    telemetry.shutdown()  # whatever a test configured goes with it


@pytest.fixture()
def exported() -> Iterator[InMemorySpanExporter]:
    """The spans of the test, exported as each ends (no batching, no waiting)."""
    exporter = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    with telemetry.use_provider(provider):
        yield exporter
    provider.shutdown()


def named(spans: Sequence[ReadableSpan], name: str) -> list[ReadableSpan]:
    return [s for s in spans if s.name == name]


def attrs(span: ReadableSpan) -> dict[str, Any]:
    return dict(span.attributes or {})


def parent_id(span: ReadableSpan) -> int | None:
    return span.parent.span_id if span.parent is not None else None


def span_id(span: ReadableSpan) -> int:
    assert span.context is not None
    return int(span.context.span_id)


def trace_id(span: ReadableSpan) -> int:
    assert span.context is not None
    return int(span.context.trace_id)


def exception_types(span: ReadableSpan) -> list[str]:
    return [str((e.attributes or {}).get("exception.type")) for e in span.events
            if e.name == "exception"]


async def test_a_run_and_its_model_calls_queries_and_check(  # type: ignore[no-untyped-def]
    engine_for, exported: InMemorySpanExporter
) -> None:
    model = ScriptedModel([
        Reply("Looking.", [plan("powers")], prompt_tokens=100, completion_tokens=7),
        Reply(calls=[sql(), sql("DELETE FROM node_country")], prompt_tokens=200,
              completion_tokens=9),
        Reply(calls=[sql("SELECT nope FROM node_country")], prompt_tokens=300,
              completion_tokens=11),
        Reply("Done.", [answer("krakow", "q1")], prompt_tokens=400, completion_tokens=13),
    ])
    async with engine_for(model) as engine:
        events = await collect(engine.run(TEXT))
    done = events[-1]
    assert isinstance(done, RunFinished) and done.decision == "krakow"
    spans = exported.get_finished_spans()
    assert [s.name for s in spans].count("planrag.run") == 1

    (run,) = named(spans, "planrag.run")
    assert run.parent is None and run.kind == SpanKind.INTERNAL
    assert attrs(run) == {
        "planrag.run_id": events[0].run_id,  # type: ignore[union-attr]
        "planrag.dataset": QUESTION,
        "planrag.target": "sqlite",
        "planrag.technique": "planrag",
        "planrag.question.length": len(TEXT),
        "planrag.resumed": False,
        "planrag.outcome": "answered",
        "planrag.decision": "krakow",
        "planrag.stop_reason": "answered",
    }
    assert run.status.status_code == StatusCode.UNSET
    # Every span is the run's child, in the run's trace, and within its time.
    children = [s for s in spans if s is not run]
    assert children and all(parent_id(s) == span_id(run) for s in children)
    assert all(trace_id(s) == trace_id(run) for s in children)
    assert all(run.start_time <= s.start_time <= s.end_time <= run.end_time  # type: ignore[operator]
               for s in children)

    chats = named(spans, "chat scripted")
    assert len(chats) == 4 and all(s.kind == SpanKind.CLIENT for s in chats)
    assert [(attrs(s)["gen_ai.usage.input_tokens"], attrs(s)["gen_ai.usage.output_tokens"])
            for s in chats] == [(100, 7), (200, 9), (300, 11), (400, 13)]
    assert all(attrs(s)["gen_ai.operation.name"] == "chat" for s in chats)
    assert all(attrs(s)["gen_ai.request.model"] == "scripted" for s in chats)
    assert all(attrs(s)["gen_ai.response.finish_reasons"] == ("tool_calls",) for s in chats)

    ran, refused, failed = named(spans, "planrag.query")
    rows = next(e for e in events if isinstance(e, QueryFinished)).total_rows
    assert attrs(ran) == {
        "planrag.query.id": "q1",
        "planrag.query.language": "sql",
        "db.system.name": "sqlite",
        "db.namespace": attrs(ran)["db.namespace"],
        "planrag.plan.step": 0,
        "planrag.query.verdict": "ran",
        "db.response.returned_rows": rows,
        "planrag.query.truncated": False,
    }
    assert ran.status.status_code == StatusCode.UNSET
    guard = next(e for e in events if isinstance(e, QueryRefused))
    assert attrs(refused)["planrag.query.verdict"] == "refused"
    assert attrs(refused)["planrag.guard.rule"] == guard.rule
    assert attrs(refused)["planrag.guard.reason"] == guard.reason
    assert refused.status.status_code == StatusCode.UNSET  # the guard working, no error
    assert not refused.events
    assert attrs(failed)["planrag.query.verdict"] == "failed"
    assert failed.status.status_code == StatusCode.ERROR
    assert exception_types(failed) == ["planrag.errors.QueryFailed"]
    assert "db.response.returned_rows" not in attrs(failed)

    (check,) = named(spans, "planrag.simulator_check")
    assert attrs(check)["planrag.simulator.name"] == "locating"
    assert attrs(check)["planrag.decision"] == "krakow"
    assert attrs(check)["planrag.simulator.verdict"] == "agrees"
    assert attrs(check)["planrag.simulator.agrees"] is True
    assert attrs(check)["planrag.simulator.best"] == "krakow"
    assert attrs(check)["planrag.simulator.rank"] == 1

    # No question, query text or rows in any span (the guard's reason names SQL words).
    texts = [str(v) for s in spans for v in attrs(s).values()]
    assert not any(TEXT in t or "SELECT trade_node" in t or "DELETE FROM" in t or "baltic" in t
                   for t in texts)


async def test_a_failing_model_is_an_error_on_its_call_and_on_the_run(  # type: ignore[no-untyped-def]
    engine_for, exported: InMemorySpanExporter
) -> None:
    model = ScriptedModel([Fail(ModelRejected("401 invalid API key"))])
    async with engine_for(model) as engine:
        events = await collect(engine.run(TEXT))
    assert isinstance(events[-1], RunFailed)
    spans = exported.get_finished_spans()
    (run,) = named(spans, "planrag.run")
    (chat,) = named(spans, "chat scripted")
    assert parent_id(chat) == span_id(run)
    assert chat.status.status_code == StatusCode.ERROR
    assert "401 invalid API key" in (chat.status.description or "")
    assert exception_types(chat) == ["planrag.errors.ModelRejected"]
    assert attrs(chat)["error.type"] == "planrag.errors.ModelRejected"
    assert "gen_ai.usage.input_tokens" not in attrs(chat)
    assert run.status.status_code == StatusCode.ERROR
    assert exception_types(run) == ["planrag.errors.ModelRejected"]
    assert attrs(run)["planrag.outcome"] == "failed"
    assert attrs(run)["planrag.stage"] == "planning"
    assert "planrag.decision" not in attrs(run)


async def test_a_paused_run_and_its_resumption_are_two_run_spans(  # type: ignore[no-untyped-def]
    engine_for, exported: InMemorySpanExporter
) -> None:
    first = ScriptedModel([
        Reply(calls=[plan("powers")]),
        Reply(calls=[call("revise_plan", reason="need flows",
                          steps=[{"goal": "flows", "source": "sql"}]), sql(step=None)]),
    ])
    async with engine_for(first) as engine:
        events = await collect(engine.run(TEXT))
    pause = events[-1]
    assert isinstance(pause, AwaitingConfirmation)
    second = ScriptedModel([Reply(calls=[answer("krakow", "q1")])])
    async with engine_for(second) as fresh:
        resumed = await collect(fresh.resume(pause.state, True))
    assert isinstance(resumed[-1], RunFinished)
    paused, finished = named(exported.get_finished_spans(), "planrag.run")
    assert attrs(paused)["planrag.outcome"] == "paused"
    assert attrs(paused)["planrag.resumed"] is False
    assert attrs(finished)["planrag.outcome"] == "answered"
    assert attrs(finished)["planrag.resumed"] is True
    assert attrs(paused)["planrag.run_id"] == attrs(finished)["planrag.run_id"] == pause.run_id
    # The query queued behind the re-plan ran after the resumption, under its span.
    (query,) = named(exported.get_finished_spans(), "planrag.query")
    assert parent_id(query) == span_id(finished)


async def test_texts_only_when_content_capture_is_asked_for(  # type: ignore[no-untyped-def]
    engine_for, exported: InMemorySpanExporter, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT", "true")
    model = ScriptedModel([Reply(calls=[plan("powers")]), Reply(calls=[sql()]),
                           Reply(calls=[answer()])])
    async with engine_for(model) as engine:
        await collect(engine.run(TEXT))
    spans = exported.get_finished_spans()
    assert attrs(named(spans, "planrag.run")[0])["planrag.question"] == TEXT
    assert "SELECT trade_node" in attrs(named(spans, "planrag.query")[0])["db.query.text"]


async def test_the_model_call_is_current_while_the_model_streams(  # type: ignore[no-untyped-def]
    engine_for, exported: InMemorySpanExporter
) -> None:
    seen: list[tuple[int, object]] = []

    def look(_request: ModelRequest) -> Reply:
        current = trace.get_current_span().get_span_context().span_id
        seen.append((current, otel_context.get_value("suppress_language_model_instrumentation")))
        return Reply(calls=[plan("powers")]) if len(seen) == 1 else Reply(calls=[answer()])

    async with engine_for(ScriptedModel([look, look])) as engine:
        events = await collect(engine.run(TEXT))
    assert isinstance(events[-1], RunFinished)
    chats = named(exported.get_finished_spans(), "chat scripted")
    # Each call ran with its own span current, and traceloop's instrumentors told to keep out.
    assert seen == [(span_id(chats[0]), True), (span_id(chats[1]), True)]
    # Nothing stays attached once the model has answered.
    assert not trace.get_current_span().get_span_context().is_valid
    assert otel_context.get_value("suppress_language_model_instrumentation") is None


async def test_the_openai_client_reports_usage_and_finish_reasons(  # type: ignore[no-untyped-def]
    engine_for, exported: InMemorySpanExporter
) -> None:
    scripted = ScriptedModel([Reply("Planning.", [plan("powers")]), Reply(calls=[sql()]),
                              Reply("Krakow.", [answer()])])
    async with ScriptedServer(scripted) as server:
        model = OpenAIModel("scripted-gpt", base_url=server.base_url, api_key="x")
        async with engine_for(model) as engine:
            events = await collect(engine.run(TEXT))
        await model.close()
    assert isinstance(events[-1], RunFinished)
    chats = named(exported.get_finished_spans(), "chat scripted-gpt")
    assert len(chats) == 3
    assert all(attrs(s)["gen_ai.response.finish_reasons"] == ("tool_calls",) for s in chats)
    assert all(attrs(s)["gen_ai.usage.input_tokens"] > 0 for s in chats)
    assert all(attrs(s)["gen_ai.usage.output_tokens"] > 0 for s in chats)


@pytest.mark.filterwarnings("ignore:Support for class-based `config`")  # traceloop's import
async def test_traceloops_openai_instrumentation_does_not_trace_a_call_twice(  # type: ignore[no-untyped-def]
    engine_for, exported: InMemorySpanExporter
) -> None:
    """Chainlit brings traceloop's OpenAI instrumentor (through literalai); when something
    switches it on, its `openai.chat` span would repeat our `chat {model}` span."""
    instrumentation = pytest.importorskip("opentelemetry.instrumentation.openai")
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exported))
    instrumentor = instrumentation.OpenAIInstrumentor()
    instrumentor.instrument(tracer_provider=provider)
    try:
        scripted = ScriptedModel([Reply("Planning.", [plan("powers")]), Reply(calls=[sql()]),
                                  Reply("Krakow.", [answer()])])
        async with ScriptedServer(scripted) as server:
            model = OpenAIModel("scripted-gpt", base_url=server.base_url, api_key="x")
            with telemetry.use_provider(provider):
                async with engine_for(model) as engine:
                    events = await collect(engine.run(TEXT))
            await model.close()
    finally:
        instrumentor.uninstrument()
        provider.shutdown()
    assert isinstance(events[-1], RunFinished)
    names = [s.name for s in exported.get_finished_spans()]
    assert names.count("chat scripted-gpt") == 3 and "openai.chat" not in names


def test_a_query_stopped_by_its_timeout(exported: InMemorySpanExporter) -> None:
    with pytest.raises(QueryTimeout), telemetry.query_span(None, "q1", "cypher", "neo4j:shop",
                                                           "MATCH (n) RETURN n"):
        raise QueryTimeout("query stopped after 10 s; narrow it or aggregate")
    (span,) = exported.get_finished_spans()
    assert attrs(span)["planrag.query.verdict"] == "timeout"
    assert attrs(span)["db.system.name"] == "neo4j" and attrs(span)["db.namespace"] == "shop"
    assert span.status.status_code == StatusCode.ERROR
    assert exception_types(span) == ["planrag.errors.QueryTimeout"]


async def test_a_broken_tracer_never_fails_a_run(engine_for) -> None:  # type: ignore[no-untyped-def]
    class Broken(trace.TracerProvider):
        def get_tracer(self, *args: Any, **kwargs: Any) -> trace.Tracer:
            raise RuntimeError("the tracing backend is broken")

    model = ScriptedModel([Reply(calls=[plan("powers")]), Reply(calls=[sql()]),
                           Reply(calls=[answer()])])
    with telemetry.use_provider(Broken()):
        async with engine_for(model) as engine:
            events = await collect(engine.run(TEXT))
    done = events[-1]
    assert isinstance(done, RunFinished) and done.decision == "krakow"


# -- switching exporting on and off


class _Recorded(InMemorySpanExporter):
    """Stands in for the OTLP/HTTP exporter: keeps the spans, remembers each instance."""

    made: list[_Recorded] = []  # noqa: RUF012 - one list shared by the instances

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__()
        _Recorded.made.append(self)


@pytest.fixture()
def otlp(monkeypatch: pytest.MonkeyPatch) -> list[_Recorded]:
    from opentelemetry.exporter.otlp.proto.http import trace_exporter

    _Recorded.made = []
    monkeypatch.setattr(trace_exporter, "OTLPSpanExporter", _Recorded)
    return _Recorded.made


async def test_without_an_endpoint_nothing_is_installed_or_exported(  # type: ignore[no-untyped-def]
    engine_for, otlp: list[_Recorded]
) -> None:
    global_provider = trace.get_tracer_provider()
    assert telemetry.configure_from_env() is False
    assert not telemetry.exporting() and not otlp
    model = ScriptedModel([Reply(calls=[plan("powers")]), Reply(calls=[sql()]),
                           Reply(calls=[answer()])])
    async with engine_for(model) as engine:
        events = await collect(engine.run(TEXT))
    assert isinstance(events[-1], RunFinished)
    assert not otlp and trace.get_tracer_provider() is global_provider


async def test_an_endpoint_switches_exporting_on_with_a_provider_of_our_own(  # type: ignore[no-untyped-def]
    engine_for, otlp: list[_Recorded], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:4318")
    monkeypatch.setenv("OTEL_SERVICE_NAME", "decisions-test")
    global_provider = trace.get_tracer_provider()
    assert telemetry.configure_from_env() is True
    assert telemetry.configure_from_env() is True and len(otlp) == 1  # once only
    assert telemetry.exporting()
    assert trace.get_tracer_provider() is global_provider  # the global one is left alone
    model = ScriptedModel([Reply(calls=[plan("powers")]), Reply(calls=[sql()]),
                           Reply(calls=[answer()])])
    async with engine_for(model) as engine:
        await collect(engine.run(TEXT))
    telemetry.shutdown()  # exports what the batch processor holds, and waits for it
    assert not telemetry.exporting()
    spans = otlp[0].get_finished_spans()
    assert {s.name for s in spans} == {"planrag.run", "chat scripted", "planrag.query",
                                       "planrag.simulator_check"}
    assert all(s.resource.attributes["service.name"] == "decisions-test" for s in spans)


def test_the_traces_endpoint_alone_is_enough_and_the_sdk_can_be_disabled(
    otlp: list[_Recorded], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "http://127.0.0.1:4318/v1/traces")
    monkeypatch.setenv("OTEL_SDK_DISABLED", "true")
    assert telemetry.configure_from_env() is False and not otlp
    monkeypatch.delenv("OTEL_SDK_DISABLED")
    assert telemetry.configure_from_env() is True and len(otlp) == 1


def test_without_the_sdk_one_warning_and_no_tracing(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:4318")
    monkeypatch.setitem(sys.modules, "opentelemetry.sdk.trace", None)  # as if not installed
    assert telemetry.configure_from_env() is False
    assert not telemetry.exporting()
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1 and "pip install 'planrag-assistant[tracing]'" in lines[0]
    assert lines[0].startswith("planrag: OTEL_EXPORTER_OTLP_ENDPOINT is set but tracing is off")
