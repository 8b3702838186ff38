"""Issue 19, point 12: the model is told the dialect of the database it queries, and a
SQLite dataset's queries are judged and run in SQLite's dialect.

The first prompt already named the database "sqlite" while the query tool said "MySQL
dialect", and the guard refused SQLite's own functions as unknown; now the tool, the prompt
and the guard agree, and the query runs as written.
"""

from __future__ import annotations

from typing import Any

from planrag.engine import QueryFinished, QueryRefused, Reply, ScriptedModel
from tests.engine.conftest import answer, collect, plan, sql

QUESTION = "Which warehouse should get 500 kg more weekly capacity?"
SQLITE_QUERY = (
    "SELECT strftime('%Y', '2024-03-05') AS y, "
    "julianday('2024-01-03') - julianday('2024-01-01') AS days, "
    "unixepoch('1970-01-02') AS secs, printf('%.1f', 2.5) AS p, "
    "iif(COUNT(*) > 10, 'many', 'few') AS n, total(id) AS t, typeof(name) AS ty, "
    "format('%d', 1) AS f FROM cafe"
)


def _tool(request: Any, name: str) -> str:
    return next(str(t["function"]["description"]) for t in request.tools
                if t["function"]["name"] == name)


async def test_a_sqlite_dataset_is_queried_in_sqlite_dialect(engine_for: Any) -> None:
    model = ScriptedModel([
        Reply(calls=[plan("read the cafes")]),
        Reply(calls=[sql(SQLITE_QUERY)]),
        Reply(calls=[answer(1, "q1")]),
    ])
    async with engine_for(model, ref="demo-retail") as engine:
        events = await collect(engine.run(QUESTION))
    refusals = [e.reason for e in events if isinstance(e, QueryRefused)]
    assert not refusals
    finished = next(e for e in events if isinstance(e, QueryFinished))
    assert finished.columns == ("y", "days", "secs", "p", "n", "t", "ty", "f")
    assert finished.preview == (("2024", 2.0, 86400, "2.5", "many", 1278.0, "text", "1"),)
    first = model.requests[0]
    assert "-- sqlite database " in first.messages[0]["content"]
    described = _tool(first, "run_sql")
    assert "SQLite's dialect" in described and "MySQL dialect" not in described
    assert "q1: 1 row(s)" in model.requests[2].messages[-1]["content"]


async def test_a_mysql_only_function_comes_back_with_the_sqlite_way(engine_for: Any) -> None:
    model = ScriptedModel([
        Reply(calls=[plan("read the cafes")]),
        Reply(calls=[sql("SELECT IF(COUNT(*) > 10, 'many', 'few') AS n FROM cafe")]),
        Reply(calls=[answer(1)]),
    ])
    async with engine_for(model, ref="demo-retail") as engine:
        events = await collect(engine.run(QUESTION))
    refused = next(e for e in events if isinstance(e, QueryRefused))
    assert refused.rule == "function" and "iif(" in refused.reason
    assert "iif(" in model.requests[2].messages[-1]["content"]
