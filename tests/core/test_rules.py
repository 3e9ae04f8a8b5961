"""Rules, the presets of R12 and the level table of R9.1."""

from __future__ import annotations

import json

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tuolaji import ConfigurationError, GameState, IllegalAction, Rank, Suit, Trump, TuolajiError
from tuolaji.core.rules import (
    FULL_LEVELS,
    ONLINE_LEVEL_TABLE,
    RULE_FIELDS,
    RULESETS,
    STANDARD_LEVEL_TABLE,
    SUPER_LEVEL_TABLE,
    TOURNAMENT_LEVEL_TABLE,
    TOURNAMENT_LEVELS,
    LevelBand,
    Outcome,
    Rules,
    UnknownRuleset,
)
from tuolaji.state.codec import from_data, to_data

PRESET_NAMES = ("tuolaji", "tuolaji-tournament", "shuangsheng", "shuangsheng-super")
"""The four presets of the seeds (R12); ``online`` follows them in ``RULESETS``."""
ALL_PRESETS = (*PRESET_NAMES, "online")

# ---------------------------------------------------------------------------------------------
# R12: the presets, field by field from the table of RULES.md


def test_r12_preset_names_are_the_four_of_the_table_and_online() -> None:
    assert tuple(RULESETS) == ALL_PRESETS
    assert all(isinstance(RULESETS[name], Rules) for name in RULESETS)


ONLINE_FIELDS = {
    "first_dealer": "winning_bid",
    "throw_penalty": 0,
    "forced_unit": "nearest_seat",
    "follow_draw": "largest_unit_first",
    "throw_ruff": "every_unit",
    "kitty_multiplier": "linear",
    "level_table": ONLINE_LEVEL_TABLE,
    "negative_totals": True,
    "top_level": "no_trump_must_play",
    "wrap": True,
    "must_play": frozenset({Rank.ACE}),
    "jack_hook_cards": "single",
    "jack_hook_outcome": "reset_then_advance",
    "kitty_public_at_end": False,
    "takeback": "both",
    "no_trump_trumps": "jokers",
}
"""What ``online`` sets (issues 31 and 42): the online app's defaults for four players and two
decks, each listed in docs/house-rules.md beside the app's setting it reads (issue 42: NT is a
stop, A + 2 = NT, only the jokers are trump on NT, and its follow order on throws)."""


def test_r12_the_online_preset_sets_the_apps_defaults_and_nothing_else() -> None:
    online = Rules.preset("online")
    for name, value in ONLINE_FIELDS.items():
        assert getattr(online, name) == value, name
    assert attrs.evolve(online, **{n: getattr(Rules(), n) for n in ONLINE_FIELDS}) == Rules()
    assert list(online.differences(Rules())) == [n for n in RULE_FIELDS if n in ONLINE_FIELDS]


def test_r9_1_the_online_table_goes_up_40_points_a_level_with_no_cap() -> None:
    """The app with two decks: take-over at 80 (+0 to 115), then one level more per 40 points
    (the standard table stops at +3 from 200); below 0 the declarers' bands go on (R9.1)."""
    online = Rules.preset("online")
    assert [online.outcome(t).steps for t in (80, 115, 120, 195, 200, 235, 240, 280, 600)] == [
        0,
        0,
        1,
        2,
        3,
        3,
        4,
        5,
        13,
    ]
    assert [(o.declarers_keep, o.steps) for o in map(online.outcome, (0, -35, -40, -80))] == [
        (True, 3),
        (True, 3),
        (True, 4),
        (True, 5),
    ]
    assert online.outcome(240) != Rules().outcome(240)


