"""BestBot (#24 item 4, #32 item 2): legal, deterministic from its seed, searching from the hand
size ``endgame`` (by default the whole deal), and named ``best`` in the arena's bot specs."""

from __future__ import annotations

import pytest

import tuolaji as tl
import tuolaji.bots
from positions import played_deals
from tuolaji.bots.best import BestBot
from tuolaji.bots.rollout import greedy_rollout
from tuolaji.core.errors import ConfigurationError
from tuolaji.tools.arena import BotSpec, parse_bots


def _endgame_states(cards: int) -> list[tl.GameState]:
    """Play decisions of greedy deals where the seat to act holds ``cards`` or fewer."""
    return [
        s
        for seed in (1, 2)
        for s in played_deals("tuolaji", seed)
        if s.phase is tl.Phase.PLAYING and len(s.hands[s.turn]) <= cards
    ]


def test_best_plays_a_whole_deal_legally_and_reproducibly() -> None:
    def play() -> tl.GameState:
        bots = [
            BestBot(0, budget=6, candidates=3, endgame=4),
            tl.GreedyBot(1),
            BestBot(2, budget=6, candidates=3, endgame=4),
            tl.GreedyBot(3),
        ]
        game = tl.Game("shuangsheng", seed=9)
        game.play_deal(bots)  # Game raises IllegalAction for any illegal answer
        return game.state

    first = play()
    assert first.result is not None
    assert play() == first


def test_best_plays_greedy_before_the_endgame_and_searches_within_it() -> None:
    states = [
        s for s in played_deals("tuolaji", 1) if s.phase is tl.Phase.PLAYING and s.trick == ()
    ]
    early = next(s for s in states if len(s.hands[s.turn]) > 20)
    view, actions = early.view(early.turn), early.legal_actions(early.turn)
    # Before the endgame it draws nothing from its search stream: it is the greedy bot.
    bot = BestBot(5, endgame=4)
    before = bot.rng.getstate()
    assert bot.act(view, actions) == tl.GreedyBot(5).act(view, actions)
    assert bot.rng.getstate() == before
    late = _endgame_states(4)
    searched = 0
    for state in late[:12]:
        seat = state.turn
        view, actions = state.view(seat), state.legal_actions(seat)
        first = BestBot(3, budget=6, candidates=3, endgame=4)
        start = first.rng.getstate()
        choice = first.act(view, actions)
        assert choice in actions
        assert BestBot(3, budget=6, candidates=3, endgame=4).act(view, actions) == choice
        searched += first.rng.getstate() != start
    assert searched > 0  # some endgame decisions had more than one legal play


def test_greedy_rollouts_finish_the_deal_from_the_position() -> None:
    state = _endgame_states(8)[0]
    end = greedy_rollout(state, tl.GreedyBot(0))
    assert end.result is not None
    assert end.tricks[: len(state.tricks)] == state.tricks


def test_best_checks_its_arguments() -> None:
    with pytest.raises(TypeError, match="seed"):
        BestBot("1")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="budget"):
        BestBot(budget=2.0)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="margin"):
        BestBot(margin="5")  # type: ignore[arg-type]
    for name in ("budget", "candidates", "endgame"):
        with pytest.raises(ConfigurationError, match=name):
            BestBot(**{name: 0})
    with pytest.raises(ConfigurationError, match="endgame"):
        BestBot(endgame=34)
    with pytest.raises(ConfigurationError, match="budget"):
        BestBot(budget=4097)


def test_best_is_a_built_in_arena_spec() -> None:
    specs = parse_bots('best,g=greedy,p=pimc,fast=best{"budget": 2}')
    assert specs[0] == BotSpec("best", "best")
    bot = specs[0].build(7)
    assert isinstance(bot, BestBot)
    fast = specs[3].build(7)
    assert isinstance(fast, BestBot) and fast.budget == 2


def test_best_is_exported_from_the_package_and_the_bots_layer() -> None:
    """The default opponent of ``tuolaji play`` is a public name (issue 30 item 7)."""
    assert tl.BestBot is BestBot and tuolaji.bots.BestBot is BestBot
    assert "BestBot" in tl.__all__ and "BestBot" in tuolaji.bots.__all__
