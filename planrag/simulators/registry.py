"""Finding a simulator by name: built-ins, entry points, dotted paths and files.

A dataset's manifest names its simulator with `simulator = "..."`, one of:

* a registered name: the built-ins ``dqa-locating`` and ``dqa-building``, or any name an
  installed package registers in the entry-point group ``planrag.simulators``;
* a dotted path ``package.module:ClassName`` importable from the Python path;
* a file beside the manifest, ``simulator.py:ClassName`` (the path is relative to the
  dataset's folder), so a simulator for one database needs no package at all.

The command line also accepts a simulator's short `name` (``locating``, ``building``).
Whatever is found must be a `Simulator` subclass whose declarations are complete; anything
else is a `SimulatorError` saying what is missing.

Importing a simulator runs its code: `resolve` takes names from the operator's own
configuration (dataset manifests, the command line), never from a person chatting with the
assistant. A name that comes from data (a line of a questions file) goes through
`resolve_registered`, which accepts only registered names and the built-ins' short names and
refuses anything else without importing it: data never chooses code.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import sys
from functools import cache
from importlib.metadata import entry_points
from pathlib import Path

from pydantic import BaseModel

from planrag.errors import SimulatorError
from planrag.simulators.base import Simulator
from planrag.simulators.state import FORMS, TableSpec

__all__ = ["ENTRY_POINT_GROUP", "SHORT_NAMES", "available", "resolve", "resolve_registered"]

ENTRY_POINT_GROUP = "planrag.simulators"

BUILTIN = {
    "dqa-locating": "planrag.simulators.locating:LocatingSimulator",
    "dqa-building": "planrag.simulators.building:BuildingSimulator",
}

SHORT_NAMES = {"locating": "dqa-locating", "building": "dqa-building"}
"""The built-ins' short `name`s and their registered names, known without importing."""


def available() -> dict[str, str]:
    """Registered names and their targets: built-ins, then installed entry points (read once
    per Python path: scanning installed packages costs milliseconds)."""
    return dict(_entry_points(tuple(sys.path)))


