"""Small rule-based policies that drive the scripted model on the shipped datasets.

They let whole runs happen without a model endpoint (offline demonstrations, the chat's
scripted walkthrough, `planrag ask --scripted`, `planrag eval --scripted`, tests): a policy
reads the question and the tools it is offered, writes a plan, runs real SQL or Cypher,
sometimes proposes a re-plan, and picks a decision by a simple heuristic from the rows it read:

* DQA Locating: the node (not home) where the country holds the most trading power (for a
  country with presence at few nodes it first proposes to look at the flows too);
* DQA Building: the building supplying the goods that adds the most supply when raised by 5
  levels (max_supply / level x 5);
* the demo (warehouses): the fully used warehouse with the cheapest handling, else the
  busiest one.

They are deliberately naive: the simulator's check shows where they are wrong. Everything
they produce is marked scripted.

Each policy answers one question, the one its dataset's simulator decides, and nothing
else: `WALKTHROUGHS` says, per simulator, what that question is (what is decided, to what
end, and the parameter read from the question) and recognises it in any wording;
`uncovered` says why a question cannot be answered by the walkthrough (another dataset,
another question, or a parameter the question does not give), so front ends say so in one
line instead of answering a question that was not asked.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from planrag.engine.frame_text import read_frame_text
from planrag.engine.model import ModelRequest
from planrag.engine.scripted import Reply, ScriptedModel, call
from planrag.present import number

__all__ = [
    "WALKTHROUGHS",
    "DQAPolicy",
    "Names",
    "Uncovered",
    "Walkthrough",
    "WarehousePolicy",
    "country_of",
    "extra_kg_of",
    "missing_parameters",
    "named_value",
    "policy_model",
    "respelled",
    "uncovered",
    "walkthrough_parameters",
]

_NOT_COUNTRIES = frozenset({"SQL", "CSV", "EUR", "USD", "GDP", "API", "KPI", "THE", "AND"})
"""Three capital letters that are not a country's tag."""

Scenario = Literal["locating", "building", "warehouse"]


def _words(pattern: str) -> re.Pattern[str]:
    """Whole words (and their endings) from an alternation, case-insensitive."""
    return re.compile(rf"\b(?:{pattern})", re.IGNORECASE)


@dataclass(frozen=True)
class Walkthrough:
    """The one question a scripted policy answers: what is decided, to what end, and from
    which parameter; recognised in any wording by its topic, not by its sentence."""

    scenario: Scenario
    question: str
    """The question in words, for people ("which warehouse to expand ...")."""
    example: str
    """One wording of it that the walkthrough answers."""
    decided: tuple[re.Pattern[str], ...]
    """Each must match: the thing decided and the act of deciding it."""
    goal: re.Pattern[str] | None = None
    """The walkthrough's objective, when the question states one."""
    other_goals: re.Pattern[str] | None = None
    """Objectives the walkthrough does not decide for (without its own beside them)."""

    vocabulary: tuple[str, ...] = ()
    """The words its patterns look for, so that a slip of the keyboard in one of them
    ("warehuose", "expnad") still reads as the word (`respelled`)."""
    named_values: str = ""
    """The column whose values a question may name by what people call them (the dataset's
    `[value_names]`: "Sweden" for SWE)."""

    def covers(self, question: str) -> bool:
        """Whether `question` asks this walkthrough's question (ordinary typing slips in
        its words allowed)."""
        question = respelled(question, self.vocabulary)
        if not all(p.search(question) for p in self.decided):
            return False
        asks_other = self.other_goals is not None and self.other_goals.search(question)
        asks_ours = self.goal is not None and self.goal.search(question)
        return not asks_other or bool(asks_ours)


def respelled(text: str, vocabulary: tuple[str, ...]) -> str:
    """`text` with each word of five letters or more that is one typing slip away from a
    word of `vocabulary` (two neighbouring letters swapped, one letter missing or one too
    many) written as that word. A different letter is no slip: "expend" stays itself."""
    known = {w.lower() for w in vocabulary}

    def fixed(match: re.Match[str]) -> str:
        word = match.group(0)
        lower = word.lower()
        if lower in known:
            return word
        return next((w for w in vocabulary if _slip(lower, w.lower())), word)

    return re.sub(r"[A-Za-z]{5,}", fixed, text) if known else text


