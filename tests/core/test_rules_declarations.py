"""Each Rules field is declared once (R12, issue #30): its rule, meaning, values, default and
release. The checks made when a Rules is built, the JSON Schema, the reading of older rules
data and the testing kit's draws all come from these declarations."""

from __future__ import annotations

import random
import re
from typing import Any, Literal

import attrs
import pytest
from tests.extras import need

from tuolaji import ConfigurationError, InvalidRecord
from tuolaji.core import errors, rules
from tuolaji.core._args import check_choice, choice_fault
from tuolaji.core.rules import FIRST_RELEASE, RULE_FIELDS, RULESETS, Rules, RulesTypeError
from tuolaji.state.codec import from_data, to_data
from tuolaji.testing.driver import random_rules

RELEASES = ("0.1", "0.2", "0.3", "0.4")


def test_r12_every_field_is_declared_once_in_field_order() -> None:
    assert list(RULE_FIELDS) == [field.name for field in attrs.fields(Rules)]
    for name, field in RULE_FIELDS.items():
        assert re.fullmatch(r"R\d+\.\d+", field.rule), name
        assert field.meaning and "\n" not in field.meaning and "|" not in field.meaning, name
        assert field.since in RELEASES, name
        assert field.description == f"{field.rule}: {field.meaning}"
    assert RELEASES[0] == FIRST_RELEASE


def test_r12_the_declarations_are_read_only() -> None:
    with pytest.raises(TypeError):
        RULE_FIELDS["wrap"] = RULE_FIELDS["jack_hook"]  # type: ignore[index]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        RULE_FIELDS["wrap"].rule = "R1.1"  # type: ignore[misc]


@pytest.mark.parametrize("name", list(RULE_FIELDS))
def test_r12_every_sample_of_a_declaration_is_accepted(name: str) -> None:
    for value in RULE_FIELDS[name].values.samples():
        assert getattr(Rules(**{name: value}), name) == value


@pytest.mark.parametrize("name", list(RULE_FIELDS))
def test_r12_a_value_of_no_declared_type_is_a_rules_type_error_naming_field_and_rule(
    name: str,
) -> None:
    with pytest.raises(RulesTypeError, match=re.escape(f"Rules.{name} ({RULE_FIELDS[name].rule})")):
        Rules(**{name: object()})


@pytest.mark.parametrize(
    "name", [name for name, field in RULE_FIELDS.items() if "enum" in field.values.schema()]
)
def test_r12_a_choice_outside_the_declared_values_names_every_value(name: str) -> None:
    values = RULE_FIELDS[name].values.schema()["enum"]
    wrong = "no such value" if isinstance(values[0], str) else max(values) + 1
    with pytest.raises(ConfigurationError) as info:
        Rules(**{name: wrong})
    assert not isinstance(info.value, TypeError)
    message = str(info.value)
    assert message.startswith(f"Rules.{name} ({RULE_FIELDS[name].rule}): expected ")
    assert all(repr(value) in message for value in values), message


def test_r12_the_schema_is_the_declarations() -> None:
    properties = Rules.json_schema()["properties"]
    for name, field in RULE_FIELDS.items():
        schema = dict(properties[name])
        assert schema.pop("description") == field.description
        assert schema.pop("default") == Rules().to_dict()[name]
        assert schema == field.values.schema(), name
    # Each call builds its own schema: changing one never changes the declarations.
    properties["levels"]["items"]["maximum"] = 99
    assert Rules.json_schema()["properties"]["levels"]["items"]["maximum"] == 14


def test_r12_the_samples_of_each_declaration_satisfy_the_schema() -> None:
    jsonschema = need("jsonschema")
    validator = jsonschema.Draft202012Validator(Rules.json_schema())
    for name, field in RULE_FIELDS.items():
        for value in field.values.samples():
            assert validator.is_valid({name: value}), (name, value)


# The presets data of the first release could hold: "online" came in 0.4, with the fields
# it sets, so no older data names it.
@pytest.mark.parametrize("preset", [name for name in RULESETS if name != "online"])
def test_r12_data_lacking_every_field_added_after_the_first_release_reads_as_the_preset(
    preset: str,
) -> None:
    data = dict(to_data(Rules, RULESETS[preset]))
    for name, field in RULE_FIELDS.items():
        if field.since != FIRST_RELEASE:
            del data[name]
    assert from_data(Rules, data) == RULESETS[preset]


def test_r12_data_lacking_a_field_of_the_first_release_is_refused() -> None:
    first = [name for name, field in RULE_FIELDS.items() if field.since == FIRST_RELEASE]
    assert "wrap" in first and "follow_draw" not in first
    for name in first:
        data = dict(to_data(Rules, Rules()))
        del data[name]
        assert name not in Rules.upgrade_data(data)
        with pytest.raises(InvalidRecord):
            from_data(Rules, data)


def test_r12_random_rules_draw_every_sample_of_every_declaration() -> None:
    rng = random.Random(30)
    seen: dict[str, set[Any]] = {name: set() for name in RULE_FIELDS}
    for _ in range(1500):
        drawn = random_rules(rng)
        for name in RULE_FIELDS:
            seen[name].add(getattr(drawn, name))
    for name, field in RULE_FIELDS.items():
        assert set(field.values.samples()) <= seen[name], name
    # And the preset values of the fields whose values only their own check knows.
    assert {preset.level_table for preset in RULESETS.values()} <= seen["level_table"]


def test_r12_the_choice_check_of_the_house_rules_is_one_function() -> None:
    choices = Literal["pairs", "suit_only"]
    check_choice("follow_draw", "R7.3", "pairs", choices)
    with pytest.raises(RulesTypeError, match=r"Rules.follow_draw \(R7.3\): expected 'pairs'"):
        check_choice("follow_draw", "R7.3", 1, choices)
    with pytest.raises(ConfigurationError, match=r"or 'suit_only'; got 'tractor'"):
        check_choice("follow_draw", "R7.3", "tractor", choices)
    # True is an int to isinstance, never the choice 1; and 2.0 is not the choice 2.
    assert choice_fault(True, (1, 2)) is RulesTypeError
    assert choice_fault(2.0, (2, 3)) is RulesTypeError
    assert choice_fault(4, (2, 3)) is ConfigurationError
    assert choice_fault(3, (2, 3)) is None


def test_rules_type_error_is_the_error_type_of_core_errors() -> None:
    assert rules.RulesTypeError is errors.RulesTypeError
    assert issubclass(RulesTypeError, ConfigurationError) and issubclass(RulesTypeError, TypeError)
    assert "RulesTypeError" in errors.__all__ and "RulesTypeError" not in rules.__all__
