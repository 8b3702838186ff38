"""The real-model check (`make check-local-model`, benchmarks/local_model.py) without the real
model: its recording proxy and its checks run against the scripted server standing in for
llama-cpp-python's, and against replies that break each rule it enforces, so a check that
passes with the real model is known to be able to fail."""

from __future__ import annotations

import asyncio
import json
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from planrag.engine.policy import policy_model
from planrag.engine.scripted_server import ScriptedServer
from tests._benchmarks import load_benchmark

ROOT = Path(__file__).resolve().parents[2]


lm = load_benchmark("local_model.py", "local_model_check")


def exchange(body: dict[str, Any], **fields: Any) -> Any:
    return lm.Exchange(0, body, 0.0, 1, **{"status": 200, **fields})


GOOD_TOOLS = {"max_tokens": 256, "tools": [{"type": "function"}],
              "messages": [{"role": "user", "content": "q"},
                           {"role": "assistant", "content": "", "tool_calls": [{"id": "1"}]},
                           {"role": "tool", "content": "rows"}]}
GOOD_TEXT = {"max_tokens": 256, "stop": ["\nObservation:"],
             "messages": [{"role": "user", "content": "q"},
                          {"role": "assistant", "content": "Thought: look"}]}


def test_requests_the_product_should_send_pass() -> None:
    assert lm.request_problems(exchange(GOOD_TOOLS), "on") == []
    assert lm.request_problems(exchange(GOOD_TEXT), "off") == []
    assert lm.request_problems(exchange(GOOD_TEXT), "auto") == []


@pytest.mark.parametrize(("body", "mode", "found"), [
    ({**GOOD_TEXT, "max_tokens": None}, "off", "sent no max_tokens"),
    ({**GOOD_TEXT, "stop": []}, "off", "text format and sent no stop"),
    (GOOD_TOOLS, "off", "offered tools with PLANRAG_MODEL_TOOLS=off"),
    (GOOD_TEXT, "on", "offered no tools with PLANRAG_MODEL_TOOLS=on"),
    ({**GOOD_TEXT, "messages": [{"role": "assistant", "content": None}]}, "auto",
     "empty assistant message"),
    ({**GOOD_TEXT, "messages": [{"role": "assistant", "content": "  "}]}, "auto",
     "empty assistant message"),
    ({**GOOD_TOOLS, "messages": [{"role": "assistant", "content": None,
                                  "tool_calls": [{"id": "1"}]}]}, "on", "content is not text"),
])
def test_each_broken_rule_is_named(body: dict[str, Any], mode: str, found: str) -> None:
    problems = lm.request_problems(exchange(body), mode)
    assert any(found in p for p in problems), problems


def events(*called: dict[str, Any], end: dict[str, Any] | None = None) -> str:
    lines = [{"kind": "run_started"}, *({"kind": "model_called", **c} for c in called)]
    lines.append(end if end is not None else {
        "kind": "run_finished", "decision": None, "stop_reason": "budget:run_timeout",
        "usage": {"model_calls": len(called)}})
    return "\n".join(json.dumps(line) for line in lines)


def ask(out: str, exchanges: list[Any], *, rc: int = 3, err: str = "", wall: float = 10.0,
        mode: str = "off") -> tuple[list[str], Any]:
    return lm.ask_problems("ask", mode, rc, out, err, wall, exchanges, 100.0, 1)


def test_an_ask_that_ends_well_passes_and_is_summed() -> None:
    calls = [{"call": 1, "prompt_tokens": 900, "completion_tokens": 40},
             {"call": 2, "prompt_tokens": "not reported", "completion_tokens": "not reported",
              "usage_reported": False}]
    seen = [exchange(GOOD_TEXT, usage={"prompt_tokens": 900, "completion_tokens": 40}),
            exchange(GOOD_TEXT)]
    problems, run = ask(events(*calls), seen)
    assert problems == []
    assert (run.outcome, run.model_calls, run.prompt_tokens, run.unreported_calls) == (
        "no_decision", 2, 900, 1)


