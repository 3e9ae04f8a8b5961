"""One page skeleton (issue 30, item 7): the replay viewer's page and the page of ``tuolaji play
--serve`` are both built by `tuolaji.tools.viewer.table_page`, which writes the head, the
policy, the elements the shared table script draws in and the embedded JSON once."""

from __future__ import annotations

import json
import re

from play_helpers import new_table

import tuolaji as tl
from tuolaji.state.pictures import TABLE_LAYOUT
from tuolaji.tools.play_server import page_html
from tuolaji.tools.viewer import TABLE_SCRIPT, TABLE_STYLE, page_csp, replay_html, table_page

HEAD = '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">\n'
POLICY = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">')
NO_REFERRER = '<meta name="referrer" content="no-referrer">'
GAME = re.compile(r'<script id="game" type="application/json">(.*?)</script>', re.S)
# The elements TABLE_SCRIPT reads and draws in, on every page of the table.
SHARED = (
    '<span id="meta"></span>',
    '<svg id="table" xmlns="http://www.w3.org/2000/svg"',
    '<svg id="defs" xmlns="http://www.w3.org/2000/svg"',
    '<script id="game" type="application/json">',
    '<aside aria-live="polite">',
)


def pages() -> dict[str, str]:
    game = tl.Game("tuolaji", 5)
    game.play_deal([tl.GreedyBot(seed=s) for s in range(4)])
    return {"replay": replay_html(game), "play": page_html(new_table(), "TOKEN")}


def test_both_pages_share_the_skeleton_and_what_the_table_script_reads() -> None:
    found = pages()
    for name, page in found.items():
        assert page.startswith(HEAD) and page.endswith("</body></html>\n"), name
        for element in SHARED:
            assert page.count(element) == 1, (name, element)
        data = json.loads(GAME.findall(page)[0])
        assert data["layout"] == json.loads(json.dumps(TABLE_LAYOUT)), name
        assert data["names"]["back"] == "a card face down" and len(data["names"]) == 55, name
    assert "<title>tuolaji replay</title>" in found["replay"]
    assert "<title>tuolaji play</title>" in found["play"]


def test_a_file_page_carries_its_policy_and_a_served_page_no_referrer() -> None:
    """The viewer's page is opened from a file: no server sends it headers, so its policy is in
    a meta element. The play page's server sends the policy; the page's address holds the
    game's token, so it sends no referrer."""
    found = pages()
    assert len(POLICY.findall(found["replay"])) == 1 and NO_REFERRER not in found["replay"]
    assert not POLICY.findall(found["play"]) and found["play"].count(NO_REFERRER) == 1


def test_the_skeleton_escapes_the_title_and_pins_the_page_script_and_style() -> None:
    script, style = TABLE_SCRIPT + "draw();\n", TABLE_STYLE
    page = table_page(
        '<b>"x"</b> & __DATA__',
        style=style,
        script=script,
        data={"seed": 1},
        controls="<nav></nav>\n",
        aside="<p></p>\n",
    )
    assert "<title>&lt;b&gt;&quot;x&quot;&lt;/b&gt; &amp; __DATA__</title>" in page
    assert "<h1>&lt;b&gt;&quot;x&quot;&lt;/b&gt; &amp; __DATA__</h1>" in page
    assert POLICY.findall(page) == [page_csp(script, style)]
    assert json.loads(GAME.findall(page)[0])["seed"] == 1
    assert f"<script>{script}</script>" in page and f"<style>{style}</style>" in page
    assert "<nav></nav>\n<main>" in page and "<p></p>\n</aside>" in page
