"""Positions for tests: states reached by real play, for every phase."""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cache

import tuolaji as tl
from tuolaji.state.actions import Phase
from tuolaji.state.gamestate import GameState


@cache
def played_deals(rules: str | tl.Rules, seed: int) -> tuple[GameState, ...]:
    """Every state of two deals (random bots, then greedy bots) of a game: cached, since
    building them costs more than the checks made on them."""
    game = tl.Game(rules, seed=seed)
    game.play_deal([tl.RandomBot(seed * 4 + i) for i in range(4)])
    if not game.over:
        game.play_deal([tl.GreedyBot(seed * 4 + i) for i in range(4)])
    return tuple(game.history)


@cache
def random_deal_states(preset: str, seed: int) -> tuple[GameState, ...]:
    """Every state of one deal played by random legal actions (mostly dealing cards, so that
    bids come at every point of the deal); the dealer is left to the bidding for odd seeds."""
    rng = random.Random(seed)
    s = GameState.new(preset, seed=seed, dealer=None if seed % 2 else seed % 4)
    states = [s]
    while s.phase is not Phase.FINISHED:
        if s.phase is Phase.DEALING and rng.random() < 0.9:
            s = s.deal_card()
        else:
            s = s.apply(s.legal_actions().sample(rng))
        states.append(s)
    return tuple(states)


def some_state(rules: str, seed: int, pick: float) -> GameState:
    """A state of :func:`played_deals` chosen by ``pick`` in [0, 1)."""
    states = played_deals(rules, seed % 8)
    return states[int(pick * len(states))]


def play_out(state: GameState, rng: random.Random) -> GameState:
    """The state at the end of the deal, every decision random (bids: pass or bid)."""
    while state.phase is not tl.Phase.FINISHED:
        if state.phase is tl.Phase.DEALING:
            bids = list(state.legal_actions(None))
            state = state.apply(bids[0] if rng.random() < 0.9 else rng.choice(bids))
            continue
        state = state.apply(state.legal_actions(state.to_act).sample(rng))
    return state


def play_states(preset: str, seed: int) -> Iterator[GameState]:
    """The states of one deal's play phase, reached by random legal actions."""
    rng = random.Random(seed)
    s = GameState.new(preset, seed=seed)
    while s.phase is not Phase.PLAYING:
        s = s.apply(s.legal_actions().sample(rng))
    while s.phase is Phase.PLAYING:
        yield s
        s = s.play(s.to_act, s.legal_plays().sample(rng))
