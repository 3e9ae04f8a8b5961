"""An oracle for bids (R4.2-R4.6, R5.2, R9.2), written from RULES.md alone, to check the engine's
``legal_actions`` and ``apply`` for :class:`~tuolaji.Declare`, and the kitty cards turned
when nobody bids.

It reads only a state's public fields (rules, phase, turn, standing bid, dealer, levels,
hands, events) and never calls ``tuolaji.core.bidding`` or ``tuolaji.state.auction``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from tuolaji import BIG_JOKER, SMALL_JOKER, Card, CardsDealt, Declared, GameState, Phase, Suit

ROUND_PHASES = {Phase.CLOSING, Phase.FIRST_COUNTERS, Phase.COUNTERS}
COUNTER_PHASES = {Phase.FIRST_COUNTERS, Phase.COUNTERS}


def team(seat: int) -> int:
    return seat % 2  # R1.3


def colour_joker(suit: Suit) -> Card:
    """R4.4: 大王只能报红主 (♥ ♦), 小王只能报黑主 (♠ ♣)."""
    return BIG_JOKER if suit in (Suit.HEARTS, Suit.DIAMONDS) else SMALL_JOKER


def first_bid_seat(state: GameState) -> int | None:
    """The seat of the earliest bid since the cards of this attempt were dealt."""
    seat = None
    for event in state.events:
        if isinstance(event, CardsDealt):
            seat = None
        elif isinstance(event, Declared) and seat is None:
            seat = event.seat
    return seat


def team_that_would_declare(state: GameState, seat: int) -> int:
    """R4.2: the team that would declare if a bid by ``seat`` stood (R4.4, R4.5, R5.2)."""
    rules = state.rules
    if state.dealer is None:
        # R4.5: the first deal. "first_bid": the first seat to bid deals.
        first = first_bid_seat(state)
        if rules.first_dealer == "first_bid" and first is not None:
            return team(first)
        return team(seat)
    if state.phase is Phase.FIRST_COUNTERS and rules.first_dealer == "winning_bid":
        return team(seat)  # R5.2 反主反打: the counter-bidder becomes the dealer
    attacker = team(seat) != team(state.dealer)
    if rules.bidding == "joker" and state.phase is Phase.CLOSING and attacker:
        return team(seat)  # R4.4 此时换庄家
    return team(state.dealer)


def meaning(cards: Sequence[Card], state: GameState, seat: int) -> tuple[int, Suit | None] | None:
    """R4.3 / R4.4: (strength, suit) of the shown cards, or None when they are no bid."""
    level = state.levels[team_that_would_declare(state, seat)]
    jokers = sorted(c.id for c in cards if c.is_joker)
    plain = [c for c in cards if not c.is_joker]
    if not plain:
        if jokers == [SMALL_JOKER.id] * 2:
            return 3, None
        if jokers == [BIG_JOKER.id] * 2:
            return 4, None
        return None
    if len(plain) > 2 or len(set(plain)) != 1 or plain[0].rank != level:
        return None
    suit = plain[0].suit
    assert suit is not None
    wanted = [colour_joker(suit).id] if state.rules.bidding == "joker" else []
    if jokers != wanted:
        return None
    return len(plain), suit


def stronger(new: int, old: int, state: GameState) -> bool:
    """R4.2: strictly stronger. House rule ``joker_pairs="equal"`` (seed 000 tournament names
    一对小王或大王 without an order): two joker pairs are equal, the first shown stands."""
    if state.rules.joker_pairs == "equal" and new >= 3 and old >= 3:
        return False
    return new > old


def is_reinforcement(state: GameState, seat: int, strength: int, suit: Suit | None) -> bool:
    """R4.3 定主: the standing bidder shows the pair of the level card it bid alone."""
    standing = state.bid
    return (
        standing is not None
        and standing.seat == seat
        and standing.strength == 1
        and strength == 2
        and suit == standing.suit
    )


def oracle_may_declare(state: GameState, seat: int, cards: Sequence[Card]) -> bool:
    """Whether ``Declare(seat, cards)`` is legal now, by the rule text."""
    phase = state.phase
    rules = state.rules
    if phase is not Phase.DEALING and phase not in ROUND_PHASES:
        return False  # R4.1: bids only while dealing, in the closing round and counter rounds
    if phase is not Phase.DEALING and state.turn != seat:
        return False
    if state.dealer is not None and state.no_trump_level[team(state.dealer)]:
        return False  # R9.2 top_level="no_trump": the no-trump level has no trump to name
    if Counter(cards) - Counter(state.hands[seat]):
        return False  # R4.2: cards the seat holds
    read = meaning(cards, state, seat)
    if read is None:
        return False
    strength, suit = read
    standing = state.bid
    if phase in COUNTER_PHASES:
        # R5.2: strength 2+, stronger than the standing bid, never the standing seat (unless
        # the house rule self_overturn lets a seat overturn itself).
        if strength < 2:
            return False
        if standing is not None and standing.seat == seat and not rules.self_overturn:
            return False
        return standing is None or stronger(strength, standing.strength, state)
    # House rule fix_trump="reinforce" (seed 000 tournament: 叫主 with one level card, 若再亮出
    # 同一花色级牌即为定主): a level pair is never the first bid of a deal.
    if standing is None and strength == 2 and rules.fix_trump == "reinforce":
        return False
    if rules.bidding == "joker":
        # R4.4: one declaration, strength 1 or 2; later deals: the dealer's team during the
        # deal, the attackers only in the closing round. With fix_trump="reinforce" the
        # declarer may still show its pair while the cards are dealt.
        if strength > 2:
            return False
        if standing is not None:
            return (
                rules.fix_trump == "reinforce"
                and phase is Phase.DEALING
                and is_reinforcement(state, seat, strength, suit)
            )
        if phase is Phase.DEALING and state.dealer is not None:
            return team(seat) == team(state.dealer)
        return True
    # R4.3 reveal: stronger; the standing seat only reinforces (1 -> pair, same suit), unless
    # self_overturn.
    if standing is None:
        return True
    if not stronger(strength, standing.strength, state):
        return False
    if standing.seat == seat and not rules.self_overturn:
        return is_reinforcement(state, seat, strength, suit)
    return True


def oracle_turned_kitty(kitty: Sequence[Card], level: int) -> tuple[list[int], Suit | None]:
    """R4.6 with ``no_bid_reveal="first_level_or_highest"``, from the rule text: the kitty
    indices turned up in order, and the trump. Cards are turned until one of the dealer's
    level (its suit is trump); with none, all eight are turned and the highest names the
    trump: a joker (no trump), else the highest rank, the first turned among equals."""
    turned: list[int] = []
    for i, card in enumerate(kitty):
        turned.append(i)
        if card.rank == level:
            return turned, card.suit
    if BIG_JOKER in kitty or SMALL_JOKER in kitty:
        return turned, None
    top = max(card.rank for card in kitty)
    return turned, next(card.suit for card in kitty if card.rank == top)
