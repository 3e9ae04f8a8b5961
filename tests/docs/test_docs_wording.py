"""What the docs' Markdown says about themselves (issue 34): version numbers that are true of
the package, and headings that say what their section is about."""

from __future__ import annotations

import re
from pathlib import Path

import tuolaji as tl

DOCS = Path(__file__).resolve().parents[2] / "docs"

# "release 0.3", "version 0.4", "tuolaji 0.2" and any 0.x.y: what names a release.
NAMED = re.compile(r"\b(?:[Rr]elease|[Vv]ersion|tuolaji)\s+(\d+\.\d+(?:\.\d+)?)\b")
TRIPLE = re.compile(r"(?<![\d.])(\d+\.\d+\.\d+)(?![\d.])")
# Wording that goes stale at the next release.
STALE = re.compile(r"\b(?:this|the current|the latest) (?:release|version)\b", re.I)
# "Issue 22", "issue #19", "#24": the project's tracker, meaningless to a reader.
ISSUE = re.compile(r"\b[Ii]ssue\s*#?\d+|(?<![\w&])#\d+\b")


def version(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split("."))


def pages() -> list[Path]:
    return sorted(DOCS.rglob("*.md"))


def headings(md: Path) -> list[str]:
    """The ``#`` headings of a page, outside fenced blocks."""
    found, fenced = [], False
    for line in md.read_text("utf-8").splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and re.match(r"#{1,6} ", line):
            found.append(line)
    return found


def test_versions_named_in_the_docs_are_released_ones() -> None:
    """Every release the docs name is this package's version or an earlier one, and no page
    calls a numbered release "this release" (it was 0.2 on the performance page of 0.4.0)."""
    current = version(tl.__version__)
    assert len(current) == 3, tl.__version__
    later, stale = [], []
    for md in pages():
        text = md.read_text("utf-8")
        for found in NAMED.findall(text) + TRIPLE.findall(text):
            if version(found) > current:
                later.append(f"{md.name}: {found}")
        stale += [f"{md.name}: {m.group()}" for m in STALE.finditer(text)]
    assert not later, f"releases after {tl.__version__} named in the docs: {later}"
    assert not stale, f"wording that goes stale at the next release: {stale}"
    assert NAMED.findall('"0.2" is release 0.2') == ["0.2"] and not TRIPLE.findall("127.0.0.1")


def test_no_heading_is_named_after_an_issue_number() -> None:
    """Headings say what the section is about, not which internal issue it came from."""
    named = [f"{md.name}: {h}" for md in pages() for h in headings(md) if ISSUE.search(h)]
    assert not named, named
    assert ISSUE.search("## Issue 22: the platform") and ISSUE.search("(issue #19)")
    assert not ISSUE.search("### R7.3 Follow the shape { #r7.3 }")
