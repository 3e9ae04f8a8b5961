"""Each Rules field is declared once (R12, issue #30): its rule, meaning, values, default and
release. The checks made when a Rules is built, the JSON Schema, the reading of older rules
data and the testing kit's draws all come from these declarations."""

from __future__ import annotations

import ast
import json
import random
import re
from pathlib import Path
from typing import Any, Literal, get_origin

import attrs
import pytest
from tests.extras import need

from tuolaji import ConfigurationError, InvalidRecord
from tuolaji.core import errors, rules
from tuolaji.core._args import check_choice, choice_fault
from tuolaji.core.rules import FIRST_RELEASE, RULE_FIELDS, RULESETS, Rules, RulesTypeError
from tuolaji.state.codec import from_data, to_data
from tuolaji.testing.driver import random_rules

RELEASES = ("0.1", "0.2", "0.3", "0.4", "0.5")


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


# Each value's meaning has one home: its field's declaration (issue 41, item 3).


def _choices(field: rules.RuleField) -> list[Any]:
    """The choices (``_Choice``) of a declaration: the whole of it, or a part of an either."""
    values = field.values
    parts = values.parts if isinstance(values, rules._Either) else (values,)
    return [part for part in parts if isinstance(part, rules._Choice)]


@pytest.mark.parametrize(
    "name", [name for name, field in RULE_FIELDS.items() if field.values.meanings()]
)
def test_r12_a_choice_declares_one_meaning_per_value_in_order(name: str) -> None:
    field = RULE_FIELDS[name]
    values = [value for value, _ in field.values.meanings()]
    assert values == [value for choice in _choices(field) for value in choice.values], name
    for value, meaning in field.values.meanings():
        assert meaning and "\n" not in meaning, (name, value)
        assert f"``{json.dumps(value)}``: {meaning}" in field.doc
    assert field.doc.startswith(f"{field.description}. ")


def test_r12_a_choice_without_a_meaning_for_each_value_is_refused() -> None:
    with pytest.raises(TypeError, match="one meaning per value"):
        rules._Choice(Literal["a", "b"], {"a": "the first"})
    with pytest.raises(TypeError, match="one meaning per value"):
        rules._Choice(Literal["a", "b"], {"b": "second", "a": "first"})
    assert rules._Choice(Literal["a"], {"a": "one"}).meanings() == (("a", "one"),)


def _docstrings() -> dict[str, str]:
    """The docstring of each module-level name and each Rules attribute of core/rules.py."""
    tree = ast.parse(Path(rules.__file__).read_text("utf-8"))
    out: dict[str, str] = {}

    def walk(body: list[ast.stmt], prefix: str) -> None:
        for stmt, after in zip(body, [*body[1:], None], strict=True):
            target = None
            if isinstance(stmt, ast.Assign) and isinstance(stmt.targets[0], ast.Name):
                target = stmt.targets[0].id
            elif isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
                target = stmt.target.id
            if target is None or not isinstance(after, ast.Expr):
                continue
            if isinstance(after.value, ast.Constant) and isinstance(after.value.value, str):
                out[prefix + target] = after.value.value

    walk(tree.body, "")
    (cls,) = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Rules"]
    walk(cls.body, "Rules.")
    return out


def test_r12_no_docstring_of_core_rules_repeats_the_meaning_of_a_choice() -> None:
    """The Literal aliases and the Rules fields' own notes name no value of the field's
    choices: what a value means is said in the declaration only, and the API reference shows
    it (tools/griffe_reference.py)."""
    docstrings = _docstrings()
    aliases = {
        alias: name
        for alias in docstrings
        if get_origin(getattr(rules, alias, None)) is Literal
        for name, field in RULE_FIELDS.items()
        if any(choice.alias is getattr(rules, alias) for choice in _choices(field))
    }
    assert len(aliases) == sum(bool(_choices(field)) for field in RULE_FIELDS.values())
    for name, field in RULE_FIELDS.items():
        choices = [v for v, _ in field.values.meanings() if isinstance(v, str)]
        texts = [docstrings.get(f"Rules.{name}", "")]
        texts += [docstrings.get(alias, "") for alias, of in aliases.items() if of == name]
        for text in texts:
            named = [value for value in choices if f'``"{value}"``' in text]
            assert not named, (name, named, text)
    assert "Bidding" in docstrings and "Rules.kitty_size" in docstrings
