"""One CLI without seams (#20): every subcommand reads ``--rules`` and bot specs the same way,
says what is wrong, and explains the rule numbers its messages cite (``docs R7.3``)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import attrs
import pytest

import tuolaji as tl
from tuolaji.tools import arena
from tuolaji.tools.arena import BotSpec
from tuolaji.tools.arena import bots as arena_bots
from tuolaji.tools.cli import build_parser, main
from tuolaji.tools.report import summary_line
from tuolaji.tools.rulebook import rule_numbers, rule_text, rules_page

ROOT = Path(__file__).resolve().parents[2]

# The arguments each subcommand needs besides --rules.
RULES_COMMANDS = {
    "simulate": ["simulate"],
    "arena": ["arena", "--bots", "a=greedy,b=random"],
    "bench": ["bench"],
}


def usage_error(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    with pytest.raises(SystemExit) as info:
        build_parser().parse_args(list(args))
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1
    return err


@pytest.mark.parametrize("command", list(RULES_COMMANDS))
def test_every_subcommand_reads_a_preset_and_a_house_rules_file(
    command: str, tmp_path: Path
) -> None:
    house = tmp_path / "house.json"
    house.write_text(json.dumps({"preset": "shuangsheng", "wrap": False}))
    base = RULES_COMMANDS[command]
    preset = build_parser().parse_args([*base, "--rules", "shuangsheng-super"])
    assert preset.rules == tl.RULESETS["shuangsheng-super"]
    custom = build_parser().parse_args([*base, "--rules", str(house)])
    assert custom.rules == attrs.evolve(tl.RULESETS["shuangsheng"], wrap=False)
    assert build_parser().parse_args(base).rules == tl.RULESETS["tuolaji"]


@pytest.mark.parametrize("command", list(RULES_COMMANDS))
def test_a_missing_rules_file_is_no_such_file(
    capsys: pytest.CaptureFixture[str], command: str, tmp_path: Path
) -> None:
    missing = str(tmp_path / "house.json")
    err = usage_error(capsys, *RULES_COMMANDS[command], "--rules", missing)
    assert "no such file" in err and "neither" not in err


@pytest.mark.parametrize("command", list(RULES_COMMANDS))
def test_a_mistyped_preset_gets_a_suggestion(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    err = usage_error(capsys, *RULES_COMMANDS[command], "--rules", "shuangshen")
    assert "did you mean shuangsheng?" in err


@pytest.mark.parametrize("command", list(RULES_COMMANDS))
def test_the_rules_help_is_the_same_everywhere(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    with pytest.raises(SystemExit):
        main([command, "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "--rules NAME|FILE" in out and "JSON file of house rules" in out
    assert "'tuolaji docs R7.3' prints the rule" in out


SPECS = ["pimc", 'greedy{"candidates": 5}', "tuolaji.bots.greedy:GreedyBot"]


@pytest.mark.parametrize("spec", SPECS)
def test_simulate_and_arena_read_the_same_bot_specs(spec: str) -> None:
    simulate = build_parser().parse_args(["simulate", "--bots", f"random,{spec}"])
    contest = build_parser().parse_args(["arena", "--bots", f"random,{spec}"])
    assert simulate.bots == contest.bots
    assert simulate.bots[1] == arena.parse_bot_spec(spec)


def test_a_registered_builtin_is_accepted_and_listed_by_both(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bot registered as a built-in (``best``) is a spec of every subcommand at once."""
    monkeypatch.setitem(arena_bots._BUILTINS, "best", lambda: tl.GreedyBot)
    for command in ("simulate", "arena"):
        args = build_parser().parse_args([command, "--bots", "best,greedy"])
        assert args.bots[0] == BotSpec("best", "best")
        with pytest.raises(SystemExit):
            main([command, "--help"])
        assert re.search(r"greedy,\s+pimc,\s+best", capsys.readouterr().out)


