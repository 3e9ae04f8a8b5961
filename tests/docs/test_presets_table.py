"""docs/rules.md's table of the presets (R12) is read against ``RULESETS``, the one place the
presets are defined (issue 41, item 3): one row per field that some preset sets to another
value than its default, in field order, each cell that preset's value."""

from __future__ import annotations

import re
from pathlib import Path

from tuolaji.core.cards import Rank
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

PAGE = Path(__file__).resolve().parents[2] / "docs" / "rules.md"
NAMED: dict[object, str] = {
    STANDARD_LEVEL_TABLE: "up to +3",
    SUPER_LEVEL_TABLE: "up to +6",
    TOURNAMENT_LEVEL_TABLE: "tournament (150 → +3)",
    ONLINE_LEVEL_TABLE: "online (40-point steps, up to +13)",
    FULL_LEVELS: "2..A",
    TOURNAMENT_LEVELS: "2 5 10 J Q K A",
}
"""The level tables and sequences of the presets, by the words the table gives them."""


def cell(value: object) -> str:
    """A preset's value as the table writes it."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None or value == frozenset():
        return "—"
    if isinstance(value, frozenset):
        return ", ".join(Rank(rank).label for rank in sorted(value))
    if isinstance(value, tuple):
        return NAMED[value]
    return str(value)


def _rows() -> list[list[str]]:
    section = PAGE.read_text("utf-8").split("{ #r12 }", 1)[1].split("\n## ", 1)[0]
    lines = [line for line in section.splitlines() if line.startswith("| ")]
    header = [c.strip() for c in lines[0].strip("|").split("|")]
    assert header == ["field", "rule", *(f"`{name}`" for name in RULESETS)]
    return [[c.strip() for c in line.strip().strip("|").split(" | ")] for line in lines[2:]]


def test_r12_the_table_has_a_row_per_field_a_preset_changes_in_field_order() -> None:
    default = Rules()
    changed = [
        name
        for name in RULE_FIELDS
        if any(getattr(preset, name) != getattr(default, name) for preset in RULESETS.values())
    ]
    assert [row[0].strip("`") for row in _rows()] == changed
    assert "no_bid_redeals" not in changed  # None in every preset: the field table shows it


def test_r12_each_cell_is_the_preset_value() -> None:
    for row in _rows():
        name = row[0].strip("`")
        rule = RULE_FIELDS[name].rule
        want = [f"`{name}`", f"[{rule}](#{rule.lower()})"]
        want += [cell(getattr(preset, name)) for preset in RULESETS.values()]
        assert row == want, f"| {' | '.join(want)} |"


def test_r12_the_cells_name_every_value_kind() -> None:
    assert cell(True) == "yes" and cell(None) == "—" and cell(frozenset({Rank.ACE})) == "A"
    assert re.fullmatch(r"up to \+3", cell(STANDARD_LEVEL_TABLE))
