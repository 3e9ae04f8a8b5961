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

from collections import Counter
from typing import TYPE_CHECKING

import attrs

from tuolaji.core._args import check_seat
from tuolaji.core.bidding import bid_form
from tuolaji.core.cards import format_cards, full_deck
from tuolaji.core.errors import IllegalAction, InvalidRecord, TuolajiError, cut
from tuolaji.core.scoring import team_of
from tuolaji.core.trickids import lead_info_ids
from tuolaji.core.tricks import points_in_trick, trick_winner
from tuolaji.state.actions import (
    Buried,
    CardsDealt,
    DealerSet,
    DealScored,
    Declared,
    Event,
    KittyRevealed,
    Passed,
    Phase,
    Played,
    Redeal,
    RedealAsked,
    ThrowFailed,
    TrickWon,
    holds,
)
from tuolaji.state.auction import fresh_deal
from tuolaji.state.bookkeeping import Bookkeeping
from tuolaji.state.playing import deal_result, throw_failure

if TYPE_CHECKING:
    from tuolaji.core.cards import Card
    from tuolaji.state.actions import Hand
    from tuolaji.state.eventlog import EventLog
    from tuolaji.state.gamestate import GameState

__all__ = ["check_consistency", "check_history"]

_BEFORE_KITTY = (Phase.CLOSING, Phase.WEAK_HAND, Phase.FIRST_COUNTERS)
_REPLAYED = (Phase.DEALING, Phase.CLOSING)
# The phases whose bookkeeping is the replay's alone (Bookkeeping.of reads a dealing's
# counters from its hands).
_SAMPLED = (Phase.BURYING, Phase.COUNTERS, Phase.PLAYING, Phase.FINISHED)
# From the burial on, a world sampled for a view records its deck as the 108 cards in id
# order (bots/worlds/building.py): the shuffle is not read back from its hands.
_FULL_DECK = full_deck()
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
        check_history(state)
    except InvalidRecord:
        raise
    except TuolajiError as exc:  # a rule function refused a piece of the state
        raise _fail(str(exc)) from None


def _check_fields(state: GameState) -> None:
    for team, level in enumerate(state.levels):
        if level not in state.rules.levels:
            raise _fail(f"team {team}'s level {level.label} is not a level of these rules")
        state.rules.place(level, state.no_trump_level[team])  # R9.2: the no-trump level
    if (state.dealer is None or state.opening) and any(state.no_trump_level):
        raise _fail("a team on the no-trump level needs a dealer, not bidding for one (R9.2)")
    for name in ("deal_number", "attempt", "counters"):
        if getattr(state, name) < 0:
            raise _fail(f"{name} must be 0 or more, got {getattr(state, name)}")
    if not 0 <= state.dealt <= state.rules.dealt_cards:
        raise _fail(f"dealt counts 0..{state.rules.dealt_cards} cards (R4.1), got {state.dealt}")
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
            reading = bid_form(bid.cards, level, state.rules)
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
        if state.no_trump_deal and state.trump.suit is not None:
            raise _fail("declarers on the no-trump level play with no trump suit (R9.2)")
        if state.trump.permanent_twos != state.rules.permanent_twos:
            raise _fail("the trump's permanent_twos must match the rules' (R2.5)")
        if state.trump.tractor_min_pairs != state.rules.tractor_min_pairs:
            raise _fail("the trump's tractor_min_pairs must match the rules' (R3.2)")
        if state.trump.level_cards != (
            not (state.no_trump_deal and state.rules.no_trump_trumps == "jokers")
        ):
            raise _fail("the trump's level_cards must match the rules' no_trump_trumps (R9.2)")
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
    return tuple(_received(state.deck, first, seat, state.dealt) for seat in range(4))


def _received(deck: Hand, first: int, seat: int, dealt: int) -> Hand:
    """The cards ``seat`` received of the first ``dealt`` cards of ``deck``, dealt one at a
    time from seat ``first`` (R4.1), in the order received."""
    return deck[(seat - first) % 4 : dealt : 4]


