"""PlayPhase against GameState (issue 35, item 2): the same positions played move by move by
both, under every preset and hypothesis-drawn house rules, agree at every step: the legal count
(R6.2, R7.1-R7.3), the legality of legal and illegal candidate plays, the trick's plays (a
failed throw's forced unit, R6.4), the winner who leads next (R7.5), the attackers' points
(R8.1), the failed throws (R6.5), the hands, the final result (R8-R10) and ``to_state``; ``pop``
restores every step exactly and a refused push raises the state machine's own error (R11)."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tuolaji import CARDS, GameState, PlayPhase, Rules, sample_world
from tuolaji.core.rules import FORCED_UNIT_ORDERS, RULESETS, as_rules
from tuolaji.state.actions import Phase
from tuolaji.testing.driver import advance, plausible_play, random_rules, unit_lead
from tuolaji.testing.strategies import play_positions, rules

Snapshot = tuple[object, ...]


def snapshot(sim: PlayPhase) -> Snapshot:
    """Everything a PlayPhase shows of its position."""
    return (
        sim.turn,
        sim.leader,
        sim.trick,
        sim.trick_points,
        sim.tricks_done,
        sim.failed_throws,
        sim.history,
        sim.is_terminal,
        tuple(sim.hand_card_ids(s) for s in range(4)),
        sim.legal_count(),
    )


def agrees(sim: PlayPhase, state: GameState) -> None:
    """The PlayPhase shows what the state holds."""
    assert sim.is_terminal == (state.phase is Phase.FINISHED)
    assert sim.trick_points == state.trick_points  # R8.1
    assert sim.failed_throws == state.failed_throws  # R6.5
    assert sim.leader == state.leader  # the last trick's winner leads (R7.5)
    assert sim.tricks_done == len(state.tricks)
    assert sim.trick == tuple(tuple(c.id for c in p) for p in state.trick)  # R6.4
    for seat in range(4):
        assert sorted(sim.hand_card_ids(seat)) == sorted(c.id for c in state.hands[seat])
    if state.phase is Phase.PLAYING:
        assert sim.turn == state.turn
        assert sim.legal_count() == len(state.legal_plays())  # R6.2, R7.1-R7.3


def cards(move: tuple[int, ...]) -> tuple[object, ...]:
    return tuple(CARDS[c] for c in move)


def walk(state: GameState, rng: random.Random, *, candidates: int = 2) -> PlayPhase:
    """Play ``state``'s deal to its end in a PlayPhase and in GameState side by side, checking
    every step; then pop every move back."""
    sim = PlayPhase.from_state(state)
    start = snapshot(sim)
    states = [state]
    agrees(sim, state)
    while state.phase is Phase.PLAYING:
        legal = state.legal_plays()
        for _ in range(candidates):  # legal and illegal plays the seat might try (R11)
            tried = plausible_play(state, rng)
            ids = tuple(c.id for c in tried)
            assert sim.is_legal(ids) == (tried in legal), (state.trick, tried)
        if not state.trick and rng.random() < 0.4:
            move = tuple(c.id for c in unit_lead(state, rng))  # pairs and tractors lead too
        else:
            move = sim.sample_move(rng)
            assert cards(move) in legal
            assert cards(move) == tuple(state.trump.sorted(cards(move)))  # type: ignore[union-attr]
        before = snapshot(sim)
        sim.push(move)
        state = state.play(state.turn, cards(move))
        states.append(state)
        agrees(sim, state)
        if rng.random() < 0.2:  # pop restores exactly, and the move plays again the same
            assert sim.pop() == move
            assert snapshot(sim) == before
            sim.push(move)
            agrees(sim, state)
    assert sim.result() == state.result  # R8-R10
    assert sim.to_state() == state
    end = snapshot(sim)
    for earlier in reversed(states[:-1]):
        sim.pop()
        agrees(sim, earlier)
    assert snapshot(sim) == start
    assert sim.to_state() == states[0]
    for move in end[6]:  # type: ignore[attr-defined]
        sim.push(move)
    assert snapshot(sim) == end
    return sim


def deal_start(rules: Rules, seed: int) -> GameState:
    """A deal of ``rules`` at its first lead, by random legal actions."""
    rng = random.Random(seed)
    return advance(GameState.new(rules, seed=seed), rng, until=Phase.PLAYING)


@pytest.mark.parametrize("preset", sorted(RULESETS))
@pytest.mark.parametrize("forced_unit", FORCED_UNIT_ORDERS)  # every value Rules allows
def test_whole_deals_agree_under_every_preset_and_forced_unit(
    preset: str, forced_unit: str
) -> None:
    """Random deals of every preset, under each R6.4 forced unit (the bitboards decide most
    failed throws themselves), agree with GameState at every step."""
    chosen = attrs.evolve(as_rules(preset), forced_unit=forced_unit)
    for seed in range(3):
        state = deal_start(chosen, seed)
        walk(state, random.Random(seed))


def test_whole_deals_agree_under_random_house_rules() -> None:
    """Deals under random valid rules (presets with every field drawn, as the suite draws
    them) agree with GameState at every step."""
    rng = random.Random(35)
    for seed in range(12):
        chosen = random_rules(rng)
        walk(deal_start(chosen, seed), random.Random(seed))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(play_positions(rules(), max_plays=3), st.integers(0, 2**32))
def test_drawn_positions_agree(state: GameState, seed: int) -> None:
    """Hypothesis-drawn positions (any hand size, mid-trick starts, any house rules) played to
    their end agree with GameState at every step."""
    if state.phase is Phase.PLAYING:
        walk(state, random.Random(seed))


@settings(max_examples=40, deadline=None)
@given(play_positions(rules(), max_plays=3), st.integers(0, 2**32))
def test_a_refused_push_raises_the_engines_error_and_changes_nothing(
    state: GameState, seed: int
) -> None:
    """R11: an illegal play pushed raises the error GameState.play raises for it (same type,
    same message naming the rule) and leaves the PlayPhase as it was."""
    if state.phase is not Phase.PLAYING:
        return
    rng = random.Random(seed)
    sim = PlayPhase.from_state(state)
    before = snapshot(sim)
    for _ in range(6):
        tried = plausible_play(state, rng)
        if tried in state.legal_plays():
            continue
        with pytest.raises(Exception) as engine:
            state.play(state.turn, tried)
        with pytest.raises(type(engine.value)) as fast:
            sim.push(tuple(c.id for c in tried))
        assert str(fast.value) == str(engine.value)
        assert snapshot(sim) == before


def test_sampled_worlds_agree() -> None:
    """Worlds sampled from a seat's view mid-deal (``sample_world``, as a search bot plays
    them; the state is rebuilt by ``GameState.from_view``) play out alike in both."""
    rng = random.Random(8)
    for seed in range(3):
        state = deal_start(as_rules("tuolaji"), seed)
        for _ in range(4 * 6 + 2):  # into the seventh trick
            state = state.play(state.turn, state.legal_plays().sample(rng))
        for seat in range(4):
            world = sample_world(state.view(seat), rng)
            walk(world, random.Random(seed * 4 + seat), candidates=1)
