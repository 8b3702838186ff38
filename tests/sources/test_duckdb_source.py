"""DuckDBSource: files typed carefully, named predictably, and DuckDB's own settings proven
with the source built directly (no parser guard in front)."""

from __future__ import annotations

import asyncio
import datetime as dt
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

duckdb = pytest.importorskip("duckdb")

from planrag.errors import DatasetError, QueryFailed, QueryRefused, QueryTimeout  # noqa: E402
from planrag.guards.dialects import DIALECTS  # noqa: E402
from planrag.sources._duckdb_files import (  # noqa: E402
    data_files,
    excel_extension,
    plan_files,
    usable_name,
)
from planrag.sources.duckdb import DuckDBSource  # noqa: E402
from planrag.table import Limits  # noqa: E402

needs_guard = pytest.mark.skipif(
    "duckdb" not in DIALECTS, reason="needs the DuckDB guard dialect (branch h/duckguard)")


def write_files(folder: Path) -> Path:
    """A folder of data files written here: three date formats, decimals with commas,
    empty cells, odd headers, a name clash and one workbook."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "orders.csv").write_text(
        "id,Order Date,shipped,due US,Amount €,code,2023,Città,order\n"
        "1,13/02/2024,2024-01-05,02/13/2024,\"1,5\",007,,Roma,a\n"
        "2,01.03.2024,2024-02-29,12/31/2023,\"1.234,25\",010, ,Milano,b\n"
        "3,,,,,,,,\n", encoding="utf-8")
    (folder / "Orders.tsv").write_text("id\tqty\n1\t4\n2\t5\n", encoding="utf-8")
    (folder / "ambiguous.csv").write_text("day;price\n01/02/2024;1,5\n03/04/2024;2\n",
                                          encoding="utf-8")
    sub = folder / "more"
    sub.mkdir(exist_ok=True)
    conn = duckdb.connect()
    conn.execute(f"LOAD '{excel_extension()}'")
    conn.execute(
        "COPY (SELECT * FROM (VALUES (1, 'North', DATE '2024-03-04', 1.5), "
        "(2, 'South', DATE '2024-03-05', 2.25)) t(\"Store Id\", region, opened, area)) "
        f"TO '{sub / 'Stores Book.xlsx'}' (FORMAT xlsx, HEADER true, SHEET 'Q1 Sales')")
    conn.execute("COPY (SELECT range AS id, range % 7 AS kind FROM range(1000)) "
                 f"TO '{sub / 'big.parquet'}' (FORMAT parquet)")
    conn.close()
    (folder / ".hidden.csv").write_text("a\n1\n", encoding="utf-8")
    (folder / "notes.txt").write_text("not data", encoding="utf-8")
    return folder


@pytest.fixture()
def files(tmp_path: Path) -> tuple[Path, ...]:
    return data_files([write_files(tmp_path / "data")])


@pytest.fixture()
async def source(files: tuple[Path, ...]) -> AsyncIterator[DuckDBSource]:
    src = DuckDBSource(files, limits=Limits(timeout_s=2.0))
    yield src
    await src.close()


def test_files_found_in_folders_without_hidden_or_other_files(files: tuple[Path, ...]) -> None:
    assert sorted(p.name for p in files) == ["Orders.tsv", "Stores Book.xlsx", "ambiguous.csv",
                                             "big.parquet", "orders.csv"]


def test_a_missing_path_or_a_folder_without_data_is_one_line(tmp_path: Path) -> None:
    with pytest.raises(DatasetError, match="no such file"):
        data_files([tmp_path / "nope.csv"])
    with pytest.raises(DatasetError, match=r"no \.csv"):
        data_files([tmp_path])
    (tmp_path / "x.json").write_text("{}")
    with pytest.raises(DatasetError, match="not a data file"):
        data_files([tmp_path / "x.json"])


def test_tables_named_by_file_and_sheet_with_clashes_numbered(files: tuple[Path, ...]) -> None:
    plan = plan_files(files)
    names = {t.path.name + (f"/{t.sheet}" if t.sheet else ""): t.name for t in plan.tables}
    assert names == {"Orders.tsv": "orders", "orders.csv": "orders_2",
                     "ambiguous.csv": "ambiguous", "big.parquet": "big",
                     "Stores Book.xlsx/Q1 Sales": "stores_book_q1_sales"}


def test_odd_names_become_identifiers() -> None:
    reserved = frozenset({"order", "select"})
    assert usable_name("Order Date", reserved, "c") == "order_date"
    assert usable_name("Città", reserved, "c") == "citta"
    assert usable_name("2023", reserved, "col_3") == "col_2023"
    assert usable_name("数量", reserved, "col_4") == "col_4"
    assert usable_name("order", reserved, "c") == "order_"


def test_types_dates_decimals_nulls_and_headers(files: tuple[Path, ...]) -> None:
    plan = plan_files(files)
    orders = next(t for t in plan.tables if t.path.name == "orders.csv")
    got = {c.name: (c.type, c.comment) for c in orders.columns}
    assert got == {
        "id": ("BIGINT", ""),
        "order_date": ("DATE", "Order Date"),
        "shipped": ("DATE", ""),
        "due_us": ("DATE", "due US"),
        "amount": ("DOUBLE", "Amount €"),
        "code": ("VARCHAR", ""),  # leading zeros: a code, not a number
        "col_2023": ("VARCHAR", "2023"),  # nothing but blanks
        "citta": ("VARCHAR", "Città"),
        "order_": ("VARCHAR", "order"),
    }
    assert orders.rows == 3


def test_dates_that_read_either_way_are_reported(files: tuple[Path, ...]) -> None:
    plan = plan_files(files)
    assert len(plan.ambiguous) == 1 and plan.ambiguous[0].startswith("ambiguous.day ")
    assert "date_order" in plan.ambiguous[0]
    column = next(t for t in plan.tables if t.name == "ambiguous").columns[0]
    assert column.ambiguous and "either way" in column.comment
    with pytest.raises(DatasetError, match="date_order"):
        plan_files(files, "ymd")


async def test_values_read_from_the_files(source: DuckDBSource) -> None:
    table = await source.execute("SELECT * FROM orders_2 ORDER BY id")
    first, second, empty = table.rows
    assert first[1:5] == (dt.date(2024, 2, 13), dt.date(2024, 1, 5), dt.date(2024, 2, 13), 1.5)
    assert second[1:5] == (dt.date(2024, 3, 1), dt.date(2024, 2, 29), dt.date(2023, 12, 31),
                           1234.25)
    assert second[5:] == ("010", None, "Milano", "b")  # a blank is NULL
    assert empty[1:] == (None,) * 8
    book = await source.execute("SELECT * FROM stores_book_q1_sales ORDER BY store_id")
    assert book.rows == ((1, "North", dt.date(2024, 3, 4), 1.5),
                         (2, "South", dt.date(2024, 3, 5), 2.25))  # never 1970
    big = await source.execute("SELECT count(*), sum(kind) FROM big")
    assert big.rows == ((1000, sum(i % 7 for i in range(1000))),)


async def test_date_order_from_the_manifest(files: tuple[Path, ...]) -> None:
    day_first = await DuckDBSource(files).execute("SELECT day FROM ambiguous ORDER BY price")
    month_first = await DuckDBSource(files, date_order="mdy").execute(
        "SELECT day FROM ambiguous ORDER BY price")
    assert day_first.rows[0] == (dt.date(2024, 2, 1),)
    assert month_first.rows[0] == (dt.date(2024, 1, 2),)


async def test_a_changed_file_is_read_again(files: tuple[Path, ...]) -> None:
    source = DuckDBSource(files)
    tsv = next(p for p in files if p.name == "Orders.tsv")
    assert (await source.execute("SELECT count(*) FROM orders")).rows == ((2,),)
    tsv.write_text("id\tqty\n1\t4\n2\t5\n3\t6\n", encoding="utf-8")
    assert (await source.execute("SELECT count(*) FROM orders")).rows == ((3,),)


async def test_a_path_as_a_table_is_no_table_to_duckdb(source: DuckDBSource) -> None:
    """`FROM '/etc/passwd'` is a file to DuckDB only with external access on: here it is a
    table name that does not exist, and nothing is read."""
    with pytest.raises(QueryFailed, match="does not exist"):
        await source.execute("SELECT * FROM '/etc/passwd'")


@pytest.mark.parametrize("query", [
    "SELECT * FROM read_csv('/etc/passwd')",
    "SELECT * FROM read_text('/etc/hostname')",
    "SELECT * FROM glob('/etc/*')",
    "SELECT * FROM read_blob('/etc/hostname')",
    "EXPORT DATABASE '/tmp/planrag-dkf-export'",
    "IMPORT DATABASE '/tmp/planrag-dkf-export'",
    "PRAGMA memory_limit = '64GB'",
    "SELECT * FROM read_parquet('http://127.0.0.1:9/x.parquet')",
    "COPY (SELECT 1) TO '/tmp/planrag-dkf-out.csv'",
    "ATTACH '/tmp/planrag-dkf.duckdb' AS other",
    "INSTALL httpfs",
    "LOAD httpfs",
    "SET enable_external_access = true",
    "SET lock_configuration = false",
    "SET memory_limit = '64GB'",
    "CREATE TABLE x AS SELECT 1",
    "DROP VIEW orders",
])
async def test_duckdb_itself_refuses_with_no_guard_in_front(
    source: DuckDBSource, query: str
) -> None:
    """The source built directly: whatever passed a guard, DuckDB's settings refuse it."""
    with pytest.raises(QueryRefused, match="DuckDB refused"):
        await source.execute(query)
    db = await source.opened()
    with pytest.raises(duckdb.Error):  # the raw connection too
        db.conn.cursor().execute(query).fetchall()


