"""Points, the kitty bonus, levels, match end and the next deal (R6.5, R8-R10)."""

from __future__ import annotations

from itertools import pairwise
from typing import get_args

import attrs
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from reference import ref_jack_hook, ref_kitty_multiplier
from tuolaji import IllegalAction, Rank, Suit, Trump, parse_cards
from tuolaji.core.rules import (
    RULESETS,
    TOURNAMENT_LEVELS,
    JackHookCards,
    JackHookOutcome,
    KittyMultiplierMode,
    LevelBand,
    Outcome,
    Rules,
)
from tuolaji.core.scoring import (
    DealResult,
    advance_level,
    attacker_total,
    is_jack_hook,
    kitty_bonus,
    kitty_multiplier_for_lead,
    levels_after,
    match_winner,
    net_throw_penalty,
    next_dealer,
    next_level_rank,
    score_deal,
    team_of,
)
from tuolaji.testing import card_multisets, cards

TUOLAJI = RULESETS["tuolaji"]
TOURNAMENT = RULESETS["tuolaji-tournament"]
SHUANGSHENG = RULESETS["shuangsheng"]
R = Rank
KEEP = Outcome(declarers_keep=True, steps=1)

# ---------------------------------------------------------------------------------------------
# R1.3 teams


def test_r1_3_teams() -> None:
    assert [team_of(seat) for seat in range(4)] == [0, 1, 0, 1]


@pytest.mark.parametrize("seat", [-1, 4, True, "0"])
def test_r1_3_bad_seat(seat: object) -> None:
    with pytest.raises(IllegalAction) as info:
        team_of(seat)  # type: ignore[arg-type]
    assert info.value.rule == "R1.3"
    assert "0, 1, 2 and 3" in str(info.value)


# ---------------------------------------------------------------------------------------------
# R8.2 kitty multiplier

LEVEL_10_SPADES = Trump(Rank.TEN, Suit.SPADES)
LINEAR = SHUANGSHENG

MULTIPLIER_CASES = [
    # lead, doubling, linear
    ("AH", 2, 2),  # single
    ("10H", 2, 2),  # an off-suit level card is a trump single
    ("AH AH", 4, 4),  # pair
    ("SJ SJ", 4, 4),
    ("KH KH QH QH", 8, 8),  # tractor of 2 pairs
    ("JH JH 9H 9H", 8, 8),  # tractor skipping the level rank (R3.2)
    ("5H 5H 4H 4H 3H 3H", 8, 12),  # tractor of 3 pairs
    ("AD AD KD KD QD QD JD JD", 8, 16),  # tractor of 4 pairs
    ("BJ BJ SJ SJ 10S 10S", 8, 12),  # trump tractor of 3 pairs
    ("AH KH", 2, 2),  # throw of singles
    ("AH KH KH 9H 9H", 2, 4),  # throw: single + two pairs; linear takes the pair
    ("AH AH KH KH 7H", 2, 8),  # throw containing a tractor(2)
    ("AC AC KC KC QC QC 8C 8C 3C", 2, 12),  # throw containing a tractor(3)
]


@pytest.mark.parametrize(("lead", "doubling", "linear"), MULTIPLIER_CASES)
def test_r8_2_kitty_multiplier_for_lead(lead: str, doubling: int, linear: int) -> None:
    cards_ = parse_cards(lead)
    assert kitty_multiplier_for_lead(cards_, LEVEL_10_SPADES, TUOLAJI) == doubling
    assert kitty_multiplier_for_lead(cards_, LEVEL_10_SPADES, LINEAR) == linear


def test_r8_2_seed_000_throw_of_two_tens_and_a_nine_counts_as_a_single() -> None:
    """Seed 000: 如用两张红桃10和1张红桃9甩牌抠底均為单抠 (a throw ♥10♥10♥9 is ×2)."""
    lead = parse_cards("10H 10H 9H")
    trump = Trump(Rank.TWO, Suit.SPADES)
    assert kitty_multiplier_for_lead(lead, trump, TUOLAJI) == 2
    # R8.2 linear: a throw counts as its largest unit, the pair.
    assert kitty_multiplier_for_lead(lead, trump, LINEAR) == 4


