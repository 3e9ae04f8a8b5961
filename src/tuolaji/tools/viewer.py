"""The replay viewer: one self-contained HTML page that steps through a recorded game
(``python -m tuolaji replay FILE --html OUT.html``; the page is described in
``docs/viewer.md``).

The page needs no network: its style, script and card drawings
([`tuolaji.svg.card_defs`][tuolaji.svg.card_defs]) are inline, and the game is embedded as JSON
(`game_frames`): per deal, numbered from 1, one frame per step — each bid, overturn and counter, a
turned-up card, a redeal, the dealer, each burial and each trick — with the hands, a line saying
what happened, the attackers' points, the kitty, failed throws and, at the end, the result. The
cards are placed with the numbers of `tuolaji.state.pictures.TABLE_LAYOUT`, as in
[`tuolaji.svg.table`][tuolaji.svg.table].

Keys: → / ← next and previous step, ↓ / ↑ next and previous deal, Home / End the start and
the end of the game. A URL fragment drives the page without a person, for tests and links:
``#deal=3&trick=5`` opens deal 3 after its trick 5 (``#deal=3&step=4``: its step 4 from 0),
``#keys=ArrowRight:30,End`` presses keys in order (``key:count``), ``#click=next:4`` clicks
a button (``first prev next last prevdeal nextdeal``).

With an analysis (``replay FILE --html OUT --analyze SEAT``, see
[`tuolaji.tools.analysis`][tuolaji.tools.analysis]) each trick frame where the seat played
carries its review, shown under the step's line and marked in the log.

Whatever a record or a title holds, it stays data (issue #19): the game goes into the page
only as JSON inside ``<script type="application/json">``, escaped for that element
(`script_json`) and read with ``JSON.parse``; the title is HTML-escaped once; the
template is filled in one pass (`fill`), so a value holding a placeholder such as
``__DATA__`` is never substituted again; and a Content-Security-Policy lets the browser run
only the page's own script and style (pinned by their SHA-256 hashes), nothing injected.

The page's skeleton (`table_page`: head, policy, the table and the embedded JSON), the drawing
helpers of the script (`TABLE_SCRIPT`), the style (`TABLE_STYLE`), the policy (`page_csp`) and
the escaping (`script_json`, `fill`) are shared with the page of ``tuolaji play --serve``
(`tuolaji.tools.play_server`).
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import re
from collections.abc import Mapping, Sequence
from importlib import resources
from typing import Any

from tuolaji.core.cards import CARDS, Card, format_hand, level_labels
from tuolaji.core.rules import preset_name
from tuolaji.core.scoring import net_throw_penalty
from tuolaji.core.wording import counted
from tuolaji.game.facade import Game
from tuolaji.state.actions import (
    Buried,
    DealerSet,
    DealScored,
    Declared,
    Event,
    KittyRevealed,
    Phase,
    Redeal,
    RedealAsked,
    ThrowFailed,
    TrickWon,
    TrumpRevealed,
)
from tuolaji.state.gamestate import GameState
from tuolaji.state.pictures import TABLE_LAYOUT, card_defs, card_label
from tuolaji.tools.analysis import DealAnalysis

__all__ = [
    "TABLE_SCRIPT",
    "TABLE_STYLE",
    "card_ids",
    "cjk_font_face",
    "fill",
    "game_frames",
    "page_csp",
    "replay_html",
    "script_json",
    "table_page",
]

_BIDDING = (Phase.DEALING, Phase.CLOSING)
"""Phases whose declarations are bids and overturns (R4.2-R4.4); later ones are counters
or kitty thefts (R5.2)."""


def card_ids(cards: Sequence[Card]) -> list[str]:
    """The ids of ``cards`` as the page's JSON names them (``"10H"``, ``"BJ"``): each is
    also the id of its drawing (``#tl-10H``)."""
    return [str(c) for c in cards]


def _shown(cards: tuple[Card, ...]) -> str:
    return format_hand(cards) if cards else "nothing"


def _blockers(event: ThrowFailed) -> str:
    """Who beat a failed throw, or that it is secret (``Rules.throw_blocker_public``, R6.4)."""
    if not event.beaten_by:
        return "who beat it is secret"
    return f"beaten by seat {', '.join(map(str, event.beaten_by))}"


def _hands(state: GameState) -> list[list[str]]:
    trump = state.trump
    if trump is None:  # before the trump is fixed, the cards in the deck's order
        return [card_ids(sorted(h, key=lambda c: c.id)) for h in state.hands]
    return [card_ids(trump.sorted(h)) for h in state.hands]


def _sorted_ids(state: GameState, cards: Sequence[Card]) -> list[str]:
    """``cards`` as a hand reads under the deal's trump: trumps first, then suit by suit."""
    return card_ids(state.trump.sorted(cards) if state.trump is not None else cards)


def _sorted_text(state: GameState, cards: Sequence[Card]) -> str:
    if not cards:
        return "nothing"
    return format_hand(state.trump.sorted(cards) if state.trump is not None else cards)


def _attackers(state: GameState) -> str:
    """Who attacks (R1.4): the team that is not the dealer's, once a dealer is known."""
    if state.dealer is None:
        return "no dealer yet, so no team attacks yet"
    team = 1 - state.dealer % 2
    return f"team {team} (seats {team} and {team + 2}) attacks"


def _trump_text(state: GameState) -> str:
    return "trump not fixed" if state.trump is None else str(state.trump)


class _DealFrames:
    """The frames of one deal, built event by event: a frame per bid, overturn or counter,
    turned-up card, redeal, dealer, burial and trick."""

    def __init__(self) -> None:
        self.frames: list[dict[str, Any]] = []
        self.notes: list[str] = []
        self.bids = 0
        self.kitty: dict[str, Any] | None = None

    def add(self, state: GameState, say: str, **extra: Any) -> None:
        frame: dict[str, Any] = {
            "say": say,
            "hands": _hands(state),
            "tricks": len(state.tricks),
            "points": state.attacker_points,
            "trump": _trump_text(state),
            "dealer": state.dealer,
            "attackers": _attackers(state),
            "trick": None,
            "kitty": self.kitty,
            "notes": self.notes,
            "shown": None,
        }
        frame.update(extra)
        self.frames.append(frame)
        self.notes = []

    def event(self, event: Event, before: GameState, state: GameState) -> None:
        if isinstance(event, Declared):
            if before.phase in _BIDDING:
                standing = before.bid.seat if before.bid is not None else None
                verb = (
                    "bids"
                    if self.bids == 0
                    else "reinforces with"
                    if standing == event.seat
                    else "overturns with"
                )
                when = f" after {counted(event.dealt, 'card')} dealt"
            elif before.rules.kitty_theft != "none":
                verb, when = "steals the kitty with", ""  # R5.2 炒地皮
            else:
                verb, when = "counters with", ""
            self.bids += 1
            self.add(
                state,
                f"seat {event.seat} {verb} {_shown(event.cards)}{when}",
                shown=[event.seat, card_ids(event.cards), verb.split()[0]],
            )
        elif isinstance(event, TrumpRevealed):
            self.add(state, f"nobody bid: the kitty's card {event.card.pretty} is turned up")
        elif isinstance(event, Redeal):
            self.bids, self.kitty = 0, None  # the cards, the kitty with them, go back
            self.add(state, f"the cards are thrown in and dealt again ({event.reason})")
        elif isinstance(event, RedealAsked):
            self.notes = [*self.notes, f"seat {event.seat} asks for a redeal (weak hand)"]
        elif isinstance(event, DealerSet):
            if before.kitty:
                self.kitty = {"cards": card_ids(before.kitty), "face": True, "label": "kitty"}
            self.add(
                state,
                f"seat {event.seat} is the dealer, {_trump_text(state)}; {_attackers(state)}",
            )
        elif isinstance(event, Buried):
            self.kitty = {
                "cards": _sorted_ids(state, state.kitty),
                "face": True,
                "label": f"buried by seat {event.seat}",
            }
            self.add(state, f"seat {event.seat} buries {_sorted_text(state, state.kitty)}")
            # Once play starts the buried cards lie face down until the end (R8.2).
            self.kitty = {"cards": ["back"] * len(state.kitty), "face": False, "label": "kitty"}
        elif isinstance(event, ThrowFailed):
            penalty = net_throw_penalty((event.seat,), state.dealer or 0, state.rules)
            self.notes = [
                *self.notes,
                f"seat {event.seat}'s throw {_shown(event.attempt)} failed ({_blockers(event)}): "
                f"{_shown(event.forced)} was led; attackers {penalty:+d} points",
            ]
        elif isinstance(event, TrickWon):
            trick = state.tricks[event.number]
            plays = ", ".join(
                f"seat {(trick.leader + i) % 4} {_shown(cards)}"
                for i, cards in enumerate(trick.plays)
            )
            self.add(
                state,
                f"trick {event.number + 1}: {plays}; seat {event.seat} wins {event.points} points",
                trick={
                    "number": event.number + 1,
                    "leader": trick.leader,
                    "plays": [card_ids(p) for p in trick.plays],
                    "winner": trick.winner,
                    "points": trick.points,
                },
            )
        elif isinstance(event, KittyRevealed):
            last = self.frames[-1]
            # R8.2: with kitty_public_at_end off the event shows no cards; the kitty stays face
            # down (the record keeps the buried cards, but the table did not see them).
            shown = bool(event.cards)
            cards = _sorted_ids(state, event.cards) if shown else ["back"] * len(state.kitty)
            last["kitty"] = {"cards": cards, "face": shown, "label": "kitty"}
            kitty = f"the kitty {_sorted_text(state, event.cards)}" if shown else "the hidden kitty"
            if event.multiplier:
                last["say"] += (
                    f"; the attackers take {kitty}: ×{event.multiplier}, +{event.bonus} points"
                )
            else:
                last["say"] += f"; {kitty} stays with the declarers"
        elif isinstance(event, DealScored):
            last = self.frames[-1]
            last["points"] = event.result.attacker_points
            last["result"] = str(event.result)
            last["levels"] = level_labels(event.result.levels, event.result.no_trump_level)


def _deal(states: list[GameState], number: int) -> dict[str, Any]:
    frames = _DealFrames()
    previous = states[0]
    for event in previous.events:
        frames.event(event, previous, previous)
    for state in states[1:]:
        # A redeal starts a new log, shorter than the last one.
        start = len(previous.events) if len(state.events) >= len(previous.events) else 0
        for event in list(state.events)[start:]:
            frames.event(event, previous, state)
        previous = state
    last = states[-1]
    if not frames.frames:
        frames.add(last, "the cards are being dealt")
    deal: dict[str, Any] = {
        "number": number,
        "levels": level_labels(states[0].levels, states[0].no_trump_level),
        "frames": frames.frames,
        "result": None,
        "final_points": None,
        "kitty": None,
    }
    if last.result is not None:
        deal["kitty"] = card_ids(last.kitty)
        deal["result"] = str(last.result)
        deal["final_points"] = last.result.attacker_points
        deal["levels_after"] = level_labels(last.result.levels, last.result.no_trump_level)
    return deal


def _mark_reviews(deal: dict[str, Any], analysis: DealAnalysis) -> None:
    """Put each review of ``analysis`` on the frame of the trick it went to (a ``review``:
    its mark, its line of text, whether it is flagged) and the analysis's settings on the
    deal."""
    deal["analysis"] = {
        "seat": analysis.seat,
        "worlds": analysis.worlds,
        "threshold": analysis.threshold,
        "flagged": len(analysis.flagged),
    }
    reviews = {review.trick: review for review in analysis.reviews}
    for frame in deal["frames"]:
        trick = frame["trick"]
        review = reviews.get(trick["number"]) if trick is not None else None
        if review is not None:
            frame["review"] = {
                "mark": review.mark(),
                "text": str(review),
                "flagged": review.flagged,
                "cost": review.cost,
            }


def game_frames(game: Game, analyses: Sequence[DealAnalysis] = ()) -> list[dict[str, Any]]:
    """The deals of ``game``, numbered from 1 as the command line does, each with its frames:
    one per bid, overturn or counter, turned-up card, redeal, the dealer, each burial and
    each trick (the hands after it, what happened as a line of text, the attackers' points,
    the kitty), and the result at the end; the data the page embeds.

    ``analyses`` (from [`analyze_game`][tuolaji.tools.analysis.analyze_game]) add to each
    deal they cover its settings (``analysis``) and to each trick frame where the analysed
    seat played its review (``review``: a mark such as ``costs 15 (!)``, the review's line,
    whether it is flagged)."""
    if isinstance(analyses, str) or not isinstance(analyses, Sequence):
        raise TypeError(f"analyses is a sequence of DealAnalysis, got {type(analyses).__name__}")
    by_deal: dict[int, list[GameState]] = {}
    for state in game.history:
        by_deal.setdefault(state.deal_number, []).append(state)
    deals = [_deal(states, number + 1) for number, states in sorted(by_deal.items())]
    numbered = {deal["number"]: deal for deal in deals}
    for analysis in analyses:
        if not isinstance(analysis, DealAnalysis):
            raise TypeError(f"analyses holds DealAnalysis values, got {type(analysis).__name__}")
        if analysis.deal in numbered:
            _mark_reviews(numbered[analysis.deal], analysis)
    return deals


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


def replay_html(
    game: Game, title: str = "tuolaji replay", *, analyses: Sequence[DealAnalysis] = ()
) -> str:
    """One self-contained HTML page that replays ``game`` trick by trick, titled ``title``
    (any text: it is escaped, see the module docstring); with ``analyses`` (from
    [`analyze_game`][tuolaji.tools.analysis.analyze_game]), each trick where the analysed
    seat played shows its review (see `game_frames`)."""
    if not isinstance(game, Game):
        raise TypeError(f"game is a tuolaji Game, got {type(game).__name__}")
    if not isinstance(title, str):
        raise TypeError(f"title is a str, got {type(title).__name__}")
    preset = preset_name(game.rules)
    data = {
        "title": title,
        "rules": f"{preset} rules" if preset else "house rules",
        "seed": game.seed,
        "deals": game_frames(game, analyses),
    }
    return table_page(
        title, style=_STYLE, script=_SCRIPT, data=data, controls=_CONTROLS, aside=_ASIDE
    )


TABLE_STYLE = """body { font-family: "DejaVu Sans", Arial, sans-serif; background: #eee;
  margin: 12px; }
header, nav, #info { display: flex; gap: 6px 10px; align-items: center; flex-wrap: wrap;
  min-height: 34px; }
nav button { font-size: 15px; padding: 4px 10px; }
#info span { background: #fff; padding: 3px 8px; border-radius: 4px; }
main { display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-start; margin-top: 8px; }
#table { background: #1f6b3a; border-radius: 14px; display: block; flex: 1 1 640px;
  min-width: 0; max-width: 960px; height: auto; aspect-ratio: 3 / 2; }
aside { flex: 1 1 300px; min-width: 260px; max-width: 440px; font-size: 14px;
  height: clamp(440px, calc(100vh - 150px), 640px);
  display: flex; flex-direction: column; gap: 6px; }
aside > * { flex: none; }
#status, #log { margin: 0; background: #fff; border-radius: 4px; padding: 4px 8px;
  overflow-y: auto; }
#status { height: 12.6em; }
#status p { margin: 0 0 4px 0; overflow-wrap: anywhere; }
#say { min-height: 7.2em; font-weight: bold; }
#notes { color: #1c4f5e; }
#log { flex: 1 1 auto; min-height: 5em; padding-left: 3.2em; font-size: 13px; }
#log li.now { font-weight: bold; }
aside h2 { font-size: 15px; margin: 4px 0 0 0; }
#keys { font-size: 13px; color: #444; }
.seat { fill: #f4f4f4; font-size: 14px; }
.mark { fill: #f4f4f4; font-size: 12px; }
.win { fill: #ffd84a; font-weight: bold; }
h1 { font-size: 20px; margin: 0; }
#defs { display: none; }
@media (min-width: 1600px) {
  #table { max-width: min(1400px, calc((100vh - 120px) * 1.5)); }
  aside { max-width: 560px; height: min(933px, calc(100vh - 120px)); font-size: 16px; }
  #log { font-size: 15px; }
  aside h2 { font-size: 17px; }
  nav button, #info, header span { font-size: 17px; }
}
"""
"""The style every page of the table shares (the replay viewer's and ``tuolaji play
--serve``'s): the panel beside the table stacks its parts without overlap (each keeps its
height, the log scrolls), notes are not the red of a refusal, and from 1600 px wide the
table and the panel grow with the window (issue 43)."""

_STYLE = (
    TABLE_STYLE
    + """#review { color: #1c3f8a; }
#review.flag, #log li.flag { color: #8a1c1c; }
"""
)

TABLE_SCRIPT = """"use strict";
const GAME = JSON.parse(document.getElementById("game").textContent);
const L = GAME.layout, W = L.width, H = L.height, CW = L.card_width, CH = L.card_height;
const STEP = L.step, SVGNS = "http://www.w3.org/2000/svg";

function el(name, attrs, text) {
  const node = document.createElementNS(SVGNS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}
// One card: the drawing is hidden from the text layer (its <use> is an image), its name
// ("♥10") is the text alternative.
function card(c, x, y) {
  return el("use", {href: "#tl-" + c, x: x, y: y, role: "img", "aria-label": GAME.names[c]});
}
function rowWidth(n) { return n === 0 ? 0 : CW + (n - 1) * STEP; }
// The same places as tuolaji.state.pictures.hand_slots.
function handSlots(place, n) {
  const slots = [];
  if (place % 2 === 0) {
    const x0 = (W - rowWidth(n)) / 2, y = place === 0 ? H - CH - 30 : 28;
    for (let i = 0; i < n; i++) slots.push([x0 + i * STEP, y]);
    return slots;
  }
  const x0 = place === 3 ? L.margin : W - L.margin - rowWidth(L.side_row);
  for (let i = 0; i < n; i++) {
    slots.push([x0 + (i % L.side_row) * STEP, L.side_top + Math.floor(i / L.side_row) * L.row_gap]);
  }
  return slots;
}
function group(parent, cls, label) {
  const g = el("g", {class: cls, role: "group", "aria-label": label});
  parent.appendChild(g);
  return g;
}
function names(cards) { return cards.map((c) => GAME.names[c]).join(" "); }
"""
"""The script every page of the table starts with (the replay viewer's and ``tuolaji play
--serve``'s): it reads the page's JSON into ``GAME`` (``layout``: the numbers of
`tuolaji.state.pictures.TABLE_LAYOUT`, ``names``: each card's text alternative) and defines
the drawing helpers ``el``, ``card``, ``rowWidth``, ``handSlots`` (the places of
`tuolaji.state.pictures.hand_slots`), ``group`` and ``names``."""

_SCRIPT = (
    TABLE_SCRIPT
    + """let deal = 0, frame = 0;

function frames() { return GAME.deals[deal].frames.length; }
function draw() {
  const table = document.getElementById("table");
  table.replaceChildren(el("rect", {width: W, height: H, rx: 14, fill: "#1f6b3a"}));
  const set = (id, text) => { document.getElementById(id).textContent = text; };
  if (GAME.deals.length === 0) { set("say", "this record holds no deal"); return; }
  const d = GAME.deals[deal], f = d.frames[frame], t = f.trick;
  f.hands.forEach((hand, seat) => {
    const g = group(table, "seat-" + seat, "seat " + seat + "'s hand: " + names(hand));
    handSlots(seat, hand.length).forEach(([x, y], i) => g.appendChild(card(hand[i], x, y)));
    const [lx, ly] = L.labels[seat];
    table.appendChild(el("text", {x: lx, y: ly, "text-anchor": "middle", class: "seat"},
      "seat " + seat + (seat === f.dealer ? " · dealer" : "") + " · " + hand.length));
  });
  if (t) {
    t.plays.forEach((cards, i) => {
      const seat = (t.leader + i) % 4, w = rowWidth(cards.length), [cx, y] = L.tricks[seat];
      const g = group(table, "trick-" + seat, "seat " + seat + " played " + names(cards));
      cards.forEach((c, j) => g.appendChild(card(c, cx - w / 2 + j * STEP, y)));
      const marks = (i === 0 ? ["led"] : []).concat(seat === t.winner ? ["wins " + t.points] : []);
      if (marks.length) {
        table.appendChild(el("text", {x: cx, y: y - 6, "text-anchor": "middle",
          class: seat === t.winner ? "mark win" : "mark"}, marks.join(", ")));
      }
    });
  }
  if (f.shown) {
    const [seat, cards, mark] = f.shown, w = rowWidth(cards.length), [cx, y] = L.tricks[seat];
    const g = group(table, "shown-" + seat, "seat " + seat + " " + mark + " " + names(cards));
    cards.forEach((c, j) => g.appendChild(card(c, cx - w / 2 + j * STEP, y)));
    table.appendChild(el("text", {x: cx, y: y - 6, "text-anchor": "middle", class: "mark win"},
      mark));
  }
  if (f.kitty) {
    const g = group(table, "kitty", f.kitty.label + ": " + names(f.kitty.cards));
    f.kitty.cards.forEach((c, i) => g.appendChild(card(c, 12 + i * STEP, H - CH - 112)));
    table.appendChild(el("text", {x: 12, y: H - CH - 118, class: "seat"}, f.kitty.label));
  }
  set("meta", GAME.rules + ", seed " + GAME.seed);
  set("deal", d.number); set("deals", GAME.deals[GAME.deals.length - 1].number);
  set("trump", f.trump); set("dealer", f.dealer === null ? "not yet" : f.dealer);
  set("attack", f.attackers);
  set("trick", f.tricks); set("points", f.points);
  const lv = f.levels || d.levels;
  set("levels", "team 0: " + lv[0] + ", team 1: " + lv[1]);
  set("say", f.say);
  set("result", f.result ? "Result: " + f.result : "");
  set("notes", f.notes.join("; "));
  const a = d.analysis, review = document.getElementById("review");
  const worlds = a && (a.worlds === 1 ? "1 world" : a.worlds + " worlds");
  review.textContent = !a ? "" : f.review ? "best: " + f.review.text
    : "best judges seat " + a.seat + "'s plays (" + worlds + "): " + a.flagged
      + " cost more than " + a.threshold + " points";
  review.className = f.review && f.review.flagged ? "flag" : "";
  const log = document.getElementById("log");
  log.replaceChildren(...d.frames.slice(0, frame + 1).map((g, i) => {
    const li = document.createElement("li");
    li.textContent = g.review ? g.say + " [seat " + a.seat + ": " + g.review.mark + "]" : g.say;
    li.className = [i === frame ? "now" : "", g.review && g.review.flagged ? "flag" : ""]
      .filter(Boolean).join(" ");
    return li;
  }));
  log.scrollTop = log.scrollHeight;
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
// trick=T: the step that ends trick T (0: the deal's first step); step=S: step S from 0.
function frameOf(params) {
  if (params.has("step")) return parseInt(params.get("step"), 10) || 0;
  const want = parseInt(params.get("trick") || "0", 10) || 0;
  if (want <= 0 || GAME.deals.length === 0) return 0;
  const found = GAME.deals[deal].frames.findIndex((f) => f.trick && f.tricks >= want);
  return found < 0 ? "end" : found;
}
function fromFragment() {
  const params = new URLSearchParams(location.hash.slice(1));
  if (params.has("deal") || params.has("trick") || params.has("step")) {
    go(parseInt(params.get("deal") || "1", 10) - 1, 0);
    go(deal, frameOf(params));
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
)


def _sha256(text: str) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode()


def page_csp(script: str, style: str, *, connect: bool = False, fonts: bool = False) -> str:
    """The Content-Security-Policy of a page whose only script and style are ``script`` and
    ``style`` (inline, pinned by their SHA-256 hashes, so nothing injected would run: an
    inline handler, another ``<script>``, a style attribute); ``connect`` lets the script
    talk to the page's own server (``tuolaji play --serve``), ``fonts`` lets the style use
    a font written into it (a ``data:`` URL, `cjk_font_face`)."""
    return (
        "default-src 'none'; "
        f"script-src '{_sha256(script)}'; "
        f"style-src '{_sha256(style)}'; "
        + ("font-src data:; " if fonts else "")
        + ("connect-src 'self'; " if connect else "")
        + "base-uri 'none'; form-action 'none'"
    )


def cjk_font_face() -> str:
    """A CSS ``@font-face`` of the family ``tuolaji CJK``: the glyphs of every Chinese
    character of the package's own text (``小王, 大王`` in the card syntax's message, the
    rule sets' names), a subset of Noto Sans CJK SC (SIL Open Font License 1.1, see
    ``cjk-subset-OFL.txt`` beside it) written in as a ``data:`` URL, so that a page shows them
    on a machine with no CJK font. Empty when the file is missing (a page then falls back on
    the system's fonts)."""
    try:
        font = (resources.files("tuolaji.tools") / "cjk-subset.woff").read_bytes()
    except OSError:
        return ""
    data = base64.b64encode(font).decode("ascii")
    return (
        '@font-face { font-family: "tuolaji CJK"; font-style: normal; font-weight: 100 900; '
        f'src: url("data:font/woff;base64,{data}") format("woff"); '
        "unicode-range: U+2E80-9FFF, U+F900-FAFF, U+FF00-FFEF; }\n"
    )


_CONTROLS = """<nav aria-label="replay controls">
<button id="first" title="start (Home)">|◀ start</button>
<button id="prevdeal" title="previous deal (↑)">⇞ deal</button>
<button id="prev" title="previous step (←)">◀ step</button>
<button id="next" title="next step (→)">step ▶</button>
<button id="nextdeal" title="next deal (↓)">deal ⇟</button>
<button id="last" title="end (End)">end ▶|</button>
<span id="keys">keys: → ← step, ↓ ↑ deal, Home End</span>
</nav>
<div id="info">
<span>deal <output id="deal"></output> of <output id="deals"></output></span>
<span><output id="trump"></output>, dealer <output id="dealer"></output></span>
<span><output id="attack"></output></span>
<span>tricks <output id="trick"></output></span>
<span>attackers <output id="points"></output> points</span>
<span>levels <output id="levels"></output></span>
</div>
"""

_ASIDE = """<div id="status"><p id="say"></p>
<p id="notes"></p>
<p id="review"></p>
<p id="result"></p></div>
<h2>this deal</h2>
<ol id="log"></ol>
"""

# The page of the table, for every page that runs TABLE_SCRIPT: the elements it draws in
# (#meta, #table, #defs) and reads (#game). A served page gets its policy as a header, and no
# referrer: its address holds the game's token.
_SKELETON = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
__POLICY__<meta name="viewport" content="width=device-width, initial-scale=1">
__REFERRER__<title>__TITLE__</title>
<style>__STYLE__</style></head>
<body>
<header><h1>__TITLE__</h1><span id="meta"></span></header>
__CONTROLS__<main>
<svg id="table" xmlns="http://www.w3.org/2000/svg" width="960" height="640"
 viewBox="0 0 960 640" role="group" aria-label="the table"></svg>
<aside aria-live="polite">
__ASIDE__</aside>
</main>
<svg id="defs" xmlns="http://www.w3.org/2000/svg" width="0" height="0"
 aria-hidden="true">__DEFS__</svg>
<script id="game" type="application/json">__DATA__</script>
<script>__SCRIPT__</script>
</body></html>
"""


def table_page(
    title: str,
    *,
    style: str,
    script: str,
    data: Mapping[str, Any],
    controls: str,
    aside: str,
    served: bool = False,
) -> str:
    """One self-contained HTML page of the table, the skeleton of the replay viewer's page and
    of ``tuolaji play --serve``'s: the title (any text: HTML-escaped here), ``style`` and
    ``script`` inline (``script`` starts with `TABLE_SCRIPT`), the ``controls`` above the table
    and the ``aside`` beside it (HTML written by the caller, never data), the card drawings,
    and ``data`` as the page's JSON (`script_json`), with the ``layout`` and card ``names``
    `TABLE_SCRIPT` reads. A page opened from a file (``served`` False) carries its
    Content-Security-Policy (`page_csp`) in a meta element; a served page gets the policy
    from its server's headers and sends no referrer."""
    names = {**{str(c): card_label(c) for c in CARDS}, "back": "a card face down"}
    policy = f'<meta http-equiv="Content-Security-Policy" content="{page_csp(script, style)}">\n'
    return fill(
        _SKELETON,
        {
            "POLICY": "" if served else policy,
            "REFERRER": '<meta name="referrer" content="no-referrer">\n' if served else "",
            "TITLE": html.escape(title, quote=True),
            "STYLE": style,
            "CONTROLS": controls,
            "ASIDE": aside,
            "DEFS": card_defs(),
            "DATA": script_json({"layout": TABLE_LAYOUT, "names": names, **data}),
            "SCRIPT": script,
        },
    )
