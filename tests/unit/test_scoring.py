"""`planrag eval`'s three scores (issue 23, 4), each on crafted decisions: exact (the same
string), normalised (the decision read as a candidate: any case, key or label, an id with
its noun) and tie-aware (exactly as good as the label in the simulator's ranking)."""

from __future__ import annotations

from typing import Any

import pytest

from planrag.engine.events import SimulatorChecked
from planrag.evaluation import same_decision, ties_label


def checked(decision: Any, best: Any, *, rank: int | None = 1, value: float | None = 1.0,
            ties: tuple[Any, ...] = (), top: tuple[tuple[Any, float], ...] = (),
            labels: tuple[tuple[Any, str], ...] = ()) -> SimulatorChecked:
    return SimulatorChecked(
        simulator="dqa-locating", rules="dqa", decision=decision,
        agrees=rank == 1, rank=rank, candidates=10, value=value, baseline=0.0, best=best,
        best_value=1.0, gap=None if value is None else 1.0 - value, ties=ties, near_ties=(),
        objective="maximise", description="profit", top=top, labels=labels)


@pytest.mark.parametrize(("decision", "label"), [
    ("Krakow", "krakow"),                  # a case variant
    ("  krakow. ", "krakow"),
    ("Baltic Sea", "baltic_sea"),          # spaces for underscores
    ("baltic-sea", "baltic_sea"),
    ("building 2081", 2081),               # an id with its noun
    ("Building #2081", 2081),
    ("2081", 2081),
    ("the trade node krakow", "krakow"),
])
def test_a_decision_read_as_the_label_is_normalised_correct(decision: Any, label: Any) -> None:
    assert same_decision(decision, label)


@pytest.mark.parametrize(("decision", "label"), [
    ("novgorod", "krakow"),
    ("building 2081 or 2082", 2081),       # two ids: not one decision
    ("20810", 2081),
    ("krakow_north", "krakow"),
    (None, "krakow"),
])
def test_another_decision_is_not(decision: Any, label: Any) -> None:
    assert not same_decision(decision, label)


def test_a_label_the_simulator_shows_by_name_is_read_by_that_name() -> None:
    check = checked("East Point, Leipzig", 4, labels=((4, "East Point, Leipzig"),))
    assert same_decision("east point, leipzig", 4, check)
    assert not same_decision("West Yard", 4, check)


def test_a_decision_tied_exactly_with_the_label_is_tie_aware_correct() -> None:
    # An all-way tie: the label is the last of the tied candidates, the answer the first.
    tie = checked("lubeck", "lubeck", ties=("krakow", "novgorod"))
    assert ties_label(tie, "novgorod") and not same_decision("lubeck", "novgorod", tie)
    # The label below the best, but exactly as good as the answer (its value is listed).
    level = checked("a", "b", rank=3, value=0.5, top=(("b", 1.0), ("c", 0.5), ("a", 0.5)))
    assert ties_label(level, "c")


def test_a_worse_or_unchecked_decision_is_not_tie_aware_correct() -> None:
    worse = checked("a", "b", rank=2, value=0.5, top=(("b", 1.0), ("a", 0.5)))
    assert not ties_label(worse, "b")
    assert not ties_label(checked("x", "b", rank=None, value=None), "b")
    assert not ties_label(None, "b")
    unknown = checked("a", "b", rank=5, value=0.2, top=(("b", 1.0),))
    assert not ties_label(unknown, "z")  # the label's value is not known: no claim of a tie
