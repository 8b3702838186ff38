"""Tracing with OpenTelemetry: a span per run, and under it one per model call, per query and
per simulator check (docs/operations.md, "Tracing").

The engine speaks only the OpenTelemetry API (`opentelemetry-api`, a dependency). Until
something configures a provider every span is a no-op costing a few microseconds, so tracing
is off by default. `configure_from_env()`, which the entry points that run questions call,
switches exporting on when the standard `OTEL_EXPORTER_OTLP_ENDPOINT` (or
`OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) is set and the `tracing` extra (the SDK and the
OTLP/HTTP exporter) is installed; the exporter reads the other `OTEL_EXPORTER_OTLP_*`
variables (headers, timeout, protocol details) itself.

What spans carry: names, counts, verdicts, reasons, token usage. Never rows, and never the
question or query texts unless `OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true`
asks for them (the GenAI conventions' switch for content): a trace store is usually read by
more people than the data.

Spans are parented explicitly: a run's span travels with its `RunState` (never serialised),
and child spans name it as their parent. It is never made the current span across a
`yield`: runs are async generators that front ends drive from their own tasks, and a context
attached in one step and detached in another is refused by contextvars. Only while the model
streams is the model call's span current, one step at a time (`current_during`), so that a
client library's own spans (an HTTP request's) nest under it.

Tracing must never fail a question: every function here logs its own failures (at debug
level) and carries on.

Other tracers in the same process. Chainlit (the `app` extra) depends on literalai, which
depends on traceloop-sdk and its OpenTelemetry instrumentors, openai's among them. What the
installed versions do (chainlit 2.12, literalai 0.1.201, traceloop-sdk 0.62): importing them
installs no tracer provider and patches nothing; `Traceloop.init()` runs only from literalai's
`LiteralClient.initialize()`, which chainlit never calls (its Literal AI data layer, with
LITERAL_API_KEY, only uses the Literal API); `cl.instrument_openai()`, which the app does not
call, wraps the openai client to make chainlit steps, not spans. But whatever does initialise
traceloop (or `opentelemetry-instrument`, which finds traceloop's openai instrumentor through
its entry point) sets the process's *global* tracer provider, which OpenTelemetry lets be set
once only, and traces every OpenAI request as an `openai.chat` span of its own. Hence:

- `configure_from_env()` never sets the global provider: it keeps one of its own for
  planrag's spans. Neither configuration refuses or replaces the other, ours does not send
  our spans to Literal AI, and theirs does not send them twice. Without an OTLP endpoint set,
  planrag's spans go to the global provider, as any library's do.
- While a model call's span is current, the context carries
  `suppress_language_model_instrumentation`, the key traceloop's instrumentors check before
  making their span: the request is then traced once, as our `chat {model}` span.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sys
import threading
from collections.abc import AsyncIterator, Iterator, Mapping
from contextlib import AbstractContextManager, contextmanager
from typing import TYPE_CHECKING, Any, TypeVar

from opentelemetry import context as otel_context
from opentelemetry import trace
from opentelemetry.trace import INVALID_SPAN, Span, SpanKind, Status, StatusCode

from planrag.errors import QueryRefused, QueryTimeout
from planrag.redact import scrub
from planrag.version import package_version

if TYPE_CHECKING:
    from planrag.engine.events import Event, SimulatorChecked

__all__ = [
    "capture_content",
    "chat_span",
    "chat_usage",
    "check_outcome",
    "check_span",
    "configure_from_env",
    "current_during",
    "exporting",
    "failed",
    "query_ran",
    "query_span",
    "record_error",
    "run_outcome",
    "run_span",
    "set_attributes",
    "shutdown",
    "span",
    "start_span",
    "tracer",
    "use_provider",
]

_log = logging.getLogger(__name__)

TRACER_NAME = "planrag"
DEFAULT_SERVICE = "planrag-assistant"
_ENDPOINTS = ("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "OTEL_EXPORTER_OTLP_ENDPOINT")
_CAPTURE = "OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT"
_SUPPRESS_LLM_SPANS = "suppress_language_model_instrumentation"
"""The context key traceloop's (OpenLLMetry's) instrumentors check; a plain string there."""
_MAX_VALUE = 1000
"""Characters kept of a free-text attribute (a decision, a reason)."""

_configured: trace.TracerProvider | None = None
"""The provider `configure_from_env()` set up (None: it did not)."""
_override: trace.TracerProvider | None = None
"""The provider `use_provider()` imposes for the time of a block (tests, hosts)."""
_lock = threading.Lock()

_T = TypeVar("_T")


# -- providers


def tracer() -> trace.Tracer:
    """The tracer named "planrag", from the provider in force now: `use_provider()`'s, else
    the one `configure_from_env()` set up, else the global one (a no-op until something
    configures OpenTelemetry). Resolved on every call, so a test's provider counts at once."""
    provider = _override if _override is not None else _configured
    if provider is None:
        provider = trace.get_tracer_provider()
    return provider.get_tracer(TRACER_NAME, package_version())


