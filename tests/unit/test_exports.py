"""The package's public names: every name in __all__ exists, nothing private leaks."""

from __future__ import annotations

import planrag


def test_all_names_exist_and_are_sorted() -> None:
    for name in planrag.__all__:
        assert hasattr(planrag, name), name
    names = [n for n in planrag.__all__ if not n.startswith("_")]
    assert names == sorted(names)


def test_no_private_or_undeclared_public_names() -> None:
    public = {n for n in vars(planrag) if not n.startswith("_")}
    modules = {n for n, v in vars(planrag).items() if type(v).__name__ == "module"}
    assert public - modules == set(planrag.__all__) - {"__version__"}


def test_engine_never_imports_a_front_end() -> None:
    import subprocess
    import sys

    code = (
        "import sys, planrag, planrag.runtime, planrag.cli; "
        "bad = [m for m in sys.modules if m.split('.')[0] in ('app', 'chainlit', 'slack_sdk')];"
        " print(bad); sys.exit(1 if bad else 0)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stdout + out.stderr


def test_simulators_package_exports() -> None:
    import planrag.simulators as sims

    for name in sims.__all__:
        assert hasattr(sims, name), name
    public = {n for n, v in vars(sims).items() if not n.startswith("_")}
    modules = {n for n, v in vars(sims).items() if type(v).__name__ == "module"}
    assert public - modules == set(sims.__all__)


def test_engine_package_exports() -> None:
    import planrag.engine as engine

    for name in engine.__all__:
        assert hasattr(engine, name), name
    public = {n for n, v in vars(engine).items() if not n.startswith("_")}
    modules = {n for n, v in vars(engine).items() if type(v).__name__ == "module"}
    assert public - modules == set(engine.__all__)