def _slip(typed: str, word: str) -> bool:
    """Whether `typed` is `word` with one slip: two neighbouring letters swapped, one letter
    left out, or one letter added."""
    if len(typed) == len(word):
        diffs = [i for i, (a, b) in enumerate(zip(typed, word, strict=True)) if a != b]
        return (len(diffs) == 2 and diffs[1] == diffs[0] + 1
                and typed[diffs[0]] == word[diffs[1]] and typed[diffs[1]] == word[diffs[0]])
    shorter, longer = sorted((typed, word), key=len)
    if len(longer) - len(shorter) != 1:
        return False
    return any(longer[:i] + longer[i + 1:] == shorter for i in range(len(longer)))


WALKTHROUGHS: dict[str, Walkthrough] = {}
"""The walkthrough of each simulator that has one, by the simulator's name."""

_LOCATING = Walkthrough(
    "locating",
    "where a country should place its merchant",
    "Where should SWE place its merchant?",
    decided=(_words(r"merchants?\b"),
             _words(r"where\b|place|placing|allocat|assign|send\b|put\b|locat|station|steer|"
                    r"move\b")),
    vocabulary=("merchant", "merchants", "where", "place", "placing", "allocate", "assign",
                "locate", "station"),
    named_values="country_name",
)
_BUILDING = Walkthrough(
    "building",
    "which building to raise by 5 levels to lower the market price of a goods",
    "Which building should we raise by 5 levels to lower the market price of furniture?",
    decided=(_words(r"buildings?\b"),
             _words(r"rais|increas|upgrad|expand|levels?\b|build\b|invest|grow"),
             _words(r"prices?\b")),
    goal=_words(r"lower|decreas|reduc|cut\b|cheap|drop|fall|minimi"),
    other_goals=_words(r"profit|revenue|employ|jobs?\b|raise the price|increase the price|"
                       r"higher price"),
    vocabulary=("building", "buildings", "raise", "increase", "upgrade", "expand", "levels",
                "invest", "price", "prices", "lower", "decrease", "reduce", "cheaper"),
)
_WAREHOUSE = Walkthrough(
    "warehouse",
    "which warehouse to give more weekly capacity (an amount in kg) to cut the delivery cost",
    "Which warehouse should we expand by 200 kg a week to cut the delivery cost?",
    decided=(_words(r"warehouses?\b|depots?\b"),
             re.compile(r"\d\s*(?:kg|kilos?|kilograms?|kilogrammes?|t|tons?|tonnes?)\b|"
                        r"\b(?:expand|extend|enlarg|grow|upgrad)\w*|\bcapacity\b.*\b(?:more|"
                        r"extra|additional|increas\w*|rais\w*|add\w*|boost\w*|bigger|larger|"
                        r"higher)\b|\b(?:more|extra|additional|increas\w*|rais\w*|add\w*|"
                        r"boost\w*|bigger|larger|higher)\b.*\bcapacity\b", re.IGNORECASE)),
    goal=_words(r"costs?\b|cheap|sav(e|ing)|spend|expens|money|eur\b|euros?\b"),
    other_goals=_words(r"revenue|profit|sales\b|faster|speed|quick|time\b|distance|"
                       r"emission|co2|carbon|satisf|service level"),
    vocabulary=("warehouse", "warehouses", "depot", "depots", "expand", "extend", "enlarge",
                "upgrade", "capacity", "additional", "increase", "delivery", "costs",
                "cheaper", "kilograms", "tonnes"),
)
for _name, _walk in (("locating", _LOCATING), ("dqa-locating", _LOCATING),
                     ("building", _BUILDING), ("dqa-building", _BUILDING),
                     ("warehouse-expansion", _WAREHOUSE)):
    WALKTHROUGHS[_name] = _walk


@dataclass(frozen=True)
class Uncovered:
    """Why the walkthrough cannot answer a question, in one sentence: the dataset has no
    walkthrough (`dataset`), the question is not the walkthrough's (`question`), or it
    lacks the parameter the walkthrough reads from it (`parameter`)."""

    kind: Literal["dataset", "question", "parameter"]
    text: str
    example: str = ""
    """A wording of the question the walkthrough does answer (for `question`)."""


