"""The OpenSpiel adapter passes pyspiel.random_sim_test (#12 item 5; extra ``openspiel``)."""

from __future__ import annotations

import json
import random

import pytest

from extras import doc_block, need

pyspiel = need("pyspiel")

import tuolaji as tl  # noqa: E402
import tuolaji.openspiel  # noqa: E402  (registers python_tuolaji)
from tuolaji.rl.openspiel import SEED_RANGE, TuolajiGame  # noqa: E402


@pytest.mark.slow
@pytest.mark.parametrize("rules", ["tuolaji", "shuangsheng"])  # one per bidding system
def test_random_sim_test_passes(rules: str) -> None:
    game = pyspiel.load_game("python_tuolaji", {"rules": rules, "seed": 5})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_r9_1_the_utility_bound_covers_negative_totals() -> None:
    """Returns are R9.1's levels: 7 at most under the seeds' presets' tables (take over +6); with
    ``negative_totals`` the declarers may get a level more per 40 points below 0, down to the
    attackers failing a throw on each of the 26 tricks they can lead (-260: +3 +6)."""
    for name in tl.RULESETS:
        game = pyspiel.load_game("python_tuolaji", {"rules": name})
        # online's table has no cap: up to +13 (600 points), as the online app scores.
        bound = 14.0 if name == "online" else 7.0
        assert (game.min_utility(), game.max_utility()) == (-bound, bound)
    house = '{"negative_totals": true}'
    game = pyspiel.load_game("python_tuolaji", {"rules": house})
    assert (game.min_utility(), game.max_utility()) == (-9.0, 9.0)


def test_game_parameters_choose_the_preset() -> None:
    game = pyspiel.load_game("python_tuolaji", {"rules": "shuangsheng-super"})
    assert game.rules == tl.RULESETS["shuangsheng-super"]
    assert game.num_distinct_actions() == 57
    assert game.num_players() == 4
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 54 and sum(p for _, p in outcomes) == pytest.approx(1)


def test_resample_from_infostate_keeps_the_information_state() -> None:
    """resample_from_infostate (sampled worlds, #12 item 2, #24 item 2): the player's
    information state is unchanged, the hidden hands change, play goes on legally from it,
    and a replayed world's history plays from the deal's start to the same information."""
    game = pyspiel.load_game("python_tuolaji", {"rules": "tuolaji", "seed": 2})
    rng = random.Random(4)
    state = game.new_initial_state()
    checked = replayed = other_hands = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
            continue
        player = state.current_player()
        if rng.random() < 0.05:
            for seat in range(4):
                world = state.resample_from_infostate(seat, rng.random)
                assert world.information_state_string(seat) == state.information_state_string(seat)
                assert world.current_player() == player
                assert world.legal_actions(player)
                checked += 1
                hidden = [world.driver.state.hands[s] for s in range(4) if s != seat]
                other_hands += hidden != [
                    state.driver.state.hands[s] for s in range(4) if s != seat
                ]
                if world.history():
                    replayed += 1
                    again = game.new_initial_state()
                    for action in world.history():
                        again.apply_action(action)
                    assert again.information_state_string(seat) == world.information_state_string(
                        seat
                    )
        state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 20
    assert replayed > checked // 2 and other_hands > checked // 2
    assert sum(state.returns()) == 0


KITTY_SIZES = [
    pytest.param(json.dumps({"kitty_size": 4, "no_bid_reveal": 3}), id="kitty_size=4"),
    pytest.param(json.dumps({"kitty_size": 0}), id="kitty_size=0"),
]
"""R4.1: house rules with a kitty of 4 and none, as the rules parameter (JSON)."""


