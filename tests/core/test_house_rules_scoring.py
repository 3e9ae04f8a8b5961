"""House rules of scoring (issues 21, 31): ``kitty_multiplier="power"`` (R8.2),
``jack_hook_cards`` (R9.4) and ``top_level`` (R9.2), each value on named examples and against
the references of tests/reference.py, written from the rule text."""

from __future__ import annotations

import random
from typing import get_args

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import tuolaji.testing as tst
from reference import (
    ref_advance,
    ref_jack_hook,
    ref_kitty_multiplier,
    ref_level_ladder,
    ref_match_won,
)
from tuolaji import Card, IllegalAction, Outcome, Rank, Suit, Trump, full_deck, parse_cards
from tuolaji.core.cards import level_text
from tuolaji.core.rules import RULESETS, KittyMultiplierMode, Rules
from tuolaji.core.scoring import (
    advance_place,
    is_jack_hook,
    kitty_multiplier_for_lead,
    match_winner,
    places_after,
    score_deal,
)

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


# ---------------------------------------------------------------------------------------------
# R9.2 top_level="no_trump": one more level past the last, played with no trump suit

NO_TRUMP = Rules(top_level="no_trump")
KEEP_1 = Outcome(declarers_keep=True, steps=1)
A, K, Q, J, TWO = Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TWO


def test_r9_2_the_no_trump_level_follows_the_last_level() -> None:
    """After A comes NT (the app's post-ace rank): an advance stops there instead of at A,
    as declarers or as attackers taking over, and nothing lies past it without wrap."""
    assert advance_place(K, 3, NO_TRUMP, as_declarers=True) == (A, True)
    assert advance_place(Q, 1, NO_TRUMP, as_declarers=True) == (K, False)
    assert advance_place(A, 1, NO_TRUMP, as_declarers=False) == (A, True)
    assert advance_place(A, 3, NO_TRUMP, as_declarers=True, no_trump=True) == (A, True)
    assert advance_place(K, 3, Rules(), as_declarers=True) == (A, False)  # today: A is the top
    # Team 0 on A keeps the deal: it goes to NT, team 1 stays.
    assert places_after((A, TWO), 0, KEEP_1, NO_TRUMP) == ((A, TWO), (True, False))
    # Team 1 on NT takes over: it stays on NT (the top place, no wrap).
    take_over = Outcome(declarers_keep=False, steps=2)
    after = places_after((TWO, A), 0, take_over, NO_TRUMP, no_trump_level=(False, True))
    assert after == ((TWO, A), (False, True))


def test_r9_5_the_match_is_won_on_the_no_trump_level_not_on_a() -> None:
    """R9.5 with the no-trump level: keeping the deal on A moves to NT; keeping it on NT wins."""
    assert match_winner((A, TWO), 0, KEEP_1, NO_TRUMP) is None
    assert match_winner((A, TWO), 0, KEEP_1, NO_TRUMP, no_trump_level=(True, False)) == 0
    assert match_winner((A, TWO), 0, KEEP_1, Rules()) == 0  # today
    hooked = match_winner((A, TWO), 0, KEEP_1, NO_TRUMP, hooked=True, no_trump_level=(True, False))
    assert hooked is None


def test_r9_2_with_wrap_the_first_level_follows_no_trump() -> None:
    """wrap makes the places a cycle: ... K A NT 2 3 ...; the match never ends (R9.5)."""
    rules = Rules(top_level="no_trump", wrap=True)
    assert advance_place(A, 1, rules, as_declarers=True, no_trump=True) == (TWO, False)
    assert advance_place(A, 2, rules, as_declarers=True) == (TWO, False)
    assert advance_place(K, 3, rules, as_declarers=True) == (TWO, False)
    assert match_winner((A, TWO), 0, KEEP_1, rules, no_trump_level=(True, False)) is None


