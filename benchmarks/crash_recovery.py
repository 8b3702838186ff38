"""How long a Slack question waits when the app is killed while answering it.

The real app (Chainlit, Slack over HTTP to a local fake of the Slack Web API, a scripted
model over HTTP whose second reply hangs) receives a mention; once the run is working, the
app is killed with SIGKILL and started again on the same run store. Printed: the lease, how
long the app takes to start, and the time from the SIGKILL to the thread being told that
the question is answered again, and to the answer itself.

    .venv/bin/python benchmarks/crash_recovery.py [--lease 20] [--rounds 3]
"""

from __future__ import annotations

import argparse
import asyncio
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from planrag.engine import Reply, ScriptedModel, call
from planrag.engine.scripted_server import ScriptedServer, Stall
from planrag.runtime import load_datasets
from planrag.settings import load_settings
from tests.app._fake_slack import FakeSlack
from tests.app.test_chat_e2e import APPS, _chat
from tests.app.test_slack import SECRET, Channel, post_all
from tests.engine.conftest import SWE_ROWS

QUESTION = "Where should SWE place its merchant?"


def answer_script() -> ScriptedModel:
    """Plan, query, answer: no re-plan, so the answer comes without anyone's consent."""
    return ScriptedModel([
        Reply("Planning.", [call("make_plan", steps=[
            {"goal": "find where SWE holds trading power", "source": "sql"}])]),
        Reply(calls=[call("run_sql", query=SWE_ROWS, step=0)]),
        Reply("SWE should place its merchant in krakow.", [call(
            "final_answer", decision="krakow", rationale="krakow carries the most value (q1).",
            query_ids=["q1"], parameters={"country": "SWE"})]),
    ])


async def _round(data_dir: Path, lease: float) -> tuple[float, float, float]:
    runs: list[ScriptedModel] = []

    def route(body: dict[str, Any]) -> ScriptedModel:
        if not any(m["role"] == "assistant" for m in body["messages"]):
            runs.append(answer_script())
        return runs[-1]

    c = Channel()
    thread = c.ts()
    store = data_dir / f"runs-{thread}.sqlite"
    async with FakeSlack() as slack, ScriptedServer(route) as server:
        env = {"PLANRAG_MODEL": "scripted", "PLANRAG_MODEL_BASE_URL": server.base_url,
               "PLANRAG_MODEL_TOOLS": "on", "SLACK_BOT_TOKEN": "xoxb-bench",
               "SLACK_SIGNING_SECRET": SECRET, "PLANRAG_SLACK_API_URL": slack.base_url,
               "PLANRAG_RUN_STORE": f"sqlite:///{store}", "PLANRAG_RUN_LEASE": str(lease)}
        server.faults[2] = Stall("", seconds=600)
        async with _chat(data_dir, env) as url:
            await post_all(url, c.mention(QUESTION, thread))
            while server.requests < 2:
                await asyncio.sleep(0.05)
            APPS[url].kill()
        killed = time.monotonic()
        async with _chat(data_dir, env):
            started = time.monotonic() - killed
            await slack.wait_for("answering it again from the start", thread=thread,
                                 timeout=lease + 120)
            told = time.monotonic() - killed
            await slack.wait_for("*Best decision:", thread=thread, timeout=120)
            answered = time.monotonic() - killed
    return started, told, answered


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lease", type=float, default=20.0, help="PLANRAG_RUN_LEASE (s)")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        data_dir = Path(tmp)
        settings = load_settings(env_file=None, data_dir=data_dir, mysql_url=None)
        await load_datasets(settings, ["dqa-locating-1445"], "sqlite")
        rounds = [await _round(data_dir, args.lease) for _ in range(args.rounds)]
    print(f"SIGKILL mid-run, Slack question, lease {args.lease:g} s, "
          f"{args.rounds} rounds (median, max):")
    for name, values in zip(("app started again", "thread told it is answered again",
                             "answer posted"), zip(*rounds, strict=True), strict=True):
        print(f"  {name:34} {statistics.median(values):6.1f} s  {max(values):6.1f} s")


if __name__ == "__main__":
    socket.setdefaulttimeout(30)
    asyncio.run(main())