def _check_cards(state: GameState) -> None:
    phase = state.phase
    sizes = [len(h) for h in state.hands]
    rules = state.rules
    # R4.1: the hands and the kitty have the sizes of Rules.kitty_size.
    dealt_all, hand, kitty_size = rules.dealt_cards, rules.hand_size, rules.kitty_size
    if not state.deck:
        if phase not in (Phase.PLAYING, Phase.FINISHED) or state.dealt:
            raise _fail("only a play position (from for_play) has no deck")
    elif Counter(state.deck) != Counter(full_deck()):
        raise _fail("the deck must hold the 108 cards, every card twice (R1.1)")
    if phase is Phase.DEALING or (state.deck and phase in _BEFORE_KITTY):
        if phase is Phase.DEALING and state.dealt >= dealt_all:
            raise _fail(f"dealing ends after the {dealt_all}th card (R4.1)")
        if phase is not Phase.DEALING and state.dealt != dealt_all:
            raise _fail(
                f"the {phase.value} phase comes after all {dealt_all} cards are dealt (R4.1)"
            )
        if state.hands != _dealt_hands(state):
            raise _fail("the hands must be the cards dealt from the deck so far (R4.1)")
        kitty = state.deck[dealt_all:] if phase is not Phase.DEALING else ()
        if state.kitty != kitty:
            raise _fail(
                f"the kitty is the last {kitty_size} cards of the deck until it is taken (R5.1)"
            )
        return
    if state.deck and state.dealt != dealt_all:
        raise _fail(f"the {phase.value} phase comes after all {dealt_all} cards are dealt (R4.1)")
    if phase is Phase.BURYING:
        want = [hand + kitty_size if s == state.turn else hand for s in range(4)]
        if not kitty_size or sizes != want or state.kitty:
            raise _fail(
                f"burying seat {state.turn} holds {hand + kitty_size} cards, the others {hand}; "
                f"there is no burial without a kitty (R5.1, Rules.kitty_size={kitty_size})"
            )
    elif len(state.kitty) != kitty_size:
        raise _fail(
            f"the kitty holds {kitty_size} cards (Rules.kitty_size) in the {phase.value} phase "
            f"(R4.1, R5.1)"
        )
    if phase is Phase.COUNTERS and sizes != [hand] * 4:
        raise _fail(f"every seat holds {hand} cards during counter-bids (R4.1, R5.2)")
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
        rules = state.rules
        winner = trick_winner(
            trick.plays, trump, ruff_shape=rules.ruff_shape, throw_ruff=rules.throw_ruff
        )
        winner = (trick.leader + winner) % 4
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
    if len(totals) != 1 or (state.deck and totals != {state.rules.hand_size}):
        raise _fail(
            f"every seat started play with the same number of cards, {state.rules.hand_size} "
            f"in a dealt state (R4.1, R7.1)"
        )
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


# --- the state against its own history ---------------------------------------------------

_ACTION_EVENTS = (Declared, Passed, RedealAsked, Buried, ThrowFailed, Played)
_PLAYS = (ThrowFailed, Played)
_PLAY_EVENTS = (ThrowFailed, Played, TrickWon, KittyRevealed, DealScored)


def _check_bookkeeping(state: GameState, events: list[Event]) -> None:
    """The counters beside the cards are those the public log implies (the one definition,
    [`Bookkeeping`][tuolaji.state.bookkeeping.Bookkeeping], which sampled worlds are built from)."""
    derived = Bookkeeping.of(
        events,
        phase=state.phase,
        dealer=state.dealer,
        to_act=state.to_act,
        leader=state.leader,
        cards_held=sum(len(h) for h in state.hands),
        tricks=state.tricks,
        dealt_cards=state.rules.dealt_cards,
    )
    for name in Bookkeeping._fields:
        if name == "first_seat" or (name == "turn" and state.phase is Phase.DEALING):
            continue
        if name == "dealt" and not state.deck:
            continue
        if getattr(derived, name) != getattr(state, name):
            raise _fail(
                f"{name} disagrees with the event log, which gives {cut(getattr(derived, name))}"
            )


