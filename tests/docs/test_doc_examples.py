"""Every Python example in README.md and docs/ runs here, and the values it shows are checked.

A fenced ``python`` block is one of two kinds:

- a **doctest block**: every statement has a ``>>>`` (or ``...``) prompt and the lines after it
  are the output it must print, exactly as the interpreter would (``...`` in the output
  matches anything). An example that claims ``55`` fails when the code gives 50.
- a **script block** without prompts: it runs, and its ``assert`` statements check it. A
  script line that only shows a value in a comment (``points(hand)  # 55``) is refused: the
  claim would go unchecked, so write it as a ``>>>`` line instead.

Each block runs on its own, in a fresh namespace. A block that needs an optional extra is
marked by an HTML comment on the line before its fence, ``<!-- test: pettingzoo -->`` (hidden
on the site, where words after the language would break the fence): the tests of that extra
run it (``extras.doc_block``), so it is left out here.
"""

from __future__ import annotations

import ast
import doctest
import io
import re
import tokenize
from pathlib import Path

import pytest

from extras import MARKED_BLOCK, doc_block

ROOT = Path(__file__).resolve().parents[2]
FENCE = re.compile(
    r"^(<!-- test: \w+[^\n]*-->\n)?```(?:python|pycon|py)[ \t]*\n(.*?)^```", flags=re.S | re.M
)
BROKEN_FENCE = re.compile(r"^```\w+[ \t]+\S", flags=re.M)
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def doc_files() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def python_blocks(path: Path) -> list[tuple[int, str]]:
    """``(line number, code)`` of each fenced Python block of ``path`` not marked for an extra."""
    text = path.read_text(encoding="utf-8")
    return [
        (text.count("\n", 0, m.start(2)) + 1, m.group(2))
        for m in FENCE.finditer(text)
        if not m.group(1)
    ]


EXAMPLES = [
    pytest.param(path, line, block, id=f"{path.relative_to(ROOT)}:{line}")
    for path in doc_files()
    for line, block in python_blocks(path)
]


def is_doctest(block: str) -> bool:
    return any(line.lstrip().startswith(">>>") for line in block.splitlines())


def unchecked_claims(block: str) -> list[int]:
    """Lines of a script block that show a value only in a comment: an expression statement
    (not a call of ``print`` on nothing) followed by ``# ...`` on the same line."""
    comment_lines = {
        tok.start[0]
        for tok in tokenize.generate_tokens(io.StringIO(block).readline)
        if tok.type == tokenize.COMMENT
    }
    claims = []
    for node in ast.walk(ast.parse(block)):
        if (
            isinstance(node, ast.Expr)
            and not isinstance(node.value, ast.Constant)
            and node.end_lineno in comment_lines
        ):
            claims.append(node.lineno)
    return claims


def run_doctest(path: Path, line: int, block: str) -> str:
    """The failure report of a doctest block ('' when it passes)."""
    parser = doctest.DocTestParser()
    stray = [
        piece.strip()
        for piece in parser.parse(block)
        if isinstance(piece, str) and piece.strip() and not piece.strip().startswith("#")
    ]
    if stray:
        return f"code outside >>> prompts would not run: {stray[0][:80]!r}"
    test = parser.get_doctest(block, {"__name__": "__doc_example__"}, str(path), str(path), line)
    out = io.StringIO()
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    runner.run(test, out=out.write, clear_globs=True)
    return out.getvalue() if runner.failures else ""


@pytest.mark.parametrize(("path", "line", "block"), EXAMPLES)
def test_doc_example(path: Path, line: int, block: str, capsys: pytest.CaptureFixture[str]) -> None:
    if is_doctest(block):
        report = run_doctest(path, line, block)
        assert not report, report
    else:
        claims = unchecked_claims(block)
        assert not claims, (
            f"{path.name}:{line}: block lines {claims} show a value only in a comment; "
            "write them as '>>>' lines so the value is checked"
        )
        exec(compile(block, f"{path.name}:{line}", "exec"), {"__name__": "__doc_example__"})
    capsys.readouterr()


def test_readme_has_checked_examples() -> None:
    readme = [block for p, _, block in (e.values for e in EXAMPLES) if p.name == "README.md"]
    assert readme and any(is_doctest(b) for b in readme)


def test_a_wrong_claim_fails() -> None:
    """The checker itself: a doctest claiming 55 for a value of 50 is reported."""
    block = (
        ">>> import tuolaji as tl\n>>> tl.points(tl.parse_cards('KH 10S 10D 5C 5C 5D 5D'))\n55\n"
    )
    assert "Expected:\n    55\nGot:\n    50" in run_doctest(Path("x.md"), 1, block)
    block = ">>> import tuolaji as tl\n>>> tl.points(tl.parse_cards('KH 10S 10D 5C 5C 5D'))\n45\n"
    assert run_doctest(Path("x.md"), 1, block) == ""
    assert unchecked_claims("x = 1\nx + 1  # 2\nprint(x)\n") == [2]
    assert "outside" in run_doctest(Path("x.md"), 1, ">>> x = 1\n\ny = 2\n")


