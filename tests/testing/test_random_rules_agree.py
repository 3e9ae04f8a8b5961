"""The testing kit's random rules and the checks that join fields (R12, issue 41, item 3).

``JOINT_CHECKS`` is the one list of the checks of ``Rules`` that join fields: ``Rules``
raises the first that fails, the JSON Schema names each, and ``build_rules`` repairs a draw by
the same checks. A custom draw is never replaced by a preset: a check the kit cannot satisfy
is an error naming it, and a check added to the list is satisfied without a change to the
kit."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tuolaji import ConfigurationError
from tuolaji.core import rules as rules_module
from tuolaji.core.cards import Rank
from tuolaji.core.rules import JOINT_CHECKS, RULE_FIELDS, RULESETS, JointCheck, Rules
from tuolaji.testing import driver
from tuolaji.testing.driver import agree, build_rules, random_rules

DRAWS = 600


def _values(rules: Rules) -> dict[str, object]:
    return {name: getattr(rules, name) for name in RULE_FIELDS}


# A combination of valid field values that each check refuses, and a field change that fixes it.
VIOLATIONS: dict[str, dict[str, object]] = {
    "must_play_in_levels": {"must_play": frozenset({Rank.THREE}), "levels": (Rank.TWO, Rank.ACE)},
    "kitty_search_keeps_the_dealer": {
        "no_bid_reveal": "first_level_or_highest",
        "no_bid_dealer": "twin",
    },
    "turned_card_in_the_kitty": {"no_bid_reveal": 5, "kitty_size": 4},
    "single_big_joker_reveals_only": {"joker_bids": "single_big_no_trump", "bidding": "joker"},
    "equal_pairs_unranked": {"pair_bids_equal": True, "overturn_by_suit": True},
    "one_counter_round": {"counter_bids": True, "kitty_theft": "every_deal"},
    "protection_needs_pairs": {"tractor_protection": True, "follow_draw": "suit_only"},
    "negative_band_exists": {
        "negative_totals": True,
        "level_table": ((0, False, 0), (80, False, 1)),
    },
    "counters_need_a_kitty": {"kitty_size": 0, "kitty_theft": "every_deal"},
    "jack_hook_needs_jack": {"jack_hook": True, "levels": (Rank.TWO, Rank.ACE)},
}


def test_r12_each_joint_check_is_named_with_its_rule_and_fields() -> None:
    assert [check.name for check in JOINT_CHECKS] == list(VIOLATIONS)
    for check in JOINT_CHECKS:
        assert check.rule.startswith("R") and len(check.fields) >= 2, check
        assert set(check.fields) <= set(RULE_FIELDS), check
        assert check.problem(_values(Rules())) is None, check.name


@pytest.mark.parametrize("name", list(VIOLATIONS))
def test_r12_rules_raise_the_message_of_the_check(name: str) -> None:
    (check,) = [c for c in JOINT_CHECKS if c.name == name]
    with pytest.raises(ConfigurationError) as info:
        Rules(**VIOLATIONS[name])  # type: ignore[arg-type]
    message = str(info.value)
    assert check.rule in message and message.startswith("Rules.")
    assert message == check.fault(*(_converted(VIOLATIONS[name], f) for f in check.fields))


def _converted(violation: dict[str, object], name: str) -> Any:
    """The value of ``name`` as a Rules holds it: the violation's, else the default."""
    if name not in violation:
        return getattr(Rules(), name)
    value = violation[name]
    if name == "level_table":
        return rules_module._to_level_table(value)  # type: ignore[arg-type]
    return value


@pytest.mark.parametrize("name", list(VIOLATIONS))
def test_r12_agree_repairs_each_violation_by_the_checks(name: str) -> None:
    for seed in range(20):
        values = _values(Rules()) | {f: _converted(VIOLATIONS[name], f) for f in VIOLATIONS[name]}
        agree(values, random.Random(seed).choice)
        assert all(check.problem(values) is None for check in JOINT_CHECKS), values
        Rules(**values)  # type: ignore[arg-type]


def test_r12_the_schema_names_every_joint_check() -> None:
    listed = Rules.json_schema()["$comment"]
    for check in JOINT_CHECKS:
        assert f"{check.name} ({check.rule}: {', '.join(check.fields)})" in listed


def test_r12_random_rules_draw_every_value_of_every_field_and_never_fall_back() -> None:
    """Over the draws, each field takes every sample of its declaration, and a custom draw is
    a custom rule set: about half the draws are presets (the kit's first choice), never the
    many more a fallback to the preset on a refused combination would give."""
    rng = random.Random(41)
    seen: dict[str, set[Any]] = {name: set() for name in RULE_FIELDS}
    presets = set(RULESETS.values())
    preset_draws = 0
    for _ in range(DRAWS):
        drawn = random_rules(rng)
        preset_draws += drawn in presets
        for name in RULE_FIELDS:
            seen[name].add(getattr(drawn, name))
    for name, field in RULE_FIELDS.items():
        assert set(field.values.samples()) <= seen[name], name
    assert preset_draws < 0.6 * DRAWS


def test_r12_a_new_joint_check_is_satisfied_without_a_change_to_the_kit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A check added to JOINT_CHECKS (here: wrap only without a throw penalty) is kept by
    every draw, and the draws still take both values of the fields it joins."""

    def wrap_without_penalty(wrap: bool, throw_penalty: int) -> str | None:
        return "Rules.wrap with a throw penalty (R9.2)" if wrap and throw_penalty else None

    extra = JointCheck(
        "wrap_without_penalty", "R9.2", ("wrap", "throw_penalty"), wrap_without_penalty
    )
    checks = (*JOINT_CHECKS, extra)
    monkeypatch.setattr(rules_module, "JOINT_CHECKS", checks)
    monkeypatch.setattr(driver, "JOINT_CHECKS", checks)
    rng = random.Random(7)
    drawn = [random_rules(rng) for _ in range(300)]
    custom = [r for r in drawn if r not in RULESETS.values()]
    assert len(custom) > 100
    assert all(not (r.wrap and r.throw_penalty) for r in custom)
    assert {r.wrap for r in custom} == {False, True}
    assert len({r.throw_penalty for r in custom}) > 2


def test_r12_a_check_the_kit_cannot_satisfy_is_an_error_never_a_preset(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def never(wrap: bool, jack_hook: bool) -> str | None:
        return "Rules.wrap (R9.2): never"

    checks = (*JOINT_CHECKS, JointCheck("never", "R9.2", ("wrap", "jack_hook"), never))
    monkeypatch.setattr(driver, "JOINT_CHECKS", checks)

    def pick(options: Any) -> Any:
        # Custom rules (the second choice of the first yes/no), then the first option.
        return options[-1] if tuple(options) == (False, True) else options[0]

    with pytest.raises(ConfigurationError, match=r"check never \(R9\.2\) of wrap, jack_hook"):
        build_rules(pick)
