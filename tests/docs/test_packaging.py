"""Release-ready packaging (issue 13, item 7): one version, a licence, a changelog. CI also
builds the sdist and wheel, checks them and smoke-tests the wheel (.ci/extras)."""

from __future__ import annotations

import importlib
import re
import sys
import tomllib
import warnings
from pathlib import Path

import pytest

import tuolaji as tl

ROOT = Path(__file__).resolve().parents[2]
# What served old names in 0.3: warnings of deprecation and an import hook. (A module
# __getattr__ alone is no sign: tuolaji.testing loads its hypothesis-based names lazily.)
OLD_NAME_MACHINERY = re.compile(r"DeprecationWarning|sys\.meta_path|deprecated since")


def test_version_has_one_source() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in project["project"]
    assert project["project"]["dynamic"] == ["version"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "tuolaji.__version__"}
    assert re.fullmatch(r"\d+\.\d+\.\d+", tl.__version__)


def test_licence_and_changelog() -> None:
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert f"## {tl.__version__}" in changelog or "## Unreleased" in changelog


def test_every_extra_is_declared() -> None:
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "optional-dependencies"
    ]
    assert {"test", "docs"} <= set(extras)
    assert any(dep.startswith("mkdocstrings") for dep in extras["docs"])


@pytest.mark.parametrize("old", ["tricks", "records", "view", "arena", "worlds", "_compat"])
def test_the_flat_module_paths_of_0_2_are_gone(old: str) -> None:
    """0.4 removed the aliases that 0.3 kept for the flat module paths of 0.2 (CHANGELOG)."""
    sys.modules.pop(f"tuolaji.{old}", None)
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module(f"tuolaji.{old}")


def test_documented_module_paths_import_without_a_warning() -> None:
    """tl.actions, tl.notation, tl.svg and the adapters' paths are documented: no warning."""
    for name in ("actions", "notation", "svg", "testing"):
        sys.modules.pop(f"tuolaji.{name}", None)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        from tuolaji.actions import Phase, Play  # noqa: PLC0415
        from tuolaji.notation import parse_action  # noqa: PLC0415
        from tuolaji.svg import hand  # noqa: PLC0415

    assert Phase is tl.Phase and Play is tl.Play and parse_action is tl.parse_action
    assert hand is tl.svg.hand


# The deprecations a release keeps, one release each: 0.5 keeps the 0.4 names of PlayPhase
# (is_over, points, hand_ids), renamed to GameState's vocabulary (issue 41); 0.6 removes them.
KEPT_DEPRECATIONS = {"src/tuolaji/fast/playphase.py"}


def test_no_deprecation_is_left_in_the_source() -> None:
    """0.4 removed the whole deprecation layer of 0.3 (issue 30, item 1): no module of the
    package warns of an old name or installs an import hook to serve old paths, except the
    one-release deprecations listed in ``KEPT_DEPRECATIONS``."""
    left = {
        str(path.relative_to(ROOT)): sorted(set(OLD_NAME_MACHINERY.findall(path.read_text())))
        for path in sorted((ROOT / "src" / "tuolaji").rglob("*.py"))
        if OLD_NAME_MACHINERY.search(path.read_text())
    }
    assert set(left) == KEPT_DEPRECATIONS, left
    assert "sys.meta_path" not in str(left)  # never an import hook
    assert OLD_NAME_MACHINERY.search("warnings.warn('x', DeprecationWarning)")
    assert OLD_NAME_MACHINERY.search("sys.meta_path.insert(0, _Finder())")


def test_every_module_imports_without_a_warning() -> None:
    """Importing any module of the package, under warnings as errors, warns of nothing."""
    names = [
        ".".join(path.relative_to(ROOT / "src").with_suffix("").parts).removesuffix(".__init__")
        for path in sorted((ROOT / "src" / "tuolaji").rglob("*.py"))
        if not path.name.startswith("__main__")
    ]
    imported = []
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for name in names:
            try:
                importlib.import_module(name)
            except ModuleNotFoundError as missing:
                # An adapter whose extra is not installed here (the other-CPython runs of
                # CI); the extras' own tests require them where they are installed.
                if (missing.name or "tuolaji").startswith("tuolaji"):
                    raise
                continue
            imported.append(name)
    assert "tuolaji.core.rules" in imported and "tuolaji.tools.arena.running" in imported
