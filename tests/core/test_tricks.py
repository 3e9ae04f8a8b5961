"""The examples of RULES.md R6-R8 as named tests, plus bad input (R11)."""

from __future__ import annotations

import doctest
import random
from collections import Counter

import attrs
import pytest

import tuolaji.core.legal
import tuolaji.core.tricks
from tuolaji import (
    ConfigurationError,
    GameState,
    IllegalAction,
    InvalidCards,
    PlayPhase,
    Rank,
    Suit,
    ThrowFailed,
    Trump,
    format_cards,
    parse_cards,
)
from tuolaji.core.legal import legal_follows, legal_leads
from tuolaji.core.rules import FORCED_UNIT_ORDERS, RULESETS
from tuolaji.core.tricks import (
    check_follow,
    check_lead,
    check_throw,
    follow_error,
    is_legal_follow,
    is_legal_lead,
    is_ruff,
    lead_error,
    points_in_trick,
    trick_winner,
)

T10S = Trump(Rank.TEN, Suit.SPADES)  # the examples' context: level 10, trump ♠
T2S = Trump(Rank.TWO, Suit.SPADES)  # 9 8 7 4 of ♠ are plain trumps
P = parse_cards


def multiset(cards: object) -> tuple[str, ...]:
    return tuple(sorted(str(c) for c in cards))  # type: ignore[attr-defined]


def follows(lead: str, hand: str, trump: Trump = T10S) -> set[tuple[str, ...]]:
    return {multiset(p) for p in legal_follows(P(lead), P(hand), trump)}


def winner(trump: Trump, *plays: str) -> int:
    return trick_winner([P(p) for p in plays], trump)


# --------------------------------------------------------------------------------- R6.2 leads


def test_r6_2_lead_of_one_suit_is_legal() -> None:
    hand = P("AH AH KH 3D SJ 10C 5S")
    assert is_legal_lead(hand, P("AH AH KH"), T10S)  # a throw is a legal attempt
    assert is_legal_lead(hand, P("SJ 10C 5S"), T10S)  # jokers, level cards, ♠: one suit


def test_r6_2_mixed_suits_lead_is_illegal() -> None:
    err = lead_error(P("AH SJ 3D"), P("AH SJ"), T10S)
    assert err is not None and err.rule == "R6.2"
    assert "one suit" in str(err) and "♥A" in str(err) and "SJ" in str(err)
    with pytest.raises(IllegalAction, match="R6.2"):
        check_lead(P("AH SJ 3D"), P("AH SJ"), T10S)


def test_r6_2_empty_lead_is_illegal() -> None:
    err = lead_error(P("AH"), (), T10S)
    assert err is not None and err.rule == "R6.2"


def test_r11_lead_of_cards_not_held() -> None:
    err = lead_error(P("AH KH"), P("AH AH"), T10S)
    assert err is not None and err.rule == "R11" and "♥A" in str(err)


def test_r6_2_every_one_suit_submultiset_is_a_lead() -> None:
    leads = legal_leads(P("AH AH KH 3D 3D"), T10S)
    # ♥: A taken 0..2 times, K 0..1 (minus nothing) = 5; ♦: 3 taken 1..2 times = 2.
    assert len(leads) == 7
    assert {multiset(p) for p in leads} == {
        ("AH",),
        ("AH", "AH"),
        ("KH",),
        ("AH", "KH"),
        ("AH", "AH", "KH"),
        ("3D",),
        ("3D", "3D"),
    }
    assert P("KH AH AH") in leads and P("AH 3D") not in leads and P("AH AH AH") not in leads
    assert [] not in leads and "AH" not in leads


# ----------------------------------------------------------------------------- R6.3, R6.4 throws

CLUB_THROW = "9C 8C 8C 4C 4C"  # seed 000: ♣98844 = single 9, pair 88, pair 44


def test_r6_3_throw_stands_when_no_unit_can_be_beaten() -> None:
    """Seed 000: ♣98844 stands only if nobody holds a ♣ single above 9, a ♣ pair above 88
    or a ♣ pair above 44."""
    others = [P("7C 6C 3C"), P("2C 5H"), P("AD AD")]
    result = check_throw(P(CLUB_THROW), others, T10S)
    assert result.ok and result.forced == P(CLUB_THROW) and result.beaten_by == ()


def test_r6_4_higher_single_forces_the_single() -> None:
    """Seed 000: with a ♣J outside, ♣98844 becomes ♣9."""
    result = check_throw(P(CLUB_THROW), [P("JC 2H"), P("3D"), P("5S")], T10S)
    assert not result.ok and format_cards(result.forced) == "9C" and result.beaten_by == (0,)
    assert result.attempt == P(CLUB_THROW)


