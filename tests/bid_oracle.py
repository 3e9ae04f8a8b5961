"""An oracle for bids (R4.2-R4.6; R5.2 counter-bids and kitty theft; R9.2), written from
RULES.md alone (and, for the house rules of the order of bids, from docs/house-rules.md's
text), to check the engine's ``legal_actions`` and ``apply`` for :class:`~tuolaji.Declare`,
whether a round of counters follows a burial, and the kitty cards turned when nobody bids.

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
    """R4.3 / R4.4: (strength, suit) of the shown cards, or None when they are no bid.
    House rule ``joker_bids``: ``"none"``, jokers never bid alone; ``"single_big_no_trump"``,
    one big joker bids no trump (strength 1, the weakest strength; see `tier`)."""
    level = state.levels[team_that_would_declare(state, seat)]
    jokers = sorted(c.id for c in cards if c.is_joker)
    plain = [c for c in cards if not c.is_joker]
    joker_bids = state.rules.joker_bids
    if not plain:
        if joker_bids == "none":
            return None
        if jokers == [SMALL_JOKER.id] * 2:
            return 3, None
        if jokers == [BIG_JOKER.id] * 2:
            return 4, None
        if jokers == [BIG_JOKER.id] and joker_bids == "single_big_no_trump":
            return 1, None
        return None
    if len(plain) > 2 or len(set(plain)) != 1 or plain[0].rank != level:
        return None
    suit = plain[0].suit
    assert suit is not None
    wanted = [colour_joker(suit).id] if state.rules.bidding == "joker" else []
    if jokers != wanted:
        return None
    return len(plain), suit


def tier(strength: int, suit: Suit | None, state: GameState) -> float:
    """How strong a bid is, by the rule text and the house rules: one level card 1, one big
    joker 1.5 (``joker_bids="single_big_no_trump"``: stronger than one level card, weaker than
    every pair), a level pair 2, small jokers 3, big jokers 4; ``joker_pairs="equal"``: both
    joker pairs 3; ``pair_bids_equal`` (以上后三条以先出现者为准): every pair 2, and (the online
    app, whose bids rank by their number of cards) one big joker 1, as one level card."""
    rules = state.rules
    if rules.pair_bids_equal:
        return 1.0 if strength == 1 else 2.0
    if strength == 1:
        return 1.5 if suit is None else 1.0
    if strength >= 3 and rules.joker_pairs == "equal":
        return 3.0
    return float(strength)


def stronger(new: tuple[int, Suit | None], old: tuple[int, Suit | None], state: GameState) -> bool:
    """R4.2: strictly stronger (equal: the first shown stands). House rule
    ``overturn_by_suit``: between two pairs of level cards the higher suit in the order
    ♦ ♣ ♥ ♠ is stronger."""
    a, b = tier(*new, state), tier(*old, state)
    if a != b:
        return a > b
    level_pairs = new[0] == old[0] == 2 and new[1] is not None and old[1] is not None
    if state.rules.overturn_by_suit and level_pairs:
        order = [Suit.DIAMONDS, Suit.CLUBS, Suit.HEARTS, Suit.SPADES]
        assert new[1] is not None and old[1] is not None
        return order.index(new[1]) > order.index(old[1])
    return False


def is_reinforcement(state: GameState, seat: int, strength: int, suit: Suit | None) -> bool:
    """R4.3 定主: the standing bidder shows the second copy of the one card it bid alone (the
    level card's pair; or, with one big joker bidding, both big jokers)."""
    standing = state.bid
    if standing is None or standing.seat != seat or standing.strength != 1:
        return False
    if standing.suit is None:
        return strength == 4
    return strength == 2 and suit == standing.suit


def reinforces_after_overturn(
    state: GameState, seat: int, strength: int, suit: Suit | None
) -> bool:
    """House rule ``reinforce_after_overturn`` (the online app): the seat's last bid of this
    attempt was one level card, another seat's bid now stands, and the seat shows that card's
    pair: it may then take a standing bid of level cards as strong as its pair (never a joker
    bid)."""
    standing = state.bid
    if not state.rules.reinforce_after_overturn or standing is None or standing.seat == seat:
        return False
    last = None
    for event in state.events:
        if isinstance(event, CardsDealt):
            last = None
        elif isinstance(event, Declared) and event.seat == seat:
            last = event
    plain = [] if last is None else [c for c in last.cards if not c.is_joker]
    if len(plain) != 1:
        return False  # the last bid was no single level card (R4.4: its joker aside)
    return (
        strength == 2
        and suit == plain[0].suit
        and standing.suit is not None
        and standing.strength in (1, 2)
    )


def beats(state: GameState, seat: int, strength: int, suit: Suit | None) -> bool:
    """The new bid may replace the standing one as far as strength goes (R4.2)."""
    standing = state.bid
    assert standing is not None
    if reinforces_after_overturn(state, seat, strength, suit):
        return True
    return stronger((strength, suit), (standing.strength, standing.suit), state)


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
    if (
        rules.bidding == "joker"
        and phase is Phase.CLOSING
        and state.dealer is not None
        and team(seat) != team(state.dealer)
        and state.no_trump_level[team(seat)]
    ):
        return False  # R4.4 an attacker's closing declaration takes the deal; R9.2: not on NT
    if Counter(cards) - Counter(state.hands[seat]):
        return False  # R4.2: cards the seat holds
    read = meaning(cards, state, seat)
    if read is None:
        return False
    strength, suit = read
    standing = state.bid
    if phase in COUNTER_PHASES and rules.kitty_theft == "none":
        # R5.2: strength 2+, stronger than the standing bid, never the standing seat (unless
        # the house rule self_overturn lets a seat overturn itself).
        if strength < 2:
            return False
        if standing is not None and standing.seat == seat and not rules.self_overturn:
            return False
        return standing is None or beats(state, seat, strength, suit)
    # House rule fix_trump="reinforce" (seed 000 tournament: 叫主 with one level card, 若再亮出
    # 同一花色级牌即为定主): a level pair is never the first bid of a deal.
    if standing is None and strength == 2 and rules.fix_trump == "reinforce":
        return False
    if rules.bidding == "joker" and phase not in COUNTER_PHASES:
        # R4.4: one declaration, strength 1 or 2; later deals: the dealer's team during the
        # deal, the attackers only in the closing round. With fix_trump="reinforce" the
        # declarer may still show its pair while the cards are dealt, and after the last card
        # (the window includes it; the online app allows it until the kitty is taken): the
        # closing round is then its turn alone (checked above).
        if strength > 2:
            return False
        if standing is not None:
            return rules.fix_trump == "reinforce" and is_reinforcement(state, seat, strength, suit)
        if phase is Phase.DEALING and state.dealer is not None:
            return team(seat) == team(state.dealer)
        return True
    # R4.3 reveal, and a kitty theft (炒地皮, R5.2) in either system: stronger; the standing
    # seat only reinforces (1 -> pair, same suit), unless self_overturn.
    if standing is None:
        return True
    if not beats(state, seat, strength, suit):
        return False
    if standing.seat == seat and not rules.self_overturn:
        return is_reinforcement(state, seat, strength, suit)
    return True


def oracle_round_after_burial(state: GameState) -> bool:
    """R5.2: whether a round of counters follows a burial in ``state`` (the state just before
    the burial): counter-bids (反主炒底 of 双升) in a deal that is not the match's first;
    kitty theft (炒地皮, the online app) in every deal with a standing bid, never after a trump
    turned from the kitty; neither on the no-trump level (R9.2)."""
    rules = state.rules
    if state.dealer is not None and state.no_trump_level[team(state.dealer)]:
        return False  # R9.2: a deal on the no-trump level has no trump a counter could name
    if rules.kitty_theft == "every_deal":
        return state.bid is not None
    return rules.counter_bids and not state.opening


def oracle_turned_kitty(
    kitty: Sequence[Card], level: int, reveal: int | str = "first_level_or_highest"
) -> tuple[list[int], Suit | None]:
    """R4.6 when nobody bids, from the rule text: the kitty indices turned up in order, and
    the trump. With no kitty (R4.1, ``Rules.kitty_size`` 0) nothing is turned and there is no
    trump suit. A kitty index ``reveal`` turns that card: its suit, a joker no trump. With
    ``"first_level_or_highest"`` cards are turned until one of the dealer's level (its suit is
    trump); with none, all are turned and the highest names the trump: a joker (no trump),
    else the highest rank, the first turned among equals. ``"first_level_joker_stops"`` (the
    online app): turning also stops at a joker (no trump); with neither, the highest suit in
    the kitty is trump, ♣ < ♦ < ♠ < ♥ (the app's kitty is sorted as the cards of a no-trump
    deal, suit first)."""
    if not kitty:
        return [], None
    if isinstance(reveal, int):
        return [reveal], kitty[reveal].suit
    rule = reveal
    turned: list[int] = []
    for i, card in enumerate(kitty):
        turned.append(i)
        if card.rank == level:
            return turned, card.suit
        if rule == "first_level_joker_stops" and card.is_joker:
            return turned, None
    if rule == "first_level_joker_stops":
        order = [Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES, Suit.HEARTS]
        return turned, max((c.suit for c in kitty if c.suit is not None), key=order.index)
    if BIG_JOKER in kitty or SMALL_JOKER in kitty:
        return turned, None
    top = max(card.rank for card in kitty)
    return turned, next(card.suit for card in kitty if card.rank == top)


def oracle_reinforcer(state: GameState) -> int | None:
    """R4.4 with ``fix_trump="reinforce"``, from the rule text: when the last card of a
    joker-system deal is dealt while a declaration of one level card stands, its declarer
    alone gets a turn (to show its pair, 定主, or pass), whatever it holds. The seat of that
    turn for a state whose declaration stands, else None."""
    rules, bid = state.rules, state.bid
    if rules.bidding != "joker" or rules.fix_trump != "reinforce":
        return None
    if bid is None or bid.strength != 1:
        return None
    return bid.seat
