"""Pictures of cards: SVG text for a hand, a trick and a whole table.

Each function returns a complete ``<svg>`` document as a string, with no external resources
(no fonts or images to fetch). In Jupyter, states and views show as tables through their
``_repr_svg_``, as python-chess boards do. Cards are drawn once, as ``<defs>`` entries with ids
``tl-10H``, ``tl-SJ``, ... and ``tl-back``, and placed with ``<use>``; the replay viewer uses
the same definitions.

>>> import tuolaji as tl
>>> picture = tl.svg.hand(tl.parse_cards("♥KKQ SJ"))
>>> picture.startswith("<svg") and picture.count("<use ") == 4
True
"""

from __future__ import annotations

import enum
import html
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, NamedTuple, Protocol

from tuolaji.core.cards import CARDS, Card, Joker, Rank, Suit, card_ids_of, level_labels
from tuolaji.core.errors import ConfigurationError, cut
from tuolaji.core.rules import LevelBand

if TYPE_CHECKING:
    from tuolaji.core.trump import Trump

__all__ = [
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "INDEX_HEIGHT",
    "INDEX_X",
    "RANK_WIDTH",
    "SIDE_ROW",
    "STEP",
    "TABLE_LAYOUT",
    "SeatedHands",
    "Table",
    "card_defs",
    "card_id",
    "card_label",
    "hand",
    "hand_slots",
    "level_chart",
    "rows",
    "table",
    "trick",
]

CARD_WIDTH = 56
CARD_HEIGHT = 80
STEP = 22
"""Horizontal distance between overlapping cards of a hand or a trick: wider than a card's
index (``INDEX_X + RANK_WIDTH``), so each card's rank and suit stay in sight."""
INDEX_X = 4
"""Where a card's index (its rank above its suit) starts, from the card's left edge."""
RANK_WIDTH = 16
"""The width a two-character rank ("10") is drawn at; one character is narrower."""
INDEX_HEIGHT = 38
"""Below this, from a card's top edge, its index (rank and suit) is done: the rows of a side
hand are this far apart, so a row on top leaves the index of the row under it in sight."""
SIDE_ROW = 8
"""Cards per row of a hand at the sides of [`table`][tuolaji.state.pictures.table] (a long row
would reach the trick)."""
_RED = "#c0392b"
_BLACK = "#1a1a1a"
_FONT = "font-family='DejaVu Sans, Arial, sans-serif'"


def card_id(card: Card | None) -> str:
    """The id of a card's drawing in [`card_defs`][tuolaji.state.pictures.card_defs] (``tl-10H``);
    None: the back."""
    return "tl-back" if card is None else f"tl-{card}"


def card_label(card: Card) -> str:
    """A card in words for a screen reader or a tooltip: its [`pretty`][tuolaji.Card.pretty]
    form (``♥10``), the jokers spelled out.

    >>> card_label(Card(Rank.TEN, Suit.HEARTS)), card_label(Card(Joker.SMALL))
    ('♥10', 'small joker')
    """
    if isinstance(card.rank, Joker):
        return "big joker" if card.rank is Joker.BIG else "small joker"
    return card.pretty


def _color(card: Card) -> str:
    if isinstance(card.rank, Joker):
        return _RED if card.rank is Joker.BIG else _BLACK
    return _RED if card.suit in (Suit.HEARTS, Suit.DIAMONDS) else _BLACK


def _face(card: Card) -> str:
    color = _color(card)
    frame = (
        f"<rect width='{CARD_WIDTH}' height='{CARD_HEIGHT}' rx='5' fill='#fff' "
        f"stroke='#555' stroke-width='1'/>"
    )
    if isinstance(card.rank, Joker):
        # Jokers are told apart by colour (big: red, small: black) and by the word. "JOKER"
        # runs down the left edge, turned a quarter, within INDEX_HEIGHT and one STEP: a card
        # on top (a row of a side hand, the next card of a fan) never cuts the word.
        letters = (
            f"<text transform='translate(5 4) rotate(90)' font-size='11' font-weight='bold' "
            f"textLength='{INDEX_HEIGHT - 6}' lengthAdjust='spacingAndGlyphs' "
            f"fill='{color}' {_FONT}>JOKER</text>"
        )
        word = "BIG" if card.rank is Joker.BIG else "SMALL"
        return (
            f"{frame}{letters}<text x='{CARD_WIDTH / 2 + 8}' y='48' font-size='10' "
            f"text-anchor='middle' fill='{color}' {_FONT}>{word}</text>"
        )
    assert card.suit is not None
    label = card.rank.label
    # "10" is squeezed to RANK_WIDTH so that a card on top, one STEP along, never hides the
    # "0": the index of every card of a fanned hand reads whole.
    squeeze = (
        f" textLength='{RANK_WIDTH}' lengthAdjust='spacingAndGlyphs'" if len(label) > 1 else ""
    )
    return (
        f"{frame}<text x='{INDEX_X}' y='17' font-size='15' font-weight='bold' fill='{color}'"
        f"{squeeze} {_FONT}>{label}</text><text x='4' y='33' font-size='14' fill='{color}' {_FONT}>"
        f"{card.suit.symbol}</text><text x='{CARD_WIDTH / 2 + 6}' y='60' font-size='30' "
        f"text-anchor='middle' fill='{color}' {_FONT}>{card.suit.symbol}</text>"
    )


