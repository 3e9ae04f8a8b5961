"""Checking that a [`GameState`][tuolaji.GameState] read from outside could exist.

[`GameState.from_json`][tuolaji.GameState.from_json] builds a state from untrusted JSON. Types
alone do not make a state possible: a third big joker, ``turn=7``, a dealing state relabelled
``playing`` or an emptied burying hand would break later, far from the input.
[`check_consistency`][tuolaji.state.validate.check_consistency] checks the meaning: seats in range,
every field consistent with the phase, every card accounted for (exactly the 108 cards of R1.1
across deck, hands, kitty and tricks when the state holds a shuffled deck; at most two of each card
in a play position built by ``for_play``), hand sizes, tricks and their winners (R7.5), the trick
points (R8.1) and the score (R8-R10). It raises [`InvalidRecord`][tuolaji.InvalidRecord] naming the
first problem.
"""

from __future__ import annotations

import warnings
from collections import Counter
from typing import TYPE_CHECKING

from tuolaji.core.bidding import bid_form
from tuolaji.core.cards import full_deck
from tuolaji.core.deal import HAND_SIZE, KITTY_SIZE
from tuolaji.core.errors import IllegalAction, InvalidRecord, TuolajiError, cut
from tuolaji.core.scoring import check_seat, team_of
from tuolaji.core.tricks import points_in_trick, trick_winner
from tuolaji.state.actions import CardsDealt, Phase
from tuolaji.state.playing import deal_result

if TYPE_CHECKING:
    from tuolaji.state.actions import Hand
    from tuolaji.state.gamestate import GameState

__all__ = ["check_consistency"]

_DEALT_ALL = 4 * HAND_SIZE
_BEFORE_KITTY = (Phase.CLOSING, Phase.WEAK_HAND, Phase.FIRST_COUNTERS)
_AFTER_BURY = (Phase.COUNTERS, Phase.PLAYING, Phase.FINISHED)
_SEAT_FIELDS = ("seat", "bidder", "first_seat")


def _fail(problem: str) -> InvalidRecord:
    return InvalidRecord(f"not a possible state: {problem}")


def _seat(value: object, name: str, *, optional: bool = False) -> None:
    if value is None and optional:
        return
    try:
        check_seat(value, name)
    except IllegalAction:
        raise _fail(f"{name} must be a seat 0..3, got {cut(value)}") from None


def check_consistency(state: GameState) -> None:
    """Raise [`InvalidRecord`][tuolaji.InvalidRecord] naming the first reason ``state`` cannot arise
    in a deal (see the module docstring); return None when it can."""
    try:
        _check_fields(state)
        _check_phase(state)
        _check_cards(state)
        _check_play(state)
        _check_events(state)
    except InvalidRecord:
        raise
    except TuolajiError as exc:  # a rule function refused a piece of the state
        raise _fail(str(exc)) from None


def _check_fields(state: GameState) -> None:
    for team, level in enumerate(state.levels):
        if level not in state.rules.levels:
            raise _fail(f"team {team}'s level {level.label} is not a level of these rules")
    for name in ("deal_number", "attempt", "counters"):
        if getattr(state, name) < 0:
            raise _fail(f"{name} must be 0 or more, got {getattr(state, name)}")
    if not 0 <= state.dealt <= _DEALT_ALL:
        raise _fail(f"dealt counts 0..100 cards, got {state.dealt}")
    if not 0 <= state.passes <= 3:
        raise _fail(f"passes must be 0..3 (four passes close a round), got {state.passes}")
    _seat(state.turn, "turn")
    _seat(state.leader, "leader")
    _seat(state.dealer, "dealer", optional=True)
    _seat(state.buried_by, "buried_by", optional=True)
    for seat in state.redeal_asked:
        _seat(seat, "redeal_asked")
    for seat in state.failed_throws:
        _seat(seat, "failed_throws")
    if state.bid is not None:
        bid = state.bid
        _seat(bid.seat, "bid.seat")
        readings = set()
        for level in state.levels:
            reading = bid_form(bid.cards, level, state.rules.bidding)
            if reading is not None:
                readings.add(reading)
        if (bid.strength, bid.suit) not in readings:
            raise _fail("the standing bid's strength and suit do not match its cards (R4.2)")


