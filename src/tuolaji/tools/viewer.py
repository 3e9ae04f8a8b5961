"""The replay viewer: one self-contained HTML page that steps through a recorded game
trick by trick (``python -m tuolaji replay FILE --html OUT.html``).

The page needs no network: its style, script and card drawings
([`tuolaji.svg.card_defs`][tuolaji.svg.card_defs]) are inline, and the game is embedded as JSON,
one frame per trick (the hands after it, the trick's plays, the attackers' points), plus the kitty
and the result at the end of each deal.

Keys: → / ← next and previous trick, ↓ / ↑ next and previous deal, Home / End the start and
the end of the game. A URL fragment drives the page without a person, for tests and links:
``#deal=3&trick=5`` opens that frame, ``#keys=ArrowRight:30,End`` presses keys in order
(``key:count``), ``#click=next:4`` clicks a button (``first prev next last prevdeal
nextdeal``).

Whatever a record or a title holds, it stays data (issue #19): the game goes into the page
only as JSON inside ``<script type="application/json">``, escaped for that element
(`script_json`) and read with ``JSON.parse``; the title is HTML-escaped once; the
template is filled in one pass (`fill`), so a value holding a placeholder such as
``__DATA__`` is never substituted again; and a Content-Security-Policy lets the browser run
only the page's own script and style (pinned by their SHA-256 hashes), nothing injected.
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import re
from collections.abc import Mapping
from typing import Any

from tuolaji.core.cards import Card, format_hand
from tuolaji.core.rules import preset_name
from tuolaji.game.facade import Game
from tuolaji.state.actions import Phase, ThrowFailed
from tuolaji.state.gamestate import GameState
from tuolaji.state.pictures import card_defs

__all__ = ["fill", "game_frames", "replay_html", "script_json"]


def _ids(cards: tuple[Card, ...] | list[Card]) -> list[str]:
    return [str(c) for c in cards]


def _frame(state: GameState, previous: GameState | None) -> dict[str, Any]:
    trump = state.trump
    hands = [_ids(trump.sorted(h) if trump is not None else h) for h in state.hands]
    frame: dict[str, Any] = {
        "hands": hands,
        "points": state.attacker_points,
        "trick": None,
        "notes": [],
    }
    if state.tricks and (previous is None or len(previous.tricks) < len(state.tricks)):
        last = state.tricks[-1]
        frame["trick"] = {
            "number": len(state.tricks),
            "leader": last.leader,
            "plays": [_ids(p) for p in last.plays],
            "winner": last.winner,
            "points": last.points,
        }
    start = len(previous.events) if previous is not None else 0
    for event in state.events[start:]:
        if isinstance(event, ThrowFailed):
            frame["notes"].append(
                f"seat {event.seat}'s throw {format_hand(event.attempt)} failed: "
                f"{format_hand(event.forced)} was led"
            )
    return frame


def _deal(states: list[GameState], number: int) -> dict[str, Any]:
    first = states[0]
    frames = [_frame(first, None)]
    frames[0]["notes"] = []
    previous = first
    for state in states[1:]:
        if len(state.tricks) > len(previous.tricks):
            frames.append(_frame(state, previous))
            previous = state
    last = states[-1]
    assert first.trump is not None and first.dealer is not None
    deal: dict[str, Any] = {
        "number": number,
        "dealer": first.dealer,
        "trump": str(first.trump),
        "levels": [lv.label for lv in first.levels],
        "frames": frames,
        "kitty": None,
        "result": None,
        "final_points": None,
    }
    if last.result is not None:
        deal["kitty"] = _ids(last.kitty)
        deal["result"] = str(last.result)
        deal["final_points"] = last.result.attacker_points
        deal["levels_after"] = [lv.label for lv in last.result.levels]
    return deal


def game_frames(game: Game) -> list[dict[str, Any]]:
    """The deals of ``game`` that reached play, each with its frames (see the module
    docstring); the data the page embeds."""
    by_deal: dict[int, list[GameState]] = {}
    for state in game.history:
        if state.phase in (Phase.PLAYING, Phase.FINISHED):
            by_deal.setdefault(state.deal_number, []).append(state)
    return [_deal(states, number + 1) for number, states in sorted(by_deal.items())]


_SCRIPT_ESCAPES = {
    "<": "\\u003c",
    ">": "\\u003e",
    "&": "\\u0026",
    "\u2028": "\\u2028",
    "\u2029": "\\u2029",
}
_SCRIPT_UNSAFE = re.compile("[<>&\u2028\u2029]")


def script_json(value: Any) -> str:
    """``value`` as JSON text safe inside an HTML ``<script type="application/json">``
    element: ``<``, ``>``, ``&``, U+2028 and U+2029 are written as ``\\u`` escapes (outside
    strings JSON has none of them), so no ``</script>`` or ``<!--`` can appear and
    ``JSON.parse`` reads back exactly ``value``."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return _SCRIPT_UNSAFE.sub(lambda m: _SCRIPT_ESCAPES[m.group()], text)


