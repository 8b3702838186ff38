"""Decision simulators: the evidence behind the assistant's answers.

`Simulator` is the seam (see `base`); `evaluate()` ranks every candidate of one question;
`state_from_dump` / `state_from_source` load the state a simulator reads; `registry` finds the
simulator a dataset names (built-ins, entry points, dotted paths or a file beside the
dataset). The two DQA scenarios are `LocatingSimulator` and `BuildingSimulator`.
"""

from planrag.simulators.base import (
    NEAR_TIE,
    Candidate,
    DecisionKey,
    Outcome,
    RuleComparison,
    SimulationResult,
    Simulator,
    build,
    evaluate,
)
from planrag.simulators.building import BuildingSimulator
from planrag.simulators.locating import LocatingSimulator
from planrag.simulators.state import (
    ColumnSpec,
    State,
    TableSpec,
    state_from_dump,
    state_from_source,
    typed_state,
)

__all__ = [
    "NEAR_TIE",
    "BuildingSimulator",
    "Candidate",
    "ColumnSpec",
    "DecisionKey",
    "LocatingSimulator",
    "Outcome",
    "RuleComparison",
    "SimulationResult",
    "Simulator",
    "State",
    "TableSpec",
    "build",
    "evaluate",
    "state_from_dump",
    "state_from_source",
    "typed_state",
]