def test_r8_2_failed_throw_uses_the_forced_unit() -> None:
    """Seed 000's ♣98844 fails to ♣44 (R6.4): the kitty is taken with a pair, ×4."""
    trump = Trump(Rank.TEN, Suit.SPADES)
    assert kitty_multiplier_for_lead(parse_cards("9C 8C 8C 4C 4C"), trump, TUOLAJI) == 2
    assert kitty_multiplier_for_lead(parse_cards("4C 4C"), trump, TUOLAJI) == 4


def test_r8_2_permanent_twos_change_the_units() -> None:
    """With permanent 2s (R2.5) ♠2♠2 next to the level pair makes a trump tractor."""
    lead = parse_cards("2S 2S 10H 10H")
    plain = kitty_multiplier_for_lead(lead, Trump(Rank.TEN, Suit.SPADES), TUOLAJI)
    twos = kitty_multiplier_for_lead(
        lead, Trump(Rank.TEN, Suit.SPADES, permanent_twos=True), TUOLAJI
    )
    assert plain == 2  # ♠2♠2 and ♥10♥10 are two separate trump pairs: a throw
    assert twos == 8  # ♥10 sits right above ♠2 (R2.5): a tractor


def test_r8_2_bad_leads() -> None:
    with pytest.raises(IllegalAction) as info:
        kitty_multiplier_for_lead((), LEVEL_10_SPADES, TUOLAJI)
    assert info.value.rule == "R8.2"
    with pytest.raises(IllegalAction) as info:
        kitty_multiplier_for_lead(parse_cards("AH AD"), LEVEL_10_SPADES, TUOLAJI)
    assert info.value.rule == "R6.2"
    assert "one suit" in str(info.value)


def test_r8_2_r8_3_kitty_bonus() -> None:
    kitty = parse_cards("5H 10H KD 2C 3C 4C 6C 7C")
    assert kitty_bonus(kitty, 4, attackers_won_last=True) == 100
    assert kitty_bonus(kitty, 8, attackers_won_last=False) == 0


# ---------------------------------------------------------------------------------------------
# R6.5 penalties and R8.1 total


def test_r6_5_throw_penalties() -> None:
    # Dealer seat 1: declarers are seats 1 and 3.
    assert net_throw_penalty([1], 1, TUOLAJI) == 10
    assert net_throw_penalty([0], 1, TUOLAJI) == -10
    assert net_throw_penalty([3, 3, 2], 1, TUOLAJI) == 10
    assert net_throw_penalty([], 1, TUOLAJI) == 0
    assert net_throw_penalty([1, 0, 2], 1, SHUANGSHENG) == 0


def test_r8_1_total_may_go_below_zero() -> None:
    assert attacker_total(5, 0, -20) == -15
    assert attacker_total(60, 40, 10) == 110
    assert TUOLAJI.outcome(attacker_total(5, 0, -20)) == Outcome(True, 3)


# ---------------------------------------------------------------------------------------------
# R9.2 sequence, wrap and cap


def test_r9_2_full_sequence_without_wrap_stops_at_ace() -> None:
    assert advance_level(R.QUEEN, 3, TUOLAJI, as_declarers=True) == R.ACE
    assert advance_level(R.ACE, 2, TUOLAJI, as_declarers=True) == R.ACE
    assert advance_level(R.ACE, 3, TUOLAJI, as_declarers=False) == R.ACE
    assert advance_level(R.NINE, 2, TUOLAJI, as_declarers=False) == R.JACK


def test_r9_2_wrap_cycles_after_ace() -> None:
    """Seed 002: A + 1 = 2, A + 2 = 3 (当一方升级超过A后, 则再次循环到2开始继续升级)."""
    assert advance_level(R.ACE, 1, SHUANGSHENG, as_declarers=True) == R.TWO
    assert advance_level(R.ACE, 2, SHUANGSHENG, as_declarers=False) == R.THREE
    assert advance_level(R.KING, 3, SHUANGSHENG, as_declarers=True) == R.THREE
    assert advance_level(R.QUEEN, 6, RULESETS["shuangsheng-super"], as_declarers=True) == R.FIVE


def test_r9_2_zero_steps_stays() -> None:
    for level in TOURNAMENT_LEVELS:
        assert advance_level(level, 0, TOURNAMENT, as_declarers=True) == level


