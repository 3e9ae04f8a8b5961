"""The replay viewer in a real headless Chromium (issue 20): step through a whole match with
the keys and check what the page shows against the record — each bid, the burial, each
trick's cards, leader, winner and points, the failed throws, the kitty and the score — and
that the layout stays put, no card hides another card's index or a label, and the page's
text holds no card-drawing noise."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from play_helpers import SIZES, check_boxes
from test_play_browser import FITS
from test_viewer import finished_states, short_match

import tuolaji as tl
from extras import launched_chromium
from tuolaji.state.actions import Declared, ThrowFailed
from tuolaji.state.pictures import INDEX_HEIGHT, card_label
from tuolaji.tools.analysis import analyze_game
from tuolaji.tools.viewer import game_frames, replay_html

# What the page shows now, read in one go: the status lines, each card group's cards (by
# drawing id) and places, the text labels' boxes, and the layout's boxes.
READ = """() => {
  const text = (id) => document.getElementById(id).textContent;
  const groups = {};
  for (const g of document.querySelectorAll("#table g")) {
    groups[g.getAttribute("class")] = [...g.querySelectorAll("use")].map((u) => ({
      id: u.getAttribute("href").slice(4), label: u.getAttribute("aria-label"),
      x: +u.getAttribute("x"), y: +u.getAttribute("y")}));
  }
  const labels = [...document.querySelectorAll("#table text")].map((t) => {
    const b = t.getBBox();
    return {text: t.textContent, x: b.x, y: b.y, w: b.width, h: b.height};
  });
  const box = (sel) => {
    const r = document.querySelector(sel).getBoundingClientRect();
    return [r.x, r.y, r.width, r.height];
  };
  return {deal: text("deal"), trick: text("trick"), points: text("points"), say: text("say"),
    notes: text("notes"), result: text("result"), groups: groups, labels: labels,
    layout: [box("#table"), box("aside"), box("#say"), box("#log"),
      document.documentElement.scrollHeight]};
}"""

# The index of each card drawing (its first two texts: rank and suit; a joker's word
# "JOKER", turned down its left edge), measured in the browser's own font from a visible
# copy, relative to the card.
INDEX_BOXES = """() => {
  const table = document.getElementById("table"), boxes = {};
  for (const def of document.querySelectorAll("#defs g[id]")) {
    const all = [...def.querySelectorAll("text")];
    const texts = all.length && all[0].textContent === "JOKER" ? all.slice(0, 1) : all.slice(0, 2);
    if (texts.length === 0) continue;
    const copy = document.createElementNS("http://www.w3.org/2000/svg", "g");
    texts.forEach((t) => copy.appendChild(t.cloneNode(true)));
    table.appendChild(copy);
    const b = copy.getBBox();
    boxes[def.id.slice(3)] = [b.x, b.y, b.width, b.height];
    copy.remove();
  }
  return boxes;
}"""


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    with launched_chromium() as browser:
        yield browser


@pytest.fixture(scope="module")
def match(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, tl.Game]:
    game = short_match()
    path = tmp_path_factory.mktemp("viewer") / "match.html"
    path.write_text(replay_html(game, "a match"), encoding="utf-8")
    return path, game


def open_page(chromium: Any, path: Path, fragment: str = "") -> tuple[Any, list[str]]:
    errors: list[str] = []
    page = chromium.new_page(viewport={"width": 1400, "height": 900})
    page.set_default_timeout(120_000)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{path.as_uri()}#{fragment}")
    page.wait_for_function("() => document.getElementById('deal').textContent !== ''")
    return page, errors


def overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    """Boxes (x, y, width, height) share some area."""
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def card_box(use: dict[str, Any]) -> tuple[float, float, float, float]:
    return (use["x"], use["y"], tl.svg.CARD_WIDTH, tl.svg.CARD_HEIGHT)


def hidden_indexes(shown: dict[str, Any], index: dict[str, list[float]]) -> list[str]:
    """Cards whose index a card drawn later covers, or a label covers or crosses."""
    hidden = []
    for name, uses in shown["groups"].items():
        for i, use in enumerate(uses):
            x, y, w, h = index[use["id"]] if use["id"] != "back" else (0, 0, 0, 0)
            box = (use["x"] + x, use["y"] + y, w, h)
            if w and any(overlap(box, card_box(later)) for later in uses[i + 1 :]):
                hidden.append(f"{name} {use['label']} under a card")
            for label in shown["labels"]:
                where = (label["x"], label["y"], label["w"], label["h"])
                if overlap(where, card_box(use)):
                    hidden.append(f"label {label['text']!r} on {name} {use['label']}")
    return hidden


def check_trick(shown: dict[str, Any], trick: Any, number: int, where: str) -> None:
    """The trick's cards by seat, with their names; "led" at the leader, "wins N" at the
    winner; the step's line names the leader first."""
    for i, cards in enumerate(trick.plays):
        group = shown["groups"][f"trick-{(trick.leader + i) % 4}"]
        assert [u["id"] for u in group] == [str(c) for c in cards], where
        assert [u["label"] for u in group] == [card_label(c) for c in cards], where
    marks = {label["text"] for label in shown["labels"]}
    won = f"wins {trick.points}"
    assert (f"led, {won}" if trick.leader == trick.winner else "led") in marks, where
    assert trick.leader == trick.winner or won in marks, where
    assert shown["say"].startswith(f"trick {number}: seat {trick.leader} "), where


