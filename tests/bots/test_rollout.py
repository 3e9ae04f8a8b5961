"""greedy_rollout and greedy_rollout_points (issue 32 item 4, issue 35 item 3): the fast
rollouts, without views or action sets per play, end in exactly the state (and the attackers'
points, R8) that the rollout of view-by-view decisions reaches (a frozen copy in
``tests/greedy_reference.py``), with the same draws from the bot's random source, from
positions of every phase under every preset and random house rules."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tuolaji as tl
import tuolaji.bots.best
from greedy_reference import ReferenceGreedyBot, reference_greedy_rollout
from positions import played_deals, random_deal_states
from tuolaji.bots.greedy import GreedyBot
from tuolaji.bots.rollout import _Rollout, greedy_rollout, greedy_rollout_points
from tuolaji.bots.worlds import sample_world
from tuolaji.state.actions import Phase
from tuolaji.testing import strategies
from tuolaji.testing.driver import random_rules
from tuolaji.tools.bench import trick_start

PRESETS = list(tl.RULESETS)


def _assert_same_rollout(state: tl.GameState, seed: int, candidates: int = 200) -> None:
    """Both rollouts of ``state`` against the reference: the same final state (and its
    attackers' points, R8), the same draws from the bot's random source."""
    bot, ref = GreedyBot(seed, candidates), ReferenceGreedyBot(seed, candidates)
    end = greedy_rollout(state, bot)
    assert end == reference_greedy_rollout(state, ref)
    assert end.result is not None
    assert bot.rng.getstate() == ref.rng.getstate()
    on_ints = GreedyBot(seed, candidates)
    assert greedy_rollout_points(state, on_ints) == end.result.attacker_points
    assert on_ints.rng.getstate() == ref.rng.getstate()


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("candidates", [200, 3])
def test_r8_rollouts_from_mid_deal_positions_end_as_the_reference(
    preset: str, candidates: int
) -> None:
    """From the first lead of tricks 1, 5, 13 and 22 of seeded deals (R12 presets), and from
    the second and third play of a trick: the same final state (tricks, the kitty's
    multiplier R8.2, the attackers' points R8.1) and the same random draws."""
    for seed in range(4):
        for trick in (1, 5, 13, 22):
            state = trick_start(preset, seed, trick)
            if state.phase is not Phase.PLAYING:
                continue
            _assert_same_rollout(state, seed, candidates)
            inside = state.play(state.turn, state.legal_plays().sample(random.Random(seed)))
            inside = inside.play(inside.turn, inside.legal_plays().sample(random.Random(seed)))
            _assert_same_rollout(inside, seed + 1, candidates)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 25), st.sampled_from([200, 3]))
def test_r12_rollouts_end_as_the_reference_under_random_house_rules(
    seed: int, trick: int, candidates: int
) -> None:
    rules = random_rules(random.Random(seed))
    state = trick_start(rules, seed % 1000, trick)
    if state.phase is Phase.PLAYING:
        _assert_same_rollout(state, seed % 97, candidates)


@settings(max_examples=60, deadline=None)
@given(strategies.play_positions(max_plays=6), st.integers(0, 50), st.sampled_from([200, 2]))
def test_r7_rollouts_from_drawn_play_positions_end_as_the_reference(
    state: tl.GameState, seed: int, candidates: int
) -> None:
    """Hypothesis-drawn play positions (any hand size, inside a trick, random house rules)."""
    _assert_same_rollout(state, seed, candidates)


def test_rollouts_before_the_play_phase_end_as_the_reference() -> None:
    """From bidding's last round and from the burial (R4, R5.1) the bot decides on views, as
    in a game, and then plays as the reference does."""
    states = [s for s in played_deals("shuangsheng", 3) if s.phase in (Phase.BURYING,)]
    states += [s for s in played_deals("tuolaji", 2) if s.phase is Phase.CLOSING][:3]
    assert states
    for state in states:
        _assert_same_rollout(state, 5)
    finished = played_deals("tuolaji", 2)[-1]
    assert finished.result is not None
    assert greedy_rollout(finished, GreedyBot(0)) is finished
    assert greedy_rollout_points(finished, GreedyBot(0)) == finished.result.attacker_points


def test_rollouts_from_sampled_worlds_end_as_the_reference() -> None:
    """As the search runs them: one bot rolls out several worlds sampled from one view (its
    kept knowledge of the shared history serves them all)."""
    states = [s for s in played_deals("tuolaji", 4) if s.phase is Phase.PLAYING]
    bot, ref, on_ints = GreedyBot(3), ReferenceGreedyBot(3), GreedyBot(3)
    for state in states[:: len(states) // 6]:
        view = state.view(state.turn)
        rng = random.Random(len(state.tricks))
        for _ in range(3):
            world = sample_world(view, rng)
            end = reference_greedy_rollout(world, ref)
            assert greedy_rollout(world, bot) == end
            assert greedy_rollout_points(world, on_ints) == end.attacker_points
    assert bot.rng.getstate() == ref.rng.getstate() == on_ints.rng.getstate()


@pytest.mark.parametrize("preset", PRESETS)
def test_r5_1_a_rollout_starts_from_what_each_view_shows(preset: str) -> None:
    """A rollout reads each seat's knowledge from the state without building views (the hand,
    and the kitty for the seat that buried it, R5.1): the same unseen copies and voids as
    `GreedyBot.seen` of the seat's view, at every play state of two deals and under drawn
    house rules (no kitty, a kitty shown at the end)."""
    states = [s for seed in (1, 2) for s in played_deals(preset, seed)]
    # A kitty taken and buried again by a counter-bidder (R5.2): not the dealer's.
    states += [s for s in random_deal_states("shuangsheng", 14) if s.buried_by != s.dealer]
    for seed in range(6):
        rules = random_rules(random.Random(seed))
        states += [trick_start(rules, seed, trick) for trick in (1, 9)]
    checked = 0
    for state in states:
        if state.phase is not Phase.PLAYING:
            continue
        rollout = _Rollout(state, GreedyBot(0))
        for seat in range(4):
            outside, voids = GreedyBot(0).seen(state.view(seat))
            assert rollout.outside[seat] == list(outside)
            assert rollout.voids == [set(v) for v in voids]
            checked += 1
    assert checked > 400