_PLACEHOLDER = re.compile(r"__([A-Z]+)__")


def fill(template: str, values: Mapping[str, str]) -> str:
    """``template`` with every ``__NAME__`` replaced by ``values["NAME"]``, in one pass: the
    values are inserted as they are and never searched for placeholders themselves. A
    placeholder without a value raises `KeyError` (a bug in the template)."""
    return _PLACEHOLDER.sub(lambda m: values[m.group(1)], template)


def replay_html(game: Game, title: str = "tuolaji replay") -> str:
    """One self-contained HTML page that replays ``game`` trick by trick, titled ``title``
    (any text: it is escaped, see the module docstring)."""
    if not isinstance(game, Game):
        raise TypeError(f"game is a tuolaji Game, got {type(game).__name__}")
    if not isinstance(title, str):
        raise TypeError(f"title is a str, got {type(title).__name__}")
    data = {
        "title": title,
        "rules": preset_name(game.rules) or "house rules",
        "seed": game.seed,
        "deals": game_frames(game),
    }
    return fill(
        _PAGE,
        {
            "CSP": _CSP,
            "TITLE": html.escape(title, quote=True),
            "STYLE": _STYLE,
            "DEFS": card_defs(),
            "DATA": script_json(data),
            "SCRIPT": _SCRIPT,
        },
    )


_STYLE = """body { font-family: "DejaVu Sans", Arial, sans-serif; background: #eee; margin: 12px; }
header, nav, #info { display: flex; gap: 10px; align-items: center; flex-wrap: wrap; }
nav button { font-size: 15px; padding: 4px 10px; }
#table { background: #1f6b3a; border-radius: 14px; display: block; margin-top: 8px; }
#info span { background: #fff; padding: 3px 8px; border-radius: 4px; }
#notes { color: #8a1c1c; min-height: 1.2em; }
.seat { fill: #f4f4f4; font-size: 14px; }
.win { fill: #ffd84a; font-weight: bold; }
h1 { font-size: 20px; margin: 0; }
#defs { position: absolute; }
"""

