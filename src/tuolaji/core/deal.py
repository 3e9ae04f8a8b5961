"""Shuffling and dealing the cards (R4.1).

Bidding during the deal belongs to the state machine; these are the pure pieces it uses.
All randomness comes from the ``random.Random`` the caller passes in.
"""

from __future__ import annotations

import random

from tuolaji.core._args import check_seat, expect_type
from tuolaji.core.cards import DECK_SIZE, SEATS, Card, full_deck
from tuolaji.core.errors import IllegalAction
from tuolaji.core.rules import Rules, as_rules

__all__ = ["deal_cards", "seeded_deck", "shuffled_deck"]


def shuffled_deck(rng: random.Random) -> tuple[Card, ...]:
    """The 108 cards (R1.1) in an order drawn from ``rng`` alone (never the global generator)."""
    expect_type(rng, random.Random, "rng")
    deck = list(full_deck())
    rng.shuffle(deck)
    return tuple(deck)


def seeded_deck(seed: int, deal_number: int, attempt: int) -> tuple[Card, ...]:
    """The shuffled deck of a game's deal (R4.1), a function of the game's seed, the deal's
    number and its attempt (a redeal shuffles again): the same cards on every platform and
    in every process."""
    # A str seed is hashed with SHA-512 by random.Random: stable across runs and platforms.
    return shuffled_deck(random.Random(f"tuolaji:{seed}:{deal_number}:{attempt}"))


def deal_cards(
    deck: tuple[Card, ...], dealer: int = 0, *, rules: Rules | str = "tuolaji"
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """Deal ``deck`` one card at a time in seat order from ``dealer`` (R4.1).

    Returns the four hands indexed by seat ([`rules.hand_size`][tuolaji.Rules.hand_size]
    cards each, 25 by default, in the order received) and the kitty (the last
    [`rules.kitty_size`][tuolaji.Rules.kitty_size] cards, 8 by default; none with no kitty).
    """
    if len(deck) != DECK_SIZE:
        raise IllegalAction("R4.1", f"a deal needs the {DECK_SIZE} cards, got {len(deck)}")
    check_seat(dealer, "dealer")
    dealt = as_rules(rules).dealt_cards
    hands: list[list[Card]] = [[] for _ in range(SEATS)]
    for i, card in enumerate(deck[:dealt]):
        hands[(dealer + i) % SEATS].append(card)
    return tuple(tuple(h) for h in hands), deck[dealt:]
