"""Issue #18: one progress bar (``tuolaji.tools.terminal.ProgressBar``) for ``simulate``,
``arena`` and ``bench``: drawn only on a terminal, never into a pipe, erased before result
lines and at the end."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest

from tuolaji.tools import terminal
from tuolaji.tools.cli import main
from tuolaji.tools.terminal import ProgressBar


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[float]]:
    now = [0.0]
    monkeypatch.setattr(terminal.time, "perf_counter", lambda: now[0])
    yield now


def test_nothing_is_drawn_off_a_terminal(clock: list[float]) -> None:
    stream = io.StringIO()
    bar = ProgressBar(10, stream=stream)
    clock[0] = 100.0
    bar.update(5)
    bar.close()
    assert stream.getvalue() == ""


def test_the_bar_waits_for_its_delay_then_draws_at_most_every_interval(
    clock: list[float],
) -> None:
    stream = Terminal()
    bar = ProgressBar(10, "deals", stream=stream, delay=2.0, interval=1.0)
    bar.update(1)
    assert stream.getvalue() == ""  # before the delay
    clock[0] = 2.5
    bar.update(2, "note")
    assert "[####" in stream.getvalue() and "2/10 deals" in stream.getvalue()
    assert stream.getvalue().endswith("note")
    drawn = stream.getvalue()
    clock[0] = 2.6
    bar.update(3)
    assert stream.getvalue() == drawn  # within the interval
    bar.update(10)
    assert "10/10 deals" in stream.getvalue()  # the final count is always drawn
    bar.close()
    assert stream.getvalue().endswith("\r\x1b[K")


def test_an_unknown_total_counts_without_a_bar(clock: list[float]) -> None:
    stream = Terminal()
    bar = ProgressBar(None, "deals", stream=stream)
    clock[0] = 1.0
    bar.update(7)
    assert "7 deals" in stream.getvalue() and "] " not in stream.getvalue()


def test_bench_shows_the_same_bar(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(terminal.sys.stderr, "isatty", lambda: True)
    ticks = iter(range(0, 100_000, 5))
    monkeypatch.setattr(terminal.time, "perf_counter", lambda: float(next(ticks)))
    assert main(["bench", "--deals", "1", "--repeat", "2", "--workloads", "W1,W2"]) == 0
    err = capsys.readouterr().err
    assert "4/4 runs" in err and err.endswith("\r\x1b[K")
