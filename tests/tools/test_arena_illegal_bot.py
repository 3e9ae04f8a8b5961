"""Issue 33, finding 7: a bot that answers an illegal move. ``arena`` printed a 31-line
traceback (``simulate`` one line) and with ``--workers 2`` said "a worker process could not
start": the worker's IllegalAction did not unpickle. Now every command, on any number of
workers, prints one line naming the bot, the seat and the rule the answer breaks, exit 1."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

import tuolaji as tl

CHEATS = '''
import tuolaji as tl


class Cheat:
    """Plays three copies of its first card whatever the lead: R7.1 refuses it."""

    def __init__(self, seed=0):
        self.seed = seed

    def act(self, view, actions):
        if view.phase is tl.Phase.PLAYING:
            return tl.Play(view.seat, view.hand[:1] * 3)
        return actions.sample(__import__("random").Random(self.seed))


class WrongSeat:
    """Passes for seat 9 (R1.3, R4.1) at its first decision."""

    def act(self, view, actions):
        return tl.Pass(9)
'''


def _run(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    (tmp_path / "cheats.py").write_text(CHEATS, encoding="utf-8")
    src = Path(tl.__file__).resolve().parents[1]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(src), str(tmp_path)])}
    return subprocess.run(
        [sys.executable, "-m", "tuolaji", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=300,
        check=False,
    )


@pytest.mark.parametrize("workers", [[], ["--workers", "1"], ["--workers", "2"]])
def test_an_illegal_answer_in_the_arena_is_one_line_on_any_worker_count(
    tmp_path: Path, workers: list[str]
) -> None:
    done = _run(tmp_path, "arena", "--bots", "sly=cheats:Cheat,g=greedy", "--deals", "3", *workers)
    assert done.returncode == 1, done.stderr
    (line,) = done.stderr.strip().splitlines()
    assert line.startswith("tuolaji arena: R11: deal pair 1, game 1 (sly on seats 0 and 2")
    assert "the bot of seat " in line and "(Cheat) answered" in line and "(R7.1: " in line
    assert "could not start" not in line and "Traceback" not in done.stderr


@pytest.mark.parametrize("workers", [[], ["--workers", "2"]])
def test_an_illegal_answer_in_simulate_is_one_line_on_any_worker_count(
    tmp_path: Path, workers: list[str]
) -> None:
    done = _run(tmp_path, "simulate", "--bots", "cheats:WrongSeat", "--deals", "2", *workers)
    assert done.returncode == 1, done.stderr
    (line,) = done.stderr.strip().splitlines()
    assert line.startswith("tuolaji simulate: ") and "deal 1" in line
    assert "the bot of seat " in line and "(WrongSeat) answered parse_action('9 pass')" in line
    assert "(R4.1: " in line and "Traceback" not in done.stderr


def test_a_tuolaji_error_crosses_a_process_boundary_whole() -> None:
    """What a worker hands back: every TuolajiError pickles with its message, type and
    attributes, whatever its constructor takes (IllegalAction takes rule and message)."""
    errors: list[tl.TuolajiError] = [
        tl.IllegalAction("R7.1", "play exactly 1"),
        tl.NoLegalChoice("nothing to choose"),
        tl.InvalidCards("R1.1: no card", token="XS", position=3),
        tl.IndexOutOfRange("deal index out of range: 5 in a sequence of 1"),
        tl.ConfigurationError("bad"),
    ]
    for error in errors:
        again = pickle.loads(pickle.dumps(error))
        assert type(again) is type(error) and str(again) == str(error)
        assert again.__dict__ == error.__dict__
    assert pickle.loads(pickle.dumps(errors[0])).rule == "R7.1"