def _log_prefix(log: EventLog, length: int) -> EventLog:
    """The first ``length`` events of ``log``, as the node of the chain that holds them."""
    node = log
    while len(node) > length:
        previous = node.previous
        assert previous is not None  # a longer log has a previous one
        node = previous
    return node


def check_history(state: GameState) -> None:
    """Raise [`InvalidRecord`][tuolaji.InvalidRecord] naming the first field of ``state`` that
    disagrees with what its own event log implies; return None when they agree.

    A dealt state's current attempt is replayed from its ``CardsDealt`` event with the state's
    deck, in every phase: cards dealt (R4.1), bids and passes (R4.2-R4.7), the burials (R5.1),
    the counter-bids (R5.2) and every play (R6, R7, so a seat shown void holds no card of that
    suit). Every event must be what the state machine records for an action it accepts, and
    the replayed state must equal ``state`` field by field. A ``Buried`` event does not carry
    its cards: the last burial's are the kitty, and an earlier one's (under counter-bids,
    R5.2) follow backwards from the hand of the seat that took it.

    Two kinds of state keep the lighter check of the public record (the bookkeeping, the
    standing bid, the dealer and trump) and the replay of the play alone: a play position
    from ``for_play`` (no deck, its play replayed from its ``DealerSet``), and a dealt state
    from the burial on whose deck is the 108 cards in id order, as a world sampled for a view
    records it when the shuffle cannot be read back from the hands (tuolaji.sample_world);
    also a state where one seat took two kitties, whose earlier kitties its hands do not
    determine. Linear in the log: each event is read once and each action checked once.
    """
    events = list(state.events)
    _check_attempts(state, events)
    if state.phase not in _REPLAYED:
        _check_bookkeeping(state, events)  # the definition sampled worlds are built from
    if state.deck and (state.phase not in _SAMPLED or state.deck != _FULL_DECK):
        start, base = _attempt_start(state, events)
        kitties = _kitties(state, events, start, base)
        guessed = None in kitties
        replayed = _replay(state, base, events, start, kitties)
        if replayed is not None and _compare(state, replayed, events, guessed=guessed):
            return
        # A guessed kitty left the cards open: the structure held, the cards are checked
        # against the public record and the play replayed from the hands, as below.
    _check_public_record(state, events)
    if state.phase not in (Phase.PLAYING, Phase.FINISHED):
        return  # burying and counter-bids of a sampled world: the bookkeeping above
    start, base = _play_start(state, events)
    replayed = _replay(state, base, events, start, None)
    assert replayed is not None  # only a replay with a guessed kitty gives None
    _compare(state, replayed, events, guessed=False)


def _compare(
    state: GameState,
    replayed: GameState,
    events: list[Event],
    *,
    guessed: bool,
) -> bool:
    """``replayed`` must be ``state``: every field, and a log of the same length (its events
    were compared as they were replayed). After a ``guessed`` kitty, different hands prove
    nothing: False then, True when all agree."""
    for field in attrs.fields(type(state)):
        if field.name == "events":
            continue
        mine, theirs = getattr(replayed, field.name), getattr(state, field.name)
        if mine != theirs:
            if guessed and field.name == "hands":
                return False
            raise _fail(
                f"{field.name} disagrees with the event log (the log's actions give {cut(mine)})"
            )
    if len(replayed.events) != len(events):
        raise _fail(f"the event log has {len(events) - len(replayed.events)} events too many")
    return True


