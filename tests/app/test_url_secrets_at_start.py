"""The chat's start check says a broken URL or a bad secret in one line without the password
(issue 18, break 9): the run store's URL (a traceback before), the history's, MYSQL_URL and
the proxy's secret stop the app with exit 2, as every wrong setting does."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests._secrets import assert_one_line_without, broken_urls, closed_port
from tests._sql_fixtures import ROOT

pytestmark = pytest.mark.e2e  # the chat app in processes of its own

PORT = closed_port()


def _start(tmp_path: Path, variable: str, value: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PLANRAG_DATA_DIR": str(tmp_path), "MYSQL_URL": "",
           "PLANRAG_RELATIONAL": "sqlite", variable: value}
    return subprocess.run(
        [sys.executable, "-m", "chainlit", "run", "app/chat.py", "--headless", "--port",
         str(closed_port()), "--host", "127.0.0.1"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=False)


@pytest.mark.parametrize(("variable", "scheme", "path"), [
    ("PLANRAG_RUN_STORE", "redis", "/0"),
    ("PLANRAG_RUN_STORE", "postgresql", "/db"),
    ("PLANRAG_HISTORY_URL", "postgresql", "/db"),
    ("MYSQL_URL", "mysql", "/db"),
])
@pytest.mark.parametrize("case", range(5))
def test_the_start_check_masks_a_broken_url(
    tmp_path: Path, variable: str, scheme: str, path: str, case: int
) -> None:
    secret, url = broken_urls(scheme, PORT, path)[case]
    out = _start(tmp_path, variable, url)
    assert_one_line_without(out, secret, 2)
    assert out.stderr.startswith("error: "), out.stderr


def test_the_start_check_does_not_quote_a_short_proxy_secret(tmp_path: Path) -> None:
    secret = "shortQ7K9secret"
    out = _start(tmp_path, "PLANRAG_AUTH_PROXY_SECRET", secret)
    assert_one_line_without(out, secret, 2)
