"""Issue #19, findings 6 and 9: the command line under hostile and careless use.

Every bad argument, path and I/O error gives one line on stderr and a non-zero exit code,
with no traceback, and quotes at most a cut of what was typed; arguments are checked before
any work (a bad bot spec, seed or output folder stops the command at once); a broken pipe
exits 141 quietly. A bot spec runs only a bot class or a function marked ``@bot_factory``:
``os:system`` is refused before it runs.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import tuolaji as tl
from tuolaji.core.errors import ConfigurationError
from tuolaji.tools.arena import BotSpec, bot_factory, parse_bots
from tuolaji.tools.cli import build_parser, main
from tuolaji.tools.terminal import LINE_LIMIT

HUGE = "x" * 100_000


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    game = tl.Game("tuolaji", seed=1)
    game.play_deal([tl.RandomBot(s) for s in range(4)])
    path = tmp_path_factory.mktemp("record") / "game.json"
    path.write_text(tl.write_record(game), encoding="utf-8")
    return path


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    """The exit code and stderr of ``tuolaji ARGS``, checked to be one short line."""
    try:
        code = main(list(args))
    except SystemExit as exit_:
        code = exit_.code  # type: ignore[assignment]
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.endswith("\n"), err[:2000]
    assert "Traceback" not in err and len(err) <= LINE_LIMIT + 1
    return code, err


def expect(capsys: pytest.CaptureFixture[str], code: int, needle: str, *args: str) -> str:
    got, err = run(capsys, *args)
    assert got == code, err
    assert needle in err, err
    return err


# --- paths that cannot be read ----------------------------------------------------------------


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_replay_of_a_device_is_refused_at_once(
    capsys: pytest.CaptureFixture[str], device: str
) -> None:
    if not os.path.exists(device):
        pytest.skip(f"no {device} here")
    expect(capsys, 2, "character device", "replay", device)
    expect(capsys, 2, "character device", "simulate", "--rules", device)


def test_replay_of_a_folder_a_missing_file_and_an_oversized_one(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    expect(capsys, 2, "folder", "replay", str(tmp_path))
    expect(capsys, 2, "No such file", "replay", str(tmp_path / "missing.json"))
    huge = tmp_path / "huge.json"
    with huge.open("wb") as file:
        file.truncate(64 << 20)
    expect(capsys, 1, "at most", "replay", str(huge))


def test_fifos_never_hang(tmp_path: Path, record: Path) -> None:
    """In a subprocess with a timeout, so that a regression fails instead of hanging."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    cases = [
        (["replay", str(fifo)], "FIFO"),
        (["simulate", "--rules", str(fifo)], "FIFO"),
        (["replay", str(record), "--html", str(fifo)], "cannot write"),
        (["simulate", "--record", str(fifo)], "cannot write"),
    ]
    for args, needle in cases:
        done = subprocess.run(
            [sys.executable, "-m", "tuolaji", *args],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert done.returncode == 2, (args, done.stderr)
        assert needle in done.stderr and done.stderr.count("\n") == 1, done.stderr


def test_replay_reads_stdin_with_the_same_bound(record: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tuolaji", "replay", "-"],
        input=record.read_bytes(),
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0 and b"replayed 1 deals" in done.stdout
    if os.path.exists("/dev/zero"):
        with open("/dev/zero", "rb") as zero:
            done = subprocess.run(
                [sys.executable, "-m", "tuolaji", "replay", "-"],
                stdin=zero,
                capture_output=True,
                timeout=60,
                check=False,
            )
        assert done.returncode == 1 and b"at most" in done.stderr


# --- paths that cannot be written -------------------------------------------------------------


def test_replay_html_into_a_missing_folder_onto_a_folder_or_a_full_disk(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, record: Path
) -> None:
    expect(capsys, 2, "No such file", "replay", str(record), "--html", str(tmp_path / "no/x"))
    expect(capsys, 2, "Is a directory", "replay", str(record), "--html", str(tmp_path))
    if os.path.exists("/dev/full"):
        expect(capsys, 2, "No space left", "replay", str(record), "--html", "/dev/full")


def test_simulate_record_onto_a_full_disk(capsys: pytest.CaptureFixture[str]) -> None:
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full here")
    expect(capsys, 2, "No space left", "simulate", "--record", "/dev/full")


@pytest.mark.parametrize("option", ["--out", "--record"])
def test_arena_output_folders_are_checked_before_any_work(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, option: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("nothing is played before the arguments are checked")

    monkeypatch.setattr(tl.Game, "play_deal", never)
    afile = tmp_path / "afile"
    afile.write_text("")
    bots = ["arena", "--bots", "a=greedy,b=random", "--deals", "1"]
    expect(capsys, 2, "cannot make the folder", *bots, option, str(afile))
    if os.path.exists("/dev/full"):
        expect(capsys, 2, "cannot make the folder '/dev/full'", *bots, option, "/dev/full")


# --- arguments ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "--seed", str(2**70)],
        ["simulate", "--seed", str(-(2**63))],
        ["deal", "--seed", str(2**70)],
        ["arena", "--bots", "a=greedy,b=random", "--seed", str(2**64)],
        ["simulate", "--seed", "1" * 10_000],
    ],
)
def test_seeds_beyond_a_record_s_range_are_usage_errors(
    capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    expect(capsys, 2, "is not an int within ±2**63", *args)


def test_house_rules_that_nest_too_deeply_or_are_too_long(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 60_000)  # within the size bound: the parser's recursion
    expect(capsys, 2, "nested too deeply", "simulate", "--rules", str(deep))
    deeper = tmp_path / "deeper.json"
    deeper.write_text("[" * 100_000)  # the finding's file: over the bound
    expect(capsys, 2, "at most 65536 bytes", "simulate", "--rules", str(deeper))
    long_value = tmp_path / "long.json"
    long_value.write_text(json.dumps({"bidding": "y" * 50_000}))
    err = expect(capsys, 2, "long.json", "simulate", "--rules", str(long_value))
    assert err.count("y") < 600


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["simulate", "--bots", HUGE], "bot name"),
        (["simulate", "--deals", HUGE], "not a positive whole number"),
        (["simulate", "--rules", HUGE], "no such file"),
        (["deal", "--dealer", HUGE], "argument --dealer"),
        (["deal", "--level", HUGE], "argument --level"),
        (["deal", "--trump", HUGE], "not a trump suit"),
        (["bench", "--workloads", HUGE], "unknown workloads"),
        (["arena", "--bots", f"a=greedy,b={HUGE}"], "argument --bots"),
        (["arena", "--bots", "a=greedy,b=random", "--sprt", HUGE], "ELO0,ELO1"),
        (["simulate", "--workers", HUGE], "not a positive whole number"),
        ([HUGE], "invalid choice"),
    ],
)
def test_echoes_of_huge_arguments_are_cut(
    capsys: pytest.CaptureFixture[str], args: list[str], needle: str
) -> None:
    err = expect(capsys, 2, needle, *args)
    assert err.count("x") <= 240


