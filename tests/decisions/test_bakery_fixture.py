"""The shipped files dataset, fixtures/bakery (issue 38): three CSVs and a workbook that
fixtures/bakery/generate.py writes, read through DuckDB where they lie.

It is found with the other shipped datasets; its files are named relative to its manifest,
so a copy of its folder anywhere works; its schema reads the European dates as DATE and the
decimal commas as DOUBLE; its written decision ranks as rules.md says, computed here again
from the CSVs with Python's csv module; and generate.py writes the files checked in, byte
for byte.
"""

from __future__ import annotations

import csv
import importlib.util
import json
import shutil
import tomllib
from datetime import date, datetime
from pathlib import Path

import pytest

from planrag.manifests import discover
from tests._sql_fixtures import FIXTURES
from tests.cli._run import planrag

pytest.importorskip("duckdb_extension_excel", reason="needs the `files` extra")

BAKERY = FIXTURES / "bakery"
FILES = ("daily_bakes.csv", "orders.csv", "oven_quotes.csv", "shops.xlsx")
SHOPS_WITH_ROOM = {"GEN-SP": "Sint-Pieters station, Gent", "BRU-MA": "Markt, Brugge",
                   "LEU-OM": "Oude Markt, Leuven", "MEC-GM": "Grote Markt, Mechelen",
                   "AAL-ST": "Stationsplein, Aalst"}
"""The candidates: every shop but Korenmarkt, which has no room (shops.xlsx, by hand)."""


def test_the_manifest_names_its_files_relative_to_itself() -> None:
    with (BAKERY / "dataset.toml").open("rb") as f:
        entry = tomllib.load(f)["databases"][0]
    assert entry["kind"] == "files"
    assert entry["files"] == [f"files/{name}" for name in FILES]
    ds = discover(FIXTURES).get("demo-bakery")
    (db,) = ds.databases
    assert db.files == tuple(BAKERY / "files" / name for name in FILES)
    assert all(p.is_file() and p.stat().st_size < 64_000 for p in db.files)
    assert [q.id for q in ds.questions] == ["bakery-1", "bakery-2", "bakery-3"]
    assert [d.id for d in ds.decisions] == ["second-oven"] and not ds.decision_problems


