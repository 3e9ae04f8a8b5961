"""docs/testing.md: its ``pycon`` blocks run as doctests (the values they show are checked);
its ``python`` blocks run as scripts (also run by test_docs.py)."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parent.parent / "docs" / "testing.md"
TEXT = DOC.read_text(encoding="utf-8")
PYCON = re.findall(r"^```pycon\n(.*?)^```", TEXT, flags=re.S | re.M)
PYTHON = re.findall(r"^```python\n(.*?)^```", TEXT, flags=re.S | re.M)


def test_the_guide_has_examples() -> None:
    assert PYCON and len(PYTHON) >= 3


@pytest.mark.parametrize("block", PYCON)
def test_doctest_block(block: str) -> None:
    parser = doctest.DocTestParser()
    test = parser.get_doctest(block, {}, "docs/testing.md", str(DOC), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    out: list[str] = []
    runner.run(test, out=out.append)
    assert runner.failures == 0, "".join(out)


@pytest.mark.parametrize("block", PYTHON)
def test_script_block(block: str) -> None:
    exec(compile(block, str(DOC), "exec"), {"__name__": "docs_testing"})