def test_r9_2_level_not_in_sequence_names_the_sequence() -> None:
    with pytest.raises(IllegalAction) as info:
        advance_level(R.THREE, 1, TOURNAMENT, as_declarers=True)
    assert info.value.rule == "R9.2"
    assert "2 5 10 J Q K A" in str(info.value)
    with pytest.raises(IllegalAction, match="level 4 is not in"):
        levels_after((R.TWO, R.FOUR), 0, KEEP, TOURNAMENT)


@pytest.mark.parametrize("steps", [-1, True, 1.0])
def test_r9_2_bad_steps(steps: object) -> None:
    with pytest.raises(IllegalAction, match="0 or more levels"):
        advance_level(R.TWO, steps, TUOLAJI, as_declarers=True)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------
# R9.3 must-play levels


def test_r9_3_attackers_on_two_scoring_160_take_over_at_two() -> None:
    """R9.3: attackers standing on 2 who score 160 take over at 2 (the tournament table of
    R9.1 gives them +3 for 150 and more; the must-play 2 stops the advance)."""
    outcome = TOURNAMENT.outcome(160)
    assert outcome == Outcome(declarers_keep=False, steps=3)
    # Dealer seat 0: team 0 declares at Q, team 1 attacks from 2.
    assert levels_after((R.QUEEN, R.TWO), 0, outcome, TOURNAMENT) == (R.QUEEN, R.TWO)
    assert next_dealer(0, outcome) == 1
    assert next_level_rank((R.QUEEN, R.TWO), 1) == R.TWO


def test_r9_3_declarers_leave_a_must_play_level_by_winning() -> None:
    """R9.3: 逢2、A级必须打庄家 — from 2 only a win as declarers moves a team on."""
    assert advance_level(R.TWO, 2, TOURNAMENT, as_declarers=True) == R.TEN
    assert advance_level(R.TWO, 2, TOURNAMENT, as_declarers=False) == R.TWO


def test_r9_3_any_advance_stops_at_the_first_must_play_level() -> None:
    rules = Rules(must_play={R.SEVEN, R.ACE})
    assert advance_level(R.FIVE, 3, rules, as_declarers=True) == R.SEVEN
    assert advance_level(R.FIVE, 3, rules, as_declarers=False) == R.SEVEN
    assert advance_level(R.SEVEN, 3, rules, as_declarers=True) == R.TEN
    assert advance_level(R.SEVEN, 3, rules, as_declarers=False) == R.SEVEN
    assert advance_level(R.QUEEN, 3, TOURNAMENT, as_declarers=False) == R.ACE


def test_r9_3_must_play_holds_on_every_lap_with_wrap() -> None:
    """Reading: with wrap, going from A to 2 reaches 2, so a must-play 2 stops the advance."""
    rules = attrs.evolve(SHUANGSHENG, must_play={R.TWO})
    assert advance_level(R.KING, 3, rules, as_declarers=True) == R.TWO
    assert advance_level(R.TWO, 3, rules, as_declarers=False) == R.TWO
    assert advance_level(R.TWO, 3, rules, as_declarers=True) == R.FIVE


# ---------------------------------------------------------------------------------------------
# A walk of the whole tournament ladder, against a plainly written reference

LADDER = ["2", "5", "10", "J", "Q", "K", "A"]


def reference_tournament_advance(start: str, steps: int, as_declarers: bool) -> str:
    """R9.2 + R9.3 for 2 5 10 J Q K A, must-play 2 and A, no wrap, read off plainly.

    Attackers sitting on 2 or A never move. Otherwise the team climbs, and since A is both
    the top and the only must-play level above 2, "stop at the first must-play level" and
    "stop at A" are the same stop: the team ends at min(start + steps, A).
    """
    if not as_declarers and start in ("2", "A"):
        return start
    return LADDER[min(LADDER.index(start) + steps, len(LADDER) - 1)]


SPOT_CHECKS = {
    # (start, steps, as_declarers): end, worked out by hand
    ("2", 3, True): "J",
    ("2", 3, False): "2",
    ("5", 3, False): "Q",
    ("10", 6, True): "A",
    ("K", 1, False): "A",
    ("A", 3, True): "A",
    ("A", 1, False): "A",
}


