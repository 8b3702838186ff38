"""Decision models written in a dataset's manifest (`[[decisions]]`), read and checked.

A decision model is three queries the database answers (ARCHITECTURE.md, "Written
decisions"): `candidates` (one row per decision a person could take: `decision`, optionally
`label`), `value` (one row per candidate: `decision`, `value`, the objective if that candidate
is chosen, in one set-based query) and `baseline` (one row: `value`, the objective if nothing
is decided), with typed parameters bound as `:name` (SQL) or `$name` (Cypher).

This module reads the manifest's entries: everything that can be known without a database
(keys, types, the goal, parameters and their defaults, that every placeholder is declared,
and that no size in a query depends on a parameter whose range lets it grow without bound:
a `repeat('x', :n)` needs a `max` for `n` small enough, judged by the guard's resource rules,
`planrag.guards.check_sizes`).
A broken entry is set aside under its id with its reason; the dataset's other decisions and
the dataset itself keep working. The queries are tried on the database when the dataset is
listed, connected or opened (`planrag.decisions.run.dry_run`).
"""

from __future__ import annotations

import datetime as dt
import json
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from planrag.guards import Placeholder, check_sizes
from planrag.locations import kind_of
from planrag.sources._params import judged_text, placeholder_names

__all__ = [
    "DecisionSpec",
    "ParameterSpec",
    "ParameterType",
    "check_values",
    "parse_decisions",
    "spec_from_mapping",
]

ParameterType = Literal["int", "float", "str", "bool", "date"]
_TYPES: tuple[ParameterType, ...] = ("int", "float", "str", "bool", "date")
_GOALS = {"minimize": "minimise", "minimise": "minimise",
          "maximize": "maximise", "maximise": "maximise"}
_ID = re.compile(r"[a-z][a-z0-9-]{0,40}")
_PARAM = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,63}")
_KEYS = ("id", "title", "goal", "objective", "unit", "digits", "target", "candidates",
         "value", "baseline", "parameters")
_REQUIRED = ("id", "title", "goal", "candidates", "value", "baseline")
_PARAM_KEYS = ("type", "default", "min", "max", "title", "description")
_QUERIES = ("candidates", "value", "baseline")
_UNTARGETED = ("mysql", "sqlite")
"""The dialects a decision naming no target is judged in when the dataset does not say: a
dump's SQL is loaded into MySQL/MariaDB or SQLite (PLANRAG_RELATIONAL)."""
MAX_QUERY_CHARS = 20_000


