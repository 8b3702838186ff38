"""This package's version as installed (`planrag-assistant`'s distribution metadata): what
the MCP server reports as its `serverInfo.version` and what traces carry."""

from __future__ import annotations

from functools import cache

__all__ = ["package_version"]

DISTRIBUTION = "planrag-assistant"


@cache
def package_version() -> str:
    """The installed version of planrag-assistant ("unknown" when it runs uninstalled)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(DISTRIBUTION)
    except PackageNotFoundError:
        return "unknown"
