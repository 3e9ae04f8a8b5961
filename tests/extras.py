"""Optional extras in tests: required under CI (a missing extra fails), skipped elsewhere."""

from __future__ import annotations

import contextlib
import importlib
import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any, NoReturn

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


MARKED_BLOCK = re.compile(r"^<!-- test: ([\w-]+)[^\n]*-->\n```python\n(.*?)^```", flags=re.S | re.M)
"""A Python block of the docs that needs an extra: an HTML comment (invisible on the site)
names the extra on the line before the fence."""


def doc_block(extra: str) -> str:
    """The code of the block of docs/rl.md marked ``<!-- test: <extra> ... -->``
    (tests/docs/test_doc_examples.py leaves these to the tests of the extra)."""
    text = (Path(__file__).resolve().parent.parent / "docs" / "rl.md").read_text("utf-8")
    (block,) = [code for name, code in MARKED_BLOCK.findall(text) if name == extra]
    return block


BROWSERS = ("chromium", "chromium-browser", "google-chrome")


@contextlib.contextmanager
def launched_chromium() -> Iterator[Any]:
    """The system Chromium driven by Playwright (extra ``browser``), closed on exit; under CI a
    missing Playwright or Chromium fails the test. Generous timeouts: the machine may be busy."""
    sync_api = need("playwright.sync_api")
    exe = next((path for name in BROWSERS if (path := shutil.which(name))), None)
    if exe is None:
        missing("Chromium (apt-get install -y chromium; .ci/extras installs it)")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=exe, args=["--no-sandbox"], timeout=180_000
        )
        try:
            yield browser
        finally:
            browser.close()
