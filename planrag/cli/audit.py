"""`planrag audit` and `planrag feedback`: reading the team's history."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from planrag.cli._common import Subparsers, run_async, team_store
from planrag.markup import printable
from planrag.settings import Settings

__all__ = ["add_audit", "add_feedback"]


def add_audit(sub: Subparsers) -> None:
    s = sub.add_parser("audit", help="the audit trail: questions, queries, consent, answers")
    s.add_argument("--user", help="only this person's")
    s.add_argument("--since", help="from this date or time, or a span back (30m, 12h, 7d)")
    s.add_argument("--run", help="only this run")
    s.add_argument("--json", action="store_true", help="one JSON object per line")
    s.set_defaults(handler=_audit)


def add_feedback(sub: Subparsers) -> None:
    s = sub.add_parser("feedback", help="the thumbs up and down given to answers")
    fb = s.add_subparsers(dest="feedback_command", metavar="ACTION", required=True)
    f = fb.add_parser("export", help="every rating with its question, decision and check")
    f.add_argument("--format", choices=["jsonl", "csv"], default="jsonl")
    f.add_argument("--output", type=Path, help="write here instead of standard output")
    s.set_defaults(handler=_feedback)


def _audit(settings: Settings, args: argparse.Namespace) -> int:
    from planrag.store import since_value

    since = since_value(args.since) if args.since else None
    store = team_store(settings)

    async def read() -> list[Any]:
        try:
            return await store.audit_entries(user=args.user, since=since, run=args.run)
        finally:
            await store.close()

    entries = run_async(read())
    if args.json:
        for entry in entries:
            print(json.dumps(entry.as_dict(), default=str))
        return 0
    if not entries:
        print("nothing in the audit trail" + (" for that filter" if args.user or since or
                                              args.run else " yet"))
        return 0
    for e in entries:  # one line each, whatever the question or the data held
        print(printable(f"{e.at[:19].replace('T', ' ')}  {e.user:14} {e.dataset:20} "
                        f"{e.run[:8]:8}  {_audit_line(e.kind, e.detail)}", one_line=True))
    return 0


def _audit_line(kind: str, d: dict[str, Any]) -> str:
    """One audit entry in words."""
    query = _one_line(str(d.get("query", "")))
    match kind:
        case "question":
            return f"asked: {d.get('question', '')}"
        case "query":
            return f"{d.get('query_id')} ran ({d.get('rows')} rows): {query}"
        case "query_refused":
            return f"{d.get('query_id')} REFUSED ({d.get('reason')}): {query}"
        case "query_failed":
            return f"{d.get('query_id')} failed ({d.get('error')}): {query}"
        case "consent" if d.get("about") == "check":
            what = "proposed check used" if d.get("approved") else "proposed check not used"
            return f"{what} (by {d.get('by')})"
        case "consent":
            what = "re-plan approved" if d.get("approved") else "current plan kept"
            return f"{what} (by {d.get('by')})"
        case "check_proposed":
            return f"check proposed: {d.get('title')}"
        case "noticed":
            return f"noticed: {d.get('finding')}"
        case "answer":
            label = f"{d['label']} ({d.get('decision')})" if d.get("label") else None
            kind = "answered (a question of fact)" if d.get("factual") else "answered"
            return f"{kind}: {label or d.get('decision')}"
        case "check":
            if d.get("agrees"):
                return f"checked: the simulator agrees ({d.get('decision_label')})"
            return (f"checked: the simulator's best is {d.get('best_label')} (the answer "
                    f"ranks {d.get('rank')})")
        case "failed":
            return f"failed: {d.get('reason')}"
        case "tool":  # a front end's tool other than a question (planrag.service.tools)
            given = ", ".join(f"{k}={_one_line(str(v), 60)}" for k, v in d.items()
                              if k not in ("tool", "ref"))
            return f"tool {d.get('tool')}" + (f" ({given})" if given else "")
        case "watch":
            return f"watch {d.get('watch')}: {d.get('found')} (posted: {d.get('posted')})"
        case "rating":
            said = f" (comment: {d.get('comment')})" if d.get("comment") else ""
            return f"rated {d.get('rating')}: {d.get('question') or '(no answer)'}{said}"
    return kind


def _one_line(text: str, width: int = 90) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= width else flat[: width - 1] + "…"


def _feedback(settings: Settings, args: argparse.Namespace) -> int:
    from planrag.private import write_private
    from planrag.store import rows_csv

    store = team_store(settings)

    async def read() -> list[dict[str, Any]]:
        try:
            return await store.feedback()
        finally:
            await store.close()

    rows = run_async(read())
    columns = ["answered_at", "user", "dataset", "run", "question", "decision", "check",
               "rating", "comment", "thread", "verdict"]
    if args.format == "csv":
        text = rows_csv(rows, columns)
    else:
        text = "".join(json.dumps(row, default=str) + "\n" for row in rows)
    if args.output:
        write_private(args.output, text)  # people's questions and comments
        print(f"{len(rows)} rating(s) written to {args.output}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0
