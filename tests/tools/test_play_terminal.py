"""``tuolaji play`` in the terminal (issue 23): a scripted person plays whole deals through
stdin, with illegal moves, hints and (in practice mode) moves taken back, and the record
written at the end of input is checked against the engine."""

from __future__ import annotations

import fcntl
import io
import os
import pty
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

import tuolaji as tl
from interrupt import interruptible
from tuolaji.state.actions import Action, AskRedeal, Bury, Declare, Pass, Play
from tuolaji.tools import cli
from tuolaji.tools.table import PlaySession

SEED = 3
HUMAN = 1


def typed(action: Action, turn: int) -> str:
    """What the person types for ``action``, in the spellings the library reads, taking
    turns: ``KH KH``, ``kh kh``, ``♥KK``."""
    if isinstance(action, Pass):
        return "p"
    if isinstance(action, AskRedeal):
        return "r"
    assert isinstance(action, Declare | Bury | Play)
    spelling = turn % 3
    if spelling == 0:
        return " ".join(str(c) for c in action.cards)
    if spelling == 1:
        return " ".join(str(c) for c in action.cards).lower()
    return tl.format_hand(action.cards)


def table_for(practice: bool) -> PlaySession:
    """The table ``tuolaji play --bots greedy --seed SEED --seat HUMAN`` builds."""
    return PlaySession(
        "tuolaji",
        SEED,
        seat=HUMAN,
        bots=cli._table_bots((tl.tools.arena.BotSpec("greedy", "greedy"),), HUMAN, SEED),
        hint=tl.GreedyBot(),
        practice=practice,
    )


def wrong_move(table: PlaySession) -> tuple[str, str]:
    """An illegal move for the table's person now, and the rule its message must cite."""
    view = table.view
    if table.game.state.phase is tl.Phase.BURYING:
        return " ".join(str(c) for c in view.hand[:3]), "R5.1"
    if table.game.state.phase is tl.Phase.PLAYING:
        held = {c.id for c in view.hand}
        missing = next(c for c in tl.CARDS if c.id not in held)
        # As many cards as the lead (else R7.1 answers first), one of them not held.
        size = len(view.trick[0]) if view.trick else 1
        return " ".join(str(c) for c in (*view.hand[: size - 1], missing)), "R11"
    return "zz", "R1.1"


def script(practice: bool) -> tuple[list[str], list[str], PlaySession, list[Action]]:
    """The lines a person types for a whole deal (chosen by a GreedyBot in its place, with an
    illegal move, a hint and, in practice mode, a move taken back now and then), the rules
    the error messages must cite, the table played the same way in this process, and the
    person's answers in order (passes while dealing included)."""
    table = table_for(practice)
    person = tl.GreedyBot(seed=99)
    lines: list[str] = []
    rules: list[str] = []
    answers: list[Action] = []
    turn = 0
    while table.deciding:
        actions = table.actions
        assert actions is not None
        choice = person.act(table.view, actions)
        if turn % 7 == 3:
            bad, rule = wrong_move(table)
            lines.append(bad)
            rules.append(rule)
        if turn % 11 == 5:
            lines.append("?")
        if practice and turn % 5 == 2:
            lines += [typed(choice, turn), "u"]
            table.act(choice)
            table.undo()
            choice = person.act(table.view, actions)
        lines.append(typed(choice, turn))
        table.act(choice)
        answers.append(choice)
        turn += 1
    return lines, rules, table, answers


def play(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, lines: list[str], *extra: str) -> str:
    """Run ``tuolaji play`` in this process with ``lines`` on stdin; its output."""
    record = tmp_path / "game.json"
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(f"{line}\n" for line in lines)))
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    args = ["play", "--bots", "greedy", "--seed", str(SEED), "--seat", str(HUMAN)]
    code = cli.main([*args, "--record", str(record), *extra])
    assert code == 0, out.getvalue()[-2000:]
    return out.getvalue()


class _Scripted:
    """The person's answers given in order, as a bot in ``Game.play_deal``."""

    def __init__(self, answers: list[Action]) -> None:
        self.answers = list(answers)

    def act(self, view: tl.PlayerView, actions: tl.ActionSet) -> Action:
        return self.answers.pop(0)


