"""The built docs site, read as a browser gets it (#20): the site is built once per test
session, with warnings as errors, and every page's HTML is parsed with the standard library.

A strict build does not see what these tests see: docstring markup that is not Markdown
(``:class:`Card``` shows as text), a fence Markdown does not recognise (the block renders
as a paragraph and swallows the heading after it), links that open a folder from disk,
duplicate ids, code without colour, and private helpers in the API reference.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit
from xml.etree import ElementTree

import attrs
import pytest

from site_build import build_site

pytestmark = pytest.mark.slow  # one build of the site, ~20 s

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
# In the HTML text the role's backticks are gone: Markdown made them a code span.
ROLE = re.compile(r":(?:py:)?(?:class|func|meth|attr|mod|data|exc|obj|const|ref):(?=\S)")
PRIVATE = re.compile(r"(?<![\w.])_[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)*\b(?!_)")
LAYERS = ["core", "state", "bots", "game", "rl", "tools", "testing"]
HEADINGS = {"h1", "h2", "h3", "h4", "h5", "h6"}
# Pygments token classes: a coloured block has spans with classes like these.
TOKEN = re.compile(r"^(?:k[cdnprt]?|n[abcdefilmostvx]?|s[12bcdehirx]?|m[bfhio]?|o[w]?|p|c[1ms]?)$")


@attrs.define
class Page:
    """What a browser shows of one HTML file of the built site."""

    path: Path
    text: list[str] = attrs.Factory(list)  # text outside <script> and <style>
    ids: list[str] = attrs.Factory(list)
    links: list[str] = attrs.Factory(list)  # href and src values
    headings: list[tuple[str, str]] = attrs.Factory(list)  # (id, text)
    code_blocks: list[tuple[str, int]] = attrs.Factory(list)  # (language, coloured spans)
    classes: Counter[str] = attrs.Factory(Counter)


class PageParser(HTMLParser):
    """Collects a [`Page`][] with the standard library's HTML parser."""

    def __init__(self, page: Page) -> None:
        super().__init__(convert_charrefs=True)
        self.page = page
        self.skip = 0  # inside <script>/<style>
        self.heading: tuple[str, str, list[str]] | None = None  # (tag, id, text)
        self.block: list[object] | None = None  # [language, coloured spans] of a <pre>
        self.language = ""

    def handle_starttag(self, tag: str, attributes: list[tuple[str, str | None]]) -> None:
        found = dict(attributes)
        if tag in ("script", "style"):
            self.skip += 1
        if found.get("id"):
            self.page.ids.append(str(found["id"]))
        for name in ("href", "src"):
            if found.get(name) is not None:
                self.page.links.append(str(found[name]))
        classes = (found.get("class") or "").split()
        self.page.classes.update(classes)
        if tag in HEADINGS:
            self.heading = (tag, str(found.get("id") or ""), [])
        if tag == "div" and "highlight" in classes:
            self.language = next(
                (c.removeprefix("language-") for c in classes if c.startswith("language-")), ""
            )
        if tag == "pre":
            self.block = [self.language, 0]
        if tag == "span" and self.block is not None and any(TOKEN.match(c) for c in classes):
            self.block[1] = int(str(self.block[1])) + 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self.skip -= 1
        if self.heading and tag == self.heading[0]:
            text = "".join(self.heading[2]).replace("¶", "").strip()
            self.page.headings.append((self.heading[1], " ".join(text.split())))
            self.heading = None
        if tag == "pre" and self.block is not None:
            self.page.code_blocks.append((str(self.block[0]), int(str(self.block[1]))))
            self.block = None
            self.language = ""

    def handle_data(self, data: str) -> None:
        if self.skip:
            return
        self.page.text.append(data)
        if self.heading:
            self.heading[2].append(data)


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built once with ``mkdocs build --strict`` (needs the docs extra)."""
    return build_site(tmp_path_factory.mktemp("site"))


@pytest.fixture(scope="session")
def pages(site: Path) -> dict[str, Page]:
    """Every HTML page of the site, by its path relative to the site (``rules.html``)."""
    found = {}
    for path in sorted(site.rglob("*.html")):
        if path.parent.name == "pictures":
            continue  # the live pages the pictures page shows in frames, not pages of the docs
        page = Page(path)
        PageParser(page).feed(path.read_text(encoding="utf-8"))
        found[path.relative_to(site).as_posix()] = page
    return found


def markdown_pages() -> list[Path]:
    return sorted(DOCS.rglob("*.md"))


def html_name(md: Path) -> str:
    return md.relative_to(DOCS).with_suffix(".html").as_posix()


def plain(markdown: str) -> str:
    """The text a Markdown heading shows: no ``{ #id }``, code ticks, emphasis or link targets."""
    text = re.sub(r"\s*\{[^}]*\}\s*$", "", markdown)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = text.replace("`", "").replace("**", "")
    return " ".join(text.split())


def source_headings(md: Path) -> list[str]:
    """The ``#`` headings of a Markdown page, outside fenced blocks."""
    headings, fenced = [], False
    for line in md.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and re.match(r"#{1,6} ", line):
            headings.append(plain(line.lstrip("#")))
    return headings


def test_every_page_is_built(pages: dict[str, Page]) -> None:
    """One HTML file per Markdown page, named after it: pages are files, not folders."""
    built = set(pages)
    expected = {html_name(md) for md in markdown_pages()}
    assert expected <= built, sorted(expected - built)
    assert not any(name.endswith("/index.html") for name in built), sorted(built)


def test_no_raw_sphinx_roles(pages: dict[str, Page]) -> None:
    """Docstrings are written in the site's cross-reference syntax: a ``:class:`` left in one
    shows as text."""
    raw = {
        name: sorted(set(ROLE.findall("".join(page.text))))
        for name, page in pages.items()
        if ROLE.search("".join(page.text))
    }
    assert not raw, f"raw Sphinx roles in the text of {raw}"
    assert ROLE.search("see :class:Card") and ROLE.search("see :class:`Card`")


def test_no_unresolved_cross_references(pages: dict[str, Page]) -> None:
    """A cross-reference autorefs could not resolve stays as ``[X][tuolaji.X]`` text."""
    left = {name for name, page in pages.items() if "][tuolaji" in "".join(page.text)}
    assert not left, sorted(left)


def test_internal_links_open_files(site: Path, pages: dict[str, Page]) -> None:
    """Every href and src that is not an outside address names a file of the site, so a
    site opened from disk (``file://``) opens a page, not a folder listing; and its
    ``#fragment`` is an id of the page it opens."""
    broken: list[str] = []
    checked = 0
    ids = {name: set(page.ids) for name, page in pages.items()}
    for name, page in pages.items():
        if name == "404.html":
            continue  # only ever sent by a server, for any path: its links are absolute
        for link in page.links:
            parts = urlsplit(link)
            if parts.scheme or parts.netloc or link.startswith("//"):
                continue  # an outside address (https:, mailto:, data:)
            target = (page.path.parent / unquote(parts.path)) if parts.path else page.path
            checked += 1
            if not target.is_file():
                broken.append(f"{name}: {link}")
                continue
            if parts.fragment and target.suffix == ".html":
                key = target.resolve().relative_to(site.resolve()).as_posix()
                if unquote(parts.fragment) not in ids[key]:
                    broken.append(f"{name}: {link} (no such id)")
    assert checked > 1000
    assert not broken, f"{len(broken)} internal links open no file or id: {broken[:20]}"


def test_no_duplicate_ids(pages: dict[str, Page]) -> None:
    dupes = {
        name: sorted(i for i, n in Counter(page.ids).items() if n > 1)
        for name, page in pages.items()
    }
    dupes = {name: found for name, found in dupes.items() if found}
    assert not dupes, f"ids used twice on a page: {dupes}"


@pytest.mark.parametrize("md", markdown_pages(), ids=lambda p: p.name)
def test_each_heading_of_the_page_is_a_heading(md: Path, pages: dict[str, Page]) -> None:
    """Every ``#`` heading of the Markdown is a heading of the HTML: none is swallowed by a
    block that did not close (the OpenSpiel heading of rl.md once ended inside code)."""
    shown = [text for _, text in pages[html_name(md)].headings]
    absent = [h for h in source_headings(md) if h not in shown]
    assert source_headings(md), md
    assert not absent, f"{md.name}: headings missing from the page: {absent}"


def test_named_headings(pages: dict[str, Page]) -> None:
    """A few headings a reader looks for, named here so that losing them from the Markdown
    fails too."""
    expected = {
        "rl.html": ["PettingZoo (tuolaji[pettingzoo])", "OpenSpiel (tuolaji[openspiel])"],
        "rules.html": ["R7.3 Follow the shape", "R11. Errors instead of penalties"],
        "getting-started.html": ["Install", "This documentation"],
        "architecture.html": [
            "The layers",
            "core: the rules core",
            "testing: the testing kit, beside the stack",
        ],
    }
    for name, headings in expected.items():
        shown = [text for _, text in pages[name].headings]
        assert all(h in shown for h in headings), (name, headings, shown)
    assert "Imports point down." in "".join(pages["architecture.html"].text)


def test_architecture_is_linked(pages: dict[str, Page]) -> None:
    """The architecture page (#18) is in the navigation of every page and linked from the
    home page's text."""
    linked = {n: {link.rsplit("/", 1)[-1] for link in p.links} for n, p in pages.items()}
    assert all("architecture.html" in links for n, links in linked.items() if n != "404.html")
    home = (DOCS / "index.md").read_text("utf-8")
    assert "(architecture.md)" in home


def test_api_reference_groups(pages: dict[str, Page]) -> None:
    """The API reference is one page per layer, lowest first, each with an introduction,
    listed on its index page; no page is as tall as the one page was (issue 43)."""
    index = pages["api.html"]
    assert "tuolaji" in index.ids
    text = "".join(index.text)
    for heading in ("core: the rules core", "state: the state machine", "game: the facade"):
        assert heading in text
    for layer in LAYERS:
        page = pages[f"api/{layer}.html"]
        (title,) = [t for _, t in page.headings if t.startswith(f"{layer}: ")][:1]
        assert title
    assert "tuolaji.GameState" in pages["api/state.html"].ids
    assert "tuolaji.Card" in pages["api/core.html"].ids
    sizes = {name: len("".join(p.text)) for name, p in pages.items() if name.startswith("api/")}
    assert max(sizes.values()) < 0.6 * sum(sizes.values()), sizes


def test_every_constant_of_the_reference_is_described(site: Path) -> None:
    """Issue 43: ``BIG_JOKER`` was shown with no description. Every module attribute of the
    API pages has some text under its heading."""
    bare = []
    for path in sorted((site / "api").glob("*.html")):
        html = path.read_text("utf-8")
        for block in html.split('<div class="doc doc-object doc-attribute">')[1:]:
            ident = re.search(r'id="([^"]+)"', block)
            contents = block.split('class="doc doc-contents', 1)[1].split("</div>", 1)[0]
            if not re.sub(r"<[^>]+>|\s", "", contents.split(">", 1)[1]):
                bare.append(ident.group(1) if ident else "?")
    assert not bare, f"attributes without a description: {bare}"


def test_code_is_coloured(pages: dict[str, Page], site: Path) -> None:
    """Code blocks are highlighted at build time: Pygments spans in the HTML, and a
    stylesheet that colours them."""
    python = [(name, spans) for name, p in pages.items() for lang, spans in p.code_blocks
              if lang == "python"]  # fmt: skip
    assert len(python) > 50
    plain_blocks = [name for name, spans in python if spans == 0]
    assert not plain_blocks, f"Python blocks without colour on {sorted(set(plain_blocks))}"
    assert pages["rl.html"].classes["kn"] >= 2  # "import" in both adapter examples
    styles = "".join(p.read_text("utf-8") for p in (site / "assets").rglob("*.css"))
    assert ".highlight .kn" in styles or ".highlight .k," in styles or ".highlight .k{" in styles


def test_no_private_names_shown(pages: dict[str, Page]) -> None:
    """Private helpers stay out of the reference and the guides: no ``_Presets`` or
    ``_TUOLAJI`` behind ``RULESETS``, no private base classes, defaults or type variables in
    signatures. (The architecture page names the source files, ``_compat.py`` included.)"""
    shown = {
        name: sorted(set(PRIVATE.findall("".join(page.text))))
        for name, page in pages.items()
        if name not in ("404.html", "architecture.html")
    }
    shown = {name: found for name, found in shown.items() if found}
    assert not shown, f"private names in the text of {shown}"
    assert PRIVATE.findall("RULESETS = _Presets({'tuolaji': _TUOLAJI})") == ["_Presets", "_TUOLAJI"]
    assert "tuolaji.RULESETS" in pages["api/core.html"].ids


def test_no_seed_numbers(pages: dict[str, Page]) -> None:
    """The variants are named ("basic 拖拉机 rules", "双升"), not by the seed files' numbers."""
    seeds = [name for name, page in pages.items() if re.search(r"seed 00\d", "".join(page.text))]
    assert not seeds, seeds


def test_search_finds_every_rule(site: Path) -> None:
    """Each rule of docs/rules.md is a section of the search index (searching ``R7.3`` lands
    on ``rules.html#r7.3``)."""
    index = json.loads((site / "search" / "search_index.json").read_text("utf-8"))
    sections = {doc["location"]: doc["title"] for doc in index["docs"]}
    rules = re.findall(r"\{ #r(\d+(?:\.\d+)?) \}", (DOCS / "rules.md").read_text("utf-8"))
    assert len(rules) > 40
    unsearchable = [
        f"R{n}" for n in rules if not sections.get(f"rules.html#r{n}", "").startswith(f"R{n}")
    ]
    assert not unsearchable, f"rules with no section in the search index: {unsearchable}"


def test_site_says_how_to_serve_it(pages: dict[str, Page]) -> None:
    """Search needs the site served: the docs say so, and how."""
    text = "".join(pages["getting-started.html"].text)
    assert "python -m mkdocs serve" in text and "file://" in text


# --- pictures (#34 item 1) -----------------------------------------------------------------

# The players' pages: the topic pages and the rule book. The programmers' pages (cards-and-
# trump.md, tricks.md, rules-and-scoring.md) hold the rule book's examples as doctests.
PLAYER_PAGES = ["rules.html", *(html_name(md) for md in sorted(DOCS.glob("rules-*.md")))]
PLAYER_PAGES.remove("rules-and-scoring.html")
# What the hook (tools/docs_pictures.py) draws; each picture of the docs, by file.
PICTURE_FILES = [
    "hand.svg",
    "order.svg",
    "counters.svg",
    "follow.svg",
    "tractors.svg",
    "trick.svg",
    "throw.svg",
    "kitty.svg",
    "bids.svg",
    "levels.svg",
    "table.svg",
    "viewer.html",
    "play.html",
]
SVG = "{http://www.w3.org/2000/svg}"


class PictureParser(HTMLParser):
    """The pictures a page shows: ``(tag, src, words)`` for each ``<img>`` (its alt),
    ``<iframe>`` (its title) and top-level inline ``<svg>`` (its ``<title>`` or aria-label)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[str, str, str]] = []
        self.svg_depth = 0
        self.in_title = False

    def handle_starttag(self, tag: str, attributes: list[tuple[str, str | None]]) -> None:
        found = {k: v or "" for k, v in attributes}
        if tag == "img":
            self.found.append(("img", found.get("src", ""), found.get("alt", "")))
        elif tag == "iframe":
            self.found.append(("iframe", found.get("src", ""), found.get("title", "")))
        elif tag == "svg":
            if not self.svg_depth:
                self.found.append(("svg", "", found.get("aria-label", "")))
            self.svg_depth += 1
        elif tag == "title" and self.svg_depth:
            self.in_title = True

    def handle_endtag(self, tag: str) -> None:
        if tag == "svg" and self.svg_depth:
            self.svg_depth -= 1
        if tag == "title":
            self.in_title = False

    def handle_data(self, data: str) -> None:
        if self.in_title and self.found and self.found[-1][0] == "svg":
            kind, src, words = self.found[-1]
            self.found[-1] = (kind, src, words + data)


def pictures_of(page: Page) -> list[tuple[str, str, str]]:
    parser = PictureParser()
    parser.feed(page.path.read_text(encoding="utf-8"))
    # The theme's icons are inline SVG too: a picture of the docs is in the article.
    return [p for p in parser.found if p[0] != "svg" or p[2].strip()]


def test_every_players_page_shows_a_picture_with_words(pages: dict[str, Page]) -> None:
    """Each rules page a player reads shows a picture (an image, an inline SVG or a live
    page), and each picture says in words what it shows (alt or title text)."""
    assert len(PLAYER_PAGES) >= 8, PLAYER_PAGES
    bare = {}
    for name in PLAYER_PAGES:
        shown = [p for p in pictures_of(pages[name]) if p[1].startswith("pictures/")]
        if not shown or any(len(words.split()) < 4 for _, _, words in shown):
            bare[name] = shown
    assert not bare, f"players' pages with no picture, or a picture with no words: {bare}"


def test_every_picture_file_is_a_valid_drawing(site: Path, pages: dict[str, Page]) -> None:
    """Every image a page shows is a file of the site; an SVG one parses as an SVG document
    with a title; a live page is a whole HTML page."""
    checked = set()
    for name, page in pages.items():
        for _, src, words in pictures_of(page):
            if not src or urlsplit(src).scheme:
                continue
            path = (site / name).parent / unquote(urlsplit(src).path)
            assert path.is_file(), (name, src)
            assert words.strip(), (name, src, "no alt or title text")
            if path.suffix == ".svg":
                root = ElementTree.fromstring(path.read_text(encoding="utf-8"))
                assert root.tag == f"{SVG}svg", (src, root.tag)
                title = root.find(f"{SVG}title")
                assert title is not None and (title.text or "").strip(), src
                if path.name != "levels.svg":  # the one chart: no card in it
                    assert root.findall(f".//{SVG}use"), (src, "no card placed")
            else:
                text = path.read_text(encoding="utf-8")
                assert text.startswith("<!DOCTYPE html>") and "</html>" in text, src
            checked.add(path.name)
    assert set(PICTURE_FILES) <= checked, sorted(set(PICTURE_FILES) - checked)


def test_the_pictures_page_shows_every_picture(pages: dict[str, Page]) -> None:
    """The page called Pictures shows each picture the docs draw, the replay viewer and the
    play page included (as live pages in frames)."""
    shown = {Path(src).name: kind for kind, src, _ in pictures_of(pages["pictures.html"])}
    missing_pictures = [f for f in PICTURE_FILES if f not in shown]
    assert not missing_pictures, missing_pictures
    assert shown["viewer.html"] == shown["play.html"] == "iframe"


def test_the_docs_draw_at_least_twelve_distinct_pictures(site: Path) -> None:
    """Issue 43: twelve pictures or more, each its own drawing (no two files alike), and the
    list above is the hook's (tools/docs_pictures.py)."""
    files = sorted((site / "pictures").iterdir())
    assert sorted(p.name for p in files) == sorted(PICTURE_FILES)
    assert len({p.read_bytes() for p in files}) == len(files) >= 12


def test_no_doctest_prompt_on_a_players_page(pages: dict[str, Page]) -> None:
    """The rules pages a player reads hold no ``>>>`` examples: those are on the
    programmers' pages, where they are still run."""
    prompts = [name for name in PLAYER_PAGES if ">>>" in "".join(pages[name].text)]
    assert not prompts, prompts
    moved = "".join(pages["tricks.html"].text)
    assert ">>>" in moved and "Examples from the rule book" in moved


def test_no_generated_picture_is_kept_in_the_docs() -> None:
    """The pictures are drawn at build time: none is a file of docs/ (so none is committed)."""
    kept = [
        p.name
        for p in DOCS.rglob("*")
        if p.suffix in (".svg", ".png") or "pictures" in p.relative_to(DOCS).parts[:-1]
    ]
    assert not kept, kept


def test_the_api_reference_shows_each_value_meaning_from_the_declaration(
    pages: dict[str, Page],
) -> None:
    """Each value's meaning is written once, in its field's declaration (issue 41): the API
    reference shows each field's ``RULE_FIELDS[name].doc``, then the field's own notes."""
    from tuolaji.core.rules import RULE_FIELDS  # noqa: PLC0415

    text = " ".join(" ".join(pages["api/core.html"].text).split())
    for name, field in RULE_FIELDS.items():
        for _, meaning in field.values.meanings():
            assert " ".join(meaning.replace("``", "").split()) in text, (name, meaning)
    assert "no_bid_first_deal" in text  # the notes of no_bid_dealer follow its values
