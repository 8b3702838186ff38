"""Memory and time while a model's endless reply is cut (the scripted server, no live model).

    python benchmarks/model_limits.py [--max-chars N] [--runs N]

A fake OpenAI-compatible server, in a process of its own, streams a reply that never ends as
fast as the client reads it: text that never repeats within the loop detector's reach (so the
character cap, `--max-chars`, default PLANRAG_MAX_REPLY_CHARS' 40,000, must stop it), a loop
(the same sentence over and over: the loop detector stops it), and tool-call arguments that
never end. For each, `--runs` replies are read through `OpenAIModel` and cut; then a whole
engine run whose model loops on every call (three cut replies end it). Printed: the time to
cut one reply, what the client kept, what the server managed to send before it saw the
client leave, and this process's resident memory before and at its peak (VmHWM). Target:
peak under 300 MB, each cut well under a second. Before the caps, such a stream grew the
client's memory by about 30 MB/s until the run's time ran out.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import random
import statistics
import string
import tempfile
import time
from multiprocessing.connection import Connection
from pathlib import Path

from planrag.engine import EngineConfig, ModelReply, ModelRequest, ScriptedModel, TextPiece
from planrag.engine.openai_model import OpenAIModel
from planrag.engine.scripted_server import Endless, ScriptedServer
from planrag.engine.session import open_engine
from planrag.runtime import load_datasets
from planrag.settings import load_settings

QUESTION = "dqa-locating-1445#locating-1"
TEXT = "Where should SWE place its merchant to maximise its profit on baltic_sea?"
HI = ({"role": "user", "content": "hi"},)


def prose(n: int) -> str:
    rng = random.Random(5)
    return " ".join("".join(rng.choices(string.ascii_lowercase, k=rng.randint(2, 9)))
                    for _ in range(n // 3))[:n]


FAULTS = {
    "text (character cap)": Endless(prose(5000)),
    "loop (repetition)": Endless("I will check the data once more. "),
    "tool-call arguments": Endless(prose(5000), tool_call=True),
}


def serve(kind: str, pipe: Connection) -> None:
    """The fake server's process: every request gets the endless reply `kind`."""

    async def run() -> None:
        fault = FAULTS[kind]
        server = ScriptedServer(ScriptedModel([]))
        server.faults = {i: fault for i in range(1, 10_000)}
        async with server:
            pipe.send(server.base_url)
            await asyncio.get_running_loop().run_in_executor(None, pipe.recv)  # until told
            pipe.send(server.endless_chars)

    asyncio.run(run())


def rss_mb(field: str) -> float:
    """A figure of /proc/self/status (VmRSS: now, VmHWM: the peak), in MB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def one_reply(model: OpenAIModel, max_chars: int) -> tuple[float, ModelReply]:
    started = time.perf_counter()
    async for chunk in model.stream(ModelRequest(HI, (), max_chars=max_chars)):
        if not isinstance(chunk, TextPiece):
            return time.perf_counter() - started, chunk
    raise RuntimeError("the stream ended without a reply")


async def replies(base_url: str, runs: int, max_chars: int) -> tuple[list[float], ModelReply]:
    model = OpenAIModel("m", base_url=base_url)
    times, reply = [], None
    for _ in range(runs):
        seconds, reply = await one_reply(model, max_chars)
        times.append(seconds)
    await model.close()
    assert reply is not None
    return times, reply


async def engine_run(base_url: str) -> tuple[float, str, int]:
    with tempfile.TemporaryDirectory() as tmp:
        settings = load_settings(env_file=None, data_dir=Path(tmp), mysql_url=None)
        await load_datasets(settings, [QUESTION.split("#")[0]], "sqlite")
        model = OpenAIModel("m", base_url=base_url)
        started = time.perf_counter()
        async with open_engine(settings, QUESTION, "sqlite", model,
                               EngineConfig(consent="approve")) as engine:
            async for event in engine.run(TEXT):
                last = event
        seconds = time.perf_counter() - started
        await model.close()
    calls = last.usage.model_calls if last.kind == "run_finished" else -1  # type: ignore[union-attr]
    return seconds, getattr(last, "stop_reason", last.kind), calls


def with_server(kind: str, work: object) -> tuple[object, int]:
    ours, theirs = multiprocessing.Pipe()
    process = multiprocessing.get_context("spawn").Process(target=serve, args=(kind, theirs))
    process.start()
    base_url = ours.recv()
    try:
        result = asyncio.run(work(base_url))  # type: ignore[operator]
    finally:
        ours.send("stop")
        sent = ours.recv()
        process.join(10)
    return result, sent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--max-chars", type=int, default=40_000)
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    before = rss_mb("VmRSS")
    print(f"resident memory before: {before:.1f} MB")
    for kind in FAULTS:
        (times, reply), sent = with_server(  # type: ignore[misc]
            kind, lambda url: replies(url, args.runs, args.max_chars))
        cut = reply.cut
        assert cut is not None
        print(f"{kind}: {args.runs} endless replies cut ({cut.reason}, {cut.describe()}); "
              f"median {statistics.median(times) * 1e3:.1f} ms, max {max(times) * 1e3:.1f} ms "
              f"to cut one; kept {len(reply.text):,} characters of text; the server sent "
              f"{sent / args.runs:,.0f} characters a reply before it saw the client leave; "
              f"peak resident memory so far {rss_mb('VmHWM'):.1f} MB")
    (seconds, stop, calls), sent = with_server(  # type: ignore[misc]
        "loop (repetition)", engine_run)
    print(f"a whole run whose model loops on every call: ended in {seconds:.2f} s "
          f"({stop}, {calls} model calls; PLANRAG_RUN_TIMEOUT left unused)")
    peak = rss_mb("VmHWM")
    print(f"peak resident memory: {peak:.1f} MB (target: under 300 MB; "
          f"{'met' if peak < 300 else 'NOT met'})")


if __name__ == "__main__":
    main()
