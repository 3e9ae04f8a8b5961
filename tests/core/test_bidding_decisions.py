"""The bidding decisions of ``tuolaji.core.bidding`` (issue 30, item 3) as pure functions of
public facts and ``Rules``, without a GameState: who may bid when (R4.1, R4.4), the order of
bids (R4.2-R4.4, issue 31), the declaring team (R4.2, R4.5, R5.2), the closing order, the
dealer after bidding, the kitty turn and the twin dealer (R4.6), the first-deal fallback (R4.6)
and the weak-hand offer (R4.7)."""

from __future__ import annotations

import attrs

import tuolaji as tl
from tuolaji.core.bidding import (
    FALLBACK_DEALER,
    SUIT_ORDER,
    Bid,
    CounterWindow,
    Refusal,
    attacker_declares,
    bid_form,
    bid_offers,
    bid_options,
    bid_rank,
    bid_refusal,
    bid_window,
    closing_order,
    counter_round,
    deal_after_bids,
    declarer_team,
    first_deal_falls_back,
    is_counter,
    is_declaration,
    kitty_turn,
    longest_bidding,
    outranks,
    overturn_floor,
    twin_dealer,
    weak_hand,
    weak_hand_offers,
)
from tuolaji.core.cards import Rank, Suit, parse_cards

REVEAL = tl.RULESETS["tuolaji"]
JOKER = tl.RULESETS["shuangsheng"]
WINDOWS: tuple[CounterWindow, ...] = ("before_kitty", "after_burial")


def test_r4_1_r4_4_the_bid_window() -> None:
    assert bid_window(1, None, REVEAL, turn=1, standing=None, dealer=None) is Refusal.NO_BIDS_NOW
    assert bid_window(1, "closing", REVEAL, turn=2, standing=None, dealer=None) is (
        Refusal.NOT_YOUR_TURN
    )
    assert bid_window(1, "dealing", REVEAL, turn=2, standing=None, dealer=None) is None
    # R4.4: in a later joker deal only the dealer's team declares while cards are dealt.
    assert bid_window(1, "dealing", JOKER, turn=0, standing=None, dealer=0) is (
        Refusal.DEALERS_TEAM_ONLY
    )
    assert bid_window(2, "dealing", JOKER, turn=0, standing=None, dealer=0) is None
    single = Bid(2, tuple(parse_cards("2H BJ")), Suit.HEARTS, 1)
    assert bid_window(2, "dealing", JOKER, turn=0, standing=single, dealer=0) is (
        Refusal.ONE_DECLARATION
    )
    reinforce = attrs.evolve(JOKER, fix_trump="reinforce")
    assert bid_window(2, "dealing", reinforce, turn=0, standing=single, dealer=0) is None
    assert bid_window(1, "counters", JOKER, turn=1, standing=single, dealer=0) is None


def test_r4_2_r4_3_the_order_of_bids() -> None:
    """Strength first; one big joker (no trump) above one level card; the Rules fields
    joker_pairs, pair_bids_equal and overturn_by_suit change the order (R4.2-R4.4)."""
    h, s, d = Suit.HEARTS, Suit.SPADES, Suit.DIAMONDS
    equal_jokers = attrs.evolve(REVEAL, joker_pairs="equal")
    equal_pairs = attrs.evolve(REVEAL, pair_bids_equal=True)
    by_suit = attrs.evolve(REVEAL, overturn_by_suit=True)
    assert outranks((1, None), (1, h), REVEAL) and not outranks((1, h), (1, None), REVEAL)
    assert outranks((2, d), (1, None), REVEAL) and not outranks((1, None), (1, None), REVEAL)
    assert outranks((4, None), (3, None), REVEAL)
    assert not outranks((4, None), (3, None), equal_jokers)
    for strong in (3, 4):
        assert not outranks((strong, None), (2, h), equal_pairs)
        assert not outranks((2, h), (strong, None), equal_pairs)
    assert outranks((2, h), (1, s), equal_pairs)
    assert outranks((2, s), (2, h), by_suit)
    assert not outranks((2, s), (2, h), REVEAL) and not outranks((2, d), (2, h), by_suit)
    assert not outranks((1, s), (1, d), by_suit)  # singles: no suit order
    assert [bid_rank(2, suit, by_suit) for suit in SUIT_ORDER] == [
        (2, 0),
        (2, 1),
        (2, 2),
        (2, 3),
    ]
    assert SUIT_ORDER == (Suit.DIAMONDS, Suit.CLUBS, Suit.HEARTS, Suit.SPADES)


