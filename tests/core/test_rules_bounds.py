"""Every Rules field bounded where Rules is made (#19 finding 8, #21 item 10, R12).

A wrong type raises a ``TypeError`` (:class:`RulesTypeError`), a wrong value a
:class:`ConfigurationError`, each naming the field and the rule; and whatever :class:`Rules`
accepts, the engine writes and reads back, as JSON and inside a record.
"""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tuolaji import ConfigurationError, Game, GameState, replay, write_record
from tuolaji.core.rules import (
    MAX_BAND_POINTS,
    MAX_BAND_STEPS,
    MAX_THROW_PENALTY,
    Rules,
    RulesTypeError,
)
from tuolaji.state.codec import from_data, to_data
from tuolaji.testing.driver import random_action

WRONG_TYPES = [
    ({"bidding": 5}, "Rules.bidding", "R4.2"),
    ({"bidding": None}, "Rules.bidding", "R4.2"),
    ({"counter_bids": 1}, "Rules.counter_bids", "R5.2"),
    ({"no_bid_reveal": True}, "Rules.no_bid_reveal", "R4.6"),
    ({"no_bid_reveal": 1.0}, "Rules.no_bid_reveal", "R4.6"),
    ({"no_bid_dealer": b"keep"}, "Rules.no_bid_dealer", "R4.6"),
    ({"first_dealer": ["first_bid"]}, "Rules.first_dealer", "R4.5"),
    ({"weak_hand_redeal": "15"}, "Rules.weak_hand_redeal", "R4.7"),
    ({"throw_penalty": 10.0}, "Rules.throw_penalty", "R6.5"),
    ({"throw_penalty": False}, "Rules.throw_penalty", "R6.5"),
    ({"forced_unit": 0}, "Rules.forced_unit", "R6.4"),
    ({"follow_draw": True}, "Rules.follow_draw", "R7.3"),
    ({"tractor_protection": 1}, "Rules.tractor_protection", "R7.3"),
    ({"ruff_shape": ("exact",)}, "Rules.ruff_shape", "R7.4"),
    ({"throw_ruff": 1}, "Rules.throw_ruff", "R7.5"),
    ({"kitty_multiplier": 2}, "Rules.kitty_multiplier", "R8.2"),
    ({"level_table": "0-35"}, "Rules.level_table", "R9.1"),
    ({"level_table": [(0, 1, 3)]}, "Rules.level_table", "R9.1"),
    ({"level_table": [(0.0, True, 3)]}, "Rules.level_table", "R9.1"),
    ({"level_table": [0]}, "Rules.level_table", "R9.1"),
    ({"levels": "23456"}, "Rules.levels", "R9.2"),
    ({"levels": (2, 3.0)}, "Rules.levels", "R9.2"),
    ({"must_play": 2}, "Rules.must_play", "R9.3"),
    ({"must_play": {"A"}}, "Rules.must_play", "R9.3"),
    ({"wrap": None}, "Rules.wrap", "R9.2"),
    ({"jack_hook": "yes"}, "Rules.jack_hook", "R9.4"),
    ({"permanent_twos": 0}, "Rules.permanent_twos", "R2.5"),
    ({"tractor_min_pairs": True}, "Rules.tractor_min_pairs", "R3.2"),
    ({"tractor_min_pairs": "3"}, "Rules.tractor_min_pairs", "R3.2"),
]


@pytest.mark.parametrize(("kwargs", "field", "rule"), WRONG_TYPES)
def test_a_field_of_the_wrong_type_raises_a_type_error(
    kwargs: dict[str, object], field: str, rule: str
) -> None:
    with pytest.raises(TypeError) as info:
        Rules(**kwargs)  # type: ignore[arg-type]
    assert isinstance(info.value, RulesTypeError)
    assert isinstance(info.value, ConfigurationError)  # every rules error is a TuolajiError
    assert field in str(info.value)
    assert f"({rule})" in str(info.value)


WRONG_VALUES = [
    ({"bidding": "auction"}, "Rules.bidding", "R4.2"),
    ({"no_bid_reveal": 8}, "Rules.no_bid_reveal", "R4.6"),
    ({"weak_hand_redeal": 201}, "Rules.weak_hand_redeal", "R4.7"),
    ({"throw_penalty": 10**30}, "Rules.throw_penalty", "R6.5"),
    ({"throw_penalty": MAX_THROW_PENALTY + 5}, "Rules.throw_penalty", "R6.5"),
    ({"throw_penalty": -5}, "Rules.throw_penalty", "R6.5"),
    ({"throw_penalty": 2**63}, "Rules.throw_penalty", "R6.5"),
    ({"level_table": [(0, True, MAX_BAND_STEPS + 1)]}, "Rules.level_table", "R9.1"),
    ({"level_table": [(0, True, 1), (10**30, False, 0)]}, "Rules.level_table", "R9.1"),
    (
        {"level_table": [(0, True, 1), (MAX_BAND_POINTS + 5, False, 0)]},
        "Rules.level_table",
        "R9.1",
    ),
    ({"level_table": [(0, True, 1)] * 100}, "Rules.level_table", "R9.1"),
    ({"level_table": [(0, True)]}, "Rules.level_table", "R9.1"),
    ({"levels": (2, 15)}, "Rules.levels", "R9.2"),
    ({"levels": itertools.count(2)}, "Rules.levels", "R9.2"),
    ({"must_play": itertools.repeat(2)}, "Rules.must_play", "R9.3"),
    ({"level_table": itertools.repeat((0, True, 1))}, "Rules.level_table", "R9.1"),
]


