"""Small rule-based policies that drive the scripted model on the shipped datasets.

They let whole runs happen without a model endpoint (offline demonstrations, the chat's
scripted walkthrough, `planrag eval --scripted`, tests): a policy reads the question and the
tools it is offered, writes a plan, runs real SQL or Cypher, sometimes proposes a re-plan,
and picks a decision by a simple heuristic from the rows it read:

* DQA Locating: the node (not home) where the country holds the most trading power (for a
  country with presence at few nodes it first proposes to look at the flows too);
* DQA Building: the building supplying the goods that adds the most supply when raised by 5
  levels (max_supply / level x 5);
* the demo (warehouses): the fully used warehouse with the cheapest handling, else the
  busiest one.

They are deliberately naive: the simulator's check shows where they are wrong. Everything
they produce is marked scripted. `missing_parameters` says what a free-text question lacks
for them (a country, a goods), so a front end can ask for it instead of guessing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from planrag.engine.model import ModelRequest
from planrag.engine.scripted import Reply, ScriptedModel, call

__all__ = ["DQAPolicy", "WarehousePolicy", "missing_parameters", "policy_model"]

_NOT_COUNTRIES = frozenset({"SQL", "CSV", "EUR", "USD", "GDP", "API", "KPI", "THE", "AND"})
"""Three capital letters that are not a country's tag."""


def policy_model(max_replies: int = 60, simulator: str | None = None) -> ScriptedModel:
    """A scripted model answered by the policy for `simulator` (the demo's warehouse policy
    for "warehouse-expansion", the DQA policy otherwise), one policy step per reply."""
    if simulator == "warehouse-expansion":
        return ScriptedModel([WarehousePolicy()] * max_replies, name="scripted-demo-policy")
    return ScriptedModel([DQAPolicy()] * max_replies, name="scripted-dqa-policy")


def missing_parameters(question: str, simulator: str | None) -> str | None:
    """What a question lacks for the scripted policy (a sentence asking for it), or None."""
    if simulator in ("locating", "dqa-locating") and country_of(question) is None:
        return ("Which country places the merchant? Write its three-letter tag, e.g. "
                "\"Where should SWE place its merchant?\"")
    if simulator in ("building", "dqa-building") and _goods(question) is None:
        return ("Which goods should get cheaper? Say it as \"... to lower the market price of "
                "furniture?\"")
    return None


def country_of(question: str) -> str | None:
    """The country a Locating question names: `country named "X"`, else a three-letter
    tag in capitals (SWE, DAN)."""
    quoted = _quoted(question, "country named")
    if quoted:
        return quoted
    tags = [t for t in re.findall(r"\b[A-Z]{3}\b", question) if t not in _NOT_COUNTRIES]
    return tags[0] if tags else None


class DQAPolicy:
    def __call__(self, request: ModelRequest) -> Reply:
        tools = {t["function"]["name"] for t in request.tools}
        question = _question(request.messages)
        language = "cypher" if "run_cypher" in tools else "sql"
        scenario = "building" if _goods(question) else "locating"
        observations = _observations(request.messages)
        params = _parameters(request, scenario, question)
        if tools == {"final_answer"}:
            return self._answer(scenario, question, observations, params)
        has_plan = any(_called(request.messages, "make_plan"))
        if "make_plan" in tools and not has_plan:
            return Reply("I will plan the analysis first.",
                         [call("make_plan", steps=_plan(scenario, language))])
        home = _quoted(question, "home node is") or _home_from(observations)
        queries = _queries(scenario, language, question, home)
        done = len(observations)
        replanned = any(_called(request.messages, "revise_plan"))
        if replanned and not _approved(request.messages):
            queries = queries[:1]  # the person kept the plan: its new step does not run
        if (
            scenario == "locating"
            and done == 1
            and "revise_plan" in tools
            and not replanned
            and _row_count(observations[0]) < 6
        ):
            return Reply(
                "The country is present at few nodes; the flows into its home matter too.",
                [call("revise_plan", reason="few nodes hold the country's power; look at the "
                      "flows into the home node as well",
                      steps=[*_plan(scenario, language), {"goal": "flows into the home node",
                                                          "source": language}])],
            )
        if done < len(queries) and f"run_{language}" in tools:
            step = 0 if done == 0 else (1 if replanned else None)
            return Reply(calls=[call(f"run_{language}", query=queries[done], step=step)])
        return self._answer(scenario, question, observations, params)

    def _answer(
        self, scenario: str, question: str, observations: Sequence[str],
        params: dict[str, str] | None,
    ) -> Reply:
        rows = _rows(observations[0]) if observations else []
        decision: Any = None
        why = "no rows to decide from"
        if scenario == "locating":
            home = _quoted(question, "home node is") or _home_from(observations)
            best = [(float(r["power"]), r["node"]) for r in rows
                    if r.get("node") != home and _is_false(r.get("is_home"))]
            if best:
                power, decision = max(best, key=lambda x: (x[0], x[1]))
                why = f"the country holds the most trading power at {decision} ({power:g})"
        else:
            best = [(float(r["max_supply"]) / max(float(r["level"]), 1.0) * 5, r["id"])
                    for r in rows if r.get("id")]
            if best:
                added, ident = max(best, key=lambda x: (x[0], -int(x[1])))
                decision = int(ident)
                why = f"building {decision} adds the most supply when raised ({added:g})"
        if decision is None:
            decision = "unknown" if scenario == "locating" else 0
        extra = {"parameters": params} if params else {}
        return Reply(f"Decision: {decision}.", [call(
            "final_answer", decision=decision, rationale=f"Scripted heuristic: {why}.",
            query_ids=["q1"] if observations else [], **extra,
        )])