def test_r6_4_higher_pair_forces_the_lowest_pair() -> None:
    """Seed 000: with ♣55 outside (and no higher single), ♣98844 becomes ♣44."""
    result = check_throw(P(CLUB_THROW), [P("3D"), P("5C 5C"), P("5S")], T10S)
    assert not result.ok and format_cards(result.forced) == "4C 4C" and result.beaten_by == (1,)


def test_r6_4_seed_000_queen_pair_outside_forces_the_lowest_pair() -> None:
    """Seed 000: 其必须出欲联出的牌中的最小牌 — with ♣QQ outside (which beats the 9, the 88
    and the 44), ♣98844 becomes ♣44: the beatable unit holding the lowest card."""
    result = check_throw(P(CLUB_THROW), [P("QC QC"), P("3D"), P("5S")], T10S)
    assert not result.ok and format_cards(result.forced) == "4C 4C"
    assert result.beaten_by == (0,)


def test_r6_4_seed_000_example_j_qq_and_55_outside() -> None:
    """Seed 000's R6.4 example in full: ♣J outside → ♣9; ♣QQ outside → ♣44; ♣55 outside (no
    higher single) → ♣44. The default order is "lowest"."""
    cases = [("JC 2H", "9C"), ("QC QC", "4C 4C"), ("5C 5C", "4C 4C")]
    for holding, forced in cases:
        for hands in ([P(holding), P("3D"), P("5S")], [P("3D"), P("5S"), P(holding)]):
            result = check_throw(P(CLUB_THROW), hands, T10S)
            explicit = check_throw(P(CLUB_THROW), hands, T10S, forced_unit="lowest")
            assert result == explicit
            assert not result.ok and format_cards(result.forced) == forced


def test_r6_4_smallest_house_rule_takes_size_first() -> None:
    """R6.4 ``forced_unit="smallest"`` (house rule): with ♣QQ outside the single ♣9 goes,
    because a single is smaller than a pair whatever their positions."""
    others = [P("QC QC"), P("3D"), P("5S")]
    result = check_throw(P(CLUB_THROW), others, T10S, forced_unit="smallest")
    assert format_cards(result.forced) == "9C" and result.beaten_by == (0,)
    others = [P("9C 9C"), P("AC"), P("2D")]
    result = check_throw(P("KC 8C 8C"), others, T10S, forced_unit="smallest")
    assert format_cards(result.forced) == "KC" and result.beaten_by == (1,)


# Throw ♣K ♣99 ♣5544 (level 10, trump ♠): a single, a pair and a tractor.
NEAREST_THROW = "KC 9C 9C 5C 5C 4C 4C"


@pytest.mark.parametrize(
    ("order", "forced", "beaten_by"),
    [
        ("lowest", "5C 5C 4C 4C", (1,)),
        ("smallest", "KC", (1,)),
        ("nearest_seat", "9C 9C", (0,)),
    ],
)
def test_r6_4_nearest_seat_forces_the_first_blocking_seats_smallest_unit(
    order: str, forced: str, beaten_by: tuple[int, ...]
) -> None:
    """R6.4 ``forced_unit="nearest_seat"`` (issue #31: the online app's failed throw): the
    next seat holds ♣JJ (beats only the pair 99), the one after ♣A ♣7766 (beats the K and
    the tractor). ``"lowest"`` forces the tractor, ``"smallest"`` the K, both beaten only by
    the far seat; ``"nearest_seat"`` asks the next seat first, which can beat only ♣99."""
    others = [P("JC JC 2D"), P("AC 7C 7C 6C 6C"), P("3D")]
    result = check_throw(P(NEAREST_THROW), others, T10S, forced_unit=order)  # type: ignore[arg-type]
    assert not result.ok
    assert format_cards(result.forced) == forced and result.beaten_by == beaten_by


