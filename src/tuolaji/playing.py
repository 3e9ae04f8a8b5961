"""The state machine's play phase: leads, throws, follows, tricks and the score (R6-R10).

The rules are the pure functions of :mod:`tuolaji.tricks` and :mod:`tuolaji.scoring`; this
module only applies them to a :class:`~tuolaji.state.GameState`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import (
    DealScored,
    Event,
    Hand,
    KittyRevealed,
    Phase,
    Played,
    ThrowFailed,
    Trick,
    TrickWon,
    replace_hand,
)
from .errors import IllegalAction
from .scoring import score_deal, team_of
from .tricks import check_follow, check_lead, check_throw, trick_points, trick_winner

if TYPE_CHECKING:
    from .state import GameState

__all__ = ["play"]


def play(state: GameState, seat: int, cards: Hand) -> GameState:
    """``seat`` plays ``cards`` (R6, R7): a lead is checked against R6.2 and, when it is a
    throw, against the other hands (R6.3; a failed throw plays the forced unit, R6.4); a
    follow against R7.1-R7.3. The fourth play closes the trick (R7.5, R8.1); the last trick
    scores the deal (R8-R10)."""
    if state.phase is not Phase.PLAYING:
        raise IllegalAction(
            "R6.1", f"cards are played only in the playing phase; now: {state.phase.value}"
        )
    if seat != state.turn:
        rule = "R6.1" if not state.trick else "R7.1"
        raise IllegalAction(rule, f"it is seat {state.turn}'s turn to play, not seat {seat}'s")
    trump = state.trump
    assert trump is not None and state.dealer is not None
    hand = state.hands[seat]
    events: list[Event] = []
    failed = state.failed_throws
    if not state.trick:
        check_lead(hand, cards, trump)
        others = [state.hands[(seat + i) % 4] for i in (1, 2, 3)]
        verdict = check_throw(cards, others, trump, forced_unit=state.rules.forced_unit)
        if not verdict.ok:
            beaten = tuple((seat + 1 + j) % 4 for j in verdict.beaten_by)
            events.append(ThrowFailed(seat, cards, verdict.forced, beaten))
            cards = verdict.forced
            failed = (*failed, seat)
    else:
        check_follow(state.trick[0], hand, cards, trump)
    events.append(Played(seat, cards))
    rest = list(hand)
    for card in cards:
        rest.remove(card)
    hands = replace_hand(state.hands, seat, tuple(rest))
    trick = (*state.trick, cards)
    if len(trick) < 4:
        return state._replace(
            hands=hands,
            trick=trick,
            turn=(seat + 1) % 4,
            failed_throws=failed,
            events=state.events.extend(events),
        )
    winner = (state.leader + trick_winner(trick, trump)) % 4
    pts = trick_points(trick)
    gained = pts if team_of(winner) != team_of(state.dealer) else 0
    events.append(TrickWon(len(state.tricks), winner, pts))
    state = state._replace(
        hands=hands,
        trick=(),
        tricks=(*state.tricks, Trick(state.leader, trick, winner, pts)),
        leader=winner,
        turn=winner,
        trick_points=state.trick_points + gained,
        failed_throws=failed,
        events=state.events.extend(events),
    )
    return state if hands[0] else _score(state)


def _score(state: GameState) -> GameState:
    """After the last trick: the kitty is shown and the deal is scored (R8-R10)."""
    assert state.dealer is not None and state.trump is not None
    last = state.tricks[-1]
    result = score_deal(
        state.rules,
        dealer=state.dealer,
        levels=state.levels,
        trick_points=state.trick_points,
        kitty=state.kitty,
        last_lead=last.plays[0],
        last_winner=last.winner,
        winning_play=last.plays[(last.winner - last.leader) % 4],
        trump=state.trump,
        failed_throws=state.failed_throws,
        counters=state.counters,
    )
    events = state.events.extend(
        (KittyRevealed(state.kitty, result.multiplier, result.kitty_bonus), DealScored(result))
    )
    return state._replace(phase=Phase.FINISHED, result=result, events=events)
