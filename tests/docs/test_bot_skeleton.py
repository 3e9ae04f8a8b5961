"""Issue 34, item 6: docs/bots.md opens with a 3-line bot and the arena command that rates it
against ``GreedyBot``; both run as written (the skeleton saved as ``mybot.py``, the command
from the folder that holds it)."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import tuolaji as tl

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "bots.md"
FIRST_SECTION = re.compile(r"^## A bot in 3 lines.*?(?=^## )", flags=re.S | re.M)
BLOCK = re.compile(r"^```(python|sh)\n(.*?)^```", flags=re.S | re.M)


def skeleton_and_command() -> tuple[str, str]:
    """The Python block and the shell command of the page's first section."""
    match = FIRST_SECTION.search(PAGE.read_text(encoding="utf-8"))
    assert match, "docs/bots.md has no section '## A bot in 3 lines'"
    blocks = dict(BLOCK.findall(match.group(0)))
    return blocks["python"], blocks["sh"].strip()


def test_the_bot_skeleton_is_three_lines_and_a_bot() -> None:
    code, _ = skeleton_and_command()
    assert len(code.strip().splitlines()) == 3
    namespace: dict[str, object] = {}
    exec(compile(code, "docs/bots.md", "exec"), namespace)
    bot = namespace["MyBot"]()  # type: ignore[operator]
    result = tl.Game("tuolaji", seed=1).play_deal([bot, tl.GreedyBot(1), bot, tl.GreedyBot(3)])
    assert result.outcome


def test_the_documented_arena_command_rates_the_skeleton_against_greedy(tmp_path: Path) -> None:
    code, command = skeleton_and_command()
    (tmp_path / "mybot.py").write_text(code, encoding="utf-8")
    prefix = "PYTHONPATH=. tuolaji "
    assert command.startswith(prefix), command
    args = shlex.split(command[len(prefix) :])
    assert args[:1] == ["arena"] and "mine=mybot:MyBot,g=greedy" in args
    # This checkout's package, not the installed script's, with the folder of mybot.py (".").
    src = Path(tl.__file__).resolve().parents[1]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([".", str(src)])}
    done = subprocess.run(
        [sys.executable, "-m", "tuolaji", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    deals = args[args.index("--deals") + 1]
    assert re.search(rf"^mine vs g +{deals} ", done.stdout, flags=re.M), done.stdout
    ratings = done.stdout.split("Ratings", 1)[1].split()
    # The first legal action every time loses to GreedyBot: g is rated above mine.
    assert ratings.index("g") < ratings.index("mine"), done.stdout
