"""Bids and their strength under both bidding systems (R4.2-R4.4, R5.2).

A bid shows cards from the bidder's hand. `bid_form` says what the shown cards mean
(strength and trump suit) under a system; `bid_refusal` applies R4.2, R4.4 and R5.2 to
a bid against the standing one; `bid_options` lists every bid a hand can make. Who may
bid when (the deal, the closing round, the counter windows) is `tuolaji.state.auction`'s.

Every rule is one fast predicate that returns a `Refusal` code (or None), never a
string: bots and the state machine probe bids after every dealt card. The player-facing
message is built by `refusal_message` only when an action is refused.
"""

from __future__ import annotations

import enum
import warnings
from collections.abc import Sequence

import attrs

from tuolaji.core.cards import BIG_JOKER, CARDS, SMALL_JOKER, Card, Rank, Suit, format_cards
from tuolaji.core.rules import Bidding, FixTrump, JokerPairs

__all__ = [
    "LEVEL_PAIR_STRENGTH",
    "Bid",
    "Refusal",
    "bid_form",
    "bid_options",
    "bid_refusal",
    "form_message",
    "joker_for",
    "outranks",
    "refusal_message",
]

LEVEL_PAIR_STRENGTH = 2
"""Strength of a pair of level cards (定主, and the weakest counter, R5.2)."""
NO_TRUMP_SMALL = 3
NO_TRUMP_BIG = 4


@attrs.frozen(slots=True)
class Bid:
    """A bid (R4.2): ``seat`` showed ``cards``, naming ``suit`` (None: no trump) with
    ``strength`` 1..4 (R4.3/R4.4)."""

    seat: int
    cards: tuple[Card, ...]
    suit: Suit | None
    strength: int

    def __str__(self) -> str:
        named = "no trump" if self.suit is None else self.suit.symbol
        return (
            f"seat {self.seat}: {format_cards(self.cards, pretty=True)} ({named}, {self.strength})"
        )


class Refusal(enum.Enum):
    """Why a bid may not be made now; ``rule`` is the rule it breaks. The text for players
    comes from `refusal_message`."""

    NO_BIDS_NOW = "R4.1", "no bids in this phase"
    NOT_YOUR_TURN = "R4.1", "not this seat's turn"
    ONE_DECLARATION = "R4.4", "the declaration of the deal has been made"
    DEALERS_TEAM_ONLY = "R4.4", "only the dealer's team declares during a later deal"
    JOKER_PAIR_DECLARES = "R4.4", "a joker pair is a counter, never a declaration"
    NOT_STRONGER = "R4.2", "not stronger than the standing bid"
    OWN_BID = "R4.2", "a seat never overturns its own bid"
    COUNTER_TOO_WEAK = "R5.2", "a counter needs strength 2 or more"
    OWN_COUNTER = "R5.2", "the standing bidder may not counter itself"
    PAIR_NEEDS_CALL = "R4.3", "a pair of level cards only reinforces a standing single"

    @property
    def rule(self) -> str:
        """The rule number, e.g. ``"R4.2"``."""
        rule: str = self.value[0]
        return rule


def joker_for(suit: Suit) -> Card:
    """The joker that backs a suit bid in the joker system (R4.4): big for ♥ ♦, small for ♠ ♣."""
    return BIG_JOKER if suit in (Suit.HEARTS, Suit.DIAMONDS) else SMALL_JOKER


_SUITS = tuple(Suit)


def bid_form(cards: Sequence[Card], level: Rank, system: Bidding) -> tuple[int, Suit | None] | None:
    """The strength and trump suit of a bid showing ``cards`` (R4.3 reveal, R4.4 joker), or
    None when the cards are no bid.

    Strengths: 1 one level card, 2 a pair of level cards (定主), 3 a pair of small jokers,
    4 a pair of big jokers (both no trump). In the joker system a suit bid also shows the
    joker of the suit's colour (大王只能报红主, 小王只能报黑主).
    """
    n = len(cards)
    if n == 0 or n > 3:
        return None
    level_cards = [c for c in cards if not c.is_joker]
    jokers = [c for c in cards if c.is_joker]
    if not level_cards:
        if n == 2 and jokers[0] == jokers[1]:
            return (NO_TRUMP_BIG if jokers[0] == BIG_JOKER else NO_TRUMP_SMALL), None
        return None
    first = level_cards[0]
    if first.rank != level or len(level_cards) > 2 or any(c != first for c in level_cards):
        return None
    suit = first.suit
    assert suit is not None
    if system == "joker":
        if jokers != [joker_for(suit)]:
            return None
    elif jokers:
        return None
    return len(level_cards), suit


