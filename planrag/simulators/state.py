"""The state a simulator reads: typed rows of a few tables, and where they came from.

A simulator declares each table it needs as a `TableSpec`: columns with a kind, the key, and
how the rows are read. SQL reads the whole table by its name, or runs the spec's own `query`
(a filter, a join, an aggregate; `:name` binds a parameter of the question); the graph runs
the spec's `cypher` query (`$name` binds a parameter), when it has one. The state can come
from:

* a dump file (`state_from_dump`): rows in **file order**. This is the exact path: the DQA
  labels were computed summing rows in file order, and a few of them are decided by the last
  bit of a float;
* a live data source (`state_from_source`): MySQL/MariaDB returns rows in **primary-key
  order** (InnoDB stores rows by key), the graph in key order (we sort, because a graph has no
  row order), SQLite in **insertion order** (the loader inserts in file order; a table whose key
  is a single INTEGER column is kept in key order by SQLite). Sums then run in another order,
  which can change the last bits of a value, so the few rounding-decided DQA labels may flip;
  everything else is the same. A table read by a query has the rows in the order the query
  gives them. `State.origin` says which order a state has.

A dump cannot feed a table read by a query: a dump is parsed, never run as a query.

Every value is checked against its column's kind and converted to its Python type (`date`,
`datetime` and `decimal` from what each source returns: driver objects, ISO text, numbers);
a kind written with a trailing `?` also takes NULL, as None. A wrong value is a `StateError`
naming the table, the row and the column.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any, Literal, get_args

from pydantic import BaseModel

from planrag.dumps import RelationalDump, parse_sql
from planrag.errors import DatasetError, QueryError, StateError
from planrag.guards.dialects import dialect_for
from planrag.locations import all_kinds
from planrag.sources._params import placeholder_names
from planrag.sources.base import DataSource
from planrag.table import Limits

__all__ = [
    "FORMS",
    "KINDS",
    "ColumnSpec",
    "Form",
    "State",
    "TableSpec",
    "as_of_now",
    "provided_forms",
    "state_from_dump",
    "state_from_source",
    "typed_state",
]

Kind = Literal["str", "int", "float", "bool", "date", "datetime", "decimal"]
KINDS: tuple[str, ...] = get_args(Kind)

Form = Literal["sql", "cypher"]
"""How a simulator's tables can be read: by SQL (MySQL, MariaDB, SQLite) or by Cypher."""
FORMS: tuple[Form, ...] = get_args(Form)

_LIVE_LIMITS = Limits(max_rows=2_000_000, max_bytes=512_000_000, count_rows=1, timeout_s=60.0)
_BACKTICKS = dialect_for("mysql").quote
"""Names in backticks, as MySQL, MariaDB and SQLite read them."""


@dataclass(frozen=True, slots=True)
class ColumnSpec:
    """One column: its name, its kind, and whether it may be NULL. The kind may be written
    with a trailing `?` (``ColumnSpec("note", "str?")``) for a nullable column."""

    name: str
    kind: Kind
    nullable: bool = False

    def __post_init__(self) -> None:
        kind = str(self.kind)
        if kind.endswith("?"):
            object.__setattr__(self, "kind", kind[:-1])
            object.__setattr__(self, "nullable", True)
        if self.kind not in KINDS:
            raise ValueError(
                f"column {self.name!r}: unknown kind {kind!r}; kinds are "
                f"{', '.join(KINDS)}, each with a trailing ? when NULL may occur"
            )

    @property
    def declared(self) -> str:
        """The kind as written: ``int`` or ``int?``."""
        return f"{self.kind}?" if self.nullable else self.kind


