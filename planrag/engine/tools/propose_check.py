"""propose_check: on a dataset with no check, the model proposes one: three read-only
queries, validated exactly like a decision written in a manifest (its rules, the guards, a
dry run and a ranking with the defaults; a refusal goes back as the observation). Offered
until one is accepted, never in SingleRAG's first turn nor once only the answer is left. It
ranks the answer only with the person's consent (ARCHITECTURE.md, "Written decisions")."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, Field

from planrag.decisions.run import dry_run, rank_on, simulator_class
from planrag.decisions.spec import spec_from_mapping
from planrag.engine import events as ev
from planrag.engine.events import CheckProposed, Event
from planrag.engine.state import RunState
from planrag.engine.tools._base import Args, AuditEntry, ModelTool, Offer, TextForm
from planrag.errors import PlanRAGError, RunError
from planrag.simulators.base import build, evaluate

if TYPE_CHECKING:
    from planrag.engine.calls import ToolCalls

__all__ = ["TOOLS", "CheckParameter", "ProposeCheck", "proposal_id"]


class CheckParameter(Args):
    type: Literal["int", "float", "str", "bool", "date"]
    default: bool | int | float | str = Field(description="its value unless the person "
                                              "gives another (a date as YYYY-MM-DD)")
    min: int | float | str | None = None
    max: int | float | str | None = None
    title: str | None = Field(default=None, max_length=120, description="what it is, for "
                              "people, with its unit in brackets")


class ProposeCheck(Args):
    """This dataset has no decision model to check answers with. When the question asks
    for a decision (not a fact), propose one, before your final answer, so the person can
    have your answer ranked against every alternative on their data: three read-only
    queries in the query tool's dialect. `candidates` returns
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


class ProposeCheckTool(ModelTool):
    def offered(self, offer: Offer) -> bool:
        return offer.propose and not offer.retrieve_only  # a check goes beside the answer

    def arguments(self, offer: Offer) -> type[BaseModel]:
        return ProposeCheck

    async def handle(self, calls: ToolCalls, state: RunState, call_id: str, args: Any
                     ) -> AsyncIterator[Event]:
        parsed: ProposeCheck = args
        raw = parsed.model_dump(exclude_none=True)
        raw["id"] = proposal_id(parsed.title)
        try:
            target, source = calls.proposal_source(parsed.target)
            raw["target"] = target
            spec = spec_from_mapping(raw, "the proposed check", origin="proposed")
            dry = await dry_run(source, spec, calls.limits)
            if not dry.ok:
                raise RunError(str(dry.error))
            answer = await rank_on(source, spec, spec.defaults(), calls.limits)
        except (ValueError, PlanRAGError) as exc:
            calls.reply(state, call_id, f"not accepted: {exc}; call propose_check again, "
                        "fixed, or give your final answer without a check")
            return
        sim = simulator_class(spec)
        result = evaluate(build(sim, answer, sim.parse_parameters(spec.defaults())))
        if not result.ranking:
            why = answer.nothing_ranked or ("with its default parameters it ranks no "
                                            "candidate (`candidates` and `value` share no "
                                            "decision)")
            calls.reply(state, call_id, f"not accepted: {why}; fix it")
            return
        state.proposal = {"spec": spec.to_mapping()}
        sample = tuple((c.decision, result.label(c.decision), c.value)
                       for c in result.ranking[:5])
        state.check_numbers += [c.value for c in result.ranking[:5]] + [result.baseline]
        yield CheckProposed(
            title=spec.title, goal=spec.goal.replace("is", "iz"), objective=spec.description,
            unit=spec.unit, target=target, candidates_query=spec.candidates,
            value_query=spec.value, baseline_query=spec.baseline,
            parameters=tuple((p.name, p.type, p.default) for p in spec.parameters),
            candidates=len(result.ranking), sample=sample, baseline=result.baseline,
            spec=spec.to_mapping(), notes=answer.notes, databases=len(calls.sources),
        )
        best = result.ranking[0]
        calls.reply(state, call_id,
                    f"Recorded: it ranks {len(result.ranking)} candidates; with its defaults "
                    f"the best is {best.decision} ({best.value!r}; deciding nothing: "
                    f"{result.baseline!r}). The person sees it beside your answer and decides "
                    "whether it ranks the answer. Give your final answer now: one of its "
                    "candidates, by its key.")

    @staticmethod
    def audit(event: Event, seen: dict[str, Any]) -> AuditEntry | None:
        """The check proposed, whole, so it can be saved or judged later."""
        if isinstance(event, ev.CheckProposed):
            return ("check_proposed", {"title": event.title, "spec": event.spec})
        return None


_PROPOSED_ID = re.compile(r"[^a-z0-9]+")


def proposal_id(title: str) -> str:
    """A decision id for a proposed check, from its title ("Extra night nurses" →
    "extra-night-nurses")."""
    slug = _PROPOSED_ID.sub("-", title.lower()).strip("-")[:40].strip("-")
    return slug if slug[:1].isalpha() else f"check-{slug}".strip("-")[:40]


TOOLS = (ProposeCheckTool(
    name="propose_check", order=60, consent=True,
    text=TextForm(words=("propose", "check"), rank=70),
),)