def test_r6_4_nearest_seat_follows_the_turn_order() -> None:
    """R6.4 ``"nearest_seat"``: the same hands in the other turn order. The next seat is now
    void in ♣; the seat after it holds ♣A ♣7766 and can beat the K and the tractor: its
    smallest beatable unit (size first: the single) goes. The seat holding ♣JJ, last, is not
    named: it cannot beat the K."""
    others = [P("3D"), P("AC 7C 7C 6C 6C"), P("JC JC 2D")]
    result = check_throw(P(NEAREST_THROW), others, T10S, forced_unit="nearest_seat")
    assert format_cards(result.forced) == "KC" and result.beaten_by == (1,)
    # Smallest means size first, then the lowest card: the next seat holds ♣A ♣JJ and beats
    # the K and the 99: the single K goes, though the pair holds a lower card.
    others = [P("AC JC JC"), P("7C 7C 6C 6C"), P("3D")]
    result = check_throw(P(NEAREST_THROW), others, T10S, forced_unit="nearest_seat")
    assert format_cards(result.forced) == "KC" and result.beaten_by == (0,)
    # The named seats are every seat beating the forced unit, the far ones too.
    others = [P("JC JC"), P("3D"), P("QC QC")]
    result = check_throw(P(NEAREST_THROW), others, T10S, forced_unit="nearest_seat")
    assert format_cards(result.forced) == "9C 9C" and result.beaten_by == (0, 2)


def test_r6_4_lowest_position_whatever_the_size() -> None:
    """R6.4 "lowest": pairs 88 and 44 both beatable → the lower pair; a beatable single K
    and a beatable pair 88 → the pair, since it holds the lower card."""
    result = check_throw(P("AC 8C 8C 4C 4C"), [P("9C 9C"), P("5C 5C"), P("2D")], T10S)
    assert format_cards(result.forced) == "4C 4C" and result.beaten_by == (0, 1)
    result = check_throw(P("KC 8C 8C"), [P("9C 9C"), P("AC"), P("2D")], T10S)
    assert format_cards(result.forced) == "8C 8C" and result.beaten_by == (0,)


def test_r6_4_ties_on_a_level_position_smaller_unit_then_suit_order() -> None:
    """R6.4: only off-suit level cards share a position. Equal singles ♥10 and ♣10 (level 10,
    trump ♠): the first in suit order ♠ ♥ ♣ ♦ goes. The single ♣10 and the tractor
    ♥10♥10 ♠10♠10 both hold a card at that position: the smaller unit (the single) goes."""
    # Trump throw ♣10 ♥10 BJ: a ♠10 (above the off-suit 10s) beats both 10s, not the BJ.
    others = [P("10S 2D"), P("3D"), P("4D")]
    for order in FORCED_UNIT_ORDERS:
        result = check_throw(P("10C 10H BJ"), others, T10S, forced_unit=order)
        assert format_cards(result.forced) == "10H" and result.beaten_by == (0,)
    # Trump throw ♣10 + tractor ♥10♥10 ♠10♠10: SJ SJ BJ BJ beats the tractor, BJ the single.
    result = check_throw(P("10C 10H 10H 10S 10S"), [P("SJ SJ BJ BJ"), P("3D"), P("4D")], T10S)
    assert format_cards(result.forced) == "10C" and result.beaten_by == (0,)


@pytest.mark.parametrize(
    ("order", "forced"), [("lowest", "10C"), ("smallest", "10C"), ("nearest_seat", "10D")]
)
def test_r6_4_equal_singles_clubs_and_diamonds_in_each_orders_suit_order(
    order: str, forced: str
) -> None:
    """R6.4 (issue #42): equal off-suit level singles ♣10 and ♦10 (level 10, trump ♠), both
    beaten by the next seat's ♠10. The seeds' reading takes the first in suit order ♠ ♥ ♣ ♦
    (♣10); the online app sorts equal cards by their characters, ♠ ♥ ♦ ♣, and its failed
    throw forces the first beatable unit of that order (♦10): ``"nearest_seat"`` does too."""
    others = [P("10S 2D"), P("3D"), P("4D")]
    result = check_throw(P("10C 10D BJ"), others, T10S, forced_unit=order)  # type: ignore[arg-type]
    assert format_cards(result.forced) == forced and result.beaten_by == (0,)
    # The same tie between equal pairs: ♣10♣10 against ♦10♦10, ♠10♠10 beating both.
    others = [P("10S 10S"), P("3D"), P("4D")]
    result = check_throw(P("10C 10C 10D 10D BJ"), others, T10S, forced_unit=order)  # type: ignore[arg-type]
    assert format_cards(result.forced) == f"{forced} {forced}" and result.beaten_by == (0,)


