"""Words of Chainlit's interface the assistant replaces, in every translation Chainlit keeps
for this app (it writes them into `.chainlit/translations/` at start and reads them on each
page load):

- the sign-in page asks for a user name and says what to do when sign-in fails;
- the list of past conversations, when it has none to show, says in product words what it
  keeps (not "No threads found");
- step titles carry their own verb ("Query 2 · SQL · 4 rows", "Plan"), so Chainlit's
  "Using"/"Used" prefix is blank;
- the composer's placeholder invites a decision question; when no model is set up it says so
  and where to read how to set one up, and the line under the composer that a scripted
  walkthrough answers the sample questions where a dataset has one (the files demo and the
  wards have none: their first screens say their questions need a model), as the in-app
  Readme, chainlit.md, does.

A value is taken from Chainlit's packaged translation when the assistant has none of its own,
so switching a model on and off restores Chainlit's line."""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from pathlib import Path
from typing import Any

__all__ = ["apply_interface_words", "interface_words"]

log = logging.getLogger(__name__)

Key = tuple[str, ...]

EMPTY_HISTORY = ("No conversations to show. Each one you start is kept here, to come back "
                 "to.")
SIGN_IN_FAILED = ("Wrong user name or password, or no access yet: the person who runs "
                  "PlanRAG Assistant can check your account.")


def interface_words(model_configured: bool) -> dict[Key, str | None]:
    """What to set (None: Chainlit's packaged value; English only, see below)."""
    words: dict[Key, str | None] = {
        ("chat", "messages", "status", "using"): "",
        ("chat", "messages", "status", "used"): "",
        ("chat", "input", "placeholder"): "Ask a decision question about your data...",
        ("chat", "watermark"): None,
        # The list of past conversations (with sign-in), empty or with no match for a search.
        ("threadHistory", "sidebar", "empty"): EMPTY_HISTORY,
        # The sign-in page (app/auth.py): people sign in with a name, not always an email.
        ("auth", "login", "title"): "Sign in to PlanRAG Assistant",
        ("auth", "login", "form", "email", "label"): "User name",
        ("auth", "login", "form", "email", "placeholder"): "e.g. alice",
        ("auth", "login", "form", "email", "required"): "Type your user name",
        ("auth", "login", "form", "password", "required"): "Type your password",
        ("auth", "login", "form", "actions", "signin"): "Sign in",
        ("auth", "login", "errors", "default"): SIGN_IN_FAILED,
        ("auth", "login", "errors", "credentialsSignin"): SIGN_IN_FAILED,
        ("auth", "login", "errors", "signin"): SIGN_IN_FAILED,
    }
    if not model_configured:
        words[("chat", "input", "placeholder")] = (
            "Ask a question (no model is set up; see the Readme)"
        )
        words[("chat", "watermark")] = (
            "No model is set up: where a dataset has a scripted walkthrough, it answers the "
            "sample questions. The Readme (top right) says how to set up a model."
        )
    return words


def apply_interface_words(
    folder: Path, packaged: Path, words: Mapping[Key, str | None]
) -> int:
    """Write `words` into each translation file of `folder` (the step prefixes in every
    language; the English sentences only in English files, other languages keep Chainlit's);
    returns how many files changed. A file that cannot be read or written is left alone."""
    changed = 0
    for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        default = _read(packaged / path.name)
        english = path.stem.startswith("en")
        before = json.dumps(data, sort_keys=True)
        for key, value in words.items():
            if value and not english:
                value = None  # our sentences are English; other languages keep Chainlit's
            wanted = value if value is not None else _get(default, key)
            if isinstance(wanted, str):
                _set(data, key, wanted)
        if json.dumps(data, sort_keys=True) == before:
            continue
        try:
            path.write_text(json.dumps(data, indent=4, ensure_ascii=False), encoding="utf-8")
        except OSError as exc:
            log.warning("could not update %s: %s", path, exc)
            continue
        changed += 1
    return changed


def _read(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def _get(data: Any, key: Key) -> Any:
    for part in key:
        if not isinstance(data, dict) or part not in data:
            return None
        data = data[part]
    return data


def _set(data: Any, key: Key, value: str) -> None:
    for part in key[:-1]:
        if not isinstance(data, dict):
            return
        data = data.setdefault(part, {})
    if isinstance(data, dict):
        data[key[-1]] = value