@pytest.mark.slow
def test_stepping_through_a_match_shows_the_record(chromium: Any, match: tuple[Path, Any]) -> None:
    path, game = match
    deals, lasts = game_frames(game), finished_states(game)
    points = {}  # (deal, tricks done) -> the attackers' points when that trick was won
    for state in reversed(list(game.history)):
        points[state.deal_number, len(state.tricks)] = state.attacker_points
    page, errors = open_page(chromium, path)
    try:
        index = page.evaluate(INDEX_BOXES)
        assert len(index) == 54 and index["10H"][3] <= INDEX_HEIGHT
        layouts = set()
        for number, (deal, last) in enumerate(zip(deals, lasts, strict=True), start=1):
            bids = iter(e for e in last.events if isinstance(e, Declared))
            failed = iter(e for e in last.events if isinstance(e, ThrowFailed))
            for step, frame in enumerate(deal["frames"]):
                if number > 1 or step > 0:
                    page.keyboard.press("ArrowRight")
                shown = page.evaluate(READ)
                layouts.add((*map(tuple, shown["layout"][:4]), shown["layout"][4]))
                where = f"deal {number} step {step}"
                assert (shown["deal"], shown["trick"]) == (str(number), str(frame["tricks"]))
                assert hidden_indexes(shown, index) == [], where
                hands = [[u["id"] for u in shown["groups"][f"seat-{s}"]] for s in range(4)]
                assert hands == frame["hands"], where
                if frame["shown"] is not None:  # a bid, overturn or counter (R4, R5.2)
                    bid = next(bids)
                    group = shown["groups"][f"shown-{bid.seat}"]
                    assert [u["id"] for u in group] == [str(c) for c in bid.cards], where
                    assert shown["say"].startswith(f"seat {bid.seat} "), where
                if " buries " in frame["say"]:  # the burier's view: the buried cards
                    kitty = [u["id"] for u in shown["groups"]["kitty"]]
                    assert Counter(kitty) == Counter(map(str, last.kitty)), where
                for note in frame["notes"]:  # a failed throw (R6.4), with its penalty (R6.5)
                    event = next(failed)
                    assert note in shown["notes"], where
                    assert tl.format_hand(event.attempt) in shown["notes"], where
                if step == len(deal["frames"]) - 1:
                    break
                assert shown["result"] == "", where
                if frame["trick"]:
                    check_trick(shown, last.tricks[frame["tricks"] - 1], frame["tricks"], where)
                    assert shown["points"] == str(points[number - 1, frame["tricks"]]), where
                    assert shown["groups"]["kitty"][0]["id"] == "back", where
            end = page.evaluate(READ)
            assert last.result is not None
            check_trick(end, last.tricks[-1], len(last.tricks), "the end")
            assert end["result"] == f"Result: {last.result}"
            assert end["points"] == str(last.result.attacker_points)
            assert Counter(u["id"] for u in end["groups"]["kitty"]) == Counter(map(str, last.kitty))
            assert next(bids, None) is None and next(failed, None) is None
        assert len(layouts) == 1, "the page moved while stepping"
        assert errors == []
    finally:
        page.close()


