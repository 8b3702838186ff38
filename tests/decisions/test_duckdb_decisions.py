"""Written decisions and claims on a files dataset (DuckDB): a decision over a CSV and a
Parquet file written here ranks as an independent Python computation over the same generated
rows does (`decision check`, `decision list`, `simulate`), its parameters bound as DuckDB
types (a date stays a date), and an answer of a scripted run is checked by it, with its
numbers checked against the files."""

from __future__ import annotations

import datetime as dt
import json
import math
import random
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

import pytest

duckdb = pytest.importorskip("duckdb")

from planrag.engine import Reply, ScriptedModel, call  # noqa: E402
from planrag.engine.scripted_server import ScriptedServer  # noqa: E402
from planrag.errors import QueryRefused  # noqa: E402
from planrag.simulators.state import TableSpec, state_from_source  # noqa: E402
from planrag.sources.duckdb import DuckDBSource  # noqa: E402
from planrag.sources.guarded import guarded  # noqa: E402
from tests.live._live import cli, events_of, live_env  # noqa: E402

MARGIN = 0.3
DEFAULTS = {"uplift": 0.12, "refit_cost": 450.0, "cutoff": dt.date(2023, 1, 1)}

DECISION = f'''
[[decisions]]
id = "store-refit"
title = "Store refit"
goal = "maximize"
objective = "the chain's weekly gross profit"
unit = "EUR/week"
digits = 8
candidates = "SELECT code AS decision, name AS label FROM stores WHERE opened_on < :cutoff"
value = """WITH wk AS (SELECT store, AVG(revenue) AS rev FROM sales GROUP BY store),
site AS (SELECT s.code, s.opened_on, wk.rev, COALESCE(s.rent, 0) AS rent
         FROM stores s LEFT JOIN wk ON wk.store = s.code)
SELECT code AS decision,
       (SELECT SUM(COALESCE(rev, 0) * {MARGIN} - rent) FROM site)
         + rev * :uplift * {MARGIN} - :refit_cost AS value
FROM site WHERE opened_on < :cutoff"""
baseline = """WITH wk AS (SELECT store, AVG(revenue) AS rev FROM sales GROUP BY store)
SELECT SUM(COALESCE(wk.rev, 0) * {MARGIN} - COALESCE(s.rent, 0)) AS value
FROM stores s LEFT JOIN wk ON wk.store = s.code"""
[decisions.parameters.uplift]
type = "float"
default = 0.12
min = 0
max = 1
[decisions.parameters.refit_cost]
type = "float"
default = 450.0
min = 0
[decisions.parameters.cutoff]
type = "date"
default = 2023-01-01
'''


@dataclass(frozen=True)
class Store:
    code: str
    name: str
    opened: dt.date
    rent: float | None


@dataclass(frozen=True)
class Chain:
    stores: list[Store]
    sales: list[tuple[str, int, float]]
    """(store code, week, takings)."""


def generate(count: int = 40, seed: int = 38) -> Chain:
    """Stores (some without rent, some without sales, some opened after the cutoff) and
    their weekly takings."""
    rng = random.Random(seed)
    stores, sales = [], []
    for n in range(1, count + 1):
        code = f"S{n:02d}"
        opened = dt.date(rng.randint(2015, 2024), rng.randint(1, 12), rng.randint(1, 28))
        rent = None if n % 9 == 0 else round(rng.uniform(600.0, 4_500.0), 2)
        stores.append(Store(code, f"Store {n} {rng.choice(['Nord', 'Süd', 'Mitte'])}",
                            opened, rent))
        if n % 7 == 0:
            continue  # opened lately: no sales yet, so not ranked
        for week in range(1, rng.randint(3, 8) + 1):
            sales.append((code, week, round(rng.uniform(2_000.0, 25_000.0), 2)))
    return chain_checked(Chain(stores, sales))


def chain_checked(chain: Chain) -> Chain:
    assert any(s.opened.day > 12 for s in chain.stores)  # the dates read day first
    return chain


def _european(amount: float) -> str:
    """1234.5 as "1.234,50"."""
    return f"{amount:,.2f}".replace(",", "_").replace(".", ",").replace("_", ".")