def card_defs() -> str:
    """``<defs>`` with one drawing per distinct card (54) and the back."""
    back = (
        f"<g id='tl-back'><rect width='{CARD_WIDTH}' height='{CARD_HEIGHT}' rx='5' "
        f"fill='#2c5f9e' stroke='#555'/><rect x='5' y='5' width='{CARD_WIDTH - 10}' "
        f"height='{CARD_HEIGHT - 10}' rx='3' fill='none' stroke='#9cc3ee' "
        f"stroke-dasharray='3 2'/></g>"
    )
    faces = "".join(f"<g id='{card_id(c)}'>{_face(c)}</g>" for c in CARDS)
    return f"<defs>{faces}{back}</defs>"


def _use(card: Card | None, x: float, y: float) -> str:
    name = "a card face down" if card is None else card_label(card)
    return f"<use href='#{card_id(card)}' x='{x:g}' y='{y:g}' role='img' aria-label='{name}'/>"


def _row(cards: Sequence[Card | None], x: float, y: float, step: float = STEP) -> str:
    return "".join(_use(card, x + i * step, y) for i, card in enumerate(cards))


def _row_width(n: int, step: float = STEP) -> float:
    return 0 if n == 0 else CARD_WIDTH + (n - 1) * step


def _svg(width: float, height: float, body: str, title: str) -> str:
    return (
        f"<svg xmlns='http://www.w3.org/2000/svg' width='{width:g}' height='{height:g}' "
        f"viewBox='0 0 {width:g} {height:g}'><title>{title}</title>"
        # The drawings are not shown where they are defined: out of the page's text too.
        f"<svg display='none' aria-hidden='true'>{card_defs()}</svg>{body}</svg>"
    )


def _text(x: float, y: float, text: str, *, size: int = 13, anchor: str = "start") -> str:
    return (
        f"<text x='{x:g}' y='{y:g}' font-size='{size}' text-anchor='{anchor}' "
        f"fill='#f4f4f4' {_FONT}>{text}</text>"
    )


def hand(cards: Iterable[Card], trump: Trump | None = None) -> str:
    """A hand, overlapping like cards held in a fan; sorted by ``trump`` when given
    (trumps first, strongest first)."""
    shown = tuple(cards) if trump is None else trump.sorted(cards)
    width = max(_row_width(len(shown)), CARD_WIDTH) + 8
    body = _row(shown, 4, 4)
    return _svg(width, CARD_HEIGHT + 8, body, f"{len(shown)} cards")


def _escape(text: str) -> str:
    return html.escape(text, quote=True)


def _cards_of(value: object, name: str) -> tuple[Card, ...]:
    return tuple(CARDS[i] for i in card_ids_of(value, name))


def _text_of(value: object, name: str) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{name} is a str, got {type(value).__name__}")
    return value


def _dark(x: float, y: float, text: str, *, size: int = 12, bold: bool = False) -> str:
    weight = " font-weight='bold'" if bold else ""
    return (
        f"<text x='{x:g}' y='{y:g}' font-size='{size}'{weight} fill='#333' {_FONT}>"
        f"{_escape(text)}</text>"
    )


