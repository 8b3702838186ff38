"""`planrag datasets`, `connect`, `disconnect`, `load` and `graph`: the datasets, where
their data lives, and the embedded graph server."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from planrag.cli._common import (
    TARGETS,
    Subparsers,
    decision_status,
    required_status,
    run_async,
)
from planrag.errors import PlanRAGError
from planrag.locations import all_kinds
from planrag.markup import printable
from planrag.settings import Settings

__all__ = ["add_connect", "add_datasets", "add_disconnect", "add_graph", "add_load"]


def add_datasets(sub: Subparsers) -> None:
    s = sub.add_parser("datasets", help="list datasets")
    s.add_argument("--json", action="store_true", help="machine-readable output")
    s.set_defaults(handler=_datasets)


def add_connect(sub: Subparsers) -> None:
    s = sub.add_parser(
        "connect", help="connect your own database as a dataset (checked: read-only account)",
        description="Check a live database (reachable, its schema, an account that only "
        "reads) and register it as dataset ID under PLANRAG_DATASETS_DIR.",
    )
    s.add_argument("id", metavar="ID", help="the new dataset's id: lowercase, digits, dashes "
                   "(with --update: the connected dataset to change)")
    for kind in all_kinds():  # --mysql URL, --neo4j URI [--neo4j-database NAME], --sqlite FILE
        if kind.connect_many:  # --files A B C
            s.add_argument(kind.connect_option, action="extend", nargs="+", default=[],
                           metavar=kind.connect_metavar, help=kind.connect_help,
                           dest=f"connect_{kind.name}")
        else:
            s.add_argument(kind.connect_option, action="append", default=[],
                           metavar=kind.connect_metavar, help=kind.connect_help,
                           dest=f"connect_{kind.name}")
        if kind.connect_database_option:
            s.add_argument(kind.connect_database_option, metavar="NAME",
                           dest=f"connect_{kind.name}_database",
                           help=f"the {kind.title} database's name")
        if kind.connect_schemas_option:
            s.add_argument(kind.connect_schemas_option, metavar="S,...",
                           dest=f"connect_{kind.name}_schemas",
                           help=f"the {kind.title} database's schemas to read, in search-path "
                           "order (default: public)")
    s.add_argument("--title", help="one line for lists (default: ID (live))")
    s.add_argument("--rules", type=Path, metavar="FILE",
                   help="the business rules the model must follow (a text or Markdown file)")
    s.add_argument("--simulator", metavar="REF",
                   help="a registered simulator, package.module:Class or file.py:Class")
    s.add_argument("--allow-write-privileges", action="store_true",
                   help="accept an account that can do more than read (marked in the dataset)")
    s.add_argument("--update", action="store_true",
                   help="change the connected dataset ID: the title, rules, simulator or a "
                   "database given replace the old ones; every account is checked again and "
                   "secrets.env is kept")
    s.set_defaults(handler=_connect)


def add_disconnect(sub: Subparsers) -> None:
    s = sub.add_parser(
        "disconnect", help="remove a connected dataset (its folder and secrets.env)",
        description="Remove the dataset ID that `planrag connect` made: its folder under "
        "PLANRAG_DATASETS_DIR, its secrets.env included, without asking. Shipped datasets "
        "stay.",
    )
    s.add_argument("id", metavar="ID", help="the connected dataset's id")
    s.set_defaults(handler=_disconnect)


def add_load(sub: Subparsers) -> None:
    s = sub.add_parser("load", help="load datasets into the databases (idempotent)")
    s.add_argument("--target", choices=[*TARGETS, "all"], default="all")
    s.add_argument("--force", action="store_true", help="reload even when unchanged")
    s.add_argument("datasets", nargs="*", metavar="DATASET", help="default: every dataset")
    s.set_defaults(handler=_load)


def add_graph(sub: Subparsers) -> None:
    s = sub.add_parser("graph", help="manage the embedded Bolt server")
    s.add_argument("action", choices=("start", "stop", "status"))
    s.add_argument("--started-file", type=Path, metavar="FILE",
                   help="start: write the pid of the server it started to FILE (empty when "
                   "one was running already); stop: stop the server only when FILE names it")
    s.set_defaults(handler=_graph)


def _datasets(settings: Settings, args: argparse.Namespace) -> int:
    from planrag.locations import get_kind, targets_of
    from planrag.runtime import loaded_copies_account, locate, registry, unusable

    reg = registry(settings)
    copies_account: list[str | None] = []  # asked once, on the first loaded MySQL copy
    rows: list[dict[str, Any]] = []
    for ds in reg:
        problem = unusable(ds)  # a password's ${NAME} set nowhere: said now, not when asked
        databases: list[dict[str, Any]] = []
        for target in targets_of(settings, ds):
            try:
                location = locate(settings, ds.id, target).location
            except PlanRAGError as exc:
                databases.append({"target": target, "error": str(exc)})
                continue
            databases.append({
                "target": target,
                "live": location.live,
                "where": get_kind(target).describe(location),
            })
            if target == "mysql" and not location.live:
                if not copies_account:
                    copies_account.append(run_async(loaded_copies_account(settings)))
                databases[-1]["account"] = copies_account[0]
        rows.append({
            "id": ds.id,
            "title": ds.title,
            "live": ds.live,
            "read_only": not ds.write_privileges,
            "questions": len(ds.questions),
            "sql_dumps": [d.stem for d in ds.dumps("sql")],
            "graph_dumps": [d.stem for d in ds.dumps("cypher")],
            "targets": targets_of(settings, ds),
            "databases": databases,
            "simulator": ds.simulator,
            **({"error": problem} if problem else {}),
            **decision_status(settings, ds, problem is None),
            **required_status(settings, ds, problem is None),
        })
    broken = [{"id": k, "error": v} for k, v in sorted(reg.problems.items())]
    if args.json:
        print(json.dumps(rows + broken if broken else rows, indent=2))
        return 0
    for r in rows:
        if "error" in r:
            print(printable(f"{r['id']:22} CANNOT BE USED: {r['error']}"))
            continue
        sim = f", simulator {printable(r['simulator'])}" if r["simulator"] else ""
        print(f"{r['id']:22} {printable(r['title'])}")
        if r["live"]:
            account = ("read-only account" if r["read_only"]
                       else "ACCOUNT MAY WRITE (accepted with --allow-write-privileges)")
            print(f"{'':22} live, {account}, {r['questions']} sample questions{sim}")
        else:
            print(f"{'':22} {r['questions']} questions, {len(r['sql_dumps'])} relational and "
                  f"{len(r['graph_dumps'])} graph dumps{sim}")
        for db in r["databases"]:
            text = db.get("where") or db.get("error")
            print(f"{'':22} - {db['target']}: {printable(str(text))}")
            if db.get("account"):
                print(f"{'':24} {printable(db['account'])}")
        for d in r.get("decisions", ()):  # one broken as written has an error, no title
            if d.get("error"):
                state = f"BROKEN: {printable(d['error'])}"
            else:
                state = printable(d["title"])
                if d.get("untried"):
                    state += f" (not tried: {printable(d['untried'])})"
            print(f"{'':22} - decision {printable(d['id'])}: {state}")
        for line in r.get("required_problems", ()):
            print(f"{'':22} - required: {printable(line)}")
    for b in broken:
        print(printable(f"{b['id']:22} CANNOT BE USED: {b['error']}"))
    print(printable(_data_folder(settings)))
    return 0


def _data_folder(settings: Settings) -> str:
    """Where this command keeps its data, and why there (the rule is the working directory,
    as for `.env`; the settings move it)."""
    if "data_dir" in settings.model_fields_set:
        why = "PLANRAG_DATA_DIR"
    else:
        why = "in the working directory; PLANRAG_DATA_DIR moves it"
    line = f"data folder: {settings.data_dir} ({why})"
    if settings.datasets_dir is not None:
        return f"{line}; connected datasets: {settings.datasets_dir} (PLANRAG_DATASETS_DIR)"
    return f"{line}; connected datasets in its datasets/ folder"


def _connect(settings: Settings, args: argparse.Namespace) -> int:
    from planrag.connect import ConnectRequest, connect, update
    from planrag.locations import all_kinds, get_kind

    kinds = all_kinds()
    request = ConnectRequest(
        id=args.id,
        databases=[(k.name, v) for k in kinds for v in getattr(args, f"connect_{k.name}")],
        database_names={k.name: getattr(args, f"connect_{k.name}_database") for k in kinds
                        if getattr(args, f"connect_{k.name}_database", None) is not None},
        schema_names={k.name: getattr(args, f"connect_{k.name}_schemas") for k in kinds
                      if getattr(args, f"connect_{k.name}_schemas", None) is not None},
        title=args.title, rules=args.rules, simulator=args.simulator,
        allow_write_privileges=args.allow_write_privileges,
    )
    def echo(line: str) -> None:
        print(printable(line), flush=True)

    done = run_async((update if args.update else connect)(settings, request, echo))
    said = "updated" if args.update else "connected"
    print(f"{said} dataset {done.dataset.id} ({done.folder / 'dataset.toml'})")
    for location, schema, check in done.databases:
        kind = get_kind(location.kind)
        names = [e.name for e in schema.entities]
        what = {"sql": "tables", "cypher": "labels and relationship types"}[kind.language]
        shown = ", ".join(names[:15]) + (f" and {len(names) - 15} more" if len(names) > 15 else "")
        print(printable(f"- {kind.describe(location)}: {len(names)} {what}: "
                        f"{shown or '(none found)'}"))
        if not names:
            print("  note: no tables are visible; does the account have SELECT on them?")
        if schema.values is not None:
            print(printable(f"  value index: {schema.values.summary()}"))
        state = "reads only" if check.read_only else "MAY WRITE: " + "; ".join(check.findings)
        print(printable(f"  account: {state} ({check.how})"))
        for note in check.notes:
            print(f"  note: {printable(note)}")
    if done.simulator_note:
        print(f"- simulator: {printable(done.simulator_note)}")
    for d in decision_status(settings, done.dataset, True).get("decisions", ()):
        state = f"BROKEN: {d['error']}" if d.get("error") else (
            f"not tried: {d['untried']}" if d.get("untried") else "checked on the database")
        print(printable(f"- decision {d['id']}: {state}"))
    for line in required_status(settings, done.dataset, True).get("required_problems", ()):
        print(printable(f"- required: {line}"))
    if not done.dataset.rules:
        print(f"- no business rules yet: add them with planrag connect {done.dataset.id} "
              "--update --rules FILE")
    print(f'ask a first question: planrag ask "..." --dataset {done.dataset.id}   '
          f"(or pick {done.dataset.id} in the chat's settings)")
    return 0


def _disconnect(settings: Settings, args: argparse.Namespace) -> int:
    from planrag.connect import disconnect

    folder, had_secrets = disconnect(settings, args.id)
    secrets = ", its secrets.env included" if had_secrets else ""
    print(printable(f"disconnected dataset {args.id}: removed {folder}{secrets}"))
    return 0


def _load(settings: Settings, args: argparse.Namespace) -> int:
    from planrag.runtime import load_datasets, registry

    if not args.datasets:  # every dataset: say which are set aside, and why
        for name, problem in sorted(registry(settings).problems.items()):
            print(f"skipped {name}: {problem}", file=sys.stderr, flush=True)

    reports = run_async(
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


def _graph(settings: Settings, args: argparse.Namespace) -> int:
    from planrag.runtime import graph_command

    print(graph_command(settings, args.action, args.started_file))
    return 0
