"""PlayPhase.sample_move draws the law of ``state.legal_plays().sample(rng)``: uniform over the
legal plays (R6.2, R7.1-R7.3), checked against the exact law on small positions with a fixed
seed; moves() lists exactly the legal plays; sampling is deterministic."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import tuolaji as tl
from tuolaji import CARDS, GameState, PlayPhase, Rules
from tuolaji.core.rules import as_rules
from tuolaji.state.actions import Phase
from tuolaji.testing.driver import advance, random_rules, unit_lead
from tuolaji.tools.bench import play_phase_start


def late_positions(rules: Rules, seed: int, hand_size: int) -> list[GameState]:
    """Positions of one deal once the hands hold ``hand_size`` cards or fewer: every play of
    its last tricks (leads and follows, after single and multi-card leads)."""
    rng = random.Random(seed)
    state = advance(GameState.new(rules, seed=seed), rng, until=Phase.PLAYING)
    out: list[GameState] = []
    while state.phase is Phase.PLAYING:
        if len(state.hands[state.turn]) <= hand_size:
            out.append(state)
        if not state.trick and rng.random() < 0.5:
            play = unit_lead(state, rng)
        else:
            play = state.legal_plays().sample(rng)
        state = state.play(state.turn, play)
    return out


def canonical(move: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sorted(move))


@pytest.mark.parametrize("preset", ["tuolaji", "shuangsheng", "online"])
def test_moves_are_the_legal_plays(preset: str) -> None:
    """moves() (and legal_ids) lists every legal play exactly once, each in canonical order."""
    for state in late_positions(as_rules(preset), 7, 6):
        sim = PlayPhase.from_state(state)
        moves = sim.moves()
        assert len(moves) == len(set(moves)) == sim.legal_count()
        expected = {tuple(c.id for c in play) for play in state.legal_plays()}
        assert set(moves) == expected


def test_sample_move_is_uniform_over_the_legal_plays() -> None:
    """On small positions (3 to 20 legal plays, late in three deals), 300 draws per play: the
    chi-square statistic of the counts against the uniform law stays within noise (mean
    k - 1, sd sqrt(2(k - 1))); with a fixed seed the test is deterministic. Every draw is a
    legal play."""
    rng = random.Random(2035)
    checked = 0
    rules = [as_rules("tuolaji"), as_rules("shuangsheng-super"), random_rules(random.Random(5))]
    for index, chosen in enumerate(rules):
        for state in late_positions(chosen, 11 + index, 6):
            sim = PlayPhase.from_state(state)
            k = sim.legal_count()
            if not 3 <= k <= 20:
                continue
            legal = state.legal_plays()
            draws = 300 * k
            counts = Counter(sim.sample_move(rng) for _ in range(draws))
            assert all(tuple(CARDS[c] for c in m) in legal for m in counts)
            assert len(counts) == k  # every legal play is drawn
            chi2 = sum((n - 300) ** 2 / 300 for n in counts.values())
            assert chi2 < (k - 1) + 6 * (2 * (k - 1)) ** 0.5, (k, sorted(counts.values()))
            tv = sum(abs(n / draws - 1 / k) for n in counts.values()) / 2
            assert tv < 0.06
            checked += 1
    assert checked >= 10


def test_sample_move_tells_a_skewed_law_apart() -> None:
    """The uniformity check can fail: the same statistic on draws that favour one play."""
    k = 6
    counts = Counter({i: 300 for i in range(k)})
    counts[0] += 90
    counts[1] -= 90
    chi2 = sum((n - 300) ** 2 / 300 for n in counts.values())
    assert chi2 >= (k - 1) + 6 * (2 * (k - 1)) ** 0.5


def test_sampling_is_deterministic() -> None:
    """The same position and seed give the same moves, whole deal long."""
    state = advance(GameState.new("tuolaji", seed=3), random.Random(3), until=Phase.PLAYING)

    def play_out(seed: int) -> tuple[tuple[int, ...], ...]:
        sim = PlayPhase.from_state(state)
        rng = random.Random(seed)
        while not sim.is_terminal:
            sim.push(sim.sample_move(rng))
        return sim.history

    assert play_out(9) == play_out(9)
    assert play_out(9) != play_out(10)


def test_a_short_follow_is_uniform_over_its_completions() -> None:
    """R7.2: seat 1 holds one ♥ against the tractor ♥3344, so it plays its ♥5 and any three of
    ♣66 ♣7 ♦88: ♣6 ♣7 ♦8, or a pair and one other card (five follows); 3,000 draws each."""
    hands = ["3H 3H 4H 4H 9S 10S", "5H 6C 6C 7C 8D 8D", "JS QS KS AS 3D 4D", "5D 6D 7D 9D 10D JD"]
    dealt = [tl.parse_cards(h) for h in hands]
    left = Counter(tl.full_deck())
    for hand in dealt:
        left.subtract(hand)
    state = GameState.for_play(
        "tuolaji",
        hands=dealt,
        kitty=list(left.elements())[:8],
        trump=tl.Trump(tl.Rank.TWO, tl.Suit.SPADES),
        dealer=0,
        levels=(tl.Rank.TWO, tl.Rank.TWO),
    )
    state = state.play(0, tl.parse_cards("3H 3H 4H 4H"))
    sim = PlayPhase.from_state(state)
    assert sim.legal_count() == len(state.legal_plays()) == 5
    rng = random.Random(7)
    counts = Counter(sim.sample_move(rng) for _ in range(15_000))
    assert set(counts) == {tuple(c.id for c in play) for play in state.legal_plays()}
    chi2 = sum((n - 3000) ** 2 / 3000 for n in counts.values())
    assert chi2 < 4 + 6 * 8**0.5, sorted(counts.values())


def test_legal_leads_and_playphase_draw_the_same_lead() -> None:
    """One lead sampler: from the same random source, ``state.legal_plays().sample`` and
    `PlayPhase.sample_move` draw the same lead (R6.2), in canonical order."""
    for seed in range(5):
        state, _ = play_phase_start("tuolaji", seed)
        sim = PlayPhase.from_state(state)
        for draw in range(20):
            ours = sim.sample_move(random.Random(draw))
            theirs = state.legal_plays().sample(random.Random(draw))
            assert ours == tuple(c.id for c in theirs)
