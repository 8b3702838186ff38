# mypy: disable-error-code="no-untyped-call"
# (Chainlit's API is untyped.)
"""Charts that support a decision: how much each top candidate changes the objective
compared with changing nothing, the check's pick and the assistant's choice named in a legend,
axis titles with units, and candidates that change nothing folded into one line. Colours and
backgrounds work on the light and the dark theme alike (transparent, mid-grey text).

The same figure is drawn 320 pixels wide on a phone and 700 on a desk, and Plotly neither
wraps text nor reflows its margins around the toolbar: the title and long candidate labels
are wrapped here to widths that fit a phone, the toolbar keeps a row of its own above the
title, and the legend is one entry a line under the title, so the top margin is known from
the text alone and nothing covers the bars. Axes are fixed (a bar chart has nothing to zoom
into), which leaves the toolbar one button and lets a finger on the chart scroll the page.

Plotly reads its strings as a small HTML (`<span style=...>`, `<a href=...>`, `<br>`), as
TeX between dollar signs and, in hover templates, `%{...}` as placeholders. Everything built
from data or the simulator (candidate labels, the description, the unit) goes in as plain
text (`plain`): those characters as entities, which Plotly shows as the characters."""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence
from typing import Any

import chainlit as cl
from chainlit.element import Element

from planrag.engine.verdict import formats
from planrag.present import readable_ids, share

__all__ = ["decision_chart", "plain"]

PICK = "#2f9e44"
"""The check's pick (a simulator's or a decision model's)."""
CHOSEN = "#e8590c"
"""The assistant's choice, when it differs."""
OTHER = "#4c6ef5"
TEXT = "#8c8c8c"
"""Readable on white and on Chainlit's dark background."""
GRID = "rgba(140, 140, 140, 0.25)"
TOP = 8
TITLE_CHARS = 40
"""Characters a title line holds at 15 px in a 320 px wide chart (a 390 px phone), with
room to spare."""
LABEL_CHARS = 18
"""Characters a candidate's label line holds, leaving the bars most of a phone's width."""
TOOLBAR = 40
"""Pixels of the toolbar's row at the top of the chart, above the title."""
LINE = 20
"""Pixels of one line of the title or the legend (a bar gets 15 a line of its label)."""


