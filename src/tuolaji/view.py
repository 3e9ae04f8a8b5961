"""What one seat may know of a deal: :class:`PlayerView` (R5.1, R4.2).

A view holds the seat's own hand, the public bids and shown cards, the trick history, the
other hands' sizes, and the kitty only for the seat that buried it (every seat sees it once
the deal is scored). Never another seat's hidden card: events hold only public facts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from . import svg
from .actions import CardsDealt, Declared, Event, Hand, Phase, Trick
from .bidding import Bid
from .cards import Card, Rank
from .notation import view_repr, view_text
from .scoring import DealResult
from .trump import Trump

if TYPE_CHECKING:
    from .state import GameState

__all__ = ["PlayerView", "view_of"]


@attrs.frozen(slots=True)
class PlayerView:
    """One seat's knowledge of a deal; see the module docstring for what it holds."""

    seat: int
    phase: Phase
    hand: Hand
    hand_sizes: tuple[int, int, int, int]
    levels: tuple[Rank, Rank]
    dealer: int | None
    trump: Trump | None
    bid: Bid | None
    shown: tuple[Hand, Hand, Hand, Hand]
    """Cards each seat has shown in bids and still holds (public until played, R4.2)."""
    kitty: Hand | None
    """The buried cards: only for the seat that buried them, or for all once scored."""
    to_act: int
    leader: int
    trick: tuple[Hand, ...]
    tricks: tuple[Trick, ...]
    attacker_points: int
    events: tuple[Event, ...]
    result: DealResult | None

    def __repr__(self) -> str:
        return view_repr(self)

    def __str__(self) -> str:
        return view_text(self)

    def _repr_svg_(self) -> str:
        """The table as a picture, for Jupyter (see :func:`tuolaji.svg.table`)."""
        return svg.table(self)

    def _repr_html_(self) -> str:
        return f"<div>{svg.table(self)}</div>"


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
    )
