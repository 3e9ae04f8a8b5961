"""R1: cards, parsing and printing, the deck, points."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tuolaji as tl
from tuolaji.testing import card_multisets


def test_r1_1_deck_has_108_cards_every_card_twice() -> None:
    deck = tl.full_deck()
    assert len(deck) == 108
    counts = Counter(deck)
    assert len(counts) == 54
    assert set(counts.values()) == {2}
    assert counts[tl.SMALL_JOKER] == 2 and counts[tl.BIG_JOKER] == 2


def test_r1_1_suits_and_ranks() -> None:
    assert [s.letter for s in tl.Suit] == ["S", "H", "C", "D"]
    assert [s.symbol for s in tl.Suit] == ["♠", "♥", "♣", "♦"]
    assert [int(r) for r in tl.Rank] == list(range(2, 15))
    assert tl.Rank.TWO == 2 and tl.Rank.ACE == 14


def test_r1_1_copies_are_interchangeable() -> None:
    a, b = tl.parse_cards("10H 10h")
    assert a == b and hash(a) == hash(b)
    assert tl.Card(tl.Rank.TEN, tl.Suit.HEARTS) == a
    assert len({a, b}) == 1


def test_r1_2_point_cards() -> None:
    assert tl.points(tl.parse_cards("5S 10H KC")) == 25
    assert tl.points(tl.parse_cards("AS QH JC 9D 2S SJ BJ")) == 0
    assert tl.Card.parse("KD").points == 10


def test_r1_2_deck_holds_200_points() -> None:
    assert tl.points(tl.full_deck()) == 200


def test_card_ids_index_the_card_table() -> None:
    assert [c.id for c in tl.CARDS] == list(range(54))
    assert tl.Card.from_id(52) is tl.SMALL_JOKER
    assert tl.Card.from_id(53) is tl.BIG_JOKER
    with pytest.raises(tl.InvalidCards, match="0 to 53"):
        tl.Card.from_id(54)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("10H", "10H"),
        ("TH", "10H"),
        ("th", "10H"),
        ("10♥", "10H"),
        ("♥10", "10H"),
        ("♡10", "10H"),
        ("as", "AS"),
        ("2c", "2C"),
        ("qd", "QD"),
        ("SJ", "SJ"),
        ("sj", "SJ"),
        ("BJ", "BJ"),
        ("bj", "BJ"),
        ("小王", "SJ"),
        ("大王", "BJ"),
        ("  KS ", "KS"),
    ],
)
def test_r1_1_card_parse_spellings(text: str, expected: str) -> None:
    assert str(tl.Card.parse(text)) == expected


def test_parse_cards_separators_and_groups() -> None:
    expected = tl.parse_cards("AS AS KS 10H SJ")
    assert tl.parse_cards("AS,AS, KS ,10H,SJ") == expected
    assert tl.parse_cards("♠AAK ♥10 SJ") == expected
    assert tl.parse_cards("SJ SJ ♠10♠10") == tl.parse_cards("SJ SJ 10S 10S")
    assert tl.parse_cards("") == ()
    assert tl.parse_cards("  , ") == ()


def test_str_and_pretty_forms() -> None:
    card = tl.Card.parse("10H")
    assert str(card) == "10H"
    assert card.pretty == "♥10"
    assert tl.format_cards(tl.parse_cards("10H SJ BJ AS")) == "10H SJ BJ AS"
    assert tl.format_cards(tl.parse_cards("10H SJ AS"), pretty=True) == "♥10 SJ ♠A"
    assert eval(repr(card), {"Card": tl.Card}) == card


@pytest.mark.parametrize(
    ("text", "token", "position", "reason"),
    [
        ("1H", "1H", 0, "unknown rank"),
        ("ZZ", "ZZ", 0, "unknown suit"),
        ("10X", "10X", 0, "unknown suit"),
        ("AS 1H", "1H", 3, "unknown rank"),
        ("AS, KS, 10X", "10X", 8, "unknown suit"),
        ("H", "H", 0, "rank is missing"),
        ("♥", "♥", 0, "followed by a rank"),
        ("♥♠A", "♥", 0, "followed by a rank"),
        ("♠♥ AS", "♠", 0, "followed by a rank"),
        ("♥K♠", "♠", 2, "followed by a rank"),
        ("♥ǰ", "ǰ", 1, "unknown rank"),
        ("10ſ", "10ſ", 0, "unknown suit"),
        ("♥AZ", "Z", 2, "unknown rank"),
    ],
)
def test_r1_1_bad_tokens_name_token_and_position(
    text: str, token: str, position: int, reason: str
) -> None:
    with pytest.raises(tl.InvalidCards) as info:
        tl.parse_cards(text)
    err = info.value
    assert isinstance(err, ValueError) and isinstance(err, tl.TuolajiError)
    assert err.token == token
    assert err.position == position
    assert text[position : position + len(token)] == token
    assert reason in str(err)
    assert repr(token) in str(err) and f"position {position}" in str(err)
    assert "R1.1" in str(err)


@pytest.mark.parametrize("text", ["1H", "ZZ", "10X", "", "AS KS"])
def test_r1_1_card_parse_rejects(text: str) -> None:
    with pytest.raises(tl.InvalidCards, match="R1.1") as info:
        tl.Card.parse(text)
    assert repr(text) in str(info.value)


def test_card_constructor_validates() -> None:
    assert tl.Card(tl.Joker.SMALL) is not tl.SMALL_JOKER
    assert tl.Card(tl.Joker.SMALL) == tl.SMALL_JOKER
    assert tl.Card(10, 1) == tl.Card.parse("10H")
    with pytest.raises(tl.InvalidCards, match="needs a suit"):
        tl.Card(tl.Rank.TEN)
    with pytest.raises(tl.InvalidCards, match="has no suit"):
        tl.Card(tl.Joker.BIG, tl.Suit.SPADES)
    with pytest.raises(tl.InvalidCards, match="not a rank"):
        tl.Card(1, tl.Suit.SPADES)
    with pytest.raises(tl.InvalidCards, match="not a suit"):
        tl.Card(tl.Rank.ACE, 7)
    with pytest.raises(tl.InvalidCards, match="from a str"):
        tl.parse_cards(12)  # type: ignore[arg-type]


def test_cards_are_immutable() -> None:
    card = tl.Card.parse("AS")
    with pytest.raises(AttributeError):
        card.rank = tl.Rank.TWO  # type: ignore[misc]
    assert card == tl.Card.parse("AS")


@given(card_multisets(), st.booleans())
def test_parse_format_round_trip(cards: tuple[tl.Card, ...], pretty: bool) -> None:
    text = tl.format_cards(cards, pretty=pretty)
    assert tl.parse_cards(text) == cards


@given(st.sampled_from(tl.CARDS))
def test_single_card_round_trip(card: tl.Card) -> None:
    assert tl.Card.parse(str(card)) == card
    assert tl.Card.parse(card.pretty) == card
    assert tl.Card.parse(str(card).lower()) == card
    assert tl.Card.from_id(card.id) == card


def test_deck_figures_are_named() -> None:
    """R1.1: two decks of 54 kinds; R4.1: 25 cards to each of 4 seats and 8 in the kitty by
    default (the sizes are the rules', Rules.hand_size and Rules.kitty_size); R6.1: the
    declarer buries from 33, the most any seat holds; R1.2: 200 points in all."""
    from tuolaji.core import cards, rules  # noqa: PLC0415

    assert cards.CARD_KINDS == len(tl.CARDS) == 54
    assert cards.DECK_SIZE == len(tl.full_deck()) == 108
    default = tl.Rules()
    assert cards.SEATS == 4 and default.hand_size == 25 and default.dealt_cards == 100
    assert default.kitty_size == rules.MAX_KITTY_SIZE == 8
    assert rules.MAX_HELD == default.hand_size + default.kitty_size == 33
    assert rules.MAX_HAND_SIZE == tl.Rules(kitty_size=0).hand_size == 27
    assert cards.TOTAL_POINTS == tl.points(tl.full_deck()) == 200
    hands, kitty = tl.deal_cards(tl.full_deck())
    assert [len(h) for h in hands] == [default.hand_size] * cards.SEATS
    assert len(kitty) == default.kitty_size


@pytest.mark.parametrize(("size", "hand"), [(0, 27), (4, 26), (8, 25)])
def test_r4_1_kitty_size_deals_the_rest_equally(size: int, hand: int) -> None:
    """R4.1 with Rules.kitty_size: the 108 cards go out one at a time from the dealer until
    each seat holds (108 - size) / 4; the last ``size`` cards are the kitty (none at 0)."""
    deck = tl.shuffled_deck(random.Random(size))
    rules = tl.Rules(kitty_size=size)
    hands, kitty = tl.deal_cards(deck, 1, rules=rules)
    assert rules.hand_size == hand and rules.dealt_cards == 4 * hand
    assert [len(h) for h in hands] == [hand] * 4 and kitty == deck[4 * hand :]
    assert len(kitty) == size
    assert hands[1] == deck[0 : 4 * hand : 4] and hands[0] == deck[3 : 4 * hand : 4]
    assert Counter(c for h in (*hands, kitty) for c in h) == Counter(tl.full_deck())


def test_the_renamed_functions_of_0_3_give_the_rules_answers() -> None:
    """R8.1 points of a trick; R8.2 a pair led last doubles the kitty twice; R6.5 a declarer's
    failed throw adds the penalty to the attackers' total."""
    from tuolaji.core.scoring import net_throw_penalty  # noqa: PLC0415

    t, p = tl.Trump(tl.Rank.TEN, tl.Suit.SPADES), tl.parse_cards
    assert tl.points_in_trick([p("5H KH"), p("10D 2C")]) == 25
    rules = tl.RULESETS["tuolaji"]
    assert tl.kitty_multiplier_for_lead(p("AH AH"), t, rules) == 4
    assert net_throw_penalty([1], 1, rules) == rules.throw_penalty
