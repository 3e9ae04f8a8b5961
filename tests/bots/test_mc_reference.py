"""The Monte-Carlo yardstick of ``benchmarks/mc_reference.py`` (issue 32, item 1): legal,
deterministic from its seed, deciding from its seat's view alone, and loadable as the arena
spec ``mc_reference:MonteCarloBot``."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

import tuolaji as tl
from hidden_swaps import swap_hidden
from positions import played_deals
from tuolaji.tools.arena import BotSpec

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from mc_reference import MonteCarloBot


def _play_states(rules: str, seed: int) -> list[tl.GameState]:
    return [
        s
        for s in played_deals(rules, seed)
        if s.phase is tl.Phase.PLAYING and len(s.legal_actions(s.turn)) > 1
    ]


def test_the_yardstick_plays_a_whole_deal_legally_and_reproducibly() -> None:
    def play() -> tl.GameState:
        bots = [MonteCarloBot(0, worlds=2, candidates=3), tl.GreedyBot(1)] * 2
        game = tl.Game("shuangsheng", seed=4)
        game.play_deal(bots)  # Game raises IllegalAction for any illegal answer
        return game.state

    first = play()
    assert first.result is not None
    assert play() == first


@pytest.mark.parametrize("rules", ["tuolaji", "shuangsheng"])
def test_the_yardstick_searches_leads_and_follows_from_the_first_trick(rules: str) -> None:
    states = _play_states(rules, 1)
    opening_lead = next(s for s in states if not s.tricks and not s.trick)
    a_follow = next(s for s in states if s.trick and len(s.legal_actions(s.turn)) > 3)
    for state in (opening_lead, a_follow):
        view, actions = state.view(state.turn), state.legal_actions(state.turn)
        bot = MonteCarloBot(3, worlds=2, candidates=4)
        options = bot.ordered_candidates(view, actions)
        # GreedyBot's choice first, then distinct legal plays, as many as asked.
        assert options[0] == tl.GreedyBot(3).act(view, actions)
        assert len(options) == 4
        assert len({tuple(sorted(c.id for c in p.cards)) for p in options}) == 4
        assert all(p in actions for p in options)
        before = bot.rng.getstate()
        choice = bot.act(view, actions)
        assert bot.rng.getstate() != before  # it searched (worlds were sampled)
        assert choice in options


def _holds_a_pair(state: tl.GameState) -> bool:
    assert state.trump is not None  # playing
    return any(u.pairs for u in tl.units(state.hands[state.turn], state.trump))


def test_the_yardstick_leads_pairs_and_tractors_among_its_candidates() -> None:
    """R3.3: the hand's pairs and tractors are lead candidates, not only singles."""
    state = next(s for s in _play_states("tuolaji", 2) if not s.trick and _holds_a_pair(s))
    view, actions = state.view(state.turn), state.legal_actions(state.turn)
    options = MonteCarloBot(0, candidates=8).ordered_candidates(view, actions)
    assert any(len(p.cards) >= 2 for p in options)


def test_the_yardstick_decides_from_its_view_alone() -> None:
    """Swap test: hidden cards of the other seats exchanged, the same decisions."""
    rng = random.Random(7)
    states = _play_states("tuolaji", 3)
    for state in states[:: len(states) // 6][:6]:
        seat = state.turn
        swapped = swap_hidden(state, seat, rng)
        choices = [
            MonteCarloBot(5, worlds=2, candidates=3).act(s.view(seat), s.legal_actions(seat))
            for s in (state, swapped)
        ]
        assert choices[0] == choices[1]


def test_the_yardstick_is_the_arena_spec_mc_reference() -> None:
    bot = BotSpec("mc", "mc_reference:MonteCarloBot", '{"worlds": 3}').build(9)
    assert isinstance(bot, MonteCarloBot)
    assert bot.worlds == 3 and bot.candidates == 8


def test_the_yardstick_checks_its_arguments() -> None:
    with pytest.raises(TypeError, match="worlds"):
        MonteCarloBot(worlds=2.0)  # type: ignore[arg-type]
    with pytest.raises(tl.ConfigurationError, match="candidates"):
        MonteCarloBot(candidates=0)