def _parameters(request: ModelRequest, scenario: str, question: str) -> dict[str, str] | None:
    """The question's parameters as the final answer may state them (when it can: a dataset
    with a simulator), so a free-form question still gets its simulator check."""
    answer = next((t for t in request.tools if t["function"]["name"] == "final_answer"), None)
    if answer is None or "parameters" not in answer["function"]["parameters"]["properties"]:
        return None
    if scenario == "building":
        goods = _goods(question)
        return {"goods": goods} if goods else None
    country = country_of(question)
    return {"country": country} if country else None


def _question(messages: Sequence[dict[str, Any]]) -> str:
    users = [str(m.get("content", "")) for m in messages if m.get("role") == "user"]
    for text in reversed(users):
        if "budget is reached" not in text and not text.startswith(("Use the tools",
                                                                     "Re-examine")):
            return text
    return users[-1] if users else ""


def _approved(messages: Sequence[dict[str, Any]]) -> bool:
    """Whether the person approved the re-plan (the engine's reply to revise_plan says)."""
    return any(m.get("role") == "tool" and "new plan is approved" in str(m.get("content", ""))
               for m in messages)


def _called(messages: Sequence[dict[str, Any]], name: str) -> list[dict[str, Any]]:
    return [c for m in messages if m.get("role") == "assistant"
            for c in m.get("tool_calls") or () if c["function"]["name"] == name]


def _observations(messages: Sequence[dict[str, Any]]) -> list[str]:
    return [str(m["content"]) for m in messages if m.get("role") == "tool"
            and re.match(r"q\d+: \d+ row", str(m.get("content", "")))]


def _row_count(observation: str) -> int:
    match = re.match(r"q\d+: (\d+) row", observation)
    return int(match.group(1)) if match else 0


def _rows(observation: str) -> list[dict[str, str]]:
    lines = observation.splitlines()[1:]
    if not lines:
        return []
    header = [h.strip() for h in lines[0].split(" | ")]
    return [dict(zip(header, (v.strip() for v in line.split(" | ")), strict=False))
            for line in lines[1:] if line.strip() and not line.endswith("...")]


def _is_false(value: str | None) -> bool:
    return str(value).lower() in ("0", "false", "none", "null")


def _quoted(text: str, after: str) -> str | None:
    match = re.search(re.escape(after) + r'\s*"([^"]+)"', text)
    return match.group(1) if match else None


def _goods(question: str) -> str | None:
    match = re.search(r"market price of ([A-Za-z_ ]+?)\s*\?", question)
    return match.group(1).strip() if match else None


