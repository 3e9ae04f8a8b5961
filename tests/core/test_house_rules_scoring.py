"""House rules of scoring (issue 21): ``kitty_multiplier="power"`` (R8.2) and
``jack_hook_cards`` (R9.4), each value on named examples and against the references of
tests/reference.py, written from the rule text."""

from __future__ import annotations

import random
from typing import get_args

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from reference import ref_jack_hook, ref_kitty_multiplier
from tuolaji import Card, IllegalAction, Rank, Suit, Trump, full_deck, parse_cards
from tuolaji.core.rules import RULESETS, KittyMultiplierMode, Rules
from tuolaji.core.scoring import is_jack_hook, kitty_multiplier_for_lead, score_deal

POWER = Rules(kitty_multiplier="power")
LEVEL_10_SPADES = Trump(Rank.TEN, Suit.SPADES)
TOURNAMENT = RULESETS["tuolaji-tournament"]
SINGLE_J = attrs.evolve(TOURNAMENT, jack_hook_cards="single")


@pytest.mark.parametrize(
    ("lead", "power"),
    [
        ("AH", 2),  # a single: 2 to its 1 card
        ("AH AH", 4),  # a pair: 2 cards
        ("KH KH QH QH", 16),  # a tractor of 2 pairs: 4 cards
        ("5H 5H 4H 4H 3H 3H", 64),  # a tractor of 3 pairs: 6 cards
        ("BJ BJ SJ SJ 10S 10S", 64),  # a trump tractor of 3 pairs
        ("AH KH", 2),  # a throw of singles counts as its largest unit, a single
        ("AH KH KH 9H 9H", 4),  # a throw: its largest unit is a pair
        ("AH AH KH KH 7H", 16),  # a throw holding a tractor(2)
    ],
)
def test_r8_2_power_multiplies_by_two_to_the_cards_of_the_largest_unit(
    lead: str, power: int
) -> None:
    """House rule ``"power"``: the kitty counts 2 to the number of cards of the last lead's
    largest unit (a tractor of 3 pairs: 2**6 = 64, where 双升 counts ×12 and 拖拉机 ×8)."""
    cards = parse_cards(lead)
    assert kitty_multiplier_for_lead(cards, LEVEL_10_SPADES, POWER) == power


def test_r8_2_power_scores_a_deal_whose_last_trick_a_tractor_led() -> None:
    """Attackers win the last trick led by ♥KKQQ; the kitty's 20 points count ×16 = 320."""
    trump = POWER.trump(Rank.TWO, Suit.SPADES)
    result = score_deal(
        POWER,
        dealer=0,
        levels=(Rank.TWO, Rank.TWO),
        trick_points=0,
        kitty=parse_cards("KC 10C 3C 4C 6C 7C 8C 9C"),
        last_lead=parse_cards("KH KH QH QH"),
        last_winner=1,
        winning_play=parse_cards("KH KH QH QH"),
        trump=trump,
    )
    assert (result.multiplier, result.kitty_bonus, result.attacker_points) == (16, 320, 320)


def _one_suit_lead(rng: random.Random) -> tuple[tuple[Card, ...], Trump]:
    level = Rank(rng.randrange(2, 15))
    suit = rng.choice([*Suit, None])
    trump = Trump(level, suit)
    deck = list(full_deck())
    group = trump.effective_suit(rng.choice(deck))
    pool = [c for c in deck if trump.effective_suit(c) == group]
    return tuple(rng.sample(pool, rng.randrange(1, min(len(pool), 12) + 1))), trump


@given(st.integers(0, 2**32 - 1), st.sampled_from(get_args(KittyMultiplierMode)))
def test_r8_2_every_multiplier_agrees_with_the_reference(seed: int, mode: str) -> None:
    """Random one-suit leads (units, throws, trumps) under every ``kitty_multiplier``."""
    lead, trump = _one_suit_lead(random.Random(seed))
    rules = Rules(kitty_multiplier=mode)  # type: ignore[arg-type]
    assert kitty_multiplier_for_lead(lead, trump, rules) == ref_kitty_multiplier(lead, trump, mode)


