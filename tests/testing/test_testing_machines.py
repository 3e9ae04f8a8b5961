"""DealMachine and MatchMachine reach the end of a deal and a match, and the Proof of issue
14: a planted bug (a follow check that ignores pairs) is found and shrunk to a short
reproduction."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence

import hypothesis.internal.conjecture.engine
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import run_state_machine_as_test

import tuolaji as tl
from planted_bugs import plant_follow_check
from tuolaji.testing import (
    DealMachine,
    InvariantViolation,
    MatchMachine,
    check_apply,
    play_positions,
)
from tuolaji.testing.driver import plausible_play, unit_lead

QUICK = settings(max_examples=4, deadline=None, database=None)


class FinishingDeal(DealMachine):
    """A deal machine that records whether each run reached the score."""

    ends: list[tuple[bool, int]] = []  # noqa: RUF012 - shared across runs on purpose

    def teardown(self) -> None:
        type(self).ends.append((self.finished, self.steps))


def test_a_default_deal_machine_run_reaches_the_score() -> None:
    """The default 50 steps play a whole deal: steps are phases and tricks (issue 14)."""
    FinishingDeal.ends = []
    run_state_machine_as_test(FinishingDeal, settings=QUICK)
    assert FinishingDeal.ends and all(done for done, _ in FinishingDeal.ends)
    assert all(steps <= 50 for _, steps in FinishingDeal.ends)


class Shuangsheng(FinishingDeal):
    preset = "shuangsheng"
    first_deal = True


def test_a_preset_machine_plays_that_preset() -> None:
    Shuangsheng.ends = []
    run_state_machine_as_test(Shuangsheng, settings=QUICK)
    assert all(done for done, _ in Shuangsheng.ends)


class Matches(MatchMachine):
    runs: list[tuple[int, bool]] = []  # noqa: RUF012

    def teardown(self) -> None:
        type(self).runs.append((self.deals, self.over))


def test_a_match_machine_plays_deal_after_deal() -> None:
    Matches.runs = []
    run_state_machine_as_test(
        Matches, settings=settings(QUICK, max_examples=2, stateful_step_count=4)
    )
    assert Matches.runs and all(deals >= 2 for deals, _ in Matches.runs)


class ShortMatch(MatchMachine):
    """Levels 10 J Q K A without wrap: declarers win the match quickly (R9.5)."""

    def rules_strategy(self) -> st.SearchStrategy[tl.Rules]:
        return st.just(tl.Rules(levels=(tl.Rank.KING, tl.Rank.ACE)))

    runs: list[tuple[int, bool]] = []  # noqa: RUF012

    def teardown(self) -> None:
        type(self).runs.append((self.deals, self.over))


def test_a_match_machine_reaches_the_end_of_a_match() -> None:
    """R9.5: a match with two levels ends within a few deals; after it no deal starts."""
    ShortMatch.runs = []
    run_state_machine_as_test(ShortMatch, settings=settings(QUICK, stateful_step_count=30))
    assert ShortMatch.runs and any(over for _, over in ShortMatch.runs)


# --- the Proof: a planted bug is found and shrunk ---------------------------------------------


def follows_suit_only(
    lead: Sequence[tl.Card],
    hand: Sequence[tl.Card],
    cards: Sequence[tl.Card],
    trump: tl.Trump,
    **house_rules: object,
) -> None:
    """A wrong follow check: R7.1 (count) and R7.2 (suit), but R7.3 (pairs) forgotten."""
    if len(cards) != len(lead) or not (Counter(cards) <= Counter(hand)):
        raise tl.IllegalAction("R7.1", "play as many cards as the lead, from your hand")
    suit = trump.effective_suit(lead[0])
    held = sum(1 for c in hand if trump.effective_suit(c) == suit)
    played = sum(1 for c in cards if trump.effective_suit(c) == suit)
    if played != min(held, len(lead)):
        raise tl.IllegalAction("R7.2", "follow suit")


@pytest.fixture
def follow_ignores_pairs(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Plant the bug where the engine checks a follow when it is played."""
    plant_follow_check(monkeypatch, follows_suit_only)
    yield