R12_TABLE = {
    "bidding": ("reveal", "reveal", "joker", "joker"),
    "counter_bids": (False, False, True, True),
    "no_bid_reveal": (0, 0, 2, 2),
    "no_bid_dealer": ("keep", "keep", "twin", "twin"),
    "first_dealer": ("first_bid", "winning_bid", "winning_bid", "winning_bid"),
    "forced_unit": ("lowest", "lowest", "lowest", "lowest"),
    "weak_hand_redeal": (None, None, 15, 15),
    "throw_penalty": (10, 10, 0, 0),
    "kitty_multiplier": ("doubling", "doubling", "linear", "linear"),
    "level_table": (
        STANDARD_LEVEL_TABLE,
        TOURNAMENT_LEVEL_TABLE,
        STANDARD_LEVEL_TABLE,
        SUPER_LEVEL_TABLE,
    ),
    "levels": (FULL_LEVELS, TOURNAMENT_LEVELS, FULL_LEVELS, FULL_LEVELS),
    "wrap": (False, False, True, True),
    "must_play": (frozenset(), frozenset({Rank.TWO, Rank.ACE}), frozenset(), frozenset()),
    "jack_hook": (False, True, False, False),
    "permanent_twos": (False, False, False, False),
}
"""The table of R12 in RULES.md, the contract: the fields it lists, by preset. The presets
themselves are defined once, in ``RULESETS``; this is what the contract says of them."""


@pytest.mark.parametrize("field", sorted(R12_TABLE))
def test_r12_preset_fields_match_the_table(field: str) -> None:
    got = tuple(getattr(RULESETS[name], field) for name in PRESET_NAMES)
    assert got == R12_TABLE[field]


def test_r12_every_field_outside_the_table_keeps_its_default_in_the_four_presets() -> None:
    """RULES.md: every preset keeps the defaults of the house-rule fields (older rules data
    reads them so)."""
    assert set(R12_TABLE) < set(RULE_FIELDS)
    for name in RULE_FIELDS:
        if name not in R12_TABLE:
            assert {getattr(RULESETS[p], name) for p in PRESET_NAMES} == {getattr(Rules(), name)}


def test_r12_level_sequences_are_the_documented_ones() -> None:
    assert [r.label for r in FULL_LEVELS] == [*"23456789", "10", "J", "Q", "K", "A"]
    assert [r.label for r in TOURNAMENT_LEVELS] == ["2", "5", "10", "J", "Q", "K", "A"]


def test_r12_defaults_are_the_tuolaji_preset() -> None:
    assert Rules() == RULESETS["tuolaji"]


@pytest.mark.parametrize("name", ALL_PRESETS)
def test_r12_preset_lookup_by_classmethod(name: str) -> None:
    assert Rules.preset(name) is RULESETS[name]
    assert name in RULESETS
    assert RULESETS.get(name) is RULESETS[name]


def test_r12_house_rule_is_one_call_away() -> None:
    house = attrs.evolve(RULESETS["tuolaji"], throw_penalty=20)
    assert house.throw_penalty == 20
    assert house.levels == RULESETS["tuolaji"].levels
    assert RULESETS["tuolaji"].throw_penalty == 10


def test_rules_are_frozen_and_hashable() -> None:
    rules = RULESETS["tuolaji-tournament"]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        rules.wrap = True  # type: ignore[misc]
    assert hash(rules) == hash(attrs.evolve(rules))
    assert len({RULESETS[name] for name in ALL_PRESETS}) == 5


def test_rules_convert_plain_values() -> None:
    rules = Rules(
        levels=[2, 5, 10, 11, 12, 13, 14],
        must_play={2, 14},
        level_table=[(0, True, 1), (80, False, 0)],
    )
    assert rules.levels == TOURNAMENT_LEVELS
    assert all(type(level) is Rank for level in rules.levels)
    assert rules.must_play == frozenset({Rank.TWO, Rank.ACE})
    assert rules.level_table == (LevelBand(0, True, 1), LevelBand(80, False, 0))
    assert type(rules.level_table[0]) is LevelBand
    assert rules.first_level == Rank.TWO
    assert rules.last_level == Rank.ACE


# ---------------------------------------------------------------------------------------------
# R12: unknown preset names


