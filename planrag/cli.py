"""The `planrag` command line.

    planrag datasets [--json]                         list the datasets and their databases
    planrag connect ID (--mysql URL | --postgres URL [--postgres-schemas S,...]
                        | --neo4j URI [--neo4j-database NAME] | --sqlite FILE)...
                    [--title T] [--rules FILE] [--simulator REF] [--allow-write-privileges]
    planrag connect ID --update [--title T] [--rules FILE] [--simulator REF] [--mysql URL ...]
                                                      change a connected dataset (re-checked)
    planrag disconnect ID                             remove a connected dataset, its secrets too
    planrag users add NAME [--password-stdin | --no-password] [--datasets ID,...] [--admin]
                      [--identity PROVIDER:NAME ...] [--groups GROUP,...]
    planrag users list | remove NAME | set NAME [--datasets ...] [--password-stdin] [--admin]
                      [--identity PROVIDER:NAME ... | --no-identities] [--groups GROUP,...]
    planrag users group GROUP --datasets ID,...       who may sign in to the chat, and to what
    planrag users token NAME [--label TEXT | --list | --revoke ID|all]
    planrag users key NAME [--label TEXT | --list | --revoke ID|all]
                                                      a user's MCP bearer tokens (prt_...) and
                                                      API keys (prk_...): a new one is printed
                                                      once, alone on the last line of stdout
    planrag audit [--user U] [--since T] [--run ID] [--json]   who asked what, and what ran
    planrag feedback export [--format jsonl|csv] [--output FILE]  thumbs up/down on answers
    planrag load [--target T] [--force] [DATASET...]  load dumps (idempotent)
    planrag query --dataset REF [--target T] [--json] QUERY
    planrag schema --dataset REF [--target T] [--question Q]
                                                      the schema text a model's first prompt
                                                      holds (whole without --question)
    planrag guard sql|cypher [--database DB] [--server mysql|mariadb|sqlite]
                                                      JSON lines in, verdicts out
    planrag graph start|stop|status [--started-file FILE]
                                                      the embedded Bolt server (with the file,
                                                      `stop` stops only the one `start` began)
    planrag simulate SCENARIO --sql DUMP [--country C | --goods G] [--rules R] [--json]
    planrag simulate --dataset REF [--target dump|T] [--param K=V ...] [--rules R] [--json]
    planrag simulate --batch QUESTIONS.jsonl [--rules R]
    planrag ask "QUESTION" --dataset REF [--target T] [--technique T] [--yes|--no] [--json]
                [--verbose] [--scripted]
    planrag eval --dqa DIR --scenario S [--target T ...] [--technique T] [--limit N]
                 [--protocol product|paper] [--prompts product|paper]
                 [--concurrency K] [--out DIR] [--scripted]
    planrag eval --compare RUN_A RUN_B [--json]       two evaluations' cells, the difference
                                                      and its 95% interval
    planrag shell                                     interactive console over the datasets
    planrag serve mcp [--http [--host H] [--port P]] [--scripted]
                                                      the assistant as an MCP server
    planrag serve api [--host H] [--port P] [--scripted]
                                                      ... as an OpenAI-compatible API

REF is `DATASET`, `DATASET@DUMP` or `DATASET#QUESTION`; T a target (a kind of database:
mysql, postgres, sqlite, graph), by default the dataset's own. Exit codes: 0 ok, 1 error
(one line on stderr), 2 refused: a query by a guard, by `connect` an account that can do more
than read, or input that is not text, an argument or a line of standard input with bytes
that are not UTF-8 (the reason on stderr), 3 `ask` ended without a decision (a budget ran
out; stderr says which). `simulate --dataset` whose check ranks no candidate exits 1 with
the reason (its report, or `--json`, still printed). A dataset whose files are broken is
set aside (`planrag datasets` says why); the others work.

Text from data or a model (query results, schemas, labels, audit entries, errors quoting
them) is printed through `planrag.markup.printable` (or its Rich form): a terminal shows its
control characters as escapes and never acts on them. `--json` output is exact JSON.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
from collections.abc import Coroutine, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from planrag.errors import AccountRefused, LimitReached, PlanRAGError, QueryRefused
from planrag.guards.dialects import DIALECTS
from planrag.locations import all_kinds, target_names
from planrag.markup import printable
from planrag.settings import Settings, load_settings
from planrag.utf8 import InputNotText, check_argument, lone_surrogate, read_line, read_text_file

if TYPE_CHECKING:
    from planrag.schema import Schema
    from planrag.store import Store
    from planrag.users import CredentialKind, UsersFile

__all__ = ["main"]

TARGETS = target_names()
SQL_DIALECTS = tuple(d.name for d in DIALECTS.values() if d.language == "sql")
GROUPS_HELP = ("groups the user is in, on every way in (an MCP token and an API key too): "
               "their datasets (planrag users group) and a live database's accounts per group")
IDENTITY_HELP = ("a single sign-on identity that signs in as this user: header:NAME (the "
                 "proxy's header) or PROVIDER:NAME for OAuth (github:alice); repeatable")
_T = TypeVar("_T")


def _run(work: Coroutine[Any, Any, _T]) -> _T:
    """Run `work` on a fresh event loop, closing the shared connection pools before the loop
    ends (they belong to it)."""

    async def run() -> _T:
        from planrag.sources.mysql import close_pools
        from planrag.sources.neo4j import close_drivers
        from planrag.sources.postgres import close_pools as close_postgres_pools

        try:
            return await work
        finally:
            await close_pools()
            await close_postgres_pools()
            await close_drivers()

    return asyncio.run(run())


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if not getattr(args, "command", None):
        parser.print_help()
        return 1
    try:
        _check_text_arguments(parser, args)
        if args.command == "guard":  # needs no settings: usable as a pure filter
            return _guard(args.language, args.database, args.server, args.schemas)
        if args.command == "simulate" and not args.dataset:  # files only: no settings
            return _simulate_files(args)
        _check_env_file()
        settings = load_settings()
        from planrag.runtime import check_dataset_setting, registry

        reg = registry(settings)
        if settings.dataset not in reg.problems:  # a broken one is said where it is used
            check_dataset_setting(settings, reg)  # PLANRAG_DATASET, at start
        if args.command in ("ask", "eval", "shell", "serve"):  # the commands that run questions
            from planrag.telemetry import configure_from_env

            configure_from_env()  # tracing, when OTEL_EXPORTER_OTLP_ENDPOINT is set
        return int(args.handler(settings, args))
    except QueryRefused as exc:
        print(f"refused: {printable(exc.reason)}", file=sys.stderr)
        return 2
    except (InputNotText, LimitReached) as exc:
        print(f"error: {printable(str(exc))}", file=sys.stderr)
        return 2
    except AccountRefused as exc:
        print(f"refused: {printable(str(exc))}", file=sys.stderr)
        if exc.advice:
            print(printable(exc.advice), file=sys.stderr)
        return 2
    except PlanRAGError as exc:
        print(f"error: {printable(str(exc))}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader went away (`| head`): stop quietly
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - keeps Python's exit flush quiet
        return 0


def _check_text_arguments(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Every argument given as text is text: bytes that are not UTF-8 (kept by Python as lone
    surrogates) would otherwise reach a model, a database or a file and fail there. File
    names (`Path` arguments) may hold any bytes the file system allows."""
    actions = _chosen_actions(parser, args)
    for dest, value in vars(args).items():
        for item in value if isinstance(value, list) else [value]:
            if not isinstance(item, str):
                continue
            action = actions.get(dest)
            if action is None:
                check_argument(item, f"the {dest} argument")
            elif action.option_strings:
                fix = "rename the file" if action.metavar == "FILE" else "send it as UTF-8 text"
                check_argument(item, max(action.option_strings, key=len), fix)
            elif isinstance(action.metavar, str):
                check_argument(item, f"the {action.metavar} argument")
            else:
                check_argument(item, f"the {action.dest.replace('_', ' ')}")


