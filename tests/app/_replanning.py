"""A scripted model whose run on the demo proposes a change of plan, then answers: what the
MCP and API tests put to the person."""

from __future__ import annotations

from planrag.engine import Reply, ScriptedModel, call

QUESTION = "Which warehouse should we expand by 200 kg?"
REASON = "the capacity matters too"


def replanning_model(runs: int = 1) -> ScriptedModel:
    """`runs` runs of: plan, a query, a re-plan adding a step, that step's query (when the
    re-plan is approved), the answer (warehouse 4, with the check's parameter)."""
    steps = [{"goal": "warehouses", "source": "sql"}]
    return ScriptedModel([
        Reply(calls=[call("make_plan", steps=steps)]),
        Reply(calls=[call("run_sql", query="SELECT id FROM warehouse", step=0)]),
        Reply(calls=[call("revise_plan", reason=REASON,
                          steps=[*steps, {"goal": "capacity", "source": "sql"}])]),
        Reply(calls=[call("run_sql", query="SELECT COUNT(*) AS n FROM warehouse", step=1)]),
        Reply(calls=[call("final_answer", decision=4, rationale="the data says so",
                          query_ids=["q1", "q2"], parameters={"extra_kg": 200})]),
    ] * runs)
