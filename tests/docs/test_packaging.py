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
