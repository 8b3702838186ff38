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
    planrag watch add --dataset ID [--decision DID] [--param K=V ...] --every DURATION
                      (--slack CHANNEL | --print) [--as USER] [--when changed|always]
    planrag watch list [--as USER] [--json] | remove WID | run [--all] [--json]
                                                      a decision re-checked on a schedule,
                                                      posted when its best choice changes
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
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from planrag.cli import (
    ask,
    audit,
    datasets,
    decisions,
    evaluate,
    queries,
    serve,
    simulate,
    users,
    watch,
)
from planrag.cli._common import Subparsers
from planrag.errors import AccountRefused, LimitReached, PlanRAGError, QueryRefused
from planrag.markup import printable
from planrag.settings import load_settings
from planrag.utf8 import InputNotText, check_argument, read_text_file

__all__ = ["main"]

COMMANDS: tuple[Callable[[Subparsers], None], ...] = (
    datasets.add_datasets, datasets.add_connect, datasets.add_disconnect, audit.add_audit,
    audit.add_feedback, users.add_users, datasets.add_load, queries.add_query,
    queries.add_schema, queries.add_guard, datasets.add_graph, simulate.add_simulate,
    decisions.add_decision, watch.add_watch, ask.add_ask, evaluate.add_eval, serve.add_shell,
    serve.add_serve,
)
"""Each command group's commands, in the order `planrag --help` lists them. A command sets
`handler(settings, args) -> exit code`; `without_settings(args) -> exit code | None` runs
first, without the settings (None: go on to the handler); `runs_questions` switches tracing
on."""


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if not getattr(args, "command", None):
        parser.print_help()
        return 1
    try:
        _check_text_arguments(parser, args)
        early = getattr(args, "without_settings", None)  # guard, simulate from files
        if early is not None and (done := early(args)) is not None:
            return int(done)
        _check_env_file()
        settings = load_settings()
        from planrag.runtime import check_dataset_setting, registry

        reg = registry(settings)
        if settings.dataset not in reg.problems:  # a broken one is said where it is used
            check_dataset_setting(settings, reg)  # PLANRAG_DATASET, at start
        if getattr(args, "runs_questions", False):  # ask, eval, shell, serve
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
    for add in COMMANDS:
        add(sub)
    return p


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
