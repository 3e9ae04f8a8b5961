"""``tuolaji play --serve`` in a real headless Chromium (issue 23): a whole deal played by
clicking cards and buttons, the served JSON and the page's DOM checked after every move for
cards the seat may not see, and the record downloaded at the end replayed by the engine."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from play_helpers import HUMAN, check_secret, new_table, served, visible

import tuolaji as tl
from extras import launched_chromium
from tuolaji.state.actions import AskRedeal, Bury, Declare, Pass, Play

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
        shown = check_page(page, table)
        assert shown["say"] == f"Result: {table.game.results[0]}"
        assert moves > 10
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