def form_message(cards: Sequence[Card], level: Rank, system: Bidding) -> tuple[str, str]:
    """``(rule, message)`` for cards that `bid_form` rejected: the valid forms."""
    shown = format_cards(cards, pretty=True) or "no cards"
    lvl = level.label
    if system == "reveal":
        return "R4.3", (
            f"{shown} is not a bid; R4.3: a bid shows one level card ({lvl}), a pair of level "
            "cards of one suit, a pair of small jokers or a pair of big jokers"
        )
    return "R4.4", (
        f"{shown} is not a bid; R4.4: a bid shows one level card ({lvl}) or a pair of them "
        "with the joker of the suit's colour (big joker for ♥ ♦, small joker for ♠ ♣), or a "
        "pair of small or of big jokers"
    )


def outranks(strength: int, standing: int, joker_pairs: JokerPairs = "big_over_small") -> bool:
    """Whether a bid of ``strength`` is stronger than a standing bid of strength ``standing``
    (R4.2): strictly higher, except that with ``joker_pairs="equal"`` the two joker pairs
    (strengths 3 and 4) are equal, so the first shown stands (以先出现者为准)."""
    if joker_pairs == "equal" and min(strength, standing) >= NO_TRUMP_SMALL:
        return False
    return strength > standing


def bid_refusal(
    seat: int,
    strength: int,
    suit: Suit | None,
    standing: Bid | None,
    *,
    declaration: bool,
    counter: bool,
    self_overturn: bool = False,
    joker_pairs: JokerPairs = "big_over_small",
    fix_trump: FixTrump = "at_once",
) -> Refusal | None:
    """Why a well-formed bid of ``strength`` naming ``suit`` by ``seat`` may not replace
    ``standing`` (R4.2, R4.4, R5.2), or None when it may.

    ``declaration``: the bid is a joker-system declaration (R4.4: strength 1 or 2 only; a
    joker pair is only a counter, 常主不可进行报主; once one stands, only its own
    reinforcement, under ``fix_trump="reinforce"``). ``counter``: the bid is a counter-bid
    (R5.2: strength 2 or more, never by the seat whose bid stands). A new bid must outrank the
    standing one (see [`outranks`][tuolaji.core.bidding.outranks]; equal strength: the earlier
    stands, 以先出现者为准), and a seat never overturns its own standing bid
    (自已叫主后本人不能再翻主) unless ``self_overturn``: it may only reinforce it, showing the
    pair of its own level card (定主, R4.3). With ``fix_trump="reinforce"`` a pair of level
    cards is never a first bid: it reinforces a single or overturns another seat's bid.
    """
    if declaration and strength > LEVEL_PAIR_STRENGTH:
        return Refusal.JOKER_PAIR_DECLARES
    if counter:
        if strength < LEVEL_PAIR_STRENGTH:
            return Refusal.COUNTER_TOO_WEAK
        if standing is not None and standing.seat == seat and not self_overturn:
            return Refusal.OWN_COUNTER
    if standing is None:
        if fix_trump == "reinforce" and strength == LEVEL_PAIR_STRENGTH and not counter:
            return Refusal.PAIR_NEEDS_CALL
        return None
    reinforces = (
        seat == standing.seat
        and strength == LEVEL_PAIR_STRENGTH
        and standing.strength == 1
        and suit == standing.suit
    )
    if declaration and not reinforces:
        return Refusal.ONE_DECLARATION
    if not outranks(strength, standing.strength, joker_pairs):
        return Refusal.NOT_STRONGER
    if seat == standing.seat and not (reinforces or self_overturn):
        return Refusal.OWN_BID
    return None