@pytest.mark.parametrize(("case", "found"), [
    ("uncounted call", "1 model calls counted, 2 replies"),
    ("zero tokens as measured", "reported no usage but the call counts 0+0"),
    ("usage differs", "the server reported 900+40"),
    ("usage dropped", "reported usage but the call says 'not reported'"),
    ("traceback", "a traceback was printed"),
    ("too long", "over its limit"),
    ("no end", "not the run's end"),
    ("wordless stop", "has no words for a person"),
    ("exit without decision", "exit status 0 but decision None"),
    ("failure on two lines", "without a one-line reason"),
    ("too many at once", "2 requests reached the server at once"),
])
def test_each_misbehaviour_of_a_run_is_named(case: str, found: str) -> None:
    one = {"call": 1, "prompt_tokens": 900, "completion_tokens": 40}
    reported = exchange(GOOD_TEXT, usage={"prompt_tokens": 900, "completion_tokens": 40})
    out, seen, rc, err, wall = events(one), [reported], 3, "", 10.0
    if case == "uncounted call":
        seen = [reported, exchange(GOOD_TEXT)]
    elif case == "zero tokens as measured":
        out = events({"call": 1, "prompt_tokens": 0, "completion_tokens": 0})
        seen = [exchange(GOOD_TEXT)]
    elif case == "usage differs":
        out = events({"call": 1, "prompt_tokens": 900, "completion_tokens": 41})
    elif case == "usage dropped":
        out = events({**one, "usage_reported": False})
    elif case == "traceback":
        err = "Traceback (most recent call last):\n  ..."
    elif case == "too long":
        wall = 101.0
    elif case == "no end":
        out = "\n".join(out.splitlines()[:-1])
    elif case == "wordless stop":
        out = events(one, end={"kind": "run_finished", "decision": None,
                               "stop_reason": "budget:mystery", "usage": {"model_calls": 1}})
    elif case == "exit without decision":
        rc = 0
    elif case == "failure on two lines":
        out, rc = events(one, end={"kind": "run_failed", "message": "boom\nat line 3"}), 1
    elif case == "too many at once":
        seen = [lm.Exchange(0, GOOD_TEXT, 0.0, 2, status=200, usage=reported.usage)]
    problems, _ = ask(out, seen, rc=rc, err=err, wall=wall)
    assert any(found in p for p in problems), problems


def test_attempts_that_brought_no_reply_are_not_calls() -> None:
    """An error status or an empty stream is an attempt the product asks again after (or
    fails on), not a model call: only replies must be counted."""
    seen = [exchange(GOOD_TEXT, empty=True), exchange(GOOD_TEXT, status=400),
            exchange(GOOD_TEXT)]
    problems, run = ask(events({"call": 1, "usage_reported": False}), seen)
    assert problems == [] and run.requests == 3 and run.model_calls == 1


def test_auto_must_say_it_switched_to_the_text_format() -> None:
    seen = [exchange(GOOD_TOOLS), exchange(GOOD_TEXT)]
    calls = [{"call": i, "usage_reported": False} for i in (1, 2)]
    problems, _ = ask(events(*calls), seen, mode="auto")
    assert any("without saying so" in p for p in problems), problems
    said = events(*calls).replace('{"kind": "run_started"}', json.dumps(
        {"kind": "model_text", "text": "[...: switching to the text format ...]"}))
    assert ask(said, seen, mode="auto")[0] == []


def test_an_eval_is_checked_question_by_question() -> None:
    line = {"id": "locating-1", "outcome": "no_decision", "stop_reason": "budget:run_timeout",
            "seconds": 12.0, "llm_calls": 1, "unreported_calls": 1}
    out = json.dumps(line)
    problems, runs = lm.eval_problems("locating", 0, out, "", [exchange(GOOD_TEXT)], 1, 100.0, 1)
    assert problems == [] and runs[0].name == "eval locating locating-1"
    problems, _ = lm.eval_problems("locating", 0, out, "", [exchange(GOOD_TEXT)] * 2, 2,
                                   100.0, 1)
    assert any("1 results for 2 questions" in p for p in problems)
    assert any("1 model calls counted, 2 replies" in p for p in problems)
    slow = json.dumps({**line, "seconds": 500.0, "stop_reason": ""})
    problems, _ = lm.eval_problems("locating", 0, slow, "", [exchange(GOOD_TEXT)], 1, 100.0, 1)
    assert any("over its limit" in p for p in problems)
    assert any("no stop reason" in p for p in problems)
    assert lm._questions(3, "layout\n[1/2] locating-1: None\n") == 2
    assert lm._questions(3, "no progress lines") == 3


