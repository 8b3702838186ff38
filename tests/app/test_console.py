"""The console front end, driven through its input and output streams."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from app.console import Console
from planrag.runtime import load_datasets
from planrag.settings import Settings, load_settings
from tests.decisions._depots import NOTHING, PART, depots_dataset


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


async def test_console_loads_a_copy_never_loaded_on_first_use(tmp_path: Path) -> None:
    settings = settings_for(tmp_path)
    assert not any(settings.sqlite_dir.glob("*.sqlite"))
    text = await run(settings, "sql SELECT COUNT(*) AS n FROM warehouse\n")
    assert "error" not in text.lower() and "(1 rows" in text, text
    assert [p.name for p in settings.sqlite_dir.glob("*.sqlite")] == [
        "planrag_demo_retail_retail.sqlite"]


async def test_console_what_if_with_the_dataset_simulator(tmp_path: Path) -> None:
    text = await run(
        settings_for(tmp_path),
        ":simulate extra_kg=200\n:simulate demo-2\n:simulate extra_kg=-1\n"
        ":use dqa-locating-1445\n:simulate locating-2\n:simulate locating-2 rules=rules\n"
        ":simulate country=NOWHERE\n",
    )
    assert "Extra weekly capacity (kg): 200 · " in text
    assert re.search(r"^ +1  East Point, Leipzig +1,300.70 EUR  −26.60 EUR \(−2.0%\)$", text,
                     re.M)
    assert "extra_kg (Extra weekly capacity (kg)) is missing: give it as extra_kg=… (a number)"\
        in text
    assert "extra_kg (Extra weekly capacity (kg)) must be more than 0, not −1." in text
    assert "Country: DAN · Home trade node: lubeck." in text
    assert "Best decision: Rheinland: DAN's profit at lubeck 2.48 ducats" in text
    assert "The question's recorded answer, Rheinland, ranks 1 of 79." in text
    assert "error: unknown country 'NOWHERE'" in text


async def test_console_what_if_says_what_a_written_decision_leaves_unranked(
    tmp_path: Path,
) -> None:
    """Issue 33, point 5: candidates without a value are counted and named, and a decision
    that ranks none says why instead of an empty table."""
    datasets = tmp_path / "datasets"
    depots_dataset(datasets, "depots", PART)
    depots_dataset(datasets, "typos", NOTHING)
    settings = load_settings(env_file=None, data_dir=tmp_path, datasets_dir=datasets,
                             mysql_url=None, dataset="depots")
    text = await run(settings, ":simulate\n:use typos\n:simulate\n")
    assert "3 possible decisions ranked by Measured depots only" in text
    assert ("1 candidate of Measured depots only has no row in its `value` query and "
            "is not ranked: D05.") in text
    assert "`value` is NULL for 1 candidate, not ranked: D03." in text
    nothing = text[text.index("0 possible decisions ranked"):]
    assert nothing.splitlines()[1] == (
        "Decision typo-keys ranked no candidate: 5 candidates have no row in its `value` "
        "query (D01, D02, D03, D04, D05); check that `value` returns a `decision` and a "
        "number for each candidate (it returns d01, d02, d03 and 2 more, which `candidates` "
        "does not list: are the keys written alike?).")
    assert "rank  decision" not in nothing  # no empty table


@pytest.mark.e2e
async def test_console_what_if_numbers_read_as_in_the_chat(tmp_path: Path) -> None:
    """Issue 19, point 11: no float's last digits, no validator text, values with spaces."""
    text = await run(
        settings_for(tmp_path),
        ":use dqa-locating-1445\n:simulate locating-1\n:simulate country=\n"
        ":use dqa-building-1836\n:simulate goods=furniture\n:simulate goods=coffee beans\n"
        ":simulate goods=furniture colour=red\n",
    )
    assert "0.42074108093586593" not in text and "0.497695238776278" not in text
    assert re.search(r"^ +1  Krakow +0.498 ducats  \+0.077 ducats \(\+18.3%\)$", text, re.M)
    assert re.search(r"^ +1  Furniture manufacturies, level 2 \(id 1485\) +£39.72  "
                     r"−£3.52 \(−8.15%\)$", text, re.M)
    assert "unknown goods 'coffee beans'" in text  # the whole value reached the simulator
    assert "colour is not a parameter here; the parameters are goods." in text
    assert "country must not be empty." in text
    for validator_words in ("Field required", "Input should", "Extra inputs", "validation"):
        assert validator_words not in text


async def test_console_words_without_their_colon_are_commands(tmp_path: Path) -> None:
    """Issue 19, point 11: `datasets` lists the datasets (it is no question for the
    walkthrough); a near miss is answered with the command it may mean."""
    text = await run(settings_for(tmp_path),
                     "datasets\ndataset\nuse dqa-locating-1445\nquestions\nquit\n")
    assert "(as :datasets; commands start with a colon)" in text
    assert re.search(r"^  dqa-building-1836 +DQA Building, 1836 economy$", text, re.M)
    assert "did you mean :datasets? Commands start with a colon" in text
    assert "DQA Locating, 1445 trade network (dqa-locating-1445)" in text
    assert "locating-1: Assume that you are the ruler" in text
    for answered in ("No model is set up", "walkthrough answers", "Which country places"):
        assert answered not in text  # nothing was taken for a question


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