def test_r9_3_must_play_a_holds_before_no_trump() -> None:
    """The tournament's must-play A (逢A必打) stops every advance at A, and only winning there
    as declarers reaches NT; NT itself is no must-play level (must_play names ranks)."""
    rules = attrs.evolve(TOURNAMENT, top_level="no_trump")
    assert advance_place(K, 3, rules, as_declarers=True) == (A, False)
    assert advance_place(A, 3, rules, as_declarers=False) == (A, False)
    assert advance_place(A, 1, rules, as_declarers=True) == (A, True)
    assert advance_place(A, 2, rules, as_declarers=False, no_trump=True) == (A, True)


def test_r9_4_the_hook_never_strikes_on_the_no_trump_level() -> None:
    """In a house sequence ending at J, NT's level cards are J's, but it is not the J level."""
    rules = Rules(levels=(2, 5, 10, 11), jack_hook=True, top_level="no_trump")
    jack = parse_cards("JC")
    assert is_jack_hook(J, 0, 1, jack, rules)
    assert not is_jack_hook(J, 0, 1, jack, rules, no_trump=True)


def test_r9_2_the_no_trump_level_needs_top_level_no_trump() -> None:
    with pytest.raises(IllegalAction) as info:
        Rules().place(A, True)
    assert info.value.rule == "R9.2" and "top_level" in str(info.value)
    with pytest.raises(IllegalAction):
        NO_TRUMP.place(K, True)  # only the last level's rank stands for NT
    assert NO_TRUMP.place(A, True) == NO_TRUMP.top_place == 13
    assert NO_TRUMP.at_place(13) == (A, True) and NO_TRUMP.at_place(12) == (A, False)
    with pytest.raises(IllegalAction):
        Rules().at_place(13)


def test_r9_2_declarers_on_the_no_trump_level_play_without_a_trump_suit() -> None:
    """score_deal refuses a trump suit for declarers on NT and scores Trump(A, None)."""
    facts = {
        "dealer": 0,
        "levels": (A, TWO),
        "trick_points": 0,
        "kitty": parse_cards("2C 3C 4C 6C 7C 8C 9C JC"),
        "last_lead": parse_cards("BJ"),
        "last_winner": 0,
        "winning_play": parse_cards("BJ"),
        "no_trump_level": (True, False),
    }
    with pytest.raises(IllegalAction) as info:
        score_deal(NO_TRUMP, trump=NO_TRUMP.trump(A, Suit.SPADES), **facts)  # type: ignore[arg-type]
    assert info.value.rule == "R9.2"
    result = score_deal(NO_TRUMP, trump=NO_TRUMP.trump(A, None), **facts)  # type: ignore[arg-type]
    assert result.match_winner == 0 and result.no_trump_level == (True, False)
    assert "levels NT/2" in str(result)
    assert level_text(A, no_trump=True) == "NT"


@given(
    tst.rules(),
    st.integers(0, 2**32 - 1),
    st.integers(0, 7),
    st.booleans(),
    st.booleans(),
)
def test_r9_2_r9_3_r9_5_places_agree_with_the_reference(
    rules: Rules, seed: int, steps: int, as_declarers: bool, keep: bool
) -> None:
    """Every drawn rule set (top_level, wrap, must_play, levels): advance and match end from
    any place, against the reference written from the rule text."""
    rng = random.Random(seed)
    place = rng.randrange(rules.top_place + 1)
    level, past = rules.at_place(place)
    ladder = ref_level_ladder([int(r) for r in rules.levels], rules.top_level)
    start = "NT" if past else ladder[rules.levels.index(level)]
    must = [ladder[rules.levels.index(r)] for r in rules.must_play]
    got = advance_place(level, steps, rules, as_declarers=as_declarers, no_trump=past)
    expected = ref_advance(ladder, must, rules.wrap, start, steps, as_declarers=as_declarers)
    assert level_text(got[0], no_trump=got[1]) == expected
    other = (rules.first_level, False)
    outcome = Outcome(declarers_keep=keep, steps=steps)
    won = match_winner((level, other[0]), 0, outcome, rules, no_trump_level=(past, other[1]))
    assert (won == 0) == ref_match_won(ladder, rules.wrap, start, keep=keep)