Names = tuple[tuple[str, str], ...]
"""(value, name) pairs: what people call values the data stores as codes (SWE, Sweden)."""


def uncovered(question: str, simulator: str | None, names: Names = ()) -> Uncovered | None:
    """Why the walkthrough cannot answer `question` on a dataset whose simulator is named
    `simulator` (None: it can); `names` are the walkthrough's values by what people call
    them (`Walkthrough.named_values`)."""
    walk = WALKTHROUGHS.get(simulator or "")
    if walk is None:
        return Uncovered("dataset", "The scripted walkthrough does not cover this dataset: it "
                         "knows only the shipped sample datasets (the coffee roaster demo, DQA "
                         "Locating and DQA Building).")
    if not walk.covers(question):
        return Uncovered("question", "The scripted walkthrough answers only one question on "
                         f"this dataset: {walk.question}.", walk.example)
    missing = missing_parameters(question, simulator, names)
    return Uncovered("parameter", missing) if missing else None


def policy_model(max_replies: int = 60, simulator: str | None = None,
                 names: Names = ()) -> ScriptedModel:
    """A scripted model answered by the policy for `simulator` (the demo's warehouse policy
    for "warehouse-expansion", the DQA policy otherwise: for the simulator's scenario, or
    by the question when no simulator is named), one policy step per reply; `names` as for
    `uncovered`."""
    walk = WALKTHROUGHS.get(simulator or "")
    if walk is not None and walk.scenario == "warehouse":
        return ScriptedModel([WarehousePolicy()] * max_replies, name="scripted-demo-policy")
    scenario = walk.scenario if walk is not None else None
    return ScriptedModel([DQAPolicy(scenario, names)] * max_replies, name="scripted-dqa-policy")


def missing_parameters(question: str, simulator: str | None, names: Names = ()) -> str | None:
    """What a question lacks for the scripted policy (a sentence asking for it), or None."""
    walk = WALKTHROUGHS.get(simulator or "")
    scenario = walk.scenario if walk is not None else None
    if scenario == "locating" and country_of(question, names) is None:
        if names:
            value, name = names[0]
            return ("Which country places the merchant? Name one country, or write its tag, "
                    f"e.g. \u201cWhere should {name} place its merchant?\u201d or "
                    f"\u201cWhere should {value} place its merchant?\u201d")
        return ("Which country places the merchant? Write its three-letter tag, e.g. "
                "\u201cWhere should SWE place its merchant?\u201d")
    if scenario == "building" and _goods(question) is None:
        return ("Which goods should get cheaper? Say it as \u201c... to lower the market price "
                "of furniture?\u201d")
    if scenario == "warehouse" and extra_kg_of(question) is None:
        return ("How much weekly capacity would the warehouse gain? Say it in kg, e.g. "
                "\u201cWhich warehouse should we expand by 200 kg a week?\u201d")
    return None


def country_of(question: str, names: Names = ()) -> str | None:
    """The country a Locating question names: `country named "X"`, else a three-letter
    tag in capitals (SWE, DAN), else one of `names` (Sweden), else one three-letter word
    that is not an English one, in any case (swe, Swe)."""
    quoted = _quoted(question, "country named")
    if quoted:
        return quoted
    tags: list[str] = [t for t in re.findall(r"\b[A-Z]{3}\b", question)
                       if t not in _NOT_COUNTRIES]
    if tags:
        return tags[0]
    named = named_value(question, names)
    if named is not None:
        return named
    # Typed in lower case ("where should swe put its merchant"): a three-letter word that
    # is not an English one. The check then looks the tag up in the data and says so when
    # no country has it.
    words = {w.upper() for w in re.findall(r"\b[A-Za-z][a-z]{2}\b", question)
             if w.lower() not in _SHORT_WORDS and w.upper() not in _NOT_COUNTRIES}
    return words.pop() if len(words) == 1 else None


