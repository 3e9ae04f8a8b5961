"""R2 (trump and card order) and R3.1 (positions)."""

from __future__ import annotations

import itertools

import pytest

import tuolaji as tl
from tuolaji.core.cards import Card, Rank, Suit
from tuolaji.state.codec import from_data, to_data

C = tl.parse_cards
ALL_CONTEXTS = [
    tl.Trump(level, suit, permanent_twos=twos)
    for level in Rank
    for suit in [*Suit, None]
    for twos in (False, True)
] + [
    # R9.2, no_trump_trumps="jokers" (the online app): the no-trump level has no level card.
    tl.Trump(level, None, permanent_twos=twos, level_cards=False)
    for level in Rank
    for twos in (False, True)
]


def strengths(trump: tl.Trump, text: str) -> list[int]:
    return [trump.strength(card) for card in C(text)]


def test_r2_1_trump_cards_level_10_spades() -> None:
    t = tl.Trump(Rank.TEN, Suit.SPADES)
    for card in C("BJ SJ 10S 10H 10C 10D AS 2S 9S"):
        assert t.is_trump(card), card
        assert t.effective_suit(card) == tl.TRUMP
    for card in C("AH 2H KC 9D"):
        assert not t.is_trump(card), card
        assert t.effective_suit(card) == card.suit


def test_r2_2_trump_order_level_10_spades() -> None:
    """BJ > SJ > ♠10 > other 10s (equal) > ♠A K Q ... 2 without the 10."""
    t = tl.Trump(Rank.TEN, Suit.SPADES)
    s = strengths(t, "BJ SJ 10S 10H AS KS QS JS 9S 8S 7S 6S 5S 4S 3S 2S")
    assert s == sorted(s, reverse=True) and len(set(s)) == len(s)
    assert len(set(strengths(t, "10H 10C 10D"))) == 1


def test_r2_2_no_trump_order() -> None:
    """With no trump: BJ > SJ > level cards of all four suits (equal); nothing else trump."""
    t = tl.Trump(Rank.TEN, None)
    assert strengths(t, "BJ")[0] > strengths(t, "SJ")[0] > strengths(t, "10S")[0]
    assert len(set(strengths(t, "10S 10H 10C 10D"))) == 1
    assert [t.is_trump(c) for c in C("BJ SJ 10S 10D AS 2H")] == [True] * 4 + [False] * 2


def test_r2_3_side_suit_order() -> None:
    t = tl.Trump(Rank.TEN, Suit.SPADES)
    s = strengths(t, "AH KH QH JH 9H 8H 7H 6H 5H 4H 3H 2H")
    assert s == sorted(s, reverse=True) and len(set(s)) == 12
    assert all(x < strengths(t, "2S")[0] for x in s), "any trump beats any side card"


def test_r2_4_equal_cards_are_not_a_pair() -> None:
    t = tl.Trump(Rank.TEN, Suit.SPADES)
    ten_h, ten_c = C("10H 10C")
    assert t.strength(ten_h) == t.strength(ten_c)
    assert [u.kind for u in tl.units([ten_h, ten_c], t)] == ["single", "single"]


def test_r2_5_permanent_twos_order() -> None:
    """BJ > SJ > L of T > other L > 2 of T > other 2s (equal) > T's A K ... (no L, no 2)."""
    t = tl.Trump(Rank.TEN, Suit.SPADES, permanent_twos=True)
    s = strengths(t, "BJ SJ 10S 10H 2S 2H AS KS 3S")
    assert s == sorted(s, reverse=True) and len(set(s)) == len(s)
    assert len(set(strengths(t, "2H 2C 2D"))) == 1
    assert all(t.is_trump(c) for c in C("2H 2C 2D 2S"))
    side = strengths(t, "AH KH QH JH 9H 8H 7H 6H 5H 4H 3H")
    assert side == sorted(side, reverse=True) and len(set(side)) == 11
    assert t.position(Card.parse("3H")) == 0


def test_r2_5_permanent_twos_no_effect_at_level_2() -> None:
    assert tl.Trump(Rank.TWO, Suit.HEARTS, permanent_twos=True).table == (
        tl.Trump(Rank.TWO, Suit.HEARTS).table
    )


def test_r2_5_permanent_twos_off_by_default() -> None:
    t = tl.Trump(Rank.TEN, Suit.SPADES)
    assert not t.permanent_twos and not t.is_trump(Card.parse("2H"))


