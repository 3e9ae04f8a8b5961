"""The built docs site in a real headless Chromium (issue 34, "a site that fits"): every page
at 1280 and 1024 px with nothing wider than its column, the Chinese terms drawn with a CJK
font rather than as boxes, and the header's search box finding pages when the site is
served.

The site is built once for this module (tests/site_build.py, as tests/docs/test_site_html.py
builds it) and opened from disk (``file://``), as a reader opens it, except for search, which
needs the site served (``python -m http.server`` in site/): the test serves it the same way.
"""

from __future__ import annotations

import functools
import html
import re
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from extras import launched_chromium
from site_build import build_site
from tuolaji.state.pictures import INDEX_HEIGHT, STEP

pytestmark = pytest.mark.slow  # one build of the site and ~20 pages opened per width

WIDTHS = (1280, 1024)

# What passes the content column of a page: every element of the page's text whose right
# edge is past the column's, unless an ancestor inside the column scrolls or clips it (then
# that ancestor is measured instead: a wide table scrolls inside its wrapper). Code blocks
# must not need their own scrollbar at all: they wrap (docs/stylesheets/extra.css).
MEASURE = """() => {
  const column = document.querySelector('.md-content__inner');
  const edge = column.getBoundingClientRect().right + 0.5;
  const name = (el) => el.tagName.toLowerCase() + (el.className ? '.' + el.className : '');
  const scrolls = (el) => ['auto', 'scroll', 'hidden'].includes(getComputedStyle(el).overflowX);
  const past = [];
  for (const el of column.querySelectorAll('*')) {
    const box = el.getBoundingClientRect();
    if (!box.width || box.right <= edge) continue;
    let inside = false;
    for (let up = el.parentElement; up && up !== column; up = up.parentElement) {
      if (scrolls(up)) { inside = true; break; }
    }
    if (!inside) {
      past.push(name(el) + ' ends at ' + Math.round(box.right) + ' > ' + Math.round(edge)
                + ': ' + (el.textContent || '').trim().slice(0, 50));
    }
  }
  const blocks = [...column.querySelectorAll('pre > code')];
  return {
    page: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
    past: past,
    scrolled: blocks.filter((c) => c.scrollWidth > c.clientWidth + 1)
      .map((c) => c.textContent.trim().slice(0, 50)),
    counts: {
      pre: column.querySelectorAll('pre').length,
      table: column.querySelectorAll('table').length,
      picture: column.querySelectorAll('img, svg').length,
    },
  };
}"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_site(tmp_path_factory.mktemp("site"))


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    with launched_chromium() as browser:
        yield browser


def site_pages(site: Path) -> list[Path]:
    # 404.html is only ever sent by a server, for any path: its links are absolute.
    return [p for p in sorted(site.glob("*.html")) if p.name != "404.html"]


@pytest.mark.parametrize("width", WIDTHS)
def test_no_code_block_or_table_passes_its_column(site: Path, chromium: Any, width: int) -> None:
    """At 1280 and 1024 px, on every page: the page has no horizontal scrollbar, no element
    ends past the content column (a wide table scrolls inside it), and no code block needs
    a scrollbar to show its lines."""
    page = chromium.new_page(viewport={"width": width, "height": 900})
    found: dict[str, dict[str, Any]] = {}
    totals = {"pre": 0, "table": 0, "picture": 0}
    for path in site_pages(site):
        page.goto(path.as_uri())
        seen = page.evaluate(MEASURE)
        for key in totals:
            totals[key] += seen["counts"][key]
        if seen["page"] > seen["viewport"] or seen["past"] or seen["scrolled"]:
            found[path.name] = {k: seen[k] for k in ("page", "past", "scrolled")}
    page.close()
    assert not found, f"at {width} px: {found}"
    # The pages were measured, not empty: the site has many code blocks and tables.
    assert totals["pre"] > 100 and totals["table"] > 15, totals


def test_the_measure_sees_code_cut_without_the_sites_stylesheet(site: Path, chromium: Any) -> None:
    """The check above catches what the reader saw before docs/stylesheets/extra.css: with the
    stylesheet removed, getting started's code blocks scroll at 1280 px (their lines cut at
    the block's right edge)."""
    page = chromium.new_page(viewport={"width": 1280, "height": 900})
    page.goto((site / "getting-started.html").as_uri())
    assert page.evaluate("() => document.querySelectorAll('link[href$=\"extra.css\"]').length")
    page.evaluate("() => document.querySelector('link[href$=\"extra.css\"]').remove()")
    seen = page.evaluate(MEASURE)
    page.close()
    assert seen["scrolled"] or seen["past"], seen


