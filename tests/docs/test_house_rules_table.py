"""docs/house-rules.md's tables agree with Rules (R12, issues #21, #30 and #31).

The table of fields: every field appears once, in field order; the rule, meaning, values and
release columns are what the field's declaration (``RULE_FIELDS``) gives, the values column
lists each Literal's and each flag's values, and each preset column holds that preset's value.

The table of every value: one row per value of each Literal and flag field, in the order of its
type, the default marked; at least one row for every other field; fields in field order; and
every cell short enough to read on a laptop screen."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Literal, get_args, get_origin, get_type_hints

import attrs

from tuolaji.core.rules import (
    FULL_LEVELS,
    ONLINE_LEVEL_TABLE,
    RULE_FIELDS,
    RULESETS,
    STANDARD_LEVEL_TABLE,
    SUPER_LEVEL_TABLE,
    TOURNAMENT_LEVEL_TABLE,
    TOURNAMENT_LEVELS,
    Rules,
)

PAGE = Path(__file__).resolve().parents[2] / "docs" / "house-rules.md"
COLUMNS = tuple(RULESETS)
"""Every preset, in the order of ``RULESETS`` (the one place the presets are defined)."""
NAMED = {
    "standard": [list(band) for band in STANDARD_LEVEL_TABLE],
    "tournament": [list(band) for band in TOURNAMENT_LEVEL_TABLE],
    "super": [list(band) for band in SUPER_LEVEL_TABLE],
    "online": [list(band) for band in ONLINE_LEVEL_TABLE],
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
    "online",
)
VALUES = HEADER.index("values")
PRESETS = slice(HEADER.index("tuolaji"), None)
VALUE_HEADER = ("field", "value", "example", "reads")
LONGEST_CELL = 160  # characters of Markdown: a cell longer than this wraps into a tall row
DEFAULT = " (default)"


def _section(heading: str = "## The fields") -> str:
    """The text of the page's section under ``heading``, up to the next section."""
    return PAGE.read_text("utf-8").split(f"\n{heading}\n", 1)[1].split("\n## ", 1)[0]


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split(" | ")]


def _table(heading: str) -> list[list[str]]:
    """The rows of the table under ``heading`` that begin with a field name."""
    return [
        _cells(line) for line in _section(heading).splitlines() if re.match(r"\| `\w+` \|", line)
    ]


def _rows() -> dict[str, list[str]]:
    rows: dict[str, list[str]] = {}
    for cells in _table("## The fields"):
        name = cells[0].strip("`")
        assert name not in rows, f"{name} is listed twice"
        rows[name] = cells
    return rows


def _value_rows() -> list[list[str]]:
    return _table("## Every value")


def _cell_value(cell: str) -> object:
    if cell in NAMED:
        return NAMED[cell]
    return json.loads(cell.strip("`"))


def _preset_cell(value: object) -> str:
    """A preset's value as the table writes it: a named table or sequence, else its JSON."""
    named = next((name for name, known in NAMED.items() if known == value), None)
    return named if named is not None else f"`{json.dumps(value, ensure_ascii=False)}`"


def declared_cells(name: str) -> list[str]:
    """Every cell of the row of ``name``, as the field's declaration gives it."""
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
    rows = _rows()
    missing = [name for name in RULE_FIELDS if name not in rows]
    assert not missing, "add the rows\n" + "\n".join(
        f"| {' | '.join(declared_cells(name))} |" for name in missing
    )
    assert list(rows) == [field.name for field in attrs.fields(Rules)]
    assert list(rows) == list(RULE_FIELDS)


def test_r12_every_column_is_what_the_declaration_gives() -> None:
    rows = _rows()
    for name in RULE_FIELDS:
        want = declared_cells(name)
        got = rows[name]
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


def test_r12_the_value_table_has_its_columns() -> None:
    header = next(line for line in _section("## Every value").splitlines() if line.startswith("|"))
    assert tuple(_cells(header)) == VALUE_HEADER
    for cells in _value_rows():
        assert len(cells) == len(VALUE_HEADER) and all(cells), cells


def test_r12_the_value_table_lists_the_fields_in_field_order() -> None:
    names = [cells[0].strip("`") for cells in _value_rows()]
    # Each field's rows are together: the names, each run of equal names taken once.
    runs = [name for at, name in enumerate(names) if at == 0 or names[at - 1] != name]
    assert runs == list(RULE_FIELDS)


def test_r12_the_value_table_has_a_row_per_value_of_each_literal_and_flag() -> None:
    hints = get_type_hints(Rules)
    defaults = Rules().to_dict()
    values: dict[str, list[str]] = {}
    for cells in _value_rows():
        values.setdefault(cells[0].strip("`"), []).append(cells[1])
    for name in RULE_FIELDS:
        hint = hints[name]
        if get_origin(hint) is Literal or hint is bool:
            choices = list(get_args(hint)) if hint is not bool else [False, True]
            cells = values[name]
            listed = [json.loads(cell.removesuffix(DEFAULT).strip("`")) for cell in cells]
            assert listed == choices, f"{name}: rows for {listed}, values {choices}"
            marked = [value for value, cell in zip(listed, cells, strict=True) if DEFAULT in cell]
            assert marked == [defaults[name]], f"{name}: (default) marks {marked}"
        else:
            # A number or a list: one row per kind of value, one of them naming the default.
            assert values[name], name
            assert sum("default" in cell for cell in values[name]) == 1, name


def test_r12_no_cell_of_the_value_table_is_too_long() -> None:
    for cells in _value_rows():
        for cell in cells:
            assert len(cell) <= LONGEST_CELL, f"{len(cell)} characters: {cell}"