def test_r3_1_positions_level_10_spades() -> None:
    """♠2..♠9, ♠J..♠A are 0..11; off-suit 10s share 12; ♠10 13; SJ 14; BJ 15.
    In side suit ♥: ♥2..♥9 are 0..7, ♥J..♥A are 8..11."""
    t = tl.Trump(Rank.TEN, Suit.SPADES)
    trump_order = C("2S 3S 4S 5S 6S 7S 8S 9S JS QS KS AS")
    assert [t.position(c) for c in trump_order] == list(range(12))
    assert {t.position(c) for c in C("10H 10C 10D")} == {12}
    assert [t.position(c) for c in C("10S SJ BJ")] == [13, 14, 15]
    hearts = C("2H 3H 4H 5H 6H 7H 8H 9H JH QH KH AH")
    assert [t.position(c) for c in hearts] == list(range(12))


def test_trump_rejects_bad_level_and_suit() -> None:
    for level in (1, 15, "1", "10S", "", None, True, 10.0):
        with pytest.raises(tl.ConfigurationError, match="R1.4: a level is a rank") as info:
            tl.Trump(level, Suit.SPADES)  # type: ignore[arg-type]
        assert isinstance(info.value, ValueError)
    for suit in ("X", "SS", "", "joker", "♠♠", 4, 1.0, b"S"):
        with pytest.raises(tl.ConfigurationError, match="R2.1"):
            tl.Trump(Rank.TEN, suit)
    with pytest.raises(tl.ConfigurationError, match="R2.5"):
        tl.Trump(Rank.TEN, None, permanent_twos=1)  # type: ignore[arg-type]
    assert tl.Trump(10, 0) == tl.Trump(Rank.TEN, Suit.SPADES)


@pytest.mark.parametrize("suit", list(Suit))
def test_trump_reads_a_suit_s_letter_symbol_and_name(suit: Suit) -> None:
    """``Trump(suit="S")``: a suit's letter, symbol or name in any case (R2.1), as the
    command line's ``--trump`` reads it."""
    spellings = {suit.letter, suit.letter.lower(), suit.symbol, suit.name, suit.name.lower()}
    spellings |= {suit.name.lower().rstrip("s"), f" {suit.letter} "}
    for spelling in spellings:
        assert tl.Trump(Rank.TEN, spelling) == tl.Trump(Rank.TEN, suit), spelling
        assert tl.Trump(level="10", suit=spelling).suit is suit


def test_trump_reads_a_level_s_text() -> None:
    for text, rank in (("2", Rank.TWO), ("10", Rank.TEN), ("t", Rank.TEN), ("j", Rank.JACK)):
        assert tl.Trump(text, None).level is rank
    assert tl.Trump("A", "S") == tl.Trump(Rank.ACE, Suit.SPADES)


def test_trump_is_frozen_and_hashable() -> None:
    t = tl.Trump(Rank.TEN, Suit.SPADES)
    with pytest.raises(AttributeError):
        t.level = Rank.TWO  # type: ignore[misc]
    assert {t, tl.Trump(Rank.TEN, Suit.SPADES)} == {t}
    assert str(t) == "level 10, trump ♠"


def test_sorted_groups_trumps_first_strongest_first() -> None:
    t = tl.Trump(Rank.TEN, Suit.SPADES)
    hand = C("3H AS 10H BJ 2C 10S KH")
    assert tl.format_cards(t.sorted(hand)) == "BJ 10S 10H AS KH 3H 2C"


def reference_order(trump: tl.Trump) -> dict[int, list[list[Card]]]:
    """R2.2-R2.5 written out directly: for each effective suit, groups of equal cards from
    weakest to strongest."""
    level, suit = trump.level, trump.suit
    twos = trump.permanent_twos and level != Rank.TWO
    # R9.2 no_trump_trumps="jokers": on the no-trump level the level rank has no level card.
    specials = ([Rank.TWO] if twos else []) + ([level] if trump.level_cards else [])
    plain = [r for r in Rank if r not in specials]
    order: dict[int, list[list[Card]]] = {}
    for s in Suit:
        if s != suit:
            order[s] = [[Card(r, s)] for r in plain]
    groups: list[list[Card]] = [[Card(r, suit)] for r in plain] if suit is not None else []
    for r in specials:
        groups.append([Card(r, s) for s in Suit if s != suit])
        if suit is not None:
            groups.append([Card(r, suit)])
    groups += [[tl.SMALL_JOKER], [tl.BIG_JOKER]]
    order[tl.TRUMP] = groups
    return order