@pytest.mark.parametrize(("order", "forced"), [("smallest", "10C"), ("nearest_seat", "10D")])
def test_r6_4_the_state_machine_and_simulator_break_the_tie_alike(order: str, forced: str) -> None:
    """R6.4 (issue #42) in a deal: the state machine, the bitboards' forced single and the
    simulator play the same card of a throw failing on equal ♣10 ♦10."""
    rules = attrs.evolve(RULESETS["tuolaji"], forced_unit=order)
    s = GameState.for_play(
        rules,
        hands=[
            P("10C 10D BJ 3H 3H"),
            P("10S 2D 4D 5D 6D"),
            P("5S 6S 7S 8S 9S"),
            P("5H 6H 7H 8H 9H"),
        ],
        kitty=P("7D 7D 3C 3C 4H 4H 6C 6C"),
        trump=T10S,
        dealer=0,
        levels=(Rank.TEN, Rank.TWO),
    )
    after = s.play(0, P("10C 10D BJ"))
    (failed,) = [e for e in after.events if isinstance(e, ThrowFailed)]
    assert format_cards(failed.forced) == forced
    assert format_cards(after.trick[0]) == forced
    phase = PlayPhase.from_state(s)
    phase.push(tuple(c.id for c in P("10C 10D BJ")))
    assert phase.trick[0] == tuple(c.id for c in P(forced))


def test_r6_4_unknown_forced_unit_order_is_refused() -> None:
    with pytest.raises(ConfigurationError) as info:
        check_throw(P(CLUB_THROW), [P("JC"), P("3D"), P("5S")], T10S, forced_unit="big")  # type: ignore[arg-type]
    assert "R6.4" in str(info.value)


def test_r6_3_partner_and_every_beating_hand_are_named() -> None:
    result = check_throw(P(CLUB_THROW), [P("2H"), P("JC"), P("KC 3C")], T10S)
    assert format_cards(result.forced) == "9C" and result.beaten_by == (1, 2)


def test_r6_3_tractor_is_beaten_by_a_higher_tractor_only() -> None:
    throw = P("AH 9H 9H 8H 8H")  # level 2: single ♥A and tractor ♥9988
    assert check_throw(throw, [P("JH JH 7H 7H"), P("3D"), P("4D")], T2S).ok  # pairs, no tractor
    result = check_throw(throw, [P("3D"), P("JH JH 10H 10H"), P("4D")], T2S)
    assert format_cards(result.forced) == "9H 9H 8H 8H" and result.beaten_by == (1,)
    # Part of a longer run counts.
    result = check_throw(throw, [P("QH QH JH JH 10H 10H"), P("3D"), P("4D")], T2S)
    assert not result.ok and result.beaten_by == (0,)


def test_r6_3_a_single_unit_lead_always_stands() -> None:
    for lead in ("3C 3C", "3C", "5C 5C 4C 4C"):
        result = check_throw(P(lead), [P("AC AC KC KC"), P("QC"), P("JC")], T10S)
        assert result.ok and result.forced == P(lead)


def test_r6_3_equal_level_cards_do_not_beat() -> None:
    # Trump lead ♥10 + ♠A♠A: another seat's ♣10 is equal to ♥10, not higher.
    assert check_throw(P("10H AS AS"), [P("10C"), P("2D"), P("3D")], T10S).ok
    result = check_throw(P("10H AS AS"), [P("10S"), P("2D"), P("3D")], T10S)
    assert format_cards(result.forced) == "10H"


def test_r6_2_check_throw_rejects_a_mixed_lead() -> None:
    with pytest.raises(IllegalAction) as info:
        check_throw(P("AH AD"), [P("2C"), P("3C"), P("4C")], T10S)
    assert info.value.rule == "R6.2"


# ------------------------------------------------------------------------ R7.1, R7.2 following


def test_r7_1_wrong_number_of_cards() -> None:
    err = follow_error(P("KH KH"), P("QH 3H 5D"), P("QH"), T10S)
    assert err is not None and err.rule == "R7.1" and "exactly 2" in str(err)
    assert not is_legal_follow(P("KH KH"), P("QH 3H 5D"), P("QH"), T10S)


def test_r7_1_empty_play() -> None:
    err = follow_error(P("KH"), P("QH 3H"), (), T10S)
    assert err is not None and err.rule == "R7.1"
    with pytest.raises(IllegalAction, match="R7.1"):
        check_follow(P("KH"), P("QH 3H"), (), T10S)


def test_r11_follow_with_cards_not_held() -> None:
    hand = [*P("QH 3H 5D")]
    err = follow_error(P("KH KH"), hand, P("QH QH"), T10S)
    assert err is not None and err.rule == "R11" and "♥Q" in str(err)
    assert isinstance(err, ValueError)
    assert hand == [*P("QH 3H 5D")]


