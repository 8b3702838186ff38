"""Files as tables: CSV, TSV, Parquet and Excel files read by DuckDB where they lie.

`plan_files(paths, date_order)` finds the data files (folders are searched, hidden files
skipped), names one table per file or sheet, and reads every column's type:

- a table's name is the file's name without its extension, lower-cased, every other
  character `_` (`Order Items.csv` -> `order_items`; a workbook's sheet `book_sheet`), a name
  starting with a digit prefixed `t_`, a clash numbered (`orders_2`) in the files' order;
- a column whose header is not an identifier (a number, spaces, accents, an SQL keyword) gets
  a usable name (`Order Date` -> `order_date`, `2023` -> `col_2023`), its header kept as the
  column's comment;
- CSV and Excel text is read as text and typed here, on every value of the column: empty
  strings (and blanks) are NULL; whole numbers BIGINT (not with leading zeros: codes stay
  text); decimals DOUBLE, with a point or a comma (`1,5`, `1.234,5`); ISO dates (`2024-03-01`)
  and day- or month-first dates (`01/03/2024`, `01.03.2024`) DATE, the order read from a day
  over 12; ISO timestamps TIMESTAMP; Excel's date cells DATE (from their serial, never 1970).
  A date column every day of which is 12 or less reads either way: it is read as
  `date_order` says (`dmy` by default) and reported (`FilePlan.ambiguous`). Parquet keeps its
  own types.

`write_catalog(plan, folder)` writes a small DuckDB file of views, one per table, each over
its file (`read_csv`, `read_parquet`, `read_xlsx`): queries read the files themselves, never
a copy in memory. The source opens that file read-only (`planrag.sources.duckdb`).
"""

from __future__ import annotations

import re
import unicodedata
import zipfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal
from xml.etree import ElementTree

from planrag.errors import DatasetError, SourceUnavailable
from planrag.guards.dialects import sql_dialect

__all__ = [
    "DATE_ORDERS",
    "SUFFIXES",
    "FileColumn",
    "FilePlan",
    "FileTable",
    "data_files",
    "excel_extension",
    "literal",
    "plan_files",
    "quoted",
    "write_catalog",
]

Reader = Literal["csv", "tsv", "parquet", "xlsx"]
SUFFIXES: dict[str, Reader] = {".csv": "csv", ".tsv": "tsv", ".parquet": "parquet",
                               ".xlsx": "xlsx"}
DATE_ORDERS = ("dmy", "mdy")
MAX_FILES = 500

_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_INT = r"[+-]?\d{1,18}"
_LEADING_ZERO = r"[+-]?0\d+"
_DOT = r"[+-]?(?:\d+\.\d*|\.\d+)(?:[eE][+-]?\d+)?"
_COMMA = r"[+-]?(?:\d{1,3}(?:\.\d{3})+|\d+),\d+"
_ISO_DATE = r"\d{4}-\d{2}-\d{2}"
_ISO_TIME = r"\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?"
_DMY = r"(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})"
_EXCEL_EPOCH = "DATE '1899-12-30'"
"""Day 0 of Excel's date serials (1900 system, past its leap-year bug)."""


@dataclass(frozen=True)
class FileColumn:
    name: str
    """As queries write it."""
    type: str
    """Its DuckDB type."""
    expression: str
    """The SQL that reads it from the raw column of the reader."""
    comment: str = ""
    """The header as written when `name` differs, and how ambiguous dates were read."""
    ambiguous: bool = False
    """Dates whose every day is 12 or less: read as the manifest's `date_order` says."""


@dataclass(frozen=True)
class FileTable:
    name: str
    path: Path
    sheet: str | None
    reader: str
    """The reader call (`read_csv('...', ...)`) the view selects from."""
    columns: tuple[FileColumn, ...]
    rows: int

    @property
    def shown(self) -> str:
        """For people and the schema's comment: the file, and the sheet."""
        return f"{self.path.name}, sheet {self.sheet}" if self.sheet else self.path.name


