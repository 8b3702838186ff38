"""Schemas for the budget tests: the DQA and demo dumps as a source would describe them, and a
small hand-made graph with relationship patterns."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path

from planrag.dumps import GraphDump, parse_cql, parse_sql
from planrag.schema import Column, Entity, Schema
from tests._sql_fixtures import FIXTURES

_CQL_TYPES = {bool: "BOOLEAN", int: "INTEGER", float: "FLOAT", str: "STRING"}


def dump_paths() -> list[Path]:
    """Every DQA and demo dump (SQL and Cypher)."""
    return sorted(
        [
            *FIXTURES.glob("dqa/*/dbs/*.sql"),
            *FIXTURES.glob("dqa/*/dbs/*.cql"),
            *FIXTURES.glob("demo/dbs/*"),
        ]
    )


def dump_schema(path: Path) -> Schema:
    """The Schema a source builds for a loaded dump: tables with their declared types, keys
    and row counts; or labels and relationship types with sampled property types."""
    if path.suffix == ".sql":
        dump = parse_sql(path)
        tables = tuple(
            Entity(
                "table",
                t.name,
                tuple(Column(c.name, c.type, c.name in t.primary_key) for c in t.columns),
                rows=len(t.rows),
            )
            for t in dump.tables.values()
        )
        return Schema("mariadb", f"planrag_{path.stem}", tables)
    graph = parse_cql(path)
    return Schema("neo4j", path.stem, tuple(_graph_entities(graph)))


def _graph_entities(graph: GraphDump) -> Iterator[Entity]:
    nodes, rels = graph.nodes, graph.relationships
    for label in sorted({label for n in nodes for label in n.labels}):
        members = [n for n in nodes if label in n.labels]
        yield Entity("node", label, _props(n.properties for n in members), rows=len(members))
    for rel_type in sorted({r.type for r in rels}):
        typed = [r for r in rels if r.type == rel_type]
        pairs = Counter((r.start.label, r.end.label) for r in typed)
        patterns = tuple(f"(:{a})-[:{rel_type}]->(:{b})" for (a, b), _ in pairs.most_common(8))
        yield Entity(
            "relationship",
            rel_type,
            _props(r.properties for r in typed),
            patterns=patterns,
            rows=len(typed),
        )


def _props(samples: Iterator[dict[str, object]]) -> tuple[Column, ...]:
    seen: dict[str, set[str]] = {}
    for props in samples:
        for name, value in props.items():
            seen.setdefault(name, set()).add(_CQL_TYPES.get(type(value), "ANY"))
    return tuple(Column(n, "|".join(sorted(t))) for n, t in sorted(seen.items()))


def supply_graph(labels: int = 40) -> Schema:
    """A graph over budget: `labels` filler labels, plus suppliers, products, plants and
    customers linked by relationship types whose names say little on their own."""
    filler = [
        Entity(
            "node",
            f"Archive{i:02d}",
            (
                Column("ref", "STRING", True),
                Column("note", "STRING"),
                Column("created", "DATETIME"),
            ),
            rows=10 + i,
            comment="Imported legacy records",
        )
        for i in range(labels)
    ]
    core = [
        Entity(
            "node",
            "Supplier",
            (
                Column("supplier_id", "STRING", True),
                Column("name", "STRING"),
                Column("country", "STRING"),
                Column("rating", "FLOAT"),
            ),
            rows=120,
            comment="Companies we buy parts from",
        ),
        Entity(
            "node",
            "Part",
            (
                Column("part_no", "STRING", True),
                Column("description", "STRING"),
                Column("unit_cost", "FLOAT"),
            ),
            rows=4000,
        ),
        Entity(
            "node",
            "Plant",
            (
                Column("code", "STRING", True),
                Column("city", "STRING"),
                Column("capacity", "INTEGER"),
            ),
            rows=6,
            comment="Factories",
        ),
        Entity(
            "node",
            "Customer",
            (
                Column("customer_id", "STRING", True),
                Column("name", "STRING"),
                Column("segment", "STRING"),
            ),
            rows=900,
        ),
        Entity(
            "relationship",
            "SUPPLIES",
            (Column("lead_time_days", "INTEGER"), Column("price", "FLOAT")),
            patterns=("(:Supplier)-[:SUPPLIES]->(:Part)",),
            rows=9000,
        ),
        Entity(
            "relationship",
            "USED_AT",
            (Column("per_week", "INTEGER"),),
            patterns=("(:Part)-[:USED_AT]->(:Plant)",),
            rows=12000,
        ),
        Entity(
            "relationship",
            "SHIPS_TO",
            (Column("lanes", "INTEGER"),),
            patterns=("(:Plant)-[:SHIPS_TO]->(:Customer)",),
            rows=3000,
        ),
    ]
    return Schema("neo4j", "supply", tuple(filler[: labels // 2] + core + filler[labels // 2 :]))
