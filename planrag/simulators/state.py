"""The state a simulator reads: typed rows of a few tables, and where they came from.

A simulator declares each table it needs as a `TableSpec` (columns with a kind, the key, and the
Cypher query that reads the same rows from the graph form). The state can come from:

* a dump file (`state_from_dump`): rows in **file order**. This is the exact path: the DQA
  labels were computed summing rows in file order, and a few of them are decided by the last
  bit of a float;
* a live data source (`state_from_source`): MySQL/MariaDB returns rows in **primary-key
  order** (InnoDB stores rows by key), the graph in key order (we sort, because a graph has no
  row order), SQLite in **insertion order** (the loader inserts in file order; a table whose key
  is a single INTEGER column is kept in key order by SQLite). Sums then run in another order,
  which can change the last bits of a value, so the few rounding-decided DQA labels may flip;
  everything else is the same. `State.origin` says which order a state has.

Every value is checked against its column's kind; a wrong one is a `StateError` naming the
table, the row and the column.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any, Literal

from planrag.dumps import RelationalDump, parse_sql
from planrag.errors import DatasetError, QueryError, StateError
from planrag.sources.base import DataSource
from planrag.table import Limits

__all__ = [
    "ColumnSpec",
    "State",
    "TableSpec",
    "state_from_dump",
    "state_from_source",
    "typed_state",
]

Kind = Literal["str", "int", "float", "bool"]

_LIVE_LIMITS = Limits(max_rows=2_000_000, max_bytes=512_000_000, count_rows=1, timeout_s=60.0)


@dataclass(frozen=True, slots=True)
class ColumnSpec:
    name: str
    kind: Kind


@dataclass(frozen=True, slots=True)
class TableSpec:
    """One table of a simulator's state."""

    name: str
    columns: tuple[ColumnSpec, ...]
    key: tuple[str, ...]
    cypher: str
    """A read-only query on the graph form returning exactly `columns` (by alias), one row
    per table row, ordered by the key."""
    may_be_empty: bool = True

    @staticmethod
    def of(name: str, columns: str, key: str, cypher: str, may_be_empty: bool = True) -> TableSpec:
        """Shorthand: ``columns="id:int name:str"``, ``key="id"``."""
        cols = []
        for part in columns.split():
            col, _, kind = part.partition(":")
            if kind not in ("str", "int", "float", "bool"):
                raise ValueError(f"column {col!r}: unknown kind {kind!r}")
            cols.append(ColumnSpec(col, kind))  # type: ignore[arg-type]
        return TableSpec(name, tuple(cols), tuple(key.split()), " ".join(cypher.split()),
                         may_be_empty)

    @property
    def column_names(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.columns)

    def sql(self, order_by: str | None = None) -> str:
        cols = ", ".join(f"`{c}`" for c in self.column_names)
        order = order_by or ", ".join(f"`{k}`" for k in self.key)
        return f"SELECT {cols} FROM `{self.name}` ORDER BY {order}"


@dataclass(frozen=True, eq=False)
class State:
    """Typed rows per table, in the order `origin` states. Compared and hashed by identity,
    so simulators can cache what they derive from one state."""

    tables: Mapping[str, Sequence[tuple[Any, ...]]]
    origin: str
    file_order: bool
    """True when rows are in the dump's file order (the bit-exact path)."""
    checked: tuple[TableSpec, ...] = ()
    """The specs every row has been checked and converted against."""

    def checked_for(self, specs: Sequence[TableSpec]) -> State:
        """This state with every table of `specs` checked (a no-op for loaded states); a
        state built by hand is checked here, so a simulator never sees a wrong type."""
        missing = [spec for spec in specs if spec not in self.checked]
        if not missing:
            return self
        return typed_state(specs, self.tables, self.origin, self.file_order)

    def rows(self, name: str) -> Sequence[tuple[Any, ...]]:
        try:
            return self.tables[name]
        except KeyError:
            raise StateError(f"the state has no table {name!r}") from None


def typed_state(
    specs: Sequence[TableSpec],
    tables: Mapping[str, Sequence[Sequence[Any]]],
    origin: str,
    file_order: bool = False,
) -> State:
    """Check and convert rows given in `specs` column order (e.g. built by a test or a
    plugin) into a `State`."""
    out: dict[str, list[tuple[Any, ...]]] = {}
    for spec in specs:
        if spec.name not in tables:
            raise StateError(f"{origin}: no table `{spec.name}`")
        where = f"{origin}: table `{spec.name}`"
        rows = []
        for n, row in enumerate(tables[spec.name], start=1):
            if len(row) != len(spec.columns):
                raise StateError(
                    f"{where}, row {n}: {len(row)} values for {len(spec.columns)} columns "
                    f"({', '.join(spec.column_names)})"
                )
            rows.append(_typed_row(spec, list(row), where, n))
        _check_nonempty(spec, rows, where)
        out[spec.name] = rows
    return State(out, origin, file_order, tuple(specs))