class WarehousePolicy:
    """The demo dataset: which warehouse should get more weekly capacity?"""

    def __call__(self, request: ModelRequest) -> Reply:
        tools = {t["function"]["name"] for t in request.tools}
        question = _question(request.messages)
        language = "cypher" if "run_cypher" in tools else "sql"
        observations = _observations(request.messages)
        if tools != {"final_answer"}:
            if "make_plan" in tools and not any(_called(request.messages, "make_plan")):
                return Reply("I will plan the analysis first.", [call("make_plan", steps=[
                    {"goal": "compare each warehouse's capacity with what it ships this week",
                     "source": language}])])
            if not observations and f"run_{language}" in tools:
                return Reply(calls=[call(f"run_{language}", query=_WAREHOUSES[language],
                                         step=0)])
        return self._answer(question, observations)

    def _answer(self, question: str, observations: Sequence[str]) -> Reply:
        rows = _rows(observations[0]) if observations else []
        scored = []
        for r in rows:
            try:
                capacity, shipped = float(r["capacity"]), float(r["shipped"])
                cost = float(r["handling_cost_per_kg"])
            except (KeyError, ValueError):
                continue
            scored.append((shipped >= capacity, shipped / max(capacity, 1.0), -cost, r))
        decision: Any = 0
        named = "warehouse 0"
        why = "no rows to decide from"
        if scored:
            full, used, _, row = max(scored, key=lambda x: (x[0], x[2] if x[0] else x[1]))
            decision = int(row["id"])
            named = row.get("name") or f"warehouse {decision}"
            if row.get("name") and row.get("city"):
                named += f" ({row['city']})"
            why = (f"{row['name']} ships all it can ({used:.0%} of its capacity) at the "
                   "cheapest handling cost of the full warehouses" if full else
                   f"{row['name']} is the busiest ({used:.0%} of its capacity)")
        amount = re.search(r"(\d+(?:[.,]\d+)?)\s*kg", question)
        extra = float(amount.group(1).replace(",", ".")) if amount else 200.0
        return Reply(f"Decision: {named}.", [call(
            "final_answer", decision=decision, rationale=f"Scripted heuristic: {why}.",
            query_ids=["q1"] if observations else [], parameters={"extra_kg": extra},
        )])


_WAREHOUSES = {
    "sql": (
        "SELECT w.id, w.name, w.city, w.capacity_kg_per_week AS capacity, "
        "COALESCE(SUM(s.kg_per_week), 0) AS shipped, w.handling_cost_per_kg "
        "FROM warehouse w LEFT JOIN supplies s ON s.warehouse_id = w.id "
        "GROUP BY w.id, w.name, w.city, w.capacity_kg_per_week, w.handling_cost_per_kg "
        "ORDER BY w.id"
    ),
    "cypher": (
        "MATCH (w:Warehouse) OPTIONAL MATCH (w)-[s:SUPPLIES]->(:Cafe) "
        "RETURN w.id AS id, w.name AS name, w.city AS city, w.capacity_kg_per_week AS capacity, "
        "coalesce(sum(s.kg_per_week), 0) AS shipped, w.handling_cost_per_kg AS "
        "handling_cost_per_kg ORDER BY id"
    ),
}


def _lit(value: str, language: str) -> str:
    """A string literal: SQL doubles a quote, which MySQL and SQLite (no backslash escapes)
    read alike; Cypher escapes it with a backslash."""
    if language == "sql":
        return "'" + value.replace("'", "''") + "'"
    return "'" + value.replace("\\", "\\\\").replace("'", "\\'") + "'"


def _plan(scenario: str, language: str) -> list[dict[str, str]]:
    if scenario == "locating":
        return [{"goal": "find the nodes where the country holds trading power", "source":
                 language}]
    return [{"goal": "find the buildings that supply the goods, with their level and supply",
             "source": language}]


def _home_from(observations: Sequence[str]) -> str | None:
    """The home node, from the first query's rows (its `is_home` column)."""
    rows = _rows(observations[0]) if observations else []
    homes = [r["node"] for r in rows if "node" in r and not _is_false(r.get("is_home"))]
    return homes[0] if homes else None


def _queries(scenario: str, language: str, question: str, home_node: str | None) -> list[str]:
    if scenario == "building":
        goods = _lit(_goods(question) or "", language)
        if language == "sql":
            return [
                "SELECT b.id AS id, b.name AS name, b.level AS level, s.max_supply AS max_supply "
                "FROM supply s JOIN building b ON b.id = s.building_id JOIN goods g ON "
                f"g.code = s.goods_id WHERE g.goods_name = {goods} ORDER BY s.max_supply DESC"
            ]
        return [
            f"MATCH (b:Building)-[s:Supply]->(g:Goods {{name: {goods}}}) RETURN b.id AS id, "
            "b.name AS name, b.level AS level, s.max_supply AS max_supply "
            "ORDER BY max_supply DESC"
        ]
    country = _lit(country_of(question) or "", language)
    home = _lit(home_node or "", language)
    if language == "sql":
        return [
            "SELECT trade_node AS node, base_trading_power AS power, is_home FROM node_country "
            f"WHERE country_name = {country} ORDER BY base_trading_power DESC",
            f"SELECT source, flow FROM flow WHERE dest = {home} ORDER BY flow DESC",
        ]
    return [
        f"MATCH (c:Country {{name: {country}}})-[r:NodeCountry]->(t:Trade_node) RETURN t.name "
        "AS node, r.base_trading_power AS power, r.is_home AS is_home ORDER BY power DESC",
        f"MATCH (a:Trade_node)-[f:source]->(t:Trade_node {{name: {home}}}) RETURN a.name AS "
        "source, f.flow AS flow ORDER BY flow DESC",
    ]
