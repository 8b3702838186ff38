"""The decision chart at a phone's width (issue 19, point 4): Plotly wraps no text, so the
title and long candidate labels arrive wrapped into lines a 320 px chart holds, whole words
kept; the axes are fixed, which leaves the toolbar one button that fits in its own row.
The browser test (tests/app/test_layout_e2e.py) measures the drawn chart."""

from __future__ import annotations

import html
import json

from chainlit.context import init_http_context

from app.charts import LABEL_CHARS, TITLE_CHARS, decision_chart

LABEL = "Furniture manufacturies, level 2 (id 1485)"
DESCRIPTION = "market price of furniture in the Baltic and North Sea markets"


def _lines(text: str) -> list[str]:
    return [html.unescape(line) for line in text.split("<br>")]


async def test_the_title_and_long_labels_are_wrapped_for_a_phone() -> None:
    init_http_context()  # a Chainlit element needs a context; no server is involved
    chart = decision_chart([(1, 39.72), (2, 41.0), (3, 42.0)], baseline=43.24,
                           description=DESCRIPTION, unit="£", digits=2, best=1, chosen=2,
                           unchanged=4, label=lambda d: f"{LABEL} {'x' * 30 if d == 3 else ''}")
    assert chart is not None
    layout = json.loads(chart.content)["layout"]
    title, rest = layout["title"]["text"].split("<br><span", 1)
    lines = _lines(title)
    assert len(lines) > 1 and all(len(line) <= TITLE_CHARS for line in lines), lines
    assert " ".join(lines) == f"Change in {DESCRIPTION} compared with changing nothing"
    assert "4 other candidates change nothing" in rest
    for label in layout["yaxis"]["categoryarray"]:
        lines = _lines(label)
        assert len(lines) > 1, lines
        # Whole words: only a word longer than a line makes a longer line.
        assert all(len(line) <= LABEL_CHARS or " " not in line for line in lines), lines
        assert " ".join(lines).startswith(LABEL)
    assert layout["xaxis"]["fixedrange"] and layout["yaxis"]["fixedrange"]
    assert {"select2d", "lasso2d"} <= set(layout["modebar"]["remove"])



async def test_one_candidate_that_changes_nothing_is_said_in_the_singular() -> None:
    """The manager's walk (issue 36): the chart said "1 other candidate change nothing"."""
    init_http_context()
    chart = decision_chart([("a", 5.0), ("b", 3.0), ("c", 0.0)], baseline=0.0,
                           description="weekly saving", unit="EUR/week", digits=4, best="a",
                           unchanged=1)
    assert chart is not None
    title = json.loads(chart.content)["layout"]["title"]["text"]
    assert "1 other candidate changes nothing" in title