def test_r4_2_reinforcements_and_the_overturned_single() -> None:
    single = Bid(1, tuple(parse_cards("2S")), Suit.SPADES, 1)
    big = Bid(1, tuple(parse_cards("BJ")), None, 1)
    pair = Bid(2, tuple(parse_cards("2H 2H")), Suit.HEARTS, 2)
    kw = {"declaration": False, "counter": False}
    assert bid_refusal(1, 2, Suit.SPADES, single, REVEAL, **kw) is None  # 定主
    assert bid_refusal(1, 2, Suit.HEARTS, single, REVEAL, **kw) is Refusal.OWN_BID
    assert bid_refusal(1, 4, None, big, REVEAL, **kw) is None  # the second big joker
    assert bid_refusal(1, 3, None, big, REVEAL, **kw) is Refusal.OWN_BID
    # reinforce_after_overturn: seat 1's ♠2 was overturned by seat 2's ♥2♥2.
    assert bid_refusal(1, 2, Suit.SPADES, pair, REVEAL, **kw) is Refusal.NOT_STRONGER
    assert bid_refusal(1, 2, Suit.SPADES, pair, REVEAL, overturned=Suit.SPADES, **kw) is None
    assert bid_refusal(1, 2, Suit.CLUBS, pair, REVEAL, overturned=Suit.SPADES, **kw) is (
        Refusal.NOT_STRONGER
    )
    jokers = Bid(2, tuple(parse_cards("SJ SJ")), None, 3)
    assert bid_refusal(1, 2, Suit.SPADES, jokers, REVEAL, overturned=Suit.SPADES, **kw) is (
        Refusal.NOT_STRONGER
    )


def test_r4_3_joker_bids_in_bid_form_and_bid_options() -> None:
    bj, sj = parse_cards("BJ"), parse_cards("SJ SJ")
    single_big = attrs.evolve(REVEAL, joker_bids="single_big_no_trump")
    no_jokers = attrs.evolve(REVEAL, joker_bids="none")
    assert bid_form(bj, Rank.TWO, REVEAL) is None
    assert bid_form(bj, Rank.TWO, single_big) == (1, None)
    assert bid_form(sj, Rank.TWO, single_big) == (3, None)
    assert bid_form(sj, Rank.TWO, no_jokers) is None
    assert bid_form(parse_cards("2H BJ"), Rank.TWO, attrs.evolve(JOKER, joker_bids="none")) == (
        1,
        Suit.HEARTS,
    )
    hand = parse_cards("2H 2S 2S BJ BJ SJ SJ 5C")
    assert bid_options(hand, Rank.TWO, single_big) == [
        tuple(parse_cards(cards)) for cards in ("2S", "2H", "BJ", "2S 2S", "SJ SJ", "BJ BJ")
    ]
    assert bid_options(hand, Rank.TWO, no_jokers) == [
        tuple(parse_cards(cards)) for cards in ("2S", "2H", "2S 2S")
    ]


def test_r4_3_r4_4_bid_offers_are_what_bid_form_reads_of_each_option() -> None:
    """Each offer's strength and suit are bid_form's reading of its cards, in the order of
    bid_options, for every system, joker rule and strength window (R4.3, R4.4)."""
    hand = parse_cards("2H 2S 2S 2D BJ BJ SJ SJ 5C")
    ids = [card.id for card in hand]
    for base in (REVEAL, JOKER):
        for joker_bids in ("pairs", "single_big_no_trump", "none"):
            if base.bidding == "joker" and joker_bids == "single_big_no_trump":
                continue  # Rules refuses it (R4.4)
            rules = attrs.evolve(base, joker_bids=joker_bids)
            for low in range(1, 6):
                for high in range(1, 5):
                    window = {"min_strength": low, "max_strength": high}
                    offers = bid_offers(ids, Rank.TWO, rules, **window)
                    cards = [offer[2] for offer in offers]
                    assert cards == bid_options(hand, Rank.TWO, rules, **window)
                    assert [o[:2] for o in offers] == [bid_form(c, Rank.TWO, rules) for c in cards]
                    assert all(low <= strength <= high for strength, _, _ in offers)
    assert [o[:2] for o in bid_offers(ids, Rank.TWO, JOKER)] == [
        (1, Suit.SPADES),
        (1, Suit.HEARTS),
        (1, Suit.DIAMONDS),
        (2, Suit.SPADES),
        (3, None),
        (4, None),
    ]


def test_r4_2_the_longest_bidding_bounds_the_bids() -> None:
    assert longest_bidding(REVEAL) == (4, 3)
    assert overturn_floor(2, REVEAL) == 3
    app = attrs.evolve(
        REVEAL,
        joker_bids="single_big_no_trump",
        overturn_by_suit=True,
        reinforce_after_overturn=True,
    )
    assert longest_bidding(app) == (2 + 4 + 4 + 2, 4 + 4 + 2)
    assert overturn_floor(2, app) == 2
    assert longest_bidding(attrs.evolve(REVEAL, pair_bids_equal=True)) == (2, 1)
    assert longest_bidding(attrs.evolve(REVEAL, joker_bids="none")) == (2, 1)


