"""The result of one query: what every data source returns and every front end renders, and
the fetch-time caps (`Limits`, `TableBuilder`): rows and bytes kept, and the longest value
(one cell) the app reads at all. Sources fetch in batches sized by the widest row seen so far
(`TableBuilder.next_batch`), so a result of huge rows is never fetched many rows at a time."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from planrag.errors import ValueTooLarge
from planrag.markup import printable

__all__ = ["MAX_CELL_BYTES", "Limits", "Table"]

MAX_CELL_BYTES = 4_000_000
"""The default longest value read (PLANRAG_MAX_CELL_BYTES): the longest value the guard lets
a query build (1,000,000 characters) in any encoding."""
_FIRST_BATCH = 16
_MAX_BATCH = 256
_BATCH_BYTES = 8_000_000
"""Rows are fetched a batch at a time, at most this many bytes of them (at the widest row seen
so far), at least one row."""


@dataclass(frozen=True, slots=True)
class Limits:
    """Caps applied while fetching, never by rewriting the query text."""

    max_rows: int = 1000
    """Rows kept in the table; further rows are counted (up to `count_rows`) but dropped."""
    max_bytes: int = 1_000_000
    """Approximate bytes of cell data kept; the first row over the cap ends the fetch."""
    count_rows: int = 100_000
    """How many rows past `max_rows` are still counted to report an exact total."""
    timeout_s: float = 10.0
    """Server-side statement timeout; the client watchdog fires a little later."""
    max_scan_rows: int = 0
    """Refuse a query the server estimates (EXPLAIN) to examine more rows; 0: no check."""
    max_cell_bytes: int = MAX_CELL_BYTES
    """The longest value (one cell) read, in bytes: a query with a longer one is refused
    (`ValueTooLarge`), and the source stops the driver before it holds the value whole where
    the driver allows (SQLite's SQLITE_LIMIT_LENGTH, MySQL's packets)."""

    def __post_init__(self) -> None:
        for name in ("max_rows", "max_bytes", "count_rows", "max_cell_bytes"):
            if getattr(self, name) < 1:
                raise ValueError(f"{name} must be at least 1, got {getattr(self, name)}")
        if self.max_scan_rows < 0:
            raise ValueError(f"max_scan_rows must be 0 or more, got {self.max_scan_rows}")
        if not self.timeout_s > 0:
            raise ValueError(f"timeout_s must be positive, got {self.timeout_s}")


@dataclass(frozen=True, slots=True)
class Table:
    """Column names and rows of a result, with how much of it was kept."""

    columns: tuple[str, ...]
    rows: tuple[tuple[Any, ...], ...]
    total_rows: int
    """Rows the query produced, counted up to the limit (see `total_exact`)."""
    truncated: bool = False
    """True when fewer rows than `total_rows` are held, or a cell budget cut the fetch."""
    total_exact: bool = True
    """False when counting stopped early: `total_rows` is then a lower bound."""
    elapsed_ms: float = 0.0
    """Wall time from sending the query to the last row fetched."""
    notes: tuple[str, ...] = field(default=())
    """Remarks for the reader, e.g. which cap cut the result."""
    incomplete: tuple[str, ...] = field(default=())
    """Why the rows are not the whole answer, as the database said it (a server limit cut
    the query short, e.g. MariaDB's max_recursive_iterations); empty when nothing did. Also
    among `notes`; front ends show it with the result and the model is told."""

    @classmethod
    def empty(cls, columns: Sequence[str] = ()) -> Table:
        return cls(columns=tuple(columns), rows=(), total_rows=0)

    def as_dicts(self) -> list[dict[str, Any]]:
        return [dict(zip(self.columns, row, strict=True)) for row in self.rows]

    def to_json(self) -> dict[str, Any]:
        return {
            "columns": list(self.columns),
            "rows": [[_jsonable(v) for v in row] for row in self.rows],
            "total_rows": self.total_rows,
            "total_exact": self.total_exact,
            "truncated": self.truncated,
            "elapsed_ms": round(self.elapsed_ms, 3),
            "notes": list(self.notes),
            "incomplete": list(self.incomplete),
        }

    def render(self, max_width: int = 40) -> str:
        """A plain-text grid for terminals and logs; column names and cells printable, on
        one line each (`planrag.markup.printable`: a value's control characters are shown,
        never acted on)."""
        cells = [[_cell_text(v, max_width) for v in row] for row in self.rows]
        columns = [printable(c, one_line=True) for c in self.columns]
        widths = [len(c) for c in columns]
        for row in cells:
            widths = [max(w, len(c)) for w, c in zip(widths, row, strict=True)]
        line = "  ".join(c.ljust(w) for c, w in zip(columns, widths, strict=True))
        out = [line, "  ".join("-" * w for w in widths)]
        out += ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) for r in cells]
        shown = len(self.rows)
        total = f"{self.total_rows}{'' if self.total_exact else '+'}"
        summary = f"({shown} of {total} rows" if self.truncated else f"({shown} rows"
        out.append(f"{summary}, {self.elapsed_ms:.1f} ms)")
        out += [f"note: {printable(n)}" for n in self.notes]
        return "\n".join(out)


def _cell_text(value: Any, max_width: int) -> str:
    text = printable("NULL" if value is None else str(value), one_line=True)
    return text if len(text) <= max_width else text[: max_width - 1] + "…"


def _jsonable(value: Any) -> Any:
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, bytes | bytearray):
        return value.decode("utf-8", errors="replace")
    try:
        json.dumps(value)
    except TypeError:
        return str(value)
    return value


def value_bytes(value: Any, cap: int) -> int:
    """Bytes a value holds: text as UTF-8 (encoded to count only when it may be over `cap`),
    bytes as they are, numbers as 8; lists and mappings by `cell_size`."""
    if isinstance(value, str):
        return len(value) if len(value) * 4 <= cap else len(value.encode("utf-8", "replace"))
    if isinstance(value, bytes | bytearray):
        return len(value)
    if value is None or isinstance(value, bool | int | float):
        return 8
    return cell_size(value)


def cell_size(value: Any) -> int:
    """Rough byte size of a cell, for the fetch-time byte cap."""
    if value is None or isinstance(value, bool):
        return 4
    if isinstance(value, int | float):
        return 8
    if isinstance(value, str | bytes | bytearray):
        return len(value)
    if isinstance(value, list | tuple):
        return sum(cell_size(v) for v in value) + 2
    if isinstance(value, dict):
        return sum(len(str(k)) + cell_size(v) for k, v in value.items()) + 2
    return len(str(value))


def value_too_large(
    limits: Limits, column: str = "", size: int | None = None, stopped: str = "", *,
    query: str = "", language: str = "", instead: str = "",
) -> ValueTooLarge:
    """The one-line refusal of a value over `limits.max_cell_bytes` (see
    `TableBuilder.too_large`); `instead` replaces the usual advice (select part of it)."""
    cap = limits.max_cell_bytes
    where = f" in column {printable(column, one_line=True)}" if column else ""
    name = printable(column, one_line=True) if column else "x"
    big = f" {size:,} bytes long," if size is not None else ""
    how = f", so {stopped}" if stopped else ""
    advice = instead or f"select part of it (substr({name}, 1, 1000)) or its length instead"
    return ValueTooLarge(
        f"a value{where} is{big} over the {cap:,}-byte limit on one value "
        f"(PLANRAG_MAX_CELL_BYTES){how}; {advice}", query=query, language=language)


class TableBuilder:
    """Accumulates fetched rows under `Limits` and produces the final `Table`."""

    def __init__(self, columns: Sequence[str], limits: Limits, *, query: str = "",
                 language: str = "") -> None:
        self.columns = tuple(columns)
        self.limits = limits
        self.query = query
        self.language = language
        self.rows: list[tuple[Any, ...]] = []
        self.seen = 0
        self.bytes = 0
        self.widest = 0
        """The most bytes a row has held so far (what the next batch is sized by)."""
        self.cut_by: str | None = None
        self.left_over = False
        """True when `take` was handed rows past the counting limit."""

    @property
    def keeping(self) -> bool:
        """True while rows are still kept (not only counted)."""
        return self.cut_by is None

    @property
    def counting(self) -> bool:
        """True while further rows should still be fetched to count them."""
        return self.seen < self.limits.max_rows + self.limits.count_rows

    def next_batch(self, most: int = _MAX_BATCH) -> int:
        """How many rows to fetch next: a few at first, then as many as fit
        `_BATCH_BYTES` at the widest row seen so far (at least 1, at most `most`)."""
        if not self.seen:
            return min(_FIRST_BATCH, most)
        return max(1, min(most, _BATCH_BYTES // max(1, self.widest)))

    def add(self, row: Sequence[Any]) -> None:
        self.seen += 1
        sizes = [value_bytes(v, self.limits.max_cell_bytes) for v in row]
        self.widest = max(self.widest, sum(sizes))
        for at, size in enumerate(sizes):
            if size > self.limits.max_cell_bytes:
                raise self.too_large(self.columns[at] if at < len(self.columns) else "", size)
        if self.cut_by is not None:
            return
        if len(self.rows) >= self.limits.max_rows:
            self.cut_by = f"row cap of {self.limits.max_rows}"
            return
        size = sum(cell_size(v) for v in row)
        if self.rows and self.bytes + size > self.limits.max_bytes:
            self.cut_by = f"byte cap of {self.limits.max_bytes}"
            return
        self.bytes += size
        self.rows.append(tuple(row))

    def too_large(self, column: str = "", size: int | None = None, stopped: str = ""
                  ) -> ValueTooLarge:
        """The refusal of a value over the cell limit. `column` ("" when not known) and
        `size` (its bytes; None when not known) say which; `stopped` how the source kept from
        reading it whole ("SQLite stopped the query")."""
        return value_too_large(self.limits, column, size, stopped, query=self.query,
                               language=self.language)

    def take(self, batch: Sequence[Sequence[Any]]) -> bool:
        """Add a fetched batch; False once counting has stopped (fetch no further)."""
        for row in batch:
            if not self.counting:
                self.left_over = True
                return False
            self.add(row)
        return self.counting

    def build(self, elapsed_ms: float, *, exhausted: bool) -> Table:
        notes: list[str] = []
        if self.cut_by:
            notes.append(f"result cut by the {self.cut_by}; add filters or aggregate")
        if not exhausted:
            notes.append(f"stopped counting after {self.seen} rows")
        return Table(
            columns=self.columns,
            rows=tuple(self.rows),
            total_rows=self.seen,
            truncated=self.cut_by is not None,
            total_exact=exhausted,
            elapsed_ms=elapsed_ms,
            notes=tuple(notes),
        )
