"""The decision chart from hostile data (issue 18, break 3): Plotly reads its strings as a
small HTML, so a decision label, the simulator's description or its unit holding tags must
reach the figure as text Plotly shows literally (entities), never as a tag."""

from __future__ import annotations

import html
import json

from chainlit.context import init_http_context

from app.charts import decision_chart

LABELS = {
    1: '<span style="fill:url(http://127.0.0.1:9/span)">A</span>',
    2: '<a href="http://127.0.0.1:9/a">B</a><br><img src="http://127.0.0.1:9/img">',
    3: "$\\href{http://127.0.0.1:9/tex}{C}$ %{customdata[2]}",
}


async def test_labels_description_and_unit_reach_plotly_as_text() -> None:
    init_http_context()  # a Chainlit element needs a context; no server is involved
    chart = decision_chart([(2, 3.0), (3, 3.5), (1, 5.0)], baseline=4.0,
                           description="cost <b>of</b> $x$", unit="<i>EUR</i>", digits=4,
                           best=2, chosen=1, label=LABELS.__getitem__)
    assert chart is not None
    figure = json.loads(chart.content)
    text = json.dumps(figure)
    for tag in ("<span", "<a ", "<img", "<b>", "<i>", "$\\\\href", "$x$"):
        assert tag not in text, tag
    shown = [y for trace in figure["data"] for y in trace["y"]]
    assert sorted(_read(y) for y in shown) == sorted(LABELS.values())  # read literally
    assert [_read(y) for y in figure["layout"]["yaxis"]["categoryarray"]] == [
        LABELS[1], LABELS[3], LABELS[2]]
    title = figure["layout"]["title"]["text"]
    assert _read(title) == "Change in cost <b>of</b> $x$ compared with changing nothing"
    assert html.unescape(figure["layout"]["xaxis"]["title"]["text"]) == "Change (<i>EUR</i>)"
    for trace in figure["data"]:  # our own <br> and placeholders stay; the data's do not
        template = trace["hovertemplate"]
        assert template.count("%{") == 5 and template.count("<br>") == 3
        assert "cost &lt;b&gt;of&lt;/b&gt; &#36;x&#36;: " in template
    assert all("%{customdata[2]}" not in y for y in shown)


def _read(text: str) -> str:
    """A Plotly string as a person reads it: the lines the chart wraps it into (its own `<br>`:
    the data's are entities) joined by spaces, the entities as characters."""
    return " ".join(html.unescape(line) for line in text.split("<br>"))