def refusal_message(refusal: Refusal, standing: Bid | None = None) -> str:
    """The player-facing text of ``refusal`` (without the rule number)."""
    if refusal is Refusal.NOT_STRONGER:
        return (
            f"a new bid must be stronger than the standing one ({standing}); "
            "equal strength leaves the earlier bid standing"
        )
    if refusal is Refusal.OWN_BID:
        return (
            "a seat never overturns its own standing bid (jokers included); "
            "it may only reinforce it with the pair of its own level card"
        )
    if refusal is Refusal.JOKER_PAIR_DECLARES:
        return (
            "a joker pair is never a declaration (常主不可进行报主), only a counter (R5.2); "
            "declare with level cards and the joker of their colour"
        )
    if refusal is Refusal.COUNTER_TOO_WEAK:
        return "a counter shows a pair of level cards (with its joker) or a pair of jokers"
    if refusal is Refusal.OWN_COUNTER:
        return (
            "the standing bidder counters only after someone else has countered, "
            "and never its own counter"
        )
    if refusal is Refusal.ONE_DECLARATION:
        return "during the deal there is one declaration, and it has been made"
    if refusal is Refusal.PAIR_NEEDS_CALL:
        return (
            "under Rules.fix_trump='reinforce' a suit is named with one level card; the pair "
            "fixes it (定主) only as the same seat's reinforcement, or overturns another's bid"
        )
    if refusal is Refusal.DEALERS_TEAM_ONLY:
        return (
            "in later deals only the dealer's team declares during the deal; "
            "the attackers get one round after it"
        )
    return str(refusal.value[1])


def bid_options(
    hand: Sequence[Card],
    level: Rank,
    system: Bidding,
    min_strength: int = 1,
    max_strength: int = NO_TRUMP_BIG,
) -> list[tuple[Card, ...]]:
    """Every distinct set of cards from ``hand`` that makes a bid (R4.3/R4.4) of strength
    ``min_strength`` to ``max_strength``, weakest first."""
    if min_strength > max_strength:
        return []
    # Card ids: tuple.count on ints runs in C, on Cards it calls Card.__eq__ per card.
    ids = [c.id for c in hand]
    options: list[tuple[Card, ...]] = []
    if min_strength <= LEVEL_PAIR_STRENGTH:
        singles: list[tuple[Card, ...]] = []
        pairs: list[tuple[Card, ...]] = []
        for suit in _SUITS:
            card = CARDS[suit * 13 + level - 2]
            n = ids.count(card.id)
            if n == 0:
                continue
            backing: tuple[Card, ...] = ()
            if system == "joker":
                joker = joker_for(suit)
                if joker.id not in ids:
                    continue
                backing = (joker,)
            if min_strength <= 1 <= max_strength:
                singles.append((card, *backing))
            if n == 2 and max_strength >= LEVEL_PAIR_STRENGTH:
                pairs.append((card, card, *backing))
        options = singles + pairs
    small_ok = min_strength <= NO_TRUMP_SMALL <= max_strength
    if small_ok and ids.count(SMALL_JOKER.id) == 2:
        options.append((SMALL_JOKER, SMALL_JOKER))
    if max_strength >= NO_TRUMP_BIG and ids.count(BIG_JOKER.id) == 2:
        options.append((BIG_JOKER, BIG_JOKER))
    return options


_RENAMED = {"BiddingSystem": "Bidding", "FIX": "LEVEL_PAIR_STRENGTH"}
"""Names of 0.2 kept for one release: ``BiddingSystem`` was the same Literal as
`tuolaji.core.rules.Bidding`; ``FIX`` said nothing of what it is."""


def __getattr__(name: str) -> object:
    if name in _RENAMED:
        new = _RENAMED[name]
        warnings.warn(
            f"tuolaji.core.bidding.{name} is deprecated: use {new}",
            DeprecationWarning,
            stacklevel=2,
        )
        return globals()[new]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
