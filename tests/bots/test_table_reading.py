"""Reading the table (issue 44, item 2; ``tuolaji.bots.worlds.reading``): the plays of the
other seats a world must explain (R8.1 feeding a partner, R7.5 taking a trick with points),
counted in the true world and in sampled ones, the draw kept by that likelihood, its secrecy
(a swap of hidden cards changes no world drawn and no decision) and hostile arguments."""

from __future__ import annotations

import random

import pytest

import tuolaji as tl
from hidden_swaps import swap_hidden
from positions import played_deals
from tuolaji.bots.best import BestBot
from tuolaji.bots.worlds import sample_world
from tuolaji.bots.worlds.reading import TableReading, read_world
from tuolaji.state.gamestate import GameState


def _greedy_deal(seed: int) -> list[GameState]:
    game = tl.Game("tuolaji", seed=seed)
    game.play_deal([tl.GreedyBot(seed * 4 + i) for i in range(4)])
    return [s for s in game.history if s.phase is tl.Phase.PLAYING and not s.trick]


def _late_views(seeds: range) -> list[tuple[GameState, tl.PlayerView]]:
    out = []
    for seed in seeds:
        states = _greedy_deal(seed)
        state = states[len(states) * 3 // 4]
        out.append((state, state.view(state.turn)))
    return out


def test_greedy_plays_are_no_surprise_in_the_true_world_and_some_in_sampled_ones() -> None:
    """The model is GreedyBot's own following rules: in the deal it played, none of its
    checked plays is a surprise (R8.1 feeding, R7.5 taking points); uniform worlds make
    some of them surprising, which is what the reading weighs."""
    rng = random.Random(1)
    checks = sampled = 0
    for state, view in _late_views(range(8)):
        reading = TableReading(view)
        checks += reading.checks
        assert reading.surprises(state) == 0
        sampled += sum(reading.surprises(sample_world(view, rng)) for _ in range(10))
    assert checks > 10
    assert sampled > 0


def test_the_reading_never_checks_the_readers_own_plays() -> None:
    for _state, view in _late_views(range(4)):
        reading = TableReading(view)
        assert all(check.seat != view.seat for check in reading._checks)


def test_read_world_with_no_trust_is_the_uniform_draw() -> None:
    _state, view = _late_views(range(1))[0]
    a = read_world(view, random.Random(4), trust=0.0)
    assert a == sample_world(view, random.Random(4))


def test_read_world_keeps_worlds_that_explain_the_plays() -> None:
    """With full trust a surprising draw is never kept while a draw within the tries explains
    every checked play; the kept worlds keep the view (R1.1, R7.2 as sample_world)."""
    rng = random.Random(2)
    uniform = trusted = 0
    for _state, view in _late_views(range(8)):
        reading = TableReading(view)
        for _ in range(6):
            world = read_world(view, rng, trust=1.0, reading=reading, tries=32)
            assert world.view(view.seat) == view
            trusted += reading.surprises(world)
            uniform += reading.surprises(sample_world(view, rng))
    assert trusted < uniform


def test_read_world_draws_from_the_view_alone_swap_test() -> None:
    """Secrecy: the other seats' hidden cards exchanged (the view unchanged), the same world
    drawn from the same seed, and the same decision of a trusting BestBot."""
    rng = random.Random(3)
    changed = 0
    for state, view in _late_views(range(5)):
        seat = view.seat
        swapped = swap_hidden(state, seat, rng)
        changed += swapped.hands != state.hands
        view2 = swapped.view(seat)
        assert view2 == view
        a = read_world(view, random.Random(9), trust=0.9)
        b = read_world(view2, random.Random(9), trust=0.9)
        assert [a.hand_card_ids(s) for s in range(4)] == [b.hand_card_ids(s) for s in range(4)]
        actions = state.legal_actions(seat)
        choice = BestBot(7, budget=6, trust=0.9).act(view, actions)
        assert BestBot(7, budget=6, trust=0.9).act(view2, swapped.legal_actions(seat)) == choice
    assert changed >= 3


def test_read_world_and_best_trust_refuse_hostile_arguments() -> None:
    _state, view = _late_views(range(1))[0]
    rng = random.Random(0)
    with pytest.raises(TypeError, match="trust"):
        read_world(view, rng, trust="high")  # type: ignore[arg-type]
    with pytest.raises(tl.ConfigurationError, match="trust"):
        read_world(view, rng, trust=1.5)
    with pytest.raises(tl.ConfigurationError, match="tries"):
        read_world(view, rng, trust=0.5, tries=0)
    with pytest.raises(TypeError, match="reading"):
        read_world(view, rng, trust=0.5, reading="mine")  # type: ignore[arg-type]
    other = _late_views(range(1, 2))[0][1]
    with pytest.raises(TypeError, match="reading"):
        read_world(view, rng, trust=0.5, reading=TableReading(other))
    with pytest.raises(TypeError, match="view"):
        TableReading("view")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="trust"):
        BestBot(0, trust=True)
    with pytest.raises(tl.ConfigurationError, match="trust"):
        BestBot(0, trust=-0.1)


def test_a_trusting_best_plays_a_deal_legally_and_reproducibly() -> None:
    def deal() -> list[tl.Action]:
        game = tl.Game("tuolaji", seed=4)
        bots = [BestBot(0, budget=3, trust=0.9), tl.GreedyBot(1)] * 2
        game.play_deal(bots)
        return list(game.actions[0])

    assert deal() == deal()


def test_before_any_trick_there_is_nothing_to_read() -> None:
    state = next(
        s for s in played_deals("tuolaji", 1) if s.phase is tl.Phase.PLAYING and not s.tricks
    )
    view = state.view(state.turn)
    assert TableReading(view).checks == 0
    assert read_world(view, random.Random(5), trust=0.9) == sample_world(view, random.Random(5))
