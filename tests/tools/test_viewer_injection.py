"""Issue #19, finding 1: nothing in a record or a title runs in the replay viewer.

The page carries the game only as escaped JSON in a data block, escapes the title once,
fills its template in one pass, and pins its own script and style by hash in a
Content-Security-Policy. Unit tests check each of these; a real headless Chromium (driven by
Playwright) opens pages whose record name and title carry ``</script>``, ``<img onerror>``,
``<!--<script>``, the template's placeholders and U+2028, and finds the deal drawn and no
marker that the payloads would set.
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tuolaji as tl
from extras import launched_chromium
from tuolaji.tools.cli import main
from tuolaji.tools.viewer import fill, replay_html, script_json

MARK = "document.body.setAttribute('data-pwned','1')"
# A file name cannot hold "/", so the name's payloads avoid it; the title's need not.
EVIL_NAME = f"__DATA____TITLE__<img src=x onerror={MARK}><!--<script>\u2028__DEFS__.json"
EVIL_TITLE = (
    f'</script><script>{MARK}</script><img src=x onerror="{MARK}"><svg onload="{MARK}">'
    "<!--<script>__DATA__ __TITLE__ __CSP__ \u2028\u2029 & &amp; done"
)


@pytest.fixture(scope="module")
def game() -> tl.Game:
    played = tl.Game("tuolaji", seed=3)
    played.play_deal([tl.GreedyBot(s) for s in range(4)])
    return played


# --- the escaping, piece by piece ------------------------------------------------------------


@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(),
        lambda c: st.lists(c) | st.dictionaries(st.text(), c),
        max_leaves=20,
    )
)
def test_script_json_reads_back_and_holds_nothing_html_sees(value: Any) -> None:
    text = script_json(value)
    assert json.loads(text) == value
    assert not re.search("[<>&\u2028\u2029]", text)


def test_script_json_escapes_the_characters_that_end_a_script() -> None:
    text = script_json({"t": "</script><!--<script>&\u2028\u2029"})
    assert text == (
        '{"t":"\\u003c/script\\u003e\\u003c!--\\u003cscript\\u003e\\u0026\\u2028\\u2029"}'
    )


def test_fill_is_one_pass() -> None:
    # A value that holds a placeholder is inserted as it is, never substituted again.
    assert fill("__A__|__B__", {"A": "__B__", "B": "__A__"}) == "__B__|__A__"
    with pytest.raises(KeyError):
        fill("__MISSING__", {})


def _between(page: str, start: str, end: str) -> list[str]:
    return re.findall(re.escape(start) + "(.*?)" + re.escape(end), page, flags=re.S)


def test_the_title_is_escaped_once_and_the_data_is_json(game: tl.Game) -> None:
    page = replay_html(game, EVIL_TITLE)
    escaped = html.escape(EVIL_TITLE, quote=True)
    assert _between(page, "<title>", "</title>") == [escaped]
    assert _between(page, "<h1>", "</h1>") == [escaped]
    # Two script elements (the data, the program) and their closing tags, nothing more.
    assert page.count("<script") == 2 and page.count("</script") == 2
    assert "<!--" not in page
    (data,) = _between(page, '<script id="game" type="application/json">', "</script>")
    assert json.loads(data)["title"] == EVIL_TITLE
    assert json.loads(data)["deals"][0]["result"] == str(game.results[0])


def test_the_policy_pins_the_page_s_own_script_and_style(game: tl.Game) -> None:
    page = replay_html(game, "t")
    (policy,) = re.findall(r'http-equiv="Content-Security-Policy" content="([^"]*)"', page)
    (script,) = _between(page, "<script>", "</script>")
    (style,) = _between(page, "<style>", "</style>")

    def digest(text: str) -> str:
        return base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()

    assert "default-src 'none'" in policy
    assert f"script-src 'sha256-{digest(script)}';" in policy
    assert f"style-src 'sha256-{digest(style)}';" in policy
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
    assert " style=" not in page.split("<script", 1)[0]  # no style attribute to allow


def test_wrong_arguments_are_type_errors(game: tl.Game) -> None:
    with pytest.raises(TypeError, match="game"):
        replay_html(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="title"):
        replay_html(game, title=7)  # type: ignore[arg-type]


# --- in a real browser --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    with launched_chromium() as browser:
        yield browser


def open_page(chromium: Any, path: Path) -> tuple[Any, list[str]]:
    """``path`` opened at its end (key End); the page and every page error and dialog."""
    events: list[str] = []
    page = chromium.new_page()
    page.set_default_timeout(120_000)
    page.on("pageerror", lambda error: events.append(f"error: {error}"))
    page.on("dialog", lambda dialog: (events.append(f"dialog: {dialog.message}"), dialog.dismiss()))
    page.goto(f"{path.as_uri()}#keys=End")
    page.wait_for_function(
        "() => document.getElementById('result').textContent.startsWith('Result')"
    )
    return page, events


def assert_untouched(page: Any, events: list[str]) -> None:
    assert page.evaluate("document.querySelector('[data-pwned]')") is None
    assert page.evaluate("document.querySelectorAll('script').length") == 2
    assert page.evaluate("document.querySelectorAll('img, body > svg[onload]').length") == 0
    assert events == []


def test_a_hostile_record_name_stays_text_in_the_browser(
    chromium: Any, game: tl.Game, tmp_path: Path
) -> None:
    record = tmp_path / EVIL_NAME
    record.write_text(tl.write_record(game), encoding="utf-8")
    out = tmp_path / "page.html"
    assert main(["replay", str(record), "--html", str(out)]) == 0
    page, events = open_page(chromium, out)
    try:
        assert_untouched(page, events)
        title = f"tuolaji replay: {EVIL_NAME}"
        assert page.evaluate("document.querySelector('h1').textContent") == title
        assert page.text_content("#result") == f"Result: {game.results[0]}"
        assert page.evaluate("document.querySelectorAll('#table use').length") > 0
    finally:
        page.close()


def test_a_hostile_title_stays_text_in_the_browser(
    chromium: Any, game: tl.Game, tmp_path: Path
) -> None:
    out = tmp_path / "titled.html"
    out.write_text(replay_html(game, EVIL_TITLE), encoding="utf-8")
    page, events = open_page(chromium, out)
    try:
        assert_untouched(page, events)
        assert page.evaluate("document.querySelector('h1').textContent") == EVIL_TITLE
        assert page.text_content("#points") == str(game.results[0].attacker_points)
    finally:
        page.close()


def test_the_policy_stops_markup_that_got_into_the_page(
    chromium: Any, game: tl.Game, tmp_path: Path
) -> None:
    """Defence in depth: were a future bug to paste markup into the page, the policy would
    still keep its handlers and scripts from running."""
    injected = f'<img src=x onerror="{MARK}"><script>{MARK}</script>'
    out = tmp_path / "injected.html"
    out.write_text(replay_html(game, "t").replace("<body>", "<body>" + injected, 1), "utf-8")
    page, events = open_page(chromium, out)
    try:
        assert page.evaluate("document.querySelector('[data-pwned]')") is None
        assert not [e for e in events if e.startswith("error")]
    finally:
        page.close()