def trick(
    plays: Sequence[Sequence[Card]],
    leader: int = 0,
    *,
    notes: Sequence[str] | None = None,
    winner: int | None = None,
) -> str:
    """A trick: each play in turn from ``leader``, labelled with its seat.

    ``notes`` (one per play, may be ``""``) are written under the plays, such as "ruffs" or
    "over-ruffs"; ``winner``, a seat, frames that seat's play and marks it "wins".

    >>> import tuolaji as tl
    >>> plays = [tl.parse_cards("5D 4D 4D"), tl.parse_cards("9S 7S 7S")]
    >>> "wins" in trick(plays, notes=["leads", "ruffs"], winner=1)
    True
    """
    if isinstance(plays, str) or not isinstance(plays, Iterable):
        raise TypeError(f"plays is a sequence of plays, got {type(plays).__name__}")
    plays = [_cards_of(play, "plays") for play in plays]
    if notes is not None:
        if isinstance(notes, str) or not isinstance(notes, Sequence):
            raise TypeError(f"notes is a sequence of str, one per play, got {type(notes).__name__}")
        notes = [_text_of(note, "notes") for note in notes]
        if len(notes) != len(plays):
            raise ConfigurationError(
                f"notes has one text per play ({len(plays)} plays), got {len(notes)} texts"
            )
    if winner is not None and (isinstance(winner, bool) or not isinstance(winner, int)):
        raise TypeError(f"winner is a seat (an int) or None, got {type(winner).__name__}")
    if winner is not None and not 0 <= winner <= 3:
        raise ConfigurationError(f"R1.3: winner is a seat, 0-3, got {cut(winner)}")
    x = 4.0
    body = ""
    height = CARD_HEIGHT + 24 + (36 if notes is not None or winner is not None else 0)
    for i, cards in enumerate(plays):
        seat = (leader + i) % 4
        width = _row_width(len(cards))
        if seat == winner:
            body += (
                f"<rect x='{x - 3:g}' y='17' width='{width + 6:g}' height='{CARD_HEIGHT + 6}' "
                f"rx='7' fill='none' stroke='#d4a017' stroke-width='3'/>"
            )
        body += _dark(x, 14, f"seat {seat}")
        body += _row(cards, x, 20)
        below = notes[i] if notes is not None else ""
        if seat == winner:
            below = f"{below}, wins" if below else "wins"
        if below:
            body += _dark(x, CARD_HEIGHT + 42, below, bold=seat == winner)
        x += max(width, 7 * len(below)) + 14
    title = "trick" if winner is None else f"trick won by seat {winner}"
    width = max(x, CARD_WIDTH + 8)
    ground = f"<rect width='{width:g}' height='{height}' rx='6' fill='#fff'/>"
    return _svg(width, height, ground + body, title)


def rows(lines: Sequence[tuple[str, Sequence[Card]]], title: str = "cards") -> str:
    """Rows of cards, each with its caption above it: a tractor beside a non-tractor, a
    throw above the unit it is forced to, a kitty and what it scores. ``title`` names the
    picture (its ``<title>``, which a screen reader reads).

    >>> import tuolaji as tl
    >>> picture = rows([("a tractor", tl.parse_cards("♥KKQQ"))], "a tractor")
    >>> picture.count("<use "), "a tractor" in picture
    (4, True)
    """
    _text_of(title, "title")
    if isinstance(lines, str) or not isinstance(lines, Sequence):
        raise TypeError(f"lines is a sequence of (caption, cards), got {type(lines).__name__}")
    body = ""
    y = 4.0
    width = CARD_WIDTH + 8.0
    for line in lines:
        if not isinstance(line, tuple) or len(line) != 2:
            raise TypeError(f"lines holds (caption, cards) pairs, got {cut(line)}")
        caption = _text_of(line[0], "a caption of lines")
        shown = _cards_of(line[1], "the cards of lines")
        body += _dark(4, y + 13, caption, size=13, bold=True)
        body += _row(shown, 4, y + 20)
        width = max(width, _row_width(len(shown)) + 8, 7.5 * len(caption) + 8)
        # A caption with no cards (a sum, a conclusion) takes a line, not a card's height.
        y += CARD_HEIGHT + 32 if shown else 24
    # A white ground: the dark captions stay readable on a page in dark mode.
    ground = f"<rect width='{width:g}' height='{y:g}' rx='6' fill='#fff'/>"
    return _svg(width, y, ground + body, _escape(title))


