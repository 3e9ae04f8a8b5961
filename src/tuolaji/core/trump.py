"""The trump context of a deal: which cards are trump, effective suits, strength, positions.

R2 (trump and card order) and R3.1 (positions). A [`Trump`][tuolaji.Trump] is a small frozen value;
the per-card answers come from a `TrumpTable` of tuples indexed by card id, built once per
distinct trump context and shared, so the engine's hot paths are tuple look-ups.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import attrs

from tuolaji.core.caching import memoize
from tuolaji.core.cards import BIG_JOKER_ID, CARD_KINDS, SMALL_JOKER_ID, Card, Rank, Suit
from tuolaji.core.errors import ConfigurationError, InvalidCards, cut

__all__ = ["TRUMP", "Trump", "TrumpTable", "effective_suit_name"]

TRUMP = 4
"""The effective suit of every trump card (R2.1); side suits keep their [`Suit`][tuolaji.Suit]
value."""

TRUMP_STRENGTH_BASE = 32
"""Added to a trump card's position to make its strength, so that every trump outranks every
side card (positions within a suit never reach 32)."""


@attrs.frozen(slots=True)
class TrumpTable:
    """Per-card look-ups for one trump context, each a tuple indexed by card id (0..53).

    ``suit[id]``: effective suit (0..3 side suits, [`TRUMP`][tuolaji.TRUMP] for trumps, R2.1);
    ``pos[id]``: position within the effective suit (R3.1); ``strength[id]``: R2 order,
    comparable within one effective suit and between a trump and a side card;
    ``suit_size[s]``: the number of positions in effective suit ``s``; ``order[id]``: the
    card's place in the canonical order of a play ([`Trump.sorted`][tuolaji.Trump.sorted]: trumps
    first, then ♠ ♥ ♣ ♦, strongest first, equal cards by id); ``tractor_min_pairs``: the
    fewest consecutive pairs that make a tractor (R3.2, 2 or 3).

    A context whose level rank has no level card (``Trump.level_cards`` False, the no-trump
    level of ``Rules.no_trump_trumps="jokers"``, R9.2) ranks that rank's cards as plain cards
    of their suits: the table is the one every kernel reads, so the rule lands here alone.
    """

    suit: tuple[int, ...]
    pos: tuple[int, ...]
    strength: tuple[int, ...]
    suit_size: tuple[int, ...]
    order: tuple[int, ...]
    tractor_min_pairs: int


def _convert_level(value: object) -> Rank:
    if isinstance(value, Rank):
        return value
    if isinstance(value, int) and not isinstance(value, bool) and 2 <= value <= 14:
        return Rank(value)
    if isinstance(value, str) and len(value) <= 2:
        try:
            return Rank.parse(value)
        except InvalidCards:
            pass
    raise ConfigurationError(
        f"R1.4: a level is a rank from Rank.TWO to Rank.ACE (2..14, or '2'..'10', 'J', 'Q', "
        f"'K', 'A'), got {cut(value)}"
    )


# Every spelling of a suit that Trump accepts: its letter, symbol and name, any case.
_SUIT_NAMES = {
    key: suit
    for suit in Suit
    for key in (suit.letter.upper(), suit.symbol, suit.name.upper(), suit.name.upper().rstrip("S"))
}


def _convert_trump_suit(value: object) -> Suit | None:
    if value is None or isinstance(value, Suit):
        return value
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 3:
        return Suit(value)
    if isinstance(value, str) and value.strip().upper() in _SUIT_NAMES:
        return _SUIT_NAMES[value.strip().upper()]
    raise ConfigurationError(
        "R2.1: a trump suit is a Suit, 'S', 'H', 'C', 'D' (or '♠', '♥', '♣', '♦', 'spades', ...), "
        f"or None for no trump, got {cut(value)}"
    )


def _convert_flag(value: object) -> bool:
    if isinstance(value, bool):
        return value
    raise ConfigurationError(f"R2.5: permanent_twos is True or False, got {cut(value)}")


def _convert_level_cards(value: object) -> bool:
    if isinstance(value, bool):
        return value
    raise ConfigurationError(f"R9.2: level_cards is True or False, got {cut(value)}")


def _convert_min_pairs(value: object) -> int:
    if type(value) is int and value in {2, 3}:
        return value
    raise ConfigurationError(f"R3.2: tractor_min_pairs is 2 or 3, got {cut(value)}")


# 13 levels x 5 trump choices x 2 x 2 = 260 contexts, and 13 x 2 x 2 with no level card (no
# trump suit only): the limit is never reached, so a context's table is one shared object for
# the life of the process.
@memoize(limit=512)
def _build_table(
    level: Rank,
    trump_suit: Suit | None,
    permanent_twos: bool,
    tractor_min_pairs: int,
    level_cards: bool = True,
) -> TrumpTable:
    twos_are_trump = permanent_twos and level != Rank.TWO
    # R9.2 with no_trump_trumps="jokers": the no-trump level has no level card, so the level
    # rank's cards are plain cards of their suits (only the jokers, and R2.5's 2s, are trump).
    plain_level = not level_cards
    side_ranks = [
        r
        for r in range(2, 15)
        if (r != level or plain_level) and not (twos_are_trump and r == Rank.TWO)
    ]
    suit = [TRUMP] * CARD_KINDS
    pos = [0] * CARD_KINDS
    for s in range(4):
        for i, r in enumerate(side_ranks):
            card = s * 13 + r - 2
            suit[card] = TRUMP if s == trump_suit else s
            pos[card] = i
    # Trump-only ranks above the trump suit's plain cards (R2.2, R2.5): equal off-suit copies
    # share one position, the trump suit's own copy sits one higher.
    top = len(side_ranks) if trump_suit is not None else 0
    special = ([Rank.TWO] if twos_are_trump else []) + ([] if plain_level else [level])
    for r in special:
        for s in range(4):
            pos[s * 13 + r - 2] = top
        if trump_suit is not None:
            pos[trump_suit * 13 + r - 2] = top + 1
            top += 2
        else:
            top += 1
    pos[SMALL_JOKER_ID] = top
    pos[BIG_JOKER_ID] = top + 1
    strength = tuple(
        p + (TRUMP_STRENGTH_BASE if s == TRUMP else 0) for s, p in zip(suit, pos, strict=True)
    )
    suit_size = [len(side_ranks)] * 4 + [top + 2]
    if trump_suit is not None:
        suit_size[trump_suit] = 0
    ranked = sorted(
        range(CARD_KINDS), key=lambda c: (-1 if suit[c] == TRUMP else suit[c], -strength[c], c)
    )
    order = [0] * CARD_KINDS
    for i, c in enumerate(ranked):
        order[c] = i
    return TrumpTable(
        tuple(suit), tuple(pos), strength, tuple(suit_size), tuple(order), tractor_min_pairs
    )


@attrs.frozen(slots=True)
class Trump:
    """The trump context of a deal (R2): the level rank and the trump suit (None: no trump).

    ``permanent_twos`` switches on the R2.5 variant (every 2 is trump when the level is not 2);
    ``tractor_min_pairs`` is the R3.2 house rule (3: two consecutive pairs are two pairs);
    ``level_cards`` False is a deal on the no-trump level under
    ``Rules.no_trump_trumps="jokers"`` (R9.2, the online app): no trump suit, and the level
    rank's cards are no trumps either, so only the jokers are (and R2.5's 2s). Build one
    with ``Trump(Rank.TEN, Suit.SPADES)`` or ``Trump(level=10, suit=None)``; the
    level may be a rank's text and the suit its letter, symbol or name:

    >>> Trump("10", suit="S") == Trump(Rank.TEN, "♠") == Trump(10, "spades")
    True
    """

    level: Rank = attrs.field(converter=_convert_level)
    suit: Suit | None = attrs.field(default=None, converter=_convert_trump_suit)
    permanent_twos: bool = attrs.field(default=False, converter=_convert_flag, kw_only=True)
    tractor_min_pairs: int = attrs.field(default=2, converter=_convert_min_pairs, kw_only=True)
    level_cards: bool = attrs.field(default=True, converter=_convert_level_cards, kw_only=True)
    table: TrumpTable = attrs.field(init=False, eq=False, repr=False)
    """The per-card look-up tables of this context (shared between equal contexts)."""

    def __attrs_post_init__(self) -> None:
        if not self.level_cards and self.suit is not None:
            raise ConfigurationError(
                f"R9.2: a trump without level cards is the no-trump level's, which names no "
                f"trump suit; got suit {self.suit.symbol}"
            )
        if self.level_cards:  # the default context's call, unchanged (shared cache entries)
            table = _build_table(self.level, self.suit, self.permanent_twos, self.tractor_min_pairs)
        else:
            table = _build_table(
                self.level, self.suit, self.permanent_twos, self.tractor_min_pairs, False
            )
        object.__setattr__(self, "table", table)

    @classmethod
    def upgrade_data(cls, data: Mapping[str, object]) -> dict[str, object]:
        """JSON data of an older [`Trump`][tuolaji.Trump] brought up to date, so that old states
        and records still load (`tuolaji.state.codec.from_data` calls this before reading): a
        trump without ``tractor_min_pairs`` reads as 2, the seeds' tractors (R3.2), and one
        without ``level_cards`` as True (the level rank's cards are trump, R2.1)."""
        if not isinstance(data, Mapping):
            raise TypeError(f"data must be a mapping, got {type(data).__name__}")
        return {"tractor_min_pairs": 2, "level_cards": True, **data}

    def is_trump(self, card: Card) -> bool:
        """True when ``card`` is a trump (R2.1, R2.5)."""
        return self.table.suit[card.id] == TRUMP

    def effective_suit(self, card: Card) -> int:
        """The suit ``card`` follows as (R2.1): its [`Suit`][tuolaji.Suit], or
        [`TRUMP`][tuolaji.TRUMP] (4)."""
        return self.table.suit[card.id]

    def position(self, card: Card) -> int:
        """The card's position within its effective suit (R3.1); equal cards share one."""
        return self.table.pos[card.id]

    def strength(self, card: Card) -> int:
        """The card's order (R2.2-R2.5): higher beats lower, equal cards are equal (R2.4).

        Every trump is stronger than every side card. Two side cards of different suits
        cannot beat each other; their strengths are only their positions in their own suits.
        """
        return self.table.strength[card.id]

    def sort_key(self, card: Card) -> tuple[int, int, int]:
        """A key that groups cards by effective suit (trumps first, then ♠ ♥ ♣ ♦) and
        orders each group strongest first; equal-strength cards are kept in suit order."""
        table = self.table
        suit = table.suit[card.id]
        return (-1 if suit == TRUMP else suit, -table.strength[card.id], card.id)

    def sorted(self, cards: Iterable[Card]) -> tuple[Card, ...]:
        """``cards`` in [`sort_key`][tuolaji.Trump.sort_key] order: trumps first, strongest first
        in each suit."""
        return tuple(sorted(cards, key=self.sort_key))

    def __str__(self) -> str:
        suit = "no trump" if self.suit is None else f"trump {self.suit.symbol}"
        extras = ", permanent 2s" if self.permanent_twos else ""
        if self.tractor_min_pairs != 2:
            extras += f", tractors of {self.tractor_min_pairs}+ pairs"
        if not self.level_cards:
            extras += ", no level cards"
        return f"level {self.level.label}, {suit}{extras}"

    def __repr__(self) -> str:
        """``Trump(Rank.TEN, Suit.SPADES)``, pasteable with those names imported."""
        suit = "None" if self.suit is None else f"Suit.{self.suit.name}"
        extras = ", permanent_twos=True" if self.permanent_twos else ""
        if self.tractor_min_pairs != 2:
            extras += f", tractor_min_pairs={self.tractor_min_pairs}"
        if not self.level_cards:
            extras += ", level_cards=False"
        return f"Trump(Rank.{self.level.name}, {suit}{extras})"


def effective_suit_name(suit: int) -> str:
    """A printable name for an effective suit: ``trump`` or the suit symbol."""
    return "trump" if suit == TRUMP else Suit(suit).symbol