def test_r7_2_must_follow_suit() -> None:
    err = follow_error(P("KH"), P("3H 5D"), P("5D"), T10S)
    assert err is not None and err.rule == "R7.2" and "♥" in str(err)
    assert follows("KH", "3H 5D") == {("3H",)}


def test_r7_2_short_in_suit_plays_all_of_it_plus_any_others() -> None:
    assert follows("KH KH", "3H 5D 6D") == {("3H", "5D"), ("3H", "6D")}
    err = follow_error(P("KH KH"), P("3H 5D 6D"), P("5D 6D"), T10S)
    assert err is not None and err.rule == "R7.2" and "♥3" in str(err)


def test_r7_2_void_plays_anything() -> None:
    assert follows("KH KH", "5D 6D 7S") == {("5D", "6D"), ("5D", "7S"), ("6D", "7S")}


def test_r7_2_trumps_are_one_suit() -> None:
    # Trump lead ♠A: SJ, ♥10 (level) and ♠3 all follow it; the ♦ card does not.
    assert follows("AS", "SJ 10H 3S 4D") == {("SJ",), ("10H",), ("3S",)}


# ----------------------------------------------------------------------------------- R7.3 shape


def test_r7_3_pair_must_follow_pair() -> None:
    err = follow_error(P("KH KH"), P("QH QH 3H 5D"), P("QH 3H"), T10S)
    assert err is not None and err.rule == "R7.3"
    assert str(err) == "R7.3: the lead ♥KK has a pair of ♥; you hold ♥QQ; play a pair"
    assert follows("KH KH", "QH QH 3H 5D") == {("QH", "QH")}


def test_r7_3_tractor_must_follow_tractor() -> None:
    """RULES R7.3: lead ♥KKQQ, holder of ♥JJ99 must play them (level 10: a tractor)."""
    assert follows("KH KH QH QH", "JH JH 9H 9H 3H 5D") == {("9H", "9H", "JH", "JH")}


def test_r7_3_two_pairs_when_no_tractor() -> None:
    """RULES R7.3: lead ♥KKQQ, holder of ♥AA ♥77 ♥3 must play ♥AA77."""
    assert follows("KH KH QH QH", "AH AH 7H 7H 3H 4D") == {("7H", "7H", "AH", "AH")}
    err = follow_error(P("KH KH QH QH"), P("AH AH 7H 7H 3H"), P("AH AH 7H 3H"), T10S)
    assert err is not None and err.rule == "R7.3"
    assert "you hold ♥AA ♥77" in str(err) and "play two pairs" in str(err)


def test_r7_3_one_pair_and_singles() -> None:
    """RULES R7.3: lead ♥KKQQ, holder of ♥AA and single ♥s must play ♥AA and more ♥.

    With more ♥ than the lead the choice of singles is free; with exactly ♥AA ♥7 ♥3 (four
    cards, the lead's size) R7.2 already makes the seat play all four."""
    assert follows("KH KH QH QH", "AH AH 7H 5H 3H") == {
        ("5H", "7H", "AH", "AH"),
        ("3H", "7H", "AH", "AH"),
        ("3H", "5H", "AH", "AH"),
    }
    err = follow_error(P("KH KH QH QH"), P("AH AH 7H 5H 3H"), P("AH 7H 5H 3H"), T10S)
    assert err is not None
    assert "play a pair and 2 more ♥ cards" in str(err)
    assert follows("KH KH QH QH", "AH AH 7H 3H 5D") == {("3H", "7H", "AH", "AH")}


def test_r7_3_tractor3_lead_holder_of_tractor2_and_pair_plays_both() -> None:
    """RULES R7.3: lead tractor(3), holder of a tractor(2) and another pair must play both."""
    lead = "KH KH QH QH JH JH"
    assert follows(lead, "8H 8H 7H 7H 5H 5H 3H 2D") == {
        ("5H", "5H", "7H", "7H", "8H", "8H"),
    }
    err = follow_error(P(lead), P("8H 8H 7H 7H 5H 5H 3H"), P("8H 8H 5H 5H 7H 3H"), T10S)
    assert err is not None and "play a tractor of 2 pairs and a pair" in str(err)