@contextmanager
def use_provider(provider: trace.TracerProvider) -> Iterator[None]:
    """Trace with `provider` inside the block, whatever is configured or global: tests give
    an SDK provider with an in-memory exporter, and the global one is left alone."""
    global _override
    previous, _override = _override, provider
    try:
        yield
    finally:
        _override = previous


def configure_from_env() -> bool:
    """Export traces over OTLP/HTTP when `OTEL_EXPORTER_OTLP_ENDPOINT` or
    `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` is set (and `OTEL_SDK_DISABLED` is not true);
    True when exporting is on. Idempotent, and never raises: without the SDK, or with an
    exporter that cannot be made, it prints one warning line and tracing stays off.

    The provider is planrag's own, not the global one (see the module's docstring); its
    resource names the service `OTEL_SERVICE_NAME`, by default "planrag-assistant"."""
    global _configured
    with _lock:
        if _configured is not None:
            return True
        variable = next((name for name in _ENDPOINTS if os.environ.get(name, "").strip()), None)
        if variable is None or _true(os.environ.get("OTEL_SDK_DISABLED")):
            return False
        try:
            from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
            from opentelemetry.sdk.resources import Resource
            from opentelemetry.sdk.trace import TracerProvider
            from opentelemetry.sdk.trace.export import BatchSpanProcessor
        except ImportError:
            _warn(f"{variable} is set but tracing is off: the OpenTelemetry SDK is missing; "
                  "install it with pip install 'planrag-assistant[tracing]'")
            return False
        try:
            service = os.environ.get("OTEL_SERVICE_NAME", "").strip() or DEFAULT_SERVICE
            resource = Resource.create({"service.name": service,
                                        "service.version": package_version()})
            provider = TracerProvider(resource=resource)
            provider.add_span_processor(BatchSpanProcessor(OTLPSpanExporter()))
        except Exception as exc:
            _warn(f"{variable} is set but tracing is off: the OTLP exporter could not be set "
                  f"up ({scrub(_clip(exc), os.environ[variable])}); check the "
                  "OTEL_EXPORTER_OTLP_* variables")
            return False
        _configured = provider
        return True


def exporting() -> bool:
    """Whether `configure_from_env()` switched exporting on in this process."""
    return _configured is not None


def shutdown() -> None:
    """Export what is still buffered and switch exporting off (the SDK also flushes at
    exit; this is for hosts that end otherwise, and for tests)."""
    global _configured
    with _lock:
        provider, _configured = _configured, None
    stop = getattr(provider, "shutdown", None)
    if callable(stop):
        try:
            stop()
        except Exception:
            _log.debug("tracing: the provider did not shut down cleanly", exc_info=True)


def capture_content() -> bool:
    """Whether spans may carry the question and query texts (off unless asked for)."""
    return _true(os.environ.get(_CAPTURE))


# -- spans


def start_span(
    name: str,
    parent: Span | None = None,
    attributes: Mapping[str, Any] | None = None,
    kind: SpanKind = SpanKind.INTERNAL,
) -> Span:
    """A started span under `parent` (under the current span when None); a non-recording
    span if tracing fails."""
    try:
        context = trace.set_span_in_context(parent) if parent is not None else None
        return tracer().start_span(name, context=context, kind=kind,
                                   attributes=_attributes(attributes))
    except Exception:
        _log.debug("tracing: cannot start span %s", name, exc_info=True)
        return INVALID_SPAN


@contextmanager
def span(
    name: str,
    parent: Span | None = None,
    attributes: Mapping[str, Any] | None = None,
    kind: SpanKind = SpanKind.INTERNAL,
    verdicts: tuple[type[BaseException], ...] = (),
) -> Iterator[Span]:
    """A span around a block, ended when the block ends. An exception leaving the block is
    recorded and sets the status to ERROR, then goes on; except `verdicts` (exceptions that
    are an outcome, not an error: a guard's refusal), and a cancellation or a closed
    generator (the person stopped the run), which only marks the span `planrag.stopped`."""
    current = start_span(name, parent, attributes, kind)
    try:
        yield current
    except (GeneratorExit, KeyboardInterrupt, asyncio.CancelledError):
        set_attributes(current, {"planrag.stopped": True})
        raise
    except BaseException as exc:
        if not isinstance(exc, verdicts):
            record_error(current, exc)
        raise
    finally:
        _end(current)


