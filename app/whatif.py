"""What-if analysis without a model: a simulator's parameters as the chat's form shows them.

Each parameter carries its meaning and the values it may take: a closed set, the values the
data holds (e.g. the countries of a DQA save), or a number's range. The form itself is a
Chainlit custom element (`public/elements/WhatIfForm.jsx`); without it the parameters are
listed as text.
"""

from __future__ import annotations

import difflib
import enum
import re
import types
import typing
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from chainlit.config import config as chainlit_config

from planrag.datasets import Dataset
from planrag.settings import Settings
from planrag.simulators.wording import bounds, range_words, shown_value

__all__ = ["FORM", "WhatIfParameter", "WhatIfRequest", "parse", "what_if_parameters"]

FORM = Path(chainlit_config.root) / "public" / "elements" / "WhatIfForm.jsx"
"""The what-if form, a Chainlit custom element (Chainlit serves it from APP_ROOT/public)."""


_GROUPED = re.compile(r"[-+]?\d{1,3}(?:,\d{3})+(?:\.\d*)?")
"""A number written with thousands separators ("1,000,000")."""


@dataclass(frozen=True)
class WhatIfRequest:
    """A typed `/whatif`, taken apart: the sample questions it names, its values by
    parameter name, and words that are neither."""

    questions: tuple[str, ...]
    values: dict[str, str]
    stray: tuple[str, ...]


_NAME = re.compile(r"(?:(?<=\s)|^)([A-Za-z_]\w*)\s*=")


def parse(text: str, question_ids: Collection[str]) -> WhatIfRequest:
    """`NAME=VALUE ...` and question ids, in any order. A value runs to the next `NAME=`
    (so `goods=coffee beans` is one value; quotes around it are dropped), less any question
    ids it ends with."""
    found = list(_NAME.finditer(text))
    head = text[: found[0].start()] if found else text
    questions: list[str] = []
    stray: list[str] = []
    for word in head.split():
        (questions if word in question_ids else stray).append(word)
    values: dict[str, str] = {}
    for n, match in enumerate(found):
        end = found[n + 1].start() if n + 1 < len(found) else len(text)
        words = text[match.end(): end].split()
        tail: list[str] = []
        while words and words[-1] in question_ids:
            tail.insert(0, words.pop())
        questions += tail
        value = " ".join(words)
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            value = value[1:-1].strip()
        values[match.group(1)] = value
    return WhatIfRequest(tuple(questions), values, tuple(stray))


