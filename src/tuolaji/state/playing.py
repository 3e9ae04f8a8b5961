"""The state machine's play phase: leads, throws, follows, tricks and the score (R6-R10).

The rules are the pure functions of :mod:`tuolaji.core.tricks` and :mod:`tuolaji.core.scoring`; this
module only applies them to a :class:`~tuolaji.state.gamestate.GameState`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

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
    throw_verdict,
    winner_so_far,
)
from tuolaji.core.tricks import check_follow, check_lead
from tuolaji.state.actions import (
    DealScored,
    Hand,
    KittyRevealed,
    Phase,
    ThrowFailed,
    Trick,
    TrickWon,
    replace_hand,
)
from tuolaji.state.memo import IDS, IDS_LIMIT, PLAYS, card_ids, lead_info, remember_lead

if TYPE_CHECKING:
    from tuolaji.state.gamestate import GameState

__all__ = ["play"]

_PLAYING = Phase.PLAYING  # an enum member read from a module global is faster


def play(state: GameState, seat: int, given: Sequence[Card] | str) -> GameState:
    """``seat`` plays ``cards`` (R6, R7): a lead is checked against R6.2 and, when it is a
    throw, against the other hands (R6.3; a failed throw plays the forced unit, R6.4); a
    follow against R7.1-R7.3. The fourth play closes the trick (R7.5, R8.1); the last trick
    scores the deal (R8-R10). ``given``: the cards, as :func:`~tuolaji.core.cards.as_cards`
    reads them."""
    # A play that this state's legal plays know is legal (by sample, iteration or ``in``) is
    # a tuple of cards and one of the legal plays: it needs neither reading nor checking,
    # and what those plays were built from (the hand's ids, the lead's description) is
    # read back instead of looked up again: one look-up per decision.
    known = PLAYS.get(id(state))  # memo.known_decision inlined
    if known is not None and known[0] is not state:
        known = None
    checked = known is not None and known[1].is_known_legal(given)
    # as_cards raises InvalidCards before any other check, as it always did.
    # (A known legal play is a tuple of cards; no typing.cast call on the hot path.)
    cards: Hand = given if checked else as_cards(given)  # type: ignore[assignment]
    if state.phase is not _PLAYING:
        raise IllegalAction(
            "R6.1", f"cards are played only in the playing phase; now: {state.phase.value}"
        )
    if seat != state.turn:
        rule = "R6.1" if not state.trick else "R7.1"
        raise IllegalAction(rule, f"it is seat {state.turn}'s turn to play, not seat {seat}'s")
    assert state.trump is not None and state.dealer is not None
    table = state.trump.table
    hand = state.hands[seat]
    failed = state.failed_throws
    lead: LeadInfo | None
    if checked:
        assert known is not None
        held, lead = known[2], known[3]
    else:
        # The rules run on card ids. The state's hands never hold a card more than twice
        # (R1.1), so they are not checked again; an illegal play goes back to the public
        # check, which raises the full message.
        held, lead = card_ids(hand), None
    ids = [c.id for c in cards]
    if state.trick:
        if lead is None:
            lead = lead_info(state.trick[0], table)
        if not checked and follow_code_ids(lead, held, ids, table) != FollowCode.OK:
            check_follow(state.trick[0], hand, cards, state.trump)
        log = state.events
    else:
        cards, throw_failed = _lead(state, seat, cards, ids, held, checked=checked)
        log = state.events
        if throw_failed is not None:
            log = log.add(throw_failed)
            ids = [c.id for c in cards]
            failed = (*failed, seat)
    new_hand = _without(hand, held, ids)
    hands = replace_hand(state.hands, seat, new_hand)
    trick = (*state.trick, cards)
    log = log.add_played(seat, cards)
    if len(trick) < 4:
        return state._replace(
            hands=hands, trick=trick, turn=(seat + 1) % 4, failed_throws=failed, events=log
        )
    # R7.5: the lead's description was read above (remembered from its first follow).
    assert lead is not None
    plays = (lead.ids, [c.id for c in trick[1]], [c.id for c in trick[2]], ids)
    winner = (state.leader + winner_so_far(lead, plays, table).play_index) % 4
    pts = points_in_trick_ids(plays)
    gained = pts if TEAM[winner] != TEAM[state.dealer] else 0
    state = state._replace(
        hands=hands,
        trick=(),
        tricks=(*state.tricks, Trick(state.leader, trick, winner, pts)),
        leader=winner,
        turn=winner,
        trick_points=state.trick_points + gained,
        failed_throws=failed,
        events=log.add(TrickWon(len(state.tricks), winner, pts)),
    )
    return state if hands[0] else _score(state)


def _without(hand: Hand, held: tuple[int, ...], ids: list[int]) -> Hand:
    """``hand`` (whose ids are ``held``) without the cards ``ids``; the new hand's ids are
    remembered, as the seat's next decision reads them."""
    if len(ids) == 1:
        i = held.index(ids[0])
        rest, rest_ids = hand[:i] + hand[i + 1 :], held[:i] + held[i + 1 :]
    else:
        cards, left = list(hand), list(held)
        for c in ids:
            i = left.index(c)
            del left[i]
            del cards[i]
        rest, rest_ids = tuple(cards), tuple(left)
    # memo.remember_ids inlined.
    if len(IDS) >= IDS_LIMIT:
        IDS.clear()
    IDS[id(rest)] = (rest, rest_ids)
    return rest


def _lead(
    state: GameState,
    seat: int,
    cards: Hand,
    ids: list[int],
    held: tuple[int, ...],
    *,
    checked: bool,
) -> tuple[Hand, ThrowFailed | None]:
    """A lead (R6.2), and for a throw the check against the other hands (R6.3, R6.4): the
    cards actually led and, for a failed throw, its :class:`ThrowFailed` event (the
    caller logs the play)."""
    assert state.trump is not None
    table = state.trump.table
    info = lead_info_ids(ids, table)  # R6.2: raises for an empty or mixed lead
    if not checked and missing_ids(held, ids):
        check_lead(state.hands[seat], cards, state.trump)  # raises (R11)
    if len(info.units) > 1:
        # R6.3, R6.4 (the rules' forced_unit was checked when they were built).
        hands = state.hands
        others = [card_ids(hands[(seat + i) % 4]) for i in (1, 2, 3)]
        ok, forced_ids, beaten_by = throw_verdict(info, others, table, state.rules.forced_unit)
        if not ok:
            beaten = tuple([(seat + 1 + j) % 4 for j in beaten_by])
            forced = tuple([CARDS[c] for c in forced_ids])
            # The forced unit is the trick's lead: its follows read its description.
            remember_lead(forced, table, lead_info_ids(forced_ids, table))
            return forced, ThrowFailed(seat, cards, forced, beaten)
    remember_lead(cards, table, info)  # the three follows read it
    return cards, None


def deal_result(state: GameState) -> DealResult:
    """The score of a deal whose tricks are all played (R8-R10): the one definition that
    scoring a deal and checking a finished state's result (:mod:`tuolaji.state.validate`) share."""
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
    )


def _score(state: GameState) -> GameState:
    """After the last trick: the kitty is shown and the deal is scored (R8-R10)."""
    result = deal_result(state)
    events = state.events.extend(
        (KittyRevealed(state.kitty, result.multiplier, result.kitty_bonus), DealScored(result))
    )
    return state._replace(phase=Phase.FINISHED, result=result, events=events)
