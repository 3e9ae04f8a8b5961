"""``tuolaji play`` in the terminal (issue 23): a scripted person plays whole deals through
stdin, with illegal moves, hints and (in practice mode) moves taken back, and the record
written at the end of input is checked against the engine."""

from __future__ import annotations

import io
import os
import re
import signal
import subprocess
import sys
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
