"""`planrag simulate`: rank every candidate decision of one question with a simulator, from
a dump, a dataset or a questions file."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from planrag.cli._common import TARGETS, Subparsers, parameters, run_async
from planrag.markup import printable
from planrag.settings import Settings

__all__ = ["add_simulate", "simulate_files"]


def add_simulate(sub: Subparsers) -> None:
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
    s.set_defaults(handler=_simulate_dataset, without_settings=_simulate_files_only)


def _simulate_files_only(args: argparse.Namespace) -> int | None:
    """A dump or a questions file needs no settings; a dataset does (None)."""
    return None if args.dataset else simulate_files(args)


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


def simulate_files(args: argparse.Namespace) -> int:
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
    result = simulate_dump(sim_cls, args.sql, parameters(args), args.rules, RENAMES)
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


def _simulate_ids(ids: list[str], limit: int = 10) -> str:
    more = f" and {len(ids) - limit} more" if len(ids) > limit else ""
    return ", ".join(ids[:limit]) + more


def _simulate_dataset(settings: Settings, args: argparse.Namespace) -> int:
    from planrag.errors import SimulatorInputError, SimulatorParametersInvalid
    from planrag.simulators.service import simulate_dataset

    _simulate_top(args)
    try:
        run = run_async(simulate_dataset(settings, args.dataset, args.target, parameters(args),
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