@dataclass(frozen=True)
class FilePlan:
    tables: tuple[FileTable, ...]
    date_order: str

    @property
    def paths(self) -> tuple[Path, ...]:
        """The files the views read: the only ones DuckDB may open."""
        return tuple(dict.fromkeys(t.path for t in self.tables))

    @property
    def needs_excel(self) -> bool:
        return any(t.path.suffix.lower() == ".xlsx" for t in self.tables)

    @property
    def ambiguous(self) -> tuple[str, ...]:
        """One line per date column that reads either way."""
        order = "day first (DD/MM/YYYY)" if self.date_order == "dmy" else (
            "month first (MM/DD/YYYY)")
        return tuple(
            f"{t.name}.{c.name} ({t.shown}): every day is 12 or less, so its dates read "
            f"either way; read {order}; set date_order = \"dmy\" or \"mdy\" in the "
            "dataset's [[databases]] entry to say which"
            for t in self.tables for c in t.columns if c.ambiguous)


def excel_extension() -> Path:
    """DuckDB's Excel extension as the `duckdb-extension-excel` wheel installs it: loaded
    from that file, never downloaded."""
    import duckdb

    try:
        import duckdb_extension_excel
    except ImportError:
        raise SourceUnavailable(
            "reading .xlsx files needs DuckDB's Excel extension: pip install "
            "'planrag-assistant[files]'") from None
    folder = Path(duckdb_extension_excel.__file__).parent / "extensions"
    path = folder / f"v{duckdb.__version__}" / "excel.duckdb_extension"
    if not path.is_file():
        raise SourceUnavailable(
            f"DuckDB's Excel extension for DuckDB {duckdb.__version__} is not installed "
            f"(looked in {folder}); install duckdb-extension-excel=={duckdb.__version__}")
    return path


def data_files(paths: Iterable[Path], where: str = "--files") -> tuple[Path, ...]:
    """The data files `paths` name: files as given, folders searched (sorted, hidden files
    and folders skipped); one line when one is missing or none is a data file."""
    found: list[Path] = []
    for given in paths:
        path = given.expanduser().resolve()
        if path.is_dir():
            inside = sorted(p for p in path.rglob("*")
                            if p.is_file() and p.suffix.lower() in SUFFIXES
                            and not any(part.startswith(".") for part in
                                        p.relative_to(path).parts))
            found += inside
        elif path.is_file():
            if path.suffix.lower() not in SUFFIXES:
                raise DatasetError(f"{where}: {given} is not a data file; name .csv, .tsv, "
                                   ".parquet or .xlsx files, or folders holding them")
            found.append(path)
        else:
            raise DatasetError(f"{where}: {given}: no such file or folder")
    files = tuple(dict.fromkeys(found))
    if not files:
        raise DatasetError(f"{where}: no .csv, .tsv, .parquet or .xlsx file found in "
                           f"{', '.join(str(p) for p in paths)}")
    if len(files) > MAX_FILES:
        raise DatasetError(f"{where}: {len(files)} data files; at most {MAX_FILES}: name "
                           "the folders that hold the data the questions need")
    return files


def usable_name(text: str, reserved: frozenset[str], fallback: str) -> str:
    """`text` as an identifier: accents dropped, lower-cased, every other character `_`."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    name = re.sub(r"[^a-z0-9]+", "_", ascii_text.lower()).strip("_")
    if not name:
        return fallback
    if name[0].isdigit():
        name = f"{fallback.split('_')[0]}_{name}"
    return f"{name}_" if name in reserved else name


def _numbered(name: str, taken: set[str]) -> str:
    out, n = name, 1
    while out.casefold() in taken:
        n += 1
        out = f"{name}_{n}"
    taken.add(out.casefold())
    return out


quoted = sql_dialect("duckdb").quote
"""A name as DuckDB reads it quoted, as the guard's dialect quotes it."""