@pytest.mark.parametrize("lookup", [RULESETS.__getitem__, Rules.preset])
def test_r12_unknown_preset_lists_the_valid_names(lookup: object) -> None:
    assert callable(lookup)
    with pytest.raises(UnknownRuleset) as info:
        lookup("tractor")
    error = info.value
    assert isinstance(error, TuolajiError)
    assert isinstance(error, ConfigurationError)
    assert isinstance(error, KeyError)
    message = str(error)
    assert message.startswith("R12: there is no rules preset 'tractor'")
    for name in PRESET_NAMES:
        assert repr(name) in message
    assert error.name == "tractor"
    assert error.valid == ALL_PRESETS


def test_r12_rulesets_is_a_sane_mapping() -> None:
    assert "tractor" not in RULESETS
    assert RULESETS.get("tractor") is None
    assert RULESETS.get(["unhashable"]) is None  # type: ignore[call-overload]
    assert dict(RULESETS) == {name: RULESETS[name] for name in ALL_PRESETS}
    with pytest.raises(TypeError):
        RULESETS["tuolaji"] = Rules()  # type: ignore[index]


# ---------------------------------------------------------------------------------------------
# R9.1: the level table, every threshold at and just below its bound


STANDARD_CASES = [
    (-200, True, 3),
    (-5, True, 3),
    (0, True, 3),
    (5, True, 2),
    (35, True, 2),
    (40, True, 1),
    (75, True, 1),
    (80, False, 0),
    (115, False, 0),
    (120, False, 1),
    (155, False, 1),
    (160, False, 2),
    (195, False, 2),
    (200, False, 3),
    (235, False, 3),
    (240, False, 3),
    (320, False, 3),
    (400, False, 3),
]

SUPER_CASES = [
    *[case for case in STANDARD_CASES if case[0] < 240],
    (240, False, 4),
    (275, False, 4),
    (280, False, 5),
    (315, False, 5),
    (320, False, 6),
    (355, False, 6),
    (400, False, 6),
]


@pytest.mark.parametrize(("total", "keep", "steps"), STANDARD_CASES)
@pytest.mark.parametrize("name", ["tuolaji", "shuangsheng"])
def test_r9_1_standard_table(name: str, total: int, keep: bool, steps: int) -> None:
    assert RULESETS[name].outcome(total) == Outcome(declarers_keep=keep, steps=steps)


TOURNAMENT_CASES = [
    (-20, True, 3),
    (0, True, 3),
    (5, True, 2),
    (35, True, 2),
    (40, True, 1),
    (75, True, 1),
    (80, False, 0),
    (115, False, 0),
    (120, False, 1),
    (145, False, 1),
    (150, False, 3),
    (160, False, 3),
    (200, False, 3),
    (400, False, 3),
]


@pytest.mark.parametrize(("total", "keep", "steps"), TOURNAMENT_CASES)
def test_r9_1_tournament_table_caps_at_three_and_150_gives_three(
    total: int, keep: bool, steps: int
) -> None:
    """Seed 000 比赛 item 十一: every deal is capped at three levels; "150分以上 升三级".
    RULES.md's reading of the missing items 4-5: 80-115 take over, 120-145 take over +1."""
    assert RULESETS["tuolaji-tournament"].outcome(total) == Outcome(keep, steps)
    assert max(band.steps for band in TOURNAMENT_LEVEL_TABLE) == 3


@pytest.mark.parametrize(("total", "keep", "steps"), SUPER_CASES)
def test_r9_1_super_table(total: int, keep: bool, steps: int) -> None:
    assert RULESETS["shuangsheng-super"].outcome(total) == Outcome(keep, steps)


