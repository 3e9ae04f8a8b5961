"""House rules of bidding (issue 21, item 6 and 8): ``self_overturn``, ``joker_pairs``,
``fix_trump`` (R4.2-R4.4, R5.2) and ``no_bid_reveal`` ``"first_level_or_highest"`` and
``"first_level_joker_stops"`` (R4.6), each
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
from tuolaji.core.rules import RULE_FIELDS
from tuolaji.state.codec import from_data, to_data
from tuolaji.testing import check_round_trips, check_state, check_views, stacked_deck
from tuolaji.testing.soak import soak_deal

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


def last_card_deck(last: str = "2S") -> tuple[tl.Card, ...]:
    """Seat 3 (first seat 0) is dealt ♠2 and the small joker early and ``last`` as the 100th
    card, its 25th; the card ``last`` replaces goes to the place ``last`` had."""
    deck = list(stacked_deck(["", "", "", "2S SJ"]))
    (card,) = C(last)
    other = next(i for i, c in enumerate(deck) if c == card and i not in (3, 99))
    deck[other], deck[99] = deck[99], deck[other]
    return tuple(deck)


def last_card_deck_without_the_pair() -> tuple[tl.Card, ...]:
    """`last_card_deck` with the 100th card and the first kitty card swapped: the second ♠2
    lies in the kitty, and seat 3 is dealt the kitty's first card last instead."""
    deck = list(last_card_deck())
    deck[99], deck[100] = deck[100], deck[99]
    return tuple(deck)


def reinforce_turn(rules: tl.Rules, deck: tuple[tl.Card, ...]) -> GameState:
    """Seat 3 declares ♠2 with the small joker on its second card; every card is dealt."""
    s = deal(GameState.new(rules, seed=1, deck=deck), 8).declare(3, C("2S SJ"))
    return deal(s)


REINFORCE = attrs.evolve(SHUANGSHENG, fix_trump="reinforce")


def test_r4_4_fix_trump_reinforce_the_last_dealt_card_still_fixes_the_trump() -> None:
    """The reinforcement window includes the last dealt card (the online app allows
    reinforcing until the kitty is taken): seat 3's second ♠2 is the 100th card, and it gets
    one turn, alone, to show ♠2♠2 with the small joker (定主) before bidding closes."""
    s = reinforce_turn(REINFORCE, last_card_deck())
    assert s.phase is Phase.CLOSING and s.to_act == 3 and s.bid is not None
    check_state(s)
    check_round_trips(s)
    check_views(s, random.Random(3))
    assert set(s.legal_actions(3)) == {tl.Pass(3), Declare(3, C("2S 2S SJ"))}
    assert all(not s.legal_actions(seat) for seat in range(3))
    fixed = s.declare(3, C("2S 2S SJ"))
    assert fixed.bid is not None and (fixed.bid.seat, fixed.bid.strength) == (3, 2)
    assert fixed.phase is Phase.WEAK_HAND and fixed.trump == tl.Trump(Rank.TWO, Suit.SPADES)
    passed = s.pass_(3)
    assert passed.phase is Phase.WEAK_HAND and passed.bid == s.bid
    # "at_once" (双升) has no reinforcement: bidding closes with the last card, as before.
    at_once = reinforce_turn(SHUANGSHENG, last_card_deck())
    assert at_once.phase is Phase.WEAK_HAND and at_once.bid == s.bid


def test_r4_4_the_reinforcement_turn_tells_nothing() -> None:
    """The turn after the last card is given whatever the declarer holds: with ♠2 dealt last
    or left in the kitty, the other seats' views are the same (only the declarer may show
    the pair)."""
    holds = reinforce_turn(REINFORCE, last_card_deck("2S"))
    lacks = reinforce_turn(REINFORCE, last_card_deck_without_the_pair())
    assert lacks.phase is Phase.CLOSING and lacks.to_act == 3
    assert list(lacks.legal_actions(3)) == [tl.Pass(3)]
    for seat in range(3):
        assert holds.view(seat) == lacks.view(seat)


def test_r4_3_fix_trump_reinforce_in_the_closing_round_of_the_reveal_system() -> None:
    """R4.3 had the window already: its closing round gives every seat a turn, so the bidder of
    ♠2 whose second ♠2 came last fixes the trump in its turn."""
    rules = attrs.evolve(TUOLAJI, fix_trump="reinforce")
    s = deal(GameState.new(rules, seed=1, deck=last_card_deck()), 8).declare(3, C("2S"))
    s = deal(s)
    while s.to_act != 3:
        s = s.pass_(s.to_act)
    assert Declare(3, C("2S 2S")) in s.legal_actions(3)
    fixed = s.declare(3, C("2S 2S"))
    assert fixed.bid is not None and fixed.bid.strength == 2