@dataclass(frozen=True, slots=True)
class TableSpec:
    """One table of a simulator's state."""

    name: str
    columns: tuple[ColumnSpec, ...]
    key: tuple[str, ...]
    """The key the whole table is read in order of (SQL without a `query`)."""
    cypher: str | None = None
    """A read-only query on the graph form returning exactly `columns` (by alias), one row
    per table row, ordered by the key; `$name` binds the parameter `name`. None: the table
    is not read from the graph."""
    may_be_empty: bool = True
    query: str | None = None
    """A read-only SQL query read as written instead of the whole table, returning `columns`
    (by alias) in the order the simulator needs; `:name` binds the parameter `name`."""

    @staticmethod
    def of(
        name: str,
        columns: str,
        key: str = "",
        cypher: str | None = None,
        may_be_empty: bool = True,
        *,
        query: str | None = None,
    ) -> TableSpec:
        """Shorthand: ``columns="id:int day:date note:str?"``, ``key="id"``."""
        cols = []
        for part in columns.split():
            col, _, kind = part.partition(":")
            cols.append(ColumnSpec(col, kind))  # type: ignore[arg-type]  # checked there
        return TableSpec(name, tuple(cols), tuple(key.split()), _squeezed(cypher),
                         may_be_empty, query.strip() or None if query else None)

    @property
    def column_names(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.columns)

    def reads(self, form: Form) -> bool:
        """Whether this table can be read in `form`: SQL needs a key (the whole table) or a
        query, Cypher needs a cypher query."""
        if form == "sql":
            return bool(self.query or self.key)
        return bool(self.cypher)

    def parameters(self, form: Form, *, dialect: str = "mysql") -> tuple[str, ...]:
        """The parameters its query in `form` binds (`:name`, `$name`), found as the sources
        find them (SQL read as `dialect`); a whole-table read binds none."""
        text = self.query if form == "sql" else self.cypher
        return tuple(placeholder_names(text, form, dialect=dialect)) if text else ()

    def sql(self, order_by: str | None = None, *, dialect: str = "mysql") -> str:
        """The SQL that reads this table: its `query` as written, else the whole table in
        key order (or `order_by`), its names quoted as `dialect` quotes them (PostgreSQL and
        DuckDB refuse MySQL's backticks), but in backticks on SQLite, where a double-quoted
        name no column has is read as text, not refused."""
        if self.query:
            return self.query
        quote = _BACKTICKS if dialect == "sqlite" else dialect_for(dialect).quote
        cols = ", ".join(quote(c) for c in self.column_names)
        order = order_by or ", ".join(quote(k) for k in self.key)
        return (f"SELECT {cols} FROM {quote(self.name)}"
                + (f" ORDER BY {order}" if order else ""))


def _squeezed(text: str | None) -> str | None:
    return " ".join(text.split()) or None if text else None


def provided_forms(specs: Sequence[TableSpec]) -> tuple[Form, ...]:
    """The forms every one of `specs` can be read in."""
    return tuple(f for f in FORMS if all(spec.reads(f) for spec in specs))


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
    """Read `specs` from a relational dump, keeping file order. A table read by a query
    cannot come from a dump (it is parsed, not run)."""
    shown = dump.name if isinstance(dump, Path) else dump.path.name
    queried = next((spec for spec in specs if spec.query), None)
    if queried is not None:
        raise StateError(
            f"{shown}: table `{queried.name}` is read by a query, and a dump file is parsed, "
            "not queried; simulate on a loaded copy or a live database (target mysql or "
            "sqlite)"
        )
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


