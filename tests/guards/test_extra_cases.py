"""Guard cases written beyond the development corpus (tests/guards/extra_cases.jsonl).

The development cases are a third of a larger corpus; these are further variants per category
(legitimate reads that naive guards refuse, and attacks in new disguises), each with the
verdict the README's policy gives it and a `why`. SQL allow cases were run on MariaDB 10.11
inside START TRANSACTION READ ONLY unless tagged [MySQL 8]; refuse cases were never executed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from planrag.guards import check

CASES_FILE = Path(__file__).resolve().parent / "extra_cases.jsonl"
CASES: list[dict[str, Any]] = [
    json.loads(line) for line in CASES_FILE.read_text(encoding="utf-8").splitlines() if line
]


def _language(case: dict[str, Any]) -> str:
    return "cypher" if case["id"].startswith("cy-") else "sql"


def test_cases_are_well_formed() -> None:
    ids = [case["id"] for case in CASES]
    assert len(ids) == len(set(ids)), "duplicate ids"
    for case in CASES:
        assert set(case) == {"id", "query", "expect", "why"}, case["id"]
        assert case["expect"] in {"allow", "refuse"}, case["id"]
        assert case["why"].strip(), case["id"]


@pytest.mark.parametrize("case", CASES, ids=[case["id"] for case in CASES])
def test_extra_case(case: dict[str, Any]) -> None:
    verdict = check(_language(case), case["query"])
    assert verdict.allowed == (case["expect"] == "allow"), (
        f"{case['id']}: {verdict.rule}: {verdict.reason} ({case['why']})"
    )
    if not verdict.allowed:
        assert verdict.reason.endswith(".") and "\n" not in verdict.reason
        assert 30 < len(verdict.reason) < 600
