"""Encodings and per-seat returns (#12 item 4)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tuolaji as tl
from extras import need
from positions import played_deals, some_state
from tuolaji.core.cards import CARD_KINDS
from tuolaji.core.rules import MAX_HELD
from tuolaji.rl.encoding import (
    OBSERVATION_LAYOUT,
    OBSERVATION_SIZE,
    ObservationEncoder,
    card_counts,
    observation,
    observation_array,
    observation_text,
    view_text,
)

RULES = st.sampled_from(["tuolaji", "shuangsheng"])


def part(vector: list[float], name: str) -> list[float]:
    at = 0
    for n, size in OBSERVATION_LAYOUT:
        if n == name:
            return vector[at : at + size]
        at += size
    raise KeyError(name)


def test_card_counts() -> None:
    counts = card_counts(tl.parse_cards("AS AS SJ 2H"))
    assert len(counts) == CARD_KINDS
    assert (counts[12], counts[52], counts[13], sum(counts)) == (2, 1, 1, 4)


@given(RULES, st.integers(0, 7), st.floats(0, 0.999), st.integers(0, 3))
def test_observation_has_the_documented_layout(
    rules: str, seed: int, pick: float, seat: int
) -> None:
    state = some_state(rules, seed, pick)
    view = state.view(seat)
    obs = observation(view)
    assert len(obs) == OBSERVATION_SIZE == sum(n for _, n in OBSERVATION_LAYOUT)
    assert part(obs, "hand") == card_counts(view.hand)
    assert sum(part(obs, "phase")) == 1
    assert part(obs, "hand_sizes")[0] * MAX_HELD == pytest.approx(len(view.hand))
    played = sum(len(p) for t in view.tricks for p in t.plays)
    assert sum(part(obs, "played")) == played + sum(len(p) for p in view.trick)
    assert (sum(part(obs, "kitty")) > 0) == (view.kitty is not None)


@given(RULES, st.integers(0, 40), st.floats(0, 0.999))
def test_view_text_is_the_text_of_the_observation(rules: str, seed: int, pick: float) -> None:
    """view_text writes the text from the view's cards; it is observation_text of the
    observation, byte for byte, for every seat of any point of a deal."""
    state = some_state(rules, seed, pick)
    for seat in range(4):
        view = state.view(seat)
        assert view_text(view) == observation_text(observation(view))


def test_observation_is_relative_to_the_seat() -> None:
    state = next(s for s in played_deals("tuolaji", 0) if len(s.trick) == 2)
    leader = state.leader
    for seat in range(4):
        obs = observation(state.view(seat))
        trick = part(obs, "trick")
        rel = (leader - seat) % 4
        assert trick[rel * CARD_KINDS : (rel + 1) * CARD_KINDS] == card_counts(state.trick[0])
        assert part(obs, "leader")[rel] == 1


def test_observation_array_uses_numpy() -> None:
    np = need("numpy")
    view = tl.GameState.new().view(0)
    array = observation_array(view)
    assert array.dtype == np.float32
    assert array.shape == (OBSERVATION_SIZE,)


@pytest.mark.parametrize("seed", range(6))
def test_r9_1_returns_are_the_outcome_per_team(seed: int) -> None:
    """R9.1: zero-sum; partners share a value; the declarers get +steps when they keep the
    deal, and the attackers steps + 1 when they take it over."""
    state = played_deals("shuangsheng", seed)[-1]
    assert state.result is not None and state.dealer is not None
    r = state.returns()
    assert sum(r) == 0 and r[0] == r[2] and r[1] == r[3]
    outcome = state.result.outcome
    mine = r[state.dealer]
    assert mine == (outcome.steps if outcome.declarers_keep else -(outcome.steps + 1))


def test_returns_before_the_end_raise() -> None:
    with pytest.raises(tl.IllegalAction, match="R9.1"):
        tl.GameState.new().returns()


# --- issue 22: the incremental encoder ---------------------------------------------------------


def random_deal(rules: str, seed: int) -> list[tl.GameState]:
    """Every state of one deal played by random legal actions from ``seed``."""
    rng = random.Random(seed)
    state = tl.GameState.new(rules, seed=seed)
    states = [state]
    while state.phase is not tl.Phase.FINISHED:
        if state.phase is tl.Phase.DEALING and rng.random() < 0.9:
            state = state.deal_card()
        else:
            state = state.apply(state.legal_actions().sample(rng))
        states.append(state)
    return states


@given(RULES, st.integers(0, 2**16))
@settings(max_examples=12, deadline=None)
def test_incremental_encoding_equals_the_encoding_from_scratch(rules: str, seed: int) -> None:
    """At every step of a random deal, for every seat, the encoder's array is exactly
    observation(view): the plays it keeps from earlier steps add up to the view's."""
    np = need("numpy")
    encoders = [ObservationEncoder() for _ in range(4)]
    for state in random_deal(rules, seed):
        for seat in range(4):
            view = state.view(seat)
            expected = np.asarray(observation(view), np.float32)
            assert np.array_equal(encoders[seat].encode(view), expected)


@given(st.integers(0, 2**16), st.lists(st.floats(0, 0.999), min_size=1, max_size=12))
@settings(max_examples=20, deadline=None)
def test_encoder_starts_over_for_another_deal_or_an_earlier_point(
    seed: int, picks: list[float]
) -> None:
    """Views in any order (earlier points, other deals, a state made again from JSON)
    encode as from scratch."""
    np = need("numpy")
    deals = [random_deal("tuolaji", seed), random_deal("tuolaji", seed + 1)]
    encoder = ObservationEncoder()
    out = np.zeros(OBSERVATION_SIZE + 3, np.float32)
    for i, pick in enumerate(picks):
        states = deals[i % 2 if pick < 0.5 else 0]
        state = states[int(pick * len(states))]
        if i % 3 == 2:
            state = tl.GameState.from_json(state.to_json())
        view = state.view(i % 4)
        assert encoder.encode(view, out) is out
        assert np.array_equal(out[:OBSERVATION_SIZE], np.asarray(observation(view), np.float32))


def test_encoder_refuses_what_is_not_a_view() -> None:
    need("numpy")
    with pytest.raises(TypeError, match="PlayerView"):
        ObservationEncoder().encode(tl.GameState.new())  # type: ignore[arg-type]


def _no_trump_level_views() -> list[tl.PlayerView]:
    """Seats 0 and 1 four cards into a deal declared by team 0 on the no-trump level (R9.2),
    team 1 on K."""
    rules = tl.Rules(top_level="no_trump")
    state = tl.GameState.new(
        rules, 2, levels=(tl.Rank.ACE, tl.Rank.KING), dealer=0, no_trump_level=(True, False)
    )
    for _ in range(4):
        state = state.deal_card()
    return [state.view(seat) for seat in (0, 1)]


def test_r9_2_the_no_trump_level_encodes_as_zeros_in_the_same_size() -> None:
    """A team on the no-trump level (R9.2) has none of its 13 level slots set, unlike every
    level; the size stays OBSERVATION_SIZE."""
    for seat, view in enumerate(_no_trump_level_views()):
        vector = observation(view)
        assert len(vector) == OBSERVATION_SIZE
        levels = part(vector, "levels")
        own, other = levels[:13], levels[13:]
        nt, king = (own, other) if seat == 0 else (other, own)
        assert not any(nt) and king[tl.Rank.KING - 2] == 1


def test_r9_2_the_no_trump_level_encodes_the_same_with_numpy() -> None:
    need("numpy")
    for view in _no_trump_level_views():
        assert list(observation_array(view)) == pytest.approx(observation(view))