# --- joker_bids (R4.3, R4.4, R5.2) -------------------------------------------------------------


def test_r4_3_joker_bids_one_big_joker_bids_no_trump_above_a_single_below_a_pair() -> None:
    """The online app (one big joker bids with two decks): under ``"single_big_no_trump"``
    seat 2's BJ overturns seat 1's ♥2 (no trump, strength 1, ranked above one level card),
    and seat 3's ♠2♠2 overturns the big joker (every pair is stronger)."""
    rules = attrs.evolve(TUOLAJI, joker_bids="single_big_no_trump")
    s = deal(first_deal(rules, ["", "2H", "BJ", "2S 2S"]), 8).declare(1, C("2H"))
    assert C("BJ") in bids(s, 2)
    s = s.declare(2, C("BJ"))
    assert s.bid == tl.Bid(2, C("BJ"), None, 1)
    assert GameState.from_json(s.to_json()) == s and GameState.from_text(s.to_text()) == s
    assert C("2H") not in bids(s, 1)  # one level card never overturns the big joker
    assert s.declare(3, C("2S 2S")).bid == tl.Bid(3, C("2S 2S"), Suit.SPADES, 2)
    closed = close(deal(s))  # the big joker stands; the first bidder deals (先亮者为庄家)
    assert closed.dealer == 1 and closed.trump == tl.Trump(Rank.TWO, None)


def test_r4_3_joker_bids_pairs_one_big_joker_is_no_bid() -> None:
    """The seeds (``"pairs"``, the default): one big joker is not a bid."""
    s = deal(first_deal(TUOLAJI, ["", "BJ"]), 4)
    assert C("BJ") not in bids(s, 1)
    with pytest.raises(tl.IllegalAction) as info:
        s.declare(1, C("BJ"))
    assert info.value.rule == "R4.3" and "is not a bid" in str(info.value)


def test_r4_3_joker_bids_the_second_big_joker_reinforces_the_first() -> None:
    """The big joker's bidder shows the second big joker as its reinforcement (not an own
    overturn, R4.2): strength 4; the other seat's small jokers no longer overturn."""
    rules = attrs.evolve(TUOLAJI, joker_bids="single_big_no_trump")
    s = deal(first_deal(rules, ["BJ BJ", "SJ SJ"]), 1).declare(0, C("BJ"))
    s = deal(s, 7)
    assert C("BJ BJ") in bids(s, 0)
    s = s.declare(0, C("BJ BJ"))
    assert s.bid == tl.Bid(0, C("BJ BJ"), None, 4)
    assert bids(s, 1) == []


def test_r5_2_joker_bids_one_big_joker_is_no_counter() -> None:
    """R5.2: a counter shows a pair; one big joker is weaker than every pair."""
    rules = attrs.evolve(TUOLAJI, joker_bids="single_big_no_trump", counter_bids=True)
    s = close(deal(deal(first_deal(rules, ["2H", "BJ"]), 4).declare(0, C("2H"))))
    assert s.phase is Phase.FIRST_COUNTERS and s.to_act == 1
    assert C("BJ") not in bids(s, 1)
    with pytest.raises(tl.IllegalAction) as info:
        s.declare(1, C("BJ"))
    assert info.value.rule == "R5.2"


@pytest.mark.parametrize("rules", [TUOLAJI, SHUANGSHENG], ids=["reveal", "joker"])
def test_r4_3_joker_bids_none_no_joker_pair_bids(rules: tl.Rules) -> None:
    """``"none"``: jokers never bid, so no bid names no trump; in the joker system (R4.4) the
    jokers still back the suit bids."""
    rules = attrs.evolve(rules, joker_bids="none")
    s = deal(first_deal(rules, ["SJ SJ 2S", "BJ BJ 2H"]), 12)
    assert C("SJ SJ") not in bids(s, 0) and C("BJ BJ") not in bids(s, 1)
    with pytest.raises(tl.IllegalAction) as info:
        s.declare(1, C("BJ BJ"))
    assert "is not a bid" in str(info.value) and "joker_bids='none'" in str(info.value)
    if rules.bidding == "joker":
        assert C("2S SJ") in bids(s, 0) and C("2H BJ") in bids(s, 1)


