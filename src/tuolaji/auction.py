"""The state machine before play: dealing, bidding, redeals, the kitty and counter-bids
(R4, R5).

Each step is a function from a :class:`~tuolaji.state.GameState` to the next one; the bid
rules themselves (what cards make a bid, what may overturn what) are in
:mod:`tuolaji.bidding`. A redeal starts the same deal over with a fresh shuffle derived from
the game's seed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from .actions import (
    BiddingClosed,
    Buried,
    CardsDealt,
    DealerSet,
    Declared,
    Event,
    Hand,
    Passed,
    Phase,
    Redeal,
    RedealAsked,
    TrumpRevealed,
    holds,
    replace_hand,
)
from .bidding import Bid, bid_options, overturn_error, read_bid
from .cards import Card, Rank, Suit, format_cards, points
from .deal import HAND_SIZE, KITTY_SIZE, shuffled_deck
from .errors import IllegalAction, cut
from .eventlog import EventLog
from .scoring import team_of
from .trump import Trump

if TYPE_CHECKING:
    from .state import GameState

__all__ = [
    "ask_redeal",
    "bid_level",
    "bury",
    "check_seat",
    "deal_card",
    "declare",
    "declare_options",
    "fresh_deal",
    "pass_turn",
]

BIDDING_PHASES = (Phase.DEALING, Phase.CLOSING, Phase.FIRST_COUNTERS, Phase.COUNTERS)
COUNTER_PHASES = (Phase.FIRST_COUNTERS, Phase.COUNTERS)


def check_seat(value: object) -> int:
    """``value`` as a seat, or :class:`~tuolaji.IllegalAction` (R1.3)."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 3:
        raise IllegalAction("R1.3", f"seats are 0, 1, 2 and 3; got {cut(value)}")
    return value


def _require(state: GameState, phase: Phase, rule: str, what: str) -> None:
    if state.phase is not phase:
        raise IllegalAction(
            rule, f"{what} only in the {phase.value} phase; now: {state.phase.value}"
        )


def _require_turn(state: GameState, seat: object, rule: str) -> int:
    s = check_seat(seat)
    if s != state.turn:
        raise IllegalAction(rule, f"it is seat {state.turn}'s turn, not seat {s}'s")
    return s


# --- starting a deal ---------------------------------------------------------------------------


def _deck_rng(seed: int, deal_number: int, attempt: int) -> random.Random:
    # A str seed is hashed with SHA-512 by random.Random: stable across runs and platforms.
    return random.Random(f"tuolaji:{seed}:{deal_number}:{attempt}")


def fresh_deal(
    state: GameState,
    *,
    deal_number: int,
    attempt: int,
    levels: tuple[Rank, Rank],
    dealer: int | None,
    opening: bool,
    redeal_asked: frozenset[int],
    events: EventLog,
    deck: Hand | None = None,
) -> GameState:
    """``state``'s rules and seed at the start of a deal (or a redeal, ``attempt`` > 0):
    the deck shuffled from the seed unless ``deck`` is given, nothing dealt yet (R4.1)."""
    first = 0 if dealer is None else dealer
    if deck is None:
        deck = shuffled_deck(_deck_rng(state.seed, deal_number, attempt))
    # Every other field takes its default: the state of a deal before its first card.
    return type(state)(
        rules=state.rules,
        seed=state.seed,
        levels=levels,
        deal_number=deal_number,
        attempt=attempt,
        opening=opening,
        dealer=dealer,
        deck=deck,
        turn=first,
        redeal_asked=redeal_asked,
        leader=first,
        events=events.add(CardsDealt(deal_number, attempt, first)),
    )


def _redeal(state: GameState, reason: str, events: EventLog) -> GameState:
    """R4.6 / R4.7: the cards are thrown in and the same deal starts again."""
    return fresh_deal(
        state,
        deal_number=state.deal_number,
        attempt=state.attempt + 1,
        levels=state.levels,
        dealer=state.dealer,
        opening=state.opening,
        redeal_asked=state.redeal_asked,
        events=events.add(Redeal(reason)),
    )


