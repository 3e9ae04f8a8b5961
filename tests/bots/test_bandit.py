"""The information-set bandit (issue 44, item 2; ``tuolaji.bots.bandit``): best's budget spent
by UCB1 over its candidates, a fresh world per rollout; legal, deterministic, secret (a swap
of hidden cards changes no decision) and refusing hostile arguments."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import tuolaji as tl
import tuolaji.bots.best as best_module
from hidden_swaps import swap_hidden
from positions import played_deals
from tuolaji.bots.bandit import BanditBot
from tuolaji.state.gamestate import GameState
from tuolaji.tools.arena import parse_bots


def _decisions() -> Iterator[GameState]:
    for state in played_deals("tuolaji", 1):
        if state.phase is tl.Phase.PLAYING and len(state.legal_actions(state.turn)) > 1:
            yield state


def test_the_bandit_spends_exactly_its_budget_of_rollouts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = [0]
    rollout = best_module.greedy_rollout_points

    def counted(state: GameState, bot: tl.GreedyBot) -> int:
        calls[0] += 1
        return rollout(state, bot)

    monkeypatch.setattr(best_module, "greedy_rollout_points", counted)
    for state in list(_decisions())[::15]:
        seat = state.turn
        view, actions = state.view(seat), state.legal_actions(seat)
        bot = BanditBot(1, budget=10)
        plays = bot._candidates(view, actions)
        calls[0] = 0
        means = bot.evaluate(view, plays)
        assert len(means) == len(plays)
        assert calls[0] == max(10, len(plays))  # one rollout per play at least
        assert BanditBot(1, budget=10).act(view, actions) in actions  # R6, R7


def test_the_bandit_is_deterministic_and_decides_from_its_view_alone() -> None:
    rng = random.Random(6)
    states = list(_decisions())[::12]
    changed = 0
    for state in states:
        seat = state.turn
        view, actions = state.view(seat), state.legal_actions(seat)
        choice = BanditBot(3, budget=6).act(view, actions)
        assert BanditBot(3, budget=6).act(view, actions) == choice
        swapped = swap_hidden(state, seat, rng)
        changed += swapped.hands != state.hands
        assert swapped.view(seat) == view
        assert BanditBot(3, budget=6).act(swapped.view(seat), swapped.legal_actions(seat)) == choice
    assert changed >= 3


def test_the_bandit_refuses_hostile_arguments_and_is_an_arena_spec() -> None:
    with pytest.raises(TypeError, match="exploration"):
        BanditBot(0, exploration="wide")  # type: ignore[arg-type]
    with pytest.raises(tl.ConfigurationError, match="exploration"):
        BanditBot(0, exploration=-1.0)
    with pytest.raises(tl.ConfigurationError, match="budget"):
        BanditBot(0, budget=0)
    (spec, _) = parse_bots('u=tuolaji.bots.bandit:BanditBot{"budget": 3},greedy')
    assert isinstance(spec.build(1), BanditBot)