def test_tournament_reference_agrees_with_hand_worked_spot_checks() -> None:
    for (start, steps, as_declarers), end in SPOT_CHECKS.items():
        assert reference_tournament_advance(start, steps, as_declarers) == end


@pytest.mark.parametrize("as_declarers", [True, False])
@pytest.mark.parametrize("start", LADDER)
def test_r9_2_r9_3_tournament_ladder_walk(start: str, as_declarers: bool) -> None:
    level = Rank.parse(start)
    for steps in range(7):
        expected = Rank.parse(reference_tournament_advance(start, steps, as_declarers))
        got = advance_level(level, steps, TOURNAMENT, as_declarers=as_declarers)
        assert got == expected, (start, steps, as_declarers)
        # The same walk through levels_after: dealer seat 1, so team 1 declares.
        other = Rank.TEN
        if as_declarers:
            after = levels_after((other, level), 1, Outcome(True, steps), TOURNAMENT)
            assert after == (other, expected)
        else:
            after = levels_after((level, other), 1, Outcome(False, steps), TOURNAMENT)
            assert after == (expected, other)


# ---------------------------------------------------------------------------------------------
# R9.4 the J hook


def j_hook_deal(trick_points: int, winning_play: str, rules: Rules = TOURNAMENT) -> DealResult:
    """Dealer seat 0 (team 0 declares at J), team 1 at 5; seat 1 wins the last trick."""
    trump = rules.trump(R.JACK, Suit.HEARTS)
    return score_deal(
        rules,
        dealer=0,
        levels=(R.JACK, R.FIVE),
        trick_points=trick_points,
        kitty=parse_cards("2C 3C 4C 6C 7C 8C 9C QC"),  # no points: the hook alone decides
        last_lead=parse_cards("AD"),
        last_winner=1,
        winning_play=parse_cards(winning_play),
        trump=trump,
    )


def test_r9_4_j_hook_sends_declarers_back_to_two_and_attackers_still_take_over() -> None:
    """Seed 000: 打J级时, 对家用J牌抠底庄家重新从2级开始; the rest of R9.1 applies."""
    result = j_hook_deal(120, "JS")
    assert result.hooked
    assert result.outcome == Outcome(declarers_keep=False, steps=1)
    assert result.levels == (R.TWO, R.TEN)
    assert result.next_dealer == 1
    assert result.next_level == R.TEN
    assert result.match_winner is None


def test_r9_4_j_hook_when_declarers_keep_the_deal() -> None:
    """R9.4: instead of declarers +1 the hooked declarers drop to 2, and keep declaring."""
    result = j_hook_deal(40, "JC JC")
    assert result.hooked
    assert result.outcome == Outcome(declarers_keep=True, steps=1)
    assert result.levels == (R.TWO, R.FIVE)
    assert result.next_dealer == 2
    assert result.next_level == R.TWO


def test_r9_4_j_hook_with_jacks_of_several_suits() -> None:
    assert j_hook_deal(40, "JS JH").hooked


def test_r9_4_no_hook_when_the_winning_play_is_not_only_jacks() -> None:
    result = j_hook_deal(40, "JS QS")
    assert not result.hooked
    assert result.levels == (R.QUEEN, R.FIVE)


def test_r9_4_no_hook_when_the_rule_is_off() -> None:
    rules = attrs.evolve(TOURNAMENT, jack_hook=False)
    result = j_hook_deal(40, "JS", rules)
    assert not result.hooked
    assert result.levels == (R.QUEEN, R.FIVE)


def test_r9_4_no_hook_when_declarers_win_the_last_trick_or_are_not_on_j() -> None:
    jacks = parse_cards("JS JS")
    assert is_jack_hook(R.JACK, 0, 1, jacks, TOURNAMENT)
    assert not is_jack_hook(R.JACK, 0, 2, jacks, TOURNAMENT)  # partner of the dealer
    assert not is_jack_hook(R.QUEEN, 0, 1, jacks, TOURNAMENT)
    assert not is_jack_hook(R.JACK, 0, 1, jacks, TUOLAJI)
    assert not is_jack_hook(R.JACK, 0, 1, (), TOURNAMENT)


