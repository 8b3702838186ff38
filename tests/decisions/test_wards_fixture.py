"""The wards dataset's decision, as written in its manifest, against rules.md by hand.

fixtures/wards/dataset.toml declares the `night-nurses` decision as three SQL queries. Until
the engine runs decisions, this runs them itself: the dump loaded by planrag's own loaders into
a SQLite file and a MariaDB database, each query sent through the DB-API with its `:name`
parameters bound by the driver (sqlite3 takes them as written; for pymysql they become
`%(name)s`, and the modulo `%` is doubled), and every value compared with
tests/decisions/wards_model.py, a plain transcription of rules.md over the dump's rows.

The dataset is built here from its folder, not through the registry, so the check does not
depend on the manifest loader knowing `[[decisions]]`; `test_the_registry_reads_it` does, and
says so while it cannot.
"""

from __future__ import annotations

import re
import sqlite3
import tomllib
from pathlib import Path
from typing import Any, SupportsFloat

import pymysql
import pytest

from planrag.datasets import Dataset, Dump
from planrag.guards import check
from planrag.loading import load_mysql, load_sqlite, sqlite_path
from planrag.manifests import discover
from tests._sql_fixtures import FIXTURES, PREFIX, MySQLWorld
from tests.decisions import wards_model

WARDS = FIXTURES / "wards"
REL = 1e-9
NURSES = (1, 2, 4)


def decision() -> dict[str, Any]:
    with (WARDS / "dataset.toml").open("rb") as f:
        manifest = tomllib.load(f)
    found: list[dict[str, Any]] = [
        d for d in manifest["decisions"] if d["id"] == "night-nurses"]
    assert len(found) == 1
    return found[0]


DECISION = decision()
AGENCY_DEFAULT = DECISION["parameters"]["agency_rate_eur"]["default"]
CASES = [(n, AGENCY_DEFAULT) for n in NURSES] + [(2, 450.0)]
"""nurses in (1, 2, 4) at the default agency rate, and one other agency rate."""


def wards() -> tuple[Dataset, Dump]:
    dump = Dump("wards", "sql", WARDS / "dbs" / "wards.sql")
    ds = Dataset(id="wards", title="wards", description="", rules="", questions=(), root=WARDS)
    return ds, dump


def expected(nurses: int, agency: float) -> tuple[dict[str, float], float]:
    tables = wards_model.read_tables()
    return (wards_model.values(tables, nurses, agency),
            wards_model.baseline(tables, agency))


def close(got: SupportsFloat, want: float) -> bool:
    """Within REL of `want` (MariaDB may answer a Decimal, SQLite an int)."""
    return abs(float(got) - want) <= REL * max(abs(want), 1.0)


def compare(run: Any, nurses: int, agency: float) -> None:
    """`run(query, parameters)` returns rows; check all three queries against the model."""
    params = {"nurses": nurses, "agency_rate_eur": agency}
    tables = wards_model.read_tables()
    labels = {str(d): str(label) for d, label in run(DECISION["candidates"], params)}
    assert labels == wards_model.candidates(tables)
    want, want_base = expected(nurses, agency)
    got = {str(d): v for d, v in run(DECISION["value"], params)}
    assert set(got) == set(want)
    wrong = {w: (got[w], want[w]) for w in want if not close(got[w], want[w])}
    assert not wrong, wrong
    (base,) = run(DECISION["baseline"], params)
    assert len(base) == 1 and close(base[0], want_base), (base, want_base)


# --------------------------------------------------------------------------- the model alone