@pytest.mark.parametrize("rules", [*sorted(tl.RULESETS), *KITTY_SIZES])
def test_resampled_worlds_replay_from_the_start_every_preset(rules: str) -> None:
    """#24 proof: a resampled world's ``history()`` plays from the deal's first state to the
    same information state, in every phase and preset, and with a kitty of 4 or none (R4.1:
    the sampled worlds hold the rules' kitty); the fallback without a history (a world no
    history reaches, see ``resample_from_infostate``) stays rare."""
    game = pyspiel.load_game("python_tuolaji", {"rules": rules, "seed": 3})
    rng = random.Random(5)
    checked = replayed = 0
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
                continue
            if rng.random() < 0.04:
                seat = rng.randrange(4)
                world = state.resample_from_infostate(seat, rng.random)
                checked += 1
                if world.history():
                    replayed += 1
                    again = game.new_initial_state()
                    for action in world.history():
                        again.apply_action(action)
                    assert again.information_state_string(seat) == state.information_state_string(
                        seat
                    )
                    assert again.current_player() == state.current_player()
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 30
    assert replayed >= 0.9 * checked, (replayed, checked)


def test_rl_docs_example_runs() -> None:
    """The ```python openspiel block of docs/rl.md runs as written."""
    exec(compile(doc_block("openspiel"), "<docs/rl.md>", "exec"), {})


def test_tensors_along_a_playthrough_are_the_encoding_from_scratch() -> None:
    """Issue 22: the observer's incremental tensors equal observation(view) plus the
    selected cards at every state of a random playthrough, for every player, and its
    chance outcomes follow the cards still undealt (R4.1)."""
    np = need("numpy")
    from tuolaji.rl.encoding import card_counts, observation  # noqa: PLC0415

    game = pyspiel.load_game("python_tuolaji", {"rules": "tuolaji", "seed": 7})
    rng = random.Random(7)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            driver = state.driver
            undealt = [c.id for c in driver.state.deck[driver.state.dealt :]]
            outcomes = state.chance_outcomes()
            assert outcomes == [(c, undealt.count(c) / len(undealt)) for c in sorted(set(undealt))]
            state.apply_action(rng.choice([a for a, _ in outcomes]))
            continue
        for player in range(4):
            decision = state.driver.decision
            chosen = decision.selected if decision.seat == player else ()
            view = state.driver.state.view(player)
            expected = observation(view) + card_counts(tl.CARDS[c] for c in chosen)
            tensor = state.information_state_tensor(player)
            assert np.array_equal(np.asarray(tensor, np.float32), np.asarray(expected, np.float32))
        state.apply_action(rng.choice(state.legal_actions()))


def test_the_openspiel_seed_takes_its_whole_documented_range() -> None:
    """Issue 33 finding 7: any seed >= 2**31 raised pybind11's RuntimeError, which names
    nothing. The documented range, OpenSpiel's C++ ints (SEED_RANGE), plays, its ends
    included, through load_game and a serialized state; beyond it TuolajiGame refuses with a
    ConfigurationError naming ``seed`` (and a TypeError for a seed that is no int)."""
    assert (SEED_RANGE.start, SEED_RANGE.stop) == (-(2**31), 2**31)
    for seed in (SEED_RANGE.start, -1, 0, SEED_RANGE.stop - 1):
        game = pyspiel.load_game("python_tuolaji", {"seed": seed})
        state = game.new_initial_state()
        assert game.seed == seed and state.driver.state == tl.GameState.new(game.played_rules, seed)
        again, _ = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
        assert again.seed == seed
    for seed in (SEED_RANGE.stop, SEED_RANGE.start - 1, 2**63 - 1, -(2**63)):
        with pytest.raises(tl.ConfigurationError, match=r"the seed parameter .* -2147483648 to"):
            TuolajiGame({"seed": seed})
    for bad in (True, "5", 1.0, None):
        with pytest.raises(TypeError, match="the seed parameter of python_tuolaji is an int"):
            TuolajiGame({"seed": bad})
    with pytest.raises(TypeError, match="max_redeals"):
        TuolajiGame({"max_redeals": "3"})
