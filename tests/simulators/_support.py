"""Shared helpers for the simulator tests: the development split's questions and states."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from planrag.simulators import BuildingSimulator, LocatingSimulator, State, state_from_dump
from tests._sql_fixtures import FIXTURES

DQA = FIXTURES / "dqa"
RENAMES = {"has_has_merchant": "has_merchant"}
PATAGONIA_TWICE = {("patagonia", "laplata"), ("patagonia", "cuiaba")}
"""ARCHITECTURE.md, "The DQA scenarios": the original network listed these two edges twice."""


def questions(scenario: str) -> list[dict[str, Any]]:
    path = DQA / scenario / "questions.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def dumps(scenario: str) -> list[Path]:
    return sorted((DQA / scenario / "dbs").glob("*.sql"))


@cache
def locating_state(path: Path) -> State:
    return state_from_dump(LocatingSimulator.tables, path, RENAMES)


@cache
def building_state(path: Path) -> State:
    return state_from_dump(BuildingSimulator.tables, path)