def test_r9_4_single_hooks_with_one_jack_only() -> None:
    """House rule ``jack_hook_cards="single"``: only a last trick won by one J hooks (the
    seed, 用J牌抠底, hooks with any play of J cards)."""
    assert is_jack_hook(Rank.JACK, 0, 1, parse_cards("JC"), SINGLE_J)
    assert not is_jack_hook(Rank.JACK, 0, 1, parse_cards("JC JC"), SINGLE_J)
    assert not is_jack_hook(Rank.JACK, 0, 1, parse_cards("JC JH"), SINGLE_J)
    assert is_jack_hook(Rank.JACK, 0, 1, parse_cards("JC JC"), TOURNAMENT)


@given(
    st.integers(0, 2**32 - 1),
    st.booleans(),
    st.sampled_from(("any", "single")),
)
def test_r9_4_the_hook_agrees_with_the_reference(seed: int, hook: bool, cards: str) -> None:
    rng = random.Random(seed)
    rules = attrs.evolve(TOURNAMENT, jack_hook=hook, jack_hook_cards=cards)  # type: ignore[arg-type]
    level = rng.choice(rules.levels)
    dealer, winner = rng.randrange(4), rng.randrange(4)
    jacks = [c for c in full_deck() if c.rank == Rank.JACK]
    pool = jacks * 3 + [c for c in full_deck() if c.rank != Rank.JACK][:8]
    play = tuple(rng.sample(pool, rng.randrange(1, 5)))
    expected = ref_jack_hook(
        hook,
        cards,
        declarers_level=level,
        declarers_team=dealer % 2,
        winner_team=winner % 2,
        winning_play=play,
    )
    assert is_jack_hook(level, dealer, winner, play, rules) == expected


# --- the kitty's size (R4.1, R8.2; issue 31) ---------------------------------------------------


def _last_trick_pair_won_by_attackers(rules: Rules, kitty: str) -> int:
    """The kitty bonus when the attackers (seat 1) win the last trick, led by ♥AA (×4)."""
    result = score_deal(
        rules,
        dealer=0,
        levels=(Rank.TWO, Rank.TWO),
        trick_points=60,
        kitty=parse_cards(kitty),
        last_lead=parse_cards("AH AH"),
        last_winner=1,
        winning_play=parse_cards("AH AH"),
        trump=rules.trump(Rank.TWO, Suit.SPADES),
    )
    assert result.attacker_points == 60 + result.kitty_bonus
    assert result.trick_points == 60
    return result.kitty_bonus


def test_r8_2_kitty_size_4_multiplies_its_4_cards() -> None:
    """R4.1 with Rules.kitty_size=4: the kitty ♣K ♣10 ♣3 ♣4 holds 20 points; a pair led
    last doubles it twice: +80 (R8.2)."""
    assert _last_trick_pair_won_by_attackers(Rules(kitty_size=4), "KC 10C 3C 4C") == 80


def test_r8_2_no_kitty_no_bonus_and_no_multiplier() -> None:
    """R4.1 with Rules.kitty_size=0: no kitty, so nothing for R8.2 to multiply: the
    attackers winning the last trick with a pair add nothing, and the multiplier is 0."""
    rules = Rules(kitty_size=0)
    assert _last_trick_pair_won_by_attackers(rules, "") == 0
    result = score_deal(
        rules,
        dealer=0,
        levels=(Rank.TWO, Rank.TWO),
        trick_points=80,
        kitty=(),
        last_lead=parse_cards("AH AH"),
        last_winner=3,
        winning_play=parse_cards("AH AH"),
        trump=rules.trump(Rank.TWO, None),
    )
    assert result.multiplier == 0 and result.kitty_points == 0 and result.attacker_points == 80
    assert "kitty" not in str(result)


@pytest.mark.parametrize(("size", "kitty"), [(0, "KC"), (4, "KC 10C 3C 4C 6C 7C 8C 9C"), (8, "")])
def test_r4_1_a_kitty_of_another_size_is_refused(size: int, kitty: str) -> None:
    """R4.1: the kitty scored holds Rules.kitty_size cards; another count cannot come from a
    deal under those rules."""
    with pytest.raises(IllegalAction, match=r"kitty holds \d cards \(Rules.kitty_size\)") as info:
        _last_trick_pair_won_by_attackers(Rules(kitty_size=size), kitty)
    assert info.value.rule == "R4.1"