# ---------------------------------------------------------------------------------------------
# R9.5 match end


def test_r9_5_declarers_winning_at_ace_win_the_match() -> None:
    outcome = Outcome(True, 1)
    assert match_winner((R.TEN, R.ACE), 3, outcome, TOURNAMENT) == 1
    assert match_winner((R.ACE, R.TEN), 0, outcome, TUOLAJI) == 0


def test_r9_5_reaching_ace_is_not_winning() -> None:
    outcome = Outcome(True, 3)
    assert levels_after((R.KING, R.TWO), 0, outcome, TOURNAMENT) == (R.ACE, R.TWO)
    assert match_winner((R.KING, R.TWO), 0, outcome, TOURNAMENT) is None


def test_r9_5_attackers_at_ace_must_still_win_as_declarers() -> None:
    outcome = Outcome(False, 3)
    assert match_winner((R.TEN, R.ACE), 0, outcome, TUOLAJI) is None
    assert levels_after((R.TEN, R.ACE), 0, outcome, TUOLAJI) == (R.TEN, R.ACE)


def test_r9_5_with_wrap_the_match_goes_on() -> None:
    outcome = Outcome(True, 2)
    assert match_winner((R.ACE, R.TEN), 0, outcome, SHUANGSHENG) is None
    assert levels_after((R.ACE, R.TEN), 0, outcome, SHUANGSHENG) == (R.THREE, R.TEN)


def test_r9_5_hooked_declarers_never_win_the_match() -> None:
    rules = Rules(levels=(2, 5, 11), jack_hook=True)
    assert match_winner((R.JACK, R.TWO), 0, KEEP, rules) == 0
    assert match_winner((R.JACK, R.TWO), 0, KEEP, rules, hooked=True) is None


# ---------------------------------------------------------------------------------------------
# R10 next deal


@pytest.mark.parametrize("dealer", range(4))
def test_r10_3_next_dealer(dealer: int) -> None:
    assert next_dealer(dealer, Outcome(True, 2)) == (dealer + 2) % 4
    assert next_dealer(dealer, Outcome(False, 0)) == (dealer + 1) % 4
    assert team_of(next_dealer(dealer, Outcome(True, 2))) == team_of(dealer)
    assert team_of(next_dealer(dealer, Outcome(False, 0))) != team_of(dealer)


def test_r10_2_next_level_rank_is_the_next_declarers_level() -> None:
    assert next_level_rank((R.FIVE, R.NINE), 1) == R.NINE
    assert next_level_rank((R.FIVE, R.NINE), 2) == R.FIVE


# ---------------------------------------------------------------------------------------------
# score_deal: the whole pipeline

KITTY_25 = parse_cards("5S 10S KH 2C 3C 4C 6C 7C")


def test_score_deal_attackers_take_over_with_a_doubled_pair() -> None:
    """Dealer seat 1 (team 1 at 9); seat 2 wins the last trick led with a pair: 25 × 4."""
    rules = TUOLAJI
    result = score_deal(
        rules,
        dealer=1,
        levels=(R.FIVE, R.NINE),
        trick_points=70,
        kitty=KITTY_25,
        last_lead=parse_cards("AH AH"),
        last_winner=2,
        winning_play=parse_cards("SJ SJ"),
        trump=rules.trump(R.NINE, Suit.SPADES),
        counters=0,
    )
    assert result == DealResult(
        attacker_points=170,
        kitty_points=25,
        multiplier=4,
        outcome=Outcome(False, 2),
        levels=(R.SEVEN, R.NINE),
        next_dealer=2,
        match_winner=None,
    )
    assert result.kitty_bonus == 100
    assert result.trick_points == 70
    assert result.next_level == R.SEVEN


