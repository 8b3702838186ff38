"""Finding simulators: built-ins, short names, dotted paths, files and entry points."""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from planrag.dumps import parse_sql
from planrag.errors import SimulatorError
from planrag.manifests import discover
from planrag.simulators import BuildingSimulator, LocatingSimulator, evaluate, state_from_dump
from planrag.simulators.registry import available, resolve
from planrag.simulators.service import dataset_simulator, question_parameters, simulate_dump
from tests._sql_fixtures import FIXTURES

PLUGIN = textwrap.dedent(
    '''
    from pydantic import BaseModel
    from planrag.simulators import Outcome, Simulator, TableSpec

    class Params(BaseModel):
        bonus: float = 1.0

    class Pick(BaseModel):
        cafe_id: int

    class CafePicker(Simulator):
        """Scores each cafe by its demand plus a bonus: the smallest plugin there is."""
        name = "cafe-picker"
        title = "Cafe picker"
        objective = "maximise"
        Parameters = Params
        Decision = Pick
        tables = (TableSpec.of("cafe", "id:int demand_kg_per_week:float", "id",
                               "MATCH (c:Cafe) RETURN c.id AS id, "
                               "c.demand_kg_per_week AS demand_kg_per_week ORDER BY id"),)

        def candidates(self):
            return [row[0] for row in self.state.rows("cafe")]

        def simulate(self, decision):
            if decision is None:
                return Outcome(0.0)
            demand = dict(self.state.rows("cafe"))[self.parse_decision(decision)]
            return Outcome(demand + self.parameters.bonus, {"demand": demand})

    class NotASimulator:
        pass

    class NoDecision(CafePicker):
        Decision = Params  # one field, but let us break it below
    NoDecision.Decision = type("TwoFields", (BaseModel,), {"__annotations__": {"a": int, "b": int}})
    '''
)


@pytest.fixture()
def plugin_dir(tmp_path: Path) -> Iterator[Path]:
    """A plugin package on sys.path with an entry point registered through its metadata."""
    (tmp_path / "cafe_plugin.py").write_text(PLUGIN, encoding="utf-8")
    info = tmp_path / "cafe_plugin-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: cafe-plugin\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(
        "[planrag.simulators]\ncafe-picker = cafe_plugin:CafePicker\n"
        "broken = cafe_plugin:Missing\n"
    )
    sys.path.insert(0, str(tmp_path))
    try:
        yield tmp_path
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("cafe_plugin", None)


def test_built_in_names_and_short_names() -> None:
    assert resolve("dqa-locating") is LocatingSimulator
    assert resolve("dqa-building") is BuildingSimulator
    assert resolve("locating") is LocatingSimulator
    assert resolve("planrag.simulators.building:BuildingSimulator") is BuildingSimulator
    assert resolve("planrag.simulators.building.BuildingSimulator") is BuildingSimulator
    assert {"dqa-locating", "dqa-building"} <= set(available())


def test_entry_points_register_plugins_and_a_broken_one_hides_nothing(plugin_dir: Path) -> None:
    assert available()["cafe-picker"] == "cafe_plugin:CafePicker"
    cls = resolve("cafe-picker")
    assert cls.name == "cafe-picker"
    assert resolve("locating") is LocatingSimulator  # the broken entry point is skipped
    with pytest.raises(SimulatorError, match="cafe_plugin has no Missing"):
        resolve("broken")
    result = simulate_dump(cls, FIXTURES / "demo" / "dbs" / "retail.sql", {"bonus": 2})
    assert result.best is not None and result.best.decision == 110  # the largest demand
    assert result.best.value == 232.0 and result.baseline == 0.0


def test_bad_simulator_classes_are_explained(plugin_dir: Path) -> None:
    with pytest.raises(SimulatorError, match="is not a planrag Simulator subclass"):
        resolve("cafe_plugin:NotASimulator")
    with pytest.raises(SimulatorError, match="a `Decision` model with exactly one field"):
        resolve("cafe_plugin:NoDecision")
    with pytest.raises(SimulatorError, match="cannot import no_such_module"):
        resolve("no_such_module:Thing")
    with pytest.raises(SimulatorError, match="no simulator named 'nothing'; known: "):
        resolve("nothing")


