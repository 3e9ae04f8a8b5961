"""The Python examples in README.md and docs/ run as written (a failing example fails here)."""

from __future__ import annotations

import doctest
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def python_blocks(path: Path) -> list[str]:
    return re.findall(r"```python\n(.*?)```", path.read_text(encoding="utf-8"), flags=re.S)


EXAMPLES = [
    pytest.param(block, id=f"{path.name}-{i}")
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    for i, block in enumerate(python_blocks(path))
]


def test_readme_has_an_api_example() -> None:
    assert any("README" in p.id for p in EXAMPLES if p.id)


@pytest.mark.parametrize("block", EXAMPLES)
def test_python_example_runs(block: str, capsys: pytest.CaptureFixture[str]) -> None:
    if block.lstrip().startswith(">>>"):
        # Doctest style: the shown values are checked too.
        test = doctest.DocTestParser().get_doctest(block, {}, "doc example", None, 0)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        runner.run(test, out=lambda text: print(text, file=sys.stderr))
        assert runner.failures == 0, capsys.readouterr().err
        return
    exec(compile(block, "<doc example>", "exec"), {})
    capsys.readouterr()
