"""Build a compact `Schema` of a graph database from a few read-only queries.

Only procedures and clauses that both Neo4j 5 and ArcadeDB's Bolt server answer are used:
``db.labels()``, ``db.relationshipTypes()``, counts, a sample of ``properties(...)`` per label
and type, the ``(:A)-[:T]->(:B)`` label pairs seen in a sample of relationships, and (if the
server has it) ``SHOW INDEXES`` for key properties. Types are inferred from the sampled values,
which works the same on both servers.

Loader bookkeeping (labels starting with ``_Planrag``) is hidden, and labels or types with no
elements are left out: ArcadeDB keeps a type created by a rolled-back write, and an empty label
tells the model nothing.
"""

from __future__ import annotations

import time
from collections import Counter, defaultdict
from collections.abc import Awaitable, Callable, Iterable, Mapping
from typing import Any

from neo4j.spatial import Point
from neo4j.time import Date, DateTime, Duration, Time

from planrag.graph._values import is_hidden
from planrag.schema import Column, Entity, Schema

__all__ = ["Runner", "describe_graph"]

Runner = Callable[[str], Awaitable[list[dict[str, Any]]]]
"""Runs one internal read query and returns its records as dicts of raw driver values."""

DEADLINE_S = 20.0
SAMPLE_NODES = 200
SAMPLE_RELS = 500
MAX_PATTERNS = 8


async def describe_graph(
    run: Runner, dialect: str, database: str, deadline_s: float = DEADLINE_S
) -> Schema:
    """Describe the database `run` reaches. A graph of hundreds of labels takes a few
    queries each; past `deadline_s` the remaining labels and types are listed by name only
    (no properties, no count), so reading the schema stays bounded in time."""
    deadline = time.monotonic() + deadline_s
    keys = await _key_properties(run)
    entities: list[Entity] = []
    for label in await _names(run, "CALL db.labels() YIELD label RETURN label AS name"):
        if time.monotonic() > deadline:
            entities.append(Entity("node", label, (), comment="not described: too many"))
            continue
        entity = await _node_entity(run, label, keys.get(label, set()))
        if entity is not None:
            entities.append(entity)
    rel_query = "CALL db.relationshipTypes() YIELD relationshipType RETURN relationshipType AS name"
    for rel_type in await _names(run, rel_query):
        if time.monotonic() > deadline:
            entities.append(Entity("relationship", rel_type, (),
                                   comment="not described: too many"))
            continue
        entity = await _rel_entity(run, rel_type)
        if entity is not None:
            entities.append(entity)
    return Schema(dialect=dialect, database=database, entities=tuple(entities))


def quote(name: str) -> str:
    """Backtick-quote a label, type or property name for Cypher."""
    return "`" + name.replace("`", "``") + "`"


async def _names(run: Runner, query: str) -> list[str]:
    return sorted({str(r["name"]) for r in await run(query) if not is_hidden(str(r["name"]))})


async def _count(run: Runner, query: str) -> int:
    rows = await run(query)
    return int(rows[0]["c"]) if rows else 0


async def _node_entity(run: Runner, label: str, keys: set[str]) -> Entity | None:
    count = await _count(run, f"MATCH (n:{quote(label)}) RETURN count(n) AS c")
    if count == 0:
        return None
    rows = await run(
        f"MATCH (n:{quote(label)}) WITH n LIMIT {SAMPLE_NODES} RETURN properties(n) AS p"
    )
    return Entity("node", label, _columns((r["p"] for r in rows), keys), rows=count)


async def _rel_entity(run: Runner, rel_type: str) -> Entity | None:
    count = await _count(run, f"MATCH ()-[r:{quote(rel_type)}]->() RETURN count(r) AS c")
    if count == 0:
        return None
    rows = await run(
        f"MATCH (a)-[r:{quote(rel_type)}]->(b) WITH a, r, b LIMIT {SAMPLE_RELS} "
        "RETURN labels(a) AS la, labels(b) AS lb, properties(r) AS p"
    )
    pairs: Counter[tuple[str, str]] = Counter(
        (_label_of(r["la"]), _label_of(r["lb"])) for r in rows
    )
    patterns = tuple(_pattern(a, rel_type, b) for (a, b), _ in pairs.most_common(MAX_PATTERNS))
    columns = _columns((r["p"] for r in rows), set())
    return Entity("relationship", rel_type, columns, patterns=patterns, rows=count)


def _pattern(start: str, rel_type: str, end: str) -> str:
    def node(label: str) -> str:
        return f"(:{label})" if label else "()"

    return f"{node(start)}-[:{rel_type}]->{node(end)}"


def _label_of(labels: Iterable[str]) -> str:
    visible = sorted(str(label) for label in labels if not is_hidden(str(label)))
    return ":".join(visible)


def _columns(samples: Iterable[Mapping[str, Any]], keys: set[str]) -> tuple[Column, ...]:
    seen: dict[str, set[str]] = defaultdict(set)
    for props in samples:
        for name, value in (props or {}).items():
            if not is_hidden(name) and value is not None:
                seen[name].add(type_name(value))
    return tuple(
        Column(name, "|".join(sorted(types)), key=name in keys)
        for name, types in sorted(seen.items())
    )


_SCALARS: tuple[tuple[type, str], ...] = (
    (bool, "BOOLEAN"),  # before int: bool is an int subclass
    (int, "INTEGER"),
    (float, "FLOAT"),
    (str, "STRING"),
    (bytes, "BYTES"),
    (DateTime, "DATETIME"),
    (Date, "DATE"),
    (Time, "TIME"),
    (Duration, "DURATION"),
    (Point, "POINT"),
    (dict, "MAP"),
)


def type_name(value: Any) -> str:
    """The Cypher type name of one property value."""
    if isinstance(value, list | tuple):
        inner = sorted({type_name(v) for v in value if v is not None})
        return f"LIST<{'|'.join(inner) or 'ANY'}>"
    for cls, name in _SCALARS:
        if isinstance(value, cls):
            return name
    return type(value).__name__.upper()


async def _key_properties(run: Runner) -> dict[str, set[str]]:
    """Indexed properties per label, from SHOW INDEXES when the server supports it."""
    try:
        rows = await run("SHOW INDEXES")
    except Exception:
        return {}
    keys: dict[str, set[str]] = defaultdict(set)
    for row in rows:
        labels = row.get("labelsOrTypes") or []
        props = row.get("properties") or []
        for label in labels if isinstance(labels, list) else []:
            keys[str(label)].update(str(p) for p in props if isinstance(props, list))
    return keys
