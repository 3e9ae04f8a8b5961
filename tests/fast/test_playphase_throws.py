"""Failed and standing throws on the bitboards (R6.3, R6.4, R6.5), the cases random deals rarely
reach: equal cards, a pair below the lowest single, and each forced-unit house rule. Each
position is checked against GameState too."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest

import tuolaji as tl
from tuolaji import GameState, PlayPhase
from tuolaji.core.rules import FORCED_UNIT_ORDERS

TRUMP = tl.Trump(tl.Rank.TWO, tl.Suit.SPADES)


def position(hands: list[str], forced_unit: str = "lowest") -> GameState:
    """Seat 0 (the dealer) to lead; the kitty is 8 cards no hand holds."""
    dealt = [tl.parse_cards(h) for h in hands]
    left = Counter(tl.full_deck())
    for hand in dealt:
        left.subtract(hand)
    kitty = list(left.elements())[:8]
    rules = attrs.evolve(tl.Rules(), forced_unit=forced_unit)
    return GameState.for_play(
        rules, hands=dealt, kitty=kitty, trump=TRUMP, dealer=0, levels=(tl.Rank.TWO,) * 2
    )


def lead(state: GameState, text: str) -> tuple[PlayPhase, GameState]:
    """Seat 0 leads ``text`` in both; they must agree on what was played."""
    sim = PlayPhase.from_state(state)
    sim.push(tuple(c.id for c in tl.parse_cards(text)))
    after = state.play(0, tl.parse_cards(text))
    assert sim.trick == tuple(tuple(c.id for c in p) for p in after.trick)
    assert sim.failed_throws == after.failed_throws
    return sim, after


@pytest.mark.parametrize("forced_unit", FORCED_UNIT_ORDERS)
def test_a_throw_failing_on_equal_level_cards_forces_the_first_in_suit_order(
    forced_unit: str,
) -> None:
    """R6.4: ♥2 and ♣2 (off-suit level cards, equal, R2.2) are both beaten by seat 1's big
    joker; between equal units the one first in suit order ♠ ♥ ♣ ♦ is forced: ♥2."""
    state = position(["2H 2C 3D 4D", "BJ 5D 6D 7D", "8D 9D 10D JD", "3C 4C 5C 6C"], forced_unit)
    sim, _ = lead(state, "2C 2H")
    assert sim.trick == ((tl.parse_cards("2H")[0].id,),)
    assert sim.failed_throws == (0,)


def test_an_equal_card_does_not_beat_a_thrown_single() -> None:
    """R6.3: a throw fails only to a strictly higher unit; ♣2 equals the thrown ♥2 and ♦2, so
    the throw stands and no failure counts (R6.5)."""
    state = position(["2H 2D 3D 4D", "2C 5D 6D 7D", "8D 9D 10D JD", "3C 4C 5C 6C"])
    sim, _ = lead(state, "2H 2D")
    assert sim.trick == (tuple(c.id for c in tl.parse_cards("2H 2D")),)
    assert sim.failed_throws == ()


@pytest.mark.parametrize(
    ("forced_unit", "forced"), [("lowest", "3D 3D"), ("smallest", "9D"), ("nearest_seat", "9D")]
)
def test_the_forced_unit_follows_the_house_rule(forced_unit: str, forced: str) -> None:
    """R6.4: ♦33 + ♦9 thrown; seat 1 beats both (♦44, ♦10). ``"lowest"`` forces the unit with
    the lowest card, the pair; ``"smallest"`` and ``"nearest_seat"`` the single first."""
    state = position(
        ["3D 3D 9D 5C 6C", "4D 4D 10D 7C 8C", "JD QD 3H 4H 5H", "6H 7H 8H 9H 10H"], forced_unit
    )
    sim, after = lead(state, "3D 9D 3D")
    assert sim.trick == (tuple(c.id for c in tl.parse_cards(forced)),)
    rng = random.Random(1)
    while not sim.is_terminal:
        move = sim.sample_move(rng)
        sim.push(move)
        after = after.play(after.turn, tuple(tl.CARDS[c] for c in move))
    assert sim.result() == after.result  # R6.5: the failed throw's penalty counts


def test_a_void_seat_may_follow_with_any_card() -> None:
    """R7.2: a seat without the led suit plays any card: every distinct card is a follow."""
    state = position(["3D 4D 5D 6D", "3C 3C 4C 5H", "8D 9D 10D JD", "3H 4H 5C 6C"])
    sim, after = lead(state, "3D")
    assert sim.legal_count() == len(after.legal_plays()) == 3
    assert set(sim.moves()) == {(c.id,) for c in tl.parse_cards("3C 4C 5H")}


@pytest.mark.parametrize("forced_unit", ["lowest", "smallest"])
def test_a_pair_below_the_single_that_no_pair_beats_leaves_the_single_forced(
    forced_unit: str,
) -> None:
    """R6.4 under ``"lowest"``: the pair ♦33 comes first but no other hand holds a higher pair,
    so it is not beaten (R6.3); ♦9 is, by seat 2's ♦10: the single is forced."""
    state = position(
        ["3D 3D 9D 5C 6C", "4D 5D 7C 8C 9C", "10D QD 3H 4H 5H", "6H 7H 8H 9H 10H"], forced_unit
    )
    sim, _ = lead(state, "3D 9D 3D")
    assert sim.trick == ((tl.parse_cards("9D")[0].id,),)
    assert sim.failed_throws == (0,)


@pytest.mark.parametrize(("forced_unit", "forced"), [("nearest_seat", "3D 3D"), ("smallest", "9D")])
def test_under_nearest_seat_the_first_seat_able_to_beat_a_unit_decides(
    forced_unit: str, forced: str
) -> None:
    """R6.4 ``"nearest_seat"``: seat 1 holds no card above ♦9 but the pair ♦55 above ♦33, so it
    decides and the pair is forced, though seat 2's ♦10 beats the single; ``"smallest"``
    forces the single."""
    state = position(
        ["3D 3D 9D 5C 6C", "5D 5D 6D 7C 8C", "10D QD 3H 4H 5H", "6H 7H 8H 9H 10H"], forced_unit
    )
    sim, _ = lead(state, "3D 9D 3D")
    assert sim.trick == (tuple(c.id for c in tl.parse_cards(forced)),)
