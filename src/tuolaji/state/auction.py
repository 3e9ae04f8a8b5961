"""The state machine before play: dealing, bidding, redeals, the kitty and counter-bids
(R4, R5).

Each step is a function from a [`GameState`][tuolaji.GameState] to the next one; the bid
rules themselves (what cards make a bid, what may overturn what, who may bid when, who deals,
what the kitty names when nobody bids, who may ask for a weak-hand redeal) are functions of
public facts in `tuolaji.core.bidding`: this module only reads those facts from the state and
sequences the rules, as `tuolaji.state.playing` does for tricks. A redeal starts the same deal
over with a fresh shuffle derived from the game's seed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tuolaji.core._args import check_seat
from tuolaji.core.bidding import (
    FALLBACK_DEALER,
    LEVEL_PAIR_STRENGTH,
    NO_TRUMP_BIG,
    Bid,
    BidStage,
    Refusal,
    bid_form,
    bid_offers,
    bid_refusal,
    bid_window,
    closing_order,
    counter_round,
    deal_after_bids,
    declarer_team,
    first_deal_falls_back,
    form_message,
    is_counter,
    is_declaration,
    kitty_turn,
    overturn_floor,
    refusal_message,
    reinforcer,
    twin_dealer,
    weak_hand,
    weak_hand_offers,
)
from tuolaji.core.cards import Rank, Suit, format_cards
from tuolaji.core.deal import seeded_deck
from tuolaji.core.errors import IllegalAction
from tuolaji.core.scoring import team_of
from tuolaji.state.actions import (
    AskRedeal,
    BiddingClosed,
    Buried,
    CardsDealt,
    DealerSet,
    Declared,
    Event,
    Hand,
    Pass,
    Passed,
    Phase,
    Redeal,
    RedealAsked,
    TrumpRevealed,
    holds,
    replace_hand,
)
from tuolaji.state.eventlog import EventLog

if TYPE_CHECKING:
    from tuolaji.state.gamestate import GameState

__all__ = [
    "ask_redeal",
    "bid_level",
    "bury",
    "deal_card",
    "declare",
    "declare_options",
    "declaring_team",
    "first_bidder",
    "fresh_deal",
    "may_ask_redeal",
    "overturned_single",
    "pass_turn",
    "weak_hand_actions",
]

BIDDING_PHASES = (Phase.DEALING, Phase.CLOSING, Phase.FIRST_COUNTERS, Phase.COUNTERS)
COUNTER_PHASES = (Phase.FIRST_COUNTERS, Phase.COUNTERS)


def _stage_of(phase: Phase) -> BidStage | None:
    """The bidding window (`tuolaji.core.bidding.BidStage`) of a bidding phase, None outside
    them: each bidding phase's value names its window. (No dict keyed by the phase: hashing
    an enum member runs Python code, and bots probe bids after every dealt card.)"""
    if phase in BIDDING_PHASES:  # a tuple compares members by identity first
        # The bidding phases' values are the BidStage literals (tests/state checks it).
        return phase._value_  # type: ignore[return-value]
    return None


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
    no_trump_level: tuple[bool, bool],
) -> GameState:
    """``state``'s rules and seed at the start of a deal (or a redeal, ``attempt`` > 0):
    the deck shuffled from the seed unless ``deck`` is given, nothing dealt yet (R4.1).
    ``no_trump_level``: which teams stand on the no-trump level (R9.2)."""
    first = 0 if dealer is None else dealer
    if deck is None:
        deck = seeded_deck(state.seed, deal_number, attempt)
    # Every other field takes its default: the state of a deal before its first card.
    return type(state)(
        rules=state.rules,
        seed=state.seed,
        levels=levels,
        no_trump_level=no_trump_level,
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
        no_trump_level=state.no_trump_level,
        dealer=state.dealer,
        opening=state.opening,
        redeal_asked=state.redeal_asked,
        events=events.add(Redeal(reason)),
    )


def deal_card(state: GameState) -> GameState:
    """Deal the next card to the next seat (R4.1); after the last dealt card (the 100th with
    the seeds' kitty of 8), the closing round."""
    _require(state, Phase.DEALING, "R4.1", "cards are dealt")
    first = 0 if state.dealer is None else state.dealer
    seat = (first + state.dealt) % 4
    hands = replace_hand(state.hands, seat, (*state.hands[seat], state.deck[state.dealt]))
    dealt = state.dealt + 1
    state = state._advanced(hands=hands, dealt=dealt)
    if dealt < state.rules.dealt_cards:
        return state
    state = state._advanced(
        kitty=state.deck[dealt:],
        phase=Phase.CLOSING,
        turn=closing_order(state.dealer, state.rules)[0],
        passes=0,
    )
    if state.no_trump_deal:
        return _close_bidding(state)  # R9.2: no bids at the no-trump level, no closing round
    if state.rules.bidding == "joker" and state.bid is not None:
        # R4.4: the declaration made during the deal stands; nobody else may bid. Under
        # fix_trump="reinforce" its declarer first gets one turn to show its pair (定主).
        last = reinforcer(state.bid, state.rules)
        return _close_bidding(state) if last is None else state._advanced(turn=last)
    return state


# --- bidding -----------------------------------------------------------------------------------
#
# Each rule is a predicate of tuolaji.core.bidding returning a Refusal code or None; messages
# are built only when an action is refused. may_act probes every seat after every dealt card.


def _stage(state: GameState) -> BidStage:
    """The bidding window of a state in a bidding phase."""
    stage = _stage_of(state.phase)
    if stage is None:  # a caller's bug, never a client's input
        raise AssertionError(f"no bidding window in phase {state.phase.value}")
    return stage


def first_bidder(state: GameState) -> int | None:
    """The seat that made the first bid of the current attempt (R4.5 ``"first_bid"``), or
    None before any bid."""
    if state.bid is None:
        return None
    first = None
    for event in reversed(state.events):
        if isinstance(event, CardsDealt):
            break  # bids of an earlier attempt were thrown in with its cards
        if isinstance(event, Declared):
            first = event.seat
    return first


def declaring_team(state: GameState, seat: int) -> int:
    """The team that would declare if a bid by ``seat`` now stood (R4.2, R4.5, R5.2): see
    [`declarer_team`][tuolaji.core.bidding.declarer_team]."""
    rules = state.rules
    dealer = state.dealer
    # Only R4.5 "first_bid" reads the first bidder: the event scan is skipped otherwise (bots
    # probe bids after every dealt card).
    first = first_bidder(state) if dealer is None and rules.first_dealer == "first_bid" else None
    return declarer_team(seat, dealer, first, _stage_of(state.phase), rules)


def bid_level(state: GameState, seat: int) -> Rank:
    """The level rank ``seat`` bids with now: the level of the team that would declare if
    its bid stood (R4.2; see `declaring_team`)."""
    return state.levels[declaring_team(state, seat)]


def _bid_window(state: GameState, seat: int) -> Refusal | None:
    """Why ``seat`` may not bid at all now (R4.1, R4.4), or None."""
    return bid_window(
        seat,
        _stage_of(state.phase),
        state.rules,
        turn=state.turn,
        standing=state.bid,
        dealer=state.dealer,
        no_trump_deal=state.no_trump_deal,
        seat_on_no_trump=state.no_trump_level[team_of(seat)],
    )


def overturned_single(state: GameState, seat: int) -> Suit | None:
    """R4.2 ``Rules.reinforce_after_overturn``: the suit of the single level card that was
    ``seat``'s last bid of the current attempt when another seat's bid now stands, else None
    (also when the rule is off: the event scan is skipped, as bots probe bids after every
    dealt card)."""
    standing = state.bid
    if not state.rules.reinforce_after_overturn or standing is None or standing.seat == seat:
        return None
    for event in reversed(state.events):
        if isinstance(event, CardsDealt):
            break  # bids of an earlier attempt were thrown in with its cards
        if isinstance(event, Declared) and event.seat == seat:
            if event.strength == 1 and event.suit is not None:
                return Suit(event.suit)  # one level card (R4.4: with its joker)
            return None
    return None


def _refusal(state: GameState, seat: int, strength: int, suit: Suit | None) -> Refusal | None:
    rules = state.rules
    stage = _stage(state)
    return bid_refusal(
        seat,
        strength,
        suit,
        state.bid,
        rules,
        declaration=is_declaration(stage, rules),
        counter=is_counter(stage, rules),
        overturned=overturned_single(state, seat),
    )


def _refused(state: GameState, seat: int, refusal: Refusal) -> IllegalAction:
    if refusal is Refusal.NO_BIDS_NOW:
        return IllegalAction(refusal.rule, f"no bids in the {state.phase.value} phase")
    if refusal is Refusal.NOT_YOUR_TURN:
        return IllegalAction(refusal.rule, f"it is seat {state.turn}'s turn, not seat {seat}'s")
    return IllegalAction(refusal.rule, refusal_message(refusal, state.bid))


def declare_options(state: GameState, seat: int) -> list[Hand]:
    """Every bid ``seat`` may make now, as the cards it would show, weakest first.

    Read on the hand's card ids (`tuolaji.core.bidding.bid_offers`, which also gives each
    bid's strength and suit), with the facts the checks share (the window, the declaring
    team's level, the overturned single) read once per call, not once per bid: bots and the
    state machine ask after every dealt card."""
    rules = state.rules
    stage = _stage_of(state.phase)
    standing = state.bid
    dealer = state.dealer
    window = bid_window(
        seat,
        stage,
        rules,
        turn=state.turn,
        standing=standing,
        dealer=dealer,
        no_trump_deal=state.no_trump_deal,
        seat_on_no_trump=state.no_trump_level[team_of(seat)],
    )
    if window is not None:
        return []
    assert stage is not None  # bid_window refuses every bid outside the bidding windows
    declaration = is_declaration(stage, rules)
    counter = is_counter(stage, rules)
    # A strength window only prunes the options to build; bid_refusal below decides.
    low, high = 1, NO_TRUMP_BIG
    if declaration:
        high = LEVEL_PAIR_STRENGTH  # R4.4: joker pairs never declare
    if counter:
        low = LEVEL_PAIR_STRENGTH  # R5.2
    if standing is not None:
        low = max(low, overturn_floor(standing.strength, rules))  # R4.2
    if low > high:
        return []
    levels = state.levels
    # The bid's level is the declaring team's (R4.2): no need to find that team when both
    # teams stand on the same level, as in every match's first deal.
    level = levels[0] if levels[0] == levels[1] else bid_level(state, seat)
    # The ids of a hand that grows by one card per state: built here, not cached on the state.
    ids = [card.id for card in state.hands[seat]]
    offers = bid_offers(ids, level, rules, min_strength=low, max_strength=high)
    if not offers:
        return []
    overturned = overturned_single(state, seat)
    return [
        cards
        for strength, suit, cards in offers
        if bid_refusal(
            seat,
            strength,
            suit,
            standing,
            rules,
            declaration=declaration,
            counter=counter,
            overturned=overturned,
        )
        is None
    ]


def declare(state: GameState, seat: int, cards: Hand) -> GameState:
    """``seat`` bids (R4.2-R4.4) or counters (R5.2) by showing ``cards``."""
    s = check_seat(seat)
    window = _bid_window(state, s)
    if window is not None:
        raise _refused(state, s, window)
    if not holds(state.hands[s], cards):
        raise IllegalAction(
            "R4.2",
            f"a bid shows cards the seat holds; seat {s} does not hold {format_cards(cards)}",
        )
    level = bid_level(state, s)
    form = bid_form(cards, level, state.rules)
    if form is None:
        raise IllegalAction(*form_message(cards, level, state.rules))
    strength, suit = form
    refusal = _refusal(state, s, strength, suit)
    if refusal is not None:
        raise _refused(state, s, refusal)
    bid = Bid(s, tuple(cards), suit, strength)
    event = Declared(s, bid.cards, None if suit is None else int(suit), strength, state.dealt)
    phase = state.phase
    state = state._advanced(bid=bid, events=state.events.add(event))
    if phase is Phase.DEALING:
        return state
    if phase is Phase.CLOSING:
        if state.rules.bidding == "joker":
            return _close_bidding(state)  # R4.4: the first declaration stands
        return state._advanced(turn=_next_in_closing(state, s), passes=0)
    return _after_counter(state, s)


def _next_in_closing(state: GameState, seat: int) -> int:
    order = closing_order(state.dealer, state.rules)
    return order[(order.index(seat) + 1) % 4]


def pass_turn(state: GameState, seat: int) -> GameState:
    """``seat`` passes its turn in the closing round, the weak-hand round or a counter
    round; four passes in a row close a bidding or counter round (R4.1, R5.2)."""
    phase = state.phase
    if phase not in (Phase.CLOSING, Phase.WEAK_HAND, *COUNTER_PHASES):
        raise IllegalAction("R4.1", f"there is no turn to pass in the {phase.value} phase")
    s = _require_turn(state, seat, "R4.1")
    state = state._advanced(passes=state.passes + 1, events=state.events.add(Passed(s)))
    if phase is Phase.CLOSING:
        # A joker-system declaration standing in the closing round is the declarer's last
        # chance to reinforce (R4.4, `reinforcer`): its pass closes bidding.
        if state.passes == 4 or (state.rules.bidding == "joker" and state.bid is not None):
            return _close_bidding(state)
        return state._advanced(turn=_next_in_closing(state, s))
    if phase is Phase.WEAK_HAND:
        return _to_weak_hand(state, after=s)
    if state.passes < 4:
        return state._advanced(turn=(s + 1) % 4)
    if phase is Phase.FIRST_COUNTERS:
        return _take_kitty(state, _dealer(state))
    return _to_playing(state)


def _dealer(state: GameState) -> int:
    assert state.dealer is not None, "the dealer is known after bidding"
    return state.dealer


def _fix_trump(state: GameState, dealer: int, suit: Suit | None, events: list[Event]) -> GameState:
    """Set the dealer and the trump (its level is the dealer's team's, R1.4; on the no-trump
    level its trumps are those of ``Rules.no_trump_trumps``, R9.2)."""
    level = state.levels[team_of(dealer)]
    trump = state.rules.trump(level, suit, no_trump_level=state.no_trump_level[team_of(dealer)])
    events.append(DealerSet(dealer, level, None if suit is None else int(suit)))
    return state._advanced(dealer=dealer, trump=trump, events=state.events.extend(events), passes=0)


def _close_bidding(state: GameState) -> GameState:
    """Bidding is over (R4.1): the bid names trump and, in a first deal, the dealer (R4.5);
    without a bid a first deal is redealt and a later one turns a kitty card (R4.6). After
    ``rules.no_bid_redeals`` such redeals a first deal without a bid is played as a later one,
    seat 0 dealing (R4.6; `tuolaji.core.bidding.first_deal_falls_back`)."""
    bid = state.bid
    rules = state.rules
    events: list[Event] = [BiddingClosed(None if bid is None else bid.seat)]
    dealer = state.dealer
    if state.no_trump_deal:
        # R9.2: the declarers on the no-trump level play with no trump suit, without bids.
        return _to_weak_hand(_fix_trump(state, _dealer(state), None, events))
    if bid is not None:
        suit = bid.suit
        first = first_bidder(state) if dealer is None else None
        dealer = deal_after_bids(bid.seat, dealer, first, rules)
        return _to_weak_hand(_fix_trump(state, dealer, suit, events))
    if dealer is None:
        # A first deal's attempt number counts its no-bid redeals: a weak-hand redeal (R4.7)
        # makes the dealer known, and with a dealer no deal is thrown in.
        if not first_deal_falls_back(state.attempt, rules):
            # R4.6: the first deal has no dealer to turn a card; the cards are thrown in.
            return _redeal(state, "R4.6: nobody bid in the first deal", state.events.extend(events))
        dealer = FALLBACK_DEALER
    if not state.kitty:
        # R4.6 with no kitty (Rules.kitty_size=0): no card to turn, so the deal is played
        # with no trump suit (only jokers and level cards are trump), and the dealer stays:
        # no_bid_dealer="twin" has no turned card to pair.
        return _to_weak_hand(_fix_trump(state, dealer, None, events))
    turned, index = kitty_turn(state.kitty, rules.no_bid_reveal, state.levels[team_of(dealer)])
    events.extend(TrumpRevealed(i, state.kitty[i]) for i in turned)
    card = state.kitty[index]
    suit = card.suit  # a joker (suit None) means no trump (R4.6)
    if rules.no_bid_dealer == "twin":
        dealer = twin_dealer(card, state.hands, dealer)
        if state.no_trump_level[team_of(dealer)]:
            # R9.2: the twin handed the deal to a team on the no-trump level, whose deals
            # have no trump suit: the turned card names none.
            suit = None
    return _to_weak_hand(_fix_trump(state, dealer, suit, events))


# --- weak-hand redeal (R4.7) ---------------------------------------------------------------------


def may_ask_redeal(state: GameState, seat: int) -> bool:
    """R4.7: ``seat`` is offered the redeal now and holds fewer than
    ``rules.weak_hand_redeal`` points (see [`weak_hand`][tuolaji.core.bidding.weak_hand])."""
    return (
        state.phase is Phase.WEAK_HAND
        and state.turn == seat
        and weak_hand(state.hands[seat], state.rules)
    )


def weak_hand_actions(state: GameState, seat: int) -> tuple[AskRedeal | Pass, ...]:
    """The legal actions of ``seat`` in the weak-hand round (R4.7): Pass, and AskRedeal for a
    hand under the threshold."""
    if state.phase is not Phase.WEAK_HAND or state.turn != seat:
        return ()
    if may_ask_redeal(state, seat):
        return (AskRedeal(seat), Pass(seat))
    return (Pass(seat),)


def _to_weak_hand(state: GameState, after: int | None = None) -> GameState:
    seats = weak_hand_offers(_dealer(state), state.redeal_asked, after, state.rules)
    if seats:
        return state._advanced(phase=Phase.WEAK_HAND, turn=seats[0], passes=0)
    if counter_round("before_kitty", state.rules, opening=state.opening, standing=state.bid):
        turn = (_dealer(state) + 1) % 4
        return state._advanced(phase=Phase.FIRST_COUNTERS, turn=turn, passes=0)
    return _take_kitty(state, _dealer(state))


def ask_redeal(state: GameState, seat: int) -> GameState:
    """An attacker with a weak hand asks for a redeal (R4.7): same dealer, new shuffle, and
    that seat may not ask again in this deal. The redealt deal follows the later-deal rules
    (its dealer is known), even in the match's first deal."""
    _require(state, Phase.WEAK_HAND, "R4.7", "a weak-hand redeal is asked")
    s = _require_turn(state, seat, "R4.7")
    if not may_ask_redeal(state, s):
        raise IllegalAction(
            "R4.7",
            f"a redeal is asked only with fewer than {state.rules.weak_hand_redeal} points "
            "in hand; pass instead",
        )
    events = state.events.add(RedealAsked(s))
    state = state._advanced(redeal_asked=state.redeal_asked | {s}, opening=False)
    reason = f"R4.7: seat {s} holds fewer than {state.rules.weak_hand_redeal} points"
    return _redeal(state, reason, events)


# --- kitty and counters (R5) ---------------------------------------------------------------------


def _take_kitty(state: GameState, seat: int) -> GameState:
    """R5.1: ``seat`` takes the kitty into its hand and must bury as many cards. With no kitty
    (``Rules.kitty_size`` 0) there is nothing to take or bury: play begins, the dealer
    counting as the seat that buried (as in a play position)."""
    if not state.rules.kitty_size:
        return _to_playing(state._advanced(buried_by=seat))
    hands = replace_hand(state.hands, seat, (*state.hands[seat], *state.kitty))
    return state._advanced(phase=Phase.BURYING, hands=hands, kitty=(), turn=seat, passes=0)


def _after_counter(state: GameState, seat: int) -> GameState:
    """R5.2: a counter (a counter-bid, or a kitty theft under ``Rules.kitty_theft``) changes
    the trump; before the kitty (反主反打) it also makes its bidder the dealer, after a burial
    (炒底, 炒地皮) its bidder takes the kitty and buries again, the dealer unchanged, and the
    round goes on around the table until four passes in a row."""
    assert state.bid is not None
    suit = state.bid.suit
    state = state._advanced(counters=state.counters + 1)
    if state.phase is Phase.FIRST_COUNTERS:
        # 反主反打 makes the counter-bidder the dealer under R4.5 "winning_bid"; under
        # "first_bid" the first bidder keeps the deal and a counter changes only the trump.
        dealer = seat if state.rules.first_dealer == "winning_bid" else _dealer(state)
        state = _fix_trump(state, dealer, suit, [])
        return state._advanced(turn=(seat + 1) % 4)
    state = _fix_trump(state, _dealer(state), suit, [])
    return _take_kitty(state, seat)


def bury(state: GameState, seat: int, cards: Hand) -> GameState:
    """``seat`` buries as many of its cards as the kitty holds (R5.1, 8 by default) as the
    kitty; then the counter round after the burial (R5.2: counter-bids in later deals, kitty
    theft in every deal with a bid) or play."""
    _require(state, Phase.BURYING, "R5.1", "cards are buried")
    s = _require_turn(state, seat, "R5.1")
    size = state.rules.kitty_size
    if len(cards) != size:
        raise IllegalAction("R5.1", f"bury exactly {size} cards, not {len(cards)}")
    if not holds(state.hands[s], cards):
        raise IllegalAction(
            "R5.1", f"bury cards you hold; seat {s} does not hold {format_cards(cards)}"
        )
    rest = list(state.hands[s])
    for card in cards:
        rest.remove(card)
    state = state._advanced(
        hands=replace_hand(state.hands, s, tuple(rest)),
        kitty=tuple(cards),
        buried_by=s,
        events=state.events.add(Buried(s)),
    )
    # R9.2: no counter can name a trump at the no-trump level.
    if not state.no_trump_deal and counter_round(
        "after_burial", state.rules, opening=state.opening, standing=state.bid
    ):
        return state._advanced(phase=Phase.COUNTERS, turn=(s + 1) % 4, passes=0)
    return _to_playing(state)


def _to_playing(state: GameState) -> GameState:
    """R6.1: the dealer leads the first trick."""
    dealer = _dealer(state)
    return state._advanced(phase=Phase.PLAYING, turn=dealer, leader=dealer, passes=0)