def test_r7_3_two_tractors_before_one() -> None:
    """RULES R7.3: lead ♥KKQQJJ99 (tractor(4)), holder of ♥8877 ♥5544 ♥22 must play
    ♥88775544 (tractor(2) + tractor(2) ranks above tractor(2) + pair + pair)."""
    lead, hand = "KH KH QH QH JH JH 9H 9H", "8H 8H 7H 7H 5H 5H 4H 4H 2H 2H"
    assert follows(lead, hand) == {tuple(sorted(["8H", "8H", "7H", "7H", "5H", "5H", "4H", "4H"]))}
    assert not is_legal_follow(P(lead), P(hand), P("8H 8H 7H 7H 5H 5H 2H 2H"), T10S)


def test_r7_3_throw_with_tractors_holder_of_six_separate_pairs() -> None:
    """RULES R7.3: a thrown tractor(3) + tractor(2) + pair, holder of six separate pairs and
    no tractor: all six pairs. (Trumps, level 10, trump ♠: ♥10 ♣10 ♦10 share a position, so
    their pairs are separate pairs, not a tractor.)"""
    lead = "10S 10S SJ SJ BJ BJ JS JS 9S 9S KS KS"
    pairs = "2S 2S 4S 4S 6S 6S 10H 10H 10C 10C 10D 10D"
    assert follows(lead, pairs + " 3S 4D") == {tuple(sorted(pairs.split()))}


def test_r7_3_candidate_tractors_are_cut_from_the_leads_tractors() -> None:
    """R7.3: candidates come from splitting the lead's units. A thrown tractor(4) + tractor(2)
    cannot become tractor(3) + tractor(3), so a holder of two tractor(3)s and another pair
    must keep tractor(3) + tractor(2) + pair: any six of its seven pairs that hold both."""
    lead = "2H 2H 2S 2S SJ SJ BJ BJ 3S 3S 4S 4S"  # level 2, trump ♠: tractor(4) + tractor(2)
    hand = "6S 6S 7S 7S 8S 8S 10S 10S JS JS QS QS AS AS"
    pairs = ["6S", "7S", "8S", "10S", "JS", "QS", "AS"]
    expected = {
        tuple(sorted(2 * [c for c in pairs if c != dropped]))
        for dropped in ("6S", "8S", "10S", "QS", "AS")  # not a tractor's middle pair
    }
    assert follows(lead, hand, T2S) == expected


def test_r7_3_pairs_inside_a_throw_count() -> None:
    # Thrown ♥AA ♥99 ♥3 (two pairs and a single): the holder of two pairs plays both.
    got = follows("AH AH 9H 9H 3H", "JH JH 5H 5H 4H 6H")
    assert got == {("4H", "5H", "5H", "JH", "JH"), ("5H", "5H", "6H", "JH", "JH")}


def test_r7_3_equal_level_cards_are_not_a_pair() -> None:
    """R2.4: ♥10 and ♣10 (level 10, trump ♠) are equal but not a pair."""
    assert follows("AS AS", "10H 10C 3S") == {("10H", "3S"), ("10C", "3S"), ("10C", "10H")}


# ----------------------------------------------------------------------- R7.4-R7.6 the winner


def test_r7_5_seed_pair_and_single_lead_ruff_and_overruff() -> None:
    """Seed 000: side-suit lead ♦544: trump 977 ruffs, trump 884 over-ruffs (88 beats 77)."""
    assert is_ruff(P("5D 4D 4D"), P("9S 7S 7S"), T2S)
    assert winner(T2S, "5D 4D 4D", "9S 7S 7S") == 1
    assert winner(T2S, "5D 4D 4D", "9S 7S 7S", "8S 8S 4S") == 2


def test_r7_5_seed_singles_lead_884_does_not_overruff() -> None:
    """Seed 000: lead ♦567: trump 977 ruffs, 884 does not (singles compare highest first)."""
    assert winner(T2S, "5D 6D 7D", "9S 7S 7S", "8S 8S 4S") == 1


def test_r7_4_trumps_not_fitting_the_shape_are_a_discard() -> None:
    assert not is_ruff(P("4D 4D"), P("3S 5S"), T2S)
    assert winner(T2S, "4D 4D", "3S 5S") == 0
    assert winner(T2S, "4D 4D", "9S 9C") == 0  # trumps mixed with side cards
    assert winner(T2S, "4D 4D", "3S 5S", "3D 3D") == 0  # ♦33 is lower than ♦44
    assert not is_ruff(P("4S 4S"), P("3S 3S"), T2S)  # a trump lead cannot be ruffed


def test_r7_5_any_ruff_beats_any_led_suit_play() -> None:
    assert winner(T2S, "4D", "AD", "3S", "KD") == 2


