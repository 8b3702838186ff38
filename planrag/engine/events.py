"""What a run tells the world: a closed set of frozen events, each with a `kind`.

Every front end (terminal, JSON lines, chat, Slack, the evaluation harness) consumes the same
stream and renders it with one `match` over `Event` ending in `assert_never`. The end of a run
is an event too: `RunFinished`, `RunFailed`, or `AwaitingConfirmation` (the run is paused and
its state, a JSON string, is what `Engine.resume` takes).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Literal

__all__ = [
    "NOT_REPORTED",
    "AnswerChecked",
    "AnswerProposed",
    "AwaitingConfirmation",
    "CandidateSimulated",
    "CheckProposed",
    "Claim",
    "Event",
    "FailureCause",
    "ModelCalled",
    "ModelText",
    "MonitorNoticed",
    "PlanChange",
    "PlanMade",
    "PlanStep",
    "QueryFailed",
    "QueryFinished",
    "QueryRefused",
    "QueryStarted",
    "ReplanDecided",
    "ReplanProposed",
    "RunFailed",
    "RunFinished",
    "RunStarted",
    "SchemaLookedUp",
    "SimulatorChecked",
    "StepStarted",
    "Usage",
    "event_to_json",
]


@dataclass(frozen=True, slots=True)
class PlanStep:
    goal: str
    """What this analysis step finds out."""
    source: Literal["sql", "cypher", "none"] = "none"
    """Where the data comes from (or none: reasoning only)."""
    status: Literal["pending", "running", "done", "skipped"] = "pending"
    reads: tuple[str, ...] = ()
    """What the step reads, as the schema names it: `table`, `table.column` (or labels,
    relationship types and their properties); empty when the plan did not say."""
    yields: str = ""
    """The quantity the step produces, in the model's words (may be empty)."""


NOT_REPORTED = "not reported"
"""What reports say instead of a token count the server never gave."""


@dataclass(frozen=True, slots=True)
class Usage:
    model_calls: int = 0
    """Every model call, also those cut short (by a limit or the run's time)."""
    prompt_tokens: int = 0
    completion_tokens: int = 0
    """Tokens as the server reported them, summed over the calls that reported any."""
    model_seconds: float = 0.0
    unreported_calls: int = 0
    """Calls whose tokens the server never reported (no usage in its reply, a reply cut
    short): their tokens are not in the sums, and reports say "not reported"."""

    def add(self, prompt: int, completion: int, seconds: float, reported: bool = True) -> Usage:
        return Usage(
            self.model_calls + 1,
            self.prompt_tokens + prompt,
            self.completion_tokens + completion,
            self.model_seconds + seconds,
            self.unreported_calls + (0 if reported else 1),
        )

    @property
    def reported(self) -> bool:
        """Whether any token count is known: a call was made and at least one reported."""
        return self.unreported_calls < self.model_calls or not self.model_calls

    def tokens_text(self) -> str:
        """The tokens in words: `1,200+80 tokens`, `tokens not reported`, or the sums and
        how many calls did not report theirs."""
        if not self.reported:
            return f"tokens {NOT_REPORTED}"
        text = f"{self.prompt_tokens:,}+{self.completion_tokens:,} tokens"
        if self.unreported_calls:
            text += f" ({self.unreported_calls} of {self.model_calls} calls {NOT_REPORTED})"
        return text


@dataclass(frozen=True, slots=True)
class RunStarted:
    run_id: str
    question: str
    dataset: str
    """The dataset reference (`DATASET`, `DATASET@DUMP` or `DATASET#QUESTION`)."""
    target: str
    """Where queries run: a kind's target name (mysql, postgres, sqlite, graph ...), or
    both relational and graph."""
    technique: str
    scripted: bool
    """True when a scripted model answers: front ends label everything it produces."""
    kind: Literal["run_started"] = "run_started"
    read_as: str = ""
    """Whose database account read the data, where the live database names accounts per
    person or group ("wm_ro (group ward-managers)"); empty everywhere else."""
    parameters: tuple[tuple[str, Any], ...] = field(default=())
    """The parameters the question or the answer gave the check (name, value), as
    `--param` and a watch of this decision take them (`assumed` says them for people)."""


@dataclass(frozen=True, slots=True)
class PlanMade:
    steps: tuple[PlanStep, ...]
    revision: int
    """0 for the first plan, n for the n-th accepted re-plan."""
    reason: str | None = None
    """Why the plan was revised (None for the first plan)."""
    kind: Literal["plan_made"] = "plan_made"


