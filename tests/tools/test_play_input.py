"""``tuolaji play`` reads its input in bounded pieces and deals fresh cards by default (issue
33, findings 2 and 6): a huge line or endless NULs cost a few kilobytes and give one line, and
the seed that tells every hand is printed only once the game ends."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest

import tuolaji as tl
from tuolaji.tools import cli
from tuolaji.tools.play_terminal import MAX_LINE_BYTES, play_in_terminal, read_move
from tuolaji.tools.table import MAX_INPUT, PlaySession


class EndlessZeros(io.RawIOBase):
    """``/dev/zero`` as a Python stream: NULs without end, counting what was read."""

    def __init__(self) -> None:
        self.read_bytes = 0

    def readable(self) -> bool:
        return True

    def readline(self, size: int | None = -1) -> bytes:
        assert size is not None and size > 0, "an unbounded readline"
        self.read_bytes += size
        return b"\0" * size


def test_endless_nuls_stop_the_game_with_one_line_and_little_memory() -> None:
    zeros = EndlessZeros()
    out = io.StringIO()
    tracemalloc.start()
    try:
        with pytest.raises(EOFError, match="not a person typing") as stopped:
            read_move("seat 0> ", source=zeros, out=out)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 512 * 1024, peak
    assert MAX_LINE_BYTES < zeros.read_bytes < MAX_LINE_BYTES + 2**17
    assert "\n" not in str(stopped.value) and out.getvalue() == "seat 0> "


def test_a_line_of_near_a_megabyte_is_dropped_as_read_and_refused_in_one_line() -> None:
    big = io.BytesIO(b"x" * 900_000 + b"\np\n")
    tracemalloc.start()
    try:
        with pytest.raises(tl.IllegalAction, match=f"at most {MAX_INPUT} characters"):
            read_move("> ", source=big, out=io.StringIO())
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 512 * 1024, peak
    assert read_move("> ", source=big, out=io.StringIO()) == "p"  # the next line is read whole
    with pytest.raises(EOFError):
        read_move("> ", source=big, out=io.StringIO())


def test_a_line_not_utf8_reads_with_replacement_characters() -> None:
    assert (
        read_move("> ", source=io.BytesIO(b"\xff\xfe KH\r\n"), out=io.StringIO())
        == "\ufffd\ufffd KH"
    )


def test_a_move_of_the_longest_length_is_still_read_whole() -> None:
    line = "♥" * MAX_INPUT  # 3 bytes each: within the bounded read
    text = read_move("> ", source=io.BytesIO(line.encode() + b"\n"), out=io.StringIO())
    assert text == line


def run_play(stdin: Path | int, *args: str) -> tuple[subprocess.CompletedProcess[str], int]:
    """``tuolaji play`` in a child fed ``stdin``; its result and its peak memory in KiB (a
    grandchild measured by a child, so that no other test's children count)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    measure = (
        "import resource, subprocess, sys\n"
        "with open(sys.argv[1], 'rb') as f:\n"
        "    p = subprocess.run([sys.executable, '-m', 'tuolaji', 'play', *sys.argv[2:]],\n"
        "                       stdin=f, capture_output=True, text=True, timeout=120)\n"
        "peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss\n"
        "import json; print(json.dumps([p.returncode, p.stdout, p.stderr, peak]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", measure, str(stdin), *args],
        check=True,
        capture_output=True,
        text=True,
        env=env,
        timeout=180,
    )
    code, out, err, peak = json.loads(done.stdout)
    return subprocess.CompletedProcess(args, code, out, err), peak


def test_play_fed_dev_zero_stops_in_one_line_with_bounded_memory() -> None:
    done, peak = run_play(Path("/dev/zero"), "--bots", "greedy", "--seed", "1")
    # Not the end of input (0): the game was stopped by input no person types (issue 43).
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    assert done.stderr.count("\n") == 1 and "not a person typing" in done.stderr
    said = [line for line in done.stdout.splitlines() if "not a person typing" in line]
    assert len(said) == 1 and len(said[0]) < 200
    assert peak < 150 * 1024, f"{peak} KiB"


def test_play_refuses_a_huge_line_in_one_line_and_plays_on(tmp_path: Path) -> None:
    fed = tmp_path / "input"
    fed.write_bytes(b"KH" * 300_000 + b"\nq\n")
    done, peak = run_play(fed, "--bots", "greedy", "--seed", "1")
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    refused = [line for line in done.stdout.splitlines() if "at most 400 characters" in line]
    assert len(refused) == 1 and len(refused[0]) < 200
    assert peak < 150 * 1024, f"{peak} KiB"


def play_quietly(monkeypatch: pytest.MonkeyPatch, *args: str) -> str:
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    assert cli.main(["play", "--bots", "greedy", *args]) == 0
    return out.getvalue()


def test_play_deals_a_fresh_seed_told_only_at_the_end(monkeypatch: pytest.MonkeyPatch) -> None:
    first, second = play_quietly(monkeypatch), play_quietly(monkeypatch)
    seeds = []
    for output in (first, second):
        start, *_ = output.splitlines()
        assert "a fresh seed, told at the end" in start and not re.search(r"\d{6}", start)
        found = re.search(r"seed was (\d+): tuolaji play --seed \1 deals it again", output)
        assert found is not None, output[-300:]
        seeds.append(int(found.group(1)))
    assert seeds[0] != seeds[1]


def test_play_with_a_seed_deals_the_same_cards_again(monkeypatch: pytest.MonkeyPatch) -> None:
    output = play_quietly(monkeypatch, "--seed", "12345")
    again = play_quietly(monkeypatch, "--seed", "12345")
    assert "seed 12345;" in output.splitlines()[0] and "seed was" not in output
    hand = [line for line in output.splitlines() if line.startswith("  trump:")]
    assert hand and hand == [line for line in again.splitlines() if line.startswith("  trump:")]


def test_the_terminal_refuses_a_non_table() -> None:
    with pytest.raises(TypeError, match="table"):
        play_in_terminal(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="prompt"):
        read_move(5)  # type: ignore[arg-type]


def test_a_bots_illegal_answer_in_play_is_one_line_naming_the_bot_seat_and_rule(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    class Cheat:
        name = "cheat"

        def act(self, view: tl.PlayerView, actions: tl.ActionSet) -> tl.Action:
            return tl.Play(view.seat, tl.parse_cards("BJ BJ BJ"))

    bots = [None, Cheat(), tl.GreedyBot(seed=2), tl.GreedyBot(seed=3)]
    with pytest.raises(tl.IllegalAction) as refused:
        PlaySession("tuolaji", 1, seat=0, bots=bots, hint=tl.GreedyBot())
    message = str(refused.value)
    assert re.match(r"R11: the bot of seat 1 \(Cheat\) answered .*\(R", message), message
    assert "\n" not in message and len(message) < 400
    # The command line: the spec names the bot, one line, no traceback.
    monkeypatch.syspath_prepend(str(Path(__file__).parent))
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    code = cli.main(["play", "--bots", "play_input_cheat:Cheat", "--seed", "1"])
    err = capsys.readouterr().err
    assert code == 1 and err.count("\n") == 1 and "of seat 1" in err and "Cheat" in err, err