def test_r4_4_joker_bids_one_big_joker_is_refused_in_the_joker_system() -> None:
    with pytest.raises(tl.ConfigurationError) as info:
        attrs.evolve(SHUANGSHENG, joker_bids="single_big_no_trump")
    text = str(info.value)
    assert "Rules.joker_bids" in text and "Rules.bidding" in text and "R4.4" in text


# --- reinforce_after_overturn (R4.2) -----------------------------------------------------------


@pytest.mark.parametrize("on", [False, True])
def test_r4_2_reinforce_after_overturn_the_second_copy_takes_an_equal_pair(on: bool) -> None:
    """The online app's tracker: "you bid spade king, opponent bids two heart kings, you can
    choose to bid a second spade king to overturn". Seat 1 bids ♠2, seat 2 overturns with
    ♥2♥2; seat 1's second ♠2 takes the bid only under ``reinforce_after_overturn``."""
    rules = attrs.evolve(TUOLAJI, reinforce_after_overturn=on)
    s = deal(first_deal(rules, ["", "2S 2S", "2H 2H"]), 2).declare(1, C("2S"))
    s = deal(s, 5).declare(2, C("2H 2H"))  # seat 1 holds its second ♠2 by now
    assert (C("2S 2S") in bids(s, 1)) == on
    if not on:
        with pytest.raises(tl.IllegalAction) as info:
            s.declare(1, C("2S 2S"))
        assert info.value.rule == "R4.2" and "earlier bid" in str(info.value)
        return
    s = s.declare(1, C("2S 2S"))
    assert s.bid == tl.Bid(1, C("2S 2S"), Suit.SPADES, 2)
    # Seat 2's last bid is a pair: nothing to reinforce. The app would let it show ♥2♥2 again
    # (and seat 1 its ♠2♠2 after, with no end); tuolaji keeps every deal's bidding bounded
    # (issue #42, docs/house-rules.md "The online preset").
    assert bids(s, 2) == []
    assert close(deal(s)).trump == tl.Trump(Rank.TWO, Suit.SPADES)


def test_r4_2_reinforce_after_overturn_never_takes_a_joker_pair() -> None:
    """A joker pair stands above the reinforced pair (the app: never over a joker bid)."""
    rules = attrs.evolve(TUOLAJI, reinforce_after_overturn=True)
    s = deal(first_deal(rules, ["", "2S 2S", "SJ SJ"]), 2).declare(1, C("2S"))
    s = deal(s, 5).declare(2, C("SJ SJ"))
    assert C("2S 2S") not in bids(s, 1)


def test_r4_2_reinforce_after_overturn_only_the_overturned_single() -> None:
    """Only the last bid's card reinforces: seat 1 bid ♠2, then nothing of ♦; its ♦2♦2 is an
    ordinary pair and does not take seat 2's equal ♥2♥2."""
    rules = attrs.evolve(TUOLAJI, reinforce_after_overturn=True)
    s = deal(first_deal(rules, ["", "2S 2D 2D", "2H 2H"]), 2).declare(1, C("2S"))
    s = deal(deal(s, 5).declare(2, C("2H 2H")), 4)
    assert bids(s, 1) == []


def test_r5_2_reinforce_after_overturn_in_a_counter_round() -> None:
    """The joker system (R4.4, R5.2): seat 0 declared ♠2 with the small joker, seat 1
    countered with ♥2♥2 and the big joker; seat 0's second ♠2 (with its joker) counters back
    under the house rule, as an equal pair."""
    rules = attrs.evolve(SHUANGSHENG, reinforce_after_overturn=True, weak_hand_redeal=None)
    s = deal(deal(first_deal(rules, ["2S SJ 2S", "2H 2H BJ"]), 5).declare(0, C("2S SJ")))
    assert s.phase is Phase.FIRST_COUNTERS and s.to_act == 1
    s = s.declare(1, C("2H 2H BJ"))
    s = s.pass_(2).pass_(3)
    assert C("2S 2S SJ") in bids(s, 0)
    s = s.declare(0, C("2S 2S SJ"))
    assert s.bid == tl.Bid(0, C("2S 2S SJ"), Suit.SPADES, 2) and s.counters == 2


# --- overturn_by_suit (R4.3) -------------------------------------------------------------------


