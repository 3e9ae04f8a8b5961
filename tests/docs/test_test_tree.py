"""The tests are grouped like the source tree (issue 18, item 6): one folder per layer of
``src/tuolaji``, plus ``docs`` for the documentation, the site and the packaging.

Shared helpers (``extras.py``, ``reference.py``, ...) and data sit in ``tests/`` itself, which
pytest puts on the path. Test modules are named by the behaviour they check, never after the
development pass that wrote them, and their basenames are unique across the tree (pytest's
default import mode imports each test module under its basename). A test that checks every
layer at once (`ACROSS_LAYERS`) sits at the root of ``tests/``.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests"
PACKAGE = ROOT / "src" / "tuolaji"
# Folders of tests/ that are not source layers: what each one holds.
NOT_LAYERS = {
    "docs": "the documentation, the docs site and the packaging",
    "data": "data files the tests read",
    "golden": "expected outputs the tests compare with",
}
# Test modules that check every layer at once, so sit above the layer folders: what each checks.
ACROSS_LAYERS = {
    "test_architecture.py": "the import structure of the whole package (issue 30, item 5)",
}
# Names of development passes or fixes, not of behaviour.
PASS_NAME = re.compile(
    r"(?:^|_)(?:pass|passes|second|third|fourth|fix|fixes|fixed|misc|"
    r"round_?\d+|part_?\d+|step_?\d+|v\d+)(?:_|$)"
)


def module_paths() -> list[Path]:
    return sorted(TESTS.rglob("test_*.py"))


def source_layers() -> set[str]:
    return {p.name for p in PACKAGE.iterdir() if p.is_dir() and (p / "__init__.py").exists()}


def test_no_test_module_at_the_top_level() -> None:
    top = sorted(p.name for p in TESTS.glob("test_*.py") if p.name not in ACROSS_LAYERS)
    assert not top, f"move these into the folder of the layer they test: {top}"


def test_every_test_module_is_in_a_layer_folder() -> None:
    allowed = source_layers() | {"docs"}
    stray = [
        str(p.relative_to(TESTS))
        for p in module_paths()
        if p.name not in ACROSS_LAYERS
        and (len(p.relative_to(TESTS).parts) != 2 or p.parent.name not in allowed)
    ]
    assert not stray, f"test modules outside tests/<layer>/ (layers: {sorted(allowed)}): {stray}"


def test_the_cross_layer_tests_exist_at_the_root() -> None:
    assert all((TESTS / name).is_file() for name in ACROSS_LAYERS), sorted(ACROSS_LAYERS)


def test_every_folder_of_tests_matches_a_source_layer() -> None:
    folders = {p.name for p in TESTS.iterdir() if p.is_dir() and not p.name.startswith((".", "_"))}
    unknown = sorted(folders - source_layers() - set(NOT_LAYERS))
    assert not unknown, f"tests/ folders that name no layer of src/tuolaji: {unknown}"


def test_the_layer_folders_are_the_package_folders() -> None:
    """The layers this test knows are the package's folders: a new layer gets a test folder."""
    assert {"core", "state", "bots", "game", "rl", "tools", "testing"} <= source_layers()


def test_basenames_are_unique() -> None:
    seen: dict[str, Path] = {}
    clashes = []
    for path in module_paths():
        if path.name in seen:
            clashes.append((str(seen[path.name].relative_to(TESTS)), str(path.relative_to(TESTS))))
        seen[path.name] = path
    assert not clashes, f"test modules sharing a basename: {clashes}"


def test_modules_are_named_by_behaviour() -> None:
    named_after_a_pass = [
        str(p.relative_to(TESTS)) for p in module_paths() if PASS_NAME.search(p.stem[5:])
    ]
    assert not named_after_a_pass, (
        f"name these after what they check, not the pass that wrote them: {named_after_a_pass}"
    )


def test_the_pass_name_check_can_fail() -> None:
    for stem in ("fast_paths_second", "fast_paths_third", "round_2", "speed_pass", "bug_fix"):
        assert PASS_NAME.search(stem), stem
    for stem in ("shortcuts_trick_kernels", "passing_bids", "fixtures", "r7_3", "round_trips"):
        assert not PASS_NAME.search(stem), stem
