"""The state machine's bookkeeping, read back from the public record of a deal.

A [`GameState`][tuolaji.GameState] carries counters beside its cards (``dealt``, ``turn``,
``passes``, ``counters``, ``buried_by``, ...). The transitions keep them up to date step by
step; [`Bookkeeping.of`][tuolaji.state.bookkeeping.Bookkeeping.of] derives the same values from the
public events and the public facts of a position, which is what a state built from a view needs
([`GameState.from_view`][tuolaji.GameState.from_view], used by the world sampler). Every field is
public: nothing here reads a hidden card.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from tuolaji.core.scoring import team_of
from tuolaji.state.actions import (
    BiddingClosed,
    Buried,
    CardsDealt,
    Declared,
    Event,
    Passed,
    Phase,
    RedealAsked,
    ThrowFailed,
    Trick,
)

__all__ = ["Bookkeeping", "last_index"]


def last_index(events: Sequence[Event], kind: type | tuple[type, ...]) -> int:
    """The index in ``events`` of the last event of type ``kind`` (or of one of the types
    ``kind`` holds), or -1 when there is none: where the current deal attempt (R4.6, after
    [`CardsDealt`][tuolaji.CardsDealt]) or the play (after a closed auction) begins."""
    for i in range(len(events) - 1, -1, -1):
        if isinstance(events[i], kind):
            return i
    return -1


class Bookkeeping(NamedTuple):
    """The counters of a [`GameState`][tuolaji.GameState] besides its cards (see the state's
    fields for what each means), and the seat the cards went out from (R4.1)."""

    deal_number: int
    attempt: int
    dealt: int
    turn: int
    passes: int
    counters: int
    buried_by: int | None
    redeal_asked: frozenset[int]
    trick_points: int
    failed_throws: tuple[int, ...]
    first_seat: int
    """The seat the first card went to (R4.1); 0 for a play position."""

    @classmethod
    def of(
        cls,
        events: Sequence[Event],
        *,
        phase: Phase,
        dealer: int | None,
        to_act: int,
        leader: int,
        cards_held: int,
        tricks: Sequence[Trick],
        dealt_cards: int,
    ) -> Bookkeeping:
        """The bookkeeping of a position from its public facts: the deal's ``events``, its
        ``phase``, ``dealer``, the seat to act, the current ``leader``, how many cards the
        four hands hold together, the finished ``tricks`` and how many cards the rules deal
        ([`Rules.dealt_cards`][tuolaji.Rules.dealt_cards], R4.1)."""
        # One pass over a linked EventLog: indexing it from the end would walk it each time.
        events = list(events)
        start = last_index(events, CardsDealt)
        first = events[start] if start >= 0 else None
        current = events[start + 1 :] if start >= 0 else events
        buried = [e.seat for e in current if isinstance(e, Buried)]
        buried_by = buried[-1] if buried else None
        if buried_by is None and phase in (Phase.PLAYING, Phase.FINISHED):
            buried_by = dealer  # a play position (GameState.for_play): the dealer buried
        closed = last_index(current, BiddingClosed)
        counters = (
            sum(1 for e in current[closed + 1 :] if isinstance(e, Declared)) if closed >= 0 else 0
        )
        passes = 0
        # In the weak-hand round every pass moves the offer on with passes back at 0 (R4.7).
        if phase is Phase.CLOSING:
            for e in reversed(events):
                if isinstance(e, (Declared, CardsDealt)):
                    break
                if isinstance(e, Passed):
                    passes += 1
        elif phase is Phase.FIRST_COUNTERS and dealer is not None:
            # The round opens after the dealer and opens again after each counter (R5.2);
            # under R4.5 "first_bid" a counter leaves the dealer where it was, so the
            # last counter-bidder, not the dealer, is where the passes start.
            countered = [e.seat for e in current[closed + 1 :] if isinstance(e, Declared)]
            opener = countered[-1] if countered and closed >= 0 else dealer
            passes = (to_act - opener - 1) % 4
        elif phase is Phase.COUNTERS and buried_by is not None:
            passes = (to_act - buried_by - 1) % 4
        first_seat = first.first_seat if isinstance(first, CardsDealt) else 0
        if phase is Phase.DEALING:
            turn = first_seat
        elif phase is Phase.FINISHED:
            turn = leader
        else:
            turn = to_act
        trick_points = 0
        if dealer is not None:
            declarers = team_of(dealer)
            trick_points = sum(t.points for t in tricks if team_of(t.winner) != declarers)
        dealt = 0
        if isinstance(first, CardsDealt):
            dealt = cards_held if phase is Phase.DEALING else dealt_cards
        return cls(
            deal_number=first.deal_number if isinstance(first, CardsDealt) else 0,
            attempt=first.attempt if isinstance(first, CardsDealt) else 0,
            dealt=dealt,
            turn=turn,
            passes=passes,
            counters=counters,
            buried_by=buried_by,
            redeal_asked=frozenset(e.seat for e in events if isinstance(e, RedealAsked)),
            trick_points=trick_points,
            failed_throws=tuple(e.seat for e in events if isinstance(e, ThrowFailed)),
            first_seat=first_seat,
        )
