"""Issue 22: ``python_tuolaji``'s strings are built incrementally (the seat's record of the
log extended by the steps since the last call, the view's text kept while the game state is
the same object) and stay byte-identical to the from-scratch text: ``seen`` of the whole log,
then ``observation_text`` of the observation and the selected cards. Checked along random
playthroughs with clones taken midway and resampled states, in two presets (R12)."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from extras import need

pyspiel = need("pyspiel")

import tuolaji as tl  # noqa: E402
from tuolaji.openspiel import TuolajiState, seen  # noqa: E402
from tuolaji.rl.actionspace import Driver  # noqa: E402
from tuolaji.rl.encoding import (  # noqa: E402
    card_counts,
    card_row_text,
    observation,
    observation_text,
)

PRESETS = ("tuolaji", "shuangsheng")


def _from_scratch(state: TuolajiState, player: int) -> tuple[str, str]:
    """(information-state string, observation string) of ``player`` as they were built
    before the strings were incremental."""
    driver = state.driver
    decision = driver.decision
    chosen = decision.selected if decision is not None and decision.seat == player else ()
    selected = card_counts(tl.CARDS[c] for c in chosen)
    now = observation_text(observation(driver.state.view(player)) + [float(x) for x in selected])
    return f"{seen(driver.log, player)} | {now}", now


def _check(state: TuolajiState, player: int) -> None:
    info, obs = _from_scratch(state, player)
    assert state.information_state_string(player) == info
    assert state.observation_string(player) == obs


def _step(state: TuolajiState, rng: random.Random) -> None:
    if state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(outcomes, probs)[0])
    else:
        state.apply_action(rng.choice(state.legal_actions()))


@given(st.sampled_from(PRESETS), st.integers(0, 2**16))
@settings(max_examples=8, deadline=None)
def test_strings_equal_the_text_from_scratch_with_clones_and_resampling(
    rules: str, seed: int
) -> None:
    """A pool of live states of one deal: each round one of them moves on; now and then the
    strings of random seats are compared with the text from scratch (so the incremental text
    is extended over gaps of any length), a state is cloned, or a state is resampled for a
    seat (``resample_from_infostate``), and the copies go on independently."""
    game = pyspiel.load_game("python_tuolaji", {"rules": rules, "seed": seed})
    rng = random.Random(seed)
    pool = [game.new_initial_state()]
    clones = resampled = checked = 0
    for _ in range(1500):
        pool = [s for s in pool if not s.is_terminal()]
        if not pool:
            break
        state = rng.choice(pool)
        _step(state, rng)
        if rng.random() < 0.3:
            for player in rng.sample(range(4), rng.randint(1, 4)):
                _check(state, player)
                checked += 1
        other: TuolajiState | None = None
        if rng.random() < 0.02:
            other = state.clone()
            assert other.history() == state.history()
            clones += 1
        elif not state.is_chance_node() and rng.random() < 0.02:
            seat = rng.randrange(4)
            other = state.resample_from_infostate(seat, rng.random)
            assert other.information_state_string(seat) == state.information_state_string(seat)
            _check(other, seat)
            resampled += 1
        if other is not None:
            if len(pool) >= 4:  # the copies replace older states: all kinds keep coming
                pool.pop(rng.randrange(len(pool)))
            pool.append(other)
    assert checked > 100 and clones > 0 and resampled > 0
    for state in pool:  # the survivors, every seat
        for player in range(4):
            _check(state, player)


@pytest.mark.parametrize("rules", PRESETS)
def test_every_seat_at_every_step_of_a_deal(rules: str) -> None:
    game = pyspiel.load_game("python_tuolaji", {"rules": rules, "seed": 5})
    rng = random.Random(5)
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        _step(state, rng)
        steps += 1
        for player in range(4):
            _check(state, player)
    assert steps > 300


def _played(steps: int, seed: int = 2) -> TuolajiState:
    game = pyspiel.load_game("python_tuolaji", {"rules": "tuolaji", "seed": seed})
    rng = random.Random(seed)
    state = game.new_initial_state()
    for _ in range(steps):
        _step(state, rng)
    return state


def test_a_clone_goes_on_apart_from_its_original() -> None:
    """A clone (OpenSpiel deep-copies the state's attributes; the driver copies itself
    cheaply, sharing its immutable game states) carries the texts built so far, and
    neither side's later steps reach the other's strings."""
    state = _played(150)
    before = [state.information_state_string(p) for p in range(4)]
    twin = state.clone()
    assert twin.driver is not state.driver and twin.driver.log is not state.driver.log
    rng = random.Random(9)
    for _ in range(60):
        _step(twin, rng)
    assert [state.information_state_string(p) for p in range(4)] == before
    for p in range(4):
        _check(twin, p)
        _check(state, p)
    for _ in range(60):
        _step(state, rng)
    for p in range(4):
        _check(twin, p)
        _check(state, p)


def test_a_replaced_or_shorter_log_is_read_again() -> None:
    """The seat's text extends the log it was read from: a driver given another log (as
    ``resample_from_infostate``'s fallback does), or a log shorter than the text read,
    starts it over."""
    state = _played(200)
    for p in range(4):
        state.information_state_string(p)
    driver = state.driver
    other = _played(200, seed=3).driver.log
    assert len(other) == len(driver.log) and other != driver.log
    driver.log = list(other)
    for p in range(4):
        assert state.information_state_string(p).startswith(f"{seen(other, p)} | ")
    driver.log = driver.log[:50]
    for p in range(4):
        assert state.information_state_string(p).startswith(f"{seen(other[:50], p)} | ")


def test_a_driver_copy_keeps_its_own_log_memo() -> None:
    driver = _played(120).driver
    memo = driver.log_memo()
    memo["x"] = 1
    twin = copy.deepcopy(driver)
    assert isinstance(twin, Driver) and twin.log == driver.log and twin.log is not driver.log
    assert twin.log_memo() == {"x": 1}
    twin.log_memo()["x"] = 2
    assert driver.log_memo() == {"x": 1}
    driver.log = []
    assert driver.log_memo() == {}


def test_the_selected_cards_come_last_in_the_text() -> None:
    """While a seat selects a burial card by card, its string grows by the selection."""
    state = _played(0)
    rng = random.Random(4)
    while state.is_chance_node() or state.driver.state.phase is not tl.Phase.BURYING:
        _step(state, rng)
    seat = state.current_player()
    base = state.observation_string(seat)
    card = state.legal_actions()[0]
    state.apply_action(card)
    assert state.observation_string(seat) == f"{base}; selected {tl.CARDS[card]}"
    assert card_row_text(card_counts([tl.CARDS[card]] * 2)) == f"2x{tl.CARDS[card]}"
    _check(state, seat)
