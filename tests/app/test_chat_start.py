"""The chat app refuses a wrong setting at start with one line."""

from __future__ import annotations

import os
import subprocess
import sys

from tests._sql_fixtures import ROOT


def test_a_wrong_setting_stops_the_chat_with_one_line() -> None:
    env = {**os.environ, "PLANRAG_MAX_ROWS": "-5"}
    out = subprocess.run(
        [sys.executable, "-m", "chainlit", "run", "app/chat.py", "--headless", "--port", "9"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=False,
    )
    assert out.returncode == 2
    assert "error: PLANRAG_MAX_ROWS: Input should be greater than or equal to 1" in out.stderr
    assert "Traceback" not in out.stderr
