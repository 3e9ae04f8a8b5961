"""The play page as a person meets it (issue 43), in a real headless Chromium at 1024x768,
1280x800 and 1920x1080: element boxes that never overlap and are never clipped (a second
row of choices, a long refusal), one moment of the deal at a time (a finished trick shown
again with the hands, the count, the points, the log and the notes of that moment, and no
choice of the next one), a forced play's note naming its card in another colour than a
refusal, the page growing with a wide window, and a closed page saving ``--record``.
Screenshots of each size are left in the test's temporary folder for a person to look at."""

from __future__ import annotations

import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from play_helpers import HUMAN, SIZES, check_boxes, new_table, one_move, served, start_server, typed

import tuolaji as tl
from extras import launched_chromium
from tuolaji.tools.table import FORCED_LINE, PlaySession

pytestmark = pytest.mark.slow  # a few Chromium pages; about 10 s


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    with launched_chromium() as browser:
        yield browser


def moved(table: PlaySession, moves: int) -> PlaySession:
    """``table`` after the person's first ``moves`` moves (greedy ones)."""
    bot = tl.GreedyBot()
    for _ in range(moves):
        actions = table.actions
        assert actions is not None
        table.act(bot.act(table.view, actions))
    return table


def open_page(chromium: Any, server: Any, size: tuple[int, int]) -> Any:
    page = chromium.new_page(viewport={"width": size[0], "height": size[1]})
    page.set_default_timeout(120_000)
    page.goto(server.url)
    page.wait_for_function("() => document.getElementById('say').textContent !== ''")
    return page


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_choices_on_two_rows_and_a_long_refusal_fit_their_boxes(
    chromium: Any, size: tuple[int, int], tmp_path: Path
) -> None:
    # Seed 3, the person's ninth move: 12 follows listed, two rows of buttons at any width.
    table = moved(new_table(), 8)
    assert len(table.choices().options) == 12
    with served(table) as server:
        page = open_page(chromium, server, size)
        rows = page.evaluate(
            "() => new Set([...document.querySelectorAll('#choices button')]"
            ".map((b) => Math.round(b.getBoundingClientRect().top))).size"
        )
        assert rows >= 2
        check_boxes(page, "12 choices")
        # The card-syntax error for ZZ is long: it is shown whole, inside its box.
        with page.expect_response(lambda r: r.url.endswith("/act")) as answer:
            page.fill("#typed", "ZZ")
            page.press("#typed", "Enter")
        assert answer.value.status == 422
        page.wait_for_function("() => document.getElementById('message').textContent !== ''")
        message = page.text_content("#message") or ""
        assert message == answer.value.json()["error"] and len(message) > 80
        boxes = check_boxes(page, "a long refusal")
        page.screenshot(path=str(tmp_path / f"play-{size[0]}x{size[1]}.png"))
        if size[0] == 1024:
            check_chinese_drawn(page, message)
        if size[0] >= 1920:
            # A wide window is used: the table grows past 960 px, the log's text too.
            assert boxes["table"] >= 1250 and boxes["used"] >= 0.95 * size[0], boxes
            assert boxes["log"] >= 15, boxes
        page.close()


def check_chinese_drawn(page: Any, message: str) -> None:
    """The message's Chinese (``小王, 大王``) is drawn with the page's own font, with or
    without a CJK font on the machine: the embedded face loads, and each character's pixels
    differ from a private-use code point's (U+E000, the box a missing glyph shows)."""
    assert "小王" in message and "大王" in message
    loaded = page.evaluate(
        """async () => (await document.fonts.load('40px "tuolaji CJK"', '小王大王'))
          .map((f) => f.status)"""
    )
    assert loaded == ["loaded"], loaded
    page.evaluate(
        """() => ['小', '王', '大', '\ue000'].forEach((c, i) => {
          const span = document.createElement('span');
          span.id = 'glyph-' + i; span.textContent = c;
          span.style.cssText = 'font-size: 40px; display: inline-block; padding: 4px';
          document.getElementById('message').appendChild(span);
        })"""
    )
    *chinese, tofu = [page.locator(f"#glyph-{i}").screenshot() for i in range(4)]
    assert tofu not in chinese and len(set(chinese)) == 3


# What the page shows now: the drawn hand, the tricks drawn on the table, the count, the
# points, the log, the notes and whether choices are offered.
SCREEN = """(seat) => ({
  hand: [...document.querySelectorAll("#table .seat-" + seat + " use")]
    .map((u) => u.getAttribute("href").slice(4)),
  played: [0, 1, 2, 3].map((s) => [...document.querySelectorAll("#table .trick-" + s + " use")]
    .map((u) => u.getAttribute("href").slice(4))),
  tricks: document.getElementById("trick").textContent,
  points: document.getElementById("points").textContent,
  log: [...document.querySelectorAll("#log li")].map((li) => li.textContent),
  notes: document.getElementById("notes").textContent,
  say: document.getElementById("say").textContent,
  choices: !document.getElementById("choices").hidden &&
    document.querySelectorAll("#choices button").length > 0,
  typer: !document.getElementById("typer").hidden,
  go: !document.getElementById("go").hidden,
  notesColour: getComputedStyle(document.getElementById("notes")).color,
  messageColour: getComputedStyle(document.getElementById("message")).color,
})"""


