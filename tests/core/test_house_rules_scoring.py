"""House rules of scoring (issues 21 and 31): ``kitty_multiplier="power"`` (R8.2),
``jack_hook_cards`` and ``jack_hook_outcome`` (R9.4), ``negative_totals`` and
``last_trick_to_level`` (R9.1) and ``top_level`` (R9.2), each value on named examples and
against the references of tests/reference.py, written from the rule text."""

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
    ref_levels,
    ref_match_won,
    ref_must_play_places,
)
from tuolaji import (
    Card,
    ConfigurationError,
    DealResult,
    IllegalAction,
    Rank,
    Suit,
    Trump,
    full_deck,
    parse_cards,
)
from tuolaji.core.cards import level_text
from tuolaji.core.rules import (
    FULL_LEVELS,
    RULESETS,
    STANDARD_LEVEL_TABLE,
    SUPER_LEVEL_TABLE,
    TOURNAMENT_LEVEL_TABLE,
    TOURNAMENT_LEVELS,
    JackHookOutcome,
    KittyMultiplierMode,
    Outcome,
    Rules,
)
from tuolaji.core.scoring import (
    advance_place,
    deal_outcome,
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


# --- jack_hook_outcome (R9.4, issue 31) ------------------------------------------------------

R = Rank
NO_POINTS = parse_cards("2C 3C 4C 6C 7C 8C 9C QC")  # a kitty without points


def hook_deal(
    rules: Rules, trick_points: int, *, levels: tuple[Rank, Rank] = (R.JACK, R.NINE)
) -> DealResult:
    """Dealer seat 0 (team 0 declares at J); seat 1 (an attacker) wins the last trick with ♠J."""
    return score_deal(
        rules,
        dealer=0,
        levels=levels,
        trick_points=trick_points,
        kitty=NO_POINTS,
        last_lead=parse_cards("AD"),
        last_winner=1,
        winning_play=parse_cards("JS"),
        trump=rules.trump(levels[0], Suit.HEARTS),
    )


HOOK = Rules(jack_hook=True, jack_hook_cards="single")


@pytest.mark.parametrize(("outcome", "level"), [("reset", R.TWO), ("reset_then_advance", R.FOUR)])
def test_r9_4_jack_hook_outcome_j_to_2_then_the_deals_advance(outcome: str, level: Rank) -> None:
    """The online app's J variation: declarers on J keep the attackers under 40 (+2), but an
    attacker wins the last trick with one J: they go back to 2, "all rank changes still apply
    after the rank reset" (J → 2 → 4), and keep the deal. ``"reset"`` (the 拖拉机 tournament
    rules read literally, 庄家重新从2级开始): 2, no advance."""
    rules = attrs.evolve(HOOK, jack_hook_outcome=outcome)  # type: ignore[arg-type]
    result = hook_deal(rules, 20)
    assert result.hooked and result.outcome == Outcome(True, 2)
    assert result.levels == (level, R.NINE)
    assert result.next_dealer == 2 and result.next_level == level


@pytest.mark.parametrize("outcome", ["reset", "reset_then_advance"])
def test_r9_4_jack_hook_outcome_when_the_attackers_take_over(outcome: str) -> None:
    """Attackers who take over advance as R9.1 says and the hooked declarers stay on the first
    level under both values: the deal's advance is the attackers'."""
    rules = attrs.evolve(HOOK, jack_hook_outcome=outcome)  # type: ignore[arg-type]
    result = hook_deal(rules, 120)
    assert result.outcome == Outcome(False, 1)
    assert result.levels == (R.TWO, R.TEN)


def test_r9_4_reset_then_advance_walks_from_the_first_level_under_must_play() -> None:
    """The 拖拉机 tournament ladder 2 5 10 J Q K A, must-play 2 and A: J → 2, then +2 as
    declarers (who leave a must-play level by winning) → 10."""
    rules = attrs.evolve(RULESETS["tuolaji-tournament"], jack_hook_outcome="reset_then_advance")
    assert hook_deal(rules, 20, levels=(R.JACK, R.FIVE)).levels == (R.TEN, R.FIVE)


# --- negative_totals (R9.1, issue 31) --------------------------------------------------------


@pytest.mark.parametrize(
    ("total", "steps"),
    [(0, 3), (-5, 3), (-35, 3), (-40, 4), (-75, 4), (-80, 5), (-115, 5), (-120, 6)],
)
def test_r9_1_negative_totals_one_level_more_per_40_points_below_0(total: int, steps: int) -> None:
    """The online app's windows for two decks: 5-s to 0 is the first band (+3), and each 40
    points further down one level more (its tests: -35 → 3, -40 → 4, -80 → 5). Off (the
    seeds): every total below 0 counts as 0, +3."""
    assert Rules(negative_totals=True).outcome(total) == Outcome(True, steps)
    assert Rules().outcome(total) == Outcome(True, 3)


def test_r9_1_negative_totals_the_band_is_the_declarers_highest() -> None:
    """The band below 0 is as wide as the declarers' highest band, under the take-over: 40 in
    every preset's table; 30 in a house table whose +1 band is 50-75."""
    for table in (STANDARD_LEVEL_TABLE, SUPER_LEVEL_TABLE, TOURNAMENT_LEVEL_TABLE):
        assert Rules(level_table=table).negative_band == 40
    house = [(0, True, 2), (50, True, 1), (80, False, 0)]
    rules = Rules(level_table=house, negative_totals=True)
    assert rules.negative_band == 30
    assert [rules.outcome(t).steps for t in (-25, -30, -60)] == [2, 3, 4]


def test_r9_1_negative_totals_from_attackers_failed_throws() -> None:
    """The attackers take no points and fail five throws at 10 points each: -50, declarers +4
    instead of +3; from 2 they reach 6."""
    rules = Rules(negative_totals=True)
    result = score_deal(
        rules,
        dealer=0,
        levels=(R.TWO, R.TWO),
        trick_points=0,
        kitty=NO_POINTS,
        last_lead=parse_cards("AD"),
        last_winner=0,
        winning_play=parse_cards("AD"),
        trump=rules.trump(R.TWO, Suit.HEARTS),
        failed_throws=(1, 3, 1, 3, 1),
    )
    assert result.attacker_points == -50
    assert result.outcome == Outcome(True, 4)
    assert result.levels == (R.SIX, R.TWO)


@pytest.mark.parametrize(
    "table", [[(0, True, 1)], [(0, False, 0), (80, False, 1)]], ids=["never_over", "never_kept"]
)
def test_r9_1_negative_totals_needs_a_band_of_each_side(table: list[tuple[int, bool, int]]) -> None:
    with pytest.raises(ConfigurationError) as info:
        Rules(level_table=table, negative_totals=True)
    message = str(info.value)
    assert "Rules.negative_totals" in message and "Rules.level_table" in message
    assert "R9.1" in message
    assert Rules(level_table=table).negative_band is None


# --- last_trick_to_level (R9.1, issue 31) ----------------------------------------------------


def last_trick_deal(
    rules: Rules, winner: int, levels: tuple[Rank, Rank] = (R.FIVE, R.NINE)
) -> DealResult:
    """Dealer seat 0; the attackers take 30 points: declarers +2 by the table."""
    return score_deal(
        rules,
        dealer=0,
        levels=levels,
        trick_points=30,
        kitty=NO_POINTS,
        last_lead=parse_cards("AD"),
        last_winner=winner,
        winning_play=parse_cards("AD"),
        trump=rules.trump(levels[0], Suit.HEARTS),
    )


def test_r9_1_last_trick_to_level_declarers_keep_at_plus_0_without_it() -> None:
    """ "Starting team must win the last trick to level up": the attackers take only 30 points
    but win the last trick: the declarers keep the deal (the partner deals next) at +0."""
    rules = Rules(last_trick_to_level=True)
    lost = last_trick_deal(rules, winner=1)
    assert lost.outcome == Outcome(True, 0)
    assert lost.levels == (R.FIVE, R.NINE)
    assert lost.next_dealer == 2 and lost.next_level == R.FIVE
    won = last_trick_deal(rules, winner=2)
    assert won.outcome == Outcome(True, 2) and won.levels == (R.SEVEN, R.NINE)
    assert last_trick_deal(Rules(), winner=1).levels == (R.SEVEN, R.NINE)  # off: +2


def test_r9_1_last_trick_to_level_attackers_still_take_over() -> None:
    rules = Rules(last_trick_to_level=True)
    assert deal_outcome(120, rules, declarers_won_last=True) == Outcome(False, 1)
    assert deal_outcome(120, rules, declarers_won_last=False) == Outcome(False, 1)


def test_r9_5_last_trick_to_level_no_match_win_on_a_without_the_last_trick() -> None:
    """On A, keeping the deal is the declarers' level-up: without the last trick they stay on
    A and play again."""
    rules = Rules(last_trick_to_level=True)
    lost = last_trick_deal(rules, winner=1, levels=(R.ACE, R.NINE))
    assert lost.match_winner is None and lost.levels == (R.ACE, R.NINE)
    assert last_trick_deal(rules, winner=0, levels=(R.ACE, R.NINE)).match_winner == 0
    keep = Outcome(True, 1)
    assert match_winner((R.ACE, R.TWO), 0, keep, rules, declarers_won_last=False) is None
    assert match_winner((R.ACE, R.TWO), 0, keep, Rules(), declarers_won_last=False) == 0


# --- every value against the reference -------------------------------------------------------


@st.composite
def scoring_rules(draw: st.DrawFn) -> Rules:
    """Rules drawing the scoring fields of issues 21 and 31 with the preset tables and level
    sequences (and must-play levels, wrap and the J hook)."""
    levels = draw(st.sampled_from([FULL_LEVELS, TOURNAMENT_LEVELS, (R.TEN, R.JACK, R.QUEEN)]))
    return Rules(
        levels=levels,
        must_play=draw(st.sets(st.sampled_from(levels))),
        wrap=draw(st.booleans()),
        jack_hook=draw(st.booleans()),
        jack_hook_cards=draw(st.sampled_from(("any", "single"))),
        jack_hook_outcome=draw(st.sampled_from(get_args(JackHookOutcome))),
        level_table=draw(
            st.sampled_from([STANDARD_LEVEL_TABLE, SUPER_LEVEL_TABLE, TOURNAMENT_LEVEL_TABLE])
        ),
        negative_totals=draw(st.booleans()),
        last_trick_to_level=draw(st.booleans()),
        throw_penalty=draw(st.sampled_from([0, 10, 50])),
    )


def check_against_the_reference(
    rules: Rules, data: st.DataObject, declaring: Rank, *, winner: int, play: str
) -> None:
    """Score a deal whose declarers (dealer drawn) stand on ``declaring`` and whose last trick
    ``winner`` (a seat relative to the dealer) takes with ``play``; compare the outcome, both
    levels and the match winner with tests/reference.py."""
    dealer = data.draw(st.integers(0, 3))
    last_winner = (dealer + winner) % 4
    other = data.draw(st.sampled_from(rules.levels))
    before = (declaring, other) if dealer % 2 == 0 else (other, declaring)
    cards = parse_cards(play)
    result: DealResult = score_deal(
        rules,
        dealer=dealer,
        levels=before,
        # Low totals often: the declarers keep the deal (the hook's advance, the match end).
        trick_points=data.draw(st.one_of(st.integers(0, 15), st.integers(0, 40))) * 5,
        kitty=NO_POINTS,
        last_lead=cards,
        last_winner=last_winner,
        winning_play=cards,
        trump=rules.trump(declaring, Suit.HEARTS),
        failed_throws=data.draw(st.lists(st.integers(0, 3), max_size=8)),
    )
    hooked = ref_jack_hook(
        rules.jack_hook,
        rules.jack_hook_cards,
        declarers_level=declaring,
        declarers_team=dealer % 2,
        winner_team=last_winner % 2,
        winning_play=cards,
    )
    outcome, levels, champion = ref_levels(
        rules,
        before,
        dealer,
        result.attacker_points,
        declarers_won_last=winner % 2 == 0,
        hooked=hooked,
    )
    assert result.hooked == hooked
    assert (result.outcome.declarers_keep, result.outcome.steps) == outcome
    assert result.levels == levels
    assert result.match_winner == champion


PLAYS = ("JS", "JH JH", "AS")


@given(scoring_rules(), st.data())
def test_r9_levels_after_a_deal_agree_with_the_reference(rules: Rules, data: st.DataObject) -> None:
    """R9.1-R9.5 under every value of ``jack_hook_outcome``, ``negative_totals`` and
    ``last_trick_to_level``: the outcome, both levels and the match winner of a scored deal
    against tests/reference.py (totals down to -400 by failed throws)."""
    declaring = data.draw(st.sampled_from(rules.levels))
    winner, play = data.draw(st.integers(0, 3)), data.draw(st.sampled_from(PLAYS))
    check_against_the_reference(rules, data, declaring, winner=winner, play=play)


@given(scoring_rules(), st.data())
def test_r9_4_hooked_deals_agree_with_the_reference(rules: Rules, data: st.DataObject) -> None:
    """The J hook under both ``jack_hook_outcome`` values: declarers on J, an attacker wins
    the last trick with J cards (hooking unless ``jack_hook_cards="single"`` meets a pair)."""
    rules = attrs.evolve(rules, jack_hook=True)
    play = data.draw(st.sampled_from(PLAYS[:2]))
    check_against_the_reference(
        rules, data, R.JACK, winner=data.draw(st.sampled_from((1, 3))), play=play
    )


@given(scoring_rules(), st.data())
def test_r9_5_deals_on_the_last_level_agree_with_the_reference(
    rules: Rules, data: st.DataObject
) -> None:
    """The match end with ``last_trick_to_level``: declarers on the last level, no wrap, either
    side winning the last trick."""
    rules = attrs.evolve(rules, wrap=False)
    winner, play = data.draw(st.integers(0, 3)), data.draw(st.sampled_from(PLAYS))
    check_against_the_reference(rules, data, rules.last_level, winner=winner, play=play)


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


# R9.2 top_level="no_trump_must_play": NT is a stop, as the online app (rbtying/shengji) plays
# its default advancement policy. The sequences below are the app's own unit tests of
# core/src/game_state/mod.rs (test_must_defend_sequence_*), with its max rank NT; the app's
# three policies map onto tuolaji's fields: Unrestricted = must_play A and NT a stop (the
# online preset); FullyUnrestricted = no must-play level and NT passed as any level (0.4's
# "no_trump"); DefendPoints = must_play 5, 10, K, A and NT a stop.

ONLINE = Rules.preset("online")
APP_POLICIES = {
    "Unrestricted": ONLINE,
    "FullyUnrestricted": attrs.evolve(ONLINE, top_level="no_trump", must_play=frozenset()),
    "DefendPoints": attrs.evolve(
        ONLINE, must_play=frozenset({Rank.FIVE, Rank.TEN, Rank.KING, Rank.ACE})
    ),
}


def _climb(rules: Rules, steps: int, deals: int, *, as_declarers: bool) -> list[str]:
    """The places a team reaches from 2, deal after deal, advancing ``steps`` each time."""
    place: tuple[Rank, bool] = (TWO, False)
    seen = []
    for _ in range(deals):
        place = advance_place(place[0], steps, rules, as_declarers=as_declarers, no_trump=place[1])
        seen.append(level_text(place[0], no_trump=place[1]))
    return seen


@pytest.mark.parametrize("policy", list(APP_POLICIES))
def test_r9_2_the_apps_landlord_advancing_one_at_a_time(policy: str) -> None:
    """The app's test_must_defend_sequence_landlord_advancing: +1 a deal, every policy climbs
    3 .. A, NT, then 2 again."""
    expected = [str(r) for r in range(3, 11)] + ["J", "Q", "K", "A", "NT", "2"]
    assert _climb(APP_POLICIES[policy], 1, 14, as_declarers=True) == expected


@pytest.mark.parametrize(
    ("policy", "expected"),
    [
        ("Unrestricted", "4 6 8 10 Q A NT 3"),
        ("FullyUnrestricted", "4 6 8 10 Q A 2"),
        ("DefendPoints", "4 5 7 9 10 Q K A NT 3"),
    ],
)
def test_r9_2_the_apps_landlord_advancing_two_at_a_time(policy: str, expected: str) -> None:
    """The app's test_must_defend_sequence_landlord_advancing_skip_by_2: declarers on A who
    go up 2 land on NT (A + 2 = NT), and from NT + 2 on 3; with no stop, A + 2 = 2."""
    got = _climb(APP_POLICIES[policy], 2, len(expected.split()), as_declarers=True)
    assert got == expected.split()


@pytest.mark.parametrize(
    ("policy", "expected"),
    [
        ("Unrestricted", "4 6 8 10 Q A A"),
        ("FullyUnrestricted", "4 6 8 10 Q A 2"),
        ("DefendPoints", "4 5 5"),
    ],
)
def test_r9_2_the_apps_non_landlord_advancing(policy: str, expected: str) -> None:
    """The app's test_must_defend_sequence_non_landlord_advancing: attackers taking over
    (+2) get stuck on A ("b/c not landlord"), or on 5 when the point ranks must be defended."""
    got = _climb(APP_POLICIES[policy], 2, len(expected.split()), as_declarers=False)
    assert got == expected.split()


def test_r9_3_nt_is_left_only_as_declarers_and_any_advance_stops_on_it() -> None:
    """NT as a must-play level (R9.3): attackers on NT do not move; declarers reaching NT stop
    there whatever the steps; declarers keeping the deal on NT go on with wrap, and without it
    win the match there."""
    assert advance_place(A, 3, ONLINE, as_declarers=False, no_trump=True) == (A, True)
    assert advance_place(A, 3, ONLINE, as_declarers=True) == (A, True)
    assert advance_place(K, 3, attrs.evolve(ONLINE, must_play=frozenset()), as_declarers=True) == (
        A,
        True,
    )
    assert advance_place(A, 3, ONLINE, as_declarers=True, no_trump=True) == (Rank.FOUR, False)
    no_wrap = attrs.evolve(ONLINE, wrap=False)
    assert match_winner((A, TWO), 0, KEEP_1, no_wrap, no_trump_level=(True, False)) == 0
    assert match_winner((A, TWO), 0, KEEP_1, no_wrap) is None
    # 0.4's "no_trump" still passes NT: A + 2 = 2 with wrap (the default stays as it was).
    assert advance_place(A, 2, attrs.evolve(ONLINE, top_level="no_trump"), as_declarers=True) == (
        TWO,
        False,
    )


NT_DEAL_FACTS = {
    "dealer": 0,
    "levels": (A, TWO),
    "trick_points": 0,
    "kitty": parse_cards("2C 3C 4C 6C 7C 8C 9C JC"),
    "last_lead": parse_cards("BJ"),
    "last_winner": 0,
    "winning_play": parse_cards("BJ"),
    "no_trump_level": (True, False),
}
"""A scored deal of declarers (team 0) on the no-trump level, less its trump (R9.2)."""


def test_r9_2_a_deal_on_nt_scores_with_the_trumps_of_no_trump_trumps() -> None:
    """score_deal checks that the trump of declarers on NT has the level cards the rules give
    it (R9.2): none under no_trump_trumps="jokers"."""
    facts = dict(NT_DEAL_FACTS)
    with pytest.raises(IllegalAction, match="level_cards") as info:
        score_deal(ONLINE, trump=ONLINE.trump(A, None), **facts)  # type: ignore[arg-type]
    assert info.value.rule == "R9.2"
    trump = ONLINE.trump(A, None, no_trump_level=True)
    result = score_deal(ONLINE, trump=trump, **facts)  # type: ignore[arg-type]
    assert result.levels == (Rank.FOUR, TWO) and result.no_trump_level == (False, False)  # NT + 3


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
    facts = dict(NT_DEAL_FACTS)
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
    must = ref_must_play_places(
        [int(r) for r in rules.levels], [int(r) for r in rules.must_play], rules.top_level
    )
    got = advance_place(level, steps, rules, as_declarers=as_declarers, no_trump=past)
    expected = ref_advance(ladder, must, rules.wrap, start, steps, as_declarers=as_declarers)
    assert level_text(got[0], no_trump=got[1]) == expected
    other = (rules.first_level, False)
    outcome = Outcome(declarers_keep=keep, steps=steps)
    won = match_winner((level, other[0]), 0, outcome, rules, no_trump_level=(past, other[1]))
    assert (won == 0) == ref_match_won(ladder, rules.wrap, start, keep=keep)