def test_the_text_layer_names_cards_and_holds_no_drawings(
    chromium: Any, match: tuple[Path, Any]
) -> None:
    path, game = match
    page, errors = open_page(chromium, path, "deal=1&trick=1")
    try:
        lines = page.inner_text("body").splitlines()
        drawing = {"J", "O", "K", "E", "R", "SMALL", "BIG", "♠", "♥", "♣", "♦"}
        drawing |= {rank.label for rank in tl.Rank}
        assert not [line for line in lines if line.strip() in drawing]
        assert page.get_attribute("#defs", "aria-hidden") == "true"
        snapshot = page.locator("#table").aria_snapshot()
        first = game_frames(game)[0]["frames"]
        trick = next(f for f in first if f["trick"])
        card = tl.Card.parse(trick["trick"]["plays"][0][0])
        assert f'img "{card_label(card)}"' in snapshot
        assert "JOKER" not in snapshot and "SMALL" not in snapshot
        assert errors == []
    finally:
        page.close()


def test_the_fragment_and_the_buttons(chromium: Any, match: tuple[Path, Any]) -> None:
    path, game = match
    deals = game_frames(game)
    page, errors = open_page(chromium, path, "deal=2&trick=3")
    try:
        assert page.text_content("#deal") == "2" and page.text_content("#trick") == "3"
        frame = next(f for f in deals[1]["frames"] if f["trick"] and f["tricks"] == 3)
        assert page.text_content("#points") == str(frame["points"])
        page.goto(f"{path.as_uri()}#click=last,first,next:2,nextdeal,prevdeal")
        assert page.text_content("#deal") == "1" and page.text_content("#trick") == "0"
        page.goto(f"{path.as_uri()}#keys=End,ArrowUp,ArrowRight:2")
        assert page.text_content("#deal") == str(len(deals) - 1)
        assert page.text_content("#say") == deals[-2]["frames"][2]["say"]
        page.goto(f"{path.as_uri()}#deal=1&step=0")
        assert page.text_content("#say") == deals[0]["frames"][0]["say"]
        assert errors == []
    finally:
        page.close()


def test_a_notebook_table_shows_no_drawing_text(chromium: Any, tmp_path: Path) -> None:
    """``GameState._repr_html_`` in a page: the text is the table's labels, and the cards
    are drawn (they have a size) though their drawings are defined out of sight."""
    state, rng = tl.GameState.new("tuolaji", seed=7), random.Random(1)
    while state.phase is not tl.Phase.PLAYING:
        state = state.apply(state.legal_actions().sample(rng))
    path = tmp_path / "notebook.html"
    path.write_text(f"<html><body>{state._repr_html_()}</body></html>", encoding="utf-8")
    page = chromium.new_page()
    try:
        page.goto(path.as_uri())
        lines = [line for line in page.inner_text("body").splitlines() if line.strip()]
        assert len(lines) == 5 and all(line.startswith(("seat ", "playing")) for line in lines)
        width = page.evaluate("document.querySelector('g.seat-0 use').getBBox().width")
        assert width == tl.svg.CARD_WIDTH
    finally:
        page.close()


@pytest.mark.parametrize("width", [1024, 1280, 1920])
def test_the_viewer_fits_from_1024_to_1920_pixels(
    chromium: Any, match: tuple[Path, Any], width: int
) -> None:
    path, _ = match
    page, errors = open_page(chromium, path, "deal=1&trick=3")
    page.set_viewport_size({"width": width, "height": 900})
    fits = page.evaluate(FITS)
    assert fits["scroll"] <= fits["width"], fits
    assert fits["cut"] == [] and fits["overlaps"] == [], fits
    assert not errors, errors
    page.close()