def literal(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def sheets(path: Path) -> tuple[str, ...]:
    """A workbook's sheets, in its order (`xl/workbook.xml`)."""
    try:
        with zipfile.ZipFile(path) as book:
            root = ElementTree.fromstring(book.read("xl/workbook.xml"))
    except (OSError, KeyError, zipfile.BadZipFile, ElementTree.ParseError) as exc:
        raise DatasetError(f"{path}: not a readable .xlsx workbook ({exc})") from None
    return tuple(str(e.get("name")) for e in root.iter()
                 if e.tag.endswith("}sheet") and e.get("name"))


def plan_files(files: Sequence[Path], date_order: str = "dmy") -> FilePlan:
    """The tables of `files` with their columns typed (see the module docstring)."""
    import duckdb

    if date_order not in DATE_ORDERS:
        raise DatasetError(f"date_order must be \"dmy\" or \"mdy\", not {date_order!r}")
    conn = duckdb.connect(":memory:", config={"autoinstall_known_extensions": False,
                                              "autoload_known_extensions": False})
    try:
        reserved = frozenset(str(r[0]) for r in conn.execute(
            "SELECT keyword_name FROM duckdb_keywords() WHERE keyword_category = 'reserved'"
        ).fetchall())
        if any(p.suffix.lower() == ".xlsx" for p in files):
            conn.execute(f"LOAD {literal(str(excel_extension()))}")
        taken: set[str] = set()
        tables: list[FileTable] = []
        for path in files:
            reader = SUFFIXES[path.suffix.lower()]
            parts: Sequence[str | None] = sheets(path) if reader == "xlsx" else (None,)
            for sheet in parts:
                stem = f"{path.stem}_{sheet}" if sheet is not None else path.stem
                name = _numbered(usable_name(stem, reserved, "t"), taken)
                try:
                    tables.append(_table(conn, name, path, reader, sheet, date_order, reserved))
                except duckdb.Error as exc:
                    raise DatasetError(f"{path}{f' (sheet {sheet})' if sheet else ''} cannot "
                                       f"be read: {str(exc).splitlines()[0]}") from None
        return FilePlan(tuple(tables), date_order)
    finally:
        conn.close()


def _table(conn: Any, name: str, path: Path, reader: Reader, sheet: str | None,
           date_order: str, reserved: frozenset[str]) -> FileTable:
    file = literal(str(path))
    if reader == "parquet":
        call = f"read_parquet({file})"
        described = conn.execute(f"DESCRIBE SELECT * FROM {call}").fetchall()
        rows = conn.execute(
            f"SELECT coalesce(sum(num_rows), 0) FROM parquet_file_metadata({file})").fetchone()
        columns = _named([(str(r[0]), str(r[1]), quoted(str(r[0])), False)
                          for r in described], reserved)
        return FileTable(name, path, None, call, columns, int(rows[0]))
    excel_dates: set[str] = set()
    if reader == "xlsx":
        options = f", sheet={literal(sheet or '')}, header=true"
        call = f"read_xlsx({file}{options}, all_varchar=true)"
        probe = conn.execute(f"DESCRIBE SELECT * FROM read_xlsx({file}{options}, "
                             "ignore_errors=true)").fetchall()
        excel_dates = {str(r[0]) for r in probe if str(r[1]) in ("DATE", "TIMESTAMP")}
    else:
        call = f"read_csv({file}, {_csv_options(conn, file, reader)})"
    raw = [str(r[0]) for r in conn.execute(f"DESCRIBE SELECT * FROM {call}").fetchall()]
    typed, rows = _typed(conn, call, raw, excel_dates, date_order)
    return FileTable(name, path, sheet, call, _named(typed, reserved), rows)


def _csv_options(conn: Any, file: str, reader: Reader) -> str:
    """The reader's options, the sniffed dialect pinned so every query reads it alike."""
    delim, quote, escape = conn.execute(
        f"SELECT Delimiter, Quote, Escape FROM sniff_csv({file})").fetchone()
    if reader == "tsv":
        delim = "\t"
    options = [f"delim={literal(delim)}", "header=true", "all_varchar=true",
               "null_padding=true"]
    options.append(f"quote={literal('' if quote == '(empty)' else quote)}")
    options.append(f"escape={literal('' if escape == '(empty)' else escape)}")
    return ", ".join(options)


_COUNTS = (
    ("filled", None), ("int", _INT), ("zero", _LEADING_ZERO), ("dot", _DOT),
    ("comma", _COMMA), ("iso", _ISO_DATE), ("stamp", _ISO_TIME), ("dmy", _DMY),
)


def _typed(conn: Any, call: str, raw: list[str], excel_dates: set[str],
           date_order: str) -> tuple[list[tuple[str, str, str, bool]], int]:
    """(header, type, expression, ambiguous) per column, and the row count: every value
    of every column is looked at once, in one pass over the file."""
    parts = ["count(*)"]
    for column in raw:
        v = f"nullif(trim({quoted(column)}), '')"
        for what, pattern in _COUNTS:
            cond = f"{v} IS NOT NULL" if pattern is None else (
                f"regexp_full_match({v}, {literal(pattern)})")
            parts.append(f"count(*) FILTER (WHERE {cond}) AS {quoted(what)}")
        parts.append(f"count(*) FILTER (WHERE try_cast(regexp_extract({v}, {literal(_DMY)}, 1)"
                     " AS INTEGER) > 12)")
        parts.append(f"count(*) FILTER (WHERE try_cast(regexp_extract({v}, {literal(_DMY)}, 2)"
                     " AS INTEGER) > 12)")
    row = conn.execute(f"SELECT {', '.join(parts)} FROM {call}").fetchone()
    rows = int(row[0])
    width = len(_COUNTS) + 2
    out = []
    for n, column in enumerate(raw):
        counts = dict(zip([w for w, _ in _COUNTS] + ["day_first", "month_first"],
                          row[1 + n * width: 1 + (n + 1) * width], strict=True))
        out.append(_column_type(column, {k: int(c) for k, c in counts.items()},
                                column in excel_dates, date_order))
    return out, rows


def _column_type(column: str, c: dict[str, int], excel_date: bool,
                 date_order: str) -> tuple[str, str, str, bool]:
    v = f"nullif(trim({quoted(column)}), '')"
    filled = c["filled"]
    if filled == 0:
        return column, "VARCHAR", v, False
    if excel_date and c["int"] + c["dot"] == filled:
        day = f"{_EXCEL_EPOCH} + CAST(floor(try_cast({v} AS DOUBLE)) AS INTEGER)"
        return column, "DATE", day, False
    if c["int"] == filled and c["zero"] == 0:
        return column, "BIGINT", f"try_cast({v} AS BIGINT)", False
    if c["int"] + c["dot"] == filled and c["zero"] == 0:
        return column, "DOUBLE", f"try_cast({v} AS DOUBLE)", False
    if c["comma"] > 0 and c["comma"] + c["int"] == filled and c["zero"] == 0:
        text = f"replace(replace({v}, '.', ''), ',', '.')"
        return column, "DOUBLE", f"try_cast({text} AS DOUBLE)", False
    if c["iso"] == filled:
        return column, "DATE", f"try_cast({v} AS DATE)", False
    if c["stamp"] + c["iso"] == filled:
        return column, "TIMESTAMP", f"try_cast({v} AS TIMESTAMP)", False
    if c["dmy"] == filled and not (c["day_first"] and c["month_first"]):
        ambiguous = not c["day_first"] and not c["month_first"]
        order = "dmy" if c["day_first"] else "mdy" if c["month_first"] else date_order
        fmt = "%d/%m/%Y" if order == "dmy" else "%m/%d/%Y"
        text = f"regexp_replace({v}, '[.-]', '/', 'g')"
        return column, "DATE", f"CAST(try_strptime({text}, '{fmt}') AS DATE)", ambiguous
    return column, "VARCHAR", v, False


def _named(columns: list[tuple[str, str, str, bool]],
           reserved: frozenset[str]) -> tuple[FileColumn, ...]:
    """Each column under a usable name (its header kept as its comment when changed)."""
    taken: set[str] = set()
    out = []
    for n, (header, kind, expression, ambiguous) in enumerate(columns, start=1):
        fine = _IDENTIFIER.fullmatch(header) and header.lower() not in reserved
        name = _numbered(header if fine else usable_name(header, reserved, f"col_{n}"), taken)
        notes = [] if name == header else [header]
        if ambiguous:
            notes.append("dates read either way (every day is 12 or less)")
        out.append(FileColumn(name, kind, expression, "; ".join(notes), ambiguous))
    return tuple(out)


def write_catalog(plan: FilePlan, path: Path) -> None:
    """A DuckDB file at `path` holding one view per table over its file, with comments."""
    import duckdb

    conn = duckdb.connect(str(path), config={"autoinstall_known_extensions": False,
                                             "autoload_known_extensions": False})
    try:
        if plan.needs_excel:
            conn.execute(f"LOAD {literal(str(excel_extension()))}")
        for table in plan.tables:
            select = ", ".join(f"{c.expression} AS {quoted(c.name)}" for c in table.columns)
            conn.execute(f"CREATE VIEW {quoted(table.name)} AS SELECT {select} "
                         f"FROM {table.reader}")
            conn.execute(f"COMMENT ON VIEW {quoted(table.name)} IS "
                         f"{literal('from ' + table.shown)}")
            for c in table.columns:
                if c.comment:
                    conn.execute(f"COMMENT ON COLUMN {quoted(table.name)}.{quoted(c.name)} "
                                 f"IS {literal(c.comment)}")
        conn.execute("CHECKPOINT")
    finally:
        conn.close()
