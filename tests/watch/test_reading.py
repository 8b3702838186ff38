"""What a watch calls news, and how its posts read."""

from __future__ import annotations

from dataclasses import replace

import pytest

from planrag.watch.reading import Reading, news, words

BASE = Reading(best="K07", best_label="Kiosk 07 Markt", value=1000.0, runner_up="K12",
               runner_up_label="Kiosk 12 <Ufer>", runner_up_value=900.0, baseline=800.0,
               objective="maximise", unit="EUR/week", digits=4,
               as_of="2026-11-29 09:00:00 UTC", description="network weekly profit",
               candidates=40)


def test_the_first_reading_is_news_and_the_same_one_is_not() -> None:
    assert news(None, BASE, "changed", 0.1) == "first"
    assert news(BASE, replace(BASE, as_of="2026-11-30 09:00:00 UTC"), "changed", 0.1) is None
    assert news(BASE, BASE, "always", 0.1) == "always"


def test_another_best_is_news_whatever_the_margins() -> None:
    other = replace(BASE, best="K12", best_label="Kiosk 12", runner_up="K07")
    assert news(BASE, other, "changed", 0.5) == "changed"


@pytest.mark.parametrize(("lead", "over_nothing", "share", "said"), [
    (100.0, 200.0, 0.1, None),      # unchanged
    (109.0, 200.0, 0.1, None),      # the lead moved by 9 %, within a tenth
    (111.0, 200.0, 0.1, "margin"),  # by 11 %
    (100.0, 179.0, 0.1, "margin"),  # over deciding nothing, by 10.5 %
    (60.0, 200.0, 0.5, None),       # 40 % with a share of a half
    (40.0, 200.0, 0.5, "margin"),
])
def test_a_margin_is_news_once_it_moved_by_more_than_the_share(
        lead: float, over_nothing: float, share: float, said: str | None) -> None:
    now = replace(BASE, runner_up_value=BASE.value - lead, baseline=BASE.value - over_nothing)
    assert news(BASE, now, "changed", share) == said


def test_a_drift_is_measured_from_the_last_post_not_the_last_run() -> None:
    """Three small steps of 4 % each: the watch compares with what it last posted, so the
    third step (12 % in all) is news though no single step was."""
    posted = BASE
    steps = [replace(BASE, runner_up_value=BASE.value - 100.0 * (1 + 0.04 * n))
             for n in (1, 2, 3)]
    assert [news(posted, s, "changed", 0.1) for s in steps] == [None, None, "margin"]


def test_a_minimised_objective_counts_its_lead_the_other_way() -> None:
    cost = replace(BASE, objective="minimise", value=500.0, runner_up_value=560.0,
                   baseline=600.0)
    assert cost.lead == 60.0 and cost.over_nothing == 100.0
    assert news(cost, replace(cost, runner_up_value=520.0), "changed", 0.1) == "margin"


def test_a_runner_up_appearing_is_news() -> None:
    alone = replace(BASE, runner_up=None, runner_up_label=None, runner_up_value=None)
    assert news(alone, BASE, "changed", 0.1) == "margin"


def test_the_posts_say_the_best_its_lead_and_when_with_the_data_escaped() -> None:
    first = words("first", "Espresso machine \u2014 Kiosks", BASE)
    assert first.splitlines() == [
        "Watching *Espresso machine \u2014 Kiosks*: the best decision is *Kiosk 07 Markt* "
        "(1,000.00 EUR/week).",
        "100.00 EUR/week ahead of Kiosk 12 &lt;Ufer&gt;; 200.00 EUR/week ahead of deciding "
        "nothing.",
        "Network weekly profit; 40 candidates ranked, as of 2026-11-29 09:00:00 UTC."]
    other = replace(BASE, best="K12", best_label="Kiosk 12", value=1100.0,
                    as_of="2026-11-30 09:00:00 UTC")
    changed = words("changed", "Espresso", other, BASE)
    assert changed.startswith("The best decision for *Espresso* changed: *Kiosk 12* "
                              "(1,100.00 EUR/week) now, was *Kiosk 07 Markt* (1,000.00 "
                              "EUR/week, as of 2026-11-29 09:00:00 UTC).")
    moved = words("margin", "Espresso", replace(BASE, runner_up_value=980.0), BASE)
    assert "its lead moved" in moved and "20.00 EUR/week (was 100.00 EUR/week) ahead of" in moved
    worse = words("first", "Espresso", replace(BASE, baseline=1200.0))
    assert "200.00 EUR/week behind deciding nothing" in worse
    failed = words("failed", "Espresso", None, failure="no such table: kiosk")
    assert failed == ("The check of *Espresso* failed: no such table: kiosk. I will say when "
                      "it works again.")


def test_a_reading_written_by_another_version_reads_as_none() -> None:
    assert Reading.from_json(BASE.to_json()) == BASE
    assert Reading.from_json({"best": "K07"}) is None
    assert Reading.from_json("K07") is None
