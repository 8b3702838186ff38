"""Settings: defaults, and one clear line for every wrong value."""

from __future__ import annotations

from pathlib import Path

import pytest

from planrag.errors import ConfigError
from planrag.settings import load_settings


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in (
        "MYSQL_URL",
        "MYSQL_ADMIN_URL",
        "NEO4J_URI",
        "PLANRAG_MAX_ROWS",
        "PLANRAG_DATASET",
        "PLANRAG_QUERY_TIMEOUT",
        "PLANRAG_GRAPH_PASSWORD",
    ):
        monkeypatch.delenv(name, raising=False)


def test_defaults_need_nothing() -> None:
    s = load_settings(env_file=None)
    assert s.relational_target == "sqlite" and s.embedded_graph
    assert s.limits.max_rows == 200


def test_mysql_url_switches_the_relational_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MYSQL_URL", "mysql://reader:p%40ss@db.example:3307/x")
    s = load_settings(env_file=None)
    assert s.relational_target == "mysql"
    assert s.mysql is not None and (s.mysql.user, s.mysql.password, s.mysql.port) == (
        "reader",
        "p@ss",
        3307,
    )
    assert "p@ss" not in repr(s.mysql)


@pytest.mark.parametrize(
    ("name", "value", "expected"),
    [
        ("PLANRAG_MAX_ROWS", "-5", "PLANRAG_MAX_ROWS: Input should be greater than or equal to 1"),
        ("PLANRAG_MAX_ROWS", "many", "PLANRAG_MAX_ROWS: Input should be a valid integer"),
        ("MYSQL_URL", "postgres://x@y", "MYSQL_URL: scheme must be mysql:// or mariadb://"),
        ("MYSQL_URL", "mysql://user@host:port", "MYSQL_URL: no host, or a port that is not a"),
        ("NEO4J_URI", "http://localhost:7474", "NEO4J_URI: scheme must be one of bolt"),
        ("PLANRAG_QUERY_TIMEOUT", "0", "PLANRAG_QUERY_TIMEOUT: Input should be greater than 0"),
        (
            "PLANRAG_GRAPH_PASSWORD",
            "short",
            "PLANRAG_GRAPH_PASSWORD: String should have at least 8",
        ),
        ("PLANRAG_RELATIONAL", "oracle", "PLANRAG_RELATIONAL: Input should be 'auto', 'sqlite'"),
    ],
)
def test_bad_values_fail_with_one_line(
    monkeypatch: pytest.MonkeyPatch, name: str, value: str, expected: str
) -> None:
    monkeypatch.setenv(name, value)
    with pytest.raises(ConfigError) as err:
        load_settings(env_file=None)
    text = str(err.value)
    assert text.startswith(expected) and "\n" not in text
    if "PASSWORD" in name:
        assert value not in text


def test_env_file_is_read_and_unknown_keys_ignored(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    env.write_text("PLANRAG_MAX_ROWS=7\nCHAINLIT_AUTH_SECRET=x\nSLACK_BOT_TOKEN=y\n")
    assert load_settings(env_file=env).max_rows == 7


def test_env_example_documents_every_setting() -> None:
    from planrag.settings import _ENV_NAMES

    text = (Path(__file__).resolve().parents[2] / ".env.example").read_text(encoding="utf-8")
    missing = sorted(name for name in _ENV_NAMES.values() if f"{name}=" not in text)
    assert not missing, f".env.example does not document: {missing}"


def test_consent_timeout_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PLANRAG_CONSENT_TIMEOUT", "45")
    monkeypatch.setenv("PLANRAG_CONSENT_TIMEOUT_DEFAULT", "approve")
    s = load_settings(env_file=None)
    assert (s.consent_timeout_s, s.consent_timeout_default) == (45.0, "approve")
    monkeypatch.setenv("PLANRAG_CONSENT_TIMEOUT", "0")
    with pytest.raises(ConfigError, match="PLANRAG_CONSENT_TIMEOUT"):
        load_settings(env_file=None)