def test_score_deal_declarers_keep_the_kitty_and_penalties_go_below_zero() -> None:
    """Declarers win the last trick (R8.3) and attackers failed two throws (R6.5)."""
    result = score_deal(
        TUOLAJI,
        dealer=0,
        levels=(R.TWO, R.TWO),
        trick_points=5,
        kitty=KITTY_25,
        last_lead=parse_cards("AH AH KH KH"),
        last_winner=2,
        winning_play=parse_cards("AH AH KH KH"),
        trump=TUOLAJI.trump(R.TWO, None),
        failed_throws=[1, 3],
        counters=2,
    )
    assert result.attacker_points == -15
    assert result.multiplier == 0
    assert result.kitty_bonus == 0
    assert result.kitty_points == 25
    assert result.penalty == -20
    assert result.trick_points == 5
    assert result.outcome == Outcome(True, 3)
    assert result.levels == (R.FIVE, R.TWO)
    assert result.next_dealer == 2
    assert result.counters == 2


def test_score_deal_linear_tractor_kitty() -> None:
    """Seed 002 linear: a tractor of 3 pairs takes the kitty ×12."""
    rules = SHUANGSHENG
    result = score_deal(
        rules,
        dealer=3,
        levels=(R.KING, R.ACE),
        trick_points=40,
        kitty=parse_cards("5S 2C 3C 4C 6C 7C 8C 9C"),
        last_lead=parse_cards("5H 5H 4H 4H 3H 3H"),
        last_winner=0,
        winning_play=parse_cards("5H 5H 4H 4H 3H 3H"),
        trump=rules.trump(R.ACE, Suit.SPADES),
    )
    assert result.multiplier == 12
    assert result.attacker_points == 100
    assert result.outcome == Outcome(False, 0)
    assert result.levels == (R.KING, R.ACE)
    assert result.next_dealer == 0
    assert result.next_level == R.KING


def test_score_deal_tournament_match_win_at_ace() -> None:
    result = score_deal(
        TOURNAMENT,
        dealer=2,
        levels=(R.ACE, R.KING),
        trick_points=50,
        kitty=KITTY_25,
        last_lead=parse_cards("AH"),
        last_winner=0,
        winning_play=parse_cards("AH"),
        trump=TOURNAMENT.trump(R.ACE, Suit.HEARTS),
    )
    assert result.outcome == Outcome(True, 1)
    assert result.match_winner == 0
    assert result.levels == (R.ACE, R.KING)


BASE_DEAL: dict[str, object] = {
    "dealer": 0,
    "levels": (R.TEN, R.TWO),
    "trick_points": 40,
    "kitty": KITTY_25,
    "last_lead": parse_cards("AH"),
    "last_winner": 1,
    "winning_play": parse_cards("AH"),
    "trump": Trump(R.TEN, Suit.SPADES),
}

BAD_DEALS = [
    ({"dealer": 4}, "R1.3", "got dealer 4"),
    ({"last_winner": -1}, "R1.3", "got last_winner -1"),
    ({"levels": (R.TEN,)}, "R1.4", "one level per team"),
    ({"levels": (R.TEN, R.THREE), "trump": Trump(R.TEN)}, "R9.2", "2 5 10 J Q K A"),
    ({"trick_points": 37}, "R8.1", "multiple of 5"),
    ({"trick_points": 205}, "R8.1", "from 0 to 200"),
    ({"trick_points": "40"}, "R8.1", "is an int"),
    ({"trump": Trump(R.TWO, Suit.SPADES)}, "R1.4", "declarers' level 10"),
    ({"trump": Trump(R.TEN, Suit.SPADES, permanent_twos=True)}, "R2.5", "rules.trump"),
    ({"counters": -1}, "R5.2", "0 or more"),
    ({"last_lead": ()}, "R8.2", "no cards"),
]


@pytest.mark.parametrize(("changes", "rule", "fragment"), BAD_DEALS)
def test_score_deal_rejects_facts_no_deal_can_have(
    changes: dict[str, object], rule: str, fragment: str
) -> None:
    kwargs = {**BASE_DEAL, **changes}
    with pytest.raises(IllegalAction) as info:
        score_deal(TOURNAMENT, **kwargs)  # type: ignore[arg-type]
    assert info.value.rule == rule
    assert fragment in str(info.value)


def test_score_deal_base_facts_are_valid() -> None:
    result = score_deal(TOURNAMENT, **BASE_DEAL)  # type: ignore[arg-type]
    assert result.attacker_points == 40 + 25 * 2
    assert result.outcome == Outcome(False, 0)


# ---------------------------------------------------------------------------------------------
# Properties