def _kitties(
    state: GameState, events: list[Event], start: int, base: GameState
) -> list[Hand | None]:
    """The cards of every ``Buried`` event of the current attempt, in order (an earlier
    kitty in the order `_taken_in_order` reads from its taker's hand). When one seat took
    two kitties, every kitty before the last is None: to be guessed as the replay reaches it
    (see `_replay`).

    The seat that buries first takes the deck's last cards, the kitty (R4.1, R5.1); each
    counter-bidder after it takes the kitty standing then and buries again (R5.2). The last
    burial's cards are the state's kitty (in the burying phase after a counter: the last cards
    of the burier's hand, which took them last). Going backwards, a counter-bidder that took no
    kitty before held its dealt hand, so the kitty it took is its hand after burying (its hand
    in the state and what it played since) and the kitty it buried, less its dealt hand. A seat
    that took two kitties leaves the split between them open.
    """
    first = base.turn  # where the dealing began (fresh_deal)
    rules = state.rules
    buriers = [e.seat for e in events[start:] if isinstance(e, Buried)]
    if not buriers:
        return []
    takers = list(buriers)
    pending = state.phase is Phase.BURYING
    if pending:
        takers.append(state.turn)
    if any(not 0 <= seat <= 3 for seat in takers):
        raise _fail("a Buried event's seat must be a seat 0..3")
    if len(set(takers)) < len(takers):
        unknown: list[Hand | None] = [None] * (len(buriers) - 1)
        last_kitty = state.hands[state.turn][rules.hand_size :] if pending else state.kitty
        return [*unknown, last_kitty]
    played: list[Counter[Card]] = [Counter() for _ in range(4)]
    for event in events[start:]:
        if isinstance(event, Played) and 0 <= event.seat <= 3:
            played[event.seat].update(event.cards)
    last = state.hands[state.turn][rules.hand_size :] if pending else state.kitty
    kitties: list[Hand | None] = [last]
    for seat in reversed(buriers[1:]):
        dealt = _received(state.deck, first, seat, rules.dealt_cards)
        held = Counter(state.hands[seat]) + played[seat] + Counter(last)
        if Counter(dealt) - held or sum((held - Counter(dealt)).values()) != rules.kitty_size:
            raise _fail(
                f"seat {seat} counter-bid and buried, but its hand is not its dealt hand and "
                "the kitty it took, less the kitty it buried (R5.2)"
            )
        last = _taken_in_order(dealt, state.hands[seat], held - Counter(dealt))
        kitties.append(last)
    kitties.reverse()
    return kitties


def _taken_in_order(dealt: Hand, hand: Hand, taken: Counter[Card]) -> Hand:
    """The cards ``taken`` (a kitty) in the order that makes ``hand`` of a seat that held
    ``dealt``, took them (appended, R5.2) and then lost some cards (buried, played; each
    loss takes the first copy of its card): what is left of ``dealt`` leads the hand, what
    is left of the kitty follows in the kitty's order. The kitty's lost cards go first, so
    that a loss takes them before an equal card that stays (their order shows nowhere). A
    ``hand`` that no order makes stays unmade: the replay then refuses it."""
    lost = Counter(dealt) + taken - Counter(hand)
    kept_dealt = []
    for card in dealt:
        if lost[card]:
            lost[card] -= 1
        else:
            kept_dealt.append(card)
    tail = hand[len(kept_dealt) :]
    rest = taken - Counter(tail)
    return (*rest.elements(), *tail)


def _check_attempts(state: GameState, events: list[Event]) -> None:
    """A dealt state's log starts with attempt 0's CardsDealt; each later attempt follows a
    Redeal (R4.6, R4.7) and numbers on; a play position's log has no CardsDealt."""
    attempt = 0
    for i, event in enumerate(events):
        if not isinstance(event, CardsDealt):
            continue
        redealt = i > 0 and isinstance(events[i - 1], Redeal)
        if (i == 0) == redealt or (event.deal_number, event.attempt) != (
            state.deal_number,
            attempt,
        ):
            raise _fail(f"events[{i}]: attempt {attempt} starts the log or follows a redeal (R4.6)")
        attempt += 1
    if state.deck and not isinstance(events[0] if events else None, CardsDealt):
        raise _fail("a dealt state's log starts with CardsDealt (R4.1)")