def named_value(text: str, names: Names) -> str | None:
    """The one value `text` names by what people call it (`names`: "Sweden" for SWE), in
    any case and with an ordinary typing slip in a name of five letters or more; a short
    name (Air, Kano) only as written, capitalised, so that an English word is not read as
    one. None when it names none, or two different ones (which one is meant?)."""
    if not names:
        return None
    text = respelled(text, tuple({n for _, n in names if len(n) >= 5 and n.isalpha()}))
    spans: list[tuple[int, int, str]] = []
    for value, name in names:
        words = r"\s+".join(re.escape(w) for w in name.split())
        flags = re.IGNORECASE if len(name) >= 5 else 0
        spans += [(m.start(), m.end(), value)
                  for m in re.finditer(rf"(?<![\w-]){words}(?![\w-])", text, flags)]
    # A name inside a longer one ("Orange" in "Orange Free State") is the longer one's.
    kept = {value for start, end, value in spans
            if not any(s <= start and end <= e and (s, e) != (start, end) for s, e, _ in spans)}
    return kept.pop() if len(kept) == 1 else None


_SHORT_WORDS = frozenset({
    "all", "and", "any", "are", "ask", "bad", "big", "but", "buy", "can", "cut", "day",
    "did", "due", "end", "far", "few", "for", "fun", "get", "got", "had", "has", "her",
    "him", "his", "how", "its", "job", "let", "lot", "low", "may", "new", "not", "now", "off",
    "old", "one", "our", "out", "own", "pay", "put", "run", "say", "see", "set", "she", "sum",
    "ten", "the", "too", "top", "try", "two", "use", "war", "was", "way", "who", "why", "win",
    "yes", "yet", "you",
})
"""Three-letter English words a question may hold, never read as a country's tag."""


_AMOUNT = re.compile(r"(?:(?:(?<=\s)|(?<=\()|^)([-\u2212\u2013]\s?))?(\d+(?:[.,]\d+)*)\s*"
                     r"(kg|kilos?|kilograms?|kilogrammes?|t|tons?|tonnes?)\b", re.IGNORECASE)
"""An amount in kg or tonnes, with its sign when it has one ("-200 kg", "by −5 t")."""