def test_no_empty_box_under_the_message(chromium: Any, match: tuple[Path, Any]) -> None:
    """Every box drawn beside the table (a background of its own) holds some text: the
    failed-throw notes and the result share the message's box."""
    path, _ = match
    page, _ = open_page(chromium, path, "deal=1&trick=3")
    empty = page.evaluate(
        """() => [...document.querySelectorAll("aside *")].filter((n) => {
          const s = getComputedStyle(n);
          return s.backgroundColor !== "rgba(0, 0, 0, 0)" && n.textContent.trim() === "";
        }).map((n) => n.tagName + "#" + n.id)"""
    )
    assert page.text_content("#notes") == "" and page.text_content("#result") == ""
    assert empty == []
    page.close()


@pytest.fixture(scope="module")
def analysed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, tl.Game, Any]:
    game = short_match()
    analyses = analyze_game(game, 1, worlds=1)
    path = tmp_path_factory.mktemp("viewer") / "analysed.html"
    path.write_text(replay_html(game, "analysed", analyses=analyses), encoding="utf-8")
    return path, game, analyses


@pytest.mark.slow
def test_the_analysis_marks_each_trick_of_the_seat(
    chromium: Any, analysed: tuple[Path, tl.Game, Any], match: tuple[Path, Any]
) -> None:
    """Issue 32, item 5: at each trick, the review of seat 1's play shows under the step's
    line ("best: trick 3: seat 1 played ♠4, best plays ♠K: costs 15 (!)"), in red when
    flagged, and the log marks the trick; before the first trick the line sums the deal up.
    The page keeps its layout."""
    path, _, analyses = analysed
    page, errors = open_page(chromium, path)
    plain, _ = open_page(chromium, match[0])
    try:
        summary = page.text_content("#review")
        flagged = len(analyses[0].flagged)
        assert (
            summary == f"best judges seat 1's plays (1 world): {flagged} cost more than 10 points"
        )
        reviews = [r for r in analyses[0].reviews if r.flagged][:2] + list(analyses[0].reviews[:2])
        for review in reviews:
            page.goto(f"{path.as_uri()}#deal=1&trick={review.trick}")
            assert page.text_content("#review") == f"best: {review}"
            assert page.get_attribute("#review", "class") == ("flag" if review.flagged else "")
            now = page.locator("#log li.now")
            assert now.text_content().endswith(f" [seat 1: {review.mark()}]")
            assert ("flag" in (now.get_attribute("class") or "").split()) == review.flagged
            shown = page.evaluate(READ)
            plain.goto(f"{match[0].as_uri()}#deal=1&trick={review.trick}")
            assert shown["layout"] == plain.evaluate(READ)["layout"]
        assert errors == []
    finally:
        page.close()
        plain.close()


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_viewer_fits_and_grows_with_the_window(
    chromium: Any, match: tuple[Path, tl.Game], size: tuple[int, int], tmp_path: Path
) -> None:
    """Issue 43: at 1024x768, 1280x800 and 1920x1080 no part of the viewer is drawn over
    another or past the window (the step's text and the log scroll in their boxes); at 1920
    the table and the log's text grow (the page stopped at about 1430 px); and the bar says
    which team attacks."""
    path, game = match
    page = chromium.new_page(viewport={"width": size[0], "height": size[1]})
    page.goto(f"{path.as_uri()}#deal=1&trick=12")
    page.wait_for_function("() => document.getElementById('deal').textContent !== ''")
    boxes = check_boxes(page, f"viewer at {size}", scrolls=("log", "status"))
    page.screenshot(path=str(tmp_path / f"viewer-{size[0]}x{size[1]}.png"))
    dealer = finished_states(game)[0].dealer
    team = 1 - dealer % 2
    assert page.text_content("#attack") == f"team {team} (seats {team} and {team + 2}) attacks"
    if size[0] >= 1920:
        assert boxes["table"] >= 1250 and boxes["used"] >= 0.95 * size[0], boxes
        assert boxes["log"] >= 15, boxes
    page.close()