async def test_settings_are_set_and_locked(source: DuckDBSource) -> None:
    db = await source.opened()
    settings = dict(db.conn.cursor().execute(
        "SELECT name, value FROM duckdb_settings() WHERE name IN ('enable_external_access', "
        "'lock_configuration', 'threads', 'autoinstall_known_extensions', "
        "'autoload_known_extensions', 'memory_limit', 'python_enable_replacements', "
        "'allow_community_extensions')").fetchall())
    assert settings["enable_external_access"] == "false"
    assert settings["lock_configuration"] == "true"
    assert settings["autoinstall_known_extensions"] == "false"
    assert settings["autoload_known_extensions"] == "false"
    assert settings["threads"] == "2"
    assert settings["python_enable_replacements"] == "false"
    assert settings["allow_community_extensions"] == "false"
    assert settings["memory_limit"].endswith("GiB") or settings["memory_limit"].endswith("MiB")


async def test_a_long_statement_is_interrupted(files: tuple[Path, ...]) -> None:
    source = DuckDBSource(files, limits=Limits(timeout_s=0.5))
    started = asyncio.get_running_loop().time()
    with pytest.raises(QueryTimeout):
        await source.execute("SELECT count(*) FROM range(1000000000000) a")
    assert asyncio.get_running_loop().time() - started < 3
    assert (await source.execute("SELECT 1")).rows == ((1,),)  # still usable


