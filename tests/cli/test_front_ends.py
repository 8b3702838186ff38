"""`planrag serve mcp|api` and `planrag shell` find their front end through the entry-point
group `planrag.front_ends`; without it, one line says what to install."""

from __future__ import annotations

import ast
import importlib.util
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path

import pytest

from planrag.cli import serve
from tests.cli._run import run_in_process


@pytest.fixture()
def data_env(tmp_path: Path) -> dict[str, str]:
    return {"PLANRAG_DATA_DIR": str(tmp_path / "data"), "MYSQL_URL": "", "MYSQL_ADMIN_URL": ""}


def test_every_front_end_is_declared_where_it_is() -> None:
    found = {ep.name: ep for ep in entry_points(group=serve.FRONT_ENDS)}
    assert set(found) == {"mcp", "api", "shell"}, "run `make install` after pyproject.toml"
    for ep in found.values():
        spec = importlib.util.find_spec(ep.module)
        assert spec is not None and spec.origin is not None, ep
        tree = ast.parse(Path(spec.origin).read_text(encoding="utf-8"))
        assert any(isinstance(node, ast.FunctionDef) and node.name == ep.attr
                   for node in tree.body), ep


@pytest.mark.parametrize(("args", "name", "what"), [
    (("serve", "mcp", "--scripted"), "mcp", "the MCP server"),
    (("serve", "api", "--scripted"), "api", "the OpenAI-compatible API"),
    (("shell",), "shell", "the console"),
])
def test_a_front_end_not_installed_is_one_line(
    monkeypatch: pytest.MonkeyPatch, data_env: dict[str, str], args: tuple[str, ...],
    name: str, what: str,
) -> None:
    monkeypatch.setattr(serve, "entry_points", lambda group: [])
    out = run_in_process(args, "", data_env, 60)
    assert out.returncode == 1
    assert out.stderr.splitlines() == [
        f"error: {what} is not installed (no entry point {name!r} in the group "
        f"planrag.front_ends): {serve.INSTALL}"]
    assert out.stdout == ""


def test_a_front_end_missing_a_package_is_one_line(
    monkeypatch: pytest.MonkeyPatch, data_env: dict[str, str]
) -> None:
    missing = EntryPoint("api", "no_such_package_here.server:serve", serve.FRONT_ENDS)
    monkeypatch.setattr(serve, "entry_points", lambda group: [missing])
    out = run_in_process(("serve", "api"), "", data_env, 60)
    assert out.returncode == 1
    assert out.stderr.splitlines() == [
        "error: the OpenAI-compatible API needs the package no_such_package_here, which is "
        f"not installed: {serve.INSTALL}"]
