"""A team on three app replicas behind nginx: answers completed and lost, answer times, the
per-person limit across processes, and how long a killed replica's work takes to come back.

Three replicas, each a chat process (Chainlit), an API process (`planrag serve api`) and an
MCP process (`planrag serve mcp --http`), behind nginx with `deploy/nginx/nginx.conf` as it
is, sharing a run store and a history in PostgreSQL and one data folder. A scripted model over
HTTP takes `--delay` seconds a reply (plan, query, answer: three replies a question) and
serves requests in parallel, as a hosted model does. `--people` people (a third on the chat's
socket, a third on the API, a third on MCP, each signed in with their own password, key or
token) each ask one question, all at once. Partway through (once half the runs have started),
replica 2's three processes are SIGKILLed. A person whose answer never comes because of it
(the socket or the connection dropped, nginx's 502, an MCP session gone) asks again through
nginx, as a person or a client would, and is refused while their dead process's places hold
(until the lease, `--lease`, lapses); they keep asking until answered or `--patience` runs
out. Then a tenth of the people send three questions at once, through their own front end:
two must be taken and the third refused, whichever processes they reach.

Printed: answers completed, lost (no answer within the patience: must be 0), p50/p95 answer
time for those never touched by the kill and for those asked again, how many were asked again
per front end, the limit as held per person, and the take-over time (from the SIGKILL to the
last re-asked answer).

    .venv/bin/python benchmarks/replicas.py [--people 300] [--delay 1.0] [--lease 5]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from contextlib import AsyncExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import httpx
import openai

from benchmarks.crash_recovery import answer_script
from planrag.engine.scripted_server import ScriptedServer
from planrag.runtime import load_datasets
from planrag.settings import load_settings
from planrag.users import UsersFile
from tests._pg_fixtures import scratch_database
from tests.app._replicas import nginx, served_api, served_mcp
from tests.app._socket import ChatClient, sign_in_cookies
from tests.app.test_chat_e2e import APPS, _chat, by_tag

QUESTION = "Where should SWE place its merchant?"
DATASET = "dqa-locating-1445"
PASSWORD = "a benchmark password"
FRONT_ENDS = ("chat", "api", "mcp")
ATTEMPT_S = 60.0
"""How long a client waits for an answer before it gives the request up and asks again (an
MCP client whose server died mid-answer hears nothing more)."""


@dataclass
class Person:
    name: str
    front_end: str
    secret: str = ""
    """Their API key or MCP token (chat: their cookies once signed in)."""
    started: float = 0.0
    answered: float | None = None
    attempts: int = 0
    refusals: int = 0
    problems: list[str] = field(default_factory=list)


class _Lost(Exception):
    """The process answering went away: ask again."""


class _Refused(Exception):
    """Refused for the places at once."""


async def _chat_once(front: str, person: Person, tag: str, timeout: float) -> str:
    page = ChatClient(front, person.secret)
    gone = asyncio.Event()
    page.sio.on("disconnect", lambda *_: gone.set())
    try:
        await page.__aenter__()
    except Exception as exc:
        raise _Lost(f"connect: {exc}") from None
    try:
        asking = asyncio.ensure_future(page.ask(f"[{tag}] {QUESTION}", timeout=timeout))
        dropped = asyncio.ensure_future(gone.wait())
        done, _ = await asyncio.wait({asking, dropped}, return_when=asyncio.FIRST_COMPLETED)
        if asking not in done:
            asking.cancel()
            raise _Lost("the socket dropped")
        dropped.cancel()
        said = asking.result()
        if "the most at once" in said:
            raise _Refused(said)
        return said
    finally:
        if page.sio.connected:
            await page.sio.disconnect()


async def _api_once(front: str, person: Person, tag: str, timeout: float) -> str:
    api = openai.AsyncOpenAI(api_key=person.secret, base_url=f"{front}/v1", max_retries=0,
                             timeout=timeout)
    try:
        reply = await api.chat.completions.create(
            model=DATASET, messages=[{"role": "user", "content": f"[{tag}] {QUESTION}"}])
    except openai.RateLimitError as exc:
        raise _Refused(str(exc)) from None
    except (openai.APIConnectionError, openai.InternalServerError) as exc:
        raise _Lost(type(exc).__name__) from None  # nginx's 502 when the process died
    finally:
        await api.close()
    return reply.choices[0].message.content or ""


async def _mcp_once(front: str, person: Person, tag: str, timeout: float) -> str:
    from mcp import ClientSession
    from mcp.client.streamable_http import streamable_http_client

    try:
        async with httpx.AsyncClient(headers={"Authorization": f"Bearer {person.secret}"},
                                     timeout=httpx.Timeout(30, read=timeout)) as http, \
                streamable_http_client(f"{front}/mcp", http_client=http) as (read, write, _), \
                ClientSession(read, write) as session:
            await session.initialize()
            result = await session.call_tool("ask", {"question": f"[{tag}] {QUESTION}",
                                                     "dataset": DATASET})
    except Exception as exc:  # the session's process died: a new session, through nginx
        raise _Lost(f"{type(exc).__name__}: {exc}") from None
    text = "".join(getattr(c, "text", "") for c in result.content)
    if result.isError:
        if "the most at once" in text:
            raise _Refused(text)
        raise _Lost(text)
    return text


ASK: dict[str, Callable[[str, Person, str, float], Awaitable[str]]] = {
    "chat": _chat_once, "api": _api_once, "mcp": _mcp_once}


async def _until_answered(front: str, person: Person, patience: float) -> None:
    person.started = time.monotonic()
    while time.monotonic() - person.started < patience:
        person.attempts += 1
        left = min(ATTEMPT_S, patience - (time.monotonic() - person.started))
        try:
            said = await asyncio.wait_for(ASK[person.front_end](
                front, person, f"{person.name}-{person.attempts}", left), left)
        except TimeoutError:  # nothing heard: a client gives up on the request, asks again
            person.problems.append(f"no answer in {left:.0f} s")
            continue
        except _Refused:
            person.refusals += 1
            await asyncio.sleep(0.5)
            continue
        except _Lost as exc:
            person.problems.append(str(exc)[:120])
            await asyncio.sleep(0.2)
            continue
        if "Best decision" in said:
            person.answered = time.monotonic()
            return
        person.problems.append(said[:120])
        await asyncio.sleep(0.2)


async def _three_at_once(front: str, person: Person) -> tuple[int, int]:
    """Three questions of one person at once: (answered, refused)."""
    async def one(n: int) -> str:
        try:
            return await asyncio.wait_for(
                ASK[person.front_end](front, person, f"{person.name}-x{n}", 120), 120)
        except TimeoutError:
            return "no answer in time"
        except _Refused:
            return "refused"
        except _Lost as exc:
            return f"lost: {exc}"

    said = await asyncio.gather(*(one(n) for n in range(3)))
    return (sum("Best decision" in s for s in said), sum(s == "refused" for s in said))


async def _main(people: int, delay: float, lease: float, patience: float) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        data_dir = Path(tmp)
        settings = load_settings(env_file=None, data_dir=data_dir, mysql_url=None)
        await load_datasets(settings, [DATASET], "sqlite")
        users = UsersFile(data_dir / "users.toml")
        team = [Person(f"p{n:03d}", FRONT_ENDS[n % 3]) for n in range(people)]
        for person in team:
            users.add(person.name, PASSWORD if person.front_end == "chat" else None, [DATASET])
            if person.front_end != "chat":
                kind = "api" if person.front_end == "api" else "mcp"
                person.secret = users.issue(person.name, kind)[0]
        async with scratch_database("replicas", []) as name, \
                ScriptedServer(by_tag(lambda _tag: answer_script()), delay=delay) as model:
            url = f"postgresql://postgres@127.0.0.1:5432/{name}"
            env = {"PLANRAG_USERS_FILE": str(users.path), "PLANRAG_DATA_DIR": str(data_dir),
                   "PLANRAG_DATASETS_DIR": str(data_dir / "datasets"), "MYSQL_URL": "",
                   "MYSQL_ADMIN_URL": "", "PLANRAG_DATASET": DATASET,
                   "PLANRAG_RELATIONAL": "sqlite", "PLANRAG_MODEL": "scripted",
                   "PLANRAG_MODEL_BASE_URL": model.base_url, "PLANRAG_MODEL_TOOLS": "on",
                   "PLANRAG_MODEL_CONCURRENCY": "256", "PLANRAG_RUN_STORE": url,
                   "PLANRAG_HISTORY_URL": url, "PLANRAG_RUN_LEASE": str(lease),
                   "PLANRAG_MESSAGES_PER_MINUTE": "1000", "CHAINLIT_AUTH_SECRET": ""}
            os.environ.update({k: v for k, v in env.items() if k.startswith("PLANRAG_")})
            async with AsyncExitStack() as stack:
                replicas: list[dict[str, Any]] = []
                for _ in range(3):
                    chat_url = await stack.enter_async_context(_chat(data_dir, env))
                    api_at, api_proc = await stack.enter_async_context(served_api(env))
                    mcp_at, mcp_proc = await stack.enter_async_context(served_mcp(env))
                    replicas.append({"chat": chat_url[7:], "api": api_at, "mcp": mcp_at,
                                     "chat_url": chat_url, "api_proc": api_proc,
                                     "mcp_proc": mcp_proc})
                front = await stack.enter_async_context(nginx(
                    data_dir / "nginx", chat=[r["chat"] for r in replicas],
                    api=[r["api"] for r in replicas], mcp=[r["mcp"] for r in replicas]))
                for person in team:
                    if person.front_end == "chat":
                        person.secret = await sign_in_cookies(front, person.name, PASSWORD)
                print(f"{people} people, 3 replicas (chat, API and MCP processes each) behind "
                      f"nginx; model {delay:g} s a reply; lease {lease:g} s")
                start = time.monotonic()
                asking = [asyncio.ensure_future(_until_answered(front, p, patience))
                          for p in team]
                while model.requests < people // 2:  # half the runs have started
                    await asyncio.sleep(0.05)
                killed_at = time.monotonic()
                victim = replicas[1]
                APPS[victim["chat_url"]].send_signal(signal.SIGKILL)
                victim["api_proc"].send_signal(signal.SIGKILL)
                victim["mcp_proc"].send_signal(signal.SIGKILL)
                while not all(a.done() for a in asking):
                    await asyncio.sleep(5)
                    print(f"  {time.monotonic() - start:5.0f} s: "
                          f"{sum(p.answered is not None for p in team)} answered, "
                          f"{sum(a.done() for a in asking)} done", file=sys.stderr, flush=True)
                total = time.monotonic() - start
                for task in asking:
                    if task.exception() is not None:
                        print(f"  a person's asking failed: {task.exception()!r}",
                              file=sys.stderr)
                sample = team[: max(3, people // 10)]
                limits = await asyncio.gather(*(_three_at_once(front, p) for p in sample))
                return _report(team, killed_at, total, sample, limits)
    return 1


def _report(team: list[Person], killed_at: float, total: float, sample: list[Person],
            limits: list[tuple[int, int]]) -> int:
    answered = [p for p in team if p.answered is not None]
    lost = [p for p in team if p.answered is None]
    untouched = [p.answered - p.started for p in answered
                 if p.answered is not None and not p.problems]
    again = [p.answered - p.started for p in answered if p.answered is not None and p.problems]

    def pct(values: list[float], q: float) -> str:
        if not values:
            return "-"
        ordered = sorted(values)
        return f"{ordered[min(len(ordered) - 1, int(q * len(ordered)))]:.2f} s"

    print(f"answers completed: {len(answered)} of {len(team)} in {total:.1f} s; "
          f"lost: {len(lost)}")
    print(f"answer time, not touched by the kill ({len(untouched)}): p50 "
          f"{pct(untouched, 0.5)}, p95 {pct(untouched, 0.95)}")
    print(f"answer time, asked again after the kill ({len(again)}): p50 {pct(again, 0.5)}, "
          f"p95 {pct(again, 0.95)}")
    for front_end in FRONT_ENDS:
        mine = [p for p in team if p.front_end == front_end]
        print(f"  {front_end}: {sum(bool(p.problems) for p in mine)} of {len(mine)} asked "
              f"again, {sum(p.refusals for p in mine)} refusals while the dead process's "
              "places held")
    held = sum(1 for a, r in limits if (a, r) == (2, 1))
    print(f"limit of 2 at once per person, 3 sent at once by {len(sample)} people: "
          f"{held} had 2 answered and 1 refused"
          + ("" if held == len(sample) else f"; others: {[x for x in limits if x != (2, 1)]}"))
    if again:
        last = max(p.answered for p in answered if p.problems and p.answered is not None)
        print(f"take-over: the last question asked again was answered "
              f"{last - killed_at:.1f} s after the SIGKILL")
    for p in lost[:5]:
        print(f"  lost: {p.name} ({p.front_end}), {p.attempts} attempts: {p.problems[-3:]}")
    for front_end in FRONT_ENDS:
        seen = sorted({problem for p in team if p.front_end == front_end
                       for problem in p.problems})
        if seen:
            print(f"  {front_end} asked again after: {'; '.join(seen[:4])}")
    return 0 if not lost and held == len(sample) else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--people", type=int, default=300)
    parser.add_argument("--delay", type=float, default=1.0, help="seconds a model reply takes")
    parser.add_argument("--lease", type=float, default=5.0, help="PLANRAG_RUN_LEASE, seconds")
    parser.add_argument("--patience", type=float, default=300.0,
                        help="seconds a person keeps asking before their question is lost")
    args = parser.parse_args()
    return asyncio.run(_main(args.people, args.delay, args.lease, args.patience))


if __name__ == "__main__":
    sys.exit(main())
