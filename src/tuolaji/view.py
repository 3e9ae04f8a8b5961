"""What one seat may know of a deal: :class:`PlayerView` (R5.1, R4.2).

A view holds the seat's own hand, the public bids and shown cards, the trick history, the
other hands' sizes, and the kitty only for the seat that buried it (every seat sees it once
the deal is scored). Never another seat's hidden card: events hold only public facts.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import attrs

from .actions import CardsDealt, Declared, Event, Hand, Phase, Trick
from .bidding import Bid
from .cards import Card, Rank
from .rules import Rules
from .scoring import DealResult
from .trump import Trump
from .worlds import sample_world

if TYPE_CHECKING:
    from .state import GameState

__all__ = ["PlayerView", "view_of"]


@attrs.frozen(slots=True)
class PlayerView:
    """One seat's knowledge of a deal; see the module docstring for what it holds, and
    :func:`tuolaji.knowledge.knowledge_of` for what the seat deduces from it."""

    seat: int
    """The seat this view belongs to (R1.3)."""
    phase: Phase
    """The deal's phase (see :mod:`tuolaji.state`)."""
    hand: Hand
    """This seat's own cards, in the order they were dealt (minus the cards played)."""
    hand_sizes: tuple[int, int, int, int]
    """How many cards each seat holds now (public)."""
    levels: tuple[Rank, Rank]
    """Team 0's and team 1's levels (R1.4)."""
    dealer: int | None
    """The dealer's seat; None while a first deal's bidding decides it (R4.5)."""
    trump: Trump | None
    """The trump context once bidding closed (R2), else None."""
    bid: Bid | None
    """The standing bid (R4.2), or None."""
    shown: tuple[Hand, Hand, Hand, Hand]
    """Cards each seat has shown in bids and still holds (public until played, R4.2)."""
    kitty: Hand | None
    """The buried cards: only for the seat that buried them, or for all once scored."""
    to_act: int
    """The seat whose decision is pending, or -1 (:data:`~tuolaji.CHANCE`) while dealing and
    once finished."""
    leader: int
    """The seat that led (or will lead) the current trick (R6.1)."""
    trick: tuple[Hand, ...]
    """The current trick's plays so far, from :attr:`leader` on."""
    tricks: tuple[Trick, ...]
    """The finished tricks, in order."""
    attacker_points: int
    """The attackers' total so far (R8.1, R6.5)."""
    events: tuple[Event, ...]
    """Every public event of the deal so far (never a hidden card)."""
    result: DealResult | None
    """The deal's result once scored (R8-R10), else None."""
    rules: Rules
    """The rules of the game (public: every seat knows them)."""
    opening: bool
    """True for the match's first deal, whose dealer is chosen by bidding (R4.5, R5.2)."""

    def sample_world(self, rng: random.Random) -> GameState:
        """A full state consistent with this view: the hidden cards dealt at random,
        respecting hand sizes, shown cards and every deduction of
        :mod:`tuolaji.knowledge`; ``result.view(self.seat) == self``. See
        :func:`tuolaji.worlds.sample_world` for the distribution and its limits."""
        return sample_world(self, rng)


def _shown(state: GameState) -> tuple[Hand, Hand, Hand, Hand]:
    """Per seat, the cards it showed in bids of the current attempt and still holds."""
    shown: list[list[Card]] = [[], [], [], []]
    for event in reversed(state.events):
        if isinstance(event, CardsDealt):
            break  # bids of an earlier attempt showed cards that were thrown in
        if isinstance(event, Declared):
            seen = shown[event.seat]
            for card in event.cards:
                if seen.count(card) < 2:
                    seen.append(card)
    out: list[Hand] = []
    for seat, cards in enumerate(shown):
        held = list(state.hands[seat]) if cards else []
        still = []
        for card in cards:
            if card in held:
                held.remove(card)
                still.append(card)
        out.append(tuple(still))
    return out[0], out[1], out[2], out[3]


def view_of(state: GameState, seat: int) -> PlayerView:
    """The :class:`PlayerView` of ``seat`` in ``state``."""
    sees_kitty = state.result is not None or (state.buried_by == seat and len(state.kitty) == 8)
    return PlayerView(
        seat=seat,
        phase=state.phase,
        hand=state.hands[seat],
        hand_sizes=(
            len(state.hands[0]),
            len(state.hands[1]),
            len(state.hands[2]),
            len(state.hands[3]),
        ),
        levels=state.levels,
        dealer=state.dealer,
        trump=state.trump,
        bid=state.bid,
        shown=_shown(state),
        kitty=state.kitty if sees_kitty else None,
        to_act=state.to_act,
        leader=state.leader,
        trick=state.trick,
        tricks=state.tricks,
        attacker_points=state.attacker_points,
        events=state.events,
        result=state.result,
        rules=state.rules,
        opening=state.opening,
    )
