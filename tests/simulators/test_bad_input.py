"""Wrong parameters and broken dumps give one clear line, never a traceback."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from planrag.errors import DatasetError, SimulatorInputError, StateError
from planrag.simulators import BuildingSimulator, LocatingSimulator, State, state_from_dump
from tests.simulators._support import DQA, building_state, dumps, locating_state

LOCATING_DUMP = dumps("locating")[0]
BUILDING_DUMP = DQA / "building" / "dbs" / "1e1ad7d5c583.sql"


def _edited(tmp_path: Path, source: Path, edit: callable) -> Path:  # type: ignore[valid-type]
    out = tmp_path / source.name
    out.write_text(edit(source.read_text(encoding="utf-8")), encoding="utf-8")
    return out


def test_unknown_country_lists_known_ones() -> None:
    with pytest.raises(SimulatorInputError, match=r"unknown country 'XXX'; known countries"):
        LocatingSimulator(
            locating_state(LOCATING_DUMP), LocatingSimulator.Parameters(country="XXX")
        )


def test_wrong_home_node_is_named() -> None:
    params = LocatingSimulator.Parameters(country="SWE", home="lubeck")
    with pytest.raises(SimulatorInputError, match="SWE's home node is 'baltic_sea', not 'lubeck'"):
        LocatingSimulator(locating_state(LOCATING_DUMP), params)


def test_unknown_goods_lists_the_goods() -> None:
    with pytest.raises(SimulatorInputError, match=r"unknown goods 'unobtainium'; the goods are: "):
        BuildingSimulator(
            building_state(BUILDING_DUMP), BuildingSimulator.Parameters(goods="unobtainium")
        )


def test_unknown_node_or_building_as_a_decision() -> None:
    sim = LocatingSimulator(
        locating_state(LOCATING_DUMP), LocatingSimulator.Parameters(country="SWE")
    )
    with pytest.raises(SimulatorInputError, match="'atlantis' is not a candidate trade_node"):
        sim.simulate("atlantis")
    with pytest.raises(SimulatorInputError, match="'baltic_sea' is not a candidate"):
        sim.simulate("baltic_sea")  # the home node itself
    b = BuildingSimulator(building_state(BUILDING_DUMP), BuildingSimulator.Parameters(goods="oil"))
    with pytest.raises(SimulatorInputError, match="decision: building_id: Input should be"):
        b.parse_decision("the big one")
    with pytest.raises(SimulatorInputError, match="999999 is not a candidate building_id"):
        b.parse_decision(999999)
    assert b.parse_decision({"building_id": "1485"}) == 1485


def test_bad_parameters_and_rule_sets() -> None:
    with pytest.raises(SimulatorInputError, match="country: String should have at least 1"):
        LocatingSimulator.parse_parameters({"country": ""})
    with pytest.raises(SimulatorInputError, match="colour: Extra inputs are not permitted"):
        BuildingSimulator.parse_parameters({"goods": "oil", "colour": "red"})
    with pytest.raises(SimulatorInputError, match="no rule set 'fair'; choose one of: dqa, rules"):
        LocatingSimulator(
            locating_state(LOCATING_DUMP), LocatingSimulator.Parameters(country="SWE"), "fair"
        )


def test_a_dump_missing_a_table(tmp_path: Path) -> None:
    path = _edited(
        tmp_path,
        LOCATING_DUMP,
        lambda t: "\n".join(line for line in t.splitlines() if "flow" not in line.lower()),
    )
    with pytest.raises(StateError, match=r"has no table `flow` \(it has: country, node_country"):
        state_from_dump(LocatingSimulator.tables, path)


def test_a_dump_missing_a_column(tmp_path: Path) -> None:
    path = _edited(tmp_path, BUILDING_DUMP, lambda t: t.replace("pop_demand", "pop_wants"))
    with pytest.raises(StateError, match="table `goods` has no column `pop_demand`"):
        state_from_dump(BuildingSimulator.tables, path)


def test_a_dump_with_an_empty_building_table(tmp_path: Path) -> None:
    path = _edited(
        tmp_path,
        BUILDING_DUMP,
        lambda t: "\n".join(line for line in t.splitlines() if "INTO building(" not in line),
    )
    state = state_from_dump(BuildingSimulator.tables, path)
    assert state.rows("building") == []
    with pytest.raises(StateError, match="the `building` table is empty, so there is no building"):
        BuildingSimulator(state, BuildingSimulator.Parameters(goods="furniture"))


def test_non_numeric_values_name_table_row_and_column(tmp_path: Path) -> None:
    path = _edited(
        tmp_path, LOCATING_DUMP, lambda t: t.replace('"SWE", "baltic_sea", 107.373', '"SWE", '
                                                     '"baltic_sea", "lots"')
    )
    with pytest.raises(StateError) as err:
        state_from_dump(LocatingSimulator.tables, path)
    assert re.search(r"table `country`, row 1, column `development`: expected a number, got "
                     r"'lots'", str(err.value))
    state = State({"goods": [("oil", 1, 10.0, 10.0, 0.0)], "building": [(1, "b", None)],
                   "supply": [], "demand": []}, "test", True)
    with pytest.raises(StateError, match=r"row 1, column `level`: is NULL"):
        BuildingSimulator(state, BuildingSimulator.Parameters(goods="oil"))


def test_rows_that_break_the_rules_are_refused() -> None:
    goods = [("oil", 1, 10.0, 10.0, 0.0)]
    cases = [
        ({"building": [(1, "b", 0)], "supply": [], "demand": []}, "building 1 has level 0"),
        ({"building": [(1, "b", 2)], "supply": [], "demand": [(1, 1, 0.0)]}, "max_demand is 0"),
        ({"building": [(1, "b", 2)], "supply": [(9, 1, 1.0, 1.0)], "demand": []},
         "unknown goods code 9"),
        ({"building": [(1, "b", 2), (1, "c", 2)], "supply": [], "demand": []},
         "building id 1 appears twice"),
    ]
    for tables, message in cases:
        with pytest.raises(StateError, match=message):
            BuildingSimulator(
                State({"goods": goods, **tables}, "test", True),
                BuildingSimulator.Parameters(goods="oil"),
            )


def test_a_cycle_in_the_flow_graph_is_named() -> None:
    nodes = [(n, 1.0, False, 1.0, 0.0, 0.0) for n in ("a", "b", "c")]
    state = State(
        {
            "country": [("X", "a", 10.0)],
            "trade_node": nodes,
            "flow": [("a", "b", 0.0), ("b", "c", 0.0), ("c", "b", 0.0)],
            "node_country": [("a", "X", True, 1.0)],
        },
        "test",
        True,
    )
    with pytest.raises(StateError, match=r"cycle \(value would flow forever\) through: b, c"):
        LocatingSimulator(state, LocatingSimulator.Parameters(country="X"))


def test_a_missing_dump_file() -> None:
    with pytest.raises(DatasetError, match="no dump file at"):
        state_from_dump(LocatingSimulator.tables, Path("/nonexistent/x.sql"))