@dataclass(frozen=True, slots=True)
class StepStarted:
    index: int
    """0-based position in the current plan."""
    goal: str
    kind: Literal["step_started"] = "step_started"


@dataclass(frozen=True, slots=True)
class ModelText:
    text: str
    """A piece of the model's visible text, as it streams."""
    kind: Literal["model_text"] = "model_text"


@dataclass(frozen=True, slots=True)
class ModelCalled:
    """One model call finished: its cost, for traces and reports."""

    call: int
    """1-based number of the call in this run."""
    prompt_tokens: int
    completion_tokens: int
    seconds: float
    tool_calls: tuple[str, ...]
    """The tools it asked for, in order."""
    usage_reported: bool = True
    """False when the server did not report this call's tokens (they are 0 here, and "not
    reported" in JSON)."""
    kind: Literal["model_called"] = "model_called"

    def tokens_text(self) -> str:
        if not self.usage_reported:
            return f"tokens {NOT_REPORTED}"
        return f"{self.prompt_tokens:,}+{self.completion_tokens:,} tokens"


@dataclass(frozen=True, slots=True)
class QueryStarted:
    query_id: str
    """A handle (q1, q2, ...) the answer cites and front ends use to fetch the whole table."""
    language: Literal["sql", "cypher"]
    query: str
    step: int | None
    kind: Literal["query_started"] = "query_started"
    thought: str = ""
    """Why the model runs it (the paper's `Thought:`), when it said."""
    plan_holds: str = ""
    """What the model said of the plan after the last result (the paper's `Re-plan:`):
    "yes", "no: <why>", or "" when it said nothing."""


@dataclass(frozen=True, slots=True)
class QueryFinished:
    query_id: str
    columns: tuple[str, ...]
    preview: tuple[tuple[Any, ...], ...]
    """The first rows (capped); the whole table stays with the engine under `query_id`."""
    total_rows: int
    truncated: bool
    """The source stopped fetching at its row or byte cap."""
    elapsed_ms: float
    incomplete: tuple[str, ...] = ()
    """Why the rows are not the whole answer, as the database said it (`Table.incomplete`:
    a server limit cut the query short); empty when nothing did."""
    kind: Literal["query_finished"] = "query_finished"


@dataclass(frozen=True, slots=True)
class QueryRefused:
    query_id: str
    language: Literal["sql", "cypher"]
    query: str
    reason: str
    rule: str
    kind: Literal["query_refused"] = "query_refused"


@dataclass(frozen=True, slots=True)
class QueryFailed:
    query_id: str
    language: Literal["sql", "cypher"]
    query: str
    error: str
    kind: Literal["query_failed"] = "query_failed"


@dataclass(frozen=True, slots=True)
class ReplanProposed:
    reason: str
    old_steps: tuple[PlanStep, ...]
    new_steps: tuple[PlanStep, ...]
    by: Literal["model", "simulator", "monitor"] = "model"
    """`simulator`: proposed because the simulator's check disagreed with the answer;
    `monitor`: because an execution monitor found the plan cannot go on (`reason` is its
    finding; the model writes the new steps once the person approves, so `new_steps` is
    empty)."""
    kind: Literal["replan_proposed"] = "replan_proposed"


@dataclass(frozen=True, slots=True)
class MonitorNoticed:
    """An execution monitor (planrag.engine.monitors) noticed something about a query or
    the answer; the model was told it in the same words, as part of the observation."""

    monitor: Literal["value_not_found", "rows_cut", "step_failed_twice",
                     "answer_not_candidate", "answer_not_in_results"]
    finding: str
    """One sentence, for the model and people. It may quote values from the data or the
    model: front ends escape it for their markup."""
    query_id: str | None = None
    """The query it is about (None for the answer's monitors)."""
    step: int | None = None
    """The plan step it is about (0-based), when known."""
    kept: bool = False
    """For the answer's monitors: the model gave the same answer again after being told, so
    the answer stands with this finding beside it."""
    said: str = ""
    """The finding in a person's words, where what the model was told is advice to it
    ("compute it in the query instead"); empty: `finding` reads as it is."""
    kind: Literal["monitor_noticed"] = "monitor_noticed"

    def for_people(self) -> str:
        """What a front end shows of the finding."""
        return self.said or self.finding


