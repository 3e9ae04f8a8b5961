"""Pictures: SVG of hands, tricks and tables; Jupyter reprs; a seat's table hides the
other hands (issue 13, item 4)."""

from __future__ import annotations

import itertools
import random
import re
import xml.etree.ElementTree as ET

import pytest

import tuolaji as tl
from tuolaji.state.pictures import INDEX_HEIGHT, SIDE_ROW, STEP, hand_slots

NS = "{http://www.w3.org/2000/svg}"


def uses(svg_text: str, group: str | None = None) -> list[str]:
    """The card drawings placed (``tl-10H``, ``tl-back``), optionally within one group."""
    root = ET.fromstring(svg_text)
    scope = root
    if group is not None:
        found = [g for g in root.iter(f"{NS}g") if g.get("class") == group]
        assert len(found) == 1, group
        scope = found[0]
    return [u.get("href", "").lstrip("#") for u in scope.iter(f"{NS}use")]


def playing_state(seed: int = 7, plays: int = 6) -> tl.GameState:
    rng = random.Random(seed)
    s = tl.GameState.new("tuolaji", seed=seed)
    while s.phase is not tl.Phase.PLAYING:
        s = s.apply(s.legal_actions().sample(rng))
    for _ in range(plays):
        s = s.apply(s.legal_actions().sample(rng))
    return s


def test_hand_draws_every_card_once_sorted_by_the_trump() -> None:
    trump = tl.Trump(tl.Rank.TEN, tl.Suit.SPADES)
    cards = tl.parse_cards("3S BJ 10H KH KH")
    assert uses(tl.svg.hand(cards, trump)) == ["tl-BJ", "tl-10H", "tl-3S", "tl-KH", "tl-KH"]
    assert uses(tl.svg.hand(cards)) == [tl.svg.card_id(c) for c in cards]


def test_card_defs_hold_all_54_faces_and_the_back() -> None:
    root = ET.fromstring(f"<svg xmlns='http://www.w3.org/2000/svg'>{tl.svg.card_defs()}</svg>")
    ids = {g.get("id") for g in root.iter(f"{NS}g") if g.get("id")}
    assert ids == {tl.svg.card_id(c) for c in tl.CARDS} | {"tl-back"}


def test_trick_labels_each_seat_from_the_leader() -> None:
    plays = [tl.parse_cards("KH KH"), tl.parse_cards("3H 4H")]
    text = tl.svg.trick(plays, leader=3)
    assert uses(text) == ["tl-KH", "tl-KH", "tl-3H", "tl-4H"]
    assert "seat 3" in text and "seat 0" in text


def test_table_shows_every_hand_and_the_current_trick() -> None:
    s = playing_state()
    text = tl.svg.table(s)
    for seat in range(4):
        assert sorted(uses(text, f"seat-{seat}")) == sorted(
            tl.svg.card_id(c) for c in s.hands[seat]
        )
    for i, cards in enumerate(s.trick):
        seat = (s.leader + i) % 4
        assert uses(text, f"trick-{seat}") == [tl.svg.card_id(c) for c in cards]
    assert f"attackers {s.attacker_points}" in text


def test_a_seats_table_hides_the_other_hands() -> None:
    s = playing_state()
    for seat in range(4):
        for picture in (tl.svg.table(s, seat=seat), s.view(seat)._repr_svg_()):
            for other in range(4):
                placed = uses(picture, f"seat-{other}")
                if other == seat:
                    assert sorted(placed) == sorted(tl.svg.card_id(c) for c in s.hands[seat])
                else:
                    assert placed == ["tl-back"] * len(s.hands[other])


def test_jupyter_reprs() -> None:
    s = playing_state()
    assert s._repr_svg_() == tl.svg.table(s)
    assert s._repr_html_().startswith("<div><svg")
    assert s.view(2)._repr_html_().startswith("<div><svg")
    fresh = tl.GameState.new("shuangsheng", seed=1)
    ET.fromstring(fresh._repr_svg_())  # well-formed before any card is dealt
    assert "trump not fixed" in fresh._repr_svg_()


