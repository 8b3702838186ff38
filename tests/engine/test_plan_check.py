"""Plans held to the schema and to what the decision needs (planrag.engine.plan_check), with
the scripted model on the SQLite Locating question."""

from __future__ import annotations

import json
from typing import Any

from planrag.engine import PlanMade, Reply, RunFinished, ScriptedModel, call
from planrag.engine.events import event_to_json
from planrag.engine.plan_check import Requirements, check_plan
from planrag.engine.policy import policy_model
from planrag.engine.state import RunState
from planrag.engine.tools import PlanStepArgs
from planrag.errors import SourceUnavailable
from planrag.runtime import load_datasets
from planrag.schema import Column, Entity, Schema
from planrag.settings import load_settings
from tests.engine.conftest import SWE_ROWS, TEXT, answer, collect, kinds, sql


def step(goal: str, *reads: str, yields: str = "") -> dict[str, Any]:
    return {"goal": goal, "source": "sql", "reads": list(reads), "yields": yields}


def planned(*steps: dict[str, Any]) -> tuple[str, dict[str, object]]:
    return call("make_plan", steps=list(steps))


def tool_replies(model: ScriptedModel) -> list[str]:
    """What the engine answered each tool call with, in order."""
    last = model.requests[-1].messages
    return [str(m["content"]) for m in last if m["role"] == "tool"]


async def test_a_plan_naming_a_missing_table_is_refused_with_the_closest_names(
    engine_for,  # type: ignore[no-untyped-def]
) -> None:
    model = ScriptedModel([
        Reply(calls=[planned(step("SWE's power", "node_countries.base_trading_power"))]),
        Reply(calls=[planned(step("SWE's power", "node_country.base_trading_power",
                                  "node_country.country_name", yields="power per node"))]),
        Reply(calls=[sql()]),
        Reply(calls=[answer("krakow", "q1")]),
    ])
    async with engine_for(model) as engine:
        events = await collect(engine.run(TEXT))
    refused = tool_replies(model)[0]
    assert refused.startswith("make_plan not accepted: the plan names what the schema does "
                              "not have:\n- step 0 reads 'node_countries.base_trading_power': "
                              "no table node_countries; closest: node_country")
    assert refused.endswith("call make_plan again.")
    made = [e for e in events if isinstance(e, PlanMade)]
    assert len(made) == 1  # the refused plan made no event
    assert made[0].steps[0].reads == ("node_country.base_trading_power",
                                      "node_country.country_name")
    assert made[0].steps[0].yields == "power per node"
    as_json = json.loads(json.dumps(event_to_json(made[0])))  # as --json writes it
    assert as_json["steps"][0]["reads"] == ["node_country.base_trading_power",
                                           "node_country.country_name"]
    assert as_json["steps"][0]["yields"] == "power per node"
    model.assert_all_used()


async def test_a_missing_column_names_the_closest_columns_and_the_tables_that_have_it(
    engine_for,  # type: ignore[no-untyped-def]
) -> None:
    model = ScriptedModel([
        Reply(calls=[planned(step("power", "node_country.trading_powr", "NODE_COUNTRY.IS_HOME"),
                             step("flows", "flow.dest", "node_country.flow", "country_name"))]),
        Reply(calls=[answer("krakow", "q1")]),
    ])
    async with engine_for(model) as engine:
        events = await collect(engine.run(TEXT))
    refused = tool_replies(model)[0].splitlines()
    assert refused[1].startswith("- step 0 reads 'node_country.trading_powr': node_country "
                                 "has no column trading_powr; closest: ")
    assert "base_trading_power" in refused[1]
    assert refused[2] == ("- step 1 reads 'node_country.flow': node_country has no column "
                          "flow; the tables with a column flow: flow")
    assert refused[3].startswith("- step 1 reads 'country_name': no table country_name")
    assert "country_name is a column of country, node_country: write " in refused[3]
    assert len(refused) == 5  # SQLite ignores case: NODE_COUNTRY.IS_HOME is fine
    assert "plan_made" not in kinds(events)