@dataclass(frozen=True, slots=True)
class CheckProposed:
    """The assistant drafted a check for a dataset that has none (`propose_check`): what it
    ranks, its queries and a sample of candidates with their values (default parameters).
    The person decides whether it ranks the answer (an `AwaitingConfirmation` about
    "check" follows the answer)."""

    title: str
    goal: str
    """"minimize" or "maximize"."""
    objective: str
    unit: str
    target: str
    candidates_query: str
    value_query: str
    baseline_query: str
    parameters: tuple[tuple[str, str, Any], ...]
    """(name, type, default) of each parameter."""
    candidates: int
    """How many candidates it ranks with the default parameters."""
    sample: tuple[tuple[Any, str, float], ...]
    """The best few candidates with the default parameters: (decision, label, value)."""
    baseline: float
    spec: dict[str, Any] = field(default_factory=dict)
    """The check as a manifest's `[[decisions]]` entry holds it (`planrag decision save`)."""
    kind: Literal["check_proposed"] = "check_proposed"
    notes: tuple[str, ...] = ()
    """What the person should know of its ranking: candidates it leaves unranked (counted,
    the first few named), values for no candidate."""
    databases: int = 1
    """How many databases the run could have run it on: the proposal names its `target`
    for people only when there was a choice."""


@dataclass(frozen=True, slots=True)
class AwaitingConfirmation:
    run_id: str
    state: str
    """The paused run as JSON: store it, then call `Engine.resume(state, approved, note)`."""
    question: str
    """What to ask the person, in one sentence."""
    about: Literal["plan", "check"] = "plan"
    """"plan": a re-plan (the model's or the simulator's objection); "check": whether the
    check the assistant proposed ranks its answer."""
    kind: Literal["awaiting_confirmation"] = "awaiting_confirmation"


@dataclass(frozen=True, slots=True)
class ReplanDecided:
    approved: bool
    by: Literal["person", "policy", "timeout"]
    note: str | None = None
    about: Literal["plan", "check"] = "plan"
    """What was decided: a re-plan, or whether the proposed check is used."""
    kind: Literal["replan_decided"] = "replan_decided"


@dataclass(frozen=True, slots=True)
class Claim:
    """A number the answer rests on and where it comes from (`planrag.engine.evidence`)."""

    text: str
    """What the number is, in a few words."""
    value: float
    source: str | None
    """A cell (`q2[3].cost`) or a formula over cells; None when nothing is cited."""
    verified: bool | None
    """Equal to the data within the precision stated; None when it cites nothing."""
    data: float | None = None
    """What the source gives, where it differs from `value`."""
    note: str = ""
    """Why it is not verified: the source could not be read, or the number is not found."""
    cells: tuple[tuple[str, int, str], ...] = ()
    """The cells its source read: (query id, row counting from 1 or 0 for a whole column,
    column)."""
    cited_by: Literal["model", "engine"] = "model"
    """"engine": a number of the rationale, or of a claim without a source, that the engine
    looked for in the run's results."""
    origin: Literal["data", "question", "rules", "parameters", "check", ""] = ""
    """Where the number comes from, when it is sourced: a query result ("data"), the
    question, the dataset's rules, the question's or the check's parameters, or what the
    product's own check reported to the model; "" when it is not sourced."""


@dataclass(frozen=True, slots=True)
class AnswerProposed:
    decision: Any
    rationale: str
    query_ids: tuple[str, ...]
    kind: Literal["answer_proposed"] = "answer_proposed"
    claims: tuple[Claim, ...] = ()
    """The numbers the answer rests on, each checked against the data."""
    read_as: str = ""
    """Whose database account read the data, where the live database names accounts per
    person or group ("wm_ro (group ward-managers)"); empty everywhere else."""
    parameters: tuple[tuple[str, Any], ...] = field(default=())
    """The parameters the question or the answer gave the check (name, value), as
    `--param` and a watch of this decision take them (`assumed` says them for people)."""
    factual: bool = False
    """The answer is one of fact: no check speaks to it (the model said `check: "none"`, or
    the question asks no decision), so no verdict is put on it."""
    label: str = ""
    """How people read the decision where the data names it ("Kiosk 32 Ufer" for K032);
    empty when it reads as it is."""


@dataclass(frozen=True, slots=True)
class CandidateSimulated:
    """The model asked the simulator about one candidate (the what-if tool, when enabled)."""

    decision: Any
    value: float
    baseline: float
    description: str
    details: dict[str, Any] = field(default_factory=dict)
    kind: Literal["candidate_simulated"] = "candidate_simulated"


