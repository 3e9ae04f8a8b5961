"""``tuolaji play --serve`` in a real headless Chromium (issue 23): a whole deal played by
clicking cards and buttons, the served JSON and the page's DOM checked after every move for
cards the seat may not see, and the record downloaded at the end replayed by the engine."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from play_helpers import HUMAN, check_secret, new_table, served, typed, visible

import tuolaji as tl
from extras import launched_chromium
from tuolaji.core.scoring import take_over_points
from tuolaji.state.actions import AskRedeal, Bury, Declare, Pass, Play
from tuolaji.tools.table import FORCED_LINE, card_words

# The cards the page draws face up on the table, and the person's hand in its order.
READ = """(seat) => ({
  faces: [...document.querySelectorAll("#table use")].map((u) => u.getAttribute("href").slice(4))
    .filter((id) => id !== "back"),
  hand: [...document.querySelectorAll("#table .seat-" + seat + " use")]
    .map((u) => u.getAttribute("href").slice(4)),
  say: document.getElementById("say").textContent,
  text: document.body.innerText,
})"""


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    with launched_chromium() as browser:
        yield browser


def check_page(page: Any, table: Any) -> dict[str, Any]:
    """The page draws the person's hand in full and no face-up card beyond what the seat
    may see."""
    shown = page.evaluate(READ, HUMAN)
    view = table.view
    assert sorted(shown["hand"]) == sorted(str(c) for c in view.hand)
    over = Counter(shown["faces"]) - visible(view)
    assert not over, f"the page shows cards the seat cannot see: {over}"
    return dict(shown)


def click_move(page: Any, action: Any, hand: list[str]) -> Any:
    """Click what the person clicks for ``action``; the answer of the server."""
    if isinstance(action, Declare | Bury | Play):
        free = list(enumerate(hand))
        for card in action.cards:
            index = next(i for i, name in free if name == str(card))
            free = [(i, name) for i, name in free if i != index]
            # The left edge of a card stays visible under the next one.
            page.locator(f'#table use[data-index="{index}"]').click(position={"x": 5, "y": 40})
        button = "#go"
    elif isinstance(action, Pass):
        button = "#pass"
    else:
        assert isinstance(action, AskRedeal)
        button = "#choices button"
    with page.expect_response(lambda r: r.url.endswith("/act")) as answer:
        page.click(button)
    return answer.value


def test_a_whole_deal_by_clicking_never_shows_hidden_cards(chromium: Any, tmp_path: Path) -> None:
    table = new_table()
    person = tl.GreedyBot(seed=5)
    with served(table) as server:
        page = chromium.new_page(viewport={"width": 1400, "height": 900}, accept_downloads=True)
        page.set_default_timeout(120_000)
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.goto(server.url)
        page.wait_for_function("() => document.getElementById('say').textContent !== ''")
        embedded = "() => JSON.parse(document.getElementById('game').textContent).table"
        check_secret(page.evaluate(embedded), table)
        moves = 0
        while table.deciding:
            shown = check_page(page, table)
            actions = table.actions
            assert actions is not None
            choice = person.act(table.view, actions)
            response = click_move(page, choice, shown["hand"])
            assert response.status == 200, response.text()
            check_secret(response.json(), table)
            page.wait_for_function(
                "(n) => document.querySelectorAll('#table .seat-1 use').length === n",
                arg=len(table.view.hand),
            )
            moves += 1
        # The last tricks stay on the table for the pause (2 s by default), then the result.
        page.wait_for_function(
            "(want) => document.getElementById('say').textContent === want",
            arg=f"Result: {table.game.results[0]}",
        )
        shown = check_page(page, table)
        assert moves > 10
        # The last trick's card was the person's only play: the page says it was played for it.
        assert FORCED_LINE in (page.text_content("#notes") or "")
        assert FORCED_LINE in page.text_content("#log")
        # Mid-match the record holds the seed of the deals to come: the link says it ends the game.
        assert page.text_content("#record") == "download the record (ends the game)"
        with page.expect_download() as download:
            page.click("#record")
        path = tmp_path / "record.json"
        download.value.save_as(path)
        game = tl.replay(path.read_text("utf-8"))
        assert tl.write_record(game) == table.record()
        assert not errors, errors
        page.close()


def test_an_illegal_click_shows_the_rule_and_changes_nothing(chromium: Any) -> None:
    table = new_table()
    with served(table) as server:
        page = chromium.new_page(viewport={"width": 1400, "height": 900})
        page.set_default_timeout(120_000)
        page.goto(server.url)
        page.wait_for_function("() => document.getElementById('say').textContent !== ''")
        before = table.record()
        hand = check_page(page, table)["hand"]
        # Three cards when one follows the lead (seed 3: the person first acts on trick 1).
        for index in range(3):
            page.locator(f'#table use[data-index="{index}"]').click(position={"x": 5, "y": 40})
        with page.expect_response(lambda r: r.url.endswith("/act")) as answer:
            page.click("#go")
        assert answer.value.status == 422
        page.wait_for_function("() => document.getElementById('message').textContent !== ''")
        message = page.text_content("#message")
        assert message is not None and message.startswith("R")
        assert table.record() == before and check_page(page, table)["hand"] == hand
        with page.expect_response(lambda r: r.url.endswith("/hint")):
            page.click("#hint")
        # A function, not an expression: the page's CSP forbids the eval an expression needs
        # when Playwright polls it.
        page.wait_for_function(
            "() => document.getElementById('message').textContent.startsWith('hint')"
        )
        page.close()


# The page fits the window: nothing wider than it, no visible element past its right edge,
# and the main panels' boxes do not overlap.
FITS = """() => {
  const width = window.innerWidth, cut = [];
  for (const node of document.body.querySelectorAll("*")) {
    if (node.closest("#defs") || node.closest("script")) continue;
    const r = node.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    if (r.right > width + 0.5 || r.left < -0.5) cut.push(node.tagName + "#" + node.id);
  }
  const panels = ["header", "nav", "#info", "#table", "aside"].map((sel) => {
    const r = document.querySelector(sel).getBoundingClientRect();
    return [sel, r.left, r.top, r.right, r.bottom];
  });
  const overlaps = [];
  for (const a of panels) for (const b of panels) {
    if (a[0] < b[0] && Math.min(a[3], b[3]) - Math.max(a[1], b[1]) > 0.5 &&
        Math.min(a[4], b[4]) - Math.max(a[2], b[2]) > 0.5) overlaps.push(a[0] + " " + b[0]);
  }
  return {scroll: document.documentElement.scrollWidth, width: width, cut: cut,
    overlaps: overlaps};
}"""

# Every visible interactive element has an accessible name, and no id is used twice.
A11Y = """() => {
  const nameOf = (node) => {
    const label = node.getAttribute("aria-label") || node.getAttribute("title");
    if (label && label.trim()) return label.trim();
    if (node.id) {
      const l = document.querySelector('label[for="' + node.id + '"]');
      if (l && l.textContent.trim()) return l.textContent.trim();
    }
    return (node.textContent || "").trim();
  };
  const unnamed = [];
  const selector = "button, a[href], input, select, textarea, [role=button], [tabindex]";
  for (const node of document.querySelectorAll(selector)) {
    if (node.closest("[hidden]")) continue;
    if (!nameOf(node)) unnamed.push(node.outerHTML.slice(0, 80));
  }
  const ids = [...document.querySelectorAll("[id]")].map((n) => n.id);
  const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
  return {unnamed: unnamed, twice: twice};
}"""


SAYS = "(start) => document.getElementById('say').textContent.startsWith(start)"


def open_play(chromium: Any, server: Any, width: int = 1400, query: str = "") -> Any:
    page = chromium.new_page(viewport={"width": width, "height": 900})
    page.set_default_timeout(120_000)
    page.goto(server.url + query)
    page.wait_for_function("() => document.getElementById('say').textContent !== ''")
    return page


@pytest.mark.parametrize("width", [1024, 1280, 1920])
def test_the_play_page_fits_from_1024_to_1920_pixels(chromium: Any, width: int) -> None:
    with served(new_table()) as server:
        page = open_play(chromium, server, width)
        fits = page.evaluate(FITS)
        assert fits["scroll"] <= fits["width"], fits
        assert fits["cut"] == [] and fits["overlaps"] == [], fits
        page.close()


def test_the_finished_trick_stays_until_a_click_with_its_winner_and_points(
    chromium: Any,
) -> None:
    table = new_table()
    with served(table, trick_pause=-1) as server:
        page = open_play(chromium, server)
        tricks = len(table.view.tricks)
        actions = table.actions
        assert actions is not None
        choice = tl.GreedyBot().act(table.view, actions)
        with page.expect_response(lambda r: r.url.endswith("/act")):
            page.fill("#typed", typed(choice))
            page.press("#typed", "Enter")
        done = table.view.tricks[tricks]
        page.wait_for_function(SAYS, arg="Trick")
        say = page.text_content("#say")
        assert say is not None
        assert say.startswith(f"Trick {tricks + 1}: seat {done.winner} wins {done.points} points")
        marks = page.evaluate(
            "() => [...document.querySelectorAll('#table text.win')].map((t) => t.textContent)"
        )
        assert marks == [f"wins trick {tricks + 1}, {done.points}"]
        drawn = page.evaluate(
            """() => [0, 1, 2, 3].map((s) => [...document.querySelectorAll(
              '#table .trick-' + s + ' use')].map((u) => u.getAttribute('href').slice(4)))"""
        )
        for i, cards in enumerate(done.plays):
            assert drawn[(done.leader + i) % 4] == [str(c) for c in cards]
        assert page.is_visible("#cont")
        page.wait_for_timeout(300)  # no timer with "until a click"
        assert (page.text_content("#say") or "").startswith("Trick")
        page.click("#table", position={"x": 480, "y": 300})
        page.wait_for_function(SAYS, arg="Your")
        assert not page.is_visible("#cont")
        page.close()
        # ?pause=0 on the page's address: straight on.
        page = open_play(chromium, server, query="&pause=0")
        actions = table.actions
        assert actions is not None
        choice = tl.GreedyBot().act(table.view, actions)
        with page.expect_response(lambda r: r.url.endswith("/act")):
            page.fill("#typed", typed(choice))
            page.press("#typed", "Enter")
        page.wait_for_function(SAYS, arg="Your")
        assert (page.text_content("#say") or "").startswith("Your turn")
        page.close()


def test_the_side_and_the_score_to_reach_are_always_shown(chromium: Any) -> None:
    table = new_table()
    with served(table) as server:
        page = open_play(chromium, server, 1280)
        side = page.text_content("#side")
        assert side == str(table.side())
        assert f"take over with {take_over_points(table.view.rules)} points" in side
        assert page.is_visible("#side")
        page.close()


def test_keyboard_only_play_with_named_card_buttons(chromium: Any) -> None:
    table = new_table()
    with served(table, trick_pause=0) as server:
        page = open_play(chromium, server)
        checks = page.evaluate(A11Y)
        assert checks == {"unnamed": [], "twice": []}
        labels = page.evaluate(
            "(s) => [...document.querySelectorAll('#table .seat-' + s + ' use')]"
            ".map((u) => [u.getAttribute('role'), u.getAttribute('aria-label')])",
            HUMAN,
        )
        hand = table.hand_trump().sorted(table.view.hand)
        assert labels == [["button", card_words(c)] for c in hand]
        # Tab into the hand (one tab stop), arrows to the card, Enter picks it.
        for _ in range(30):
            page.keyboard.press("Tab")
            if page.evaluate("() => document.activeElement.getAttribute('data-index')") == "0":
                break
        assert page.evaluate("() => document.querySelectorAll('#table rect.focus').length") == 1
        actions = table.actions
        assert actions is not None
        choice = tl.GreedyBot().act(table.view, actions)
        assert isinstance(choice, tl.Play)
        free = list(range(len(hand)))
        at = 0
        for card in choice.cards:
            index = next(i for i in free if hand[i] == card)
            free.remove(index)
            for _ in range((index - at) % len(hand)):
                page.keyboard.press("ArrowRight")
            at = index
            page.keyboard.press("Enter")
            pressed = "(i) => document.querySelector('#table use[data-index=\"' + i + '\"]')"
            assert page.evaluate(pressed + ".getAttribute('aria-pressed')", index) == "true"
        for _ in range(15):
            page.keyboard.press("Shift+Tab")
            if page.evaluate("() => document.activeElement.id") == "go":
                break
        outline = page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
        assert outline != "none"
        with page.expect_response(lambda r: r.url.endswith("/act")) as answer:
            page.keyboard.press("Enter")
        assert answer.value.status == 200, answer.value.text()
        assert len(table.view.hand) == len(hand) - len(choice.cards)
        # The hand's drawing names its suits in text, not by colour alone.
        assert page.evaluate("() => document.getElementById('tl-AS').textContent").count("♠")
        page.close()
