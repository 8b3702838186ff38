"""The chat app at start: a wrong setting stops it with one line; the starters and the
what-if form get what they show from the datasets and their simulators."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests._sql_fixtures import ROOT


def test_a_wrong_setting_stops_the_chat_with_one_line() -> None:
    env = {**os.environ, "PLANRAG_MAX_ROWS": "-5"}
    out = subprocess.run(
        [sys.executable, "-m", "chainlit", "run", "app/chat.py", "--headless", "--port", "9"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=False,
    )
    assert out.returncode == 2
    assert "error: PLANRAG_MAX_ROWS: Input should be greater than or equal to 1" in out.stderr
    assert "Traceback" not in out.stderr


def test_starters_tell_the_sample_questions_apart() -> None:
    from app.web import question_labels
    from planrag.runtime import registry
    from planrag.settings import load_settings

    reg = registry(load_settings(env_file=None))
    for dataset in reg:
        labels = question_labels(dataset.questions)
        assert len(set(labels)) == len(labels), dataset.id
        assert all(len(label) <= 80 for label in labels), dataset.id
    locating = question_labels(reg.get("dqa-locating-1445").questions)
    assert locating[0] == 'SWE: Where should I allocate my merchant to steer trade to "baltic_sea"?'
    building = question_labels(reg.get("dqa-building-1836").questions)
    assert building[0].startswith("USA1836: Which building id")
    assert building[0].endswith("market price of furniture?")


async def test_what_if_parameters_come_with_their_allowed_values() -> None:
    from app.whatif import what_if_parameters
    from planrag.runtime import registry
    from planrag.settings import load_settings

    settings = load_settings(env_file=None)
    reg = registry(settings)
    country, home = await what_if_parameters(settings, reg.get("dqa-locating-1445"))
    assert (country.name, country.required, home.required) == ("country", True, False)
    assert len(country.suggestions) == 665 and "SWE" in country.suggestions
    assert country.initial() == "SWE" and home.initial() == ""
    assert "baltic_sea" in home.suggestions and home.found_in == "the trade node table"
    assert home.parse("  ") is None
    with pytest.raises(ValueError, match="required"):
        country.parse("")
    extra, shortfall = await what_if_parameters(settings, reg.get("demo-retail"))
    assert (extra.kind, extra.low, extra.low_inclusive, extra.high) == ("number", 0, False, 1e6)
    assert extra.valid().startswith("A number > 0 and ≤ 1,000,000.")
    assert extra.parse("250") == 250.0 and shortfall.initial() == "25"
    for bad, why in (("0", "out of range"), ("2000000", "out of range"), ("lots", "not a number")):
        with pytest.raises(ValueError, match=why):
            extra.parse(bad)