_SCRIPT = """"use strict";
const GAME = JSON.parse(document.getElementById("game").textContent);
const W = 960, H = 640, CW = 56, CH = 80, SVGNS = "http://www.w3.org/2000/svg";
let deal = 0, frame = 0;

function el(name, attrs, text) {
  const node = document.createElementNS(SVGNS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}
function row(parent, cards, x, y, step, cls) {
  const g = el("g", {class: cls});
  cards.forEach((c, i) => g.appendChild(el("use", {href: "#tl-" + c, x: x + i * step, y: y})));
  parent.appendChild(g);
}
function width(n, step) { return n === 0 ? 0 : CW + (n - 1) * step; }
function handPlace(place, n) {
  const step = place % 2 === 0 ? 22 : 13, w = width(n, step);
  if (place === 0) return [(W - w) / 2, H - CH - 30, step];
  if (place === 2) return [(W - w) / 2, 28, step];
  return [place === 1 ? W - 10 - Math.max(w, CW) : 10, 150, step];
}
const LABEL = [[W / 2, H - CH - 36], [W - 80, 248], [W / 2, 20], [80, 248]];
const TRICK = [[W / 2, 430], [W / 2 + 190, 350], [W / 2, 270], [W / 2 - 190, 350]];

function frames() { return GAME.deals[deal].frames.length; }
function draw() {
  const table = document.getElementById("table");
  table.replaceChildren(el("rect", {width: W, height: H, rx: 14, fill: "#1f6b3a"}));
  const set = (id, text) => { document.getElementById(id).textContent = text; };
  if (GAME.deals.length === 0) { set("result", "no deal of this record reached play"); return; }
  const d = GAME.deals[deal], f = d.frames[frame], end = frame === frames() - 1;
  f.hands.forEach((hand, seat) => {
    const [x, y, step] = handPlace(seat, hand.length);
    row(table, hand, x, y, step, "seat-" + seat);
    const [lx, ly] = LABEL[seat];
    const win = f.trick && f.trick.winner === seat;
    table.appendChild(el("text", {x: lx, y: ly, "text-anchor": "middle",
      class: win ? "seat win" : "seat"},
      "seat " + seat + (seat === d.dealer ? " *" : "") + (win ? " takes it" : "")));
  });
  if (f.trick) {
    f.trick.plays.forEach((cards, i) => {
      const seat = (f.trick.leader + i) % 4, w = width(cards.length, 14);
      const [cx, y] = TRICK[seat];
      row(table, cards, cx - w / 2, y, 14, "trick-" + seat);
    });
  }
  if (end && d.kitty) {
    table.appendChild(el("text", {x: 12, y: H - 100, class: "seat"}, "kitty"));
    row(table, d.kitty, 12, H - CH - 12 - 100, 16, "kitty");
  }
  set("meta", GAME.rules + " rules, seed " + GAME.seed);
  set("deal", d.number); set("deals", GAME.deals[GAME.deals.length - 1].number);
  set("trump", d.trump); set("dealer", d.dealer);
  set("trick", f.trick ? f.trick.number : 0);
  set("points", end && d.final_points !== null ? d.final_points : f.points);
  const lv = end && d.levels_after ? d.levels_after : d.levels;
  set("levels", "team 0: " + lv[0] + ", team 1: " + lv[1]);
  set("result", end && d.result ? "Result: " + d.result : "");
  set("notes", f.notes.join("; "));
}
function go(newDeal, newFrame) {
  deal = Math.max(0, Math.min(GAME.deals.length - 1, newDeal));
  frame = newFrame === "end" ? frames() - 1 : Math.max(0, Math.min(frames() - 1, newFrame));
  draw();
}
const ACTIONS = {
  next: () => frame < frames() - 1 ? go(deal, frame + 1)
    : deal < GAME.deals.length - 1 ? go(deal + 1, 0) : go(deal, frame),
  prev: () => frame > 0 ? go(deal, frame - 1) : deal > 0 ? go(deal - 1, "end") : go(0, 0),
  nextdeal: () => go(deal + 1, 0),
  prevdeal: () => go(deal - 1, 0),
  first: () => go(0, 0),
  last: () => go(GAME.deals.length - 1, "end"),
};
const KEYS = {ArrowRight: "next", ArrowLeft: "prev", ArrowDown: "nextdeal",
  ArrowUp: "prevdeal", Home: "first", End: "last"};
for (const name of Object.keys(ACTIONS)) {
  document.getElementById(name).addEventListener("click", ACTIONS[name]);
}
document.addEventListener("keydown", (event) => {
  const name = KEYS[event.key];
  if (name) { event.preventDefault(); ACTIONS[name](); }
});
function steps(spec) {
  return spec.split(",").filter(Boolean).flatMap((item) => {
    const [name, count] = item.split(":");
    return Array(Math.max(1, parseInt(count || "1", 10) || 1)).fill(name);
  });
}
function fromFragment() {
  const params = new URLSearchParams(location.hash.slice(1));
  if (params.has("deal") || params.has("trick")) {
    go(parseInt(params.get("deal") || "1", 10) - 1, parseInt(params.get("trick") || "0", 10));
  }
  for (const key of steps(params.get("keys") || "")) {
    document.dispatchEvent(new KeyboardEvent("keydown", {key: key, bubbles: true}));
  }
  for (const name of steps(params.get("click") || "")) {
    const button = document.getElementById(name);
    if (button) button.click();
  }
}
draw();
fromFragment();
window.addEventListener("hashchange", fromFragment);
"""


def _sha256(text: str) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode()


# Only the page's own script and style run: pinned by hash, so nothing injected (an inline
# handler, another <script>, a style attribute) would, even if it got into the page.
_CSP = (
    "default-src 'none'; "
    f"script-src '{_sha256(_SCRIPT)}'; "
    f"style-src '{_sha256(_STYLE)}'; "
    "base-uri 'none'; form-action 'none'"
)

_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="__CSP__">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>__TITLE__</title>
<style>__STYLE__</style></head>
<body>
<header><h1>__TITLE__</h1><span id="meta"></span></header>
<nav aria-label="replay controls">
<button id="first" title="start (Home)">|◀ start</button>
<button id="prevdeal" title="previous deal (↑)">⇞ deal</button>
<button id="prev" title="previous trick (←)">◀ trick</button>
<button id="next" title="next trick (→)">trick ▶</button>
<button id="nextdeal" title="next deal (↓)">deal ⇟</button>
<button id="last" title="end (End)">end ▶|</button>
</nav>
<div id="info">
<span>deal <output id="deal"></output> of <output id="deals"></output></span>
<span><output id="trump"></output>, dealer <output id="dealer"></output></span>
<span>trick <output id="trick"></output></span>
<span>attackers <output id="points"></output> points</span>
<span>levels <output id="levels"></output></span>
</div>
<p id="result"></p>
<p id="notes"></p>
<svg id="defs" xmlns="http://www.w3.org/2000/svg" width="0" height="0">__DEFS__</svg>
<svg id="table" xmlns="http://www.w3.org/2000/svg" width="960" height="640"
 viewBox="0 0 960 640" role="img" aria-label="the table"></svg>
<script id="game" type="application/json">__DATA__</script>
<script>__SCRIPT__</script>
</body></html>
"""
