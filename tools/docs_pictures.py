"""An MkDocs hook (``hooks:`` in mkdocs.yml) that draws the docs' pictures at build time.

Every picture comes from the library itself (``tl.svg`` and the two HTML pages of the table),
so a change to the rules or the drawings shows in the docs at the next build; none is
committed. The files are added to the build as generated files under ``pictures/``: pages
link to them like any file of the docs (``![...](pictures/hand.svg)``), the link check
sees them, and nothing is written into ``docs/``.

``PICTURES`` names each file and says what it shows; the site test checks that every
picture a page shows has alt text and that every SVG file is valid.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from mkdocs.structure.files import File

# The pictures are drawn by the checkout's library, as the API reference is read from it
# (mkdocstrings' ``paths: [src]``), not by whichever tuolaji is installed.
_SRC = str(Path(__file__).resolve().parents[1] / "src")
if _SRC not in sys.path:
    sys.path.insert(0, _SRC)

import tuolaji as tl  # noqa: E402
from tuolaji.tools.play_server import page_html  # noqa: E402
from tuolaji.tools.table import PlaySession  # noqa: E402
from tuolaji.tools.viewer import replay_html  # noqa: E402

P = tl.parse_cards
TEN_SPADES = tl.Trump(tl.Rank.TEN, tl.Suit.SPADES)
SEED = 5  # a deal whose first tricks show a few pairs; any seed draws


def hand() -> str:
    cards = P("3S AS 10H 10S BJ SJ 10C KH KH 2H JD 9D 5C QS")
    return tl.svg.hand(cards, TEN_SPADES)


def tractors() -> str:
    examples = (
        (P("KH KH QH QH"), "two pairs side by side"),
        (P("JH JH 9H 9H"), "the 10s are trumps, so J and 9 touch"),
        (P("SJ SJ 10S 10S"), "small jokers over the trump level card"),
        (P("KH KH JH JH"), "the Q is missing between them"),
        (P("10H 10H 10C 10C"), "level cards of side suits are equal"),
        (P("KH KH QS QS"), "two suits"),
    )
    lines = [
        (f"{'tractor' if tl.is_tractor(c, TEN_SPADES) else 'not a tractor'}: {why}", c)
        for c, why in examples
    ]
    return tl.svg.rows(lines, "tractors and non-tractors, level 10, trump spades")


def trick() -> str:
    trump = tl.Trump(tl.Rank.TWO, tl.Suit.SPADES)
    plays = [P("5D 4D 4D"), P("9S 7S 7S"), P("8S 8S 4S"), P("6D 3D 3C")]
    winner = tl.trick_winner(plays, trump)
    notes = ["leads ♦44 and ♦5", "no ♦: ruffs", "over-ruffs: 88 beats 77", "follows, 1 ♦ short"]
    return tl.svg.trick(plays, leader=0, notes=notes, winner=winner)


def throw() -> str:
    thrown = P("9C 8C 8C 4C 4C")
    others = [P("JC 2H"), P("3D"), P("5S")]
    forced = tl.check_throw(thrown, others, TEN_SPADES).forced
    back = list(thrown)
    for card in forced:
        back.remove(card)
    return tl.svg.rows(
        [
            ("seat 0 throws ♣9 ♣88 ♣44", thrown),
            ("seat 1 holds ♣J: it beats the single ♣9", P("JC")),
            ("the throw fails: seat 0 must lead only", forced),
            ("back to the hand (and the penalty: 10 points)", back),
        ],
        "a failed throw and the unit it forces",
    )


def kitty() -> str:
    rules = tl.RULESETS["tuolaji"]
    trump = rules.trump(tl.Rank.NINE, tl.Suit.SPADES)
    cards = P("5S 10S KH 2C 3C 4C 6C 7C")
    lead = P("AH AH")
    times = tl.kitty_multiplier_for_lead(lead, trump, rules)
    points = tl.points(cards)
    return tl.svg.rows(
        [
            (f"the kitty: {points} points", cards),
            (f"the attackers win the last trick, led with a pair: ×{times}", lead),
            (f"the attackers add {points} × {times} = {points * times} points", ()),
        ],
        "the kitty and its multiplier",
    )


def bids() -> str:
    return tl.svg.rows(
        [
            ("strength 1: one level card names its suit", P("10H")),
            ("strength 2: a pair of level cards", P("10S 10S")),
            ("strength 3: two small jokers, no trump", P("SJ SJ")),
            ("strength 4: two big jokers, no trump", P("BJ BJ")),
        ],
        "reveal bids at level 10, weakest first",
    )


def order() -> str:
    ranks = ["A", "K", "Q", "J", "9", "8", "7", "6", "5", "4", "3", "2"]
    return tl.svg.rows(
        [
            ("1. the big joker, then the small joker", P("BJ SJ")),
            ("2. the 10 of the trump suit", P("10S")),
            ("3. the other 10s, equal to each other", P("10H 10C 10D")),
            ("4. the rest of the trump suit, A down to 2", P(" ".join(r + "S" for r in ranks))),
            ("5. each side suit, A down to 2, without its 10", P(" ".join(r + "H" for r in ranks))),
        ],
        "the order of the cards at level 10, spades trump, highest first",
    )


def counters() -> str:
    fives, tens, kings = P("5S 5H 5C 5D"), P("10S 10H 10C 10D"), P("KS KH KC KD")
    deck = tl.points(tl.full_deck())
    return tl.svg.rows(
        [
            (f"each 5 counts 5: {tl.points(fives)} in one deck", fives),
            (f"each 10 counts 10: {tl.points(tens)} in one deck", tens),
            (f"each K counts 10: {tl.points(kings)} in one deck", kings),
            (f"no other card counts: {deck} points in the two decks", ()),
        ],
        "the cards that count points",
    )


def follow() -> str:
    lead = P("KH KH")
    cases = [
        ("holding ♥QQ ♥9 ♥3: the pair must follow the pair (R7.3)", "QH QH 9H 3H 5D", "QH QH"),
        ("holding ♥Q ♥9 ♥3, no pair: any two hearts (R7.2)", "QH 9H 3H 5D 5D", "9H 3H"),
        ("holding one heart, ♥Q: it, and any card (R7.2)", "QH 5D 5D 6C", "QH 6C"),
        ("holding no heart: any two cards; a trump pair ruffs (R7.4)", "SJ SJ 5D 6C", "SJ SJ"),
    ]
    lines: list[tuple[str, list[tl.Card]]] = [("led: a pair of ♥K", lead)]
    for caption, held, played in cases:
        assert tl.is_legal_follow(lead, P(held), P(played), TEN_SPADES), (held, played)
        lines.append((caption, P(played)))
    return tl.svg.rows(lines, "following a pair of hearts at level 10, spades trump")


def levels() -> str:
    return tl.svg.level_chart(tl.RULESETS["tuolaji"].level_table)


def _bots() -> list[tl.GreedyBot]:
    return [tl.GreedyBot(seed=s) for s in range(4)]


def table() -> str:
    game = tl.Game("tuolaji", SEED)
    game.play_deal(_bots())
    state = next(
        s for s in game.history if s.phase is tl.Phase.PLAYING and len(s.trick) == 3 and s.tricks
    )
    return tl.svg.table(state)


def viewer() -> str:
    game = tl.Game("tuolaji", SEED)
    game.play_deal(_bots())
    return replay_html(game, "tuolaji replay: one deal of greedy bots")


def play() -> str:
    bots: list[tl.GreedyBot | None] = [None, *_bots()[1:]]
    session = PlaySession("tuolaji", SEED, seat=0, bots=bots, hint=tl.GreedyBot())
    # The person's own moves are the hint bot's, up to a trick in play: the snapshot then
    # shows a table in the middle of a deal, not the bidding.
    for _ in range(200):
        view = session.view
        if view.phase is tl.Phase.PLAYING and view.tricks and session.deciding:
            break
        session.act(session.hint())
    return page_html(session, "docs-snapshot-not-a-game-token")


PICTURES: dict[str, tuple[Callable[[], str], str]] = {
    "hand.svg": (hand, "a hand at level 10 with spades trump, sorted: trumps first, then suits"),
    "tractors.svg": (tractors, "three tractors and three pairs of pairs that are not tractors"),
    "trick.svg": (trick, "a trick: a diamond lead, a ruff, an over-ruff that wins, a follow"),
    "throw.svg": (throw, "a failed throw of clubs and the single card it is forced to lead"),
    "kitty.svg": (kitty, "the kitty's 25 points multiplied by 4 after a last trick led by a pair"),
    "bids.svg": (bids, "the four strengths of a reveal bid, one level card to two big jokers"),
    "order.svg": (order, "the order of every card at level 10 with spades trump, highest first"),
    "counters.svg": (counters, "the 5s, 10s and kings, the only cards that count points"),
    "follow.svg": (follow, "how a hand follows a pair of hearts: pair, hearts, any card, ruff"),
    "levels.svg": (levels, "the level table as a bar chart: levels won by attackers' points"),
    "table.svg": (table, "the whole table in the middle of a trick: four hands and the trick"),
    "viewer.html": (viewer, "the replay viewer, replaying one deal of greedy bots"),
    "play.html": (play, "the play page in the middle of a deal (a snapshot: moves do nothing)"),
}
"""Each generated file under ``pictures/``: the function that draws it and what it shows."""


def on_files(files: Any, config: Any) -> Any:
    """Add each picture to the build as a generated file (MkDocs 1.6)."""
    for name, (draw, _) in PICTURES.items():
        files.append(File.generated(config, f"pictures/{name}", content=draw()))
    return files