def state_from_dump(
    specs: Sequence[TableSpec],
    dump: Path | RelationalDump,
    renames: Mapping[str, str] | None = None,
) -> State:
    """Read `specs` from a relational dump, keeping file order."""
    if isinstance(dump, Path):
        if not dump.is_file():
            raise DatasetError(f"no dump file at {dump}: give the path of a .sql dump")
        parsed = parse_sql(dump, renames)
    else:
        parsed = dump
    tables: dict[str, list[tuple[Any, ...]]] = {}
    for spec in specs:
        table = parsed.tables.get(spec.name)
        if table is None:
            have = ", ".join(sorted(parsed.tables)) or "none"
            raise StateError(
                f"{parsed.path.name} has no table `{spec.name}` (it has: {have}); "
                f"this simulator needs: {', '.join(s.name for s in specs)}"
            )
        names = [c.name for c in table.columns]
        positions = []
        for col in spec.columns:
            if col.name not in names:
                raise StateError(
                    f"{parsed.path.name}: table `{spec.name}` has no column `{col.name}` "
                    f"(it has: {', '.join(names)})"
                )
            positions.append(names.index(col.name))
        where = f"{parsed.path.name}: table `{spec.name}`"
        tables[spec.name] = [
            _typed_row(spec, [row[p] for p in positions], where, n)
            for n, row in enumerate(table.rows, start=1)
        ]
        _check_nonempty(spec, tables[spec.name], where)
    return State(tables, f"dump {parsed.path.name} (file order)", True, tuple(specs))


async def state_from_source(specs: Sequence[TableSpec], source: DataSource) -> State:
    """Read `specs` from a live data source through its guard (read-only, capped)."""
    tables: dict[str, list[tuple[Any, ...]]] = {}
    insertion = getattr(source, "insertion_order", None)
    for spec in specs:
        query = spec.cypher if source.language == "cypher" else spec.sql(insertion)
        where = f"{source.name}: {'query for' if source.language == 'cypher' else 'table'} " \
            f"`{spec.name}`"
        try:
            result = await source.execute(query, _LIVE_LIMITS)
        except QueryError as exc:
            raise StateError(f"{where}: cannot read it: {exc}") from exc
        if result.truncated:
            raise StateError(f"{where}: more than {_LIVE_LIMITS.max_rows} rows; too large")
        columns = list(result.columns)
        rows = result.rows
        if not rows:
            _check_nonempty(spec, [], where)
            tables[spec.name] = []
            continue
        positions = []
        for col in spec.columns:
            if col.name not in columns:
                raise StateError(f"{where} returned no column `{col.name}`")
            positions.append(columns.index(col.name))
        tables[spec.name] = [
            _typed_row(spec, [row[p] for p in positions], where, n)
            for n, row in enumerate(rows, start=1)
        ]
    if source.language == "cypher":
        order = "key order"
    elif insertion:
        order = "insertion order"
    else:
        order = "primary-key order"
    return State(tables, f"{source.name} ({order})", False, tuple(specs))


def _check_nonempty(spec: TableSpec, rows: Sequence[object], where: str) -> None:
    if not rows and not spec.may_be_empty:
        raise StateError(f"{where} is empty; the simulator needs at least one row")


def _typed_row(spec: TableSpec, values: list[Any], where: str, n: int) -> tuple[Any, ...]:
    out = []
    for col, value in zip(spec.columns, values, strict=True):
        try:
            out.append(_coerce(col.kind, value))
        except ValueError as exc:
            raise StateError(f"{where}, row {n}, column `{col.name}`: {exc}") from None
    return tuple(out)


def _coerce(kind: Kind, value: Any) -> Any:
    if value is None:
        raise ValueError("is NULL; a value is needed")
    if kind == "str":
        if isinstance(value, str):
            return value
        if isinstance(value, int) and not isinstance(value, bool):
            return str(value)
        raise ValueError(f"expected text, got {value!r}")
    if kind == "bool":
        if isinstance(value, bool):
            return value
        if isinstance(value, int) and value in (0, 1):
            return bool(value)
        if isinstance(value, str) and value.upper() in ("TRUE", "FALSE"):
            return value.upper() == "TRUE"
        raise ValueError(f"expected TRUE or FALSE, got {value!r}")
    if isinstance(value, bool):
        raise ValueError(f"expected a number, got {value!r}")
    if kind == "int":
        if isinstance(value, int):
            return value
        if isinstance(value, float) and value.is_integer():
            return int(value)
        if isinstance(value, Decimal) and value == value.to_integral_value():
            return int(value)
        raise ValueError(f"expected a whole number, got {value!r}")
    if isinstance(value, int | float | Decimal):
        number = float(value)
        if not math.isfinite(number):
            raise ValueError(f"expected a finite number, got {value!r}")
        return number  # ints convert exactly (below 2**53), so sums are unchanged
    raise ValueError(f"expected a number, got {value!r}")
