"""Graph introspection stays bounded in time: past its deadline, labels are only named."""

from __future__ import annotations

from typing import Any

from planrag.sources._graph_schema import describe_graph


async def _runner(query: str) -> list[dict[str, Any]]:
    if "db.labels" in query:
        return [{"name": f"Label{i}"} for i in range(300)]
    if "relationshipTypes" in query:
        return [{"name": "LINKS"}]
    if "count(" in query:
        return [{"c": 3}]
    if "labels(a)" in query:
        return [{"la": ["Label1"], "lb": ["Label2"], "p": {"w": 1.5}}]
    if "properties(n)" in query:
        return [{"p": {"name": "x", "size": 2}}]
    return []


async def test_labels_past_the_deadline_are_named_only() -> None:
    whole = await describe_graph(_runner, "neo4j", "big")
    assert len(whole.entities) == 301
    assert whole.entities[0].columns and whole.entities[0].rows == 3
    assert whole.entities[-1].patterns == ("(:Label1)-[:LINKS]->(:Label2)",)
    named = await describe_graph(_runner, "neo4j", "big", deadline_s=0.0)
    assert len(named.entities) == 301
    assert all(not e.columns and e.rows is None for e in named.entities)
    assert named.entities[0].comment == "not described: too many"