def _chosen_actions(
    parser: argparse.ArgumentParser, args: argparse.Namespace
) -> dict[str, argparse.Action]:
    """The arguments of the command (and sub-command) chosen, by their attribute."""
    actions: dict[str, argparse.Action] = {}
    chosen: argparse.ArgumentParser | None = parser
    while chosen is not None:
        following = None
        for action in chosen._actions:
            if isinstance(action, argparse._SubParsersAction):
                following = action.choices.get(getattr(args, action.dest, None) or "")
            else:
                actions[action.dest] = action
        chosen = following
    return actions


def _check_env_file() -> None:
    """`.env`, read by the settings, as UTF-8 text (else one line naming it)."""
    from planrag.errors import ConfigError

    env_file = Path(".env")
    if env_file.is_file():
        read_text_file(env_file, "the settings file", ConfigError)


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="planrag", description="PlanRAG decision assistant")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    s = sub.add_parser("datasets", help="list datasets")
    s.add_argument("--json", action="store_true", help="machine-readable output")
    s.set_defaults(handler=_datasets)

    s = sub.add_parser(
        "connect", help="connect your own database as a dataset (checked: read-only account)",
        description="Check a live database (reachable, its schema, an account that only "
        "reads) and register it as dataset ID under PLANRAG_DATASETS_DIR.",
    )
    s.add_argument("id", metavar="ID", help="the new dataset's id: lowercase, digits, dashes "
                   "(with --update: the connected dataset to change)")
    for kind in all_kinds():  # --mysql URL, --neo4j URI [--neo4j-database NAME], --sqlite FILE
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

    s = sub.add_parser(
        "disconnect", help="remove a connected dataset (its folder and secrets.env)",
        description="Remove the dataset ID that `planrag connect` made: its folder under "
        "PLANRAG_DATASETS_DIR, its secrets.env included, without asking. Shipped datasets "
        "stay.",
    )
    s.add_argument("id", metavar="ID", help="the connected dataset's id")
    s.set_defaults(handler=_disconnect)

    s = sub.add_parser("audit", help="the audit trail: questions, queries, consent, answers")
    s.add_argument("--user", help="only this person's")
    s.add_argument("--since", help="from this date or time, or a span back (30m, 12h, 7d)")
    s.add_argument("--run", help="only this run")
    s.add_argument("--json", action="store_true", help="one JSON object per line")
    s.set_defaults(handler=_audit)

    s = sub.add_parser("feedback", help="the thumbs up and down given to answers")
    fb = s.add_subparsers(dest="feedback_command", metavar="ACTION", required=True)
    f = fb.add_parser("export", help="every rating with its question, decision and check")
    f.add_argument("--format", choices=["jsonl", "csv"], default="jsonl")
    f.add_argument("--output", type=Path, help="write here instead of standard output")
    s.set_defaults(handler=_feedback)

    s = sub.add_parser("users", help="who may sign in to the chat, and to which datasets; "
                       "MCP tokens and API keys")
    users = s.add_subparsers(dest="users_command", metavar="ACTION", required=True)
    u = users.add_parser("add", help="add a user (asks for the password)")
    u.add_argument("name")
    how = u.add_mutually_exclusive_group()
    how.add_argument("--password-stdin", action="store_true",
                     help="read the password from standard input (one line)")
    how.add_argument("--no-password", action="store_true",
                     help="no password: the user signs in through single sign-on only")
    u.add_argument("--datasets", default="", metavar="ID,...",
                   help="datasets the user may ask about (* for all; default none)")
    u.add_argument("--admin", action="store_true", help="may manage users")
    u.add_argument("--identity", dest="identities", action="append", default=[],
                   metavar="PROVIDER:NAME", help=IDENTITY_HELP)
    u.add_argument("--groups", default="", metavar="GROUP,...", help=GROUPS_HELP)
    u = users.add_parser("list", help="list the users, how they sign in and their datasets")
    u.add_argument("--json", action="store_true")
    u = users.add_parser("remove", help="remove a user")
    u.add_argument("name")
    u = users.add_parser("set", help="change a user's datasets, password or admin right")
    u.add_argument("name")
    u.add_argument("--datasets", metavar="ID,...")
    u.add_argument("--password-stdin", action="store_true")
    admin = u.add_mutually_exclusive_group()
    admin.add_argument("--admin", action="store_true", default=None)
    admin.add_argument("--no-admin", dest="admin", action="store_false")
    ids = u.add_mutually_exclusive_group()
    ids.add_argument("--identity", dest="identities", action="append", metavar="PROVIDER:NAME",
                     help=IDENTITY_HELP + "; replaces the user's identities")
    ids.add_argument("--no-identities", dest="identities", action="store_const", const=[],
                     help="single sign-on no longer signs in as this user")
    u.add_argument("--groups", metavar="GROUP,...",
                   help=GROUPS_HELP + "; replaces the user's groups ('' for none)")
    u = users.add_parser("group", help="a single sign-on group's datasets (empty removes it)")
    u.add_argument("name")
    u.add_argument("--datasets", required=True, metavar="ID,...")
    for command, noun, server in (("token", "MCP token", "the MCP server (planrag serve mcp)"),
                                  ("key", "API key", "the API (planrag serve api)")):
        u = users.add_parser(command, help=f"issue, list or revoke a user's {noun}s for "
                             f"{server}; a new one is printed once")
        u.add_argument("name")
        what = u.add_mutually_exclusive_group()
        what.add_argument("--label", default="", metavar="TEXT",
                          help=f"what the new {noun} is for, shown by --list")
        what.add_argument("--list", action="store_true",
                          help=f"the user's {noun}s: ids, labels, when issued (never the "
                               "secrets)")
        what.add_argument("--revoke", metavar="ID|all",
                          help=f"remove one {noun} (its id from --list, or the whole "
                               f"{noun}) or all of the user's {noun}s")
    s.set_defaults(handler=_users)

    s = sub.add_parser("load", help="load datasets into the databases (idempotent)")
    s.add_argument("--target", choices=[*TARGETS, "all"], default="all")
    s.add_argument("--force", action="store_true", help="reload even when unchanged")
    s.add_argument("datasets", nargs="*", metavar="DATASET", help="default: every dataset")
    s.set_defaults(handler=_load)

    s = sub.add_parser("query", help="run one query through the guards")
    s.add_argument("--dataset", required=True, metavar="REF")
    s.add_argument("--target", choices=TARGETS, help="default: the dataset's own")
    s.add_argument("--json", action="store_true")
    s.add_argument("query")
    s.set_defaults(handler=_query)

    s = sub.add_parser(
        "schema", help="print the schema a model sees",
        description="Print the schema text the model's first prompt holds for a question "
        "(within PLANRAG_SCHEMA_BUDGET), or the whole schema without --question.",
    )
    s.add_argument("--dataset", required=True, metavar="REF")
    s.add_argument("--target", choices=TARGETS, help="default: the dataset's own")
    s.add_argument("--question", metavar="Q", help="the question the prompt is for")
    s.set_defaults(handler=_schema)

    s = sub.add_parser("guard", help="classify queries read as JSON lines on stdin")
    s.add_argument("language", choices=("sql", "cypher"))
    s.add_argument("--database", metavar="DB",
                   help="SQL: the database queries may read (unknown: every qualified name "
                   "outside it is refused)")
    s.add_argument("--server", choices=SQL_DIALECTS,
                   help="SQL: the database that runs them, whose dialect they are judged in "
                   "(its built-in functions; sqlite: SQLite's dialect)")
    s.add_argument("--schema", action="append", metavar="NAME", dest="schemas",
                   help="postgres: a schema queries may read (repeat for more; default: "
                   "public)")

    s = sub.add_parser("graph", help="manage the embedded Bolt server")
    s.add_argument("action", choices=("start", "stop", "status"))
    s.add_argument("--started-file", type=Path, metavar="FILE",
                   help="start: write the pid of the server it started to FILE (empty when "
                   "one was running already); stop: stop the server only when FILE names it")
    s.set_defaults(handler=_graph)

    s = sub.add_parser(
        "simulate",
        help="rank every candidate decision with a simulator",
        description="Rank every candidate decision of one question with a simulator. Give "
        "a dump (--sql, with the scenario), a dataset (--dataset REF; parameters come from a "
        "#QUESTION and/or the options), or a DQA-format questions file (--batch).",
    )
    s.add_argument("scenario", nargs="?", help="locating, building, or a simulator's name")
    where = s.add_mutually_exclusive_group(required=True)
    where.add_argument("--sql", type=Path, metavar="DUMP", help="a relational dump file")
    where.add_argument("--dataset", metavar="REF", help="DATASET, DATASET@DUMP, DATASET#QUESTION")
    where.add_argument("--batch", type=Path, metavar="QUESTIONS", help="a questions.jsonl file")
    s.add_argument(
        "--target",
        choices=("dump", *TARGETS),
        default="dump",
        help="with --dataset: read the dump file (exact, default) or a loaded database",
    )
    s.add_argument("--country", help="Locating: the country placing its merchant")
    s.add_argument("--home", help="Locating: its home node (checked; derived when omitted)")
    s.add_argument("--goods", help="Building: the goods whose price to lower")
    s.add_argument(
        "--param", action="append", default=[], metavar="NAME=VALUE", help="any parameter"
    )
    s.add_argument("--rules", help="rule set (DQA scenarios: dqa, the default, or rules)")
    s.add_argument("--decision", metavar="DID",
                   help="with --dataset: a decision model written in its dataset.toml")
    s.add_argument("--top", type=int, default=10, help="rows of the ranking to print")
    s.add_argument("--json", action="store_true")
    s.add_argument(
        "--compare", action="store_true",
        help="with --batch: a line on stderr for each question where another rule set of its "
        "simulator chooses differently (runs each sweep once more)",
    )
    s.set_defaults(handler=_simulate_dataset)

    s = sub.add_parser(
        "decision", help="decision models written in a dataset's manifest",
        description="A dataset's decision models ([[decisions]] in its dataset.toml): "
        "list them, try them on their database, or print one as TOML.",
    )
    dsub = s.add_subparsers(dest="decision_command", metavar="ACTION", required=True)
    d = dsub.add_parser("list", help="the dataset's decision models and any broken ones")
    d.add_argument("dataset", metavar="DATASET")
    d.add_argument("--json", action="store_true")
    d = dsub.add_parser("check", help="try each query on its database: columns, timings, "
                        "the first candidates with their values")
    d.add_argument("dataset", metavar="DATASET")
    d.add_argument("decision", nargs="?", metavar="DID", help="one decision (default: all)")
    d.add_argument("--param", action="append", default=[], metavar="NAME=VALUE")
    d.add_argument("--json", action="store_true")
    d = dsub.add_parser("show", help="a decision model as TOML")
    d.add_argument("dataset", metavar="DATASET")
    d.add_argument("decision", metavar="DID")
    d = dsub.add_parser("save", help="append the check the assistant proposed in a run to "
                        "the dataset's manifest")
    d.add_argument("dataset", metavar="DATASET")
    d.add_argument("run", metavar="RUN_ID", help="the run whose proposed check to keep")
    s.set_defaults(handler=_decision)

    s = sub.add_parser(
        "ask", help="ask a decision question (with a configured model, or --scripted)",
        description="Ask a decision question. Exit codes: 0 answered, 1 the run failed or an "
        "error (one line on stderr), 2 refused, 3 the run ended without a decision (a budget "
        "such as PLANRAG_RUN_TIMEOUT ran out; stderr says which).",
    )
    s.add_argument("question")
    s.add_argument("--dataset", required=True, metavar="REF")
    s.add_argument("--target", choices=TARGETS, help="default: the dataset's own")
    s.add_argument("--technique", choices=("planrag", "planrag-norp", "iterrag", "singlerag"))
    consent = s.add_mutually_exclusive_group()
    consent.add_argument("--yes", action="store_true", help="approve every re-plan")
    consent.add_argument("--no", action="store_true", help="reject every re-plan")
    s.add_argument("--json", action="store_true", help="one JSON line per event")
    s.add_argument("--verbose", action="store_true",
                   help="also the trace: each model call and the tokens it took")
    s.add_argument("--scripted", action="store_true",
                   help="answer with the built-in scripted DQA policy instead of a model")
    s.set_defaults(handler=_ask)

    s = sub.add_parser("eval", help="run the paper's experiment on DQA questions")
    s.add_argument("--dqa", type=Path, metavar="DIR",
                   help="this project's DQA layout (fixtures/dqa) or a clone of the PlanRAG "
                   "repository, current or older layout (its root or its data/ folder); "
                   "required unless --compare")
    s.add_argument("--scenario", choices=("locating", "building"),
                   help="required unless --compare")
    s.add_argument("--target", action="append", choices=TARGETS,
                   help="where the questions run; repeat it for several (default: mysql and "
                   "graph with --protocol paper, each question in both forms; mysql "
                   "otherwise)")
    s.add_argument("--protocol", choices=("product", "paper"), default="product",
                   help="product: this product's budgets, checks and prompts (default); "
                   "paper: the PlanRAG paper's setting (both forms, 15 iterations and no "
                   "forced answer, unlimited re-plans, 200-row observations, temperature 0, "
                   "the paper's prompt structure)")
    s.add_argument("--prompts", choices=("product", "paper"),
                   help="the prompts' structure (default: the protocol's)")
    s.add_argument("--compare", nargs=2, type=Path, metavar=("RUN_A", "RUN_B"),
                   help="compare two evaluations' output folders instead of running one")
    s.add_argument("--json", action="store_true", help="with --compare: print JSON")
    s.add_argument("--technique", default="planrag",
                   choices=("planrag", "planrag-norp", "iterrag", "singlerag"))
    s.add_argument("--limit", type=int, help="only the first N questions")
    s.add_argument("--concurrency", type=int, metavar="K",
                   help="questions asked at once (default: what the model endpoint takes, "
                   "PLANRAG_MODEL_CONCURRENCY: 1 for a server on this machine or a private "
                   "network, 4 for hosted APIs; 4 with --scripted)")
    s.add_argument("--consent", choices=("approve", "reject"), default="approve",
                   help="what re-plans get (nobody is asked in a batch)")
    s.add_argument("--out", type=Path, metavar="DIR", help="default: .planrag/eval/<time>")
    s.add_argument("--scripted", action="store_true",
                   help="answer with the built-in scripted DQA policy instead of a model")
    s.set_defaults(handler=_eval)

    s = sub.add_parser("shell", help="interactive console over the datasets")
    s.set_defaults(handler=_shell)

    s = sub.add_parser("serve", help="serve the assistant to other tools (MCP, OpenAI API)")
    serve = s.add_subparsers(dest="serve_command", metavar="WHAT", required=True)
    m = serve.add_parser("mcp", help="an MCP server: stdio, or Streamable HTTP with --http")
    m.add_argument("--http", action="store_true",
                   help="listen over Streamable HTTP (requests need a token from `planrag "
                   "users token NAME` once any user exists) instead of stdio")
    m.add_argument("--host", default="127.0.0.1", help="with --http (default 127.0.0.1)")
    m.add_argument("--port", type=int, default=8765, help="with --http (default 8765)")
    m.add_argument("--scripted", action="store_true",
                   help="answer with the labelled scripted walkthrough instead of a model")
    m.set_defaults(handler=_serve_mcp)
    a = serve.add_parser("api", help="an OpenAI-compatible API: /v1/models and "
                         "/v1/chat/completions, each dataset a model")
    a.add_argument("--host", default="127.0.0.1", help="default 127.0.0.1")
    a.add_argument("--port", type=int, default=8766, help="default 8766")
    a.add_argument("--scripted", action="store_true",
                   help="answer with the labelled scripted walkthrough instead of a model")
    a.set_defaults(handler=_serve_api)
    return p