def test_r7_5_equal_plays_the_earliest_wins() -> None:
    """R7.1, R2.4: equal cards, the one played first wins."""
    assert winner(T10S, "10H", "10C") == 0
    assert winner(T10S, "10H", "10S") == 1
    assert winner(T10S, "3H", "9S", "9S") == 1  # equal ruffs: the first stands


def test_r7_5_higher_led_suit_play_wins_and_off_suit_cannot() -> None:
    assert winner(T10S, "3H", "AH", "AC") == 1
    assert winner(T10S, "3H 3H", "AH KH", "4H 4H") == 2  # two singles do not fit a pair
    assert winner(T10S, "3H 3H 4H 4H", "AH AH QH QH", "5H 5H 6H 6H") == 2


def test_r7_5_equal_length_tractors_compare_highest_first() -> None:
    # Thrown ♦AAKK + ♦6655 ruffed twice: ♠QQJJ + ♠4433 (tops Q, 4) beats ♠10 10 99 + ♠7766
    # (tops 10, 7): the higher tractors are compared first.
    lead = "AD AD KD KD 6D 6D 5D 5D"
    first = "QS QS JS JS 4S 4S 3S 3S"
    second = "10S 10S 9S 9S 7S 7S 6S 6S"
    assert winner(T2S, lead, first, second) == 1
    assert winner(T2S, lead, second, first) == 2


def test_r7_5_best_split_decides() -> None:
    # Lead ♦AA ♦K ♦Q (pair + two singles). ♠10♠10 ♣10♣10 splits as pair ♠10 (the higher
    # position) + singles, which beats ♥10♥10's pair; split the other way it would only tie.
    assert winner(T10S, "AD AD KD QD", "10H 10H 3S 4S", "10S 10S 10C 10C") == 2


def test_r7_6_a_throw_cannot_be_beaten_in_its_suit_only_ruffed() -> None:
    assert winner(T2S, "QD QD 3D", "AD AD 4D") == 0
    assert winner(T2S, "QD QD 3D", "AD AD 4D", "5S 5S 6S", "7S 7S 3S") == 3


def test_r7_1_plays_of_different_sizes_are_rejected() -> None:
    with pytest.raises(IllegalAction) as info:
        winner(T10S, "3H 3H", "AH")
    assert info.value.rule == "R7.1"


def test_r8_1_trick_points() -> None:
    assert points_in_trick([P("5H KH"), P("10D 2C"), P("3S 4S"), P("SJ BJ")]) == 25


# ------------------------------------------------------------------------ collections, errors


def test_follow_collection_membership_is_order_free() -> None:
    f = legal_follows(P("KH KH QH QH"), P("AH AH 7H 7H 3H 4D"), T10S)
    assert len(f) == 1 and f.count() == 1 and bool(f)
    assert P("7H AH 7H AH") in f and [*P("AH AH 7H 7H")] in f
    assert P("AH AH 7H 3H") not in f and ["AH"] not in f and 3 not in f
    (only,) = list(f)
    assert only == T10S.sorted(only)  # canonical order: strongest first


def test_sample_reaches_every_follow_uniformly() -> None:
    lead, hand = P("KH KH QH"), P("4D 4D 5D 3C 3C 6C 9S")
    f = legal_follows(lead, hand, T10S)
    plays = {multiset(p) for p in f}
    assert len(plays) == len(f) > 10
    rng = random.Random(3)
    draws = Counter(multiset(f.sample(rng)) for _ in range(300 * len(f)))
    assert set(draws) == plays
    assert all(150 < n < 450 for n in draws.values())


def test_sample_reaches_every_tractor_follow_uniformly() -> None:
    # Lead ♥KKQQ + ♥5; the holder must keep a tractor (♥JJ99 or ♥9988, level 10) plus any
    # one other ♥: 2 x 4 = 8 plays.
    f = legal_follows(P("KH KH QH QH 5H"), P("JH JH 9H 9H 8H 8H 3H 4H 2H"), T10S)
    plays = {multiset(p) for p in f}
    assert len(plays) == len(f) == 8
    rng = random.Random(5)
    draws = Counter(multiset(f.sample(rng)) for _ in range(300 * len(f)))
    assert set(draws) == plays
    assert all(200 < n < 400 for n in draws.values())


def test_sample_reaches_every_lead_uniformly() -> None:
    leads = legal_leads(P("AH AH KH 3D 3D 4D SJ"), T10S)
    plays = {multiset(p) for p in leads}
    assert len(plays) == len(leads)
    rng = random.Random(4)
    draws = Counter(multiset(leads.sample(rng)) for _ in range(300 * len(leads)))
    assert set(draws) == plays
    assert all(150 < n < 450 for n in draws.values())