def level_chart(bands: Sequence[LevelBand], top: int = 200) -> str:
    """The level table (R9.1) as a bar chart: the attackers' points from 0 to ``top`` along,
    one bar per band; a band where the declarers keep the deal rises in blue by the levels
    they go up, one where the attackers take over rises in red by theirs.

    >>> import tuolaji as tl
    >>> chart = level_chart(tl.RULESETS["tuolaji"].level_table)
    >>> chart.count("<rect class='band"), "attackers take over" in chart
    (7, True)
    """
    if isinstance(top, bool) or not isinstance(top, int):
        raise TypeError(f"top is an int (points), got {type(top).__name__}")
    if not 0 < top <= 10_000:
        raise ConfigurationError(f"R9.1: top is 1 to 10000 points, got {cut(top)}")
    if isinstance(bands, str) or not isinstance(bands, Sequence):
        raise TypeError(f"bands is a sequence of LevelBand, got {type(bands).__name__}")
    for band in bands:
        if not isinstance(band, LevelBand):
            raise TypeError(f"bands holds LevelBand values (Rules.level_table), got {cut(band)}")
    shown = [b for b in bands if b.min_points <= top]
    left, unit, step_h, base = 48.0, 3.2, 34.0, 150.0
    width = left + (top + 20) * unit + 20
    most = max((b.steps for b in shown), default=1) or 1
    base = 30 + most * step_h
    body = f"<rect width='{width:g}' height='{base + 70:g}' fill='#fff'/>"
    for i, band in enumerate(shown):
        end = shown[i + 1].min_points if i + 1 < len(shown) else top + 20
        x0 = left + max(band.min_points, 0) * unit
        x1 = left + end * unit
        h = max(band.steps, 0) * step_h or 6
        color = "#2c5f9e" if band.declarers_keep else _RED
        who = "declarers keep" if band.declarers_keep else "attackers take over"
        text = f"{who}, +{band.steps}"
        body += (
            f"<rect class='band' x='{x0 + 1:g}' y='{base - h:g}' width='{x1 - x0 - 2:g}' "
            f"height='{h:g}' fill='{color}'><title>{band.min_points}+ points: {text}"
            f"</title></rect>"
        )
        body += _dark(x0 + 3, base - h - 6, f"+{band.steps}", size=12, bold=True)
        body += _dark(x0 + 2, base + 16, str(band.min_points), size=11)
    body += f"<line x1='{left:g}' y1='{base:g}' x2='{width - 10:g}' y2='{base:g}' stroke='#333'/>"
    body += _dark(left, base + 36, "attackers' points (the band starts at the number)", size=12)
    body += (
        f"<rect x='{left:g}' y='{base + 46:g}' width='12' height='12' fill='#2c5f9e'/>"
        + _dark(left + 16, base + 57, "declarers keep the deal and go up", size=12)
        + f"<rect x='{left + 260:g}' y='{base + 46:g}' width='12' height='12' fill='{_RED}'/>"
        + _dark(left + 276, base + 57, "attackers take over and go up", size=12)
    )
    body += _dark(4, 16, "levels", size=12, bold=True)
    return _svg(width, base + 70, body, "the level table: levels gained by attackers' points")


_W, _H = 960, 640
"""The table picture's size."""
_SIDE_TOP = 130
"""The top of the first row of a side hand."""
_SIDE_WIDTH = CARD_WIDTH + (SIDE_ROW - 1) * STEP
"""The width of a full row of a side hand."""
_MARGIN = 10

_LABELS = (
    (_W / 2, _H - CARD_HEIGHT - 36),
    (_W - _MARGIN - _SIDE_WIDTH / 2, _SIDE_TOP - 8),
    (_W / 2, 20),
    (_MARGIN + _SIDE_WIDTH / 2, _SIDE_TOP - 8),
)
"""Where each place's seat label goes (its middle), by place."""
_TRICKS = ((_W / 2, 430), (_W / 2 + 210, 350), (_W / 2, 270), (_W / 2 - 210, 350))
"""Where each place's play of the current trick goes (the middle of its top edge), by place."""

TABLE_LAYOUT: dict[str, object] = {
    "width": _W,
    "height": _H,
    "card_width": CARD_WIDTH,
    "card_height": CARD_HEIGHT,
    "step": STEP,
    "side_row": SIDE_ROW,
    "row_gap": INDEX_HEIGHT,
    "side_top": _SIDE_TOP,
    "margin": _MARGIN,
    "labels": _LABELS,
    "tricks": _TRICKS,
}
"""The numbers that place the cards of [`table`][tuolaji.state.pictures.table] (see
[`hand_slots`][tuolaji.state.pictures.hand_slots]); the replay viewer (`tuolaji.tools.viewer`)
places its cards with the same numbers."""