def test_the_planted_bug_is_real(follow_ignores_pairs: None) -> None:
    """R7.3 example: lead ♥KK, a hand with ♥QQ ♥3 must play ♥QQ; with the bug it may not."""
    trump = tl.Trump(tl.Rank.TEN, tl.Suit.SPADES)
    hands = [tl.parse_cards(h) for h in ("♥KK ♠4", "♥QQ ♥3", "♣3 ♣4 ♣5", "♦3 ♦4 ♦5")]
    s = tl.GameState.for_play(
        "tuolaji",
        hands=hands,
        kitty=tl.parse_cards("♦6 ♦7 ♦8 ♦9 ♣6 ♣7 ♣8 ♣9"),
        trump=trump,
        dealer=0,
        levels=(tl.Rank.TEN, tl.Rank.TEN),
    )
    s = s.play(0, tl.parse_cards("♥KK"))
    s.play(1, tl.parse_cards("♥Q ♥3"))  # accepted: the bug
    with pytest.raises(InvariantViolation, match="legal_actions does not list"):
        check_apply(s, tl.Play(1, tl.parse_cards("♥Q ♥3")))


@pytest.mark.slow
def test_proof_deal_machine_finds_the_bug_and_shrinks_it(
    follow_ignores_pairs: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The DealMachine finds the planted bug and hypothesis shrinks the run to a few steps:
    the deal, the bidding, the burial and a trick or two. (Shrinking whole deals is slow:
    hypothesis' shrink time limit is cut from 5 minutes to 15 seconds here.)"""
    monkeypatch.setattr(hypothesis.internal.conjecture.engine, "MAX_SHRINKING_SECONDS", 15)

    class Tuolaji(DealMachine):
        preset = "tuolaji"
        first_deal = False

    with pytest.raises(InvariantViolation) as failure:
        run_state_machine_as_test(
            Tuolaji,
            settings=settings(max_examples=200, deadline=None, database=None, derandomize=True),
        )
    assert "legal_actions does not list" in str(failure.value)
    notes = getattr(failure.value, "__notes__", [])
    steps = [line for line in notes if line.startswith("state.step(")]
    # The reproduction hypothesis prints (its header line differs between versions).
    assert "state = Tuolaji()" in notes[:3], notes[:5]
    assert 1 <= len(steps) <= 8, "\n".join(notes)


@pytest.mark.slow
def test_proof_positions_shrink_to_a_small_hand(
    follow_ignores_pairs: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """From play positions the same bug is found, and hypothesis reports the smallest
    failing position it met (R7.3 needs a pair led, and a pair and one more card of the
    suit to follow with: three cards at the least). Shrinking is cut to 5 seconds here."""
    monkeypatch.setattr(hypothesis.internal.conjecture.engine, "MAX_SHRINKING_SECONDS", 5)
    failing: list[int] = []

    @settings(
        max_examples=300,
        deadline=None,
        database=None,
        derandomize=True,
        suppress_health_check=list(HealthCheck),
    )
    @given(play_positions("tuolaji", max_plays=0, max_size=13), st.integers(0, 255))
    def follows_agree(state: tl.GameState, seed: int) -> None:
        rng = random.Random(seed)
        state = state.play(state.to_act, unit_lead(state, rng))
        try:
            for _ in range(3):
                check_apply(state, tl.Play(state.to_act, plausible_play(state, rng)))
        except InvariantViolation:
            failing.append(len(state.hands[state.to_act]))
            raise

    with pytest.raises(InvariantViolation, match="legal_actions does not list"):
        follows_agree()
    first, final = failing[0], failing[-1]
    assert final == min(failing) and 3 <= final <= first, failing