def test_fences_render() -> None:
    """A fence line with words after the language (```` ```python pettingzoo ````) is not a
    fence to the site's Markdown: the block renders as a paragraph and swallows what follows."""
    broken = [
        f"{path.relative_to(ROOT)}:{path.read_text('utf-8').count(chr(10), 0, m.start()) + 1}"
        for path in doc_files()
        for m in BROKEN_FENCE.finditer(path.read_text("utf-8"))
    ]
    assert not broken, f"fences with words after the language: {broken}"
    assert BROKEN_FENCE.search("```python pettingzoo\n")


def test_marked_blocks_are_run_by_their_extra() -> None:
    """Each ``<!-- test: NAME -->`` block of docs/rl.md is run by a test of tests/rl."""
    rl = (ROOT / "docs" / "rl.md").read_text("utf-8")
    marked = sorted(name for name, _ in MARKED_BLOCK.findall(rl))
    assert marked == [
        "gymnasium-check",
        "openspiel",
        "openspiel-ismcts",
        "pettingzoo",
        "pettingzoo-train",
    ]
    run_by = [*(ROOT / "tests" / "rl").glob("test_*.py")]
    for name in marked:
        assert "env" in doc_block(name) or "pyspiel" in doc_block(name)
        runners = [p.name for p in run_by if f'doc_block("{name}")' in p.read_text("utf-8")]
        assert runners, f"the block marked {name} in docs/rl.md is run by no test of tests/rl"
    elsewhere = [
        p for p in doc_files() if p.name != "rl.md" and "<!-- test:" in p.read_text("utf-8")
    ]
    assert not elsewhere, f"marked blocks outside docs/rl.md are run by no test: {elsewhere}"


def test_the_rl_training_run_is_described_with_one_count() -> None:
    """Issue 34: docs/rl.md named 300 deals in batches of 50 in its text and 400 in 40 in the
    example's comment. Every ``EPISODES, BATCH = ...`` of the measured run says the same, and
    the curve shown has one mean per batch."""
    rl = (ROOT / "docs" / "rl.md").read_text("utf-8")
    section = rl.split("### Training a small policy", 1)[1].split("\n## ", 1)[0]
    counts = re.findall(r"measured run(?: sets)?:? `?EPISODES, BATCH = (\d+), (\d+)", section)
    assert len(counts) == 2 and len(set(counts)) == 1, counts
    episodes, batch = map(int, counts[0])
    assert f"{episodes} deals, so {episodes // batch} batches of {batch}" in section
    (curve,) = re.findall(r"`\[(-?[\d.]+(?:, -?[\d.]+)*)\]`", section)
    assert len(curve.split(", ")) == episodes // batch


class _Recorder(doctest.DocTestRunner):
    """A runner that keeps, for each example whose output differs, what it printed."""

    def __init__(self) -> None:
        super().__init__(optionflags=FLAGS)
        self.got: dict[int, str] = {}

    def report_failure(self, out: object, test: object, example: doctest.Example, got: str) -> None:
        self.got[example.lineno] = got


def update_outputs(path: Path) -> int:
    """Rewrite the expected output of every failing doctest example of ``path`` with what
    the code prints now; returns how many examples changed. Review the diff afterwards:
    ``python tests/docs/test_doc_examples.py docs/state.md README.md``."""
    text = path.read_text(encoding="utf-8")
    changed = 0
    for line, block in reversed(python_blocks(path)):
        if not is_doctest(block):
            continue
        test = doctest.DocTestParser().get_doctest(block, {}, str(path), str(path), 0)
        runner = _Recorder()
        runner.run(test, out=lambda _: None, clear_globs=True)
        lines = block.split("\n")
        for example in reversed(test.examples):
            if example.lineno not in runner.got:
                continue
            start = example.lineno + example.source.count("\n")
            end = start + example.want.count("\n")
            got = runner.got[example.lineno].rstrip("\n").split("\n")
            lines[start:end] = [" " * example.indent + g if g else g for g in got]
            changed += 1
        start = sum(len(x) + 1 for x in text.split("\n")[: line - 1])
        text = text[:start] + text[start:].replace(block, "\n".join(lines), 1)
    path.write_text(text, encoding="utf-8")
    return changed


if __name__ == "__main__":
    import sys

    for name in sys.argv[1:]:
        print(f"{name}: {update_outputs(Path(name))} examples updated")


def test_the_point_hunter_imports_quietly_and_prints_its_result_as_a_script(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Issue 43: docs/bots.md's PointHunter, saved as a module, is imported by the arena: the
    import plays nothing and prints nothing; run as a script it prints the line the page
    shows after it."""
    text = (ROOT / "docs" / "bots.md").read_text("utf-8")
    (block,) = [
        code for _, code in python_blocks(ROOT / "docs" / "bots.md") if "PointHunter:" in code
    ]
    code = compile(block, "pointhunter.py", "exec")
    exec(code, {"__name__": "pointhunter"})
    assert capsys.readouterr().out == ""
    exec(code, {"__name__": "__main__"})
    printed = capsys.readouterr().out
    shown = text.split(block, 1)[1].split("```text\n", 1)[1].split("```", 1)[0]
    assert printed == shown and printed.strip()
