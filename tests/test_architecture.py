"""The import graph of ``src/tuolaji`` points down (issue #18, "arrows point down").

Every import counts: module level, type-only (under ``if TYPE_CHECKING``), function-level,
and a module named by a string literal to ``importlib.import_module`` or ``__import__`` (an
import the interpreter makes all the same). Relative imports are resolved; ``from pkg import
name`` imports ``pkg.name`` when that is a submodule, else ``pkg``. The top-level shims
``svg``, ``actions``, ``notation``, ``pettingzoo``, ``openspiel`` and ``__main__`` are left out:
they only re-export at documented import paths and sit above everything. The package root
``tuolaji`` is left out too: it gathers the
public names for ``import tuolaji as tl`` and nothing inside the package may import it.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"
ROOT = "tuolaji"
IGNORED = {
    "tuolaji",
    "tuolaji.svg",
    "tuolaji.actions",
    "tuolaji.notation",
    "tuolaji.pettingzoo",
    "tuolaji.openspiel",
    "tuolaji.__main__",
}
"""Modules that only re-export (see the module docstring)."""

STATE_MACHINE_SIZE = 4
"""The largest cycle allowed: the state machine proper (gamestate and its transitions)."""

FUNCTION_LEVEL_BUDGET = 2
"""Function-level imports of the package's own modules allowed, each with a comment why."""


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for p in (SRC / ROOT).rglob("*.py")}


def _resolve(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    if node.level == 0:
        return node.module or ""
    base = module.split(".")
    if not is_package:
        base = base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _imports(
    module: str, path: Path, known: set[str]
) -> Iterator[tuple[str, ast.stmt | ast.expr, bool]]:
    """(imported module, statement, function-level?) for each import of the package's own."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    is_package = path.name == "__init__.py"

    def walk(node: ast.AST, in_function: bool) -> Iterator[tuple[str, ast.stmt | ast.expr, bool]]:
        for child in ast.iter_child_nodes(node):
            inner = in_function or isinstance(
                child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
            )
            if isinstance(child, ast.Import):
                for alias in child.names:
                    if alias.name.split(".")[0] == ROOT:
                        yield _closest(alias.name, known), child, in_function
            elif isinstance(child, ast.ImportFrom):
                target = _resolve(module, is_package, child)
                if target.split(".")[0] != ROOT:
                    continue
                for alias in child.names:
                    sub = f"{target}.{alias.name}"
                    yield (sub if sub in known else _closest(target, known)), child, in_function
            elif (
                isinstance(child, ast.Call)
                and (target := _string_import(child)) is not None
                and target.split(".")[0] == ROOT
            ):
                yield _closest(target, known), child, in_function
            yield from walk(child, inner)

    yield from walk(tree, False)


def _string_import(call: ast.Call) -> str | None:
    """The module a call ``importlib.import_module("x")`` or ``__import__("x")`` imports."""
    func = call.func
    named = (isinstance(func, ast.Name) and func.id in ("__import__", "import_module")) or (
        isinstance(func, ast.Attribute) and func.attr == "import_module"
    )
    if not named or not call.args:
        return None
    first = call.args[0]
    return first.value if isinstance(first, ast.Constant) and isinstance(first.value, str) else None


def _closest(name: str, known: set[str]) -> str:
    while name not in known and "." in name:
        name = name.rsplit(".", 1)[0]
    return name


def _graph() -> tuple[dict[str, set[str]], list[tuple[str, int, str]]]:
    modules = _modules()
    known = set(modules)
    graph: dict[str, set[str]] = {m: set() for m in known if m not in IGNORED}
    function_level: list[tuple[str, int, str]] = []
    for module, path in modules.items():
        if module in IGNORED:
            continue
        lines = path.read_text(encoding="utf-8").splitlines()
        for target, stmt, in_function in _imports(module, path, known):
            if target == module or (target in IGNORED and target != ROOT):
                continue
            graph[module].add(target)
            site = (module, stmt.lineno, lines[stmt.lineno - 1])
            if in_function and site not in function_level:  # one per statement
                function_level.append(site)
    return graph, function_level


def _strongly_connected(graph: dict[str, set[str]]) -> list[set[str]]:
    """Tarjan's algorithm, iterative (the graph is small, but recursion depth is not ours)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    components: list[set[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(start, iter(sorted(graph.get(start, ()))))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            advanced = False
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                    advanced = True
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component: set[str] = set()
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    component.add(top)
                    if top == node:
                        break
                components.append(component)
    return components


def test_tarjan_finds_a_cycle_and_leaves_a_chain_apart() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    components = sorted(map(sorted, _strongly_connected(graph)))
    assert components == [["a", "b", "c"], ["d"], ["e"]]


def test_the_largest_import_cycle_is_the_state_machine() -> None:
    graph, _ = _graph()
    largest = max(_strongly_connected(graph), key=len)
    assert len(largest) <= STATE_MACHINE_SIZE, sorted(largest)


def test_no_layer_below_the_tools_imports_the_package_root() -> None:
    # The root gathers every layer's public names; the tools (CLI, arena) are entry points
    # on top and may use the public API, but a layer below must name what it imports.
    graph, _ = _graph()
    below = [m for m in graph if not m.startswith(("tuolaji.tools", "tuolaji.testing"))]
    assert [m for m in below if ROOT in graph[m]] == []


LAYERS = ("core", "state", "fast", "bots", "game", "rl", "tools", "testing")
"""The layer folders, lowest first (docs/architecture.md): a module imports its own layer
and the layers below."""


def _layer(module: str) -> int | None:
    parts = module.split(".")
    return LAYERS.index(parts[1]) if len(parts) > 1 and parts[1] in LAYERS else None


def test_every_import_points_down_the_layers() -> None:
    graph, _ = _graph()
    upward = [
        f"{module} -> {target}"
        for module, targets in sorted(graph.items())
        for target in sorted(targets)
        if (low := _layer(module)) is not None
        and (high := _layer(target)) is not None
        and high > low
    ]
    assert upward == []


def test_few_function_level_imports_remain_and_each_says_why() -> None:
    _, function_level = _graph()
    assert len(function_level) <= FUNCTION_LEVEL_BUDGET, function_level
    for module, lineno, line in function_level:
        assert "#" in line, f"{module}:{lineno} imports inside a function without saying why"


if __name__ == "__main__":  # a report for the engineer: python tests/test_architecture.py
    g, fl = _graph()
    for comp in sorted(_strongly_connected(g), key=len, reverse=True)[:3]:
        print(len(comp), sorted(comp))
    for item in fl:
        print(item)


def test_an_import_written_as_a_string_counts(tmp_path: Path) -> None:
    """``importlib.import_module("tuolaji.x")`` and ``__import__("tuolaji.x")`` are imports."""
    source = tmp_path / "m.py"
    source.write_text(
        "import importlib\n"
        "def f():\n"
        "    importlib.import_module('tuolaji.core.cards')\n"
        "    __import__('tuolaji.core.trump')\n"
        "    importlib.import_module(name)  # not a literal: not followed\n",
        encoding="utf-8",
    )
    known = {"tuolaji.core.cards", "tuolaji.core.trump"}
    found = {(target, in_function) for target, _, in_function in _imports("m", source, known)}
    assert found == {("tuolaji.core.cards", True), ("tuolaji.core.trump", True)}
