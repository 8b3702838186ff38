"""A simulator whose tables are queries bound to the question's parameters, used as a person
uses it: connected to a live SQLite file, simulated, and checking a model's answer; and on a
dataset of dumps, where a dump cannot feed its queries."""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import date
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from planrag.engine import Reply, ScriptedModel, call
from planrag.engine.check import Checker
from planrag.engine.scripted_server import ScriptedServer
from planrag.simulators import State
from tests.live._live import cli, events_of, live_env, one_line_error
from tests.simulators._shop import LoyaltyVoucher, dump_text, sqlite_file

SIMULATOR = f"{Path(__file__).parent / '_shop.py'}:LoyaltyVoucher"
NORTH = {"region": "North", "since": "2026-11-01"}


def _model(parameters: Mapping[str, Any] | None, decision: int = 1) -> ScriptedModel:
    answer: dict[str, Any] = {"decision": decision, "rationale": "spent most",
                              "query_ids": ["q1"]}
    if parameters is not None:
        answer["parameters"] = dict(parameters)
    return ScriptedModel([
        Reply(calls=[call("make_plan", steps=[{"goal": "spend per customer", "source": "sql"}])]),
        Reply(calls=[call("run_sql", step=0, query="SELECT id, name FROM customer ORDER BY id")]),
        Reply(calls=[call("final_answer", **answer)]),
    ])


async def _ask(env: dict[str, str], dataset: str, model: ScriptedModel,
               *extra: str) -> list[dict[str, Any]]:
    async with ScriptedServer(model) as server:
        code, out, err = await cli(
            "ask", "Which customer gets the voucher?", "--dataset", dataset, *extra, "--json",
            env={**env, "PLANRAG_MODEL": "m", "PLANRAG_MODEL_BASE_URL": server.base_url})
    assert code == 0, err
    model.assert_all_used()
    return events_of(out)


async def test_a_live_file_binds_the_question_parameters(tmp_path: Path) -> None:
    env = live_env(tmp_path)
    path = sqlite_file(tmp_path / "shop.sqlite")
    code, out, err = await cli("connect", "shop", "--sqlite", str(path), "--simulator",
                               SIMULATOR, env=env)
    assert code == 0, err
    assert "the loyalty-voucher simulator reads its tables from" in out  # the whole tables

    code, out, err = await cli("simulate", "--dataset", "shop", "--param", "region=Côte d'Or",
                               "--param", "since=2026-11-01", "--json", env=env)
    assert code == 0, err
    result = json.loads(out)
    assert result["best"]["decision"] == 2 and result["best"]["value"] == 100.1
    assert [c["decision"] for c in result["ranking"]] == [2]

    events = await _ask(env, "shop", _model(NORTH))
    checked = next(e for e in events if e["kind"] == "simulator_checked")
    assert checked["agrees"] and checked["best"] == 1 and checked["best_value"] == 25.0
    assert checked["candidates"] == 1 and checked["data_as_of"]
    # Without parameters the query cannot be read: the check says what it needs.
    events = await _ask(env, "shop", _model(None))
    assert not any(e["kind"] == "simulator_checked" for e in events)
    assert events[-1]["check_note"] == (
        "the check needs values the question did not give")


async def test_a_dump_cannot_feed_the_queries(tmp_path: Path) -> None:
    env = live_env(tmp_path)
    root = tmp_path / "datasets" / "shopdump"
    (root / "dbs").mkdir(parents=True)
    (root / "dbs" / "shop.sql").write_text(dump_text(), encoding="utf-8")
    (root / "questions.jsonl").write_text(json.dumps(
        {"id": "v1", "question": "Which customer gets the voucher?", "sql": "dbs/shop.sql",
         "parameters": NORTH}) + "\n", encoding="utf-8")
    (root / "rules.md").write_text("The customer who spent most gets it.\n", encoding="utf-8")
    (root / "dataset.toml").write_text(
        'id = "shopdump"\ntitle = "Shop"\nquestions = "questions.jsonl"\n'
        f'rules_file = "rules.md"\nsimulator = "{SIMULATOR}"\n', encoding="utf-8")

    code, _, err = await cli("simulate", "--dataset", "shopdump", "--param", "region=North",
                             "--param", "since=2026-11-01", env=env)
    assert one_line_error(code, err).endswith(
        "shop.sql: table `spend` is read by a query, and a dump file is parsed, not queried; "
        "simulate on a loaded copy or a live database (target mysql or sqlite)")
    code, _, err = await cli("load", "shopdump", "--target", "sqlite", env=env)
    assert code == 0, err
    code, out, err = await cli("simulate", "--dataset", "shopdump", "--target", "sqlite",
                               "--param", "region=North", "--param", "since=2026-11-01",
                               "--json", env=env)
    assert code == 0, err
    assert json.loads(out)["best"] == {"decision": 1, "value": 25.0, "delta": 25.0}

    events = await _ask(env, "shopdump#v1", _model(NORTH), "--target", "sqlite")
    assert not any(e["kind"] == "simulator_checked" for e in events)
    assert events[-1]["check_note"] == (
        "the check failed: the loyalty-voucher simulator reads tables by queries, "
        "and a dump is parsed, not queried, so the check could not run; `planrag simulate "
        "--dataset shopdump --target mysql` (or sqlite) runs it on the loaded copy")


async def test_the_check_reads_the_state_with_the_parameters_it_checks() -> None:
    read: list[BaseModel | None] = []

    async def read_state(parameters: BaseModel | None) -> State:
        read.append(parameters)
        return State({"customer": [], "spend": [(1, "Ann", 25, "2026-11-20")]}, "test", False)

    empty = State({}, "none", False)
    checker = Checker(LoyaltyVoucher, empty, read_state=read_state)
    assert await checker.current() is checker and read == []  # nothing to bind: not read
    current = await checker.current(NORTH)
    assert read == [LoyaltyVoucher.Parameters(region="North", since=date(2026, 11, 1))]
    assert current.read_state is None and current.as_of
    check = current.check(1, NORTH)
    assert check is not None and check[0].agrees and check[0].best_value == 25.0
    # The question's own parameters win over an answer's, for the state as for the check.
    asked = Checker(LoyaltyVoucher, empty, {"region": "Côte d'Or", "since": "2026-11-02"},
                    read_state=read_state)
    await asked.current(NORTH)
    assert read[-1] == LoyaltyVoucher.Parameters(region="Côte d'Or", since=date(2026, 11, 2))


async def test_the_what_if_form_is_prepared_without_the_queries(tmp_path: Path) -> None:
    """The form suggests values from the tables no question's parameters choose; the
    queries are read when the what-if runs, with its parameters."""
    from app.whatif import what_if_parameters
    from planrag.runtime import registry
    from planrag.settings import load_settings

    env = live_env(tmp_path)
    code, _, err = await cli("connect", "shop", "--sqlite",
                             str(sqlite_file(tmp_path / "shop.sqlite")), "--simulator",
                             SIMULATOR, env=env)
    assert code == 0, err
    settings = load_settings(env_file=None, data_dir=tmp_path / "data",
                             datasets_dir=tmp_path / "datasets")
    region, since = await what_if_parameters(settings, registry(settings).get("shop"))
    assert (region.name, region.required, since.name, since.required) == (
        "region", True, "since", True)
