"""The docs site's own CJK font (issue 43): with no CJK font on the reader's machine the
Chinese terms (拖拉机, 升级, 双升, the house rules' names) are drawn from the subset of Noto
Sans CJK SC the site ships, not as boxes. Here, without building the site: the font covers
every CJK character of the docs' sources, the site's stylesheet loads it and puts it in
both font stacks, its license is beside it, and it stays small. The browser test
(``test_site_browser.py``) checks that Chromium loads it and draws the terms with it."""

from __future__ import annotations

import re
from pathlib import Path

from extras import need

ROOT = Path(__file__).resolve().parents[2]
FONT = ROOT / "docs" / "assets" / "fonts" / "tuolaji-cjk.woff"
CSS = ROOT / "docs" / "stylesheets" / "extra.css"


# CJK radicals, punctuation, kana, ideographs, compatibility ideographs, full-width forms:
# what tools/cjk_font.py puts in the font, read here on its own.
CJK = re.compile("[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]")


def cjk_characters() -> set[str]:
    """Every CJK character of the docs, the site's settings and the source (whose docstrings
    the API pages show)."""
    files = [ROOT / "mkdocs.yml", *(ROOT / "docs").rglob("*.md"), *(ROOT / "src").rglob("*.py")]
    found: set[str] = set()
    for path in files:
        found.update(CJK.findall(path.read_text("utf-8")))
    return found


def test_the_font_covers_every_chinese_character_of_the_docs() -> None:
    ttlib = need("fontTools.ttLib")
    wanted = cjk_characters()
    # The docs do use Chinese terms, the home page's among them.
    assert {"拖", "拉", "机", "升", "级", "双"} <= wanted and len(wanted) > 50
    font = ttlib.TTFont(str(FONT))
    covered = {chr(code) for code in font.getBestCmap()}
    lacking = sorted(wanted - covered)
    assert not lacking, f"run tools/cjk_font.py again: the font lacks {''.join(lacking)}"
    # Its own name, not the full font's, so it is never taken for an installed Noto.
    assert font["name"].getDebugName(1) == "tuolaji CJK"
    assert font.flavor == "woff"
    assert FONT.stat().st_size < 100_000, "a subset stays small (tens of KB)"


def test_the_stylesheet_loads_the_font_first_for_chinese_text() -> None:
    css = CSS.read_text("utf-8")
    (face,) = re.findall(r"@font-face\s*\{(.*?)\}", css, flags=re.S)
    assert 'font-family: "tuolaji CJK"' in face
    (url,) = re.findall(r'url\("([^"]+)"\)', face)
    assert (CSS.parent / url).resolve() == FONT.resolve()
    for stack in ("--md-text-font-family", "--md-code-font-family"):
        (value,) = re.findall(stack + r":([^;]+);", css)
        families = [f.strip().strip('"') for f in value.split(",")]
        cjk = [i for i, f in enumerate(families) if "CJK" in f or "Hei" in f or "PingFang" in f]
        assert families.index("tuolaji CJK") == min(cjk), (stack, families)


def test_the_license_ships_with_the_font() -> None:
    text = (FONT.parent / "OFL.txt").read_text("utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in text
    assert "Noto Sans CJK SC" in text and "Adobe" in text


def test_the_package_font_covers_every_chinese_character_of_the_package() -> None:
    """The play page embeds src/tuolaji/tools/cjk-subset.woff (`cjk_font_face`), so that a
    message such as the card syntax's ``(or 小王, 大王)`` is drawn with no CJK font installed:
    it covers every CJK character of the package's source, and its license ships with it."""
    ttlib = need("fontTools.ttLib")
    package = ROOT / "src" / "tuolaji"
    wanted: set[str] = set()
    for path in package.rglob("*.py"):
        wanted.update(CJK.findall(path.read_text("utf-8")))
    assert {"小", "王", "大"} <= wanted
    font = ttlib.TTFont(str(package / "tools" / "cjk-subset.woff"))
    lacking = sorted(wanted - {chr(code) for code in font.getBestCmap()})
    assert not lacking, f"run tools/cjk_font.py again: the font lacks {''.join(lacking)}"
    assert font["name"].getDebugName(1) == "tuolaji CJK"
    assert (package / "tools" / "cjk-subset.woff").stat().st_size < 50_000
    assert "SIL OPEN FONT LICENSE" in (package / "tools" / "cjk-subset-OFL.txt").read_text("utf-8")
    packaged = (ROOT / "pyproject.toml").read_text("utf-8")
    assert '"tools/cjk-subset.woff", "tools/cjk-subset-OFL.txt"' in packaged