def _check_public_record(state: GameState, events: list[Event]) -> None:
    """What the log shows of a position from the burial on, beside the replay of its play:
    the standing bid, the dealer and trump, the cards shown in bids."""
    current = max((i for i, e in enumerate(events) if isinstance(e, CardsDealt)), default=0)
    bids = [e for e in events[current:] if isinstance(e, Declared)]
    last = None if not bids else (bids[-1].seat, bids[-1].cards, bids[-1].suit, bids[-1].strength)
    bid = state.bid
    standing = None if bid is None else (bid.seat, bid.cards, bid.suit, bid.strength)
    if standing != last:
        raise _fail("the standing bid is not the log's last bid of this attempt (R4.2)")
    trump, dealer = state.trump, state.dealer
    if trump is not None and dealer is not None:
        dealers = [e for e in events if isinstance(e, DealerSet)]
        suit = None if trump.suit is None else int(trump.suit)
        if not dealers or dealers[-1] != DealerSet(dealer, trump.level, suit):
            raise _fail("the dealer and the trump are those of the log's last DealerSet (R4.5)")
    # Where a shown card is now is not checked here: a counter-bidder may take a buried
    # shown card into its hand (R5.2), and the testing kit's state machine found valid
    # states under house rules that a stricter reading refused.


def _play_start(state: GameState, events: list[Event]) -> tuple[int, GameState]:
    """The state when play began (R6.1): a play position (GameState.for_play), whose log
    starts with its one ``DealerSet``, or a dealt state after its last burial."""
    trump, dealer = state.trump, state.dealer
    if state.phase not in (Phase.PLAYING, Phase.FINISHED) or trump is None or dealer is None:
        raise _fail("only a play position (from for_play) has no deck")
    suit = None if trump.suit is None else int(trump.suit)
    if state.deck:
        buried = max((i for i, e in enumerate(events) if isinstance(e, Buried)), default=-1)
        start = next(
            (i for i in range(buried + 1, len(events)) if isinstance(events[i], _PLAYS)),
            len(events),
        )
        if any(isinstance(e, _PLAY_EVENTS) for e in events[:start]):
            raise _fail("play events come after the kitty is buried (R5.1, R6.1)")
    else:
        start = 1
        if not events or events[0] != DealerSet(dealer, trump.level, suit):
            raise _fail("a play position's log starts with its DealerSet (dealer and trump)")
    dealers = [e for e in events[:start] if isinstance(e, DealerSet)]
    if not dealers or dealers[-1] != DealerSet(dealer, trump.level, suit):
        raise _fail("the dealer and the trump are not those of the log's last DealerSet (R4.5)")
    # Played cards go before the held ones: a play takes the first copy of a card, so the
    # replayed hands end in the state's order.
    played: list[list[Card]] = [[], [], [], []]
    for event in events[start:]:
        if isinstance(event, Played) and 0 <= event.seat <= 3:
            played[event.seat].extend(event.cards)
    held = [played[seat] + list(state.hands[seat]) for seat in range(4)]
    if not 1 <= len(held[0]) <= state.rules.hand_size:
        raise _fail(
            f"a play position starts with 1 to {state.rules.hand_size} cards a hand (R4.1, R7.1)"
        )
    if state.deck:
        base = state._advanced(phase=Phase.PLAYING, hands=tuple(tuple(h) for h in held))
    else:
        base = state._advanced(
            deal_number=0,
            attempt=0,
            opening=False,
            dealt=0,
            phase=Phase.PLAYING,
            hands=tuple(tuple(h) for h in held),
            bid=None,
            passes=0,
            counters=0,
            buried_by=dealer,
            redeal_asked=frozenset(),
        )
    base = base._advanced(
        turn=dealer,
        leader=dealer,
        trick=(),
        tricks=(),
        trick_points=0,
        failed_throws=(),
        events=_log_prefix(state.events, start),
        result=None,
    )
    return start, base