def test_r1_1_hand_with_three_copies_is_rejected() -> None:
    with pytest.raises(InvalidCards):
        is_legal_follow(P("KH"), P("3H 3H 3H"), P("3H"), T10S)
    with pytest.raises(InvalidCards):
        legal_leads(P("3H 3H 3H"), T10S)


def test_is_legal_follow_rejects_a_mixed_lead() -> None:
    with pytest.raises(IllegalAction) as info:
        is_legal_follow(P("KH KD"), P("3H 3D"), P("3H 3D"), T10S)
    assert info.value.rule == "R6.2"


def test_inputs_are_not_changed() -> None:
    lead, hand, play = [*P("KH KH")], [*P("QH QH 3H 5D")], [*P("QH 3H")]
    others = [[*P("AH")], [*P("2H 2H")], [*P("5D")]]
    before = (list(lead), list(hand), list(play), [list(h) for h in others])
    follow_error(lead, hand, play, T10S)
    is_legal_follow(lead, hand, play, T10S)
    list(legal_follows(lead, hand, T10S))
    list(legal_leads(hand, T10S))
    check_throw(lead, others, T10S)
    trick_winner([lead, play], T10S)
    assert (lead, hand, play, others) == before


def test_docstring_examples_run() -> None:
    for module in (tuolaji.core.tricks, tuolaji.core.legal):
        assert doctest.testmod(module).failed == 0


@pytest.mark.parametrize(
    ("order", "forced"), [("lowest", "4C 4C"), ("smallest", "9C"), ("nearest_seat", "9C")]
)
def test_r6_4_the_state_machine_plays_the_rules_forced_unit(order: str, forced: str) -> None:
    """R6.4 in a deal: ``Rules.forced_unit`` picks the unit the state machine plays and
    records in ``ThrowFailed`` (seed 000's ♣98844 with ♣QQ outside)."""
    rules = attrs.evolve(RULESETS["tuolaji"], forced_unit=order)
    s = GameState.for_play(
        rules,
        hands=[P(CLUB_THROW), P("QC QC 3D 3D 4D"), P("5S 6S 7S 8S 9S"), P("5H 6H 7H 8H 9H")],
        kitty=P("2D 2D 3H 3H 4H 4H 6D 6D"),
        trump=T10S,
        dealer=0,
        levels=(Rank.TEN, Rank.TWO),
    )
    s = s.play(0, P(CLUB_THROW))
    (failed,) = [e for e in s.events if isinstance(e, ThrowFailed)]
    assert format_cards(failed.forced) == forced and failed.beaten_by == (1,)
    assert s.trick == (P(forced),)


@pytest.mark.parametrize(("dealer", "forced", "named"), [(0, "9C 9C", (1,)), (2, "KC", (3,))])
def test_r6_4_nearest_seat_in_a_deal_and_r6_5_the_penalty(
    dealer: int, forced: str, named: tuple[int, ...]
) -> None:
    """R6.4 ``forced_unit="nearest_seat"`` in a deal: seat 1 holds ♣JJ, seat 3 ♣A ♣7766.
    Seat 0 throwing ♣K ♣99 ♣5544 is stopped by seat 1, its next seat: ♣99 goes. Seat 2
    throwing the same cards is stopped by seat 3 first: the K goes, and seat 1 (♣JJ) is not
    named. The thrower pays the R6.5 penalty as under every order."""
    hands = [
        P("2D 3D 4D 6D 7D 8D 9D"),
        P("JC JC 2H 3H 4H 6H 7H"),
        P("2S 3S 4S 5S 6S 7S 8S"),
        P("AC 7C 7C 6C 6C 8H 9H"),
    ]
    hands[dealer] = P(NEAREST_THROW)
    rules = attrs.evolve(RULESETS["tuolaji"], forced_unit="nearest_seat")
    s = GameState.for_play(
        rules,
        hands=hands,
        kitty=P("2C 2C 3C 3C JH JH QH QH"),
        trump=T10S,
        dealer=dealer,
        levels=(Rank.TEN, Rank.TWO),
    )
    s = s.play(dealer, P(NEAREST_THROW))
    (failed,) = [e for e in s.events if isinstance(e, ThrowFailed)]
    assert format_cards(failed.forced) == forced and failed.beaten_by == named
    assert s.trick == (P(forced),) and s.failed_throws == (dealer,)
    assert GameState.from_json(s.to_json()) == s