# --- readable hands (issue 20): no card hides another's index, no label lies on a card ------

# Upper bounds of DejaVu Sans / Arial advances, in em: the widest bold capital (Q) and the
# card suits stay under 0.9 em; a label's average character under 0.7 em.
WIDEST = 0.9
AVERAGE = 0.7
Box = tuple[float, float, float, float]


def overlap(a: Box, b: Box) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def index_boxes() -> dict[str, Box]:
    """Each drawing's index (its first two texts: rank and suit; a joker's whole word
    "JOKER", turned a quarter down its left edge), relative to the card, from the text's
    place, size and (when squeezed) textLength."""
    root = ET.fromstring(f"<svg xmlns='http://www.w3.org/2000/svg'>{tl.svg.card_defs()}</svg>")
    boxes: dict[str, Box] = {}
    for g in root.iter(f"{NS}g"):
        texts = list(g.iter(f"{NS}text"))[:2]
        if not texts:
            continue
        turned = re.fullmatch(
            r"translate\((\S+) (\S+)\) rotate\(90\)", texts[0].get("transform", "")
        )
        if turned:  # the glyphs' tops face right: from -0.25 em to 1 em across, textLength down
            assert texts[0].text == "JOKER"
            size = float(texts[0].get("font-size", "0"))
            tx, ty = float(turned.group(1)), float(turned.group(2))
            length = float(texts[0].get("textLength") or 5 * WIDEST * size)
            boxes[g.get("id", "")] = (tx - 0.25 * size, ty, 1.25 * size, length)
            continue
        parts = []
        for t in texts:
            size = float(t.get("font-size", "0"))
            width = float(t.get("textLength") or len(t.text or "") * WIDEST * size)
            x, y = float(t.get("x", "0")), float(t.get("y", "0"))
            parts.append((x, y - size, x + width, y + 0.25 * size))
        left, top = min(p[0] for p in parts), min(p[1] for p in parts)
        boxes[g.get("id", "")] = (
            left,
            top,
            max(p[2] for p in parts) - left,
            max(p[3] for p in parts) - top,
        )
    return boxes


def covered(svg_text: str) -> list[str]:
    """Every card index that a card drawn later covers, and every label on a card."""
    root = ET.fromstring(svg_text)
    index = index_boxes()
    size = (tl.svg.CARD_WIDTH, tl.svg.CARD_HEIGHT)
    found = []
    cards: list[Box] = []
    for g in root.iter(f"{NS}g"):
        if not (g.get("class") or "").startswith(("seat-", "trick-")):
            continue
        placed = [
            (u.get("href", "").lstrip("#"), float(u.get("x", "0")), float(u.get("y", "0")))
            for u in g.iter(f"{NS}use")
        ]
        for i, (card, x, y) in enumerate(placed):
            cards.append((x, y, *size))
            if card == "tl-back":
                continue
            ix, iy, w, h = index[card]
            mine = (x + ix, y + iy, w, h)
            for later, lx, ly in placed[i + 1 :]:
                if overlap(mine, (lx, ly, *size)):
                    found.append(f"{g.get('class')}: {card} under {later}")
    for t in root.iter(f"{NS}text"):
        if t.get("fill") != "#f4f4f4":  # the table's own labels
            continue
        fs, text = float(t.get("font-size", "0")), t.text or ""
        width = len(text) * AVERAGE * fs
        x = float(t.get("x", "0")) - (width / 2 if t.get("text-anchor") == "middle" else 0)
        box = (x, float(t.get("y", "0")) - fs, width, 1.25 * fs)
        found += [f"label {text!r} on a card" for c in cards if overlap(box, c)]
    return found


def test_the_index_boxes_are_measured() -> None:
    boxes = index_boxes()
    assert len(boxes) == 54
    assert boxes["tl-10H"][0] + boxes["tl-10H"][2] <= STEP
    assert boxes["tl-QS"][3] <= INDEX_HEIGHT


