"""Issue 19, point 15: a result that a server limit cut short is said to the model and to the
person, on the shared MariaDB.

MariaDB stops a `WITH RECURSIVE` at max_recursive_iterations (1000 by default) and returns
what it has with only a warning (1931, "The query result may be incomplete"), so
`SELECT COUNT(*)` of a 5000-step recursion answered 1001 as if it were the whole answer.
"""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from planrag.engine import Engine, EngineConfig, QueryFinished, Reply, ScriptedModel, call
from planrag.engine.render import TerminalRenderer
from planrag.sources.guarded import guarded
from planrag.sources.mysql import MySQLSource
from tests._sql_fixtures import GUARD_DB, MySQLWorld
from tests.engine.conftest import collect

pytestmark = pytest.mark.mysql

RECURSION = (
    "WITH RECURSIVE s (n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < 5000) "
    "SELECT COUNT(*) AS steps FROM s"
)


async def test_the_model_and_the_terminal_are_told_the_result_is_incomplete(
    mysql_world: MySQLWorld,
) -> None:
    source = guarded(MySQLSource(mysql_world.ro, GUARD_DB, pool_size=1))
    if await source.server() != "mariadb":
        await source.close()
        pytest.skip("max_recursive_iterations is MariaDB's")
    model = ScriptedModel([
        Reply(calls=[call("run_sql", query=RECURSION)]),
        Reply(calls=[call("final_answer", decision="5000 steps", rationale="q1",
                          query_ids=["q1"])]),
    ])
    engine = Engine(model, {"sql": source}, dataset="guard", target="mysql", rules="",
                    config=EngineConfig(technique="iterrag"))
    try:
        events = await collect(engine.run("How many steps does the recursion take?"))
    finally:
        await source.close()
    finished = next(e for e in events if isinstance(e, QueryFinished))
    assert finished.preview == ((1001,),)
    assert len(finished.incomplete) == 1
    assert "max_recursive_iterations" in finished.incomplete[0]
    observation = model.requests[1].messages[-1]["content"]
    assert "q1 is INCOMPLETE: the server stopped the query at a limit" in observation
    assert "not the whole answer" in observation

    out = io.StringIO()
    renderer = TerminalRenderer(Console(file=out, width=200, color_system=None))
    for event in events:
        renderer.render(event)
    shown = out.getvalue()
    assert "q1 incomplete: the server stopped the query at a limit" in shown
    assert "max_recursive_iterations" in shown
