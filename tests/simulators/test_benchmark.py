"""benchmarks/simulators.py: a broken DQA folder is reported line by line, never a traceback."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

from tests._sql_fixtures import ROOT
from tests.simulators._support import DQA, questions


def test_a_bad_dqa_folder_is_reported_and_the_run_goes_on(tmp_path: Path) -> None:
    folder = tmp_path / "dqa" / "locating"
    shutil.copytree(DQA / "locating" / "dbs", folder / "dbs")
    good = questions("locating")[:2]
    lines = [
        json.dumps(good[0]).encode(),
        b"{broken",
        json.dumps({**good[0], "scenario": 5, "id": "five"}).encode(),
        b"\xff\xfe not text",
        json.dumps({**good[0], "sql": "../../secret.sql", "id": "outside"}).encode(),
        json.dumps(good[1]).encode(),
    ]
    (folder / "questions.jsonl").write_bytes(b"\n".join(lines) + b"\n")
    (tmp_path / "dqa" / "wide").mkdir()
    (tmp_path / "dqa" / "wide" / "questions.jsonl").write_text("{}\n", encoding="utf-16")
    out = subprocess.run(
        [sys.executable, "benchmarks/simulators.py", str(tmp_path / "dqa"), "--repeat", "1"],
        capture_output=True, text=True, cwd=ROOT, timeout=300, check=False,
    )
    assert out.returncode == 0 and out.stderr == "", out.stderr
    text = out.stdout
    where = f"{folder / 'questions.jsonl'}"
    assert f"{where}:2 (line 2): line 2 is not JSON" in text
    assert f"{where}:3 (five): the question's `scenario` is 5; give a simulator's name" in text
    assert f"{where}:4 (line 4): line 4 is not UTF-8 text" in text
    assert f"{where}:5 (outside): `sql` '../../secret.sql' leads outside" in text
    assert "wide/questions.jsonl is UTF-16 text; save it as UTF-8" in text
    block = text.split(f"\n{tmp_path / 'dqa'}\n", 1)[1]
    assert re.search(r"locating +2 questions", block)
    assert "dqa labels reproduced 2/2" in block
    assert "1 questions file(s) could not be read" in block
    assert "4 question(s) could not be simulated" in block
    synthetic = re.search(
        r"synthetic building economy: 400 buildings, \d+ supply and \d+ demand rows \(([\d.]+) "
        r"and ([\d.]+) per building; the development saves ([\d.]+) and ([\d.]+)\)",
        text,
    )
    assert synthetic is not None, text
    s, d, real_s, real_d = (float(x) for x in synthetic.groups())
    assert abs(s - real_s) < 0.15 * real_s and abs(d - real_d) < 0.15 * real_d
