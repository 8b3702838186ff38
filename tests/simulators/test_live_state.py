"""Simulator state read from live databases: the same rows as the dump, in a known order."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path

import pytest

from planrag.datasets import Registry
from planrag.errors import StateError
from planrag.loading import load_mysql, load_sqlite, sqlite_path
from planrag.runtime import load_datasets, open_source
from planrag.settings import Settings
from planrag.simulators import (
    BuildingSimulator,
    LocatingSimulator,
    State,
    evaluate,
    state_from_dump,
    state_from_source,
)
from planrag.simulators.registry import resolve
from planrag.sources.guarded import guarded
from planrag.sources.mysql import MySQLSource
from planrag.sources.sqlite import SQLiteSource
from tests._sql_fixtures import PREFIX, MySQLWorld
from tests.simulators._support import DQA, RENAMES, questions

LOC_STEM = "05471b42cd31"
LOC_QUESTIONS = [q for q in questions("locating") if q["sql"].endswith(LOC_STEM + ".sql")]


def _same_rows(a: State, b: State) -> None:
    assert set(a.tables) == set(b.tables)
    for name in a.tables:
        assert Counter(a.rows(name)) == Counter(b.rows(name)), name


def _decisions(state: State) -> dict[str, object]:
    out = {}
    for q in LOC_QUESTIONS:
        sim = LocatingSimulator(state, LocatingSimulator.Parameters(country=q["country"]), "dqa")
        best = evaluate(sim, compare=False).best
        assert best is not None
        out[q["id"]] = best.decision
    return out


async def test_sqlite_state_is_the_dump_state_in_insertion_order(
    registry: Registry, sqlite_dir: Path
) -> None:
    ds = registry.get("dqa-locating-1445")
    dump = ds.dump("sql", LOC_STEM)
    load_sqlite(sqlite_dir, ds, dump, PREFIX)
    dumped = state_from_dump(LocatingSimulator.tables, dump.path, RENAMES)
    source = guarded(SQLiteSource(sqlite_path(sqlite_dir, dump, PREFIX)))
    try:
        live = await state_from_source(LocatingSimulator.tables, source)
    finally:
        await source.close()
    assert live.origin.endswith("(insertion order)") and not live.file_order
    assert dict(live.tables) == dict(dumped.tables)  # same rows, same order
    assert _decisions(live) == {q["id"]: q["answer"] for q in LOC_QUESTIONS}


@pytest.mark.mysql
async def test_mysql_state_has_the_dump_rows_in_key_order(
    registry: Registry, mysql_world: MySQLWorld
) -> None:
    ds = registry.get("dqa-locating-1445")
    dump = ds.dump("sql", LOC_STEM)
    await load_mysql(mysql_world.admin, ds, dump, PREFIX)
    source = guarded(MySQLSource(mysql_world.ro, dump.database_name(PREFIX)))
    try:
        live = await state_from_source(LocatingSimulator.tables, source)
        building_error = None
        try:
            await state_from_source(BuildingSimulator.tables, source)
        except StateError as exc:
            building_error = str(exc)
    finally:
        await source.close()
    dumped = state_from_dump(LocatingSimulator.tables, dump.path, RENAMES)
    assert live.origin.endswith("(primary-key order)")
    _same_rows(live, dumped)
    assert [r[0] for r in live.rows("trade_node")] == sorted(r[0] for r in live.rows("trade_node"))
    assert dict(live.tables) != dict(dumped.tables), "key order is not file order here"
    # Another summation order moves only last bits: every decision stays the label here.
    assert _decisions(live) == {q["id"]: q["answer"] for q in LOC_QUESTIONS}
    assert building_error is not None and "cannot read it" in building_error
    assert "goods" in building_error


@pytest.mark.graph
async def test_graph_state_has_the_dump_rows(graph_settings: Settings) -> None:
    settings = graph_settings.model_copy(update={"db_prefix": "planrag_gtest_"})
    await load_datasets(settings, ["dqa-locating-1445", "demo-retail"], "graph")
    async with open_source(settings, f"dqa-locating-1445#{LOC_QUESTIONS[0]['id']}",
                           "graph") as source:
        live = await state_from_source(LocatingSimulator.tables, source)
    dumped = state_from_dump(LocatingSimulator.tables, DQA / "locating" / "dbs" /
                             f"{LOC_STEM}.sql", RENAMES)
    assert live.origin.endswith("(key order)")
    _same_rows(live, dumped)
    assert _decisions(live) == {q["id"]: q["answer"] for q in LOC_QUESTIONS}
    demo = resolve("simulator.py:WarehouseExpansion", DQA.parent / "demo")
    async with open_source(settings, "demo-retail", "graph") as source:
        demo_state = await state_from_source(demo.tables, source)
    sim = demo(demo_state, demo.parse_parameters({"extra_kg": 200}))
    best = evaluate(sim).best
    assert best is not None and best.decision == 4


@pytest.mark.graph
async def test_building_state_from_the_graph_form(
    graph_settings: Settings, tmp_path: Path
) -> None:
    """The graph dumps of Building hold some other stored values (the benchmark ships them
    so); the state still loads, typed, with every relationship."""
    # One save only (loading all fourteen would take most of this test's time).
    q = questions("building")[0]
    root = tmp_path / "fx" / "building"
    (root / "dbs").mkdir(parents=True)
    shutil.copy(DQA / "building" / "dataset.toml", root)
    for form in ("sql", "cypher"):
        shutil.copy(DQA / "building" / q[form], root / "dbs")
    (root / "questions.jsonl").write_text(json.dumps(q) + "\n", encoding="utf-8")
    settings = graph_settings.model_copy(
        update={"db_prefix": "planrag_gtest_", "fixtures_dir": tmp_path / "fx"}
    )
    await load_datasets(settings, ["dqa-building-1836"], "graph")
    async with open_source(settings, f"dqa-building-1836#{q['id']}", "graph") as source:
        live = await state_from_source(BuildingSimulator.tables, source)
    dumped = state_from_dump(BuildingSimulator.tables, DQA / "building" / q["sql"])
    for name in ("building", "supply", "demand", "goods"):
        assert len(live.rows(name)) == len(dumped.rows(name)), name
    assert Counter(live.rows("building")) == Counter(dumped.rows("building"))
    sim = BuildingSimulator(live, BuildingSimulator.Parameters(goods=q["goods"]))
    result = evaluate(sim)
    assert result.best is not None and result.origin.endswith("(key order)")
