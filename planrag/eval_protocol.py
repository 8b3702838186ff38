"""What `planrag eval --protocol paper` changes beyond the engine's budgets, so the agent works
as the paper's did: results shown as pandas showed them, the databases under the dumps' own
names, no time limit that forces an answer, and plans that travel with the next action.

* **Results.** The paper's agent saw pandas' text of each whole result
  (`planrag.engine.frame_text`), so its copies keep far more rows than the product's (the last
  five rows of a long result are shown too).
* **Names.** Six DQA dumps name a Locating column `has_has_merchant`, which this project
  renames `has_merchant` when it loads them (`rename_columns`). The paper's agent saw the
  original name, so under the paper's protocol the questions' databases are loaded as the
  dumps name them, as copies of their own (the dataset's id says `asis`, and with it every
  database name), and the product's renamed copies are left as they are. The simulator check
  still reads the dumps with the rename: it is this project's reading, not the agent's.
* **Time.** The paper set no time limit. A run here still has a safety bound, much longer
  than the product's (`PAPER_RUN_BOUND_S`, or PLANRAG_RUN_TIMEOUT when longer), and reaching
  it ends the run without a forced answer, like a run that spends its 15 iterations.
* **Plans.** The paper's agent wrote a Plan or Re-plan in the same completion as its next
  action; a tool-calling model may send it alone, and that turn then costs no call of its
  own (`EngineConfig.plan_turns_free`): 15 iterations stay 15 actions.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from planrag.datasets import DATASET_ID, Dataset, Dump, Question
from planrag.engine.config import EngineConfig
from planrag.engine.frame_text import PAPER_MAX_ROWS
from planrag.errors import DatasetError
from planrag.settings import Settings
from planrag.table import Limits

__all__ = [
    "ASIS",
    "PAPER_KEPT_BYTES",
    "PAPER_KEPT_ROWS",
    "PAPER_RUN_BOUND_S",
    "paper_engine",
    "paper_limits",
    "paper_run_timeout",
    "time_deviation",
    "with_dump_names",
]

PAPER_RUN_BOUND_S = 6 * 3600.0
"""A run's safety bound under the paper's protocol: six hours, far beyond 15 model calls of a
slow local model, so it only ends a run stuck on a server that streams without end."""
PAPER_KEPT_ROWS = 100_000
PAPER_KEPT_BYTES = 64_000_000
"""Rows and bytes of a result a source keeps under the paper's protocol: the whole result of
any DQA query (pandas read it all), so a long result's last rows are its own."""
ASIS = "asis"
"""In the id of a dataset whose copies are loaded under the dumps' own names: in place of an
evaluation's `eval` (so database names stay as short as the product's: MySQL takes 64
characters), else added at the end."""


def paper_engine(settings: Settings) -> dict[str, Any]:
    """The engine's settings this module sets for the paper's protocol: results shown as
    pandas showed them (200 rows, or the first and last five), kept whole, and the run's time
    its safety bound, without a forced answer; a turn that only plans travels with the next
    (the paper's agent wrote its Plan or Re-plan in the same completion as its action)."""
    return {"max_rows_shown": PAPER_MAX_ROWS, "observations": "paper",
            "query_limits": paper_limits(settings.limits),
            "run_timeout_s": paper_run_timeout(settings), "answer_at_timeout": False,
            "plan_turns_free": True}


def paper_limits(limits: Limits) -> Limits:
    """The fetch caps of `limits` with room for a whole result (the others as they are)."""
    return replace(limits, max_rows=max(limits.max_rows, PAPER_KEPT_ROWS),
                   max_bytes=max(limits.max_bytes, PAPER_KEPT_BYTES))


def paper_run_timeout(settings: Settings) -> float:
    """A run's time under the paper's protocol: the safety bound, or PLANRAG_RUN_TIMEOUT
    when that is longer."""
    return max(settings.run_timeout_s, PAPER_RUN_BOUND_S)


def time_deviation(config: EngineConfig) -> str:
    """The run's time limit, as the evaluation's summary discloses it."""
    seconds = f"{config.run_timeout_s:g} s"
    if not config.answer_at_timeout:
        return (f"each run stops after {seconds} (a safety bound, {PAPER_RUN_BOUND_S:g} s or "
                "PLANRAG_RUN_TIMEOUT when longer) without a forced answer, as a run that "
                "spends its 15 iterations; the paper had no time limit")
    return (f"each run has {seconds} (PLANRAG_RUN_TIMEOUT), then one short turn to answer; "
            "the paper's had no time limit")


def with_dump_names(dataset: Dataset) -> Dataset:
    """`dataset` with its databases loaded under the dumps' own names (its `rename_columns`
    kept for the simulator check, which reads the dumps itself), as copies of their own: the
    id says `asis` (`eval-locating-<digest>` becomes `asis-locating-<digest>`), and so does
    every database name. The dataset itself when it renames nothing."""
    if not dataset.rename_columns or dataset.keep_dump_names:
        return dataset
    head, _, rest = dataset.id.partition("-")
    new_id = f"{ASIS}-{rest}" if head == "eval" and rest else f"{dataset.id}-{ASIS}"
    if not DATASET_ID.fullmatch(new_id):
        raise DatasetError(f"dataset id {dataset.id!r} is too long to load a copy under the "
                           f"dumps' own names ({new_id!r}); shorten it")

    def moved(dump: Dump | None) -> Dump | None:
        return None if dump is None else Dump(new_id, dump.form, dump.path)

    def question(q: Question) -> Question:
        return replace(q, sql=moved(q.sql), cypher=moved(q.cypher))

    return replace(dataset, id=new_id, keep_dump_names=True,
                   questions=tuple(question(q) for q in dataset.questions))
