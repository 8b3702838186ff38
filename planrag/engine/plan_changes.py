"""What an approved change of plan changed, for the answer to say (issue 36, point 7).

Approving a re-plan and keeping the plan may end in the same answer; without a word the
person cannot tell what their approval did. Each approval is recorded in the run's state (it
travels with a paused run): the steps the new plan added and dropped, how many queries had
run, and the answer given before, if any. When the answer comes, `changes` reads the record
against the run: which queries the added steps ran, whether the answer rests on them, and the
earlier answer to compare with. `planrag.engine.verdict` words it for every front end.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from planrag.engine.events import AnswerProposed, PlanChange
from planrag.engine.state import ApprovedChange, RunState, StepModel

__all__ = ["approved", "changes"]


def approved(state: RunState, by: Literal["model", "simulator", "monitor"],
             old: Sequence[StepModel], new: Sequence[StepModel]) -> None:
    """Record an approved change from the plan `old` to `new` (for the check's objection,
    `new` holds what the assistant is asked to look into), with the answer given so far."""
    kept = {_goal(s) for s in old} if by != "simulator" else set()
    added = [i for i, s in enumerate(new) if _goal(s) not in kept]
    now = {_goal(s) for s in new}
    answer = state.answer or {}
    state.approved_changes.append(ApprovedChange(
        by=by, added=[new[i].goal for i in added], steps=added,
        removed=[s.goal for s in old if _goal(s) not in now] if by != "simulator" else [],
        since=len(state.queries), before=answer.get("decision"),
        before_label=str(answer.get("label") or "")))


def changes(state: RunState, answer: AnswerProposed) -> tuple[PlanChange, ...]:
    """What each approved change of the run changed, read against `answer`."""
    out = []
    for change in state.approved_changes:
        later = state.queries[change.since:]
        ran = tuple(q.id for q in later if q.outcome == "ok" and (
            change.by == "simulator" or q.step in change.steps))
        out.append(PlanChange(
            by=change.by, added=tuple(change.added), removed=tuple(change.removed),
            queries=ran, used=bool(set(ran) & set(answer.query_ids)),
            before=change.before, before_label=change.before_label))
    return tuple(out)


def _goal(step: StepModel) -> str:
    """A step's goal as compared: its words, whatever their spacing and case."""
    return " ".join(step.goal.split()).casefold()
