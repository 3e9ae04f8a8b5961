"""PlayPhase's contract beyond the rules: what it is built from, its typed errors (R6.1, R8,
R11), copies, and reading hands and tricks as card ids."""

from __future__ import annotations

import random

import pytest

import tuolaji as tl
from tuolaji import CARDS, GameState, IllegalAction, InvalidCards, NoLegalChoice, PlayPhase
from tuolaji.state.actions import Phase
from tuolaji.testing.driver import advance
from tuolaji.tools.bench import play_phase_start


def start(seed: int = 1) -> GameState:
    return advance(GameState.new("tuolaji", seed=seed), random.Random(seed), until=Phase.PLAYING)


def played_out(seed: int = 1) -> PlayPhase:
    sim = PlayPhase.from_state(start(seed))
    rng = random.Random(seed)
    while not sim.is_terminal:
        sim.push(sim.sample_move(rng))
    return sim


def test_from_state_needs_a_play_phase_state() -> None:
    """R6.1: only a state in the playing phase; anything but a GameState is a TypeError."""
    with pytest.raises(IllegalAction, match="R6.1"):
        PlayPhase.from_state(GameState.new("tuolaji", seed=1))
    with pytest.raises(TypeError, match="GameState"):
        PlayPhase.from_state("state")  # type: ignore[arg-type]


def test_pop_of_an_empty_stack_is_an_index_error() -> None:
    sim = PlayPhase.from_state(start())
    with pytest.raises(IndexError, match="no pushed move"):
        sim.pop()


def test_a_move_must_be_card_ids() -> None:
    sim = PlayPhase.from_state(start())
    with pytest.raises(TypeError, match="card ids"):
        sim.push("AS")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="card ids"):
        sim.push((tl.CARDS[0],))  # type: ignore[arg-type]
    with pytest.raises(InvalidCards, match="R1.1"):
        sim.push((54,))
    assert not sim.is_legal("AS") and not sim.is_legal(()) and not sim.is_legal((99,))
    assert sim.history == ()


def test_a_play_out_of_turn_or_not_held_is_refused() -> None:
    """R11: a card the seat does not hold is refused with the engine's error."""
    state = start()
    sim = PlayPhase.from_state(state)
    other = state.hands[(state.turn + 1) % 4]
    mine = {c.id for c in state.hands[state.turn]}
    card = next(c for c in other if c.id not in mine)
    with pytest.raises(IllegalAction, match="R11"):
        sim.push((card.id,))


def test_the_finished_deal_refuses_moves_and_is_scored() -> None:
    """After the last trick: no move (R6.1, R11), a result (R8-R10); before it, no result."""
    sim = played_out()
    assert sim.legal_count() == 0 and sim.moves() == []
    with pytest.raises(NoLegalChoice):
        sim.sample_move(random.Random(0))
    with pytest.raises(IllegalAction, match="R6.1"):
        sim.push((0,))
    result = sim.result()
    assert result == sim.to_state().result
    sim.pop()
    with pytest.raises(IllegalAction, match="R8"):
        sim.result()


def test_a_copy_is_independent() -> None:
    sim = PlayPhase.from_state(start())
    rng = random.Random(4)
    for _ in range(7):
        sim.push(sim.sample_move(rng))
    twin = sim.copy()
    twin.push(twin.sample_move(rng))
    assert len(twin.history) == len(sim.history) + 1
    assert twin.to_state() == sim.to_state().play(
        sim.turn, tuple(tl.CARDS[c] for c in twin.history[-1])
    )
    twin.pop()
    twin.pop()
    assert sim.to_state() != twin.to_state()
    assert len(sim.history) == 7


def test_reading_hands_and_the_trick_as_ids() -> None:
    """hand_ids, trick, leader, tricks_done and the described lead, for a bot on ids."""
    state = start()
    sim = PlayPhase.from_state(state)
    assert sim.described_lead() is None and sim.trick == ()
    for seat in range(4):
        ids = sim.hand_card_ids(seat)
        assert sorted(ids) == sorted(c.id for c in state.hands[seat])
        assert tuple(tl.CARDS[c] for c in ids) == tuple(state.trump.sorted(state.hands[seat]))  # type: ignore[union-attr]
    with pytest.raises(TypeError):
        sim.hand_card_ids(4)
    lead = sim.sample_move(random.Random(1))
    sim.push(lead)
    assert sim.leader == state.turn and len(sim.trick) == 1
    info = sim.described_lead()
    assert info is not None and info.ids == tuple(sorted(sim.trick[0]))
    assert sim.rules == state.rules and sim.trump == state.trump and sim.dealer == state.dealer
    assert "PlayPhase" in repr(sim)


def test_playphase_speaks_the_vocabulary_of_gamestate() -> None:
    """One vocabulary (issue 41): the names a `GameState` and a `PlayPhase` share mean the same
    at every step of a deal (R6-R8.1): ``is_terminal``, ``to_act``, ``turn``, ``leader``,
    ``trick_points``, ``failed_throws``, ``hand_card_ids`` (as a multiset)."""
    state, rng = play_phase_start("tuolaji", 3)
    sim = PlayPhase.from_state(state)
    while True:
        assert sim.is_terminal == state.is_terminal
        assert sim.to_act == state.to_act
        assert sim.trick_points == state.trick_points
        assert sim.failed_throws == state.failed_throws
        for seat in range(4):
            assert sorted(sim.hand_card_ids(seat)) == sorted(state.hand_card_ids(seat))
        if sim.is_terminal:
            break
        assert (sim.turn, sim.leader) == (state.turn, state.leader)
        move = sim.sample_move(rng)
        sim.push(move)
        state = state.play(state.turn, tuple(CARDS[c] for c in move))


def test_the_names_playphase_had_in_0_4_still_work_and_warn() -> None:
    """``is_over()``, ``points`` and ``hand_ids`` (0.4) give what the new names give, with a
    `DeprecationWarning` naming the new name; they go in 0.6."""
    state, _ = play_phase_start("tuolaji", 4)
    sim = PlayPhase.from_state(state)
    with pytest.warns(DeprecationWarning, match="is_terminal"):
        assert sim.is_over() is sim.is_terminal
    with pytest.warns(DeprecationWarning, match="trick_points"):
        assert sim.points == sim.trick_points
    with pytest.warns(DeprecationWarning, match="hand_card_ids"):
        assert sim.hand_ids(1) == sim.hand_card_ids(1)
