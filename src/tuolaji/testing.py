"""Hypothesis strategies for tuolaji values, for this project's tests and for users' own.

Import this module only where ``hypothesis`` is installed (it is in the ``test`` extra).
Every strategy builds valid values directly rather than filtering.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from hypothesis import strategies as st

from .cards import CARDS, Card, Rank, Suit, full_deck, parse_cards
from .errors import InvalidCards
from .trump import Trump

__all__ = ["card_multisets", "cards", "deck_deals", "stacked_deck", "trumps"]


def cards() -> st.SearchStrategy[Card]:
    """Any one of the 54 distinct cards."""
    return st.sampled_from(CARDS)


def trumps(*, permanent_twos: bool | None = None) -> st.SearchStrategy[Trump]:
    """Any trump context: 13 levels x (4 suits + no trump), with or without permanent 2s
    (``permanent_twos=None`` draws both)."""
    twos = st.booleans() if permanent_twos is None else st.just(permanent_twos)
    return st.builds(
        Trump,
        level=st.sampled_from(list(Rank)),
        suit=st.sampled_from([*Suit, None]),
        permanent_twos=twos,
    )


def card_multisets(min_size: int = 0, max_size: int = 108) -> st.SearchStrategy[tuple[Card, ...]]:
    """A multiset of cards drawn from one real 108-card deck (no card more than twice),
    in random order."""
    deck = full_deck()
    return st.lists(
        st.sampled_from(range(len(deck))), min_size=min_size, max_size=max_size, unique=True
    ).map(lambda idx: tuple(deck[i] for i in idx))


@st.composite
def deck_deals(
    draw: st.DrawFn, sizes: tuple[int, ...] = (25, 25, 25, 25)
) -> tuple[tuple[Card, ...], ...]:
    """Disjoint hands of the given sizes drawn from one shuffled 108-card deck."""
    deck = list(draw(st.permutations(full_deck())))
    out: list[tuple[Card, ...]] = []
    start = 0
    for n in sizes:
        out.append(tuple(deck[start : start + n]))
        start += n
    return tuple(out)


def stacked_deck(
    hands: Sequence[Sequence[Card] | str],
    kitty: Sequence[Card] | str = (),
    *,
    first_seat: int = 0,
    seed: int = 0,
) -> tuple[Card, ...]:
    """A deck in dealing order for ``GameState.new(..., deck=...)`` (R4.1).

    Seat ``s`` receives ``hands[s]`` as its first cards, in that order (cards go out one at a
    time from ``first_seat``: the dealer, or seat 0 in a first deal); the kitty starts with
    ``kitty``. Every other place gets the remaining cards, shuffled with ``seed``. Cards may
    be given as text (``"10H 10H SJ"``). Needs no more than 25 cards a seat, 8 in the kitty,
    and no card more than twice in all.
    """
    wanted = [parse_cards(h) if isinstance(h, str) else tuple(h) for h in hands]
    wanted += [()] * (4 - len(wanted))
    kit = parse_cards(kitty) if isinstance(kitty, str) else tuple(kitty)
    if len(wanted) != 4 or any(len(h) > 25 for h in wanted) or len(kit) > 8:
        raise InvalidCards("R4.1: at most four hands of at most 25 cards and a kitty of 8")
    rest = Counter(full_deck())
    rest.subtract(Counter(c for h in (*wanted, kit) for c in h))
    if any(n < 0 for n in rest.values()):
        raise InvalidCards("R1.1: every card exists twice; the stacked cards use one more often")
    filler = sorted(rest.elements(), key=lambda c: c.id)
    random.Random(seed).shuffle(filler)
    deck: list[Card | None] = [None] * 108
    for seat, hand in enumerate(wanted):
        for j, card in enumerate(hand):
            deck[4 * j + (seat - first_seat) % 4] = card
    for j, card in enumerate(kit):
        deck[100 + j] = card
    return tuple(card if card is not None else filler.pop() for card in deck)