def extra_kg_of(question: str) -> float | None:
    """The weekly capacity a warehouse question adds, in kg ("200 kg", "1,500 kilograms",
    "0.5 t"), or None when it names no amount."""
    match = _AMOUNT.search(question)
    if match is None:
        return None
    sign, digits, unit = match.group(1), match.group(2), match.group(3).lower()
    if re.fullmatch(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?", digits):
        digits = digits.replace(",", "")  # thousands separators
    else:
        digits = digits.replace(",", ".")  # a decimal comma
    try:
        amount = float(digits)
    except ValueError:
        return None
    amount = -amount if sign else amount  # said as given: never silently turned around
    return amount * 1000 if unit.startswith("t") else amount


def walkthrough_parameters(question: str, simulator: str | None) -> dict[str, Any]:
    """The check's parameters the walkthrough reads from `question` (the warehouse's extra
    weekly capacity), as its answer gives them to the check."""
    walk = WALKTHROUGHS.get(simulator or "")
    if walk is not None and walk.scenario == "warehouse":
        extra = extra_kg_of(question)
        return {} if extra is None else {"extra_kg": extra}
    return {}


class DQAPolicy:
    """DQA Locating or Building (`scenario`; None: Building when the question names goods)."""

    def __init__(self, scenario: Scenario | None = None, names: Names = ()) -> None:
        self.scenario = scenario
        self.names = names

    def __call__(self, request: ModelRequest) -> Reply:
        tools = {t["function"]["name"] for t in request.tools}
        question = _question(request.messages)
        language = "cypher" if "run_cypher" in tools else "sql"
        scenario = self.scenario or ("building" if _goods(question) else "locating")
        observations = _observations(request.messages)
        params = _parameters(request, scenario, question, self.names)
        check = _check_named(request)
        if tools == {"final_answer"}:
            return self._answer(scenario, question, observations, params, check)
        has_plan = any(_called(request.messages, "make_plan"))
        if "make_plan" in tools and not has_plan:
            return Reply("I will plan the analysis first.",
                         [call("make_plan", steps=_plan(scenario, language))])
        home = _quoted(question, "home node is") or _home_from(observations)
        queries = _queries(scenario, language, question, home, self.names)
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
                      steps=[*_plan(scenario, language), _FLOWS_STEP[language]])],
            )
        if done < len(queries) and f"run_{language}" in tools:
            step = 0 if done == 0 else (1 if replanned else None)
            goals = [s["goal"] for s in [*_plan(scenario, language), _FLOWS_STEP[language]]]
            turn = {"thought": goals[step] if step is not None and step < len(goals)
                    else "to see what the first result left open"}
            if done:  # after a result, the paper's turn says whether the plan holds
                turn["plan_holds"] = "yes"
            return Reply(calls=[call(f"run_{language}", query=queries[done], step=step,
                                     **turn)])
        return self._answer(scenario, question, observations, params, check)

    def _answer(
        self, scenario: str, question: str, observations: Sequence[str],
        params: dict[str, str] | None, check: dict[str, str],
    ) -> Reply:
        rows = _rows(observations[0]) if observations else []
        decision: Any = None
        why = "no rows to decide from"
        claims: list[dict[str, Any]] = []
        if scenario == "locating":
            country = country_of(question, self.names) or "the country"
            home = _quoted(question, "home node is") or _home_from(observations)
            nodes = [(float(r["base_trading_power"]), r["trade_node"]) for r in rows
                     if r.get("trade_node") != home and _is_false(r.get("is_home"))]
            if nodes:
                power, decision = max(nodes, key=lambda x: (x[0], x[1]))
                why = (f"away from its home node, {country} holds the most trading power at "
                       f"{_place(decision)} (base trading power {number(power)})")
                claims.append(_claim(f"{country}'s base trading power at {_place(decision)}",
                                     number(power),
                                     f"q1[trade_node={decision}].base_trading_power"))
        else:
            buildings = [(float(r["max_supply"]) / max(float(r["level"]), 1.0) * 5, r["id"],
                          r.get("name", "")) for r in rows if r.get("id")]
            if buildings:
                added, ident, name = max(buildings, key=lambda x: (x[0], -int(x[1])))
                decision = int(ident)
                why = (f"building {decision} ({_kind(name)}) adds the most supply when raised "
                       f"by 5 levels (about {number(added)} more)")
                row = f"q1[id={ident}]"
                claims.append(_claim(f"about the supply building {decision} adds at 5 more "
                                     "levels", number(added),
                                     f"{row}.max_supply / {row}.level * 5"))
        if decision is None:
            decision = "unknown" if scenario == "locating" else 0
        extra: dict[str, Any] = {"parameters": params, **check} if params else {**check}
        if claims:
            extra["claims"] = claims
        # No closing words: the answer itself says the decision, verdict first.
        return Reply(calls=[call(
            "final_answer", decision=decision,
            rationale=f"The walkthrough's rule of thumb: {why}.",
            query_ids=["q1"] if observations else [], **extra,
        )])


def _check_named(request: ModelRequest) -> dict[str, str]:
    """The walkthrough answers its dataset's decision: `check` names the dataset's check,
    where final_answer asks which ({} where it does not)."""
    answer = next((t for t in request.tools if t["function"]["name"] == "final_answer"), None)
    prop = answer["function"]["parameters"]["properties"].get("check") if answer else None
    if not prop:
        return {}
    options = [o for branch in prop.get("anyOf", [prop]) for o in branch.get("enum", ())]
    named = next((o for o in options if o != "none"), None)
    return {"check": named} if named else {}


def _claim(text: str, shown: str, source: str) -> dict[str, Any]:
    """A number of the walkthrough's rationale, as shown there, with its source."""
    value = float(shown.replace(",", "").replace("\u2212", "-"))
    return {"text": text, "value": int(value) if value.is_integer() else value,
            "source": source}


def _place(node: str) -> str:
    """A trade node as a place name (baltic_sea -> Baltic Sea), as the simulator names it."""
    return node.replace("_", " ").title()