@pytest.fixture(scope="module")
def scripted() -> Iterator[dict[bool, str]]:
    """Two scripted servers in a thread of their own: one reporting usage, one not (as
    llama-cpp-python's does not in streams)."""
    urls: dict[bool, str] = {}
    ready, stop = threading.Event(), None

    def serve() -> None:
        nonlocal stop

        async def main() -> None:
            nonlocal stop
            stop = asyncio.Event()
            route = lambda _body: policy_model()  # noqa: E731
            async with ScriptedServer(route) as a, ScriptedServer(route, usage=False) as b:
                urls[True], urls[False] = a.base_url, b.base_url
                ready.set()
                await stop.wait()

        loop = asyncio.new_event_loop()
        thread_loop.append(loop)
        loop.run_until_complete(main())

    thread_loop: list[asyncio.AbstractEventLoop] = []
    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    assert ready.wait(10)
    yield urls
    thread_loop[0].call_soon_threadsafe(stop.set)  # type: ignore[union-attr]
    thread.join(10)


@pytest.mark.parametrize("usage", [True, False])
def test_the_proxy_forwards_streams_and_keeps_what_was_sent(
        scripted: dict[bool, str], usage: bool) -> None:
    with lm.Recorder(scripted[usage]) as recorder:
        body = {"model": "scripted", "stream": True, "stream_options": {"include_usage": True},
                "messages": [{"role": "user", "content": "hi"},
                             {"role": "assistant", "content": None}], "max_tokens": 64}
        with httpx.stream("POST", recorder.base_url + "/chat/completions", json=body) as reply:
            streamed = b"".join(reply.iter_bytes())
        assert reply.status_code == 200 and b"[DONE]" in streamed
        models = httpx.get(recorder.base_url + "/models")
        seen = recorder.since(0)
    assert len(seen) == 1 and models.status_code in (200, 404)
    x = seen[0]
    assert x.completed and x.status == 200 and x.ended >= x.started
    assert (x.usage is not None) is usage
    assert any("empty assistant message" in p for p in lm.request_problems(x, "off"))


def test_the_whole_check_against_a_server_like_llama_cpp(
        scripted: dict[bool, str], tmp_path: Path) -> None:
    """The check end to end (a real `planrag ask` per mode and a real `planrag eval`) with
    the scripted server in the model's place: it holds, and says its figures."""
    import subprocess

    report = tmp_path / "report.json"
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "local_model.py"), "--endpoint",
         scripted[False], "--model-name", "scripted", "--modes", "auto", "--scenarios",
         "locating", "--limit", "1", "--run-timeout", "60", "--report", str(report)],
        capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "Every check held" in done.stdout and "Traceback" not in done.stdout + done.stderr
    got = json.loads(report.read_text())
    assert got["problems"] == []
    assert got["figures"]["questions"] == 1 and got["figures"]["asks"] == 1
    assert got["figures"]["model_calls"] == sum(r["model_calls"] for r in got["runs"]) > 0
    assert got["figures"]["unreported_calls"] == got["figures"]["model_calls"]
    assert "per eval question" in done.stdout and "stop:" in done.stdout


def test_bad_options_are_said_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert lm.main(["--modes", "sometimes"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "modes are on, off, auto" in err


def test_stop_reasons_are_said_in_words_and_counted_alike() -> None:
    assert lm._words("budget:run_timeout") == "it ran out of time (PLANRAG_RUN_TIMEOUT)"
    one = lm._reason("the prompt is too long for the model's context at "
                     "http://127.0.0.1:4567/v1: 6,499 characters, about 1,624 tokens")
    other = lm._reason("the prompt is too long for the model's context at "
                       "http://127.0.0.1:9/v1: 7,000 characters, about 1,750 tokens")
    assert one == other == ("the prompt is too long for the model's context at <server>: "
                            "N characters, about N tokens")


# -- the check must be able to fail: a model that never answers ------------------------------

srv = load_benchmark("local_model_server.py", "local_model_server_check")


def run_check(endpoint: str, report: Path) -> Any:
    import subprocess

    return subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "local_model.py"), "--endpoint", endpoint,
         "--model-name", "scripted", "--modes", "auto", "--scenarios", "locating", "--limit",
         "1", "--run-timeout", "20", "--report", str(report)],
        capture_output=True, text=True, timeout=300, cwd=ROOT)


