"""Issue 36, point 8: the verdict reads as a person writes it. Its amounts share one format
("0.498 ducats, 0.077 ducats" beside "0.058", not "0.0581"), its percentages too ("−0.1%"
beside "−8.1%"), a code in the objective reads as a name ("Baltic Sea"), and the footnotes
name columns as the tables do, never by their raw names."""

from __future__ import annotations

import re

from planrag.engine.events import AnswerProposed, Claim, SimulatorChecked
from planrag.engine.verdict import answer_lines, claim_lines
from planrag.present import Columns


def _check(**changes: object) -> SimulatorChecked:
    values: dict[str, object] = dict(
        simulator="locating", rules="dqa", decision="novgorod", agrees=False, rank=2,
        candidates=79, value=0.4399, baseline=0.42074, best="krakow", best_value=0.4980942,
        gap=0.0581, ties=(), near_ties=(), objective="maximise",
        description="SWE's profit at baltic_sea", unit="ducats", digits=4,
        labels=(("krakow", "Krakow"), ("novgorod", "Novgorod")), improves=True, unchanged=3,
    )
    values.update(changes)
    return SimulatorChecked(**values)  # type: ignore[arg-type]


ANSWER = AnswerProposed("novgorod", "Most power away from home.", ("q1",))
AMOUNT = re.compile(r"([\d,]+(?:\.(\d+))?) ducats")
SHARE = re.compile(r"\(\d+(?:\.(\d+))?%\)")


def test_one_format_for_the_verdicts_amounts_and_a_name_for_its_place() -> None:
    lines = answer_lines(ANSWER, _check(), style="plain")
    verdict = " ".join(lines[:2])
    assert lines[0] == ("Best decision: Krakow: SWE's profit at Baltic Sea 0.498 ducats, "
                        "0.077 ducats (18.4%) more than if nothing changes.")
    assert lines[1] == ("The assistant's analysis chose Novgorod instead: rank 2 of 79, SWE's "
                        "profit at Baltic Sea 0.440 ducats, 0.058 ducats (11.7%) worse than "
                        "the best.")
    assert "baltic_sea" not in verdict
    assert {len(m.group(2) or "") for m in AMOUNT.finditer(verdict)} == {3}


def test_the_verdicts_percentages_share_their_decimals() -> None:
    """"(−0.053%)" beside "(−8.1%)": the pick is 8.1% better, the choice 0.053% worse."""
    check = _check(unit="£", description="weekly cost", objective="minimise",
                   baseline=43.24, best_value=39.7364, value=39.7575)
    lines = answer_lines(ANSWER, check, style="plain")
    verdict = " ".join(lines[:2])
    assert "£39.74, £3.50 (8.1%) less" in lines[0]
    assert "£39.76, £0.02 (0.1%) worse" in lines[1]
    assert {len(m.group(1) or "") for m in SHARE.finditer(verdict)} == {1}


def test_generated_values_read_alike_in_one_verdict() -> None:
    for scale in (1e-4, 0.37, 8.0, 512.0, 73_000.0):
        check = _check(baseline=1.0 * scale, best_value=1.2345 * scale,
                       value=1.0101 * scale)
        verdict = " ".join(answer_lines(ANSWER, check, style="plain")[:2])
        decimals = {len(m.group(2) or "") for m in AMOUNT.finditer(verdict)}
        assert len(decimals) == 1, verdict
        assert not re.search(r"\b0(?:\.0+)? ducats", verdict), verdict  # no change reads 0


def test_footnotes_name_columns_as_the_tables_do() -> None:
    """"computed from q1, row 4: shipped_kg_per_week / capacity_kg_per_week × 100"."""
    claims = (
        Claim("share of capacity used (%)", 100.0,
              "q1[4].shipped_kg_per_week / q1[4].capacity_kg_per_week * 100", True,
              cells=(("q1", 4, "shipped_kg_per_week"), ("q1", 4, "capacity_kg_per_week")),
              origin="data"),
        Claim("visitors at K032", 4711.0, "q2[3].foot_cnt", True,
              cells=(("q2", 3, "foot_cnt"),), origin="data"),
    )
    columns = Columns({"capacity_kg_per_week": "Capacity (kg/week)"})
    lines = claim_lines(claims, "plain", columns=columns.header)
    assert lines[1].endswith("computed from q1, row 4: Shipped (kg/week) / Capacity "
                             "(kg/week) × 100.")
    assert lines[2].endswith("q2, row 3, Foot count.")
    assert not any("_" in line for line in lines)
    plain = claim_lines(claims, "plain")  # a front end without the manifest: words too
    assert plain[1].endswith("Shipped (kg/week) / Capacity (kg/week) × 100.")