def deal_card(state: GameState) -> GameState:
    """Deal the next card to the next seat (R4.1); after the 100th, the closing round."""
    _require(state, Phase.DEALING, "R4.1", "cards are dealt")
    first = 0 if state.dealer is None else state.dealer
    seat = (first + state.dealt) % 4
    hands = replace_hand(state.hands, seat, (*state.hands[seat], state.deck[state.dealt]))
    dealt = state.dealt + 1
    state = state._replace(hands=hands, dealt=dealt)
    if dealt < 4 * HAND_SIZE:
        return state
    state = state._replace(
        kitty=state.deck[dealt:],
        phase=Phase.CLOSING,
        turn=_closing_order(state)[0],
        passes=0,
    )
    if state.rules.bidding == "joker" and state.bid is not None:
        # R4.4: the declaration made during the deal stands; nobody else may bid.
        return _close_bidding(state)
    return state


# --- bidding -----------------------------------------------------------------------------------


def _attacker_declares(state: GameState, seat: int) -> bool:
    """R4.4: in later deals an attacker declares only in the closing round, and then
    becomes the dealer."""
    return (
        state.rules.bidding == "joker"
        and state.dealer is not None
        and state.phase is Phase.CLOSING
        and team_of(seat) != team_of(state.dealer)
    )


def bid_level(state: GameState, seat: int) -> Rank:
    """The level rank ``seat`` bids with: the level of the team that would declare if its
    bid stood (R4.5: in a first deal its own team's; R4.4: an attacker's closing-round
    declaration changes the dealer; otherwise the dealer's team's)."""
    if state.dealer is None or _attacker_declares(state, seat):
        return state.levels[team_of(seat)]
    return state.levels[team_of(state.dealer)]


def _why_not_now(state: GameState, seat: int) -> str | None:
    """Why ``seat`` may not bid at all now (R4.1, R4.3, R4.4, R5.2), or None."""
    phase = state.phase
    if phase not in BIDDING_PHASES:
        return f"R4.1: no bids in the {phase.value} phase"
    if phase is not Phase.DEALING and state.turn != seat:
        return f"R4.1: it is seat {state.turn}'s turn, not seat {seat}'s"
    if phase in COUNTER_PHASES:
        if state.bid is not None and state.bid.seat == seat:
            return "R5.2: the standing bidder counters only after someone else has countered"
        return None
    if state.rules.bidding == "reveal":
        return None
    if state.bid is not None:
        return "R4.4: during the deal there is one declaration, and it has been made"
    if state.dealer is None or team_of(seat) == team_of(state.dealer) or phase is Phase.CLOSING:
        return None
    return (
        "R4.4: in later deals only the dealer's team declares during the deal; "
        "the attackers get one round after it"
    )


def _read(state: GameState, seat: int, cards: Sequence[Card]) -> tuple[int, Suit | None]:
    """Strength and suit of a bid by ``seat`` now; IllegalAction when it may not stand."""
    strength, suit = read_bid(cards, bid_level(state, seat), state.rules.bidding)
    if state.phase in COUNTER_PHASES and strength < 2:
        raise IllegalAction("R5.2", "a counter shows a pair of level cards or of jokers")
    why = overturn_error(seat, strength, suit, state.bid)
    if why is not None:
        raise IllegalAction("R4.2", why.removeprefix("R4.2: "))
    return strength, suit


def declare_options(state: GameState, seat: int) -> list[Hand]:
    """Every bid ``seat`` may make now, as the cards it would show."""
    if _why_not_now(state, seat) is not None:
        return []
    options = []
    for cards in bid_options(state.hands[seat], bid_level(state, seat), state.rules.bidding):
        try:
            _read(state, seat, cards)
        except IllegalAction:
            continue
        options.append(cards)
    return options