@pytest.mark.parametrize("on", [False, True])
def test_r4_3_overturn_by_suit_a_higher_pair_overturns_an_equal_one(on: bool) -> None:
    """The online app's "joker or higher suit": with ``overturn_by_suit`` seat 2's ♠2♠2
    overturns seat 1's ♦2♦2 (♦ < ♣ < ♥ < ♠); the seeds leave the first pair standing."""
    rules = attrs.evolve(TUOLAJI, overturn_by_suit=on)
    s = deal(first_deal(rules, ["", "2D 2D", "2S 2S", "2C 2C"]), 8).declare(1, C("2D 2D"))
    assert (C("2S 2S") in bids(s, 2)) == on
    assert (C("2C 2C") in bids(s, 3)) == on
    if on:
        s = s.declare(2, C("2S 2S"))
        assert s.bid == tl.Bid(2, C("2S 2S"), Suit.SPADES, 2)
        assert C("2C 2C") not in bids(s, 3)  # ♣ is below ♠
        with pytest.raises(tl.IllegalAction) as info:
            s.declare(3, C("2C 2C"))
        assert info.value.rule == "R4.2"


def test_r4_3_overturn_by_suit_follows_the_suit_order() -> None:
    """♦ < ♣ < ♥ < ♠: each pair overturns the pair before it."""
    rules = attrs.evolve(TUOLAJI, overturn_by_suit=True)
    s = deal(first_deal(rules, ["2D 2D", "2C 2C", "2H 2H", "2S 2S"]), 8)
    for seat, pair in enumerate(["2D 2D", "2C 2C", "2H 2H", "2S 2S"]):
        s = s.declare(seat, C(pair))
    assert s.bid is not None and s.bid.suit is Suit.SPADES


def test_r4_3_overturn_by_suit_never_ranks_single_level_cards() -> None:
    """The online app compares suits for pairs only: ♠2 does not overturn ♦2."""
    rules = attrs.evolve(TUOLAJI, overturn_by_suit=True)
    s = deal(first_deal(rules, ["", "2D", "2S"]), 4).declare(1, C("2D"))
    assert C("2S") not in bids(s, 2)


# --- pair_bids_equal (R4.3) --------------------------------------------------------------------


@pytest.mark.parametrize("on", [False, True])
def test_r4_3_pair_bids_equal_the_first_pair_stands(on: bool) -> None:
    """The 拖拉机 rules: 以上后三条以先出现者为准 (a level pair, small jokers, big jokers): with
    ``pair_bids_equal`` seat 1's ♥2♥2 stands against seat 2's small jokers, and small jokers
    against big jokers even under ``joker_pairs="big_over_small"``."""
    rules = attrs.evolve(TUOLAJI, pair_bids_equal=on)
    s = deal(first_deal(rules, ["", "2H 2H", "SJ SJ", "BJ BJ"]), 8).declare(1, C("2H 2H"))
    assert (C("SJ SJ") in bids(s, 2)) == (not on)
    assert (C("BJ BJ") in bids(s, 3)) == (not on)
    if on:
        with pytest.raises(tl.IllegalAction) as info:
            s.declare(2, C("SJ SJ"))
        assert info.value.rule == "R4.2" and "earlier bid" in str(info.value)
    s = deal(first_deal(rules, ["", "", "SJ SJ", "BJ BJ"]), 8).declare(2, C("SJ SJ"))
    assert (C("BJ BJ") in bids(s, 3)) == (not on)


def test_r4_3_pair_bids_equal_a_pair_still_overturns_a_single() -> None:
    rules = attrs.evolve(TUOLAJI, pair_bids_equal=True)
    s = deal(first_deal(rules, ["", "2H", "SJ SJ"]), 8).declare(1, C("2H"))
    assert s.declare(2, C("SJ SJ")).bid == tl.Bid(2, C("SJ SJ"), None, 3)