@dataclass(frozen=True)
class ParameterSpec:
    name: str
    type: ParameterType
    default: Any
    min: Any = None
    max: Any = None
    title: str = ""
    description: str = ""

    def to_toml(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type, "default": self.default}
        for key in ("min", "max"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        for key in ("title", "description"):
            if getattr(self, key):
                out[key] = getattr(self, key)
        return out


@dataclass(frozen=True)
class DecisionSpec:
    """One decision model, as written (its queries are checked on the database later)."""

    id: str
    title: str
    goal: Literal["minimise", "maximise"]
    candidates: str
    value: str
    baseline: str
    objective: str = ""
    unit: str = ""
    digits: int = 4
    target: str | None = None
    """Which of the dataset's databases runs it (a target: mysql, postgres, sqlite, graph
    ...); None: the dataset's default."""
    parameters: tuple[ParameterSpec, ...] = ()
    where: str = ""
    """The manifest and entry, for messages."""
    origin: str = "manifest"
    """"manifest", or "proposed" for a check the assistant drafted."""

    @property
    def description(self) -> str:
        """What the value is, for people: the objective, else the title."""
        return self.objective or self.title

    def defaults(self) -> dict[str, Any]:
        return {p.name: p.default for p in self.parameters}

    def to_mapping(self) -> dict[str, Any]:
        """The entry as the manifest holds it."""
        out: dict[str, Any] = {"id": self.id, "title": self.title,
                               "goal": self.goal.replace("is", "iz")}
        if self.objective:
            out["objective"] = self.objective
        if self.unit:
            out["unit"] = self.unit
        if self.digits != 4:
            out["digits"] = self.digits
        if self.target:
            out["target"] = self.target
        for key in _QUERIES:
            out[key] = getattr(self, key)
        if self.parameters:
            out["parameters"] = {p.name: p.to_toml() for p in self.parameters}
        return out

    def to_toml(self) -> str:
        """The entry as TOML, as `planrag decision show` prints it and `save` appends it."""
        return entry_toml(self.to_mapping())


def entry_toml(entry: Mapping[str, Any]) -> str:
    """One `[[decisions]]` entry as TOML, from its mapping (as read, even a broken one:
    `planrag connect --update` writes the manifest again and keeps every entry)."""
    lines = ["[[decisions]]"]
    tables = {k: v for k, v in entry.items() if isinstance(v, dict)}
    for key, value in entry.items():
        if key not in tables:
            lines.append(f"{_key(key)} = {_toml_value(value, multiline=key in _QUERIES)}")
    for key, table in tables.items():
        if all(isinstance(v, dict) for v in table.values()):
            for name, sub in table.items():
                lines.append(f"[decisions.{_key(key)}.{_key(name)}]")
                lines += [f"{_key(k)} = {_toml_value(v)}" for k, v in sub.items()]
        else:
            lines.append(f"[decisions.{_key(key)}]")
            lines += [f"{_key(k)} = {_toml_value(v)}" for k, v in table.items()
                      if not isinstance(v, dict)]
    return "\n".join(lines) + "\n"


def _key(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else json.dumps(key, ensure_ascii=False)


_LITERAL = "'" * 3


def _toml_value(value: Any, multiline: bool = False) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, dt.date | dt.time):
        return value.isoformat()
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    text = str(value)
    if multiline and "\n" in text and _LITERAL not in text and _literal_ok(text):
        return _LITERAL + "\n" + text.strip("\n") + _LITERAL
    return json.dumps(text, ensure_ascii=False)  # a JSON string is a TOML basic string


def _literal_ok(text: str) -> bool:
    """A TOML multi-line literal string holds no control characters but tab and newline,
    and does not end in a quote (which would join its closing quotes)."""
    return not text.rstrip("\n").endswith("'") and not any(
        (ord(c) < 32 and c not in "\t\n") or c == "\x7f" for c in text)


class _Broken(ValueError):
    """A decision that cannot be used: one line saying why and what to write."""


def parse_decisions(
    entries: object, where: str, dialects: tuple[str, ...] = _UNTARGETED
) -> tuple[tuple[DecisionSpec, ...], dict[str, str]]:
    """The manifest's `[[decisions]]`: the usable ones, and the broken ones' reasons by id
    (or by `#N` when an entry has no usable id). `dialects`: those a decision without a
    `target` may run in (the dataset's first database's; a dump's: MySQL and SQLite)."""
    if entries is None:
        return (), {}
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        return (), {"decisions": f"{where}: `decisions` must be [[decisions]] tables"}
    specs: list[DecisionSpec] = []
    broken: dict[str, str] = {}
    for n, entry in enumerate(entries, start=1):
        raw_id = entry.get("id")
        key = raw_id if isinstance(raw_id, str) and _ID.fullmatch(raw_id) else f"#{n}"
        at = f"{where}: [[decisions]] {key}"
        if key in broken or any(s.id == key for s in specs):
            broken[f"#{n}"] = f"{at}: the id {key!r} is used twice; give each decision its own"
            continue
        try:
            specs.append(spec_from_mapping(entry, at, dialects=dialects))
        except _Broken as exc:
            broken[key] = str(exc)
    return tuple(specs), broken


def spec_from_mapping(entry: Mapping[str, Any], where: str, origin: str = "manifest",
                      dialects: tuple[str, ...] = _UNTARGETED) -> DecisionSpec:
    """One entry checked (raises `ValueError` with a one-line reason). `origin` is
    "manifest", or "proposed" for a check the assistant drafted; `dialects` are those it may
    run in when it names no `target` (as for `parse_decisions`)."""
    unknown = sorted(set(entry) - set(_KEYS))
    if unknown:
        raise _Broken(f"{where}: unknown key(s) {', '.join(unknown)}; a decision's keys: "
                      f"{', '.join(_KEYS)}")
    for name in _REQUIRED:
        value = entry.get(name)
        if not isinstance(value, str) or not value.strip():
            raise _Broken(f"{where}: `{name}` is missing or empty; give it as a string")
    if not _ID.fullmatch(entry["id"]):
        raise _Broken(f"{where}: id {entry['id']!r} must be lowercase letters, digits and "
                      "dashes, starting with a letter")
    goal = _GOALS.get(str(entry["goal"]).strip().lower())
    if goal is None:
        raise _Broken(f"{where}: goal {entry['goal']!r} must be \"minimize\" or \"maximize\"")
    for name in ("objective", "unit", "target"):
        if name in entry and not isinstance(entry[name], str):
            raise _Broken(f"{where}: `{name}` must be a string")
    digits = entry.get("digits", 4)
    if isinstance(digits, bool) or not isinstance(digits, int) or not 1 <= digits <= 15:
        raise _Broken(f"{where}: `digits` must be a whole number from 1 to 15")
    queries = {}
    for name in _QUERIES:
        text = entry[name].strip().rstrip(";").strip()
        if len(text) > MAX_QUERY_CHARS:
            raise _Broken(f"{where}: `{name}` is over {MAX_QUERY_CHARS:,} characters")
        queries[name] = text
    params = _parameters(entry.get("parameters", {}), where)
    target = (entry.get("target") or "").strip().lower() or None
    declared = {p.name for p in params}
    language, dialect = _written_in(target)
    for name in _QUERIES:
        used = placeholder_names(queries[name], language, dialect=dialect)
        missing = [u for u in used if u not in declared]
        if missing:
            mark = "$" if language == "cypher" else ":"
            raise _Broken(
                f"{where}: `{name}` uses {', '.join(mark + m for m in missing)}, which is not "
                "declared; add [decisions.parameters." + missing[0] + "] with a type and a "
                "default, or correct the name"
            )
    if language == "sql":
        for name in _QUERIES:
            for written in (dialect,) if target else dialects:
                problem = _size_problem(queries[name], written, params)
                if problem:
                    raise _Broken(f"{where}: the `{name}` query: {problem}")
    return DecisionSpec(
        id=entry["id"],
        title=entry["title"].strip(),
        goal=goal,  # type: ignore[arg-type]
        candidates=queries["candidates"],
        value=queries["value"],
        baseline=queries["baseline"],
        objective=str(entry.get("objective", "")).strip(),
        unit=str(entry.get("unit", "")).strip(),
        digits=digits,
        target=target,
        parameters=params,
        where=where,
        origin=origin,
    )


def _size_problem(query: str, dialect: str, params: tuple[ParameterSpec, ...]) -> str | None:
    """Why a query would build a value too large for some values its parameters allow
    (their declared ranges), or None."""
    ranges = {p.name: _range(p) for p in params}
    text, placeholders = judged_text(query, ranges, dialect=dialect)
    verdict = check_sizes(dialect, text, placeholders)
    return None if verdict.allowed else verdict.reason


def _range(p: ParameterSpec) -> Placeholder:
    """The values a parameter may take, as the guard reads a number: a number's `min`..`max`
    (unbounded where one is missing), a bool's 0..1; text and dates may be any number to a
    database that casts them."""
    if p.type in ("int", "float"):
        low = -math.inf if p.min is None else float(p.min)
        high = math.inf if p.max is None else float(p.max)
        return Placeholder(0, p.name, low, high)
    if p.type == "bool":
        return Placeholder(0, p.name, 0.0, 1.0)
    return Placeholder(0, p.name, -math.inf, math.inf, declared=False)


def _parameters(raw: object, where: str) -> tuple[ParameterSpec, ...]:
    if not isinstance(raw, dict):
        raise _Broken(f"{where}: `parameters` must be tables, [decisions.parameters.NAME]")
    out = []
    for name, spec in raw.items():
        at = f"{where}: parameter {name!r}"
        if not _PARAM.fullmatch(name):
            raise _Broken(f"{at}: a name is letters, digits and _, starting with a letter")
        if not isinstance(spec, dict):
            raise _Broken(f"{at}: give it as a table with `type` and `default`")
        unknown = sorted(set(spec) - set(_PARAM_KEYS))
        if unknown:
            raise _Broken(f"{at}: unknown key(s) {', '.join(unknown)}; a parameter's keys: "
                          f"{', '.join(_PARAM_KEYS)}")
        kind = spec.get("type")
        if kind not in _TYPES:
            raise _Broken(f"{at}: `type` must be one of {', '.join(_TYPES)}")
        if "default" not in spec:
            raise _Broken(f"{at}: `default` is missing; every parameter needs one")
        default = _typed(kind, spec["default"], f"{at}: `default`")
        low = _typed(kind, spec["min"], f"{at}: `min`") if "min" in spec else None
        high = _typed(kind, spec["max"], f"{at}: `max`") if "max" in spec else None
        if (low is not None or high is not None) and kind in ("str", "bool"):
            raise _Broken(f"{at}: `min` and `max` apply to numbers and dates only")
        if (low is not None and default < low) or (high is not None and default > high):
            raise _Broken(f"{at}: the default {default!r} is outside min..max")
        for key in ("title", "description"):
            if key in spec and not isinstance(spec[key], str):
                raise _Broken(f"{at}: `{key}` must be a string")
        out.append(ParameterSpec(name, kind, default, low, high,
                                 str(spec.get("title", "")).strip(),
                                 str(spec.get("description", "")).strip()))
    return tuple(out)


def _typed(kind: ParameterType, value: Any, where: str) -> Any:
    """`value` as a parameter of `kind` (TOML gives dates as dates; text dates are read)."""
    if kind == "bool":
        if isinstance(value, bool):
            return value
    elif kind == "int":
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    elif kind == "float":
        if isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(
                value):
            return float(value)
    elif kind == "str":
        if isinstance(value, str):
            return value
    elif isinstance(value, dt.date) and not isinstance(value, dt.datetime):
        return value
    elif isinstance(value, str):
        try:
            return dt.date.fromisoformat(value)
        except ValueError:
            pass
    raise _Broken(f"{where} {value!r} is not a{'n' if kind == 'int' else ''} {kind}"
                  + (" (write YYYY-MM-DD)" if kind == "date" else ""))


def check_values(spec: DecisionSpec, given: Mapping[str, Any]) -> dict[str, Any]:
    """The parameters of one evaluation: defaults, then `given` (checked: known names,
    types, min and max), as the queries bind them. Raises `ValueError` with one line."""
    names = {p.name: p for p in spec.parameters}
    unknown = sorted(set(given) - set(names))
    if unknown:
        have = ", ".join(names) or "none"
        raise ValueError(f"the decision {spec.id} has no parameter {', '.join(unknown)} "
                         f"(its parameters: {have})")
    values = spec.defaults()
    for name, raw in given.items():
        p = names[name]
        value = _from_text(p, raw) if isinstance(raw, str) and p.type != "str" else raw
        try:
            value = _typed(p.type, value, f"parameter {name}:")
        except _Broken as exc:
            raise ValueError(str(exc)) from None
        if (p.min is not None and value < p.min) or (p.max is not None and value > p.max):
            low = "" if p.min is None else p.min
            high = "" if p.max is None else p.max
            bounds = f"{low}..{high}"
            raise ValueError(f"parameter {name}: {value!r} is outside {bounds}")
        values[name] = value
    return values


def _from_text(p: ParameterSpec, raw: str) -> Any:
    """A value typed on a command line or in a form."""
    text = raw.strip()
    try:
        if p.type == "int":
            return int(text)
        if p.type == "float":
            return float(text)
    except ValueError:
        return raw
    if p.type == "bool" and text.lower() in ("true", "false", "yes", "no", "1", "0"):
        return text.lower() in ("true", "yes", "1")
    return text


def _written_in(target: str | None) -> tuple[str, str]:
    """The language and dialect a decision for `target` is written in (MySQL's SQL when it
    names no target, or one no kind answers to: the load says so)."""
    kind = kind_of(target) if target else None
    if kind is None:
        return "sql", "mysql"
    return kind.language, kind.dialect