def _kind(name: str) -> str:
    """A building's kind as the save names it ("building_furniture_manufacturieslevel") in
    words ("furniture manufacturies")."""
    raw = name.removeprefix("building_").removesuffix("level")
    return raw.replace("_", " ").strip() or name


def _parameters(request: ModelRequest, scenario: str, question: str,
                names: Names) -> dict[str, str] | None:
    """The question's parameters as the final answer may state them (when it can: a dataset
    with a simulator), so a free-form question still gets its simulator check."""
    answer = next((t for t in request.tools if t["function"]["name"] == "final_answer"), None)
    if answer is None or "parameters" not in answer["function"]["parameters"]["properties"]:
        return None
    if scenario == "building":
        goods = _goods(question)
        return {"goods": goods} if goods else None
    country = country_of(question, names)
    return {"country": country} if country else None


def _question(messages: Sequence[dict[str, Any]]) -> str:
    users = [_asked(str(m.get("content", ""))) for m in messages if m.get("role") == "user"]
    for text in reversed(users):
        if "budget is reached" not in text and not text.startswith(("Use the tools",
                                                                     "Re-examine")):
            return text
    return users[-1] if users else ""


_RETRIEVED = "\n\nRetrieving query ("
"""Where SingleRAG's answer prompt (prompts/singlerag-data.md) goes on from the question to
the query and the data it retrieved."""


def _asked(text: str) -> str:
    """The question of a user message that may also carry SingleRAG's retrieved data."""
    if text.startswith("Question: ") and _RETRIEVED in text:
        return text.removeprefix("Question: ").split(_RETRIEVED)[0]
    return text


def _approved(messages: Sequence[dict[str, Any]]) -> bool:
    """Whether the person approved the re-plan (the engine's reply to revise_plan says)."""
    return any(m.get("role") == "tool" and "new plan is approved" in str(m.get("content", ""))
               for m in messages)


def _called(messages: Sequence[dict[str, Any]], name: str | None) -> list[dict[str, Any]]:
    """The calls of tool `name` (None: of every tool) in the model's turns."""
    return [c for m in messages if m.get("role") == "assistant"
            for c in m.get("tool_calls") or () if name in (None, c["function"]["name"])]


def _observations(messages: Sequence[dict[str, Any]]) -> list[str]:
    """The results the model saw: tool replies, or the data in SingleRAG's answer prompt;
    those shown as the paper's agent saw them (pandas' text) read into this product's form."""
    queries = {c["id"]: str(_arguments(c).get("query", "")) for c in _called(messages, None)}
    texts = []
    for m in messages:
        content = str(m.get("content", ""))
        if m.get("role") == "tool":
            texts.append(_as_product(content, queries.get(str(m.get("tool_call_id")), "")))
        elif m.get("role") == "user":
            asked, _, data = content.partition("\nRetrieved data:\n")
            texts.append(_as_product(data, asked.partition("):\n")[2]))
    return [t for t in texts if re.match(r"q\d+: \d+ row", t)]


def _as_product(text: str, query: str) -> str:
    """A result in pandas' text (`--protocol paper`) as this product writes it; a Cypher
    result's columns, which pandas numbered, named by the query's RETURN aliases."""
    if not text.startswith("\n") or text.startswith("\nq"):
        return text
    columns, rows, total = read_frame_text(text)
    names = re.findall(r"(?i)\bAS\s+(\w+)", query.rpartition("RETURN")[2])
    if columns == [str(n) for n in range(len(columns))] and len(names) == len(columns):
        columns = names
    return "\n".join([f"q0: {total} row(s)", " | ".join(columns),
                      *(" | ".join(row) for row in rows)])


def _arguments(called: dict[str, Any]) -> dict[str, Any]:
    try:
        arguments = json.loads(called["function"].get("arguments") or "{}")
    except ValueError:
        return {}
    return arguments if isinstance(arguments, dict) else {}


def _row_count(observation: str) -> int:
    match = re.match(r"q\d+: (\d+) row", observation)
    return int(match.group(1)) if match else 0


