"""docs/command-line.md says it lists every command: each command, sub-command and option
the parser knows is named there (issue 36, 15), so a new flag cannot be left out of it."""

from __future__ import annotations

import argparse
from pathlib import Path

from planrag.cli import _parser

DOCS = Path(__file__).resolve().parents[2] / "docs" / "command-line.md"


def _walk(parser: argparse.ArgumentParser, path: tuple[str, ...]
          ) -> list[tuple[tuple[str, ...], list[str]]]:
    """Each command path with the long options it takes, sub-commands included."""
    found = [(path, [o for a in parser._actions for o in a.option_strings
                     if o.startswith("--") and o != "--help"])]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found += _walk(sub, (*path, name))
    return found


def test_every_command_and_option_is_in_the_command_line_docs() -> None:
    text = DOCS.read_text(encoding="utf-8")
    missing = []
    for path, options in _walk(_parser(), ()):
        if not path:
            continue
        words = " ".join(path)
        if f"planrag {words}" not in text and not all(w in text for w in path):
            missing.append(f"planrag {words}")
        missing += [f"planrag {words} {o}" for o in options if o not in text]
    assert not missing, "not in docs/command-line.md: " + ", ".join(missing)
