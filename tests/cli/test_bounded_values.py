"""Issue 34, break 1, as a person meets it: `planrag query --dataset demo-retail "SELECT
length(printf('%.900000000c','x'))"` peaked at about 960 MB and took seconds; it is refused at
once now, with the rule and the limit in one line, and the command's peak memory stays that of
any small query.

The command runs as a child of a fresh Python whose only child it is, which reads that
child's peak resident size (`RUSAGE_CHILDREN`): the test's own process and earlier children
cannot blur the figure.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.cli._run import ROOT
from tests.live._live import live_env

_PEAK = """
import json, resource, subprocess, sys, time
started = time.monotonic()
done = subprocess.run(sys.argv[1:], capture_output=True, text=True)
print(json.dumps({"code": done.returncode, "out": done.stdout, "err": done.stderr,
                  "seconds": time.monotonic() - started,
                  "peak_mb": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024}))
"""


def _query(tmp_path: Path, query: str) -> dict[str, object]:
    env = {**os.environ, **live_env(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-c", _PEAK, sys.executable, "-m", "planrag", "query", "--dataset",
         "demo-retail", query],
        capture_output=True, text=True, cwd=ROOT, env=env, timeout=180, check=True)
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def test_a_900_mb_printf_is_refused_at_once_without_memory_growth(tmp_path: Path) -> None:
    small = _query(tmp_path, "SELECT 1 AS one")  # loads the copy; the baseline
    assert small["code"] == 0, small["err"]
    huge = _query(tmp_path, "SELECT length(printf('%.900000000c','x'))")
    assert huge["code"] == 2, huge
    err = str(huge["err"]).strip()
    assert err.count("\n") == 0 and "Traceback" not in err
    assert "printf()" in err and "900,000,000" in err and "100,000" in err
    # The query that held about 960 MB: now no more than a small query holds, give or take.
    assert float(huge["peak_mb"]) < float(small["peak_mb"]) + 50, (huge, small)