@pytest.mark.parametrize("equal", [False, True])
def test_r4_3_pair_bids_equal_one_big_joker_equals_one_level_card(equal: bool) -> None:
    """Issue #42, the online app's bids by length (its ``GreaterLength`` policy): with
    ``pair_bids_equal`` and ``joker_bids="single_big_no_trump"`` one big joker no longer
    overturns one level card (equal length: the earlier bid stands), nor the other way round;
    without ``pair_bids_equal`` it does, ranked above it (R4.2)."""
    rules = attrs.evolve(TUOLAJI, joker_bids="single_big_no_trump", pair_bids_equal=equal)
    s = deal(first_deal(rules, ["", "2H", "BJ"]), 8).declare(1, C("2H"))
    assert (C("BJ") in bids(s, 2)) == (not equal)
    if equal:
        with pytest.raises(tl.IllegalAction) as info:
            s.declare(2, C("BJ"))
        assert info.value.rule == "R4.2" and "earlier bid" in str(info.value)
    else:
        assert s.declare(2, C("BJ")).bid == tl.Bid(2, C("BJ"), None, 1)
    s = deal(first_deal(rules, ["", "2H", "BJ"]), 8).declare(2, C("BJ"))
    assert C("2H") not in bids(s, 1)
    # A pair still overturns the lone big joker, and its own second big joker reinforces it.
    s = deal(first_deal(rules, ["", "2H 2H", "BJ BJ"]), 8).declare(2, C("BJ"))
    assert C("2H 2H") in bids(s, 1) and C("BJ BJ") in bids(s, 2)


def test_r4_3_pair_bids_equal_is_refused_with_overturn_by_suit() -> None:
    with pytest.raises(tl.ConfigurationError) as info:
        attrs.evolve(TUOLAJI, pair_bids_equal=True, overturn_by_suit=True)
    text = str(info.value)
    assert "Rules.pair_bids_equal" in text and "Rules.overturn_by_suit" in text
    assert "R4.3" in text


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


JOKER_STOPS = attrs.evolve(TUOLAJI, no_bid_reveal="first_level_joker_stops")


def test_r4_6_joker_stops_the_online_apps_turn_stops_at_a_joker() -> None:
    """The issue's example: kitty ``SJ 7H ...`` at level 7. ``"first_level_or_highest"`` turns
    past the small joker to ♥7 (hearts); the online app's first-level-or-highest stops at the
    joker: one card turned, no trump."""
    kitty = "SJ 7H 3S KH 4D AC 5S 6S"
    skips = later_no_bid(FIRST_LEVEL, kitty)
    assert [e.index for e in skips.events if isinstance(e, TrumpRevealed)] == [0, 1]
    assert skips.trump == tl.Trump(Rank.SEVEN, Suit.HEARTS)
    stops = later_no_bid(JOKER_STOPS, kitty)
    assert [e for e in stops.events if isinstance(e, TrumpRevealed)] == [
        TrumpRevealed(0, tl.Card.parse("SJ"))
    ]
    assert stops.trump == tl.Trump(Rank.SEVEN, None)


def test_r4_6_joker_stops_a_level_card_before_the_joker_names_its_suit() -> None:
    s = later_no_bid(JOKER_STOPS, "3S 7D BJ AC")
    assert [e.index for e in s.events if isinstance(e, TrumpRevealed)] == [0, 1]
    assert s.trump == tl.Trump(Rank.SEVEN, Suit.DIAMONDS)


@pytest.mark.parametrize(
    ("kitty", "suit"),
    [
        ("3S KH 4D AC AH 5S 6S 8S", Suit.HEARTS),  # ♥ is the highest suit, whatever the ranks
        ("AS 3S 4D AC 9D 5S 6S 8S", Suit.SPADES),  # no ♥: ♠ above ♦ and ♣ (♠A, not ♣A)
        ("AC KC 4D QD 9D 5C 6C 8C", Suit.DIAMONDS),  # ♦ above ♣, although ♣A is the top rank
    ],
)
def test_r4_6_joker_stops_without_a_level_card_or_joker_the_highest_suit(
    kitty: str, suit: Suit
) -> None:
    """All eight are turned and the app's highest card names the trump: its kitty is sorted as
    the cards of a no-trump deal, suit first, ♣ < ♦ < ♠ < ♥ (``"first_level_or_highest"``
    compares ranks: ♣A, the first ace, in the first example)."""
    s = later_no_bid(JOKER_STOPS, kitty)
    assert [e.index for e in s.events if isinstance(e, TrumpRevealed)] == list(range(8))
    assert s.trump == tl.Trump(Rank.SEVEN, suit)
    if suit is Suit.HEARTS:
        assert later_no_bid(FIRST_LEVEL, kitty).trump == tl.Trump(Rank.SEVEN, Suit.CLUBS)


