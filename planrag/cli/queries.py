"""`planrag query`, `schema` and `guard`: one query through the guards, the schema a model
sees, and the guards alone as a filter."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from planrag.cli._common import TARGETS, Subparsers, run_async
from planrag.guards.dialects import DIALECTS
from planrag.markup import printable
from planrag.settings import Settings
from planrag.utf8 import InputNotText, lone_surrogate, read_line

__all__ = ["add_guard", "add_query", "add_schema", "run_guard"]

SQL_DIALECTS = tuple(d.name for d in DIALECTS.values() if d.language == "sql")


def add_query(sub: Subparsers) -> None:
    s = sub.add_parser("query", help="run one query through the guards")
    s.add_argument("--dataset", required=True, metavar="REF")
    s.add_argument("--target", choices=TARGETS, help="default: the dataset's own")
    s.add_argument("--json", action="store_true")
    s.add_argument("query")
    s.set_defaults(handler=_query)


def add_schema(sub: Subparsers) -> None:
    s = sub.add_parser(
        "schema", help="print the schema a model sees",
        description="Print the schema text the model's first prompt holds for a question "
        "(within PLANRAG_SCHEMA_BUDGET), or the whole schema without --question.",
    )
    s.add_argument("--dataset", required=True, metavar="REF")
    s.add_argument("--target", choices=TARGETS, help="default: the dataset's own")
    s.add_argument("--question", metavar="Q", help="the question the prompt is for")
    s.set_defaults(handler=_schema)


def add_guard(sub: Subparsers) -> None:
    s = sub.add_parser("guard", help="classify queries read as JSON lines on stdin")
    s.add_argument("language", choices=("sql", "cypher"))
    s.add_argument("--database", metavar="DB",
                   help="SQL: the database queries may read (unknown: every qualified name "
                   "outside it is refused)")
    s.add_argument("--server", choices=SQL_DIALECTS,
                   help="SQL: the database that runs them, whose dialect they are judged in "
                   "(its built-in functions; sqlite: SQLite's dialect)")
    s.add_argument("--schema", action="append", metavar="NAME", dest="schemas",
                   help="postgres, duckdb: a schema queries may read (repeat for more; "
                   "default: public, DuckDB's main)")
    s.set_defaults(without_settings=_guard_lines)  # needs no settings: a pure filter


def _guard_lines(args: argparse.Namespace) -> int:
    return run_guard(args.language, args.database, args.server, args.schemas)


def _query(settings: Settings, args: argparse.Namespace) -> int:
    from planrag.runtime import open_source

    async def run() -> Any:
        async with open_source(settings, args.dataset, args.target) as source:
            return await source.execute(args.query)

    table = run_async(run())
    print(json.dumps(table.to_json(), default=str) if args.json else table.render())
    return 0


def _schema(settings: Settings, args: argparse.Namespace) -> int:
    """Standard output: exactly the schema text of the first prompt (the whole schema
    without --question). Standard error: each table shown in full and why, the `required`
    entries the database lacks, the values the question names, as the prompt says them, and
    the value index they were found in."""
    from planrag.engine.first_schema import FirstSchema, first_prompt_schema
    from planrag.engine.plan_check import requirements_of
    from planrag.runtime import open_source, registry
    from planrag.schema.budget import question_links

    needs = requirements_of(registry(settings).named(args.dataset))

    async def run() -> FirstSchema:
        async with open_source(settings, args.dataset, args.target) as source:
            return await first_prompt_schema(source, needs, args.question,
                                             settings.schema_budget)

    first = run_async(run())
    schema, view = first.schema, first.view
    if view is None:
        print(printable(schema.render()))
        return 0
    print(printable(view.text))
    if not view.complete:
        _note(f"in full: {len(view.shown)} of {len(schema.entities)}; named only: "
              f"{len(view.named)}; counted: {view.omitted}")
        for name, why in view.reasons:
            _note(f"  {name}: {why}")
    for problem in first.required.problems:
        _note(problem)
    index = schema.values
    if index is None:
        _note("no value index for this database: no question words linked to values")
        return 0
    found = view.links or tuple(question_links(schema, args.question))
    note = "" if view.links or not found else " (the whole schema is shown, so not in it)"
    _note(f"values named in the question: {len(found)}{note}; value index: {index.summary()}")
    for link in found:
        _note("  " + link.render())
    return 0


def _note(line: str) -> None:
    print(printable(line, one_line=True), file=sys.stderr)


def run_guard(
    language: str,
    database: str | None = None,
    server: str | None = None,
    schemas: Sequence[str] | None = None,
) -> int:
    """Read `{"id", "query"}` lines; write `{"id", "verdict", "reason"}` lines. Never fails."""
    from planrag.guards import Scope, check
    from planrag.guards.dialects import SqlDialect, dialect_for

    dialect = server if language == "sql" and server else language
    found = dialect_for(dialect)
    known = found.default_schemas if isinstance(found, SqlDialect) else None
    scope = Scope(database, schemas=(tuple(schemas or ()) or known) if known else None)

    n = 0
    while True:
        n += 1
        try:
            line = read_line(sys.stdin, f"line {n}")
        except InputNotText as exc:
            line = json.dumps({"id": None, "query": None, "_error": str(exc)})
        if not line:
            break
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            obj = {"id": None, "query": None, "_error": f"line {n} is not JSON: {exc.msg}"}
        except (ValueError, RecursionError):  # a number too long, or nesting too deep
            obj = {"id": None, "query": None, "_error": f"line {n} cannot be read as JSON"}
        if not isinstance(obj, dict):
            obj = {"id": None, "query": None, "_error": f"line {n} is not a JSON object"}
        if lone_surrogate(obj):  # no query, reason or id that cannot be written back
            qid = None if lone_surrogate(obj.get("id")) else obj.get("id")
            obj = {"id": qid, "query": None, "_error": f"line {n} holds an unpaired "
                   "surrogate escape (\\ud800 to \\udfff alone), which is no text; write "
                   "the character itself"}
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
            verdict = check(dialect, query, scope)
            out = {
                "id": obj.get("id"),
                "verdict": "allow" if verdict.allowed else "refuse",
                "reason": verdict.reason,
            }
        print(json.dumps(out, ensure_ascii=False), flush=True)
    return 0
