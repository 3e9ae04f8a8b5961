"""Optional extras in tests: required under CI (a missing extra fails), skipped elsewhere."""

from __future__ import annotations

import importlib
import os
from types import ModuleType

import pytest


def need(module: str) -> ModuleType:
    """Import ``module``; outside CI skip the calling test module when it is missing."""
    if os.environ.get("CI"):
        return importlib.import_module(module)  # CI installs every extra: missing fails
    return pytest.importorskip(module)