async def test_row_caps_apply(source: DuckDBSource) -> None:
    table = await source.execute("SELECT id FROM big", Limits(max_rows=10))
    assert len(table.rows) == 10 and table.truncated


def _duckdb_file(path: Path) -> Path:
    conn = duckdb.connect(str(path))
    conn.execute("CREATE TABLE stores (id INTEGER PRIMARY KEY, name VARCHAR)")
    conn.execute("INSERT INTO stores VALUES (1, 'North'), (2, 'South')")
    conn.execute("COMMENT ON TABLE stores IS 'our stores'")
    conn.execute("CREATE VIEW north AS SELECT * FROM stores WHERE name = 'North'")
    conn.close()
    return path


async def test_a_duckdb_file_is_read_only(tmp_path: Path) -> None:
    path = _duckdb_file(tmp_path / "shop.duckdb")
    source = DuckDBSource(database=path)
    assert (await source.execute("SELECT name FROM stores ORDER BY id")).rows == (
        ("North",), ("South",))
    for write in ("INSERT INTO stores VALUES (3, 'East')", "DELETE FROM stores",
                  "CREATE TABLE t (a INT)", "SELECT * FROM read_csv('/etc/passwd')"):
        with pytest.raises(QueryRefused):
            await source.execute(write)
        db = await source.opened()
        with pytest.raises(duckdb.Error, match=r"read-only|Permission"):
            db.conn.cursor().execute(write)
    assert (await source.execute("SELECT count(*) FROM stores")).rows == ((2,),)


@needs_guard
async def test_schema_of_files_with_rows_types_and_comments(source: DuckDBSource) -> None:
    schema = await source.schema()
    orders = schema.find("orders_2")
    assert orders is not None and orders.rows == 3 and orders.rows_exact
    assert orders.comment == "from orders.csv"
    text = orders.render()
    assert "order_date DATE 'Order Date'" in text and "amount DOUBLE 'Amount €'" in text
    assert schema.values is not None


@needs_guard
async def test_schema_of_a_duckdb_file(tmp_path: Path) -> None:
    source = DuckDBSource(database=_duckdb_file(tmp_path / "shop.duckdb"))
    schema = await source.schema()
    stores = schema.find("stores")
    assert stores is not None and stores.comment == "our stores"
    assert [c.name for c in stores.columns if c.key] == ["id"]
    north = schema.find("north")
    assert north is not None and north.comment.startswith("view")
