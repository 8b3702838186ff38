"""Issue 36, point 8: a query's table in the chat reads as a person writes it. A connected
dataset without column titles showed `k_cd, foot_cnt, avg_tkt_eur` and euros as "7"; the demo
mixed "Capacity (kg/week)" with `shipped_kg_per_week` and "0.3" with "0.42" EUR. The headers
are words (the manifest's titles where it gives them), each column one format, money to the
cent; the CSV keeps the raw names and exact values."""

from __future__ import annotations

import sqlite3

from chainlit.context import init_http_context

from app.steps import RowsElement, RunView
from planrag.engine import QueryFinished
from planrag.present import Columns
from planrag.settings import load_settings
from tests.app.test_incomplete_step import _Step
from tests.decisions._kiosks import CREATE, insert_rows, kiosks


async def _table(view: RunView, columns: tuple[str, ...], rows: list[tuple[object, ...]]
                 ) -> tuple[RowsElement, str]:
    step = _Step()
    view.queries["q1"] = step  # type: ignore[assignment]
    await view.show(QueryFinished("q1", columns, tuple(rows), len(rows), False, 0.4))
    table = next(e for e in step.elements if isinstance(e, RowsElement))
    csv = next(e for e in step.elements if not isinstance(e, RowsElement))
    content = getattr(csv, "content", b"")
    return table, content.decode("utf-8-sig") if isinstance(content, bytes) else str(content)


async def test_a_connected_dataset_without_titles_reads_in_words() -> None:
    init_http_context()  # Chainlit's elements need a context; no server is involved
    db = sqlite3.connect(":memory:")
    db.execute(CREATE)
    db.executemany("INSERT INTO kiosk VALUES (?, ?, ?, ?, ?, ?, ?)", insert_rows(kiosks(12)))
    db.execute("UPDATE kiosk SET avg_tkt_eur = 7 WHERE k_cd = 'K002'")  # a whole euro amount
    cursor = db.execute("SELECT k_cd, k_nm, foot_cnt, conv_pct, avg_tkt_eur FROM kiosk "
                        "ORDER BY k_cd")
    names = tuple(d[0] for d in cursor.description)
    rows = cursor.fetchall()
    assert rows[1][4] == 7 and isinstance(rows[1][4], int)  # SQLite's DECIMAL: a whole 7
    table, csv = await _table(RunView(load_settings(env_file=None)), names, rows)
    assert table.columns == ["K code", "K name", "Foot count", "Conv (%)", "Average tkt (EUR)"]
    euros = [r[4] for r in table.rows]
    assert euros[1] == "7.00" and all(len(e.split(".")[1]) == 2 for e in euros), euros
    assert all("," in r[2] for r in table.rows if len(r[2]) > 3)  # 7,268 as the verdict
    conversions = [r[3] for r in table.rows if r[3] != "–"]  # a NULL reads as a dash
    assert len({len(c.split(".")[1]) for c in conversions}) == 1, conversions
    # The CSV keeps the raw names and the exact values.
    assert csv.splitlines()[0] == '"k_cd","k_nm","foot_cnt","conv_pct","avg_tkt_eur"'
    assert csv.splitlines()[2].endswith(",7")


async def test_titles_from_the_manifest_and_words_for_the_rest_in_one_table() -> None:
    init_http_context()
    columns = Columns({"capacity_kg_per_week": "Capacity (kg/week)",
                       "handling_cost_per_kg": "Handling (EUR/kg)"})
    view = RunView(load_settings(env_file=None), columns=columns)
    names = ("id", "name", "capacity_kg_per_week", "shipped_kg_per_week",
             "handling_cost_per_kg")
    rows: list[tuple[object, ...]] = [(1, "North Hub", 900, 490, 0.42),
                                      (4, "East Point", 400, 400, 0.3)]
    table, _ = await _table(view, names, rows)
    assert table.columns == ["ID", "Name", "Capacity (kg/week)", "Shipped (kg/week)",
                             "Handling (EUR/kg)"]
    assert [r[4] for r in table.rows] == ["0.42", "0.30"]
    assert [r[2] for r in table.rows] == ["900", "400"]
