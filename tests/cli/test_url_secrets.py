"""No password printed when a URL does not parse (issue 18, break 9): the settings holding
URLs on every command, the history store's URL, a secret too short, and `planrag connect`
with a forgotten host. Each command fails as it did, in one line, with the password
masked."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests._secrets import assert_one_line_without, broken_urls, closed_port
from tests.cli.test_cli import planrag

PORT = closed_port()


@pytest.fixture()
def env(tmp_path: Path) -> dict[str, str]:
    return {"PLANRAG_DATA_DIR": str(tmp_path / "data"), "MYSQL_URL": "", "MYSQL_ADMIN_URL": "",
            "PLANRAG_DATASETS_DIR": str(tmp_path / "datasets")}


@pytest.mark.parametrize(("variable", "scheme", "path"), [
    ("MYSQL_URL", "mysql", "/db"),
    ("MYSQL_ADMIN_URL", "mysql", "/db"),
    ("NEO4J_URI", "bolt", ""),
    ("PLANRAG_MODEL_BASE_URL", "http", "/v1"),
])
@pytest.mark.parametrize("case", range(5))
def test_a_broken_url_setting_is_said_without_its_password(
    env: dict[str, str], variable: str, scheme: str, path: str, case: int
) -> None:
    secret, url = broken_urls(scheme, PORT, path)[case]
    out = planrag("datasets", env={**env, variable: url})
    assert_one_line_without(out, secret, 1)
    assert out.stderr.startswith(f"error: {variable}: "), out.stderr


@pytest.mark.parametrize("command", [("feedback", "export"), ("audit",)])
@pytest.mark.parametrize("case", range(5))
def test_a_broken_history_url_is_said_without_its_password(
    env: dict[str, str], command: tuple[str, ...], case: int
) -> None:
    secret, url = broken_urls("postgresql", PORT, "/db")[case]
    out = planrag(*command, env={**env, "PLANRAG_HISTORY_URL": url})
    assert_one_line_without(out, secret, 1)
    assert "PLANRAG_HISTORY_URL" in out.stderr or "history database" in out.stderr


def test_a_short_proxy_secret_is_not_quoted(env: dict[str, str]) -> None:
    secret = "shortQ7K9secret"  # 15 characters: one too few
    out = planrag("datasets", env={**env, "PLANRAG_AUTH_PROXY_SECRET": secret})
    assert_one_line_without(out, secret, 1)
    assert "PLANRAG_AUTH_PROXY_SECRET: String should have at least 16" in out.stderr


@pytest.mark.parametrize(("option", "scheme", "path"), [
    ("--mysql", "mysql", "/db"),
    ("--neo4j", "bolt", ""),
])
@pytest.mark.parametrize("case", range(5))
def test_connect_with_a_broken_url_does_not_print_the_password(
    env: dict[str, str], option: str, scheme: str, path: str, case: int
) -> None:
    secret, url = broken_urls(scheme, PORT, path)[case]
    out = planrag("connect", "okid", option, url, env=env)
    # The URLs with a host reach the check of the server (nothing listens: exit 1, as for
    # every connect failure); the others are refused before, with exit 1 too.
    assert_one_line_without(out, secret, 1)
    assert all(line.startswith("connecting to ") for line in out.stdout.splitlines()), out.stdout
    assert not (Path(env["PLANRAG_DATASETS_DIR"]) / "okid").exists()