@dataclass(frozen=True, slots=True)
class SimulatorChecked:
    simulator: str
    rules: str
    decision: Any
    """The decision checked (the model's)."""
    agrees: bool
    """The decision is the best candidate, or tied exactly with it."""
    rank: int | None
    """1-based competition rank of the decision among all candidates (None: not a candidate)."""
    candidates: int
    value: float | None
    baseline: float
    best: Any
    best_value: float
    gap: float | None
    """best_value - value: how much better the best candidate is."""
    ties: tuple[Any, ...]
    near_ties: tuple[Any, ...]
    objective: str
    description: str
    top: tuple[tuple[Any, float], ...] = field(default=())
    """The best few candidates and their values, for charts."""
    note: str = ""
    data_as_of: str | None = None
    """For a live database: when the simulator read the data (UTC, `YYYY-MM-DD HH:MM:SS`);
    None for a dump, which does not change."""
    unit: str = ""
    """The objective's unit ("EUR", "ducats"); empty for a plain number."""
    digits: int = 4
    """Significant figures to show values with."""
    labels: tuple[tuple[Any, str], ...] = field(default=())
    """How people read the decisions named here (decision, label), where it differs."""
    improves: bool = True
    """Whether the best candidate beats deciding nothing."""
    unchanged: int = 0
    """Candidates whose value equals deciding nothing (they change nothing)."""
    assumed: tuple[tuple[str, str], ...] = field(default=())
    """The parameters the question or the answer gave the check, as people read them
    (title, value): what the verdict assumed ("Extra weekly capacity (kg)", "500")."""
    decision_model: str = ""
    """The title of the written decision model that checked it (`[[decisions]]` in the
    dataset's manifest, or a check the assistant proposed); empty for a simulator."""
    check_origin: str = ""
    """"manifest" or "proposed" for a written decision; empty for a simulator."""
    approved_by: str = ""
    """Who approved a check the assistant proposed."""
    check_id: str = ""
    """Which check ranked it, by the id `final_answer`'s `check` names it with: a
    simulator's name as `planrag datasets` shows it, a written decision's id."""
    check_title: str = ""
    """That check's title, for people (a simulator's; a written decision's is also
    `decision_model`)."""
    kind: Literal["simulator_checked"] = "simulator_checked"
    read_as: str = ""
    """Whose database account read the data, where the live database names accounts per
    person or group ("wm_ro (group ward-managers)"); empty everywhere else."""
    parameters: tuple[tuple[str, Any], ...] = field(default=())
    """The parameters the question or the answer gave the check (name, value), as
    `--param` and a watch of this decision take them (`assumed` says them for people)."""

    def label(self, decision: Any) -> str:
        """How a person reads `decision`."""
        for key, text in self.labels:
            if key == decision or str(key) == str(decision):
                return text
        return str(decision)


@dataclass(frozen=True, slots=True)
class SchemaChosen:
    """A schema too large for the first prompt was cut to it: the tables (labels) shown in
    full, each with why, and how many others are only named or counted
    (`planrag.engine.first_schema`)."""

    shown: tuple[str, ...]
    """The tables, labels or relationship types in full, in the order shown."""
    reasons: tuple[str, ...]
    """Why each of `shown` is there ("named by the question ("customer")", "on the join
    path between customers and products", "named in the dataset's `required`")."""
    named: int
    """Others named only, by name."""
    total: int
    """Everything the schema has."""
    database: str = ""
    """The schema's database, where a run reads several."""
    noun: str = "tables"
    """What the schema holds: "tables", "node labels and relationship types", ..."""
    kind: Literal["schema_chosen"] = "schema_chosen"

    def title(self) -> str:
        """One line: "The assistant starts from 14 of 250 tables, 80 more by name"."""
        where = f" of {self.database}" if self.database else ""
        more = f", {self.named} more by name" if self.named else ""
        return (f"The assistant starts from {len(self.shown)} of {self.total} "
                f"{self.noun}{where}{more}")


@dataclass(frozen=True, slots=True)
class SchemaLookedUp:
    """The model searched the schema or had tables described (schemas too large for the
    first prompt)."""

    tool: Literal["search_schema", "describe_tables"]
    request: str
    """The words searched for, or the names asked for."""
    found: tuple[str, ...]
    """The tables, labels or relationship types the answer holds."""
    kind: Literal["schema_looked_up"] = "schema_looked_up"