def _rows(observation: str) -> list[dict[str, str]]:
    lines = observation.splitlines()[1:]
    if not lines:
        return []
    header = [h.strip() for h in lines[0].split(" | ")]
    return [dict(zip(header, (v.strip() for v in line.split(" | ")), strict=False))
            for line in lines[1:] if line.strip() and not line.endswith("...")
            and not line.startswith("Noticed: ")]  # what the monitors add is no row


def _is_false(value: str | None) -> bool:
    return str(value).lower() in ("0", "false", "none", "null")


def _quoted(text: str, after: str) -> str | None:
    match = re.search(re.escape(after) + r'\s*"([^"]+)"', text)
    return match.group(1) if match else None


def _goods(question: str) -> str | None:
    """The goods a Building question names: "... the (market) price of furniture?"."""
    match = re.search(r"price of ([A-Za-z_][A-Za-z_ ]*?)\s*(?:[?.!,;]|\b(?:in|on|for|by|at|"
                      r"with)\b|$)", question, re.IGNORECASE)
    return match.group(1).strip().lower() if match else None


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
                     "source": language, "reads": list(_WAREHOUSE_READS[language]),
                     "yields": "each warehouse's capacity, weekly shipments and handling "
                     "cost"}])])
            if not observations and f"run_{language}" in tools:
                return Reply(calls=[call(f"run_{language}", query=_WAREHOUSES[language],
                                         step=0)])
        return self._answer(question, observations, _check_named(request))

    def _answer(self, question: str, observations: Sequence[str],
                check: dict[str, str]) -> Reply:
        rows = _rows(observations[0]) if observations else []
        scored = []
        for r in rows:
            try:
                capacity = float(r["capacity_kg_per_week"])
                shipped = float(r["shipped_kg_per_week"])
                cost = float(r["handling_cost_per_kg"])
            except (KeyError, ValueError):
                continue
            scored.append((shipped >= capacity, shipped / max(capacity, 1.0), -cost, r))
        decision: Any = 0
        why = "no rows to decide from"
        claims: list[dict[str, Any]] = []
        if scored:
            full, used, _, row = max(scored, key=lambda x: (x[0], x[2] if x[0] else x[1]))
            decision = int(row["id"])
            named = row.get("name") or f"warehouse {decision}"
            if row.get("name") and row.get("city"):
                named += f" ({row['city']})"
            why = (f"{named} ships all it can ({used:.0%} of its capacity) at the cheapest "
                   "handling cost of the full warehouses" if full else
                   f"{named} is the busiest ({used:.0%} of its capacity)")
            cell = f"q1[id={decision}]"
            claims.append(_claim(f"share of its capacity {named} uses (%)", f"{used * 100:.0f}",
                                 f"{cell}.shipped_kg_per_week / {cell}.capacity_kg_per_week "
                                 "* 100"))
        params = walkthrough_parameters(question, "warehouse-expansion")
        # No closing words: the answer itself says the decision, verdict first.
        return Reply(calls=[call(
            "final_answer", decision=decision,
            rationale=f"The walkthrough's rule of thumb: {why}.",
            query_ids=["q1"] if observations else [], parameters=params,
            **({"claims": claims} if claims else {}), **check,
        )])


_WAREHOUSES = {
    "sql": (
        "SELECT w.id, w.name, w.city, w.capacity_kg_per_week, "
        "COALESCE(SUM(s.kg_per_week), 0) AS shipped_kg_per_week, w.handling_cost_per_kg "
        "FROM warehouse w LEFT JOIN supplies s ON s.warehouse_id = w.id "
        "GROUP BY w.id, w.name, w.city, w.capacity_kg_per_week, w.handling_cost_per_kg "
        "ORDER BY w.id"
    ),
    "cypher": (
        "MATCH (w:Warehouse) OPTIONAL MATCH (w)-[s:SUPPLIES]->(:Cafe) "
        "RETURN w.id AS id, w.name AS name, w.city AS city, "
        "w.capacity_kg_per_week AS capacity_kg_per_week, "
        "coalesce(sum(s.kg_per_week), 0) AS shipped_kg_per_week, "
        "w.handling_cost_per_kg AS handling_cost_per_kg ORDER BY id"
    ),
}


