"""Shared fixtures: real servers started once per session, and a guard against live models.

Graph fixtures live in tests/_graph_fixtures.py, relational ones in tests/_sql_fixtures.py.
"""

from __future__ import annotations

import ipaddress
import os
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest

pytest_plugins = ["tests._graph_fixtures", "tests._sql_fixtures"]

LIVE_MODEL_SETTINGS = ("OPENAI_", "AZURE_OPENAI_", "PLANRAG_MODEL")
"""Prefixes of environment variables that could point a test at a live model."""


def is_loopback(url: str) -> bool:
    host = urlsplit(url).hostname or ""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@pytest.fixture(scope="session", autouse=True)
def no_live_model() -> Iterator[None]:
    """Tests never reach a live model: they use the scripted model, never a live one.

    Model settings inherited from the environment are removed for the session (tests that
    start a process give it the settings it needs explicitly, on top of `os.environ`), and
    every `OpenAIModel` built during the tests must point at a loopback server (the scripted
    one): the OpenAI API (no `base_url`) or any other host fails the test at once.
    """
    from planrag.engine.openai_model import OpenAIModel

    build = OpenAIModel.__init__

    def guarded(self: OpenAIModel, *args: Any, **kwargs: Any) -> None:
        build(self, *args, **kwargs)
        if not is_loopback(self.endpoint):
            pytest.fail(
                f"tests must not reach a live model: an OpenAIModel points at {self.endpoint}; "
                "use ScriptedModel, or ScriptedServer's loopback base_url",
                pytrace=False,
            )

    with pytest.MonkeyPatch.context() as patch:
        for name in list(os.environ):
            if name.startswith(LIVE_MODEL_SETTINGS):
                patch.delenv(name)
        patch.setattr(OpenAIModel, "__init__", guarded)
        yield