async def state_from_source(
    specs: Sequence[TableSpec],
    source: DataSource,
    parameters: BaseModel | Mapping[str, Any] | None = None,
    *,
    forms: Sequence[Form] | None = None,
    reader: str | None = None,
) -> State:
    """Read `specs` from a live data source through its guard (read-only, capped). A query
    gets the `parameters` it names (only those), bound by the driver, never written into
    its text. `forms` (default: what the specs provide) are what the simulator `reader`
    declares it reads; a source of another language is refused before anything runs."""
    language: Form = "cypher" if source.language == "cypher" else "sql"
    declared = tuple(forms) if forms is not None else provided_forms(specs)
    if language not in declared:
        who = f"the {reader} simulator" if reader else "this simulator"
        if declared in (("sql",), ("cypher",)):
            words = "SQL" if declared[0] == "sql" else "Cypher"
            raise StateError(f"{who} reads only {words}; ask on {_targets_of(declared[0])}")
        raise StateError(f"{who} cannot read its tables with {language.upper()}")
    values = _plain_parameters(parameters)
    tables: dict[str, list[tuple[Any, ...]]] = {}
    insertion = getattr(source, "insertion_order", None)
    for spec in specs:
        if language == "cypher":
            if not spec.cypher:
                raise StateError(f"{source.name}: table `{spec.name}` has no Cypher query")
            query = spec.cypher
            where = f"{source.name}: query for `{spec.name}`"
        else:
            query = spec.sql(insertion, dialect=source.dialect)
            where = f"{source.name}: {'query for' if spec.query else 'table'} `{spec.name}`"
        names = spec.parameters(language, dialect=source.dialect)
        try:
            result = await source.execute(query, _LIVE_LIMITS, _bound(names, values, where))
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
    if language == "cypher":
        order = "key order"
    elif insertion:
        order = "insertion order"
    else:
        order = "primary-key order"
    if language == "sql" and any(spec.query for spec in specs):
        order += "; queried tables in their queries' order"
    return State(tables, f"{source.name} ({order})", False, tuple(specs))


def _plain_parameters(parameters: BaseModel | Mapping[str, Any] | None) -> dict[str, Any] | None:
    """The parameters as plain values (dates stay date objects)."""
    if parameters is None:
        return None
    if isinstance(parameters, BaseModel):
        return parameters.model_dump()
    return dict(parameters)


def _bound(
    names: Sequence[str], values: Mapping[str, Any] | None, where: str
) -> dict[str, Any] | None:
    """The values of the parameters a query names, or None when it names none."""
    if not names:
        return None
    listed = ", ".join(names)
    if values is None:
        raise StateError(
            f"{where}: its query is bound to the parameters {listed}; it is read for a "
            "question, with them"
        )
    missing = [n for n in names if n not in values]
    if missing:
        raise StateError(
            f"{where}: its query names the parameters {', '.join(missing)}, which the "
            "simulator's parameters lack"
        )
    return {n: values[n] for n in names}


def as_of_now() -> str:
    """When live data is read, as every check and ranking says it (UTC, to the second)."""
    return datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S UTC")


def _check_nonempty(spec: TableSpec, rows: Sequence[object], where: str) -> None:
    if not rows and not spec.may_be_empty:
        raise StateError(f"{where} is empty; the simulator needs at least one row")


def _typed_row(spec: TableSpec, values: list[Any], where: str, n: int) -> tuple[Any, ...]:
    out = []
    for col, value in zip(spec.columns, values, strict=True):
        try:
            out.append(_coerce(col, value))
        except ValueError as exc:
            raise StateError(f"{where}, row {n}, column `{col.name}`: {exc}") from None
    return tuple(out)


def _coerce(col: ColumnSpec, value: Any) -> Any:
    if value is None:
        if col.nullable:
            return None
        raise ValueError(f"is NULL; declare the column `{col.kind}?` if NULL is expected")
    if type(value).__module__.startswith("neo4j.time") and hasattr(value, "to_native"):
        value = value.to_native()  # the graph driver's Date and DateTime
    return _CONVERT[col.kind](value)


def _text(value: Any) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    raise ValueError(f"expected text, got {value!r}{_declare(value)}")


def _declare(value: Any) -> str:
    """A hint naming the kind `value` reads as, for a column declared otherwise."""
    if isinstance(value, datetime):
        return "; declare the column `datetime`"
    if isinstance(value, date):
        return "; declare the column `date`"
    if isinstance(value, Decimal):
        return "; declare the column `decimal` (or `float`)"
    return ""


