"""Nothing about a written decision is hidden from the command line (issue 33, point 5):
`planrag datasets` lists every dataset with each decision broken as written named by its
id."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.decisions._depots import BAD_GOAL, GOOD, PART, UNDECLARED, depots_dataset
from tests.live._live import cli, live_env


def _env(tmp_path: Path, *decisions: str, dataset_id: str = "depots") -> dict[str, str]:
    env = live_env(tmp_path)
    depots_dataset(Path(env["PLANRAG_DATASETS_DIR"]), dataset_id, *decisions)
    return env


async def test_datasets_lists_every_dataset_and_names_each_broken_decision(
    tmp_path: Path,
) -> None:
    env = _env(tmp_path, GOOD, UNDECLARED, BAD_GOAL, dataset_id="aaa-depots")
    depots_dataset(Path(env["PLANRAG_DATASETS_DIR"]), "zzz-depots", BAD_GOAL, PART)
    code, out, err = await cli("datasets", env=env)
    assert code == 0 and "Traceback" not in err, err
    listed = re.findall(r"^(\S+) ", out, re.M)
    for dataset_id in ("aaa-depots", "demo-retail", "wards", "zzz-depots"):
        assert dataset_id in listed, out
    text = " ".join(out.split())
    code, out, err = await cli("datasets", "--json", env=env)
    assert code == 0, err
    broken = {(d["id"], b["id"]): b["error"] for d in json.loads(out)
              for b in d.get("decisions", ()) if "error" in b}
    assert set(broken) == {("aaa-depots", "undeclared"), ("aaa-depots", "cheap"),
                           ("zzz-depots", "cheap")}
    for (_, decision_id), reason in broken.items():  # each said as --json says it
        assert f"- decision {decision_id}: BROKEN: {' '.join(reason.split())}" in text
    assert "uses :area, which is not declared" in broken["aaa-depots", "undeclared"]
    assert "goal 'cheapest'" in broken["zzz-depots", "cheap"]
    assert "- decision second-bay: Second loading bay" in text
    assert "- decision part: Measured depots only" in text