# --------------------------------------------------------------------------- commands


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
                    copies_account.append(_run(loaded_copies_account(settings)))
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
            **_decision_status(settings, ds, problem is None),
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

    done = _run((update if args.update else connect)(settings, request, echo))
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
    for d in _decision_status(settings, done.dataset, True).get("decisions", ()):
        state = f"BROKEN: {d['error']}" if d.get("error") else (
            f"not tried: {d['untried']}" if d.get("untried") else "checked on the database")
        print(printable(f"- decision {d['id']}: {state}"))
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


def _team_store(settings: Settings) -> Store:
    from planrag.errors import ConfigError
    from planrag.store import Store, history_url

    url = history_url(settings)
    if url is None:
        raise ConfigError("PLANRAG_HISTORY_URL is off: nothing is kept to read")
    if url.startswith("sqlite"):
        path = Path(url.partition(":///")[2])
        if not path.is_file():
            raise ConfigError(f"no history database at {path} yet: it is made when the chat "
                              "first starts with sign-in (see the README, Teams)")
    return Store(url)


def _audit(settings: Settings, args: argparse.Namespace) -> int:
    from planrag.store import since_value

    since = since_value(args.since) if args.since else None
    store = _team_store(settings)

    async def read() -> list[Any]:
        try:
            return await store.audit_entries(user=args.user, since=since, run=args.run)
        finally:
            await store.close()

    entries = _run(read())
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

    store = _team_store(settings)

    async def read() -> list[dict[str, Any]]:
        try:
            return await store.feedback()
        finally:
            await store.close()

    rows = _run(read())
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


