"""Placeholders of our own prompts that a model echoes instead of answering.

The prompts (`prompts/*.md`) show the shape of what the model writes with placeholders in
angle brackets: `Final answer: <the decision alone>`, `Plan: [Step 1: <what to find out>, ...]`.
Small models copy them as they are. Every `<...>` of every prompt is a placeholder (a `$name`
inside one stands for whatever it was filled with); a tool argument that holds one in its
brackets, or is nothing but one's words, is echoed template text, not an answer, a plan or a
query, and is refused back to the model.
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources
from typing import Any

__all__ = ["echoed_placeholder"]

_BRACKETED = re.compile(r"<([^<>\n]{1,200})>")
_VARIABLE = re.compile(r"\\\$\{?\w+\}?")  # a `$name` in re.escape()'d text


def _normal(text: str) -> str:
    return " ".join(text.split()).casefold()


@cache
def _placeholders() -> tuple[tuple[str, re.Pattern[str], re.Pattern[str]], ...]:
    """(placeholder, its words in brackets anywhere, its words alone) for every `<...>` of
    the prompts."""
    found: dict[str, None] = {}
    folder = resources.files("planrag.engine").joinpath("prompts")
    for item in sorted(folder.iterdir(), key=lambda f: f.name):
        if item.name.endswith(".md"):
            for m in _BRACKETED.finditer(item.read_text(encoding="utf-8")):
                found.setdefault(_normal(m.group(1)), None)
    out = []
    for words in found:
        if not words:
            continue
        pattern = _VARIABLE.sub(".{0,400}?", re.escape(words))
        out.append((
            f"<{words}>",
            re.compile(rf"<\s*{pattern}\s*>"),
            re.compile(rf"[\s\"'`*.:]*{pattern}[\s\"'`*.:]*"),
        ))
    return tuple(out)


def echoed_placeholder(value: Any) -> tuple[str, str] | None:
    """(where in `value`, the placeholder) for the first text in `value` (a tool call's
    arguments: texts, lists and objects of them) that holds one of our prompts' placeholders
    in its brackets or is nothing but its words; None when none does."""
    for where, text in _texts(value, ""):
        normal = _normal(text)
        if not normal:
            continue
        for placeholder, bracketed, alone in _placeholders():
            if bracketed.search(normal) or alone.fullmatch(normal):
                return where, placeholder
    return None


def _texts(value: Any, where: str) -> list[tuple[str, str]]:
    if isinstance(value, str):
        return [(where, value)]
    out: list[tuple[str, str]] = []
    if isinstance(value, dict):
        for key, item in value.items():
            out += _texts(item, f"{where}.{key}" if where else str(key))
    elif isinstance(value, list | tuple):
        for i, item in enumerate(value):
            out += _texts(item, f"{where}[{i}]")
    return out
