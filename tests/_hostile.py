"""A dataset whose values were written by an attacker (issue 18: text from data is never
markup where it is shown): the demo's coffee roaster as a live SQLite database, its values
replaced by whatever a test wants to see go through the front ends."""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Mapping
from pathlib import Path

from planrag.runtime import load_datasets
from planrag.settings import load_settings
from tests._sql_fixtures import ROOT

DATASET = "demo-hostile"
QUESTION = ("We can raise one warehouse's weekly capacity by 200 kg. Which warehouse should we "
            "expand to cut the weekly delivery cost the most?")
"""The demo's sample question, which the scripted walkthrough answers."""


async def hostile_demo(folder: Path, warehouses: Mapping[int, tuple[str, str]]) -> Path:
    """The demo's data as dataset `demo-hostile` (a live SQLite file, checked by the demo's
    simulator), with each warehouse in `warehouses` (by id) renamed to (name, city); returns
    the datasets folder, for PLANRAG_DATASETS_DIR."""
    loading = load_settings(env_file=None, data_dir=folder / "loading", mysql_url=None)
    await load_datasets(loading, ["demo-retail"], "sqlite")
    path = folder / f"{DATASET}.sqlite"
    shutil.copyfile(next((folder / "loading" / "sqlite").glob("*demo_retail*")), path)
    with sqlite3.connect(path) as db:
        for ident, (name, city) in warehouses.items():
            db.execute("UPDATE warehouse SET name = ?, city = ? WHERE id = ?",
                       (name, city, ident))
    db.close()
    datasets = folder / "datasets"
    (datasets / DATASET).mkdir(parents=True, exist_ok=True)
    simulator = ROOT / "fixtures" / "demo" / "simulator.py"
    (datasets / DATASET / "dataset.toml").write_text(
        f'id = "{DATASET}"\ntitle = "Hostile deliveries"\n'
        'rules = "Weekly capacity in kg; costs in EUR."\n'
        f'simulator = "{simulator}:WarehouseExpansion"\n'
        f'[[databases]]\nkind = "sqlite"\npath = "{path}"\n', encoding="utf-8")
    return datasets