def _flag(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    if isinstance(value, str) and value.upper() in ("TRUE", "FALSE"):
        return value.upper() == "TRUE"
    raise ValueError(f"expected TRUE or FALSE, got {value!r}")


def _whole(value: Any) -> int:
    if isinstance(value, bool):
        raise ValueError(f"expected a number, got {value!r}")
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, Decimal) and value.is_finite() and value == value.to_integral_value():
        return int(value)
    raise ValueError(f"expected a whole number, got {value!r}")


def _number(value: Any) -> float:
    if isinstance(value, int | float | Decimal) and not isinstance(value, bool):
        number = float(value)
        if not math.isfinite(number):
            raise ValueError(f"expected a finite number, got {value!r}")
        return number  # ints convert exactly (below 2**53), so sums are unchanged
    raise ValueError(f"expected a number, got {value!r}")


_DECIMAL_TEXT = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?")


def _exact(value: Any) -> Decimal:
    """A decimal, exactly: MySQL's Decimal as it is; an integer; a float (SQLite's REAL, a
    dump's literal) by its shortest text, which is the literal it was read from; number
    text (SQLite's TEXT)."""
    if isinstance(value, bool):
        raise ValueError(f"expected a decimal number, got {value!r}")
    if isinstance(value, Decimal):
        number = value
    elif isinstance(value, int):
        number = Decimal(value)
    elif isinstance(value, float):
        number = Decimal(repr(value)) if math.isfinite(value) else Decimal("NaN")
    elif isinstance(value, str) and _DECIMAL_TEXT.fullmatch(value.strip()):
        try:
            number = Decimal(value.strip())
        except InvalidOperation:  # pragma: no cover - the pattern admits only numbers
            number = Decimal("NaN")
    else:
        raise ValueError(f"expected a decimal number, got {value!r}")
    if not number.is_finite():
        raise ValueError(f"expected a finite decimal number, got {value!r}")
    return number


_DATE_TEXT = re.compile(r"\d{4}-\d{2}-\d{2}")
_DATETIME_TEXT = re.compile(
    r"\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}(:\d{2})?)?)?"
)


def _day(value: Any) -> date:
    """A date: a date object (MySQL, the graph), or ISO text `YYYY-MM-DD` (SQLite, dumps,
    the graph source's text)."""
    if isinstance(value, datetime):
        raise ValueError(f"expected a date, got a date and time {value!r}; declare the "
                         "column `datetime`")
    if isinstance(value, date):
        return value
    if isinstance(value, str) and _DATE_TEXT.fullmatch(value):
        try:
            return date.fromisoformat(value)
        except ValueError:
            pass
    raise ValueError(f"expected a date (YYYY-MM-DD), got {value!r}")


def _moment(value: Any) -> datetime:
    """A date and time: a datetime object, a date (at midnight), or ISO text
    `YYYY-MM-DD[ HH:MM[:SS[.fraction]]][offset]` (a `T` may stand for the space)."""
    if isinstance(value, datetime):
        return value
    if isinstance(value, date):
        return datetime(value.year, value.month, value.day)
    if isinstance(value, str) and _DATETIME_TEXT.fullmatch(value):
        try:
            return datetime.fromisoformat(value)
        except ValueError:
            pass
    raise ValueError(f"expected a date and time (YYYY-MM-DD HH:MM:SS), got {value!r}")


_CONVERT: dict[str, Any] = {
    "str": _text,
    "bool": _flag,
    "int": _whole,
    "float": _number,
    "decimal": _exact,
    "date": _day,
    "datetime": _moment,
}


def _targets_of(language: str) -> str:
    """"the mysql, postgres or sqlite target": the kinds whose queries are in `language`."""
    names = [k.name for k in all_kinds() if k.language == language]
    *first, last = names
    return f"the {', '.join(first)} or {last} target" if first else f"the {last} target"
