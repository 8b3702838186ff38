"""Row-source tracking for the Cypher guard's cartesian-product rule.

Each query part (the clauses between two WITH/RETURN projections) produces rows from one or
more *components*: sets of pattern elements connected by relationships, shared variables or
join conditions in WHERE. Two components that share nothing multiply each other's rows.

A component is *restricted* when something narrows it down: an inline property map or WHERE
in a node or relationship, a WHERE condition that mentions it, a variable imported from an
outer query, an UNWIND, a literal projection, or an aggregation/LIMIT that collapses the rows.
The guard refuses a query part as soon as it has two or more unrestricted components, e.g.
``MATCH (a), (b)`` or ``MATCH (p:Person) MATCH (m:Movie)``, and allows
``MATCH (a {name: 'Alice'}), (b:Person)`` or ``MATCH (a), (b) WHERE a.id = b.ref``.

This is a syntactic approximation on purpose: it catches the gross blow-ups and leaves the
rest to the server-side timeout, without refusing the joins models write every day.
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["Scope"]

# Prefixes of internal keys: "#n" anonymous pattern parts, "@root" carried-over components.
_SYNTHETIC = ("#", "@")


class Scope:
    """Union-find over variable names and anonymous pattern parts of one query part."""

    __slots__ = ("_parent", "_restricted", "_serial", "rows", "values")

    def __init__(self, rows: int = 1) -> None:
        self._parent: dict[str, str] = {}
        self._restricted: dict[str, bool] = {}
        self._serial = 0
        self.rows = rows
        """Known lower bound of rows generated from literal UNWINDs (1 when unknown)."""
        self.values: dict[str, tuple[float | None, int | None]] = {}
        """Per variable bound by WITH: its constant numeric value and its list size, where
        known, so ``WITH 2000000000 AS n RETURN range(1, n)`` is measured like the literal."""

    def inherit_values(self, outer: Scope) -> None:
        """Take over the known values of the variables imported from `outer`."""
        self.values.update(outer.values)

    def names(self) -> list[str]:
        """Every named variable in scope (anonymous parts excluded)."""
        return [name for name in self._parent if not name.startswith(_SYNTHETIC)]

    def __contains__(self, name: object) -> bool:
        return name in self._parent

    def anonymous(self) -> str:
        """A fresh id for an anonymous pattern part."""
        self._serial += 1
        key = f"#{self._serial}"
        self.bind(key, restricted=False)
        return key

    def bind(self, name: str, *, restricted: bool) -> None:
        """Bind `name` (if new) as its own component; mark it restricted if asked."""
        if name not in self._parent:
            self._parent[name] = name
            self._restricted[name] = restricted
        elif restricted:
            self.restrict(name)

    def _root(self, name: str) -> str:
        parent = self._parent
        while parent[name] != name:
            parent[name] = parent[parent[name]]
            name = parent[name]
        return name

    def join(self, names: Iterable[str]) -> None:
        """Put every bound name of `names` in one component."""
        roots = {self._root(name) for name in names if name in self._parent}
        if len(roots) < 2:
            return
        first, *rest = roots
        restricted = any(self._restricted[root] for root in roots)
        for root in rest:
            self._parent[root] = first
        self._restricted[first] = restricted

    def restrict(self, name: str) -> None:
        if name in self._parent:
            self._restricted[self._root(name)] = True

    def apply_condition(self, names: set[str]) -> None:
        """A WHERE conjunct: joins the components it mentions, or restricts the one it names."""
        bound = [name for name in names if name in self._parent]
        if len(bound) == 1:
            self.restrict(bound[0])
        else:
            self.join(bound)

    def unrestricted(self) -> list[str]:
        """One representative name per unrestricted component (named ones preferred)."""
        found: dict[str, str] = {}
        for name in self._parent:
            root = self._root(name)
            if not self._restricted[root] and (
                root not in found or found[root].startswith(_SYNTHETIC)
            ):
                found[root] = name
        return list(found.values())

    def is_restricted(self, name: str) -> bool:
        return name in self._parent and self._restricted[self._root(name)]

    def project(self, columns: list[tuple[str, set[str]]], *, collapse: bool) -> Scope:
        """The scope after WITH/RETURN: only `columns` survive, each joined to what it uses.

        `collapse` is true when the projection aggregates or has a LIMIT: the rows then no
        longer multiply, so every column joins one restricted component.
        """
        after = Scope(self.rows)
        for name, used in columns:
            if collapse or not used:
                after.bind(name, restricted=True)
                continue
            restricted = all(self.is_restricted(u) for u in used if u in self._parent)
            after.bind(name, restricted=restricted)
            roots = {self._root(u) for u in used if u in self._parent}
            # Columns derived from the same old component stay connected.
            for root in roots:
                after.bind(f"@{root}", restricted=restricted)
                after.join((name, f"@{root}"))
        if collapse and columns:
            after.join(name for name, _ in columns)
        return after
