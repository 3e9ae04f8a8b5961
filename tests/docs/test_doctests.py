"""Every docstring example in ``src/tuolaji`` runs as a doctest (issue 18, item 6).

The modules are found by walking the package's files, so a new module is tested without being
listed here, the RL adapters and the testing kit included. A module that needs an optional
extra (``pettingzoo``, ``openspiel``, ...) is skipped when the extra is missing, except under
CI (the ``CI`` variable set), where every extra is installed and a missing one fails.

Examples must be deterministic: anything random takes an explicit seed.
"""

from __future__ import annotations

import doctest
import importlib
import io
import sys
import warnings
from pathlib import Path
from types import ModuleType

import pytest

from extras import missing

SRC = Path(__file__).resolve().parents[2] / "src"
PACKAGE = SRC / "tuolaji"
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
# Third-party packages of the optional extras (pyproject.toml), by the extra that installs them.
EXTRAS = {
    "pettingzoo": "pettingzoo",
    "gymnasium": "pettingzoo",
    "numpy": "pettingzoo or openspiel",
    "pyspiel": "openspiel",
    "open_spiel": "openspiel",
    "ray": "ray",
    "matplotlib": "plot",
    "hypothesis": "testing",
}


def module_names() -> list[str]:
    """Every module of the package, by its dotted name, from the files under src/tuolaji."""
    names = []
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(SRC).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        names.append(".".join(parts))
    return names


def import_module(name: str) -> ModuleType:
    """Import ``name``; a missing extra fails under CI and skips elsewhere."""
    try:
        with warnings.catch_warnings():
            # The 0.2 paths warn when imported (tuolaji._compat); their examples still run.
            warnings.simplefilter("ignore", DeprecationWarning)
            return importlib.import_module(name)
    except ModuleNotFoundError as error:
        top = (error.name or "").partition(".")[0]
        if top not in EXTRAS:
            raise
        missing(f"{top} (extra {EXTRAS[top]}), which {name} imports")


def run_examples(module: ModuleType) -> tuple[int, str]:
    """How many examples the module's docstrings hold, and the report of those that fail."""
    finder = doctest.DocTestFinder(exclude_empty=True)
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    out = io.StringIO()
    examples = 0
    for test in finder.find(module, module.__name__):
        examples += len(test.examples)
        runner.run(test, out=out.write)
    return examples, out.getvalue() if runner.failures else ""


@pytest.mark.parametrize("name", module_names())
def test_docstring_examples_run(name: str) -> None:
    _, report = run_examples(import_module(name))
    assert not report, report


@pytest.mark.parametrize(
    "name",
    [
        "tuolaji.core.rules",
        "tuolaji.core.tricks",
        "tuolaji.state.pictures",
        "tuolaji.rl.encoding",
        "tuolaji.rl.pettingzoo",
        "tuolaji.rl.openspiel",
    ],
)
def test_modules_with_examples_are_found(name: str) -> None:
    """The walk reaches the modules known to hold examples, and finds their examples."""
    assert name in module_names()
    examples, _ = run_examples(import_module(name))
    assert examples > 0


def test_a_wrong_example_fails() -> None:
    """The runner itself: an example whose output differs is reported."""
    module = ModuleType("tuolaji_wrong_example", ">>> 1 + 1\n3\n")
    examples, report = run_examples(module)
    assert examples == 1 and "Expected:\n    3\nGot:\n    2" in report


def test_a_missing_extra_fails_under_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    """Under CI a module whose extra is missing fails its doctests instead of skipping."""
    for name in [m for m in sys.modules if "pettingzoo" in m]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "pettingzoo", None)  # import of it raises
    monkeypatch.setenv("CI", "true")
    # The first missing import is named: pettingzoo, or gymnasium (extra pettingzoo) where
    # the extra is not installed at all, as on the other CPythons of .ci/extras.
    with pytest.raises(pytest.fail.Exception, match="missing under CI: .*pettingzoo"):
        import_module("tuolaji.rl.pettingzoo")
    monkeypatch.delenv("CI")
    with pytest.raises(pytest.skip.Exception, match="pettingzoo"):
        import_module("tuolaji.rl.pettingzoo")