def _check_phase(state: GameState) -> None:
    phase = state.phase
    if state.dealer is None and not (state.opening and phase in (Phase.DEALING, Phase.CLOSING)):
        raise _fail(f"the dealer is unknown only while a first deal is bid (phase {phase.value})")
    bidding = phase in (Phase.DEALING, Phase.CLOSING)
    if bidding and state.trump is not None:
        raise _fail(f"the trump is fixed only when bidding closes (phase {phase.value})")
    if not bidding:
        if state.trump is None or state.dealer is None:
            raise _fail(f"the {phase.value} phase needs a dealer and a trump")
        if state.trump.level != state.levels[team_of(state.dealer)]:
            raise _fail("the trump's level must be the declarers' level (R1.4)")
        if state.trump.permanent_twos != state.rules.permanent_twos:
            raise _fail("the trump's permanent_twos must match the rules' (R2.5)")
    if (phase is Phase.FINISHED) != (state.result is not None):
        raise _fail("a result exists exactly when the phase is finished")
    if (
        phase is Phase.WEAK_HAND
        and state.dealer is not None
        and team_of(state.turn) == team_of(state.dealer)
    ):
        raise _fail("only an attacker asks for a weak-hand redeal (R4.7)")
    if phase in _AFTER_BURY and state.buried_by is None:
        raise _fail(f"the {phase.value} phase comes after the kitty was buried (R5.1)")
    if phase not in (Phase.PLAYING, Phase.FINISHED) and (
        state.trick or state.tricks or state.trick_points or state.failed_throws
    ):
        raise _fail(f"no tricks are played in the {phase.value} phase")


def _dealt_hands(state: GameState) -> tuple[Hand, ...]:
    first = None
    for event in reversed(state.events):
        if isinstance(event, CardsDealt):
            if (event.deal_number, event.attempt) == (state.deal_number, state.attempt):
                first = event.first_seat
            break
    if first is None:
        raise _fail("the event log does not say where this attempt's dealing began")
    return tuple(
        tuple(state.deck[i] for i in range(state.dealt) if (first + i) % 4 == seat)
        for seat in range(4)
    )


def _check_cards(state: GameState) -> None:
    phase = state.phase
    sizes = [len(h) for h in state.hands]
    if not state.deck:
        if phase not in (Phase.PLAYING, Phase.FINISHED) or state.dealt:
            raise _fail("only a play position (from for_play) has no deck")
    elif Counter(state.deck) != Counter(full_deck()):
        raise _fail("the deck must hold the 108 cards, every card twice (R1.1)")
    if phase is Phase.DEALING or (state.deck and phase in _BEFORE_KITTY):
        if phase is Phase.DEALING and state.dealt >= _DEALT_ALL:
            raise _fail("dealing ends after the 100th card (R4.1)")
        if phase is not Phase.DEALING and state.dealt != _DEALT_ALL:
            raise _fail(f"the {phase.value} phase comes after all 100 cards are dealt")
        if state.hands != _dealt_hands(state):
            raise _fail("the hands must be the cards dealt from the deck so far (R4.1)")
        kitty = state.deck[_DEALT_ALL:] if phase is not Phase.DEALING else ()
        if state.kitty != kitty:
            raise _fail("the kitty is the last 8 cards of the deck until it is taken (R5.1)")
        return
    if state.deck and state.dealt != _DEALT_ALL:
        raise _fail(f"the {phase.value} phase comes after all 100 cards are dealt")
    if phase is Phase.BURYING:
        want = [HAND_SIZE + KITTY_SIZE if s == state.turn else HAND_SIZE for s in range(4)]
        if sizes != want or state.kitty:
            raise _fail(f"burying seat {state.turn} holds 33 cards, the others 25 (R5.1)")
    elif len(state.kitty) != KITTY_SIZE:
        raise _fail(f"the kitty holds 8 cards in the {phase.value} phase (R5.1)")
    if phase is Phase.COUNTERS and sizes != [HAND_SIZE] * 4:
        raise _fail("every seat holds 25 cards during counter-bids (R5.2)")
    cards = Counter(c for h in (*state.hands, state.kitty, *state.trick) for c in h)
    for trick in state.tricks:
        for play in trick.plays:
            cards.update(play)
    if state.deck:
        if cards != Counter(full_deck()):
            raise _fail("hands, kitty and tricks must hold the 108 cards, each twice (R1.1)")
    elif any(n > 2 for n in cards.values()):
        raise _fail("no card exists more than twice (R1.1)")


