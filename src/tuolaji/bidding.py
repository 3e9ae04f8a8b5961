"""Bids and their strength under both bidding systems (R4.2-R4.4, R5.2).

A bid shows cards from the bidder's hand. :func:`read_bid` says what the shown cards mean
(strength and trump suit) under a system; :func:`overturn_error` applies R4.2 to a new bid
against the standing one; :func:`bid_options` lists every bid a hand can make. Who may bid
when (the deal, the closing round, the counter windows) is the state machine's business.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Literal

import attrs

from .cards import BIG_JOKER, CARDS, SMALL_JOKER, Card, Rank, Suit, format_cards
from .errors import IllegalAction

__all__ = [
    "Bid",
    "BiddingSystem",
    "bid_options",
    "joker_for",
    "overturn_error",
    "read_bid",
]

BiddingSystem = Literal["reveal", "joker"]

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


def joker_for(suit: Suit) -> Card:
    """The joker that backs a suit bid in the joker system (R4.4): big for ♥ ♦, small for ♠ ♣."""
    return BIG_JOKER if suit in (Suit.HEARTS, Suit.DIAMONDS) else SMALL_JOKER


def _forms(system: BiddingSystem, level: Rank) -> str:
    lvl = level.label
    if system == "reveal":
        return (
            f"R4.3: a bid shows one level card ({lvl}), a pair of level cards of one suit, "
            "a pair of small jokers or a pair of big jokers"
        )
    return (
        f"R4.4: a bid shows one level card ({lvl}) or a pair of them with the joker of the "
        "suit's colour (big joker for ♥ ♦, small joker for ♠ ♣), or a pair of small or of "
        "big jokers"
    )


def read_bid(cards: Sequence[Card], level: Rank, system: BiddingSystem) -> tuple[int, Suit | None]:
    """The strength and trump suit of a bid showing ``cards`` (R4.3 reveal, R4.4 joker).

    Strengths: 1 one level card, 2 a pair of level cards (定主), 3 a pair of small jokers,
    4 a pair of big jokers (both no trump). In the joker system a suit bid also shows the
    joker of the suit's colour. Raises :class:`~tuolaji.IllegalAction` listing the valid forms.
    """
    counts = Counter(cards)
    if len(counts) == 1 and len(cards) == 2 and cards[0].is_joker:
        return (NO_TRUMP_BIG if cards[0] == BIG_JOKER else NO_TRUMP_SMALL), None
    level_cards = [c for c in cards if not c.is_joker]
    jokers = [c for c in cards if c.is_joker]
    suits = {c.suit for c in level_cards}
    valid_level = (
        level_cards
        and all(c.rank == level for c in level_cards)
        and len(suits) == 1
        and len(level_cards) <= 2
    )
    if valid_level:
        (suit,) = suits
        assert suit is not None
        needed = [joker_for(suit)] if system == "joker" else []
        if jokers == needed:
            return len(level_cards), suit
    rule = "R4.3" if system == "reveal" else "R4.4"
    raise IllegalAction(
        rule,
        f"{format_cards(cards, pretty=True) or 'no cards'} is not a bid; {_forms(system, level)}",
    )


def overturn_error(seat: int, strength: int, suit: Suit | None, standing: Bid | None) -> str | None:
    """Why a new bid may not replace ``standing`` (R4.2), or None when it may.

    It must be strictly stronger (equal strength: the earlier bid stands); the standing bidder
    may only strengthen its own suit (reinforcement, 定主), never change it.
    """
    if standing is None:
        return None
    if strength <= standing.strength:
        return (
            f"R4.2: a new bid must be stronger than the standing one ({standing}); "
            f"equal strength leaves the earlier bid standing"
        )
    if seat == standing.seat and suit != standing.suit:
        return (
            "R4.2: a seat never overturns its own standing bid with a different suit; "
            "it may only reinforce it with the pair"
        )
    return None


def bid_options(hand: Iterable[Card], level: Rank, system: BiddingSystem) -> list[tuple[Card, ...]]:
    """Every distinct set of cards from ``hand`` that makes a bid (R4.3/R4.4), weakest first."""
    counts = Counter(hand)
    options: list[tuple[int, tuple[Card, ...]]] = []
    for suit in Suit:
        card = CARDS[suit * 13 + level - 2]
        backing: tuple[Card, ...] = (joker_for(suit),) if system == "joker" else ()
        if backing and counts[backing[0]] == 0:
            continue
        for n in (1, 2):
            if counts[card] >= n:
                options.append((n, (card,) * n + backing))
    for strength, joker in ((NO_TRUMP_SMALL, SMALL_JOKER), (NO_TRUMP_BIG, BIG_JOKER)):
        if counts[joker] == 2:
            options.append((strength, (joker, joker)))
    return [cards for _, cards in sorted(options, key=lambda o: o[0])]