def decision_chart(
    points: Sequence[tuple[Any, float]],
    *,
    baseline: float,
    description: str,
    unit: str,
    digits: int,
    best: Any,
    chosen: Any = None,
    unchanged: int = 0,
    label: Callable[[Any], str] = str,
) -> Element | None:
    """A horizontal bar per candidate that changes something (best first), its length the
    change compared with changing nothing; None when no candidate changes anything or plotly is
    missing."""
    try:
        import plotly.graph_objects as go
    except ImportError:
        return None
    description = readable_ids(description)  # "SWE's profit at Baltic Sea"
    title = wrapped(f"Change in {description} compared with changing nothing", TITLE_CHARS)
    description = plain(description)

    moving = [(d, v) for d, v in points if v != baseline][:TOP]
    named = {str(d): label(d) for d, _ in points}
    twice = {text for text in named.values() if list(named.values()).count(text) > 1}

    def shown(decision: Any) -> str:
        """Its label, with its key where another candidate reads alike: one bar each."""
        text = named.get(str(decision), label(decision))
        return wrapped(f"{text} ({decision})" if text in twice else text, LABEL_CHARS)

    chosen_key = str(chosen) if chosen is not None else None
    if chosen_key is not None and not any(str(d) == chosen_key for d, _ in moving):
        moving += [(d, v) for d, v in points if str(d) == chosen_key and v != baseline]
    if not moving:
        return None
    # One format for every amount the chart writes (bars, hover, axis), one for percentages.
    amounts, shares = formats([v for _, v in moving], baseline, unit, digits)

    def change(value: float) -> str:
        """" (−8.1%)": the change as a share of changing nothing ("" when that is 0)."""
        part = share(value - baseline, baseline)
        return f" ({plain(shares.signed(part))})" if part is not None else ""

    groups: dict[str, list[tuple[Any, float]]] = {}
    for d, v in moving:
        if str(d) == str(best):
            name = "The check's pick"
        elif chosen_key is not None and str(d) == chosen_key:
            name = "The assistant's choice"
        else:
            name = "Other candidates"
        groups.setdefault(name, []).append((d, v))
    order = [shown(d) for d, _ in moving]
    figure = go.Figure()
    colors = {"The check's pick": PICK, "The assistant's choice": CHOSEN,
              "Other candidates": OTHER}
    for name, items in groups.items():
        figure.add_trace(go.Bar(
            name=name, orientation="h", marker_color=colors[name],
            y=[shown(d) for d, _ in items], x=[v - baseline for _, v in items],
            text=[plain(amounts.signed(v - baseline)) for _, v in items],
            textposition="auto",
            customdata=[[plain(amounts.quantity(v)), plain(amounts.signed(v - baseline)),
                         change(v), repr(v)] for _, v in items],
            hovertemplate=("%{y}<br>" + description + ": %{customdata[0]}<br>change: "
                           "%{customdata[1]}%{customdata[2]}<br>exact: "
                           "%{customdata[3]}<extra></extra>"),
        ))
    axis_unit = f" ({plain(unit)})" if unit else ""
    lines = title.count("<br>") + 1
    if unchanged:
        title += (f"<br><span style='font-size: 0.8em'>{unchanged} other "
                  f"{'candidate changes' if unchanged == 1 else 'candidates change'} "
                  "nothing</span>")
        lines += 1
    top = TOOLBAR + LINE * (lines + len(groups)) + 12
    bar = max(34, 15 * max(label.count("<br>") + 1 for label in order) + 10)
    figure.update_layout(
        title={"text": title, "font": {"size": 15}, "x": 0, "xanchor": "left", "y": 1.0,
               "yanchor": "top", "yref": "container", "pad": {"t": TOOLBAR, "l": 4}},
        xaxis={"title": {"text": f"Change{axis_unit}"}, "gridcolor": GRID,
               # the bars' decimals at most, trailing zeros dropped ("200", not "200.00")
               "tickformat": f",.{amounts.decimals}~f",
               "zerolinecolor": TEXT, "automargin": True, "fixedrange": True},
        yaxis={"categoryorder": "array", "categoryarray": list(reversed(order)),
               "automargin": True, "fixedrange": True},
        legend={"orientation": "v", "x": 0, "xanchor": "left", "y": 1.0, "yanchor": "bottom",
                "traceorder": "normal"},
        modebar={"remove": ["select2d", "lasso2d"], "bgcolor": "rgba(0,0,0,0)",
                 "color": TEXT, "activecolor": OTHER},
        barmode="overlay",
        dragmode=False,
        paper_bgcolor="rgba(0,0,0,0)",
        plot_bgcolor="rgba(0,0,0,0)",
        font={"color": TEXT},
        height=top + bar * len(moving) + 70,
        margin={"l": 10, "r": 20, "t": top, "b": 10},
    )
    return cl.Plotly(name="decision chart", figure=figure, display="inline")


def wrapped(text: str, width: int) -> str:
    """`text` as plain Plotly text in lines of about `width` characters (words are never
    cut, so a long word makes a longer line)."""
    lines = textwrap.wrap(text, width, break_long_words=False, break_on_hyphens=False)
    return "<br>".join(plain(line) for line in lines) or plain(text)


_PLOTLY_ENTITIES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", "$": "&#36;", "%": "&#37;"}


def plain(text: str) -> str:
    """`text` as Plotly shows it literally: no tag, no TeX, no template placeholder."""
    return "".join(_PLOTLY_ENTITIES.get(c, c) for c in text)
