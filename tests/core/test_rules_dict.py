"""Rules by field name (R12, issue #21): to_dict/from_dict, differences and the JSON Schema
of a rules file."""

from __future__ import annotations

import json
import random
from typing import Any, Literal, get_args, get_origin, get_type_hints

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.extras import need

from tuolaji import ConfigurationError
from tuolaji.core.rules import RULESETS, Rules, RulesTypeError, UnknownRuleset
from tuolaji.state.codec import from_data, to_data
from tuolaji.testing.driver import random_rules

jsonschema = need("jsonschema")

SEEDS = range(200)


def _some_rules() -> list[Rules]:
    return [*RULESETS.values(), *(random_rules(random.Random(seed)) for seed in SEEDS)]


@pytest.mark.parametrize("rules", _some_rules(), ids=repr)
def test_r12_to_dict_is_the_data_a_state_stores_and_from_dict_reads_it_back(rules: Rules) -> None:
    data = rules.to_dict()
    assert data == to_data(Rules, rules)
    assert list(data) == [field.name for field in attrs.fields(Rules)]
    assert Rules.from_dict(json.loads(json.dumps(data))) == rules
    assert from_data(Rules, data) == rules


def test_r12_from_dict_fills_left_out_fields_from_the_named_preset_or_the_defaults() -> None:
    assert Rules.from_dict({}) == Rules()
    assert Rules.from_dict({"throw_penalty": 20}) == Rules(throw_penalty=20)
    house = Rules.from_dict({"preset": "shuangsheng", "wrap": False})
    assert house == attrs.evolve(RULESETS["shuangsheng"], wrap=False)
    assert Rules.from_dict({"preset": "tuolaji-tournament"}) == RULESETS["tuolaji-tournament"]


def test_r12_from_dict_refuses_unknown_fields_presets_and_non_mappings() -> None:
    with pytest.raises(ConfigurationError, match=r"R12: unknown Rules field 'wrapp'"):
        Rules.from_dict({"wrapp": True})
    with pytest.raises(ConfigurationError, match=r"unknown Rules field 3"):
        Rules.from_dict({3: True})  # type: ignore[dict-item]
    with pytest.raises(UnknownRuleset, match=r"no rules preset 'house'"):
        Rules.from_dict({"preset": "house"})
    with pytest.raises(TypeError, match=r"R12: Rules.from_dict takes a mapping"):
        Rules.from_dict([("wrap", True)])  # type: ignore[arg-type]
    with pytest.raises(RulesTypeError, match=r"Rules.throw_penalty \(R6.5\)"):
        Rules.from_dict({"throw_penalty": "10"})
    with pytest.raises(ConfigurationError, match=r"Rules.throw_penalty \(R6.5\)"):
        Rules.from_dict({"throw_penalty": 10**30})


def test_r12_differences_name_each_changed_field_with_both_values() -> None:
    tournament = RULESETS["tuolaji-tournament"]
    changes = tournament.differences(Rules())
    assert set(changes) == {"first_dealer", "level_table", "levels", "must_play", "jack_hook"}
    assert changes["jack_hook"] == (False, True)
    assert changes["must_play"] == ([], [2, 14])
    assert Rules().differences(Rules()) == {}
    with pytest.raises(TypeError):
        Rules().differences("tuolaji")  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------
# The JSON Schema of a rules file


def _validator() -> Any:
    schema = Rules.json_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def test_r12_the_schema_names_every_field_with_its_values_and_default() -> None:
    schema = Rules.json_schema()
    props = schema["properties"]
    assert set(props) == {field.name for field in attrs.fields(Rules)} | {"preset"}
    hints = get_type_hints(Rules)
    for name, prop in props.items():
        if name == "preset":
            assert prop["enum"] == list(RULESETS)
            continue
        assert prop["default"] == Rules().to_dict()[name]
        assert prop["description"].startswith("R")
        if get_origin(hints[name]) is Literal:
            assert prop["enum"] == list(get_args(hints[name]))
        if hints[name] is bool:
            assert prop["type"] == "boolean"


@pytest.mark.parametrize("rules", _some_rules()[:50], ids=repr)
def test_r12_the_schema_accepts_every_rule_set_the_engine_writes(rules: Rules) -> None:
    _validator().validate(rules.to_dict())
    _validator().validate({"preset": "shuangsheng", **rules.to_dict()})


@pytest.mark.parametrize(
    "data",
    [
        {"throw_penalty": 205},
        {"throw_penalty": 7},
        {"throw_penalty": 10.5},
        {"bidding": "auction"},
        {"no_bid_reveal": 8},
        {"no_bid_reveal": "first_level"},
        {"kitty_multiplier": "square"},
        {"jack_hook_cards": "two"},
        {"self_overturn": "no"},
        {"joker_pairs": "big"},
        {"fix_trump": True},
        {"kitty_public_at_end": 1},
        {"throw_blocker_public": None},
        {"levels": [2, 15]},
        {"levels": []},
        {"level_table": [[0, True]]},
        {"level_table": [[0, True, 14]]},
        {"must_play": "2"},
        {"wrap": "yes"},
        {"wrapp": True},
        {"preset": "house"},
    ],
)
def test_r12_the_schema_refuses_what_rules_refuses_field_by_field(data: dict[str, Any]) -> None:
    assert not _validator().is_valid(data)
    with pytest.raises((ConfigurationError, TypeError)):
        Rules.from_dict(data)


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-20, 300) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4),
    max_leaves=12,
)
_FIELD_DATA = st.dictionaries(
    st.sampled_from([field.name for field in attrs.fields(Rules)]),
    _JSON,
    max_size=3,
)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(_FIELD_DATA)
def test_r12_the_schema_is_never_stricter_than_rules(data: dict[str, Any]) -> None:
    # Whatever Rules accepts, the schema accepts; the schema cannot see the checks that
    # join fields, so the converse need not hold.
    try:
        Rules.from_dict(data)
    except (ConfigurationError, TypeError):
        return
    assert _validator().is_valid(data), data