@pytest.mark.parametrize("command", ["simulate", "arena"])
def test_workers_are_bounded(capsys: pytest.CaptureFixture[str], command: str) -> None:
    bots = ["--bots", "a=greedy,b=random"] if command == "arena" else []
    expect(capsys, 2, "at most 512 local processes", command, *bots, "--workers", "100000")


def test_replay_of_a_huge_path_is_cut(capsys: pytest.CaptureFixture[str]) -> None:
    err = expect(capsys, 2, "cannot read", "replay", HUGE)
    assert err.count("x") <= 240


@pytest.mark.parametrize(
    ("spec", "needle"),
    [
        ('a=greedy{"candidates": -1},b=random', "candidates"),
        ('a=greedy{"candidates": "x"},b=random', "candidates is an int"),
        ('a=greedy{"candidates": 0},b=random', "between 1 and"),
        ('a=greedy{"nope": 1},b=random', "unexpected keyword"),
        ('a=greedy{"candidates": 1e999},b=random', "candidates is an int"),
    ],
)
def test_bad_bot_arguments_stop_the_arena_before_it_starts(
    capsys: pytest.CaptureFixture[str], spec: str, needle: str
) -> None:
    expect(capsys, 2, needle, "arena", "--bots", spec, "--deals", "1")


def test_broken_pipe_exits_141_quietly() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "tuolaji", "simulate", "--bots", "random", "--deals", "5000"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        assert proc.stdout is not None and proc.stderr is not None
        assert proc.stdout.readline().startswith(b"tuolaji rules")
        proc.stdout.close()  # the reader goes away, like `| head -1`
        err = proc.stderr.read()
        proc.wait(timeout=300)
    finally:
        proc.kill()
        proc.wait()
    assert proc.returncode == 141, err
    assert err == b""


