"""`planrag watch`: decisions re-checked on a schedule, posted to Slack or printed when the
best choice changes (`planrag.watch`)."""

from __future__ import annotations

import argparse
import json
import sys
from datetime import UTC, datetime
from typing import Any

from planrag.cli._common import Subparsers, parameters, run_async
from planrag.markup import printable
from planrag.settings import Settings

__all__ = ["add_watch"]


def add_watch(sub: Subparsers) -> None:
    s = sub.add_parser(
        "watch", help="re-check a decision on a schedule; post when the best choice changes",
        description="Watch a decision: its check re-runs every DURATION as the person who "
        "made the watch, and posts (to a Slack channel, or printed by `watch run`) the "
        "current best on its first run, then only when the best decision changes or its "
        "margin over the runner-up or over deciding nothing moves by more than --moves. The "
        "app processes run due watches themselves (PLANRAG_WATCH_POLL); `watch run` is for "
        "cron.")
    act = s.add_subparsers(dest="watch_command", metavar="ACTION", required=True)
    a = act.add_parser("add", help="watch a decision (posts nothing itself)")
    a.add_argument("--dataset", required=True, metavar="ID")
    a.add_argument("--decision", metavar="DID",
                   help="a decision written in the dataset's manifest, or its simulator's "
                   "name (default: the dataset's only check)")
    a.add_argument("--param", action="append", default=[], metavar="NAME=VALUE",
                   help="a parameter of the check (repeat)")
    a.add_argument("--every", required=True, metavar="DURATION",
                   help="how often: 30m, 1h, 7d (as `planrag audit --since`)")
    where = a.add_mutually_exclusive_group(required=True)
    where.add_argument("--slack", metavar="CHANNEL", help="post to this Slack channel (its id)")
    where.add_argument("--print", action="store_true", help="printed by `planrag watch run`")
    a.add_argument("--as", dest="as_user", metavar="USER",
                   help="run it as this person of the users file (their datasets and "
                   "database account); default: this machine's operator")
    a.add_argument("--when", choices=("changed", "always"), default="changed",
                   help="post only when something changed (default), or every run")
    a.add_argument("--moves", type=float, default=None, metavar="SHARE",
                   help="how far a margin must move to be news (default 0.1, a tenth)")
    a.set_defaults(handler=_add, country=None, home=None, goods=None)
    li = act.add_parser("list", help="the watches, what each last found")
    li.add_argument("--as", dest="as_user", metavar="USER", help="only this person's")
    li.add_argument("--json", action="store_true", help="one JSON object per line")
    li.set_defaults(handler=_list)
    r = act.add_parser("remove", help="stop a watch and forget it")
    r.add_argument("watch_id", metavar="WID")
    r.set_defaults(handler=_remove)
    run = act.add_parser("run", help="run the watches due now (for cron)")
    run.add_argument("--all", action="store_true", help="every running watch, due or not")
    run.add_argument("--json", action="store_true", help="one JSON object per watch run")
    run.set_defaults(handler=_run)


def _add(settings: Settings, args: argparse.Namespace) -> int:
    from planrag.watch import SHARE, add_watch, every_seconds, open_book
    from planrag.watch.firing import span

    every = every_seconds(args.every)

    async def add() -> Any:
        book = await open_book(settings)
        return await add_watch(settings, book, owner=args.as_user or "", dataset=args.dataset,
                               decision=args.decision, params=parameters(args),
                               every_s=every, channel=args.slack, when=args.when,
                               share=SHARE if args.moves is None else args.moves)

    watch = run_async(add())
    print(printable(f"watching {watch.decision} on {watch.dataset} every {span(watch.every_s)}"
                    f", posted to {watch.where}: {watch.id}"))
    print(printable(f"its first run posts the current best; stop it with planrag watch "
                    f"remove {watch.id}"), file=sys.stderr)
    if not _live(settings, watch.dataset):
        print(printable(f"note: {watch.dataset} is read from a loaded copy of its dump, so its "
                        "figures change only when it is loaded again"), file=sys.stderr)
    return 0


def _live(settings: Settings, dataset: str) -> bool:
    from planrag.errors import PlanRAGError
    from planrag.runtime import locate

    try:
        return bool(locate(settings, dataset).location.live)
    except PlanRAGError:
        return True  # nothing to add to what its runs will say


def _list(settings: Settings, args: argparse.Namespace) -> int:
    from planrag.watch import open_book

    async def read() -> list[Any]:
        return await (await open_book(settings)).all(args.as_user)

    watches = run_async(read())
    if args.json:
        for w in watches:
            print(json.dumps(w.to_json(), default=str))
        return 0
    if not watches:
        print("no watches" + (f" of {args.as_user}" if args.as_user else "") +
              "; add one with planrag watch add")
        return 0
    for w in watches:
        print(printable(_line(w), one_line=True))
    return 0


def _line(w: Any) -> str:
    from planrag.watch.firing import span

    due = datetime.fromtimestamp(w.next_due, UTC).strftime("%Y-%m-%d %H:%M UTC")
    params = ",".join(f"{k}={v}" for k, v in w.params.items())
    where = f"to Slack {w.channel}" if w.channel else "printed"
    return (f"{w.id}  {w.owner or '(operator)'}  {w.dataset}/{w.decision}"
            f"{f' [{params}]' if params else ''}  every {span(w.every_s)}  {where}  "
            f"{'' if w.stopped else f'next {due}  '}{w.status}")


def _remove(settings: Settings, args: argparse.Namespace) -> int:
    from planrag.errors import ConfigError
    from planrag.watch import open_book

    async def remove() -> Any:
        book = await open_book(settings)
        watch = await book.get(args.watch_id)
        if watch is None or not await book.remove(args.watch_id):
            raise ConfigError(f"there is no watch {args.watch_id[:20]!r}; planrag watch list "
                              "shows them")
        await book.store.audit(watch.owner or "(operator)", watch.dataset,
                               f"watch:{watch.id}", "watch", watch=watch.id,
                               found="removed", posted="nothing")
        return watch

    watch = run_async(remove())
    print(printable(f"removed {watch.id} ({watch.dataset}/{watch.decision})"))
    return 0


def _run(settings: Settings, args: argparse.Namespace) -> int:
    from planrag.watch import open_book
    from planrag.watch.firing import fire_due, take_up

    async def fire() -> list[Any]:
        book = await open_book(settings)
        return [*await take_up(settings, book),
                *await fire_due(settings, book, everything=args.all, printer=printer)]

    def printer(line: str) -> None:  # a printed watch's post
        print(json.dumps({"post": line}) if args.json else printable(line))

    fired = run_async(fire())
    for f in fired:
        print(json.dumps({"watch": f.watch, "found": f.found, "posted": f.posted})
              if args.json else printable(f.line(), one_line=True))
    if not fired:
        print("no watch was due" if not args.all else "no watch is running", file=sys.stderr)
    return 0