def test_no_card_hides_another_s_index_on_the_table() -> None:
    # At the start of play (25 cards a hand), during play, with the dealer's 33 cards before
    # the burial, and a hand of many tens at a side.
    rng = random.Random(3)
    s = tl.GameState.new("tuolaji", seed=3)
    pictures = []
    while s.phase is not tl.Phase.PLAYING:
        if s.phase is tl.Phase.BURYING:
            pictures.append(tl.svg.table(s))
        s = s.apply(s.legal_actions().sample(rng))
    pictures += [tl.svg.table(s), tl.svg.table(playing_state(plays=9))]
    pictures.append(tl.svg.table(TensEverywhere()))
    assert len(pictures) == 4
    for picture in pictures:
        assert covered(picture) == []


class TensEverywhere:
    """A table (the :class:`tuolaji.svg.Table` protocol) where every seat holds 25 tens and
    every seat has played two tens to the trick: the widest index in every place."""

    phase = tl.Phase.PLAYING
    dealer = 0
    trump = tl.Trump(tl.Rank.TWO, tl.Suit.SPADES)
    levels = (tl.Rank.TWO, tl.Rank.TWO)
    leader = 1
    trick = tuple(tuple(tl.parse_cards("10H 10H")) for _ in range(4))
    attacker_points = 0
    tens = tuple(tl.parse_cards(" ".join(["10H", "10S", "10C", "10D"] * 6 + ["10H"])))

    def table_hands(self, seat: int | None = None) -> tl.svg.SeatedHands:
        return tl.svg.SeatedHands(0, (self.tens,) * 4)


def test_the_check_finds_a_hidden_index() -> None:
    squeezed = tl.svg.table(TensEverywhere()).replace("x='32'", "x='20'", 1)
    assert covered(squeezed) != []


def test_side_hands_are_rows_of_side_row_cards() -> None:
    slots = hand_slots(1, 25)
    rows = sorted({y for _, y in slots})
    assert len(rows) == 4 and all(b - a == INDEX_HEIGHT for a, b in itertools.pairwise(rows))
    assert [sum(1 for _, y in slots if y == r) for r in rows] == [SIDE_ROW, SIDE_ROW, SIDE_ROW, 1]


def test_each_card_is_named_and_the_drawings_are_out_of_the_text() -> None:
    s = playing_state()
    root = ET.fromstring(tl.svg.table(s, seat=1))
    names = {tl.svg.card_id(c): tl.svg.card_label(c) for c in tl.CARDS}
    names["tl-back"] = "a card face down"
    placed = list(root.iter(f"{NS}use"))
    assert len(placed) == sum(len(h) for h in s.hands) + sum(len(p) for p in s.trick)
    for use in placed:
        assert use.get("role") == "img" and use.get("aria-label") == names[use.get("href")[1:]]
    (hidden,) = [e for e in root if e.get("display") == "none"]
    assert hidden.get("aria-hidden") == "true" and hidden.find(f"{NS}defs") is not None


# --- the docs' pictures (#34 item 1) -------------------------------------------------------


def texts(svg_text: str) -> list[str]:
    """The words written on a picture, not those of the card drawings in its ``<defs>``."""
    return ["".join(t.itertext()) for t in ET.fromstring(svg_text).findall(f"{NS}text")]


def test_a_trick_picture_marks_its_winner_and_says_each_play() -> None:
    P = tl.parse_cards
    plays = [P("5D 4D 4D"), P("9S 7S 7S"), P("8S 8S 4S")]
    # trick_winner counts from the leader; the picture's winner is a seat.
    winner = (3 + tl.trick_winner(plays, tl.Trump(tl.Rank.TWO, tl.Suit.SPADES))) % 4
    picture = tl.svg.trick(plays, leader=3, notes=["leads", "ruffs", "over-ruffs"], winner=winner)
    words = texts(picture)
    assert winner == 1 and "over-ruffs, wins" in words and "ruffs" in words
    assert ET.fromstring(picture).find(f"{NS}title").text == "trick won by seat 1"
    assert uses(picture) == [f"tl-{c}" for p in plays for c in p]


