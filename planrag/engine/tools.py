"""The tools a model may call. Their pydantic argument models are the contract: the JSON
schema the model sees is generated from them, and every call is validated against them (an
invalid call goes back to the model with the validation errors)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError, create_model

from planrag.engine.evidence import MAX_CLAIMS, SOURCE_HELP
from planrag.guards.dialects import dialect_info
from planrag.simulators.base import Simulator

__all__ = [
    "TECHNIQUES",
    "ClaimArgs",
    "DescribeTables",
    "MakePlan",
    "PlanStepArgs",
    "RevisePlan",
    "RunQuery",
    "SearchSchema",
    "Technique",
    "answer_model",
    "tool_definitions",
    "validation_message",
    "what_if_model",
]


class _Args(BaseModel):
    model_config = ConfigDict(extra="forbid")


class PlanStepArgs(_Args):
    goal: str = Field(min_length=1, max_length=400, description="what this step finds out")
    source: Literal["sql", "cypher", "none"] = Field(
        default="none", description="the database the step queries, or none"
    )
    reads: list[Annotated[str, StringConstraints(min_length=1, max_length=200)]] = Field(
        default_factory=list, max_length=20,
        description="what the step reads, named as the schema names it: tables (or node "
        "labels and relationship types) and the columns it needs, as `table` or "
        "`table.column`, e.g. [\"orders.qty\", \"orders.store_id\", \"stores\"]",
    )
    yields: str = Field(default="", max_length=300,
                        description="the quantity the step produces, in a few words")


class MakePlan(_Args):
    """Write the plan of data analyses that will answer the decision question. For each
    step say what it reads (`reads`: the tables or labels and the columns it needs, as the
    schema names them) and what it yields; a plan naming what the schema does not have, or
    leaving out data the decision needs, is sent back with the reason."""

    steps: list[PlanStepArgs] = Field(min_length=1, max_length=12)


class RevisePlan(_Args):
    """Propose a new plan when the current one proved wrong or incomplete. The person is
    asked to confirm it; if they refuse, continue with the current plan. Each step says
    what it reads and yields, as in make_plan, and is checked the same way."""

    reason: str = Field(min_length=1, max_length=600, description="why the plan must change")
    steps: list[PlanStepArgs] = Field(min_length=1, max_length=12)


class RunQuery(_Args):
    """Run one read-only query. Results come back capped; a refusal or an error comes back
    as the observation, so the query can be fixed."""

    query: str = Field(min_length=1, max_length=20_000)
    step: int | None = Field(default=None, ge=0, description="the plan step (0-based) it serves")
    thought: str | None = Field(default=None, max_length=1000,
                                description="why this query, for the step it serves")
    plan_holds: str | None = Field(
        default=None, max_length=600,
        description="after a result: 'yes' when the plan still holds, or 'no: <why>' when it "
        "proved wrong (then propose the new plan with revise_plan)")


class CheckParameter(_Args):
    type: Literal["int", "float", "str", "bool", "date"]
    default: bool | int | float | str = Field(description="its value unless the person "
                                              "gives another (a date as YYYY-MM-DD)")
    min: int | float | str | None = None
    max: int | float | str | None = None
    title: str | None = Field(default=None, max_length=120, description="what it is, for "
                              "people, with its unit in brackets")


class ProposeCheck(_Args):
    """This dataset has no decision model to check answers with. Propose one, before your
    final answer, so the person can have your answer ranked against every alternative on
    their data: three read-only queries in the query tool's dialect. `candidates` returns
    every decision a person could take (`<key> AS decision`, and `<name> AS label`);
    `value` returns, in ONE set-based query, one row per candidate: `decision` and `value`,
    the objective if that candidate is chosen; `baseline` returns one row: `value`, the
    objective if nothing is decided. Write parameters as :name in SQL ($name in Cypher) and
    declare each. The person sees the queries and a sample of values beside your answer
    and decides whether it ranks the answer."""

    title: str = Field(min_length=1, max_length=120, description="the decision, in a few "
                       "words (e.g. 'Extra night nurses')")
    goal: Literal["minimize", "maximize"]
    candidates: str = Field(min_length=1, max_length=20_000)
    value: str = Field(min_length=1, max_length=20_000)
    baseline: str = Field(min_length=1, max_length=20_000)
    objective: str | None = Field(default=None, max_length=200,
                                  description="what the value is (e.g. 'weekly overtime cost')")
    unit: str | None = Field(default=None, max_length=40)
    parameters: dict[str, CheckParameter] | None = None
    target: str | None = Field(default=None, description="the database it runs on "
                               "(default: the one you query)")


class SearchSchema(_Args):
    """Search the database schema for tables (or node labels and relationship types) whose
    names, columns or comments match a few words; use it when the schema above does not show
    what you need."""

    terms: str = Field(min_length=1, max_length=200,
                       description="a few words or a name fragment, e.g. 'shipment carrier'")


class DescribeTables(_Args):
    """Show tables (or labels and relationship types) in full: columns, types, keys, foreign
    keys, comments and the tables that refer to them."""

    names: list[str] = Field(min_length=1, max_length=12,
                             description="exact names, as search_schema or the schema shows them")


class ClaimArgs(_Args):
    text: str = Field(min_length=1, max_length=300,
                      description="what the number is, in a few words")
    value: float = Field(description="the number, as a JSON number, at the precision you "
                         "state it (12.5; 1240)")
    source: str | None = Field(default=None, max_length=400,
                               description=f"where it comes from: {SOURCE_HELP}")


class _AnswerBase(_Args):
    rationale: str = Field(min_length=1, max_length=4000, description="why, citing the data")
    query_ids: list[str] = Field(
        default_factory=list, max_length=50, description="ids (q1, q2, ...) of the queries used"
    )
    claims: list[ClaimArgs] = Field(
        default_factory=list, max_length=MAX_CLAIMS,
        description="the numbers the decision rests on, each with its source; each is "
        "checked against the query results",
    )


@cache
def answer_model(simulator: type[Simulator] | None) -> type[BaseModel]:
    """The `final_answer` arguments: the decision is typed by the dataset's simulator (a trade
    node name, a building id...), free text without one; the simulator's parameters may be
    stated too, so a check can run on questions that do not carry them."""
    if simulator is None:
        return create_model(
            "FinalAnswer",
            __base__=_AnswerBase,
            decision=(str, Field(min_length=1, max_length=400, description="the decision")),
        )
    return create_model("FinalAnswer", __base__=_AnswerBase, **_typed_by(simulator))


def _typed_by(simulator: type[Simulator]) -> dict[str, Any]:
    """A `decision` field typed like the simulator's decision, and optional `parameters`;
    on a dataset with several written decisions, an optional `check` naming the one the
    question is about."""
    name = simulator.decision_field()
    info = simulator.Decision.model_fields[name]
    fields: dict[str, Any] = {
        "decision": (info.annotation, Field(description=info.description or name)),
        "parameters": (
            simulator.Parameters | None,
            Field(default=None, description="the question's parameters, as you read them"),
        ),
    }
    ids = getattr(simulator, "decision_ids", ())
    if len(ids) > 1:
        fields["check"] = (Literal[ids] | None, Field(
            default=None, description="which of the dataset's decisions the question is "
            "about (its id), so that one checks the answer"))
    return fields


@cache
def what_if_model(simulator: type[Simulator]) -> type[BaseModel]:
    """The `simulate_candidate` arguments: one decision (and the question's parameters)."""
    return create_model("SimulateCandidate", __base__=_Args, **_typed_by(simulator))


@dataclass(frozen=True)
class Technique:
    name: str
    plan: bool
    """The model writes a plan before it queries."""
    replan: bool
    """The model may propose a new plan (with the person's consent)."""
    iterative: bool
    """The model may query as often as its budget allows (False: the paper's SingleRAG:
    exactly one query, run once whether it fails or not, then the answer in a separate,
    answer-only prompt that holds the question, that query and what it returned)."""


TECHNIQUES = {
    "planrag": Technique("planrag", plan=True, replan=True, iterative=True),
    "planrag-norp": Technique("planrag-norp", plan=True, replan=False, iterative=True),
    "iterrag": Technique("iterrag", plan=False, replan=False, iterative=True),
    "singlerag": Technique("singlerag", plan=False, replan=False, iterative=False),
}


@cache
def tool_definitions(
    technique: Technique,
    dialects: tuple[str, ...],
    simulator: type[Simulator] | None,
    *,
    answer_only: bool = False,
    retrieve_only: bool = False,
    what_if: bool = False,
    schema_tools: bool = False,
    propose: bool = False,
    schemas: tuple[tuple[str, str], ...] = (),
) -> tuple[dict[str, Any], ...]:
    """OpenAI tool definitions for what the model may call right now (cached: the schemas
    are the same for every run). `dialects` are those of the open sources (one per query
    language): each query tool says which dialect to write (`planrag.guards.dialects`).
    `retrieve_only`: the one query of a SingleRAG run is still to come, and nothing else
    (no answer yet, nor a check to propose). `schemas`: (language, schema text) pairs put
    in the query tools' descriptions, where the paper's prompts keep the schema."""
    tools: list[tuple[str, type[BaseModel], str]] = []
    schema_of = dict(schemas)
    if not answer_only:
        if technique.plan:
            tools.append(("make_plan", MakePlan, MakePlan.__doc__ or ""))
        if technique.replan:
            tools.append(("revise_plan", RevisePlan, RevisePlan.__doc__ or ""))
        for info in sorted(map(dialect_info, dialects), key=lambda d: d.language, reverse=True):
            tools.append((f"run_{info.language}", RunQuery, info.write))
        if schema_tools:
            tools.append(("search_schema", SearchSchema, SearchSchema.__doc__ or ""))
            tools.append(("describe_tables", DescribeTables, DescribeTables.__doc__ or ""))
        if what_if and simulator is not None:
            tools.append((
                "simulate_candidate", what_if_model(simulator),
                "Ask the decision simulator what one candidate decision would give "
                f"({simulator.objective} {simulator.title}).",
            ))
    if propose and not retrieve_only:  # a check goes beside the answer
        tools.append(("propose_check", ProposeCheck, ProposeCheck.__doc__ or ""))
    if not retrieve_only:
        answer = answer_model(simulator)
        tools.append(("final_answer", answer, "Give the one best decision and why."))
    return tuple(
        {
            "type": "function",
            "function": {
                "name": name,
                "description": " ".join(doc.split()) + (
                    f"\n\nIts database:\n{schema_of[name[4:]]}"
                    if name.startswith("run_") and name[4:] in schema_of else ""),
                "parameters": model.model_json_schema(),
            },
        }
        for name, model, doc in tools
    )


def validation_message(tool: str, exc: ValidationError) -> str:
    parts = []
    for err in exc.errors()[:8]:
        where = ".".join(str(p) for p in err.get("loc", ())) or "arguments"
        parts.append(f"{where}: {err.get('msg', 'invalid')}")
    return f"invalid arguments for {tool}: " + "; ".join(parts) + ". Call it again, fixed."
