"""Make the docs site's CJK font: the glyphs of every Chinese character the docs show, cut
from Noto Sans CJK SC (SIL Open Font License 1.1), so that 拖拉机, 升级, 双升 and the other
terms read on a machine with no CJK font installed (the site uses no CDN).

    python tools/cjk_font.py /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc

The font comes from the Debian package fonts-noto-cjk (``apt-get download fonts-noto-cjk``
and ``dpkg -x`` give the file without installing it). Two subsets are written (WOFF, zlib:
no extra module needed to read them), their family renamed ``tuolaji CJK`` so that neither
is taken for the full font, each with the license beside it:

- ``docs/assets/fonts/tuolaji-cjk.woff``: the characters of ``docs/``, ``mkdocs.yml`` and
  ``src/`` (the API pages show the docstrings), for the docs site;
- ``src/tuolaji/tools/cjk-subset.woff``: the characters of the package's own code (its
  messages, such as the card syntax's ``小王, 大王``), which the play page embeds.

``tests/docs/test_cjk_font.py`` checks that they cover every character, so run this again
after adding a Chinese term.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont

ROOT = Path(__file__).resolve().parents[1]
FONT = ROOT / "docs" / "assets" / "fonts" / "tuolaji-cjk.woff"
PACKAGE_FONT = ROOT / "src" / "tuolaji" / "tools" / "cjk-subset.woff"
FAMILY = "tuolaji CJK"
CJK = re.compile("[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]")
"""CJK radicals, punctuation, kana, ideographs, compatibility ideographs, full-width forms."""
SOURCES = ("docs", "mkdocs.yml", "src")
PACKAGE_SOURCES = ("src/tuolaji",)
SUFFIXES = (".md", ".py", ".yml", ".css", ".json", ".txt")


def cjk_characters(root: Path = ROOT, sources: tuple[str, ...] = SOURCES) -> set[str]:
    """Every CJK character of the docs' sources (see the module docstring)."""
    found: set[str] = set()
    for name in sources:
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


def write_subset(source: Path, text: str, out: Path) -> None:
    """The glyphs of ``text`` cut from ``source``, renamed, written to ``out``, with the
    license (``docs/assets/fonts/OFL.txt``) beside it."""
    font = _simplified_chinese(source)
    options = subset.Options()
    options.flavor = "woff"
    options.hinting = False
    options.desubroutinize = True
    options.layout_features = ["vert", "locl"]
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=text)
    subsetter.subset(font)
    names = font["name"]
    for record in list(names.names):
        where = (record.platformID, record.platEncID, record.langID)
        if record.nameID in (1, 4):
            names.setName(FAMILY, record.nameID, *where)
        elif record.nameID == 6:
            names.setName("tuolajiCJK-Regular", 6, *where)
        elif record.nameID == 3:
            names.setName(f"{FAMILY}: a subset of Noto Sans CJK SC", 3, *where)
    if "CFF " in font:
        cff = font["CFF "].cff
        cff.fontNames = ["tuolajiCJK-Regular"]
        top = cff.topDictIndex[0]
        top.FamilyName = top.FullName = FAMILY
    out.parent.mkdir(parents=True, exist_ok=True)
    subset.save_font(font, str(out), options)
    if out != FONT:
        license_text = (FONT.parent / "OFL.txt").read_text("utf-8")
        (out.parent / f"{out.stem}-OFL.txt").write_text(
            license_text.replace("tuolaji-cjk.woff", out.name, 1).replace(
                "the\ntuolaji documentation shows", "the\ntuolaji package's own text holds", 1
            ),
            "utf-8",
        )
    print(f"wrote {out.relative_to(ROOT)}: {len(text)} characters, {out.stat().st_size} bytes")


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    source = Path(argv[0])
    write_subset(source, "".join(sorted(cjk_characters())), FONT)
    package = cjk_characters(sources=PACKAGE_SOURCES)
    write_subset(source, "".join(sorted(package)), PACKAGE_FONT)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