def set_attributes(target: Span | None, attributes: Mapping[str, Any]) -> None:
    """Set attributes, leaving out the None ones; never raises."""
    if target is None:
        return
    try:
        target.set_attributes(_attributes(attributes))
    except Exception:
        _log.debug("tracing: cannot set attributes", exc_info=True)


def record_error(target: Span | None, error: BaseException) -> None:
    """Record `error` on the span and set its status to ERROR; never raises."""
    if target is None:
        return
    try:
        target.record_exception(error)
        target.set_status(Status(StatusCode.ERROR, _clip(error) or type(error).__name__))
        target.set_attribute("error.type", _type_name(error))
    except Exception:
        _log.debug("tracing: cannot record an error", exc_info=True)


def failed(target: Span | None, message: str) -> None:
    """Set the span's status to ERROR with `message` (a failure without an exception)."""
    if target is None:
        return
    try:
        target.set_status(Status(StatusCode.ERROR, _clip(message)))
    except Exception:
        _log.debug("tracing: cannot set a status", exc_info=True)


async def current_during(target: Span, stream: AsyncIterator[_T]) -> AsyncIterator[_T]:
    """`stream`'s items, each produced with `target` as the current span and with
    traceloop's LLM instrumentors told the call is traced already (see the module's
    docstring). The context is attached and detached around each item, never across a
    `yield`: between items the consumer runs in its own context."""
    try:
        context = otel_context.set_value(
            _SUPPRESS_LLM_SPANS, True, trace.set_span_in_context(target)
        )
    except Exception:
        _log.debug("tracing: cannot make the model call's context", exc_info=True)
        context = None
    while True:
        token = _attach(context)
        try:
            item = await anext(stream)
        except StopAsyncIteration:
            return
        finally:
            _detach(token)
        yield item


# -- what each span says


def run_span(
    *,
    run_id: str,
    dataset: str,
    target: str,
    technique: str,
    question: str,
    resumed: bool = False,
) -> AbstractContextManager[Span]:
    """One run, `planrag.run`, under the current span if any (a front end's): the dataset
    reference, the target, the technique and the question's length (its text only when
    content capture is on); `run_outcome` adds how it ended."""
    attributes: dict[str, Any] = {
        "planrag.run_id": run_id,
        "planrag.dataset": dataset,
        "planrag.target": target,
        "planrag.technique": technique,
        "planrag.question.length": len(question),
        "planrag.resumed": resumed,
    }
    if capture_content():
        attributes["planrag.question"] = question
    return span("planrag.run", None, attributes)


def run_outcome(target: Span, event: Event) -> None:
    """How the run ended, from its last event: `answered` (with the decision) or
    `unanswered` (a budget ended it without one), both with the stop reason; `failed` (ERROR,
    with the stage it reached); `paused` (awaiting the person's consent). Other events say
    nothing here."""
    if event.kind == "run_finished":
        set_attributes(target, {
            "planrag.outcome": "answered" if event.decision is not None else "unanswered",
            "planrag.decision": event.decision,
            "planrag.stop_reason": event.stop_reason,
        })
    elif event.kind == "run_failed":
        set_attributes(target, {"planrag.outcome": "failed", "planrag.stage": event.stage})
        failed(target, event.message)
    elif event.kind == "awaiting_confirmation":
        set_attributes(target, {"planrag.outcome": "paused"})


def chat_span(model: str, parent: Span | None) -> AbstractContextManager[Span]:
    """One model call, as the OpenTelemetry GenAI conventions name it: `chat {model}`, a
    CLIENT span covering every retry of the call (a context manager, as `span`)."""
    return span(
        f"chat {model}",
        parent,
        {"gen_ai.operation.name": "chat", "gen_ai.request.model": model},
        SpanKind.CLIENT,
    )


def chat_usage(
    target: Span, input_tokens: int, output_tokens: int, finish_reason: str = ""
) -> None:
    """What the reply reported: token usage (left out when the server did not report it,
    which the model seam says with 0) and why the model stopped, when known."""
    set_attributes(target, {
        "gen_ai.usage.input_tokens": input_tokens or None,
        "gen_ai.usage.output_tokens": output_tokens or None,
        "gen_ai.response.finish_reasons": (finish_reason,) if finish_reason else None,
    })