def _lit(value: str, language: str) -> str:
    """A string literal: SQL doubles a quote, which MySQL and SQLite (no backslash escapes)
    read alike; Cypher escapes it with a backslash."""
    if language == "sql":
        return "'" + value.replace("'", "''") + "'"
    return "'" + value.replace("\\", "\\\\").replace("'", "\\'") + "'"


def _plan(scenario: str, language: str) -> list[dict[str, Any]]:
    """The policy's plan, each step saying what it reads (the names its queries use, as
    each form of the dataset names them) and what it yields."""
    if scenario == "locating":
        return [{"goal": "find the nodes where the country holds trading power", "source":
                 language, "reads": list(_LOCATING_READS[language]),
                 "yields": "the country's base trading power at each node"}]
    return [{"goal": "find the buildings that supply the goods, with their level and supply",
             "source": language, "reads": list(_BUILDING_READS[language]),
             "yields": "each supplying building's level and maximum supply"}]


_LOCATING_READS = {
    "sql": ("node_country.country_name", "node_country.trade_node",
            "node_country.base_trading_power", "node_country.is_home"),
    "cypher": ("Country.name", "Trade_node.name", "NodeCountry.base_trading_power",
               "NodeCountry.is_home"),
}
_BUILDING_READS = {
    "sql": ("goods.goods_name", "supply.max_supply", "building.level", "building.name"),
    "cypher": ("Goods.name", "Supply.max_supply", "Building.level", "Building.name"),
}
_WAREHOUSE_READS = {
    "sql": ("warehouse.capacity_kg_per_week", "warehouse.handling_cost_per_kg",
            "supplies.kg_per_week"),
    "cypher": ("Warehouse.capacity_kg_per_week", "Warehouse.handling_cost_per_kg",
               "SUPPLIES.kg_per_week"),
}
_FLOWS_STEP: dict[str, dict[str, Any]] = {
    language: {"goal": "flows into the home node", "source": language, "reads": list(reads),
               "yields": "the flow from each node into the home node"}
    for language, reads in (("sql", ("flow.source", "flow.dest", "flow.flow")),
                            ("cypher", ("Trade_node.name", "source.flow")))
}


def _home_from(observations: Sequence[str]) -> str | None:
    """The home node, from the first query's rows (its `is_home` column)."""
    rows = _rows(observations[0]) if observations else []
    homes = [r["trade_node"] for r in rows
             if "trade_node" in r and not _is_false(r.get("is_home"))]
    return homes[0] if homes else None


def _queries(scenario: str, language: str, question: str, home_node: str | None,
             names: Names) -> list[str]:
    """The policy's queries, keeping the dataset's column names (so tables show them as the
    dataset names them for people)."""
    if scenario == "building":
        goods = _lit(_goods(question) or "", language)
        if language == "sql":
            return [
                "SELECT b.id, b.name, b.level, s.max_supply "
                "FROM supply s JOIN building b ON b.id = s.building_id JOIN goods g ON "
                f"g.code = s.goods_id WHERE g.goods_name = {goods} ORDER BY s.max_supply DESC"
            ]
        return [
            f"MATCH (b:Building)-[s:Supply]->(g:Goods {{name: {goods}}}) RETURN b.id AS id, "
            "b.name AS name, b.level AS level, s.max_supply AS max_supply "
            "ORDER BY max_supply DESC"
        ]
    country = _lit(country_of(question, names) or "", language)
    home = _lit(home_node or "", language)
    if language == "sql":
        return [
            "SELECT trade_node, base_trading_power, is_home FROM node_country "
            f"WHERE country_name = {country} ORDER BY base_trading_power DESC",
            f"SELECT source, flow FROM flow WHERE dest = {home} ORDER BY flow DESC",
        ]
    return [
        f"MATCH (c:Country {{name: {country}}})-[r:NodeCountry]->(t:Trade_node) RETURN t.name "
        "AS trade_node, r.base_trading_power AS base_trading_power, r.is_home AS is_home "
        "ORDER BY base_trading_power DESC",
        f"MATCH (a:Trade_node)-[f:source]->(t:Trade_node {{name: {home}}}) RETURN a.name AS "
        "source, f.flow AS flow ORDER BY flow DESC",
    ]
