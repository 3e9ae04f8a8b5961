"""``tuolaji play`` in a plain terminal: a person types moves at a prompt (no curses).

Each time it is the person's turn in a new situation the terminal prints the seat's view
(``str(view)``: the phase, the trump, the hands' sizes, the trick on the table, the points),
the hand sorted by suit with its pairs and tractors marked, and the choices, every line
wrapped to the terminal's width (``--width``, else the width the terminal reports); then reads
one line. After a hint or a refused move nothing changed, so only the message and the prompt
are printed: the message stays the last thing on the screen.

- cards in card notation (``♥KK``, ``KH KH``, ``kh kh``): a bid, the 8 cards to bury or a play,
  as the phase asks (an illegal move prints the engine's message: the rule and what to do
  instead, and nothing changes);
- ``p`` passes (a bid or a counter), ``r`` asks for a redeal (R4.7);
- ``?`` prints a hint: what the hint bot would do;
- ``u`` takes back the person's last move (practice mode);
- ``q`` stops; so do end of input and Ctrl-C (the caller saves the record).

Between the person's turns it prints what the others did, from public events only.

A line is read in bounded pieces ([`read_move`][tuolaji.tools.play_terminal.read_move]): a
line longer than a move can be is refused in one line and its rest dropped as it is read, and a
line that goes on past [`MAX_LINE_BYTES`][tuolaji.tools.play_terminal.MAX_LINE_BYTES] without
ending (``/dev/zero``, say) ends the game as the end of input does; memory stays a few
kilobytes whatever the input.
"""

from __future__ import annotations

import shutil
import sys
import textwrap
from collections.abc import Callable, Sequence
from typing import IO, Any, TextIO

from tuolaji.core.errors import IllegalAction, TuolajiError
from tuolaji.tools.table import MAX_INPUT, PlaySession, move_text
from tuolaji.tools.terminal import one_line, render_hand

__all__ = ["KEYS", "MAX_LINE_BYTES", "MIN_WIDTH", "play_in_terminal", "read_move", "screen_width"]

MAX_LINE_BYTES = 1 << 20
"""The most bytes of one input line read (and dropped) before the game stops: no person types
a megabyte without a line end."""

_HEAD = 4 * MAX_INPUT + 2  # a move of MAX_INPUT characters of up to 4 UTF-8 bytes, and \r\n
_CHUNK = 1 << 16

KEYS = (
    "cards (♥KK, KH KH, kh kh) to bid, bury or play; p pass; r ask for a redeal; "
    "? hint; u take back (--practice); q quit"
)
"""The keys, as the terminal prints them at the start."""

MIN_WIDTH = 30
"""The narrowest width lines are wrapped to: a card unit and its indent still fit."""


def screen_width(width: int | None = None) -> int:
    """The width lines are wrapped to: ``width`` when given, else the terminal's
    (``shutil.get_terminal_size``, 80 when there is no terminal), never below
    [`MIN_WIDTH`][tuolaji.tools.play_terminal.MIN_WIDTH]."""
    if width is None:
        width = shutil.get_terminal_size((80, 24)).columns
    return max(MIN_WIDTH, width)


def wrap(text: str, width: int, indent: str = "    ") -> list[str]:
    """``text`` as lines of at most ``width`` characters, broken at spaces only (a card
    never splits), the later lines indented by ``indent``."""
    return textwrap.wrap(
        text,
        width,
        subsequent_indent=indent,
        break_long_words=False,
        break_on_hyphens=False,
        drop_whitespace=True,
    ) or [""]


def pack(head: str, items: Sequence[str], width: int, gap: str = "  ") -> list[str]:
    """``head`` then ``items`` separated by ``gap``, as lines of at most ``width``
    characters; an item (a unit such as ``[♥K ♥K ♥Q ♥Q]``, a choice) is never split, and the
    later lines are indented to where the first item starts."""
    indent = " " * len(head)
    lines: list[str] = []
    line = head
    for number, item in enumerate(items):
        if number and len(line) + len(gap) + len(item) > width:
            lines.append(line)
            line = indent + item
        else:
            line += (gap if number else "") + item
    lines.append(line)
    return lines