def write_files(folder: Path, chain: Chain) -> Path:
    """stores.csv (European dates and decimals, blank rents, headers with spaces and a
    symbol) and sales.parquet, written by DuckDB in a scratch connection."""
    folder.mkdir(parents=True)
    lines = ["Code;Name;Opened on;Rent (€)"]
    for s in chain.stores:
        rent = "" if s.rent is None else _european(s.rent)
        lines.append(f"{s.code};{s.name};{s.opened:%d/%m/%Y};{rent}")
    (folder / "stores.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    conn = duckdb.connect()
    try:
        conn.execute("CREATE TABLE sales (store VARCHAR, wk INTEGER, revenue DOUBLE)")
        conn.executemany("INSERT INTO sales VALUES (?, ?, ?)", chain.sales)
        conn.execute(f"COPY sales TO '{folder / 'sales.parquet'}' (FORMAT parquet)")
    finally:
        conn.close()
    return folder


@dataclass(frozen=True)
class Expected:
    baseline: float
    values: dict[str, float]
    """Each ranked candidate's value."""
    unranked: list[str]
    averages: dict[str, float]

    @property
    def ranking(self) -> list[str]:
        return sorted(self.values, key=lambda code: (-self.values[code], code))


def expected(chain: Chain, uplift: float, refit_cost: float, cutoff: dt.date) -> Expected:
    """The decision computed in plain Python from the generated rows."""
    weeks: dict[str, list[float]] = {}
    for code, _week, revenue in chain.sales:
        weeks.setdefault(code, []).append(revenue)
    averages = {code: sum(v) / len(v) for code, v in weeks.items()}
    profit = sum(averages.get(s.code, 0.0) * MARGIN - (s.rent or 0.0) for s in chain.stores)
    values, unranked = {}, []
    for s in chain.stores:
        if s.opened >= cutoff:
            continue
        if s.code in averages:
            values[s.code] = profit + averages[s.code] * uplift * MARGIN - refit_cost
        else:
            unranked.append(s.code)
    return Expected(profit, values, unranked, averages)


@pytest.fixture(scope="module")
def chain() -> Chain:
    return generate()


@pytest.fixture(scope="module")
async def shop(tmp_path_factory: pytest.TempPathFactory, chain: Chain) -> dict[str, str]:
    """A dataset `shop` connected on the files, with the decision written in its manifest."""
    root = tmp_path_factory.mktemp("duckdb-decisions")
    env = live_env(root)
    folder = write_files(root / "exports", chain)
    code, _, err = await cli("connect", "shop", "--files", str(folder), env=env)
    assert code == 0, err
    manifest = root / "datasets" / "shop" / "dataset.toml"
    manifest.write_text(manifest.read_text(encoding="utf-8") + DECISION, encoding="utf-8")
    return env


def _close(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)


async def test_the_files_are_typed_as_the_decision_reads_them(shop: dict[str, str]) -> None:
    code, out, err = await cli("schema", "--dataset", "shop", env=shop)
    assert code == 0, err
    assert ("TABLE stores(Code VARCHAR, Name VARCHAR, opened_on DATE "
            "'Opened on', rent DOUBLE 'Rent (€)')  [40 rows]") in out
    assert "TABLE sales(store VARCHAR, wk INTEGER, revenue DOUBLE)" in out


async def test_simulate_ranks_as_python_does(shop: dict[str, str], chain: Chain) -> None:
    want = expected(chain, **DEFAULTS)  # type: ignore[arg-type]
    assert want.unranked and len(want.values) > 10  # the data exercises both
    code, out, err = await cli("simulate", "--dataset", "shop", "--json", env=shop)
    assert code == 0, err
    got = json.loads(out)
    assert got["scenario"] == "store-refit" and got["objective"] == "maximise"
    assert _close(got["baseline"], want.baseline)
    ranking = [(r["decision"], r["value"]) for r in got["ranking"]]
    assert [d for d, _ in ranking] == want.ranking
    assert all(_close(v, want.values[d]) for d, v in ranking)
    assert got["best"]["decision"] == want.ranking[0]
    assert got["labels"][want.ranking[0]] == next(
        s.name for s in chain.stores if s.code == want.ranking[0])


async def test_decision_check_and_list_with_other_parameters(
        shop: dict[str, str], chain: Chain) -> None:
    """A date parameter is compared as a date: moving the cutoff moves the candidates
    exactly as in Python."""
    params = {"uplift": 0.5, "refit_cost": 100.0, "cutoff": dt.date(2019, 6, 30)}
    want = expected(chain, **params)  # type: ignore[arg-type]
    assert 0 < len(want.values) < len(expected(chain, **DEFAULTS).values)  # type: ignore[arg-type]
    args = [f"--param={k}={v}" for k, v in params.items()]
    code, out, err = await cli("decision", "check", "shop", "store-refit", *args, "--json",
                               env=shop)
    assert code == 0, err
    [checked] = json.loads(out)
    assert checked["ok"] is True
    assert checked["candidates"] == len(want.values)
    assert _close(checked["baseline"], want.baseline)
    first = [(c["decision"], c["value"]) for c in checked["first"]]
    assert [d for d, _ in first] == want.ranking[:len(first)]
    assert all(_close(v, want.values[d]) for d, v in first)
    assert want.unranked  # named in the candidates' order, whatever order DuckDB gives
    assert any(note.endswith(f"not ranked: {', '.join(want.unranked)}")
               for note in checked["notes"]), checked

    code, out, err = await cli("decision", "check", "shop", *args, env=shop)
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("store-refit: ok (dry run: candidates ")
    assert f"ranked {len(want.values)} candidates in " in lines[0]
    best = want.ranking[0]
    label = next(s.name for s in chain.stores if s.code == best)
    assert any(line.strip().startswith(f"{best} ({label}): ") for line in lines), out

    code, out, err = await cli("decision", "list", "shop", env=shop)
    assert code == 0, err
    assert out.startswith("store-refit ") and "Store refit (maximize" in out
    assert "cutoff=2023-01-01" in out and "broken" not in out.lower()


async def test_parameters_are_bound_as_duckdb_types(tmp_path: Path, chain: Chain) -> None:
    """Each value keeps its type (as text, `'1.5' * 2` would be 4 and a date plus an interval
    no function); a quote or a `$1` in a value is data; the guard judges the value bound."""
    folder = write_files(tmp_path / "files", chain)
    source = guarded(DuckDBSource([folder / "stores.csv", folder / "sales.parquet"]))
    table = await source.execute(
        "SELECT :day + INTERVAL 7 DAY AS later, :amount * 2 AS twice, "
        ":text || '!' AS said, NOT :flag AS negated, "
        "(SELECT COUNT(*) FROM stores WHERE opened_on < :day) AS older",
        params={"day": dt.date(2020, 1, 1), "amount": Decimal("1.5"),
                "text": "it's $1", "flag": False})
    older = sum(1 for s in chain.stores if s.opened < dt.date(2020, 1, 1))
    assert table.rows == ((dt.datetime(2020, 1, 8), Decimal("3.0"), "it's $1!", True, older),)
    with pytest.raises(QueryRefused, match="repeat"):
        await source.execute("SELECT repeat('x', :n) AS x", params={"n": 10**7})
    await source.close()


async def test_a_python_simulator_reads_whole_tables_from_the_files(
        tmp_path: Path, chain: Chain) -> None:
    """A simulator's tables read whole (no query of its own) are read with names DuckDB
    reads, typed, in key order."""
    folder = write_files(tmp_path / "files", chain)
    source = guarded(DuckDBSource([folder / "stores.csv", folder / "sales.parquet"]))
    specs = (TableSpec.of("stores", "Code:str opened_on:date rent:float?", key="Code"),
             TableSpec.of("sales", "store:str wk:int revenue:float", key="store wk"))
    state = await state_from_source(specs, source)
    await source.close()
    assert state.rows("stores") == [(s.code, s.opened, s.rent) for s in chain.stores]
    assert state.rows("sales") == sorted(chain.sales)


def _run_model(best: str, right: float, wrong: float, total: float) -> ScriptedModel:
    """Plan, one query over both files, an answer with one wrong number, then the answer
    corrected after the claims' feedback."""
    query = ("SELECT s.code, s.name, AVG(x.revenue) AS avg_rev, s.rent "
             "FROM stores s JOIN sales x ON x.store = s.code "
             "GROUP BY s.code, s.name, s.rent ORDER BY avg_rev DESC")
    source = f"q1[code={best}].avg_rev"

    def answer(claimed: float) -> Reply:
        return Reply(calls=[call(
            "final_answer", decision=best, check="store-refit", query_ids=["q1"],
            rationale=f"{best} has the highest average weekly takings, so a refit lifts the "
                      "chain's profit most.",
            claims=[{"text": f"{best}'s average weekly takings", "value": claimed,
                     "source": source},
                    {"text": "the chain's weekly takings", "value": total,
                     "source": "sum(q1[*].avg_rev)"}])])

    plan = [{"goal": "average weekly takings and rent per store", "source": "sql",
             "reads": ["sales.revenue", "stores.rent"], "yields": "takings per store"}]
    first, again = answer(wrong), answer(right)
    return ScriptedModel([Reply(calls=[call("make_plan", steps=plan)]),
                          Reply(calls=[call("run_sql", step=0, query=query)]),
                          first, again])


async def test_a_scripted_answer_is_checked_and_its_numbers_found_in_the_files(
        shop: dict[str, str], chain: Chain) -> None:
    want = expected(chain, **DEFAULTS)  # type: ignore[arg-type]
    best = want.ranking[0]
    right = round(want.averages[best], 2)
    total = round(sum(want.averages.values()), 2)
    model = _run_model(best, right, right + 1000, total)
    async with ScriptedServer(model) as server:
        code, out, err = await cli(
            "ask", "Which store should get this quarter's refit to raise the chain's weekly "
            "gross profit?", "--dataset", "shop", "--json",
            env={**shop, "PLANRAG_MODEL": "m", "PLANRAG_MODEL_BASE_URL": server.base_url})
    assert code == 0, err
    model.assert_all_used()
    told = str(model.requests[-1].messages[-1])
    assert "do not match the data" in told and f"q1[code={best}].avg_rev is" in told

    events = events_of(out)
    [proposed] = [e for e in events if e["kind"] == "answer_proposed"]
    assert proposed["decision"] == best
    assert [(c["value"], c["verified"], c["origin"]) for c in proposed["claims"]
            if c["cited_by"] == "model"] == [(right, True, "data"), (total, True, "data")]
    [checked] = [e for e in events if e["kind"] == "simulator_checked"]
    assert checked["check_id"] == "store-refit" and checked["best"] == best
    assert checked["rank"] == 1 and checked["candidates"] == len(want.values)
    assert _close(checked["baseline"], want.baseline)
