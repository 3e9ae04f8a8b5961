"""Information-state and observation strings of ``python_tuolaji`` are exact (#24 item 1):
equal information-state strings imply equal tensors, and equal observation strings hold
exactly when the observation tensors are equal, over thousands of random decision states of
every preset (R12)."""

from __future__ import annotations

import json
import random

import pytest

from extras import need

pyspiel = need("pyspiel")

import tuolaji as tl  # noqa: E402
import tuolaji.openspiel  # noqa: E402  (registers python_tuolaji)
from tuolaji.rl.encoding import OBSERVATION_LAYOUT  # noqa: E402


def _decision_states(
    rules: str, games: int, seed: int, steps: int = 10**6
) -> list[tuple[str, str, bytes, int]]:
    """(information-state string, observation string, tensor bytes, player) of every
    decision state of ``games`` random deals, each cut after ``steps`` steps."""
    game = pyspiel.load_game("python_tuolaji", {"rules": rules, "seed": seed})
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        state = game.new_initial_state()
        for _ in range(steps):
            if state.is_terminal():
                break
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
                continue
            player = state.current_player()
            tensor = repr(list(state.information_state_tensor(player))).encode()
            obs = state.observation_tensor(player)
            assert list(obs) == list(state.information_state_tensor(player))
            out.append(
                (
                    state.information_state_string(player),
                    state.observation_string(player),
                    tensor,
                    player,
                )
            )
            legal = state.legal_actions()
            # Passing often while dealing makes bids rarer, so more states share a view.
            state.apply_action(rng.choice(legal))
    return out


def _check(states: list[tuple[str, str, bytes, int]]) -> int:
    info_tensor: dict[str, bytes] = {}
    obs_tensor: dict[str, bytes] = {}
    tensor_obs: dict[bytes, str] = {}
    repeats = 0
    for info, obs, tensor, _ in states:
        if info in info_tensor:
            repeats += 1
            assert info_tensor[info] == tensor, info
        info_tensor[info] = tensor
        assert obs_tensor.setdefault(obs, tensor) == tensor, obs
        assert tensor_obs.setdefault(tensor, obs) == obs, obs
    return repeats


@pytest.mark.slow
@pytest.mark.parametrize("rules", sorted(tl.RULESETS))
def test_equal_strings_mean_equal_tensors_every_preset(rules: str) -> None:
    states = _decision_states(rules, games=4, seed=11)
    assert len(states) > 1000
    _check(states)


def test_equal_strings_mean_equal_tensors() -> None:
    states = _decision_states("tuolaji", games=2, seed=3)
    assert len(states) > 500
    _check(states)
    # The strings of one seat's decisions never repeat along a deal: perfect recall.
    infos = [(info, p) for info, _, _, p in states]
    assert len(set(infos)) == len(infos)


def test_equal_information_strings_of_different_deals() -> None:
    """Many deals cut early: seats that saw the same cards and the same public steps share
    an information-state string though other seats hold other cards; the tensors agree."""
    states = _decision_states("tuolaji", games=400, seed=8, steps=12)
    assert _check(states) > 100


def test_the_information_string_hides_other_seats_cards() -> None:
    game = pyspiel.load_game("python_tuolaji", {"rules": "tuolaji", "seed": 1})
    state = game.new_initial_state()
    state.apply_action(state.chance_outcomes()[0][0])  # to seat 0
    text = state.information_state_string(1)
    assert text.startswith("d0:? |"), text
    assert state.information_state_string(0).startswith("d0:2S |")


@pytest.mark.parametrize("public", [True, False])
def test_the_kitty_at_the_end_follows_kitty_public_at_end(public: bool) -> None:
    """Issue 21, item 9: the ``rules`` parameter takes house rules as JSON; at the end of a
    deal every seat's observation string and tensor hold the kitty when
    ``kitty_public_at_end`` (R8.2), else only the burier's."""
    rules = json.dumps({"kitty_public_at_end": public, "throw_blocker_public": public})
    game = pyspiel.load_game("python_tuolaji", {"rules": rules, "seed": 3})
    assert game.rules == tl.Rules(kitty_public_at_end=public, throw_blocker_public=public)
    state = game.new_initial_state()
    rng = random.Random(1)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    burier = state.driver.state.buried_by
    kitty = slice(*_part("kitty"))
    for player in range(4):
        sees = public or player == burier
        assert ("kitty " in state.observation_string(player)) == sees
        assert any(state.observation_tensor(player)[kitty]) == sees


def test_the_rules_parameter_refuses_text_that_is_no_rules() -> None:
    with pytest.raises(tl.ConfigurationError) as info:
        pyspiel.load_game("python_tuolaji", {"rules": "{not json"})
    assert "R12" in str(info.value)
    with pytest.raises(tl.ConfigurationError):
        pyspiel.load_game("python_tuolaji", {"rules": '{"wrapp": true}'})


def _part(name: str) -> tuple[int, int]:
    """Where a part of the observation layout starts and ends."""
    at = 0
    for part, size in OBSERVATION_LAYOUT:
        if part == name:
            return at, at + size
        at += size
    raise KeyError(name)
