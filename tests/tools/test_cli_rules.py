"""The ``rules`` subcommand (R12, issues #21 and #34): a rule set as a table of field, value
and meaning (``--json``: as JSON), its differences from a preset, and the JSON Schema of a
rules file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tuolaji.core.rules import RULE_FIELDS, RULESETS, Rules
from tuolaji.tools.cli import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(list(args)) == 0
    return capsys.readouterr().out


def test_rules_prints_every_field_as_json_that_reads_back(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = run(capsys, "rules", "tuolaji-tournament", "--json")
    assert Rules.from_dict(json.loads(out)) == RULESETS["tuolaji-tournament"]
    assert json.loads(run(capsys, "rules", "--json")) == Rules().to_dict()


def test_rules_prints_a_table_of_field_value_and_meaning(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "400")  # a wide terminal: one line per field
    lines = run(capsys, "rules", "shuangsheng").splitlines()
    assert lines[0] == "shuangsheng rules (tuolaji rules --json prints them as a rules file)"
    assert lines[1].split() == ["field", "value", "rule:", "meaning"]
    rows = {line.split()[0]: line for line in lines[2:] if not line.startswith(" ")}
    assert list(rows) == list(RULE_FIELDS)
    assert rows["bidding"].split()[:3] == ["bidding", '"joker"', "R4.2:"]
    assert rows["bidding"].endswith("R4.2: the bidding system")
    for name, field in RULE_FIELDS.items():
        assert rows[name].endswith(field.description)
    # A value too wide for its column is on the line under its field.
    table = lines[lines.index(rows["level_table"]) + 1]
    assert table.strip().startswith("[[0, true, 3]")


def test_rules_table_fits_the_terminal_meanings_wrapped_in_their_column(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    lines = run(capsys, "rules").splitlines()
    column = lines[1].index("rule: meaning")
    rows = [line for line in lines[2:] if not line.lstrip().startswith("[")]  # values below
    assert all(len(line) <= 80 for line in rows), [line for line in rows if len(line) > 80]
    # Each meaning reads whole again from its pieces, in the meaning column.
    text = " ".join(line[column:].strip() for line in rows if len(line) > column)
    for field in RULE_FIELDS.values():
        assert field.description in text


def test_rules_schema_is_the_schema_of_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert json.loads(run(capsys, "rules", "--schema")) == Rules.json_schema()


def test_rules_diff_of_a_file_against_a_named_preset(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    house = tmp_path / "house.json"
    house.write_text('{"preset": "shuangsheng", "wrap": false, "throw_penalty": 10}')
    out = run(capsys, "rules", "--diff", str(house), "--base", "shuangsheng")
    assert out.splitlines() == [
        "differences from the preset shuangsheng (preset value -> this value):",
        "  throw_penalty: 0 -> 10",
        "  wrap: true -> false",
    ]


def test_rules_diff_against_a_named_base(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "rules", "--diff", "tuolaji-tournament", "--base", "tuolaji")
    lines = out.splitlines()
    assert lines[0] == "differences from the preset tuolaji (preset value -> this value):"
    assert "  jack_hook: false -> true" in lines
    assert "  must_play: [] -> [2, 14]" in lines
    assert len(lines) == 1 + len(RULESETS["tuolaji-tournament"].differences(Rules()))


def test_rules_diff_of_a_preset_compares_it_with_the_default_preset(
    capsys: pytest.CaptureFixture[str],
) -> None:
    lines = run(capsys, "rules", "--diff", "shuangsheng").splitlines()
    assert lines[0] == "differences from the preset tuolaji (preset value -> this value):"
    assert '  bidding: "reveal" -> "joker"' in lines
    assert len(lines) == 1 + len(RULESETS["shuangsheng"].differences(Rules()))


def test_rules_diff_of_a_preset_with_itself_says_no_differences(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = run(capsys, "rules", "--diff", "shuangsheng", "--base", "shuangsheng")
    assert out == "no differences from the preset shuangsheng\n"
    assert run(capsys, "rules", "--diff", "tuolaji") == "no differences from the preset tuolaji\n"


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["rules", "--diff", "bogus"], "no such file"),
        (["rules", "--diff", "tuolaji", "--base", "house"], "invalid choice: 'house'"),
        (["rules", "tuolaji", "--schema"], "not allowed with"),
    ],
)
def test_rules_bad_arguments_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], needle: str
) -> None:
    with pytest.raises(SystemExit) as info:
        main(args)
    assert info.value.code == 2
    assert needle in capsys.readouterr().err
