"""The modules' import graph, read from the source (no module is imported): the engine
(planrag) never imports a front end (app, Chainlit, Slack), and no modules import each other
in a cycle.

Every `import` and `from ... import` counts, wherever it is written (inside a function too,
relative ones resolved), except those under `if TYPE_CHECKING:`: they are read by the type
checker only and never run. `from package import name` counts as importing the module
`package.name` when that is a module of ours, else the package itself."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
PACKAGES = ("planrag", "app")
FRONT_ENDS = ("app", "chainlit", "slack_bolt", "slack_sdk")


def _module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules(root: Path = ROOT) -> dict[str, Path]:
    return {_module_name(p, root): p for package in PACKAGES
            for p in sorted((root / package).rglob("*.py"))}


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _import_nodes(node: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement under `node`, but not the body of `if TYPE_CHECKING:`."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.Import | ast.ImportFrom):
            yield child
        elif isinstance(child, ast.If) and _is_type_checking(child.test):
            for other in child.orelse:
                yield from _import_nodes(ast.Module(body=[other], type_ignores=[]))
        else:
            yield from _import_nodes(child)


def _imported(name: str, path: Path, modules: dict[str, Path]) -> Iterator[str]:
    """The modules `name` (at `path`) imports: ours by their full name, others by theirs."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in _import_nodes(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
            continue
        if node.level:
            base = package.split(".")
            base = base[: len(base) - (node.level - 1)]
            start = ".".join([*base, *([node.module] if node.module else [])])
        else:
            start = node.module or ""
        for alias in node.names:
            inner = f"{start}.{alias.name}"
            yield inner if inner in modules else start


def _graph(root: Path = ROOT) -> dict[str, set[str]]:
    modules = _modules(root)
    return {name: set(_imported(name, path, modules)) for name, path in modules.items()}


def _ours(graph: dict[str, set[str]], target: str) -> str | None:
    """The module of ours `target` names: itself, or the package it is a name of."""
    while target and target not in graph:
        target = target.rpartition(".")[0]
    return target or None


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (or a module importing
    itself), by Tarjan's algorithm, each in a stable order."""
    edges = {m: sorted({t for i in imports if (t := _ours(graph, i)) is not None})
             for m, imports in graph.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(start: str) -> None:  # iterative: the graph is deeper than Python likes
        work = [(start, iter(edges[start]))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, following = work[-1]
            for nxt in following:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(edges[nxt])))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1 or node in edges[node]:
                        found.append(sorted(component))

    for module in sorted(edges):
        if module not in index:
            visit(module)
    return sorted(found)


def _path_in(component: list[str], graph: dict[str, set[str]]) -> str:
    """One cycle through the component's first module, as `a -> b -> a`."""
    members = set(component)
    edges = {m: sorted({t for i in graph[m] if (t := _ours(graph, i)) in members})
             for m in component}
    start = component[0]
    paths = {start: [start]}
    todo = [start]
    while todo:
        node = todo.pop(0)
        for nxt in edges[node]:
            if nxt == start:
                return " -> ".join([*paths[node], start])
            if nxt not in paths:
                paths[nxt] = [*paths[node], nxt]
                todo.append(nxt)
    return " -> ".join(component)


def test_the_graph_is_read() -> None:
    graph = _graph()
    assert "planrag.cli" in graph and "app.mcp_server" in graph
    assert "planrag.settings" in graph["planrag.runtime"]


def test_every_kind_of_import_is_read(tmp_path: Path) -> None:
    """Relative imports, imports inside functions and `from package import module` are
    read; those under `if TYPE_CHECKING:` are not (they never run)."""
    files = {
        "planrag/__init__.py": "",
        "planrag/a.py": "from . import b\nfrom .sub.c import name\n",
        "planrag/b.py": "def f():\n    import planrag.d\n",
        "planrag/d.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                        "    from planrag import a\nelse:\n    import json\n",
        "planrag/sub/__init__.py": "from ..b import f\n",
        "planrag/sub/c.py": "from .. import a\n",
        "app/__init__.py": "",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    graph = _graph(tmp_path)
    assert graph["planrag.a"] == {"planrag.b", "planrag.sub.c"}
    assert graph["planrag.b"] == {"planrag.d"}
    assert graph["planrag.d"] == {"typing", "json"}
    assert graph["planrag.sub"] == {"planrag.b"}
    assert _cycles(graph) == [["planrag.a", "planrag.sub.c"]]
    assert _path_in(["planrag.a", "planrag.sub.c"], graph) == (
        "planrag.a -> planrag.sub.c -> planrag.a")


def test_the_engine_never_imports_a_front_end() -> None:
    wrong = sorted(f"{module} imports {target}" for module, imports in _graph().items()
                   if module.split(".")[0] == "planrag"
                   for target in imports if target.split(".")[0] in FRONT_ENDS)
    assert not wrong, "planrag must not import a front end:\n" + "\n".join(wrong)


def test_no_import_cycles() -> None:
    graph = _graph()
    cycles = _cycles(graph)
    said = [f"{', '.join(c)}\n    e.g. {_path_in(c, graph)}" for c in cycles]
    assert not cycles, "modules that import each other in a cycle:\n" + "\n".join(said)
