"""The `planrag` command line.

    planrag datasets                                  list the datasets and their dumps
    planrag load [--target T] [--force] [DATASET...]  load dumps (idempotent)
    planrag query --dataset REF --target T [--json] QUERY
    planrag schema --dataset REF --target T           the schema text a model is shown
    planrag guard sql|cypher                          JSON lines in, verdicts out
    planrag graph start|stop|status                   the embedded Bolt server
    planrag shell                                     interactive console over the datasets

REF is `DATASET`, `DATASET@DUMP` or `DATASET#QUESTION`. Exit codes: 0 ok, 1 error (one line on
stderr), 2 query refused by a guard (the reason on stderr).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Sequence
from typing import Any

from planrag.errors import PlanRAGError, QueryRefused
from planrag.settings import Settings, load_settings

__all__ = ["main"]

TARGETS = ("mysql", "sqlite", "graph")


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if not getattr(args, "command", None):
        parser.print_help()
        return 1
    try:
        if args.command == "guard":  # needs no settings: usable as a pure filter
            return _guard(args.language)
        settings = load_settings()
        from planrag.runtime import check_dataset_setting, registry

        check_dataset_setting(settings, registry(settings))  # PLANRAG_DATASET, at start
        return int(args.handler(settings, args))
    except QueryRefused as exc:
        print(f"refused: {exc.reason}", file=sys.stderr)
        return 2
    except PlanRAGError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="planrag", description="PlanRAG decision assistant")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    s = sub.add_parser("datasets", help="list datasets")
    s.add_argument("--json", action="store_true", help="machine-readable output")
    s.set_defaults(handler=_datasets)

    s = sub.add_parser("load", help="load datasets into the databases (idempotent)")
    s.add_argument("--target", choices=[*TARGETS, "all"], default="all")
    s.add_argument("--force", action="store_true", help="reload even when unchanged")
    s.add_argument("datasets", nargs="*", metavar="DATASET", help="default: every dataset")
    s.set_defaults(handler=_load)

    s = sub.add_parser("query", help="run one query through the guards")
    s.add_argument("--dataset", required=True, metavar="REF")
    s.add_argument("--target", choices=TARGETS, required=True)
    s.add_argument("--json", action="store_true")
    s.add_argument("query")
    s.set_defaults(handler=_query)

    s = sub.add_parser("schema", help="print the schema a model sees")
    s.add_argument("--dataset", required=True, metavar="REF")
    s.add_argument("--target", choices=TARGETS, required=True)
    s.set_defaults(handler=_schema)

    s = sub.add_parser("guard", help="classify queries read as JSON lines on stdin")
    s.add_argument("language", choices=("sql", "cypher"))

    s = sub.add_parser("graph", help="manage the embedded Bolt server")
    s.add_argument("action", choices=("start", "stop", "status"))
    s.set_defaults(handler=_graph)

    s = sub.add_parser("shell", help="interactive console over the datasets")
    s.set_defaults(handler=_shell)
    return p


# --------------------------------------------------------------------------- commands


def _datasets(settings: Settings, args: argparse.Namespace) -> int:
    from planrag.datasets import discover

    registry = discover(settings.fixtures_dir)
    rows = []
    for ds in registry:
        rows.append(
            {
                "id": ds.id,
                "title": ds.title,
                "questions": len(ds.questions),
                "sql_dumps": [d.stem for d in ds.dumps("sql")],
                "graph_dumps": [d.stem for d in ds.dumps("cypher")],
                "simulator": ds.simulator,
            }
        )
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    for r in rows:
        sim = f", simulator {r['simulator']}" if r["simulator"] else ""
        print(f"{r['id']:22} {r['title']}")
        print(
            f"{'':22} {r['questions']} questions, {len(r['sql_dumps'])} relational and "
            f"{len(r['graph_dumps'])} graph dumps{sim}"
        )
    return 0


def _load(settings: Settings, args: argparse.Namespace) -> int:
    from planrag.runtime import load_datasets

    reports = asyncio.run(
        load_datasets(
            settings,
            args.datasets,
            args.target,
            force=args.force,
            echo=lambda line: print(line, flush=True),
        )
    )
    changed = sum(1 for r in reports if r.action != "up to date")
    if reports and not changed:
        print(f"nothing to do: all {len(reports)} databases are up to date")
    else:
        print(f"{changed} of {len(reports)} databases loaded")
    return 0


def _query(settings: Settings, args: argparse.Namespace) -> int:
    from planrag.runtime import open_source

    async def run() -> Any:
        async with open_source(settings, args.dataset, args.target) as source:
            return await source.execute(args.query)

    table = asyncio.run(run())
    print(json.dumps(table.to_json(), default=str) if args.json else table.render())
    return 0


def _schema(settings: Settings, args: argparse.Namespace) -> int:
    from planrag.runtime import open_source

    async def run() -> str:
        async with open_source(settings, args.dataset, args.target) as source:
            return (await source.schema()).render()

    print(asyncio.run(run()))
    return 0


def _guard(language: str) -> int:
    """Read `{"id", "query"}` lines; write `{"id", "verdict", "reason"}` lines. Never fails."""
    from planrag.guards import check

    for n, line in enumerate(sys.stdin, start=1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            obj = {"id": None, "query": None, "_error": f"line {n} is not JSON: {exc.msg}"}
        if not isinstance(obj, dict):
            obj = {"id": None, "query": None, "_error": f"line {n} is not a JSON object"}
        query = obj.get("query")
        if "_error" in obj:
            out = {"id": obj.get("id"), "verdict": "refuse", "reason": obj["_error"]}
        elif not isinstance(query, str):
            out = {
                "id": obj.get("id"),
                "verdict": "refuse",
                "reason": f"line {n} has no string field `query`",
            }
        else:
            verdict = check(language, query)
            out = {
                "id": obj.get("id"),
                "verdict": "allow" if verdict.allowed else "refuse",
                "reason": verdict.reason,
            }
        print(json.dumps(out, ensure_ascii=False), flush=True)
    return 0


def _graph(settings: Settings, args: argparse.Namespace) -> int:
    from planrag.runtime import graph_command

    print(graph_command(settings, args.action))
    return 0


def _shell(settings: Settings, args: argparse.Namespace) -> int:
    from app.console import run_console

    return run_console(settings)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