def declare(state: GameState, seat: int, cards: Hand) -> GameState:
    """``seat`` bids (R4.2-R4.4) or counters (R5.2) by showing ``cards``."""
    s = check_seat(seat)
    why = _why_not_now(state, s)
    if why is not None:
        rule, _, message = why.partition(": ")
        raise IllegalAction(rule, message)
    if not holds(state.hands[s], cards):
        raise IllegalAction(
            "R4.2",
            f"a bid shows cards the seat holds; seat {s} does not hold {format_cards(cards)}",
        )
    strength, suit = _read(state, s, cards)
    bid = Bid(s, tuple(cards), suit, strength)
    event = Declared(s, bid.cards, None if suit is None else int(suit), strength, state.dealt)
    phase = state.phase
    state = state._replace(bid=bid, events=state.events.add(event))
    if phase is Phase.DEALING:
        return state
    if phase is Phase.CLOSING:
        if state.rules.bidding == "joker":
            return _close_bidding(state)  # R4.4: the first declaration stands
        return state._replace(turn=_next_in_closing(state, s), passes=0)
    return _after_counter(state, s)


def _closing_order(state: GameState) -> tuple[int, ...]:
    first = 0 if state.dealer is None else state.dealer
    if state.rules.bidding == "joker" and state.dealer is not None:
        # R4.4: the dealer's team first; the attackers only after both of them passed.
        return (first, (first + 2) % 4, (first + 1) % 4, (first + 3) % 4)
    return tuple((first + i) % 4 for i in range(4))


def _next_in_closing(state: GameState, seat: int) -> int:
    order = _closing_order(state)
    return order[(order.index(seat) + 1) % 4]


def pass_turn(state: GameState, seat: int) -> GameState:
    """``seat`` passes its turn in the closing round, the weak-hand round or a counter
    round; four passes in a row close a bidding or counter round (R4.1, R5.2)."""
    phase = state.phase
    if phase not in (Phase.CLOSING, Phase.WEAK_HAND, *COUNTER_PHASES):
        raise IllegalAction("R4.1", f"there is no turn to pass in the {phase.value} phase")
    s = _require_turn(state, seat, "R4.1")
    state = state._replace(passes=state.passes + 1, events=state.events.add(Passed(s)))
    if phase is Phase.CLOSING:
        if state.passes == 4:
            return _close_bidding(state)
        return state._replace(turn=_next_in_closing(state, s))
    if phase is Phase.WEAK_HAND:
        return _to_weak_hand(state, after=s)
    if state.passes < 4:
        return state._replace(turn=(s + 1) % 4)
    if phase is Phase.FIRST_COUNTERS:
        return _take_kitty(state, _dealer(state))
    return _to_playing(state)


def _dealer(state: GameState) -> int:
    assert state.dealer is not None, "the dealer is known after bidding"
    return state.dealer


def _fix_trump(state: GameState, dealer: int, suit: Suit | None, events: list[Event]) -> GameState:
    """Set the dealer and the trump (its level is the dealer's team's, R1.4)."""
    level = state.levels[team_of(dealer)]
    trump = Trump(level, suit, permanent_twos=state.rules.permanent_twos)
    events.append(DealerSet(dealer, level, None if suit is None else int(suit)))
    return state._replace(dealer=dealer, trump=trump, events=state.events.extend(events), passes=0)


def _close_bidding(state: GameState) -> GameState:
    """Bidding is over (R4.1): the bid names trump and, in a first deal, the dealer (R4.5);
    without a bid a kitty card is turned up (R4.6)."""
    bid = state.bid
    events: list[Event] = [BiddingClosed(None if bid is None else bid.seat)]
    dealer = state.dealer
    if bid is not None:
        suit = bid.suit
        if dealer is None or _attacker_declares(state, bid.seat):
            dealer = bid.seat  # R4.5 first deal; R4.4 attacker declaration (换庄家)
    else:
        index = state.rules.no_bid_reveal
        card = state.kitty[index]
        events.append(TrumpRevealed(index, card))
        suit = card.suit  # a joker (suit None) means no trump (R4.6)
        if dealer is None:
            holders = [s for s in range(4) if card in state.hands[s]]
            if state.rules.no_bid_first_deal == "redeal":
                return _redeal(
                    state, "R4.6: nobody bid in the first deal", state.events.extend(events)
                )
            if not holders:
                reason = "R4.6: nobody holds the twin of the turned card"
                return _redeal(state, reason, state.events.extend(events))
            dealer = holders[0]
    return _to_weak_hand(_fix_trump(state, dealer, suit, events))