def _attempt_start(state: GameState, events: list[Event]) -> tuple[int, GameState]:
    """The state just after the current attempt's ``CardsDealt``, with the state's deck."""
    at = max((i for i, e in enumerate(events) if isinstance(e, CardsDealt)), default=-1)
    if at < 0:
        raise _fail("the event log does not say where this attempt's dealing began")
    dealt = events[at]
    assert isinstance(dealt, CardsDealt)
    if (dealt.deal_number, dealt.attempt) != (state.deal_number, state.attempt):
        raise _fail("deal_number and attempt disagree with the log's last CardsDealt (R4.1)")
    before = events[:at]
    dealers = [e.seat for e in before if isinstance(e, DealerSet)]
    dealer = dealers[-1] if dealers else (None if state.opening else dealt.first_seat)
    base = fresh_deal(
        state,
        deal_number=dealt.deal_number,
        attempt=dealt.attempt,
        levels=state.levels,
        no_trump_level=state.no_trump_level,
        dealer=dealer,
        opening=state.opening,
        redeal_asked=frozenset(e.seat for e in before if isinstance(e, RedealAsked)),
        events=_log_prefix(state.events, at),
        deck=state.deck,
    )
    if base.events.last != dealt:
        raise _fail("the log's last CardsDealt names the wrong first seat (R4.1)")
    return at + 1, base


def _replay(
    state: GameState,
    base: GameState,
    events: list[Event],
    start: int,
    kitties: list[Hand | None] | None,
) -> GameState | None:
    """``base`` moved by the actions ``events[start:]`` record (each event read once);
    ``kitties`` gives the cards of each burial in turn (None: a replay of the play alone).

    A kitty given as None is guessed: the burier buries again the last cards it holds (the
    kitty it took). After a guess, a refusal that another guess might have avoided (a seat
    not holding the cards it bids, buries or plays, a throw failing otherwise) proves
    nothing, and the replay gives None; a refusal of the rounds' structure (phase, turn,
    strength, what an event records) does not depend on the hidden cards and still raises.
    """
    s = base
    i = start
    first = base.turn  # where the dealing began (fresh_deal)
    burials = 0
    after_guess = False  # True once a guessed kitty was buried
    while i < len(events):
        event = events[i]
        if s.phase is Phase.DEALING and not (
            isinstance(event, Declared) and event.dealt <= s.dealt
        ):
            if s.dealt >= state.dealt and state.phase is Phase.DEALING:
                raise _fail(f"events[{i}] ({type(event).__name__}) comes after the cards dealt")
            action = "deal"
        elif isinstance(event, _ACTION_EVENTS):
            action = "act"
        else:
            raise _fail(f"events[{i}] ({type(event).__name__}) follows no action")
        cards: Hand | None = None
        if isinstance(event, Buried):
            if kitties is None or burials >= len(kitties):
                raise _fail(f"events[{i}] (Buried) comes after the play began (R5.1, R6.1)")
            cards = kitties[burials]
            burials += 1
            if cards is None:
                cards = s.hands[event.seat][-s.rules.kitty_size :] if 0 <= event.seat <= 3 else ()
                after_guess = True
        length = len(s.events)
        try:
            s = _act(s, state, event, first, cards) if action == "act" else s.deal_card()
        except TuolajiError as exc:
            if after_guess and _card_dependent(s, event):
                return None
            raise _fail(
                f"events[{i}] ({type(event).__name__}) is not a legal action here: "
                f"{cut(str(exc), 200)}"
            ) from None
        added = len(s.events) - length
        if added and events[i : i + added] != _newest(s.events, added):
            if after_guess and isinstance(event, _PLAYS):
                return None
            raise _fail(f"events[{i}] ({type(event).__name__}) is not what its action records")
        i += added
    while s.phase is Phase.DEALING and s.dealt < state.dealt:
        s = s.deal_card()
        if len(s.events) != len(events):
            raise _fail("the log lacks the events of the cards dealt")
    return s


