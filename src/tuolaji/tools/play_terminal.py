"""``tuolaji play`` in a plain terminal: a person types moves at a prompt (no curses).

Each time it is the person's turn the terminal prints the seat's view (``str(view)``: the
phase, the trump, the hands' sizes, the trick on the table, the points), the hand sorted by
suit with its pairs and tractors marked, and the choices; then reads one line:

- cards in card notation (``♥KK``, ``KH KH``, ``kh kh``): a bid, the 8 cards to bury or a play,
  as the phase asks (an illegal move prints the engine's message: the rule and what to do
  instead, and nothing changes);
- ``p`` passes (a bid or a counter), ``r`` asks for a redeal (R4.7);
- ``?`` prints a hint: what the hint bot would do;
- ``u`` takes back the person's last move (practice mode);
- ``q`` stops; so do end of input and Ctrl-C (the caller saves the record).

Between the person's turns it prints what the others did, from public events only.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TextIO

from tuolaji.core.errors import TuolajiError
from tuolaji.tools.table import PlaySession, move_text
from tuolaji.tools.terminal import one_line, render_hand

__all__ = ["KEYS", "play_in_terminal"]

KEYS = (
    "cards (♥KK, KH KH, kh kh) to bid, bury or play; p pass; r ask for a redeal; "
    "? hint; u take back (--practice); q quit"
)
"""The keys, as the terminal prints them at the start."""


def play_in_terminal(
    table: PlaySession, *, read_line: Callable[[str], str] = input, out: TextIO | None = None
) -> None:
    """Play ``table`` at a prompt until the person quits or the match ends. ``read_line``
    reads a line (`input` by default): `EOFError` and `KeyboardInterrupt` from it end the
    game too and are raised to the caller, which saves the record."""
    stream = sys.stdout if out is None else out

    def say(text: str = "") -> None:
        print(text, file=stream, flush=True)

    say(f"You are seat {table.seat} (team {table.seat % 2}, partner seat {(table.seat + 2) % 4}).")
    say(f"Keys: {KEYS}")
    position = None
    while True:
        lines, position = table.news(position)
        for line in lines:
            say(f"  · {line}")
        if table.deciding:
            view = table.view
            say()
            say(str(view))
            say("your hand by suit (tractors in [ ], pairs in ( )):")
            for line in render_hand(view.hand, table.hand_trump()):
                say(f"  {line}")
            choices = table.choices()
            if choices.options:
                say("choices: " + "  ".join(choices.options))
            say(choices.prompt)
            prompt = f"seat {table.seat}> "
        elif table.game.over:
            say(f"team {table.game.results[-1].match_winner} wins the match")
            return
        else:
            prompt = "Enter: the next deal; q: quit> "
        text = read_line(prompt).strip()
        try:
            if text.lower() in ("q", "quit"):
                return
            if text == "?":
                say(f"hint: {move_text(table.hint())}")
            elif text.lower() == "u":
                table.undo()
                _, position = table.news()
                say("taken back: your last move and what followed")
            elif not table.deciding and text:
                say("  the deal is over: Enter starts the next deal, q quits")
            elif not table.deciding:
                table.next_deal()
                position = None
            elif text:
                table.act(table.read(text))
        except TuolajiError as exc:
            say(one_line(f"  {exc}"))
