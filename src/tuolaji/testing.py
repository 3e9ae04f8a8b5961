"""Hypothesis strategies for tuolaji values, for this project's tests and for users' own.

Import this module only where ``hypothesis`` is installed (it is in the ``test`` extra).
Every strategy builds valid values directly rather than filtering.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from .actions import Phase
from .cards import CARDS, Card, Rank, Suit, full_deck, parse_cards
from .errors import InvalidCards
from .state import GameState
from .trump import Trump

__all__ = [
    "DealMachine",
    "accounted_cards",
    "card_multisets",
    "cards",
    "deck_deals",
    "stacked_deck",
    "trumps",
]


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


def accounted_cards(state: GameState) -> Counter[Card]:
    """Every card of ``state``'s deal wherever it is now: hands, the undealt cards (while
    dealing) or the kitty, the current trick and the won tricks. Always the 108 cards (R1.1)."""
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


class DealMachine(RuleBasedStateMachine):
    """A hypothesis state machine that plays one deal by random legal actions and checks
    the engine's invariants after every step: the 108 cards are all accounted for (R1.1),
    points go to the team that won them (R8.1), views hold only the seat's own hidden cards,
    and the state round-trips through JSON.

    Use it as is (``TestDeal = DealMachine.TestCase``) or subclass it to add your own
    ``@invariant`` or ``@rule`` methods; ``preset`` picks the rules.
    """

    preset = "tuolaji"

    def __init__(self) -> None:
        super().__init__()
        self.state: GameState | None = None

    @initialize(seed=st.integers(0, 2**32 - 1), dealer=st.sampled_from([None, 0, 1, 2, 3]))
    def start(self, seed: int, dealer: int | None) -> None:
        """A new deal, a first deal when ``dealer`` is None."""
        self.state = GameState.new(
            self.preset, seed, dealer=dealer, deal_number=int(dealer is not None)
        )

    @rule(data=st.data())
    def act(self, data: st.DataObject) -> None:
        """Apply one random legal action (dealing a card most of the time while dealing)."""
        state = self.state
        assert state is not None
        if state.phase is Phase.FINISHED:
            return
        if state.phase is Phase.DEALING and data.draw(st.integers(0, 9)) > 0:
            self.state = state.deal_card()
            return
        seed = data.draw(st.integers(0, 2**32 - 1))
        self.state = state.apply(state.legal_actions().sample(random.Random(seed)))

    @invariant()
    def cards_are_accounted_for(self) -> None:
        """R1.1: hands, undealt cards or kitty, the trick and won tricks hold the 108 cards."""
        if self.state is not None:
            assert accounted_cards(self.state) == Counter(full_deck())

    @invariant()
    def points_go_to_the_winners(self) -> None:
        """R8.1: the attackers' trick points are the points of the tricks they won."""
        s = self.state
        if s is None or s.dealer is None:
            return
        attackers = 1 - s.dealer % 2
        assert s.trick_points == sum(t.points for t in s.tricks if t.winner % 2 == attackers)

    @invariant()
    def views_hold_only_own_hands(self) -> None:
        """A view's hand is the seat's own; the kitty shows only to its burier until the end."""
        s = self.state
        if s is None:
            return
        for seat in range(4):
            view = s.view(seat)
            assert view.hand == s.hands[seat]
            if s.result is None and view.kitty is not None:
                assert s.buried_by == seat

    @invariant()
    def json_round_trips(self) -> None:
        """``from_json(to_json(s)) == s`` in every phase."""
        if self.state is not None:
            assert GameState.from_json(self.state.to_json()) == self.state
