"""The state machine's play phase: leads, throws, follows, tricks and the score (R6-R10).

The rules are the pure functions of `tuolaji.core.tricks` and `tuolaji.core.scoring`; this
module only applies them to a [`GameState`][tuolaji.GameState].
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tuolaji.core.bitboards import bits_of_hand, forced_single, higher_holders
from tuolaji.core.cards import CARDS, Card, as_cards
from tuolaji.core.errors import IllegalAction
from tuolaji.core.scoring import TEAM, DealResult, score_deal
from tuolaji.core.trickids import (
    FollowCode,
    LeadInfo,
    follow_code_ids,
    lead_info_ids,
    missing_ids,
    points_in_trick_ids,
    refused_follow,
    throw_verdict,
    winner_so_far,
)
from tuolaji.core.wording import not_held_error
from tuolaji.state.actions import (
    DealScored,
    Hand,
    Hands,
    KittyRevealed,
    Phase,
    ThrowFailed,
    Trick,
    TrickWon,
    replace_hand,
)
from tuolaji.state.eventlog import EventLog

if TYPE_CHECKING:
    from tuolaji.core.rules import Rules
    from tuolaji.core.trump import TrumpTable
    from tuolaji.state.gamestate import GameState

__all__ = ["play"]

_PLAYING = Phase.PLAYING  # an enum member read from a module global is faster


def play(state: GameState, seat: int, given: Sequence[Card] | str) -> GameState:
    """``seat`` plays ``cards`` (R6, R7): a lead is checked against R6.2 and, when it is a
    throw, against the other hands (R6.3; a failed throw plays the forced unit, R6.4); a
    follow against R7.1-R7.3. The fourth play closes the trick (R7.5, R8.1); the last trick
    scores the deal (R8-R10). ``given``: the cards, as `as_cards`
    reads them."""
    # A play that this state's legal plays know is legal (by sample, iteration or ``in``) is
    # a tuple of cards and one of the legal plays: it needs neither reading nor checking,
    # and what those plays were built from (the state's play context) is read back.
    context = state._known_play_context()
    known_legal = context is not None and context.plays.is_known_legal(given)
    # as_cards raises InvalidCards before any other check, as it always did. (A known legal
    # play is a tuple of cards; no typing.cast call on the hot path.)
    cards: Hand = given if known_legal else as_cards(given)  # type: ignore[assignment]
    _check_turn(state, seat)
    # The rules run on card ids. The state's hands never hold a card more than twice (R1.1),
    # so they are not checked again; an illegal play raises the kernel's refusal, worded from
    # the same ids.
    if context is not None:
        held, lead = context.hand_ids, context.lead
    else:
        held, lead = state._hand_ids(seat), state._lead_info()
    ids = [c.id for c in cards]
    failed = state.failed_throws
    log = state.events
    if lead is not None:
        if not known_legal:
            _check_follow(state, ids=ids, held=held, lead=lead)
    else:
        cards, lead, throw_failed = _lead(state, seat, cards, ids, held, known_legal=known_legal)
        if throw_failed is not None:
            log = log.add(throw_failed)
            ids = [c.id for c in cards]
            failed = (*failed, seat)
    rest, rest_ids = _without(state.hands[seat], held, ids)
    hands = replace_hand(state.hands, seat, rest)
    trick = (*state.trick, cards)
    log = log.add_played(seat, cards)
    bits = state._hand_bits_after(seat, rest, ids)  # the next lead and throw read them
    if len(trick) == 4:
        after = _close_trick(state, hands, trick, last_ids=ids, lead=lead, failed=failed, log=log)
        if bits is not None:
            after._keep_hand_bits(bits)
        return after
    after = state._advanced(
        hands=hands, trick=trick, turn=(seat + 1) % 4, failed_throws=failed, events=log
    )
    after._remember_hand_ids(seat, rest, rest_ids)  # the seat's next decision reads them
    if bits is not None:
        after._keep_hand_bits(bits)
    if len(trick) == 1:
        after._remember_lead(cards, lead)  # the three follows read it
    return after


def _check_turn(state: GameState, seat: int) -> None:
    """Cards are played in the play phase, by the seat whose turn it is (R6.1, R7.1)."""
    if state.phase is not _PLAYING:
        raise IllegalAction(
            "R6.1", f"cards are played only in the playing phase; now: {state.phase.value}"
        )
    if seat != state.turn:
        rule = "R6.1" if not state.trick else "R7.1"
        raise IllegalAction(rule, f"it is seat {state.turn}'s turn to play, not seat {seat}'s")


def _check_follow(
    state: GameState, *, ids: list[int], held: tuple[int, ...], lead: LeadInfo
) -> None:
    """A follow (``ids``, from the hand ``held``) obeys R7.1-R7.3; a refused one raises the
    [`IllegalAction`][tuolaji.IllegalAction] saying what was required."""
    trump = state.trump
    assert trump is not None
    rules = state.rules
    code = follow_code_ids(lead, held, ids, trump.table, rules)
    if code != FollowCode.OK:
        raise refused_follow(code, lead, held, ids, table=trump.table, rules=rules)


def _close_trick(
    state: GameState,
    hands: Hands,
    trick: tuple[Hand, ...],
    *,
    last_ids: list[int],
    lead: LeadInfo,
    failed: tuple[int, ...],
    log: EventLog,
) -> GameState:
    """The fourth play closes the trick: its winner leads next and the attackers score its
    points (R7.5, R8.1); after the last trick the deal is scored (R8-R10)."""
    assert state.trump is not None and state.dealer is not None
    plays = (lead.ids, [c.id for c in trick[1]], [c.id for c in trick[2]], last_ids)
    rules = state.rules
    best = winner_so_far(lead, plays, state.trump.table, rules)
    winner = (state.leader + best.play_index) % 4
    points = points_in_trick_ids(plays)
    gained = points if TEAM[winner] != TEAM[state.dealer] else 0
    after = state._advanced(
        hands=hands,
        trick=(),
        tricks=(*state.tricks, Trick(state.leader, trick, winner, points)),
        leader=winner,
        turn=winner,
        trick_points=state.trick_points + gained,
        failed_throws=failed,
        events=log.add(TrickWon(len(state.tricks), winner, points)),
    )
    return after if hands[0] else _score(after)


def _without(hand: Hand, held: tuple[int, ...], ids: list[int]) -> tuple[Hand, tuple[int, ...]]:
    """``hand`` (whose ids are ``held``) without the cards ``ids``, and its ids."""
    if len(ids) == 1:
        i = held.index(ids[0])
        return hand[:i] + hand[i + 1 :], held[:i] + held[i + 1 :]
    cards, left = list(hand), list(held)
    for c in ids:
        i = left.index(c)
        del left[i]
        del cards[i]
    return tuple(cards), tuple(left)


def _lead(
    state: GameState,
    seat: int,
    cards: Hand,
    ids: list[int],
    held: tuple[int, ...],
    *,
    known_legal: bool,
) -> tuple[Hand, LeadInfo, ThrowFailed | None]:
    """A lead (R6.2), and for a throw the check against the other hands (R6.3, R6.4): the
    cards actually led, their description and, for a failed throw, its
    [`ThrowFailed`][tuolaji.ThrowFailed] event (the caller logs the play)."""
    assert state.trump is not None
    table = state.trump.table
    if len(ids) > 1 and not _one_suit(ids, table.suit):
        lead_info_ids(ids, table)  # R6.2: raises for a mixed lead, before the hand is read
    if not known_legal:
        missing = missing_ids(held, ids)
        if missing:
            raise not_held_error(missing, table)  # R11
    if len(ids) > 1:
        # Most failed throws fail on their lowest single: the bitboards' kernel sees it at
        # once, without describing the throw (R6.3, R6.4).
        bits = state._bit_table()
        lone, doubled = bits_of_hand(ids, bits)
        hands = [state._hand_bits(s) for s in range(4)]
        once = [h[0] for h in hands]
        twice = [h[1] for h in hands]
        forced = forced_single(bits, lone ^ doubled, doubled, once, twice, seat, state.rules)
        if forced is not None:
            beaten_by = higher_holders(bits, forced, once, seat)
            event = failed_throw(seat, cards, (forced,), beaten_by, state.rules)
            return event.forced, lead_info_ids((forced,), table), event
    info = lead_info_ids(ids, table)  # R6.2: raises for an empty lead
    if len(info.units) > 1:
        others = [state._hand_ids((seat + i) % 4) for i in (1, 2, 3)]
        failed = throw_failure(seat, cards, info, others, rules=state.rules, table=table)
        if failed is not None:
            return failed.forced, lead_info_ids([c.id for c in failed.forced], table), failed
    return cards, info, None


def throw_failure(
    seat: int,
    cards: Hand,
    info: LeadInfo,
    others: Sequence[Sequence[int]],
    *,
    rules: Rules,
    table: TrumpTable,
) -> ThrowFailed | None:
    """R6.3, R6.4: the [`ThrowFailed`][tuolaji.ThrowFailed] event of ``seat``'s lead of
    ``cards`` (described by ``info``) against the card ids of the other hands (``others``:
    the seats after ``seat`` in turn), or None when it stands. The one definition that the
    state machine and the replay of a record ([`tuolaji.state.validate`][tuolaji.state.validate])
    share; the world sampler compares the same verdict with a recorded event
    ([`throw_outcome`][tuolaji.bots.knowledge.throw_outcome]) without making one."""
    # The rules' forced_unit was checked when they were built.
    ok, forced_ids, beaten_by = throw_verdict(info, others, table, rules)
    if ok:
        return None
    return failed_throw(seat, cards, forced_ids, beaten_by, rules)


def failed_throw(
    seat: int,
    cards: Hand,
    forced_ids: Sequence[int],
    beaten_by: Sequence[int],
    rules: Rules,
) -> ThrowFailed:
    """The [`ThrowFailed`][tuolaji.ThrowFailed] event of ``seat``'s throw of ``cards`` forced to
    play ``forced_ids`` by the hands ``beaten_by`` (indices from the seat after it, R6.4): who
    could beat the throw is public only when ``rules.throw_blocker_public`` says so."""
    beaten = blocker_seats(seat, beaten_by) if rules.throw_blocker_public else ()
    return ThrowFailed(seat, cards, tuple([CARDS[c] for c in forced_ids]), beaten)


def _one_suit(ids: Sequence[int], suit: Sequence[int]) -> bool:
    """True when the cards ``ids`` are of one effective suit (R6.2)."""
    first = suit[ids[0]]
    return all([suit[c] == first for c in ids])


def blocker_seats(seat: int, beaten_by: Sequence[int]) -> tuple[int, ...]:
    """The seats a [`throw_verdict`][tuolaji.core.trickids.throw_verdict]'s ``beaten_by``
    names for a throw by ``seat`` (it counts the other hands from the seat after it, R6.4)."""
    return tuple([(seat + 1 + j) % 4 for j in beaten_by])


def deal_result(state: GameState) -> DealResult:
    """The score of a deal whose tricks are all played (R8-R10): the one definition that
    scoring a deal and checking a finished state's result
    ([`tuolaji.state.validate`][tuolaji.state.validate]) share."""
    assert state.dealer is not None and state.trump is not None
    last = state.tricks[-1]
    return score_deal(
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
        no_trump_level=state.no_trump_level,
    )


def _score(state: GameState) -> GameState:
    """After the last trick: the kitty is shown (unless ``kitty_public_at_end`` is off: then
    only its bonus is told; with no kitty, ``Rules.kitty_size`` 0, nothing is) and the deal is
    scored (R8-R10)."""
    result = deal_result(state)
    shown = state.kitty if state.rules.kitty_public_at_end else ()
    scored = DealScored(result)
    if state.rules.kitty_size:
        revealed = KittyRevealed(shown, result.multiplier, result.kitty_bonus)
        events = state.events.extend((revealed, scored))
    else:
        events = state.events.add(scored)
    return state._advanced(phase=Phase.FINISHED, result=result, events=events)
