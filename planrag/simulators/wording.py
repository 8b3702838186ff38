"""A simulator's parameters in a person's words: their names as people read them, and what is
wrong with the values given, one sentence per parameter.

Front ends that take parameters typed as `NAME=VALUE` (the console's `:simulate`) check them
here first, so a person never reads a validator's message ("Field required", "Input should be
greater than 0"). The simulator still checks what it is given: this only says it better.
"""

from __future__ import annotations

import enum
import types
import typing
from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, ValidationError

from planrag.present import number

__all__ = ["bounds", "out_of_range", "parameter_label", "parameter_problems", "range_words",
           "shown_value"]


def parameter_label(parameters: type[BaseModel], name: str) -> str:
    """A parameter as people read it: its title, else its name in words."""
    info = parameters.model_fields.get(name)
    if info is not None and info.title:
        return str(info.title)
    return name.replace("_", " ").capitalize()


def parameter_problems(parameters: type[BaseModel], raw: Mapping[str, Any]) -> list[str]:
    """What is wrong with `raw` as `parameters`, one sentence per parameter (the first
    problem of each); empty when nothing is."""
    try:
        parameters.model_validate(dict(raw))
    except ValidationError as exc:
        said: dict[str, str] = {}
        for error in exc.errors():
            loc = error.get("loc") or ("",)
            name = str(loc[0])
            if name not in said:
                said[name] = _sentence(parameters, name, error)
        return list(said.values())
    return []


def bounds(metadata: list[Any]) -> dict[str, Any]:
    """Lower and upper bounds from a field's constraint metadata (gt, ge, lt, le): `low`,
    `low_inclusive`, `high`, `high_inclusive`, those it has."""
    found: dict[str, Any] = {}
    for m in metadata:
        for attr, key, inclusive in (("gt", "low", False), ("ge", "low", True),
                                     ("lt", "high", False), ("le", "high", True)):
            value = getattr(m, attr, None)
            if isinstance(value, int | float):
                found[key] = float(value)
                found[f"{key}_inclusive"] = inclusive
    return found


def range_words(low: float | None, low_inclusive: bool, high: float | None,
                high_inclusive: bool) -> str:
    """A range as a sentence says it: "more than 0 and at most 1,000,000"."""
    parts = []
    if low is not None:
        parts.append(f"{'at least' if low_inclusive else 'more than'} {shown_value(low)}")
    if high is not None:
        parts.append(f"{'at most' if high_inclusive else 'less than'} {shown_value(high)}")
    return " and ".join(parts)


def out_of_range(parameters: type[BaseModel], name: str, value: float) -> str | None:
    """"Extra weekly capacity (kg) must be more than 0 and at most 1,000,000 (you gave
    -200)." when `value` lies outside the parameter's bounds, in the what-if form's words;
    None when it lies inside (or the parameter has none)."""
    info = parameters.model_fields.get(name)
    if info is None:
        return None
    found = bounds(info.metadata)
    low, high = found.get("low"), found.get("high")
    low_in, high_in = found.get("low_inclusive", True), found.get("high_inclusive", True)
    if (low is None or value > low or (value == low and low_in)) and (
            high is None or value < high or (value == high and high_in)):
        return None
    return (f"{parameter_label(parameters, name)} must be "
            f"{range_words(low, low_in, high, high_in)} (you gave {shown_value(value)}).")


def shown_value(value: Any) -> str:
    """A parameter's value for people: 200.0 → 200, 1000000 → 1,000,000."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}"
    return str(value)


def _sentence(parameters: type[BaseModel], name: str, error: Mapping[str, Any]) -> str:
    kind = str(error.get("type", ""))
    ctx: Mapping[str, Any] = error.get("ctx") or {}
    given = error.get("input")
    label = parameter_label(parameters, name)
    who = name if label.lower() == name.replace("_", " ").lower() else f"{name} ({label})"
    if kind == "extra_forbidden":
        takes = ", ".join(
            n if parameter_label(parameters, n).lower() == n.replace("_", " ").lower()
            else f"{n} ({parameter_label(parameters, n)})" for n in parameters.model_fields)
        return f"{name} is not a parameter here; the parameters are {takes}."
    if kind == "missing":
        return f"{who} is missing: give it as {name}=… ({_what(parameters, name)})."
    bounds = {"greater_than": ("more than", "gt"), "greater_than_equal": ("at least", "ge"),
              "less_than": ("less than", "lt"), "less_than_equal": ("at most", "le")}
    if kind in bounds:
        words, key = bounds[kind]
        return f"{who} must be {words} {_value(ctx.get(key))}, not {_value(given)}."
    if kind in ("float_parsing", "float_type", "int_parsing", "int_type", "int_from_float",
                "finite_number", "bool_parsing", "bool_type", "string_type"):
        return f"{who} must be {_what(parameters, name)}, not {_value(given)}."
    if kind == "string_too_short":
        return f"{who} must not be empty."
    if kind == "string_too_long":
        return f"{who} must be at most {ctx.get('max_length')} characters long."
    if kind in ("literal_error", "enum"):
        return f"{who} must be {_what(parameters, name)}, not {_value(given)}."
    return f"{who} cannot be {_value(given)}; it must be {_what(parameters, name)}."


def _what(parameters: type[BaseModel], name: str) -> str:
    """The kind of value a parameter takes, in words ("a number", "one of: a, b")."""
    info = parameters.model_fields.get(name)
    annotation = info.annotation if info is not None else None
    union = isinstance(annotation, types.UnionType) or typing.get_origin(annotation) is (
        typing.Union)
    arms = [a for a in (typing.get_args(annotation) if union else (annotation,))
            if a is not type(None)]  # `X | None`: an optional X
    kind = arms[0] if len(arms) == 1 else None
    if kind is bool:
        return "yes or no (true or false)"
    if kind is int:
        return "a whole number"
    if kind is float:
        return "a number"
    if typing.get_origin(kind) is typing.Literal:
        return "one of: " + ", ".join(str(v) for v in typing.get_args(kind))
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return "one of: " + ", ".join(str(m.value) for m in kind)
    description = info.description if info is not None else None
    return description or "text"


def _value(value: Any) -> str:
    """A value as the person gave it (numbers as people write them)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int | float):
        return number(value)
    return f'"{value}"' if isinstance(value, str) else str(value)
