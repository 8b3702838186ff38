"""Checks the assistant proposed (`propose_check`), kept by run id so whoever may edit the
dataset can save one into its manifest (`planrag decision save DATASET RUN_ID`, the chat's
*Save to dataset*): it then checks later questions like any written decision, and is not
proposed again.

A proposal is kept as JSON under the data folder (`proposals/RUN_ID.json`, readable by its
owner only); the chat and Slack also write it to the audit trail, which every app process
shares, and saving looks there when the file is not on this machine.
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from typing import Any

from planrag.datasets import MANIFEST, Dataset
from planrag.decisions.spec import DecisionSpec, spec_from_mapping
from planrag.errors import DatasetError
from planrag.manifests import load_manifest
from planrag.private import write_private

__all__ = ["keep_proposal", "kept_proposal", "save_to_manifest"]

_RUN_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


def _path(data_dir: Path, run_id: str) -> Path:
    if not _RUN_ID.fullmatch(run_id):
        raise DatasetError(f"{run_id!r} is not a run id (letters, digits, - and _); the "
                           "run's id is shown with its proposal and in `planrag audit`")
    return data_dir / "proposals" / f"{run_id}.json"


def keep_proposal(data_dir: Path, run_id: str, dataset: str, spec: dict[str, Any]) -> Path:
    """Keep the check proposed in run `run_id` on `dataset`."""
    path = _path(data_dir, run_id)
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    write_private(path, json.dumps({"dataset": dataset, "spec": spec}, default=str))
    return path


def kept_proposal(data_dir: Path, run_id: str) -> tuple[str, dict[str, Any]] | None:
    """(dataset, spec) of the check proposed in run `run_id`, or None."""
    path = _path(data_dir, run_id)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:
        raise DatasetError(f"the proposal of run {run_id} cannot be read ({path}: {exc})"
                           ) from None
    return str(data.get("dataset", "")), dict(data.get("spec") or {})


def save_to_manifest(dataset: Dataset, spec_raw: dict[str, Any]) -> DecisionSpec:
    """Append the proposed check to `dataset`'s manifest as a `[[decisions]]` entry (checked
    first; the manifest is put back as it was when the result does not read)."""
    spec = spec_from_mapping(dict(spec_raw), "the proposed check", origin="manifest")
    if any(s.id == spec.id for s in dataset.decisions) or spec.id in dataset.decision_problems:
        raise DatasetError(f"dataset {dataset.id} already has a decision {spec.id!r}; rename "
                           "one of them in its dataset.toml, or remove the old one first")
    manifest = dataset.root / MANIFEST
    try:
        before = manifest.read_text(encoding="utf-8")
    except OSError as exc:
        raise DatasetError(f"cannot read {manifest}: {exc.strerror}") from None
    text = before.rstrip("\n") + "\n\n# Proposed by the assistant and saved with `planrag " \
        "decision save`.\n" + spec.to_toml()
    try:
        tomllib.loads(text)
        manifest.write_text(text, encoding="utf-8")
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise DatasetError(f"cannot write the decision into {manifest}: {exc}") from None
    try:
        saved = load_manifest(manifest)
    except DatasetError:
        manifest.write_text(before, encoding="utf-8")
        raise
    if spec.id in saved.decision_problems:
        manifest.write_text(before, encoding="utf-8")
        raise DatasetError(saved.decision_problems[spec.id])
    from planrag.runtime import rediscover

    rediscover()  # the next question in this process is checked with it
    return spec