async def test_a_hostile_plan_gets_bounded_lines(engine_for) -> None:  # type: ignore[no-untyped-def]
    reads = [f"t{i}\u202e\x1b[31m" + "x" * 150 for i in range(20)]
    model = ScriptedModel([
        Reply(calls=[planned(*[step(f"s{i}", *reads) for i in range(12)])]),
        Reply(calls=[call("make_plan", steps=[{"goal": "g", "reads": ["a" * 201]}])]),
        Reply(calls=[answer("krakow")]),
    ])
    async with engine_for(model) as engine:
        await collect(engine.run(TEXT))
    first, second = tool_replies(model)[:2]
    lines = first.splitlines()
    assert len(lines) == 13 and lines[-2] == "- ... and 10 more"  # each said once
    assert all(len(line) < 400 and line.isprintable() for line in lines)
    assert second.startswith("invalid arguments for make_plan: steps.0.reads.0:")


async def test_a_plan_that_skips_a_required_quantity_is_sent_back_then_accepted(
    engine_for,  # type: ignore[no-untyped-def]
) -> None:
    skipping = planned(step("SWE's power", "node_country.base_trading_power"))
    model = ScriptedModel([
        Reply(calls=[skipping]),
        Reply(calls=[skipping]),
        Reply(calls=[skipping]),  # insisted on twice: it stands
        Reply(calls=[sql()]),
        Reply(calls=[answer("krakow", "q1")]),
        Reply(calls=[answer("krakow", "q1")]),
    ])
    async with engine_for(model) as engine:
        engine.calls.required = Requirements(always=("FLOW.flow",))
        events = await collect(engine.run(TEXT))
    replies = tool_replies(model)
    assert replies[0] == (
        "make_plan not accepted: no step reads flow.flow, which the dataset (its `required`) "
        "needs. Add a step that reads it (in its `reads`), or, if the question truly does "
        "not need it, call make_plan again unchanged and say why in your answer (sent back "
        "1 of 2 times).")
    assert "(sent back 2 of 2 times)" in replies[1]
    assert replies[2].startswith("Plan accepted.")
    assert replies[4].startswith("Not recorded yet. No successful query read flow.flow")
    assert len([e for e in events if isinstance(e, PlanMade)]) == 1
    done = events[-1]
    assert isinstance(done, RunFinished) and done.decision == "krakow"
    assert done.plan_notes == (
        "the plan left out flow.flow, which the dataset (its `required`) needs (it was sent "
        "back 2 times and kept)",
        "no query read flow.flow, which the dataset (its `required`) needs",
    )
    model.assert_all_used()


async def test_a_plan_that_reads_the_required_quantity_is_taken_at_once(
    engine_for,  # type: ignore[no-untyped-def]
) -> None:
    flows = "SELECT source, flow FROM flow WHERE dest = 'baltic_sea'"
    model = ScriptedModel([
        Reply(calls=[planned(step("power", "node_country"), step("flows", "flow(source, flow)"))]),
        Reply(calls=[sql(), sql(flows, step=1)]),
        Reply(calls=[answer("krakow", "q1", "q2")]),
    ])
    async with engine_for(model) as engine:
        engine.calls.required = Requirements(always=("flow.flow", "node_country"))
        events = await collect(engine.run(TEXT))
    made = next(e for e in events if isinstance(e, PlanMade))
    assert made.steps[1].reads == ("flow.source", "flow.flow")
    assert events[-1].plan_notes == ()  # type: ignore[union-attr]
    model.assert_all_used()


async def test_a_revised_plan_is_checked_before_the_person_is_asked(
    engine_for,  # type: ignore[no-untyped-def]
) -> None:
    model = ScriptedModel([
        Reply(calls=[planned(step("power", "node_country"))]),
        Reply(calls=[sql()]),
        Reply(calls=[call("revise_plan", reason="flows matter", steps=[
            step("power", "node_country"), step("flows", "flows.flow")])]),
        Reply(calls=[answer("krakow", "q1")]),
    ])
    async with engine_for(model, consent="approve") as engine:
        events = await collect(engine.run(TEXT))
    assert "replan_proposed" not in kinds(events)
    refused = tool_replies(model)[-1]
    assert refused.startswith("revise_plan not accepted: the plan names what the schema does "
                              "not have:\n- step 1 reads 'flows.flow': no table flows; "
                              "closest: flow")
    model.assert_all_used()


