"""Turn neo4j driver values into plain Python for `Table` rows and prompts.

Conventions (what the model sees):

- a node becomes ``{"_labels": [...], **properties}``; loader marker labels (``_Planrag*``)
  are left out;
- a relationship becomes ``{"_type": "T", **properties}``;
- a path becomes the list ``[node, rel, node, rel, node, ...]`` in path order;
- dates, times, datetimes and durations become ISO 8601 strings;
- points become WKT with their SRID, e.g. ``"SRID=4326;POINT(13.4 52.5)"``;
- lists and maps are converted element by element; other scalars are kept.
"""

from __future__ import annotations

from typing import Any

from neo4j.graph import Node, Path, Relationship
from neo4j.spatial import Point
from neo4j.time import Date, DateTime, Duration, Time

__all__ = ["HIDDEN_PREFIX", "is_hidden", "plain"]

HIDDEN_PREFIX = "_Planrag"
"""Labels (and, lowercased, property names) the loader uses for its own bookkeeping."""


def is_hidden(name: str) -> bool:
    """True for loader bookkeeping names that prompts and results must not show."""
    return name.lower().startswith(HIDDEN_PREFIX.lower())


def plain(value: Any) -> Any:
    """A plain-Python equivalent of one driver value (see the module docstring)."""
    if value is None or isinstance(value, bool | int | float | str | bytes):
        return value
    if isinstance(value, Node):
        return _node(value)
    if isinstance(value, Relationship):
        return _relationship(value)
    if isinstance(value, Path):
        return _path(value)
    if isinstance(value, Date | DateTime | Time | Duration):
        return value.iso_format()
    if isinstance(value, Point):
        return _wkt(value)
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if hasattr(value, "isoformat"):  # native datetime types from some server versions
        return value.isoformat()
    return value


def _properties(items: Any) -> dict[str, Any]:
    return {k: plain(v) for k, v in items if not is_hidden(k)}


def _node(node: Node) -> dict[str, Any]:
    labels = sorted(label for label in node.labels if not is_hidden(label))
    return {"_labels": labels, **_properties(node.items())}


def _relationship(rel: Relationship) -> dict[str, Any]:
    return {"_type": rel.type, **_properties(rel.items())}


def _path(path: Path) -> list[Any]:
    nodes = path.nodes  # in path order, so node i and node i+1 surround relationship i
    out: list[Any] = [_node(nodes[0])]
    for rel, node in zip(path.relationships, nodes[1:], strict=True):
        out += [_relationship(rel), _node(node)]
    return out


def _wkt(point: Point) -> str:
    coords = " ".join(f"{c:g}" for c in point)
    return f"SRID={point.srid};POINT({coords})"