@pytest.mark.parametrize("reveal", ["first_level_or_highest", "first_level_joker_stops"])
def test_r4_6_a_kitty_search_with_the_twin_dealer_is_refused(reveal: str) -> None:
    """The search reads the dealer's level, then the twin may hand the deal to a team at
    another level: no rule text has that, so ``Rules`` refuses it, naming both fields and
    R4.6, and so does a saved state or record holding it (an ``InvalidRecord``)."""
    with pytest.raises(tl.ConfigurationError) as info:
        attrs.evolve(TUOLAJI, no_bid_reveal=reveal, no_bid_dealer="twin")  # type: ignore[arg-type]
    message = str(info.value)
    assert "Rules.no_bid_reveal" in message and "Rules.no_bid_dealer" in message
    assert "R4.6" in message
    data = dict(to_data(tl.Rules, attrs.evolve(TUOLAJI, no_bid_reveal=reveal)))  # type: ignore[arg-type]
    data["no_bid_dealer"] = "twin"
    with pytest.raises(tl.InvalidRecord, match=r"R4\.6"):
        from_data(tl.Rules, data)


# Presets older data can name: "online" came in 0.4 (its fields with it).
@pytest.mark.parametrize("preset", [name for name in tl.RULESETS if name != "online"])
@pytest.mark.parametrize("reveal", ["first_level_or_highest", 1])
def test_r4_6_older_rules_data_with_a_kitty_search_still_reads(
    preset: str, reveal: str | int
) -> None:
    """Rules data written before 0.4 (no field of 0.4) reads through ``Rules.upgrade_data`` as
    its preset with the search or index it names, the dealer kept: the presets and the older
    records of every valid combination still load."""
    rules = attrs.evolve(tl.RULESETS[preset], no_bid_reveal=reveal, no_bid_dealer="keep")  # type: ignore[arg-type]
    data = dict(to_data(tl.Rules, rules))
    for name, field in RULE_FIELDS.items():
        if field.since == "0.4":
            del data[name]
    assert from_data(tl.Rules, data) == rules
    assert from_data(tl.Rules, dict(to_data(tl.Rules, tl.RULESETS[preset]))) == tl.RULESETS[preset]