async def test_steps_never_run_are_told_once_and_the_answer_shows_it(
    engine_for,  # type: ignore[no-untyped-def]
) -> None:
    model = ScriptedModel([
        Reply(calls=[planned(step("power", "node_country.base_trading_power"),
                             step("flows", "flow.flow"), step("homes", "node_country.is_home"))]),
        Reply(calls=[sql(SWE_ROWS, step=0)]),
        Reply(calls=[answer("krakow", "q1")]),
        Reply(calls=[answer("krakow", "q1")]),  # insists: accepted
    ])
    async with engine_for(model) as engine:
        events = await collect(engine.run(TEXT))
    told = tool_replies(model)[-1]
    assert told == ("Not recorded yet. Step 1 of the plan never ran: step 1 (flows). Run "
                    "it, or say in the rationale why it is not needed. Then call "
                    "final_answer again.")  # step 2 reads node_country, which q1 read
    assert kinds(events)[-4:] == ["answer_proposed", "simulator_checked", "answer_checked",
                                  "run_finished"]
    assert events[-1].plan_notes == (  # type: ignore[union-attr]
        "the answer came with planned steps never run: step 2 (flows)",)
    model.assert_all_used()


async def test_old_plans_without_reads_keep_working(engine_for) -> None:  # type: ignore[no-untyped-def]
    model = ScriptedModel([
        Reply(calls=[call("make_plan", steps=[{"goal": "a", "source": "sql"},
                                              {"goal": "b", "source": "sql"}])]),
        Reply(calls=[sql()]),
        Reply(calls=[answer("krakow", "q1")]),
    ])
    async with engine_for(model) as engine:
        engine.calls.required = Requirements(always=("flow",))
        events = await collect(engine.run(TEXT))
    made = next(e for e in events if isinstance(e, PlanMade))
    assert made.steps[0].reads == () and made.steps[0].yields == ""
    assert events[-1].plan_notes == ()  # type: ignore[union-attr]
    model.assert_all_used()


async def _walkthrough(engine_for, ref: str, simulator: str, question: str,  # type: ignore[no-untyped-def]
                       settings: object = None, **config: object) -> list[Any]:
    model = policy_model(simulator=simulator)
    async with engine_for(model, ref=ref, settings=settings, **config) as engine:
        events = await collect(engine.run(question))
    sent_back = [m["content"] for r in model.requests for m in r.messages
                 if m["role"] == "tool" and "not accepted" in str(m["content"])]
    assert sent_back == []
    assert isinstance(events[-1], RunFinished) and events[-1].plan_notes == ()
    return events


async def test_the_walkthrough_plans_say_what_they_read(engine_for) -> None:  # type: ignore[no-untyped-def]
    events = await _walkthrough(
        engine_for, "dqa-locating-1445", "dqa-locating",
        'You are the ruler of the country named "DAN". Our home node is "lubeck". Where '
        "should I place my merchant?", consent="approve")
    plans = [e for e in events if isinstance(e, PlanMade)]
    assert plans[0].steps[0].reads == ("node_country.country_name", "node_country.trade_node",
                                       "node_country.base_trading_power",
                                       "node_country.is_home")
    assert plans[-1].steps[1].reads == ("flow.source", "flow.dest", "flow.flow")
    assert plans[-1].steps[1].yields == "the flow from each node into the home node"
    events = await _walkthrough(engine_for, "demo-retail", "warehouse-expansion",
                                "Which warehouse should get 50 kg more capacity?")
    made = next(e for e in events if isinstance(e, PlanMade))
    assert made.steps[0].reads == ("warehouse.capacity_kg_per_week",
                                   "warehouse.handling_cost_per_kg", "supplies.kg_per_week")


async def test_the_building_walkthrough_plan_reads_its_tables(  # type: ignore[no-untyped-def]
    engine_for, tmp_path,
) -> None:
    settings = load_settings(env_file=None, data_dir=tmp_path, mysql_url=None)
    await load_datasets(settings, ["dqa-building-1836"], "sqlite")
    events = await _walkthrough(
        engine_for, "dqa-building-1836#building-USA1836-2", "dqa-building",
        "Which building id should we increase a level by 5 to maximally decrease the market "
        "price of furniture?", settings=settings)
    made = next(e for e in events if isinstance(e, PlanMade))
    assert made.steps[0].reads == ("goods.goods_name", "supply.max_supply", "building.level",
                                   "building.name")


