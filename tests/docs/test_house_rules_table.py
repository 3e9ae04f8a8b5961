"""docs/house-rules.md's table of fields agrees with Rules (R12, issue #21): every field
appears once, the values column lists each Literal's and each flag's values, and each preset
column holds that preset's value."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Literal, get_args, get_origin, get_type_hints

import attrs

from tuolaji.core.rules import (
    FULL_LEVELS,
    RULESETS,
    STANDARD_LEVEL_TABLE,
    SUPER_LEVEL_TABLE,
    TOURNAMENT_LEVEL_TABLE,
    TOURNAMENT_LEVELS,
    Rules,
)

PAGE = Path(__file__).resolve().parents[2] / "docs" / "house-rules.md"
COLUMNS = ("tuolaji", "tuolaji-tournament", "shuangsheng", "shuangsheng-super")
NAMED = {
    "standard": [list(band) for band in STANDARD_LEVEL_TABLE],
    "tournament": [list(band) for band in TOURNAMENT_LEVEL_TABLE],
    "super": [list(band) for band in SUPER_LEVEL_TABLE],
    "full": [int(rank) for rank in FULL_LEVELS],
    "2 5 10 J Q K A": [int(rank) for rank in TOURNAMENT_LEVELS],
}


def _rows() -> dict[str, list[str]]:
    section = PAGE.read_text("utf-8").split("## The fields", 1)[1]
    rows: dict[str, list[str]] = {}
    for line in section.splitlines():
        match = re.match(r"\| `(\w+)` \|", line)
        if match:
            assert match[1] not in rows, f"{match[1]} is listed twice"
            rows[match[1]] = [cell.strip() for cell in line.strip().strip("|").split(" | ")]
    return rows


def _cell_value(cell: str) -> object:
    if cell in NAMED:
        return NAMED[cell]
    return json.loads(cell.strip("`"))


def test_r12_every_field_of_rules_has_one_row() -> None:
    assert list(_rows()) == [field.name for field in attrs.fields(Rules)]


def test_r12_the_values_column_lists_every_choice_of_each_field() -> None:
    hints = get_type_hints(Rules)
    rows = _rows()
    for name, cells in rows.items():
        listed = re.findall(r"`([^`]+)`", cells[2])
        if get_origin(hints[name]) is Literal:
            assert [json.loads(v) for v in listed] == list(get_args(hints[name])), name
        elif hints[name] is bool:
            assert [json.loads(v) for v in listed] == [False, True], name


def test_r12_each_preset_column_holds_the_preset_value() -> None:
    for name, cells in _rows().items():
        for column, preset in zip(cells[3:7], COLUMNS, strict=True):
            assert _cell_value(column) == RULESETS[preset].to_dict()[name], (name, preset)


def test_r12_every_row_has_an_example() -> None:
    for name, cells in _rows().items():
        assert len(cells) == 8 and len(cells[7]) > 10, name
