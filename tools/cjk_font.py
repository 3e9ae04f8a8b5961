"""Make the docs site's CJK font: the glyphs of every Chinese character the docs show, cut
from Noto Sans CJK SC (SIL Open Font License 1.1), so that 拖拉机, 升级, 双升 and the other
terms read on a machine with no CJK font installed (the site uses no CDN).

    python tools/cjk_font.py /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc

The font comes from the Debian package fonts-noto-cjk (``apt-get download fonts-noto-cjk``
and ``dpkg -x`` give the file without installing it). The characters are those of
``docs/``, ``mkdocs.yml`` and ``src/`` (the API pages show the docstrings); the subset is
written as ``docs/assets/fonts/tuolaji-cjk.woff`` (WOFF, zlib: no extra module needed to
read it), its family renamed ``tuolaji CJK`` so that it is never taken for the full font,
with the license beside it. ``tests/docs/test_cjk_font.py`` checks that it covers every
character, so run this again after adding a Chinese term.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont

ROOT = Path(__file__).resolve().parents[1]
FONT = ROOT / "docs" / "assets" / "fonts" / "tuolaji-cjk.woff"
FAMILY = "tuolaji CJK"
CJK = re.compile("[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]")
"""CJK radicals, punctuation, kana, ideographs, compatibility ideographs, full-width forms."""
SOURCES = ("docs", "mkdocs.yml", "src")
SUFFIXES = (".md", ".py", ".yml", ".css", ".json", ".txt")


def cjk_characters(root: Path = ROOT) -> set[str]:
    """Every CJK character of the docs' sources (see the module docstring)."""
    found: set[str] = set()
    for name in SOURCES:
        path = root / name
        files = [path] if path.is_file() else sorted(path.rglob("*"))
        for file in files:
            if file.is_file() and file.suffix in SUFFIXES:
                found.update(CJK.findall(file.read_text("utf-8", errors="ignore")))
    return found


def _simplified_chinese(path: Path) -> TTFont:
    if path.suffix.lower() == ".ttc":
        for font in TTCollection(str(path)).fonts:
            if font["name"].getDebugName(1) == "Noto Sans CJK SC":
                return font
        raise SystemExit(f"{path} holds no Noto Sans CJK SC")
    return TTFont(str(path))


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    font = _simplified_chinese(Path(argv[0]))
    options = subset.Options()
    options.flavor = "woff"
    options.hinting = False
    options.desubroutinize = True
    options.layout_features = ["vert", "locl"]
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]
    subsetter = subset.Subsetter(options)
    subsetter.populate(text="".join(sorted(cjk_characters())))
    subsetter.subset(font)
    names = font["name"]
    for record in list(names.names):
        if record.nameID in (1, 4):
            names.setName(FAMILY, record.nameID, record.platformID, record.platEncID, record.langID)
        elif record.nameID == 6:
            names.setName(
                "tuolajiCJK-Regular", 6, record.platformID, record.platEncID, record.langID
            )
        elif record.nameID == 3:
            names.setName(
                f"{FAMILY}: a subset of Noto Sans CJK SC",
                3,
                record.platformID,
                record.platEncID,
                record.langID,
            )
    if "CFF " in font:
        cff = font["CFF "].cff
        cff.fontNames = ["tuolajiCJK-Regular"]
        top = cff.topDictIndex[0]
        top.FamilyName = top.FullName = FAMILY
    FONT.parent.mkdir(parents=True, exist_ok=True)
    subset.save_font(font, str(FONT), options)
    print(
        f"wrote {FONT.relative_to(ROOT)}: {len(cjk_characters())} characters, "
        f"{FONT.stat().st_size} bytes"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