def test_the_decision_is_not_trivial() -> None:
    """A different ward wins at 1, 2 and 4 nurses (so a test can see the parameter bound), no
    tie for first place at the defaults, and the default's winner is not the largest ward."""
    tables = wards_model.read_tables()
    best = {}
    for n in NURSES:
        values = wards_model.values(tables, n, AGENCY_DEFAULT)
        ranked = sorted(values, key=values.__getitem__)
        assert values[ranked[1]] - values[ranked[0]] > 100, values
        best[n] = (ranked[0], round(values[ranked[0]], 2))
    assert best == {1: ("STB-ICU", 37408.35), 2: ("STB-PAE", 35557.2), 4: ("RVG-ASH", 36453.9)}
    beds = {w["ward_cd"]: w["bed_cnt"] for w in tables["ward"] if w["cls_dt"] is None}
    assert max(beds, key=beds.__getitem__) == "STB-4N" != best[2][0]
    assert round(wards_model.baseline(tables, AGENCY_DEFAULT), 2) == 40194.7
    # the default agency rate is a real parameter: cheaper agency cover moves the best ward
    cheaper = wards_model.values(tables, 2, 450.0)
    assert min(cheaper, key=cheaper.__getitem__) == "STB-ICU"


def test_the_data_has_its_nulls_and_a_closed_ward() -> None:
    tables = wards_model.read_tables()
    rates = {r["ward_cd"]: r["night_amt"] for r in tables["agy_rate"]}
    assert rates["STB-PAE"] is None and "RVG-MAT" not in rates
    assert [w["ward_cd"] for w in tables["ward"] if w["cls_dt"] is not None] == ["STB-2W"]
    assert "STB-2W" not in wards_model.candidates(tables)
    assert any(s["hca_cnt"] is None for s in tables["night_shift"])


def test_the_queries_pass_the_guard() -> None:
    """Read-only single statements in both dialects (placeholders shown to the guard as a
    number: it does not know `:name` parameters)."""
    for key in ("candidates", "value", "baseline"):
        query = re.sub(r"(?<![:\w]):[A-Za-z_]\w*", "0", DECISION[key])
        for dialect in ("mariadb", "sqlite"):
            verdict = check(dialect, query)
            assert verdict.allowed, (key, dialect, verdict.reason)


def test_the_registry_reads_it() -> None:
    registry = discover(FIXTURES)
    ds = registry.get("wards")
    assert [d.id for d in ds.decisions] == ["night-nurses"] and not ds.decision_problems
    assert ds.dump("sql").path == WARDS / "dbs" / "wards.sql"
    assert ds.question("wards-1").extra["parameters"] == {"nurses": 2}


# --------------------------------------------------------------------------- the databases


@pytest.mark.parametrize(("nurses", "agency"), CASES)
def test_sqlite_agrees_with_the_rules(sqlite_dir: Path, nurses: int, agency: float) -> None:
    ds, dump = wards()
    load_sqlite(sqlite_dir, ds, dump, PREFIX)
    path = sqlite_path(sqlite_dir, dump, PREFIX)
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as conn:
        compare(lambda q, p: conn.execute(q, p).fetchall(), nurses, agency)


def pyformat(query: str) -> str:
    """`:name` placeholders as pymysql's `%(name)s`, a literal `%` doubled."""
    return re.sub(r"(?<![:\w]):([A-Za-z_]\w*)", r"%(\1)s", query.replace("%", "%%"))


def test_pyformat() -> None:
    assert pyformat("SELECT a % b, :n, 'x' FROM t WHERE c > :agency_rate_eur") == (
        "SELECT a %% b, %(n)s, 'x' FROM t WHERE c > %(agency_rate_eur)s")


@pytest.mark.mysql
async def test_mariadb_agrees_with_the_rules(mysql_world: MySQLWorld) -> None:
    ds, dump = wards()
    await load_mysql(mysql_world.admin, ds, dump, PREFIX)
    ro = mysql_world.ro  # SELECT only
    conn = pymysql.connect(host=ro.host, port=ro.port, user=ro.user, password=ro.password,
                           database=dump.database_name(PREFIX), charset="utf8mb4")
    try:
        def run(query: str, params: dict[str, Any]) -> list[tuple[Any, ...]]:
            with conn.cursor() as cur:
                cur.execute(pyformat(query), params)
                return list(cur.fetchall())

        for nurses, agency in CASES:
            compare(run, nurses, agency)
    finally:
        conn.close()
