"""Loading relational dumps into SQLite and MariaDB: idempotent, atomic, exact."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from planrag.datasets import Dataset, Dump, Registry
from planrag.errors import DumpFormatError, SourceUnavailable
from planrag.loading import load_mysql, load_sqlite, sqlite_path
from planrag.manifests import discover
from planrag.settings import MySQLAddress
from planrag.sources.mysql import MySQLSource
from tests._sql_fixtures import FIXTURES, PREFIX, MySQLWorld, admin_execute


def demo(registry: Registry) -> tuple[Dataset, Dump]:
    ds = registry.get("demo-retail")
    return ds, ds.dump("sql")


def copied_dataset(tmp_path: Path) -> tuple[Path, Dataset]:
    """A private copy of the demo dataset whose dump a test may change."""
    root = tmp_path / "fx"
    shutil.copytree(FIXTURES / "demo", root / "demo")
    return root, discover(root).get("demo-retail")


def test_sqlite_load_is_idempotent_and_exact(registry: Registry, sqlite_dir: Path) -> None:
    ds = registry.get("dqa-locating-1445")
    dump = ds.dump("sql", "e59ffaf3cd6a")
    first = load_sqlite(sqlite_dir, ds, dump, PREFIX)
    assert first.action == "loaded" and first.rows == 2384
    second = load_sqlite(sqlite_dir, ds, dump, PREFIX)
    assert second.action == "up to date" and second.rows == 0
    with sqlite3.connect(sqlite_path(sqlite_dir, dump, PREFIX)) as conn:
        value = conn.execute(
            "SELECT outgoing FROM trade_node WHERE trade_node = 'african_great_lakes'"
        ).fetchone()[0]
        cols = [r[1] for r in conn.execute("PRAGMA table_info(node_country)")]
    assert value == 0.21111488193553213
    assert "has_merchant" in cols and "has_has_merchant" not in cols


def test_sqlite_reloads_when_the_dump_changes(tmp_path: Path, sqlite_dir: Path) -> None:
    root, ds = copied_dataset(tmp_path)
    dump = ds.dump("sql")
    assert load_sqlite(sqlite_dir, ds, dump, PREFIX).action == "loaded"
    with dump.path.open("a") as f:
        f.write(
            "INSERT INTO cafe(id, name, city, demand_kg_per_week) "
            'VALUES (999, "New", "Kiel", 10);\n'
        )
    ds = discover(root).get("demo-retail")
    report = load_sqlite(sqlite_dir, ds, ds.dump("sql"), PREFIX)
    assert report.action == "reloaded" and report.rows == 53


def test_sqlite_failed_load_keeps_the_old_database(tmp_path: Path, sqlite_dir: Path) -> None:
    root, ds = copied_dataset(tmp_path)
    dump = ds.dump("sql")
    load_sqlite(sqlite_dir, ds, dump, PREFIX)
    target = sqlite_path(sqlite_dir, dump, PREFIX)
    before = target.read_bytes()
    with dump.path.open("a") as f:
        f.write("INSERT INTO nowhere (a) VALUES (1);\n")
    ds = discover(root).get("demo-retail")
    with pytest.raises(DumpFormatError, match="before its CREATE TABLE"):
        load_sqlite(sqlite_dir, ds, ds.dump("sql"), PREFIX)
    assert target.read_bytes() == before
    assert not list(sqlite_dir.glob("*.tmp*"))


@pytest.mark.mysql
async def test_mysql_load_is_idempotent_and_exact(
    registry: Registry, mysql_world: MySQLWorld
) -> None:
    ds = registry.get("dqa-locating-1445")
    dump = ds.dump("sql", "e59ffaf3cd6a")
    first = await load_mysql(mysql_world.admin, ds, dump, PREFIX, force=True)
    assert first.action in ("loaded", "reloaded") and first.rows == 2384
    second = await load_mysql(mysql_world.admin, ds, dump, PREFIX)
    assert second.action == "up to date"
    source = MySQLSource(mysql_world.ro, dump.database_name(PREFIX))
    table = await source.execute(
        "SELECT outgoing FROM trade_node WHERE trade_node = 'african_great_lakes'"
    )
    assert table.rows[0][0] == 0.21111488193553213  # DOUBLE keeps the literal exactly
    await source.close()
    staging = await admin_execute(  # its own: another worker may be loading another dataset
        "SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = "
        f"'{dump.database_name(PREFIX)}__staging'"
    )
    assert staging[0][0] == 0


@pytest.mark.mysql
async def test_mysql_failed_load_keeps_the_old_database(
    tmp_path: Path, mysql_world: MySQLWorld
) -> None:
    root, ds = copied_dataset(tmp_path)
    dump = ds.dump("sql")
    await load_mysql(mysql_world.admin, ds, dump, PREFIX, force=True)
    with dump.path.open("a") as f:
        f.write('INSERT INTO cafe(id, name) VALUES (101, "duplicate key");\n')
    ds = discover(root).get("demo-retail")
    with pytest.raises(SourceUnavailable, match="Duplicate entry"):
        await load_mysql(mysql_world.admin, ds, ds.dump("sql"), PREFIX)
    rows = await admin_execute(f"SELECT COUNT(*) FROM `{dump.database_name(PREFIX)}`.cafe")
    assert rows[0][0] == 12
    staging = await admin_execute(  # its own: another worker may be loading another dataset
        "SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = "
        f"'{dump.database_name(PREFIX)}__staging'"
    )
    assert staging[0][0] == 0


@pytest.mark.mysql
async def test_mysql_unreachable_is_one_line(registry: Registry) -> None:
    ds, dump = demo(registry)
    with pytest.raises(SourceUnavailable) as err:
        await load_mysql(MySQLAddress("mysql://root:@127.0.0.1:1"), ds, dump, PREFIX)
    assert "cannot reach MySQL" in str(err.value) and "\n" not in str(err.value)