async def test_steps_and_needs_never_read_are_told_together_once(engine_for) -> None:  # type: ignore[no-untyped-def]
    model = ScriptedModel([
        Reply(calls=[planned(step("power", "node_country"), step("flows", "flow.flow"),
                             step("countries", "country"))]),
        Reply(calls=[sql()]),
        Reply(calls=[answer("krakow", "q1")]),
        Reply(calls=[call("final_answer", decision="krakow", query_ids=["q1"],
                          rationale="flows and countries do not change the best node")]),
    ])
    async with engine_for(model) as engine:
        engine.calls.required = Requirements(always=("flow", "node_country"))
        events = await collect(engine.run(TEXT))
    told = tool_replies(model)[-1]
    assert told == (
        "Not recorded yet. Steps 1 and 2 of the plan never ran: step 1 (flows); step 2 "
        "(countries). Run them, or say in the rationale why they are not needed. No "
        "successful query read flow, which the dataset (its `required`) needs. Query it, or "
        "say in the rationale why the answer does not need it. Then call final_answer again.")
    done = events[-1]
    assert isinstance(done, RunFinished) and done.decision == "krakow"
    assert done.plan_notes == (
        "the answer came with planned steps never run: step 2 (flows); step 3 (countries)",
        "no query read flow, which the dataset (its `required`) needs")
    model.assert_all_used()


class _Source:
    """A source that only has a schema (or cannot read it now)."""

    def __init__(self, language: str, dialect: str, *entities: Entity) -> None:
        self.language, self.dialect = language, dialect
        self._schema = Schema(dialect, "db", entities)

    async def schema(self) -> Schema:
        if not self._schema.entities:
            raise SourceUnavailable("the server is down")
        return self._schema


def _state() -> RunState:
    return RunState(run_id="r", question="q", dataset="d", target="t", technique="planrag",
                    messages=[])


def _steps(source: str, *reads: str) -> list[PlanStepArgs]:
    return [PlanStepArgs(goal="g", source=source, reads=list(reads))]  # type: ignore[arg-type]


ORDERS = Entity("table", "orders", (Column("qty", "int"), Column("store_id", "int")))
STORES = Entity("table", "Stores", (Column("id", "int"),))


async def test_mysql_table_names_keep_their_case_and_columns_do_not() -> None:
    sources = {"mysql": _Source("sql", "mariadb", ORDERS, STORES)}
    out = await check_plan(sources, Requirements(), _state(), "make_plan",  # type: ignore[arg-type]
                           _steps("sql", "ORDERS.qty", "orders.QTY", "stores"))
    assert isinstance(out, str)
    assert out.splitlines()[1:3] == [
        "- step 0 reads 'ORDERS.qty': no table ORDERS; closest: orders, Stores",
        "- step 0 reads 'stores': no table stores; closest: Stores, orders",
    ]
    sqlite = {"sqlite": _Source("sql", "sqlite", ORDERS, STORES)}
    steps = await check_plan(sqlite, Requirements(), _state(), "make_plan",  # type: ignore[arg-type]
                             _steps("sql", "ORDERS.qty", "stores"))
    assert not isinstance(steps, str) and steps[0].reads == ["orders.qty", "Stores"]


async def test_graph_labels_and_types_are_exact_and_said_as_such() -> None:
    graph = {"graph": _Source(
        "cypher", "cypher",
        Entity("node", "Warehouse", (Column("capacity", "INTEGER"),)),
        Entity("relationship", "SUPPLIES", (Column("kg", "FLOAT"),)),
        Entity("node", "Cafe", ()))}
    steps = await check_plan(graph, Requirements(), _state(), "make_plan",  # type: ignore[arg-type]
                             _steps("cypher", ":Warehouse", "[:SUPPLIES]", "SUPPLIES.kg",
                                    "Cafe.anything"))
    assert not isinstance(steps, str)
    assert steps[0].reads == ["Warehouse", "SUPPLIES", "SUPPLIES.kg", "Cafe.anything"]
    out = await check_plan(graph, Requirements(), _state(), "make_plan",  # type: ignore[arg-type]
                           _steps("cypher", "warehouse.capacity", "Supplies"))
    assert isinstance(out, str) and out.splitlines()[1:3] == [
        "- step 0 reads 'warehouse.capacity': no label or relationship type warehouse; "
        "closest: Warehouse",
        "- step 0 reads 'Supplies': no label or relationship type Supplies; closest: SUPPLIES",
    ]