def test_generate_py_writes_the_files_checked_in(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    spec = importlib.util.spec_from_file_location("bakery_generate", BAKERY / "generate.py")
    assert spec is not None and spec.loader is not None
    generate = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(generate)
    monkeypatch.setattr(generate, "FILES", tmp_path)
    generate.main()
    for name in FILES:
        assert (tmp_path / name).read_bytes() == (BAKERY / "files" / name).read_bytes(), name


def test_its_schema_reads_european_dates_and_decimal_commas() -> None:
    out = planrag("schema", "--dataset", "demo-bakery")
    assert out.returncode == 0, out.stderr
    lines = {line.split("(", 1)[0].removeprefix("TABLE "): line
             for line in out.stdout.splitlines() if line.startswith("TABLE ")}
    assert sorted(lines) == ["daily_bakes", "orders", "oven_quotes", "shops_list"]
    expected = {
        "daily_bakes": ["Day DATE", "oven_hours DOUBLE 'Oven hours'",
                        "loaves_baked BIGINT 'Loaves baked'", "sold_out_at VARCHAR",
                        "[288 rows]"],  # 13/01/2025: day first
        "orders": ["ordered_on DATE 'Ordered on'", "wanted_for DATE 'Wanted for'",
                   "amount DOUBLE 'Amount (€)'", "Status VARCHAR"],  # 14.01.2025; 64,50
        "oven_quotes": ["price DOUBLE 'Price (€)'", "installation DOUBLE 'Installation (€)'",
                        "service_a_year DOUBLE", "Note VARCHAR", "[5 rows]"],  # 14.900,00
        "shops_list": ["Opened DATE", "Ovens BIGINT", "room_for_a_second_oven VARCHAR",
                       "[6 rows]", "from shops.xlsx, sheet List"],  # an Excel date cell
    }
    for table, parts in expected.items():
        for part in parts:
            assert part in lines[table], (part, lines[table])
    opened = planrag("query", "--dataset", "demo-bakery", "--json",
                     "SELECT min(Day), max(Day), (SELECT Opened FROM shops_list "
                     "WHERE Shop = 'GEN-KM'), (SELECT max(amount) FROM orders), "
                     "(SELECT max(installation) FROM oven_quotes) FROM daily_bakes")
    assert opened.returncode == 0, opened.stderr
    assert json.loads(opened.stdout)["rows"] == [
        ["2025-01-06", "2025-03-01", "2009-04-01", 385.0, 11800.0]]


def _number(text: str) -> float:
    """"14.900,00" -> 14900.0, as the Belgian spreadsheet wrote it."""
    return float(text.replace(".", "").replace(",", "."))


def _gains(folder: Path, margin_pct: float, years: int) -> dict[str, float]:
    """rules.md's yearly gain per shop with room, from the CSVs (the candidates by hand)."""
    with (folder / "daily_bakes.csv").open(encoding="utf-8", newline="") as f:
        days = [datetime.strptime(r["Day"], "%d/%m/%Y").date() for r in csv.DictReader(f)]
    weeks = len({d.isocalendar()[:2] for d in days})
    declined: dict[str, float] = {}
    with (folder / "orders.csv").open(encoding="utf-8", newline="") as f:
        for r in csv.DictReader(f, delimiter=";"):
            if r["Status"] == "declined: oven full":
                declined[r["Shop"]] = declined.get(r["Shop"], 0.0) + _number(r["Amount (€)"])
    with (folder / "oven_quotes.csv").open(encoding="utf-8", newline="") as f:
        quotes = {r["Shop"]: r for r in csv.DictReader(f, delimiter=";")}
    assert weeks == 8 and min(days) == date(2025, 1, 6)
    return {shop: declined.get(shop, 0.0) * margin_pct / 100 * 52 / weeks
            - (_number(q["Price (€)"]) + _number(q["Installation (€)"])) / years
            - _number(q["Service a year (€)"])
            for shop, q in quotes.items()}


@pytest.mark.parametrize(("years", "best"), [(6, "GEN-SP"), (10, "BRU-MA")])
def test_its_written_decision_ranks_as_rules_md_says_wherever_it_lies(
        tmp_path: Path, years: int, best: str) -> None:
    """A copy of the dataset's folder elsewhere (another clone) ranks alike: Sint-Pieters
    over six years, Brugge's dear installation paid off over ten."""
    shutil.copytree(BAKERY, tmp_path / "fixtures" / "bakery")
    env = {"PLANRAG_FIXTURES_DIR": str(tmp_path / "fixtures"),
           "PLANRAG_DATA_DIR": str(tmp_path / "data"), "PLANRAG_DATASET": "demo-bakery"}
    out = planrag("simulate", "--dataset", "demo-bakery", "--json",
                  "--param", f"years={years}", env=env)
    assert out.returncode == 0, out.stderr
    got = json.loads(out.stdout)
    assert got["labels"] == SHOPS_WITH_ROOM and got["baseline"] == 0.0
    want = _gains(tmp_path / "fixtures" / "bakery" / "files", 40.0, years)
    ranked = {r["decision"]: r["value"] for r in got["ranking"]}
    assert set(ranked) == set(SHOPS_WITH_ROOM) == set(want)
    assert all(abs(ranked[s] - want[s]) < 1e-6 for s in want), (ranked, want)
    assert got["best"]["decision"] == best == max(want, key=want.__getitem__)
    listed = planrag("datasets", env=env).stdout
    assert f"4 data files in {tmp_path / 'fixtures' / 'bakery' / 'files'} (live)" in listed