@given(
    st.integers(0, 2**32 - 1),
    st.sampled_from(["first_level_or_highest", "first_level_joker_stops"]),
)
def test_r4_6_first_level_or_highest_agrees_with_the_reference(seed: int, reveal: str) -> None:
    """Both kitty searches against tests/bid_oracle.py on random decks, dealers and levels (the
    dealer kept: the twin is refused with a search, see above)."""
    rng = random.Random(seed)
    # A weak-hand round (R4.7) keeps the kitty apart while the views are checked.
    rules = attrs.evolve(
        TUOLAJI,
        no_bid_reveal=reveal,  # type: ignore[arg-type]
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
    turned, suit = oracle_turned_kitty(kitty, levels[dealer_seat % 2], reveal)
    events = [e for e in s.events if isinstance(e, TrumpRevealed)]
    assert [(e.index, e.card) for e in events] == [(i, kitty[i]) for i in turned]
    assert s.trump is not None and s.trump.suit == suit
    # Every seat sees the turned cards; a world sampled for a view keeps them in the kitty.
    assert s.phase is Phase.WEAK_HAND
    world = tl.sample_world(s.view((dealer_seat + 1) % 4), random.Random(seed))
    assert [world.kitty[i] for i in turned] == [kitty[i] for i in turned]
    assert GameState.from_json(s.to_json()) == s
    assert GameState.from_text(s.to_text()) == s


# --- kitty_theft="every_deal" (R5.2, 炒地皮 of the online app) -----------------------------------

THEFT = attrs.evolve(TUOLAJI, kitty_theft="every_deal")


def buried_first(rules: tl.Rules, hands: list[str], bid: str, **new: object) -> GameState:
    """A first deal (levels 5 and 9) in which seat 0 bids ``bid`` with its first card, wins
    the deal (R4.5) and buries the last 8 cards it holds (the kitty)."""
    deck = stacked_deck(hands)
    s = GameState.new(rules, seed=1, deck=deck, levels=(Rank.FIVE, Rank.NINE), **new)  # type: ignore[arg-type]
    s = close(deal(deal(s, 1).declare(0, C(bid))))
    while s.phase is Phase.WEAK_HAND:
        s = s.pass_(s.to_act)
    assert s.phase is Phase.BURYING and s.dealer == 0
    return s.bury(0, s.hands[0][-8:])


def test_r5_2_kitty_theft_a_seat_steals_the_kitty_with_a_stronger_bid_the_dealer_stays() -> None:
    """炒地皮 (the online app): after the dealer buries, seat 1 overturns ♥5 with ♠5♠5 (the
    dealer's level 5, not its own 9), takes the buried cards and buries its own; the trump
    turns to spades but the dealer, and so the declarers, stay seat 0's team; the round goes
    on from seat 2 until four passes in a row, and the deal counts one theft."""
    s = buried_first(THEFT, ["5H", "5S 5S 9S 9S"], "5H")
    assert s.phase is Phase.COUNTERS and s.to_act == 1 and s.opening  # every deal, the first too
    assert C("9S 9S") not in bids(s, 1) and C("5S 5S") in bids(s, 1)
    first_kitty = s.kitty
    s = s.declare(1, C("5S 5S"))
    assert s.phase is Phase.BURYING and s.to_act == 1 and len(s.hands[1]) == 33
    assert s.hands[1][25:] == first_kitty and s.kitty == ()
    assert s.dealer == 0 and s.trump == tl.Trump(Rank.FIVE, Suit.SPADES) and s.counters == 1
    s = s.bury(1, s.hands[1][:8])
    assert s.phase is Phase.COUNTERS and s.to_act == 2 and s.buried_by == 1
    for seat in (2, 3, 0):
        s = s.pass_(seat)
    assert s.phase is Phase.COUNTERS and s.to_act == 1  # the thief has its turn too
    s = s.pass_(1)
    assert s.phase is Phase.PLAYING and s.to_act == 0 and s.dealer == 0
    assert GameState.from_json(s.to_json()) == s and GameState.from_text(s.to_text()) == s


def test_r5_2_kitty_theft_the_round_ends_when_every_seat_has_passed() -> None:
    """Nobody steals: the round after the dealer's burial runs from seat 1 and ends with the
    fourth pass (the dealer's own); then the dealer leads (R6.1)."""
    s = buried_first(THEFT, ["5H"], "5H")
    for seat in (1, 2, 3):
        s = s.pass_(seat)
        assert s.phase is Phase.COUNTERS
    assert s.to_act == 0
    s = s.pass_(0)
    assert s.phase is Phase.PLAYING and s.to_act == 0 and s.counters == 0


@pytest.mark.parametrize("self_overturn", [False, True])
def test_r5_2_kitty_theft_follows_the_ordinary_bid_rules(self_overturn: bool) -> None:
    """A theft is an ordinary overturn (R4.2, R4.3), not a counter-bid: the standing bidder may
    reinforce its single (and takes the kitty back), but overturns itself with another suit
    only under ``self_overturn`` (counters under ``counter_bids`` refuse the standing bidder
    until someone else has countered: test_r5_2_standing_bidder_may_not_counter_first)."""
    rules = attrs.evolve(THEFT, self_overturn=self_overturn)
    s = buried_first(rules, ["5H 5H 5D 5D"], "5H")
    for seat in (1, 2, 3):
        s = s.pass_(seat)
    assert C("5H 5H") in bids(s, 0)
    assert (C("5D 5D") in bids(s, 0)) == self_overturn
    s = s.declare(0, C("5H 5H"))
    assert s.phase is Phase.BURYING and s.to_act == 0 and s.counters == 1
    assert s.bid == tl.Bid(0, C("5H 5H"), Suit.HEARTS, 2)
    # A seat that took two kitties: the history replay leaves the split open (validate).
    s = s.bury(0, s.hands[0][:8])
    assert GameState.from_json(s.to_json()) == s


def test_r5_2_kitty_theft_none_after_a_trump_turned_from_the_kitty() -> None:
    """The online app has no theft once the trump was turned from the kitty (nobody bid,
    R4.6): the burial goes straight to play. Counter-bids (seed 002) still open their round
    there, since a counter needs no standing bid."""
    deck = stacked_deck(["", "SJ SJ"], "3D 4D 3C 3C", first_seat=0)
    for rules, phase in [
        (THEFT, Phase.PLAYING),
        (attrs.evolve(TUOLAJI, counter_bids=True), Phase.COUNTERS),
    ]:
        s = close(deal(GameState.new(rules, seed=1, dealer=0, deal_number=3, deck=deck)))
        while s.phase is Phase.WEAK_HAND:
            s = s.pass_(s.to_act)
        assert s.bid is None and s.phase is Phase.BURYING
        s = s.bury(0, s.hands[0][-8:])
        assert s.phase is phase


def test_r5_2_kitty_theft_in_a_later_deal_never_moves_the_dealer() -> None:
    """Dealer 2 in a later deal: a theft by an attacker with big jokers makes no trump, at the
    dealer's level, and seat 2 still leads."""
    deck = stacked_deck(["", "", "5C", "BJ BJ"], first_seat=2)
    s = GameState.new(
        THEFT, seed=1, dealer=2, deal_number=4, deck=deck, levels=(Rank.FIVE, Rank.NINE)
    )
    s = close(deal(deal(s, 1).declare(2, C("5C"))))
    s = s.bury(2, s.hands[2][-8:])
    assert s.phase is Phase.COUNTERS and s.to_act == 3
    s = s.declare(3, C("BJ BJ"))
    assert s.dealer == 2 and s.trump == tl.Trump(Rank.FIVE, None)
    s = s.bury(3, s.hands[3][:8])
    for seat in (0, 1, 2, 3):
        s = s.pass_(seat)
    assert s.phase is Phase.PLAYING and s.dealer == 2 and s.to_act == 2


# --- whole deals under the bid-order house rules (issue 31) ------------------------------------

BID_ORDER = {
    "single_big_no_trump": attrs.evolve(
        TUOLAJI, joker_bids="single_big_no_trump", counter_bids=True
    ),
    "no_joker_bids": attrs.evolve(SHUANGSHENG, joker_bids="none"),
    "reinforce_after_overturn": attrs.evolve(
        TUOLAJI, reinforce_after_overturn=True, fix_trump="reinforce"
    ),
    "overturn_by_suit": attrs.evolve(SHUANGSHENG, overturn_by_suit=True, self_overturn=True),
    "pair_bids_equal": attrs.evolve(TUOLAJI, pair_bids_equal=True, counter_bids=True),
}


@pytest.mark.parametrize("name", sorted(BID_ORDER))
def test_r4_2_r4_3_the_bid_order_rules_play_whole_deals(name: str) -> None:
    """Each value plays whole deals: the soak's invariants (round trips of JSON and text
    included) on random play, and bots that bid whenever they can under ``Game``."""
    rules = BID_ORDER[name]
    for seed in range(3):
        assert soak_deal(rules, seed, round_trips=seed == 0) > 100
    game = tl.Game(rules, seed=5)
    bots = [tl.RandomBot(1, bid_chance=1.0), tl.GreedyBot(2), tl.RandomBot(3, bid_chance=1.0)]
    for _ in range(2):
        result = game.play_deal([*bots, tl.GreedyBot(4)])
        assert result is not None
    state = game.state
    assert GameState.from_json(state.to_json()) == state
    assert GameState.from_text(state.to_text()) == state


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


def test_r9_2_r4_4_attackers_on_the_no_trump_level_may_not_take_the_deal() -> None:
    """The joker system (R4.4): after the last card an attacker may declare and become the
    dealer (此时换庄家); a team on the no-trump level (``top_level="no_trump"``, R9.2) names no
    trump, so its seats may not. Seat 0 deals for team 0 on A; team 1 stands on NT: in the
    closing round seat 1 holds ♠A and the small joker but has no declaration, and the deal is
    played by team 0 (found by a random walk of the testing kit, before this refusal)."""
    rules = attrs.evolve(
        SHUANGSHENG, top_level="no_trump", counter_bids=False, weak_hand_redeal=None
    )
    ace = Rank.ACE
    s = GameState.new(
        rules, 4, dealer=0, deal_number=1, levels=(ace, ace), no_trump_level=(False, True)
    )
    s = deal(s)
    assert s.phase is Phase.CLOSING and not s.no_trump_deal
    s = s.pass_(0).pass_(2)
    assert s.to_act == 1 and all(c in s.hands[1] for c in C("AS SJ"))
    assert list(s.legal_actions(1)) == [tl.Pass(1)]
    with pytest.raises(tl.IllegalAction) as info:
        s.declare(1, C("AS SJ"))
    assert info.value.rule == "R9.2" and "no-trump level" in str(info.value)
    on_a = attrs.evolve(s, no_trump_level=(False, False))
    assert Declare(1, C("AS SJ")) in on_a.legal_actions(1)  # on A the attacker may take it