def test_simulate_plays_a_module_class_spec_with_arguments(
    capsys: pytest.CaptureFixture[str],
) -> None:
    spec = 'tuolaji.bots.greedy:GreedyBot{"candidates": 3}'
    assert main(["simulate", "--bots", f"random,{spec}", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(
        'tuolaji rules, seed 4, bots random,tuolaji.bots.greedy:GreedyBot{"candidates": 3};'
    )
    assert "deal   1" in out


def test_simulate_specs_run_the_same_on_workers(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "--bots", 'random,greedy{"candidates": 3}', "--deals", "2"]
    assert main([*args, "--workers", "1"]) == 0
    one = capsys.readouterr().out
    assert main([*args, "--workers", "2"]) == 0
    assert capsys.readouterr().out == one


def test_a_bare_builtin_name_plays_as_before(capsys: pytest.CaptureFixture[str]) -> None:
    """Specs build a built-in with the seed that names did (``seed * 4 + seat``)."""
    assert main(["simulate", "--bots", "greedy,random", "--seed", "2"]) == 0
    by_spec = capsys.readouterr().out.splitlines()[1]
    game = tl.Game(tl.RULESETS["tuolaji"], 2)
    game.play_deal([tl.GreedyBot(8), tl.RandomBot(9), tl.GreedyBot(10), tl.RandomBot(11)])
    assert by_spec == summary_line(1, game.state)


@pytest.mark.parametrize("command", ["simulate", "arena"])
def test_a_module_not_found_says_to_set_pythonpath(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    err = usage_error(capsys, command, "--bots", "x=no_such_bots_here:Leader,greedy")
    assert "No module named 'no_such_bots_here'" in err and "PYTHONPATH=." in err


def test_a_broken_module_gets_no_pythonpath_hint(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The hint is for a module that is not found, not for one whose imports fail."""
    (tmp_path / "seams_broken_bots.py").write_text("import no_such_dependency_here\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    err = usage_error(capsys, "simulate", "--bots", "seams_broken_bots:Leader")
    assert "no_such_dependency_here" in err and "PYTHONPATH" not in err


def test_pythonpath_dot_finds_a_bots_file_in_the_current_folder(tmp_path: Path) -> None:
    (tmp_path / "mybots.py").write_text(
        "import tuolaji as tl\n\nclass Leader(tl.GreedyBot):\n    pass\n"
    )
    script = "import sys; sys.path.remove(''); from tuolaji.tools.cli import main; sys.exit(main())"
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    argv = [sys.executable, "-c", script, "simulate", "--bots", "mybots:Leader"]
    refused = subprocess.run(
        argv, check=False, cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert refused.returncode == 2 and "PYTHONPATH=." in refused.stderr
    env["PYTHONPATH"] = f"{ROOT / 'src'}{os.pathsep}."
    played = subprocess.run(
        argv, check=False, cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert played.returncode == 0, played.stderr
    assert "bots mybots:Leader" in played.stdout


# --- docs R7.3 -------------------------------------------------------------------------------


def test_docs_prints_one_rule(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["docs", "R7.3"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("R7.3 Follow the shape")
    assert "R7.4" not in out and "<a id" not in out and "**" not in out


def test_docs_prints_a_section_with_every_rule_in_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["docs", "r7"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("R7. Following")
    assert all(f"R7.{n}" in out for n in range(1, 7)) and "R8" not in out


def test_docs_lists_the_sections_and_refuses_an_unknown_number(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["docs"]) == 0
    assert "R1, R2, R3" in capsys.readouterr().out
    assert main(["docs", "R7.9"]) == 2
    err = capsys.readouterr().err
    assert "no rule 'R7.9'" in err and "R7.6" in err


def test_every_rule_number_cited_in_the_source_has_an_explanation() -> None:
    known = set(rule_numbers())
    cited: set[str] = set()
    for path in (ROOT / "src" / "tuolaji").rglob("*.py"):
        cited |= set(re.findall(r"\bR(\d{1,2}(?:\.\d{1,2})?)\b", path.read_text(encoding="utf-8")))
    assert cited and cited <= known, sorted(cited - known)
    for number in known:
        assert rule_text(f"R{number}").startswith(f"R{number}")


def test_the_rules_page_ships_in_the_package() -> None:
    """``tuolaji/rules.md`` is the rules page itself (a link to docs/rules.md), and the wheel
    takes it as package data."""
    assert rules_page() == (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "rules.md" in config["tool"]["setuptools"]["package-data"]["tuolaji"]


def test_rule_text_checks_its_argument() -> None:
    with pytest.raises(TypeError, match="rule number is a str"):
        rule_text(7.3)  # type: ignore[arg-type]
    with pytest.raises(tl.ConfigurationError, match="R1 to R12"):
        rule_text("x" * 10_000)