@cache
def _entry_points(_path: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    found = dict(BUILTIN)
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        found.setdefault(ep.name, ep.value)
    return tuple(found.items())


def resolve(spec: str, base_dir: Path | None = None) -> type[Simulator]:
    """The simulator class `spec` names (see the module docstring)."""
    spec = spec.strip()
    if not spec:
        raise SimulatorError("empty simulator name")
    registered = available()
    if spec in registered:
        return _load_target(spec, registered[spec], base_dir)
    if spec in SHORT_NAMES:
        return _load_target(spec, BUILTIN[SHORT_NAMES[spec]], base_dir)
    short: dict[str, type[Simulator]] = {}
    for name, target in registered.items():  # short names such as "locating"
        try:
            cls = _load_target(name, target, base_dir)
            short.setdefault(cls.name, cls)
        except SimulatorError:
            continue  # a broken plugin must not hide the others
    if spec in short:
        return short[spec]
    if ":" in spec or "." in spec:
        return _load_target(spec, spec, base_dir)
    names = sorted({*registered, *short})
    raise SimulatorError(
        f"no simulator named {spec!r}; known: {', '.join(names)}; or give "
        "package.module:ClassName or file.py:ClassName"
    )


def resolve_registered(name: str) -> type[Simulator]:
    """The simulator registered as `name`: a built-in (or its short name) or an installed
    entry point. Dotted paths, files and anything else are refused before any import, so a
    name read from data can only pick among simulators the operator installed."""
    registered = available()
    if name in registered:
        return _load_target(name, registered[name], None)
    if name in SHORT_NAMES:
        return _load_target(name, BUILTIN[SHORT_NAMES[name]], None)
    known = ", ".join(sorted({*registered, *SHORT_NAMES}))
    shown = name if len(name) <= 80 else name[:77] + "..."
    raise SimulatorError(
        f"no registered simulator named {shown!r}; a questions file may name only these: "
        f"{known}"
    )


def _load_target(spec: str, target: str, base_dir: Path | None) -> type[Simulator]:
    module_part, sep, attr = target.partition(":")
    if not sep:
        module_part, _, attr = target.rpartition(".")
    if not module_part or not attr:
        raise SimulatorError(
            f"simulator {spec!r}: write it as package.module:ClassName or file.py:ClassName"
        )
    if module_part.endswith(".py"):
        module = _import_file(spec, module_part, base_dir)
    else:
        try:
            module = importlib.import_module(module_part)
        except ImportError as exc:
            raise SimulatorError(f"simulator {spec!r}: cannot import {module_part}: {exc}") from exc
        except Exception as exc:
            raise SimulatorError(
                f"simulator {spec!r}: importing {module_part} failed: "
                f"{type(exc).__name__}: {exc}"
            ) from exc
    cls = getattr(module, attr, None)
    if cls is None:
        raise SimulatorError(f"simulator {spec!r}: {module_part} has no {attr}")
    return check_simulator_class(cls, spec)


def _import_file(spec: str, relative: str, base_dir: Path | None) -> object:
    path = Path(relative)
    if not path.is_absolute():
        if base_dir is None:
            raise SimulatorError(
                f"simulator {spec!r}: a file simulator is only found beside a dataset manifest"
            )
        path = base_dir / path
    path = path.resolve()
    if not path.is_file():
        raise SimulatorError(f"simulator {spec!r}: no file {path}")
    return _import_path(str(path), spec)


@cache
def _import_path(path: str, spec: str) -> object:
    digest = hashlib.sha256(path.encode()).hexdigest()[:12]
    name = f"planrag_simulator_{Path(path).stem}_{digest}"
    loader_spec = importlib.util.spec_from_file_location(name, path)
    if loader_spec is None or loader_spec.loader is None:
        raise SimulatorError(f"simulator {spec!r}: cannot load {path} as Python")
    module = importlib.util.module_from_spec(loader_spec)
    sys.modules[name] = module
    try:
        loader_spec.loader.exec_module(module)
    except Exception as exc:
        del sys.modules[name]
        raise SimulatorError(
            f"simulator {spec!r}: running {path} failed: {type(exc).__name__}: {exc}"
        ) from exc
    return module


def check_simulator_class(cls: object, spec: str = "") -> type[Simulator]:
    """Check that `cls` declares everything the framework relies on."""
    label = f"simulator {spec!r}" if spec else f"simulator {cls!r}"
    if not (isinstance(cls, type) and issubclass(cls, Simulator)):
        raise SimulatorError(f"{label}: {cls!r} is not a planrag Simulator subclass")
    problems = []
    if not isinstance(getattr(cls, "name", None), str) or not cls.name:
        problems.append("a `name`")
    if not isinstance(getattr(cls, "title", None), str):
        problems.append("a `title`")
    if getattr(cls, "objective", None) not in ("maximise", "minimise"):
        problems.append("`objective` = 'maximise' or 'minimise'")
    for attr in ("Parameters", "Decision"):
        model = getattr(cls, attr, None)
        if not (isinstance(model, type) and issubclass(model, BaseModel)):
            problems.append(f"`{attr}` (a pydantic model)")
    decision = getattr(cls, "Decision", None)
    if (
        isinstance(decision, type)
        and issubclass(decision, BaseModel)
        and len(decision.model_fields) != 1
    ):
        problems.append("a `Decision` model with exactly one field")
    tables = getattr(cls, "tables", None)
    if not isinstance(tables, tuple) or not all(isinstance(t, TableSpec) for t in tables):
        problems.append("`tables` (a tuple of TableSpec)")
    else:
        problems += _reading_problems(cls, tables)
    rule_sets = getattr(cls, "rule_sets", None)
    if not isinstance(rule_sets, tuple) or not rule_sets:
        problems.append("`rule_sets` (a non-empty tuple of names)")
    if getattr(cls, "__abstractmethods__", None):
        missing = ", ".join(sorted(cls.__abstractmethods__))
        problems.append(f"the methods {missing}")
    if problems:
        raise SimulatorError(f"{label} must declare " + "; ".join(problems))
    return cls


def _reading_problems(cls: type[Simulator], tables: tuple[TableSpec, ...]) -> list[str]:
    """What its `forms` and `tables` lack for its state to be read: each table readable in
    every declared form (SQL: a key to read the whole table by, or a `query`; Cypher: a
    `cypher` query), and each query binding only fields of its `Parameters`."""
    declared = getattr(cls, "forms", None)
    if declared is not None and (
        not isinstance(declared, tuple) or not declared
        or not all(f in FORMS for f in declared)
    ):
        return ["`forms` as a non-empty tuple of 'sql' and 'cypher' (or no `forms`)"]
    forms = cls.read_forms()
    if not forms:
        return ["`tables` that one form reads: each with a key or a SQL `query`, or each "
                "with a `cypher` query"]
    model = getattr(cls, "Parameters", None)
    fields = model.model_fields if isinstance(model, type) and issubclass(model, BaseModel) else {}
    problems = []
    for spec in tables:
        if "sql" in forms and not spec.reads("sql"):
            problems.append(f"for table `{spec.name}` a key to read the whole table by, or a "
                            "SQL `query`")
        if "cypher" in forms and not spec.reads("cypher"):
            problems.append(f"for table `{spec.name}` a `cypher` query (or `forms = "
                            "(\"sql\",)` to be read by SQL only)")
        for form in FORMS:
            unknown = [n for n in spec.parameters(form) if n not in fields]
            if unknown:
                mark = ":" if form == "sql" else "$"
                problems.append(
                    f"for table `{spec.name}` a {form} query binding only fields of "
                    f"`Parameters` (it names {', '.join(mark + n for n in unknown)})"
                )
    return problems