def test_chinese_terms_are_drawn_not_boxes(site: Path, chromium: Any) -> None:
    """拖拉机, 升级 and 双升 in the site's own font stack (the page's text and its code) are
    drawn, with no CJK font installed on the machine: the site's own subset font
    ("tuolaji CJK", docs/assets/fonts) is loaded for them (the face Chromium loaded, not a
    system fallback), and each character's pixels differ from those of a private-use code
    point (U+E000), which no font draws, so it shows the box a missing glyph shows, and the
    characters differ from each other (boxes would all be the same)."""
    page = chromium.new_page(viewport={"width": 1280, "height": 900})
    page.goto((site / "index.html").as_uri())
    family = page.evaluate("() => getComputedStyle(document.body).fontFamily")
    assert "tuolaji CJK" in family, family  # the stack of extra.css is applied
    loaded = page.evaluate(
        """async () => {
          const faces = await document.fonts.load('40px "tuolaji CJK"', '拖拉机升级双升');
          return faces.map((f) => [f.family, f.status]);
        }"""
    )
    assert loaded in ([['"tuolaji CJK"', "loaded"]], [["tuolaji CJK", "loaded"]]), loaded
    page.evaluate(
        """() => {
          const box = document.createElement('p');
          box.id = 'glyphs';
          const chars = ['拖', '拉', '机', '升', '级', '双', '\\ue000'];
          for (const [where, tag] of [['text', 'span'], ['code', 'code']]) {
            chars.forEach((c, i) => {
              const el = document.createElement(tag);
              el.id = where + '-' + i;
              el.textContent = c;
              el.style.cssText = 'font-size: 40px; display: inline-block; padding: 4px';
              box.appendChild(el);
            });
          }
          document.querySelector('.md-content__inner').prepend(box);
        }"""
    )
    for where in ("text", "code"):
        shots = [page.locator(f"#{where}-{i}").screenshot() for i in range(7)]
        *chinese, tofu = shots
        boxes = [i for i, shot in enumerate(chinese) if shot == tofu]
        assert not boxes, f"{where}: characters {boxes} are drawn as the missing-glyph box"
        assert len(set(chinese)) == len(chinese), f"{where}: characters drawn alike"
    page.close()


class QuietHandler(SimpleHTTPRequestHandler):
    """Serves files without a log line per request (the test's output stays readable)."""

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture
def served(site: Path) -> Iterator[str]:
    """The built site served as ``python -m http.server`` serves it, on a free local port."""
    handler = functools.partial(QuietHandler, directory=str(site))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def test_header_search_finds_pages_when_served(served: str, chromium: Any) -> None:
    """Served, the site has a search box in its header: typing "tractor" lists results that
    link to pages of the site, the rules among them."""
    page = chromium.new_page(viewport={"width": 1280, "height": 900})
    page.set_default_timeout(60_000)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(served + "index.html")
    box = page.locator("header .md-search__input")
    box.wait_for(state="visible")
    box.click()
    box.type("tractor")
    results = page.locator(".md-search-result__item a")
    results.first.wait_for(state="visible")
    links = results.evaluate_all("(links) => links.map((a) => a.href)")
    page.close()
    assert not errors, errors
    assert all(link.startswith(served) for link in links), links
    assert any("rules" in link for link in links), links


def test_the_docs_say_search_needs_the_site_served(site: Path) -> None:
    """Opened from disk the header has no search box (browsers refuse the search worker to
    ``file://`` pages): getting started says so and how to serve the site."""
    text = html.unescape(re.sub(r"<[^>]+>", "", (site / "getting-started.html").read_text("utf-8")))
    said = " ".join(text.split())
    assert "search needs the site served" in said, said[:500]
    assert "python -m http.server" in said and "file://" in said


def test_no_backslash_shows_before_a_bar(site: Path) -> None:
    """A ``|`` escaped inside a table cell's code shows its backslash (``NAME\\|FILE`` on the
    play page): no page's text has one."""
    shown = {}
    for path in site_pages(site):
        body = path.read_text("utf-8")
        body = re.sub(r"<(script|style)\b.*?</\1>", "", body, flags=re.S)
        text = html.unescape(re.sub(r"<[^>]+>", "", body))
        if "\\|" in text:
            shown[path.name] = [line.strip() for line in text.splitlines() if "\\|" in line]
    assert not shown, shown
    assert "--rules NAME or --rules FILE" in html.unescape(
        re.sub(r"<[^>]+>", "", (site / "play.html").read_text("utf-8"))
    )


def test_the_table_picture_shows_whole_joker_labels_and_a_readable_caption(
    site: Path, chromium: Any
) -> None:
    """Issue 43: in the table picture a card on top (the next card of a fan, one STEP along;
    the next row of a side hand, INDEX_HEIGHT down) cut the jokers' word, and the caption
    was 12 px on a 960 px picture. Here, drawn by Chromium: each joker's word fits in the
    part of the card no card covers, and the caption is at least 16 px."""
    page = chromium.new_page(viewport={"width": 960, "height": 640})
    page.goto((site / "pictures" / "table.svg").as_uri())
    boxes = page.evaluate(
        """() => ["tl-BJ", "tl-SJ"].map((id) => {
          const svg = document.documentElement;
          const g = document.createElementNS(svg.namespaceURI, "g");
          for (const child of document.getElementById(id).children) {
            g.appendChild(child.cloneNode(true));
          }
          svg.appendChild(g);
          // The word, however it is drawn (one text, or a letter per text).
          const word = [...g.querySelectorAll("text")].filter((t) => "JOKER".includes(
            t.textContent)).map((t) => t.getBoundingClientRect());
          const base = svg.getBoundingClientRect();
          return [Math.min(...word.map((r) => r.left)) - base.left,
            Math.min(...word.map((r) => r.top)) - base.top,
            Math.max(...word.map((r) => r.right)) - base.left,
            Math.max(...word.map((r) => r.bottom)) - base.top];
        })"""
    )
    for left, top, right, bottom in boxes:
        assert left >= 0 and top >= 0, boxes
        assert right <= STEP and bottom <= INDEX_HEIGHT, (boxes, STEP, INDEX_HEIGHT)
    caption = page.evaluate(
        """() => { const t = [...document.querySelectorAll("svg > text")].pop();
          return [t.textContent, parseFloat(t.getAttribute("font-size"))]; }"""
    )
    assert caption[0].startswith("playing") and caption[1] >= 16, caption
    page.close()
