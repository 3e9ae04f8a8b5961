"""Release-ready packaging (issue 13, item 7): one version, a licence, a changelog. CI also
builds the sdist and wheel, checks them and smoke-tests the wheel (.ci/extras)."""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

import pytest

import tuolaji as tl

ROOT = Path(__file__).resolve().parent.parent


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


def test_the_old_records_module_still_imports_with_a_deprecation_warning() -> None:
    """tuolaji.records was renamed tuolaji.actions (#10 item 9); for one release the old
    name resolves every name and warns (#13 item 7)."""
    sys.modules.pop("tuolaji.records", None)
    with pytest.warns(DeprecationWarning, match="renamed tuolaji.actions"):
        from tuolaji.records import Phase, Play  # noqa: PLC0415

    assert Phase is tl.Phase and Play is tl.Play
