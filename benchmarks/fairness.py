"""Whether one person can starve another: Bob's question time alone, and while Alice has 20
questions going at once and sends 2,000 messages.

The real app (Chainlit, two people signed in by password, the Locating scenario on SQLite)
answers with a scripted model over HTTP that takes a second a reply (three replies a
question: plan, query, answer) and serves requests in parallel, as a hosted model does.
Each person's page is a socket.io client speaking to the app as the browser does; Alice's
pages ask again as soon as they are answered or refused, for as long as Bob is measured.
Printed: Bob's time alone and under load (median of `--rounds`), their ratio against the
target of 1.5, and what came of Alice's flood (questions answered and refused, messages
handled, how often she was told she was sending too fast).

    .venv/bin/python benchmarks/fairness.py [--delay 1.0] [--questions 20] \
        [--messages 2000] [--rounds 3] [--cases all|chat|servers]

With `--cases servers` (and by default after the chat's case), issue 34's cases: a huge
value and twelve slow queries at once through the MCP server, and huge bodies posted to the
API (benchmarks/fairness_servers.py), each with another person's request timed beside them
and the server's memory growth.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.crash_recovery import answer_script
from planrag.engine.scripted_server import ScriptedServer
from planrag.runtime import load_datasets
from planrag.settings import load_settings
from planrag.users import UsersFile
from tests.app._socket import ChatClient, sign_in_cookies
from tests.app.test_chat_e2e import _chat, by_tag

QUESTION = "Where should SWE place its merchant?"
PASSWORD = "a benchmark password"
TARGET = 1.5
IGNORED_S = 15.0
"""How long Alice's page waits for a word back before taking its question as ignored."""


async def _timed(page: ChatClient, tag: str) -> float:
    started = time.monotonic()
    said = await page.ask(f"[{tag}] {QUESTION}", timeout=600)
    if not said.startswith("**Best decision"):
        raise SystemExit(f"Bob's question was not answered: {said}")
    elapsed = time.monotonic() - started
    await page.finished(timeout=600)
    return elapsed


async def _flood(url: str, cookies: str, questions: int, messages: int,
                 done: asyncio.Event) -> dict[str, int]:
    """Alice, until `done`: `questions` pages each asking again as soon as its question is
    answered or refused, and one page sending `messages` messages as fast as it can."""
    pages = [ChatClient(url, cookies) for _ in range(questions + 1)]
    for page in pages:
        await page.__aenter__()
    counts = {"questions answered": 0, "questions refused": 0, "questions ignored": 0}

    async def keep_asking(page: ChatClient, n: int) -> None:
        round_ = 0
        while not done.is_set():
            try:
                said = await page.ask(f"[alice{n}-{round_}] {QUESTION}", timeout=IGNORED_S)
            except AssertionError:  # no word back: dropped for sending too fast
                counts["questions ignored"] += 1
                continue
            finally:
                round_ += 1
            counts["questions answered" if said.startswith("**Best decision")
                   else "questions refused"] += 1
            await page.finished(timeout=600)

    try:
        askers = [asyncio.ensure_future(keep_asking(p, n)) for n, p in enumerate(pages[:-1])]
        sender = pages[-1]
        for n in range(messages):
            await sender.send(f"[spam{n}] {QUESTION}")
        await done.wait()
        await asyncio.gather(*askers)
        await sender.finished(timeout=600)
        return {**counts,
                "messages handled": sum(1 for e, _ in sender.events if e == "task_start") - 1,
                "told too fast": sum("faster than" in t for t in sender.texts())}
    finally:
        for page in pages:
            await page.__aexit__(None, None, None)


async def _main(delay: float, questions: int, messages: int, rounds: int) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        data_dir = Path(tmp)
        settings = load_settings(env_file=None, data_dir=data_dir, mysql_url=None)
        await load_datasets(settings, ["dqa-locating-1445"], "sqlite")
        users = UsersFile(data_dir / "users.toml")
        users.add("alice", PASSWORD, ["*"])
        users.add("bob", PASSWORD, ["*"])
        async with ScriptedServer(by_tag(lambda _tag: answer_script()), delay=delay) as server:
            env = {"PLANRAG_USERS_FILE": str(users.path), "CHAINLIT_AUTH_SECRET": "",
                   "PLANRAG_MODEL": "scripted", "PLANRAG_MODEL_BASE_URL": server.base_url,
                   "PLANRAG_MODEL_TOOLS": "on", "PLANRAG_MODEL_CONCURRENCY": "64",
                   "PLANRAG_DATASET": "dqa-locating-1445", "PLANRAG_HISTORY_URL": "off"}
            async with _chat(data_dir, env) as url:
                alice = await sign_in_cookies(url, "alice", PASSWORD)
                bob = await sign_in_cookies(url, "bob", PASSWORD)
                async with ChatClient(url, bob) as page:
                    await _timed(page, "warm-up")
                    alone = [await _timed(page, f"alone{n}") for n in range(rounds)]
                    done = asyncio.Event()
                    before = server.requests
                    flood = asyncio.ensure_future(
                        _flood(url, alice, questions, messages, done))
                    while server.requests < before + 2:  # Alice's questions are going
                        await asyncio.sleep(0.05)
                    loaded = [await _timed(page, f"loaded{n}") for n in range(rounds)]
                    done.set()
                    outcome = await flood
    ratio = statistics.median(loaded) / statistics.median(alone)
    print(f"model: {delay:g} s a reply, 3 replies a question, served in parallel")
    print(f"Bob alone:        median {statistics.median(alone):.2f} s "
          f"({', '.join(f'{t:.2f}' for t in alone)})")
    print(f"Bob beside Alice: median {statistics.median(loaded):.2f} s "
          f"({', '.join(f'{t:.2f}' for t in loaded)})")
    print(f"ratio: {ratio:.2f} (target: at most {TARGET})")
    print(f"Alice, asking on {questions} pages at once all along and sending {messages} "
          "messages: " + ", ".join(f"{k} {v}" for k, v in outcome.items()))
    return 0 if ratio <= TARGET else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--delay", type=float, default=1.0, help="seconds a model reply takes")
    parser.add_argument("--questions", type=int, default=20)
    parser.add_argument("--messages", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--cases", choices=("all", "chat", "servers"), default="all",
                        help="the chat's flood, the MCP server's and API's cases "
                        "(benchmarks/fairness_servers.py), or both")
    args = parser.parse_args()
    failed = 0
    if args.cases in ("all", "chat"):
        failed |= asyncio.run(_main(args.delay, args.questions, args.messages, args.rounds))
    if args.cases in ("all", "servers"):
        from benchmarks.fairness_servers import servers_main

        failed |= asyncio.run(servers_main(max(args.rounds, 5)))
    return failed


if __name__ == "__main__":
    sys.exit(main())