def test_a_trick_picture_without_notes_is_as_before() -> None:
    picture = tl.svg.trick([tl.parse_cards("KH KH")], leader=2)
    assert texts(picture) == ["seat 2"] and "wins" not in picture


def test_a_trick_picture_refuses_notes_that_do_not_match_its_plays() -> None:
    with pytest.raises(tl.ConfigurationError, match="notes has one text per play"):
        tl.svg.trick([tl.parse_cards("KH")], notes=["a", "b"])


def test_rows_of_cards_caption_each_row_and_escape_the_words() -> None:
    picture = tl.svg.rows(
        [("a <pair> & more", tl.parse_cards("KH KH")), ("a sum, no cards", ())], "t & t"
    )
    assert texts(picture) == ["a <pair> & more", "a sum, no cards"]
    assert ET.fromstring(picture).find(f"{NS}title").text == "t & t"
    assert uses(picture) == ["tl-KH", "tl-KH"]


def test_the_level_chart_has_one_bar_per_band_coloured_by_who_declares_next() -> None:
    for name in ("tuolaji", "tuolaji-tournament", "shuangsheng-super"):
        bands = tl.RULESETS[name].level_table
        root = ET.fromstring(tl.svg.level_chart(bands, top=400))
        bars = [r for r in root.iter(f"{NS}rect") if r.get("class") == "band"]
        assert len(bars) == len(bands), name
        for bar, band in zip(bars, bands, strict=True):
            assert (bar.get("fill") == "#2c5f9e") == band.declarers_keep
            assert bar.find(f"{NS}title").text.startswith(f"{band.min_points}+ points")


@pytest.mark.parametrize(
    ("call", "error", "words"),
    [
        (lambda: tl.svg.rows("abc"), TypeError, "lines is a sequence"),
        (lambda: tl.svg.rows([("x", "KH")]), TypeError, "parse_cards"),
        (lambda: tl.svg.rows([(3, tl.parse_cards("KH"))]), TypeError, "caption"),
        (lambda: tl.svg.rows([], 5), TypeError, "title is a str"),
        (lambda: tl.svg.level_chart([1, 2]), TypeError, "LevelBand"),
        (lambda: tl.svg.level_chart((), top="x"), TypeError, "top is an int"),
        (lambda: tl.svg.level_chart((), top=0), tl.ConfigurationError, "R9.1"),
        (lambda: tl.svg.trick("KH"), TypeError, "plays is a sequence"),
        (lambda: tl.svg.trick(["KH"]), TypeError, "parse_cards"),
        (lambda: tl.svg.trick([tl.parse_cards("KH")], notes="a"), TypeError, "notes"),
        (lambda: tl.svg.trick([tl.parse_cards("KH")], winner="0"), TypeError, "winner"),
        (lambda: tl.svg.trick([tl.parse_cards("KH")], winner=9), tl.ConfigurationError, "R1.3"),
    ],
)
def test_the_new_pictures_refuse_bad_arguments_by_name(
    call: object, error: type[Exception], words: str
) -> None:
    with pytest.raises(error, match=words):
        call()  # type: ignore[operator]


def test_a_jokers_word_is_never_under_another_card() -> None:
    """Issue 43: the side hands' rows (INDEX_HEIGHT apart) cut "JOKER" after "JOK". The
    whole word lies in the corner no card covers: one STEP across, INDEX_HEIGHT down."""
    boxes = index_boxes()
    for joker in ("tl-BJ", "tl-SJ"):
        left, top, width, height = boxes[joker]
        assert left >= 0 and top >= 0, boxes[joker]
        assert left + width <= STEP and top + height <= INDEX_HEIGHT, boxes[joker]