@pytest.mark.parametrize("trump", ALL_CONTEXTS, ids=str)
def test_r2_strength_and_r3_1_positions_in_every_context(trump: tl.Trump) -> None:
    """Every context (13 levels x 5 suit choices x permanent 2s on/off, and the no-trump
    contexts without level cards of R9.2) against R2 written
    out: jokers on top, off-suit level cards equal, side suits never trump, positions
    consecutive from 0 with equal cards sharing one."""
    order = reference_order(trump)
    seen: list[Card] = []
    for eff_suit, groups in order.items():
        for pos, group in enumerate(groups):
            for card in group:
                seen.append(card)
                assert trump.effective_suit(card) == eff_suit, card
                assert trump.position(card) == pos, card
                assert trump.is_trump(card) == (eff_suit == tl.TRUMP)
        for (i, g1), (j, g2) in itertools.combinations(enumerate(groups), 2):
            assert trump.strength(g1[0]) < trump.strength(g2[0])
            assert (i < j) and len({trump.strength(c) for c in g1}) == 1
    assert sorted(c.id for c in seen) == list(range(54))
    weakest_trump = min(trump.strength(c) for c in order[tl.TRUMP][0])
    for s in Suit:
        if s != trump.suit:
            assert all(trump.strength(g[0]) < weakest_trump for g in order[s])
    top = sorted(tl.CARDS, key=trump.strength)[-2:]
    assert top == [tl.SMALL_JOKER, tl.BIG_JOKER]


# ---------------------------------------------------------------------------------------------
# R9.2 no_trump_trumps: the trumps of a deal on the no-trump level


def test_r9_2_on_the_apps_no_trump_level_only_the_jokers_are_trump() -> None:
    """The online app's NT rank has no level card (its ``Trump::NoTrump { number: None }``):
    only the jokers are trump, and the A's are the top cards of their own suits."""
    rules = tl.Rules.preset("online")
    t = rules.trump(Rank.ACE, None, no_trump_level=True)
    assert not t.level_cards and t.suit is None
    assert [str(c) for c in C("BJ SJ AS AH KS") if t.is_trump(c)] == ["BJ", "SJ"]
    assert t.effective_suit(C("AS")[0]) == Suit.SPADES
    assert strengths(t, "AS KS QS") == sorted(strengths(t, "AS KS QS"), reverse=True)
    assert tl.shape_of(C("AS AS KS KS"), t).tractors == (2,)  # a side tractor in spades
    assert str(t) == "level A, no trump, no level cards"
    # 0.4's reading, still the default: the A's are trump beside the jokers.
    old = tl.Rules(top_level="no_trump").trump(Rank.ACE, None, no_trump_level=True)
    assert old.level_cards and old.is_trump(C("AS")[0]) and old == tl.Trump(Rank.ACE, None)
    # Off the no-trump level the value changes nothing.
    assert rules.trump(Rank.ACE, None) == tl.Trump(Rank.ACE, None)


def test_r9_2_a_trump_without_level_cards_names_no_suit() -> None:
    with pytest.raises(tl.ConfigurationError, match="R9.2"):
        tl.Trump(Rank.ACE, Suit.SPADES, level_cards=False)
    with pytest.raises(tl.ConfigurationError, match="R9.2"):
        tl.Trump(Rank.ACE, None, level_cards=1)  # type: ignore[arg-type]
    with pytest.raises(tl.IllegalAction, match="R9.2"):
        tl.Rules(top_level="no_trump").trump(Rank.KING, None, no_trump_level=True)


def test_r9_2_a_trump_without_level_cards_round_trips_and_old_data_has_them() -> None:
    plain = tl.Trump(Rank.ACE, None, level_cards=False)
    assert from_data(tl.Trump, to_data(tl.Trump, plain)) == plain
    assert eval(repr(plain), {"Trump": tl.Trump, "Rank": Rank}) == plain
    old = {"level": 10, "suit": None, "permanent_twos": False}
    assert from_data(tl.Trump, old) == tl.Trump(Rank.TEN, None)