def reference_outcome(total: int, top_steps: int) -> tuple[bool, int]:
    """R9.1 written out as its prose reads, for comparison with the band table."""
    if total <= 0:
        return (True, 3)
    if total <= 35:
        return (True, 2)
    if total <= 75:
        return (True, 1)
    if total <= 115:
        return (False, 0)
    # 120-155 -> +1, 160-195 -> +2, ... one step per 40 points, capped by the table.
    return (False, min((total - 80) // 40, top_steps))


@pytest.mark.parametrize(("name", "top"), [("tuolaji", 3), ("shuangsheng-super", 6)])
def test_r9_1_tables_agree_with_a_plain_reference_on_every_total(name: str, top: int) -> None:
    rules = RULESETS[name]
    for total in range(-100, 505, 5):
        outcome = rules.outcome(total)
        assert (outcome.declarers_keep, outcome.steps) == reference_outcome(total, top), total


def test_r9_1_outcome_reads_well() -> None:
    keep = RULESETS["tuolaji"].outcome(40)
    over = RULESETS["tuolaji"].outcome(160)
    assert str(keep) == "declarers keep, +1"
    assert str(over) == "attackers take over, +2"
    assert not keep.attackers_take_over
    assert over.attackers_take_over


@pytest.mark.parametrize("total", [1, 37, -3, 118, 201])
def test_r9_1_total_not_a_multiple_of_five_is_rejected(total: int) -> None:
    with pytest.raises(IllegalAction) as info:
        RULESETS["tuolaji"].outcome(total)
    assert info.value.rule == "R9.1"
    assert "multiple of 5" in str(info.value)
    assert str(total) in str(info.value)


@pytest.mark.parametrize("total", [40.0, "40", True, None])
def test_r9_1_total_must_be_an_int(total: object) -> None:
    with pytest.raises(IllegalAction) as info:
        RULESETS["tuolaji"].outcome(total)  # type: ignore[arg-type]
    assert info.value.rule == "R9.1"
    assert "int" in str(info.value)


@given(st.integers(min_value=-80, max_value=120).map(lambda n: n * 5))
def test_r9_1_outcomes_only_get_better_for_the_attackers(total: int) -> None:
    rules = RULESETS["shuangsheng-super"]

    def score(outcome: Outcome) -> int:
        return -outcome.steps if outcome.declarers_keep else outcome.steps + 1

    assert score(rules.outcome(total)) <= score(rules.outcome(total + 5))


# ---------------------------------------------------------------------------------------------
# Validation of every field: ConfigurationError naming field, rule and valid values

BAD_FIELDS = [
    ({"bidding": "auction"}, ["Rules.bidding", "R4.2", "'reveal'", "'joker'", "'auction'"]),
    ({"counter_bids": 1}, ["Rules.counter_bids", "R5.2", "True or False"]),
    ({"no_bid_reveal": 8}, ["Rules.no_bid_reveal", "R4.6", "0..7", "8"]),
    ({"no_bid_reveal": -1}, ["Rules.no_bid_reveal", "R4.6", "0..7"]),
    ({"no_bid_reveal": 4, "kitty_size": 4}, ["Rules.no_bid_reveal", "R4.1", "0..3", "4"]),
    (
        {"no_bid_reveal": "first_level_or_highest", "no_bid_dealer": "twin"},
        ["Rules.no_bid_reveal", "Rules.no_bid_dealer", "R4.6"],
    ),
    (
        {"no_bid_reveal": "first_level_joker_stops", "no_bid_dealer": "twin"},
        ["Rules.no_bid_reveal", "Rules.no_bid_dealer", "R4.6"],
    ),
    (
        {"counter_bids": True, "kitty_theft": "every_deal"},
        ["Rules.counter_bids", "Rules.kitty_theft", "R5.2"],
    ),
    ({"counter_bids": True, "kitty_size": 0}, ["Rules.counter_bids", "kitty_size=0", "R5.2"]),
    (
        {"kitty_theft": "every_deal", "kitty_size": 0},
        ["Rules.kitty_theft", "kitty_size=0", "R5.2"],
    ),
    (
        {"tractor_protection": True, "follow_draw": "suit_only"},
        ["Rules.tractor_protection", "Rules.follow_draw='suit_only'", "R7.3"],
    ),
    ({"tractor_protection": 1}, ["Rules.tractor_protection", "R7.3", "True or False"]),
    ({"kitty_size": 6}, ["Rules.kitty_size", "R4.1", "0 or 4 or 8", "6"]),
    (
        {"joker_bids": "single_big_no_trump", "bidding": "joker"},
        ["Rules.joker_bids", "Rules.bidding", "R4.4", "'pairs' or 'none'"],
    ),
    (
        {"pair_bids_equal": True, "overturn_by_suit": True},
        ["Rules.pair_bids_equal", "Rules.overturn_by_suit", "R4.3"],
    ),
    ({"joker_bids": "single"}, ["Rules.joker_bids", "R4.3", "'single_big_no_trump'"]),
    ({"overturn_by_suit": 1}, ["Rules.overturn_by_suit", "R4.3", "True or False"]),
    ({"no_bid_reveal": True}, ["Rules.no_bid_reveal", "R4.6"]),
    ({"no_bid_dealer": "again"}, ["Rules.no_bid_dealer", "R4.6", "'keep'", "'twin'"]),
    ({"first_dealer": "dealer"}, ["Rules.first_dealer", "R4.5", "'first_bid'", "'winning_bid'"]),
    ({"forced_unit": "biggest"}, ["Rules.forced_unit", "R6.4", "'lowest'", "'smallest'"]),
    ({"weak_hand_redeal": 0}, ["Rules.weak_hand_redeal", "R4.7", "None", "1..200"]),
    ({"weak_hand_redeal": 205}, ["Rules.weak_hand_redeal", "R4.7", "1..200"]),
    ({"weak_hand_redeal": "15"}, ["Rules.weak_hand_redeal", "R4.7"]),
    ({"throw_penalty": -10}, ["Rules.throw_penalty", "R6.5", "multiple of 5"]),
    ({"throw_penalty": 7}, ["Rules.throw_penalty", "R6.5", "multiple of 5", "7"]),
    ({"throw_penalty": 10.0}, ["Rules.throw_penalty", "R6.5"]),
    ({"kitty_multiplier": "tripling"}, ["Rules.kitty_multiplier", "R8.2", "'doubling'"]),
    ({"level_table": ()}, ["Rules.level_table", "R9.1", "at least one band"]),
    ({"level_table": "0-35"}, ["Rules.level_table", "R9.1", "bands"]),
    ({"level_table": [(0, True)]}, ["Rules.level_table", "R9.1", "(min_points, declarers_keep"]),
    ({"level_table": [(0, 1, 3)]}, ["Rules.level_table", "R9.1", "declarers_keep"]),
    ({"level_table": [(5, True, 3)]}, ["Rules.level_table", "R9.1", "start at 0"]),
    (
        {"level_table": [(0, True, 2), (40, True, 1), (40, False, 0)]},
        ["Rules.level_table", "R9.1", "strictly increasing", "40 follows 40"],
    ),
    (
        {"level_table": [(0, True, 2), (80, False, 0), (60, False, 1)]},
        ["Rules.level_table", "R9.1", "strictly increasing", "60 follows 80"],
    ),
    (
        {"level_table": [(0, True, 1), (40, True, 2)]},
        ["Rules.level_table", "R9.1", "better for the attackers"],
    ),
    (
        {"level_table": [(0, True, 1), (80, False, 2), (120, False, 1)]},
        ["Rules.level_table", "R9.1", "better for the attackers"],
    ),
    ({"level_table": [(0, True, 1), (82, False, 0)]}, ["Rules.level_table", "multiples of 5"]),
    ({"level_table": [(0, True, -1)]}, ["Rules.level_table", "R9.1", "0 or more"]),
    ({"levels": ()}, ["Rules.levels", "R9.2", "at least one level"]),
    ({"levels": (2, 5, 5, 14)}, ["Rules.levels", "R9.2", "strictly increasing", "5 follows 5"]),
    ({"levels": (5, 2)}, ["Rules.levels", "R9.2", "strictly increasing", "2 follows 5"]),
    ({"levels": (2, 15)}, ["Rules.levels", "R9.2", "Rank.TWO..Rank.ACE", "15"]),
    ({"levels": "23456"}, ["Rules.levels", "R9.2", "sequence of ranks"]),
    ({"levels": (2, 3.0)}, ["Rules.levels", "R9.2", "3.0"]),
    (
        {"levels": TOURNAMENT_LEVELS, "must_play": {3}},
        ["Rules.must_play", "R9.3", "2 5 10 J Q K A", "3 is not"],
    ),
    ({"must_play": {1}}, ["Rules.must_play", "R9.3", "Rank.TWO..Rank.ACE"]),
    ({"must_play": 2}, ["Rules.must_play", "R9.3", "a set of ranks"]),
    ({"jack_hook": True, "levels": (2, 10, 12, 14)}, ["Rules.jack_hook", "R9.4", "2 10 Q A"]),
    ({"jack_hook": "yes"}, ["Rules.jack_hook", "R9.4", "True or False"]),
    ({"wrap": None}, ["Rules.wrap", "R9.2", "True or False"]),
    ({"permanent_twos": 0}, ["Rules.permanent_twos", "R2.5", "True or False"]),
    ({"tractor_min_pairs": 4}, ["Rules.tractor_min_pairs", "R3.2", "2 or 3", "4"]),
    ({"tractor_min_pairs": 1}, ["Rules.tractor_min_pairs", "R3.2", "2 or 3"]),
]


@pytest.mark.parametrize(("kwargs", "fragments"), BAD_FIELDS)
def test_invalid_rules_fields_raise_configuration_error(
    kwargs: dict[str, object], fragments: list[str]
) -> None:
    with pytest.raises(ConfigurationError) as info:
        Rules(**kwargs)  # type: ignore[arg-type]
    assert isinstance(info.value, ValueError)
    message = str(info.value)
    for fragment in fragments:
        assert fragment in message, (fragment, message)


def test_evolving_a_preset_validates_too() -> None:
    with pytest.raises(ConfigurationError, match=r"Rules\.must_play \(R9\.3\)"):
        attrs.evolve(RULESETS["tuolaji-tournament"], levels=FULL_LEVELS[:-1])
    with pytest.raises(ConfigurationError, match=r"Rules\.jack_hook \(R9\.4\)"):
        attrs.evolve(RULESETS["tuolaji-tournament"], levels=(2, 5, 14), must_play=())


def test_r9_3_must_play_levels_of_the_tournament_are_in_its_sequence() -> None:
    rules = RULESETS["tuolaji-tournament"]
    assert rules.must_play <= set(rules.levels)


# ---------------------------------------------------------------------------------------------
# Levels in the sequence, and the trump convenience


def test_r9_2_level_index_names_the_sequence_when_the_level_is_not_in_it() -> None:
    rules = RULESETS["tuolaji-tournament"]
    assert rules.level_index(Rank.TEN) == 2
    with pytest.raises(IllegalAction) as info:
        rules.level_index(Rank.THREE)
    assert info.value.rule == "R9.2"
    assert "level 3 is not in this game's level sequence 2 5 10 J Q K A" in str(info.value)


def test_r2_5_rules_trump_carries_permanent_twos() -> None:
    plain = RULESETS["tuolaji"].trump(Rank.TEN, Suit.SPADES)
    assert plain == Trump(Rank.TEN, Suit.SPADES)
    twos = Rules(permanent_twos=True).trump(Rank.TEN, None)
    assert twos.permanent_twos
    assert twos.suit is None
    assert twos.level == Rank.TEN


def test_r1_4_rules_trump_rejects_a_level_outside_the_sequence() -> None:
    with pytest.raises(IllegalAction, match="level 9 is not in this game's level sequence"):
        RULESETS["tuolaji-tournament"].trump(Rank.NINE, Suit.HEARTS)


# ---------------------------------------------------------------------------------------------
# Old JSON: no_bid_first_deal was replaced by no_bid_dealer (R4.6); new fields were added


def _old_data(name: str, no_bid_first_deal: str) -> dict[str, object]:
    data = dict(to_data(Rules, RULESETS[name]))
    for new in ("no_bid_dealer", "first_dealer", "forced_unit"):
        del data[new]
    data["no_bid_first_deal"] = no_bid_first_deal
    return data


@pytest.mark.parametrize(
    ("name", "old"),
    [
        ("tuolaji", "redeal"),
        ("tuolaji-tournament", "redeal"),
        ("shuangsheng", "twin"),
        ("shuangsheng-super", "twin"),
    ],
)
def test_r4_6_old_rules_json_with_no_bid_first_deal_still_loads(name: str, old: str) -> None:
    """An old preset's JSON (before R4.5/R4.6/R6.4 gained fields) reads as that preset
    today: "twin" maps to no_bid_dealer="twin", "redeal" to "keep"."""
    assert from_data(Rules, _old_data(name, old)) == RULESETS[name]


def test_r4_6_old_house_rules_map_no_bid_first_deal() -> None:
    data = _old_data("tuolaji", "twin")
    data["throw_penalty"] = 20
    rules = from_data(Rules, data)
    assert rules.no_bid_dealer == "twin" and rules.throw_penalty == 20
    assert rules.first_dealer == "first_bid" and rules.forced_unit == "lowest"
    # New JSON round-trips untouched.
    house = attrs.evolve(RULESETS["shuangsheng"], forced_unit="smallest", no_bid_dealer="keep")
    assert from_data(Rules, to_data(Rules, house)) == house


def test_r4_6_an_old_game_state_json_still_loads() -> None:
    """A whole GameState written before no_bid_first_deal was replaced reads back."""
    state = GameState.new("shuangsheng", seed=3)
    data = json.loads(state.to_json())
    data["rules"] = _old_data("shuangsheng", "twin")
    loaded = GameState.from_json(json.dumps(data, ensure_ascii=False))
    assert loaded == state


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_r12_records_written_before_the_bidding_and_information_house_rules_still_read(
    name: str,
) -> None:
    """Issue 21 (part B): rules data without ``jack_hook_cards``, ``self_overturn``,
    ``joker_pairs``, ``fix_trump``, ``kitty_public_at_end`` and ``throw_blocker_public`` reads
    as the behaviour before them, the same in every preset."""
    data = to_data(Rules, RULESETS[name])
    for field in (
        "jack_hook_cards",
        "self_overturn",
        "joker_pairs",
        "fix_trump",
        "kitty_public_at_end",
        "throw_blocker_public",
    ):
        del data[field]
    assert from_data(Rules, data) == RULESETS[name]


@pytest.mark.parametrize("reveal", [0, 7, "first_level_or_highest"])
def test_r4_6_no_bid_reveal_round_trips_as_an_index_or_a_word(reveal: int | str) -> None:
    rules = Rules(no_bid_reveal=reveal)  # type: ignore[arg-type]
    assert from_data(Rules, json.loads(json.dumps(to_data(Rules, rules)))) == rules
    state = GameState.new(rules, seed=2)
    assert GameState.from_text(state.to_text()) == state


@pytest.mark.parametrize("bad", [8, -1, "first", "0", 1.0, True])
def test_r4_6_no_bid_reveal_refuses_other_values(bad: object) -> None:
    with pytest.raises(ConfigurationError) as info:
        Rules(no_bid_reveal=bad)  # type: ignore[arg-type]
    assert "Rules.no_bid_reveal (R4.6)" in str(info.value)