def test_file_simulators_beside_a_manifest(tmp_path: Path) -> None:
    (tmp_path / "sim.py").write_text(PLUGIN, encoding="utf-8")
    assert resolve("sim.py:CafePicker", tmp_path).name == "cafe-picker"
    (tmp_path / "crash.py").write_text("raise RuntimeError('boom')\n", encoding="utf-8")
    with pytest.raises(SimulatorError, match=r"running .*crash.py failed: RuntimeError: boom"):
        resolve("crash.py:X", tmp_path)
    with pytest.raises(SimulatorError, match="no file"):
        resolve("absent.py:X", tmp_path)
    with pytest.raises(SimulatorError, match="only found beside a dataset manifest"):
        resolve("sim.py:CafePicker")


def test_datasets_name_their_simulators() -> None:
    registry = discover(FIXTURES)
    assert dataset_simulator(registry.get("dqa-locating-1445")) is LocatingSimulator
    assert dataset_simulator(registry.get("dqa-building-1836")) is BuildingSimulator
    demo = dataset_simulator(registry.get("demo-retail"))
    assert demo.name == "warehouse-expansion" and demo.objective == "minimise"


def test_question_parameters() -> None:
    registry = discover(FIXTURES)
    loc = registry.get("dqa-locating-1445").questions[0]
    assert question_parameters(LocatingSimulator, loc.extra) == {
        "country": "SWE",
        "home": "baltic_sea",
    }
    bld = registry.get("dqa-building-1836").questions[0]
    assert question_parameters(BuildingSimulator, bld.extra) == {"goods": "furniture"}
    assert question_parameters(BuildingSimulator, {"country": "USA1836"}) is None
    demo = registry.get("demo-retail")
    sim = dataset_simulator(demo)
    assert question_parameters(sim, demo.questions[0].extra) == {"extra_kg": 200}
    assert question_parameters(sim, demo.questions[1].extra) is None


def test_demo_simulator_reproduces_the_dumped_plan() -> None:
    """The demo's greedy rule explains its own `supplies` table (its self-consistency)."""
    sim_cls = dataset_simulator(discover(FIXTURES).get("demo-retail"))
    path = FIXTURES / "demo" / "dbs" / "retail.sql"
    result = simulate_dump(sim_cls, path, {"extra_kg": 200})
    params = sim_cls.parse_parameters({"extra_kg": 200})
    sim = sim_cls(state_from_dump(sim_cls.tables, path), params)
    cost, undelivered, shipped = sim.plan(None)  # type: ignore[attr-defined]
    supplies = parse_sql(path).tables["supplies"].rows
    per_warehouse: dict[int, float] = {}
    for w, _, kg in supplies:
        per_warehouse[w] = per_warehouse.get(w, 0) + kg
    assert undelivered == 0
    assert {w: kg for w, kg in shipped.items() if kg} == per_warehouse
    assert result.baseline == pytest.approx(cost)
    assert result.best is not None and result.best.decision == 4 and result.improves
    assert evaluate(sim).best_details["capacity_after_kg"] == 600


def test_a_plugin_bug_is_one_line_and_the_next_run_works(tmp_path: Path) -> None:
    buggy = PLUGIN + textwrap.dedent(
        '''
        class Buggy(CafePicker):
            name = "buggy"
            def simulate(self, decision):
                if decision == 105:
                    raise ZeroDivisionError("division by zero")
                return super().simulate(decision)

        class BadStart(CafePicker):
            name = "bad-start"
            def __init__(self, state, parameters, rules=None):
                raise KeyError("cafe")
        '''
    )
    (tmp_path / "sim.py").write_text(buggy, encoding="utf-8")
    dump = FIXTURES / "demo" / "dbs" / "retail.sql"
    with pytest.raises(SimulatorError, match=r"simulator 'buggy' failed: ZeroDivisionError"):
        simulate_dump(resolve("sim.py:Buggy", tmp_path), dump, {})
    with pytest.raises(SimulatorError, match=r"'bad-start' could not start: KeyError: 'cafe'"):
        simulate_dump(resolve("sim.py:BadStart", tmp_path), dump, {})
    assert simulate_dump(resolve("sim.py:CafePicker", tmp_path), dump, {}).best is not None