@pytest.mark.parametrize(("kwargs", "field", "rule"), WRONG_VALUES)
def test_a_field_out_of_bounds_raises_a_configuration_error(
    kwargs: dict[str, object], field: str, rule: str
) -> None:
    with pytest.raises(ConfigurationError) as info:
        Rules(**kwargs)  # type: ignore[arg-type]
    assert not isinstance(info.value, TypeError)
    message = str(info.value)
    assert field in message
    assert f"({rule})" in message
    assert len(message) < 300  # a huge value is echoed cut, never in full


def test_r6_5_the_largest_throw_penalty_is_accepted_and_one_step_more_is_not() -> None:
    assert Rules(throw_penalty=MAX_THROW_PENALTY).throw_penalty == MAX_THROW_PENALTY
    with pytest.raises(ConfigurationError, match=r"from 0 to 200"):
        Rules(throw_penalty=MAX_THROW_PENALTY + 5)


# ---------------------------------------------------------------------------------------------
# Whatever Rules accepts reads back: JSON and a record via tuolaji.replay

_EDGE_INTS = st.one_of(
    st.integers(-10, 20),
    st.sampled_from([195, 200, 205, 400, MAX_BAND_POINTS, MAX_BAND_POINTS + 5, 2**63, 10**30]),
    st.integers(),
)
_ANY = st.one_of(_EDGE_INTS, st.booleans(), st.none(), st.text(max_size=12), st.floats())


_BAND = st.tuples(
    st.integers(0, 60).map(lambda n: n * 5) | _EDGE_INTS,
    st.booleans(),
    st.integers(0, MAX_BAND_STEPS + 1),
)
_RANKS = st.lists(st.integers(1, 15), max_size=15).map(sorted)

# Values near the bounds for every field (most valid, some just outside) ...
_NEAR = st.fixed_dictionaries(
    {},
    optional={
        "bidding": st.sampled_from(["reveal", "joker"]),
        "counter_bids": st.booleans(),
        "no_bid_reveal": st.integers(-1, 8),
        "no_bid_dealer": st.sampled_from(["keep", "twin"]),
        "first_dealer": st.sampled_from(["first_bid", "winning_bid"]),
        "weak_hand_redeal": st.none() | st.integers(-1, 205),
        "throw_penalty": st.integers(-1, 42).map(lambda n: n * 5) | _EDGE_INTS,
        "forced_unit": st.sampled_from(["lowest", "smallest"]),
        "follow_draw": st.sampled_from(["pairs", "tractor_on_tractor", "suit_only"]),
        "tractor_protection": st.booleans(),
        "ruff_shape": st.sampled_from(["exact", "counts"]),
        "throw_ruff": st.sampled_from(["first_difference", "highest", "largest_unit", "all_units"]),
        "kitty_multiplier": st.sampled_from(["doubling", "linear"]),
        "level_table": st.lists(_BAND, max_size=8).map(sorted),
        "levels": _RANKS,
        "wrap": st.booleans(),
        "must_play": _RANKS,
        "jack_hook": st.booleans(),
        "permanent_twos": st.booleans(),
        "tractor_min_pairs": st.integers(1, 4),
    },
)
# ... and sometimes one field replaced by anything at all.
_WILD = st.one_of(
    st.just({}),
    st.tuples(st.sampled_from([f.name for f in attrs.fields(Rules)]), _ANY).map(
        lambda kv: dict([kv])
    ),
)
RULES_KWARGS = st.builds(lambda near, wild: {**near, **wild}, _NEAR, _WILD)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(RULES_KWARGS, st.integers(0, 2**32), st.integers(0, 12))
def test_anything_rules_accepts_is_written_and_read_back(
    kwargs: dict[str, Any], seed: int, steps: int
) -> None:
    try:
        rules = Rules(**kwargs)
    except ConfigurationError:
        return  # refused where it is made, with a TuolajiError (TypeError or not)
    text = json.dumps(to_data(Rules, rules))
    assert from_data(Rules, json.loads(text)) == rules
    game = Game(rules, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        game.apply(random_action(game.state, rng))
    assert GameState.from_json(game.state.to_json()) == game.state
    again = replay(write_record(game), partial=True)
    assert again.rules == rules
    assert again.state == game.state


def test_the_property_strategy_draws_accepted_rules_too() -> None:
    # The property above proves nothing if every drawn Rules is refused.
    accepted = 0

    @settings(max_examples=200, deadline=None, database=None, derandomize=True)
    @given(RULES_KWARGS)
    def count(kwargs: dict[str, Any]) -> None:
        nonlocal accepted
        try:
            Rules(**kwargs)
        except ConfigurationError:
            return
        accepted += 1

    count()
    assert accepted >= 20