# --- bot specs run only bots (finding 9) ------------------------------------------------------

CALLS: list[str] = []


def unmarked(**kwargs: Any) -> tl.Bot:
    CALLS.append("unmarked")
    return tl.RandomBot(0)


@bot_factory
def marked(seed: int, level: int = 1) -> tl.Bot:
    CALLS.append(f"marked {level}")
    return tl.GreedyBot(seed)


class NotABot:
    def __init__(self, **kwargs: Any) -> None:
        CALLS.append("NotABot")


def test_os_system_is_never_called(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    spec = f'a=os:system{{"command": "touch {marker}"}},b=random'
    expect(capsys, 2, "not called", "arena", "--bots", spec, "--deals", "1")
    assert not marker.exists()
    with pytest.raises(ConfigurationError, match="not called"):
        BotSpec("a", "os:system", json.dumps({"command": f"touch {marker}"})).build(0)
    assert not marker.exists()


def test_only_bot_classes_and_marked_factories_are_called() -> None:
    CALLS.clear()
    with pytest.raises(ConfigurationError, match="not called"):
        BotSpec("u", "test_cli_hostile:unmarked").build(0)
    with pytest.raises(ConfigurationError, match="class without act"):
        BotSpec("n", "test_cli_hostile:NotABot").build(0)
    with pytest.raises(ConfigurationError, match="not called"):
        BotSpec("c", "test_cli_hostile:CALLS").build(0)
    assert CALLS == []
    (spec,) = [
        s for s in parse_bots('m=test_cli_hostile:marked{"level": 3},g=greedy') if s.name == "m"
    ]
    assert isinstance(spec.build(5), tl.GreedyBot)
    assert CALLS == ["marked 3"]


def test_bot_factory_marks_functions_only() -> None:
    with pytest.raises(TypeError, match="marks a function"):
        bot_factory(tl.GreedyBot)
    with pytest.raises(TypeError):
        bot_factory(7)  # type: ignore[type-var]


def test_help_says_a_spec_runs_code() -> None:
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    text = sub.choices["arena"].format_help()  # type: ignore[attr-defined]
    assert "IMPORTS AND RUNS" in " ".join(text.split())


@pytest.mark.parametrize("args", [["deal"], ["simulate", "--bots", "random", "--deals", "3"]])
def test_output_into_a_pipe_closed_before_the_start_exits_141_quietly(args: list[str]) -> None:
    read, write = os.pipe()
    os.close(read)  # no reader at all: the first write breaks the pipe
    try:
        done = subprocess.run(
            [sys.executable, "-m", "tuolaji", *args],
            stdout=write,
            stderr=subprocess.PIPE,
            timeout=120,
            check=False,
        )
    finally:
        os.close(write)
    assert done.returncode == 141 and done.stderr == b""
