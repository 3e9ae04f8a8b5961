"""What the command line shows besides its results: the one progress bar (shared by
``simulate``, ``arena`` and ``bench``), the shortened echo of values a user typed, and a
hand sorted by suit (``deal`` and ``play``).

Every message that quotes a user's value (a path, an argument, a bot spec) quotes at most
[`ECHO_LIMIT`][tuolaji.tools.terminal.ECHO_LIMIT] characters of it, so a 100,000-character argument
gives a short line.
"""

from __future__ import annotations

import re
import sys
import time
from collections.abc import Sequence
from typing import TextIO

from tuolaji.core.cards import Card
from tuolaji.core.errors import cut
from tuolaji.core.shapes import units
from tuolaji.core.trump import Trump, effective_suit_name

__all__ = [
    "ECHO_LIMIT",
    "LINE_LIMIT",
    "ProgressBar",
    "card_text",
    "echo",
    "one_line",
    "render_hand",
    "shorten",
]

ECHO_LIMIT = 240
"""The most characters of a user's value (path, argument) an error message quotes."""

LINE_LIMIT = 1000
"""The most characters of one error line (a message that quotes several values)."""


def echo(value: object) -> str:
    """``value`` quoted for an error message: its ``repr``, at most
    [`ECHO_LIMIT`][tuolaji.tools.terminal.ECHO_LIMIT] characters, line breaks escaped (so the
    message stays one line)."""
    return cut(value, ECHO_LIMIT)


def shorten(text: str, limit: int = ECHO_LIMIT) -> str:
    """``text`` (a message that may quote a user's value, e.g. an exception's) unquoted, cut
    to at most ``limit`` characters (a longer text ends in ``...``)."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


_LONG_WORD = re.compile(rf"\S{{{ECHO_LIMIT + 1},}}")


def one_line(message: str) -> str:
    """``message`` as one line of at most [`LINE_LIMIT`][tuolaji.tools.terminal.LINE_LIMIT]
    characters: line breaks (and the other line separators) become spaces, every run of more than
    [`ECHO_LIMIT`][tuolaji.tools.terminal.ECHO_LIMIT] characters without a space is cut (so an echo
    made elsewhere, e.g. by argparse, is cut too), and a longer text ends in ``...``."""
    flat = " ".join(message.splitlines())
    flat = _LONG_WORD.sub(lambda m: shorten(m.group()), flat)
    return shorten(flat, LINE_LIMIT)


def card_text(cards: Sequence[Card], pretty: bool) -> str:
    """``cards`` separated by spaces: ``♥10 ♠A`` (``pretty``) or ``10H AS``."""
    return " ".join(card.pretty if pretty else str(card) for card in cards)


def render_hand(
    hand: Sequence[Card], trump: Trump, *, pretty: bool = True, width: int | None = None
) -> list[str]:
    """One line per effective suit, strongest first: tractors in ``[...]``, pairs in ``(...)``
    (R3.2-R3.3). With ``width``, a suit longer than that goes on over more lines, indented
    under its first card, a unit never split."""
    by_suit: dict[int, list[str]] = {}
    for unit in sorted(units(hand, trump), key=lambda u: (u.suit, -u.top, -u.pairs)):
        text = card_text(unit.cards, pretty)
        if unit.kind == "tractor":
            text = f"[{text}]"
        elif unit.kind == "pair":
            text = f"({text})"
        by_suit.setdefault(unit.suit, []).append(text)
    order = sorted(by_suit, key=lambda s: -1 if s == 4 else s)
    lines: list[str] = []
    for suit in order:
        line = f"{effective_suit_name(suit):>5}:"
        for unit_text in by_suit[suit]:
            if width is not None and len(line) > 7 and len(line) + 1 + len(unit_text) > width:
                lines.append(line)
                line = " " * 6
            line += " " + unit_text
        lines.append(line)
    return lines


class ProgressBar:
    """A progress bar on ``stream`` (default stderr), drawn only on a terminal and only once
    a run has taken ``delay`` seconds, at most every ``interval`` seconds.

    ``update(done, note)`` redraws it: ``[####....] done/total unit  rate/s  note`` (no bar
    when ``total`` is unknown). Call [`clear`][tuolaji.tools.terminal.ProgressBar.clear] before
    printing a result line so lines never run into the bar, and
    [`close`][tuolaji.tools.terminal.ProgressBar.close] at the end (it clears the bar too).
    """

    def __init__(
        self,
        total: int | None,
        unit: str = "deals",
        *,
        stream: TextIO | None = None,
        delay: float = 0.0,
        interval: float = 0.25,
    ) -> None:
        self.total = total
        self.unit = unit
        self.stream: TextIO = sys.stderr if stream is None else stream
        isatty = getattr(self.stream, "isatty", None)
        self.enabled = bool(isatty()) if callable(isatty) else False
        self.delay = delay
        self.interval = interval
        self.start = time.perf_counter()
        self.last = -float("inf")
        self.shown = False

    def update(self, done: int, note: str = "") -> None:
        """Show ``done`` of ``total`` (and ``note``); skipped when not on a terminal, before
        ``delay`` and within ``interval`` of the last drawing (except the final count)."""
        if not self.enabled:
            return
        now = time.perf_counter()
        final = self.total is not None and done >= self.total
        if now - self.start < self.delay or (now - self.last < self.interval and not final):
            return
        self.last = now
        self.shown = True
        rate = done / max(now - self.start, 1e-9)
        if self.total:
            filled = 24 * min(done, self.total) // self.total
            head = f"[{'#' * filled}{'.' * (24 - filled)}] {done}/{self.total} {self.unit}"
        else:
            head = f"{done} {self.unit}"
        self.stream.write(f"\r\x1b[K{head}  {rate:.1f}/s" + (f"  {note}" if note else ""))
        self.stream.flush()

    def clear(self) -> None:
        """Erase the bar (carriage return, clear to the end of the line) so that the next
        line printed starts clean; it is drawn again on the next
        [`update`][tuolaji.tools.terminal.ProgressBar.update]."""
        if self.shown:
            sys.stdout.flush()
            self.stream.write("\r\x1b[K")
            self.stream.flush()

    def close(self) -> None:
        """Erase the bar at the end of the run."""
        self.clear()
        self.shown = False