def _users(settings: Settings, args: argparse.Namespace) -> int:
    from planrag.users import UsersFile

    users = UsersFile(settings.users_path)
    for warning in users.warnings():
        print(f"warning: {warning}", file=sys.stderr)
    action = args.users_command
    if action in ("token", "key"):
        return _credentials(users, args.name, "mcp" if action == "token" else "api", args)
    if action == "list":
        rows: list[dict[str, Any]] = [
            {"name": u.name, "datasets": list(u.datasets), "admin": u.admin,
             "password": bool(u.password_hash), "identities": list(u.sign_ins()),
             "groups": list(u.groups),
             "mcp_tokens": len(u.credentials_of("mcp")),
             "api_keys": len(u.credentials_of("api"))}
            for u in users.users().values()]
        groups = users.groups()
        if args.json:
            print(json.dumps({"users": rows, "groups": {g: list(d) for g, d in groups.items()}},
                             indent=2))
            return 0
        for r in sorted(rows, key=lambda r: r["name"]):
            datasets = ", ".join(r["datasets"]) or "(no dataset)"
            sign_in = ", ".join(r["identities"]) or "(cannot sign in)"
            held = [f"{n} {noun}{'' if n == 1 else 's'}" for n, noun in (
                (r["mcp_tokens"], "MCP token"), (r["api_keys"], "API key")) if n]
            within = f"; in {', '.join(r['groups'])}" if r["groups"] else ""
            print(f"{r['name']:24} {'admin ' if r['admin'] else '      '}{sign_in:30} "
                  f"{datasets}{within}{'; ' + ', '.join(held) if held else ''}")
        for g, d in sorted(groups.items()):
            print(f"group {g:18} {'':22}{', '.join(d)}")
        if not rows and not groups:
            print(f"no users in {users.path}; add one: planrag users add NAME --datasets ID")
        return 0
    if action == "group":
        users.set_group(args.name, _dataset_list(settings, args.datasets))
        print(f"group {args.name}: {args.datasets.strip() or 'removed'}; users file "
              f"{users.path}")
        return 0
    if action == "remove":
        users.remove(args.name)
        print(f"removed {args.name}")
        return 0
    chosen = _dataset_list(settings, args.datasets) if args.datasets is not None else None
    asked = (action == "add" and not args.no_password) or args.password_stdin
    password = _password(args.password_stdin) if asked else None
    member = (None if args.groups is None
              else [g.strip() for g in args.groups.split(",") if g.strip()])
    if action == "add":
        record = users.add(args.name, password, chosen or [], args.admin, args.identities,
                           member or [])
        said = "added"
    else:
        record = users.set(args.name, datasets=chosen, password=password, admin=args.admin,
                           identities=args.identities, groups=member)
        said = "updated"
    shown = ", ".join(record.datasets) or "no dataset yet (planrag users set ... --datasets)"
    if record.groups:
        known = users.groups()
        shown += "; in " + ", ".join(g if g in known else f"{g} (no datasets yet: planrag "
                                     f"users group {g} --datasets ID)" for g in record.groups)
    how = ", ".join(record.sign_ins()) or "no way to sign in yet (--identity or a password)"
    print(f"{said} {record.name}{' (admin)' if record.admin else ''}: {shown}; signs in as "
          f"{how}; users file {users.path}")
    return 0