async def test_an_unreadable_schema_leaves_the_names_unchecked() -> None:
    down = {"mysql": _Source("sql", "mariadb")}
    steps = await check_plan(down, Requirements(always=("x",)), _state(), "make_plan",  # type: ignore[arg-type]
                             _steps("sql", " orders .qty "))
    assert not isinstance(steps, str) and steps[0].reads == ["orders .qty"]


LINES = Entity("table", 'sales."Order Lines"', (Column('"Kind"', "text"), Column("qty", "int")))
SALES = Entity("table", "sales.orders", (Column("qty", "int"), Column("store_id", "int")))
SHOPS = Entity("table", "stores", (Column("id", "int"), Column("city", "text")))


async def test_postgres_plans_name_tables_of_other_schemas_qualified() -> None:
    """On PostgreSQL a table of a later schema is `schema.table`: a read may be
    `schema.table`, `schema.table.column` or quoted, and a need is met by it."""
    pg = {"postgres": _Source("sql", "postgres", LINES, SALES, SHOPS)}
    needs = Requirements(always=("sales.orders.qty",))
    steps = await check_plan(pg, needs, _state(), "make_plan",  # type: ignore[arg-type]
                             _steps("sql", "sales.orders.qty", 'sales."Order Lines".kind',
                                    "Sales.Orders", "stores.city"))
    assert not isinstance(steps, str), steps
    assert steps[0].reads == ["sales.orders.qty", 'sales."Order Lines".\"Kind\"',
                              "sales.orders", "stores.city"]
    out = await check_plan(pg, needs, _state(), "make_plan",  # type: ignore[arg-type]
                           _steps("sql", "stores.city", "sales.orders.price", "a.b.c.d",
                                  "sales.nope"))
    assert isinstance(out, str)
    assert out.splitlines()[1:4] == [
        "- step 0 reads 'sales.orders.price': sales.orders has no column price",
        "- step 0 reads 'a.b.c.d': write it as table or table.column (a label, or "
        "label.property), as the schema names it",
        "- step 0 reads 'sales.nope': no table sales.nope; closest: sales.orders",
    ]
    # a plan that never reads the needed quantity is sent back for it
    state = _state()
    left = await check_plan(pg, needs, state, "make_plan",  # type: ignore[arg-type]
                            _steps("sql", "stores.city"))
    assert isinstance(left, str) and "no step reads sales.orders.qty" in left


async def test_a_missing_table_of_another_schema_is_named_with_its_schema() -> None:
    """`sales.nope.qty` where `sales` is a schema: no table sales.nope, with the closest,
    not a complaint about how the name is written."""
    pg = {"postgres": _Source("sql", "postgres", LINES, SALES, SHOPS)}
    out = await check_plan(pg, Requirements(), _state(), "make_plan",  # type: ignore[arg-type]
                           _steps("sql", "sales.ordrs.qty"))
    assert isinstance(out, str)
    assert out.splitlines()[1] == ("- step 0 reads 'sales.ordrs.qty': no table sales.ordrs; "
                                   "closest: sales.orders, sales.\"Order Lines\"")


async def test_a_written_decision_may_qualify_the_first_schemas_tables() -> None:
    """A decision's query may read `public.stores`, which the schema names bare: a plan is
    still held to reading it, as to the decision's other tables."""
    pg = {"postgres": _Source("sql", "postgres", LINES, SALES, SHOPS)}
    needs = Requirements(decisions=(("Store to refit", ("public.stores", "sales.orders")),))
    left = await check_plan(pg, needs, _state(), "make_plan",  # type: ignore[arg-type]
                            _steps("sql", "sales.orders.qty"))
    assert isinstance(left, str) and "no step reads stores, which the decision model" in left
    steps = await check_plan(pg, needs, _state(), "make_plan",  # type: ignore[arg-type]
                             _steps("sql", "sales.orders.qty", "stores.city"))
    assert not isinstance(steps, str), steps
