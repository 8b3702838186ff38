"""Dependency floors that carry a fix the product relies on (issue 19, point 19)."""

from __future__ import annotations

import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.version import Version

PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"


def _requirement(name: str) -> Requirement:
    project = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]
    listed = [*project["dependencies"],
              *(r for extra in project["optional-dependencies"].values() for r in extra)]
    return next(Requirement(r) for r in listed if Requirement(r).name == name)


def test_chainlit_is_at_least_the_release_that_checks_a_restored_session() -> None:
    """Chainlit 2.10.1 checks a restored WebSocket session against the signed-in user; an
    older 2.10 would let a session be taken over."""
    chainlit = _requirement("chainlit")
    assert not chainlit.specifier.contains(Version("2.10.0"))
    assert chainlit.specifier.contains(Version("2.10.1"))
    assert chainlit.specifier.contains(Version("2.12.0"))  # what the environment runs
