"""The console front end, driven through its input and output streams."""

from __future__ import annotations

import io
import re
from pathlib import Path

from app.console import Console
from planrag.runtime import load_datasets
from planrag.settings import Settings, load_settings


def settings_for(tmp_path: Path) -> Settings:
    return load_settings(env_file=None, data_dir=tmp_path, mysql_url=None, dataset="demo-retail")


async def run(settings: Settings, script: str) -> str:
    out = io.StringIO()
    console = Console(settings, stdin=io.StringIO(script), stdout=out)
    assert await console.run() == 0
    return out.getvalue()


async def test_console_runs_queries_and_refuses_writes(tmp_path: Path) -> None:
    settings = settings_for(tmp_path)
    await load_datasets(settings, ["demo-retail"], "sqlite")
    text = await run(
        settings, "sql SELECT COUNT(*) AS n FROM cafe\nsql DROP TABLE cafe\n:rules\n:quit\n"
    )
    assert "Coffee roaster deliveries" in text
    assert re.search(r"^12 *\n\(1 rows", text, re.M)
    assert "refused by the guard: " in text
    assert "weekly delivery cost" in text


async def test_console_reports_bad_commands_and_keeps_going(tmp_path: Path) -> None:
    text = await run(
        settings_for(tmp_path), ":use nope\n:frobnicate\nsql\n:use dqa-locating-1445\n:questions\n"
    )
    assert "error: unknown dataset 'nope'" in text
    assert "unknown command ':frobnicate'" in text and "usage: sql <query>" in text
    assert "locating-1: Assume that you are the ruler" in text and "baltic_sea" in text


async def test_console_says_how_to_load_a_missing_database(tmp_path: Path) -> None:
    text = await run(settings_for(tmp_path), "sql SELECT 1\n")
    assert "does not exist; run `planrag load --target sqlite`" in text


async def test_console_what_if_with_the_dataset_simulator(tmp_path: Path) -> None:
    text = await run(
        settings_for(tmp_path),
        ":simulate extra_kg=200\n:simulate demo-2\n:simulate extra_kg=-1\n"
        ":use dqa-locating-1445\n:simulate locating-2\n:simulate locating-2 rules=rules\n"
        ":simulate country=NOWHERE\n",
    )
    assert "warehouse-expansion (extra_kg=200.0" in text
    assert "best: 4 (East Point, Leipzig)  1300.7 EUR" in text
    assert "warehouse-expansion simulator: extra_kg: Field required" in text
    assert "extra_kg: Input should be greater than 0" in text
    assert "locating (country=DAN, home=lubeck) - rules dqa" in text
    assert "best: rheinland" in text and "recorded answer rheinland ranks 1" in text
    assert "locating (country=DAN, home=lubeck) - rules rules" in text
    assert "error: unknown country 'NOWHERE'" in text


async def test_console_answers_questions_verdict_first(tmp_path: Path) -> None:
    settings = settings_for(tmp_path)
    await load_datasets(settings, ["demo-retail", "dqa-locating-1445"], "sqlite")
    text = await run(settings, "ask Which warehouse should get 200 kg more capacity?\n"
                     "ask How can we save money?\n"
                     ":use dqa-locating-1445\nWhere should we place our merchant?\n"
                     "Where should SWE place its merchant?\n")
    assert "(no model is set up: the scripted walkthrough answers)" in text
    assert "Best decision: East Point, Leipzig: weekly delivery cost 1,300.70 EUR" in text
    assert text.count("Best decision: East Point") == 1  # not for "How can we save money?"
    assert "The scripted walkthrough answers only one question on this dataset" in text
    assert "Which country places the merchant?" in text
    assert "Best decision: Krakow" in text and "The scripted walkthrough chose" in text
