"""House rules of bidding (issue 21, item 6 and 8): ``self_overturn``, ``joker_pairs``,
``fix_trump`` (R4.2-R4.4, R5.2) and ``no_bid_reveal="first_level_or_highest"`` (R4.6), each
value on a stacked deck, citing the seed sentence or the house rule it models; R4.6 also
against a reference written from the rule text."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import tuolaji as tl
from bid_oracle import oracle_turned_kitty
from tuolaji import Declare, GameState, Phase, TrumpRevealed
from tuolaji.core.cards import Rank, Suit
from tuolaji.testing import stacked_deck

C = tl.parse_cards


def deal(state: GameState, n: int = 108) -> GameState:
    for _ in range(n):
        if state.phase is not Phase.DEALING:
            break
        state = state.deal_card()
    return state


def close(state: GameState) -> GameState:
    while state.phase is Phase.CLOSING:
        state = state.pass_(state.to_act)
    return state


def first_deal(rules: tl.Rules, hands: list[str]) -> GameState:
    return GameState.new(rules, seed=1, deck=stacked_deck(hands))


def bids(state: GameState, seat: int) -> list[tuple[tl.Card, ...]]:
    return [a.cards for a in state.legal_actions(seat) if isinstance(a, Declare)]


TUOLAJI = tl.RULESETS["tuolaji"]
SHUANGSHENG = tl.RULESETS["shuangsheng"]


# --- self_overturn (R4.2, R5.2) ----------------------------------------------------------------


@pytest.mark.parametrize("self_overturn", [False, True])
def test_r4_2_self_overturn_a_seat_overturns_its_own_single_with_another_pair(
    self_overturn: bool,
) -> None:
    """Seed 000: 自已叫主后本人不能再翻主 (``self_overturn=False``, every preset); the house
    rule ``True`` lets seat 1, standing on ♥2, overturn itself with ♠2♠2."""
    rules = attrs.evolve(TUOLAJI, self_overturn=self_overturn)
    s = deal(first_deal(rules, ["", "2H 2S 2S"]), 12).declare(1, C("2H"))
    assert (C("2S 2S") in bids(s, 1)) == self_overturn
    if not self_overturn:
        with pytest.raises(tl.IllegalAction) as info:
            s.declare(1, C("2S 2S"))
        assert info.value.rule == "R4.2" and "its own standing bid" in str(info.value)
        return
    s = s.declare(1, C("2S 2S"))
    assert s.bid is not None and (s.bid.seat, s.bid.suit, s.bid.strength) == (1, Suit.SPADES, 2)
    assert close(deal(s)).trump == tl.Trump(Rank.TWO, Suit.SPADES)


@pytest.mark.parametrize("self_overturn", [False, True])
def test_r5_2_self_overturn_the_standing_bidder_counters_itself(self_overturn: bool) -> None:
    """Seed 002: 报主玩家也可参与反主, 但必须在有其他玩家先进行反主的前提下 (False); with the
    house rule the declarer of ♠2 may counter itself with a pair of small jokers."""
    rules = attrs.evolve(SHUANGSHENG, self_overturn=self_overturn)
    s = GameState.new(
        rules, seed=1, dealer=0, deal_number=3, deck=stacked_deck(["2S SJ SJ"], first_seat=0)
    )
    s = deal(deal(s, 5).declare(0, C("2S SJ")))
    while s.phase is Phase.WEAK_HAND:
        s = s.pass_(s.to_act)
    s = s.bury(0, s.hands[0][-8:]).pass_(1).pass_(2).pass_(3)
    assert s.phase is Phase.COUNTERS and s.to_act == 0
    assert (C("SJ SJ") in bids(s, 0)) == self_overturn
    if self_overturn:
        s = s.declare(0, C("SJ SJ"))
        assert s.bid is not None and s.bid.strength == 3 and s.trump is not None
        assert s.trump.suit is None and s.counters == 1
    else:
        with pytest.raises(tl.IllegalAction) as info:
            s.declare(0, C("SJ SJ"))
        assert info.value.rule == "R5.2"


# --- joker_pairs (R4.3, R4.4) ------------------------------------------------------------------


@pytest.mark.parametrize(("order", "overturns"), [("big_over_small", True), ("equal", False)])
def test_r4_3_joker_pairs_big_jokers_over_small_jokers(order: str, overturns: bool) -> None:
    """R4.3 (strength 3 < 4; seed 002: 大王>小王>对级牌) against seed 000 tournament, which
    names 一对小王或大王 without an order: with ``"equal"`` the first shown stands
    (以先出现者为准), so seat 2's big jokers do not overturn seat 1's small jokers."""
    rules = attrs.evolve(TUOLAJI, joker_pairs=order)  # type: ignore[arg-type]
    s = deal(first_deal(rules, ["", "SJ SJ", "BJ BJ"]), 8).declare(1, C("SJ SJ"))
    assert (C("BJ BJ") in bids(s, 2)) == overturns
    if overturns:
        assert s.declare(2, C("BJ BJ")).bid == tl.Bid(2, C("BJ BJ"), None, 4)
    else:
        with pytest.raises(tl.IllegalAction) as info:
            s.declare(2, C("BJ BJ"))
        assert info.value.rule == "R4.2" and "earlier bid" in str(info.value)
    # Either way a joker pair overturns a level pair, and small jokers after big ones never win.
    s = deal(first_deal(rules, ["2H 2H", "BJ BJ", "SJ SJ"]), 8).declare(0, C("2H 2H"))
    s = s.declare(1, C("BJ BJ"))
    assert C("SJ SJ") not in bids(s, 2)


@pytest.mark.parametrize("order", ["big_over_small", "equal"])
def test_r5_2_joker_pairs_order_the_counters(order: str) -> None:
    """Seed 002 反主: 反主顺序须按照大王>小王>对级牌 (``"big_over_small"``); with ``"equal"``
    a counter with small jokers is not countered again with big jokers."""
    rules = attrs.evolve(SHUANGSHENG, joker_pairs=order)  # type: ignore[arg-type]
    # Nobody declares; the third kitty card ♣3 (both copies in the kitty) makes clubs trump.
    deck = stacked_deck(["", "SJ SJ", "BJ BJ"], "3D 4D 3C 3C", first_seat=0)
    s = close(deal(GameState.new(rules, seed=1, dealer=0, deal_number=3, deck=deck)))
    while s.phase is Phase.WEAK_HAND:
        s = s.pass_(s.to_act)
    s = s.bury(0, s.hands[0][-8:])
    s = s.declare(1, C("SJ SJ"))
    s = s.bury(1, [c for c in s.hands[1] if not c.is_joker][:8])
    assert s.phase is Phase.COUNTERS and s.to_act == 2
    assert (C("BJ BJ") in bids(s, 2)) == (order == "big_over_small")


# --- fix_trump (R4.3, R4.4) --------------------------------------------------------------------


@pytest.mark.parametrize("fix", ["at_once", "reinforce"])
def test_r4_3_fix_trump_a_level_pair_as_the_first_bid(fix: str) -> None:
    """Seed 002 定主: 当玩家进行报主时, 可将这对级牌同相应王一起亮出 (``"at_once"``) against
    seed 000 tournament: 亮出任一花色级牌叫主, 若再亮出同一花色级牌即为定主 (``"reinforce"``:
    ♥2♥2 is no first bid; ♥2 and then the second ♥2 fix hearts)."""
    rules = attrs.evolve(TUOLAJI, fix_trump=fix)  # type: ignore[arg-type]
    s = deal(first_deal(rules, ["2H 2H", "2S 2S"]), 8)
    assert (C("2H 2H") in bids(s, 0)) == (fix == "at_once")
    if fix == "reinforce":
        with pytest.raises(tl.IllegalAction) as info:
            s.declare(0, C("2H 2H"))
        assert info.value.rule == "R4.3" and "reinforce" in str(info.value)
    s = s.declare(0, C("2H"))
    assert bids(s, 0) == [C("2H 2H")]  # the reinforcement, under both values
    # Another seat's pair still overturns a single (翻主时必须用一对同花色的本局级牌).
    assert s.declare(1, C("2S 2S")).bid == tl.Bid(1, C("2S 2S"), Suit.SPADES, 2)
    fixed = s.declare(0, C("2H 2H"))
    assert fixed.bid is not None and fixed.bid.strength == 2


@pytest.mark.parametrize("fix", ["at_once", "reinforce"])
def test_r4_4_fix_trump_in_the_joker_system_the_declarer_reinforces_while_dealing(
    fix: str,
) -> None:
    """R4.4 with the house rule: a declaration is ♠2 with the small joker; under
    ``"reinforce"`` the declarer shows the second ♠2 while the cards are dealt (定主), and
    nobody else bids; under ``"at_once"`` (seed 002) the pair goes with the first showing."""
    rules = attrs.evolve(SHUANGSHENG, fix_trump=fix)  # type: ignore[arg-type]
    s = deal(first_deal(rules, ["2S 2S SJ", "2H BJ"]), 12)
    assert (C("2S 2S SJ") in bids(s, 0)) == (fix == "at_once")
    s = s.declare(0, C("2S SJ"))
    assert bids(s, 1) == []
    assert bids(s, 0) == ([C("2S 2S SJ")] if fix == "reinforce" else [])
    if fix == "reinforce":
        s = s.declare(0, C("2S 2S SJ"))
        assert s.bid is not None and (s.bid.seat, s.bid.strength) == (0, 2)
    s = deal(s)
    assert s.phase is Phase.WEAK_HAND and s.trump == tl.Trump(Rank.TWO, Suit.SPADES)


# --- no_bid_reveal="first_level_or_highest" (R4.6) ---------------------------------------------


def later_no_bid(rules: tl.Rules, kitty: str, dealer: int = 0) -> GameState:
    deck = stacked_deck([], kitty, first_seat=dealer)
    s = GameState.new(
        rules, seed=1, dealer=dealer, deal_number=2, deck=deck, levels=(Rank.SEVEN, Rank.FIVE)
    )
    return close(deal(s))


FIRST_LEVEL = attrs.evolve(TUOLAJI, no_bid_reveal="first_level_or_highest")


def test_r4_6_first_level_turns_cards_until_a_level_card() -> None:
    """House rule: turn the kitty's cards until a level card; at level 7, ♠3 ♥K ♦7: the ♦7
    makes diamonds trump, and the three turned cards are public."""
    s = later_no_bid(FIRST_LEVEL, "3S KH 7D 7S AC")
    turned = [e for e in s.events if isinstance(e, TrumpRevealed)]
    assert turned == [
        TrumpRevealed(0, tl.Card.parse("3S")),
        TrumpRevealed(1, tl.Card.parse("KH")),
        TrumpRevealed(2, tl.Card.parse("7D")),
    ]
    assert s.dealer == 0 and s.trump == tl.Trump(Rank.SEVEN, Suit.DIAMONDS)


def test_r4_6_first_level_without_a_level_card_takes_the_highest() -> None:
    """No 7 in the kitty: all eight are turned and the highest names the trump (♣A; the
    first of equal ranks)."""
    s = later_no_bid(FIRST_LEVEL, "3S KH 4D AC AH 5S 6S 8S")
    turned = [e for e in s.events if isinstance(e, TrumpRevealed)]
    assert [e.index for e in turned] == list(range(8))
    assert s.trump == tl.Trump(Rank.SEVEN, Suit.CLUBS)


def test_r4_6_first_level_a_joker_is_the_highest_and_means_no_trump() -> None:
    s = later_no_bid(FIRST_LEVEL, "3S KH SJ AC AH 5S 6S 8S")
    assert s.trump == tl.Trump(Rank.SEVEN, None)


def test_r4_6_a_fixed_index_turns_one_card() -> None:
    s = later_no_bid(attrs.evolve(TUOLAJI, no_bid_reveal=1), "3S KH 7D")
    assert [e for e in s.events if isinstance(e, TrumpRevealed)] == [
        TrumpRevealed(1, tl.Card.parse("KH"))
    ]
    assert s.trump == tl.Trump(Rank.SEVEN, Suit.HEARTS)


@given(st.integers(0, 2**32 - 1), st.sampled_from(["keep", "twin"]))
def test_r4_6_first_level_or_highest_agrees_with_the_reference(seed: int, dealer: str) -> None:
    rng = random.Random(seed)
    # A weak-hand round (R4.7) keeps the kitty apart while the views are checked.
    rules = attrs.evolve(
        FIRST_LEVEL,
        no_bid_dealer=dealer,  # type: ignore[arg-type]
        weak_hand_redeal=15,
    )
    deck = list(tl.full_deck())
    rng.shuffle(deck)
    dealer_seat = rng.randrange(4)
    levels = (Rank(rng.randrange(2, 15)), Rank(rng.randrange(2, 15)))
    s = GameState.new(
        rules, seed=seed, dealer=dealer_seat, deal_number=1, deck=tuple(deck), levels=levels
    )
    while s.phase is Phase.DEALING:
        s = s.deal_card()
    kitty = s.kitty
    s = close(s)
    turned, suit = oracle_turned_kitty(kitty, levels[dealer_seat % 2])
    events = [e for e in s.events if isinstance(e, TrumpRevealed)]
    assert [(e.index, e.card) for e in events] == [(i, kitty[i]) for i in turned]
    assert s.trump is not None and s.trump.suit == suit
    # Every seat sees the turned cards; a world sampled for a view keeps them in the kitty.
    assert s.phase is Phase.WEAK_HAND
    world = tl.sample_world(s.view((dealer_seat + 1) % 4), random.Random(seed))
    assert [world.kitty[i] for i in turned] == [kitty[i] for i in turned]
    assert GameState.from_json(s.to_json()) == s
    assert GameState.from_text(s.to_text()) == s


@given(
    st.integers(0, 2**32 - 1),
    st.sampled_from([0, 4, 8]),
    st.sampled_from([0, 1, 3, 7, "first_level_or_highest"]),
    st.sampled_from(["keep", "twin"]),
)
def test_r4_6_the_turned_kitty_agrees_with_the_reference_for_each_kitty_size(
    seed: int, size: int, reveal: int | str, dealer: str
) -> None:
    """R4.6 under each Rules.kitty_size (R4.1): nobody bids in a later deal; the cards
    turned and the trump are the reference's, written from the rule text (no kitty: nothing
    turned, no trump suit, the dealer stays); the kitty turned is the deck's last ``size``
    cards."""
    rng = random.Random(seed)
    if isinstance(reveal, int) and size:
        reveal %= size
    if isinstance(reveal, str):
        dealer = "keep"  # R4.6: a kitty search with the twin rule is refused by Rules
    rules = attrs.evolve(
        TUOLAJI,
        kitty_size=size,
        no_bid_reveal=reveal,  # type: ignore[arg-type]
        no_bid_dealer=dealer,  # type: ignore[arg-type]
    )
    deck = list(tl.full_deck())
    rng.shuffle(deck)
    dealer_seat = rng.randrange(4)
    levels = (Rank(rng.randrange(2, 15)), Rank(rng.randrange(2, 15)))
    s = GameState.new(
        rules, seed=seed, dealer=dealer_seat, deal_number=1, deck=tuple(deck), levels=levels
    )
    s = deal(s)
    kitty = s.kitty
    assert kitty == tuple(deck[108 - size :])
    s = close(s)
    turned, suit = oracle_turned_kitty(kitty, levels[dealer_seat % 2], reveal)
    events = [e for e in s.events if isinstance(e, TrumpRevealed)]
    assert [(e.index, e.card) for e in events] == [(i, kitty[i]) for i in turned]
    assert s.trump is not None and s.trump.suit == suit
    if not size:
        assert s.dealer == dealer_seat
    assert GameState.from_json(s.to_json()) == s