@contextmanager
def query_span(
    parent: Span | None,
    query_id: str,
    language: str,
    source: str,
    text: str,
    step: int | None = None,
) -> Iterator[Span]:
    """One model-written query through the guards, `planrag.query`: its language (sql,
    cypher), the database's kind and name (from the source's name, `kind:database`), and
    its verdict: `ran` (with the rows returned; `query_ran`), `refused` (with the guard's
    rule and reason: the guard working, not an error), `failed` or `timeout` (ERROR, the
    exception recorded). Never the rows; the text only when content capture is on."""
    kind, _, database = source.partition(":")
    attributes: dict[str, Any] = {
        "planrag.query.id": query_id,
        "planrag.query.language": language,
        "db.system.name": kind if database else None,
        "db.namespace": database or None,
        "planrag.plan.step": step,
    }
    if capture_content():
        attributes["db.query.text"] = text
    with span("planrag.query", parent, attributes, verdicts=(QueryRefused,)) as current:
        try:
            yield current
        except QueryRefused as exc:
            set_attributes(current, {
                "planrag.query.verdict": "refused",
                "planrag.guard.rule": exc.rule,
                "planrag.guard.reason": exc.reason,
            })
            raise
        except QueryTimeout:
            set_attributes(current, {"planrag.query.verdict": "timeout"})
            raise
        except Exception:
            set_attributes(current, {"planrag.query.verdict": "failed"})
            raise


def query_ran(target: Span, rows: int, truncated: bool) -> None:
    """The query ran: how many rows it returned (counted past the kept ones) and whether the
    source stopped at its cap."""
    set_attributes(target, {
        "planrag.query.verdict": "ran",
        "db.response.returned_rows": rows,
        "planrag.query.truncated": truncated,
    })


def check_span(
    parent: Span | None, simulator: str, decision: Any
) -> AbstractContextManager[Span]:
    """The simulator check of an answer, `planrag.simulator_check` (a context manager, as
    `span`): the simulator's name and the decision checked; `check_outcome` adds the
    verdict."""
    return span("planrag.simulator_check", parent, {
        "planrag.simulator.name": simulator,
        "planrag.decision": decision,
    })


def check_outcome(target: Span, checked: SimulatorChecked | None) -> None:
    """The check's verdict: `agrees` or `disagrees` (with the rank of the decision, the
    simulator's best candidate and the rule set), or `unchecked` when the question's
    parameters were unknown. A check that fails is recorded by `check_span` as an error."""
    if checked is None:
        set_attributes(target, {"planrag.simulator.verdict": "unchecked"})
        return
    set_attributes(target, {
        "planrag.simulator.verdict": "agrees" if checked.agrees else "disagrees",
        "planrag.simulator.agrees": checked.agrees,
        "planrag.simulator.rank": checked.rank,
        "planrag.simulator.candidates": checked.candidates,
        "planrag.simulator.best": checked.best,
        "planrag.simulator.rules": checked.rules,
    })


# -- internals


def _end(target: Span) -> None:
    try:
        target.end()
    except Exception:
        _log.debug("tracing: cannot end a span", exc_info=True)


def _attach(context: otel_context.Context | None) -> object | None:
    if context is None:
        return None
    try:
        return otel_context.attach(context)
    except Exception:
        _log.debug("tracing: cannot attach a context", exc_info=True)
        return None


def _detach(token: object | None) -> None:
    if token is None:
        return
    try:
        otel_context.detach(token)  # type: ignore[arg-type]
    except Exception:
        _log.debug("tracing: cannot detach a context", exc_info=True)


def _attributes(attributes: Mapping[str, Any] | None) -> dict[str, Any]:
    """Attribute values OpenTelemetry accepts: None left out, anything else not a plain
    value (a decision can be any JSON value) written as clipped text."""
    out: dict[str, Any] = {}
    for key, value in (attributes or {}).items():
        if value is None:
            continue
        if isinstance(value, bool | int | float):
            out[key] = value
        elif isinstance(value, str):
            out[key] = value if key in _WHOLE else _clip(value)
        elif isinstance(value, tuple | list) and all(isinstance(v, str) for v in value):
            out[key] = tuple(value)
        else:
            out[key] = _clip(value)
    return out


_WHOLE = frozenset({"planrag.question", "db.query.text"})
"""Texts kept whole when content capture is on (the person asked for them)."""


def _type_name(error: BaseException) -> str:
    cls = type(error)
    if cls.__module__ == "builtins":
        return cls.__qualname__
    return f"{cls.__module__}.{cls.__qualname__}"


def _clip(value: object) -> str:
    text = " ".join(str(value).split())
    return text if len(text) <= _MAX_VALUE else text[: _MAX_VALUE - 1] + "…"


def _true(value: str | None) -> bool:
    return (value or "").strip().lower() in ("1", "true", "yes", "on")


def _warn(message: str) -> None:
    print(f"planrag: {message}", file=sys.stderr, flush=True)


