"""The walkthrough's plans on the graph form: their labels, types and properties are in the
graph's schema, so the plan check takes them at once (issue 22, part 2)."""

from __future__ import annotations

import pytest

from planrag.engine import EngineConfig, PlanMade, RunFinished
from planrag.engine.policy import policy_model
from planrag.engine.session import open_engine
from planrag.runtime import load_datasets
from planrag.settings import Settings
from tests.engine.conftest import collect


@pytest.mark.e2e
@pytest.mark.graph
async def test_the_walkthrough_plans_pass_the_check_on_the_graph(
    graph_settings: Settings,
) -> None:
    settings = graph_settings.model_copy(update={"db_prefix": "planrag_gtest_"})
    await load_datasets(settings, ["dqa-locating-1445", "demo-retail"], "graph")
    cases = (
        ("dqa-locating-1445", "dqa-locating", 'You are the ruler of the country named "DAN". '
         'Our home node is "lubeck". Where should I place my merchant?'),
        ("demo-retail", "warehouse-expansion", "Which warehouse should get 50 kg more "
         "capacity?"),
    )
    for ref, simulator, question in cases:
        model = policy_model(simulator=simulator)
        async with open_engine(settings, ref, "graph", model,
                               EngineConfig(consent="approve")) as engine:
            events = await collect(engine.run(question))
        sent_back = [m["content"] for r in model.requests for m in r.messages
                     if m["role"] == "tool" and "not accepted" in str(m["content"])]
        assert sent_back == [], ref
        plans = [e for e in events if isinstance(e, PlanMade)]
        assert plans and all(s.reads for p in plans for s in p.steps), ref
        assert isinstance(events[-1], RunFinished) and events[-1].plan_notes == (), ref