def test_a_whole_deal_through_stdin_is_the_game_the_engine_plays(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    lines, rules, table, answers = script(practice=False)
    output = play(monkeypatch, tmp_path, [*lines, "q"])
    game = tl.replay((tmp_path / "game.json").read_text("utf-8"))
    assert game.state.phase is tl.Phase.FINISHED and len(game.results) == 1
    assert tl.write_record(game) == table.record()
    # The same deal played by Game.play_deal, the person's moves given by a scripted bot:
    # the table asks the same seats in the same order.
    # the table asks the person exactly when play_deal asks that seat's bot.
    again = tl.Game("tuolaji", SEED)
    bots = cli._table_bots((tl.tools.arena.BotSpec("greedy", "greedy"),), HUMAN, SEED)
    person = _Scripted(answers)
    again.play_deal([person if s == HUMAN else bots[s] or person for s in range(4)])
    assert again.actions == game.actions and not person.answers
    # Each illegal move printed the engine's teaching message with its rule, nothing changed.
    for rule in rules:
        assert f"  {rule}:" in output
    assert "hint: " in output
    assert game.results[0] == table.game.results[0]
    assert str(game.results[0]) in output


def test_practice_mode_takes_moves_back(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    lines, _, table, _ = script(practice=True)
    assert "u" in lines
    output = play(monkeypatch, tmp_path, [*lines, "q"], "--practice")
    game = tl.replay((tmp_path / "game.json").read_text("utf-8"))
    assert tl.write_record(game) == table.record()
    assert output.count("taken back: your last move") == lines.count("u")


def test_take_back_needs_practice_mode(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    output = play(monkeypatch, tmp_path, ["u"])
    assert "moves can be taken back only in practice mode (--practice)" in output


def test_end_of_input_saves_the_unfinished_deal(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    lines, *_ = script(practice=False)
    output = play(monkeypatch, tmp_path, lines[:20])
    text = (tmp_path / "game.json").read_text("utf-8")
    with pytest.raises(tl.InvalidRecord, match="truncated"):
        tl.replay(text)
    game = tl.replay(text, partial=True)
    assert game.state.phase is not tl.Phase.FINISHED
    assert "tuolaji replay --partial reads it" in output
    assert cli.main(["replay", "--partial", str(tmp_path / "game.json")]) == 0


def test_the_terminal_shows_the_hand_by_suit_the_trick_and_the_choices(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    output = play(monkeypatch, tmp_path, [])
    assert f"You are seat {HUMAN}" in output
    assert "your hand by suit (tractors in [ ], pairs in ( )):" in output
    assert f"seat {HUMAN}'s view:" in output
    assert "attackers 0 points" in output
    # The first decision shows the seat's view as str(view) prints it: another seat's hand
    # only by its size.
    view = table_for(False).view
    assert str(view) in output
    hidden = [line for line in str(view).splitlines() if re.match(r"\d[ *] \(..\) hidden", line)]
    assert [line[0] for line in hidden] == [str(s) for s in range(4) if s != HUMAN]


def test_the_terminal_says_the_persons_side_as_the_page_does(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Team, partner, attack or declare and the points to take over (R1.4, R9.1): the line
    the play page shows, in the terminal too."""
    output = play(monkeypatch, tmp_path, [])
    side = str(table_for(False).side())
    assert side.startswith(f"team {HUMAN % 2} with your partner, seat {(HUMAN + 2) % 4}; ")
    assert " ".join(output.split()).count(side) >= 1  # wrapped to the terminal's width


def test_ctrl_c_saves_the_record_and_exits_130(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    saved = ["--record", str(record)]
    proc = interruptible(
        [sys.executable, "-m", "tuolaji", "play", "--seed", "0", "--bots", "greedy", *saved],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        text=True,
    )
    assert proc.stdout is not None and proc.stdin is not None
    seen = ""
    deadline = time.monotonic() + 60
    while "seat 0> " not in seen and time.monotonic() < deadline:
        seen += proc.stdout.read(1)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "tuolaji play: interrupted" in err
    assert "wrote the record" in out
    assert tl.replay(record.read_text("utf-8"), partial=True).seed == 0


class Pty:
    """``tuolaji play ...`` in a pseudo-terminal of ``columns`` columns, as a person sees it:
    what the program writes and the terminal echoes of what is typed."""

    def __init__(self, *args: str, columns: int = 80) -> None:
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
        env.pop("COLUMNS", None)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tuolaji", "play", *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            start_new_session=True,
        )
        os.close(slave)
        self.screen = ""

    def until(self, needle: str, count: int = 1) -> str:
        """Read until the screen holds ``needle`` ``count`` times; the screen so far."""
        deadline = time.monotonic() + 60
        while self.screen.count(needle) < count:
            assert time.monotonic() < deadline, self.screen[-2000:]
            ready, _, _ = select.select([self.master], [], [], 1.0)
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:  # the child closed the terminal
                    break
                self.screen += chunk.decode("utf-8", "replace").replace("\r\n", "\n")
        return self.screen

    def finish(self) -> str:
        """Read to the end (the program has stopped and closed the terminal); the screen."""
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            ready, _, _ = select.select([self.master], [], [], 1.0)
            if not ready:
                if self.proc.poll() is not None:
                    break
                continue
            try:
                chunk = os.read(self.master, 65536)
            except OSError:  # EIO: the child closed the terminal
                break
            if not chunk:
                break
            self.screen += chunk.decode("utf-8", "replace").replace("\r\n", "\n")
        return self.screen

    def type(self, line: str) -> None:
        os.write(self.master, line.encode() + b"\n")

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(timeout=30)
        os.close(self.master)


PROMPT = "seat 0> "


def test_a_refused_move_and_a_hint_are_the_last_lines_on_the_screen() -> None:
    term = Pty("--seed", "1", "--bots", "greedy", "--width", "60")
    try:
        term.until(PROMPT)
        before = term.screen
        assert before.count("seat 0's view:") == 1
        term.type("zz")
        after_refusal = term.until(PROMPT, 2)[len(before) :]
        term.type("?")
        after_hint = term.until(PROMPT, 3)[len(before) + len(after_refusal) :]
        term.type("q")
        term.finish()
        assert term.proc.wait(timeout=30) == 0
    finally:
        term.close()
    # The typed line (echoed), the message, the prompt: nothing of the view again.
    assert after_refusal.splitlines() == [
        "zz",
        next(line for line in after_refusal.splitlines() if line.startswith("  R1.1: ")),
        PROMPT,
    ]
    assert "cannot read 'zz'" in after_refusal
    lines = after_hint.splitlines()
    assert lines[0] == "?" and lines[1].startswith("hint: ") and lines[2] == PROMPT
    assert len(lines) == 3
    # The screen: the hint is the last line above the prompt, the view printed once.
    screen = term.screen[: term.screen.rindex(PROMPT) + len(PROMPT)].splitlines()
    assert screen[-2].startswith("hint: ") and screen[-1] == PROMPT
    assert term.screen.count("seat 0's view:") == 1
    assert term.screen.count("your hand by suit") == 1


def test_a_move_that_is_taken_prints_the_view_again() -> None:
    table = PlaySession(
        "tuolaji",
        1,
        seat=0,
        bots=cli._table_bots((tl.tools.arena.BotSpec("greedy", "greedy"),), 0, 1),
        hint=tl.GreedyBot(),
    )
    move = typed(table.hint(), 0)
    term = Pty("--seed", "1", "--bots", "greedy")
    try:
        term.until(PROMPT)
        term.type(move)
        term.until(PROMPT, 2)
        term.type("q")
    finally:
        term.close()
    assert term.screen.count("seat 0's view:") == 2


def test_lines_fit_a_narrow_terminal() -> None:
    columns = 44
    term = Pty("--seed", "1", "--bots", "greedy", columns=columns)
    try:
        term.until(PROMPT)
        term.type("q")
    finally:
        term.close()
    shown = term.screen[: term.screen.index(PROMPT)].splitlines()
    # The first line is the cli's header (the rules, the seed, the bots), not the table's.
    too_wide = [line for line in shown[1:] if len(line) > columns]
    assert not too_wide, too_wide
    # The hand and the choices were wrapped, not cut: every card of the hand is there.
    view = PlaySession(
        "tuolaji",
        1,
        seat=0,
        bots=cli._table_bots((tl.tools.arena.BotSpec("greedy", "greedy"),), 0, 1),
        hint=tl.GreedyBot(),
    ).view
    start = next(i for i, line in enumerate(shown) if line.startswith("your hand by suit"))
    hand = " ".join(shown[start:])
    assert all(card.pretty in hand for card in view.hand)


def test_play_width_must_be_a_number_of_columns(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        cli.main(["play", "--width", "5"])
    assert info.value.code == 2
    assert "'5' is not a width in columns from 30 to 1000" in capsys.readouterr().err