def _credentials(users: UsersFile, name: str, kind: CredentialKind,
                 args: argparse.Namespace) -> int:
    """`planrag users token|key NAME`: issue (the secret alone on stdout, so
    `TOKEN=$(planrag users token alice)` takes it), `--list` or `--revoke`."""
    from planrag.errors import ConfigError
    from planrag.users import NOUN

    noun, command = NOUN[kind], "token" if kind == "mcp" else "key"
    if args.list:
        person = users.users().get(name)
        if person is None:
            raise ConfigError(f"no user {name!r}; `planrag users list` shows them")
        held = person.credentials_of(kind)
        for c in held:
            label = printable(c.label, one_line=True) or "(no label)"
            print(f"{c.id}  {printable(c.created, one_line=True):20}  {label}")
        if not held:
            print(f"{name} has no {noun}s; issue one: planrag users {command} {name}")
        return 0
    if args.revoke is not None:
        gone = users.revoke(name, kind, args.revoke)
        print(f"revoked {len(gone)} {noun}{'' if len(gone) == 1 else 's'} of {name}"
              f"{': ' + ', '.join(c.id for c in gone) if gone else ''}")
        return 0
    secret, credential = users.issue(name, kind, args.label)
    print(f"{noun} {credential.id} issued to {name}; it is shown once, below, and cannot be "
          f"shown again. Revoke it: planrag users {command} {name} --revoke {credential.id}",
          file=sys.stderr, flush=True)
    print(secret)
    return 0


def _dataset_list(settings: Settings, text: str) -> list[str]:
    """`a,b` -> the dataset ids, each known (or *)."""
    from planrag.errors import ConfigError
    from planrag.runtime import registry

    ids = [part.strip() for part in text.split(",") if part.strip()]
    known = set(registry(settings).ids())
    unknown = [i for i in ids if i != "*" and i not in known]
    if unknown:
        raise ConfigError(f"unknown dataset(s) {', '.join(unknown)}; known: "
                          f"{', '.join(sorted(known))} (or * for all)")
    return ids


def _password(from_stdin: bool) -> str:
    from planrag.errors import ConfigError

    if from_stdin:
        line = read_line(sys.stdin, "the password on standard input")
        if not line:
            raise ConfigError("no password on standard input")
        return line.rstrip("\r\n")
    import getpass

    if not sys.stdin.isatty():
        raise ConfigError("give the password with --password-stdin (no terminal to ask on)")
    first = getpass.getpass("Password: ")
    if getpass.getpass("Again: ") != first:
        raise ConfigError("the two passwords differ; nothing was changed")
    return first


