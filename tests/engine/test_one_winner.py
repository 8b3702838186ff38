"""One winner (issue 33, 2): on DQA Building the check ranks by the benchmark's rule set,
and the business rules as written would put another building first. The verdict named both
("Best decision: ... 1485" and "... would choose ... 1446 instead") while its chart put 1446
fifth; it now names one, and says once which reading the ranking follows and what differs."""

from __future__ import annotations

from pathlib import Path

from tests.live._live import cli, events_of, live_env

QUESTION = ("Which building id should we increase a level by 5 to maximally decrease the "
            "market price of furniture?")


async def test_the_building_verdict_names_one_winner(tmp_path: Path) -> None:
    code, out, err = await cli("ask", QUESTION, "--dataset",
                               "dqa-building-1836#building-USA1836-2", "--target", "sqlite",
                               "--scripted", "--json", env=live_env(tmp_path))
    assert code == 0, err
    check = next(e for e in events_of(out) if e["kind"] == "simulator_checked")
    assert check["best"] == 1485 and check["top"][0][0] == 1485  # the chart's first bar
    assert "1446" not in check["note"] and "Tooling" not in check["note"]
    assert check["note"] == (
        "the ranking follows the rules as the DQA benchmark's annotation applied them, which "
        "count the dumped maximum demand beside the scaled one and add the dumped output to "
        "the first supply; under the business rules as written another candidate would come "
        "first")
    code, out, err = await cli("ask", QUESTION, "--dataset",
                               "dqa-building-1836#building-USA1836-2", "--target", "sqlite",
                               "--scripted", env=live_env(tmp_path))
    text = " ".join(out.replace("│", " ").split())
    answer = text[text.index("Best decision"):]
    assert answer.count("Best decision") == 1 and "would choose" not in answer
    assert "Checked with the dataset's simulator “Building expansion (DQA Building)”. The " \
           "ranking follows the rules as the DQA benchmark's annotation applied them" in answer
    ranked = [d for d, _ in check["top"]]  # the chart: 1446 where the ranking puts it
    assert ranked.index(1446) == 4
