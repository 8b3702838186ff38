"""Issue 36, point 8: the decision chart writes its numbers as the verdict does. It said
"−3.523" on a bar beside "−£3.52" in the verdict; now each bar, its hover and the axis use one
format, money with its currency, and a code in the objective reads as a name."""

from __future__ import annotations

import html
import json
import re
from typing import Any

from chainlit.context import init_http_context

from app.charts import decision_chart


def _figure(points: list[tuple[Any, float]], baseline: float, unit: str,
            description: str = "weekly cost") -> dict[str, Any]:
    init_http_context()  # a Chainlit element needs a context; no server is involved
    chart = decision_chart(points, baseline=baseline, description=description, unit=unit,
                           digits=4, best=points[0][0])
    assert chart is not None
    figure: dict[str, Any] = json.loads(chart.content)
    return figure


async def test_money_on_the_bars_and_in_the_hover_is_in_its_currency() -> None:
    figure = _figure([(1, 39.7169), (2, 42.9), (3, 43.19)], 43.24, "£")
    bars = [html.unescape(t) for trace in figure["data"] for t in trace["text"]]
    assert bars == ["−£3.52", "−£0.34", "−£0.05"]
    hover = [[html.unescape(c) for c in row] for trace in figure["data"]
             for row in trace["customdata"]]
    assert hover[0][:3] == ["£39.72", "−£3.52", " (−8.1%)"]
    assert [row[2] for row in hover] == [" (−8.1%)", " (−0.8%)", " (−0.1%)"]  # one format
    assert figure["layout"]["xaxis"]["tickformat"] == ",.2~f"  # no "200.00" on the axis


async def test_generated_values_share_one_format_on_a_chart() -> None:
    for scale in (0.001, 0.42, 7.0, 1300.0, 250_000.0):
        points = [(n, scale * (1 + n / 37)) for n in range(1, 7)]
        figure = _figure(points, scale, "kg", description="stock at north_depot")
        bars = [html.unescape(t) for trace in figure["data"] for t in trace["text"]]
        decimals = {len(m.group(1) or "") for b in bars
                    for m in [re.search(r"\d(?:\.(\d+))? kg$", b)] if m}
        assert len(decimals) == 1 and all(b.startswith("+") for b in bars), bars
        assert "North Depot" in html.unescape(figure["layout"]["title"]["text"])
