"""PIMCBot (#12 item 6): legal, deterministic, and its rollouts finish deals."""

from __future__ import annotations

import random

import tuolaji as tl
from positions import played_deals
from tuolaji.bots.pimc import quick_play, rollout


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
