"""`planrag decision`: the decision models written in a dataset's manifest."""

from __future__ import annotations

import argparse
import json
from typing import Any

from planrag.cli._common import Subparsers, parameters, run_async, team_store
from planrag.markup import printable
from planrag.settings import Settings

__all__ = ["add_decision"]


def add_decision(sub: Subparsers) -> None:
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


def _decision(settings: Settings, args: argparse.Namespace) -> int:
    from planrag.decisions.trial import check_lines, list_entry, list_lines, try_decisions
    from planrag.runtime import registry

    dataset = registry(settings).named(args.dataset)
    if args.decision_command == "save":
        return _save_proposal(settings, dataset, args.run)
    if args.decision_command == "show":
        print(dataset.decision(args.decision).to_toml(), end="")
        return 0
    if args.decision_command == "list":  # each tried as `check` tries it, with the defaults
        trials = run_async(try_decisions(settings, dataset))
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
    given = parameters(argparse.Namespace(param=args.param, country=None, home=None,
                                           goods=None))
    trials = run_async(try_decisions(settings, dataset, args.decision, given))
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
            found = run_async(_audited_proposal(settings, run_id))
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
    store = team_store(settings)
    try:
        entries = await store.audit_entries(run=run_id)
    finally:
        await store.close()
    for entry in entries:
        if entry.kind == "check_proposed" and isinstance(entry.detail.get("spec"), dict):
            return entry.dataset, entry.detail["spec"]
    return None
