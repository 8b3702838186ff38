"""`planrag connect ID --files PATH...` and `--duckdb FILE`, then `schema` and `query`, end to
end on files written here (a folder of CSVs and one .xlsx)."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

duckdb = pytest.importorskip("duckdb")

from planrag.guards.dialects import DIALECTS  # noqa: E402
from planrag.sources._duckdb_files import excel_extension  # noqa: E402
from tests.live._live import cli, live_env, one_line_error  # noqa: E402

needs_guard = pytest.mark.skipif(
    "duckdb" not in DIALECTS, reason="needs the DuckDB guard dialect (branch h/duckguard)")


def shop_folder(folder: Path) -> Path:
    """A team's exports: two CSVs (European and US dates, decimal commas, blanks) and a
    workbook of stores."""
    folder.mkdir(parents=True)
    (folder / "orders.csv").write_text(
        "Order Id;Store;Ordered on;Amount (€)\n"
        "1;1;13/02/2024;12,50\n2;2;01/03/2024;7,25\n3;1;20/03/2024;\n4;2;;3,00\n",
        encoding="utf-8")
    (folder / "deliveries.csv").write_text(
        "id,store,due\n1,1,02/13/2024\n2,2,12/31/2024\n", encoding="utf-8")
    (folder / "returns.csv").write_text(
        "id,day\n1,01/02/2024\n2,03/04/2024\n", encoding="utf-8")
    conn = duckdb.connect()
    conn.execute(f"LOAD '{excel_extension()}'")
    conn.execute("COPY (SELECT * FROM (VALUES (1, 'North', 120.5), (2, 'South', 80.0)) "
                 "t(id, \"Store Name\", area)) "
                 f"TO '{folder / 'stores.xlsx'}' (FORMAT xlsx, HEADER true, SHEET 'List')")
    conn.close()
    return folder


@needs_guard
async def test_connect_schema_and_query_a_folder_of_files(tmp_path: Path) -> None:
    env = live_env(tmp_path)
    folder = shop_folder(tmp_path / "exports")
    code, out, err = await cli("connect", "shop", "--files", str(folder), env=env)
    assert code == 0, err
    assert "4 data files in" in out
    assert "4 tables: deliveries, orders, returns, stores_list" in out
    assert "note: dates: returns.day (returns.csv): every day is 12 or less" in out
    manifest = tomllib.loads((tmp_path / "datasets" / "shop" / "dataset.toml").read_text())
    entry = manifest["databases"][0]
    assert entry["kind"] == "files" and entry["paths"] == [str(folder)]
    assert [Path(p).name for p in entry["files"]] == [
        "deliveries.csv", "orders.csv", "returns.csv", "stores.xlsx"]

    code, out, err = await cli("schema", "--dataset", "shop", env=env)
    assert code == 0, err
    assert ("TABLE orders(order_id BIGINT 'Order Id', Store BIGINT, ordered_on DATE "
            "'Ordered on', amount DOUBLE 'Amount (€)')  [4 rows]  -- from orders.csv") in out
    assert "stores_list(id BIGINT, store_name VARCHAR 'Store Name', area DOUBLE)" in out

    code, out, err = await cli(
        "query", "--dataset", "shop", "--json",
        "SELECT s.store_name, sum(o.amount) AS total, min(o.ordered_on) AS first "
        "FROM orders o JOIN stores_list s ON s.id = o.store GROUP BY 1 ORDER BY 1", env=env)
    assert code == 0, err
    rows = json.loads(out)["rows"]
    assert rows == [["North", 12.5, "2024-02-13"], ["South", 10.25, "2024-03-01"]]

    code, _, err = await cli("query", "--dataset", "shop",
                             "SELECT * FROM read_csv('/etc/passwd')", env=env)
    assert code != 0 and "passwd" not in _ and "refused" in err


@needs_guard
async def test_update_reads_the_folders_again_and_date_order_is_kept(tmp_path: Path) -> None:
    env = live_env(tmp_path)
    folder = shop_folder(tmp_path / "exports")
    assert (await cli("connect", "shop", "--files", str(folder), env=env))[0] == 0
    manifest = tmp_path / "datasets" / "shop" / "dataset.toml"
    manifest.write_text(manifest.read_text().replace('kind = "files"',
                                                     'kind = "files"\ndate_order = "mdy"'))
    (folder / "refunds.csv").write_text("id,amount\n1,\"2,5\"\n", encoding="utf-8")
    code, out, err = await cli("connect", "shop", "--update", env=env)
    assert code == 0, err
    assert "refunds" in out
    written = tomllib.loads(manifest.read_text())["databases"][0]
    assert written["date_order"] == "mdy"
    assert any(p.endswith("refunds.csv") for p in written["files"])
    code, out, err = await cli("query", "--dataset", "shop", "--json",
                               "SELECT day FROM returns ORDER BY id", env=env)
    assert code == 0, err
    assert json.loads(out)["rows"] == [["2024-01-02"], ["2024-03-04"]]


@needs_guard
async def test_connect_a_duckdb_file(tmp_path: Path) -> None:
    env = live_env(tmp_path)
    path = tmp_path / "shop.duckdb"
    conn = duckdb.connect(str(path))
    conn.execute("CREATE TABLE stores (id INTEGER PRIMARY KEY, name VARCHAR)")
    conn.execute("INSERT INTO stores VALUES (1, 'North'), (2, 'South')")
    conn.close()
    code, out, err = await cli("connect", "shop", "--duckdb", str(path), env=env)
    assert code == 0, err
    assert "1 tables: stores" in out or "1 table: stores" in out
    code, out, err = await cli("query", "--dataset", "shop", "--json",
                               "SELECT count(*) AS n FROM stores", env=env)
    assert code == 0, err and json.loads(out)["rows"] == [[2]]


async def test_what_cannot_be_connected_is_one_line(tmp_path: Path) -> None:
    env = live_env(tmp_path)
    (tmp_path / "empty").mkdir()
    (tmp_path / "plain.csv").write_text("a\n1\n")
    for args, said in (
        (("--files", str(tmp_path / "nope")), "no such file or folder"),
        (("--files", str(tmp_path / "empty")), "no .csv, .tsv, .parquet or .xlsx file"),
        (("--duckdb", str(tmp_path / "plain.csv")), "not a DuckDB database file"),
        (("--duckdb", str(tmp_path / "nope.duckdb")), "no such file"),
    ):
        code, _, err = await cli("connect", "shop", *args, env=env)
        assert said in one_line_error(code, err)
    assert not (tmp_path / "datasets" / "shop").exists()


async def test_a_wrong_date_order_sets_the_dataset_aside(tmp_path: Path) -> None:
    env = live_env(tmp_path)
    folder = tmp_path / "datasets" / "shop"
    folder.mkdir(parents=True)
    (tmp_path / "a.csv").write_text("a\n1\n")
    (folder / "dataset.toml").write_text(
        'id = "shop"\ntitle = "Shop"\n\n[[databases]]\nkind = "files"\n'
        f'files = ["{tmp_path / "a.csv"}"]\ndate_order = "ymd"\n')
    code, out, err = await cli("datasets", "--json", env=env)
    assert code == 0, err
    shop = next(d for d in json.loads(out) if d["id"] == "shop")
    assert "`date_order` must be \"dmy\" (day first) or \"mdy\"" in shop["error"]
