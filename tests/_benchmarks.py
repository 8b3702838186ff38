"""A script under benchmarks/ loaded as a module, for the tests that keep it from rotting
(benchmarks/ is not a package: its scripts are run as programs)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


def load_benchmark(script: str, name: str) -> ModuleType:
    """benchmarks/`script` as the module `name`."""
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while being made
    spec.loader.exec_module(module)
    return module
