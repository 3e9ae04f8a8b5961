"""docs/house-rules.md's table of fields agrees with Rules (R12, issues #21 and #30): every field
appears once, in field order; the rule, meaning, values and release columns are what the field's
declaration (``RULE_FIELDS``) gives, the values column lists each Literal's and each flag's
values, and each preset column holds that preset's value."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Literal, get_args, get_origin, get_type_hints

import attrs

from tuolaji.core.rules import (
    FULL_LEVELS,
    RULE_FIELDS,
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
HEADER = (
    "field",
    "rule",
    "meaning",
    "values",
    "since",
    "tuolaji",
    "tournament",
    "shuangsheng",
    "super",
    "example",
)
VALUES = HEADER.index("values")
PRESETS = slice(HEADER.index("tuolaji"), HEADER.index("example"))
EXAMPLE = HEADER.index("example")


def _section() -> str:
    return PAGE.read_text("utf-8").split("## The fields", 1)[1]


def _rows() -> dict[str, list[str]]:
    rows: dict[str, list[str]] = {}
    for line in _section().splitlines():
        match = re.match(r"\| `(\w+)` \|", line)
        if match:
            assert match[1] not in rows, f"{match[1]} is listed twice"
            rows[match[1]] = [cell.strip() for cell in line.strip().strip("|").split(" | ")]
    return rows


def _cell_value(cell: str) -> object:
    if cell in NAMED:
        return NAMED[cell]
    return json.loads(cell.strip("`"))


def _preset_cell(value: object) -> str:
    """A preset's value as the table writes it: a named table or sequence, else its JSON."""
    named = next((name for name, known in NAMED.items() if known == value), None)
    return named if named is not None else f"`{json.dumps(value, ensure_ascii=False)}`"


def declared_cells(name: str) -> list[str]:
    """Every cell of the row of ``name`` but the example, as the field's declaration gives it."""
    field = RULE_FIELDS[name]
    return [
        f"`{name}`",
        f"[{field.rule}](rules.md#{field.rule.lower()})",
        field.meaning,
        field.values.text(),
        field.since,
        *(_preset_cell(RULESETS[preset].to_dict()[name]) for preset in COLUMNS),
    ]


def test_r12_the_table_has_the_columns_the_declarations_fill() -> None:
    header = next(line for line in _section().splitlines() if line.startswith("| field |"))
    assert tuple(cell.strip() for cell in header.strip().strip("|").split("|")) == HEADER


def test_r12_every_field_of_rules_has_one_row() -> None:
    assert list(_rows()) == [field.name for field in attrs.fields(Rules)]
    assert list(_rows()) == list(RULE_FIELDS)


def test_r12_every_column_but_the_example_is_what_the_declaration_gives() -> None:
    rows = _rows()
    for name in RULE_FIELDS:
        want = declared_cells(name)
        got = rows[name][:EXAMPLE]
        assert got == want, f"the row of {name} begins:\n| {' | '.join(want)} |"


def test_r12_the_values_column_lists_every_choice_of_each_field() -> None:
    hints = get_type_hints(Rules)
    rows = _rows()
    for name, cells in rows.items():
        listed = re.findall(r"`([^`]+)`", cells[VALUES])
        if get_origin(hints[name]) is Literal:
            assert [json.loads(v) for v in listed] == list(get_args(hints[name])), name
        elif hints[name] is bool:
            assert [json.loads(v) for v in listed] == [False, True], name


def test_r12_each_preset_column_holds_the_preset_value() -> None:
    for name, cells in _rows().items():
        for column, preset in zip(cells[PRESETS], COLUMNS, strict=True):
            assert _cell_value(column) == RULESETS[preset].to_dict()[name], (name, preset)


def test_r12_every_row_has_an_example() -> None:
    for name, cells in _rows().items():
        assert len(cells) == len(HEADER) and len(cells[EXAMPLE]) > 10, name
