"""Optional extras in tests: required under CI (a missing extra fails), skipped elsewhere."""

from __future__ import annotations

import importlib
import os
import re
from pathlib import Path
from types import ModuleType
from typing import NoReturn

import pytest


def need(module: str) -> ModuleType:
    """Import ``module``; outside CI skip the calling test module when it is missing."""
    if os.environ.get("CI"):
        return importlib.import_module(module)  # CI installs every extra: missing fails
    return pytest.importorskip(module)


def missing(what: str) -> NoReturn:
    """A test cannot run without ``what`` (a tool, a file): fail under CI, skip elsewhere."""
    if os.environ.get("CI"):
        pytest.fail(f"missing under CI: {what}")
    pytest.skip(f"missing: {what}")


def doc_block(extra: str) -> str:
    """The code of the ```python <extra> block of docs/rl.md (test_docs skips these)."""
    text = (Path(__file__).resolve().parent.parent / "docs" / "rl.md").read_text("utf-8")
    (block,) = re.findall(rf"```python {extra}\n(.*?)```", text, flags=re.S)
    return block