def hand_slots(place: int, n: int) -> list[tuple[float, float]]:
    """Where each card of a hand of ``n`` cards goes (its top-left corner) for a seat at
    ``place`` (0 bottom, 1 right, 2 top, 3 left, the playing order counter-clockwise).

    Hands at the bottom and the top are one row; a hand at a side is rows of
    `SIDE_ROW` cards, `INDEX_HEIGHT` apart, so no card hides another's index:

    >>> hand_slots(3, 10)[7:]
    [(164, 130), (10, 168), (32, 168)]
    """
    if place in (0, 2):
        x0 = (_W - _row_width(n)) / 2
        y = _H - CARD_HEIGHT - 30 if place == 0 else 28
        return [(x0 + i * STEP, y) for i in range(n)]
    x0 = _MARGIN if place == 3 else _W - _MARGIN - _SIDE_WIDTH
    return [
        (x0 + (i % SIDE_ROW) * STEP, _SIDE_TOP + (i // SIDE_ROW) * INDEX_HEIGHT) for i in range(n)
    ]


def _trick_place(place: int, n: int) -> tuple[float, float]:
    centre, y = _TRICKS[place]
    return centre - _row_width(n) / 2, y


class SeatedHands(NamedTuple):
    """Four hands as one seat sees them, for a picture of the table."""

    bottom: int
    """The seat drawn at the bottom (the one looking)."""
    hands: tuple[Sequence[Card | None], ...]
    """The four hands by seat; None is a card face down."""


class Table(Protocol):
    """What [`table`][tuolaji.state.pictures.table] draws: a [`GameState`][tuolaji.GameState] and a
    [`PlayerView`][tuolaji.PlayerView] are both one. The picture reads only these, so this module
    knows neither class."""

    @property
    def phase(self) -> enum.Enum:
        """The deal's phase; its ``value`` is printed."""
        ...

    @property
    def dealer(self) -> int | None:
        """The dealer's seat, marked ``*``."""
        ...

    @property
    def trump(self) -> Trump | None:
        """The trump context, or None before it is fixed."""
        ...

    @property
    def levels(self) -> tuple[Rank, Rank]:
        """Team 0's and team 1's levels."""
        ...

    @property
    def leader(self) -> int:
        """The seat that led the current trick."""
        ...

    @property
    def trick(self) -> tuple[tuple[Card, ...], ...]:
        """The current trick's plays, from the leader on."""
        ...

    @property
    def attacker_points(self) -> int:
        """The attackers' points so far."""
        ...

    def table_hands(self, seat: int | None = None) -> SeatedHands:
        """The seat at the bottom and the four hands as ``seat`` sees them (None: a card
        face down); ``seat`` None for every hand face up."""
        ...


def _no_trump_level(state: Table) -> tuple[bool, bool]:
    """Which teams stand on the no-trump level (R9.2): a state's or view's flags; a table
    written before them has none."""
    flags: tuple[bool, bool] = getattr(state, "no_trump_level", (False, False))
    return flags


def table(state: Table, seat: int | None = None) -> str:
    """The whole table: four hands around the current trick, with the trump, the dealer
    (``*``), the levels and the attackers' points.

    ``seat`` None shows a state as it is, every hand face up. With a seat (or for a
    [`PlayerView`][tuolaji.PlayerView], its own seat) only what that seat may know is shown,
    other hands face down, and that seat sits at the bottom.
    """
    bottom, seen = state.table_hands(seat)
    trump = state.trump
    hands: list[Sequence[Card | None]] = []
    for row in seen:
        if trump is not None and None not in row:
            hands.append(trump.sorted([c for c in row if c is not None]))
        else:
            hands.append(row)
    body = f"<rect width='{_W}' height='{_H}' rx='14' fill='#1f6b3a'/>"
    for s in range(4):
        place = (s - bottom) % 4
        slots = hand_slots(place, len(hands[s]))
        uses = "".join(_use(c, x, y) for c, (x, y) in zip(hands[s], slots, strict=True))
        body += f"<g class='seat-{s}'>{uses}</g>"
        label = f"seat {s}{' *' if s == state.dealer else ''} ({len(hands[s])})"
        lx, ly = _LABELS[place]
        body += _text(lx, ly, label, anchor="middle")
    plays = state.trick
    for i, cards in enumerate(plays):
        s = (state.leader + i) % 4
        x, y = _trick_place((s - bottom) % 4, len(cards))
        body += f"<g class='trick-{s}'>{_row(cards, x, y)}</g>"
    level = state.trump.level.label if state.trump is not None else "-"
    if state.trump is None:
        trump_text = "trump not fixed"
    elif state.trump.suit is None:
        trump_text = "no trump"
    else:
        trump_text = f"trump {state.trump.suit.symbol}"
    info = (
        f"{state.phase.value} · level {level}, {trump_text} · levels "
        f"{'/'.join(level_labels(state.levels, _no_trump_level(state)))} · attackers "
        f"{state.attacker_points}"
    )
    body += _text(12, _H - 8, info, size=17)
    return _svg(_W, _H, body, info)