@dataclass(frozen=True)
class WhatIfParameter:
    """One parameter of a simulator as the what-if form shows it: its meaning, and the
    values it may take (a closed set, the values present in the data, or a range)."""

    name: str
    description: str
    kind: Literal["choice", "text", "number", "integer"]
    required: bool
    default: Any = None
    choices: tuple[str, ...] = ()
    """A closed set (a Literal, an enum, yes/no): nothing else is accepted."""
    suggestions: tuple[str, ...] = ()
    """The values present in the data (e.g. every country); others are left to the
    simulator, which says what it knows."""
    found_in: str = ""
    names: tuple[tuple[str, str], ...] = ()
    """What people call some of `suggestions` ((value, name): "Sweden" for SWE), from the
    dataset's `[value_names]`: a name typed is taken as its value."""
    low: float | None = None
    low_inclusive: bool = True
    high: float | None = None
    high_inclusive: bool = True
    examples: tuple[str, ...] = ()
    """The values the dataset's sample questions use."""

    label: str = ""
    """How people read its name (the field's title): "Extra weekly capacity (kg)"."""

    def initial(self) -> str:
        """What the form starts with: for a required parameter a sample question's value
        (or the first allowed one), for an optional one its default (or nothing: derived)."""
        if not self.required:
            return "" if self.default is None else shown_value(self.default)
        if self.examples:
            return self.examples[0]
        return self.choices[0] if self.choices else ""

    def valid(self) -> str:
        """The allowed values, in one sentence for people."""
        if self.choices:
            text = "One of: " + ", ".join(self.choices) + "."
        elif self.suggestions and len(self.suggestions) <= 20:
            text = f"One of {', '.join(self.suggestions)} (from {self.found_in})."
        elif self.suggestions:
            text = (f"One of the {len(self.suggestions)} values in {self.found_in} (the form "
                    "suggests them as you type).")
        elif self.kind in ("number", "integer"):
            text = f"{'A whole number' if self.kind == 'integer' else 'A number'}"
            text += f" {self.range()}." if self.range() else "."
        else:
            text = "Free text."
        if self.examples:
            text += " Sample questions use " + ", ".join(self.examples) + "."
        if not self.required:
            text += (f" Default: {shown_value(self.default)}." if self.default is not None
                     else " Leave it empty to let the simulator derive it.")
        return text

    def help(self) -> str:
        """The line under the field: what the parameter means, where the simulator or the
        check says it, then the values it allows (never its name again as its meaning)."""
        meaning = self.description.strip().rstrip(".")
        return f"{meaning[:1].upper()}{meaning[1:]}. {self.valid()}" if meaning else self.valid()

    def range(self) -> str:
        parts = []
        if self.low is not None:
            parts.append(f"{'≥' if self.low_inclusive else '>'} {shown_value(self.low)}")
        if self.high is not None:
            parts.append(f"{'≤' if self.high_inclusive else '<'} {shown_value(self.high)}")
        return " and ".join(parts)

    def range_words(self) -> str:
        """The range as a sentence says it: "more than 0 and at most 1,000,000"."""
        return range_words(self.low, self.low_inclusive, self.high, self.high_inclusive)

    def problem(self, text: str) -> str | None:
        """What is wrong with `text` for this parameter, as one sentence naming it in the
        person's words ("Extra weekly capacity (kg) must be more than 0 ... (you gave -5)."),
        or None when it is fine."""
        try:
            self.parse(text)
        except ValueError as exc:
            return f"{self.label or self.name} {exc}."
        return None

    def parse(self, text: str) -> Any:
        """The value typed or picked in the form, checked; None for an empty optional one.
        Raises ValueError with what is wrong, worded to follow the parameter's label ("is
        required", "must be a number (you gave lots)")."""
        text = text.strip()
        if not text:
            if self.required:
                raise ValueError("is required")
            return None
        if self.choices:
            if text not in self.choices:
                raise ValueError(f"must be one of {', '.join(self.choices)} (you gave {text})")
            return text
        if self.kind in ("number", "integer"):
            unit = re.search(r"\(([^()]+)\)\s*$", self.label or "")
            if unit:  # "300 kg" where the label says "(kg)": the number in the label's unit
                text = re.sub(rf"\s*{re.escape(unit.group(1))}$", "", text,
                              flags=re.IGNORECASE) or text
            try:
                number = float(text.replace(",", "")) if _GROUPED.fullmatch(text) else (
                    float(text))
            except ValueError:
                raise ValueError(f"must be a number (you gave {text})") from None
            if self.kind == "integer":
                if not number.is_integer():
                    raise ValueError(f"must be a whole number (you gave {text})")
                number = int(number)
            if (
                (self.low is not None
                 and (number < self.low or (number == self.low and not self.low_inclusive)))
                or (self.high is not None
                    and (number > self.high or (number == self.high and not self.high_inclusive)))
            ):
                raise ValueError(f"must be {self.range_words()} (you gave {text})")
            return number
        if self.suggestions:  # the values the data holds: one of them, in any case
            return self._one_of_the_data(text)
        return text  # the simulator knows best what it accepts, and says so

    def _one_of_the_data(self, text: str) -> str:
        """`text` as the data writes it ("swe" -> "SWE"); else a ValueError naming the
        closest values, not all of them."""
        by_lower = {v.lower(): v for v in self.suggestions}
        found = by_lower.get(text.lower())
        if found is not None:
            return found
        from planrag.engine.policy import named_value

        named = named_value(text, self.names)
        if named is not None and named in self.suggestions:
            return named
        # The closest among the values and what people call them ("Sweden (SWE)").
        shown = {**{n.lower(): f"{n} ({v})" for v, n in self.names}, **by_lower}
        close = list(dict.fromkeys(shown[c] for c in difflib.get_close_matches(
            text.lower(), list(shown), n=3, cutoff=0.5)))
        hint = (f"the closest: {', '.join(close)}" if close else
                f"for example {', '.join(self.suggestions[:3])}")
        where = f" in {self.found_in}" if self.found_in else ""
        raise ValueError(f"must be one of the {len(self.suggestions)} values{where} (you gave "
                         f"{text}); {hint}")

    def props(self) -> dict[str, Any]:
        """What the form element needs to draw this parameter."""
        return {
            "name": self.name, "label": self.label or self.name, "description": self.description,
            "help": self.help(), "kind": self.kind,
            "required": self.required, "initial": self.initial(), "valid": self.valid(),
            "choices": list(self.choices), "suggestions": list(self.suggestions),
            "min": self.low, "max": self.high,
        }