@st.composite
def any_rules(draw: st.DrawFn) -> Rules:
    """Valid Rules with random level sequences, wrap, must-play levels, J hook and tables."""
    levels = tuple(sorted(draw(st.sets(st.sampled_from(list(Rank)), min_size=1, max_size=13))))
    must_play = draw(st.sets(st.sampled_from(levels)))
    jack_hook = Rank.JACK in levels and draw(st.booleans())
    size = draw(st.integers(min_value=1, max_value=10))
    bounds = sorted(draw(st.sets(st.integers(1, 80).map(lambda n: n * 5), min_size=size - 1)))
    # Strictly increasing "goodness for the attackers": -3..0 keep, 1..7 take over +0..+6.
    goods = sorted(draw(st.sets(st.integers(-3, 7), min_size=size, max_size=size)))
    table = [
        LevelBand(low, good <= 0, -good if good <= 0 else good - 1)
        for low, good in zip([0, *bounds], goods, strict=False)
    ]
    return Rules(
        levels=levels,
        wrap=draw(st.booleans()),
        must_play=must_play,
        jack_hook=jack_hook,
        level_table=table,
        permanent_twos=draw(st.booleans()),
        tractor_min_pairs=draw(st.sampled_from((2, 3))),
        kitty_multiplier=draw(st.sampled_from(get_args(KittyMultiplierMode))),
        throw_penalty=draw(st.sampled_from([0, 10, 20])),
        jack_hook_cards=draw(st.sampled_from(get_args(JackHookCards))),
        jack_hook_outcome=draw(st.sampled_from(get_args(JackHookOutcome))),
        # R9.1 negative_totals needs a band of the declarers under one of the attackers.
        negative_totals=any(a.declarers_keep and not b.declarers_keep for a, b in pairwise(table))
        and draw(st.booleans()),
        last_trick_to_level=draw(st.booleans()),
    )


@st.composite
def scored_deals(draw: st.DrawFn) -> tuple[Rules, tuple[Rank, Rank], int, DealResult]:
    """A random deal's raw facts under random rules, scored."""
    rules = draw(st.one_of(st.sampled_from(list(RULESETS.values())), any_rules()))
    levels = (draw(st.sampled_from(rules.levels)), draw(st.sampled_from(rules.levels)))
    dealer = draw(st.integers(0, 3))
    declarers_level = levels[team_of(dealer)]
    lead = draw(cards())
    winning = draw(
        st.one_of(
            st.just((lead,)),
            st.lists(cards(), min_size=1, max_size=2).map(tuple),
            st.sampled_from([parse_cards("JS"), parse_cards("JH JH")]),
        )
    )
    result = score_deal(
        rules,
        dealer=dealer,
        levels=levels,
        trick_points=draw(st.integers(0, 40).map(lambda n: n * 5)),
        kitty=draw(card_multisets(8, 8)),
        last_lead=(lead,),
        last_winner=draw(st.integers(0, 3)),
        winning_play=winning,
        trump=rules.trump(declarers_level, draw(st.sampled_from([*Suit, None]))),
        failed_throws=draw(st.lists(st.integers(0, 3), max_size=3)),
        counters=draw(st.integers(0, 5)),
    )
    return rules, levels, dealer, result


@given(scored_deals())
def test_property_levels_never_leave_the_sequence(
    deal: tuple[Rules, tuple[Rank, Rank], int, DealResult],
) -> None:
    rules, _, _, result = deal
    assert all(level in rules.levels for level in result.levels)
    assert result.next_level in rules.levels


@given(scored_deals())
def test_property_next_dealer_is_on_the_team_that_declares_next(
    deal: tuple[Rules, tuple[Rank, Rank], int, DealResult],
) -> None:
    _, _, dealer, result = deal
    declarers = team_of(dealer)
    declares_next = declarers if result.outcome.declarers_keep else 1 - declarers
    assert team_of(result.next_dealer) == declares_next
    assert result.next_level == result.levels[declares_next]