def read_move(prompt: str, *, source: IO[Any] | None = None, out: TextIO | None = None) -> str:
    """One line typed at ``prompt`` (written to ``out``, default stdout) from ``source``
    (default the bytes of stdin), without its line end, read in bounded pieces. Raises
    [`IllegalAction`][tuolaji.IllegalAction] for a line longer than a move can be (its rest is
    read and dropped, never kept), and `EOFError` at the end of input or for a line that goes on
    past [`MAX_LINE_BYTES`][tuolaji.tools.play_terminal.MAX_LINE_BYTES]; bytes that are not
    UTF-8 read as U+FFFD (the move is then refused as cards that cannot be read)."""
    if not isinstance(prompt, str):
        raise TypeError(f"prompt is a str, got {type(prompt).__name__}")
    stream = sys.stdout if out is None else out
    stream.write(prompt)
    stream.flush()
    reader: IO[Any] = getattr(sys.stdin, "buffer", sys.stdin) if source is None else source
    head = reader.readline(_HEAD)
    if not head:
        raise EOFError
    if len(head) == _HEAD and not _ends_line(head):
        dropped = len(head)
        while (rest := reader.readline(_CHUNK)) and not _ends_line(rest):
            dropped += len(rest)
            if dropped > MAX_LINE_BYTES:
                raise EOFError(
                    f"a line of more than {MAX_LINE_BYTES} bytes without a line end is not "
                    "a person typing: the game stops"
                )
        raise IllegalAction("R11", f"a move is at most {MAX_INPUT} characters; that line is longer")
    text = head.decode("utf-8", "replace") if isinstance(head, bytes) else head
    return text.rstrip("\r\n")


def _ends_line(piece: str | bytes) -> bool:
    if isinstance(piece, bytes):
        return piece.endswith(b"\n")
    return piece.endswith("\n")


def play_in_terminal(
    table: PlaySession,
    *,
    read_line: Callable[[str], str] | None = None,
    out: TextIO | None = None,
    width: int | None = None,
) -> None:
    """Play ``table`` at a prompt until the person quits or the match ends. ``read_line``
    reads a line (default [`read_move`][tuolaji.tools.play_terminal.read_move] from stdin):
    `EOFError` and `KeyboardInterrupt` from it end the game too and are raised to the caller,
    which saves the record. Lines are wrapped to ``width`` (default: the terminal's, see
    [`screen_width`][tuolaji.tools.play_terminal.screen_width]); the view is printed again
    only when the game has moved (a hint, a refused move or an empty line leave the message
    and the prompt as the last lines). Raises `TypeError` for a non-table or a width that is
    not an int."""
    if not isinstance(table, PlaySession):
        raise TypeError(f"table is a tuolaji.tools.table.PlaySession, got {type(table).__name__}")
    if width is not None and (isinstance(width, bool) or not isinstance(width, int)):
        raise TypeError(f"width is an int or None, got {type(width).__name__}")
    columns = screen_width(width)
    stream = sys.stdout if out is None else out
    if read_line is None:

        def read_line(prompt: str) -> str:
            return read_move(prompt, out=stream)

    def say(text: str = "") -> None:
        print(text, file=stream, flush=True)

    def show(lines: Sequence[str]) -> None:
        for line in lines:
            say(line)

    show(
        wrap(
            f"You are seat {table.seat} (team {table.seat % 2}, partner seat "
            f"{(table.seat + 2) % 4}).",
            columns,
        )
    )
    show(wrap(f"Keys: {KEYS}", columns))
    position = None
    # The game and state last shown: the view is printed again only once they change (a
    # move, a take-back, a new deal), so a message is never pushed off the screen by a copy
    # of what is already there. References, not ids: a freed state's id can come back.
    shown: tuple[object, object] | None = None
    while True:
        lines, position = table.news(position)
        for line in lines:
            show(wrap(f"  · {line}", columns))
        if table.deciding:
            now = (table.game, table.game.state)
            if shown is None or shown[0] is not now[0] or shown[1] is not now[1]:
                shown = now
                _show_decision(table, columns, say)
            prompt = f"seat {table.seat}> "
        elif table.game.over:
            say(f"team {table.game.results[-1].match_winner} wins the match")
            return
        else:
            prompt = "Enter: the next deal; q: quit> "
        text = _next_line(read_line, prompt, say)
        if text is None:
            continue
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


def _show_decision(table: PlaySession, width: int, say: Callable[[str], None]) -> None:
    """The person's side (team, partner, attack or declare, the points to take over), the
    view, the hand by suit and the choices of the person's decision now, wrapped to
    ``width``."""
    view = table.view
    say("")
    for line in wrap(str(table.side()), width):
        say(line)
    for line in str(view).splitlines():
        for piece in wrap(line, width, " " * 8):
            say(piece)
    for line in wrap("your hand by suit (tractors in [ ], pairs in ( )):", width):
        say(line)
    for line in render_hand(view.hand, table.hand_trump(), width=width - 2):
        say(f"  {line}")
    choices = table.choices()
    if choices.options:
        for line in pack("choices: ", choices.options, width):
            say(line)
    for line in wrap(choices.prompt, width):
        say(line)


def _next_line(
    read_line: Callable[[str], str], prompt: str, say: Callable[[str], None]
) -> str | None:
    """The next line, stripped; None for a line refused as it was read (said in one line).
    `EOFError` goes on to the caller, after its reason if it has one."""
    try:
        return read_line(prompt).strip()
    except EOFError as exc:
        if str(exc):
            say("")
            say(one_line(f"  {exc}"))
        raise
    except TuolajiError as exc:
        say("")
        say(one_line(f"  {exc}"))
        return None