async def what_if_parameters(settings: Settings, dataset: Dataset) -> list[WhatIfParameter]:
    """The parameters of the dataset's simulator, read from its pydantic `Parameters`
    model (types, bounds, descriptions, defaults), with the values the data holds for text
    parameters named after one of the simulator's tables (`country` → the country table)
    and the values the sample questions use."""
    from planrag.runtime import open_source
    from planrag.simulators.service import dataset_check, dump_state, question_parameters
    from planrag.simulators.state import State, state_from_dump, state_from_source

    sim = dataset_check(dataset)
    tables = sim.tables
    # Suggestions come from the tables a dump can feed and no question's parameters choose.
    if not sim.tables:  # a decision written as queries: no tables to suggest values from
        state = State({}, "", False)
    elif dataset.dumps("sql"):
        path = dataset.dump("sql").path
        tables = tuple(t for t in sim.tables if not t.query)
        state = (dump_state(sim, path, dataset.rename_columns) if tables == sim.tables
                 else state_from_dump(tables, path, dataset.rename_columns))
    else:  # a live database: the values it holds now
        async with open_source(settings, dataset.id) as source:
            tables = tuple(t for t in sim.tables if not t.parameters(source.language))
            state = await state_from_source(tables, source, forms=sim.read_forms(),
                                            reader=sim.name)
    used: dict[str, list[str]] = {}
    for q in dataset.questions:
        for name, value in (question_parameters(sim, q.extra) or {}).items():
            if value is not None and str(value) not in used.setdefault(name, []):
                used[name].append(str(value))
    params = []
    for name, info in sim.Parameters.model_fields.items():
        annotation = _without_none(info.annotation)
        choices: tuple[str, ...] = ()
        suggestions: tuple[str, ...] = ()
        found_in = ""
        names: tuple[tuple[str, str], ...] = ()
        kind: Literal["choice", "text", "number", "integer"] = "text"
        if typing.get_origin(annotation) is Literal:
            choices = tuple(str(a) for a in typing.get_args(annotation))
        elif isinstance(annotation, type) and issubclass(annotation, enum.Enum):
            choices = tuple(str(m.value) for m in annotation)
        elif annotation is bool:
            choices = ("true", "false")
        elif annotation is int:
            kind = "integer"
        elif annotation is float:
            kind = "number"
        elif annotation is str:
            suggestions, found_in, column = _data_values(name, info.description or "",
                                                         tables, state)
            names = tuple(dataset.value_names.get(column, ())) if column else ()
        if choices:
            kind = "choice"
        found = bounds(info.metadata)
        params.append(WhatIfParameter(
            name=name, description=info.description or "", kind=kind,
            label=str(info.title) if info.title else name.replace("_", " ").capitalize(),
            required=info.is_required(),
            default=None if info.is_required() else info.get_default(),
            choices=choices, suggestions=suggestions, found_in=found_in, names=names,
            examples=tuple(used.get(name, [])[:6]), **found,
        ))
    return params


def _without_none(annotation: Any) -> Any:
    """`str | None` → `str`; anything else unchanged."""
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        rest = [a for a in typing.get_args(annotation) if a is not type(None)]
        if len(rest) == 1:
            return rest[0]
    return annotation


def _data_values(
    name: str, description: str, tables: Any, state: Any
) -> tuple[tuple[str, ...], str, str]:
    """The values of the table the parameter is about, where they are and their column: the
    table named like the parameter, else the first table the description names ("its home
    trade node" → trade_node); its `<table>_name` or `name` column, else its text key.
    Nothing when no table fits."""
    by_name = {t.name: t for t in tables}
    table = by_name.get(name)
    if table is None:
        text = description.lower()
        hits = []
        for t in tables:
            m = re.search(rf"\b{re.escape(t.name.replace('_', ' '))}\b", text)
            if m:
                hits.append((m.start(), t.name))
        if not hits:
            return (), "", ""
        table = by_name[min(hits)[1]]
    kinds = {c.name: c.kind for c in table.columns}
    column = next((c for c in (f"{table.name}_name", "name", *table.key)
                   if kinds.get(c) == "str"), None)
    if column is None:
        return (), "", ""
    at = table.column_names.index(column)
    values = sorted({str(row[at]) for row in state.rows(table.name) if row[at] is not None})
    return tuple(values), f"the {table.name.replace('_', ' ')} table", column