def test_a_model_server_gone_before_the_first_request_fails_the_check(tmp_path: Path) -> None:
    """The server was killed before the check's first request (nothing listens on its port):
    the check fails at once, in one line, instead of "Every check held"."""
    from tests._graph_fixtures import free_port

    dead = f"http://127.0.0.1:{free_port()}/v1"
    done = run_check(dead, tmp_path / "report.json")
    assert done.returncode == 1, done.stdout[-2000:] + done.stderr[-2000:]
    assert "Every check held" not in done.stdout
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(
        f"local model check failed: the model server at {dead} did not answer a first "
        "request: no answer"), done.stderr
    got = json.loads((tmp_path / "report.json").read_text())
    assert got["failed"] and "not known" in got["build"]["llama_cpp_python"]


def test_no_reply_in_any_run_fails_the_check(tmp_path: Path) -> None:
    """The server answers the first request, then fails every other (as a proxy whose server
    died answers 502): no run gets a reply, and the check says so in one line."""
    from planrag.engine.scripted import Fail
    from planrag.errors import ModelServerError

    ready, stop = threading.Event(), threading.Event()
    url: list[str] = []

    def serve() -> None:
        async def main() -> None:
            faults = {n: Fail(ModelServerError("down")) for n in range(2, 400)}
            async with ScriptedServer(lambda _body: policy_model(), faults=faults) as server:
                url.append(server.base_url)
                ready.set()
                while not stop.is_set():
                    await asyncio.sleep(0.05)

        asyncio.run(main())

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    assert ready.wait(10)
    try:
        done = run_check(url[0], tmp_path / "report.json")
    finally:
        stop.set()
        thread.join(10)
    assert done.returncode == 1, done.stdout[-2000:] + done.stderr[-2000:]
    assert "Every check held" not in done.stdout
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(
        "local model check failed: no run got a single reply from the model (2 run(s), "), (
        done.stderr)
    assert "500 x" in lines[0]


def test_a_server_killed_by_an_invalid_instruction_is_named(tmp_path: Path) -> None:
    """llama.cpp built for instructions the CPU does not run dies with SIGILL at its first
    request: the check's first request says so, and which build to suspect."""
    import signal
    import subprocess

    from tests._graph_fixtures import free_port

    port = free_port()
    script = ("import os, signal, socket\n"
              f"s = socket.create_server(('127.0.0.1', {port}))\n"
              "print('ready', flush=True)\n"
              "s.accept()\n"
              "os.kill(os.getpid(), signal.SIGILL)\n")
    server = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE)
    try:
        assert server.stdout is not None and server.stdout.readline().strip() == b"ready"
        log = tmp_path / "server.log"
        with pytest.raises(srv.ServerDied) as died:
            srv.first_reply(f"http://127.0.0.1:{port}/v1", "m", server, log)
        assert str(died.value) == (
            "the model server died at its first request (killed by SIGILL: llama.cpp ran an "
            f"instruction this CPU does not run (a build for another CPU)); {log} has its "
            "output")
    finally:
        if server.poll() is None:
            server.send_signal(signal.SIGKILL)
        server.wait(10)
        if server.stdout is not None:
            server.stdout.close()


def test_the_build_is_portable_and_said() -> None:
    args = srv.PORTABLE_CMAKE_ARGS.split()
    assert "-DGGML_NATIVE=OFF" in args and "-DGGML_AVX2=ON" in args
    assert {"-DGGML_AVX512=OFF", "-DGGML_AMX_TILE=OFF", "-DGGML_AMX_INT8=OFF",
            "-DGGML_AMX_BF16=OFF", "-DGGML_AVX512_VNNI=OFF"} <= set(args)
    report = lm.Report(runs=[lm.Run("ask auto", "auto", 1.0, "failed", "502", 0, 0, 0, 0)],
                       requests=[{"status": 502}, {"status": 502}, {"status": 0}])
    assert lm.no_reply(report) == ("no run got a single reply from the model (1 run(s), 3 "
                                   "request(s): 502 x2, no answer x1)")
    report.runs.append(lm.Run("eval locating-1", "auto", 1.0, "answered", "answered", 3, 0,
                              0, 3))
    assert lm.no_reply(report) == ""