def _load(settings: Settings, args: argparse.Namespace) -> int:
    from planrag.runtime import load_datasets, registry

    if not args.datasets:  # every dataset: say which are set aside, and why
        for name, problem in sorted(registry(settings).problems.items()):
            print(f"skipped {name}: {problem}", file=sys.stderr, flush=True)

    reports = _run(
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

    table = _run(run())
    print(json.dumps(table.to_json(), default=str) if args.json else table.render())
    return 0


def _schema(settings: Settings, args: argparse.Namespace) -> int:
    """Standard output: exactly the schema text of the first prompt (the whole schema
    without --question). Standard error: the values the question names, as the prompt says
    them, and the value index they were found in."""
    from planrag.runtime import open_source
    from planrag.schema.budget import prompt_schema, question_links

    async def run() -> Schema:
        async with open_source(settings, args.dataset, args.target) as source:
            return await source.schema()

    schema = _run(run())
    if args.question is None:
        print(printable(schema.render()))
        return 0
    view = prompt_schema(schema, args.question, settings.schema_budget)
    print(printable(view.text))
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


def _guard(
    language: str,
    database: str | None = None,
    server: str | None = None,
    schemas: Sequence[str] | None = None,
) -> int:
    """Read `{"id", "query"}` lines; write `{"id", "verdict", "reason"}` lines. Never fails."""
    from planrag.guards import Scope, check

    dialect = server if language == "sql" and server else language
    if dialect == "postgres":
        scope = Scope(database, "postgres", tuple(schemas or ("public",)))
    else:
        scope = Scope(database)

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


def _graph(settings: Settings, args: argparse.Namespace) -> int:
    from planrag.runtime import graph_command

    print(graph_command(settings, args.action, args.started_file))
    return 0


def _parameters(args: argparse.Namespace) -> dict[str, Any]:
    from planrag.errors import SimulatorInputError

    raw: dict[str, Any] = {}
    for item in args.param:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise SimulatorInputError(f"--param {item!r}: write it as NAME=VALUE")
        try:
            raw[name.strip()] = json.loads(value)
        except json.JSONDecodeError:
            raw[name.strip()] = value
        if lone_surrogate(raw[name.strip()]):
            raise InputNotText(f"--param {name.strip()}: its value holds an unpaired surrogate "
                               "escape (\\ud800 to \\udfff alone), which is no text; write "
                               "the character itself")
    for name in ("country", "home", "goods"):
        if getattr(args, name) is not None:
            raw[name] = getattr(args, name)
    return raw


def _print_result(result: Any, args: argparse.Namespace, extra: dict[str, Any]) -> None:
    if args.json:
        print(json.dumps({**result.to_json(), **extra}, default=str))
        return
    print(printable(result.render(top=args.top)))
    for key, value in extra.items():
        print(printable(f"{key.replace('_', ' ')}: {value}"))


def _simulate_top(args: argparse.Namespace) -> None:
    """Options every simulate form checks first."""
    from planrag.errors import SimulatorInputError

    if args.top < 1:
        raise SimulatorInputError(
            f"--top {args.top}: give how many ranking rows to print, 1 or more"
        )
    if args.compare and args.batch is None:
        raise SimulatorInputError(
            "--compare goes with --batch; a single run always says when another rule set "
            "would choose differently"
        )


def _simulate_files(args: argparse.Namespace) -> int:
    from planrag.errors import SimulatorInputError
    from planrag.simulators.registry import resolve
    from planrag.simulators.service import RENAMES, simulate_dump

    _simulate_top(args)
    if args.target != "dump":
        where = "--batch" if args.batch is not None else "--sql"
        raise SimulatorInputError(
            f"--target {args.target} applies only with --dataset; {where} reads dump files"
        )
    if args.batch is not None:
        return _simulate_batch(args)
    if not args.scenario:
        raise SimulatorInputError("name the scenario: planrag simulate locating|building --sql ...")
    sim_cls = resolve(args.scenario)
    result = simulate_dump(sim_cls, args.sql, _parameters(args), args.rules, RENAMES)
    _print_result(result, args, {})
    return 0


def _simulate_batch(args: argparse.Namespace) -> int:
    """JSON lines on stdout, exactly the contract; notes and the error count on stderr."""
    from planrag.errors import SimulatorInputError
    from planrag.simulators.base import NEAR_TIE
    from planrag.simulators.service import batch

    unused = [
        name
        for name, given in (
            (f"the scenario {args.scenario!r}", args.scenario is not None),
            ("--country", args.country is not None),
            ("--home", args.home is not None),
            ("--goods", args.goods is not None),
            ("--param", bool(args.param)),
            ("--json", args.json),
        )
        if given
    ]
    if unused:
        raise SimulatorInputError(
            "--batch takes each question's scenario and parameters from its line and always "
            f"writes JSON lines: drop {', '.join(unused)}"
        )
    failed = 0
    odd_answers: list[str] = []
    near: list[str] = []
    for line in batch(args.batch, args.rules, compare=args.compare):
        failed += line.result is None
        other = line.disagreement
        if other is not None and line.result is not None and line.result.best is not None:
            print(printable(f"rules: {line.id}: rule set {other.rules!r} would choose "
                            f"{other.best} instead of {line.result.best.decision} "
                            f"({line.result.rules})"), file=sys.stderr)
        if line.answer_not_a_candidate:
            odd_answers.append(str(line.id))
        if line.result is not None and line.result.near_ties:
            near.append(str(line.id))
        print(json.dumps(line.to_json(), ensure_ascii=False, default=str), flush=True)
    if odd_answers:
        print(
            f"note: {len(odd_answers)} question(s) give an answer that is not a candidate, so "
            f"their rank_of_answer is null: {_simulate_ids(odd_answers)}",
            file=sys.stderr,
        )
    if near:
        print(
            f"note: {len(near)} question(s) have near-ties (relative gap < {NEAR_TIE:g}) with "
            f"their best decision: {_simulate_ids(near)}",
            file=sys.stderr,
        )
    if failed:
        print(f"error: {failed} question(s) could not be simulated", file=sys.stderr)
    return 1 if failed else 0


def _decision_status(settings: Settings, ds: Any, usable: bool) -> dict[str, Any]:
    """The dataset's written decisions, each tried on its database (a dry run): a broken
    one is listed with its reason, and the rest of the dataset is unaffected."""
    from planrag.decisions.service import check_decisions

    if not ds.decisions and not ds.decision_problems:
        return {}
    tried = {c.spec.id: c for c in _run(check_decisions(settings, ds))} if usable else {}
    out: list[dict[str, Any]] = []
    for spec in ds.decisions:
        entry: dict[str, Any] = {"id": spec.id, "title": spec.title}
        check = tried.get(spec.id)
        if check is not None and check.error:
            entry["error"] = check.error
        elif check is not None and check.untried:
            entry["untried"] = check.untried
        out.append(entry)
    out += [{"id": k, "error": v} for k, v in ds.decision_problems.items()]
    return {"decisions": out}


def _simulate_ids(ids: list[str], limit: int = 10) -> str:
    more = f" and {len(ids) - limit} more" if len(ids) > limit else ""
    return ", ".join(ids[:limit]) + more


def _simulate_dataset(settings: Settings, args: argparse.Namespace) -> int:
    from planrag.errors import SimulatorInputError, SimulatorParametersInvalid
    from planrag.simulators.service import simulate_dataset

    _simulate_top(args)
    try:
        run = _run(simulate_dataset(settings, args.dataset, args.target, _parameters(args),
                                    args.rules, args.decision))
    except SimulatorParametersInvalid as exc:
        raise SimulatorParametersInvalid(
            f"{exc}; give them with --param NAME=VALUE (or --country, --home, --goods for the "
            "DQA scenarios), or name a question of the dataset that has them (--dataset "
            "DATASET#QUESTION)") from None
    if args.scenario and args.scenario not in (run.result.scenario, run.dataset.simulator):
        raise SimulatorInputError(
            f"dataset {run.dataset.id} uses the {run.result.scenario} simulator, "
            f"not {args.scenario!r}"
        )
    extra: dict[str, Any] = {}
    if run.question is not None and run.question.answer is not None:
        match = run.result.find(run.question.answer)
        answer = match.decision if match is not None else run.question.answer
        extra = {"answer": answer, "rank_of_answer": run.rank_of_answer}
    if run.as_of is not None:
        extra["data_as_of"] = run.as_of
    _print_result(run.result, args, extra)
    if run.nothing_ranked:  # an empty ranking checks nothing: a failure, and why
        print(f"error: {printable(run.nothing_ranked)}", file=sys.stderr)
        return 1
    return 0


def _decision(settings: Settings, args: argparse.Namespace) -> int:
    from planrag.datasets import DatasetRef
    from planrag.decisions.trial import check_lines, list_entry, list_lines, try_decisions
    from planrag.runtime import registry

    dataset = registry(settings).get(DatasetRef.parse(args.dataset).dataset)
    if args.decision_command == "save":
        return _save_proposal(settings, dataset, args.run)
    if args.decision_command == "show":
        print(dataset.decision(args.decision).to_toml(), end="")
        return 0
    if args.decision_command == "list":  # each tried as `check` tries it, with the defaults
        trials = _run(try_decisions(settings, dataset))
        usable = {s.id for s in dataset.decisions}
        rows = [list_entry(dataset, t) for t in trials if t.id in usable]
        broken = [{"id": t.id, "error": t.error} for t in trials if t.id not in usable]
        if args.json:
            print(json.dumps({"decisions": rows, "broken": broken}, default=str))
            return 0
        if not rows and not broken:
            print(f"dataset {dataset.id} has no decision model (see the README, "
                  "'Written decisions')")
        for line in list_lines(rows, broken):
            print(printable(line))
        return 0
    if args.decision is not None:
        dataset.decision(args.decision)  # a name it lacks: said in one line
    given = _parameters(argparse.Namespace(param=args.param, country=None, home=None,
                                           goods=None))
    trials = _run(try_decisions(settings, dataset, args.decision, given))
    if args.json:
        print(json.dumps([t.to_json() for t in trials], default=str))
    else:
        for line in check_lines(trials):
            print(printable(line))
    return 0 if all(t.ok for t in trials) else 1


def _save_proposal(settings: Settings, dataset: Any, run_id: str) -> int:
    from planrag.decisions.proposals import kept_proposal, save_to_manifest
    from planrag.errors import DatasetError

    found = kept_proposal(settings.data_dir, run_id)
    if found is None:
        from planrag.store import history_url

        if history_url(settings) is not None:
            found = _run(_audited_proposal(settings, run_id))
    if found is None:
        raise DatasetError(f"no check was proposed in run {run_id} (on this machine or in "
                           "the audit trail); the run id is shown with the proposal")
    proposed_on, spec = found
    if proposed_on != dataset.id:
        raise DatasetError(f"run {run_id} proposed its check on dataset {proposed_on}, not "
                           f"{dataset.id}")
    saved = save_to_manifest(dataset, spec)
    print(printable(f"saved the decision {saved.id} ({saved.title}) to "
                    f"{dataset.root / 'dataset.toml'}; later questions on {dataset.id} are "
                    "checked with it"))
    return 0


async def _audited_proposal(settings: Settings, run_id: str) -> tuple[str, Any] | None:
    store = _team_store(settings)
    try:
        entries = await store.audit_entries(run=run_id)
    finally:
        await store.close()
    for entry in entries:
        if entry.kind == "check_proposed" and isinstance(entry.detail.get("spec"), dict):
            return entry.dataset, entry.detail["spec"]
    return None


def _ask(settings: Settings, args: argparse.Namespace) -> int:
    from planrag.engine.events import (
        AwaitingConfirmation,
        CheckProposed,
        RunFailed,
        RunFinished,
        RunStarted,
        event_to_json,
    )
    from planrag.engine.render import TerminalRenderer, stop_text
    from planrag.limits import question_problem
    from planrag.service.runs import Asker, RunService, terminal_user

    too_long = question_problem(args.question.strip(), settings.max_question_chars)
    if too_long is not None:  # before a model, a database or a simulator is touched
        raise LimitReached(f"{too_long} (PLANRAG_MAX_QUESTION_CHARS)")
    _require_model(settings, args.scripted)
    consent = "approve" if args.yes else "reject" if args.no else None
    simulator = _simulator_of(settings, args.dataset)
    if args.scripted:
        _check_walkthrough(args.question, simulator)
    model = _model(settings, args.scripted, simulator)

    renderer = None if args.json else TerminalRenderer(
        column_names=_dataset_of(settings, args.dataset).column_names, verbose=args.verbose)

    async def decide(paused: AwaitingConfirmation) -> bool | None:
        return await asyncio.to_thread(
            _consent, args.json, settings.consent_timeout_s, settings.consent_timeout_default,
            paused.about,
        )

    async def run() -> int:
        failed = False
        undecided: RunFinished | None = None
        run_id, dataset, kept = "", "", ""
        asker = Asker(terminal_user(), approver=_who())  # at this terminal: everything
        async for event in RunService(settings).ask(
                asker, args.dataset, args.question, model, target=args.target,
                technique=args.technique, consent=consent, decide=decide):
            if isinstance(event, RunStarted):
                run_id, dataset = event.run_id, event.dataset
            elif isinstance(event, CheckProposed):
                kept = _keep_proposal(settings, run_id, dataset, event)
            if renderer is None:
                print(json.dumps(event_to_json(event), default=str), flush=True)
            else:
                renderer.render(event)
            failed = failed or isinstance(event, RunFailed)
            if isinstance(event, RunFinished) and event.decision is None:
                undecided = event
        if kept and renderer is not None:
            print(f"To keep the proposed check for later questions: planrag decision save "
                  f"{kept} {run_id}")
        if failed:
            return 1
        if undecided is not None:  # scripts must tell a run without an answer from one with
            print(f"no decision: {stop_text(undecided.stop_reason)}", file=sys.stderr)
            return 3
        return 0

    return _run(run())


NO_MODEL = ("no model is configured: set PLANRAG_MODEL with PLANRAG_MODEL_API_KEY (OpenAI) or "
            "PLANRAG_MODEL_BASE_URL (Ollama, vLLM, llama.cpp) in .env (see .env.example), or "
            "add --scripted to run the scripted walkthrough on the shipped datasets")


def _require_model(settings: Settings, scripted: bool) -> None:
    """A configured model, unless the scripted walkthrough was asked for: else one line
    saying both ways on."""
    from planrag.errors import ConfigError

    if not scripted and not settings.model_configured:
        raise ConfigError(NO_MODEL)


def _check_walkthrough(question: str, simulator: str | None) -> None:
    """`--scripted` answers only the question its dataset's walkthrough was written for:
    anything else (another dataset, another question, a missing parameter) is one line."""
    from planrag.engine.policy import uncovered

    problem = uncovered(question, simulator)
    if problem is None:
        return
    how = {"dataset": " Without --scripted a model answers (README, \"Asking questions\").",
           "question": f" E.g. \u201c{problem.example}\u201d. For any other question, set up "
                       "a model and leave out --scripted (README, \"Asking questions\").",
           "parameter": ""}[problem.kind]
    raise PlanRAGError(problem.text + how)


def _model(settings: Settings, scripted: bool, simulator: str | None = None) -> Any:
    from planrag.engine.policy import policy_model
    from planrag.service.runs import model_for

    if scripted:  # (the walkthrough for a simulator named by the command's dataset)
        return policy_model(simulator=simulator)
    return model_for(settings)


def _dataset_of(settings: Settings, ref: str) -> Any:
    from planrag.datasets import DatasetRef
    from planrag.runtime import registry

    return registry(settings).get(DatasetRef.parse(ref).dataset)


def _simulator_of(settings: Settings, ref: str) -> str | None:
    """The name of the simulator of the dataset `ref` names (for the scripted policy)."""
    from planrag.simulators.service import dataset_simulator

    dataset = _dataset_of(settings, ref)
    return dataset_simulator(dataset).name if dataset.simulator else None


def _eval(settings: Settings, args: argparse.Namespace) -> int:
    from planrag.errors import ConfigError
    from planrag.evaluation import run_eval

    if args.compare:
        return _eval_compare(args)
    if args.json:
        raise ConfigError("--json goes with --compare; an evaluation prints its results "
                          "as JSON lines already")
    missing = [flag for flag, value in (("--dqa", args.dqa), ("--scenario", args.scenario))
               if value is None]
    if missing:
        raise ConfigError(f"give {' and '.join(missing)} (or --compare RUN_A RUN_B)")
    if args.limit is not None and args.limit < 1:
        raise ConfigError("--limit must be at least 1")
    if args.concurrency is not None and not 1 <= args.concurrency <= 64:
        raise ConfigError("--concurrency must be between 1 and 64")
    if args.protocol == "paper":  # the paper's model calls: temperature 0
        settings = settings.model_copy(update={"model_temperature": 0.0})
    _require_model(settings, args.scripted)  # now, not per question
    _model(settings, args.scripted)
    concurrency = _eval_concurrency(settings, args.concurrency, args.scripted)

    result = _run(
        run_eval(
            settings,
            args.dqa,
            args.scenario,
            args.target,
            lambda: _model(settings, args.scripted),
            technique=args.technique,
            consent=args.consent,
            limit=args.limit,
            concurrency=concurrency,
            out_dir=args.out,
            echo=lambda line: print(printable(line), file=sys.stderr, flush=True),
            emit=lambda line: print(json.dumps(line, default=str), flush=True),
            protocol=args.protocol,
            prompts=args.prompts,
        )
    )
    skipped = (f" ({len(result.skipped)} skipped: no {result.form} dump)"
               if result.skipped else "")
    several = len(result.forms) > 1
    averaged = " (the average of the relational and graph runs)" if several else ""
    print(
        f"accuracy {result.accuracy:.1f}%{averaged}, verified by the simulator "
        f"{result.verified_accuracy:.1f}% over {len(result.lines)} "
        f"{'runs' if several else 'questions'}{skipped}; "
        f"results and traces in {result.out_dir}",
        file=sys.stderr,
    )
    return 0


def _eval_compare(args: argparse.Namespace) -> int:
    """`planrag eval --compare RUN_A RUN_B`: the two evaluations' cells side by side, the
    difference and its 95% interval (planrag.eval_compare)."""
    from planrag.errors import ConfigError
    from planrag.eval_compare import compare_runs

    ignored = [flag for flag, value in (
        ("--dqa", args.dqa), ("--scenario", args.scenario), ("--target", args.target),
        ("--limit", args.limit), ("--out", args.out), ("--prompts", args.prompts),
        ("--scripted", args.scripted)) if value]
    if ignored:
        raise ConfigError(f"--compare reads two finished evaluations: leave out "
                          f"{', '.join(ignored)}")
    run_a, run_b = args.compare
    comparison = compare_runs(run_a, run_b)
    if args.json:
        print(json.dumps(comparison.to_json(), default=str))
    else:
        print(printable(comparison.text()))
    return 0


def _eval_concurrency(settings: Settings, asked: int | None, scripted: bool) -> int:
    """Questions `planrag eval` asks at once: `--concurrency`, else as many as the model
    endpoint takes at once (4 for the scripted policy, which has no endpoint). Asking more
    than the endpoint takes is allowed, and said: the model calls wait their turn."""
    if scripted:
        return asked or 4
    from planrag.engine.session import model_concurrency

    takes = model_concurrency(settings)
    if asked is None:
        return takes
    if asked > takes:
        print(f"--concurrency {asked}: the model endpoint is sent {takes} request(s) at a "
              "time (PLANRAG_MODEL_CONCURRENCY), so the other questions' model calls wait "
              "their turn and count against their run time (PLANRAG_RUN_TIMEOUT)",
              file=sys.stderr, flush=True)
    return asked


def _who() -> str:
    """Who answers at this terminal (said in the verdict of a check they approve)."""
    import getpass

    try:
        return f"{getpass.getuser()} (command line)"
    except (KeyError, OSError):
        return "the person at the command line"


def _keep_proposal(settings: Settings, run_id: str, dataset: str, event: Any) -> str:
    """Keep a proposed check for `planrag decision save`: the dataset's id, or "" when it
    could not be kept."""
    from planrag.datasets import DatasetRef
    from planrag.decisions.proposals import keep_proposal

    dataset_id = DatasetRef.parse(dataset).dataset
    try:
        keep_proposal(settings.data_dir, run_id, dataset_id, event.spec)
    except (OSError, PlanRAGError) as exc:  # the run goes on; saving it later cannot
        print(f"note: the proposed check could not be kept for `planrag decision save`: "
              f"{exc}", file=sys.stderr)
        return ""
    return dataset_id


def _consent(quiet: bool, timeout_s: float, default: str, about: str = "plan"
             ) -> bool | None:
    """The person's answer to a proposed re-plan (or, `about` "check", whether the check the
    assistant proposed ranks its answer), read from stdin for at most `timeout_s` seconds.
    None (no answer in time, or stdin closed) applies `default`, and the terminal is told
    so (stderr with --json, whose stdout is JSON lines)."""
    import select
    import time

    from planrag.service.runs import consent_word

    prompted = not quiet and sys.stdin.isatty()
    if prompted:
        print(f"Approve? [y/N] (no answer in {timeout_s:g} s: {default}) ", end="", flush=True)

    def no_answer(why: str) -> bool | None:
        outcome = "approved" if default == "approve" else "rejected: the current plan stands"
        what = "the re-plan is"
        if about == "check":
            what, outcome = "the proposed check is", (
                "used" if default == "approve" else "not used: the answer stays unchecked")
        print(f"{chr(10) if prompted else ''}{why}: {what} {outcome} "
              f"(PLANRAG_CONSENT_TIMEOUT_DEFAULT={default})",
              file=sys.stderr if quiet else sys.stdout, flush=True)
        return None

    line = bytearray()
    deadline = time.monotonic() + timeout_s
    while True:
        left = deadline - time.monotonic()
        try:  # unbuffered, byte by byte: a later prompt must find its own answer unread
            ready = left > 0 and bool(select.select([sys.stdin], [], [], left)[0])
            byte = os.read(sys.stdin.fileno(), 1) if ready else b""
        except (OSError, ValueError, TypeError):  # stdin cannot be waited on: wait for a line
            text = sys.stdin.readline()
            if not text:
                return no_answer("no answer (stdin is closed)")
            return consent_word(text) is True
        if not ready:
            return no_answer(f"no answer within {timeout_s:g} s")
        if not byte and not line:
            return no_answer("no answer (stdin is closed)")
        if not byte or byte == b"\n":
            break
        line += byte
    return consent_word(line.decode("utf-8", "replace")) is True


def _serve_mcp(settings: Settings, args: argparse.Namespace) -> int:
    from app.mcp_server import serve
    from planrag.errors import ConfigError

    if not args.http and (args.host != "127.0.0.1" or args.port != 8765):
        raise ConfigError("--host and --port go with --http; over stdio the client starts "
                          "the server itself")
    _check_port(args.port)
    return serve(settings, http=args.http, host=args.host, port=args.port,
                 scripted=args.scripted)


def _serve_api(settings: Settings, args: argparse.Namespace) -> int:
    from app.api_server import serve

    _check_port(args.port)
    return serve(settings, host=args.host, port=args.port, scripted=args.scripted)


def _check_port(port: int) -> None:
    from planrag.errors import ConfigError

    if not 1 <= port <= 65535:
        raise ConfigError("--port must be between 1 and 65535")


def _shell(settings: Settings, args: argparse.Namespace) -> int:
    from app.console import run_console

    return run_console(settings)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