def states_after_tricks(table: PlaySession) -> dict[int, tl.GameState]:
    """The first state of the deal with N tricks finished, for each N (from the history, not
    from what the page is sent)."""
    deal = table.game.state.deal_number
    found: dict[int, tl.GameState] = {}
    for state in table.game.history:
        if state.deal_number == deal:
            found.setdefault(len(state.tricks), state)
    return found


def test_a_finished_trick_is_shown_with_its_own_moment_only(chromium: Any) -> None:
    """The person's move before the last trick: its trick is shown again, then the last one,
    played for the person (one card each): the screen holds one moment at a time."""
    table = new_table()
    moves = 0
    while table.deciding and len(table.view.hand) > 2:
        moved(table, 1)
        moves += 1
    assert table.deciding and len(table.view.hand) == 2
    with served(table, trick_pause=-1) as server:
        page = open_page(chromium, server, (1280, 800))
        actions = table.actions
        assert actions is not None
        choice = tl.GreedyBot().act(table.view, actions)
        before = len(table.view.tricks)
        with page.expect_response(lambda r: r.url.endswith("/act")):
            page.fill("#typed", typed(choice))
            page.press("#typed", "Enter")
        assert table.view.result is not None  # the last trick was the person's only play
        states = states_after_tricks(table)
        lines = table.news()[0]
        for number in (before + 1, before + 2):
            page.wait_for_function(
                "(n) => document.getElementById('say').textContent.startsWith('Trick ' + n)",
                arg=number,
            )
            screen = page.evaluate(SCREEN, HUMAN)
            then = states[number]
            trick = then.tricks[-1]
            # The table: this trick only, the hand as it was just after it.
            for i, cards in enumerate(trick.plays):
                assert screen["played"][(trick.leader + i) % 4] == [str(c) for c in cards]
            assert screen["hand"] == [str(c) for c in table.hand_trump().sorted(then.hands[HUMAN])]
            # The bar and the log: the same moment, nothing after it, no choice of later.
            assert screen["tricks"] == str(number)
            assert screen["points"] == str(then.attacker_points)
            won = f"seat {trick.winner} wins trick {number} (+{trick.points} points)"
            assert screen["log"][-1] == won and screen["log"] == lines[: len(screen["log"])]
            assert not screen["choices"] and not screen["typer"] and not screen["go"]
            forced = [line for line in lines if line.startswith(FORCED_LINE)]
            if number == before + 1:
                assert FORCED_LINE not in screen["notes"]  # told with its own trick
            else:
                # The forced play names its card, in a colour that is not a refusal's.
                card = tl.format_hand(trick.plays[(HUMAN - trick.leader) % 4])
                assert f"{FORCED_LINE}: {card}" in forced
                assert f"{FORCED_LINE}: {card}" in screen["notes"]
                assert screen["notesColour"] != screen["messageColour"]
            check_boxes(page, f"trick {number} shown again")
            page.click("#cont")
        page.wait_for_function(
            "() => document.getElementById('say').textContent.startsWith('Result')"
        )
        screen = page.evaluate(SCREEN, HUMAN)
        assert screen["log"] == lines and screen["tricks"] == str(before + 2)
        page.close()


def test_closing_the_page_saves_the_record_of_a_live_server(chromium: Any, tmp_path: Path) -> None:
    """``play --serve --record FILE``: a move, the page closed (the server is told), the
    record is on disk at once; a SIGTERM later writes it again, whole."""
    record = tmp_path / "game.json"
    proc, url = start_server(record)
    try:
        page = chromium.new_page(viewport={"width": 1280, "height": 800})
        page.set_default_timeout(120_000)
        page.goto(url)
        page.wait_for_function("() => document.getElementById('say').textContent !== ''")
        one_move(url)
        assert not record.exists()
        page.goto("about:blank")  # the page goes away: its pagehide tells the server
        page.close()
        game = None
        deadline = time.monotonic() + 30
        while game is None and time.monotonic() < deadline:
            if record.exists():
                game = tl.replay(record.read_text("utf-8"), partial=True)
            time.sleep(0.05)
        assert game is not None, "the record was not saved when the page closed"
        assert any(a.seat == HUMAN for a in game.actions[-1] if isinstance(a, tl.Play))
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 143, err
    assert "the page was closed: saved the record" in out
    assert tl.replay(record.read_text("utf-8"), partial=True).seed == 3
