"""`planrag eval`: the paper's experiment on DQA questions, or two evaluations compared."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from planrag.cli._common import TARGETS, Subparsers, chosen_model, require_model, run_async
from planrag.markup import printable
from planrag.settings import Settings

__all__ = ["add_eval", "eval_concurrency"]


def add_eval(sub: Subparsers) -> None:
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
    s.add_argument("--protocol", choices=("product", "paper"),
                   help="product: this product's budgets, checks and prompts (default); "
                   "paper: the PlanRAG paper's setting (both forms, 15 iterations and no "
                   "forced answer, unlimited re-plans, 200-row observations, temperature 0, "
                   "the paper's prompt structure)")
    s.add_argument("--prompts", choices=("product", "paper"),
                   help="the prompts' structure (default: the protocol's)")
    s.add_argument("--compare", nargs=2, type=Path, metavar=("RUN_A", "RUN_B"),
                   help="compare two evaluations' output folders instead of running one")
    s.add_argument("--json", action="store_true", help="with --compare: print JSON")
    s.add_argument("--technique", choices=("planrag", "planrag-norp", "iterrag", "singlerag"),
                   help="default: planrag")
    s.add_argument("--table4", action="store_true",
                   help="the paper's Table 4: its eight cells (four techniques x both "
                   "scenarios) under --protocol paper, resumable in --out, then table4.md with "
                   "the paper's figures beside ours and Tables 5-7 and Figures 5-6")
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
    s.set_defaults(handler=_eval, runs_questions=True)


def _eval(settings: Settings, args: argparse.Namespace) -> int:
    from planrag.errors import ConfigError
    from planrag.evaluation import run_eval

    if args.compare:
        if args.table4:
            raise ConfigError("--table4 runs an evaluation; --compare reads two: give one")
        return _eval_compare(args)
    if args.table4:
        return _eval_table4(settings, args)
    protocol = args.protocol or "product"
    if args.json:
        raise ConfigError("--json goes with --compare; an evaluation prints its results "
                          "as JSON lines already")
    missing = [flag for flag, value in (("--dqa", args.dqa), ("--scenario", args.scenario))
               if value is None]
    if missing:
        raise ConfigError(f"give {' and '.join(missing)} (or --compare RUN_A RUN_B)")
    _check_counts(args)
    if protocol == "paper":  # the paper's model calls: temperature 0
        settings = settings.model_copy(update={"model_temperature": 0.0})
    require_model(settings, args.scripted)  # now, not per question
    chosen_model(settings, args.scripted)
    concurrency = eval_concurrency(settings, args.concurrency, args.scripted)

    result = run_async(
        run_eval(
            settings,
            args.dqa,
            args.scenario,
            args.target,
            lambda: chosen_model(settings, args.scripted),
            technique=args.technique or "planrag",
            consent=args.consent,
            limit=args.limit,
            concurrency=concurrency,
            out_dir=args.out,
            echo=lambda line: print(printable(line), file=sys.stderr, flush=True),
            emit=lambda line: print(json.dumps(line, default=str), flush=True),
            protocol=protocol,
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


def _check_counts(args: argparse.Namespace) -> None:
    """`--limit` and `--concurrency`, as every evaluation takes them."""
    from planrag.errors import ConfigError

    if args.limit is not None and args.limit < 1:
        raise ConfigError("--limit must be at least 1")
    if args.concurrency is not None and not 1 <= args.concurrency <= 64:
        raise ConfigError("--concurrency must be between 1 and 64")


def _eval_table4(settings: Settings, args: argparse.Namespace) -> int:
    """`planrag eval --table4`: the paper's eight cells, then table4.md
    (planrag.eval_table4)."""
    from planrag.errors import ConfigError
    from planrag.eval_table4 import run_table4

    if args.dqa is None:
        raise ConfigError("--table4 needs --dqa DIR (a clone of the PlanRAG repository or "
                          "this project's DQA layout, such as fixtures/dqa)")
    fixed = [flag for flag, value in (
        ("--scenario", args.scenario), ("--technique", args.technique),
        ("--json", args.json), ("--protocol product", args.protocol == "product"),
        ("--consent reject", args.consent == "reject")) if value]
    if fixed:
        raise ConfigError(f"--table4 runs every technique and scenario under the paper's "
                          f"protocol: leave out {', '.join(fixed)}")
    _check_counts(args)
    settings = settings.model_copy(update={"model_temperature": 0.0})  # the paper's
    require_model(settings, args.scripted)
    chosen_model(settings, args.scripted)
    result = run_async(run_table4(
        settings, args.dqa, lambda: chosen_model(settings, args.scripted),
        targets=args.target, limit=args.limit,
        concurrency=eval_concurrency(settings, args.concurrency, args.scripted),
        out_dir=args.out, prompts=args.prompts,
        echo=lambda line: print(printable(line), file=sys.stderr, flush=True),
        emit=lambda line: print(json.dumps(line, default=str), flush=True)))
    table = result.markdown.split("## Table 5", 1)[0].rstrip()
    print(printable(table), file=sys.stderr)
    print(f"Table 4 and Tables 5-7, Figures 5-6 in {result.out_dir / 'table4.md'} "
          f"({len(result.ran)} cell(s) run now, {len(result.reused)} found complete)",
          file=sys.stderr)
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


def eval_concurrency(settings: Settings, asked: int | None, scripted: bool) -> int:
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