@dataclass(frozen=True, slots=True)
class PlanChange:
    """What a change of plan the person (or the consent setting) approved changed, said with
    the answer: approving and keeping may end in the same answer, and the person should
    know what their approval did (`AnswerChecked.changes`)."""

    by: Literal["model", "simulator", "monitor"]
    """Who proposed it: the model's re-plan, the check's objection to an answer, or an
    execution monitor's finding."""
    added: tuple[str, ...] = ()
    """The goals of the steps the new plan added (for the check's objection: what the
    assistant was asked to look into)."""
    removed: tuple[str, ...] = ()
    """The goals of the steps the new plan dropped."""
    queries: tuple[str, ...] = ()
    """The queries that ran for the added steps since (for the check's objection: every
    query run since), by id."""
    used: bool = False
    """The answer rests on at least one of `queries`."""
    before: Any = None
    """The answer given before the approval (None: there was none yet)."""
    before_label: str = ""
    """How people read `before` where the data names it."""


@dataclass(frozen=True, slots=True)
class AnswerChecked:
    """The run's answer together with its check, just before `run_finished` (when the run
    gave an answer): what a front end shows verdict first, without holding `answer_proposed`
    back until `simulator_checked` comes (or does not). Those two events still come as
    before; this one repeats them, once the check is over."""

    answer: AnswerProposed
    check: SimulatorChecked | None
    """The check of this answer (None: none ran; `note` says why when it could not)."""
    note: str = ""
    """Why the check did not run, or what it could not use (the run's `check_note`)."""
    scripted: bool = False
    """The answer came from the scripted policy, not a model."""
    kind: Literal["answer_checked"] = "answer_checked"
    changes: tuple[PlanChange, ...] = ()
    """What each approved change of plan of the run changed, in the order approved."""


@dataclass(frozen=True, slots=True)
class RunFinished:
    decision: Any
    """The model's decision (None when it gave none)."""
    verified_decision: Any
    """The simulator's best candidate (None without a simulator)."""
    stop_reason: str
    """`answered`, or the budget that ended the run (e.g. `budget:model_calls`)."""
    usage: Usage
    replans: int
    queries: int
    refused: int
    errors: int
    seconds: float
    check_note: str = ""
    """Why the simulator check did not run, when it did not (no parameters, a bad state)."""
    plan_notes: tuple[str, ...] = ()
    """What the plan checks found and let stand (`planrag.engine.plan_check`): a needed
    quantity the plan left out after being sent back, planned steps that never ran, a
    needed quantity no query read."""
    kind: Literal["run_finished"] = "run_finished"


FailureCause = Literal["question", "model", "database", "run"]
"""What made a run fail (`RunFailed.cause`)."""


@dataclass(frozen=True, slots=True)
class RunFailed:
    message: str
    """One line for the person: what went wrong and what to do."""
    stage: str
    """How far the run got: planning, querying, answering, checking."""
    usage: Usage = field(default_factory=Usage)
    cause: FailureCause = "run"
    """What failed, for a front end that answers each differently (the API's status): the
    question as asked (empty, not text), the model, the database, or the run itself (a
    paused state that does not parse, a bug)."""
    kind: Literal["run_failed"] = "run_failed"


Event = (
    RunStarted
    | PlanMade
    | StepStarted
    | ModelText
    | ModelCalled
    | QueryStarted
    | QueryFinished
    | QueryRefused
    | QueryFailed
    | SchemaChosen
    | SchemaLookedUp
    | MonitorNoticed
    | ReplanProposed
    | CheckProposed
    | AwaitingConfirmation
    | ReplanDecided
    | AnswerProposed
    | CandidateSimulated
    | SimulatorChecked
    | AnswerChecked
    | RunFinished
    | RunFailed
)


def event_to_json(event: Event) -> dict[str, Any]:
    """A JSON-ready dict of any event (tuples become lists). Token counts the server never
    reported are the text "not reported", never 0."""
    out = dataclasses.asdict(event)
    if isinstance(event, ModelCalled) and not event.usage_reported:
        out["prompt_tokens"] = out["completion_tokens"] = NOT_REPORTED
    elif isinstance(event, RunFinished | RunFailed) and not event.usage.reported:
        out["usage"]["prompt_tokens"] = out["usage"]["completion_tokens"] = NOT_REPORTED
    return out