def _check_play(state: GameState) -> None:
    if state.phase not in (Phase.PLAYING, Phase.FINISHED):
        return
    trump, dealer = state.trump, state.dealer
    assert trump is not None and dealer is not None  # _check_phase made sure
    leader = dealer
    attackers = 0
    played = [0, 0, 0, 0]
    for number, trick in enumerate(state.tricks):
        _seat(trick.leader, f"tricks[{number}].leader")
        if trick.leader != leader:
            raise _fail(f"trick {number} is led by the previous winner (R7.5)")
        lengths = {len(p) for p in trick.plays}
        if len(trick.plays) != 4 or len(lengths) != 1 or 0 in lengths:
            raise _fail(f"trick {number} has four plays of one size (R7.1)")
        winner = (trick.leader + trick_winner(trick.plays, trump)) % 4
        if trick.winner != winner or trick.points != points_in_trick(trick.plays):
            raise _fail(f"trick {number}'s winner or points are not those of its plays (R7.5)")
        for i, play in enumerate(trick.plays):
            played[(trick.leader + i) % 4] += len(play)
        if team_of(winner) != team_of(dealer):
            attackers += trick.points
        leader = winner
    if state.leader != leader:
        raise _fail("the current trick is led by the last trick's winner (R7.5)")
    if state.trick_points != attackers:
        raise _fail("trick_points must be the points of the attackers' tricks (R8.1)")
    if len(state.trick) > 3 or len({len(p) for p in state.trick}) > 1 or () in state.trick:
        raise _fail("the current trick has up to three plays of one size (R7.1)")
    for i, play in enumerate(state.trick):
        played[(leader + i) % 4] += len(play)
    if len(state.failed_throws) > len(state.tricks) + (1 if state.trick else 0):
        raise _fail("there are more failed throws than leads (R6.5)")
    totals = {len(state.hands[s]) + played[s] for s in range(4)}
    if len(totals) != 1 or (state.deck and totals != {HAND_SIZE}):
        raise _fail("every seat started play with the same number of cards (R7.1)")
    if state.phase is Phase.PLAYING:
        if state.turn != (leader + len(state.trick)) % 4:
            raise _fail("in play the turn passes clockwise from the leader (R7.1)")
        if not state.hands[state.turn]:
            raise _fail("the seat to play holds no cards")
        return
    if any(state.hands) or state.trick or not state.tricks:
        raise _fail("a finished deal has empty hands and at least one trick")
    result = deal_result(state)
    if state.result != result:
        raise _fail("the result is not the score of this deal (R8-R10)")


def _check_events(state: GameState) -> None:
    for i, event in enumerate(state.events):
        for name in _SEAT_FIELDS:
            if hasattr(event, name):
                _seat(getattr(event, name), f"events[{i}].{name}", optional=name == "bidder")
        for seat in getattr(event, "beaten_by", ()):
            _seat(seat, f"events[{i}].beaten_by")


def __getattr__(name: str) -> object:
    # 0.2 called check_consistency ``check_state``, the name of the testing kit's full
    # invariant check (tuolaji.testing.check_state); the old name stays for one release.
    if name == "check_state":
        warnings.warn(
            "tuolaji.state.validate.check_state is deprecated: use check_consistency "
            "(tuolaji.testing.check_state is the testing kit's invariant check)",
            DeprecationWarning,
            stacklevel=2,
        )
        return check_consistency
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
