"""PIMCBot (#12 item 6): legal, deterministic, and its rollouts finish deals."""

from __future__ import annotations

import random

import attrs
import pytest

import tuolaji as tl
from positions import played_deals
from tuolaji.bots.pimc import playout_points, quick_play, rollout
from tuolaji.core.tricks import trick_winner
from tuolaji.tools.bench import play_phase_start


def test_pimc_plays_a_whole_deal_legally_and_reproducibly() -> None:
    def play() -> tl.GameState:
        bots = [
            tl.PIMCBot(0, worlds=2, candidates=3),
            tl.GreedyBot(1),
            tl.PIMCBot(2, worlds=2, candidates=3),
            tl.GreedyBot(3),
        ]
        game = tl.Game("shuangsheng", seed=9)
        game.play_deal(bots)  # Game raises IllegalAction for any illegal answer
        return game.state

    first = play()
    assert first.result is not None
    assert play() == first


def test_rollouts_end_the_deal_with_legal_plays() -> None:
    state = next(s for s in played_deals("tuolaji", 3) if s.phase is tl.Phase.PLAYING)
    rng = random.Random(2)
    assert quick_play(state, rng) in state.legal_plays()
    end = rollout(state, rng)
    assert end.result is not None
    assert end.tricks[: len(state.tricks)] == state.tricks


HOUSE = attrs.evolve(tl.RULESETS["tuolaji"], ruff_shape="counts", throw_ruff="highest")
"""House rules of R7.4 and R7.5 under which the rollouts' winners change."""


def reference_quick_play(state: tl.GameState, rng: random.Random) -> tuple[tl.Card, ...]:
    """quick_play's policy read from its docstring, on cards, with trick_winner (R7.5)."""
    hand = state.hands[state.turn]
    trump = state.trump
    assert trump is not None
    strength = trump.table.strength
    if not state.trick:
        suit = trump.effective_suit(hand[rng.randrange(len(hand))])
        return (
            max((c for c in hand if trump.effective_suit(c) == suit), key=lambda c: strength[c.id]),
        )
    plays = state.legal_plays()
    rules = state.rules

    def trick_winner_here(trick: tuple[tuple[tl.Card, ...], ...]) -> int:
        return trick_winner(trick, trump, ruff_shape=rules.ruff_shape, throw_ruff=rules.throw_ruff)

    winning = (state.leader + trick_winner_here(state.trick)) % 4
    ours = winning % 2 == state.turn % 2
    best: tuple[tl.Card, ...] = ()
    best_key: tuple[int, int] | None = None
    for _ in range(4):
        play = plays.sample(rng)
        cost = sum(strength[c.id] for c in play)
        pts = sum(c.points for c in play)
        if ours:
            key = (pts, -cost)
        elif trick_winner_here((*state.trick, play)) == len(state.trick):
            key = (1000, -cost)
        else:
            key = (-10 * pts - cost, 0)
        if best_key is None or key > best_key:
            best, best_key = play, key
    return best


@pytest.mark.parametrize("rules", ["tuolaji", HOUSE])
def test_quick_play_on_ids_is_the_policy_on_cards(rules: str | tl.Rules) -> None:
    """Issue 22: the rollout policy on card ids picks what the same policy on cards picks,
    from the same random stream, at every play of random deals (throws included)."""
    positions = 0
    for seed in range(12):
        state, rng = play_phase_start(rules, seed)
        while state.result is None:
            draw = rng.randrange(1 << 30)
            assert quick_play(state, random.Random(draw)) == reference_quick_play(
                state, random.Random(draw)
            )
            positions += 1
            state = state.play(state.turn, state.legal_plays().sample(rng))
    assert positions > 1000


@pytest.mark.parametrize("rules", ["tuolaji", "shuangsheng", HOUSE])
def test_playout_on_ids_scores_what_the_rollout_scores(rules: str | tl.Rules) -> None:
    """Issue 22: the id playout plays what rollout plays (same stream) and scores it as the
    state machine does (R8: tricks, kitty bonus, throw penalties), from every few states."""
    checked = 0
    for seed in range(10):
        state, rng = play_phase_start(rules, seed)
        while state.result is None:
            if len(state.tricks) % 3 == 0:
                draw = rng.randrange(1 << 30)
                end = rollout(state, random.Random(draw))
                assert playout_points(state, random.Random(draw)) == end.attacker_points
                checked += 1
            state = state.play(state.turn, state.legal_plays().sample(rng))
        assert playout_points(state, rng) == state.attacker_points
    assert checked > 200
