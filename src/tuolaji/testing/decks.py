"""Decks and card bookkeeping for tests: a stacked deck, and where every card of a deal is.

Needs no ``hypothesis``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from tuolaji.core._args import expect_type
from tuolaji.core.cards import DECK_SIZE, Card, full_deck, parse_cards
from tuolaji.core.errors import InvalidCards
from tuolaji.core.rules import Rules, as_rules
from tuolaji.state.actions import Phase
from tuolaji.state.gamestate import GameState

__all__ = ["accounted_cards", "stacked_deck"]


def stacked_deck(
    hands: Sequence[Sequence[Card] | str],
    kitty: Sequence[Card] | str = (),
    *,
    first_seat: int = 0,
    seed: int = 0,
    rules: Rules | str = "tuolaji",
) -> tuple[Card, ...]:
    """A deck in dealing order for ``GameState.new(..., deck=...)`` (R4.1).

    Seat ``s`` receives ``hands[s]`` as its first cards, in that order (cards go out one at a
    time from ``first_seat``: the dealer, or seat 0 in a first deal); the kitty starts with
    ``kitty``. Every other place gets the remaining cards, shuffled with ``seed``. Cards may
    be given as text (``"10H 10H SJ"``). Needs no more cards a seat than ``rules`` deal
    ([`Rules.hand_size`][tuolaji.Rules.hand_size], 25 by default), no more in the kitty than
    it holds ([`Rules.kitty_size`][tuolaji.Rules.kitty_size], 8), and no card more than twice
    in all.
    """
    chosen = as_rules(rules)
    hand_size, kitty_size = chosen.hand_size, chosen.kitty_size
    wanted = [parse_cards(h) if isinstance(h, str) else tuple(h) for h in hands]
    wanted += [()] * (4 - len(wanted))
    kit = parse_cards(kitty) if isinstance(kitty, str) else tuple(kitty)
    if len(wanted) != 4 or any(len(h) > hand_size for h in wanted) or len(kit) > kitty_size:
        raise InvalidCards(
            f"R4.1: at most four hands of at most {hand_size} cards and a kitty of {kitty_size}"
        )
    rest = Counter(full_deck())
    rest.subtract(Counter(c for h in (*wanted, kit) for c in h))
    if any(n < 0 for n in rest.values()):
        raise InvalidCards("R1.1: every card exists twice; the stacked cards use one more often")
    filler = sorted(rest.elements(), key=lambda c: c.id)
    random.Random(seed).shuffle(filler)
    deck: list[Card | None] = [None] * DECK_SIZE
    for seat, hand in enumerate(wanted):
        for j, card in enumerate(hand):
            deck[4 * j + (seat - first_seat) % 4] = card
    for j, card in enumerate(kit):
        deck[chosen.dealt_cards + j] = card
    return tuple(card if card is not None else filler.pop() for card in deck)


def accounted_cards(state: GameState) -> Counter[Card]:
    """Every card of ``state``'s deal wherever it is now: hands, the undealt cards (while
    dealing) or the kitty, the current trick and the won tricks. Always the 108 cards (R1.1)."""
    expect_type(state, GameState, "state")
    cards: Counter[Card] = Counter()
    for hand in state.hands:
        cards.update(hand)
    cards.update(state.deck[state.dealt :] if state.phase is Phase.DEALING else state.kitty)
    for play in state.trick:
        cards.update(play)
    for trick in state.tricks:
        for play in trick.plays:
            cards.update(play)
    return cards