# --- weak-hand redeal (R4.7) ---------------------------------------------------------------------


def _weak_seats_after(state: GameState, after: int | None) -> list[int]:
    """The attackers, in turn after ``after``, who may still ask for a weak-hand redeal."""
    threshold = state.rules.weak_hand_redeal
    dealer = _dealer(state)
    order = [(dealer + 1) % 4, (dealer + 3) % 4]
    if after is not None:
        order = order[order.index(after) + 1 :]
    return [
        s
        for s in order
        if threshold is not None
        and s not in state.redeal_asked
        and points(state.hands[s]) < threshold
    ]


def _to_weak_hand(state: GameState, after: int | None = None) -> GameState:
    seats = _weak_seats_after(state, after)
    if seats:
        return state._replace(phase=Phase.WEAK_HAND, turn=seats[0], passes=0)
    if state.rules.counter_bids and state.opening:
        turn = (_dealer(state) + 1) % 4
        return state._replace(phase=Phase.FIRST_COUNTERS, turn=turn, passes=0)
    return _take_kitty(state, _dealer(state))


def ask_redeal(state: GameState, seat: int) -> GameState:
    """An attacker with a weak hand asks for a redeal (R4.7): same dealer, new shuffle, and
    that seat may not ask again in this deal."""
    _require(state, Phase.WEAK_HAND, "R4.7", "a weak-hand redeal is asked")
    s = _require_turn(state, seat, "R4.7")
    events = state.events.add(RedealAsked(s))
    state = state._replace(redeal_asked=state.redeal_asked | {s})
    reason = f"R4.7: seat {s} holds fewer than {state.rules.weak_hand_redeal} points"
    return _redeal(state, reason, events)


# --- kitty and counters (R5) ---------------------------------------------------------------------


def _take_kitty(state: GameState, seat: int) -> GameState:
    """R5.1: ``seat`` takes the 8 kitty cards into its hand and must bury 8."""
    hands = replace_hand(state.hands, seat, (*state.hands[seat], *state.kitty))
    return state._replace(phase=Phase.BURYING, hands=hands, kitty=(), turn=seat, passes=0)


def _after_counter(state: GameState, seat: int) -> GameState:
    """R5.2: a counter changes the trump; before the kitty (反主反打) it also makes its
    bidder the dealer, after it (炒底) its bidder takes the kitty and buries again."""
    assert state.bid is not None
    suit = state.bid.suit
    state = state._replace(counters=state.counters + 1)
    if state.phase is Phase.FIRST_COUNTERS:
        state = _fix_trump(state, seat, suit, [])
        return state._replace(turn=(seat + 1) % 4)
    state = _fix_trump(state, _dealer(state), suit, [])
    return _take_kitty(state, seat)


def bury(state: GameState, seat: int, cards: Hand) -> GameState:
    """``seat`` buries 8 of its cards as the kitty (R5.1); then the counter round of later
    deals (R5.2) or play."""
    _require(state, Phase.BURYING, "R5.1", "cards are buried")
    s = _require_turn(state, seat, "R5.1")
    if len(cards) != KITTY_SIZE:
        raise IllegalAction("R5.1", f"bury exactly 8 cards, not {len(cards)}")
    if not holds(state.hands[s], cards):
        raise IllegalAction(
            "R5.1", f"bury cards you hold; seat {s} does not hold {format_cards(cards)}"
        )
    rest = list(state.hands[s])
    for card in cards:
        rest.remove(card)
    state = state._replace(
        hands=replace_hand(state.hands, s, tuple(rest)),
        kitty=tuple(cards),
        buried_by=s,
        events=state.events.add(Buried(s)),
    )
    if state.rules.counter_bids and not state.opening:
        return state._replace(phase=Phase.COUNTERS, turn=(s + 1) % 4, passes=0)
    return _to_playing(state)


def _to_playing(state: GameState) -> GameState:
    """R6.1: the dealer leads the first trick."""
    dealer = _dealer(state)
    return state._replace(phase=Phase.PLAYING, turn=dealer, leader=dealer, passes=0)
