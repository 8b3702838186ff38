"""A query holding a lone surrogate (a model's `\\udXXX` escape alone, or bytes that were not
UTF-8) is refused by the guard: no driver could encode it, and the refusal says where."""

from __future__ import annotations

import pytest

from planrag.guards import check


@pytest.mark.parametrize(("language", "query", "byte"), [
    ("sql", "SELECT name FROM t WHERE name = 'caf\udce9'", 37),
    ("sql", "SELECT `\ud800` FROM t", 9),
    ("cypher", "MATCH (n:Node) WHERE n.name = 'x\udfff' RETURN n", 33),
    ("cypher", "MATCH (n) RETURN n.`\ud83d`", 21),
])
def test_a_lone_surrogate_is_refused_with_its_place(language: str, query: str,
                                                    byte: int) -> None:
    verdict = check(language, query)
    assert not verdict.allowed and verdict.rule == "syntax"
    assert f"not text at byte {byte}" in verdict.reason


def test_an_escape_neo4j_resolves_to_a_lone_surrogate_is_refused() -> None:
    verdict = check("cypher", "RETURN 'a\\uD800b'")
    assert not verdict.allowed and "not text at byte 10" in verdict.reason


@pytest.mark.parametrize(("language", "query"), [
    ("sql", "SELECT 'caf\u00e9 \U0001f600' AS x"),
    ("cypher", "RETURN 'caf\u00e9 \U0001f600' AS x"),
])
def test_real_text_beyond_ascii_is_still_allowed(language: str, query: str) -> None:
    assert check(language, query).allowed