def test_r4_2_r4_5_r5_2_the_declaring_team() -> None:
    assert declarer_team(1, None, None, "dealing", REVEAL) == 1
    # first_bid: the first bidder's team declares, whoever overturns.
    assert declarer_team(1, None, 2, "dealing", REVEAL) == 0
    winning = attrs.evolve(REVEAL, first_dealer="winning_bid")
    assert declarer_team(1, None, 2, "dealing", winning) == 1
    assert declarer_team(1, 0, None, "first_counters", winning) == 1
    assert declarer_team(1, 0, None, "counters", REVEAL) == 0
    # R4.4: an attacker's closing-round declaration in a later joker deal.
    assert attacker_declares(1, 0, "closing", JOKER)
    assert not attacker_declares(1, 0, None, JOKER)
    assert declarer_team(1, 0, None, "closing", JOKER) == 1
    assert declarer_team(1, 0, None, None, JOKER) == 0
    assert is_declaration("closing", JOKER) and not is_declaration("counters", JOKER)
    assert not is_declaration("dealing", REVEAL)


def test_r5_2_the_counter_rounds_of_counter_bids_and_kitty_theft() -> None:
    """Counter-bids (seed 002): before the kitty in the first deal, after the burial in later
    deals, bid or no bid. Kitty theft (炒地皮): after the burial in every deal with a bid, never
    before the kitty; its bids follow the ordinary bid rules, not the counters' (R5.2)."""
    theft = attrs.evolve(REVEAL, kitty_theft="every_deal")
    bid = Bid(0, tuple(parse_cards("2H")), Suit.HEARTS, 1)
    for opening in (False, True):
        for standing in (None, bid):
            assert counter_round("before_kitty", JOKER, opening=opening, standing=standing) == (
                opening
            )
            assert counter_round("after_burial", JOKER, opening=opening, standing=standing) == (
                not opening
            )
            assert not counter_round("before_kitty", theft, opening=opening, standing=standing)
            assert counter_round("after_burial", theft, opening=opening, standing=standing) == (
                standing is not None
            )
            for window in WINDOWS:
                assert not counter_round(window, REVEAL, opening=opening, standing=standing)
    assert is_counter("counters", JOKER) and is_counter("first_counters", JOKER)
    assert not is_counter("counters", theft) and not is_counter("closing", JOKER)


def test_the_closing_order_and_the_dealer_after_bidding() -> None:
    assert closing_order(None, REVEAL) == (0, 1, 2, 3)
    assert closing_order(2, REVEAL) == (2, 3, 0, 1)
    assert closing_order(1, JOKER) == (1, 3, 2, 0)
    assert deal_after_bids(3, None, 1, REVEAL) == 1
    assert deal_after_bids(3, None, 1, attrs.evolve(REVEAL, first_dealer="winning_bid")) == 3
    assert deal_after_bids(1, 0, None, JOKER) == 1  # 此时换庄家
    assert deal_after_bids(2, 0, None, JOKER) == 0


def test_r4_6_the_kitty_turn_and_the_twin_dealer() -> None:
    kitty = tuple(parse_cards("3S KH 7D 9C 4H SJ 5D 6C"))
    assert kitty_turn(kitty, 2, Rank.SEVEN) == ((2,), 2)
    assert kitty_turn(kitty, "first_level_or_highest", Rank.SEVEN) == ((0, 1, 2), 2)
    assert kitty_turn(kitty, "first_level_or_highest", Rank.TWO) == (tuple(range(8)), 5)
    # The online app's search stops at the small joker; without a joker the highest suit
    # (♣ < ♦ < ♠ < ♥) names the trump: the first of its highest cards, ♥K.
    assert kitty_turn(kitty, "first_level_joker_stops", Rank.TWO) == (tuple(range(6)), 5)
    plain = tuple(parse_cards("3S KH 9D AC 4H KH 5D 6C"))
    assert kitty_turn(plain, "first_level_joker_stops", Rank.TWO) == (tuple(range(8)), 1)
    assert kitty_turn(plain, "first_level_or_highest", Rank.TWO) == (tuple(range(8)), 3)
    (card,) = parse_cards("9C")
    hands = ((), (card,), (), ())
    assert twin_dealer(card, hands, 0) == 1
    assert twin_dealer(card, hands, 3) == 3  # the dealer's side holds it


def test_r4_6_the_first_deal_falls_back_after_no_bid_redeals() -> None:
    assert FALLBACK_DEALER == 0
    assert not first_deal_falls_back(1000, REVEAL)  # no bound: redealt until someone bids
    bounded = attrs.evolve(REVEAL, no_bid_redeals=2)
    assert [first_deal_falls_back(n, bounded) for n in range(4)] == [False, False, True, True]
    assert first_deal_falls_back(0, attrs.evolve(REVEAL, no_bid_redeals=0))


def test_r4_7_the_weak_hand_offer() -> None:
    assert weak_hand_offers(0, frozenset(), None, REVEAL) == []
    assert weak_hand_offers(0, frozenset(), None, JOKER) == [1, 3]
    assert weak_hand_offers(0, frozenset(), 1, JOKER) == [3]
    assert weak_hand_offers(2, frozenset({3}), None, JOKER) == [1]
    assert weak_hand(tuple(parse_cards("10H 3S")), JOKER)
    assert not weak_hand(tuple(parse_cards("10H 5S")), JOKER)
    assert not weak_hand((), REVEAL)
