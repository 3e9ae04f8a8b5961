"""Hypothesis strategies for tuolaji values, for this project's tests and for users' own.

Import this module only where ``hypothesis`` is installed (it is in the ``test`` extra).
Every strategy builds valid values directly rather than filtering.
"""

from __future__ import annotations

from hypothesis import strategies as st

from .cards import CARDS, Card, Rank, Suit, full_deck
from .trump import Trump

__all__ = ["card_multisets", "cards", "deck_deals", "trumps"]


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