@given(scored_deals())
def test_property_without_wrap_nobody_passes_ace_except_by_winning_there(
    deal: tuple[Rules, tuple[Rank, Rank], int, DealResult],
) -> None:
    rules, before, dealer, result = deal
    declarers = team_of(dealer)
    if not rules.wrap:
        for team in (0, 1):
            moved_down = rules.level_index(result.levels[team]) < rules.level_index(before[team])
            # The only way down is the J hook; there is no way around past the top.
            assert not moved_down or (team == declarers and result.hooked)
        won_at_top = (
            result.outcome.declarers_keep
            and not result.hooked
            and before[declarers] == rules.last_level
        )
        if rules.last_trick_to_level:
            # R9.1: declarers who lost the last trick do not level up past A either (the last
            # winner is not drawn out here: test_house_rules_scoring checks it exactly).
            assert result.match_winner is None or won_at_top
        else:
            assert (result.match_winner == declarers) == won_at_top
        assert result.match_winner in (None, declarers)
    else:
        assert result.match_winner is None


@given(scored_deals())
def test_property_total_is_tricks_plus_kitty_plus_penalty(
    deal: tuple[Rules, tuple[Rank, Rank], int, DealResult],
) -> None:
    rules, _, _, result = deal
    assert result.attacker_points == result.trick_points + result.kitty_bonus + result.penalty
    assert result.multiplier in (0, 2)  # the leads drawn here are single cards
    table = rules.outcome(result.attacker_points)
    # R9.1 last_trick_to_level: declarers who keep the deal without the last trick get +0.
    stalled = rules.last_trick_to_level and table.declarers_keep and result.outcome.steps == 0
    assert result.outcome == table or (stalled and result.outcome == Outcome(True, 0))
    assert result.penalty % 5 == 0


@given(any_rules(), st.data())
def test_property_the_hook_and_the_multiplier_agree_with_the_references(
    rules: Rules, data: st.DataObject
) -> None:
    """R8.2 and R9.4 with every ``kitty_multiplier`` and ``jack_hook_cards`` (issue 21),
    against tests/reference.py."""
    level = data.draw(st.sampled_from(rules.levels))
    dealer, winner = data.draw(st.integers(0, 3)), data.draw(st.integers(0, 3))
    plays = ("JS", "JH JH", "JS JC", "AS", "QS QS JS JS", "AD KD KD")
    play = data.draw(st.sampled_from([parse_cards(p) for p in plays]))
    trump = rules.trump(level, Suit.HEARTS)
    assume(len({trump.effective_suit(c) for c in play}) == 1)  # a lead is of one suit (R6.2)
    result = score_deal(
        rules,
        dealer=dealer,
        levels=(level, level),
        trick_points=0,
        kitty=parse_cards("5C 5C 10D KD 2S 3S 4S 6S"),
        last_lead=play,
        last_winner=winner,
        winning_play=play,
        trump=trump,
    )
    hooked = ref_jack_hook(
        rules.jack_hook,
        rules.jack_hook_cards,
        declarers_level=level,
        declarers_team=dealer % 2,
        winner_team=winner % 2,
        winning_play=play,
    )
    assert result.hooked == hooked
    attackers_won = dealer % 2 != winner % 2
    expected = ref_kitty_multiplier(play, trump, rules.kitty_multiplier) if attackers_won else 0
    assert result.multiplier == expected
    assert result.kitty_bonus == 30 * expected


@given(
    any_rules(),
    st.data(),
    st.integers(0, 6),
    st.booleans(),
)
def test_property_advance_respects_must_play_and_the_sequence(
    rules: Rules, data: st.DataObject, steps: int, as_declarers: bool
) -> None:
    start = data.draw(st.sampled_from(rules.levels))
    end = advance_level(start, steps, rules, as_declarers=as_declarers)
    assert end in rules.levels
    if start in rules.must_play and not as_declarers:
        assert end == start
        return
    # The unhindered walk, `steps` moves up the sequence (around it with wrap, else stopping
    # at the top); R9.3 cuts it at the first must-play level on it.
    walk: list[Rank] = []
    index = rules.level_index(start)
    for _ in range(steps):
        if index == len(rules.levels) - 1 and not rules.wrap:
            break
        index = (index + 1) % len(rules.levels)
        walk.append(rules.levels[index])
    stops = [level for level in walk if level in rules.must_play]
    expected = stops[0] if stops else (walk[-1] if walk else start)
    assert end == expected