def _act(s: GameState, state: GameState, event: Event, first: int, cards: Hand | None) -> GameState:
    """``s`` after the action ``event`` records (``cards``: a burial's cards)."""
    if isinstance(event, Declared):
        return _declare(s, state, event, first)
    if isinstance(event, Passed):
        return s.pass_(event.seat)
    if isinstance(event, RedealAsked):
        return s.ask_redeal(event.seat)
    if isinstance(event, Buried):
        assert cards is not None  # _replay found them
        return s.bury(event.seat, cards)
    if isinstance(event, ThrowFailed):
        return _failed_throw(s, event)
    assert isinstance(event, Played)  # _replay reads only _ACTION_EVENTS here
    return s.play(event.seat, event.cards)


def _declare(s: GameState, state: GameState, event: Declared, first: int) -> GameState:
    """Replay a bid. A bid made while the cards are dealt must show cards the seat holds by
    the end of the dealing so far, not necessarily at the bid's moment: a world sampled for a
    view (tuolaji.sample_world) keeps each seat's cards but not the order they arrived in,
    which nobody observes. From the last card on, the seat holds the shown cards now."""
    if not 0 <= event.seat <= 3:
        raise _fail(f"a Declared event's seat must be a seat 0..3, got {cut(event.seat)}")
    if s.phase is not Phase.DEALING:
        return s.declare(event.seat, event.cards)
    # The cards go out from the seat the attempt's CardsDealt names, whoever deals later.
    end = state.dealt if state.phase is Phase.DEALING else state.rules.dealt_cards
    held = _received(s.deck, first, event.seat, end)
    hands = s.hands
    widened = s._advanced(hands=tuple(held if n == event.seat else h for n, h in enumerate(hands)))
    return widened.declare(event.seat, event.cards)._advanced(hands=hands)


def _failed_throw(s: GameState, event: ThrowFailed) -> GameState:
    """Replay a failed throw (R6.3-R6.5): the seat held the whole throw, and the engine's own
    throw check ([`throw_failure`][tuolaji.state.playing.throw_failure]) against the replayed
    hands of the other seats finds it fails with the event's forced unit and, when
    Rules.throw_blocker_public, the seats the event names. A world sampled for a view keeps
    both (its sampler rejects the hidden cards that would change them)."""
    if s.trump is None or s.trick or not 0 <= event.seat <= 3:
        raise _fail("a failed throw leads a trick in play, by a seat 0..3 (R6.4)")
    if Counter(event.attempt) - Counter(s.hands[event.seat]):
        raise _fail(f"seat {event.seat} did not hold the throw it showed (R6.3)")
    table = s.trump.table
    others = [s._hand_ids((event.seat + i) % 4) for i in (1, 2, 3)]
    info = lead_info_ids([c.id for c in event.attempt], table)  # raises for a mixed lead (R6.2)
    if throw_failure(event.seat, event.attempt, info, others, rules=s.rules, table=table) != event:
        raise _fail(
            f"seat {event.seat}'s throw {cut(format_cards(event.attempt), 60)} does not fail "
            "against the other hands as the event says: forced unit and, when "
            "Rules.throw_blocker_public, the seats that could beat it (R6.3, R6.4)"
        )
    thrown = s._advanced(events=s.events.add(event), failed_throws=(*s.failed_throws, event.seat))
    return thrown.play(event.seat, event.forced)


def _newest(log: EventLog, count: int) -> list[Event]:
    """The last ``count`` events of ``log``, oldest first (walks ``count`` nodes)."""
    out: list[Event] = []
    for event in reversed(log):
        if len(out) == count:
            break
        out.append(event)
    out.reverse()
    return out


def _card_dependent(s: GameState, event: Event) -> bool:
    """Whether the refusal of ``event`` in ``s`` may come from which hidden cards a hand holds
    (so that another guess of a kitty might have avoided it), rather than from the rounds'
    structure."""
    if isinstance(event, _PLAYS):
        return True
    seat = getattr(event, "seat", -1)
    if not 0 <= seat <= 3:
        return False
    if isinstance(event, Buried):
        return s.phase is Phase.BURYING and s.turn == seat
    if isinstance(event, Declared):
        return not holds(s.hands[seat], event.cards)
    return False
