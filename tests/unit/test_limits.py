"""Fair use (planrag.limits): one person's share of a shared assistant."""

from __future__ import annotations

import pytest

from planrag.errors import LimitReached
from planrag.limits import WINDOW_S, PersonLimits, question_problem


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_question_over_the_length_is_refused_in_one_line() -> None:
    limits = PersonLimits(runs=2, per_minute=30, max_chars=4000)
    limits.check_question("x" * 4000)
    with pytest.raises(LimitReached) as caught:
        limits.check_question("x" * 900_000)
    assert str(caught.value) == ("this question is 900,000 characters long; the assistant takes "
                                 "questions of up to 4,000. Shorten it and ask again")
    assert question_problem("short", 10) is None


def test_questions_at_once_are_counted_per_person_and_given_back() -> None:
    limits = PersonLimits(runs=2, per_minute=30, max_chars=4000)
    with limits.run("alice"), limits.run("alice"):
        refused = pytest.raises(LimitReached, match="you already have 2 questions being answered")
        with refused, limits.run("alice"):
            pass  # pragma: no cover - refused before the body
        with limits.run("bob"):  # another person is not held up by alice
            assert limits.running("bob") == 1
        assert limits.running("alice") == 2
    assert limits.running("alice") == 0
    with pytest.raises(RuntimeError), limits.run("alice"):  # a run that fails gives it back
        raise RuntimeError("the run broke")
    assert limits.running("alice") == 0


def test_messages_a_minute_are_counted_and_the_person_told_once() -> None:
    clock = Clock()
    limits = PersonLimits(runs=2, per_minute=3, max_chars=4000, clock=clock)
    assert [limits.message("alice") for _ in range(3)] == [True, True, True]
    assert limits.message("alice") is False  # one too many: tell them
    assert "faster than 3 a minute" in limits.too_fast("alice")
    assert [limits.message("alice") for _ in range(100)] == [None] * 100  # dropped, silently
    assert limits.message("bob") is True  # bob is not alice
    clock.now += WINDOW_S / 2
    assert limits.message("alice") is None
    clock.now += WINDOW_S / 2 + 0.001  # the first three are a minute old
    assert limits.message("alice") is True


def test_the_counts_of_people_gone_quiet_are_forgotten() -> None:
    clock = Clock()
    limits = PersonLimits(runs=2, per_minute=3, max_chars=4000, clock=clock)
    for n in range(5000):
        limits.message(f"slack:U{n}")
        clock.now += 0.1  # 500 s in all: most have been quiet for a minute
    assert len(limits._sent) < 2048


def test_everything_done_for_a_person_counts_and_the_refusal_names_it() -> None:
    """A question, a query, a schema look-up or a what-if each hold one of the person's
    places; the refusal says what they have running, in the order it began."""
    limits = PersonLimits(runs=3, per_minute=30, max_chars=4000)
    with limits.run("alice", "query"), limits.run("alice"), limits.run("alice", "query"):
        with pytest.raises(LimitReached) as caught, limits.run("alice", "what-if"):
            pass  # pragma: no cover - refused before the body
        assert str(caught.value) == ("you already have 2 queries running and 1 question being "
                                     "answered, the most at once; ask this again when one has "
                                     "finished")
        assert limits.running("alice") == 3
    assert limits.running("alice") == 0 and "alice" not in limits._running
    with (limits.run("bob", "schema"), limits.run("bob", "what-if"),
          limits.run("bob", "datasets"), pytest.raises(LimitReached) as caught,
          limits.run("bob", "query")):
        pass  # pragma: no cover - refused before the body
    assert str(caught.value).startswith("you already have 1 schema look-up running, 1 what-if "
                                        "ranking running and 1 dataset listing running, the "
                                        "most at once")
