"""``tuolaji play --record FILE`` keeps the game however it stops (issue 43): nothing is
created at the start, and the record is written whole (a temporary file renamed over the
target) at the end, on Ctrl-C (SIGINT), SIGTERM, SIGHUP and an unexpected error. A live
``play --serve`` is killed in a subprocess, after a move made over HTTP."""

from __future__ import annotations

import io
import os
import signal
import sys
from pathlib import Path
from typing import Any

import pytest
from play_helpers import new_table, one_move, start_server

import tuolaji as tl
from tuolaji.tools import cli
from tuolaji.tools.files import check_writable, write_atomically


@pytest.mark.parametrize(
    ("signum", "code", "said"),
    [
        (signal.SIGTERM, 143, "tuolaji play: stopped by SIGTERM"),
        (signal.SIGINT, 130, "tuolaji play: interrupted"),
        (signal.SIGHUP, 129, "tuolaji play: stopped by SIGHUP"),
    ],
)
def test_a_killed_server_leaves_the_whole_record(
    tmp_path: Path, signum: int, code: int, said: str
) -> None:
    record = tmp_path / "game.json"
    proc, url = start_server(record)
    try:
        # Nothing is created at the start: no empty file to lose a game in.
        assert not record.exists()
        one_move(url)
        proc.send_signal(signum)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == code, err
    assert said in err
    assert "wrote the record" in out
    game = tl.replay(record.read_text("utf-8"), partial=True)
    assert game.seed == 3
    played = [a for a in game.actions[-1] if isinstance(a, tl.Play) and a.seat == 1]
    assert played, "the person's move is in the record"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary file left


def test_an_unexpected_error_still_writes_the_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "game.json"

    def broken(table: Any, **options: Any) -> None:
        table.act(next(iter(table.actions)))
        raise RuntimeError("a bug in a front end")

    monkeypatch.setattr(cli, "play_in_terminal", broken)
    with pytest.raises(RuntimeError, match="a bug"):
        cli.main(
            ["play", "--seed", "3", "--seat", "1", "--bots", "greedy", "--record", f"{record}"]
        )
    game = tl.replay(record.read_text("utf-8"), partial=True)
    assert any(a.seat == 1 for a in game.actions[-1] if isinstance(a, tl.Play))
    assert "wrote the record" in capsys.readouterr().out


def test_an_endless_input_line_stops_the_game_with_code_1(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A line of more than MAX_LINE_BYTES without an end is no person typing: the game stops
    with one line on stderr and exit code 1, not 0 as for the end of input (R11)."""
    zeros = io.BytesIO(b"x" * ((1 << 20) + (1 << 17)))
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(zeros))
    record = tmp_path / "game.json"
    code = cli.main(["play", "--seed", "3", "--bots", "greedy", "--record", str(record)])
    err = capsys.readouterr().err
    assert code == 1
    assert err.count("\n") == 1 and err.startswith("tuolaji play: a line of more than")
    assert tl.replay(record.read_text("utf-8"), partial=True).seed == 3
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"")))
    assert cli.main(["play", "--seed", "3", "--bots", "greedy"]) == 0  # the end of input: 0


def test_the_record_file_is_written_whole_or_not_at_all(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "game.json"
    target.write_text("old", "utf-8")
    check_writable(target)
    assert target.read_text("utf-8") == "old"  # the check changes nothing

    def fails(src: Any, dst: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", fails)
    with pytest.raises(OSError, match="No space"):
        write_atomically(target, "new")
    assert target.read_text("utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]
    monkeypatch.undo()
    write_atomically(target, "new ♥")
    assert target.read_text("utf-8") == "new ♥"
    with pytest.raises(IsADirectoryError):
        check_writable(tmp_path)
    with pytest.raises(FileNotFoundError):
        check_writable(tmp_path / "no" / "game.json")
    with pytest.raises(TypeError, match="path"):
        write_atomically(7, "x")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="text"):
        write_atomically(target, b"x")  # type: ignore[arg-type]


def test_a_record_that_cannot_be_saved_when_the_page_closes_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The save when the page closes runs on a request's thread: a full disk or a folder gone
    is one line on stderr, and the game goes on (the stop tries again)."""
    table = new_table()
    args = cli.build_parser().parse_args(["play", "--record", str(tmp_path / "gone" / "g.json")])
    cli._leave_saver(args, table)()
    err = capsys.readouterr().err
    assert err.startswith("tuolaji play: cannot write") and err.count("\n") == 1
    assert table.deciding
