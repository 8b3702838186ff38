"""Numbers an answer may state that come from outside the query results (ARCHITECTURE.md,
"Grounded answers").

A number is sourced when it comes from a query result, the question, the dataset's rules,
the parameters of the question or of the check, or what the product's own check reported to
the model in this run (a proposed check's sample values, a what-if's value, a simulator's
ranking); the answer says which. A number computed from such numbers alone (two nurses for
seven nights: 14 nurse-nights) is checked too: one operation between two of them, or the
product of three. A number computed with a cell of the data must cite that cell in a formula
(`q1[3].shift_amt * 2`), which `planrag.engine.evidence` evaluates: looking for data cells
that some arithmetic of the given numbers happens to reach would pass made-up figures.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from planrag.engine.events import Claim
from planrag.engine.evidence import claim_tolerance, numbers_in

__all__ = ["ORIGIN_WORDS", "Given", "Origin", "by_the_check"]

Origin = Literal["question", "parameters", "rules", "check"]

ORIGIN_WORDS: dict[str, str] = {
    "question": "your question",
    "parameters": "the parameters",
    "rules": "the dataset's rules",
    "check": "the check",
}
"""Where a number comes from, as the answer says it ("from your question")."""

_PREFERRED: tuple[Origin, ...] = ("question", "parameters")
"""Origins that win over a cell of the data holding the same number: a number the question
states is the question's, wherever else it also appears."""

_MOST = 40
"""Given numbers tried in computations (the question's first, then the parameters', ...)."""

def _times(a: float, b: float) -> float | None:
    return a * b


def _over(a: float, b: float) -> float | None:
    return a / b if b else None


def _plus(a: float, b: float) -> float | None:
    return a + b


def _minus(a: float, b: float) -> float | None:
    return a - b


_OPS = (("×", _times), ("÷", _over), ("+", _plus), ("−", _minus))


@dataclass(frozen=True)
class Given:
    """The numbers of one answer's run that do not come from a query result, each with its
    origin, in the order they are preferred."""

    numbers: tuple[tuple[float, Origin], ...] = ()

    @classmethod
    def of(cls, *, question: str = "", parameters: Iterable[float] = (), rules: str = "",
           check: Iterable[float] = ()) -> Given:
        out: list[tuple[float, Origin]] = []
        seen: set[tuple[float, str]] = set()
        for origin, values in (("question", numbers_in(question)),
                               ("parameters", list(parameters)),
                               ("rules", numbers_in(rules)), ("check", list(check))):
            for value in values:
                key = (float(value), origin)
                if key not in seen:
                    seen.add(key)
                    out.append((float(value), origin))  # type: ignore[arg-type]
        return cls(tuple(out))

    def origin_of(self, value: float, tol: float,
                  among: Sequence[Origin] = ("question", "parameters", "rules", "check")
                  ) -> Origin | None:
        """Where `value` comes from, equal within `tol`; None when from none of `among`."""
        for number, origin in self.numbers:
            if origin in among and abs(number - value) <= tol:
                return origin
        return None

    def computed(self, value: float, tol: float) -> tuple[str, str, Origin] | None:
        """A computation of the given numbers that gives `value` within `tol`: its formula
        ("2 × 7"), where its numbers come from in words ("your question") and the first
        one's origin; None when there is none."""
        numbers = [(n, o) for n, o in self.numbers if n not in (0.0, 1.0)][:_MOST]
        for (a, oa), (b, ob) in itertools.permutations(numbers, 2):
            for sign, op in _OPS:
                got = op(a, b)
                if got is not None and abs(got - value) <= tol:
                    return f"{_plain(a)} {sign} {_plain(b)}", _words(oa, ob), oa
        for (a, oa), (b, ob), (c, oc) in itertools.combinations(numbers, 3):
            if abs(a * b * c - value) <= tol:
                return f"{_plain(a)} × {_plain(b)} × {_plain(c)}", _words(oa, ob, oc), oa
        return None

    def settle(self, claim: Claim) -> Claim:
        """`claim` with where its number comes from: the data for a verified cell or formula;
        the question or the parameters for a number the engine looked up that they state;
        else, for a number the data does not bear out and that cites no cell, the origin
        it comes from or a computation of given numbers. A number its source contradicts
        stays as it is (a cited cell that says otherwise is the finding)."""
        tol = claim_tolerance(claim.text, claim.value)
        if claim.cited_by == "engine":
            preferred = self.origin_of(claim.value, tol, _PREFERRED)
            if preferred is not None:
                return replace(claim, source=None, verified=True, cells=(), note=_from(
                    preferred), origin=preferred)
        if claim.verified:
            return replace(claim, origin="data")
        if claim.data is not None or claim.cells:
            return claim  # the cited cells say otherwise
        origin = self.origin_of(claim.value, tol)
        if origin is not None:
            return replace(claim, verified=True, note=_from(origin), origin=origin)
        found = self.computed(claim.value, tol)
        if found is not None:
            formula, words, first = found
            return replace(claim, source=formula, verified=True, origin=first,
                           note=f"computed from {words}")
        return claim


def by_the_check(claims: Sequence[Claim], figures: Iterable[float]) -> tuple[Claim, ...]:
    """`claims` with each number the data does not bear out and that cites no cell, which
    one of the check's own `figures` states (its value for the decision, the best's,
    deciding nothing's, the difference), marked as the check's: the check runs after the
    answer, so "saves about 1,444 EUR a week" was "not found in the data" right above the
    verdict that computes it."""
    given = Given.of(check=figures)
    out = []
    for claim in claims:
        if (not claim.verified and claim.data is None and not claim.cells
                and given.origin_of(claim.value, claim_tolerance(claim.text, claim.value))):
            claim = replace(claim, verified=True, note=_from("check"), origin="check")
        out.append(claim)
    return tuple(out)


def _from(origin: str) -> str:
    return f"from {ORIGIN_WORDS[origin]}"


def _words(*origins: str) -> str:
    said = list(dict.fromkeys(ORIGIN_WORDS[o] for o in origins))
    return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]


def _plain(value: float) -> str:
    return str(int(value)) if float(value).is_integer() and abs(value) < 1e15 else repr(value)
